"""An Event as one JSON line cut short (an event exporter's log pasted into an issue, cut where
the page or the person stopped): the fields before the cut are read, the rest is not.

Only an object that is an Event by its own fields (`involvedObject` and `reason`) is read so;
each field is taken from its first `"key":value` (an Event's `reason`, `message`, `type`,
`count` and timestamps are top-level and come before `metadata.managedFields`), and what is
read is checked as a whole Event would be (`kube.read_objects`). The event is marked cut
short, and a note says which line was read so.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from kubesim.explain.readers.bare import bare_json_event
from kubesim.explain.readers.kube import read_objects
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, PodRecord, RecordSet, Where

__all__ = ["salvage_bare", "salvage_event"]

_STRING = r'"{}"\s*:\s*"((?:[^"\\]|\\.){{0,4000}})"'
_NUMBER = r'"{}"\s*:\s*(-?\d{{1,400}})\b'
_INVOLVED = lazy_regex(r'"(?:involvedObject|regarding)"\s*:\s*\{((?:[^{}"]|"(?:[^"\\]|\\.)*"){0,400})')
_TOP = ("reason", "message", "type", "firstTimestamp", "lastTimestamp", "eventTime")


def _string(text: str, key: str) -> str | None:
    m = re.search(_STRING.format(key), text)
    if m is None:
        return None
    try:
        value = json.loads(f'"{m[1]}"', strict=False)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def salvage_event(text: str, source: str, line: int) -> RecordSet | None:
    """The Event a cut JSON line holds, as far as it goes; None if it is no Event's."""
    involved = _INVOLVED.search(text)
    if involved is None or _string(text, "reason") is None:
        return None
    obj: dict[str, Any] = {"apiVersion": "v1", "kind": "Event"}
    for key in _TOP:
        value = _string(text, key)
        if value is not None:
            obj[key] = value
    count = re.search(_NUMBER.format("count"), text)
    if count is not None:
        obj["count"] = int(count[1]) if len(count[1]) < 20 else 2**63
    obj["involvedObject"] = {k: v for k in ("kind", "name", "fieldPath")
                             if (v := _string(involved[1], k)) is not None}
    found = read_objects(obj, source, line)
    if found is None:
        return None
    found.events = [replace(e, truncated=True) for e in found.events]
    found.notes.append(Note(f"line {line} is an Event's JSON cut short: read from the fields "
                            "before the cut (" + ", ".join(k for k in obj if k not in (
                                "apiVersion", "kind")) + ")", Where(source, line)))
    return found


_PAIR = lazy_regex(r'"(\w{1,40})"\s*:\s*"((?:[^"\\]|\\.){0,4000})("?)')


def salvage_bare(text: str, source: str, line: int) -> RecordSet | None:
    """Another tool's one-line JSON (`{"t": ..., "m": ..., "z": ...}`) cut short: its string
    fields before the cut, the last one as far as it goes; None unless a kubelet's message is
    among them."""
    obj: dict[str, Any] = {}
    for m in _PAIR.finditer(text):
        try:
            obj.setdefault(m[1], json.loads(f'"{m[2]}"', strict=False))
        except ValueError:
            return None
    found = bare_json_event(obj, Where(source, line))
    if found is None:
        return None
    event, note = replace(found[0], truncated=True), found[1]
    cut = Note(f"line {line} is a JSON line cut short: read from the fields before the cut",
               Where(source, line))
    piece = PodRecord(None, event.where, events=[event], formats=["messages"])
    return RecordSet(source, "messages", pods=[piece], notes=[note, cut])
