"""The jumped fleet's queue walk, fused into the serving index, against the walk it replaced
(docs/controller-rules.md F3; issue 31 item 3: a load model that scales).

`ServingIndex.queue` advances a replica's fluid queue over the index without building
stretches, and `ServingIndex.fewest` lets an empty queue skip the walk while enough
endpoints are routed. Both must give the bits the old walk gives: on real loaded fleets
(calm, busy, overloaded, with an outage) every queue the jumped fleet advances is advanced
again here by the old walk over `stretches`, kept below as the reference, and compared with
`==`; and the calm replicas of a fleet that is never overloaded are shown to wake less.
"""

from __future__ import annotations

import gc
import itertools
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import kubesim.fleet.run as fleet_run
from kubesim import load_scenario, load_spec
from kubesim.fleet.load import NO_FLEET, LoadedBehaviour, enough_endpoints
from kubesim.fleet.queue_walk import QueueTerms
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.serving import ServingIndex
from kubesim.fleet.settings import FleetSettings, LoadModel

ROOT = Path(__file__).resolve().parent.parent
UNIFIED = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SPLIT = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
DB = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")


def old_walk(index: ServingIndex, replica: int, backlog: float, t: float, to: float,
             rps: float, capacity: float) -> float:
    """The walk as `LoadedBehaviour._integrate` made it before the fused one (the reference:
    kept verbatim but for the load model's `inflow`, written out)."""
    served = False
    for start, end, serving, serves in index.stretches(replica, t, to):
        served = served or index.in_service(start)
        inflow = rps / serving if serves and serving > 0 else 0.0
        backlog += ((inflow if served else 0.0) - capacity) * (end - start)
        if not backlog > 0.0:
            backlog = 0.0
    return backlog


class Checked(ServingIndex):
    """A serving index whose every fused walk and skip is held to the old walk."""

    made: list[Checked] = []

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.walks = self.skips = 0
        self.load: LoadModel | None = None
        Checked.made.append(self)

    def queue(self, replica: int, backlog: float, after: float, until: float,
              requests_per_second: float, capacity: float) -> float:
        got = super().queue(replica, backlog, after, until, requests_per_second, capacity)
        want = old_walk(self, replica, backlog, after, until, requests_per_second, capacity)
        assert got == want, (replica, backlog, after, until, got, want)
        self.walks += 1
        return got

    def fewest(self, after: float, until: float) -> int:
        least = super().fewest(after, until)
        assert self.load is not None
        if least >= enough_endpoints(self.load):  # the caller skips: the queue stays empty
            rps, cap = self.load.requests_per_second, self.load.capacity_per_replica
            for replica in range(len(self.timelines)):
                assert old_walk(self, replica, 0.0, after, until, rps, cap) == 0.0
            self.skips += 1
        return least


def _checked_run(monkeypatch: pytest.MonkeyPatch, cfg: FleetSettings, pod: str,
                 duration: float, seed: int) -> Checked:
    Checked.made = []

    def make(*args: object, **kw: object) -> Checked:
        index = Checked(*args, **kw)
        index.load = cfg.load
        return index

    monkeypatch.setattr(fleet_run, "ServingIndex", make)
    simulate_fleet(load_spec(pod), load_scenario(DB), cfg, duration=duration, seed=seed,
                   load_path="jumped")
    assert len(Checked.made) == 1
    return Checked.made[0]


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**16), replicas=st.integers(2, 8), spread=st.floats(0, 40),
       busy=st.floats(50, 130), propagation=st.sampled_from([0.5, 2.0, 7.0]),
       split=st.booleans())
def test_the_fused_walk_gives_the_old_walks_bits(seed, replicas, spread, busy, propagation,
                                                 split):
    """F3: every queue the jumped fleet advances, and every skip of an empty one, is the
    old walk's, bit for bit, from a calm fleet to an overloaded one."""
    cfg = FleetSettings(replicas, start_spread=spread, propagation_seconds=propagation,
                        load=LoadModel(busy * replicas, 100))
    with pytest.MonkeyPatch.context() as mp:
        index = _checked_run(mp, cfg, SPLIT if split else UNIFIED, 400, seed)
    assert index.walks + index.skips > 0


def test_an_outage_hour_walks_and_skips(monkeypatch):
    """The benchmark's shape, smaller (12 replicas at 90 %, one outage, an hour): both the
    fused walk (the cascade's queues) and the skip (the calm stretches) are exercised."""
    cfg = FleetSettings(12, start_spread=60, load=LoadModel(90.0 * 12, 100))
    index = _checked_run(monkeypatch, cfg, UNIFIED, 3600, 1)
    assert index.walks > 100 and index.skips > 10


def test_long_walks_over_the_shared_terms(monkeypatch):
    """A fleet large enough that a backed-up queue walks dozens of fleet-wide changes at an
    answer (40 replicas at 110 %, liveness and readiness apart): the walk adds the terms
    every replica shares (`ServingIndex._deltas`, computed once), in runs fed or idle, and
    an empty queue jumps to the next stretch that grows it; every queue is still the old
    walk's, bit for bit."""
    cfg = FleetSettings(40, start_spread=20, load=LoadModel(110.0 * 40, 100))
    index = _checked_run(monkeypatch, cfg, SPLIT, 1200, 4)
    times, _ = index.index()
    assert index.walks > 1_000 and len(times) > 1_000
    deltas = index._deltas
    assert deltas is not None and deltas.grows and len(deltas.fed) > 100


def _walked_stretch_by_stretch(backlog: float, times: list[float], counts: list[int],
                               rps: float, capacity: float, lo: int, hi: int,
                               fed: bool) -> float:
    """The reference walk (F3): each stretch's change computed as it goes, added in turn,
    the queue clipped at empty after each."""
    want = backlog
    for m in range(lo, hi):
        n = counts[m - 1]
        inflow = rps / n if fed and n > 0 else 0.0
        want += (inflow - capacity) * (times[m] - times[m - 1])
        if not want > 0.0:
            want = 0.0
    return want


@settings(max_examples=examples(200), deadline=None)
@given(gaps=st.lists(st.floats(1e-3, 30.0), min_size=2, max_size=40),
       counts=st.lists(st.integers(0, 12), min_size=40, max_size=40),
       rps=st.floats(10.0, 2_000.0), capacity=st.floats(10.0, 300.0),
       backlog=st.sampled_from([0.0, 0.5, 30.0, 500.0]), fed=st.booleans(), data=st.data())
def test_a_run_of_shared_terms_is_the_stretch_by_stretch_walk(gaps, counts, rps, capacity,
                                                              backlog, fed, data):
    """F3, one run of whole stretches: the terms `QueueTerms` computes once, added in turn with
    the queue clipped at empty after each and an empty queue jumping to the next term that
    grows it, give the bits of the walk that computes each stretch's change as it goes."""
    times = list(itertools.accumulate(gaps))
    deltas = QueueTerms(rps, capacity)
    deltas.extend(times, counts, len(times) - 1)
    lo = data.draw(st.integers(1, len(times) - 1))
    hi = data.draw(st.integers(lo, len(times)))
    want = _walked_stretch_by_stretch(backlog, times, counts, rps, capacity, lo, hi, fed)
    assert deltas.walk(backlog, lo, hi, fed) == want
    assert deltas.added == _additions_made(backlog, deltas, lo, hi, fed)


def _additions_made(backlog: float, deltas: QueueTerms, lo: int, hi: int, fed: bool) -> int:
    """The terms a walk must add (the count `benchmarks/bench_fleet_scale.py` reports): every
    stretch it enters with a queue, and every stretch that grows an empty one (none idle: the
    capacity is positive); an empty queue that no term grows is not walked."""
    terms = deltas.fed if fed else deltas.idle
    made = 0
    for m in range(lo, hi):
        if backlog > 0.0 or terms[m] > 0.0:
            made += 1
        backlog = max(0.0, backlog + terms[m])
    return made


@settings(max_examples=examples(100), deadline=None)
@given(gap_cycle=st.lists(st.floats(1e-3, 5.0), min_size=1, max_size=30),
       count_cycle=st.lists(st.integers(1, 12), min_size=1, max_size=30),
       size=st.integers(300, 700), rps=st.floats(200.0, 2_000.0),
       capacity=st.floats(10.0, 150.0), backlog=st.sampled_from([0.0, 30.0, 1e4, 1e7]),
       fed=st.booleans(), data=st.data())
def test_a_long_run_of_shared_terms_is_the_stretch_by_stretch_walk(
        gap_cycle, count_cycle, size, rps, capacity, backlog, fed, data):
    """F3, the long runs a backed-up queue walks in a large fleet's cascade (hundreds of
    whole stretches, emptied and backed up again on the way; the walk compiled where
    kubesim is, `kubesim.fleet.queue_walk`): the bits of the walk that computes each
    stretch's change as it goes (the stretches' lengths and counts drawn as short cycles,
    repeated to hundreds of stretches)."""
    gaps = list(itertools.islice(itertools.cycle(gap_cycle), size))
    counts = list(itertools.islice(itertools.cycle(count_cycle), size))
    times = list(itertools.accumulate(gaps))
    deltas = QueueTerms(rps, capacity)
    deltas.extend(times, counts, len(times) - 1)
    lo = data.draw(st.integers(1, 100))
    hi = data.draw(st.integers(lo + 200, len(times)))
    want = _walked_stretch_by_stretch(backlog, times, counts, rps, capacity, lo, hi, fed)
    assert deltas.walk(backlog, lo, hi, fed) == want
    # the same after the terms from lo + 50 on were forgotten (a stretch's end changed) and
    # computed again
    deltas.truncate(lo + 50)
    deltas.extend(times, counts, len(times) - 1)
    assert deltas.walk(backlog, lo, hi, fed) == want


def test_a_queue_backed_up_over_hundreds_of_stretches():
    """A queue fed more than it serves over 598 stretches of 0.5 s and 2 endpoints (a run
    walked without emptying): it grows by 450 requests a second."""
    times = list(itertools.accumulate([0.5] * 600))
    deltas = QueueTerms(1_000.0, 50.0)
    deltas.extend(times, [2] * 600, 599)
    assert deltas.walk(1e4, 1, 599, True) == pytest.approx(1e4 + 450.0 * 0.5 * 598)


@pytest.mark.parametrize(("rps", "capacity"), [(900.0, 100.0), (90_000.0, 100.0),
                                               (1.0, 3.0), (1e6, 0.7)])
def test_enough_endpoints_is_the_fewest_within_capacity(rps, capacity):
    """The threshold the skip and the calm replicas' wake-ups read: a share of the traffic
    is within capacity at that many endpoints and not at one fewer (the division the queue
    makes)."""
    load = LoadModel(rps, capacity)
    n = enough_endpoints(load)
    assert load.inflow(n, True) <= capacity
    assert n == 1 or load.inflow(n - 1, True) > capacity


def test_enough_endpoints_beyond_any_fleet_skips_nothing():
    """A share within capacity only past 2**40 endpoints: no routed count reaches the
    threshold, so no empty queue skips its walk and no calm replica sleeps through a
    change."""
    assert enough_endpoints(LoadModel(1e6, 1e-9)) == NO_FLEET > 2**40


def _thresholds_in_run(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """The collector's thresholds each loaded answer of a small jumped fleet saw."""
    seen: list[tuple[int, int, int]] = []
    answer = LoadedBehaviour.answer

    def spy(self: LoadedBehaviour, *args: Any, **kw: Any) -> Any:
        seen.append(gc.get_threshold())
        return answer(self, *args, **kw)

    monkeypatch.setattr(LoadedBehaviour, "answer", spy)
    cfg = FleetSettings(4, start_spread=5, load=LoadModel(360.0, 100))
    simulate_fleet(load_spec(UNIFIED), load_scenario(DB), cfg, duration=300, seed=1,
                   load_path="jumped")
    return seen


def test_the_rounds_space_out_the_collector_and_restore_it(monkeypatch):
    """A loaded fleet's records are long-lived: while its rounds run, a young collection
    comes every 20,000 new objects, not 700 (full collections rescanning every record were
    the part of its CPU that grew faster than the fleet); the thresholds are the caller's
    again after the run."""
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        seen = _thresholds_in_run(monkeypatch)
        assert seen and set(seen) == {(20_000, 10, 10)}
        assert gc.get_threshold() == (700, 10, 10)
        gc.set_threshold(0, 10, 10)  # switched off by the caller: it stays off
        assert set(_thresholds_in_run(monkeypatch)) == {(0, 10, 10)}
        assert gc.get_threshold() == (0, 10, 10)
    finally:
        gc.set_threshold(*before)


def _added_in_turn(backlog: float, terms: list[float]) -> float:
    """The reference walk over given terms (F3): each added in turn, clipped at empty."""
    for term in terms:
        backlog += term
        if not backlog > 0.0:
            backlog = 0.0
    return backlog


# terms that round half way between two units of a queue's binade, or land a queue on a
# binade's edge: few significant bits (small integers scaled by powers of two), beside
# arbitrary doubles, zeros and a subnormal
_NICE = st.builds(lambda k, shift: k * 2.0**shift, st.integers(-2**12, 2**12),
                  st.integers(-12, 8))
_TERMS = st.one_of(_NICE, st.floats(-1e4, 1e4), st.sampled_from([0.0, -0.0, 2.0**-1070]))


@settings(max_examples=examples(300), deadline=None)
@given(cycle=st.lists(_TERMS, min_size=1, max_size=70), size=st.integers(1, 400),
       backlog=st.one_of(st.sampled_from([0.0, 1.0, 2.0**13, 2.0**13 - 2.0**-40,
                                          3 * 2.0**12 + 0.5, 2.0**60, 1e-300]),
                         st.floats(0.0, 1e9)),
       fed=st.booleans(), data=st.data())
def test_the_walk_gives_the_bits_of_each_term_added(cycle, size, backlog, fed, data):
    """F3, the walk over any terms (a faster walk must keep this): the bits of adding each
    term in turn, the queue clipped at empty after each, with terms half way between two
    units of the queue's binade (a double addition rounds them to the even sum), queues on
    a binade's edge, terms far larger than the queue, subnormal and huge queues; an empty
    queue's skip to the next term that grows it (idle terms: all negative) included."""
    terms = list(itertools.islice(itertools.cycle(cycle), size))
    if not fed:  # the capacity is positive: every idle term is negative
        terms = [min(term, -1e-9) for term in terms]
    deltas = QueueTerms(1.0, 1.0)  # its terms replaced by the drawn ones
    (deltas.fed if fed else deltas.idle)[1:] = terms
    deltas.grows[:] = [m for m, term in enumerate(deltas.fed) if term > 0.0]
    lo = data.draw(st.integers(1, size))
    hi = data.draw(st.integers(lo, size + 1))
    assert deltas.walk(backlog, lo, hi, fed) == _added_in_turn(backlog, terms[lo - 1:hi - 1])
