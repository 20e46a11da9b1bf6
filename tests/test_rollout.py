"""Rolling updates on the replicas' kubelets (docs/controller-rules.md C2, C3, R1-R6).

Expected figures are read off the pods themselves, by sampling every pod's Ready changes and
deletion on a fine grid, independently of kubesim.fleet.capacity."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from kubesim import Scenario, load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
from kubesim.fleet.settings import FleetSettings
from kubesim.render.fleet_report import render_fleet_json

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "examples" / "seed-app" / "deployment.yaml"


def _serving(run, t: float) -> int:
    """Pods whose endpoint was ready `propagation` s before t (Ready, not yet deleted)."""
    seen = t - run.settings.propagation_seconds
    n = 0
    for p in run.pods:
        changes = [c for c in p.handle.timeline.ready if c.at <= seen]
        deleted = p.deleted_at is not None and p.deleted_at <= seen
        n += bool(changes and changes[-1].ready and not deleted)
    return n


def _live(run, t: float) -> int:
    """Pods created and not deleted at t (what the ReplicaSets count)."""
    return sum(p.created_at <= t and (p.deleted_at is None or p.deleted_at > t)
               for p in run.pods)


def _rollout(**kw):
    pod = load_spec(str(APP))
    rs = RolloutSettings(at=60, **kw)
    return simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(5), rs, duration=240,
                            seed=2)


def test_max_unavailable_0_keeps_every_replica_serving_c2():
    """maxUnavailable 0: an old pod goes only when a new one is available, so capacity never
    drops below the desired 5 while the new pods warm up."""
    run = _rollout(max_surge=1, max_unavailable=0)
    grid = np.arange(10, 240, 0.05)
    assert min(_serving(run, t) for t in grid) >= 5
    assert max(_live(run, t) for t in grid) <= 6  # maxSurge 1
    assert run.completed_at is not None and sum(p.version == "new" for p in run.pods) == 5
    assert all(p.deleted_at is not None for p in run.pods if p.version == "old")


def test_defaults_25_percent_round_as_the_controller_rounds_c3():
    run = _rollout()  # 25 % of 5: surge ceil -> 2, unavailable floor -> 1
    assert (run.surge, run.unavailable) == (2, 1)
    grid = np.arange(10, 240, 0.05)
    assert max(_live(run, t) for t in grid) <= 7
    assert min(_serving(run, t) for t in grid) >= 5 - 1 - 1  # one unavailable, one in flight


def test_recreate_empties_the_service_first_r6():
    run = _rollout(recreate=True)
    grid = np.arange(10, 240, 0.05)
    assert min(_serving(run, t) for t in grid if t > 60) == 0
    first_new = min(p.created_at for p in run.pods if p.version == "new")
    stopped = max(p.handle.timeline.termination.stopped_at for p in run.pods
                  if p.version == "old")
    assert first_new >= stopped  # every old container gone before a new pod is made


def test_a_new_version_that_never_gets_ready_stalls_the_rollout():
    pod = load_spec(str(APP))
    broken = Scenario.from_dict({"targets": {"/readyz": {"answer": {"status": 500}}}})
    rs = RolloutSettings(at=30, max_surge=1, max_unavailable=0, progress_deadline_seconds=60)
    run = simulate_rollout(pod, pod, HEALTHY, broken, FleetSettings(4), rs, duration=200,
                           seed=0)
    assert run.completed_at is None
    assert run.deadline_exceeded_at is not None and 90 <= run.deadline_exceeded_at <= 92
    assert min(_serving(run, t) for t in np.arange(10, 200, 0.1)) >= 4  # old pods kept
    assert sum(p.version == "new" for p in run.pods) == 1  # surge 1, never available


def test_too_short_prestop_sends_requests_to_a_closed_listener(tmp_path):
    """KS014's measure in a rollout: without preStop every deleted pod refuses requests for
    the propagation delay (less the sync hop); a preStop sleep of 5 s covers it."""
    plain = _rollout(max_surge=1, max_unavailable=0)
    doc = json.loads(render_fleet_json(plain))
    refused = doc["rollout"]["refused_seconds"]
    assert refused == pytest.approx(5 * (2.0 - 0.02), abs=1e-6)
    text = APP.read_text().replace("          readinessProbe:", "          lifecycle:\n"
                                   "            preStop: {sleep: {seconds: 5}}\n"
                                   "          readinessProbe:", 1)
    spec = tmp_path / "prestop.yaml"
    spec.write_text(text)
    pod = load_spec(str(spec))
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(5),
                           RolloutSettings(at=60, max_surge=1, max_unavailable=0),
                           duration=240, seed=2)
    assert json.loads(render_fleet_json(run))["rollout"]["refused_seconds"] == 0


def test_both_schedulers_give_the_same_rollout():
    pod = load_spec(str(APP))
    docs = [render_fleet_json(simulate_rollout(
        pod, pod, HEALTHY, HEALTHY, FleetSettings(3, start_spread=5),
        RolloutSettings(at=40, max_surge="50%", max_unavailable=1, min_ready_seconds=5),
        duration=150, seed=5, engine=engine)) for engine in ("simpy", "fast")]
    assert docs[0] == docs[1]


def test_cli_rollout_uses_the_deployments_strategy(capsys, tmp_path):
    text = APP.read_text().replace("spec:\n  replicas: 3", "spec:\n  replicas: 4\n"
                                   "  minReadySeconds: 3\n  strategy:\n"
                                   "    rollingUpdate: {maxSurge: 0, maxUnavailable: 1}", 1)
    spec = tmp_path / "d.yaml"
    spec.write_text(text)
    code = main(["fleet", str(spec), "--rollout-at", "30", "--duration", "150", "--format",
                 "json"])
    doc = json.loads(capsys.readouterr().out)
    r = doc["rollout"]
    assert code == 0 and (r["surge"], r["unavailable"], r["min_ready_seconds"]) == (0, 1, 3)
    assert r["completed_at"] is not None
    assert {p["version"] for p in doc["replicas"]} == {"old", "new"}
    code = main(["fleet", str(spec), "--rollout-at", "30", "--max-surge", "x"])
    assert code == 2


def _check(capsys, *argv):
    code = main(["check", *argv, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_check_flags_a_rollout_below_the_declared_capacity_and_not_a_safe_one(capsys,
                                                                               tmp_path):
    """KS015: maxUnavailable 1 of 3 drops serving to 2; maxSurge 1 / maxUnavailable 0 keeps 3.
    The figures are those of the same rollout simulated directly."""
    risky = APP.read_text().replace("spec:\n  replicas: 3", "spec:\n  replicas: 3\n  strategy:"
                                    "\n    rollingUpdate: {maxSurge: 0, maxUnavailable: 1}", 1)
    (tmp_path / "risky.yaml").write_text(risky)
    code, doc = _check(capsys, str(tmp_path / "risky.yaml"), "--rollout-min-capacity", "3")
    (ks015,) = [f for f in doc["findings"] if f["id"] == "KS015"]
    assert code == 1 and ks015["data"]["lowest"] == 2
    pod = load_spec(str(tmp_path / "risky.yaml"))
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(3),
                           RolloutSettings(at=60, max_surge=0, max_unavailable=1),
                           duration=660, seed=0)
    assert min(_serving(run, t) for t in np.arange(60, 200, 0.05)) == 2
    safe = risky.replace("{maxSurge: 0, maxUnavailable: 1}", "{maxSurge: 1, maxUnavailable: 0}")
    (tmp_path / "safe.yaml").write_text(safe)
    code, doc = _check(capsys, str(tmp_path / "safe.yaml"), "--rollout-min-capacity", "3")
    assert code == 0 and not [f for f in doc["findings"] if f["id"] == "KS015"]


def test_the_progress_deadline_runs_from_the_last_progress_r5():
    """Issue 20's case: a rollout at 200 s with progressDeadlineSeconds 120 whose new pod
    turns Ready about 45 s after it was created and is not available before its deadline
    (minReadySeconds 100, and it leaves Ready 10 s later; a deadline greater than
    minReadySeconds, as the API server requires, V3). DeploymentProgressing counts the rise of
    ReadyReplicas as progress and syncRolloutStatus refreshes lastUpdateTime then: the
    deadline passes 120 s after the pod turned Ready (about 368 s), not 120 s after the
    scale-up (321 s, what kubesim did when only a scale-up or a new available pod counted)."""
    pod = load_spec(str(APP))
    slow = Scenario.from_dict({"targets": {"/readyz": {"since_start": [
        {"from": 0, "to": 40, "answer": {"status": 503}},
        {"from": 50, "to": 250, "answer": {"status": 503}}]}}})
    rs = RolloutSettings(at=200, max_surge=1, max_unavailable=0, min_ready_seconds=100,
                         progress_deadline_seconds=120)
    run = simulate_rollout(pod, pod, HEALTHY, slow, FleetSettings(2), rs, duration=700, seed=0)
    first_new = next(p for p in run.pods if p.version == "new")
    ready_at, _, ready_again = (c.at for c in first_new.handle.timeline.ready[:3])
    assert 240 < ready_at < 260
    # the controller looks every second: the first look after lastUpdateTime + deadline
    assert ready_at + 120 < run.deadline_exceeded_at <= ready_at + 121
    reasons = [c.reason for c in run.conditions]
    assert reasons[:3] == ["NewReplicaSetCreated", "ReplicaSetUpdated",
                           "ProgressDeadlineExceeded"]
    assert run.conditions[1].last_update == ready_at
    # the controller keeps trying: when the pod is Ready again, progress resumes
    assert run.conditions[3].reason == "ReplicaSetUpdated"
    assert run.conditions[3].at == math.ceil(ready_again)

