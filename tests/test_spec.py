"""Probe defaults and validation (docs/kubelet-rules.md §5), targets and named ports (R2.4)."""

from __future__ import annotations

import pytest

from kubesim.errors import SpecError
from kubesim.results import ProbeType
from kubesim.spec.model import (
    POD_IP,
    ContainerSpec,
    HandlerKind,
    HTTPGetAction,
    Probe,
    ProbedContainer,
    RestartPolicy,
    parse_container,
    parse_probe,
)

LIVE, READY, START = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
HTTP = {"httpGet": {"path": "/healthz", "port": 8080}}


def rejected(data: object, probe_type: ProbeType = LIVE) -> SpecError:
    with pytest.raises(SpecError) as info:
        parse_probe(data, probe_type)
    return info.value


def test_R5_1_zero_values_take_the_defaults() -> None:
    zeros = {"timeoutSeconds": 0, "periodSeconds": 0, "successThreshold": 0,
             "failureThreshold": 0, "initialDelaySeconds": 0}
    probe = parse_probe({**HTTP, **zeros}, READY)
    assert (probe.timeout_seconds, probe.period_seconds) == (1, 10)
    assert (probe.success_threshold, probe.failure_threshold) == (1, 3)
    assert probe.initial_delay_seconds == 0


def test_R5_1_unset_fields_take_the_defaults() -> None:
    probe = parse_probe(HTTP, LIVE)
    assert (probe.initial_delay_seconds, probe.timeout_seconds, probe.period_seconds) == (0, 1, 10)
    assert (probe.success_threshold, probe.failure_threshold) == (1, 3)
    assert probe.termination_grace_period_seconds is None


def test_R5_1_null_means_unset() -> None:
    assert parse_probe({**HTTP, "periodSeconds": None}, LIVE).period_seconds == 10


def test_R5_2_empty_path_and_scheme_are_defaulted() -> None:
    probe = parse_probe({"httpGet": {"path": "", "scheme": "", "port": 80}}, LIVE)
    assert probe.http_get == HTTPGetAction(path="/", scheme="HTTP", port=80)
    assert parse_probe({"httpGet": {"port": 80}}, LIVE).http_get.path == "/"


@pytest.mark.parametrize("field", ["initialDelaySeconds", "timeoutSeconds", "periodSeconds",
                                   "successThreshold", "failureThreshold"])
def test_R5_4_negative_values_are_rejected(field: str) -> None:
    err = rejected({**HTTP, field: -1}, READY)
    assert str(err) == f"readinessProbe.{field}=-1 must be greater than or equal to 0"
    assert err.field == f"readinessProbe.{field}"


def test_R5_4_no_upper_bound_below_int32() -> None:
    probe = parse_probe({**HTTP, "periodSeconds": 2**31 - 1, "timeoutSeconds": 3600}, LIVE)
    assert probe.period_seconds == 2**31 - 1
    assert "must be a 32-bit integer" in str(rejected({**HTTP, "periodSeconds": 2**31}))


@pytest.mark.parametrize(("value", "shown"), [("10", "'10'"), (True, "True"), (1.5, "1.5")])
def test_R5_4_integers_are_strict(value: object, shown: str) -> None:
    err = rejected({**HTTP, "periodSeconds": value}, READY)
    assert str(err) == f"readinessProbe.periodSeconds={shown} must be an integer"


@pytest.mark.parametrize("probe_type", [LIVE, START])
def test_R5_5_liveness_and_startup_success_threshold_must_be_1(probe_type: ProbeType) -> None:
    err = rejected({**HTTP, "successThreshold": 2}, probe_type)
    assert str(err) == f"{probe_type.field}.successThreshold=2 must be 1"


def test_R5_5_readiness_success_threshold_may_exceed_1() -> None:
    assert parse_probe({**HTTP, "successThreshold": 3}, READY).success_threshold == 3


def test_R5_6_probe_grace_period_must_be_positive() -> None:
    assert parse_probe({**HTTP, "terminationGracePeriodSeconds": 1}, LIVE) \
        .termination_grace_period_seconds == 1
    err = rejected({**HTTP, "terminationGracePeriodSeconds": 0}, START)
    assert str(err) == "startupProbe.terminationGracePeriodSeconds=0 must be greater than 0"


def test_R5_6_probe_grace_period_forbidden_on_readiness() -> None:
    err = rejected({**HTTP, "terminationGracePeriodSeconds": 10}, READY)
    assert "readinessProbe.terminationGracePeriodSeconds=10 must not be set" in str(err)


def test_R5_7_a_handler_is_required() -> None:
    err = rejected({"periodSeconds": 5})
    assert str(err).startswith("livenessProbe: must specify a handler type")


def test_R5_7_only_one_handler() -> None:
    err = rejected({**HTTP, "tcpSocket": {"port": 8080}})
    assert "may not specify more than 1 handler type (found httpGet, tcpSocket)" in str(err)
    assert err.field == "livenessProbe.tcpSocket"


def test_R5_8_exec_command_must_be_non_empty() -> None:
    assert "exec.command=[] must be a non-empty list" in str(rejected({"exec": {"command": []}}))
    assert "exec.command: required" in str(rejected({"exec": {}}))
    assert "exec.command[1]=3 must be a string" in str(rejected({"exec": {"command": ["a", 3]}}))


def test_R5_8_http_scheme_and_headers() -> None:
    err = rejected({"httpGet": {"port": 80, "scheme": "ftp"}})
    assert str(err) == "livenessProbe.httpGet.scheme='ftp' must be one of 'HTTP' or 'HTTPS'"
    bad = {"httpGet": {"port": 80, "httpHeaders": [{"name": "X Bad", "value": "1"}]}}
    assert "httpGet.httpHeaders[0].name='X Bad' must be a valid HTTP header name" in str(
        rejected(bad))
    good = {"httpGet": {"port": 80, "httpHeaders": [{"name": "X-Custom-1", "value": "a"}]}}
    assert parse_probe(good, LIVE).http_get.http_headers[0].value == "a"


@pytest.mark.parametrize("port", [0, 65536, -1, "HTTP", "a--b", "-web", "web-", "8080",
                                  "a-very-long-port-name", True])
def test_R5_8_invalid_http_and_tcp_ports(port: object) -> None:
    for handler in ("httpGet", "tcpSocket"):
        err = rejected({handler: {"port": port}})
        assert err.field == f"livenessProbe.{handler}.port"
        assert f"={port!r} must be" in str(err)


@pytest.mark.parametrize("port", [1, 65535, "http", "metrics-2", "h2c"])
def test_R5_8_valid_http_and_tcp_ports(port: int | str) -> None:
    assert parse_probe({"tcpSocket": {"port": port}}, LIVE).tcp_socket.port == port


def test_R5_8_grpc_port_must_be_numeric() -> None:
    assert "must be an integer" in str(rejected({"grpc": {"port": "grpc"}}))
    assert "between 1 and 65535" in str(rejected({"grpc": {"port": 70000}}))
    assert parse_probe({"grpc": {"port": 9090, "service": "s"}}, LIVE).grpc.service == "s"


def test_unknown_and_snake_case_fields_are_rejected() -> None:
    assert str(rejected({**HTTP, "livenesProbe": 1})) == "livenessProbe.livenesProbe: unknown field"
    assert "initial_delay_seconds: unknown field" in str(rejected({**HTTP,
                                                                   "initial_delay_seconds": 1}))
    assert "httpGet.port: required field is missing" in str(rejected({"httpGet": {}}))
    assert str(rejected([1])) == "livenessProbe=[1] must be a mapping"


def test_field_prefix_can_be_given() -> None:
    with pytest.raises(SpecError, match=r"^sweep\.periodSeconds=-2 "):
        parse_probe({**HTTP, "periodSeconds": -2}, READY, field="sweep")


def test_handler_kind_and_handler() -> None:
    probe = parse_probe({"exec": {"command": ["cat", "/tmp/ok"]}}, LIVE)
    assert probe.handler_kind is HandlerKind.EXEC
    assert probe.handler.command == ("cat", "/tmp/ok")
    assert Probe(http_get=HTTPGetAction(port=80)).handler_kind is HandlerKind.HTTP_GET


def container(**probes: object) -> ContainerSpec:
    ports = [{"containerPort": 8080, "name": "http"}, {"containerPort": 9090, "hostPort": 9090}]
    return parse_container({"name": "app", "ports": ports, **probes})


def test_R2_4_named_port_resolves_against_container_ports() -> None:
    spec = container(livenessProbe={"httpGet": {"path": "/healthz?full=1", "port": "http"}})
    target = spec.target(LIVE)
    assert (target.kind, target.key, target.port) == (HandlerKind.HTTP_GET, "/healthz?full=1", 8080)
    assert target.url == f"http://{POD_IP}:8080/healthz?full=1"


def test_R2_4_unknown_port_name_is_not_a_validation_error() -> None:
    spec = container(readinessProbe={"tcpSocket": {"port": "db"}})
    assert spec.target(READY).port is None
    assert spec.target(READY).key == "tcp:db"


def test_targets_of_each_handler() -> None:
    spec = container(
        startupProbe={"exec": {"command": ["sh", "-c", "test -f /ready"]}},
        livenessProbe={"grpc": {"port": 9090, "service": "health"}},
        readinessProbe={"tcpSocket": {"port": 8080, "host": "db.local"}})
    assert spec.target(START).key == "exec:sh -c test -f /ready"
    assert (spec.target(LIVE).key, spec.target(LIVE).url) == ("grpc:9090/health", f"{POD_IP}:9090")
    assert (spec.target(READY).key, spec.target(READY).url) == ("tcp:8080", "db.local:8080")
    assert list(spec.probes()) == [START, LIVE, READY]
    https = container(livenessProbe={"httpGet": {"port": 443, "scheme": "HTTPS", "host": "h"}})
    assert https.target(LIVE).url == "https://h:443/"


def test_container_checks_rules_per_probe_type() -> None:
    with pytest.raises(SpecError) as info:
        container(livenessProbe={**HTTP, "successThreshold": 2})
    assert str(info.value) == "livenessProbe.successThreshold=2 must be 1"
    with pytest.raises(SpecError, match=r"ports\[0\]\.containerPort=0 must be between"):
        parse_container({"name": "a", "ports": [{"containerPort": 0}]})


def test_probed_container_defaults_and_label() -> None:
    probed = ProbedContainer(container(livenessProbe=HTTP), object_kind="Deployment",
                             object_name="web", restart_policy="Never")  # type: ignore[arg-type]
    assert probed.label == "Deployment/web container app"
    assert probed.restart_policy is RestartPolicy.NEVER
    assert probed.termination_grace_period_seconds == 30
