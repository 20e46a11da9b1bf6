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
from kubesim.explain.model import Cause, CountRange
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
    """The failure alone (no restart stated): the readiness probe failed, failures shown."""
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
