"""The API server's validation of the pod spec fields kubesim reads: kubesim refuses (exit 2)
exactly what the API server refuses, with the rule in its message (R5.19-R5.25 of
docs/kubelet-rules.md; each case names the function of
pkg/apis/core/validation/validation.go that decides it).

Every case says what the API server does with it. `test_kubesim_refuses_what_the_api_server_
refuses` holds kubesim to that; `test_the_api_server_agrees`, where a real kube-apiserver
v1.36.2 can run (etcd and the binary kept beside the project; CI always), asks the server
itself with a dry-run creation (strict field validation, as `kubectl apply`), so the table is
the server's word, not a reading of its source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from live_cluster import LiveCluster

from kubesim.cli.main import main
from kubesim.errors import SpecError
from kubesim.spec.manifests import containers_from_text


def c(name: str = "app", **fields: Any) -> dict[str, Any]:
    return {"name": name, "image": "registry.example/app:1", **fields}


def hooks(**lifecycle: Any) -> dict[str, Any]:
    return c(lifecycle=lifecycle)


SIDECAR = {"restartPolicy": "Always"}


@dataclass(frozen=True)
class Case:
    id: str
    spec: dict[str, Any]  # the pod spec
    refused: bool  # by the API server (checked live in test_the_api_server_agrees)
    rule: str  # the validation function (or defaulting) that decides it
    message: str = ""  # what kubesim's message must hold (refused cases)
    kind: str = "Pod"
    meta: dict[str, Any] = field(default_factory=dict)


CASES = [
    # validateSleepAction: `seconds < 0 || seconds > gracePeriod` (its message says "less
    # than"; the check lets a sleep as long as the grace through)
    Case("preStop-sleep-over-grace", {"terminationGracePeriodSeconds": 30, "containers": [
        hooks(preStop={"sleep": {"seconds": 31}})]}, True, "validateSleepAction",
        "spec.containers[0].lifecycle.preStop.sleep.seconds=31 must be from 0 to "
        "terminationGracePeriodSeconds=30, inclusive"),
    Case("preStop-sleep-equal-to-grace", {"terminationGracePeriodSeconds": 30, "containers": [
        hooks(preStop={"sleep": {"seconds": 30}})]}, False, "validateSleepAction"),
    Case("preStop-sleep-over-default-grace", {"containers": [
        hooks(preStop={"sleep": {"seconds": 31}})]}, True, "validateSleepAction (R5.3: 30)",
        "must be from 0 to terminationGracePeriodSeconds=30"),
    Case("preStop-sleep-zero", {"containers": [hooks(preStop={"sleep": {"seconds": 0}})]},
         False, "validateSleepAction"),
    Case("preStop-sleep-under-zero-grace", {"terminationGracePeriodSeconds": 0, "containers": [
        hooks(preStop={"sleep": {"seconds": 1}})]}, True, "validateSleepAction",
        "must be from 0 to terminationGracePeriodSeconds=0"),
    Case("postStart-sleep-over-grace", {"terminationGracePeriodSeconds": 5, "containers": [
        hooks(postStart={"sleep": {"seconds": 6}})]}, True, "validateSleepAction",
        "spec.containers[0].lifecycle.postStart.sleep.seconds=6 must be from 0 to "
        "terminationGracePeriodSeconds=5"),
    Case("postStart-sleep-negative", {"containers": [
        hooks(postStart={"sleep": {"seconds": -1}})]}, True, "validateSleepAction",
        "postStart.sleep.seconds=-1"),
    Case("sidecar-postStart-sleep-over-grace", {"terminationGracePeriodSeconds": 3,
         "initContainers": [c("proxy", **SIDECAR, lifecycle={"postStart": {"sleep": {
             "seconds": 4}}})], "containers": [c()]}, True,
         "validateInitContainers -> validateLifecycle",
         "spec.initContainers[0].lifecycle.postStart.sleep.seconds=4"),
    Case("sidecar-preStop-sleep-equal-to-grace", {"terminationGracePeriodSeconds": 3,
         "initContainers": [c("proxy", **SIDECAR, lifecycle={"preStop": {"sleep": {
             "seconds": 3}}})], "containers": [c()]}, False, "validateSleepAction"),
    Case("deployment-sleep-over-grace", {"terminationGracePeriodSeconds": 10, "containers": [
        hooks(preStop={"sleep": {"seconds": 11}})]}, True, "validateSleepAction",
        "spec.template.spec.containers[0].lifecycle.preStop.sleep.seconds=11",
        kind="Deployment"),
    # validateHandler: one handler kind per hook
    Case("hook-without-handler", {"containers": [hooks(preStop={})]}, True, "validateHandler",
         "lifecycle.preStop: must specify a handler type"),
    Case("hook-with-two-handlers", {"containers": [hooks(postStart={
        "exec": {"command": ["a"]}, "sleep": {"seconds": 1}})]}, True, "validateHandler",
        "lifecycle.postStart.sleep: may not specify more than 1 handler type"),
    Case("hook-tcpSocket", {"containers": [hooks(postStart={"tcpSocket": {"port": 80}})]},
         False, "validateHandler (tcpSocket is not validated; it fails at run time)"),
    Case("hook-exec-without-command", {"containers": [hooks(postStart={
        "exec": {"command": []}})]}, True, "validateExecAction", "lifecycle.postStart.exec"),
    Case("hook-httpGet-port-0", {"containers": [hooks(postStart={
        "httpGet": {"port": 0}})]}, True, "validateHTTPGetAction -> ValidatePortNumOrName",
        "lifecycle.postStart.httpGet.port=0"),
    Case("hook-httpGet-scheme", {"containers": [hooks(postStart={
        "httpGet": {"port": 80, "scheme": "FTP"}})]}, True, "validateHTTPGetAction",
        "lifecycle.postStart.httpGet.scheme"),
    Case("hook-httpGet-unknown-named-port", {"containers": [hooks(postStart={
        "httpGet": {"port": "web"}})]}, False, "ValidatePortNumOrName (a name, not looked up)"),
    Case("hook-grpc", {"containers": [hooks(postStart={"grpc": {"port": 80}})]}, True,
         "LifecycleHandler has no grpc field (strict field validation)",
         "lifecycle.postStart.grpc: unknown field"),
    Case("empty-lifecycle", {"containers": [c(lifecycle={})]}, False, "validateLifecycle"),
    Case("stopSignal-without-os", {"containers": [c(lifecycle={"stopSignal": "SIGUSR1"})]},
         False, "dropped while the ContainerStopSignals gate is off (1.36's default)"),
    # validateInitContainers
    Case("plain-init-lifecycle", {"initContainers": [c("init", lifecycle={"preStop": {
        "sleep": {"seconds": 1}}})], "containers": [c()]}, True, "validateInitContainers",
        "spec.initContainers[0].lifecycle: may not be set for init containers without "
        "restartPolicy: Always"),
    Case("plain-init-resizePolicy", {"initContainers": [c("init", resizePolicy=[
        {"resourceName": "cpu", "restartPolicy": "NotRequired"}])], "containers": [c()]},
         False, "validateInitContainers (1.36 no longer refuses it)"),
    # probes (R5.4-R5.9)
    Case("probe-unknown-named-port", {"containers": [c(livenessProbe={
        "httpGet": {"port": "web"}})]}, False, "validateProbe (R5.8: a name is not looked up)"),
    Case("probe-grace-zero", {"containers": [c(livenessProbe={
        "tcpSocket": {"port": 80}, "terminationGracePeriodSeconds": 0})]}, True,
         "validateProbe (R5.6)", "livenessProbe.terminationGracePeriodSeconds=0"),
    Case("probe-header-name", {"containers": [c(readinessProbe={"httpGet": {
        "port": 80, "httpHeaders": [{"name": "bad name", "value": "x"}]}})]}, True,
         "validateHTTPGetAction (R5.8)", "httpHeaders"),
    # grace periods
    Case("pod-grace-negative", {"terminationGracePeriodSeconds": -1, "containers": [c()]},
         False, "a Pod's negative grace is stored as 1 (R5.21)"),
    Case("pod-grace-negative-sleep-1", {"terminationGracePeriodSeconds": -1, "containers": [
        hooks(preStop={"sleep": {"seconds": 1}})]}, False,
         "validateSleepAction against the stored grace, 1 (R5.21)"),
    Case("template-grace-negative", {"terminationGracePeriodSeconds": -1, "containers": [c()]},
         False, "a template keeps it; its pods get 1 (R5.21)", kind="Deployment"),
    Case("template-grace-negative-sleep-0", {"terminationGracePeriodSeconds": -1,
         "containers": [hooks(preStop={"sleep": {"seconds": 0}})]}, True,
         "validateSleepAction against the template's -1 (R5.21)",
         "terminationGracePeriodSeconds=-1", kind="Deployment"),
    Case("activeDeadlineSeconds-zero", {"activeDeadlineSeconds": 0, "containers": [c()]},
         True, "validateActiveDeadlineSeconds",
         "spec.activeDeadlineSeconds=0 must be a whole number from 1 to 2147483647"),
    Case("activeDeadlineSeconds-set", {"activeDeadlineSeconds": 600, "containers": [c()]},
         False, "validateActiveDeadlineSeconds"),
    # validateContainerPorts
    Case("port-name-twice", {"containers": [c(ports=[{"containerPort": 80, "name": "web"},
                                                     {"containerPort": 81, "name": "web"}])]},
         True, "validateContainerPorts", "container app: ports[1].name='web' is a duplicate"),
    Case("port-number-twice", {"containers": [c(ports=[{"containerPort": 80},
                                                       {"containerPort": 80}])]},
         False, "validateContainerPorts"),
    Case("port-protocol", {"containers": [c(ports=[{"containerPort": 80, "protocol": "FOO"}])]},
         True, "validateContainerPorts", "ports[0].protocol"),
    Case("port-hostPort-over-65535", {"containers": [c(ports=[{"containerPort": 80,
                                                              "hostPort": 70000}])]},
         True, "validateContainerPorts", "ports[0].hostPort=70000"),
    Case("port-hostPort-0", {"containers": [c(ports=[{"containerPort": 80, "hostPort": 0}])]},
         False, "validateContainerPorts (0: unset)"),
    Case("port-name-uppercase", {"containers": [c(ports=[{"containerPort": 80,
                                                         "name": "WEB"}])]},
         True, "validateContainerPorts (IsValidPortName)", "ports[0].name='WEB'"),
    # validateReadinessGates (ValidateQualifiedName)
    Case("gate-invalid", {"readinessGates": [{"conditionType": "bad value!"}],
                          "containers": [c()]}, True, "validateReadinessGates",
         "spec.readinessGates[0].conditionType='bad value!' must be a qualified name"),
    Case("gate-prefixed", {"readinessGates": [{"conditionType": "www.example.com/feature-1"}],
                           "containers": [c()]}, False, "validateReadinessGates"),
    Case("gate-two-slashes", {"readinessGates": [{"conditionType": "a/b/c"}],
                              "containers": [c()]}, True, "validateReadinessGates",
         "must be a qualified name"),
    Case("gate-uppercase-prefix", {"readinessGates": [{"conditionType": "Example.com/x"}],
                                   "containers": [c()]}, True, "validateReadinessGates",
         "must be a qualified name"),
    Case("gate-empty", {"readinessGates": [{"conditionType": ""}], "containers": [c()]}, True,
         "validateReadinessGates", "must be a qualified name"),
    # validateContainerCommon: the noted fields kubesim reads
    Case("imagePullPolicy-unknown", {"containers": [c(imagePullPolicy="Sometimes")]}, True,
         "validatePullPolicy", "imagePullPolicy='Sometimes' must be one of Always"),
    Case("resizePolicy-restart-under-never", {"restartPolicy": "Never", "containers": [c(
        resizePolicy=[{"resourceName": "cpu", "restartPolicy": "RestartContainer"}])]}, True,
         "validateResizePolicy", "must be NotRequired when restartPolicy is Never"),
    Case("resizePolicy-twice", {"containers": [c(resizePolicy=[
        {"resourceName": "cpu", "restartPolicy": "NotRequired"},
        {"resourceName": "cpu", "restartPolicy": "NotRequired"}])]}, True,
         "validateResizePolicy", "resizePolicy[1].resourceName='cpu': duplicate"),
    Case("resizePolicy-gpu", {"containers": [c(resizePolicy=[
        {"resourceName": "gpu", "restartPolicy": "NotRequired"}])]}, True,
         "validateResizePolicy", "resizePolicy[0].resourceName='gpu' must be cpu or memory"),
    Case("resizePolicy-restart", {"containers": [c(resizePolicy=[
        {"resourceName": "memory", "restartPolicy": "RestartContainer"}])]}, False,
         "validateResizePolicy"),
    # ephemeral containers: never in a new pod or a template
    Case("ephemeral-on-create", {"containers": [c()], "ephemeralContainers": [c("debug")]},
         True, "ValidatePodCreate", "spec.ephemeralContainers: ephemeral containers cannot be "
         "set on create"),
    Case("ephemeral-in-template", {"containers": [c()], "ephemeralContainers": [c("debug")]},
         True, "ValidatePodTemplateSpec", "ephemeral containers are not allowed in a pod "
         "template", kind="Deployment"),
    Case("scheduling-gates", {"schedulingGates": [{"name": "example.com/wait"}],
                              "containers": [c()]}, False, "validateSchedulingGates"),
]


def manifest(case: Case) -> dict[str, Any]:
    """The case as a whole object the API server takes."""
    meta = {"name": "p", **case.meta}
    if case.kind == "Pod":
        return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": case.spec}
    labels = {"app": "p"}
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": meta, "spec": {
        "selector": {"matchLabels": labels},
        "template": {"metadata": {"labels": labels}, "spec": case.spec}}}


def kubesim_verdict(case: Case) -> str | None:
    """None if kubesim reads the case, else its message."""
    try:
        containers_from_text(yaml.safe_dump(manifest(case)), "case.yaml")
    except SpecError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("case", CASES, ids=[x.id for x in CASES])
def test_kubesim_refuses_what_the_api_server_refuses(case: Case) -> None:
    """Each case's rule is named in `case.rule` (a validation.go function)."""
    got = kubesim_verdict(case)
    assert (got is not None) == case.refused, got
    if case.refused:
        assert case.message in got


@pytest.mark.parametrize("case", [x for x in CASES if x.refused][:4],
                         ids=[x.id for x in CASES if x.refused][:4])
def test_check_exits_2_on_what_the_api_server_refuses(case: Case, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """One clear line naming the file, the line and the field; exit 2, no traceback."""
    path = tmp_path / "pod.yaml"
    path.write_text(yaml.safe_dump(manifest(case)))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and case.message in err and "Traceback" not in err
    assert err.startswith(f"kubesim: error: {path}:")


def test_the_sleep_rule_holds_for_pods_built_in_python() -> None:
    """validateSleepAction is the pod's: a ProbedContainer assembled without a manifest is
    held to it too."""
    from kubesim import ProbedContainer
    from kubesim.spec.model import parse_container

    spec = parse_container({"name": "app", "lifecycle": {"preStop": {"sleep": {"seconds": 9}}}})
    ProbedContainer(spec, termination_grace_period_seconds=9)
    with pytest.raises(SpecError, match=r"preStop.sleep.seconds=9 must be from 0 to "
                                        r"terminationGracePeriodSeconds=8"):
        ProbedContainer(spec, termination_grace_period_seconds=8)


def test_R5_21_a_pods_negative_grace_is_simulated_as_1() -> None:
    """What the API server stores for a Pod (and for every pod a template creates)."""
    for kind in ("Pod", "Deployment"):
        case = Case("x", {"terminationGracePeriodSeconds": -5, "containers": [c(
            readinessProbe={"tcpSocket": {"port": 80}})]}, False, "", kind=kind)
        [pod] = containers_from_text(yaml.safe_dump(manifest(case)), "case.yaml")
        assert pod.termination_grace_period_seconds == 1


# -- the API server's own word (tests/live_stories.py: one server for the whole run) ----
def test_the_api_server_agrees(live_cluster: LiveCluster) -> None:
    """Every case, created with dryRun=All and strict field validation on kube-apiserver
    v1.36.2: refused exactly when the table says so (and kubesim with it)."""
    wrong = []
    for case in CASES:
        said = live_cluster.verdict(manifest(case))
        if (said is not None) != case.refused:
            wrong.append(f"{case.id}: the table says refused={case.refused}, the server "
                         f"said {said or 'accepted'}")
    assert not wrong, "\n".join(wrong)
