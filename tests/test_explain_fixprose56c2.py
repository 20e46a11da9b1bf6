"""Held-out batch 131 (fc56c): an OOM kill the author found in the container's last state.

- The author's finding, in the past, of OOMKilled in the container's last state
  (application-sdk-2409: "Engineers had to manually check `kubectl describe pod` to find
  `OOMKilled` in `lastState.terminated`"): that end's reason (CRI): oom-killed, {0, 0}.

Hand-written variants beside those that must stay unread (a guide's imperative or present, a
negation, a conditional, a question, another's pod)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ OOMKilled found in the last state


@pytest.mark.parametrize("text", [
    "## Motivation\n\nA production incident took ~3 hours to diagnose as an OOM kill because:\n"
    "1. SIGKILL produces no application-level log\n3. Engineers had to manually check "
    "`kubectl describe pod` to find `OOMKilled` in `lastState.terminated`\n",
    "We found OOMKilled in the container's Last State.\n",
    "I saw `OOMKilled` in lastState of the worker pod after the restart.\n",
    "We had to dig through the pod's status to see OOMKilled in its lastState.terminated.\n",
])
def test_oomkilled_found_in_the_last_state_is_an_oom_kill(text):
    """The author's finding, in the past, of OOMKilled in the container's last state: that
    end's reason (CRI), no probe setting or failure: oom-killed, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "Check `kubectl describe pod` to find `OOMKilled` in `lastState.terminated`.\n",
    "You will see OOMKilled in the Last State.\n",
    "We didn't find OOMKilled in lastState.terminated.\n",
    "If you found OOMKilled in lastState, raise the memory limit.\n",
    "Did you find OOMKilled in lastState.terminated?\n",
    "We found OOMKilled in another pod's lastState.\n",
])
def test_oomkilled_in_the_last_state_of_no_case_or_negated_is_no_record(text):
    """The negative side: a guide's imperative or present, a negation, a conditional, a
    question, another's pod: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("had to check a b c d e f g to find OOMKilled in " * (_N // 48)) + "\n",
    ("we found `OOMKilled` in the pod's " * (_N // 34)) + "lastState\n",
    ("had to " * (_N // 7)) + "find OOMKilled in lastState\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
