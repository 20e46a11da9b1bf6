"""A Deployment's rolling update, on the replicas' kubelets (docs/controller-rules.md C2, C3, R1-R5).

The fleet starts with `replicas` pods of the old template (as `kubesim fleet` starts them). At
`RolloutSettings.at` the template changes and the Deployment controller (`rolling.go`
rolloutRolling) reconciles, each time it looks (every `controller_seconds`):

* scale the new ReplicaSet up while all pods (old + new, not terminating) stay within
  replicas + maxSurge (NewRSNewReplicas);
* scale old ReplicaSets down: first their unavailable pods, as far as allPods - minAvailable -
  newUnavailable allows (cleanupUnhealthyReplicas), then while the available pods stay above
  minAvailable = replicas - maxUnavailable (scaleDownOldReplicaSetsForRollingUpdate).

A pod is available once Ready for minReadySeconds. A ReplicaSet scaled down deletes its pods
in the ReplicaSet controller's order (not yet running, not Ready, Ready for the shortest time);
a deleted pod terminates through its kubelet (preStop, SIGTERM, grace). A new pod's first
container runs `pod_start_seconds` after the ReplicaSet created it (scheduling, image pull).
No progress for progressDeadlineSeconds marks the rollout as stalled (ProgressDeadlineExceeded;
the controller keeps trying, as the real one does).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from kubesim.kubelet.scheduler import URGENT
from kubesim.engine.simulate import launch_pod, make_scheduler
from kubesim.errors import UsageError
from kubesim.fleet.controllers import rolling_fenceposts
from kubesim.fleet.records import FleetRun
from kubesim.fleet.run import start_times
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.api_rules import deployment_timing_problem, rolling_update_problem

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.engine.simulate import PodHandle
    from kubesim.fleet.controllers import IntOrPercent
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["RolloutPod", "RolloutRun", "RolloutSettings", "run_with_controllers",
           "simulate_rollout"]


@dataclass(frozen=True)
class RolloutSettings:
    """The Deployment's strategy and the controllers' timing."""

    at: float  # when the new template is applied
    max_surge: IntOrPercent | None = None  # None: the API default, 25 %
    max_unavailable: IntOrPercent | None = None
    min_ready_seconds: int = 0
    progress_deadline_seconds: int = 600
    pod_start_seconds: float = 2.0  # ReplicaSet creates a pod -> its first container runs
    controller_seconds: float = 1.0  # how often the controller looks (an estimate)
    recreate: bool = False  # strategy Recreate: every old pod gone before a new one is made

    def __post_init__(self) -> None:
        for name in ("at", "pod_start_seconds", "controller_seconds"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise UsageError(f"rollout {name}={value!r} must be a number of seconds >= 0")
        if self.controller_seconds <= 0:
            raise UsageError("rollout controller_seconds must be > 0")
        # the API server's rules for the Deployment (docs/controller-rules.md V1-V3)
        problem = deployment_timing_problem(self.min_ready_seconds,
                                            self.progress_deadline_seconds)
        if problem is None and not self.recreate:
            problem = rolling_update_problem(self.max_surge, self.max_unavailable)
        if problem is not None:
            raise UsageError(problem)


@dataclass
class RolloutPod:
    """One pod of the Deployment: which template, when created and deleted."""

    version: str  # "old" | "new"
    created_at: float
    handle: PodHandle
    deleted_at: float | None = None

    def running(self, now: float) -> bool:
        return self.handle.kubelet is not None

    def ready_since(self, now: float) -> float | None:
        """Since when the pod has been Ready (None: not Ready, or being deleted)."""
        if self.deleted_at is not None or self.handle.kubelet is None:
            return None
        changes = self.handle.timeline.ready
        if not changes or not changes[-1].ready:
            return None
        return changes[-1].at

    def delete(self, now: float) -> None:
        """The API deletes the pod now: it terminates through its kubelet, or never starts."""
        self.deleted_at = now
        if self.handle.kubelet is None:
            self.handle.cancelled = True
        else:
            self.handle.kubelet.delete()

    def available(self, now: float, min_ready: int) -> bool:
        since = self.ready_since(now)
        return since is not None and now - since >= min_ready


@dataclass(frozen=True)
class RolloutRun(FleetRun):
    """A fleet run whose pods came and went: `pods` in creation order (their timelines are
    `timelines`), and what the controller did."""

    pods: list[RolloutPod] = field(default_factory=list)
    rollout: RolloutSettings | None = None
    drain: Any = None  # drain.DrainSettings of a drained fleet
    surge: int = 0
    unavailable: int = 0
    outcome: dict[str, float | None] = field(default_factory=dict)  # completed_at, stalled_at
    actions: list[tuple[float, str]] = field(default_factory=list)

    @property
    def completed_at(self) -> float | None:
        """When the last old pod was gone and every new one available (None: not in the run)."""
        return self.outcome.get("completed_at")

    @property
    def deadline_exceeded_at(self) -> float | None:
        """When progressDeadlineSeconds passed without progress (None: it did not)."""
        return self.outcome.get("deadline_exceeded_at")


class _Controller:
    """The Deployment and ReplicaSet controllers of one rollout."""

    def __init__(self, sched: Any, run: RolloutRun, make: Any) -> None:
        self.sched, self.run, self.make = sched, run, make
        rs = run.rollout
        assert rs is not None
        self.rs = rs
        self.desired = run.settings.replicas
        self.last_progress = rs.at
        self.last_available = 0

    def loop(self) -> Any:
        yield self.rs.at, URGENT
        while True:
            self.reconcile()
            if self.run.completed_at is not None:
                return
            yield self.rs.controller_seconds, URGENT

    def _live(self, version: str) -> list[RolloutPod]:
        return [p for p in self.run.pods if p.version == version and p.deleted_at is None]

    def reconcile(self) -> None:
        if self.rs.recreate:
            self._recreate()
            return
        now, run, desired = self.sched.now, self.run, self.desired
        min_ready = self.rs.min_ready_seconds
        old, new = self._live("old"), self._live("new")
        # NewRSNewReplicas: surge above the desired count, never more new pods than desired
        scale_up = min(desired + run.surge - len(old) - len(new), desired - len(new))
        for _ in range(max(0, scale_up)):
            run.pods.append(self.make("new", now))
            self.last_progress = now
        if scale_up > 0:
            run.actions.append((now, f"scaled new ReplicaSet up to {len(new) + scale_up}"))
        new = self._live("new")
        min_available = desired - run.unavailable
        new_unavailable = sum(not p.available(now, min_ready) for p in new)
        max_scaled_down = len(old) + len(new) - min_available - new_unavailable
        cleaned = 0
        if max_scaled_down > 0:  # cleanupUnhealthyReplicas
            for p in [p for p in old if not p.available(now, min_ready)][:max_scaled_down]:
                self._delete(p, now)
                cleaned += 1
        old = self._live("old")
        available = sum(p.available(now, min_ready) for p in old + new)
        if available > min_available:  # scaleDownOldReplicaSetsForRollingUpdate
            for p in self._delete_order(old)[:available - min_available]:
                self._delete(p, now)
                cleaned += 1
        if cleaned:
            run.actions.append((now, f"scaled old ReplicaSet down to {len(self._live('old'))}"))
        self._progress(now)

    def _recreate(self) -> None:
        """rolloutRecreate: scale the old ReplicaSet to 0, wait until no old pod runs, then
        scale the new one up to the desired count."""
        now, run = self.sched.now, self.run
        old = self._live("old")
        for p in old:
            self._delete(p, now)
        if old:
            run.actions.append((now, "scaled old ReplicaSet down to 0"))
        gone = all(p.handle.kubelet is None or (p.handle.timeline.termination is not None
                                                and p.handle.timeline.termination.stopped_at
                                                is not None)
                   for p in run.pods if p.version == "old")
        new = self._live("new")
        if gone and not new:
            for _ in range(self.desired):
                run.pods.append(self.make("new", now))
            run.actions.append((now, f"scaled new ReplicaSet up to {self.desired}"))
            self.last_progress = now
        self._progress(now)

    def _progress(self, now: float) -> None:
        run, min_ready = self.run, self.rs.min_ready_seconds
        done_new = sum(p.available(now, min_ready) for p in self._live("new"))
        if done_new > self.last_available:
            self.last_progress, self.last_available = now, done_new
        if (not self._live("old") and done_new == self.desired
                and len(self._live("new")) == self.desired):
            run.outcome["completed_at"] = now
            run.actions.append((now, "rollout complete"))
        elif (run.deadline_exceeded_at is None
              and now - self.last_progress > self.rs.progress_deadline_seconds):
            run.outcome["deadline_exceeded_at"] = now
            run.actions.append((now, "ProgressDeadlineExceeded: the rollout stalled"))

    def _delete_order(self, pods: list[RolloutPod]) -> list[RolloutPod]:
        """The ReplicaSet controller's order: not running, not Ready, Ready the shortest."""
        now = self.sched.now

        def rank(p: RolloutPod) -> tuple[int, float, float]:
            if p.handle.kubelet is None:
                return 0, 0.0, -p.created_at
            since = p.ready_since(now)
            if since is None:
                return 1, 0.0, -p.created_at
            return 2, -since, -p.created_at
        return sorted(pods, key=rank)

    def _delete(self, p: RolloutPod, now: float) -> None:
        p.delete(now)


def simulate_rollout(old_pod: ProbedContainer, new_pod: ProbedContainer,
                     old_behaviour: Behaviour, new_behaviour: Behaviour,
                     settings: FleetSettings, rollout: RolloutSettings, *,
                     duration: float = 600.0, seed: int = 0,
                     profile: KubeletProfile = CLASSIC, engine: str = "fast",
                     record_probes: bool = True) -> RolloutRun:
    """Run the fleet of `old_pod`, then roll it to `new_pod` at `rollout.at`."""
    if not rollout.at < duration:
        raise UsageError(f"rollout at={rollout.at:g} must be within the run (< {duration:g})")
    if not rollout.pod_start_seconds < duration:
        raise UsageError(f"pod_start_seconds={rollout.pod_start_seconds:g} must be shorter "
                         f"than the run ({duration:g} s): a new pod would never run")
    surge, unavailable = ((0, settings.replicas) if rollout.recreate else
                          rolling_fenceposts(rollout.max_surge, rollout.max_unavailable,
                                             settings.replicas))
    return run_with_controllers(
        {"old": (old_pod, old_behaviour), "new": (new_pod, new_behaviour)}, settings,
        lambda sched, run, make: _Controller(sched, run, make).loop(),
        duration=duration, seed=seed, profile=profile, engine=engine,
        record_probes=record_probes, pod_start_seconds=rollout.pod_start_seconds,
        rollout=rollout, surge=surge, unavailable=unavailable)


def run_with_controllers(versions: dict[str, tuple[ProbedContainer, Behaviour]],
                         settings: FleetSettings, controller: Any, *, duration: float,
                         seed: int, profile: KubeletProfile, engine: str, record_probes: bool,
                         pod_start_seconds: float, **extra: Any) -> RolloutRun:
    """The fleet of version "old" started as `kubesim fleet` starts it, on one scheduler with
    `controller(sched, run, make)` (a process) that creates pods with `make(version, now)`
    (running `pod_start_seconds` later) and deletes them through their kubelets."""
    settings.check_run(duration)
    sched = make_scheduler(engine)
    run = RolloutRun(settings, [], [], duration, seed, **extra)
    count = [0]
    checked: set[str] = set()

    def make(version: str, now: float, start: float | None = None) -> RolloutPod:
        i = count[0]
        count[0] += 1
        pod, behaviour = versions[version]
        at = now + pod_start_seconds if start is None else start
        handle = launch_pod(sched, pod, behaviour, duration=duration, seed=seed,
                            profile=profile, phase=None, keep_probes=record_probes,
                            rng=np.random.default_rng([seed, i]), checked=version in checked,
                            start=min(at, math.nextafter(duration, 0)), jumps=False)
        checked.add(version)
        run.starts.append(at)
        run.timelines.append(handle.timeline)
        return RolloutPod(version, now, handle)

    for start in start_times(settings, seed):
        run.pods.append(make("old", 0.0, start))
    sched.process(controller(sched, run, make))
    sched.run(until=duration)
    return run
