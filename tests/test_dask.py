"""Sweeps on a real Dask distributed cluster (scheduler + workers, in this process) give the
same numbers as a local sweep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

# The CLI imports its command modules lazily, and pytest rewrites the asserts of every kubesim
# module as it is imported (kubesim's pytest plugin puts the package under its rewrite hook):
# an ast.parse. CPython 3.11's AST state is shared between threads, so a parse in this thread
# while the cluster's threads parse too can fail ("AST constructor recursion depth
# mismatch"): import what the commands need before any cluster runs.
import kubesim.cli.sweep  # noqa: F401
from kubesim import load_scenario, load_spec
from kubesim.analysis.sweep.dask_backend import dask_executor
from kubesim.analysis.sweep.grid import SweepSpec, expand_grid, parse_goal, parse_setting
from kubesim.analysis.sweep.run import run_sweep
from kubesim.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
UNIFIED = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
DB = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as c:
        yield c


def test_seed_sweep_on_dask_is_identical_to_local(cluster) -> None:
    """The done-when sweep: failureThreshold x periodSeconds on the seed's DB outage."""
    spec = SweepSpec(pod=load_spec(UNIFIED), behaviour=load_scenario(DB), duration=300,
                     phases=10, expectations=(parse_goal("no-restart"),))
    grid = expand_grid([parse_setting("livenessProbe.failureThreshold=1..10"),
                        parse_setting("livenessProbe.periodSeconds=5,10,15,20,30")])
    local = sorted(run_sweep(spec, grid), key=lambda r: r.index)
    remote = sorted(run_sweep(spec, grid, executor=dask_executor(cluster.scheduler_address)),
                    key=lambda r: r.index)
    assert remote == local
    assert len(remote) == 50
    assert {r.expectations["no-restart"] for r in remote} == {True, False}


def test_cli_scheduler_address(cluster, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sweep", UNIFIED, "--scenario", DB, "--duration", "300", "--phases", "4",
            "--set", "livenessProbe.failureThreshold=2..4", "--set",
            "livenessProbe.periodSeconds=5,10", "--format", "json"]
    assert main([*args, "-j", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == local  # the whole document: nothing in it says where it ran
    assert f"on dask {cluster.scheduler_address}" in err


def test_local_dask_cluster_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """--dask starts (and stops) a local cluster of its own."""
    args = ["sweep", UNIFIED, "--scenario", DB, "--duration", "120", "--phases", "2",
            "--set", "livenessProbe.failureThreshold=1,3", "--format", "json"]
    assert main([*args, "-j", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--dask", "-j", "1"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote["points"] == local["points"]
