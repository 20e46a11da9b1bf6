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
from typing import Any, Final, Protocol

from kubesim.errors import BehaviourError

__all__ = ["NORMAL", "STUCK_STEPS", "URGENT", "Interrupted", "Process", "ProcessGen",
           "Scheduler", "stuck"]

URGENT, NORMAL = 0, 1  # simpy's priorities: kubelet bookkeeping precedes probe ticks
ProcessGen = Generator[tuple[float, int], None, None]
# steps at one instant before a run is refused: a pod's instant holds a few hundred at most
# (every container's start, kill and probe at once); a million is a loop
STUCK_STEPS: Final = 1_000_000


def stuck(at: float) -> BehaviourError:
    """The refusal of a run whose scheduler took STUCK_STEPS steps at one instant: a loop
    the model does not end there (each wait 0 s, or less than the clock can add to `at`)
    would run for ever, and compiled code cannot be interrupted. Refused, as the in-place
    restart loop is (R4.35), never a hang; both schedulers stop at the same instant."""
    return BehaviourError(
        f"the run makes no progress at {at:g} s: {STUCK_STEPS:,} steps at that instant "
        "without the clock moving, a loop the model does not end; this is a defect of "
        "kubesim, please report it with this input")


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
