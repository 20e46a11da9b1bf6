"""Held-out batches 140-145 (stop 58, fc58e): statements of the case told in the author's prose.

- The case's containers named by the namespace they run in (rancher-rio-1028: `All containers
  of the namespace linkerd are in status CrashLoopBackOff` under an issue template's `Describe
  the bug`): a namespace named makes the pods the case's, as a workload's name does (README,
  fixmarked52a's quantified pods of a workload; fc58e), a quantifier before them or none; a pod
  or container stated in CrashLoopBackOff is a back-off whose restarts no count bounds (README,
  the prose rule of CrashLoopBackOff; R4.8): cannot-tell, no probe, {0, null}. A namespace of no
  name, a question, a conditional, a negation and a future stay unread.
- The OOM killer the agent of the kill in the active voice, the case's own container its object
  (telegraf-operator-107: `OOM killer kills the sidecar approximately every 10 minutes.`):
  `killed by the OOM killer` turned about (README, oomprose54's vocabulary of an OOM kill;
  fc58e), a sidecar a container of the pod; told in the past, or in the present with a word of
  ongoing repetition (oomprose54: an ongoing state of the case told as seen; `every 10
  minutes` a word of how often): OOMKilled (CRI), no probe, {0, 0}. The bare present (a
  guide's rule), `every time`, `a pod`, `pods`, `your`, a negation, a conditional and a
  question stay unread.
- A pod's name and its status alone on a line, a word of how long or how often the loop holds
  between (flannel-1716's title `kube-flannel-ds alway CrashLoopBackOff`, `always` with its `s`
  dropped, above `kubectl logs kube-flannel-ds-q8n8j`): the name and status alone (README,
  fixprose's title rule and the prose rule of CrashLoopBackOff; fc58e), its restarts unbounded
  (R4.8): cannot-tell, no probe, {0, null}. `never`, a modal, a question and more words on
  the line stay unread.
- A kubelet's journal line pasted from a search tool's results (istio-community-749: `Line 918:
  Jun 01 00:31:49 HOST kubelet[3484]: I0601 ... prober.go:116] “Probe failed”
  probeType=“Readiness” ...`): the label `Line N: ` is the tool's, the journal's line after it
  the kubelet's own; klog's structured quotes turned typographic by the page are klog's quotes
  (the line opens with its quoted message). Its readiness failure is shown (R3.4: it ends
  nothing). The case's pods stated restarting (`Our Production pods are getting restarted 2x a
  week`), an environment's word their only word (`Production`: where they run, not which pod),
  beside that record of one pod are its restarts (README, fixprose52d's restarts beside a
  record of the one pod): cannot-tell, readiness, {0, null}. A word naming another pod, `your`
  and a conditional give it nothing.
- The case's own component stated restarted in the present passive with a word of how often
  right after it (cloudbees-kb-lack-of-ephemeral-storage-causes-restarts: `My CloudBees CI
  managed controller gets restarted frequently.` under the page's Issue heading): the word
  after the verb as before it (README fc57a: `is continuously killed`, an ongoing state of the
  case told as seen; crashcatch55: a passive restart only with a word of how often), an end of
  no cause told: cannot-tell, {0, null}. The bare present passive (a guide's), `your`, a
  conditional, a question and a negation stay unread.

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.stated_oom_told import OOM_KILLER_KILLS
from kubesim.spec.model import ProbeType

# ------------------------------------------------ the case's pods named by their namespace


@pytest.mark.parametrize("text", [
    "**Describe the bug**\nAll containers of the namespace linkerd are in status "
    "CrashLoopBackOff\n\n**Expected behavior**\nStatus Running\n",
    "All pods in the kube-flannel namespace are in CrashLoopBackOff.\n",
    "Several pods of namespace `monitoring` are stuck in CrashLoopBackOff.\n",
    "The containers in the `linkerd` namespace went into CrashLoopBackOff after the upgrade.\n",
    "Pods in namespace linkerd keep crashlooping.\n",
])
def test_pods_named_by_their_namespace_are_the_cases(text):
    """Pods or containers of a namespace named stated in CrashLoopBackOff: the case's back-off,
    its restarts unbounded (R4.8): cannot-tell, no probe, {0, null}, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "All containers of a namespace are in status CrashLoopBackOff.\n",
    "Are all containers of the namespace linkerd in status CrashLoopBackOff?\n",
    "If all containers of the namespace linkerd are in status CrashLoopBackOff, delete them.\n",
    "All containers of the namespace linkerd are not in status CrashLoopBackOff.\n",
    "All containers of the namespace linkerd will go into CrashLoopBackOff.\n",
    "All containers in your namespace are in status CrashLoopBackOff.\n",
])
def test_pods_of_no_namespace_named_or_not_told_state_nothing(text):
    """No namespace named, a question, a conditional, a negation, a future, `your`: nothing
    read."""
    assert_not_a_record(text)


def test_the_namespace_subject_is_read_in_one_pass():
    read_in_one_pass("All containers of the namespace " + "a-" * 1_000_000 + "\n")
    read_in_one_pass("pods in the " + "namespace " * 200_000 + " are in CrashLoopBackOff\n")
    read_in_one_pass("All pods " * 250_000 + "CrashLoopBackOff\n")


# ------------------------------------------------ the OOM killer, active, kills the case's container


@pytest.mark.parametrize("text", [
    "We use `--enable-istio-injection=true` to inject sidecar for Envoy instances. The default "
    "memory limit is 200Mi. OOM killer kills the sidecar approximately every 10 minutes. With "
    "the sidecar instance fails.\n",
    "The OOM killer killed our api container twice yesterday.\n",
    "The kernel OOM killer keeps killing the istio-proxy sidecar.\n",
    "The OOM killer constantly kills my worker pod.\n",
    "OOM killer kills the container every few minutes.\n",
])
def test_the_oom_killer_killing_the_cases_container_is_oomkilled(text):
    """The OOM killer, active, killing the case's container, past or ongoing: OOMKilled
    (CRI), no probe, {0, 0}, failures shown."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    "The OOM killer kills the container when it exceeds its memory limit.\n",
    "The OOM killer kills the sidecar every time it exceeds the limit.\n",
    "The OOM killer killed a pod approximately every 10 minutes.\n",
    "The OOM killer kills pods approximately every 10 minutes.\n",
    "The OOM killer kills your sidecar every 10 minutes.\n",
    "It is not true that the OOM killer kills the sidecar every 10 minutes.\n",
    "If the OOM killer kills the sidecar every 10 minutes, raise its limit.\n",
    "Why does the OOM killer kills the sidecar every 10 minutes?\n",
])
def test_the_oom_killer_of_a_guide_or_no_case_states_nothing(text):
    """A guide's present, `every time`, `a pod`, `pods`, `your`, a negation, a conditional and
    a question: nothing read."""
    assert_not_a_record(text)


def test_the_oom_killer_kills_is_read_in_one_pass():
    read_in_one_pass("OOM killer kills the " + "a " * 1_000_000 + "\n")
    read_in_one_pass("OOM killer " * 200_000 + "kills the sidecar every\n")
    read_in_one_pass("OOM killer kills the sidecar approximately " + "every " * 300_000 + "\n")
    assert OOM_KILLER_KILLS.search("x " * 1_000_000) is None


# ------------------------------------------------ a name, a word of how long, the status


@pytest.mark.parametrize("text", [
    "kube-flannel-ds alway CrashLoopBackOff\nI have no idea of that\n",
    "coredns-7f9c6b5d4-x2x8q still CrashLoopBackOff\n",
    "`my-api` always CrashLoopBackOff\n",
    "kube-flannel-ds alway CrashLoopBackOff\nI have no idea of that\n\n## Expected Behavior\n\n"
    "root@k8smaster1:~# kubectl logs kube-flannel-ds-q8n8j -n kube-flannel\n"
    "I0207 07:04:42.724348       1 kube.go:144] Waiting 10m0s for node controller to sync\n"
    "I0207 07:04:42.724463       1 kube.go:482] Starting kube subnet manager\n",
])
def test_a_name_and_its_status_with_a_word_of_how_long_between(text):
    """A pod's name, `always` (`still`, its slip `alway`) and CrashLoopBackOff alone on a line:
    the case's back-off, its restarts unbounded (R4.8): cannot-tell, no probe, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "kube-flannel-ds never CrashLoopBackOff\n",
    "kube-flannel-ds always CrashLoopBackOff?\n",
    "kube-flannel-ds might CrashLoopBackOff\n",
    "kube-flannel-ds always CrashLoopBackOff when the node restarts\n",
])
def test_a_name_and_status_with_other_words_states_nothing(text):
    """`never`, a modal, a question and more words on the line: nothing read."""
    assert_not_a_record(text)


def test_a_name_and_status_line_is_read_in_one_pass():
    read_in_one_pass("a-" * 1_000_000 + " always CrashLoopBackOff\n")
    read_in_one_pass("kube-flannel-ds " + "always " * 290_000 + "CrashLoopBackOff\n")


# ------------------------------------------------ a search tool's `Line N:`, typographic quotes

_JOURNAL_LINE = (
    "Jun 01 00:31:49 aks-agentpool3-23355474-vmss000003 kubelet[3484]: I0601 00:31:49.747275 "
    "3484 prober.go:116] {q}Probe failed{p} probeType={q}Readiness{p} "
    "pod={q}acq-prod2/tokenization-dep-v1-5b468c7d88-xfcwg{p} "
    "podUID=37201ae8-662c-4e00-9bb0-f7f477d4e61e containerName={q}istio-proxy{p} "
    "probeResult=failure output={q}Get http://172.21.0.78:15021/healthz/ready/\n")


def _journal(label: str = "Line 918: ", curly: bool = True) -> str:
    q, p = ("\u201c", "\u201d") if curly else ('"', '"')
    return label + _JOURNAL_LINE.format(q=q, p=p)


@pytest.mark.parametrize("text", [
    _journal(),
    _journal(curly=False),
    _journal(label=""),
    _journal(label="  Line 7: "),
])
def test_a_labelled_or_typographic_journal_line_shows_its_failure(text):
    """`Line N: ` before a kubelet's journal line, klog's quotes typographic: the prober's
    readiness failure, which kills nothing (R3.4): readiness-only, {0, 0}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.READINESS_ONLY, CountRange(0, 0), True, (ProbeType.READINESS,))


@pytest.mark.parametrize("said", [
    "Our Production pods are getting restarted 2x a week and we don\u2019t know what\u2019s "
    "causing it.",
    "Our staging pods keep restarting.",
])
def test_the_cases_pods_of_an_environment_restarting_beside_the_line(said):
    """The case's pods of an environment stated restarting beside the record of one pod: its
    restarts, the end's cause not told, the readiness failure shown (R3.4): cannot-tell, {0,
    null}."""
    a = explained_answer(said + " Pod reports readiness probe failing on container "
                         "\u201cistio-proxy\u201d:\n\n" + _journal())
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, (ProbeType.READINESS,))


@pytest.mark.parametrize("said", [
    "Our nginx pods are getting restarted 2x a week.",
    "Your production pods are getting restarted 2x a week.",
    "If our production pods get restarted, check the logs.",
])
def test_pods_of_another_name_or_no_case_give_no_restart(said):
    """A word naming another pod, `your`, a conditional: the readiness failure alone."""
    a = explained_answer(said + "\n\n" + _journal())
    assert (a.cause, a.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


@pytest.mark.parametrize("text", [
    "Line 3: the kubelet logs \u201cProbe failed\u201d for the readiness probe.\n",
    "Line 918: Jun 01 00:31:49 node-1 containerd[3484]: I0601 00:31:49.747275 3484 "
    "prober.go:116] \u201cProbe failed\u201d probeType=\u201cReadiness\u201d\n",
])
def test_a_label_before_prose_or_another_program_reads_no_failure(text):
    """A label before prose, or before another program's journal line: no kubelet's failure."""
    try:
        a = explained_answer(text)
    except RecordError:
        return
    assert a.failed == ()


def test_the_label_and_quotes_are_read_in_one_pass():
    read_in_one_pass("Line 1: " + "Jun 01 00:31:49 " * 130_000 + "\n")
    read_in_one_pass("Line 1: Jun 01 00:31:49 " + "a" * 2_000_000 + "\n")
    read_in_one_pass("Line " + "1" * 2_000_000 + ": x\n")
    read_in_one_pass("I0601 00:31:49.747275 3484 prober.go:116] \u201c" + "\u201d" * 1_000_000 + "\n")


# ------------------------------------------------ a present passive, a word of how often after it


@pytest.mark.parametrize("text", [
    "Issue\n\nMy CloudBees CI managed controller gets restarted frequently. In the Jenkins logs "
    "I don\u2019t see any error causing the restart.\n",
    "Our api pod is restarted repeatedly.\n",
    "The worker container gets restarted over and over.\n",
])
def test_a_present_passive_restart_with_a_word_of_how_often_after_it(text):
    """`gets restarted frequently`: the case's ongoing restarts, no cause told (README fc57a,
    crashcatch55): cannot-tell, {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "My CloudBees CI managed controller gets restarted.\n",
    "Your managed controller gets restarted frequently.\n",
    "If my managed controller gets restarted frequently, check the logs.\n",
    "Does my managed controller get restarted frequently?\n",
    "My managed controller never gets restarted frequently.\n",
])
def test_a_bare_or_untold_present_passive_restart_states_nothing(text):
    """The bare present passive (a guide's), `your`, a conditional, a question, a negation."""
    assert_not_a_record(text)
