"""What a `kubesim sweep` will run, decided before it runs: the grid's points, the pod of
every chart-value combination, the run length, and the work budget (kubesim.analysis.budget),
checked twice: on the number of runs before the grid is expanded or a chart rendered, then on
the engine's work (`sweep_work`: each point's pod, behaviour and fleet as it will run) once
every point builds."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kubesim.analysis.budget import check_budget, check_duration, check_object, grid_floor
from kubesim.analysis.sweep.grid import (
    PointGoal,
    Setting,
    SweepSpec,
    apply_point,
    chart_variants,
    driven_fields,
    expand_grid,
)
from kubesim.analysis.sweep.run import check_spec, sweep_work
from kubesim.behaviour.horizon import default_duration
from kubesim.errors import UsageError
from kubesim.fleet.settings import FleetSettings
from kubesim.kubelet.settings import KubeletProfile
from kubesim.spec.model import ProbedContainer
from kubesim.spec.sources import RenderOptions

__all__ = ["SweepPlan", "check_sweep", "plan_sweep", "sweep_meta"]


@dataclass(frozen=True)
class SweepPlan:
    """The spec every point shares, and the points (each built once: `built`)."""

    spec: SweepSpec
    points: list[dict[str, Any]]
    settings: list[Setting]
    built: list[tuple[ProbedContainer, Any]]


def plan_sweep(pod: ProbedContainer, behaviour: Any, settings: list[Setting], *,
               source: str, container: str | None, render: RenderOptions,
               duration: float | None, phases: int, seeds: int, seed: int,
               expectations: tuple[PointGoal, ...], profile: KubeletProfile, engine: str,
               fleet: FleetSettings | None, max_work: int) -> SweepPlan:
    """The sweep to run, or a UsageError (over budget) before any work."""
    check_sweep(settings, duration=duration, phases=phases, seeds=seeds)
    size = math.prod(len(s.values) for s in settings)  # counted, not built
    what = f"this sweep of {source} ({size:,} points x {phases} phases x {seeds} seed(s))"
    grid_floor(size, phases * seeds, max_work, what=what,  # before a point is made
               scenario=any(s.kind == "scenario" for s in settings))
    check_object(pod, profile, max_work)
    points = expand_grid(settings)
    variants = chart_variants(source, container, render, settings)
    if duration is None:
        duration = _default_duration(pod, behaviour, settings, points)
    check_duration(duration)
    if fleet is not None:
        fleet.check_run(duration)
    spec = SweepSpec(pod=pod, behaviour=behaviour, profile=profile, duration=duration,
                     phases=phases, seeds=seeds, seed=seed, expectations=expectations,
                     engine=engine, fleet=fleet, variants=variants)
    built = check_spec(spec, points)  # every point builds: before it is estimated
    check_budget(sweep_work(spec, points, _smallest_periods(settings), built), max_work,
                 what=f"{what[:-1]}, {duration:g} s each)")
    return SweepPlan(spec, points, settings, built)


def check_sweep(settings: list[Setting], *, duration: float | None, phases: int,
                seeds: int) -> None:
    """The sweep's own numbers, checked before its spec is even loaded."""
    if not settings:
        raise UsageError("nothing to sweep: give --set FIELD=VALUES (a probe, pod, fleet or "
                         "scenario field) or --set-value PATH=VALUES (a chart value)")
    if duration is not None:
        check_duration(duration)
    for flag, n in (("--phases", phases), ("--seeds", seeds)):
        if n < 1:
            raise UsageError(f"{flag} {n} must be a whole number >= 1")


def sweep_meta(plan: SweepPlan, *, behaviour: str, done: int,
               interrupted: bool) -> dict[str, Any]:
    """The `sweep` block of the JSON document (and what the text and plots are titled)."""
    spec = plan.spec
    meta: dict[str, Any] = {
        "spec": spec.pod.source, "object": spec.pod.label, "behaviour": behaviour,
        "fields": [s.field for s in plan.settings], "points": len(plan.points), "done": done,
        "phases": spec.phases, "seeds": spec.seeds, "seed": spec.seed,
        "duration": spec.duration, "profile": spec.profile.name, "engine": spec.engine,
        "interrupted": interrupted, "expectations": [e.name for e in spec.expectations],
    }
    if spec.variants:  # what the chart values did: re-rendered, and which fields that changed
        meta["chart_values"] = {
            "renders": len(spec.variants),
            "method": "the chart rendered by Helm once per combination of values",
            "drives": driven_fields(spec.pod, spec.variants)}
    return meta


def _default_duration(pod: Any, behaviour: Any, settings: list[Setting],
                      points: list[dict[str, Any]]) -> float:
    """The one default rule, over every point's scenario when the grid changes it (a longer
    outage at some point needs a longer run)."""
    if not any(s.kind == "scenario" for s in settings):
        return default_duration(behaviour)
    return max(default_duration(apply_point(pod, behaviour, p)[1]) for p in points)


def _smallest_periods(settings: list[Setting]) -> dict[str, int]:
    """The smallest periodSeconds a sweep sets per probe (the most calls), by field name."""
    out = {}
    for s in settings:
        head, _, key = s.field.partition(".")
        numbers = [v for v in s.values if isinstance(v, int) and not isinstance(v, bool)]
        if key == "periodSeconds" and numbers:
            out[head] = max(min(numbers), 1)
    return out
