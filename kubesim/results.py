"""Vocabulary shared by every layer: probe types, probe results, low-level outcomes.

Mirrors `pkg/kubelet/prober/results` and `pkg/probe/probe.go` in kubernetes/kubernetes.
"""

from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["Outcome", "ProbeType", "Result"]


class ProbeType(str, Enum):
    """The three probe types; one kubelet worker each (R1.1)."""

    STARTUP = "startup"
    LIVENESS = "liveness"
    READINESS = "readiness"

    @property
    def field(self) -> str:
        """The container field that declares it: `livenessProbe`."""
        return f"{self.value}Probe"

    @property
    def event_name(self) -> str:
        """How kubelet events name it: `Liveness probe failed: ...`."""
        return self.value.capitalize()


class Result(IntEnum):
    """A worker's cached result; the values are the kubelet's own encoding (R1.21)."""

    UNKNOWN = -1
    SUCCESS = 0
    FAILURE = 1

    def __str__(self) -> str:
        return self.name.lower()


class Outcome(str, Enum):
    """What one probe call returned before the worker counts it (pkg/probe, R2.3).

    WARNING (an HTTP 3xx not followed) counts as success; ERROR is thrown away by the
    worker after the prober's retries (R2.2, E4).
    """

    SUCCESS = "success"
    WARNING = "warning"
    FAILURE = "failure"
    ERROR = "error"

    @property
    def result(self) -> Result | None:
        """The worker result this outcome counts as; None when it is discarded (§2.6)."""
        if self is Outcome.ERROR:
            return None
        return Result.FAILURE if self is Outcome.FAILURE else Result.SUCCESS
