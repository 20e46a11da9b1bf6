"""The contract between `kubesim.cli.main` and the command modules, and the shape of what a
command line imports (no timing here: `benchmarks/bench_startup.py` measures the time).

Every command returns a declared record (`CommandResult`: text, code, note by name, never a
tuple read by position); the one command that draws a live progress line says so in
`main.COMMANDS`, not by an attribute `main` would probe for. A command line imports only what
its command needs: `kubesim --help` none of the commands, `kubesim check` no plotting, HTTP,
MCP, Dask or progress-bar library, and no other command's module.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from kubesim.cli.command import CommandResult
from kubesim.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "seed-app" / "deployment.yaml"
# optional libraries no `check` of a manifest needs (extras: plot, capture, mcp, dask,
# progress, render), and the modules of commands other than check
NOT_FOR_CHECK = ("matplotlib", "httpx", "mcp", "anyio", "dask", "distributed", "tqdm",
                 "helm_python", "jinja2", "rich", "simpy")
OTHER_COMMANDS = tuple(f"kubesim.cli.{info.module}" for name, info in COMMANDS.items()
                       if name != "check")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_returns_a_command_result(name):
    """`run` is declared to return the named record, and takes `progress` exactly when its
    entry in COMMANDS says it draws a progress line."""
    module = importlib.import_module(f"kubesim.cli.{COMMANDS[name].module}")
    hints = typing.get_type_hints(module.run)
    assert hints["return"] is CommandResult, f"{name}: run returns {hints['return']}"
    takes = "progress" in inspect.signature(module.run).parameters
    assert takes == COMMANDS[name].progress, name


def test_main_reads_results_and_arguments_by_name():
    """No result read by position (`result[0]`) and no argument probed by name
    (`getattr(args, "output", None)`) in main."""
    tree = ast.parse((ROOT / "kubesim" / "cli" / "main.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            assert node.value.id not in {"result", "args"}, f"line {node.lineno}: by position"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"getattr", "hasattr"}, f"line {node.lineno}: a probe"


def test_a_note_goes_to_stderr_after_the_output(tmp_path, capsys):
    """A command's note (the sweep's timing) reaches stderr, its text stdout, its code the
    exit status: the three fields of the record, each where it belongs."""
    code = main(["sweep", str(ROOT / "probe_specs" / "seed_unified_healthz.yaml"), "--set",
                 "livenessProbe.failureThreshold=2,3", "--phases", "2", "--duration", "60",
                 "-j", "1", "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert [p["livenessProbe.failureThreshold"] for p in json.loads(out)["points"]] == [2, 3]
    assert err.startswith("kubesim sweep: 2 of 2 points in ") and err.count("\n") == 1


def _imported(code: str) -> set[str]:
    """The modules a new interpreter holds after running `code` (this checkout first)."""
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def _top(modules: set[str]) -> set[str]:
    return {m.partition(".")[0] for m in modules}


def test_the_command_line_alone_imports_no_command():
    """`import kubesim.cli.main` (what `kubesim --help` runs) loads no command's module and
    none of the core libraries: they come with the chosen command."""
    modules = _imported("import kubesim.cli.main")
    assert not {f"kubesim.cli.{i.module}" for i in COMMANDS.values()} & modules
    assert not {"numpy", "pydantic", "yaml", *NOT_FOR_CHECK} & _top(modules)


def test_check_imports_only_what_checking_needs():
    """`kubesim check` of a manifest (its findings printed) imports pydantic and yaml, and
    none of the optional libraries, nor numpy (no trace is read, no run simulated), nor the
    modules of other commands, nor the fleet, suggest, sweep and HTML code a plain check does
    not run."""
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['check', '--no-config', {str(EXAMPLE)!r}])\n"
        "assert code in (0, 1) and 'kubesim check:' in out.getvalue(), out.getvalue()\n")
    assert {"pydantic", "yaml"} <= _top(modules)  # the probe did check something
    assert not {*NOT_FOR_CHECK, "numpy"} & _top(modules)
    assert not set(OTHER_COMMANDS) & modules
    lazy = {"kubesim.fleet.run", "kubesim.fleet.rollout", "kubesim.analysis.suggest",
            "kubesim.analysis.sweep.grid", "kubesim.render.html", "kubesim.cli.check_html",
            "tomllib",
            # a live cluster's readers (--cluster), the run report (JSON), and the engine and
            # kubelet: this example's every answer is exact, no run is simulated (issue 31)
            "kubesim.cluster.access", "kubesim.cluster.read", "kubesim.cluster.targets",
            "kubesim.explain.readers.model",
            "kubesim.render.report", "kubesim.engine.simulate", "kubesim.engine.jumps",
            "kubesim.kubelet.pod_worker", "kubesim.timeline",
            # the scenario models: no scenario is given, and none of its checks builds one
            "kubesim.behaviour.scenario",
            # the trace readers (and numpy with them): no trace is given
            "kubesim.behaviour.trace", "kubesim.behaviour.trace_read",
            "kubesim.behaviour.trace_store",
            # the MCP tools' input models: the option declarations judge a plain command line
            # (kubesim.cli.bounds)
            "kubesim.cli.inputs", "kubesim.cli.mcp_tools",
            # a configuration's schema: none is read (--no-config)
            "kubesim.analysis.config_file",
            # the render machinery: a plain manifest is read (kubesim.spec.sources.options)
            "kubesim.spec.sources.confine", "kubesim.spec.sources.engines",
            "kubesim.spec.sources.kustomize_tree", "subprocess"}
    assert not lazy & modules, sorted(lazy & modules)


def test_run_imports_only_what_running_needs():
    """`kubesim run` of the shipped example against its scenario (what bench_startup times)
    imports none of the optional libraries, no other command's module, no tool model, no
    trace reader, nothing of HTML or PNG drawing (issue 31 item 1)."""
    spec = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
    scenario = ROOT / "traces" / "seed_db_outage.scenario.yaml"
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['run', {str(spec)!r}, '--scenario', {str(scenario)!r},"
        " '--duration', '60'])\n"
        "assert code == 0 and 'summary' in out.getvalue(), out.getvalue()\n")
    assert {"kubesim.engine.simulate", "kubesim.behaviour.scenario"} <= modules  # it ran
    assert not set(NOT_FOR_CHECK) & _top(modules)
    assert not {f"kubesim.cli.{i.module}" for n, i in COMMANDS.items() if n != "run"} & modules
    lazy = {# the MCP tools' input models: the option declarations judge a plain command line
            # (kubesim.cli.bounds.run_plainly_within)
            "kubesim.cli.inputs", "kubesim.cli.mcp_tools",
            # the trace readers: a scenario is given (the picture asks a loaded module)
            "kubesim.behaviour.trace", "kubesim.behaviour.trace_read",
            "kubesim.behaviour.trace_store",
            # what --html, --plot and a live cluster would load, and a configuration's schema
            "kubesim.render.html", "kubesim.cluster.access", "kubesim.cluster.read",
            "kubesim.analysis.config_file", "kubesim.analysis.check.rules",
            # Helm's rules and the render machinery: no chart or kustomization is rendered,
            # no --kube-version given (kubesim.spec.sources.options)
            "kubesim.spec.sources.helm_rules", "kubesim.spec.sources.confine",
            "kubesim.spec.sources.engines", "kubesim.spec.sources.kustomize_tree", "subprocess",
            # the picture and its marks: no --plot (the document's windows: render.run_meta)
            "kubesim.render.plot", "kubesim.render.plot_marks", "kubesim.render.focus",
            # a chart archive's readers: no .tgz is read
            "tarfile", "gzip"}
    assert not lazy & modules, sorted(lazy & modules)


# what explain of a record none of whose probes failed never runs: the kubelet model (no
# failure to replay), suggest's engine and check's reading (no probe kill to prevent), the page
# and suggest's renderers (no --html, no patch); with them, their scenario and run models
EXPLAIN_LAZY = {"kubesim.engine.simulate", "kubesim.engine.jumps", "kubesim.kubelet.pod_worker",
                "kubesim.timeline", "kubesim.behaviour.scenario", "kubesim.analysis.suggest",
                "kubesim.analysis.sweep.grid", "kubesim.analysis.check.read",
                "kubesim.analysis.check.findings", "kubesim.render.html",
                "kubesim.render.report", "kubesim.render.plot",
                "kubesim.render.suggest_formats", "kubesim.render.check_formats"}


@pytest.mark.parametrize(("record", "fmt"), [
    # what bench_startup times: a pod whose liveness probe is set, no failure in its status
    ("examples/explain/01-k8s-docs-exec-liveness.pod.yaml", "text"),
    # a describe's OOMKilled last state: no probe failed, nothing to replay or prevent
    ("tests/data/explain/real/azure-aso-298.laststate-oom.txt", "json")])
def test_explain_of_a_record_without_failures_imports_only_what_reading_needs(record, fmt):
    """`kubesim explain` of a record with no probe failure to replay and no probe kill to
    prevent reads and answers without loading the kubelet model (nor numpy), suggest's engine
    or the page's modules: each loads where a record asks for it (start-up, issue 31)."""
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['explain', {str(ROOT / record)!r}, '--format', {fmt!r}])\n"
        "assert code == 0 and 'prevent' in out.getvalue(), out.getvalue()\n")
    assert {"kubesim.explain.readers.read", "kubesim.explain.prevent"} <= modules  # it read
    assert not EXPLAIN_LAZY & modules, sorted(EXPLAIN_LAZY & modules)
    assert "numpy" not in _top(modules)  # only a run of the kubelet model draws numbers


# the text readers: a paste's (describe output, event tables, logs, pieces of YAML), and those
# of a page with no layout kubectl prints (PAGE_READERS: loaded only for such a page); a pod
# object as YAML or JSON is read by kube.py
TEXT_READERS = {"kubesim.explain.readers.text", "kubesim.explain.readers.paste",
                "kubesim.explain.readers.describe", "kubesim.explain.readers.probe_blocks",
                "kubesim.explain.readers.ci_log"}
PAGE_READERS = {"kubesim.explain.readers.told", "kubesim.explain.readers.alert_labels",
                "kubesim.explain.readers.stated_apart", "kubesim.explain.readers.kernel_oom",
                "kubesim.explain.readers.stated_restart", "kubesim.explain.readers.tool_state",
                "kubesim.explain.readers.stated_end"}


def _explained_modules(record: Path) -> set[str]:
    return _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['explain', {str(record)!r}, '--format', 'json'])\n"
        "assert code == 0 and '\"command\": \"explain\"' in out.getvalue(), out.getvalue()\n")


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_explain_of_a_pod_object_imports_no_text_reader(tmp_path, fmt):
    """`kubesim explain` of a pod as `kubectl get pod -o yaml|json` gives it (the shipped pod
    record) loads none of the text readers: they load with the first text record
    (read._pasted), and a pod's YAML or JSON never reaches them (start-up, docs/engine.md)."""
    import yaml

    record = ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml"
    if fmt == "json":
        record = tmp_path / "pod.json"
        record.write_text(json.dumps(yaml.safe_load(
            (ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml").read_text())))
    modules = _explained_modules(record)
    assert {"kubesim.explain.readers.kube", "kubesim.explain.engine"} <= modules  # it read
    assert not (TEXT_READERS | PAGE_READERS) & modules, \
        sorted((TEXT_READERS | PAGE_READERS) & modules)


def test_explain_loads_the_page_readers_for_a_page_alone(tmp_path):
    """The shipped describe record is read by the paste's readers (the other side of the
    boundary above: the names it checks are the modules that read text), and does not load
    the readers of a page with no layout kubectl prints (text.read_text_record), which a page
    of prose alone loads."""
    modules = _explained_modules(
        ROOT / "examples" / "explain" / "01-k8s-docs-liveness-exec.describe.txt")
    assert TEXT_READERS <= modules, sorted(TEXT_READERS - modules)
    assert not PAGE_READERS & modules, sorted(PAGE_READERS & modules)
    prose = tmp_path / "prose.txt"
    prose.write_text("Our api-server pod keeps restarting: it was OOMKilled 3 times today.\n")
    modules = _explained_modules(prose)
    assert PAGE_READERS <= modules, sorted(PAGE_READERS - modules)


def test_windows_imports_only_what_computing_windows_needs():
    """`kubesim windows` of the seed probe spec computes, it does not simulate: no numpy, no
    tool model (kubesim.cli.bounds.windows_plainly_within), no scenario models, no other
    command's module, none of the optional libraries (issue 31 item 1)."""
    spec = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['windows', {str(spec)!r}])\n"
        "assert code == 0 and 'startup_protection' in out.getvalue(), out.getvalue()\n")
    assert "kubesim.analysis.windows" in modules  # it computed
    assert not {*NOT_FOR_CHECK, "numpy"} & _top(modules)
    others = {f"kubesim.cli.{i.module}" for n, i in COMMANDS.items() if n != "windows"}
    assert not others & modules
    lazy = {"kubesim.cli.inputs", "kubesim.cli.mcp_tools", "kubesim.behaviour.scenario",
            "kubesim.behaviour.trace", "kubesim.engine.simulate", "kubesim.render.html",
            "kubesim.analysis.config_file", "kubesim.spec.sources.helm_rules", "tarfile",
            "kubesim.spec.sources.engines", "subprocess"}
    assert not lazy & modules, sorted(lazy & modules)


def test_explain_of_a_record_builds_no_tool_model():
    """`kubesim explain` of the shipped pod record replays it through the kubelet model (numpy
    draws the run's randomness): no tool model (kubesim.cli.bounds), no other command's
    module, none of the optional libraries (issue 31 item 1)."""
    record = ROOT / "examples" / "explain" / "01-k8s-docs-exec-liveness.pod.yaml"
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['explain', {str(record)!r}])\n"
        "assert code == 0 and 'kubesim explain: pod' in out.getvalue(), out.getvalue()\n")
    assert "kubesim.explain.engine" in modules  # it explained
    assert not {*NOT_FOR_CHECK} & _top(modules)
    others = {f"kubesim.cli.{i.module}" for n, i in COMMANDS.items() if n != "explain"}
    assert not others & modules
    assert not {"kubesim.cli.inputs", "kubesim.cli.mcp_tools"} & modules


def test_suggest_of_the_seed_spec_builds_no_tool_model():
    """`kubesim suggest` of the seed probe spec against its outage scenario (what
    bench_startup times) judges its command line by the option declarations
    (kubesim.cli.bounds.suggest_plainly_within): no tool model, no other command's module
    but check's (its findings are what suggest fixes), none of the optional libraries."""
    spec = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
    scenario = ROOT / "traces" / "seed_db_outage.scenario.yaml"
    modules = _imported(
        "import contextlib, io\nfrom kubesim.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['suggest', {str(spec)!r}, '--scenario', {str(scenario)!r}])\n"
        "assert code == 0 and 'livenessProbe' in out.getvalue(), out.getvalue()\n")
    assert "kubesim.analysis.suggest" in modules  # it suggested
    assert not {*NOT_FOR_CHECK} & _top(modules)
    others = {f"kubesim.cli.{i.module}" for n, i in COMMANDS.items()
              if n not in ("suggest", "check")}
    assert not others & modules
    assert not {"kubesim.cli.inputs", "kubesim.cli.mcp_tools"} & modules


def _threads_after(code: str) -> tuple[int, bool]:
    """The threads a new interpreter (no OPENBLAS_NUM_THREADS of its own) holds after `code`,
    and whether OPENBLAS_NUM_THREADS is in its environment then."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    probe = code + ("\nimport os\nprint(len(os.listdir('/proc/self/task')),"
                    " 'OPENBLAS_NUM_THREADS' in os.environ)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True, env=env)
    threads, variable = done.stdout.split()
    return int(threads), variable == "True"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads counted in /proc")
@pytest.mark.parametrize("loads", [
    "_module('run')",  # numpy with the command's modules
    "_module('check')\nimport kubesim.engine.simulate",  # numpy once check simulates a run
])
def test_a_command_loads_numpy_with_one_blas_thread_and_leaves_the_environment_as_it_was(
        loads):
    """numpy's OpenBLAS starts a thread per core as it loads (CPU a short command pays for
    nothing: kubesim calls no BLAS routine); a command loads it with one, whether its modules
    import numpy or its work does later, and the variable that says so is gone afterwards, so
    the apps `capture` runs see the user's environment."""
    plain, _ = _threads_after("import numpy")
    if plain == 1:
        pytest.skip("numpy's BLAS starts no thread of its own on this machine (one core)")
    threads, variable = _threads_after(
        f"from kubesim.cli.main import _module\n{loads}\n"
        "import sys\nassert 'numpy' in sys.modules")
    assert (threads, variable) == (1, False), f"a plain numpy import holds {plain} threads"


def test_one_parser_serves_every_command_line_and_keeps_nothing_of_the_last():
    """The parser of a command is built once a process (issue 31 item 7: the fuzz tests parse
    thousands of command lines in-process, `kubesim mcp` one per tool call): a command line's
    --scenario and --trace, repeated flags and a list a command changes are its own, never in
    the next command line's defaults."""
    from kubesim.cli.main import parse

    spec, scenario = str(EXAMPLE), str(ROOT / "traces" / "seed_db_outage.scenario.yaml")
    for command in ("check", "suggest"):
        ignore = ["--ignore", "KS001"] if command == "check" else []  # suggest: not a flag
        first, _ = parse([command, spec, "--scenario", scenario, "--trace", "t.jsonl", *ignore])
        assert [(b.kind, b.path) for b in first.behaviours] == [("scenario", scenario),
                                                                 ("trace", "t.jsonl")]
        first.behaviours.append("changed by the command")
        first.ignore.append("KS004")
        again, _ = parse([command, spec])
        assert again.behaviours == [] and again.ignore == [], command


def test_a_process_of_its_own_collects_garbage_while_its_command_works():
    """`kubesim` as a process (`process_main`) keeps the cyclic collector out of its start-up
    and its exit only: while the command works (a fleet's records, a sweep's runs) the
    collector runs, and what the modules made is frozen; `main` called in-process leaves the
    caller's collector as it was."""
    code = (
        "import gc, sys\nimport kubesim.cli.run as run\nfrom kubesim.cli.main import main,"
        " process_main\nseen = []\nreal = run.run\n"
        "def spy(args):\n    seen.append((gc.isenabled(), gc.get_freeze_count() > 0))\n"
        "    return real(args)\nrun.run = spy\n"
        f"argv = ['run', {str(ROOT / 'probe_specs' / 'seed_unified_healthz.yaml')!r},"
        " '--duration', '10', '--format', 'json']\n"
        "import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(argv) == 0\n"
        "caller = (gc.isenabled(), gc.get_freeze_count())\n"
        "sys.argv = ['kubesim', *argv]\nwith contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert process_main() == 0\n"
        "print(seen, caller)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split("\n")[0] == "[(True, False), (True, True)] (True, 0)"
