"""Held-out batches 95-98 (fixprose94): the author's prose stating a crash loop of the case's
own pods (stated_crashloop.py), and a probe's failure stated as the cause of the case's pod's
kill (stated_kill.py).

- A workload's name before `pods` (gitpod-2482: "I've found `node-daemon` pods stuck on
  `CrashLoopBackOff` status"): the case's pods, several, by their workload's name.
- The author getting the status from the case's pod, the pod the object of `from` or `on`
  (supabase-kubernetes-30: `I get a CrashLoopBackOff from the supabase-auth pod`).
- The case's own pods crashing, no cause given (dataset-viewer-526: `Many pods for
  prod-datasets-server-worker-all are crashing with error`): ended, cannot-tell, {0, null}.
- A liveness or startup probe's failure as the cause of the kill or termination of the case's
  pod (dex-1240: `the liveness probe triggers the pod being killed off repeatedly`;
  datatracker-9030: `Liveness probes for the RabbitMQ pod are failing occasionally ...,
  sometimes leading to the pod being terminated and replaced`): that probe's failure and at
  least one kill of it (R4.4), {1, null}.

A pod stated in CrashLoopBackOff is a back-off whose restarts no count bounds (README's prose
rule): cannot-tell, {0, null}, failures shown. Hand-written variants beside those that must stay
unread (a question, a negation, a conditional, a guide's `you`, `a pod`, `many` pods)."""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ a workload's name before `pods`


@pytest.mark.parametrize("text", [
    "Running `kubectl get pods` at my newly created GKE cluster, I've found `node-daemon` pods "
    "stuck on `CrashLoopBackOff` status.\n",
    "Since Monday api-server pods are stuck in CrashLoopBackOff.\n",
    "Since the upgrade ingress-nginx pods keep crashlooping.\n",
])
def test_a_workloads_pods_in_a_crash_loop_are_a_back_off(text):
    """The case's pods by their workload's name: a back-off no count bounds."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    # ("Many node-daemon pods ..." is the case's pods by their workload's name, a quantifier
    # before them: read since fixmarked52a, one rule with the crash's reader, workload_pods.py)
    "Many pods are stuck on CrashLoopBackOff.\n",
    "If node-daemon pods are stuck on CrashLoopBackOff, check the node's labels.\n",
    "Are the node-daemon pods stuck on CrashLoopBackOff?\n",
    "The node-daemon pods are not stuck on CrashLoopBackOff.\n",
])
def test_a_workloads_pods_of_no_case_or_negated_are_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the status got from the case's pod


@pytest.mark.parametrize("text", [
    "After doing a fresh helm install: `helm -n default install MY-RELEASE -f values.yaml .` I "
    "get a CrashLoopBackOff from the supabase-auth pod (also tried values.example.yaml) The "
    "logs produce the following:\n",
    "I'm only getting a CrashLoopBackOff on supabase-auth after the upgrade.\n",
    "Since Monday we get CrashLoopBackOff from our worker pod.\n",
    "I got a CrashLoopBackOff status on the api pod.\n",
])
def test_the_status_got_from_the_cases_pod_is_a_back_off(text):
    """The author getting CrashLoopBackOff from the case's pod: a back-off no count bounds."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "Why do I get a CrashLoopBackOff from the supabase-auth pod?\n",
    "If you get a CrashLoopBackOff from the auth pod, check its logs.\n",
    "If I get a CrashLoopBackOff from the auth pod, I delete it.\n",
    "I no longer get a CrashLoopBackOff from the auth pod.\n",
    "I don't get a CrashLoopBackOff from the supabase-auth pod.\n",
    "I get a CrashLoopBackOff from a pod now and then.\n",
    "I get a CrashLoopBackOff from pods.\n",
])
def test_the_status_got_from_no_case_or_negated_is_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a probe's failure causing the pod's kill


@pytest.mark.parametrize(("text", "probe"), [
    ("The Dex pod starts up without any issue. None the less, the liveness probe triggers the "
     "pod being killed off repeatedly.\n", ProbeType.LIVENESS),
    ("Liveness probes for the RabbitMQ pod are failing occasionally in production, sometimes "
     "leading to the pod being terminated and replaced.\n", ProbeType.LIVENESS),
    ("The startup probe caused my container to be killed before the migration ended.\n",
     ProbeType.STARTUP),
    ("The liveness probe failure led to the api pod being terminated.\n", ProbeType.LIVENESS),
])
def test_a_probes_failure_causing_the_cases_kill_is_one_kill_at_least(text, probe):
    """The probe's failure as the cause of the case's pod's kill or termination: that probe's
    failure and at least one kill of it (R4.4): no count, no upper bound."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "If the liveness probe triggers the pod being killed, raise its failureThreshold.\n",
    "A liveness probe can trigger the pod being killed.\n",
    "Does the liveness probe trigger the pod being killed?\n",
    "The readiness probe triggers the pod being killed.\n",
    "The liveness probe triggers a pod being killed.\n",
    "Liveness probes for the pod are failing but never leading to the pod being terminated.\n",
    "The liveness probe triggers pods being terminated.\n",
])
def test_a_probes_failure_causing_no_cases_kill_is_no_record(text):
    """The negative side: a conditional, what may happen, a question, the readiness probe (it
    never kills, R4.4), `a pod`, `pods`, a negation: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the case's pods crashing


@pytest.mark.parametrize("text", [
    "Many pods for prod-datasets-server-worker-all are crashing with error \n\n"
    "-     ContainerStatusUnknown\n-     Error\n-     OOMKilled\n",
    "Our worker pods keep crashing since the upgrade.\n",
    "The api container has been constantly crashing.\n",
    "Several pods of api-server were crashing overnight.\n",
])
def test_the_cases_pods_crashing_are_an_end_untold(text):
    """The case's own pods stated crashing, no cause: ended, at least once, {0, null}."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "Many pods are crashing with error.\n",
    "Many api pods are crashing.\n",
    "A pod is crashing.\n",
    "If the pods are crashing, check the logs.\n",
    "Why are the pods crashing?\n",
    "The pods are not crashing any more.\n",
    "The pod crashes when the config is wrong.\n",
    "The worker pods are crashing because of the memory limit.\n",
])
def test_pods_crashing_of_no_case_or_negated_are_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("the node-daemon pods " * (_N // 21)) + "stuck on CrashLoopBackOff\n",
    ("I get a CrashLoopBackOff from " * (_N // 30)) + "the pod\n",
    ("I am getting a CrashLoopBackOff status on x " * (_N // 44)) + "\n",
    ("we got CrashLoopBackOff " * (_N // 24)) + "\n",
    ("liveness probes for the pod are failing a b c d, " * (_N // 50)) + "terminated\n",
    ("the liveness probe triggers the pod " * (_N // 36)) + "being killed\n",
    ("liveness probe failing sometimes leading to the pod being " * (_N // 58)) + "\n",
    ("many pods for a-b are " * (_N // 22)) + "crashing\n",
    ("the pods are crashing " * (_N // 22)) + "\n",
    ("crashing " * (_N // 9)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
