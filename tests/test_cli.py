"""End-to-end tests of the `kubesim run` command line.

A few cases drive the real console entry point (`python -m kubesim`) in a subprocess; the rest
call `kubesim.cli.main(argv)` and read stdout/stderr with capsys. Every bad input must give
exit code 2, exactly one line on stderr starting with `kubesim: error:`, no traceback, and a
message that says where (file, line, field) and what is allowed.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kubesim import HEALTHY, __version__, load_scenario, load_trace
from kubesim.behaviour.horizon import default_duration
from kubesim.cli.main import main

REPO = Path(__file__).resolve().parent.parent
INPUTS = Path(__file__).resolve().parent / "cli_inputs"
SPECS = REPO / "probe_specs"
TRACES = REPO / "traces"
MANIFESTS = REPO / "tests" / "manifests"

TOP_KEYS = ["kubesim", "run", "summary", "restarts", "kills", "ready", "containers_ready",
            "container_ready", "pod_phase", "containers", "exits", "probes", "events",
            "pod_kills", "all_containers_restarting", "post_starts", "termination"]
LIVENESS = str(INPUTS / "liveness.yaml")


def inp(name: str) -> str:
    return str(INPUTS / name)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `kubesim ARGV` in-process; (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def proc(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m kubesim ARGV` in a subprocess from the repository root."""
    return subprocess.run([sys.executable, "-m", "kubesim", *argv], input=stdin,
                          capture_output=True, text=True, cwd=REPO, timeout=120,
                          stdin=None if stdin is not None else subprocess.DEVNULL)


def assert_bad_input(code: int, out: str, err: str, *needles: str) -> str:
    """Exit 2, nothing on stdout, one `kubesim: error:` line, no traceback, every needle."""
    assert code == 2, (code, err)
    assert out == ""
    assert "Traceback" not in err and "Traceback" not in out
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert err.startswith("kubesim: error: "), err
    for needle in needles:
        assert needle in err, f"{needle!r} not in {err!r}"
    return err.removeprefix("kubesim: error: ").rstrip("\n")


# -- the shipped examples ----------------------------------------------------------------------

def _examples() -> list[tuple[str, list[str]]]:
    """(id, argv) for every shipped probe spec alone and with every shipped behaviour whose
    targets it can replay (a trace must have observations for every probed target)."""
    replayable = {  # trace -> the specs whose targets it covers
        "seed_db_outage.jsonl": {"seed_skeleton", "seed_unified_healthz",
                                 "seed_slow_startup_budget", "seed_slow_startup_liveness_only"},
        "seed_event_loop_stall.jsonl": {"seed_skeleton", "seed_slow_startup_budget",
                                        "seed_slow_startup_liveness_only"},
        "seed_slow_startup.jsonl": {"seed_slow_startup_budget",
                                    "seed_slow_startup_liveness_only"},
    }
    cases = []
    for spec in sorted(SPECS.glob("*.yaml")):
        rel = str(spec.relative_to(REPO))
        cases.append((spec.stem, [rel]))
        for behaviour in sorted(TRACES.iterdir()):  # README.md etc. match neither branch
            brel = str(behaviour.relative_to(REPO))
            if behaviour.name.endswith(".scenario.yaml"):
                cases.append((f"{spec.stem}+{behaviour.name}", [rel, "--scenario", brel]))
            elif spec.stem in replayable.get(behaviour.name, ()):
                cases.append((f"{spec.stem}+{behaviour.name}", [rel, "--trace", brel]))
    return cases


EXAMPLES = _examples()


def load_behaviour_of(argv: list[str]):
    """The behaviour an example's arguments name (healthy without one)."""
    if "--scenario" in argv:
        return load_scenario(argv[argv.index("--scenario") + 1])
    if "--trace" in argv:
        return load_trace(argv[argv.index("--trace") + 1])
    return HEALTHY


def test_every_shipped_example_is_covered() -> None:
    assert len(list(SPECS.glob("*.yaml"))) == 4
    assert len([p for p in TRACES.iterdir() if p.suffix in {".jsonl", ".csv", ".yaml"}]) == 6
    assert len(EXAMPLES) == 4 + 4 * 3 + 4 + 3 + 2


@pytest.mark.parametrize("argv", [a for _, a in EXAMPLES], ids=[i for i, _ in EXAMPLES])
def test_shipped_example_runs_as_json(capsys: pytest.CaptureFixture[str], monkeypatch:
                                      pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "run", *argv, "--format", "json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert list(doc) == TOP_KEYS
    assert doc["kubesim"] == 1
    run = doc["run"]
    assert run["spec"] == argv[0] and run["container"] == "app" and run["seed"] == 0
    # no --duration: the one default rule, 300 s or 150 s past the behaviour's last event
    behaviour = load_behaviour_of(argv)
    assert run["duration"] == default_duration(behaviour) >= 300
    assert run["profile"] == "classic"
    assert run["behaviour"] == (argv[2] if len(argv) > 1 else "healthy")
    summary = doc["summary"]
    for key in ("restarts", "ready_seconds", "first_ready_at"):
        assert key in summary
    assert summary["restarts"] == len(doc["restarts"])
    assert 0 <= summary["ready_seconds"] <= run["duration"]
    for restart in doc["restarts"]:
        assert set(restart) == {"at", "probe", "restart_count", "name"}
        assert restart["probe"] in ("startup", "liveness")
    assert [r["restart_count"] for r in doc["restarts"]] == list(
        range(1, len(doc["restarts"]) + 1))
    assert doc["probes"], "a 300 s run judges some probes"
    assert out.endswith("\n")


@pytest.mark.parametrize("argv", [a for _, a in EXAMPLES], ids=[i for i, _ in EXAMPLES])
def test_shipped_example_runs_as_text(capsys: pytest.CaptureFixture[str], monkeypatch:
                                      pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "run", *argv)
    assert (code, err) == (0, "")
    assert "container #0 running" in out
    assert "\nsummary\n" in out and "  restarts  " in out and "  first Ready  " in out


def test_db_outage_on_unified_healthz_restarts(capsys: pytest.CaptureFixture[str]) -> None:
    """The seed's 'before' case: the outage fails liveness too, so the JSON has restarts."""
    code, out, _ = cli(capsys, "run", str(SPECS / "seed_unified_healthz.yaml"), "--scenario",
                       str(TRACES / "seed_db_outage.scenario.yaml"), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["restarts"], "liveness on the DB-checking /healthz must restart the container"
    first = doc["restarts"][0]
    assert first["probe"] == "liveness" and first["restart_count"] == 1
    assert 60 < first["at"] < 150 + 60
    assert doc["summary"]["restarts"] == len(doc["restarts"]) == len(doc["kills"])


def test_shipped_example_end_to_end_subprocess() -> None:
    result = proc("run", "probe_specs/seed_skeleton.yaml", "--scenario",
                  "traces/seed_db_outage.scenario.yaml", "--format", "json")
    assert (result.returncode, result.stderr) == (0, "")
    doc = json.loads(result.stdout)
    assert list(doc) == TOP_KEYS
    assert doc["summary"]["restarts"] == 0  # the split config: readiness only
    assert doc["summary"]["failures"]["readiness"] > 0


# -- determinism -------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["json", "text"])
def test_same_command_gives_identical_bytes(fmt: str) -> None:
    argv = ("run", "probe_specs/seed_skeleton.yaml", "--scenario",
            "tests/cli_inputs/jittery.scenario.yaml", "--format", fmt, "--seed", "7")
    first, second = proc(*argv), proc(*argv)
    assert first.returncode == second.returncode == 0
    assert first.stdout and first.stdout == second.stdout


def test_different_seed_gives_different_grid_phase(capsys: pytest.CaptureFixture[str]) -> None:
    phases = []
    for seed in ("0", "1"):
        code, out, _ = cli(capsys, "run", str(SPECS / "seed_skeleton.yaml"), "--seed", seed,
                           "--format", "json")
        assert code == 0
        doc = json.loads(out)
        assert doc["run"]["seed"] == int(seed)
        phases.append(doc["run"]["phase"])
    assert phases[0] != phases[1]
    assert all(0 <= p < 10 for p in phases)  # lcm(2, 10, 5)


def test_phase_pins_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for seed in ("0", "1"):
        code, out, _ = cli(capsys, "run", LIVENESS, "--seed", seed, "--phase", "3.25",
                           "--format", "json", "--ideal")
        assert code == 0
        outs.append(json.loads(out))
    assert outs[0]["run"]["phase"] == outs[1]["run"]["phase"] == 3.25
    assert outs[0]["probes"] == outs[1]["probes"]  # healthy + ideal: nothing random left


# -- standard input ----------------------------------------------------------------------------

def test_deployment_manifest_from_stdin() -> None:
    manifest = (MANIFESTS / "deployment.yaml").read_text()
    result = proc("run", "-", "--format", "json", "--duration", "120", stdin=manifest)
    assert (result.returncode, result.stderr) == (0, "")
    run = json.loads(result.stdout)["run"]
    assert run["spec"] == "<stdin>"
    assert run["object"] == "Deployment/web container web" and run["container"] == "web"


def test_compact_spec_from_stdin_matches_file(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    spec = SPECS / "seed_skeleton.yaml"
    monkeypatch.setattr(sys, "stdin", io.StringIO(spec.read_text()))
    code, from_stdin, err = cli(capsys, "run", "-", "--format", "json")
    assert (code, err) == (0, "")
    code, from_file, _ = cli(capsys, "run", str(spec), "--format", "json")
    a, b = json.loads(from_stdin), json.loads(from_file)
    assert a["run"]["spec"] == "<stdin>"
    assert a["probes"] == b["probes"] and a["summary"] == b["summary"]


def test_trace_from_stdin() -> None:
    trace = (TRACES / "seed_slow_startup.jsonl").read_text()
    via_stdin = proc("run", "probe_specs/seed_slow_startup_budget.yaml", "--trace", "-",
                     "--format", "json", stdin=trace)
    via_file = proc("run", "probe_specs/seed_slow_startup_budget.yaml", "--trace",
                    "traces/seed_slow_startup.jsonl", "--format", "json")
    assert via_stdin.returncode == via_file.returncode == 0
    a, b = json.loads(via_stdin.stdout), json.loads(via_file.stdout)
    assert a["probes"] == b["probes"]


# -- --container -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, expect", [
    ("api", "ReplicaSet/api container api"),
    ("migrate", "Job/migrate container migrate"),
    ("api/api", "ReplicaSet/api container api"),
    ("Job/migrate/migrate", "Job/migrate container migrate"),
])
def test_container_selection(capsys: pytest.CaptureFixture[str], name: str, expect: str) -> None:
    code, out, err = cli(capsys, "run", str(MANIFESTS / "multidoc.yaml"), "--container", name,
                         "--format", "json", "--duration", "60")
    assert (code, err) == (0, "")
    assert json.loads(out)["run"]["object"] == expect


def test_ambiguous_container_lists_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MANIFESTS / "multidoc.yaml")
    assert_bad_input(*cli(capsys, "run", path), path, "2 workloads in one file",
                     "api/api, migrate/migrate", "--container")


def test_ambiguous_container_name_asks_for_object(capsys: pytest.CaptureFixture[str]) -> None:
    path = inp("same_name.yaml")
    assert_bad_input(*cli(capsys, "run", path, "--container", "web"), path,
                     "2 containers are named 'web'", "blue/web, green/web", "--container")
    code, out, _ = cli(capsys, "run", path, "--container", "green/web", "--format", "json")
    assert code == 0 and json.loads(out)["run"]["object"] == "Deployment/green container web"


def test_unknown_container_lists_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(MANIFESTS / "multidoc.yaml")
    assert_bad_input(*cli(capsys, "run", path, "--container", "nope"), path, "'nope'",
                     "api/api, migrate/migrate")


def test_a_pod_of_two_probed_containers_is_simulated_whole_end_to_end() -> None:
    """One pod: no --container needed; --container narrows the report, not the model."""
    whole = proc("run", "tests/cli_inputs/two_containers.yaml", "--format", "json")
    assert (whole.returncode, whole.stderr) == (0, "")
    doc = json.loads(whole.stdout)
    assert doc["run"]["pod_containers"] == ["web", "worker"]
    assert {p["name"] for p in doc["probes"]} == {"web", "worker"}
    one = proc("run", "tests/cli_inputs/two_containers.yaml", "--container", "worker",
               "--format", "json")
    narrowed = json.loads(one.stdout)
    assert {p["name"] for p in narrowed["probes"]} == {"worker"}
    assert [c["name"] for c in narrowed["containers"]] == ["worker"]
    assert narrowed["ready"] == doc["ready"]  # the pod's Ready, from the same model
    assert narrowed["probes"] == [p for p in doc["probes"] if p["name"] == "worker"]


# -- bad input: one test per path ---------------------------------------------------------------

def _f(name: str) -> str:
    return inp(name)


BAD = {
    # id: (argv after "run", needles: file[:line], field, what is allowed)
    "missing-spec-file": ([_f("nope.yaml")], [f"{_f('nope.yaml')}: no such file"]),
    "malformed-yaml": ([_f("malformed.yaml")],
                       [f"{_f('malformed.yaml')}:4:", "malformed YAML", "expected ','"]),
    "wrong-type": ([_f("wrong_type.yaml")],
                   [f"{_f('wrong_type.yaml')}:4:", "livenessProbe.periodSeconds='10'",
                    "must be an integer"]),
    "out-of-range": ([_f("out_of_range.yaml")],
                     [f"{_f('out_of_range.yaml')}:4:", "livenessProbe.failureThreshold=-1",
                      "must be greater than or equal to 0"]),
    "liveness-success-threshold": ([_f("liveness_success_threshold.yaml")],
                                   [f"{_f('liveness_success_threshold.yaml')}:4:",
                                    "livenessProbe.successThreshold=2", "must be 1"]),
    "unknown-field": ([_f("unknown_field.yaml")],
                      [f"{_f('unknown_field.yaml')}:9:", "spec.containers[0].livenesProbe",
                       "unknown field"]),
    "two-handlers": ([_f("two_handlers.yaml")],
                     [f"{_f('two_handlers.yaml')}:4:", "livenessProbe.tcpSocket",
                      "may not specify more than 1 handler type", "httpGet, tcpSocket"]),
    "readiness-grace": ([_f("readiness_grace.yaml")],
                        [f"{_f('readiness_grace.yaml')}:4:",
                         "readinessProbe.terminationGracePeriodSeconds=10",
                         "must not be set for readiness probes"]),
    "missing-trace-file": ([LIVENESS, "--trace", _f("nope.jsonl")],
                           [f"{_f('nope.jsonl')}: no such file"]),
    "malformed-jsonl-line": ([LIVENESS, "--trace", _f("malformed_line.jsonl")],
                             [f"{_f('malformed_line.jsonl')}:2:", "malformed JSON",
                              "each line must be one JSON object"]),
    "non-monotonic-trace": ([LIVENESS, "--trace", _f("non_monotonic.jsonl")],
                            [f"{_f('non_monotonic.jsonl')}:3:", "t=3", '"/livez"',
                             "must not decrease", "line 2"]),
    "trace-missing-target": ([str(SPECS / "seed_skeleton.yaml"), "--trace",
                              _f("livez_only.jsonl")],
                             [f"{_f('livez_only.jsonl')}:", 'target "/readyz"',
                              "it has: /livez"]),
    "trace-unknown-error-kind": ([LIVENESS, "--trace", _f("unknown_error.jsonl")],
                                 [f"{_f('unknown_error.jsonl')}:2:", "error must be one of",
                                  "refused, timeout, reset, error", "'exploded'"]),
    "scenario-from-not-before-to": ([LIVENESS, "--scenario", _f("from_after_to.scenario.yaml")],
                                    [f"{_f('from_after_to.scenario.yaml')}:5:",
                                     "dependencies.db.down[1]", "must be after from"]),
    "scenario-unknown-key": ([LIVENESS, "--scenario", _f("unknown_key.scenario.yaml")],
                             [f"{_f('unknown_key.scenario.yaml')}:4:",
                              'targets["/livez"].when_dwn', "unknown field",
                              "allowed: answer, depends_on, when_down, windows, since_start"]),
    "kubelet-unknown-key": ([LIVENESS, "--kubelet", "relist=2"],
                            ["unknown kubelet setting 'relist'", "known:", "relist_seconds"]),
    "kubelet-bad-value": ([LIVENESS, "--kubelet", "relist_seconds=-1"],
                          ["relist_seconds", "'-1'", "greater than or equal to 0"]),
    "kubelet-not-a-number": ([LIVENESS, "--kubelet", "sync_seconds=fast"],
                             ["sync_seconds", "'fast'", "valid number"]),
    "kubelet-not-key-value": ([LIVENESS, "--kubelet", "relist_seconds"],
                              ["--kubelet 'relist_seconds'", "KEY=VALUE"]),
    "kubelet-bad-enum": ([LIVENESS, "--kubelet", "backoff_requeue=sometimes"],
                         ["backoff_requeue", "'sometimes'", "error-requeue", "expiry", "exact"]),
    "duration-zero": ([LIVENESS, "--duration", "0"],
                      ["duration=0.0", "must be a positive number of seconds"]),
    "duration-negative": ([LIVENESS, "--duration", "-5"],
                          ["duration=-5.0", "must be a positive number of seconds"]),
    "duration-infinite": ([LIVENESS, "--duration", "inf"],
                          ["duration=inf", "must be a positive number of seconds"]),
    "phase-nan": ([LIVENESS, "--phase", "nan"], ["phase=nan", "must be a finite number"]),
    "censored-without-trace": ([LIVENESS, "--censored", "discard"],
                               ["--censored", "need a trace (--trace)"]),
    "trace-restart-without-trace": ([LIVENESS, "--trace-restart", "wall"],
                                    ["--trace-restart", "need a trace (--trace)"]),
    "stdin-twice-trace": (["-", "--trace", "-"], ["only one input can come from stdin"]),
    "stdin-twice-scenario": (["-", "--scenario", "-"], ["only one input can come from stdin"]),
}


@pytest.mark.parametrize("argv, needles", list(BAD.values()), ids=list(BAD))
def test_bad_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                   argv: list[str], needles: list[str]) -> None:
    stdin = io.StringIO(Path(LIVENESS).read_text())
    monkeypatch.setattr(sys, "stdin", stdin)
    assert_bad_input(*cli(capsys, "run", *argv), *needles)
    if "-" in argv:  # refused before anything was read
        assert stdin.tell() == 0


def test_bad_input_also_fails_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--format does not change how bad input is reported."""
    argv, needles = BAD["wrong-type"]
    assert_bad_input(*cli(capsys, "run", *argv, "--format", "json"), *needles)


def test_scenario_stall_to_before_from(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    path = tmp_path / "stall.scenario.yaml"
    path.write_text("stalls:\n  - {from: 50, to: 40}\n")
    assert_bad_input(*cli(capsys, "run", LIVENESS, "--scenario", str(path)),
                     f"{path}:2:", "stalls[0]", "to (40) must be after from (50)")


def test_scenario_window_equal_bounds(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    path = tmp_path / "window.scenario.yaml"
    path.write_text("targets:\n  /livez:\n    windows:\n"
                    "      - {from: 10, to: 10, answer: {status: 500}}\n")
    assert_bad_input(*cli(capsys, "run", LIVENESS, "--scenario", str(path)),
                     f"{path}:4:", 'targets["/livez"].windows[0]', "must be after from")


@pytest.mark.parametrize("case", ["missing-spec-file", "malformed-yaml", "stdin-twice-trace"])
def test_bad_input_end_to_end(case: str) -> None:
    argv, needles = BAD[case]
    result = proc("run", *argv, stdin="")
    assert_bad_input(result.returncode, result.stdout, result.stderr, *needles)


def test_negative_seed_is_a_usage_error() -> None:
    result = proc("run", LIVENESS, "--seed", "-1")
    assert_bad_input(result.returncode, result.stdout, result.stderr, "seed")


def test_infinite_relist_is_a_usage_error() -> None:
    result = proc("run", LIVENESS, "--kubelet", "relist_seconds=inf")
    assert_bad_input(result.returncode, result.stdout, result.stderr, "relist_seconds")


def test_error_message_is_one_line_even_with_odd_target(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert_bad_input(*cli(capsys, "run", LIVENESS, "--trace", inp("newline_target.jsonl")),
                     inp("newline_target.jsonl"), ":1:", "printable", r"'/live\nz'")


# -- --output: nothing half-written -----------------------------------------------------------

def _leftovers(directory: Path, name: str) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(f".{name}."))


@pytest.mark.parametrize("case", ["wrong-type", "trace-missing-target", "duration-zero",
                                  "kubelet-unknown-key"])
def test_output_not_created_on_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         case: str) -> None:
    argv, needles = BAD[case]
    target = tmp_path / "out.json"
    assert_bad_input(*cli(capsys, "run", *argv, "--output", str(target), "--format", "json"),
                     *needles)
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_existing_output_unchanged_on_bad_input(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("previous report\n")
    before = target.stat()
    argv, needles = BAD["malformed-jsonl-line"]
    assert_bad_input(*cli(capsys, "run", *argv, "-o", str(target)), *needles)
    assert target.read_text() == "previous report\n"
    assert target.stat().st_mtime_ns == before.st_mtime_ns
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_holds_exactly_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     fmt: str) -> None:
    argv = ["run", str(SPECS / "seed_unified_healthz.yaml"), "--scenario",
            str(TRACES / "seed_db_outage.scenario.yaml"), "--format", fmt, "--seed", "3"]
    code, stdout, _ = cli(capsys, *argv)
    assert code == 0
    target = tmp_path / f"report.{fmt}"
    target.write_text("an older, longer report that must be replaced entirely\n" * 100)
    code, out, err = cli(capsys, *argv, "--output", str(target))
    assert (code, out, err) == (0, "", "")
    assert target.read_bytes() == stdout.encode("utf-8")
    assert _leftovers(tmp_path, target.name) == []


def test_output_end_to_end(tmp_path: Path) -> None:
    argv = ("run", "probe_specs/seed_skeleton.yaml", "--format", "json", "--duration", "90")
    target = tmp_path / "out.json"
    to_stdout, to_file = proc(*argv), proc(*argv, "-o", str(target))
    assert to_stdout.returncode == to_file.returncode == 0
    assert to_file.stdout == ""
    assert target.read_text() == to_stdout.stdout


def test_output_into_missing_directory(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "out.json"
    assert_bad_input(*cli(capsys, "run", LIVENESS, "-o", str(target)), str(target),
                     "no such directory")
    assert not target.parent.exists()


def test_output_error_names_the_users_file(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.json"
    message = assert_bad_input(*cli(capsys, "run", LIVENESS, "-o", str(target)))
    assert message.startswith(f"{target}: ")


def test_output_onto_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "adir"
    target.mkdir()
    message = assert_bad_input(*cli(capsys, "run", LIVENESS, "-o", str(target)))
    assert target.is_dir() and list(target.iterdir()) == []
    assert _leftovers(tmp_path, "adir") == []
    assert message.startswith(f"{target}: ")


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_output_file_mode_follows_umask(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    assert cli(capsys, "run", LIVENESS, "-o", str(target))[0] == 0
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


# -- --version, --help -------------------------------------------------------------------------

def test_version() -> None:
    """The version, then whether the kubelet and engine run compiled (tests/test_compiled.py
    checks what the rest of the output says)."""
    result = proc("--version")
    assert result.returncode == 0
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"kubesim {__version__} (")
    assert re.fullmatch(r"kubesim \d+\.\d+\.\d+\S* \((compiled|pure Python: .+)\)", first)


def test_run_help() -> None:
    result = proc("run", "--help")
    assert (result.returncode, result.stderr) == (0, "")
    for option in ("--scenario", "--trace", "--duration", "--seed", "--container", "--format",
                   "--output", "--kubelet", "--censored"):
        assert option in result.stdout


def test_run_writes_its_output_in_pieces_with_the_same_bytes(tmp_path, capsys):
    """A long run is written as it is encoded (issue: hostile input, long runs): the file and
    standard output hold exactly the document `render_json` makes in one piece."""
    from kubesim import load_scenario, load_spec, simulate
    from kubesim.render.report import iter_json, render_json

    spec, sc = "probe_specs/seed_unified_healthz.yaml", "traces/seed_db_outage.scenario.yaml"
    out = tmp_path / "run.json"
    assert main(["run", spec, "--scenario", sc, "--duration", "300", "--format", "json",
                 "-o", str(out)]) == 0
    timeline = simulate(load_spec(spec), load_scenario(sc), duration=300)
    pieces = list(iter_json(timeline, meta={}))
    assert len(pieces) > 20 and "".join(pieces) == render_json(timeline, meta={})
    # a long run: many pieces, none more than a small part of the document
    long = simulate(load_spec(spec), load_scenario(sc), duration=30_000)
    pieces = list(iter_json(long, meta={}))
    whole = render_json(long, meta={})
    assert "".join(pieces) == whole and max(map(len, pieces)) < len(whole) / 100
    document = json.loads(out.read_text())
    assert document["summary"] == json.loads(render_json(timeline))["summary"]
    assert main(["run", spec, "--scenario", sc, "--duration", "300", "--format", "json"]) == 0
    assert capsys.readouterr().out == out.read_text()


# every command's argv with `--` before a file whose name looks like an option (issue 18)
DASHED = {
    "run": ["run", "--duration", "30", "--"], "windows": ["windows", "--"],
    "check": ["check", "--phases", "1", "--"], "fleet": ["fleet", "--duration", "30", "--"],
    "suggest": ["suggest", "--expect", "survive-outage=30", "--phases", "1", "--"],
    "sweep": ["sweep", "--set", "livenessProbe.failureThreshold=1", "--phases", "1", "-j", "1",
              "--duration", "30", "--no-progress", "--"],
    "plot": ["plot", "-o", "{out}/x.png", "--"], "capture": ["capture", "--path", "/x", "-o",
                                                             "{out}/t.jsonl", "--"],
    "import-blackbox": ["import-blackbox", "-o", "{out}/t.jsonl", "--"],
    "rules": ["rules", "--"],  # its argument is a check's id or name, not a file
    "explain": ["explain", "--no-suggest", "--phases", "1", "--"],
}
# what each command says of a name after `--` that is neither a file nor a check
NOT_FOUND = {"capture": "must look like http://", "rules": "is not a check"}


@pytest.mark.parametrize("command", sorted(DASHED))
def test_every_command_ends_its_options_with_a_double_dash(capsys, tmp_path, monkeypatch,
                                                           command):
    """`--` ends the options of every command: a file named `--output=x` or `-o x` after it is
    read as a file (here: it does not exist, and the error names it), never taken for an
    option, and nothing is written."""
    from kubesim.cli.main import COMMANDS
    assert set(DASHED) == set(COMMANDS) - {"mcp"}  # mcp reads no file named on its line
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    for name in ("--output=victim.txt", "-o x.txt", "--help"):
        argv = [a.format(out=out) for a in DASHED[command]] + [name]
        code, stdout, err = cli(capsys, *argv)
        assert code == 2 and stdout == "", (argv, err)
        expected = NOT_FOUND.get(command, "no such file")
        assert f"{name}" in err and expected in err, err
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out"] and not list(out.iterdir())
