"""Synthetic scenarios: an application's behaviour described in YAML, as a `Behaviour`.

Example::

    description: DB outage of 90 s at t=60          # optional
    shutdown_seconds: 0.5                          # time to exit after SIGTERM (default 0)
    dependencies:                                  # shared outages on the wall clock
      db: {down: [{from: 60, to: 150}]}            # to: null = never recovers
    targets:
      /healthz:
        answer: {status: 200, latency_ms: 2}       # default answer
        depends_on: [db]                           # while a dependency is down ...
        when_down: {status: 503, latency_ms: 3}    # ... answer this
        windows:                                   # wall-clock windows with their own answer
          - {from: 300, to: 320, answer: {status: 500}}
        since_start:                               # windows of the current container's age
          - {from: 0, to: 2.5, answer: {error: refused}}
      /livez:
        answer: {status: 200, latency_ms: {distribution: lognormal, median: 2, sigma: 0.6}}
      "exec:cat /tmp/healthy": {answer: {exit_code: 0}}
      "*": {answer: {status: 200}}                 # the defaults of every target (below)
    applies_to:                                    # optional: only these containers
      - {kind: Deployment, name: web, container: app}   # (kind/name/namespace/container)
    exit:                                          # the app exits by itself (a list, or one)
      - {after_seconds: 45, code: 1}               # 45 s after each container starts
      - {while_down: db, after_seconds: 2}         # db down, 2 s or more after the start
      - {on_first_probe: /healthz, code: 2}        # the first request to a target kills it
      - {after_seconds: 300, oom: true}            # OOMKilled (exit code 137)
    stalls:                                        # the whole process stops answering
      - {from: 120, to: 122}                       # wall clock
      - {since_start: 30, duration: 2}             # in every container, 30 s after it started
      - {from: 400, to: null}                      # a hang: never ends
      - {from: 500, to: 510, kinds: [httpGet, tcpSocket]}

Times are seconds. Wall-clock times (`dependencies`, `windows`, stalls with `from`) count from
the moment the first container started running; `since_start` times count from the start of
the container answering (a restarted container starts again at 0). A wall-clock stall
freezes the process that is running when it begins; a container started after that is a new
process, not stalled.

Targets are keyed like probe targets: the httpGet path (`/healthz`), `tcp:8080`,
`exec:<command>`, `grpc:9090` or `grpc:9090/service`. `"*"` holds the defaults of every
target: a listed target takes from it each field it does not set (a field it sets replaces
`"*"`'s; `since_start: []` opts out of a slow start); a target not listed answers like `"*"`;
without `"*"`, with success at once.

Answers: `{status, location, error, exit_code, grpc_status, latency_ms}`, all optional.
`status` is an HTTP code 100-599 (default 200); `location` is the `Location` header of a 3xx
answer, absolute (`http://10.0.0.10:8000/healthz`) or relative to the request (`/healthz`,
`healthz`): the kubelet follows a 301/302/303/307/308 to the same host and the answer of the
path it lands on decides (R2.10, `docs/kubelet-rules.md`); `error` is `refused`, `timeout`,
`reset` or `error` and excludes the other outcome fields; `error: timeout` never answers (to
model a slow answer, give a status and a large `latency_ms`); `exit_code` (default 0) counts for
exec, `grpc_status`
(`SERVING` default, `NOT_SERVING`, `UNKNOWN`, `SERVICE_UNKNOWN`) for grpc. `latency_ms` is a
number (default 0) or a distribution, sampled for each request:
`{distribution: constant, value}`, `{distribution: uniform, low, high}`,
`{distribution: normal, mean, sd}` (clipped at 0), `{distribution: lognormal, median, sigma}`,
`{distribution: exponential, mean}`, `{distribution: empirical, values: [...]}`.

Which answer a target gives, first match wins: a `since_start` window, a wall-clock window,
a down dependency (`when_down`, default `{status: 503, exit_code: 1, grpc_status:
NOT_SERVING}`), the default `answer`. Windows and downtimes are half-open: `[from, to)`.

Deletion (`delete: {at: 120, grace_seconds: 10}`): the pod is deleted at `at` (wall clock),
with the pod's terminationGracePeriodSeconds or the `grace_seconds` override. preStop hooks run
first and eat into the grace (an exec or httpGet hook takes as long as its target's answer: key
it like a probe target); then SIGTERM, and SIGKILL at the end of the grace (2 s at least).
`shutdown_seconds` is the app's time to exit after SIGTERM; `answers_after_sigterm: true` keeps
it answering probes while it drains (by default its listener closes at SIGTERM).

postStart hooks are described the same way: a `sleep` takes its seconds; an exec or httpGet
hook takes as long as its target's answer (keyed like a probe target, `exec:pilot-agent wait`)
and fails on a non-zero exit code (exec) or a connection error (httpGet: `refused`, `reset`,
`timeout`; the status does not count); `error: timeout` without a latency never returns. The
next container starts only after the hook; a failed hook kills the container
(FailedPostStartHook), which restarts by its restart policy with the back-off (R4.40-R4.42).

Init containers (`init_containers: {migrate: {seconds: 12, failures: 2, code: 1}}`): a plain
init container runs `seconds` each time and exits with `code` its first `failures` times, then
with 0; one not listed completes at once. Init containers start one at a time, before the app
containers; a sidecar (restartPolicy Always) lets the next one start once it is Started.

Pod conditions (`conditions`): for a pod with `readinessGates`, the spans during which each
gate's condition is True, set by some controller, e.g.
`conditions: {"example.com/lb-ready": [{from: 30, to: null}]}`; a gate without spans is never
True, so the pod never turns Ready (R3.8). The kubelet sees a change as a pod update: a sync one
hop later recomputes Ready.

Exits (`exit`): the process ends by itself, with exit `code` (0-255, default 1) or `oom: true`
(OOMKilled, exit code 137). `after_seconds` counts from the start of each container;
`while_down: dep` exits at the first instant at least `after_seconds` (default 0) into the
container's life at which the dependency is down (a crash at start while a database is down,
or as soon as it goes down); `on_first_probe: key` exits when the first request to that target
arrives (the request's connection is reset). The earliest due rule wins (the first listed at a
tie). `runs: [0, 1]` limits a rule to those runs of the container (0 its first, then its
restartCount: exits 42, 42, then 1 are two rules). In a pod of several
containers every app container and sidecar follows the rules, unless a rule names its
`container`. The kubelet then
restarts it by `restartPolicy` and the exit code (Always; OnFailure unless the code is 0;
Never: the pod ends), the first time at once and then with CrashLoopBackOff (R4.12). A
container killed before its exit is due is not affected; after SIGTERM only the kill counts.

Containers (`containers: {proxy: {shutdown_seconds: 5, answers_after_sigterm: true,
sigterm_exit_code: 0, listens: [15020]}}`): how one container of the pod differs from the
pod-wide `shutdown_seconds`, `answers_after_sigterm` and `sigterm_exit_code` (143 by default:
the exit code of a process that exits on SIGTERM; a SIGKILL is 137), and which ports it
listens on: a probe goes to podIP:port and is answered by the container listening there
(without `listens`, the container declaring the port as a containerPort, else the probed
container). A name the pod lacks is an error listing the names it has.

Stalls freeze the whole process (a GC pause, a blocked event loop, SIGSTOP): a request sent
during a stall `[from, to)` is answered at `to` plus its latency; a request sent earlier whose
answer would arrive after `from` is held back by the stall's length. A hang (`to: null`,
`duration: null`) never answers again. By default stalls affect httpGet, grpc and exec probes
but not tcpSocket: the kernel completes the TCP handshake on the listening socket even while
the process is stalled, so a tcpSocket probe still succeeds. `kinds` lists the handler kinds
(`httpGet`, `tcpSocket`, `exec`, `grpc`) a stall affects instead. In a pod of several
containers a stall freezes every container's process, or the one its `container` names; a
target spec with a `container` answers only for that container's process (others answer as
`"*"`). A name the pod lacks is an error listing the names it has.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    PrivateAttr,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from kubesim.behaviour.answer import (
    SIGTERM_EXIT_CODE,
    Answer,
    AnswerError,
    BehaviourBase,
    DeletionRequest,
    ExitDue,
    InitOutcome,
    NamedContainer,
    ProbeExit,
    ServingFraction,
    Window,
    location_problem,
)
from kubesim.behaviour.answer import WHOLE_FLEET as _WHOLE_FLEET
from kubesim.behaviour.replicas import labelled
from kubesim.behaviour.selectors import ReplicaSelector, SelectorUse
from kubesim.behaviour.strict import StrictModel as _Model
from kubesim.errors import BehaviourError
from kubesim.spec.yamlio import YamlDocument, load_yaml_documents, read_text

if TYPE_CHECKING:
    import numpy as np

    from kubesim.identity import PodIdentity
    from kubesim.spec.model import Target

__all__ = ["AnswerSpec", "AnswerWindow", "Dependency", "ExitRule", "ReadyFraction", "Scenario",
           "Stall", "TargetSpec", "load_scenario"]

Kind = Literal["httpGet", "tcpSocket", "exec", "grpc"]
DEFAULT_STALL_KINDS: tuple[Kind, ...] = ("httpGet", "exec", "grpc")
Seconds = Annotated[float, Field(ge=0, allow_inf_nan=False)]
# A latency or a distribution's parameter: finite, at most MAX_MILLIS (about 11.6 days; an
# answer that never comes is `error: timeout`, not a huge latency)
MAX_MILLIS = 1e9
Millis = Annotated[float, Field(ge=0, le=MAX_MILLIS, allow_inf_nan=False)]


# ---------------------------------------------------------------- latency distributions


class Constant(_Model):
    distribution: Literal["constant"]
    value: Millis

    def sample(self, rng: np.random.Generator) -> float:
        return self.value


class Uniform(_Model):
    distribution: Literal["uniform"]
    low: Millis
    high: Millis

    @model_validator(mode="after")
    def _ordered(self) -> Uniform:
        if self.high < self.low:
            raise ValueError(f"high ({self.high:g}) must be >= low ({self.low:g})")
        return self

    def sample(self, rng: np.random.Generator) -> float:
        return float(rng.uniform(self.low, self.high))


class Normal(_Model):
    distribution: Literal["normal"]
    mean: Millis
    sd: Millis

    def sample(self, rng: np.random.Generator) -> float:
        return max(0.0, float(rng.normal(self.mean, self.sd)))


class LogNormal(_Model):
    distribution: Literal["lognormal"]
    median: Annotated[float, Field(gt=0, le=MAX_MILLIS, allow_inf_nan=False)]
    sigma: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)]

    def sample(self, rng: np.random.Generator) -> float:
        return float(rng.lognormal(math.log(self.median), self.sigma))


class Exponential(_Model):
    distribution: Literal["exponential"]
    mean: Millis

    def sample(self, rng: np.random.Generator) -> float:
        return float(rng.exponential(self.mean))


class Empirical(_Model):
    distribution: Literal["empirical"]
    values: Annotated[list[Millis], Field(min_length=1)]

    def sample(self, rng: np.random.Generator) -> float:
        return self.values[int(rng.integers(len(self.values)))]


_DISTRIBUTIONS = "constant, uniform, normal, lognormal, exponential, empirical"


def _as_distribution(value: Any) -> Any:
    """A plain number of milliseconds is a constant distribution."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return {"distribution": "constant", "value": value}
    if not isinstance(value, dict):
        raise ValueError(f"latency_ms must be a number of milliseconds or a mapping "
                         f"{{distribution: {_DISTRIBUTIONS.replace(', ', '|')}, ...}} or "
                         "{law: ready_fraction, ...}")
    if "distribution" not in value and "law" not in value:
        raise ValueError(f"latency_ms needs distribution: {_DISTRIBUTIONS.replace(', ', '|')} "
                         "or law: ready_fraction")
    return value


class ReadyFraction(_Model):
    """A latency that depends on the fraction of the fleet's replicas kube-proxy routes to
    (`law: ready_fraction`, docs/controller-rules.md F4): `base` ms while every replica
    serves, growing as fewer do, by `base + (at_zero - base) * (1 - f) ** exponent`, or by
    the piecewise-linear table `points` ([[fraction, ms], ...], the ends held beyond them).
    A pod alone and a fleet not yet in service answer at fraction 1. `scope` says whose
    fraction: `routed` (the default), a replica traffic does not reach answers at 1 (it takes
    none of the load the others shed); `fleet`, every replica answers at the fleet's
    fraction whatever its own traffic (a backend they all share, slowing them all alike:
    F6)."""

    law: Literal["ready_fraction"]
    base: Millis | None = None
    at_zero: Millis | None = None
    exponent: Annotated[float, Field(gt=0, le=100, allow_inf_nan=False)] = 1.0
    points: Annotated[list[Annotated[list[float], Field(min_length=2, max_length=2)]],
                      Field(min_length=2, max_length=100)] | None = None
    scope: Literal["routed", "fleet"] = "routed"

    @model_validator(mode="after")
    def _one_form(self) -> ReadyFraction:
        given = self.model_fields_set
        if self.points is None:
            if self.base is None or self.at_zero is None:
                raise ValueError("law ready_fraction takes base and at_zero (ms; exponent "
                                 "optional, default 1), or points: [[fraction, ms], ...]")
            return self
        if {"base", "at_zero", "exponent"} & given:
            raise ValueError("law ready_fraction takes points, or base, at_zero and "
                             "exponent, not both")
        fractions = [f for f, _ in self.points]
        for f, ms in self.points:
            if not (math.isfinite(f) and 0 <= f <= 1):
                raise ValueError(f"points: fraction {f!r} must be from 0 to 1")
            if not (math.isfinite(ms) and 0 <= ms <= MAX_MILLIS):
                raise ValueError(f"points: latency {ms!r} ms must be from 0 to {MAX_MILLIS:g}")
        if len(set(fractions)) != len(fractions):
            raise ValueError("points: each fraction once")
        return self

    def fraction_of(self, share: ServingFraction) -> float:
        """The fraction this law reads (F4: the replica's routed share; F6: the fleet's)."""
        return share.fleet if self.scope == "fleet" else share.routed

    def latency_ms(self, fraction: float) -> float:
        """The latency (ms) when `fraction` of the replicas serve (clamped to [0, 1])."""
        f = min(1.0, max(0.0, fraction))
        if self.points is None:
            assert self.base is not None and self.at_zero is not None
            return self.base + (self.at_zero - self.base) * (1.0 - f) ** self.exponent
        table = sorted((p[0], p[1]) for p in self.points)
        if f <= table[0][0]:
            return table[0][1]
        for (f0, ms0), (f1, ms1) in itertools.pairwise(table):
            if f <= f1:
                return ms0 + (ms1 - ms0) * (f - f0) / (f1 - f0)
        return table[-1][1]


def _latency_kind(value: Any) -> str | None:
    """Which latency a value is: its `distribution`, or its `law`."""
    if isinstance(value, dict):
        kind = value.get("law", value.get("distribution"))
        return kind if isinstance(kind, str) else None
    return "ready_fraction" if isinstance(value, ReadyFraction) else value.distribution


Latency = Annotated[
    Annotated[Constant, Tag("constant")] | Annotated[Uniform, Tag("uniform")]
    | Annotated[Normal, Tag("normal")] | Annotated[LogNormal, Tag("lognormal")]
    | Annotated[Exponential, Tag("exponential")] | Annotated[Empirical, Tag("empirical")]
    | Annotated[ReadyFraction, Tag("ready_fraction")],
    Discriminator(_latency_kind), BeforeValidator(_as_distribution)]


# ---------------------------------------------------------------- answers and windows


class AnswerSpec(_Model):
    """One answer; unset fields are success (status 200, exit code 0, SERVING)."""

    status: int | None = None
    location: str | None = None
    error: Literal["refused", "timeout", "reset", "error"] | None = None
    exit_code: int | None = None
    grpc_status: Literal["SERVING", "NOT_SERVING", "UNKNOWN", "SERVICE_UNKNOWN"] | None = None
    # built, not validated: a default validated at import builds its model's own validator
    # (start-up); test_scenario checks it is what validation makes
    latency_ms: Latency = Constant.model_construct(distribution="constant", value=0.0)

    @field_validator("status")
    @classmethod
    def _status_range(cls, v: int | None) -> int | None:
        if v is not None and not 100 <= v <= 599:
            raise ValueError(f"status must be an HTTP status code 100-599, got {v}")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> AnswerSpec:
        if self.error and (self.status, self.exit_code, self.grpc_status) != (None,) * 3:
            raise ValueError("an answer has either an error or status/exit_code/grpc_status, "
                             "not both")
        if self.location is not None:
            problem = location_problem(self.location, self.status)
            if problem:
                raise ValueError(problem)
        if self.error == "timeout" and "latency_ms" in self.model_fields_set:
            raise ValueError("error: timeout never answers, so it takes no latency_ms; for a "
                             "slow answer give a status and a latency_ms above the timeout")
        return self

    def to_answer(self, rng: np.random.Generator,
                  fraction: ServingFraction = _WHOLE_FLEET) -> Answer:
        """The answer to one request; samples the latency only if it is a distribution; a
        ready-fraction law at `fraction` of the fleet serving."""
        if self.error == "timeout":
            return Answer(error=AnswerError.TIMEOUT, latency=math.inf)
        lat = self.latency_ms
        ms = (lat.value if isinstance(lat, Constant) else
              lat.latency_ms(lat.fraction_of(fraction)) if isinstance(lat, ReadyFraction) else
              lat.sample(rng))
        return Answer(status=200 if self.status is None else self.status,
                      error=AnswerError(self.error) if self.error else None,
                      exit_code=self.exit_code or 0, grpc_status=self.grpc_status or "SERVING",
                      latency=ms / 1000, location=self.location)

    def summary(self) -> str:
        """A short label: `status 500`, `refused`, `exit_code 1`."""
        if self.error:
            return self.error
        parts = [f"{k} {v}" for k, v in (("status", self.status), ("exit_code", self.exit_code),
                                         ("grpc_status", self.grpc_status)) if v is not None]
        text = ", ".join(parts) or "status 200"
        return f"{text} -> {self.location}" if self.location else text


class Span(_Model):
    """A half-open interval `[from, to)`; `to: null` never ends."""

    start: Seconds = Field(alias="from")
    to: Seconds | None
    replicas: ReplicaSelector | None = None  # only these pods of a fleet

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.to is not None and self.to <= self.start:
            raise ValueError(f"to ({self.to:g}) must be after from ({self.start:g})")
        return self

    @property
    def end(self) -> float:
        return math.inf if self.to is None else self.to

    def covers(self, t: float) -> bool:
        return self.start <= t < self.end


class AnswerWindow(Span):
    """A window with its own answer."""

    answer: AnswerSpec


class Dependency(_Model):
    """A shared dependency (database, queue, ...) and its wall-clock downtimes."""

    down: list[Span] = []
    replicas: ReplicaSelector | None = None  # down only for these pods of a fleet

    def is_down(self, at: float) -> bool:
        return any(s.covers(at) for s in self.down)


# the constants below are built, not validated, as AnswerSpec.latency_ms's default
_WHEN_DOWN = AnswerSpec.model_construct(status=503, exit_code=1, grpc_status="NOT_SERVING")


class TargetSpec(_Model):
    """How one target answers."""

    answer: AnswerSpec = AnswerSpec.model_construct()
    depends_on: list[str] = []
    when_down: AnswerSpec = _WHEN_DOWN
    windows: list[AnswerWindow] = []
    since_start: list[AnswerWindow] = []
    replicas: ReplicaSelector | None = None  # only these pods of a fleet (others: "*")
    container: str | None = None  # only when this container answers (others: "*")


class Stall(_Model):
    """A process-wide stall: `{from, to}` on the wall clock or `{since_start, duration}` in
    every container (or in `container` alone); `to`/`duration` null is a hang."""

    start: Seconds | None = Field(None, alias="from")
    to: Seconds | None = None
    since_start: Seconds | None = None
    duration: Annotated[float, Field(gt=0, allow_inf_nan=False)] | None = None
    kinds: list[Kind] = list(DEFAULT_STALL_KINDS)
    replicas: ReplicaSelector | None = None  # only these pods of a fleet
    container: str | None = None  # in a pod of several: only this container's process

    @model_validator(mode="after")
    def _one_form(self) -> Stall:
        given = self.model_fields_set
        wall, aged = {"start", "to"} & given, {"since_start", "duration"} & given
        if bool(wall) == bool(aged) or len(wall | aged) != 2:
            raise ValueError("a stall is either {from, to} (wall clock) or "
                             "{since_start, duration} (container age), with kinds, container "
                             "and replicas optional; to/duration null is a hang")
        if self.start is not None and self.to is not None and self.to <= self.start:
            raise ValueError(f"to ({self.to:g}) must be after from ({self.start:g})")
        return self

    def interval(self, started_at: float) -> tuple[float, float]:
        """The stall's `[start, end)` for the container started at `started_at`.

        A wall-clock stall freezes the process running at its start; a container started
        later is a new process and is not stalled (empty interval)."""
        if self.since_start is None:
            start = self.start or 0.0
            if started_at > start:
                return start, start
            return start, math.inf if self.to is None else self.to
        s = started_at + self.since_start
        return s, math.inf if self.duration is None else s + self.duration


Port = Annotated[int, Field(ge=1, le=65535)]


class ContainerRules(_Model):
    """How one container of the pod differs from the pod-wide settings (`containers:`)."""

    shutdown_seconds: Seconds | None = None
    answers_after_sigterm: bool | None = None
    sigterm_exit_code: Annotated[int, Field(ge=0, le=255)] | None = None
    listens: list[Port] = []  # ports this container answers on, whoever declares them


class AppliesTo(_Model):
    """Which containers a scenario is about (`kubesim check`); every key optional."""

    kind: str | None = None
    name: str | None = None
    namespace: str | None = None
    container: str | None = None
# ---------------------------------------------------------------- exits

OOM_EXIT_CODE = 137


class ExitRule(_Model):
    """The app exits by itself (see the module docstring)."""

    after_seconds: Seconds | None = None
    while_down: str | None = None
    on_first_probe: str | None = None
    code: Annotated[int, Field(ge=0, le=255)] = 1
    oom: bool = False
    container: str | None = None  # in a pod of several: only this container (default: all)
    # only these runs of the container (its restartCount: 0 the first); None: every run
    runs: list[Annotated[int, Field(ge=0, le=10**6)]] | None = None
    replicas: ReplicaSelector | None = None  # only these pods of a fleet

    @model_validator(mode="after")
    def _one_trigger(self) -> ExitRule:
        given = self.model_fields_set
        if self.on_first_probe is not None and {"after_seconds", "while_down"} & given:
            raise ValueError("on_first_probe takes no after_seconds or while_down")
        if not {"after_seconds", "while_down", "on_first_probe"} & given:
            raise ValueError("an exit needs after_seconds, while_down or on_first_probe")
        if self.oom and "code" in given:
            raise ValueError("oom: true exits with code 137; give code or oom, not both")
        return self

    @property
    def exit_code(self) -> int:
        return OOM_EXIT_CODE if self.oom else self.code

    def due(self, started_at: float, dependencies: dict[str, Dependency]) -> float | None:
        """When the process started at `started_at` exits by this rule (None: never, or
        only on a probe)."""
        if self.on_first_probe is not None:
            return None
        earliest = started_at + (self.after_seconds or 0.0)
        if self.while_down is None:
            return earliest
        for span in sorted(dependencies[self.while_down].down, key=lambda s: s.start):
            at = max(span.start, earliest)
            if at < span.end:
                return at
        return None


def _as_list(value: Any) -> Any:
    """`exit` takes one rule or a list of them."""
    return [value] if isinstance(value, dict) else value


class InitRun(_Model):
    """How a plain init container runs: `seconds` each time, exiting with `code` (default 1)
    its first `failures` times, then 0."""

    seconds: Seconds = 0.0
    failures: Annotated[int, Field(ge=0)] = 0
    code: Annotated[int, Field(ge=1, le=255)] = 1


class Deletion(_Model):
    """The pod is deleted at `at` (wall clock), with the pod's grace period or `grace_seconds`
    (a `kubectl delete --grace-period` / deletionGracePeriodSeconds override)."""

    at: Seconds
    grace_seconds: Annotated[int, Field(ge=0)] | None = None


# ---------------------------------------------------------------- the scenario


class Scenario(_Model, BehaviourBase):
    """A synthetic application behaviour (see the module docstring)."""

    description: str | None = None
    shutdown_seconds_: Seconds = Field(0.0, alias="shutdown_seconds")
    dependencies: dict[str, Dependency] = {}
    targets: dict[str, TargetSpec] = {}
    stalls: list[Stall] = []
    applies_to: list[AppliesTo] = []
    exit_: Annotated[list[ExitRule], BeforeValidator(_as_list)] = Field([], alias="exit")
    conditions: dict[str, list[Span]] = {}
    delete: Deletion | None = None
    init_containers: dict[str, InitRun] = {}
    answers_after_sigterm_: bool = Field(False, alias="answers_after_sigterm")
    sigterm_exit_code_: Annotated[int, Field(ge=0, le=255)] = Field(SIGTERM_EXIT_CODE,
                                                                   alias="sigterm_exit_code")
    containers: dict[str, ContainerRules] = {}
    _source: str = PrivateAttr("<memory>")
    # target_spec's merged specs: key -> (own spec, "*" spec, merged)
    _merged: dict[str, tuple[TargetSpec, TargetSpec, TargetSpec]] = PrivateAttr(
        default_factory=dict)
    # with replica selectors: the scenario as written (its fields hold what a pod no
    # selector matches plays), each selector with its place, each pod's cast so far
    _whole: Scenario | None = PrivateAttr(None)
    _uses: list[SelectorUse] = PrivateAttr(default_factory=list)
    _casts: dict[tuple[bool, ...], Scenario] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _known_dependencies(self) -> Scenario:
        for key, spec in self.targets.items():
            for i, name in enumerate(spec.depends_on):
                if name not in self.dependencies:
                    have = ", ".join(self.dependencies) or "none declared"
                    raise PydanticCustomError(
                        "unknown_dependency", "unknown dependency {name}; dependencies: {have}",
                        {"name": name, "have": have, "loc": ["targets", key, "depends_on", i]})
        for i, rule in enumerate(self.exit_):
            if rule.while_down is not None and rule.while_down not in self.dependencies:
                have = ", ".join(self.dependencies) or "none declared"
                raise PydanticCustomError(
                    "unknown_dependency", "unknown dependency {name}; dependencies: {have}",
                    {"name": rule.while_down, "have": have, "loc": ["exit", i, "while_down"]})
        owner: dict[int, str] = {}
        for name, rules in self.containers.items():
            for i, port in enumerate(rules.listens):
                if owner.setdefault(port, name) != name:
                    raise PydanticCustomError(
                        "two_listeners", "port {port} is already listened on by {other}: one "
                        "container of a pod listens on a port",
                        {"port": port, "other": owner[port],
                         "loc": ["containers", name, "listens", i]})
        return self

    def model_post_init(self, context: Any) -> None:
        """With replica selectors: keep the scenario as written, and make its fields what a
        pod no selector matches plays (`kubesim.behaviour.replicas`)."""
        found = _selected(self)
        if not found:
            return
        whole = self.model_copy()
        for name, value in _cast(self, lambda selector: False).items():
            object.__setattr__(self, name, value)
        self._whole = whole
        self._uses = [SelectorUse(_dotted(path), selector, None) for path, selector in found]

    # read-only, unlike BehaviourBase's plain attribute: a Scenario is a frozen model whose
    # source `from_dict` sets once, in a private attribute (the `Behaviour` protocol only
    # reads it)
    @property
    def source(self) -> str:  # type: ignore[override]
        return self._source

    def for_pod(self, identity: PodIdentity) -> Scenario:
        """The scenario one pod of a fleet plays: the entries without a replica selector
        and those whose selector matches the pod (a dependency that does not select it is
        never down for it, a target that does not is answered as `"*"` answers). One
        scenario per combination of matching selectors, kept: pods alike share it."""
        whole = self._whole
        if whole is None:
            return self
        key = tuple(use.selector.matches(identity) for use in self._uses)
        if not any(key):
            return self
        cast = self._casts.get(key)
        if cast is None:
            chosen = {id(use.selector) for use, hit in zip(self._uses, key, strict=True) if hit}
            cast = whole.model_copy(update=_cast(whole, lambda sel: id(sel) in chosen))
            cast._whole, cast._uses, cast._casts = None, [], {}
            cast._source = self._source
            self._casts[key] = cast
        return cast

    def replica_selectors(self) -> list[SelectorUse]:
        """Every replica selector of the scenario as written, with its field and line."""
        return list(self._uses)

    def uses_ready_fraction(self) -> bool:
        """Whether some answer's latency is a ready-fraction law (`law: ready_fraction`), in
        any entry, selected or not."""
        sc = self.as_written()
        return any(isinstance(a.latency_ms, ReadyFraction) for spec in sc.targets.values()
                   for a in (spec.answer, spec.when_down,
                             *(w.answer for w in (*spec.windows, *spec.since_start))))

    def as_written(self) -> Scenario:
        """The scenario with every entry, selected or not, as its file gives it (its
        fields hold those a pod no selector matches plays)."""
        return self._whole if self._whole is not None else self

    @classmethod
    def from_dict(cls, data: Any, source: str = "<memory>",
                  document: YamlDocument | None = None) -> Scenario:
        """Validate plain data; errors are BehaviourErrors naming `source` (and the line, if
        the YAML `document` is given)."""
        if not isinstance(data, dict):
            raise BehaviourError("a scenario is a mapping with keys description, "
                                 "shutdown_seconds, dependencies, targets, stalls, exit, conditions, delete, "
                                 "answers_after_sigterm, sigterm_exit_code, init_containers, "
                                 "containers",
                                 source=source)
        try:
            scenario = cls.model_validate(data)
        except ValidationError as exc:
            raise _behaviour_error(exc, data, source, document) from None
        scenario._source = source
        if document is not None and scenario._uses:
            paths = [path for path, _ in _selected(scenario.as_written())]
            scenario._uses = [SelectorUse(use.field, use.selector, document.line_of(path))
                              for use, path in zip(scenario._uses, paths, strict=True)]
        return scenario

    def target_spec(self, key: str, container: str = "") -> TargetSpec:
        """The spec for a target key. `"*"` holds the defaults of every target: a listed
        target takes from it each field it does not set itself (a field it sets replaces
        `"*"`'s; lists are not joined, so `since_start: []` opts out of a slow start); a
        target not listed answers like `"*"`; without `"*"`, with success at once. A spec
        that names its `container` applies only when that container answers."""
        own, default = self.targets.get(key), self.targets.get("*")
        if own is not None and own.container not in (None, container):
            own = None
        if default is not None and default.container not in (None, container):
            default = None
        if own is None or default is None or key == "*":
            return own or default or _DEFAULT_TARGET
        cached = self._merged.get(key)  # keyed by the specs too: a copy may change them
        if cached is None or cached[0] is not own or cached[1] is not default:
            inherited = {name: getattr(default, name) for name in TargetSpec.model_fields
                         if name not in own.model_fields_set}
            cached = self._merged[key] = (own, default, own.model_copy(update=inherited))
        return cached[2]

    def answer_spec(self, key: str, at: float, started_at: float,
                    container: str = "") -> AnswerSpec:
        """Which answer applies (precedence: since_start, wall window, down dependency)."""
        spec = self.target_spec(key, container)
        for w in spec.since_start:
            if w.covers(at - started_at):
                return w.answer
        for w in spec.windows:
            if w.covers(at):
                return w.answer
        if any(self.dependencies[d].is_down(at) for d in spec.depends_on):
            return spec.when_down
        return spec.answer

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        """The answer to one request, held back by any stall it runs into."""
        return self.answer_serving(target, at, started_at, rng, _WHOLE_FLEET, container)

    def answer_serving(self, target: Target, at: float, started_at: float,
                       rng: np.random.Generator, fraction: ServingFraction,
                       container: str = "") -> Answer:
        """`answer`, a ready-fraction latency law taken at `fraction` (F4, F6)."""
        ans = self.answer_spec(target.key, at, started_at, container).to_answer(
            rng, fraction)
        kind = target.kind.value
        spans = sorted(st.interval(started_at) for st in self.stalls
                       if kind in st.kinds and st.container in (None, container))
        spans = [(s, e) for s, e in spans if e > s]
        return stalled(ans, at, spans)

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        """The end of the stall(s) covering `at` (math.inf for a hang), else `at`."""
        spans = sorted(st.interval(started_at) for st in self.stalls
                       if st.container in (None, container))
        t = at
        for s, e in spans:
            if s <= t < e:
                t = e
        return t

    def _rules(self, container: str) -> ContainerRules:
        return self.containers.get(container) or _NO_RULES

    def shutdown_seconds(self, container: str = "") -> float:
        """`containers.NAME.shutdown_seconds`, else the pod-wide `shutdown_seconds`."""
        own = self._rules(container).shutdown_seconds
        return self.shutdown_seconds_ if own is None else own

    def sigterm_exit_code(self, container: str = "") -> int:
        """`containers.NAME.sigterm_exit_code`, else the pod-wide one (default 143)."""
        own = self._rules(container).sigterm_exit_code
        return self.sigterm_exit_code_ if own is None else own

    def port_owner(self, port: int) -> str | None:
        """The container whose `listens` names `port`, if one does."""
        return next((name for name, rules in self.containers.items() if port in rules.listens),
                    None)

    def first_stall(self, until: float) -> float | None:
        """The first stall's start as the first container sees it (wall-clock stalls at
        `from`, since-start stalls at `since_start`), if before `until`."""
        starts = [s for s, e in (st.interval(0.0) for st in self.stalls) if e > s and s < until]
        return min(starts) if starts else None

    def init_run(self, name: str, attempt: int) -> InitOutcome:
        """The `attempt`-th run (0 first) of plain init container `name`; one not listed
        completes at once."""
        run = self.init_containers.get(name)
        if run is None:
            return InitOutcome(0.0, 0)
        return InitOutcome(run.seconds, run.code if attempt < run.failures else 0)

    def deletion(self) -> DeletionRequest | None:
        """When the pod is deleted and the grace-period override (or None), if it is."""
        return None if self.delete is None else DeletionRequest(self.delete.at,
                                                                self.delete.grace_seconds)

    def named_containers(self) -> list[NamedContainer]:
        """The plain init containers of `init_containers` and the containers of exit rules."""
        out = [NamedContainer(f"init_containers.{name}", name, True)
               for name in self.init_containers]
        out += [NamedContainer(f"exit[{i}].container", rule.container)
                for i, rule in enumerate(self.exit_) if rule.container is not None]
        out += [NamedContainer(f"stalls[{i}].container", st.container)
                for i, st in enumerate(self.stalls) if st.container is not None]
        out += [NamedContainer(f'targets["{key}"].container', spec.container)
                for key, spec in self.targets.items() if spec.container is not None]
        out += [NamedContainer(f"containers.{name}", name) for name in self.containers]
        return out

    def target_keys(self) -> list[str]:
        """The keys of `targets` ("*" included)."""
        return list(self.targets)

    def answers_after_sigterm(self, container: str = "") -> bool:
        """Whether the app keeps answering while it drains after SIGTERM (default: its
        listener closes at once, and probes are refused); `containers.NAME` may differ."""
        own = self._rules(container).answers_after_sigterm
        return self.answers_after_sigterm_ if own is None else own

    def exit_at(self, started_at: float, container: str = "", run: int = 0) -> ExitDue | None:
        """The first timed exit of the process started at `started_at` (in `container`, its
        `run`: restartCount); None if it never exits by itself on a timer."""
        due = [(at, i) for i, r in enumerate(self.exit_)
               if r.container in (None, container) and (r.runs is None or run in r.runs)
               and (at := r.due(started_at, self.dependencies)) is not None]
        if not due:
            return None
        at, i = min(due)
        rule = self.exit_[i]
        return ExitDue(at, rule.exit_code, rule.oom)

    def condition(self, kind: str, at: float) -> bool:
        """Whether the pod condition `kind` (a readiness gate's) is True at `at`."""
        return any(s.covers(at) for s in self.conditions.get(kind, ()))

    def condition_changes(self, kind: str) -> list[float]:
        """When the pod condition `kind` may change (its spans' bounds)."""
        return sorted({b for s in self.conditions.get(kind, ()) for b in (s.start, s.end)
                       if math.isfinite(b)})

    def exits_on_probe(self) -> bool:
        """Whether some probe request can end the process (`on_first_probe`)."""
        return any(r.on_first_probe is not None for r in self.exit_)

    def exit_on_probe(self, key: str) -> ProbeExit | None:
        """The exit if the first request to `key` ends the process."""
        rule = next((r for r in self.exit_ if r.on_first_probe == key), None)
        return None if rule is None else ProbeExit(rule.exit_code, rule.oom)

    def windows(self, until: float) -> list[Window]:
        """Dependency downtimes ("db down"), wall-clock stalls ("stall"), the first
        container's since_start stalls ("stall (since start)") and target windows
        ("/healthz: status 500"), clipped to `until`; those of entries that select replicas
        too, their labels saying which ("disk down (node-3)")."""
        sc = self.as_written()
        out = []
        for name, dep in sc.dependencies.items():
            for span in dep.down:
                out += labelled([Window(span.start, span.end, f"{name} down")],
                                span.replicas or dep.replicas)
        for st in sc.stalls:
            label = "stall" if st.since_start is None else "stall (since start)"
            label += f" of {st.container}" if st.container is not None else ""
            out += labelled([Window(*st.interval(0.0), label)], st.replicas)
        for key, spec in sc.targets.items():
            for w in spec.windows:
                out += labelled([Window(w.start, w.end, f"{key}: {w.answer.summary()}")],
                                w.replicas or spec.replicas)
        return sorted((Window(w.start, min(w.end, until), w.label, w.replicas)
                       for w in out if w.start < until), key=lambda w: (w.start, w.label))


_DEFAULT_TARGET = TargetSpec.model_construct()
_NO_RULES = ContainerRules.model_construct()


def stalled(ans: Answer, at: float, spans: Iterable[tuple[float, float]]) -> Answer:
    """Hold back an answer to a request sent at `at` by stalls `spans` (sorted by start):
    the request needs `ans.latency` seconds of unstalled process time."""
    cur, remaining, delay = at, ans.latency, 0.0
    for s, e in spans:
        if e <= cur:
            continue
        if s > cur:
            if cur + remaining <= s:
                break
            remaining -= s - cur
            cur = s
        delay += e - cur
        cur = e
        if math.isinf(cur):
            break
    if delay == 0:
        return ans
    arrival, latency = cur + remaining, ans.latency + delay
    while at + latency < arrival:
        latency = math.nextafter(latency, math.inf)
    return Answer(ans.status, ans.error, ans.exit_code, ans.grpc_status, latency, ans.censored,
                  ans.location)


KeyPath = tuple[str | int, ...]


def _selected(sc: Scenario) -> list[tuple[KeyPath, ReplicaSelector]]:
    """Every replica selector of `sc`, with its key path in the document, in file order of
    the fields (dependencies, targets, stalls, exit, conditions)."""
    out: list[tuple[KeyPath, ReplicaSelector]] = []

    def spans(path: KeyPath, items: Iterable[Span]) -> None:
        for i, item in enumerate(items):
            if item.replicas is not None:
                out.append(((*path, i, "replicas"), item.replicas))

    for name, dep in sc.dependencies.items():
        if dep.replicas is not None:
            out.append((("dependencies", name, "replicas"), dep.replicas))
        spans(("dependencies", name, "down"), dep.down)
    for key, spec in sc.targets.items():
        if spec.replicas is not None:
            out.append((("targets", key, "replicas"), spec.replicas))
        spans(("targets", key, "windows"), spec.windows)
        spans(("targets", key, "since_start"), spec.since_start)
    ruled: tuple[tuple[str, Sequence[Stall | ExitRule]], ...] = (
        ("stalls", sc.stalls), ("exit", sc.exit_))
    for field, rules in ruled:
        for i, rule in enumerate(rules):
            if rule.replicas is not None:
                out.append(((field, i, "replicas"), rule.replicas))
    for kind, condition in sc.conditions.items():
        spans(("conditions", kind), condition)
    return out


def _cast(sc: Scenario, picks: Callable[[ReplicaSelector], bool]) -> dict[str, Any]:
    """The fields of `sc` for a pod: every entry without a selector, and those whose
    selector `picks` (their selector dropped); a dependency not picked stays, never down."""

    def keep(item: Any) -> bool:
        return item.replicas is None or picks(item.replicas)

    def kept(items: list[Any]) -> list[Any]:
        return [item if item.replicas is None else item.model_copy(update={"replicas": None})
                for item in items if keep(item)]

    dependencies = {name: dep.model_copy(update={"down": kept(dep.down) if keep(dep) else [],
                                                 "replicas": None})
                    for name, dep in sc.dependencies.items()}
    targets = {key: spec.model_copy(update={"windows": kept(spec.windows),
                                            "since_start": kept(spec.since_start),
                                            "replicas": None})
               for key, spec in sc.targets.items() if keep(spec)}
    return {"dependencies": dependencies, "targets": targets, "stalls": kept(sc.stalls),
            "exit_": kept(sc.exit_),
            "conditions": {kind: kept(spans) for kind, spans in sc.conditions.items()}}


def _dotted(path: Iterable[str | int]) -> str:
    """A key path as a field name: `dependencies.db.down[0].replicas`,
    `targets["/healthz"].replicas`."""
    field = "".join(f".{p}" if isinstance(p, str) and p.isidentifier()
                    else f'["{p}"]' if isinstance(p, str) else f"[{p}]" for p in path)
    return field.removeprefix(".")


def load_scenario(path: str) -> Scenario:
    """Load a scenario YAML file (`-`: standard input); exactly one document."""
    text, source = read_text(path, BehaviourError)
    docs = load_yaml_documents(text, source, BehaviourError)
    if len(docs) != 1:
        what = "is empty" if not docs else f"has {len(docs)} documents"
        raise BehaviourError(f"a scenario file holds exactly one YAML document; this one {what}",
                             source=source)
    return Scenario.from_dict(docs[0].data, source, docs[0])


def _behaviour_error(exc: ValidationError, data: Any, source: str,
                     document: YamlDocument | None) -> BehaviourError:
    """The first validation error as a BehaviourError with field path and line."""
    err = exc.errors(include_url=False)[0]
    ctx = err.get("ctx") or {}
    loc = list(ctx.get("loc") or err["loc"])
    if err["type"] == "unknown_field":
        loc.append(ctx["field"])
    keep_last = err["type"] in ("unknown_field", "missing")
    path = _data_path(data, loc, keep_last)
    field = _dotted(path)
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "missing":
        msg = f"missing required field {loc[-1]!r}"
    line = document.line_of(tuple(path)) if document is not None else None
    return BehaviourError(f"{field}: {msg}" if field else msg, source=source, line=line,
                          field=field or None)


def _data_path(data: Any, loc: list[Any], keep_last: bool) -> list[str | int]:
    """The part of a pydantic error location that indexes into the data (drops union tags);
    with `keep_last`, a last key missing from the data (a required field) is kept."""
    path: list[str | int] = []
    cur = data
    for i, part in enumerate(loc):
        if isinstance(cur, dict) and part in cur:
            path.append(part)
            cur = cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            path.append(part)
            cur = cur[part]
        elif keep_last and i == len(loc) - 1 and isinstance(part, str):
            path.append(part)
    return path
