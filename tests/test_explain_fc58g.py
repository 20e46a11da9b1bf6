"""Held-out batches 147 and 148 (stop 58, fc58g): a crash loop of the case's own pod told in its
author's prose (the corpus README, "Rules used for the facts", the paragraphs ending in "(stop
58, fc58g)").

- The author's own act in the past right after `when` (requarks-wiki-4116: `I opened this PR
  because when I deployed wikijs via helm, after install the pod was crashlooping because it
  was too slow to start, ...`): the occasion of a run that happened once, no `when` of what may
  happen (own_occasion.py); the crash loop stated of the case's pod then holds (crashcatch55,
  fixprose53d): a back-off whose restarts no count bounds, cannot-tell, {0, null}.
- The author meeting the case's pod's back-off, the pod a noun before the status's noun
  (kubeless-862: `I encountered the pod crash loop backoff error when updating an existing
  function ...`): the pod's error as `a CrashLoopBackOff from the pod` is (fixprose94), the
  status spelled out in words (fixprose52c); the `when` and its gerund after the problem met
  the author's own occasion (fixlogs86), its noun now after up to four words.

Hand-written variants beside each that must stay unread (a guide's present, another subject,
a modal, a conditional, a negation, a question, `a pod`)."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.own_occasion import blank_own_occasion


def _crash_loop(text: str) -> None:
    """The case's container waiting out a back-off, what ended it untold, no count bound."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


# ---------------------------------------------------- `when` and the author's own past act


@pytest.mark.parametrize("text", [
    "I opened this PR because when I deployed wikijs via helm, after install the pod was "
    "crashlooping because it was too slow to start, and the probe keep restarting it.\n",
    "When I deployed the chart, the pod was crashlooping.\n",
    "When we upgraded to 2.5, our pods went into CrashLoopBackOff.\n",
    "when I ran the installer the pod kept crashlooping.\n",
])
def test_when_and_the_author_past_act_is_the_case_occasion(text):
    """A `when` before `I` or `we` and a verb in the past: the author's own run, once
    (own_occasion.py, fc58g); the case's pod's crash loop in it is read (crashcatch55)."""
    _crash_loop(text)


@pytest.mark.parametrize("text", [
    # a guide's present, another subject, a modal or an auxiliary, a word in `ed` of no past
    "When I deploy the chart, the pod is crashlooping.\n",
    "When you deployed the chart, the pod was crashlooping.\n",
    "When the node restarted, the pod was crashlooping.\n",
    "When I would deploy the chart, the pod was crashlooping.\n",
    "When I need more memory, the pod is crashlooping.\n",
    # a conditional, a question, a negation, `a pod`
    "If when I deployed the chart the pod was crashlooping, raise the delay.\n",
    "When I deployed the chart, was the pod crashlooping?\n",
    "When I deployed the chart, the pod was not crashlooping.\n",
    "When I deployed the chart, a pod was crashlooping.\n",
])
def test_a_when_of_what_may_happen_stays_unread(text):
    assert_not_a_record(text)


def test_only_the_when_before_the_past_act_is_blanked():
    line = "when I deployed it, and when I deploy it, and when I need it"
    assert blank_own_occasion(line) == \
        "     I deployed it, and when I deploy it, and when I need it"


# ------------------------------------------------- the pod's back-off met by the author


@pytest.mark.parametrize("text", [
    "I encountered the pod crash loop backoff error when updating an existing function using "
    "kubeless function update command. The pod is not able to be generated correctly.\n",
    "I got the pod CrashLoopBackOff error after the upgrade.\n",
    "We hit the my-func pod's CrashLoopBackOff status.\n",
    "I encountered the container crash loop error when deploying.\n",
])
def test_the_author_meeting_the_case_pod_back_off(text):
    """The case's pod (a determiner of the case's, its name or none) a noun before the
    status's noun, the author meeting it (fc58g; fixprose94, fixprose52c)."""
    _crash_loop(text)


@pytest.mark.parametrize("text", [
    # another subject, `a pod`, a conditional, a negation, a question, a modal
    "You encounter the pod crash loop backoff error when updating a function.\n",
    "I encountered a pod crash loop backoff error when updating a function.\n",
    "If I encounter the pod crash loop backoff error, delete the function.\n",
    "I never encountered the pod crash loop backoff error.\n",
    "Did I encounter the pod crash loop backoff error when updating?\n",
    "I may encounter the pod crash loop backoff error when updating.\n",
    # the status's noun missing: no back-off's error met
    "I encountered the pod crash loop backoff when updating a function.\n",
])
def test_another_subject_or_a_condition_stays_unread(text):
    assert_not_a_record(text)


def test_the_new_forms_are_read_in_one_pass():
    read_in_one_pass("when I " + "deployed " * 230_000 + "\n")
    read_in_one_pass("when I " * 300_000 + "\n")
    read_in_one_pass("when I " + "a" * 2_000_000 + "ed\n")
    read_in_one_pass("I encountered the " + "x " * 1_000_000 + "error when doing\n")
    read_in_one_pass("I got the pod crash loop " * 80_000 + "\n")
    read_in_one_pass("I got the " + "a-" * 1_000_000 + "a pod crash loop backoff error\n")
