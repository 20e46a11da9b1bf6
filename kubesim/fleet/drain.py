"""`kubectl drain` of a fleet's node, or of any set of its pods, under a PodDisruptionBudget
(docs/controller-rules.md C4-C7, D1-D4): `eviction.Drain` on the workload's controller.
`simulate_drain` is `workload.simulate_workload` with a drain and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.fleet.control import Version
from kubesim.fleet.records import ControlledRun
from kubesim.fleet.settings import DrainSettings
from kubesim.fleet.workload import simulate_workload
from kubesim.kubelet.settings import CLASSIC

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["ControlledRun", "DrainSettings", "simulate_drain"]


def simulate_drain(pod: ProbedContainer, behaviour: Behaviour, settings: FleetSettings,
                   drain: DrainSettings, *, duration: float = 600.0, seed: int = 0,
                   profile: KubeletProfile = CLASSIC, engine: str = "fast",
                   record_probes: bool = True) -> ControlledRun:
    """The fleet of `pod`, drained at `drain.at`."""
    return simulate_workload({"old": Version(pod, lambda _: behaviour, 1)}, settings,
                             workload=pod.object_name, drain=drain, duration=duration,
                             seed=seed, profile=profile, engine=engine,
                             record_probes=record_probes)
