"""`kubesim suggest`: the smallest change to a container's probe settings that meets declared
expectations, found from the kubelet's rules and confirmed with the sweep engine.

Expectations (`Want`): survive an X s dependency outage without a restart, catch a hang
within Y s, allow starts of Z s, leave Ready within W s of an outage. Each is a worst case
over the grid phase (E1). Candidates are scored with the per-phase rules of
`kubesim.analysis.windows` (fast, exact for the ideal kubelet plus the profile's latencies);
the chosen one is then run through `kubesim.analysis.sweep.run` at every grid phase and, if a
run disagrees, dropped for the next one. "Smallest" is the fewest changed fields, then the
smallest relative change.

Which endpoints a dependency outage touches: the targets a given scenario declares with
`depends_on` (or a trace shows failing while another target passes); without one, the
readiness endpoint (the hypothesis of KS001). A target the behaviour shows untouched (a
`/livez`) is a candidate for liveness: moving liveness there meets "survive the outage" and
"catch a hang" at once, where thresholds alone cannot.
"""

from __future__ import annotations

import math
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from kubesim.analysis.budget import Meter, run_work
from kubesim.analysis.check.fixes import ProbePatch, patched_pod, probe_data
from kubesim.analysis.check.memo import protection_windows
from kubesim.analysis.check.rules import Severity
from kubesim.analysis.check.scoping import for_container
from kubesim.analysis.wants import MAX_WANT_SECONDS, WANTS, Want, parse_want
from kubesim.analysis.windows import hang_detection, readiness_down, startup_safe_until
from kubesim.behaviour.scenario import Scenario
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind, parse_probe
from kubesim.spec.targets import focus_targets

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import (
        BehaviourRef,
        ContainerRef,
        Finding,
        Settings,
        Workload,
    )
    from kubesim.analysis.check.plan import Plan
    from kubesim.spec.model import Probe, ProbedContainer

__all__ = ["CANDIDATES", "MAX_WANT_SECONDS", "WANTS", "Confirmation", "Suggestion", "Want",
           "confirm_work", "confirmations", "measured_all", "own_endpoint", "parse_want",
           "recheck", "recheck_findings", "recheck_work", "suggest", "suggest_work",
           "worsened"]

STARTUP, LIVENESS, READINESS = ProbeType.STARTUP, ProbeType.LIVENESS, ProbeType.READINESS
PERIODS = (1, 2, 3, 5, 10, 15, 20, 30, 60)
MAX_FAILURES = 60
CANDIDATES = 25  # the smallest candidates confirmed, at most, before giving the trade-off
_EPS = 1e-9


@dataclass
class Outage:
    """What a dependency outage touches, and why we think so."""

    affected: set[str]
    untouched: list[str]
    why: str


@dataclass
class Judged:
    """One expectation against one configuration: met or not, the figure, and the measured
    seconds where the figure is one (`measured`)."""

    want: Want
    met: bool
    figure: str
    seconds: float | None = None


@dataclass
class Suggestion:
    """The outcome for one container."""

    workload: Workload
    container: ContainerRef
    wants: list[Want]
    outage: Outage
    before: list[Judged]
    patch: ProbePatch | None
    after: list[Judged]
    tradeoff: list[str] = field(default_factory=list)
    verified: str = ""
    findings_before: list[tuple[str, str]] = field(default_factory=list)  # (id, severity)
    findings_after: list[tuple[str, str]] = field(default_factory=list)
    worse: list[str] = field(default_factory=list)  # findings the patch made worse (none)
    fixes: list[tuple[str, str]] = field(default_factory=list)  # the findings it answers
    advice: list[str] = field(default_factory=list)  # what no probe setting can change

    @property
    def new_findings(self) -> list[tuple[str, str]]:
        """Findings `kubesim check` reports after the patch and not before (none expected)."""
        before = {rule for rule, _ in self.findings_before}
        return [f for f in self.findings_after if f[0] not in before]

    @property
    def met(self) -> bool:
        return all(j.met for j in self.after)


# ---------------------------------------------------------------- the outage


def outage_of(pod: ProbedContainer, behaviours: list[BehaviourRef]) -> Outage:
    """Which targets a dependency outage fails (see the module docstring). A target the
    outage leaves alone is a place for liveness only if the workload has it: a probed one, or
    one the behaviour names when it names the workload (applies_to)."""
    container = pod.container
    probed = {container.target(t).key for t in container.probes()}
    for b in behaviours:
        beh = b.behaviour

        def ours(key: str, b: BehaviourRef = b) -> bool:
            return b.named or key in probed

        if isinstance(beh, Scenario):
            deps = {k for k, spec in beh.targets.items() if k != "*" and any(
                beh.dependencies[d].down for d in spec.depends_on)}
            if deps:
                clean = [k for k, spec in beh.targets.items()
                         if k not in deps and k != "*" and not spec.depends_on
                         and not spec.windows and k.startswith("/") and ours(k)]
                return Outage(deps, clean, f"{b.label}: {', '.join(sorted(deps))} depend on "
                                           "a dependency that goes down")
        else:
            failing = {w.label.removesuffix(" failing") for w in beh.windows(b.duration)}
            if failing:
                clean = [k for k in beh.target_keys() if k not in failing
                         and k.startswith("/") and ours(k)]
                return Outage(failing & probed or failing, clean,
                              f"{b.label}: {', '.join(sorted(failing))} fail in it")
    ready = container.probes().get(READINESS)
    if ready is None:
        return Outage(set(), [], "no scenario or trace, and no readiness probe: nothing is "
                                 "known to depend on a dependency")
    target = container.target(READINESS)
    if target.kind in (HandlerKind.TCP_SOCKET, HandlerKind.GRPC):
        # as in KS001: a port or the process's own health service, not a dependency
        return Outage(set(), [], f"no scenario or trace; readiness asks {target.key}, the "
                                 "process itself, which a dependency outage does not fail")
    return Outage({target.key}, [], "no scenario or trace: assumed to fail the readiness "
                                    "endpoint")


# ---------------------------------------------------------------- judging


def _worst_hang(probe: Probe, s: Settings) -> float:
    lat = s.profile.sync_seconds + s.profile.relist_seconds
    return hang_detection(probe, probe.period_seconds - _EPS) + lat


def _worst_start(probe: Probe, s: Settings) -> float:
    least = max(0.0, s.profile.sync_seconds - probe.initial_delay_seconds)
    return startup_safe_until(probe, float(probe.initial_delay_seconds)) + least


def _outage_failures(probe: Probe, seconds: float) -> int:
    """Failing probes that fit in an outage at the worst grid phase (a tick at its start)."""
    return math.ceil(seconds / probe.period_seconds - _EPS)


def judge(pod: ProbedContainer, want: Want, outage: Outage, s: Settings) -> Judged:
    """One expectation against one configuration, from the kubelet's rules."""
    probes = pod.container.probes()
    live, ready = probes.get(LIVENESS), probes.get(READINESS)
    x = want.seconds
    if want.kind == "survive-outage":
        if live is None:
            return Judged(want, True, "no livenessProbe: nothing restarts the container")
        key = pod.container.target(LIVENESS).key
        if key not in outage.affected:
            return Judged(want, True, f"liveness asks {key}, which the outage does not touch")
        n = _outage_failures(live, x)
        return Judged(want, n < live.failure_threshold,
                      f"liveness asks {key}, which fails during the outage: {n} failing "
                      f"probes fit into {x:g} s at the worst grid phase, failureThreshold is "
                      f"{live.failure_threshold}")
    if want.kind == "hang-within":
        if live is None:
            return Judged(want, False, "no livenessProbe: a hang is never caught")
        h = _worst_hang(live, s)
        return Judged(want, h <= x + _EPS, f"a hang is caught after {h:.1f} s at the worst "
                                           "grid phase")
    if want.kind == "starts-within":
        guard = probes.get(STARTUP) or live
        if guard is None:
            return Judged(want, True, "no startup or liveness probe kills a slow start")
        z = _worst_start(guard, s)
        which = "startupProbe" if STARTUP in probes else "livenessProbe"
        return Judged(want, z + _EPS >= x, f"{which} lets a start take {z:.1f} s at the worst "
                                           "grid phase")
    if ready is None:
        return Judged(want, False, "no readinessProbe: the pod never leaves Ready")
    d = readiness_down(ready, ready.period_seconds - _EPS) + s.profile.sync_seconds
    key = pod.container.target(READINESS).key
    if key not in outage.affected:
        return Judged(want, False, f"readiness asks {key}, which the outage does not touch")
    return Judged(want, d <= x + _EPS, f"the pod leaves Ready {d:.1f} s into an outage at the "
                                       "worst grid phase")


def judge_all(pod: ProbedContainer, wants: list[Want], outage: Outage,
              s: Settings) -> list[Judged]:
    return [judge(pod, w, outage, s) for w in wants]


def measured(pod: ProbedContainer, want: Want, outage: Outage, s: Settings) -> Judged:
    """One expectation against `pod` as suggest reports it, before and after a patch: the
    figure `kubesim windows` gives for `pod` itself (`protection_windows`, the same function,
    computed once per pod within the command's `memo.simulations()`), so the "after" of a
    patch is measured on the patched container. `judge` (the rules in a
    closed form, fast) ranks the candidates; this reports them."""
    if want.kind == "survive-outage":
        return judge(pod, want, outage, s)
    probes = pod.container.probes()
    win = protection_windows(pod, s.profile)
    x = want.seconds
    if want.kind == "hang-within":
        fig = win.hang_detection
        if fig is None:
            return Judged(want, False, "no livenessProbe: a hang is never caught")
        return Judged(want, fig.guaranteed <= x + _EPS, f"a hang is caught after "
                      f"{fig.guaranteed:.1f} s at the worst grid phase", fig.guaranteed)
    if want.kind == "starts-within":
        fig = win.startup_protection
        if fig is None:
            return Judged(want, True, "no startup or liveness probe kills a slow start")
        which = "startupProbe" if STARTUP in probes else "livenessProbe"
        return Judged(want, fig.guaranteed + _EPS >= x, f"{which} lets a start take "
                      f"{fig.guaranteed:.1f} s at the worst grid phase", fig.guaranteed)
    if READINESS not in probes:
        return Judged(want, False, "no readinessProbe: the pod never leaves Ready")
    key = pod.container.target(READINESS).key
    if key not in outage.affected:
        return Judged(want, False, f"readiness asks {key}, which the outage does not touch")
    fig = win.readiness_down
    assert fig is not None  # a readiness probe leaves Ready
    return Judged(want, fig.guaranteed <= x + _EPS, f"the pod leaves Ready "
                  f"{fig.guaranteed:.1f} s into an outage at the worst grid phase",
                  fig.guaranteed)


def measured_all(pod: ProbedContainer, wants: list[Want], outage: Outage,
                 s: Settings) -> list[Judged]:
    return [measured(pod, w, outage, s) for w in wants]


# ---------------------------------------------------------------- candidates


def _cost(changes: dict[str, dict[str, Any]], pod: ProbedContainer) -> tuple[int, float]:
    n, size = 0, 0.0
    probes = {t.field: p for t, p in pod.container.probes().items()}
    for probe_field, settings in changes.items():
        old = probes.get(probe_field)
        for key, value in settings.items():
            n += 1 if not isinstance(value, dict) else len(value)
            before = getattr(old, _attr(key), None) if old is not None else None
            if isinstance(value, int | float) and isinstance(before, int | float) and before:
                size += abs(math.log(value / before))
            else:
                size += 1.0
    return n, size


def _attr(key: str) -> str:
    return "".join(f"_{ch.lower()}" if ch.isupper() else ch for ch in key)


def _liveness_options(pod: ProbedContainer, outage: Outage) -> list[dict[str, Any]]:
    """Changes to liveness: period, failureThreshold, timeout, and (when the outage touches
    its endpoint and the behaviour shows one it does not) the httpGet path."""
    live = pod.container.probes().get(LIVENESS)
    if live is None:
        return [{}]
    key = pod.container.target(LIVENESS).key
    paths: list[str | None] = [None]
    if key in outage.affected and live.http_get is not None:
        paths += [p for p in outage.untouched if p != key]
    timeouts = sorted({live.timeout_seconds, *[t for t in (1, 2, 3, 5)
                                               if t < live.timeout_seconds]})
    out = []
    for path in paths:
        for period in sorted({*PERIODS, live.period_seconds}):
            # failureThreshold 1 is kept only if it is the current one: a single slow answer
            # would kill
            for failures in range(min(2, live.failure_threshold), MAX_FAILURES + 1):
                for timeout in timeouts:
                    changed = (period, timeout) != (live.period_seconds, live.timeout_seconds)
                    if changed and timeout >= period:
                        continue  # never trade one finding (KS004) for another
                    c: dict[str, Any] = {}
                    if path is not None:
                        c["httpGet"] = {"path": path}
                    if period != live.period_seconds:
                        c["periodSeconds"] = period
                    if failures != live.failure_threshold:
                        c["failureThreshold"] = failures
                    if timeout != live.timeout_seconds:
                        c["timeoutSeconds"] = timeout
                    out.append(c)
    return out


def _readiness_options(pod: ProbedContainer) -> list[dict[str, Any]]:
    ready = pod.container.probes().get(READINESS)
    if ready is None:
        return [{}]
    out = []
    for period in sorted({*PERIODS, ready.period_seconds}):
        if ready.timeout_seconds >= period and period != ready.period_seconds:
            continue
        for failures in range(1, 11):
            c: dict[str, Any] = {}
            if period != ready.period_seconds:
                c["periodSeconds"] = period
            if failures != ready.failure_threshold:
                c["failureThreshold"] = failures
            out.append(c)
    return out


class _Built(NamedTuple):
    """A candidate and the pod it was built from (kept: while it is, its id names no other
    pod)."""

    pod: ProbedContainer
    trial: ProbedContainer


# the candidates built within one suggestion (`suggest`), by the pod's id and the changes as
# text: the ranking, a startup option, the sort by hang detection and the trade-off ask for
# the same candidates again; each is a pure result of the two
_BUILT: ContextVar[dict[tuple[int, str], _Built] | None] = ContextVar(
    "kubesim_suggest_candidates", default=None)


def _with(pod: ProbedContainer, changes: dict[str, dict[str, Any]]) -> ProbedContainer:
    """The pod with probe changes, built from the models (no manifest needed); within one
    suggestion, once per pod and changes (`_BUILT`; the pod returned is shared: read it,
    never change it)."""
    kept = _BUILT.get()
    if kept is None:
        return _build(pod, changes)
    key = (id(pod), repr(changes))
    built = kept.get(key)
    if built is None or built.pod is not pod:
        built = kept[key] = _Built(pod, _build(pod, changes))
    return built.trial


def _build(pod: ProbedContainer, changes: dict[str, dict[str, Any]]) -> ProbedContainer:
    """`_with`'s candidate, built."""
    spec = pod.container
    update: dict[str, Any] = {}
    for probe_field, settings in changes.items():
        kind = ProbeType(probe_field.removesuffix("Probe"))
        old = spec.probes().get(kind)
        data = probe_data(old) if old is not None else {}
        for key, value in settings.items():
            if value is None:
                data.pop(key, None)
            elif isinstance(value, dict):
                data[key] = {**data.get(key, {}), **value}
            else:
                data[key] = value
        update[f"{kind.value}_probe"] = parse_probe(data, kind)
    return replace(pod, container=spec.model_copy(update=update))


def _startup_option(pod: ProbedContainer, want: Want, s: Settings) -> dict[str, Any]:
    """A startupProbe (liveness handler and period) protecting `want.seconds` of start-up."""
    live = pod.container.probes()[LIVENESS]
    handler = {k: v for k, v in probe_data(live).items()
               if k in ("httpGet", "tcpSocket", "exec", "grpc")}
    period = live.period_seconds
    failures = max(1, math.ceil(want.seconds / period))
    while True:
        option = {**handler, "periodSeconds": period, "failureThreshold": failures}
        if live.timeout_seconds != 1:
            option["timeoutSeconds"] = min(live.timeout_seconds, max(1, period - 1))
        trial = _with(pod, {"startupProbe": option})
        if judge(trial, want, Outage(set(), [], ""), s).met:
            return option
        failures += 1


def _ranked(pod: ProbedContainer, wants: list[Want], outage: Outage,
            s: Settings) -> list[dict[str, dict[str, Any]]]:
    """Every candidate that meets all wants, smallest first."""
    live_wants = [w for w in wants if w.kind in ("survive-outage", "hang-within")]
    ready_wants = [w for w in wants if w.kind == "unready-within"]
    start = next((w for w in wants if w.kind == "starts-within"), None)
    found = []
    for live in _liveness_options(pod, outage) if live_wants or start else [{}]:
        changes = {"livenessProbe": live} if live else {}
        trial = _with(pod, changes) if changes else pod
        if not all(j.met for j in judge_all(trial, live_wants, outage, s)):
            continue
        if start is not None and not judge(trial, start, outage, s).met:
            if STARTUP in trial.container.probes():
                probe = trial.container.probes()[STARTUP]
                need = math.ceil((start.seconds - _worst_start(probe, s)) /
                                 probe.period_seconds - _EPS)
                changes["startupProbe"] = {"failureThreshold": probe.failure_threshold + need}
            elif LIVENESS in trial.container.probes():
                changes["startupProbe"] = _startup_option(trial, start, s)
            else:
                continue
        found.append(changes)
    if ready_wants:
        options = [r for r in _readiness_options(pod) if all(
            j.met for j in judge_all(_with(pod, {"readinessProbe": r}) if r else pod,
                                     ready_wants, outage, s))]
        if not options:
            return []
        best = min(options, key=lambda r: _cost({"readinessProbe": r}, pod))
        found = [{**c, **({"readinessProbe": best} if best else {})} for c in found]
    return sorted(found, key=lambda c: (_cost({k: v for k, v in c.items() if v}, pod),
                                        _hang_key(c, pod, s)))


def _hang_key(changes: dict[str, dict[str, Any]], pod: ProbedContainer, s: Settings) -> float:
    live = _with(pod, changes).container.probes().get(LIVENESS) if changes else \
        pod.container.probes().get(LIVENESS)
    return _worst_hang(live, s) if live is not None else math.inf


# ---------------------------------------------------------------- confirming


@dataclass(frozen=True)
class Confirmation:
    """One sweep-engine check of a candidate: the behaviour, the expectation it must hold at
    every grid phase, the run's length, and what it means when it does not hold."""

    behaviour: Any
    expect: str
    duration: float
    failed: str


def confirmations(pod: ProbedContainer, wants: list[Want],
                  outage: Outage) -> list[Confirmation]:
    """The runs that confirm `pod` meets `wants` (survive an outage, catch a hang)."""
    # the confirming runs' behaviours load with the first confirmation: explain's suggestion
    # for a record often stops before one (nothing meets every expectation)
    from kubesim.analysis.check.experiments import settle_time, synthetic

    start = settle_time(pod)
    # a key the pod has on several endpoints is named by the focus container's scoped key
    keys = {pod.container.target(t).key: tgt.key for t, tgt in focus_targets(pod).items()}
    out = []
    for w in wants:
        if w.kind == "survive-outage" and LIVENESS in pod.container.probes():
            targets = {keys.get(k, k): {"windows": [{"from": start, "to": start + w.seconds,
                                                     "answer": {"status": 503, "exit_code": 1,
                                                                "grpc_status": "NOT_SERVING"}}]}
                       for k in outage.affected if not k.startswith("tcp:")}
            targets.update({keys.get(k, k): {"windows": [{"from": start, "to": start + w.seconds,
                                                          "answer": {"error": "refused"}}]}
                            for k in outage.affected if k.startswith("tcp:")})
            behaviour = synthetic(f"a {w.seconds:g} s outage", targets=targets)
            out.append(Confirmation(behaviour, "no-restart", start + w.seconds + 120,
                                    f"{w.text}: a run restarted the container"))
        if w.kind == "hang-within" and LIVENESS in pod.container.probes():
            behaviour = synthetic("a hang", stalls=[{"from": start, "to": None}])
            out.append(Confirmation(behaviour, f"kill-within={w.seconds:g}",
                                    start + w.seconds + 120,
                                    f"{w.text}: a run caught it later"))
    return out


def confirm_work(pod: ProbedContainer, wants: list[Want], outage: Outage, s: Settings, *,
                 fastest: bool = False) -> float:
    """The work of confirming `pod` (kubesim.analysis.budget); `fastest`: as if every probe
    ran every second (a bound for any candidate, before the candidates are known)."""
    periods = dict.fromkeys((t.field for t in ProbeType), 1) if fastest else None
    return sum(s.phases * run_work(pod, c.behaviour, c.duration, s.profile, periods=periods)
               for c in confirmations(pod, wants, outage))


def _confirm(pod: ProbedContainer, wants: list[Want], outage: Outage, s: Settings) -> str | None:
    """Run the sweep engine at every grid phase: None if every run agrees, else what failed."""
    for c in confirmations(pod, wants, outage):
        if not _held(pod, c.behaviour, c.expect, c.duration, s):
            return c.failed
    return None


def _held(pod: ProbedContainer, behaviour: Any, expect: str, duration: float,
          s: Settings) -> bool:
    # the sweep engine loads with the first confirming run (see `confirmations`)
    from kubesim.analysis.sweep.grid import Point, SweepSpec, parse_goal
    from kubesim.analysis.sweep.run import evaluate_point

    spec = SweepSpec(pod=pod, behaviour=behaviour, profile=s.profile, duration=duration,
                     phases=s.phases, seed=s.seed, expectations=(parse_goal(expect),))
    return all(evaluate_point(spec, Point(0, {})).expectations.values())


# ---------------------------------------------------------------- the suggestion


def suggest_work(w: Workload, c: ContainerRef, wants: list[Want],
                 behaviours: list[BehaviourRef], s: Settings) -> float:
    """What `suggest` will surely simulate for one container, before anything runs: one
    candidate's confirmation (as if its probes ran every second) and the two re-checks.
    Each further candidate is charged as it comes (`suggest(..., meter=)`)."""
    from kubesim.analysis.check.estimate import work

    assert c.pod is not None
    behaviours = [ref for b in behaviours if (ref := for_container(b, w, c)[0]) is not None]
    return (confirm_work(c.pod, wants, outage_of(c.pod, behaviours), s, fastest=True)
            + 2 * work(_recheck_plan(w, c, c.pod, behaviours, s), s))


def suggest(w: Workload, c: ContainerRef, wants: list[Want], behaviours: list[BehaviourRef],
            s: Settings, meter: Meter | None = None) -> Suggestion:
    """The smallest confirmed change for one probed container (or the trade-off); `meter`
    is charged for every candidate confirmed after the first (which `suggest_work` counts).
    Each candidate is built once (`_with`)."""
    token = _BUILT.set({})
    try:
        return _suggest(w, c, wants, behaviours, s, meter)
    finally:
        _BUILT.reset(token)


def _suggest(w: Workload, c: ContainerRef, wants: list[Want], behaviours: list[BehaviourRef],
             s: Settings, meter: Meter | None) -> Suggestion:
    assert c.pod is not None
    pod = c.pod
    behaviours = [ref for b in behaviours if (ref := for_container(b, w, c)[0]) is not None]
    outage = outage_of(pod, behaviours)
    before = measured_all(pod, wants, outage, s)
    result = Suggestion(w, c, wants, outage, before, None, before)
    if all(j.met for j in before):
        result.verified = "already met: no change"
        return result
    for i, changes in enumerate(_ranked(pod, wants, outage, s)[:CANDIDATES]):
        patch = ProbePatch(c.name, changes, _summary(changes))
        trial = patched_pod(pod, c, patch)
        if meter is not None and i > 0:
            meter.charge(confirm_work(trial, wants, outage, s),
                         what=f"confirming candidate {i + 1} for {w.label} container {c.name}")
        failed = _confirm(trial, wants, outage, s)
        if failed is None:
            result.patch, result.after = patch, measured_all(trial, wants, outage, s)
            result.verified = (f"confirmed by the sweep engine at {s.phases} grid phases "
                               f"(seed {s.seed})")
            result.tradeoff = _tradeoff(pod, wants, outage, s, chosen=changes)
            before_f, after_f = recheck_findings(w, c, trial, behaviours, s)
            result.findings_before, result.findings_after = _pairs(before_f), _pairs(after_f)
            result.worse = worsened(before_f, after_f)
            return result
    result.tradeoff = _tradeoff(pod, wants, outage, s, chosen=None)
    return result


def recheck_findings(w: Workload, c: ContainerRef, trial: ProbedContainer | None,
                     behaviours: list[BehaviourRef], s: Settings, meter: Meter | None = None
                     ) -> tuple[list[Finding], list[Finding]]:
    """`kubesim check`'s findings for the container (among its pod's others) before and
    after the patch; suppressed ones left out. `meter` is charged for both before either
    runs."""
    from kubesim.analysis.check.estimate import work
    from kubesim.analysis.check.judge import judge
    from kubesim.analysis.check.simulate import simulate

    plans = [_recheck_plan(w, c, pod, behaviours, s) for pod in (c.pod, trial)]
    if meter is not None:
        meter.charge(sum(work(p, s) for p in plans),
                     what=f"re-checking {w.label} container {c.name} ({s.phases} grid phases)")

    def findings(plan: Plan) -> list[Finding]:
        return sorted((f for r in judge(simulate(plan, s).measured, s) for f in r.findings
                       if f.suppressed is None and f.container == c.name),
                      key=lambda f: (f.rule, f.severity.label))

    return findings(plans[0]), findings(plans[1])


def recheck(w: Workload, c: ContainerRef, trial: ProbedContainer | None,
            behaviours: list[BehaviourRef], s: Settings, meter: Meter | None = None
            ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """`recheck_findings` as (id, severity) pairs."""
    before, after = recheck_findings(w, c, trial, behaviours, s, meter)
    return _pairs(before), _pairs(after)


def _pairs(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.rule, f.severity.label) for f in findings]


def recheck_work(w: Workload, c: ContainerRef, trial: ProbedContainer | None,
                 behaviours: list[BehaviourRef], s: Settings) -> float:
    """The work of `recheck_findings` (kubesim.analysis.budget's units)."""
    from kubesim.analysis.check.estimate import work

    return sum(work(_recheck_plan(w, c, pod, behaviours, s), s) for pod in (c.pod, trial))


# what makes a finding worse, in order: its severity, then what it counts
_AMOUNTS = ("restarts_max", "phases_with_restart", "phases_killed")


def _weight(f: Finding) -> tuple[float, ...]:
    return (float(f.severity), *(float(f.data.get(k) or 0) for k in _AMOUNTS))


def worsened(before: list[Finding], after: list[Finding]) -> list[str]:
    """The checks whose findings the patch made worse: more of them, a higher severity, or
    more restarts or kills counted (`KS001 warning: restarts_max 5 -> 6`)."""
    out = []
    for rule in sorted({f.rule for f in after}):
        was = [f for f in before if f.rule == rule]
        now = [f for f in after if f.rule == rule]
        if len(now) > len(was):
            out.append(f"{rule}: {len(was)} -> {len(now)} findings")
            continue
        old, new = (max((_weight(f) for f in was), default=(0.0,) * (1 + len(_AMOUNTS))),
                    max(_weight(f) for f in now))
        if new > old:
            i = next(i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)
            if i == 0:
                out.append(f"{rule}: {Severity(int(old[0])).label} -> "
                           f"{Severity(int(new[0])).label}")
            else:
                out.append(f"{rule}: {_AMOUNTS[i - 1]} {old[i]:g} -> {new[i]:g}")
    return out


def _recheck_plan(w: Workload, c: ContainerRef, pod: ProbedContainer | None,
                  behaviours: list[BehaviourRef], s: Settings) -> Plan:
    """`kubesim check`'s plan for the container with `pod` (among its pod's others)."""
    from kubesim.analysis.check.scope import scope

    ref = replace(c, pod=pod)
    one = replace(w, containers=[ref if o.name == c.name else o for o in w.containers])
    plan = scope([one], behaviours, [], s)
    return replace(plan, runs=tuple(r for r in plan.runs if r.container.name == c.name))


def _summary(changes: dict[str, dict[str, Any]]) -> str:
    parts = []
    for probe_field, settings in changes.items():
        for key, value in settings.items():
            if isinstance(value, dict) and probe_field == "startupProbe":
                continue
            shown = "unset" if value is None else value
            if isinstance(value, dict):
                parts += [f"{probe_field}.{key}.{k}={v}" for k, v in value.items()]
            else:
                parts.append(f"{probe_field}.{key}={shown}")
        if probe_field == "startupProbe" and any(isinstance(v, dict) for v in settings.values()):
            parts.insert(0, "add a startupProbe with the liveness handler")
    return "; ".join(parts)


def _tradeoff(pod: ProbedContainer, wants: list[Want], outage: Outage, s: Settings, *,
              chosen: dict[str, Any] | None) -> list[str]:
    """Why thresholds alone cannot meet both "survive X" and "catch a hang within Y" when
    liveness asks an endpoint the outage fails, and what each side costs."""
    survive = next((w for w in wants if w.kind == "survive-outage"), None)
    hang = next((w for w in wants if w.kind == "hang-within"), None)
    live = pod.container.probes().get(LIVENESS)
    if survive is None or hang is None or live is None:
        return [] if chosen is not None else _unmet(pod, wants, outage, s)
    key = pod.container.target(LIVENESS).key
    if key not in outage.affected:
        return []
    same = _liveness_options(pod, Outage(outage.affected, [], ""))
    safe = [o for o in same if judge(_with(pod, {"livenessProbe": o}) if o else pod, survive,
                                     outage, s).met]
    fastest = min((_worst_hang(_with(pod, {"livenessProbe": o}).container.probes()[LIVENESS]
                               if o else live, s) for o in safe), default=math.inf)
    out = [(f"conflict: liveness asks {key}, which fails during the outage ({outage.why}); "
            f"to {survive.text} more than ceil({survive.seconds:g} / periodSeconds) failures "
            f"must be allowed, so the fastest hang detection that still survives it is "
            f"{fastest:.1f} s, not {hang.seconds:g} s")]
    quick = [o for o in same if judge(_with(pod, {"livenessProbe": o}) if o else pod, hang,
                                      outage, s).met]
    if quick:
        best = min(quick, key=lambda o: _cost({"livenessProbe": o} if o else {}, pod))
        trial = _with(pod, {"livenessProbe": best}) if best else pod
        probe = trial.container.probes()[LIVENESS]
        n = _outage_failures(probe, survive.seconds)
        shown = ", ".join(f"{k}={v}" for k, v in best.items()) or "the current settings"
        out.append(f"the smallest change that catches a hang within {hang.seconds:g} s "
                   f"({shown}) lets {n} failing probes into a {survive.seconds:g} s outage "
                   f"against failureThreshold {probe.failure_threshold}: the container is "
                   "restarted")
    if chosen is not None and "httpGet" in chosen.get("livenessProbe", {}):
        out.append(f"moving liveness to {chosen['livenessProbe']['httpGet']['path']}, which "
                   "the outage does not touch, meets both")
    elif chosen is None:
        out.append(f"no threshold meets both: {own_endpoint(pod)}, or drop one expectation")
    return out


def own_endpoint(pod: ProbedContainer) -> str:
    """How to give liveness a check of the process alone, in the terms of its handler."""
    container = pod.container
    live = container.probes().get(LIVENESS)
    if live is None:
        return "add a livenessProbe only on a check of the process itself"
    target = container.target(LIVENESS)
    kind = live.handler_kind
    if kind is HandlerKind.EXEC:
        return (f"give liveness its own command instead of `{target.url}`: one that checks "
                "only that the process itself is alive (it answers on its own socket), not "
                "the dependencies or the data the readiness command may check, which stays "
                "in readiness")
    if kind is HandlerKind.GRPC:
        return ("serve liveness from the process alone (the gRPC health service's overall "
                "status, service \"\") and report the dependency under a named service for "
                "readiness only (readinessProbe.grpc.service)")
    if kind is HandlerKind.TCP_SOCKET:
        return (f"a tcpSocket liveness probe on {target.key} asks only whether the process "
                "listens: keep it, and put dependency checks in readiness only")
    return (f"give liveness its own path instead of {target.key}: one the process answers "
            "by itself (a /livez that touches no dependency), and keep the dependency "
            "checks on the readiness path")


def _unmet(pod: ProbedContainer, wants: list[Want], outage: Outage, s: Settings) -> list[str]:
    """Why no change to the existing probes can meet the expectations."""
    out = []
    for j in judge_all(pod, wants, outage, s):
        if not j.met:
            out.append(f"cannot {j.want.text} by changing the existing probes: {j.figure}"
                       + ("; suggest does not invent a probe: add one on an endpoint that "
                          "checks only the process" if "no livenessProbe" in j.figure or
                          "no readinessProbe" in j.figure else ""))
    return out or ["no probe setting met every expectation at once"]

