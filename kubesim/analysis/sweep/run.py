"""Evaluating a sweep's points: every run of a point (phases x seeds) on the chosen engine,
runs shared between points that differ only in thresholds, folded into `PointResult`s; in
this process or through an executor (`kubesim.analysis.sweep.pool`, Dask). The grid
itself (addressing, values, expectations) is `kubesim.analysis.sweep.grid`."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import (
    BUILD_POINT,
    BUILD_SCENARIO_POINT,
    LOADED,
    LOADED_PER_REPLICA,
    SIMPY,
    fleet_work,
    restart_bound,
    run_work,
    stepped_work,
    weight,
)
from kubesim.analysis.sweep.grid import (
    FLEET_FIELDS,
    Point,
    PointResult,
    Setting,
    SweepSpec,
    apply_point,
    is_threshold,
)
from kubesim.engine.metrics import RunMetrics, hang_start, metrics_of, run_metrics_box
from kubesim.engine.simulate import ENGINES, grid_cycle, simulate
from kubesim.errors import UsageError
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.spec.model import ProbedContainer

__all__ = ["EXACT_POINTS", "check_spec", "evaluate_group", "evaluate_point", "group_points",
           "point_tasks", "run_point", "run_sweep", "summarise", "sweep_work"]


def _thresholds(pod: ProbedContainer) -> dict[tuple[ProbeType, bool], int]:
    return {k: v for t, probe in pod.container.probes().items()
            for k, v in (((t, True), probe.failure_threshold),
                         ((t, False), probe.success_threshold))}


def run_point(spec: SweepSpec, point: Point,
              memo: dict[tuple[int, int], list[Any]] | None = None,
              built: tuple[ProbedContainer, Behaviour] | None = None) -> list[RunMetrics]:
    """Every run of one point (phases x seeds), with the chosen engine. With the fast engine
    and a `memo` shared by points that differ only in thresholds, a run is reused when the
    point's thresholds fall inside the threshold box of an earlier run (`metrics.run_metrics_box`:
    the same decisions, so the same metrics). `built`: the point's pod and behaviour
    (`apply_point`), when the caller has them."""
    pod, behaviour = built or apply_point(spec.pod_at(point.values), spec.behaviour,
                                          point.values)
    cycle = grid_cycle(pod)
    thresholds = _thresholds(pod)
    out = []
    for s in range(spec.seeds):
        for i in range(spec.phases):
            seed = spec.seed + s * spec.phases + i
            phase = i * cycle / spec.phases
            if spec.engine == "simpy":
                tl = simulate(pod, behaviour, duration=spec.duration, seed=seed,
                              profile=spec.profile, phase=phase, engine="simpy",
                              record_probes=False)
                out.append(metrics_of(tl, behaviour))
                continue
            known = memo.setdefault((s, i), []) if memo is not None else []
            # newest first: a group's points come in threshold order, so the last run's box
            # is the likeliest to hold this point (any box that holds it gives its metrics)
            for box, metrics in reversed(known):
                if all(k not in thresholds or valid.holds(thresholds[k])
                       for k, valid in box.items()):
                    out.append(metrics)
                    break
            else:
                metrics, box = run_metrics_box(pod, behaviour, duration=spec.duration, seed=seed,
                                            profile=spec.profile, phase=phase)
                known.append((box, metrics))
                out.append(metrics)
    return out


def summarise(spec: SweepSpec, point: Point, runs: list[RunMetrics],
              behaviour: Behaviour | None = None) -> PointResult:
    """Fold the runs of one point into its result (`behaviour`: the point's, when the caller
    has it)."""
    n = len(runs)
    ready = [m.first_ready_at for m in runs if m.first_ready_at is not None]
    if behaviour is None:
        _, behaviour = apply_point(spec.pod_at(point.values), spec.behaviour, point.values)
    stalled = hang_start(behaviour, spec.duration) is not None
    kills = [m.hang_to_kill for m in runs if m.hang_to_kill is not None]
    return PointResult(
        index=point.index, values=dict(point.values), runs=n,
        restarts_mean=sum(m.restarts for m in runs) / n,
        restarts_max=max(m.restarts for m in runs),
        kills_mean=sum(m.kills for m in runs) / n,
        unready_mean=sum(m.unready_seconds for m in runs) / n,
        unready_max=max(m.unready_seconds for m in runs),
        first_ready_mean=sum(ready) / len(ready) if ready else None,
        first_ready_max=max(ready) if ready else None,
        never_ready=n - len(ready),
        hang_to_kill_max=max(kills) if kills and stalled else None,
        hang_unkilled=(n - len(kills)) if stalled else 0,
        probes=sum(m.probe_calls for m in runs),
        expectations={e.name: all(e.held(m) for m in runs) for e in spec.expectations},
    )


def evaluate_point(spec: SweepSpec, point: Point) -> PointResult:
    """One point, start to finish."""
    return summarise(spec, point, run_point(spec, point))


def evaluate_group(spec: SweepSpec, points: list[Point]) -> list[PointResult]:
    """Points that differ only in thresholds, sharing their runs where the rules allow:
    what a worker process or a Dask task runs."""
    if spec.fleet is not None:
        from kubesim.analysis.sweep.fleet_points import evaluate_fleet_point

        return [evaluate_fleet_point(spec, p) for p in points]
    memo: dict[tuple[int, int], list[Any]] = {}
    out = []
    for p in points:  # built once: by check_spec, else here
        built = p.built or apply_point(spec.pod_at(p.values), spec.behaviour, p.values)
        out.append(summarise(spec, p, run_point(spec, p, memo, built), built[1]))
    return out


def group_points(tasks: list[Point]) -> list[list[Point]]:
    """Group the points that differ only in failureThreshold / successThreshold values."""
    groups: dict[tuple[Any, ...], list[Point]] = {}
    for t in tasks:
        key = tuple((k, repr(v)) for k, v in t.values.items() if not is_threshold(k))
        groups.setdefault(key, []).append(t)
    return list(groups.values())


def point_tasks(points: list[dict[str, Any]],
                built: list[tuple[ProbedContainer, Behaviour]] | None = None) -> list[Point]:
    """Number the points of a grid (with their pods and behaviours, when built)."""
    if built is None:
        return [Point(i, p) for i, p in enumerate(points)]
    return [Point(i, p, b) for i, (p, b) in enumerate(zip(points, built, strict=True))]


def check_spec(spec: SweepSpec, points: list[dict[str, Any]]
               ) -> list[tuple[ProbedContainer, Behaviour]]:
    """Fail early, before any worker starts: every point must build, expectations must fit.
    Returns every point's pod and behaviour (`apply_point`), for `sweep_work`'s estimate."""
    if isinstance(spec.phases, bool) or not isinstance(spec.phases, int) or spec.phases < 1:
        raise UsageError(f"phases={spec.phases!r} must be a whole number >= 1")
    if isinstance(spec.seeds, bool) or not isinstance(spec.seeds, int) or spec.seeds < 1:
        raise UsageError(f"seeds={spec.seeds!r} must be a whole number >= 1")
    if spec.engine not in ENGINES:
        raise UsageError(f"engine {spec.engine!r}: one of {', '.join(ENGINES)}")
    fleet_fields = {k for values in points for k in values if k in FLEET_FIELDS}
    if fleet_fields and spec.fleet is None:
        raise UsageError(f"--set {sorted(fleet_fields)[0]}: fleet parameters need --fleet")
    kill_within = any(e.kind == "kill-within" for e in spec.expectations)
    built = []
    for values in points:  # each point built (and validated) once
        pod, behaviour = apply_point(spec.pod_at(values), spec.behaviour, values)
        if spec.fleet is not None:
            from kubesim.analysis.sweep.fleet_points import check_fleet_point

            check_fleet_point(spec, values, pod)
        if kill_within and hang_start(behaviour, spec.duration) is None:
            raise UsageError("--expect kill-within needs a scenario with a stall (or hang) "
                             "that starts within --duration")
        built.append((pod, behaviour))
    return built


EXACT_POINTS = 4096  # up to this many points, each is estimated as it will run


def sweep_work(spec: SweepSpec, points: list[dict[str, Any]],
               periods: dict[str, int] | None = None,
               built: list[tuple[ProbedContainer, Behaviour]] | None = None) -> float:
    """The estimated work of every run of every point (`kubesim.analysis.budget`): each
    point's pod, behaviour and fleet as it will run, when there are at most EXACT_POINTS
    (points that share runs, thresholds apart, are counted in full: an upper bound); else
    every run at the grid's worst, stepped at its smallest periods (`periods`) and with its
    most replicas. `built`: every point's pod and behaviour (`check_spec`'s), when known."""
    runs = spec.phases * spec.seeds
    scenario = any(Setting(k, ()).kind == "scenario" for p in points[:1] for k in p)
    build = BUILD_SCENARIO_POINT if scenario else BUILD_POINT
    if len(points) <= EXACT_POINTS:
        if built is None:
            built = [apply_point(spec.pod_at(v), spec.behaviour, v) for v in points]
        return len(points) * build + runs * sum(
            _point_work(spec, values, pod, behaviour)
            for values, (pod, behaviour) in zip(points, built, strict=True))
    worst = max(stepped_work(pod, spec.duration, spec.profile, periods=periods,
                             restarts=restart_bound(pod, spec.behaviour, spec.duration,
                                                    spec.profile))
                for pod in [spec.pod, *spec.variants.values()])
    worst *= weight(spec.behaviour) * (SIMPY if spec.engine == "simpy" else 1.0)
    if spec.fleet is not None:  # the most replicas, each as dear as under the load model
        most = max([v["replicas"] for v in points if isinstance(v.get("replicas"), int)]
                   + [spec.fleet.replicas])
        worst *= 2 * most * (LOADED + LOADED_PER_REPLICA * most)
    return len(points) * (build + runs * worst)


def _point_work(spec: SweepSpec, values: dict[str, Any], pod: ProbedContainer,
                behaviour: Behaviour) -> float:
    """One run of one point (its pod and behaviour)."""
    if spec.fleet is None:
        return run_work(pod, behaviour, spec.duration, spec.profile, engine=spec.engine)
    from kubesim.analysis.sweep.fleet_points import fleet_of
    fleet = fleet_of(spec.fleet, values)
    rollout = any(k.startswith("rollout.") for k in values)
    return fleet_work(pod, behaviour, spec.duration, spec.profile, replicas=fleet.replicas,
                      nodes=fleet.node_count, engine=spec.engine, loaded=fleet.load is not None,
                      rollout=pod if rollout else None)


def run_sweep(spec: SweepSpec, points: list[dict[str, Any]], *,
              executor: Callable[[SweepSpec, list[list[Point]]], Iterable[list[PointResult]]]
              | None = None, checked: bool = False,
              built: list[tuple[ProbedContainer, Behaviour]] | None = None
              ) -> Generator[PointResult, None, None]:
    """Evaluate every point; yields results as their groups complete (any order).
    `executor` maps (spec, groups of points) to lists of results: in this process by
    default; `cmd_sweep` has a process pool, `dask_backend` Dask. `checked`: the caller ran
    `check_spec` on these points already, and `built` is what it returned (each point's pod
    and behaviour, so no point is built twice)."""
    if not checked:
        built = check_spec(spec, points)
    groups = group_points(point_tasks(points, built))
    if executor is None:
        return (r for g in groups for r in evaluate_group(spec, g))
    return (r for results in executor(spec, groups) for r in results)
