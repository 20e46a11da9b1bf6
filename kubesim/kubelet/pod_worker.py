"""The kubelet around the workers: PLEG, the pod worker's syncs, kills, restarts, back-off.

Turns cached probe results into Started/Ready (§3) and kills (§4), with the kubelet's own
latencies from the profile: a PLEG relist grid (E16, R4.3), a hop from an update to the pod
sync, the start time of a replacement container, resyncs and back-off requeues (R1.15, R4.14).

Ordering at equal times: PLEG, pod syncs and kills are scheduled at URGENT priority,
probe ticks at NORMAL, so a container change at time t is visible to a probe tick at the same
t. A probe result at t is applied after every other probe due at t: probes at one instant are
concurrent and none of them sees another's verdict.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.engine.scheduler import NORMAL, URGENT, Interrupted
from kubesim.engine.timeline import EventRecord, KillRecord, ReadyChange
from kubesim.kubelet.backoff import CrashLoopBackOff
from kubesim.kubelet.prober import Prober
from kubesim.kubelet.prober_manager import ProberManager
from kubesim.kubelet.results_cache import ResultsCache
from kubesim.kubelet.runtime import MIN_GRACE_SECONDS, Instance, Runtime
from kubesim.results import ProbeType, Result
from kubesim.spec.model import RestartPolicy

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.engine.scheduler import ProcessGen, Scheduler
    from kubesim.engine.timeline import Timeline
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["Kubelet", "StatusView", "grace_seconds", "last_relist", "notice_delay", "pleg_wait",
           "refusal_requeue", "restarts_after_kill", "resync_due"]

_EPS = 1e-9  # float slack for the relist grid


# -- the kubelet's timing and kill rules, as pure functions -------------------------------------
def last_relist(t: float, phase: float, period: float) -> float:
    """The last PLEG relist at or before `t` (E16); `t` itself without a relist period."""
    if period <= 0:
        return t
    return phase + math.floor((t - phase) / period + _EPS) * period


def pleg_wait(now: float, phase: float, period: float, last_sync_end: float) -> float:
    """R4.3: a sync waits for a PLEG relist newer than the previous sync's end."""
    last = last_relist(now, phase, period)
    if period <= 0 or last > last_sync_end:
        return 0.0
    return last + period - now


def notice_delay(at: float, now: float, phase: float, profile: KubeletProfile) -> float:
    """From `now` to the pod sync caused by a container start or exit at `at` (E16)."""
    period = profile.relist_seconds
    seen = at if period <= 0 else last_relist(at - _EPS, phase, period) + period
    return seen - now + profile.sync_seconds


def resync_due(now: float, profile: KubeletProfile, u: float,
               requeue: float | None = None) -> float:
    """The next periodic sync: resync (R1.15) or a requeue after `requeue` s (R4.14), with
    the jitter factor drawn as `u` in [0, 1)."""
    base = profile.resync_seconds if requeue is None else requeue
    jitter = profile.resync_jitter if requeue is None else profile.requeue_jitter
    return now + base * (1 + jitter * u)


def refusal_requeue(profile: KubeletProfile, remaining: float) -> float:
    """When a pod whose start back-off refused is synced again (R4.14)."""
    mode = profile.backoff_requeue.value
    if mode == "exact":
        return remaining
    if mode == "expiry":  # R4.14, 1.35+
        return min(remaining, profile.resync_seconds)
    return profile.error_requeue_seconds


def restarts_after_kill(pod: ProbedContainer) -> bool:
    """R4.2 sidecars always restart; E13 OnFailure restarts a killed container."""
    return pod.container.sidecar or pod.restart_policy is not RestartPolicy.NEVER


def grace_seconds(pod: ProbedContainer, probe_type: ProbeType) -> float:
    """R4.4: the probe-level grace period wins, up or down; R4.5: 2 s floor."""
    probe = pod.container.probes()[probe_type]
    grace = probe.termination_grace_period_seconds
    if grace is None:
        grace = pod.termination_grace_period_seconds
    return max(float(grace), MIN_GRACE_SECONDS)


@dataclass
class StatusView:
    """The status manager's cache of the pod: all that the workers can see (E16)."""

    container_id: str | None = None
    restart_count: int = 0
    running: bool = False
    terminated: bool = False
    running_since: float = 0.0
    started: bool = False
    ready: bool = False
    will_restart: bool = True
    pod_finished: bool = False

    def adopt(self, inst: Instance, running: bool) -> None:
        """Take the container state a pod sync sees: a new container ID starts not Started;
        a container that stopped for good ends the pod (phase Failed, R1.33)."""
        if inst.id != self.container_id:
            self.container_id, self.restart_count = inst.id, inst.restart_count
            self.running_since, self.started = inst.running_at, False
        self.running, self.terminated = running, not running
        self.pod_finished = not running and not self.will_restart


class Kubelet:
    """One pod with one probed container on a simulated kubelet, on any scheduler.

    It owns the status view, the runtime, the back-off and the results cache, and wires them:
    the workers write to the cache, the cache announces changes to `on_result`, the pod
    worker's syncs read the cache (through the prober manager) and kill or start. `answers`
    and `quiet` are the fast scheduler's look-ups of the behaviour (`behaviour.lookup`).
    """

    def __init__(self, sched: Scheduler, pod: ProbedContainer, behaviour: Behaviour,
                 profile: KubeletProfile, rng: np.random.Generator, timeline: Timeline,
                 *, origins: dict[ProbeType, float], censored: str,
                 answers: Any = None, quiet: Quiet | None = None,
                 box: dict[tuple[ProbeType, bool], list[float]] | None = None) -> None:
        self.sched, self.pod, self.behaviour = sched, pod, behaviour
        self.profile, self.rng, self.timeline = profile, rng, timeline
        self.name = pod.container.name
        self.status = StatusView(will_restart=restarts_after_kill(pod))
        self.runtime = Runtime()
        self.backoff = CrashLoopBackOff(profile.backoff_initial, profile.backoff_max,
                                        profile.backoff_reset)
        relist = profile.relist_seconds
        self.relist_phase = float(rng.uniform(0, relist)) if relist > 0 else 0.0
        self.failed_at: dict[tuple[ProbeType, str], float] = {}
        self.sync_requested = False
        self.flush_pending = False
        self.idle = False
        self.last_sync_end = -math.inf
        self.next_timer = self._resync_due()
        self.cache = ResultsCache(self.on_result)
        self.prober = Prober(sched, behaviour if answers is None else answers, self.runtime,
                             status=self.status, timeline=timeline, rng=rng,
                             exec_probe_timeout=profile.exec_probe_timeout, censored=censored,
                             quiet=quiet)
        self.manager = ProberManager(sched, pod.container, origins, status=self.status,
                                     cache=self.cache, prober=self.prober, profile=profile,
                                     rng=rng, box=box)
        self.pod_worker = sched.process(self._pod_worker())
        self._start_container()

    # -- records ---------------------------------------------------------------------------
    def event(self, at: float, type_: str, reason: str, message: str) -> None:
        """Keep one kubelet-style event of the kubelet's own."""
        self.timeline.record_event(EventRecord(at, type_, reason, message))

    def _set_ready(self, ready: bool) -> None:
        if ready == self.status.ready:
            return
        self.status.ready = ready
        changes, now = self.timeline.ready, self.sched.now
        if changes and changes[-1].at == now:
            changes.pop()  # flipped back within the same instant: no change was visible
        else:
            changes.append(ReadyChange(now, ready))

    def _set_started(self, started: bool) -> None:
        inst = self.runtime.current
        if started and not self.status.started and inst is not None \
                and inst.id == self.status.container_id and inst.record.started_at is None:
            inst.record.started_at = self.sched.now
        self.status.started = started

    # -- results -> kubelet (syncLoopIteration, R3.9, R3.10) --------------------------------
    def on_result(self, probe_type: ProbeType, cid: str, result: Result, at: float) -> None:
        """A cache update; the sync loop applies it after one hop."""
        if probe_type is ProbeType.LIVENESS and result is not Result.FAILURE:
            return  # liveness successes are ignored (R3.10)
        if result is Result.FAILURE:
            self.failed_at[(probe_type, cid)] = at
        # NORMAL: other probes due at the same instant ran concurrently and did not see
        # this result yet
        self.sched.call(self.profile.sync_seconds, NORMAL, self._apply_update,
                        (probe_type, cid, result))

    def _apply_update(self, update: tuple[ProbeType, str, Result]) -> None:
        probe_type, cid, result = update
        st = self.status
        if cid == st.container_id:
            if probe_type is ProbeType.READINESS:  # SetContainerReadiness
                self._set_ready(result is Result.SUCCESS and st.started)
            elif probe_type is ProbeType.STARTUP:  # SetContainerStartup
                self._set_started(result is Result.SUCCESS and st.running)
                if not st.started:
                    self._set_ready(False)
        # HandlePodSyncs: updates of one instant merge into one pod sync (the pod worker
        # keeps one pending update), run after all of them are applied
        if not self.flush_pending:
            self.flush_pending = True
            self.sched.call(0.0, NORMAL, self._flush, None)

    def _flush(self, _: Any) -> None:
        self.flush_pending = False
        self._wake(None)

    # -- the pod worker ---------------------------------------------------------------------
    def request_sync(self, delay: float) -> None:
        """Queue a pod sync after `delay`; requests while one is queued merge."""
        self.sched.call(max(0.0, delay), URGENT, self._wake, None)

    def _wake(self, _: Any) -> None:
        self.sync_requested = True
        if self.idle:
            self.idle = False
            self.sched.interrupt(self.pod_worker)

    def _pod_worker(self) -> ProcessGen:
        while True:
            if not self.sync_requested:
                self.idle = True
                try:
                    yield max(0.0, self.next_timer - self.sched.now), URGENT
                except Interrupted:
                    pass
                self.idle = False
            self.sync_requested = False
            yield from self._sync()

    def _resync_due(self, delay: float | None = None) -> float:
        return resync_due(self.sched.now, self.profile, float(self.rng.random()), delay)

    def _sync(self) -> ProcessGen:
        """One SyncPod: refresh status, then kill and/or start (computePodActions)."""
        wait = pleg_wait(self.sched.now, self.relist_phase, self.profile.relist_seconds,
                         self.last_sync_end)
        if wait > 0:  # R4.3: a PLEG cache newer than the previous sync
            yield wait, URGENT
        inst, running = self.runtime.as_seen_at(self._last_relist(self.sched.now))
        self._refresh_status(inst, running)
        requeue: float | None = None
        if inst is not None and running:
            probe_type = self.manager.kill_reason(inst.id)
            if probe_type is not None:
                previous = self.runtime.newest_exited(inst.running_at)  # status before the kill
                yield from self._kill(inst, probe_type)
                if self.status.will_restart:
                    requeue = yield from self._try_start(previous)
        elif inst is not None and self.status.will_restart:
            requeue = yield from self._try_start(self.runtime.newest_exited(self.sched.now))
        self.last_sync_end = self.sched.now
        self.next_timer = self._resync_due(requeue)

    # -- PLEG (E16) -------------------------------------------------------------------------
    def _last_relist(self, t: float) -> float:
        return last_relist(t, self.relist_phase, self.profile.relist_seconds)

    def _notice(self, at: float) -> None:
        """A container started or died at `at`: the next relist sees it and queues a sync."""
        self.request_sync(notice_delay(at, self.sched.now, self.relist_phase, self.profile))

    # -- status (UpdatePodStatus, §3) -------------------------------------------------------
    def _refresh_status(self, inst: Instance | None, running: bool) -> None:
        st = self.status
        if inst is None:
            return
        st.adopt(inst, running)
        self._set_started(self.manager.is_started(inst.id, running))
        self._set_ready(self.manager.is_ready(inst.id, running, st.started))

    # -- kill and start (§4) ----------------------------------------------------------------
    def _kill(self, inst: Instance, probe_type: ProbeType) -> ProcessGen:
        now, grace = self.sched.now, grace_seconds(self.pod, probe_type)
        who = "Init container" if self.pod.container.sidecar else "Container"
        suffix = ", will be restarted" if self.status.will_restart else ""
        self.event(now, "Normal", "Killing",
                   f"{who} {self.name} failed {probe_type.value} probe{suffix}")
        inst.sigterm_at = now
        can_act = self.behaviour.stall_end(now, inst.running_at)
        exit_at = min(now + grace, can_act + self.behaviour.shutdown_seconds())
        self.timeline.kills.append(KillRecord(
            now, probe_type, inst.restart_count, self.failed_at.get((probe_type, inst.id), now),
            grace,
            exit_at if exit_at <= self.timeline.duration else None,
            self.status.will_restart, inst.restart_count + 1))
        how = ("exited after SIGTERM" if exit_at < now + grace
               else f"SIGKILL after the {grace:g} s grace period")
        inst.record.end_reason = f"killed: {probe_type.value} probe failed; {how}"
        yield max(0.0, exit_at - now), URGENT
        inst.exited_at = inst.record.ended_at = self.sched.now
        self._notice(self.sched.now)

    def _try_start(self, exited: Instance | None) -> Generator[Any, Any, float | None]:
        """doBackOff, then start; returns a requeue delay when back-off refuses (R4.8-R4.14)."""
        now = self.sched.now
        if exited is not None and exited.exited_at is not None:
            finished = exited.exited_at
            if self.backoff.in_backoff(finished, now):
                return self._refuse()
            self.backoff.advance(finished, now)
        yield max(0.0, self.profile.container_start_seconds), URGENT
        self._start_container()
        return None

    def _refuse(self) -> float:
        now = self.sched.now
        self.event(now, "Warning", "BackOff",
                   f"Back-off restarting failed container {self.name} in pod "
                   f"{self.pod.object_name}")
        # the next check compares with the newest exited instance: the one just killed
        newest = self.runtime.newest_exited(now)
        finished = newest.exited_at if newest and newest.exited_at is not None else now
        return refusal_requeue(self.profile, self.backoff.remaining(finished, now))

    def _start_container(self) -> None:
        now = self.sched.now
        inst = self.runtime.start(now)
        self.timeline.containers.append(inst.record)
        self.event(now, "Normal", "Started", f"Started container {self.name}")
        self._notice(now)
