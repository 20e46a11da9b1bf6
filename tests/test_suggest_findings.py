"""`kubesim suggest FILE` with no expectations fixes what `kubesim check` reports (issue 21,
item 5): each finding becomes what the fix must do, in the terms of the probe it is about
(a path, a command, a gRPC service, a port); the patch, applied to the manifest by a merge
written here, is checked again by `kubesim check`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from helpers import cli
from test_suggest import merge  # the plain strategic merge written independently there

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CORPUS = REPO.parent / "shared" / "corpus" / "real-manifests"

POSTGRES_SHARED = """\
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata:
      labels: {app: db}
      annotations: {kubesim.dev/startup-seconds: "20"}
    spec:
      containers:
        - name: postgres
          image: postgres:16.4
          ports: [{name: pg, containerPort: 5432}]
          livenessProbe:
            exec: {command: [pg_isready, -U, postgres]}
            periodSeconds: 10
          readinessProbe:
            exec: {command: [pg_isready, -U, postgres]}
            periodSeconds: 10
"""


def suggest(capsys, path: str, *argv: str) -> tuple[int, dict]:
    code, out, err = cli(capsys, "suggest", path, "--format", "json", "--no-config", *argv)
    assert err == "", err
    return code, json.loads(out)


def check(capsys, path: str, *argv: str) -> list[tuple[str, str, str]]:
    _, out, _ = cli(capsys, "check", path, "--format", "json", "--no-config", *argv)
    return sorted((f["object"], f["id"], f["severity"]) for f in json.loads(out)["findings"])


def apply(source: Path, doc: dict, target: Path) -> None:
    """Each container's patch merged into its object: a strategic merge by container name."""
    docs = [d for d in yaml.safe_load_all(source.read_text()) if d]
    for item in doc["containers"]:
        if not item["patch"]:
            continue
        kind, name = item["object"].split("/", 1)
        obj = next(d for d in docs if d["kind"] == kind and d["metadata"]["name"] == name)
        spec = obj["spec"] if kind == "Pod" else obj["spec"]["template"]["spec"]
        containers = spec["containers"] + spec.get("initContainers", [])
        c = next(c for c in containers if c["name"] == item["patch"]["name"])
        patched = merge(c, {k: v for k, v in item["patch"].items() if k != "name"})
        c.clear()
        c.update(patched)
    target.write_text(yaml.safe_dump_all(docs, sort_keys=False))


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is absent")
def test_the_dashboard_is_fixed_from_its_findings_alone(capsys, tmp_path):
    source = CORPUS / "dashboard_v2_recommended.yaml"
    before = check(capsys, str(source))
    code, doc = suggest(capsys, str(source))
    assert code == 0 and {tuple(f) for i in doc["containers"] for f in i["fixes"]} == {
        ("KS004", "warning"), ("KS008", "warning")}
    fixed = tmp_path / "fixed.yaml"
    apply(source, doc, fixed)
    assert before and check(capsys, str(fixed)) == []  # nothing left, nothing new
    for item in doc["containers"]:
        live = item["patch"]["livenessProbe"]
        assert live["timeoutSeconds"] < 10  # below the period: hangs caught as promised
        assert "tcpSocket" in item["patch"]["readinessProbe"]  # the port it serves


def test_an_exec_probe_gets_advice_in_its_own_terms(capsys, tmp_path):
    """The issue's case: `exec: pg_isready` shared by liveness and readiness got "a /livez"."""
    spec = tmp_path / "db.yaml"
    spec.write_text(POSTGRES_SHARED)
    _, doc = suggest(capsys, str(spec))
    (item,) = doc["containers"]
    assert ["KS001", "warning"] in item["fixes"]
    advice = " ".join(item["advice"])
    assert "/livez" not in advice and "path" not in advice
    assert "its own command instead of `pg_isready -U postgres`" in advice


def test_grpc_and_http_advice(capsys, tmp_path):
    spec = tmp_path / "svc.yaml"
    spec.write_text("name: app\nlivenessProbe: {httpGet: {path: /healthz, port: 8080}}\n"
                    "readinessProbe: {httpGet: {path: /healthz, port: 8080}}\n")
    _, doc = suggest(capsys, str(spec))
    assert "own path instead of /healthz" in " ".join(doc["containers"][0]["advice"])
    scenario = tmp_path / "down.scenario.yaml"
    scenario.write_text("applies_to: [{name: grpc}]\n"
                        "dependencies: {db: {down: [{from: 60, to: 150}]}}\n"
                        "targets: {'grpc:9555': {depends_on: [db]}}\n")
    grpc = tmp_path / "grpc.yaml"
    grpc.write_text("name: app\nlivenessProbe: {grpc: {port: 9555}}\n"
                    "readinessProbe: {grpc: {port: 9555}}\n")
    _, doc = suggest(capsys, str(grpc), "--scenario", str(scenario))
    advice = " ".join(doc["containers"][0]["advice"])
    assert "readinessProbe.grpc.service" in advice and "/livez" not in advice


def test_a_startup_probe_that_skips_ticks_keeps_its_protection(capsys, tmp_path):
    """KS004 on a startup probe (istio's proxy: period 1, timeout 3, 600 failures): the fix
    states the interval the kubelet keeps and protects at least as long as before."""
    spec = tmp_path / "proxy.yaml"
    spec.write_text("name: proxy\nreadinessProbe: {httpGet: {path: /ready, port: 15021}}\n"
                    "startupProbe: {httpGet: {path: /ready, port: 15021}, periodSeconds: 1,\n"
                    "  timeoutSeconds: 3, failureThreshold: 600}\n")
    _, before = cli(capsys, "windows", str(spec), "--format", "json")[:2]
    protected = json.loads(before)["startup_protection"]["guaranteed"]
    code, doc = suggest(capsys, str(spec))
    (item,) = doc["containers"]
    startup = item["patch"]["startupProbe"]
    assert startup["periodSeconds"] == 4 and code == 0
    assert item["findings_after"] == [["KS009", "info"]]  # no liveness: the proxy's choice
    patched = tmp_path / "patched.yaml"
    patched.write_text(yaml.safe_dump(merge(yaml.safe_load(spec.read_text()),
                                            {"startupProbe": startup})))
    _, after = cli(capsys, "windows", str(patched), "--format", "json")[:2]
    assert json.loads(after)["startup_protection"]["guaranteed"] >= protected


def test_a_container_without_probes_gets_a_readiness_probe_on_its_port(capsys):
    _, doc = suggest(capsys, str(HERE / "check_inputs" / "no_probes.yaml"),
                     "--workload", "bare")
    (item,) = doc["containers"]
    assert item["patch"]["readinessProbe"]["tcpSocket"] == {"port": 8080}
    assert ["KS008", "warning"] not in item["findings_after"]
    assert ["KS009", "info"] in item["findings_after"]  # a liveness probe is not invented
    assert any("does not invent a liveness probe" in a for a in item["advice"])


def test_nothing_reported_means_nothing_to_change(capsys):
    code, out, err = cli(capsys, "suggest", str(REPO / "probe_specs" / "seed_skeleton.yaml"),
                         "--no-config")
    assert code == 0 and err == "" and "nothing to change" in out


def test_a_native_sidecars_patch_goes_under_init_containers(capsys, tmp_path):
    """A strategic merge matches containers by name within their list: a native sidecar's
    changes must be under initContainers, or `kubectl patch` adds a new app container."""
    spec = tmp_path / "mesh.yaml"
    spec.write_text("""\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      initContainers:
        - name: proxy
          image: example/proxy:1
          restartPolicy: Always
          readinessProbe: {httpGet: {path: /ready, port: 15021}}
          startupProbe: {httpGet: {path: /ready, port: 15021}, periodSeconds: 1,
                         timeoutSeconds: 3, failureThreshold: 600}
      containers:
        - name: app
          image: example/app:1
          livenessProbe: {httpGet: {path: /livez, port: 8080}}
          readinessProbe: {httpGet: {path: /readyz, port: 8080}}
""")
    code, out, err = cli(capsys, "suggest", str(spec), "--format", "yaml", "--no-config")
    assert code == 0 and err == "", err
    (patch,) = list(yaml.safe_load_all(out))
    pod = patch["spec"]["template"]["spec"]
    assert "containers" not in pod
    assert [c["name"] for c in pod["initContainers"]] == ["proxy"]
    assert pod["initContainers"][0]["startupProbe"]["periodSeconds"] == 4


def test_the_mcp_tool_summarises_a_suggestion_from_findings(monkeypatch):
    """`kubesim mcp`'s suggest without expectations says what check found and what is left,
    not "every expectation met" of expectations nobody gave."""
    from kubesim.cli.mcp_tools import ServerSettings, call_tool

    repo = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(repo)
    result = call_tool("suggest", {"paths": ["probe_specs/seed_unified_healthz.yaml"],
                                   "phases": 2, "config": "none"},
                       ServerSettings(repo, 5_000_000))
    assert not result.is_error, result.text
    assert "expectation" not in result.text.splitlines()[0], result.text
    assert "check's findings KS001 warning, after " in result.text, result.text
