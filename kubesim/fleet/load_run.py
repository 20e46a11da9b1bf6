"""A fleet under the load model, jumped: every replica on its own fast scheduler, in rounds.

Under load a replica's answers depend on the routing, which depends on every replica's
Ready; the stepped fleet therefore runs every replica on one scheduler, event by event. But
traffic follows the EndpointSlice only a propagation delay d later (F1): what a replica
records at t changes the routing from t + d on. So the replicas can run apart, each on its
own heap scheduler (with its own `engine.jumps.Jumper`), in rounds [T, H) in which the
routing is known not to change:

* each replica promises the earliest time it may record an endpoint change (EP1): its next
  event, or, while it is Ready, every probe gets the base behaviour's successful constant
  answer, its queue is empty and its share of the traffic within its capacity, the first
  time one of those answers may change, the app's own exit or the pod's deletion
  (`ready_holds_until`);
* H is the earliest promise plus d, or the end of the run (a calm replica's promise ends
  at the routing's next known change that may matter to it: any, with the latency laws;
  with the load model alone, the first that routes so few endpoints that a share of the
  traffic exceeds a replica's capacity; before it an empty queue stays empty, so the
  changes of a fleet that is not overloaded wake no calm replica);
* every replica runs to H; a replica whose answers are the base's and stay so (`quiet`) jumps
  its quiet stretches up to H; its changes are pushed to the serving index, which applies
  them, in time order, when the round ends (a change in the round routes from H on).

The answers every replica gets are the ones the stepped fleet gives it, so the timelines are
the same, bit for bit: the differential tests (`tests/test_serving.py`) hold the jumped
fleet to the stepped one and to the rescanned reference, on either scheduler. With no
propagation delay (`--ideal`) there is no room for rounds: the fleet is stepped.
"""

from __future__ import annotations

import gc
import heapq
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.kubelet.prober import follows
from kubesim.results import ProbeType, Result

if TYPE_CHECKING:
    from collections.abc import Iterator

    from kubesim.behaviour.lookup import Quiet
    from kubesim.engine.heap_scheduler import HeapScheduler
    from kubesim.engine.simulate import PodHandle
    from kubesim.fleet.load import LoadedBehaviour, Round
    from kubesim.fleet.serving import ServingIndex
    from kubesim.kubelet.pod_worker import Kubelet

__all__ = ["JumpedReplica", "ready_holds_until", "run_rounds"]

# new objects between two young collections of the garbage collector while a loaded fleet runs
# (CPython's default: 700; see `_spaced_collections`)
_YOUNG_COLLECTION = 20_000


@dataclass
class JumpedReplica:
    """One replica of the jumped fleet: its scheduler, its pod and its loaded behaviour."""

    sched: HeapScheduler
    handle: PodHandle
    behaviour: LoadedBehaviour

    def next_at(self, duration: float) -> float:
        """When its scheduler next does anything in the run (`HeapScheduler.next_at`: the
        waits a jump or an interrupt abandoned do not count)."""
        return self.sched.next_at(duration)

    def promise(self, at: float, nxt: float) -> float:
        """The earliest time at or after `at` at which it may record an endpoint change,
        given its next event at `nxt`: that event, or, while it is calm, when its Ready
        may next change or the routing changes so that its answers may (its share of the
        traffic may then exceed its capacity, `LoadedBehaviour.next_matter`)."""
        kl = self.handle.kubelet
        quiet = self.behaviour.base_quiet
        if kl is None or quiet is None:
            return nxt
        holds = ready_holds_until(kl, quiet, at)
        if not holds > nxt:
            return nxt
        inst = kl.units[0].runtime.current
        if inst is None or not self.behaviour.unloaded(at, inst.running_at):
            return nxt
        return max(nxt, min(holds, self.behaviour.next_matter(at)))


def ready_holds_until(kl: Kubelet, quiet: Quiet, at: float) -> float:
    """Until when the pod's Ready condition holds for sure, from `at`, if its probes get the
    answers `quiet` gives: while the pod is Ready (its one container running, Started and
    Ready, each probe's cached result Success), the kubelet has nothing queued and every
    probe gets a successful constant answer, nothing can take Ready away (no failure to
    count, no kill, R3.1-R3.4) before the first of those answers may change, the app's own
    exit or the pod's deletion; `at` when that cannot be said."""
    if (len(kl.units) != 1 or kl.pod.readiness_gates or not kl.ready or not kl.idle
            or kl.sync_requested or kl.flush_pending):
        return at
    unit = kl.units[0]
    st, inst, term = unit.status, unit.runtime.current, kl.terminator
    if (inst is None or inst.exited_at is not None or inst.sigterm_at is not None
            or st.container_id != inst.id or not (st.running and st.started and st.ready)
            or (term is not None and term.at <= at)):
        return at
    until = min(kl.timeline.duration, math.inf if term is None else term.at,
                math.inf if inst.exit_due is None else inst.exit_due)
    for w in unit.manager.workers.values():
        if w.proc.done or w.type is ProbeType.STARTUP:  # Started: startup probes no more
            continue
        if unit.cache.get(w.type, inst.id) is not Result.SUCCESS:
            return at
        ans, stable = quiet(w.target, at, inst.running_at, inst.record.name)
        if ans is None or follows(w.target, ans):
            return at
        if unit.prober.judge(w.type, w.probe, w.target, ans).result is not Result.SUCCESS:
            return at
        until = min(until, stable)
    return max(at, until)


@contextmanager
def _spaced_collections() -> Iterator[None]:
    """CPython's collector spaced out while a loaded fleet runs, restored after. Its
    replicas keep every record they make (long-lived, in no cycle): with the default
    threshold a young collection comes every 700 new objects and a full one, rescanning
    every record of the fleet, whenever the survivors grew by a quarter, so the collector's
    share grew with the fleet (1,000 replicas x 1 h: 12 full collections, about a fifth of
    the CPU). A young collection every `_YOUNG_COLLECTION` new objects makes about 30 times
    fewer, full ones rare; cyclic garbage is still collected, later. A collector switched
    off by a threshold of 0 stays off."""
    young, *older = gc.get_threshold()
    if young:
        gc.set_threshold(max(young, _YOUNG_COLLECTION), *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)


def run_rounds(replicas: list[JumpedReplica], index: ServingIndex, round_: Round,
               duration: float) -> None:
    """Run the replicas to `duration` in rounds (see the module doc), the collector spaced
    out (`_spaced_collections`)."""
    d = index.propagation
    if not d > 0:
        raise ValueError("a jumped fleet needs a propagation delay > 0")
    with _spaced_collections():
        _rounds(replicas, index, round_, duration, d)


def _rounds(replicas: list[JumpedReplica], index: ServingIndex, round_: Round,
            duration: float, d: float) -> None:
    """The rounds of `run_rounds`. The replicas wait in a heap by their next event (only a
    replica's own run moves it), so a round touches only the replicas it asks a promise of
    or runs, not the whole fleet."""
    waiting = [(r.next_at(duration), i) for i, r in enumerate(replicas)]
    heapq.heapify(waiting)  # by next event, then replica number: the order promises are read
    at = 0.0
    while at < duration:
        index.flush()
        horizon = duration
        due = []
        while waiting and waiting[0][0] + d < horizon:  # its promise may bring the round in
            nxt, i = heapq.heappop(waiting)
            due.append((nxt, i))
            horizon = min(horizon, replicas[i].promise(at, nxt) + d)
        while waiting and waiting[0][0] < horizon:  # the others with something to do in it
            due.append(heapq.heappop(waiting))
        round_.horizon = horizon
        index.frozen = True
        ran = []
        for nxt, i in due:
            if nxt < horizon:
                ran.append(i)
            else:  # popped for its promise only: back as it was
                heapq.heappush(waiting, (nxt, i))
        ran.sort()  # in replica order, as ever
        for i in ran:
            replica = replicas[i]
            replica.sched.run(until=horizon)
            # its next event read while its scheduler is still in the cache (a fleet of
            # thousands runs every other replica before it comes round again)
            heapq.heappush(waiting, (replica.next_at(duration), i))
        index.frozen = False
        at = horizon
    index.flush()
