"""A `kubectl get events` table a web page ran into one line of text, its line breaks lost
(hello-world-87: `# kubectl get event --watch LAST SEEN TYPE REASON OBJECT MESSAGE 24s Normal
Scheduled pod/web-1 Successfully assigned ... 23s Normal Pulling pod/web-1 Pulling image ...`),
put back on the lines kubectl printed: its header, then a row a line.

The header is the table's of 1.14 and later (printEvent, pkg/printers/internalversion/
printers.go): `[NAMESPACE] LAST SEEN TYPE REASON OBJECT MESSAGE`, the words one gap apart
(a page's copy keeps them in order). After it, a row starts where the words are a row's first
cells: [a namespace when the header has NAMESPACE,] an age (LAST SEEN, with its `(xN over M)`
where the event happened more than once), a TYPE (`Normal` or `Warning`), a REASON and the
OBJECT (`kind/name`); each row's MESSAGE runs up to the next row's start. The last row may end
inside its OBJECT (the page cut there, `pod/hell`): a cut row, whose name may be cut short (the
event rows' reader says so). A row cut before its OBJECT (`23s Normal Pul`) names no object:
it is left out, and the caller says the rest of the line was not read.

Unread: a header with no row after it; words that only look like a row's (`Normal` after an
age in a sentence) with no header before them; the `-o wide` layout, whose SOURCE and MESSAGE
cells cannot be told apart once their gaps are lost. The 1.5-1.13 layout, whose cells can be
told apart by their shapes where each is of a known one, is events_run_old.py's.

One pass: the header is searched once (its first words looked for first), each row's start
matched once from where the last ended (`finditer`, bounded cells).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.events_run_old import old_events_run
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import NAMESPACE_CELL

__all__ = ["EVENTS_RUN", "EventsRun", "events_run", "events_run_hint"]

EVENTS_RUN = ("a `get events` table (its header `[NAMESPACE] LAST SEEN TYPE REASON OBJECT "
              "MESSAGE` and its rows)")

_GAP = r"[ \t]+"
_HEADER = lazy_regex(rf"(?<![A-Za-z])(?P<ns>NAMESPACE{_GAP})?LAST SEEN{_GAP}TYPE{_GAP}REASON"
                     rf"{_GAP}OBJECT{_GAP}MESSAGE(?![A-Za-z])")
_AGE = r"(?:<unknown>|<invalid>|(?:\d{1,9}[ydhms]){1,5})"
_CELLS = (rf"{_AGE}(?:{_GAP}\(x\d{{1,10}} over {_AGE}\))?{_GAP}(?:Normal|Warning){_GAP}"
          r"[A-Za-z][A-Za-z0-9_]{0,80}")
_OBJECT = r"(?:[ \t]+[a-z][a-z0-9.]{0,60}/\S{1,253}|[ \t]*$)"
# a row's first cells, at a word's start: with a namespace first or without
_ROW = lazy_regex(rf"(?<!\S){_CELLS}{_OBJECT}")
_NS_ROW = lazy_regex(rf"(?<!\S){NAMESPACE_CELL}{_GAP}{_CELLS}{_OBJECT}")
_HAS_OBJECT = lazy_regex(r"\S/")  # (a row's OBJECT cell: its kind/name)


class EventsRun(NamedTuple):
    """The table put back: its header and rows a line each, and whether the line holds more
    (the command or prose before the header, a row cut before its OBJECT)."""

    lines: list[str]
    around: bool


def events_run(line: str) -> EventsRun | None:
    """The `get events` table run into `line` (module docstring), or None."""
    header = _HEADER.search(line) if "LAST SEEN" in line else None
    if header is None:
        return None
    row = _NS_ROW if header["ns"] else _ROW
    starts = [m.start() for m in row.finditer(line, header.end())]
    if not starts or line[header.end():starts[0]].strip():
        return None  # no row right after the header: the words are no table's
    rows = [line[a:b].strip() for a, b in zip(starts, [*starts[1:], len(line)], strict=True)]
    cut = not _HAS_OBJECT.search(rows[-1])  # the last row cut before its OBJECT
    rows = rows[:-1] if cut else rows
    if not rows:
        return None
    title = ("NAMESPACE " if header["ns"] else "") + "LAST SEEN TYPE REASON OBJECT MESSAGE"
    return EventsRun([title, *rows], bool(line[:header.start()].strip()) or cut)


def events_run_hint(text: str) -> bool:
    """Whether a line of the text holds such a table, or one of 1.5-1.13 (events_run_old.py;
    looked for before the paste is put back: runs.py reads it then); a text without `SEEN`
    (LAST SEEN, LASTSEEN) is not looked at."""
    return "SEEN" in text and any(events_run(x) is not None or old_events_run(x) is not None
                                  for x in text.split("\n") if "SEEN" in x)
