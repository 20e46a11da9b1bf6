"""KS012 and KS013: the workload's replicas as a fleet under each given behaviour.

A replicated workload (Deployment, StatefulSet, ReplicaSet) with a scenario or trace runs as
`kubesim fleet` would run it: spec.replicas pods, each its own kubelet, one wall clock, the
serving endpoints following Ready after the default propagation delay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.analysis.check.findings import CheckResult, Finding, Severity
from kubesim.fleet.capacity import summarise
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import FleetSettings

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Settings, Workload
    from kubesim.spec.model import ProbedContainer

__all__ = ["fleet_checks"]


def fleet_checks(w: Workload, c: ContainerRef, pod: ProbedContainer,
                 behaviours: list[BehaviourRef], s: Settings) -> list[CheckResult]:
    """KS012 for every behaviour when there are two or more replicas; KS013 with
    --max-zero-capacity."""
    replicas = pod.replicas or 0
    if replicas < 1:
        return []
    out = []
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
