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

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.timeline import Timeline

__all__ = ["EndpointChange", "Routing", "SlicePoint", "endpoint_changes", "route",
           "routed_among_ready"]

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


def route(timelines: list[Timeline], *, propagation: float, end: float,
          publish_not_ready: bool = False, headless: bool = False) -> Routing:
    """The EndpointSlice of these pods over time and kube-proxy's routing (EP1, EP2, F1)."""
    changes = [endpoint_changes(tl, publish_not_ready) for tl in timelines]
    at: dict[float, list[tuple[int, EndpointChange]]] = {}
    for i, chs in enumerate(changes):
        for ch in chs:
            at.setdefault(ch.at, []).append((i, ch))
    state: list[EndpointChange | None] = [None] * len(timelines)
    routed_now = [False] * len(timelines)
    since = [0.0] * len(timelines)
    spans: list[Spans] = [[] for _ in timelines]
    counts = [0, 0, 0]  # ready, serving, terminating
    fallback_pods: set[int] = set()
    fallback = False
    points: list[SlicePoint] = []

    def routed(i: int) -> bool:
        s = state[i]
        return s is not None and (s.ready or (fallback and s.serving_terminating))

    for t in sorted(at):
        touched = set()
        for i, ch in at[t]:
            old = state[i]
            if old is not None:
                counts[0] -= old.ready
                counts[1] -= old.serving
                counts[2] -= old.terminating
            state[i] = ch
            counts[0] += ch.ready
            counts[1] += ch.serving
            counts[2] += ch.terminating
            if ch.serving_terminating and not ch.ready:
                fallback_pods.add(i)
            else:
                fallback_pods.discard(i)
            touched.add(i)
        was = fallback
        fallback = not headless and counts[0] == 0 and bool(fallback_pods)
        if fallback != was:
            touched |= fallback_pods
            touched |= {i for i, r in enumerate(routed_now) if r}
        n_routed = counts[0] if not fallback else len(fallback_pods)
        for i in touched:
            now = routed(i)
            if now and not routed_now[i]:
                since[i] = t
            elif routed_now[i] and not now:
                spans[i].append((since[i], t))
            routed_now[i] = now
        point = SlicePoint(t, counts[0], counts[1], counts[2], n_routed, fallback)
        if not points or _key(points[-1]) != _key(point):
            points.append(point)
    for i, r in enumerate(routed_now):
        if r:
            spans[i].append((since[i], end))
    shifted = [[(s + propagation, min(e + propagation, end) if e < end else end)
                for s, e in pod if s + propagation < end] for pod in spans]
    return Routing(points, shifted)


def _key(p: SlicePoint) -> tuple[int, int, int, int, bool]:
    return p.ready, p.serving, p.terminating, p.routed, p.fallback


def routed_among_ready(tl: Timeline, propagation: float) -> Spans:
    """When a pod receives traffic while other endpoints stay ready (no fallback can
    happen): its ready spans (Ready and not deleted), shifted by the propagation delay."""
    end = tl.duration
    return route([tl], propagation=propagation, end=end, headless=True).routed[0]
