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
from datetime import UTC, datetime

from kubesim.errors import RecordError
from kubesim.explain.readers.bracketed_events import bracketed_cells
from kubesim.explain.readers.event_layouts import (
    LOCAL_TIME,
    Cells,
    Columns,
    bare_reason,
    get_old_cells,
    headerless_cells,
    logged_cells,
    logged_head_alone,
    sourced_cells,
    spaced_console_cells,
    wide_cells,
)
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.limits import check_events
from kubesim.explain.readers.message_first_row import message_first_cells
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    CountBasis,
    Note,
    NoteKind,
    RecordedEvent,
    Stamp,
    StampKind,
    Where,
)
from kubesim.explain.readers.names import NAMESPACE_CELL, SUBDOMAIN
from kubesim.explain.readers.normalise import cut_said
from kubesim.explain.readers.reason_first_row import reason_first_cells
from kubesim.explain.readers.spec_kill import spec_kill_cut
from kubesim.explain.readers.subobject_row import subobject_first_cells
from kubesim.explain.readers.times import AGE_PATTERN, human_printer, parse_age, parse_time
from kubesim.explain.readers.typeless_row import typeless_cells

__all__ = ["COMBINED_PREFIX", "EventRows", "container_of_field_path", "cut_in_error",
           "init_field_path", "is_header", "strip_combined"]

COMBINED_PREFIX = "(combined from similar events): "
MAX_COUNT = 2**31 - 1  # an event's count is an int32 (core/v1 Event.count)
_WHOLE = re.compile(r"-?[0-9]+")  # a count's cell as kubectl prints it (no sign, `_`, space)
# wider than kubectl prints, so that a wrong age or count is named, not passed over
_AGE_LIKE = r"(?:<unknown>|<invalid>|-?(?:\d+[ydhms]){1,5})"
_AGE_COUNT = (rf"(?P<age>{_AGE_LIKE})(?:\s+\(x(?P<count>-?\d+) over (?P<over>{_AGE_LIKE})\))?")
_NEW_ROW = re.compile(
    rf"^(?P<indent>[ \t]*)(?P<type>Normal|Warning)[ \t]+(?P<reason>[A-Za-z][A-Za-z0-9_]{{0,80}})"
    rf"(?:[ \t]+{_AGE_COUNT})?(?P<rest>[ \t].*)?$")
_GET_ROW = re.compile(
    rf"^[ \t]*(?:(?P<ns>{NAMESPACE_CELL})[ \t]+)?{_AGE_COUNT}[ \t]+"
    rf"(?P<type>Normal|Warning)[ \t]+(?P<reason>[A-Za-z][A-Za-z0-9_]{{0,80}})[ \t]+"
    rf"(?P<kind>[A-Za-z][A-Za-z0-9.]{{0,60}})/(?P<name>\S{{1,253}})(?:[ \t]+(?P<message>.*))?$")
# `kubectl events` (1.26+) prints an event's count in its LAST SEEN cell, as describe does in
# Age: `2m (x4 over 12m)` (kubectl's events/event_printer.go, getInterval)
_AGE_COUNT_CELL = lazy_regex(rf"^{_AGE_COUNT}$")
_RFC1123 = (r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}"
            r" (?:[+-]\d{4}|GMT|UTC)")
_TIME = rf"(?:{_RFC1123}|{AGE_PATTERN})"
_OLD_ROW = re.compile(rf"^[ \t]*(?P<first>{_TIME})(?:\t+|[ \t]{{2,}})(?P<last>{_TIME})"
                      rf"[ \t]+(?P<count>\d{{1,400}})(?:\t+|[ \t]{{2,}}|$)(?P<rest>.*)$")
# a describe row cut in its age column, after its count: `25m (x2 over 2` (the count is whole
# when ` over` follows it)
_CUT_COUNT = lazy_regex(r"^[ \t]+\(x(?P<count>\d{1,11})(?P<whole> over\b.*)?$")
# a describe row that stops inside its `(xN over M)`, before its `)`: cut there, or broken
# there by a narrow terminal (`EventRows._rewrapped`)
_OPEN_COUNT = lazy_regex(r"^[ \t]+\(x\d{1,11}[^)]*$")
_MULTI_LINE = {"Unhealthy", "ProbeWarning"}  # reasons whose message carries a probe's output
# the record's last line, a row cut right after its type (`  Warning`): no message goes on so
_TYPE_ONLY = lazy_regex(r"^[ \t]+(?:Normal|Warning)[ \t]*$")
# the record's last line, a `get events` row without its header cut right after its TYPE
# (`2m43s       Normal`, a NAMESPACE cell before it or not): the layout's first cells, LAST
# SEEN then TYPE, apart as kubectl's tabwriter sets cells (a tab, or two spaces at least: a
# sentence's `after 2m43s Normal` is no row), and nothing after; no kubelet message goes on
# with an age and a type alone
_CELL_GAP = r"(?:\t|  )[ \t]*"
_GET_TYPE_ONLY = lazy_regex(rf"^[ \t]*(?:{NAMESPACE_CELL}{_CELL_GAP})?{_AGE_LIKE}{_CELL_GAP}"
                            r"(?P<type>Normal|Warning)[ \t]*$")
# the scheduler's Scheduled message names the pod it bound: `Successfully assigned
# NAMESPACE/NAME to NODE` (1.13 on; scheduler's `Scheduled` event)
_ASSIGNED = lazy_regex(rf"^Successfully assigned (?:(?P<ns>{NAMESPACE_CELL})/)?"
                       rf"(?P<name>{SUBDOMAIN})(?: to \S+)?\s*$")
# a console's time of day, or its local date and time (`Oct 12, 2023, 5:08:37 PM`): no zone
_CLOCK = lazy_regex(r"^(?:[A-Z][a-z]{2} \d{1,2}, \d{4},? )?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?$")
_SPLIT = re.compile(r"\t+|[ \t]{2,}")
_SUBOBJECT = lazy_regex(r"^(?:spec\.\S+|implicitly required container \S+)$")
_FIELD_PATH = lazy_regex(r"^spec\.(?:initContainers|containers|ephemeralContainers)\{([^}]+)\}$")
_HEADER_NEW = re.compile(r"^\s*Type\s+Reason\s+Age\s+From\s+Message\s*$")
# the header cut after a column (`  Type     Reason          Age`, a paste's last line): the
# rows below it are not in the record
_HEADER_CUT = re.compile(r"^\s*Type\s+Reason(?:\s+Age(?:\s+From)?)?\s*$")
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


# kubectl describe since 1.35 prints the event's involvedObject.fieldPath before its message
# (`spec.containers{app}: Started container app`, kubernetes PR 133627, DescribeEvents)
_SAID_FIELD_PATH = lazy_regex(
    r"^(?P<path>spec\.(?:initContainers|containers|ephemeralContainers)\{[^{}\s]{1,253}\}): ")


def field_path_said(event: RecordedEvent) -> RecordedEvent:
    """The row whose message starts with its fieldPath (kubectl 1.35's describe), read as the
    container it names, the message after it; a row already naming its container, or whose
    message starts otherwise (a fieldPath cut before its `}: `), as it is."""
    m = _SAID_FIELD_PATH.match(event.message) if event.container is None else None
    if m is None:
        return event
    message, combined = strip_combined(event.message[m.end():])
    return replace(event, message=message, container=container_of_field_path(m["path"]),
                   init=init_field_path(m["path"]), combined=event.combined or combined)


def init_field_path(path: str | None) -> bool:
    """Whether the fieldPath names an init container (`spec.initContainers{setup}`)."""
    return (path or "").startswith("spec.initContainers{")


def is_header(line: str) -> bool:
    """A table header or its underline."""
    if _HEADER_NEW.match(line) or _HEADER_OLD.match(line) or _HEADER_GET.match(line):
        return True
    if _HEADER_CUT.match(line):
        return True
    if Columns.of(line) is not None:
        return True
    return bool(line.strip()) and bool(_DASHES.match(line)) and ("-" in line or "─" in line)


# the kubelet's message of a probe's kill, whole (pkg/kubelet/kuberuntime, `Container %s failed
# %s probe, will be restarted`): it ends there, so a row ending so at the record's end without a
# line break lost nothing of its message (bitnami-docker-mysql-94, fixrows76)
_WHOLE_KILL = lazy_regex(r"^(?:Init container|Container) [a-z0-9][-a-z0-9]{0,62} failed "
                         r"(?:liveness|startup) probe, will be restarted$")


def _whole_kill(message: str) -> bool:
    """Whether an event's message is the kubelet's whole message of a probe's kill
    (`_WHOLE_KILL`)."""
    return _WHOLE_KILL.match(message.strip()) is not None


@dataclass
class _Open:
    event: RecordedEvent
    lines: list[str]
    cut_after: bool = False  # the record ends in a row after it (`_cut_open_row`), not in it
    raw: str = ""  # the line the row starts on, as pasted


class EventRows:
    """Collects event rows line by line; `feed` says whether a line belonged to the table."""

    def __init__(self, source: str, *, kind: str = "describe", memo: bool = False) -> None:
        self.source = source
        self.kind = kind  # describe | get
        # `is_row`'s answers by line text, where the owner asks of a line more than once (a
        # paste's placer: `continues_cut_row` looks ahead at lines it places later, and a log
        # repeats its lines); None: not kept (a module-level instance would keep every line
        # of every record). The answer rests on the text and the header read (`_table`,
        # `_columns`) alone, so `header` empties it.
        self._memo: dict[str, bool] | None = {} if memo else None
        self.events: list[RecordedEvent] = []
        self.notes: list[Note] = []
        self._open: _Open | None = None
        self._orphans: list[int] = []
        self._columns: tuple[int, int] | None = None  # (From, Message) offsets of the header
        self._table: Columns | None = None  # a get events / custom-columns header
        self.before = 0  # events the record held before these rows (limits.MAX_EVENTS)
        # the line of an author's cut after the last row read, and its mark
        self._cut: tuple[int, str] | None = None
        self._start = 0  # the first event of the table under the last header
        self._headed = False  # a column header came before the rows (`RecordedEvent.no_header`)
        # the line of the header the lines read since are a run of, line after line
        # (`RecordedEvent.table`), and the last line of that run
        self._run: int | None = None
        self._last = -1

    def header(self, line: str) -> None:
        """Remember where the From and Message columns start (tabwriter aligns the rows)."""
        self._headed = True
        if self._memo is not None:  # the rows are read by this header's columns from here
            self._memo.clear()
        if _HEADER_NEW.match(line):
            self._columns = (line.index("From"), line.index("Message"))
            self._table = None
        elif not _HEADER_OLD.match(line) and not _DASHES.match(line):
            self._table = Columns.of(line)

    def feed(self, line: str, number: int) -> bool:
        """Read one line: a row, a header, or a continuation of the row above."""
        if is_header(line):
            if _HEADER_CUT.match(line):
                self.notes.append(Note(
                    f"the Events header is cut after its {line.split()[-1]} column: the rows "
                    "below it are not in the record", Where(self.source, number)))
            self._close()
            self._cut_above_header()
            self._name_table()
            self.header(line)
            self._start = len(self.events)
            self._run, self._last = number, number
            return True
        event = self._row(line, number)
        if event is not None:
            self._close()
            event = self._in_run(event, number)
            if self._cut is not None:  # the rows between the cut and this one are not here
                self.notes.append(Note(f"{cut_said(*self._cut)}: the paste is cut above this "
                                       "row; rows of the table there are not in the record",
                                       event.where))
                event, self._cut = replace(event, cut_before=True), None
            if event.event_name:
                self.notes.append(_event_named(event))
            if not self._headed:  # a piece of the table: rows of it may be left out
                event = replace(event, no_header=True)
            self._open = _Open(event, [], raw=line)
            return True
        if self._open is not None and line.strip():
            self._continue(line)
            self._last = number if self._last == number - 1 else self._last
            return True
        if line.strip() and self._open is None and not self.events:
            self.orphan(number)
            return True
        return False

    def _in_run(self, event: RecordedEvent, number: int) -> RecordedEvent:
        """The row on line `number` given the header it is read under (`RecordedEvent.table`)
        where every line from that header to it was the table's; a row after a line the table
        did not take (a blank line, prose, another fence) starts a piece of no header's."""
        if self._run is None or number != self._last + 1:
            self._run = None
            return event
        self._last = number
        return replace(event, table=self._run)

    def _continue(self, line: str) -> None:
        """A line that starts no row goes on with the open row's message; a row a narrow
        terminal broke inside its `(xN over M)` (`2m (x4 over 1`, then `0m)  kubelet  ...`) is
        read again whole, its two pieces joined where the terminal broke them."""
        assert self._open is not None
        if _closes_span(line):
            return
        whole = None if self._open.lines else self._rewrapped(line)
        if whole is None:
            self._open.lines.append(line.rstrip())
        else:
            self._open.event = whole

    def _rewrapped(self, line: str) -> RecordedEvent | None:
        """The open row read with `line` after it, where the open row stops inside its count
        (`_OPEN_COUNT`) and the two make one whole row of a stated count and a message: the
        line's text right after the row's (a break inside a word), or after one space (a
        break at one); None otherwise."""
        assert self._open is not None
        event, raw = self._open.event, self._open.raw
        m = _NEW_ROW.match(raw)
        if m is None or m["count"] is not None or not _OPEN_COUNT.match(m["rest"] or ""):
            return None
        for joined in (raw + line.lstrip(), raw.rstrip() + " " + line.lstrip()):
            again = _NEW_ROW.match(joined)
            if again is None or again["count"] is None:
                continue
            try:
                whole = self._row(joined, event.where.line or 0)
            except RecordError:
                continue
            if whole is not None and whole.message and not whole.truncated:
                return replace(whole, where=event.where, cut_before=event.cut_before,
                               no_header=event.no_header, table=event.table)
        return None

    @property
    def is_open(self) -> bool:
        """A row is being read: a line that starts no row continues its message."""
        return self._open is not None

    def is_row(self, line: str, *, header: bool | None = None) -> bool:
        """Whether `line` starts an event row (or is a table header); a row holding what
        no event can hold is one too (reading it is an error naming its line). `header`:
        `is_header(line)` where the caller has it (a pure function of the line)."""
        if self._memo is None:
            return self._is_row(line, header)
        found = self._memo.get(line)
        if found is None:
            found = self._memo[line] = self._is_row(line, header)
        return found

    def _is_row(self, line: str, header: bool | None) -> bool:
        """`is_row` worked out."""
        if is_header(line) if header is None else header:
            return True
        try:
            return self._row(line, 0) is not None
        except RecordError:
            return True

    def cut(self, number: int, mark: str = "...") -> None:
        """The author cut the table at line `number` (`...`, `<SNIP>`: `mark`): the rows on
        either side are the record's, those between them are not."""
        self._close()
        self._cut = (number, mark)

    def _cut_above_header(self) -> None:
        """An author's cut before any row, above the table's column header (`.....`, then
        `Type  Reason  Age ...`): it cuts what the paste held above the table (describe's
        fields), not the table's rows, which the header starts (kubectl prints its rows right
        under it): said, and no row after it is read as cut above (fixprose53)."""
        if self._cut is None or self.events or self._open is not None:
            return
        self.notes.append(Note(f"{cut_said(*self._cut)}: the paste is cut above the table's "
                               "header; its rows under the header are the table's from its "
                               "first", Where(self.source, self._cut[0])))
        self._cut = None

    def orphan(self, number: int) -> None:
        """A line before the first row that continues a message the record does not have."""
        self._orphans.append(number)

    def finish(self, *, cut: bool = False) -> list[RecordedEvent]:
        """Close the last row; `cut`: the input ended in the middle of a line. Ages are read
        again once all are known: a record printed by HumanDuration has exact bare minutes
        (`human_printer`)."""
        # a last line of a type alone (`  Warning`) is a row cut after its type, whether the
        # text ends inside that line or after it: no message goes on with a bare type
        if self._open is not None and (cut or (
                self._open.lines and self._cut_head(self._open.lines[-1]))):
            self._cut_open_row()
        self._close()
        self._name_table()
        self._cut_in_message()
        if self._cut is not None and self.events:  # cut after the last row
            self.notes.append(Note(f"{cut_said(*self._cut)}: the paste is cut after this row; "
                                   "rows after it are not in the record", self.events[-1].where))
            self.events[-1] = replace(self.events[-1], cut_after=True)
        self._cut = None
        self._local_times()
        ages = [t for e in self.events for t in (e.first.text, e.last.text)]
        if human_printer(ages):
            self.events = [replace(e, first=_again(e.first), last=_again(e.last))
                           for e in self.events]
        if self._orphans and not self.events:  # no row follows them: lines not read
            first, last = self._orphans[0], self._orphans[-1]
            span = f"line {first}" if first == last else f"lines {first}-{last}"
            self.notes.append(Note(f"not read: {span} (no describe field nor event row)",
                                   Where(self.source, first), kind=NoteKind.NOT_READ))
        elif self._orphans:
            first, last = self._orphans[0], self._orphans[-1]
            span = f"line {first} continues" if first == last else \
                f"lines {first}-{last} continue"
            self.notes.append(Note(f"{span} an event row that is not in the record "
                                   "(the paste starts in the middle of a message): ignored; "
                                   "rows before it are not in the record either",
                                   Where(self.source, first)))
            if self.events:
                self.events[0] = replace(self.events[0], cut_before=True)
        return self.events

    def _local_times(self) -> None:
        """Rows a log viewer timed by its local date and time (`LOCAL_TIME`: no zone, so on no
        clock): placed as ages before the newest of them, as a klog time is (the record was
        taken at or after it), their order kept. Rows whose times go back down the paste run
        newest first, said: a cut at the paste's end hides older rows."""
        at: dict[int, tuple[float, float]] = {}
        for i, e in enumerate(self.events):
            if (local := _local_seconds(e.last.text)) is not None:
                at[i] = local
        if not at:
            return
        newest = max(t for t, _ in at.values())
        for i, (t, precision) in at.items():
            age = Stamp(StampKind.AGE, age_lo=newest - t, age_hi=newest - t + precision,
                        text=self.events[i].last.text)
            self.events[i] = replace(self.events[i], first=age, last=age)
        times = [t for t, _ in at.values()]
        if len(times) >= 2 and times[0] > times[-1] and \
                all(a >= b for a, b in zip(times, times[1:], strict=False)):
            self.notes.append(Note(
                "these rows run newest first (their times go back down the paste): rows older "
                "than the last one shown are not in the record where the paste is cut after it",
                self.events[next(iter(at))].where))

    def _cut_in_message(self) -> None:
        """The last row's message opens a parenthesis it never closes (`Successfully pulled
        image "x" in 880ms (880ms including wai`, a line break after it): the kubelet's own
        messages close what they open (`(19.829s including waiting)`), so the paste is cut
        inside it, and rows after it are not in the record. A probe's output, the prober's
        text, is not judged so. So is the scheduler's message stopping before its node
        (`_assigned_cut`), and the kubelet's kill for a changed spec stopping inside its words
        (spec_kill.py: `Container app definition cha`)."""
        if not self.events:
            return
        last = self.events[-1]
        what = _message_cut(last.message)
        if last.truncated or last.reason in _MULTI_LINE or not what:
            return
        self.events[-1] = replace(last, truncated=True, cut_after=True)
        self.notes.append(Note(f"this row's message {what}: the record is cut inside it; rows "
                               "after it are not in the record", last.where))

    def _cut_open_row(self) -> None:
        """The record ends inside the open row, or in a row after it that got no further than
        its type (`  Warning`): that line starts a row, it is no part of the open row's
        message; rows after the open one are not in the record either way."""
        assert self._open is not None
        more = self._open.lines
        if more and (head := self._cut_head(more[-1])):
            # a headerless `get events` row cut after its TYPE is cut before its OBJECT cell: a
            # row of any pod, the open row whole above it and the rows after it cut away, of
            # any pod and time (README: emqx-operator-554's row cut so, gitlab-runner-4664)
            whole = self._get_type_alone(more.pop()) is not None
            self._open.event = replace(self._open.event, truncated=not whole, cut_after=whole)
            self._open.cut_after = True
            self.notes.append(Note(
                f"the record ends in the row after this one, cut after its {head}: "
                "its reason and message, and any rows after it, are not in the record",
                self._open.event.where))
            return
        if not more and _whole_kill(self._open.event.message):
            return  # the kubelet's message whole: the missing line break cut nothing of it
        self._open.event = replace(self._open.event, truncated=True)
        self.notes.append(Note(
            "the record ends without a line break in this row: it may be cut short",
            self._open.event.where))

    def _cut_head(self, line: str) -> str | None:
        """What a row cut before its reason holds, said (`type (Warning)`, `object (web-0)`):
        `_type_alone`, or a log viewer's row cut after its object (`logged_head_alone`); None
        for any other line."""
        if (kind := self._type_alone(line)) is not None:
            return f"type ({kind})"
        name = logged_head_alone(line)
        return f"object ({name})" if name is not None else None

    def _type_alone(self, line: str) -> str | None:
        """The type of a row cut right after it: `  Warning` alone, or a `get events` row
        whose cells stop after its TYPE (`Columns.type_alone` under its header,
        `_get_type_alone` without one); None for any other line."""
        if _TYPE_ONLY.match(line):
            return line.strip()
        if self._table is not None:
            return self._table.type_alone(line)
        return self._get_type_alone(line)

    def _get_type_alone(self, line: str) -> str | None:
        """The type of a headerless `get events` row cut right after it (`_GET_TYPE_ONLY`),
        read so only under an open row of that layout (its OBJECT cell named: `pod/NAME`),
        whose first cells it repeats; None for any other line (README: a table cut after a
        row's TYPE, its last row any pod's, stop 60, fx60d)."""
        if self._table is not None or self._open is None or not self._open.event.object_name or \
                (m := _GET_TYPE_ONLY.match(line)) is None:
            return None
        return m["type"]

    def _name_table(self) -> None:
        """The rows of a table whose KIND column names no pod (`Columns.kind_alone`): the pod
        its one Scheduled row names (`Successfully assigned ns/pod to node`) when the table
        holds no other Scheduled row, said in a note; else they stay rows of no named pod."""
        rows = self.events[self._start:]
        if self._table is None or not self._table.kind_alone or not rows:
            return
        scheduled = [e for e in rows if e.reason == "Scheduled"]
        m = _ASSIGNED.match(scheduled[0].message) if len(scheduled) == 1 else None
        if m is None:
            return
        for i, e in enumerate(rows, self._start):
            if e.object_kind == "Pod" and not e.object_name:
                self.events[i] = replace(e, object_name=m["name"],
                                         object_namespace=e.object_namespace or m["ns"])
        self.notes.append(Note(
            f"the table's KIND column names no pod: rows given to pod {m['name']}, the one its "
            "Scheduled row names (no other Scheduled row in the table)", scheduled[0].where))

    def end_section(self) -> None:
        self._close()

    def _close(self) -> None:
        if self._open is None:
            return
        event, more = self._open.event, self._open.lines
        # only a probe's output runs over lines; any other kubelet message is one line that
        # the paste wrapped (a web page's copy, a narrow terminal)
        joint = "\n" if event.reason in _MULTI_LINE else " "
        if more and not event.message and event.last.text:  # the message wrapped to a line
            event = replace(event, message=joint.join(m.strip() for m in more), truncated=False)
        elif more:
            event = replace(event, message=joint.join([event.message, *(m.strip() for m in more)]))
        if more and event.object_cut:  # the row goes on below its OBJECT cell: not cut there
            event = replace(event, object_cut=False)
        event = field_path_said(event)
        if event.truncated and (whole := _cut_reason(event)) is not None:
            event = replace(event, reason=whole)
            self.notes.append(Note(_CUT_REASON_READ.format(self._open.event.reason, whole),
                                   event.where, kind=NoteKind.READING))
        if event.truncated and not self._open.cut_after:
            # a row cut in its OBJECT cell is read up to the cut: no line both read and not
            self.notes.append(Note(_cut_row(event), event.where, kind=NoteKind.READING))
        elif not event.truncated and (words := cut_in_error(event.message)) is not None:
            event = replace(event, truncated=True)
            self.notes.append(Note(
                f"this row's message stops inside the prober's error (`{words}`): the row "
                "is cut there, and what followed it is not in the record", event.where))
        self.events.append(event)
        self._open = None
        check_events(self.before + len(self.events), self.source, event.where.line)

    # ------------------------------------------------------------ rows
    def _row(self, line: str, number: int) -> RecordedEvent | None:
        """The row `line` starts, in whichever layout it is (see the module's docstring)."""
        if self._table is not None:
            cells = self._table.cells(line)
            if cells is not None:
                return self._from_cells(cells, number)
        m = _NEW_ROW.match(line)
        if m:
            return self._new_row(m, line, number)
        m = _GET_ROW.match(line) if "/" in line else None  # (its object's `/` looked for first)
        if m:
            return self._get_row(m, number)
        cells = get_old_cells(line, _is_time)
        if cells is not None:
            return self._from_cells(cells, number)
        m = _OLD_ROW.match(line)
        if m:
            return self._old_row(m, number)
        cells = headerless_cells(line, _is_time) or sourced_cells(line) \
            or spaced_console_cells(line) or logged_cells(line) or bracketed_cells(line) \
            or subobject_first_cells(line) \
            or typeless_cells(line) or reason_first_cells(line) or message_first_cells(line)
        return self._from_cells(cells, number) if cells is not None else None

    def _error(self, message: str, number: int) -> RecordError:
        return RecordError(message, source=self.source, line=number or None)

    def _count(self, text: str, number: int, *, suffix: bool) -> int:
        """A count as the row prints it; exit 2 for one no event can have (an int32, and
        kubectl prints `(xN over M)` only from 2); a cell that is no whole number (a COUNT
        column's cell holding a word, `1_0` or `+3`, which int() would take) is refused too."""
        shown = f"{text[:20]}{'...' if len(text) > 20 else ''}"
        if _WHOLE.fullmatch(text) is None:
            raise self._error(f"event count {shown} is no whole number (an event's count of "
                              f"occurrences, 0 to {MAX_COUNT})", number)
        if len(text.lstrip("-")) > 10 or not -MAX_COUNT <= int(text) <= MAX_COUNT:
            raise self._error(f"event count {shown} is over {MAX_COUNT}, the most an event's "
                              "count can be", number)
        n = int(text)
        if suffix and n < 2 or n < 0:
            raise self._error(f"event count {n} cannot be: kubectl prints (xN over M) only "
                              "for 2 or more", number)
        return n

    def _age(self, text: str, number: int) -> Stamp:
        stamp = parse_time(text)
        if stamp is not None:
            return stamp
        if text.startswith("-"):
            raise self._error(f"age {text[:20]!r} is negative: kubectl prints a time ahead of "
                              "its clock as <invalid>", number)
        if _CLOCK.match(text) or LOCAL_TIME.match(text) or text in ("<nil>", "<none>"):  # a console's time of day (no
            return Stamp(StampKind.UNKNOWN, text=text)  # date), custom columns' missing field
        raise self._error(f"age {text[:20]!r} is not one kubectl prints (at most 9 digits "
                          "a unit, units decreasing: 3m20s)", number)

    def _stamps(self, age: str | None, count: str | None, over: str | None, number: int
                ) -> tuple[Stamp, Stamp, int]:
        last = self._age(age, number) if age else UNKNOWN_STAMP
        if count is None:
            return last, last, 1  # kubectl prints (xN ...) for N >= 2 only
        n = self._count(count, number, suffix=True)
        first = self._age(over, number) if over else UNKNOWN_STAMP
        return first if first.known or over else last, last, n

    def _new_row(self, m: re.Match[str], line: str, number: int) -> RecordedEvent:
        where = Where(self.source, number)
        first, last, count = self._stamps(m["age"], m["count"], m["over"], number)
        rest = (m["rest"] or "").strip()
        cut_object = _cut_object_row(m, rest, where) if m["age"] is None else None
        if cut_object is not None:
            return cut_object
        kind, name, rest = _object_cell(rest) if m["age"] is None else ("", "", rest)
        component, message = self._from_message(line, m, rest)
        message, combined = strip_combined(message)
        cut = _CUT_COUNT.match(m["rest"] or "") if m["count"] is None else None
        if cut is not None:  # the row stops after its count: no From, no message
            return RecordedEvent(
                m["type"], m["reason"], "", self._count(cut["count"], number, suffix=True),
                UNKNOWN_STAMP, last, where, truncated=True,
                count_basis=CountBasis.STATED if cut["whole"] else CountBasis.AT_LEAST)
        # a row that stops before the header's Message column (`kubel`) is cut short
        short = not message and self._columns is not None and \
            len(line.rstrip()) < self._columns[1]
        # a row printed without its Age cell (a page's `Warning Unhealthy kubelet Liveness
        # probe failed: ...`) is whole, but says neither when nor how often: at least once
        ageless = m["age"] is None and bool(message)
        return RecordedEvent(m["type"], m["reason"], message, count, first, last, where,
                             component=component, combined=combined, object_kind=kind,
                             object_name=name,
                             truncated=(m["age"] is None and not message) or short,
                             count_basis=CountBasis.AT_LEAST if ageless else CountBasis.STATED)

    def _from_message(self, line: str, m: re.Match[str], rest: str) -> tuple[str, str]:
        """Split `From  Message`: by the header's columns when the row is aligned to them,
        else at the first run of two or more spaces, else (a paste that lost its spacing)
        after a component kubesim knows."""
        if self._columns is not None:
            at_from, at_msg = self._columns
            age_end = m.end("age") if m["over"] is None else m.end("over") + 1
            if (age_end < at_from < at_msg <= len(line) and line[at_from - 1] in " \t"
                    and line[at_msg - 1] in " \t" and not line[at_from].isspace()):
                return line[at_from:at_msg].strip(), line[at_msg:].strip()
        parts = re.split(r"\t+|[ \t]{2,}", rest, maxsplit=1)
        if len(parts) == 2:
            return parts[0], parts[1]
        known = _COMPONENT.match(rest)
        if known:
            return known[1], rest[known.end():].strip()
        if bare_reason(rest) is not None:  # no From cell: the kubelet's message itself
            return "", rest
        if m["age"] is None and len(rest.split()) > 1:  # `Warning  Failed   Error: OOMKilled`:
            return "", rest  # a row printed as Type, Reason, Message (no Age, no From)
        return parts[0], ""

    def _old_row(self, m: re.Match[str], number: int) -> RecordedEvent:
        where = Where(self.source, number)
        first = parse_time(m["first"]) or UNKNOWN_STAMP
        last = parse_time(m["last"]) or UNKNOWN_STAMP
        fields = [f for f in _SPLIT.split(m["rest"].strip()) if f] if m["rest"].strip() else []
        component = fields.pop(0) if fields else ""
        container, init = None, False
        if fields and _SUBOBJECT.match(fields[0]):
            init = init_field_path(fields[0])
            container = container_of_field_path(fields.pop(0))
        kind, reason = _kind_and_reason(fields)
        message, combined = strip_combined(" ".join(fields))
        truncated = not reason or not message
        count = self._count(m["count"], number, suffix=False)
        return RecordedEvent(kind or "Normal", _capital(reason), message, max(count, 1),
                             first, last, where, component=component.strip("{} "),
                             container=container, combined=combined, truncated=truncated,
                             count_basis=CountBasis.STATED if count else CountBasis.AT_LEAST,
                             init=init)

    def _get_row(self, m: re.Match[str], number: int) -> RecordedEvent:
        """A 1.14+ `kubectl get events` row (`-o wide` too)."""
        name, message = placeholder_name(m["name"], m["message"] or "")
        cells = replace(wide_cells(m["age"], m["type"], m["reason"], m["kind"], name,
                                   message, _is_time), namespace=m["ns"])
        if m["count"] is not None and cells.count is None:
            return self._from_cells(cells, number, suffix=(m["count"], m["over"]))
        return self._from_cells(cells, number)

    def _from_cells(self, cells: Cells, number: int,
                    suffix: tuple[str, str | None] | None = None) -> RecordedEvent:
        """An event from a table row's cells. Without a COUNT cell or an `(xN over M)` the
        table does not say how often: at least once (CountBasis.AT_LEAST)."""
        last_text, first_text = cells.last, cells.first
        if suffix is None and cells.count is None and last_text and \
                (m := _AGE_COUNT_CELL.match(last_text)) is not None and m["count"] is not None:
            last_text, suffix = m["age"], (m["count"], m["over"])
        if suffix is not None:
            first, last, count = self._stamps(last_text, suffix[0], suffix[1], number)
        else:
            last = self._age(last_text, number) if last_text else UNKNOWN_STAMP
            first = self._age(first_text, number) if first_text else last
            count = self._count(cells.count, number, suffix=False) if cells.count else 0
        message, combined = strip_combined(cells.message)
        times = _CONSOLE_TIMES.search(message) if not count else None
        if times is not None:  # the OpenShift 3 web console's count, after the message
            message, count = message[:times.start()], self._count(times["n"], number,
                                                                  suffix=False)
        basis = CountBasis.STATED if count or cells.every_count else CountBasis.AT_LEAST
        return RecordedEvent(
            cells.type or "Normal", _capital(cells.reason), message, max(count, 1), first, last,
            Where(self.source, number), component=(cells.source or "").strip("{} "),
            object_kind=_kind(cells.kind) if cells.kind else "", object_name=cells.name or "",
            container=container_of_field_path(cells.subobject), combined=combined,
            truncated=not message, count_basis=basis, object_cut=cells.object_cut,
            event_name=cells.event_name, object_namespace=cells.namespace)


_TYPE_REASON = lazy_regex(r"^(Normal|Warning) (\S+)$")
# the OpenShift 3 web console prints an event's count after its message: `... awaiting
# headers)  19 times in the last 17 minutes`. A copy may run the count into the message:
# after a word (`connection refused28 times`, syndesis-1616; `recreated.2 times`) it starts
# at the first digit; after `statuscode: ` the code is three digits (Go's net/http reads a
# status line's code as exactly three, prober/http), so `statuscode: 50318 times` is 503, 18
# times (openshiftio-2425). A message ending in other digits (a port, `/v1`) keeps them: no
# guess where they part.
_CONSOLE_TIMES = lazy_regex(r"(?:(?<=statuscode: \d{3})|(?<=[A-Za-z]{2})|(?<=[A-Za-z][.)])|"
                            r"(?<![ \t])"
                            r"(?<!statuscode:)[ \t]+)"
                            r"(?P<n>\d{1,10}) times in the last (?:\d+ )?"
                            r"(?:seconds?|minutes?|hours?|days?)$")


# the rest of an author's placeholder in an OBJECT cell (`pod/egg-<id here>`, kubefate-64):
# words on one space, the last closing the `>` (`here>`)
_PLACEHOLDER_REST = lazy_regex(r"^(?:[^\s<>]+ ){0,3}[^\s<>]+>(?=\s|$)")


def placeholder_name(name: str, message: str) -> tuple[str, str]:
    """An OBJECT cell's name and the message after it, with an author's placeholder whole: a
    name kubectl prints is a DNS subdomain, without `<` or a space, so a `<` the name cell
    leaves open is the author's (`egg-<id here>`), and the words up to the `>` that closes
    it are the name's, not the message's. A `<` closed in the cell (`egg-<id>`), or no `>`
    ending a word soon after it: the cells as they are."""
    opened = name.rfind("<")
    if opened < 0 or ">" in name[opened:] or (rest := _PLACEHOLDER_REST.match(message)) is None:
        return name, message
    return f"{name} {rest[0]}", message[rest.end():].lstrip()


def _kind_and_reason(fields: list[str]) -> tuple[str, str]:
    """Take the Type and Reason cells off the front of `fields`. tabwriter pads a column by
    one space at least, so the longest type (`Warning`) is one space from its reason once a
    paste has turned the tabs into spaces: `Warning Unhealthy` is one field then."""
    if fields and (m := _TYPE_REASON.match(fields[0])):
        fields.pop(0)
        return m[1], m[2]
    kind = fields.pop(0) if fields and fields[0] in ("Normal", "Warning") else ""
    return kind, fields.pop(0) if fields else ""


def _is_time(text: str) -> bool:
    return parse_time(text) is not None or bool(_CLOCK.match(text)) or \
        bool(re.match(rf"^{_AGE_LIKE}$", text))


_COMPONENT = lazy_regex(r"^((?:kubelet|default-scheduler)(?:, \S+)?|\{[^}]{1,200}\})\s+")
_KINDS = {"pod": "Pod", "replicaset": "ReplicaSet", "deployment": "Deployment",
          "statefulset": "StatefulSet", "daemonset": "DaemonSet", "job": "Job", "node": "Node",
          "service": "Service", "endpoints": "Endpoints", "cronjob": "CronJob"}


# a `kubectl get events` row printed without its LAST SEEN cell, on one space (a mail
# archive's `Warning Unhealthy pod/scheduler-xxx Liveness probe failed:`): its OBJECT cell,
# a kind kubectl prints, before the message
_OBJECT_CELL = lazy_regex(r"^(?P<kind>[a-z]{3,20})/(?P<name>[a-z0-9][a-z0-9.-]{0,252})[ \t]+(?=\S)")


# the same row cut inside its OBJECT cell, nothing after it (`Normal Killing pod/we`)
_CUT_OBJECT_CELL = lazy_regex(r"^(?P<kind>[a-z]{3,20})/(?P<name>[a-z0-9.-]{0,253})$")


def _cut_object_row(m: re.Match[str], rest: str, where: Where) -> RecordedEvent | None:
    """A row without LAST SEEN that ends inside its OBJECT cell (`Normal Killing pod/we`):
    its type and reason, the cut cell (read.pod_groups names its pod); None otherwise."""
    cut = _CUT_OBJECT_CELL.match(rest)
    if cut is None or cut["kind"] not in _KINDS:
        return None
    return RecordedEvent(m["type"], m["reason"], "", 1, UNKNOWN_STAMP, UNKNOWN_STAMP, where,
                         object_kind=_KINDS[cut["kind"]], object_name=cut["name"],
                         truncated=True, count_basis=CountBasis.AT_LEAST, object_cut=True)


def _object_cell(rest: str) -> tuple[str, str, str]:
    """The kind and name of an OBJECT cell that starts `rest`, and what follows it; ("", "",
    rest) when it starts with none."""
    m = _OBJECT_CELL.match(rest)
    if m is None or m["kind"] not in _KINDS:
        return "", "", rest
    return _KINDS[m["kind"]], m["name"], rest[m.end():]


def _kind(text: str) -> str:
    """`pod` (as `kubectl get events` prints OBJECT) -> `Pod`."""
    return _KINDS.get(text.split(".")[0], text)


def _local_seconds(text: str) -> tuple[float, float] | None:
    """Seconds of a date and time with no zone (`2024-04-19 07:24:39.994`), on a clock of its
    own (only differences between them mean anything), and their precision; None for any
    other text."""
    if not LOCAL_TIME.match(text):
        return None
    day, _, clock = text.replace("T", " ").partition(" ")
    whole, _, frac = clock.partition(".")
    try:
        at = datetime.strptime(f"{day} {whole}", "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:  # a day or an hour no calendar has (`2024-13-40`)
        return None
    return at.timestamp() + (float("0." + frac) if frac else 0.0), 10.0 ** -len(frac)


def _again(stamp: Stamp) -> Stamp:
    if stamp.kind is StampKind.AGE:
        return parse_age(stamp.text, human=True) or stamp
    return stamp


def _capital(reason: str) -> str:
    """Old kubelets wrote reasons in lower case (`killing`, `created`)."""
    return reason[:1].upper() + reason[1:] if reason else reason


def _event_named(event: RecordedEvent) -> Note:
    """What a row whose NAME cell holds the event's own name is read as: an event of the
    object whose name that name starts with (`event_layouts._named`)."""
    kind = event.object_kind or "object"
    return Note(f"line {event.where.line}'s NAME cell holds the event's own name "
                f"({event.event_name}: its object's name, a dot, and the moment it was made in "
                f"hexadecimal nanoseconds, as kubectl 1.8-1.13 printed it): read as an event of "
                f"{kind} {event.object_name}", event.where, uncertain=False)


# the errors an HTTP or TCP probe's output ends with: Go's, as the kubelet's prober prints them
# after the request or the dial (`Get "URL": ...`, `dial tcp ADDR: ...`; pkg/probe/http and
# pkg/probe/tcp, R2.8): net/http's client timeout, context's, the dialer's and the socket's
_GO_ERRORS = ("context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
              "context deadline exceeded",
              # (after `net/http: `, which the output's last `: ` parts it from)
              "request canceled (Client.Timeout exceeded while awaiting headers)",
              "request canceled while waiting for connection (Client.Timeout exceeded while "
              "awaiting headers)",
              "connection refused", "connection reset by peer", "i/o timeout",
              "no route to host", "network is unreachable")
# where the prober's Go error starts: after its request (`Get "URL": `) or its dial
_NET_OUTPUT = lazy_regex(r'(?:Get|Head|Post) "[^"\n]{0,2048}": |dial tcp ')


def cut_in_error(message: str) -> str | None:
    """The words an HTTP or TCP probe's output stops at inside one of Go's errors
    (`_GO_ERRORS`), None for any other message: Go prints each whole, so an output that ends
    in a part of one (`context deadline`, `connect: connection ref`) was cut there, at the
    paste's line end, whatever lines follow it (rancher-44649). An exec probe's output is the
    command's own text: never judged so."""
    m = _NET_OUTPUT.search(message)
    if m is None:
        return None
    last = message[m.end():].rstrip().rsplit(": ", 1)[-1]
    if not last or last in _GO_ERRORS or "\n" in last:
        return None
    return last if any(e.startswith(last) for e in _GO_ERRORS) else None


# the scheduler's Scheduled message, `Successfully assigned NS/NAME to NODE` (`NAME to NODE`
# before 1.12; pkg/scheduler's binding event): printed whole, so a message that stops before
# its node (`Successfully assigned eclipse-che/che-c4fc`, che-19817) was cut there
_ASSIGNED_CUT = lazy_regex(r"Successfully assigned \S+(?: to?)?")


def _assigned_cut(message: str) -> bool:
    return _ASSIGNED_CUT.fullmatch(message.strip()) is not None


def _message_cut(message: str) -> str:
    """How a row's message shows the paste cut inside it (`EventRows._cut_in_message`), ""
    where it does not."""
    if message.count("(") > message.count(")"):
        return "opens a parenthesis it does not close"
    if _assigned_cut(message):
        return "stops before the node the pod was assigned to"
    if spec_kill_cut(message) is not None:  # (spec_kill.py: R4.1's kill, its words cut)
        return "stops inside the kubelet's words of a kill for a changed spec"
    return ""


# a reason cut after its first letters, no message after it (`Warning  Unh`, the paste ending
# there): `Unh` starts only Unhealthy among the kubelet's reasons (pkg/kubelet/events/event.go;
# `Un` starts UnfinishedPreStopHook too), the event of a probe's call that failed or errored
# (R2.3, prober.go); read as an Unhealthy row cut before its message (fix91, fabric-operator-154)
_CUT_REASONS = ("Unhealthy",)
_CUT_REASON_LEAST = 3
_CUT_REASON_READ = ("this row's reason is cut after `{}`: only the kubelet's {} reason starts so, "
                    "read as that row cut before its message")


def _cut_reason(event: RecordedEvent) -> str | None:
    """The kubelet's reason a Warning row cut inside its reason, with no message (`Unh`), is
    the start of (`_CUT_REASONS`, at least `_CUT_REASON_LEAST` letters, a proper start; the
    kubelet records Unhealthy as a Warning, R2.3); None otherwise."""
    cut = event.reason
    if event.message or event.type != "Warning" or len(cut) < _CUT_REASON_LEAST:
        return None
    return next((r for r in _CUT_REASONS if r != cut and r.startswith(cut)), None)


def _cut_row(event: RecordedEvent) -> str:
    """What a row the record ends inside lacks: a row cut after its From cell keeps its
    reason and count (keycloak-40752: `Unhealthy 111s (x10 over 5m1s) kubelet`), so only its
    message is missing, which for a probe's row is which probe failed."""
    if not event.reason or event.message:
        return "this event row is cut short: its time, reason or message is not in the record"
    if event.object_cut:
        cell = event.object_kind.lower() + (f"/{event.object_name}" if event.object_name else "")
        where = f"in its OBJECT cell ({cell})" if cell else "before its OBJECT cell"
        # read up to the cut (its reason and age), so no `not read:` line: the row is read
        return (f"line {event.where.line} is cut {where}: this "
                f"{event.reason} row's message, and the whole name of the object it is about, "
                "are not in the record")
    count = f" (x{event.count})" if event.count_stated and event.count > 1 else ""
    lacks = "which probe failed, and its output, are" if event.reason == "Unhealthy" else \
        "its message is"
    return f"this {event.reason} row{count} is cut before its message: {lacks} not in the record"


def _closes_span(line: str) -> bool:
    """Whether `line` is a lone backtick: the mark closing an inline code span a page opened
    before the row (`` `kubectl events says: spec.containers{app}  Warning  Unhealthy ...``
    then `` ` `` alone on the next line; `normalise` took the opening mark off), no word of
    the row's message."""
    return line.strip() == "`"
