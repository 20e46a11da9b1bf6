"""`kubectl drain` of a node under a PodDisruptionBudget (docs/controller-rules.md C4-C7, D1-D2).

At `DrainSettings.at` the drain asks the eviction API to evict every pod of the workload on the
node (`pods`: the first replicas), each in its own loop as kubectl does. An eviction is granted
when the budget allows it (C6: a Ready pod needs disruptionsAllowed > 0, a pod that is not
Ready passes while the budget is healthy, or always with AlwaysAllow); the API server counts it
at once, so evictions at the same instant see each other (D1). A refused eviction is tried
again 5 s later (C7). An evicted pod is deleted: it terminates through its kubelet (preStop,
SIGTERM, grace), and its ReplicaSet creates a replacement on another node at once, which runs
`pod_start_seconds` later (D2). Healthy pods are the workload's Ready pods that are not being
deleted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.kubelet.scheduler import URGENT
from kubesim.errors import UsageError
from kubesim.fleet.controllers import DRAIN_RETRY_SECONDS, desired_healthy, may_evict
from kubesim.fleet.rollout import run_with_controllers
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.api_rules import pdb_problem

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.controllers import IntOrPercent
    from kubesim.fleet.rollout import RolloutPod, RolloutRun
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["DrainSettings", "simulate_drain"]


@dataclass(frozen=True)
class DrainSettings:
    """Which pods a drain evicts and the budget that guards them."""

    at: float
    pods: int  # the workload's pods on the drained node
    min_available: IntOrPercent | None = None  # the PDB (none given: no budget)
    max_unavailable: IntOrPercent | None = None
    always_allow: bool = False  # unhealthyPodEvictionPolicy: AlwaysAllow
    pod_start_seconds: float = 2.0  # replacement created -> its first container runs

    def __post_init__(self) -> None:
        if not (math.isfinite(self.at) and self.at >= 0):
            raise UsageError(f"drain at={self.at!r} must be a number of seconds >= 0")
        if isinstance(self.pods, bool) or not isinstance(self.pods, int) or self.pods < 1:
            raise UsageError(f"drain pods={self.pods!r} must be a whole number >= 1")
        if not (math.isfinite(self.pod_start_seconds) and self.pod_start_seconds >= 0):
            raise UsageError(f"drain pod_start_seconds={self.pod_start_seconds!r} must be a "
                             "number of seconds >= 0")
        problem = pdb_problem(self.min_available, self.max_unavailable)  # V4
        if problem is not None:
            raise UsageError(f"PodDisruptionBudget {problem}")


class _Drain:
    """kubectl drain's eviction loops and the eviction API's budget check."""

    def __init__(self, sched: Any, run: RolloutRun, make: Any, drain: DrainSettings) -> None:
        self.sched, self.run, self.make, self.drain = sched, run, make, drain
        self.replicas = run.settings.replicas

    def _healthy(self) -> int:
        return sum(p.ready_since(self.sched.now) is not None for p in self.run.pods
                   if p.deleted_at is None)

    def _desired(self) -> int:
        d = self.drain
        if d.min_available is None and d.max_unavailable is None:
            return 0
        pods = sum(p.deleted_at is None for p in self.run.pods)
        return desired_healthy(min_available=d.min_available, max_unavailable=d.max_unavailable,
                               scale=self.replicas, pods=pods)

    def loop(self) -> Any:
        yield self.drain.at, URGENT
        waiting = [p for p in self.run.pods[:self.drain.pods]]
        while waiting:
            now = self.sched.now
            refused = []
            for p in waiting:  # one instant: each granted eviction is counted at once (D1)
                ready = p.ready_since(now) is not None
                if may_evict(ready=ready, healthy=self._healthy(), desired=self._desired(),
                             always_allow=self.drain.always_allow):
                    self._evict(p, now)
                else:
                    refused.append(p)
            if refused:
                self.run.actions.append(
                    (now, f"{len(refused)} eviction{'s' * (len(refused) != 1)} refused by the "
                          "PodDisruptionBudget; retry in 5 s"))
            waiting = refused
            if waiting:
                yield DRAIN_RETRY_SECONDS, URGENT  # C7
        self.run.outcome["completed_at"] = self.sched.now
        self.run.actions.append((self.sched.now, "drain complete: every pod evicted"))

    def _evict(self, p: RolloutPod, now: float) -> None:
        p.delete(now)
        self.run.pods.append(self.make("old", now))  # the ReplicaSet replaces it (D2)
        self.run.actions.append((now, f"evicted a pod; its replacement runs at "
                                      f"{now + self.drain.pod_start_seconds:g} s"))


def simulate_drain(pod: ProbedContainer, behaviour: Behaviour, settings: FleetSettings,
                   drain: DrainSettings, *, duration: float = 600.0, seed: int = 0,
                   profile: KubeletProfile = CLASSIC, engine: str = "fast",
                   record_probes: bool = True) -> RolloutRun:
    """The fleet of `pod`, with a node drained at `drain.at`."""
    if not drain.at < duration:
        raise UsageError(f"drain at={drain.at:g} must be within the run (< {duration:g})")
    if not drain.pod_start_seconds < duration:
        raise UsageError(f"pod_start_seconds={drain.pod_start_seconds:g} must be shorter than "
                         f"the run ({duration:g} s): a replacement would never run")
    if drain.pods > settings.replicas:
        raise UsageError(f"drain pods={drain.pods} must be at most the {settings.replicas} "
                         "replicas")
    return run_with_controllers(
        {"old": (pod, behaviour)}, settings,
        lambda sched, run, make: _Drain(sched, run, make, drain).loop(),
        duration=duration, seed=seed, profile=profile, engine=engine,
        record_probes=record_probes, pod_start_seconds=drain.pod_start_seconds, drain=drain)
