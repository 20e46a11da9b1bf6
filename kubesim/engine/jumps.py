"""Quiet stretches, jumped: the fast scheduler's shortcut over identical probe ticks.

A pod is quiet when its pod worker waits for its timer with nothing queued and every
container is steady (`Kubelet.quiet_state`): running and Started, waiting for its restart,
or done. If every probe worker then waits for its tick, and each tick until the next change
of the behaviour (an outage, window, stall or trace observation) either gets one constant
answer faster than the period (`Prober.constant_attempt`) without reaching a threshold that
writes a result, or only skips or rewrites a cached Failure, the state at the end of the
stretch is known: each worker's counters advanced by its tick count (`Worker.advance`), its
calls are recorded in bulk (`Prober.record_run`), nothing was written, and each periodic
resync drew one jitter value (`Kubelet.idle_syncs`). `Jumper` moves every worker to its first
tick after the stretch, with the same float arithmetic and the same tie order as the
step-by-step run (`_tie_order`).

A stretch ends at the pod's deletion, at a container's own exit if one is due (an URGENT
process of its own, scheduled when the container started, so it keeps its place among
ties), at the tick of a worker that is to do something else (see a new container, write a
Failure and exit), and at the pod worker's next sync when that sync would act (a restart, a
readiness trigger). Pods of any shape (up to MAX_JUMPED_WORKERS probes) are jumped: sidecars,
init containers done, containers without probes, probes answered by another container (the
one listening on the port, R2.5).

Coverage (`jumps_apply`): a behaviour with a quiet look-up (`behaviour.lookup`), no exit on a
probe request, and a PLEG relist period shorter than the resync period; anything else is
stepped event by event, exactly. The differential tests hold the two schedulers to identical
timelines.
"""

from __future__ import annotations

import math
from enum import Enum
from functools import cmp_to_key
from typing import TYPE_CHECKING

from kubesim.behaviour.lookup import MARGIN, compile_behaviour
from kubesim.engine.heap_scheduler import HeapProcess
from kubesim.kubelet.pod_worker import Steady
from kubesim.kubelet.prober import Attempt
from kubesim.kubelet.scheduler import NORMAL, URGENT
from kubesim.kubelet.worker import PROBE, SKIP, Worker
from kubesim.results import Outcome, ProbeType

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.engine.heap_scheduler import HeapScheduler
    from kubesim.kubelet.pod_worker import Kubelet, QuietContainer, QuietState
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["MAX_JUMPED_WORKERS", "Jumper", "jumps_apply"]

MAX_JUMPED_WORKERS = 64  # probes of a pod the fast scheduler still jumps (jumps_apply)


def jumps_apply(pod: ProbedContainer, behaviour: Behaviour, profile: KubeletProfile) -> bool:
    """Whether the fast scheduler may jump this pod's quiet stretches (see the module doc):
    its behaviour has a quiet look-up, resyncs never wait for a relist and no probe request
    can end a process. Otherwise every event is stepped (the work budget reads the same
    rule, `kubesim.analysis.budget`). A pod of more than MAX_JUMPED_WORKERS probes is
    stepped: every jump attempt looks at every worker, so a jumped step of a pod of 1,000
    containers cost 300 times a stepped one (issue 28)."""
    if compile_behaviour(behaviour)[1] is None:
        return False
    if sum(len(c.probes()) for c in pod.containers) > MAX_JUMPED_WORKERS:
        return False
    if profile.relist_seconds + 1e-3 >= profile.resync_seconds:
        return False  # resyncs could wait for a relist: step them
    return not behaviour.exits_on_probe()  # a probe can end the process: step every call


class Stop(Enum):
    """Why a worker's pending tick is not part of a stretch."""

    TICK = "tick"  # the tick is stepped: the stretch ends there
    ALL = "all"  # no stretch now


# Plan and Moved are plain classes, not dataclasses: compiled (mypyc), a dataclass keeps the
# __init__ that `dataclass` generates, interpreted Python (1,700-2,500 instructions a record,
# callgrind); one of each per worker and jump attempt.
class Plan:
    """One worker's part of a stretch: its pending tick `first` (grid tick `k`), and the
    judged constant answer every tick gets until `until` (None: each tick is skipped or only
    rewrites a cached Failure)."""

    def __init__(self, worker: Worker, proc: HeapProcess, first: float,
                 attempt: Attempt | None, until: float = math.inf) -> None:
        self.worker, self.proc, self.first = worker, proc, first
        self.attempt, self.until = attempt, until

    @property
    def latency(self) -> float:
        return 0.0 if self.attempt is None else self.attempt.duration


class Moved:
    """A worker moved over `ticks` ticks of a stretch, from its pending tick `first` (grid
    tick `k0`, its entry `token`), to wake at `at` (its next tick, or the end of its last
    call)."""

    def __init__(self, at: float, worker: Worker, proc: HeapProcess, first: float, ticks: int,
                 latency: float, k0: int, token: int) -> None:
        self.at, self.worker, self.proc, self.first = at, worker, proc, first
        self.ticks, self.latency, self.k0, self.token = ticks, latency, k0, token

    @property
    def steps(self) -> int:
        """Scheduler steps per tick: the tick, and the call's completion if it takes time."""
        return 2 if self.latency > 0 else 1

    def chain(self, depth: int) -> tuple[float, int]:
        """The event `depth` steps up the scheduling chain of the new wake-up: (time, 0) for
        an event inside the stretch, (time, -1) for the pending tick it started from
        (scheduled before the stretch, so before every event inside it)."""
        i, r = divmod(depth, self.steps)
        tick = self.ticks - 1 - i  # which tick of the stretch
        t = self.first if tick == 0 else self.worker.tick(self.k0 + tick)
        if self.steps == 2 and r == 0:
            return t + self.latency, 0  # its completion
        return t, -1 if tick == 0 else 0


class Jumper:
    """Jumps the quiet stretches of one kubelet on one heap scheduler (`on_quiet`)."""

    def __init__(self, sched: HeapScheduler, kubelet: Kubelet) -> None:
        self.sched, self.kubelet = sched, kubelet
        # every worker with the index of its container (Kubelet.units order) and its process
        self.workers = [(w, i, sched.waiting(w.proc)) for i, unit in enumerate(kubelet.units)
                        for w in unit.manager.workers.values()]
        self.pod_worker = sched.waiting(kubelet.pod_worker)
        self.no_jump_before = 0.0

    def __call__(self, now: float) -> None:
        if now < self.no_jump_before:
            return
        for w, _, proc in self.workers:  # a call in flight (the cheapest test first)
            if not (proc.done or w.quiet()):
                return
        state = self.kubelet.quiet_state()
        if state is not None:
            self._try_jump(state)

    def _hold_off(self, until: float) -> None:
        self.no_jump_before = max(self.no_jump_before, min(until, self.kubelet.timeline.duration))

    def _try_jump(self, state: QuietState) -> None:
        """Skip to the next change if nothing can happen before it (see the module doc)."""
        end = state.until
        for c in state.containers:
            if c.exit_due is not None:  # the process exits by itself then: stop before it
                end = min(end, c.exit_due)
        wake = self.pod_worker.wait_at
        if state.sync_acts:  # stop before the next sync
            end = min(end, wake)
        plans: list[Plan] = []
        for w, i, proc in self.workers:
            if proc.done:
                continue
            a0 = proc.wait_at
            c = state.containers[i]
            plan = self._plan(w, proc, a0, c)
            if plan is Stop.TICK:  # this tick is stepped: the stretch ends there
                end = min(end, a0)
                continue
            if plan is Stop.ALL:
                return
            if a0 < 2 * w.period:  # later ticks fall exactly on origin + k * P from 2P on
                self._hold_off(a0)
                return
            if plan.attempt is not None:
                reach = self._verdict_free_until(plan)
                if reach is None:
                    return
                end = min(end, reach)
            plans.append(plan)
        if not plans or end - self.sched.now < 2 * min(p.worker.period for p in plans):
            self._hold_off(end)
            return
        wake_at = None
        if not state.sync_acts:
            syncs = self.kubelet.idle_syncs(wake, end)
            end, wake_at = syncs.end, syncs.wake_at
            self.sched.jumped_resyncs += syncs.syncs
        self._move(plans, end, wake_at)

    def _plan(self, w: Worker, proc: HeapProcess, a0: float, c: QuietContainer) -> Plan | Stop:
        """What the tick of `w` at `a0` and the ticks after it do, if a stretch can hold
        them."""
        if w.cid != c.container_id:
            return Stop.TICK  # it sees a new container (step 4)
        if c.state is not Steady.RUNNING:
            # exited: each tick skips (on hold) or rewrites a cached Failure; a container
            # that will not run again has its workers write and exit (step 6)
            if w.on_hold or (c.state is Steady.RESTARTING and w.idle_while_exited()):
                return Plan(w, proc, a0, None)
            return Stop.TICK
        step = w.step_at(a0)
        if w.type is ProbeType.STARTUP:  # Started: every startup tick is skipped
            return Plan(w, proc, a0, None) if step == SKIP else Stop.ALL
        if step != PROBE:
            return Stop.ALL
        att, until = w.prober.constant_attempt(w, a0)
        if att is None or att.outcome is Outcome.ERROR or att.duration > w.period - MARGIN:
            self._hold_off(until)  # drawn, retried or overlapping calls: stepped till then
            return Stop.ALL
        return Plan(w, proc, a0, att, until)

    def _verdict_free_until(self, plan: Plan) -> float | None:
        """Until when the constant answer of `plan` holds and reaches no threshold that
        writes: the stretch stops before the tick of the verdict (None: the next tick is
        one: it is stepped)."""
        w, att = plan.worker, plan.attempt
        assert att is not None
        result = att.result
        assert result is not None
        if not w.writes(result):
            return plan.until
        reach = w.ticks_to_verdict(result)
        if reach <= 1:  # the next tick is a verdict: step it
            self._hold_off(plan.first)
            return None
        return min(plan.until, w.tick(w.k + reach - 1))

    def _move(self, plans: list[Plan], end: float, wake_at: float | None) -> None:
        """Advance the workers over their ticks before `end` and reschedule everything."""
        duration = self.kubelet.timeline.duration
        moved: list[Moved] = []
        for plan in plans:
            w, a0, lat, proc = plan.worker, plan.first, plan.latency, plan.proc
            # the ticks whose call also ends before `end` (a call in flight at `end` is
            # stepped: whatever happens at `end` must find the worker busy, as stepped):
            # a0 (pending, tick k), then origin + (k + i) * period
            if not a0 + lat < end:
                continue
            k = w.k
            n = max(1, math.ceil((end - lat - w.origin) / w.period) - k)
            while n > 1 and not w.tick(k + n - 1) + lat < end:
                n -= 1
            while w.tick(k + n) + lat < end:
                n += 1
            last = a0 if n == 1 else w.tick(k + n - 1)
            token = proc.token
            assert token is not None
            if plan.attempt is not None:
                w.prober.record_run(w, plan.attempt, a0, n, n - (last + lat >= duration))
                w.advance(n, plan.attempt.result)
            else:
                w.advance(n, None)
            done = last + lat if lat > 0 else last
            nxt = w.tick(w.k)
            moved.append(Moved(done + max(0.0, nxt - done), w, proc, a0, n, lat, k, token))
        if not moved and wake_at is None:
            self.no_jump_before = end
            return
        moved.sort(key=cmp_to_key(_tie_order))
        for m in moved:
            self.sched.resume_at(m.proc, m.at, NORMAL)
        if wake_at is not None:
            self.sched.resume_at(self.kubelet.pod_worker, wake_at, URGENT)
        self.no_jump_before = end


def _tie_order(x: Moved, y: Moved) -> int:
    """The step-by-step order of two NORMAL entries: by time, then by the order of the
    events that scheduled them, recursively (an entry scheduled earlier has the smaller id)."""
    if x.at != y.at:
        return -1 if x.at < y.at else 1
    depth = 0
    wx, wy = x.worker, y.worker
    if (wx.period == wy.period and x.latency == y.latency and wx.origin == wy.origin
            and x.k0 + x.ticks == y.k0 + y.ticks):
        # identical canonical ticks up to there
        depth = max(0, min(x.ticks * x.steps, y.ticks * y.steps) - 2)
    while True:
        tx, ox = x.chain(depth)
        ty, oy = y.chain(depth)
        if tx != ty:
            return -1 if tx < ty else 1
        if ox or oy:
            if ox and oy:
                return -1 if x.token < y.token else 1
            return -1 if ox else 1
        depth += 1
