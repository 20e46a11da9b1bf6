"""Held-out batches 133-137 (stop 57, fc57a): a probe's kill told in the author's prose.

- The probe's noun misspelled by a slip of the pen after its kind (portainer-k8s-84: `the
  deployment keep crashing because the liveness chekc fails (connection refused ...)`): `check`
  or `probe` with two neighbouring letters swapped or one dropped (probe_restart.PROBE_NOUN),
  read as the noun is: a restart or crash of the case's own the liveness failure caused is that
  probe's kill (README, fixprose38; R4.4), {1, null}. A slip that is a word of its own (`heck`,
  `robe`) and a misspelling with no kind before it read nothing.
- Kubernetes taking down the case's pod right after its probe is told failing (smallrye-reactive-
  messaging-866: `until the liveness probe failed two more times (...) and thus kubernetes took
  down the pod and restarted it`): `took down` is the past kill of fixprose38's post-mortem rule
  (probe_restart.KUBERNETES_KILL), that probe's kill, {1, null} (R4.4).

Hand-written variants beside each that must stay unread (a question, a negation, a
conditional, what may happen, the readiness probe, `pods`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

_KILLS = {ProbeType.LIVENESS: Cause.LIVENESS_KILL, ProbeType.STARTUP: Cause.STARTUP_KILL}


def _one_kill(text: str, probe: ProbeType) -> None:
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (_KILLS[probe], CountRange(1, None), True, (probe,))


def _no_record(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the probe's noun misspelled


@pytest.mark.parametrize(("text", "probe"), [
    ("But the deployment keep crashing because the liveness chekc fails (connection refused to "
     "the local pod ip address atr port 9000).\n", ProbeType.LIVENESS),
    ("My pod restarts because the liveness chek failed.\n", ProbeType.LIVENESS),
    ("Our api pods keep restarting due to the startup porbe failing.\n", ProbeType.STARTUP),
    ("The web container crashed because the liveness cehck timed out.\n", ProbeType.LIVENESS),
])
def test_a_misspelled_probe_noun_after_its_kind_is_the_probe(text, probe):
    """`check` or `probe` with one slip of the pen after the probe's kind: the restart it
    caused is that probe's failure and one kill of it (R4.4), {1, null}."""
    _one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "But the deployment keep crashing because the readiness chekc fails.\n",
    "Does the deployment keep crashing because the liveness chekc fails?\n",
    "If the deployment keeps crashing because the liveness chekc fails, raise the timeout.\n",
    "The deployment is not crashing because the liveness chekc fails.\n",
    "Pods keep crashing because the liveness chekc fails.\n",
    "The deployment keeps crashing because the liveness heck fails.\n",
])
def test_a_misspelled_noun_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: readiness (R3.4), a question, a conditional, a negation, `pods`, a
    word of its own (`heck`): the page of prose alone is refused."""
    _no_record(text)


def test_a_misspelled_noun_is_read_in_one_pass():
    read_in_one_pass("the pod restarts because the liveness " + "chekc " * 350_000 + "\n")
    read_in_one_pass("crashing because the liveness chekc" * 60_000 + "\n")


# ------------------------------------------------ Kubernetes took down the case's pod


@pytest.mark.parametrize(("text", "probe"), [
    ("Processing continued fine after this until the liveness probe failed two more times (same "
     "log statement as shown above) and thus kubernetes took down the pod and restarted it.\n",
     ProbeType.LIVENESS),
    ("Our startup probes failed during the migration. Kubernetes took down the pods.\n",
     ProbeType.STARTUP),
    ("The liveness probe kept failing and the kubelet took down my container.\n",
     ProbeType.LIVENESS),
])
def test_kubernetes_taking_down_the_pod_after_its_probe_failed_is_one_kill(text, probe):
    """The case's probe told failing, then Kubernetes taking down the case's pod in the past:
    that probe's failure and one kill of it (R4.4), {1, null}."""
    _one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The readiness probe failed and kubernetes took down the pod.\n",
    "When the liveness probe fails, kubernetes takes down the pod.\n",
    "If the liveness probe failed, kubernetes took down the pod.\n",
    "The liveness probe failed and kubernetes took down a pod.\n",
    "Did the liveness probe fail and kubernetes took down the pod?\n",
    "Kubernetes took down the pod.\n",
])
def test_a_take_down_of_no_case_or_no_probe_is_no_record(text):
    """The negative side: readiness (R3.4), a guide's present, a conditional, `a pod`, a
    question, no probe failing before it: the page of prose alone is refused."""
    _no_record(text)


def test_a_take_down_is_read_in_one_pass():
    read_in_one_pass("the liveness probe failed " + "kubernetes took down " * 100_000 + "\n")
    read_in_one_pass("probes failed. " + "k8s took " * 250_000 + "\n")
