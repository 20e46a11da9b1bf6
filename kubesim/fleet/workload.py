"""A fleet under its controllers: a Deployment's or a StatefulSet's, with a rollout, a drain,
or both in one run (`simulate_workload`); the fleet as it starts, with neither
(`simulate_started`: what `kubesim fleet` and `kubesim check`'s fleet checks both run).

Everything runs on one scheduler, stepped (the controllers read every pod's state): the
fleet's pods start as `kubesim fleet` starts them (a Deployment's at their start times; a
StatefulSet's as its pod management policy creates them), the workload's controller looks
every `controller_seconds`, the rollout applies the new template at `rollout.at`, the drain
begins at `drain.at`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kubesim.engine.simulate import make_scheduler
from kubesim.errors import UsageError
from kubesim.fleet.casting import cast, members_of
from kubesim.fleet.control import ControlPlane, Version, WorkloadController
from kubesim.fleet.controllers import rolling_fenceposts, statefulset_max_unavailable
from kubesim.fleet.deployment import DeploymentController
from kubesim.fleet.eviction import Drain
from kubesim.fleet.records import ControlledRun
from kubesim.fleet.run import simulate_fleet, start_times
from kubesim.fleet.serving import ServingIndex
from kubesim.fleet.statefulset import StatefulSetController
from kubesim.fleet.topology import Scheduler, make_nodes
from kubesim.kubelet.restart_rules import gate_notes
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.model import DeploymentStrategy
from kubesim.spec.workload import Placement

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.records import FleetRun
    from kubesim.fleet.settings import DrainSettings, FleetSettings, RolloutSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.workload import FleetSpec, StatefulSetSpec

__all__ = ["simulate_started", "simulate_workload"]


def simulate_started(spec: FleetSpec, behaviour: Behaviour, settings: FleetSettings, *,
                     duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                     engine: str = "fast", record_probes: bool = True,
                     pod_start_seconds: float = 2.0) -> FleetRun:
    """The workload's fleet with no rollout and no drain, as `kubesim fleet` runs it and
    `kubesim check`'s KS012/KS013 judge it: the replicas started as `settings` says
    (`simulate_fleet`), or a StatefulSet's pods created by its controller as its
    podManagementPolicy says (OrderedReady: each once the one before is Ready, T1), placed
    by `spec.placement`."""
    pod = spec.pod
    sts = spec.statefulset
    if sts is None:
        return simulate_fleet(pod, behaviour, settings, duration=duration, seed=seed,
                              profile=profile, engine=engine, record_probes=record_probes,
                              placement=spec.placement)
    members = members_of(settings, pod.object_name, statefulset=True)
    versions = {"old": Version(pod, cast(behaviour, members), 1,
                               behaviour.uses_ready_fraction())}
    strategy = pod.strategy or DeploymentStrategy()
    return simulate_workload(versions, settings, workload=pod.object_name, statefulset=sts,
                             placement=spec.placement,
                             min_ready_seconds=strategy.min_ready_seconds, duration=duration,
                             seed=seed, profile=profile, engine=engine,
                             record_probes=record_probes, pod_start_seconds=pod_start_seconds)


def simulate_workload(versions: dict[str, Version], settings: FleetSettings, *,
                      workload: str = "app", statefulset: StatefulSetSpec | None = None,
                      placement: Placement | None = None,
                      rollout: RolloutSettings | None = None, drain: DrainSettings | None = None,
                      min_ready_seconds: int = 0, duration: float = 600.0, seed: int = 0,
                      profile: KubeletProfile = CLASSIC, engine: str = "fast",
                      record_probes: bool = True, pod_start_seconds: float | None = None,
                      controller_seconds: float | None = None) -> ControlledRun:
    """Run the workload's fleet (`versions["old"]`; a rollout's `versions["new"]`) under its
    controller, with the rollout and the drain given."""
    placement = Placement() if placement is None else placement
    _check(settings, statefulset, rollout, drain, duration, versions)
    pod_start = pod_start_seconds if pod_start_seconds is not None else (
        rollout.pod_start_seconds if rollout is not None else
        drain.pod_start_seconds if drain is not None else 2.0)
    if not (math.isfinite(pod_start) and 0 <= pod_start < duration):
        raise UsageError(f"pod_start_seconds={pod_start:g} must be a number of seconds >= 0, "
                         f"shorter than the run ({duration:g} s): a new pod would never run")
    look = controller_seconds if controller_seconds is not None else (
        rollout.controller_seconds if rollout is not None else 1.0)
    sched = make_scheduler(engine)
    nodes = make_nodes(settings.node_count, settings.zone_names)
    if drain is not None and drain.node is not None and drain.node not in {n.name for n in nodes}:
        raise UsageError(f"drain node {drain.node!r} is not one of the fleet's nodes "
                         f"(node-1 ... node-{len(nodes)})")
    view = ServingIndex(settings.propagation_seconds, settings.replicas, end=duration,
                        publish_not_ready=settings.publish_not_ready_addresses,
                        headless=settings.headless) if settings.load is not None or any(
        v.ready_fraction for v in versions.values()) else None
    plane = ControlPlane(sched, versions, settings, Scheduler(nodes, placement),
                         workload=workload, duration=duration, seed=seed, profile=profile,
                         record_probes=record_probes, pod_start_seconds=pod_start, view=view)
    starts = start_times(settings, seed)
    controller: WorkloadController
    if statefulset is not None:
        controller = StatefulSetController(plane, settings.replicas, statefulset,
                                           rollout=rollout, controller_seconds=look,
                                           starts=starts)
        surge, unavailable = 0, statefulset_max_unavailable(statefulset.max_unavailable,
                                                            settings.replicas)
    else:
        for start in starts:
            plane.create("old", 0.0, start=start)
        surge, unavailable = _fenceposts(rollout, settings.replicas)
        controller = DeploymentController(plane, settings.replicas, rollout=rollout,
                                          surge=surge, unavailable=unavailable,
                                          min_ready_seconds=min_ready_seconds,
                                          controller_seconds=look)
    sched.process(controller.loop())
    drainer = Drain(plane, drain, controller) if drain is not None else None
    if drainer is not None:
        sched.process(drainer.loop())
    sched.run(until=duration)
    outcome = dict(controller.outcome)
    if drainer is not None:
        outcome.update(drainer.outcome)
    return ControlledRun(
        settings, plane.starts, plane.timelines(), duration, seed,  # type: ignore[arg-type]
        [p.identity for p in plane.pods], nodes,
        tuple(dict.fromkeys((*placement.notes, *(n for v in versions.values()
                                                  for n in gate_notes(v.pod, profile))))),
        "StatefulSet" if statefulset is not None else "Deployment", pods=plane.pods,
        rollout=rollout, drain=drain, surge=surge, unavailable=unavailable, outcome=outcome,
        conditions=list(controller.conditions),
        evictions=drainer.evictions() if drainer is not None else [],
        actions=sorted(plane.actions, key=lambda a: a[0]))


def _fenceposts(rollout: RolloutSettings | None, replicas: int) -> tuple[int, int]:
    if rollout is None:
        return 0, 0
    if rollout.recreate:
        return 0, replicas
    return rolling_fenceposts(rollout.max_surge, rollout.max_unavailable, replicas)


def _check(settings: FleetSettings, statefulset: StatefulSetSpec | None,
           rollout: RolloutSettings | None, drain: DrainSettings | None, duration: float,
           versions: dict[str, Version]) -> None:
    settings.check_run(duration)
    if rollout is not None:
        rollout.check_run(duration)
    if rollout is not None and "new" not in versions:
        raise UsageError("a rollout needs the new version's pod")
    if drain is not None:
        drain.check_run(duration)
    if drain is not None and drain.pods is not None and drain.pods > settings.replicas:
        raise UsageError(f"drain pods={drain.pods} must be at most the {settings.replicas} "
                         "replicas")
    ordered = statefulset is not None and statefulset.pod_management_policy == "OrderedReady"
    if ordered and (settings.start_spread > 0 or settings.start_times is not None):
        raise UsageError("an OrderedReady StatefulSet creates each pod once the one before "
                         "it is Ready: start spreads and start times apply to "
                         "podManagementPolicy Parallel only")
