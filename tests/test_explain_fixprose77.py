"""Held-out batches 77-80 (fixprose77): the author's prose stating a restart or a crash loop of
the case's own pod or container.

- A restart of the case's own pod or container with no cause given (stated_restart.py): the
  subject a determiner of the case's and the pod's or container's word, its app after `of`
  (jitsi-helm-118: `the pod of jvb kept restarting`), a relative clause between the subject and
  its verb (rhel-edge-automation-arch-184: `the container that holds the nexus server was
  restarting`: the clause's object is no subject), the simple present under a heading of what
  happens (amundsen-1448: `## Current Behavior` / `The metadata pod continually restarts`): the
  case's container ended, at least once (a restart follows an end: the new container's
  restartCount is the last one's + 1, R4.7), what ended it not stated: cannot-tell, {0, null}.
- A crash loop stated with `loops in` after a predicate of its own joined by `and` (liqo-2316:
  `The `liqo-gateway` pod does not start and loops in CrashLoopBackOff.`), beside a log's empty
  piece; and `the pods` as the case's pods for the crash loop as for the OOM readers.

Hand-written variants beside those that must stay unread (a bare app name, `a pod`, a
guide's present, an `Expected` heading, a negation, a conditional, a question, a restart
someone made, a bare `loop` under `does not`)."""

from __future__ import annotations

import pytest
from helpers import assert_ended_untold, assert_no_end, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ a restart of the case's own pod or container


@pytest.mark.parametrize("text", [
    "Hello. I installed the service in minikube, but the pod of jvb kept restarting, I have no "
    "idea what happened.\n",
    "While running the bootstrap, I noticed that the container that holds the nexus server was "
    "restarting and never reaching stability.\n",
    "## Expected Behavior\nIt works.\n\n## Current Behavior\n- The health check fails\n"
    "- The metadata pod continually restarts (saw it go up to 15-16 restarts)\n",
    "Our api pod keeps restarting.\n",
    "Since the upgrade the `web` container has been restarting.\n",
    "After the upgrade my pod restarted twice.\n",
    "The pods kept getting restarted after the deploy.\n",
    "### What happened\nThe worker pod restarts every few minutes.\n",
    "**Actual results**\nThe scheduler container restarts again and again.\n",
    "the container which runs the scheduler keeps restarting\n",
    "the pod for grafana started restarting yesterday.\n",
    # a page indented whole: its heading still a heading
    "    ## Current Behavior\n    - The metadata pod continually restarts\n",
])
def test_a_restart_of_the_cases_own_pod_is_an_end_untold(text):
    """The case's own pod or container stated restarting: it ended, at least once."""
    assert_ended_untold(text)


@pytest.mark.parametrize("text", [
    "jvb kept restarting.\n",  # a bare app name (stated_apart.py's answer: nothing shown)
    "Nexus server was restarting.\n",
    "A pod keeps restarting when its liveness probe fails.\n",
    "If the pod keeps restarting, check its logs.\n",
    "Is my pod restarting?\n",
    "The pod restarts when its memory limit is exceeded.\n",  # a guide's present
    "The pod restarts every hour.\n",  # the simple present under no heading of what happens
    "## Expected Behavior\nThe pod restarts only on upgrades.\n",
    "## Expected behavior\nThe pod was restarting once a day at most.\n",
    "I don't think the pod was restarting.\n",
    "The pod was restarted after I changed the config map.\n",  # a restart someone made
    "Pods kept restarting.\n",
    "your pod keeps restarting\n",
    "the pod could keep restarting\n",
    "## Current Behavior\nThe pod restarts are counted by the kubelet.\n",  # a noun
    # an indirect question, a guide's list of what to look at
    "- **Restart Count**: how many times the container restarted\n",
    "I wonder why the pod kept restarting\n",
    # a cause given: the cause's own rules read it, or none does (no end half-read)
    "My pod kept restarting due to a bad config map.\n",
    "The api container restarted because the node was drained.\n",
    "My pod was restarting. Reason: the config map was wrong.\n",
    "## Current Behavior\nIt fails.\n\n## Possible Solution\nThe pod restarts daily.\n",
    "Current Behavior:\nIt fails.\nPossible Solution\nThe pod restarts daily.\n",
])
def test_a_restart_of_no_case_or_of_what_may_happen_isassert_no_end(text):
    """The negative side: no end read."""
    assert_no_end(text)


def test_a_relative_clause_negation_is_its_own():
    """`the container that never stops was restarting`: the clause's negation is its own."""
    assert_ended_untold("We saw that the container that never logs anything was restarting.\n")


# ------------------------------------------------ a crash loop: `loops in`, `and`, `the pods`


@pytest.mark.parametrize("text", [
    "#### What happened:\nThe `liqo-gateway` pod does not start and loops in CrashLoopBackOff. "
    "The output of the logs is the following.\n",
    "The api pod loops in CrashLoopBackOff.\n",
    "Our worker pod fails to start and keeps looping in CrashLoopBackOff.\n",
    "After the upgrade the pods keep crashlooping.\n",
    "Since Monday these pods are stuck on CrashLoopBack.\n",
    "The pods failed with CrashLoopBackOff.\n",
])
def test_a_crash_loop_so_stated_is_a_back_off(text):
    """A back-off whose restarts no count bounds: cannot-tell, {0, null}, failures shown."""
    assert_ended_untold(text)


def test_a_crash_loop_beside_a_logs_empty_piece_is_the_records_pod():
    """The klog lines of the app are no pod's record; the sentence's pod is the record's."""
    assert_ended_untold(
        "#### What happened:\nThe `liqo-gateway` pod does not start and loops in "
        "CrashLoopBackOff. The output of the logs is the following.\n```\n"
        "I0201 09:42:24.768246       1 gateway-operator.go:198] created custom network "
        "namespace {liqo-netns}\n"
        "W0201 09:42:24.776632       1 driver.go:398] wireguard kernel module not present\n```\n")


@pytest.mark.parametrize("text", [
    "The api pod does not start and does not loop in CrashLoopBackOff.\n",
    "The api pod does not start and loop in CrashLoopBackOff.\n",  # bare `loop` under `not`
    "If the pod does not start and loops in CrashLoopBackOff, check its logs.\n",
    "A pod that does not start loops in CrashLoopBackOff.\n",
    "the pods go into CrashLoopBackOff when the config is wrong\n",
    "Do the pods loop in CrashLoopBackOff?\n",
    "Pods went into CrashLoopBackOff after the upgrade.\n",
])
def test_a_crash_loop_of_no_case_or_negated_is_no_record(text):
    """The negative side: the page of prose alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


_N = 2_000_000


@pytest.mark.parametrize("text", [
    ("the pod that holds the " * (_N // 23)) + "x was restarting\n",
    ("the pod of x kept restarting " * (_N // 29)) + "\n",
    ("the container that a b c d e f g h " * (_N // 35)) + "restarted\n",
    "## Current Behavior\n" + ("the pod restarts " * (_N // 17)) + "\n",
    ("the pod does not start and loops in CrashLoopBackOff " * (_N // 53)) + "\n",
    ("The api pod x y z and " * (_N // 22)) + "loops in CrashLoopBackOff\n",
    "restart " * (_N // 8) + "\n",
])
def test_the_rules_words_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
