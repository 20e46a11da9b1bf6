"""Held-out batch 122 (fc55p): the status of the author's own pod stated CrashLoopBackOff in
Chinese, the status word its subject (stated_zh_status.ZH_STATUS_OF_OWN).

- hive-cloudman6-liveness-kubernetes-30: a lesson's prose in the future (`容器会被重启`, the
  container will be restarted: no case), then a reader's comment `您好,我的pod的状态一直是
  CrashLoopBackOff,不清楚什么原因` (my pod's status has always been CrashLoopBackOff, I don't
  know why): the commenter's own pod waiting out a back-off, its restarts unbounded, no cause
  given (cannot-tell, {0, null}).

Hand-written variants beside those that must stay unread: another's pod (你的), a negation
(不是), a question (吗, ？), a conditional (如果), the future (会), and another status."""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, assert_no_end, read_in_one_pass

_LESSON = ("Liveness 探测让用户可以自定义判断容器是否健康的条件。如果探测失败,Kubernetes 就会重启容器。\n"
           "35 秒之后,日志会显示 /tmp/healthy\n已经不存在,Liveness 探测失败。再过几十秒,几次探测都失败后,容器会被重启。\n")


@pytest.mark.parametrize("text", [
    _LESSON + "您好,我的pod的状态一直是CrashLoopBackOff,不清楚什么原因,上一节的healthcheck也一直是这个状态"
    " 麻烦帮忙看下哈 非常感谢\n用kubectl describe 命令看看日志\n",
    "我们的容器状态还是CrashLoopBackOff,重新部署也没用。\n",
    "我的 nginx pod 的状态为 `CrashLoopBackOff`。\n",
    "我們的pod狀態一直是CrashLoopBackOff\n",
])
def test_the_status_of_ones_own_pod_stated_crashloopbackoff_is_a_back_off(text):
    """The first person's own pod's status stated CrashLoopBackOff: waiting out a back-off
    (R4.8), its restarts unbounded, what ended it not told."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    _LESSON,
    "你的pod的状态是CrashLoopBackOff\n",
    "我的pod的状态一直不是CrashLoopBackOff\n",
    "我的pod的状态是CrashLoopBackOff吗\n",
    "我的pod的状态是CrashLoopBackOff？\n",
    "如果我的pod的状态是CrashLoopBackOff,应该怎么办\n",
    "我的pod的状态会是CrashLoopBackOff\n",
    "我的pod的状态一直是Running\n",
])
def test_a_status_of_no_case_or_not_stated_is_no_end(text):
    """The negative side: no end read (the page refused, or answered with nothing shown)."""
    assert_no_end(text)


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("我的pod的状态一直" * (_N // 9)) + "是CrashLoopBackOff\n",
    "我的pod" + ("的状态" * (_N // 3)) + "是CrashLoopBackOff\n",
    ("我的 " * (_N // 3)) + "pod的状态是CrashLoopBackOff\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words, read in one pass."""
    read_in_one_pass(text)
