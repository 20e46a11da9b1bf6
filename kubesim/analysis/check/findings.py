"""What `kubesim check` reports: findings, check runs, and the workloads they point at.

Plain data only: the records every stage of `check` passes on (read.py makes `Workload`s,
the checks make `Finding`s in `CheckResult`s, render/check_formats.py prints them).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.rules import RULES, Severity
from kubesim.behaviour.answer import Behaviour
from kubesim.kubelet.settings import CLASSIC, KubeletProfile
from kubesim.spec.model import ProbedContainer
from kubesim.spec.sources import RenderOptions
from kubesim.spec.yamlio import YamlDocument

if TYPE_CHECKING:
    from kubesim.spec.workload import ServiceSpec

__all__ = ["BehaviourRef", "CheckResult", "Configuration", "ContainerRef", "Departure", "Finding",
           "Loc", "Replay", "Settings", "Suppressor", "Workload"]

Loc = tuple[str | int, ...]


class Suppressor(enum.Enum):
    """Who switched a finding off. The manifests' own annotations are pull-request content, as
    a configuration found in the checkout can be: reports say what each changed."""

    ANNOTATION = "annotation"  # kubesim.dev/ignore on the object or its pod template
    CONFIGURATION = "configuration"  # its check.ignore (undone: its whole gate, fail_on too)
    COMMAND_LINE = "command line"  # --ignore


@dataclass(frozen=True)
class Departure:
    """One way a configuration departs from kubesim's defaults: its field, what it sets and
    what applies without it."""

    key: str  # check.fail_on, check.ignore, check.severity.KS001, expect.no_restart, bindings.0
    value: str
    default: str

    @property
    def text(self) -> str:
        return f"{self.key} {self.value} (default {self.default})"


@dataclass(frozen=True)
class Configuration:
    """Which configuration a command used, how it was chosen, and how it departs from the
    defaults where the command line did not override it: what reports show, so that a
    reviewer sees a relaxed gate."""

    source: str | None  # the file (pyproject.toml with " [tool.kubesim]"); None: none read
    chosen: str  # how: "found from the current directory upwards", "--config", ...
    departures: tuple[Departure, ...] = ()
    sets_fail_on: bool = False  # the configuration's fail_on is in effect
    ignore: frozenset[str] = frozenset()  # check ids only the configuration ignores
    severities: frozenset[str] = frozenset()  # check ids whose severity it overrides

    @property
    def ignored_by(self) -> str:
        """How a finding the configuration ignores is marked as suppressed."""
        return f"check.ignore of {self.source}"

    def to_data(self) -> dict[str, Any]:
        return {"file": self.source, "chosen": self.chosen,
                "departures": [{"key": d.key, "value": d.value, "default": d.default}
                               for d in self.departures]}


@dataclass
class ContainerRef:
    """A container of a workload, probed or not, and where its fields are."""

    name: str
    doc: YamlDocument
    loc: Loc
    pod: ProbedContainer | None  # None: no probes at all
    sidecar: bool = False

    def line(self, *path: str) -> int | None:
        """The line of a field under the container (`livenessProbe`, `timeoutSeconds`);
        None where the source has no lines (a Helm template)."""
        return self.doc.line_of((*self.loc, *path))


@dataclass
class Workload:
    """One object with a pod template (or a compact probe spec), as findings name it."""

    kind: str
    name: str
    namespace: str | None
    source: str
    line: int | None  # None: not known (an object rendered from a Helm template)
    ignores: frozenset[str] = frozenset()
    ignore_reason: str | None = None
    ignore_line: int | None = None  # the line of its kubesim.dev/ignore annotation
    containers: list[ContainerRef] = field(default_factory=list)
    rendered_from: str | None = None  # "helm chart charts/podinfo", "kustomization overlays/x"
    labels: dict[str, str] = field(default_factory=dict)  # the pod template's labels
    restart_policy: str = "Always"  # the pod spec's restartPolicy
    services: tuple[str, ...] = ()  # Services in the inputs that select its pods
    service: ServiceSpec | None = None  # the first of them: the fleet's traffic (EP3)
    startup_seconds: float | None = None  # annotation kubesim.dev/startup-seconds
    notes: tuple[str, ...] = ()  # "accepted, not modelled: ..." (kubesim.spec.fields)
    # the renders the same object came out of (kubesim.analysis.check.renders): a base file
    # that several overlays render is one object, reported once
    renders: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.kind}/{self.name}"

    @property
    def key(self) -> str:
        """Unique within a report: namespace, object, file, and the render it came from (one
        base file can be rendered by several overlays)."""
        ns = f"{self.namespace}/" if self.namespace else ""
        via = f" ({self.rendered_from})" if self.rendered_from else ""
        return f"{ns}{self.label}@{self.source}{via}"

    @property
    def all_renders(self) -> tuple[str, ...]:
        """Every render the object came out of (none: read from a plain file)."""
        return self.renders or ((self.rendered_from,) if self.rendered_from else ())

    @property
    def runs_forever(self) -> bool:
        """Jobs, CronJobs and pods that are not restarted run to completion: missing-probe
        checks do not apply to them."""
        return self.kind not in ("Job", "CronJob") and self.restart_policy == "Always"


@dataclass
class Finding:
    """One problem of one container (or workload), with a reason computed by the simulator."""

    rule: str
    severity: Severity
    workload: Workload
    container: str | None
    message: str
    line: int | None = None
    behaviour: str | None = None
    phase: float | None = None
    seed: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    suppressed: str | None = None  # why it does not count: "annotation ...", "--ignore"
    suppressed_by: Suppressor | None = None  # who suppressed it (None: it counts)
    fix: Any = None  # fixes.ProbePatch: advice that was re-checked before it is given
    case: str | None = None  # the case of the rule table that chose the severity
    replay: Replay | None = None  # the simulated run that is the finding's evidence
    assumed: str | None = None  # the behaviour it rests on names no workload (its label)
    measured: Severity | None = None  # the severity before a configured override, if any
    renders: tuple[str, ...] = ()  # the renders it appears in (empty: its object's, or none)

    @classmethod
    def of(cls, rule: str, case: str, workload: Workload, container: str | None, message: str,
           **fields: Any) -> Finding:
        """A finding whose severity is its case's in the rule table (rules.py)."""
        return cls(rule, RULES[rule].case(case).severity, workload, container, message,
                   case=case, **fields)

    @property
    def name(self) -> str:
        return RULES[self.rule].name

    @property
    def all_renders(self) -> tuple[str, ...]:
        """The renders it appears in (those of its object unless it appears in fewer)."""
        return self.renders or self.workload.all_renders


@dataclass
class CheckResult:
    """One check run on one container against one behaviour: a JUnit testcase."""

    rule: str
    workload: Workload
    container: str | None
    behaviour: str | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def title(self) -> str:
        parts = [self.rule, RULES[self.rule].name]
        if self.container:
            parts.append(f"container {self.container}")
        if self.behaviour:
            parts.append(f"with {self.behaviour}")
        return " | ".join(parts)


@dataclass(frozen=True)
class BehaviourRef:
    """A given scenario or trace, how it is named in findings, and how long to simulate it.

    `applies_to` (its own, or its binding's in .kubesim.yaml) names the workloads it
    describes: then the targets it names are theirs. Without it, it is applied wherever
    its targets match a probe's; `assumed` (set by the scope stage) counts the workloads it
    was so applied to when they are several: an assumption about each of them."""

    label: str
    behaviour: Behaviour
    duration: float
    kind: str = "scenario"  # scenario | trace
    applies_to: tuple[Any, ...] = ()  # scoping.Selector; empty: every probed container
    assumed: int = 0  # names no workload and applied to this many (0: not an assumption)

    @property
    def named(self) -> bool:
        """Whether it names the workloads it describes (so its targets are theirs)."""
        return bool(self.applies_to)


@dataclass(frozen=True)
class Replay:
    """The simulated run a finding rests on, as `kubesim run` can repeat it: the behaviour (a
    given one by its label; a synthetic one with its scenario data), the run's length, the
    grid phase and seed, and the stretch of time that shows the finding (`window`)."""

    behaviour: str
    kind: str  # scenario | trace | synthetic | healthy
    duration: float
    phase: float
    seed: int
    window: tuple[float, float] | None = None
    scenario: dict[str, Any] | None = None  # a synthetic behaviour's data (Scenario.from_dict)

    def to_data(self) -> dict[str, Any]:
        return {"behaviour": self.behaviour, "kind": self.kind, "duration": self.duration,
                "phase": round(self.phase, 6), "seed": self.seed,
                "window": None if self.window is None else [round(t, 6) for t in self.window],
                "scenario": self.scenario}


@dataclass(frozen=True)
class Settings:
    """Everything `kubesim check` was told besides its inputs (defaults as documented)."""

    phases: int = 20
    seed: int = 0
    profile: KubeletProfile = CLASSIC
    engine: str = "fast"  # the scheduler of the simulated runs (both give the same results)
    outage_seconds: float = 120.0
    startup_seconds: float | None = None
    max_hang_recovery: float | None = None
    max_ready_recovery: float | None = None
    max_initial_delay: float = 30.0
    max_zero_capacity: float | None = None  # KS013: seconds the fleet may serve nothing
    propagation_seconds: float | None = None  # KS014, and KS012/KS013's fleet: the delay
    # KS012, KS013: the fleet's start, as `kubesim fleet` is told it (fleet.settings)
    start_spread: float = 0.0  # first containers uniformly within these seconds
    start_times: tuple[float, ...] | None = None  # replica i's first container at [i]
    ideal: bool = False  # --ideal: no kubelet latencies; the fleet's propagation 0 by default
    rollout_min_capacity: int | None = None  # KS015: endpoints that must serve in a rollout
    missing_probes: bool = True  # KS008, KS009, KS016 (check.missing_probes: false: off)
    render: RenderOptions = field(default_factory=RenderOptions)  # charts, kustomizations
    skip_non_manifests: bool = False  # named files that are not manifests: skipped, not errors
    allow_empty: bool = False  # no manifest at all in the inputs: not an error
    fail_on: Severity | None = Severity.ERROR  # None: never fail (exit 0 on findings)
    ignore: frozenset[str] = frozenset()
    severities: tuple[tuple[str, Severity], ...] = ()  # (rule id, severity) overrides
    max_work: int = 5_000_000  # simulated probe calls in all (kubesim.analysis.budget)
    configuration: Configuration | None = None  # the configuration file used (reports say it)
