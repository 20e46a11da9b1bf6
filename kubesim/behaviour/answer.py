"""What the app answers: the seam between the simulated kubelet and the simulated container.

The engine asks a `Behaviour` what one probe request to one target gets, how long a process
takes to exit on SIGTERM, when it exits by itself, when the pod is deleted; the analyses ask
which targets it describes. Every such capability is a typed method of the one `Behaviour`
protocol, never an attribute looked up by name. `BehaviourBase` gives each its neutral
default; recorded traces (`trace.py`) and synthetic scenarios (`scenario.py`) override what
they describe, `DelegatingBehaviour` wraps one (a partial trace, a replica under load), and
`HEALTHY` answers everything at once with success.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.selectors import ReplicaSelector, SelectorUse
    from kubesim.identity import PodIdentity
    from kubesim.spec.model import Target

__all__ = ["HEALTHY", "MAX_LOCATION", "SIGKILL_EXIT_CODE", "SIGTERM_EXIT_CODE", "Answer",
           "AnswerError", "Behaviour", "BehaviourBase", "CensoredCount", "DelegatingBehaviour",
           "DeletionRequest", "ExitDue", "Healthy", "InitOutcome", "NamedContainer", "ProbeExit",
           "ReplayExtent", "ServingFraction", "WHOLE_FLEET", "Window", "location_problem"]


SIGTERM_EXIT_CODE = 143  # 128 + SIGTERM: a process that does not handle the signal
SIGKILL_EXIT_CODE = 137  # 128 + SIGKILL: the end of the grace period (and an OOM kill)


class ServingFraction(NamedTuple):
    """The fraction of a fleet's wanted replicas kube-proxy routes to when a request is sent
    (docs/controller-rules.md F4), as a ready-fraction latency law reads it: `routed`, as
    this replica's traffic sees it (1 while traffic does not reach it: it takes none of the
    load the others shed), and `fleet`, the fleet's whatever this replica's traffic (a
    backend every replica shares slows them all alike). Both are 1 for a pod alone and
    before the fleet is in service (F2)."""

    routed: float = 1.0
    fleet: float = 1.0


WHOLE_FLEET = ServingFraction(1.0, 1.0)  # a pod alone, a fleet not yet in service


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
    """A half-open time interval [start, end), for plots and reports of outages and stalls;
    `replicas`: the fleet's pods it is about, when its entry selects some
    (`kubesim.behaviour.replicas`; None: every pod)."""

    start: float
    end: float
    label: str
    replicas: ReplicaSelector | None = None

    def __contains__(self, t: float) -> bool:
        return self.start <= t < self.end


class ExitDue(NamedTuple):
    """When a process exits by itself, with which exit code, and whether it was OOMKilled."""

    at: float
    code: int
    oom: bool


class ProbeExit(NamedTuple):
    """The exit of a process that dies when a target is first asked."""

    code: int
    oom: bool


class InitOutcome(NamedTuple):
    """How one run of a plain init container goes: it runs `seconds`, then exits `code`."""

    seconds: float
    code: int


class DeletionRequest(NamedTuple):
    """The API deletes the pod `at` (wall clock), with a grace-period override or None."""

    at: float
    grace_seconds: int | None


class CensoredCount(NamedTuple):
    """Censored timeouts of one target shorter than a probe's timeout: how many, and the
    longest of them in milliseconds."""

    # shadows tuple.count (nothing calls it on these); the name is public API
    count: int  # type: ignore[assignment]
    longest_ms: float


class ReplayExtent(NamedTuple):
    """What a run of `until` seconds replays of a recorded trace, for the work budget
    (`Behaviour.replay_extent`), in trace time (a container's age with `on_restart: replay`,
    the wall clock with `wall`). Up to `last` the answers may change at every observation;
    after it each target holds its last one for ever (sample and hold)."""

    last: float  # the last observation of the run's targets at or before `until`
    times: np.ndarray  # the distinct times of their observations after each first, sorted
    changes: np.ndarray  # the distinct times an answer turns failing (or slow) or back, sorted
    failing: list[tuple[float, float]]  # (start, seconds) of the killing keys' failing
    erring: float  # seconds of answers that are prober errors (retried, R2.2), all keys
    held_failing: bool  # whether an answer held after `last` fails
    held_slowest_ms: float  # the longest latency held after `last`, in ms
    exits: tuple[float, ...]  # trace times of its "the process exited" lines
    replay: bool  # `on_restart: replay`: every container replays it from its start


class NamedContainer(NamedTuple):
    """A container a behaviour names (`field` says where), checked against the pod: a
    name the pod lacks is an error. `init_only`: it must be a plain init container."""

    field: str
    name: str
    init_only: bool = False


@runtime_checkable
class Behaviour(Protocol):
    """How the simulated application behaves; times are simulation seconds (0 = the first
    container started running). Every capability the kubelet, the engine, the fleet and the
    analyses use is a method here; `BehaviourBase` gives each a neutral default."""

    @property
    def source(self) -> str:
        """Where it came from (a file name, or "<memory>"); read-only here, since a
        `Scenario` keeps it in a private attribute of its model."""
        ...

    # -- what the processes answer, and how they stop
    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        """The answer to a request sent to `target` at time `at`, by the instance of
        `container` (the one listening, named in the pod) that started running at
        `started_at` (so `at - started_at` is its age)."""
        ...

    def answer_serving(self, target: Target, at: float, started_at: float,
                       rng: np.random.Generator, fraction: ServingFraction,
                       container: str = "") -> Answer:
        """`answer` for a replica of a fleet at `fraction` of the fleet's replicas serving
        (a scenario's `latency_ms: {law: ready_fraction}`); `answer` is this at
        `WHOLE_FLEET`."""
        ...

    def uses_ready_fraction(self) -> bool:
        """Whether some of its answers depend on the fleet's ready fraction."""
        ...

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        """When the process (of `container`) can next act, if it is stalled at `at`; `at`
        itself otherwise."""
        ...

    def shutdown_seconds(self, container: str = "") -> float:
        """How long the process of `container` takes to exit after SIGTERM once it can act."""
        ...

    def answers_after_sigterm(self, container: str = "") -> bool:
        """Whether `container` keeps answering probes while it drains after SIGTERM (else
        its listener closes at SIGTERM and requests are refused)."""
        ...

    def sigterm_exit_code(self, container: str = "") -> int:
        """The exit code of `container` when it exits on SIGTERM within the grace period
        (a SIGKILL is 137)."""
        ...

    def port_owner(self, port: int) -> str | None:
        """The container that listens on `port` if the behaviour says so (else the one that
        declares it as a containerPort answers)."""
        ...

    def windows(self, until: float) -> list[Window]:
        """Wall-clock outages and stalls up to `until`, for reports and plots."""
        ...

    def first_stall(self, until: float) -> float | None:
        """When the first stall (or hang) begins, as the first container sees it, if one
        begins before `until`."""
        ...

    # -- the processes' own exits
    def exit_at(self, started_at: float, container: str = "", run: int = 0) -> ExitDue | None:
        """The first timed exit of the process of `container` started at `started_at`, its
        `run` (restartCount, 0 the first)."""
        ...

    def exits_on_probe(self) -> bool:
        """Whether some probe request can end the process (so no request can be skipped)."""
        ...

    def exit_on_probe(self, key: str) -> ProbeExit | None:
        """The exit if the first request to target `key` ends the process, else None."""
        ...

    def init_run(self, name: str, attempt: int) -> InitOutcome:
        """The `attempt`-th run (0 first) of plain init container `name`."""
        ...

    # -- the pod's API object
    def deletion(self) -> DeletionRequest | None:
        """When the pod is deleted, if it is."""
        ...

    def condition(self, kind: str, at: float) -> bool:
        """Whether pod condition `kind` (a readiness gate's) is True at `at`."""
        ...

    def condition_changes(self, kind: str) -> list[float]:
        """When pod condition `kind` may change."""
        ...

    def named_containers(self) -> list[NamedContainer]:
        """The containers the behaviour names (checked against the pod)."""
        ...

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent | None:
        """A recorded trace: what a run of `until` seconds asking targets `keys` (each with
        the ms from which an answer is too slow: its probes' shortest timeout) replays of
        it, its failing stretches those of the `killing` keys; read as far as that run
        reads it and no further; None for anything else."""
        ...

    # -- which targets it describes
    def target_keys(self) -> list[str]:
        """The target keys it names (a trace: those it recorded, reading all of it)."""
        ...

    def known_target_keys(self) -> list[str]:
        """The target keys known without reading any further (a streamed trace: so far)."""
        ...

    def answers_unnamed(self) -> bool:
        """Whether a target it does not name still gets an answer of its (a scenario's
        `"*"` or default); a trace answers only what it recorded."""
        ...

    def covers(self, key: str) -> bool:
        """Whether its answers for target `key` are its own (a partial trace: recorded)."""
        ...

    def check_targets(self, keys: list[str]) -> None:
        """Raise BehaviourError for the first probed target it cannot answer."""
        ...

    # -- recorded timeouts that bound the latency only from below (traces)
    def censored(self) -> str | None:
        """What a censored timeout counts as: "failure", "discard" or "reject"; None when
        it records none."""
        ...

    def check_censored(self, timeout_seconds_by_key: dict[str, float]) -> None:
        """In "reject" mode, raise BehaviourError at the first undecidable censored line."""
        ...

    def censored_below(self, key: str, seconds: float) -> CensoredCount:
        """Censored timeouts of `key` shorter than `seconds`."""
        ...

    # -- the pods of a fleet (kubesim.behaviour.replicas)
    def for_pod(self, identity: PodIdentity) -> Behaviour:
        """The behaviour of one pod of a fleet: a scenario's entries that select no replicas
        and those whose selector matches the pod; a trace, if its meta selects the pod (or
        selects none), else the healthy app."""
        ...

    def replica_selectors(self) -> list[SelectorUse]:
        """The replica selectors it holds, each with where it is (checked against the
        fleet: a node, zone, index, ordinal or name the fleet lacks is an error)."""
        ...


class BehaviourBase:
    """The neutral default of every `Behaviour` capability: every target answers success at
    once, the process exits at once on SIGTERM and never by itself, the pod is never
    deleted, no condition is ever True, nothing is named or recorded. Scenarios, traces and
    their wrappers override what they describe."""

    source = "<memory>"
    _ANSWER = Answer()

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        return BehaviourBase._ANSWER

    def answer_serving(self, target: Target, at: float, started_at: float,
                       rng: np.random.Generator, fraction: ServingFraction,
                       container: str = "") -> Answer:
        return self.answer(target, at, started_at, rng, container)

    def uses_ready_fraction(self) -> bool:
        return False

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        return at

    def shutdown_seconds(self, container: str = "") -> float:
        return 0.0

    def answers_after_sigterm(self, container: str = "") -> bool:
        return False

    def sigterm_exit_code(self, container: str = "") -> int:
        return SIGTERM_EXIT_CODE

    def port_owner(self, port: int) -> str | None:
        return None

    def windows(self, until: float) -> list[Window]:
        return []

    def first_stall(self, until: float) -> float | None:
        return None

    def exit_at(self, started_at: float, container: str = "", run: int = 0) -> ExitDue | None:
        return None

    def exits_on_probe(self) -> bool:
        return False

    def exit_on_probe(self, key: str) -> ProbeExit | None:
        return None

    def init_run(self, name: str, attempt: int) -> InitOutcome:
        return InitOutcome(0.0, 0)

    def deletion(self) -> DeletionRequest | None:
        return None

    def condition(self, kind: str, at: float) -> bool:
        return False

    def condition_changes(self, kind: str) -> list[float]:
        return []

    def named_containers(self) -> list[NamedContainer]:
        return []

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent | None:
        return None

    def target_keys(self) -> list[str]:
        return []

    def known_target_keys(self) -> list[str]:
        return self.target_keys()

    def answers_unnamed(self) -> bool:
        return True

    def covers(self, key: str) -> bool:
        return True

    def check_targets(self, keys: list[str]) -> None:
        return None

    def censored(self) -> str | None:
        return None

    def check_censored(self, timeout_seconds_by_key: dict[str, float]) -> None:
        return None

    def censored_below(self, key: str, seconds: float) -> CensoredCount:
        return CensoredCount(0, 0.0)

    def for_pod(self, identity: PodIdentity) -> Behaviour:
        return self

    def replica_selectors(self) -> list[SelectorUse]:
        return []


class Healthy(BehaviourBase):
    """The default app: every target answers success at once; exits at once on SIGTERM."""


class DelegatingBehaviour(BehaviourBase):
    """A behaviour that is another one with something changed (a partial trace, a replica
    under load): every capability is the base's, each forwarded by name, unless the
    subclass overrides it; but it selects no replicas (it plays for every pod it is given
    to: a fleet wraps each pod's own behaviour)."""

    def __init__(self, base: Behaviour) -> None:
        self.base = base
        self.source = base.source

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        return self.base.answer(target, at, started_at, rng, container)

    def answer_serving(self, target: Target, at: float, started_at: float,
                       rng: np.random.Generator, fraction: ServingFraction,
                       container: str = "") -> Answer:
        return self.base.answer_serving(target, at, started_at, rng, fraction, container)

    def uses_ready_fraction(self) -> bool:
        return self.base.uses_ready_fraction()

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        return self.base.stall_end(at, started_at, container)

    def shutdown_seconds(self, container: str = "") -> float:
        return self.base.shutdown_seconds(container)

    def answers_after_sigterm(self, container: str = "") -> bool:
        return self.base.answers_after_sigterm(container)

    def sigterm_exit_code(self, container: str = "") -> int:
        return self.base.sigterm_exit_code(container)

    def port_owner(self, port: int) -> str | None:
        return self.base.port_owner(port)

    def windows(self, until: float) -> list[Window]:
        return self.base.windows(until)

    def first_stall(self, until: float) -> float | None:
        return self.base.first_stall(until)

    def exit_at(self, started_at: float, container: str = "", run: int = 0) -> ExitDue | None:
        return self.base.exit_at(started_at, container, run)

    def exits_on_probe(self) -> bool:
        return self.base.exits_on_probe()

    def exit_on_probe(self, key: str) -> ProbeExit | None:
        return self.base.exit_on_probe(key)

    def init_run(self, name: str, attempt: int) -> InitOutcome:
        return self.base.init_run(name, attempt)

    def deletion(self) -> DeletionRequest | None:
        return self.base.deletion()

    def condition(self, kind: str, at: float) -> bool:
        return self.base.condition(kind, at)

    def condition_changes(self, kind: str) -> list[float]:
        return self.base.condition_changes(kind)

    def named_containers(self) -> list[NamedContainer]:
        return self.base.named_containers()

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent | None:
        return self.base.replay_extent(keys, until, killing, least)

    def target_keys(self) -> list[str]:
        return self.base.target_keys()

    def known_target_keys(self) -> list[str]:
        return self.base.known_target_keys()

    def answers_unnamed(self) -> bool:
        return self.base.answers_unnamed()

    def covers(self, key: str) -> bool:
        return self.base.covers(key)

    def check_targets(self, keys: list[str]) -> None:
        self.base.check_targets(keys)

    def censored(self) -> str | None:
        return self.base.censored()

    def check_censored(self, timeout_seconds_by_key: dict[str, float]) -> None:
        self.base.check_censored(timeout_seconds_by_key)

    def censored_below(self, key: str, seconds: float) -> CensoredCount:
        return self.base.censored_below(key, seconds)

    def for_pod(self, identity: PodIdentity) -> Behaviour:
        """Itself: a wrapper is what it is for every pod it is given to."""
        return self

    def replica_selectors(self) -> list[SelectorUse]:
        """None: a wrapper selects no replicas (a fleet wraps each pod's own behaviour)."""
        return []


HEALTHY = Healthy()
