"""What `kubesim check` reports: the rules, their findings, and the workloads they point at.

Plain data only. `RULES` is the table of check ids (documented in the README, section
`kubesim check`);
`read_inputs` turns files, directories and `-` into `Workload`s that carry what a finding
needs beyond the probed container itself: the file, the line of each field and the
`kubesim.dev/ignore` annotation. The checks (`check.py`) and renderers (`formats.py`) build on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import Behaviour
from kubesim.errors import KubesimError, SpecError, UsageError
from kubesim.spec.manifests import POD_SPEC_AT, PROBE_FIELDS, containers_from_documents
from kubesim.kubelet.settings import CLASSIC, KubeletProfile
from kubesim.spec.model import ProbedContainer
from kubesim.spec.sources import (RenderOptions, UnitKind, render_notes, render_unit,
                                  split_helm_stream, walk)
from kubesim.spec.yamlio import STDIN, YamlDocument, load_yaml_documents, read_text

if TYPE_CHECKING:
    from kubesim.analysis.config import Configuration

__all__ = ["IGNORE_ANNOTATION", "RULES", "BehaviourRef", "CheckResult", "ContainerRef",
           "Finding", "Rule", "Settings", "Severity", "Workload", "read_inputs", "rule_of",
           "workloads_in"]

IGNORE_ANNOTATION = "kubesim.dev/ignore"
REASON_ANNOTATION = "kubesim.dev/ignore-reason"
Loc = tuple[str | int, ...]


class Severity(IntEnum):
    """How bad a finding is; `--fail-on` compares against it."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Rule:
    """One check: a stable id, a slug name, its usual severity, one-line title and help."""

    id: str
    name: str
    severity: Severity
    title: str
    help: str
    enabled_by: str | None = None  # the option that turns it on, if it is off by default


RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("KS001", "liveness-readiness-same-endpoint", Severity.WARNING,
         "Liveness and readiness probe the same endpoint",
         "An outage that should only take the pod out of Ready (readiness) also fails "
         "liveness and restarts the container. kubesim simulates a readiness-only outage of "
         "the shared endpoint (--outage-seconds, 120) at every grid phase and reports the "
         "restarts. That outage is a hypothesis: an error only when a given scenario or trace "
         "shows a dependency behind the endpoint (it fails while another target passes, or "
         "depends_on a dependency that goes down); a warning for httpGet/exec otherwise; a "
         "note for tcpSocket and gRPC health checks of the process's own server, where a "
         "failing answer is exactly when a restart is wanted. Fix: a cheap in-process /livez "
         "for liveness, dependencies only in readiness."),
    Rule("KS002", "dependency-in-liveness", Severity.ERROR,
         "Liveness target fails while another target keeps passing",
         "In a given scenario or trace, the liveness target's answers fail while another "
         "probed or recorded target of the same app keeps passing: a dependency leaked into "
         "liveness. Reports the restarts the scenario then causes at every grid phase "
         "(warning if none)."),
    Rule("KS003", "startup-protection-too-short", Severity.ERROR,
         "Startup protection shorter than the startup time",
         "The longest startup that is never killed (startup probe, or liveness without one; "
         "`kubesim windows`) is shorter than the startup seen in a given scenario or trace "
         "(first successful answer of the startup/liveness target) or stated with "
         "--startup-seconds. Reports at how many grid phases a start that slow is killed."),
    Rule("KS004", "timeout-not-below-period", Severity.WARNING,
         "timeoutSeconds at or over periodSeconds",
         "A call that waits out its timeout holds the worker past its next tick; the kubelet "
         "skips ticks and probes less often than periodSeconds says. kubesim simulates a "
         "target that stops answering and reports the real interval and detection time."),
    Rule("KS005", "initial-delay-instead-of-startup-probe", Severity.WARNING,
         "Long liveness initialDelaySeconds without a startup probe",
         "Liveness initialDelaySeconds over --max-initial-delay (30 s) and no startupProbe: "
         "every container, including each restart, goes unwatched that long. kubesim reports "
         "how long a container that never answers lives before it is killed. A startupProbe "
         "with the same budget hands over to liveness as soon as the app answers."),
    Rule("KS006", "hang-recovery-over-bound", Severity.ERROR,
         "Hang detection + grace + back-off over --max-hang-recovery",
         "From a hang to the replacement container running (windows: hang_to_running, "
         "guaranteed over grid phases) takes longer than the bound given with "
         "--max-hang-recovery.", enabled_by="--max-hang-recovery"),
    Rule("KS007", "ready-recovery-over-bound", Severity.ERROR,
         "Readiness recovery over --max-ready-recovery",
         "From a dependency's recovery to Ready again (windows: readiness_up, guaranteed; "
         "successThreshold x periodSeconds and the grid) takes longer than the bound given "
         "with --max-ready-recovery.", enabled_by="--max-ready-recovery"),
    Rule("KS008", "missing-readiness-probe", Severity.WARNING,
         "Container without a readiness probe",
         "A long-running container (not in a Job/CronJob) has no readinessProbe: it takes "
         "traffic as soon as it runs. Off by default, like kube-linter.",
         enabled_by="--missing-probes"),
    Rule("KS009", "missing-liveness-probe", Severity.WARNING,
         "Container without a liveness probe",
         "A long-running container (not in a Job/CronJob) has no livenessProbe: a hung "
         "process is never restarted. Off by default, like kube-linter.",
         enabled_by="--missing-probes"),
    Rule("KS010", "probe-port-not-declared", Severity.ERROR,
         "Probe on a named port the container does not declare",
         "An httpGet or tcpSocket probe names a port (`port: metrics`) that is not in this "
         "container's `ports` (another container's ports do not count). The kubelet cannot "
         "resolve it: every call is a prober error, retried and discarded (R2.4), so a "
         "liveness probe never kills, a readiness probe never makes the pod Ready and a "
         "startup probe never lets the container start."),
    Rule("KS011", "probe-target-unresolvable", Severity.WARNING,
         "Probe host the kubelet cannot reach as meant",
         "httpGet.host or tcpSocket.host is set: a host that is not a valid URL host makes "
         "every call a prober error (error); localhost asks the node, not the pod, and a "
         "cluster DNS name is resolved with the node's resolver, where it usually does not "
         "resolve (warning: it depends on the node)."),
    Rule("KS012", "replicas-restart-together", Severity.ERROR,
         "Replicas restart together under the given behaviour",
         "With a scenario or trace, the workload's replicas run as a fleet, each its own "
         "kubelet with its own grid phase, against the same wall clock: a dependency outage "
         "reaches every replica at once. Two or more replicas killed within 30 s of each other "
         "means the probes turn one shared problem into correlated restarts (error); restarts "
         "further apart are a warning."),
    Rule("KS013", "fleet-out-of-service", Severity.ERROR,
         "The whole fleet is out of the Service longer than --max-zero-capacity",
         "With a scenario or trace and --max-zero-capacity S, the workload's replicas run as "
         "a fleet; every second in which no replica serves (Ready, after the endpoint "
         "propagation delay) beyond S is an outage of the Service the probes did not "
         "prevent.", enabled_by="--max-zero-capacity"),
    Rule("KS014", "prestop-shorter-than-propagation", Severity.INFO,
         "Traffic reaches a deleted pod after it stopped listening",
         "When a replica is deleted (a rollout, a drain, a scale-down) its endpoint leaves the "
         "Service at once, but the load balancers follow only after the endpoint propagation "
         "delay you declare with --propagation S. kubesim deletes one replica and measures how "
         "long requests still arrive after SIGTERM closed the app's listener: a preStop sleep "
         "at least as long as the delay keeps the pod answering until traffic has moved. Info: "
         "it depends on whether the app keeps accepting connections while it drains; an exec "
         "or httpGet preStop hook, whose duration only the app knows, is not judged.",
         enabled_by="--propagation"),
    Rule("KS015", "rollout-below-min-capacity", Severity.ERROR,
         "A rolling update takes capacity below --rollout-min-capacity",
         "kubesim rolls the Deployment to a new template with its own strategy (maxSurge, "
         "maxUnavailable, minReadySeconds) on the replicas' kubelets, new pods warming up "
         "through their probes and old ones terminating, and reports when fewer endpoints "
         "serve than the minimum you declared.", enabled_by="--rollout-min-capacity"),
    Rule("KS100", "expectation-not-checked", Severity.INFO,
         "A declared expectation could not be checked",
         "The expectation needs something the inputs do not give (e.g. not-ready-within "
         "with no outage of the readiness target in any scenario)."),
    Rule("KS101", "expect-no-restart", Severity.ERROR,
         "Expectation failed: no restart",
         "The container restarted in a given scenario or trace at some grid phase."),
    Rule("KS102", "expect-not-ready-within", Severity.ERROR,
         "Expectation failed: not Ready within N s of an outage",
         "During an outage of the readiness target in a given scenario or trace, the pod "
         "stayed Ready longer than N s at some grid phase."),
    Rule("KS103", "expect-ready-within", Severity.ERROR,
         "Expectation failed: Ready within N s of start",
         "The pod first became Ready later than N s after its first container started (or "
         "never) at some grid phase."),
    Rule("KS104", "expect-survives-stall", Severity.ERROR,
         "Expectation failed: survives a stall of N s",
         "A process stall of N s (the whole process answers nothing) restarts the container "
         "at some grid phase."),
)}


def rule_of(token: str) -> Rule | None:
    """A rule by id (`KS001`, any case) or name (`liveness-readiness-same-endpoint`)."""
    token = token.strip()
    return RULES.get(token.upper()) or next((r for r in RULES.values() if r.name == token),
                                            None)


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
    containers: list[ContainerRef] = field(default_factory=list)
    rendered_from: str | None = None  # "helm chart charts/podinfo", "kustomization overlays/x"

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
    def runs_forever(self) -> bool:
        """Jobs run to completion: missing-probe checks do not apply to them."""
        return self.kind not in ("Job", "CronJob")


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
    fix: Any = None  # fixes.ProbePatch: advice that was re-checked before it is given
    measured: Severity | None = None  # the severity before a configured override, if any

    @property
    def name(self) -> str:
        return RULES[self.rule].name


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
    """A given scenario or trace, how it is named in findings, and how long to simulate it."""

    label: str
    behaviour: Behaviour
    duration: float
    kind: str = "scenario"  # scenario | trace
    applies_to: tuple[Any, ...] = ()  # scoping.Selector; empty: every probed container


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
    propagation_seconds: float | None = None  # KS014: the endpoint propagation delay
    rollout_min_capacity: int | None = None  # KS015: endpoints that must serve in a rollout
    missing_probes: bool = False
    render: RenderOptions = field(default_factory=RenderOptions)  # charts, kustomizations
    skip_non_manifests: bool = False  # named files that are not manifests: skipped, not errors
    allow_empty: bool = False  # no manifest at all in the inputs: not an error
    fail_on: Severity | None = Severity.ERROR  # None: never fail (exit 0 on findings)
    ignore: frozenset[str] = frozenset()
    severities: tuple[tuple[str, Severity], ...] = ()  # (rule id, severity) overrides
    max_work: int = 5_000_000  # simulated probe calls in all (kubesim.analysis.budget)
    configuration: Configuration | None = None  # the configuration file used (reports say it)


# ---------------------------------------------------------------- inputs


def read_inputs(paths: list[str], *, skip_non_manifests: bool = False,
                allow_empty: bool = False, render: RenderOptions | None = None,
                notes: list[str] | None = None, errors: list[KubesimError] | None = None
                ) -> tuple[list[Workload], list[dict[str, str]], int]:
    """Every workload in `paths`, the files skipped (not manifests), and how many Kubernetes
    objects or probe specs the inputs hold (with or without pods).

    Directories are walked by `kubesim.spec.sources.walk`'s rule: a chart or kustomization
    directory is rendered (with `render`'s settings) and its objects name their source
    files; `notes` gets a line per render saying how it was rendered. A file named on the
    command line that is not a manifest or probe spec is an error, as in `kubesim run`; in a
    directory such files (values.yaml, scenarios, Helm templates outside a chart) are skipped
    and listed, and so are named files with `skip_non_manifests` (a pre-commit hook is handed
    every staged YAML file). Standard input is never skipped; piped `helm template` output
    is split on its `# Source:` lines. Inputs with no YAML document at all (an empty file, a
    failed `helm template` piped in) are an error unless `allow_empty`: a gate that read
    nothing must not pass by accident.

    With `errors`, a bad file among several inputs (a directory's, or several named) is
    appended there and the others are read on; a single input's error is raised.
    """
    workloads: list[Workload] = []
    found = walk(paths)
    skipped: list[dict[str, str]] = list(found.skipped)
    objects = 0
    renders = []
    for unit in found.units:
        try:
            if unit.kind in (UnitKind.CHART, UnitKind.KUSTOMIZATION):
                renders.append(render_unit(unit, render or RenderOptions()))
                docs: list[YamlDocument] | None = renders[-1].documents
                source = unit.path
            else:
                text, source = read_text(unit.path, SpecError)
                may_skip = unit.kind is UnitKind.FILE and (skip_non_manifests or not unit.named)
                docs = split_helm_stream(text, source) if unit.kind is UnitKind.STDIN else None
                if docs is None:
                    docs = _documents(text, source, may_skip)
                reason = _not_manifest(docs) if may_skip else None
                if reason:
                    skipped.append({"file": source, "reason": reason})
                    continue
            assert docs is not None
            workloads_here = workloads_in(docs, source)  # validates; raises SpecError
        except SpecError as exc:
            if errors is None or len(found.units) == 1:
                raise
            errors.append(exc)
            continue
        workloads += workloads_here
        objects += sum(1 for d in docs if _is_input(d.data))
    if notes is not None:
        notes += render_notes(renders)
    if objects == 0 and errors:
        raise errors[0]
    if objects == 0 and not allow_empty:
        raise UsageError(_empty_message(paths, skipped))
    return workloads, skipped, objects


def workloads_in(docs: list[YamlDocument], source: str) -> list[Workload]:
    """The workloads of one file's parsed documents, each probed container with its
    ProbedContainer (validated: SpecError on what the API server would reject)."""
    probed = containers_from_documents(docs)
    found = [w for d in docs for w in _workloads(d)]
    _attach(found, probed, source)
    return found


def _documents(text: str, source: str, may_skip: bool) -> list[YamlDocument] | None:
    """The file's YAML documents; None for a template that may be skipped (not YAML yet)."""
    try:
        return load_yaml_documents(text, source, SpecError)
    except SpecError:
        if may_skip and "{{" in text:
            return None
        raise


def _not_manifest(docs: list[YamlDocument] | None) -> str | None:
    """Why a file is not a manifest or probe spec (None: it is one)."""
    if docs is None:
        return "a template ({{ ... }}), not YAML yet: check its rendered output instead"
    if not docs:
        return "empty (no YAML document)"
    if not all(_is_input(d.data) for d in docs):
        return "not a Kubernetes manifest or probe spec (no kind, no probes)"
    return None


def _empty_message(paths: list[str], skipped: list[dict[str, str]]) -> str:
    named = ", ".join("stdin" if p == STDIN else p for p in paths)
    why = f" ({len(skipped)} file{'s' * (len(skipped) != 1)} skipped)" if skipped else ""
    return (f"{named}: no Kubernetes object or probe spec in the input{why}: nothing to "
            "check (a failed `helm template` or an empty file?); --allow-empty accepts it")


def _is_input(data: Any) -> bool:
    return isinstance(data, dict) and ("kind" in data or any(k in data for k in PROBE_FIELDS))


def _attach(workloads: list[Workload], probed: list[ProbedContainer], source: str) -> None:
    """Give each container with probes its ProbedContainer; both walks share one order."""
    queue = list(probed)
    for w in workloads:
        for c in w.containers:
            if c.pod is None and _has_probe(c):
                if not queue or queue[0].container.name != c.name:  # pragma: no cover
                    raise SpecError(f"cannot match container {c.name} of {w.label}",
                                    source=source)
                c.pod = queue.pop(0)


def _has_probe(c: ContainerRef) -> bool:
    data = _at(c.doc.data, c.loc)
    return isinstance(data, dict) and any(data.get(k) is not None for k in PROBE_FIELDS)


def _at(data: Any, loc: Loc) -> Any:
    for key in loc:
        data = data[key]
    return data


def _workloads(doc: YamlDocument, loc: Loc = ()) -> list[Workload]:
    obj = _at(doc.data, loc)
    if not isinstance(obj, dict):
        return []
    if "kind" not in obj:  # a compact probe spec (manifests.py has validated it)
        stem = "stdin" if doc.source == "<stdin>" else Path(doc.source).stem
        name = obj.get("name") or "app"
        w = Workload("ProbeSpec", stem, None, doc.source, doc.start_line)
        w.containers.append(ContainerRef(str(name), doc, loc, None))
        return [w]
    kind = obj["kind"]
    if kind == "List":
        return [w for i in range(len(obj.get("items") or []))
                for w in _workloads(doc, (*loc, "items", i))]
    if kind not in POD_SPEC_AT:
        return []
    meta: dict[str, Any] = obj["metadata"] if isinstance(obj.get("metadata"), dict) else {}
    name = str(meta.get("name") or meta.get("generateName") or "unnamed")
    ns = meta.get("namespace")
    w = Workload(kind, name, str(ns) if ns is not None else None, doc.source,
                 doc.line_of((*loc, "kind")), rendered_from=doc.rendered_from)
    spec_loc = (*loc, *POD_SPEC_AT[kind])
    template_meta = _at(doc.data, spec_loc[:-1]).get("metadata") if kind != "Pod" else None
    _ignores(w, doc, [(meta, (*loc, "metadata")),
                      (template_meta, (*spec_loc[:-1], "metadata"))])
    spec = _at(doc.data, spec_loc)
    for key, sidecar in (("containers", False), ("initContainers", True)):
        for i, c in enumerate(spec.get(key) or []):
            if sidecar and c.get("restartPolicy") != "Always":
                continue
            w.containers.append(ContainerRef(str(c.get("name")), doc, (*spec_loc, key, i),
                                             None, sidecar))
    return [w]


def _ignores(w: Workload, doc: YamlDocument, metas: list[tuple[Any, Loc]]) -> None:
    """`kubesim.dev/ignore: KS001,KS004` (ids or names, or `all`) on the object's or the pod
    template's metadata; `kubesim.dev/ignore-reason` says why."""
    ids: set[str] = set()
    for meta, loc in metas:
        annotations = meta.get("annotations") if isinstance(meta, dict) else None
        if not isinstance(annotations, dict):
            continue
        aloc = (*loc, "annotations", IGNORE_ANNOTATION)
        for token in re.split(r"[,\s]+", str(annotations.get(IGNORE_ANNOTATION) or "")):
            if not token:
                continue
            if token.lower() == "all":
                ids.update(RULES)
                continue
            rule = rule_of(token)
            if rule is None:
                raise SpecError(f"{w.label}: {IGNORE_ANNOTATION}: unknown check {token!r} "
                                f"(ids KS001-KS015, KS100-KS104 or their names, or all)",
                                source=doc.source, line=doc.line_of(aloc),
                                field=IGNORE_ANNOTATION)
            ids.add(rule.id)
        reason = annotations.get(REASON_ANNOTATION)
        if reason:
            w.ignore_reason = str(reason)
    w.ignores = frozenset(ids)
