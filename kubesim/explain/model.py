"""The explanation: plain records of what happened to one pod, each with the evidence it
came from and how sure it is, the replay through the kubelet model and its verdict, and what
would have prevented it. `to_data()` gives the JSON document (docs/explain.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from kubesim.explain.messages import ExitCause, KillCause, ProbeOutcome
from kubesim.explain.readers.times import utc_text
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.suggest import Suggestion

__all__ = [
    "HUMAN_FROM",
    "SCHEMA_VERSION",
    "Answer",
    "BackOffs",
    "Cause",
    "Confidence",
    "ContainerStory",
    "CountRange",
    "Detection",
    "Diagnosis",
    "Evidence",
    "Exit",
    "Explanation",
    "Finding",
    "Interval",
    "Kill",
    "Level",
    "NotReady",
    "Owner",
    "Prevention",
    "PreventionAnswer",
    "Replay",
    "Restart",
    "RestartCause",
    "Setting",
    "Shape",
    "Source",
    "Streak",
    "StreakSource",
    "Verdict",
    "When",
    "human_time",
    "provenance",
    "stated_in_prose",
]

SCHEMA_VERSION = 2  # 2: explanations of several pods are one document, `pods: [...]` (docs/explain.md)


class Confidence(str, Enum):
    """How a time is known (docs/explain.md, "Confidence")."""

    EXACT = "exact"  # an absolute timestamp in the record
    SERIES = "series"  # inside an aggregated event: only its first and last time are recorded
    RELATIVE = "relative"  # an age before the record was taken, truncated as kubectl prints it
    INFERRED = "inferred"  # derived from the kubelet's rules and the probe settings
    UNKNOWN = "unknown"  # the record does not say


class Verdict(str, Enum):
    """How the replay compares with the record (docs/explain.md, "The replay and its
    verdict")."""

    REPRODUCED = "reproduced"
    PARTLY = "partly"
    NOT_REPRODUCED = "not-reproduced"
    NOT_RUN = "not-run"


class Cause(str, Enum):
    """What ended the container (or made the pod not Ready when nothing ended it): the
    vocabulary of tests/data/explain/real/README.md."""

    LIVENESS_KILL = "liveness-kill"
    STARTUP_KILL = "startup-kill"
    READINESS_ONLY = "readiness-only"
    OOM_KILLED = "oom-killed"
    APP_EXIT = "app-exit"
    CANNOT_TELL = "cannot-tell"


class Shape(str, Enum):
    """What the count and span of a failure series say about how the failures came."""

    SINGLE = "single"  # one failure
    RUN = "run"  # one run at the probe's period
    RUNS = "runs"  # spread over longer than a run takes: several runs
    DENSE = "dense"  # denser than the period
    UNKNOWN = "unknown"  # the record does not give both ends


class Source(str, Enum):
    """Where a probe's settings came from."""

    RECORD = "record"  # describe's probe line, the pod's spec in the record
    SPEC = "spec"  # the --spec file
    INFERRED = "inferred"  # from the events (failures per kill, their spacing)
    ASSUMED = "assumed"  # the API's defaults: the record does not show them


class StreakSource(str, Enum):
    """What a failure streak was read from."""

    EVENTS = "events"  # Unhealthy events
    METRICS = "metrics"  # prober_probe_total increments


class Owner(str, Enum):
    """Whose probe's failures a streak is."""

    CONTAINER = "container"  # this container's: named by the event, or the only candidate
    # the event names no container and the pod has others that may own it (several with such
    # a probe, or some the record shows only by their image)
    UNTOLD = "cannot-tell-which-container"


class Role(str, Enum):
    """Which of the pod's containers a story is about (the values are the words the outputs
    print): an app container, a sidecar (an init container with restartPolicy Always, probed
    like an app container, R1.1), or a plain init container (no probe, R5.9; explained when
    it failed or --container names it)."""

    CONTAINER = "container"
    SIDECAR = "sidecar"
    INIT = "init container"


class RestartCause(str, Enum):
    """Why a row of restarts happened, as the record tells it (the values are the words the
    outputs print)."""

    LIVENESS_KILL = "liveness kill"
    STARTUP_KILL = "startup kill"
    SPEC_CHANGE = "container changed"
    UNKNOWN_KILL = "kill (cause not recorded)"
    PROBE_KILL = "probe kill (liveness or startup, the record does not say which)"
    OOM_KILLED = "OOMKilled"
    # an error exit code: the app's own, or its answer to a kill's SIGTERM (some apps exit 1
    # on it): the label claims neither
    APP_EXIT = "exit with an error code"
    EXITED_0 = "exited 0"
    RUNTIME = "could not start"
    LOST = "lost (node or kubelet restart)"
    SIGKILL = "SIGKILL (exit 137)"
    SIGTERM = "SIGTERM (exit 143)"
    NOT_RECORDED = "not in the record"  # restartCount counts more than the record explains


class Level(str, Enum):
    """How sure a finding is (docs/explain.md, "What is reconstructed")."""

    FACT = "fact"  # follows from the record and the kubelet's rules
    UNCERTAIN = "uncertain"  # likely, but the record does not prove it
    CANNOT_TELL = "cannot-tell"  # the record is too thin; the text says what is missing
    WARNING = "warning"  # the record contradicts itself


class Answer(str, Enum):
    """Whether a probe change would have prevented it."""

    YES = "yes"
    NO = "no"
    CANNOT_TELL = "cannot-tell"


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 kill`, `3 kills`, `2 failures`."""
    return f"{n} {word if n == 1 else many or word + 's'}"


HUMAN_FROM = 120.0  # seconds: from two minutes on, times read as minutes, hours and days


def human_time(t: float, digits: int = 1) -> str:
    """A time on the record's axis as a person reads it: `+12.5 s` (to `digits` decimals),
    `-12 min 05 s`, `-2 h 05 min`, `-3 d 04 h`."""
    if abs(t) < HUMAN_FROM:  # (+ 0.0: a time that rounds to -0 prints as +0)
        return f"{round(t, digits) + 0.0:+.{digits}f} s"
    sign, left = "-" if t < 0 else "+", round(abs(t))
    days, left = divmod(left, 86400)
    hours, left = divmod(left, 3600)
    minutes, seconds = divmod(left, 60)
    if days:
        return f"{sign}{days} d {hours:02d} h"
    if hours:
        return f"{sign}{hours} h {minutes:02d} min"
    return f"{sign}{minutes} min {seconds:02d} s"


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


@dataclass(frozen=True)
class When:
    """A time on the record's axis: seconds relative to its zero (the moment the record was
    taken, when its times are ages), between `lo` and `hi`."""

    lo: float | None = None
    hi: float | None = None
    confidence: Confidence = Confidence.UNKNOWN
    epoch: float | None = None  # the absolute time, when the record gives one

    @property
    def known(self) -> bool:
        return self.lo is not None and self.hi is not None

    @property
    def mid(self) -> float:
        assert self.lo is not None and self.hi is not None
        return (self.lo + self.hi) / 2

    def with_confidence(self, confidence: Confidence) -> When:
        return When(self.lo, self.hi, confidence, self.epoch)

    def to_data(self) -> dict[str, Any]:
        return {"lo": _r(self.lo), "hi": _r(self.hi), "confidence": self.confidence.value,
                "at": utc_text(self.epoch) if self.epoch is not None else None}


UNKNOWN_WHEN = When()


@dataclass(frozen=True)
class Interval:
    """A closed interval of seconds, [lo, hi]."""

    lo: float
    hi: float

    def __post_init__(self) -> None:
        assert self.lo <= self.hi, (self.lo, self.hi)

    def to_data(self) -> list[float | None]:
        return [_r(self.lo), _r(self.hi)]


@dataclass(frozen=True)
class CountRange:
    """A closed range of counts: at least `lo`, at most `hi` (None: no upper bound; the
    record leaves it open), and `because`: the rules that set its bounds, with their figures
    (the diagnosis's probe kills, decided once in kubesim.explain.diagnosis; empty where no
    rule is said). The reason does not make it another range: two ranges of the same bounds
    are equal whatever their reasons."""

    lo: int
    hi: int | None
    because: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        assert self.lo >= 0 and (self.hi is None or self.hi >= self.lo), (self.lo, self.hi)

    @property
    def text(self) -> str:
        if self.hi == self.lo:
            return str(self.lo)
        if self.hi is None:  # "at least 0" tells an on-call engineer nothing
            return "unknown: 0 or more" if self.lo == 0 else f"at least {self.lo}"
        return f"{self.lo} to {self.hi}"

    def to_data(self) -> dict[str, int | None]:
        return {"min": self.lo, "max": self.hi}


@dataclass(frozen=True)
class PreventionAnswer:
    """Would a probe change have prevented it: yes (the replay reproduces the kills and a
    change, verified, prevents them: `change`), no (no probe killed the container), or
    cannot tell, and why."""

    answer: Answer
    reason: str
    change: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {"answer": self.answer.value, "reason": self.reason, "change": self.change}


@dataclass(frozen=True)
class Diagnosis:
    """The one answer for a container, decided once (kubesim.explain.diagnosis) and rendered
    as it is by the text, JSON, HTML and MCP outputs. `kind` refines `cause` (docs/explain.md,
    "Diagnoses"); `because` says why when the cause cannot be told."""

    cause: Cause
    kind: str
    text: str
    probe: ProbeType | None  # the probe behind the kills, when a probe killed
    failed: tuple[ProbeType, ...]  # the probes the record shows failing
    probe_kills: CountRange
    shows_failures: bool
    prevention: PreventionAnswer
    because: str = ""
    # the words of `text` about probe failures naming no container (this one's or another's),
    # which the pod's answer says once for all its containers (kubesim.explain.pod_answer);
    # not part of the JSON document
    untied: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"cause": self.cause.value, "kind": self.kind, "text": self.text,
                "because": self.because,
                "probe": None if self.probe is None else self.probe.value,
                "failed": [p.value for p in self.failed],
                "probe_kills": {**self.probe_kills.to_data(),
                                "because": self.probe_kills.because},
                "shows_failures": self.shows_failures,
                "prevention": self.prevention.to_data()}


@dataclass(frozen=True)
class Detection:
    """One detection window of the container's probes as the kubelet model computes it
    (kubesim.analysis.windows, the figures `kubesim windows` prints): from `lo` to `hi`
    seconds over the grid phases and the profile's latencies."""

    probe: ProbeType
    figure: str  # hang detection | startup protection | readiness down | readiness up
    window: Interval

    def to_data(self) -> dict[str, Any]:
        return {"probe": self.probe.value, "figure": self.figure,
                "seconds": self.window.to_data()}


@dataclass(frozen=True)
class Evidence:
    """Where an item was read, in the record's own words."""

    where: str
    text: str

    def to_data(self) -> dict[str, Any]:
        return {"where": self.where, "text": self.text}


def _ev(items: tuple[Evidence, ...]) -> list[dict[str, Any]]:
    return [e.to_data() for e in items]


@dataclass(frozen=True)
class Setting:
    """One probe's settings and where they came from: the record (describe's probe line, the
    pod's spec), the --spec file, inferred from the events, or assumed (the API's defaults)."""

    probe: ProbeType
    source: Source
    period: int
    timeout: int
    failure_threshold: int
    success_threshold: int
    initial_delay: int
    target: str
    handler: str
    why: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"probe": self.probe.value, "source": self.source.value, "target": self.target,
                "handler": self.handler, "periodSeconds": self.period,
                "timeoutSeconds": self.timeout, "failureThreshold": self.failure_threshold,
                "successThreshold": self.success_threshold,
                "initialDelaySeconds": self.initial_delay, "why": self.why}


@dataclass(frozen=True)
class Streak:
    """The failures of one probe that one event reports (count, first to last)."""

    probe: ProbeType
    outcome: ProbeOutcome
    detail: str
    count: int
    first: When
    last: When
    reading: str  # what the spacing says, in words
    spacing: Interval | None
    evidence: tuple[Evidence, ...]
    shape: Shape = Shape.SINGLE
    source: StreakSource = StreakSource.EVENTS
    owner: Owner = Owner.CONTAINER
    # the record states the count (describe's `xN`, a COUNT column, `count`); a row without
    # one (`kubectl get events` since 1.19) is at least once (README of the real corpus)
    count_stated: bool = True
    # the line of the author's prose that states the failure, where no event of the record
    # shows it (RecordedEvent.stated): `detail` is then no output the probe printed
    stated: int | None = None

    @property
    def own(self) -> bool:
        """Whether the record ties these failures to this container."""
        return self.owner is Owner.CONTAINER

    def to_data(self) -> dict[str, Any]:
        return {"probe": self.probe.value, "outcome": self.outcome.value, "detail": self.detail,
                "count": self.count, "first": self.first.to_data(), "last": self.last.to_data(),
                "spacing": None if self.spacing is None else self.spacing.to_data(),
                "shape": self.shape.value, "source": self.source.value,
                "owner": self.owner.value, "reading": self.reading,
                "evidence": _ev(self.evidence), **_provenance_data(self)}


@dataclass(frozen=True)
class Kill:
    """One kill the kubelet recorded (`Killing`), and the failures that counted toward it."""

    index: int  # 1-based among the kills of its event
    of: int
    cause: KillCause
    at: When
    failures: tuple[When, ...]  # the failureThreshold failures before it (inferred)
    message: str
    evidence: tuple[Evidence, ...]
    # the line of the author's prose that states the kill, where no Killing row of the record
    # shows it (RecordedEvent.stated): `message` is then a reader's, not the kubelet's
    stated: int | None = None

    @property
    def shown(self) -> str:
        """The kill's message as the outputs print it: a row cut before its message says so."""
        return self.message or "(its message is not in the record)"

    def to_data(self) -> dict[str, Any]:
        return {"index": self.index, "of": self.of, "cause": self.cause.value,
                "at": self.at.to_data(), "failures": [f.to_data() for f in self.failures],
                "message": self.message, "evidence": _ev(self.evidence),
                **_provenance_data(self)}


def provenance(item: Kill | Streak) -> str | None:
    """Where a kill or a probe's failures come from, the one place that decides it for every
    output: None where a line of the record shows it (its event, the kubelet's log), quoted as
    it is; `stated in the author's prose (line N)` for one read from a sentence, whose event
    a reader made (no line of the record shows it)."""
    return None if item.stated is None else stated_in_prose(item.stated)


def stated_in_prose(line: int) -> str:
    """How the outputs say that the author's prose states something on `line` (`provenance`)."""
    return f"stated in the author's prose (line {line})"


def _provenance_data(item: Kill | Streak) -> dict[str, Any]:
    """The JSON's keys of `provenance`: `recorded` (a line of the record) or `stated` (the
    author's prose), and the prose's line."""
    return {"provenance": "recorded" if provenance(item) is None else "stated",
            "stated_line": item.stated}


@dataclass(frozen=True)
class BackOffs:
    """Starts the kubelet refused while the container was in CrashLoopBackOff."""

    count: int
    first: When
    last: When
    delay: float | None  # the largest back-off the record prints (state or refusal message)
    evidence: tuple[Evidence, ...]
    # the fewest restarts that delay needs since the back-off was last reset (R4.10-R4.12):
    # inferred from the delay, never a count the record states; None: no delay, or one off
    # the profile's curve
    after: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"count": self.count, "first": self.first.to_data(), "last": self.last.to_data(),
                "delay_seconds": self.delay, "restarts_from_delay": self.after,
                "evidence": _ev(self.evidence)}


@dataclass(frozen=True)
class Exit:
    """A container instance's end, from its terminated state."""

    # last (lastState) | current (state) | untold (the record shows the state's fields
    # without its `State:` or `Last State:` line: which it was, it does not show)
    which: str
    reason: str | None
    exit_code: int | None
    cause: ExitCause
    meaning: str
    started: When
    finished: When
    evidence: tuple[Evidence, ...]

    def to_data(self) -> dict[str, Any]:
        return {"which": self.which, "reason": self.reason, "exit_code": self.exit_code,
                "cause": self.cause.value, "meaning": self.meaning, "started": self.started.to_data(),
                "finished": self.finished.to_data(), "evidence": _ev(self.evidence)}


@dataclass(frozen=True)
class NotReady:
    """A stretch during which the pod (or the container) was not Ready."""

    since: When
    until: When | None
    why: str
    evidence: tuple[Evidence, ...]

    def to_data(self) -> dict[str, Any]:
        return {"since": self.since.to_data(),
                "until": None if self.until is None else self.until.to_data(), "why": self.why,
                "evidence": _ev(self.evidence)}


@dataclass(frozen=True)
class Restart:
    """One row per restart (or group of restarts that cannot be told apart): when, why, how
    sure."""

    count: int
    cause: RestartCause
    at: When
    confidence: Confidence
    detail: str
    evidence: tuple[Evidence, ...]

    def to_data(self) -> dict[str, Any]:
        return {"count": self.count, "cause": self.cause.value, "at": self.at.to_data(),
                "confidence": self.confidence.value, "detail": self.detail,
                "evidence": _ev(self.evidence)}


@dataclass(frozen=True)
class Finding:
    """A conclusion in words. `level`: fact (follows from the record and the kubelet's
    rules), uncertain (likely, but the record does not prove it), cannot-tell (the record is
    too thin; the text says what is missing), warning (the record contradicts itself)."""

    level: Level
    text: str
    evidence: tuple[Evidence, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"level": self.level.value, "text": self.text, "evidence": _ev(self.evidence)}


@dataclass
class Replay:
    """The record's probe settings and reconstructed behaviour run through the kubelet model
    at several grid phases, and how the result compares with the record."""

    ran: bool
    reason: str  # why it did not run, or what was replayed
    origin: float = 0.0  # the simulation's t=0 on the record's axis
    duration: float = 0.0
    phases: int = 0
    seed: int = 0
    profile: str = ""
    behaviour: dict[str, Any] = field(default_factory=dict)  # the scenario, as YAML would say
    assumptions: list[str] = field(default_factory=list)
    kills: CountRange = CountRange(0, 0)  # fewest and most over the phases
    first_kill: Interval | None = None  # axis time range over the phases
    last_kill: Interval | None = None
    failures_per_kill: int | None = None
    back_offs: CountRange = CountRange(0, 0)
    verdict: Verdict = Verdict.NOT_RUN
    comparison: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)  # which failures counted toward which kill
    document: dict[str, Any] | None = None  # the run document of one representative phase
    phase: float | None = None

    def to_data(self) -> dict[str, Any]:
        return {"ran": self.ran, "reason": self.reason, "origin": _r(self.origin),
                "duration": _r(self.duration), "phases": self.phases, "seed": self.seed,
                "profile": self.profile, "behaviour": self.behaviour,
                "assumptions": self.assumptions, "kills": [self.kills.lo, self.kills.hi],
                "first_kill": None if self.first_kill is None else self.first_kill.to_data(),
                "last_kill": None if self.last_kill is None else self.last_kill.to_data(),
                "failures_per_kill": self.failures_per_kill,
                "back_offs": [self.back_offs.lo, self.back_offs.hi],
                "verdict": self.verdict.value,
                "comparison": self.comparison, "missing": self.missing,
                "counted": self.counted, "phase": _r(self.phase)}


@dataclass
class Prevention:
    """What would have prevented it: `kubesim suggest`'s engine with expectations drawn from
    the record."""

    ran: bool
    reason: str
    workload: str | None = None  # the object the patch is for: Deployment/web
    wants: list[dict[str, Any]] = field(default_factory=list)
    before: list[dict[str, Any]] = field(default_factory=list)
    after: list[dict[str, Any]] = field(default_factory=list)
    summary: str | None = None
    patch: dict[str, Any] | None = None
    patch_yaml: str = ""
    verified: str = ""
    tradeoff: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"ran": self.ran, "reason": self.reason, "workload": self.workload,
                "wants": self.wants,
                "before": self.before, "after": self.after, "summary": self.summary,
                "patch": self.patch, "patch_yaml": self.patch_yaml, "verified": self.verified,
                "tradeoff": self.tradeoff}


@dataclass
class ContainerStory:
    """Everything reconstructed for one container."""

    name: str | None
    restart_count: int | None
    settings: list[Setting] = field(default_factory=list)
    streaks: list[Streak] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    back_offs: BackOffs | None = None
    exits: list[Exit] = field(default_factory=list)
    restarts: list[Restart] = field(default_factory=list)
    not_ready: list[NotReady] = field(default_factory=list)
    arithmetic: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    replay: Replay | None = None
    prevention: Prevention | None = None
    answer: Diagnosis | None = None  # decided once, after everything above
    detection: list[Detection] = field(default_factory=list)
    # for the renderers, not part of the JSON document: the replay's representative run,
    # its pod and behaviour, and suggest's result
    run: Any = None
    run_pod: Any = None
    run_scenario: Any = None
    suggestion: Suggestion | None = None
    # how many of the pod's containers this story is about: several when the record states
    # them only together (a `kubectl get pods` row of READY x/N: RESTARTS their sum), and
    # then `restart_count` is that sum, not one container's
    containers: int = 1
    role: Role = Role.CONTAINER

    @property
    def diagnosis(self) -> str:
        """The answer's one line."""
        return self.answer.text if self.answer is not None else ""

    @property
    def diagnosis_kind(self) -> str:
        return self.answer.kind if self.answer is not None else ""

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role.value,
                "restart_count": self.restart_count, "containers": self.containers,
                "diagnosis": self.diagnosis, "diagnosis_kind": self.diagnosis_kind,
                "answer": None if self.answer is None else self.answer.to_data(),
                "detection": [d.to_data() for d in self.detection],
                "settings": [s.to_data() for s in self.settings],
                "streaks": [s.to_data() for s in self.streaks],
                "kills": [k.to_data() for k in self.kills],
                "back_offs": None if self.back_offs is None else self.back_offs.to_data(),
                "exits": [e.to_data() for e in self.exits],
                "restarts": [r.to_data() for r in self.restarts],
                "not_ready": [n.to_data() for n in self.not_ready],
                "arithmetic": self.arithmetic, "findings": [f.to_data() for f in self.findings],
                "replay": None if self.replay is None else self.replay.to_data(),
                "prevention": None if self.prevention is None else self.prevention.to_data()}


@dataclass
class Explanation:
    """The whole answer for one pod."""

    pod: str | None
    namespace: str | None
    owner: str | None
    inputs: list[dict[str, str]]
    axis: dict[str, Any]  # zero (RFC 3339 or None) and how it was chosen
    containers: list[ContainerStory]
    findings: list[Finding]
    notes: list[Finding]
    # the pod's one answer where the record's probe failures name none of its several
    # containers (or beside some it shows only by their image): kubesim.explain.pod_answer;
    # None where each container's answer is the answer
    answer: Diagnosis | None = None

    def to_data(self) -> dict[str, Any]:
        return {"kubesim": SCHEMA_VERSION, "command": "explain", "pod": self.pod,
                "namespace": self.namespace, "owner": self.owner, "inputs": self.inputs,
                "axis": self.axis,
                "answer": None if self.answer is None else self.answer.to_data(),
                "containers": [c.to_data() for c in self.containers],
                "findings": [f.to_data() for f in self.findings],
                "notes": [n.to_data() for n in self.notes]}
