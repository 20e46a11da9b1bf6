"""fixburst51 (the lead's rule of stop 51, logzio-k8s-19): a counted table past the event
recorder's burst. Past 25 of the kubelet's occurrences about a pod the spam filter may drop a
container's whole life (R4.43), so where the rows show a start begun after the last end they
place (a Pulling, Pulled or Created row newer than every Started and BackOff row), that
container may have been killed by a probe with every event dropped, and so may each container
the back-off's cadence lets start after it (R4.10-R4.13). Expected ranges are worked out by
hand from those rules."""

from __future__ import annotations

import pytest
from helpers import explained_answer
from hypothesis import given
from hypothesis import strategies as st

from kubesim.explain.burst_start import wait_after_end
from kubesim.explain.model import Cause, CountRange

_HEADER = (" Events:\n"
           "  Type     Reason     Age                  From               Message\n"
           "  ----     ------     ----                 ----               -------\n"
           "  Normal   Scheduled  5m                   default-scheduler  Successfully "
           "assigned ns/worker-7d9f8c-abcde to node-1\n")


def _row(kind: str, reason: str, age: str, count: int, message: str) -> str:
    times = f"{age} (x{count} over 5m)" if count > 1 else age
    return f"  {kind:<8} {reason:<10} {times:<20} kubelet            {message}\n"


def _pulled(age: str, n: int) -> str:
    return _row("Normal", "Pulled", age, n, 'Successfully pulled image "app:1"')


def _created(age: str, n: int) -> str:
    return _row("Normal", "Created", age, n, "Created container worker")


def _started(age: str, n: int) -> str:
    return _row("Normal", "Started", age, n, "Started container worker")


def _back_off(age: str, n: int) -> str:
    return _row("Warning", "BackOff", age, n, "Back-off restarting failed container")


def _pulling(age: str, n: int) -> str:
    return _row("Normal", "Pulling", age, n, 'Pulling image "app:1"')


def _four_ends(started: str, back_off: str, refusals: int = 8) -> str:
    """Four containers started, the fourth ended (a BackOff after the last Started)."""
    return _pulled(started, 4) + _created(started, 4) + _started(started, 4) + \
        _back_off(back_off, refusals)


def test_the_back_off_waits_as_the_reference_gives_them():
    """R4.11's delays 10, 20, 40, 80, 160, 300 s, the first restart at once (R4.12)."""
    assert [wait_after_end(n) for n in range(1, 9)] == [0, 10, 20, 40, 80, 160, 300, 300]


def test_the_back_off_wait_stays_at_its_cap_past_a_thousand_ends():
    """R4.11's wait is 300 s after any end past the sixth, however many (review51: the
    doubling overflowed a float past 1,026 ends)."""
    assert wait_after_end(2_000) == wait_after_end(10_000) == 300


def test_a_start_begun_days_past_the_burst_is_read():
    """A fifth start begun 13 days ago, after four ends 14 days ago: the back-off lets a start
    every 300 s at the most (R4.11), so the cadence lets thousands of containers start since,
    each maybe killed with every event dropped (R4.43): no probe's kill shown, more than one
    open (the sixth needs 80 s after the fifth end, R4.12), and no crash on the count
    (review51: OverflowError)."""
    a = explained_answer(_HEADER + _four_ends("14d", "14d") + _pulling("13d", 5))
    assert a.probe_kills.lo == 0
    assert a.probe_kills.hi is None or a.probe_kills.hi >= 2


def test_the_opened_container_takes_its_article():
    """Seven ends placed (7 Started, a BackOff after them; 7 + 7 + 7 + 8 + 5 = 34
    occurrences, past the burst of 25, R4.43) and a start begun after them: the eighth
    container, `an eighth` (review51: `a eighth`)."""
    text = _HEADER + _pulled("60s", 7) + _created("60s", 7) + _started("60s", 7) + \
        _back_off("40s", 8) + _pulling("30s", 5)
    because = explained_answer(text).probe_kills.because
    assert "an eighth container" in because
    assert "a eighth" not in because


@pytest.mark.parametrize("text", [
    # a Pulling row newest (x5: 4 + 4 + 4 + 8 + 5 = 25 occurrences, the burst): the fifth
    # start begun 30 s ago; a sixth needs 80 s after the fourth end (R4.12, R4.13), which came
    # after the last Started row 60 s ago: one end opened
    _HEADER + _four_ends("60s", "40s") + _pulling("30s", 5),
    # a Created row newest, its Started missing (5 + 5 + 4 + 11 = 25)
    _HEADER + _pulled("20s", 5) + _created("20s", 5) + _started("60s", 4)
    + _back_off("40s", 11),
    # further past the burst (a BackOff of 14 refusals, as many as four ends allow, R4.10-R4.12:
    # more would show rows lost, the lead's rule of stop 60, lostrows, and leave them open)
    _HEADER + _four_ends("60s", "40s", 14) + _pulling("30s", 5),
])
def test_a_start_begun_past_the_burst_opens_one_end(text):
    """The four ends the rows place had their failures let through, none a probe's kill; the
    fifth container, begun after them, may have been killed with every event dropped: {0, 1}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 1))


def test_the_cadence_may_let_a_sixth_container_start_too():
    """logzio-k8s-19's times: the last Started 3m21s, the Pulling 2m33s ago. A sixth start
    needs 80 s after the fourth end (R4.12; after a kill the same sync starts it against the
    container before, R4.6, R4.13): by 121 s ago at the latest, in time; a seventh needs 160 s
    after the fifth end, which came after the fifth start 153 s ago: two ends opened."""
    a = explained_answer(_HEADER + _four_ends("3m21s", "2m44s") + _pulling("2m33s", 5))
    assert a.probe_kills == CountRange(0, 2)
    assert "fifth container" in a.probe_kills.because
    assert "past the event recorder's burst" in a.probe_kills.because


@pytest.mark.parametrize(("kept", "opened"), [
    # under the burst (BackOff x7: 24 occurrences) the fifth container's rows would show; x8
    # reaches it
    (_HEADER + _four_ends("60s", "40s", 7) + _pulling("30s", 5),
     _HEADER + _four_ends("60s", "40s", 8) + _pulling("30s", 5)),
    # the newest row a BackOff (20s, after the Pulling row): no start shown after the last
    # end; the BackOff before the Pulling row opens it
    (_HEADER + _four_ends("60s", "20s") + _pulling("30s", 5),
     _HEADER + _four_ends("60s", "35s") + _pulling("30s", 5)),
    # the Pulling row no newer than the last Started (both 60s): it is that start's
    (_HEADER + _four_ends("60s", "40s") + _pulling("60s", 5),
     _HEADER + _four_ends("60s", "40s") + _pulling("30s", 5)),
])
def test_no_start_begun_past_the_burst_keeps_the_back_off_rule(kept, opened):
    """The back-off rule's reading stands where no start is shown begun after the last end
    past the burst (no probe's kill among the ends the rows show: {0, 0}), beside the same
    rows changed only so that one is: {0, 1}."""
    assert explained_answer(kept).probe_kills == CountRange(0, 0)
    assert explained_answer(opened).probe_kills == CountRange(0, 1)


def _age(seconds: int) -> str:
    """An age as kubectl prints it (HumanDuration): seconds under 2 min, then minutes."""
    if seconds < 120:
        return f"{seconds}s"
    m, s = divmod(seconds, 60)
    return f"{m}m{s}s" if s and seconds < 600 else f"{m}m"


# (refusals up to 14, as many as four ends allow, R4.10-R4.12; more show rows lost, stop 60)
@given(refusals=st.integers(8, 14), started=st.integers(60, 900), back_off=st.integers(3, 59),
       newer=st.integers(1, 58), older=st.integers(2, 58))
def test_a_start_begun_past_the_burst_never_lowers_the_kills_max(refusals, started, back_off,
                                                                  newer, older):
    """Adding a start's Pulling row newest past the burst never lowers the max (it opens one
    end at least), and an older such row (more time since it) never lowers it either: more
    time lets more starts (R4.10)."""
    newer, older = sorted((min(newer, back_off - 1), min(older, back_off - 1)))
    rows = _HEADER + _four_ends(_age(started), _age(back_off), refusals)
    alone = explained_answer(rows).probe_kills.hi
    young = explained_answer(rows + _pulling(_age(newer), 5)).probe_kills.hi
    old = explained_answer(rows + _pulling(_age(older), 5)).probe_kills.hi
    assert alone == 0
    assert young is not None and old is not None and 1 <= young <= old


def test_four_ends_short_of_the_back_offs_refusals_leave_the_kills_open():
    """Four containers beside BackOff x60 (7 restarts needed, R4.10-R4.12), past the burst: the
    counts show rows lost, a liveness failure's perhaps among them (the lead's rule of stop 60,
    lostrows), and no restart count bounds them: {0, null}."""
    a = explained_answer(_HEADER + _four_ends("60s", "40s", 60) + _pulling("30s", 5))
    assert a.probe_kills == CountRange(0, None)
