"""Held-out batch 114 (fixprose53b): pull-request and issue descriptions in markdown stating
the state of the author's own pods.

- An end stated by its exit code and the cause its author gives (osv-dev-5056: `The container
  was failing with exit code 137, indicating it was being terminated due to Out-Of-Memory
  issues`, stated_exit_oom.py): exit 137 is SIGKILL's, which the OOM killer and a probe kill's
  grace end both give (R4.4); the stated cause tells the OOM killer's: OOMKilled, {0, 0}.
  Exit 137 alone, a guess of the cause, a negation, a question, a conditional, a guide's
  present and `a container` state none.

Hand-written variants beside those that must stay unread."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ exit 137 with the OOM killer as its cause


@pytest.mark.parametrize("text", [
    "This PR increases the memory resources for the `kube-state-metric` container. The "
    "container was failing with exit code 137, indicating it was being terminated due to "
    "Out-Of-Memory issues.\n",
    "Our api pod crashed with exit code 137 due to OOM.\n",
    "The worker container was killed with exit code 137, which means it ran out of memory.\n",
    "My pod keeps crashing with exit code: 137 because of the OOM killer.\n",
    "The `ingester` container has been restarted with exit code 137 (OOMKilled).\n",
])
def test_exit_137_stated_with_its_oom_cause_is_an_oom_kill(text):
    """The case's pod or container ending with exit 137, its cause stated the OOM killer:
    OOMKilled, no probe kill (README: an OOMKilled end and no probe failure is {0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.OOM_KILLED, CountRange(0, 0), (), True)


@pytest.mark.parametrize("text", [
    "The container was failing with exit code 137, maybe OOM?\n",
    "The container was failing with exit code 137, which could be an OOM.\n",
    "The container was failing with exit code 137, possibly due to OOM.\n",
    "The container was failing with exit code 137, which is not OOM.\n",
    "The container was failing with exit code 137, indicating it was not an OOM kill.\n",
    "Was the container failing with exit code 137 due to OOM?\n",
    "If the container was failing with exit code 137 due to OOM, raise its limit.\n",
    "A container fails with exit code 137, which means OOM.\n",
    "A container was failing with exit code 137 due to OOM.\n",
    "The container was failing with exit code 137 after the upgrade; we looked at OOM.\n",
])
def test_exit_137_with_a_guess_or_no_case_is_no_record(text):
    """The negative side: a guess, a negation, a question, a conditional, a guide's present,
    `a container`, a cause not given for the exit: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("the container was failing with exit code 137, indicating " * (_N // 57)) + "\n",
    ("exit code 137 " * (_N // 14)) + "OOM\n",
    ("the pod crashed with exit code 137 due to a b c d e f g h i j k l m " * (_N // 68)) + "\n",
    ("137 " * (_N // 4)) + "out of memory\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
