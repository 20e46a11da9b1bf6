"""Fleets: N replicas of one pod sharing the app's wall clock (issue: fleets).

The expected figures are computed independently of kubesim.fleet: each replica is simulated on
its own with the same seed stream and start, and capacity is read off by sampling every
replica's Ready intervals on a fine time grid (not the sweep line the fleet code uses).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim import load_scenario, load_spec
from kubesim.cli.main import main
from kubesim.engine.simulate import run_model
from kubesim.fleet.capacity import capacity, summarise
from kubesim.fleet.run import simulate_fleet, start_times
from kubesim.fleet.settings import FleetSettings, LoadModel
from kubesim.kubelet.settings import CLASSIC
from kubesim.render.fleet_report import render_fleet_json
from kubesim.render.report import render_json

ROOT = Path(__file__).resolve().parent.parent
UNIFIED = str(ROOT / "probe_specs" / "seed_unified_healthz.yaml")
SPLIT = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
DB = str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
OUTAGE_END = 150.0  # the scenario's database comes back at t = 150 s


def _serving_at(run, t: float) -> int:
    """Replicas whose Ready held `propagation` seconds before `t` (sampled, brute force)."""
    seen = t - run.settings.propagation_seconds
    return sum(any(s <= seen < e for s, e in tl.ready_intervals()) for tl in run.timelines)


def test_a_fleet_is_its_replicas_each_simulated_alone():
    pod, sc = load_spec(UNIFIED), load_scenario(DB)
    fleet = simulate_fleet(pod, sc, FleetSettings(4, start_spread=15), duration=400, seed=3)
    starts = start_times(FleetSettings(4, start_spread=15), 3)
    assert starts[0] == 0 and starts == sorted(starts) and max(starts) < 15
    for i, (start, tl) in enumerate(zip(starts, fleet.timelines, strict=True)):
        alone = run_model(pod, sc, duration=400, seed=3, profile=CLASSIC, phase=None,
                          engine="simpy", keep_probes=True, box=None,
                          rng=np.random.default_rng([3, i]), start=start)
        assert render_json(alone) == render_json(tl)
        assert tl.containers[0].running_at == start


def test_seed_db_outage_unified_fleet_hits_zero_and_restarts_together():
    """The seed's case 1 as a fleet of 5: every replica restarts, at once, capacity 0 (F2:
    the capacity figures, each recomputed by sampling)."""
    fleet = simulate_fleet(load_spec(UNIFIED), load_scenario(DB), FleetSettings(5),
                           duration=400, seed=0)
    s = summarise(fleet)
    grid = np.arange(0, 400, 0.01)
    sampled = [_serving_at(fleet, t) for t in grid]
    after = grid >= s.measured_from
    assert s.min_capacity == 0 == min(np.array(sampled)[after])
    assert s.seconds_at_zero_capacity == pytest.approx(
        0.01 * sum(1 for t, n in zip(grid, sampled, strict=True) if t >= s.measured_from
                   and n == 0), abs=0.05)
    assert s.seconds_at_zero_capacity > 60  # most of the 90 s outage, and the restarts
    assert s.restarts == sum(len(tl.restarts) for tl in fleet.timelines) >= 5
    down = [[(k.at, min(c.running_at for c in tl.containers if c.running_at > k.at))
             for k in tl.kills] for tl in fleet.timelines]
    most = max(sum(any(a <= t < b for a, b in d) for d in down) for t in grid)
    assert s.replicas_down_at_once == most >= 2
    # simultaneous restarts: the most replicas killed within 30 s of one another (brute force
    # over every 0.1 s window start)
    kills = [[k.at for k in tl.kills] for tl in fleet.timelines]
    together = max(sum(any(t0 <= k < t0 + 30 for k in ks) for ks in kills)
                   for t0 in np.arange(0, 400, 0.1))
    assert s.simultaneous_restarts == together == 5


def test_seed_db_outage_split_fleet_leaves_and_returns_without_restarts():
    fleet = simulate_fleet(load_spec(SPLIT), load_scenario(DB), FleetSettings(5),
                           duration=400, seed=0)
    s = summarise(fleet)
    assert s.restarts == 0 and s.simultaneous_restarts == 0
    assert _serving_at(fleet, 120) == 0  # out during the outage
    assert _serving_at(fleet, 300) == 5  # all back after it
    series = capacity(fleet)
    assert series[-1].serving == series[-1].ready == 5


def test_serving_follows_ready_after_the_propagation_delay():
    """F1: an endpoint serves while its pod was Ready one propagation delay earlier."""
    fleet = simulate_fleet(load_spec(SPLIT), load_scenario(DB),
                           FleetSettings(3, propagation_seconds=4.5), duration=300, seed=1)
    series = capacity(fleet)
    for p in series:
        assert p.serving == _serving_at(fleet, p.at + 1e-9)
    first_ready = min(p.at for p in series if p.ready > 0)
    first_serving = min(p.at for p in series if p.serving > 0)
    assert first_serving == pytest.approx(first_ready + 4.5)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**16), replicas=st.integers(1, 4),
       spread=st.floats(0, 30), load=st.one_of(st.none(), st.tuples(
           st.floats(50, 500), st.floats(50, 200))), split=st.booleans())
def test_both_schedulers_give_the_same_fleet(seed, replicas, spread, load, split):
    pod = load_spec(SPLIT if split else UNIFIED)
    cfg = FleetSettings(replicas, start_spread=spread,
                        load=None if load is None else LoadModel(*load))
    docs = [render_fleet_json(simulate_fleet(pod, load_scenario(DB), cfg, duration=300,
                                             seed=seed, engine=engine))
            for engine in ("simpy", "fast")]
    assert docs[0] == docs[1]


def _late_restarts(spec: str, load: LoadModel | None, seed: int) -> int:
    fleet = simulate_fleet(load_spec(spec), load_scenario(DB),
                           FleetSettings(5, start_spread=20, load=load), duration=900, seed=seed)
    return sum(1 for tl in fleet.timelines for k in tl.kills if k.at > OUTAGE_END + 10)


def test_a_restart_cascade_emerges_from_the_load_model():
    """F3. 5 replicas serving 450 requests/s at 100/s each (90 % busy): after the outage, the first
    replica back takes all the traffic, its backlog outlives its time in the endpoints, its
    probes time out and it is killed, and so on. Without load no restart happens after the
    outage ends, in either configuration."""
    busy = LoadModel(450, 100)
    for spec in (UNIFIED, SPLIT):
        assert sum(_late_restarts(spec, None, seed) for seed in range(6)) == 0
    assert sum(_late_restarts(UNIFIED, busy, seed) > 0 for seed in range(6)) >= 3
    # the split skeleton is not immune: its /livez waits behind the same backlog
    assert sum(_late_restarts(SPLIT, busy, seed) > 0 for seed in range(6)) >= 3
    # with headroom (70 % busy with all 5) nothing cascades
    calm = LoadModel(350, 100)
    assert sum(_late_restarts(s, calm, seed) for s in (UNIFIED, SPLIT) for seed in range(6)) == 0


def test_cli_fleet_json_has_summary_capacity_and_replicas(capsys, tmp_path):
    out = tmp_path / "fleet.json"
    code = main(["fleet", UNIFIED, "--scenario", DB, "--replicas", "5", "--duration", "300",
                 "--format", "json", "-o", str(out)])
    assert code == 0
    doc = json.loads(out.read_text())
    assert {"restarts", "min_capacity", "seconds_at_zero_capacity"} <= set(doc["summary"])
    assert all({"at", "ready"} <= set(p) for p in doc["capacity"])
    assert len(doc["replicas"]) == 5
    assert doc["summary"]["restarts"] == sum(r["summary"]["restarts"] for r in doc["replicas"])
    assert {"kills", "ready", "containers", "probes", "events"} <= set(doc["replicas"][0])


def test_cli_fleet_replicas_default_to_the_workload():
    code = main(["fleet", str(ROOT / "examples" / "seed-app" / "deployment.yaml"),
                 "--duration", "60", "--format", "json"])
    assert code == 0


@pytest.mark.parametrize(("flags", "message"), [
    (["--replicas", "0"], "replicas=0 must be a whole number from 1"),
    (["--load", "abc"], "--load 'abc' must be RPS:CAPACITY"),
    (["--load", "100:-3"], "--load '100:-3' must be RPS:CAPACITY"),
    (["--start-spread", "-1"], "start_spread=-1.0 must be a number of seconds >= 0"),
    (["--min-capacity", "9", "--replicas", "3"], "min_capacity=9 must be from 0 to 3"),
])
def test_cli_fleet_bad_flags_are_one_line_exit_2(capsys, flags, message):
    code = main(["fleet", UNIFIED, "--duration", "60", *flags])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_sweep_over_fleet_parameters_matches_the_fleets_it_ran(capsys):
    """`kubesim sweep --fleet`: each point's figures are those of the fleets simulated
    directly with the same settings and seeds."""
    code = main(["sweep", UNIFIED, "--scenario", DB, "--fleet", "--set", "replicas=2,4",
                 "--set", "fleet.load.rps=150,350", "--set", "fleet.load.capacity=100",
                 "--phases", "2", "--duration", "400", "-j", "1", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and len(doc["points"]) == 4
    pod, sc = load_spec(UNIFIED), load_scenario(DB)
    for row in doc["points"]:
        cfg = FleetSettings(row["replicas"], load=LoadModel(row["fleet.load.rps"], 100))
        sums = [summarise(simulate_fleet(pod, sc, cfg, duration=400, seed=k)) for k in range(2)]
        assert row["restarts_max"] == max(s.restarts for s in sums)
        assert row["min_capacity"] == min(s.min_capacity for s in sums)
        assert row["zero_capacity_max"] == pytest.approx(
            max(s.seconds_at_zero_capacity for s in sums))
        assert row["simultaneous_restarts_max"] == max(s.simultaneous_restarts for s in sums)


def test_fleet_parameters_need_fleet(capsys):
    code = main(["sweep", UNIFIED, "--set", "replicas=2,3", "--phases", "1", "-j", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "fleet parameters need --fleet" in err


def _check(capsys, *argv):
    code = main(["check", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else None, err


def test_check_reports_replicas_restarting_together_with_the_fleets_own_figures(capsys,
                                                                               tmp_path):
    """KS012: the seed Deployment with liveness moved onto the database-checking /healthz."""
    seed_app = (ROOT / "examples" / "seed-app" / "deployment.yaml").read_text()
    unified = tmp_path / "unified.yaml"
    unified.write_text(seed_app.replace("path: /livez", "path: /healthz"))
    code, doc, _ = _check(capsys, str(unified), "--scenario", DB)
    found = [f for f in doc["findings"] if f["id"] == "KS012"]
    assert code == 1 and len(found) == 1 and found[0]["severity"] == "error"
    pod = load_spec(str(unified))
    fleet = simulate_fleet(pod, load_scenario(DB), FleetSettings(pod.replicas),
                           duration=_duration(doc), seed=0)
    s = summarise(fleet)
    assert found[0]["data"]["restarts"] == s.restarts > 0
    assert found[0]["data"]["simultaneous_restarts"] == s.simultaneous_restarts >= 2
    # the shipped split configuration: no restart, so no KS012; KS013 only when asked
    code, doc, _ = _check(capsys, str(ROOT / "examples" / "seed-app" / "deployment.yaml"),
                          "--scenario", DB)
    assert code == 0 and not [f for f in doc["findings"] if f["id"] in ("KS012", "KS013")]
    code, doc, _ = _check(capsys, str(ROOT / "examples" / "seed-app" / "deployment.yaml"),
                          "--scenario", DB, "--max-zero-capacity", "30")
    (ks013,) = [f for f in doc["findings"] if f["id"] == "KS013"]
    assert code == 1 and ks013["data"]["seconds_at_zero_capacity"] > 30


AGING = {"description": "every container goes bad 100 s after it starts (a leak)",
         "targets": {"/livez": {"since_start": [{"from": 100, "to": 100000,
                                                 "answer": {"status": 500}}]},
                     "/readyz": {"since_start": [{"from": 100, "to": 100000,
                                                  "answer": {"status": 503}}]}}}


@pytest.mark.parametrize(("flags", "publish", "apart"), [
    (["--start-times", "0,45,90"], False, True),
    (["--start-spread", "90"], False, None),  # seed-drawn starts: whatever the fleet shows
    (["--start-times", "0,45,90", "--propagation", "5"], False, True),
    ([], True, None),  # started together, behind a Service with publishNotReadyAddresses (EP3)
])
def test_check_runs_KS012_KS013_on_the_fleet_kubesim_fleet_runs_with_the_same_settings(
        capsys, tmp_path, flags, publish, apart):
    """KS012/KS013 (issue 29 item 7): check's fleet is the one `kubesim fleet` runs with the
    same start times, spread, propagation and Service (fleet.settings.fleet_settings). Every
    container of the seed Deployment goes bad 100 s after its start: started together, the
    three are killed together and the Service empties; staggered (0, 45, 90 s) they never
    are. Check's findings carry the figures `kubesim fleet` shows, and report KS013 exactly
    when its seconds at zero exceed --max-zero-capacity."""
    manifest = ROOT / "examples" / "seed-app" / "deployment.yaml"
    if publish:
        manifest_text = manifest.read_text().replace(
            "  selector: {app: orders}\n", "  selector: {app: orders}\n"
            "  publishNotReadyAddresses: true\n", 1)
        manifest = tmp_path / "publish.yaml"
        manifest.write_text(manifest_text)
    scenario = tmp_path / "aging.scenario.yaml"
    scenario.write_text(json.dumps(AGING))
    common = ["--scenario", str(scenario), "--duration", "600", *flags]
    assert main(["fleet", str(manifest), *common, "--format", "json"]) == 0
    fleet = json.loads(capsys.readouterr().out)["summary"]
    _, doc, err = _check(capsys, str(manifest), *common, "--max-zero-capacity", "5")
    assert doc is not None, err
    found = {f["id"]: f for f in doc["findings"] if f["id"] in ("KS012", "KS013")}
    ks012 = found["KS012"]["data"]
    assert (ks012["restarts"], ks012["simultaneous_restarts"]) == (
        fleet["restarts"], fleet["simultaneous_restarts"])
    assert ks012["seconds_at_zero_capacity"] == pytest.approx(
        fleet["seconds_at_zero_capacity"], abs=1e-6)
    assert found["KS012"]["severity"] == ("error" if fleet["simultaneous_restarts"] >= 2
                                          else "warning")
    assert ("KS013" in found) == (fleet["seconds_at_zero_capacity"] > 5)
    if apart:  # staggered: the check that started every replica at 0 said otherwise
        _, alone, _ = _check(capsys, str(manifest), "--scenario", str(scenario), "--duration",
                             "600", "--max-zero-capacity", "5")
        together = {f["id"]: f for f in alone["findings"] if f["id"] in ("KS012", "KS013")}
        assert together["KS012"]["severity"] == "error" and "KS013" in together
        assert found["KS012"]["severity"] == "warning" and "KS013" not in found
    if publish:  # the Service publishes pods that are not Ready: never empty (EP3)
        assert fleet["seconds_at_zero_capacity"] == 0 and "KS013" not in found


def test_check_runs_a_StatefulSet_as_its_controller_starts_it(capsys, tmp_path):
    """KS012/KS013 on the broker StatefulSet (OrderedReady, minReadySeconds 10): check runs
    the fleet `kubesim fleet` runs (fleet.workload.simulate_started: ordinal k created once
    k-1 is Ready, T1), not five pods started together, which is what check ran before and
    what empties the Service for far longer. Every container refuses every probe 100 s after
    it starts."""
    sts = str(ROOT / "examples" / "broker" / "statefulset.yaml")
    leak = tmp_path / "leak.scenario.yaml"
    leak.write_text(json.dumps({"targets": {"*": {"since_start": [
        {"from": 100, "to": 100000, "answer": {"error": "refused"}}]}}}))
    assert main(["fleet", sts, "--scenario", str(leak), "--duration", "600", "--format",
                 "json"]) == 0
    fleet = json.loads(capsys.readouterr().out)
    starts = [r["start"] for r in fleet["replicas"]]
    assert starts == sorted(starts) and len(set(starts)) == 5  # one at a time
    _, doc, err = _check(capsys, sts, "--scenario", str(leak), "--duration", "600",
                         "--max-zero-capacity", "5")
    assert doc is not None, err
    found = {f["id"]: f for f in doc["findings"] if f["id"] in ("KS012", "KS013")}
    summary = fleet["summary"]
    data = found["KS012"]["data"]
    assert (data["restarts"], data["simultaneous_restarts"]) == (
        summary["restarts"], summary["simultaneous_restarts"])
    assert data["seconds_at_zero_capacity"] == pytest.approx(
        summary["seconds_at_zero_capacity"], abs=1e-6)
    assert ("KS013" in found) == (summary["seconds_at_zero_capacity"] > 5)
    assert "one at a time" in found["KS012"]["message"]
    # the five started together, as check ran them before, say something else
    pod = load_spec(sts)
    together = summarise(simulate_fleet(pod, load_scenario(str(leak)), FleetSettings(5),
                                        duration=600, seed=0))
    assert together.seconds_at_zero_capacity > summary["seconds_at_zero_capacity"] + 60


def test_check_start_times_name_one_start_per_replica(capsys, tmp_path):
    scenario = tmp_path / "aging.scenario.yaml"
    scenario.write_text(json.dumps(AGING))
    code, _, err = _check(capsys, str(ROOT / "examples" / "seed-app" / "deployment.yaml"),
                          "--scenario", str(scenario), "--start-times", "0,45")
    assert code == 2 and ("--start-times has 2 values, but Deployment/orders has 3 replicas "
                          "(spec.replicas): give one start per replica") in err
    assert "Traceback" not in err


def test_check_takes_the_fleets_start_from_the_configuration(capsys, tmp_path):
    """check.start_times in .kubesim.yaml is --start-times (the command line's wins)."""
    scenario = tmp_path / "aging.scenario.yaml"
    scenario.write_text(json.dumps(AGING))
    config = tmp_path / "kubesim.yaml"
    config.write_text("kubesim: 1\ncheck:\n  start_times: [0, 45, 90]\n")
    app = str(ROOT / "examples" / "seed-app" / "deployment.yaml")
    _, doc, _ = _check(capsys, app, "--scenario", str(scenario), "--duration", "600",
                       "--config", str(config))
    (ks012,) = [f for f in doc["findings"] if f["id"] == "KS012"]
    assert ks012["data"]["start_times"] == [0, 45, 90] and ks012["severity"] == "warning"
    assert {"key": "check.start_times", "value": "0,45,90", "default": "off"} in \
        doc["configuration"]["departures"]
    _, doc, _ = _check(capsys, app, "--scenario", str(scenario), "--duration", "600",
                       "--config", str(config), "--start-times", "0,0,0")
    (ks012,) = [f for f in doc["findings"] if f["id"] == "KS012"]
    assert ks012["data"]["start_times"] == [0, 0, 0] and ks012["severity"] == "error"


def _duration(doc) -> float:
    return float(doc["behaviours"][0]["duration"])
