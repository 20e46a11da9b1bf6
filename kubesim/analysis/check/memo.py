"""Identical probe configurations simulated once per check: the simulations of one
`kubesim check` (its stages, within `simulations()`) are kept by what decides their outcome,
the pod as the kubelet runs it, the behaviour, the run's length, seed, phase, profile and
engine, and not by the names of the object and file the pod came from. Many manifests of one
organisation share their probe configurations (a copy of a Deployment under another name, the
same chart rendered for several releases): each configuration is simulated once.

What a check reports names its own object: the verdicts read the check run, and the checks
read only figures of a run (calls, kills, Ready changes, never an event's message). The one
place a run names its pod, a BackOff event's message, is why a timeline drawn as a finding's
evidence (`named=True`) is one simulated for a pod of that name (or one without back-offs).
Outside `simulations()` every call simulates, as before."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from kubesim.analysis.windows import ProtectionWindows
    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.scenario import Scenario
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer
    from kubesim.timeline import Timeline

__all__ = ["SimulationCache", "protection_windows", "scenario", "simulate", "simulations"]


class _Kept(NamedTuple):
    """A simulated run and the name of the pod it ran for."""

    timeline: Timeline
    object_name: str


@dataclasses.dataclass
class SimulationCache:
    """The runs of one check, by their key (`simulate`), and the counts a test reads."""

    runs: dict[tuple[Any, ...], _Kept] = dataclasses.field(default_factory=dict)
    windows: dict[tuple[Any, ...], ProtectionWindows] = dataclasses.field(default_factory=dict)
    named: dict[tuple[Any, ...], Timeline] = dataclasses.field(default_factory=dict)
    # each anonymous pod's number, and the number of each pod object asked about (the pod
    # kept, so that its identity is not reused): a key hashes a number, not a whole spec
    anonymous: dict[ProbedContainer, int] = dataclasses.field(default_factory=dict)
    pods: dict[int, tuple[ProbedContainer, int]] = dataclasses.field(default_factory=dict)
    scenarios: dict[str, Scenario] = dataclasses.field(default_factory=dict)
    # every behaviour a key names by identity, kept alive so that no identity is reused
    behaviours: dict[int, Behaviour] = dataclasses.field(default_factory=dict)
    simulated: int = 0
    reused: int = 0


_ACTIVE: ContextVar[SimulationCache | None] = ContextVar("kubesim_check_runs", default=None)


@contextmanager
def simulations() -> Iterator[SimulationCache]:
    """Share the simulations made inside (one check's); nested, the outer cache is kept."""
    outer = _ACTIVE.get()
    if outer is not None:
        yield outer
        return
    cache = SimulationCache()
    token = _ACTIVE.set(cache)
    try:
        yield cache
    finally:
        _ACTIVE.reset(token)


def _anonymous(pod: ProbedContainer) -> ProbedContainer:
    """The pod without what names it (its object, namespace, file, and the notes that
    quote them): what the kubelet model runs."""
    return dataclasses.replace(pod, object_name="", namespace=None, source="", notes=())


def _pod_number(cache: SimulationCache, pod: ProbedContainer) -> int:
    """The number of `pod`'s anonymous form in `cache` (equal forms, equal numbers)."""
    known = cache.pods.get(id(pod))
    if known is not None:
        return known[1]
    number = cache.anonymous.setdefault(_anonymous(pod), len(cache.anonymous))
    cache.pods[id(pod)] = (pod, number)
    return number


def _simulate(pod: ProbedContainer, behaviour: Behaviour, **kwargs: Any) -> Timeline:
    """The engine's `simulate`, imported with the first run (a check of files that simulates
    nothing does not load the engine and the kubelet)."""
    from kubesim.engine.simulate import simulate as run

    return run(pod, behaviour, **kwargs)


def simulate(pod: ProbedContainer, behaviour: Behaviour, *, duration: float, seed: int,
             profile: KubeletProfile, phase: float, engine: str = "fast",
             named: bool = False) -> Timeline:
    """`kubesim.engine.simulate.simulate` (records kept, the container's own timeline), run
    once per key within `simulations()`. `named`: the timeline's events name this pod (a run
    drawn as evidence), else they may name another pod of the same configuration (a run the
    checks measure). The timeline returned may be shared: read it, never change it."""
    cache = _ACTIVE.get()
    if cache is None:
        return _simulate(pod, behaviour, duration=duration, seed=seed, profile=profile,
                         phase=phase, engine=engine)
    cache.behaviours.setdefault(id(behaviour), behaviour)
    key = (_pod_number(cache, pod), id(behaviour), duration, seed, profile, phase, engine)
    kept = cache.runs.get(key)
    if kept is not None and (not named or kept.object_name == pod.object_name
                             or not kept.timeline.back_offs):
        cache.reused += 1
        return kept.timeline
    found = cache.named.get((*key, pod.object_name)) if kept is not None else None
    if found is not None:
        cache.reused += 1
        return found
    timeline = _simulate(pod, behaviour, duration=duration, seed=seed, profile=profile,
                         phase=phase, engine=engine)
    cache.simulated += 1
    if kept is None:
        cache.runs[key] = _Kept(timeline, pod.object_name)
    else:
        cache.named[(*key, pod.object_name)] = timeline
    return timeline


def scenario(data: dict[str, Any], source: str) -> Scenario:
    """`Scenario.from_dict(data, source=source)`, built once per data and source within
    `simulations()` (so the runs of equal scenarios share a key)."""
    from kubesim.behaviour.scenario import Scenario  # only a check that builds one loads it
    cache = _ACTIVE.get()
    if cache is None:
        return Scenario.from_dict(data, source=source)
    key = repr((source, data))
    found = cache.scenarios.get(key)
    if found is None:
        found = cache.scenarios[key] = Scenario.from_dict(data, source=source)
    return found


def protection_windows(pod: ProbedContainer, profile: KubeletProfile) -> ProtectionWindows:
    """`kubesim.analysis.windows.protection_windows`, computed once per anonymous pod and
    profile within `simulations()` (labelled with this pod)."""
    from kubesim.analysis.windows import protection_windows as _protection_windows

    cache = _ACTIVE.get()
    if cache is None:
        return _protection_windows(pod, profile)
    key = (_pod_number(cache, pod), profile)
    found = cache.windows.get(key)
    if found is None:
        found = cache.windows[key] = _protection_windows(pod, profile)
    return found if found.label == pod.label else dataclasses.replace(found, label=pod.label)
