"""Reading manifests and compact specs into probed containers (R1.1, R2.4, R5.3, R5.9)."""

from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path

import pytest

from kubesim.errors import SpecError
from kubesim.results import ProbeType
from kubesim.spec.manifests import (
    containers_from_text,
    load_containers,
    load_spec,
    select_container,
)
from kubesim.spec.model import HandlerKind, RestartPolicy

HERE = Path(__file__).parent / "manifests"
LIVE, READY, START = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


def fixture(name: str) -> str:
    return str(HERE / name)


def error_of(tmp_path: Path, text: str, name: str = "bad.yaml") -> tuple[str, SpecError]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    with pytest.raises(SpecError) as info:
        load_containers(str(path))
    return str(path), info.value


def test_deployment_with_resources_env_and_volumes() -> None:
    (web,) = load_containers(fixture("deployment.yaml"))
    assert web.label == "Deployment/web container web"
    assert (web.namespace, web.termination_grace_period_seconds) == ("shop", 45)
    assert web.restart_policy is RestartPolicy.ALWAYS
    assert web.source == fixture("deployment.yaml")
    assert list(web.container.probes()) == [START, LIVE, READY]
    assert web.container.target(READY).url == "http://10.0.0.10:8080/ready"  # R2.4
    assert web.container.startup_probe.failure_threshold == 30


def test_cronjob_pod_template() -> None:
    (report,) = load_containers(fixture("cronjob.yaml"))
    assert (report.object_kind, report.object_name) == ("CronJob", "report")
    assert report.restart_policy is RestartPolicy.ON_FAILURE
    assert report.container.target(LIVE).key == "exec:cat /tmp/alive"


def test_list_items_recursively() -> None:
    found = load_containers(fixture("list.yaml"))
    assert [c.label for c in found] == ["StatefulSet/db container postgres",
                                        "DaemonSet/agent container agent"]
    assert found[0].container.target(READY).key == "tcp:5432"
    assert found[1].container.target(LIVE).kind is HandlerKind.GRPC


def test_multi_document_file_with_a_service_first() -> None:
    found = load_containers(fixture("multidoc.yaml"))
    assert [(c.object_kind, c.container.name) for c in found] == [("ReplicaSet", "api"),
                                                                  ("Job", "migrate")]
    assert found[1].restart_policy is RestartPolicy.NEVER


def test_R1_1_pod_with_a_sidecar_and_an_ordinary_init_container() -> None:
    app, proxy = load_containers(fixture("pod-sidecar.yaml"))
    assert (app.container.name, app.container.sidecar) == ("app", False)
    assert (proxy.container.name, proxy.container.sidecar) == ("proxy", True)
    assert proxy.container.target(START).port == 15021
    assert app.container.readiness_probe.success_threshold == 2


def test_compact_spec() -> None:
    spec = load_spec(fixture("compact.yaml"))
    assert (spec.object_kind, spec.object_name, spec.container.name) == ("ProbeSpec", "compact",
                                                                         "api")
    assert spec.termination_grace_period_seconds == 60
    assert spec.container.target(LIVE).port == 8080


def test_compact_spec_defaults_R5_3() -> None:
    (spec,) = containers_from_text("readinessProbe: {tcpSocket: {port: 80}}\n", "x.yaml")
    assert spec.container.name == "app"
    assert (spec.termination_grace_period_seconds, spec.restart_policy) == (30, "Always")


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(Path(fixture("cronjob.yaml")).read_text()))
    spec = load_spec("-")
    assert (spec.source, spec.container.name) == ("<stdin>", "report")


def test_stdin_errors_name_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("livenessProbe: {}\n"))
    with pytest.raises(SpecError, match=r"^<stdin>:1: ProbeSpec/stdin container app: "
                                        r"livenessProbe: must specify a handler type"):
        load_spec("-")


def test_container_selection_by_name_and_its_errors() -> None:
    path = fixture("pod-sidecar.yaml")
    assert load_spec(path, "proxy").container.sidecar
    assert load_spec(path, "Pod/app/app").container.name == "app"
    # one pod: without --container it is taken whole, and --container only picks the focus
    whole = load_spec(path)
    # init containers first, in order (a plain one and a sidecar), then the app
    assert [c.name for c in whole.containers] == ["migrate", "proxy", "app"]
    assert [c.name for c in load_spec(path, "proxy").containers] == ["migrate", "proxy", "app"]
    assert whole.containers[0].init and whole.containers[1].sidecar
    with pytest.raises(SpecError) as info:
        load_spec(path, "migrate")
    assert ("'migrate' is a plain init container (no probes, it runs before the others); the "
            "containers are: app/proxy, app/app") in str(info.value)


def test_same_container_name_in_two_objects_needs_the_object(tmp_path: Path) -> None:
    pod = "kind: Pod\nmetadata: {{name: {0}}}\nspec:\n  containers:\n    - name: app\n" \
          "      livenessProbe: {{tcpSocket: {{port: 80}}}}\n"
    path = tmp_path / "two.yaml"
    path.write_text(pod.format("a") + "---\n" + pod.format("b"))
    with pytest.raises(SpecError, match=r"2 containers are named 'app': a/app, b/app; pick one "
                                        r"with --container"):
        load_spec(str(path), "app")
    assert load_spec(str(path), "b/app").object_name == "b"


def test_no_container_with_probes(tmp_path: Path) -> None:
    path = tmp_path / "svc.yaml"
    path.write_text("apiVersion: v1\nkind: Service\nmetadata: {name: s}\n")
    with pytest.raises(SpecError, match="no workload with a pod in this file") as err:
        load_spec(str(path))
    assert str(err.value).startswith(f"{path}: ")
    with pytest.raises(SpecError, match="no container named 'app'; the file has no workload"):
        select_container([], "app", source="x")


def test_missing_file_and_malformed_yaml(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no such file"):
        load_spec(str(tmp_path / "nope.yaml"))
    with pytest.raises(SpecError, match=r"x\.yaml:2: malformed YAML"):
        containers_from_text("a: [1\nb: 2\n", "x.yaml")


def test_probe_error_names_file_line_object_and_field(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Deployment
        metadata: {name: web}
        spec:
          template:
            spec:
              containers:
                - name: app
                  livenessProbe:
                    httpGet: {port: 8080}
                    successThreshold: 2
        """)
    assert str(err) == (f"{path}:10: Deployment/web container app: "
                        "livenessProbe.successThreshold=2 must be 1")
    assert err.field == "spec.template.spec.containers[0].livenessProbe.successThreshold"


def test_unknown_container_field(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Deployment
        metadata: {name: web}
        spec:
          template:
            spec:
              containers:
                - name: app
                  image: nginx
                  livenesProbe:
                    httpGet: {port: 8080}
        """)
    assert str(err) == (f"{path}:9: Deployment/web: spec.template.spec.containers[0]."
                        "livenesProbe: unknown field")


def test_unknown_pod_spec_field_and_real_ones_accepted(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Pod
        metadata: {name: p}
        spec:
          nodeSelector: {disk: ssd}
          tolerations: []
          restartPolicyy: Never
          containers: [{name: a, readinessProbe: {grpc: {port: 1}}}]
        """)
    assert str(err) == f"{path}:6: Pod/p: spec.restartPolicyy: unknown field"


def test_R5_9_probes_forbidden_on_ordinary_init_containers(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Pod
        metadata: {name: p}
        spec:
          initContainers:
            - name: init
              restartPolicy: OnFailure
              readinessProbe: {exec: {command: [x]}}
          containers: [{name: a}]
        """)
    assert str(err) == (f"{path}:7: Pod/p: spec.initContainers[0].readinessProbe: probes are "
                        "not allowed on init containers unless restartPolicy: Always (a sidecar)")


def test_R5_9_probes_forbidden_on_ephemeral_containers(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Pod
        metadata: {name: p}
        spec:
          containers: [{name: a}]
          ephemeralContainers:
            - name: debug
              targetContainerName: a
              livenessProbe: {exec: {command: [x]}}
        """)
    assert f"{path}:8: Pod/p: spec.ephemeralContainers[0].livenessProbe: probes are not" in str(err)


def test_job_needs_on_failure_or_never(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Job
        metadata: {name: j}
        spec:
          template:
            spec:
              containers: [{name: a, livenessProbe: {exec: {command: [x]}}}]
        """)
    assert str(err) == (f"{path}:5: Job/j: spec.template.spec.restartPolicy=unset must be "
                        "OnFailure or Never for a Job")


def test_deployment_needs_always(tmp_path: Path) -> None:
    _, err = error_of(tmp_path, """
        kind: Deployment
        metadata: {name: d}
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: a, livenessProbe: {exec: {command: [x]}}}]
        """)
    assert "restartPolicy='Never' must be Always for a Deployment" in str(err)
    assert err.line == 6


def test_R5_3_pod_grace_period_must_be_an_integer(tmp_path: Path) -> None:
    path, err = error_of(tmp_path, """
        kind: Pod
        metadata: {name: p}
        spec:
          terminationGracePeriodSeconds: "30"
          containers: [{name: a, livenessProbe: {exec: {command: [x]}}}]
        """)
    assert str(err) == (f"{path}:4: Pod/p: spec.terminationGracePeriodSeconds='30' must be a "
                        "64-bit integer")


@pytest.mark.parametrize(("text", "line", "message"), [
    ("- a\n- b\n", 1, "document must be a mapping, got a list"),
    ("kind: Pod\nmetadata: {name: p}\nspec:\n  containers: 3\n", 4,
     "Pod/p: spec.containers must be a list, got a number"),
    ("kind: Pod\nmetadata: {name: p}\nspec: {}\n", 3,
     "Pod/p: spec.containers: at least one container is required"),
    ("kind: Deployment\nmetadata: {name: d}\nspec: {replicas: 1}\n", 3,
     "Deployment/d: spec.template: required field is missing"),
    ("kind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    - oops\n", 5,
     "Pod/p: spec.containers[0] must be a mapping, got a string"),
    ("kind: List\nitems: {a: 1}\n", 2, "items must be a list, got dict"),
    ("foo: 1\n", 1, "neither a Kubernetes object (no kind) nor a probe spec"),
    ("name: api\nlivenessProbe: {tcpSocket: {port: 1}}\nsidecar: true\n", 3,
     "sidecar: unknown field"),
    ("ports: [{containerPort: '80'}]\nreadinessProbe: {tcpSocket: {port: 1}}\n", 1,
     "ProbeSpec/bad container app: ports[0].containerPort='80' must be an integer"),
    ("kind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    - image: x\n"
     "      livenessProbe: {tcpSocket: {port: 1}}\n", 5,
     "Pod/p spec.containers[0]: name: required field is missing"),
])
def test_bad_documents(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SpecError) as info:
        load_containers(str(path))
    assert str(info.value).startswith(f"{path}:{line}: ")
    assert message in str(info.value)
