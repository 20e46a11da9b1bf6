"""Stop 59, fx59f: a `When` clause of a narrative of what happened (the corpus README, "Rules
used for the facts", the paragraph ending in "(stop 59, fx59f)").

- A `When` opening its sentence, its clause in the simple past, its main clause after the comma
  in the simple past with no modal, on a post-mortem's page or under a heading of what happened
  (floofy-meta-20240729-post-mortem: `When the pods restarted with the new container, they
  were marked as healthy by Kubernetes with a passing health check, ...`): its event happened
  (past_when.py); the case's pods' restart in it then holds (crashcatch55's stated end): an end
  of no cause the record gives, cannot-tell, {0, null}, failures shown.

Hand-written variants beside it that must stay unread: a present `When` clause, a present,
future or modal main clause, `whenever`, a page of no narrative, a question, a negation, `a pod`.
"""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.past_when import blank_past_when

POST_MORTEM = "2024-07-29 Post Mortem\n\nWhat happened?\n\n{}\n"
HEADING = "## What happened\n\n{}\n"
PLAIN = "We moved the cache to a new image.\n\n{}\n"


def _ended(text: str) -> None:
    """The case's container ended, what ended it untold, no count bound, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


RESTARTED = ("When the pods restarted with the new container, they were marked as healthy by "
             "Kubernetes with a passing health check, however container logs indicated scripts "
             "were unable to be run.")


@pytest.mark.parametrize("text", [
    POST_MORTEM.format(RESTARTED),
    HEADING.format(RESTARTED),
    "# Incident report: cache outage\n\n" + RESTARTED + "\n",
    POST_MORTEM.format("When the upgrade finished, the redis pod crashed with no error."),
    POST_MORTEM.format("- When our pods restarted, Kubernetes marked them ready."),
    HEADING.format("The rollout began at noon. When the pods restarted, they kept the old "
                   "config."),
])
def test_a_past_when_of_a_narrative_states_its_event(text):
    """A past `When` and a past main clause on a post-mortem's page or under a heading of
    what happened: the event happened (README, stop 59, fx59f); the case's pods' end in it is
    read by crashcatch55's rule."""
    _ended(text)


@pytest.mark.parametrize("text", [
    # no narrative: an issue's prose with no heading of what happened, a guide's
    PLAIN.format(RESTARTED),
    # a present `When` clause, a present, future or modal main clause
    POST_MORTEM.format("When the pods restart with the new container, they are marked as "
                       "healthy."),
    POST_MORTEM.format("When the pods restarted with the new container, they would be marked "
                       "as healthy."),
    POST_MORTEM.format("When the pods restarted with the new container, they could lose data."),
    POST_MORTEM.format("When the pods restarted with the new container, they will be marked "
                       "healthy."),
    POST_MORTEM.format("When the pods restarted with the new container, they lose data."),
    # `whenever`, a `when` inside its sentence, a question, a negation, `a pod`
    POST_MORTEM.format("Whenever the pods restarted with the new container, they were marked "
                       "as healthy."),
    POST_MORTEM.format("So when the pods restarted, they were marked as healthy."),
    POST_MORTEM.format("When the pods restarted, were they marked as healthy?"),
    POST_MORTEM.format("When the pods did not restart, they were marked as healthy."),
    POST_MORTEM.format("When a pod restarted, it was marked as healthy."),
    POST_MORTEM.format("If the pods restarted, they were marked as healthy."),
])
def test_a_when_of_what_may_happen_stays_unread(text):
    assert_not_a_record(text)


def test_only_a_past_when_opening_its_sentence_is_blanked():
    line = ("When it restarted, it was marked. When it restarts, it is marked. "
            "When it restarted, it would fail. Then when it restarted, it was marked.")
    assert blank_past_when(line) == "    " + line[4:]


def test_a_hostile_line_of_whens_is_read_in_one_pass():
    read_in_one_pass(POST_MORTEM.format("When the pods restarted " * 90_000))
    read_in_one_pass(POST_MORTEM.format("When a restarted, b restarted " * 70_000))
    line = "When " + "x" * 2_000_000
    assert blank_past_when(line) == line


def test_hostile_lines_of_the_changed_rules_are_read_in_one_pass():
    """The workload subject's words (`Whenever the pods`, stated_end.py) and a post-mortem's
    title (`NARRATIVE_TITLE`) over 2 MB lines."""
    read_in_one_pass("Whenever the pods " * 120_000)
    read_in_one_pass("Post Mortem\n\n" + "When x restarted, y kept " * 90_000)
    read_in_one_pass("Post mortem incident report " * 75_000)
