"""`.kubesim.yaml` and `[tool.kubesim]`: found from the current directory upwards, validated
with one clear line (file, line, field), overridden by the command line; default
expectations, ignores, severities and scenario bindings reach `check` and `suggest`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import cli

from kubesim.analysis.config import find_config

INPUTS = Path(__file__).resolve().parent / "check_inputs"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project: the config at the root, manifests one folder down (the cwd)."""
    (tmp_path / "k8s").mkdir()
    shutil.copy(INPUTS / "same_endpoint.yaml", tmp_path / "k8s" / "web.yaml")
    shutil.copy(INPUTS / "db_outage.scenario.yaml", tmp_path / "db.scenario.yaml")
    monkeypatch.chdir(tmp_path / "k8s")
    return tmp_path


def findings(capsys, *argv: str) -> tuple[int, dict]:
    code, out, err = cli(capsys, "check", *argv, "--format", "json")
    assert err == "", err
    return code, json.loads(out)


def test_found_upwards_and_applied(capsys, project):
    (project / ".kubesim.yaml").write_text(
        "kubesim: 1\ncheck:\n  fail_on: warning\n  severity: {KS001: info}\n")
    assert find_config() is not None
    code, doc = findings(capsys, "web.yaml")
    assert doc["settings"]["fail_on"] == "warning"
    assert [f["severity"] for f in doc["findings"]] == ["info"] and code == 0


def test_pyproject_tool_section(capsys, project):
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.kubesim.check]\n'
                                            'ignore = ["liveness-readiness-same-endpoint"]\n')
    _, doc = findings(capsys, "web.yaml")
    # suppressed, and by whom: the configuration, not a command-line --ignore
    assert [f["suppressed"] for f in doc["findings"]] == [
        "check.ignore of ../pyproject.toml [tool.kubesim]"]


def test_command_line_wins_and_no_config_reads_none(capsys, project):
    (project / ".kubesim.yaml").write_text("check: {fail_on: info, outage_seconds: 10}\n")
    _, doc = findings(capsys, "web.yaml", "--fail-on", "error")
    assert doc["settings"]["fail_on"] == "error" and doc["settings"]["outage_seconds"] == 10
    _, doc = findings(capsys, "web.yaml", "--no-config")
    assert doc["settings"]["fail_on"] == "error" and doc["settings"]["outage_seconds"] == 120


def test_bindings_and_default_expectations(capsys, project):
    (project / ".kubesim.yaml").write_text(
        "expect: {no_restart: true}\n"
        "bindings:\n  - scenario: db.scenario.yaml\n"
        "    applies_to: [{kind: Deployment, name: unified, container: web}]\n")
    code, doc = findings(capsys, "web.yaml")
    assert [b["label"] for b in doc["behaviours"]] == ["../db.scenario.yaml"]
    ids = sorted(f["id"] for f in doc["findings"])
    assert code == 1 and ids == ["KS001", "KS002", "KS101"]
    assert next(f for f in doc["findings"] if f["id"] == "KS001")["severity"] == "error"


def test_binding_scope_keeps_a_scenario_off_other_workloads(capsys, project):
    (project / ".kubesim.yaml").write_text(
        "bindings:\n  - scenario: db.scenario.yaml\n    applies_to: [{name: another}]\n")
    code, doc = findings(capsys, "web.yaml")
    assert code == 0 and not [c for c in doc["checks"] if c["behaviour"]]
    assert any("matches no probed container" in n for n in doc["notes"])


def test_suggest_defaults(capsys, project):
    (project / ".kubesim.yaml").write_text("suggest:\n  expect: {survive-outage: 60}\n")
    code, out, err = cli(capsys, "suggest", "web.yaml", "--format", "json")
    assert code == 0 and err == ""
    assert json.loads(out)["containers"][0]["before"][0]["expect"] == "survive-outage"


def test_suggest_names_its_configuration_in_every_format(capsys, project):
    """Like check's reports, every suggest report says which configuration it ran with and
    where that departs from the defaults: the suggest.expect it met, the check settings its
    re-checks used; --expect replaces the configuration's expectations (not a departure then),
    and a suggestion without a configuration says so."""
    (project / ".kubesim.yaml").write_text(
        "check: {phases: 4}\nsuggest:\n  expect: {survive-outage: 60}\n")
    head = "configuration: ../.kubesim.yaml (found from the current directory upwards)"
    departures = ["check.phases 4 (default 20)", "suggest.expect.survive-outage 60 (default none)"]
    code, out, err = cli(capsys, "suggest", "web.yaml")
    text = " ".join(out.split())  # the configuration line is wrapped
    assert code == 0 and err == "" and head in text
    assert all(d in text for d in departures), text
    assert text.index(head) > text.index("strategic-merge patch")  # below the patch
    _, out, _ = cli(capsys, "suggest", "web.yaml", "--format", "json")
    c = json.loads(out)["configuration"]
    assert c["file"] == "../.kubesim.yaml" and [(d["key"], d["value"]) for d in
                                                c["departures"]] == [
        ("check.phases", "4"), ("suggest.expect.survive-outage", "60")]
    _, out, _ = cli(capsys, "suggest", "web.yaml", "--format", "sarif")
    run = json.loads(out)["runs"][0]
    assert run["properties"]["configuration"] == c
    (note,) = run["invocations"][0]["toolConfigurationNotifications"]
    assert all(d in note["message"]["text"] for d in departures)
    _, out, _ = cli(capsys, "suggest", "web.yaml", "--format", "yaml")
    first, *rest = out.splitlines()
    assert first.startswith(f"# {head} departs from the defaults: check.phases 4")
    assert yaml_documents("\n".join(rest)) == yaml_documents(out)  # a comment, then the patch
    _, out, _ = cli(capsys, "suggest", "web.yaml", "--expect", "survive-outage=30", "--format",
                    "json")
    assert [d["key"] for d in json.loads(out)["configuration"]["departures"]] == [
        "check.phases"]
    _, out, _ = cli(capsys, "suggest", "web.yaml", "--no-config")
    assert "configuration: none (--no-config): kubesim's defaults" in out


def yaml_documents(text: str) -> list:
    import yaml
    return [d for d in yaml.safe_load_all(text) if d is not None]


@pytest.mark.parametrize("text,where", [
    ("check: {fail_on: sometimes}\n", ":1: configuration: check.fail_on:"),
    ("check:\n  ignore: [KS999]\n", ":2: configuration: check.ignore[0]: unknown check"),
    ("chek: {}\n", ":1: configuration: chek: unknown field"),
    ("check:\n  outage_seconds: -5\n", ":2: configuration: check.outage_seconds:"),
    # as on the command line and in a tool's call: a number of seconds is finite
    ("check:\n  propagation_seconds: .inf\n", ":2: configuration: check.propagation_seconds:"),
    ("check:\n  max_zero_capacity: .inf\n", ":2: configuration: check.max_zero_capacity:"),
    ("bindings:\n  - {applies_to: []}\n", ":2: configuration: bindings.0: a binding names"),
    ("- just\n- a list\n", "configuration must be a mapping"),
])
def test_bad_configuration_is_one_line(capsys, project, text, where):
    (project / ".kubesim.yaml").write_text(text)
    code, out, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert ".kubesim.yaml" in err and where in err


def test_explicit_config_file(capsys, project, tmp_path):
    other = project / "ci.yaml"
    other.write_text("check: {fail_on: warning}\n")
    code, doc = findings(capsys, "web.yaml", "--config", str(other))
    assert code == 1 and doc["settings"]["fail_on"] == "warning"
    code, _, err = cli(capsys, "check", "web.yaml", "--config", "missing.yaml")
    assert code == 2 and "no such file" in err


# ---------------------------------------------------------------- issue 18: a visible gate

RELAXED = ("check:\n  fail_on: none\n  ignore: [KS002]\n  severity: {KS001: info}\n"
           "bindings:\n  - scenario: db.scenario.yaml\n")


def test_every_report_names_the_configuration_and_how_it_relaxes_the_gate(capsys, project):
    """A pull request adds a .kubesim.yaml that turns exit 1 into exit 0: the text summary
    line says the exit code without it, and JSON, SARIF, JUnit and the annotations say which
    file and every departure from the defaults."""
    (project / ".kubesim.yaml").write_text(RELAXED)
    code, out, _ = cli(capsys, "check", "web.yaml")
    assert code == 0
    summary = out.splitlines()[-1]
    assert summary.endswith("fail_on none of ../.kubesim.yaml: exit 0 (exit 1 without the "
                            "fail_on, ignores and severities of ../.kubesim.yaml)"), summary
    text = " ".join(out.split())  # the configuration line is wrapped
    for departure in ("check.fail_on none (default error)", "check.ignore KS002 (default none)",
                      "check.severity.KS001 info (default as measured)",
                      "bindings.0 scenario db.scenario.yaml (default none)"):
        assert departure in text, departure
    assert "configuration: ../.kubesim.yaml (found from the current directory upwards)" in text

    _, doc = findings(capsys, "web.yaml")
    c = doc["configuration"]
    assert (c["file"], c["default_gate_exit_code"], doc["summary"]["exit_code"]) == (
        "../.kubesim.yaml", 1, 0)
    assert [d["key"] for d in c["departures"]] == ["check.fail_on", "check.ignore",
                                                   "check.severity.KS001", "bindings.0"]
    code, out, _ = cli(capsys, "check", "web.yaml", "--format", "sarif")
    run = json.loads(out)["runs"][0]
    assert run["properties"]["configuration"] == c
    (note,) = run["invocations"][0]["toolConfigurationNotifications"]
    assert note["level"] == "warning" and "check.fail_on none" in note["message"]["text"]
    code, out, _ = cli(capsys, "check", "web.yaml", "--format", "junit")
    import xml.etree.ElementTree as ET
    props = {p.get("name"): p.get("value") for p in ET.fromstring(out).iter("property")}
    assert props["kubesim.configuration"] == "../.kubesim.yaml"
    assert props["kubesim.configuration.default_gate_exit_code"] == "1"
    assert "check.fail_on none (default error)" in props["kubesim.configuration.departures"]


def test_the_html_report_shows_the_configuration(capsys, project, tmp_path):
    from test_html import CHROMIUM, browse
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does)")
    (project / ".kubesim.yaml").write_text(RELAXED)
    page = tmp_path / "check.html"
    code, _, err = cli(capsys, "check", "web.yaml", "--phases", "2", "--html", str(page))
    assert code == 0, err
    dom, _ = browse(page)
    box = dom[dom.index('id="configuration"'):]
    box = box[:box.index("</div>")]
    assert 'class="configuration relaxed"' in dom and "../.kubesim.yaml" in box
    assert box.count('class="departure"') == 4 and "check.fail_on none (default error)" in box
    assert "exit 0, exit 1 without the fail_on, ignores and severities" in box


def test_a_gate_without_configuration_says_so(capsys, project):
    code, out, _ = cli(capsys, "check", "web.yaml")
    assert "configuration: none (searched from the current directory upwards): kubesim's " \
           "defaults" in out
    (project / ".kubesim.yaml").write_text(RELAXED)
    for flag in (["--config", "none"], ["--no-config"]):
        code, out, _ = cli(capsys, "check", "web.yaml", "--scenario", "../db.scenario.yaml",
                           *flag)
        assert code == 1 and f"configuration: none ({' '.join(flag)}): kubesim's defaults" in out
        assert out.splitlines()[-1].endswith("--fail-on error: exit 1")


def test_a_file_named_none_is_read_as_dot_slash_none(capsys, project):
    (project / "k8s" / "none").write_text("check: {fail_on: none}\n")
    _, doc = findings(capsys, "web.yaml", "--config", "./none")
    assert doc["configuration"]["file"] == "none" and doc["settings"]["fail_on"] == "none"


def test_the_command_line_overrides_and_then_no_departure_is_shown(capsys, project):
    (project / ".kubesim.yaml").write_text("check: {fail_on: none, outage_seconds: 60}\n")
    _, doc = findings(capsys, "web.yaml", "--fail-on", "error")
    assert [d["key"] for d in doc["configuration"]["departures"]] == ["check.outage_seconds"]
    assert doc["settings"]["fail_on"] == "error"


# ---------------------------------------------------------------- paths inside the repository

SECRET = "TOKEN=s3cr3t-do-not-print\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository (it has a .git) in a folder that also holds a secret outside it."""
    (tmp_path / "secret.env").write_text(SECRET)
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "k8s").mkdir()
    shutil.copy(INPUTS / "same_endpoint.yaml", root / "k8s" / "web.yaml")
    shutil.copy(INPUTS / "db_outage.scenario.yaml", root / "db.scenario.yaml")
    monkeypatch.chdir(root / "k8s")
    return root


@pytest.mark.parametrize("binding,why", [
    ("{path}/secret.env", "an absolute path"),
    ("../secret.env", "leads out of the repository"),
    ("k8s/../../secret.env", "leads out of the repository"),
    ("link.scenario.yaml", "leads out of the repository"),  # an in-repo symlink to the secret
], ids=["absolute", "dotdot", "dotdot-inside", "symlink-out"])
def test_a_binding_out_of_the_repository_is_refused_quoting_nothing(capsys, repo, binding, why):
    (repo / "link.scenario.yaml").symlink_to(repo.parent / "secret.env")
    (repo / ".kubesim.yaml").write_text(
        f"bindings:\n  - scenario: {binding.format(path=repo.parent)}\n")
    code, out, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert f".kubesim.yaml:2: configuration: bindings.0.scenario: {why}" in err, err
    assert "s3cr3t" not in err and "TOKEN" not in err and "secret.env" not in err


def test_bindings_inside_the_repository_are_fine(capsys, repo):
    (repo / "ci").mkdir()
    (repo / "ci" / "link.scenario.yaml").symlink_to(repo / "db.scenario.yaml")
    (repo / "ci" / ".kubesim.yaml").write_text(
        "bindings:\n  - scenario: ../db.scenario.yaml\n  - scenario: link.scenario.yaml\n")
    code, doc = findings(capsys, "web.yaml", "--config", "../ci/.kubesim.yaml")
    assert code == 1 and len(doc["behaviours"]) == 2
    assert [d["value"] for d in doc["configuration"]["departures"]] == [
        "scenario db.scenario.yaml", "scenario db.scenario.yaml"]  # as the repository names it


def test_outside_a_repository_the_configurations_folder_is_the_boundary(capsys, tmp_path,
                                                                        monkeypatch):
    (tmp_path / "secret.env").write_text(SECRET)
    project = tmp_path / "project"  # no .git here or above (tmp_path is not a repository)
    project.mkdir()
    shutil.copy(INPUTS / "same_endpoint.yaml", project / "web.yaml")
    (project / ".kubesim.yaml").write_text("bindings:\n  - trace: ../secret.env\n")
    monkeypatch.chdir(project)
    from kubesim.analysis.config import repository_root
    assert repository_root(project) == project.resolve() or (project / ".git").exists()
    code, _, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and "leads out of the repository" in err and "s3cr3t" not in err


def test_a_configuration_that_links_out_of_its_repository_is_refused(capsys, repo):
    (repo / ".kubesim.yaml").symlink_to(repo.parent / "secret.env")
    code, _, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and "a link out of its repository" in err
    assert "s3cr3t" not in err and "TOKEN" not in err
    code, _, err = cli(capsys, "check", "web.yaml", "--config", "../.kubesim.yaml")
    assert code == 2 and "a link out of its repository" in err and "s3cr3t" not in err


# ---------------------------------------------------------------- bounded like any input


def test_a_huge_pyproject_is_refused_before_it_is_parsed(capsys, project):
    """Issue 18: a 120 MB pyproject.toml was read and parsed whole; the configuration bound
    is 1 MiB, checked while reading (one byte over is enough to refuse)."""
    from kubesim.analysis.config import MAX_CONFIG_BYTES
    with open(project / "pyproject.toml", "w") as fh:
        fh.write("[tool.kubesim.check]\nphases = 1\n")
        fh.write("#" * MAX_CONFIG_BYTES + "\n")
    code, out, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and out == "" and "pyproject.toml: is larger than 1 MiB" in err


def test_a_deep_toml_array_is_one_line_not_a_recursion_error(capsys, project):
    """Issue 18: a 100,000-deep TOML array was a RecursionError traceback."""
    (project / "pyproject.toml").write_text("[tool.kubesim]\nx = " + "[" * 100_000
                                            + "]" * 100_000 + "\n")
    code, out, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "pyproject.toml:2: nesting deeper than 100 levels" in err


@pytest.mark.parametrize("text", [
    'x = "[[[[" # [[[[\n', "x = '''\n[[[[\n'''\n", 'x = """\n{{{{ \\""" """\n',
    'x = """a""""\n', "[a.b]\n[[c]]\ny = [[1, 2], [3]]\n", "x = 'a[' # ]\n"])
def test_the_nesting_scan_skips_strings_and_comments(text):
    """Brackets in strings, comments and table headers are not nesting: valid TOML with them
    reads as tomllib reads it."""
    import tomllib

    from kubesim.analysis.config import _toml_nesting
    tomllib.loads(text)
    assert _toml_nesting(text, 2) is None
    assert _toml_nesting("x = [[[1]]]\n", 2) == 1


@pytest.mark.parametrize("text", ['tool = "kubesim"\n', 'tool = ["kubesim"]\n', "tool = 1\n"])
def test_a_tool_that_is_not_a_table_is_one_line(capsys, project, text):
    (project / "pyproject.toml").write_text(text)
    code, out, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "pyproject.toml: configuration: tool must be a table" in err


@pytest.mark.parametrize("text,where", [
    ("kubesim: true\n", ":1: configuration: kubesim: version must be an integer"),
    ("kubesim: 2\n", ":1: configuration: kubesim: version must be 1"),
    ("kubesim: '1'\n", ":1: configuration: kubesim: version must be an integer"),
])
def test_the_version_is_the_integer_one(capsys, project, text, where):
    """Issue 18: `kubesim: true` was read as version 1 (True == 1)."""
    (project / ".kubesim.yaml").write_text(text)
    code, _, err = cli(capsys, "check", "web.yaml")
    assert code == 2 and where in err, err
