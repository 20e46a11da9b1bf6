"""The replicas of a fleet on the engine.

Without a load model the replicas do not interact: each runs as its own pod (its own
scheduler, so the fast one jumps its quiet stretches), on the shared wall clock of the
behaviour. With one, every replica's answers depend on how many serve: on the fast
scheduler, with traffic following the endpoints after a delay, each replica still runs on
its own scheduler, in rounds within which the routing is known (`fleet.load_run`);
otherwise all run on one scheduler, stepped event by event (either scheduler; they agree,
as for one pod). The routing is read from a serving index the replicas' timelines push
their endpoint changes into (`fleet.serving`).
Replica i draws from its own generator, seeded by (seed, i): its grid phase, PLEG phase,
jitter and latency draws; the fleet's generator (seed) draws the start times. Each replica is
placed on a node first (`topology.Scheduler`, in index order) and plays the behaviour
`behaviour_of(identity)` gives it (default: the behaviour's part for that pod, by its replica
selectors); a replica no node fits stays Pending and never runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kubesim.engine.simulate import launch_pod, make_scheduler
from kubesim.errors import UsageError
from kubesim.fleet.casting import cast
from kubesim.fleet.load import LoadedBehaviour, Round
from kubesim.fleet.load_run import JumpedReplica, run_rounds
from kubesim.fleet.records import FleetRun
from kubesim.fleet.serving import ServingIndex
from kubesim.fleet.serving_reference import RescannedServing
from kubesim.fleet.topology import Scheduler, make_nodes
from kubesim.identity import FleetMembers, PodIdentity
from kubesim.kubelet.restart_rules import gate_notes
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.workload import Placement
from kubesim.timeline import Timeline

if TYPE_CHECKING:
    from collections.abc import Callable

    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.serving import Serving
    from kubesim.fleet.settings import FleetSettings
    from kubesim.fleet.topology import Node
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["LOAD_PATHS", "initial_placement", "simulate_fleet", "start_times"]


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
    return nodes, Scheduler(nodes, placement).place_new(settings.replicas)


LOAD_PATHS = ("jumped", "stepped", "rescanned")


def simulate_fleet(pod: ProbedContainer, behaviour: Behaviour, settings: FleetSettings, *,
                   duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                   engine: str = "fast", record_probes: bool = True,
                   placement: Placement | None = None,
                   behaviour_of: Callable[[PodIdentity], Behaviour] | None = None,
                   load_path: str | None = None) -> FleetRun:
    """Run `settings.replicas` copies of `pod` for `duration` seconds, each placed on a node
    and playing `behaviour_of(identity)` (default: `behaviour.for_pod(identity)`, its
    replica selectors checked against the fleet: `fleet.casting`).

    Under the load model the replicas run, by default, `"jumped"` (each on its own fast
    scheduler, in rounds: `fleet.load_run`) when the fast scheduler is asked for and traffic
    follows the endpoints after a delay, else `"stepped"` (one scheduler, every event);
    `"rescanned"` is the stepped fleet on the reference serving index
    (`fleet.serving_reference`). All three give the same run."""
    settings.check_run(duration)
    placement = Placement() if placement is None else placement
    starts = start_times(settings, seed)
    nodes, where = initial_placement(settings, placement)
    identities = [PodIdentity(i, f"{pod.object_name}-r1-{i}", n.name if n else "",
                              n.zone if n else "") for i, n in enumerate(where)]
    pick = behaviour_of if behaviour_of is not None else cast(behaviour, FleetMembers(
        settings.replicas, tuple(i.name for i in identities), tuple(n.name for n in nodes),
        settings.zone_names))
    path = _load_path(settings, engine, load_path, laws=behaviour.uses_ready_fraction())
    runner = _Runner(pod, settings, duration=duration, seed=seed, profile=profile,
                     engine=engine, record_probes=record_probes, path=path)
    timelines = [runner.add(i, start, ident, pick) for i, (start, ident)
                 in enumerate(zip(starts, identities, strict=True))]
    runner.finish()
    return FleetRun(settings, starts, timelines, duration, seed, identities, nodes,
                    (*placement.notes, *gate_notes(pod, profile)), pod.object_kind)


def _load_path(settings: FleetSettings, engine: str, asked: str | None, *, laws: bool
               ) -> str | None:
    """How a loaded fleet runs (None: no load model nor latency law, every replica apart
    and jumped). Answers by a ready-fraction law are never constant: such a fleet is
    stepped unless asked otherwise."""
    if asked is not None and asked not in LOAD_PATHS:
        raise UsageError(f"load_path={asked!r} must be one of {', '.join(LOAD_PATHS)}")
    if settings.load is None and not laws:
        return None
    if asked is None:
        return ("jumped" if engine == "fast" and settings.propagation_seconds > 0 and not laws
                else "stepped")
    if asked == "jumped" and not (engine == "fast" and settings.propagation_seconds > 0):
        raise UsageError("a jumped loaded fleet needs the fast scheduler and a propagation "
                         "delay > 0")
    return asked


class _Runner:
    """Puts the fleet's replicas on their schedulers as they are placed, then runs them."""

    def __init__(self, pod: ProbedContainer, settings: FleetSettings, *, duration: float,
                 seed: int, profile: KubeletProfile, engine: str, record_probes: bool,
                 path: str | None) -> None:
        self.pod, self.settings, self.duration, self.seed = pod, settings, duration, seed
        self.profile, self.engine, self.record_probes, self.path = profile, engine, \
            record_probes, path
        self.checked: dict[int, Behaviour] = {}
        d = settings.propagation_seconds
        self.view: Serving | None = None
        index: ServingIndex | None = None
        if path == "rescanned":
            self.view = RescannedServing(d, settings.replicas,
                                         publish_not_ready=settings.publish_not_ready_addresses,
                                         headless=settings.headless)
        elif path is not None:
            self.view = index = ServingIndex(
                d, settings.replicas, end=duration,
                publish_not_ready=settings.publish_not_ready_addresses,
                headless=settings.headless)
        self.round = Round(index=index) if path == "jumped" else None
        self.shared = make_scheduler(engine) if path in ("stepped", "rescanned") else None
        self.jumped: list[JumpedReplica] = []

    def add(self, i: int, start: float, ident: PodIdentity,
            pick: Callable[[PodIdentity], Behaviour]) -> Timeline:
        """Replica i, placed as `ident` says, starting at `start`; its timeline."""
        pod, duration, profile = self.pod, self.duration, self.profile
        if not ident.node or start >= duration:  # Pending, or starts after the run
            blank = Timeline(duration=duration, seed=self.seed, phase=0.0, profile=profile.name)
            blank.set_names([c.name for c in pod.containers])
            return blank
        mine = pick(ident)
        seen = id(mine) in self.checked
        self.checked[id(mine)] = mine
        loaded: LoadedBehaviour | None = None
        if self.view is not None:
            replica = len(self.view.timelines)
            mine = loaded = LoadedBehaviour(mine, self.settings.load, self.view, replica,
                                            self.round)
        sched = self.shared if self.shared is not None else make_scheduler(self.engine)
        handle = launch_pod(sched, pod, mine, duration=duration, seed=self.seed,
                            profile=profile, phase=None, keep_probes=self.record_probes,
                            rng=np.random.default_rng([self.seed, i]), checked=seen,
                            start=start, jumps=self.shared is None)
        if self.view is not None:
            self.view.add(handle.timeline)
        if loaded is not None and self.round is not None:
            self.jumped.append(JumpedReplica(sched, handle, loaded))
        elif self.shared is None:
            sched.run(until=duration)
        return handle.timeline

    def finish(self) -> None:
        if self.shared is not None:
            self.shared.run(until=self.duration)
        elif self.round is not None:
            run_rounds(self.jumped, self.view, self.round, self.duration)  # type: ignore[arg-type]
