"""A StatefulSet's controller (docs/controller-rules.md T1-T6; stateful_set_control.go).

Pods have ordinals 0 .. replicas-1 and names `<set>-<ordinal>`. Each look
(`updateStatefulSet`):

* every ordinal without a pod gets one (processReplica), of the update revision when the
  ordinal is at or above the partition (or the update strategy is OnDelete), else of the
  current one (newVersionedStatefulSetPod). A deleted pod's ordinal is empty only once the
  pod is gone: its replacement keeps the name and ordinal, and is created on the next look
  after the old pod's containers stopped (T4). With `OrderedReady` the look stops at the
  first ordinal that was just created, is terminating, is not Running and Ready, or is not
  available for minReadySeconds (T1); with `Parallel` it goes on (T2).
* then, with RollingUpdate, the update (`updateStatefulSetAfterInvariantEstablished`, the
  MaxUnavailableStatefulSet path, on by default since 1.35): the unhealthy pods (not Running
  and Ready, or terminating, or missing) are counted; while fewer than maxUnavailable (1 by
  default), pods not of the update revision are deleted from the highest ordinal down to
  the partition (T3). OnDelete updates nothing by itself.

The rollout completes when every pod at or above the partition runs the update revision and
every pod is Ready and available (what `kubectl rollout status` waits for). PVCs are not
modelled: a replaced pod keeps its ordinal and name, and nothing else of it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from kubesim.fleet.control import ControlLoop
from kubesim.fleet.controllers import statefulset_max_unavailable

if TYPE_CHECKING:
    from kubesim.fleet.control import ControlPlane
    from kubesim.fleet.pods import FleetPod
    from kubesim.fleet.records import Condition
    from kubesim.fleet.settings import RolloutSettings
    from kubesim.spec.workload import StatefulSetSpec

__all__ = ["StatefulSetController"]


class StatefulSetController(ControlLoop):
    """The StatefulSet controller of one workload on one `ControlPlane`."""

    def __init__(self, plane: ControlPlane, replicas: int, spec: StatefulSetSpec, *,
                 rollout: RolloutSettings | None, controller_seconds: float,
                 starts: list[float]) -> None:
        self.plane, self.replicas, self.spec, self.rollout = plane, replicas, spec, rollout
        self.controller_seconds = controller_seconds
        self.starts = starts  # the first pods' first containers (Parallel), ordinal order
        self.slots: list[FleetPod | None] = [None] * replicas
        self.update_revision = "old"
        self.max_unavailable = statefulset_max_unavailable(spec.max_unavailable, replicas)
        self.outcome: dict[str, float | None] = {}
        self.conditions: list[Condition] = []  # a StatefulSet has no Progressing condition
        self.last_look = -math.inf
        self.ticking = False

    @property
    def monotonic(self) -> bool:
        return self.spec.pod_management_policy != "Parallel"

    def loop(self) -> Any:
        return self.start(self.rollout.at if self.rollout is not None else None, self._apply)

    def quiet(self) -> bool:
        """Nothing left to do until an event: every ordinal holds a scheduled pod that is
        not terminating, and no update is in progress."""
        if any(p is None or p.terminating or p.node is None for p in self.slots):
            return False
        if self.monotonic and not all(p is not None and p.running for p in self.slots):
            return False
        return (self.update_revision == "old" or "completed_at" in self.outcome
                or self.spec.update_strategy == "OnDelete")

    def _apply(self, _: Any) -> None:
        now = self.plane.sched.now
        self.update_revision = "new"
        self.plane.actions.append((now, "new template applied: update revision r2"))
        self.wake()

    def pod_deleted(self) -> None:
        self.wake()

    def _revision_for(self, ordinal: int) -> str:
        """newVersionedStatefulSetPod: below the partition the current revision, else the
        update revision (OnDelete: always the update revision)."""
        if self.spec.update_strategy == "RollingUpdate" and ordinal < self.spec.partition:
            return "old"
        return self.update_revision

    def _healthy(self, pod: FleetPod | None) -> bool:
        """isHealthy: Running and Ready and not terminating."""
        return pod is not None and pod.running and pod.ready() and not pod.terminating

    def reconcile(self) -> None:
        now = self.plane.sched.now
        for i, pod in enumerate(self.slots):
            if pod is not None and pod.gone(now):
                self.slots[i] = None  # removed from the API: its ordinal is free
        self.plane.schedule_pending(now)
        if self._replicas(now) and self.spec.update_strategy == "RollingUpdate":
            self._update(now)
        self._complete(now)
        self.last_look = now

    def _replicas(self, now: float) -> bool:
        """processReplica for every ordinal; False where OrderedReady stops the look."""
        for ordinal in range(self.replicas):
            pod = self.slots[ordinal]
            if pod is None:
                start = self.starts[ordinal] if self._initial(ordinal) else None
                self.slots[ordinal] = self.plane.create(self._revision_for(ordinal), now,
                                                        ordinal=ordinal, start=start)
                if self.monotonic:
                    return False
                continue
            if not self.monotonic:
                continue
            if pod.terminating or not (pod.running and pod.ready()):
                return False
            if not pod.available(now, self.spec.min_ready_seconds):
                return False
        return True

    def _initial(self, ordinal: int) -> bool:
        """The first pod of an ordinal at the fleet's start runs at its start time."""
        return self.last_look == -math.inf and ordinal < len(self.starts) and \
            not any(p.ordinal == ordinal for p in self.plane.pods)

    def _update(self, now: float) -> None:
        unavailable = sum(not self._healthy(p) for p in self.slots)
        if unavailable >= self.max_unavailable:
            return
        budget = self.max_unavailable - unavailable
        for ordinal in range(self.replicas - 1, self.spec.partition - 1, -1):
            if budget <= 0:
                break
            pod = self.slots[ordinal]
            if pod is None or pod.version == self.update_revision or pod.terminating:
                continue
            self.plane.delete(pod, now)
            self.plane.actions.append((now, f"deleted {pod.name} for the update"))
            budget -= 1

    def _complete(self, now: float) -> None:
        if self.update_revision == "old" or "completed_at" in self.outcome:
            return
        pods = self.slots
        updated = all(p is not None and p.version == "new" and not p.terminating
                      for p in pods[self.spec.partition:])
        ready = all(p is not None and not p.terminating and
                    p.available(now, self.spec.min_ready_seconds) for p in pods)
        if updated and ready:
            self.outcome["completed_at"] = now
            self.plane.actions.append((now, "rollout complete"))
