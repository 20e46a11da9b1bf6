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
readiness trigger). Pods of any shape are jumped: sidecars,
init containers done, containers without probes, probes answered by another container (the
one listening on the port, R2.5).

A jump moves every worker of the pod, so in a pod of many containers one container's
events (a stall, an outage behind its readiness, its kill and restart) would stop all of
them. A container whose workers would do nothing but record one constant answer (or skip)
at every tick to the end of the run, and which is steady (running, Started, Ready by its
results), is *parked* instead (`_try_parks`, for `simulate`'s runs): its workers are moved
over all their ticks before the end at once and wait past it, while the rest of the pod is
stepped and jumped around them. Its ticks change nothing another container, the pod worker
or the records' order can see, so where they fall among the other events does not matter,
as long as the park's assumptions held to the end: nothing changed the container (its kill,
its pod's end, a readiness trigger, `_fingerprint`) and no kubelet event fell at the very
instant one of its calls ended (the canonical order would have placed the call by it). The
run checks both at its end (`settle`) and, when one failed, is made again without parks
(`Unparked`, `kubesim.engine.simulate.run_model`).

Coverage (`behaviour.lookup.jumps_apply`: beside the look-up it reads, so that the work
budget asks it without loading the engine): a behaviour with a quiet look-up, no exit on a
probe request, and a PLEG relist period shorter than the resync period; anything else is
stepped event by event, exactly. The differential tests hold the two schedulers to identical
timelines.
"""

from __future__ import annotations

import math
from enum import Enum
from functools import cmp_to_key
from typing import TYPE_CHECKING, Any

import numpy as np

from kubesim.behaviour.lookup import MARGIN
from kubesim.engine.heap_scheduler import HeapProcess, Unparked
from kubesim.engine.parking import PARK_PROBED, PARK_RETRY, parks_allowed
from kubesim.kubelet.pod_worker import QuietContainer, Steady
from kubesim.kubelet.prober import Attempt
from kubesim.kubelet.scheduler import NORMAL, URGENT
from kubesim.kubelet.worker import PROBE, SKIP, Worker
from kubesim.results import Outcome, ProbeType

if TYPE_CHECKING:
    from kubesim.engine.heap_scheduler import HeapScheduler
    from kubesim.kubelet.pod_container import PodContainer
    from kubesim.kubelet.pod_worker import Kubelet, QuietState
    from kubesim.kubelet.runtime import Instance
    from kubesim.timeline import ProbeRun

__all__ = ["PARK_PROBED", "PARK_RETRY", "Jumper", "Park"]


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
        self._times: np.ndarray | None = None

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

    def times(self) -> np.ndarray:
        """The times of `chain(depth)` at every depth, in order (the last one is the
        pending tick), made once: the same sums as `chain`, element by element."""
        if self._times is None:
            w, n = self.worker, self.ticks
            ticks = np.empty(n)
            ticks[:-1] = w.origin + np.arange(self.k0 + n - 1, self.k0, -1,
                                              dtype=np.float64) * w.period
            ticks[-1] = self.first
            if self.steps == 2:
                both = np.empty(2 * n)
                both[0::2] = ticks + self.latency
                both[1::2] = ticks
                ticks = both
            self._times = ticks
        return self._times


class Jumper:
    """Jumps the quiet stretches of one kubelet on one heap scheduler (`on_quiet`)."""

    def __init__(self, sched: HeapScheduler, kubelet: Kubelet, *, park: bool = False) -> None:
        self.sched, self.kubelet = sched, kubelet
        # every worker with the index of its container (Kubelet.units order) and its process
        self.workers = [(w, i, sched.waiting(w.proc)) for i, unit in enumerate(kubelet.units)
                        for w in unit.manager.workers.values()]
        self.active = self.workers  # those not parked
        self.pod_worker = sched.waiting(kubelet.pod_worker)
        self.no_jump_before = 0.0
        # parks (see the module doc): tried again from `no_park_before`; None: never
        self.no_park_before: float | None = 0.0 if park and _may_park(kubelet) else None
        self.parks: list[Park] = []

    def __call__(self, now: float) -> None:
        if self.no_park_before is not None and now >= self.no_park_before:
            self._try_parks(now)
        if now < self.no_jump_before:
            return
        self.sched.visits += len(self.active)  # counted whole: a busy worker ends it sooner
        for w, _, proc in self.active:  # a call in flight (the cheapest test first)
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
        refusing = state.refusing if state.sync_acts else None
        if state.sync_acts and refusing is None:  # stop before the next sync
            end = min(end, wake)
        plans: list[Plan] = []
        for w, i, proc in self.active:
            if proc.done:
                continue
            a0 = proc.wait_at
            c = state.containers[i]
            self.sched.plans += 1
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
        # with every worker parked, a stretch holds only the pod worker's idle resyncs
        if (end - self.sched.now < 2 * min(p.worker.period for p in plans) if plans
                else not (self.parks and end > self.sched.now)):
            self._hold_off(end)
            return
        wake_at = None
        if not state.sync_acts or refusing is not None:
            # idle resyncs, or the syncs that refuse starts in back-off (a crash loop's wait)
            syncs = (self.kubelet.idle_syncs(wake, end) if refusing is None
                     else self.kubelet.refused_syncs(refusing, wake, end))
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
        for m in _step_order(moved):
            self.sched.resume_at(m.proc, m.at, NORMAL)
        if wake_at is not None:
            self.sched.resume_at(self.kubelet.pod_worker, wake_at, URGENT)
        self.no_jump_before = end


    # -- parks: a container's workers moved past the end of the run ----------------------
    def _try_parks(self, now: float) -> None:
        """Park every container that can be parked now (`_park_plans`); try again when one
        that cannot might (PARK_RETRY later, or when its answer changes)."""
        kl = self.kubelet
        retry: float | None = None
        if kl.initialized and kl.stopping is None and not kl.phase.terminal \
                and not kl.restarting_all:
            parked = {park.index for park in self.parks}
            for i, unit in enumerate(kl.units):
                if i in parked or not unit.manager.workers:
                    continue
                plans = self._park_plans(unit, i)
                if isinstance(plans, float):
                    retry = plans if retry is None else min(retry, plans)
                else:
                    self._park(i, unit, plans)
        else:
            retry = now + PARK_RETRY
        self.no_park_before = retry

    def _park_plans(self, unit: PodContainer, index: int) -> list[Plan] | float:
        """`_parkable`'s plans, or when to try again: when a worker's constant answer
        changes or reaches a verdict before the end, not before then; else PARK_RETRY
        later."""
        now = self.sched.now
        plans = self._parkable(unit, index)
        if plans is None:
            return now + PARK_RETRY
        if isinstance(plans, float):
            return max(plans, now + PARK_RETRY)
        return plans

    def _parkable(self, unit: PodContainer, index: int) -> list[Plan] | float | None:
        """The plans of the workers of `unit` if each of them does nothing but record one
        constant answer, skip or nothing at all at every tick until the end of the run
        (`Kubelet.quiet_state`'s steady RUNNING container, read alone); else when a
        worker's answer changes or reaches a verdict before the end, or None."""
        duration = self.kubelet.timeline.duration
        term = self.kubelet.terminator
        st, inst = unit.status, unit.runtime.current
        if (inst is None or inst.exited_at is not None or inst.sigterm_at is not None
                or st.container_id != inst.id or not (st.running and st.started and st.ready)
                or st.pod_finished or not unit.manager.ready_by_results(inst.id)
                or (inst.exit_due is not None and inst.exit_due < duration)
                or (term is not None and term.at < duration)):
            return None
        c = QuietContainer(unit, Steady.RUNNING, inst.id, inst.exit_due)
        held = self.no_jump_before  # the plans' hold-offs are the whole pod's, not a park's
        try:
            plans = []
            for w, i, proc in self.active:
                if i != index or proc.done:
                    continue
                answers = w.listener.runtime.current  # the process that answers (R2.5)
                if (not w.quiet() or answers is None or answers.exited_at is not None
                        or answers.sigterm_at is not None
                        or (answers.exit_due is not None and answers.exit_due < duration)):
                    return None
                self.sched.plans += 1
                plan = self._plan(w, proc, proc.wait_at, c)
                if isinstance(plan, Stop) or proc.wait_at < 2 * w.period:
                    return None
                if plan.attempt is not None:
                    reach = self._verdict_free_until(plan)
                    if reach is None:
                        return None
                    if reach < duration:
                        return float(reach)
                plans.append(plan)
            return plans
        finally:
            self.no_jump_before = held

    def _park(self, index: int, unit: PodContainer, plans: list[Plan]) -> None:
        """Move the workers of `plans` over every tick before the end of the run, as a jump
        does, and leave them waiting past it."""
        duration = self.kubelet.timeline.duration
        epoch = self.kubelet.timeline.epoch
        runs: list[ProbeRun] = []
        for plan in plans:
            w, a0, lat, proc = plan.worker, plan.first, plan.latency, plan.proc
            k = w.k
            n = 0
            if a0 < duration:  # a0 (tick k), then origin + (k + i) * period before the end
                g = max(k, math.ceil((duration - w.origin) / w.period) - 1)
                while w.tick(g + 1) < duration:
                    g += 1
                while g > k and not w.tick(g) < duration:
                    g -= 1
                n = g - k + 1
                last = a0 if n == 1 else w.tick(k + n - 1)
                if plan.attempt is not None:
                    run = w.prober.record_run(w, plan.attempt, a0, n,
                                              n - (last + lat >= duration))
                    if run is not None:
                        runs.append(run)
                w.advance(n, None if plan.attempt is None else plan.attempt.result)
            self.sched.resume_at(proc, max(w.tick(w.k), duration), NORMAL)
            proc.parked = True
        self.parks.append(Park(index, _fingerprint(unit), epoch, runs))
        self.active = [a for a in self.active if a[1] != index]

    def settle(self) -> None:
        """After the run: raise Unparked if what a park assumed did not hold (its container
        changed, or a kubelet event fell at the very instant one of its calls ended: which
        came first is not known); otherwise give the parked calls the epochs of the events
        they came after (`Timeline.split_runs`)."""
        timeline = self.kubelet.timeline
        for park in self.parks:
            if _fingerprint(self.kubelet.units[park.index]) != park.fingerprint:
                raise Unparked
            if not timeline.split_runs(park.runs, park.epoch):
                raise Unparked


def _may_park(kubelet: Kubelet) -> bool:
    """`parks_allowed` for the pod this kubelet runs (the budget asks it of the spec)."""
    return parks_allowed(kubelet.pod, kubelet.times.restart_all)


class Park:
    """A container parked: its index, its state then (`_fingerprint`), the kubelet events
    kept before it and its workers' runs to the end of the run."""

    def __init__(self, index: int, fingerprint: tuple[object, ...], epoch: int,
                 runs: list[ProbeRun]) -> None:
        self.index, self.fingerprint, self.epoch, self.runs = index, fingerprint, epoch, runs


def _fingerprint(unit: PodContainer) -> tuple[object, ...]:
    """Everything of a container its workers' ticks read or change."""
    st, inst = unit.status, unit.runtime.current
    workers = tuple((w.stopped, w.on_hold, w.trigger_pending, w.tick_pending, w.cid,
                     w.origin, unit.cache.get(w.type, w.cid), _process(w.listener.runtime.current))
                    for w in unit.manager.workers.values())
    return (st.container_id, st.restart_count, st.running, st.terminated, st.running_since,
            st.started, st.ready, st.will_restart, st.pod_finished, _process(inst), workers)


def _process(inst: Instance | None) -> tuple[object, ...]:
    """One process as a park reads it: which one, and its end."""
    if inst is None:
        return ()
    return id(inst), inst.exited_at, inst.sigterm_at, inst.exit_due


def _step_order(moved: list[Moved]) -> list[Moved]:
    """`moved` in the step-by-step order (`_tie_order`): by time, and the entries of one
    time by the order of the events that scheduled them (only they need comparing)."""
    moved.sort(key=_wake_time)
    out: list[Moved] = []
    i = 0
    while i < len(moved):
        j = i + 1
        while j < len(moved) and moved[j].at == moved[i].at:
            j += 1
        out.extend(moved[i:j] if j == i + 1 else _tied(moved[i:j]))
        i = j
    return out


def _tied(group: list[Moved]) -> list[Moved]:
    """Wake-ups of one instant in the step-by-step order. Twins (the same chain: a pod's
    like sidecars, `_twins`) are ordered by their pending ticks' tokens. Those of one grid
    (one period and latency, as many ticks, `_same_grid`) have the same chains but for their
    last two steps, so they are sorted by those (`_last_steps`); the grids' groups are
    ordered by one member of each when their chains part before those steps, and by the
    chains read whole otherwise (`_by_chains`)."""
    classes = _twins(group)
    if len(classes) == 1:
        return sorted(group, key=_token)
    grids: list[list[list[Moved]]] = []
    for same in classes:
        for grid in grids:
            if _one_grid(grid[0][0], same[0]):
                grid.append(same)
                break
        else:
            grids.append([same])
    if len(grids) > 1:
        parted: dict[tuple[int, int], int] = {}
        for a in range(len(grids)):
            for b in range(a + 1, len(grids)):
                order = _parting(grids[a][0][0], grids[b][0][0])
                if order == 0:  # they part in their last steps, or far back
                    return _by_chains(group, classes)
                parted[(a, b)], parted[(b, a)] = order, -order
        index = {id(grid): n for n, grid in enumerate(grids)}
        grids.sort(key=cmp_to_key(lambda x, y: parted[(index[id(x)], index[id(y)])]))
    out: list[Moved] = []
    for grid in grids:
        if len(grid) == 1:
            out.extend(sorted(grid[0], key=_token) if len(grid[0]) > 1 else grid[0])
            continue
        keyed = [(_last_steps(same[0])[:-1], m.token, n, m)
                 for same in grid for n, m in enumerate(same)]
        keyed.sort(key=_steps_then_token)
        out.extend(k[3] for k in keyed)
    return out


_TWINS = 8  # wake-ups of one instant from which twins are looked for (`_twins`)


def _twins(group: list[Moved]) -> list[list[Moved]]:
    """`group` in classes of one chain each (`_chain_of`): looked for in groups of at least
    _TWINS (a pod's like sidecars), each wake-up its own class in smaller ones."""
    if len(group) < _TWINS:
        return [[m] for m in group]
    twins: dict[tuple[float, ...], list[Moved]] = {}
    for m in group:
        twins.setdefault(_chain_of(m), []).append(m)
    return list(twins.values())


# ticks of the longest chain in a tied group whose chains `_by_chains` compares as tuples
# (longer ones as bytes): both give `_tie_order`'s order
_SHORT = 128


def _chain_of(m: Moved) -> tuple[float, ...]:
    """What a chain is made of (`Moved.chain`): two moves alike in these have the same."""
    return (m.worker.period, m.latency, m.ticks, m.worker.origin, m.k0, m.first)


def _token(m: Moved) -> int:
    return m.token


def _steps_then_token(k: tuple[tuple[float, ...], int, int, Moved]) -> tuple[Any, ...]:
    return k[0], k[1]


def _by_chains(group: list[Moved], classes: list[list[Moved]]) -> list[Moved]:
    """`group` sorted by `_tie_order`, each chain's times read at once (once for twins):
    `_tie_order` is the lexicographic order of the chains' times, from the newest step back
    (a chain that is another's beginning, its pending tick reached first, comes first; two
    the same, by their pending ticks' tokens). Short chains are compared as tuples; long ones
    as their big-endian bytes, which for times >= 0 have the same order."""
    keys: dict[int, Any] = {}
    if max(m.ticks for m in group) <= _SHORT:
        for same in classes:
            chain = _chain_times(same[0])
            keys.update((id(m), chain) for m in same)
        return sorted(group, key=lambda m: (keys[id(m)], m.token))
    times = [(same, same[0].times() + 0.0) for same in classes]  # -0.0 becomes 0.0
    if any(t.size and t.min() < 0.0 for _, t in times):
        return sorted(group, key=cmp_to_key(_tie_order))
    for same, t in times:
        raw = t.astype(">f8").tobytes()
        keys.update((id(m), raw) for m in same)
    return sorted(group, key=lambda m: (keys[id(m)], m.token))


def _chain_times(m: Moved) -> tuple[float, ...]:
    """`m.times()` as a tuple, summed as `Moved.chain` sums (for short chains)."""
    w, lat = m.worker, m.latency
    origin, period = w.origin, w.period
    out: list[float] = []
    for j in range(m.k0 + m.ticks - 1, m.k0, -1):
        t = origin + j * period
        if lat > 0:
            out.append(t + lat)
        out.append(t)
    if lat > 0:
        out.append(m.first + lat)
    out.append(m.first)
    return tuple(out)


def _one_grid(x: Moved, y: Moved) -> bool:
    """Whether the chains of x and y are the same up to their last two steps."""
    wx, wy = x.worker, y.worker
    return (wx.period == wy.period and x.latency == y.latency and x.ticks == y.ticks
            and _same_grid(wx.origin, x.k0 + x.ticks, wy.origin, y.k0 + y.ticks, wx.period))


def _last_steps(m: Moved) -> tuple[float, ...]:
    """The last two steps of a chain (times and flags), then its pending tick's token: of
    chains that are the same before those, the order `_tie_order` gives."""
    n = m.ticks * m.steps
    out: list[float] = []
    for depth in range(max(0, n - 2), n):
        t, flag = m.chain(depth)
        out += [t, flag]
    out.append(m.token)
    return tuple(out)


def _parting(x: Moved, y: Moved) -> int:
    """`_tie_order(x, y)` for every member of x's grid and of y's, if their chains part
    within the first few steps and before the last two of either (those steps are the same
    for a whole grid); 0 if not found so."""
    limit = min(x.ticks * x.steps, y.ticks * y.steps) - 2
    for depth in range(min(limit, _WALK)):
        tx, _ = x.chain(depth)
        ty, _ = y.chain(depth)
        if tx != ty:
            return -1 if tx < ty else 1
    return 0


def _wake_time(m: Moved) -> float:
    return m.at


def _tie_order(x: Moved, y: Moved) -> int:
    """The step-by-step order of two NORMAL entries: by time, then by the order of the
    events that scheduled them, recursively (an entry scheduled earlier has the smaller id)."""
    if x.at != y.at:
        return -1 if x.at < y.at else 1
    start = 0
    wx, wy = x.worker, y.worker
    if (wx.period == wy.period and x.latency == y.latency
            and _same_grid(wx.origin, x.k0 + x.ticks, wy.origin, y.k0 + y.ticks, wx.period)):
        # identical canonical ticks up to there
        start = max(0, min(x.ticks * x.steps, y.ticks * y.steps) - 2)
    for depth in range(start, start + _WALK):
        tx, ox = x.chain(depth)
        ty, oy = y.chain(depth)
        if tx != ty:
            return -1 if tx < ty else 1
        if ox or oy:
            if ox and oy:
                return -1 if x.token < y.token else 1
            return -1 if ox else 1
    return _chains_order(x, y)


_WALK = 16  # chain steps compared one by one before the whole chains are


def _chains_order(x: Moved, y: Moved) -> int:
    """`_tie_order`'s walk over the whole chains at once: the first depth at which their
    times differ decides; without one, the chain that reaches its pending tick first (the
    shorter), or, of two as long, the pending tick scheduled first."""
    a, b = x.times(), y.times()
    m = min(len(a), len(b))
    differ = np.flatnonzero(a[:m] != b[:m])
    if differ.size:
        i = int(differ[0])
        return -1 if a[i] < b[i] else 1
    if len(a) == len(b):
        return -1 if x.token < y.token else 1
    return -1 if len(a) < len(b) else 1


def _same_grid(ox: float, kx: int, oy: float, ky: int, period: float) -> bool:
    """Whether tick kx - i of the grid at `ox` and tick ky - i of the grid at `oy` are the
    same float for every i: they are when ox + kx * period and oy + ky * period are the same
    real number, each tick then the same sum rounded once (j * period is exact for a whole
    period and |j * period| < 2**53). Grids re-phased at different triggers (R1.14) a whole
    number of periods apart are such grids: a pod's sidecars that started apart."""
    if ox == oy and kx == ky:
        return True
    if not float(period).is_integer() or max(abs(kx), abs(ky)) * abs(period) >= 2.0 ** 53:
        return False
    return math.fsum((ox, kx * period, -oy, -ky * period)) == 0.0
