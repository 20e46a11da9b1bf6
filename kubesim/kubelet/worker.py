"""The per-probe worker loop of the classic kubelet (`worker.go@61ecc560` `run`/`doProbe`).

One process per declared probe type, on any `kubesim.kubelet.scheduler.Scheduler`. It keeps a
fixed tick grid (a Go ticker: one buffered tick, the rest dropped, E2), runs the iteration of
§1.5 on each tick or readiness trigger, counts consecutive results against the thresholds and
writes verdicts to the results cache it was given (`ResultsCache`, which announces changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from kubesim.kubelet.contracts import Listener, ThresholdRange
from kubesim.kubelet.scheduler import NORMAL, Interrupted
from kubesim.kubelet.settings import carried_run
from kubesim.kubelet.timing import GRID_EPS
from kubesim.results import ProbeType, Result

if TYPE_CHECKING:
    import numpy as np

    from kubesim.kubelet.contracts import ValidityBox
    from kubesim.kubelet.prober import Prober
    from kubesim.kubelet.results_cache import ResultsCache
    from kubesim.kubelet.scheduler import Process, ProcessGen, Scheduler
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.kubelet.status_view import StatusView
    from kubesim.spec.model import Probe, Target

__all__ = ["GRID_EPS", "INITIAL_RESULT", "PROBE", "SKIP", "WRITE_FAILURE", "WRITE_FAILURE_AND_EXIT",
           "ProbeSettings", "Worker", "checks", "count_result", "holds_after"]

# table 1.7: what a worker writes when it first sees a container ID
INITIAL_RESULT = {ProbeType.READINESS: Result.FAILURE, ProbeType.LIVENESS: Result.SUCCESS,
                  ProbeType.STARTUP: Result.UNKNOWN}

# what steps 5-9 of one iteration decide (`checks`); Final: constants in the compiled kubelet,
# not module look-ups
SKIP: Final = 0
WRITE_FAILURE: Final = 1
WRITE_FAILURE_AND_EXIT: Final = 2
PROBE: Final = 3


class ProbeSettings:
    """The numbers of a probe's spec that its worker reads at every tick and result, copied
    once (the kubelet's worker holds its probe's spec too): compiled, a field of the pydantic
    `Probe` is a Python look-up through BaseModel's __getattr__ hook (about 480 instructions,
    callgrind), one of this record a load."""

    def __init__(self, probe: Probe) -> None:
        self.initial_delay_seconds: Final[int] = probe.initial_delay_seconds
        self.period_seconds: Final[int] = probe.period_seconds
        self.success_threshold: Final[int] = probe.success_threshold
        self.failure_threshold: Final[int] = probe.failure_threshold


# -- the rules of one iteration, as pure functions ------------------------------------------
def checks(probe_type: ProbeType, probe: ProbeSettings, status: StatusView, on_hold: bool,
           now: float) -> int:
    """Steps 5-9 of doProbe, after the container-ID check of step 4: SKIP, WRITE_FAILURE,
    WRITE_FAILURE_AND_EXIT or PROBE. `status` is the kubelet's StatusView."""
    if on_hold:  # step 5, R1.24
        return SKIP
    if not status.running:  # step 6, R1.25
        if status.terminated and not status.will_restart:
            return WRITE_FAILURE_AND_EXIT
        return WRITE_FAILURE
    if int(now - status.running_since + GRID_EPS) < probe.initial_delay_seconds:
        return SKIP  # step 8, R1.7: whole seconds since StartedAt, truncated
    if (probe_type is ProbeType.STARTUP) == status.started:
        return SKIP  # step 9, R1.27: startup gating
    return PROBE


def count_result(last_result: Result, result_run: int, result: Result,
                 probe: ProbeSettings) -> tuple[Result, int, bool]:
    """Steps 11-12: the new (lastResult, resultRun) and whether the threshold is reached."""
    if result == last_result:  # step 11
        result_run += 1
    else:
        last_result, result_run = result, 1
    threshold = (probe.failure_threshold if result is Result.FAILURE
                 else probe.success_threshold)
    return last_result, result_run, result_run >= threshold  # step 12


def holds_after(probe_type: ProbeType, result: Result, startup_hold_on_success: bool) -> bool:
    """Step 14: whether a written verdict puts the worker on hold (R1.22, R1.23, R1.29)."""
    if probe_type is ProbeType.LIVENESS:
        return result is Result.FAILURE
    if probe_type is ProbeType.STARTUP:
        return result is Result.FAILURE or startup_hold_on_success
    return False


class Worker:
    """The worker of one probe type of one container.

    Collaborators are injected: `status` (the kubelet's `StatusView`, read only), `cache`
    (the results cache the verdicts go to), `prober` (one probe call). `box`, when given,
    collects the thresholds the run is valid for (see `kubesim.analysis.sweep`).
    """

    def __init__(self, sched: Scheduler, probe_type: ProbeType, probe: Probe, target: Target,
                 origin: float, *, status: StatusView, cache: ResultsCache, prober: Prober,
                 profile: KubeletProfile, rng: np.random.Generator,
                 box: ValidityBox | None = None,
                 listener: Listener | None = None) -> None:
        self.sched, self.status, self.cache, self.prober = sched, status, cache, prober
        # who answers: the container listening on the probe's port (R2.5), else this one
        self.listener = listener if listener is not None else Listener(prober.runtime, False)
        self.profile, self.rng, self.box = profile, rng, box
        # the profile's rules read at every result and trigger, copied from the frozen model
        self.startup_hold_on_success = profile.startup_hold_on_success
        self.trigger_resets_ticker = profile.trigger_resets_ticker
        self.run_after_kill = profile.failure_run_after_kill
        self.type = probe_type
        self.probe = probe
        self.settings = ProbeSettings(probe)  # what every tick and result reads of `probe`
        self.target = target
        self.period = float(self.settings.period_seconds)
        self.origin = origin  # grid: ticks at origin + k * period (R1.5, E1)
        self.k = 0
        self.cid: str | None = None
        self.last_result = Result.SUCCESS  # R1.21: Go zero value
        self.result_run = 0
        self.on_hold = False
        self.stopped = False
        self.trigger_pending = False  # readiness manual trigger, a 1-slot channel (R1.13, R1.16)
        self.tick_pending = False  # the Go ticker's 1-element buffer (R1.10)
        self.waiting = False  # waiting for a tick or a trigger
        self.proc: Process = sched.process(self.run())

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> ProcessGen:
        """Wait for a tick or a trigger, iterate, repeat until the worker exits."""
        sched = self.sched
        while self.origin + self.k * self.period < sched.now - GRID_EPS:
            self.k += 1
        while not self.stopped:
            if not (self.tick_pending or self.trigger_pending):
                self.waiting = True
                try:
                    # NORMAL: at equal times the kubelet's syncs (URGENT) come first
                    yield max(0.0, self.origin + self.k * self.period - sched.now), NORMAL
                    self.tick_pending = True
                except Interrupted:
                    pass  # a manual trigger arrived
                self.waiting = False
            self._take_tick_or_trigger()
            start = sched.now
            if self._iterate():
                yield from self._probe_and_count()
            self._advance_grid(start)

    def trigger(self) -> None:
        """Post a manual readiness trigger; a full slot drops it (non-blocking send, R1.13)."""
        if self.stopped or self.trigger_pending:
            return
        self.trigger_pending = True
        if self.waiting:
            self.waiting = False
            self.sched.interrupt(self.proc)

    def _take_tick_or_trigger(self) -> None:
        if self.tick_pending and self.trigger_pending:
            # Go's select picks among ready cases at random
            use_trigger = bool(self.rng.integers(2))
        else:
            use_trigger = self.trigger_pending
        if not use_trigger:
            self.tick_pending = False
            return
        self.trigger_pending = False
        if self.trigger_resets_ticker:
            # R1.14 (1.29+): ticker.Reset(P) re-phases the grid at the trigger; no stale tick
            self.origin, self.k, self.tick_pending = self.sched.now, 1, False

    def _advance_grid(self, since: float) -> None:
        """Move to the first tick after now; a tick passed while busy is buffered (R1.11)."""
        now = self.sched.now
        while self.origin + self.k * self.period <= now + GRID_EPS:
            if self.origin + self.k * self.period > since + GRID_EPS:
                self.tick_pending = True  # at most one survives; the rest are dropped
            self.k += 1

    # -- one iteration: the order of checks of §1.5 -----------------------------------------
    def _iterate(self) -> bool:
        """doProbe up to the probe call: skip or write, in the kubelet's order of checks;
        True when the probe is to be called now."""
        if self.stopped:  # stopped while it waited (termination, R1.30)
            return False
        status = self.status
        if status.pod_finished:  # step 2
            self._exit()
            return False
        cid = status.container_id
        if cid is None:  # step 3
            return False
        if cid != self.cid:  # step 4: counters are NOT reset (E3)
            self.cache.forget(self.type, self.cid)
            self.cid = cid
            # step 13 on the first look: the initial value is an update too (R1.20)
            self.cache.set(self.type, cid, INITIAL_RESULT[self.type], self.sched.now)
            self.on_hold = False
        step = checks(self.type, self.settings, status, self.on_hold, self.sched.now)
        if step == PROBE:
            return True
        if step != SKIP:
            self.cache.set(self.type, cid, Result.FAILURE, self.sched.now)
            if step == WRITE_FAILURE_AND_EXIT:
                self._exit()
        return False

    def _probe_and_count(self) -> ProcessGen:
        attempt = yield from self.prober.call(self)
        result = attempt.result
        if result is None or self.stopped:  # step 10: a prober error is thrown away (E4)
            return
        hold = holds_after(self.type, result, self.startup_hold_on_success)
        box = None
        if self.box is not None and self.writes(result):
            box = self.box.setdefault((self.type, result is Result.FAILURE), ThresholdRange())
        self.last_result, self.result_run, reached = count_result(
            self.last_result, self.result_run, result, self.settings)
        if box is not None:  # the thresholds this run is valid for
            if reached:
                box.reached_at(self.result_run)
            else:
                box.not_reached_at(self.result_run)
        if not reached:  # step 12
            return
        self.cache.set(self.type, self.cid, result, self.sched.now)  # step 13
        if hold:  # step 14, R1.22, R1.23
            self.on_hold = True
            # a liveness kill's run: 0 since 1.11, 1 in 1.7-1.10, kept before (PR #46371)
            self.result_run = (carried_run(self.run_after_kill, self.result_run)
                               if self.type is ProbeType.LIVENESS else 0)

    def _exit(self) -> None:
        self.stopped = True
        self.cache.forget(self.type, self.cid)

    # -- what a jump over a quiet stretch needs (kubesim.engine.jumps) ----------------------
    def quiet(self) -> bool:
        """Waiting for its next tick with nothing buffered: no stale tick, no trigger."""
        return (self.waiting and not self.stopped and not self.tick_pending
                and not self.trigger_pending)

    def tick(self, j: int) -> float:
        """The time of grid tick `j` (origin + j * period, R1.5)."""
        return self.origin + j * self.period

    def step_at(self, now: float) -> int:
        """What steps 5-9 would decide at a tick at `now` (`checks`)."""
        return checks(self.type, self.settings, self.status, self.on_hold, now)

    def idle_while_exited(self) -> bool:
        """Whether its ticks change nothing while its container has exited: on hold (step
        5 skips) or its cached result already a Failure (step 6 rewrites it, R1.20: no
        update)."""
        return self.on_hold or self.cache.get(self.type, self.cid) is Result.FAILURE

    def ticks_to_verdict(self, result: Result) -> int:
        """How many more calls judged `result` reach its threshold (steps 11-12)."""
        threshold = (self.settings.failure_threshold if result is Result.FAILURE
                     else self.settings.success_threshold)
        # at least one: a run kept across a kill (before 1.7) may already be past it
        return max(1, threshold - self.result_run) if self.last_result is result else threshold

    def writes(self, result: Result) -> bool:
        """Whether reaching the threshold with `result` would change something: a cached
        result that differs, or a hold (step 14). Otherwise the comparison of step 12
        decides nothing and any number of calls judged `result` is free."""
        return (self.cache.get(self.type, self.cid) is not result
                or holds_after(self.type, result, self.startup_hold_on_success))

    def advance(self, n: int, result: Result | None) -> None:
        """`n` ticks passed in a jumped stretch: each was probed and judged `result` without
        reaching a threshold that `writes` (steps 11-12, as `_probe_and_count` counts), or
        skipped or rewrote a cached result (`result` None)."""
        if result is not None:
            counted = self.box is not None and self.writes(result)
            if self.last_result is result:
                self.result_run += n
            else:
                self.last_result, self.result_run = result, n
            if counted:  # every comparison in the stretch was "not reached"
                assert self.box is not None
                box = self.box.setdefault((self.type, result is Result.FAILURE),
                                          ThresholdRange())
                box.not_reached_at(self.result_run)
        self.k += n

    def stop(self) -> None:
        """Stop from outside (the prober manager): forget the result, exit at the next wake."""
        self._exit()
