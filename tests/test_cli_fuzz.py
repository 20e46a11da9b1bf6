"""A CLI-level fuzz test (issue 14): generated files, flags and encodings through
`kubesim.cli.main.main(argv)` in-process. Whatever the input, the command ends with exit code
0, 1 or 2 (argparse's own SystemExit(2) included), and exit code 2 comes with one line on
stderr and no traceback: any other exception is a bug in kubesim.

Inputs start from valid ones (kubesim.testing.strategies, the shipped examples) and are
mutated with what the hostile corpus holds: aliases, deep nesting, huge numbers, duplicate
keys, tags, byte order marks, control characters, truncation and other encodings. Every
example is cheap: `--max-work` is always small, so a generated duration or grid is refused
before it simulates much. Each test runs a fixed number of examples under the `ci` profile
(FUZZ_EXAMPLES in total, at least 10,000), scaled like every count of the suite elsewhere
(`helpers.examples`: about a quarter in `dev`, more in `soak`); the counts are checked at the
end.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import io
import json
import math
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.cli.main import main
from kubesim.testing import strategies as ks

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SPEC = str(HERE / "cli_inputs" / "liveness.yaml")
EXAMPLES = {"spec": 2500, "scenario": 1500, "trace": 2500, "json": 1500, "flags": 2500}
FUZZ_EXAMPLES = sum(EXAMPLES.values())
COUNTS: dict[str, int] = dict.fromkeys(EXAMPLES, 0)
BUDGET = ["--max-work", "3000"]  # refuse anything but a short simulation before it starts

HOSTILE_VALUES = ["9" * 5000, "1" + "0" * 309, "1.0e+309", "-1", "0", "2147483648",
                  "9223372036854775808", ".inf", "-.inf", ".nan", "nan", "inf", "1e9", "-0",
                  "0x10", "''", "null", "~", "true", "[]", "{}", "*x", "&x 1", "!!set {a}",
                  "!!python/object:os.system x", '"\\n"', "\t", "\ufeff", "\x00", "\x07",
                  "é", "\U0001f600", "a" * 300, "[" * 200, "{a: " * 120, "!!int abc",
                  "!!bool maybe", "!!float x", "2001-13-45", "!!timestamp x", "!!binary ###",
                  "<<", "!!int 0x", "0b2", "1_000", "190:20:30", "!custom x"]
FRAGMENTS = ["a: &x {b: *x}\n", "x: &a [1,2,3,4,5,6,7,8,9]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a]\n"
             "z: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n",
             "d: " + "[" * 300 + "]" * 300 + "\n", "k: 1\nk: 2\n", "---\n", "...\n",
             "\ufeff", "%YAML 1.1\n", "<<: {a: 1}\n", "? [a]\n: b\n", "\x1b[31m\n"]
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "latin-1", "cp1252", "utf-32"]


def run_cli(argv: list[str], stdin: bytes = b"") -> None:
    """Run kubesim in-process and check it ended as documented (0, 1 or 2, one error line)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse: --help/--version (0), usage errors (2)
                code = exc.code if isinstance(exc.code, int) else -1
                assert code in (0, 2), (argv, exc.code)
    finally:
        sys.stdin = saved
    text = err.getvalue()
    assert code in (0, 1, 2), (argv, code, text)
    assert "Traceback" not in text, (argv, text)
    if code == 2:
        lines = [ln for ln in text.splitlines() if ln.startswith("kubesim: error:")]
        assert len(lines) == 1 and text.endswith("\n"), (argv, text)


# made once: a strategy of a list is made anew (and validated when drawn) at every call
MUTATIONS = st.sampled_from(["fragment", "value", "duplicate", "cut", "junk"])
DRAWN_FRAGMENTS = st.sampled_from(FRAGMENTS)
DRAWN_HOSTILE_VALUES = st.sampled_from(HOSTILE_VALUES)
JUNK = st.text(max_size=30)
DRAWN_ENCODINGS = st.sampled_from(ENCODINGS[:1] * 6 + ENCODINGS)


@st.composite
def mutated(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> bytes:
    """A valid text, maybe mutated by hostile fragments, values and cuts, in some encoding."""
    text = draw(texts)
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(draw(st.integers(0, 3))):
        how = draw(MUTATIONS)
        i = draw(st.integers(0, len(lines) - 1))
        if how == "fragment":
            lines.insert(i, draw(DRAWN_FRAGMENTS))
        elif how == "value":
            head, sep, _ = lines[i].partition(": ")
            if sep:
                lines[i] = f"{head}: {draw(DRAWN_HOSTILE_VALUES)}\n"
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            lines.insert(i, draw(JUNK))
    body = "".join(lines)
    encoding = draw(DRAWN_ENCODINGS)
    return body.encode(encoding, "surrogatepass" if encoding.startswith("utf") else "replace")


def fixed(name: str) -> Callable[[Any], Any]:
    """EXAMPLES[name] examples under the ci profile (`examples`); no deadline (CI machines
    vary)."""
    return settings(max_examples=examples(EXAMPLES[name]), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


@functools.cache
def work() -> Path:
    """A private directory for the generated files (made on first use, removed at the end)."""
    return Path(tempfile.mkdtemp(prefix="kubesim-fuzz-"))


def write(name: str, data: bytes) -> str:
    """`data` as a new file `name` in the private directory. The old one is removed first:
    ext4 flushes a file truncated and written anew to the disk when it is closed (its
    auto_da_alloc), a few milliseconds of waiting per example."""
    path = fresh(work() / name)
    path.write_bytes(data)
    return str(path)


def fresh(path: Path) -> Path:
    """`path`, with no file there: an output written over an old one (renamed over it, as
    kubesim.files replaces a file) is flushed to the disk by ext4 too."""
    path.unlink(missing_ok=True)
    return path


# ------------------------------------------------------------------ files


SPEC_COMMANDS = st.sampled_from([
    lambda f: ["run", f, "--duration", "60", *BUDGET],
    lambda f: ["run", f, "--phases", "2", "--duration", "30", "--format", "json", *BUDGET],
    lambda f: ["windows", f, "--format", "json"],
    lambda f: ["check", f, "--phases", "1", *BUDGET],
])


@fixed("spec")
@given(data=mutated(ks.manifests()), command=SPEC_COMMANDS, stdin=st.booleans())
def _spec(data: bytes, command: Callable[[str], list[str]], stdin: bool) -> None:
    COUNTS["spec"] += 1
    if stdin:
        run_cli(command("-"), stdin=data)
    else:
        run_cli(command(write("spec.yaml", data)))


@fixed("scenario")
@given(data=mutated(ks.scenario_texts()), check=st.booleans())
def _scenario(data: bytes, check: bool) -> None:
    COUNTS["scenario"] += 1
    f = write("s.scenario.yaml", data)
    run_cli(["check", SPEC, "--scenario", f, "--phases", "1", *BUDGET] if check else
            ["run", SPEC, "--scenario", f, "--duration", "60", *BUDGET])


TRACES = st.sampled_from(["jsonl", "csv"]).flatmap(
    lambda fmt: st.tuples(st.just(fmt), mutated(ks.trace_texts(
        format=fmt, targets=["/livez"], max_observations=8))))


@fixed("trace")
@given(trace=TRACES, check=st.booleans(), flags=st.sampled_from(
    [[], ["--trace-restart", "wall"], ["--censored", "reject"], ["--censored", "discard"]]))
def _trace(trace: tuple[str, bytes], check: bool, flags: list[str]) -> None:
    COUNTS["trace"] += 1
    fmt, data = trace
    f = write(f"t.{fmt}", data)
    run_cli(["check", SPEC, "--trace", f, "--phases", "1", *flags, *BUDGET] if check else
            ["run", SPEC, "--trace", f, "--duration", "60", *flags, *BUDGET])


@functools.cache
def run_document() -> str:
    """A real `kubesim run --format json` document, the start of every plot input."""
    out = work() / "run.json"
    assert main(["run", SPEC, "--duration", "40", "--format", "json", "-o", str(out)]) == 0
    return out.read_text()

EXPORT = (HERE / "blackbox_inputs" / "orders_api.json").read_text()
JSON_VALUES = st.sampled_from([None, True, -1, 0, 2**63, 10**400, 1e308, "x", [], {}, "\ufeff",
                               [[[[[]]]]], "9" * 5000])


@st.composite
def json_texts(draw: st.DrawFn) -> tuple[str, bytes]:
    """A run document (for plot) or a Prometheus export (for import-blackbox), with fields
    replaced by hostile values, text fragments, duplicate keys or deep nesting."""
    kind = draw(st.sampled_from(["plot", "blackbox"]))
    doc = json.loads(run_document() if kind == "plot" else EXPORT)
    for _ in range(draw(st.integers(0, 3))):
        cur: Any = doc
        for _ in range(draw(st.integers(0, 4))):  # walk down a little
            if isinstance(cur, dict) and cur:
                key = draw(st.sampled_from(sorted(cur)))
                if not isinstance(cur[key], dict | list) or draw(st.booleans()):
                    cur[key] = copy.deepcopy(draw(JSON_VALUES))  # never the same list twice
                    break
                cur = cur[key]
            elif isinstance(cur, list) and cur:
                i = draw(st.integers(0, len(cur) - 1))
                if not isinstance(cur[i], dict | list) or draw(st.booleans()):
                    cur[i] = copy.deepcopy(draw(JSON_VALUES))
                    break
                cur = cur[i]
    text = json.dumps(doc)
    how = draw(st.sampled_from(["keep", "keep", "deep", "duplicate", "cut", "nan"]))
    if how == "deep":
        text = text[:-1] + ', "x": ' + "[" * 3000 + "]" * 3000 + "}"
    elif how == "duplicate":
        text = text[:-1] + ', "kubesim": 1, "kubesim": 1}'
    elif how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "nan":
        text = text.replace("0", "NaN", 1)
    encoding = draw(st.sampled_from(ENCODINGS[:1] * 4 + ENCODINGS))
    return kind, text.encode(encoding, "replace")


# the inputs this process has run: hypothesis draws the same bytes again and again (the run
# document unmutated, "keep", an encoding that gives the same bytes: in the dev profile 400
# examples are 209 inputs, and 34 pictures drawn are 5 documents); the command is
# deterministic, so an input already run ends as it did and is not run again (a picture
# drawn is a third of a second); kept as digests, not as the documents
JSON_RUN: set[tuple[str, bytes]] = set()


@fixed("json")
@given(doc=json_texts())
def _json(doc: tuple[str, bytes]) -> None:
    COUNTS["json"] += 1
    kind, data = doc
    digest = (kind, hashlib.sha256(data).digest())
    if digest in JSON_RUN:
        return
    JSON_RUN.add(digest)
    f = write(f"{kind}.json", data)
    if kind == "plot":
        run_cli(["plot", f, "-o", str(fresh(work() / "out.png"))])
    else:
        run_cli(["import-blackbox", f, "--timeout", "1", "-o", str(fresh(work() / "out.jsonl"))])


# ------------------------------------------------------------------ flags


SCALARS = st.sampled_from(["0", "1", "-1", "30", "1e9", "1e12", "nan", "inf", "-inf", "abc", "",
                           "9" * 5000, "1..5", "1..1000000", "1,2,3", "none", "=", "-",
                           "livenessProbe.failureThreshold=1,2", "outage.db.length=abc",
                           "stall.length=none", "KEY=VALUE", "relist_seconds=inf",
                           "sync_seconds=-1", "backoff_requeue=x", "KS001", "all",
                           "resync_seconds=1e-9", "backoff_initial=0", "backoff_max=1e308",
                           "container_start_seconds=1e300", "requeue_jitter=1e308",
                           "error_requeue_seconds=0", "trigger_resets_ticker=maybe"])
FLAGS = {
    "run": ["--duration", "--seed", "--phase", "--phases", "--container", "--format", "--profile",
            "--kubelet", "--trace-restart", "--censored", "--max-work"],
    "windows": ["--container", "--format", "--profile", "--kubelet"],
    "check": ["--duration", "--phases", "--seed", "--fail-on", "--ignore", "--outage-seconds",
              "--startup-seconds", "--max-initial-delay", "--max-hang-recovery",
              "--max-ready-recovery", "--expect-not-ready-within", "--expect-ready-within",
              "--expect-survives-stall", "--format", "--kubelet", "--max-work"],
    "sweep": ["--set", "--expect", "--phases", "--seeds", "--seed", "--duration", "--format",
              "--plot-metric", "--kubelet", "--engine", "--max-work"],
}
SWITCHES = {"run": ["--ideal"], "windows": ["--ideal"],
            "check": ["--missing-probes", "--expect-no-restart", "--ideal"],
            "sweep": ["--ideal"]}
SPECS = [SPEC, str(REPO / "probe_specs" / "seed_unified_healthz.yaml"), "-",
         str(HERE / "hostile_inputs" / "spec_billion_laughs.yaml"), str(HERE / "no-such.yaml")]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(FLAGS)))
    argv = [command, draw(st.sampled_from(SPECS))]
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.integers(0, 4)) == 0:
            argv.append(draw(st.sampled_from(SWITCHES[command])))
            continue
        flag, value = draw(st.sampled_from(FLAGS[command])), draw(SCALARS)
        argv += [f"{flag}={value}"] if draw(st.booleans()) else [flag, value]
    if command == "sweep":
        argv += ["--set", draw(st.sampled_from(["livenessProbe.failureThreshold=1,2",
                                                "livenessProbe.periodSeconds=1..3",
                                                "terminationGracePeriodSeconds=0,30"])),
                 "--jobs", "1", "--no-progress", "--phases", "2"]
    if command != "windows":
        argv += BUDGET
    return argv


@fixed("flags")
@given(argv=command_lines())
def _flags(argv: list[str]) -> None:
    COUNTS["flags"] += 1
    run_cli(argv, stdin=Path(SPEC).read_bytes())


# ------------------------------------------------------------------ configuration files
# (issue 18: kept apart from the command fuzzing above, in functions of their own)

CONFIG_EXAMPLES = {"config_yaml": 750, "config_toml": 750}
CONFIG_COUNTS: dict[str, int] = dict.fromkeys(CONFIG_EXAMPLES, 0)
SCENARIO = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
BOUND = ["scenario.yaml", "missing.yaml", "/proc/self/environ", "../" * 12 + "etc/passwd",
         "sub/../scenario.yaml", "link.yaml", "", ".", "..", "a" * 300, "\x00", "-"]
CHECK_KEYS = {"fail_on": st.sampled_from(["error", "warning", "info", "none", "sometimes"]),
              "ignore": st.lists(st.sampled_from(["KS001", "KS004", "all", "KS999",
                                                  "liveness-readiness-same-endpoint"]),
                                 max_size=3),
              "severity": st.dictionaries(st.sampled_from(["KS001", "KS005", "KS999"]),
                                          st.sampled_from(["error", "warning", "info", "x"]),
                                          max_size=2),
              "outage_seconds": st.sampled_from([1, 90, 0, -5, 1e308, 10**30, "x", True]),
              "phases": st.sampled_from([1, 2, 0, 10**6, 10**30, 1.5, "1", True]),
              "max_hang_recovery": st.sampled_from([60, 0.5, 0, None, [], {}]),
              "missing_probes": st.sampled_from([True, False, 1, "yes"])}


@st.composite
def config_data(draw: st.DrawFn) -> dict[str, Any]:
    """A configuration, most keys valid, some not."""
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["kubesim"] = draw(st.sampled_from([1, 1, 2, True, "1", 1.0, None]))
    keys = draw(st.lists(st.sampled_from(sorted(CHECK_KEYS)), max_size=4, unique=True))
    if keys:
        data["check"] = {k: draw(CHECK_KEYS[k]) for k in keys}
    if draw(st.booleans()):
        data["expect"] = {draw(st.sampled_from(["no_restart", "ready_within", "typo"])):
                          draw(st.sampled_from([True, 20, -1, "x"]))}
    if draw(st.booleans()):
        data["bindings"] = [{draw(st.sampled_from(["scenario", "trace", "both"])):
                             draw(st.sampled_from(BOUND)),
                             "applies_to": draw(st.sampled_from([[], [{"name": "x"}],
                                                                 [{"nope": 1}], "x"]))}
                            for _ in range(draw(st.integers(1, 2)))]
    return data


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return '""'
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else "inf"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + "}"


def toml_text(data: dict[str, Any]) -> str:
    """`data` as the [tool.kubesim] tables of a pyproject.toml."""
    lines = ['[project]\nname = "app"\n', "[tool.kubesim]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for k, v in data.items():
        if isinstance(v, dict):
            lines += [f"\n[tool.kubesim.{k}]"] + [f"{json.dumps(str(kk))} = {_toml_value(vv)}"
                                                  for kk, vv in v.items()]
    return "\n".join(lines) + "\n"


TOML_FRAGMENTS = ['tool = "kubesim"\n', 'tool = ["kubesim"]\n', "tool = 1\n",
                  "x = " + "[" * 3000 + "]" * 3000 + "\n", "y = " + "{a = " * 600 + "1"
                  + "}" * 600 + "\n", "z = " + "9" * 5000 + "\n", "[tool.kubesim]\n",
                  "[tool]\nkubesim = 1\n", "a." * 300 + "b = 1\n", 'w = """unterminated\n',
                  "t = 1979-05-27T07:32:00Z\n", "n = nan\n", "[[tool.kubesim.check]]\n",
                  "\ufeff", "\x00\n", "k = 'a'\nk = 'b'\n", "[tool.kubesim.check]\n"]


@st.composite
def toml_mutated(draw: st.DrawFn) -> bytes:
    text = toml_text(draw(config_data()))
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines)))
        how = draw(st.sampled_from(["fragment", "cut", "duplicate"]))
        if how == "fragment":
            lines.insert(i, draw(st.sampled_from(TOML_FRAGMENTS)))
        elif how == "cut" and i < len(lines):
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif i < len(lines):
            lines.insert(i, lines[i])
    encoding = draw(st.sampled_from(["utf-8"] * 6 + ENCODINGS))
    return "".join(lines).encode(encoding, "surrogatepass" if encoding.startswith("utf")
                                 else "replace")


@functools.cache
def config_project() -> Path:
    """A repository (it has a .git) holding a scenario and a symlink out, for bindings."""
    root = work() / "project"
    (root / ".git").mkdir(parents=True)
    (root / "sub").mkdir()
    shutil.copy(SCENARIO, root / "scenario.yaml")
    (root / "link.yaml").symlink_to("/etc/hostname")
    return root


def _config_run(argv: list[str], cwd: Path) -> None:
    with contextlib.chdir(cwd):
        run_cli(argv)


@settings(max_examples=examples(CONFIG_EXAMPLES["config_yaml"]), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=config_data().map(yaml.safe_dump).flatmap(
    lambda text: mutated(st.just(text))), found=st.booleans())
def _config_yaml(data: bytes, found: bool) -> None:
    CONFIG_COUNTS["config_yaml"] += 1
    root = config_project()
    fresh(root / ".kubesim.yaml").write_bytes(data)
    argv = ["check", SPEC, "--phases", "1", *BUDGET]
    _config_run(argv if found else [*argv, "--config", str(root / ".kubesim.yaml")], root / "sub")


@settings(max_examples=examples(CONFIG_EXAMPLES["config_toml"]), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=toml_mutated())
def _config_toml(data: bytes) -> None:
    CONFIG_COUNTS["config_toml"] += 1
    root = config_project()
    (root / ".kubesim.yaml").unlink(missing_ok=True)
    (root / "pyproject.toml").write_bytes(data)
    _config_run(["check", SPEC, "--phases", "1", *BUDGET], root / "sub")
    (root / "pyproject.toml").unlink()


@pytest.mark.parametrize("name", list(CONFIG_EXAMPLES))
def test_cli_fuzz_configuration(name: str) -> None:
    """Generated `.kubesim.yaml` and `pyproject.toml` files, found from the current directory
    upwards or named with --config: exit 0, 1 or 2, one error line, never a traceback."""
    before = CONFIG_COUNTS[name]
    {"config_yaml": _config_yaml, "config_toml": _config_toml}[name]()
    ran = CONFIG_COUNTS[name] - before
    assert ran >= examples(CONFIG_EXAMPLES[name]) * 0.9, (name, ran)
    print(f"\n{name}: {ran} generated configurations through kubesim.cli.main",
          file=sys.stderr)
# ------------------------------------------------------------------ fleet, suggest, sweep --fleet,
# capture (issue 18 item 8): their flags drawn from valid and hostile values; every run small
# (--max-work), a capture short and on loopback (or refused before it connects)


COMMAND_EXAMPLES = {"fleet": 1000, "suggest": 300, "sweep_fleet": 600, "capture": 300}
COMMAND_COUNTS: dict[str, int] = dict.fromkeys(COMMAND_EXAMPLES, 0)
FLEET_VALUES = st.one_of(SCALARS, st.sampled_from([
    "0%", "25%", "100%", "101%", "1000%", "-1%", "1.5", "9" * 30, "1.2.3:4", "100:10",
    "1e308:1", "10:0", ":", "1:", "IfHealthyBudget", "AlwaysAllow", "10", "2", "3", "600",
    "1e308", "2147483647", "2147483648"]))
FLEET_FLAGS = ["--replicas", "--start-spread", "--propagation", "--load", "--min-capacity",
               "--seed", "--duration", "--rollout-at", "--max-surge", "--max-unavailable",
               "--min-ready-seconds", "--progress-deadline", "--pod-start", "--drain-at",
               "--drain-pods", "--pdb-min-available", "--pdb-max-unavailable",
               "--unhealthy-pod-eviction-policy", "--kubelet", "--engine", "--format",
               "--container", "--profile", "--max-work", "--new-scenario", "--start-times",
               "--nodes", "--zones", "--drain-node", "--drain-replicas", "--partition"]
SWEEP_FLEET_FLAGS = ["--replicas", "--start-spread", "--propagation", "--load",
                     "--min-capacity", "--seed", "--duration", "--phases", "--seeds",
                     "--expect", "--kubelet", "--jobs", "--format", "--max-work", "--nodes",
                     "--zones", "--start-times"]
FLEET_SETS = st.sampled_from([
    "replicas=1,2", "replicas=0", "replicas=1..100000", "replicas=2..4", "fleet.load.rps=1e308",
    "fleet.load.rps=50", "fleet.load.capacity=0", "fleet.load.capacity=40",
    "fleet.propagation=1e308", "fleet.propagation=0,5", "fleet.startSpread=-1",
    "fleet.startSpread=0,10", "fleet.minCapacity=5", "fleet.minCapacity=1", "rollout.at=10",
    "rollout.at=1e308", "rollout.maxSurge=0", "rollout.maxUnavailable=0", "preStop.sleep=5",
    "preStop.sleep=-1", "livenessProbe.failureThreshold=1,3"])
SUGGEST_EXPECTS = st.sampled_from([
    "survive-outage=60", "hang-within=30", "starts-within=120", "unready-within=10",
    "survive-outage=60", "hang-within=30", "starts-within=120", "unready-within=10",
    "survive-outage=1e308", "hang-within=0", "x=1", "survive-outage=nan", "starts-within=604800",
    "unready-within=-1", "survive-outage=" + "9" * 400, "starts-within=604801", "hang-within"])
SUGGEST_FLAGS = ["--expect", "--phases", "--seed", "--duration", "--workload", "--container",
                 "--format", "--kubelet", "--max-work", "--scenario", "--profile"]
SCENARIO_FILE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")


# values a command accepts, drawn two times in three (the rest from the hostile values), so
# that the simulation paths are fuzzed too, not only the refusals
VALID = {"--replicas": ["1", "2", "3", "5"], "--start-spread": ["0", "5", "20"],
         "--propagation": ["0", "2", "10"], "--load": ["30:20", "100:40", "5:1"],
         "--min-capacity": ["0", "1", "2"], "--seed": ["0", "1", "7"],
         "--duration": ["30", "60", "120"], "--rollout-at": ["5", "20"],
         "--max-surge": ["0", "1", "25%", "100%"], "--max-unavailable": ["0", "1", "25%", "100%"],
         "--min-ready-seconds": ["0", "5"], "--progress-deadline": ["10", "600"],
         "--pod-start": ["0", "2", "10"], "--drain-at": ["5", "20"], "--drain-pods": ["1", "2"],
         "--pdb-min-available": ["1", "50%"], "--pdb-max-unavailable": ["1", "50%"],
         "--unhealthy-pod-eviction-policy": ["IfHealthyBudget", "AlwaysAllow"],
         "--kubelet": ["relist_seconds=0.5", "resync_seconds=30", "backoff_max=20"],
         "--engine": ["fast", "simpy"], "--format": ["text", "json"], "--profile": ["legacy"],
         "--phases": ["1", "2"], "--seeds": ["1", "2"], "--expect": ["no-restart",
                                                                     "max-restarts=1"],
         "--jobs": ["1"], "--max-work": ["3000"], "--container": ["app"],
         "--start-times": ["0,5,10", "0", "0,1,2,3,4"], "--nodes": ["1", "2", "3"],
         "--zones": ["zone-a", "zone-a,zone-b"], "--drain-node": ["node-1", "node-9"],
         "--drain-replicas": ["0", "0,1"], "--partition": ["0", "1"]}


def _drawn_flags(draw: st.DrawFn, flags: list[str], values: st.SearchStrategy[str],
                 switches: list[str], most: int = 5) -> list[str]:
    argv: list[str] = []
    for _ in range(draw(st.integers(0, most))):
        if switches and draw(st.integers(0, 5)) == 0:
            argv.append(draw(st.sampled_from(switches)))
            continue
        flag = draw(st.sampled_from(flags))
        if flag in ("--scenario", "--new-scenario") and draw(st.booleans()):
            value = SCENARIO_FILE
        elif flag in VALID and draw(st.integers(0, 2)) > 0:
            value = draw(st.sampled_from(VALID[flag]))
        else:
            value = draw(values)
        argv += [f"{flag}={value}"] if draw(st.booleans()) else [flag, value]
    return argv


FUZZ_SPECS = [SPEC, SPEC, str(REPO / "probe_specs" / "seed_unified_healthz.yaml"),
              str(REPO / "examples" / "seed-app" / "deployment.yaml"), *SPECS[2:]]


@st.composite
def fleet_lines(draw: st.DrawFn) -> list[str]:
    argv = ["fleet", draw(st.sampled_from(FUZZ_SPECS)),
            *_drawn_flags(draw, FLEET_FLAGS, FLEET_VALUES,
                          ["--ideal", "--publish-not-ready-addresses"], 6)]
    return [*argv, *BUDGET]


@st.composite
def sweep_fleet_lines(draw: st.DrawFn) -> list[str]:
    chosen = draw(st.lists(FLEET_SETS, min_size=1, max_size=3,
                           unique_by=lambda s: s.partition("=")[0]))
    sets = [a for s in chosen for a in ("--set", s)]
    argv = ["sweep", draw(st.sampled_from(FUZZ_SPECS)), "--fleet", *sets, "--jobs", "1",
            "--no-progress", "--phases", "1",
            *_drawn_flags(draw, SWEEP_FLEET_FLAGS, FLEET_VALUES, ["--ideal"], 4)]
    return [*argv, *BUDGET]


@st.composite
def suggest_lines(draw: st.DrawFn) -> list[str]:
    argv = ["suggest", draw(st.sampled_from(FUZZ_SPECS)), "--expect", draw(SUGGEST_EXPECTS),
            *_drawn_flags(draw, SUGGEST_FLAGS, st.one_of(SCALARS, SUGGEST_EXPECTS), [], 4)]
    return [*argv, "--max-work", "200000"]


class _Healthz(BaseHTTPRequestHandler):
    """A loopback app for capture: 200, a redirect, a 503, by path."""

    def do_GET(self) -> None:  # the stdlib's name
        code = {"/livez": 200, "/moved": 302, "/down": 503}.get(self.path, 404)
        self.send_response(code)
        if code == 302:
            self.send_header("Location", "/livez")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@functools.cache
def loopback() -> str:
    """The base URL of one loopback app, serving for the whole module."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Healthz)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    SERVERS.append(server)
    return f"http://127.0.0.1:{server.server_port}"


SERVERS: list[ThreadingHTTPServer] = []
CAPTURE_VALUES = st.sampled_from([
    "0", "-1", "nan", "inf", "-inf", "1e9", "abc", "", "9" * 5000, "0.05", "0.1", "0.001",
    "100000", "1e-9", "replay", "wall", "1.35", "1.35\r\nX: 1", "x" * 300, "never", "always"])
CAPTURE_FLAGS = ["--interval", "--timeout", "--grace", "--on-restart", "--kube-version",
                 "--progress", "--duration"]


@st.composite
def capture_lines(draw: st.DrawFn) -> list[str]:
    """A short capture (at most 0.2 s) of a loopback app, or flags and URLs it refuses
    before connecting. `--launch` and `--allow-remote` are never drawn: no command runs and
    nothing leaves the machine."""
    url = draw(st.sampled_from([loopback()] * 6 + [loopback() + "/", "http://127.0.0.1:9",
                                "https://example.com", "ftp://127.0.0.1", "http://[::1",
                                "127.0.0.1", "", "http://" + "a" * 9000]))
    good = ["/livez", "/moved", "/down", "/nope"]
    paths = draw(st.lists(st.sampled_from(good), min_size=1, max_size=3, unique=True))
    if draw(st.integers(0, 3)) == 0:  # a hostile one
        paths.append(draw(st.sampled_from(["livez", "/a b", "/" + "x" * 5000, "/\x07", "",
                                           "/livez"])))
    argv = ["capture", url, *[a for p in paths for a in ("--path", p)], "--duration", "0.2",
            "--interval", "0.1"]
    for _ in range(draw(st.integers(0, 3))):
        flag = draw(st.sampled_from(CAPTURE_FLAGS))
        value = draw(CAPTURE_VALUES) if draw(st.integers(0, 2)) == 0 else draw(st.sampled_from(
            {"--interval": ["0.05", "0.1"], "--timeout": ["0.05", "0.5"], "--grace": ["0", "1"],
             "--on-restart": ["replay", "wall"], "--kube-version": ["1.29", "1.35"],
             "--progress": ["never", "always"], "--duration": ["0.1", "0.15"]}[flag]))
        if flag == "--duration" and value not in ("0", "-1", "nan", "inf", "-inf", "1e9",
                                                  "abc", "", "9" * 5000, "100000", "1e-9"):
            value = "0.1"  # only short captures run
        argv += [flag, value]
    output = draw(st.sampled_from(["trace.jsonl", "trace.jsonl", "trace.jsonl", "/dev/null",
                                   "missing/x.jsonl", ""]))
    argv += ["-o", str(work() / output) if output else ""]
    if draw(st.integers(0, 4)) == 0:
        argv += ["--app-log", str(work() / "app.log")]
    return argv


COMMAND_LINES = {"fleet": fleet_lines, "sweep_fleet": sweep_fleet_lines,
                 "suggest": suggest_lines, "capture": capture_lines}


@pytest.mark.parametrize("name", list(COMMAND_EXAMPLES))
def test_cli_fuzz_commands(name: str) -> None:
    """COMMAND_EXAMPLES[name] generated command lines under the ci profile (`examples`),
    each ending as documented; standard input is the liveness spec (for `-`)."""
    stdin = Path(SPEC).read_bytes()

    @settings(max_examples=examples(COMMAND_EXAMPLES[name]), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(argv=COMMAND_LINES[name]())
    def one(argv: list[str]) -> None:
        COMMAND_COUNTS[name] += 1
        run_cli(argv, stdin=stdin)

    before = COMMAND_COUNTS[name]
    one()
    ran = COMMAND_COUNTS[name] - before
    assert ran >= examples(COMMAND_EXAMPLES[name]) * 0.9, (name, ran)
    print(f"\n{name}: {ran} generated command lines through kubesim.cli.main", file=sys.stderr)


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_cli_fuzz(name: str) -> None:
    before = COUNTS[name]
    {"spec": _spec, "scenario": _scenario, "trace": _trace, "json": _json,
     "flags": _flags}[name]()
    ran = COUNTS[name] - before
    # hypothesis may stop early only when it has tried every distinct input it can generate
    assert ran >= examples(EXAMPLES[name]) * 0.9, (name, ran)
    print(f"\n{name}: {ran} generated inputs through kubesim.cli.main", file=sys.stderr)


def test_the_fuzz_runs_at_least_ten_thousand_inputs() -> None:
    """Under the ci profile (examples(n) == n there); a dev run scales them down."""
    assert FUZZ_EXAMPLES >= 10_000


def test_a_module_set_up_again_after_its_teardown_makes_its_project_anew() -> None:
    """pytest-xdist's worksteal may hand a worker a test of this module after its teardown
    removed the private directory: the configuration project inside it is made anew, never
    written into the removed one (each is made again on first use)."""
    before = config_project()
    teardown_module()
    after = config_project()
    assert not before.exists() and after.exists() and (after / ".git").is_dir()


def teardown_module() -> None:
    """The loopback app stopped, the directory removed, and both forgotten: pytest-xdist's
    worksteal may hand this worker another test of the module afterwards (it sets the module
    up again, and each is made anew on first use)."""
    for server in SERVERS:
        server.shutdown()
        server.server_close()
    SERVERS.clear()
    loopback.cache_clear()
    if work.cache_info().currsize:
        shutil.rmtree(work(), ignore_errors=True)
        work.cache_clear()
    # the project made inside that directory goes with it: a test of the module handed to this
    # worker afterwards makes it anew (a clean clone's CI run of stop 50 wrote into the removed
    # directory: FileNotFoundError in test_cli_fuzz_configuration[config_toml])
    config_project.cache_clear()


# ------------------------------------------------------------------ explain's records
# (its own test, so that the shared counts above stay as they are)

EXPLAIN_EXAMPLES = 1500
EXPLAIN_DATA = HERE / "data" / "explain"
EXPLAIN_RECORDS = sorted(str(p) for p in EXPLAIN_DATA.iterdir()
                         if p.is_file() and p.name != "SOURCES.md")
AGES = ["0s", "59s", "119s", "2m", "9m59s", "10m", "3h", "7h59m", "47h", "5d23h", "400d",
        "<unknown>", "<invalid>", "99999999y", "1m61s", "5s1m", "x"]
COUNTS_TEXT = ["(x0 over 1m)", "(x1 over 1m)", "(x999999999 over 2s)", "(x3 over 1y)",
               "(x12 over <invalid>)", "(x3 over)"]


@functools.cache
def synthetic_records() -> list[str]:
    """Event lists (both APIs), a describe text and a Prometheus export of one kubesim run."""
    import explain_synth as synth
    from helpers import CLASSIC, http, pod, scenario
    from helpers import run as simulate_pod
    p = pod(livenessProbe=http("/livez", periodSeconds=5, failureThreshold=2))
    tl = simulate_pod(p, scenario(targets={"/livez": {"windows": [
        {"from": 20, "to": 120, "answer": {"status": 503}}]}}), duration=300, profile=CLASSIC)
    return [synth.events_v1(tl, "web-1"), synth.events_k8s_io(tl, "web-1"),
            synth.describe(tl, p, 300.0), synth.prometheus(tl, "web-1", "app", 10.0, 300.0)]


@st.composite
def explain_texts(draw: st.DrawFn) -> bytes:
    """A real record (tests/data/explain) or a synthetic one, with its ages, counts and
    fields replaced by hostile ones, lines cut or repeated, hostile fragments, other
    encodings."""
    pick = draw(st.integers(0, len(EXPLAIN_RECORDS) + 3))
    text = Path(EXPLAIN_RECORDS[pick]).read_text(encoding="utf-8") if pick < len(
        EXPLAIN_RECORDS) else synthetic_records()[pick - len(EXPLAIN_RECORDS)]
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["age", "count", "number", "json", "none"]))
        if how == "age":
            text = re.sub(r"\b\d+[smhd]\b", draw(st.sampled_from(AGES)), text, count=1)
        elif how == "count":
            text = re.sub(r"\(x\d+ over [^)]*\)", draw(st.sampled_from(COUNTS_TEXT)), text,
                          count=1)
        elif how == "number":
            text = re.sub(r"\b\d+\b", draw(st.sampled_from(HOSTILE_VALUES[:14])), text,
                          count=draw(st.integers(1, 3)))
        elif how == "json" and text.lstrip().startswith("{"):
            text = text.replace('"count": ', '"count": -', 1).replace('"Killing"', '"Kil\u0007"')
    data = draw(mutated(st.just(text)))
    return data


@settings(max_examples=examples(EXPLAIN_EXAMPLES), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=explain_texts(), stdin=st.booleans(), flags=st.sampled_from([
    [], ["--format", "json"], ["--now", "2024-05-01T12:00:00Z"], ["--now", "nonsense"],
    ["--pod", "x"], ["--container", "app"], ["--phases", "1"], ["--expect", "hang-within=5"],
    ["--kubelet", "relist_seconds=inf"], ["--profile", "1.35+"]]))
def _explain_input(data: bytes, stdin: bool, flags: list[str]) -> None:
    COUNTS["explain"] = COUNTS.get("explain", 0) + 1
    argv = ["explain", "-" if stdin else write("record.txt", data), "--phases", "2",
            "--no-suggest", *flags, *BUDGET]
    run_cli(argv, stdin=data if stdin else b"")


def test_cli_fuzz_explain() -> None:
    before = COUNTS.get("explain", 0)
    _explain_input()
    ran = COUNTS.get("explain", 0) - before
    assert ran >= examples(EXPLAIN_EXAMPLES) * 0.9, ran
    print(f"\nexplain: {ran} generated records through kubesim.cli.main", file=sys.stderr)
