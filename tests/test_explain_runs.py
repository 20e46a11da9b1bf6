"""Kills a record does not show but proves (issue 30, items 2 and 3): liveness or startup
failures that came in a row, failureThreshold of them or more, are a kill the kubelet made
(R1.17: the F-th failure in a row turns the result to Failure; R4.1: the next pod sync kills),
labelled inferred, never "recorded". That they came in a row is read from the failures'
timeline alone, through the kubelet model's arithmetic (`kubelet.timing.calls_within`): no
more calls of the probe fit in the span they cover than the record counts failures, so no
success came between them. A record whose failures are spread wider (k8s-31717: 8 over
4 min 30 s at a 10 s period) proves no kill, however sure the reader is of its app."""

from __future__ import annotations

import math
import random

from helpers import explained_answer
from hypothesis import given
from hypothesis import strategies as st

from kubesim.explain.model import Cause, CountRange
from kubesim.kubelet.timing import calls_within
from kubesim.render.explain_formats import answer_lines
from kubesim.spec.model import Probe


def _probe(period: int, timeout: int) -> Probe:
    return Probe.model_validate({"exec": {"command": ["true"]}, "periodSeconds": period,
                                 "timeoutSeconds": timeout})


@given(period=st.integers(1, 30), timeout=st.integers(1, 40), calls=st.integers(2, 40),
       seed=st.integers(0, 2**32 - 1))
def test_no_more_calls_fit_in_a_span_than_calls_within_says(period, timeout, calls, seed):
    """A worker's calls as R1.10-R1.12 run them: a tick every period, a call on each tick
    that comes while none runs, one held tick starting a call at once when a call outlasts
    the period (later ticks dropped), each call taking up to timeoutSeconds. Any stretch of
    its results holds no more calls than `calls_within` allows for its span."""
    rng = random.Random(seed)
    ends: list[float] = []
    start = 0.0  # the worker's first tick
    while len(ends) < calls:
        end = start + rng.uniform(0, timeout)
        ends.append(end)
        tick = (math.floor(start / period + 1e-9) + 1) * period  # the next tick after start
        # a tick that came during the call is held and starts the next call at once; any
        # others are dropped; else the next call waits for the next tick (R1.10, R1.11)
        start = end if tick <= end else tick
    p = _probe(period, timeout)
    for i in range(len(ends)):
        for j in range(i + 1, len(ends)):
            assert j - i + 1 <= calls_within(p, ends[j] - ends[i], call_seconds=float(timeout))


def _describe(over: str, restarts: str = "1", liveness: bool = True) -> str:
    probe = ("    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s "
             "#success=1 #failure=3\n") if liveness else ""
    return ("Name:         web-0\nNamespace:    default\nContainers:\n  web:\n"
            "    State:          Running\n    Ready:          True\n"
            f"    Restart Count:  {restarts}\n{probe}"
            "Events:\n  Type     Reason     Age   From     Message\n"
            "  ----     ------     ----  ----     -------\n"
            f"  Warning  Unhealthy  10s (x{over})  kubelet  Liveness probe failed: HTTP probe "
            "failed with statuscode: 500\n")


def test_failures_in_a_row_are_an_inferred_kill():
    """3 failures 20 s apart at a 10 s period, failureThreshold 3 (describe's probe line):
    no fourth call fits in 21 s (the ages' rounding), so they came in a row and killed."""
    a = explained_answer(_describe("3 over 30s"))
    assert (a.cause, a.kind, a.probe) == (Cause.LIVENESS_KILL, "inferred-liveness-kill",
                                          a.failed[0])
    assert a.probe_kills == CountRange(1, 1)
    assert a.text.startswith("inferred, not recorded") and "R1.17" in a.text
    assert "inferred from failures in a row" in answer_lines(a.to_data())[1]
    # 6 in a row over 50 s: 2 kills (the run starts again after each, §1.5 step 14)
    assert explained_answer(_describe("6 over 60s", restarts="2")).probe_kills == CountRange(2, 2)


def test_failures_with_room_for_a_success_between_prove_no_kill():
    """The same 3 failures over 40 s: 5 calls fit, so a success may have broken the run."""
    a = explained_answer(_describe("3 over 50s"))
    assert a.cause is Cause.CANNOT_TELL and not a.kind.startswith("inferred")


def test_no_kill_is_inferred_from_settings_the_record_does_not_give():
    """Without the probe line failureThreshold is the API's default, assumed: no inference."""
    a = explained_answer(_describe("3 over 30s", liveness=False))
    assert a.cause is Cause.CANNOT_TELL


def test_a_kill_under_way_has_not_restarted_the_container():
    """restartCount 0: the kill the run proves has not restarted the container yet, and the
    record cannot say it happened (the container may be terminating): no inferred kill."""
    a = explained_answer(_describe("3 over 30s", restarts="0"))
    assert not a.kind.startswith("inferred")
