"""The kubelet around the workers: PLEG, the pod worker's syncs, kills, restarts, back-off.

Turns cached probe results into Started/Ready (§3) and kills (§4), with the kubelet's own
latencies from the profile: a PLEG relist grid (E16, R4.3), a hop from an update to the pod
sync, the start time of a replacement container, resyncs and back-off requeues (R1.15, R4.14).

Ordering at equal times: PLEG, pod syncs and kills are scheduled at simpy's URGENT priority,
probe ticks at NORMAL, so a container change at time t is visible to a probe tick at the same
t. A probe result at t is applied after every other probe due at t: probes at one instant are
concurrent and none of them sees another's verdict.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import simpy
from simpy.events import URGENT

from kubesim.kubelet.backoff import CrashLoopBackOff
from kubesim.behaviour.answer import Answer, AnswerError
from kubesim.kubelet.prober_manager import ProberManager
from kubesim.results import ProbeType, Result
from kubesim.kubelet.runtime import MIN_GRACE_SECONDS, Instance, Runtime
from kubesim.spec.model import HandlerKind, RestartPolicy
from kubesim.engine.timeline import EventRecord, KillRecord, ProbeRecord, ReadyChange

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer, Target
    from kubesim.engine.timeline import Timeline

__all__ = ["Kubelet", "StatusView", "answer_of", "grace_seconds", "last_relist", "notice_delay",
           "pleg_wait", "refusal_requeue", "restarts_after_kill", "resync_due"]

_EPS = 1e-9
_REFUSED = Answer(error=AnswerError.REFUSED)
_EXEC_ERROR = Answer(error=AnswerError.ERROR)


# -- the kubelet's timing and kill rules, as pure functions (shared with fast.py) ---------------
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


def answer_of(behaviour: Behaviour, target: Target, inst: Instance | None, now: float,
              rng: np.random.Generator) -> Answer:
    """The answer a probe sent now gets from whatever process listens (R2.5: pod IP)."""
    if inst is None or not inst.alive(now):
        # nothing listens; exec into a dead container is a runtime error (R2.14)
        return _EXEC_ERROR if target.kind is HandlerKind.EXEC else _REFUSED
    terminating = inst.sigterm_at is not None and now >= inst.sigterm_at
    if (terminating and target.kind is not HandlerKind.EXEC
            and behaviour.stall_end(now, inst.running_at) <= now):
        return _REFUSED  # after SIGTERM the server closes its listener
    return behaviour.answer(target, now, inst.running_at, rng)


class _Urgent(simpy.events.Event):
    """A timeout at URGENT priority: kubelet bookkeeping precedes probe ticks at equal times."""

    def __init__(self, env: simpy.Environment, delay: float) -> None:
        super().__init__(env)
        self._ok, self._value = True, None
        env.schedule(self, URGENT, max(0.0, delay))


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
    """One pod with one probed container on a simulated kubelet."""

    def __init__(self, env: simpy.Environment, pod: ProbedContainer, behaviour: Behaviour,
                 profile: KubeletProfile, rng: np.random.Generator, timeline: Timeline,
                 *, origins: dict[ProbeType, float], censored: str) -> None:
        self.env, self.pod, self.behaviour = env, pod, behaviour
        self.profile, self.rng, self.timeline, self.censored = profile, rng, timeline, censored
        self.name = pod.container.name
        self.status = StatusView(will_restart=self._restarts())
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
        self.manager = ProberManager(self, origins)
        self.pod_worker = env.process(self._pod_worker())
        self._start_container()

    # -- what the app answers ---------------------------------------------------------------
    def ask(self, target: Target, now: float) -> Answer:
        """The answer a probe sent now gets from whatever process listens (R2.5: pod IP)."""
        return answer_of(self.behaviour, target, self.runtime.current, now, self.rng)

    # -- records ---------------------------------------------------------------------------
    def record_probe(self, rec: ProbeRecord) -> None:
        """Keep a probe call and its kubelet event (R2.3)."""
        self.timeline.probes.append(rec)
        kind = rec.probe.event_name
        if rec.result.value == "failure":
            self.event(rec.at + rec.latency, "Warning", "Unhealthy",
                       f"{kind} probe failed: {rec.detail}")
        elif rec.result.value == "warning":
            self.event(rec.at + rec.latency, "Warning", "ProbeWarning",
                       f"{kind} probe warning: {rec.detail}")
        elif rec.result.value == "error":
            self.event(rec.at + rec.latency, "Warning", "Unhealthy",
                       f"{kind} probe errored and resulted in unknown state: {rec.detail}")

    def event(self, at: float, type_: str, reason: str, message: str) -> None:
        """Keep one kubelet-style event."""
        self.timeline.events.append(EventRecord(at, type_, reason, message))

    def _set_ready(self, ready: bool) -> None:
        if ready == self.status.ready:
            return
        self.status.ready = ready
        changes = self.timeline.ready
        if changes and changes[-1].at == self.env.now:
            changes.pop()  # flipped back within the same instant: no change was visible
        else:
            changes.append(ReadyChange(self.env.now, ready))

    def _set_started(self, started: bool) -> None:
        inst = self.runtime.current
        if started and not self.status.started and inst is not None \
                and inst.id == self.status.container_id and inst.record.started_at is None:
            inst.record.started_at = self.env.now
        self.status.started = started

    # -- results -> kubelet (syncLoopIteration, R3.9, R3.10) --------------------------------
    def on_result(self, probe_type: ProbeType, cid: str, result: Result, at: float) -> None:
        """A cache update; the sync loop applies it after one hop."""
        if probe_type is ProbeType.LIVENESS and result is not Result.FAILURE:
            return  # liveness successes are ignored (R3.10)
        if result is Result.FAILURE:
            self.failed_at[(probe_type, cid)] = at
        # normal priority: other probes due at the same instant ran concurrently and did not
        # see this result yet
        ev = self.env.timeout(self.profile.sync_seconds)
        ev.callbacks.append(lambda _: self._apply_update(probe_type, cid, result))

    def _apply_update(self, probe_type: ProbeType, cid: str, result: Result) -> None:
        if cid == self.status.container_id:
            if probe_type is ProbeType.READINESS:  # SetContainerReadiness
                self._set_ready(result is Result.SUCCESS and self.status.started)
            elif probe_type is ProbeType.STARTUP:  # SetContainerStartup
                self._set_started(result is Result.SUCCESS and self.status.running)
                if not self.status.started:
                    self._set_ready(False)
        self._sync_after_updates()

    def _sync_after_updates(self) -> None:
        """HandlePodSyncs: updates of one instant merge into one pod sync (the pod worker
        keeps one pending update), run after all of them are applied."""
        if self.flush_pending:
            return
        self.flush_pending = True
        ev = self.env.timeout(0)
        ev.callbacks.append(lambda _: self._flush())

    def _flush(self) -> None:
        self.flush_pending = False
        self._wake()

    # -- the pod worker ---------------------------------------------------------------------
    def request_sync(self, delay: float) -> None:
        """Queue a pod sync after `delay`; requests while one is queued merge."""
        ev = _Urgent(self.env, delay)
        ev.callbacks.append(lambda _: self._wake())

    def _wake(self) -> None:
        self.sync_requested = True
        if self.idle:
            self.idle = False
            self.pod_worker.interrupt()

    def _pod_worker(self) -> Generator[Any, Any, None]:
        while True:
            if not self.sync_requested:
                self.idle = True
                try:
                    yield _Urgent(self.env, self.next_timer - self.env.now)
                except simpy.Interrupt:
                    pass
                self.idle = False
            self.sync_requested = False
            yield from self._sync()

    def _resync_due(self, delay: float | None = None) -> float:
        return resync_due(self.env.now, self.profile, float(self.rng.random()), delay)

    def _sync(self) -> Generator[Any, Any, None]:
        """One SyncPod: refresh status, then kill and/or start (computePodActions)."""
        wait = self._pleg_wait()
        if wait > 0:  # R4.3: a PLEG cache newer than the previous sync
            yield _Urgent(self.env, wait)
        inst, running = self.runtime.as_seen_at(self._last_relist(self.env.now))
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
            requeue = yield from self._try_start(self.runtime.newest_exited(self.env.now))
        self.last_sync_end = self.env.now
        self.next_timer = self._resync_due(requeue)

    # -- PLEG (E16) -------------------------------------------------------------------------
    def _last_relist(self, t: float) -> float:
        return last_relist(t, self.relist_phase, self.profile.relist_seconds)

    def _pleg_wait(self) -> float:
        return pleg_wait(self.env.now, self.relist_phase, self.profile.relist_seconds,
                         self.last_sync_end)

    def _notice(self, at: float) -> None:
        """A container started or died at `at`: the next relist sees it and queues a sync."""
        self.request_sync(notice_delay(at, self.env.now, self.relist_phase, self.profile))

    # -- status (UpdatePodStatus, §3) -------------------------------------------------------
    def _refresh_status(self, inst: Instance | None, running: bool) -> None:
        st = self.status
        if inst is None:
            return
        st.adopt(inst, running)
        self._set_started(self.manager.is_started(inst.id, running))
        self._set_ready(self.manager.is_ready(inst.id, running, st.started))

    # -- kill and start (§4) ----------------------------------------------------------------
    def _restarts(self) -> bool:
        return restarts_after_kill(self.pod)

    def _grace(self, probe_type: ProbeType) -> float:
        return grace_seconds(self.pod, probe_type)

    def _kill(self, inst: Instance, probe_type: ProbeType) -> Generator[Any, Any, None]:
        now, grace = self.env.now, self._grace(probe_type)
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
        yield _Urgent(self.env, exit_at - now)
        inst.exited_at = inst.record.ended_at = self.env.now
        self._notice(self.env.now)

    def _try_start(self, exited: Instance | None) -> Generator[Any, Any, float | None]:
        """doBackOff, then start; returns a requeue delay when back-off refuses (R4.8-R4.14)."""
        now = self.env.now
        if exited is not None and exited.exited_at is not None:
            finished = exited.exited_at
            if self.backoff.in_backoff(finished, now):
                return self._refuse()
            self.backoff.advance(finished, now)
        yield _Urgent(self.env, self.profile.container_start_seconds)
        self._start_container()
        return None

    def _refuse(self) -> float:
        now = self.env.now
        self.event(now, "Warning", "BackOff",
                   f"Back-off restarting failed container {self.name} in pod "
                   f"{self.pod.object_name}")
        # the next check compares with the newest exited instance: the one just killed
        newest = self.runtime.newest_exited(now)
        finished = newest.exited_at if newest and newest.exited_at is not None else now
        return refusal_requeue(self.profile, self.backoff.remaining(finished, now))

    def _start_container(self) -> None:
        inst = self.runtime.start(self.env.now)
        self.timeline.containers.append(inst.record)
        self.event(self.env.now, "Normal", "Started", f"Started container {self.name}")
        self._notice(self.env.now)
