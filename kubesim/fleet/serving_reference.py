"""The serving index as first written, kept as the reference the pushed one is held to.

`RescannedServing` reads every replica's timeline on each query (a mark per timeline: Ready
changes, start, termination) and, when any mark moved, recomputes every replica's routing
with `endpoints.route`'s steps. It is quadratic in the fleet (issue: a load model that
scales) and exact by construction; `kubesim.fleet.serving.ServingIndex` is pushed its
changes instead, and the differential tests (`tests/test_serving.py`) hold the two, and the
fleets run on each, to the same answers. Select it with `simulate_fleet(...,
load_path="rescanned")`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from kubesim.fleet.endpoints import endpoint_changes, pod_spans, routed_spans, shift
from kubesim.fleet.serving import RoutedQueries, stretches_of

if TYPE_CHECKING:
    from kubesim.fleet.endpoints import Spans
    from kubesim.fleet.serving import Stretch
    from kubesim.timeline import Timeline

__all__ = ["RescannedServing"]


class RescannedServing(RoutedQueries):
    """Which replicas kube-proxy routes to when (docs/controller-rules.md F1, EP1-EP2: the
    endpoints ready `propagation` seconds earlier, or the serving-terminating ones when none
    is ready), read from the timelines the replicas are writing. The routing of all replicas
    is recomputed (`endpoints.route`'s steps) when a timeline's Ready changes, start or
    termination differ from what was indexed (a flip within one instant is taken back)."""

    def __init__(self, propagation: float, replicas: int | None = None, *,
                 publish_not_ready: bool = False, headless: bool = False) -> None:
        self.propagation, self.replicas = propagation, replicas
        self.publish_not_ready, self.headless = publish_not_ready, headless
        self.timelines: list[Timeline] = []
        self._seen: list[tuple[Any, ...]] = []  # per replica: what was indexed
        self._pods: list[tuple[Spans, Spans]] = []  # ... and its ready, fallback spans
        self._spans: list[list[tuple[float, float]]] = []  # per replica: routed spans
        self._times: list[float] = []  # when the routed count changes
        self._counts: list[int] = []  # ... to this
        self._full_at: float | None = None  # when every replica first served
        self._scanned = -1.0  # ... looked for up to here
        self._clock = -math.inf  # the latest time a replica asked at
        self._current = False  # indexed since the clock last moved

    @staticmethod
    def _mark(tl: Timeline) -> tuple[Any, ...]:
        """What an endpoint depends on, compared by value: the last Ready change itself,
        not its id (as first written: a change taken back within its instant is freed, and
        the next one may be given its id, so a new change went unseen)."""
        term = tl.termination
        last = tl.ready[-1] if tl.ready else None
        return (len(tl.ready), last, bool(tl.containers), id(term),
                None if term is None else term.stopped_at)

    def add(self, timeline: Timeline) -> int:
        """Index a new replica's timeline; returns its replica number."""
        self.timelines.append(timeline)
        return len(self.timelines) - 1

    def observe(self, now: float) -> None:
        """A replica asks at `now` (the simulation's time). A change the kubelets record now
        reaches traffic only `propagation` seconds later (F1), so while the clock stands still
        the index stays good for every time up to now; with no propagation it is checked on
        each query."""
        if now > self._clock:
            self._clock, self._current = now, False

    def _sync(self) -> None:
        """Re-route if any replica's endpoint may have changed since it was indexed."""
        if self._current and self.propagation > 0:
            return
        self._current = True
        marks = [self._mark(tl) for tl in self.timelines]
        if marks == self._seen:
            return
        end = max((tl.duration for tl in self.timelines), default=0.0)
        spans = self._pods
        for i, (tl, mark) in enumerate(zip(self.timelines, marks, strict=True)):
            if i >= len(self._seen) or self._seen[i] != mark:
                if i >= len(spans):
                    spans.append(([], []))
                spans[i] = pod_spans(endpoint_changes(tl, self.publish_not_ready), end)
        self._seen = marks
        routed, _ = routed_spans([r for r, _ in spans], [f for _, f in spans], end,
                                 headless=self.headless)
        self._spans = [shift(pod, self.propagation, end) for pod in routed]
        delta: dict[float, int] = {}
        for shifted in self._spans:
            for s, e in shifted:
                delta[s] = delta.get(s, 0) + 1
                if e < end:
                    delta[e] = delta.get(e, 0) - 1
        self._times = sorted(delta)
        count, self._counts = 0, []
        for at in self._times:
            count += delta[at]
            self._counts.append(count)

    def _refresh(self) -> None:
        self._sync()

    def stretches(self, replica: int, after: float, until: float) -> list[Stretch]:
        """The routing's constant stretches from `after` to `until` (`Serving.stretches`)."""
        return stretches_of(self, replica, after, until)

    def in_service(self, t: float) -> bool:
        """Whether the fleet was in service by `t`: every replica served at once at some
        time <= t. Traffic arrives from then on (a fleet warming up gets none)."""
        if self._full_at is None and t > self._scanned:
            everyone = self.replicas if self.replicas is not None else len(self.timelines)
            for step in self.changes(self._scanned, t):
                if self.serving(step) >= everyone:
                    self._full_at = step
                    break
            self._scanned = t
        return self._full_at is not None and self._full_at <= t
