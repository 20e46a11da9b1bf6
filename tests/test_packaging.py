"""Packaging for CI: the pre-commit hooks (run by the real `pre-commit` in a temporary git
repository, no network), the GitHub Action (parsed, its shell steps run here as a runner would
run them), the Dockerfile (parsed: no container engine here), and what a gate needs from
`kubesim check`: non-manifest YAML skipped when asked, an empty input refused unless allowed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml
from helpers import cli, examples, runner_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.render.edge import visible

REPO = Path(__file__).resolve().parent.parent
SPLIT = REPO / "examples" / "property-tests" / "deployment.yaml"  # hang -> running 62.5 s
BIN = Path(sys.executable).parent  # where this environment's `kubesim` script is

# hang -> kill decision alone is at least 10 periods of 10 s: far over a 90 s bound (KS006)
SLOW_LIVENESS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: slow}
spec:
  selector: {matchLabels: {app: slow}}
  template:
    metadata: {labels: {app: slow}}
    spec:
      containers:
        - name: app
          image: example/slow:1
          ports: [{name: http, containerPort: 8000}]
          livenessProbe:
            httpGet: {path: /livez, port: http}
            periodSeconds: 10
            failureThreshold: 10
          readinessProbe:
            httpGet: {path: /readyz, port: http}
"""
VALUES = "replicaCount: 3\nimage:\n  repository: example/app\n  tag: '1.0'\n"
TEMPLATE = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n"
            "{{- if .Values.probes }}\nspec: {}\n{{- end }}\n")


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return cli(capsys, "check", *argv)


# ---------------------------------------------------------------- skip and empty


def test_named_non_manifests_are_bad_input_unless_skipped(capsys, tmp_path):
    (tmp_path / "values.yaml").write_text(VALUES)
    (tmp_path / "deployment.yaml").write_text(TEMPLATE)
    code, _, err = check(capsys, str(tmp_path / "values.yaml"))
    assert code == 2 and "values.yaml" in err and "Traceback" not in err
    code, out, err = check(capsys, "--skip-non-manifests", str(tmp_path / "values.yaml"),
                           str(tmp_path / "deployment.yaml"), str(SPLIT), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    reasons = {Path(s["file"]).name: s["reason"] for s in doc["skipped"]}
    assert set(reasons) == {"values.yaml", "deployment.yaml"}
    assert "no kind" in reasons["values.yaml"] and "template" in reasons["deployment.yaml"]
    assert [o["object"] for o in doc["objects"]] == ["Deployment/orders"]


def test_skipping_never_hides_a_broken_manifest(capsys, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: Deployment\nmetadata: {name: x\n")  # not a template: no {{
    code, _, err = check(capsys, "--skip-non-manifests", str(broken))
    assert code == 2 and "broken.yaml:" in err and "malformed YAML" in err


@pytest.mark.parametrize("text", ["", "# nothing\n", "---\n---\n"])
def test_empty_stdin_is_bad_input_unless_allowed(capsys, monkeypatch, text):
    """A failed `helm template ... | kubesim check -` (no pipefail) must not pass the gate."""
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = check(capsys, "-")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "stdin" in err and "--allow-empty" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, _ = check(capsys, "--allow-empty", "-", "--skip-non-manifests")
    assert code == 0 and "0 objects" in out


def test_only_skipped_files_is_empty(capsys, tmp_path):
    (tmp_path / "values.yaml").write_text(VALUES)
    code, _, err = check(capsys, str(tmp_path))
    assert code == 2 and "1 file skipped" in err
    code, out, _ = check(capsys, str(tmp_path), "--allow-empty")
    assert code == 0 and "values.yaml: skipped" in out


# ---------------------------------------------------------------- pre-commit


def _git(cwd: Path, *argv: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *argv], cwd=cwd, env=env, check=True, text=True,
                          capture_output=True).stdout.strip()


@pytest.fixture
def hook_repo(tmp_path: Path) -> tuple[str, str]:
    """A git repository holding this worktree's .pre-commit-hooks.yaml: (file:// url, rev)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    shutil.copy(REPO / ".pre-commit-hooks.yaml", hooks)
    _git(hooks, "init", "-q")
    _git(hooks, "add", "-A")
    _git(hooks, "commit", "-q", "-m", "hooks")
    return hooks.as_uri(), _git(hooks, "rev-parse", "HEAD")


def _pre_commit(project: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
           "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run([str(BIN / "pre-commit"), "run", "--all-files", "--color", "never"],
                          cwd=project, env=env, text=True, capture_output=True, timeout=300)


def test_pre_commit_hook_passes_a_good_commit_and_fails_a_bad_one(tmp_path, hook_repo):
    """The real pre-commit runs the shipped hook (language: system: no environment to build,
    no network) on a repository with a manifest, Helm values and a Helm template."""
    if not (BIN / "pre-commit").exists():
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    url, rev = hook_repo
    project = tmp_path / "project"
    (project / "chart" / "templates").mkdir(parents=True)
    shutil.copy(SPLIT, project / "deployment.yaml")
    (project / "chart" / "values.yaml").write_text(VALUES)
    (project / "chart" / "templates" / "deployment.yaml").write_text(TEMPLATE)
    (project / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{
        "repo": url, "rev": rev, "hooks": [{"id": "kubesim-check-system"}]}]}))
    # the hook's options: in the repository's configuration (after the entry's `--`, pre-commit's
    # `args` would be file names)
    (project / ".kubesim.yaml").write_text("check: {max_hang_recovery: 90}\n")
    _git(project, "init", "-q")
    _git(project, "add", "-A")

    good = _pre_commit(project, tmp_path)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout
    # the hook saw every YAML file: the values and the template were skipped, not errors
    (project / "slow.yaml").write_text(SLOW_LIVENESS)
    _git(project, "add", "-A")
    bad = _pre_commit(project, tmp_path)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout and "KS006" in bad.stdout
    assert "values.yaml: skipped" in bad.stdout
    assert "templates/deployment.yaml: skipped" in bad.stdout
    assert "Deployment/slow" in bad.stdout and "Deployment/orders: ok" in bad.stdout


def test_the_documented_hook_revision_is_this_release():
    """The tag scheme is `v` + kubesim/_version.py: the CI page's (docs/ci.md, where the
    README's pre-commit section moved) and the hooks file's `rev` name this version, so a
    copied snippet installs the release it documents."""
    from kubesim._version import __version__

    readme = (REPO / "docs" / "ci.md").read_text()
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text()
    for text in (readme, hooks):
        revs = re.findall(r"\brev: (\S+)", text)
        assert revs and set(revs) == {f"v{__version__}"}, revs
    assert f"this release is `v{__version__}`" in readme


def test_the_python_hook_carries_the_chart_engine_the_render_extra_pins():
    """pre-commit installs a `language: python` hook with `pip install .` and the hook's
    additional_dependencies: the core, and Helm's engine as a library at the pin of the
    `render` extra, so a staged chart is rendered in the hook's own environment."""
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert sorted(d.split(">")[0].split("=")[0] for d in project["dependencies"]) == [
        "numpy", "pydantic", "pyyaml", "simpy"]
    hook = next(h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
                if h["id"] == "kubesim-check")
    assert hook["language"] == "python"
    assert hook["additional_dependencies"] == project["optional-dependencies"]["render"]
    for name in ("charts/web/templates/deploy.yaml", "charts/web/templates/_helpers.tpl",
                 "charts/web/values.schema.json", "k8s/app.yml"):
        assert re.search(hook["files"], name), name


def test_the_release_the_docs_name_is_a_tag_with_a_changelog_entry():
    """docs/ci.md, the hooks file and action.yml name `v` + the version; that tag exists in
    this repository (a clone without any tag cannot tell, and says so) and CHANGELOG.md has
    its section."""
    from kubesim._version import __version__

    tag = f"v{__version__}"
    assert f"## {tag}" in (REPO / "CHANGELOG.md").read_text()
    assert f"@{tag}" in (REPO / "action.yml").read_text()
    assert f"@{tag}" in (REPO / "docs" / "ci.md").read_text()
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout: the tags cannot be listed")
    tags = subprocess.run(["git", "tag", "--list"], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout.split()
    if not tags:
        pytest.skip("this clone holds no tags (cloned with --no-tags): cannot tell")
    assert tag in tags, f"{tag} is not a tag of this repository (tags: {tags})"


# staged file names that argparse would take for options without the entry's `--`
OPTION_NAMES = ["--output=.pre-commit-config.yaml", "--config=evil.yaml", "-o x.yaml",
                "--html=page.yaml", "--fail-on=none.yaml", "--sarif=report.yaml"]


def test_staged_files_named_like_options_are_checked_as_files(tmp_path, hook_repo):
    """Issue 18: pre-commit appends the staged names to the entry; each hook entry ends with
    `--`, so `--output=.pre-commit-config.yaml` is a manifest to check, not an order to
    overwrite the hook configuration with the report (nor `--config=evil.yaml` a relaxed
    gate). The real pre-commit, with both hooks' entry."""
    if not (BIN / "pre-commit").exists():
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    url, rev = hook_repo
    project = tmp_path / "project"
    project.mkdir()
    config = yaml.safe_dump({"repos": [{"repo": url, "rev": rev,
                                        "hooks": [{"id": "kubesim-check-system"}]}]})
    (project / ".pre-commit-config.yaml").write_text(config)
    (project / ".kubesim.yaml").write_text("check: {max_hang_recovery: 90}\n")
    (project / "evil.yaml").write_text("check: {fail_on: none}\n")  # not a manifest: skipped
    for i, name in enumerate(OPTION_NAMES):
        (project / name).write_text(SLOW_LIVENESS.replace("name: slow}", f"name: slow-{i}}}"))
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    before = {p.name: p.read_bytes() for p in project.iterdir() if p.is_file()}

    done = _pre_commit(project, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr  # the findings fail the commit
    assert "Failed" in done.stdout
    for i, name in enumerate(OPTION_NAMES):  # each one checked as a file, under its name
        assert f"{name}:2 Deployment/slow-{i}" in done.stdout, done.stdout
    assert done.stdout.count("KS006") >= len(OPTION_NAMES)
    after = {p.name: p.read_bytes() for p in project.iterdir() if p.is_file()}
    assert after == before  # nothing overwritten, nothing written (no ` x.yaml`, no page)
    assert (project / ".pre-commit-config.yaml").read_text() == config


def test_every_hook_entry_ends_its_options():
    for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text()):
        assert hook["entry"].split()[-1] == "--", hook["id"]


def test_the_two_hooks_differ_only_in_how_kubesim_is_installed():
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"kubesim-check", "kubesim-check-system"}
    py, system = hooks["kubesim-check"], hooks["kubesim-check-system"]
    assert (py["language"], system["language"]) == ("python", "system")
    for key in ("entry", "files", "require_serial"):
        assert py[key] == system[key], key
    assert re.search(py["files"], "k8s/app.yml") and not re.search(py["files"], "app.json")
    # pre-commit installs `language: python` hooks with pip from the hook repository
    assert (REPO / "pyproject.toml").exists()


# ---------------------------------------------------------------- GitHub Action


def _action() -> dict:
    return yaml.safe_load((REPO / "action.yml").read_text())


def _expand(text: str, inputs: dict[str, str],
            outputs: dict[str, dict[str, str]] | None = None) -> str:
    """GitHub's `${{ inputs.NAME }}` and `${{ steps.ID.outputs.NAME }}` expressions, the only
    ones the run steps use (`outputs`: each earlier step's outputs, by its id)."""
    def value(m: re.Match[str]) -> str:
        expr = m.group(1).strip()
        if expr.startswith("steps."):
            step, _, name = expr.removeprefix("steps.").partition(".outputs.")
            return (outputs or {})[step][name]
        assert expr.startswith("inputs."), f"unexpected expression {expr!r}"
        return inputs[expr.removeprefix("inputs.")]
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def test_action_is_a_composite_with_documented_inputs():
    action = _action()
    assert action["runs"]["using"] == "composite"
    for name, spec in action["inputs"].items():
        assert spec.get("description"), name
    steps = action["runs"]["steps"]
    assert any(s.get("uses", "").startswith("actions/setup-python@") for s in steps)
    assert all(s.get("shell") == "bash" for s in steps if "run" in s)  # composite needs it
    ids = {s.get("id") for s in steps}
    for out in action["outputs"].values():
        step = re.search(r"steps\.([\w-]+)\.outputs", out["value"]).group(1)
        assert step in ids


def _run_step(step: dict, inputs: dict[str, str], cwd: Path, out: Path, path: str,
              outputs: dict[str, dict[str, str]] | None = None,
              runner: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GITHUB_ACTION_PATH": str(REPO), "GITHUB_OUTPUT": str(out),
           "PATH": path, **(runner or {})}
    env.update({k: _expand(str(v), inputs, outputs)
                for k, v in (step.get("env") or {}).items()})
    return subprocess.run(["bash", "-e", "-c", _expand(step["run"], inputs, outputs)], cwd=cwd,
                          env=env, text=True, capture_output=True, timeout=300)


def _outputs_of(file: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in file.read_text().splitlines() if "=" in line)


def test_action_steps_run_here_and_write_sarif(tmp_path):
    """Each `run:` step as the runner runs it (bash -e, GITHUB_OUTPUT, GITHUB_PATH,
    GITHUB_ACTION_PATH, RUNNER_*). The cache key names the runner, the Python and a hash of
    the action's sources (another source, another key); the install step, run on a cache miss,
    makes a virtual environment with a `python` that records its command lines instead of
    installing (this environment already has kubesim, installed from the same path), and the
    next step puts that environment on PATH."""
    action = _action()
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    inputs.update(paths="k8s", args="--max-hang-recovery 90")
    work = tmp_path / "checkout"
    (work / "k8s").mkdir(parents=True)
    shutil.copy(SPLIT, work / "k8s" / "deployment.yaml")
    (work / "k8s" / "values.yaml").write_text(VALUES)
    shim = tmp_path / "shim"
    shim.mkdir()
    # `python -m venv DIR` makes DIR/bin/python, itself a recorder of its command line
    (shim / "python").write_text('#!/bin/sh\nprintf "%s\\n" "$@" >> "$SHIM_LOG"\n'
                                 'if [ "$2" = venv ]; then mkdir -p "$3/bin"; '
                                 'cp "$0" "$3/bin/python"; fi\n')
    (shim / "python").chmod(0o755)
    path = f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    outputs = tmp_path / "github_output"
    runner = {"RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": str(tmp_path / "t"),
              "GITHUB_PATH": str(tmp_path / "github_path"), "SHIM_LOG": str(tmp_path / "argv")}
    steps = {s.get("id") or s["name"]: s for s in action["runs"]["steps"] if "run" in s}
    python = {"python": {"python-version": "3.12"}}  # what actions/setup-python says
    done = _run_step(steps["key"], inputs, work, outputs, path, python, runner)
    assert done.returncode == 0, done.stderr
    key = _outputs_of(outputs)
    assert key["venv"] == str(tmp_path / "t" / "kubesim-action-venv")
    assert re.fullmatch(r"kubesim-action-Linux-X64-py3\.12-[0-9a-f]{20}", key["key"]), key
    known = {"key": key, **python}
    done = _run_step(steps["Install kubesim"], inputs, work, outputs,
                     f"{shim}{os.pathsep}{path}", known, runner)
    assert done.returncode == 0, done.stderr
    argv = (tmp_path / "argv").read_text().split("\n")
    assert argv[:3] == ["-m", "venv", key["venv"]]
    assert argv[3:6] == ["-m", "pip", "install"] and f"{REPO}[render]" in argv
    done = _run_step(steps["kubesim on PATH"], inputs, work, outputs, path, known, runner)
    assert (tmp_path / "github_path").read_text() == f"{key['venv']}/bin\n"
    check_step = steps["check"]

    done = _run_step(check_step, inputs, work, outputs, path)
    assert done.returncode == 0 and done.stdout == "", done.stderr
    sarif = json.loads((work / "kubesim.sarif").read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []
    assert "exit-code=0" in outputs.read_text()

    (work / "k8s" / "slow.yaml").write_text(SLOW_LIVENESS)
    done = _run_step(check_step, inputs, work, outputs, path)
    assert done.returncode == 1 and "exit 1" in done.stderr
    sarif = json.loads((work / "kubesim.sarif").read_text())
    results = sarif["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["KS006"]
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
        "k8s/slow.yaml"
    assert outputs.read_text().splitlines()[-1] == "exit-code=1"
    # the findings also show as workflow annotations on their file and line
    line = results[0]["locations"][0]["physicalLocation"]["region"]["startLine"]
    assert re.fullmatch(rf"::error file=k8s/slow\.yaml,line={line},title=KS006 "
                        r"hang-recovery-over-bound \(app\)::.+", done.stdout.strip()), done.stdout

    (work / "k8s" / "slow.yaml").write_text("kind: Deployment\nmetadata: {name: x\n")
    done = _run_step(check_step, inputs, work, outputs, path)
    assert done.returncode == 2 and "slow.yaml" in done.stderr
    # the bad file is an annotation of its own, on its file and line (issue 32 item 4)
    assert re.fullmatch(r"::error file=k8s/slow\.yaml,line=3,title=kubesim%3A input not "
                        r"read::k8s/slow\.yaml:3: malformed YAML: .+", done.stdout.strip())
    # the good files are still checked and reported (this run's report, not a stale one: the
    # bad file is named on stderr, its findings of the previous run are gone)
    sarif = json.loads((work / "kubesim.sarif").read_text())
    assert sarif["runs"][0]["results"] == []


def _check_step() -> dict:
    return next(s for s in _action()["runs"]["steps"] if s.get("id") == "check")


def _action_run(tmp_path: Path, files: dict[str, str], **given: str
                ) -> tuple[subprocess.CompletedProcess[str], dict, list]:
    """The Action's check step on a checkout holding `files`: (the step, its SARIF report,
    the workflow commands GitHub's runner would execute from its stdout and stderr)."""
    inputs = {k: str(v.get("default", "")) for k, v in _action()["inputs"].items()}
    inputs.update(given)
    work = tmp_path / "checkout"
    work.mkdir(exist_ok=True)
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text, encoding="utf-8")
    path = f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    done = _run_step(_check_step(), inputs, work, tmp_path / "github_output", path)
    sarif_path = work / inputs["sarif-file"]
    sarif = json.loads(sarif_path.read_text()) if sarif_path.exists() else {}
    return done, sarif, runner_commands(done.stdout) + runner_commands(done.stderr)


def _unsuppressed(sarif: dict) -> list[dict]:
    return [r for r in sarif["runs"][0]["results"] if not r.get("suppressions")]


# issue 18, measured on a15acc3: this probe path made the annotation step emit
# `::stop-commands::x` (every later annotation silenced) and a forged annotation on README.md
INJECTION = SLOW_LIVENESS.replace("path: /livez", 'path: "/healthz\\r::stop-commands::x\\n'
                                                  '::error file=README.md,line=1::all checks '
                                                  'passed"')


def test_action_annotations_cannot_be_forged(tmp_path):
    """The runner splits the step's output on CR and LF and executes every `::cmd::` line:
    one annotation per finding, on its file and line, and nothing else, whatever the input."""
    assert "\\r::stop-commands" in INJECTION
    done, sarif, commands = _action_run(tmp_path, {
        "k8s/inject.yaml": INJECTION, "k8s/ok.yaml": SPLIT.read_text(),
        "k8s/x\r::stop-commands::y.yaml": SLOW_LIVENESS}, paths="k8s",
        args="--max-hang-recovery 90")
    assert done.returncode == 1, done.stderr
    results = _unsuppressed(sarif)
    assert len(results) == 2 and {r["ruleId"] for r in results} == {"KS006"}
    assert [c[0] for c in commands] == ["error", "error"]
    assert {c[1]["file"] for c in commands} == {"k8s/inject.yaml",
                                                "k8s/x\\r::stop-commands::y.yaml"}
    assert all(c[1]["title"].startswith("KS006 ") for c in commands)


def test_action_config_input_pins_the_configuration(tmp_path):
    """A pull request adds `.kubesim.yaml` with `fail_on: none`: found by default (and the
    relaxed gate is one more annotation, a warning); `config: none` pins the defaults."""
    files = {"k8s/slow.yaml": SLOW_LIVENESS, ".kubesim.yaml": "check: {fail_on: none}\n"}
    done, sarif, commands = _action_run(tmp_path, files, paths="k8s",
                                        args="--max-hang-recovery 90")
    assert done.returncode == 0, done.stderr  # relaxed: the finding does not fail the job ...
    assert [c[0] for c in commands] == ["error", "warning"]  # ... but shows, and so does why
    assert commands[1][1]["title"] == "kubesim configuration"
    assert "check.fail_on none (default error)" in commands[1][2]
    assert "exit 0, exit 1 without" in commands[1][2]
    props = sarif["runs"][0]["properties"]["configuration"]
    assert props["file"] == ".kubesim.yaml" and props["default_gate_exit_code"] == 1
    done, sarif, commands = _action_run(tmp_path, files, paths="k8s",
                                        args="--max-hang-recovery 90", config="none")
    assert done.returncode == 1, done.stderr
    assert [c[0] for c in commands] == ["error"]
    assert sarif["runs"][0]["properties"]["configuration"]["chosen"] == "--config none"


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"], ids=["LF", "CR", "CRLF"])
def test_action_sarif_file_with_a_line_break_adds_no_output(tmp_path, newline):
    """Issue 28 item 7: the `sarif-file` input is written to GITHUB_OUTPUT as
    `sarif-file=VALUE`; a line break in it used to add a line of its own (here a forged
    `exit-code=0` and a new output). Refused: exit 2, and GITHUB_OUTPUT holds `exit-code=2`
    alone, whatever the input said."""
    hostile = f"kubesim.sarif{newline}exit-code=0{newline}forged=yes"
    done, sarif, _ = _action_run(tmp_path, {"k8s/slow.yaml": SLOW_LIVENESS}, paths="k8s",
                                 args="--max-hang-recovery 90", **{"sarif-file": hostile})
    assert done.returncode == 2 and "sarif-file input holds a line break" in done.stderr
    assert (tmp_path / "github_output").read_text() == "exit-code=2\n"
    assert not list((tmp_path / "checkout").glob("*.sarif*"))  # nothing written either


HOSTILE_TEXT = st.lists(st.sampled_from(list("ab :,%=\r\n\x1b\u202e\u2066#[]") + [
    "::stop-commands::x", "::error file=README.md::ok", "##[error]x", "%0A"]), min_size=1,
    max_size=6).map(lambda parts: "".join(parts) + "a")


@settings(max_examples=examples(8), deadline=None, suppress_health_check=list(HealthCheck))
@given(name=HOSTILE_TEXT, path=HOSTILE_TEXT, file_name=HOSTILE_TEXT.map(
    lambda s: s.replace("/", "_")))
def test_action_emits_exactly_one_command_per_finding(name, path, file_name):
    """Hostile names, probe paths and file names through the real shell step."""
    manifest = SLOW_LIVENESS.replace("name: slow}", f"name: {json.dumps(name)}}}").replace(
        "path: /livez", f"path: {json.dumps(path)}")
    with tempfile.TemporaryDirectory() as tmp:
        done, sarif, commands = _action_run(Path(tmp), {f"k8s/{file_name}.yaml": manifest},
                                            paths="k8s", args="--max-hang-recovery 90")
        assert done.returncode == 1, done.stderr
        results = _unsuppressed(sarif)
        assert len(commands) == len(results) == 1
        (command, props, data), (result,) = commands[0], results
        assert command == "error" and props["title"].startswith(result["ruleId"] + " ")
        assert data == visible(result["message"]["text"])
        assert props["file"] == visible(f"k8s/{file_name}.yaml").strip()


def test_the_ci_page_shows_the_sarif_upload():
    readme = (REPO / "docs" / "ci.md").read_text()
    assert "github/codeql-action/upload-sarif" in readme
    assert "security-events: write" in readme


# ---------------------------------------------------------------- Dockerfile


def _instructions() -> list[tuple[str, str]]:
    text = (REPO / "Dockerfile").read_text()
    text = re.sub(r"\\\n", " ", text)
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1])
            for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_dockerfile_is_slim_and_runs_kubesim_through_its_entrypoint():
    """No container engine runs here: the Dockerfile is checked by reading it, and its
    entrypoint by running it (below)."""
    ins = _instructions()
    assert ins[0][0] == "FROM" and re.fullmatch(r"python:3\.1[1-9]-slim", ins[0][1])
    # no USER: the entrypoint starts as root only to become the owner of /work (below);
    # no file of the image needs uid 10001, HOME is writable by any uid (--user works)
    assert [arg for op, arg in ins if op == "USER"] == []
    env = " ".join(arg for op, arg in ins if op == "ENV")
    assert re.search(r"\bHOME=/tmp\b", env)
    run = " ".join(arg for op, arg in ins if op == "RUN")
    # charts and kustomizations render in the image: the render extra and the pinned programs
    assert "pip install '/src[render]'" in run and "--uid 10001" in run
    assert "python /src/.ci/install_engines.py /usr/local helm kubectl" in run
    assert "install -m 0755 /src/docker/entrypoint.py /usr/local/bin/kubesim-entrypoint" in run
    assert "chown kubesim:kubesim /work" in run
    assert [arg for op, arg in ins if op == "WORKDIR"] == ["/work"]
    entry = [json.loads(arg) for op, arg in ins if op == "ENTRYPOINT"]
    assert entry == [["kubesim-entrypoint"]]
    ignored = (REPO / ".dockerignore").read_text().split()
    assert ".venv" in ignored and ".git" in ignored and "docker" not in ignored


# ---------------------------------------------------------------- the image's entrypoint

ENTRYPOINT = REPO / "docker" / "entrypoint.py"
needs_root = pytest.mark.skipif(os.geteuid() != 0,
                                reason="running the entrypoint under another uid needs root")
# a `kubesim` that says who runs it, and writes a file where it runs
FAKE = "#!/bin/sh\nid -u > \"$1\"\nid -g >> \"$1\"\necho \"$HOME\" >> \"$1\"\n"


@pytest.fixture
def mounted():
    """A directory to mount (and a fake kubesim on PATH), all of it readable by any uid
    (pytest's tmp_path is root's alone)."""
    import tempfile

    top = Path(tempfile.mkdtemp(prefix="kubesim-mount-"))
    top.chmod(0o755)
    (top / "bin").mkdir(mode=0o755)
    (top / "bin" / "kubesim").write_text(FAKE)
    (top / "bin" / "kubesim").chmod(0o755)
    (top / "work").mkdir(mode=0o755)
    try:
        yield top
    finally:
        shutil.rmtree(top)


def _entrypoint(top: Path, *prefix: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{top / 'bin'}:/usr/bin:/bin", "HOME": "/root"}
    return subprocess.run([*prefix, sys.executable if not prefix else "/usr/bin/python3",
                           str(ENTRYPOINT), "out.txt"], cwd=top / "work", env=env,
                          text=True, capture_output=True, timeout=60, check=False)


def _ran_as(top: Path) -> tuple[int, int, int, str]:
    out = top / "work" / "out.txt"
    uid, gid, home = out.read_text().split("\n")[:3]
    return out.stat().st_uid, int(uid), int(gid), home


@needs_root
def test_as_root_the_entrypoint_becomes_the_owner_of_the_mounted_directory(mounted):
    """`docker run -v "$PWD:/work" kubesim ... -o FILE`: FILE belongs to you."""
    os.chown(mounted / "work", 4242, 4343)
    done = _entrypoint(mounted)
    assert done.returncode == 0, done.stderr
    owner, uid, gid, home = _ran_as(mounted)
    assert (owner, uid, gid) == (4242, 4242, 4343)
    assert home == "/tmp"  # root's HOME is not the new user's to write


@needs_root
def test_started_as_a_user_the_entrypoint_stays_that_user(mounted):
    """`docker run --user "$(id -u):$(id -g)" ...`: nothing to change."""
    os.chown(mounted / "work", 5000, 5000)
    done = _entrypoint(mounted, "setpriv", "--reuid", "5000", "--regid", "5000",
                       "--clear-groups")
    assert done.returncode == 0, done.stderr
    assert _ran_as(mounted)[:3] == (5000, 5000, 5000)


@needs_root
def test_a_directory_owned_by_root_stays_root(mounted):
    """A rootless engine shows your files as root's: root there is you outside."""
    done = _entrypoint(mounted)
    assert done.returncode == 0, done.stderr
    assert _ran_as(mounted)[:3] == (0, 0, 0)


def test_the_entrypoint_decides_from_the_owner_and_who_started_it(tmp_path):
    """The rule alone, for any machine: root adopts the owner; anyone else stays."""
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location("entrypoint", ENTRYPOINT)
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    st = tmp_path.stat()
    assert module.adopt(str(tmp_path), 0) == (st.st_uid, st.st_gid)
    assert module.adopt(str(tmp_path), 1234) is None
