"""KS001-KS007: one container's probes, each check an experiment (`measure`) and a verdict.

Each check runs the discrete-event engine on the container against a synthetic scenario
built here (a readiness-only outage, a hang, a slow start, a container that never answers)
or against the scenarios and traces the user gives, at every grid phase (`Settings.phases`),
or reads the protection windows of `kubesim.analysis.windows`. Every reason is measured,
never a canned sentence.
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import observer_calls, weight
from kubesim.analysis.check.evidence import (
    DependencyFailure,
    dependency_evidence,
    dependency_failure,
)
from kubesim.analysis.check.experiments import (
    PhaseRun,
    kept_down,
    observe,
    phase_runs,
    run_calls,
    settle_time,
    synthetic,
)
from kubesim.analysis.check.findings import CheckResult, Finding, Replay
from kubesim.analysis.check.fixes import startup_fix
from kubesim.analysis.check.memo import protection_windows
from kubesim.analysis.check.outage_fix import FIX_SWEEPS, OutageFix, outage_fix
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.analysis.check.read import STARTUP_ANNOTATION
from kubesim.analysis.check.rules import RULES
from kubesim.analysis.check.targets import describe
from kubesim.errors import UsageError
from kubesim.kubelet.timing import detection_seconds
from kubesim.results import Outcome, ProbeType
from kubesim.spec.model import HandlerKind
from kubesim.spec.targets import focus_targets

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.check.fixes import ProbePatch
    from kubesim.analysis.windows import Figure
    from kubesim.spec.model import Probe, ProbedContainer
    from kubesim.timeline import KillWait, Timeline

__all__ = ["PROBE_CHECKS", "stated_startup"]

STARTUP, LIVENESS, READINESS = ProbeType.STARTUP, ProbeType.LIVENESS, ProbeType.READINESS
FAILING: dict[HandlerKind, dict[str, Any]] = {
    HandlerKind.HTTP_GET: {"status": 503}, HandlerKind.TCP_SOCKET: {"error": "refused"},
    HandlerKind.EXEC: {"exit_code": 1}, HandlerKind.GRPC: {"grpc_status": "NOT_SERVING"}}
SUB_PHASES = 10  # observer runs 0.1 s apart: startup time to 0.1 s
NEVER_STARTS = 600.0  # KS003: how long a start that never answers is simulated


def _replay(runs: list[PhaseRun], shows: list[PhaseRun], *, label: str, kind: str,
            duration: float, window: tuple[float, float] | None = None,
            scenario: dict[str, Any] | None = None) -> Replay | None:
    """The run a finding cites: the first that shows it, else the first run at all."""
    if not (shows or runs):
        return None
    run = (shows or runs)[0]
    return Replay(label, kind, duration, run.phase, run.seed, window, scenario)


def _finding(result: CheckResult, case: str, message: str, *, line: int | None,
             run: Replay | None = None, cites: bool = True, **data: Any) -> Finding:
    """A finding of `result`; `run` is its evidence, cited by phase and seed when `cites`
    (the run shows the finding itself, not only that nothing happened)."""
    f = Finding.of(result.rule, case, result.workload, result.container, message, line=line,
                   behaviour=result.behaviour,
                   phase=None if run is None or not cites else round(run.phase, 6),
                   seed=None if run is None or not cites else run.seed, data=data, replay=run)
    result.findings.append(f)
    return f


def _result(rule: str, run: CheckRun) -> CheckResult:
    return CheckResult(rule, run.workload, run.container.name, run.label)


def _seconds(x: float) -> str:
    return f"{x:.0f} s" if x >= 10 else f"{x:.1f} s"


def _span(values: list[float]) -> str:
    lo, hi = min(values), max(values)
    return f"{lo:.1f} s" if abs(hi - lo) < 0.05 else f"{lo:.1f}-{hi:.1f} s"


def _count(values: list[int], noun: str = "restart") -> str:
    lo, hi = min(values), max(values)
    return f"{lo} {noun}{'s' * (lo != 1)}" if lo == hi else f"{lo}-{hi} {noun}s"


def _probes(subject: Subject) -> dict[ProbeType, Any]:
    return subject.pod.container.probes() if subject.pod is not None else {}


@dataclass(frozen=True)
class Restarts:
    """The probe kills of a phase sweep: per run, per killing probe (liveness, startup), and
    the kills that waited for another container's stop. Each kill restarts the container
    unless `kept_down` says why not (its restartPolicy, R4.32): then it is killed once and
    stays down, and `failed` runs end with the pod Failed."""

    per_run: list[int]
    by_probe: dict[ProbeType, list[int]]  # per run, the probes that killed at some run
    waits: list[KillWait]
    kept_down: str | None = None
    failed: int = 0

    @classmethod
    def of(cls, runs: list[PhaseRun], kept_down: str | None = None) -> Restarts:
        kinds = [t for t in (LIVENESS, STARTUP)
                 if any(k.probe is t for r in runs for k in r.timeline.kills)]
        failed = sum(1 for r in runs if r.timeline.kills and r.timeline.pod_phase
                     and r.timeline.pod_phase[-1].phase == "Failed")
        return cls([len(r.timeline.kills) for r in runs],
                   {t: [sum(k.probe is t for k in r.timeline.kills) for r in runs]
                    for t in kinds},
                   [w for r in runs for w in r.timeline.kill_waits()], kept_down, failed)

    @property
    def hit(self) -> int:
        return sum(1 for n in self.per_run if n)

    @property
    def noun(self) -> str:
        """What a kill is: a restart, or (kept down) a kill."""
        return "restart" if self.kept_down is None else "kill"

    def probes(self) -> str:
        """`liveness`, `liveness and startup`: the probes whose kills restart it."""
        return " and ".join(t.value for t in self.by_probe)

    def down(self) -> str:
        """`; it is not restarted (its own restartPolicy is Never): the pod ends Failed at
        20 of 20 grid phases` for a container a kill keeps down, else nothing."""
        if self.kept_down is None:
            return ""
        n = len(self.per_run)
        ends = (f": the pod ends Failed at {self.failed} of {n} grid phases" if self.failed
                else ": the pod runs on without it")
        return f"; it is not restarted ({self.kept_down}){ends}"

    def each(self) -> str:
        """`4 restarts each: 1 by liveness, 3 by startup` over the runs that restarted."""
        hit = [i for i, n in enumerate(self.per_run) if n]
        total = _count([self.per_run[i] for i in hit], self.noun)
        if len(self.by_probe) < 2:
            return f"{total} each"
        parts = [f"{_range([ns[i] for i in hit])} by {t.value}"
                 for t, ns in self.by_probe.items()]
        return f"{total} each: {', '.join(parts)}"

    def waited(self) -> str:
        """`; a kill waited 287.1 s for container reload to stop first (its liveness kill,
        grace 300 s)` for the longest such wait, or nothing."""
        if not self.waits:
            return ""
        w = max(self.waits, key=lambda w: w.waited)
        return (f"; a kill waited {w.waited:.1f} s after its verdict for container {w.sibling} "
                f"to stop first (its {w.sibling_probe.value} kill, grace {w.sibling_grace:g} s: "
                "the kubelet kills a pod's containers one at a time)")


def _range(values: list[int]) -> str:
    lo, hi = min(values), max(values)
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def _startup_again(pod: ProbedContainer, key: str, r: Restarts) -> str:
    """Why the startup probe kills too: it asks the failing target in every new container."""
    if STARTUP not in r.by_probe or r.kept_down is not None:
        return ""
    same = pod.container.target(STARTUP).key == key
    what = f"asks the same {key}" if same else f"asks {pod.container.target(STARTUP).key}"
    return (f"; the startupProbe {what}, so each new container is killed again while it "
            "fails")


# ---------------------------------------------------------------- KS001


@dataclass(frozen=True)
class SameEndpointMeasured:
    start: float
    outage: float
    restarts: list[int]  # per grid phase
    killed: Restarts  # the same, by killing probe
    kills: list[float]  # seconds into the outage of the first liveness kill, where one came
    ready_down: Figure | None  # readiness alone: outage start to not Ready (kubesim windows)
    replay: Replay | None  # the first run that restarted (else the first run)
    evidence: DependencyFailure | None


class SameEndpoint:
    """KS001: liveness and readiness ask the same endpoint."""

    name = "KS001"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        probes = _probes(subject)
        return [CheckRun(self.name, subject)] if LIVENESS in probes and READINESS in probes \
            else []

    def cost(self, run: CheckRun, s: Settings) -> float:
        pod = run.pod
        if not _same(pod):
            return 0.0
        targets = len(pod.container.probes())
        evidence = sum(weight(b.behaviour) * (targets + len(b.behaviour.target_keys()))
                       * observer_calls(b.duration) for b in run.subject.behaviours)
        return s.phases * run_calls(pod, s, settle_time(pod) + s.outage_seconds + 120) + evidence

    def measure(self, run: CheckRun, s: Settings) -> SameEndpointMeasured | None:
        pod = run.pod
        if not _same(pod):
            return None
        live = pod.container.target(LIVENESS)
        key = focus_targets(pod)[LIVENESS].key  # scoped where the pod has it elsewhere too
        start, outage = settle_time(pod), s.outage_seconds
        label = f"a {outage:g} s outage of {key} at {start:g} s (synthetic)"
        data = {"targets": {key: {"windows": [
            {"from": start, "to": start + outage, "answer": FAILING[live.kind]}]}}}
        duration = start + outage + 120
        runs = phase_runs(pod, synthetic(label, **data), settings=s, duration=duration)
        restarts = [len(r.timeline.kills) for r in runs]  # a kill that keeps it down too
        kills = [k for r in runs
                 if (k := _detected(r.timeline, LIVENESS, start)) is not None and k <= outage]
        evidence = dependency_evidence(pod.container, live.key, list(run.subject.behaviours), s)
        replay = _replay(runs, [r for r in runs if r.timeline.kills], label=label,
                         kind="synthetic", duration=duration, window=(start, start + outage),
                         scenario={"description": label, **data})
        return SameEndpointMeasured(start, outage, restarts,
                                    Restarts.of(runs, kept_down(pod, s)), kills,
                                    protection_windows(pod, s.profile).readiness_down, replay,
                                    evidence)

    def verdict(self, run: CheckRun, m: SameEndpointMeasured | None,
                s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        if m is None:
            return [result]
        pod = run.pod
        live = pod.container.target(LIVENESS)
        hit = sum(1 for n in m.restarts if n)
        n_runs = len(m.restarts)
        down = m.ready_down
        leave = ("answers" if down is None else
                 f"answers by taking the pod out of Ready after {down.best:.1f}-"
                 f"{down.guaranteed:.1f} s" if down.best <= m.outage else
                 f"does not answer within it (it takes the pod out of Ready only after "
                 f"{down.best:.1f}-{down.guaranteed:.1f} s): the pod stays Ready through it")
        first = (f"; liveness kills it {_span(m.kills)} into the outage"
                 + (", before readiness alone would take the pod out" if down is not None
                    and m.kills and max(m.kills) < down.best else "") if m.kills else "")
        verb = "restarts" if m.killed.kept_down is None else "kills"
        what = (f"{verb} the container at {hit} of {n_runs} grid phases "
                f"({m.killed.each()}{first}"
                f"{_startup_again(pod, live.key, m.killed)}{m.killed.waited()})"
                f"{m.killed.down()}" if hit else
                f"{verb} nothing at any of {n_runs} grid phases, but liveness fails "
                "whenever readiness does and only its thresholds stand between them")
        own = live.kind in (HandlerKind.TCP_SOCKET, HandlerKind.GRPC)
        if m.evidence is not None:
            case = "evidence" if hit else "evidence-absorbed"
            why = f"{m.evidence.label} shows a dependency behind it: {m.evidence.why}"
        elif own:
            case = "own-process"
            why = (f"no given scenario or trace shows a dependency behind it, and a "
                   f"{live.kind.value} probe asks the process itself: a refused port or a "
                   "failing own health service is when a restart is wanted")
        else:
            case = "hypothetical" if hit else "hypothetical-absorbed"
            why = ("the outage is hypothetical: no given scenario or trace shows a dependency "
                   "behind it (an error with one that does)")
        message = (f"livenessProbe and readinessProbe both ask {describe(live, pod)}: a "
                   f"{m.outage:g} s outage of it (answering {_answer_text(live.kind)}), which "
                   f"readiness alone {leave}, {what}; {why}")
        _finding(result, case, message, line=run.container.line("livenessProbe"),
                 run=m.replay, cites=bool(hit), target=live.key, outage_seconds=m.outage,
                 outage_at=m.start, phases=n_runs, phases_with_restart=hit,
                 restarts_max=max(m.restarts), restarted=m.killed.kept_down is None,
                 evidence=None if m.evidence is None else m.evidence.label)
        return [result]


def _same(pod: ProbedContainer) -> bool:
    live, ready = pod.container.target(LIVENESS), pod.container.target(READINESS)
    return (live.kind, live.url) == (ready.kind, ready.url)


def _answer_text(kind: HandlerKind) -> str:
    return ", ".join(f"{k} {v}" for k, v in FAILING[kind].items())


# ---------------------------------------------------------------- KS002


@dataclass(frozen=True)
class LeakMeasured:
    evidence: DependencyFailure
    restarts: Restarts  # every probe kill, per grid phase
    replay: Replay | None
    fix: OutageFix | None  # thresholds that outlast it, re-checked (None: none, or no restart)


class Leak:
    """KS002: in a given behaviour, the liveness target fails because of a dependency."""

    name = "KS002"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        if LIVENESS not in _probes(subject):
            return []
        return [CheckRun(self.name, subject, b, label=b.label) for b in subject.behaviours]

    def cost(self, run: CheckRun, s: Settings) -> float:
        b, pod = run.behaviour, run.pod
        assert b is not None
        targets = len(pod.container.probes()) + len(b.behaviour.target_keys())
        # the sweep, and the sweeps that re-check its fix
        return weight(b.behaviour) * (targets * observer_calls(b.duration) + (1 + FIX_SWEEPS)
                                      * s.phases * run_calls(pod, s, b.duration))

    def measure(self, run: CheckRun, s: Settings) -> LeakMeasured | None:
        b, pod = run.behaviour, run.pod
        assert b is not None
        key = pod.container.target(LIVENESS).key
        evidence = dependency_failure(pod.container, key, pod.container.probes()[LIVENESS], b,
                                      s)
        if evidence is None:
            return None
        runs = phase_runs(pod, b.behaviour, settings=s, duration=b.duration)
        restarts = Restarts.of(runs, kept_down(pod, s))
        hit = [r for r, n in zip(runs, restarts.per_run, strict=True) if n]
        fix = outage_fix(pod, run.container, b, evidence.spans, s) if hit else None
        return LeakMeasured(evidence, restarts,
                            _replay(runs, hit, label=b.label, kind=b.kind, duration=b.duration,
                                    window=evidence.spans[0]), fix)

    def verdict(self, run: CheckRun, m: LeakMeasured | None, s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        if m is None:
            return [result]
        pod = run.pod
        key = pod.container.target(LIVENESS).key
        r = m.restarts
        hit, n_runs = r.hit, len(r.per_run)
        what = (f"{r.probes()} {r.noun}{'s' * (len(r.by_probe) == 1)} the container at "
                f"{hit} of {n_runs} grid phases ({r.each()}{_startup_again(pod, key, r)}"
                f"{r.waited()}){r.down()}{_fix_text(m.fix, hit, r.noun)}" if hit else
                f"the thresholds absorb it: no {r.noun} at any of {n_runs} grid phases")
        ev = m.evidence
        first = ev.spans[0]
        because = (f" while {ev.passing}, another target of the workload, keeps passing: a "
                   "dependency leaked into liveness" if ev.passing is not None else
                   f": {run.label} says it depends on {ev.dependency}, down {ev.down}, a "
                   "dependency in liveness")
        message = (f"with {run.label}, the liveness target {key} fails for "
                   f"{_seconds(ev.total)} in all (first {first[0]:.1f}-{first[1]:.1f} s)"
                   f"{because}; {what}")
        f = _finding(result, "restarts" if hit else "absorbed", message,
                     line=run.container.line("livenessProbe"), run=m.replay, cites=bool(hit),
                     target=key, passing_target=ev.passing, dependency=ev.dependency,
                     failing_seconds=round(ev.total, 6),
                     first_window=[round(first[0], 6), round(first[1], 6)], phases=n_runs,
                     phases_with_restart=hit, restarts_max=max(r.per_run),
                     restarted=r.kept_down is None,
                     restarts_by_probe={t.value: max(ns) for t, ns in r.by_probe.items()},
                     hang_detection_after_fix=None if m.fix is None else m.fix.hang_after)
        f.fix = None if m.fix is None else m.fix.patch
        return [result]


def _fix_text(fix: OutageFix | None, hit: int, noun: str = "restart") -> str:
    """What the re-checked fix does and costs, or that thresholds cannot do it (`noun`:
    what a kill is, a restart or a kill that keeps the container down)."""
    if not hit:
        return ""
    if fix is None:
        return (f"; no failureThreshold kubesim tried removes every {noun}: give liveness an "
                "endpoint that checks only the process")
    cost = (f" but catches a hang after {fix.hang_after:.1f} s, not {fix.hang_before:.1f} s"
            if fix.hang_after is not None and fix.hang_before is not None else "")
    return (f"; the fix below outlasts it (no {noun} at any of {fix.phases} grid phases)"
            f"{cost}; better, a liveness endpoint that checks only the process")


# ---------------------------------------------------------------- KS003


@dataclass(frozen=True)
class StartupMeasured:
    kind: ProbeType  # the probe that guards the start: startup, else liveness
    seconds: float | None  # the startup time (None: never answered in the behaviour)
    evidence: str
    slow: float  # the start simulated
    phases: int
    killed: int
    replay: Replay | None  # the first run that killed the start (else the first run)
    protection: Figure | None


class Startup:
    """KS003: the startup protection is shorter than a startup seen or stated."""

    name = "KS003"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        probes = _probes(subject)
        if not (STARTUP in probes or LIVENESS in probes):
            return []
        runs = [CheckRun(self.name, subject)] if stated_startup(subject, s) else []
        return runs + [CheckRun(self.name, subject, b, label=b.label)
                       for b in subject.behaviours]

    def cost(self, run: CheckRun, s: Settings) -> float:
        b, pod = run.behaviour, run.pod
        if b is None:
            stated = (stated_startup(run.subject, s) or (0.0, ""))[0]
            return s.phases * run_calls(pod, s, stated + 30)
        return (weight(b.behaviour) * SUB_PHASES * observer_calls(b.duration)
                + s.phases * run_calls(pod, s, b.duration))

    def measure(self, run: CheckRun, s: Settings) -> StartupMeasured | None:
        pod, b = run.pod, run.behaviour
        container = pod.container
        kind = STARTUP if STARTUP in container.probes() else LIVENESS
        probe, key = container.probes()[kind], container.target(kind).key
        if b is None:
            seconds, evidence = stated_startup(run.subject, s) or (None, "")
        else:
            firsts = [next((t for t, ok in observe(container, key, probe, b.behaviour,
                                                   duration=b.duration, profile=s.profile,
                                                   phase=i / SUB_PHASES) if ok), None)
                      for i in range(SUB_PHASES)]
            known = [t for t in firsts if t is not None]
            seconds = min(known) if known else None
            evidence = f"first successful answer of {key} in {b.label}"
        if seconds is not None and seconds <= 0:
            return None
        if b is not None:  # a start that never answers: the behaviour's whole run
            slow = seconds if seconds is not None else b.duration
            # the behaviour the finding cites is its evidence
            runs = phase_runs(pod, b.behaviour, settings=s, duration=b.duration)
            hit = [r for r in runs if _start_killed(r.timeline, kind)]
            replay = _replay(runs, hit, label=b.label, kind=b.kind, duration=b.duration,
                             window=(0.0, min(slow, b.duration)))
            return StartupMeasured(kind, seconds, evidence, slow, len(runs), len(hit), replay,
                                   protection_windows(pod, s.profile).startup_protection)
        slow = seconds if seconds is not None else NEVER_STARTS
        label = f"every container refuses for its first {slow:g} s (synthetic)"
        data = {"targets": {"*": {"since_start": [
            {"from": 0, "to": slow, "answer": {"error": "refused"}}]}}}
        runs = phase_runs(pod, synthetic(label, **data), settings=s, duration=slow + 30)
        hit = [r for r in runs if r.timeline.kills]
        replay = _replay(runs, hit, label=label, kind="synthetic", duration=slow + 30,
                         window=(0.0, slow), scenario={"description": label, **data})
        return StartupMeasured(kind, seconds, evidence, slow, len(runs), len(hit), replay,
                               protection_windows(pod, s.profile).startup_protection)

    def verdict(self, run: CheckRun, m: StartupMeasured | None,
                s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        if m is None:
            return [result]
        protection = m.protection
        over = protection is not None and m.slow > protection.guaranteed
        if not (over or m.killed):
            return [result]
        took = (f"{m.slow:.1f} s ({m.evidence})" if m.seconds is not None else
                f"longer than the {m.slow:g} s simulated ({m.evidence}: none)")
        guard = (f"startup protection by {m.kind.field} is {protection.guaranteed:.1f} s "
                 f"guaranteed ({protection.best:.1f} s at the best grid phase"
                 + (f"; failureThreshold x periodSeconds says {protection.rule_of_thumb:g} s"
                    if protection.rule_of_thumb is not None else "") + ")"
                 if protection is not None else f"{m.kind.field} does not wait that long")
        message = (f"startup takes {took}, but {guard}: a start that slow is killed at "
                   f"{m.killed} of {m.phases} grid phases")
        _finding(result, "killed" if m.killed else "over", message,
                 line=run.container.line(m.kind.field), run=m.replay, cites=bool(m.killed),
                 startup_seconds=m.seconds, probe=m.kind.value,
                 protection_guaranteed=None if protection is None else protection.guaranteed,
                 protection_best=None if protection is None else protection.best,
                 phases=m.phases,
                 phases_killed=m.killed)
        return [result]


# ---------------------------------------------------------------- KS004


@dataclass(frozen=True)
class SlowCalls:
    """One probe whose timeout is not below its period, as the engine ran it."""

    kind: ProbeType
    key: str
    gap: float | None  # median seconds between calls while the target hangs
    detected: list[float]  # seconds from the hang to the kill or leaving Ready, per phase
    phases: int
    replay: Replay | None  # the first run


class Timeouts:
    """KS004: timeoutSeconds at or over periodSeconds."""

    name = "KS004"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        return [CheckRun(self.name, subject)] if subject.pod is not None else []

    def cost(self, run: CheckRun, s: Settings) -> float:
        pod = run.pod
        start = settle_time(pod)
        return sum(s.phases * run_calls(pod, s, start + p.initial_delay_seconds
                                        + 3 * _hang_budget(p) + 60)
                   for p in pod.container.probes().values()
                   if p.timeout_seconds >= p.period_seconds)

    def measure(self, run: CheckRun, s: Settings) -> list[SlowCalls]:
        pod = run.pod
        out = []
        for kind, probe in pod.container.probes().items():
            if probe.timeout_seconds < probe.period_seconds:
                continue
            key = focus_targets(pod)[kind].key  # scoped where the pod has it elsewhere too
            hang: dict[str, Any] = {"from": 0, "to": None, "answer": {"error": "timeout"}}
            if kind is STARTUP:
                start, where = 0.0, "since_start"
            else:
                start, where = settle_time(pod), "windows"
                hang["from"] = start
            label = f"{key} stops answering at {start:g} s (synthetic)"
            data = {"targets": {key: {where: [hang]}}}
            duration = start + probe.initial_delay_seconds + 3 * _hang_budget(probe) + 60
            runs = phase_runs(pod, synthetic(label, **data), settings=s, duration=duration)
            gaps: list[float] = []
            detected: list[float] = []
            for r in runs:
                at = _detected(r.timeline, kind, start)
                made = [p.at for p in r.timeline.probes if p.probe is kind and p.container == 0
                        and p.at >= start and (at is None or p.at <= start + at)]
                gaps += [b - a for a, b in itertools.pairwise(made)]
                if at is not None:
                    detected.append(at)
            first = _detected(runs[0].timeline, kind, start) if runs else None
            window = (start, start + (first if first is not None else duration - start))
            out.append(SlowCalls(kind, key, statistics.median(gaps) if gaps else None,
                                 detected, len(runs),
                                 _replay(runs, [], label=label, kind="synthetic",
                                         duration=duration, window=window,
                                         scenario={"description": label, **data})))
        return out

    def verdict(self, run: CheckRun, m: list[SlowCalls], s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        probes = run.pod.container.probes()
        for slow in m:
            probe = probes[slow.kind]
            kind, gap, detected = slow.kind, slow.gap, slow.detected
            skips = gap is None or gap > probe.period_seconds + 0.01
            how = (f"the worker skips the ticks in between: the kubelet asks "
                   f"{f'every {gap:.1f} s' if gap else 'less often'}, not every "
                   f"{probe.period_seconds} s" if skips else
                   f"calls run back to back (every {gap:.1f} s), with no idle time between them")
            what = {STARTUP: "the startup probe's kill is decided", LIVENESS: "the liveness "
                    "kill is decided", READINESS: "the pod leaves Ready"}[kind]
            when = (f"{what} {_span(detected)} after it stops answering" if detected
                    else f"{what} not at all in the simulated time")
            message = (f"{kind.field}: timeoutSeconds={probe.timeout_seconds} >= periodSeconds="
                       f"{probe.period_seconds}: while {slow.key} does not answer, each call "
                       f"waits {probe.timeout_seconds} s and {how}; {when} over "
                       f"{slow.phases} grid phases (failureThreshold x periodSeconds = "
                       f"{probe.failure_threshold * probe.period_seconds} s)")
            _finding(result, "skips" if skips else "back-to-back", message,
                     line=run.container.line(kind.field, "timeoutSeconds"), run=slow.replay,
                     cites=False, probe=kind.value,
                     timeout_seconds=probe.timeout_seconds,
                     period_seconds=probe.period_seconds,
                     interval_seconds=round(gap, 6) if gap is not None else None,
                     detection_min=min(detected, default=None),
                     detection_max=max(detected, default=None))
        return [result]


def _start_killed(tl: Timeline, kind: ProbeType) -> bool:
    """Whether a probe killed the first container before the probe that guards its start
    (`kind`) ever passed in it: the start the behaviour shows, killed (a later container
    meets whatever the behaviour does then: other checks' business)."""
    passed = next((p.at for p in tl.probes if p.container == 0 and p.probe is kind
                   and p.result is Outcome.SUCCESS), None)
    return any(k.container == 0 and (passed is None or passed > k.at) for k in tl.kills)


def _hang_budget(probe: Probe) -> float:
    """From a hang to the probe's verdict, at the latest (the first tick a period after)."""
    return detection_seconds(probe, call_seconds=float(probe.timeout_seconds),
                             first_tick=float(probe.period_seconds))


def _detected(tl: Timeline, kind: ProbeType, start: float) -> float | None:
    if kind is READINESS:
        return next((ch.at - start for ch in tl.ready if not ch.ready and ch.at >= start), None)
    return next((k.at - start for k in tl.kills if k.probe is kind and k.at >= start), None)


# ---------------------------------------------------------------- KS005


@dataclass(frozen=True)
class InitialDelayMeasured:
    lived: list[float]  # seconds a container that never answers ran before its kill
    phases: int
    protected_now: float
    fix: ProbePatch
    protected_after: float
    replay: Replay | None  # the first run that killed (else the first run)
    kept_down: str | None = None  # why a kill does not restart it (R4.32); None: it does


class InitialDelay:
    """KS005: a long liveness initialDelaySeconds instead of a startup probe."""

    name = "KS005"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        return [CheckRun(self.name, subject)] if LIVENESS in _probes(subject) else []

    def cost(self, run: CheckRun, s: Settings) -> float:
        if not _long_delay(run.pod, s):
            return 0.0
        live = run.pod.container.probes()[LIVENESS]
        return s.phases * run_calls(run.pod, s, live.initial_delay_seconds
                                    + 2 * _kill_budget(live) + 60)

    def measure(self, run: CheckRun, s: Settings) -> InitialDelayMeasured | None:
        pod = run.pod
        if not _long_delay(pod, s):
            return None
        probe = pod.container.probes()[LIVENESS]
        label = "a container that never answers (synthetic)"
        data = {"targets": {"*": {"answer": {"error": "refused"}}}}
        duration = probe.initial_delay_seconds + 2 * _kill_budget(probe) + 60
        runs = phase_runs(pod, synthetic(label, **data), settings=s, duration=duration)
        lived = [r.timeline.kills[0].at - r.timeline.containers[0].running_at
                 for r in runs if r.timeline.kills]
        protection = protection_windows(pod, s.profile).startup_protection
        assert protection is not None  # a liveness probe protects the start
        fix, after = startup_fix(pod, run.container, s.profile, protection.guaranteed)
        killed = [r for r in runs if r.timeline.kills]
        end = (killed[0].timeline.kills[0].at if killed else duration)
        replay = _replay(runs, killed, label=label, kind="synthetic", duration=duration,
                         window=(0.0, end), scenario={"description": label, **data})
        return InitialDelayMeasured(lived, len(runs), protection.guaranteed, fix, after,
                                    replay, kept_down(pod, s))

    def verdict(self, run: CheckRun, m: InitialDelayMeasured | None,
                s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        if m is None:
            return [result]
        delay = run.pod.container.probes()[LIVENESS].initial_delay_seconds
        startup = m.fix.changes["startupProbe"]
        message = (f"livenessProbe.initialDelaySeconds={delay} and no startupProbe: a container "
                   f"that never answers runs {_span(m.lived) if m.lived else 'the whole run'} "
                   f"before liveness kills it (over {m.phases} grid phases), "
                   + ("and so does every restart" if m.kept_down is None else
                      f"and it is not restarted ({m.kept_down})")
                   + f"; the start-up it protects is {m.protected_now:.1f} s at every grid "
                   f"phase: a startupProbe with the liveness handler, periodSeconds="
                   f"{startup['periodSeconds']} and failureThreshold="
                   f"{startup['failureThreshold']} (and initialDelaySeconds unset on liveness) "
                   f"protects {m.protected_after:.1f} s, at least as much, and hands over to "
                   "liveness as soon as the app answers")
        f = _finding(result, "delay", message,
                     line=run.container.line("livenessProbe", "initialDelaySeconds"),
                     run=m.replay, cites=False,
                     initial_delay_seconds=delay, threshold=s.max_initial_delay,
                     killed_after_min=min(m.lived, default=None),
                     killed_after_max=max(m.lived, default=None),
                     protected_now=m.protected_now, protected_after=m.protected_after)
        f.fix = m.fix
        return [result]


def stated_startup(subject: Subject, s: Settings) -> tuple[float, str] | None:
    """The start-up time the user states for the workload, and where: its annotation
    (kubesim.dev/startup-seconds) wins over --startup-seconds (every workload)."""
    if subject.workload.startup_seconds is not None:
        return subject.workload.startup_seconds, f"stated with {STARTUP_ANNOTATION}"
    if s.startup_seconds:
        return s.startup_seconds, "stated with --startup-seconds"
    return None


def _long_delay(pod: ProbedContainer, s: Settings) -> bool:
    probes = pod.container.probes()
    return STARTUP not in probes and probes[LIVENESS].initial_delay_seconds > s.max_initial_delay


def _kill_budget(probe: Probe) -> float:
    """From a container that refuses every call to the probe's verdict, at the latest."""
    return detection_seconds(probe, call_seconds=0.0, first_tick=float(probe.period_seconds))


# ---------------------------------------------------------------- KS006, KS007


class Bound:
    """KS006 (hang to replacement running) and KS007 (recovery to Ready) against a bound."""

    def __init__(self, rule: str) -> None:
        self.name = rule

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        bound, probe = ((s.max_hang_recovery, LIVENESS) if self.name == "KS006" else
                        (s.max_ready_recovery, READINESS))
        return [CheckRun(self.name, subject)] if bound is not None and \
            probe in _probes(subject) else []

    def cost(self, run: CheckRun, s: Settings) -> float:
        return 0.0  # the kubelet's rules, per grid phase: no engine run

    def measure(self, run: CheckRun, s: Settings) -> BoundMeasured:
        return BoundMeasured(protection_windows(run.pod, s.profile),
                             kept_down(run.pod, s) if self.name == "KS006" else None)

    def verdict(self, run: CheckRun, m: BoundMeasured, s: Settings) -> list[CheckResult]:
        result = _result(self.name, run)
        win = m.windows
        if win is None:  # pragma: no cover - windows.py ships with the same release
            raise UsageError(f"{RULES[self.name].enabled_by} needs kubesim.analysis.windows")
        if self.name == "KS006" and m.kept_down is not None:
            return [_never_replaced(result, run, win, m.kept_down, s)]
        if self.name == "KS006":
            fig, bound, field = win.hang_to_running, s.max_hang_recovery, "livenessProbe"
            parts = [("detection", win.hang_detection),
                     ("container stopped", win.hang_to_stopped)]
            what = "from a hang to the new container running"
        else:
            fig, bound, field = win.readiness_up, s.max_ready_recovery, "readinessProbe"
            probe = run.pod.container.probes()[READINESS]
            parts = []
            what = (f"from a dependency's recovery to Ready again (successThreshold="
                    f"{probe.success_threshold}, periodSeconds={probe.period_seconds})")
        if fig is None or bound is None or fig.guaranteed <= bound:
            return [result]
        detail = "; ".join(f"{name} {f.guaranteed:.1f} s" for name, f in parts if f is not None)
        napkin = (f"; failureThreshold x periodSeconds says {fig.rule_of_thumb:g} s"
                  if fig.rule_of_thumb is not None else "")
        message = (f"{what} takes {fig.guaranteed:.1f} s guaranteed over the grid phases "
                   f"({fig.best:.1f} s at best{napkin})" + (f" [{detail}]" if detail else "")
                   + f", over the bound of {bound:g} s")
        line = (run.container.line(field, "successThreshold") if self.name == "KS007"
                else run.container.line(field))
        _finding(result, "over", message, line=line, guaranteed=fig.guaranteed,
                 best=fig.best, rule_of_thumb=fig.rule_of_thumb, bound=bound,
                 explanation=fig.explanation)
        return [result]


@dataclass(frozen=True)
class BoundMeasured:
    """KS006/KS007's figures (`kubesim windows`), and for KS006 why a kill does not restart
    the container (None: it does)."""

    windows: Any
    kept_down: str | None = None


def _never_replaced(result: CheckResult, run: CheckRun, win: Any, why: str,
                    s: Settings) -> CheckResult:
    """KS006 for a container a liveness kill keeps down (computePodActions, R4.32): no new
    container ever runs after a hang, whatever the bound."""
    caught = win.hang_detection
    when = (f"liveness kills a hung container {caught.guaranteed:.1f} s after the hang "
            f"(guaranteed over the grid phases)" if caught is not None else
            "liveness kills a hung container")
    message = (f"{when}, but it is not restarted ({why}): no new container runs after a hang, "
               f"over the bound of {s.max_hang_recovery:g} s")
    _finding(result, "over", message, line=run.container.line("livenessProbe"),
             guaranteed=None, best=None, rule_of_thumb=None, bound=s.max_hang_recovery,
             restarted=False, explanation=why)
    return result


PROBE_CHECKS = (SameEndpoint(), Leak(), Startup(), Timeouts(), InitialDelay(), Bound("KS006"),
                Bound("KS007"))
