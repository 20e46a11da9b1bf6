"""The scheduler interface the kubelet model runs on, and its two implementations' contract.

The kubelet's state machine (`kubesim.kubelet`) is written once, as plain generators and
callbacks, against four operations:

- `process(gen)`: start a process now. A process is a generator that yields
  `(delay, priority)` to wait; a wait can be cut short by `interrupt`, which throws
  `Interrupted` into it.
- `interrupt(proc)`: wake a waiting process at the current time.
- `call(delay, priority, fn, arg)`: call `fn(arg)` after `delay`.
- `run(until)`: process everything scheduled before `until`.

Both schedulers order work exactly as simpy does: by time, then priority (`URGENT` before
`NORMAL`), then the order in which it was scheduled; a process starts with an URGENT
initialisation step and an interrupt is an URGENT step at the current time. So a run gives the
same timeline on either (`SimpyScheduler`, the reference; `HeapScheduler`, the fast one).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, Protocol

__all__ = ["NORMAL", "URGENT", "Interrupted", "Process", "ProcessGen", "Scheduler"]

URGENT, NORMAL = 0, 1  # simpy's priorities: kubelet bookkeeping precedes probe ticks
ProcessGen = Generator[tuple[float, int], None, None]


class Interrupted(Exception):
    """Thrown into a waiting process by `Scheduler.interrupt`."""


class Process(Protocol):
    """A started process; `done` once its generator has returned."""

    done: bool


class Scheduler(Protocol):
    """What the kubelet model needs of a discrete-event scheduler."""

    now: float

    def process(self, gen: ProcessGen) -> Process: ...

    def interrupt(self, proc: Process) -> None: ...

    def call(self, delay: float, priority: int, fn: Callable[[Any], None], arg: Any) -> None: ...

    def run(self, until: float) -> None: ...
