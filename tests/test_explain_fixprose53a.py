"""Held-out batch 114 (fixprose53a): pull-request descriptions in markdown that state a
diagnosis of the author's own pods (present_kill.py).

- A probe named as the agent of the case's kill in the present of a diagnosis
  (nicolerenee-infra-2060: `## Diagnosis ... so liveness kills it mid-startup, forever`;
  hertzbeat-helm-chart-23: `## What's changed? ... The bare `livenessProbe` (tcpSocket 1157, no
  `initialDelaySeconds`, no `startupProbe`) kills the container ~30s after start`): where the
  text tells the author's own case (a heading of it above, or the sentence's own words of it:
  `forever`, `on every restart`, `never recovers`), that probe's failure and at least one kill
  of it (R4.4), {1, null}.

Hand-written variants beside those that must stay unread: a guide's present under no heading
of a case, a conditional (`if`, `when`), a negation, a question, what may happen, the readiness
probe (it never kills, R4.4), `pods`, `a pod`, a heading of what the author expected."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the probe's kill in a diagnosis's present


@pytest.mark.parametrize(("text", "probe"), [
    ("## Diagnosis\nThe pod is SIGTERM'd at 30s on every restart. 1.6.0's first-boot init takes "
     "longer than 30s, so liveness kills it mid-startup, forever.\n", ProbeType.LIVENESS),
    # (`What's changed?` is a heading of no role since genre54: the list of causes is the case's)
    ("## What's changed?\n\nTwo compounding causes:\n\n2. The bare `livenessProbe` (tcpSocket 1157, "
     "no `initialDelaySeconds`, no `startupProbe`) kills the container ~30s after start with k8s "
     "defaults.\n",
     ProbeType.LIVENESS),
    ("## Problem\nThe startup probe \u2014 `failureThreshold: 3` \u2014 kills the api container "
     "before the migration ends.\n", ProbeType.STARTUP),
    ("### Root cause:\nOur liveness probe kills the pod 20s after start.\n", ProbeType.LIVENESS),
    ("The liveness probe kills the container on every restart before it is up.\n",
     ProbeType.LIVENESS),
    ("Since 1.6.0 the liveness probe kills it mid-boot, so the pod never recovers.\n",
     ProbeType.LIVENESS),
])
def test_a_probe_killing_the_case_in_a_diagnosis_is_one_kill_at_least(text, probe):
    """The probe as the agent of the kill of the case's own container in the present of the
    author's diagnosis: that probe's failure and at least one kill of it (R4.4), no count."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a guide's present, no heading of a case, no word of the author's case
    "The liveness probe kills the container after three failures.\n",
    "## Liveness probes\nThe liveness probe kills the container after three failures.\n",
    # a conditional, a guide's time, what may happen, a question, a negation
    "## Diagnosis\nThe liveness probe kills the container 30s after start if `/health` isn't "
    "serving yet.\n",
    "## Problem\nIf probes fail, the liveness probe kills the container.\n",
    "## Problem\nThe liveness probe kills the container when it hangs.\n",
    "## Why\nA slow boot means the liveness probe usually kills it.\n",
    "## Problem\nDoes the liveness probe kill the container forever?\n",
    "## Problem\nWhy the liveness probe kills the pod forever?\n",
    "## Diagnosis\nIt is not that the liveness probe kills the pod.\n",
    "The liveness probe no longer kills it, forever fixed.\n",
    # the readiness probe never kills (R4.4); no case's object
    "## Diagnosis\nThe readiness probe kills the pod on every restart.\n",
    "## Diagnosis\nThe liveness probe kills pods that hang.\n",
    "## Diagnosis\nThe liveness probe kills a pod that hangs.\n",
    # what the author expected
    "## Expected behavior\nThe liveness probe kills the container forever.\n",
])
def test_a_probe_killing_in_no_told_case_is_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    "## Diagnosis\n" + ("the liveness probe kills " * (_N // 25)) + "\n",
    "## Diagnosis\n" + ("the liveness probe \u2014 a " * (_N // 22)) + "kills it\n",
    "## Diagnosis\n" + ("liveness (" * (_N // 10)) + "kills it\n",
    ("kills " * (_N // 6)) + "forever\n",
    ("liveness kills it " * (_N // 18)) + "\n",
    "## Problem\n" + ("on every restart liveness kills " * (_N // 32)) + "it\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)


# ------------------------------------------------ a named pod restarted by its probe


@pytest.mark.parametrize(("text", "pod", "kills", "probe"), [
    ("## Problem\n\nInvestigating recurring `Unhealthy` warning events on prod surfaced "
     "`homepage-5746b7679b-2k6v4` (on `prod-worker-3`) being restarted by its **liveness "
     "probe** \u2014 4 restarts, all with `exitCode: 0`.\n",
     "homepage-5746b7679b-2k6v4", CountRange(1, 5), ProbeType.LIVENESS),
    ("web-0 was restarted by its startup probe, 2 restarts so far.\n", "web-0",
     CountRange(1, 3), ProbeType.STARTUP),
    ("Since Monday api-6d4f9c-x2x7q keeps getting restarted by the liveness probe.\n",
     "api-6d4f9c-x2x7q", CountRange(1, None), ProbeType.LIVENESS),
])
def test_a_named_pod_restarted_by_its_probe_is_its_kill(text, pod, kills, probe):
    """The case's pod, named, restarted by its liveness or startup probe: that probe's failure
    and at least one kill of it (R4.4), under that pod; a count of restarts beside it is the
    pod's restart count, its current state not given: R + 1 kills at most (R4.7)."""
    record = parse_record(text, "r.txt")
    assert pod in [p.name for p in record.pods]
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, kills, True, (probe,))


@pytest.mark.parametrize("text", [
    "If web-0 is restarted by its liveness probe, raise its failureThreshold.\n",
    "Is web-0 being restarted by its liveness probe?\n",
    "web-0 is not being restarted by its liveness probe.\n",
    "A pod is restarted by its liveness probe when it hangs.\n",
    "Pods are usually restarted by their liveness probe.\n",
])
def test_a_pod_restarted_by_its_probe_in_no_told_case_is_no_record(text):
    """The negative side: a conditional, a question, a negation, the readiness probe (it
    restarts nothing, R3.4), no pod's name: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_named_pod_restarted_by_its_readiness_probe_is_no_kill():
    """The readiness probe restarts nothing (R3.4): no probe kill is read from it (the pod's
    restart alone is read by the rule of a named pod restarting, its cause not told)."""
    a = explained_answer("web-0 was restarted by its readiness probe \u2014 4 restarts.\n")
    assert a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)
    assert a.probe_kills.lo == 0


@pytest.mark.parametrize("text", [
    ("web-0 (on a) " * (_N // 13)) + "restarted by its liveness probe\n",
    ("a-b being restarted by its " * (_N // 27)) + "liveness\n",
    ("restarted by its liveness probe \u2014 " * (_N // 34)) + "4 restarts\n",
])
def test_the_restart_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
