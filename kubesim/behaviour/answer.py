"""What the app answers: the seam between the simulated kubelet and the simulated container.

The engine asks a `Behaviour` what one probe request to one target gets, and how long the
process takes to exit on SIGTERM. Recorded traces (`trace.py`) and synthetic scenarios
(`scenario.py`) both implement it; `HEALTHY` answers everything at once with success.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol, runtime_checkable
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import numpy as np

    from kubesim.spec.model import Target

__all__ = ["HEALTHY", "MAX_LOCATION", "Answer", "AnswerError", "Behaviour", "Healthy", "Window",
           "location_problem"]


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
    `latency` seconds says the real answer came later, or never. `location` is the `Location`
    header of a 3xx answer (relative or absolute); the prober follows it per R2.10.
    """

    status: int = 200
    error: AnswerError | None = None
    exit_code: int = 0
    grpc_status: str = "SERVING"
    latency: float = 0.0
    censored: bool = False
    location: str | None = None

    def delayed(self, extra: float) -> Answer:
        """The same answer arriving `extra` seconds later (a stall held it back)."""
        return Answer(self.status, self.error, self.exit_code, self.grpc_status,
                      self.latency + extra, self.censored, self.location)


MAX_LOCATION = 4096  # characters of a `Location` (`kubesim capture` cuts longer ones to it)


def location_problem(location: object, status: object) -> str | None:
    """Why `location` cannot be the `Location` header of an answer with `status`, or None.

    Scenarios and traces share this check so both say the same thing."""
    if isinstance(location, str) and len(location) > MAX_LOCATION:
        return f"location is {len(location):,} characters long; at most {MAX_LOCATION:,}"
    if not isinstance(location, str) or not location.strip() or not location.isprintable():
        return ("location must be a non-empty URL or path of printable characters, "
                f"got {location!r}")
    if status is None:
        return "location needs a redirect status 300-399 (this answer has no status)"
    if not isinstance(status, int) or not 300 <= status <= 399:
        return f"location goes only with a redirect status 300-399, got status {status!r}"
    try:
        parts = urlsplit(location)
        _ = parts.port  # a malformed port raises here
    except ValueError as exc:
        return f"location {location!r} is not a URL: {exc}"
    if parts.scheme and parts.scheme.lower() not in ("http", "https"):
        return f"location {location!r}: the scheme must be http or https"
    return None


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
