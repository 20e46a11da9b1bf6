"""Stop 51 (fixpod51): readiness failures naming no container, beside several containers none
of which shows an end, are the pod's readiness-only answer.

keycloak-operator-431 (held-out batch 92): describe's Events whole from Scheduled, an init
container and keycloak each created and started once, then `Unhealthy 3s (x79 over 39m)
Readiness probe failed:` naming no container. Whichever container's readiness failed, a
readiness failure ends nothing (R3.4), and the pod is not Ready by readiness alone: the README's
lead rule of stop 50 (readiness failures with no end shown are readiness-only, {0, 0}, whatever
rows are cut away) makes the pod's answer readiness-only, readiness, {0, 0}, failures shown
(pod_answer.py `_readiness_alone`).

Variants that stay as before: a liveness or startup failure naming no container (cannot-tell:
it may have killed the container it was), a readiness failure beside an end of any container
(a back-off, a second creation, a kill, a stop naming none) or beside
a container the record shows only by its image (its end is not in the record), and one
container (its own readiness-only answer, no pod's).

An OOMKilled end placed in no State or Last State and at no time (an author's `restarted due to
OOMKilled`) beside a probe's kill (stated in prose, or a Killing row): the record does not
order them, so which ended the container last is not told: cannot-tell, the probe failed, its
kills as counted (diagnosis.py `_oom_unordered`; hiero-mirror-node-7414's rule, fix91's
finding). An OOMKilled Last State beside kills stays oom-killed (the last end, R4.7)."""

from __future__ import annotations

from typing import Any

import pytest

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Answer, Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.results import ProbeType

_HEAD = (
    "  Type     Reason     Age                From               Message\n"
    "  ----     ------     ----               ----               -------\n"
    "  Normal   Scheduled  40m                default-scheduler  Successfully assigned "
    "ns/web-0 to node-1\n")
# an init container and the app container, each created and started once
_ROWS = (
    "  Normal   Pulled     40m                kubelet            Container image "
    "\"example.com/init:1.0\" already present on machine\n"
    "  Normal   Created    40m                kubelet            Created container setup\n"
    "  Normal   Started    40m                kubelet            Started container setup\n"
    "  Normal   Pulled     40m                kubelet            Container image "
    "\"example.com/web:1.0\" already present on machine\n"
    "  Normal   Created    40m                kubelet            Created container web\n"
    "  Normal   Started    40m                kubelet            Started container web\n")
_READY = ("  Warning  Unhealthy  3s (x79 over 39m)  kubelet            Readiness probe failed:"
          "{output}\n")


def _explained(text: str) -> Any:
    """explain's pod answer of the record `text` (one grid phase, no suggestion), None where
    it gives none; and every container's answer."""
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    return ex.answer, [c.answer for c in ex.containers]


def _events(rows: str, *, head: bool = True) -> str:
    return "The same happened here:\n```\n" + (_HEAD if head else "") + rows + "```\n"


@pytest.mark.parametrize("head", [True, False])
@pytest.mark.parametrize("output", ["", " HTTP probe failed with statuscode: 503",
                                    " Get \"http://10.1.2.3:8080/ready\": context deadline "
                                    "exceeded (Client.Timeout exceeded while awaiting headers)"])
@pytest.mark.parametrize("count", ["3s (x79 over 39m)", "3s", "12s (x3 over 40s)"])
def test_readiness_failures_naming_no_container_beside_two_with_no_end_are_readiness_only(
        head, output, count):
    """Readiness failures naming no container beside two containers that each started once
    and show no end (the events whole from Scheduled, or a piece without the header: whatever
    rows are cut away): the pod's answer is readiness-only, readiness, {0, 0}, failures shown;
    no probe setting would have prevented a kill that did not happen."""
    row = _READY.format(output=output).replace("3s (x79 over 39m)", f"{count:<17}")
    answer, _ = _explained(_events(_ROWS + row, head=head))
    assert answer is not None
    assert (answer.cause, answer.failed, answer.probe_kills, answer.shows_failures) == \
        (Cause.READINESS_ONLY, (ProbeType.READINESS,), CountRange(0, 0), True)
    assert answer.prevention.answer is Answer.NO
    assert "naming no container" in answer.text


_ENDS = [
    # a back-off refusal of web: it ended, for a cause the record does not show (R4.9)
    "  Warning  BackOff    2s (x3 over 30m)   kubelet            Back-off restarting failed "
    "container web in pod web-0_ns\n",
    # a back-off refusal naming no container
    "  Warning  BackOff    2s (x3 over 30m)   kubelet            Back-off restarting failed "
    "container\n",
    # a stop naming no container
    "  Normal   Killing    2s                 kubelet            Stopping container web\n",
    # a second creation of web: a restart
    "  Normal   Created    2s (x2 over 40m)   kubelet            Created container web\n",
    # a kill of web by its liveness probe
    "  Normal   Killing    2s                 kubelet            Container web failed liveness "
    "probe, will be restarted\n",
]


@pytest.mark.parametrize("head", [True, False])
@pytest.mark.parametrize("end", _ENDS)
def test_readiness_failures_naming_none_beside_an_end_stay_the_pods_cannot_tell(head, end):
    """The negative side: beside an end of any container (a back-off, a second creation, a
    kill, a stop naming none), whose readiness failed does not end the question of what ended
    the container that ended: the pod's answer is not readiness-only."""
    answer, _ = _explained(_events(_ROWS + _READY.format(output="") + end, head=head))
    assert answer is not None
    assert answer.cause is not Cause.READINESS_ONLY


@pytest.mark.parametrize("probe", ["Liveness", "Startup"])
@pytest.mark.parametrize("head", [True, False])
def test_liveness_or_startup_failures_naming_none_beside_two_stay_cannot_tell(probe, head):
    """The negative side: a liveness or startup failure naming no container may have killed
    the container it was (R1.17): cannot-tell, as before; and beside readiness failures too."""
    row = _READY.format(output=" HTTP probe failed with statuscode: 503")
    other = row.replace("Readiness", probe)
    for rows in (other, row + other):
        answer, _ = _explained(_events(_ROWS + rows, head=head))
        assert answer is not None
        assert answer.cause is Cause.CANNOT_TELL


def test_readiness_failures_naming_none_beside_a_container_shown_by_its_image_stay_open():
    """The negative side: a third image pulled, its container not named (the README's rule
    of probe failures naming no container: its end is not in the record): cannot-tell."""
    image = ("  Normal   Pulled     40m                kubelet            Successfully pulled "
             "image \"example.com/proxy:2.0\" in 1.2s\n")
    answer, _ = _explained(_events(_ROWS + image + _READY.format(output="")))
    assert answer is not None
    assert answer.cause is Cause.CANNOT_TELL


def test_readiness_failures_of_one_container_are_its_own_readiness_only_answer():
    """One container: its own answer, readiness-only, and no pod's (as before)."""
    rows = ("  Normal   Created    40m                kubelet            Created container web\n"
            "  Normal   Started    40m                kubelet            Started container web\n")
    answer, containers = _explained(_events(rows + _READY.format(output="")))
    assert answer is None
    [one] = containers
    assert (one.cause, one.probe_kills) == (Cause.READINESS_ONLY, CountRange(0, 0))


# ------------------------------------------------ an OOMKilled end and a probe kill in no order

# the hiero-mirror-node-7414 shape, stated sentence by sentence: the README's rule of ends of
# different causes stated of the pods in no order (fix91's finding)
@pytest.mark.parametrize("text,probe", [
    ("The api pod restarted due to OOMKilled.\n"
     "The api pod restarted because the liveness probe failed.\n", ProbeType.LIVENESS),
    ("The api pod restarted because the liveness probe failed.\n"
     "The api pod restarted due to OOMKilled.\n", ProbeType.LIVENESS),
    ("Our worker pod restarted due to OOMKilled.\n"
     "Our worker pod was restarted because its startup probe failed.\n", ProbeType.STARTUP),
])
def test_an_oomkilled_end_and_a_probe_kill_stated_in_no_order_leave_the_cause_open(text, probe):
    """An OOMKilled end and a probe's kill, each stated of the case's pod in prose, neither
    placed in a State or Last State nor timed: which ended it last the record does not order,
    so the cause is open (cannot-tell), the probe failed, its kills at least one, no count
    bounds them; not oom-killed {1, 1} (the OOM taken as the last end)."""
    a = _only_answer(text)
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (probe,), CountRange(1, None), True)


def test_an_oomkilled_end_stated_in_prose_beside_a_killing_row_is_in_no_order():
    """An OOMKilled end stated in prose (no state, no time) beside a liveness Killing row: the
    record does not order them either: cannot-tell, not oom-killed."""
    a = _only_answer(
        "The api pod restarted due to OOMKilled.\n```\n  Normal   Killing    50m (x2 over 2h)   "
        "kubelet  Container api failed liveness probe, will be restarted\n```\n")
    assert (a.cause, a.failed) == (Cause.CANNOT_TELL, (ProbeType.LIVENESS,))


_LAST_OOM = """Name: api-0
Containers:
  api:
    State:          Running
      Started:      Mon, 01 Jan 2024 10:00:00 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Mon, 01 Jan 2024 09:00:00 +0000
      Finished:     Mon, 01 Jan 2024 09:59:00 +0000
    Ready:          True
    Restart Count:  3
Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Warning  Unhealthy  50m (x6 over 2h)   kubelet  Liveness probe failed: HTTP probe failed with \
statuscode: 503
  Normal   Killing    50m (x2 over 2h)   kubelet  Container api failed liveness probe, will be \
restarted
"""


@pytest.mark.parametrize("text,cause", [
    (_LAST_OOM, Cause.OOM_KILLED),  # a Last State is the last end (R4.7)
    ("The api pod restarted due to OOMKilled.\n", Cause.OOM_KILLED),
    ("The api pod restarted because the liveness probe failed.\n", Cause.LIVENESS_KILL),
])
def test_an_oomkilled_last_state_or_one_end_alone_keeps_its_cause(text, cause):
    """The negative side: an OOMKilled Last State beside liveness kills is the last end
    (oom-killed, as before); an OOMKilled end or a liveness kill stated alone is the cause."""
    assert _only_answer(text).cause is cause


def _only_answer(text: str) -> Any:
    answer, containers = _explained(text)
    if answer is not None:
        return answer
    [one] = containers
    return one
