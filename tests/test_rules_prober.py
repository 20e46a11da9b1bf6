"""docs/kubelet-rules.md §2: how one probe result is computed, through whole simulations and
through `judge` directly."""

from __future__ import annotations

import math

import pytest
from helpers import IDEAL, http, pod, results, run, scenario, starts

from kubesim import Answer, AnswerError, Outcome, ProbeType, parse_probe
from kubesim.kubelet.prober import judge
from kubesim.spec.model import parse_container

L, R = ProbeType.LIVENESS, ProbeType.READINESS


def _judge(probe: dict, answer: Answer, **kw):
    container = parse_container({"name": "app", "ports": [{"name": "http",
                                 "containerPort": 8000}], "livenessProbe": probe})
    return judge(container.probes()[L], container.target(L), answer, **kw)


@pytest.mark.parametrize(("status", "outcome"), [
    (200, Outcome.SUCCESS), (204, Outcome.SUCCESS), (299, Outcome.SUCCESS),
    (301, Outcome.WARNING), (399, Outcome.WARNING), (400, Outcome.FAILURE),
    (404, Outcome.FAILURE), (500, Outcome.FAILURE), (503, Outcome.FAILURE),
    (199, Outcome.FAILURE)])
def test_R2_9_http_status_decides(status, outcome):
    """200-299 success, 300-399 warning (counted as success, E5), anything else failure with
    the kubelet's text."""
    attempt = _judge(http(), Answer(status=status))
    assert attempt.outcome is outcome
    if outcome is Outcome.FAILURE:
        assert attempt.detail == f"HTTP probe failed with statuscode: {status}"


def test_R2_3_E5_a_redirect_is_a_success_with_a_ProbeWarning_event():
    """3xx never kills: it counts as success and leaves a ProbeWarning event."""
    p = pod(livenessProbe=http(failureThreshold=1))
    tl = run(p, scenario(targets={"/livez": {"answer": {"status": 302}}}), duration=5)
    assert tl.kills == [] and set(results(tl, L)) == {"warning"}
    assert any(e.reason == "ProbeWarning" and e.message.startswith("Liveness probe warning")
               for e in tl.events)


def test_R2_8_timeout_and_refused_are_failures_with_go_error_texts():
    """Latency over timeoutSeconds fails after exactly T; refused fails at once."""
    slow = _judge(http(timeoutSeconds=1), Answer(status=200, latency=1.2))
    assert (slow.outcome, slow.duration) == (Outcome.FAILURE, 1.0)
    assert "context deadline exceeded (Client.Timeout exceeded while awaiting headers)" \
        in slow.detail
    at_limit = _judge(http(timeoutSeconds=1), Answer(status=200, latency=1.0))
    assert at_limit.outcome is Outcome.SUCCESS
    refused = _judge(http(), Answer(error=AnswerError.REFUSED))
    assert refused.outcome is Outcome.FAILURE
    assert refused.detail == ('Get "http://10.0.0.10:8000/livez": dial tcp 10.0.0.10:8000: '
                              "connect: connection refused")
    reset = _judge(http(), Answer(error=AnswerError.RESET))
    assert reset.outcome is Outcome.FAILURE and "connection reset by peer" in reset.detail


def test_R2_2_errors_are_retried_three_times_back_to_back():
    """An HTTP body-read error (R2.11) is retried at once, 3 attempts; 0.2 s each."""
    p = pod(livenessProbe=http(periodSeconds=10))
    app = scenario(targets={"/livez": {"answer": {"error": "error", "latency_ms": 200}}})
    tl = run(p, app, duration=5)
    assert [(r.result, r.latency) for r in tl.probes] == [(Outcome.ERROR, pytest.approx(0.6))]
    assert tl.events[-1].message.startswith("Liveness probe errored and resulted in unknown")


def test_R2_4_E4_a_missing_named_port_is_an_error_that_never_kills():
    """Liveness on a port name the container lacks: every call errors, nothing counts."""
    p = pod(livenessProbe={"httpGet": {"path": "/livez", "port": "metrics"},
                           "periodSeconds": 1, "failureThreshold": 1})
    tl = run(p, duration=10)
    assert tl.kills == [] and set(results(tl, L)) == {"error"}
    assert tl.probes[0].detail == 'port "metrics" not found'  # pkg/probe/util.go's text


def test_E4_a_startup_probe_with_a_missing_port_blocks_Started_forever():
    """Startup errors are discarded: never Started, never killed, never Ready."""
    p = pod(startupProbe={"httpGet": {"path": "/livez", "port": "nope"}, "periodSeconds": 1,
                          "failureThreshold": 1},
            readinessProbe=http("/readyz"))
    tl = run(p, duration=30)
    assert tl.containers[0].started_at is None and tl.kills == [] and tl.ready == []
    assert starts(tl, R) == []


def test_R2_12_tcp_connects_even_while_the_process_is_stalled():
    """tcpSocket only needs the kernel to accept: a stalled process still passes; a
    refused connection fails."""
    tcp = {"tcpSocket": {"port": 8000}, "periodSeconds": 1, "failureThreshold": 1}
    app = scenario(stalls=[{"from": 2, "to": 8}], targets={"tcp:8000": {"since_start": [
        {"from": 20, "to": None, "answer": {"error": "refused"}}]}})
    tl = run(pod(livenessProbe=tcp), app, phase=0.5, duration=22)
    assert results(tl, L)[:20] == ["success"] * 20
    assert tl.probes[20].result is Outcome.FAILURE
    assert tl.probes[20].detail == "dial tcp 10.0.0.10:8000: connect: connection refused"


def test_R2_14_exec_exit_code_decides():
    """Exit 0 succeeds; any other exit fails."""
    probe = {"exec": {"command": ["cat", "/tmp/healthy"]}}
    assert _judge(probe, Answer(exit_code=0)).outcome is Outcome.SUCCESS
    failed = _judge(probe, Answer(exit_code=1))
    assert failed.outcome is Outcome.FAILURE and "exited with 1" in failed.detail


def test_R2_15_exec_timeouts_fail_with_the_gate_and_are_discarded_without():
    """ExecProbeTimeout on (default): a hung command is a Failure after T. Off (<=1.34
    option): Unknown + error, retried 3 times (3 T) and discarded."""
    probe = {"exec": {"command": ["check"]}, "timeoutSeconds": 2}
    on = _judge(probe, Answer(error=AnswerError.TIMEOUT, latency=math.inf))
    assert (on.outcome, on.duration) == (Outcome.FAILURE, 2.0)
    off = _judge(probe, Answer(error=AnswerError.TIMEOUT, latency=math.inf),
                 exec_probe_timeout=False)
    assert off.outcome is Outcome.ERROR
    p = pod(livenessProbe={**probe, "periodSeconds": 10, "failureThreshold": 1})
    hang = scenario(targets={"exec:check": {"answer": {"error": "timeout"}}})
    gate_off = IDEAL.with_overrides({"exec_probe_timeout": False})
    tl = run(p, hang, duration=9, profile=gate_off)
    assert tl.kills == [] and [r.latency for r in tl.probes] == [6.0]
    assert len(run(p, hang, duration=9).kills) == 1


def test_R2_16_grpc_only_serving_succeeds():
    """SERVING succeeds; NOT_SERVING, UNKNOWN and connection failures fail, never error."""
    probe = {"grpc": {"port": 9090}}
    assert _judge(probe, Answer(grpc_status="SERVING")).outcome is Outcome.SUCCESS
    for answer in (Answer(grpc_status="NOT_SERVING"), Answer(grpc_status="UNKNOWN"),
                   Answer(error=AnswerError.REFUSED), Answer(error=AnswerError.ERROR)):
        assert _judge(probe, answer).outcome is Outcome.FAILURE


def test_censored_observations_follow_the_chosen_policy():
    """A recorded client timeout after 0.35 s says nothing about a 1 s probe timeout:
    'failure' counts it as a timeout, 'discard' throws it away like a prober error; a
    censored latency at or over T is a plain timeout either way."""
    short = Answer(error=AnswerError.TIMEOUT, latency=0.35, censored=True)
    assert _judge(http(), short).outcome is Outcome.FAILURE
    assert _judge(http(), short, censored="discard").outcome is Outcome.ERROR
    long = Answer(error=AnswerError.TIMEOUT, latency=1.5, censored=True)
    assert _judge(http(), long, censored="discard").outcome is Outcome.FAILURE


def test_probe_fields_round_trip_through_parse_probe():
    """The probe a test judges is the API-defaulted one (R5.1)."""
    probe = parse_probe({"httpGet": {"port": 80}}, L)
    assert (probe.period_seconds, probe.timeout_seconds, probe.failure_threshold) == (10, 1, 3)
