"""The serving index the load model reads, and the three ways a loaded fleet runs (issue: a
load model that scales; docs/controller-rules.md EP1, EP2, F1, F3).

`ServingIndex` is pushed each endpoint change once; `RescannedServing` (the index as first
written) reads every timeline again on every query and recomputes the routing with
`endpoints.route`'s steps. The index is held to the rescan at every query, on random
endpoint histories with changes taken back within an instant, and on real fleets; the
fleets are held to each other on the jumped, stepped and rescanned paths, on both
schedulers; and the jumped path is shown to jump.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

import kubesim.fleet.run as fleet_run
import kubesim.fleet.workload as fleet_workload
from kubesim import Scenario, load_scenario, load_spec
from kubesim.fleet.control import Version
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.serving import ServingIndex
from kubesim.fleet.serving_reference import RescannedServing
from kubesim.fleet.settings import DrainSettings, FleetSettings, LoadModel, RolloutSettings
from kubesim.fleet.workload import simulate_workload
from kubesim.render.fleet_report import render_fleet_json
from kubesim.timeline import ContainerRecord, ReadyChange, Termination, Timeline

ROOT = Path(__file__).resolve().parent.parent
UNIFIED = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SPLIT = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
APP = str(ROOT / "examples" / "seed-app" / "deployment.yaml")
DB = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
END = 100.0


class Twin:
    """A serving view that asks both indexes and insists they agree (every query)."""

    def __init__(self, propagation: float, replicas: int | None = None, **kw: object) -> None:
        end = kw.pop("end", END)
        self.pushed = ServingIndex(propagation, replicas, end=end, **kw)  # type: ignore[arg-type]
        self.rescan = RescannedServing(propagation, replicas, **kw)  # type: ignore[arg-type]
        self.propagation, self.replicas = propagation, replicas
        self.timelines = self.pushed.timelines
        self.queries = 0

    def add(self, tl: Timeline) -> int:
        self.rescan.add(tl)
        return self.pushed.add(tl)

    def observe(self, now: float) -> None:
        self.rescan.observe(now)

    def _both(self, name: str, *args: object) -> object:
        self.queries += 1
        a, b = getattr(self.pushed, name)(*args), getattr(self.rescan, name)(*args)
        assert a == b, (name, args, a, b)
        return a

    def serves(self, replica: int, t: float) -> object:
        return self._both("serves", replica, t)

    def serving(self, t: float) -> object:
        return self._both("serving", t)

    def changes(self, after: float, until: float) -> object:
        return self._both("changes", after, until)

    def next_change(self, after: float) -> object:
        return self._both("next_change", after)

    def in_service(self, t: float) -> object:
        return self._both("in_service", t)

    def stretches(self, replica: int, after: float, until: float) -> object:
        return self._both("stretches", replica, after, until)


# ---------------------------------------------------------------- endpoint histories


def _history(draw: st.DrawFn, pods: int) -> list[tuple[float, int, str]]:
    """Random endpoint events (time, pod, what), in time order, with ties and take-backs."""
    grid = st.sampled_from([0.0, 0.5, 1.0, 2.5, 3.0, 4.0, 7.5, 10.0, 10.5, 20.0, 40.0, 99.0])
    out = []
    for pod in range(pods):
        start = draw(grid)
        out.append((start, pod, "start"))
        t, ready = start, False
        for _ in range(draw(st.integers(0, 6))):
            t = draw(st.sampled_from([t, t + 0.5, t + 2.0, t + 5.0]))
            if t >= END:
                break
            ready = not ready
            out.append((t, pod, "ready" if ready else "unready"))
            if draw(st.booleans()) and draw(st.booleans()):
                out.append((t, pod, "take back"))
                ready = not ready
        if draw(st.booleans()):
            deleted = draw(st.sampled_from([t, t + 1.0, t + 3.0]))
            if deleted < END:
                out.append((deleted, pod, "delete"))
                gone = draw(st.sampled_from([deleted, deleted + 0.5, deleted + 4.0]))
                if gone < END:
                    out.append((gone, pod, "gone"))
    return sorted(out, key=lambda e: e[0])


def _record(tl: Timeline, at: float, what: str) -> None:
    """What the kubelet records for one endpoint event, and its push."""
    if what == "start":
        tl.containers.append(ContainerRecord(restart_count=0, running_at=at))
    elif what in ("ready", "unready"):
        tl.ready.append(ReadyChange(at, what == "ready"))
    elif what == "take back":
        tl.ready.pop()
    elif what == "delete":
        tl.termination = Termination(at, 30)
    else:
        assert tl.termination is not None
        tl.termination.stopped_at = at
    tl.endpoint_changed(at)


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data(), pods=st.integers(1, 5), propagation=st.sampled_from([0.0, 0.5, 2.0]),
       publish=st.booleans(), headless=st.booleans())
def test_the_pushed_index_answers_as_the_rescan_at_every_query(data, pods, propagation,
                                                               publish, headless):
    """EP1, EP2, F1: whatever the order of endpoint events of the pods (ties, a Ready change
    taken back within its instant, deletions, pods gone), queried between any two events
    about times up to the latest (what a replica asks), the pushed index gives the rescan's
    answers; once every event is in, the same boundaries and next changes."""
    twin = Twin(propagation, pods, publish_not_ready=publish, headless=headless)
    tls = [Timeline(duration=END, seed=0, phase=0.0, profile="classic") for _ in range(pods)]
    history = _history(data.draw, pods)
    added = set()
    for at, pod, what in history:
        if pod not in added and data.draw(st.booleans()):  # indexed before its first record
            twin.add(tls[pod])
            added.add(pod)
        _record(tls[pod], at, what)
        if pod not in added and data.draw(st.booleans()):  # ... or after some of them
            twin.add(tls[pod])
            added.add(pod)
        if len(added) < pods:  # a replica asks only once every one is indexed
            continue
        if data.draw(st.booleans()):
            twin.observe(at)
            q = data.draw(st.sampled_from([0.0, at / 2, at]))  # a replica asks of the past
            twin.serving(q)
            twin.serves(pod, q)
            twin.changes(0.0, q)
            twin.in_service(q)
            if q > 0:
                twin.stretches(pod, q / 3, q)
    for pod in sorted(set(range(pods)) - added):
        twin.add(tls[pod])
    twin.observe(math.nextafter(END, 0))  # the clock moves on: the rescan reads it all
    for pod in range(pods):
        twin.stretches(pod, 0.0, math.nextafter(END, 0))
        for t in (0.0, 1.0, 10.25, 50.0):
            twin.next_change(t)
    assert twin.pushed.index()[0] == twin.changes(-1.0, END)


# ---------------------------------------------------------------- real fleets


def _twin_fleet(pod, sc, cfg, duration, seed, engine="fast") -> Twin:
    made: list[Twin] = []

    def make(*args: object, **kw: object) -> Twin:
        made.append(Twin(*args, **kw))  # type: ignore[arg-type]
        return made[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fleet_run, "ServingIndex", make)
        simulate_fleet(pod, sc, cfg, duration=duration, seed=seed, engine=engine,
                       load_path="stepped")
    assert len(made) == 1
    return made[0]


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**16), replicas=st.integers(1, 5), spread=st.floats(0, 30),
       rps=st.floats(100, 600), propagation=st.sampled_from([0.0, 0.5, 2.0]),
       split=st.booleans())
def test_a_loaded_fleet_reads_the_same_routing_from_both_indexes(seed, replicas, spread, rps,
                                                                 propagation, split):
    """F3 on a real fleet: every query the replicas' queues make gets the same answer from
    the pushed index as from the rescan (hundreds of queries per run)."""
    cfg = FleetSettings(replicas, start_spread=spread, propagation_seconds=propagation,
                        load=LoadModel(rps, 100))
    twin = _twin_fleet(load_spec(SPLIT if split else UNIFIED), load_scenario(DB),
                       cfg, 300, seed)
    assert twin.queries > 100


def _docs(pod, sc, cfg, duration, seed, paths=("rescanned", "stepped", "jumped"),
          engines=("fast",)) -> dict[tuple[str, str], str]:
    return {(path, engine): render_fleet_json(simulate_fleet(
        pod, sc, cfg, duration=duration, seed=seed, engine=engine, load_path=path))
        for path in paths for engine in engines
        if not (path == "jumped" and engine == "simpy")}


@settings(max_examples=examples(10), deadline=None)
# found by hypothesis: replica 0's liveness jump was judged (at 167.3 s) before its readiness
# call due at 165.7 s, and the judgement moved the queue on, so that call saw it drained
@example(seed=40, replicas=2, spread=0.0, rps=166.0, propagation=7.0, split=False,
         publish=False)
@given(seed=st.integers(0, 2**16), replicas=st.integers(1, 6), spread=st.floats(0, 40),
       rps=st.floats(100, 600), propagation=st.sampled_from([0.5, 2.0, 7.0]),
       split=st.booleans(), publish=st.booleans())
def test_jumped_stepped_and_rescanned_fleets_are_the_same_on_both_schedulers(
        seed, replicas, spread, rps, propagation, split, publish):
    """The jumped fleet (each replica on its own scheduler, in rounds), the stepped one (one
    scheduler, the pushed index) and the rescanned one (one scheduler, the reference index),
    on the fast scheduler and on simpy, give the same JSON document, byte for byte."""
    cfg = FleetSettings(replicas, start_spread=spread, propagation_seconds=propagation,
                        load=LoadModel(rps, 100), publish_not_ready_addresses=publish)
    docs = _docs(load_spec(SPLIT if split else UNIFIED), load_scenario(DB), cfg, 400, seed,
                 engines=("fast", "simpy"))
    assert len(set(docs.values())) == 1, sorted(docs)


def test_a_cascade_and_a_calm_hour_are_the_same_jumped_and_stepped():
    """The benchmark's shapes, smaller: 12 replicas at 90 % of their capacity for an hour,
    one database outage in the middle (the unified pod cascades for the rest of the hour,
    the split one does not), and a database that stays up."""
    for spec, outages in ((UNIFIED, [(1800, 1890)]), (SPLIT, [(1800, 1890)]), (UNIFIED, [])):
        sc = Scenario.from_dict({
            "dependencies": {"db": {"down": [{"from": a, "to": b} for a, b in outages]}},
            "targets": {"/healthz": {"answer": {"status": 200, "latency_ms": 2},
                                     "depends_on": ["db"]},
                        "/readyz": {"answer": {"status": 200, "latency_ms": 2},
                                    "depends_on": ["db"]}}})
        cfg = FleetSettings(12, start_spread=60, load=LoadModel(1080, 100))
        docs = _docs(load_spec(spec), sc, cfg, 3600, 1)
        assert len(set(docs.values())) == 1


def _steps(monkeypatch, path: str) -> int:
    made = []
    real = fleet_run.make_scheduler

    def counted(engine: str):
        made.append(real(engine))
        return made[-1]

    monkeypatch.setattr(fleet_run, "make_scheduler", counted)
    cfg = FleetSettings(10, start_spread=30, load=LoadModel(800, 100))
    sc = Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 1800, "to": 1830}]}},
                             "targets": {"/readyz": {"depends_on": ["db"]}}})
    simulate_fleet(load_spec(SPLIT), sc, cfg, duration=3600, seed=2, load_path=path)
    return sum(s.steps for s in made)


def test_the_jumped_fleet_jumps_the_calm_stretches(monkeypatch):
    """Ten replicas at 80 % of their capacity for an hour, a 30 s outage of /readyz: the
    jumped fleet takes a small part of the stepped fleet's scheduler entries (each replica
    jumps while its queue is empty, up to the fleet's next serving change)."""
    stepped, jumped = _steps(monkeypatch, "stepped"), _steps(monkeypatch, "jumped")
    assert jumped * 5 < stepped


@pytest.mark.parametrize("what", ["rollout", "drain"])
def test_a_loaded_fleet_under_its_controllers_reads_the_same_from_both_indexes(
        monkeypatch, what):
    """F3 with the controllers at work (one scheduler: the pushed index against the
    rescan, query by query): a rolling update, and a drain of a node."""
    pod = load_spec(APP)
    made: list[Twin] = []

    def make(*args: object, **kw: object) -> Twin:
        made.append(Twin(*args, **kw))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(fleet_workload, "ServingIndex", make)
    versions = {"old": Version(pod, lambda _: load_scenario(DB), 1),
                "new": Version(pod, lambda _: load_scenario(DB), 2)}
    simulate_workload(
        versions, FleetSettings(4, load=LoadModel(300, 100)), workload="app",
        rollout=RolloutSettings(at=40) if what == "rollout" else None,
        drain=DrainSettings(at=30, node="node-1") if what == "drain" else None,
        duration=300, seed=4)
    assert made and made[0].queries > 100
