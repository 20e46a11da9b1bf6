"""A `kubectl get events` table of the 1.5-1.13 layout that a web page ran into one line of
text, its line breaks and the gaps between its cells lost (`LASTSEEN FIRSTSEEN COUNT NAME KIND
SUBOBJECT TYPE REASON SOURCE MESSAGE 16m 4h 28 web-0.159cff2f Pod spec.containers{etcd}
Warning Unhealthy kubelet, node-1 Liveness probe failed: ...`), put back as kubectl printed it:
its header and its rows a line each, their cells under the header's columns (tabwriter's
alignment, which the event rows' reader cuts them by).

The header is the table's of 1.5 to 1.13 (printEvent; `oc` of OpenShift 3 kept it to 3.11):
`[NAMESPACE] LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE`, or with
`LAST SEEN` and `FIRST SEEN` for the first two. Once the gaps are lost, only cells of a known
shape can be told apart, so a row is read only where every cell before its MESSAGE is anchored:
[a namespace,] two ages (LASTSEEN, FIRSTSEEN), a COUNT, a NAME (a name's characters: the
object's, or the event's own `web-0.159cff2f`), a KIND kubectl prints (`Pod`, `Node`,
`ReplicaSet` ...), an optional SUBOBJECT (`spec.containers{etcd}`), a TYPE (`Normal`,
`Warning`), a REASON (a CamelCase word) and a SOURCE of a known shape: braced (`{kubelet
node-1}`, `{default-scheduler }`, 1.5-1.7), a component and its host (`kubelet, node-1`, 1.8
on), or a controller's or the scheduler's name alone (`default-scheduler`,
`replicaset-controller`). Each row's MESSAGE runs up to the next row's start.

The last row may be cut inside its first cells (the page ends there): put back as far as it
goes, its last cell perhaps cut short, as a paste cut there would be (the event rows' reader
says the row is cut). Unread: a header with no row right after it; a line where a row's first
cells (two ages and a count) start but its other cells are of no known shape (a source of
another component, a kind kubectl does not print, a message holding a row's first cells):
where that row's cells and the message before it end cannot be told, and the caller says the
line was not read; the times of `--watch` (a date and a zone, words apart) for the ages.

One pass: the header is searched once, each row's start matched once from where the last ended
(`finditer`, bounded cells), the first cells of a row searched once in each message.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.event_layouts import PRINTED_KINDS
from kubesim.explain.readers.lazy import LazyPattern, lazy_regex
from kubesim.explain.readers.names import NAME_CELL, NAMESPACE_CELL

__all__ = ["EVENTS_RUN_OLD", "OldEventsRun", "old_events_run"]

EVENTS_RUN_OLD = ("a `get events` table of 1.5-1.13 (its header `[NAMESPACE] LASTSEEN FIRSTSEEN "
                  "COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE` and its rows)")

_G = r"[ \t]+"
_HEADER = lazy_regex(
    rf"(?<![A-Za-z])(?P<ns>NAMESPACE{_G})?(?P<last>LAST ?SEEN){_G}(?P<first>FIRST ?SEEN){_G}"
    rf"COUNT{_G}NAME{_G}KIND{_G}SUBOBJECT{_G}TYPE{_G}REASON{_G}SOURCE{_G}MESSAGE(?![A-Za-z])")
_AGE = r"(?:<unknown>|<invalid>|(?:\d{1,9}[ydhms]){1,5})"
_KIND = "(?:" + "|".join(sorted(PRINTED_KINDS, key=len, reverse=True)) + ")"
_SUB = r"(?:spec\.[A-Za-z]{1,40}\{[^{}\s]{1,253}\}|implicitly required container \S{1,253})"
_REASON = r"[A-Z][A-Za-z0-9_]{0,80}"
# the SOURCE cell (formatEventSource): braced (1.5-1.7, `{kubelet node-1}`), a component and
# its host (1.8 on, `kubelet, node-1`), or a component of no host
_SOURCE = (r"(?:\{[^{}\n]{1,200}\}|(?:kubelet|kube-proxy), [^\s,]{1,253}|default-scheduler|"
           r"horizontal-pod-autoscaler|[a-z][a-z0-9-]{0,62}-controller)")
_NS = rf"(?P<ns>{NAMESPACE_CELL}){_G}"
# a row's first cells: two ages and a count (looked for in messages too: a row's start whose
# other cells may be of no known shape)
_FIRST = rf"(?P<last>{_AGE}){_G}(?P<first>{_AGE}){_G}(?P<count>\d{{1,10}})(?![^ \t])"
_CELLS = (rf"{_FIRST}{_G}(?P<name>{NAME_CELL}){_G}(?P<kind>{_KIND})(?:{_G}(?P<sub>{_SUB}))?"
          rf"{_G}(?P<type>Normal|Warning){_G}(?P<reason>{_REASON}){_G}(?P<source>{_SOURCE})"
          r"(?![^ \t])")
# the last row, cut inside its cells: each cell whole up to the last, which may be cut short
# (a kind, a subobject, a type or a source begun)
_BEGUN_SOURCE = r"(?:\{[^{}\n]{0,200}|[a-z][a-z0-9-]{0,62}(?:,(?: [^\s,]{0,253})?)?)"
_AFTER_TYPE = (rf"(?P<type>Normal|Warning)(?:{_G}(?P<reason>{_REASON})"
               rf"(?:{_G}(?P<source>{_BEGUN_SOURCE}))?)?")
_AFTER_KIND = (rf"{_G}(?P<sub>spec\.\S{{0,260}}|implicitly(?: required(?: container)?)?)|"
               rf"(?:{_G}(?P<whole_sub>{_SUB}))?{_G}(?:{_AFTER_TYPE}|(?P<cut_type>[NW][a-z]{{0,6}}))")
_CUT = (rf"{_FIRST}(?:{_G}(?P<name>{NAME_CELL})(?:{_G}(?:(?P<kind>{_KIND})(?:{_AFTER_KIND})?|"
        rf"(?P<cut_kind>[A-Z][A-Za-z]{{0,40}})))?)?[ \t]*$")


class _Layout(NamedTuple):
    """The patterns of the table without NAMESPACE, or with it (each row's first cell)."""

    row: LazyPattern  # a whole row's cells before its MESSAGE, at a word's start
    starts: LazyPattern  # a row's first cells, at a word's start
    cut: LazyPattern  # the last row cut inside its cells, from its start to the line's end


_LAYOUTS = {ns: _Layout(lazy_regex(rf"(?<!\S){ns}{_CELLS}"),
                        lazy_regex(rf"(?<!\S)(?:{ns})?{_FIRST}"), lazy_regex(f"{ns}{_CUT}"))
            for ns in ("", _NS)}
_ORDER = ("ns", "last", "first", "count", "name", "kind", "sub", "type", "reason", "source")


class OldEventsRun(NamedTuple):
    """The table put back: its header and rows a line each, aligned, and whether the line
    holds more (the command or prose before the header)."""

    lines: list[str]
    around: bool


def old_events_run(line: str) -> OldEventsRun | None:
    """The 1.5-1.13 `get events` table run into `line` (module docstring), or None."""
    header = _HEADER.search(line) if "SEEN" in line else None
    if header is None:
        return None
    rows = _rows(line, header.end(), _LAYOUTS[_NS if header["ns"] else ""])
    if not rows:
        return None
    title = [*(["NAMESPACE"] if header["ns"] else []), header["last"], header["first"],
             "COUNT", "NAME", "KIND", "SUBOBJECT", "TYPE", "REASON", "SOURCE", "MESSAGE"]
    return OldEventsRun(_aligned([title, *rows]), bool(line[:header.start()].strip()))


def _rows(line: str, at: int, layout: _Layout) -> list[list[str]] | None:
    """Each row's cells, from `at`; None where no row starts right after the header, or a
    row's first cells start inside a message and the line goes on past a row's cells there
    (a row of cells of no known shape, or a message holding such cells: not told apart)."""
    found = list(layout.row.finditer(line, at))
    if not found or line[at:found[0].start()].strip():
        return None
    rows: list[list[str]] = []
    for m, end in zip(found, [*(f.start() for f in found[1:]), len(line)], strict=True):
        other = layout.starts.search(line, m.end(), end)
        if other is None:
            rows.append(_cells(m, line[m.end():end]))
            continue
        cut = layout.cut.match(line, other.start()) if end == len(line) else None
        if cut is None:
            return None
        return [*rows, _cells(m, line[m.end():other.start()]), _cut_cells(cut)]
    return rows


def _cells(m: re.Match[str], message: str) -> list[str]:
    """A whole row's cells (its SUBOBJECT empty where it has none) and its MESSAGE."""
    got = m.groupdict()
    return [*(got[k] or "" for k in _ORDER if k in got), message.strip()]


def _cut_cells(m: re.Match[str]) -> list[str]:
    """The cells of the row the line ends inside, up to its last (perhaps cut short) one."""
    got = m.groupdict()
    got["kind"] = got["kind"] or got["cut_kind"]
    got["sub"] = got["sub"] or got["whole_sub"]
    got["type"] = got["type"] or got["cut_type"]
    cells = [got[k] or "" for k in _ORDER if k in got]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _aligned(rows: list[list[str]]) -> list[str]:
    """The rows as kubectl's tabwriter printed them: each cell padded to its column's width
    and three spaces (the last column, MESSAGE, not padded)."""
    last = len(rows[0]) - 1
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(last)]
    return ["".join(c.ljust(widths[i] + 3) if i < last else c for i, c in enumerate(r)).rstrip()
            for r in rows]
