"""The load model at work: each replica's backlog, grown by its share of the traffic."""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Answer, Behaviour
    from kubesim.engine.timeline import Timeline
    from kubesim.fleet.settings import LoadModel
    from kubesim.spec.model import Target

__all__ = ["LoadedBehaviour", "ServingView"]

_SLOWED = (HandlerKind.HTTP_GET, HandlerKind.GRPC)  # the app answers these itself


def _at(change: Any) -> float:
    return change.at


class ServingView:
    """Which replicas serve when: Ready `propagation` seconds earlier (what traffic follows),
    read from the timelines the replicas are writing."""

    def __init__(self, propagation: float) -> None:
        self.propagation = propagation
        self.timelines: list[Timeline] = []
        self._full_at: float | None = None  # when every replica first served
        self._scanned = -1.0  # ... looked for up to here

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

    def serves(self, replica: int, t: float) -> bool:
        """Whether the replica's endpoint is in the Service at `t`."""
        changes = self.timelines[replica].ready
        i = bisect.bisect_right(changes, t - self.propagation, key=_at)
        return i > 0 and changes[i - 1].ready

    def serving(self, t: float) -> int:
        """Serving endpoints at `t`."""
        return sum(self.serves(i, t) for i in range(len(self.timelines)))

    def changes(self, after: float, until: float) -> list[float]:
        """The times in (after, until] when some endpoint joined or left."""
        d, out = self.propagation, set()
        for tl in self.timelines:
            changes = tl.ready
            lo = bisect.bisect_right(changes, after - d, key=_at)
            hi = bisect.bisect_right(changes, until - d, key=_at)
            out.update(c.at + d for c in changes[lo:hi])
        return sorted(out)


class LoadedBehaviour:
    """One replica's behaviour under the fleet's load (`LoadModel`): its backlog (requests)
    at `since`, advanced lazily to each probe's time."""

    def __init__(self, base: Behaviour, load: LoadModel, view: ServingView,
                 replica: int) -> None:
        self.base, self.load, self.view, self.replica = base, load, view, replica
        self.stall_end = base.stall_end
        self.shutdown_seconds = base.shutdown_seconds
        self.backlog, self.since, self.container = 0.0, 0.0, -1.0

    def __getattr__(self, name: str) -> Any:  # trace settings and input checks: the base's
        return getattr(self.base, name)

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
