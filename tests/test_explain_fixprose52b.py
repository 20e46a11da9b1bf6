"""Held-out batches 101 and 103 (fixprose52b): a crash loop or restarts of the case's own pod or
container stated in prose, no cause given.

- The crash loop as a noun in lower case, entered in the progressive (coturn-994: `The coturn
  container is going into a crashloop.`, then a fenced `kubectl logs` and a script): a crash
  loop of the case's own container stated in prose, read by the prose rule of a pod stated in
  CrashLoopBackOff (the corpus README's rules of statements of the case in prose: `keeps
  crashlooping`, `crashloops`, `to go into CrashLoopBackOff`): a back-off whose restarts no
  count bounds (stated_crashloop.py, widened at fixprose52b). `CrashLoop` alone, a status word
  cut, stays unread (fixstated67).

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, a guide's `a pod` and `pods`, `your pod`, a modal, a future, the status word cut
`CrashLoop`, a longer word)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ `going into a crashloop`

_COTURN = (
    "This is my first time deploying the coturn container in a kubernetes cluster.\n\n"
    "The coturn container is going into a crashloop. I don't see any errors besides the "
    "following:\n```\nkubectl logs coturn-app-coturn-d7545fddc-zwqhc -n coturn\n\n"
    "/usr/local/bin/docker-entrypoint.sh: line 8: /usr/bin/turnserver: Operation not permitted\n"
    "```\n")


@pytest.mark.parametrize("text", [
    _COTURN,
    "My worker pod is stuck in a crash loop since Monday.\n",
    "Our gateway-7d9f6c pods are going into crashloop.\n",
    "The postgres container went into a crash-loop last night.\n",
    "This pod was in a **crashloop** for an hour.\n",
])
def test_a_crash_loop_as_a_noun_of_the_cases_pod_is_its_back_off(text):
    """The case's pod or container (a determiner of the case's, a name) stated going into or
    in a crash loop, the noun in lower case (`crashloop`, `crash loop`, `crash-loop`): a
    back-off whose restarts no count bounds
    (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "Is my pod going into a crashloop?\n",
    "The pod is not going into a crashloop anymore.\n",
    "If the pod goes into a crashloop, check the logs.\n",
    "A pod goes into a crash loop when its container keeps exiting.\n",
    "Pods go into a crash loop when they exit again and again.\n",
    "Your pod is going into a crashloop because of the missing key.\n",
    "My pods will go into a crashloop without the database.\n",
    "The pod is going to go into a crashloop.\n",
    "The pod is going into CrashLoop.\n",
    "The pod is going into crash-loop-backoff-like trouble.\n",
])
def test_a_crash_loop_noun_of_no_case_stays_refused(text):
    """The negative side: a question, a negation, a conditional, a guide's `a pod` and
    `pods`, `your pod`, a modal, a future, `CrashLoop` alone (a status word cut, README), a
    longer word: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "my pod is going into a " * 90_000 + "crashloop\n",
    "my pod is going" + " " * 2_000_000 + "into a crashloop\n",
    "the pod is in a crash" + "-" * 2_000_000 + "loop\n",
    "my " + "pod " * 500_000 + "is going into a crash loop\n",
])
def test_the_fixprose52b_readers_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
