"""Quiet stretches, jumped: the fast scheduler's shortcut over identical probe ticks.

When the pod is Started and Ready, nothing but probe ticks and the periodic resync is
pending, and every probed target gives the same answer with a constant latency shorter than
the period until the next change of the behaviour (an outage, window, stall or trace
observation), the state at the end of the stretch is known: each worker probed every tick
(its counters advance by the tick count, and no threshold is reached), nothing was written,
and each resync drew one jitter value. `Jumper` draws those values in order, records the
calls in bulk (`ProbeRun`), and moves every worker to its first tick after the stretch, with
the same float arithmetic and the same tie order the step-by-step run would have produced.
A container waiting for its restart is jumped the same way (every tick only rewrites a cached
Failure or is on hold). A stretch ends at the pod's deletion and at the app's own exit, if one is due (an URGENT
process of its own, scheduled when the container started, so it keeps its place among ties);
an app that exits when a target is first asked is not jumped at all.

Coverage: jumps need a behaviour with a quiet look-up (`behaviour.lookup`), constant
latencies, and a PLEG relist period shorter than the resync period; anything else is stepped
event by event, exactly. The differential tests hold the two schedulers to identical
timelines.
"""

from __future__ import annotations

import math
from functools import cmp_to_key
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.lookup import MARGIN, compile_behaviour
from kubesim.kubelet.pod_worker import last_relist, pleg_wait, resync_due
from kubesim.kubelet.prober import follows
from kubesim.kubelet.scheduler import NORMAL, URGENT
from kubesim.kubelet.worker import PROBE, SKIP, checks, holds_after
from kubesim.results import Outcome, ProbeType, Result
from kubesim.timeline import ProbeRun

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.engine.heap_scheduler import HeapScheduler
    from kubesim.kubelet.pod_worker import Kubelet
    from kubesim.kubelet.prober import Attempt
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.kubelet.worker import Worker
    from kubesim.spec.model import ProbedContainer

__all__ = ["DRAW_CHUNK", "Jumper", "jumps_apply"]

DRAW_CHUNK = 65_536  # resync jitter values drawn at once in a jumped stretch


def jumps_apply(pod: ProbedContainer, behaviour: Behaviour, profile: KubeletProfile) -> bool:
    """Whether the fast scheduler may jump this pod's quiet stretches (see the module doc):
    its behaviour has a quiet look-up, resyncs never wait for a relist, no probe request can
    end the process, and the pod has one container and no readiness gates. Otherwise every
    event is stepped (the work budget reads the same rule, `kubesim.analysis.budget`)."""
    if compile_behaviour(behaviour)[1] is None:
        return False
    if profile.relist_seconds + 1e-3 >= profile.resync_seconds:
        return False  # resyncs could wait for a relist: step them
    if behaviour.exits_on_probe():
        return False  # a probe can end the process: step every call
    return len(pod.containers) == 1 and not pod.readiness_gates


class Jumper:
    """Jumps the quiet stretches of one kubelet on one heap scheduler (`on_quiet`)."""

    def __init__(self, sched: HeapScheduler, kubelet: Kubelet, quiet: Quiet) -> None:
        self.sched, self.kubelet, self.quiet = sched, kubelet, quiet
        self.workers = list(kubelet.unit.manager.workers.values())
        self.box = next((w.box for w in self.workers), None)
        self.no_jump_before = 0.0

    def __call__(self, now: float) -> None:
        kl = self.kubelet
        if now < self.no_jump_before or not kl.idle or kl.sync_requested or kl.flush_pending:
            return
        if kl.terminator is not None and now >= kl.terminator.at:
            return  # deleted: the termination is stepped
        if not kl.unit.status.running:
            self._try_dead_jump()
        else:
            self._try_jump()

    def _horizon(self) -> float:
        """The end of the run, or the pod's deletion (a process of its own, like an exit)."""
        kl = self.kubelet
        term = kl.terminator
        return kl.timeline.duration if term is None else min(kl.timeline.duration, term.at)

    def _hold_off(self, until: float) -> None:
        self.no_jump_before = max(self.no_jump_before, min(until, self.kubelet.timeline.duration))

    def _waiting(self, cid: str) -> tuple[list[tuple[Worker, float]], float] | None:
        """The live workers that have seen container `cid`, with their next tick, and the
        first tick of those that have not (a stretch ends there: that tick sees the new
        container, step 4); None unless every live worker waits for its tick and each one
        that has seen `cid` waits at least two periods in (later ticks then fall exactly on
        origin + k * P, by Sterbenz's lemma)."""
        out = []
        stale = math.inf
        for w in self.workers:
            if w.proc.done:
                continue
            if not w.waiting or w.tick_pending or w.trigger_pending:
                return None
            a0 = w.proc.wait_at
            if w.cid != cid:
                stale = min(stale, a0)  # its tick is stepped; it stays where it is
                continue
            if a0 < 2 * w.period:
                return None
            out.append((w, a0))
        return out, stale

    def _constant(self, w: Worker, inst: Any, a0: float) -> tuple[Attempt | None, float]:
        """The judged constant answer the tick at `a0` gets, and until when it holds."""
        memo = self.kubelet.unit.prober.memo.get(w.type)
        if memo is not None and memo[0] is inst and memo[1] <= a0 < memo[2]:
            return memo[3], memo[2]
        ans, until = self.quiet(w.target, a0, inst.running_at)
        if ans is None or follows(w.target, ans):  # a redirect asks again: step it (R2.10)
            return None, until
        return self.kubelet.unit.prober.judge(w.type, w.probe, w.target, ans), until

    def _try_jump(self) -> None:
        """Skip to the next change if nothing can happen before it (see the module doc)."""
        kl = self.kubelet
        st, inst, cache = kl.unit.status, kl.unit.runtime.current, kl.unit.cache
        if (inst is None or inst.exited_at is not None or inst.sigterm_at is not None
                or st.container_id != inst.id or not st.started):
            return
        cid = inst.id
        plans = []
        end = self._horizon()
        if inst.exit_due is not None:  # the app exits by itself then: stop before it
            end = min(end, inst.exit_due)
        if not st.ready:  # a sync would trigger the readiness worker: stop before the next
            end = min(end, kl.pod_worker.wait_at)
        hold = kl.profile.startup_hold_on_success
        got = self._waiting(cid)
        if got is None:
            return
        waiting, stale = got
        end = min(end, stale)
        for w, a0 in waiting:
            step = checks(w.type, w.probe, st, w.on_hold, a0)
            if w.type is ProbeType.STARTUP:  # Started: every startup tick is skipped
                if step != SKIP:
                    return
                plans.append((w, a0, None, True))
                continue
            if step != PROBE:
                return
            att, until = self._constant(w, inst, a0)
            if att is None or att.outcome is Outcome.ERROR or att.duration > w.period - MARGIN:
                self._hold_off(until)
                return
            end = min(end, until)
            result = att.outcome.result
            free = cache.get(w.type, cid) is result and not holds_after(w.type, result, hold)
            if not free:  # stop before the tick that reaches the threshold (a verdict)
                threshold = (w.probe.failure_threshold if result is Result.FAILURE
                             else w.probe.success_threshold)
                reach = threshold - w.result_run if w.last_result is result else threshold
                if reach <= 1:  # the next tick is a verdict: step it
                    self._hold_off(a0)
                    return
                end = min(end, w.origin + (w.k + reach - 1) * w.period)
            plans.append((w, a0, att, free))
        if not plans or end - self.sched.now < 2 * min(p[0].period for p in plans):
            self._hold_off(end)
            return
        end, resync_at = self._resyncs(inst, end)
        self._move(plans, end, resync_at)

    def _resyncs(self, inst: Any, end: float) -> tuple[float, float | None]:
        """The periodic resyncs in the stretch: one jitter draw each (Kubelet._sync).
        Returns the stretch's end and the pod worker's new wake-up (None: unchanged)."""
        kl = self.kubelet
        profile, rng = kl.profile, kl.rng
        relist, rphase = profile.relist_seconds, kl.relist_phase
        at = kl.pod_worker.wait_at
        if at < end and at - relist <= max(kl.last_sync_end, inst.running_at) + MARGIN:
            # the first resync is near the previous sync or the start: ask the rules
            seen, running = kl.unit.runtime.as_seen_at(last_relist(at, rphase, relist))
            if (pleg_wait(at, rphase, relist, kl.last_sync_end) > 0 or seen is not inst
                    or not running):
                end = at
        # later resyncs are >= resync_seconds > relist_seconds apart: no PLEG wait, same
        # container. At least `batch` of them fall in the stretch: drawn in chunks of at most
        # DRAW_CHUNK (the same stream as one draw per sync, in bounded memory), the rest one
        # by one.
        base, jitter = profile.resync_seconds, profile.resync_jitter
        batch = max(0, math.floor((end - at) / (base * (1 + jitter))) - 1) if at < end else 0
        draws: list[float] = []
        used, drawn, synced, turns = 0, 0, False, 0
        while at < end:
            kl.last_sync_end = at
            if used < batch:
                if used == drawn:
                    draws = rng.random(min(DRAW_CHUNK, batch - used)).tolist()
                    drawn += len(draws)
                u = draws[used - drawn + len(draws)]
                used += 1
            else:
                u = float(rng.random())
            kl.next_timer = nt = resync_due(at, profile, u)
            turns += 1
            at = at + max(0.0, nt - at)
            synced = True
        if used != batch:
            raise AssertionError("resync draws out of step")
        self.sched.jumped_resyncs += turns
        return end, at if synced else None

    def _try_dead_jump(self) -> None:
        """The container is not running and waits for its restart (back-off): until the pod
        worker's next sync every tick only rewrites a cached Failure, or is on hold."""
        kl = self.kubelet
        st, cache = kl.unit.status, kl.unit.cache
        cid = st.container_id
        if cid is None or st.pod_finished or not st.terminated or not st.will_restart:
            return
        plans = []
        got = self._waiting(cid)
        if got is None:
            return
        waiting, stale = got
        end = min(self._horizon(), kl.pod_worker.wait_at, stale)
        for w, a0 in waiting:
            if not (w.on_hold or cache.get(w.type, cid) is Result.FAILURE):
                return
            plans.append((w, a0, None, True))
        if not plans or end - self.sched.now < 2 * min(p[0].period for p in plans):
            return
        self._move(plans, end, None)

    def _move(self, plans: list[Any], end: float, resync_at: float | None) -> None:
        """Advance the workers over their ticks before `end` and reschedule everything."""
        kl = self.kubelet
        duration = kl.timeline.duration
        moved = []
        for w, a0, att, free in plans:
            period, origin, k = w.period, w.origin, w.k
            lat = 0.0 if att is None else att.duration
            # the ticks whose call also ends before `end` (a call in flight at `end` is
            # stepped: whatever happens at `end` must find the worker busy, as stepped):
            # a0 (pending, tick k), then origin + (k + i) * period
            if not a0 + lat < end:
                continue
            n = max(1, math.ceil((end - lat - origin) / period) - k)
            while n > 1 and not origin + (k + n - 1) * period + lat < end:
                n -= 1
            while origin + (k + n) * period + lat < end:
                n += 1
            last = a0 if n == 1 else origin + (k + n - 1) * period
            if att is not None:
                self._record(w, att, a0, n, last + lat >= duration)
                if not free:  # every comparison in the stretch was "not reached"
                    box = self.box
                    if box is not None:
                        b = box.setdefault((w.type, att.outcome is Outcome.FAILURE),
                                           [1, math.inf])
                        b[0] = max(b[0], w.result_run + 1)
            w.k = k + n
            sched_at = last + lat if lat > 0 else last
            g = origin + w.k * period
            moved.append((sched_at + max(0.0, g - sched_at), w, a0, n, lat, k, w.proc.token))
        if not moved and resync_at is None:
            self.no_jump_before = end
            return
        moved.sort(key=cmp_to_key(_tie_order))
        for item in moved:
            self.sched.resume_at(item[1].proc, item[0], NORMAL)
        if resync_at is not None:
            self.sched.resume_at(kl.pod_worker, resync_at, URGENT)
        self.no_jump_before = end

    def _record(self, w: Worker, att: Attempt, a0: float, n: int, last_in_flight: bool) -> None:
        """The stretch's `n` calls of `w`, counted as the worker counts them; a call still in
        flight when the run ends is not recorded (nor when stepped)."""
        result = att.outcome.result
        if w.last_result is result:
            w.result_run += n
        else:
            w.last_result, w.result_run = result, n
        unit = self.kubelet.unit
        run = ProbeRun(a0, w.origin, w.k, w.period, n, w.type, att.outcome, att.detail,
                       att.duration, unit.status.restart_count, unit.name)
        self.kubelet.timeline.record_run(run, n - last_in_flight)


def _chain(item: tuple[Any, ...], depth: int) -> tuple[float, int]:
    """The event at `depth` steps up the scheduling chain of a moved worker's new tick:
    (time, 0) for an event inside the stretch, (time, -1) for the original pending tick
    (scheduled before the stretch, so before every event inside it)."""
    _, w, a0, n, lat, k, _ = item  # (new time, worker, a0, ticks, latency, k0, old id)
    per = 2 if lat > 0 else 1
    i, r = divmod(depth, per)
    tick = n - 1 - i  # which tick of the stretch
    t = a0 if tick == 0 else w.origin + (k + tick) * w.period
    if per == 2 and r == 0:
        return t + lat, 0  # its completion
    return t, -1 if tick == 0 else 0


def _tie_order(x: tuple[Any, ...], y: tuple[Any, ...]) -> int:
    """The step-by-step order of two NORMAL entries: by time, then by the order of the
    events that scheduled them, recursively (an entry scheduled earlier has the smaller id)."""
    if x[0] != y[0]:
        return -1 if x[0] < y[0] else 1
    depth = 0
    lx = (x[3] * (2 if x[4] > 0 else 1))
    ly = (y[3] * (2 if y[4] > 0 else 1))
    wx, wy = x[1], y[1]
    if (wx.period == wy.period and x[4] == y[4] and wx.origin == wy.origin
            and x[5] + x[3] == y[5] + y[3]):
        depth = max(0, min(lx, ly) - 2)  # identical canonical ticks up to there
    while True:
        tx, ox = _chain(x, depth)
        ty, oy = _chain(y, depth)
        if tx != ty:
            return -1 if tx < ty else 1
        if ox or oy:
            if ox and oy:
                return -1 if x[6] < y[6] else 1
            return -1 if ox else 1
        depth += 1
