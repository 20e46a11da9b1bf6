"""kubectl drain under a PodDisruptionBudget (docs/controller-rules.md C4-C7, D1, D2)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kubesim import load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.fleet.drain import DrainSettings, simulate_drain
from kubesim.fleet.settings import FleetSettings
from kubesim.render.fleet_report import render_fleet_json

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "examples" / "seed-app" / "deployment.yaml"


def _healthy(run, t: float) -> int:
    """Ready pods not being deleted at t, read off the pods."""
    n = 0
    for p in run.pods:
        changes = [c for c in p.handle.timeline.ready if c.at <= t]
        n += bool(changes and changes[-1].ready and (p.deleted_at is None or p.deleted_at > t))
    return n


def _drain(**kw):
    return simulate_drain(load_spec(str(APP)), HEALTHY, FleetSettings(5),
                          DrainSettings(at=60, pods=3, **kw), duration=200, seed=1)


def test_without_a_budget_every_pod_on_the_node_goes_at_once():
    run = _drain()
    assert [p.deleted_at for p in run.pods[:3]] == [60.0] * 3
    assert len(run.pods) == 8  # three replacements (D2)
    assert _healthy(run, 61) == 2


@pytest.mark.parametrize(("budget", "floor"), [({"max_unavailable": 1}, 4),
                                               ({"min_available": 4}, 4),
                                               ({"min_available": "80%"}, 4),
                                               ({"max_unavailable": "20%"}, 4)])
def test_the_budget_holds_healthy_pods_at_its_floor_c4_c6(budget, floor):
    """Evictions wait (retried every 5 s, C7) until a replacement is Ready: healthy pods never
    drop below desiredHealthy (20 % of 5 rounds up to 1 unavailable)."""
    run = _drain(**budget)
    grid = np.arange(55, 200, 0.05)
    assert min(_healthy(run, t) for t in grid) == floor
    evicted = sorted(p.deleted_at for p in run.pods[:3])
    assert evicted[0] == 60 and all((b - 60) % 5 == 0 for b in evicted)
    assert evicted[1] > evicted[0] and run.completed_at == evicted[-1]


def test_evictions_at_one_instant_see_each_other_d1():
    """Two pods, disruptionsAllowed 1: only one goes at 60 s, not both."""
    run = _drain(max_unavailable=1)
    assert sum(p.deleted_at == 60 for p in run.pods[:3]) == 1


def test_a_budget_that_never_allows_blocks_the_drain():
    run = _drain(min_available="100%")
    assert run.completed_at is None
    assert all(p.deleted_at is None for p in run.pods[:3])
    doc = json.loads(render_fleet_json(run))
    assert doc["drain"]["completed_at"] is None
    assert sum("refused" in a["what"] for a in doc["drain"]["actions"]) >= 20


def test_cli_drain(capsys):
    code = main(["fleet", str(APP), "--replicas", "4", "--drain-at", "30", "--drain-pods", "2",
                 "--pdb-min-available", "3", "--duration", "120", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["drain"]["completed_at"] == 35.0
    assert doc["summary"]["min_capacity"] >= 3
