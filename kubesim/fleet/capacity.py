"""Serving capacity over time, and the fleet's summary figures, from the replicas' timelines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.timeline import Timeline
    from kubesim.fleet.records import FleetRun

__all__ = ["CapacityPoint", "FleetSummary", "capacity", "down_intervals", "endpoint_spans",
           "refused_while_served", "summarise"]


@dataclass(frozen=True, slots=True)
class CapacityPoint:
    """From `at` on (until the next point): `ready` pods, `serving` endpoints."""

    at: float
    ready: int
    serving: int


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


def _steps(intervals: list[list[tuple[float, float]]], end: float) -> list[tuple[float, int]]:
    """(time, count) steps of how many of the interval lists cover each time."""
    delta: dict[float, int] = {}
    for spans in intervals:
        for s, e in spans:
            if e <= s or s >= end:
                continue
            delta[s] = delta.get(s, 0) + 1
            if e < end:
                delta[e] = delta.get(e, 0) - 1
    out, count = [], 0
    for t in sorted(delta):
        count += delta[t]
        out.append((t, count))
    return out


def endpoint_spans(timeline: Timeline) -> list[tuple[float, float]]:
    """When the pod's endpoint was ready in its EndpointSlice: while the pod was Ready, and not
    after its deletion (the endpoint turns terminating at once, R3.12)."""
    spans = timeline.ready_intervals()
    term = timeline.termination
    if term is None:
        return spans
    cut = term.requested_at
    return [(s, min(e, cut)) for s, e in spans if s < cut]


def refused_while_served(timeline: Timeline, propagation: float,
                         drains: bool = False) -> float:
    """Seconds during which traffic still reached a deleted pod (until its deletion plus the
    propagation delay) while it no longer listened (from its first SIGTERM, unless the app
    keeps answering while it `drains`, or from its containers' exit): requests refused."""
    term = timeline.termination
    if term is None or not term.containers:
        return 0.0
    closed = [c.stopped_at if drains else c.sigterm_at for c in term.containers]
    closed = [t for t in closed if t is not None]
    if not closed:
        return 0.0
    until = min(term.requested_at + propagation, timeline.duration)
    return max(0.0, until - min(closed))


def down_intervals(timeline: Timeline) -> list[tuple[float, float]]:
    """[kill decision, replacement running) of every kill (to the end when none runs)."""
    out = []
    for kill in timeline.kills:
        nxt = [c.running_at for c in timeline.containers if c.running_at > kill.at]
        out.append((kill.at, min(nxt) if nxt else timeline.duration))
    return out


def capacity(run: FleetRun) -> list[CapacityPoint]:
    """The Ready pods and serving endpoints (Ready `propagation` s earlier) at every change."""
    d, end = run.settings.propagation_seconds, run.duration
    ready = [tl.ready_intervals() for tl in run.timelines]
    serving = [[(s + d, e + d if e < end else end) for s, e in endpoint_spans(tl)]
               for tl in run.timelines]
    times: dict[float, list[int]] = {0.0: [0, 0]}
    for k, steps in enumerate((_steps(ready, end), _steps(serving, end))):
        for t, n in steps:
            times.setdefault(t, [None, None])[k] = n  # type: ignore[list-item]
    out, last = [], [0, 0]
    for t in sorted(times):
        last = [v if v is not None else last[i] for i, v in enumerate(times[t])]
        if not out or (out[-1].ready, out[-1].serving) != tuple(last):
            out.append(CapacityPoint(t, last[0], last[1]))
    return out


def summarise(run: FleetRun, series: list[CapacityPoint] | None = None) -> FleetSummary:
    """The fleet's figures (see `FleetSummary`)."""
    series = capacity(run) if series is None else series
    n, end, threshold = run.settings.replicas, run.duration, run.settings.threshold
    all_at = next((p.at for p in series if p.serving == n), None)
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
    down = _steps([down_intervals(tl) for tl in run.timelines], end)
    summaries = [tl.summary() for tl in run.timelines]
    window = run.settings.together_seconds
    kills = sorted((k.at, i) for i, tl in enumerate(run.timelines) for k in tl.kills)
    together = max((len({i for at, i in kills if t0 <= at < t0 + window}) for t0, _ in kills),
                   default=0)
    return FleetSummary(
        replicas=n, restarts=sum(s.restarts for s in summaries),
        kills=sum(s.kills for s in summaries), back_offs=sum(s.back_offs for s in summaries),
        measured_from=start, min_capacity=lowest, seconds_at_zero_capacity=at_zero,
        seconds_below_threshold=below, threshold=threshold,
        simultaneous_restarts=together, replicas_down_at_once=max((c for _, c in down), default=0),
        all_serving_at=all_at)
