"""Sweep points over fleets (`kubesim sweep --fleet`): each run is a whole fleet.

Fleet parameters: `replicas`, `fleet.startSpread`, `fleet.propagation`, `fleet.load.rps`,
`fleet.load.capacity` (both set the load model; one alone needs the other from `--load`),
`fleet.minCapacity`. A point runs `phases x seeds` fleets (run k with seed `seed + k`: every
replica draws its own grid phase from it). Per point, besides the pod figures summed over the
replicas: the lowest capacity, seconds at zero capacity (mean, max), seconds below the
threshold (max) and the most replicas down at once.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from kubesim.analysis.sweep.grid import FLEET_FIELDS, PointResult, apply_point
from kubesim.errors import SpecError, UsageError
from kubesim.fleet.capacity import refused_seconds, summarise
from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import LoadModel
from kubesim.spec.model import DeploymentStrategy, Lifecycle, LifecycleHandler, SleepAction

if TYPE_CHECKING:
    from kubesim.analysis.sweep.grid import Point, SweepSpec
    from kubesim.fleet.settings import FleetSettings
    from kubesim.spec.model import ProbedContainer

__all__ = ["check_fleet_point", "evaluate_fleet_point", "fleet_of"]

_PLAIN = {"replicas": "replicas", "fleet.startSpread": "start_spread",
          "fleet.propagation": "propagation_seconds", "fleet.minCapacity": "min_capacity"}


def fleet_of(base: FleetSettings, values: dict[str, Any]) -> FleetSettings:
    """The fleet settings of one grid point."""
    update: dict[str, Any] = {}
    for name, value in values.items():
        if name not in FLEET_FIELDS:
            continue
        if name in _PLAIN and name in values:
            if name in ("replicas", "fleet.minCapacity") and value is not None \
                    and (not isinstance(value, int) or isinstance(value, bool)):
                raise UsageError(f"--set {name}={value}: a whole number")
            update[_PLAIN[name]] = value
    load = base.load
    rps, cap = values.get("fleet.load.rps"), values.get("fleet.load.capacity")
    if rps is not None or cap is not None:
        if load is None and (rps is None or cap is None):
            raise UsageError("--set fleet.load.rps and fleet.load.capacity go together "
                             "(or give the other with --load RPS:CAPACITY)")
        load = LoadModel(rps if rps is not None else load.requests_per_second,  # type: ignore[union-attr]
                         cap if cap is not None else load.capacity_per_replica)  # type: ignore[union-attr]
    try:
        return dataclasses.replace(base, **update, load=load)
    except TypeError as exc:
        raise UsageError(f"fleet parameters: {exc}") from None


def _with_pre_stop(pod: ProbedContainer, seconds: Any) -> ProbedContainer:
    """The pod with a preStop sleep of `seconds` (none: no preStop hook); its other hooks
    stay."""
    if seconds is None:
        hook = None
    elif isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
        raise UsageError(f"--set preStop.sleep={seconds}: a whole number of seconds >= 0")
    else:
        hook = LifecycleHandler(sleep=SleepAction(seconds=seconds))
    lifecycle = (pod.container.lifecycle or Lifecycle()).model_copy(update={"pre_stop": hook})
    container = pod.container.model_copy(update={"lifecycle": lifecycle})
    try:  # a sleep longer than the pod's grace is refused, as the API server does (R5.19)
        return dataclasses.replace(pod, container=container)
    except SpecError as exc:
        raise UsageError(f"--set preStop.sleep={seconds}: {exc.message}") from None


def _rollout_of(pod: ProbedContainer, values: dict[str, Any]) -> RolloutSettings | None:
    keys = [k for k in values if k.startswith("rollout.")]
    if not keys:
        return None
    if "rollout.at" not in values:
        raise UsageError("--set rollout.* needs rollout.at (when the new template is applied)")
    base = pod.strategy or DeploymentStrategy()
    return RolloutSettings(
        at=values["rollout.at"], max_surge=values.get("rollout.maxSurge", base.max_surge),
        max_unavailable=values.get("rollout.maxUnavailable", base.max_unavailable),
        min_ready_seconds=values.get("rollout.minReadySeconds", base.min_ready_seconds),
        progress_deadline_seconds=base.progress_deadline_seconds,
        recreate=base.type == "Recreate")


def check_fleet_point(spec: SweepSpec, values: dict[str, Any], pod: ProbedContainer) -> None:
    """Fail before any run if a point's fleet, rollout or preStop cannot be built (`pod`:
    the point's, `apply_point`'s)."""
    assert spec.fleet is not None
    fleet_of(spec.fleet, values)
    if "preStop.sleep" in values:
        pod = _with_pre_stop(pod, values["preStop.sleep"])
    _rollout_of(pod, values)


def evaluate_fleet_point(spec: SweepSpec, point: Point) -> PointResult:
    """Every run of one fleet point, folded into its result."""
    assert spec.fleet is not None
    settings = fleet_of(spec.fleet, point.values)
    pod, behaviour = point.built or apply_point(spec.pod_at(point.values), spec.behaviour,
                                                point.values)
    if "preStop.sleep" in point.values:
        pod = _with_pre_stop(pod, point.values["preStop.sleep"])
    rollout = _rollout_of(pod, point.values)
    runs = []
    refused = 0.0
    for k in range(spec.phases * spec.seeds):
        if rollout is not None:
            fleet: Any = simulate_rollout(pod, pod, behaviour, behaviour, settings, rollout,
                                          duration=spec.duration, seed=spec.seed + k,
                                          profile=spec.profile, engine=spec.engine,
                                          record_probes=False)
            refused = max(refused, sum(refused_seconds(fleet)))
        else:
            fleet = simulate_fleet(pod, behaviour, settings, duration=spec.duration,
                                   seed=spec.seed + k, profile=spec.profile,
                                   engine=spec.engine, record_probes=False)
        runs.append((fleet, summarise(fleet)))
    n = len(runs)
    pods = [tl.summary() for fleet, _ in runs for tl in fleet.timelines]
    ready = [s.first_ready_at for s in pods if s.first_ready_at is not None]
    sums = [s for _, s in runs]
    expectations = {}
    for e in spec.expectations:
        if e.kind == "no-restart":
            expectations[e.name] = all(s.restarts == 0 for s in sums)
        elif e.kind == "max-restarts":
            expectations[e.name] = all(s.restarts <= (e.limit or 0) for s in sums)
        else:
            raise UsageError(f"--expect {e.name} is for single pods; with --fleet use "
                             "no-restart or max-restarts=N")
    return PointResult(
        index=point.index, values=dict(point.values), runs=n,
        restarts_mean=sum(s.restarts for s in sums) / n,
        restarts_max=max(s.restarts for s in sums),
        kills_mean=sum(s.kills for s in sums) / n,
        unready_mean=sum(spec.duration - s.ready_seconds for s in pods) / len(pods),
        unready_max=max(spec.duration - s.ready_seconds for s in pods),
        first_ready_mean=sum(ready) / len(ready) if ready else None,
        first_ready_max=max(ready) if ready else None,
        never_ready=len(pods) - len(ready), hang_to_kill_max=None, hang_unkilled=0,
        probes=sum(sum(s.probes.values()) for s in pods),
        expectations=expectations,
        fleet={"replicas": settings.replicas,
               "min_capacity": min(s.min_capacity for s in sums),
               "zero_capacity_mean": sum(s.seconds_at_zero_capacity for s in sums) / n,
               "zero_capacity_max": max(s.seconds_at_zero_capacity for s in sums),
               "below_threshold_max": max(s.seconds_below_threshold for s in sums),
               "simultaneous_restarts_max": max(s.simultaneous_restarts for s in sums),
               **({"refused_seconds_max": refused} if rollout is not None else {})})
