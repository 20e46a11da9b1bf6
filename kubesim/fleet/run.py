"""The replicas of a fleet on the engine.

Without a load model the replicas do not interact: each runs as its own pod (its own
scheduler, so the fast one jumps its quiet stretches), on the shared wall clock of the
behaviour. With one, every replica's answers depend on how many serve, so all run on one
scheduler, stepped event by event (either scheduler; they agree, as for one pod).
Replica i draws from its own generator, seeded by (seed, i): its grid phase, PLEG phase,
jitter and latency draws; the fleet's generator (seed) draws the start times.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kubesim.engine.simulate import add_kubelet, make_scheduler
from kubesim.fleet.load import LoadedBehaviour, ServingView
from kubesim.fleet.records import FleetRun
from kubesim.kubelet.settings import CLASSIC

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["simulate_fleet", "start_times"]


def start_times(settings: FleetSettings, seed: int) -> list[float]:
    """When each replica's first container starts: uniform over the spread, sorted, the
    first at 0 (the run's clock starts with the fleet)."""
    if settings.start_spread <= 0 or settings.replicas == 1:
        return [0.0] * settings.replicas
    rng = np.random.default_rng(seed)
    later = np.sort(rng.uniform(0, settings.start_spread, settings.replicas - 1))
    return [0.0, *(float(t) for t in later)]


def simulate_fleet(pod: ProbedContainer, behaviour: Behaviour, settings: FleetSettings, *,
                   duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                   engine: str = "fast", record_probes: bool = True) -> FleetRun:
    """Run `settings.replicas` copies of `pod` against `behaviour` for `duration` seconds."""
    settings.check_run(duration)
    starts = start_times(settings, seed)
    if settings.load is None:
        timelines = []
        for i, start in enumerate(starts):
            sched = make_scheduler(engine)
            timelines.append(add_kubelet(
                sched, pod, behaviour, duration=duration, seed=seed, profile=profile,
                phase=None, keep_probes=record_probes, rng=np.random.default_rng([seed, i]),
                checked=i > 0, start=start))
            sched.run(until=duration)
        return FleetRun(settings, starts, timelines, duration, seed)
    sched = make_scheduler(engine)
    view = ServingView(settings.propagation_seconds)
    for i, start in enumerate(starts):
        loaded = LoadedBehaviour(behaviour, settings.load, view, i)
        view.timelines.append(add_kubelet(
            sched, pod, loaded, duration=duration, seed=seed, profile=profile, phase=None,
            keep_probes=record_probes, rng=np.random.default_rng([seed, i]), checked=i > 0,
            start=start, jumps=False))
    sched.run(until=duration)
    return FleetRun(settings, starts, view.timelines, duration, seed)
