"""Held-out batch 91 (fix91): IoT, edge, telecom and blockchain threads.

- A crash loop of the case's pods stated `going through` the status (chainlink-gcp-5: `noticing
  my Pods were going through CrashLoopBackOff`, then a fenced `kubectl logs --tail`): a
  back-off whose restarts no count bounds, as `went into` it (stated_crashloop.py, widened at
  fix91).

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, a guide's present, `a pod`, `pods`, `your pod`, a modal, another status)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ `going through` a crash loop


@pytest.mark.parametrize("text", [
    "For those who come along, I ran into this issue after firing up the GKE environment and "
    "noticing my Pods were going through CrashLoopBackOff. I was getting a 502.\n"
    "```\n$ kubectl logs pod/chainlink-75dd5b6bdf-8b7zc --tail 15\n"
    "2021-09-03T18:35:03Z [DEBUG] Off-chain reporting disabled\n2021-09-03T18\n",
    "The api pod went through CrashLoopBackOff after the upgrade.\n",
    "Our worker pods keep going through CrashLoopBackOff since Monday.\n",
    "The gateway-7d9f6c pod is going through a CrashLoopBackOff.\n",
    "My postgres pod goes through `CrashLoopBackOff` every night.\n",
])
def test_a_pod_going_through_a_crash_loop_is_its_back_off(text):
    """The case's pod or pods (a determiner of the case's, a name) stated `going through`
    (`went`, `goes`, `keep going` through) the crash loop: a back-off whose restarts no count
    bounds (cannot-tell, no probe, {0, null}, failures shown)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures, a.failed) == \
        (Cause.CANNOT_TELL, CountRange(0, None), True, ())


@pytest.mark.parametrize("text", [
    "Are my pods going through CrashLoopBackOff?\n",
    "My pods are not going through CrashLoopBackOff anymore.\n",
    "If my pods go through CrashLoopBackOff, check the logs.\n",
    "A pod goes through CrashLoopBackOff when its container keeps exiting.\n",
    "Pods go through CrashLoopBackOff when they exit again and again.\n",
    "Your pod went through CrashLoopBackOff because of the missing key.\n",
    "My pods will go through CrashLoopBackOff without the database.\n",
    "My pods were going through ContainerCreating for ten minutes.\n",
])
def test_going_through_a_crash_loop_of_no_case_stays_refused(text):
    """The negative side: a question, a negation, a conditional, a guide's `a pod` and
    `pods`, `your pod`, a modal, another status: the paste alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# ------------------------------------------------ one pass


@pytest.mark.parametrize("text", [
    "my pods were going through " * 80_000 + "CrashLoopBackOff\n",
    "my pods were going" + " " * 2_000_000 + "through CrashLoopBackOff\n",
    "my " + "pods " * 400_000 + "went through CrashLoopBackOff\n",
])
def test_the_fix91_readers_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the rules' words, read in one pass."""
    read_in_one_pass(text)
