"""`kubectl drain` under a PodDisruptionBudget (docs/controller-rules.md C4-C7, D1-D4).

At `DrainSettings.at` the drain cordons the node (no new pod is scheduled there) and evicts
every pod of the workload on it (or evicts the pod set it was given, cordoning nothing),
each pod in its own loop as kubectl does (`evictPods`): the eviction API answers (C6); a
refusal (429) is tried again 5 s later (C7); an error (more than one budget selects the
pod, 500) ends that pod's loop with the error. An accepted eviction deletes the pod, and its
controller sees the deletion at once (D2: a ReplicaSet replaces it now, elsewhere; a
StatefulSet once it is gone). Then kubectl waits for the pod to be gone (`waitForDelete`,
polling every second from the eviction, D3): the drain completes when every pod is gone.

The budget's status is the disruption controller's, computed at each attempt from the pods:
currentHealthy = Ready pods not being deleted, desiredHealthy and expectedPods from the
budget (C4, C5); evictions at the same instant see each other (D1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubesim.fleet.controllers import (
    DRAIN_POLL_SECONDS,
    DRAIN_RETRY_SECONDS,
    EvictionAnswer,
    desired_healthy,
    eviction,
    expected_pods,
)
from kubesim.fleet.records import Eviction
from kubesim.kubelet.scheduler import URGENT

if TYPE_CHECKING:
    from kubesim.fleet.control import ControlPlane
    from kubesim.fleet.pods import FleetPod
    from kubesim.fleet.settings import DrainSettings

__all__ = ["Drain"]


def first_pods(pods: list[FleetPod], k: int) -> list[FleetPod]:
    """The first `k` of the workload's pods at the drain (D4): those not being deleted, a
    StatefulSet's by ordinal, others in creation order. Pods the controllers deleted before
    (a rollout's old ones) are not the workload's any more: `--drain-pods 2` after a rollout
    evicts two of the pods there are, not two that are gone."""
    live = [p for p in pods if p.deleted_at is None]
    return sorted(live, key=lambda p: (p.ordinal is None, p.ordinal or 0, p.index))[:k]


class _PodLoop:
    """One pod's eviction loop and wait for its deletion."""

    def __init__(self, pod: FleetPod, at: float) -> None:
        self.pod = pod
        self.next_attempt: float | None = at
        self.next_poll: float | None = None
        self.evicted_at: float | None = None
        self.refused = 0
        self.done_at: float | None = None
        self.error: str | None = None

    @property
    def next_time(self) -> float | None:
        return self.next_attempt if self.next_attempt is not None else self.next_poll


class Drain:
    """kubectl drain's loops and the eviction API's budget check, on one `ControlPlane`;
    `controller` is told of each eviction (`pod_deleted`)."""

    def __init__(self, plane: ControlPlane, drain: DrainSettings, controller: Any) -> None:
        self.plane, self.drain, self.controller = plane, drain, controller
        self.loops: list[_PodLoop] = []
        self.outcome: dict[str, float | None] = {}

    # -- the budget's status ------------------------------------------------------------------
    def _budgets(self) -> int:
        return (1 + len(self.drain.more_budgets)) if self.drain.has_budget else 0

    def _status(self, now: float) -> tuple[int, int, int]:
        """(currentHealthy, desiredHealthy, expectedPods) of the budget now (C4, C5)."""
        d = self.drain
        pods = [p for p in self.plane.pods if not p.gone(now)]
        healthy = sum(p.active_ready() for p in pods)
        scale = self.plane.settings.replicas
        desired = desired_healthy(min_available=d.min_available,
                                  max_unavailable=d.max_unavailable, scale=scale, pods=len(pods))
        expected = expected_pods(min_available=d.min_available,
                                 max_unavailable=d.max_unavailable, scale=scale, pods=len(pods))
        return healthy, desired, expected

    # -- which pods ---------------------------------------------------------------------------
    def _targets(self, now: float) -> list[FleetPod | int]:
        d, pods = self.drain, self.plane.pods
        if d.replicas is not None:
            return [pods[i] if i < len(pods) and not pods[i].gone(now) else i
                    for i in d.replicas]
        if d.pods is not None:
            return [*first_pods(pods, d.pods)]
        node = d.node if d.node is not None else (pods[0].node.name if pods and pods[0].node
                                                  else None)
        if node is None:
            return []
        self.plane.cordon(node, now)
        return [p for p in pods if p.node is not None and p.node.name == node
                and not p.gone(now)]

    # -- the process --------------------------------------------------------------------------
    def loop(self) -> Any:
        sched = self.plane.sched
        yield self.drain.at, URGENT
        now = sched.now
        for target in self._targets(now):
            if isinstance(target, int):  # NotFound: kubectl drain counts it done
                self.plane.actions.append((now, f"pod #{target} not found: nothing to evict"))
                continue
            self.loops.append(_PodLoop(target, now))
        self.plane.actions.append((now, (f"drain: evicting {len(self.loops)} "
                                        f"pod{'s' * (len(self.loops) != 1)}")))
        while True:
            now = sched.now
            self._attempt(now)
            self._poll(now)
            pending = [t for t in (lp.next_time for lp in self.loops) if t is not None]
            if not pending:
                break
            yield max(0.0, min(pending) - now), URGENT
        self._finish(sched.now)

    def _attempt(self, now: float) -> None:
        """Every eviction due now, in pod order: each sees the ones before it (D1)."""
        refused = 0
        for lp in self.loops:
            if lp.next_attempt is None or lp.next_attempt > now:
                continue
            pod = lp.pod
            healthy, desired, expected = self._status(now)
            answer = eviction(pending=not pod.running, terminating=pod.terminating,
                              budgets=self._budgets(), ready=pod.ready(), healthy=healthy,
                              desired=desired, expected=expected,
                              always_allow=self.drain.always_allow)
            if answer is EvictionAnswer.TOO_MANY_REQUESTS:
                lp.refused += 1
                refused += 1
                lp.next_attempt = now + DRAIN_RETRY_SECONDS  # C7
                continue
            lp.next_attempt = None
            if answer is EvictionAnswer.ERROR:
                lp.error = ("This pod has more than one PodDisruptionBudget, which the "
                            "eviction subresource does not support (500)")
                self.plane.actions.append((now, (f"evicting {pod.name}: {lp.error}; "
                                                "kubectl drain gives up on it")))
                continue
            lp.evicted_at, lp.next_poll = now, now  # waitForDelete: PollImmediate (D3)
            was_deleted = pod.terminating
            pod.evicted_at = now
            self.plane.delete(pod, now)
            self.plane.actions.append((now, f"evicted {pod.name}" + (
                " (already terminating)" if was_deleted else "")))
            if not was_deleted:
                self.controller.pod_deleted()  # D2
        if refused:
            self.plane.actions.append(
                (now, (f"{refused} eviction{'s' * (refused != 1)} refused (429: the "
                      "PodDisruptionBudget allows no disruption); retry in 5 s")))

    def _poll(self, now: float) -> None:
        for lp in self.loops:
            if lp.next_poll is None or lp.next_poll > now + 1e-9:
                continue
            if lp.pod.gone(now):
                lp.done_at, lp.next_poll = now, None
                self.plane.actions.append((now, f"{lp.pod.name} is gone"))
            else:
                lp.next_poll = now + DRAIN_POLL_SECONDS

    def _finish(self, now: float) -> None:
        if self.loops and any(lp.error for lp in self.loops):
            self.plane.actions.append((now, "drain failed: a pod could not be evicted"))
            return
        done = max((lp.done_at for lp in self.loops if lp.done_at is not None), default=now)
        self.outcome["drain_completed_at"] = done
        self.plane.actions.append((done, "drain complete: every pod evicted and gone"))

    def evictions(self) -> list[Eviction]:
        return [Eviction(lp.pod.index, lp.evicted_at, lp.refused, lp.done_at, lp.error)
                for lp in self.loops]
