"""The load model at work: each replica's backlog, grown by its share of the traffic."""

from __future__ import annotations

import bisect
import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import DelegatingBehaviour
from kubesim.fleet.endpoints import endpoint_changes, pod_spans, routed_spans, shift
from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Answer, Behaviour
    from kubesim.fleet.endpoints import Spans
    from kubesim.fleet.settings import LoadModel
    from kubesim.spec.model import Target
    from kubesim.timeline import Timeline

__all__ = ["LoadedBehaviour", "ServingView"]

_SLOWED = (HandlerKind.HTTP_GET, HandlerKind.GRPC)  # the app answers these itself


class ServingView:
    """Which replicas kube-proxy routes to when (docs/controller-rules.md F1, EP1-EP2: the
    endpoints ready `propagation` seconds earlier, or the serving-terminating ones when none
    is ready), read from the timelines the replicas are writing. The routing of all replicas
    is recomputed when a timeline's Ready changes, start or termination differ from what was
    indexed (a flip within one instant is taken back), so a query costs a bisection."""

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
        term = tl.termination
        last = tl.ready[-1] if tl.ready else None
        return (len(tl.ready), id(last), bool(tl.containers), id(term),
                None if term is None else term.stopped_at)

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
        for spans in self._spans:
            for s, e in spans:
                delta[s] = delta.get(s, 0) + 1
                if e < end:
                    delta[e] = delta.get(e, 0) - 1
        self._times = sorted(delta)
        count, self._counts = 0, []
        for at in self._times:
            count += delta[at]
            self._counts.append(count)

    def serves(self, replica: int, t: float) -> bool:
        """Whether kube-proxy routes to the replica at `t`."""
        self._sync()
        spans = self._spans[replica] if replica < len(self._spans) else []
        i = bisect.bisect_right(spans, (t, math.inf)) - 1
        return i >= 0 and spans[i][0] <= t < spans[i][1]

    def serving(self, t: float) -> int:
        """Serving endpoints at `t`."""
        self._sync()
        i = bisect.bisect_right(self._times, t)
        return self._counts[i - 1] if i else 0

    def changes(self, after: float, until: float) -> list[float]:
        """The times in (after, until] when some endpoint joined or left."""
        self._sync()
        times = self._times
        return times[bisect.bisect_right(times, after):bisect.bisect_right(times, until)]

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


class LoadedBehaviour(DelegatingBehaviour):
    """One replica's behaviour under the fleet's load (`LoadModel`): its backlog (requests)
    at `since`, advanced lazily to each probe's time; everything but the answers' latency is
    the base behaviour's."""

    def __init__(self, base: Behaviour, load: LoadModel, view: ServingView,
                 replica: int) -> None:
        super().__init__(base)
        self.load, self.view, self.replica = load, view, replica
        self.backlog, self.since, self.container = 0.0, 0.0, -1.0

    def _advance(self, to: float) -> None:
        load, view, i = self.load, self.view, self.replica
        t = self.since
        for step in [*view.changes(t, to), to]:
            if step <= t:
                continue
            inflow = load.inflow(view.serving(t), view.serves(i, t)) if view.in_service(t) else 0.0
            rate = inflow - load.capacity_per_replica
            self.backlog = max(0.0, self.backlog + rate * (step - t))
            t = step
        self.since = max(self.since, to)

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator) -> Answer:
        self.view.observe(at)
        if started_at != self.container:  # a new process: an empty queue
            self.backlog, self.since, self.container = 0.0, started_at, started_at
        self._advance(at)
        ans = self.base.answer(target, at, started_at, rng)
        if target.kind not in _SLOWED or ans.error is not None or self.backlog <= 0:
            return ans
        return replace(ans, latency=ans.latency + self.backlog / self.load.capacity_per_replica)
