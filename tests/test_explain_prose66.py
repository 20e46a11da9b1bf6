"""Held-out batches 65-66 (fixprose66): statements of the case in its author's prose.

- A restart of the case's own pod caused by a liveness or startup probe's failure, the failing
  told of the pod with the probe as its object (dask-kubernetes-917: `my `dask-operator` pod is
  continually being restarted due to failing the liveness probe: it seems like in practice it
  takes between 1 and 2s to respond`; readers/probe_restart.py's PROBE_RESTART): that probe's
  failure and one kill of it (R4.4), as `restarted due to the liveness probe failing` is read
  (the corpus README's rule of a restart the author states a probe's failure caused). The
  author's gloss after a colon is a clause of its own: its words of what may happen (`like`)
  make the restart no general one. A negation or a future in the restart's own verb (`is not
  being restarted`, `will be restarted`) states none (probe_restart.restart_denied).
- A crash loop of the author's own pods, several, stated as the state their failure left
  (keep-core-1081: `After 50 hours of executing relay requests with no failures, our  Kubernetes
  pods failed with CrashLoopBackOff.`; readers/stated_crashloop.py): the back-off of the case's
  pod, its restarts no count bounds (README, statements of the case in prose). Only `my` and
  `our` make pods, several, the case's own (`the pods`, `Kubernetes pods`, `your pods` none);
  a negation negates its own clause (`with no failures,` before the subject's clause denies
  nothing).

Hand-written variants beside those that must stay unread (a pod of no case, a guide's present,
a question, a conditional, a negation, a future, a modal, a readiness probe)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# --------------------------------------- a restart caused by failing a probe, the probe the object


@pytest.mark.parametrize(("text", "probe"), [
    ("After running `helm install dask-kubernetes-operator`, my `dask-operator` pod is "
     "continually being restarted due to failing the liveness probe: it seems like in practice "
     "it takes between 1 and 2s to respond.\n", ProbeType.LIVENESS),
    ("Our api pods keep being restarted due to failing their liveness probes.\n",
     ProbeType.LIVENESS),
    ("The worker pod is being restarted because of failed startup probes.\n", ProbeType.STARTUP),
    ("Since the upgrade my-app-0 was restarted due to failing the liveness probe.\n",
     ProbeType.LIVENESS),
    ("After hours with no errors, my pod restarted due to failing liveness checks.\n",
     ProbeType.LIVENESS),
])
def test_a_restart_due_to_failing_a_probe_is_one_kill_at_least(text, probe):
    """A liveness or startup failure restarts a container only by the kubelet's kill (R4.4):
    the case's pod stated restarted because it failed that probe is that probe's kill, once:
    {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    # a guide's present, pods of no case, a pod of none
    "Pods are restarted when failing the liveness probe.\n",
    "pods are restarted due to failing the liveness probe.\n",
    "A pod is restarted due to failing the liveness probe.\n",
    # a question, a conditional, what may happen
    "Is my pod being restarted due to failing the liveness probe?\n",
    "If my pod is restarted due to failing the liveness probe, the logs are lost.\n",
    "My pod may be restarted due to failing the liveness probe.\n",
    # a negation or a future in the restart's own verb
    "My pod is not being restarted due to failing the liveness probe.\n",
    "My pod was never restarted due to failing the liveness probe.\n",
    "My pod won't be restarted due to failing the liveness probe.\n",
    "My pod will be restarted due to the liveness probe failing.\n",
    "My pod is going to be restarted due to failing the liveness probe.\n",
    # a readiness probe restarts nothing (R3.4)
    "My pod is restarted due to failing the readiness probe.\n",
])
def test_a_restart_due_to_failing_a_probe_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: the paste alone is refused (no kill, no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the author's own pods failed with CrashLoopBackOff


@pytest.mark.parametrize("text", [
    "After 50 hours of executing relay requests with no failures, our  Kubernetes pods failed "
    "with CrashLoopBackOff.\n\nIn logs we have:\n```\nError: Connection refused\n```\n",
    "Since Friday my api pods keep failing with CrashLoopBackOff.\n",
    "our pods are in `CrashLoopBackOff`.\n",
    "I am not sure why, but our relay containers failed with CrashLoopBackOff.\n",
])
def test_the_authors_own_pods_stated_in_crashloop_are_its_back_off(text):
    """The author's own pods (`my`, `our`) stated in CrashLoopBackOff: the case's back-off,
    its restarts no count bounds, its cause not in the record: cannot-tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause.value, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == (
        "cannot-tell", True, 0, None)


@pytest.mark.parametrize("text", [
    # pods of no case's own: no determiner, `your`, `some` (`the pods` the case's since
    # fixprose77: one subject rule with the OOM readers, test_explain_fixprose77.py)
    "Kubernetes pods failed with CrashLoopBackOff.\n",
    "your pods failed with CrashLoopBackOff.\n",
    "Some pods failed with CrashLoopBackOff.\n",
    # a guide's present, a question, a conditional
    "Pods fail with CrashLoopBackOff when the config is wrong.\n",
    "Did our pods fail with CrashLoopBackOff?\n",
    "If our pods fail with CrashLoopBackOff, check the logs.\n",
    # a negation of the subject's own clause, a modal, a future
    "I don't think our pods failed with CrashLoopBackOff.\n",
    "Our pods did not fail with CrashLoopBackOff.\n",
    "Our pods never failed with CrashLoopBackOff.\n",
    "Our pods may fail with CrashLoopBackOff.\n",
    "Our pods will fail with CrashLoopBackOff.\n",
])
def test_pods_of_no_case_or_not_stated_in_crashloop_stay_refused(text):
    """The negative side: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "my pod is " + "being " * 330_000 + "restarted due to failing the liveness probe.",
    "my pod restarted due to failing the liveness probe: " * 40_000,
    "my pod is not " + "x" * 2_000_000 + " restarted due to failing the liveness probe.",
    "our " + "x" * 2_000_000 + " pods failed with CrashLoopBackOff",
    "our pods failed with " * 100_000 + "CrashLoopBackOff",
    "with no failures, " * 110_000 + "our pods failed with CrashLoopBackOff",
])
def test_the_rules_of_batches_65_66_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text + "\n")
