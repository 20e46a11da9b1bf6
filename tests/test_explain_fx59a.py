"""Held-out batches 149 and 156 (stop 59, fx59a): an OOM kill of the case's own pod told in the
present, read where the present is the author's telling of what they see.

- The present passive with an interval of how often right after it (otel-demo-2272: `Now we
  are seeing the issue that the frontend pod gets OOMKilled every 5-15 minutes.`): the
  interval is a word of how often, as stop 58's present passive rule (fc58e) reads
  `frequently` and `repeatedly` after `gets restarted`, and as fc58e's OOM killer rule reads
  `every 10 minutes`: an ongoing state of the case told as seen (oomprose54), no guide's rule.
  OOMKilled (CRI), no probe, {0, 0} by the OOM rule. fix39a's guide's present (`the container
  gets OOMKilled and is restarted`), `every time` (a guide's condition), `a pod`, `pods`,
  `your`, a conditional, a question and a negation stay unread.
- An issue's note, its article dropped (a capitalised name and `pod` or `container` opening its
  sentence, a list's mark before it aside: oomprose54's `Manager pod ...`), stating an end in
  the simple present under a heading of what was seen (crashcatch55: the present only there),
  with the OOM kill told as its cause in a clause after it whose subject points back at it
  (nats-server-5929, under `### Observed behavior`: `- NATs pod enters CrashLoopBackoff state
  as it gets OOMKilled immediately after startup.`): the end's reason OOMKilled (CRI), as
  crashcatch55 reads `crashing with oomkilled`, {0, 0}. The same present with no such heading,
  under a heading of what should happen, a name of a guide's (`Kubernetes pod`, `Each pod`),
  `a pod`, a conditional, a question, a negation, and a cause clause of another subject, a
  negation or a modal give no OOM kill.

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, assert_oom_killed, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange

# ------------------------------------------------ the present passive with an interval after it


@pytest.mark.parametrize("text", [
    "For a uni project, we changed the images. Now we are seeing the issue that the frontend "
    "pod gets OOMKilled every 5-15 minutes. Running the remote images works with no problem.\n",
    "The api container gets OOMKilled every few minutes.\n",
    "Our worker pod is OOMKilled every 10 minutes.\n",
    "The frontend pod gets OOM killed about every hour.\n",
    "My collector container gets oomkilled every 5\u201315 mins after the upgrade.\n",
])
def test_the_present_with_an_interval_of_the_cases_pod_is_oomkilled(text):
    """The case's pod OOMKilled in the present with an interval after it (fc58e's present
    passive, oomprose54's ongoing state told as seen): OOMKilled (CRI), no probe, {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    "The container gets OOMKilled and is restarted.\n",
    "The frontend pod gets OOMKilled every time it exceeds its memory limit.\n",
    "A pod gets OOMKilled every 5 minutes when its limit is too low.\n",
    "Pods get OOMKilled every 5 minutes.\n",
    "Your pod gets OOMKilled every 5 minutes.\n",
    "If the frontend pod gets OOMKilled every 5 minutes, raise its memory limit.\n",
    "Does the frontend pod get OOMKilled every 5 minutes?\n",
    "The frontend pod doesn't get OOMKilled every 5 minutes.\n",
])
def test_the_present_of_a_guide_or_no_case_states_nothing(text):
    """fix39a's guide's present, `every time`, `a pod`, `pods`, `your`, a conditional, a
    question and a negation: nothing read."""
    assert_not_a_record(text)


# ------------------------------------------------ a note's present under a heading of what was seen


@pytest.mark.parametrize("text", [
    "### Observed behavior\n\n- NATs pod enters CrashLoopBackoff state as it gets OOMKilled "
    "immediately after startup.\n\n- Debug log shows no useful information.\n",
    "### Observed behavior\n\nRedis pod goes into CrashLoopBackOff because it gets OOMKilled.\n",
    "## Actual behavior\n\n* Kafka container crashes as it gets OOM killed on every start.\n",
    "Postgres pod went into CrashLoopBackOff as it was OOMKilled.\n",
    "The api pod crashed since it got OOMKilled.\n",
])
def test_an_end_with_the_oom_kill_told_as_its_cause_is_oomkilled(text):
    """The case's pod (a note's capitalised name, or a determiner of the case's) ended, in the
    present under a heading of what was seen or in the past, the OOM kill its cause in a clause
    pointing back at it: OOMKilled (CRI), no probe, {0, 0}."""
    assert_oom_killed(text)


@pytest.mark.parametrize("text", [
    "NATs pod enters CrashLoopBackoff state as it gets OOMKilled immediately after startup.\n",
    "### Expected behavior\n\n- NATs pod enters CrashLoopBackoff state as it gets OOMKilled.\n",
    "### Observed behavior\n\n- A pod enters CrashLoopBackoff state as it gets OOMKilled.\n",
    "### Observed behavior\n\n- Kubernetes pod enters CrashLoopBackoff as it gets OOMKilled.\n",
    "### Observed behavior\n\n- Each pod enters CrashLoopBackoff as it gets OOMKilled.\n",
    "### Observed behavior\n\n- Yesterday pod enters CrashLoopBackoff as it gets OOMKilled.\n",
    "### Observed behavior\n\n- After the upgrade NATs pod enters CrashLoopBackoff as it gets "
    "OOMKilled.\n",
    "### Observed behavior\n\n- If NATs pod enters CrashLoopBackoff state as it gets "
    "OOMKilled, the stream is lost.\n",
    "### Observed behavior\n\n- Why does NATs pod enter CrashLoopBackoff as it gets OOMKilled?\n",
])
def test_a_note_of_a_guide_or_no_case_states_nothing(text):
    """The present with no heading of what was seen, a heading of what should happen, `a pod`,
    a guide's names, a word of when, a name inside its sentence, a conditional and a question:
    nothing read."""
    assert_not_a_record(text)


@pytest.mark.parametrize("text", [
    "### Observed behavior\n\n- NATs pod enters CrashLoopBackoff state as the node gets "
    "OOMKilled.\n",
    "### Observed behavior\n\n- NATs pod enters CrashLoopBackoff state as it is not OOMKilled.\n",
])
def test_a_cause_clause_of_another_or_not_told_gives_no_oom_kill(text):
    """A cause clause of another subject or a negation: the crash loop alone, no OOM kill (a
    back-off whose restarts no count bounds, R4.8: cannot-tell, {0, null})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


@pytest.mark.parametrize("text", [
    "### Observed behavior\n\n- NATs pod never enters CrashLoopBackoff state as it gets "
    "OOMKilled.\n",
    "### Observed behavior\n\n- NATs pod enters CrashLoopBackoff state as it may get OOMKilled.\n",
])
def test_a_negated_note_or_a_modal_states_nothing(text):
    """A negation of the end, a modal in its sentence (what may happen): nothing read."""
    assert_not_a_record(text)


def test_the_new_shapes_are_read_in_one_pass():
    read_in_one_pass("### Observed behavior\n\n- N" + "a" * 2_000_000 + " pod enters\n")
    read_in_one_pass("### Observed behavior\n\n" + "Ab pod " * 300_000 + "\n")
    read_in_one_pass("The api pod crashes as it " + "gets " * 400_000 + "OOMKilled\n")
    read_in_one_pass("The api pod gets OOMKilled every " + "5-" * 1_000_000 + "\n")
    read_in_one_pass("the pod gets OOMKilled " + "every " * 330_000 + "\n")
