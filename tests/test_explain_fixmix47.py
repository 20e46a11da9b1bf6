"""The rules of fixmix47 (held-out batch 47, issue 30: explain on real pastes), each with
hand-written variants that hold and variants that must stay unread, and long lines read in one
pass:

- a probe's failure a sentence quotes without a code span is read when the gRPC prober's own
  words follow its colon (pkg/probe/grpc/grpc.go: `timeout: failed to connect service "..."
  within 1s`, `error: failed to connect service at ...`, `timeout: health rpc did not complete
  within ...`, `error: health rpc probe failed: ...`, `service unhealthy (responded with
  ...)`), and after a colon and a few spaces (`issue  :   Liveness probe failed: ...`); a word
  and several spaces before it is a table's column (dragonfly-3673);
- pieces that name no pod and hold no events (a pod's spec without its object) are the pod the
  record's event rows name, when they name one pod and no other part of the record names a pod
  (the README's rule of one name, one pod) (zhifeiya-c9cac08e).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the gRPC prober's words quoted in a sentence

_SOCK = '"unix:///var/run/agent/agent.sock"'


@pytest.mark.parametrize(("line", "probe"), [
    # the message after a colon and several spaces, the gRPC prober's connect timeout
    (f"web-agent, web-seed-agent  issue  :   Liveness probe failed: timeout: failed to connect "
     f"service {_SOCK} within 1s", ProbeType.LIVENESS),
    # after a colon and several spaces, an HTTP probe's status code
    ("Error seen  :   Readiness probe failed: HTTP probe failed with statuscode: 503",
     ProbeType.READINESS),
    # after a word and one space, the connect error
    ('Our gateway keeps logging Readiness probe failed: error: failed to connect service at '
     '"10.0.0.5:9090": context deadline exceeded', ProbeType.READINESS),
    # the health RPC's deadline, after a colon and two spaces
    ("The kubelet reports:  Startup probe failed: timeout: health rpc did not complete within "
     "1s", ProbeType.STARTUP),
    # the health RPC's error
    ("We see Liveness probe failed: error: health rpc probe failed: rpc error: code = "
     "Unavailable desc = connection refused", ProbeType.LIVENESS),
    # the server's answer not SERVING, in parentheses after the sentence's words
    ('The pod is never ready (Readiness probe failed: service unhealthy (responded with '
     '"NOT_SERVING"))', ProbeType.READINESS),
])
def test_a_sentence_quoting_the_grpc_probers_words_is_that_probes_failure(line, probe):
    answer = explained_answer(line + "\n")
    assert answer.failed == (probe,) and answer.shows_failures


@pytest.mark.parametrize("line", [
    # a word and several spaces before it: a table's column, not a sentence
    f"agent      Liveness probe failed: timeout: failed to connect service {_SOCK} within 1s",
    # a log line's fields before it
    f"level=warn pod=agent-0 msg:   Liveness probe failed: timeout: failed to connect service "
    f"{_SOCK} within 1s",
    # words after the colon that are no prober's: a sentence about such messages
    "The docs say:   Liveness probe failed: timeout is what you will see when it is slow",
    # a colon and more spaces than a sentence puts before a quote
    f"issue:            Liveness probe failed: timeout: failed to connect service {_SOCK} "
    "within 1s",
])
def test_a_line_that_is_no_sentence_quoting_a_probers_words_stays_unread(line):
    with pytest.raises(RecordError):
        parse_record(line + "\n", "r.txt")


def test_a_long_line_of_spaces_after_colons_is_read_in_one_pass():
    read_in_one_pass("issue:" + ":   " * 500_000 + "Liveness probe failed: timeout\n")
    read_in_one_pass("a:" + " " * 2_000_000 + "Liveness probe failed: timeout: failed to "
                     "connect service \"x\" within 1s\n")


# ------------------------------------------------------------ a spec and the rows' one pod

_SPEC = ("spec:\n"
         "  containers:\n"
         "  - name: api\n"
         "    image: api:1.2\n"
         "    livenessProbe:\n"
         "      httpGet:\n"
         "        path: /healthz\n"
         "        port: 8080\n"
         "      initialDelaySeconds: 3\n"
         "      periodSeconds: 5\n")
_EVENTS = ("kubectl get events\n\n"
           "LAST SEEN   TYPE      REASON      OBJECT          MESSAGE\n"
           "2m          Warning   Unhealthy   pod/{pod}   Liveness probe failed: HTTP probe "
           "failed with statuscode: 500\n")
_TWO_PODS = _EVENTS + ("1m          Warning   Unhealthy   pod/{other}   Liveness probe failed: "
                       "HTTP probe failed with statuscode: 500\n")


@pytest.mark.parametrize("record", [
    _SPEC + "\n" + _EVENTS.format(pod="api-server"),  # the spec above the rows
    _EVENTS.format(pod="api-server") + "\n" + _SPEC,  # the rows above the spec
    _SPEC + "\n" + _EVENTS.format(pod="api-7d9f8c6b5-x2k4j"),  # a Deployment's pod's name
])
def test_a_spec_naming_no_pod_is_the_pod_the_rows_name(record):
    [pod] = pod_groups([parse_record(record, "r.txt")])
    assert pod.name in ("api-server", "api-7d9f8c6b5-x2k4j")
    [container] = pod.containers
    assert container.spec is not None and container.spec.liveness_probe is not None
    assert container.spec.liveness_probe.period_seconds == 5
    assert any("event rows name one pod" in n.text for n in pod.notes)


@pytest.mark.parametrize("record", [
    # rows naming two pods: the spec may be either's
    _SPEC + "\n" + _TWO_PODS.format(pod="api-0", other="worker-0"),
    # a describe's rows naming no pod beside rows of one pod: another paste, maybe another pod
    ("Events:\n  Type     Reason     Age                 From     Message\n"
     "  Warning  Unhealthy  21m (x26 over 45m)  kubelet  Readiness probe failed: dial tcp "
     "10.244.0.68:9071: connect: connection refused\n\n" + _EVENTS.format(pod="kafka-2")),
    # a status stated in prose of `the pod`: the README's fixprose38 rule leaves it apart
    "The pod goes into CrashLoopBackOff.\n\n" + _EVENTS.format(pod="api-server"),
])
def test_pieces_the_rows_do_not_tell_stay_a_pod_of_their_own(record):
    pods = pod_groups([parse_record(record, "r.txt")])
    assert None in [p.name for p in pods]


def test_a_long_row_beside_a_spec_is_read_in_one_pass():
    read_in_one_pass(_SPEC + "\n" + _EVENTS.format(pod="api-" + "a" * 2_000_000))
