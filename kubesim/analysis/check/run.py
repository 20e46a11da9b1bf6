"""`kubesim check`: the findings engine. Every reason is measured, never a canned sentence.

Each check (ids in `findings.RULES`) runs the discrete-event engine on the container: against
a synthetic scenario built here (a readiness-only outage, a hang, a slow start, a container
that never answers) or against the scenarios and traces the user gives, at every grid phase
(`Settings.phases`), or reads the protection windows of `kubesim.analysis.windows`. `run_checks`
returns a `Report`; `formats.py` renders it.
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import calls, check_budget, observer_calls, weight
from kubesim.analysis.check.evidence import dependency_evidence, leak_spans
from kubesim.behaviour.horizon import default_duration
from kubesim.analysis.check.expectations import (
    Expectation,
    check_matches,
    evaluate,
    observe,
    phase_runs,
    settle_time,
    synthetic,
)
from kubesim.analysis.check.findings import (
    BehaviourRef,
    CheckResult,
    ContainerRef,
    Finding,
    Settings,
    Workload,
)
from kubesim.analysis.check.read import IGNORE_ANNOTATION, read_inputs
from kubesim.analysis.check.rules import RULES, Severity
from kubesim.analysis.check.fixes import startup_fix
from kubesim.analysis.check.fleet_checks import fleet_checks
from kubesim.analysis.check.scoping import NOT_COVERED, censored_note, for_container
from kubesim.analysis.check.targets import describe, target_checks
from kubesim.errors import BehaviourError, UsageError
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.spec.model import ProbedContainer

__all__ = ["Report", "auto_duration", "check_workloads", "run_checks"]

STARTUP, LIVENESS, READINESS = ProbeType.STARTUP, ProbeType.LIVENESS, ProbeType.READINESS
FAILING: dict[HandlerKind, dict[str, Any]] = {
    HandlerKind.HTTP_GET: {"status": 503}, HandlerKind.TCP_SOCKET: {"error": "refused"},
    HandlerKind.EXEC: {"exit_code": 1}, HandlerKind.GRPC: {"grpc_status": "NOT_SERVING"}}
SUB_PHASES = 10  # observer runs 0.1 s apart: startup time to 0.1 s


@dataclass
class Report:
    """The outcome of one `kubesim check`: every check run, with its findings."""

    settings: Settings
    inputs: list[str]
    skipped: list[dict[str, str]]
    behaviours: list[BehaviourRef]
    workloads: list[Workload]
    checks: list[CheckResult]
    notes: list[str] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [f for c in self.checks for f in c.findings]

    def fails(self, f: Finding) -> bool:
        """Whether a finding counts against the exit code (`--fail-on`, not suppressed)."""
        fail_on = self.settings.fail_on
        return f.suppressed is None and fail_on is not None and f.severity >= fail_on

    @property
    def exit_code(self) -> int:
        return 1 if any(self.fails(f) for f in self.findings) else 0


def run_checks(paths: list[str], *, behaviours: list[BehaviourRef],
               expectations: list[Expectation], settings: Settings) -> Report:
    """Read the inputs and check every probed container in them."""
    notes: list[str] = []
    workloads, skipped, _ = read_inputs(
        paths, skip_non_manifests=settings.skip_non_manifests, allow_empty=settings.allow_empty,
        render=settings.render, notes=notes)
    check_matches(expectations, workloads)
    check_budget(estimate_work(workloads, behaviours, expectations, settings),
                 settings.max_work, what=f"this check ({settings.phases} grid phases)")
    checks = check_workloads(workloads, behaviours, expectations, settings, notes)
    inputs = sorted({w.source for w in workloads})
    return Report(settings, inputs, skipped, behaviours, workloads, checks, notes)


def auto_duration(behaviour: Behaviour) -> float:
    """Long enough for a behaviour: the commands' one rule (`behaviour.horizon`)."""
    return default_duration(behaviour)


def estimate_work(workloads: list[Workload], behaviours: list[BehaviourRef],
                  expectations: list[Expectation], s: Settings) -> float:
    """The probe calls the checks below would simulate (kubesim.analysis.budget), container
    by container, following each check's runs: before any of them starts."""
    total = 0.0
    for w in workloads:
        for c in w.containers:
            if c.pod is not None:
                total += _container_work(c.pod, behaviours, s)
                total += sum(_expectation_work(e, c.pod, behaviours, s)
                             for e in expectations if e.applies(w, c.name))
    return total


def _container_work(pod: ProbedContainer, behaviours: list[BehaviourRef], s: Settings) -> float:
    probes, n, start = pod.container.probes(), s.phases, settle_time(pod)
    total = 0.0
    if LIVENESS in probes and READINESS in probes:  # KS001
        total += n * calls(pod, start + s.outage_seconds + 120)
    for b in behaviours:
        w = weight(b.behaviour)
        if LIVENESS in probes:  # KS002: observers of every target, then the phase runs
            targets = len(probes) + len(getattr(b.behaviour, "targets", []))
            total += w * (targets * observer_calls(b.duration) + n * calls(pod, b.duration))
        if STARTUP in probes or LIVENESS in probes:  # KS003
            total += w * SUB_PHASES * observer_calls(b.duration)
            total += n * calls(pod, b.duration + 630)
    if s.startup_seconds and (STARTUP in probes or LIVENESS in probes):
        total += n * calls(pod, s.startup_seconds + 30)
    for probe in probes.values():  # KS004
        if probe.timeout_seconds >= probe.period_seconds:
            budget = probe.failure_threshold * max(probe.period_seconds, probe.timeout_seconds)
            total += n * calls(pod, start + probe.initial_delay_seconds + 3 * budget + 60)
    live = probes.get(LIVENESS)
    if live is not None and STARTUP not in probes:  # KS005
        budget = live.failure_threshold * live.period_seconds + live.timeout_seconds
        total += n * calls(pod, live.initial_delay_seconds + 2 * budget + 60)
    return total


def _expectation_work(e: Expectation, pod: ProbedContainer, behaviours: list[BehaviourRef],
                      s: Settings) -> float:
    if e.kind == "survives_stall":
        return s.phases * calls(pod, settle_time(pod) + (e.seconds or 0.0) + 120)
    runs = [(b.duration, weight(b.behaviour)) for b in behaviours] or [(300.0, 1.0)]
    observers = e.kind == "not_ready_within"
    return sum(w * (s.phases * calls(pod, d) + observers * observer_calls(d)) for d, w in runs)


def check_workloads(workloads: list[Workload], behaviours: list[BehaviourRef],
                    expectations: list[Expectation], settings: Settings,
                    notes: list[str] | None = None) -> list[CheckResult]:
    """Every check on every container, suppressions applied; notes (what a behaviour does not
    cover, what a trace's censored timeouts count as) are appended to `notes`."""
    notes = [] if notes is None else notes
    seen: dict[str, list[str]] = {}
    out: list[CheckResult] = []
    for w in workloads:
        for c in w.containers:
            out += _missing(w, c, settings)
            if c.pod is None:
                continue
            given = _scoped(w, c, behaviours, notes, seen)
            try:
                out += _container_checks(w, c, c.pod, given, settings)
                for e in expectations:
                    if e.applies(w, c.name):
                        out += evaluate(e, w, c, given, settings)
            except BehaviourError as exc:
                exc.message = f"{w.label} container {c.name}: {exc.message}"
                raise
    _scope_notes(behaviours, workloads, seen, notes)
    overrides = dict(settings.severities)
    for result in out:
        for f in result.findings:
            if f.rule in overrides:
                f.severity = overrides[f.rule]
            if f.rule in f.workload.ignores:
                reason = f.workload.ignore_reason
                f.suppressed = f"annotation {IGNORE_ANNOTATION}" + (f": {reason}" if reason
                                                                     else "")
            elif f.rule in settings.ignore:
                f.suppressed = "--ignore"
    return out


def _scoped(w: Workload, c: ContainerRef, behaviours: list[BehaviourRef],
            notes: list[str], seen: dict[str, list[str]]) -> list[BehaviourRef]:
    """The given behaviours that apply to this container, as they apply (see scoping.py);
    `seen` collects, per behaviour, the containers it ran for ("+...") or skipped ("-...")."""
    out = []
    for b in behaviours:
        ref, note = for_container(b, w, c)
        who = f"{w.label} container {c.name}"
        if note == NOT_COVERED:
            seen.setdefault(b.label, []).append(f"-{who}")
        elif note and note not in notes:
            notes.append(note)
        if ref is not None:
            seen.setdefault(b.label, []).append(f"+{w.key}")
            out.append(ref)
            censored = censored_note(ref, c)
            if censored and censored not in notes:
                notes.append(censored)
    return out


def _scope_notes(behaviours: list[BehaviourRef], workloads: list[Workload],
                 seen: dict[str, list[str]], notes: list[str]) -> None:
    for b in behaviours:
        runs = seen.get(b.label, [])
        skipped = [r[1:] for r in runs if r.startswith("-")]
        ran = {r[1:] for r in runs if r.startswith("+")}
        if b.applies_to and not ran and not skipped:
            wanted = "; ".join(s.text for s in b.applies_to)
            notes.append(f"{b.label} applies to {wanted}, which matches no probed container "
                         "in the inputs: not run")
        if skipped:
            shown = ", ".join(skipped[:3]) + (f" and {len(skipped) - 3} more"
                                              if len(skipped) > 3 else "")
            notes.append(f"{b.label} has no observations for any probe target of "
                         f"{len(skipped)} container{'s' * (len(skipped) != 1)} ({shown}): "
                         "not run for them")
        if not b.applies_to and len(ran) > 1:
            notes.append(f"{b.label} names no workload (applies_to) and ran for {len(ran)} "
                         "workloads whose probe targets it shares; if it was recorded from "
                         "one app, say which with applies_to")


def _container_checks(w: Workload, c: ContainerRef, pod: ProbedContainer,
                      behaviours: list[BehaviourRef], s: Settings) -> list[CheckResult]:
    probes = pod.container.probes()
    out: list[CheckResult] = []
    if LIVENESS in probes and READINESS in probes:
        out.append(_same_endpoint(w, c, pod, behaviours, s))
    if LIVENESS in probes:
        out += [_leak(w, c, pod, b, s) for b in behaviours]
    if (STARTUP in probes or LIVENESS in probes) and (behaviours or s.startup_seconds):
        out += _startup(w, c, pod, behaviours, s)
    out.append(_timeouts(w, c, pod, s))
    if LIVENESS in probes:
        out.append(_initial_delay(w, c, pod, s))
    if s.max_hang_recovery is not None and LIVENESS in probes:
        out.append(_bound(w, c, pod, s, "KS006"))
    if s.max_ready_recovery is not None and READINESS in probes:
        out.append(_bound(w, c, pod, s, "KS007"))
    return out + target_checks(w, c, pod, s) + fleet_checks(w, c, pod, behaviours, s)


def _finding(result: CheckResult, severity: Severity, message: str, *, line: int,
             run: Any = None, **data: Any) -> None:
    result.findings.append(Finding(
        result.rule, severity, result.workload, result.container, message, line=line,
        behaviour=result.behaviour, phase=None if run is None else round(run.phase, 6),
        seed=None if run is None else run.seed, data=data))


def _span(values: list[float]) -> str:
    lo, hi = min(values), max(values)
    return f"{lo:.1f} s" if abs(hi - lo) < 0.05 else f"{lo:.1f}-{hi:.1f} s"


def _count(values: list[int]) -> str:
    lo, hi = min(values), max(values)
    return f"{lo} restart{'s' * (lo != 1)}" if lo == hi else f"{lo}-{hi} restarts"


# ---------------------------------------------------------------- KS001


def _same_endpoint(w: Workload, c: ContainerRef, pod: ProbedContainer,
                   behaviours: list[BehaviourRef], s: Settings) -> CheckResult:
    result = CheckResult("KS001", w, c.name, None)
    container = pod.container
    live, ready = container.target(LIVENESS), container.target(READINESS)
    if (live.kind, live.url) != (ready.kind, ready.url):
        return result
    start, outage = settle_time(pod), s.outage_seconds
    label = f"a {outage:g} s outage of {live.key} at {start:g} s (synthetic)"
    scenario = synthetic(label, targets={live.key: {"windows": [
        {"from": start, "to": start + outage, "answer": FAILING[live.kind]}]}})
    runs = phase_runs(pod, scenario, settings=s, duration=start + outage + 120)
    restarts = [len(r.timeline.restarts) for r in runs]
    hit = [r for r, n in zip(runs, restarts, strict=True) if n]
    leaves = [x for r in runs if (x := _first_unready(r.timeline, start)) is not None]
    leave = _span(leaves) if leaves else "never"
    what = (f"restarts the container at {len(hit)} of {len(runs)} grid phases "
            f"({_count([n for n in restarts if n])} each)" if hit else
            f"restarts nothing at any of {len(runs)} grid phases, but liveness fails "
            "whenever readiness does and only its thresholds stand between them")
    evidence = dependency_evidence(container, live.key, behaviours, s)
    own = live.kind in (HandlerKind.TCP_SOCKET, HandlerKind.GRPC)
    if evidence is not None:
        severity, why = (Severity.ERROR if hit else Severity.WARNING), evidence[1]
    elif own:
        severity = Severity.INFO
        why = (f"no given scenario or trace shows a dependency behind it, and a "
               f"{live.kind.value} probe asks the process itself: a refused port or a failing "
               "own health service is when a restart is wanted")
    else:
        severity = Severity.WARNING if hit else Severity.INFO
        why = ("the outage is hypothetical: no given scenario or trace shows a dependency "
               "behind it (an error with one that does)")
    message = (f"livenessProbe and readinessProbe both ask {describe(live, pod)}: a "
               f"{outage:g} s outage of it (answering {_answer_text(live.kind)}), which "
               f"readiness alone answers by taking the pod out of Ready after {leave}, {what}; "
               f"{why}")
    _finding(result, severity, message,
             line=c.line("livenessProbe"), run=hit[0] if hit else None, target=live.key,
             outage_seconds=outage, outage_at=start, phases=len(runs),
             phases_with_restart=len(hit), restarts_max=max(restarts),
             evidence=None if evidence is None else evidence[0])
    return result


def _answer_text(kind: HandlerKind) -> str:
    return ", ".join(f"{k} {v}" for k, v in FAILING[kind].items())


def _first_unready(tl: Any, since: float) -> float | None:
    for a, b in tl.ready_intervals():
        if a <= since < b:
            return b - since if b < tl.duration else None
    return 0.0


# ---------------------------------------------------------------- KS002


def _leak(w: Workload, c: ContainerRef, pod: ProbedContainer, b: BehaviourRef,
          s: Settings) -> CheckResult:
    result = CheckResult("KS002", w, c.name, b.label)
    key = pod.container.target(LIVENESS).key
    best = leak_spans(pod.container, key, pod.container.probes()[LIVENESS], b, s)
    if best is None:
        return result
    total, other, only = best
    runs = phase_runs(pod, b.behaviour, settings=s, duration=b.duration)
    restarts = [sum(k.probe is LIVENESS for k in r.timeline.restarts) for r in runs]
    hit = [r for r, n in zip(runs, restarts, strict=True) if n]
    first = only[0]
    what = (f"liveness restarts the container at {len(hit)} of {len(runs)} grid phases "
            f"({_count([n for n in restarts if n])} each)" if hit else
            f"the thresholds absorb it: no restart at any of {len(runs)} grid phases")
    message = (f"with {b.label}, the liveness target {key} fails for {total:.0f} s in all "
               f"(first {first[0]:.1f}-{first[1]:.1f} s) while {other} keeps passing: a dependency "
               f"leaked into liveness; {what}")
    _finding(result, Severity.ERROR if hit else Severity.WARNING, message,
             line=c.line("livenessProbe"), run=hit[0] if hit else None, target=key,
             passing_target=other, failing_seconds=round(total, 6),
             first_window=[round(first[0], 6), round(first[1], 6)], phases=len(runs),
             phases_with_restart=len(hit), restarts_max=max(restarts))
    return result


# ---------------------------------------------------------------- KS003


def _startup(w: Workload, c: ContainerRef, pod: ProbedContainer,
             behaviours: list[BehaviourRef], s: Settings) -> list[CheckResult]:
    container = pod.container
    kind = STARTUP if STARTUP in container.probes() else LIVENESS
    probe, key = container.probes()[kind], container.target(kind).key
    sources: list[tuple[str | None, float | None, str]] = []
    if s.startup_seconds:
        sources.append((None, s.startup_seconds, "stated with --startup-seconds"))
    for b in behaviours:
        firsts = [next((t for t, ok in observe(container, key, probe, b.behaviour,
                                               duration=b.duration, profile=s.profile,
                                               phase=i / SUB_PHASES) if ok), None)
                  for i in range(SUB_PHASES)]
        known = [t for t in firsts if t is not None]
        sources.append((b.label, min(known) if known else None,
                        f"first successful answer of {key} in {b.label}"))
    win = _windows(pod, s)
    protection = win.startup_protection if win is not None else None
    out = []
    for label, seconds, evidence in sources:
        result = CheckResult("KS003", w, c.name, label)
        out.append(result)
        if seconds is not None and seconds <= 0:
            continue
        slow = seconds if seconds is not None else 600.0
        scenario = synthetic(f"every container refuses for its first {slow:g} s (synthetic)",
                             targets={"*": {"since_start": [
                                 {"from": 0, "to": slow, "answer": {"error": "refused"}}]}})
        runs = phase_runs(pod, scenario, settings=s, duration=slow + 30)
        hit = [r for r in runs if r.timeline.kills]
        over = protection is not None and slow > protection.guaranteed
        if not (over or hit):
            continue
        took = (f"{slow:.1f} s ({evidence})" if seconds is not None else
                f"longer than the {600:g} s simulated ({evidence}: none)")
        guard = (f"startup protection by {kind.field} is {protection.guaranteed:.1f} s "
                 f"guaranteed ({protection.best:.1f} s at the best grid phase"
                 + (f"; failureThreshold x periodSeconds says {protection.rule_of_thumb:g} s"
                    if protection.rule_of_thumb is not None else "") + ")"
                 if protection is not None else f"{kind.field} does not wait that long")
        message = (f"startup takes {took}, but {guard}: a start that slow is killed at "
                   f"{len(hit)} of {len(runs)} grid phases")
        _finding(result, Severity.ERROR if hit else Severity.WARNING, message,
                 line=c.line(kind.field), run=hit[0] if hit else None,
                 startup_seconds=seconds, probe=kind.value,
                 protection_guaranteed=getattr(protection, "guaranteed", None),
                 protection_best=getattr(protection, "best", None), phases=len(runs),
                 phases_killed=len(hit))
    return out


def _windows(pod: ProbedContainer, s: Settings) -> Any:
    """`kubesim.analysis.windows.protection_windows` of the pod, or None where it is not available."""
    try:
        from kubesim.analysis.windows import protection_windows
    except ImportError:  # pragma: no cover - windows.py ships with the same release
        return None
    return protection_windows(pod, s.profile)


# ---------------------------------------------------------------- KS004


def _timeouts(w: Workload, c: ContainerRef, pod: ProbedContainer, s: Settings) -> CheckResult:
    result = CheckResult("KS004", w, c.name, None)
    for kind, probe in pod.container.probes().items():
        if probe.timeout_seconds < probe.period_seconds:
            continue
        key = pod.container.target(kind).key
        hang: dict[str, Any] = {"from": 0, "to": None, "answer": {"error": "timeout"}}
        if kind is STARTUP:
            start, where = 0.0, "since_start"
        else:
            start, where = settle_time(pod), "windows"
            hang["from"] = start
        label = f"{key} stops answering at {start:g} s (synthetic)"
        scenario = synthetic(label, targets={key: {where: [hang]}})
        budget = probe.failure_threshold * max(probe.period_seconds, probe.timeout_seconds)
        runs = phase_runs(pod, scenario, settings=s,
                          duration=start + probe.initial_delay_seconds + 3 * budget + 60)
        gaps: list[float] = []
        detected: list[float] = []
        for r in runs:
            at = _detected(r.timeline, kind, start)
            calls = [p.at for p in r.timeline.probes if p.probe is kind and p.container == 0
                     and p.at >= start and (at is None or p.at <= start + at)]
            gaps += [b - a for a, b in itertools.pairwise(calls)]
            if at is not None:
                detected.append(at)
        gap = statistics.median(gaps) if gaps else None
        skips = gap is None or gap > probe.period_seconds + 0.01
        how = (f"the worker skips the ticks in between: the kubelet asks "
               f"{f'every {gap:.1f} s' if gap else 'less often'}, not every "
               f"{probe.period_seconds} s" if skips else
               f"calls run back to back (every {gap:.1f} s), with no idle time between them")
        what = {STARTUP: "the startup probe's kill is decided", LIVENESS: "the liveness kill "
                "is decided", READINESS: "the pod leaves Ready"}[kind]
        when = (f"{what} {_span(detected)} after it stops answering" if detected
                else f"{what} not at all in the simulated time")
        message = (f"{kind.field}: timeoutSeconds={probe.timeout_seconds} >= periodSeconds="
                   f"{probe.period_seconds}: while {key} does not answer, each call waits "
                   f"{probe.timeout_seconds} s and {how}; {when} over "
                   f"{len(runs)} grid phases (failureThreshold x periodSeconds = "
                   f"{probe.failure_threshold * probe.period_seconds} s)")
        _finding(result, Severity.WARNING if skips else Severity.INFO, message,
                 line=c.line(kind.field, "timeoutSeconds"), probe=kind.value,
                 timeout_seconds=probe.timeout_seconds, period_seconds=probe.period_seconds,
                 interval_seconds=round(statistics.median(gaps), 6) if gaps else None,
                 detection_min=min(detected, default=None),
                 detection_max=max(detected, default=None))
    return result


def _detected(tl: Any, kind: ProbeType, start: float) -> float | None:
    if kind is READINESS:
        return next((ch.at - start for ch in tl.ready if not ch.ready and ch.at >= start), None)
    return next((k.at - start for k in tl.kills if k.probe is kind and k.at >= start), None)


# ---------------------------------------------------------------- KS005


def _initial_delay(w: Workload, c: ContainerRef, pod: ProbedContainer,
                   s: Settings) -> CheckResult:
    result = CheckResult("KS005", w, c.name, None)
    probe = pod.container.probes()[LIVENESS]
    delay = probe.initial_delay_seconds
    if STARTUP in pod.container.probes() or delay <= s.max_initial_delay:
        return result
    label = "a container that never answers (synthetic)"
    scenario = synthetic(label, targets={"*": {"answer": {"error": "refused"}}})
    budget = probe.failure_threshold * probe.period_seconds + probe.timeout_seconds
    runs = phase_runs(pod, scenario, settings=s, duration=delay + 2 * budget + 60)
    lived = [r.timeline.kills[0].at - r.timeline.containers[0].running_at
             for r in runs if r.timeline.kills]
    now = _windows(pod, s).startup_protection.guaranteed
    fix, after = startup_fix(pod, c, s.profile, now)
    startup = fix.changes["startupProbe"]
    message = (f"livenessProbe.initialDelaySeconds={delay} and no startupProbe: a container "
               f"that never answers runs {_span(lived) if lived else 'the whole run'} before "
               f"liveness kills it (over {len(runs)} grid phases), and so does every restart; "
               f"the start-up it protects is {now:.1f} s at every grid phase: a startupProbe "
               f"with the liveness handler, periodSeconds={startup['periodSeconds']} and "
               f"failureThreshold={startup['failureThreshold']} (and initialDelaySeconds unset "
               f"on liveness) protects {after:.1f} s, at least as much, and hands over to "
               "liveness as soon as the app answers")
    _finding(result, Severity.WARNING, message,
             line=c.line("livenessProbe", "initialDelaySeconds"), initial_delay_seconds=delay,
             threshold=s.max_initial_delay, killed_after_min=min(lived, default=None),
             killed_after_max=max(lived, default=None), protected_now=now,
             protected_after=after)
    result.findings[-1].fix = fix
    return result


# ---------------------------------------------------------------- KS006, KS007


def _bound(w: Workload, c: ContainerRef, pod: ProbedContainer, s: Settings,
           rule: str) -> CheckResult:
    result = CheckResult(rule, w, c.name, None)
    win = _windows(pod, s)
    if win is None:  # pragma: no cover - windows.py ships with the same release
        raise UsageError(f"{RULES[rule].enabled_by} needs kubesim.analysis.windows, which this "
                         "installation lacks")
    if rule == "KS006":
        fig, bound, field = win.hang_to_running, s.max_hang_recovery, "livenessProbe"
        parts = [("detection", win.hang_detection), ("container stopped", win.hang_to_stopped)]
        what = "from a hang to the new container running"
    else:
        fig, bound, field = win.readiness_up, s.max_ready_recovery, "readinessProbe"
        probe = pod.container.probes()[READINESS]
        parts = []
        what = (f"from a dependency's recovery to Ready again (successThreshold="
                f"{probe.success_threshold}, periodSeconds={probe.period_seconds})")
    if fig is None or bound is None or fig.guaranteed <= bound:
        return result
    detail = "; ".join(f"{name} {f.guaranteed:.1f} s" for name, f in parts if f is not None)
    napkin = (f"; failureThreshold x periodSeconds says {fig.rule_of_thumb:g} s"
              if fig.rule_of_thumb is not None else "")
    message = (f"{what} takes {fig.guaranteed:.1f} s guaranteed over the grid phases "
               f"({fig.best:.1f} s at best{napkin})" + (f" [{detail}]" if detail else "")
               + f", over the bound of {bound:g} s")
    line = c.line(field, "successThreshold") if rule == "KS007" else c.line(field)
    _finding(result, Severity.ERROR, message, line=line, guaranteed=fig.guaranteed,
             best=fig.best, rule_of_thumb=fig.rule_of_thumb, bound=bound,
             explanation=fig.explanation)
    return result


# ---------------------------------------------------------------- KS008, KS009


def _missing(w: Workload, c: ContainerRef, s: Settings) -> list[CheckResult]:
    if not s.missing_probes or not w.runs_forever:
        return []
    have = c.pod.container.probes() if c.pod is not None else {}
    out = []
    for rule, kind in (("KS008", READINESS), ("KS009", LIVENESS)):
        result = CheckResult(rule, w, c.name, None)
        out.append(result)
        if kind in have:
            continue
        effect = {READINESS: "the pod counts as Ready as soon as the container has started",
                  LIVENESS: "a hung process is never restarted by the kubelet"}[kind]
        others = ", ".join(t.field for t in have) or "no probes at all"
        _finding(result, Severity.WARNING,
                 f"no {kind.field} ({others}): {effect}", line=c.line(), probe=kind.value)
    return out
