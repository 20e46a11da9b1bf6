"""burst53 (the lead's counting rule, R4.43): past the event recorder's burst no count bounds
the probe kills from above.

client-go's EventCorrelate runs the aggregator, then `eventObserve` counts the occurrence,
THEN the spam filter (`EventSourceObjectSpamFilter`, keyed by the source and the involved
object without its fieldPath: the pod) may drop it; its token bucket holds 25 (the burst) and
refills one per 300 s. Past the burst (25 of the kubelet's occurrences about the pod or more,
`rc.past_burst`) any occurrence may have been dropped, and a dropped one shows only in the
count of its event's next written occurrence, not at all if none follows: every count shown
(a probe's failures `xN`, Created, Started, BackOff) is a lower bound of the occurrences. So
past the burst the failures shown make no ceiling of the kills (no `not-probe`, no `at most N`
from failures / failureThreshold), while a stated restart count, the container's status and
no event, still bounds them (R4.7). Under the burst nothing changes. Expected ranges are worked
out by hand from those rules.
"""

from __future__ import annotations

import pytest
from helpers import explained_answer

from kubesim.explain import reconstruct as rc
from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import parse_record

_HEADER = ("Events:\n"
           "  Type     Reason     Age                  From               Message\n"
           "  ----     ------     ----                 ----               -------\n")


def _row(kind: str, reason: str, age: str, count: int, message: str) -> str:
    times = f"{age} (x{count} over 19m)" if count > 1 else age
    return f"  {kind:<8} {reason:<10} {times:<20} {'kubelet':<18} {message}\n"


def _liveness(count: int) -> str:
    return _row("Warning", "Unhealthy", "19m", count, 'Liveness probe failed: Get "http://'
                '10.0.0.5:8080/": dial tcp 10.0.0.5:8080: connect: connection refused')


def _back_off(count: int) -> str:
    return _row("Warning", "BackOff", "36s", count, "Back-off restarting failed container")


def _describe(restarts: int | None, rows: str) -> str:
    """One container's describe, waiting out a back-off, liveness failureThreshold 3, its
    Restart Count where given, over `rows`."""
    return ("Name:         web-1\nNamespace:    default\nContainers:\n  web:\n"
            "    Image:          app:1\n    State:          Waiting\n"
            "      Reason:       CrashLoopBackOff\n"
            + (f"    Restart Count:  {restarts}\n" if restarts is not None else "")
            + "    Liveness:       http-get http://:8080/ delay=0s timeout=1s period=10s "
              "#success=1 #failure=3\n" + _HEADER + rows)


@pytest.mark.parametrize("back_offs", [92, 23])
def test_failures_past_the_burst_bound_no_kills(back_offs: int) -> None:
    """Liveness x2 beside BackOff x92 (apisix-dashboard-2503's rows), and beside BackOff x23:
    25 of the kubelet's occurrences, the bucket's 25 let through and the next dropped without a
    trace (R4.43). The failures count from below, no restart count: {0, None}, no `not-probe`
    (the code before read `at most 2` from the failures shown)."""
    text = _HEADER + _liveness(2) + _back_off(back_offs)
    assert rc.past_burst(parse_record(text, "r.txt").pods[0].events)
    a = explained_answer(text)
    assert a.probe_kills == CountRange(0, None)
    assert a.kind != "not-probe"


@pytest.mark.parametrize("back_offs", [22, 20])
def test_failures_under_the_burst_keep_their_ceiling(back_offs: int) -> None:
    """The same rows short of the burst (24 of the kubelet's occurrences or fewer): the bucket
    never ran dry, nothing was dropped, and 2 failures of an unknown failureThreshold make at
    most 2 kills (R1.17): {0, 2}, as before."""
    text = _HEADER + _liveness(2) + _back_off(back_offs)
    assert not rc.past_burst(parse_record(text, "r.txt").pods[0].events)
    assert explained_answer(text).probe_kills == CountRange(0, 2)


def test_a_restart_count_past_the_burst_still_bounds() -> None:
    """describe's `Restart Count: 4` is the container's status, not an event: past the burst
    it still bounds the kills, one end before each restart and the waiting container's too
    (R4.7): {0, 5} (the code before read 0 from 2 failures under failureThreshold 3, which
    past the burst count from below)."""
    a = explained_answer(_describe(4, _liveness(2) + _back_off(92)))
    assert a.probe_kills == CountRange(0, 5)


def test_a_restart_count_under_the_burst_keeps_the_failures_ceiling() -> None:
    """Under the burst the failures are every one: 2 under failureThreshold 3 make no kill
    (R1.17), the restarts none a probe's: {0, 0}, as before."""
    assert explained_answer(_describe(4, _liveness(2) + _back_off(20))).probe_kills == \
        CountRange(0, 0)


# --- Created and Started counts past the burst -------------------------------------------------


def _starts(count: int) -> str:
    return (_row("Normal", "Created", "5m", count, "Created container web")
            + _row("Normal", "Started", "5m", count, "Started container web"))


@pytest.mark.parametrize("text", [
    # liveness x2, BackOff x13, Created and Started x5: 25 of the kubelet's occurrences
    _HEADER + _liveness(2) + _back_off(13) + _starts(5),
    # no failure shown, the container's probe and its back-off in describe, no restart count
    _describe(None, _back_off(15) + _starts(5)),
])
def test_starts_past_the_burst_bound_no_kills(text: str) -> None:
    """Past the burst the Created and Started rows count the containers from below: a start
    dropped after the rows' last written occurrence shows nowhere (R4.43), nor its end. No
    restart count: {0, None} (the code before read `at most 5` from 5 containers, the last
    ended)."""
    assert explained_answer(text).probe_kills == CountRange(0, None)


def test_starts_under_the_burst_keep_their_bound() -> None:
    """The same rows short of the burst (22 occurrences): 5 containers stated, nothing
    dropped; the 2 failures make at most 2 kills of the 4 restarts (R1.17): {0, 2}."""
    text = _HEADER + _liveness(2) + _back_off(10) + _starts(5)
    assert explained_answer(text).probe_kills == CountRange(0, 2)
    assert explained_answer(_describe(None, _back_off(8) + _starts(5))).probe_kills == \
        CountRange(0, 5)


def test_a_restart_count_beside_starts_past_the_burst_still_bounds() -> None:
    """`Restart Count: 4` beside Created x5 past the burst: the status bounds the kills, R4.7,
    {0, 5}; the rows' counts only from below."""
    assert explained_answer(_describe(4, _back_off(15) + _starts(5))).probe_kills == \
        CountRange(0, 5)


def _flux_rows(kills: int, starts: int, failures: int) -> str:
    """fluxcd-flux2-3813's shape: Created and Started counts beside fewer Killing rows."""
    return ("Events:\n"
            "  Type     Reason     Age                 From     Message\n"
            "  ----     ------     ----                ----     -------\n"
            f"  Normal   Created    3m (x{starts} over 4h)    kubelet  Created container manager\n"
            f"  Normal   Killing    3m (x{kills} over 4h)    kubelet  Container manager failed "
            "liveness probe, will be restarted\n"
            f"  Normal   Started    3m (x{starts} over 4h)    kubelet  Started container manager\n"
            f"  Warning  Unhealthy  2m (x{failures} over 4h)   kubelet  Liveness probe failed: Get "
            "\"http://10.0.0.1:9440/healthz\": dial tcp 10.0.0.1:9440: connect: connection "
            "refused\n")


def test_the_restarts_created_rows_prove_past_the_burst_bound_no_kills():
    """`_inferred_most`: past the burst (5 + 16 + 44 = 65 occurrences) the restarts the
    Created x8 proves are a floor of the starts (R4.43), no ceiling of the kills."""
    past = explained_answer(_flux_rows(5, 8, 44))
    assert past.probe_kills.lo == 5 and past.probe_kills.hi is None


def test_the_restarts_created_rows_prove_short_of_the_burst_still_bound_the_kills():
    """The other side: 2 + 8 + 6 = 16 occurrences, short of the burst: the counts are whole."""
    short = explained_answer(_flux_rows(2, 4, 6))
    assert short.probe_kills.lo == 2 and short.probe_kills.hi is not None
