"""The commands' input models (kubesim.cli.inputs), shared by the CLI and `kubesim mcp`: the
command line an input stands for gives the same input back (a property over each model's
JSON schema); the CLI holds its flags to the models' bounds with messages naming the flag; the
reading scope (kubesim.files) keeps every reader under the root and reads inline texts with
the same bounds; every hostile input file, given to a tool, is one line, in bounded memory."""

from __future__ import annotations

import functools
import tracemalloc
import typing
from pathlib import Path
from typing import Any

import pytest
from helpers import cli
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from test_hostile import HOSTILE_FILES, MAX_PEAK

from kubesim.cli.inputs import INPUTS, CommandInput, error_text
from kubesim.cli.main import parse
from kubesim.cli.mcp_tools import ServerSettings, call_tool
from kubesim.errors import BehaviourError, SpecError
from kubesim.files import MAX_INPUT_BYTES, read_text, reading_scope
from kubesim.spec.sources import UnitKind, walk

REPO = Path(__file__).resolve().parent.parent
SPEC = "probe_specs/seed_unified_healthz.yaml"

# ---------------------------------------------------------------- model -> argv -> model

WORDS = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                min_size=1, max_size=12).filter(lambda s: not (s[0] == "<" and s[-1] == ">"))
# fields whose values the models check against kubesim's own vocabulary
POOLS: dict[str, Any] = {
    "ignore": st.lists(st.sampled_from(["KS001", "KS004", "liveness-readiness-same-endpoint",
                                        "KS002,KS005"]), max_size=3),
    "kubelet": st.dictionaries(st.sampled_from(["sync_seconds", "relist_seconds",
                                                "requeue_jitter"]),
                               st.sampled_from(["1", "2.5", "0"]), max_size=2),
    "now": st.sampled_from(["2024-05-01T12:00:00Z", "Wed, 01 May 2024 12:00:00 +0000"]),
    "config": st.one_of(st.just("none"), WORDS),
}


def _number(prop: dict[str, Any], integer: bool) -> st.SearchStrategy[Any]:
    lo = prop.get("minimum", prop.get("exclusiveMinimum"))
    hi = prop.get("maximum", prop.get("exclusiveMaximum"))
    if integer:
        return st.integers(min_value=lo, max_value=hi)
    return st.floats(min_value=lo, max_value=hi, allow_nan=False, allow_infinity=False,
                     exclude_min="exclusiveMinimum" in prop)


def from_schema(prop: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of one property of a model's JSON schema."""
    if "anyOf" in prop:
        return st.one_of([from_schema(p) for p in prop["anyOf"]])
    if "const" in prop:
        return st.just(prop["const"])
    if "enum" in prop:
        return st.sampled_from(prop["enum"])
    kind = prop.get("type")
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        return _number(prop, kind == "integer")
    if kind == "string":
        return WORDS
    if kind == "array":
        return st.lists(from_schema(prop["items"]), max_size=3)
    if kind == "object":  # expect: {want: seconds}
        keys = st.sampled_from(prop["propertyNames"]["enum"])
        return st.dictionaries(keys, from_schema(prop["additionalProperties"]), max_size=2)
    raise AssertionError(f"no strategy for {prop}")


@functools.cache  # one strategy per model, not a schema and a strategy for every example
def inputs_of(model: type[CommandInput]) -> st.SearchStrategy[dict[str, Any]]:
    """Arguments a caller may send (files only: inline texts stand for no command-line word),
    valid or not: the test keeps those the model accepts."""
    props = model.model_json_schema()["properties"]
    fields = {name: POOLS[name] if name in POOLS else from_schema(prop)
              for name, prop in props.items() if not name.endswith("_text")}
    return st.fixed_dictionaries({}, optional=fields)


@pytest.mark.parametrize("command", sorted(INPUTS))
@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=st.data())
def test_the_command_line_of_an_input_gives_it_back(command, data):
    """Whatever a caller sets, the command line `kubesim mcp` runs for it is parsed by the
    command's own parser into the same input: the tool runs what the CLI would."""
    model = INPUTS[command]
    arguments = data.draw(inputs_of(model))
    try:
        given_input = model.model_validate(arguments)
    except ValidationError:
        assume(False)
    args, module = parse(given_input.to_argv("--format", "json"))
    assert module.__name__ == f"kubesim.cli.{command}"
    assert model.from_args(args) == given_input
    assert args.format == "json"


# ---------------------------------------------------------------- the CLI keeps the bounds


@pytest.mark.parametrize(("argv", "needle"), [
    (["run", SPEC, "--duration", "-5"], ("--duration=-5.0 must be a positive number of "
                                          "seconds, at most 1e+09")),
    (["run", SPEC, "--duration", "1e10"], "--duration=10000000000.0 must be a positive number"),
    (["run", SPEC, "--duration", "nan"], "--duration=nan must be a positive number of seconds"),
    (["run", SPEC, "--seed", "-1"], "must be a whole number from 0 to 18446744073709551615"),
    (["run", SPEC, "--phases", "10000000000"], ("--phases=10000000000 must be a whole number "
                                                "from 1 to 1000000000")),
    (["run", SPEC, "--kubelet", "nope=1"], "--kubelet: unknown kubelet setting 'nope'"),
    (["run", SPEC, "--kubelet", "sync_seconds=1", "--kubelet", "sync_seconds=2"],
     "--kubelet sync_seconds: given twice"),
    (["run", SPEC, "--censored", "discard"], "--trace-restart and --censored need a trace (--trace)"),
    (["check", SPEC, "--seed", "-1"], ("--seed=-1 must be a whole number from 0 to "
                                       "18446744073709551615")),
    (["check", SPEC, "--ignore", "KS001,KS999"], "--ignore=['KS001,KS999']: unknown check 'KS999'"),
    (["check", SPEC, "--propagation", "0", "--rollout-min-capacity", "-1"],
     "--rollout-min-capacity=-1 must be a whole number from 0 to 1000000"),
    (["suggest", SPEC, "--expect", "survive-outage=-3"],
     "--expect.survive-outage=-3 must be a positive number of seconds, at most 604800"),
    (["suggest", SPEC, "--expect", "survive-outage=1e6"],
     "--expect.survive-outage=1e6 must be a positive number of seconds, at most 604800"),
    (["suggest", SPEC, "--expect", "survive-outage=60", "--seed", "-2"],
     "must be a whole number from 0 to 18446744073709551615"),
    (["suggest", SPEC, "--expect", "survive-outage=60", "--phases", "40000"],
     "this suggestion (1 container(s), 40000 grid phases) would cost about"),
    (["explain", "tests/data/explain/01-k8s-docs-liveness-exec.describe.txt", "--phases", "201"],
     "--phases=201 must be a whole number from 1 to 200"),
    (["windows", SPEC, "--profile", "classic", "--kubelet", "x"], "--kubelet 'x' must look like KEY=VALUE"),
])
def test_the_cli_holds_its_flags_to_the_models_bounds(capsys, monkeypatch, argv, needle):
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err, err


def test_a_tool_names_the_field_where_the_cli_names_the_flag():
    bad = {"spec": SPEC, "duration": -1, "seed": -1}
    with pytest.raises(ValidationError) as caught:
        INPUTS["run"].model_validate(bad)
    assert error_text(caught.value) == (
        "duration=-1 must be a positive number of seconds, at most 1e+09; "
        "seed=-1 must be a whole number from 0 to 18446744073709551615")
    assert error_text(caught.value, INPUTS["run"].flag_of).startswith("--duration=-1 must")


# ---------------------------------------------------------------- the reading scope


def test_inline_texts_are_read_by_their_names_within_the_bounds(tmp_path):
    with reading_scope(tmp_path, {"<spec_text>": "a: 1\n", "<big>": "x" * (MAX_INPUT_BYTES + 1),
                                  "<bad>": "\ud800"}):
        assert read_text("<spec_text>", SpecError) == ("a: 1\n", "<spec_text>")
        with pytest.raises(SpecError, match="is larger than 64 MiB"):
            read_text("<big>", SpecError)
        with pytest.raises(SpecError, match="<bad>:1: not UTF-8 text"):
            read_text("<bad>", SpecError)
        with pytest.raises(SpecError, match="<other>: is outside the root"):  # not given: a
            read_text("<other>", SpecError)  # file, here one relative to a cwd outside
    with pytest.raises(SpecError, match="no such file"):  # outside the scope: no inline text
        read_text("<spec_text>", SpecError)


def test_under_a_root_nothing_outside_it_is_read(tmp_path):
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "x.yaml").write_text("a: 1\n")
    (root / "sub" / "ok.yaml").write_text("a: 1\n")
    (root / "sub" / "link.yaml").symlink_to(outside / "x.yaml")
    (root / "away").symlink_to(outside, target_is_directory=True)
    with reading_scope(root):
        assert read_text(root / "sub" / "ok.yaml", SpecError)[0] == "a: 1\n"
        for path in (outside / "x.yaml", root / "sub" / "link.yaml", root / ".." / "outside" /
                     "x.yaml"):
            with pytest.raises(SpecError, match="outside the root"):
                read_text(path, SpecError)
        with pytest.raises(SpecError, match="standard input is not an input here"):
            read_text("-", SpecError)
        found = walk([str(root)])  # its links out: refused, not followed, and the walk goes on
        assert [r.path for r in found.refused] == [str(root / "away"),
                                                   str(root / "sub" / "link.yaml")]
        assert all("outside the root" in r.message for r in found.refused)
        assert [u.path for u in found.units] == [str(root / "sub" / "ok.yaml")]
        from kubesim.behaviour.trace import load_trace
        with pytest.raises(BehaviourError, match="standard input is not an input here"):
            load_trace("-")
    assert read_text(outside / "x.yaml", SpecError)[0] == "a: 1\n"  # no root: anywhere


def test_the_configuration_is_not_searched_above_the_root(tmp_path, monkeypatch):
    from kubesim.analysis.config import find_config
    (tmp_path / ".kubesim.yaml").write_text("kubesim: 1\n")
    (tmp_path / "root").mkdir()
    monkeypatch.chdir(tmp_path / "root")
    assert find_config() is not None
    with reading_scope(tmp_path / "root"):
        assert find_config() is None


# ---------------------------------------------------------------- hostile inputs as tool calls

TOOL_ARGUMENTS = {
    "spec": lambda f: ("run", {"spec": f, "duration": 30}),
    "scenario": lambda f: ("run", {"spec": "tests/cli_inputs/liveness.yaml", "scenario": f,
                                   "duration": 30}),
    "trace": lambda f: ("run", {"spec": "tests/cli_inputs/liveness.yaml", "trace": f,
                                "duration": 30}),
    "expectations": lambda f: ("check", {"paths": ["tests/cli_inputs/liveness.yaml"],
                                         "expectations": f, "phases": 1}),
    "check": lambda f: ("check", {"paths": [f], "phases": 1}),
    "explain": lambda f: ("explain", {"records": [f], "suggest": False, "phases": 1}),
    "config": lambda f: ("check", {"paths": ["tests/cli_inputs/liveness.yaml"], "config": f,
                                   "phases": 1}),
}
INLINE_FIELDS = {"spec": "spec_text", "scenario": "scenario_text", "trace": "trace_text",
                 "expectations": "expectations_text", "paths": "manifest_text",
                 "records": "record_text"}


def _utf8(path: Path) -> bool:
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _cases() -> list[tuple[Path, bool]]:
    """Every hostile file a tool reads, by path; and inline, where the field has an inline
    form (a configuration has none) and the bytes are text a JSON caller can send."""
    cases = []
    for path in HOSTILE_FILES:
        kind = path.name.split("_", 1)[0]
        if kind in TOOL_ARGUMENTS:
            cases.append((path, False))
            if kind != "config" and _utf8(path):
                cases.append((path, True))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("path", "inline"), CASES,
                         ids=[f"{p.name}-{'inline' if i else 'path'}" for p, i in CASES])
def test_a_hostile_file_given_to_a_tool_is_one_line(monkeypatch, path, inline):
    """The committed hostile corpus (tests/hostile_inputs) through the tools, by path and as
    inline text: an is_error result of one line naming the input, in bounded memory; the
    server's process is never left (no exit, no traceback)."""
    monkeypatch.chdir(REPO)
    relative = str(path.relative_to(REPO))
    name, arguments = TOOL_ARGUMENTS[path.name.split("_", 1)[0]](relative)
    field = next(k for k, v in arguments.items() if v in (relative, [relative]))
    shown = path.name
    if inline:
        arguments.pop(field)
        arguments[INLINE_FIELDS[field]] = path.read_text(encoding="utf-8")
        shown = f"<{INLINE_FIELDS[field]}>"
    settings_ = ServerSettings(REPO, 200_000)
    call_tool("windows", {"spec": "tests/cli_inputs/liveness.yaml"}, settings_)  # the imports
    tracemalloc.start()
    try:
        result = call_tool(name, arguments, settings_)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MAX_PEAK, f"{path.name}: peak {peak / 1e6:.0f} MB"
    assert result.is_error and result.document is None, result.text
    assert "\n" not in result.text and "Traceback" not in result.text and len(result.text) < 400
    assert shown in result.text, result.text


def test_without_the_sdk_kubesim_mcp_says_which_extra(capsys, monkeypatch, tmp_path):
    import kubesim.cli.mcp as command
    real = command.importlib.util.find_spec
    monkeypatch.setattr(command.importlib.util, "find_spec",
                        lambda name, *a: None if name == "mcp" else real(name, *a))
    code, out, err = cli(capsys, "mcp", "--root", str(tmp_path))
    assert code == 2 and out == ""
    assert err == "kubesim: error: kubesim mcp needs the MCP Python SDK: pip install " \
                  "'kubesim[mcp]'\n"


def test_the_models_bounds_are_the_engines():
    """The models keep copies of a few bounds (so `kubesim mcp` starts without the engine):
    they are the engine's and the command line's own."""
    from kubesim.analysis import budget
    from kubesim.analysis.suggest import MAX_WANT_SECONDS, WANTS
    from kubesim.behaviour.trace import CensoredMode, RestartMode
    from kubesim.cli import args, inputs
    from kubesim.kubelet.settings import PROFILES
    from kubesim.spec.sources.options import HELM_ENGINES
    assert (inputs.DEFAULT_MAX_WORK, inputs.MAX_DURATION) == (budget.DEFAULT_MAX_WORK,
                                                              budget.MAX_DURATION)
    assert (inputs.MAX_SEED, inputs.MAX_WANT_SECONDS) == (args.MAX_SEED, MAX_WANT_SECONDS)
    for literal, values in ((inputs.Want, WANTS), (inputs.Profile, PROFILES),
                            (inputs.TraceRestart, [m.value for m in RestartMode]),
                            (inputs.Censored, [m.value for m in CensoredMode]),
                            (inputs.HelmEngine, HELM_ENGINES)):
        assert sorted(typing.get_args(literal)) == sorted(values), literal


def test_a_named_file_of_a_chart_or_kustomization_is_checked_as_it(tmp_path, monkeypatch):
    """A pre-commit hook names the staged files, never their chart: a template (not YAML
    before rendering), values.yaml or Chart.yaml is the outermost chart above it (a subchart
    renders with its parent), a kustomization's file its kustomization, each once, and the
    file itself is listed as part of it; a file in no chart or kustomization is itself."""
    (tmp_path / ".git").mkdir()
    chart = tmp_path / "charts" / "web"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: web\nversion: 1.0.0\n")
    (chart / "templates" / "deploy.yaml").write_text("kind: {{ .Values.kind }}\n")
    sub = chart / "charts" / "db"
    (sub / "templates").mkdir(parents=True)
    (sub / "Chart.yaml").write_text("apiVersion: v2\nname: db\nversion: 1.0.0\n")
    (sub / "templates" / "sts.yaml").write_text("{{ .Values.x }}\n")
    base = tmp_path / "deploy" / "base"
    base.mkdir(parents=True)
    (base / "kustomization.yaml").write_text("resources: [app.yaml]\n")
    (base / "app.yaml").write_text("kind: Deployment\n")
    (tmp_path / "plain.yaml").write_text("kind: Deployment\n")
    monkeypatch.chdir(tmp_path)
    found = walk(["charts/web/templates/deploy.yaml", "charts/web/charts/db/templates/sts.yaml",
                  "charts/web/Chart.yaml", "deploy/base/app.yaml", "plain.yaml"])
    assert [(u.kind, u.path) for u in found.units] == [
        (UnitKind.CHART, "charts/web"), (UnitKind.KUSTOMIZATION, "deploy/base"),
        (UnitKind.FILE, "plain.yaml")]
    assert [(s["file"], s["reason"]) for s in found.skipped] == [
        ("charts/web/templates/deploy.yaml", "part of the helm chart charts/web, which is "
         "checked as a whole"),
        ("charts/web/charts/db/templates/sts.yaml", "part of the helm chart charts/web, which "
         "is checked as a whole"),
        ("charts/web/Chart.yaml", "part of the helm chart charts/web, which is checked as a "
         "whole"),
        ("deploy/base/app.yaml", "part of the kustomization deploy/base, which is checked as "
         "a whole")]
