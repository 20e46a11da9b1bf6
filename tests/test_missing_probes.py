"""Missing probes by default (issue 21, item 6): KS016, a slow starter (a database, a JVM
application, as the manifest says) whose start-up is shorter protected than such a start can
take, found without --startup-seconds; silenced by configuration; and the table's signals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

from kubesim.analysis.check.slow_starters import slow_start

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

POSTGRES = """\
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
{annotations}spec:
  serviceName: db
  selector: {{matchLabels: {{app: db}}}}
  template:
    metadata: {{labels: {{app: db}}}}
    spec:
      containers:
        - name: postgres
          image: {image}
          ports: [{{containerPort: 5432}}]
          livenessProbe:
            exec: {{command: [pg_isready, -U, postgres]}}
            periodSeconds: 10
            failureThreshold: 3
          readinessProbe:
            exec: {{command: [pg_isready, -U, postgres]}}
            periodSeconds: 5
"""


def check(capsys, tmp_path: Path, text: str, *argv: str) -> tuple[int, dict]:
    path = tmp_path / "db.yaml"
    path.write_text(text)
    code, out, err = cli(capsys, "check", str(path), "--format", "json", "--no-config", *argv)
    assert code in (0, 1), err
    return code, json.loads(out)


def by_id(doc: dict, rule: str) -> list[dict]:
    return [f for f in doc["findings"] if f["id"] == rule]


def test_a_postgres_statefulset_without_a_startup_probe_is_found_by_default(capsys, tmp_path):
    code, doc = check(capsys, tmp_path, POSTGRES.format(annotations="", image="postgres:16.4"))
    (f,) = by_id(doc, "KS016")
    assert code == 0 and f["severity"] == "warning" and f["case"] == "no-startup-probe"
    assert f["data"]["kind"] == "database" and f["data"]["startup_seconds"] == 300
    assert "image postgres:16.4" in f["message"]
    # liveness kills such a start (10 s x 3 plus the first tick): at every grid phase
    assert f["data"]["protection_guaranteed"] < 60 and f["data"]["phases_killed"] == 20
    startup = f["fix"]["startupProbe"]
    assert startup["exec"]["command"][0] == "pg_isready"
    assert f["data"]["protected_after"] >= 300
    assert startup["failureThreshold"] * startup["periodSeconds"] >= 300


def test_the_suggested_startup_probe_clears_it(capsys, tmp_path):
    _, doc = check(capsys, tmp_path, POSTGRES.format(annotations="", image="postgres:16.4"))
    fix = by_id(doc, "KS016")[0]["fix"]["startupProbe"]
    probe = ("          startupProbe:\n            exec: {command: [pg_isready, -U, postgres]}\n"
             f"            periodSeconds: {fix['periodSeconds']}\n"
             f"            failureThreshold: {fix['failureThreshold']}\n")
    text = POSTGRES.format(annotations="", image="postgres:16.4").replace(
        "          livenessProbe:\n", probe + "          livenessProbe:\n")
    _, doc = check(capsys, tmp_path, text)
    assert by_id(doc, "KS016") == []


def test_a_short_startup_probe_on_a_database_is_found_too(capsys, tmp_path):
    probe = ("          startupProbe:\n            exec: {command: [pg_isready]}\n"
             "            periodSeconds: 5\n            failureThreshold: 10\n")
    text = POSTGRES.format(annotations="", image="postgres:16.4").replace(
        "          livenessProbe:\n", probe + "          livenessProbe:\n")
    _, doc = check(capsys, tmp_path, text)
    (f,) = by_id(doc, "KS016")
    assert f["case"] == "short-startup-probe" and f["fix"] is None


def test_a_stated_startup_time_replaces_the_assumption(capsys, tmp_path):
    """The annotation states the real figure: KS003 judges it (killed: an error), not KS016."""
    annotated = POSTGRES.format(
        annotations="  annotations: {kubesim.dev/startup-seconds: \"90\"}\n",
        image="postgres:16.4")
    code, doc = check(capsys, tmp_path, annotated)
    assert by_id(doc, "KS016") == []
    (ks003,) = by_id(doc, "KS003")
    assert code == 1 and ks003["severity"] == "error"
    assert ks003["data"]["startup_seconds"] == 90
    assert "kubesim.dev/startup-seconds" in ks003["message"]
    code, doc = check(capsys, tmp_path, POSTGRES.format(annotations="", image="postgres:16.4"),
                      "--startup-seconds", "20")
    assert by_id(doc, "KS016") == [] and by_id(doc, "KS003") == []  # 20 s is protected


@pytest.mark.parametrize("value", ["soon", "0", "-5", "1e9"])
def test_a_bad_startup_annotation_is_bad_input(capsys, tmp_path, value):
    path = tmp_path / "db.yaml"
    path.write_text(POSTGRES.format(
        annotations=f"  annotations: {{kubesim.dev/startup-seconds: \"{value}\"}}\n",
        image="postgres:16.4"))
    code, out, err = cli(capsys, "check", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "kubesim.dev/startup-seconds" in err and f"{path}:5" in err


def test_silenced_by_configuration(capsys, tmp_path):
    text = POSTGRES.format(annotations="", image="postgres:16.4")
    for argv in (["--no-missing-probes"], ["--ignore", "KS016"]):
        _, doc = check(capsys, tmp_path, text, *argv)
        assert [f for f in by_id(doc, "KS016") if not f["suppressed"]] == []
    config = tmp_path / "kubesim.yaml"
    config.write_text("check:\n  missing_probes: false\n")
    _, doc = check(capsys, tmp_path, text, "--no-config")
    assert by_id(doc, "KS016")
    path = tmp_path / "db.yaml"
    _, out, _ = cli(capsys, "check", str(path), "--format", "json", "--config", str(config))
    assert by_id(json.loads(out), "KS016") == []
    config.write_text("check:\n  severity: {KS016: info}\n")
    _, out, _ = cli(capsys, "check", str(path), "--format", "json", "--config", str(config))
    assert [f["severity"] for f in by_id(json.loads(out), "KS016")] == ["info"]


@pytest.mark.parametrize("container,kind", [
    ({"image": "docker.io/library/postgres:16@sha256:00"}, "database"),
    ({"image": "bitnami/mysql:8.4"}, "database"),
    ({"image": "example/db:1", "env": [{"name": "MYSQL_ROOT_PASSWORD"}]}, "database"),
    ({"args": ["mysqld"]}, "database"),  # the Percona operator's pxc container, image stripped
    ({"image": "example/api:1", "command": ["sh", "-c", "exec java -jar /app.jar"]}, "JVM application"),
    ({"image": "eclipse-temurin:21-jre"}, "JVM application"),
    ({"image": "example/api:1", "env": [{"name": "JAVA_OPTS", "value": "-Xmx1g"}]},
     "JVM application"),
    ({"image": "prometheuscommunity/postgres-exporter:v0.15"}, None),  # a tool around one
    ({"image": "mongo-express:1"}, None),
    ({"image": "percona/percona-xtradb-cluster-operator:1.14"}, None),
    ({"image": "example/api:1", "env": [{"name": "MYSQL_HOST"}]}, None),  # a client of one
    ({"image": "redis:7"}, None),  # a cache: starts in seconds (not in the table)
    ({"image": "registry.k8s.io/etcd:3.5.1-0"}, "etcd member"),  # issue 32: in the table
    ({}, None),
])
def test_the_table_reads_the_manifest(container, kind):
    found = slow_start(container)
    assert (found.starter.kind if found else None) == kind


def test_without_liveness_nothing_kills_a_slow_start(capsys, tmp_path):
    text = POSTGRES.format(annotations="", image="postgres:16.4")
    text = text.replace("          livenessProbe:\n            exec: {command: [pg_isready, -U, "
                        "postgres]}\n            periodSeconds: 10\n            failureThreshold: 3\n",
                        "")
    _, doc = check(capsys, tmp_path, text)
    assert by_id(doc, "KS016") == [] and [f["severity"] for f in by_id(doc, "KS009")] == ["info"]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is absent")
def test_the_corpus_databases(capsys):
    """Cassandra (kubernetes/examples): liveness after 15 s, 3 x 10 s, no startupProbe; the
    Percona pxc container waits 300 s before liveness (KS005 says so; protected enough)."""
    _, out, _ = cli(capsys, "check", str(CORPUS / "real-manifests" /
                                             "k8s-examples_cassandra-statefulset.yaml"),
                       str(CORPUS / "pods" / "percona-pxc_statefulset_monitoring-pxc.yaml"),
                       "--format", "json", "--no-config")
    doc = json.loads(out)
    ks016 = by_id(doc, "KS016")
    assert [(f["object"], f["container"]) for f in ks016] == [("StatefulSet/cassandra",
                                                               "cassandra")]
    assert {f["container"] for f in by_id(doc, "KS005")} == {"pxc", "pmm-client"}
