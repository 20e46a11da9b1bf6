"""EndpointSlices as the controller writes them, and what kube-proxy routes to
(docs/controller-rules.md F1, EP1-EP3).

EP1 — each pod with an IP (from its first container running until its containers are gone
after a deletion) is an endpoint with three conditions (`podToEndpoint`,
staging/src/k8s.io/endpointslice/utils.go): `serving` = the pod is Ready; `terminating` = the
pod has a deletionTimestamp; `ready` = serving and not terminating, or always with the
Service's `publishNotReadyAddresses`. Terminating pods stay in the slice (the
EndpointSliceTerminatingCondition behaviour) until they are gone.

EP2 — kube-proxy (`CategorizeEndpoints`, pkg/proxy/topology.go) routes a ClusterIP Service's
traffic to its ready endpoints; when none is ready anywhere, to the endpoints that are serving
and terminating. A headless Service (clusterIP: None) has no kube-proxy rules: its clients
resolve the ready addresses from DNS, with no terminating fallback.

F1 — what kube-proxy routes to at t is what the slice said at t - propagation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.timeline import Timeline

__all__ = ["EndpointChange", "Routing", "SlicePoint", "Spans", "endpoint_changes", "merge_steps", "pod_spans", "route",
           "routed_among_ready", "routed_spans", "shift", "step_counts"]

Spans = list[tuple[float, float]]


@dataclass(frozen=True, slots=True)
class EndpointChange:
    """A pod's endpoint from `at` on: whether it is in the slice, and its conditions."""

    at: float
    present: bool
    ready: bool
    serving: bool
    terminating: bool

    @property
    def serving_terminating(self) -> bool:
        return self.present and self.serving and self.terminating


@dataclass(frozen=True, slots=True)
class SlicePoint:
    """From `at` on: endpoints ready, serving and terminating in the slice; those kube-proxy
    routes to from this slice, and whether they are the terminating fallback (EP2)."""

    at: float
    ready: int
    serving: int
    terminating: int
    routed: int
    fallback: bool


@dataclass(frozen=True)
class Routing:
    """The slice over time (`points`, in slice time) and each pod's routed spans, already
    shifted by the propagation delay (traffic time, clipped to the run)."""

    points: list[SlicePoint]
    routed: list[Spans]


def _present_from(tl: Timeline) -> float | None:
    return min((c.running_at for c in tl.containers), default=None)


def endpoint_changes(tl: Timeline, publish_not_ready: bool = False) -> list[EndpointChange]:
    """The pod's endpoint conditions at every change (EP1)."""
    start = _present_from(tl)
    if start is None:
        return []
    term = tl.termination
    deleted = term.requested_at if term is not None else None
    gone = term.stopped_at if term is not None else None
    times = {start, *(c.at for c in tl.ready if c.at >= start)}
    if deleted is not None and deleted >= start:
        times.add(deleted)
    if gone is not None:
        times.add(max(gone, start))
    out: list[EndpointChange] = []
    ready_at = sorted(tl.ready, key=lambda c: c.at)
    k, pod_ready = 0, False
    for t in sorted(times):
        while k < len(ready_at) and ready_at[k].at <= t:
            pod_ready = ready_at[k].ready
            k += 1
        present = gone is None or t < gone
        terminating = deleted is not None and t >= deleted
        serving = present and pod_ready
        ready = present and (publish_not_ready or (serving and not terminating))
        change = EndpointChange(t, present, ready, serving, present and terminating)
        if not out or (out[-1].present, out[-1].ready, out[-1].serving, out[-1].terminating) \
                != (present, ready, serving, change.terminating):
            out.append(change)
    return out


def step_counts(intervals: list[Spans], end: float) -> list[tuple[float, int]]:
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


def _spans(changes: list[EndpointChange], pick: Callable[[EndpointChange], bool],
           end: float) -> Spans:
    out: Spans = []
    since: float | None = None
    for c in changes:
        if pick(c) and since is None:
            since = c.at
        elif not pick(c) and since is not None:
            out.append((since, c.at))
            since = None
    if since is not None and since < end:
        out.append((since, end))
    return out


def _intersect(spans: Spans, windows: Spans) -> Spans:
    out, j = [], 0
    for s, e in spans:
        while j < len(windows) and windows[j][1] <= s:
            j += 1
        k = j
        while k < len(windows) and windows[k][0] < e:
            lo, hi = max(s, windows[k][0]), min(e, windows[k][1])
            if lo < hi:
                out.append((lo, hi))
            k += 1
    return out


def _merged(a: Spans, b: Spans) -> Spans:
    out: Spans = []
    for s, e in sorted(a + b):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def pod_spans(changes: list[EndpointChange], end: float) -> tuple[Spans, Spans]:
    """A pod's ready spans and its serving-but-terminating spans (not ready): what kube-proxy
    routes to, and what it falls back to (EP2)."""
    return (_spans(changes, lambda x: x.ready, end),
            _spans(changes, lambda x: x.serving_terminating and not x.ready, end))


def routed_spans(ready: list[Spans], fallback: list[Spans], end: float, *,
                 headless: bool = False) -> tuple[list[Spans], Spans]:
    """Each pod's spans in kube-proxy's rules, in slice time, and the spans where it routes
    to the terminating fallback (EP2): a pod is routed while it is ready, or while it serves
    terminating and no endpoint is ready anywhere (never behind a headless Service)."""
    zero: Spans = []  # where no endpoint is ready
    since: float | None = 0.0
    for t, n in step_counts(ready, end):
        if n == 0 and since is None:
            since = t
        elif n > 0 and since is not None:
            if since < t:
                zero.append((since, t))
            since = None
    if since is not None and since < end:
        zero.append((since, end))
    if headless or not zero or not any(fallback):
        return ready, []
    routed = [_merged(r, _intersect(f, zero)) for r, f in zip(ready, fallback, strict=True)]
    return routed, _intersect(_merged([], [x for f in fallback for x in f]), zero)


def shift(spans: Spans, propagation: float, end: float) -> Spans:
    """Slice time to traffic time (F1), clipped to the run."""
    return [(s + propagation, min(e + propagation, end) if e < end else end)
            for s, e in spans if s + propagation < end]


def route(timelines: list[Timeline], *, propagation: float, end: float,
          publish_not_ready: bool = False, headless: bool = False) -> Routing:
    """The EndpointSlice of these pods over time and kube-proxy's routing (EP1, EP2, F1)."""
    changes = [endpoint_changes(tl, publish_not_ready) for tl in timelines]
    spans = [pod_spans(c, end) for c in changes]
    ready = [r for r, _ in spans]
    routed, fallback_on = routed_spans(ready, [f for _, f in spans], end, headless=headless)
    series: list[Sequence[tuple[float, object]]] = [
        list(step_counts(ready, end)),
        step_counts([_spans(c, lambda x: x.serving, end) for c in changes], end),
        step_counts([_spans(c, lambda x: x.terminating, end) for c in changes], end),
        step_counts(routed, end),
        [(t, flag) for s, e in fallback_on for t, flag in ((s, True), (e, False))]]
    return Routing(_points(series, end), [shift(pod, propagation, end) for pod in routed])


def merge_steps(series: Sequence[Sequence[tuple[float, object]]], end: float,
                initial: list[object]) -> list[tuple[float, tuple[object, ...]]]:
    """Step functions (each a list of (time, value) from that time on, `initial` before its
    first) merged into one: (time, every value) at each time any of them changes, before
    `end`; a time at which nothing changes is left out."""
    times: dict[float, list[object]] = {}
    for k, steps in enumerate(series):
        for t, v in steps:
            if t < end:
                times.setdefault(t, [None] * len(series))[k] = v
    out: list[tuple[float, tuple[object, ...]]] = []
    last = list(initial)
    for t in sorted(times):
        last = [v if v is not None else last[i] for i, v in enumerate(times[t])]
        if not out or out[-1][1] != tuple(last):
            out.append((t, tuple(last)))
    return out


def _points(series: Sequence[Sequence[tuple[float, object]]], end: float) -> list[SlicePoint]:
    return [SlicePoint(t, *values)  # type: ignore[arg-type]
            for t, values in merge_steps(series, end, [0, 0, 0, 0, False])]


def routed_among_ready(tl: Timeline, propagation: float) -> Spans:
    """When a pod receives traffic while other endpoints stay ready (no fallback can
    happen): its ready spans (Ready and not deleted), shifted by the propagation delay."""
    end = tl.duration
    return route([tl], propagation=propagation, end=end, headless=True).routed[0]
