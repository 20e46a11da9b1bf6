"""The declared types the prober, the workers and the pod's containers hand each other.

They live here, below all three, so that each side imports them without importing the other:
the prober calls a worker and the worker calls the prober, so a type-only import of `Worker`
in `prober` (or of `Prober` in `worker`) would make the two modules one circle
(tests/test_architecture.py). The prober reads a worker through `ProbedWorker`, the
structural type `worker.Worker` satisfies; a sweep's validity box (`ValidityBox`) maps each
counted comparison to a named `ThresholdRange`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol

from kubesim.kubelet.runtime import Instance, Runtime
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.spec.model import Probe, Target

__all__ = ["Crash", "Listener", "ProbedWorker", "ThresholdRange", "ValidityBox"]

# the app's own exit when a target is first asked (a scenario's `exit`): True when it exited
Crash = Callable[[Instance, str], bool]


# Listener is a plain class, not a NamedTuple: compiled (mypyc), a NamedTuple's fields are
# reached through Python, a native class's directly.
class Listener:
    """The process that answers a probe: the container listening on its port (the kubelet
    dials podIP:port, R2.5, R2.12, R2.16), or the probed container itself for exec; `drains`:
    it keeps answering after SIGTERM."""

    def __init__(self, runtime: Runtime, drains: bool) -> None:
        self.runtime: Final = runtime
        self.drains: Final = drains


class ProbedWorker(Protocol):
    """What the prober reads of the worker whose probe it calls (`worker.Worker`): its probe
    type, probe, target and listener, and its tick grid (origin + k * period, R1.5) for the
    jumped stretches it records."""

    type: ProbeType
    probe: Probe
    target: Target
    listener: Listener
    origin: float
    k: int
    period: float


class ThresholdRange:
    """The thresholds one kind of comparison (probe type, failure?) may take with the run
    unchanged: `low` <= threshold <= `high`. A comparison `resultRun >= threshold` that was
    reached bounds `high` (a higher threshold would not have been reached), one not reached
    bounds `low` (a lower one would have been); a plain class, so that the compiled worker
    updates it directly."""

    def __init__(self, low: float = 1, high: float = math.inf) -> None:
        self.low = low
        self.high = high

    def reached_at(self, run: int) -> None:
        """`run` consecutive results reached the threshold: it is at most `run`."""
        self.high = min(self.high, run)

    def not_reached_at(self, run: int) -> None:
        """`run` consecutive results did not reach it: it is above `run`."""
        self.low = max(self.low, run + 1)

    def holds(self, threshold: int) -> bool:
        """Whether `threshold` gives the same run."""
        return self.low <= threshold <= self.high

    def unbounded(self) -> bool:
        """Nothing in the run bounded it."""
        return self.low == 1 and self.high == math.inf

    def __eq__(self, other: object) -> bool:  # mutable: equal by value, not hashable
        return isinstance(other, ThresholdRange) and (self.low, self.high) == (other.low,
                                                                              other.high)

    def __repr__(self) -> str:
        return f"ThresholdRange(low={self.low}, high={self.high})"


# (probe type, failure?) -> the thresholds the run is valid for; filled by the workers
ValidityBox = dict[tuple[ProbeType, bool], ThresholdRange]
