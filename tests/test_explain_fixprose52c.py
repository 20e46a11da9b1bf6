"""Held-out batch 105 (fixprose52c): a crash loop of the case's own pod stated in prose, no cause
given.

- kubectl's own name of a pod and the status spelled out after `in`, alone on its line, no verb
  (kimai2-261: a bug template's steps, then `pod/kiami-kimai2-5dccd5f955-rl6b2 in constant
  crash loop backoff`, then `Crashing after:` and a fenced log of the app's start): the pod its
  `pod/NAME` names (kubectl's `get -o name` and `get all` form of a pod's name: the case's pod,
  the corpus README's prose rule of a pod's name as the subject) stated in CrashLoopBackOff
  (`in` the status, as `stuck in` it), the status written as the words it joins (`crash loop
  backoff`, `crash loop back-off`, `crashloop backoff`): a back-off whose restarts no count
  bounds (stated_crashloop.py, widened at fixprose52c): cannot-tell, no probe, {0, null},
  failures shown.

Hand-written variants beside those that must stay unread: a question, a negation, a
conditional, other words on the line (a sentence around the name), a name without kubectl's
`pod/` (a bare name), another kind's name (`deployment/`), the status word cut (`CrashLoop`) and
a longer word; beside a describe of another pod cut before its containers, the line names
that other pod and gives it nothing."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_KIMAI = (
    "**Describe the bug**\nI tried to launch kimai with default settings, but it fails.\n\n"
    "**To Reproduce**\n1. Start the container 'helm install kiami robjuz/kimai2'\n"
    "4. See error\n{line}\nCrashing after:\n```\nKimai2 ready\n\nReloading configurations ...\n"
    " [OK] Kimai config was reloaded\n\n[Fri")


@pytest.mark.parametrize("line", [
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff",
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in Crash Loop Back-Off.",
    "- pods/web in a crashloop backoff state",
    "`pod/api-0` is in constant `CrashLoopBackOff`",
    "pod/api-0 stuck in endless crash loop",
])
def test_kubectls_name_of_a_pod_in_the_status_alone_on_a_line_is_its_back_off(line):
    """kubectl's `pod/NAME` `in` the status (the kubelet's word, the words it joins, the loop
    as a noun), alone on its line, no verb or `is`: that pod waits out a back-off whose
    restarts no count bounds (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(_KIMAI.format(line=line))
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


def test_the_pod_named_so_is_the_record_pod():
    """The record's pod is the one `pod/NAME` names (no determiner: kubectl's name is the
    pod's)."""
    record = parse_record(_KIMAI.format(
        line="pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff"), "r.txt")
    assert [p.name for p in record.pods] == ["kiami-kimai2-5dccd5f955-rl6b2"]


@pytest.mark.parametrize("line", [
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff?",
    "pod/kiami-kimai2-5dccd5f955-rl6b2 not in crash loop backoff",
    "if pod/kiami-kimai2-5dccd5f955-rl6b2 in crash loop backoff, delete it",
    "I deleted pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff",
    "kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff",
    "kimai in constant crash loop backoff",
    "deployment/kiami-kimai2 in constant crash loop backoff",
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in CrashLoop",
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in crash-loop-backoff-ish trouble",
    "pod/kiami-kimai2-5dccd5f955-rl6b2 in constant crash loop backoff since the upgrade",
])
def test_a_kubectl_name_in_the_status_of_no_telling_stays_refused(line):
    """The negative side: a question, a negation, a conditional, other words on the line, a
    name without kubectl's `pod/`, another kind's name, the status word cut, a longer word:
    the page is refused."""
    with pytest.raises(RecordError):
        parse_record(_KIMAI.format(line=line), "r.txt")


_CUT = (
    "Name:         web-5d9f7c6b8-x2x9q\nNamespace:    default\nPriority:     0\n\n{line}\n")


def test_a_kubectl_name_of_another_pod_beside_a_describe_cut_gives_it_nothing():
    """Beside a describe of one pod cut before its containers, `pod/NAME` of another pod in the
    status gives the describe's pod nothing; its own name does."""
    other = explained_answer(_CUT.format(line="pod/api-0 in crash loop backoff"))
    own = explained_answer(_CUT.format(line="pod/web-5d9f7c6b8-x2x9q in crash loop backoff"))
    assert (other.shows_failures, own.shows_failures, own.probe_kills) == \
        (False, True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    "pod/" + "a-" * 1_000_000 + " in crash loop backoff\n",
    "pod/web in" + " " * 2_000_000 + "crash loop backoff\n",
    "pod/web in constant crash" + " " * 2_000_000 + "loop backoff\n",
    "pod/web in crash loop backoff" * 70_000 + "\n",
])
def test_the_fixprose52c_reader_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
