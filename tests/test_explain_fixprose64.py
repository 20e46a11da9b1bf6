"""Held-out batches 63 and 64 (fixprose64): statements of the case in its author's prose.

- `OOMKilled` as a bare past verb of the case's own pod or container (mmalyska-home-ops-4413:
  `the OnlyOffice pod OOMKilled again after ~14 minutes of uptime`): the corpus README's OOM
  prose rule (fix39a) widened at fixprose64 to the verb with no `was` or `got`, where a word of
  when or how often follows it (stated_kill.EN_OOM): that end's reason, OOMKilled.
- A restart stated in Chinese of a bare name, or of a subject left out (nacos-k8s-198:
  `k8s中部署nacos1.4.1之后 今天突然莫名重启了`): answered as stated_apart.py answers an English
  restart of a bare name (stated_apart_zh.py): cannot tell, no end read, nothing shown.

Hand-written variants beside those that must stay unread (what may happen, a conditional, a
negation, a guide's pods, a question, a heading or a table cell, a noun's label; the author's
own restart, a pod's word or name, what is to be done)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ OOMKilled as a bare past verb of the case's pod


@pytest.mark.parametrize("text", [
    "The earlier bump wasn't enough -- the OnlyOffice pod OOMKilled again after ~14 minutes of "
    "uptime, RSS climbing past 1.7Gi with the limit at 3Gi.\n",
    "Our worker container OOMKilled twice last night.\n",
    "The api pod OOMKilled at 3Gi, RSS climbing past 2.8Gi.\n",
    "My postgres container OOMKilled 3 times during the import.\n",
    "the gitea pod OOMKilled overnight.\n",
])
def test_oomkilled_as_a_bare_past_verb_of_the_cases_pod_is_its_end(text):
    """The case's own pod or container (a determiner of the case's) stated OOMKilled with no
    `was` or `got`, a word of when or how often after it: that end's reason, OOMKilled, and no
    probe's kill ({0, 0}), as `was OOMKilled` is read (the README's OOM prose rule)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.OOM_KILLED, CountRange(0, 0), True, ())


@pytest.mark.parametrize("text", [
    # what may happen, a conditional, a negation
    "The pod might get OOMKilled again at 3Gi.\n",
    "Raise the limit if the pod OOMKilled again.\n",
    "The pod never OOMKilled again after the bump.\n",
    "The pod could have OOMKilled at 3Gi.\n",
    "When the pod OOMKilled at its limit, the kubelet restarts it.\n",
    # a guide's pods, a question
    "Pods OOMKilled at their limit are restarted by the kubelet.\n",
    "Has the OnlyOffice pod OOMKilled again?\n",
    "Why the api pod OOMKilled twice?\n",
    # a heading of a guide's list, a reason in a guide's table, a noun's label
    "The container OOMKilled: the container used too much memory.\n",
    "| the container | OOMKilled | raise the limit |\n",
    "Check the pod OOMKilled status after the upgrade.\n",
    # no word of when or how often after the bare verb
    "The pod OOMKilled.\n",
])
def test_oomkilled_bare_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused (no end read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ a restart stated in Chinese of a bare name


@pytest.mark.parametrize(("text", "name"), [
    ("请教一下，k8s中部署nacos1.4.1之后 今天突然莫名重启了，通过\n```\nkubectl describe po "
     "nacos-0\n```\n看到的退出状态码是255，请问导致退出重启的日志从哪可以看？\n", "nacos1.4.1"),
    ("部署nacos之后今天突然重启了，日志里什么都没有。\n", "nacos"),
    ("我的 gitea 昨天晚上被重启了。\n", "gitea"),
    ("redis 今天凌晨莫名重启了\n", "redis"),
    ("升级到 2.0 之后 minio 又重启了！\n", "minio"),
])
def test_a_chinese_restart_of_a_bare_name_is_answered_cannot_tell_with_why(text, name):
    """A restart follows an end (R4.1), but of a bare name, no pod or container the record
    shows: no end read, cannot tell, nothing shown, kills not ruled out, and the answer says
    why, naming the statement."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert "states a restart (`" in a.because and f"of `{name}`, a name" in a.because
    assert "no pod or container" in a.because


@pytest.mark.parametrize("text", [
    # a conditional, a question, a negation, what may happen
    "如果 nacos 重启了，数据会丢失吗？\n",
    "nacos 重启了吗？\n",
    "nacos 今天没有重启了。\n",
    "nacos 可能重启了。\n",
    # the author's own restart, a restart acting on something (transitive)
    "我重启了 nacos 之后就好了。\n",
    "我重启了，就好了。\n",
    "重启了服务之后就好了\n",
    # a pod's or container's word, a pod's name: the case's own (zh_restarts.py) or none
    "pod 突然重启了。\n",
    "nacos 容器突然重启了。\n",
    "nacos-0 突然重启了。\n",
    "部署nacos-0之后突然重启了。\n",
    # what is to be done
    "修改配置之后需要重启了。\n",
    "nacos 应该重启了。\n",
    # a restart in a command line's comment
    "$ kubectl get pods  # nacos 今天突然重启了\n",
])
def test_a_chinese_restart_of_no_case_or_of_what_may_happen_is_no_record(text):
    """The negative side: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "the pod " * 250_000 + "OOMKilled again.\n",
    "the pod" + " " * 2_000_000 + "OOMKilled again.\n",
    "the pod OOMKilled " * 120_000 + "\n",
    "the pod OOMKilled again? " * 90_000 + "\n",
    "nacos 重启了" * 250_000 + "\n",
    "重启了，" * 500_000 + "\n",
    "nacos" + " " * 2_000_000 + "重启了\n",
    "如果重启了" * 400_000 + "\n",
])
def test_the_bare_verb_and_the_chinese_restart_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
