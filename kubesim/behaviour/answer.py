"""What the app answers: the seam between the simulated kubelet and the simulated container.

The engine asks a `Behaviour` what one probe request to one target gets, and how long the
process takes to exit on SIGTERM. Recorded traces (`trace.py`) and synthetic scenarios
(`scenario.py`) both implement it; `HEALTHY` answers everything at once with success.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

    from kubesim.spec.model import Target

__all__ = ["HEALTHY", "Answer", "AnswerError", "Behaviour", "Healthy", "Window"]


class AnswerError(str, Enum):
    """A request that got no application answer."""

    REFUSED = "refused"  # nothing listening: connect() refused (R2.8: Failure)
    TIMEOUT = "timeout"  # no answer at all; with a finite latency, a censored observation
    RESET = "reset"  # connection reset by peer (R2.8: Failure)
    ERROR = "error"  # a prober error, e.g. HTTP body read failed (R2.11: discarded, E4)


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer to one probe request.

    `latency` is seconds from the request to the answer (math.inf: never). Which fields count
    depends on the handler: `status` for httpGet (default 200), `exit_code` for exec (default 0),
    `grpc_status` for grpc (default SERVING); tcpSocket only looks at `error` and `latency`.
    `censored` marks a latency that is only a lower bound: a recorded client timeout after
    `latency` seconds says the real answer came later, or never.
    """

    status: int = 200
    error: AnswerError | None = None
    exit_code: int = 0
    grpc_status: str = "SERVING"
    latency: float = 0.0
    censored: bool = False

    def delayed(self, extra: float) -> Answer:
        """The same answer arriving `extra` seconds later (a stall held it back)."""
        return Answer(self.status, self.error, self.exit_code, self.grpc_status,
                      self.latency + extra, self.censored)


@dataclass(frozen=True, slots=True)
class Window:
    """A half-open time interval [start, end), for plots and reports of outages and stalls."""

    start: float
    end: float
    label: str

    def __contains__(self, t: float) -> bool:
        return self.start <= t < self.end


@runtime_checkable
class Behaviour(Protocol):
    """How the simulated application behaves; times are simulation seconds (0 = the first
    container started running)."""

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator) -> Answer:
        """The answer to a request sent to `target` at time `at`, by the container instance
        that started running at `started_at` (so `at - started_at` is its age)."""
        ...

    def stall_end(self, at: float, started_at: float) -> float:
        """When the process can next act, if it is stalled at `at`; `at` itself otherwise."""
        ...

    def shutdown_seconds(self) -> float:
        """How long the process takes to exit after SIGTERM once it can act."""
        ...

    def windows(self, until: float) -> list[Window]:
        """Wall-clock outages and stalls up to `until`, for reports and plots."""
        ...


class Healthy:
    """The default app: every target answers success at once; exits at once on SIGTERM."""

    _ANSWER = Answer()

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator) -> Answer:
        return self._ANSWER

    def stall_end(self, at: float, started_at: float) -> float:
        return at

    def shutdown_seconds(self) -> float:
        return 0.0

    def windows(self, until: float) -> list[Window]:
        return []


HEALTHY = Healthy()
