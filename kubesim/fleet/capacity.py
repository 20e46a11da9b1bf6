"""Serving capacity over time, and the fleet's summary figures, from the replicas' timelines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.fleet.endpoints import merge_steps, route, step_counts

if TYPE_CHECKING:
    from kubesim.fleet.endpoints import Routing
    from kubesim.fleet.records import FleetRun
    from kubesim.timeline import Timeline

__all__ = ["CapacityPoint", "FleetSummary", "capacity", "down_intervals", "fleet_routing",
           "most_together", "refused_seconds", "refused_while_served", "summarise"]


@dataclass(frozen=True, slots=True)
class CapacityPoint:
    """From `at` on (until the next point): `ready` pods (their Ready condition); the
    EndpointSlice's endpoints `endpoints_ready`, `endpoints_serving`, `endpoints_terminating`
    as the controller writes them now (EP1); `serving`: the endpoints kube-proxy routes to,
    from the slice `propagation` seconds earlier (F1, EP2), `fallback` when those are the
    serving-terminating ones because none was ready."""

    at: float
    ready: int
    serving: int
    endpoints_ready: int = 0
    endpoints_serving: int = 0
    endpoints_terminating: int = 0
    fallback: bool = False


@dataclass(frozen=True)
class FleetSummary:
    """Totals over the run. The capacity figures are taken over [measured_from, end): from
    when every replica first served (None: never; then from the first serving endpoint)."""

    replicas: int
    restarts: int
    kills: int
    back_offs: int
    measured_from: float | None
    min_capacity: int
    seconds_at_zero_capacity: float
    seconds_below_threshold: float
    threshold: int
    simultaneous_restarts: int  # most replicas killed within `together_seconds` of each other
    replicas_down_at_once: int  # most replicas down (killed, not yet running again) at once
    all_serving_at: float | None


def refused_while_served(timeline: Timeline, routed: list[tuple[float, float]],
                         drains: bool = False) -> float:
    """Seconds during which traffic reached a deleted pod (its `routed` spans) while it no
    longer listened (from its first SIGTERM, unless the app keeps answering while it
    `drains`, or from its containers' exit): requests refused."""
    term = timeline.termination
    if term is None or not term.containers:
        return 0.0
    stops = [c.stopped_at if drains else c.sigterm_at for c in term.containers]
    closed = [t for t in stops if t is not None]
    if not closed:
        return 0.0
    shut = min(closed)
    return sum(max(0.0, e - max(s, shut)) for s, e in routed)


def refused_seconds(run: FleetRun, routing: Routing | None = None) -> list[float]:
    """Per pod, the seconds traffic reached it after it stopped listening (its routed spans
    in the fleet's routing)."""
    routing = fleet_routing(run) if routing is None else routing
    return [refused_while_served(tl, spans)
            for tl, spans in zip(run.timelines, routing.routed, strict=True)]


def down_intervals(timeline: Timeline) -> list[tuple[float, float]]:
    """[kill decision, replacement running) of every kill (to the end when none runs)."""
    out = []
    for kill in timeline.kills:
        nxt = [c.running_at for c in timeline.containers if c.running_at > kill.at]
        out.append((kill.at, min(nxt) if nxt else timeline.duration))
    return out


def fleet_routing(run: FleetRun) -> Routing:
    """The run's EndpointSlice and kube-proxy's routing (EP1, EP2, F1)."""
    st = run.settings
    return route(run.timelines, propagation=st.propagation_seconds, end=run.duration,
                 publish_not_ready=st.publish_not_ready_addresses, headless=st.headless)


def capacity(run: FleetRun, routing: Routing | None = None) -> list[CapacityPoint]:
    """Ready pods, the slice's endpoints and what kube-proxy routes to, at every change."""
    routing = fleet_routing(run) if routing is None else routing
    d, end = run.settings.propagation_seconds, run.duration
    fields: list[list[tuple[float, object]]] = [
        [(t, n) for t, n in step_counts([tl.ready_intervals() for tl in run.timelines], end)],
        [(t, n) for t, n in step_counts(routing.routed, end)],
        [(p.at, p.ready) for p in routing.points],
        [(p.at, p.serving) for p in routing.points],
        [(p.at, p.terminating) for p in routing.points],
        [(p.at + d, p.fallback) for p in routing.points if p.at + d < end],
    ]
    fields.append([(0.0, 0)])  # a first point at 0
    return [CapacityPoint(t, *values[:6])  # type: ignore[arg-type]
            for t, values in merge_steps(fields, end, [0, 0, 0, 0, 0, False, 0])]


def most_together(kills: list[tuple[float, int]], window: float) -> int:
    """The most replicas killed within `window` seconds of each other: over every kill at
    t0, the distinct replicas of the kills at [t0, t0 + window). `kills`, (at, replica),
    sorted: one pass, the window's replicas counted as it slides (O(K log K) with the sort;
    a later kill at the same t0 sees a subset of the first's window, so the maximum is the
    same as taking every kill's own)."""
    best, end = 0, 0
    held: dict[int, int] = {}  # replica -> its kills in the window
    for start, (t0, replica) in enumerate(kills):
        end = max(end, start)  # an empty window (window <= 0) holds nothing before it
        while end < len(kills) and kills[end][0] < t0 + window:
            held[kills[end][1]] = held.get(kills[end][1], 0) + 1
            end += 1
        best = max(best, len(held))
        if end > start:  # this kill leaves the window the next one starts
            held[replica] -= 1
            if not held[replica]:
                del held[replica]
    return best


def summarise(run: FleetRun, series: list[CapacityPoint] | None = None) -> FleetSummary:
    """The fleet's figures (see `FleetSummary`)."""
    series = capacity(run) if series is None else series
    n, end, threshold = run.settings.replicas, run.duration, run.settings.threshold
    all_at = next((p.at for p in series if p.serving >= n), None)
    first = next((p.at for p in series if p.serving > 0), None)
    start = all_at if all_at is not None else first
    lowest, at_zero, below = n, 0.0, 0.0
    for i, p in enumerate(series):
        until = series[i + 1].at if i + 1 < len(series) else end
        if start is None or until <= start:
            continue
        span = until - max(p.at, start)
        lowest = min(lowest, p.serving)
        at_zero += span if p.serving == 0 else 0.0
        below += span if p.serving < threshold else 0.0
    if start is None:
        lowest, at_zero, below = 0, 0.0, 0.0
    down = step_counts([down_intervals(tl) for tl in run.timelines], end)
    summaries = [tl.summary() for tl in run.timelines]
    window = run.settings.together_seconds
    kills = sorted((k.at, i) for i, tl in enumerate(run.timelines) for k in tl.kills)
    return FleetSummary(
        replicas=n, restarts=sum(s.restarts for s in summaries),
        kills=sum(s.kills for s in summaries), back_offs=sum(s.back_offs for s in summaries),
        measured_from=start, min_capacity=lowest, seconds_at_zero_capacity=at_zero,
        seconds_below_threshold=below, threshold=threshold,
        simultaneous_restarts=most_together(kills, window),
        replicas_down_at_once=max((c for _, c in down), default=0),
        all_serving_at=all_at)
