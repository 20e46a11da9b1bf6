"""Marked records of stop 52 (fixmarked52a).

- The reasons of the case's restarts given as a list under the sentence that states them
  (hiero-mirror-node-7414: `The REST API pods are frequently restarting for different reasons:`
  and under it `* OOMKilled`, `* Liveness probes fails due to CPU busy`; listed_reasons.py):
  each item a reason of those restarts, as `restarted due to ITEM` is (an OOMKilled end placed
  in no state and at no time; a liveness or startup probe's kill, at least one). The two in no
  order leave the cause open (fixpod51's rule): cannot-tell, the probe, {1, null}. Variants that
  stay unread: a list of what the author tried, a list of questions, a list under a guide's
  conditional or a sentence of what may happen, a list of another pod's reasons, a negated item.
- The case's pods named by their workload, one rule for the crash loop's reader and the
  crash's (workload_pods.py): a quantifier before them (`Many node-daemon pods are stuck on
  CrashLoopBackOff`, `Many pods for prod-datasets-server-worker-all are crashing`) counts the
  case's pods, the workload's dashed name before `pods` or after `pods for`/`pods of`, in both
  wordings; `many pods`, `many user pods`, `many users`, a question, a conditional or a
  negation state none.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import assert_ended_untold, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the reasons of the restarts as a list


@pytest.mark.parametrize("text,probe", [
    # (the hiero-mirror-node-7414 shape)
    ("### Description\n\nThe REST API pods are frequently restarting for different reasons:\n"
     "* OOMKilled\n* Node allocates memory more than limit\n* Liveness probes fails due to CPU "
     "busy\n\nNeed to research why memory limits are not hit in staging but are in prod\n",
     ProbeType.LIVENESS),
    ("Our worker pods keep crashing due to the following:\n1. OOMKilled\n"
     "2. startup probe timed out\n", ProbeType.STARTUP),
    ("The api-server-0 pod restarts for two reasons:\n\n- failing its liveness probe\n\n"
     "- OOMKilled\n", ProbeType.LIVENESS),
])
def test_an_oomkilled_item_and_a_probe_item_leave_the_cause_open(text, probe):
    """An OOMKilled item and a probe's failing item under the case's restarts for the reasons
    listed: an OOMKilled end and that probe's kill in no order: cannot-tell, the probe failed,
    at least one kill, no count bounds them."""
    a = explained_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (probe,), CountRange(1, None), True)


@pytest.mark.parametrize("text,cause,kills", [
    ("The api pods are restarting due to the following:\n- liveness probe failures under "
     "load\n", Cause.LIVENESS_KILL, CountRange(1, None)),
    ("My web-0 pod keeps restarting due to:\n* `OOMKilled`\n", Cause.OOM_KILLED,
     CountRange(0, 0)),
])
def test_one_reason_item_is_the_cause(text, cause, kills):
    """A list of one reason the record can tell: it is the cause (a probe's kill, at least
    one; an OOMKilled end, no probe's kill)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (cause, kills)


@pytest.mark.parametrize("text", [
    # a list of what the author tried
    "The api pods keep restarting.\nI tried the following:\n- raising the limit after "
    "OOMKilled\n- a longer timeout after liveness probe failures\n",
    # a list of questions
    "The api pods are restarting for different reasons:\n* OOMKilled?\n"
    "* Liveness probe fails?\n",
    # negated items
    "The api pods are restarting for different reasons:\n* not OOMKilled\n"
    "* no liveness probe failures\n",
])
def test_items_under_no_reasons_lead_or_asked_or_negated_are_no_reason(text):
    """The negative side: the restart the sentence states is read (ended, cannot-tell, {0,
    null}), the items give no reason."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    # a guide's conditional, a sentence of what may happen
    "If the pods restart for one of these reasons:\n* OOMKilled\n* Liveness probe fails\n",
    "If the pods restart for these reasons:\n* OOMKilled\n* Liveness probe fails\n",
    "The pods may restart for several reasons:\n* OOMKilled\n* Liveness probe fails\n",
    "Pods usually restart for these reasons:\n- OOMKilled\n- Liveness probe fails\n",
    # another pod's reasons, pods of no case
    "A redis pod restarts for these reasons:\n- OOMKilled\n- Liveness probe fails\n",
    "Other pods restart for different reasons:\n- OOMKilled\n- Liveness probe fails\n",
    "Pods restart for different reasons:\n- OOMKilled\n- Liveness probe fails\n",
    # a negation, a question
    "The api pods do not restart for these reasons:\n- OOMKilled\n- Liveness probe fails\n",
    "Why are the api pods restarting? Reasons:\n- OOMKilled\n- Liveness probe fails\n",
])
def test_items_under_a_lead_of_no_case_are_no_reason(text):
    """The negative side: no OOMKilled end and no probe's kill read from the items."""
    a = _answer_or_none(text)
    assert a is None or (a.failed == () and a.cause is not Cause.OOM_KILLED)


def _answer_or_none(text: str) -> Any:
    try:
        return explained_answer(text)
    except RecordError:
        return None


# ------------------------------------------------ the case's pods named by their workload


@pytest.mark.parametrize("text", [
    # the crash loop's wording
    "Many node-daemon pods are stuck on CrashLoopBackOff.\n",
    "Since Monday most `ingress-nginx` pods are in CrashLoopBackOff.\n",
    # the crash's wording
    "Many node-daemon pods are crashing.\n",
    "Since Monday api-server pods are crashing.\n",
    "Several node-daemon pods keep crashing.\n",
])
def test_a_quantifier_of_a_workloads_pods_states_the_case(text):
    """The case's pods by their workload's dashed name, a quantifier before them or none, in
    either wording: their container ended, no cause, no count (cannot-tell, {0, null})."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "Many pods for node-daemon are stuck on CrashLoopBackOff.\n",
    "Several of the api-server pods keep crashlooping.\n",
    "Many pods of api-server are crashing with error.\n",
    "Many pods for prod-datasets-server-worker-all are crashing with error\n",
])
def test_a_workloads_pods_after_pods_for_or_a_determiner_are_read_as_before(text):
    """The forms each reader read before the one rule (the name after `pods for`, `of the`
    before the name) stay read: cannot-tell, {0, null}."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "Many pods are stuck on CrashLoopBackOff.\n",
    "Many pods are crashing.\n",
    "Many user pods are stuck on CrashLoopBackOff.\n",
    "Many user pods are crashing.\n",
    "Many users are stuck on CrashLoopBackOff.\n",
    "Many users are crashing.\n",
    "Are many node-daemon pods stuck on CrashLoopBackOff?\n",
    "Why are many pods for node-daemon crashing?\n",
    "If many node-daemon pods are crashing, check the node.\n",
    "If many pods for node-daemon are stuck on CrashLoopBackOff, check the node.\n",
    "Not many node-daemon pods are crashing.\n",
    "Not many node-daemon pods are stuck on CrashLoopBackOff.\n",
])
def test_many_of_no_workload_or_asked_or_negated_is_no_record(text):
    """The negative side: pods of no workload named, no pods, a question, a conditional or a
    negation: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        explained_answer(text)


_N = 2_000_000


@pytest.mark.parametrize("text", [
    "The pods are restarting for these reasons:\n" + ("* OOMKilled " * (_N // 12)) + "\n",
    ("the pods are restarting " * (_N // 24)) + "for these reasons:\n* OOMKilled\n",
    ("the pods " * (_N // 9)) + "restart for these reasons:\n* liveness probe fails\n",
    "The pods restart for these reasons:\n" + ("failing the liveness " * (_N // 21)) + "\n",
    "The pods restart for these reasons:\n* " + ("liveness probe " * (_N // 15)) + "\n",
    ("for these reasons " * (_N // 18)) + ":\n* OOMKilled\n",
    ("many node-daemon " * (_N // 17)) + "pods are crashing\n",
    ("many pods for a-b " * (_N // 18)) + "are stuck on CrashLoopBackOff\n",
    ("several of the a-b " * (_N // 19)) + "pods crashloop\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
