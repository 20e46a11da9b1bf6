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


@pytest.mark.parametrize("text,where", [
    ("check: {fail_on: sometimes}\n", ":1: configuration: check.fail_on:"),
    ("check:\n  ignore: [KS999]\n", ":2: configuration: check.ignore[0]: unknown check"),
    ("chek: {}\n", ":1: configuration: chek: unknown field"),
    ("check:\n  outage_seconds: -5\n", ":2: configuration: check.outage_seconds:"),
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
