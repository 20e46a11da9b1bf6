"""The output edge (issue 18 item 1): names, paths and messages drawn from every class of
control and invisible character (C0 and C1 controls, CR, ESC sequences, bidi embeddings,
overrides, isolates and marks, zero-width and tag characters, line separators, lone
surrogates, XML non-characters, workflow commands) go through every output format of `kubesim
check` and the other commands, in-process through kubesim.cli.main as a user runs them:

* JSON round-trips every value exactly; SARIF validates against the official SARIF 2.1.0
  schema (tests/data/sarif-schema-2.1.0.json, see tests/data/README.md) and keeps them exact;
* JUnit parses (ElementTree and junitparser);
* text and stderr hold no raw control or invisible character but the newlines of their
  lines, no line a CI runner would take for a command, and stderr is one line;
* `--format github` (and the Action's shell step, run here as the runner runs it: test_packaging)
  emits exactly one workflow command per unsuppressed finding, as GitHub's runner parses it.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from helpers import examples, runner_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from junitparser import JUnitXml

from kubesim.cli.main import main
from kubesim.render import edge

HERE = Path(__file__).resolve().parent
SARIF_SCHEMA = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
SARIF = jsonschema.Draft4Validator(SARIF_SCHEMA,
                                   format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)

# every class of character the edge must neutralise, and the strings that abuse them
CLASSES = {
    "C0": [chr(c) for c in range(0x01, 0x20)] + ["\x7f"],
    "C1": [chr(c) for c in range(0x80, 0xa0)],
    "bidi": ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
             "\u2069", "\u200e", "\u200f", "\u061c"],
    "invisible": ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\U000e0041",
                  "\U000e007f"],
    "separators": ["\u2028", "\u2029", "\x85"],
    "xml-noncharacters": ["\ufffe", "\uffff"],
    "surrogates": ["\ud800", "\udfff"],
}
PAYLOADS = ["\x1b[2K", "\x1b]0;title\x07", "\x1b[31mred", "\x9b31m", "\r::stop-commands::x",
            "\n::error file=README.md,line=1::all checks passed", "##[error]forged",
            "\r\n::add-mask::x", " ::warning::w", "%0A::error::x", "::", "%25", ":,=;]",
            "\u00a0::notice::nbsp", "\t::debug::tab"]
PLAIN = st.sampled_from(list("abcxyz019 ./-_:,=%é😀"))
HOSTILE = st.lists(st.one_of(PLAIN, st.sampled_from([c for cs in CLASSES.values() for c in cs]),
                             st.sampled_from(PAYLOADS)), min_size=1, max_size=8).map("".join)
# YAML cannot carry a lone surrogate (libyaml refuses the escape); a file name can, as the
# surrogate escape of a byte that is not UTF-8: test_an_undecodable_file_name_is_shown
IN_YAML = HOSTILE.map(lambda s: "".join(c for c in s if not 0xd800 <= ord(c) <= 0xdfff)
                      ).filter(bool)
# in a file name: no "/" and no NUL
FILE_NAME = IN_YAML.map(lambda s: "".join(c for c in s if c not in "/\x00")).filter(
    lambda s: s not in ("", ".", ".."))
HIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def yaml_string(value: str) -> str:
    """A YAML double-quoted scalar holding exactly `value`: printable characters as they are,
    every other one as an escape (a raw control is not allowed in YAML; a raw line break
    would be folded)."""
    out = []
    for ch in value:
        code = ord(ch)
        printable = (0x20 <= code <= 0x7e or 0xa0 <= code <= 0xd7ff or 0xe000 <= code <= 0xfffd
                     or code >= 0x10000) and ch not in '"\\\u2028\u2029'
        out.append(ch if printable else f"\\x{code:02x}" if code < 0x100 else
                   f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def manifest(name: str, namespace: str, path: str, reason: str) -> str:
    """A Deployment whose liveness and readiness probes ask the same (hostile) path: KS001;
    its timeout not below its period: KS004, ignored by an annotation with a hostile reason."""
    probe = f"httpGet: {{path: {yaml_string(path)}, port: http}}"
    return f"""\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {yaml_string(name)}
  namespace: {yaml_string(namespace)}
  annotations:
    kubesim.dev/ignore: KS004
    kubesim.dev/ignore-reason: {yaml_string(reason)}
spec:
  selector: {{matchLabels: {{app: x}}}}
  template:
    metadata: {{labels: {{app: x}}}}
    spec:
      containers:
        - name: app
          image: example/app:1
          ports: [{{name: http, containerPort: 8000}}]
          livenessProbe:
            {probe}
            timeoutSeconds: 10
            periodSeconds: 5
          readinessProbe:
            {probe}
"""


def run(*argv: str) -> tuple[int, str, str]:
    """kubesim ARGV in-process: (exit code, stdout, stderr); stdout is encoded as a terminal
    would encode it (UTF-8, strictly: a lone surrogate would fail here)."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", newline="")
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="strict", newline="")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        stdout.flush()
        stderr.flush()
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def assert_neutral(text: str, *, one_line: bool = False) -> None:
    """No raw control or invisible character but the newlines that end lines; no line that
    GitHub's runner would execute; stderr: one line."""
    hidden = {ch for ch in text if unicodedata.category(ch) in HIDDEN_CATEGORIES} - {"\n"}
    assert not hidden, (sorted(hidden), text)
    assert runner_commands(text) == [], text
    if one_line:
        assert text.endswith("\n") and text.count("\n") == 1, text


# ------------------------------------------------------------------ the edge itself


@pytest.mark.parametrize("raw,shown", [
    ("a\rb", "a\\rb"), ("a\nb", "a\\nb"), ("a\tb", "a\\tb"), ("\x1b[2K", "\\x1b[2K"),
    ("\x00", "\\x00"), ("\x7f", "\\x7f"), ("\x85", "\\x85"), ("\x9b", "\\x9b"),
    ("\u202e", "\\u202e"), ("\u2066x\u2069", "\\u2066x\\u2069"), ("\u200e\u200f\u061c",
                                                               "\\u200e\\u200f\\u061c"),
    ("\u2028", "\\u2028"), ("\ufeff", "\\ufeff"), ("\U000e0041", "\\U000e0041"),
    ("\ud800", "\\ud800"), ("café 😀 日本", "café 😀 日本"),
    ("plain /path:1", "plain /path:1"),
])
def test_visible_shows_every_control_and_invisible_character(raw, shown):
    assert edge.visible(raw) == shown


def test_visible_escapes_exactly_the_hidden_categories():
    """Every code point, against this Python's Unicode database."""
    for code in range(0x110000):
        ch = chr(code)
        hidden = unicodedata.category(ch) in HIDDEN_CATEGORIES
        assert (edge.visible(ch) != ch) == hidden, hex(code)


@pytest.mark.parametrize("line", ["::stop-commands::x", "  ::error::x", "\u00a0\u2003::warning::x",
                                  "a ##[error]x", "##[set-output name=x;]y"])
def test_text_defuses_what_the_runner_would_execute(line):
    assert runner_commands(line) != []  # the runner would
    shown = edge.text(f"ok\n{line}\nok\n")
    assert runner_commands(shown) == [] and shown.count("\n") == 3, shown


def test_text_is_the_identity_on_ordinary_text_and_exact_on_json():
    plain = "kubesim check: 1 object: exit 0\n  café: a::b, [x]\n"
    assert edge.text(plain) == plain
    value = {"m": "##[error]x ::stop-commands::y \u202e\r\n", "k": [1, "##["]}
    dumped = json.dumps(value, indent=2)
    assert "##[" in dumped and json.loads(edge.text(dumped)) == value


@pytest.mark.parametrize("chunk", [1, 3, 7, 64 * 1024])
def test_text_stream_sees_a_command_split_across_pieces(monkeypatch, chunk):
    monkeypatch.setattr(edge, "STREAM_CHUNK", chunk)  # chunks cut inside every piece
    pieces = ["ok\n:", ":stop-commands::x\n#", "#[error]y\n", " ", " ::warning::z\n", "tail"]
    streamed = list(edge.text_stream(pieces))
    assert "".join(streamed) == edge.text("".join(pieces))
    assert runner_commands("".join(streamed)) == []
    assert len(streamed) > 1 or chunk > 100  # written as it comes, not held to the end


@settings(max_examples=examples(300), deadline=None)
@given(data=HOSTILE, props=st.dictionaries(st.sampled_from(["file", "title", "line", "col"]),
                                           HOSTILE, max_size=4))
def test_workflow_command_reaches_the_runner_exactly(data, props):
    """What GitHub's runner unescapes is what `visible` shows, whatever the value: one line,
    one command, no property split or cut short."""
    line = edge.workflow_command("warning", props, data)
    assert "\r" not in line and "\n" not in line
    shown = {k: edge.visible(v).strip() for k, v in props.items()}  # trimmed, as the runner does
    assert runner_commands(line) == [("warning", {k: v for k, v in shown.items() if v},
                                      edge.visible(data))]


def test_workflow_command_escapes_as_github_documents():
    """docs.github.com, workflow commands: data `%` `\\r` `\\n`; properties also `:` `,`."""
    line = edge.workflow_command("error", {"file": "a:b,c%d"}, "50% done")
    assert line == "::error file=a%3Ab%2Cc%25d::50%25 done"


def test_xml_value_leaves_no_character_xml_forbids():
    value = "".join(c for cs in CLASSES.values() for c in cs)
    ET.fromstring(f'<a b="{edge.xml_value(value)}">{edge.xml_value(value)}</a>')


# ------------------------------------------------------------------ every format of check


def check_formats(folder: Path, name: str, namespace: str, path: str, reason: str,
                  file_name: str) -> dict[str, tuple[int, str, str]]:
    spec = folder / (file_name + ".yaml")
    spec.write_text(manifest(name, namespace, path, reason), encoding="utf-8")
    config = folder / (file_name + ".kubesim.yaml")
    config.write_text("check: {fail_on: warning}\n")
    base = ["check", "--phases", "1", "--config", str(config), "--", str(spec)]
    return {fmt: run(*base[:-2], "--format", fmt, *base[-2:])
            for fmt in ("text", "json", "junit", "sarif", "github")}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(name=IN_YAML, namespace=IN_YAML, path=IN_YAML, reason=IN_YAML, file_name=FILE_NAME)
def test_every_check_format_neutralises_hostile_strings(name, namespace, path, reason,
                                                        file_name):
    with tempfile.TemporaryDirectory() as tmp:
        outputs = check_formats(Path(tmp), name, namespace, path, reason, file_name)
        spec = str(Path(tmp) / (file_name + ".yaml"))
        for fmt, (code, _, err) in outputs.items():
            assert code in (0, 1), (fmt, err)
            assert err == "", (fmt, err)

        doc = json.loads(outputs["json"][1])  # exact: every value as it was written
        (obj,) = doc["objects"]
        assert (obj["name"], obj["namespace"], obj["file"]) == (name, namespace, spec)
        findings = {f["id"]: f for f in doc["findings"]}
        assert set(findings) == {"KS001", "KS004"}
        assert f"httpGet {path} on port" in findings["KS001"]["message"]
        assert findings["KS004"]["suppressed"] == f"annotation kubesim.dev/ignore: {reason}"

        sarif = json.loads(outputs["sarif"][1])
        errors = sorted(SARIF.iter_errors(sarif), key=str)
        assert errors == [], errors[0].message
        results = {r["ruleId"]: r for r in sarif["runs"][0]["results"]}
        assert results["KS001"]["message"]["text"] == findings["KS001"]["message"]
        assert results["KS004"]["suppressions"][0]["justification"] == \
            findings["KS004"]["suppressed"]

        junit = outputs["junit"][1]
        ET.fromstring(junit.encode("utf-8"))
        suites = list(JUnitXml.fromstring(junit.encode("utf-8")))
        assert len(suites) == 1 and suites[0].name == edge.xml_value(f"Deployment/{name}")

        text = outputs["text"][1]
        assert_neutral(text)
        assert edge.one_line(f"Deployment/{name}") in text

        commands = runner_commands(outputs["github"][1])
        live = [f for f in doc["findings"] if not f["suppressed"]]
        # one per finding that is not suppressed, one for what the manifest's annotation
        # suppressed (KS004), and one for the configuration's fail_on
        assert [c[1].get("title", "") for c in commands][-2:] == [
            "kubesim suppressions", "kubesim configuration"]
        assert [c[1].get("title", "").split()[0] for c in commands[:-2]] == \
            [f["id"] for f in live]
        assert commands[-2][0] == "notice" and "suppress 1 finding (KS004)" in commands[-2][2]
        for (command, props, data), f in zip(commands, live, strict=False):
            assert command == ("error" if f["fails"] else f["severity"])
            assert (props["file"], data) == (edge.visible(spec), edge.visible(f["message"]))


@settings(max_examples=examples(60), deadline=None)
@given(file_name=FILE_NAME, value=HOSTILE)
def test_stderr_is_one_neutral_line(file_name, value):
    """The one-line error of a missing file, and argparse's own error on a bad choice."""
    with tempfile.TemporaryDirectory() as tmp:
        missing = str(Path(tmp) / (file_name + ".yaml"))
        code, out, err = run("check", "--", missing)
        assert code == 2 and out == ""
        assert_neutral(err, one_line=True)
        assert edge.one_line(missing) in err
        code, out, err = run("check", "--format", value, "x.yaml")
        assert code == 2 and out == ""
        assert_neutral(err, one_line=True)


def test_an_undecodable_file_name_is_shown_not_a_traceback(tmp_path):
    """A file name that is not UTF-8 (found in a directory: Python names it with surrogate
    escapes) cannot even be encoded raw; the edge shows it as escapes."""
    folder = tmp_path / "k8s"
    folder.mkdir()
    raw = bytes(folder) + b"/bad\xff\x1b.yaml"
    with open(raw, "w", encoding="utf-8") as fh:
        fh.write(manifest("web", "ns", "/healthz", "r"))
    for fmt in ("text", "github", "junit"):
        code, out, err = run("check", "--phases", "1", "--format", fmt, str(folder))
        assert code == 0 and err == "", err
        assert "bad\\udcff\\x1b.yaml" in out
        if fmt == "text":
            assert_neutral(out)
        if fmt == "github":  # the finding on its file, and the annotation's suppression
            assert [props.get("file") for _, props, _ in runner_commands(out)] == [
                f"{folder}/bad\\udcff\\x1b.yaml", None]
    code, out, _ = run("check", "--phases", "1", "--format", "json", str(folder))
    assert json.loads(out)["inputs"] == [str(folder) + "/bad\udcff\x1b.yaml"]


def test_a_cr_in_the_name_of_a_file_that_cannot_be_read_is_shown_as_r(tmp_path):
    """Issue 28 item 7: the error line of an unreadable file among several joined the
    message's words with spaces, so a CR (or LF, TAB) in its name became a space, unlike
    every other value (docs/ci.md: CR as `\\r`). Text and stderr show `\\r`, JSON keeps the
    name exact, and the GitHub annotation names the file as the runner reads it."""
    folder = tmp_path / "k8s"
    folder.mkdir()
    (folder / "good.yaml").write_text(manifest("web", "ns", "/healthz", "r"))
    bad = folder / "bad\r\tname.yaml"
    bad.write_text("kind: Deployment\nmetadata: {name: x\n")
    shown = edge.visible(str(bad))
    assert shown.endswith("bad\\r\\tname.yaml")
    code, out, err = run("check", "--phases", "1", "--config", "none", str(folder))
    assert code == 2
    assert f"error: {shown}:3: malformed YAML" in out and f"kubesim: error: {shown}:3: " in err
    assert_neutral(out)
    assert_neutral(err, one_line=True)
    code, out, _ = run("check", "--phases", "1", "--config", "none", "--format", "json",
                       str(folder))
    assert json.loads(out)["unreadable"][0]["file"] == str(bad)
    code, out, _ = run("check", "--phases", "1", "--config", "none", "--format", "github",
                       str(folder))
    (error,) = [c for c in runner_commands(out) if c[1].get("title") == "kubesim: input not read"]
    assert error[1]["file"] == shown and error[2].startswith(f"{shown}:3: malformed YAML")


# ------------------------------------------------------------------ the other commands

NAME = "web\u202eevil\r::stop-commands::x\n::error file=README.md::ok\x1b]0;t\x07"
PATH = "/h\u2066\r::stop-commands::x\n##[error]v1\x1b[2K"


@pytest.fixture(scope="module")
def hostile_spec(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("edge")
    spec = folder / "s\r\u202e.yaml"
    spec.write_text(manifest(NAME, "ns\x1b[2K", PATH, "r\r\n::error::forged"), encoding="utf-8")
    return str(spec)


@pytest.mark.parametrize("argv", [
    ["run", "--duration", "40"], ["run", "--duration", "40", "--phases", "2"],
    ["run", "--duration", "40", "--changes-only"], ["windows"],
    ["fleet", "--duration", "40", "--replicas", "2"],
    ["suggest", "--expect", "survive-outage=30", "--phases", "1"],
    ["sweep", "--set", "livenessProbe.failureThreshold=1,2", "--phases", "1", "-j", "1",
     "--duration", "40", "--no-progress"],
    ["sweep", "--set", "livenessProbe.failureThreshold=1,2", "--phases", "1", "-j", "1",
     "--duration", "40", "--no-progress", "--format", "csv"],
    ["check", "--phases", "1"],
], ids=lambda a: "-".join(a[:1] + [x for x in a if x in ("--phases", "csv", "--changes-only")]))
def test_every_text_output_is_neutral(hostile_spec, argv):
    code, out, err = run(*argv, "--", hostile_spec)
    assert code in (0, 1), err
    assert_neutral(out)
    for line in err.splitlines(keepends=True):  # sweep's timing note
        assert_neutral(line, one_line=True)


@pytest.mark.parametrize("argv", [
    ["run", "--format", "json", "--duration", "40"], ["windows", "--format", "json"],
    ["fleet", "--format", "json", "--duration", "40", "--replicas", "2"],
    ["suggest", "--format", "json", "--expect", "survive-outage=30", "--phases", "1"],
    ["sweep", "--format", "json", "--set", "livenessProbe.failureThreshold=1", "--phases", "1",
     "-j", "1", "--duration", "40", "--no-progress"],
], ids=lambda a: a[0])
def test_every_json_output_is_exact_and_neutral(hostile_spec, argv):
    code, out, err = run(*argv, "--", hostile_spec)
    assert code in (0, 1), err
    assert_neutral(out)
    stack, strings = [json.loads(out)], []
    while stack:  # every string of the document
        value = stack.pop()
        stack += value.values() if isinstance(value, dict) else value if isinstance(
            value, list) else []
        strings += [value] if isinstance(value, str) else []
    assert any(NAME in s for s in strings)  # the name, exactly


def test_plot_and_import_blackbox_errors_are_neutral(tmp_path):
    bad = tmp_path / "x\r::stop-commands::y\u202e.json"
    bad.write_text("{not json")
    for argv in (["plot", "-o", str(tmp_path / "o.png"), "--", str(bad)],
                 ["import-blackbox", "-o", str(tmp_path / "o.jsonl"), "--", str(bad)]):
        code, out, err = run(*argv)
        assert code == 2 and out == ""
        assert_neutral(err, one_line=True)


def test_html_title_and_page_show_escapes(hostile_spec, tmp_path):
    page = tmp_path / "run.html"
    code, _, err = run("run", "--duration", "40", "--html", str(page), "--", hostile_spec)
    assert code == 0, err
    head = page.read_text(encoding="utf-8").split("<style>")[0]
    title = re.search(r"<title>(.*)</title>", head, re.DOTALL).group(1)
    assert_neutral(title) and "\\u202e" in title
    payload = re.search(r'id="kubesim-data">(.*?)</script>', page.read_text(), re.DOTALL).group(1)
    assert payload.isascii() and "</" not in payload  # data exact, the element not ended


def test_the_page_script_escapes_as_visible_does(tmp_path):
    """The page's own edge (report.js `vis`) against kubesim.render.edge.visible, in a real
    headless Chromium, for one character of every class."""
    from test_html import CHROMIUM, browse, console
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does)")
    values = [c for cs in CLASSES.values() for c in cs if not 0xd800 <= ord(c) <= 0xdfff]
    spec = tmp_path / "s.yaml"
    spec.write_text(manifest("n" + "".join(values), "ns", "/p", "r"), encoding="utf-8")
    page = tmp_path / "check.html"
    code, _, err = run("check", "--phases", "1", "--html", str(page), "--", str(spec))
    assert code == 0, err
    dom, log = browse(page)
    assert console(log) == []
    shown = edge.visible("Deployment/n" + "".join(values))
    assert shown.replace("&", "&amp;").replace("<", "&lt;") in dom
    hidden = {ch for ch in dom if unicodedata.category(ch) in HIDDEN_CATEGORIES} - {"\n"}
    assert not hidden, sorted(hidden)
