"""Held-out batch 150 (stop 59, fx59e): two statements of the case in its author's prose.

- The kubelet stated as the agent of a kill of the case's own pod in the progressive, no cause
  told, with a clause of time after it whose modal is its own (apache-druid-12292: `so kubelet
  is killing the pod before the stage "SERVER" can be reached and the health route is
  available`): the README's rule of fc57c (cal-itp-data-infra-5147, agent_end.py), an end of no
  cause the record tells: cannot-tell, no probe, {0, null}, failures shown. `can` there is what
  the pod could not reach before the kill (killed_because.BEFORE_CAN's rule), no sentence of
  what may happen; its subject may now be a noun with a name after it (`the stage "SERVER"`).
- The case's liveness or startup probe stated failing in the past, then a participle or
  relative of cause of the case's own pods' end (datainfrahq-druid-operator-97: `so the
  startupProbes failed always, causing the pods to die after a couple minutes repeatedly`): the
  README's rule of fc58f (4) (the probe or its failures as the subject of a past verb of cause
  of restarts) with the failure as the verb and the cause after it: a probe ends a container
  only by the kubelet's kill after its failures (R4.4), that probe's failure and one kill,
  {1, null}.

Hand-written variants beside each that must stay unread (a question, a negation, a
conditional, what may happen, a guide's present, another's or no pod's, the readiness probe,
the probe as a verb's object), and a 2 MB line of each new or changed pattern read in one
pass."""

from __future__ import annotations

import pytest
from helpers import assert_no_kill, assert_one_kill, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.killed_because import BEFORE_CAN
from kubesim.explain.readers.probe_led_to import PROBE_FAILED_CAUSING, clause_opened
from kubesim.spec.model import ProbeType

_TWO_MB = 2_000_000


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


def _refused_or_no_end(text: str) -> None:
    """Refused, or read with no end shown and no probe failed."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert (a.shows_failures, a.failed) == (False, ()), (a.cause, a.failed, a.shows_failures)


# ------------------------------------------------ the kubelet killing the case's pod before ...


@pytest.mark.parametrize("text", [
    # (apache-druid-12292's sentence)
    "This is taking longer than 60 seconds, so kubelet is killing the pod before the stage "
    "\"SERVER\" can be reached and the health route is available.\n",
    "kubelet was killing the broker before it could finish loading its segments.\n",
    "Kubernetes kept killing our historical pods before they could load the segments.\n",
    "The kubelet is killing the pod before the `SERVER` stage can start.\n",
])
def test_the_kubelets_kill_before_a_time_clauses_modal_is_an_end_of_no_cause(text):
    """README fc57c (stop 57): the kubelet as the agent of a past or progressive kill of the
    case's own pod, no cause told: an end of no cause the record tells (R4.4: the kubelet kills
    for a probe, a deletion, an eviction, a sandbox's change): cannot-tell, no probe, {0, null},
    failures shown; the modal of the clause of time after the kill is that clause's."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "kubelet kills the pod before the stage SERVER can be reached.\n",  # (a guide's present)
    "kubelet may be killing the pod before the stage SERVER can be reached.\n",
    "kubelet is not killing the pod before the stage SERVER can be reached.\n",
    "Is kubelet killing the pod before the stage SERVER can be reached?\n",
    "kubelet is killing a pod before the stage SERVER can be reached.\n",
    "kubelet is killing your pod before the stage SERVER can be reached.\n",
    # (a conditional inside the clause of time: what may happen)
    "kubelet is killing the pod before the stage SERVER can be reached if the delay is short.\n",
    "If kubelet is killing the pod before the stage SERVER can be reached, raise the delay.\n",
    "kubelet will be killing the pod before the stage SERVER can be reached.\n",
])
def test_the_kubelets_kill_before_a_modal_stays_unread_beside_no_case(text):
    _refused_or_no_end(text)


def test_before_can_takes_a_noun_and_its_name():
    """killed_because.BEFORE_CAN: a pronoun, or a determiner and a noun with maybe a name after
    it, then `can` or `could`; three words before the modal are not a clause of time's
    subject."""
    assert BEFORE_CAN.match(' before the stage "SERVER" can be reached') is not None
    assert BEFORE_CAN.match(" before it could load") is not None
    assert BEFORE_CAN.match(" before the stage SERVER of druid can be reached") is None
    assert BEFORE_CAN.match(" before the stage can be reached")["rest"] == " be reached"


def test_before_can_is_read_in_one_pass():
    read_in_one_pass("kubelet is killing the pod" + _hostile(' before the stage "SERVER" can '))
    read_in_one_pass(_hostile("so kubelet is killing the pod before the stage "))
    assert BEFORE_CAN.match(" before the " + "x" * _TWO_MB) is None


# ------------------------------------------------ the probe failed, causing the pods to die


@pytest.mark.parametrize(("text", "probe"), [
    # (datainfrahq-druid-operator-97's sentence, its clause before holding a negation)
    ("And the tasks use 8100, which doesn't match the `druid.port` (8088) in my spec., so the "
     "startupProbes failed always, causing the pods to die after a couple minutes repeatedly.\n",
     ProbeType.STARTUP),
    ("So the startup probe failed, causing the pods to die.\n", ProbeType.STARTUP),
    ("Our liveness probe failed, which caused the container to restart.\n", ProbeType.LIVENESS),
    ("The liveness probe kept failing, leading to restarts.\n", ProbeType.LIVENESS),
    ("The port was wrong; then the `livenessProbe` failed repeatedly, causing the api pods to be "
     "killed.\n", ProbeType.LIVENESS),
])
def test_a_probe_failed_causing_the_pods_end_is_its_kill(text, probe):
    """README fc58f (4), stop 59 fx59e: the case's probe failing in the past, then `causing`
    (`which caused`, `leading to`) the case's pods' end: that probe's failure and one kill of
    it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The readiness probe failed, causing the pods to die.\n",  # (readiness kills nothing, R3.4)
    "Liveness probes failed, causing the pods to die.\n",  # (no case's determiner)
    "The liveness probe failed, causing a pod to die.\n",
    "Your liveness probe failed, causing the pods to die.\n",
    "The liveness probe did not fail, causing the pods to die.\n",
    "The liveness probe never failed, causing the pods to die.\n",
    "The liveness probe may have failed, causing the pods to die.\n",
    "If the liveness probe failed, causing the pods to die, what then?\n",
    "When the liveness probe failed, causing the pods to die, we raised the threshold.\n",
    "Did the liveness probe fail, causing the pods to die?\n",
    "The liveness probe fails, causing the pods to die.\n",  # (a guide's present)
    "I fixed the liveness probe failed, causing the pods to die.\n",  # (a verb's object)
    "The liveness probe failed, causing the pods to be slow.\n",  # (no end)
])
def test_a_probe_failed_causing_stays_unread_beside_no_case(text):
    assert_no_kill(text)


def test_the_clause_of_the_probe_is_opened_by_a_break_or_the_sentence():
    line = "It doesn't match, so the startupProbes failed"
    assert clause_opened(line, line.index("the startup")) == line.index(", so")
    assert clause_opened("I fixed the probe", len("I fixed ")) is None


def test_a_probe_failed_causing_is_read_in_one_pass():
    read_in_one_pass(_hostile("the startupProbes failed always, causing the pods to "))
    read_in_one_pass("so the liveness probe failed" + _hostile(", so "))
    read_in_one_pass(_hostile("causing "))
    assert PROBE_FAILED_CAUSING.search("the liveness probe failed " + "always " * 300_000) is None


def test_words_after_the_kill_with_no_time_clause_are_still_weighed():
    """The object's words skipped looking for the clause of time are weighed when none
    follows (a word of what may happen right after the object)."""
    _refused_or_no_end("kubelet is killing the pod usually at startup.\n")
