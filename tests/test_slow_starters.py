"""Issue 32, item 7: KS016 knows Prometheus (WAL replay), etcd, Loki and Thanos, each with the
reason it is slow to start and a cited source.

Prometheus, Loki and Thanos answer their liveness path while they load and fail only their
readiness path: a liveness or startup probe on `/-/ready` (`/ready`) kills a long load, one on
`/-/healthy` does not (prometheus-operator issue #3211; Loki's WAL documentation). etcd does not
listen until it has loaded (kubeadm gives it a 240 s startupProbe). The kill itself is the
kubelet's: F failures in a row (R1.17) of the startup probe, or of liveness without one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from helpers import cli
from test_suggest import merge

from kubesim.analysis.check.slow_starters import CLASSES

HERE = Path(__file__).resolve().parent
PROMETHEUS_CHART = HERE / "data" / "prometheus-server" / "deployment.yaml"


def _deployment(image: str, args: list[str], liveness: str, port: int) -> dict:
    return {"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "server"},
            "spec": {"serviceName": "server", "selector": {"matchLabels": {"app": "s"}},
                     "template": {"metadata": {"labels": {"app": "s"}}, "spec": {
                         "containers": [{
                             "name": "server", "image": image, "args": args,
                             "ports": [{"name": "http", "containerPort": port}],
                             "livenessProbe": {"httpGet": {"path": liveness, "port": "http"},
                                               "periodSeconds": 10, "failureThreshold": 3},
                             "readinessProbe": {"httpGet": {"path": liveness, "port": "http"},
                                                "periodSeconds": 5}}]}}}}


def _ks016(capsys, tmp_path: Path, doc: dict) -> list[dict]:
    path = tmp_path / "server.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    _, out, err = cli(capsys, "check", str(path), "--format", "json", "--no-config")
    assert err == "", err
    return [f for f in json.loads(out)["findings"] if f["id"] == "KS016"]


@pytest.mark.parametrize("image,args,path,port,kind", [
    ("quay.io/prometheus/prometheus:v3.8.1", ["--storage.tsdb.path=/data"], "/-/ready", 9090,
     "Prometheus server"),
    ("grafana/loki:3.4.2", ["-config.file=/etc/loki/config.yaml"], "/ready", 3100,
     "Loki ingester"),
    ("quay.io/thanos/thanos:v0.37.2", ["store", "--data-dir=/var/thanos/store"], "/-/ready",
     10902, "Thanos store gateway or receiver"),
    ("registry.k8s.io/etcd:3.5.16-0", [], "/health", 2381, "etcd member"),
])
def test_a_liveness_probe_that_waits_for_the_load_is_reported_with_its_source(
        capsys, tmp_path, image, args, path, port, kind):
    (f,) = _ks016(capsys, tmp_path, _deployment(image, args, path, port))
    assert f["data"]["kind"] == kind and f["data"]["phases_killed"] > 0
    source = next(c.source for c in CLASSES if c.kind == kind)
    assert source and f["data"]["source"] == source and source in f["message"]
    # the fix it carries, applied, protects the start: KS016 is gone
    doc = _deployment(image, args, path, port)
    container = doc["spec"]["template"]["spec"]["containers"][0]
    container.update(merge(container, {k: v for k, v in f["fix"].items() if k != "name"}))
    assert _ks016(capsys, tmp_path, doc) == []


@pytest.mark.parametrize("image,args,path,port", [
    ("quay.io/prometheus/prometheus:v3.8.1", [], "/-/healthy", 9090),  # answers at once
    ("grafana/loki:3.4.2", ["-target=querier"], "/ready", 3100),  # replays no WAL
    ("quay.io/thanos/thanos:v0.37.2", ["sidecar"], "/-/ready", 10902),  # loads no blocks
    ("quay.io/prometheus-operator/prometheus-config-reloader:v0.87.1", [], "/healthz", 8080),
])
def test_what_does_not_wait_for_a_load_is_not_reported(capsys, tmp_path, image, args, path,
                                                        port):
    assert _ks016(capsys, tmp_path, _deployment(image, args, path, port)) == []


def test_the_prometheus_charts_server_is_not_reported(capsys):
    """Its liveness asks /-/healthy, which answers during the WAL replay (the right probe)."""
    _, out, err = cli(capsys, "check", str(PROMETHEUS_CHART), "--format", "json", "--no-config")
    assert err == "" and [f for f in json.loads(out)["findings"] if f["id"] == "KS016"] == []
