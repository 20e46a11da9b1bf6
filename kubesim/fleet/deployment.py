"""A Deployment's controllers: its ReplicaSets' and its own (docs/controller-rules.md R1-R6).

Each ReplicaSet keeps as many active pods (not being deleted) as its spec.replicas: it
creates the missing ones (the scheduler places them, elsewhere than a cordoned node) and
deletes the extra ones in `ActivePodsWithRanks` order (R3). The Deployment controller sets
the ReplicaSets' spec.replicas: before a rollout the old ReplicaSet holds every replica; from
`RolloutSettings.at` a new ReplicaSet grows within maxSurge (NewRSNewReplicas) while the old
one shrinks as far as minAvailable allows (reconcileOldReplicaSets), or, with Recreate, the
old one goes to 0 and the new one grows once no old pod runs. After each look the controller
computes the Deployment's status and its Progressing condition against the previous status
(R5, `DeploymentProgressing`, `syncRolloutStatus`).

The controllers look every `controller_seconds`, at the rollout's start, and at once when a
pod of theirs is evicted (the informer's event).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.fleet.control import ControlLoop
from kubesim.fleet.records import Condition

if TYPE_CHECKING:
    from kubesim.fleet.control import ControlPlane
    from kubesim.fleet.pods import FleetPod
    from kubesim.fleet.settings import RolloutSettings

__all__ = ["DeploymentController", "DeploymentStatus", "deletion_order",
           "deployment_progressing"]

NO_DEADLINE = 2**31 - 1  # progressDeadlineSeconds MaxInt32: no deadline (HasProgressDeadline)


@dataclass(frozen=True, slots=True)
class DeploymentStatus:
    """The counts of a Deployment's status (calculateStatus), over active pods."""

    replicas: int
    updated: int
    ready: int
    available: int


def deployment_progressing(old: DeploymentStatus, new: DeploymentStatus) -> bool:
    """DeploymentProgressing (deployment_util.go): more updated, ready or available pods, or
    fewer old ones, than in the previous status (R5)."""
    return (new.updated > old.updated or new.replicas - new.updated < old.replicas - old.updated
            or new.ready > old.ready or new.available > old.available)


def _log_rank(seconds: float) -> int:
    """logarithmicRankDiff's rank: floor(log2(duration in ns)), -1 for none."""
    return int(math.log2(seconds * 1e9)) if seconds > 0 else -1


def deletion_order(pods: list[FleetPod], related: list[FleetPod], now: float) -> list[FleetPod]:
    """`ActivePodsWithRanks` (controller_utils.go, R3), most deletable first: unassigned
    before assigned, Pending before Running, not Ready before Ready, the most doubled-up
    (active related pods on its node) first, Ready for a shorter time (log2 scale), more
    restarts, created more recently (log2 scale); the creation index stands in for the UID."""
    on_node: dict[str, int] = {}
    for p in related:
        if p.deleted_at is None and p.node is not None:
            on_node[p.node.name] = on_node.get(p.node.name, 0) + 1

    def key(p: FleetPod) -> tuple[Any, ...]:
        since = p.ready_since()
        restarts = max((c.restart_count for c in p.handle.timeline.containers), default=0) \
            if p.handle is not None else 0
        return (p.node is not None, p.running, since is not None,
                -on_node.get(p.node.name, 0) if p.node is not None else 0,
                _log_rank(now - since) if since is not None else 0, -restarts,
                _log_rank(now - p.created_at), -p.index)
    return sorted(pods, key=key)


class DeploymentController(ControlLoop):
    """The Deployment's and its ReplicaSets' reconcile loop on one `ControlPlane`."""

    def __init__(self, plane: ControlPlane, replicas: int, *, rollout: RolloutSettings | None,
                 surge: int, unavailable: int, min_ready_seconds: int,
                 controller_seconds: float) -> None:
        self.plane, self.replicas, self.rollout = plane, replicas, rollout
        self.surge, self.unavailable = surge, unavailable
        # each ReplicaSet's minReadySeconds: the new one's from the new spec, the old one's
        # what it was (getNewReplicaSet updates only the new ReplicaSet's)
        self.min_ready = {"old": min_ready_seconds,
                          "new": rollout.min_ready_seconds if rollout else min_ready_seconds}
        self.controller_seconds = controller_seconds
        self.spec = {"old": replicas}  # each ReplicaSet's spec.replicas
        self.rolling = False
        self.ticking = False
        self.previous: DeploymentStatus | None = None
        self.condition: Condition | None = None
        self.conditions: list[Condition] = []
        self.outcome: dict[str, float | None] = {}
        self.last_look = -math.inf

    # -- the process ------------------------------------------------------------------------
    def loop(self) -> Any:
        return self.start(self.rollout.at if self.rollout is not None else None, self._apply)

    def quiet(self) -> bool:
        """Nothing left to do until an event: no rollout in progress, every ReplicaSet at
        its spec.replicas, no Pending pod."""
        if self.rolling and "completed_at" not in self.outcome:
            return False
        if any(p.node is None and p.deleted_at is None for p in self.plane.pods):
            return False
        return all(len(self.plane.live(v)) == n for v, n in self.spec.items())

    def _apply(self, _: Any) -> None:
        """The new template is applied: a new ReplicaSet with 0 replicas; the Progressing
        condition says NewReplicaSetCreated (getNewReplicaSet)."""
        now = self.plane.sched.now
        self.spec["new"] = 0
        self.rolling = True
        self._set_condition(now, True, "NewReplicaSetCreated", now)
        self.plane.actions.append((now, "new template applied: ReplicaSet r2 created"))
        self.previous = self.status(now)
        self.wake()

    def pod_deleted(self) -> None:
        """An eviction deleted a pod: the ReplicaSet sees it at once."""
        self.wake()

    def reconcile(self) -> None:
        now = self.plane.sched.now
        if self.rolling and "completed_at" not in self.outcome:
            if self.rollout is not None and self.rollout.recreate:
                self._recreate(now)
            else:
                self._rolling(now)
        for version in list(self.spec):
            self._sync_replicaset(version, now)
        self.plane.schedule_pending(now)
        if self.rolling:
            self._progress(now)
        self.last_look = now

    # -- the Deployment -----------------------------------------------------------------------
    def _available(self, version: str, now: float) -> int:
        return sum(p.available(now, self.min_ready[version]) for p in self.plane.live(version))

    def _rolling(self, now: float) -> None:
        spec, desired = self.spec, self.replicas
        total = spec["old"] + spec["new"]
        up = min(desired + self.surge - total, desired - spec["new"])  # NewRSNewReplicas (R1)
        if up > 0:
            spec["new"] += up
            self.plane.actions.append((now, f"scaled ReplicaSet r2 up to {spec['new']}"))
        if spec["old"] == 0:
            return
        min_available = desired - self.unavailable  # reconcileOldReplicaSets (R2)
        new_unavailable = spec["new"] - self._available("new", now)
        max_down = spec["old"] + spec["new"] - min_available - new_unavailable
        if max_down <= 0:
            return
        before = spec["old"]
        unhealthy = max(0, spec["old"] - self._available("old", now))  # cleanupUnhealthy...
        spec["old"] -= min(max_down, unhealthy)
        available = self._available("old", now) + self._available("new", now)
        if available > min_available:  # scaleDownOldReplicaSetsForRollingUpdate
            spec["old"] -= min(spec["old"], available - min_available)
        if spec["old"] != before:
            self.plane.actions.append((now, f"scaled ReplicaSet r1 down to {spec['old']}"))

    def _recreate(self, now: float) -> None:
        """rolloutRecreate: the old ReplicaSet to 0; once no old pod runs (oldPodsRunning:
        a terminating pod still runs), the new one to the desired count."""
        if self.spec["old"] > 0:
            self.spec["old"] = 0
            self.plane.actions.append((now, "scaled ReplicaSet r1 down to 0"))
        running = any(p.version == "old" and not p.gone(now) for p in self.plane.pods)
        if not running and self.spec["new"] == 0:
            self.spec["new"] = self.replicas
            self.plane.actions.append((now, f"scaled ReplicaSet r2 up to {self.replicas}"))

    # -- the ReplicaSets ----------------------------------------------------------------------
    def _sync_replicaset(self, version: str, now: float) -> None:
        """manageReplicas: create the missing pods, delete the extra ones (R3)."""
        live = self.plane.live(version)
        diff = len(live) - self.spec[version]
        name = "r1" if version == "old" else "r2"
        if diff < 0:
            for _ in range(-diff):
                self.plane.create(version, now)
            self.plane.actions.append((now, (f"ReplicaSet {name} created {-diff} "
                                            f"pod{'s' * (-diff != 1)}")))
        elif diff > 0:
            for p in deletion_order(live, self.plane.live(), now)[:diff]:
                self.plane.delete(p, now)
            self.plane.actions.append((now, (f"ReplicaSet {name} deleted {diff} "
                                            f"pod{'s' * (diff != 1)}")))

    # -- status and the Progressing condition -------------------------------------------------
    def status(self, now: float) -> DeploymentStatus:
        live = self.plane.live()
        return DeploymentStatus(
            replicas=len(live), updated=sum(p.version == "new" for p in live),
            ready=sum(p.ready() for p in live),
            available=sum(p.available(now, self.min_ready[p.version]) for p in live))

    def _event_time(self, now: float) -> float:
        """When, since the previous look, the latest change that counts as progress
        happened: the controller syncs on each such event (a pod created, deleted, turned
        Ready or available), so LastUpdateTime is that event's time."""
        since = self.last_look
        times = []
        for p in self.plane.pods:
            times += [p.created_at] if p.version == "new" else []
            times += [p.deleted_at] if p.deleted_at is not None and p.version == "old" else []
            ready = p.ready_since()
            if ready is not None and p.deleted_at is None:
                times += [ready, ready + self.min_ready[p.version]]
        inside = [t for t in times if since < t <= now]
        return max(inside) if inside else now

    def _set_condition(self, now: float, status: bool, reason: str, last_update: float) -> None:
        new = Condition(now, status, reason, last_update)
        self.condition = new
        self.conditions.append(new)

    def _progress(self, now: float) -> None:
        """syncRolloutStatus (R5): complete; else progressing (LastUpdateTime refreshed);
        else timed out once LastUpdateTime + progressDeadlineSeconds has passed."""
        cond, status = self.condition, self.status(now)
        previous, self.previous = self.previous or status, status
        if cond is None or cond.reason == "NewReplicaSetAvailable":
            return
        d = self.replicas
        if status.updated == d and status.replicas == d and status.available == d:
            self._set_condition(now, True, "NewReplicaSetAvailable", now)
            self.outcome["completed_at"] = now
            self.plane.actions.append((now, "rollout complete"))
            return
        if deployment_progressing(previous, status):
            at = self._event_time(now)
            if cond.status and cond.reason != "NewReplicaSetCreated" and cond.reason != \
                    "ProgressDeadlineExceeded":
                self.condition = Condition(cond.at, True, "ReplicaSetUpdated", at)
                self.conditions[-1] = self.condition
            else:
                self._set_condition(now, True, "ReplicaSetUpdated", at)
            return
        deadline = self.rollout.progress_deadline_seconds if self.rollout else NO_DEADLINE
        if deadline < NO_DEADLINE and cond.reason != "ProgressDeadlineExceeded" and \
                cond.last_update + deadline < now:
            self._set_condition(now, False, "ProgressDeadlineExceeded", now)
            self.outcome.setdefault("deadline_exceeded_at", now)
            self.plane.actions.append((now, ("ProgressDeadlineExceeded: no progress for "
                                            f"{deadline} s since {cond.last_update:g} s")))
