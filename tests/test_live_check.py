"""`kubesim check --cluster` against a real API server (tests/live_stories.py): the findings
of a live Deployment are those `kubesim check` gives for the same object as a file, each
naming the live object as namespace/Kind/name; read-only, one-line errors."""

from __future__ import annotations

import json

import pytest
import yaml
from live_stories import SLOW_START

from kubesim.cli.main import main

pytestmark = pytest.mark.realtime


def _check(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_live_deployment_gets_the_findings_of_the_same_manifest(live_cluster, tmp_path,
                                                                   capsys):
    """The same findings (ids, severities, containers, messages) as the manifest the story
    wrote, checked from a file; the live one names payments/Deployment/slow."""
    admin = live_cluster.kubeconfig(tmp_path / "admin.json", namespace="payments")
    code, live, err = _check(capsys, "--cluster", "--kubeconfig", str(admin), "--format",
                             "json")
    assert code in (0, 1), err
    manifest = tmp_path / "slow.yaml"
    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "slow"},
               "spec": {"selector": {"app": "slow"}, "ports": [{"port": 80}]}}
    manifest.write_text(yaml.safe_dump_all([
        {**SLOW_START, "metadata": {**SLOW_START["metadata"], "namespace": "payments"}},
        {**service, "metadata": {**service["metadata"], "namespace": "payments"}}]))
    code_file, pasted, err = _check(capsys, str(manifest), "--format", "json")
    assert code_file == code, err
    live_doc, file_doc = json.loads(live), json.loads(pasted)

    def findings(doc: dict) -> list[tuple]:
        return sorted((f["id"], f["severity"], f["object"], f.get("container"), f["message"])
                      for f in doc["findings"])

    assert findings(live_doc) == findings(file_doc)
    assert "KS005" in {f["id"] for f in live_doc["findings"]}
    assert {f["file"] for f in live_doc["findings"]} == {"payments/Deployment/slow"}
    assert live_doc["inputs"] == ["payments/Deployment/slow"]


def test_namespaces_are_chosen_and_validated(live_cluster, tmp_path, capsys):
    admin = live_cluster.kubeconfig(tmp_path / "admin.json")  # its context: default
    code, out, err = _check(capsys, "--cluster", "--kubeconfig", str(admin))
    assert code == 2 and err.count("\n") == 1
    assert "namespace default of the cluster of kubeconfig" in err and "holds no Deployment" in err
    code, out, err = _check(capsys, "--cluster", "--kubeconfig", str(admin), "--allow-empty")
    assert code == 0 and "namespace default: 0 workload(s)" in " ".join(out.split())
    code, out, _ = _check(capsys, "--cluster", "--cluster-namespace", "payments",
                          "--cluster-namespace", "shop", "--kubeconfig", str(admin))
    assert "payments/Deployment/slow" in out and "shop/Deployment/web" in out
    code, out, _ = _check(capsys, "--cluster", "-A", "--kubeconfig", str(admin))
    assert "payments/Deployment/slow" in out and "shop/Deployment/web" in out
    code, _, err = _check(capsys, "--cluster", "--cluster-namespace", "Bad_NS",
                          "--kubeconfig", str(admin))
    assert code == 2 and err.count("\n") == 1 and "not a namespace name" in err
    code, _, err = _check(capsys, "--cluster", "x.yaml")
    assert code == 2 and "not both" in err


def test_a_reader_without_list_on_deployments_is_told_which(live_cluster, tmp_path, capsys):
    reader = live_cluster.kubeconfig(tmp_path / "r.json", token=live_cluster.reader_token,
                                     namespace="payments")
    code, out, err = _check(capsys, "--cluster", "--kubeconfig", str(reader))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "list deployments.apps in namespace payments (403 Forbidden)" in err
