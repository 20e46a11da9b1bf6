"""Held-out batch 99 (fixprose52): an end of the case's pods stated in prose with its cause
after `due to`, `due` or `because of` (the corpus README's rules: statements of the case in
prose, a restart the author states a probe's failure caused; an end's reason given as the answer
to the case's pod restarting).

- A crash of the case's pods as the end a liveness or startup failure caused, and `due` with its
  `to` dropped (cloud-provider-openstack-1643: `[cinder-csi-plugin]pods crashing due Liveness
  probe failed`): a crash is the author's word for an end, and such a failure ends a container
  only by the kubelet's kill (R4.4): that probe's failure and one kill, {1, null}. The probe's
  container named by a possessive in the cause (node-driver-registrar-425: `due to the
  node-driver-registrar's liveness probe failure`).

- The case's own workload by a determiner of the case's, no `pod` or `container`, as the subject
  of a restart or crash a liveness or startup failure caused (node-driver-registrar-425: `The
  node driver crashed due to ...`): only a container has probes, so the end is the case's
  container's kill (R4.4). `the node`, `the cluster`, `your app` name none.

- The case's pod named by its workload's proper name, two or three capitalised words with no
  determiner, its restarts given OOMKilled as their reason (csm-1200: `customer is
  experiencing CSM Operator Controller POD restarts due to OOMKilled error`): that end's
  reason, as `the api pod restarted due to OOMKilled` is (OOMKilled only). One capitalised
  word (a sentence's first), `Kubernetes`, and a determiner of no case before the name name
  none.

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, the readiness probe, `a pod`, `pods`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

# ------------------------------------------------ a crash, `due`, a possessive probe


@pytest.mark.parametrize(("text", "probe"), [
    ("**What happened**:\n[cinder-csi-plugin]pods crashing due Liveness probe failed CSI "
     "release 21\n", ProbeType.LIVENESS),
    ("Our api pods kept crashing due to liveness probe failures.\n", ProbeType.LIVENESS),
    ("The web container crashed because of the startup probe failing.\n", ProbeType.STARTUP),
    ("After the upgrade my pod restarted due the liveness probe failing.\n",
     ProbeType.LIVENESS),
    ("The api pod restarted due to the sidecar's liveness probe failure.\n",
     ProbeType.LIVENESS),
    ("The worker-0 pod crashes due to its registrar's liveness probe timing out.\n",
     ProbeType.LIVENESS),
])
def test_a_crash_or_restart_caused_by_a_probes_failure_is_one_kill(text, probe):
    """The case's pods' crash or restart caused by a liveness or startup failure: that probe's
    failure and one kill of it (R4.4), stated once: {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "If the pods are crashing due to liveness probe failing, raise the threshold.\n",
    "Are the pods crashing due to the liveness probe failing?\n",
    "The pods are not crashing due to the liveness probe failing.\n",
    "The pods were crashing due to the readiness probe failing.\n",
    "A pod crashes due to its liveness probe failing.\n",
    "Pods crashing due Liveness probe failed.\n",
    "The pods may crash due to the liveness probe failing.\n",
])
def test_a_crash_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: a conditional, a question, a negation, the readiness probe (it never
    kills, R4.4), `a pod`, `pods`, what may happen: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the case's workload by a determiner


@pytest.mark.parametrize(("text", "probe"), [
    ("The node driver crashed due to the node-driver-registrar's liveness probe failure. The "
     "events of our node driver pod are as follows:\n", ProbeType.LIVENESS),
    ("Our payment service kept restarting because of the liveness probe failing.\n",
     ProbeType.LIVENESS),
    ("This operator was restarting due to startup probe failures.\n", ProbeType.STARTUP),
    ("After the upgrade the web app restarted due to liveness probe timeouts.\n",
     ProbeType.LIVENESS),
])
def test_the_cases_workload_restarted_by_a_probes_failure_is_one_kill(text, probe):
    """The case's own workload by a determiner of the case's, its restart or crash caused by a
    liveness or startup failure: that probe's failure and one kill (R4.4), {1, null}."""
    a = explained_answer(text)
    kind = Cause.LIVENESS_KILL if probe is ProbeType.LIVENESS else Cause.STARTUP_KILL
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (kind, CountRange(1, None), True, (probe,))


@pytest.mark.parametrize("text", [
    "The node crashed due to the liveness probe failing.\n",
    "The cluster restarted due to liveness probe failures.\n",
    "Your app restarts due to the liveness probe failing.\n",
    "An app restarted due to the liveness probe failing.\n",
    "If the node driver crashed due to the liveness probe failing, check the socket.\n",
    "Did the node driver crash due to the liveness probe failing?\n",
    "The node driver never crashed due to the liveness probe failing.\n",
    "The node driver crashed due to the readiness probe failing.\n",
])
def test_a_workload_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: a node, the cluster, the kubelet, `your`, `an`, a conditional, a
    question, a negation, the readiness probe: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a proper name's pod restarting OOMKilled


@pytest.mark.parametrize("text", [
    "### Bug Description\n\nHi Team, customer is experiencing CSM Operator Controller POD "
    "restarts due to OOMKilled error, they applied the increase in the memory limit from 256mi "
    "to 512mi but still experiencing restarts.\n",
    "After the upgrade, Argo Repo Server pod was restarting because of OOMKilled.\n",
    "Since Monday Grafana Agent Pods restarted due to OOMKilled.\n",
])
def test_a_proper_names_pod_restarting_oomkilled_is_an_oom_kill(text):
    """The case's pod by its workload's proper name, its restarts given OOMKilled as their
    reason: that end's reason, no probe, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "Operator pod restarts due to OOMKilled error.\n",
    "Kubernetes Operator pod restarts due to OOMKilled error.\n",
    "Your Operator Controller pod restarted due to OOMKilled.\n",
    "A CSM Operator Controller POD restarted due to OOMKilled.\n",
    "Many Operator Controller pods restarted due to OOMKilled.\n",
    "If CSM Operator Controller POD restarts due to OOMKilled, raise its limit.\n",
    "Did CSM Operator Controller POD restart due to OOMKilled?\n",
    "CSM Operator Controller POD never restarted due to OOMKilled.\n",
    "CSM Operator Controller POD may restart due to OOMKilled.\n",
])
def test_a_name_of_no_case_or_not_stated_is_no_record(text):
    """The negative side: a bare word, Kubernetes', a determiner of no case before the name, a
    conditional, a question, a negation, what may happen: the page of prose alone is
    refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("the pods crashing due " * (_N // 22)) + "\n",
    ("the pod crashed due to the a's " * (_N // 31)) + "liveness\n",
    ("crashed due x's " * (_N // 16)) + "liveness probe\n",
    ("the pod restarted due it's " * (_N // 27)) + "\n",
    ("the a b was kept " * (_N // 17)) + "crashed due to liveness probe failing\n",
    ("our x " * (_N // 6)) + "restarted due to the liveness probe failing\n",
    ("Abc Def " * (_N // 8)) + "pod restarted due to OOMKilled\n",
    ("your Abc Def pod " * (_N // 17)) + "restarts due to OOMKilled\n",
    ("Abc " * (_N // 4)) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
