"""Held-out batches 53, 57 and 58 (fixprose59): statements of the case in its author's prose.

- What the case's pod's events show, the pod and its events written as one noun (`The Pod
  events show that the startup probe failed 55 times`, lippertmarkus-helm-charts-1;
  readers/said_failing.py): that probe's failure, at least once, no count (the corpus README's
  prose rule of fixprose45: a probe's failure the case's own pod shows is that probe's failure,
  at least once, no count; the author's count bounds nothing, as a first-person count of
  restarts does). A clause joined after it by `but` or `so` holds its own words of what may
  happen (`..., but the startup probe allows 70 failures, so there should be still room left`).
- The case's own pod stated in Chinese to keep restarting (`ks-apiserver-955c6479f-8qffx pod
  一直在不断重启`, kubekey-1731; readers/zh_restarts.py): the container ended, at least once, what
  ended it not stated, no kill, kills open.
- A crash loop or a restart stated of a bare name, in a page nothing else is read from
  (`Sidekiq on k8s was in crashloop`, artsy-exchange-38; readers/stated_apart.py, widened from
  fixprose50's OOM kill of `Plex`): answered cannot-tell with the statement as why, no end read.

Hand-written variants beside those that must stay unread (questions, conditionals, a guide's
general sentence, negations, another pod, a name the record shows nowhere else)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.spec.model import ProbeType

L, S = ProbeType.LIVENESS, ProbeType.STARTUP


# ------------------------------------------------ what the pod events show, one noun
@pytest.mark.parametrize(("text", "failed"), [
    ("The Pod events show that the startup probe failed 55 times, but the startup probe allows "
     "70 failures, so there should be still room left:\n", (S,)),
    ("The pod events show that the liveness probe failed 3 times.\n", (L,)),
    ("My pod status says the startup probe failed.\n", (S,)),
    ("The api pod events show the liveness probe is failing; we raised its timeout.\n", (L,)),
])
def test_what_the_pod_events_show_is_the_probes_failure(text, failed):
    """The case's pod's events (one noun: `The Pod events`) showing a probe's failure, a count
    stated or not: that probe failed, at least once, no kill stated."""
    a = explained_answer(text)
    assert (tuple(sorted(a.failed)), a.shows_failures, a.probe_kills) == \
        (failed, True, CountRange(0, None))


@pytest.mark.parametrize("text", [
    # a conditional, a question, a guide's general sentence, what may happen
    "If the pod events show that the startup probe failed 3 times, the kubelet kills it.\n",
    "Do the pod events show that the startup probe failed 55 times?\n",
    "Usually the pod events show that the startup probe failed a few times.\n",
    "The pod events may show that the startup probe failed 55 times.\n",
    "In a slow start the pod events typically show that the startup probe failed 3 times.\n",
    # a negation
    "The pod events do not show that the startup probe failed 55 times.\n",
    # another pod's events, a pod of no case
    "The other pod events show that the startup probe failed 55 times.\n",
    "Another pod's events show that the startup probe failed 55 times.\n",
    "A pod's events show that the startup probe failed 55 times.\n",
    # a disjunction: which probe, not told
    "The pod events show that the liveness or startup probe failed 55 times.\n",
])
def test_what_pod_events_show_of_no_case_stays_unread(text):
    """The negative side: the paste alone is refused (no failure read)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ the case's pod keeps restarting, in Chinese
_LOG = ("[root@k8s-master-0-11 ~]# kubectl logs -f pods/ks-apiserver-955c6479f-8qffx -n "
        "kubesphere-system\n"
        "I0214 17:21:24.650858       1 interface.go:50] start helm repo informer\n"
        "I0214 17:21:25.649640       1 apiserver.go:421] Start cache objects\n")


@pytest.mark.parametrize("said", [
    "查看发现 namespace：kubesphere-system 下的 ks-apiserver-955c6479f-8qffx pod 一直在不断重启。",
    "ks-apiserver-955c6479f-8qffx 一直重启。",
    "ks-apiserver-955c6479f-8qffx 容器反复重启了",
    "我的 pod 频繁重启，日志如下：",
    "这个 ks-apiserver pod 不停在不断重启。",
])
def test_the_cases_pod_stated_to_keep_restarting_in_chinese_is_an_end(said):
    """The case's own pod (its name, shown again in the record's command; or a determiner of the
    case's) stated to keep restarting (`一直`, `不断`, `反复`, `频繁`, `不停` before `重启`): the
    container ended, at least once, what ended it not stated: cannot tell, kills open."""
    a = explained_answer(said + "\n" + _LOG)
    assert (a.cause, a.failed, a.shows_failures, a.probe_kills) == \
        (Cause.CANNOT_TELL, (), True, CountRange(0, None))


@pytest.mark.parametrize("said", [
    # negations
    "ks-apiserver-955c6479f-8qffx pod 没有一直重启。",
    "ks-apiserver-955c6479f-8qffx pod 并未不断重启。",
    # questions
    "ks-apiserver-955c6479f-8qffx pod 一直重启吗？",
    "为什么 ks-apiserver-955c6479f-8qffx pod 一直重启?",
    "ks-apiserver-955c6479f-8qffx pod 一直重启，是什么原因？",
    # conditionals, what would or may happen, a guide's general sentence
    "如果 ks-apiserver-955c6479f-8qffx pod 一直重启，请查看日志。",
    "ks-apiserver-955c6479f-8qffx pod 会一直重启。",
    "通常这个 pod 可能一直重启。",
    "探针失败时 pod 会不断重启。",
    # another pod, pods of no case, a pod the record shows nowhere else
    "其他 pod 一直在重启。",
    "有些 pod 反复重启。",
    "ks-console-7d9f8c-abcde pod 一直在不断重启。",
    # no adverb of again and again: a single restart's telling is no rule's here
    "ks-apiserver-955c6479f-8qffx pod 重启了。",
])
def test_a_chinese_restart_of_no_case_or_not_stated_stays_unread(said):
    """The negative side: the log alone shows nothing, so the answer shows no failure."""
    a = explained_answer(said + "\n" + _LOG)
    assert (a.shows_failures, a.failed) == (False, ())


# ------------------------------------------------ a crash loop or a restart of a bare name
@pytest.mark.parametrize(("text", "what", "name"), [
    ("# Problem\nWe noticed Sidekiq on k8s was in crashloop and wasn't starting with following "
     "error:\n", "a crash loop", "Sidekiq"),
    ("I noticed sidekiq is being restarted since `livenessProbe` was failing.\n", "a restart",
     "sidekiq"),
    ("Our Grafana went into CrashLoopBackOff tonight after the upgrade.\n", "a crash loop",
     "Grafana"),
    ("Plex keeps restarting since the 1.40 image.\n", "a restart", "Plex"),
    ("Sonarr was crashlooping all night.\n", "a crash loop", "Sonarr"),
])
def test_a_crash_loop_or_restart_stated_of_a_name_is_answered_cannot_tell_with_why(
        text, what, name):
    """A page of prose alone whose author states a crash loop or a restart of a name that is no
    pod or container (artsy-exchange-38) is a record of a case, answered as fixprose50's OOM
    kill of `Plex` is: cannot tell, no failure shown, kills open, the statement named."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False, ())
    assert f"{what} of `{name}`" in a.because and "no pod or container" in a.because


@pytest.mark.parametrize("text", [
    # a guide's present, what may happen, a conditional, a question, the future
    "Sidekiq can be in crashloop if redis is down.\n",
    "If sidekiq is restarting, check its liveness probe.\n",
    "Was sidekiq restarted?\n",
    "Sidekiq will be restarted by the kubelet.\n",
    "Sidekiq gets restarted when its liveness probe fails.\n",
    # a negation, what to avoid
    "Sidekiq was not in crashloop.\n",
    "Sidekiq never kept restarting.\n",
    "Raise the threshold to avoid being restarted.\n",
    # a pod's word, a pronoun, a determiner of no case
    "A pod is restarted when its liveness probe fails.\n",
    "It was in crashloop.\n",
    "Any app that was restarted shows a restart count.\n",
])
def test_a_crash_loop_or_restart_of_no_case_stays_refused(text):
    """The negative side: the page of prose alone states no case and stays refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass
@pytest.mark.parametrize("text", [
    "The pod events show that the " + "startup " * 250_000 + "probe failed 55 times\n",
    "The pod events show that the startup probe failed 55 times, but " * 30_000 + "\n",
    "ks-apiserver-1 pod " + "一直在" * 700_000 + "重启\n" + _LOG,
    "ks-apiserver-1 pod 一直重启" * 200_000 + "\n" + _LOG,
    "a-b " * 500_000 + "重启\n",
    "Sidekiq on k8s was in crashloop " * 60_000 + "\n",
    "Sidekiq " + "on k8s " * 280_000 + "is being restarted\n",
])
def test_the_rules_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
