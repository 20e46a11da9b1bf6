"""CrashLoopBackOff bookkeeping (`flowcontrol/backoff.go`, `doBackOff`; §4.3).

One entry per container key: the current back-off B and when it was last advanced. The check
compares against the FinishedAt of the newest exited instance (E10), not the wall clock.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CrashLoopBackOff"]


@dataclass
class CrashLoopBackOff:
    """The kubelet's per-container back-off entry and its rules (R4.8-R4.11)."""

    initial: float = 10.0
    maximum: float = 300.0
    reset_after: float = 600.0
    backoff: float | None = None  # None: no entry yet
    last_update: float = 0.0

    def _expired(self, finished_at: float) -> bool:
        # HasExpiredFunc: the entry is stale when the instance ran > reset_after past it (R4.9)
        return finished_at - self.last_update > self.reset_after

    def in_backoff(self, finished_at: float, now: float) -> bool:
        """IsInBackOffSince: refuse a start while now - FinishedAt < B (strict, R4.9)."""
        if self.backoff is None or self._expired(finished_at):
            return False
        # the kubelet compares nanosecond clocks; 1 ns of slack absorbs float rounding
        return now - finished_at < self.backoff - 1e-9

    def remaining(self, finished_at: float, now: float) -> float:
        """Seconds until `in_backoff` turns false."""
        return 0.0 if self.backoff is None else max(0.0, self.backoff - (now - finished_at))

    def advance(self, finished_at: float, now: float) -> None:
        """Next: a fresh entry starts at `initial`, else B doubles up to `maximum` (R4.10)."""
        if self.backoff is None or self._expired(finished_at):
            self.backoff = min(self.initial, self.maximum)  # R4.15: max below initial wins
        else:
            self.backoff = min(2 * self.backoff, self.maximum)
        self.last_update = now
