"""Held-out batch 50 (fixprose50): statements of the case in its author's prose.

- A restart of the case's own pods caused by a liveness or startup probe's failure, with the
  author's aside in brackets between the restart and its cause (mojo2600-pihole-kubernetes-21:
  `I notice that the pihole pods occasionally restart (a few times/day) due to liveness probes
  failing`; readers/probe_restart.py's PROBE_RESTART): that probe's failure and one kill of it
  (R4.4), as the same sentence without the aside is read (the corpus README's rule of a restart
  of the case's pods that the author states a probe's failure caused). The aside tells how
  often or when; one that holds a negation or a word of what may happen makes the sentence
  state nothing.

Hand-written variants beside those that must stay unread (pods of no case, a guide's
conditional, what may happen, a question, a negation or a conditional in the aside, a readiness
probe, a guide's present)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ a restart caused by a probe, an aside between


@pytest.mark.parametrize(("text", "probe"), [
    ("Using the current settings I notice that the pihole pods occasionally restart (a few "
     "times/day) due to liveness probes failing.\n", ProbeType.LIVENESS),
    ("Our api pods restart (about once an hour) because of liveness probe failures.\n",
     ProbeType.LIVENESS),
    ("my container restarted (twice, at 18:19) due to the startup probe failing.\n",
     ProbeType.STARTUP),
    ("The minio pods restarted (see the graph below), because the liveness probe failed.\n",
     ProbeType.LIVENESS),
    ("Since Monday the worker pods keep restarting (3-4 times a day) mostly due to "
     "liveness probes failing.\n", ProbeType.LIVENESS),
])
def test_a_restart_with_an_aside_before_its_probe_cause_is_one_kill_at_least(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4):
    the case's pods stated restarting because of it, an aside of how often or when between the
    restart and its cause, is that probe's kill, once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # pods of no case, a pod of none
    "Pods occasionally restart (a few times/day) due to liveness probes failing.\n",
    "A pod restarts (a few times/day) due to liveness probes failing.\n",
    # what may happen, a conditional, a question
    "The pihole pods may restart (a few times/day) due to liveness probes failing.\n",
    "If the pihole pods restart (a few times/day) due to liveness probes failing, raise the "
    "threshold.\n",
    "Do the pihole pods restart (a few times/day) due to liveness probes failing?\n",
    # the aside a conditional, what may happen, or a negation
    "The pihole pods restart (if at all) due to liveness probes failing.\n",
    "The pihole pods restart (it could be) due to liveness probes failing.\n",
    "The pihole pods restart (but not always) due to liveness probes failing.\n",
    "The pihole pods restart (never, in fact) due to liveness probes failing.\n",
    # a readiness probe restarts nothing (R3.4)
    "The pihole pods restart (a few times/day) due to readiness probes failing.\n",
    # a guide's conditional and present
    "If the liveness probe fails, the pod restarts (after the grace period).\n",
    "Pods restart (by default) when liveness probes fail.\n",
    # brackets in brackets, or an aside longer than an aside
    "The pihole pods restart (a few (2-3) times/day) due to liveness probes failing.\n",
    "The pihole pods restart (" + "x" * 60 + ") due to liveness probes failing.\n",
])
def test_a_restart_with_an_aside_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pods restart (" + " " * 2_000_000 + ") due to liveness probes failing.\n",
    "the pods restart " + "(a) " * 500_000 + "due to liveness probes failing.\n",
    "the pods restart (a few times/day) " * 60_000 + "\n",
    "(" * 2_000_000 + "the pods restart due to liveness probes failing.\n",
])
def test_a_restart_with_an_aside_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, brackets and spaces, read in one pass."""
    read_in_one_pass(text)
