"""The suite's own machinery: the laws real-time tests judge recordings by (they must catch a
recording that breaks them), the process fixture that leaves nothing for the garbage collector,
and the guard on skip reasons and test ids that name paths outside the repository."""

from __future__ import annotations

import textwrap

import pytest
from realtime import AppRequest, causality_problems, matched, ticker_problems
from suite_guards import OUTSIDE, REPO, outside_the_repository

from kubesim.behaviour.answer import AnswerError
from kubesim.behaviour.trace import Observation


def ok(t: float, ms: float = 1.0, status: int = 200) -> Observation:
    return Observation(t=t, latency_ms=ms, status=status)


def failed(t: float, ms: float, error: str) -> Observation:
    return Observation(t=t, latency_ms=ms, error=AnswerError(error))


def test_the_ticker_laws_accept_late_and_dropped_ticks_and_catch_early_or_overlapping_ones():
    late = [ok(0.0), ok(0.13), ok(0.2001), ok(0.75, 400), ok(1.15)]  # late, dropped, catch-up
    assert ticker_problems(late, 0.1, 1.0) == []
    early = ticker_problems([ok(0.0), ok(0.05)], 0.1, 1.0)
    assert early == ["request 1 sent at t=0.050000, before its tick 0.1"]
    overlap = ticker_problems([ok(0.0, 300), ok(0.2)], 0.1, 1.0)
    assert overlap == [("request 1 sent at t=0.200000 while request 0 (t=0.000000, 300 ms) "
                        "was in flight")]
    assert ticker_problems([ok(k * 0.1) for k in range(12)], 0.1, 1.0) == [
        "12 requests in 1 s at an interval of 0.1"]


def test_causality_catches_a_request_received_before_it_was_sent_or_answered_too_late():
    o = ok(5.0, 2.0)
    assert causality_problems(o, 5.0005, 5.0015) == []
    assert causality_problems(o, 4.99, 4.995) == [
        "the server received it at 4.990000, before it was sent"]
    assert causality_problems(o, 5.001, 5.003) == [
        "the server answered at 5.003, after the answer came back at 5.002000"]
    assert causality_problems(failed(5.0, 1000, "timeout"), 6.5, 6.6) == []  # censored


def test_matching_the_apps_log_tolerates_late_logs_of_timeouts_and_nothing_else():
    obs = [failed(0.0, 0.1, "refused"), ok(0.5), failed(1.0, 1000, "timeout"), ok(2.0, 900)]
    log = [AppRequest("/p", 0.5002, 0.5005, 200), AppRequest("/p", 2.89, 2.895, 200),
           AppRequest("/p", 2.891, 2.8955, 200)]  # the timed-out request, answered late
    pairs = matched(obs, log)
    assert [(o.t, r and r.at) for o, r in pairs] == [(0.5, 0.5002), (1.0, None), (2.0, 2.89)]
    with pytest.raises(AssertionError, match="matches no request the app logged"):
        matched(obs, [AppRequest("/p", 0.5002, 0.5005, 503), *log[1:]])  # another status
    with pytest.raises(AssertionError, match="matches no request the app logged"):
        matched([ok(0.5)], [AppRequest("/p", 0.4, 0.4001, 200)])  # received before it was sent
    with pytest.raises(AssertionError, match="the trace does not have"):
        matched([ok(0.5)], [AppRequest("/p", 0.5002, 0.5005, 200),
                            AppRequest("/p", 1.0, 1.0001, 200)])  # the capture lost one


def test_paths_outside_the_repository_are_found_and_hidden():
    sibling = REPO.parent / "shared" / "corpus" / "real-manifests"
    assert outside_the_repository(f"corpus folder {sibling} absent") == (
        f"corpus folder {OUTSIDE} absent")
    assert outside_the_repository("see ../shared/corpus/pods") == f"see {OUTSIDE}"
    for fine in (f"{REPO / 'tests' / 'x.yaml'}", "/tmp/pytest-of-root/t.jsonl",
                 "the real-manifest corpus is not present", "failureThreshold=1..10"):
        assert outside_the_repository(fine) == fine


def test_a_skip_reason_naming_a_path_outside_the_repository_fails(pytester):
    pytester.makepyfile(test_inner=f"""
        import pytest

        def test_with_the_path():
            pytest.skip("corpus folder {REPO.parent / 'shared' / 'corpus'} absent")

        def test_without_it():
            pytest.skip("the real-manifest corpus is not present")
    """)
    result = pytester.runpytest("-p", "suite_guards", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1, skipped=1)
    result.stdout.fnmatch_lines(["*the skip reason names a path outside the repository*"])
    assert str(REPO.parent / "shared") not in result.stdout.str()


@pytest.mark.realtime
def test_a_failing_test_leaves_no_pipe_for_a_later_test_to_trip_over(pytester, monkeypatch):
    """The issue's failure mode: a real-time test fails with a subprocess running; its frames
    live on (pytest keeps the last traceback for post-mortem debugging) and are collected
    during some later test, whose run then fails on the ResourceWarning. The `procs` fixture
    reaps the process and closes its pipes at teardown, so the later collection finds
    nothing."""
    pytester.makepyfile(test_inner=textwrap.dedent("""
        import gc, subprocess, sys

        def test_a_real_time_test_that_fails(procs):
            procs.start([sys.executable, "-c", "import time; time.sleep(60)"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            assert False, "recorded something unexpected"

        def test_an_unrelated_later_test():
            sys.last_type = sys.last_value = sys.last_traceback = None
            sys.last_exc = None
            gc.collect()
    """))
    # in a process of its own, as the suite runs: nothing else keeps the failed test's frames
    monkeypatch.setenv("PYTHONPATH", str(REPO / "tests"))
    result = pytester.runpytest_subprocess("-p", "realtime", "-p", "no:cacheprovider",
                                           "-W", "error")
    result.assert_outcomes(failed=1, passed=1)
    assert "ResourceWarning" not in result.stdout.str() + result.stderr.str()
