"""Held-out batches 101 and 103 (fixprose52b): a crash loop or restarts of the case's own pod or
container stated in prose, no cause given.

- The crash loop as a noun in lower case, entered in the progressive (coturn-994: `The coturn
  container is going into a crashloop.`, then a fenced `kubectl logs` and a script): a crash
  loop of the case's own container stated in prose, read by the prose rule of a pod stated in
  CrashLoopBackOff (the corpus README's rules of statements of the case in prose: `keeps
  crashlooping`, `crashloops`, `to go into CrashLoopBackOff`): a back-off whose restarts no
  count bounds (stated_crashloop.py, widened at fixprose52b). `CrashLoop` alone, a status word
  cut, stays unread (fixstated67).

- The case's own pod stated in Chinese to keep restarting, the author's bold inside the verb,
  beside a describe of that one pod cut before its containers (ob-operator-5: `发现该pod一直
  **无限重启**中`, then `kubectl describe po sapp-ob-test2-obshdev-zone1-0` cut after
  `Priority:`): `该` (this) a determiner of the case's, `无限` (endlessly) an adverb of
  restarting again and again, markdown's emphasis inside the words (zh_restarts.py, widened at
  fixprose52b); a describe held apart keeps its states to itself, so the restart is given to
  its pod's one container where the describe shows none (zh_restarts_beside.py): an end of no
  cause, cannot-tell, {0, null} (the README's prose rule of the case's own pod stated
  restarting, kubekey-1731's `一直在不断重启`).

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, a guide's `a pod` and `pods`, `your pod`, a modal, a future, the status word cut
`CrashLoop`, a longer word; in Chinese a conditional, a negation, a question, a subject of no
case, `应该` (should), another pod's name)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ `going into a crashloop`

_COTURN = (
    "This is my first time deploying the coturn container in a kubernetes cluster.\n\n"
    "The coturn container is going into a crashloop. I don't see any errors besides the "
    "following:\n```\nkubectl logs coturn-app-coturn-d7545fddc-zwqhc -n coturn\n\n"
    "/usr/local/bin/docker-entrypoint.sh: line 8: /usr/bin/turnserver: Operation not permitted\n"
    "```\n")


@pytest.mark.parametrize("text", [
    _COTURN,
    "My worker pod is stuck in a crash loop since Monday.\n",
    "Our gateway-7d9f6c pods are going into crashloop.\n",
    "The postgres container went into a crash-loop last night.\n",
    "This pod was in a **crashloop** for an hour.\n",
])
def test_a_crash_loop_as_a_noun_of_the_cases_pod_is_its_back_off(text):
    """The case's pod or container (a determiner of the case's, a name) stated going into or
    in a crash loop, the noun in lower case (`crashloop`, `crash loop`, `crash-loop`): a
    back-off whose restarts no count bounds
    (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "Is my pod going into a crashloop?\n",
    "The pod is not going into a crashloop anymore.\n",
    "If the pod goes into a crashloop, check the logs.\n",
    "A pod goes into a crash loop when its container keeps exiting.\n",
    "Pods go into a crash loop when they exit again and again.\n",
    "Your pod is going into a crashloop because of the missing key.\n",
    "My pods will go into a crashloop without the database.\n",
    "The pod is going to go into a crashloop.\n",
    "The pod is going into CrashLoop.\n",
    "The pod is going into crash-loop-backoff-like trouble.\n",
])
def test_a_crash_loop_noun_of_no_case_stays_refused(text):
    """The negative side: a question, a negation, a conditional, a guide's `a pod` and
    `pods`, `your pod`, a modal, a future, `CrashLoop` alone (a status word cut, README), a
    longer word: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ `该pod一直**无限重启**中` beside a describe cut

_CUT = ("{prose}\n"
        "{other}"
        "================pod describe================\n"
        "$ kubectl describe po sapp-ob-test2-obshdev-zone1-0\n"
        "Name:                      sapp-ob-test2-obshdev-zone1-0\n"
        "Namespace:                 default\n"
        "Priority:\n")
_DELETED = "再次kubectl delete po sapp-ob-test2-obshdev-zone1-0删除主节点后，"


@pytest.mark.parametrize("prose", [
    _DELETED + "发现该pod一直**无限重启**中。",
    "发现该pod一直**无限重启**中。",
    "升级之后，我的pod一直在不断重启。",
    "该容器__反复重启__，日志如下。",
    "sapp-ob-test2-obshdev-zone1-0 pod 一直**重启**。",
    "sapp-ob-test2 pod 一直无限重启中。",
])
def test_a_chinese_restart_of_the_cases_pod_beside_a_describe_cut_is_its_end(prose):
    """The case's pod (`该pod`, `我的pod`, `该容器`, its name or its workload's) stated in
    Chinese to keep restarting, bold or not inside the words, beside a describe of that one
    pod cut before its containers: its container ended, at least once, what ended it not
    stated (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(_CUT.format(prose=prose, other=""))
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize(("prose", "other"), [
    ("如果该pod一直**无限重启**，请查看日志。", ""),
    ("该pod没有一直重启。", ""),
    ("该pod一直**无限重启**吗？", ""),
    ("其他pod一直无限重启。", ""),
    ("我觉得应该pod一直重启。", ""),
    ("发现api-7f9c pod一直**无限重启**中。", "$ kubectl logs api-7f9c\nstarting\n"),
])
def test_a_chinese_restart_of_no_case_beside_a_describe_cut_shows_nothing(prose, other):
    """The negative side: a conditional, a negation, a question, a subject of no case, `应该`
    (should: no `该` of the case's), another pod's name (shown in the record, not the
    describe's pod): the describe cut before its containers shows nothing."""
    a = explained_answer(_CUT.format(prose=prose, other=other))
    assert (a.cause, a.shows_failures) == (Cause.CANNOT_TELL, False)


def test_a_chinese_restart_with_bold_inside_the_verb_in_a_page_without_a_describe():
    """Without a describe, the paste's own reading of a Chinese restart (runs.py) reads the
    widened words too: `该pod` with bold inside `无限重启`, then a `kubectl logs`."""
    a = explained_answer("发现该pod一直**无限重启**中。\n```\nkubectl logs web-0\nhello\n```\n")
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True)


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "my pod is going into a " * 90_000 + "crashloop\n",
    "my pod is going" + " " * 2_000_000 + "into a crashloop\n",
    "the pod is in a crash" + "-" * 2_000_000 + "loop\n",
    "my " + "pod " * 500_000 + "is going into a crash loop\n",
    "该pod一直" * 400_000 + "重启\n",
    "该pod" + "**" * 1_000_000 + "重启\n",
    "该pod一直" + " " * 2_000_000 + "无限重启\n",
    "该pod" + "一直**" * 350_000 + "重启\n" + _CUT.format(prose="", other=""),
])
def test_the_fixprose52b_readers_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
