"""The two rules of fixcount49 (held-out batch 49, issue 30: explain on real pastes), each
with hand-written variants that hold and variants that must stay unread, and a long line read
in one pass:

- kubectl's `Defaulted container "X" out of: A, B (init)` line lists the pod's containers, an
  init container among them: a Pulled row naming no container then bounds nothing (README's
  Pulled rule; zekker6-helm-charts-1296);
- a probe's failure message that stops at its HTTP request's URL (`Liveness probe failed: Get
  http://10.0.0.4:888`) is cut: Go prints `Op "URL": err` whole, so rows after it are not in
  the record and the kills stay open (kiwigrid-helm-charts-400).
"""

from __future__ import annotations

import json

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.messages import request_cut
from kubesim.explain.model import CountRange, Diagnosis
from kubesim.explain.readers.defaulted import listed_containers
from kubesim.explain.readers.read import parse_record


def _answer(text: str, container: str | None = None) -> Diagnosis:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, container=container))
    [c] = ex.containers
    assert c.answer is not None
    return c.answer


# ---------------------------------------------------------------- Defaulted container: an init

_ROWS = ("```\n"
         "  Warning  Unhealthy  37m (x4 over 40m)  kubelet  Startup probe failed: dial tcp "
         "10.42.3.184:3000: connect: connection refused\n"
         "  Warning  BackOff  3m1s (x9 over 40m)  kubelet  Back-off restarting failed container "
         "web in pod web-78df4cb884-6ldbf_ns(eded9591-f9f2-415a-ae49-22875b3c7ffc)\n"
         "  Normal   Pulled  99s (x5 over 40m)  kubelet  Container image \"ghcr.io/x/web:1\" "
         "already present on machine\n"
         "```\nThe log:\n```\n")


@pytest.mark.parametrize("line", [
    'Defaulted container "web" out of: web, k8tz (init)',
    '  Defaulted container "web" out of: web, setup (init), wait-db (init)',
    'Defaulted container "web" out of: web, sidecar',  # another app container named
    'Defaulted container &quot;web&quot; out of: web, k8tz (init)',  # a page's escapes
])
def test_a_defaulted_line_naming_another_container_leaves_the_pulled_row_unbounding(line):
    a = _answer(_ROWS + line + "\nstarting server\n```\n", "web")
    assert a.probe_kills.lo == 0 and a.probe_kills.hi is None


@pytest.mark.parametrize("line", [
    "",  # no such line: the record names web alone, the Pulled row bounds the kills
    'Defaulted container "web" out of: web\n',  # it lists web alone
    'I read "Defaulted container" somewhere but out of: web, k8tz (init) is my note\n',
])
def test_no_defaulted_line_of_another_container_keeps_the_bound(line):
    a = _answer(_ROWS + line + "starting server\n```\n", "web")
    assert a.probe_kills.hi is not None


def test_defaulted_line_lists_init_and_ephemeral_containers():
    assert listed_containers('Defaulted container "a" out of: a, b (init), c (ephem)\n') == [
        "a", "b (init)", "c (ephem)"]
    assert listed_containers('say Defaulted container "a" out of: a, b (init)\n') == []


def test_a_defaulted_line_in_a_json_string_is_read():
    text = json.dumps(_ROWS + 'Defaulted container "web" out of: web, k8tz (init)\nok\n```\n')
    a = _answer(text + "\n", "web")
    assert a.probe_kills.lo == 0 and a.probe_kills.hi is None


def test_a_long_defaulted_line_is_read_in_one_pass():
    line = 'Defaulted container "a" out of: a' + ", b (init)" * 200_000
    assert len(line) > 2_000_000
    assert len(listed_containers(line + "x")) == 2
    read_in_one_pass(line + "x\n")


# ---------------------------------------------------------------- a request's URL, then the cut

@pytest.mark.parametrize("message", [
    "Liveness probe failed: Get http://172.17.0.4:888",
    'Readiness probe failed: Get "http://10.0.0.4:8080/healthz',
    'Liveness probe failed: Get "http://10.0.0.4:8080/healthz":',
    "Startup probe failed: Get https://10.0.0.4:8443/ready",
])
def test_a_probe_message_ending_at_its_url_is_cut(message):
    assert request_cut(message)


@pytest.mark.parametrize("message", [
    "Liveness probe failed: Get http://172.17.0.4:8888/health: dial tcp 172.17.0.4:8888: "
    "connect: connection refused",
    'Liveness probe failed: Get "http://10.0.0.4:8080/healthz": context deadline exceeded',
    "Liveness probe failed: HTTP probe failed with statuscode: 500",
    "Liveness probe failed: curl http://10.0.0.4:8080",  # an exec probe's own output
])
def test_a_whole_probe_message_is_not_cut(message):
    assert not request_cut(message)


_DESCRIBE = ("Events:\n  Type     Reason     Age   From               Message\n"
             "  ----     ------     ----  ----               -------\n"
             "  Normal   Scheduled  <unknown>  default-scheduler  Successfully assigned "
             "apps/cfg-75c5b456ff-m7dh7 to minikube\n"
             "  Normal   Pulled     17s   kubelet, minikube  Container image \"x/cfg:2.1\" "
             "already present on machine\n"
             "  Normal   Created    17s   kubelet, minikube  Created container cfg\n"
             "  Normal   Started    17s   kubelet, minikube  Started container cfg\n"
             "  Warning  Unhealthy  16s   kubelet, minikube  Readiness probe failed: Get "
             "http://172.17.0.4:8888/health: dial tcp 172.17.0.4:8888: connect: connection refused\n")


def test_a_liveness_row_cut_at_its_url_leaves_the_kills_open():
    a = _answer(_DESCRIBE + "  Warning  Unhealthy  6s    kubelet, minikube  Liveness probe "
                "failed: Get http://172.17.0.4:888\n")
    assert a.probe_kills.lo == 0 and a.probe_kills.hi is None


def test_a_whole_liveness_row_keeps_the_stream_whole():
    a = _answer(_DESCRIBE + "  Warning  Unhealthy  6s    kubelet, minikube  Liveness probe "
                "failed: Get http://172.17.0.4:8888/health: dial tcp 172.17.0.4:8888: connect: "
                "connection refused\n")
    assert a.probe_kills == CountRange(0, 0)


def test_a_long_request_line_is_read_in_one_pass():
    text = "Liveness probe failed: Get http://10.0.0.4:8080/" + "a" * 2_100_000
    assert request_cut(text)
    read_in_one_pass(_DESCRIBE + "  Warning  Unhealthy  6s    kubelet  " + text)
