"""`kubectl describe pod` text, as pasted: whole, in pieces, or several pods at once.

What is read (staging/src/k8s.io/kubectl/pkg/describe/describe.go): the pod's Name,
Namespace, Start Time, Status and controller; per container its ports, `State` and `Last
State` (Running + Started; Waiting + Reason/Message; Terminated + Reason, Message, Exit Code,
Signal, Started, Finished), Ready, Restart Count and the Liveness/Readiness/Startup lines;
the Conditions table; the Events table (`event_rows`). Everything else (labels, mounts,
environment, volumes) is skipped. A paste that is only part of a describe (the Events rows,
one container's State, one probe line) is read as far as it goes: a container without a
name is the pod's only container as far as the record shows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kubesim.errors import RecordError, SpecError
from kubesim.explain.readers.event_rows import EventRows
from kubesim.explain.readers.grepped import is_ended_reason
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.limits import check_pods
from kubesim.explain.readers.message_alone import labelled_message, message_alone
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    UNTOLD_STATE,
    WITHOUT_PROBE_LINES,
    Condition,
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Stamp,
    Terminated,
    Where,
)
from kubesim.explain.readers.probe_line import (
    ProbeLineError,
    closes_exec,
    is_cut_probe_line,
    opens_exec,
    parse_probe_line,
)
from kubesim.explain.readers.summary_fields import summary_field
from kubesim.explain.readers.times import parse_rfc1123
from kubesim.explain.readers.unseen_unready import unseen_unready
from kubesim.results import ProbeType
from kubesim.spec.model import LocatedSpecError, parse_container

__all__ = ["CONTAINER_KEYS", "FIRST_CONTAINER_KEYS", "heads_container", "KEY_NAME", "POD_KEYS", "STATE_KEYS", "read_describe",
           "state_value_below"]

# a field's key as describe prints it (`Restart Count`, `Image(s)`, `Controlled By`): the one
# rule of every reader that asks whether a line is a describe's field
KEY_NAME = r"[A-Z][A-Za-z ()/-]{0,30}?"
# (the value ends at its last character that is no space: a lazy value before `[ \t]*$` was
# quadratic in a long run of spaces inside it)
_KEY = re.compile(rf"^(?P<indent>[ \t]*)(?P<key>{KEY_NAME}):"
                  r"(?:[ \t]+(?P<value>\S(?:.*\S)?))?[ \t]*$")
_CONTAINER = re.compile(r"^(?P<indent>[ \t]*)(?P<name>[a-z0-9](?:[-a-z0-9.]{0,61}[a-z0-9])?):"
                        r"[ \t]*$")
_CONDITION = lazy_regex(r"^[ \t]+(?P<type>[A-Za-z][A-Za-z0-9./-]{0,80})[ \t]+"
                        r"(?P<status>True|False|Unknown)[ \t]*$")
# (the blanks before `<none>` inside its group: two runs of blanks side by side were quadratic
# in a long run of them before other text)
_EVENTS = re.compile(r"^(?P<indent>[ \t]*)Events:(?:[ \t]*(?P<none><none>))?[ \t]*$")
# a state's value on the line after its key (`State:`, then `Terminated`: a page's copy)
# an exit code's value as describe prints it (a whole number, 0 to 255 and the runtime's)
_EXIT_VALUE = lazy_regex(r"-?\d{1,3}")
_STATE_KEY_ALONE = lazy_regex(r"^[ \t]*(?:Last )?State:[ \t]*$")
_STATE_WORD = re.compile(r"^[ \t]*(?P<word>Terminated|Running|Waiting)[ \t]*$")
_PORTS = lazy_regex(r"(\d{1,5})/(?:TCP|UDP|SCTP)")
_INT32 = 2**31 - 1
# a remark a person wrote after a value: `4 <--- the web container restarted`, `4  # why`
# what a line describe's reader does not take must not hold unlisted (issue 30, gaps43): a
# probe's message or name, an exit code, a reason, a restart count, an end's or a back-off's
# word (literal alternatives: one pass, looked for in a line's first `_FACT_SPAN` characters)
_FACT = re.compile(r"(?i:probe[ \t]+(?:failed|errored)|(?:liveness|readiness|startup)[ \t]*probe|"
                   r"exit[ \t]?(?:code|status)|restart[ \t]?count|reason:[ \t]*\S|oom[ _-]?kill|"
                   r"crashloopbackoff|back-off)")
_FACT_SPAN = 4000
_REMARK = lazy_regex(r"^(\d{1,11})\s+(?:<-+|←|#|//)(?:\s.*)?$")
_WORD_REMARK = lazy_regex(r"^([A-Za-z]{1,60})\s+(?:<-+|←|#|//)(?:\s.*)?$")  # a reason's
# kubectl describe printed a container's probes from v1.2 on (kubernetes#21341, Feb. 2016);
# its older layout (events without a Type column, a pod-level `Image(s):`) lists none, so a
# container without a probe line there may still have probes
_BEFORE_PROBE_LINES = re.compile(
    r"^\s*(?:FirstSeen\s+LastSeen\s+Count\s+From\s+SubobjectPath\s+Reason\s+Message|Image\(s\):)",
    re.IGNORECASE)
_ROWS = EventRows("<shape>")  # only asked which lines are rows
POD_KEYS = {"Name", "Namespace", "Priority", "Priority Class Name", "Service Account", "Node",
            "Start Time", "Labels", "Annotations", "Status", "Reason", "Message", "IP", "IPs",
            "Controlled By", "Controllers", "Replication Controllers", "Init Containers",
            "Containers", "Conditions", "Volumes", "QoS Class", "QoS Tier", "Node-Selectors",
            "Tolerations", "Events", "Image(s)", "Nominated Node Name", "Readiness Gates",
            "Runtime Class Name", "Ephemeral Containers", "Topology Spread Constraints",
            "SeccompProfile", "Host",
            "Created By"}  # kubectl up to 1.8: the created-by annotation's controller
CONTAINER_KEYS = {"Container ID", "Image", "Image ID", "Port", "Ports", "Host Port",
                  "Host Ports", "State", "Last State", "Ready", "Restart Count", "Liveness",
                  "Readiness", "Startup", "Command", "Args", "Limits", "Requests",
                  "Environment", "Environment Variables from", "Environment Variables",
                  "Mounts", "Volume Mounts", "Restart Policy", "SeccompProfile",
                  "QoS Tier", UNTOLD_STATE}
STATE_KEYS = {"Started", "Finished", "Reason", "Message", "Exit Code", "Signal"}
# every key kubectl's describe of a pod prints (`other_object`)
_DESCRIBE_KEYS = frozenset(POD_KEYS | CONTAINER_KEYS | STATE_KEYS)
# the field describe prints first in a container's block (describe.go
# describeContainerBasicInfo: `Container ID:` once the runtime made one, else `Image:`)
FIRST_CONTAINER_KEYS = ("Container ID", "Image")


def heads_container(name_indent: int, key: str, key_indent: int) -> bool:
    """Whether a `name:` line at `name_indent` over the field `key` at `key_indent` is a
    container's name heading a describe piece: the field one of a container's, indented
    below the name as kubectl prints it, or, in a paste that lost every indentation (both
    at column 0), the field kubectl prints first for a container (kubernetes-org-4100's
    `csi-resizer:` over `Container ID:`): a later field at the name's column is another
    block's."""
    if key not in CONTAINER_KEYS:
        return False
    return key_indent > name_indent or name_indent == key_indent == 0 and \
        key in FIRST_CONTAINER_KEYS
PROBE_KEYS = {"Liveness": ProbeType.LIVENESS, "Readiness": ProbeType.READINESS,
              "Startup": ProbeType.STARTUP}
_SECTIONS = {"Containers": "containers", "Init Containers": "init", "Conditions": "conditions",
             "Ephemeral Containers": "ephemeral"}


class _Block:
    """The state block being read (`State:` or `Last State:`) of the current container."""

    def __init__(self, which: str, value: str, indent: int, where: Where) -> None:
        self.which, self.value, self.indent, self.where = which, value.strip(), indent, where
        self.fields: dict[str, tuple[str, int]] = {}


class _OpenExec:
    """A probe line whose exec command goes on over the next lines (`opens_exec`)."""

    def __init__(self, probe_type: ProbeType, value: str, indent: int, number: int,
                 container: ContainerRecord) -> None:
        self.probe_type, self.indent, self.number = probe_type, indent, number
        self.lines, self.container = [value], container


# a probe's target in its failure message: `Get "http://10.0.0.229:9000/..."`, `dial tcp
# 10.0.0.229:9000`, an IPv6 literal in brackets
_PROBE_HOST = lazy_regex(r"(?:https?://|dial tcp )(\[[0-9a-fA-F:.]+\]|\d{1,3}(?:\.\d{1,3}){3}):\d")

MAX_EXEC_LINES = 500  # lines of one exec command describe broke over lines (a script)


class _Reader:
    def __init__(self, text: str, source: str, cuts: Mapping[int, str] | None = None) -> None:
        self.cuts = cuts or {}  # the author's cuts: line -> mark
        self.source = source
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.cut = not text.endswith("\n")
        self.fragment = not any(_EVENTS.match(line) or labelled_message(line)
                                for line in self.lines)
        self.pods: list[PodRecord] = []
        self.notes: list[Note] = []
        self.pod: PodRecord | None = None
        self.pod_indent = 0
        self.top_indent: int | None = None  # the indentation of the pod's own fields
        self.section: str | None = None
        self.section_indent = 0
        self.container: ContainerRecord | None = None
        self.container_indent: int | None = None
        self.fields_indent: int | None = None  # a container's fields', in a piece (no section)
        self.block: _Block | None = None
        self.probes: dict[int, dict[ProbeType, tuple[dict[str, Any], Where]]] = {}
        self.rows: EventRows | None = None
        self.rows_cut = False
        self.structure = False  # describe fields seen (lines after them are not orphans)
        self.headed = False  # the pod being read showed a section's header (`Events:`, ...)
        self.events_indent = 0
        self.loose: list[RecordedEvent] = []  # `kubectl get events` rows (they name a pod)
        self.total_events = 0  # read so far, against limits.MAX_EVENTS
        self.cut_line: int | None = None  # the last line, when the text ends inside it
        self.last_line = max((i for i, x in enumerate(self.lines, 1) if x.strip()), default=0)
        self.open_exec: _OpenExec | None = None
        # pieces naming no pod before a describe's `Name:`: (piece, that pod's name, the line
        # of its `Name:`), placed once the record is read (`place_apart`): that pod's when
        # their probes' URLs are at its IP, which comes after its `Name:`; another pod's else
        self.aparts: list[tuple[PodRecord, str, int]] = []
        # fields read as a container the record does not name: (its pod, the container, where
        # among the notes its note goes), said once the record is read (`nameless_note`):
        # whether the pod shows other containers after them is known only then
        self.nameless: list[tuple[PodRecord, ContainerRecord, int]] = []

    def where(self, number: int) -> Where:
        return Where(self.source, number)

    def new_rows(self) -> EventRows:
        rows = EventRows(self.source)
        rows.before = self.total_events
        return rows

    def ensure_pod(self, number: int) -> PodRecord:
        if self.pod is None:
            self.pod = PodRecord(None, self.where(number), formats=["describe"])
            self.pods.append(self.pod)
            check_pods(len(self.pods), self.source, number)
        return self.pod

    def read(self) -> RecordSet:
        last = len(self.lines)
        for number, line in enumerate(self.lines, 1):
            self.line(line, number, cut=self.cut and number == last)
        if self.open_exec is not None:
            self.exec_unread(self.open_exec, "the record ends inside it")
        self.cut_container()
        self.close_container()
        self.close_rows()
        for piece, name, number in self.aparts:
            self.place_apart(piece, name, number)
        for pod, container, at in reversed(self.nameless):  # (from the last: `at` stays put)
            self.notes.insert(at, self.nameless_note(pod, container))
        for pod in self.pods:
            for container in pod.containers:
                self.build_spec(container)
        described = [p for p in self.pods if p.name or p.containers or p.events
                     or p.conditions]
        # a pod that holds nothing but notes (lines not read) is none, but its notes stay
        self.notes.extend(n for p in self.pods if p not in described for n in p.notes)
        if any(_BEFORE_PROBE_LINES.match(line) for line in self.lines):
            for pod in described:
                pod.formats.append(WITHOUT_PROBE_LINES)
        fmt = "+".join([*(["describe"] if described or not self.loose else []),
                        *(["events-table"] if self.loose else [])])
        return RecordSet(self.source, fmt, pods=described, events=self.loose,
                         notes=self.notes)

    # ------------------------------------------------------------ lines
    def line(self, line: str, number: int, *, cut: bool) -> None:
        self.cut_line = number if cut else None
        if number in self.cuts and self.rows is not None:  # an author's cut in a table
            self.rows.cut(number, self.cuts[number])
        if self.open_exec is not None and self.exec_line(line, number):
            return
        m_events = _EVENTS.match(line)
        if m_events:
            self.open_events(number, len(m_events["indent"]), none=m_events["none"] is not None)
            return
        labelled = labelled_message(line)
        if labelled is not None:  # `Events: Liveness probe failed: ...` (message_alone.py)
            self.open_events(number, labelled.indent, none=False)
            self.message_alone(labelled.message, number)
            return
        if self.fragment:
            self.fragment_line(line, number, cut=cut)
            return
        if self.section != "events" and self.container is None and _ROWS.is_row(line):
            self.close_container()  # rows pasted before (or without) their Events header
            self.section, self.events_indent = "events", len(line) - len(line.lstrip()) - 1
        if self.section == "events":
            if self.rows is None:
                self.rows = self.new_rows()
            if not self.rows.is_open and self.message_alone(line, number):
                return
            key = _KEY.match(line)
            if key is not None and key["key"] in POD_KEYS and \
                    len(key["indent"]) <= self.events_indent:
                self.close_rows()
                self.section = None
            elif self.rows.feed(line, number):
                self.rows_cut = self.rows_cut or cut
                return
        self.key_line(line, number)

    def open_events(self, number: int, indent: int, *, none: bool) -> None:
        """describe's `Events:` label: the pod's events below it (`<none>`: it has none)."""
        self.close_container()
        self.close_rows()
        self.ensure_pod(number)
        self.section, self.events_indent = "events", indent
        self.headed = True
        if not none:
            self.rows = self.new_rows()

    def message_alone(self, text: str, number: int) -> bool:
        """A kubelet's message without its row's columns among the Events (message_alone.py):
        the pod's event, its reason inferred from its words. Whether the line was so read."""
        found = message_alone(text, self.where(number))
        if found is None:
            return False
        pod = self.ensure_pod(number)
        pod.events.append(found[0])
        pod.notes.append(found[1])
        self.total_events += 1
        return True

    def fragment_line(self, line: str, number: int, *, cut: bool) -> None:
        """A paste without an Events header: rows may come anywhere, among describe fields."""
        if self.rows is None:
            self.rows = self.new_rows()
        key = _KEY.match(line)
        known = key is not None and key["key"] in POD_KEYS | CONTAINER_KEYS | STATE_KEYS
        header = self.section in ("containers", "init", "ephemeral") and _CONTAINER.match(line) \
            or self.piece_head_at(line, number)[0] is not None
        if known or header:
            if key is not None and key["key"] in POD_KEYS and not key["indent"]:
                self.rows.end_section()  # a pod section at column 0 is no row's message
            self.structure = True
            self.key_line(line, number)
            return
        if self.rows.is_row(line) or self.rows.is_open:
            self.rows.feed(line, number)
            self.rows_cut = self.rows_cut or cut
            return
        if line.strip() and not self.structure and not self.rows.events:
            self.rows.orphan(number)
            return
        self.key_line(line, number)

    def close_rows(self) -> None:
        if self.rows is None:
            return
        found = self.rows.finish(cut=self.rows_cut)
        self.rows_cut = False
        # rows of `kubectl get events` name their object: they are the pod's only if it is
        # theirs (`read.combine` ties them), not the describe's around them
        # (a row cut before its OBJECT cell, `object_cut`, names no object: no row of the
        # describe's either)
        self.loose.extend(e for e in found if e.object_name or e.object_kind or e.object_cut)
        events = [e for e in found if not (e.object_name or e.object_kind or e.object_cut)]
        self.total_events += len(found)
        if events or (self.rows.notes and not self.loose):
            pod = self.ensure_pod(events[0].where.line or 1 if events else 1)
            pod.events.extend(events)
            pod.notes.extend(self.rows.notes)
        else:
            self.notes.extend(self.rows.notes)
        self.rows = None

    def key_line(self, line: str, number: int) -> None:
        m = _KEY.match(line)
        if self.next_in_piece(line, number) or self.piece_head(line, number) or \
                self.container_name(line, number):
            return
        if self.condition_row(line, number):
            return
        if m is None:
            if not self.state_value(line, number):
                self.dropped(line, number)
            return
        key, value, indent = m["key"].strip(), (m["value"] or "").strip(), len(m["indent"])
        # a state's fields are nested under it; a paste that lost its indentation (a web
        # page's copy, a fragment) has them at the state's own: read so while they follow it
        if self.block is not None and indent >= self.block.indent and key in STATE_KEYS:
            self.block.fields[key] = (self.remarked(key, value, number), number)
            return
        self.close_block()
        if self.summary_line(key, value, indent, number):
            return
        if self.section_head(key, value, indent, number):
            return
        if key in CONTAINER_KEYS and (self.container is not None or self.section is None
                                      or key in PROBE_KEYS or key in ("State", "Last State")):
            self.container_field(key, value, indent, number)
            return
        if key == "Reason" and self.ended_reason(value, indent, number):
            return
        if key == "Exit Code" and self.ended_exit_code(value, indent, number):
            return
        if key in POD_KEYS:
            self.pod_field(key, value, indent, number)
            return
        self.dropped(line, number)

    def condition_row(self, line: str, number: int) -> bool:
        """A row of the pod's Conditions table (`Ready  False`), its heading row left: read as
        the pod's condition. Whether the line was so read."""
        if self.section != "conditions":
            return False
        cond = _CONDITION.match(line)
        if not cond or cond["type"] == "Type":
            return False
        self.ensure_pod(number).conditions.append(Condition(
            cond["type"], cond["status"], UNKNOWN_STAMP, self.where(number)))
        return True

    def section_head(self, key: str, value: str, indent: int, number: int) -> bool:
        """A section's heading of describe (`Containers:`, `Conditions:`, ...) at the pod's
        own indentation with no value: the container read so far closed, the section opened.
        Whether the line was so read."""
        if key not in _SECTIONS or indent > self.pod_indent + 1 or value:
            return False
        self.close_container()
        self.section, self.section_indent = _SECTIONS[key], indent
        self.headed = True
        self.container_indent = None
        self.ensure_pod(number)
        return True

    def summary_line(self, key: str, value: str, indent: int, number: int) -> bool:
        """A container's field as a health tool's summary prints it (summary_fields.py:
        `Restarts: 138`, `Last terminated: reason=OOMKilled exit=137`), inside a container's
        fields: read as describe's Restart Count or Last State. Whether the line was so read."""
        found = summary_field(key, value)
        if found is None or self.container is None:
            return False
        if found.key == "Restart Count":
            self.container_field(found.key, found.value, indent, number)
            return True
        self.block = _Block(found.key, found.value, indent, self.where(number))
        self.block.fields.update({k: (v, number) for k, v in found.state.items()})
        return True

    def ended_reason(self, value: str, indent: int, number: int) -> bool:
        """A `Reason:` outside any state block whose value only a terminated container
        carries (`grepped.is_ended_reason`), in a piece that names no pod (a `describe |
        grep Reason`'s line): an ended instance's reason, read as a state of untold kind,
        `State or Last State: Terminated`. Whether the line was so read."""
        if not is_ended_reason(value) or (self.pod is not None and self.pod.name is not None):
            return False
        self.container_field(UNTOLD_STATE, "Terminated", indent, number)
        assert self.block is not None
        self.block.fields["Reason"] = (value, number)
        self.close_block()
        self.notes.append(Note(f"line {number}: `Reason: {value}` without its state's line (a "
                               "reason only a terminated container's state carries, never a "
                               "pod's): read as an ended instance's, its state's kind not shown",
                               self.where(number)))
        return True

    def ended_exit_code(self, value: str, indent: int, number: int) -> bool:
        """An `Exit Code:` outside any state block, in a piece that names no pod (a page's
        copy of describe's one field, zadig-84): describe prints it only under a Terminated
        state (describe.go describeContainerState), so an ended instance's exit code, read as
        a state of untold kind, `State or Last State: Terminated`, as `ended_reason` reads a
        terminated reason alone. Whether the line was so read."""
        if not _EXIT_VALUE.fullmatch(value) or (self.pod is not None and
                                                self.pod.name is not None):
            return False
        self.container_field(UNTOLD_STATE, "Terminated", indent, number)
        assert self.block is not None
        self.block.fields["Exit Code"] = (value, number)
        self.close_block()
        self.notes.append(Note(f"line {number}: `Exit Code: {value}` without its state's line "
                               "(describe prints it only under a Terminated state): read as an "
                               "ended instance's, its state's kind not shown", self.where(number)))
        return True

    def dropped(self, line: str, number: int) -> None:
        """A line no field of describe's takes (a key kubesim does not read, a sentence among
        the fields): listed as not read where it holds what the four facts are read from (a
        probe's message or name, an exit code, a reason, a restart count, `_FACT`), never
        dropped silently; describe's other fields (Labels, Volumes, ...) pass unlisted."""
        if _FACT.search(line[:_FACT_SPAN]) is None:
            return
        self.notes.append(Note(f"not read: line {number} (among describe's fields, a line no "
                               f"field of describe's holds): {line.strip()[:80]}",
                               self.where(number), kind=NoteKind.NOT_READ))

    def state_value(self, line: str, number: int) -> bool:
        """`Terminated` alone on the line right after a `State:` (or `Last State:`) without a
        value: that state's value, put on a line of its own by a page (kubectl prints it
        after the key). Whether the line was so read."""
        block = self.block
        word = state_value_below(self.lines[number - 2], line) if number > 1 else None
        if block is None or word is None or block.value or block.fields or \
                block.where.line != number - 1:
            return False
        block.value = word
        self.notes.append(Note(f"line {number}: {block.which}'s value {word} on the line "
                               f"after `{block.which}:` (a page's copy): read as its value",
                               self.where(number)))
        return True

    def remarked(self, key: str, value: str, number: int) -> str:
        """A state's number or reason with a remark the paster wrote after it (`Exit Code:
        137 # SIGKILL`, `Signal: 9 <-- the kill`, `Reason: OOMKilled # memory`): the value,
        the remark said in a note."""
        remark = _REMARK.match(value) if key in ("Exit Code", "Signal") else \
            _WORD_REMARK.match(value) if key == "Reason" else None
        if remark is None:
            return value
        self.notes.append(Note(f"line {number}: the text after {key} {remark[1]} is a remark "
                               "added to the paste: ignored", self.where(number)))
        return remark[1]

    def pod_field(self, key: str, value: str, indent: int, number: int) -> None:
        if key == "Name":
            if not self.other_object(indent, number):
                self.start_pod(value, indent, number)
            return
        self.top_indent = indent if self.top_indent is None else min(indent, self.top_indent)
        pod = self.ensure_pod(number)
        if key == "Namespace":
            pod.namespace = value or None
        elif key == "Start Time":
            pod.start_time = parse_rfc1123(value) or UNKNOWN_STAMP
        elif key == "Status" and value:
            pod.phase = value.split()[0]
        elif key in ("Reason", "Message"):
            self.pod_status(pod, key, value, indent)
        elif key == "IP" and value:
            pod.ip = value.split()[0]
        elif key in ("Controlled By", "Controllers") and "/" in value.split(" ")[0]:
            kind, _, name = value.split()[0].partition("/")
            pod.owner = (kind, name)
        elif key == "Replication Controllers" and value:
            pod.owner = ("ReplicationController", value.split()[0])
        if key in ("Volumes", "QoS Class", "Node-Selectors", "Tolerations", "Labels",
                   "Annotations"):
            self.close_container()
            self.section = None

    def pod_status(self, pod: PodRecord, key: str, value: str, indent: int) -> None:
        """describe's pod-level `Reason:` and `Message:` (kubectl describe prints the pod's
        status.reason and status.message after `Status:`, at the pod's own indentation, as
        for a pod the kubelet evicted: `Reason: Evicted`): the pod's status's reason and
        message, read as the YAML's `status.reason` / `status.message` are (kube.py). A
        `Reason:` inside a container or a section, or of a pod not named, is not the pod's."""
        if not value or pod.name is None or indent != self.pod_indent or \
                self.container is not None or self.section is not None:
            return
        if key == "Reason":
            pod.status_reason = value.split()[0]
        else:
            pod.status_message = value

    def other_object(self, indent: int, number: int) -> bool:
        """A `Name:` whose next line is a key at its indentation that kubectl's describe of a
        pod never prints, of the pod, a container or a state (`POD_KEYS`, `CONTAINER_KEYS`,
        `STATE_KEYS`: a piece's `Name:` put back above `State:` stays a pod's), is another
        object's describe (a cloud CLI's network: `Name: k8s-eu-1` then `Created:`, `IP
        Range:`), not a pod's: no pod is started for it."""
        below = _KEY.match(self.next_text(number))
        return below is not None and len(below["indent"]) == indent and \
            below["key"].strip() not in _DESCRIBE_KEYS

    def start_pod(self, value: str, indent: int, number: int) -> None:
        """`Name:` at the describe's own indentation begins a pod's describe (kubectl prints
        it first): what was read before it (event rows, containers, fields) is another
        pod's, even when no blank line parts the two. A `Name:` nested deeper is a volume's
        (a ConfigMap's `Name:` under `Volumes:`), not a pod's."""
        if self.top_indent is not None and indent > self.top_indent:
            return
        self.top_indent = indent
        if self.rows is not None and (self.rows.events or self.rows.is_open):
            self.close_rows()  # the rows above are the pod's above
        before = self.pod
        if self.grepped_above(before, value, indent, number):
            return
        self.headed = False
        if before is not None and (before.name is not None or before.containers
                                   or before.events or before.conditions
                                   or before.namespace is not None):
            self.close_container()
            self.pod = None
            if before.name is None:
                self.aparts.append((before, value, number))
        pod = self.ensure_pod(number)
        pod.name, pod.where, self.pod_indent = value or None, self.where(number), indent
        self.section = None

    def grepped_above(self, before: PodRecord | None, value: str, indent: int,
                      number: int) -> bool:
        """Lines naming no pod right above a describe's `Name:` (no blank line between) that
        show no section header are that pod's (kata-containers-9665: a `describe | grep`'s
        Liveness line and Unhealthy row, then the describe): another pod's describe would
        end in a section (`Events:`, `Containers:`) printed after its own `Name:`."""
        if before is None or before.name is not None or self.headed or \
                not (before.events or before.containers) or not self.lines[number - 2].strip():
            return False
        self.close_container()
        before.notes.append(Note(
            f"lines {before.where.line}-{number - 1} name no pod and show no section of a "
            f"describe, right above the describe of {value[:60] or 'a pod'} at line {number} "
            "(another pod's describe would end in a section printed after its `Name:`): read "
            "as its lines", before.where))
        before.name, before.where, self.pod_indent = value or None, self.where(number), indent
        self.section = None
        return True

    def nameless_note(self, pod: PodRecord, container: ContainerRecord) -> Note:
        """Fields read as a container the record does not name: the pod's only container, or,
        in a pod that shows others after them (codecentric-helm-charts-824: an init
        container's state, then `Containers:` and keycloak), not its only container, one
        whose name is cut above the record."""
        if len(pod.containers) > 1:
            names = ", ".join(c.name for c in pod.containers if c.name) or "the others"
            return Note("the record starts inside a container's fields, its name cut above "
                        f"them: read as a container the record does not name, beside {names}",
                        container.where, piece=container.where)
        if unseen_unready(pod):  # (stop 59: its ContainersReady lists another, not shown)
            return Note("the record starts inside a container's fields, its name cut above "
                        "them: read as a container the record does not name, beside another "
                        "not ready that it does not show", container.where, piece=container.where)
        # (the piece's pod's note: `read.pod_groups` gives it to the pod holding the fields)
        return Note("the record shows container fields without the container's name: read "
                    "as the pod's only container", container.where, piece=container.where)

    def place_apart(self, piece: PodRecord, name: str, number: int) -> None:
        """Lines naming no pod before the describe of `name` at line `number`: another pod's
        (kubectl prints Name first), or that pod's when they are event rows pasted apart
        above it (another fence, a sentence between) and every probe URL in them is at its
        `IP:`: a probe's host is the pod's IP unless the probe sets another (R2.5), and a
        pod's IP is its own."""
        pod = next((p for p in self.pods if p.where.line == number), None)
        hosts = {h.strip("[]") for e in piece.events for h in _PROBE_HOST.findall(e.message)}
        if pod is None or pod.ip is None or hosts != {pod.ip} or piece.containers or \
                piece.conditions:
            piece.apart_from = name
            piece.notes.append(Note(
                f"lines {piece.where.line}-{number - 1} are a pod the record does not name: "
                f"they come before the describe of {name[:60] or 'a pod'} at line {number} "
                "(kubectl prints Name first), so they are another pod's", piece.where,
                uncertain=False))
            return
        self.pods.remove(piece)
        pod.events[:0] = piece.events
        pod.notes[:0] = [*piece.notes, Note(
            f"lines {piece.where.line}-{number - 1} name no pod and come before the "
            f"describe of {pod.name}, but their probes' URLs are at {pod.ip}, its IP (a "
            "probe's host is the pod's IP, R2.5): read as its events", piece.where,
            uncertain=False)]

    def next_in_piece(self, line: str, number: int) -> bool:
        """A piece of a describe cut above its `Containers:` (it starts inside a container's
        fields): a container's name less indented than those fields (`  el2:` after
        `    Restart Count:`) starts the next container, as kubectl prints them."""
        c = _CONTAINER.match(line)
        if c is None or self.section is not None or self.container is None or \
                self.fields_indent is None or len(c["indent"]) >= self.fields_indent:
            return False
        self.start_container(c["name"], len(c["indent"]), number)
        return True

    def next_text(self, number: int) -> str:
        """The first line after line `number` that is not blank ("" for none), walked to by
        index: a copy of the rest of the paste for each line asked about (`lines[number:]`)
        made a paste of many such lines quadratic (40,000 `a:` lines took 3 s)."""
        for i in range(number, len(self.lines)):
            if self.lines[i].strip():
                return self.lines[i]
        return ""

    def piece_head(self, line: str, number: int) -> bool:
        """A piece of a describe that starts at a container's name (`  daprd:` after the
        author's `...`, no `Containers:` above it): the name starts that container when the
        next line is one of a container's own fields, more indented, as kubectl prints them;
        read otherwise, its fields would be a container the record does not name."""
        c, key = self.piece_head_at(line, number)
        if c is None or key is None:
            return False
        self.start_container(c["name"], len(c["indent"]), number)
        self.fields_indent = len(key["indent"])
        return True

    def piece_head_at(self, line: str, number: int
                      ) -> tuple[re.Match[str] | None, re.Match[str] | None]:
        """The name and the field below it of a piece's head (`piece_head`), or Nones."""
        c = _CONTAINER.match(line)
        if c is None or self.section is not None or self.container is not None:
            return None, None
        key = _KEY.match(self.next_text(number))
        if key is None or not heads_container(len(c["indent"]), key["key"].strip(),
                                              len(key["indent"])):
            return None, None
        return c, key

    def container_name(self, line: str, number: int) -> bool:
        """A container's name in a containers section (`  app:`): starts that container."""
        c = _CONTAINER.match(line) if self.section in ("containers", "init", "ephemeral") \
            else None
        if c is None:
            return False
        indent = len(c["indent"])
        # a paste that lost every indentation has the section's containers' names at the
        # section's own (`Containers:` then `wordpress:`, later `db:`); a name is lower
        # case, a container's own keys (`Limits:`, `Mounts:`) are not
        flat = indent == self.section_indent == 0 and (
            self.container is None or self.container_indent == 0)
        if (self.container_indent is None or indent == self.container_indent) \
                and (indent > self.section_indent or flat):
            self.start_container(c["name"], indent, number)
            return True
        if not self.lost_indent(indent, number):
            return False
        kept = self.container_indent
        self.start_container(c["name"], indent, number)
        self.container_indent = kept  # the next names are where kubectl put them
        return True

    def lost_indent(self, indent: int, number: int) -> bool:
        """Whether a container's name (`app2:`) less indented than the names of the section's
        containers, with more indented fields below it, is the next container's name whose
        indentation the paste lost (a name is lower case, a container's own keys are not)."""
        if self.container is None or self.container_indent is None or \
                indent >= self.container_indent:
            return False
        below = self.next_text(number)
        return len(below) - len(below.lstrip(" \t")) > indent

    # ------------------------------------------------------------ containers
    def start_container(self, name: str, indent: int, number: int) -> None:
        self.close_container()
        pod = self.ensure_pod(number)
        self.container = ContainerRecord(name, self.where(number), init=self.section == "init")
        self.container_indent = indent
        pod.containers.append(self.container)

    def close_container(self) -> None:
        self.close_block()
        self.container = None

    def cut_container(self) -> None:
        """A describe printed from its top (the pod's `Name:`) that ends inside a container's
        block, after its state and before its Restart Count, which kubectl prints for every
        container: the paste was cut there, and the container's restarts are not in the
        record. (A piece without the pod's name, a `grep` of some lines, shows what it
        shows.)"""
        c, pod = self.container, self.pod
        if c is None or c.name is None or pod is None or pod.name is None or \
                c.restart_count is not None or (self.block is None and c.state is None):
            return
        c.restarts_cut = True
        self.notes.append(Note(f"the record ends inside container {c.name}'s block, before its "
                               "Restart Count: how often it restarted is not in the record",
                               c.where, pod=pod.name, piece=c.where))  # that pod's: its block is cut

    def container_field(self, key: str, value: str, indent: int, number: int) -> None:
        if self.container is None:  # a piece of a describe: the pod's one container
            pod = self.ensure_pod(number)
            self.container = ContainerRecord(None, self.where(number))
            pod.containers.append(self.container)
            self.nameless.append((pod, self.container, len(self.notes)))
        c = self.container
        if self.section is None and self.fields_indent is None:
            self.fields_indent = indent
        if key in ("State", "Last State", UNTOLD_STATE):
            self.block = _Block(key, value, indent, self.where(number))
        elif key == "Ready":
            c.ready = {"True": True, "False": False}.get(value)
        elif key == "Restart Count":
            c.restart_count, c.restart_where = self.restart_count(value, number)
        elif key in ("Port", "Ports"):
            numbers = tuple((None, int(p)) for p in _PORTS.findall(value) if 0 < int(p) < 65536)
            c.ports = c.ports + numbers
        elif key in PROBE_KEYS:
            self.probe_line(PROBE_KEYS[key], value, indent, number)

    def restart_count(self, value: str, number: int) -> tuple[int | None, Where]:
        """`Restart Count: N`, bounded as the API bounds restartCount (an int32): beyond it
        is an error, as in a pod document; a value that is no number is a note."""
        where = self.where(number)
        remark = _REMARK.match(value)
        if remark:  # `Restart Count: 4 <--- Note that ...`: the paster's remark on the value
            value = remark[1]
            self.notes.append(Note(f"line {number}: the text after Restart Count {value} is a "
                                   "remark added to the paste: ignored", where))
        if value.isdigit() and (len(value) > 10 or int(value) > _INT32):
            raise RecordError(f"Restart Count: {value[:20]}{'...' if len(value) > 20 else ''} "
                              f"must be a whole number from 0 to {_INT32}", source=self.source,
                              line=number)
        if value.isdigit():
            return int(value), where
        self.notes.append(Note(f"not read: line {number} (Restart Count {value[:20]!r} is not a "
                               "number)", where, kind=NoteKind.NOT_READ))
        return None, where

    def probe_line(self, probe_type: ProbeType, value: str, indent: int, number: int) -> None:
        assert self.container is not None
        if value.startswith("unknown "):  # kubectl prints a handler it does not know so
            self.notes.append(Note(f"the {probe_type.event_name} probe's handler is not shown "
                                   "(kubectl printed `unknown`): the probe is left out",
                                   self.where(number)))
            return
        try:
            data = parse_probe_line(value)
        except ProbeLineError as exc:
            if number == self.cut_line or (number == self.last_line
                                           and is_cut_probe_line(value)):  # cut, not wrong
                self.notes.append(Note(f"not read: line {number} (the {probe_type.event_name} "
                                       "probe's line is cut short where the record ends)",
                                       self.where(number), kind=NoteKind.NOT_READ))
                self.container.probe_cut = True
                return
            if opens_exec(value):  # its command goes on over the lines below
                self.open_exec = _OpenExec(probe_type, value, indent, number, self.container)
                return
            # A line of a form kubesim does not read (a grep'd `Liveness: http-get ...
            # delay=60s timeout=10s period=60s` without its thresholds) is that line not
            # read, never the whole record refused: the container has a probe whose
            # settings are not known, as when the line is cut (`probe_cut`).
            self.notes.append(Note(f"not read: line {number} (the {probe_type.event_name} "
                                   f"probe's line: {exc})", self.where(number),
                                   kind=NoteKind.NOT_READ))
            self.container.probe_cut = True
            return
        self.probes.setdefault(id(self.container), {})[probe_type] = (data, self.where(number))

    def exec_line(self, line: str, number: int) -> bool:
        """A line of an exec command describe broke over lines (`opens_exec`): the command's,
        up to the line that closes it (`] delay=...`), then the whole read as the probe's
        line. A describe field at the probe line's indentation or less, an event row or the
        Events header ends it there: the rest of the command is not in the record (a `grep`
        kept its first line), so that probe is not read; the line is read as what it is."""
        cmd = self.open_exec
        assert cmd is not None
        key = _KEY.match(line)
        if (key is not None and key["key"].strip() in POD_KEYS | CONTAINER_KEYS
                and len(key["indent"]) <= cmd.indent) or _EVENTS.match(line) \
                or _ROWS.is_row(line):
            self.exec_unread(cmd, f"line {number} is not the rest of it")
            return False
        cmd.lines.append(line)
        if closes_exec(line):
            self.open_exec = None
            try:
                data = parse_probe_line("\n".join(cmd.lines))
            except ProbeLineError as exc:
                raise RecordError(f"{cmd.probe_type.event_name}: {exc}", source=self.source,
                                  line=cmd.number) from None
            self.probes.setdefault(id(cmd.container), {})[cmd.probe_type] = (
                data, self.where(cmd.number))
        elif len(cmd.lines) > MAX_EXEC_LINES:
            self.exec_unread(cmd, f"it runs over more than {MAX_EXEC_LINES} lines")
        return True

    def exec_unread(self, cmd: _OpenExec, why: str) -> None:
        """The probe whose exec command the record does not hold whole: listed, not read."""
        self.open_exec = None
        held = len(cmd.lines)
        while held > 1 and not cmd.lines[held - 1].strip():
            held -= 1  # blank lines after it (the text's last newline) are no line of it
        last = cmd.number + held - 1
        span = f"line {cmd.number}" if last == cmd.number else f"lines {cmd.number}-{last}"
        self.notes.append(Note(
            f"not read: {span} (the {cmd.probe_type.event_name} probe's exec command goes on "
            f"over lines describe broke it into, and {why}: its settings are not in the "
            "record)", self.where(cmd.number), kind=NoteKind.NOT_READ))

    def close_block(self) -> None:
        block, c = self.block, self.container
        self.block = None
        if block is None or c is None:
            return
        fields = {k: v for k, (v, _) in block.fields.items()}
        kind = block.value.split()[0].lower() if block.value else ""
        if block.which in ("State", UNTOLD_STATE):  # (an untold one read where State is)
            c.state = kind or None
            c.state_reason = fields.get("Reason") or None
            c.state_message = fields.get("Message") or None
            if kind == "running":
                c.running_since = self.time(fields.get("Started"))
            elif kind == "terminated":
                c.terminated = replace(self.terminated(fields, block.where),
                                       untold=block.which == UNTOLD_STATE)
        elif kind == "terminated":
            c.last = self.terminated(fields, block.where)

    def time(self, text: str | None) -> Stamp:
        return (parse_rfc1123(text) if text else None) or UNKNOWN_STAMP

    def terminated(self, fields: dict[str, str], where: Where) -> Terminated:
        code = fields.get("Exit Code", "")
        signal = fields.get("Signal", "")
        return Terminated(fields.get("Reason") or None,
                          int(code) if re.fullmatch(r"-?\d{1,10}", code) else None,
                          self.time(fields.get("Started")), self.time(fields.get("Finished")),
                          signal=int(signal) if re.fullmatch(r"\d{1,3}", signal) else None,
                          message=fields.get("Message") or None, where=where)

    def build_spec(self, c: ContainerRecord) -> None:
        """The container's probes as a validated ContainerSpec (the API server's rules)."""
        probes = self.probes.get(id(c))
        if not probes:
            return
        data: dict[str, Any] = {t.field: d for t, (d, _) in probes.items()}
        names = sorted({d[h]["port"] for d, _ in probes.values() for h in ("httpGet", "tcpSocket")
                        if h in d and isinstance(d[h]["port"], str)})
        data["ports"] = self.ports(c, names)
        data["name"] = c.name or "app"
        first = min(w.line or 0 for _, w in probes.values())
        if c.init:  # describe prints no restartPolicy; a probe says it (R5.9)
            c.init, c.sidecar = False, True
            self.notes.append(Note(
                f"init container {c.name or '(unnamed)'} has a probe, which the API server "
                "allows only on a sidecar (restartPolicy Always, R5.9): it is read as one",
                Where(self.source, first)))
        try:
            c.spec = parse_container(data, init=False, sidecar=c.sidecar)
        except (LocatedSpecError, SpecError) as exc:
            line = next((w.line for t, (_, w) in probes.items()
                         if exc.field and exc.field.startswith(t.field)), first)
            raise RecordError(exc.message, source=self.source, line=line) from None
        c.spec_where = Where(self.source, first)

    def ports(self, c: ContainerRecord, names: list[str]) -> list[dict[str, Any]]:
        """The container's ports; a port name a probe uses gets a number (the record shows
        none: describe prints port numbers only), so that the probe resolves as it did in
        the cluster, where it ran."""
        numbers = [n for _, n in c.ports]
        out: list[dict[str, Any]] = [{"containerPort": n} for n in numbers]
        for i, name in enumerate(names):
            number = numbers[i] if i < len(numbers) else 65000 + i
            out.append({"name": name, "containerPort": number})
            self.notes.append(Note(f"port name {name!r}: describe does not print which number it "
                                   f"stands for; taken as {number}",
                                   c.where))
        return out


def state_value_below(above: str, line: str) -> str | None:
    """The state `line` holds when it is a state's value a page put on the line after its
    key: `Terminated` (`Running`, `Waiting`) alone, right under a `State:` or `Last State:`
    that has no value (kubectl prints the value after the key); None otherwise."""
    word = _STATE_WORD.match(line)
    return word["word"] if word is not None and _STATE_KEY_ALONE.match(above) else None


def read_describe(text: str, source: str, *, cuts: Mapping[int, str] | None = None
                  ) -> RecordSet:
    """Read describe text; RecordError on a probe line the API server would reject. `cuts`:
    the lines where the paste's author cut it (the text holds them blank)."""
    return _Reader(text, source, cuts).read()
