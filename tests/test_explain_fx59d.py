"""Held-out batches 149, 155 and 156 (stop 59, fx59d): a crash loop or a crash of the case's pod
stated in its author's prose.

- The kubelet's status word whole in lower case (pravega-zk-operator-259: `but I am back to
  error where zk-1 is in crashloopbackoff state with error`): the same status as
  `CrashLoopBackOff` (README, the prose rule of CrashLoopBackOff, widened at fx59d), its
  subject a pod's dashed name (crashcatch55); a back-off whose restarts no count bounds (R4.8):
  cannot-tell, no probe, {0, null}, failures shown. A bare name (`Plex`, stated_apart.py's), a
  conditional, a question, a negation, a guide's `a pod` and a longer word stay as they were.
- The case's pod given its status in parentheses after its clause, as `get pods` prints it
  (deathstarbench-298: `But the nginx-thrift pod does not deploy (Init: CrashLoopBackOff).`):
  the parenthesis states the status apart from the verb, as a label's colon does (README,
  fx59d); an init container's back-off read as a container's whose probes the record does not
  show (stop 48's init container rule): cannot-tell, {0, null}, failures shown. `a` pod, `pods`,
  a conditional, a question, a modal, `no longer` and other words in the parenthesis stay
  unread.
- A pod named by its workload's dashed name after a determiner of the case's (`the
  `node-analyzer` pod is crashing`, eks-anywhere-addons-315; `the nginx-thrift pod`) carries
  that name, so `--pod node-analyzer` asks for it (README, fx59d); `the api pod`, `the pod`
  and `the node-analyzer pods` stay pods of no name.
- A crash loop stated in a sentence opened by a word of an earlier run (`Initially the
  deployment failed with crashloopbackoff ... Then added ...`, seldon-core-1963) is not given to
  the pod of the record beside it: that record shows a later run (README, fx59d).

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import assert_not_a_record, explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.workload_pods import named_pod


def _pod_names(text: str) -> list[str | None]:
    return [p.name for p in parse_record(text, "r.txt").pods]


def _back_off_untold(text: str, pod: str | None = None) -> None:
    a = explained_answer(text, pod=pod)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


# ------------------------------------------------ the status word in lower case


@pytest.mark.parametrize("text", [
    "@someone it works now.\n\nbut I am back to error where zk-1 is in crashloopbackoff state "
    "with error\n\n Unexpected exception, exiting abnormally\n",
    "zk-1 is in crashloopbackoff\n",
    "My zk pod is stuck in crashloopbackoff.\n",
    "zk-1 Crashloopbackoff\n",
])
def test_the_status_word_in_lower_case_is_a_back_off(text):
    """`crashloopbackoff` is the kubelet's CrashLoopBackOff (R4.8): cannot-tell, {0, null}."""
    _back_off_untold(text)


@pytest.mark.parametrize("text", [
    "if zk-1 is in crashloopbackoff, restart it\n",
    "is zk-1 in crashloopbackoff?\n",
    "zk-1 is not in crashloopbackoff\n",
    "A pod is in crashloopbackoff when it keeps failing.\n",
    "zk-1 is in crashloopbackoffx\n",
])
def test_the_status_word_in_lower_case_unread(text):
    assert_not_a_record(text)


def test_a_bare_name_in_lower_case_crashloopbackoff_stays_apart():
    """`Plex is in crashloopbackoff`: a bare name, no pod of the record (stated_apart.py):
    no end read, no failure shown."""
    found = parse_record("Plex is in crashloopbackoff\n", "r.txt")
    assert found.format == "stated-apart"


# ------------------------------------------------ the status in parentheses after the pod's clause


@pytest.mark.parametrize(("text", "pod"), [
    ("I did not change any code. But the nginx-thrift pod does not deploy (Init: "
     "CrashLoopBackOff). Inside the Events of the Pod\n![image](https://example.com/a.png)\n"
     "A similar failure is happening for the media-frontend pod.\n", "nginx-thrift"),
    ("My web pod never starts (CrashLoopBackOff).\n", None),
    ("the nginx-thrift pod (Init:CrashLoopBackOff) is stuck\n", "nginx-thrift"),
    ("Our api container keeps failing (crashloopbackoff)\n", None),
])
def test_the_status_in_parentheses_is_the_pods(text, pod):
    """The parenthesis states the pod's status as `get pods` prints it: a back-off whose
    restarts no count bounds (R4.8; an init container's as a container's whose probes the
    record does not show, stop 48): cannot-tell, {0, null}; the pod named by its dashed name."""
    _back_off_untold(text, pod)
    assert _pod_names(text) == [pod]


@pytest.mark.parametrize("text", [
    "But a nginx-thrift pod does not deploy (Init: CrashLoopBackOff).\n",
    "If the nginx-thrift pod does not deploy (Init: CrashLoopBackOff), check the events.\n",
    "Why does the nginx-thrift pod not deploy (Init: CrashLoopBackOff)?\n",
    "The nginx-thrift pod no longer fails (CrashLoopBackOff).\n",
    "The nginx-thrift pod does not deploy (see CrashLoopBackOff docs).\n",
    "pods do not deploy (CrashLoopBackOff).\n",
    "the nginx-thrift pod could fail (CrashLoopBackOff).\n",
])
def test_the_status_in_parentheses_unread(text):
    assert_not_a_record(text)


# ------------------------------------------------ a pod named by its workload's dashed name


@pytest.mark.parametrize(("text", "pod"), [
    ("@someone Readiness probe is failing for all `sysdig-agent` pods and also the "
     "`node-analyzer` pod is crashing as well. Please see below.\n", "node-analyzer"),
    ("The nginx-thrift pod kept restarting\n", "nginx-thrift"),
    ("The subnet-router pod keeps crashlooping.\n", "subnet-router"),
])
def test_a_pod_named_by_its_workload_carries_the_name(text, pod):
    """`--pod NAME` asks for the pod the sentence names by its workload's dashed name."""
    _back_off_untold(text, pod)
    assert _pod_names(text) == [pod]


@pytest.mark.parametrize("text", [
    "The api pod keeps crashlooping.\n",
    "the node-analyzer pods are crashing\n",
    "The pod is crashing as well.\n",
])
def test_a_pod_of_no_dashed_name_stays_unnamed(text):
    assert _pod_names(text) == [None]


def test_named_pod_words():
    assert named_pod("the `node-analyzer` pod is crashing") == "node-analyzer"
    assert named_pod("a node-analyzer pod is crashing") is None
    assert named_pod("the node-analyzer pods are crashing") is None
    assert named_pod("the api pod") is None


# ------------------------------------------------ a crash loop of an earlier run


_ROWS = ("Normal   Created    2m58s                 kubelet,  Created container engine\n"
         "Normal   Started    2m57s                 kubelet,  Started container engine\n"
         "Warning  Unhealthy  93s (x13 over 2m33s)  kubelet,  Readiness probe failed: HTTP probe "
         "failed with statuscode: 503\n")


@pytest.mark.parametrize("status", ["crashloopbackoff", "CrashLoopBackOff"])
@pytest.mark.parametrize("opening", ["Initially", "At first", "Originally"])
def test_an_earlier_runs_crash_loop_is_not_the_records(opening, status):
    """`Initially ... failed with crashloopbackoff`, then a change and the events of a later
    run: only readiness failed in the run shown (R3.4), readiness-only, {0, 0}."""
    text = (f"{opening} the deployment failed with {status} and all the containers "
            "failed. Then added a rule and it started working except the engine:\n" + _ROWS)
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


def test_a_crash_loop_told_now_beside_the_rows_is_the_records():
    """The same sentence with no word of an earlier run is the record's pod's back-off."""
    text = "The deployment failed with CrashLoopBackOff:\n" + _ROWS
    a = explained_answer(text)
    assert a.cause == Cause.CANNOT_TELL


# ------------------------------------------------ one pass


def test_the_new_patterns_are_read_in_one_pass():
    read_in_one_pass("the pod " + "does " * 400_000 + "(CrashLoopBackOff)\n")
    read_in_one_pass("the " + "a-" * 1_000_000 + " pod (Init: CrashLoopBackOff)\n")
    read_in_one_pass("zk-1 is in " + "crashloopbackoff" * 130_000 + "\n")
    read_in_one_pass("Initially " * 200_000 + "the pod failed with crashloopbackoff\n")
    read_in_one_pass("the pod (" * 250_000 + "\n")
    assert named_pod("the " + "a-" * 1_000_000 + " pod") is None
