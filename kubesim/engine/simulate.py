"""`simulate`: one pod, one behaviour, one seed -> a `Timeline`. The only place that picks a
scheduler and builds the run's `numpy.random.Generator`."""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from kubesim.behaviour.answer import HEALTHY
from kubesim.behaviour.lookup import compile_behaviour, jumps_apply
from kubesim.engine.heap_scheduler import HeapScheduler, Unparked
from kubesim.engine.jumps import Jumper
from kubesim.errors import BehaviourError, UsageError
from kubesim.kubelet.pod_worker import Kubelet
from kubesim.kubelet.prober import CensoredPolicy
from kubesim.kubelet.restart_rules import gated_pod
from kubesim.kubelet.scheduler import URGENT
from kubesim.kubelet.settings import CLASSIC
from kubesim.spec.targets import resolve_targets
from kubesim.timeline import Timeline

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.contracts import ValidityBox
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.results import ProbeType
    from kubesim.spec.model import ContainerSpec, ProbedContainer, Target

__all__ = ["ENGINES", "PodHandle", "add_kubelet", "focus", "fresh_rng", "grid_cycle",
           "launch_pod", "make_scheduler", "named_container_problems", "pod_targets", "prepare",
           "run_model", "simulate"]


def grid_cycle(pod: ProbedContainer) -> int:
    """The least common multiple of the probe periods: the grid pattern repeats after it."""
    periods = [p.period_seconds for c in pod.containers for p in c.probes().values()]
    return math.lcm(*periods) if periods else 1


ENGINES = ("fast", "simpy")


def simulate(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *, duration: float = 600.0,
             seed: int = 0, profile: KubeletProfile = CLASSIC,
             phase: float | None = None, engine: str = "fast",
             record_probes: bool = True, whole_pod: bool = False) -> Timeline:
    """Run the kubelet model for `duration` seconds after the first container started.

    `phase` pins the probe grid: every worker ticks at `phase + k * periodSeconds` (all
    workers of a pod are created at the same pod sync, R1.2). Without it the phase is drawn
    uniformly over one grid cycle from the run's generator, seeded by `seed`. `engine` picks
    the scheduler: "fast" (a heap that jumps quiet stretches) or "simpy" (the reference);
    both give the same timeline. Without `record_probes` the timeline counts probe calls and
    kubelet events instead of keeping them (summaries, phase sweeps).

    Every container of the pod is simulated (`pod.containers`); the timeline reports
    `pod.container` alone (its instances, probes, kills and events; the pod's Ready) unless
    `whole_pod`, which keeps every container's records.
    """
    timeline = run_model(pod, behaviour, duration=duration, seed=seed, profile=profile,
                         phase=phase, engine=engine, keep_probes=record_probes, box=None)
    return timeline if whole_pod else focus(timeline, pod)


def focus(timeline: Timeline, pod: ProbedContainer) -> Timeline:
    """The timeline of a pod of several containers narrowed to `pod.container`."""
    return timeline if len(timeline.names) <= 1 else timeline.narrowed(pod.container.name)


def run_model(pod: ProbedContainer, behaviour: Behaviour, *, duration: float, seed: int,
              profile: KubeletProfile, phase: float | None, engine: str, keep_probes: bool,
              box: ValidityBox | None,
              rng: np.random.Generator | None = None, checked: bool = False,
              start: float = 0.0,
              targets: list[dict[ProbeType, Target]] | None = None) -> Timeline:
    """`simulate` with every option: `box` collects the thresholds the run is valid for
    (sweeps), `rng` and `checked` are `prepare`'s, `start` is when the pod's first container
    starts (the behaviour's clock is the run's: a fleet's replicas start at different times),
    `targets` the pod's targets as `resolve_targets` keys them (a sweep resolves them once)."""
    # parks (`kubesim.engine.jumps`) are speculative: if what one assumed did not hold, the
    # run is made again without them, from the generator's state at the start
    park = engine == "fast" and box is None
    state = rng.bit_generator.state if park and rng is not None else None
    if park:
        try:
            return _run_once(pod, behaviour, duration=duration, seed=seed, profile=profile,
                             phase=phase, engine=engine, keep_probes=keep_probes, rng=rng,
                             checked=checked, start=start, targets=targets, park=True)
        except Unparked:
            if rng is not None and state is not None:
                rng.bit_generator.state = state
    return _run_once(pod, behaviour, duration=duration, seed=seed, profile=profile,
                     phase=phase, engine=engine, keep_probes=keep_probes, box=box, rng=rng,
                     checked=checked, start=start, targets=targets)


def _run_once(pod: ProbedContainer, behaviour: Behaviour, *, duration: float, seed: int,
              profile: KubeletProfile, phase: float | None, engine: str, keep_probes: bool,
              rng: np.random.Generator | None, checked: bool, start: float,
              targets: list[dict[ProbeType, Target]] | None,
              box: ValidityBox | None = None, park: bool = False) -> Timeline:
    """One run of `run_model`, its containers parked when they can be (`park`)."""
    sched = make_scheduler(engine)
    timeline = launch_pod(sched, pod, behaviour, duration=duration, seed=seed, profile=profile,
                          phase=phase, keep_probes=keep_probes, box=box, rng=rng,
                          checked=checked, start=start, jumps=True, targets=targets,
                          park=park).timeline
    sched.run(until=duration)
    if park and isinstance(sched, HeapScheduler) and isinstance(sched.on_quiet, Jumper):
        sched.on_quiet.settle()
    return timeline


def make_scheduler(engine: str) -> Any:
    """A new scheduler: "fast" (the heap) or "simpy" (the reference)."""
    if engine not in ENGINES:
        raise UsageError(f"engine={engine!r} must be one of {', '.join(ENGINES)}")
    if engine == "simpy":
        from kubesim.engine.simpy_scheduler import SimpyScheduler

        return SimpyScheduler()
    return HeapScheduler()


class PodHandle:
    """A pod put on a scheduler: its timeline, and its kubelet once its first container
    started (`kubelet` is None before)."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.kubelet: Kubelet | None = None
        self.cancelled = False  # deleted before it started: never starts


def add_kubelet(sched: Any, pod: ProbedContainer, behaviour: Behaviour, *, duration: float,
                seed: int, profile: KubeletProfile, phase: float | None, keep_probes: bool,
                box: ValidityBox | None = None,
                rng: np.random.Generator | None = None, checked: bool = False,
                start: float | None = None, jumps: bool = True) -> Timeline:
    """Put one pod's kubelet on `sched`, its first container starting at `start` (default:
    now); returns the timeline it records into. `jumps`: let the fast scheduler jump its quiet
    stretches (only when it is the scheduler's one kubelet)."""
    return launch_pod(sched, pod, behaviour, duration=duration, seed=seed, profile=profile,
                      phase=phase, keep_probes=keep_probes, box=box, rng=rng, checked=checked,
                      start=start, jumps=jumps).timeline


def launch_pod(sched: Any, pod: ProbedContainer, behaviour: Behaviour, *, duration: float,
               seed: int, profile: KubeletProfile, phase: float | None, keep_probes: bool,
               box: ValidityBox | None = None,
               rng: np.random.Generator | None = None, checked: bool = False,
               start: float | None = None, jumps: bool = True,
               targets: list[dict[ProbeType, Target]] | None = None,
               park: bool = False) -> PodHandle:
    """`add_kubelet`, returning the pod's handle (controllers delete pods through it). The
    pod's containers are taken as the profile's API server takes them (R4.34, R5.27).
    `park`: let the jumps park containers past the end of the run (`Jumper.settle` must be
    called after the run: it raises Unparked if a park was wrong)."""
    pod = gated_pod(pod, profile).pod
    if targets is None:
        targets = pod_targets(pod, behaviour)
    rng, phase, origins, censored = prepare(pod, behaviour, duration=duration, seed=seed,
                                            profile=profile, phase=phase, rng=rng,
                                            checked=checked, targets=targets)
    now = sched.now
    start = now if start is None else start
    if not (math.isfinite(start) and now <= start < duration):
        raise UsageError(f"start={start!r} must be within the run, {now:g} <= start < "
                         f"{duration:g}")
    origins = [{t: o + start for t, o in per.items()} for per in origins]
    timeline = Timeline(duration=duration, seed=seed, phase=phase, profile=profile.name)
    timeline.keep_probes = keep_probes
    timeline.set_names([c.name for c in pod.containers])
    handle = PodHandle(timeline)

    def create(_: Any) -> None:
        if handle.cancelled:
            return
        if not isinstance(sched, HeapScheduler):
            handle.kubelet = Kubelet(sched, pod, behaviour, profile, rng, timeline,
                                     origins=origins, censored=censored, targets=targets,
                                     box=box)
            return
        answers, quiet = compile_behaviour(behaviour)
        if not jumps or not jumps_apply(pod, behaviour, profile):
            quiet = None  # every event is stepped
        kubelet = handle.kubelet = Kubelet(
            sched, pod, behaviour, profile, rng, timeline, origins=origins, censored=censored,
            targets=targets, answers=answers, quiet=quiet, box=box)
        if quiet is not None:
            sched.on_quiet = Jumper(sched, kubelet, park=park)

    if start > now:
        sched.call(start - now, URGENT, create, None)
    else:
        create(None)
    return handle


def prepare(pod: ProbedContainer, behaviour: Behaviour, *, duration: float, seed: int,
            profile: KubeletProfile, phase: float | None,
            rng: np.random.Generator | None = None, checked: bool = False,
            targets: list[dict[ProbeType, Target]] | None = None
            ) -> tuple[np.random.Generator, float, list[dict[ProbeType, float]], str]:
    """Check the inputs and draw what a run draws before its first event, in order: the
    generator, the grid phase, the workers' grid origins, the censored-answer policy. Shared
    by `simulate` and the sweep engine (`kubesim.engine.metrics`), which may pass a generator already
    in the state `numpy.random.default_rng(seed)` starts in (`fresh_rng`) and skip the
    behaviour check for a pod and behaviour it `checked` before."""
    if not duration > 0 or not math.isfinite(duration):
        raise UsageError(f"duration={duration!r} must be a positive number of seconds")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise UsageError(f"seed={seed!r} must be a whole number >= 0")
    if rng is None:
        rng = np.random.default_rng(seed)
    cycle = grid_cycle(pod)
    phase = float(rng.uniform(0, cycle)) if phase is None else float(phase)
    if not math.isfinite(phase):
        raise UsageError(f"phase={phase!r} must be a finite number of seconds")
    if not checked:
        _check_behaviour(pod, behaviour, targets or pod_targets(pod, behaviour))
    origins = [_origins(c, phase, profile, rng) for c in pod.containers]
    return rng, phase, origins, _censored(behaviour)


# per thread (Dask workers may be threads of one process): `cache`, seed -> (generator, its
# state when fresh). A plain threading.local, not a subclass: compiled (mypyc), a subclass
# would be a native class whose attributes are not per thread.
_FRESH = threading.local()


def _fresh_cache() -> dict[int, tuple[np.random.Generator, Any]]:
    """This thread's cache of fresh generators."""
    try:
        cache: dict[int, tuple[np.random.Generator, Any]] = _FRESH.cache
    except AttributeError:  # the first call in this thread
        cache = _FRESH.cache = {}
    return cache


def fresh_rng(seed: int) -> np.random.Generator:
    """A generator in the state `numpy.random.default_rng(seed)` starts in, without seeding
    again: sweeps run the same seeds at every point, and seeding costs more than a short run.
    The returned generator is reused by the next call with the same seed in this thread."""
    cache = _fresh_cache()
    got = cache.get(seed)
    if got is None:
        if len(cache) > 4096:
            cache.clear()
        rng = np.random.default_rng(seed)
        got = cache[seed] = (rng, rng.bit_generator.state)
    got[0].bit_generator.state = got[1]
    return got[0]


def pod_targets(pod: ProbedContainer, behaviour: Behaviour) -> list[dict[ProbeType, Target]]:
    """Each probe's target keyed as the behaviour names it (`spec.targets`)."""
    if len(pod.containers) == 1:
        # one container: no ambiguity; a streamed trace is not read to the end
        keys = behaviour.known_target_keys()
    else:
        keys = behaviour.target_keys()
    return resolve_targets(pod, set(keys), source=behaviour.source)


def _origins(container: ContainerSpec, phase: float, profile: KubeletProfile,
             rng: np.random.Generator) -> dict[ProbeType, float]:
    """One container's grid origins: all workers of a pod are created at one sync (R1.2)."""
    origins = {}
    for probe_type, probe in container.probes().items():
        period = probe.period_seconds
        first = phase % period
        if profile.kubelet_recently_started:  # R1.4: each worker first sleeps U[0, P)
            first = (first + float(rng.uniform(0, period))) % period
        origins[probe_type] = first - period
    return origins


def named_container_problems(pod: ProbedContainer, behaviour: Behaviour) -> list[str]:
    """What is wrong with the containers a behaviour names, for this pod: a name the pod
    lacks (the message lists the names it has), or a plain init container where an app
    container or sidecar is meant, and the reverse."""
    inits = [c.name for c in pod.containers if c.init]
    running = [c.name for c in pod.containers if not c.init]
    out = []
    for named in behaviour.named_containers():
        if named.init_only and named.name not in inits:
            have = ", ".join(inits) or "none"
            out.append(f"{named.field}: the pod has no plain init container {named.name!r} "
                       f"(it has: {have})")
        elif not named.init_only and named.name not in running:
            what = (" is a plain init container (its runs go in init_containers)"
                    if named.name in inits else " is not in the pod")
            out.append(f"{named.field}: container {named.name!r}{what}; the pod's app "
                       f"containers and sidecars: {', '.join(running)}")
    return out


def _censored(behaviour: Behaviour) -> str:
    if behaviour.censored() == "discard":
        return CensoredPolicy.DISCARD
    return CensoredPolicy.FAILURE


def _check_behaviour(pod: ProbedContainer, behaviour: Behaviour,
                     targets: list[dict[ProbeType, Target]]) -> None:
    """A trace must cover every probed target, and in reject mode every censored line must
    be decidable against the probe's timeout."""
    keys = {tgt.key for by_type in targets for tgt in by_type.values()}
    for problem in named_container_problems(pod, behaviour):
        raise BehaviourError(problem, source=behaviour.source)
    behaviour.check_targets(sorted(keys))
    if behaviour.censored() == "reject":
        timeouts: dict[str, float] = {}
        for container, by_type in zip(pod.containers, targets, strict=True):
            for t, tgt in by_type.items():
                timeout = float(container.probes()[t].timeout_seconds)
                timeouts[tgt.key] = max(timeouts.get(tgt.key, 0.0), timeout)
        behaviour.check_censored(timeouts)
