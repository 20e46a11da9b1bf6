"""Stop 53's marked records (marked53b): a kill of the case's own container stated with its
probes as the cause, no probe named (kubermatic-12803: `The `openvpn-client` container in it
gets continuously killed because of its probes:`, then a headerless piece of Unhealthy rows;
readers/killed_because.py's KILLED_BECAUSE, its `probes`).

The kill is the one probe's that can kill among those the record shows failing: readiness
never kills (R3.4); liveness alone a liveness kill, startup alone a startup kill (R4.4), at
least one, no count from the prose ({1, null}); both or neither, which one cannot be told. A
question, a negation, a guide's conditional and another pod's container state none."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# (kubermatic-12803's rows: a piece of an events table, no header)
_READINESS = ("  Warning  Unhealthy  92s (x13 over 2m56s)  kubelet            Readiness probe "
              "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_LIVENESS = ("  Warning  Unhealthy  92s (x3 over 112s)    kubelet            Liveness probe "
             "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_STARTUP = ("  Warning  Unhealthy  92s (x3 over 112s)    kubelet            Startup probe "
            "failed: command \"/bin/ping -c 1 -w 5 10.20.0.1\" timed out\n")
_SAID = "The `openvpn-client` container in it gets continuously killed because of its probes:"


def _record(sentence: str, rows: str) -> str:
    return f"The OpenVPN pod fails to start.\n\n{sentence}\n\n```\n{rows}```\n"


@pytest.mark.parametrize(("sentence", "rows", "probe"), [
    (_SAID, _READINESS + _LIVENESS, ProbeType.LIVENESS),
    ("The openvpn-client container gets killed by its probes.", _READINESS + _LIVENESS,
     ProbeType.LIVENESS),
    ("The api container in the pod was killed due to the probes.", _LIVENESS,
     ProbeType.LIVENESS),
    ("My pod keeps getting killed because of its probes.", _READINESS + _STARTUP,
     ProbeType.STARTUP),
])
def test_a_kill_because_of_its_probes_is_the_one_killing_probe_shown_failing(sentence, rows,
                                                                              probe):
    """The one probe that can kill among those shown failing killed it, at least once."""
    a = explained_answer(_record(sentence, rows))
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == \
        (kind, 1, None, True)


@pytest.mark.parametrize("sentence", [
    # a question, a negation, a guide's conditional
    "Is the `openvpn-client` container in it killed because of its probes?",
    "The `openvpn-client` container in it was not killed because of its probes.",
    "If probes fail, the container gets killed because of its probes.",
    # another pod's container; `a container`; a cause that is no probe
    "The `openvpn-client` container in another pod gets killed because of its probes.",
    "A container gets killed because of its probes.",
    "The `openvpn-client` container in it gets killed because of its memory.",
])
def test_a_kill_because_of_its_probes_of_no_case_or_unstated_reads_no_kill(sentence):
    """Beside the statement that reads one kill, each variant reads none: the rows alone
    (liveness failures, no Killing event) show no kill."""
    rows = _READINESS + _LIVENESS
    assert explained_answer(_record(_SAID, rows)).probe_kills == CountRange(1, None)
    a = explained_answer(_record(sentence, rows))
    assert (a.cause, a.probe_kills.lo) == (Cause.CANNOT_TELL, 0)


@pytest.mark.parametrize("rows", [_READINESS + _LIVENESS + _STARTUP, _READINESS])
def test_a_kill_because_of_its_probes_when_which_cannot_be_told_reads_no_kill(rows):
    """Both probes that kill shown failing, or neither: which one killed cannot be told, no
    kill read from the sentence (beside the same sentence read where liveness alone fails)."""
    assert explained_answer(_record(_SAID, _LIVENESS)).cause is Cause.LIVENESS_KILL
    assert explained_answer(_record(_SAID, rows)).probe_kills.lo == 0


@pytest.mark.parametrize("words", [
    "the `openvpn-client` container in it gets ",
    "killed because of ",
    "the pod gets killed by its ",
])
def test_a_kill_because_of_its_probes_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "its probes.\n" + _LIVENESS)


# ------------------------------------------------ an app's log of the prober's request

_KRATOS = ("time=2021-05-24T10:06:21Z level=info msg=completed handling request http_request=map["
           "headers:map[accept-encoding:gzip user-agent:{agent}] host:10.5.91.184:4434 method:GET "
           "path:{path} query:<nil> remote:10.5.94.194:56050 scheme:http] http_response=map["
           "status:{status} text_status:Service Unavailable took:375.510136ms]\n")
_JSON = ('{{"level":"info","msg":"request","method":"GET","path":"{path}","status":{status},'
         '"user_agent":"{agent}","duration_ms":3}}\n')
_COMBINED = ('10.0.0.1 - - [24/May/2021:10:06:21 +0000] "GET {path} HTTP/1.1" {status} 19 "-" '
             '"{agent}"\n')
_PROSE = "The pod doesn't start due to readiness check returning 503 errors:\n"
_DESCRIBED = ("    Liveness:   http-get http://:8080/livez delay=0s timeout=1s period=10s "
              "#success=1 #failure=3\n    Readiness:  http-get http://:8080/{path} delay=0s "
              "timeout=1s period=10s #success=1 #failure=3\n")
_MANIFEST = ("```yaml\ncontainers:\n- name: app\n  livenessProbe:\n    httpGet:\n      path: "
             "/livez\n      port: 8080\n  readinessProbe:\n    httpGet:\n      path: {path}\n"
             "      port: 8080\n```\n")


def _log(shape: str, path: str = "/health/ready", status: int = 503,
         agent: str = "kube-probe/1.18+") -> str:
    return shape.format(path=path, status=status, agent=agent)


@pytest.mark.parametrize(("text", "probe"), [
    # the prose names the check's kind (ory-k8s-269)
    (_PROSE + _log(_KRATOS), ProbeType.READINESS),
    (_PROSE + _log(_JSON, agent="kube-probe/1.27"), ProbeType.READINESS),
    ("The liveness probe keeps failing:\n" + _log(_COMBINED, "/healthz", 500, "kube-probe/1.27"),
     ProbeType.LIVENESS),
    # the path the record shows for a probe, whatever the prose names
    ("Our liveness checks are fine.\n" + _MANIFEST.format(path="/ready") + _log(_JSON, "/ready"),
     ProbeType.READINESS),
    (_log(_COMBINED, "/livez", 503, "kube-probe/1.29") + _MANIFEST.format(path="/ready"),
     ProbeType.LIVENESS),
])
def test_an_apps_log_of_the_probers_request_answered_400_or_more_is_that_probes_failure(
        text, probe):
    """User agent kube-probe (R2.6), status 400 or more (R2.9): the probe's failure shown; a
    readiness failure alone kills nothing (readiness-only, {0, 0})."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed) == (True, (probe,))
    if probe is ProbeType.READINESS:
        assert (a.cause, a.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


def test_an_apps_log_of_the_probers_request_of_no_told_probe_is_a_failure_of_no_kind():
    """No path the record shows for a probe, no kind the prose names: an HTTP probe failed,
    which one cannot be told (probe unknown, failures shown)."""
    a = explained_answer("It does not start.\n" + _log(_KRATOS))
    assert (a.cause, a.failed, a.shows_failures) == (Cause.CANNOT_TELL, (), True)


@pytest.mark.parametrize("log", [
    _log(_KRATOS, status=200),  # a success (R2.9: 200-399)
    _log(_COMBINED, "/healthz", 302, "kube-probe/1.27"),
    _log(_KRATOS, agent="curl/7.68.0"),  # no prober's request
    _log(_COMBINED, "/healthz", 503, "Mozilla/5.0"),
    _log(_JSON, agent="Go-http-client/1.1"),
])
def test_an_apps_log_of_a_success_or_of_another_agent_is_no_probes_failure(log):
    """Beside the line of the prober's failing request that reads the readiness failure, each
    variant reads none (the paste alone is refused)."""
    assert explained_answer(_PROSE + _log(_KRATOS)).failed == (ProbeType.READINESS,)
    with pytest.raises(RecordError):
        parse_record(_PROSE + log, "r.txt")


@pytest.mark.parametrize("words", [
    'path:/a status:503 user-agent:kube-probe/1.2 ',
    '"GET /a HTTP/1.1" 503 1 "-" "kube-probe/1.2" ',
    '"user_agent":"kube-probe/1.2","path":"/',
])
def test_an_apps_log_of_the_probers_request_reads_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(_PROSE + words * (2_000_000 // len(words)) + "\n")
    read_in_one_pass(_PROSE + "user-agent:kube-probe/1.2 path:/" + "a" * 2_000_000 + "\n")
