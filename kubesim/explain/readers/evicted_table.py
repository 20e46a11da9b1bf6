"""A markdown table of pods and the kubelet's eviction message (marked53a;
treetracker-infrastructure-315: `| Pod | Lifetime | Memory at kill |` over two pods' rows, then
`Kubelet message for both: `The node was low on resource: memory. ...``).

The kubelet's eviction manager writes `The node was low on resource: RESOURCE. ` (its
nodeLowMessageFmt, then `Container C was using U, which exceeds its request of R.`) as the
message of the pod it evicts: the pod's status's `reason: Evicted` and `message:`, and its
Evicted event's. No other component writes it. Where a page's one markdown table of pods (a
header cell `Pod`, `Pod name` or kubectl's `NAME`, over its `|---|` line; each row's cell there
a pod's name, in code marks or not) stands beside that message stated in the author's words
(no question, no guide's conditional: `happened.states_what_happened`), the table's pods are
the evicted ones the message is of: each pod's status's reason is Evicted, its message the
kubelet's, as a `get pods` row's STATUS `Evicted` says (pods_table.py `_evicted`): an end of
its containers the vocabulary has no value for (the corpus README: kubernetes-41347's and
redhat-access-ocp46-ja-evicted's evictions). Read of a page nothing else reads (told.py). A
table whose header holds no pod's column (a comparison of settings), a page of no eviction
message, a message asked about or in a guide's conditional, several tables of pods: not read.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.markdown_table import SEPARATOR, cells
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["EVICTED_TABLE", "read_evicted_table"]

EVICTED_TABLE = "evicted-table"
# the eviction manager's message (pkg/kubelet/eviction/helpers.go, nodeLowMessageFmt)
_EVICTION = lazy_regex(r"The node was low on resource: (?P<resource>[A-Za-z][\w-]{0,60})")
_POD_HEADERS = {"pod", "pods", "pod name", "name"}
_POD_NAME = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?")


class _Row(NamedTuple):
    """A pod's row of the table: its name and line."""

    name: str
    line: int


def read_evicted_table(text: str, source: str) -> RecordSet | None:
    """The record of the table's pods evicted (module docstring), or None."""
    lines = text.split("\n")
    message = _eviction_message(lines)
    if message is None:
        return None
    tables = _pod_tables(lines)
    if len(tables) != 1:
        return None
    said, at = message
    pods = [_evicted_pod(row, said, Where(source, row.line), at) for row in tables[0]]
    first = tables[0][0].line  # (its header and separator the two lines above it)
    read = {row.line for row in tables[0]} | {at, first - 1, first - 2}
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in read and x.strip()]
    return RecordSet(source, EVICTED_TABLE, pods=pods, notes=unread_notes(rest, source))


def _eviction_message(lines: list[str]) -> tuple[str, int] | None:
    """The kubelet's eviction message stated in the author's words (no question, no guide's
    conditional), from its first words to its sentence's end, and its line; the first one."""
    for number, line in enumerate(lines, 1):
        m = _EVICTION.search(line, 0, SENTENCE_REACH)
        if m is not None and states_what_happened(line, m.start(), m.end()):
            return f"The node was low on resource: {m['resource']}.", number
    return None


def _pod_tables(lines: list[str]) -> list[list[_Row]]:
    """Each markdown table of the page whose header holds a pod's column, as its rows' pods
    (a table of no pod's name in that column is none)."""
    out = []
    for number in range(1, len(lines)):  # (the header's line; its separator's is next)
        if "|" not in lines[number - 1] or SEPARATOR.fullmatch(lines[number][:4000]) is None:
            continue
        column = _pod_column(lines[number - 1])
        rows = [] if column is None else _rows(lines, number + 2, column)
        if rows:
            out.append(rows)
    return out


def _pod_column(header: str) -> int | None:
    """Which cell of the header names the pods (`Pod`, `Pod name`, kubectl's `NAME`)."""
    names = [c.lower() for c in cells(header[:4000])]
    return next((i for i, c in enumerate(names) if c in _POD_HEADERS), None)


def _rows(lines: list[str], first: int, column: int) -> list[_Row]:
    """The table's rows from line `first` (1-based) to its last `|` line: each row's pod,
    where its cell is a pod's name (DNS-1123, dashed); any row of no such name, none."""
    out = []
    for number in range(first, len(lines) + 1):
        line = lines[number - 1][:4000]
        if "|" not in line:
            break
        row = cells(line)
        name = row[column] if column < len(row) else ""
        if "-" not in name or _POD_NAME.fullmatch(name) is None:
            return []
        out.append(_Row(name, number))
    return out


def _evicted_pod(row: _Row, message: str, where: Where, at: int) -> PodRecord:
    """The row's pod evicted: its status's reason Evicted and the kubelet's message."""
    pod = PodRecord(row.name, where, phase="Failed", status_reason="Evicted",
                    status_message=message, formats=[EVICTED_TABLE])
    pod.containers = [ContainerRecord(None, where)]
    pod.notes = [Note(f"line {row.line}: a row of a markdown table of pods, beside the "
                      f"kubelet's eviction message at line {at} ({message}): read as the "
                      "pod's status, reason Evicted (the eviction manager writes that message "
                      "of the pods it evicts)", where)]
    return pod
