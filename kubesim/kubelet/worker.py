"""The per-probe worker loop of the classic kubelet (`worker.go@61ecc560` `run`/`doProbe`).

One simpy process per declared probe type. It keeps a fixed tick grid (a Go ticker: one
buffered tick, the rest dropped, E2), runs the iteration of §1.5 on each tick or readiness
trigger, counts consecutive results against the thresholds and writes verdicts to the
results cache of the prober manager.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import simpy

from kubesim.kubelet.prober import run_probe
from kubesim.results import ProbeType, Result
from kubesim.engine.timeline import ProbeRecord

if TYPE_CHECKING:
    from kubesim.kubelet.pod_worker import Kubelet
    from kubesim.spec.model import Probe, Target

__all__ = ["INITIAL_RESULT", "PROBE", "SKIP", "WRITE_FAILURE", "WRITE_FAILURE_AND_EXIT", "Worker",
           "checks", "count_result", "holds_after"]

# table 1.7: what a worker writes when it first sees a container ID
INITIAL_RESULT = {ProbeType.READINESS: Result.FAILURE, ProbeType.LIVENESS: Result.SUCCESS,
                  ProbeType.STARTUP: Result.UNKNOWN}
_EPS = 1e-9  # float slack for grid arithmetic; simulated times are sums of seconds

# what steps 5-9 of one iteration decide (`checks`)
SKIP, WRITE_FAILURE, WRITE_FAILURE_AND_EXIT, PROBE = range(4)


# -- the rules of one iteration, as pure functions (shared with the sweep engine, fast.py) ---
def checks(probe_type: ProbeType, probe: Probe, status: Any, on_hold: bool, now: float) -> int:
    """Steps 5-9 of doProbe, after the container-ID check of step 4: SKIP, WRITE_FAILURE,
    WRITE_FAILURE_AND_EXIT or PROBE. `status` is the kubelet's StatusView."""
    if on_hold:  # step 5, R1.24
        return SKIP
    if not status.running:  # step 6, R1.25
        if status.terminated and not status.will_restart:
            return WRITE_FAILURE_AND_EXIT
        return WRITE_FAILURE
    if int(now - status.running_since + _EPS) < probe.initial_delay_seconds:
        return SKIP  # step 8, R1.7: whole seconds since StartedAt, truncated
    if (probe_type is ProbeType.STARTUP) == status.started:
        return SKIP  # step 9, R1.27: startup gating
    return PROBE


def count_result(last_result: Result, result_run: int, result: Result,
                 probe: Probe) -> tuple[Result, int, bool]:
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
    """The worker of one probe type of the simulated container."""

    def __init__(self, kubelet: Kubelet, probe_type: ProbeType, probe: Probe, target: Target,
                 origin: float) -> None:
        self.kubelet = kubelet
        self.env = kubelet.env
        self.probe_type = probe_type
        self.probe = probe
        self.target = target
        self.period = float(probe.period_seconds)
        self.origin = origin  # grid: ticks at origin + k * period (R1.5, E1)
        self.k = 0
        self.container_id: str | None = None
        self.last_result = Result.SUCCESS  # R1.21: Go zero value
        self.result_run = 0
        self.on_hold = False
        self.stopped = False
        self.trigger_pending = False  # readiness manual trigger, a 1-slot channel (R1.13, R1.16)
        self.tick_pending = False  # the Go ticker's 1-element buffer (R1.10)
        self.waiting = False
        self.process = self.env.process(self.run())

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> Generator[Any, Any, None]:
        """Wait for a tick or a trigger, iterate, repeat until the worker exits."""
        while self.origin + self.k * self.period < self.env.now - _EPS:
            self.k += 1
        while not self.stopped:
            if not (self.tick_pending or self.trigger_pending):
                self.waiting = True
                try:
                    # normal priority: at equal times the kubelet's syncs (urgent) come first
                    next_tick = self.origin + self.k * self.period
                    yield self.env.timeout(max(0.0, next_tick - self.env.now))
                    self.tick_pending = True
                except simpy.Interrupt:
                    pass  # a manual trigger arrived
                self.waiting = False
            self._take_tick_or_trigger()
            start = self.env.now
            yield from self.iterate()
            self._advance_grid(start)

    def trigger(self) -> None:
        """Post a manual readiness trigger; a full slot drops it (non-blocking send, R1.13)."""
        if self.stopped or self.trigger_pending:
            return
        self.trigger_pending = True
        if self.waiting:
            self.waiting = False
            self.process.interrupt()

    def stop(self) -> None:
        """The worker exits at its next check (R1.32: a probe in flight still completes)."""
        self.stopped = True

    def _take_tick_or_trigger(self) -> None:
        if self.tick_pending and self.trigger_pending:
            # Go's select picks among ready cases at random
            use_trigger = bool(self.kubelet.rng.integers(2))
        else:
            use_trigger = self.trigger_pending
        if not use_trigger:
            self.tick_pending = False
            return
        self.trigger_pending = False
        if self.kubelet.profile.trigger_resets_ticker:
            # R1.14 (1.29+): ticker.Reset(P) re-phases the grid at the trigger; no stale tick
            self.origin, self.k, self.tick_pending = self.env.now, 1, False

    def _advance_grid(self, since: float) -> None:
        """Move to the first tick after now; a tick passed while busy is buffered (R1.11)."""
        now = self.env.now
        while self.origin + self.k * self.period <= now + _EPS:
            if self.origin + self.k * self.period > since + _EPS:
                self.tick_pending = True  # at most one survives; the rest are dropped
            self.k += 1

    # -- one iteration: the order of checks of §1.5 -----------------------------------------
    def iterate(self) -> Generator[Any, Any, None]:
        """doProbe: skip, write or probe, in the kubelet's order of checks."""
        status = self.kubelet.status
        if status.pod_finished:  # step 2
            self._exit()
            return
        cid = status.container_id
        if cid is None:  # step 3
            return
        if cid != self.container_id:  # step 4: counters are NOT reset (E3)
            self.kubelet.manager.forget(self.probe_type, self.container_id)
            self.container_id = cid
            self._write(INITIAL_RESULT[self.probe_type])
            self.on_hold = False
        step = checks(self.probe_type, self.probe, status, self.on_hold, self.env.now)
        if step == PROBE:
            yield from self._probe_and_count(status.restart_count)
        elif step != SKIP:
            self._write(Result.FAILURE)
            if step == WRITE_FAILURE_AND_EXIT:
                self._exit()

    def _probe_and_count(self, container: int) -> Generator[Any, Any, None]:
        start = self.env.now
        kubelet = self.kubelet
        attempt = yield from run_probe(
            self.env, kubelet.ask, self.probe, self.target,
            exec_probe_timeout=kubelet.profile.exec_probe_timeout, censored=kubelet.censored)
        kubelet.record_probe(ProbeRecord(start, self.probe_type, attempt.outcome,
                                         attempt.detail, self.env.now - start, container))
        result = attempt.outcome.result
        if result is None:  # step 10: a prober error is thrown away (E4)
            return
        if self.stopped:
            return
        self.last_result, self.result_run, reached = count_result(
            self.last_result, self.result_run, result, self.probe)
        if not reached:  # step 12
            return
        self._write(result, failed_at=self.env.now)  # step 13
        if holds_after(self.probe_type, result,  # step 14, R1.22, R1.23
                       self.kubelet.profile.startup_hold_on_success):
            self.on_hold, self.result_run = True, 0

    def _write(self, result: Result, failed_at: float | None = None) -> None:
        self.kubelet.manager.set(self.probe_type, self.container_id, result,
                                 at=self.env.now if failed_at is None else failed_at)

    def _exit(self) -> None:
        self.stopped = True
        self.kubelet.manager.forget(self.probe_type, self.container_id)

