"""`kubesim suggest FILE` without expectations: fix what `kubesim check` reports.

Each finding becomes what the fix must achieve, in the terms of the probe it is about:

* KS001/KS002/KS012 (liveness fails with readiness, or because of a dependency): liveness
  must survive the outage (the simulated one, or the behaviour's dependency outage) without
  catching a hang later than it does now; with thresholds alone that is usually impossible,
  and the trade-off says so with the change that works, in the handler's terms (a path, a
  command, a gRPC service, a port);
* KS003: allow the start seen or stated; KS004: no call that holds the worker past its next
  tick (a timeout below the period; for a startup probe the period above its timeout, its
  protection kept);
* KS005, KS016: the startupProbe their finding carries; KS008: a tcpSocket readiness probe on
  the port the container serves; KS011: the host unset (the kubelet then asks the pod);
* the rest (a missing liveness probe, an undeclared port name, fleet and expectation
  findings) is advice: no probe setting kubesim could invent answers them.

The patch is then checked as `kubesim check` checks: its findings before and after.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.fixes import ProbePatch, apply, container_data, patched_pod
from kubesim.analysis.check.memo import protection_windows
from kubesim.analysis.suggest import (
    Suggestion,
    Want,
    measured_all,
    own_endpoint,
    recheck,
    recheck_findings,
    recheck_work,
    suggest,
    suggest_work,
    worsened,
)
from kubesim.results import ProbeType
from kubesim.spec.model import ProbedContainer, parse_container

if TYPE_CHECKING:
    from collections.abc import Callable

    from kubesim.analysis.budget import Meter
    from kubesim.analysis.check.findings import (
        BehaviourRef,
        ContainerRef,
        Finding,
        Settings,
        Workload,
    )
    from kubesim.analysis.check.run import Report

__all__ = ["from_findings"]

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
Changes = dict[str, dict[str, Any]]
PROBED_KEYS = ("name", "ports", "startupProbe", "livenessProbe", "readinessProbe")


def from_findings(report: Report, meter: Meter | None = None,
                  only: Callable[[Workload, ContainerRef], bool] | None = None
                  ) -> list[Suggestion]:
    """A suggestion per container with a finding that counts (not suppressed), of the
    containers `only` picks; `meter` is charged for every simulation before it runs."""
    s = report.settings
    out = []
    for w in report.workloads:
        for c in w.containers:
            found = [f for f in report.findings if f.workload.key == w.key
                     and f.container == c.name and f.suppressed is None]
            if found and (only is None or only(w, c)):
                out.append(_container(w, c, found, report.behaviours, s, meter))
    return out


def _container(w: Workload, c: ContainerRef, found: list[Finding],
               behaviours: list[BehaviourRef], s: Settings, meter: Meter | None) -> Suggestion:
    wants: dict[str, Want] = {}
    direct: Changes = {}
    other: Changes = {}  # per probe, another way to the same end (KS004: a longer period)
    advice: list[str] = []
    for f in found:
        _answer(f, c, wants, direct, advice, s, other)
    fixes = [(f.rule, f.severity.label) for f in found]
    pod = c.pod
    if pod is None:  # no probes at all: only direct additions (a readiness probe) apply
        return _direct(w, c, None, direct, advice, fixes, behaviours, s, meter)
    if not wants:
        return _direct(w, c, pod, direct, advice, fixes, behaviours, s, meter, other)
    if meter is not None:  # the first candidate and its re-checks; suggest charges the rest
        meter.charge(suggest_work(w, c, list(wants.values()), behaviours, s),
                     what=f"the fix for {w.label} container {c.name} ({s.phases} grid phases)")
    result = suggest(w, c, list(wants.values()), behaviours, s, meter)
    changes = _merge(result.patch.changes if result.patch else {}, direct)
    # the trade-off names the structural change itself (suggest.own_endpoint); the wants
    # were derived from the findings, not declared, so there is none to drop
    tradeoff = [t.replace(", or drop one expectation", "") for t in result.tradeoff]
    said = " ".join(tradeoff)
    result.fixes = fixes
    result.advice = _unique([a for a in advice if a.split(": ", 1)[-1] not in said] + tradeoff)
    result.tradeoff = []
    if changes and changes != (result.patch.changes if result.patch else {}):
        _apply(result, w, c, pod, changes, behaviours, s, meter, other)
    elif not changes:
        result.findings_before, result.findings_after = recheck(w, c, pod, behaviours, s,
                                                                meter)
    return result


def _answer(f: Finding, c: ContainerRef, wants: dict[str, Want], direct: Changes,
            advice: list[str], s: Settings, other: Changes | None = None) -> None:
    """What the fix of one finding must achieve (a want), carry (a direct change, and in
    `other` another change to the same end), or say."""
    pod = c.pod
    if f.rule in ("KS005", "KS016") and f.fix is not None:
        direct.update(_merge(direct, f.fix.changes))
    elif f.rule in ("KS001", "KS002", "KS012") and pod is not None:
        outage = (s.outage_seconds if f.rule == "KS001" else
                  _window(f) or s.outage_seconds)
        _want(wants, Want("survive-outage", outage), max)
        hang = _hang(pod, s)
        if hang is not None:
            _want(wants, Want("hang-within", hang), min)
        advice.append(f"{f.rule}: {own_endpoint(pod)}")
    elif f.rule == "KS003" and f.data.get("startup_seconds"):
        _want(wants, Want("starts-within", float(f.data["startup_seconds"])), max)
    elif f.rule == "KS004" and pod is not None:
        _timeout(f, c, pod, wants, direct, s, other if other is not None else {})
    elif f.rule == "KS008":
        _readiness(c, direct, advice)
    elif f.rule == "KS011":
        probe = ProbeType(f.data["probe"])
        handler = "httpGet" if probe.field in container_data(c) and "httpGet" in \
            container_data(c)[probe.field] else "tcpSocket"
        direct.setdefault(probe.field, {})[handler] = {"host": None}
    else:
        advice.append(f"{f.rule}: {_advice(f)}")


def _want(wants: dict[str, Want], want: Want, pick: Any) -> None:
    have = wants.get(want.kind)
    wants[want.kind] = want if have is None else Want(want.kind, pick(have.seconds,
                                                                      want.seconds))


def _window(f: Finding) -> float | None:
    first = f.data.get("first_window")
    return float(first[1] - first[0]) if first else None


def _hang(pod: ProbedContainer, s: Settings) -> float | None:
    """How fast a hang is caught now (guaranteed): a fix must not catch it later."""
    fig = protection_windows(pod, s.profile).hang_detection
    return None if fig is None else math.ceil(fig.guaranteed * 10) / 10


def _timeout(f: Finding, c: ContainerRef, pod: ProbedContainer, wants: dict[str, Want],
             direct: Changes, s: Settings, other: Changes) -> None:
    """KS004: no call may hold the worker past its next tick. Liveness and readiness: the
    timeout one second below the period (the least shortening that does it; the detection
    is then what failureThreshold x periodSeconds promises); with a 1 s period, or on a
    startup probe (a slow start may answer slowly: its timeout stays), the period one second
    above the timeout, with the failures that keep what is protected now."""
    kind = ProbeType(f.data["probe"])
    probe = pod.container.probes()[kind]
    if kind is not STARTUP and probe.period_seconds >= 2:
        direct.setdefault(kind.field, {})["timeoutSeconds"] = probe.period_seconds - 1
        # where a shorter timeout cuts off answers the app gives (a finding gets worse), the
        # period above the timeout instead, with the failures that keep the detection time
        period = probe.timeout_seconds + 1
        other[kind.field] = {"periodSeconds": period, "failureThreshold": max(1, math.ceil(
            probe.failure_threshold * probe.timeout_seconds / period))}
    elif kind is STARTUP:
        direct.setdefault(kind.field, {}).update(_startup_interval(pod, c, s))
    else:
        period = probe.timeout_seconds + 1
        failures = max(1, math.ceil(probe.failure_threshold * probe.timeout_seconds / period))
        direct.setdefault(kind.field, {}).update(
            {"periodSeconds": period, "failureThreshold": failures})


def _startup_interval(pod: ProbedContainer, c: ContainerRef, s: Settings) -> dict[str, int]:
    """periodSeconds above the timeout (no tick skipped), and the fewest failures that
    protect at least the start-up protected now (kubesim windows, re-checked)."""
    probe = pod.container.probes()[STARTUP]
    fig = protection_windows(pod, s.profile).startup_protection
    protect = fig.guaranteed if fig is not None else 0.0
    period = probe.timeout_seconds + 1
    failures = max(1, math.ceil((protect - probe.initial_delay_seconds) / period))
    while True:
        changes = {"periodSeconds": period, "failureThreshold": failures}
        trial = patched_pod(pod, c, ProbePatch(c.name, {STARTUP.field: changes}))
        after = protection_windows(trial, s.profile).startup_protection
        if after is not None and after.guaranteed >= protect - 1e-6:
            return changes
        failures += 1


def _readiness(c: ContainerRef, direct: Changes, advice: list[str]) -> None:
    ports = [p for p in container_data(c).get("ports") or [] if isinstance(p, dict)]
    if not ports:
        advice.append("KS008: add a readinessProbe on the port the Service sends traffic to "
                      "(the container declares none)")
        return
    port = ports[0].get("name") or ports[0].get("containerPort")
    direct["readinessProbe"] = {"tcpSocket": {"port": port}, "periodSeconds": 5}
    advice.append(f"KS008: the readinessProbe added asks whether port {port} accepts "
                  "connections; an endpoint that says whether the app can serve now (its "
                  "dependencies included) says more")


def _advice(f: Finding) -> str:
    return {
        "KS009": "suggest does not invent a liveness probe: add one only on a check of the "
                 "process itself, if a restart is what a hang needs",
        "KS010": f"declare port {f.data.get('port')!r} in this container's ports, or give "
                 "the probe the port's number",
        "KS006": "a faster hang recovery: see `kubesim windows` (detection, grace period, "
                 "back-off) and `kubesim suggest --expect hang-within=S`",
        "KS007": "a faster return to Ready: a shorter readiness periodSeconds or a "
                 "successThreshold of 1 (`kubesim suggest --expect unready-within=S`)",
    }.get(f.rule, "no probe setting answers it: see `kubesim rules " + f.rule + "`")


def _merge(base: Changes, more: Changes) -> Changes:
    out = {k: dict(v) for k, v in base.items()}
    for field, settings in more.items():
        out.setdefault(field, {}).update(settings)
    return out


def _unique(lines: list[str]) -> list[str]:
    return list(dict.fromkeys(lines))


def _direct(w: Workload, c: ContainerRef, pod: ProbedContainer | None, direct: Changes,
            advice: list[str], fixes: list[tuple[str, str]],
            behaviours: list[BehaviourRef], s: Settings, meter: Meter | None,
            other: Changes | None = None) -> Suggestion:
    from kubesim.analysis.suggest import Outage

    result = Suggestion(w, c, [], Outage(set(), [], "the findings of kubesim check"), [], None,
                        [], fixes=fixes, advice=_unique(advice))
    if direct:
        _apply(result, w, c, pod, direct, behaviours, s, meter, other)
    else:
        result.findings_before, result.findings_after = recheck(w, c, pod, behaviours, s,
                                                                meter)
    return result


def _apply(result: Suggestion, w: Workload, c: ContainerRef, pod: ProbedContainer | None,
           changes: Changes, behaviours: list[BehaviourRef], s: Settings,
           meter: Meter | None, other: Changes | None = None) -> None:
    """Patch the container with `changes`, or, where they make a finding of `kubesim check`
    worse, with the first of `_tries` that makes none worse; then measure the expectations
    again on the patched container."""
    for i, keep in enumerate(_tries(changes, other or {})):
        patch = ProbePatch(c.name, keep, _summary(keep))
        trial = _trial(w, c, pod, patch)
        if meter is not None and i > 0:  # the first try is in suggest_work's estimate
            meter.charge(recheck_work(w, c, trial, behaviours, s),
                         what=f"re-checking a smaller patch for {w.label} container {c.name}")
        before, after = recheck_findings(w, c, trial, behaviours, s, meter if i == 0 else None)
        worse = (worsened(before, after) + _wants_worse(result, pod, trial, s)
                 + _runs_worse(pod, trial, behaviours, s, meter))
        if not worse:
            break
    left = [f for f in changes if f not in keep]
    if worse:  # nothing smaller helps either: no patch
        result.findings_before = result.findings_after = _pairs(before)
        result.advice.append("no patch: every change tried makes another finding worse ("
                             + "; ".join(worse) + ")")
        return
    result.patch, result.worse = patch, worse
    result.findings_before, result.findings_after = _pairs(before), _pairs(after)
    result.after = measured_all(trial, result.wants, result.outage, s) if pod is not None \
        and result.wants else result.after
    if left:
        result.advice.append(f"left out of the patch: the changes to {', '.join(left)}, "
                             "which make another finding of kubesim check worse")
    result.verified = (result.verified or "") + (
        "; " if result.verified else "") + "every change re-checked by kubesim check"


def _wants_worse(result: Suggestion, pod: ProbedContainer | None, trial: ProbedContainer,
                 s: Settings) -> list[str]:
    """The expectations the findings set that are met now and not with the patch."""
    if pod is None or not result.wants:
        return []
    now = measured_all(pod, result.wants, result.outage, s)
    then = measured_all(trial, result.wants, result.outage, s)
    return [f"{b.want.text}: {a.figure}" for a, b in zip(then, now, strict=True)
            if b.met and not a.met]


def _runs_worse(pod: ProbedContainer | None, trial: ProbedContainer,
                behaviours: list[BehaviourRef], s: Settings, meter: Meter | None) -> list[str]:
    """What a patch does to the app's own runs (each given behaviour, else the healthy app,
    at the first grid phase): a pod Ready before that never is with it (a timeout below the
    answers the app gives), or more restarts."""
    from kubesim.analysis.budget import run_work
    from kubesim.behaviour.answer import HEALTHY
    from kubesim.engine.simulate import simulate

    runs = [(b.label, b.behaviour, b.duration) for b in behaviours] or [
        ("the healthy app", HEALTHY, 300.0)]
    out = []
    for label, behaviour, duration in runs:
        pods = [p for p in (pod, trial) if p is not None]
        if meter is not None:
            meter.charge(sum(run_work(p, behaviour, duration, s.profile) for p in pods),
                         what=f"running {label} with and without the patch")
        sums = [simulate(p, behaviour, duration=duration, seed=s.seed, profile=s.profile,
                         phase=0.0, engine=s.engine, record_probes=False).summary()
                for p in pods]
        if len(sums) < 2:
            continue
        was, now = sums
        if was.first_ready_at is not None and now.first_ready_at is None:
            out.append(f"with {label} the pod never becomes Ready")
        if now.restarts > was.restarts:
            out.append(f"with {label} {was.restarts} -> {now.restarts} restarts")
    return out


def _tries(changes: Changes, other: Changes) -> list[Changes]:
    """The changes whole; with each probe's other way to the same end (`other`) in turn, then
    all of them; then without each probe's changes in turn. Smallest first within each."""
    out = [changes]
    swaps = [{**changes, field: {**{k: v for k, v in changes[field].items()
                                    if k != "timeoutSeconds"}, **alt}}
             for field, alt in other.items() if field in changes]
    out += swaps
    if len(swaps) > 1:
        out.append({**changes, **{f: {**{k: v for k, v in changes[f].items()
                                         if k != "timeoutSeconds"}, **alt}
                                  for f, alt in other.items() if f in changes}})
    if len(changes) > 1:
        out += [{k: v for k, v in changes.items() if k != left} for left in changes]
    return out


def _trial(w: Workload, c: ContainerRef, pod: ProbedContainer | None,
           patch: ProbePatch) -> ProbedContainer:
    """The container with the patch (a probe added to a container without any)."""
    if pod is not None:
        return patched_pod(pod, c, patch)
    return ProbedContainer(parse_container({k: v for k, v in apply(container_data(c), patch)
                                            .items() if k in PROBED_KEYS}),
                           object_kind=w.kind, object_name=w.name, namespace=w.namespace,
                           source=w.source)


def _pairs(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.rule, f.severity.label) for f in findings]


def _summary(changes: Changes) -> str:
    parts = []
    for field, settings in changes.items():
        shown = ", ".join(f"{k}={'unset' if v is None else v}" for k, v in settings.items()
                          if not isinstance(v, dict))
        nested = [f"{k}.{kk}={'unset' if vv is None else vv}" for k, v in settings.items()
                  if isinstance(v, dict) for kk, vv in v.items()]
        parts.append(f"{field}: " + ", ".join(x for x in [shown, *nested] if x))
    return "; ".join(parts)
