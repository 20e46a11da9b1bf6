"""Held-out batches 68 and 69 (fixstated67): statements of the case in its author's prose.

- An end's reason stated with `with` after an end of the case's own pod or container (the
  corpus README's rule written by the lead at stop 49; puma-2707: `After about a week the pod
  crashes with a OOMKilled and error code 137` after `we have a rails application that is
  running on puma in a kubernetes pod`; intel-device-plugins-for-kubernetes-1416: `The
  operator's controller-manager pod has multiple restarts with oomkilled termination
  reason`): OOMKilled, {0, 0} (stated_oom_with.OOM_WITH).
- The same end stated by its cause with the kill first (README, an end stated by its cause;
  coreos-kubernetes-358: `the pods were being killed via the OOMKiller as they hit their
  memory limits`): OOMKilled, {0, 0} (stated_oom_with.KILLED_AT_LIMIT).
- A crash loop of the case's pod stated `stuck on` the status cut to `CrashLoopBack`, its
  workload written as a proper name after a determiner (backstage-charts-203: `The Backstage
  pod is stuck on CrashLoopBack`): a back-off whose restarts no count bounds
  (stated_crashloop.py, widened at fixstated67).

Hand-written variants beside those that must stay unread (a guide's present, `a pod`, `pods`,
`your pod`, a conditional, a question, a negation, a modal, a CPU limit, another status)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ an end's reason stated with `with`


@pytest.mark.parametrize("text", [
    "we have a rails application that is running on puma in a kubernetes pod. After about a "
    "week the pod crashes with a OOMKilled and error code 137.\n",
    "The operator's controller-manager pod has multiple restarts with oomkilled termination "
    "reason.\n",
    "Our worker failed with OOMKilled last night.\n",
    "The api container crashed with an OOMKilled after the import.\n",
    "My postgres pod keeps crashing with OOMKilled.\n",
    "We run Grafana on EKS. Every few hours the grafana pod restarts with OOMKilled.\n",
    "The ingress-nginx-controller pod was killed with OOMKilled twice.\n",
    "The gateway's proxy container had 4 restarts with OOMKilled status.\n",
])
def test_an_end_with_its_reason_oomkilled_of_the_cases_pod_is_its_end(text):
    """The case's own pod or container, an end of it, then `with` and OOMKilled (any case, an
    article or a reason's label between): that end's reason, OOMKilled, no probe's kill
    ({0, 0}); the present read as the author's telling of their own system (a first person
    running it, a possessive, a dashed name, `my`/`our`)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    # a guide's present: no first person running a system, a pod of no case, pods, yours
    "The pod crashes with OOMKilled and the kubelet restarts it.\n",
    "A pod crashes with OOMKilled when it exceeds its memory limit.\n",
    "Pods crash with OOMKilled at their limit.\n",
    "Your pod fails with OOMKilled once it uses more than its limit.\n",
    # a conditional, a question, a negation, a modal
    "If the pod crashes with OOMKilled, raise its memory limit.\n",
    "Has the api pod crashed with OOMKilled again?\n",
    "Our worker never failed with OOMKilled.\n",
    "The pod did not crash with OOMKilled.\n",
    "We run Grafana. The grafana pod might crash with OOMKilled.\n",
    "We run Grafana. The grafana pod could have failed with OOMKilled.\n",
])
def test_an_end_with_oomkilled_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the kill first, then the memory limit hit


@pytest.mark.parametrize("text", [
    "On both of our clusters we were seeing these pods getting restarted a large amount even "
    "with a small number of nodes. The restarts were because the pods were being killed via "
    "the OOMKiller as they hit their memory limits.\n",
    "The api container was killed by the OOM killer because it exceeded its memory limit.\n",
    "Our worker pods kept getting killed as they hit their memory limit.\n",
    "These pods were terminated by the kernel's OOM killer after they reached their memory "
    "limits.\n",
])
def test_a_kill_of_the_cases_pods_as_they_hit_their_memory_limit_is_oomkilled(text):
    """The case's pods or container (a determiner of the case's) killed in a past or
    progressive form, as or because they hit their memory limit: OOMKilled (the kernel's OOM
    killer kills over the cgroup's limit), no probe's kill ({0, 0})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "Pods are killed via the OOMKiller as they hit their memory limits.\n",
    "The pods are killed as they hit their memory limits.\n",
    "If the pods were being killed as they hit their memory limits, raise the limits.\n",
    "The pods were not being killed as they hit their memory limits.\n",
    "Were the pods being killed as they hit their memory limits?\n",
    "The pods were being throttled as they hit their CPU limits.\n",
    "The pods were killed when they hit their memory limits.\n",
    "A pod was killed as it hit its memory limit.\n",
])
def test_a_kill_at_the_limit_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: a guide's present, a conditional, a negation, a question, a CPU
    limit, a limit told as a condition (`when`), `a pod`: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `stuck on` a crash loop cut to `CrashLoopBack`


@pytest.mark.parametrize("text", [
    "The Backstage pod is stuck on CrashLoopBack with no option to watch logs cause the "
    "container is failing right away\nExit status code: 139\n",
    "The Keycloak pod is stuck on CrashLoopBackOff after the upgrade.\n",
    "Our api-server pod is stuck on CrashLoopBackOff since the upgrade.\n",
    "The gitea pod went into CrashLoopBack after the upgrade.\n",
])
def test_a_pod_stuck_on_a_crash_loop_is_its_back_off(text):
    """The case's pod (a determiner of the case's, its workload's name, capitalised or not)
    stated `stuck on` or in the crash loop, the status word whole or cut to `CrashLoopBack`:
    a back-off whose restarts no count bounds (cannot-tell, {0, null})."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    "A Backstage pod is stuck on CrashLoopBack when the database is down.\n",
    "If the Backstage pod is stuck on CrashLoopBack, check its logs.\n",
    "Is the Backstage pod stuck on CrashLoopBack?\n",
    "The Backstage pod is not stuck on CrashLoopBack anymore.\n",
    "The Backstage pod is stuck on ContainerCreating.\n",
    "Kubernetes pods get stuck on CrashLoopBack.\n",
    "The Backstage pod could be stuck on CrashLoopBack.\n",
])
def test_a_crash_loop_stuck_on_of_no_case_stays_refused(text):
    """The negative side: `a` pod, a conditional, a question, a negation, another status, a
    guide's pods, a modal: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "the pod " * 250_000 + "crashes with OOMKilled.\n",
    "the pod crashes with" + " " * 2_000_000 + "OOMKilled\n",
    "we have " * 250_000 + "the pod crashes with OOMKilled\n",
    "The operator's " * 130_000 + "pod has restarts with oomkilled\n",
    "oom " * 500_000 + "\n",
    "the pods were being killed " * 80_000 + "as they hit their memory limits\n",
    "the pods were being killed as they hit their " + "memory " * 300_000 + "limits\n",
    "memory limit " * 160_000 + "\n",
    "The Backstage pod is stuck on " * 70_000 + "CrashLoopBack\n",
    "The " + "Backstage " * 200_000 + "pod is stuck on CrashLoopBack\n",
    "CrashLoopBack " * 150_000 + "\n",
])
def test_the_stated_ends_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
