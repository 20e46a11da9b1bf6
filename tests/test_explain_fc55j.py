"""Held-out batches 124-125 (fc55j): a probe's failures told after what shows them, a pod's
status with an exit told in prose above it, and a pod's status as JSON cut in its containers.

- The kubelet's message told in the author's words after what shows it (failprose54's rule,
  said_failing._SHOWN_MESSAGE), in more of the words authors use (odd-platform-1664: `in the
  events of K8s it shows both the the Readiness and Liveness Probe are failing with the status
  code of 503`): `it` showing in the progressive, the events showing, a conjunction of probes
  (each failed), `are failing`, and the code's noun with `of`: each probe's failure, at least
  once, no count.

Hand-written variants beside those that must stay unread (a disjunction, a conditional, a
negation, a question, a guide's time, a modal, another pod's events)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ the probes' failures the events show


@pytest.mark.parametrize(("text", "probes"), [
    ("Our pods are running fine but it occasionally restarts and in the events of K8s it shows "
     "both the the Readiness and Liveness Probe are failing with the status code of 503.\n",
     ("liveness", "readiness")),
    ("After few minutes in the events its showing the both the Liveness  and the Readiness probe "
     "are failing with an error code of 503.\n", ("liveness", "readiness")),
    ("The events show the liveness probe failing with a status code of 500.\n", ("liveness",)),
    ("It is showing liveness and readiness probes failing with connection refused.\n",
     ("liveness", "readiness")),
])
def test_the_probes_failing_told_after_what_shows_them_are_those_failures(text, probes):
    """Each probe named failing with a failure as the kubelet reports one, after the events
    or `it` showing it: that probe's failure, at least once, no count (a liveness failure
    with no end and no count bounds no kills: {0, null})."""
    a = explained_answer(text)
    assert (a.shows_failures, a.failed) == (True, probes)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_a_readiness_failure_the_events_show_is_readiness_only():
    """The readiness probe alone: its failure ends nothing (R3.4): readiness-only, {0, 0}."""
    a = explained_answer("It's showing the readiness probe is failing with an error code of "
                         "503.\n")
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, ("readiness",))


@pytest.mark.parametrize("text", [
    "It shows readiness or liveness probe failing with 503.\n",  # which one, not told
    "If the events show liveness and readiness probes failing with 503, raise the delay.\n",
    "The events never show liveness and readiness probes failing with 503.\n",  # a negation
    "Do the events show liveness and readiness probes failing with 503?\n",  # a question
    "It is showing liveness and readiness probes failing with 503 when the app is busy.\n",
    "The events may show liveness and readiness probes failing with 503.\n",  # a modal
    "The other pod's events show liveness and readiness probes failing with 503.\n",
    "In another pod it is showing liveness and readiness probes failing with 503.\n",
])
def test_failures_shown_of_no_case_are_no_record(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "it shows both the the readiness and liveness probe are failing with the status code of "
    * 23_000 + "\n",
    "the events show " * 130_000 + "liveness probe failing with 503\n",
    "its showing " + "both the " * 230_000 + "liveness probe failing with 503\n",
    "it shows liveness and " * 95_000 + "readiness probe failing with an error code of 503\n",
    "failing with an error code of " * 70_000 + "503\n",
])
def test_the_shown_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    assert len(text) > 1_900_000
    read_in_one_pass(text)
