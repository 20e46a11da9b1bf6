"""Held-out batch 116 (killprose54): probe kills stated in prose with the kubelet as the agent
of the kill of the case's container named by its own name (present_kill.KUBELET_KILL).

- ol-infrastructure-5164: `The kubelet kills `efs-plugin` on liveness-probe failure` (the
  cause after the kill), the record stating the crash loop (`PodCrashLoopingCritical` pages).
- aicr-1693: `That removes the `/healthz` endpoint the `ebs-plugin` livenessProbe depends on →
  kubelet restarts `ebs-plugin` → Cra` (the cause the step of a chain of arrows before it), the
  record stating the back-off (`waiting=CrashLoopBackOff`).
- treeverse-charts-143 (batch 117): `Because of the configured liveness (and readiness) probes
  (...), the container is therefore deemed unhealthy and terminated before it can finish the
  startup. This causes an infinite restart loop with CrashLoopBackoff` (killed_because.
  BECAUSE_KILLED: the probes named first, the kill after; each named probe failing, the kill
  the one's among them that kills).
- abd-vro-2538 (batch 116): `## What was the problem?` then `Liveness probe failure blocking
  bgs-api deployment and restarting continously` (present_kill.FAILURE_RESTARTING: the failure
  the subject of the participle `restarting`, a note of the case under a heading of it).

A liveness or startup failure restarts a container only by the kubelet's kill (R4.4): that
probe's failure and at least one kill of it, {1, null}, under the container named. In the
present it tells the case only where the text does (a heading of the case, the sentence's own
words of it, a crash loop the record states: R4.8).

Hand-written variants beside those that must stay unread: a guide's present with no crash loop,
heading or word of the case, a conditional, a question, a negation, a guess, the readiness probe
(it never kills, R3.4), a chain step naming no probe or both that kill, no container's name."""

from __future__ import annotations

import pytest
from helpers import answer_unless_refused, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the kubelet's kill of a named container


@pytest.mark.parametrize(("text", "container", "probe"), [
    # the present, a crash loop the record states
    ("The `PodCrashLoopingCritical` pages for `efs-csi-node` are not OOM kills.\n\n"
     "The kubelet kills `efs-plugin` on liveness-probe failure \u2014 and only that container.\n",
     "efs-plugin", ProbeType.LIVENESS),
    ("The node pod sits in `waiting=CrashLoopBackOff`.\n\nThat removes the `/healthz` endpoint "
     "the `ebs-plugin` livenessProbe depends on \u2192 kubelet restarts `ebs-plugin` \u2192 "
     "CrashLoopBackOff.\n", "ebs-plugin", ProbeType.LIVENESS),
    ("The api pod is crash looping.\nThe slow migration fails the startup probe -> the kubelet "
     "kills api-server.\n", "api-server", ProbeType.STARTUP),
    # the present under a heading of the case, or with its own words of it
    ("## Root cause\nKubernetes restarts `worker` because of liveness probe failures.\n",
     "worker", ProbeType.LIVENESS),
    ("The kubelet kills `worker` after consecutive liveness failures, on every restart.\n",
     "worker", ProbeType.LIVENESS),
    # the past tells the case itself
    ("Yesterday the kubelet killed `web` after 3 liveness probe failures.\n", "web",
     ProbeType.LIVENESS),
    ("The kubelet restarted web-frontend due to startup probe failures.\n", "web-frontend",
     ProbeType.STARTUP),
])
def test_the_kubelet_killing_a_named_container_for_a_probe_is_one_kill_at_least(
        text, container, probe):
    """The kubelet as the agent of the kill or restart of the case's container named by its
    own name, a liveness or startup failure its cause: that probe's failure and at least one
    kill of it (R4.4), no count, under that container."""
    a = explained_answer(text, container=container)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a guide's present: no crash loop stated, no heading or word of the case
    "The kubelet kills `efs-plugin` on liveness-probe failure.\n",
    "The probe hits /healthz \u2192 the liveness probe fails \u2192 kubelet restarts `ebs-plugin`.\n",
    # the crash loop stated only in a conditional, a question or a negation
    "If it goes into CrashLoopBackOff, check it.\nThe kubelet kills `efs-plugin` on liveness "
    "failure.\n",
    "Is the pod in CrashLoopBackOff?\nThe kubelet kills `efs-plugin` on liveness failure.\n",
    "The pod is not in CrashLoopBackOff.\nThe kubelet kills `efs-plugin` on liveness failure.\n",
    # a conditional, a question, a negation, a guess
    "The pod is crash looping.\nIf the probe fails, the kubelet kills `efs-plugin` on liveness "
    "failure.\n",
    "The pod is crash looping.\nDoes the kubelet kill `efs-plugin` on liveness failure?\n",
    "The pod is crash looping.\nThe kubelet never killed `efs-plugin` on liveness failure.\n",
    "The pod is crash looping.\nMaybe the kubelet killed `efs-plugin` on liveness failure.\n",
    # the readiness probe never kills (R3.4); no probe, or both that kill, in the chain's step
    "The pod is crash looping.\nThe kubelet killed `efs-plugin` on readiness failure.\n",
    "The pod is crash looping.\nreadiness fails \u2192 kubelet restarts `ebs-plugin`.\n",
    "The pod is crash looping.\nthe disk fills \u2192 kubelet restarts `ebs-plugin`.\n",
    "The pod is crash looping.\nliveness or startup fails \u2192 kubelet restarts `ebs-plugin`.\n",
    "The pod is crash looping.\nliveness does not fail \u2192 kubelet restarts `ebs-plugin`.\n",
    # no container's name
    "The pod is crash looping.\nThe kubelet killed containers on liveness failure.\n",
    "The pod is crash looping.\nThe kubelet killed the container on liveness failure.\n",
])
def test_the_kubelet_killing_in_no_told_case_is_no_kill(text):
    """The negative side: no probe kill is read (the page refused, or read for its crash loop
    alone: ends whose cause is not told)."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    "The pod is crash looping.\n" + ("the kubelet kills " * (_N // 18)) + "`a`\n",
    "The pod is crash looping.\n" + ("liveness \u2192 kubelet restarts " * (_N // 30)) + "a-b\n",
    "The pod is crash looping.\n" + ("-> " * (_N // 3)) + "kubelet kills `a`\n",
    "The pod is crash looping.\n" + ("kubelet kills `a` on the " * (_N // 25)) + "liveness\n",
    ("CrashLoop " * (_N // 10)) + "\nthe kubelet kills `a` on liveness failure\n",
    ("kubelet restarts a-b-c-d-e-f-g-h-i-j-k-l " * (_N // 42)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ the probes named first, then the kill


@pytest.mark.parametrize(("text", "probe", "failed"), [
    ("When installing the chart into my local cluster, the lakefs pod seems to take more than "
     "30 seconds to startup. Because of the configured liveness (and readiness) probes (default "
     "period/interval of 10s with failureTreshold of 3), the container is therefore deemed "
     "unhealthy and terminated before it can finish the startup. This causes an infinite "
     "restart loop with CrashLoopBackoff.\n", ProbeType.LIVENESS,
     (ProbeType.LIVENESS, ProbeType.READINESS)),
    ("Due to its startup probe, the api container was terminated twice.\n", ProbeType.STARTUP,
     (ProbeType.STARTUP,)),
    ("## Problem\nBecause of the liveness/readiness checks, my pod is killed before it can "
     "warm up.\n", ProbeType.LIVENESS, (ProbeType.LIVENESS, ProbeType.READINESS)),
])
def test_the_probes_named_before_the_case_killed_are_its_cause(text, probe, failed):
    """The probes named after `because of` or `due to`, then the case's container stated
    killed or terminated: each named probe failing, and one kill of the one among them that
    kills (R4.4; readiness never kills, R3.4), at least once, no count."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures) == (kind, CountRange(1, None), True)
    assert sorted(a.failed) == sorted(failed)


@pytest.mark.parametrize("text", [
    # a guide's present, no heading of the case, no crash loop stated
    "Because of the liveness probe, the container is terminated before it can finish.\n",
    # a conditional, a question, a negation
    "If it hangs, because of the liveness probe the container is terminated.\n",
    "Because of the liveness probe, was the container terminated?\n",
    "Because of the liveness probe, the container was not terminated.\n",
    # readiness alone never kills (R3.4); (two that kill joined, `liveness and startup`: one
    # kill of either since the lead's decision, stop 60, bothkill: test_explain_fx60f.py)
    "Because of the readiness probe, the container was terminated.\n",
    # no case's subject
    "Because of the liveness probe, a container was terminated.\n",
    "Because of the liveness probe, containers were terminated.\n",
])
def test_the_probes_named_before_no_told_kill_is_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    ("because of the liveness " * (_N // 24)) + "probes, the pod was killed\n",
    "Because of the liveness probes " + ("(a) " * (_N // 4)) + ", the pod was killed\n",
    "Because of the liveness probes, the pod was killed before it can " + ("a " * (_N // 2)) + "\n",
    ("due to liveness/readiness checks, my pod " * (_N // 41)) + "\n",
])
def test_the_cause_first_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ the failure as the subject of restarting


@pytest.mark.parametrize(("text", "probe"), [
    ("## What was the problem?\nLiveness probe failure blocking bgs-api deployment and "
     "restarting continously\n\n## How does this fix it?\nBgs-api pod does't restart.\n",
     ProbeType.LIVENESS),
    ("## Problem\nStartup probe failures restarting the api container.\n", ProbeType.STARTUP),
    ("The worker is in CrashLoopBackOff.\nLiveness check failure killing the worker "
     "container.\n", ProbeType.LIVENESS),
])
def test_a_failure_restarting_the_case_is_one_kill_at_least(text, probe):
    """A liveness or startup failure as the subject of a participle of restarting or killing,
    in a note of the case: that probe's failure and one kill of it (R4.4), no count."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a guide's note: no heading of the case, no word of it, no crash loop stated
    "Liveness probe failure restarting the container.\n",
    "## How it works\nLiveness probe failure restarting the container.\n",
    # what the author expected, a question, a negation, a conditional
    "## Expected behavior\nLiveness probe failure restarting the container.\n",
    "## What was the problem?\nLiveness probe failure restarting the container?\n",
    "## What was the problem?\nNo liveness probe failure restarting the container.\n",
    "## What was the problem?\nIf there is a liveness probe failure restarting it, wait.\n",
    # the readiness probe restarts nothing (R3.4); two nouns joined by `and`
    "## What was the problem?\nReadiness probe failure restarting the container.\n",
    "## What was the problem?\nLiveness probe failures and restarting.\n",
])
def test_a_failure_restarting_no_told_case_is_no_kill(text):
    """The negative side: no probe kill is read (the page refused, or read for a failure or
    restarts alone)."""
    a = answer_unless_refused(text)
    if a is None:
        return
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


@pytest.mark.parametrize("text", [
    "## Problem\n" + ("liveness failure " * (_N // 17)) + "restarting\n",
    "## Problem\nliveness failure blocking " + ("a " * (_N // 2)) + "and restarting\n",
    "## Problem\n" + ("liveness failure blocking a and " * (_N // 32)) + "\n",
])
def test_the_failure_restarting_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
