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
- The present passive with a word of ongoing repetition (percona-psmdb-operator-2234: `the new
  pod is continuously killed by k8s because it fails the liveness check`): an ongoing state of
  the case told as seen (oomprose54's `continuously`), read by killed_because.KILLED_BECAUSE as
  its past is; the bare present (`is killed`, crashcatch55's kube-green-271) stays a guide's.
  Beside `get events` rows of one pod showing that probe's failures, the kill of the pod of no
  name (`the new pod`) is that pod's (stated_pod.py): its failures are the ones the kill counted.
- The case's pod's end told in the past right before a colon and the kubelet's message quoted in
  double quotes (loki-605: `Found Loki pod crashed with error:  "Liveness probe failed: HTTP probe
  failed with statuscode: 500"`): fc55r's rule (present_kill.ENDED_FOR) widened to a pod, to
  `with error` before the colon and to the quote (quoted_message.quoted_read): that probe's
  failure and one kill, {1, null} (R4.4). The present (`crashes randomly with Error: "..."`), a
  conditional, `a pod`, a question and the readiness probe read the failure alone.
- The case's probe failing in the present, causing Kubernetes to restart the case's pod with a
  word of ongoing repetition after it (proxmox-talos-opentofu-15: `The liveness probe on the
  metrics endpoint (:8084/healthz?full=true)` / `times out during startup, causing Kubernetes to
  restart the pod repeatedly.`, the sentence broken over two lines): an ongoing state of the
  case told as seen (ongoing_kill.ONGOING_CAUSED, read with the lines its sentence runs on
  from), that probe's kill, {1, null} (R4.4). No word of repetition (a guide's present), `a`
  probe, `pods`, readiness, a conditional, a question, and a blank line between stay unread.

Hand-written variants beside each that must stay unread (a question, a negation, a
conditional, what may happen, the readiness probe, `pods`)."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, assert_one_kill, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.spec.model import ProbeType

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
    assert_one_kill(text, probe)


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
    assert_not_a_record(text)


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
    assert_one_kill(text, probe)


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
    assert_not_a_record(text)


def test_a_take_down_is_read_in_one_pass():
    read_in_one_pass("the liveness probe failed " + "kubernetes took down " * 100_000 + "\n")
    read_in_one_pass("probes failed. " + "k8s took " * 250_000 + "\n")


# ------------------------------------------------ a present passive kill, ongoing


@pytest.mark.parametrize(("text", "probe"), [
    ("Upon inspection we found the cause - the new pod is continuously killed by k8s because it "
     "fails the liveness check.\n", ProbeType.LIVENESS),
    ("My api container is constantly killed because its startup probe fails.\n",
     ProbeType.STARTUP),
    ("Our pods are repeatedly killed by kubernetes due to failing the liveness probe.\n",
     ProbeType.LIVENESS),
])
def test_a_present_passive_kill_told_ongoing_is_one_kill(text, probe):
    """The case's pod killed in the present with a word of ongoing repetition, its cause the
    probe's failure: that probe's failure and one kill (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The new pod is killed by k8s because it fails the liveness check.\n",
    "A pod is continuously killed by k8s because it fails the liveness check.\n",
    "Is the new pod continuously killed by k8s because it fails the liveness check?\n",
    "The new pod is continuously killed by k8s because it fails the readiness check.\n",
    "If the new pod is continuously killed by k8s because it fails the liveness check, raise "
    "the threshold.\n",
    "The new pod is not continuously killed by k8s because it fails the liveness check.\n",
])
def test_a_present_passive_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: the bare present (a guide's, kube-green-271), `a pod`, a question, the
    readiness probe (R3.4), a conditional, a negation: the page of prose alone is refused."""
    assert_not_a_record(text)


_ROWS = ("` k get events -n psmdb |grep {kind}\n"
         "12m         Warning   Unhealthy                pod/mon-two-3      {kind} probe "
         "failed: 2026-02-13T09:43:54.283Z    INFO   Running mongodb-healthcheck\n"
         "11m         Warning   Unhealthy                pod/mon-two-3      {kind} probe "
         "failed: 2026-02-13T09:44:24.285Z    INFO   Running mongodb-healthcheck\n")


def test_a_kill_of_the_pod_of_no_name_is_the_one_failing_pods():
    """The kill stated of `the new pod` beside events of one pod showing that probe's failures:
    one pod, its liveness failures and one kill, {1, null}."""
    text = ("### More about the problem\n\nUpon inspection we found the cause - the new pod is "
            "continuously killed by k8s because it fails the liveness check.\n\n"
            + _ROWS.format(kind="Liveness"))
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.failed) == \
        (Cause.LIVENESS_KILL, CountRange(1, None), (ProbeType.LIVENESS,))


@pytest.mark.parametrize(("subject", "kind"), [
    ("the new pod", "Readiness"),
    ("the redis pod", "Liveness"),
])
def test_a_kill_of_another_pod_or_beside_other_failures_stays_apart(subject, kind):
    """Another workload's pod, or events showing no failure of the probe the kill names: the
    kill is no pod's of the events (two pods, each on its own)."""
    text = (f"We found the cause - {subject} is continuously killed by k8s because it fails the "
            "liveness check.\n\n" + _ROWS.format(kind=kind))
    with pytest.raises(RecordError, match="holds 2 pods"):
        explained_answer(text)


def test_a_present_passive_is_read_in_one_pass():
    read_in_one_pass("the pod is " + "continuously " * 170_000 + "killed\n")
    read_in_one_pass("the pod is continuously killed by k8s " * 60_000 + "\n")


# ------------------------------------------------ an end with the quoted message as its error

_QUOTED = '{} "{} probe failed: HTTP probe failed with statuscode: 500"\n'


@pytest.mark.parametrize(("ended", "kind"), [
    ("Found Loki pod crashed with error: ", "Liveness"),
    ("The pod was killed with reason:", "Startup"),
    ("My container crashed:", "Liveness"),
])
def test_an_end_with_the_quoted_message_as_its_error_is_a_kill(ended, kind):
    """The case's pod's end told in the past right before a colon and the kubelet's quoted
    message: the message its stated cause, that probe's failure and one kill (R4.4)."""
    assert_one_kill(_QUOTED.format(ended, kind), ProbeType(kind.lower()))


@pytest.mark.parametrize(("ended", "kind"), [
    ("Loki Pod crashes randomly with Error:", "Liveness"),
    ("A pod crashed with error:", "Liveness"),
    ("Why has the pod crashed with error:", "Liveness"),
    ("The pod has not crashed with error:", "Liveness"),
    ("Found Loki pod crashed with error:", "Readiness"),
])
def test_a_quoted_message_after_no_stated_end_is_the_failure_alone(ended, kind):
    """The present, a conditional, `a pod`, a question, a negation, the readiness probe (R3.4):
    the quoted message is the failure alone, no kill, {0, null}."""
    a = explained_answer(_QUOTED.format(ended, kind))
    assert (a.cause, a.probe_kills.lo, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL if kind == "Liveness" else a.cause, 0, True,
         (ProbeType(kind.lower()),))
    assert a.cause is not Cause.LIVENESS_KILL


def test_a_quoted_message_in_a_conditional_is_no_record():
    """A conditional: neither the end nor the message is the case's (quoted_message's rule)."""
    assert_not_a_record(_QUOTED.format("If the pod crashed with error:", "Liveness"))


def test_an_end_before_a_quoted_message_is_read_in_one_pass():
    read_in_one_pass("Found pod crashed with error: " * 70_000 + '"Liveness probe failed: x"\n')
    read_in_one_pass("x " + "pod crashed with " * 120_000 + 'error: "Liveness probe failed: '
                     'HTTP probe failed with statuscode: 500"\n')


# ------------------------------------------------ a present failure causing ongoing restarts


@pytest.mark.parametrize(("text", "probe"), [
    ("The liveness probe on the metrics endpoint (:8084/healthz?full=true) times out during "
     "startup, causing Kubernetes to restart the pod repeatedly.\n", ProbeType.LIVENESS),
    ("I noticed that the repo-server entered a CrashLoopBackOff.\n\nThe liveness probe on the "
     "metrics endpoint (:8084/healthz?full=true)\ntimes out during startup, causing Kubernetes "
     "to restart the pod repeatedly.\n", ProbeType.LIVENESS),
    ("Our startup probe keeps failing, causing the kubelet to restart my container "
     "constantly.\n", ProbeType.STARTUP),
])
def test_a_present_failure_causing_ongoing_restarts_is_one_kill(text, probe):
    """The case's probe failing in the present, causing Kubernetes to restart the case's pod
    repeatedly (one line, or broken over two): that probe's failure and one kill (R4.4)."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    "The liveness probe times out during startup, causing Kubernetes to restart the pod.\n",
    "A liveness probe times out during startup, causing Kubernetes to restart the pod "
    "repeatedly.\n",
    "The liveness probe times out during startup, causing Kubernetes to restart pods "
    "repeatedly.\n",
    "The readiness probe times out during startup, causing Kubernetes to restart the pod "
    "repeatedly.\n",
    "If the liveness probe times out during startup, causing Kubernetes to restart the pod "
    "repeatedly, raise the timeout.\n",
    "Why does the liveness probe time out during startup, causing Kubernetes to restart the "
    "pod repeatedly?\n",
    "The liveness probe on the metrics endpoint\n\ntimes out during startup, causing "
    "Kubernetes to restart the pod repeatedly.\n",
])
def test_a_present_failure_of_no_case_or_not_ongoing_is_no_record(text):
    """The negative side: no word of repetition (a guide's present), `a` probe, `pods`,
    readiness (R3.4), a conditional, a question, a blank line between the sentence's parts."""
    assert_not_a_record(text)


def test_an_ongoing_cause_is_read_in_one_pass():
    read_in_one_pass("the liveness probe on " + "x " * 1_000_000 + "times out, causing k8s to "
                     "restart the pod repeatedly\n")
    read_in_one_pass("the liveness probe times out " + "during " * 300_000 + ", causing\n")
    read_in_one_pass(("the liveness probe (" + "x" * 379 + "\n") * 5_300 + "causing kubernetes "
                     "to restart the pod repeatedly\n")


# ------------------------------------------------ a probe's setting stated missing as the cause


def _no_kill(text: str) -> None:
    """Refused, or read with no probe's kill."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.probe_kills.lo == 0 and a.cause not in (Cause.LIVENESS_KILL, Cause.STARTUP_KILL)


_PROBLEM = ("## The problem\n\nPrometheus deployment config does not specify "
            "`initialDelaySeconds` for {} checks, on staging this causes premature termination "
            "of {} pod and it ends up in a crash loop back off.\n\n## Expected behavior\n\n"
            "Let prometheus startup before issuing readyness/liveness probes.\n")


@pytest.mark.parametrize(("text", "probe"), [
    (_PROBLEM.format("liveness/readyness", "prometheus"), ProbeType.LIVENESS),
    ("Our chart did not set a failureThreshold for the startup probe, which caused a crash loop "
     "of the api pod.\n", ProbeType.STARTUP),
    ("## Problem\n\nThe worker chart has no `timeoutSeconds` on its liveness probe; this "
     "causes restarts of my worker pod.\n", ProbeType.LIVENESS),
])
def test_a_missing_setting_as_the_cause_of_the_end_is_one_kill(text, probe):
    """A probe's setting stated missing and given as the cause of the case's pod's end: the
    failure and one kill of the one probe named that kills (R4.4), {1, null}."""
    assert_one_kill(text, probe)


@pytest.mark.parametrize("text", [
    _PROBLEM.format("liveness/readyness", "prometheus").replace("## The problem\n\n", ""),
    _PROBLEM.format("readyness", "prometheus"),
    _PROBLEM.format("liveness/startup", "prometheus"),
    _PROBLEM.format("liveness/readyness", "a"),
    _PROBLEM.format("liveness/readyness", "grafana"),
    _PROBLEM.format("liveness/readyness", "prometheus").replace("Prometheus deployment config "
                                                                 "does", "If the config does"),
    "## The problem\n\nDoes a config without `initialDelaySeconds` for liveness checks cause "
    "termination of the prometheus pod?\n",
])
def test_a_missing_setting_of_no_case_or_no_killer_is_no_kill(text):
    """The negative side: the present under no heading of the case, readiness alone (R3.4), two
    that kill (which, not told), `a pod`, another workload's pod, a conditional, a question."""
    _no_kill(text)


def test_a_missing_setting_is_read_in_one_pass():
    read_in_one_pass("## Problem\n\ndoes not specify `initialDelaySeconds` for liveness checks "
                     + "on " * 700_000 + "this causes termination of the pod\n")
    read_in_one_pass("## Problem\n\n" + "without timeoutSeconds for liveness/" * 60_000
                     + "readiness checks, this causes restarts of the pod\n")
