"""kubectl drain under a PodDisruptionBudget (docs/controller-rules.md C4-C7, D1-D4).

Expected figures are read off the pods (their Ready changes, deletions and containers'
stops), not from the drain's own bookkeeping."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from kubesim import Scenario, load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.fleet.control import Version
from kubesim.fleet.drain import DrainSettings, simulate_drain
from kubesim.fleet.settings import FleetSettings, RolloutSettings
from kubesim.fleet.workload import simulate_workload
from kubesim.render.fleet_report import render_fleet_json

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "examples" / "seed-app" / "deployment.yaml"


def _healthy(run, t: float) -> int:
    """Ready pods not being deleted at t, read off the pods."""
    n = 0
    for p in run.pods:
        if p.handle is None:
            continue
        changes = [c for c in p.handle.timeline.ready if c.at <= t]
        n += bool(changes and changes[-1].ready and (p.deleted_at is None or p.deleted_at > t))
    return n


def _gone_poll(pod) -> float:
    """When kubectl drain's waitForDelete sees the pod gone: the first poll (every second
    from the eviction, the first at once) at or after its containers all stopped (D3)."""
    stopped = pod.handle.timeline.termination.stopped_at
    return pod.deleted_at + math.ceil(round(stopped - pod.deleted_at, 9))


def _drain(**kw):
    return simulate_drain(load_spec(str(APP)), HEALTHY, FleetSettings(5),
                          DrainSettings(at=60, pods=3, **kw), duration=200, seed=1)


def test_without_a_budget_every_pod_goes_at_once_d2():
    run = _drain()
    assert [p.deleted_at for p in run.pods[:3]] == [60.0] * 3
    assert len(run.pods) == 8  # three replacements, created at the eviction (D2)
    assert [p.created_at for p in run.pods[5:]] == [60.0] * 3
    assert _healthy(run, 61) == 2


@pytest.mark.parametrize(("budget", "floor"), [({"max_unavailable": 1}, 4),
                                               ({"min_available": 4}, 4),
                                               ({"min_available": "80%"}, 4),
                                               ({"max_unavailable": "20%"}, 4)])
def test_the_budget_holds_healthy_pods_at_its_floor_c4_c6_c7(budget, floor):
    """Evictions wait (retried every 5 s, C7) until a replacement is Ready: healthy pods never
    drop below desiredHealthy (20 % of 5 rounds up to 1 unavailable)."""
    run = _drain(**budget)
    grid = np.arange(55, 200, 0.05)
    assert min(_healthy(run, t) for t in grid) == floor
    evicted = sorted(p.deleted_at for p in run.pods[:3])
    assert evicted[0] == 60 and all((b - 60) % 5 == 0 for b in evicted)
    assert evicted[1] > evicted[0]


def test_the_drain_completes_when_the_pods_are_gone_d3():
    """kubectl drain returns once waitForDelete saw every evicted pod gone: with an app that
    takes 7 s to exit after SIGTERM, 7 s (to the next poll) after the last eviction, not at
    the eviction."""
    slow = Scenario.from_dict({"shutdown_seconds": 7})
    run = simulate_drain(load_spec(str(APP)), slow, FleetSettings(4),
                         DrainSettings(at=60, pods=2, max_unavailable=1), duration=200, seed=1)
    evicted = run.pods[:2]
    last = max(p.deleted_at for p in evicted)
    assert run.drain_completed_at == max(_gone_poll(p) for p in evicted)
    assert run.drain_completed_at >= last + 7
    stopped = [p.handle.timeline.termination.stopped_at for p in evicted]
    assert all(s <= run.drain_completed_at < s + 1 for s in stopped[-1:])


def test_evictions_at_one_instant_see_each_other_d1():
    """Three pods, disruptionsAllowed 1: only one goes at 60 s, not all three."""
    run = _drain(max_unavailable=1)
    assert sum(p.deleted_at == 60 for p in run.pods[:3]) == 1


def test_a_budget_that_never_allows_blocks_the_drain():
    run = _drain(min_available="100%")
    assert run.drain_completed_at is None
    assert all(p.deleted_at is None for p in run.pods[:3])
    doc = json.loads(render_fleet_json(run))
    assert doc["drain"]["completed_at"] is None
    assert all(e["refused"] >= 20 for e in doc["drain"]["evictions"])


def test_a_never_ready_single_replica_is_refused_on_every_attempt_c6():
    """Issue 20's case end to end: 1 replica, maxUnavailable 1, the pod never Ready: the API
    answers 429 every 5 s and the drain never completes (the old shortcut evicted it)."""
    never = Scenario.from_dict({"targets": {"/readyz": {"answer": {"status": 503}}}})
    run = simulate_drain(load_spec(str(APP)), never, FleetSettings(1),
                         DrainSettings(at=30, pods=1, max_unavailable=1), duration=120, seed=0)
    assert run.pods[0].deleted_at is None and run.drain_completed_at is None
    (e,) = run.evictions
    assert e.evicted_at is None and e.refused == len(np.arange(30, 120, 5))
    # with AlwaysAllow the not-Ready pod goes at once
    run = simulate_drain(load_spec(str(APP)), never, FleetSettings(1),
                         DrainSettings(at=30, pods=1, max_unavailable=1, always_allow=True),
                         duration=120, seed=0)
    assert run.pods[0].deleted_at == 30


def test_draining_a_node_cordons_it_and_replacements_land_elsewhere_d4():
    """6 replicas on 3 nodes (two per node): draining node-2 evicts its two pods; no pod is
    scheduled there afterwards."""
    run = simulate_drain(load_spec(str(APP)), HEALTHY, FleetSettings(6, nodes=3),
                         DrainSettings(at=40, node="node-2"), duration=120, seed=2)
    on_node = [p for p in run.pods[:6] if p.node.name == "node-2"]
    assert len(on_node) == 2 and all(p.deleted_at == 40 for p in on_node)
    assert all(p.deleted_at is None for p in run.pods[:6] if p.node.name != "node-2")
    later = run.pods[6:]
    assert len(later) == 2 and all(p.node.name != "node-2" for p in later)
    assert {i.node for i in run.identities[6:]} <= {"node-1", "node-3"}


def test_a_rollout_and_a_drain_in_one_run():
    """A rolling update at 30 s and a node drain at 35 s: the drain's evictions of old pods
    are replaced by the old ReplicaSet while the rollout goes on; both complete, and the
    cordoned node receives no new pod."""
    pod = load_spec(str(APP))
    versions = {"old": Version(pod, lambda _: HEALTHY, 1), "new": Version(pod, lambda _: HEALTHY, 2)}
    run = simulate_workload(versions, FleetSettings(4, nodes=4), rollout=RolloutSettings(
        at=30, max_surge=1, max_unavailable=0), drain=DrainSettings(at=35, node="node-1"),
        duration=240, seed=3)
    assert run.outcome.get("completed_at") is not None and run.drain_completed_at is not None
    assert all(p.node.name != "node-1" for p in run.pods if p.created_at >= 35)
    live_new = [p for p in run.pods if p.version == "new" and p.deleted_at is None]
    assert len(live_new) == 4
    assert all(p.deleted_at is not None for p in run.pods if p.version == "old")


def test_cli_drain(capsys):
    code = main(["fleet", str(APP), "--replicas", "4", "--drain-at", "30", "--drain-pods", "2",
                 "--pdb-min-available", "3", "--duration", "120", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["summary"]["min_capacity"] >= 3
    gone = [r["gone_at"] for r in doc["replicas"][:2]]
    deleted = [r["deleted_at"] for r in doc["replicas"][:2]]
    assert doc["drain"]["completed_at"] == max(d + math.ceil(round(g - d, 9))
                                               for d, g in zip(deleted, gone, strict=True))


@pytest.mark.parametrize(("spec", "evicted"), [
    # a StatefulSet's first pods are its lowest ordinals, of the new revision after the update
    (ROOT / "examples" / "broker" / "statefulset.yaml", ["broker-0", "broker-1"]),
    # a Deployment's are the first pods created among those there are: the rollout's new ones
    (APP, ["orders-r2-3", "orders-r2-4"]),
])
def test_drain_pods_after_a_rollout_evicts_pods_that_exist_d4(capsys, spec, evicted):
    """`--drain-pods 2` at 200 s, after a rollout replaced every pod: the drain evicts two
    of the pods there are at 200 s (D4), not the first two ever created (gone by then: the
    drain used to log "evicting 0 pods" and complete at once)."""
    assert main(["fleet", str(spec), "--rollout-at", "100", "--drain-at", "200",
                 "--drain-pods", "2", "--duration", "400", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    replaced = {r["name"] for r in doc["replicas"] if r["version"] == "old"}
    assert all(r["gone_at"] is not None and r["gone_at"] < 200 for r in doc["replicas"]
               if r["version"] == "old"), "the rollout had not replaced every pod by 200 s"
    assert [e["pod"] for e in doc["drain"]["evictions"]] == evicted
    for name in evicted:
        pods = [r for r in doc["replicas"] if r["name"] == name and r["version"] == "new"]
        assert pods[0]["deleted_at"] is not None and pods[0]["deleted_at"] >= 200
    assert doc["drain"]["completed_at"] > 200 and replaced
