"""Held-out batches 145-146 (stop 58, fc58f): a probe's failure or an OOM kill told in the
author's prose.

- `since` with the probe's failure in the present as the cause of the case's crash loop
  (kyverno-3245: `The default `initialDelaySeconds` ... is too short causing the pod to crashloop
  since the liveness check fails.`): the README's rule of fixprose38 (`because its liveness probe
  fails`, probe_restart.PROBE_RESTART) with `since` as its connector; a `since` of time takes a
  past or a perfect (`since the liveness probe failed`) and stays unread. That probe's failure and
  one kill, {1, null} (R4.4).
- The case's pod stated running and not Ready (`stuck in 0/1 running state`, `unready`) for a
  probe's failure after `due to` or `because of` (helm-charts-24471): the README's rule of
  fixprose45 (a probe's failure the case's own pod has, stated_cause.SHOWS_FAILURE), at least
  once, no count; a readiness failure ends nothing (R3.4): readiness-only, {0, 0}.
- What a describe (events, status, logs) of the case's pods shows, the describe the subject and
  the pods after `on`, `of`, `for` (vault-k8s-388: `A describe on the pods shows both liveness
  and readiness failing:`), the probe's word maybe unsaid: fixprose45 as said_failing.py's
  `the pod's describe says ...` reads it, each probe named failed, at least once.
- The case's own liveness or startup probe as the subject of a past verb of cause of restarts
  (deckhouse-1935: `Previous Dex liveness probes led to container restarts`): a probe restarts a
  container only by the kubelet's kill after its failures (R4.4; oomsaid54), {1, null}. Its
  subject opens its sentence or clause (compliance-backend-1089's `it fixes the livenessProbe
  triggered restarts` is a noun phrase, no statement).
- Kubernetes stated in the past to have recorded the end's reason as OOMKilled and restarted
  the case's pod (minhle-jvm-oomkilled-cgroup): the reason the kubelet gives the end (CRI),
  oom-killed, {0, 0} (README, the OOM rule).

Hand-written variants beside each that must stay unread (a question, a negation, a
conditional, what may happen, another's or no pod's, the readiness probe where it kills
nothing), and a 2 MB line of each pattern read in one pass."""

from __future__ import annotations

import pytest
from helpers import assert_no_kill, assert_one_kill, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_TWO_MB = 2_000_000


def _no_failure(text: str) -> None:
    """Refused, or read with no probe failed."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.failed == (), a.failed


def _hostile(unit: str) -> str:
    return unit * (_TWO_MB // len(unit)) + "\n"


# ------------------------------------------------ `since` the probe fails (fixprose38's rule)


@pytest.mark.parametrize(("text", "probe"), [
    ("The default `initialDelaySeconds` of 15 seconds in the liveness probe is too short causing "
     "the pod to crashloop since the liveness check fails.\n", ProbeType.LIVENESS),
    ("The pod crashloops since the liveness check fails.\n", ProbeType.LIVENESS),
    ("The pod keeps restarting since its startup probe is failing.\n", ProbeType.STARTUP),
])
def test_since_a_probe_fails_is_the_crash_loops_cause(text, probe):
    """`since` and the probe's failure in the present after the case's crash loop or restart:
    that probe's failure and one kill of it (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The pod has been restarting since the liveness probe failed.\n",  # (a `since` of time)
    "The pod has been restarting since the liveness probe started failing.\n",
    "The pod crashloops since the readiness check fails.\n",  # (readiness kills nothing, R3.4)
    "A pod crashloops since the liveness check fails.\n",
    "Pods crashloop since the liveness check fails.\n",
    "Does the pod crashloop since the liveness check fails?\n",
    "If the pod crashloops since the liveness check fails, raise the delay.\n",
    "The pod does not crashloop since the liveness check fails.\n",
])
def test_since_stays_unread_as_time_or_beside_no_case(text):
    assert_no_kill(text)


def test_since_is_read_in_one_pass():
    read_in_one_pass(_hostile("the pod crashloops since the liveness check "))
    read_in_one_pass("the pod restarts " + _hostile("since "))


# ------------------------------------------------ the case's pod not Ready for a probe's failure


@pytest.mark.parametrize("text", [
    "But the vault pod is stuck in 0/1 running state due to readiness probe failure\n",
    "The vault pod is stuck in 0/1 Running due to the readiness probe failing.\n",
    "vault-0 is unready because of readiness probe failures.\n",
])
def test_a_pod_not_ready_for_its_readiness_failure(text):
    """The case's pod not Ready for its readiness probe's failure (README fixprose45): that
    probe's failure, at least once; no end (R3.4): readiness-only, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, (ProbeType.READINESS,))


@pytest.mark.parametrize("text", [
    "A pod is stuck in 0/1 running state due to readiness probe failure.\n",
    "Pods are stuck in 0/1 running state due to readiness probe failure.\n",
    "If the vault pod is stuck in 0/1 running state due to readiness probe failure, check it.\n",
    "Why is the vault pod stuck in 0/1 running state due to readiness probe failure?\n",
    "The vault pod may be stuck in 0/1 running state due to readiness probe failure.\n",
    "The vault pod is not stuck in 0/1 running state due to readiness probe failure.\n",
])
def test_a_pod_not_ready_beside_no_case_stays_unread(text):
    _no_failure(text)


def test_not_ready_for_a_failure_is_read_in_one_pass():
    read_in_one_pass(_hostile("the vault pod is stuck in 0/1 running state due to "))
    read_in_one_pass("the pod is " + _hostile("0/1 "))


# ------------------------------------------------ a describe on the case's pods shows failing


@pytest.mark.parametrize(("text", "kinds"), [
    ("A describe on the pods shows both liveness and readiness failing:\n",
     {ProbeType.LIVENESS, ProbeType.READINESS}),
    ("The describe of the pod shows the liveness probe failing.\n", {ProbeType.LIVENESS}),
    ("The events of our pods show readiness failing.\n", {ProbeType.READINESS}),
])
def test_a_describe_on_the_pods_shows_the_probes_failing(text, kinds):
    """Each named probe failed, at least once (README fixprose45); no end stated."""
    a = explained_answer(text)
    assert set(a.failed) == kinds and a.shows_failures


@pytest.mark.parametrize("text", [
    "A describe on a pod shows both liveness and readiness failing:\n",
    "A describe on pods shows both liveness and readiness failing.\n",
    "A describe on the other pods shows both liveness and readiness failing.\n",
    "Does a describe on the pods show both liveness and readiness failing?\n",
    "If a describe on the pods shows both liveness and readiness failing, raise the timeouts.\n",
    "A describe on the pods does not show liveness failing.\n",
    "A describe on the pods may show liveness and readiness failing.\n",
    "A describe on the pods shows liveness or readiness failing.\n",  # (which one: not told)
])
def test_a_describe_beside_no_case_stays_unread(text):
    _no_failure(text)


def test_a_describe_on_the_pods_is_read_in_one_pass():
    read_in_one_pass(_hostile("a describe on the pods shows liveness and "))
    read_in_one_pass("a describe on the pods shows " + _hostile("liveness and readiness and "))


# ------------------------------------------------ the probe led to the case's restarts


@pytest.mark.parametrize(("text", "probe"), [
    ("## Why do we need it, and what problem does it solve?\n1. Previous Dex liveness probes led "
     "to container restarts, which was a cause of pods lying in the backoff loop status\n",
     ProbeType.LIVENESS),
    ("Our liveness probe failures caused frequent restarts.\n", ProbeType.LIVENESS),
    ("The app was slow, and the startup probe triggered container restarts.\n",
     ProbeType.STARTUP),
])
def test_a_probe_that_led_to_restarts_killed(text, probe):
    """The case's own probe as the subject of a past verb of cause of restarts: its failure and
    one kill (R4.4: a probe restarts a container only by the kubelet's kill), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "Liveness probes led to container restarts.\n",  # (no case's subject)
    "A liveness probe led to container restarts.\n",
    "Your liveness probe caused restarts.\n",
    "Previous Dex readiness probes led to container restarts.\n",  # (R3.4)
    "Previous Dex liveness probes never led to container restarts.\n",
    "If the Dex liveness probes led to container restarts, raise the threshold.\n",
    "Did the Dex liveness probes lead to container restarts?\n",
    "Dex liveness probes lead to container restarts.\n",  # (a guide's present)
    "The Dex liveness probes may have led to container restarts.\n",
    "The Dex liveness probes led to no restarts.\n",
    "Racecar had it, I don't see why sidekiq shouldn't. Hopefully it fixes the livenessProbe "
    "triggered restarts under heavy loads.\n",  # (a verb's object: a noun phrase)
])
def test_a_probe_led_to_beside_no_case_stays_unread(text):
    assert_no_kill(text)


def test_led_to_is_read_in_one_pass():
    read_in_one_pass(_hostile("the Dex liveness probes led to container "))
    read_in_one_pass("our liveness probe caused " + _hostile("many "))


# ------------------------------------------------ Kubernetes recorded the reason as OOMKilled


@pytest.mark.parametrize("text", [
    "Kubernetes dutifully recorded the reason as OOMKilled and restarted the pod.\n",
    "The kubelet reported the termination reason as OOMKilled for the api container.\n",
])
def test_the_reason_recorded_as_oomkilled_is_the_ends(text):
    """The reason the kubelet gives the case's pod's end (CRI): oom-killed, {0, 0} (README,
    the OOM rule: no probe)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.OOM_KILLED, CountRange(0, 0), True)


@pytest.mark.parametrize("text", [
    "Kubernetes records the reason as OOMKilled and restarts the pod.\n",  # (a guide's present)
    "Kubernetes recorded the reason as OOMKilled and restarted a pod.\n",
    "Kubernetes recorded the reason as Error and restarted the pod.\n",
    "If Kubernetes recorded the reason as OOMKilled and restarted the pod, raise the limit.\n",
    "Kubernetes never recorded the reason as OOMKilled for the pod.\n",
    "Did Kubernetes record the reason as OOMKilled and restart the pod?\n",
])
def test_a_recorded_reason_beside_no_case_stays_unread(text):
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.cause is not Cause.OOM_KILLED


def test_a_recorded_reason_is_read_in_one_pass():
    read_in_one_pass(_hostile("kubernetes recorded the reason as OOMKilled and "))
    read_in_one_pass("kubernetes " + _hostile("dutifully "))


def test_no_record_is_made_of_a_bare_reason():
    with pytest.raises(RecordError):
        parse_record("Kubernetes recorded the reason.\n", "r.txt")
