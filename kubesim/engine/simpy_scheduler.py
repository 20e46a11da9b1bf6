"""The reference scheduler: simpy's Environment runs the kubelet model's processes."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import simpy

from kubesim.kubelet.scheduler import STUCK_STEPS, Interrupted, ProcessGen, stuck

__all__ = ["SimpyScheduler"]


class _Wait(simpy.events.Event):
    """An event that fires after `delay` at `priority` (simpy's Timeout is always NORMAL)."""

    def __init__(self, env: simpy.Environment, delay: float, priority: int) -> None:
        super().__init__(env)
        self._ok, self._value = True, None
        env.schedule(self, simpy.events.EventPriority(priority), max(0.0, delay))


class _Proc:
    __slots__ = ("done", "process")

    def __init__(self) -> None:
        self.done = False
        self.process: simpy.Process


class SimpyScheduler:
    """`Scheduler` on a `simpy.Environment`."""

    def __init__(self) -> None:
        self.env = simpy.Environment()
        self.last, self.same = math.nan, 0  # the instant of the last step, steps at it

    @property
    def now(self) -> float:
        return float(self.env.now)

    def process(self, gen: ProcessGen) -> _Proc:
        proc = _Proc()
        proc.process = self.env.process(self._adapt(gen, proc))
        return proc

    def _adapt(self, gen: ProcessGen, proc: _Proc) -> Any:
        """Turn the model's `(delay, priority)` waits into simpy events, and simpy's
        Interrupt into `Interrupted`."""
        throw = False
        while True:
            self._step_at(self.env.now)
            try:
                delay, priority = gen.throw(Interrupted()) if throw else next(gen)
            except StopIteration:
                proc.done = True
                return
            throw = False
            try:
                yield _Wait(self.env, delay, priority)
            except simpy.Interrupt:
                throw = True

    def _step_at(self, now: float) -> None:
        """Count a step at `now`; refuse the run at STUCK_STEPS steps at one instant."""
        if now == self.last:
            self.same += 1
            if self.same >= STUCK_STEPS:
                raise stuck(now)
        else:
            self.last, self.same = now, 0

    def interrupt(self, proc: _Proc) -> None:
        proc.process.interrupt()

    def call(self, delay: float, priority: int, fn: Callable[[Any], None], arg: Any) -> None:
        ev = _Wait(self.env, delay, priority)
        ev.callbacks.append(lambda _: fn(arg))

    def run(self, until: float) -> None:
        self.env.run(until=until)
