"""Event rows of `kubectl describe pod` (both table layouts kubectl has printed) and of
`kubectl get events`, as users paste them.

* Since about kubectl 1.10: `Type  Reason  Age  From  Message`, the age `3m` or
  `3m (x12 over 10m)` (last seen, count, first seen: `DescribeEvents` in describe.go).
* Before: `FirstSeen  LastSeen  Count  From  SubObjectPath  [Type]  Reason  Message`, with
  ages or (the earliest releases) RFC 1123 times, separated by tabs or aligned by spaces.
* `kubectl get events`: `[NAMESPACE]  LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`.

A message may run over several lines (an exec probe's output): lines that start no row are
appended to the row above. The event aggregator's `(combined from similar events): ` prefix
is stripped and remembered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    Note,
    RecordedEvent,
    Stamp,
    StampKind,
    Where,
)
from kubesim.explain.readers.times import AGE_PATTERN, human_printer, parse_age, parse_time

__all__ = ["COMBINED_PREFIX", "EventRows", "container_of_field_path", "is_header", "strip_combined"]

COMBINED_PREFIX = "(combined from similar events): "
_AGE_COUNT = rf"(?P<age>{AGE_PATTERN})(?:\s+\(x(?P<count>\d{{1,9}}) over (?P<over>{AGE_PATTERN})\))?"
_NEW_ROW = re.compile(
    rf"^(?P<indent>[ \t]*)(?P<type>Normal|Warning)[ \t]+(?P<reason>[A-Za-z][A-Za-z0-9_]{{0,80}})"
    rf"(?:[ \t]+{_AGE_COUNT})?(?P<rest>[ \t].*)?$")
_GET_ROW = re.compile(
    rf"^[ \t]*(?:(?P<ns>[a-z0-9][-a-z0-9]{{0,62}})[ \t]+)?{_AGE_COUNT}[ \t]+"
    rf"(?P<type>Normal|Warning)[ \t]+(?P<reason>[A-Za-z][A-Za-z0-9_]{{0,80}})[ \t]+"
    rf"(?P<kind>[a-z][a-z0-9.]{{0,60}})/(?P<name>\S{{1,253}})(?:[ \t]+(?P<message>.*))?$")
_RFC1123 = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}"
_TIME = rf"(?:{_RFC1123}|{AGE_PATTERN})"
_OLD_ROW = re.compile(rf"^[ \t]*(?P<first>{_TIME})(?:\t+|[ \t]{{2,}})(?P<last>{_TIME})"
                      rf"(?:\t+|[ \t]{{2,}})(?P<count>\d{{1,9}})(?:\t+|[ \t]{{2,}}|$)(?P<rest>.*)$")
_SPLIT = re.compile(r"\t+|[ \t]{2,}")
_SUBOBJECT = re.compile(r"^(?:spec\.\S+|implicitly required container \S+)$")
_FIELD_PATH = re.compile(r"^spec\.(?:initContainers|containers|ephemeralContainers)\{([^}]+)\}$")
_HEADER_NEW = re.compile(r"^\s*Type\s+Reason\s+Age\s+From\s+Message\s*$")
_HEADER_OLD = re.compile(r"^\s*FirstSeen\s+LastSeen\s+Count\s+From\s", re.IGNORECASE)
_HEADER_GET = re.compile(r"^\s*(?:NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE\s*$")
_DASHES = re.compile(r"^[\s\-─]+$")


def strip_combined(message: str) -> tuple[str, bool]:
    """The message without the aggregator's prefix, and whether it had one."""
    if message.startswith(COMBINED_PREFIX):
        return message[len(COMBINED_PREFIX):], True
    return message, False


def container_of_field_path(path: str | None) -> str | None:
    """`spec.containers{app}` -> `app`."""
    m = _FIELD_PATH.match(path or "")
    return m[1] if m else None


def is_header(line: str) -> bool:
    """A table header or its underline."""
    if _HEADER_NEW.match(line) or _HEADER_OLD.match(line) or _HEADER_GET.match(line):
        return True
    return bool(line.strip()) and bool(_DASHES.match(line)) and ("-" in line or "─" in line)


@dataclass
class _Open:
    event: RecordedEvent
    lines: list[str]


class EventRows:
    """Collects event rows line by line; `feed` says whether a line belonged to the table."""

    def __init__(self, source: str, *, kind: str = "describe") -> None:
        self.source = source
        self.kind = kind  # describe | get
        self.events: list[RecordedEvent] = []
        self.notes: list[Note] = []
        self._open: _Open | None = None
        self._orphans: list[int] = []
        self._columns: tuple[int, int] | None = None  # (From, Message) offsets of the header

    def header(self, line: str) -> None:
        """Remember where the From and Message columns start (tabwriter aligns the rows)."""
        if _HEADER_NEW.match(line):
            self._columns = (line.index("From"), line.index("Message"))

    def feed(self, line: str, number: int) -> bool:
        """Read one line: a row, a header, or a continuation of the row above."""
        if is_header(line):
            self.header(line)
            self._close()
            return True
        event = self._row(line, number)
        if event is not None:
            if event.truncated:
                self.notes.append(Note("this event row is cut short: its time, reason or "
                                       "message is not in the record", event.where))
            self._close()
            self._open = _Open(event, [])
            return True
        if self._open is not None and line.strip():
            self._open.lines.append(line.rstrip())
            return True
        if line.strip() and self._open is None and not self.events:
            self.orphan(number)
            return True
        return False

    @property
    def is_open(self) -> bool:
        """A row is being read: a line that starts no row continues its message."""
        return self._open is not None

    def is_row(self, line: str) -> bool:
        """Whether `line` starts an event row (or is a table header)."""
        return is_header(line) or self._row(line, 0) is not None

    def orphan(self, number: int) -> None:
        """A line before the first row that continues a message the record does not have."""
        self._orphans.append(number)

    def finish(self, *, cut: bool = False) -> list[RecordedEvent]:
        """Close the last row; `cut`: the input ended in the middle of a line. Ages are read
        again once all are known: a record printed by HumanDuration has exact bare minutes
        (`human_printer`)."""
        if self._open is not None and cut:
            self._open.event = replace(self._open.event, truncated=True)
            self.notes.append(Note(
                "the record ends without a line break in this row: it may be cut short",
                self._open.event.where))
        self._close()
        ages = [t for e in self.events for t in (e.first.text, e.last.text)]
        if human_printer(ages):
            self.events = [replace(e, first=_again(e.first), last=_again(e.last))
                           for e in self.events]
        if self._orphans:
            first, last = self._orphans[0], self._orphans[-1]
            span = f"line {first} continues" if first == last else \
                f"lines {first}-{last} continue"
            self.notes.append(Note(f"{span} an event row that is not in the record "
                                   "(the paste starts in the middle of a message): ignored",
                                   Where(self.source, first)))
        return self.events

    def end_section(self) -> None:
        self._close()

    def _close(self) -> None:
        if self._open is None:
            return
        event, more = self._open.event, self._open.lines
        if more:
            event = replace(event, message="\n".join([event.message, *(m.strip() for m in more)]))
        self.events.append(event)
        self._open = None

    # ------------------------------------------------------------ rows
    def _row(self, line: str, number: int) -> RecordedEvent | None:
        if self.kind == "get":
            return self._get_row(line, number)
        m = _NEW_ROW.match(line)
        if m:
            return self._new_row(m, line, number)
        m = _OLD_ROW.match(line)
        if m:
            return self._old_row(m, number)
        return None

    def _stamps(self, age: str | None, count: str | None, over: str | None
                ) -> tuple[Stamp, Stamp, int]:
        last = parse_age(age) if age else None
        first = parse_age(over) if over else None
        n = max(int(count), 1) if count else 1  # kubectl prints (xN ...) for N >= 2 only
        last = last or UNKNOWN_STAMP
        return (first or last) if count else last, last, n

    def _new_row(self, m: re.Match[str], line: str, number: int) -> RecordedEvent:
        where = Where(self.source, number)
        first, last, count = self._stamps(m["age"], m["count"], m["over"])
        rest = (m["rest"] or "").strip()
        component, message = self._from_message(line, m, rest)
        message, combined = strip_combined(message)
        truncated = m["age"] is None
        return RecordedEvent(m["type"], m["reason"], message, count, first, last, where,
                             component=component, combined=combined, truncated=truncated)

    def _from_message(self, line: str, m: re.Match[str], rest: str) -> tuple[str, str]:
        """Split `From  Message`: by the header's columns when the row is aligned to them,
        else at the first run of two or more spaces."""
        if self._columns is not None:
            at_from, at_msg = self._columns
            age_end = m.end("age") if m["over"] is None else m.end("over") + 1
            if (age_end < at_from < at_msg <= len(line) and line[at_from - 1] in " \t"
                    and line[at_msg - 1] in " \t" and not line[at_from].isspace()):
                return line[at_from:at_msg].strip(), line[at_msg:].strip()
        parts = re.split(r"\t+|[ \t]{2,}", rest, maxsplit=1)
        if len(parts) == 1:
            return parts[0], ""
        return parts[0], parts[1]

    def _old_row(self, m: re.Match[str], number: int) -> RecordedEvent:
        where = Where(self.source, number)
        first = parse_time(m["first"]) or UNKNOWN_STAMP
        last = parse_time(m["last"]) or UNKNOWN_STAMP
        fields = [f for f in _SPLIT.split(m["rest"].strip()) if f] if m["rest"].strip() else []
        component = fields.pop(0) if fields else ""
        container = None
        if fields and _SUBOBJECT.match(fields[0]):
            container = container_of_field_path(fields.pop(0))
        kind = fields.pop(0) if fields and fields[0] in ("Normal", "Warning") else ""
        reason = fields.pop(0) if fields else ""
        message, combined = strip_combined(" ".join(fields))
        truncated = not reason or not message
        return RecordedEvent(kind or "Normal", _capital(reason), message, max(int(m["count"]), 1),
                             first, last, where, component=component.strip("{} "),
                             container=container, combined=combined, truncated=truncated)

    def _get_row(self, line: str, number: int) -> RecordedEvent | None:
        m = _GET_ROW.match(line)
        if not m:
            return None
        first, last, count = self._stamps(m["age"], m["count"], m["over"])
        message, combined = strip_combined((m["message"] or "").strip())
        return RecordedEvent(m["type"], m["reason"], message, count, first, last,
                             Where(self.source, number), object_kind=_kind(m["kind"]),
                             object_name=m["name"], combined=combined)


_KINDS = {"pod": "Pod", "replicaset": "ReplicaSet", "deployment": "Deployment",
          "statefulset": "StatefulSet", "daemonset": "DaemonSet", "job": "Job", "node": "Node",
          "service": "Service", "endpoints": "Endpoints", "cronjob": "CronJob"}


def _kind(text: str) -> str:
    """`pod` (as `kubectl get events` prints OBJECT) -> `Pod`."""
    return _KINDS.get(text.split(".")[0], text)


def _again(stamp: Stamp) -> Stamp:
    if stamp.kind is StampKind.AGE:
        return parse_age(stamp.text, human=True) or stamp
    return stamp


def _capital(reason: str) -> str:
    """Old kubelets wrote reasons in lower case (`killing`, `created`)."""
    return reason[:1].upper() + reason[1:] if reason else reason
