"""Held-out batches 133-137 (fc57b): shapes of pasted records explain did not read.

- The author's own pod stated being killed in the progressive, then a probe named as the
  agent of the kill in the present in the same sentence (prometheus-operator-319: `My
  prometheus pod is being killed ~3 seconds after startup (i.e. the liveness probe timeout),
  the readiness probe never succeeds, and the liveness probe kills the pod.`): the sentence's
  own words tell the case (being_killed.py), so the present kill is that probe's failure and at
  least one kill of it (R4.4), {1, null}; a probe the sentence states never to succeed failed,
  at least once; a negation in an earlier clause (`never succeeds, and ...`) is that clause's.

Hand-written variants beside those that must stay unread: a negation, a conditional, a
question, what may happen, another's pod, `a pod`, the readiness probe as the killer (it never
kills, R4.4), the kill's own clause negated, the progressive in another sentence.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

_N = 2_000_000

# ------------------------------------------------ the case's pod being killed, a probe kills it


@pytest.mark.parametrize(("text", "cause", "failed"), [
    ("My prometheus pod is being killed ~3 seconds after startup (i.e. the liveness probe "
     "timeout), the readiness probe never succeeds, and the liveness probe kills the pod.\n",
     Cause.LIVENESS_KILL, (ProbeType.LIVENESS, ProbeType.READINESS)),
    ("Our api container keeps getting restarted: the startup probe kills the container before "
     "the migration ends.\n", Cause.STARTUP_KILL, (ProbeType.STARTUP,)),
    ("My web pod was being killed every minute, and the liveness probe kills it.\n",
     Cause.LIVENESS_KILL, (ProbeType.LIVENESS,)),
])
def test_a_probe_killing_the_pod_the_author_says_is_being_killed_is_its_kill(text, cause,
                                                                              failed):
    """The author's own pod being killed (the progressive), and the probe named as the agent
    of the kill in the present of the same sentence: that probe's failure and at least one
    kill of it (R4.4), no count; a probe stated never to succeed failed too."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (cause, CountRange(1, None), True, failed)


@pytest.mark.parametrize("text", [
    "My pod is not being killed, and the liveness probe kills the pod.\n",
    "If my pod is being killed, the liveness probe kills the pod.\n",
    "Why is my pod being killed and the liveness probe kills the pod?\n",
    "Their pod is being killed and the liveness probe kills the pod.\n",
    "A pod is being killed when the liveness probe kills the pod.\n",
    "My pod may be being killed, and the liveness probe kills the pod.\n",
    # readiness never kills (R4.4); the kill's own clause negated
    "My pod is being killed, and the readiness probe kills the pod.\n",
    "My pod is being killed, and the liveness probe never kills the pod.\n",
    # the progressive in another sentence: the kill's sentence tells no case
    "My pod is being killed. The liveness probe kills the pod.\n",
])
def test_a_probe_killing_beside_no_pod_of_the_author_being_killed_is_no_kill(text):
    """The negative side: no probe's kill read (the page refused, or an end of no cause)."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.cause is not Cause.LIVENESS_KILL and a.failed == ()


def test_a_probe_not_stated_never_to_succeed_is_no_failure():
    """`never fails`, `does succeed`: no failure of that probe read beside the kill."""
    for text in ("My pod is being killed, the readiness probe never fails, and the liveness "
                 "probe kills the pod.\n",
                 "My pod is being killed, the readiness probe does succeed, and the liveness "
                 "probe kills the pod.\n"):
        a = explained_answer(text)
        assert (a.cause, a.failed) == (Cause.LIVENESS_KILL, (ProbeType.LIVENESS,))


@pytest.mark.parametrize("text", [
    ("my pod is being killed, " * (_N // 24)) + "and the liveness probe kills the pod\n",
    "My pod is being killed" + (" i.e. " * (_N // 6)) + "the liveness probe kills it\n",
    "My pod is being killed" + (", and " * (_N // 6)) + "the liveness probe kills it\n",
    ("the readiness probe never succeeds " * (_N // 34)) + "the liveness probe kills it\n",
])
def test_the_being_killed_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)

