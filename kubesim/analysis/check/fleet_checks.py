"""KS012 and KS013: the workload's replicas as a fleet under each given behaviour.

A replicated workload (Deployment, StatefulSet, ReplicaSet) with a scenario or trace runs as
`kubesim fleet` runs it with the same settings: one function builds the fleet for both
(`fleet.settings.fleet_settings`) and one runs it (`fleet.workload.simulate_started`):
spec.replicas pods, each its own kubelet, one wall clock, started as --start-spread or
--start-times say (a StatefulSet's as its podManagementPolicy creates them: OrderedReady, one
at a time), placed as the manifest asks, behind the Service that selects them
(publishNotReadyAddresses, headless), the serving endpoints following Ready after
--propagation (2 s by default, 0 with --ideal)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import weight
from kubesim.analysis.check.experiments import kept_down, run_calls
from kubesim.analysis.check.findings import CheckResult, Finding
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.behaviour.answer import HEALTHY
from kubesim.errors import UsageError
from kubesim.results import ProbeType
from kubesim.spec.manifests import POD_SPEC_AT

READINESS = ProbeType.READINESS
DELETE_AT = 60.0  # KS014 deletes the replica then: Ready by then at ordinary settings

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Settings, Workload
    from kubesim.fleet.capacity import FleetSummary
    from kubesim.fleet.settings import FleetSettings
    from kubesim.spec.model import ProbedContainer
    from kubesim.spec.workload import FleetSpec

__all__ = ["FLEET_CHECKS"]


class Fleet:
    """KS012-KS015: the workload's replicas as a fleet (a replicated workload only)."""

    name = "fleet"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        pod = subject.pod
        replicas = (pod.replicas or 0) if pod is not None else 0
        if pod is None or replicas < 1:
            return []
        out = []
        hook = pod.container.pre_stop
        if s.rollout_min_capacity is not None and pod.strategy is not None:
            out.append(CheckRun(self.name, subject, label=ROLLOUT))
        if (s.propagation_seconds is not None and READINESS in pod.container.probes()
                and (hook is None or hook.sleep is not None)):  # it serves; a judgeable hook
            out.append(CheckRun(self.name, subject, label=DELETION))
        if (replicas >= 2 or s.max_zero_capacity is not None) and subject.behaviours:
            _check_start_times(subject, replicas, s)
            out += [CheckRun(self.name, subject, b, label=b.label) for b in subject.behaviours]
        return out

    def cost(self, run: CheckRun, s: Settings) -> float:
        pod = run.pod
        replicas = pod.replicas or 0
        if run.behaviour is not None:
            b = run.behaviour
            return replicas * weight(b.behaviour) * run_calls(pod, s, b.duration)
        if run.label == ROLLOUT:
            return 2 * replicas * run_calls(pod, s, ROLLOUT_AT + 600)
        return run_calls(pod, s, DELETE_AT + 60)

    def measure(self, run: CheckRun, s: Settings) -> Any:
        # the fleet model only when a fleet runs: a plain `check` does not load it
        from kubesim.fleet.capacity import summarise
        from kubesim.fleet.workload import simulate_started

        pod = run.pod
        if run.label == ROLLOUT:
            assert s.rollout_min_capacity is not None
            return _rollout_low(pod, s, s.rollout_min_capacity)
        b = run.behaviour
        if b is None:
            assert s.propagation_seconds is not None
            return _refused(pod, s, s.propagation_seconds)
        spec = _fleet_spec(run)
        fleet = simulate_started(spec, b.behaviour, fleet_of(run, s), duration=b.duration,
                                 seed=s.seed, profile=s.profile, engine=s.engine,
                                 record_probes=False)
        down = sum(not k.restart for tl in fleet.timelines for k in tl.kills)
        ordered = (spec.statefulset is not None
                   and spec.statefulset.pod_management_policy == "OrderedReady")
        return FleetMeasured(summarise(fleet), down, kept_down(pod, s) if down else None,
                             ordered)

    def verdict(self, run: CheckRun, m: Any, s: Settings) -> list[CheckResult]:
        w, c, pod = run.workload, run.container, run.pod
        if run.label == ROLLOUT:
            return [_rollout_capacity(w, c, pod, m, s.rollout_min_capacity or 0)]
        b = run.behaviour
        if b is None:
            return [_refused_after_deletion(w, c, pod, m, s.propagation_seconds or 0.0)]
        line = c.line("livenessProbe") or c.line("readinessProbe")
        fleet = fleet_of(run, s)
        out = []
        if (pod.replicas or 0) >= 2:
            out.append(_together(w, c, b, m, line, fleet))
        if s.max_zero_capacity is not None:
            out.append(_zero(w, c, b, m.summary, line, s.max_zero_capacity,
                             _fleet_text(b, fleet, m.ordered), _restarts_text(m), fleet))
        return out


ROLLOUT = "a rolling update (synthetic)"
DELETION = "a deleted replica (synthetic)"


def fleet_of(run: CheckRun, s: Settings) -> FleetSettings:
    """The fleet KS012 and KS013 run: what `kubesim fleet` runs with the same settings
    (spec.replicas, the start, the propagation, the Service selecting the pods)."""
    from kubesim.fleet.settings import fleet_settings

    return fleet_settings(run.pod.replicas or 0, start_spread=s.start_spread,
                          start_times=s.start_times, propagation_seconds=s.propagation_seconds,
                          ideal=s.ideal, service=run.workload.service)


def _fleet_spec(run: CheckRun) -> FleetSpec:
    """What the judged object tells its fleet, read as `kubesim fleet` reads it
    (`workload_spec`: its placement, a StatefulSet's pod management), with the Service
    selecting its pods."""
    from kubesim.spec.workload import FleetSpec, workload_spec

    c, w = run.container, run.workload
    at = POD_SPEC_AT.get(w.kind)
    if at is None:  # a compact probe spec: no object
        return FleetSpec(run.pod)
    spec = workload_spec(run.pod, c.doc, c.loc[:len(c.loc) - len(at) - 2])
    return replace(spec, services=(w.service,) if w.service is not None else ())


def _check_start_times(subject: Subject, replicas: int, s: Settings) -> None:
    """--start-times names one start per replica of every workload run as a fleet."""
    times = s.start_times
    if times is not None and len(times) != replicas:
        raise UsageError(f"--start-times has {len(times)} value{'s' * (len(times) != 1)}, but "
                         f"{subject.workload.label} has {replicas} replicas (spec.replicas): "
                         "give one start per replica")


def _fleet_text(b: BehaviourRef, f: FleetSettings, ordered: bool = False) -> str:
    """`with B, 3 replicas (spec.replicas, started at 0, 45 and 90 s, propagation 2 s,
    seed-drawn grid phases)`: the fleet a KS012/KS013 finding measured."""
    if ordered:
        start = "created one at a time, each once the one before is Ready (OrderedReady)"
    elif f.start_times is not None:
        shown = [f"{t:g}" for t in f.start_times]
        start = ("started at " + (", ".join(shown[:-1]) + " and " if len(shown) > 1 else "")
                 + f"{shown[-1]} s")
    elif f.start_spread > 0:
        start = f"started within {f.start_spread:g} s"
    else:
        start = "started together"
    return (f"with {b.label}, {f.replicas} replicas (spec.replicas, {start}, propagation "
            f"{f.propagation_seconds:g} s, seed-drawn grid phases)")


def _restarts_text(m: FleetMeasured) -> str:
    """`7 restarts`; where probe kills left containers down (R4.32): `3 killed by probes
    and not restarted (its own restartPolicy is Never), 0 restarts`."""
    n = m.summary.restarts
    restarts = f"{n} restart{'s' * (n != 1)}"
    if not m.kept_down:
        return restarts
    return f"{m.kept_down} killed by probes and not restarted ({m.why}), {restarts}"


def _fleet_data(f: FleetSettings) -> dict[str, Any]:
    """The fleet's settings a KS012/KS013 finding's data carries (`kubesim fleet`'s)."""
    return {"start_spread": f.start_spread,
            "start_times": None if f.start_times is None else list(f.start_times),
            "propagation_seconds": f.propagation_seconds}


@dataclass(frozen=True)
class FleetMeasured:
    """KS012/KS013's measurement: the fleet's figures, the probe kills that left a
    container down (its restartPolicy, R4.32) and why."""

    summary: FleetSummary
    kept_down: int = 0
    why: str | None = None
    ordered: bool = False  # a StatefulSet's OrderedReady start: one pod at a time (T1)


def _together(w: Workload, c: ContainerRef, b: BehaviourRef, m: FleetMeasured,
              line: int | None, fleet: FleetSettings) -> CheckResult:
    result = CheckResult("KS012", w, c.name, b.label)
    s = m.summary
    if s.restarts == 0 and s.kills == 0:
        return result
    together = s.simultaneous_restarts
    what = (f"{together} of them killed within 30 s of each other" if together >= 2
            else "never two killed within 30 s")
    zero = s.seconds_at_zero_capacity
    # only a real outage of the Service is a reason: "no endpoint for 0 s" is none
    served = (f"; the Service had no serving endpoint for {zero:.1f} s" if zero >= 0.05 else
              "; some replica served throughout")
    message = f"{_fleet_text(b, fleet, m.ordered)}: {_restarts_text(m)}, {what}" + served
    result.findings.append(Finding.of(
        "KS012", "together" if together >= 2 else "apart", w, c.name, message, line=line, behaviour=b.label,
        data={"replicas": s.replicas, "restarts": s.restarts,
              "kills": s.kills, "not_restarted": m.kept_down,
              "simultaneous_restarts": together,
              "seconds_at_zero_capacity": round(s.seconds_at_zero_capacity, 6),
              **_fleet_data(fleet)}))
    return result


def _zero(w: Workload, c: ContainerRef, b: BehaviourRef, summary: FleetSummary, line: int | None,
          limit: float, text: str, restarts: str, fleet: FleetSettings) -> CheckResult:
    result = CheckResult("KS013", w, c.name, b.label)
    s = summary
    zero = s.seconds_at_zero_capacity
    if zero <= limit:
        return result
    message = (f"{text}: no replica served for {zero:.1f} s, over "
               f"--max-zero-capacity {limit:g} s ({restarts})")
    result.findings.append(Finding.of(
        "KS013", "over", w, c.name, message, line=line, behaviour=b.label,
        data={"replicas": s.replicas, "seconds_at_zero_capacity": round(zero, 6),
              "max_zero_capacity": limit, **_fleet_data(fleet)}))
    return result


def _refused(pod: ProbedContainer, s: Settings, propagation: float) -> float:
    """KS014's experiment: delete one healthy replica once it is Ready, and measure how long
    traffic still arrives after its listener closed (SIGTERM, after any preStop hook)."""
    # the fleet model (and the engine) only when a fleet runs: a plain `check` loads neither
    from kubesim.behaviour.scenario import Scenario  # KS014 alone deletes a replica
    from kubesim.engine.simulate import simulate
    from kubesim.fleet.capacity import refused_while_served
    from kubesim.fleet.endpoints import routed_among_ready
    timeline = simulate(pod, Scenario.from_dict({"delete": {"at": DELETE_AT}}),
                        duration=DELETE_AT + 60, seed=s.seed, profile=s.profile,
                        engine=s.engine, record_probes=False)
    return refused_while_served(timeline, routed_among_ready(timeline, propagation))


def _refused_after_deletion(w: Workload, c: ContainerRef, pod: ProbedContainer,
                            refused: float, propagation: float) -> CheckResult:
    """KS014: requests still routed to a deleted replica after its listener closed."""
    result = CheckResult("KS014", w, c.name, None)
    if refused <= 0:
        return result
    hook = pod.container.pre_stop
    what = ("no preStop hook" if hook is None or hook.sleep is None else
            f"a preStop sleep of {hook.sleep.seconds} s")
    message = (f"a deleted replica ({what}) stops listening at SIGTERM while load balancers "
               f"keep sending it requests for {refused:.2f} s more (endpoint propagation "
               f"{propagation:g} s): add a preStop sleep of at least "
               f"{math.ceil(propagation):d} s, or let the app keep accepting while it drains")
    result.findings.append(Finding.of(
        "KS014", "refused", w, c.name, message, line=c.line("livenessProbe")
        or c.line("readinessProbe"), data={"refused_seconds": round(refused, 6),
                                          "propagation_seconds": propagation}))
    return result


ROLLOUT_AT = 60.0  # KS015 applies the new template then: the old replicas are Ready by then


@dataclass(frozen=True)
class RolloutLow:
    """KS015's measurement: where fewer endpoints served than the minimum."""

    lowest: int | None  # None: never below the minimum
    seconds: float
    surge: int
    unavailable: int
    recreate: bool


def _rollout_low(pod: ProbedContainer, s: Settings, minimum: int) -> RolloutLow:
    """KS015's experiment: roll the Deployment to a new template (the same probes, a healthy
    app) with its own strategy, and find where fewer than `minimum` endpoints serve."""
    # the fleet model only when a fleet runs: a plain `check` does not load it
    from kubesim.fleet.capacity import capacity
    from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
    from kubesim.fleet.settings import DEFAULT_PROPAGATION_SECONDS, FleetSettings

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
    return RolloutLow(min((p.serving for p, _ in low), default=None),
                      sum(until - p.at for p, until in low), run.surge, run.unavailable,
                      rollout.recreate)


def _rollout_capacity(w: Workload, c: ContainerRef, pod: ProbedContainer, m: RolloutLow,
                      minimum: int) -> CheckResult:
    """KS015: a rolling update below --rollout-min-capacity."""
    result = CheckResult("KS015", w, c.name, None)
    if m.lowest is None:
        return result
    strategy = pod.strategy
    assert strategy is not None
    how = "Recreate" if m.recreate else f"maxSurge {m.surge}, maxUnavailable {m.unavailable}"
    message = (f"rolling out {pod.replicas or 0} replicas ({how}, minReadySeconds "
               f"{strategy.min_ready_seconds}): serving endpoints drop to {m.lowest}, below "
               f"--rollout-min-capacity {minimum}, for {m.seconds:.1f} s while new pods warm "
               "up")
    result.findings.append(Finding.of(
        "KS015", "below", w, c.name, message,
        line=c.line("readinessProbe") or c.line("livenessProbe"),
        data={"lowest": m.lowest, "seconds_below": round(m.seconds, 6), "surge": m.surge,
              "unavailable": m.unavailable}))
    return result


FLEET_CHECKS = (Fleet(),)
