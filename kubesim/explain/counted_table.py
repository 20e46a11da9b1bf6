"""A pod's events as a counted table from its Scheduled row on, none cut: the README's
back-off rule's table "in which such failures would have their rows".

The corpus README's back-off rule rules a back-off's ends out as probe kills where the record
would show the probe's failures: "its events given as counted rows (describe's Events, a COUNT
column), none cut, with no liveness or startup failure among them". A liveness or startup
failure is an Unhealthy event (prober.go `recordContainerEvent`). Past the spam filter's burst
(it lets about one event of the pod through every 5 minutes, R4.43) such a table, read from
the pod's Scheduled row on, has its rows only where its own counts show none lost: the lead's
rule of stop 60 (lostrows) takes the table as ruling no kill out where its counts need starts
its rows do not show (a Pulled row of N >= 2 with no Created or Started row, as
trivy-operator-1399's x205 beside its BackOff x4915; Created or Started counts short of the
back-off's or a restart count's restarts): a liveness failure's row and its Killing row may be
among those lost (diagnosis `_lost_why` decides it). Unlike `View.since_scheduled`, the burst
is no bound here by itself (that one closes a Killing row's count, a kill the filter may drop
leaving no later occurrence of its row).
"""

from __future__ import annotations

from kubesim.explain.messages import cut_short
from kubesim.explain.readers.model import RecordedEvent, last_row

__all__ = ["counted_from_scheduled", "first_cut_above"]


def counted_from_scheduled(events: list[RecordedEvent]) -> bool:
    """Whether the pod's `events` are a counted table from its Scheduled row on (module
    docstring): the Scheduled row among them, every row under its column header with its count
    as the table states it, none cut short or combined by the aggregator, the last no probe's
    output over lines (which has no end mark to tell a cut by)."""
    last = last_row(events)
    return last is not None and any(e.reason == "Scheduled" for e in events) and not any(
        e.truncated or e.cut_before or e.cut_after or e.combined or e.no_header
        or not e.count_stated or cut_short(e.message) for e in events) and \
        "\n" not in last.message


def first_cut_above(events: list[RecordedEvent]) -> int | None:
    """The line of the first of the pod's rows with an author's cut above it (`cut_before`:
    rows of the table there left out, README's author's cut), None where none has one."""
    lines = [e.where.line for e in events if e.cut_before and e.where.line is not None]
    return min(lines, default=None)
