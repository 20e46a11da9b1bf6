"""Hostile input as regression tests (issue 14): the committed corpus in tests/hostile_inputs/
(alias bombs, deep nesting, huge numbers, duplicate keys, bad encodings, long CSV cells, quoted
newlines), hostile flags (work budgets, phases, sweep values) and hostile output paths
(symlinks, FIFOs, device nodes, directories, unwritable places). Each must end in exit code 2
with one line on stderr naming what is wrong, no traceback, nothing written, and in bounded
memory (tracemalloc's peak; not a timing assertion)."""

from __future__ import annotations

import importlib
import json
import os
import stat
import subprocess
import sys
import threading
import tracemalloc
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from helpers import own_length

from kubesim.cli.main import COMMANDS, main

HERE = Path(__file__).resolve().parent
HOSTILE = HERE / "hostile_inputs"
SPEC = str(HERE / "cli_inputs" / "liveness.yaml")
SCENARIO = str(HERE.parent / "traces" / "seed_db_outage.scenario.yaml")
SEED_SPEC = str(HERE.parent / "probe_specs" / "seed_unified_healthz.yaml")
MAX_PEAK = 256 * 1024 * 1024  # bytes (imports included): an alias bomb used to take many GB


def argv_for(path: Path, out: Path) -> list[str]:
    """The command that reads a hostile file, by the file's name prefix (make_hostile.py)."""
    how = path.name.removeprefix("ok_").split("_", 1)[0]
    f = str(path)
    return {"spec": ["run", f, "--duration", "30"],
            "scenario": ["run", SPEC, "--scenario", f, "--duration", "30"],
            "trace": ["run", SPEC, "--trace", f, "--duration", "30"],
            "plot": ["plot", f, "-o", str(out / "out.png")],
            "blackbox": ["import-blackbox", f, "-o", str(out / "out.jsonl")],
            "expectations": ["check", SPEC, "--expectations", f, "--phases", "1"],
            "check": ["check", f, "--phases", "1"],
            "explain": ["explain", f, "--no-suggest", "--phases", "1"],
            "config": ["check", SPEC, "--config", f, "--phases", "1"],
            "fleet": ["fleet", f, "--duration", "30"],
            "fleetscenario": ["fleet", SEED_SPEC, "--scenario", f, "--replicas", "3"],
            "sweep": ["sweep", f, "--set", "livenessProbe.failureThreshold=1..1000", "--set",
                      "livenessProbe.periodSeconds=1..2000", "--phases", "1"]}[how]


def run_bounded(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    importlib.import_module(f"kubesim.cli.{COMMANDS[argv[0]][0]}")  # imports are not the input's
    tracemalloc.start()
    try:
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own usage errors: exit code 2, one line
            code = exc.code if isinstance(exc.code, int) else 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    assert peak < MAX_PEAK, f"{argv}: peak {peak / 1e6:.0f} MB"
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2, (code, err)
    assert out == ""
    assert err.startswith("kubesim: error: ") and err.endswith("\n")
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert own_length(err) < 400, err  # one readable line, not a 5,000-digit number
    for needle in needles:
        assert needle in err, (needle, err)


HOSTILE_FILES = sorted(p for p in HOSTILE.iterdir()
                       if not p.name.startswith(("ok_", "make_")) and p.is_file())


@pytest.mark.parametrize("path", HOSTILE_FILES, ids=[p.name for p in HOSTILE_FILES])
def test_a_hostile_file_is_one_line_exit_2(capsys, tmp_path, path):
    code, out, err = run_bounded(capsys, argv_for(path, tmp_path))
    assert_one_line_error(code, out, err, path.name)
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temp file


PYPROJECTS = sorted(HOSTILE.glob("config_*.toml"))


@pytest.mark.parametrize("path", PYPROJECTS, ids=[p.name for p in PYPROJECTS])
def test_a_hostile_pyproject_found_upwards_is_one_line_exit_2(capsys, tmp_path_factory,
                                                               monkeypatch, tmp_path, path):
    """The same TOML as the pyproject.toml of the project kubesim runs in (found from the
    current directory upwards, as in CI on a pull request): issue 18 measured tracebacks for
    `tool = "kubesim"`, `tool = ["kubesim"]`, `tool = 1` and a RecursionError for a deep
    array."""
    project = tmp_path_factory.mktemp("project")
    (project / "pyproject.toml").write_bytes(path.read_bytes())
    monkeypatch.chdir(project)
    code, out, err = run_bounded(capsys, ["check", SPEC, "--phases", "1"])
    assert_one_line_error(code, out, err, "pyproject.toml")
    assert list(tmp_path.iterdir()) == []


OK_FILES = sorted(HOSTILE.glob("ok_*"))


@pytest.mark.parametrize("path", OK_FILES, ids=[p.name for p in OK_FILES])
def test_an_ok_file_is_accepted(capsys, tmp_path, path):
    """A UTF-8 byte order mark, and the result of a run whose pod is never Ready (`kubesim
    plot` failed on it once), are input like any other."""
    code, _, err = run_bounded(capsys, argv_for(path, tmp_path))
    assert code == 0, err


@pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "pure-python"])
@pytest.mark.parametrize("name", ["spec_billion_laughs.yaml", "spec_recursive_alias.yaml",
                                  "spec_deep_block_nesting.yaml", "spec_duplicate_key.yaml",
                                  "spec_huge_integer.yaml", "spec_deep_via_alias.yaml"])
def test_both_yaml_parsers_hold_the_same_bounds(name, libyaml):
    """Where PyYAML lacks libyaml, the pure-Python parser runs: the same bounds apply."""
    from kubesim.errors import SpecError
    from kubesim.spec.yamlio import load_yaml_documents
    text = (HOSTILE / name).read_text(encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_yaml_documents(text, name, SpecError, libyaml=libyaml)
    assert info.value.line is not None and "\n" not in str(info.value)


FLAGS = {
    "run-phases-1e9": (["run", SEED_SPEC, "--phases", "1000000000"], ["--max-work"]),
    "run-duration-1e12": (["run", SEED_SPEC, "--duration", "1e12"], ["duration", "1e+09"]),
    "run-duration-budget": (["run", SEED_SPEC, "--duration", "1e8"], ["--max-work"]),
    "run-phase-99": (["run", SEED_SPEC, "--phase", "99"], ["phase=99", "[0, 10)"]),
    "run-phase-negative": (["run", SEED_SPEC, "--phase=-1e308"], ["phase=", "[0, 10)"]),
    "run-phase-nan": (["run", SEED_SPEC, "--phase", "nan"], ["phase=nan"]),
    "run-max-work-zero": (["run", SEED_SPEC, "--max-work", "0"], ["--max-work"]),
    "sweep-duration-2e10": (["sweep", SEED_SPEC, "--set", "livenessProbe.failureThreshold=1,2",
                             "--duration", "2e10"], ["duration"]),
    "sweep-duration-budget": (["sweep", SEED_SPEC, "--set", "livenessProbe.failureThreshold=1",
                               "--duration", "1e9"], ["--max-work"]),
    "sweep-three-ranges": (["sweep", SEED_SPEC,
                            "--set", "livenessProbe.failureThreshold=1..1000000",
                            "--set", "livenessProbe.periodSeconds=1..1000000",
                            "--set", "readinessProbe.periodSeconds=1..1000000"],
                           ["points", "--max-work"]),
    "sweep-length-abc": (["sweep", SEED_SPEC, "--scenario", SCENARIO, "--set",
                          "outage.db.length=abc"], ["outage.db.length=abc", "seconds"]),
    "sweep-grace-beyond-int64": (["sweep", SEED_SPEC, "--set",
                                  "terminationGracePeriodSeconds=99999999999999999999999"],
                                 ["64 bits"]),
    "sweep-huge-integer": (["sweep", SEED_SPEC, "--set",
                            "livenessProbe.failureThreshold=" + "9" * 5000], ["64 bits"]),
    "sweep-infinite": (["sweep", SEED_SPEC, "--set", "livenessProbe.failureThreshold=inf"],
                       ["finite"]),
    # the seed spec shares /healthz between liveness and readiness: KS001 simulates
    "check-budget": (["check", SEED_SPEC, "--max-work", "10"], ["--max-work"]),
    # issue 18 item 4: a budget on every command that simulates, counting what it will run
    "fleet-duration-1e9": (["fleet", SEED_SPEC, "--duration", "1e9"],
                           ["3 replicas", "--max-work"]),
    "fleet-duration-1e12": (["fleet", SEED_SPEC, "--duration", "1e12"], ["duration", "1e+09"]),
    "fleet-many-loaded-replicas": (["fleet", SEED_SPEC, "--replicas", "10000", "--load", "10:1"],
                                   ["10000 replicas", "--max-work"]),
    "fleet-rollout-budget": (["fleet", SEED_SPEC, "--replicas", "5000", "--rollout-at", "10",
                              "--duration", "3600"], ["5000 replicas", "--max-work"]),
    "fleet-placement-budget": (["fleet", SEED_SPEC, "--replicas", "10000", "--duration", "60"],
                               ["10000 replicas", "--max-work"]),
    "fleet-max-work-zero": (["fleet", SEED_SPEC, "--max-work", "0"], ["--max-work", ">= 1"]),
    "sweep-fleet-budget": (["sweep", SEED_SPEC, "--fleet", "--set", "replicas=5000,10000",
                            "--set", "fleet.load.rps=100", "--set", "fleet.load.capacity=1"],
                           ["--max-work"]),
    "suggest-phases-100000": (["suggest", SEED_SPEC, "--expect", "survive-outage=120",
                               "--phases", "100000"], ["100000 grid phases", "--max-work"]),
    "suggest-phases-1e9": (["suggest", SEED_SPEC, "--expect", "hang-within=30", "--phases",
                            "1000000000"], ["--max-work"]),
    "suggest-duration-1e8": (["suggest", SEED_SPEC, "--expect", "survive-outage=120",
                              "--scenario", SCENARIO, "--duration", "1e8"], ["--max-work"]),
    "suggest-duration-1e12": (["suggest", SEED_SPEC, "--expect", "survive-outage=120",
                               "--duration", "1e12"], ["duration", "1e+09"]),
    "windows-budget": (["windows", SEED_SPEC, "--max-work", "10"], ["these windows", "--max-work"]),
    "run-kubelet-syncs-budget": (["run", SEED_SPEC, "--ideal", "--kubelet",
                                  "resync_seconds=0.001", "--duration", "10000"], ["--max-work"]),
    "check-kubelet-syncs-budget": (["check", SEED_SPEC, "--ideal", "--kubelet",
                                    "resync_seconds=0.001"], ["--max-work"]),
    "run-kubelet-relist-1e-9": (["run", SEED_SPEC, "--kubelet", "relist_seconds=1e-9"],
                                ["relist_seconds", "0.001"]),
    "run-kubelet-resync-1e-9": (["run", SEED_SPEC, "--kubelet", "resync_seconds=1e-9"],
                                ["resync_seconds", "0.001"]),
    "run-kubelet-requeue-0": (["run", SEED_SPEC, "--kubelet", "error_requeue_seconds=0"],
                              ["error_requeue_seconds", "0.001"]),
    "run-kubelet-jitter-1e308": (["run", SEED_SPEC, "--kubelet", "requeue_jitter=1e308"],
                                 ["requeue_jitter", "10"]),
    "run-kubelet-housekeeping-denormal": (["run", SEED_SPEC, "--kubelet",
                                           "housekeeping_seconds=1e-320"],
                                          ["housekeeping_seconds", "0.001"]),
    # item 5: tracebacks, now one line
    "fleet-seed-negative": (["fleet", SEED_SPEC, "--seed", "-1"], ["--seed", "from 0"]),
    "fleet-load-three-dots": (["fleet", SEED_SPEC, "--load", "1.2.3:4"],
                              ["--load '1.2.3:4'", "RPS:CAPACITY"]),
    "fleet-load-1e308": (["fleet", SEED_SPEC, "--load", "1e308:5"], ["at most 1e+09"]),
    "sweep-fleet-jobs-huge": (["sweep", SEED_SPEC, "--fleet", "--set", "replicas=1,2", "--jobs",
                               "99999999999999999999"], ["--jobs", "1 to 1024"]),
    "suggest-seed-negative": (["suggest", SEED_SPEC, "--expect", "hang-within=30", "--seed",
                               "-1"], ["--seed"]),
    # item 6: nonsense refused as the API server or the controller refuses it
    "fleet-surge-and-unavailable-zero": (["fleet", SEED_SPEC, "--rollout-at", "10",
                                          "--max-surge", "0", "--max-unavailable", "0"],
                                         ["maxSurge and maxUnavailable may not both be 0"]),
    "fleet-unavailable-1000-percent": (["fleet", SEED_SPEC, "--rollout-at", "10",
                                        "--max-unavailable", "1000%"],
                                       ["maxUnavailable=1000%", "greater than 100%"]),
    "fleet-surge-huge": (["fleet", SEED_SPEC, "--rollout-at", "10", "--max-surge", "9" * 5000],
                         ["maxSurge", "2147483647"]),
    "fleet-pdb-min-available-200-percent": (["fleet", SEED_SPEC, "--drain-at", "10",
                                             "--pdb-min-available", "200%"],
                                            ["minAvailable=200%", "greater than 100%"]),
    "fleet-pdb-max-unavailable-200-percent": (["fleet", SEED_SPEC, "--drain-at", "10",
                                               "--pdb-max-unavailable", "200%"],
                                              ["maxUnavailable=200%", "greater than 100%"]),
    "fleet-progress-deadline-0": (["fleet", SEED_SPEC, "--rollout-at", "10",
                                   "--progress-deadline", "0"],
                                  ["progressDeadlineSeconds=0", "greater than minReadySeconds"]),
    "fleet-min-ready-25-digits": (["fleet", SEED_SPEC, "--rollout-at", "10",
                                   "--min-ready-seconds", "9" * 25],
                                  ["minReadySeconds", "2147483647"]),
    "fleet-pod-start-1e308-drain": (["fleet", SEED_SPEC, "--drain-at", "10", "--pod-start",
                                     "1e308"], ["pod_start_seconds", "shorter than the run"]),
    "fleet-pod-start-inf-drain": (["fleet", SEED_SPEC, "--drain-at", "10", "--pod-start", "inf"],
                                  ["pod_start_seconds=inf"]),
    "fleet-pod-start-inf-rollout": (["fleet", SEED_SPEC, "--rollout-at", "10", "--pod-start",
                                     "inf"], ["pod_start_seconds=inf"]),
    "fleet-propagation-1e308": (["fleet", SEED_SPEC, "--propagation", "1e308"],
                                ["propagation_seconds", "at most 3600"]),
    "fleet-propagation-beyond-the-run": (["fleet", SEED_SPEC, "--propagation", "400",
                                          "--duration", "300"],
                                         ["propagation_seconds=400", "shorter than the run"]),
    "sweep-fleet-propagation-1e308": (["sweep", SEED_SPEC, "--fleet", "--set",
                                       "fleet.propagation=1e308"], ["at most 3600"]),
    "sweep-fleet-rollout-both-zero": (["sweep", SEED_SPEC, "--fleet", "--set", "rollout.at=100",
                                       "--set", "rollout.maxSurge=0", "--set",
                                       "rollout.maxUnavailable=0"],
                                      ["maxSurge and maxUnavailable may not both be 0"]),
    "sweep-latency-1e308": (["sweep", SEED_SPEC, "--scenario", SCENARIO, "--set",
                             "scenario.targets./healthz.answer.latency_ms=1e308"],
                            ["latency_ms", "1000000000"]),
    "suggest-survive-outage-1e308": (["suggest", SEED_SPEC, "--expect", "survive-outage=1e308"],
                                     ["survive-outage=1e308", "at most 604800"]),
    "capture-url-unclosed-bracket": (["capture", "http://[::1", "--path", "/livez", "-o",
                                      "/nonexistent-dir/t.jsonl"], ["not a URL"]),
    "capture-kube-version-header-injection": (["capture", "http://127.0.0.1:9", "--path", "/x",
                                               "--kube-version", "1.35\r\nX-Evil: 1", "-o",
                                               "/nonexistent-dir/t.jsonl"],
                                              ["--kube-version", "major.minor"]),
    "suggest-expect-twice": (["suggest", SEED_SPEC, "--expect", "hang-within=30", "--expect",
                              "hang-within=40"], ["hang-within", "twice"]),
}


@pytest.mark.parametrize("case", FLAGS)
def test_a_hostile_flag_is_one_line_exit_2_before_any_work(capsys, case):
    argv, needles = FLAGS[case]
    assert_one_line_error(*run_bounded(capsys, argv), *needles)


def test_check_refuses_a_spec_whose_checks_would_run_for_ever(capsys, tmp_path):
    """failureThreshold is an int32: 2^31-1 failures at periodSeconds 1 make the hang check
    (KS004/KS005) a 2-billion-call run; the budget refuses it before it starts."""
    spec = tmp_path / "huge.yaml"
    spec.write_text("livenessProbe:\n  httpGet: {path: /livez, port: 8080}\n"
                    "  periodSeconds: 1\n  failureThreshold: 2147483647\n")
    assert_one_line_error(*run_bounded(capsys, ["check", str(spec)]), "--max-work")


# ------------------------------------------------------------------ hostile output paths


def _outputs(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "target.txt"
    target.write_text("keep me\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"symlink": link, "fifo": fifo, "directory": tmp_path,
            "device": Path("/dev/null"), "no-directory": tmp_path / "missing" / "x.txt",
            "unwritable": Path("/proc/kubesim-cannot-write-here.txt")}


WRITERS = {
    "run-output": lambda out: ["run", SPEC, "--duration", "30", "-o", out],
    "run-plot": lambda out: ["run", SPEC, "--duration", "30", "--plot", out],
    "windows-output": lambda out: ["windows", SPEC, "-o", out],
    "check-output": lambda out: ["check", SPEC, "--phases", "1", "-o", out],
    "sweep-output": lambda out: ["sweep", SPEC, "--set", "livenessProbe.failureThreshold=1",
                                 "--phases", "1", "-j", "1", "--no-progress", "-o", out],
    "sweep-plot": lambda out: ["sweep", SPEC, "--set", "livenessProbe.failureThreshold=1",
                               "--phases", "1", "-j", "1", "--no-progress", "--plot", out],
    "import-blackbox-output": lambda out: [
        "import-blackbox", str(HERE / "blackbox_inputs" / "one_instance.json"), "-o", out],
}


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory", "device", "no-directory",
                                  "unwritable"])
@pytest.mark.parametrize("writer", WRITERS)
def test_a_writer_replaces_only_regular_files(capsys, tmp_path, writer, kind):
    path = _outputs(tmp_path)[kind]
    if kind in ("symlink", "fifo", "directory", "unwritable") and writer.endswith("plot"):
        path = path.with_name(path.name + ".png") if kind != "directory" else path
        if kind == "symlink":
            path.symlink_to(tmp_path / "target.txt")
        if kind == "fifo":
            os.mkfifo(path)
    before = os.lstat(path).st_mode if os.path.lexists(path) else None
    code, out, err = run_bounded(capsys, WRITERS[writer](str(path)))
    assert_one_line_error(code, out, err)
    if before is not None:  # still what it was: a symlink is not replaced by a file, ...
        assert stat.S_IFMT(os.lstat(path).st_mode) == stat.S_IFMT(before)
    assert (tmp_path / "target.txt").read_text() == "keep me\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp files


def test_output_dash_is_stdout(capsys):
    code, out, err = run_bounded(capsys, ["windows", SPEC, "-o", "-"])
    assert code == 0 and "startup protection" in out or "hang" in out, err


def test_a_scenario_with_thousands_of_stalls_counts_for_more_work(capsys, tmp_path):
    """Every request looks through the stalls: 5,000 of them make each call ~250 times dearer,
    so 200 phases of 600 s go over the default budget that plain calls would stay within."""
    scenario = tmp_path / "many.scenario.yaml"
    scenario.write_text("stalls:\n" + "".join(f"  - {{from: {1000 + 2 * i}, to: {1001 + 2 * i}}}\n"
                                              for i in range(5000)))
    argv = ["run", SEED_SPEC, "--phases", "200"]
    assert_one_line_error(*run_bounded(capsys, [*argv, "--scenario", str(scenario)]),
                          "--max-work")
    quiet = tmp_path / "quiet.scenario.yaml"
    quiet.write_text("stalls:\n  - {from: 1000, to: 1001}\n")
    code, _, err = run_bounded(capsys, [*argv, "--scenario", str(quiet), "--max-work",
                                        "100000"])
    assert code == 0, err


# ------------------------------------------------------------------ issue 18: outputs, pipes,
# standard input, trace targets, capture


def test_an_output_naming_an_input_is_refused_and_the_input_kept(capsys, tmp_path):
    """Item 6: `run app.yaml -o app.yaml`, through another spelling or a hard link, and a
    scenario overwritten by `-o`, are refused before anything is written."""
    spec = tmp_path / "app.yaml"
    spec.write_bytes(Path(SEED_SPEC).read_bytes())
    scenario = tmp_path / "s.scenario.yaml"
    scenario.write_bytes(Path(SCENARIO).read_bytes())
    os.link(spec, tmp_path / "link.yaml")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for out in (str(spec), str(tmp_path / "." / "app.yaml"), str(tmp_path / "link.yaml")):
        assert_one_line_error(*run_bounded(capsys, ["run", str(spec), "-o", out]),
                              "--output names an input")
    assert_one_line_error(*run_bounded(capsys, ["check", str(spec), "--scenario", str(scenario),
                                                "-o", str(scenario)]), "an input")
    assert_one_line_error(*run_bounded(capsys, ["fleet", str(spec), "--plot", str(spec)]),
                          "--plot names an input")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("argv", [
    ["run", SEED_SPEC, "--duration", "30", "--html", "{x}.png", "--plot", "{x}.png"],
    ["run", SEED_SPEC, "--duration", "30", "--plot", "{x}.png", "-o", "{x}.png"],
    ["sweep", SEED_SPEC, "--set", "livenessProbe.failureThreshold=1", "--phases", "1", "-j", "1",
     "--no-progress", "--html", "{x}.png", "--plot", "{x}.png"],
], ids=["run-html-plot", "run-plot-output", "sweep-html-plot"])
def test_two_outputs_naming_one_file_are_refused(capsys, tmp_path, argv):
    x = str(tmp_path / "report")
    code, out, err = run_bounded(capsys, [a.replace("{x}", x) for a in argv])
    assert_one_line_error(code, out, err, "name the same file")
    assert list(tmp_path.iterdir()) == []


def _spawn(*argv: str, **kw: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "kubesim", *argv], **kw)


# each output is several times a pipe's buffer (64 KiB): a reader that stops after one line
# leaves most of it unwritten (a small output fits the buffer whole and ends with 0, as grep's)
@pytest.mark.parametrize("argv", [
    ["run", SEED_SPEC, "--duration", "30000"],
    ["run", SEED_SPEC, "--duration", "3000", "--format", "json"],
    ["fleet", SEED_SPEC, "--duration", "3000", "--replicas", "50", "--format", "json"],
], ids=["run-text", "run-json", "fleet-json"])
def test_a_closed_stdout_ends_quietly_like_grep(argv):
    """Item 5: `kubesim run X --duration 3000 | head -1` was a BrokenPipeError traceback;
    now the command stops with no word on stderr and 128 + SIGPIPE, as grep does."""
    with _spawn(*argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        child.stdout.close()  # what `head -1` does after its line
        err = child.stderr.read()
        code = child.wait(timeout=300)
    assert first and err == b"", err.decode(errors="replace")
    assert code == 141


def test_standard_input_is_read_no_further_than_a_file_would_be():
    """Item 4: `--trace - < /dev/zero` copied all of standard input to a temporary file
    (2.85 GB in 8 s) before reading its first line. Now it is refused at its first line
    (longer than 1 MiB) after a few MiB: the writer below counts what the command took."""
    taken, block, cap = 0, bytes(1 << 16), 256 << 20
    with _spawn("run", SPEC, "--trace", "-", "--duration", "30", stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdin is not None and child.stdout is not None and child.stderr is not None

        def feed() -> None:
            nonlocal taken
            try:
                while taken < cap:
                    child.stdin.write(block)
                    taken += len(block)
                child.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        out, err = child.stdout.read(), child.stderr.read()
        child.wait(timeout=300)
        writer.join(timeout=60)
    assert child.returncode == 2 and out == b""
    assert err.decode().count("\n") == 1 and "longer than 1024 KiB" in err.decode()
    assert taken <= 16 << 20, f"the command read {taken >> 20} MiB of standard input"


def test_a_trace_holds_at_most_ten_thousand_targets(capsys, tmp_path):
    """Item 4: a documented cap on distinct trace targets (10^6 took minutes); at the cap the
    trace is read, one more is one line naming the line."""
    from kubesim.behaviour.trace_read import MAX_TARGETS
    rows = [json.dumps({"t": 0, "target": "/livez", "status": 200, "latency_ms": 1})]
    rows += [json.dumps({"t": i / 1000, "target": f"/p{i}", "status": 200, "latency_ms": 1})
             for i in range(MAX_TARGETS - 1)]
    ok, over = tmp_path / "ok.jsonl", tmp_path / "over.jsonl"
    ok.write_text("\n".join(rows) + "\n")
    over.write_text("\n".join([*rows, json.dumps({"t": 20, "target": "/one-more",
                                                  "latency_ms": 1, "status": 200})]) + "\n")
    code, _, err = run_bounded(capsys, ["run", SPEC, "--trace", str(ok), "--duration", "30"])
    assert code == 0, err
    assert_one_line_error(*run_bounded(capsys, ["run", SPEC, "--trace", str(over), "--duration",
                                                "30"]),
                          f"over.jsonl:{MAX_TARGETS + 1}:", "more than 10,000 distinct targets")


class _Redirecting(BaseHTTPRequestHandler):
    """A hostile app: /long answers 302 with a 1 MiB Location, /bad with a control character
    in it, /ok with a plain one."""

    def do_GET(self) -> None:  # the stdlib's name
        where = {"/long": "/" + "a" * (1 << 20), "/bad": "/x\x7fy", "/ok": "/ok2"}[self.path]
        self.send_response(302)
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_capture_stores_no_field_its_reader_refuses_and_says_so(tmp_path):
    """Item 4: a 1 MiB `Location` was stored whole (27 MB of trace in 5 s, then refused by
    kubesim's own reader). Now it is cut to the reader's limit and counted; the trace reads."""
    from kubesim import load_trace
    from kubesim.behaviour.answer import MAX_LOCATION
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Redirecting)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    out = tmp_path / "t.jsonl"
    try:
        child = subprocess.run(
            [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{server.server_port}",
             "--path", "/long", "--path", "/bad", "--path", "/ok", "--interval", "0.2",
             "--duration", "0.6", "--progress", "never", "-o", str(out)],
            capture_output=True, text=True, timeout=120, check=False)
    finally:
        server.shutdown()
        server.server_close()
    assert child.returncode == 0, child.stderr
    trace = load_trace(str(out))
    assert trace.meta["limits"]["location"] == MAX_LOCATION
    lines = [json.loads(ln) for ln in out.read_text().splitlines()[1:]]
    longs = [r for r in lines if r["target"] == "/long"]
    assert longs and all(len(r["location"]) == MAX_LOCATION for r in longs)
    assert all("location" not in r and r["status"] == 302 for r in lines if r["target"] == "/bad")
    assert all(r["location"] == "/ok2" for r in lines if r["target"] == "/ok")
    assert f"{len(longs)} Location header(s) longer than {MAX_LOCATION:,}" in child.stdout
    bad = sum(r["target"] == "/bad" for r in lines)
    assert f"{bad} Location header(s) not a printable http(s) URL" in child.stdout
    assert max(len(ln) for ln in out.read_text().splitlines()) < 2 * MAX_LOCATION


def test_capture_refuses_a_path_longer_than_a_trace_target_before_connecting(capsys):
    assert_one_line_error(*run_bounded(capsys, [
        "capture", "http://127.0.0.1:9", "--path", "/" + "a" * 5000, "--duration", "1",
        "-o", "/nonexistent-dir/x.jsonl"]), "--path is 5,001 characters long")
