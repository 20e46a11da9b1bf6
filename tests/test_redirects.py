"""HTTP redirects (R2.10, R6.5): a same-host redirect is followed and the last answer decides;
another host is a success with a ProbeWarning; the Go client stops after 10 requests.

Through `judge` with an `ask` callable, through whole simulations from scenarios and traces,
and through `kubesim capture` against a real server on loopback."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from helpers import cli, http, pod, results, run, scenario
from hypothesis import given
from hypothesis import strategies as st

from kubesim import Answer, AnswerError, Outcome, ProbeType
from kubesim.behaviour.capture import HttpProber, probe_url
from kubesim.behaviour.trace import parse_csv, parse_jsonl
from kubesim.errors import BehaviourError
from kubesim.kubelet.prober import MAX_REQUESTS, follows, judge
from kubesim.spec.model import Target, parse_container

L = ProbeType.LIVENESS
WARNING_TEXT = "Probe terminated redirects, Response body: "


def _probe(path: str = "/redirect", **fields: object):
    container = parse_container({"name": "app", "ports": [{"name": "http",
                                 "containerPort": 8000}],
                                 "livenessProbe": http(path, **fields)})
    return container.probes()[L], container.target(L)


class App:
    """A tiny app keyed by path: answers and the requests it saw (target, instant)."""

    def __init__(self, routes: dict[str, Answer]) -> None:
        self.routes, self.seen = routes, []

    def ask(self, target: Target, now: float) -> Answer:
        self.seen.append((target.key, target.url, now))
        return self.routes[target.key]


def _judge(routes: dict[str, Answer], path: str = "/redirect", **fields: object):
    probe, target = _probe(path, **fields)
    app = App(routes)
    return judge(probe, target, routes[target.key], ask=app.ask, now=7.0), app


# ---------------------------------------------------------------- one attempt


@pytest.mark.parametrize("location", ["/healthz", "healthz",
                                      "http://10.0.0.10:8000/healthz",
                                      "http://10.0.0.10:9000/healthz",  # port may differ
                                      "//10.0.0.10:8000/healthz#frag"])
def test_R2_10_a_same_host_redirect_is_followed_and_the_last_answer_decides(location):
    routes = {"/redirect": Answer(status=302, location=location, latency=0.1),
              "/healthz": Answer(status=500, latency=0.2)}
    attempt, app = _judge(routes)
    assert attempt.outcome is Outcome.FAILURE
    assert attempt.detail == "HTTP probe failed with statuscode: 500"
    assert attempt.duration == pytest.approx(0.3)  # the hops' latencies add up
    assert [k for k, _, _ in app.seen] == ["/healthz"]
    assert app.seen[0][2] == 7.0  # asked again at the same instant
    assert app.seen[0][1].endswith("/healthz")


@pytest.mark.parametrize("location", ["http://example.com/healthz", "https://10.0.0.11/x"])
def test_R2_10_E5_a_redirect_to_another_host_is_a_warning_and_not_followed(location):
    routes = {"/redirect": Answer(status=301, location=location, latency=0.1)}
    attempt, app = _judge(routes)
    assert (attempt.outcome, attempt.detail) == (Outcome.WARNING, WARNING_TEXT)
    assert app.seen == []


@pytest.mark.parametrize("status", [300, 304, 305, 306])
def test_R2_10_statuses_the_go_client_does_not_follow_are_the_answer(status):
    routes = {"/redirect": Answer(status=status, location="/healthz"),
              "/healthz": Answer(status=500)}
    attempt, app = _judge(routes)
    assert attempt.outcome is Outcome.WARNING and app.seen == []


def test_R2_10_R6_5_a_redirect_loop_fails_with_the_go_clients_message():
    """The checker refuses a hop once 10 requests were sent: a loop is a Failure, not the
    warning the docs describe (R6.5)."""
    routes = {"/redirect": Answer(status=302, location="/redirect", latency=0.01)}
    attempt, app = _judge(routes)
    assert attempt.outcome is Outcome.FAILURE
    assert attempt.detail == 'Get "/redirect": stopped after 10 redirects'
    assert len(app.seen) == MAX_REQUESTS - 1  # plus the first request: 10 sent
    assert attempt.duration == pytest.approx(0.1)


@given(hops=st.integers(0, 12), final=st.sampled_from([200, 204, 302, 404, 500, 503]),
       ms=st.integers(0, 50))
def test_R2_10_a_chain_of_hops_is_judged_like_its_last_answer(hops, final, ms):
    """Property: k same-host hops then a final answer. Fewer than 10 requests in all: the
    outcome is the final answer's own, the duration the sum; otherwise the 10-request stop."""
    routes = {f"/h{i}": Answer(status=307, location=f"/h{i + 1}", latency=ms / 1000)
              for i in range(hops)}
    routes[f"/h{hops}"] = Answer(status=final, latency=ms / 1000)
    attempt, app = _judge(routes, "/h0", timeoutSeconds=5)
    alone = judge(*_probe(f"/h{hops}", timeoutSeconds=5), routes[f"/h{hops}"])
    if hops < MAX_REQUESTS:
        assert (attempt.outcome, attempt.detail) == (alone.outcome, alone.detail)
        assert attempt.duration == pytest.approx((hops + 1) * ms / 1000)
        assert len(app.seen) == hops
    else:
        assert attempt.outcome is Outcome.FAILURE
        assert attempt.detail.endswith("stopped after 10 redirects")
        assert len(app.seen) == MAX_REQUESTS - 1


def test_R2_8_R2_10_the_timeout_covers_the_whole_chain():
    routes = {"/redirect": Answer(status=302, location="/slow", latency=0.6),
              "/slow": Answer(status=302, location="/healthz", latency=0.6),
              "/healthz": Answer(status=200)}
    attempt, app = _judge(routes, timeoutSeconds=1)
    assert (attempt.outcome, attempt.duration) == (Outcome.FAILURE, 1.0)
    assert attempt.detail.startswith('Get "http://10.0.0.10:8000/slow": context deadline')
    assert [k for k, _, _ in app.seen] == ["/slow"]  # no hop after the deadline


def test_R2_10_an_error_on_a_later_hop_is_judged_as_that_hops_error():
    routes = {"/redirect": Answer(status=302, location="/down"),
              "/down": Answer(error=AnswerError.REFUSED)}
    attempt, _ = _judge(routes)
    assert attempt.outcome is Outcome.FAILURE
    assert attempt.detail.startswith('Get "http://10.0.0.10:8000/down": dial tcp')


def test_without_ask_a_redirect_is_not_followed_as_before():
    probe, target = _probe()
    answer = Answer(status=302, location="/healthz")
    assert follows(target, answer)
    assert judge(probe, target, answer).outcome is Outcome.WARNING


# ---------------------------------------------------------------- whole runs

REDIRECTING = {"/redirect": {"answer": {"status": 302, "location": "/healthz"}},
               "/healthz": {"windows": [{"from": 20, "to": None, "answer": {"status": 500}}]}}


def test_R2_10_a_liveness_probe_on_a_redirect_restarts_when_its_target_fails():
    """Liveness on /redirect -> /healthz; /healthz fails from t=20: the kubelet kills."""
    p = pod(livenessProbe=http("/redirect", failureThreshold=3))
    tl = run(p, scenario(targets=REDIRECTING), duration=40)
    assert len(tl.kills) >= 1
    assert 22 <= tl.kills[0].at < 24  # the third failure at t=22 (ideal kubelet, P=1)
    assert set(results(tl, L)[:20]) == {"success"}
    failed = [r for r in tl.probes if r.result is Outcome.FAILURE]
    assert failed[0].detail == "HTTP probe failed with statuscode: 500"


def test_R2_10_the_same_app_without_a_location_never_restarts():
    """Control: a 302 without Location is the answer itself, a warning: no kill (E5)."""
    targets = {**REDIRECTING, "/redirect": {"answer": {"status": 302}}}
    tl = run(pod(livenessProbe=http("/redirect")), scenario(targets=targets), duration=40)
    assert tl.kills == [] and set(results(tl, L)) == {"warning"}


def test_R2_10_a_cross_host_redirect_leaves_ProbeWarning_events_and_never_kills():
    targets = {"/redirect": {"answer": {"status": 302, "location": "http://sso.example/"}},
               "/": {"answer": {"status": 500}}}
    tl = run(pod(livenessProbe=http("/redirect")), scenario(targets=targets), duration=10)
    assert tl.kills == []
    assert any(e.reason == "ProbeWarning"
               and e.message == f"Liveness probe warning: {WARNING_TEXT}" for e in tl.events)


def test_R2_10_a_redirecting_trace_restarts_like_the_scenario():
    lines = [{"t": 0, "target": "/redirect", "status": 302, "location": "/healthz",
              "latency_ms": 1},
             {"t": 0, "target": "/healthz", "status": 200, "latency_ms": 1},
             {"t": 20, "target": "/healthz", "status": 500, "latency_ms": 1}]
    trace = parse_jsonl("\n".join(json.dumps(x) for x in lines), "redirect.jsonl")
    tl = run(pod(livenessProbe=http("/redirect")), trace, duration=30)
    assert len(tl.kills) == 1 and 22 <= tl.kills[0].at < 24
    csv = parse_csv("t,target,status,location,latency_ms\n0,/redirect,302,/healthz,1\n"
                    "0,/healthz,200,,1\n20,/healthz,500,,1\n", "redirect.csv")
    assert [k.at for k in run(pod(livenessProbe=http("/redirect")), csv,
                              duration=30).kills] == [k.at for k in tl.kills]


# ---------------------------------------------------------------- input checks


@pytest.mark.parametrize(("answer", "message"), [
    ({"status": 200, "location": "/x"}, "location goes only with a redirect status 300-399"),
    ({"location": "/x"}, "location needs a redirect status 300-399"),
    ({"status": 302, "location": ""}, "location must be a non-empty URL"),
    ({"status": 302, "location": "ftp://h/x"}, "the scheme must be http or https"),
])
def test_scenario_locations_are_checked(answer, message):
    with pytest.raises(BehaviourError) as info:
        scenario(targets={"/r": {"answer": answer}})
    assert message in str(info.value) and 'targets["/r"].answer' in str(info.value)


def test_trace_locations_are_checked_with_their_line():
    text = '{"t": 0, "target": "/r", "status": 200, "location": "/x", "latency_ms": 1}\n'
    with pytest.raises(BehaviourError) as info:
        parse_jsonl(text, "t.jsonl")
    assert str(info.value).startswith("t.jsonl:1: location goes only with a redirect status")
    with pytest.raises(BehaviourError) as info:
        parse_csv("t,target,error,location,latency_ms\n0,/r,refused,/x,1\n", "t.csv")
    assert str(info.value).startswith("t.csv:2: location needs a redirect status")


# ---------------------------------------------------------------- capture, real HTTP


class _Redirecting(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/healthz")
        else:
            self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Redirecting)
    srv.daemon_threads = True
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()
    th.join(5)


@pytest.mark.realtime
def test_capture_records_the_location_header_and_does_not_follow_it(server):
    prober = HttpProber(timeout=60.0)  # the answer is not timed here: no deadline to meet
    try:
        moved = prober.probe(probe_url(server, "/redirect"))
        plain = prober.probe(probe_url(server, "/healthz"))
    finally:
        prober.close()
    assert (moved["status"], moved["location"]) == (302, "/healthz")
    assert "location" not in plain


# ---------------------------------------------------------------- the command line


SPEC = """name: app
ports: [{name: http, containerPort: 8000}]
livenessProbe:
  httpGet: {path: /redirect, port: http}
  periodSeconds: 5
"""


def test_R2_10_kubesim_run_restarts_through_a_redirect(tmp_path, capsys):
    spec, app = tmp_path / "spec.yaml", tmp_path / "app.yaml"
    spec.write_text(SPEC)
    app.write_text("targets:\n  /redirect: {answer: {status: 302, location: /healthz}}\n"
                   "  /healthz: {windows: [{from: 20, to: null, answer: {status: 500}}]}\n")
    code, out, _ = cli(capsys, "run", str(spec), "--scenario", str(app), "--duration",
                            "60", "--format", "json")
    assert code == 0
    assert json.loads(out)["summary"]["restarts"] >= 1


def test_a_location_on_a_non_redirect_is_one_clear_line_and_exit_2(tmp_path, capsys):
    spec, app = tmp_path / "spec.yaml", tmp_path / "app.yaml"
    spec.write_text(SPEC)
    app.write_text("targets:\n  /redirect: {answer: {status: 200, location: /healthz}}\n")
    code, out, err = cli(capsys, "run", str(spec), "--scenario", str(app))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("kubesim: error: ")
    assert f"{app}:2:" in err and "location goes only with a redirect status 300-399" in err
