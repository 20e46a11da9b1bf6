"""A start the rows show begun past the event recorder's burst: ends whose events were dropped.

The corpus README's rule of a counted table past the event recorder's burst (written by the
lead at stop 51) refines its back-off rule (counted_table.py). The kubelet's event recorder
lets a source's first 25 events about a pod through, then about one every 5 minutes (R4.43:
client-go tools/record/events_cache.go, `defaultSpamBurst`, `defaultSpamQPS`, keyed by the
source and the pod whatever the reason), so past that burst a container's whole life (its
Pulled, Created and Started rows, a liveness failure, its Killing row) may leave no row at all.
The counted table still rules a probe's kill out for the ends it places before its newest row
(their failures were let through); but where its rows show a container's start begun after the
last end they place (a Pulling, Pulled or Created row newer than every Started, BackOff and
Killing row: its Started and later rows missing), that container may have ended since by a
kill the filter dropped whole, and so may each container the back-off's cadence lets start
after it before the record was taken (R4.10-R4.13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kubesim.explain.readers.model import RecordedEvent
from kubesim.explain.reconstruct import certainly_after, nth, past_burst

__all__ = ["BegunStart", "an_ordinal", "begun_start", "ordinal", "wait_after_end"]

# the rows of a container's start, in the order the kubelet records them before its Started
# row (kuberuntime_container.go startContainer: EnsureImageExists's Pulling and Pulled, then
# CreatedContainer)
_START_ROWS = frozenset({"Pulling", "Pulled", "Created"})
# the rows that place an end: a start (the container before it ended), a refusal of the next
# start (R4.9), a kill (R4.4)
_END_ROWS = frozenset({"Started", "BackOff", "Killing"})
# the doublings of the back-off's 10 s that reach its cap of 300 s (10 * 2 ** 5 = 320: R4.11)
_DOUBLINGS = 5
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth")


@dataclass(frozen=True)
class BegunStart:
    """A start the rows show begun after the last end they place, past the burst."""

    row: RecordedEvent  # the newest of that start's rows (its Started row and later missing)
    placed: int  # the containers the rows show started (the Started row's count), all ended
    # the containers that may have started since the last placed end and been killed, by the
    # back-off's cadence (`_started_since`), the begun one first; None where the rows' times
    # are no ages (the record's moment unknown: the cadence bounds nothing)
    most: int | None
    # the seconds that bound the next start and the wait it needs (`_started_since`), for the
    # reason the diagnosis gives; 0 where `most` is None
    since: float = 0.0
    wait: float = 0.0


def begun_start(events: Sequence[RecordedEvent], pod: Sequence[RecordedEvent] | None = None
                ) -> BegunStart | None:
    """The start the container's rows `events` show begun after the last end they place, where
    the kubelet's occurrences about the pod (its rows `pod`, every container's and its own;
    `events` where not given) reach the spam filter's burst (R4.43: keyed by the source and
    the pod, README's rule of the counted table past the burst); None where they do not, or
    no such start is shown. The caller holds the rows to the back-off rule's counted table
    (counted_table.py)."""
    if not past_burst(events if pod is None else pod):
        return None  # under the burst the rows would show that container's life
    started = [e for e in events if e.reason == "Started"]
    ends = [e for e in events if e.reason in _END_ROWS]
    begun = [e for e in events if e.reason in _START_ROWS
             and all(certainly_after(e.last, x.last) for x in ends)]
    if len(started) != 1 or not begun:
        return None  # (no end placed, or starts of several rows: no one count of them)
    row = min(begun, key=lambda e: e.last.age_hi if e.last.age_hi is not None else 0.0)
    placed, first, last_end = started[0].count, row.last.age_hi, started[0].last.age_hi
    if first is None or last_end is None:
        return BegunStart(row, placed, None)
    most, since, wait = _started_since(placed, first, last_end)
    return BegunStart(row, placed, most, since, wait)


def wait_after_end(end: int) -> float:
    """The back-off's wait after a container's `end`-th end before the next start: the first
    restart at once (R4.12: it creates the entry, 10 s), then 10, 20, 40 ... s, doubling at
    each start up to 300 s (R4.10, R4.11). The doubling is cut where it passes the cap
    (`_DOUBLINGS`): past a thousand ends `2 ** n` is no float, and a start begun days past
    the burst counts thousands."""
    return 0.0 if end < 2 else min(10.0 * 2 ** min(end - 2, _DOUBLINGS), 300.0)


def _started_since(placed: int, first: float, last_end: float) -> tuple[int, float, float]:
    """How many containers may have started since the `placed`-th end and been killed before
    the record was taken: the begun one, started at most `first` seconds before it, and each
    next one the cadence lets start by then. After a probe's kill the kubelet starts the next
    container in the same sync, checking the back-off against the container before the one
    killed (R4.6, R4.13), so start k+2 comes the wait after end k+1 after end k at the
    earliest, and end k after start k (the placed end after the last Started row's `last_end`
    seconds ago); runs of no length, so an upper bound. With the seconds and the wait that
    stopped the count."""
    ages = [last_end, first]  # the latest each container can have started (the placed end's)
    while len(ages) < 10_000:
        wait = wait_after_end(placed + len(ages) - 1)
        nxt = min(ages[-1], ages[-2] - wait)
        if nxt <= 0:  # it starts after the record was taken, if at all
            return len(ages) - 1, ages[-2], wait
        ages.append(nxt)
    return len(ages) - 1, 0.0, 0.0


def an_ordinal(n: int) -> str:
    """`a fifth`, `an eighth`, `an 18th`: the ordinal with its article, `an` before a vowel's
    sound (`eighth`, `eleventh`, and the figures said from `eight` or `eighteen`: 8, 80-89,
    800-899, 8000-8999, 18)."""
    text = ordinal(n)
    return f"{'an' if text[0] in 'e8' or n == 18 else 'a'} {text}"


def ordinal(n: int) -> str:
    """`fifth` for 5; `25th` past the words kept."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    return nth(n)  # (reconstruct's English suffix, written once)
