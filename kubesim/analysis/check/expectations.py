"""Expectations users declare for their workloads, and the simulated experiments behind checks.

Expectations file (`--expectations FILE`)::

    kubesim: 1                      # optional; the format version
    defaults:                       # every probed container of every input
      no_restart: true
    workloads:
      - workload: Deployment/orders # NAME, Kind/NAME or NAMESPACE/Kind/NAME
        container: app              # optional: every probed container of the workload
        no_restart: true            # no restart in any given scenario/trace, at any phase
        not_ready_within: 30        # out of Ready within 30 s of an outage of the readiness
                                    #   target (outages longer than 30 s in the scenarios)
        ready_within: 20            # first Ready within 20 s of the first container start
        survives_stall: 5           # a 5 s stall of the whole process restarts nothing

The same four as flags apply to every probed container: `--expect-no-restart`,
`--expect-not-ready-within S`, `--expect-ready-within S`, `--expect-survives-stall S`.
Each is checked at every grid phase (`--phases N`, phase i with seed `seed + i`, as
`kubesim run --phases`); a failure names the first failing phase and its seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kubesim.behaviour.answer import HEALTHY
from kubesim.errors import UsageError
from kubesim.analysis.check.findings import BehaviourRef, CheckResult, ContainerRef, Finding, Workload
from kubesim.analysis.check.rules import Severity
from kubesim.results import Outcome, ProbeType
from kubesim.behaviour.scenario import Scenario
from kubesim.engine.simulate import grid_cycle, simulate
from kubesim.spec.model import ProbedContainer, parse_container
from kubesim.spec.yamlio import load_yaml_documents, read_text

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.analysis.check.findings import Settings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerSpec, Probe
    from kubesim.timeline import Timeline

__all__ = ["KINDS", "Expectation", "PhaseRun", "evaluate", "failing_spans", "load_expectations",
           "observe", "phase_runs", "settle_time", "synthetic"]

HEALTHY_APP = BehaviourRef("the healthy app", HEALTHY, 300.0, "healthy")
KINDS = {"no_restart": "KS101", "not_ready_within": "KS102", "ready_within": "KS103",
         "survives_stall": "KS104"}


# ---------------------------------------------------------------- experiments


@dataclass(frozen=True)
class PhaseRun:
    """One run of a phase sweep: grid phase, its seed, and the whole timeline."""

    phase: float
    seed: int
    timeline: Timeline


def phase_runs(pod: ProbedContainer, behaviour: Behaviour, *, settings: Settings,
               duration: float) -> list[PhaseRun]:
    """The runs of `across_phases`: phase i * cycle / n with seed `seed + i`, timelines kept."""
    n, cycle = settings.phases, grid_cycle(pod)
    return [PhaseRun(i * cycle / n, settings.seed + i,
                     simulate(pod, behaviour, duration=duration, seed=settings.seed + i,
                              profile=settings.profile, phase=i * cycle / n,
                              engine=settings.engine))
            for i in range(n)]


def settle_time(pod: ProbedContainer) -> float:
    """When a healthy pod has surely started and become Ready: where synthetic outages,
    stalls and hangs begin (a multiple of 10 s)."""
    need = max(p.initial_delay_seconds + (p.success_threshold + 1) * p.period_seconds
               for p in pod.container.probes().values())
    return float(30 + 10 * math.ceil(need / 10))


def synthetic(label: str, **data: Any) -> Scenario:
    """A scenario built in code (its `source` is `label`)."""
    return Scenario.from_dict({"description": label, **data}, source=label)


def observe(container: ContainerSpec, key: str, probe: Probe | None, behaviour: Behaviour, *,
            duration: float, profile: KubeletProfile, phase: float) -> list[tuple[float, bool]]:
    """Ask `key` once a second (a readiness-only observer: it never restarts anything) with
    `probe`'s handler and timeout, or a 1 s default handler for a target only the behaviour
    names; (time, passed) per call, prober errors left out."""
    if probe is not None:
        probe = probe.model_copy(update={"initial_delay_seconds": 0, "period_seconds": 1,
                                         "success_threshold": 1, "failure_threshold": 1,
                                         "termination_grace_period_seconds": None})
        spec = container.model_copy(update={"startup_probe": None, "liveness_probe": None,
                                             "readiness_probe": probe, "sidecar": False})
    else:
        spec = parse_container({"name": "observer",
                                "readinessProbe": {**_handler(key), "periodSeconds": 1}})
    # ideal kubelet, grid never re-phased by readiness triggers: calls at phase + k seconds
    observer = profile.ideal().model_copy(update={"trigger_resets_ticker": False})
    tl = simulate(ProbedContainer(spec), behaviour, duration=duration, seed=0,
                  profile=observer, phase=phase)
    return [(r.at, r.result is not Outcome.FAILURE) for r in tl.probes
            if r.result is not Outcome.ERROR]


def _handler(key: str) -> dict[str, Any]:
    """The probe handler whose target key is `key` (see `spec.Target`)."""
    if key.startswith("tcp:"):
        port = key[4:]
        return {"tcpSocket": {"port": int(port) if port.isdigit() else 8000}}
    if key.startswith("exec:"):
        return {"exec": {"command": key[5:].split(" ")}}
    if key.startswith("grpc:"):
        port, _, service = key[5:].partition("/")
        return {"grpc": {"port": int(port), **({"service": service} if service else {})}}
    return {"httpGet": {"path": key, "port": 8000}}


def failing_spans(samples: list[tuple[float, bool]], end: float) -> list[tuple[float, float]]:
    """Sample-and-hold: the [from, to) spans during which the samples say 'failing'."""
    out: list[tuple[float, float]] = []
    since: float | None = None
    for t, ok in samples:
        if not ok and since is None:
            since = t
        elif ok and since is not None:
            out.append((since, t))
            since = None
    if since is not None:
        out.append((since, end))
    return out


# ---------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Expectation:
    """One declared expectation: `kind` (a key of KINDS), its seconds, where it was declared,
    and which workload/container it is for (None: all)."""

    kind: str
    seconds: float | None
    origin: str
    workload: str | None = None
    container: str | None = None

    def applies(self, w: Workload, container: str) -> bool:
        names = {w.name, w.label, f"{w.namespace}/{w.label}"}
        return ((self.workload is None or self.workload in names)
                and (self.container is None or self.container == container))

    @property
    def text(self) -> str:
        n = f"{self.seconds or 0:g}"
        return {"no_restart": "no restart",
                "not_ready_within": f"not Ready within {n} s of an outage",
                "ready_within": f"Ready within {n} s of start",
                "survives_stall": f"survives a stall of {n} s"}[self.kind]


class _Expect(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    no_restart: bool | None = None
    not_ready_within: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    ready_within: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    survives_stall: float | None = Field(default=None, gt=0, allow_inf_nan=False)


class _Entry(_Expect):
    workload: str
    container: str | None = None


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    kubesim: Literal[1] = 1
    defaults: _Expect = _Expect()
    workloads: list[_Entry] = []


def load_expectations(path: str) -> list[Expectation]:
    """The expectations declared in a YAML file; errors name the file, line and field."""
    text, source = read_text(path, UsageError)
    docs = load_yaml_documents(text, source, UsageError)
    if len(docs) != 1:
        raise UsageError("an expectations file is one YAML document", source=source)
    doc = docs[0]
    try:
        data = _File.model_validate(doc.data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        where = ".".join(str(p) for p in loc) or "document"
        msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        raise UsageError(f"expectations: {where}: {msg}", source=source,
                         line=doc.line_of(loc)) from None
    out = _declared(data.defaults, f"{source}:{doc.line_of(('defaults',))}")
    for i, entry in enumerate(data.workloads):
        origin = f"{source}:{doc.line_of(('workloads', i))}"
        out += _declared(entry, origin, entry.workload, entry.container)
    return out


def _declared(e: _Expect, origin: str, workload: str | None = None,
              container: str | None = None) -> list[Expectation]:
    out = []
    if e.no_restart:
        out.append(Expectation("no_restart", None, origin, workload, container))
    for kind in ("not_ready_within", "ready_within", "survives_stall"):
        value = getattr(e, kind)
        if value is not None:
            out.append(Expectation(kind, float(value), origin, workload, container))
    return out


def check_matches(expectations: list[Expectation], workloads: list[Workload]) -> None:
    """A selector that matches no probed container is a typo, not a pass: bad input."""
    for e in expectations:
        if e.workload is None and e.container is None:
            continue
        if not any(e.applies(w, c.name) for w in workloads for c in w.containers if c.pod):
            who = (e.workload or "every workload") + (
                f" container {e.container}" if e.container else "")
            raise UsageError(f"expectation {e.text!r} is for {who}, which matches no probed "
                             "container in the inputs", source=e.origin)


# ---------------------------------------------------------------- evaluation


def evaluate(e: Expectation, w: Workload, c: ContainerRef, behaviours: list[BehaviourRef],
             settings: Settings) -> list[CheckResult]:
    """Check one expectation on one container: a CheckResult per behaviour it runs against."""
    assert c.pod is not None
    rule = KINDS[e.kind]
    if e.kind == "survives_stall":
        return [_stall(e, w, c, c.pod, settings)]
    results = []
    for b in behaviours or [HEALTHY_APP]:
        result = CheckResult(rule, w, c.name, b.label)
        runs = phase_runs(c.pod, b.behaviour, settings=settings, duration=b.duration)
        if e.kind == "no_restart":
            bad = [(r, _restarts(r.timeline)) for r in runs if r.timeline.restarts]
        elif e.kind == "ready_within":
            bad = [(r, "never Ready" if first is None else f"first Ready at {first:.1f} s")
                   for r in runs
                   if (first := _first_ready(r.timeline)) is None or first > (e.seconds or 0)]
        else:
            checked = _outages(c, b, settings, e.seconds or 0.0)
            if checked is None:
                result.findings.append(_not_checked(e, w, c, b.label))
                results.append(result)
                continue
            bad = [(r, text) for r in runs for text in _still_ready(r.timeline, checked,
                                                                    e.seconds or 0.0)]
        if bad:
            result.findings.append(_failed(e, w, c, b.label, bad, len(runs)))
        results.append(result)
    return results


def _restarts(tl: Timeline) -> str:
    first = tl.restarts[0]
    n = len(tl.restarts)
    return (f"{n} restart{'s' * (n != 1)}, the first decided at {first.at:.1f} s by "
            f"{first.probe.value}")


def _first_ready(tl: Timeline) -> float | None:
    spans = tl.ready_intervals()
    return spans[0][0] if spans else None


def _failed(e: Expectation, w: Workload, c: ContainerRef, label: str,
            bad: list[tuple[PhaseRun, str]], n: int) -> Finding:
    run, text = bad[0]
    phases = len({id(r) for r, _ in bad})
    return Finding(KINDS[e.kind], Severity.ERROR, w, c.name,
                   f"expected {e.text} ({e.origin}); failed at {phases} of {n} grid phases "
                   f"with {label}: at phase {run.phase:.2f} s (seed {run.seed}) {text}",
                   line=c.line(), behaviour=label, phase=round(run.phase, 6), seed=run.seed,
                   data={"expectation": e.kind, "seconds": e.seconds, "declared": e.origin,
                         "failed_phases": phases, "phases": n})


def _not_checked(e: Expectation, w: Workload, c: ContainerRef, label: str) -> Finding:
    return Finding("KS100", Severity.INFO, w, c.name,
                   f"expected {e.text} ({e.origin}) not checked with {label}: it has no outage "
                   f"of the readiness target longer than {e.seconds:g} s",
                   line=c.line(), behaviour=label,
                   data={"expectation": e.kind, "seconds": e.seconds, "declared": e.origin})


def _outages(c: ContainerRef, b: BehaviourRef, settings: Settings,
             within: float) -> list[tuple[float, float]] | None:
    """The behaviour's outage windows (dependency down, stall, target window, failing trace
    target) during which the readiness target fails, longer than `within`; None if none."""
    assert c.pod is not None
    container = c.pod.container
    probe = container.probes().get(ProbeType.READINESS)
    samples = None
    if probe is not None:
        key = container.target(ProbeType.READINESS).key
        samples = observe(container, key, probe, b.behaviour, duration=b.duration,
                          profile=settings.profile, phase=0.0)
    out = []
    for win in b.behaviour.windows(b.duration):
        if win.end - win.start <= within:
            continue
        if samples is None or any(win.start <= t < win.end and not ok for t, ok in samples):
            out.append((win.start, win.end))
    return out or None


def _still_ready(tl: Timeline, outages: list[tuple[float, float]], within: float) -> list[str]:
    """For each outage at which the pod stays Ready more than `within` s: what happened."""
    out = []
    for start, _end in outages:
        span = next(((a, b) for a, b in tl.ready_intervals() if a <= start < b), None)
        if span is not None and span[1] - start > within:
            still = "until the end of the run" if span[1] >= tl.duration else \
                f"{span[1] - start:.1f} s"
            out.append(f"the pod stayed Ready {still} into the outage at {start:g} s")
    return out


def _stall(e: Expectation, w: Workload, c: ContainerRef, pod: ProbedContainer,
           settings: Settings) -> CheckResult:
    seconds = e.seconds or 0.0
    start = settle_time(pod)
    label = f"a {seconds:g} s stall at {start:g} s (synthetic)"
    stall = synthetic(label, stalls=[{"from": start, "to": start + seconds}])
    result = CheckResult("KS104", w, c.name, label)
    runs = phase_runs(pod, stall, settings=settings, duration=start + seconds + 120)
    bad = [(r, _restarts(r.timeline)) for r in runs if r.timeline.restarts]
    if bad:
        finding = _failed(e, w, c, label, bad, len(runs))
        never = _stall_figure(pod, settings)
        if never is not None:
            finding.message += (f"; kubesim windows: no restart at any phase only for stalls "
                                f"up to {never:.1f} s")
            finding.data["stall_never_restarts"] = never
        result.findings.append(finding)
    return result


def _stall_figure(pod: ProbedContainer, settings: Settings) -> float | None:
    try:
        from kubesim.analysis.windows import protection_windows
    except ImportError:  # pragma: no cover - windows.py ships with the same release
        return None
    value = protection_windows(pod, settings.profile).stall_never_restarts
    return None if value is None else float(value)
