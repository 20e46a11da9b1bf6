"""The kills the author is seeing, caused by a probe's failure (fixzot; readers/stated_cause.py's
KILLS_SEEN): zot-3302's `I'm seeing events related to be being killed because of the startup probe
failure` is that probe's failure and one kill of it, at least once (R4.4), by the corpus README's
rule written at fixprose45 for the restarts the author is seeing (`We are seeing pod restarts based
on livez probes failing`).

Hand-written variants beside those that must stay unread (a negation, a question, a conditional,
what may happen, another pod, a readiness probe, an `Expected` section, no failure)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType


@pytest.mark.parametrize(("text", "probe"), [
    ("It seems that the problem is related to the startup probe endpoint, which doesn't respond "
     "for a few minutes at least. I'm seeing events related to be being killed because of the "
     "startup probe failure.\n", ProbeType.STARTUP),
    ("We are seeing the pods being killed due to liveness probe failures.\n",
     ProbeType.LIVENESS),
    ("We're seeing containers killed because of the failing liveness probe.\n",
     ProbeType.LIVENESS),
    ("I am seeing kills caused by the startup probe failing.\n", ProbeType.STARTUP),
    ("We are seeing events of the api pod being killed based on livez probes failing.\n",
     ProbeType.LIVENESS),
    ("I\u2019m seeing events about my pod getting killed repeatedly because of the startup probe "
     "failure.\n", ProbeType.STARTUP),
])
def test_the_kills_the_author_is_seeing_caused_by_a_probes_failure_are_one_kill_at_least(
        text, probe):
    """A liveness or startup failure ends a container only by the kubelet's kill (R4.4): the
    kills the author sees, caused by that probe's failure, are its kill, once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a negation, a question, a conditional, what may happen
    "I'm not seeing events related to being killed because of the startup probe failure.\n",
    "Are you seeing pods being killed because of the startup probe failure?\n",
    "Am I seeing pods being killed because of the startup probe failure?\n",
    "If we are seeing pods being killed because of the startup probe failure, raise the "
    "threshold.\n",
    "When we are seeing pods being killed because of the liveness probe failure, we drain the "
    "node.\n",
    "You will see the pods killed because of the startup probe failure.\n",
    "We could be seeing pods being killed because of the liveness probe failure.\n",
    # a readiness probe kills nothing (R3.4); one that kills beside it, which one not told
    "I'm seeing events related to being killed because of the readiness probe failure.\n",
    "I'm seeing pods being killed because of the liveness or readiness probe failure.\n",
    # another pod, of no case
    "I'm seeing events of some pods being killed because of the startup probe failure.\n",
    "We are seeing events related to a pod being killed because of the liveness probe "
    "failure.\n",
    # what the author expected, not what happened
    "### Expected behavior\n\nI'm seeing pods being killed because of the startup probe "
    "failure.\n",
    # no failure of the probe stated
    "I'm seeing events related to being killed because of the startup probe.\n",
])
def test_kills_of_no_case_or_of_what_may_happen_are_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("words", [
    "I'm seeing events related to be being killed because of ",
    "events related to be ",
    "being killed ",
    "I'm seeing ",
])
def test_the_kills_seen_read_a_long_line_in_one_pass(words):
    """Hostile input: the rule's words repeated over a 2 MB line, read in one pass."""
    read_in_one_pass(words * (2_000_000 // len(words)) + "the startup probe failure.\n")
