"""Helm charts and kustomizations as inputs, rendered by the real engines (docs/inputs-charts.md).

The charts and trees in tests/data are real public ones (tests/data/*/SOURCES.md). Engines:
helm-python-sdk (the `render` extra, part of the test extra) and kubectl/kustomize must be
there in CI (a test fails rather than skips when CI=true); the helm program is used where it
is found (HELM_BIN or PATH; .ci/run installs one) and those tests skip with the reason
elsewhere.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
import tarfile
import time
from pathlib import Path

import pytest
from helpers import cli

from kubesim.errors import RenderError
from kubesim.results import ProbeType
from kubesim.spec.manifests import containers_from_documents, load_spec
from kubesim.spec.sources import RenderOptions, UnitKind, documents_at, walk
from kubesim.spec.sources.engines import run_engine

ROOT = Path(__file__).resolve().parent.parent
DATA = Path("tests/data")  # relative: findings name repo-relative paths
PODINFO = str(DATA / "charts" / "podinfo")
EXTERNAL_DNS = str(DATA / "charts" / "external-dns")
EBS = DATA / "kustomize" / "aws-ebs-csi-driver"
KB = DATA / "kustomize" / "kubebuilder-project-v4" / "config"
IN_CI = bool(os.environ.get("CI"))


def _helm_program() -> str | None:
    given = os.environ.get("HELM_BIN")
    return shutil.which(given) if given else shutil.which("helm")


def _has_library() -> bool:
    try:
        import helm_python  # noqa: F401
    except ImportError:
        return False
    return True


def _need(ok: bool, what: str) -> None:
    if not ok:
        if IN_CI:
            pytest.fail(f"{what} is not installed, and CI must test it (pyproject's test "
                        "extra and .ci/run install it)")
        pytest.skip(f"{what} is not installed")


@pytest.fixture
def library() -> RenderOptions:
    _need(_has_library(), "helm-python-sdk (pip install 'kubesim[render]')")
    return RenderOptions(helm_engine="library")


@pytest.fixture
def program() -> RenderOptions:
    if _helm_program() is None:
        _need(False, "the helm program (HELM_BIN or helm on PATH)")
    return RenderOptions(helm_engine="binary")


@pytest.fixture
def kustomize() -> None:
    _need(bool(shutil.which("kustomize") or shutil.which("kubectl")),
          "kustomize or kubectl")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def check_json(capsys, *argv: str) -> tuple[int, dict, str]:
    code, out, err = cli(capsys, "check", *argv, "--format", "json")
    return code, (json.loads(out) if out else {}), err


# ---------------------------------------------------------------- Helm, both engines


@pytest.mark.parametrize("engine", ["library", "program"])
def test_podinfo_renders_and_findings_name_the_template(capsys, request, engine):
    request.getfixturevalue(engine)
    flag = "library" if engine == "library" else "binary"
    code, doc, err = check_json(capsys, PODINFO, "--helm-engine", flag)
    assert code == 0, err
    (obj,) = doc["objects"]
    assert obj["object"] == "Deployment/podinfo" and obj["namespace"] == "default"
    assert obj["file"] == f"{PODINFO}/templates/deployment.yaml"
    # check's JSON schema 2 (issue 32): the renders an object came out of, a list
    assert obj["line"] is None and obj["rendered_from"] == [f"helm chart {PODINFO}"]
    assert [c["probes"] for c in obj["containers"]] == [["liveness", "readiness"]]
    (note,) = doc["notes"]
    assert PODINFO in note and "release podinfo" in note and "without lines" in note
    # the test hooks (templates/tests/*.yaml, helm.sh/hook: test) are not workloads
    assert all("/templates/tests/" not in o["file"] for o in doc["objects"])


def test_both_helm_engines_give_the_same_documents(library, program):
    for chart, options in ((PODINFO, ()), (PODINFO, ("redis.enabled=true", "hpa.enabled=true",
                                                     "probes.startup.enable=true")),
                           (EXTERNAL_DNS, ("policy=sync",))):
        lib = documents_at(chart, RenderOptions(helm_engine="library", set_values=options))[0]
        prog = documents_at(chart, RenderOptions(helm_engine="binary", set_values=options))[0]
        assert [_named(d) for d in lib] == [_named(d) for d in prog], chart
        assert len(lib) > 1
        # the engines may be different Helm releases (an unset `limits: ~` is kept by one and
        # dropped by the other), but every probed container must read the same
        assert containers_from_documents(lib) == containers_from_documents(prog)
        assert containers_from_documents(lib)


def _named(doc) -> tuple[str, str, str]:
    return doc.source, doc.data["kind"], doc.data["metadata"]["name"]


def test_values_files_and_set_are_applied_in_helm_order(library, tmp_path):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("probes:\n  liveness:\n    periodSeconds: 4\n    failureThreshold: 9\n")
    second.write_text("probes:\n  liveness:\n    periodSeconds: 6\n")
    pod = load_spec(PODINFO, render=RenderOptions(
        helm_engine="library", values=(str(first), str(second)),
        set_values=("probes.liveness.failureThreshold=2",)))
    live = pod.container.probes()[ProbeType.LIVENESS]
    assert (live.period_seconds, live.failure_threshold) == (6, 2)  # b over a, --set last
    plain = load_spec(PODINFO, render=RenderOptions(helm_engine="library"))
    assert plain.container.probes()[ProbeType.LIVENESS].period_seconds == 10  # values.yaml


def test_release_name_and_namespace(capsys, library):
    code, doc, err = check_json(capsys, PODINFO, "--helm-engine", "library", "--release-name",
                                "shop", "--namespace", "prod")
    assert code == 0, err
    (obj,) = doc["objects"]
    assert (obj["object"], obj["namespace"]) == ("Deployment/shop-podinfo", "prod")


def test_a_chart_that_needs_a_value_fails_with_helms_words_then_renders(capsys, library):
    code, out, err = cli(capsys, "check", EXTERNAL_DNS, "--helm-engine", "library")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert EXTERNAL_DNS in err and "helm-python-sdk" in err and "policy" in err
    code, doc, err = check_json(capsys, EXTERNAL_DNS, "--helm-engine", "library", "--set",
                                "policy=sync")
    assert code in (0, 1), err
    (obj,) = doc["objects"]
    assert obj["file"] == f"{EXTERNAL_DNS}/templates/deployment.yaml"
    # liveness and readiness share /healthz (the hand review): KS001, named at the template
    ks001 = [f for f in doc["findings"] if f["id"] == "KS001"]
    assert ks001 and ks001[0]["file"] == obj["file"] and ks001[0]["line"] is None


def test_helm_program_failure_names_the_command(capsys, program):
    code, _, err = cli(capsys, "check", EXTERNAL_DNS, "--helm-engine", "binary")
    assert code == 2 and err.count("\n") == 1
    assert "helm template external-dns" in err and "failed (exit code 1)" in err
    assert "policy" in err


def test_chart_archive(capsys, library, tmp_path):
    archive = tmp_path / "podinfo-6.14.1.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(ROOT / PODINFO, arcname="podinfo")
    code, doc, err = check_json(capsys, str(archive), "--helm-engine", "library")
    assert code == 0, err
    (obj,) = doc["objects"]
    assert obj["file"] == f"{archive}/podinfo/templates/deployment.yaml"
    assert obj["object"] == "Deployment/podinfo"


def _chart(tmp_path: Path, template: str, name: str = "demo") -> Path:
    chart = tmp_path / name
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text(f"apiVersion: v2\nname: {name}\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text("ft: 5\n")
    (chart / "templates" / "deployment.yaml").write_text(template)
    return chart


DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata: {name: {{ .Release.Name }}}
spec:
  selector: {matchLabels: {app: demo}}
  template:
    metadata: {labels: {app: demo}}
    spec:
      containers:
        - name: app
          image: demo:1
          ports: [{name: http, containerPort: 8080}]
          livenessProbe:
            httpGet: {path: /livez, port: http}
            periodSeconds: 1
            failureThreshold: {{ .Values.ft | default 3 }}
"""


@pytest.mark.parametrize("engine", ["library", "program"])
def test_a_failing_template_is_one_neutral_line(capsys, request, tmp_path, engine):
    request.getfixturevalue(engine)
    chart = _chart(tmp_path, '{{ fail (printf "%c[31mboom%c]0;title%c" 27 27 7) }}\n')
    flag = "library" if engine == "library" else "binary"
    code, out, err = cli(capsys, "check", str(chart), "--helm-engine", flag)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "boom" in err and "\x1b" not in err and "\x07" not in err and "\\x1b" in err


@pytest.mark.parametrize("engine", ["library", "program"])
def test_a_template_that_never_ends_is_stopped(capsys, request, tmp_path, engine):
    request.getfixturevalue(engine)
    chart = _chart(tmp_path, "{{ range until 100000 }}{{ range until 100000 }}{{ end }}"
                             "{{ end }}\n")
    flag = "library" if engine == "library" else "binary"
    start = time.monotonic()
    code, _, err = cli(capsys, "check", str(chart), "--helm-engine", flag,
                       "--render-timeout", "2")
    took = time.monotonic() - start
    assert code == 2 and "did not finish within 2 s" in err and "stopped" in err
    assert took >= 2


def test_engine_output_and_stderr_noise(tmp_path):
    """Exit code, not stderr, says whether an engine failed; output beyond the bound stops
    it."""
    noisy = [sys.executable, "-c", "import sys; sys.stderr.write('Pulled: x\\n'); print('ok')"]
    done = run_engine(noisy, timeout=30, what="test")
    assert done.code == 0 and done.stdout == b"ok\n" and "Pulled" in done.stderr
    flood = [sys.executable, "-c", "import sys\nwhile True: sys.stdout.write('x' * 65536)"]
    with pytest.raises(RenderError, match="wrote more than"):
        run_engine(flood, timeout=60, max_bytes=1024 * 1024, what="test")


def test_stderr_warnings_from_helm_are_not_failures(capsys, program, tmp_path):
    """checkov#6350: `Pulled:` lines on stderr made a chart go unscanned."""
    wrapper = tmp_path / "helm"
    wrapper.write_text(f'#!/bin/sh\necho "Pulled: example.com/chart" >&2\n'
                       f'exec {_helm_program()} "$@"\n')
    wrapper.chmod(0o755)
    os.environ["HELM_BIN"] = str(wrapper)
    try:
        code, doc, err = check_json(capsys, PODINFO, "--helm-engine", "binary")
    finally:
        os.environ.pop("HELM_BIN")
    assert code == 0, err
    assert doc["objects"][0]["object"] == "Deployment/podinfo"


# ---------------------------------------------------------------- missing engines


def test_missing_engines_say_what_to_install(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("HELM_BIN", raising=False)
    monkeypatch.delenv("KUSTOMIZE_BIN", raising=False)
    code, _, err = cli(capsys, "check", PODINFO, "--helm-engine", "binary")
    assert code == 2 and err.count("\n") == 1 and "install Helm" in err and "HELM_BIN" in err
    code, _, err = cli(capsys, "check", str(KB / "manager"))
    assert code == 2 and err.count("\n") == 1
    assert "install kustomize" in err and "kubectl" in err and "KUSTOMIZE_BIN" in err
    monkeypatch.setenv("HELM_BIN", str(tmp_path / "no-such-helm"))
    code, _, err = cli(capsys, "check", PODINFO)
    assert code == 2 and "no-such-helm" in err and "is not a program" in err


def test_library_missing_names_the_extra(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("HELM_BIN", raising=False)
    monkeypatch.setitem(sys.modules, "helm_python", None)  # as if not installed
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "helm_python" else real(name, *a))
    code, _, err = cli(capsys, "check", PODINFO)
    assert code == 2 and "kubesim[render]" in err and "helm program" in err


# ---------------------------------------------------------------- helm template | check -


def _helm_output(options: RenderOptions) -> str:
    """What `helm template` prints: `---`, `# Source: PATH`, the manifest (helm's
    pkg/action/action.go renderResources), from a real render."""
    if _helm_program():
        done = run_engine([_helm_program(), "template", "podinfo", PODINFO], timeout=60,
                          what="test")
        assert done.code == 0
        return done.stdout.decode()
    import helm_python
    with helm_python.Chart.load(PODINFO) as chart:
        manifests = chart.render(None, name="podinfo", namespace="default", is_install=True)
    return "".join(f"---\n# Source: {k}\n{v}\n" for k, v in sorted(manifests.items())
                   if v.strip() and not k.endswith("NOTES.txt"))


def test_piped_helm_output_names_templates(capsys, monkeypatch, library):
    text = _helm_output(RenderOptions())
    assert "# Source: podinfo/templates/deployment.yaml" in text
    plain = "apiVersion: v1\nkind: Pod\nmetadata: {name: extra}\nspec:\n  containers:\n" \
            "    - name: app\n      livenessProbe: {tcpSocket: {port: 80}}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(plain + text))
    code, doc, err = check_json(capsys, "-")
    assert code == 0, err
    files = {o["object"]: o["file"] for o in doc["objects"]}
    assert files["Deployment/podinfo"] == "podinfo/templates/deployment.yaml"
    assert files["Pod/extra"] == "<stdin> document 1"  # before any # Source: line
    assert all(o["line"] is None for o in doc["objects"])
    # without # Source: lines, stdin is one file with its lines, as before
    monkeypatch.setattr(sys, "stdin", io.StringIO(plain))
    code, doc, err = check_json(capsys, "-")
    assert doc["objects"][0]["file"] == "<stdin>" and doc["objects"][0]["line"] == 2


# ---------------------------------------------------------------- kustomize


def _line_of(path: Path, text: str, after: int = 0) -> int:
    """1-based line of the first line containing `text` after line `after` (independent of
    kubesim's YAML reader)."""
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if i > after and text in line:
            return i
    raise AssertionError(text)


def test_kustomize_objects_name_their_origin_file_and_line(kustomize):
    docs, _ = documents_at(str(EBS / "overlays" / "stable" / "gcr"))
    base = EBS / "base" / "controller.yaml"
    (ctrl,) = [d for d in docs if d.data["kind"] == "Deployment"]
    assert ctrl.source == str(base)
    assert ctrl.rendered_from == f"kustomization {EBS / 'overlays' / 'stable' / 'gcr'}"
    assert "config.kubernetes.io/origin" not in (ctrl.data["metadata"].get("annotations") or {})
    plugin = _line_of(base, "- name: ebs-plugin")
    containers = ctrl.data["spec"]["template"]["spec"]["containers"]
    i = next(j for j, c in enumerate(containers) if c["name"] == "ebs-plugin")
    loc = ("spec", "template", "spec", "containers", i)
    live = _line_of(base, "livenessProbe:", plugin)
    assert ctrl.line_of((*loc, "livenessProbe")) == live
    assert ctrl.line_of((*loc, "livenessProbe", "timeoutSeconds")) == \
        _line_of(base, "timeoutSeconds: 60", live)
    # the overlay rewrote the image: that field has no line of its own in the base
    assert containers[i]["image"] != _image_in(base)
    assert ctrl.line_of((*loc, "image")) == ctrl.line_of(loc)
    assert ctrl.start_line == _line_of(base, "apiVersion:") or ctrl.start_line < plugin


def _image_in(path: Path) -> str:
    line = next(x for x in path.read_text().splitlines() if "ebs-csi-driver" in x and
                "image:" in x)
    return line.split("image:", 1)[1].strip()


def test_kustomize_findings_carry_origin_lines(capsys, kustomize):
    manager = KB / "manager" / "manager.yaml"
    code, doc, err = check_json(capsys, str(KB / "default"), str(KB / "manager"),
                                "--max-hang-recovery", "1")
    assert code == 1, err
    # two objects (their names differ), each from its own render (schema 2: a list)
    objects = {(o["object"], tuple(o["rendered_from"])): o for o in doc["objects"]}
    assert set(objects) == {
        ("Deployment/project-v4-controller-manager", (f"kustomization {KB / 'default'}",)),
        ("Deployment/controller-manager", (f"kustomization {KB / 'manager'}",))}
    for o in objects.values():
        assert o["file"] == str(manager) and o["line"] == _line_of(manager, "kind: Deployment")
    ks006 = [f for f in doc["findings"] if f["id"] == "KS006"]
    assert len(ks006) == 2
    assert {f["line"] for f in ks006} == {_line_of(manager, "livenessProbe:")}


def test_a_directory_walk_renders_every_kustomization(capsys, kustomize):
    found = walk([str(EBS)])
    assert [(u.kind, u.path) for u in found.units] == [
        (UnitKind.KUSTOMIZATION, str(EBS / p)) for p in
        ("base", "overlays/stable", "overlays/stable/ecr", "overlays/stable/ecr-public",
         "overlays/stable/gcr")]
    found = walk([str(KB)])
    assert {Path(u.path).name for u in found.units} == {
        "certmanager", "crd", "default", "manager", "network-policy", "prometheus", "rbac",
        "samples", "webhook"}
    assert all(u.kind is UnitKind.KUSTOMIZATION for u in found.units)  # crd/bases: material


def test_walk_rule_for_charts_components_and_loops(tmp_path):
    chart = _chart(tmp_path, DEPLOYMENT)
    (chart / "templates" / "x.yaml").write_text("{{ if }}\n")  # not YAML: never read loose
    (chart / "charts" / "sub").mkdir(parents=True)  # a subchart: rendered by its parent only
    (chart / "charts" / "sub" / "Chart.yaml").write_text("apiVersion: v2\nname: sub\n"
                                                         "version: 1.0.0\n")
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "Chart.yaml").write_text("apiVersion: v2\nname: lib\nversion: 1.0.0\ntype: library\n")
    comp = tmp_path / "components" / "extra"
    comp.mkdir(parents=True)
    (comp / "kustomization.yaml").write_text("apiVersion: kustomize.config.k8s.io/v1alpha1\n"
                                             "kind: Component\n")
    (tmp_path / "plain.yaml").write_text("kind: ConfigMap\n")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    found = walk([str(tmp_path)])
    assert [(u.kind, Path(u.path).name) for u in found.units] == [
        (UnitKind.CHART, "demo"), (UnitKind.FILE, "plain.yaml")]
    assert {Path(s["file"]).name: s["reason"].split(" ")[1] for s in found.skipped} == {
        "extra": "kustomize", "lib": "library"}


def test_kustomize_failure_names_the_command(capsys, kustomize, tmp_path):
    (tmp_path / "kustomization.yaml").write_text("resources: [missing.yaml]\n")
    code, out, err = cli(capsys, "check", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"kustomize {tmp_path}" in err and "missing.yaml" in err and "failed" in err
    assert "kubesim-kustomize-" not in err  # the wrapper's temporary folder is not shown


def test_kustomize_does_not_reach_the_network(capsys, kustomize, tmp_path):
    (tmp_path / "kustomization.yaml").write_text(
        "resources: [https://example.com/deploy/manifest.yaml]\n")
    code, _, err = cli(capsys, "check", str(tmp_path), "--render-timeout", "60")
    assert code == 2 and "failed" in err and "--allow-network" in err


# ---------------------------------------------------------------- every command


def test_run_windows_fleet_suggest_read_charts(capsys, library):
    flags = ("--helm-engine", "library", "--set", "probes.liveness.failureThreshold=2")
    code, out, err = cli(capsys, "windows", PODINFO, *flags, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["label"].startswith("Deployment/podinfo")
    code, out, err = cli(capsys, "run", PODINFO, *flags, "--duration", "30", "--format", "json")
    assert code == 0, err
    meta = json.loads(out)["run"]
    assert meta["spec"] == f"{PODINFO}/templates/deployment.yaml"
    assert meta["probe_specs"]["liveness"]["failureThreshold"] == 2  # --set reached it
    code, out, err = cli(capsys, "fleet", PODINFO, *flags, "--duration", "30")
    assert code == 0, err
    code, out, err = cli(capsys, "suggest", PODINFO, *flags, "--expect", "starts-within=60",
                         "--phases", "2")
    assert code in (0, 1) and "podinfo/templates/deployment.yaml" in out, err


# ---------------------------------------------------------------- sweep --set-value


def _rows(out: str, column: str) -> list[tuple]:
    doc = json.loads(out)
    return [(r[column], r["restarts_mean"], r["kills_mean"], r["probes"]) for r in doc["points"]]


def test_sweep_set_value_rerenders_the_chart(capsys, library, tmp_path):
    scenario = tmp_path / "hang.yaml"
    scenario.write_text("stalls:\n  - {from: 20, to: 60}\n")
    common = ("--scenario", str(scenario), "--phases", "3", "--duration", "90", "--jobs", "1",
              "--progress", "never", "--format", "json", "--helm-engine", "library")
    code, by_value, err = cli(capsys, "sweep", PODINFO, "--set-value",
                              "probes.liveness.failureThreshold=1..4", *common)
    assert code == 0, err
    code, by_field, err = cli(capsys, "sweep", PODINFO, "--set",
                              "livenessProbe.failureThreshold=1..4", *common)
    assert code == 0, err
    assert _rows(by_value, "values.probes.liveness.failureThreshold") == \
        _rows(by_field, "livenessProbe.failureThreshold")
    assert len({r[1] for r in _rows(by_value, "values.probes.liveness.failureThreshold")}) > 1
    meta = json.loads(by_value)["sweep"]["chart_values"]
    assert meta["renders"] == 4 and meta["drives"] == ["livenessProbe.failureThreshold"]


def test_sweep_set_value_follows_what_the_template_does(capsys, library, tmp_path):
    """`default 3` turns 0 into 3: mapping the value onto the probe field would be wrong."""
    chart = _chart(tmp_path, DEPLOYMENT)
    scenario = tmp_path / "hang.yaml"
    scenario.write_text("stalls:\n  - {from: 10, to: 40}\n")
    common = ("--scenario", str(scenario), "--phases", "2", "--duration", "60", "--jobs", "1",
              "--progress", "never", "--format", "json", "--helm-engine", "library")
    code, out, err = cli(capsys, "sweep", str(chart), "--set-value", "ft=0,3", *common)
    assert code == 0, err
    rows = _rows(out, "values.ft")
    assert [r[1:] for r in rows if r[0] == 0] == [r[1:] for r in rows if r[0] == 3]
    code, out, err = cli(capsys, "sweep", str(chart), "--set", "livenessProbe.failureThreshold=1",
                         *common)
    assert _rows(out, "livenessProbe.failureThreshold")[0][1:] != rows[0][1:]


def test_sweep_set_value_needs_a_chart(capsys):
    code, _, err = cli(capsys, "sweep", "probe_specs/seed_skeleton.yaml", "--set-value",
                       "x=1,2")
    assert code == 2 and "not a chart" in err
