"""kubesim.testing (assertions over grid phases and their counterexamples), the pytest plugin,
and the user's-eye example in examples/property-tests/, run as a user would run it."""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import settings

from kubesim import (
    HEALTHY,
    ProbeType,
    Scenario,
    load_scenario,
    load_spec,
    load_trace,
    profile_from,
    simulate,
)
from kubesim.cli.main import main
from kubesim.spec.model import ProbedContainer, parse_container
from kubesim.spec.yamlio import load_yaml_documents
from kubesim.testing import (
    ProbeExpectationError,
    Violation,
    assert_no_restart,
    assert_not_ready_within_outage,
    assert_ready_within,
    assert_survives_stall,
    assert_timeline,
    default_phases,
    dump_pod,
    grid_phases,
    phase_coverage,
    reproduce_command,
    suggested_duration,
    to_yaml,
)

ROOT = Path(__file__).resolve().parent.parent
SPECS, TRACES = ROOT / "probe_specs", ROOT / "traces"
EXAMPLE = ROOT / "examples" / "property-tests"
UNIFIED = load_spec(str(SPECS / "seed_unified_healthz.yaml"))
SKELETON = load_spec(str(SPECS / "seed_skeleton.yaml"))
DB_OUTAGE = load_scenario(str(TRACES / "seed_db_outage.scenario.yaml"))
STALL = load_scenario(str(TRACES / "seed_event_loop_stall.scenario.yaml"))
SLOW_START = load_scenario(str(TRACES / "seed_slow_startup.scenario.yaml"))


def run_cli(command: str, capsys: pytest.CaptureFixture[str]) -> dict:
    """Run a `kubesim run ...` command line in-process; its JSON document."""
    args = shlex.split(command.split("  #")[0])
    assert args[:2] == ["kubesim", "run"]
    assert main([*args[1:], "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------------------ assertions


def test_no_restart_holds_for_the_split_probes_and_fails_for_unified_healthz(capsys):
    """The seed's DB case: split /livez + /readyz never restarts; unified /healthz restarts at
    every phase. The error names phase, seed, command and timeline, and the command
    reproduces the failing run exactly."""
    assert_no_restart(SKELETON, DB_OUTAGE, phases=8, duration=300)
    with pytest.raises(ProbeExpectationError) as info:
        assert_no_restart(UNIFIED, DB_OUTAGE, phases=8, duration=300)
    err = info.value
    assert isinstance(err, AssertionError)
    text = str(err)
    assert text.startswith("expected no restart: failed at 8 of 8 grid phases")
    assert f"grid phase {err.phase:.3f} s, seed {err.seed}" in text
    assert "db down [60.000, 150.000) s (90 s)" in text
    assert err.command in text and "--scenario traces/seed_db_outage.scenario.yaml" in text
    assert "--container ProbeSpec/seed_unified_healthz/app" in err.command
    lines = text.splitlines()
    timeline = lines[lines.index("      time  what") + 1:]
    times = [float(x.split()[0]) for x in timeline if not x.strip().startswith("...")]
    kill = err.timeline.kills[0]
    assert any("KILL" in x for x in timeline)
    assert min(times) >= 60 - 5 - 1e-6 and max(times) <= kill.at + 15 + 1e-6  # trimmed
    doc = run_cli(err.command, capsys)
    assert doc["kills"][0]["at"] == round(kill.at, 6) and doc["run"]["seed"] == err.seed


def test_in_memory_pod_and_scenario_are_written_out_for_the_command(capsys):
    pod = ProbedContainer(parse_container({"name": "web", "livenessProbe": {
        "httpGet": {"path": "/healthz", "port": 8080}, "periodSeconds": 3,
        "failureThreshold": 2}}), termination_grace_period_seconds=5)
    scenario = Scenario.from_dict({"dependencies": {"db": {"down": [{"from": 30, "to": 60}]}},
                                   "targets": {"/healthz": {"depends_on": ["db"]}}})
    profile = profile_from("legacy", ideal=True, overrides={"backoff_initial": 5})
    with pytest.raises(ProbeExpectationError) as info:
        assert_no_restart(pod, scenario, phases=[1.5], seed=7, duration=120, profile=profile)
    command = info.value.command
    assert "kubesim-repro" in command and "--phase 1.5 --seed 7" in command.replace(
        "--seed 7 --phase 1.5", "--phase 1.5 --seed 7")
    assert "--profile legacy --ideal --kubelet backoff_initial=5.0" in command
    assert "cannot be given exactly" not in command
    doc = run_cli(command, capsys)
    assert len(doc["kills"]) == len(info.value.timeline.kills)
    assert doc["kills"][0]["at"] == round(info.value.timeline.kills[0].at, 6)


def test_trace_behaviours_reproduce_with_their_modes(capsys):
    trace = load_trace(str(TRACES / "seed_db_outage.jsonl"))
    with pytest.raises(ProbeExpectationError) as info:
        assert_no_restart(UNIFIED, trace, phases=2, duration=300)
    assert f"--trace-restart {trace.restart.value}" in info.value.command
    assert run_cli(info.value.command, capsys)["summary"]["restarts"] >= 1


def test_ready_within_follows_the_phase_dependence_of_the_slow_start():
    """README: liveness-only period 1 s / threshold 3 vs a 2.5 s start restarts at some
    phases; with the startup budget it is Ready within ~3.5 s at all of them."""
    budget = load_spec(str(SPECS / "seed_slow_startup_budget.yaml"))
    assert_ready_within(budget, SLOW_START, 4, phases=20)
    with pytest.raises(ProbeExpectationError, match="expected Ready within 2 s"):
        assert_ready_within(budget, SLOW_START, 2, phases=20)
    with pytest.raises(ProbeExpectationError, match=r"restarted by a liveness failure"):
        assert_no_restart(load_spec(str(SPECS / "seed_slow_startup_liveness_only.yaml")),
                          SLOW_START, phases=100, duration=60)


def test_not_ready_within_outage_needs_a_readiness_probe_that_sees_the_outage():
    assert_not_ready_within_outage(SKELETON, DB_OUTAGE, within=15, phases=10, duration=300)
    assert_not_ready_within_outage(SKELETON, DB_OUTAGE, within=15, dependency="db", phases=3)
    livez_only = load_spec(str(ROOT / "tests" / "cli_inputs" / "liveness.yaml"))
    with pytest.raises(ProbeExpectationError, match=r"still Ready 15 s after db down began at "
                                                    r"60\.000 s"):
        assert_not_ready_within_outage(livez_only, DB_OUTAGE, within=15, phases=2)
    with pytest.raises(Exception, match="dependency='cache' is not in the scenario"):
        assert_not_ready_within_outage(SKELETON, DB_OUTAGE, within=15, dependency="cache")


def test_outages_shorter_than_within_make_no_demand():
    short = Scenario.from_dict({**DB_OUTAGE.model_dump(by_alias=True, exclude_unset=True),
                                "dependencies": {"db": {"down": [{"from": 60, "to": 70}]}}})
    assert_not_ready_within_outage(SKELETON, short, within=15, phases=4)


def test_survives_stall():
    """The seed's 2 s event-loop stall: no restart at any phase, Ready again soon; a liveness
    probe with threshold 1 and timeout 1 does not survive it."""
    assert_survives_stall(SKELETON, STALL, ready_again_within=15, phases=10)
    fragile = ProbedContainer(parse_container({"name": "app", "livenessProbe": {
        "httpGet": {"path": "/livez", "port": 8000}, "periodSeconds": 1,
        "failureThreshold": 1}}))
    with pytest.raises(ProbeExpectationError, match="expected to survive the stall"):
        assert_survives_stall(fragile, STALL, phases=4)
    longer = Scenario.from_dict({**STALL.model_dump(by_alias=True, exclude_unset=True),
                                 "stalls": [{"from": 30, "to": 42}]})
    assert_survives_stall(SKELETON, longer, ready_again_within=15, phases=10)
    with pytest.raises(ProbeExpectationError, match=r"not Ready again 1 s after the stall "
                                                    r"\[30\.000, 42\.000\) s ended"):
        assert_survives_stall(SKELETON, longer, ready_again_within=1, phases=4)


def test_failing_phase_count_and_custom_checks():
    def never(tl):
        return Violation(1.0, "always fails")

    with pytest.raises(ProbeExpectationError) as info:
        assert_timeline(SKELETON, None, never, expectation="custom", phases=5, duration=30)
    assert info.value.failing_phases() == 5
    assert "custom: failed at 5 of 5 grid phases" in str(info.value)
    assert "behaviour: healthy" in str(info.value)


# ------------------------------------------------------------------------------ phases


def test_grid_phases_all_sampled_and_listed():
    cycle = 10  # lcm(2, 10, 5)
    assert grid_phases(SKELETON, 4) == [(0.0, 0), (2.5, 1), (5.0, 2), (7.5, 3)]
    sample = grid_phases(SKELETON, 20, sample=5, seed=3)
    assert len(sample) == 5 and sample == grid_phases(SKELETON, 20, sample=5, seed=3)
    assert all(p == (s - 3) * cycle / 20 for p, s in sample)
    assert grid_phases(SKELETON, [0.5, 9.0], seed=2) == [(0.5, 2), (9.0, 3)]
    with pytest.raises(Exception, match="phases=0"):
        grid_phases(SKELETON, 0)


def test_phase_sweep_matches_kubesim_run_phases():
    """Phase i of N runs with seed + i, exactly as `kubesim run --phases N` (phases.py)."""
    from kubesim.analysis.phases import across_phases
    sweep = across_phases(UNIFIED, DB_OUTAGE, n=6, duration=300, seed=4)
    restarts = [len(simulate(UNIFIED, DB_OUTAGE, duration=300, seed=s, phase=p).restarts)
                for p, s in grid_phases(UNIFIED, 6, seed=4)]
    assert restarts == sweep.restarts


def test_phase_coverage_sets_the_default():
    assert default_phases() == (10, None)
    with phase_coverage(3, sample=2):
        assert default_phases() == (3, 2)
        assert len(grid_phases(SKELETON)) == 2
        with phase_coverage(sample=None):
            assert default_phases() == (3, 2)
    assert default_phases() == (10, None)


def test_suggested_duration_covers_the_behaviour():
    assert suggested_duration(HEALTHY) == 300
    assert suggested_duration(DB_OUTAGE) == 300
    late = Scenario.from_dict({"stalls": [{"since_start": 500, "duration": 30}]})
    assert suggested_duration(late) == 680  # 530 s + the 150 s margin of every command


# ------------------------------------------------------------------------------ writing inputs


@pytest.mark.parametrize("value", [
    {"a": "yes", "b": "1e5", "c": 1e-05, "d": 1e20, "e": "", "f": "*", "g": "a: b", "h": None,
     "i": True, "j": [], "k": {}, "l": [[1, 2], {"m": "#x"}], "/readyz": "exec:cat /tmp/x",
     "n": "'q'", "o": "é\t", "p": -0.0, "q": float("inf")}])
def test_to_yaml_reads_back(value):
    [doc] = load_yaml_documents(to_yaml(value), "<t>", ValueError)  # type: ignore[arg-type]
    assert doc.data == value


def test_dump_pod_reads_back_via_the_loader(tmp_path):
    path = tmp_path / "pod.yaml"
    path.write_text(to_yaml(dump_pod(UNIFIED)))
    again = load_spec(str(path))
    assert again.container == UNIFIED.container
    assert reproduce_command(again, None, duration=60, seed=0, phase=None).startswith(
        f"kubesim run {path} --container ProbeSpec/pod/app --duration 60 --seed 0")


# ------------------------------------------------------------------------------ the plugin


def test_plugin_marker_option_fixtures_and_report(pytester):
    """The marker and option set the helpers' phase coverage (marker wins); the fixtures load
    files next to the test; a failing helper's report shows the counterexample."""
    for name in ("seed_skeleton.yaml", "seed_unified_healthz.yaml"):
        (pytester.path / name).write_text((SPECS / name).read_text())
    (pytester.path / "outage.yaml").write_text(
        (TRACES / "seed_db_outage.scenario.yaml").read_text())
    pytester.makepyfile(test_user="""
        import pytest
        from kubesim.testing import assert_no_restart, default_phases

        def test_option(kubesim_phases):
            assert default_phases() == (4, None) == kubesim_phases

        @pytest.mark.kubesim(phases=3, sample=2)
        def test_marker(kubesim_phases):
            assert default_phases() == (3, 2) == kubesim_phases

        def test_fixtures(kubesim_pod, kubesim_scenario):
            assert_no_restart(kubesim_pod("seed_skeleton.yaml"), kubesim_scenario("outage.yaml"))

        def test_fails(kubesim_pod, kubesim_scenario):
            assert_no_restart(kubesim_pod("seed_unified_healthz.yaml", "app"),
                              kubesim_scenario("outage.yaml"), duration=300)
        """)
    result = pytester.runpytest("--strict-markers", "-W", "error", "--kubesim-phases", "4")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines([
        "*ProbeExpectationError: expected no restart: failed at 4 of 4 grid phases",
        "*first failure: grid phase 0.000 s, seed 0: container #0 restarted*",
        "*reproduce:", "*kubesim run seed_unified_healthz.yaml --container*",
        "*      time  what", "*KILL      liveness failed*"])
    assert "assert_timeline(" not in result.stdout.str()  # helpers hide their frames


def test_plugin_ini_and_hypothesis_profiles(pytester):
    pytester.makeini("[pytest]\nkubesim_phases = 6\nkubesim_sample = 2\n")
    pytester.makepyfile("""
        from kubesim.testing import default_phases
        def test_ini():
            assert default_phases() == (6, 2)
        """)
    pytester.runpytest().assert_outcomes(passed=1)
    assert settings.get_profile("kubesim-ci").max_examples == 100
    assert settings.get_profile("kubesim-ci").deadline is None
    assert settings.get_profile("kubesim-dev").max_examples == 20


# ------------------------------------------------------------------------------ the example

F, P, RESOLUTION = 3, 10, 1  # bad-deployment.yaml liveness; the example's outage resolution


def shortest_restarting_outage(start: int, phases: list[float]) -> int:
    """The shortest outage [start, start + L) that restarts the container at some phase,
    counted from the kubelet's rules alone, without the simulator.

    Liveness ticks at phase + k*P (the grid is pinned by the phase and kept, R1.5/E1); a
    tick inside the outage fails (/healthz answers 503 within T, R2.9), every other tick
    succeeds; F consecutive failures make the verdict and the kill (R1.17, R4.1). All ticks
    inside one interval are consecutive, so the container restarts iff the outage holds at
    least F ticks: the first tick t0 >= start and t0 + (F-1)*P < start + L, i.e.
    L > (t0 - start) + (F-1)*P. At the worst phase t0 = start (the example's phases are the
    whole seconds 0..9 of the 10 s cycle and outages start on whole seconds), so the
    shortest restarting outage is (F-1)*P + resolution = 21 s, not the rule of thumb
    F*P = 30 s; an outage of (F-1)*P = 20 s holds only F-1 ticks at every phase.
    """
    length = RESOLUTION
    while True:
        for phase in phases:
            first = phase + math.ceil((start - phase) / P) * P
            ticks = sum(1 for k in range(F + 1) if first + k * P < start + length)
            if ticks >= F:
                return length
        length += RESOLUTION


def run_example(tmp_path: Path, *, show_bad: bool) -> tuple[dict[str, str], str]:
    """`python -m pytest examples/property-tests` in a subprocess, as a user runs it; the
    outcome of each test (from JUnit XML) and the output."""
    report = tmp_path / f"report-{show_bad}.xml"
    profile = "kubesim-ci" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "kubesim-dev"
    env = {**os.environ, "KUBESIM_SHOW_BAD_EXAMPLE": "1" if show_bad else "0"}
    proc = subprocess.run(
        # one process (-n 0): this repository's own addopts spread its suite over the cores
        [sys.executable, "-m", "pytest", "examples/property-tests", "-p", "no:cacheprovider",
         "-n", "0", f"--hypothesis-profile={profile}", f"--junitxml={report}", "-q"],
        check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    outcomes = {}
    for case in ET.parse(report).iter("testcase"):
        kids = {child.tag for child in case}
        outcomes[case.get("name")] = ("failed" if "failure" in kids or "error" in kids
                                      else "skipped" if "skipped" in kids else "passed")
    return outcomes, proc.stdout + proc.stderr


def test_example_property_tests_pass_and_the_bad_config_fails_minimally(tmp_path, capsys):
    """examples/property-tests/ as a user runs it: green by default (the bad config is a
    strict expected failure); with KUBESIM_SHOW_BAD_EXAMPLE=1 its property fails, and the
    reported counterexample is the minimal one — the shortest outage derived from the rules
    above (21 s), at the phase where a liveness tick meets the outage's start — and the
    reported command replays the restart."""
    outcomes, output = run_example(tmp_path, show_bad=False)
    good = {"test_ready_within_30_seconds_of_start",
            "test_db_outage_never_restarts_and_leaves_endpoints_within_15s",
            "test_event_loop_stall_up_to_15s_is_survived"}
    assert {n: outcomes[n] for n in good} == dict.fromkeys(good, "passed"), output
    assert outcomes["test_bad_config_db_outage_never_restarts"] == "skipped", output  # xfail

    outcomes, output = run_example(tmp_path, show_bad=True)
    assert {n: outcomes[n] for n in good} == dict.fromkeys(good, "passed"), output
    assert outcomes["test_bad_config_db_outage_never_restarts"] == "failed", output
    assert "ProbeExpectationError: expected no restart" in output
    start, end = map(float, re.search(r"windows: db down \[([\d.]+), ([\d.]+)\) s",
                                      output).groups())
    phase, seed = re.search(r"first failure: grid phase ([\d.]+) s, seed (\d+)", output).groups()
    phases = [float(i) for i in range(10)]  # pytestmark kubesim(phases=10), cycle lcm(2,10,5)
    assert start == 60  # the earliest start allowed (min_start): shrunk
    assert end - start == shortest_restarting_outage(int(start), phases) == (F - 1) * P + 1
    assert (float(phase) - start) % P == 0  # a liveness tick at the outage's first instant
    command = re.search(r"^E\s+(kubesim run .*)$", output, re.MULTILINE).group(1)
    doc = run_cli(command, capsys)
    assert doc["run"]["phase"] == float(phase) and doc["run"]["seed"] == int(seed)
    assert doc["summary"]["restarts"] >= 1 and doc["kills"][0]["probe"] == "liveness"

    # the simulator agrees: one second shorter survives at every phase
    bad = load_spec(str(EXAMPLE / "bad-deployment.yaml"), "orders/app")
    app = load_scenario(str(EXAMPLE / "app.scenario.yaml"))
    data = app.model_dump(by_alias=True, exclude_unset=True)
    data["dependencies"] = {"db": {"down": [{"from": start, "to": end - RESOLUTION}]}}
    assert_no_restart(bad, Scenario.from_dict(data), phases=10)
    assert bad.container.liveness_probe.failure_threshold == F
    assert bad.container.liveness_probe.period_seconds == P
    assert ProbeType.LIVENESS in bad.container.probes()
