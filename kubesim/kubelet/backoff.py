"""CrashLoopBackOff bookkeeping (`flowcontrol/backoff.go`, `doBackOff`; §4.3).

One entry per container key: the current back-off B and when it was last advanced. The check
compares against the FinishedAt of the newest exited instance (E10), not the wall clock.

Garbage collection (R4.15): the kubelet's housekeeping pass (every 2 s, on its own ticker)
ends with `backOff.GC()`, which drops an entry whose lastUpdate is more than `reset_after`
old. GC changes nothing until the entry is next read, so it is applied lazily: an entry is
gone when a housekeeping tick fell strictly after `last_update + reset_after` and at or
before the read (a tick at the read's instant counts as before it).
"""

from __future__ import annotations

import math

__all__ = ["CrashLoopBackOff", "RefusalWindow", "backoff_left", "gc_tick_after"]


def gc_tick_after(t: float, phase: float, period: float) -> float:
    """The first housekeeping tick strictly after `t` (ticks at phase + k * period)."""
    k = math.floor((t - phase) / period)
    tick = phase + k * period
    while tick <= t:
        k += 1
        tick = phase + k * period
    return tick


class RefusalWindow:
    """`CrashLoopBackOff.refusal_window`: refused before `collected_at` while
    `now - finished_at < limit`. (A plain class: compiled, see `CrashLoopBackOff`.)"""

    def __init__(self, collected_at: float, limit: float) -> None:
        self.collected_at, self.limit = collected_at, limit

    def holds(self, finished_at: float, now: float) -> bool:
        """Whether `in_backoff(finished_at, now)` refuses at `now` (R4.9, R4.15)."""
        return now < self.collected_at and now - finished_at < self.limit


def backoff_left(backoff: float | None, finished_at: float, now: float) -> float:
    """Seconds of a wait of `backoff` (None: no entry) left at `now` after an exit at
    `finished_at` (R4.9)."""
    return 0.0 if backoff is None else max(0.0, backoff - (now - finished_at))


class CrashLoopBackOff:
    """The kubelet's per-container back-off entry and its rules (R4.8-R4.11).

    A plain class, not a dataclass (compiled, a dataclass keeps the __init__ that `dataclass`
    generates, interpreted Python)."""

    def __init__(self, initial: float = 10.0, maximum: float = 300.0,
                 reset_after: float = 600.0, *, gc_period: float = 0.0,
                 gc_phase: float = 0.0) -> None:
        self.initial, self.maximum, self.reset_after = initial, maximum, reset_after
        self.backoff: float | None = None  # None: no entry yet
        self.last_update = 0.0
        self.gc_period = gc_period  # housekeeping period (R4.15); 0: never collected
        self.gc_phase = gc_phase  # housekeeping ticks at gc_phase + k * gc_period

    def collect(self, now: float) -> None:
        """backOff.GC() at every housekeeping tick up to `now` (R4.15)."""
        if self.backoff is None or self.gc_period <= 0:
            return
        if gc_tick_after(self.last_update + self.reset_after, self.gc_phase,
                         self.gc_period) <= now:
            self.backoff = None

    def _expired(self, finished_at: float) -> bool:
        # HasExpiredFunc: the entry is stale when the instance ran > reset_after past it (R4.9)
        return finished_at - self.last_update > self.reset_after

    def in_backoff(self, finished_at: float, now: float) -> bool:
        """IsInBackOffSince: refuse a start while now - FinishedAt < B (strict, R4.9)."""
        self.collect(now)
        if self.backoff is None or self._expired(finished_at):
            return False
        # the kubelet compares nanosecond clocks; 1 ns of slack absorbs float rounding
        return now - finished_at < self.backoff - 1e-9

    def refuses(self, finished_at: float, now: float) -> bool:
        """What `in_backoff` answers at `now`, without collecting: a stretch of syncs that
        each refuse (the fast scheduler's, `Kubelet.refused_syncs`) asks before it passes
        them. While it answers True, `collect` up to `now` has changed nothing."""
        w = self.refusal_window(finished_at)
        return w is not None and w.holds(finished_at, now)

    def refusal_window(self, finished_at: float) -> RefusalWindow | None:
        """When `in_backoff(finished_at, now)` refuses, as long as the entry stays as it is:
        before `collected_at` (the housekeeping tick that drops it, R4.15) and while
        `now - finished_at < limit` (R4.9); None: it refuses at no time."""
        if self.backoff is None or self._expired(finished_at):
            return None
        collected = (gc_tick_after(self.last_update + self.reset_after, self.gc_phase,
                                   self.gc_period) if self.gc_period > 0 else math.inf)
        return RefusalWindow(collected, self.backoff - 1e-9)

    def remaining(self, finished_at: float, now: float) -> float:
        """Seconds until `in_backoff` turns false."""
        self.collect(now)
        return backoff_left(self.backoff, finished_at, now)

    def advance(self, finished_at: float, now: float) -> None:
        """Next: a fresh entry starts at `initial`, else B doubles up to `maximum` (R4.10)."""
        self.collect(now)
        if self.backoff is None or self._expired(finished_at):
            self.backoff = min(self.initial, self.maximum)  # R4.15: max below initial wins
        else:
            self.backoff = min(2 * self.backoff, self.maximum)
        self.last_update = now
