"""The Kubernetes Dashboard's event list copied from its page, one cell a line: six lines an
event, its Message, Source (`default-scheduler`, `kubelet NODE`), Sub-object (the fieldPath,
`spec.containers{user-container}`, or `-`), Count, First seen and Last seen (the Dashboard's
`2019-10-28T21:29 UTC`). The list has no Reason column: each message's reason is the one the
kubelet (or the scheduler) writes that message with (`event_layouts.bare_reason`), and a run
whose first message has none is not read (cloudstate-134).

Read only where two events at least are whole, every cell in its shape, so that six lines of
anything else are no event. A paste that ends inside the run's next event (its message whole,
the source cut: `kubele`) keeps that event's message, its count cut away (at least once).
Its times are to the minute, on the Dashboard's clock, and not placed: each row keeps its
place in the list (the Dashboard lists them oldest first), its count stated.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from kubesim.explain.readers.event_layouts import bare_reason, event_type
from kubesim.explain.readers.event_rows import container_of_field_path, init_field_path
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNKNOWN_STAMP, CountBasis, Note, RecordedEvent, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["DashboardRun", "dashboard_run"]

_SOURCE = lazy_regex(r"^(?:default-scheduler|kubelet)(?:,? [A-Za-z0-9][A-Za-z0-9.-]{0,252})?$")
_SUBOBJECT = lazy_regex(r"^(?:-|spec\.(?:initContainers|containers|ephemeralContainers)"
                        r"\{[^{}\s]{1,253}\})$")
_COUNT = lazy_regex(r"^[1-9]\d{0,9}$")
_SEEN = lazy_regex(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})? UTC$")
# the scheduler's and the image puller's messages, whose reasons bare_reason leaves out
# (a message alone of theirs shows no failure): Scheduled, Pulling
_OTHER_REASONS = (
    (lazy_regex(r"^Successfully assigned \S{1,400} to \S{1,400}$"), "Scheduled"),
    (lazy_regex(r"^[Pp]ulling image \"[^\"\s]{1,400}\"$"), "Pulling"),
)
_CELLS = 6  # message, source, sub-object, count, first seen, last seen
_LEAST = 2  # whole events a run needs


class DashboardRun(NamedTuple):
    """The events of a run and the index of the first line after it."""

    events: list[RecordedEvent]
    note: Note
    end: int


def _reason(message: str) -> tuple[str, str] | None:
    """The reason and type of a Dashboard row's message; None for a message of no reason."""
    said = bare_reason(message)
    if said is not None:
        return said.value, event_type(said)
    return next(((reason, "Normal") for pattern, reason in _OTHER_REASONS
                 if pattern.match(message)), None)


def _whole(cells: list[str]) -> bool:
    """Whether six lines are one whole event's cells, each in its shape."""
    return len(cells) == _CELLS and _reason(cells[0]) is not None and \
        bool(_SOURCE.match(cells[1])) and bool(_SUBOBJECT.match(cells[2])) and \
        bool(_COUNT.match(cells[3])) and bool(_SEEN.match(cells[4])) and \
        bool(_SEEN.match(cells[5]))


def _event(cells: list[str], where: Where) -> RecordedEvent:
    """The event of a run's cells; a count not among them (cut away): at least once."""
    reason, kind = _reason(cells[0]) or ("", "Normal")
    path = cells[2] if len(cells) > 2 and cells[2] != "-" else None
    count = int(cells[3]) if len(cells) > 3 and _COUNT.match(cells[3]) else 0
    source = cells[1].split(" ")[0].rstrip(",") if len(cells) > 1 else ""
    return RecordedEvent(
        kind, reason, cells[0], max(count, 1), UNKNOWN_STAMP, UNKNOWN_STAMP, where,
        component=source, container=container_of_field_path(path), init=init_field_path(path),
        count_basis=CountBasis.STATED if count else CountBasis.AT_LEAST)


def _cut_cells(cells: list[str]) -> bool:
    """Whether the paste's last lines are an event's first cells, the last one cut (its
    message whole, with a reason; its source after it whole or cut, nothing more)."""
    if not cells or len(cells) > 2 or _reason(cells[0]) is None:
        return False
    return len(cells) == 1 or bool(_SOURCE.match(cells[1])) or \
        any(w.startswith(cells[1]) for w in ("kubelet", "default-scheduler"))


def _cells(lines: list[PasteLine], at: int, n: int = _CELLS) -> list[str]:
    """The texts of up to `n` content lines from index `at` on, up to the first other line."""
    out: list[str] = []
    for x in lines[at:at + n]:
        if x.kind is not LineKind.CONTENT:
            break
        out.append(x.text.strip())
    return out


def _whole_events(lines: list[PasteLine], i: int) -> int:
    """How many whole events follow one another from index `i` (each group of six lines
    looked at once: a run is read in one pass)."""
    whole = 0
    while _whole(_cells(lines, i + whole * _CELLS)):
        whole += 1
    return whole


def dashboard_run(lines: list[PasteLine], i: int, source: str, last: int
                  ) -> DashboardRun | None:
    """The Dashboard's event list whose first cell is `lines[i]`, `last` the number of the
    paste's last line of content; None where two whole events do not start there."""
    if _reason(lines[i].text.strip()) is None or i + 1 >= len(lines) or \
            not _SOURCE.match(lines[i + 1].text.strip()):
        return None  # (the first two cells looked at first: most lines are none)
    whole = _whole_events(lines, i)
    if whole < _LEAST:
        return None
    events = [_event(_cells(lines, i + n * _CELLS), Where(source, lines[i + n * _CELLS].number))
              for n in range(whole)]
    end = i + whole * _CELLS
    rest = _cells(lines, end, 3)
    if rest and lines[end + len(rest) - 1].number == last and _cut_cells(rest):
        # the paste ends inside it: the rows after it are not in the record
        events.append(replace(_event(rest, Where(source, lines[end].number)), cut_after=True))
        end += len(rest)
    note = Note(f"line {lines[i].number}: the Kubernetes Dashboard's event list, one cell a "
                "line (message, source, sub-object, count, first and last seen): each "
                "message's reason inferred from its words", Where(source, lines[i].number))
    return DashboardRun(events, note, end)

