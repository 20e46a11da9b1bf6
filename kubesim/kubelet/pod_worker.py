"""The kubelet around the workers: PLEG, the pod worker's syncs, kills, restarts, back-off.

Turns cached probe results into Started/Ready (§3), kills and starts (§4: computePodActions,
`pod_actions`), the whole-pod kill (R4.20) and the pod's phase (R4.23, `pod_status`), with the
kubelet's own latencies from the profile: a PLEG relist grid (E16, R4.3), a hop from an update
to the pod sync, the start of each container (one after another within a sync, R4.24),
resyncs and back-off requeues (R1.15, R4.14).

Ordering at equal times: PLEG, pod syncs and kills are scheduled at URGENT priority,
probe ticks at NORMAL, so a container change at time t is visible to a probe tick at the same
t. A probe result at t is applied after every other probe due at t: probes at one instant are
concurrent and none of them sees another's verdict.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Generator, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Final, TypeVar

from kubesim.behaviour.answer import SIGKILL_EXIT_CODE, ExitDue
from kubesim.errors import BehaviourError
from kubesim.kubelet.backoff import backoff_left
from kubesim.kubelet.contracts import Crash, Listener, ValidityBox
from kubesim.kubelet.lifecycle import run_handler
from kubesim.kubelet.pod_actions import Kill, PodActions, Start, compute_pod_actions
from kubesim.kubelet.pod_container import (
    OOM_EXIT_CODE,
    PodContainer,
    exit_reason,
    restarts_after_exit,
    restarts_after_kill,
)
from kubesim.kubelet.pod_status import ContainerState, PodPhase, pod_phase
from kubesim.kubelet.restart_all import restart_all, restart_all_trigger
from kubesim.kubelet.restart_rules import (
    RESET_BUDGET,
    RESET_RESOLUTION,
    reset_allowed,
)
from kubesim.kubelet.runtime import MIN_GRACE_SECONDS, Instance
from kubesim.kubelet.scheduler import NORMAL, URGENT, Interrupted
from kubesim.kubelet.status_view import StatusView
from kubesim.kubelet.termination import (
    PodStop,
    Terminator,
    exit_code_reason,
    pre_stop_seconds,
    run_pre_stop,
    send_stop_signal,
)
from kubesim.kubelet.timing import resync_after
from kubesim.kubelet.worker import GRID_EPS
from kubesim.results import ProbeType, Result
from kubesim.spec.targets import declared_ports, listener_index
from kubesim.timeline import (
    ConditionChange,
    ContainerReady,
    ContainerStop,
    EventRecord,
    ExitRecord,
    KillRecord,
    PhaseChange,
    PodKill,
    PostStart,
    ReadyChange,
)

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.kubelet.scheduler import ProcessGen, Scheduler
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer, Target
    from kubesim.timeline import Timeline

__all__ = ["DRAW_CHUNK", "OOM_EXIT_CODE", "IdleSyncs", "Kubelet", "QuietContainer", "QuietState",
           "StatusView", "Steady", "SyncTimes", "backoff_message", "exit_reason",
           "last_relist", "notice_delay", "pleg_wait", "refusal_requeue", "restarts_after_exit",
           "restarts_after_kill", "resync_after", "resync_due"]



# -- the kubelet's timing and kill rules, as pure functions -------------------------------------
def last_relist(t: float, phase: float, period: float) -> float:
    """The last PLEG relist at or before `t` (E16); `t` itself without a relist period."""
    if period <= 0:
        return t
    return phase + math.floor((t - phase) / period + GRID_EPS) * period


def pleg_wait(now: float, phase: float, period: float, last_sync_end: float) -> float:
    """R4.3: a sync waits for a PLEG relist newer than the previous sync's end."""
    last = last_relist(now, phase, period)
    if period <= 0 or last > last_sync_end:
        return 0.0
    return last + period - now


def notice_delay(at: float, now: float, phase: float, times: SyncTimes) -> float:
    """From `now` to the pod sync caused by a container start or exit at `at` (E16)."""
    period = times.relist_seconds
    seen = at if period <= 0 else last_relist(at - GRID_EPS, phase, period) + period
    return seen - now + times.sync_seconds


def resync_due(now: float, times: SyncTimes, u: float,
               requeue: float | None = None) -> float:
    """The next periodic sync: resync (R1.15) or a requeue after `requeue` s (R4.14), with
    the jitter factor drawn as `u` in [0, 1)."""
    base = times.resync_seconds if requeue is None else requeue
    jitter = times.resync_jitter if requeue is None else times.requeue_jitter
    return resync_after(now, base, jitter, u)


def _exited_at(start: Start) -> float:
    assert start.exited is not None and start.exited.exited_at is not None
    return start.exited.exited_at


class _Refusal:
    """One start back-off refuses through a stretch of syncs (`Kubelet.refused_syncs`): what
    doBackOff compares with (the exited instance the sync saw), its entry's window (R4.9,
    R4.15), the BackOff event's words, and the newest exit `_refuse` measures the wait from
    (no container exits in the stretch: the same at every sync)."""

    def __init__(self, start: Start, pod_name: str, at: float) -> None:
        unit = start.unit
        self.name, self.exited_at = unit.name, _exited_at(start)
        self.window = unit.backoff.refusal_window(self.exited_at)
        self.message = backoff_message(unit.name, pod_name)
        self.finished = _newest_finished(unit, at)
        self.backoff = unit.backoff.backoff

    def refuses(self, at: float) -> bool:
        """`CrashLoopBackOff.refuses(exited_at, at)`."""
        w = self.window
        return w is not None and w.holds(self.exited_at, at)

    def remaining(self, at: float) -> float:
        """`CrashLoopBackOff.remaining(finished, at)` where `refuses(at)` (nothing
        collected)."""
        return backoff_left(self.backoff, self.finished, at)


def _all_refuse(refusals: list[_Refusal], at: float) -> bool:
    for r in refusals:
        if not r.refuses(at):
            return False
    return True


REFUSED_CHUNK: Final = 32  # requeue jitter values drawn at once in a stretch of refused syncs


class _Draws:
    """Uniform values of `rng` drawn REFUSED_CHUNK at a time (one draw of n values is the
    same stream as n draws of one, as `Kubelet.idle_syncs` reads it), a stretch of refused
    syncs not knowing ahead how many it takes: `settle` puts the generator where drawing
    only the values taken would have left it (a scalar draw costs as much as a whole
    BackOff sync besides)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.values: list[float] = []
        self.used = 0
        self.state: Mapping[str, Any] | None = None  # the generator's before the current chunk

    def next(self) -> float:
        if self.used == len(self.values):
            self.state = self.rng.bit_generator.state
            self.values = self.rng.random(REFUSED_CHUNK).tolist()
            self.used = 0
        u = self.values[self.used]
        self.used += 1
        return float(u)

    def settle(self) -> None:
        """Give back the values drawn and not taken."""
        if self.state is not None and self.used < len(self.values):
            self.rng.bit_generator.state = self.state
            if self.used:
                self.rng.random(self.used)
        self.values, self.used, self.state = [], 0, None


def backoff_message(container: str, pod: str) -> str:
    """The BackOff event's message (kuberuntime_manager.go doBackOff)."""
    return f"Back-off restarting failed container {container} in pod {pod}"


def _newest_finished(unit: PodContainer, now: float) -> float:
    """When the newest exited instance finished, which the back-off measures its wait from
    (the one just killed), or `now` if none has (R4.9)."""
    newest = unit.runtime.newest_exited(now)
    return newest.exited_at if newest and newest.exited_at is not None else now


def refusal_requeue(profile: KubeletProfile, remaining: float) -> float:
    """When a pod whose start back-off refused is synced again (R4.14)."""
    mode = profile.backoff_requeue.value
    if mode == "exact":
        return remaining
    if mode == "expiry":  # R4.14, 1.35+
        return min(remaining, profile.resync_seconds)
    return profile.error_requeue_seconds


DRAW_CHUNK: Final = 65_536  # resync jitter values drawn at once over idle syncs


class SyncTimes:
    """The profile's times and switches the pod worker reads at every sync, result and start,
    copied once: compiled, a field of the pydantic `KubeletProfile` is a Python look-up
    through BaseModel's __getattr__ hook (about 480 instructions, callgrind), one of this
    record a load."""

    def __init__(self, profile: KubeletProfile) -> None:
        self.relist_seconds: Final[float] = profile.relist_seconds
        self.sync_seconds: Final[float] = profile.sync_seconds
        self.resync_seconds: Final[float] = profile.resync_seconds
        self.resync_jitter: Final[float] = profile.resync_jitter
        self.requeue_jitter: Final[float] = profile.requeue_jitter
        self.container_start_seconds: Final[float] = profile.container_start_seconds
        self.sibling_start_seconds: Final[float] = profile.sibling_start_seconds
        self.sync_on_readiness_startup: Final[bool] = profile.sync_on_readiness_startup
        self.rules: Final[bool] = profile.container_restart_rules  # R4.30-R4.34
        self.restart_all: Final[bool] = profile.restart_all_containers  # R4.35
        # R4.36: on-demand relists (only where relists are not continuous anyway)
        self.on_demand: Final[bool] = profile.on_demand_relist and profile.relist_seconds > 0
        self.pod_relist_seconds: Final[float] = profile.pod_relist_seconds


class Steady(Enum):
    """A container in a quiet stretch (`Kubelet.quiet_state`)."""

    RUNNING = "running"  # running, seen so by the kubelet, Started
    RESTARTING = "restarting"  # exited or killed; the pod worker will start it again
    DONE = "done"  # exited; it will not run again


# QuietContainer and QuietState are plain classes, not dataclasses: compiled (mypyc), a
# dataclass keeps the __init__ that `dataclass` generates, interpreted Python (about 1,300
# instructions a record, callgrind); one of each per container and jump attempt.
class QuietContainer:
    """One container's part of a quiet state: its steady state, the container ID its
    workers must have seen, and when its process exits by itself (None: not due)."""

    def __init__(self, unit: PodContainer, state: Steady, container_id: str,
                 exit_due: float | None) -> None:
        self.unit, self.state, self.container_id = unit, state, container_id
        self.exit_due = exit_due


class QuietState:
    """What the fast scheduler's jumps need of the kubelet (`Kubelet.quiet_state`): every
    container in a steady state (pod order), the end of the run or the pod's deletion
    (`until`), and whether the pod worker's next sync would change anything (`sync_acts`:
    a restart, a readiness trigger, a container's Started or Ready, the phase, a kill)."""

    def __init__(self, containers: tuple[QuietContainer, ...], until: float,
                 sync_acts: bool, refusing: list[Start] | None = None) -> None:
        self.containers, self.until, self.sync_acts = containers, until, sync_acts
        # every container waits out its back-off: the next syncs only refuse these starts
        # while each is in back-off (`Kubelet.refused_syncs`); None: not so
        self.refusing = refusing


class IdleSyncs:
    """Periodic syncs passed over (`Kubelet.idle_syncs`): the stretch's end, the pod worker's
    next wake-up (None: no sync fell in the stretch), how many syncs (`syncs`). (A plain
    class, not a NamedTuple: compiled, a NamedTuple's __new__ is interpreted Python.)"""

    def __init__(self, end: float, wake_at: float | None, syncs: int) -> None:
        self.end, self.wake_at, self.syncs = end, wake_at, syncs


class Kubelet:
    """One pod on a simulated kubelet, on any scheduler: its containers (`PodContainer`, each
    with its own workers, cache, restarts and back-off) under one pod worker.

    The workers write to their container's cache, the caches announce changes to
    `on_result`, the pod worker's syncs read them (through the prober managers) and kill or
    start. `answers` and `quiet` are the fast scheduler's look-ups of the behaviour
    (`behaviour.lookup`); `targets` the behaviour's key of each probe (`spec.targets`). Each
    probe is answered by the container listening on its port (`spec.targets.listener_index`).
    """

    def __init__(self, sched: Scheduler, pod: ProbedContainer, behaviour: Behaviour,
                 profile: KubeletProfile, rng: np.random.Generator, timeline: Timeline,
                 *, origins: list[dict[ProbeType, float]], censored: str,
                 targets: list[dict[ProbeType, Target]] | None = None,
                 answers: Behaviour | None = None, quiet: Quiet | None = None,
                 box: ValidityBox | None = None) -> None:
        self.sched, self.pod, self.behaviour = sched, pod, behaviour
        self.profile, self.rng, self.timeline = profile, rng, timeline
        self.times = times = SyncTimes(profile)
        self.relist_seconds = relist = times.relist_seconds  # PLEG's relist period
        self.relist_phase = float(rng.uniform(0, relist)) if relist > 0 else 0.0
        self.sync_requested = False
        self.flush_pending = False
        self.idle = False
        self.ready = False  # the pod's Ready condition
        self.containers_ready = False  # the pod's ContainersReady condition (R3.7)
        self.phase = PodPhase.PENDING
        self.init_failed = False  # a plain init container failed and will not run again
        self.stopping: PodStop | None = None  # a whole-pod kill the sync waits for
        self.awaiting = False  # ... and the pod worker waits for it to finish
        self.starts_in_sync = 0  # containers started by the current sync (R4.24)
        self.in_post_start = False  # the pod worker waits for a postStart hook (R4.40)
        self.post_start_until = 0.0  # ... until then
        self.last_sync_end = -math.inf
        self.pod_relist_at = -math.inf  # the last on-demand relist of the pod (R4.36)
        self.pleg_waiting = False  # a sync waits for a relist (R4.3) that may come on demand
        self.last_reset_at = -math.inf  # the last in-place restart of the pod (R4.35)
        self.resets = 0  # the pod's in-place restarts so far (R4.35, RESET_BUDGET)
        self.restarting_all = False  # the pod's AllContainersRestarting condition (R4.35)
        self.next_timer = self._resync_due()
        crash = self._probe_exit(behaviour)
        self.specs = specs = pod.containers
        self.declared = declared_ports(specs)  # each port's containers (R2.5), made once
        self.units = [PodContainer(sched, i, spec, pod.restart_policy, profile)
                      for i, spec in enumerate(specs)]
        # the containers whose Ready makes ContainersReady: app containers and sidecars
        self.ready_statuses = [u.status for u in self.units if not u.init]
        for i, (unit, spec) in enumerate(zip(self.units, specs, strict=True)):
            mine = targets[i] if targets else {t: spec.target(t) for t in spec.probes()}
            unit.add_workers(mine, self._listeners(i, mine), behaviour if answers is None
                             else answers, profile, rng, timeline, origins=origins[i],
                             censored=censored, on_result=self.on_result, quiet=quiet,
                             crash=crash, box=box)
        timeline.pod_phase.append(PhaseChange(sched.now, self.phase.value))
        self.pod_worker = sched.process(self._pod_worker())
        self._watch_gates()
        inits = [u for u in self.units if u.init or u.sidecar]
        self.initialized = not inits
        # the pod's first sync starts its containers one after another in spec order
        # (R4.24): the first one now (time 0 of the run), the rest from the pod worker;
        # init containers one at a time, each when the one before it is done
        self.first_starts = inits[:1] or self.units
        self._start_container(self.first_starts[0])
        deletion = behaviour.deletion()
        self.terminator: Terminator | None = None
        if deletion is not None and deletion.at < timeline.duration:
            self.terminator = Terminator(self, deletion.at, deletion.grace_seconds)

    def _listeners(self, index: int, targets: dict[ProbeType, Target]) -> dict[ProbeType,
                                                                                Listener]:
        """Which container's process answers each probe of container `index` (R2.5)."""
        out = {}
        specs = self.specs
        for t, target in targets.items():
            owner = (self.behaviour.port_owner(target.port) if target.port is not None
                     else None)
            unit = self.units[listener_index(specs, index, target, owner, self.declared)]
            out[t] = Listener(unit.runtime, self.behaviour.answers_after_sigterm(unit.name))
        return out

    # -- quiet stretches (the fast scheduler's jumps, kubesim.engine.jumps) -----------------
    def quiet_state(self) -> QuietState | None:
        """The pod's state when its pod worker waits for its timer with nothing queued, the
        pod is initialized, nothing is being stopped or deleted and every container is
        steady (`Steady`); None otherwise (then every event is stepped)."""
        if (not self.idle or self.sync_requested or self.flush_pending or not self.initialized
                or self.stopping is not None or self.phase.terminal):
            return None
        term = self.terminator
        if term is not None and self.sched.now >= term.at:
            return None  # deleted: the termination is stepped
        out = []
        acts = done = False
        for unit in self.units:
            st, inst = unit.status, unit.runtime.current
            if inst is None or st.container_id != inst.id or st.pod_finished:
                return None
            if inst.exited_at is None:
                if inst.sigterm_at is not None or not (st.running and st.started):
                    return None
                if not unit.init:  # a sync would trigger readiness, or set Ready
                    acts = acts or not st.ready or not unit.manager.ready_by_results(inst.id)
                out.append(QuietContainer(unit, Steady.RUNNING, inst.id, inst.exit_due))
                continue
            if st.running or not st.terminated:
                return None
            if st.will_restart:
                acts = True  # the next sync starts it, or back-off refuses
                out.append(QuietContainer(unit, Steady.RESTARTING, inst.id, None))
            else:
                done = True
                acts = acts or st.started or st.ready
                out.append(QuietContainer(unit, Steady.DONE, inst.id, None))
        if not acts and (done or self.pod.readiness_gates):
            # with every container running, Started and Ready there is nothing to kill or
            # start and the phase stays Running; a container done may change both
            acts = self._sync_acts()
        duration = self.timeline.duration
        refusing = (self._refused_starts() if all(c.state is Steady.RESTARTING for c in out)
                    else None)
        return QuietState(tuple(out), duration if term is None else min(duration, term.at), acts,
                          refusing)

    def _refused_starts(self) -> list[Start] | None:
        """The starts a sync now would try, when that is all it would do (no kill, no change
        of the pod's Ready or phase, no restart of the whole pod) and back-off refuses each
        of them now (R4.8, R4.9); else None."""
        if self.restarting_all or self.times.restart_all or self.pod.readiness_gates:
            return None
        seen = [u.runtime.now_seen() for u in self.units]
        if self._status_changes(seen):
            return None
        actions = compute_pod_actions(self.units, seen, self.pod.restart_policy,
                                      initialized=self.initialized,
                                      init_failed=self.init_failed, rules=self.times.rules)
        if actions.kill_pod or actions.kills or actions.init_starts or not actions.starts:
            return None
        now = self.sched.now
        if not all(a.exited is not None and a.exited.exited_at is not None
                   and a.unit.backoff.refuses(a.exited.exited_at, now) for a in actions.starts):
            return None
        return actions.starts

    def refused_syncs(self, starts: list[Start], at: float, end: float) -> IdleSyncs:
        """The pod worker's syncs from `at` (its next wake-up) until `end` while back-off
        refuses every one of `starts` (`_refused_starts`): each a BackOff event per start and
        its requeue (R4.14) drawn as `_sync` draws it; they end at the first sync that would
        start a container or wait for a relist (R4.3), which is stepped. Nothing exits in
        the stretch, so what each sync compares with is the same every time (`_Refusal`)."""
        refusals = [_Refusal(a, self.pod.object_name, at) for a in starts]
        draws = _Draws(self.rng)  # the requeues' jitter: one value a sync, in the stream's order
        jitter = self.times.requeue_jitter
        count = 0
        # nothing starts or exits in the stretch, and the relist a sync reads only moves
        # on: once a relist shows every container as it is now, every later one does
        seen = False
        while at < end:
            if self._pleg_wait(at) > 0 or not (seen or self._seen_as_now(at)) or not _all_refuse(
                    refusals, at):
                end = at
                break
            seen = True
            requeue = math.inf
            for r in refusals:  # as `_refuse`: the event, then the wait it leaves
                self.event(at, "Warning", "BackOff", r.message, r.name)
                requeue = min(requeue, refusal_requeue(self.profile, r.remaining(at)))
            self.starts_in_sync = 0
            self.last_sync_end = at
            self.next_timer = nt = resync_after(at, requeue, jitter, draws.next())
            count += 1
            at = at + max(0.0, nt - at)
        draws.settle()
        return IdleSyncs(end, at if count else None, count)

    def _seen_as_now(self, at: float) -> bool:
        t = self._last_relist(at)
        for u in self.units:
            if not u.runtime.seen_as_now(t):
                return False
        return True

    def _sync_acts(self) -> bool:
        """Whether a sync on the containers as they are now would change the pod's
        conditions or phase, or kill or start anything (`_sync`)."""
        seen = [u.runtime.now_seen() for u in self.units]
        if self._status_changes(seen):
            return True
        if self.restarting_all or (self.times.restart_all
                                   and restart_all_trigger(self.units, seen) is not None):
            return True
        actions = compute_pod_actions(self.units, seen, self.pod.restart_policy,
                                      initialized=self.initialized,
                                      init_failed=self.init_failed, rules=self.times.rules)
        return bool(actions.kill_pod or actions.kills or actions.init_starts or actions.starts)

    def idle_syncs(self, at: float, end: float) -> IdleSyncs:
        """The pod worker's periodic syncs from `at` (its next wake-up) until `end`, in a
        stretch where a sync changes nothing (`quiet_state`): each ends where it starts and
        draws its jitter (R1.15). The first one ends the stretch instead if it would wait for
        a relist (R4.3) or its relist does not show every container as it is now; later ones
        are resync_seconds > relist_seconds apart. At least `batch` syncs fall in the
        stretch: their jitter is drawn in chunks of at most DRAW_CHUNK (the same stream as
        one draw per sync, in bounded memory), the rest one by one."""
        times, rng = self.times, self.rng
        if at < end:
            t = self._last_relist(at)
            if (self._pleg_wait(at) > 0
                    or not all(u.runtime.seen_as_now(t) for u in self.units)):
                end = at
        base, jitter = times.resync_seconds, times.resync_jitter
        batch = max(0, math.floor((end - at) / (base * (1 + jitter))) - 1) if at < end else 0
        draws: list[float] = []
        used, drawn, count = 0, 0, 0
        while at < end:
            self.last_sync_end = at
            if used < batch:
                if used == drawn:
                    draws = rng.random(min(DRAW_CHUNK, batch - used)).tolist()
                    drawn += len(draws)
                u = draws[used - drawn + len(draws)]
                used += 1
            else:
                u = float(rng.random())
            self.next_timer = nt = resync_after(at, base, jitter, u)
            count += 1
            at = at + max(0.0, nt - at)
        if used != batch:
            raise AssertionError("resync draws out of step")
        return IdleSyncs(end, at if count else None, count)

    # -- records ---------------------------------------------------------------------------
    def event(self, at: float, type_: str, reason: str, message: str, name: str) -> None:
        """Keep one kubelet-style event of the kubelet's own, about container `name`."""
        if not self.timeline.keep_probes:  # counted only: no EventRecord (a frozen
            # dataclass, interpreted: about 8,000 instructions to build, callgrind)
            self.timeline.count_event(reason, name)
            return
        self.timeline.record_event(EventRecord(at, type_, reason, message, name))

    def set_container_ready(self, unit: PodContainer, ready: bool) -> None:
        """A container's Ready changed (or was refreshed): recompute the pod's."""
        self._set_container_ready(unit, ready)

    def _set_container_ready(self, unit: PodContainer, ready: bool) -> None:
        if ready != unit.status.ready:
            _changed(self.timeline.container_ready, ContainerReady(self.sched.now, unit.name,
                                                                   ready),
                     lambda c: c.name == unit.name)
        unit.status.ready = ready
        self._set_ready()

    def _containers_ready(self) -> bool:
        """Every app container and sidecar Ready (plain init containers do not count)."""
        for status in self.ready_statuses:
            if not status.ready:
                return False
        return True

    # -- readiness gates (R3.8) -------------------------------------------------------------
    def _gates_true(self) -> bool:
        """Every readiness gate's condition is True now (a gate nobody sets never is)."""
        if not self.pod.readiness_gates:
            return True
        now = self.sched.now
        return all(self.behaviour.condition(g, now) for g in self.pod.readiness_gates)

    def _watch_gates(self) -> None:
        """A condition change is a pod update from the API server: a sync one hop later
        (HandlePodUpdates) recomputes Ready."""
        times = sorted({t for g in self.pod.readiness_gates
                        for t in self.behaviour.condition_changes(g)
                        if t < self.timeline.duration})
        for t in times:
            self.sched.call(t - self.sched.now, URGENT, self._gate_changed, None)

    def _gate_changed(self, _: Any) -> None:
        self.request_sync(self.times.sync_seconds)

    def _set_ready(self) -> None:
        """The pod's conditions: ContainersReady when every container is Ready (R3.4, R3.7),
        Ready when ContainersReady and every readiness gate is True (R3.8)."""
        now = self.sched.now
        containers = self._containers_ready()
        if containers != self.containers_ready:
            self.containers_ready = containers
            _changed(self.timeline.containers_ready, ReadyChange(now, containers))
        ready = containers and self._gates_true()
        if ready == self.ready:
            return
        self.ready = ready
        _changed(self.timeline.ready, ReadyChange(now, ready))
        self.timeline.endpoint_changed(now)

    def set_phase(self, phase: PodPhase) -> None:
        """The pod's phase as the status manager now has it; a terminal phase stays (the
        kubelet refuses a transition out of one) and ends every probe worker (R1.33)."""
        if phase is self.phase or self.phase.terminal:
            return
        self.phase = phase
        self.timeline.pod_phase.append(PhaseChange(self.sched.now, phase.value))
        if self.phase.terminal:
            for unit in self.units:
                unit.status.pod_finished = True

    def _status_changes(self, seen: list[tuple[Instance | None, bool]]) -> bool:
        """Whether a sync on the containers as `seen` would change the pod's Ready condition
        or its phase (the status every sync writes: R3.7, R3.8 and getPhase, R4.33)."""
        if self.ready != (self._containers_ready() and self._gates_true()):
            return True
        return pod_phase(self._states(seen), self.pod.restart_policy,
                         rules=self.times.rules) is not self.phase

    def _states(self, seen: list[tuple[Instance | None, bool]]) -> list[ContainerState]:
        """The containers as the status of this sync shows them (getPhase's input)."""
        out = []
        for unit, (inst, running) in zip(self.units, seen, strict=True):
            kind = "init" if unit.init else "sidecar" if unit.sidecar else "app"
            if inst is None and unit.runtime.removed:  # R4.35: stopped, restarting
                out.append(ContainerState(kind, True, False, False, SIGKILL_EXIT_CODE, True))
                continue
            out.append(ContainerState(kind, inst is not None, running, unit.status.started,
                                      None if inst is None else inst.record.exit_code,
                                      inst is None or inst.will_restart))
        return out

    # -- results -> kubelet (syncLoopIteration, R3.9, R3.10) --------------------------------
    def on_result(self, unit: PodContainer, probe_type: ProbeType, cid: str, result: Result,
                  at: float) -> None:
        """A cache update; the sync loop applies it after one hop."""
        if probe_type is ProbeType.LIVENESS and result is not Result.FAILURE:
            return  # liveness successes are ignored (R3.10)
        if result is Result.FAILURE:
            unit.failed_at[(probe_type, cid)] = at
        # NORMAL: other probes due at the same instant ran concurrently and did not see
        # this result yet
        self.sched.call(self.times.sync_seconds, NORMAL, self._apply_update,
                        (unit, probe_type, cid, result))

    def _apply_update(self, update: tuple[PodContainer, ProbeType, str, Result]) -> None:
        unit, probe_type, cid, result = update
        st = unit.status
        if cid == st.container_id:
            if probe_type is ProbeType.READINESS:  # SetContainerReadiness
                self._set_container_ready(unit, result is Result.SUCCESS and st.started)
            elif probe_type is ProbeType.STARTUP:  # SetContainerStartup
                unit.set_started(result is Result.SUCCESS and st.running)
                if not st.started:
                    self._set_container_ready(unit, False)
        if probe_type is not ProbeType.LIVENESS and not self.times.sync_on_readiness_startup:
            return  # 1.20: readiness and startup results go to the status manager only
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

    def delete(self, grace_seconds: int | None = None) -> None:
        """The API deletes the pod now (a controller's decision: a rollout, an eviction),
        with the pod's grace period or `grace_seconds`; a second deletion changes nothing."""
        if self.terminator is None:
            self.terminator = Terminator(self, self.sched.now, grace_seconds)

    def _cancelled(self) -> bool:
        """The pod became terminating: the running sync's context is cancelled (R4.42)."""
        return self.terminator is not None and self.terminator.requested

    def cancel_sync(self) -> None:
        """UpdatePod of a pod that became terminating cancels the running sync's context
        (R4.42): a postStart hook it waits for is cut short. (A hook that ends at this very
        instant ends by itself: its wake-up may already be queued ahead of an interrupt,
        which would then land on a later wait.)"""
        if self.in_post_start and self.post_start_until > self.sched.now:
            self.sched.interrupt(self.pod_worker)

    def _pod_worker(self) -> ProcessGen:
        # R4.24, R4.40: the first sync starts its containers one after another, each after
        # the postStart hook of the one before (the first one started at time 0)
        first = self.first_starts[0]
        hooked = first.spec.post_start is not None
        current = first.runtime.current
        if hooked and current is not None:
            yield from self._post_start(first, current)
        for unit in self.first_starts[1:]:
            if self._cancelled():
                break
            yield max(0.0, self.times.sibling_start_seconds), URGENT
            inst = self._start_container(unit)
            if unit.spec.post_start is not None:
                hooked = True
                yield from self._post_start(unit, inst)
        if len(self.first_starts) > 1 or hooked:  # that first sync ends here (R4.3)
            self.last_sync_end = self.sched.now
        self._relist_pod()  # R4.36: its postSync relist
        while self.terminator is None or not self.terminator.requested:
            if not self.sync_requested:
                self.idle = True
                try:
                    yield max(0.0, self.next_timer - self.sched.now), URGENT
                except Interrupted:
                    pass
                self.idle = False
            self.sync_requested = False
            if self.terminator is not None and self.terminator.requested:
                break
            yield from self._sync()
        self.terminator.terminate()  # SyncTerminatingPod; the pod worker syncs nothing after

    def _resync_due(self, delay: float | None = None) -> float:
        return resync_due(self.sched.now, self.times, float(self.rng.random()), delay)

    def _sync(self) -> ProcessGen:
        """One SyncPod: refresh the status (container Started/Ready, the pod's conditions and
        phase), then carry out computePodActions: the whole-pod kill, or the kills, then the
        sidecar starts, then the app container starts, one at a time in pod order."""
        wait = self._pleg_wait(self.sched.now)
        if wait > 0:  # R4.3: a PLEG cache newer than the previous sync
            if self.times.on_demand:
                yield from self._wait_for_relist(wait)
            else:
                yield wait, URGENT
        seen_at = self._last_relist(self.sched.now)
        seen = [u.runtime.as_seen_at(seen_at) for u in self.units]
        for unit, (inst, running) in zip(self.units, seen, strict=True):
            ready = unit.refresh(inst, running)
            if ready is not None:
                self._set_container_ready(unit, ready)
        self._set_ready()
        self.set_phase(pod_phase(self._states(seen), self.pod.restart_policy,
                                 rules=self.times.rules))
        self.starts_in_sync = 0
        requeues: list[float] = []
        acted = True
        trigger = (restart_all_trigger(self.units, seen) if self.times.restart_all
                   else None)
        if self.restarting_all:  # every container removed: the restart is cleaned up (R4.35)
            self._set_restarting_all(False, "")
        if self.phase.terminal:
            # a terminal pod is terminated (SyncTerminatingPod): whatever still runs (the
            # sidecars of a pod whose init container failed under Never) is stopped
            yield from self._kill_pod(PodActions(kill_pod=True))
            acted = False
        elif trigger is not None:  # R4.35: the pod restarts in place, then syncs again
            self._refuse_endless_reset(trigger.unit.name, trigger.code)
            self._refuse_reset_past_budget(trigger.unit.name, trigger.code)
            self.last_reset_at = self.sched.now
            self.resets += 1
            self._set_restarting_all(True, "RestartAllContainersStarted")
            yield from restart_all(self, trigger)
            self.initialized = not any(u.init or u.sidecar for u in self.units)
            self.init_failed = False
            self.request_sync(self.times.sync_seconds)
        else:
            actions = compute_pod_actions(self.units, seen, self.pod.restart_policy,
                                          initialized=self.initialized,
                                          init_failed=self.init_failed,
                                          rules=self.times.rules)
            if actions.kill_pod:
                yield from self._kill_pod(actions)
            else:
                requeues = yield from self._carry_out(actions)
                if not self.initialized:
                    yield from self._advance_init(seen)
                acted = bool(actions.kills) or self.starts_in_sync > 0
        self.last_sync_end = self.sched.now
        self.next_timer = self._resync_due(min(requeues) if requeues else None)
        if acted and not requeues:  # R4.36: a sync with results and no error
            self._relist_pod()

    def _refuse_endless_reset(self, name: str, code: int) -> None:
        """R4.35 takes no back-off: with no kubelet latency (an ideal profile) a container
        that exits as soon as it starts restarts the pod in place as often as its own run
        allows. Less than RESET_RESOLUTION apart (the same instant, or a lifetime of 1e-300 s
        that moves the clock by nothing a kubelet could tell) the loop would not end, or end
        after more restarts than memory holds: refused, never run."""
        gap = self.sched.now - self.last_reset_at
        if gap >= RESET_RESOLUTION:
            return
        when = "at that instant" if gap == 0 else f"{gap:.3g} s apart"
        raise BehaviourError(
            f"container {name} exits with code {code} as soon as it starts and its "
            f"RestartAllContainers rule restarts the pod again at {self.sched.now:g} s: with no "
            f"kubelet latency (an ideal profile) it would restart for ever {when} (R4.35); give "
            f"its exit after_seconds of at least {RESET_RESOLUTION:g} or use a profile with "
            "latencies")

    def _refuse_reset_past_budget(self, name: str, code: int) -> None:
        """An in-place restart `reset_allowed` does not run is refused: past RESET_BUDGET
        of them the run's work would grow past what its duration allows (R4.35 has no
        back-off to slow the loop)."""
        now = self.sched.now
        if reset_allowed(self.resets, now):
            return
        raise BehaviourError(
            f"container {name} exits with code {code} and its RestartAllContainers rule has "
            f"restarted the pod in place {self.resets} times by {now:g} s "
            f"({now / self.resets:.3g} s apart on average, R4.35: no back-off); kubesim runs "
            f"{RESET_BUDGET} in-place restarts of a pod at any pace, then at most one a second "
            "on average: shorten --duration, give its exit a longer after_seconds, or use a "
            "profile with latencies")

    def _set_restarting_all(self, status: bool, reason: str) -> None:
        """GenerateAllContainersRestartingCondition (R4.35): True ("RestartAllContainersStarted")
        in the status of the sync that sees a container's exit match a RestartAllContainers
        rule, False in the first one after every container was removed."""
        self.restarting_all = status
        self.timeline.all_containers_restarting.append(
            ConditionChange(self.sched.now, status, reason))

    def _carry_out(self, actions: PodActions) -> Generator[Any, Any, list[float]]:
        """SyncPod steps 3, 6 and 8: kill, then start; the requeue delays of refused starts
        (R4.14)."""
        for kill in actions.kills:
            yield from self._kill(kill.unit, kill.inst, kill.probe)
        requeues = []
        for start in [*actions.init_starts, *actions.starts]:
            requeue = yield from self._try_start(start.unit, start.exited)
            if requeue is not None:
                requeues.append(requeue)
        return requeues

    def _advance_init(self, seen: list[tuple[Instance | None, bool]]) -> ProcessGen:
        """computeInitContainerActions: init containers start one at a time, in order; the
        next one when the previous plain one has completed (exit code 0) or the previous
        sidecar is Started (its startup probe succeeded, or it runs without one); the app
        containers once every init container is done."""
        for unit, (inst, running) in zip(self.units, seen, strict=True):
            if not (unit.init or unit.sidecar):
                continue
            if unit.runtime.current is None:
                yield from self._try_start(unit, None)
                return
            done = (running and unit.status.started if unit.sidecar else
                    inst is not None and not running and inst.record.exit_code == 0)
            if not done:
                return
        self.initialized = True
        for unit in self.units:
            if unit.runtime.current is None:
                yield from self._try_start(unit, None)

    # -- PLEG (E16, R4.36) -----------------------------------------------------------------
    def _last_relist(self, t: float) -> float:
        """The last relist of the pod at or before `t`: the periodic one, or the pod's own
        on-demand relist (R4.36)."""
        return max(last_relist(t, self.relist_phase, self.relist_seconds), self.pod_relist_at)

    def _pleg_wait(self, now: float) -> float:
        """R4.3, where a relist of the pod (periodic or on demand) after the previous sync's
        end also serves."""
        if self.pod_relist_at > self.last_sync_end:
            return 0.0
        return pleg_wait(now, self.relist_phase, self.relist_seconds, self.last_sync_end)

    def notice(self, at: float) -> None:
        """A container started or died at `at`: the next relist sees it and queues a sync;
        with on-demand relists only if no relist of the pod saw it before (R4.36)."""
        delay = notice_delay(at, self.sched.now, self.relist_phase, self.times)
        if not self.times.on_demand:
            self.request_sync(delay)
            return
        self.sched.call(max(0.0, delay - self.times.sync_seconds), URGENT, self._relisted, True)

    def _relist_pod(self) -> None:
        """GenericPLEG.RequestRelist after a sync (kubelet.go `SyncPod`'s postSync, R4.36)."""
        if self.times.on_demand:
            self.sched.call(self.times.pod_relist_seconds, URGENT, self._pod_relisted, None)

    def _pod_relisted(self, _: Any) -> None:
        self._relisted(False)
        self.pod_relist_at = self.sched.now
        if self.pleg_waiting:  # GetNewerThan returns: the pod's cache is newer now
            self.pleg_waiting = False
            self.sched.interrupt(self.pod_worker)

    def _wait_for_relist(self, wait: float) -> ProcessGen:
        """R4.3 with on-demand relists: until the next periodic relist, or the pod's own
        relist if it comes first (R4.36)."""
        self.pleg_waiting = True
        try:
            yield wait, URGENT
        except Interrupted:
            pass
        self.pleg_waiting = False

    def _relisted(self, periodic: bool) -> None:
        """A relist now (`periodic`: the relist of the period grid, else the pod's own): a
        pod lifecycle event, and a sync one hop later, for a container whose state differs
        from what the pod's previous relist recorded (a change at the instant of a periodic
        relist is that relist's next one's, as in `notice_delay`)."""
        now, period = self.sched.now, self.relist_seconds
        grid = last_relist(now - 0.5 * period if periodic else now, self.relist_phase, period)
        before = max(grid - GRID_EPS, self.pod_relist_at)
        if not all(u.runtime.seen_as_now(before) for u in self.units):
            self.request_sync(self.times.sync_seconds)

    # -- kill and start (§4) ----------------------------------------------------------------
    def _kill(self, unit: PodContainer, inst: Instance, probe_type: ProbeType) -> ProcessGen:
        now = self.sched.now
        grace = unit.grace_seconds(probe_type, self.pod.termination_grace_period_seconds)
        who = "Init container" if unit.sidecar else "Container"
        inst.will_restart = restart = restarts_after_kill(unit.spec, self.pod.restart_policy,
                                                          rules=self.times.rules)
        suffix = ", will be restarted" if restart else ""  # decided now (E13)
        self.event(now, "Normal", "Killing",
                   f"{who} {unit.name} failed {probe_type.value} probe{suffix}", unit.name)
        hook, failed = 0.0, False
        has_hook = unit.spec.pre_stop is not None
        if has_hook:  # R4.5: the hook first, its whole seconds off
            hook, failed = pre_stop_seconds(self, unit, inst)
            hook = min(hook, grace)
            grace = max(grace - int(hook), MIN_GRACE_SECONDS)
        sigterm = now + hook
        in_run = self.timeline.duration
        can_act = self.behaviour.stall_end(sigterm, inst.running_at, unit.name)
        exit_at = min(sigterm + grace, can_act + self.behaviour.shutdown_seconds(unit.name))
        self.timeline.kills.append(KillRecord(
            now, probe_type, inst.restart_count, unit.failed_at.get((probe_type, inst.id), now),
            grace,
            exit_at if exit_at <= self.timeline.duration else None,
            restart, inst.restart_count + 1, unit.name,
            sigterm if sigterm <= in_run else None,
            pre_stop_start=now if has_hook else None,
            pre_stop_end=sigterm if has_hook and sigterm <= in_run else None))
        sigkill = not exit_at < sigterm + grace
        how = f"SIGKILL after the {grace:g} s grace period" if sigkill else "exited after SIGTERM"
        inst.record.end_reason = f"killed: {probe_type.value} probe failed; {how}"
        if has_hook:
            yield hook, URGENT
            if failed:
                self.event(self.sched.now, "Warning", "FailedPreStopHook",
                           f"PreStopHook failed for container {unit.name}", unit.name)
        inst.sigterm_at = self.sched.now
        yield max(0.0, exit_at - self.sched.now), URGENT
        inst.exited_at = inst.record.ended_at = self.sched.now
        code = SIGKILL_EXIT_CODE if sigkill else self.behaviour.sigterm_exit_code(unit.name)
        inst.record.exit_code, inst.record.reason = code, exit_code_reason(code)
        if not restart and self.times.rules:  # R4.32: the next sync judges this exit
            inst.will_restart = self._restarts_after(unit, code)
        self.notice(self.sched.now)

    def _kill_pod(self, actions: PodActions) -> ProcessGen:
        """KillPod (R4.20): every running container stopped with the pod's grace (R4.22),
        sidecars after the app containers (R4.21); the sync waits until all have stopped."""
        now = self.sched.now
        running = [u for u in self.units if u.runtime.current is not None
                   and u.runtime.current.exited_at is None]
        if not running:
            return
        grace = self.pod.termination_grace_period_seconds
        kills = {k.unit.name: k for k in actions.kills}
        reason = ("; ".join(f"{k.unit.name} failed {k.probe.value} probe"
                            for k in actions.kills)
                  or ("an init container failed (restartPolicy Never)" if self.init_failed
                      else "every app container has exited and none is to restart"))
        for k in actions.kills:  # the probe verdicts that left nothing to keep
            self.timeline.kills.append(KillRecord(
                now, k.probe, k.inst.restart_count,
                k.unit.failed_at.get((k.probe, k.inst.id), now),
                max(float(grace), MIN_GRACE_SECONDS), None, False, k.inst.restart_count + 1,
                k.unit.name, None, True))
        record = PodKill(now, reason, grace, [])
        self.timeline.pod_kills.append(record)

        def why(unit: PodContainer) -> str:
            kill = kills.get(unit.name)
            if kill is not None:
                return f"killed: {kill.probe.value} probe failed; whole-pod kill: "
            return "whole-pod kill: "

        def done() -> None:
            record.stopped_at = self.sched.now
            self._kill_records(record.containers, kills)
            if self.stopping is not None and self.stopping.finished and self.awaiting:
                self.awaiting = False
                self.sched.interrupt(self.pod_worker)

        self.awaiting = False
        self.stopping = PodStop(self, grace, record.containers, why, done)
        self.stopping.start()
        while not self.stopping.finished:
            self.awaiting = True
            try:
                yield self.timeline.duration - self.sched.now + 1.0, URGENT
            except Interrupted:
                pass
            self.awaiting = False
        self.stopping = None

    def _kill_records(self, stops: list[ContainerStop], kills: dict[str, Kill]) -> None:
        """The whole-pod kill's SIGTERM, grace and stop times in the kill records of the
        probe verdicts that caused it."""
        records = self.timeline.kills
        for stop in stops:
            kill = kills.get(stop.name)
            if kill is None:
                continue
            i = next(j for j in range(len(records) - 1, -1, -1)
                     if records[j].name == stop.name and records[j].whole_pod)
            records[i] = dataclasses.replace(
                records[i], grace_seconds=stop.grace_seconds, sigterm_at=stop.sigterm_at,
                stopped_at=stop.stopped_at)

    def _try_start(self, unit: PodContainer,
                   exited: Instance | None) -> Generator[Any, Any, float | None]:
        """doBackOff, then start; returns a requeue delay when back-off refuses (R4.8-R4.14).
        The sync's first start takes `container_start_seconds` from the decision to the
        container running, each later one `sibling_start_seconds` more (R4.24)."""
        if self._cancelled():
            return None  # the sync's context is cancelled (R4.42): no start succeeds
        now = self.sched.now
        if exited is not None and exited.exited_at is not None:
            finished = exited.exited_at
            if unit.backoff.in_backoff(finished, now):
                return self._refuse(unit)
            unit.backoff.advance(finished, now)
        took = (self.times.container_start_seconds if self.starts_in_sync == 0
                else self.times.sibling_start_seconds)
        self.starts_in_sync += 1
        yield max(0.0, took), URGENT
        inst = self._start_container(unit)
        if unit.spec.post_start is not None:
            failed = yield from self._post_start(unit, inst)
            if failed:  # the start's error fails the sync: the generic requeue
                return self.profile.error_requeue_seconds
        return None

    def _refuse(self, unit: PodContainer) -> float:
        now = self.sched.now
        self.event(now, "Warning", "BackOff", backoff_message(unit.name, self.pod.object_name),
                   unit.name)
        # the next check compares with the newest exited instance: the one just killed
        return refusal_requeue(self.profile,
                               unit.backoff.remaining(_newest_finished(unit, now), now))

    def _start_container(self, unit: PodContainer) -> Instance:
        """startContainer up to its step 3: the container runs (its postStart hook is
        `_post_start`)."""
        now = self.sched.now
        inst = unit.runtime.start(now)
        self.timeline.containers.append(inst.record)
        self.timeline.endpoint_changed(now)
        self.event(now, "Normal", "Started", f"Started container {unit.name}", unit.name)
        self.notice(now)
        if unit.init:  # a plain init container: runs its time, exits with its code
            run = self.behaviour.init_run(unit.name, inst.restart_count)
            due: ExitDue | None = ExitDue(now + run.seconds, run.code, False)
        else:
            due = self.behaviour.exit_at(now, unit.name, inst.restart_count)
        if due is not None and due.at < self.timeline.duration:
            inst.exit_due = due.at
            self.sched.process(self._exit_when_due(unit, inst, *due))
        return inst

    def _post_start(self, unit: PodContainer, inst: Instance) -> Generator[Any, Any, bool]:
        """startContainer step 4 (R4.40): the postStart hook runs right after the container
        started, inside the sync, so the next container starts only when it has returned
        (and the status shows this one running only from the next sync on). A failed hook:
        FailedPostStartHook, then killContainer (R4.41); the pod's deletion cuts it short
        (R4.42). Whether the hook failed."""
        hook = unit.spec.post_start
        assert hook is not None
        now = self.sched.now
        run = run_handler(self, unit, hook, inst)
        record = PostStart(unit.name, inst.restart_count, hook.kind.value, now)
        self.timeline.post_starts.append(record)
        cancelled = False
        wait = min(run.seconds, self.timeline.duration - now + 1.0)
        self.in_post_start, self.post_start_until = True, now + wait
        try:  # never answered: until the deletion, or past the end of the run
            yield wait, URGENT
        except Interrupted:
            cancelled = True
        self.in_post_start = False
        record.ended_at = self.sched.now
        if not (cancelled or run.failed):
            return False
        record.failed, record.cancelled = True, cancelled
        self.event(self.sched.now, "Warning", "FailedPostStartHook", "PostStartHook failed",
                   unit.name)
        if not cancelled:  # a cancelled sync's kill fails at once; the termination stops it
            yield from self._kill_failed_start(unit, inst, record)
        return True

    def _kill_failed_start(self, unit: PodContainer, inst: Instance,
                           record: PostStart) -> ProcessGen:
        """killContainer(..., "FailedPostStartHook", reasonFailedPostStartHook) inside
        startContainer (R4.41): the Killing event's message is the reason itself, the grace
        the pod's (not a probe's, R4.22), the preStop hook first (R4.5); the sync waits until
        the container has stopped. Whether it starts again is the restart policy's, by its
        exit code, as for an exit."""
        now = self.sched.now
        grace = self.pod.termination_grace_period_seconds
        self.event(now, "Normal", "Killing", "FailedPostStartHook", unit.name)
        stop = record.stop = ContainerStop(unit.name, inst.restart_count, now, float(grace))
        left = yield from run_pre_stop(self, unit, inst, stop, grace)
        killed = inst.exited_at is None  # (an app that exited by itself is an exit)
        yield from send_stop_signal(self, unit, inst, stop, left,
                                    "killed: postStart hook failed; ")
        code = inst.record.exit_code
        if killed and code is not None:
            inst.will_restart = record.restart = (
                restarts_after_exit(unit.spec, self.pod.restart_policy, code)
                and (self.terminator is None or not self.terminator.requested))

    # -- the app's own exits (§4: crashes, completions, OOM kills) ---------------------------
    def _exit_when_due(self, unit: PodContainer, inst: Instance, at: float, code: int,
                       oom: bool) -> ProcessGen:
        """A process that waits for the app's exit time (URGENT: the exit comes before probe
        ticks at the same instant); a kill started before it wins."""
        yield max(0.0, at - self.sched.now), URGENT
        self.app_exited(unit, inst, code, oom)

    def app_exited(self, unit: PodContainer, inst: Instance, code: int, oom: bool) -> None:
        """The process of `inst` exits now by itself; PLEG notices it at the next relist, and
        the sync that sees it restarts it (the first time at once, creating the back-off
        entry, R4.12) or not, by the restart policy and the exit code."""
        if inst.sigterm_at is not None or inst.exited_at is not None:
            return
        now = self.sched.now
        code = OOM_EXIT_CODE if oom else code
        inst.exited_at = inst.record.ended_at = now
        inst.record.end_reason = reason = exit_reason(code, oom)
        inst.record.exit_code, inst.record.reason = code, reason
        inst.will_restart = restart = self._restarts_after(unit, code)
        if not restart and unit.init and code != 0:
            self.init_failed = True  # Never: the pod fails (getPhase), its sidecars stop
        self.timeline.exits.append(ExitRecord(now, inst.restart_count, code, reason, restart,
                                              unit.name))
        self.notice(now)

    def _restarts_after(self, unit: PodContainer, code: int) -> bool:
        """Whether the container restarts after an exit with `code` (§4, R4.31); never once
        the pod is being deleted."""
        return (restarts_after_exit(unit.spec, self.pod.restart_policy, code,
                                    rules=self.times.rules, restart_all=self.times.restart_all)
                and (self.terminator is None or not self.terminator.requested))

    def _probe_exit(self, behaviour: Behaviour) -> Crash | None:
        """The prober's hook for an app that dies when a target is first asked."""
        if not behaviour.exits_on_probe():
            return None

        def crash(inst: Instance, key: str) -> bool:
            rule = behaviour.exit_on_probe(key)
            if rule is None or key in inst.probed:
                return False
            inst.probed = inst.probed | {key}
            unit = next(u for u in self.units if u.runtime.current is inst)
            self.app_exited(unit, inst, *rule)
            return True

        return crash


# a recorded condition change: the pod's Ready or ContainersReady, or one container's Ready
_Change = TypeVar("_Change", ReadyChange, ContainerReady)


def _changed(changes: list[_Change], change: _Change,
             same: Callable[[_Change], bool] = bool) -> None:
    """Append a condition change; one that undoes the last change of the same thing at the
    same instant removes it instead (no change was visible)."""
    for index in range(len(changes) - 1, -1, -1):  # the last change of the same thing
        if same(changes[index]):
            if changes[index].at == change.at:
                del changes[index]
                return
            break
    changes.append(change)
