"""kubesim: what would the kubelet do? A discrete-event model of Kubernetes probe judgements.

The engine takes validated plain objects (`ProbedContainer`, a `Behaviour`, a
`KubeletProfile`) and returns a `Timeline`; loaders read YAML/traces at one edge, `report`
formats at the other.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .behaviour import HEALTHY, Answer, AnswerError, Behaviour, Window
from .errors import BehaviourError, KubesimError, SpecError, UsageError
from .manifests import load_containers, load_spec, select_container
from .profile import PROFILES, BackoffRequeue, KubeletProfile, profile_from
from .report import render_json, render_text, to_document
from .results import Outcome, ProbeType, Result
from .scenario import Scenario, load_scenario
from .simulate import grid_cycle, simulate
from .spec import (ContainerSpec, HandlerKind, Probe, ProbedContainer, RestartPolicy, Target,
                   parse_probe)
from .timeline import (ContainerRecord, EventRecord, KillRecord, ProbeRecord, ReadyChange,
                       Summary, Timeline)
from .trace import CensoredMode, RestartMode, Trace, load_trace

try:
    __version__ = version("kubesim")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "Answer", "AnswerError", "BackoffRequeue", "Behaviour", "BehaviourError", "CensoredMode",
    "ContainerRecord", "ContainerSpec", "EventRecord", "HEALTHY", "HandlerKind", "KillRecord",
    "KubeletProfile", "KubesimError", "Outcome", "PROFILES", "Probe", "ProbeRecord", "ProbeType",
    "ProbedContainer", "ReadyChange", "RestartMode", "RestartPolicy", "Result", "Scenario",
    "SpecError", "Summary", "Target", "Timeline", "Trace", "UsageError", "Window", "grid_cycle",
    "load_containers", "load_scenario", "load_spec", "load_trace", "parse_probe", "profile_from",
    "render_json", "render_text", "select_container", "simulate", "to_document",
]
