"""The replicas of a fleet on the engine.

Without a load model the replicas do not interact: each runs as its own pod (its own
scheduler, so the fast one jumps its quiet stretches), on the shared wall clock of the
behaviour. With one, every replica's answers depend on how many serve, so all run on one
scheduler, stepped event by event (either scheduler; they agree, as for one pod).
Replica i draws from its own generator, seeded by (seed, i): its grid phase, PLEG phase,
jitter and latency draws; the fleet's generator (seed) draws the start times. Each replica is
placed on a node first (`topology.Scheduler`, in index order) and plays the behaviour
`behaviour_of(identity)` gives it (default: the one behaviour); a replica no node fits stays
Pending and never runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kubesim.engine.simulate import add_kubelet, make_scheduler
from kubesim.fleet.load import LoadedBehaviour, ServingView
from kubesim.fleet.records import FleetRun
from kubesim.fleet.topology import NodeCounts, Scheduler, make_nodes
from kubesim.identity import PodIdentity
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.workload import Placement
from kubesim.timeline import Timeline

if TYPE_CHECKING:
    from collections.abc import Callable

    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings
    from kubesim.fleet.topology import Node
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["initial_placement", "simulate_fleet", "start_times"]


def start_times(settings: FleetSettings, seed: int) -> list[float]:
    """When each replica's first container starts: the exact `start_times` if given, else
    uniform over the spread, sorted, the first at 0 (the run's clock starts with the fleet)."""
    if settings.start_times is not None:
        return [float(t) for t in settings.start_times]
    if settings.start_spread <= 0 or settings.replicas == 1:
        return [0.0] * settings.replicas
    rng = np.random.default_rng(seed)
    later = np.sort(rng.uniform(0, settings.start_spread, settings.replicas - 1))
    return [0.0, *(float(t) for t in later)]


def initial_placement(settings: FleetSettings, placement: Placement
                      ) -> tuple[tuple[Node, ...], list[Node | None]]:
    """The fleet's nodes, and where the scheduler puts replicas 0, 1, ... in turn."""
    nodes = make_nodes(settings.node_count, settings.zone_names)
    scheduler = Scheduler(nodes, placement)
    counts = NodeCounts()  # kept as the pods are placed: the same as counting them anew
    out: list[Node | None] = []
    for _ in range(settings.replicas):
        node = scheduler.place_counted(counts, frozenset())
        out.append(node)
        if node is not None:
            counts.add(node.name, True)
    return nodes, out


def simulate_fleet(pod: ProbedContainer, behaviour: Behaviour, settings: FleetSettings, *,
                   duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                   engine: str = "fast", record_probes: bool = True,
                   placement: Placement | None = None,
                   behaviour_of: Callable[[PodIdentity], Behaviour] | None = None) -> FleetRun:
    """Run `settings.replicas` copies of `pod` for `duration` seconds, each placed on a node
    and playing `behaviour_of(identity)` (default: `behaviour`)."""
    settings.check_run(duration)
    placement = Placement() if placement is None else placement
    starts = start_times(settings, seed)
    nodes, where = initial_placement(settings, placement)
    identities = [PodIdentity(i, f"{pod.object_name}-r1-{i}", n.name if n else "",
                              n.zone if n else "") for i, n in enumerate(where)]
    pick = behaviour_of if behaviour_of is not None else (lambda _: behaviour)
    checked: dict[int, Behaviour] = {}
    view = ServingView(settings.propagation_seconds, settings.replicas,
                       publish_not_ready=settings.publish_not_ready_addresses,
                       headless=settings.headless) if settings.load is not None else None
    shared = make_scheduler(engine) if view is not None else None
    timelines: list[Timeline] = []
    for i, (start, ident) in enumerate(zip(starts, identities, strict=True)):
        if not ident.node or start >= duration:  # Pending, or starts after the run
            blank = Timeline(duration=duration, seed=seed, phase=0.0, profile=profile.name)
            blank.set_names([c.name for c in pod.containers])
            timelines.append(blank)
            continue
        mine = pick(ident)
        seen = id(mine) in checked
        checked[id(mine)] = mine
        if view is not None and settings.load is not None:
            mine = LoadedBehaviour(mine, settings.load, view, len(view.timelines))
        sched = shared if shared is not None else make_scheduler(engine)
        tl = add_kubelet(sched, pod, mine, duration=duration, seed=seed, profile=profile,
                         phase=None, keep_probes=record_probes,
                         rng=np.random.default_rng([seed, i]), checked=seen, start=start,
                         jumps=view is None)
        timelines.append(tl)
        if view is not None:
            view.timelines.append(tl)
        else:
            sched.run(until=duration)
    if shared is not None:
        shared.run(until=duration)
    return FleetRun(settings, starts, timelines, duration, seed, identities, nodes,
                    placement.notes, pod.object_kind)
