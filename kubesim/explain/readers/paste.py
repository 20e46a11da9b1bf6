"""A paste as it comes: every describe block, event table, pod or event document (YAML, JSON,
JSON lines) and probe YAML in one file, each read by its reader; what no reader can read is
a `not read: line N` note (NoteKind.NOT_READ), never dropped.

The paste is first made plain (`normalise`); then each content line is placed: a YAML or JSON
document starts at a line that starts one and runs while its lines belong to it; describe's
fields, event tables (every layout, `event_rows`) and their wrapped messages are read by the
describe reader, which sees only those lines (the others blank, so that line numbers hold);
a line that none of them takes is not read.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, NamedTuple

from kubesim.errors import NoObjectError, RecordError, SpecError
from kubesim.explain.readers.app_end import app_end_beside_events_header, app_ends
from kubesim.explain.readers.bare import bare_event, bare_json_event, bracketed_message
from kubesim.explain.readers.bracketed_events import bracketed_other_kind, bracketed_row
from kubesim.explain.readers.by_hand import ByHand, probe_run_by_hand
from kubesim.explain.readers.chart_values import ChartSwitch, chart_probe_values
from kubesim.explain.readers.ci_log import (
    RestartLine,
    ci_event,
    event_start,
    pod_started,
    restart_line,
)
from kubesim.explain.readers.command_pods import (
    described_names,
    described_notes,
    named_containers,
)
from kubesim.explain.readers.command_words import pod_by_command
from kubesim.explain.readers.console_fields import console_fields
from kubesim.explain.readers.crictl_inspect import read_crictl_inspect
from kubesim.explain.readers.cut_container import mark_cut_container
from kubesim.explain.readers.cut_item import cut_status_list, opens_cut_list
from kubesim.explain.readers.cut_last_state import cut_last_state
from kubesim.explain.readers.cut_spec import cut_before_spec
from kubesim.explain.readers.dashboard_cells import dashboard_run
from kubesim.explain.readers.describe import (
    CONTAINER_KEYS,
    KEY_NAME,
    POD_KEYS,
    STATE_KEYS,
    heads_container,
    read_describe,
    state_value_below,
)
from kubesim.explain.readers.describe_below import starts_describe
from kubesim.explain.readers.dockershim_names import dockershim_running
from kubesim.explain.readers.event_in_sentence import event_in_sentence_hint
from kubesim.explain.readers.event_layouts import sourced_cells
from kubesim.explain.readers.event_rows import EventRows, is_header
from kubesim.explain.readers.events_run import events_run_hint
from kubesim.explain.readers.fabric8_state import fabric8_state_hint
from kubesim.explain.readers.failing_told import failing_told_hint
from kubesim.explain.readers.first_indent import first_line_reindented
from kubesim.explain.readers.flattened import (
    dotted_state_key,
    orphan_probe_fields,
    reindent_probes,
    reindent_status,
    run_into_prose,
    undotted,
)
from kubesim.explain.readers.fragment import Fragment, parse_fragment
from kubesim.explain.readers.go_status import GoStatuses, GoStatusRead, go_statuses
from kubesim.explain.readers.grepped import grepped_rows
from kubesim.explain.readers.heading_title import heading_message
from kubesim.explain.readers.item_indent import first_item_realigned
from kubesim.explain.readers.json_member import whole_member
from kubesim.explain.readers.json_probe import cut_json_probes, holds_probe_key
from kubesim.explain.readers.klog import KlogLines
from kubesim.explain.readers.kube import read_kube, read_objects
from kubesim.explain.readers.last_alone import fields_asked, last_state_alone
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.lens_status import LENS_LAST_STATUS
from kubesim.explain.readers.limits import check_events, check_pods
from kubesim.explain.readers.listed_reasons import listed_reasons_hint
from kubesim.explain.readers.markdown_fields import markdown_fields
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Where,
)
from kubesim.explain.readers.named_failed_probes import named_failed_hint
from kubesim.explain.readers.never_ready import (
    STATED_NEVER_READY,
    STATED_NEVER_READY_RESTARTS,
    never_ready_hint,
)
from kubesim.explain.readers.normalise import (
    LineKind,
    PasteLine,
    box_cut,
    cut_said,
    folded,
    normalise,
    plain,
)
from kubesim.explain.readers.numbered_listing import listing_notes, unnumbered
from kubesim.explain.readers.one_line_probe import ProbeRun, probe_runs, read_one_line
from kubesim.explain.readers.piece_under_cut import piece_under_cut
from kubesim.explain.readers.pod_spec_piece import pod_spec_pieces
from kubesim.explain.readers.pod_status_piece import (
    PodStatusPlace,
    pod_status_doc,
    pod_status_places,
)
from kubesim.explain.readers.pods_table import (
    CustomColumns,
    PodRow,
    TopContainers,
    cut_pod_row,
    is_pods_header,
    named_pods_header,
    placeholder_name,
    pod_row,
    pods_of,
    row_by_header,
    row_cut_in_age,
)
from kubesim.explain.readers.pods_table_2015 import OldPodsTable
from kubesim.explain.readers.present_kill import ended_for
from kubesim.explain.readers.probe_blocks import probe_block_lines
from kubesim.explain.readers.probe_line import (
    closes_exec,
    opens_exec,
)
from kubesim.explain.readers.probe_place import probes_past_place
from kubesim.explain.readers.probe_request_log import probe_request_hint
from kubesim.explain.readers.probe_restart import probe_restart_hint
from kubesim.explain.readers.pronoun_failing import pronoun_failing_hint
from kubesim.explain.readers.quoted_message import quoted_read
from kubesim.explain.readers.rancher_state import rancher_state_hint
from kubesim.explain.readers.rejected_piece import (
    Rejected,
    RejectedPiece,
    container_items,
    item_notes,
    piece_error,
    settle_rejected,
)
from kubesim.explain.readers.renest import Renested, manifest_kind, renest_leaving_out
from kubesim.explain.readers.row_in_sentence import row_in_sentence
from kubesim.explain.readers.row_split import row_before_restarts
from kubesim.explain.readers.running_waiting import waiting_in_running_pod
from kubesim.explain.readers.runs import (
    ENDS_COUNTED_READ,
    EVENT_IN_SENTENCE,
    NAMED_END,
    QUOTED_BACKOFF,
    QUOTED_STATUS,
    RESTARTS_UNCOUNTED,
    STATE_FIELDS,
    STATED_END,
    STATED_NAMED_FAILED,
    STATED_PROBE,
    STATED_RESTART_REASON,
    STATED_RESTARTS,
    Runs,
    command_run_hint,
    headless_state,
    observed_state_hint,
    placed_jq_output,
    placed_jsonpath_values,
    rows_run_together,
    shaped_rows_hint,
    split_runs,
    stated_hint,
    stated_restarts_hint,
    titled_backoff,
)
from kubesim.explain.readers.said_failing import said_failing_hint
from kubesim.explain.readers.salvage import salvage_bare, salvage_event
from kubesim.explain.readers.shapes import KINDS
from kubesim.explain.readers.state_siblings import ITEM_KEYS, count_beside
from kubesim.explain.readers.stated_cause import stated_cause_hint
from kubesim.explain.readers.stated_exit_oom import exit_oom_hint
from kubesim.explain.readers.stated_kill import (
    STATED_EN_OOM,
    STATED_PROBE_KILL,
    STATED_ZH_OOM,
    kill_lines,
    stated_kill_hint,
)
from kubesim.explain.readers.stated_oom_with import oom_with_hint
from kubesim.explain.readers.tilt_log import (
    TiltRestart,
    tilt_event_shape,
    tilt_restart,
    tilt_restarts,
)
from kubesim.explain.readers.titled import give_titled_messages
from kubesim.explain.readers.trimmed_pods import trimmed_header, trimmed_row
from kubesim.explain.readers.unified_diff import added_said
from kubesim.explain.readers.unprobed import unprobed_containers
from kubesim.explain.readers.unread import unread_notes
from kubesim.explain.readers.v1beta import read_old_pod
from kubesim.explain.readers.values_chunk import (
    HANDLER_INPUT,
    OTHER_VALUES,
    ChartRest,
    chart_rest,
    yaml_comments_inside,
)
from kubesim.explain.readers.watch_cut import NAME_CUT, NameCut, later_row_cut, row_cut
from kubesim.explain.readers.zh_restarts import STATED_ZH_RESTARTS, zh_restarts_hint
from kubesim.files import load_json
from kubesim.spec.manifests import NO_OBJECT, containers_from_documents
from kubesim.spec.model import ProbedContainer
from kubesim.spec.yamlio import YamlDocument, load_yaml_documents

__all__ = ["MAX_SEGMENTS", "MAX_YAML_RETRIES", "Segment", "SegmentKind",
           "read_paste"]

MAX_SEGMENTS = 100  # YAML and JSON documents over several lines in one paste

_YAML_START = re.compile(r"^(?:---\s*$|(?:apiVersion|kind|metadata|status|spec|items):(?:\s|$)"
                         r"|- apiVersion:|(?:liveness|readiness|startup)Probe:\s*$)")
_YAML_KEY = re.compile(r"^[a-z][A-Za-z0-9]*:(?:\s|$)|^- |^---\s*$")
_STATUS_PIECE = re.compile(r"^(?P<indent>\s+)(?:containerStatuses|initContainerStatuses|"
                           r"conditions|(?:liveness|readiness|startup)Probe):\s*$")
# one item of `containerStatuses` pasted without the key above it; kubectl sorts a status's
# keys, so an item starts with one of these (never `name:`, which a container's spec starts with)
_STATUS_ITEM = re.compile(r"^(?P<indent>[ \t]*)- (?:allocatedResources(?:Status)?|containerID|"
                          r"imageID|lastState|restartCount|state):")
# a container's state pasted alone, its item and keys above it not pasted: `terminated:` with
# its exitCode and reason below it, or `lastState:` (the fields of a ContainerStatus's state)
_STATE_PIECE = re.compile(r"^(?P<indent>[ \t]*)(?P<key>lastState|state|terminated|waiting|"
                          r"running):[ \t]*$")
_KEY = re.compile(rf"^[ \t]*(?P<key>{KEY_NAME}):(?:[ \t]|$)")
_EVENTS = re.compile(r"^[ \t]*Events:")
_DESCRIBE_KEYS = POD_KEYS | CONTAINER_KEYS | STATE_KEYS
_PROBE_LINE = re.compile(r"^[ \t]*(?:Liveness|Readiness|Startup):[ \t]+(?P<value>.*)$")
MAX_EXEC_LINES = 500  # lines of one exec command describe broke over lines (a script)
# a JSON object's member opening an object or a list: a piece of a document pasted from its
# middle (`"oom-test": {`); the lines of JSON that follow it
_MEMBER = re.compile(r'^[ \t]*"(?:[^"\\]|\\.){1,253}"[ \t]*:[ \t]*[\[{][ \t]*$')
# a handler's own field found among the probe's (`livenessProbe.path`): the paste lost the
# YAML's indentation (the API server could not have run this probe as it reads here), so the
# probe's settings are not known, rather than refused as a probe no kubelet ran
_FLATTENED = lazy_regex(r"(?:(?:liveness|readiness|startup)Probe\.(?:path|port|scheme|host|"
                        r"httpHeaders|command|service)|(?:httpGet|tcpSocket|exec|grpc)): "
                        r"unknown field")
# a key twice in one mapping, where the key is a probe's or its handler's: probes whose
# indentation the paste lost, all of them run into one mapping (flattened.py puts them back)
_FLAT_TWICE = lazy_regex(r"duplicate key '(?:(?:liveness|readiness|startup)Probe|httpGet|"
                         r"tcpSocket|exec|grpc|initialDelaySeconds|periodSeconds|"
                         r"timeoutSeconds|successThreshold|failureThreshold)' in one mapping")
_FLAT_NAME = re.compile(r"^[a-z0-9](?:[-a-z0-9.]{0,61}[a-z0-9])?:$")
_CONTAINER_SECTIONS = ("Containers:", "Init Containers:", "Ephemeral Containers:")
_JSONISH = lazy_regex(r'^[ \t]*(?:"|[{}\[\],]|-?\d|true\b|false\b|null\b)')
# a line whose `[` a word follows (`[parent comment not available]`, a review thread's
# placeholder for the comment it answers; a check box's `[x]`, a link's text, a log's
# `[INFO]`): no JSON array, whose `[` a value or its `]` follows (RFC 8259, section 5: an
# object, an array, a string, a number, `true`, `false`, `null`), so no document opens there.
# A shell's prompt (`[root@host dir]# docker ps`) is left as it was read: a line that ends the
# rows above it (a row's message does not run on into it)
_WORD_IN_BRACKET = lazy_regex(r"^\[[ \t]*+(?!(?:true|false|null)\b)[^\W\d](?![\w.-]*+@)")


class SegmentKind(str, Enum):
    """What a run of pasted lines is."""

    DESCRIBE = "describe"  # describe fields and event tables (every layout)
    YAML = "yaml"
    JSON = "json"
    JSON_PIECE = "json-piece"  # JSON pasted from the middle of a document (`"key": {`)
    STATUS_PIECE = "status-piece"  # an indented piece of a pod's status or a probe (YAML)


@dataclass(slots=True)
class Segment:
    """Lines of one kind, by their 1-based numbers."""

    kind: SegmentKind
    lines: list[PasteLine] = field(default_factory=list)
    # where the author cut it, and the mark (`...`, `<SNIP>`)
    cuts: dict[int, str] = field(default_factory=dict)
    # a `status:` the paste ties to a pod (pod_status_piece.py), None for any other
    pod_status: PodStatusPlace | None = None

    @property
    def first(self) -> int:
        return self.lines[0].number


class _Placer:
    """Places each content line in a segment, or among the lines not read."""

    def __init__(self, lines: list[PasteLine], source: str) -> None:
        self.lines, self.source = lines, source
        # the first content line's number: a page's title (heading_title.py)
        self.first_content = next((x.number for x in lines if x.kind is LineKind.CONTENT), 0)
        self.describe = Segment(SegmentKind.DESCRIBE)
        self.documents: list[Segment] = []
        self.unread: list[PasteLine] = []
        self.rows = EventRows(source, memo=True)  # (asked of a line twice: `continues_cut_row`)
        self.in_describe = False  # the line above was describe's: indented lines go on
        self.cut_list_at = 0  # the line opening a containerStatuses list cut above (cut_item)
        self.after_row = False  # the line above was an event row or its message
        self.spread = 0  # documents over several lines (each parsed with its line numbers)
        self.row_count = 0  # event rows placed so far
        self.bare: list[tuple[RecordedEvent, Note]] = []  # messages alone (`bare`)
        self.by_hand: list[ByHand] = []  # probe commands run by hand (`by_hand`)
        self.flat_section = False  # a describe's containers listed without indentation
        self.exec_lines = -1  # lines of an open exec command so far (-1: none is open)
        self.orphans = 0  # lines at the top continuing a row the paste does not have
        self.cut_last = 0  # the last line's number when the paste ends inside it
        self.last_content = 0  # the number of the paste's last line of content
        self.sections_seen = False  # a container section among the describe lines so far
        self.sections_scanned = 0  # how many of them `container_section` has looked at
        self.klog = KlogLines(source)  # the kubelet's own log lines (klog.py)
        self.ci_events: list[RecordedEvent] = []  # a CI log's event lines (`ci_log`)
        self.restarts: list[tuple[RestartLine, Where]] = []  # its restart-count lines
        self.tilt_restarts: list[TiltRestart] = []  # Tilt's restart lines (`tilt_log`)
        self.ci_pod: str | None = None  # the pod whose containers' lines follow (`pod_started`)
        # lines holding probe YAML run into one line (one_line_probe.py), with their runs
        self.one_line: list[tuple[PasteLine, list[ProbeRun]]] = []
        self.cuts: list[PasteLine] = []  # the author's cuts (`...`, `<SNIP>`), each once
        self.yaml_ends: set[int] = set()  # `...` lines that end a YAML document, no cut
        self.open_pod_tables(source)

    def open_pod_tables(self, source: str) -> None:
        """What the paste's `kubectl get pods` tables (and `top pod`'s) hold so far, none at
        first: apart from `__init__`, the tables' own state in one place."""
        self.pod_rows: list[PodRow] = []  # rows of `kubectl get pods`
        self.old_pods = OldPodsTable(source)  # `kubectl get pods` of 2015
        self.top = TopContainers(source)  # `kubectl top pod --containers`: the names
        self.custom = CustomColumns(source)  # `kubectl get pods -o custom-columns=...`
        self.under_pods_header = False  # the line above was a `get pods` header or row
        self.pods_headed = False  # and the table's rows so far run on from its header
        # the open table's column names where its header has one kubectl's default lacks
        # among its own (`named_pods_header`): its rows' cells are taken by them
        self.pods_columns: tuple[str, ...] | None = None
        # rows whose NAME is a page's placeholder: (line number, that NAME)
        self.placeholders: list[tuple[int, str]] = []
        # the last line, cut inside a `get pods` row's NAME under the table (watch_cut.py)
        self.name_cut: NameCut | None = None
        self.rows_together: list[PasteLine] = []  # `get pods` rows run into one line, no header
        self.run_in: list[Note] = []  # `get pods` rows run into a sentence, said so

    def place(self) -> None:
        i = 0
        while i < len(self.lines):
            line = self.lines[i]
            run = probe_run_by_hand(self.lines, i, self.source)
            if run is not None:  # a probe's command run by hand, its exit code under it
                self.gap(PasteLine(line.number, "", LineKind.COMMAND))
                self.by_hand.append(run)
                i = run.end
                continue
            if line.kind is not LineKind.CONTENT:
                self.gap(line)
                i += 1
                continue
            board = dashboard_run(self.lines, i, self.source, self.last_content)
            if board is not None:  # the Dashboard's event list, one cell a line
                self.bare.extend((e, board.note) for e in board.events)
                i = board.end
                continue
            if line.cut_above:  # the cut the line starts with (normalise)
                self.gap(PasteLine(line.number, "", LineKind.CUT, mark=line.mark))
            if self.exec_goes_on(line):
                i += 1
                continue
            i = self.document(i) if self.starts_document(line) else self.content(line, i)

    def gap(self, line: PasteLine) -> None:
        """Blank lines keep a describe block going; commands, fences and cuts end it."""
        self.after_row = False
        if line.kind is LineKind.CUT and line.number not in self.yaml_ends:
            self.describe.cuts[line.number] = line.mark  # an event table's rows either side
            self.cuts.append(line)  # are not joined; said once (`cut_notes`)
        if line.kind is LineKind.COMMAND:  # the columns a custom-columns command prints
            self.custom.command(line.text)
        if line.kind is not LineKind.BLANK:
            self.under_pods_header = False
            self.in_describe = line.kind is LineKind.CUT and self.in_describe
            self.exec_lines = -1

    def exec_goes_on(self, line: PasteLine) -> bool:
        """A line of an exec command describe broke over lines (`opens_exec`), whatever its
        text (a script's `[ -f x ]` is no JSON): describe's, up to the line that closes it. A
        describe field, an event row or the Events header ends it there: the rest of the
        command is not in the record (a `grep` kept the first line), which describe says."""
        if self.exec_lines < 0:
            return False
        text = line.text
        key = _KEY.match(text)
        if (key is not None and key["key"].strip() in _DESCRIBE_KEYS) or _EVENTS.match(text) \
                or self.rows.is_row(text):
            self.exec_lines = -1
            return False
        self.describe.lines.append(line)
        self.exec_lines += 1
        if closes_exec(text) or self.exec_lines >= MAX_EXEC_LINES:
            self.exec_lines = -1
        return True

    def starts_document(self, line: PasteLine) -> bool:
        text = line.text
        if text.startswith(("{", "[")):  # not an event row whose From cell is `{kubelet x}`,
            # nor a kubelet's message in square brackets (`bare.bracketed_message`)
            # (nor Tilt's `[event: pod NAME] MESSAGE`, tilt_log.py)
            return sourced_cells(text) is None and not bracketed_message(text) and \
                not tilt_event_shape(text) and not bracketed_row(text) and \
                not _WORD_IN_BRACKET.match(text)  # (bracketed_events.py; a word: no JSON)
        if not self.in_describe and text.strip() in ("{", "["):  # an object or a list opened
            return True  # alone on its line, indented as it sat in the document it was cut from
        if _YAML_START.match(text):
            return True
        return not self.in_describe and bool(_STATUS_PIECE.match(text) or _MEMBER.match(text)
                                             or whole_member(text) or _STATUS_ITEM.match(text) or self.state_piece(line)
                                             or dotted_state_key(text)
                                             or self.cut_list(line))

    def cut_list(self, line: PasteLine) -> bool:
        """A containerStatuses list cut above its first item (cut_item.py) opens here: read
        as a status piece (`document`)."""
        if opens_cut_list(self.lines, line):
            self.cut_list_at = line.number
            return True
        return False

    def state_piece(self, line: PasteLine) -> bool:
        """A container's state pasted alone (`_STATE_PIECE`): the key, then its fields on the
        next line, indented below it (a lone `state:` line is no state)."""
        m = _STATE_PIECE.match(line.text)
        below = self.lines[line.number] if m and line.number < len(self.lines) else None
        return below is not None and below.kind is LineKind.CONTENT and \
            len(below.text) - len(below.text.lstrip(" \t")) > len(m["indent"]) if m else False

    def row_in_sentence(self, line: PasteLine) -> PodRow | None:
        """A `get pods` row run into the sentence before it on its line (row_in_sentence.py),
        its note kept for the record."""
        run_in = row_in_sentence(line.text, self.source, line.number)
        if run_in is None:
            return None
        self.run_in.append(run_in.note)
        return run_in.row

    def headerless_row_before_restarts(self, line: PasteLine) -> PodRow | None:
        """A `get pods` row without header whose line ends after STATUS (row_split.py); under
        a header, a table's row cut so is the watch's cut row's rules' (watch_cut.py) or not
        read."""
        return None if self.under_pods_header and self.pods_headed else \
            row_before_restarts(line.text, self.source, line.number)

    def last_row_cut(self, line: PasteLine) -> re.Match[str] | None:
        """The record's last line as a `get pods` row cut before its RESTARTS (watch_cut.py):
        where the paste ends inside it, or, a line break after it, a whole NAME alone that
        the table's rows hold: kubectl prints no row of its NAME alone (every row has its
        cells up to AGE), so the paste's copy stops after it (README's rule of watch rows cut
        after their NAME); a name's start so stays a line whole (fixcounts43)."""
        if line.number not in (self.cut_last, self.last_content):
            return None
        m = NAME_CUT.match(line.text)
        if m is None or line.number == self.cut_last:
            return m
        whole = m["after"] is None and any(r.name == m["name"] for r in self.pod_rows)
        return m if whole else None

    def content(self, line: PasteLine, i: int) -> int:
        """A line of content placed: each kind of line told apart in this order (a tool's
        line, `kubectl get pods`'s, events' and describe's, a kubelet's message quoted, probe
        YAML run into one line), what none takes among the lines not read."""
        if not (self.tool_line(line) or self.pods_table_line(line)
                or self.describe_line(line, i) or self.message_line(line, i)):
            self.other_line(line, i)
        return i + 1

    def tool_line(self, line: PasteLine) -> bool:
        """The kubelet's own log line, a row of 2015's `get pods` or of `top pod`, or the
        record's last line cut inside a `get pods` row's NAME. Whether the line was so read."""
        text = line.text
        if self.kubelet_log(line) or self.old_pods.take(text, line.number) or \
                self.top.take(text, line.number):
            self.in_describe = self.after_row = False
            return True
        if self.under_pods_header and self.pod_rows and (m := self.last_row_cut(line)):
            self.name_cut = row_cut(m, Where(self.source, line.number))
            return True
        return False

    def pods_table_line(self, line: PasteLine) -> bool:
        """A `kubectl get pods` line: its header or a row (custom columns, a row cut, rows run
        together, a row run into a sentence). Whether the line was so read; the table ends at
        a line that is none."""
        named = named_pods_header(line.text)
        header = is_pods_header(line.text) or named is not None
        # (or trimmed of STATUS, trimmed_pods.py: its rows' cells taken by its names too)
        trimmed = None if header else trimmed_header(line.text)
        if self.custom.take(line.text, line.number, pods_header=header):
            self.custom_taken(trimmed)
            return True
        named, header = named or trimmed, header or trimmed is not None
        self.pods_columns = named if header else self.pods_columns
        line = line if header else self.row_by_columns(line)
        text = line.text
        # the record's last line cut after RESTARTS's digits is a cut row before a row whose
        # AGE a page trimmed: the digits shown may be the cell's start
        # (a row cut inside its last restart's age is cut wherever it stands: `(7m5`)
        cut = None if header else cut_pod_row(text, self.source, line.number) \
            if line.number == self.cut_last else row_cut_in_age(text, self.source, line.number)
        pods = None if header else cut or pod_row(text, self.source, line.number,
                                                  under_header=self.under_pods_header) \
            or self.headerless_row_before_restarts(line)
        if pods is not None and rows_run_together(text):  # its first row is not all it holds
            self.rows_together.append(line)
            self.in_describe = self.after_row = self.under_pods_header = False
            return True
        if pods is None and not header:  # a row run into a sentence (row_in_sentence.py)
            pods = self.row_in_sentence(line)
        if pods is not None or header:  # `kubectl get pods`
            self.pods_row(line, pods, header=header, cut=cut is not None)
            return True
        self.under_pods_header = False
        return False

    def custom_taken(self, trimmed: tuple[str, ...] | None) -> None:
        """A line a custom-columns table took; where it is a header whose names are kubectl's
        default columns trimmed of STATUS too (`NAME READY RESTARTS`: a custom column's READY
        is `true`, the default table's `0/1`), the rows under it the custom table does not
        take are read as that trimmed table's (trimmed_pods.py)."""
        self.in_describe = self.after_row = False
        self.under_pods_header = trimmed is not None
        if trimmed is not None:
            self.pods_headed, self.pods_columns = True, trimmed

    def row_by_columns(self, line: PasteLine) -> PasteLine:
        """The line as a row of kubectl's default columns where it is a row of the open
        table whose header has a column those lack among them (`row_by_header`: a fork's
        HASHKEY after NAME, `-o wide`'s columns moved), else as it stands: its cells are the
        header's names', not their places' (a HASHKEY's number is no READY)."""
        names = self.pods_columns if self.under_pods_header else None
        by = row_by_header if names is None or "STATUS" in names else trimmed_row
        text = by(line.text, names) if names is not None else None
        return line if text is None else replace(line, text=text)

    def pods_row(self, line: PasteLine, pods: PodRow | None, *, header: bool, cut: bool
                 ) -> None:
        """`kubectl get pods`'s header (`pods` None) or a row: kept, a placeholder NAME said."""
        self.pod_rows.extend([pods] if pods is not None else [])
        self.pods_headed = header or self.under_pods_header and self.pods_headed
        self.in_describe = self.after_row = False
        self.under_pods_header = True
        # (a cut row matches no whole row: its NAME is read as a name, `cut_pod_row`)
        # (nor does a row ending before RESTARTS, `row_before_restarts`)
        placeholder = placeholder_name(line.text) if pods is not None and not cut \
            and not pods.restarts_cut else None
        if placeholder is not None:
            self.placeholders.append((line.number, placeholder))

    def describe_line(self, line: PasteLine, i: int) -> bool:
        """A CI log's line or a row of another kind's table, else an events row or a line of
        describe's (its keys, its nesting, a wrapped message). Whether the line was so read;
        describe's lines end at a line that is none."""
        text = line.text
        if self.ci_line(text, line.number) or self.other_kind_row(line):
            self.in_describe = self.after_row = False
            return True
        key = _KEY.match(text)
        header = is_header(text)
        if header:
            self.rows.header(text)
        row = self.rows.is_row(text, header=header)
        if row and not header:  # the limit of one record, before reading on (limits.py)
            self.row_count += 1
            check_events(self.row_count, self.source, line.number)
        if row or (key is not None and key["key"].strip() in _DESCRIBE_KEYS) or \
                _EVENTS.match(text):
            self.describe.lines.append(line)
            self.in_describe, self.after_row = True, row
            probe = _PROBE_LINE.match(text)
            if probe is not None and opens_exec(probe["value"]):
                self.exec_lines = 0
            return True
        if self.after_row or (self.in_describe and text[:1] in " \t") or self.flat_name(text) \
                or self.lost_name(i) or self.state_value(line) or self.piece_name(i):
            self.describe.lines.append(line)  # a wrapped message, or describe's nesting
            return True
        self.in_describe = self.after_row = False
        return False

    def message_line(self, line: PasteLine, i: int) -> bool:
        """A kubelet's message the line quotes: alone, in code spans, in a sentence, as the
        page's title or in a shell comment. Whether the line was so read."""
        text, where = line.text, Where(self.source, line.number)
        bare = bare_event(text, where)
        if bare is not None:  # a kubelet's message pasted alone
            self.bare.append(bare)
            return True
        spans = _quoted_messages(text, where)
        if spans:  # a sentence quoting the kubelet's messages in code spans
            self.bare.extend(spans)
            return True
        prose = _prose_message(text, where) or \
            quoted_read(text, where)  # (quoted_message.py)
        if prose:  # a sentence quoting a probe's message without a code span
            self.bare.extend(prose)
            return True
        # the page's title as a markdown heading (heading_title.py), or a shell comment under a
        # command, quoting its output
        commented = self.heading_title(line) or self.commented_message(i)
        if commented is not None:
            self.bare.append(commented)
            return True
        return False

    def other_line(self, line: PasteLine, i: int) -> None:
        """A line continuing a cut row, probe YAML a page ran into one line (alone or in a
        sentence), or a line not read."""
        if self.continues_cut_row(i):
            self.describe.lines.append(line)
            return
        runs = probe_runs(line.text)
        if runs:  # probe YAML a page ran into one line, alone or in a sentence
            self.one_line.append((line, runs))
            return
        self.unread.append(line)

    def heading_title(self, line: PasteLine) -> tuple[RecordedEvent, Note] | None:
        """The kubelet's message the page's title holds as a markdown heading on its first
        line (`# Readiness probe failed: ...`, heading_title.py); None on another line."""
        if line.number != self.first_content:
            return None
        return heading_message(line.text, Where(self.source, line.number))

    def commented_message(self, i: int) -> tuple[RecordedEvent, Note] | None:
        """A kubelet's message a page writes as a shell comment under the command that shows
        it (`kubectl describe pod my-pod`, a blank line, `# Look for timeout errors:`, then
        `# Liveness probe failed: ...`): the message alone (`bare`), at least once. Only
        comments and blank lines may stand between the command and it: a comment under prose
        or above any command is a script's own words."""
        m = _COMMENTED.match(self.lines[i].text)
        if m is None:
            return None
        for above in reversed(self.lines[max(i - _COMMENT_REACH, 0):i]):
            if above.kind is LineKind.COMMAND:
                break
            if above.kind is LineKind.CONTENT and not _COMMENTED.match(above.text):
                return None
        else:
            return None
        found = bare_event(self.lines[i].text[m.end():], Where(self.source, self.lines[i].number))
        if found is None:
            return None
        event, note = found
        return event, Note(f"{note.text}; it was written as a shell comment under the command "
                           "that shows it", note.where)

    def kubelet_log(self, line: PasteLine) -> bool:
        """A line of the kubelet's own log (klog.py), whole or in a sentence's code span, or
        a journal line of another program."""
        if self.klog.take(line, line.text):
            return True
        if line.number == self.cut_last and self.klog.paste_cut(line):
            return True
        span = _SPAN.search(line.text) if "`" in line.text else None
        return span is not None and self.klog.take(line, span[1])
    def ci_line(self, text: str, number: int) -> bool:
        """A CI log's event line or restart-count line (`ci_log`), taken."""
        where = Where(self.source, number)
        event = ci_event(text, where)
        cut = number == self.cut_last  # the paste ends inside this line
        if event is not None:
            self.ci_events.append(replace(event, truncated=True) if cut else event)
            return True
        if cut and self.ci_events and event_start(text):  # an event line cut before its
            # reason: the events after the last one read are not in the record
            self.ci_events[-1] = replace(self.ci_events[-1], truncated=True)
            self.unread.append(PasteLine(number, text, LineKind.CONTENT))
            return True
        started = pod_started(text)
        if started is not None:
            self.ci_pod = started
            return True
        restarts = restart_line(text, self.ci_pod)
        if restarts is not None:
            self.restarts.append((restarts, where))
        return restarts is not None or self.tilt_restart(text, where)

    def tilt_restart(self, text: str, where: Where) -> bool:
        """Tilt's `Detected container restart` line (`tilt_log`), taken."""
        found = tilt_restart(text, where)
        if found is not None:
            self.tilt_restarts.append(found)
        return found is not None

    def continues_cut_row(self, i: int) -> bool:
        """Whether line `i` is the end of a message the paste starts inside: it comes first
        (the paste's first line, or right under a fence), nothing before it was read, and it
        runs, alone or with more such lines, straight into an event row. Describe's rows
        read it as an orphan: the rows before it are not in the record (event_rows)."""
        before = self.lines[i - 1] if i else None
        if self.row_count or self.documents or self.bare or self.by_hand or self.pod_rows or \
                self.unread or \
                len(self.describe.lines) != self.orphans or \
                (before is not None and before.kind is not LineKind.MARKUP and not self.orphans):
            return False
        for line in self.lines[i + 1:]:
            if line.kind is not LineKind.CONTENT or self.starts_document(line) or \
                    _KEY.match(line.text):
                return False
            if self.rows.is_row(line.text):
                self.orphans += 1
                return not is_header(line.text)
        return False

    def other_kind_row(self, line: PasteLine) -> bool:
        """A bracketed event row of an object other than a Pod (a HorizontalPodAutoscaler's,
        bracketed_events.py): no container's, so not read; it ends the row above it (not that
        row's message wrapped)."""
        if bracketed_other_kind(line.text) is None:
            return False
        self.unread.append(line)
        return True

    def state_value(self, line: PasteLine) -> bool:
        """`Terminated` on the line right after a `State:` (or `Last State:`) that has no
        value: that state's value, which a page put on a line of its own."""
        last = self.describe.lines[-1] if self.describe.lines else None
        return self.in_describe and last is not None and last.number == line.number - 1 and \
            state_value_below(last.text, line.text) is not None

    def flat_name(self, text: str) -> bool:
        """`wordpress:` right under `Containers:` in a describe that lost its indentation, and
        the names of the section's later containers: each a container's name (describe.py
        reads them so)."""
        if not (self.in_describe and _FLAT_NAME.match(text) and self.describe.lines):
            return False
        if self.describe.lines[-1].text.strip() in _CONTAINER_SECTIONS:
            self.flat_section = True
            return True
        return self.flat_section  # the section's next container (`db:` after web's fields)

    def lost_name(self, i: int) -> bool:
        """`app2:` at column 0 in a describe whose containers' names are indented, with the
        container's fields indented below it: the next container's name, whose indentation
        the paste lost (describe.py reads it so)."""
        text = self.lines[i].text
        if not (self.in_describe and _FLAT_NAME.match(text) and self.container_section()):
            return False
        below = self.next_content(i)
        return below is not None and below.text[:1] in " \t"

    def next_content(self, i: int) -> PasteLine | None:
        """The first content line after line index `i`, walked to by index: a copy of the
        rest of the paste for each line asked about (`lines[i + 1:]`) made a paste of many
        `name:` lines quadratic (40,000 of them took 3 s)."""
        for j in range(i + 1, len(self.lines)):
            if self.lines[j].kind is LineKind.CONTENT:
                return self.lines[j]
        return None

    def container_section(self) -> bool:
        """Whether the describe lines placed so far hold a `Containers:` (or init, ephemeral)
        section's line; each line looked at once (the describe only grows)."""
        lines = self.describe.lines
        while not self.sections_seen and self.sections_scanned < len(lines):
            self.sections_seen = lines[self.sections_scanned].text.strip() in _CONTAINER_SECTIONS
            self.sections_scanned += 1
        return self.sections_seen

    def piece_name(self, i: int) -> bool:
        """`  daprd:` where a describe piece starts (under an author's `...`, no `Containers:`
        above it): a container's name, when the next line is one of a container's fields
        indented below it (describe.py reads it so)."""
        text = self.lines[i].text
        if not _FLAT_NAME.match(text.strip()):
            return False
        below = self.next_content(i)
        key = _KEY.match(below.text) if below is not None else None
        indent = len(text) - len(text.lstrip(" \t"))
        return key is not None and below is not None and heads_container(
            indent, key["key"].strip(), len(below.text) - len(below.text.lstrip(" \t")))

    def document(self, i: int) -> int:
        """A YAML or JSON document from line `i`: its lines, up to where it ends."""
        first = self.lines[i]
        self.in_describe = self.after_row = False
        if first.text.lstrip(" \t").startswith(("{", "[")):
            return self.json_document(i)
        if _MEMBER.match(first.text) or whole_member(first.text):
            return self.json_piece(i)
        piece = _STATUS_PIECE.match(first.text) or _STATUS_ITEM.match(first.text) or \
            _STATE_PIECE.match(first.text) or dotted_state_key(first.text) or \
            first.number == self.cut_list_at
        kind = SegmentKind.STATUS_PIECE if piece else SegmentKind.YAML
        segment = Segment(kind, [first])
        j = self.document_lines(i, segment, piece=bool(piece))
        state = _STATE_PIECE.match(first.text)
        if state is not None and state["key"] in ITEM_KEYS:  # its item's restartCount beside it
            after = count_beside(self.lines, j, state["indent"])
            segment.lines.extend(self.lines[j:after])
            j = after
        self.add_document(segment)
        return j

    def document_lines(self, i: int, segment: Segment, *, piece: bool) -> int:
        """The lines of the document opened at line `i` added to `segment`, up to the line
        that ends it (a describe pasted below, a command, a cut, a column-0 line that is none
        of its keys); the number of that line. `piece`: a status's piece, whose column-0 lines
        are not its keys unless they are key paths."""
        first, kind = self.lines[i], segment.kind
        dotted = dotted_state_key(first.text)  # key paths: the item's other keys at column 0
        j, nested = i + 1, False
        while j < len(self.lines):
            line = self.lines[j]
            if line.kind is LineKind.CONTENT and starts_describe(line.text):
                break  # a describe pasted below the piece (describe_below.py)
            if line.kind in (LineKind.COMMAND, LineKind.MARKUP, LineKind.CUT):
                if line.mark == "..." and kind is SegmentKind.YAML:  # YAML's document end
                    self.yaml_ends.add(line.number)  # marker, at column 0 below it
                break
            if line.kind is LineKind.CONTENT and not (
                    line.text[:1] in " \t" or ((not piece or dotted) and _YAML_KEY.match(
                        line.text)) or (dotted and dotted_state_key(line.text))):
                # (a document that kept its indentation: its column-0 lines are its keys)
                resume = yaml_comments_inside(self.lines, j) if nested else None
                if resume is None:
                    break
                segment.lines.extend(self.lines[j:resume])  # YAML's own comments
                j = resume
                continue
            segment.lines.append(line)
            nested = nested or (not piece and line.text[:1] in " \t")
            j += 1
        return j

    def json_document(self, i: int) -> int:
        """One JSON value per line (JSON lines), or one spread over lines up to the line
        that closes it at the first column, or up to a line no JSON has (JSON cut short,
        and what was pasted after it)."""
        first = self.lines[i]
        if _one_value(first.text):
            self.add_document(Segment(SegmentKind.JSON, [first]))
            return i + 1
        indent = first.text[:len(first.text) - len(first.text.lstrip(" \t"))]
        closing = indent + ("}" if first.text[len(indent):].startswith("{") else "]")
        segment = Segment(SegmentKind.JSON, [first])
        j = i + 1
        while j < len(self.lines):
            line = self.lines[j]
            if line.kind is LineKind.CONTENT and not _JSONISH.match(line.text):
                break
            j += 1
            if line.kind is LineKind.CONTENT or line.kind is LineKind.BLANK:
                segment.lines.append(line)
            if line.text.startswith(closing) and not line.text[len(indent):][:1].isspace():
                break  # the line that closes it, at the indentation it was opened at
        self.add_document(segment)
        return j

    def json_piece(self, i: int) -> int:
        """JSON from the middle of a document: its lines while they look like JSON."""
        segment = Segment(SegmentKind.JSON_PIECE, [self.lines[i]])
        j = i + 1
        while j < len(self.lines):
            line = self.lines[j]
            if line.kind is not LineKind.CONTENT or not _JSONISH.match(line.text):
                break
            segment.lines.append(line)
            j += 1
        self.add_document(segment)
        return j

    def add_document(self, segment: Segment) -> None:
        self.documents.append(segment)
        self.spread += len(segment.lines) > 1
        if self.spread > MAX_SEGMENTS:
            raise RecordError(f"holds more than {MAX_SEGMENTS:,} YAML or JSON documents "
                              "(the limit of one paste)", source=self.source,
                              line=segment.first)


def _one_value(text: str) -> bool:
    if len(text) > 1_000_000 or text.count("[") + text.count("{") > 10_000:
        return False  # no event is that large or deep: read as a document (load_json bounds it)
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def read_paste(text: str, source: str) -> RecordSet:
    """Read everything the paste holds; RecordError for evidence that cannot be (an event
    count no event can have, a probe the API server would reject)."""
    # once: the reshaped runs are split from its lines too; a numbered listing of a manifest
    # read without the page's numbers (numbered_listing.py)
    cleaned = plain(text)  # (made once: normalised, and read for the reshaped runs)
    lines, listings = unnumbered(normalise(text, cleaned))
    if (reshaped := _reshaped(text, cleaned, source, lines)) is not None:
        return reshaped
    one = _one_line_describe(lines)
    if one is not None:  # a page ran the whole describe into one line
        number, split = one
        return _reread(split, source, [Note(
            f"line {number} is a whole describe run into one line (a web page's copy): read "
            f"split before each describe field and event row; the line numbers below count "
            f"those {split.count(chr(10))} parts", Where(source, number))])
    # a pod's status as markdown bullets of describe's keys, put back as its fields
    console = console_fields(lines, source)  # (fc57b) the console's page, a cell a line
    fields = markdown_fields(console.lines, source)
    placer = _Placer(fields.lines, source)
    last = max((x.number for x in lines if x.kind is LineKind.CONTENT), default=0)
    inside = ended_inside(text, lines)
    placer.cut_last = last if inside == last else 0
    placer.last_content = last
    placer.place()
    placer.bare.extend(fields.failures)
    out = RecordSet(source, "paste", notes=listing_notes(listings, source) + console.notes
                    + fields.notes)
    if placer.describe.lines:  # a box cut in its last line, a fence closed after it or not
        ends = placer.describe.lines[-1].number != inside and not box_cut(text)
        _add_describe(out, placer, (fields.lines, lines), last, ends)
    documents = _add_documents(out, placer, lines, last, inside)
    _add_placed(out, placer, source)
    _add_pods_tables(out, placer, source)
    _settle(out, placer, lines, text, documents)
    return out


def _add_describe(out: RecordSet, placer: _Placer,
                  placed: tuple[list[PasteLine], list[PasteLine]], last: int, ends: bool
                  ) -> None:
    """The describe the paste holds (its lines as `placer` placed them) added to `out`;
    `placed`: the paste's lines with markdown's fields put back, and as they came; `last`: the
    number of the paste's last line of content; `ends`: the describe's last line is whole."""
    source, describe = out.source, placer.describe
    fields, lines = placed
    named = described_names(lines, describe.lines)  # each command's own pod's
    described = _describe(describe, last, ends, source, named)
    probes_past_place(described, fields, {x.number for x in describe.lines}, source,
                      placer.cut_last)
    last_state_alone(described)
    piece_under_cut(described, lines)
    waiting_in_running_pod(described)  # a Running pod's waiting container ended (R4.23)
    _add(out, described)
    out.notes.extend(described_notes(named, source))
class _Documents(NamedTuple):
    """What the paste's YAML and JSON documents leave to weigh once the whole paste is read."""

    charts: list[RecordSet]  # a chart's values (`_chart_values`)
    no_object: list[_NoObject]  # documents of no object (`_no_object_documents`)
    cut_specs: list[_CutSpec]  # a pod's spec cut short (`_cut_spec_documents`)
    rejected: list[Rejected]  # probe YAML the API server would reject (rejected_piece.py)


def _add_documents(out: RecordSet, placer: _Placer, lines: list[PasteLine], last: int,
                   inside: int | None) -> _Documents:
    """Each YAML or JSON document the paste holds read and added to `out` (the limits of one
    record checked as they come), what is weighed later kept; `inside`: the line the paste
    ends inside."""
    source = out.source
    places = pod_status_places(lines)  # the `status:` lines of a pod (pod_status_piece.py)
    left = _Documents([], [], [], [])
    for segment in placer.documents:
        segment.pod_status = places.get(segment.first)
        found = _document_or_rejected(segment, source, out, (last, left.no_object),
                                      (left.cut_specs, left.rejected))
        if found is None:
            continue
        if inside and segment.lines[-1].number == inside:  # the paste ends inside it
            mark_cut_container(found, segment.lines, source)  # (cut_container.py)
        if found.format == _CHART:  # weighed once the whole paste is read
            left.charts.append(found)
            continue
        _add(out, found)
        check_events(len(out.events) + sum(len(p.events) for p in out.pods), source,
                     segment.first)
        check_pods(len(out.pods), source, segment.first)
    return left


def _add_placed(out: RecordSet, placer: _Placer, source: str) -> None:
    """What the paste's other lines hold added to `out`: probe YAML run into one line, the
    kubelet's messages quoted, probe commands run by hand, the kubelet's log, an app's end
    among the lines not read, a CI log's and Tilt's restarts."""
    if placer.one_line:
        _one_line(out, placer.one_line, source)
    if placer.bare:
        _add(out, _messages(placer.bare, source))
    for run in placer.by_hand:
        _add(out, RecordSet(source, "exec-by-hand", pods=[PodRecord(
            run.pod, run.event.where, events=[run.event], formats=["exec-by-hand"])],
            notes=[run.note]))
    placer.klog.name_exec_probes(placer.unread)  # (exec_probe_log.py: the probe the author set)
    kubelet = placer.klog.record()
    if kubelet is not None:
        _add(out, kubelet)
    elif placer.klog.notes:
        out.notes.extend(placer.klog.notes)
    placer.unread.extend(placer.klog.unread)
    placer.unread.sort(key=lambda x: x.number)
    _app_ends(placer.unread, out, source)
    app_end_beside_events_header(out, placer.describe.lines, source)
    if placer.ci_events or placer.restarts:
        _add(out, _ci_log(placer.ci_events, placer.restarts, source))
    if placer.tilt_restarts:
        _add(out, tilt_restarts(placer.tilt_restarts, source))


def _add_pods_tables(out: RecordSet, placer: _Placer, source: str) -> None:
    """The pods of the paste's `kubectl get pods` tables (custom columns, 2015's) and of `top
    pod`, added to `out`, a row's placeholder NAME said."""
    if placer.pod_rows:
        pods = pods_of(placer.pod_rows)
        cut = [] if placer.name_cut is None else [
            later_row_cut(pods, placer.pod_rows, placer.name_cut)]
        _add(out, RecordSet(source, "pods-table", pods=pods, notes=cut))
        out.notes.extend(Note(
            f"line {number}: the row's NAME {name!r} is no name the API "
            "gives a pod (a page's placeholder for one): read as that pod's name",
            Where(source, number)) for number, name in placer.placeholders)
        out.notes.extend(placer.run_in)
    custom = placer.custom.record()
    if custom is not None:
        _add(out, custom)
    if placer.old_pods.pods:
        _add(out, RecordSet(source, "pods-table", pods=placer.old_pods.pods))
    if placer.top.pods:
        _add(out, RecordSet(source, "top-containers", pods=placer.top.pods))


def _settle(out: RecordSet, placer: _Placer, lines: list[PasteLine], text: str,
            documents: _Documents) -> None:
    """The whole paste read: what is weighed against all of it (a page's title, the lines not
    read and the author's cuts, a chart's values, the pods a command names, documents of no
    object or cut short, probe YAML the API server would reject, a diff's added lines)."""
    source = out.source
    _titled(out, placer.unread, lines, source)
    _titled_message(out, lines)
    out.notes.extend(unread_notes(placer.unread, source))
    out.notes.extend(cut_notes(placer.cuts, source, out))
    _rows_together(out, placer.rows_together, source)
    _chart_values(out, documents.charts, text, source)
    out.format = "+".join(out.format.split("+")[1:]) or "paste"
    _name_by_command(out, lines, placer.describe, source)
    grepped_rows(out, lines, source)
    named_containers(out, lines, source)  # `kubectl logs POD CONTAINER` (command_pods.py)
    dockershim_running(out, lines, source)
    _no_object_documents(out, documents.no_object, source)
    _cut_spec_documents(out, documents.cut_specs, source)
    settle_rejected(out, documents.rejected, source, unread_notes)
    if "@@" in text:  # a hunk's header: a diff's `+` lines said (unified_diff.py), read
        # plain as every reader reads the paste (no-break spaces, quote marks, times)
        out.notes.extend(added_said(plain(text, diffs=True), source))


class _CutSpec(NamedTuple):
    """A manifest the paste ends inside, cut before its pod spec, its error and why its lines
    are not read (cut_spec.py)."""

    segment: Segment
    error: RecordError | SpecError
    why: str


def _document_or_cut_spec(segment: Segment, source: str, out: RecordSet,
                          rest: tuple[int, list[_NoObject]], cut_specs: list[_CutSpec]
                          ) -> RecordSet | None:
    """`_document_or_no_object` (`rest`: the paste's last line and its kind-less documents); a
    manifest the paste ends inside, cut before its pod spec (`cut_before_spec`), is kept in
    `cut_specs` with its error, weighed once the whole paste is read (`_cut_spec_documents`)."""
    last, no_object = rest
    try:
        return _document_or_no_object(segment, source, out, last, no_object)
    except (RecordError, SpecError) as exc:
        kind = manifest_kind([x.text for x in segment.lines])
        why = cut_before_spec(exc, kind, segment.lines[-1].number >= last)
        if why is None:
            raise
        cut_specs.append(_CutSpec(segment, exc, why))
        return None


def _document_or_rejected(segment: Segment, source: str, out: RecordSet,
                          rest: tuple[int, list[_NoObject]],
                          deferred: tuple[list[_CutSpec], list[Rejected]]) -> RecordSet | None:
    """`_document_or_cut_spec` (`deferred`: its cut specs, and the pieces rejected); probe
    YAML the API server would reject is kept with its error, weighed once the whole paste is
    read (rejected_piece.py `settle_rejected`)."""
    try:
        return _document_or_cut_spec(segment, source, out, rest, deferred[0])
    except RejectedPiece as exc:
        deferred[1].append(Rejected(segment.lines, exc))
        return None


def _cut_spec_documents(out: RecordSet, cut_specs: list[_CutSpec], source: str) -> None:
    """Manifests cut before their pod spec where the paste ends: beside a record read
    elsewhere (a pod, an event) their lines are not read, with why; alone, the record is
    refused with the first one's error (the API server's)."""
    if not cut_specs:
        return
    if not (out.pods or out.events):
        raise cut_specs[0].error
    for doc in cut_specs:
        out.notes.extend(unread_notes(doc.segment.lines, source, doc.why))


class _NoObject(NamedTuple):
    """A document that is neither a Kubernetes object nor a probe spec, and its error."""

    segment: Segment
    error: NoObjectError


def ended_inside(text: str, lines: list[PasteLine]) -> int:
    """The number of the line the paste ends inside (no line break after it), 0 where it ends
    with one. Only that line may be cut by the paste's end: a line with a line break after it
    (the paste ending in a closing fence or a blank line below it) was copied whole
    (fixcounts52: mongodb-kubernetes-operator-1527's last row, its closing fence the paste's
    last line)."""
    return 0 if text.endswith(("\n", "\r")) or not lines else lines[-1].number


def _document_or_no_object(segment: Segment, source: str, out: RecordSet, last: int,
                           no_object: list[_NoObject]) -> RecordSet | None:
    """`_document`; a document that is neither a Kubernetes object nor a probe spec is kept
    in `no_object` with its error, weighed once the whole paste is read
    (`_no_object_documents`); told from every other refusal by its type, never its words."""
    try:
        return _document(segment, source, out, at_end=segment.lines[-1].number >= last)
    except NoObjectError as exc:
        no_object.append(_NoObject(segment, exc))
        return None


def _no_object_documents(out: RecordSet, no_object: list[_NoObject],
                         source: str) -> None:
    """YAML documents that are neither a Kubernetes object nor a probe spec (a ConfigMap's
    body pasted without its kind): beside a record read elsewhere (a pod, an event) they are
    lines not read, named (nothing refused that can be read, nothing dropped silently);
    alone, the record is refused with the first one's error."""
    if not no_object:
        return
    if not (out.pods or out.events):
        raise _no_object_alone(no_object[0].error)
    for doc in no_object:
        out.notes.extend(unread_notes(doc.segment.lines, source, NO_OBJECT))


def _no_object_alone(error: NoObjectError) -> NoObjectError:
    """The refusal of a paste whose one YAML is no object (`_no_object_documents`) and no other
    line of which is read: its own error's words first (its type and message kept, a refusal
    told by its type), then that no other line is a pod, an event or a container's state, so
    that it says plainly it is no record explain reads, as a piece the API server would reject
    alone says (rejected_piece.settle_rejected; the corpus README's rule of a record that
    holds no piece explain reads, stop 50; stop 58, fc58c)."""
    return NoObjectError(f"{error.message}; no other line of the paste is a pod, an event or a "
                         "container's state: not a record explain reads",
                         source=error.source, line=error.line, field=error.field)


_TITLED = ("the page's title states the pod in CrashLoopBackOff (`{}`): read as its container's "
           "State, Waiting out a back-off, its restart count not in the record")


def _titled(out: RecordSet, unread: list[PasteLine], lines: list[PasteLine], source: str
            ) -> None:
    """A page's title (its first line) or a heading (`# ...`) no reader read that states one
    of the record's pods in CrashLoopBackOff (`runs.titled_backoff`), a pod whose containers'
    status the record does not show (a describe cut before them): that pod's one container
    read as waiting out a back-off, its restarts no count bounds (a status shown is the
    kubelet's own, and a title's words say nothing over it), and the line no longer listed as
    not read."""
    first = next((x.number for x in lines if x.kind is LineKind.CONTENT), 0)
    bare = [p for p in out.pods if p.name is not None and len(p.containers) <= 1 and not any(
        c.state or c.terminated or c.last or c.restart_count is not None for c in p.containers)]
    for line in list(unread) if bare else []:
        if line.number != first and not line.text.lstrip().startswith("#"):
            continue
        name = titled_backoff(line.text, [p.name for p in bare if p.name is not None])
        pod = next((p for p in bare if p.name == name), None)
        if pod is None:
            continue
        where = Where(source, line.number)
        if not pod.containers:
            pod.containers.append(ContainerRecord(None, where))
        c = pod.containers[0]
        c.state, c.state_reason, c.restarts_cut = "waiting", "CrashLoopBackOff", True
        out.notes.append(Note(_TITLED.format(line.text.strip()[:80]), where))
        unread.remove(line)
        return


def _titled_message(out: RecordSet, lines: list[PasteLine]) -> None:
    """A probe's failure the page's title (its first line) quotes, given to the pods the
    title is about (`titled.give_titled_messages`, the corpus README's title rule)."""
    first = next((x for x in lines if x.kind is LineKind.CONTENT), None)
    note = None if first is None else give_titled_messages(out, first.number, first.text)
    if note is not None:
        out.notes.append(note)


def _app_ends(unread: list[PasteLine], out: RecordSet, source: str) -> None:
    """Lines no reader read that a runtime prints only as the app's process ends (app_end.py):
    read as that, each said in a note of its own kind (the diagnosis weighs them), and no
    longer listed as not read."""
    ends = app_ends(unread)
    at = {e.number for e in ends}
    unread[:] = [x for x in unread if x.number not in at]
    out.notes.extend(Note(
        f"line {e.number}: `{e.text}`, which {e.runtime} prints only as its process ends",
        Where(source, e.number), kind=NoteKind.APP_END) for e in ends)


_TOGETHER = ("`get pods` rows run into one line without the table's header or the `kubectl "
             "get pods` command that printed them: which words are a namespace, a name or a "
             "wide row's cells (-A, -o wide) cannot be told")


def _rows_together(out: RecordSet, lines: list[PasteLine], source: str) -> None:
    """Lines of `get pods` rows run together without their columns (`rows_run_together`):
    lines not read, said why; a paste of nothing else is refused so."""
    if not lines:
        return
    if not (out.pods or out.events or out.series):
        raise RecordError(f"{_TOGETHER}; paste the table with its header, or with the command",
                          source=source, line=lines[0].number)
    out.notes.extend(unread_notes(lines, source, _TOGETHER))


# what a run of runs.py holds on one line, looked for before the paste is cleaned (a colour
# code or a no-break space may still sit between its words): a pod's status with its first
# list right after `status:`; a state with its Reason; a `get pods` header with a row (or a
# cut) after it; a `get pods` command with a READY cell after it on its line or the next
# (`runs.command_run_hint`, on text without colours: a coloured one is cleaned to be looked at).
# A describe or a table whose lines are apart holds none of them: it is not cleaned twice.
_GAP = r"(?:[ \t\xa0]|\x1b\[[0-9;]{0,20}m)+"  # spaces, colour codes: one way to match each
_RUN_HINT = lazy_regex(r"status:[^\n]{0,64}?(?:conditions|containerStatuses|"
                       r"initContainerStatuses):|State:[^\n]{0,200}?Reason:"
                       r"|State:[^\n]{0,400}?Restart Count:"
                       rf"|NAME{_GAP}READY{_GAP}STATUS{_GAP}RESTARTS{_GAP}AGE(?:{_GAP}IP{_GAP}"
                       rf"NODE(?:{_GAP}NOMINATED{_GAP}NODE{_GAP}READINESS{_GAP}GATES)?)?{_GAP}"
                       r"[a-z0-9\[(<.\u2026]")


_RUN_READ = (" run into one line of text (a web page's copy): put back on the lines kubectl "
             "printed and read")
# (describe's state fields are run together by a page's copy or quoted by a sentence: the note
# says both, for it cannot say which: `Kubernetes logged OOMKilled with exit code 137`)
_FIELDS_READ = (" on one line of text (run together by a page's copy, or quoted in a sentence): "
                "put back on the lines describe prints them on and read")


def _read_as(what: str) -> str:
    """What a note says was done with a line's run `what` (runs.py): nothing more for a
    sentence's or a tool's read (`_SAID_READS`, whose `what` says it), else how its lines
    were put back."""
    if what.startswith(_SAID_READS):
        return ""
    return _FIELDS_READ if what.startswith(STATE_FIELDS) else _RUN_READ
# describe's state fields a sentence quotes in lower case, or a status OOMKilled alone after
# its key (runs.py reads them): `exit code: 137 reason: OOM Killed`, `(status: OOMKilled)`;
# a word each, a page's no-break spaces or a terminal's colours between the words
# (状态 as a JSON log line escapes it too, `\u72b6\u6001`: a docker json-file log's line)
_PROSE_STATE_HINT = re.compile(r"OOM|(?i:code):|CrashLoopBackOff[`\"'\u201d]?[ \t\xa0]*"
                               r"(?:\u72b6\u6001|\\u72b6\\u6001|(?i:state|status))")


def _prose_state_hint(text: str) -> bool:
    """Whether `_PROSE_STATE_HINT` finds its words in the paste: `OOM` alone is one of them;
    the other two's words are looked for first (the pattern has none to start from, and is
    tried from every place of a long line)."""
    return "OOM" in text or (("CrashLoopBackOff" in text or "code:" in folded(text))
                             and _PROSE_STATE_HINT.search(text) is not None)


def _reshaped(text: str, cleaned: str, source: str, lines: list[PasteLine]
              ) -> RecordSet | None:
    """The record read from what a page reshaped, put back (runs.py): a piece of a pod's JSON
    under the `jq` filter or jsonpath template that printed it, a table or describe's fields
    run into a line of text; None when the paste holds neither. Looked for once the paste's
    characters and wrappers are off (`cleaned`: `plain(text)`, as normalise read it; a colour
    code inside a run is the terminal's, not the run's)."""
    if not _reshape_hinted(text):
        return None
    statuses = go_statuses(_unwrapped(cleaned, lines)) if "State:{" in cleaned else None
    if statuses is not None:
        return _reread(statuses.text, source, _go_notes(statuses, source))
    headless = headless_state(cleaned)
    if headless is not None:
        return _headless_read(*headless, source)
    jq = placed_jq_output(cleaned)
    if jq is not None:
        placed, number, shown, elided = jq
        return fields_asked(_reread(placed, source, [Note(
            f"line {number}: the object under `{shown}` read at that path of the pod's "
            f"status{'; the paste left some of its fields out (`...`)' if elided else ''}; "
            f"the line numbers below count the object as one line", Where(source, number))]))
    values = placed_jsonpath_values(cleaned)
    if values is not None:
        put, values_placed = values
        return fields_asked(_reread(put, source, [Note(
            f"line {v.line}: `{json.dumps(v.value).strip(chr(34))}` under `{v.shown}` (a "
            f"page's copy of its output) read as that field of the pod's status, the values "
            f"under its commands put together as one pod's", Where(source, v.line))
            for v in values_placed]))
    runs = split_runs(_unwrapped(cleaned, lines))
    return None if runs is None else _runs_read(runs, source)


def _reshape_hinted(text: str) -> bool:
    """Whether the paste holds the words of a reshaped piece `_reshaped` puts back (a `jq`
    filter, a jsonpath template, a run of describe's fields or a table's, a state stated in
    prose): each reader's own hint, so that a paste without them is not cleaned twice."""
    # (`Exit` and `Code:` apart: a page's no-break space or a terminal's colours between them)
    return bool("jq" in text or "yq" in text or "jsonpath" in text or ("Exit" in text and "Code:" in text)
                or "State:{" in text or _prose_state_hint(text) or stated_hint(text)
                or ("CrashLoopBackOff" in text and observed_state_hint(text))
                or stated_restarts_hint(text) or stated_kill_hint(text) or probe_restart_hint(text)
                or stated_cause_hint(text) or said_failing_hint(text) or zh_restarts_hint(text)
                or failing_told_hint(text) or listed_reasons_hint(text) or never_ready_hint(text)
                or pronoun_failing_hint(text) or named_failed_hint(text)
                or oom_with_hint(text) or exit_oom_hint(text) or event_in_sentence_hint(text)
                or shaped_rows_hint(text) or events_run_hint(text)
                or rancher_state_hint(text) or fabric8_state_hint(text)
                or probe_request_hint(text) or _RUN_HINT.search(text)
                or ("get" in text and ("\x1b" in text or command_run_hint(text))))


def _runs_read(runs: Runs, source: str) -> RecordSet:
    """The record of the text with its runs put back on their lines (`split_runs`), each run
    said in a note on the line it came from, and every line number given back as the paste's
    own."""
    found = _reread(runs.text, source, [])
    made = made_lines(runs)
    if any(what.startswith((QUOTED_BACKOFF, STATED_RESTARTS, STATED_ZH_RESTARTS,
                            STATED_NEVER_READY_RESTARTS)) or RESTARTS_UNCOUNTED in what
           for _, what, _ in runs.split):
        _restarts_cut(found)  # a status in a sentence: no restart count bounds its restarts
    found.notes[:] = [Note(
        f"line {number}: {what}{_read_as(what)}"
        f"{'; the rest of that line not read' if around else ''}",
        Where(source, number)) for number, what, around in runs.split] + [
        _renumbered(n, runs.origins) for n in found.notes if not _of_made(n, made)]
    _mark_stated(found, made)
    _renumber_found(found, runs.origins)
    return found


def made_lines(runs: Runs) -> frozenset[int]:
    """The lines of the put-back text (1-based) a reader made from its author's prose: put
    back for a sentence's read (`_SENTENCE_READS`) and not held by the line it was read from
    (a kill the author states, read as the kubelet's lines: stated_kill.kill_lines), so no
    line the record holds."""
    sentences = {number for number, what, _ in runs.split if what.startswith(_SENTENCE_READS)}
    return frozenset(i for i, (line, number) in enumerate(
        zip(runs.text.split("\n"), runs.origins, strict=True), 1)
        if number in sentences and " ".join(line.split()) not in " ".join(
            runs.given[number - 1].split()))


def _of_made(note: Note, made: frozenset[int]) -> bool:
    """Whether the note reads a line a reader made (`made_lines`) as an event's message alone:
    the note of the sentence it was made from says what it was read as, and the made line is
    no message of the record to say a reason was inferred from."""
    return note.where.line in made and \
        note.text.startswith(f"line {note.where.line}: an event's message alone")


def _mark_stated(found: RecordSet, made: frozenset[int]) -> None:
    """Every event read from a line `made_lines` gives, marked as its author's statement
    (RecordedEvent.stated), before the lines are renumbered to the paste's own."""
    def mark(e: RecordedEvent) -> RecordedEvent:
        return replace(e, stated=True) if e.where.line in made else e

    found.events[:] = [mark(e) for e in found.events]
    for pod in found.pods:
        pod.events = [mark(e) for e in pod.events]


def _go_notes(statuses: GoStatuses, source: str) -> list[Note]:
    """What was read of each Go-printed container status (go_status.py), and the names it
    gives that the API gives no container (a page's placeholder)."""
    notes = []
    for read in statuses.read:
        first, last = read.first, read.last
        span = f"line {first}" if first == last else f"lines {first}-{last}"
        shown = f" ({', '.join(n[:60] for n in read.names[:5])})" if read.names else ""
        joined = "" if first == last else \
            ", its fields joined across the lines the author broke them over"
        rest = "" if not read.rest else "; the rest of that line not read" + (
            " (but the pod it names)" if read.pod else "")
        # (a log line, no document: what it is and what it is read as, never "a document")
        what, read_as = (("container statuses", "the containers' states")
                         if len(read.names) + len(read.placeholders) > 1 else
                         ("container status", "the container's state"))
        notes.append(Note(
            f"{span}: a kubelet log's Go-printed {what} (`ContainerStatuses:[{{Name:... "
            f"State:{{...}}}}]`, the status manager's %+v){shown}{joined}: read as {read_as}"
            f"{_of_pod(read)}{rest}", Where(source, first)))
        notes.extend(Note(
            f"line {first}: the container's Name {name[:60]!r} is no name the API gives a "
            "container (a page's placeholder for one): read as a container the record does "
            "not name", Where(source, first)) for name in read.placeholders)
    return notes


def _of_pod(read: GoStatusRead) -> str:
    """Whose the status is: the pod its line names (the status manager names it before the
    status), or none."""
    return f", of pod {read.pod} (as its line names it)" if read.pod else \
        " (its line names no pod)"


# what runs.py reads from a sentence or a status bullet (no run of kubectl's lines)
_SENTENCE_READS = (ENDS_COUNTED_READ, QUOTED_STATUS, QUOTED_BACKOFF, STATED_END, STATED_PROBE, NAMED_END,
                   STATED_RESTART_REASON, STATED_RESTARTS, STATED_PROBE_KILL, STATED_ZH_OOM,
                   STATED_EN_OOM, STATED_ZH_RESTARTS, EVENT_IN_SENTENCE, STATED_NEVER_READY,
                   STATED_NEVER_READY_RESTARTS, STATED_NAMED_FAILED)
# (and the reads of a tool's own lines, no run of kubectl's: Lens's drawer, lens_status.py)
_SAID_READS = (*_SENTENCE_READS, LENS_LAST_STATUS)


def _headless_read(put: str, number: int, source: str) -> RecordSet:
    """The paste read with the state's line put back above its Reason and Exit Code
    (`runs.headless_state`, at line `number`), every line it cites the paste's own: the line
    put back is the pair's first, each line after it one less (a note once cited line 4 of
    a paste of 3)."""
    found = read_paste(put, source)
    origins = [n if n <= number else n - 1 for n in range(1, put.count("\n") + 2)]
    found.notes[:] = [Note(
        f"line {number}: describe's Reason and Exit Code without the state's line above them "
        "(a Terminated state's fields): read as an ended container's state; whether they were "
        "its State or its Last State the record does not say", Where(source, number))] + [
        _renumbered(n, origins) for n in found.notes]
    _renumber_found(found, origins)
    return found


def _renumber_found(found: RecordSet, origins: list[int]) -> None:
    """Every place a record read from the put-back text points to (its pods, containers,
    states, conditions, events and the pods' notes), renumbered to the paste's own lines as
    its notes are (`_renumbered`): evidence cites the line the user pasted, not one of the
    put-back text (mtioutput-k8s-liveness-crash's BackOff row cited line 4 of 3)."""
    def at(w: Where) -> Where:
        n = w.line
        return w if n is None or not 0 < n <= len(origins) else replace(w, line=origins[n - 1])

    found.events[:] = [replace(e, where=at(e.where)) for e in found.events]
    for pod in found.pods:
        pod.where = at(pod.where)
        pod.events = [replace(e, where=at(e.where)) for e in pod.events]
        pod.conditions = [replace(c, where=at(c.where)) for c in pod.conditions]
        pod.series = [replace(x, where=at(x.where)) for x in pod.series]
        pod.notes = [_renumbered(n, origins) for n in pod.notes]
        for c in pod.containers:
            c.where = at(c.where)
            c.spec_where = None if c.spec_where is None else at(c.spec_where)
            c.restart_where = None if c.restart_where is None else at(c.restart_where)
            if c.terminated is not None and c.terminated.where is not None:
                c.terminated = replace(c.terminated, where=at(c.terminated.where))
            if c.last is not None and c.last.where is not None:
                c.last = replace(c.last, where=at(c.last.where))


def _unwrapped(cleaned: str, lines: list[PasteLine]) -> str:
    """The paste with each content line's wrapper taken off where normalise found one (a
    quote's `>`, a diff's `+`, a log's timestamp, a line number; `lines`, the paste
    normalised), line for line: a run's line then holds only the run, so a wrapper is never
    "the rest of that line not read"."""
    raw = cleaned.split("\n")
    for line in lines:
        if line.kind is LineKind.CONTENT and not line.cut_above:
            raw[line.number - 1] = line.text
    return "\n".join(raw)


_LINE_SPAN = lazy_regex(r"\b(?P<word>lines?) (?P<a>\d+)(?:-(?P<b>\d+))?")


def _renumbered(note: Note, origins: list[int]) -> Note:
    """A note of the paste read with its runs put back on their lines (runs.py), its line
    numbers (where it points, every `line N`/`lines N-M` its text names) those of the paste's
    own lines: a line numbered in the put-back text comes from `origins[N - 1]`."""
    def back(n: int) -> int:
        return origins[n - 1] if 0 < n <= len(origins) else n

    line = note.where.line
    where = note.where if line is None else Where(note.where.source, back(line),
                                                  note.where.field)
    def span(m: re.Match[str]) -> str:
        a, b = back(int(m["a"])), back(int(m["b"] or m["a"]))
        return f"line {a}" if a == b else f"lines {a}-{b}"

    text = note.text
    m = _LINE_SPAN.search(text)
    if m is not None:
        # the span the note starts with, and those of the reason in brackets right after it
        # (`not read: line 5 (JSON cut short at line 7 ...)` named a line of the put-back
        # text: traefik-9238); never the quoted text after it, the user's own words
        why_end = _bracket_end(text, m.end())
        text = text[:m.start()] + span(m) + _LINE_SPAN.sub(span, text[m.end():why_end]) \
            + text[why_end:]
    piece = note.piece if note.piece is None or note.piece.line is None else \
        replace(note.piece, line=back(note.piece.line))
    return replace(note, text=text, where=where, piece=piece)  # (its pod, `Note.pod`, kept)


def _bracket_end(text: str, at: int) -> int:
    """Where the bracketed reason right after `at` (` (...)`) ends, its brackets balanced; `at`
    when none follows."""
    if not text.startswith(" (", at):
        return at
    depth = 0
    for i in range(at + 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i + 1
    return at


def _reread(text: str, source: str, how: list[Note]) -> RecordSet:
    """The paste read as `text`, what a page reshaped put back; the notes saying how first."""
    found = read_paste(text, source)
    found.notes[:0] = how
    return found


# a describe whose line breaks a page dropped: `Name: web Namespace: default ... Events: Type
# Reason Age From Message ---- ------ ---- ---- ------- Normal Scheduled 42s ...`
_RUN_EVENTS = lazy_regex(r"\bEvents:\s+Type\s+Reason\s+Age\s+From\s+Message\s+-+\s+-+\s+-+\s+-+"
                         r"\s+-+\s*")
_RUN_KEY = lazy_regex(r"\s(?=(?:" + "|".join(sorted(map(re.escape, _DESCRIBE_KEYS), key=len,
                                                     reverse=True)) + r"):\s)")


def _run_events(line: str) -> re.Match[str] | None:
    """`_RUN_EVENTS` on the line, its `Events:` looked for first (the pattern starts at a
    word boundary, which `re` tries at every place of a long line)."""
    return _RUN_EVENTS.search(line) if "Events:" in line else None


_RUN_ROW = lazy_regex(r"\s(?=(?:Normal|Warning)\s+[A-Z][A-Za-z0-9]{0,80}\s+"
                      r"(?:<unknown>|\d+[ydhms](?:\d+[hms])*)\b)")


def _one_line_describe(lines: list[PasteLine]) -> tuple[int, str] | None:
    """The paste's one content line when it is a whole describe run together (its Events
    header and underline inside it), split back into describe's lines; None otherwise. A
    command line above it is the command that printed it, not more content."""
    content = [x for x in lines if x.kind is LineKind.CONTENT
               or (x.kind is LineKind.COMMAND and _run_events(x.text))]
    if len(content) != 1 or not (m := _run_events(content[0].text)):
        return None
    head, rows = content[0].text[:m.start()], content[0].text[m.end():]
    fields = _RUN_KEY.split(head.strip())
    if not _KEY.match(fields[-1] if fields else ""):
        return None
    fields = fields if _KEY.match(fields[0]) else fields[1:]  # the command in front of it
    table = ["Events:", "  Type  Reason  Age  From  Message", "  ----  ------  ----  ----  -------"]
    parts = [*fields, *table, *("  " + r for r in _RUN_ROW.split(rows.strip()) if r)]
    return content[0].number, "\n".join(parts) + "\n"


def _name_by_command(found: RecordSet, lines: list[PasteLine], describe: Segment, source: str
                     ) -> None:
    """A describe printed without its `Name:` line is the pod its command named: the last
    command line above the describe's first line, when it is `kubectl describe pod NAME`
    (a page that kept the command and the lines it wanted, `kubectl top` rows of other pods
    above it). Only the record's one unnamed pod is named so, and only beside pods of that
    name (`kubectl top pod NAME --containers` rows): beside a pod of another name (a `get
    pods` row), the unnamed describe is left to be matched with it, unless a pod of the
    command's name is among them (`get pods` rows of that pod and a replica's: the command
    names which row the describe is of, crunchy-pgo-3429)."""
    unnamed = [p for p in found.pods if p.name is None]
    if not describe.lines or len(unnamed) != 1:
        return
    first = describe.lines[0].number
    commands = [x for x in lines if x.kind is LineKind.COMMAND and x.number < first]
    # `kubectl describe pod web-1 -n ns`, `oc describe po/web-1`: the command names the pod
    # it printed (a DNS name; `<pod-name>`, a placeholder, names none: command_words.py)
    name = pod_by_command(commands[-1].text) if commands else None
    if name is None or (any(p.name not in (None, name) for p in found.pods)
                        and all(p.name != name for p in found.pods)):
        return
    unnamed[0].name = name
    found.notes.append(Note(f"the describe shows no Name: line: read as pod {name}, which "
                            f"the command above it names", Where(source, commands[-1].number)))


def _add(out: RecordSet, found: RecordSet) -> None:
    """`found`'s pods, events and notes into `out`; its format among `out`'s (`paste+...`)."""
    for part in found.format.split("+"):
        if part not in out.format.split("+"):
            out.format += "+" + part
    out.pods.extend(found.pods)
    out.events.extend(found.events)
    out.series.extend(found.series)
    out.notes.extend(found.notes)


def _describe(segment: Segment, total: int, ends: bool, source: str,
              named: dict[int, str]) -> RecordSet:
    """The describe reader over the describe lines alone (the others blank); a pod's `Name:`
    where a command names the pod of the output under it (`named`, command_pods.py)."""
    texts = [""] * total
    for line in segment.lines:
        texts[line.number - 1] = line.text
    for number, pod in named.items():
        texts[number - 1] = f"Name:         {pod}"
    last = segment.lines[-1].number
    body = "\n".join(texts[:last]) + ("\n" if ends or last < total else "")
    return read_describe(body, source, cuts=segment.cuts)


def _document(segment: Segment, source: str, out: RecordSet, *, at_end: bool = False,
              rebuild: bool = True) -> RecordSet | None:
    """A document's pods and events; a document that is neither (a Service, a Deployment
    without probes, text that does not parse) is lines not read. One the record ends inside
    (`at_end`) is read up to the line where it breaks. A workload's manifest whose
    indentation the paste lost is read re-nested by its kind's structure (`renest`); one
    whose keys cannot be put back one way is read as any other, and the note says why. A
    document re-nested once is read as it is (`rebuild` False): put back again, a manifest
    whose lines re-nest the same way would be re-nested without end."""
    kind = manifest_kind([x.text for x in segment.lines]) if _column0(segment) else None
    rebuilt = _rebuilt(segment) if kind in KINDS and rebuild else _Rebuilt(None)
    if rebuilt.segment is not None:
        return _read_rebuilt(rebuilt, segment, source, out, at_end=at_end)
    said = len(out.notes)
    found = _read_document(segment, source, out, at_end=at_end)
    if rebuilt.two_ways and not any(rebuilt.why in n.text for n in [*out.notes[said:], *(
            found.notes if found is not None else [])]):
        out.notes.append(Note(
            f"lines {segment.first}-{segment.lines[-1].number} are a {kind} whose indentation "
            "is lost in the paste; its keys are not put back by the object's structure, which "
            f"allows two ways: {rebuilt.why}", Where(source, segment.first)))
    return found


def _read_document(segment: Segment, source: str, out: RecordSet, *, at_end: bool
                   ) -> RecordSet | None:
    try:
        found = _read_segment(segment, source)
    except (RecordError, SpecError) as exc:
        tabbed = _tab_indented(segment, source) or _first_reindented(segment, source) \
            or _item_realigned(segment, source)
        if tabbed is not None:
            return tabbed
        try:
            return _after_error(segment, source, out, exc, at_end=at_end)
        except (RecordError, SpecError) as again:
            return _lost_indentation(segment, source, out, again)
    if found is None:
        found = _first_reindented(segment, source) or _item_realigned(segment, source)
    if found is None:
        out.notes.extend(unread_notes(segment.lines, source, "a document without a pod, "
                                      "an event or a probe"))
    return found


def _tab_indented(segment: Segment, source: str) -> RecordSet | None:
    """YAML indented with tabs, which YAML does not allow (an editor's or a paste's doing:
    `      livenessProbe:` then `\thttpGet:`), read with each tab of the indentation taken as a
    terminal and GitHub show it, to the next multiple of 8 columns, said in a note; None
    when it has no such tab or does not read so either."""
    if segment.kind not in (SegmentKind.YAML, SegmentKind.STATUS_PIECE) or \
            not any("\t" in _indentation(x.text) for x in segment.lines):
        return None
    expanded = Segment(segment.kind, [
        replace(x, text=_indentation(x.text).expandtabs(8) + x.text.lstrip(" \t"))
        for x in segment.lines])
    try:
        found = _read_segment(expanded, source)
    except (RecordError, SpecError):
        return None
    if found is not None:
        first, last = segment.first, segment.lines[-1].number
        found.notes.append(Note(f"lines {first}-{last} are YAML indented with tabs (which YAML "
                                "does not allow): read with each tab as 8 columns, as a "
                                "terminal shows it", Where(source, first)))
    return found


def _item_realigned(segment: Segment, source: str) -> RecordSet | None:
    """A list item whose first line sits a column or two off its own keys (item_indent.py),
    which does not read as it is: read with its first key at its siblings' column, said in a
    note; None for any other block, or one that does not read so either."""
    texts = first_item_realigned([x.text for x in segment.lines]) \
        if segment.kind in (SegmentKind.YAML, SegmentKind.STATUS_PIECE) else None
    if texts is None:
        return None
    kind = SegmentKind.STATUS_PIECE if _STATUS_ITEM.match(texts[0]) else segment.kind
    found = _read_first_moved(segment, source, texts[0], kind)
    if found is not None:
        found.notes.append(Note(
            f"line {segment.first}: the list item's first key sits off the column of its other "
            f"keys in the copy (YAML reads an item's keys at its first key's column): read with "
            f"its first key at theirs, {len(texts[0]) - len(texts[0].lstrip(' -'))} spaces",
            Where(source, segment.first)))
    return found


def _first_reindented(segment: Segment, source: str) -> RecordSet | None:
    """A block whose first line lost its indentation in the copy (first_indent.py), which
    does not read as it is: read with that line at its siblings' indentation, said in a note;
    None for any other block, or one that does not read so either."""
    texts = first_line_reindented([x.text for x in segment.lines]) \
        if segment.kind in (SegmentKind.YAML, SegmentKind.STATUS_PIECE) else None
    if texts is None:
        return None
    kind = SegmentKind.STATUS_PIECE if _STATUS_PIECE.match(texts[0]) or \
        _STATUS_ITEM.match(texts[0]) or _STATE_PIECE.match(texts[0]) else SegmentKind.YAML
    found = _read_first_moved(segment, source, texts[0], kind)
    if found is not None:
        first = segment.first
        found.notes.append(Note(
            f"line {first}: the block's first line lost its indentation in the copy (its "
            f"children indented deeper than its siblings, at {len(_indentation(texts[0]))} "
            "spaces): read at its siblings' indentation", Where(source, first)))
    return found


def _read_first_moved(segment: Segment, source: str, first: str,
                      kind: SegmentKind) -> RecordSet | None:
    """The segment read as `kind` with its first line's text replaced by `first` (a copy's
    misplaced first line put back: `_first_reindented`, `_item_realigned`); None where it
    does not read so either."""
    moved = Segment(kind, [replace(segment.lines[0], text=first), *segment.lines[1:]],
                    segment.cuts)
    try:
        return _read_segment(moved, source)
    except (RecordError, SpecError):
        return None


def _indentation(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" \t"))]


def _column0(segment: Segment) -> bool:
    """Whether a YAML document's lines are all at column 0: a paste that lost their
    indentation (a web page's copy), when it holds a mapping of more than one line."""
    return segment.kind is SegmentKind.YAML and len(segment.lines) > 1 and \
        not any(x.text[:1] in " \t" for x in segment.lines)


class _Rebuilt(NamedTuple):
    """A document re-nested (`_rebuilt`), or why not, and whether two readings are why."""

    segment: Segment | None
    why: str = ""
    two_ways: bool = False
    left_out: str = ""  # the lines left out, and why (`_left_out`)


def _rebuilt(segment: Segment) -> _Rebuilt:
    """The document's lines with their indentation put back by the Kubernetes object's
    structure (`renest`), as the manifest of the workload kind it declares; or None and why
    not, with the line (nothing for a document without a kind)."""
    texts = [x.text for x in segment.lines]
    kind = manifest_kind(texts)
    if kind not in KINDS:
        return _Rebuilt(None, f"a {kind}, no pod, event or probe" if kind else "")
    nested = renest_leaving_out(texts, [kind])
    if nested.lines is None:
        return _Rebuilt(None, f"line {segment.lines[nested.line].number}: {nested.why}",
                        nested.two_ways)
    return _Rebuilt(Segment(segment.kind, [replace(x, text=text) for x, text in
                                           zip(segment.lines, nested.lines, strict=True)]),
                    left_out=_left_out(segment, nested))


def _left_out(segment: Segment, nested: Renested) -> str:
    """What a note says of the lines a re-nesting left out (README's re-nesting rule: a line
    two readings put in two places is not read, and what a reading without it shows is)."""
    return "".join(f"; line {segment.lines[i].number} not read: {why}, and what a reading "
                   "without it shows is read" for i, why in nested.left_out)


def _read_rebuilt(rebuilt: _Rebuilt, segment: Segment, source: str, out: RecordSet, *,
                  at_end: bool) -> RecordSet | None:
    """A manifest re-nested (`_rebuilt`) read as any manifest, said in a note."""
    assert rebuilt.segment is not None
    first, last = segment.first, segment.lines[-1].number
    what = manifest_kind([x.text for x in segment.lines]) or "manifest"
    note = Note(f"lines {first}-{last} are a {what} whose indentation is lost in the paste: "
                "read with each key put back under the parent whose type holds it (the "
                f"Kubernetes object's structure), one way only{rebuilt.left_out}",
                Where(source, first))
    said = len(out.notes)
    found = _document(rebuilt.segment, source, out, at_end=at_end, rebuild=False)
    if found is None:  # the note before what the manifest's reading said of it
        out.notes.insert(said, note)
    else:
        found.notes.insert(0, note)
    return found


def _lost_indentation(segment: Segment, source: str, out: RecordSet,
                      exc: RecordError | SpecError) -> RecordSet | None:
    """A document that does not read, whose indentation the paste may have lost: probe keys
    put back by their names (`_flattened`), a pod's status (`_flat_status`); a manifest that
    declares its kind at column 0, its keys not put back one way (`_rebuilt`), is lines not
    read, with why; else the error stands."""
    flat = _FLATTENED.search(exc.message) or _flat_twice(segment, exc.message)
    if flat is not None:
        return _flattened(segment, source, out, exc.message[flat.start():])
    status = _flat_status(segment, source)
    if status is not None:
        return status
    why = _rebuilt(segment).why if _column0(segment) else ""
    if why and exc.message.startswith("duplicate key"):
        # a manifest of a declared kind at column 0 is a lost-indentation paste, never a
        # malformed one: its lines not read, with why
        out.notes.extend(unread_notes(segment.lines, source,
                                      f"its indentation is lost in the paste and {why}"))
        return None
    raise _kindless_flat(segment, exc) or exc


def _kindless_flat(segment: Segment, exc: RecordError | SpecError) -> NoObjectError | None:
    """A mapping at column 0 whose key comes twice and which declares no kind (`spec:`,
    `template:`, `spec:` of a blog's snippet): a page's copy that lost the indentation (a
    document written so never holds a key twice, and an indented one keeps its error), whose
    keys no kind's structure puts back (renest.py re-nests by the kind's types). It is no
    Kubernetes object and no probe spec: as any such document, lines not read beside a
    record read elsewhere, the record refused where nothing else is read
    (`_no_object_documents`). None for any other document or error."""
    if not (_column0(segment) and exc.message.startswith("duplicate key")) or \
            manifest_kind([x.text for x in segment.lines]) is not None:
        return None
    return NoObjectError(f"{exc.message}: a mapping at column 0 declaring no kind, its "
                         "indentation lost in the paste: neither a Kubernetes object nor a "
                         "probe spec", source=exc.source, line=exc.line)


def _flat_twice(segment: Segment, message: str) -> re.Match[str] | None:
    """A probe's key twice in one mapping of lines all at column 0 (`_FLAT_TWICE`): the
    indentation the paste lost, not a key its author wrote twice (an indented document keeps
    its duplicate-key error)."""
    if any(x.text[:1] in " \t" for x in segment.lines):
        return None
    return _FLAT_TWICE.search(message)


def _flattened(segment: Segment, source: str, out: RecordSet, why: str) -> RecordSet | None:
    """Probe YAML whose indentation the paste lost (`why`: the field found out of place):
    read with its keys put back by their names (`flattened`), said in a note; lines not read
    when they are not a probe's keys alone."""
    # the last line's number run into the sentence after it is no value to read
    run_in = segment.lines[-1:] if run_into_prose(segment.lines[-1].text) else []
    kept = segment.lines[:len(segment.lines) - len(run_in)]
    first, last = segment.first, kept[-1].number if kept else segment.first
    text = reindent_probes([x.text for x in kept])
    found = None
    if text is not None:
        try:
            found = _probes(text, source, first)
        except RecordError:
            found = None
    if found is None:
        out.notes.extend(unread_notes(segment.lines, source,
                                      f"its indentation is lost in the paste: {why}"))
        return None
    found.notes.append(Note(f"lines {first}-{last} are probe YAML whose indentation is lost "
                            f"in the paste ({why}): read with each key put back under the "
                            "one it belongs to by its name", Where(source, first)))
    found.notes.extend(unread_notes(run_in, source, "its value runs into the sentence after "
                                    "it: the line break is lost, the number cannot be told "
                                    "from the sentence's first word"))
    return found


def _one_line(out: RecordSet, found: list[tuple[PasteLine, list[ProbeRun]]], source: str
              ) -> None:
    """Probe YAML a page ran into one line (`read_one_line`): its probes read as one
    container's probe settings (a probe's YAML alone names no container), what each line
    holds that is not read said in notes."""
    read = read_one_line(found, source)
    out.notes.extend(unread_notes(read.unread, source, read.why))
    if read.yaml:
        try:
            probes = _probes("\n" * (read.line - 1) + read.yaml, source, read.line)
        except RecordError:  # (each probe read alone already: kept for safety's sake)
            probes = None
        if probes is not None:
            _add(out, probes)
    out.notes.extend(read.notes)


def _flat_status(segment: Segment, source: str) -> RecordSet | None:
    """A pod's `status:` whose indentation the paste lost (every line at column 0): read with
    each key put back under the one it belongs to by its name (`flattened`), said in a note;
    None when a line is not a status key in a place it can be."""
    if any(x.text[:1] in " \t" for x in segment.lines):
        return None
    text = reindent_status([x.text for x in segment.lines])
    if text is None:
        return None
    first, last = segment.first, segment.lines[-1].number
    found = read_kube("\n" * (first - 1) + text, source)
    if found is None:  # `status:` and nothing under it: no status at all
        return None
    found.notes.append(Note(f"lines {first}-{last} are a pod's status whose indentation is "
                            "lost in the paste: read with each key put back under the one it "
                            "belongs to by its name", Where(source, first)))
    return found


def _after_error(segment: Segment, source: str, out: RecordSet, exc: RecordError | SpecError,
                 *, at_end: bool) -> RecordSet | None:
    """A document that does not read whole: read where the record ends inside it, or up to
    where its YAML breaks; else the error stands."""
    cut = _cut_at_end(segment, source, exc) if at_end else None
    if cut is not None:
        return cut
    if not exc.message.startswith(("malformed YAML", "not JSON")):
        raise exc
    found, unread = _before_error(segment, source, exc)
    if found is None and (orphans := _orphan_probe(segment, source, exc)) is not None:
        return orphans
    if found is None and (blocks := _probe_blocks(segment, source, exc)) is not None:
        return blocks
    out.notes.extend(unread_notes(unread, source, _json_cut(segment) or exc.message[:80]))
    return found


def _json_cut(segment: Segment) -> str | None:
    """Why JSON cut short holds nothing read (`kubectl get events -o json` cut inside its
    first item's metadata): where it was cut, and that nothing before the cut is a pod, an
    event or a probe; None for a text that is not JSON read to a cut."""
    if segment.kind is not SegmentKind.JSON:
        return None
    cut = parse_fragment("\n".join(x.text for x in segment.lines), segment.first)
    if cut is None or not cut.why or not cut.unread:
        return None
    return (f"JSON cut short at line {cut.unread[-1]} ({cut.why}), before anything of a pod, "
            "an event or a probe")


def _orphan_probe(segment: Segment, source: str, exc: RecordError | SpecError
                  ) -> RecordSet | None:
    """YAML that does not parse, nothing of a record before its error, whose lines hold a
    probe's fields with their values while the key naming the probe is lost with other lines
    (a copy that kept only lines with values): a pod whose probe settings the record shows
    without saying which probe they are, said in a note; the other lines not read. No probe
    kind is claimed: the lines do not say liveness, readiness or startup. None when the lines
    hold no such fields (`orphan_probe_fields`)."""
    at = orphan_probe_fields([x.text for x in segment.lines])
    if not at:
        return None
    fields = [segment.lines[i] for i in at]
    shown = ", ".join(x.text.strip()[:60] for x in fields[:8])
    first, last = fields[0].number, fields[-1].number
    used = {x.number for x in fields}
    at_line = f" at line {exc.line}" if exc.line else ""
    note = Note(f"lines {first}-{last} are a probe's settings ({shown}) in YAML that does not "
                f"parse{at_line} ({exc.message[:80]}): the key naming their probe is not in the "
                "record (the copy lost it), so which probe they are (liveness, readiness or "
                "startup) the record does not say: not read as any probe's settings",
                Where(source, first))
    pod = PodRecord(None, Where(source, segment.first), formats=["yaml-lines-lost"])
    return RecordSet(source, "yaml-lines-lost", pods=[pod], notes=[note, *unread_notes(
        [x for x in segment.lines if x.number not in used], source, exc.message[:80])])


def _probe_blocks(segment: Segment, source: str, exc: RecordError | SpecError
                  ) -> RecordSet | None:
    """YAML that does not parse, nothing of a record before its error, whose lines hold a
    container's probes as whole blocks (`probe_block_lines`: a Helm template's pod spec, its
    probes one column off): the probes read with each key put back under the one it belongs
    to by its name (`reindent_probes`), for a container the record does not name, said in a
    note; the other lines not read, with the YAML's error. None without such blocks."""
    at = probe_block_lines([x.text for x in segment.lines])
    text = None if at is None else reindent_probes([segment.lines[i].text for i in at])
    if at is None or text is None:
        return None
    blocks = [segment.lines[i] for i in at]
    first, last = blocks[0].number, blocks[-1].number
    try:
        found = _probes(text, source, first)
    except RecordError:
        return None
    if found is None:
        return None
    erred = next((x.text for x in segment.lines if x.number == exc.line), "")
    why = exc.message[:80] + (" (a Helm template's action `{{ ... }}` unquoted: the chart's "
                              "template, not rendered)" if "{{" in erred else "")
    used = {x.number for x in blocks}
    found.notes.append(Note(
        f"lines {first}-{last} are a container's probes in YAML that does not parse at line "
        f"{exc.line} ({why}): read with each key put back under the one it belongs to by its "
        "name (the Pod API's Probe makes it unambiguous)", Where(source, first)))
    found.notes.extend(unread_notes([x for x in segment.lines if x.number not in used], source,
                                    why))
    return found


def _substance(found: RecordSet) -> bool:
    """Whether what was read of a document broken off holds something of a record: an event,
    a container by its name, probe settings (a probe's YAML names no container: `kind:
    Pod` alone is nothing), or a pod's conditions."""
    return bool(found.events or any(c.name or c.spec is not None
                                    for p in found.pods for c in p.containers)
                or any(p.conditions for p in found.pods))


MAX_YAML_RETRIES = 3  # malformed YAML read again up to the line of its error, at most so often


def _before_error(segment: Segment, source: str,
                  exc: RecordError | SpecError) -> tuple[RecordSet | None, list[PasteLine]]:
    """YAML that stops being well formed at some line (cut in a quoted string or a flow
    mapping, an indentation lost): the lines before it read as the document, those from it on
    not; what was read and the lines not read. JSON has been read to its cut already."""
    if segment.kind is SegmentKind.JSON or segment.kind is SegmentKind.JSON_PIECE:
        return None, segment.lines
    line = segment.lines[-1].number + 1
    for _ in range(MAX_YAML_RETRIES):
        # the line of the error, or the last line read when the error is past it (the end
        # of the text inside a quoted string): each try reads fewer lines
        line = min(exc.line or segment.first, line - 1)
        if line <= segment.first:
            break
        kept = Segment(segment.kind, [x for x in segment.lines if x.number < line])
        try:
            found = _read_segment(kept, source)
        except (RecordError, SpecError) as again:
            if not again.message.startswith("malformed YAML"):
                raise
            exc = again
            continue
        if found is None or not _substance(found):
            break
        mark_cut_container(found, kept.lines, source)  # an item the cut lies inside
        found.notes.append(Note(f"lines {segment.first}-{segment.lines[-1].number} are YAML "
                                f"that stops being well formed at line {line}: read up to "
                                "there", Where(source, segment.first)))
        return found, [x for x in segment.lines if x.number >= line]
    return None, segment.lines


def _cut_at_end(segment: Segment, source: str, exc: RecordError | SpecError
                ) -> RecordSet | None:
    """A YAML document the record ends inside and the API would reject at line N (a probe cut
    before its handler): what comes before line N, read as a whole document is; lines N to
    the end are not read. None when that part holds no event or named container, and for
    text that does not parse (its reading is `_document`'s)."""
    if segment.kind is SegmentKind.JSON or exc.line is None or \
            exc.message.startswith(("malformed YAML", "not JSON")):
        return None
    keep = [x for x in segment.lines if x.number < exc.line]
    rest = [x for x in segment.lines if x.number >= exc.line]
    if not keep or not rest:
        return None
    try:
        found = _read_segment(Segment(segment.kind, keep), source)
    except (RecordError, SpecError):
        return None
    if found is None or not _substance(found):
        return None
    mark_cut_container(found, keep, source)  # an item the cut lies inside (cut_container.py)
    found.notes.extend(unread_notes(rest, source, "cut where the record ends: "
                                    + exc.message[:80]))
    return found


def _read_segment(segment: Segment, source: str) -> RecordSet | None:
    text = "\n".join(x.text for x in segment.lines) + "\n"
    if segment.kind is SegmentKind.JSON_PIECE:
        return _cut_json(segment, source) or _cut_probes(segment, source)
    if segment.kind is SegmentKind.JSON:
        try:
            data = load_json(text, source, RecordError)
        except RecordError as exc:  # JSON cut short (an Event's line, a document) is read
            if not exc.message.startswith("not JSON"):  # to the cut
                raise
            item = _list_item(segment, text, source)
            if item is not None:
                return item
            one = len(segment.lines) == 1
            found = (salvage_event(text, source, segment.first)
                     or salvage_bare(text, source, segment.first)) if one else None
            found = found or _cut_json(segment, source) or _cut_probes(segment, source)
            if found is None:
                raise
            return found
        found = read_old_pod(data, {}, source, segment.first) or read_objects(
            data, source, segment.first) or read_crictl_inspect(data, source, segment.first)
        bare = bare_json_event(data, Where(source, segment.first)) \
            if found is None and len(segment.lines) == 1 else None
        if found is None and bare is None and holds_probe_key(text):
            return _probes("\n" * (segment.first - 1) + text, source, segment.first)  # (JSON is
            # YAML: a probe's object read as its YAML is, json_probe.py)
        return found if bare is None else _messages([bare], source)
    if segment.kind is SegmentKind.STATUS_PIECE:
        return _status_piece(segment, source)
    body = "\n" * (segment.first - 1) + text  # YAML's own line numbers are the paste's
    return _pod_status_alone(segment, text, source) or read_kube(body, source) or \
        _probes(body, source, segment.first)


def _pod_status_alone(segment: Segment, text: str, source: str) -> RecordSet | None:
    """A pod's `status:` pasted without its object, where the paste ties it to a pod
    (pod_status_piece.py): read as that pod's (its phase, reason, message, conditions and
    containers' statuses), named as the command above names it, said in a note; None for
    any other document."""
    place = segment.pod_status
    if place is None or segment.first < 2:
        return None
    try:
        docs = load_yaml_documents(text, source, RecordError)
    except RecordError:  # (YAML cut short: read as any document, `_after_error`)
        return None
    if len(docs) != 1 or not pod_status_doc(docs[0].data):
        return None
    found = read_kube("\n" * (segment.first - 2) + "kind: Pod\n" + text, source)
    if found is None:
        return None
    for pod in found.pods:
        pod.name = pod.name or place.pod
    found.notes.append(Note(
        f"line {segment.first}: a pod's status without its object (no kind), under "
        + ("the command that prints that pod" if place.pod else "a cut") +
        ": read as the pod's status", Where(source, segment.first)))
    return found


def _list_item(segment: Segment, text: str, source: str) -> RecordSet | None:
    """A whole JSON value and the `,` after it: one item of a list pasted without the list
    (a pod's Ready condition out of `status.conditions`), read whole and said; None for any
    other text, or an item that holds no pod, event or condition."""
    body = text.rstrip()
    if not body.endswith(",") or len(segment.lines) < 2:
        return None
    try:
        data = load_json(body[:-1], source, RecordError)
    except RecordError:
        return None
    found = read_old_pod(data, {}, source, segment.first) or read_objects(
        data, source, segment.first)
    if found is not None:
        found.notes.append(Note(
            f"lines {segment.first}-{segment.lines[-1].number} are one item of a list (the `,` "
            "after it), pasted without the list and its other items: read whole",
            Where(source, segment.first)))
    return found


def _cut_json(segment: Segment, source: str) -> RecordSet | None:
    """JSON cut short, or pasted from the middle of a document: read as far as it is well
    formed (`fragment`), as a pod or events, or as container statuses of 2014 (`v1beta`);
    the lines it could not read are listed. None if it holds none of them."""
    texts = [""] * (segment.lines[-1].number - segment.first + 1)
    for line in segment.lines:
        texts[line.number - segment.first] = line.text
    cut = parse_fragment("\n".join(texts), segment.first)
    if cut is None or not isinstance(cut.data, dict | list):
        return None
    dropped = _cut_event(cut)
    found = read_old_pod(cut.data, cut.lines, source, segment.first)
    cri = read_crictl_inspect(cut.data, source, segment.first) if found is None else None
    if cri is not None:  # crictl inspect's status, read to its cut (crictl_inspect.py)
        cri.notes.extend(_cut_notes(cut, segment, source))
        return cri
    if found is None:
        data = cut.data
        if isinstance(data, dict) and "status" not in data and "containerStatuses" in data:
            data = {"status": data}  # a pod's status from its middle
        item = _status_item(data)
        found = read_objects(item, source, segment.first)
        if found is not None and item is not data and _stated(found):
            _name_none(found)
            _restarts_cut(found)  # a status's piece: its restartCount is not in it
            found.notes.extend(_cut_notes(cut, segment, source))
            return found
    if found is not None and (cut.closed or cut.why):
        _restarts_cut(found)
    before = _before_spec(found, segment, source) if found is not None else None
    if found is None or not (_substance(found) or before is not None):
        return None  # `{"kind": "Pod"` and no more (or no container's name): no record
    found.notes.extend(_cut_notes(cut, segment, source))
    found.notes.extend([before] if before is not None and not _substance(found) else [])
    if dropped is not None:
        found.notes.extend(unread_notes([x for x in segment.lines if x.number >= dropped
                                         and x.number not in cut.unread], source,
                                        "an Event cut before its reason"))
    return found


def _cut_probes(segment: Segment, source: str) -> RecordSet | None:
    """JSON that does not parse whole (cut, or a closing brace missing) whose outermost object
    holds probe objects whole by their own braces: those read alone as probe YAML is, said in
    a note, its other lines not read (json_probe.py); None where it holds none."""
    texts = [""] * (segment.lines[-1].number - segment.first + 1)
    for line in segment.lines:
        texts[line.number - segment.first] = line.text
    probes = cut_json_probes(texts, segment.first)
    found = None if probes is None else _probes(probes.body, source, probes.first, named=False)
    if probes is None or found is None:
        return None
    names = " and ".join(f"`{k}`" for k in probes.kinds)
    found.notes.append(Note(
        f"lines {probes.first}-{probes.last}: the {names} object{'s' * (len(probes.kinds) > 1)}"
        " of JSON that does not parse whole (cut, or a closing brace missing), whole by its own "
        "braces: read alone as the probe's settings", Where(source, probes.first)))
    found.notes.extend(unread_notes([x for x in segment.lines if x.number in probes.unread],
                                    source, "JSON that does not parse whole, around the probe"))
    return found


# the keys of one item of containerStatuses, and of its state (`lastState` or `state`)
_ITEM_KEYS = frozenset({"lastState", "state", "restartCount", "containerID", "ready",
                        "started", "imageID"})
_STATE_KEYS = frozenset({"terminated", "waiting", "running"})


def _status_item(data: Any) -> Any:
    """A piece of one container's status pasted from its middle (`"lastState": {"terminated":
    ...`, or the state alone): the pod status it is an item of, as `_state_item` makes of the
    same piece in YAML; any other data as it is. It names no container."""
    if not isinstance(data, dict) or not data or "status" in data or "kind" in data:
        return data
    if set(data) <= _STATE_KEYS:
        data = {"state": data}
    if not set(data) <= _ITEM_KEYS | {"name", "image", "lastTerminationState"}:
        return data
    return {"status": {"containerStatuses": [data]}}


def _stated(found: RecordSet) -> bool:
    """Whether a container's status piece read states something: a state or a last state."""
    return any(c.state or c.terminated or c.last for p in found.pods for c in p.containers)


def _restarts_cut(found: RecordSet) -> None:
    """JSON cut short, or a container status's piece pasted from its middle: a container
    whose status was read without its restartCount may have had it after the cut or outside
    the piece (kubelets write the key for every container, the API prints it even at 0): its
    restarts are cut away, not unknown for want of a count (describe's Restart Count, cut
    so); its one end shown bounds nothing (README's counting rules: a cut paste, at least
    once)."""
    for pod in found.pods:
        for c in pod.containers:
            if c.restart_count is None and (c.state or c.terminated or c.last):
                c.restarts_cut = True


def _name_none(found: RecordSet) -> None:
    """A status piece names no pod: its pod is the record's one (`read.pod_groups`)."""
    for pod in found.pods:
        pod.name = None


def _before_spec(found: RecordSet, segment: Segment, source: str) -> Note | None:
    """A pod's document cut before its spec and status (`kubectl get pod -o json` cut in its
    metadata): the pod it names is all it tells. A note says so, for the pod to be explained
    as a record that shows nothing, rather than refused as no record; None for a document
    that does not name its pod."""
    pods = [p for p in found.pods if p.name]
    if len(pods) != 1 or found.events or any(p.containers or p.events for p in found.pods):
        return None
    return Note(f"lines {segment.first}-{segment.lines[-1].number} are the document of pod "
                f"{(pods[0].name or '')[:60]} cut before its spec and status: its containers, probes, "
                "restarts and their states are not in the record", Where(source, segment.first),
                uncertain=False)


def _cut_event(cut: Fragment) -> int | None:
    """The last Event of a list cut before its reason (an Event without one says nothing):
    taken out of what is read; the line it starts at."""
    data = cut.data
    items = data.get("items") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items or not isinstance(items[-1], dict):
        return None
    last = items[-1]
    if "reason" in last or not ("involvedObject" in last or "regarding" in last
                                or last.get("kind") == "Event"):
        return None
    items.pop()
    path = (("items",) if isinstance(data, dict) else ()) + (len(items),)
    return cut.lines.get(path, cut.read_to)


def _cut_notes(cut: Fragment, segment: Segment, source: str) -> list[Note]:
    """What a note says of JSON read to its cut: where it was cut, what was closed there,
    and each line not read."""
    span = f"lines {segment.first}-{segment.lines[-1].number}"
    notes = []
    if cut.inside:
        notes.append(Note(f"{span} are a piece of a JSON document, pasted from its middle: "
                          "read as the members of an object", Where(source, segment.first)))
    if cut.closed or cut.why or cut.unread:
        at = f"at line {cut.unread[0]}: {cut.why}" if cut.why and cut.unread else \
            "where the paste ends"
        notes.append(Note(f"{span} are JSON cut short ({at}): read as far as it is well "
                          "formed" + (f", {cut.closed} object(s) or list(s) left open there "
                                      "closed at the cut" if cut.closed else ""),
                          Where(source, segment.first)))
    lines = [x for x in segment.lines if x.number in set(cut.unread)]
    notes.extend(unread_notes(lines, source, "after the cut"))
    return notes


def _messages(found: list[tuple[RecordedEvent, Note]], source: str) -> RecordSet:
    """Messages alone are a piece of the pod they are about: they add to its events (they
    name no pod; `read.pod_groups` gives them to the one pod, as a describe piece)."""
    piece = PodRecord(None, found[0][0].where, events=[e for e, _ in found],
                      formats=["messages"])
    # (a run of the Dashboard's events shares one note: said once)
    return RecordSet(source, "messages", pods=[piece], notes=list(dict.fromkeys(
        n for _, n in found)))


def _ci_log(events: list[RecordedEvent], restarts: list[tuple[RestartLine, Where]],
            source: str) -> RecordSet:
    """A CI log's lines (`ci_log`): its events name their pods (`read.pod_groups` gives each
    to its pod); each pod whose restart count the log states is a pod of one container with
    the last count stated, running when the log saw it so and said no count after."""
    pods: dict[str, PodRecord] = {}
    for found, where in restarts:
        pod = pods.setdefault(found.pod, PodRecord(found.pod, where, formats=["ci-log"]))
        if found.container is not None:
            _ci_container(pod, found, where)
            continue
        if not pod.containers:
            pod.containers.append(ContainerRecord(None, where, count_alone=True))
        container = pod.containers[0]
        if found.running:
            pod.phase = "Running"
            container.state = "running"
            continue
        container.restart_count, container.restart_where = found.count, where
    notes = [Note("a CI log's event lines: each names its pod; the event's type is inferred "
                  "(Warning for a probe failure or a back-off, or the monitor's level W or E), "
                  "and a line that states no count happened at least once",
                  events[0].where, uncertain=False)] if events else []
    return RecordSet(source, "ci-log", pods=list(pods.values()), events=events, notes=notes)


def _ci_container(pod: PodRecord, found: RestartLine, where: Where) -> None:
    """A container's line of the e2e framework's pods on a node: Ready true is a running
    container's (R3.1: only a running container is Ready), its count closes the kills; Ready
    false says nothing of its state (`ContainerRecord.count_alone`). A later line of the same
    container (the dump logged again) replaces the earlier one's."""
    pod.containers = [c for c in pod.containers if c.name != found.container]
    pod.containers.append(ContainerRecord(
        found.container, where, init=found.init, ready=found.ready,
        state="running" if found.ready else None, restart_count=found.count,
        restart_where=where, count_alone=not found.ready))


def _status_piece(segment: Segment, source: str) -> RecordSet | None:
    """An indented piece (`  containerStatuses:` ...): read as the status of a pod, or as a
    container's probes; an item of `containerStatuses` pasted without its key, as that."""
    first = segment.lines[0]
    if dotted_state_key(first.text):
        return _dotted(segment, source)
    listed = _cut_list(segment, source) or _cut_last(segment, source)
    if listed is not None:
        return listed
    state = _STATE_PIECE.match(first.text)
    if state is not None:  # a container's state alone: an item of containerStatuses of it
        return read_kube(_state_item(segment, state), source)
    if _STATUS_ITEM.match(first.text):  # an item of containerStatuses, the key not pasted
        body = "\n" * max(first.number - 3, 0) + "status:\n  containerStatuses:\n" + "\n".join(
            "    " + x.text for x in segment.lines) + "\n"
        return read_kube(body, source)
    probe = first.text.strip().endswith("Probe:")
    # the container's name at the probe's own indentation: a key at column 0 above an
    # indented `livenessProbe:` would make that line the continuation of its value
    indent = first.text[:len(first.text) - len(first.text.lstrip())]
    own = probe and _own_name(segment, indent)  # the piece names its container: no `app`
    head = "" if own else f"{indent}name: app\n" if probe else "status:\n"
    body = "\n" * max(first.number - (1 if own else 2), 0) + head + "\n".join(
        x.text for x in segment.lines) + "\n"
    return _probes(body, source, first.number, named=own) if probe else \
        read_kube(body, source)


def _own_name(segment: Segment, indent: str) -> bool:
    """Whether a container's fields pasted from their middle (`livenessProbe:` first, then
    `name: kubevious`, `ports:` ...) hold the container's own `name:` at the probe's
    indentation, before any line less indented ends that mapping: the name `app` put above
    would be a second `name` key of the one mapping (kubevious-79). A `name:` deeper (a
    port's, an env var's) or in an item (`- name:`) is not the container's."""
    for line in segment.lines[1:]:
        text = line.text
        if text.strip() and not text.startswith(indent):
            return False  # less indented: the container's mapping ended above
        if text.startswith(indent + "name:"):
            return True
    return False


def _cut_list(segment: Segment, source: str) -> RecordSet | None:
    """A pod's containerStatuses cut above its first item (cut_item.py): each item read as a
    container's status, the first one's lines as its own; None for any other piece."""
    texts = [x.text for x in segment.lines]
    text = cut_status_list(texts)
    if text is None:
        return None
    added = text.count("\n") - len(texts)  # the lines put back above, YAML's numbers the paste's
    return _put_back(segment, source, text, segment.first - 1 - added,
                     "a pod's containerStatuses cut above its first item: the lines above the "
                     "first `- ` read as that item (a block cut above its `name:` as its "
                     "lastState's terminated state, kubectl's sorted keys)")


def _cut_last(segment: Segment, source: str) -> RecordSet | None:
    """A container's status cut above its lastState's `terminated:` block (cut_last_state.py),
    read as that item, said in a note; None for any other piece."""
    text = cut_last_state([x.text for x in segment.lines])
    if text is None:
        return None
    return _put_back(segment, source, text, segment.first - 4,
                     "a container's status cut above its `lastState:` line (kubectl sorts a "
                     "ContainerStatus's keys: a `terminated:` block above `name:` is the last "
                     "state): read as that item, its current state where the piece holds it")


def _put_back(segment: Segment, source: str, text: str, above: int,
              what: str) -> RecordSet | None:
    """A status piece put back whole (`text`, its lines numbered as the paste's after `above`
    blank lines), read as a pod's status, the note saying what was put back."""
    found = read_kube("\n" * max(above, 0) + text, source)
    if found is not None:
        found.notes.append(Note(f"lines {segment.first}-{segment.lines[-1].number} are {what}",
                                Where(source, segment.first)))
    return found


def _dotted(segment: Segment, source: str) -> RecordSet | None:
    """A container's status as key paths (`lastState.terminated.exitCode: 143`, then
    `restartCount: 2`: `flattened.undotted`), read as the containerStatuses item they make,
    said in a note; None (its lines not read) when a line is no such key."""
    text = undotted([x.text for x in segment.lines])
    if text is None:
        return None
    first, last = segment.first, segment.lines[-1].number
    found = read_kube("\n" * max(first - 3, 0) + text, source)
    if found is not None:
        found.notes.append(Note(
            f"lines {first}-{last} are a container's status written as key paths "
            "(lastState.terminated.exitCode): read as the containerStatuses item they name; "
            "the container's name is not in them", Where(source, first)))
    return found


# a code span inside a sentence: `Running a describe shows `Readiness probe failed: ...``
# (`normalise` took off a closing mark that ends the line, as a span over two lines': the
# last span may be open)
_SPAN = re.compile(r"`([^`\n]+)(?:`|$)")


# a probe's failure a sentence quotes without a code span: `Pods can enter restart loops,
# frequently logged as Readiness probe failed: Get "http://...": context deadline exceeded
# (Client.Timeout exceeded while awaiting headers). This ...`; read only when the colon is
# followed by the prober's own words (an HTTP GET's error, its status code, a dial, a gRPC
# error, the gRPC prober's failures: pkg/probe/grpc/grpc.go's `timeout: failed to connect
# service "..." within 1s`, `error: failed to connect service at ...`, `timeout: health rpc
# did not complete within ...`, `error: health rpc probe failed: ...`, `service unhealthy
# (responded with "NOT_SERVING")`, grpc_health_probe's exec output in the same words), so that
# a sentence about such messages is not taken for one. The message follows a word and a space,
# or a colon and a few spaces (`dragonfly-client issue  :   Liveness probe failed: ...`); a
# word and several spaces is a table's column, not a sentence
_PROSE_PROBE = lazy_regex(
    r"(?:(?<=[A-Za-z,:] )|(?<=[A-Za-z,:] \()|(?<=:)[ \t]{2,8}\(?)"
    r"(?P<message>(?:Liveness|Readiness|Startup) probe failed: "
    r"(?:Get \"?https?://|HTTP probe failed with statuscode: \d|dial tcp |rpc error: "
    r"|(?:timeout|error): failed to connect service |timeout: health rpc did not complete "
    r"|error: health rpc probe failed: |service unhealthy \(responded with ))")
# a shell comment (`# Liveness probe failed: ...`), and how many lines above it a command may
# be (comments and blank lines between)
_COMMENTED = re.compile(r"^[ \t]*#[ \t]?(?=\S)")
_COMMENT_REACH = 12
_NOT_PROSE = lazy_regex(r"[={}<>|]")  # a log line's fields (`pod=... ns=...`, `{kubelet}`)
_SENTENCE_END = lazy_regex(r"\.(?=\s+[A-Z]|\s*$)")


def _prose_message(text: str, where: Where) -> list[tuple[RecordedEvent, Note]]:
    """The probe failure a sentence quotes (`_PROSE_PROBE`), from its first word to the
    sentence's end, as an event's message alone (`bare`); the sentence's other words are not
    read, and a note says so. Given as the stated cause of a container's end told right before
    it (`container has crashed or terminated: Liveness probe failed: ...`: present_kill's
    `ended_for`, fc55r), one kill of that probe beside it (R4.4). Empty without one."""
    # (the kubelet's words looked for first: the pattern starts at a lookbehind, tried at
    # every place of a long line)
    m = _PROSE_PROBE.search(text) if " probe failed: " in text else None
    if m is None or _NOT_PROSE.search(text, 0, m.start("message")):
        return []
    end = _prose_end(text, m)
    found = bare_event(text[m.start("message"):end], where)
    if found is None:
        return []
    event, note = found
    read = [(event, Note(f"{note.text}; it was quoted in a sentence, read from its first word "
                         "to the sentence's end, the sentence's other words not read", note.where))]
    kind = text[m.start("message"):].split(None, 1)[0]
    if not ended_for(text, m.start("message"), kind):
        return read
    kill = bare_event(kill_lines(kind.lower())[1], where)
    return read + ([] if kill is None else [(kill[0], Note(
        f"line {where.line}: the container's end told right before the {kind.lower()} probe's "
        "failure (`" + text[max(0, m.start("message") - 60):m.start("message")].strip()[-60:]
        + "`): the failure its stated cause, read as one kill of that probe (R4.4), at least "
        "once, no count", where))])


def _prose_end(text: str, m: re.Match[str]) -> int:
    """Where a probe's failure a sentence quotes ends: at its closing parenthesis where the
    sentence opened one just before it (`... for all nodes (Startup probe failed: ...)`),
    else at the sentence's end."""
    if text[m.start("message") - 1] == "(":
        close = text.find(")", m.end())
        if close >= 0:
            return close
    end = _SENTENCE_END.search(text, m.end())
    return end.start() if end else len(text)


def _quoted_messages(text: str, where: Where) -> list[tuple[RecordedEvent, Note]]:
    """The kubelet's messages a sentence quotes in its code spans (`... shows `Readiness
    probe failed: dial tcp ...: connection refused``), each an event's message alone (`bare`);
    a sentence's other words are not read."""
    return [b for m in _SPAN.finditer(text) if (b := bare_event(m[1], where)) is not None]


def _state_item(segment: Segment, state: re.Match[str]) -> str:
    """The pod status a state pasted alone stands for, its lines where the paste has them:
    `terminated:` (or `waiting:`, `running:`) as the item's `state`, `lastState:` and
    `state:` as the item's own key. A state without the item names no container."""
    first, base = segment.lines[0], len(state["indent"])
    bare = state["key"] in ("terminated", "waiting", "running")
    head = "  - state:\n      " if bare else "  - "
    shift = "      " if bare else "    "
    body = "\n" * max(first.number - 3 - (1 if bare else 0), 0) + "status:\n  containerStatuses:\n"
    body += head + first.text.strip() + "\n"
    return body + "".join(shift + x.text[base:] + "\n" for x in segment.lines[1:])


_NAMES_APP = lazy_regex(r"^[ \t]*(?:-[ \t]+)?name:[ \t]*[\"']?app[\"']?[ \t]*$", re.MULTILINE)


def _probes(body: str, source: str, line: int, *, named: bool = True) -> RecordSet | None:
    """Probe YAML (a workload's manifest, or a container's probes): the containers' probe
    settings, for the pod of the record. A probe written as a chart's values (`enabled:`
    beside its fields, chart_values.py) is read as the probe the chart renders, said so."""
    lead = len(body) - len(body.lstrip("\n"))  # the lines above `line`
    body = body[lead:]
    rendered, switches = chart_probe_values(body)
    rest = chart_rest(body) if switches else None  # (values.yaml's other keys: not a Pod's)
    if rest is not None:
        left = _chart_rest_notes(rest, body, source, line)
        rendered, switches = chart_probe_values(rest.body)
    body = rendered
    docs: list[YamlDocument] | None = None
    try:
        docs = load_yaml_documents(body, source, SpecError)
        # a pod's spec pasted without its object is read as a Pod's (pod_spec_piece.py), a
        # container's item without its list as a Pod's one container (rejected_piece.py)
        pieces = pod_spec_pieces(docs)
        items = container_items(pieces.docs)
        found = containers_from_documents(items.docs)
        unprobed = [] if found else unprobed_containers(items.docs)  # (unprobed.py)
    except SpecError as exc:
        # YAML that loads but the API server would reject is weighed against the rest of the
        # record, in the API server's words (rejected_piece.py; `named`: the name is the piece's)
        raise piece_error(exc, body if named else "", loaded=docs is not None,
                          where=(source, line)) from None
    notes = [_chart_note(s, source, line) for s in switches] + [Note(
        f"line {n + line - 1}: a pod's spec without its object (no kind): read as a Pod's, for its "
        "containers' probe settings alone", Where(source, n + line - 1))
        for n in pieces.pieces] + item_notes(items, source, line) + (
        left if rest is not None else [])
    kind = _CHART if switches else "probe-spec"  # (a chart's values: `_chart_values`)
    if not found and not unprobed:
        return RecordSet(source, kind, notes=notes) if notes else None
    pod = _probed_pod(found, unprobed, body, Where(source, line), kind, named=named)
    return RecordSet(source, kind, pods=[pod], notes=notes)


def _probed_pod(found: list[ProbedContainer], unprobed: list[ProbedContainer], body: str,
                where: Where, kind: str, *, named: bool) -> PodRecord:
    """The pod of probe YAML (`_probes`): its containers with their probe settings, and a
    workload's containers with no probe listed whole."""
    pod = PodRecord(None, where, formats=[kind])
    for c in unprobed:  # a workload's template with no probe: its containers listed whole
        pod.containers.append(ContainerRecord(c.container.name, where, spec_listed=True))
    # probe YAML alone (`livenessProbe:` and its keys, no container around it): the name `app`
    # is the compact spec reader's, not the record's, unless the YAML gives it (`name: app`)
    named = named and not (len(found) == 1 and found[0].container.name == "app"
                           and _NAMES_APP.search(body) is None)
    for c in found:
        name = c.container.name if named else None  # a piece's `app` is kubesim's, not its
        pod.containers.append(ContainerRecord(name, where, spec=c.container, spec_where=where))
    return pod


def _chart_rest_notes(rest: ChartRest, body: str, source: str, line: int) -> list[Note]:
    """`not read` notes for the lines of a chart's values no probe reads (`chart_rest`), with
    why, each named and none dropped."""
    texts = body.split("\n")
    return [*unread_notes([PasteLine(line + j, texts[j], LineKind.CONTENT) for j in rest.other],
                          source, OTHER_VALUES),
            *unread_notes([PasteLine(line + j, texts[j], LineKind.CONTENT) for j in rest.inputs],
                          source, HANDLER_INPUT)]


_CHART = "chart-values"
# a command that renders a chart with values files: `helm install REL CHART -f values.yaml`
_HELM_VALUES = lazy_regex(r"^[^\n]{0,200}?\bhelm[ \t]+(?:install|upgrade|template)\b[^\n]*?"
                          r"[ \t](?:-f|--values)(?:[ \t=]|$)", re.MULTILINE)


def _chart_values(out: RecordSet, charts: list[RecordSet], text: str, source: str) -> None:
    """A chart's values (`chart_probe_values`) beside a pod's rows are the probe the chart
    renders for that pod only where the record ties them to it: a `helm install`, `helm
    upgrade` or `helm template` command passing values files. Otherwise the chart's
    templates, its defaults and the release the values went into are not in the record: the
    values are named in a note and bound nothing (README's counting rules;
    nextcloud-helm-333). Values pasted alone are read as the probe the chart renders (nothing
    else in the record for them to bound)."""
    if not charts:
        return
    alone = not (out.pods or out.events or out.series)
    tied = alone or _HELM_VALUES.search(text) is not None
    for found in charts:
        if tied:
            _add(out, found)
            continue
        at = found.notes[0].where
        out.notes.append(Note(
            f"line {at.line}: a Helm chart's values (`enabled:` beside a probe's fields) are "
            "not read as the pod's probes: a chart renders its probes through its templates "
            "(its defaults, and the release the values went into, are not in the record), and "
            "the record does not tie these values to the pod (no `helm install`, `helm "
            "upgrade` or `helm template` command passing values files): named here, they "
            "bound nothing", at))


def _chart_note(switch: ChartSwitch, source: str, line: int) -> Note:
    at = line + switch.offset
    said = "read as the probe the chart renders from the keys beside it" if switch.enabled \
        else "the chart renders no such probe: read as none"
    if switch.handler_added:
        said += " (its handler is the chart template's, not in the record: an exec placeholder)"
    return Note(f"line {at}: {switch.probe}.enabled: {str(switch.enabled).lower()} is a Helm "
                f"chart's values, not a field of a Probe: {said}", Where(source, at))


def cut_notes(cuts: list[PasteLine], source: str, found: RecordSet) -> list[Note]:
    """Each cut of the author's (`normalise`: `...`, `…`, `[...]`, `<SNIP>`, `... snip`),
    said once, with its mark (`cut_said`), where the rows beside it have not said it
    (`EventRows.cut`): the lines it stands for are not in the record. What it cuts is what is
    on either side of it: rows of an event table (the rows beside it not whole), describe's
    fields above an `Events:` header (the table under it whole from its first row; README's
    counting rules, the author's cut)."""
    notes = [n.text for n in [*found.notes, *(n for p in found.pods for n in p.notes)]]
    out = []
    for c in cuts:
        said = cut_said(c.number, c.mark)
        if not any(n.startswith(said) for n in notes):
            out.append(Note(f"{said}: the author left lines out there; what they held is not "
                            "in the record", Where(source, c.number)))
    return out


