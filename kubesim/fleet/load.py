"""The load model at work: each replica's backlog, grown by its share of the traffic."""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import DelegatingBehaviour
from kubesim.fleet.capacity import endpoint_spans
from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Answer, Behaviour
    from kubesim.timeline import Timeline
    from kubesim.fleet.settings import LoadModel
    from kubesim.spec.model import Target

__all__ = ["LoadedBehaviour", "ServingView"]

_SLOWED = (HandlerKind.HTTP_GET, HandlerKind.GRPC)  # the app answers these itself


def _at(change: Any) -> float:
    return change.at


class ServingView:
    """Which replicas serve when: Ready `propagation` seconds earlier (what traffic follows),
    read from the timelines the replicas are writing. The joins and leaves of all replicas are
    kept in one sorted index, rebuilt when a timeline's Ready changes grew or shrank (a flip
    within one instant is taken back), so a query costs a bisection."""

    def __init__(self, propagation: float) -> None:
        self.propagation = propagation
        self.timelines: list[Timeline] = []
        self._seen: list[tuple[int, Any]] = []  # per replica: (len, last change) indexed
        self._times: list[float] = []  # when the serving count changes
        self._counts: list[int] = []  # ... to this
        self._full_at: float | None = None  # when every replica first served
        self._scanned = -1.0  # ... looked for up to here

    def _sync(self) -> None:
        """Re-index if any replica's Ready changes (or deletion) differ from what was
        indexed."""
        seen = self._seen
        if len(seen) != len(self.timelines):
            seen.extend((-1, None) for _ in range(len(self.timelines) - len(seen)))
        stale = False
        for i, tl in enumerate(self.timelines):
            changes = tl.ready
            mark = (len(changes), changes[-1] if changes else tl.termination)
            mark = (mark[0] + (tl.termination is not None) * 10**9, mark[1])
            if seen[i][0] != mark[0] or seen[i][1] is not mark[1]:
                seen[i] = mark
                stale = True
        if stale:
            delta: dict[float, int] = {}
            d = self.propagation
            for tl in self.timelines:
                for s, e in endpoint_spans(tl):
                    delta[s + d] = delta.get(s + d, 0) + 1
                    if e < tl.duration:
                        delta[e + d] = delta.get(e + d, 0) - 1
            self._times = sorted(delta)
            count, self._counts = 0, []
            for at in self._times:
                count += delta[at]
                self._counts.append(count)

    def serves(self, replica: int, t: float) -> bool:
        """Whether the replica's endpoint is in the Service at `t`."""
        tl = self.timelines[replica]
        seen = t - self.propagation
        if tl.termination is not None and tl.termination.requested_at <= seen:
            return False
        changes = tl.ready
        i = bisect.bisect_right(changes, seen, key=_at)
        return i > 0 and changes[i - 1].ready

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
            for step in self.changes(self._scanned, t):
                if self.serving(step) == len(self.timelines):
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
        if started_at != self.container:  # a new process: an empty queue
            self.backlog, self.since, self.container = 0.0, started_at, started_at
        self._advance(at)
        ans = self.base.answer(target, at, started_at, rng)
        if target.kind not in _SLOWED or ans.error is not None or self.backlog <= 0:
            return ans
        return replace(ans, latency=ans.latency + self.backlog / self.load.capacity_per_replica)
