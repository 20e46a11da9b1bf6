"""What the readers return: plain records of one pod, in the record's own terms.

No interpretation happens here: a time is kept as the record wrote it (an absolute time, or
an age before the record was taken, with the precision kubectl printed it at); an event keeps
its count and its first and last time; a container keeps its probe settings (validated as the
API server would) and its status. `kubesim.explain.engine` interprets them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from kubesim.spec.model import ContainerSpec

__all__ = ["LOGGED", "UNTOLD_STATE", "WITHOUT_PROBE_LINES", "Condition", "ContainerRecord",
           "CountBasis", "Note", "NoteKind", "PodRecord", "ProbeSeries", "RecordSet",
           "RecordedEvent", "Stamp", "StampKind", "Terminated", "Where", "is_logged", "last_row"]

# A pod's `formats` tag: its describe is older than kubectl 1.2, which printed no probe lines
# (kubernetes#21341), so the container blocks do not list the probes the containers have.
WITHOUT_PROBE_LINES = "describe-without-probe-lines"
# describe's key for a state put back above its fields where the record shows them without
# their `State:` or `Last State:` line (runs.py): which of the two they were is not in it
UNTOLD_STATE = "State or Last State"
# the component of an event read from the kubelet's own log (klog.py), not from the API's
# events: here, beside the event's model, so that the passes reading events (read.py, the
# timebase, the diagnosis) ask it without importing the log's reader
LOGGED = "kubelet (its log)"


class StampKind(str, Enum):
    """How a record states a time."""

    ABSOLUTE = "absolute"  # a timestamp (RFC 3339 in documents, RFC 1123 in describe)
    AGE = "age"  # how long before the record was taken (kubectl's AGE columns)
    UNKNOWN = "unknown"  # not given, `<unknown>`, or cut off


@dataclass(frozen=True, slots=True)
class Stamp:
    """A time as the record states it.

    ABSOLUTE: `at` is seconds since the Unix epoch (UTC). AGE: the true age lies in
    `[age_lo, age_hi)` seconds before the record's moment, because kubectl truncates ages to
    the unit it prints (`3m` is 180 s to 240 s; `3m20s` 200 s to 201 s)."""

    kind: StampKind = StampKind.UNKNOWN
    at: float | None = None
    age_lo: float | None = None
    age_hi: float | None = None
    text: str = ""

    @property
    def known(self) -> bool:
        return self.kind is not StampKind.UNKNOWN


UNKNOWN_STAMP = Stamp()


@dataclass(frozen=True, slots=True)
class Where:
    """Where in the input something was read: file, 1-based line, field path."""

    source: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        text = self.source
        if self.line is not None:
            text += f":{self.line}"
        if self.field:
            text += f" ({self.field})"
        return text


class NoteKind(str, Enum):
    """What a reader's note is about."""

    READING = "reading"  # how something was read: a row cut short, a field guessed
    NOT_READ = "not-read"  # lines of the input no reader could read (listed, never dropped)
    APP_END = "app-end"  # a line a runtime prints only as the app's process ends (app_end.py)
    # an end of a container the record names by no name, beside containers it names: the
    # pod's (README's rule of nameless ends; klog.py's PLEG ends no line ties to a name)
    POD_END = "pod-end"
    # an end its author states of a name that is no pod or container the record shows: not
    # read as an end, the answer's why (stated_apart.py)
    STATED_APART = "stated-apart"


class CountBasis(str, Enum):
    """Where an event's count comes from."""

    STATED = "stated"  # the record gives it: a COUNT column, `(xN over M)`, `count:`
    AT_LEAST = "at-least"  # the layout prints no count (`kubectl get events`): at least once


@dataclass(frozen=True, slots=True)
class Note:
    """Something a reader noticed about its input that the explanation should mention: a row
    cut short, lines it could not place (`NoteKind.NOT_READ`, text `not read: line N`), a
    field it had to guess. `pod`: the pod whose piece the note is about (a describe's
    container block, its cut, its section's probe lines), listed by that pod's explanation
    alone; `piece`: where that container's block begins, the pod holding it once the
    record's pieces are merged being the one (a describe naming no pod is a pod's piece too);
    neither: the record's as a whole (lines not read, the record's own cut), listed by every
    pod's (`read.pod_groups`)."""

    text: str
    where: Where
    uncertain: bool = True
    kind: NoteKind = NoteKind.READING
    pod: str | None = None
    piece: Where | None = None


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """One event row or object: `count` occurrences from `first` to `last`.

    `container` comes from the event's fieldPath (`spec.containers{app}`) when the record has
    it; `combined` says the `(combined from similar events): ` prefix was stripped from the
    message (the event aggregator merged several messages into it); `truncated` says the row
    or message is cut short in the record; `cut_before` that rows before this one are not in
    the record (the paste starts inside a row before it, or its author cut the rows above it:
    `...`, `<SNIP>`); `cut_after` that the author cut the rows after it."""

    type: str
    reason: str
    message: str
    count: int
    first: Stamp
    last: Stamp
    where: Where
    component: str = ""
    object_kind: str = ""
    object_name: str = ""
    container: str | None = None
    series: bool = False
    combined: bool = False
    truncated: bool = False
    count_basis: CountBasis = CountBasis.STATED
    init: bool = False  # the fieldPath names an init container (`spec.initContainers{x}`)
    cut_before: bool = False
    cut_after: bool = False
    # the namespace of the pod the event is about, where the record gives it (the kubelet's
    # log: `pod="NS/NAME"`): two pods of one name in two namespaces are two pods
    object_namespace: str | None = None
    # the row ends inside its OBJECT cell (`kubectl get events`' `pod/we`): `object_name` may
    # be the pod's name cut short, which names no pod by itself (read.pod_groups)
    object_cut: bool = False
    # the row's NAME cell held the event's own name (`test.156069c40d136031`, kubectl 1.8 to
    # 1.13): `object_name` is its object's, read from it
    event_name: str | None = None
    # the UID of the pod the event is about, where the record gives it (an Event object's
    # involvedObject.uid): an event of the pod's name and another UID is another pod's
    object_uid: str | None = None
    # the row was read with no column header above it in its table (describe's `Type  Reason
    # Age  From  Message`, `get events`' `LAST SEEN  TYPE ...`): kubectl prints that header
    # above the rows of every table it prints (describe.go DescribeEvents, printers), so rows
    # without it are a piece of the table the paster chose, not the table as printed: rows of
    # it may be left out (README's counting rules: the quiet hour needs the header)
    no_header: bool = False
    # the line of the column header the row was read under, where the header and every line
    # from it to the row's are the table's (its header, rows and their wrapped messages, no
    # line between): rows of one printed table, in which kubectl prints each Event object
    # once (describe.go DescribeEvents, get's printer); None for a row read apart from one
    table: int | None = None
    # the event is no line of the record: a reader made it from its author's prose (a kill or
    # failure stated in a sentence, runs.py), on the line `where` names; the outputs say so
    # instead of showing the made line as the kubelet's (`kubesim.explain.model.provenance`)
    stated: bool = False

    @property
    def count_stated(self) -> bool:
        """Whether the record states `count` (else it is a lower bound: at least once)."""
        return self.count_basis is CountBasis.STATED


def is_logged(event: RecordedEvent) -> bool:
    """Whether `event` was read from the kubelet's own log (not from the API's events)."""
    return event.component == LOGGED


def last_row(events: Sequence[RecordedEvent]) -> RecordedEvent | None:
    """The row of `events` the record shows last (None for none): of the rows on its last
    line, the last read. Rows a page ran into one line are put back on lines that keep that
    line's number (runs.py: events_run.py, events_run_old.py), read in the line's order, so
    the row the record ends in is the last of them, not the first that line's number finds."""
    return max(reversed(events), key=lambda e: e.where.line or 0, default=None)


@dataclass(frozen=True, slots=True)
class Terminated:
    """A terminated container state (`state.terminated` / `lastState.terminated`)."""

    reason: str | None
    exit_code: int | None
    started: Stamp
    finished: Stamp
    signal: int | None = None
    message: str | None = None
    where: Where | None = None
    # the record shows the state's fields without their `State:` or `Last State:` line: an
    # ended instance, read where the current state is, whose kind the record does not show
    untold: bool = False


@dataclass(slots=True)
class ContainerRecord:
    """One container of the pod: its probe settings (`spec`, None when the record shows no
    probe) and its status, as far as the record gives them."""

    name: str | None
    where: Where
    init: bool = False
    sidecar: bool = False
    spec: ContainerSpec | None = None
    spec_where: Where | None = None
    state: str | None = None  # running | waiting | terminated
    state_reason: str | None = None
    state_message: str | None = None
    running_since: Stamp = UNKNOWN_STAMP
    terminated: Terminated | None = None
    last: Terminated | None = None
    last_empty: bool = False  # the record shows lastState as an empty object
    ready: bool | None = None
    started: bool | None = None
    restart_count: int | None = None
    restart_where: Where | None = None
    # the count is a `kubectl get pods` row's: a moment of its own, maybe later than the
    # events beside it (a describe taken before), so their failures do not bound its restarts
    restart_apart: bool = False
    # the record ends inside the container's describe block, before its Restart Count line
    # (kubectl prints one for every container): its restarts are cut away, not zero
    restarts_cut: bool = False
    # a log's line states that the container restarted and not how often (Tilt's `Detected
    # container restart`, tilt_log.py): its ends are at least one, no count bounds them
    restart_uncounted: Where | None = None
    # where the restart count of such a cut block came from instead: a `get pods` row of the
    # same pod and its one container (kubectl's RESTARTS sums the containers' counts)
    count_joined: Where | None = None
    # the record states the container's restart count and not its state (a test log's `found
    # restarts: 0`, `ready: false, restart count 2`): running, or ended since its last start
    count_alone: bool = False
    # a later row of the pod (a watch's last, cut inside its NAME cell: watch_cut.py) whose
    # RESTARTS is cut away: the count is of an earlier moment, the ends since not in the record
    count_later_cut: Where | None = None
    # the last restart's age a `get pods` row prints beside RESTARTS (`4 (48s ago)`, 1.22 on),
    # on that row's moment
    restart_ago: Stamp | None = None
    # the pod's AGE in that `get pods` row, on the row's moment: an event of the pod older than
    # it was taken at another moment (README's counting rules, a count of another moment)
    pod_age: Stamp | None = None
    # the record ends inside one of the container's probe lines (`Liveness:` and nothing
    # after it): the container has that probe, and the record does not give its settings
    probe_cut: bool = False
    # the record's block of the container stops before the probe lines describe prints for it
    # (describe's block run into one line up to its Restart Count: container_run.py): the
    # probes it has are not in the record, none of them shown or ruled out
    probes_untold: bool = False
    ports: tuple[tuple[str | None, int], ...] = ()  # (name, containerPort)
    # the container's command and args as the pod's spec gives them (None: not given), read
    # by kubesim.explain.command for what they do to a file an exec probe tests
    command: tuple[str, ...] | None = None
    args: tuple[str, ...] | None = None
    # how many of the pod's containers this record stands for: a `kubectl get pods` row of a
    # pod of several (READY x/N) names none and states their restarts as one sum (RESTARTS),
    # so it is one record of N containers the record does not tell apart; 1: one container's
    containers: int = 1
    ready_containers: int | None = None  # of those, how many READY says are ready
    # a container's fields the record shows without its name, beside the containers another
    # part of it names (a grep'd `Last State` beside `top --containers` rows): the pod's, some
    # container of it, which of these the record does not tell (README's counting rules)
    one_of: tuple[str, ...] = ()
    # a `get pods` row of the pod's several containers, beside this one a record names
    # without its count: the row's RESTARTS sums every container's restartCount (kubectl's
    # printPod), so this one's count is at most it (R4.7, README's get-pods rule); where
    # the row is
    row_sum: int | None = None
    row_sum_where: Where | None = None
    row_sum_ended: bool = False  # the row's STATUS shows a container ended (back-off, Error)
    # the record holds the container's spec, a pod document's `spec.containers` item (a pod's
    # YAML or JSON, a Pod manifest): it lists every probe the container has, none when it
    # lists none (README's back-off rule: the pod's spec lists the container's probes whole)
    spec_listed: bool = False
    # a plain init container the record shows is no sidecar (plain_init.py, R5.9): why, as
    # the answer says it (its pod's timestamps before sidecars, or its spec shown without
    # restartPolicy Always); it takes no probe, so its end is no probe's kill
    plain_init: str | None = None
    # the record shows the container's Last State without its State and Restart Count, which
    # describe prints beside it for every container (last_alone.py): a piece of that block,
    # its one end at least one, bounding nothing
    last_piece: bool = False


@dataclass(frozen=True, slots=True)
class Condition:
    """A pod condition: Ready, ContainersReady, PodScheduled, Initialized, ..."""

    type: str
    status: str
    last_transition: Stamp
    where: Where
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class ProbeSeries:
    """One `prober_probe_total` series from a Prometheus range query: the counter's samples
    `(unix time, value)` for one pod, container, probe type and result."""

    pod: str | None
    container: str | None
    probe_type: str  # Liveness | Readiness | Startup
    result: str  # successful | failed | unknown
    samples: tuple[tuple[float, float], ...]
    where: Where


@dataclass(slots=True)
class PodRecord:
    """Everything the inputs say about one pod."""

    name: str | None
    where: Where
    namespace: str | None = None
    uid: str | None = None
    owner: tuple[str, str] | None = None  # (kind, name) of the controller
    ip: str | None = None  # the pod's IP (describe's `IP:`): a probe's host by default (R2.5)
    phase: str | None = None
    start_time: Stamp = UNKNOWN_STAMP
    restart_policy: str | None = None
    grace_seconds: int | None = None
    containers: list[ContainerRecord] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    events: list[RecordedEvent] = field(default_factory=list)
    series: list[ProbeSeries] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)  # which readers contributed
    notes: list[Note] = field(default_factory=list)
    # a pod the record does not name, but shows is not the pod of this name: a describe
    # block that ends where that pod's (`Name:`) begins; never merged into that pod
    apart_from: str | None = None
    # the pod's status's `reason` and `message` (core/v1 PodStatus: `Evicted` and why, where
    # the kubelet evicted it), where the record gives them
    status_reason: str | None = None
    status_message: str | None = None
    # the label of its Job the pod's metadata holds (`job-name=NAME`, `controller-uid=UID`,
    # their `batch.kubernetes.io/` forms: the Job controller labels every pod it creates so),
    # where the record gives one: a Job's pod (kubesim.explain.work_done)
    job_label: str | None = None
    # the containers kubectl's `Defaulted container "X" out of: ...` line lists (defaulted.py),
    # an init container's name with its ` (init)` mark: the record names each of them
    listed: list[str] = field(default_factory=list)
    # a `get pods` row of the pod's several containers that kubectl's list of them named
    # (choose_container.name_row): kept, so that an end it shows which no named container
    # shows as its own is given back to the pod (row_end.py)
    row_named: ContainerRecord | None = None
    # an earlier `get pods` row of the pod (a watch, the table taken again), of the pod its last
    # row is, showing it Running with READY below its total: a running container not Ready
    # (R3.4), the readiness failures of events naming no pod may be its (stop 58, fc58c)
    unready_row: Where | None = None


@dataclass(slots=True)
class RecordSet:
    """What one input file holds: pods, events not (yet) tied to a pod, probe counters."""

    source: str
    format: str
    pods: list[PodRecord] = field(default_factory=list)
    events: list[RecordedEvent] = field(default_factory=list)
    series: list[ProbeSeries] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    # the record's text made plain, line for line, where a text reader read it: its prose
    # searched for a workload's pods where `--pod` names no pod (readers/workload_of.py)
    plain: str = ""
