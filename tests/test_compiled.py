"""The compiled kubelet and engine (mypyc, kubesim/compiled.py): what runs is what the sources
say, and compiled and pure Python give the same bytes.

`KUBESIM_COMPILE=1` in the environment (as `.ci/run` sets it for the install) means this
install must be compiled: the tests that need compiled modules fail instead of skipping.
`KUBESIM_PURE=1` runs a suite on the Python source (`.ci/run` runs the differential and rule
tests so); the tests here that compare run both in new processes, whichever this one runs.
"""

from __future__ import annotations

import base64
import functools
import importlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kubesim import __version__, compiled

REPO = Path(__file__).resolve().parent.parent
STATE = compiled.native_state()  # what this process runs (pure under KUBESIM_PURE=1)
INSTALLED = compiled.state_of(compiled.PACKAGE, pure_requested=False)  # what the install has
MUST_COMPILE = os.environ.get("KUBESIM_COMPILE") == "1"
SO = importlib.machinery.EXTENSION_SUFFIXES[0]


def _needs_compiled() -> None:
    """Skip (or fail, where this install must be compiled) when the install cannot run
    compiled; the tests that call it run kubesim in new processes, compiled and pure."""
    if INSTALLED.mode != "compiled":
        message = f"kubesim's kubelet and engine are not compiled here ({INSTALLED.reason})"
        if MUST_COMPILE:
            pytest.fail(f"KUBESIM_COMPILE=1, but {message}")
        pytest.skip(message)


def _env(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    if pure:
        env[compiled.PURE_VARIABLE] = "1"
    return env


def _kubesim(*argv: str, pure: bool) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kubesim", *argv], capture_output=True,
                          cwd=REPO, env=_env(pure), timeout=300, stdin=subprocess.DEVNULL,
                          check=False)


def _python(script: str, *, pure: bool, cwd: Path) -> str:
    """What `python -c SCRIPT` prints in a new process (which must succeed)."""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=_env(pure), cwd=cwd, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


# ---------------------------------------------------------------- what runs

def test_the_modules_run_as_the_state_says():
    """Every module of kubelet/ and engine/ was loaded from an extension exactly when the
    state says compiled; those kept as source (pydantic settings, the simpy reference) and the
    package markers always from source."""
    for path in compiled.compiled_sources():
        module = importlib.import_module(compiled.module_name(path))
        loaded = Path(module.__file__ or "")
        assert (loaded.suffix == ".py") == (STATE.mode == "pure"), (module.__name__, loaded)
        if STATE.mode == "compiled":  # (mypyc's __file__ names the module, not its folder)
            assert loaded.name == path.stem + SO
    for kept in compiled.PURE:
        module = importlib.import_module(compiled.module_name(compiled.PACKAGE / kept))
        assert Path(module.__file__ or "").suffix == ".py", module.__name__
    if MUST_COMPILE:
        assert INSTALLED == compiled.NativeState(
            "compiled", tuple(sorted(compiled.module_name(p) for p in compiled.compiled_sources())),
            "")


def test_version_says_compiled_or_pure_and_which_modules():
    for pure in (False, True):
        result = _kubesim("--version", pure=pure)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.decode().splitlines()
        if pure:
            assert lines == [f"kubesim {__version__} (pure Python: KUBESIM_PURE=1)",
                             "compiled by mypyc: none"]
            continue
        expected = compiled.describe(INSTALLED)
        assert lines == [f"kubesim {__version__} ({expected[0]})", *expected[1:]]
        if INSTALLED.mode == "compiled":
            named = lines[1].removeprefix("compiled by mypyc: ").split(", ")
            assert named == [compiled.module_name(p) for p in compiled.compiled_sources()]
            assert "kubesim.kubelet.settings" in lines[2]


def test_pure_runs_every_module_from_source_beside_the_extensions():
    """KUBESIM_PURE=1 in an install with extensions beside the sources (editable): no
    extension of kubesim is loaded, the shared library of the compiled modules included."""
    script = (
        "import sys, kubesim.engine.simulate, kubesim.analysis.sweep.run\n"
        "mods = [m for n, m in sys.modules.items() if n.startswith('kubesim')]\n"
        "print([m.__name__ for m in mods if not (getattr(m, '__file__', None) or '.py')"
        ".endswith('.py')])\n")
    assert _python(script, pure=True, cwd=REPO).strip() == "[]"


# ---------------------------------------------------------------- a stale build never runs

def _fake_install(tmp_path: Path, in_place: bool = True) -> Path:
    """A copy of kubesim's compiled packages with an (empty) extension beside each source and
    the build's record, as a build would leave it (in place, as `pip install -e .`, unless
    `in_place` is false: a wheel's)."""
    package = tmp_path / "kubesim"
    for name in compiled.COMPILED_PACKAGES:
        shutil.copytree(compiled.PACKAGE / name, package / name,
                        ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    for name in compiled.COMPILED_MODULES:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(compiled.PACKAGE / name, package / name)
    sources = compiled.compiled_sources(package)
    for path in sources:
        path.with_suffix(SO).write_bytes(b"")
    (package / compiled.MANIFEST).write_text(compiled.build_record(sources, in_place, package))
    return package


def test_a_build_that_matches_its_sources_runs_compiled(tmp_path):
    package = _fake_install(tmp_path)
    state = compiled.state_of(package, pure_requested=False)
    assert state.mode == "compiled" and state.reason == ""
    assert set(state.compiled) == {compiled.module_name(p, package)
                                   for p in compiled.compiled_sources(package)}
    assert "kubesim.kubelet.settings" not in state.compiled
    assert compiled.state_of(package, pure_requested=True) == compiled.NativeState(
        "pure", (), "KUBESIM_PURE=1")


def test_a_source_edited_after_the_build_runs_as_source(tmp_path):
    package = _fake_install(tmp_path)
    worker = package / "kubelet" / "worker.py"
    worker.write_text(worker.read_text() + "\n# edited after the build\n")
    state = compiled.state_of(package, pure_requested=False)
    assert state.mode == "pure" and state.compiled == ()
    assert "stale" in state.reason and "kubesim/kubelet/worker.py changed" in state.reason
    results = _fake_install(tmp_path / "single") / "results.py"  # a single compiled module
    results.write_text(results.read_text() + "\n# edited after the build\n")
    state = compiled.state_of(results.parent, pure_requested=False)
    assert state.mode == "pure" and "kubesim/results.py changed" in state.reason


def test_a_start_reads_no_source_of_a_current_build(tmp_path, monkeypatch):
    """Whether the build is current is the build's record, not a hash of the sources at every
    start: an in-place build's start compares sizes and times, a wheel's reads the record."""
    package = _fake_install(tmp_path)
    wheel = _fake_install(tmp_path / "wheel", in_place=False)
    assert "stamps" not in json.loads((wheel / compiled.MANIFEST).read_text())

    def no_hash(path: Path) -> str:
        raise AssertionError(f"{path} hashed at start")

    monkeypatch.setattr(compiled, "source_digest", no_hash)
    assert compiled.state_of(package, pure_requested=False).mode == "compiled"
    assert compiled.state_of(wheel, pure_requested=False).mode == "compiled"


def test_a_source_touched_but_unchanged_still_runs_compiled(tmp_path):
    """A checkout that rewrites a source with the same bytes changes its time, not its hash."""
    package = _fake_install(tmp_path)
    worker = package / "kubelet" / "worker.py"
    status = worker.stat()
    os.utime(worker, ns=(status.st_atime_ns, status.st_mtime_ns + 10**9))
    assert compiled.state_of(package, pure_requested=False).mode == "compiled"
    worker.write_text(worker.read_text().replace("\n", "\n ", 1)[:-1])  # same size, new bytes
    assert worker.stat().st_size == status.st_size
    state = compiled.state_of(package, pure_requested=False)
    assert state.mode == "pure" and "kubesim/kubelet/worker.py changed" in state.reason


@pytest.mark.parametrize("damage", ["no record", "unreadable record", "missing extension",
                                    "new module", "module gone"])
def test_a_build_that_does_not_cover_the_sources_runs_as_source(tmp_path, damage):
    package = _fake_install(tmp_path)
    if damage == "no record":
        (package / compiled.MANIFEST).unlink()
    elif damage == "unreadable record":
        (package / compiled.MANIFEST).write_text("{not json")
    elif damage == "missing extension":
        (package / "engine" / "jumps.py").with_suffix(SO).unlink()
    elif damage == "new module":
        (package / "engine" / "extra.py").write_text("X = 1\n")
    else:
        (package / "kubelet" / "timing.py").unlink()
    state = compiled.state_of(package, pure_requested=False)
    assert state.mode == "pure" and state.compiled == () and state.reason


def test_a_stale_extension_is_not_imported(tmp_path):
    """End to end, with the real extensions: a copy of the installed package whose
    kubelet/worker.py is edited after the build imports the edited source (the extension
    beside it would not know the new name), and so do the other compiled modules."""
    _needs_compiled()
    copy = tmp_path / "site"
    shutil.copytree(compiled.PACKAGE, copy / "kubesim",
                    ignore=shutil.ignore_patterns("__pycache__"))
    worker = copy / "kubesim" / "kubelet" / "worker.py"
    worker.write_text(worker.read_text() + "\nEDITED_AFTER_THE_BUILD = True\n")
    script = (
        "import sys\n"
        # the editable install's finder would map kubesim to the repository: the copy instead
        "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f)]\n"
        f"sys.path.insert(0, {str(copy)!r})\n"
        "import kubesim, kubesim.kubelet.worker as w, kubesim.engine.jumps as j\n"
        "import kubesim.results as r\n"
        "assert kubesim.__file__.startswith(sys.path[0]), kubesim.__file__\n"
        "print(kubesim.compiled.native_state().mode, w.EDITED_AFTER_THE_BUILD,"
        " w.__file__.endswith('.py'), j.__file__.endswith('.py'), r.__file__.endswith('.py'))\n")
    assert _python(script, pure=False, cwd=tmp_path).split() == ["pure", "True", "True", "True",
                                                                 "True"]


# ---------------------------------------------------------------- the same bytes

def _shipped_runs() -> list[tuple[str, ...]]:
    """`kubesim` command lines over the shipped examples, each with a JSON document out."""
    specs = sorted(str(p.relative_to(REPO)) for p in (REPO / "probe_specs").glob("*.yaml"))
    behaviours = [("--scenario", str(p.relative_to(REPO)))
                  for p in sorted((REPO / "traces").glob("*.scenario.yaml"))]
    traces = sorted((REPO / "traces").glob("*.jsonl"))
    runs: list[tuple[str, ...]] = [("run", spec, *behaviour, "--phases", "4", "--format", "json")
                                   for spec in specs for behaviour in behaviours]
    # every spec against every recorded trace that has its probes' paths (the unified spec's
    # /healthz is recorded in the outage's trace only)
    runs += [("run", spec, "--trace", str(trace.relative_to(REPO)), "--phases", "4", "--format",
              "json") for spec in specs for trace in traces
             if "unified_healthz" not in spec or '"/healthz"' in trace.read_text()]
    runs += [
        ("run", "examples/seed-app/deployment.yaml", "--scenario",
         "traces/seed_db_outage.scenario.yaml", "--phases", "20", "--format", "json"),
        ("run", "examples/property-tests/deployment.yaml", "--scenario",
         "examples/property-tests/app.scenario.yaml", "--format", "json"),
        ("run", "examples/broker/statefulset.yaml", "--scenario",
         "examples/broker/warmup.scenario.yaml", "--format", "json"),
        ("windows", "probe_specs/seed_unified_healthz.yaml", "--format", "json"),
        ("check", "examples", "probe_specs", "--format", "json"),
        ("sweep", "probe_specs/seed_unified_healthz.yaml", "--scenario",
         "traces/seed_db_outage.scenario.yaml", "--set", "livenessProbe.failureThreshold=1..6",
         "--set", "livenessProbe.periodSeconds=1..8", "--phases", "5", "--format", "json"),
        ("fleet", "examples/broker/statefulset.yaml", "--scenario",
         "examples/broker/warmup.scenario.yaml", "--format", "json"),
    ]
    return runs


def _untimed(stderr: bytes) -> list[bytes]:
    """stderr without sweep's timing note (`kubesim sweep: N of N points in T s ...`)."""
    return [line for line in stderr.splitlines() if not line.startswith(b"kubesim sweep: ")]


# Runs `main` on each command line of the standard input's JSON list, in turn, in this one
# process: each one's exit code, standard output and standard error as bytes (base64), as a
# process of its own would write them (an uncaught exception: 1 and its traceback)
_BATCH = """\
import base64, contextlib, io, json, sys, traceback
from kubesim.cli.main import main

def ran(argv):
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 1
        stdout.flush()
        stderr.flush()
    return [code, *(base64.b64encode(b.getvalue()).decode() for b in (out, err))]

json.dump([ran(argv) for argv in json.load(sys.stdin)], sys.__stdout__)
"""


@functools.cache
def _shipped_outputs(pure: bool) -> dict[tuple[str, ...], tuple[int, bytes, bytes]]:
    """Every command line of `_shipped_runs()` run in one new process, compiled or pure:
    (exit code, stdout, stderr) by command line. One process for all of them, not one each:
    a process's first command pays the imports and pydantic's models (0.3 s of CPU), the
    rest a few ms each. Nothing the process writes besides (an exception at its exit, a
    pool's thread left behind) may be on its own standard error."""
    runs = _shipped_runs()
    result = subprocess.run([sys.executable, "-c", _BATCH], capture_output=True, cwd=REPO,
                            env=_env(pure), timeout=600, check=False,
                            input=json.dumps(runs).encode())
    assert (result.returncode, result.stderr) == (0, b""), result.stderr.decode()
    return {argv: (code, base64.b64decode(out), base64.b64decode(err))
            for argv, (code, out, err) in zip(runs, json.loads(result.stdout), strict=True)}


@pytest.mark.parametrize("argv", _shipped_runs(), ids=lambda argv: " ".join(argv))
def test_compiled_and_pure_give_the_same_bytes_on_the_shipped_examples(argv):
    """Each command line's bytes, compiled and pure (each run in turn in one process of its
    mode, `_shipped_outputs`); `kubesim` as a process of its own is the CLI tests'."""
    _needs_compiled()
    fast_code, fast_out, fast_err = _shipped_outputs(False)[argv]
    pure_code, pure_out, pure_err = _shipped_outputs(True)[argv]
    assert (fast_code, _untimed(fast_err)) == (pure_code, _untimed(pure_err))
    assert fast_out == pure_out
    assert fast_code in (0, 1), fast_err.decode()
    json.loads(fast_out)  # a whole document, not an error


def test_a_record_of_an_earlier_build_is_checked_by_hash(tmp_path):
    """A build record written before records said "in_place" (an editable install made by an
    earlier kubesim) is not a wheel's: a source changed since runs as source."""
    package = _fake_install(tmp_path)
    manifest = package / compiled.MANIFEST
    record = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({"modules": record["modules"]}))
    assert compiled.state_of(package, pure_requested=False).mode == "compiled"
    worker = package / "kubelet" / "worker.py"
    worker.write_text(worker.read_text() + "\n# edited after the build\n")
    state = compiled.state_of(package, pure_requested=False)
    assert state.mode == "pure" and "kubesim/kubelet/worker.py changed" in state.reason
