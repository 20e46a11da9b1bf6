"""crashcatch55: one reader of an end of the case's own pod stated in its author's prose,
however the author names the pod (stated_end.py), tried last before a page of prose alone is
refused.

The principle: in a first person's report, an issue, a commit message, a pull request's
description or a status page's incident text, a pod or container named as the subject of an
end stated as what happened (crashed, crash-loops, restarted, was killed, OOM-killed, exited)
is the author's own unless the text makes it another's or any pod's: explain answers the end
the words name (an OOM kill: oom-killed, {0, 0}), else that it cannot tell why the container
ended (cannot-tell, no probe, {0, null}, failures shown). The subject: a determiner of the
case's and up to three words (`the DM pod`, `the workflow operator pod`, `these pods`, `all
three Jiva replicas`), a dashed name (`catalyst-api`, `controller-manager-*`), a bare word the
same page names as the case's pod (`manager` beside `the manager pod`).

Unread (refused): a guide's general statement, `a pod`, `your pod`, another's, a conditional, a
question, a negation, a guess, the future, a list of causes, a quote of docs, a prevention, a
probe named as the cause, a present passive, a bare name the page never calls a pod."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ an end of no cause told


@pytest.mark.parametrize("text", [
    # a pull request's statement of what it fixes (icp4a-cert-kubernetes-53)
    "This changes to fix the workflow operator pod going for crashloopbackoff during upgrade "
    "from CP4BA2500 GA to CP4BA2500-IF001\n",
    "Fixes the billing worker pod going into CrashLoopBackOff after the migration.\n",
    # a component named before `pod`, a word of how often after a passive restart
    "During the sync the DM pod was restarted frequently.\n",
    "The DM pod was restarted several times during the full load.\n",
    # a count of the case's replicas (a status page's incident text, pgmac-incidents)
    "The mount failure was caused by a corrupted filesystem, which itself was caused by all "
    "three OpenEBS Jiva storage replicas simultaneously entering a CrashLoopBackOff state.\n",
    "Both replicas fell into crash loop back-off after the node reboot.\n",
    # restarts of the pod a past cause made (hyune-c-kurlypay)
    "Brief summary: a slow, heavy startup caused repeated pod restarts.\n",
    # a crash, an exit of the case's named pod
    "Our payment api pod crashed twice last night while the batch ran.\n",
    "The billing-api container exited with code 1 right after the rollout.\n",
    "I noticed the ingest pod crashing after the upgrade.\n",
])
def test_an_end_of_the_cases_pod_stated_is_read_as_an_end_of_no_cause(text):
    """The case's pod however named, its end stated as what happened, no cause told: it
    ended, at least once, no probe's kill read, no count bounds its restarts."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "billing-api pod crashes on every startup after 2.3\n\nWe upgraded the chart on Monday.\n",
    "Notes\n\n## The ingest container restarts every few minutes\n\nSince the upgrade.\n",
    "Since the upgrade the DM pod crashed with OOM twice.\n",
])
def test_a_titles_present_and_a_bare_oom_are_read_as_an_end_of_no_cause(text):
    """A title's or heading's present is the author's statement of what happens to their own
    system (as a line under a heading of what happened is); `with OOM` is no reason (README,
    gitops-operator-184): an end of no cause told."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


# ------------------------------------------------ an OOM kill named


@pytest.mark.parametrize("text", [
    # a bare word the page names as the case's pod (pelorus-731)
    "Pelorus get's deployed correctly, just manager is crashing with oomkilled. Maybe it's "
    "related to the log growing up in the manager pod.\n",
    "The exporter pod runs beside it. Since Monday exporter is crashing with OOMKilled.\n",
    "Since the upgrade, these replicas are being OOM killed during the nightly backup.\n",
    "Our two replicas got OOMKilled during the nightly backup.\n",
])
def test_an_end_the_words_name_an_oom_kill_is_read_as_that_end(text):
    """The end named by the OOM words (oom_words.py): the kernel's OOM kill, no probe's
    (oom-killed, {0, 0}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


# ------------------------------------------------ what stays unread


@pytest.mark.parametrize("text", [
    "Pods crash when they run out of memory.\n",
    "A worker pod crashed when its liveness probe failed.\n",
    "If the worker pod crashes, Kubernetes restarts it.\n",
    "Your worker pod was restarted frequently because its limit is too low.\n",
    "Why does the worker pod keep crashing?\n",
    "The worker pod did not crash after the fix.\n",
    "I think the worker pod crashed.\n",
    "It seems the worker pod crashed.\n",
    "The worker pod will crash when the node runs out of memory.\n",
    "The worker pod may crash when the node runs out of memory.\n",
    "Common causes such as the worker pod crashing on start.\n",
    "The user's worker pod crashed.\n",
    "Their worker pods kept crashing.\n",
    "This change prevents the worker pod from crashing.\n",
    "To avoid the worker pod crashing, raise the limit.\n",
    "The worker pod was restarted.\n",
    "The worker pod restarts.\n",
    "The manager container is killed (due to the memory limit).\n",
    "The documentation says the worker pod crashed on OOM.\n",
    "From the docs:\n> The worker pod crashed twice.\n",
    "a slow startup causes repeated pod restarts.\n",
    "Plex kept crashing with oomkilled last week.\n",
    "It was restarting due to pod \"cloud-controller-manager-*\" OOMKilled.\n",
    "This PR will fix the worker pod going for CrashLoopBackOff.\n",
    "We run it daily. The billing-api pod crashes on every startup.\n",
    "## When the billing-api pod crashes\n\nCheck its logs.\n",
    "How to fix the billing-api pod that crashes\n\nCheck its logs.\n",
    "My pod started crashing because of an OOM error: see below\n",
])
def test_a_guide_a_conditional_a_negation_a_guess_or_anothers_pod_stays_refused(text):
    """The README's exclusions: a guide's general statement, a conditional, a question, a
    negation, a guess, the future, a list, another's pod, a prevention, a
    passive restart with no word of how often, a present passive, a quote, a bare name the
    page never calls a pod, an OOMKilled label: refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the case's pod stated not restarted


@pytest.mark.parametrize("text", [
    "### Problem  Description\n- uni-resolver-web seems to be failing from time to time, "
    "uni-resolver-web pod is healthy but unresponsive so Kubernetes is not restarting the pod.\n",
    "The api pod hangs on every request, but the kubelet never restarted the api pod.\n",
    "Our billing-api pod has not restarted since Monday, it just stops answering.\n",
])
def test_the_cases_pod_stated_not_restarted_is_running_with_no_restart(text):
    """The author's statement that their pod is not restarted, the state it is in: its
    container running, restarted none times (cannot-tell, no probe, {0, 0}, no failure)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, 0), False, ())


@pytest.mark.parametrize("text", [
    "Kubernetes does not restart a pod that is unresponsive.\n",
    "If the probe passes, Kubernetes is not restarting the pod.\n",
    "Is Kubernetes not restarting the pod?\n",
    "Add a liveness probe so that Kubernetes will not restart the pod.\n",
    "Kubernetes is not restarting your pod.\n",
    "## Expected behavior\n\nKubernetes is not restarting the pod.\n",
])
def test_a_guide_a_conditional_or_a_purpose_of_no_restart_stays_refused(text):
    """The negative side: a guide's present, a conditional, a question, a purpose or future,
    another's pod, what should happen: refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "the worker pod " * 140_000 + "crashed\n",
    "the" + " " * 2_000_000 + "pod crashed\n",
    "all three a b " * 150_000 + "replicas entering CrashLoopBackOff\n",
    "fix the pod going for " * 100_000 + "\n",
    "manager is crashing with " * 80_000 + "oomkilled\n",
    "the manager pod " * 130_000 + "\n",
    "caused repeated " * 130_000 + "pod restarts\n",
    "x-" * 1_000_000 + "y OOMKilled 6x\n",
    "Kubernetes is not restarting " * 70_000 + "the pod\n",
    "the a b pod " * 170_000 + "has not restarted\n",
])
def test_the_stated_end_reader_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the reader's words, read in one pass."""
    read_in_one_pass(text)


@pytest.mark.parametrize("text", [
    "The liveness probe was passing. The pod was being killed anyway.\n",
    "The liveness probe has failureThreshold: 3. The container was killed at t=50s.\n",
])
def test_a_kill_stated_beside_a_probe_in_another_sentence_is_an_end_of_no_told_cause(text):
    """A kill of the case's pod stated in a sentence of its own, a probe only in the sentence
    before (passing, or its settings): an end whose cause the record does not tell, never a
    probe's kill (the probe kill rules ask the probe's failure as the kill's cause)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, 0, True, ())
