"""The fast scheduler: a binary heap in simpy's order, with a hook to jump quiet stretches.

Entries are `(time, priority, seq, kind, obj, arg)`; `seq` grows with every scheduling, so
ties are broken exactly as simpy's event ids break them. A process waiting on a timeout holds
a `token` (the seq of its pending entry): an interrupt gives it a new one, and the abandoned
entry is skipped when it comes up (simpy removes the resume callback instead).

When every pending entry is a process waiting (no call, no interrupt queued), the scheduler
asks `on_quiet(now)` whether the model can move itself forward over a stretch in which nothing
but known, identical probe ticks would happen (`kubesim.engine.jumps`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any, cast

from kubesim.kubelet.scheduler import (
    STUCK_STEPS,
    URGENT,
    Interrupted,
    Process,
    ProcessGen,
    stuck,
)

__all__ = ["HeapProcess", "HeapScheduler", "Unparked"]

_RESUME, _INTERRUPT, _CALL = 0, 1, 2


class Unparked(Exception):
    """A parked process was to be woken, or what its park assumed changed: the run is made
    again without parks (`kubesim.engine.jumps`)."""


class HeapProcess:
    """A process on the heap: its generator, the seq of its pending wait (None: none), the
    time of that wait, and whether it is parked past the end of the run
    (`kubesim.engine.jumps`)."""

    __slots__ = ("done", "gen", "parked", "token", "wait_at")

    def __init__(self, gen: ProcessGen) -> None:
        self.gen: ProcessGen = gen
        self.token: int | None = None
        self.done: bool = False
        self.wait_at: float = 0.0
        self.parked: bool = False


class HeapScheduler:
    """`Scheduler` on a heap; `on_quiet` may reschedule processes (see the module doc)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.heap: list[tuple[Any, ...]] = []
        self.seq = 0
        self.live = 0  # valid entries in the heap
        self.procs = 0  # processes not done: each holds one valid entry while it waits
        self.on_quiet: Callable[[float], None] | None = None
        self.steps = 0  # entries taken off the heap: the work a run did (kubesim.analysis.budget)
        self.jumped_resyncs = 0  # resyncs drawn inside jumped stretches (kubesim.engine.jumps)
        # probe workers the jumps looked at (kubesim.engine.jumps), which the steps do not
        # see: a quiet test each (`visits`), a stretch or a park planned for each (`plans`)
        self.visits = 0
        self.plans = 0

    def process(self, gen: ProcessGen) -> HeapProcess:
        proc = HeapProcess(gen)
        self.seq += 1
        proc.token = self.seq
        self.live += 1
        self.procs += 1
        heappush(self.heap, (self.now, URGENT, self.seq, _RESUME, proc, None))  # Initialize
        return proc

    def call(self, delay: float, priority: int, fn: Callable[[Any], None], arg: Any) -> None:
        self.seq += 1
        self.live += 1
        heappush(self.heap, (self.now + delay, priority, self.seq, _CALL, fn, arg))

    def interrupt(self, proc: Process) -> None:
        if cast(HeapProcess, proc).parked:  # its park assumed it waits to the end
            raise Unparked
        self.seq += 1
        self.live += 1
        heappush(self.heap, (self.now, URGENT, self.seq, _INTERRUPT, proc, None))

    def waiting(self, proc: Process) -> HeapProcess:
        """A process this scheduler made, with its pending wait (`token`, `wait_at`)."""
        return cast(HeapProcess, proc)

    def resume_at(self, proc: Process, at: float, priority: int) -> None:
        """Move a waiting process's wake-up to `at` (used by jumps; replaces its entry)."""
        heap_proc = cast(HeapProcess, proc)
        self.seq += 1
        heap_proc.token = self.seq
        heap_proc.wait_at = at
        heappush(self.heap, (at, priority, self.seq, _RESUME, heap_proc, None))

    def next_at(self, until: float) -> float:
        """When the next entry that does anything comes up (math.inf: none). The waits an
        interrupt or a jump abandoned at the top of the heap before `until` are taken off
        first, as `run` takes them (a step each, the clock at their time): a jump leaves its
        workers' pending ticks there, and a caller choosing which scheduler to run next (the
        jumped fleet's rounds, `kubesim.fleet.load_run`) would otherwise run this one for
        nothing but them."""
        heap = self.heap
        while heap:
            entry = heap[0]
            t: float = entry[0]
            if t >= until or entry[3] != _RESUME or entry[4].token == entry[2]:
                return t
            heappop(heap)
            self.steps += 1
            self.now = t
        return math.inf

    def _advance(self, proc: HeapProcess, throw: bool) -> None:
        try:
            delay, prio = proc.gen.throw(Interrupted()) if throw else next(proc.gen)
        except StopIteration:
            proc.token = None
            proc.done = True
            self.procs -= 1
            return
        self.seq += 1
        proc.token = self.seq
        proc.wait_at = at = self.now + delay
        self.live += 1
        heappush(self.heap, (at, prio, self.seq, _RESUME, proc, None))

    def run(self, until: float) -> None:
        heap, pop, push = self.heap, heappop, heappush
        steps = self.steps
        last, same = math.nan, 0  # the instant of the last step, and steps taken at it
        try:
            while heap:
                entry = heap[0]
                t = entry[0]
                if t >= until:  # simpy's run(until): the stop event comes first
                    break
                pop(heap)
                steps += 1
                self.now = t
                if t == last:
                    same += 1
                    if same >= STUCK_STEPS:
                        raise stuck(t)
                else:
                    last, same = t, 0
                kind, obj = entry[3], entry[4]
                if kind == _RESUME:  # `_advance(obj, False)`, inlined: most entries are these
                    if obj.token != entry[2]:
                        continue  # a wait abandoned by an interrupt or a jump
                    try:
                        delay, prio = next(obj.gen)
                    except StopIteration:
                        obj.token = None
                        obj.done = True
                        self.live -= 1
                        self.procs -= 1
                        continue
                    self.seq = seq = self.seq + 1
                    obj.token = seq
                    obj.wait_at = at = t + delay
                    push(heap, (at, prio, seq, _RESUME, obj, None))
                elif kind == _CALL:
                    self.live -= 1
                    obj(entry[5])
                else:
                    self.live -= 1
                    if not obj.done:
                        if obj.token is not None:  # abandon its pending wait
                            obj.token = None
                            self.live -= 1
                        self._advance(obj, True)
                if self.live == self.procs and self.on_quiet is not None:
                    self.on_quiet(t)
        finally:
            self.steps = steps
