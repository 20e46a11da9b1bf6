"""Which replicas kube-proxy routes to, when: a serving index pushed its changes.

The load model and the Ready-fraction latency law ask, on every probe answer, how many
endpoints kube-proxy routes to and whether it routes to the asking replica
(docs/controller-rules.md EP1, EP2, F1). `ServingIndex` answers from an index that the
replicas' timelines push their endpoint changes into (`Timeline.watch_endpoint`): each change
is applied once, in time order, so a query is a bisection and nothing is scanned again. The
load model's queue walk (`ServingIndex.queue`) adds, stretch by stretch, terms computed once
for the whole fleet (`QueueTerms`): the walk's own operations, so the same bits.

Every pod's endpoint is a state machine in slice time (`endpoint_state`, the conditions
`endpoints.endpoint_changes` writes at each change): ready (kube-proxy routes to it), or
serving-terminating (routed only while no endpoint is ready anywhere, and never behind a
headless Service). A group of changes at one instant is applied together: each replica's
routed flag after the group is compared with the one before it, and every flip becomes a
boundary of that replica's routed spans `propagation` seconds later (F1), clipped to the
run. The spans, the routed count after each boundary and the boundaries themselves are what
`endpoints.route` computes from the finished timelines, boundary for boundary
(`tests/test_serving.py` holds the two to the same index at every query). Changes arrive in
time order (one scheduler steps every replica, or the jumped fleet flushes them at the end of
each round, `fleet.load_run`); a later change at the instant last applied opens that group
again (with no propagation delay, a query may come between two changes of one instant).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from kubesim.fleet.queue_walk import QueueTerms

if TYPE_CHECKING:
    from kubesim.timeline import Timeline

__all__ = ["EndpointState", "RoutedQueries", "Serving", "ServingIndex", "Stretch",
           "endpoint_state", "stretches_of"]


class Serving(Protocol):
    """What a replica under the fleet's load asks about the fleet's routing."""

    replicas: int | None  # the fleet's desired replicas (None: as many as were added)
    propagation: float
    timelines: list[Timeline]  # the replicas' timelines, in the order they were added

    def add(self, timeline: Timeline) -> int:
        """Index a new replica's timeline; returns its replica number."""
        ...

    def observe(self, now: float) -> None:
        """A replica asks at `now` (the simulation's time)."""
        ...

    def serves(self, replica: int, t: float) -> bool:
        """Whether kube-proxy routes to the replica at `t`."""
        ...

    def serving(self, t: float) -> int:
        """Endpoints kube-proxy routes to at `t`."""
        ...

    def changes(self, after: float, until: float) -> list[float]:
        """The times in (after, until] when some endpoint joined or left the routing."""
        ...

    def next_change(self, after: float) -> float:
        """The first time after `after` at which the routing is known to change (math.inf:
        none known)."""
        ...

    def in_service(self, t: float) -> bool:
        """Whether every replica served at once at some time <= t."""
        ...

    def stretches(self, replica: int, after: float, until: float) -> list[Stretch]:
        """The routing from `after` to `until` (> after) in stretches of constant routing:
        one from `after`, then one from each change in (after, until), each with the
        endpoints routed to and whether the replica is one of them at its start."""
        ...


class Stretch(NamedTuple):
    """From `start` to `end` the routing does not change: `serving` endpoints, the replica
    among them or not (`serves`)."""

    start: float
    end: float
    serving: int
    serves: bool


def stretches_of(view: Serving, replica: int, after: float, until: float) -> list[Stretch]:
    """`Serving.stretches` from the view's point queries (what an index without a faster
    walk answers)."""
    out = []
    t = after
    for step in [*view.changes(after, until), until]:
        if step <= t:
            continue
        out.append(Stretch(t, step, view.serving(t), view.serves(replica, t)))
        t = step
    return out


def _within(spans: list[tuple[float, float]], t: float) -> bool:
    """Whether one of the routed spans holds `t`."""
    k = bisect.bisect_right(spans, (t, math.inf)) - 1
    return k >= 0 and spans[k][0] <= t < spans[k][1]


def _fill(backlog: float, fed: bool, serving: int, length: float, requests_per_second: float,
          capacity: float) -> float:
    """The queue after one stretch of constant routing (F3): it receives its share of the
    requests while `fed` (served, the fleet in service) and serves `capacity`, `length`
    seconds; never below empty."""
    inflow = requests_per_second / serving if fed and serving > 0 else 0.0
    backlog += (inflow - capacity) * length
    return backlog if backlog > 0.0 else 0.0  # max(0.0, backlog): drains empty, no lower


def _fed_runs(times: list[float], spans: list[tuple[float, float]], lo: int, hi: int,
              fed_from: int) -> list[tuple[int, int, bool]]:
    """The whole stretches lo..hi-1 (stretch m from times[m - 1] to times[m]) in runs fed
    or not: fed while the replica is routed (one of its spans holds the stretch's start)
    and the fleet in service (from stretch `fed_from` on)."""
    runs = []
    cur = lo
    k = max(0, bisect.bisect_right(spans, (times[lo - 1], math.inf)) - 1)
    for start, end in spans[k:]:
        a = max(bisect.bisect_left(times, start) + 1, fed_from, cur)
        if a >= hi:
            break  # the later spans start later still
        b = min(bisect.bisect_left(times, end, a - 1) + 1, hi)
        if b <= a:
            continue
        if a > cur:
            runs.append((cur, a, False))
        runs.append((a, b, True))
        cur = b
    if cur < hi:
        runs.append((cur, hi, False))
    return runs


class EndpointState(NamedTuple):
    """A pod's endpoint at one instant, as kube-proxy sees it (EP1, EP2): `ready` (routed),
    `fallback` (serving and terminating, not ready: routed when no endpoint is ready)."""

    ready: bool
    fallback: bool


_ABSENT = EndpointState(False, False)
_NO_SPANS: list[tuple[float, float]] = []


def _ready_at(tl: Timeline, t: float) -> bool:
    """The pod's Ready condition at `t`: its last change at or before `t` (the later of two
    at one instant)."""
    changes = tl.ready
    i = bisect.bisect_right(changes, t, key=lambda c: c.at)
    return changes[i - 1].ready if i else False


def endpoint_state(tl: Timeline, t: float, publish_not_ready: bool = False) -> EndpointState:
    """The pod's endpoint at `t` from what its timeline holds (EP1, as
    `endpoints.endpoint_changes` writes it): in the slice from its first container running
    until its containers are gone after a deletion; serving while Ready; terminating from
    the deletion; ready when serving and not terminating, or always with
    publishNotReadyAddresses."""
    if not tl.containers or t < tl.containers[0].running_at:
        return _ABSENT
    term = tl.termination
    deleted = term.requested_at if term is not None else None
    gone = term.stopped_at if term is not None else None
    if gone is not None and t >= gone:
        return _ABSENT
    terminating = deleted is not None and t >= deleted
    serving = _ready_at(tl, t)
    ready = publish_not_ready or (serving and not terminating)
    return EndpointState(ready, serving and terminating and not ready)


@dataclass
class _Group:
    """The changes applied at one instant, kept so that a later change at the same instant
    can take them back and apply them again with it."""

    at: float
    touched: set[int]
    states: dict[int, EndpointState]  # each touched replica's state before the group
    flips: list[int] = field(default_factory=list)  # replicas whose routed flag flipped
    ready_count: int = 0  # ready endpoints before the group
    key_added: bool = False  # the group added the boundary key at at + propagation


class RoutedQueries:
    """The point queries of a serving index, read off its routed spans per replica
    (`_spans`) and the routed count's changes (`_times`, `_counts`) once `_refresh` brought
    them up to date: shared by the pushed index and the rescanning reference, which differ
    only in how they keep those lists."""

    _spans: list[list[tuple[float, float]]]
    _times: list[float]
    _counts: list[int]

    def _refresh(self) -> None:
        raise NotImplementedError

    def serves(self, replica: int, t: float) -> bool:
        """Whether kube-proxy routes to the replica at `t`."""
        self._refresh()
        spans = self._spans[replica] if replica < len(self._spans) else []
        i = bisect.bisect_right(spans, (t, math.inf)) - 1
        return i >= 0 and spans[i][0] <= t < spans[i][1]

    def serving(self, t: float) -> int:
        """Endpoints kube-proxy routes to at `t`."""
        self._refresh()
        i = bisect.bisect_right(self._times, t)
        return self._counts[i - 1] if i else 0

    def changes(self, after: float, until: float) -> list[float]:
        """The times in (after, until] when some endpoint joined or left the routing."""
        self._refresh()
        times = self._times
        return times[bisect.bisect_right(times, after):bisect.bisect_right(times, until)]

    def next_change(self, after: float) -> float:
        """The first time after `after` at which the routing is known to change (math.inf:
        none known)."""
        self._refresh()
        i = bisect.bisect_right(self._times, after)
        return self._times[i] if i < len(self._times) else math.inf


class ServingIndex(RoutedQueries):
    """The routing of a fleet's replicas (see the module doc), pushed by their timelines."""

    def __init__(self, propagation: float, replicas: int | None = None, *, end: float,
                 publish_not_ready: bool = False, headless: bool = False) -> None:
        self.propagation, self.replicas, self.end = propagation, replicas, end
        self.publish_not_ready, self.headless = publish_not_ready, headless
        self.timelines: list[Timeline] = []
        self.frozen = False  # while True, pushed changes wait (a jumped round, load_run)
        self._pending: list[tuple[float, int]] = []  # (slice time, replica) not yet applied
        self._state: list[EndpointState] = []
        self._routed: list[bool] = []
        self._spans: list[list[tuple[float, float]]] = []  # per replica, in traffic time
        self._times: list[float] = []  # traffic times at which some replica's routing flips
        self._counts: list[int] = []  # ... the routed count from then on
        self._refs: list[int] = []  # ... how many flips fall on that time
        self._ready_count = 0  # ready endpoints now (slice time)
        self._count = 0  # routed endpoints now (slice time)
        self._fallbacks: set[int] = set()  # replicas serving-terminating now
        self._group: _Group | None = None
        self._full_at: float | None = None  # when every replica first served
        self._scanned = -1.0  # ... looked for up to here
        self._deltas: QueueTerms | None = None  # the queue's change over each stretch (queue)

    # -- pushed changes ---------------------------------------------------------------------
    def add(self, timeline: Timeline) -> int:
        """Index a new replica's timeline; what it recorded already (its kubelet may have
        started its first container on being put on the scheduler) is pushed now."""
        i = len(self.timelines)
        self.timelines.append(timeline)
        self._state.append(_ABSENT)
        self._routed.append(False)
        self._spans.append([])
        timeline.watch_endpoint(lambda at: self._pending.append((at, i)))
        term = timeline.termination
        for at in (*(c.running_at for c in timeline.containers[:1]),
                   *(c.at for c in timeline.ready),
                   *(() if term is None else (term.requested_at, term.stopped_at))):
            if at is not None:
                self._pending.append((at, i))
        return i

    def observe(self, now: float) -> None:
        """Nothing to do: changes are pushed (kept for the `Serving` protocol)."""

    def _refresh(self) -> None:
        self.flush()

    def flush(self) -> None:
        """Apply the pushed changes, in time order, one instant at a time."""
        pending = self._pending
        if not pending or self.frozen:
            return
        pending.sort(key=lambda p: p[0])
        k = 0
        while k < len(pending):
            at = pending[k][0]
            touched = set()
            while k < len(pending) and pending[k][0] == at:
                touched.add(pending[k][1])
                k += 1
            self._apply(at, touched)
        pending.clear()

    def _apply(self, at: float, touched: set[int]) -> None:
        group = self._group
        if group is not None and group.at == at:  # the instant opens again
            touched |= group.touched
            self._undo(group)
        elif group is not None and at < group.at:
            raise AssertionError(f"endpoint change at {at!r} after one at {group.at!r}")
        group = self._group = _Group(at, touched, {i: self._state[i] for i in touched},
                                     ready_count=self._ready_count)
        was_zero = self._ready_count == 0
        for i in sorted(touched):
            old, new = self._state[i], endpoint_state(self.timelines[i], at,
                                                        self.publish_not_ready)
            self._state[i] = new
            self._ready_count += new.ready - old.ready
            if new.fallback:
                self._fallbacks.add(i)
            else:
                self._fallbacks.discard(i)
        affected = set(touched)
        if was_zero != (self._ready_count == 0):  # the fallback turns on or off (EP2)
            affected |= self._fallbacks
        none_ready = self._ready_count == 0 and not self.headless
        for i in sorted(affected):
            state = self._state[i]
            routed = state.ready or (state.fallback and none_ready)
            if routed != self._routed[i]:
                self._flip(i, routed, group)

    def _flip(self, i: int, routed: bool, group: _Group) -> None:
        """Replica i's routing flips at the group's instant: a boundary of its spans one
        propagation delay later (F1); none at or after the end of the run."""
        self._routed[i] = routed
        self._count += 1 if routed else -1
        group.flips.append(i)
        x = group.at + self.propagation
        if not x < self.end:
            return
        spans = self._spans[i]
        if routed:
            spans.append((x, self.end))
        else:
            spans[-1] = (spans[-1][0], x)
        if self._times and self._times[-1] == x:
            self._refs[-1] += 1
            self._counts[-1] = self._count
        else:
            self._times.append(x)
            self._counts.append(self._count)
            self._refs.append(1)
            group.key_added = True

    def _undo(self, group: _Group) -> None:
        """Take back the group's flips and states (its instant opens again)."""
        x = group.at + self.propagation
        for i in reversed(group.flips):
            routed = not self._routed[i]
            self._routed[i] = routed
            self._count += 1 if routed else -1
            if not x < self.end:
                continue
            spans = self._spans[i]
            if routed:  # it had been closed at x: open again
                spans[-1] = (spans[-1][0], self.end)
            else:
                spans.pop()
            self._refs[-1] -= 1
            self._counts[-1] = self._count
        if group.key_added and self._refs and self._refs[-1] == 0:
            self._times.pop()
            self._counts.pop()
            self._refs.pop()
            if self._deltas is not None:  # the stretch that ended there is gone
                self._deltas.truncate(len(self._times))
        for i, state in group.states.items():
            self._state[i] = state
            if state.fallback:
                self._fallbacks.add(i)
            else:
                self._fallbacks.discard(i)
        self._ready_count = group.ready_count

    # -- queries ----------------------------------------------------------------------------
    def stretches(self, replica: int, after: float, until: float) -> list[Stretch]:
        """`Serving.stretches`, walking the index once (the same stretches and values as
        `stretches_of` gives from the point queries)."""
        self.flush()
        times, counts = self._times, self._counts
        i = bisect.bisect_right(times, after)
        j = bisect.bisect_left(times, until, i)  # a change at `until` starts no stretch
        spans = self._spans[replica] if replica < len(self._spans) else _NO_SPANS
        k = bisect.bisect_right(spans, (after, math.inf)) - 1
        last = len(spans) - 1
        make = tuple.__new__  # Stretch(...) without its Python-level __new__ (hot)
        out = []
        t, n = after, counts[i - 1] if i else 0
        for m in range(i, j):
            while k < last and spans[k + 1][0] <= t:
                k += 1
            end = times[m]
            out.append(make(Stretch, (t, end, n, k >= 0 and spans[k][0] <= t < spans[k][1])))
            t, n = end, counts[m]
        while k < last and spans[k + 1][0] <= t:
            k += 1
        out.append(make(Stretch, (t, until, n, k >= 0 and spans[k][0] <= t < spans[k][1])))
        return out

    def queue(self, replica: int, backlog: float, after: float, until: float,
              requests_per_second: float, capacity: float) -> float:
        """The fluid queue of the load model (F3) from `backlog` at `after` to `until`: the
        walk `LoadedBehaviour` makes over `stretches`, fused (no stretch is built), with the
        same operations in the same order, so the same bits: over each stretch the replica
        receives requests_per_second / serving while it is served and the fleet is in
        service, serves `capacity`, and its queue never goes below empty.

        The whole stretches between two changes are the fleet's, whoever walks them: each
        one's change of a queue (`QueueTerms`: fed, or idle) is computed once, with the walk's
        operations, and added by every replica that walks it; an empty queue jumps to the next
        stretch that can grow it. A walk costs an addition per stretch while its queue is not
        empty, and every answer of a backed-up replica in a cascade walks the fleet's changes
        since its last one: fewer operations, the same bits (adding the terms in another
        grouping, prefix sums, would change the rounding; whole blocks of terms summed
        exactly, as integers in units of the queue's binade, keep the bits but cost the
        compiled walk twice the CPU of the additions they spare: docs/speed.md)."""
        self.flush()
        times, counts = self._times, self._counts
        i = bisect.bisect_right(times, after)
        j = bisect.bisect_left(times, until, i)  # a change at `until` starts no stretch
        spans = self._spans[replica] if replica < len(self._spans) else _NO_SPANS
        fed = self.in_service(after) and _within(spans, after)
        end = times[i] if i < j else until
        backlog = _fill(backlog, fed, counts[i - 1] if i else 0, end - after,
                        requests_per_second, capacity)
        if i == j:
            return backlog
        t = times[j - 1]  # the last stretch's start: in service from here on or never
        fed_from = (bisect.bisect_left(times, self._full_at) + 1 if self.in_service(t)
                    and self._full_at is not None else j + 1)
        if j - i > 1:  # the whole stretches between: each starts at a change
            deltas = self._deltas_for(j - 1, requests_per_second, capacity)
            for lo, hi, fed in _fed_runs(times, spans, i + 1, j, fed_from):
                backlog = deltas.walk(backlog, lo, hi, fed)
        return _fill(backlog, j >= fed_from and _within(spans, t), counts[j - 1], until - t,
                     requests_per_second, capacity)

    def _deltas_for(self, upto: int, requests_per_second: float,
                    capacity: float) -> QueueTerms:
        """The stretches' queue changes under this load, computed up to stretch `upto`."""
        deltas = self._deltas
        if deltas is None or deltas.law != (requests_per_second, capacity):
            deltas = self._deltas = QueueTerms(requests_per_second, capacity)
        deltas.extend(self._times, self._counts, upto)
        return deltas

    def fewest(self, after: float, until: float) -> int:
        """The fewest endpoints routed at any time in [after, until) (until > after): the
        least of the counts `stretches` would walk, read without building them."""
        self.flush()
        times, counts = self._times, self._counts
        i = bisect.bisect_right(times, after)
        j = bisect.bisect_left(times, until, i)
        n = counts[i - 1] if i else 0
        return min(n, min(counts[i:j])) if j > i else n

    def next_below(self, after: float, least: int) -> float:
        """The first time after `after` at which the routed count is known to fall below
        `least` (math.inf: none known): the known changes after `after` are the ones routed
        within a propagation delay of the last flush, few."""
        self.flush()
        times, counts = self._times, self._counts
        for m in range(bisect.bisect_right(times, after), len(times)):
            if counts[m] < least:
                return times[m]
        return math.inf

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

    def spans(self, replica: int) -> list[tuple[float, float]]:
        """Replica's routed spans in traffic time, as indexed so far."""
        self.flush()
        return list(self._spans[replica])

    def index(self) -> tuple[list[float], list[int]]:
        """The boundary times and the routed count after each, as indexed so far."""
        self.flush()
        return list(self._times), list(self._counts)
