"""Marked corpus records made to hold by general rules (fixmarked52b).

The case's own pod stated in its author's prose never to become Ready while its endpoint
answers an HTTP status of failure, beside the readiness probe's YAML (held-out batch 95,
kratos-1931: `The deployment will not become ready - pod returns 503 (with no further
explanation) no matter how much time passes (it gets restarted after pod gets marked as
failing).` under its `readinessProbe:` with `httpGet:`; never_ready.py): the readiness probe's
failure, at least once (the kubelet's HTTP prober fails a status of 400 or more; a failing
readiness probe keeps the pod out of Ready, R3.4), and the restarts the sentence states, no
cause given, an end at least once: cannot-tell, readiness, {0, null}. A question, a
conditional, a negated status, another service's status, a status of success, `a pod`, and a
record whose probe is a liveness or startup probe (or none) stay unread.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_READINESS = ("```yaml\nreadinessProbe:\n  httpGet:\n    path: /health/ready\n"
              "    port: http-admin\n  initialDelaySeconds: 30\n  periodSeconds: 10\n"
              "  failureThreshold: 5\n```\n\n")
_LIVENESS = _READINESS.replace("readinessProbe", "livenessProbe")
_BOTH = _READINESS.replace("```\n\n", "livenessProbe:\n  httpGet:\n    path: /health/alive\n"
                           "    port: http-admin\n```\n\n")
_DESCRIBE_LINE = ("    Readiness:      http-get http://:4434/health/ready delay=30s timeout=1s "
                  "period=10s #success=1 #failure=5\n\n")


@pytest.mark.parametrize("sentence", [
    "The deployment will not become ready - pod returns 503 (with no further explanation) no "
    "matter how much time passes (it gets restarted after pod gets marked as failing).",
    "My kratos pod never gets ready and returns 503; it keeps restarting.",
    "The api deployment won't become ready, the endpoint returns a 500 and it gets restarted.",
])
def test_never_ready_with_a_failing_status_and_restarts_is_readiness_and_an_end(sentence):
    """The readiness probe's failure and the restarts stated beside it, no cause: what ended
    the container cannot be told (a probe the record does not show may have killed it: probe
    YAML alone lists no other), kills open, failures shown."""
    a = explained_answer(_READINESS + sentence + "\n")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (ProbeType.READINESS,), CountRange(0, None), True)


@pytest.mark.parametrize("record", [
    _READINESS + "The pod never becomes ready: it responds with HTTP 500.\n",
    _READINESS + "Our api deployment stays unready, the endpoint returns a 503 status.\n",
    _READINESS + "My kratos pod never gets ready and returns 503 on /health/ready.\n",
    _DESCRIBE_LINE + "The pod never gets ready and returns 503.\n",
])
def test_never_ready_with_a_failing_status_is_the_readiness_probes_failure(record):
    """The failure alone (no restart stated): the readiness probe failed, failures shown (an
    HTTP probe fails a status of 400 or more, R2.9)."""
    a = explained_answer(record)
    assert (a.failed, a.shows_failures) == ((ProbeType.READINESS,), True)


@pytest.mark.parametrize("record", [
    _READINESS + "Why does the pod never become ready and return 503?\n",  # a question
    _READINESS + "If the pod never gets ready and returns 503, check the database.\n",
    _READINESS + "The pod can never get ready while it returns 503.\n",  # what may happen
    _READINESS + "The pod never gets ready but it does not return 503.\n",  # negated status
    _READINESS + "The pod never gets ready - the ingress returns 503.\n",  # another service
    _READINESS + "The pod never gets ready and returns 200.\n",  # a status of success
    _READINESS + "A pod never gets ready and returns 503.\n",  # no case
    _READINESS + "The pod is ready and returns 503.\n",  # Ready
    _LIVENESS + "The pod never gets ready and returns 503, it gets restarted.\n",
    _BOTH + "The pod never gets ready and returns 503, it gets restarted.\n",
    _READINESS.replace("readinessProbe", "startupProbe") + "The pod never gets ready and "
    "returns 503.\n",
    "Expected behavior\n\n" + _READINESS + "The pod never gets ready and returns 503.\n",
])
def test_never_ready_of_no_case_or_beside_another_probe_stays_unread(record):
    """The negative side: no readiness failure read (the record shows nothing failing, or is
    refused)."""
    try:
        a = explained_answer(record)
    except RecordError:
        return
    assert ProbeType.READINESS not in a.failed


_N = 2_000_000


@pytest.mark.parametrize("text", [
    _READINESS + ("the pod never gets ready " * (_N // 25)) + "\n",
    _READINESS + ("the pod never gets " * (_N // 19)) + "ready\n",
    _READINESS + "the pod never gets ready" + (" and returns" * (_N // 12)) + " 503\n",
    _READINESS + ("ready " * (_N // 6)) + "\n",
    _READINESS + "the pod never gets ready " + ("it gets " * (_N // 8)) + "restarted\n",
    _READINESS + ("my a b pod " * (_N // 11)) + "never gets ready\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ separate Started rows of one container

_HEADER = ("Events:\n  Type    Reason     Age   From               Message\n"
           "  ----    ------     ----  ----               -------\n"
           "  Normal  Scheduled  10m   default-scheduler  Successfully assigned default/web-1 "
           "to node-1\n")
_GET_HEADER = ("LAST SEEN   TYPE     REASON      OBJECT      MESSAGE\n"
               "10m         Normal   Scheduled   pod/web-1   Successfully assigned default/web-1 "
               "to node-1\n")


@pytest.mark.parametrize("record", [
    _HEADER + "  Normal  Started    10m   kubelet            Started container web\n"
    "  Normal  Started    2m    kubelet            Started container web\n",
    _HEADER + "  Normal  Created    10m   kubelet            Created container web\n"
    "  Normal  Started    10m   kubelet            Started container web\n"
    "  Normal  Created    2m    kubelet            Created container web\n"
    "  Normal  Started    2m    kubelet            Started container web\n",
    _GET_HEADER + "10m         Normal   Started     pod/web-1   Started container web\n"
    "2m          Normal   Started     pod/web-1   Started container web\n",
])
def test_two_rows_of_one_start_in_one_table_are_a_restart(record):
    """Two rows of one container's start in one printed table are two events, each a start
    (each start creates and starts the container anew, R4.24): the container ended at least
    once (R4.7), what ended it not shown; the pod's events whole
    from its Scheduled row on show no Killing row, so no probe kill (R4.4)."""
    a = explained_answer(record)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, 0), True)


@pytest.mark.parametrize("record", [
    # one start of each of two containers
    _HEADER + "  Normal  Started    10m   kubelet            Started container web\n"
    "  Normal  Started    10m   kubelet            Started container sidecar\n",
    # rows apart from the table (a line the table did not take between them)
    _HEADER + "  Normal  Started    10m   kubelet            Started container web\n\n"
    "  Normal  Started    2m    kubelet            Started container web\n",
    # two describes of one pod: one event printed twice
    "Name:         web-1\nNamespace:    default\n" + _HEADER
    + "  Normal  Started    3m    kubelet            Started container web\n\nLater:\n\n"
    "Name:         web-1\nNamespace:    default\n" + _HEADER.replace("10m", "9m")
    + "  Normal  Started    9m    kubelet            Started container web\n",
    # two pieces of rows without their header, one fence each (opstrace-127's shape)
    "```\n  Normal   Started    9m51s   kubelet   Started container web\n```\n\nAnother build:"
    "\n\n```\n  Normal   Started    7m41s   kubelet   Started container web\n```\n",
])
def test_starts_of_two_containers_or_two_tables_are_no_restart(record):
    """The negative side: each start may be the only one of its container (another
    container's, or one event printed in two tables)."""
    ex = explain_records([parse_record(record, "r.txt")], ExplainOptions(suggest=False,
                                                                          phases=1))
    assert ex.containers and not any(c.answer.shows_failures for c in ex.containers)


def test_a_rows_table_is_its_headers_while_its_lines_run_on() -> None:
    """`RecordedEvent.table`: the header's line for the rows under it, line after line (a
    wrapped message goes on with its row), None for a row after a line the table did not take."""
    record = parse_record(_HEADER + "  Normal  Started    10m   kubelet            Started "
                          "container web\n  Warning  Unhealthy  9m    kubelet            "
                          "Readiness probe failed: HTTP probe failed with\n"
                          "           statuscode: 503\n"
                          "  Normal  Started    2m    kubelet            Started container web"
                          "\n\n  Normal  Started    1m    kubelet            Started container"
                          " web\n", "r.txt")
    tables = [e.table for p in record.pods for e in p.events]
    assert tables[:4] == [tables[0]] * 4 and tables[0] is not None and tables[4] is None
