"""Hostile input as regression tests (issue 14): the committed corpus in tests/hostile_inputs/
(alias bombs, deep nesting, huge numbers, duplicate keys, bad encodings, long CSV cells, quoted
newlines), hostile flags (work budgets, phases, sweep values) and hostile output paths
(symlinks, FIFOs, device nodes, directories, unwritable places). Each must end in exit code 2
with one line on stderr naming what is wrong, no traceback, nothing written, and in bounded
memory (tracemalloc's peak; not a timing assertion)."""

from __future__ import annotations

import importlib
import os
import stat
import tracemalloc
from pathlib import Path

import pytest

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
            "config": ["check", SPEC, "--config", f, "--phases", "1"]}[how]


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
    assert len(err) < 400, err  # one readable line, not a 5,000-digit number
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
def test_a_utf8_byte_order_mark_is_accepted(capsys, tmp_path, path):
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
