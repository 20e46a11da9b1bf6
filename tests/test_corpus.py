"""`kubesim check` on 17 real public manifests (the shared corpus), against the per-file
expectations reviewed by hand in tests/corpus_expectations.yaml; and every piece of advice a
finding carries, applied to the manifest and checked again (it must not contradict another
finding: a suggested startupProbe protects at least what the current config protects).

Skipped with a message when the corpus folder is absent (it does not ship)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from helpers import REAL_MANIFESTS, needs_real_manifests

from kubesim.cli.main import main

HERE = Path(__file__).resolve().parent
CORPUS = REAL_MANIFESTS
EXPECTED = yaml.safe_load((HERE / "corpus_expectations.yaml").read_text())["files"]

pytestmark = needs_real_manifests


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = main(["check", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert err == ""
    return code, json.loads(out)


@pytest.fixture(scope="module")
def corpus_run() -> tuple[int, dict]:
    """One run over the whole corpus (module scope: stdout captured by hand)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["check", str(CORPUS), "--format", "json"])
    return code, json.loads(buf.getvalue())


def _key(f: dict) -> tuple:
    probe = f.get("probe") or (f.get("data") or {}).get("probe")
    return (f["object"], f["container"], f["id"], f["severity"], probe)


def test_every_corpus_file_is_reviewed():
    files = sorted(p.name for p in CORPUS.glob("*.yaml"))
    assert files == sorted(EXPECTED), "a corpus file without a hand review (or a stale one)"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_findings_match_the_hand_review(corpus_run, name):
    _, doc = corpus_run
    got = Counter(_key(f) for f in doc["findings"] if Path(f["file"]).name == name)
    want = Counter(_key(f) for f in EXPECTED[name]["findings"])
    assert got == want


def test_no_error_on_the_kubernetes_documentation_examples(corpus_run):
    _, doc = corpus_run
    website = [f for f in doc["findings"] if Path(f["file"]).name.startswith("k8s-website_")]
    assert all(f["severity"] != "error" for f in website)
    code, _ = corpus_run
    assert code == 0  # nothing in the corpus is an error without evidence


def _apply(docs: list, finding: dict) -> None:
    """Merge the finding's fix into its container (null removes a key): an independent,
    plain strategic merge for one container."""
    kind, name = finding["object"].split("/", 1)
    obj = next(d for d in docs if isinstance(d, dict) and d.get("kind") == kind
               and d["metadata"]["name"] == name)
    spec = obj["spec"] if kind == "Pod" else obj["spec"]["template"]["spec"]
    container = next(c for c in spec["containers"] if c["name"] == finding["fix"]["name"])

    def merge(into: dict, changes: dict) -> None:
        for k, v in changes.items():
            if v is None:
                into.pop(k, None)
            elif isinstance(v, dict) and isinstance(into.get(k), dict):
                merge(into[k], v)
            else:
                into[k] = copy.deepcopy(v)

    merge(container, {k: v for k, v in finding["fix"].items() if k != "name"})


def test_every_suggestion_applied_and_checked_again_adds_no_finding(corpus_run, capsys,
                                                                    tmp_path):
    _, doc = corpus_run
    fixed = [f for f in doc["findings"] if f["fix"]]
    assert any(f["object"] == "Deployment/coredns" for f in fixed)
    for f in fixed:
        source = Path(f["file"])
        docs = list(yaml.safe_load_all(source.read_text()))
        _apply(docs, f)
        patched = tmp_path / source.name
        patched.write_text(yaml.safe_dump_all(docs, sort_keys=False))
        # KS005: what the old config protected; KS016: the start the table assumes
        protected = f["data"].get("protected_now", f["data"].get("startup_seconds"))
        # that start-up must be protected after the fix: no KS003
        code, after = run(capsys, str(patched), "--startup-seconds", str(protected))
        mine = [g for g in after["findings"] if g["object"] == f["object"]
                and g["container"] == f["container"]]
        before = {g["id"] for g in doc["findings"] if g["object"] == f["object"]
                  and g["container"] == f["container"]}
        assert {g["id"] for g in mine} <= before - {f["id"]}, mine
        assert code == 0


def test_coredns_suggestion_protects_at_least_100_seconds(corpus_run):
    _, doc = corpus_run
    ks005 = next(f for f in doc["findings"] if f["object"] == "Deployment/coredns")
    assert ks005["data"]["protected_now"] >= 100.0 - 1e-6  # 60 s delay + (5-1) x 10 s
    assert ks005["data"]["protected_after"] >= ks005["data"]["protected_now"]
    startup = ks005["fix"]["startupProbe"]
    assert startup["httpGet"]["path"] == "/health"
    assert ks005["fix"]["livenessProbe"] == {"initialDelaySeconds": None}


# ---------------------------------------------------------------- pods/: multi-container pods

PODS = HERE.parent.parent / "shared" / "corpus" / "pods"
KUSTOMIZE = HERE.parent.parent / "shared" / "corpus" / "kustomize" / "aws-ebs-csi-driver"
EXPECTED_PODS = yaml.safe_load((HERE / "corpus_expectations.yaml").read_text())["pods"]
needs_pods = pytest.mark.skipif(not PODS.is_dir(), reason="the corpus's pods folder is absent")


@pytest.fixture(scope="module")
def pods_run() -> tuple[int, dict]:
    """One directory run over the pods (which includes linkerd's two `/ready` endpoints on
    different ports: no behaviour names them, so no ambiguity error)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["check", str(PODS), "--format", "json"])
    return code, json.loads(buf.getvalue())


@needs_pods
def test_every_pod_file_is_reviewed():
    assert sorted(p.name for p in PODS.glob("*.yaml")) == sorted(EXPECTED_PODS)


@needs_pods
@pytest.mark.parametrize("name", sorted(EXPECTED_PODS))
def test_pod_findings_match_the_hand_review(pods_run, name):
    code, doc = pods_run
    assert code == 0 and doc["errors"] == []
    got = Counter(_key(f) for f in doc["findings"] if Path(f["file"]).name == name)
    want = Counter(_key(f) for f in EXPECTED_PODS[name]["findings"])
    assert got == want


@needs_pods
@pytest.mark.parametrize("name", sorted(EXPECTED_PODS))
def test_run_reports_the_whole_pod_of_every_pod_file(capsys, name):
    """`kubesim run FILE` of one pod simulates and reports every container of it, probed or
    not (init containers, sidecars, app containers), with the pod's phase."""
    from kubesim import load_spec

    path = str(PODS / name)
    code = main(["run", path, "--duration", "120", "--format", "json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    doc = json.loads(out)
    pod = load_spec(path)
    assert doc["run"]["pod_containers"] == [c.name for c in pod.containers]
    assert {c["name"] for c in doc["containers"]} == {c.name for c in pod.containers}
    assert doc["pod_phase"][-1]["phase"] in ("Running", "Succeeded")


@needs_pods
def test_a_scenario_naming_linkerds_ready_is_ambiguous_and_lists_unique_keys(capsys, tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text('targets: {"/ready": {answer: {status: 503}}}\n')
    path = str(PODS / "linkerd2_inject_tap_deployment_debug.golden.yaml")
    code = main(["run", path, "--scenario", str(scenario), "--duration", "30"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "linkerd-proxy:4191/ready, tap:9998/ready" in err
    scenario.write_text('targets: {"tap:9998/ready": {answer: {status: 503}}}\n')
    assert main(["run", path, "--scenario", str(scenario), "--duration", "30"]) == 0


@pytest.mark.skipif(not (KUSTOMIZE.is_dir() and shutil.which("kubectl")),
                    reason="the corpus's kustomize tree or kubectl is absent")
def test_the_built_aws_ebs_csi_tree_checks_without_bad_input(tmp_path):
    """Its node DaemonSet probes /healthz on 9808 and 9809 (two containers): built with
    `kubectl kustomize` and piped in, it checks (exit 0 or 1, never 2)."""
    built = subprocess.run(["kubectl", "kustomize", str(KUSTOMIZE / "overlays" / "stable")],
                           capture_output=True, text=True, timeout=120, check=False)
    assert built.returncode == 0, built.stderr
    done = subprocess.run([sys.executable, "-m", "kubesim", "check", "-"], input=built.stdout,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr
    assert "DaemonSet/ebs-csi-node" in done.stdout
