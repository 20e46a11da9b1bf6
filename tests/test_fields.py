"""Nothing accepted in silence: every field of the core/v1 pod spec and container (and of the
container types kubesim reads) is modelled, refused or named in a note, or is in the table
as bearing on none of starts, probes, restarts, readiness or termination (`kubesim.spec.
fields`), walked from the API's own schema: tests/data/core_v1_pod_schema.json, trimmed from
the OpenAPI v3 document of kube-apiserver v1.36.2 (tests/data/README.md).

And each NOTED field a pod sets is named by every output that read the pod: `run`, `check`,
`fleet` and `explain`, as text and as JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic.alias_generators import to_camel

from kubesim.cli.main import main
from kubesim.spec import model
from kubesim.spec.fields import FORMER_FIELDS, TABLES, Handling
from kubesim.spec.manifests import CONTAINER_FIELDS, POD_SPEC_FIELDS

HERE = Path(__file__).resolve().parent
SCHEMA = json.loads((HERE / "data" / "core_v1_pod_schema.json").read_text())["components"][
    "schemas"]
PREFIX = "io.k8s.api.core.v1."
# core/v1 types a MODELLED field leads to that other readers walk (their fields are read
# there, each with its own notes): placement (kubesim.spec.workload) and the container restart
# rules (KEP-5307, the restart rules' own reader)
READ_ELSEWHERE = {
    "Affinity": "kubesim fleet's placement (spec.workload: podAntiAffinity, nodeAffinity, "
                "notes for the rest)",
    "TopologySpreadConstraint": "kubesim fleet's placement (spec.workload)",
    "ContainerRestartRule": "the container restart rules (KEP-5307)",
    "Container": "walked as its own table",
}
# the pydantic model of each nested type kubesim validates field by field
MODELS = {"Probe": model.Probe, "Lifecycle": model.Lifecycle,
          "LifecycleHandler": model.LifecycleHandler, "ContainerPort": model.ContainerPort,
          "ExecAction": model.ExecAction, "HTTPGetAction": model.HTTPGetAction,
          "HTTPHeader": model.HTTPHeader, "TCPSocketAction": model.TCPSocketAction,
          "GRPCAction": model.GRPCAction, "SleepAction": model.SleepAction}
# a value for each NOTED field, to set it in a pod (a new NOTED field needs one here)
SAMPLES: dict[tuple[str, str], Any] = {
    ("PodSpec", "activeDeadlineSeconds"): 600,
    ("PodSpec", "nodeName"): "node-a",
    ("PodSpec", "schedulingGates"): [{"name": "example.com/wait"}],
    ("PodSpec", "schedulingGroup"): {"podGroupName": "g"},
    ("PodSpec", "workloadRef"): {"name": "w"},
    ("Container", "imagePullPolicy"): "Always",
    ("Container", "resizePolicy"): [{"resourceName": "cpu", "restartPolicy": "RestartContainer"}],
    ("Lifecycle", "stopSignal"): "SIGUSR1",
}


def _ref(prop: dict[str, Any]) -> str | None:
    """The core/v1 type a schema property refers to (through an array's items)."""
    for candidate in (prop, prop.get("items", {}), *prop.get("allOf", [])):
        ref = candidate.get("$ref", "")
        if ref.startswith("#/components/schemas/" + PREFIX):
            return ref.rsplit(".", 1)[-1]
    return None


def test_the_schema_is_the_1_36_api() -> None:
    assert {f"{PREFIX}{t}" for t in TABLES} <= set(SCHEMA)


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_every_field_of_the_api_is_in_the_table(kind: str) -> None:
    """A field of the API missing from the table would be accepted in silence (or refused as
    unknown); a table entry the API does not have must be a former field, kept on purpose."""
    fields = set(SCHEMA[PREFIX + kind]["properties"])
    table = set(TABLES[kind])
    assert fields - table == set(), f"{kind}: not in kubesim.spec.fields: {fields - table}"
    assert table - fields == set(), f"{kind}: not fields of the API: {table - fields}"
    assert set(FORMER_FIELDS.get(kind, {})).isdisjoint(fields)


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_every_entry_is_one_of_the_kinds_and_says_why(kind: str) -> None:
    for name, rule in {**TABLES[kind], **FORMER_FIELDS.get(kind, {})}.items():
        assert isinstance(rule.handling, Handling), (kind, name)
        assert len(rule.why) > 20, (kind, name)


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_the_walk_reaches_every_type_a_modelled_field_leads_to(kind: str) -> None:
    """From the pod spec down: a modelled field's own fields are in a table too (or read by
    another reader), so nothing below a modelled field is accepted in silence."""
    for name, prop in SCHEMA[PREFIX + kind]["properties"].items():
        target = _ref(prop)
        if target is None or TABLES[kind][name].handling is not Handling.MODELLED:
            continue
        assert target in TABLES or target in READ_ELSEWHERE, f"{kind}.{name} -> {target}"


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_the_models_take_every_field_of_their_type(kind: str) -> None:
    """The pydantic models refuse unknown fields: each must know every field of its API type
    (a field the API added would otherwise make a valid manifest exit 2)."""
    cls = MODELS[kind]
    known = {f.alias or to_camel(name) for name, f in cls.model_fields.items()}
    assert set(SCHEMA[PREFIX + kind]["properties"]) <= known


def test_the_readers_take_every_pod_spec_and_container_field() -> None:
    assert set(SCHEMA[PREFIX + "PodSpec"]["properties"]) <= POD_SPEC_FIELDS
    assert set(SCHEMA[PREFIX + "Container"]["properties"]) <= CONTAINER_FIELDS


def test_every_noted_field_has_a_sample() -> None:
    noted = {(kind, name) for kind, table in [*TABLES.items(), *FORMER_FIELDS.items()]
             for name, rule in table.items() if rule.handling is Handling.NOTED}
    assert noted == set(SAMPLES)


# -- every output names what it did not model ------------------------------------------------
def noted_pod() -> dict[str, Any]:
    """A Pod that sets every NOTED field, with the status a live pod has (for explain)."""
    spec: dict[str, Any] = {k[1]: v for k, v in SAMPLES.items() if k[0] == "PodSpec"}
    container: dict[str, Any] = {"name": "app", "image": "registry.example/app:1",
                                 "readinessProbe": {"httpGet": {"path": "/readyz",
                                                                "port": 8080}}}
    container.update({k[1]: v for k, v in SAMPLES.items() if k[0] == "Container"})
    container["lifecycle"] = {k[1]: v for k, v in SAMPLES.items() if k[0] == "Lifecycle"}
    spec["containers"] = [container]
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"}, "spec": spec,
            "status": {"phase": "Running", "startTime": "2026-01-01T00:00:00Z",
                       "containerStatuses": [{
                           "name": "app", "ready": True, "restartCount": 0,
                           "state": {"running": {"startedAt": "2026-01-01T00:00:01Z"}}}]}}


EXPECTED = ["spec.activeDeadlineSeconds=600", "spec.nodeName", "spec.schedulingGates",
            "spec.schedulingGroup", "spec.workloadRef", "spec.containers[app].resizePolicy",
            "spec.containers[app].imagePullPolicy=Always",
            "spec.containers[app].lifecycle.stopSignal"]
COMMANDS = {"run": ["run", "{pod}", "--duration", "20"],
            "check": ["check", "{pod}"],
            "fleet": ["fleet", "{pod}", "--duration", "20", "--replicas", "2"],
            "explain": ["explain", "{pod}", "--no-suggest"]}


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_output_names_each_noted_field(command: str, fmt: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(yaml.safe_dump(noted_pod()))
    argv = [a.format(pod=pod) for a in COMMANDS[command]]
    assert main([*argv, "--format", fmt]) == 0
    out = capsys.readouterr().out
    if fmt == "json":
        out = json.dumps(json.loads(out))  # one line: notes are not wrapped
    else:
        out = " ".join(out.split())  # text wraps long notes
    for path in EXPECTED:
        assert f"accepted, not modelled: {path}" in out, (command, fmt, path)


def test_explain_names_what_its_spec_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    """`explain RECORD --spec FILE`: the record (a pod's status alone) says nothing of the
    spec; the notes come from --spec's pod, once each."""
    whole = noted_pod()
    spec, record = tmp_path / "pod.yaml", tmp_path / "status.yaml"
    spec.write_text(yaml.safe_dump({k: v for k, v in whole.items() if k != "status"}))
    record.write_text(yaml.safe_dump({"status": whole["status"]}))
    assert main(["explain", str(record), "--spec", str(spec), "--no-suggest", "--format",
                 "json"]) == 0
    out = json.dumps(json.loads(capsys.readouterr().out))
    for path in EXPECTED:
        assert out.count(f"accepted, not modelled: {path} ") == 1, path
