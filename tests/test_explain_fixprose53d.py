"""Held-out batch 115 (fixprose53d): pull-request and issue descriptions that diagnose the
author's own pods in prose.

- An OOM kill stated by its cause, the kill first, the cause a gerund after `for`
  (config-db-2247: `The config-db container was terminated for exceeding its memory limit of
  4Gi (OOMKilled)`): OOMKilled, {0, 0} (stated_oom_with.KILLED_AT_LIMIT, widened).
- A probe named as the present-tense agent of the kill of the case's container after a past
  crash loop of the case's pod in the same sentence (digit-devops-4893: `Pod was crash-looping
  — liveness probe's tight defaults (...) kill the container before Spring Boot finishes
  starting`): liveness-kill, {1, null} (present_kill.py, widened).
- The liveness probe tripped and so the case's container got killed, in the past (spica-1933:
  `The liveness endpoint only fails when the event loop is blocked, so a load spike was enough
  to trip it and get the container killed even though it would have recovered on its own`):
  liveness-kill, {1, null} (stated_kill.PROBE_KILL, widened; a counterfactual after the kill is
  no sentence of what may happen, a guess before it is).

Hand-written variants beside those that must stay unread (a guide's present, `a pod`, a
conditional, a question, a negation, a CPU limit)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ killed for exceeding its memory limit


@pytest.mark.parametrize("text", [
    "The config-db container was terminated for exceeding its memory limit of 4Gi "
    "(OOMKilled). The pod has been restarted, but the underlying memory pressure issue likely "
    "persists\n",
    "The config-db container was terminated for exceeding its memory limit of 4Gi.\n",
    "Our worker pods kept getting killed for going over their memory limits.\n",
    "The api container was killed by the OOM killer for hitting its memory limit.\n",
])
def test_a_kill_for_exceeding_the_memory_limit_of_the_cases_container_is_oomkilled(text):
    """The case's container (a determiner of the case's) killed or terminated in a past or
    progressive form, `for` going over its memory limit: OOMKilled (the kernel's OOM killer
    kills over the cgroup's limit), no probe's kill ({0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "A container is terminated for exceeding its memory limit.\n",
    "The container is terminated for exceeding its memory limit.\n",
    "If the api container was terminated for exceeding its memory limit, raise it.\n",
    "The api container was not terminated for exceeding its memory limit.\n",
    "Was the api container terminated for exceeding its memory limit?\n",
    "The api container was throttled for exceeding its CPU limit.\n",
    "The api container was terminated for exceeding its CPU limit.\n",
    "A pod was terminated for exceeding its memory limit.\n",
])
def test_a_kill_for_exceeding_a_limit_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: a guide's present, `a container`, `a pod`, a conditional, a
    negation, a question, a CPU limit: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pods were being killed " * 80_000 + "for exceeding their memory limits\n",
    "the pods were killed for exceeding their " + "memory " * 300_000 + "limits\n",
    "for exceeding its memory limit " * 70_000 + "\n",
])
def test_the_kill_for_exceeding_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a past crash loop, then the probe's present kill


@pytest.mark.parametrize(("text", "cause", "probe"), [
    ("Pod was crash-looping \u2014 liveness probe's tight defaults (30s initial delay, 3s "
     "timeout, 5x failure threshold) kill the container before Spring Boot finishes starting "
     "under the chart's 200m CPU limit.\n", Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("The api pod was crash-looping because the liveness probe kills the container before the "
     "JVM starts.\n", Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("Our worker pod kept crash-looping: the startup probe kills it before migrations "
     "finish.\n", Cause.STARTUP_KILL, ProbeType.STARTUP),
    ("The api pod kept crashing: the liveness probe's tight timeouts kill the container before "
     "the JVM is up.\n", Cause.LIVENESS_KILL, ProbeType.LIVENESS),
])
def test_a_present_kill_after_a_past_crash_loop_of_the_cases_pod_is_the_probes_kill(
        text, cause, probe):
    """A past crash loop of the case's pod (a determiner of the case's, or `Pod` opening the
    sentence, its article dropped) and, after it in the sentence, the probe (or its settings)
    killing the case's container in the present: that probe's failure and at least one kill
    (R4.4, R4.8), no count."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (cause, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "Liveness probe's tight defaults (30s initial delay, 3s timeout) kill the container before "
    "Spring Boot finishes starting.\n",
    "A pod was crash-looping \u2014 liveness probe's tight defaults kill the container before "
    "Spring Boot finishes starting.\n",
    "Pods were crash-looping \u2014 liveness probe's tight defaults kill the container before "
    "Spring Boot finishes starting.\n",
    "Another pod was crash-looping \u2014 liveness probe's defaults kill the container before "
    "Spring Boot starts.\n",
    "If the pod was crash-looping, the liveness probe's defaults kill the container before "
    "Spring Boot starts.\n",
    "Pod was not crash-looping \u2014 liveness probe's defaults kill the container before Spring "
    "Boot starts.\n",
    "Pod was crash-looping \u2014 does the liveness probe kill the container before Spring Boot "
    "starts?\n",
    "Pod was crash-looping \u2014 the readiness probe's defaults kill the container before "
    "Spring Boot starts.\n",
    "Pod was crash-looping \u2014 maybe the liveness probe's defaults kill the container before "
    "Spring Boot starts.\n",
    "Pod is crash-looping when the liveness probe kills the container before Spring Boot "
    "starts.\n",
    "Pod was crash-looping \u2014 liveness probe's defaults don't kill the container before "
    "Spring Boot starts.\n",
])
def test_a_present_kill_beside_no_past_crash_loop_of_the_case_stays_unread(text):
    """The negative side: no crash loop, `a pod`, `pods`, another pod's, a conditional, a
    negation, a question, readiness (it never kills), a guess, the present, a negated kill:
    the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "Pod was crash-looping " * 90_000 + "\n",
    "Pod was crash-looping \u2014 liveness probe's defaults " * 45_000 + "kill the container\n",
    "liveness probe's tight defaults kill " * 55_000 + "\n",
])
def test_the_crash_loop_then_present_kill_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ the probe tripped and got the container killed


@pytest.mark.parametrize(("text", "cause", "probe"), [
    ("Restarting the pod is more expensive than waiting out a temporary slowdown. The liveness "
     "endpoint only fails when the event loop is blocked, so a load spike was enough to trip it "
     "and get the container killed even though it would have recovered on its own.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("A load spike tripped the liveness probe and got the container killed.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
    ("The startup check timed out under load, and a slow disk was enough to fail it and get "
     "our api container killed.\n", Cause.STARTUP_KILL, ProbeType.STARTUP),
    ("The liveness probe killed the pod even though it could have recovered.\n",
     Cause.LIVENESS_KILL, ProbeType.LIVENESS),
])
def test_a_tripped_probe_that_got_the_cases_container_killed_is_its_kill(text, cause, probe):
    """The probe (its endpoint or check) tripped, in the past, and so the case's container got
    killed: that probe's failure and at least one kill (R4.4), no count; a counterfactual
    after the kill (`would have recovered`) tells it happened."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (cause, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "The liveness endpoint only fails when the event loop is blocked, so a load spike is enough "
    "to trip it and get the container killed.\n",
    "The liveness endpoint only fails when the event loop is blocked, so a load spike could "
    "trip it and get the container killed.\n",
    "If a load spike was enough to trip the liveness probe and get the container killed, raise "
    "the threshold.\n",
    "A load spike was not enough to trip the liveness probe and get the container killed.\n",
    "Was a load spike enough to trip the liveness probe and get the container killed?\n",
    "The readiness endpoint only fails when the event loop is blocked, so a load spike was "
    "enough to trip it and get the container killed.\n",
    "A load spike tripped the liveness probe and got a pod killed.\n",
    "A load spike tripped the liveness probe and got pods killed.\n",
    "Maybe a load spike tripped the liveness probe and got the container killed.\n",
])
def test_a_tripped_probe_of_no_case_or_of_what_may_happen_stays_unread(text):
    """The negative side: the present, a modal, a conditional, a negation, a question,
    readiness (it never kills), `a pod`, `pods`, a guess: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "The liveness endpoint " + "x " * 1_000_000 + "tripped it and got the container killed\n",
    "The liveness probe was enough to trip it and get " * 42_000 + "the container killed\n",
    "tripped the liveness probe and got the container " * 42_000 + "\n",
    "killed even though it would have recovered " * 48_000 + "\n",
])
def test_the_tripped_probe_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
