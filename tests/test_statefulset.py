"""StatefulSets (docs/controller-rules.md T1-T6): ordered and parallel pod management, the
reverse-ordinal rolling update with a partition, and replacements that keep their names.

Expected orders and times are read off the pods' own records (creation, first Ready,
deletion, containers stopped)."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from kubesim import Scenario, load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.fleet.control import Version
from kubesim.fleet.settings import DrainSettings, FleetSettings, RolloutSettings
from kubesim.fleet.workload import simulate_workload
from kubesim.spec.workload import StatefulSetSpec, load_fleet_spec

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "real-manifests"
STS = """\
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  replicas: 5
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      terminationGracePeriodSeconds: 10
      containers:
        - name: db
          image: example/db:1
          readinessProbe:
            tcpSocket: {port: 5432}
            periodSeconds: 5
"""


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "sts.yaml"
    path.write_text(STS)
    return load_fleet_spec(str(path))


def _run(db, sts: StatefulSetSpec, *, rollout_at: float | None = None, new=HEALTHY,
         duration: float = 300, drain: DrainSettings | None = None, **fleet):
    versions = {"old": Version(db.pod, lambda _: HEALTHY, 1),
                "new": Version(db.pod, lambda _: new, 2)}
    rollout = RolloutSettings(at=rollout_at) if rollout_at is not None else None
    return simulate_workload(versions, FleetSettings(5, **fleet), workload="db",
                             statefulset=sts, rollout=rollout, drain=drain,
                             duration=duration, seed=4)


def _first_ready(pod) -> float:
    return next(c.at for c in pod.handle.timeline.ready if c.ready)


def test_ordered_ready_creates_each_ordinal_after_the_one_before_is_ready_t1(db):
    run = _run(db, db.statefulset)
    pods = sorted(run.pods, key=lambda p: p.ordinal)
    assert [p.name for p in pods] == [f"db-{i}" for i in range(5)]
    for before, after in itertools.pairwise(pods):
        assert after.created_at >= _first_ready(before)
        assert after.created_at - _first_ready(before) <= 1  # the next controller look


def test_ordered_ready_waits_for_min_ready_seconds_t1_t5(db):
    run = _run(db, replace(db.statefulset, min_ready_seconds=20))
    pods = sorted(run.pods, key=lambda p: p.ordinal)
    for before, after in itertools.pairwise(pods):
        assert after.created_at >= _first_ready(before) + 20


def test_parallel_creates_every_ordinal_at_once_t2(db):
    run = _run(db, replace(db.statefulset, pod_management_policy="Parallel"),
               start_times=(0, 3, 6, 9, 12))
    assert [p.created_at for p in run.pods] == [0.0] * 5
    assert run.starts == [0.0, 3.0, 6.0, 9.0, 12.0]


def test_rolling_update_goes_down_from_the_highest_ordinal_t3_t4(db):
    """One pod at a time, highest ordinal first; the next goes only once the replacement is
    Running and Ready; a replacement keeps its name and is created after its predecessor is
    gone."""
    run = _run(db, db.statefulset, rollout_at=100)
    old = [p for p in run.pods if p.version == "old"]
    new = [p for p in run.pods if p.version == "new"]
    deleted = sorted((p for p in old if p.deleted_at is not None), key=lambda p: p.deleted_at)
    assert [p.ordinal for p in deleted] == [4, 3, 2, 1, 0]
    by_name = {p.name: p for p in new}
    for gone, following in itertools.pairwise(deleted):
        successor = by_name[gone.name]
        assert successor.ordinal == gone.ordinal
        assert successor.created_at >= gone.gone_at()
        assert following.deleted_at >= _first_ready(successor)
    assert run.outcome["completed_at"] >= max(_first_ready(p) for p in new)


def test_partition_keeps_the_lower_ordinals_t3_t6(db):
    run = _run(db, replace(db.statefulset, partition=3), rollout_at=100)
    updated = {p.ordinal for p in run.pods if p.version == "new"}
    assert updated == {3, 4}
    assert all(p.deleted_at is None for p in run.pods if p.ordinal < 3)
    assert run.outcome["completed_at"] is not None


def test_max_unavailable_deletes_that_many_at_once_t3(db):
    run = _run(db, replace(db.statefulset, max_unavailable=2), rollout_at=100)
    first = min(p.deleted_at for p in run.pods if p.deleted_at is not None)
    assert {p.ordinal for p in run.pods if p.deleted_at == first} == {3, 4}


def test_on_delete_updates_nothing_by_itself_t3(db):
    run = _run(db, replace(db.statefulset, update_strategy="OnDelete"), rollout_at=100)
    assert all(p.version == "old" and p.deleted_at is None for p in run.pods)


def test_a_new_version_that_never_gets_ready_stops_the_update_t3(db):
    never = Scenario.from_dict({"targets": {"tcp:5432": {"answer": {"error": "refused"}}}})
    run = _run(db, db.statefulset, rollout_at=100, new=never)
    assert [p.ordinal for p in run.pods if p.version == "new"] == [4]
    assert run.outcome.get("completed_at") is None
    assert sum(p.deleted_at is not None for p in run.pods) == 1


def test_an_evicted_pod_comes_back_with_its_name_once_gone_t4(db):
    slow = Scenario.from_dict({"shutdown_seconds": 6})
    versions = {"old": Version(db.pod, lambda _: slow, 1)}
    run = simulate_workload(versions, FleetSettings(5), workload="db",
                            statefulset=db.statefulset, drain=DrainSettings(at=120, node="node-2"),
                            duration=240, seed=4)
    (evicted,) = [p for p in run.pods if p.deleted_at == 120]
    (back,) = [p for p in run.pods if p.created_at > 120]
    assert back.name == evicted.name and back.ordinal == evicted.ordinal
    assert back.created_at >= evicted.gone_at() >= 126  # not before it is gone
    assert back.node.name != "node-2"


def test_cli_fleet_on_a_statefulset_uses_its_controller(capsys, tmp_path):
    spec = tmp_path / "sts.yaml"
    spec.write_text(STS.replace("  serviceName: db", "  serviceName: db\n  updateStrategy:\n"
                                "    rollingUpdate: {partition: 2}"))
    code = main(["fleet", str(spec), "--rollout-at", "100", "--duration", "300",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["fleet"]["kind"] == "StatefulSet"
    assert {r["ordinal"] for r in doc["replicas"] if r["version"] == "new"} == {2, 3, 4}
    code = main(["fleet", str(spec), "--start-spread", "10", "--duration", "60"])
    assert code == 2 and "OrderedReady" in capsys.readouterr().err


def test_the_corpus_cassandra_statefulset_starts_in_order():
    path = CORPUS / "k8s-examples_cassandra-statefulset.yaml"
    if not path.exists():
        pytest.skip("the real-manifest corpus is not checked out beside the repository")
    spec = load_fleet_spec(str(path))
    assert spec.statefulset == StatefulSetSpec(service_name="cassandra")
    versions = {"old": Version(spec.pod, lambda _: HEALTHY, 1)}
    run = simulate_workload(versions, FleetSettings(3), workload="cassandra",
                            statefulset=spec.statefulset, duration=200, seed=0)
    pods = sorted(run.pods, key=lambda p: p.ordinal)
    assert [p.name for p in pods] == ["cassandra-0", "cassandra-1", "cassandra-2"]
    assert all(b.created_at >= _first_ready(a) for a, b in itertools.pairwise(pods))
    assert load_spec(str(path)).replicas == 3


def test_the_readme_broker_rollout_is_what_the_fleet_prints(capsys):
    """The StatefulSet example of docs/fleet.md: its printed lines come from this run, and the
    run follows T1, T3, T4, T5 by the pods' own records."""
    broker = ROOT / "examples" / "broker"
    code = main(["fleet", str(broker / "statefulset.yaml"), "--new-scenario",
                 str(broker / "warmup.scenario.yaml"), "--rollout-at", "120", "--duration", "420"])
    text = capsys.readouterr().out
    assert code == 0
    readme = (ROOT / "docs" / "fleet.md").read_text()
    example = readme[readme.index("$ kubesim fleet examples/broker/statefulset.yaml"):]
    example = example[:example.index("```")]
    for line in example.splitlines()[1:]:
        assert line == "..." or line in text, line  # `...`: lines left out
    below = next(ln for ln in text.splitlines() if ln.startswith("  below 5"))
    assert f"{float(below.split()[-2]):.0f} s below 5" in readme
    code = main(["fleet", str(broker / "statefulset.yaml"), "--new-scenario",
                 str(broker / "warmup.scenario.yaml"), "--rollout-at", "120", "--duration", "420",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    reps = doc["replicas"]
    new = {r["ordinal"]: r for r in reps if r["version"] == "new"}
    old = {r["ordinal"]: r for r in reps if r["version"] == "old"}
    assert sorted(old, key=lambda o: old[o]["deleted_at"]) == [4, 3, 2, 1, 0]
    for o in range(4, 0, -1):
        ready = next(c["at"] for c in new[o]["ready"] if c["ready"])
        assert old[o - 1]["deleted_at"] >= ready + 10  # minReadySeconds
        assert new[o]["created_at"] >= old[o]["gone_at"]
        assert new[o]["name"] == old[o]["name"] == f"broker-{o}"


def test_both_schedulers_give_the_same_statefulset_rollout_and_drain(db):
    from kubesim.render.fleet_report import render_fleet_json

    docs = []
    for engine in ("simpy", "fast"):
        versions = {"old": Version(db.pod, lambda _: HEALTHY, 1),
                    "new": Version(db.pod, lambda _: HEALTHY, 2)}
        run = simulate_workload(versions, FleetSettings(5, nodes=3), workload="db",
                                statefulset=replace(db.statefulset, max_unavailable=2),
                                rollout=RolloutSettings(at=60),
                                drain=DrainSettings(at=70, node="node-2", max_unavailable=1),
                                duration=200, seed=7, engine=engine)
        docs.append(render_fleet_json(run))
    assert docs[0] == docs[1]
