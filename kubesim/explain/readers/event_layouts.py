"""The `kubectl get events` table in every layout kubectl has printed, with or without its
header, and tables of custom columns (`-o custom-columns=...`, consoles that show events).

Layouts (pkg/printers/internalversion/printers.go, `printEvent`; earlier
pkg/kubectl/resource_printer.go):

* 1.14 and later: `[NAMESPACE]  LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`; LAST SEEN may
  read `3m (x4 over 10m)`. Without that suffix the table gives no count: the event happened
  at least once (`CountBasis.AT_LEAST`).
* 1.14 and later, `-o wide`: `LAST SEEN  TYPE  REASON  OBJECT  SUBOBJECT  SOURCE  MESSAGE
  FIRST SEEN  COUNT  NAME`.
* 1.5 to 1.13: `[NAMESPACE]  LASTSEEN  FIRSTSEEN  COUNT  NAME  KIND  SUBOBJECT  TYPE  REASON
  SOURCE  MESSAGE` (before 1.5 without TYPE); `--watch` printed RFC 3339 times there.
* A header naming the columns (REASON and MESSAGE at least) reads any order of them: the
  columns are cut where the header's are, or at tabs when the header has tabs.
* A describe row of 1.2 to 1.9 pasted without its FirstSeen, LastSeen and Count cells:
  `{kubelet node}  spec.containers{app}  Warning  Unhealthy  message` (the paste may run the
  SubObjectPath and Type cells together). No time and no count: at least once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import LABEL, object_of_event_name

__all__ = ["PRINTED_KINDS", "BareReason", "Cells", "Column", "Columns", "StartBackOff",
           "bare_reason", "event_type", "get_old_cells", "headerless_cells", "sourced_cells",
           "spaced_console_cells", "start_back_off", "wide_cells"]

_SPLIT = lazy_regex(r"\t+|[ \t]{2,}")
_TYPE = ("Normal", "Warning")
_SUBOBJECT = lazy_regex(r"^spec\.\S+$|^implicitly required container \S+$")
# the kinds a KIND cell of the 1.5-1.13 table holds (events_run_old.py reads them as anchors)
PRINTED_KINDS = {"Pod", "ReplicaSet", "Deployment", "StatefulSet", "DaemonSet", "Job", "Node",
                 "Service", "Endpoints", "CronJob", "ReplicationController",
                 "PersistentVolumeClaim", "HorizontalPodAutoscaler", "Namespace", "ConfigMap",
                 "Secret", "Ingress"}
_COUNT = lazy_regex(r"^\d{1,400}$")
_REASON = lazy_regex(r"^[A-Za-z][A-Za-z0-9_]{0,80}$")
_OBJECT = lazy_regex(r"^[a-z][a-z0-9.]{0,60}/\S{1,253}$")
_CUT_OBJECT = lazy_regex(r"^[a-z][a-z0-9.]{0,60}(?:/\S{0,253})?$")
# reasons the kubelet writes: a headerless row without TYPE is read only when it names one
KUBELET_REASONS = {"Unhealthy", "Killing", "BackOff", "Started", "Created", "Pulled",
                   "Pulling", "Failed", "ProbeWarning", "Scheduled", "FailedSync",
                   "FailedMount", "FailedScheduling", "SandboxChanged", "Preempting",
                   "ExceededGracePeriod", "FailedPreStopHook", "FailedPostStartHook",
                   "OOMKilling", "Evicted"}


class Column(str, Enum):
    """What a table column holds."""

    NAMESPACE = "namespace"
    LAST = "last"
    FIRST = "first"
    COUNT = "count"
    NAME = "name"  # the object's name (1.5-1.13), or the event's own (1.14 -o wide)
    KIND = "kind"
    OBJECT = "object"  # kind/name
    SUBOBJECT = "subobject"
    TYPE = "type"
    REASON = "reason"
    SOURCE = "source"
    MESSAGE = "message"
    OTHER = "other"


_NAMES = {
    "NAMESPACE": Column.NAMESPACE, "LAST SEEN": Column.LAST, "LASTSEEN": Column.LAST,
    "LAST": Column.LAST, "LASTTIMESTAMP": Column.LAST, "LAST TIMESTAMP": Column.LAST,
    "TIME": Column.LAST, "AGE": Column.LAST, "LAST_SEEN": Column.LAST, "TIMESTAMP": Column.LAST,
    "FIRST SEEN": Column.FIRST, "FIRSTSEEN": Column.FIRST, "FIRST": Column.FIRST,
    "FIRSTTIMESTAMP": Column.FIRST, "FIRST TIMESTAMP": Column.FIRST, "COUNT": Column.COUNT,
    "NAME": Column.NAME, "KIND": Column.KIND, "OBJECT": Column.OBJECT,
    "INVOLVED OBJECT": Column.OBJECT, "SUBOBJECT": Column.SUBOBJECT,
    "SUBOBJECTPATH": Column.SUBOBJECT, "FIELDPATH": Column.SUBOBJECT, "TYPE": Column.TYPE,
    "REASON": Column.REASON, "SOURCE": Column.SOURCE, "FROM": Column.SOURCE,
    "COMPONENT": Column.SOURCE, "MESSAGE": Column.MESSAGE, "MSG": Column.MESSAGE,
    "NOTE": Column.MESSAGE}


@dataclass(frozen=True, slots=True)
class Cells:
    """A row cut into its cells, by what they hold (None: the row has no such cell)."""

    reason: str
    message: str
    type: str | None = None
    last: str | None = None
    first: str | None = None
    count: str | None = None
    namespace: str | None = None
    kind: str | None = None
    name: str | None = None
    subobject: str | None = None
    source: str | None = None
    # `kubectl events` (1.26+) prints its OBJECT as `Kind/name` (`Pod/web-0`; `kubectl get
    # events` prints the resource, `pod/web-0`) and every count over one in LAST SEEN (`2m (x4
    # over 12m)`, events/event_printer.go): a bare LAST SEEN is one occurrence
    every_count: bool = False
    # the row ends inside its OBJECT cell (no cell after it where the header has them, or no
    # message): the kind/name it holds may be cut short (`pod/we` of `pod/web-0`)
    object_cut: bool = False
    # the NAME cell held the event's own name (`test.156069c40d136031`), not its object's:
    # `name` is the object's name read from it (`_named`)
    event_name: str | None = None


class StartBackOff(NamedTuple):
    """pod_workers' error for a start refused in back-off: the container, and the refusal's
    own message when the error carries it (`Back-off 5m0s restarting failed container=...`)."""

    container: str
    message: str | None


# pod_workers' sync error for a start refused in back-off, as the kubelet's log prints it
# (klog's structured `err="..."` escapes its quotes) and as the kubelets of 1.2-1.4 reported
# it in a FailedSync event: `failed to "StartContainer" for "web" with CrashLoopBackOff:
# "Back-off 1m20s restarting failed container=web pod=web-1_ns(uid)"`
_START_BACK_OFF = lazy_regex(
    rf'failed to \\?"StartContainer\\?" for \\?"({LABEL})\\?" '
    r'with CrashLoopBackOff(?:: \\?"([Bb]ack-off [^"\\\n]{1,400}))?')


def start_back_off(text: str) -> StartBackOff | None:
    """The start refused in back-off a sync error tells (`_START_BACK_OFF`), or None; the
    refusal's message as the BackOff event's (`Back-off ...`: the kubelets since 1.5 write
    the error's `back-off` in lower case)."""
    m = _START_BACK_OFF.search(text)
    return StartBackOff(m[1], "B" + m[2][1:] if m[2] else None) if m else None


def events_command_object(kind: str | None) -> bool:
    """Whether an OBJECT cell's kind is as `kubectl events` prints it (`Pod`, not `pod`)."""
    return bool(kind) and kind is not None and kind[:1].isupper()


class Columns:
    """A table header: where each column starts (or its index, for a tab-separated table)."""

    def __init__(self, roles: list[tuple[Column, int]], tabs: bool) -> None:
        self.roles, self.tabs = roles, tabs

    @staticmethod
    def of(line: str) -> Columns | None:
        """The header's columns; None if `line` is no events header (REASON and MESSAGE, and
        every column a known name)."""
        text = line.rstrip()
        if not text.strip() or text.strip() != text.strip().upper():
            return None
        tabs = "\t" in text.strip()
        roles: list[tuple[Column, int]] = []
        for m in re.finditer(r"[^\t ]+(?: [^\t ]+)*", text):
            role = _NAMES.get(m[0].strip())
            if role is None:
                return None
            roles.append((role, len(roles) if tabs else m.start()))
        have = {r for r, _ in roles}
        if Column.REASON not in have or Column.MESSAGE not in have or len(roles) < 3:
            return None
        return Columns(roles, tabs)

    @property
    def kind_alone(self) -> bool:
        """A KIND column and neither NAME nor OBJECT (`LAST SEEN  TYPE  REASON  KIND  MESSAGE`):
        the table the API server prints (printEvent in pkg/printers/internalversion/
        printers.go; kubectl asks the server for it) up to 1.13, kubernetes/kubectl#793 shows
        it from a v1.13.11 server, until kubernetes#73894 (Feb. 2019) made KIND an OBJECT of
        `kind/name` for 1.14: its rows name no object."""
        have = {r for r, _ in self.roles}
        return Column.KIND in have and not have & {Column.NAME, Column.OBJECT}

    def type_alone(self, line: str) -> str | None:
        """The TYPE cell of a row cut right after it (its REASON and MESSAGE cells empty, the
        cells before filled): `gitlab-runner-support   0s   Normal`; None for any other
        line."""
        values = None if self.tabs else self._aligned(line, cut=True)
        if values is None:
            return None
        got = {role: value for role, value in values if role is not Column.OTHER}
        type_ = got.get(Column.TYPE, "")
        after = [v for (r, _), (_, v) in zip(self.roles, values, strict=True)
                 if r in (Column.REASON, Column.MESSAGE, Column.OBJECT, Column.KIND)]
        before = [v for r, v in values if r in (Column.NAMESPACE, Column.LAST)]
        return type_ if type_ in _TYPE and not any(after) and all(before) else None

    def cells(self, line: str) -> Cells | None:
        """The row's cells; None if the row is not aligned to this header."""
        values = self._tabbed(line) if self.tabs else self._aligned(line)
        if values is None:
            return None
        got = {role: value for role, value in values if role is not Column.OTHER}
        reason, message = got.get(Column.REASON, ""), got.get(Column.MESSAGE, "")
        if not _REASON.match(reason):
            return None
        if Column.OBJECT in got and "/" in got[Column.OBJECT]:
            kind, _, name = got[Column.OBJECT].partition("/")
            got[Column.KIND], got[Column.NAME] = kind, name
        elif Column.OBJECT in got or Column.KIND not in got:
            got.pop(Column.NAME, None)  # 1.14 -o wide: NAME is the event's own name
        cut = _ends_in_object(values)
        if cut and "/" not in got[Column.OBJECT]:  # cut inside its kind (`poddisruptionbud`)
            got[Column.KIND] = got[Column.OBJECT]
        type_ = got.get(Column.TYPE)
        every = Column.OBJECT in got and events_command_object(got.get(Column.KIND))
        # a NAME column beside KIND (1.5-1.13) may hold the event's own name; an OBJECT's
        # kind/name is the object's
        of_object, event_name = (got.get(Column.NAME), None) if Column.OBJECT in got else \
            _named(got.get(Column.NAME))
        return Cells(reason, message, type_ if type_ in _TYPE else None, got.get(Column.LAST),
                     got.get(Column.FIRST), got.get(Column.COUNT), got.get(Column.NAMESPACE),
                     got.get(Column.KIND), of_object, got.get(Column.SUBOBJECT),
                     got.get(Column.SOURCE), every_count=every, object_cut=cut,
                     event_name=event_name)

    def _tabbed(self, line: str) -> list[tuple[Column, str]] | None:
        parts = re.split(r"\t+", line.strip())
        if len(parts) < len(self.roles) - 1:
            return None
        head = parts[:len(self.roles) - 1] + ["\t".join(parts[len(self.roles) - 1:])]
        return [(role, value.strip()) for (role, _), value in zip(self.roles, head, strict=False)]

    def _aligned(self, line: str, *, cut: bool = False) -> list[tuple[Column, str]] | None:
        """The cells under the header's columns; None for a line too short to be a row (but
        a row `cut` after its first cells)."""
        starts = [s for _, s in self.roles]
        if not cut and len(line) <= starts[-1] and len(line) <= starts[min(2, len(starts) - 1)]:
            return None
        out: list[tuple[Column, str]] = []
        for i, (role, start) in enumerate(self.roles):
            end = starts[i + 1] if i + 1 < len(starts) else len(line)
            if start > 0 and start < len(line) and line[start - 1] not in " \t":
                return None  # a cell runs into the next column: not this table's row
            out.append((role, line[start:end].strip()))
        return out


def _ends_in_object(values: list[tuple[Column, str]]) -> bool:
    """Whether a row's last cell holding anything is its OBJECT cell, and the header has
    columns after it: the line was cut there, so the kind/name it holds may be cut short. A
    row whose last cell holding anything is its REASON, an OBJECT column after it, was cut
    before its OBJECT (`3m36s  Normal  Ensur`, emqx-operator-554): kubectl prints every
    event's object, so its cell is cut away, naming no pod (read.pod_groups)."""
    filled = [role for role, value in values if value]
    roles = [role for role, _ in values]
    if not filled or Column.OBJECT not in roles:
        return False
    after_object = roles.index(Column.OBJECT) < len(roles) - 1
    before_object = filled[-1] is Column.REASON and \
        roles.index(Column.REASON) < roles.index(Column.OBJECT)
    return (filled[-1] is Column.OBJECT and after_object) or before_object


def _tokens(line: str) -> list[str]:
    line = line.strip()
    if "\t" not in line and "  " not in line:  # no gap `_SPLIT` parts at: one token (a
        return [line] if line else []  # long line is not scanned for one)
    return [t for t in _SPLIT.split(line) if t]


def get_old_cells(line: str, is_time: Callable[[str], bool]) -> Cells | None:
    """A 1.5-1.13 row: `[NAMESPACE] LASTSEEN FIRSTSEEN COUNT NAME KIND [SUBOBJECT] [TYPE]
    REASON SOURCE MESSAGE`. `is_time(text)` says whether a cell is a time or an age."""
    t = _tokens(line)
    at = next((i for i in (2, 3) if i < len(t) and _COUNT.match(t[i]) and is_time(t[i - 1])
               and is_time(t[i - 2])), None)
    if at is None or len(t) < at + 4 or t[at + 2] not in PRINTED_KINDS:
        return None
    rest = t[at + 3:]
    sub = rest.pop(0) if rest and _SUBOBJECT.match(rest[0]) else None
    type_ = rest.pop(0) if rest and rest[0] in _TYPE else None
    if not rest or not _REASON.match(rest[0]):
        return None
    reason = rest.pop(0)
    source = rest.pop(0) if len(rest) > 1 or (rest and rest[0].startswith("{")) else None
    name, event_name = _named(t[at + 1])
    return Cells(reason, "  ".join(rest), type_, t[at - 2], t[at - 1], t[at],
                 t[0] if at == 3 else None, t[at + 2], name, sub, source, event_name=event_name)


def _named(cell: str | None) -> tuple[str | None, str | None]:
    """(the object's name, the event's own name or None) of a 1.5-1.13 table's NAME cell.
    kubectl printed the object's name there, and from its server-side tables (1.8) to 1.13
    the event's own name (printers.go printEvent: `obj.Name`, `test.156069c40d136031`),
    which the event recorder makes of its object's name and its moment
    (`names.object_of_event_name`): the event is about that object all the same."""
    of_object = object_of_event_name(cell) if cell else None
    return (cell, None) if of_object is None else (of_object, cell)


def wide_cells(last: str, type_: str, reason: str, kind: str, name: str, rest: str,
               is_time: Callable[[str], bool]) -> Cells:
    """The cells after OBJECT of a 1.14 row: `[SUBOBJECT] SOURCE MESSAGE [FIRST COUNT NAME]`
    (`-o wide`), or the MESSAGE alone."""
    t = _tokens(rest)
    if not t or not _SUBOBJECT.match(t[0]):
        return Cells(reason, rest.strip(), type_, last, kind=kind, name=name,
                     every_count=events_command_object(kind), object_cut=not t)
    sub = t.pop(0)
    source = t.pop(0) if t else None
    first = count = None
    if len(t) >= 4 and _COUNT.match(t[-2]) and is_time(t[-3]):
        first, count = t[-3], t[-2]
        t = t[:-3]
    return Cells(reason, "  ".join(t), type_, last, first, count, kind=kind, name=name,
                 subobject=sub, source=source)


def headerless_cells(line: str, is_time: Callable[[str], bool]) -> Cells | None:
    """A console's or custom-columns table row without its header: `TIME [TYPE] REASON
    MESSAGE` (the TYPE-less form only for a reason the kubelet writes), the OpenShift 3
    console's `TIME NAME KIND TYPE REASON MESSAGE`, a `REASON  MESSAGE` row whose message is
    the kubelet's for that reason, or a dashboard's
    `REASON TYPE TIME MESSAGE` (its cells joined by ` | ` in the copy)."""
    t = _tokens(line)
    if len(t) >= 2 and t[0] in KUBELET_REASONS and bare_reason("  ".join(t[1:])) == t[0]:
        # a row of its Reason and Message cells alone (nixkube-37: `Killing     Container
        # app failed liveness probe, will be restarted`): read only where the message's words
        # are the kubelet's for that very reason (`bare_reason`)
        return Cells(t[0], "  ".join(t[1:]))
    if len(t) >= 3 and _REASON.match(t[0]) and t[1] in _TYPE and is_time(t[2]):
        return Cells(t[0], "  ".join(t[3:]), t[1], t[2])
    if len(t) < 3 or not is_time(t[0]):
        return None
    if len(t) >= 5 and t[2] in PRINTED_KINDS and t[3] in _TYPE and _REASON.match(t[4]):
        # the OpenShift 3 web console's events page: Time, Name, Kind, Severity, Reason,
        # Message (openshiftio-2425)
        return Cells(t[4], "  ".join(t[5:]), t[3], t[0], kind=t[2], name=t[1])
    if len(t) >= 4 and t[1] in _TYPE and (said := _console_reason(t[2], t[3])) is not None:
        return Cells(said, "  ".join(t[3:]), t[1], t[0])
    if t[1] in _TYPE and _REASON.match(t[2]):
        rest = t[3:]
        if rest and (_OBJECT.match(rest[0]) or len(rest) == 1 and _CUT_OBJECT.match(rest[0])):
            kind, _, name = rest.pop(0).partition("/")  # (an OBJECT cut short: no message)
            return Cells(t[2], "  ".join(rest), t[1], t[0], kind=kind, name=name,
                         object_cut=not rest)
        kind_cell = _kind_cell(rest)
        return Cells(t[2], "  ".join(rest[1:] if kind_cell else rest), t[1], t[0],
                     kind=kind_cell)
    if t[1] in KUBELET_REASONS:
        return Cells(t[1], "  ".join(t[2:]), None, t[0])
    return None


def _kind_cell(rest: list[str]) -> str | None:
    """The KIND cell of a headerless row of the table up to 1.13 whose header has KIND and
    no NAME (`LAST SEEN  TYPE  REASON  KIND  MESSAGE`, `Columns.kind_alone`): a cell after
    REASON that is a kind alone (`Pod`), a message cell after it; None otherwise (a message
    starting with a kind's word, `Pod sandbox changed, ...`, is one cell with it)."""
    return rest[0] if len(rest) >= 2 and rest[0] in PRINTED_KINDS else None


# a reason the OpenShift 3 web console printed in words (`Failed sync`, its events page
# humanising FailedSync; fabric8-6540): two to four words, the first capitalised
_WORDED_REASON = lazy_regex(r"[A-Z][a-z]{1,30}(?: [a-z]{1,30}){1,3}")


def _console_reason(cell: str, message: str) -> str | None:
    """The kubelet's reason a console wrote in words (`Failed sync`: FailedSync), read only
    where the message's words are the kubelet's for that very reason (`bare_reason`); None
    otherwise."""
    if not _WORDED_REASON.fullmatch(cell):
        return None
    reason = "".join(w[:1].upper() + w[1:] for w in cell.split(" "))
    said = bare_reason(message)
    return reason if said is not None and said.value == reason else None


# the same console row with its cells one space apart (a comment that lost the tabs), after
# the user a thread's comment addresses (`@jimmidyson 7:44:37 PM Warning Failed sync Error
# syncing pod, ...`, fabric8-6540): its time and type, then the rest (each run of blanks
# before a token of its own: one pass)
_SPACED_CONSOLE = re.compile(
    r"^[ \t]*(?:@[A-Za-z0-9-]{1,39}[ \t]+)?(?P<time>\d{1,2}:\d{2}:\d{2}(?:[ \t][AP]M)?)"
    r"[ \t]+(?P<type>Normal|Warning)[ \t]+(?P<rest>\S.*)$")


def spaced_console_cells(line: str) -> Cells | None:
    """A console row whose cells are one space apart, `TIME TYPE REASON MESSAGE`: read only
    where the words after the type are a reason (a kubelet's, or in words, `Failed sync`)
    followed by the kubelet's message for that very reason (`bare_reason`); None otherwise."""
    m = _SPACED_CONSOLE.match(line)
    if m is None:
        return None
    words = m["rest"].split(" ", 4)
    for k in range(1, min(4, len(words))):
        cell, message = " ".join(words[:k]), " ".join(words[k:])
        said = bare_reason(message)
        reason = cell if k == 1 and said is not None and said.value == cell \
            else _console_reason(cell, message)
        if reason is not None:
            return Cells(reason, message.strip(), m["type"], m["time"])
    return None


# `{kubelet node}  spec.containers{app}  Warning  Unhealthy  message`: the From cell in braces
# (kubectl printed an EventSource so from 1.2 to 1.9) starts the row
_SOURCED = re.compile(
    r"^[ \t]*\{(?P<source>[^{}]{1,200})\}[ \t]*"
    r"(?P<sub>spec\.[A-Za-z]+\{[^}]{1,253}\}|implicitly required container \S+)?[ \t]*"
    r"(?P<type>Normal|Warning)?[ \t]+(?P<reason>[A-Za-z][A-Za-z0-9_]{0,80})"
    r"(?:[ \t]+(?P<message>.*))?$")


def sourced_cells(line: str) -> Cells | None:
    """A describe row of 1.2-1.9 without its time and count cells (see the module's
    docstring): read only with a Type cell or a reason the kubelet writes."""
    m = _SOURCED.match(line)
    if m is None or m["type"] is None and m["reason"] not in KUBELET_REASONS:
        return None
    return Cells(m["reason"], (m["message"] or "").strip(), m["type"], subobject=m["sub"],
                 source=m["source"])


# The kubelet writes its messages in few shapes (pkg/kubelet/prober/prober.go,
# kuberuntime_container.go, the dockershim's `Killing container with id`): a message's words say
# its reason (readers.bare, and rows that lost their From cell).
class BareReason(str, Enum):
    """The reason the kubelet gives a message of this shape."""

    UNHEALTHY = "Unhealthy"
    KILLING = "Killing"
    BACK_OFF = "BackOff"
    FAILED_SYNC = "FailedSync"
    CREATED = "Created"
    STARTED = "Started"
    PULLED = "Pulled"


_SHAPES = [
    (re.compile(r"^(?:Liveness|Readiness|Startup) probe (?:failed|errored)\b"),
     BareReason.UNHEALTHY),
    (re.compile(r"^(?:Killing container with id \S+|Container \S+ failed (?:liveness|startup) "
                r"probe, will be restarted|Stopping container \S+)"), BareReason.KILLING),
    # (the kubelets of 2016 and a waiting state's message put the delay in: `Back-off 20s
    # restarting failed container=web pod=...`, waiting_back_off.py)
    (re.compile(r"^Back-off (?:\d[0-9hms.]{0,19} )?restarting failed container"),
     BareReason.BACK_OFF),
    (re.compile(r"^Error syncing pod\b"), BareReason.FAILED_SYNC),
    (re.compile(r"^Created container\b"), BareReason.CREATED),
    (re.compile(r"^Started container\b"), BareReason.STARTED),
    (re.compile(r"^(?:Container image \S+ already present on machine|Successfully pulled "
                r"image )"), BareReason.PULLED),
]


_WARNING = {BareReason.UNHEALTHY, BareReason.BACK_OFF, BareReason.FAILED_SYNC}


def event_type(reason: BareReason) -> str:
    """The type the kubelet records an event of `reason` with: a probe's failure (prober.go's
    Unhealthy), the back-off (kuberuntime's BackOff) and a failed sync are Warnings, the
    others Normal."""
    return "Warning" if reason in _WARNING else "Normal"


def bare_reason(message: str) -> BareReason | None:
    """The reason a kubelet message of this shape has; None for any other text."""
    return _reason_of(message.strip())


# a paste's placer asks of each line several times (the Dashboard's cells, the message alone,
# a row's cells: speed58), a log repeats its lines: the last texts' answers are kept (a pure
# function of the text; few, so a 2 MB line is not held long)
@lru_cache(maxsize=64)
def _reason_of(text: str) -> BareReason | None:
    """`bare_reason` of a text stripped."""
    return next((reason for pattern, reason in _SHAPES if pattern.match(text)), None)


# a log viewer's event rows, newest first (envoy-gateway-3220): the time the viewer logged the
# event, local and without a zone, a `|`, then the event's line as an event exporter writes it:
# its object's name, the fieldPath naming the container, the reason and the message
# (`2024-04-19 07:20:11.042 | web-0  spec.containers{app} Killing Container app failed ...`)
_LOGGED_HEAD = (r"^[ \t]*(?P<time>\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)"
                r"[ \t]+\|[ \t]+(?P<name>[a-z0-9][a-z0-9.-]{0,252})")
_LOGGED = re.compile(
    _LOGGED_HEAD + r"[ \t]+(?:(?P<sub>spec\.(?:initContainers|containers|ephemeralContainers)"
    r"\{[^{}\s]{1,253}\})[ \t]+)?(?P<reason>[A-Z][A-Za-z0-9_]{0,80})(?:[ \t]+(?P<message>\S.*))?$")
# the same row cut before its reason: its time and object, and a fieldPath cut short or whole
_LOGGED_CUT = lazy_regex(_LOGGED_HEAD + r"(?:[ \t]+spec\.[A-Za-z]{0,20}(?:\{[^{}\s]{0,253}\}?)?)?"
                         r"[ \t]*$")
# a date and time of day with no zone (a log viewer's local time): ordered, placed on no clock
LOCAL_TIME = lazy_regex(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?$")


def logged_cells(line: str) -> Cells | None:
    """A log viewer's event row, `TIME | NAME  [FIELDPATH] REASON MESSAGE` (see `_LOGGED`):
    read only with a reason the kubelet writes, or a fieldPath naming a container before it
    (a word after a pod's name is otherwise any log line's)."""
    m = _LOGGED.match(line)
    if m is None or m["sub"] is None and m["reason"] not in KUBELET_REASONS:
        return None
    return Cells(m["reason"], (m["message"] or "").strip(), None, m["time"], kind="Pod",
                 name=m["name"], subobject=m["sub"])


def logged_head_alone(line: str) -> str | None:
    """The object of a log viewer's event row cut before its reason (`TIME | NAME
    spec.containers{ap`, a paste's last line): no message goes on so; None for any other
    line."""
    m = _LOGGED_CUT.match(line)
    return m["name"] if m is not None else None
