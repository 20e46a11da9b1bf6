"""`kubectl get events` as a table: `[NAMESPACE]  LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`
(the header may be missing from a paste). LAST SEEN is an age (`3m`, or `3m (x4 over 10m)`
for a repeated event); OBJECT is `kind/name`, so events of other objects (the ReplicaSet,
the Deployment) are told apart from the pod's."""

from __future__ import annotations

import re

from kubesim.explain.readers.event_rows import EventRows
from kubesim.explain.readers.model import RecordSet

__all__ = ["looks_like_events_table", "read_events_table"]

_HEADER = re.compile(r"^\s*(?:NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE\s*$")


def looks_like_events_table(text: str) -> bool:
    """A `kubectl get events` header, or a first row in that layout."""
    rows = EventRows("<probe>", kind="get")
    for line in text.splitlines()[:50]:
        if not line.strip():
            continue
        return bool(_HEADER.match(line)) or rows.is_row(line)
    return False


def read_events_table(text: str, source: str) -> RecordSet:
    rows = EventRows(source, kind="get")
    lines = text.replace("\r\n", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if _HEADER.match(line):
            continue
        rows.feed(line, number)
    events = rows.finish(cut=not text.endswith("\n"))
    return RecordSet(source, "events-table", events=events, notes=rows.notes)
