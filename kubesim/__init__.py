"""kubesim: what would the kubelet do? A discrete-event model of Kubernetes probe judgements.

The engine takes validated plain objects (`ProbedContainer`, a `Behaviour`, a
`KubeletProfile`) and returns a `Timeline`; loaders read YAML/traces at one edge, `report`
formats at the other.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kubesim import compiled as _compiled
from kubesim._version import __version__

# before any kubelet or engine module loads: compiled, or (a stale build, KUBESIM_PURE=1) source
_compiled.activate()

# public name -> the module that defines it; imported on first use (PEP 562), so that
# `import kubesim` and `kubesim --help` load neither numpy, simpy nor pydantic
_WHERE = {
    "Answer": "kubesim.behaviour.answer",
    "AnswerError": "kubesim.behaviour.answer",
    "BackoffRequeue": "kubesim.kubelet.settings",
    "Behaviour": "kubesim.behaviour.answer",
    "BehaviourBase": "kubesim.behaviour.answer",
    "BehaviourError": "kubesim.errors",
    "CensoredMode": "kubesim.behaviour.trace",
    "ContainerRecord": "kubesim.timeline",
    "ContainerSpec": "kubesim.spec.model",
    "EventRecord": "kubesim.timeline",
    "ExplainOptions": "kubesim.explain.engine",
    "Explanation": "kubesim.explain.model",
    "HEALTHY": "kubesim.behaviour.answer",
    "HandlerKind": "kubesim.spec.model",
    "KillRecord": "kubesim.timeline",
    "KubeletProfile": "kubesim.kubelet.settings",
    "KubesimError": "kubesim.errors",
    "Outcome": "kubesim.results",
    "PROFILES": "kubesim.kubelet.settings",
    "Probe": "kubesim.spec.model",
    "ProbeRecord": "kubesim.timeline",
    "ProbeType": "kubesim.results",
    "ProbedContainer": "kubesim.spec.model",
    "RecordError": "kubesim.errors",
    "ReadyChange": "kubesim.timeline",
    "RenderError": "kubesim.errors",
    "RenderOptions": "kubesim.spec.sources",
    "RestartMode": "kubesim.behaviour.trace",
    "RestartPolicy": "kubesim.spec.model",
    "Result": "kubesim.results",
    "Scenario": "kubesim.behaviour.scenario",
    "SpecError": "kubesim.errors",
    "Summary": "kubesim.timeline",
    "Target": "kubesim.spec.model",
    "Timeline": "kubesim.timeline",
    "Trace": "kubesim.behaviour.trace",
    "UsageError": "kubesim.errors",
    "Window": "kubesim.behaviour.answer",
    "grid_cycle": "kubesim.engine.simulate",
    "explain_pods": "kubesim.explain.engine",
    "explain_records": "kubesim.explain.engine",
    "load_containers": "kubesim.spec.manifests",
    "load_scenario": "kubesim.behaviour.scenario",
    "load_spec": "kubesim.spec.manifests",
    "load_trace": "kubesim.behaviour.trace",
    "parse_probe": "kubesim.spec.model",
    "profile_from": "kubesim.kubelet.settings",
    "read_record": "kubesim.explain.readers.read",
    "render_json": "kubesim.render.report",
    "render_text": "kubesim.render.report",
    "select_container": "kubesim.spec.manifests",
    "simulate": "kubesim.engine.simulate",
    "to_document": "kubesim.render.report",
}

__all__ = sorted(_WHERE)

if TYPE_CHECKING:
    from kubesim.behaviour.answer import (
        HEALTHY,
        Answer,
        AnswerError,
        Behaviour,
        BehaviourBase,
        Window,
    )
    from kubesim.behaviour.scenario import Scenario, load_scenario
    from kubesim.behaviour.trace import CensoredMode, RestartMode, Trace, load_trace
    from kubesim.engine.simulate import grid_cycle, simulate
    from kubesim.errors import (
        BehaviourError,
        KubesimError,
        RecordError,
        RenderError,
        SpecError,
        UsageError,
    )
    from kubesim.explain.engine import ExplainOptions, explain_pods, explain_records
    from kubesim.explain.model import Explanation
    from kubesim.explain.readers.read import read_record
    from kubesim.kubelet.settings import PROFILES, BackoffRequeue, KubeletProfile, profile_from
    from kubesim.render.report import render_json, render_text, to_document
    from kubesim.results import Outcome, ProbeType, Result
    from kubesim.spec.manifests import load_containers, load_spec, select_container
    from kubesim.spec.model import (
        ContainerSpec,
        HandlerKind,
        Probe,
        ProbedContainer,
        RestartPolicy,
        Target,
        parse_probe,
    )
    from kubesim.spec.sources import RenderOptions
    from kubesim.timeline import (
        ContainerRecord,
        EventRecord,
        KillRecord,
        ProbeRecord,
        ReadyChange,
        Summary,
        Timeline,
    )


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'kubesim' has no attribute {name!r}")
    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
