"""kubectl's tables re-typed as markdown tables (issues and pull requests written in markdown,
by hand or by a tool), made kubectl's tables again before the table readers see them.

A markdown table is a header row, a separator row (`|---|:---:|`, each cell dashes with
alignment colons or none) and its rows; the outer pipes are optional, the cells padded or
not, an escaped pipe `\\|` is a cell's own character (GitHub's tables), and a cell's content
may be in a code span or in emphasis (`` `CrashLoopBackOff` ``, `**OOMKilled**`): `cells` is
the one splitting of a row every reader of markdown tables uses (evicted_table.py too).

`kubectl_tables` rewrites a table whose header cells are, in any case, the columns of one of
kubectl's layouts (`LAYOUTS`: `get pods` with -o wide's and -A's, `get events` of 1.14 and of
1.5-1.13, describe's Events of 1.14 and of 1.2-1.13), in kubectl's order and with every
column the layout cannot lack, as that layout's table: its header in kubectl's spelling, its
rows' cells aligned under it, line for line (each row keeps its line's number; the header
and its separator row swap lines, so that the header stands right above its rows as kubectl
prints it, the separator the normaliser's markup above it). kubectl's order is required: a
re-typed table keeps the order kubectl printed, while a table whose columns an author chose
and ordered (a comparison, a summary `| Pod | Status |`) is the author's, whose cells no
reader can take for kubectl's.
Any other table (settings, `| Probe | Field | Before | After |`; a header lacking a required
column) stays as it is. A row cut short keeps the cells it has.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["LAYOUTS", "SEPARATOR", "cells", "kubectl_tables"]

# a markdown table's separator row: each cell dashes, with alignment colons or none
SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{1,200}:?[ \t]*(?:\|[ \t]*:?-{1,200}:?[ \t]*)*\|?"
                       r"[ \t]*")
# a pipe no backslash escapes: a cell's border
_BORDER = re.compile(r"(?<!\\)\|")
# the marks a cell's content is wrapped in, outermost first
_WRAPS = ("**", "__", "`", "*", "_")
# a row longer than this is no table's row (a log line run into one line): the table ends
_MOST = 20000


class Column(NamedTuple):
    """One of a layout's columns: kubectl's header, and whether a table may leave it out."""

    name: str
    optional: bool = False


def _layout(spec: str) -> tuple[Column, ...]:
    """`NAME,READY,?AGE`: the columns, `?` before one a table may leave out."""
    return tuple(Column(c.lstrip("?"), c.startswith("?")) for c in spec.split(","))


# kubectl's layouts (pkg/printers/internalversion/printers.go; describe's Events,
# pkg/describe/describe.go DescribeEvents; the older ones as event_layouts.py and event_rows.py
# read them)
LAYOUTS = (
    _layout("?NAMESPACE,NAME,READY,STATUS,RESTARTS,?AGE,?IP,?NODE,?NOMINATED NODE,"
            "?READINESS GATES"),
    _layout("?NAMESPACE,LAST SEEN,TYPE,REASON,OBJECT,?SUBOBJECT,?SOURCE,MESSAGE,?FIRST SEEN,"
            "?COUNT,?NAME"),
    _layout("?NAMESPACE,LASTSEEN,FIRSTSEEN,COUNT,NAME,KIND,?SUBOBJECT,?TYPE,REASON,SOURCE,"
            "MESSAGE"),
    _layout("Type,Reason,Age,From,Message"),
    _layout("FirstSeen,LastSeen,Count,From,?SubObjectPath,?Type,Reason,Message"),
)
# describe's Events rows stand two spaces in, under `Events:`
_INDENT = {"Type": "  ", "FirstSeen": "  "}


def cells(line: str) -> list[str]:
    """A markdown row's cells (its outer pipes optional), each stripped of its padding and of
    the code span or emphasis around it, an escaped pipe made a pipe."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [_unwrapped(c.strip()).replace("\\|", "|") for c in _BORDER.split(inner)]


def _unwrapped(cell: str) -> str:
    """The cell without the marks wrapped around its whole content (`` `x` ``, `**x**`)."""
    for mark in _WRAPS:
        if len(cell) > 2 * len(mark) and cell.startswith(mark) and cell.endswith(mark):
            return _unwrapped(cell[len(mark):-len(mark)].strip())
    return cell


def kubectl_tables(lines: list[str]) -> list[str]:
    """The lines with every markdown table of kubectl's columns (module docstring) made
    kubectl's table; every other line as it is."""
    out = list(lines)
    for number in range(1, len(lines)):  # (a header's index; its separator's is next)
        if "|" not in lines[number - 1] or len(lines[number]) > _MOST \
                or SEPARATOR.fullmatch(lines[number]) is None:
            continue
        columns = _columns(lines[number - 1])
        if columns is None:
            continue
        rows = _rows(lines, number + 1)
        table = _aligned([columns, *[cells(lines[i]) for i in rows]], columns)
        indent = _INDENT.get(columns[0], "")
        # the header moved onto the separator's line, the separator onto the header's: the
        # header stands right above its rows, as kubectl prints it (a markup line between
        # them ends a `get pods` table for the row cut short below it)
        out[number - 1], out[number] = lines[number], indent + table[0]
        for i, text in zip(rows, table[1:], strict=True):
            out[i] = indent + text
    return out


def _columns(header: str) -> list[str] | None:
    """kubectl's spelling of the header's columns, when they are one layout's in its order
    with its required ones; None for any other header."""
    if len(header) > _MOST:
        return None
    names = [" ".join(c.split()).upper() for c in cells(header)]
    for layout in LAYOUTS:
        got = _in_order(names, layout)
        if got is not None:
            return got
    return None


def _in_order(names: list[str], layout: tuple[Column, ...]) -> list[str] | None:
    """The layout's names of `names` when they are its columns in its order, none of its
    required ones left out; else None."""
    got: list[str] = []
    at = 0
    for name in names:
        while at < len(layout) and layout[at].name.upper() != name:
            if not layout[at].optional:
                return None
            at += 1
        if at == len(layout):
            return None
        got.append(layout[at].name)
        at += 1
    required = all(c.optional for c in layout[at:])
    return got if required and got else None


def _rows(lines: list[str], first: int) -> list[int]:
    """The indexes of the table's rows from index `first` to its last `|` line."""
    out = []
    for i in range(first, len(lines)):
        if "|" not in lines[i] or len(lines[i]) > _MOST:
            break
        out.append(i)
    return out


def _aligned(table: list[list[str]], columns: list[str]) -> list[str]:
    """The table's rows as kubectl prints them: each cell padded to its column's width and
    three spaces (kubectl's tabwriter pads with three); a row's cells beyond the header's
    joined into its last one (a message's own pipe no one escaped)."""
    width = len(columns)
    table = [r[:width - 1] + [" | ".join(r[width - 1:])] if len(r) > width else r for r in table]
    widths = [max(len(r[i]) for r in table if i < len(r)) for i in range(width)]
    return ["".join(c.ljust(widths[i] + 3) for i, c in enumerate(r)).rstrip() for r in table]
