"""`kubesim sweep` and `kubesim.analysis.sweep.grid`: grid addressing, expectations, the two engines giving
the same points, output formats, plots, Ctrl-C."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from kubesim import ProbeType, Scenario, load_scenario, load_spec, profile_from
from kubesim.analysis.sweep.grid import (
    SweepSpec,
    apply_point,
    expand_grid,
    parse_goal,
    parse_setting,
    parse_values,
    scenario_document,
)
from kubesim.analysis.sweep.run import run_sweep
from kubesim.engine.metrics import metrics_of, run_metrics
from kubesim.engine.simulate import simulate
from kubesim.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent
UNIFIED = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SKELETON = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
DB = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
STALL = str(ROOT / "traces" / "seed_event_loop_stall.scenario.yaml")
SLOW = str(ROOT / "traces" / "seed_slow_startup.scenario.yaml")
DB_TRACE = str(ROOT / "traces" / "seed_db_outage.jsonl")


# ------------------------------------------------------------------ values and fields


@pytest.mark.parametrize(("text", "values"), [
    ("1,2,3", [1, 2, 3]), ("1..5", [1, 2, 3, 4, 5]), ("1..10:3", [1, 4, 7, 10]),
    ("0.5..2:0.5", [0.5, 1.0, 1.5, 2.0]), ("5", [5]), ("none,30", [None, 30]),
    ("Never,Always", ["Never", "Always"]),
])
def test_values_are_lists_or_inclusive_ranges(text: str, values: list[Any]) -> None:
    assert parse_values(text) == values


@pytest.mark.parametrize("text", ["", "5..1", "1..5:0", "1..5:-1"])
def test_bad_values_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError):
        parse_values(text)


def test_several_sets_make_a_grid_first_slowest() -> None:
    grid = expand_grid([parse_setting("livenessProbe.failureThreshold=1,2"),
                        parse_setting("livenessProbe.periodSeconds=5..15:5")])
    assert grid == [{"livenessProbe.failureThreshold": f, "livenessProbe.periodSeconds": p}
                    for f in (1, 2) for p in (5, 10, 15)]


@pytest.mark.parametrize("text", ["livenessProbe.nope=1", "nothing=1", "livenessProbe",
                                  "=1"])
def test_unknown_fields_are_refused(text: str) -> None:
    with pytest.raises(UsageError):
        parse_setting(text)


def test_probe_fields_go_through_the_api_rules() -> None:
    pod, behaviour = load_spec(UNIFIED), load_scenario(DB)
    p, _ = apply_point(pod, behaviour, {"livenessProbe.failureThreshold": 7,
                                        "readinessProbe.periodSeconds": 0,
                                        "livenessProbe.terminationGracePeriodSeconds": 5})
    live, ready = p.container.liveness_probe, p.container.readiness_probe
    assert (live.failure_threshold, live.termination_grace_period_seconds) == (7, 5)
    assert ready.period_seconds == 10  # R5.1: 0 means the default
    with pytest.raises(UsageError, match="successThreshold"):
        apply_point(pod, behaviour, {"livenessProbe.successThreshold": 2})  # R5.5
    with pytest.raises(UsageError, match="declares no startupProbe"):
        apply_point(pod, behaviour, {"startupProbe.failureThreshold": 2})


def test_pod_fields() -> None:
    p, _ = apply_point(load_spec(UNIFIED), load_scenario(DB),
                       {"terminationGracePeriodSeconds": 5, "restartPolicy": "Never"})
    assert (p.termination_grace_period_seconds, p.restart_policy.value) == (5, "Never")
    with pytest.raises(UsageError):
        apply_point(load_spec(UNIFIED), load_scenario(DB), {"restartPolicy": "Sometimes"})


def test_a_grace_below_a_hooks_sleep_is_refused_as_the_api_server_refuses_it() -> None:
    """validateSleepAction (R5.19): sweeping terminationGracePeriodSeconds below a preStop
    sleep, or preStop.sleep above the grace, builds pods the API server refuses."""
    import dataclasses

    from kubesim.analysis.sweep.fleet_points import _with_pre_stop
    from kubesim.spec.model import Lifecycle, LifecycleHandler, SleepAction

    pod = load_spec(UNIFIED)
    hook = Lifecycle(pre_stop=LifecycleHandler(sleep=SleepAction(seconds=10)),
                     post_start=LifecycleHandler(sleep=SleepAction(seconds=1)))
    pod = dataclasses.replace(pod, container=pod.container.model_copy(update={
        "lifecycle": hook}))
    with pytest.raises(UsageError, match=r"--set terminationGracePeriodSeconds=5: container "
                                         r"app: lifecycle.preStop.sleep.seconds=10 must be "
                                         r"from 0 to terminationGracePeriodSeconds=5"):
        apply_point(pod, load_scenario(DB), {"terminationGracePeriodSeconds": 5})
    with pytest.raises(UsageError, match=r"--set preStop.sleep=31: .* must be from 0 to "
                                         r"terminationGracePeriodSeconds=30"):
        _with_pre_stop(pod, 31)
    kept = _with_pre_stop(pod, 30).container  # as long as the grace: accepted
    assert (kept.pre_stop.sleep.seconds, kept.post_start.sleep.seconds) == (30, 1)


def test_scenario_parameters_by_name() -> None:
    pod, db = load_spec(UNIFIED), load_scenario(DB)
    _, sc = apply_point(pod, db, {"outage.db.length": 30})
    assert [(s.start, s.to) for s in sc.dependencies["db"].down] == [(60, 90)]
    _, sc = apply_point(pod, db, {"outage.db.start": 100})
    assert [(s.start, s.to) for s in sc.dependencies["db"].down] == [(100, 190)]
    _, sc = apply_point(pod, db, {"outage.db.0.length": None})
    assert sc.dependencies["db"].down[0].to is None  # never recovers
    _, sc = apply_point(pod, db, {"shutdownSeconds": 2.5,
                                  "scenario.targets./healthz.when_down.latency_ms": 900})
    assert sc.shutdown_seconds() == 2.5
    assert sc.targets["/healthz"].when_down.latency_ms.value == 900
    _, sc = apply_point(pod, load_scenario(STALL), {"stall.length": 40})
    (st,) = sc.stalls
    assert st.to - st.start == 40
    _, sc = apply_point(pod, load_scenario(SLOW), {"startup.seconds": 7})
    assert all(w.to == 7 for t in sc.targets.values() for w in t.since_start if w.start == 0)
    with pytest.raises(UsageError, match="no dependency"):
        apply_point(pod, db, {"outage.cache.length": 3})
    with pytest.raises(UsageError, match="no item 3"):
        apply_point(pod, db, {"outage.db.3.length": 3})
    with pytest.raises(UsageError, match="--scenario"):
        from kubesim import load_trace
        apply_point(pod, load_trace(DB_TRACE), {"outage.db.length": 3})


def test_scenario_document_round_trips() -> None:
    for path in (DB, STALL, SLOW):
        sc = load_scenario(path)
        assert Scenario.from_dict(scenario_document(sc)).model_dump() == sc.model_dump()


def test_expectations() -> None:
    assert parse_goal("no-restart").kind == "no-restart"
    assert parse_goal("ready-within=30").limit == 30
    for bad in ("no-restart=1", "ready-within", "sometimes", "max-unready=-1"):
        with pytest.raises(UsageError):
            parse_goal(bad)


# ------------------------------------------------------------------ the sweep


def _sweep(engine: str, points: list[dict[str, Any]], **kw: Any) -> list[Any]:
    spec = SweepSpec(pod=load_spec(UNIFIED), behaviour=load_scenario(DB), duration=300,
                     phases=6, engine=engine,
                     expectations=(parse_goal("no-restart"),
                                   parse_goal("ready-within=2")), **kw)
    return sorted(run_sweep(spec, points), key=lambda r: r.index)


def test_fast_and_des_sweeps_give_identical_points() -> None:
    """Every number of every point, both engines; thresholds share runs in the fast one."""
    grid = expand_grid([parse_setting("livenessProbe.failureThreshold=1..6"),
                        parse_setting("livenessProbe.periodSeconds=5,10,20"),
                        parse_setting("outage.db.length=30,90")])
    assert _sweep("fast", grid) == _sweep("simpy", grid)
    assert _sweep("fast", grid, profile=profile_from(ideal=True), seeds=2) == \
        _sweep("simpy", grid, profile=profile_from(ideal=True), seeds=2)


def test_the_seed_case_threshold_and_period() -> None:
    """The unified /healthz restarts in a 90 s outage unless F x P outlasts it."""
    grid = expand_grid([parse_setting("livenessProbe.failureThreshold=3,10"),
                        parse_setting("livenessProbe.periodSeconds=10")])
    low, high = _sweep("fast", grid)
    assert low.restarts_max > 0 and not low.expectations["no-restart"]
    assert high.restarts_max == 0 and high.expectations["no-restart"]
    assert low.runs == high.runs == 6
    assert 60 < low.unready_mean < 150


def test_point_metrics_are_the_runs_metrics() -> None:
    pod, sc = load_spec(UNIFIED), load_scenario(DB)
    (r,) = _sweep("fast", [{"livenessProbe.failureThreshold": 3}])
    runs = [metrics_of(simulate(pod, sc, duration=300, seed=i, phase=i * 10 / 6,
                               engine="simpy"), sc)
            for i in range(6)]
    assert r.restarts_mean == sum(m.restarts for m in runs) / 6
    assert r.restarts_max == max(m.restarts for m in runs)
    assert r.unready_max == max(300 - m.ready_seconds for m in runs)
    assert r.first_ready_max == max(m.first_ready_at for m in runs)
    assert r.probes == sum(sum(m.probes) for m in runs)


def test_hang_to_kill() -> None:
    """A hang of the whole process: liveness (P=10, F=3) kills within ~3 periods."""
    pod, sc = load_spec(SKELETON), Scenario.from_dict({"stalls": [{"from": 100, "to": None}]})
    m = run_metrics(pod, sc, duration=300, phase=1.0)
    assert m.hang_to_kill is not None and 20 <= m.hang_to_kill <= 31
    assert m == metrics_of(simulate(pod, sc, duration=300, phase=1.0, engine="simpy"), sc)
    assert run_metrics(pod, load_scenario(DB), duration=300).hang_to_kill is None


# ------------------------------------------------------------------ the command


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return cli(capsys, "sweep", *args)


SEED_ARGS = [UNIFIED, "--scenario", DB, "--duration", "300", "--phases", "5",
             "--set", "livenessProbe.failureThreshold=2,3,10",
             "--set", "livenessProbe.periodSeconds=5,10", "--expect", "no-restart", "-j", "1"]


def test_cli_table_csv_json_and_heatmap(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    png = tmp_path / "heat.png"
    code, out, _ = _cli(capsys, *SEED_ARGS, "--plot", str(png))
    assert code == 0
    assert "6 of 6 points x 5 phases" in out
    assert "livenessProbe.failureThreshold" in out and "expect no-restart" in out
    assert png.stat().st_size > 1000
    code, out, _ = _cli(capsys, *SEED_ARGS, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 6 and rows[0]["livenessProbe.failureThreshold"] == "2"
    code, out, _ = _cli(capsys, *SEED_ARGS, "--format", "json")
    doc = json.loads(out)
    assert doc["sweep"]["points"] == 6 and len(doc["points"]) == 6
    assert {p["expect no-restart"] for p in doc["points"]} == {True, False}


def test_cli_parallel_equals_serial_and_des(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for extra in (["-j", "1"], ["-j", "2"], ["-j", "2", "--engine", "simpy"]):
        code, out, _ = _cli(capsys, *SEED_ARGS, "--format", "json", *extra)
        assert code == 0
        outs.append(json.loads(out)["points"])
    assert outs[0] == outs[1] == outs[2]


def test_cli_line_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "line.png"
    code, _, _ = _cli(capsys, UNIFIED, "--scenario", DB, "--duration", "300", "--phases", "3",
                      "--set", "outage.db.length=30..120:30", "--plot", str(png),
                      "--plot-metric", "unready_mean", "-j", "1")
    assert code == 0 and png.stat().st_size > 1000


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, UNIFIED, "--scenario", DB, "--set", "livenessProbe.x=1")
    assert code == 2 and err.startswith("kubesim: error:") and err.count("\n") == 1
    code, _, err = _cli(capsys, UNIFIED, "--scenario", DB, "--set",
                        "livenessProbe.failureThreshold=1", "--expect", "kill-within=30")
    assert code == 2 and "stall" in err


def test_progress_line_without_tqdm(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    real = builtins.__import__

    def no_tqdm(name: str, *a: Any, **k: Any) -> Any:
        if name == "tqdm":
            raise ImportError(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    code, _, err = _cli(capsys, *SEED_ARGS, "--progress")
    assert code == 0 and "6/6 points" in err and "left" in err


def test_ctrl_c_keeps_the_points_done(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from kubesim.analysis.sweep import pool
    from kubesim.analysis.sweep import run as sweep

    calls = {"n": 0}
    real = sweep.evaluate_group

    def interrupted(spec: Any, group: Any) -> Any:
        calls["n"] += 1
        if calls["n"] > 1:  # the second of the two groups (one per period)
            raise KeyboardInterrupt
        return real(spec, group)

    monkeypatch.setattr(pool, "evaluate_group", interrupted)
    code, out, _ = _cli(capsys, *SEED_ARGS, "--format", "json")
    doc = json.loads(out)
    assert code == 130 and doc["sweep"]["interrupted"]
    assert 0 < doc["sweep"]["done"] < 6 and len(doc["points"]) == doc["sweep"]["done"]


def test_restart_loop_cases_agree_with_des() -> None:
    """Short kill loops with back-off (F=1), Never, a hang: fast == DES at every phase."""
    pod = load_spec(UNIFIED)
    for point in ({"livenessProbe.failureThreshold": 1, "livenessProbe.periodSeconds": 1},
                  {"restartPolicy": "Never"}, {"livenessProbe.timeoutSeconds": 3}):
        p, sc = apply_point(pod, load_scenario(DB), point)
        for i in range(5):
            for prof in (profile_from(), profile_from("1.35")):
                a = run_metrics(p, sc, duration=900, seed=i, profile=prof, phase=i * 2.0)
                b = metrics_of(simulate(p, sc, duration=900, seed=i, profile=prof,
                                        phase=i * 2.0, engine="simpy"), sc)
                assert a == b
                assert not math.isnan(a.ready_seconds)
    assert ProbeType.LIVENESS in pod.container.probes()


@pytest.mark.parametrize("fmt", ["json", "table", "csv"])
def test_the_output_is_the_same_on_any_number_of_processes(capsys: Any, fmt: str) -> None:
    """Deterministic output: the same bytes in one process and in two, run after run; how
    long it took and where it ran go to stderr."""
    args = ("sweep", UNIFIED, "--scenario", DB, "--duration", "300", "--phases", "4",
            "--set", "livenessProbe.failureThreshold=1..4", "--set",
            "livenessProbe.periodSeconds=5,10", "--format", fmt)
    outs = []
    for jobs in ("1", "2", "1"):
        code, out, err = cli(capsys, *args, "-j", jobs)
        assert code == 0, err
        assert "8 of 8 points in " in err and "local process" in err
        outs.append(out)
    assert outs[0] == outs[1] == outs[2]


def test_a_pool_whose_results_are_all_in_leaves_no_thread_at_exit() -> None:
    """The pool was shut down without waiting once every result was in: its manager thread
    outlived the sweep, and at the interpreter's exit concurrent.futures' own exit hook raced
    its closing, printing "Exception ignored in: <module 'threading'>" and a traceback to
    stderr (seen once in test_compiled's byte comparison of the shipped sweep, under load).
    All results in, the pool is shut down and its threads joined before the sweep returns."""
    import threading

    from kubesim.analysis.sweep.pool import local_executor
    points = [{"livenessProbe.periodSeconds": p} for p in (2, 4, 6, 8)]  # four groups
    spec = SweepSpec(pod=load_spec(UNIFIED), behaviour=load_scenario(DB), duration=120,
                     phases=2, engine="fast")
    before = set(threading.enumerate())
    results = list(run_sweep(spec, points, executor=local_executor(2)))
    assert sorted(r.index for r in results) == [0, 1, 2, 3]
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert left == []
