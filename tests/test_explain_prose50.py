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


# ------------------------------------------------ an OOM kill stated of a name that is no pod


@pytest.mark.parametrize(("text", "name"), [
    ("Plex was OOM killed tonight (18:19 NZT) at its 3Gi cgroup limit during an HEVC software "
     "transcode; this was purely the pod limit.\n\nRaises the memory limit 3Gi -> 8Gi.\n", "Plex"),
    ("Grafana got OOMKilled last night at its 2Gi limit.\n", "Grafana"),
    ("Our Sonarr has been oom-killed twice this week.\n", "Sonarr"),
    ("My Jellyfin keeps getting OOM killed during transcodes.\n", "Jellyfin"),
    ("Prometheus was OOM-killed at 03:12 UTC; the node had headroom.\n", "Prometheus"),
    # a wrapper's first line taken for YAML (a Jira `{code}` block)
    ("{code}\nPlex was OOM killed tonight at its 3Gi limit.\n{code}\n", "Plex"),
])
def test_an_oom_kill_stated_of_a_name_is_answered_cannot_tell_with_why(text, name):
    """A page of prose alone whose author states, in the past, an OOM kill of a name that is no
    pod or container (gavinmcfall-home-ops-2417) is a record of a case: answered, not refused.
    The corpus README reads an OOM kill only of the case's own pod or container, so no end is
    read: cannot tell, no failure shown, no kill counted and none ruled out, and the answer
    says why, naming the statement."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert f"OOM kill of `{name}`" in a.because and "no pod or container" in a.because


@pytest.mark.parametrize("text", [
    # a guide's general prose: the present, a pod of none, pods
    "A pod can be OOM killed when it exceeds its memory limit.\n",
    "Pods get OOM killed when they exceed their limits.\n",
    "Plex gets OOM killed.\n",
    "Plex is OOMKilled when it transcodes.\n",
    "Your app was OOM killed if its exit code is 137.\n",
    "Any container that was OOM killed shows exit code 137.\n",
    # a question, a conditional, the future, what may have happened
    "Was Plex OOM killed?\n",
    "If Plex was OOM killed, raise its limit.\n",
    "Plex will be OOM killed at 3Gi.\n",
    "Plex could have been OOM killed.\n",
    "Plex probably got OOM killed.\n",
    # a negation, what to avoid
    "Plex was not OOM killed.\n",
    "Plex never got OOM killed.\n",
    "I don't think Plex was OOM killed.\n",
    "Raise the limit to avoid being OOM killed.\n",
    "Set a limit to prevent Plex was OOM killed again.\n",
    # a pronoun, a process: no name of a case
    "It was OOM killed.\n",
    "The process was OOM killed.\n",
])
def test_an_oom_kill_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused, as a page of prose alone that states no
    case is (general-prose/, unisbadri-health-check)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_an_oom_kill_stated_of_the_cases_own_container_is_read_as_before():
    """The case's own container stated OOMKilled (the README's rule, stated_kill.EN_OOM) is its
    end, as before: the name rule answers only where no reader reads the page."""
    a = explained_answer("The plex container was OOMKilled tonight.\n")
    assert (a.cause, a.shows_failures) == (Cause.OOM_KILLED, True)


@pytest.mark.parametrize("text", [
    "Plex was " * 250_000 + "OOM killed.\n",
    "Plex" + " " * 2_000_000 + "was OOM killed.\n",
    "was OOM killed " * 140_000 + "\n",
    "Plex was OOM killed? " * 100_000 + "\n",
    "Plex was OOM killed?\n" * 100_000,
])
def test_an_oom_kill_of_a_name_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
