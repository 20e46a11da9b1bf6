"""Held-out batch 120 (oomsaid54): an OOM kill stated in a write-up's other forms.

- stated_oom_told.OOMKILLED_OBJECT: the reason as a transitive verb in the past, the case's
  named pod its object (instanode-infra-430667ba: `the failure that OOMKilled the mongodb pod
  (exit 137)`).
- stated_oom_told.OOM_NOTE_COUNTED: a commit's note opening with a workload's dashed name, its
  article dropped, the reason in the past with a count of its ends
  (openova-catalyst-chart-6fac1481: `catalyst-api OOMKilled 6× during phase-1 watch`).

Hand-written variants beside them that must stay unread (`the pod` or `a pod` as the object, a
negation, a conditional, a question, a modal, a name with no dash, a note with no count).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass
from test_explain_oomprose54 import _oom_killed, _refused  # (one pair of judges)

from kubesim.explain.model import Cause, CountRange


@pytest.mark.parametrize("text", [
    "Memory pressure is exactly the failure that OOMKilled the mongodb pod (exit 137).\n",
    "The node ran out of memory, which OOMKilled our redis pods twice.\n",
    "The load test had OOMKilled the api container before we noticed.\n",
])
def test_oomkilled_with_the_cases_pod_as_its_object(text):
    """`OOMKilled the mongodb pod`: the reason as a past verb, the case's named pod killed."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "Memory pressure is the failure that OOMKilled the pod.\n",  # no name of the case's
    "Memory pressure is the failure that OOMKilled a pod.\n",  # a guide's `a pod`
    "It never OOMKilled the mongodb pod.\n",  # a negation
    "If that OOMKilled the mongodb pod, raise its limit.\n",  # a conditional
    "Is this what OOMKilled the mongodb pod?\n",  # a question
    "That could have OOMKilled the mongodb pod.\n",  # a modal
])
def test_oomkilled_with_no_pod_of_the_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


@pytest.mark.parametrize("text", [
    "prov #61 (2e197a934a0e0461, 2026-05-13): catalyst-api OOMKilled 6\u00d7 during\n"
    "phase-1 watch on a 3-region Sovereign. Bumped limits to 4Gi.\n",
    "payments-api OOMKilled 3 times overnight; raised the memory limit.\n",
    "fix: `order-worker` OOMKilled 12x under load\n",
])
def test_a_notes_dashed_workload_oomkilled_a_counted_number_of_times(text):
    """A note opening with a workload's dashed name, the reason in the past and a count."""
    _oom_killed(text)


@pytest.mark.parametrize("text", [
    "Pods OOMKilled 6\u00d7 during the load test.\n",  # no dashed name
    # (`catalyst-api OOMKilled during phase-1 watch.`, no count, is read since crashcatch55:
    # a dashed name as the subject of a stated end is the author's own, stated_end.py)
    "catalyst-api OOMKilled 6\u00d7 during phase-1 watch?\n",  # a question
    "When catalyst-api OOMKilled 6\u00d7 we would page.\n",  # not opening the note
])
def test_a_note_with_no_name_no_count_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


@pytest.mark.parametrize("text", [
    "the failure that OOMKilled the " * 65_000 + "\n",
    "that OOMKilled " * 140_000 + "\n",
    "catalyst-api OOMKilled " * 90_000 + "\n",
    ": a-b OOMKilled 6 " * 120_000 + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------- a restart caused by the probe or its configuration


def _liveness_kill(text: str) -> None:
    """A liveness kill at least once, no count, its probe failing."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.LIVENESS_KILL, CountRange(1, None), True, ("liveness",))


@pytest.mark.parametrize("text", [
    "It was observed that the DM pod was restarted frequently in a resource-limited system, "
    "mainly caused by the liveness probe configuration, the current configuration may be too "
    "aggressive.\n",
    "Our api pod restarted several times yesterday, caused by the liveness probe settings.\n",
    "My container was restarting every few minutes because of the liveness probe config.\n",
])
def test_a_restart_caused_by_the_liveness_probe_configuration(text):
    """`restarted ..., mainly caused by the liveness probe configuration`: a probe restarts a
    container only by the kubelet's kill after its failures (R4.4): one liveness kill at
    least, no count."""
    _liveness_kill(text)


@pytest.mark.parametrize("text", [
    "The DM pod was restarted frequently, mainly caused by the readiness probe configuration.\n",
    "A pod is restarted frequently, mainly caused by the liveness probe configuration.\n",
    "Pods get restarted frequently, mainly caused by the liveness probe configuration.\n",
    "Was the DM pod restarted frequently, caused by the liveness probe configuration?\n",
    "If the DM pod was restarted frequently, caused by the liveness probe configuration, "
    "loosen it.\n",
    "The DM pod was restarted frequently, but not because of the liveness probe config.\n",
])
def test_a_restart_of_no_case_or_by_readiness_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    _refused(text)


@pytest.mark.parametrize("text", [
    "the pod restarted a b c d e f caused by the " * 40_000 + "\n",
    "restarted caused by liveness probe " * 60_000 + "\n",
])
def test_a_restarts_cause_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
