"""The work budget: how much simulation a command may do, estimated and checked before it starts.

A command's work is counted in simulated probe calls, summed over every run it would do: a run
of `duration` seconds makes about `duration / periodSeconds + 2` calls per declared probe (a
timeout longer than the period or a restart only make fewer or a few more). The engine's other
events (syncs, kills, restarts) come with probe calls, so calls bound both the time a command
takes and the memory of the timelines it keeps (about BYTES_PER_CALL bytes per call kept). A
call against a scenario with many stalls and windows counts for more (`weight`).

The default budget, DEFAULT_MAX_WORK calls, is a few minutes of the slower (simpy) engine and
about 1 GB of timeline at most; `--max-work N` on `run`, `sweep` and `check` raises (or lowers)
it. Over the budget, the command stops before simulating anything, with one line naming the
estimate, the budget and the flag.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kubesim.errors import UsageError

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.spec.model import ProbedContainer

__all__ = ["BYTES_PER_CALL", "DEFAULT_MAX_WORK", "MAX_DURATION", "calls", "check_budget",
           "check_duration", "observer_calls", "weight"]

DEFAULT_MAX_WORK = 5_000_000
BYTES_PER_CALL = 200  # one probe record of a timeline, measured with tracemalloc
MAX_DURATION = 1e9  # seconds (about 31 years): beyond it float times lose their milliseconds


def calls(pod: ProbedContainer, duration: float, periods: dict[str, int] | None = None) -> float:
    """Estimated probe calls of one run of `pod` for `duration` seconds; `periods` overrides
    the period of a probe by its field name (a sweep's smallest value)."""
    periods = periods or {}
    total = 0.0
    for probe_type, probe in pod.container.probes().items():
        period = periods.get(probe_type.field, probe.period_seconds)
        total += duration / max(period, 1) + 2
    return total


def weight(behaviour: Behaviour) -> float:
    """How many plain probe calls one call against `behaviour` costs: a scenario's stalls,
    windows and downtimes are looked through at every request (about 1/20 of a call each)."""
    return 1.0 + behaviour.lookup_items() / 20


def observer_calls(duration: float) -> float:
    """Calls of a once-a-second observer run (`kubesim check` asks a target every second)."""
    return duration + 2


def check_duration(duration: float, flag: str = "--duration") -> None:
    """A run's length: a finite number of seconds > 0, at most MAX_DURATION."""
    if not (isinstance(duration, int | float) and 0 < duration <= MAX_DURATION):
        raise UsageError(f"duration={duration!r} must be a positive number of seconds, at "
                         f"most {MAX_DURATION:g} ({flag})")


def check_budget(work: float | Iterable[float], max_work: int, *, what: str,
                 kept: float = 0.0) -> None:
    """Raise UsageError before any work if the estimate is over `max_work` calls. `kept`:
    the calls whose timelines are held in memory at once (for the memory estimate)."""
    total = work if isinstance(work, int | float) else math.fsum(work)
    if isinstance(max_work, bool) or not isinstance(max_work, int) or max_work < 1:
        raise UsageError(f"--max-work {max_work!r} must be a whole number >= 1")
    if not total <= max_work:  # also NaN
        memory = max(kept, 0.0) * BYTES_PER_CALL
        mem = f"; its timelines would hold about {_bytes(memory)}" if memory >= 1e6 else ""
        raise UsageError(f"{what} would cost about {_count(total)} probe calls, over the "
                         f"work budget of {max_work:,}{mem}; shorten it, or raise the budget "
                         "with --max-work N")


def _count(n: float) -> str:
    return f"{n:,.0f}" if n < 1e12 else f"{n:.3g}"


def _bytes(n: float) -> str:
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} bytes"
