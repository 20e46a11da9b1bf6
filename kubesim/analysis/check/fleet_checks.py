"""KS012 and KS013: the workload's replicas as a fleet under each given behaviour.

A replicated workload (Deployment, StatefulSet, ReplicaSet) with a scenario or trace runs as
`kubesim fleet` would run it: spec.replicas pods, each its own kubelet, one wall clock, the
serving endpoints following Ready after the default propagation delay."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kubesim.analysis.check.findings import CheckResult, Finding
from kubesim.analysis.check.rules import Severity
from kubesim.behaviour.scenario import Scenario
from kubesim.results import ProbeType
from kubesim.engine.simulate import simulate
from kubesim.behaviour.answer import HEALTHY
from kubesim.fleet.capacity import capacity, refused_while_served, summarise
from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import DEFAULT_PROPAGATION_SECONDS, FleetSettings

READINESS = ProbeType.READINESS
DELETE_AT = 60.0  # KS014 deletes the replica then: Ready by then at ordinary settings

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Settings, Workload
    from kubesim.spec.model import ProbedContainer

__all__ = ["fleet_checks"]


def fleet_checks(w: Workload, c: ContainerRef, pod: ProbedContainer,
                 behaviours: list[BehaviourRef], s: Settings) -> list[CheckResult]:
    """KS014 for a replicated workload; KS012 for every behaviour when there are two or more
    replicas; KS013 with --max-zero-capacity."""
    replicas = pod.replicas or 0
    if replicas < 1:
        return []
    out = []
    hook = pod.container.pre_stop
    if s.rollout_min_capacity is not None and pod.strategy is not None:
        out.append(_rollout_capacity(w, c, pod, s, s.rollout_min_capacity))
    if (s.propagation_seconds is not None and READINESS in pod.container.probes()
            and (hook is None or hook.sleep is not None)):  # it serves; a judgeable hook
        out.append(_refused_after_deletion(w, c, pod, s, s.propagation_seconds))
    for b in behaviours:
        fleet = simulate_fleet(pod, b.behaviour, FleetSettings(replicas), duration=b.duration,
                               seed=s.seed, profile=s.profile, engine=s.engine,
                               record_probes=False)
        summary = summarise(fleet)
        line = c.line("livenessProbe") or c.line("readinessProbe")
        if replicas >= 2:
            out.append(_together(w, c, b, summary, line))
        if s.max_zero_capacity is not None:
            out.append(_zero(w, c, b, summary, line, s.max_zero_capacity))
    return out


def _fleet_text(b: BehaviourRef, n: int) -> str:
    return f"with {b.label}, {n} replicas (spec.replicas, seed-drawn grid phases)"


def _together(w: Workload, c: ContainerRef, b: BehaviourRef, summary: object,
              line: int | None) -> CheckResult:
    result = CheckResult("KS012", w, c.name, b.label)
    s = summary
    if s.restarts == 0:  # type: ignore[attr-defined]
        return result
    together = s.simultaneous_restarts  # type: ignore[attr-defined]
    severity = Severity.ERROR if together >= 2 else Severity.WARNING
    what = (f"{together} of them killed within 30 s of each other" if together >= 2
            else "never two killed within 30 s")
    message = (f"{_fleet_text(b, s.replicas)}: {s.restarts} restarts, {what}; the "  # type: ignore[attr-defined]
               f"Service had no serving endpoint for {s.seconds_at_zero_capacity:.0f} s")  # type: ignore[attr-defined]
    result.findings.append(Finding(
        "KS012", severity, w, c.name, message, line=line, behaviour=b.label,
        data={"replicas": s.replicas, "restarts": s.restarts,  # type: ignore[attr-defined]
              "simultaneous_restarts": together,
              "seconds_at_zero_capacity": round(s.seconds_at_zero_capacity, 6)}))  # type: ignore[attr-defined]
    return result


def _zero(w: Workload, c: ContainerRef, b: BehaviourRef, summary: object, line: int | None,
          limit: float) -> CheckResult:
    result = CheckResult("KS013", w, c.name, b.label)
    s = summary
    zero = s.seconds_at_zero_capacity  # type: ignore[attr-defined]
    if zero <= limit:
        return result
    message = (f"{_fleet_text(b, s.replicas)}: no replica served for {zero:.1f} s, over "  # type: ignore[attr-defined]
               f"--max-zero-capacity {limit:g} s ({s.restarts} restarts)")  # type: ignore[attr-defined]
    result.findings.append(Finding(
        "KS013", Severity.ERROR, w, c.name, message, line=line, behaviour=b.label,
        data={"replicas": s.replicas, "seconds_at_zero_capacity": round(zero, 6),  # type: ignore[attr-defined]
              "max_zero_capacity": limit}))
    return result


def _refused_after_deletion(w: Workload, c: ContainerRef, pod: ProbedContainer,
                            s: Settings, propagation: float) -> CheckResult:
    """KS014: delete one healthy replica once it is Ready, and measure how long traffic still
    arrives after its listener closed (SIGTERM, after any preStop hook)."""
    result = CheckResult("KS014", w, c.name, None)
    at = DELETE_AT
    timeline = simulate(pod, Scenario.from_dict({"delete": {"at": at}}), duration=at + 60,
                        seed=s.seed, profile=s.profile, engine=s.engine, record_probes=False)
    refused = refused_while_served(timeline, propagation)
    if refused <= 0:
        return result
    hook = pod.container.pre_stop
    what = ("no preStop hook" if hook is None or hook.sleep is None else
            f"a preStop sleep of {hook.sleep.seconds} s")
    message = (f"a deleted replica ({what}) stops listening at SIGTERM while load balancers "
               f"keep sending it requests for {refused:.2f} s more (endpoint propagation "
               f"{propagation:g} s): add a preStop sleep of at least "
               f"{math.ceil(propagation):d} s, or let the app keep accepting while it drains")
    result.findings.append(Finding(
        "KS014", Severity.INFO, w, c.name, message, line=c.line("livenessProbe")
        or c.line("readinessProbe"), data={"refused_seconds": round(refused, 6),
                                          "propagation_seconds": propagation}))
    return result


ROLLOUT_AT = 60.0  # KS015 applies the new template then: the old replicas are Ready by then


def _rollout_capacity(w: Workload, c: ContainerRef, pod: ProbedContainer, s: Settings,
                      minimum: int) -> CheckResult:
    """KS015: roll the Deployment to a new template (the same probes, a healthy app) with its
    own strategy, and find where fewer than `minimum` endpoints serve."""
    result = CheckResult("KS015", w, c.name, None)
    strategy = pod.strategy
    assert strategy is not None
    rollout = RolloutSettings(
        at=ROLLOUT_AT, max_surge=strategy.max_surge, max_unavailable=strategy.max_unavailable,
        min_ready_seconds=strategy.min_ready_seconds,
        progress_deadline_seconds=strategy.progress_deadline_seconds,
        recreate=strategy.type == "Recreate")
    replicas = pod.replicas or 0
    propagation = s.propagation_seconds if s.propagation_seconds is not None else \
        DEFAULT_PROPAGATION_SECONDS
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY,
                           FleetSettings(replicas, propagation_seconds=propagation), rollout,
                           duration=ROLLOUT_AT + 600, seed=s.seed, profile=s.profile,
                           engine=s.engine, record_probes=False)
    series = [p for p in capacity(run) if p.at >= ROLLOUT_AT]
    end = run.completed_at if run.completed_at is not None else run.duration
    low = [(p, (series[i + 1].at if i + 1 < len(series) else run.duration))
           for i, p in enumerate(series) if p.serving < minimum and p.at < end + propagation]
    if not low:
        return result
    lowest = min(p.serving for p, _ in low)
    seconds = sum(until - p.at for p, until in low)
    how = ("Recreate" if rollout.recreate else
           f"maxSurge {run.surge}, maxUnavailable {run.unavailable}")
    message = (f"rolling out {replicas} replicas ({how}, minReadySeconds "
               f"{strategy.min_ready_seconds}): serving endpoints drop to {lowest}, below "
               f"--rollout-min-capacity {minimum}, for {seconds:.1f} s while new pods warm up")
    result.findings.append(Finding(
        "KS015", Severity.ERROR, w, c.name, message,
        line=c.line("readinessProbe") or c.line("livenessProbe"),
        data={"lowest": lowest, "seconds_below": round(seconds, 6), "surge": run.surge,
              "unavailable": run.unavailable}))
    return result
