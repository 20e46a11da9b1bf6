"""What a `kubesim check` report must always show, in every format (text, JSON, SARIF, JUnit,
GitHub workflow commands, HTML):

* issue 28 item 6: findings the pull request's own manifests switched off with the
  `kubesim.dev/ignore` annotation are counted and the exit code without them is given, as
  a relaxed configuration's are (one `::notice` in `--format github`; SARIF `suppressions`
  of kind `inSource` at the annotation's line). The exit code "without them" is checked
  against a real run of the same manifest without the annotation.
* issue 32 item 4: a directory run (or several named inputs) reports every input it could
  read and lists each one it could not with its error; the exit code is 2, and only after
  the report is written. Real inputs: the corpus's external-dns chart, whose default
  values fail its own values schema (both Helm engines refuse it), beside good manifests;
  a scenario key that is ambiguous among mesh-injected containers of one file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from helpers import CORPUS, cli, runner_commands

REPO = Path(__file__).resolve().parent.parent
HOSTILE = REPO / "tests" / "hostile_inputs"
IGNORED = HOSTILE / "ok_check_ignore_all.yaml"  # KS010 twice (errors), `ignore: all`
SCHEMA = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
SARIF = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
EXTERNAL_DNS = CORPUS / "charts" / "external-dns"
FORMATS = ("text", "json", "sarif", "github", "junit")


def run_all(capsys, *argv: str) -> dict[str, tuple[int, str, str]]:
    return {fmt: cli(capsys, "check", "--phases", "2", "--format", fmt, *argv)
            for fmt in FORMATS}


def without_annotation(tmp_path: Path, name: str = "plain.yaml") -> Path:
    """The same manifest with its kubesim.dev/ignore annotation renamed away."""
    plain = tmp_path / name
    plain.write_text(IGNORED.read_text().replace("kubesim.dev/ignore:", "example.com/note:"))
    return plain


def annotation_line(path: Path) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1)
                if "kubesim.dev/ignore:" in line)


# ---------------------------------------------------------------- issue 28 item 6


def test_what_the_manifests_own_annotations_suppress_is_said_in_every_format(capsys, tmp_path):
    """`kubesim.dev/ignore: all` on a Deployment whose two probes name undeclared ports
    (KS010, errors): exit 0 as before, and every format says that 2 findings were
    suppressed by it and that the exit code without it is the real run's."""
    code_without, out, _ = cli(capsys, "check", "--phases", "2", "--config", "none",
                               str(without_annotation(tmp_path)), "--format", "json")
    plain = json.loads(out)
    assert code_without == 1 and plain["summary"]["failing"] == 2  # the findings, unsuppressed
    outputs = run_all(capsys, "--config", "none", str(IGNORED))
    assert {fmt: code for fmt, (code, _, _) in outputs.items()} == dict.fromkeys(FORMATS, 0)
    said = (f"the manifests' own kubesim.dev/ignore annotations suppress 2 findings (KS010): "
            f"exit 0, exit {code_without} without them")

    text = outputs["text"][1]
    assert said in " ".join(text.split())  # the line wraps at 100 columns
    assert text.splitlines()[-1].endswith(
        f"2 suppressed; --fail-on error: exit 0 (exit {code_without} without the manifests' "
        "kubesim.dev/ignore annotations)")

    doc = json.loads(outputs["json"][1])
    assert doc["suppressed_in_source"] == {"annotation": "kubesim.dev/ignore", "findings": 2,
                                           "rules": ["KS010"], "exit_code_without": code_without}
    assert [f["suppressed_by"] for f in doc["findings"]] == ["annotation", "annotation"]
    assert [(f["id"], f["message"]) for f in doc["findings"]] == [
        (f["id"], f["message"]) for f in plain["findings"]]  # the same findings, switched off

    commands = runner_commands(outputs["github"][1])  # one notice, nothing else
    assert [(c[0], c[1]) for c in commands] == [("notice", {"title": "kubesim suppressions"})]
    assert commands[0][2] == said

    sarif = json.loads(outputs["sarif"][1])
    assert sorted(SARIF.iter_errors(sarif), key=str) == []
    run = sarif["runs"][0]
    line = annotation_line(IGNORED)
    for result in run["results"]:
        (suppression,) = result["suppressions"]
        assert suppression["kind"] == "inSource"
        where = suppression["location"]["physicalLocation"]
        assert where["region"]["startLine"] == line
        assert where["artifactLocation"]["uri"].endswith("ok_check_ignore_all.yaml")
    assert run["properties"]["suppressedInSource"] == doc["suppressed_in_source"]
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"] == said and note["level"] == "warning"

    props = {p.get("name"): p.get("value")
             for p in ET.fromstring(outputs["junit"][1]).iter("property")}
    assert props["kubesim.suppressed_in_source"] == said
    assert props["kubesim.suppressed_in_source.exit_code_without"] == str(code_without)
    skipped = [c.find("skipped") for c in ET.fromstring(outputs["junit"][1]).iter("testcase")
               if c.find("skipped") is not None]  # KS010's check run, both its findings
    assert [s.get("message") for s in skipped] == ["suppressed: annotation kubesim.dev/ignore"]


def test_a_configuration_and_the_annotations_each_enough_are_undone_together(
        capsys, tmp_path, monkeypatch):
    """A pull request adds a `.kubesim.yaml` that ignores KS010 and annotates the manifest
    too: undoing either alone leaves the other, so only undoing both changes the verdict,
    and the reports say that (checked against a real run without either)."""
    shutil.copy(IGNORED, tmp_path / "app.yaml")
    (tmp_path / ".kubesim.yaml").write_text("check: {ignore: [KS010]}\n")
    monkeypatch.chdir(tmp_path)
    without_annotation(tmp_path, "bare.yaml")
    bare, _, _ = cli(capsys, "check", "--phases", "2", "--config", "none", "bare.yaml")
    assert bare == 1
    code, out, _ = cli(capsys, "check", "--phases", "2", "app.yaml")
    assert code == 0
    assert out.splitlines()[-1].endswith(
        f"exit 0 (exit {bare} without both the fail_on, ignores and severities of "
        ".kubesim.yaml and the manifests' kubesim.dev/ignore annotations)")
    assert "suppress 2 findings (KS010): exit 0 with or without them" in " ".join(out.split())


def test_the_html_report_shows_what_the_annotations_suppressed(capsys, tmp_path):
    from test_html import CHROMIUM, browse
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does)")
    page = tmp_path / "check.html"
    code, _, err = cli(capsys, "check", "--phases", "2", "--config", "none", str(IGNORED),
                       "--html", str(page))
    assert code == 0, err
    dom, log = browse(page)
    box = dom[dom.index('id="suppressed-in-source"'):]
    box = box[:box.index("</div>")]
    assert "relaxed" in dom[dom.rindex("<div", 0, dom.index('id="suppressed-in-source"')):
                            dom.index('id="suppressed-in-source"')]
    assert "suppress 2 findings (KS010)" in box and "exit 0, exit 1 without them" in box


# ---------------------------------------------------------------- issue 32 item 4

needs_external_dns = pytest.mark.skipif(
    not EXTERNAL_DNS.is_dir() or not (shutil.which("helm") or os.environ.get("HELM_BIN")),
    reason="the corpus's external-dns chart or the helm program is absent")


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A repository folder: a chart whose default values fail its own values schema, a
    manifest with an error finding, and one that passes."""
    folder = tmp_path / "repo"
    folder.mkdir()
    shutil.copytree(EXTERNAL_DNS, folder / "external-dns")
    shutil.copy(REPO / "tests" / "check_inputs" / "named_port_missing.yaml", folder / "ports.yaml")
    shutil.copy(REPO / "examples" / "seed-app" / "deployment.yaml", folder / "orders.yaml")
    return folder


def kubesim(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """The real command, as CI runs it: its exit code and what it wrote."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "kubesim", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


@needs_external_dns
def test_a_directory_run_reports_every_input_it_could_read_in_every_format(mixed, tmp_path):
    """Before, the chart's render error ended the run: exit 2, nothing on stdout. Now each
    format reports the two manifests' objects and findings, and lists the chart with its
    error; the process then exits 2 (the report is complete when it does)."""
    base = ["check", ".", "--phases", "2", "--config", "none"]
    done = {fmt: kubesim(mixed, *base, "--format", fmt) for fmt in FORMATS}
    for fmt, d in done.items():
        assert d.returncode == 2 and d.stdout, (fmt, d.stderr)
        assert d.stderr.count("\n") == 1 and "external-dns" in d.stderr  # one line per input
    schema_error = "values don't meet the specifications of the schema"
    assert schema_error in done["text"].stderr

    text = done["text"].stdout
    assert "ports.yaml:3 Deployment/ports" in text and "orders.yaml:14 Deployment/orders" in text
    assert re.search(rf"^error: external-dns: helm chart: .*{schema_error}.* \(not checked\)$",
                     text, re.MULTILINE), text
    assert text.splitlines()[-1].endswith("exit 2 (1 bad input, named above)")

    doc = json.loads(done["json"].stdout)
    assert sorted(o["object"] for o in doc["objects"]) == ["Deployment/orders",
                                                           "Deployment/ports"]
    # KS010 on web's ports; the exporter has no probe of its own (KS008, KS009 per container)
    assert {f["id"] for f in doc["findings"]} == {"KS008", "KS009", "KS010"}
    (bad,) = doc["unreadable"]
    assert bad["file"] == "external-dns" and schema_error in bad["error"]
    assert doc["summary"]["exit_code"] == 2 and len(doc["errors"]) == 1

    sarif = json.loads(done["sarif"].stdout)
    assert sorted(SARIF.iter_errors(sarif), key=str) == []
    run = sarif["runs"][0]
    assert {r["ruleId"] for r in run["results"]} == {"KS008", "KS009", "KS010"}
    invocation = run["invocations"][0]
    assert invocation["exitCode"] == 2 and invocation["executionSuccessful"] is False
    (note,) = [n for n in invocation["toolExecutionNotifications"] if n["level"] == "error"]
    assert schema_error in note["message"]["text"]
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "external-dns"

    commands = runner_commands(done["github"].stdout)
    errors = [(c[1].get("file"), c[1]["title"]) for c in commands if c[0] == "error"]
    assert sorted(errors) == [("external-dns", "kubesim: input not read"),
                              ("ports.yaml", "KS010 probe-port-not-declared (web)"),
                              ("ports.yaml", "KS010 probe-port-not-declared (web)")]

    junit = ET.fromstring(done["junit"].stdout)
    assert junit.get("errors") == "1"
    (suite,) = [s for s in junit.iter("testsuite") if s.get("name") == "kubesim: inputs not read"]
    (case,) = suite.iter("testcase")
    assert case.get("file") == "external-dns"
    assert schema_error in case.find("error").get("message")
    assert {s.get("name") for s in junit.iter("testsuite")} == {
        "Deployment/ports", "Deployment/orders", "kubesim: inputs not read"}


@needs_external_dns
def test_the_html_page_and_the_sarif_file_are_written_before_exit_2(mixed, tmp_path):
    from test_html import CHROMIUM, browse
    page, sarif = tmp_path / "check.html", tmp_path / "check.sarif"
    done = kubesim(mixed, "check", ".", "--phases", "2", "--config", "none", "--html",
                   str(page), "--sarif", str(sarif), "-o", str(tmp_path / "out.txt"))
    assert done.returncode == 2 and done.stdout == ""
    assert "Deployment/ports" in (tmp_path / "out.txt").read_text()
    assert json.loads(sarif.read_text())["runs"][0]["invocations"][0]["exitCode"] == 2
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does)")
    dom, _ = browse(page)
    box = dom[dom.index('id="unreadable"'):]
    box = box[:box.index("</div>")]
    assert "Not read (1 input; exit 2)" in box and "external-dns: helm chart" in box
    assert "Deployment/ports" in dom


@needs_external_dns
def test_a_named_chart_that_cannot_render_among_named_files(capsys, mixed, monkeypatch):
    """Named on the command line, the chart is still an error (exit 2), and the other named
    files are still checked and reported; alone, it is the one-line error."""
    monkeypatch.chdir(mixed)
    code, out, err = cli(capsys, "check", "--phases", "2", "--config", "none", "--format",
                         "json", "ports.yaml", "external-dns")
    doc = json.loads(out)
    assert code == 2 and [o["object"] for o in doc["objects"]] == ["Deployment/ports"]
    assert [u["file"] for u in doc["unreadable"]] == ["external-dns"]
    code, out, err = cli(capsys, "check", "--phases", "2", "--config", "none", "external-dns")
    assert code == 2 and out == "" and err.count("\n") == 1


MESH = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: meshed}
spec:
  selector: {matchLabels: {app: meshed}}
  template:
    metadata: {labels: {app: meshed}}
    spec:
      containers:
        - name: app
          ports: [{containerPort: 8080}]
          readinessProbe: {httpGet: {path: /healthz, port: 8080}}
        - name: istio-proxy
          ports: [{containerPort: 15021}]
          readinessProbe: {httpGet: {path: /healthz, port: 15021}}
"""


def test_an_ambiguous_key_in_one_file_of_a_directory_leaves_the_rest_reported(capsys,
                                                                              tmp_path):
    """One file holding a mesh-injected Deployment (two containers serve /healthz) and the
    seed app: a scenario keyed "/healthz" cannot say which container of the first it means
    (spec.targets). Before, `check DIR` ended there (exit 2, no report); now the seed app is
    reported and both containers of the other are listed with the error."""
    (tmp_path / "k8s").mkdir()
    seed = (REPO / "examples" / "seed-app" / "deployment.yaml").read_text()
    (tmp_path / "k8s" / "all.yaml").write_text(MESH + "---\n" + seed)
    scenario = tmp_path / "outage.scenario.yaml"
    scenario.write_text('targets: {"/healthz": {answer: {status: 503}}}\n')
    outputs = run_all(capsys, "--config", "none", "--scenario", str(scenario),
                      str(tmp_path / "k8s"))
    for fmt, (code, out, err) in outputs.items():
        assert code == 2 and out, (fmt, err)
        assert err.count('"/healthz" is ambiguous in Deployment/meshed') == 2, err
    doc = json.loads(outputs["json"][1])
    assert [o["object"] for o in doc["objects"]] == ["Deployment/orders"]
    assert [u["error"].split(":")[0] for u in doc["unreadable"]] == [
        "Deployment/meshed container app", "Deployment/meshed container istio-proxy"]
    assert "Deployment/orders" in outputs["text"][1]
