"""Held-out batch 142 (stop 58, fc58a): an OOM kill of the case's own pod told in one sentence
of its author's prose (the corpus README, "Rules used for the facts", the paragraphs ending in
"(stop 58, fc58a)").

- The case's pod named by a determiner of the case's and up to four words before `pod`
  (tektoncd-operator-2523: `The tekton pipelines remote resolver pod is restarting constantly
  due to OOM Killed exceptions ( Exit Code: 137 ) , Is there a way to ...?`), a word of ongoing
  repetition between the end and the OOM kill given as its cause (oomprose54's `constantly`),
  and a question spliced on after a comma, its first word capitalised, that asks only itself
  (happened.asked): crashcatch55's stated end, OOMKilled, {0, 0} (CRI).
- A change's statement of the restarts it fixes (infra-deployments-7184: `This PR updates the
  resource requests and limits for the tekton-pipelines-controller ... to address frequent pod
  restarts due to OOMKilled (ExitCode 137).`): what a change fixes happened (crashcatch55, stop
  56), OOMKilled, {0, 0} (stated_end_forms.FIXED_RESTARTS).
- An issue's note that drops its subject, or has the author as it, telling the OOM kill on a
  named component (argo-workflows-2883: `On 2.7.1 getting OOMKilled from kubernetes on
  workflow-controller causing constant restarts.`): oomprose54's note, OOMKilled, {0, 0}
  (stated_end_forms.NOTED_OOM).

Hand-written variants beside each that must stay unread (a guide's, a question, a negation, a
conditional, a purpose, a future, `a pod`, `you`)."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, assert_oom_killed, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.happened import asked

# ------------------------------------- four words before `pod`, a repetition before the cause


@pytest.mark.parametrize("text", [
    "The tekton pipelines remote resolver pod is restarting constantly due to OOM Killed "
    "exceptions ( Exit Code: 137 ) , Is there a way to update the resource limits for this "
    "through the operator config?\n",
    "The tekton pipelines remote resolver pod is restarting due to OOMKilled.\n",
    "Our api gateway pod keeps restarting repeatedly due to OOMKilled (exit code 137).\n",
    "My worker container was restarting frequently because of OOM killed.\n",
    "The resolver pod is restarting constantly due to OOMKilled, Is there a way to raise its "
    "limit?\n",
])
def test_the_case_pod_restarting_repeatedly_due_to_oom_killed(text):
    """crashcatch55's stated end of the case's pod (a determiner of the case's and up to four
    words before `pod`), its cause the OOM kill after a word of repetition: OOMKilled (CRI),
    no probe's kill, {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    # a question, a question not spliced on by a capital, a conditional
    "Is the tekton pipelines remote resolver pod restarting constantly due to OOM Killed?\n",
    "The resolver pod is restarting constantly due to OOMKilled, is there a way to raise it?\n",
    "If the tekton pipelines remote resolver pod is restarting constantly due to OOM Killed "
    "exceptions, raise its limit.\n",
    # a guide's `a pod`, an application's error (no kernel's kill)
    "A pod is restarting constantly due to OOMKilled when its limit is too low.\n",
    "The resolver pod is restarting constantly due to an OOM error.\n",
])
def test_a_question_a_guide_or_no_kill_stays_unread(text):
    assert_not_a_record(text)


def test_a_negated_restart_is_no_oom_kill():
    """A negation states no end (crashcatch55's stated_no_restart reads it: running, no
    restart, R4.1), no OOM kill."""
    a = explained_answer("The resolver pod is not restarting constantly due to OOMKilled.\n")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 0))


def test_a_question_spliced_on_by_a_capital_asks_only_itself():
    """A capital after a comma opens another sentence: its question mark is that question's
    (happened.asked); with no capital, or where the sentence opens asking, all of it asks."""
    told = "My pod is restarting due to OOMKilled, Is it the limit?"
    assert not asked(told, told.index(","))
    lower = "My pod is restarting due to OOMKilled, is it the limit?"
    assert asked(lower, lower.index(","))
    opens = "Is my pod restarting due to OOMKilled, Is it the limit?"
    assert asked(opens, opens.index(","))
    plain = "Is my pod restarting due to OOMKilled?"
    assert asked(plain, plain.index(" due"))


# ------------------------------------------------ a change's statement of the restarts it fixes


@pytest.mark.parametrize("text", [
    "This PR updates the resource requests and limits for the tekton-pipelines-controller in "
    "the pipeline-service production overlay to address frequent pod restarts due to OOMKilled "
    "(ExitCode 137).\n",
    "Fixes frequent pod restarts due to OOMKilled.\n",
    "This commit raises the memory limit of the api-server to fix repeated container restarts "
    "due to OOM killed.\n",
    "This change addresses pod restarts due to OOMKilled (exit code 137).\n",
])
def test_the_restarts_a_change_fixes_due_to_oom_killed(text):
    """What a pull request or commit fixes happened (crashcatch55, stop 56): the restarts of
    its author's component's pods, their reason OOMKilled (CRI), {0, 0}."""
    assert_oom_killed(text)


def test_the_restarts_a_change_fixes_with_no_reason_are_ends_untold():
    """The fix's object with no reason: the case's container ended, its cause not told, no
    count bounding its restarts (R4.1), as crashcatch55's stated end with no reason reads."""
    a = explained_answer("This PR fixes frequent pod restarts in the tekton-pipelines-controller.\n")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    # a guide's purpose and title, a prevention, a future, a question, a negation, a
    # conditional, another's words
    "To fix frequent pod restarts due to OOMKilled, raise the memory limit.\n",
    "Fix frequent pod restarts due to OOMKilled\n",
    "This PR raises the limits to avoid frequent pod restarts due to OOMKilled.\n",
    "This PR will address frequent pod restarts due to OOMKilled.\n",
    "Does this PR address frequent pod restarts due to OOMKilled?\n",
    "This PR does not address frequent pod restarts due to OOMKilled.\n",
    "This PR addresses pod restarts due to OOMKilled if the limit is too low.\n",
    "The docs explain how to fix frequent pod restarts due to OOMKilled.\n",
])
def test_a_fix_that_is_no_change_s_statement_stays_unread(text):
    assert_not_a_record(text)


# --------------------------------------------- a note's OOM kill on a named component


@pytest.mark.parametrize("text", [
    "On 2.7.1 getting OOMKilled from kubernetes on workflow-controller causing constant "
    "restarts.  This was with memory limit and requests set to 1Gi.\n",
    "Getting OOMKilled on workflow-controller.\n",
    "I'm getting OOMKilled on the workflow-controller pod, constantly.\n",
    "We keep getting OOMKilled on argo-server since the upgrade.\n",
    "On v3.4.2, got OOMKilled by kubernetes on our api container twice.\n",
])
def test_a_note_getting_oom_killed_on_a_named_component(text):
    """An issue's note that drops its subject or has the author as it, the kill told in the
    progressive or the past on a component named by its dashed name or a determiner of the
    case's (oomprose54's note): OOMKilled (CRI), {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    "You're getting OOMKilled on workflow-controller because the limit is low.\n",
    "If getting OOMKilled on workflow-controller, raise its limit.\n",
    "Are you getting OOMKilled on workflow-controller?\n",
    "Getting OOMKilled on workflow-controller?\n",
    "I'm not getting OOMKilled on workflow-controller anymore.\n",
    "Getting OOMKilled on a pod means its limit is too low.\n",
    "I might be getting OOMKilled on workflow-controller.\n",
    "Getting OOMKilled on start-up.\n",
    "Getting OOMKilled on workflow-controller can happen when the limit is low.\n",
])
def test_a_note_of_no_case_stays_unread(text):
    assert_not_a_record(text)


# ------------------------------------------------ one pass on a hostile line


def test_the_new_forms_are_read_in_one_pass():
    read_in_one_pass("The a b c d " * 170_000 + "pod\n")
    read_in_one_pass("the pod is restarting " + "constantly " * 180_000 + "due to OOMKilled\n")
    read_in_one_pass("my pod restarted due to OOMKilled" + ", Is" * 500_000 + "?\n")
    read_in_one_pass("This PR " + "fixes frequent " * 130_000 + "pod restarts\n")
    read_in_one_pass("On 2.7.1 " * 220_000 + "getting OOMKilled on x-y\n")
    read_in_one_pass("getting OOMKilled from kubernetes " * 60_000 + "\n")
    read_in_one_pass("getting OOMKilled on the " + "a " * 1_000_000 + "pod\n")
