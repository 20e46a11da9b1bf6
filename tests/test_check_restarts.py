"""Issue 32, item 1: a finding counts every restart the fault causes and names every probe
that kills, and the fix it carries removes them all when applied and checked again.

The case is cloudnative-pg's operator (its released Deployment, tests/data/real/
cnpg_workloads.yaml) under an API-server outage: liveness, readiness and the startupProbe all
ask `/readyz`, so liveness kills the container once and the startupProbe kills each new one
again while the outage lasts (the startup worker probes every new container until it is
Started: R1.23, R1.27; a verdict needs failureThreshold failures in a row: R1.17). The counts
are held to `kubesim run` of the same grid phase and seed, an independent reading of the run.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import yaml
from helpers import cli
from test_suggest import merge  # the plain strategic merge written independently there

HERE = Path(__file__).resolve().parent
CNPG = HERE / "data" / "real" / "cnpg_workloads.yaml"
OUTAGE = HERE / "data" / "real" / "cnpg_apiserver_outage.scenario.yaml"


def _check(capsys, path: Path, scenario: Path) -> dict:
    _, out, err = cli(capsys, "check", str(path), "--scenario", str(scenario), "--format",
                      "json", "--no-config")
    assert err == "", err
    return json.loads(out)


def _run(capsys, path: Path, scenario: Path, phase: float, seed: int) -> dict:
    _, out, err = cli(capsys, "run", str(path), "--scenario", str(scenario), "--phase",
                      str(phase), "--seed", str(seed), "--format", "json")
    assert err == "", err
    return json.loads(out)


def _finding(doc: dict, rule: str) -> dict:
    (f,) = [f for f in doc["findings"] if f["id"] == rule]
    return f


def test_ks002_counts_the_startup_probes_kills_as_kubesim_run_shows_them(capsys):
    doc = _check(capsys, CNPG, OUTAGE)
    leak = _finding(doc, "KS002")
    run = _run(capsys, CNPG, OUTAGE, leak["phase"], leak["seed"])
    by_probe = Counter(r["probe"] for r in run["restarts"])
    assert set(by_probe) == {"liveness", "startup"}  # the case the issue reports
    assert leak["data"]["restarts_by_probe"] == dict(by_probe)
    assert leak["data"]["restarts_max"] == len(run["restarts"])
    assert "startup" in leak["message"] and "liveness" in leak["message"]
    # KS001 in the same report counts the same kills and names the startup probe too
    same = _finding(doc, "KS001")
    assert same["data"]["restarts_max"] == len(run["restarts"])
    assert "by startup" in same["message"]


def test_the_fix_ks002_carries_removes_every_restart_when_applied(capsys, tmp_path):
    doc = _check(capsys, CNPG, OUTAGE)
    fix = _finding(doc, "KS002")["fix"]
    assert fix is not None and fix["name"] == "manager"
    data = yaml.safe_load(CNPG.read_text())
    container = data["spec"]["template"]["spec"]["containers"][0]
    container.update(merge(container, {k: v for k, v in fix.items() if k != "name"}))
    patched = tmp_path / "cnpg-fixed.yaml"
    patched.write_text(yaml.safe_dump(data, sort_keys=False))
    again = _check(capsys, patched, OUTAGE)
    for f in again["findings"]:
        assert f["data"].get("phases_with_restart", 0) == 0, f["message"]
    leak = _finding(again, "KS002")
    assert leak["case"] == "absorbed" and leak["fix"] is None
    # and `kubesim run` of the patched Deployment, at every phase the first check cited
    run = _run(capsys, patched, OUTAGE, _finding(doc, "KS002")["phase"], 0)
    assert run["restarts"] == []


def test_an_outage_over_the_start_raises_the_startup_probe_too(capsys, tmp_path):
    """The API server is already down when the pod starts: liveness never runs before the
    startupProbe succeeds, so only a startupProbe that outlasts the outage keeps it."""
    early = tmp_path / "early.scenario.yaml"
    early.write_text("dependencies:\n  kube-apiserver: {down: [{from: 0, to: 90}]}\n"
                     "targets:\n  /readyz: {depends_on: [kube-apiserver]}\n")
    doc = _check(capsys, CNPG, early)
    leak = _finding(doc, "KS002")
    assert leak["data"]["restarts_by_probe"].get("startup", 0) > 0
    fix = leak["fix"]
    assert fix["startupProbe"]["failureThreshold"] * 5 > 90  # periodSeconds 5
    data = yaml.safe_load(CNPG.read_text())
    container = data["spec"]["template"]["spec"]["containers"][0]
    container.update(merge(container, {k: v for k, v in fix.items() if k != "name"}))
    patched = tmp_path / "cnpg-fixed.yaml"
    patched.write_text(yaml.safe_dump(data, sort_keys=False))
    # what the scenario shows (KS002, KS003); KS001's own synthetic outage is longer (120 s)
    for f in _check(capsys, patched, early)["findings"]:
        if f["behaviour"] is not None:
            assert f["data"].get("phases_with_restart", 0) == 0, f["message"]
            assert f["data"].get("phases_killed", 0) == 0, f["message"]
