"""Held-out batch 91 (fix91): IoT, edge, telecom and blockchain threads.

- A crash loop of the case's pods stated `going through` the status (chainlink-gcp-5: `noticing
  my Pods were going through CrashLoopBackOff`, then a fenced `kubectl logs --tail`): a
  back-off whose restarts no count bounds, as `went into` it (stated_crashloop.py, widened at
  fix91).

- An event row cut inside its reason, `Warning  Unh` (fabric-operator-154: describe's rows
  without their header, the orderer and its proxy started once, the paste ending there): only
  the kubelet's Unhealthy starts so, a probe's call that failed or errored (R2.3), read as an
  Unhealthy row cut before its message (event_rows.py); such a row, whose probe the record
  lost, beside several containers naming none is each one's possible failure and the pod's
  answer's (README, gaps of gapsb42 and the rule of probe failures naming no container:
  reconstruct.probe_lost).

Hand-written variants beside those that must stay unread (a question, a negation, a
conditional, a guide's present, `a pod`, `pods`, `your pod`, a modal, another status; a reason
too short to be Unhealthy's alone, another reason's start, a Normal row, a row with a
message)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
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


# ------------------------------------------------ an event row cut inside its reason, `Unh`

# describe's event rows without their header, two containers started once each (and an init
# image pulled, a third image: `init`), the paste ending in a Warning row cut in its reason
_ROWS = (
    "```\n"
    "{init}"
    "  Normal   Pulling    9m54s  kubelet  Pulling image \"example.com/ledger:2.5\"\n"
    "  Normal   Pulled     9m53s  kubelet  Successfully pulled image \"example.com/ledger:2.5\" "
    "in 854ms\n"
    "  Normal   Created    9m53s  kubelet  Created container ledger\n"
    "  Normal   Started    9m53s  kubelet  Started container ledger\n"
    "  Normal   Pulled     9m42s  kubelet  Successfully pulled image \"example.com/web:1.0\" "
    "in 11s\n"
    "  Normal   Created    9m42s  kubelet  Created container gateway\n"
    "  Normal   Started    9m41s  kubelet  Started container gateway\n"
    "{last}")
_INIT = ("  Normal   Pulled     10m    kubelet  Successfully pulled image \"example.com/init:1.0\" "
         "in 911ms\n")
_ONE = ("  Normal   Created    2m     kubelet  Created container web\n"
        "  Normal   Started    2m     kubelet  Started container web\n"
        "{last}")


def _explained(text: str) -> Any:
    """explain's pod answer of the record `text` (one grid phase, no suggestion), else its
    one container's; and every container's answer."""
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    answers = [c.answer for c in ex.containers]
    return (ex.answer if ex.answer is not None else answers[0]), answers


@pytest.mark.parametrize("init", ["", _INIT])
@pytest.mark.parametrize("last", ["  Warning  Unh", "  Warning  Unhe\n", "  Warning  Unhealt",
                                  "  Warning  Unhealthy  3m (x5 over 10m)  kubelet\n"])
def test_a_warning_row_cut_in_its_reason_unh_is_a_failure_of_a_probe_lost_beside_two(init, last):
    """A Warning row cut inside its reason after `Unh` (only the kubelet's Unhealthy starts
    so), or an Unhealthy row cut before its message (README, gaps of gapsb42), beside two
    containers that started once: a failure of a probe the record lost naming neither, the
    pod's answer (README's rule of probe failures naming no container): cannot-tell, no
    probe named, {0, null}, failures shown."""
    answer, _ = _explained(_ROWS.format(init=init, last=last))
    assert (answer.cause, answer.failed, answer.probe_kills, answer.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)
    assert answer.kind in ("pod-which-container", "which-probe")


@pytest.mark.parametrize("last", ["  Warning  Unh", "  Warning  Unhea\n"])
def test_a_warning_row_cut_in_its_reason_unh_beside_one_container_is_its_failure(last):
    """Beside one container, the row cut after `Unh` is its failure of a probe the record
    lost (which-probe): cannot-tell, {0, null}, failures shown."""
    answer, _ = _explained(_ONE.format(last=last))
    assert (answer.cause, answer.kind, answer.failed, answer.probe_kills,
            answer.shows_failures) == \
        (Cause.CANNOT_TELL, "which-probe", (), CountRange(0, None), True)


@pytest.mark.parametrize("last", [
    "  Warning  Un",  # (two letters: UnfinishedPreStopHook starts so too)
    "  Warning  Unf",
    "  Normal   Unh",  # (the kubelet records Unhealthy as a Warning)
    "  Warning  Unh    3m  kubelet  something the row says\n",  # (a message: no cut reason)
])
def test_a_row_cut_in_a_reason_that_is_not_unhealthys_start_shows_no_failure(last):
    """The negative side: a reason too short to be Unhealthy's alone, another reason's start,
    a Normal row, a row with a message: no failure shown, no pod's answer."""
    for text in (_ROWS.format(init="", last=last), _ONE.format(last=last)):
        ex = explain_records([parse_record(text, "r.txt")],
                             ExplainOptions(suggest=False, phases=1))
        assert ex.answer is None
        assert not any(c.answer.shows_failures for c in ex.containers if c.answer)
