"""Every input budgeted before it is built (issue 28 item 3, issue 31 item 4): a sweep's grid
is counted, not expanded, before a point is made, and each point is then built once; a
fleet's kept records and one object's containers are counted before any pod starts; one
object gets one verdict, in the same words, from `check`, `run` and `fleet`. Judged by what
was built or started (counters on the builders), never by time."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import kubesim.analysis.sweep.fleet_points as fleet_points
import kubesim.analysis.sweep.plan as plan
import kubesim.analysis.sweep.run as sweep_run
from kubesim.analysis.budget import (
    MAX_POINTS,
    MEMORY_CEILING,
    MIN_RUN,
    fleet_records,
)
from kubesim.analysis.sweep.grid import expand_grid, parse_setting
from kubesim.cli.main import main

HERE = Path(__file__).resolve().parent
SEED_SPEC = str(HERE.parent / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(HERE.parent / "traces" / "seed_db_outage.scenario.yaml")
MANY = str(HERE / "hostile_inputs" / "spec_300_containers.yaml")
GRID = ["--set", "livenessProbe.failureThreshold=1..1000", "--set",
        "livenessProbe.periodSeconds=1..2000", "--phases", "1"]


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, err)
    assert err.startswith("kubesim: error: ") and err.count("\n") == 1, err
    return err


def _forbid(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"{name} was called: the input was not refused before it")
    monkeypatch.setattr(module, name, never)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Count every point built (`apply_point`, wherever the sweep calls it)."""
    built: list[dict[str, Any]] = []
    real = sweep_run.apply_point

    def counted(pod: Any, behaviour: Any, point: dict[str, Any]) -> Any:
        built.append(dict(point))
        return real(pod, behaviour, point)
    for module in (sweep_run, plan, fleet_points):
        monkeypatch.setattr(module, "apply_point", counted)
    return built


# ------------------------------------------------------------------ a sweep's grid


def test_a_grid_of_two_million_points_is_refused_before_a_point_is_built(monkeypatch, capsys):
    """Issue 28: 2,000,000 points x 1 phase passed the count of runs (one unit each) and then
    built every point (still running after 300 s, 1.6 GB). Counted as points x (a point's
    build + its runs at the least a run costs), it is refused with the grid unexpanded."""
    _forbid(monkeypatch, plan, "expand_grid")
    built = _counting(monkeypatch)
    err = _error(capsys, ["sweep", SEED_SPEC, *GRID])
    assert "2,000,000 points" in err and "--max-work" in err, err
    assert built == []


def test_a_grid_over_the_point_limit_is_refused_whatever_the_budget(monkeypatch, capsys):
    """Every point is kept built until it runs: beyond MAX_POINTS the grid is refused even
    with the budget raised, before a point is built."""
    _forbid(monkeypatch, plan, "expand_grid")
    built = _counting(monkeypatch)
    err = _error(capsys, ["sweep", SEED_SPEC, *GRID, "--max-work", str(10**12)])
    assert f"at most {MAX_POINTS:,} points" in err and "does not raise it" in err, err
    assert built == []


def test_the_grid_count_is_the_product_of_its_axes():
    """The count the budget reads before expanding is the number of points expanded."""
    settings = [parse_setting("livenessProbe.failureThreshold=1..7"),
                parse_setting("livenessProbe.periodSeconds=1,5,10"),
                parse_setting("outage.db.length=30..300:90")]
    assert math.prod(len(s.values) for s in settings) == len(expand_grid(settings)) == 84


def test_a_grid_just_over_the_floor_is_refused_and_just_under_it_is_not(capsys):
    """The floor is points x (a point's build + runs x MIN_RUN): a grid of 10 points x 3
    phases costs at least 10 x (BUILD_POINT + 3 x MIN_RUN), so a budget one unit below is
    refused before the points are built, and a budget well above it is not."""
    from kubesim.analysis.budget import BUILD_POINT
    floor = 10 * (BUILD_POINT + 3 * MIN_RUN)
    argv = ["sweep", SEED_SPEC, "--set", "livenessProbe.failureThreshold=1..10", "--phases",
            "3", "--duration", "60", "-j", "1"]
    err = _error(capsys, [*argv, "--max-work", str(math.ceil(floor) - 1)])
    assert "10 points x 3 phases" in err, err
    assert main([*argv, "--max-work", str(math.ceil(floor) * 100)]) == 0


@pytest.mark.parametrize("argv,points", [
    (["--set", "livenessProbe.failureThreshold=1..3", "--set", "livenessProbe.periodSeconds=5,10"],
     6),
    (["--scenario", OUTAGE, "--set", "outage.db.length=30,60", "--set",
      "livenessProbe.failureThreshold=2,3", "--duration", "300"], 4),
    (["--fleet", "--set", "replicas=1,2", "--set", "livenessProbe.failureThreshold=2,3"], 4),
], ids=["probe", "scenario", "fleet"])
def test_each_sweep_point_is_built_and_validated_once(monkeypatch, capsys, argv, points):
    """Issue 31: a point was built by check_spec, then again for its runs (a fleet point a
    third time, by check_fleet_point). Now check_spec's pods reach the runs."""
    built = _counting(monkeypatch)
    duration = [] if "--duration" in argv else ["--duration", "60"]
    assert main(["sweep", SEED_SPEC, *argv, *duration, "--phases", "2", "-j", "1"]) == 0
    capsys.readouterr()
    assert len(built) == points
    assert len({tuple(sorted(p.items())) for p in built}) == points  # each point once


# ------------------------------------------------------------------ a fleet's records


def test_a_fleet_of_a_hundred_million_seconds_is_refused_before_any_pod_starts(monkeypatch,
                                                                              capsys):
    """Issue 28: `fleet --replicas 3 --duration 1e8` passed the budget and grew to 24 GB:
    its records were not counted. They are, as work and against the memory ceiling."""
    import kubesim.cli.fleet as cli_fleet
    _forbid(monkeypatch, cli_fleet, "simulate_started")
    argv = ["fleet", SEED_SPEC, "--replicas", "3", "--duration", "1e8"]
    err = _error(capsys, argv)
    assert "3 replicas" in err and "--max-work" in err, err
    err = _error(capsys, [*argv, "--max-work", str(10**12)])
    assert f"memory ceiling of {MEMORY_CEILING / 1e9:.3g} GB" in err, err
    assert "does not raise it" in err


def test_the_records_a_fleet_keeps_are_within_twice_their_count():
    """The records counted before the fleet runs bound the records it keeps, within 2x."""
    from kubesim.behaviour.scenario import load_scenario
    from kubesim.fleet.run import simulate_fleet
    from kubesim.fleet.settings import FleetSettings
    from kubesim.kubelet.settings import profile_from
    from kubesim.spec.manifests import load_spec
    pod, sc = load_spec(SEED_SPEC, None), load_scenario(OUTAGE)
    fleet = simulate_fleet(pod, sc, FleetSettings(replicas=3), duration=600.0, seed=0,
                           profile=profile_from())
    kept = sum(len(tl.probes) for tl in fleet.timelines)
    estimate = fleet_records(pod, sc, 600.0, profile_from(), replicas=3)
    assert kept <= estimate <= 2 * kept, (kept, estimate)


# ------------------------------------------------------------------ one object, one verdict


def test_one_object_gets_one_verdict_from_check_run_and_fleet(monkeypatch, capsys):
    """Issue 28: `check` refused a 1,000-container Deployment that `run` and `fleet` ran. The
    object's verdict is one function's (`check_object`): the same line from all three, and
    nothing simulated."""
    import kubesim.analysis.check.run as check_run
    import kubesim.cli.fleet as cli_fleet
    import kubesim.cli.run as cli_run
    _forbid(monkeypatch, cli_run, "simulate")
    _forbid(monkeypatch, cli_fleet, "simulate_started")
    _forbid(monkeypatch, check_run, "simulate")
    errors = {_error(capsys, [command, MANY]) for command in ("check", "run", "fleet")}
    assert len(errors) == 1, errors
    (err,) = errors
    assert "300 container(s)" in err and "--max-work" in err, err


def test_the_object_verdict_turns_at_its_size():
    """With the budget at the object's size it is accepted (each command goes on to its own
    estimate); one unit below, refused, naming its containers."""
    from kubesim.analysis.budget import check_object, object_work
    from kubesim.errors import UsageError
    from kubesim.kubelet.settings import profile_from
    from kubesim.spec.manifests import load_spec
    pod = load_spec(MANY, None)
    size = object_work(pod, profile_from())
    check_object(pod, profile_from(), math.ceil(size))
    with pytest.raises(UsageError, match="300 container"):
        check_object(pod, profile_from(), math.floor(size) - 1)
