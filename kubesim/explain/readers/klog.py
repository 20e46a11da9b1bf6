"""The kubelet's own log (`journalctl -u kubelet`, /var/log/kubelet.log, `minikube logs`): klog
lines, with or without the journal's `Mon DD HH:MM:SS HOST kubelet[PID]: ` in front, read into
the events the kubelet recorded at the same moments (its lines and its events come from the
same calls):

- the prober (pkg/kubelet/prober/prober.go): `"Probe failed" probeType="Liveness" pod="NS/NAME"
  containerName="app" probeResult="failure" output="..."` (1.20 on, klog's structured form;
  a value over lines is `output=<`, its lines tab-indented, closed by ` >`), `"Probe errored"
  err="..."`; before 1.20 `Liveness probe for "NAME_NS(UID):app" failed (failure): OUTPUT`,
  `... errored: ERR`, `... succeeded`: each an `Unhealthy` event, `Liveness probe failed:
  OUTPUT`;
- the sync loop (pkg/kubelet/kubelet.go): `"SyncLoop (probe)" probe="liveness"
  status="unhealthy" pod="NS/NAME"` (1.20 on), `SyncLoop (container unhealthy): "NAME_NS(UID)"`
  (1.5-1.19, the liveness manager's failure): a failure of that probe, at least once, used
  only when the prober's own lines for the pod are not in the record;
- the kill (pkg/kubelet/kuberuntime/kuberuntime_manager.go, kuberuntime_container.go,
  dockertools/docker_manager.go of 1.1-1.5): `"Message for Container of pod"
  containerName="app" containerMessage="Container app failed liveness probe, will be
  restarted"` (1.20 on), `Container "app" ({"docker" "ID"}) of pod NAME_NS(UID): MESSAGE`
  (1.9-1.19) and `Container {Name:app ...} is unhealthy, it will be killed and re-created.`
  (1.6-1.8: liveness was the only probe that killed) state the kill's cause;
  `"Killing container with a grace period" ... containerName="app"`, `Killing container
  "docker://ID" with 30 second grace period`, `Killing container "ID app NS/NAME" with 30
  second grace period` (1.1-1.5) do not: a `Killing` event whose cause is not stated, unless a
  line of the kill's cause for that container comes right before it; a grace period
  *override* is the pod's termination (deleted or evicted: the kubelet's `Stopping container`),
  and so is a kill the podKiller failed (kubelet.go, 1.2-1.19: `Failed killing the pod "NAME":
  failed to "KillContainer" for "app" ...`; it kills only pods the kubelet no longer wants);
- the container changes (kuberuntime_manager.go, 1.6-1.20): `Container {Name:app ...} is dead,
  but RestartPolicy says that we should restart it.`: an end whose cause the line does not
  give (printed for a container never started too, said), the log a window (no count bounds
  the ends); the spec it prints with %+v gives the container's probes' settings (go_probe.py),
  never a result; a paste may break it over lines (joined: `_Dump`) and cut klog's header to
  its file (`kuberuntime_manager.go:458] `, read only in the wordings read here); 1.21 on,
  `"Container of pod is not in the desired state and shall be started"` names the container
  and no end (its words tell none);
- the pod workers (pkg/kubelet/pod_workers.go): `"Error syncing pod, skipping" err="failed to
  \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: ..."` and the older `Error syncing
  pod UID ("NAME_NS(UID)"), skipping: failed to "StartContainer" for "app" with
  CrashLoopBackOff: ...`: a `BackOff` event per line (the kubelet records one per refused
  start, doBackOff), a line cut inside the refusal's message read up to its cut;
- the pod lifecycle event generator (pkg/kubelet/pleg/generic.go, kubelet.go; read in
  pleg.py): `"Generic (PLEG): container finished" ... exitCode=N` and the `SyncLoop (PLEG)`
  ContainerDied of an ID: an end of a container known by its runtime ID, named where a line
  ties the ID to a name (`containerName` beside `containerID`);
- the events the kubelet logs as it records them: `"Event occurred" object="NS/NAME"
  fieldPath="spec.containers{app}" type="Warning" reason="Unhealthy" message="..."` (1.20 on)
  and `Event(v1.ObjectReference{Kind:"Pod", Namespace:"NS", Name:"NAME", ...
  FieldPath:"spec.containers{app}"}): type: 'Warning' reason: 'Unhealthy' MESSAGE` (before).

A structured line that ends inside a quoted value was cut there (klog closes every quoted
value): it is read up to its cut, and said so. A klog time has no year and the journal's
neither: no date is made of it; each line's time is read as seconds before the log's last line (`placed`: ages, to klog's microsecond, axis 0
that line, `Timebase.log`), the lines' order telling a New Year. The kubelet's other lines (volumes, QoS,
status) are lines not read, listed as any reader's; the journal's lines of other programs
(systemd, containerd, a CNI plugin's own tag) are plainly unrelated and counted in one note.
Every pattern here is linear: no nested repetition, alternatives told apart by their first
characters, a line's length bounded before any search (MAX_LINE).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from kubesim.errors import SpecError
from kubesim.explain.readers.event_layouts import start_back_off
from kubesim.explain.readers.event_rows import container_of_field_path, init_field_path
from kubesim.explain.readers.exec_probe_log import (
    EXEC_SYNC,
    exec_response,
    exec_sync_exit,
    probe_set,
)
from kubesim.explain.readers.go_probe import go_probes
from kubesim.explain.readers.journal_cut import journal_cut
from kubesim.explain.readers.kill_failed import failed_kill
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    LOGGED,
    UNKNOWN_STAMP,
    ContainerRecord,
    CountBasis,
    Note,
    NoteKind,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Stamp,
    StampKind,
    Terminated,
    Where,
)
from kubesim.explain.readers.names import LABEL, SUBDOMAIN
from kubesim.explain.readers.normalise import PasteLine
from kubesim.explain.readers.pleg import (
    FINISHED,
    PLEG_EVENT,
    End,
    Ends,
    finished,
    nameless,
    old_pleg_event,
    old_pleg_pod,
    pleg_event,
    state,
)
from kubesim.explain.readers.prefixes import JOURNAL, TAG
from kubesim.explain.readers.times import into_a_year
from kubesim.spec.model import ContainerSpec, parse_container

__all__ = ["MAX_LINE", "KlogLines", "klog_header", "kobj_pod"]

MAX_LINE = 100_000  # characters of one log line read; a longer line is read up to there

# the journal's prefix (prefixes.JOURNAL): `Jul 17 20:31:39 HOST kubelet[PID]: `, the PID left
# out by some syslogs (`HOST kubelet: `); journalctl's `short`, `short-precise`, `short-iso`
_JOURNAL = re.compile(rf"^{JOURNAL}")
# a search tool's label before a line it found (Notepad++'s Find in Files: `Line 918: Jun 01
# 00:31:49 HOST kubelet[3484]: I0601 ...`, istio-community-749; stop 58, fc58e): the label is
# the tool's, the journal's line after it the log's own (known by its prefix right after the
# label); prose's `Line 3: the pod ...` is no journal's line
_SEARCH_LABEL = re.compile(rf"^[ \t]*Line \d{{1,9}}: (?={JOURNAL})")
# the same with the time and host taken off by the paste's cleaning (normalise.py strips a
# syslog time in front of a line): `kubelet[PID]: ` alone
_TAG = re.compile(rf"^{TAG} ")
# the programs whose journal lines are the kubelet's: the kubelet itself and the binaries that
# embed it (minikube's localkube, k3s, microk8s' kubelite, OpenShift 3's node process, whose
# unit is origin-node in OKD and atomic-openshift-node in OCP: `openshift start node` runs the
# kubelet in its process); OpenShift 3's master units (origin-master-api, ...) are no kubelet's
_KUBELET_TAGS = lazy_regex(r"(?:kubelet|localkube|hyperkube|kubelite|k3s(?:-agent|-server)?|"
                           r"k0s(?:worker)?|microk8s\.daemon-kubel(?:et|ite)|"
                           r"(?:origin|atomic-openshift)-node)\Z")
# klog's header (k8s.io/klog: `Lmmdd hh:mm:ss.uuuuuu threadid file:line] msg`)
_KLOG = re.compile(r"^(?P<level>[IWEF])(?P<date>\d{4}) (?P<time>\d{2}:\d{2}:\d{2}\.\d{1,9}) +"
                   r"\d{1,10} (?P<file>[\w.-]{1,80}\.go):\d{1,6}\] ")
# klog's structured pairs after the quoted message: `key="value"`, `key=value`, `key=<`
_MESSAGE = lazy_regex(r'^"((?:[^"\\]|\\.){0,2000})"')
# (a quoted value the line ends inside, its closing quote cut away, is read up to the cut)
_PAIR = lazy_regex(r'(?:^| )(\w{1,40})=(?:"((?:[^"\\]|\\.)*)("?)|(<)$|([^ "]\S*))')
_ESCAPE = lazy_regex(r"\\(.)")
# `format.Pod`: NAME_NAMESPACE(UID)
_FORMAT_POD = lazy_regex(rf"({SUBDOMAIN})_({LABEL})\([0-9a-fx-]{{0,40}}\)")
_POD_TAIL = lazy_regex(rf"_{LABEL}\([0-9a-fx-]{{0,40}}\)")
_NAME_END = lazy_regex(rf"{SUBDOMAIN}\Z")
_NAMESPACE = lazy_regex(LABEL)
_PROBE_FOR = re.compile(r'^(Liveness|Readiness|Startup|liveness|readiness|startup) probe for "'
                        r'([^"]{1,400})" (?:failed \(\w{1,20}\): ?|(errored): ?|(succeeded))')
_OLD_ADD = lazy_regex(r'^SyncLoop \(ADD, "\w{1,20}"\): "([^",]{1,400})"$')
_SYNC_UNHEALTHY = lazy_regex(r'^SyncLoop \(container unhealthy\): "([^"]{1,400})"')
_CONTAINER_DUMP = lazy_regex(rf"^Container \{{Name:({LABEL}) ")
_DUMP_VERDICT = lazy_regex(r"\} (is unhealthy, it will be killed and re-created|is dead, but "
                           r"RestartPolicy says that we should restart it|definition changed, "
                           r"will be restarted)\.?$")
_OF_POD = lazy_regex(rf'^Container "({LABEL})" \((?:' r'\{[^}]{0,300}\}|"'
                     r'[^"]{0,300}")\) of pod ([^: ]{1,400}): (.{1,2000})$')
_OLD_KILL = lazy_regex(r'^Killing container "([^"]{1,400})" with \d{1,10} second grace period')
_OLD_OVERRIDE = lazy_regex(r"^Killing container .{1,400}, but using \d{1,10} second grace period "
                           r"override")
_OLD_EVENT = lazy_regex(r"^Event\(v1\.ObjectReference\{(?P<ref>[^}]{0,2000})\}\): type: '(?P<type>"
                        r"\w{1,20})' reason: '(?P<reason>\w{1,80})' (?P<message>.*)$")
_ONE_POD = lazy_regex(r'\["([^"\\,]{1,400})"\]')
# computePodActions (kuberuntime_manager.go, 1.21 on) logs this, at V(3), for a container that
# is not running and shall be started: one never started (its status nil: every container of
# a new pod) as much as one that ended; its words tell no end, so it names the container, no
# more (1.6-1.20 logged the same branch as `Container %+v is dead, but RestartPolicy says
# that we should restart it.`: `_dump`)
_TO_START = "Container of pod is not in the desired state and shall be started"
# klog's header cut to its file and line (`kuberuntime_manager.go:458] Container {...`): a
# line of the kubelet's only where its message is one of the kubelet's wordings read here
_CUT_HEADER = lazy_regex(r"^(?P<file>[a-z][a-z0-9_]{0,60}\.go):\d{1,6}\] ")
_DUMP_LINES = 400  # the most lines a container's %+v an author broke over lines is read from
# the structured line's pod pair (klog.KObj, kubelet 1.20 on): ` pod="NS/NAME"`, found from its
# key (a literal), its value bounded and without quotes or spaces
_KOBJ_POD = lazy_regex(r'(?:^|\s)pod="([^"\s]{1,400})"')
_REF_FIELD = lazy_regex(r'(\w{1,20}):"([^"]{0,400})"')
_NO_CAUSE = "Killing container with a grace period"  # a kill whose line states no cause
# kubelet.go's podKiller (1.2-1.19), which kills the pods the kubelet no longer wants (deleted,
# or terminated: HandlePodCleanups), never a probe's kill (that is SyncPod's): `Failed killing
# the pod "NAME": failed to "KillContainer" for "app" with KillContainerError: ...`
_POD_KILLER = lazy_regex(r'^Failed killing the pod "([^"]{1,400})": failed to "KillContainer" '
                         rf'for "({LABEL})"')
_PROBE_NAMES = {"liveness": "Liveness", "readiness": "Readiness", "startup": "Startup"}
# SyncLoop (probe) statuses that are failures (kubelet.go: liveness `unhealthy`, readiness ``
# (not ready), startup `unhealthy`); `ready` and `started` are successes
_SYNC_FAILED = {("liveness", "unhealthy"), ("readiness", ""), ("startup", "unhealthy")}


@dataclass(frozen=True, slots=True)
class Header:
    """A klog line's parts: its level, its time as printed, the source file, the message."""

    level: str
    time: str
    file: str
    message: str


def klog_header(text: str) -> tuple[bool, Header | None]:
    """(whether the line is a journal line of another program, the klog line it holds)."""
    text = text[:MAX_LINE]
    label = _SEARCH_LABEL.match(text)
    text = text if label is None else text[label.end():]
    journal = _JOURNAL.match(text)
    if journal is not None:
        if not _KUBELET_TAGS.match(journal["tag"]):
            return True, None
        text = text[journal.end():]
    elif (tag := _TAG.match(text)) is not None:
        if not _KUBELET_TAGS.match(tag["tag"]):  # `containerd[110]: `: another program's
            return tag["pid"] is not None, None  # (a bare `Note: ` is no journal line)
        text = text[tag.end():]
    m = _KLOG.match(text)
    if m is None:
        return False, None
    return False, Header(m["level"], f"{m['date'][:2]}-{m['date'][2:]} {m['time']}",
                         m["file"], _straight_quoted(text[m.end():]))


_TYPOGRAPHIC = str.maketrans({"\u201c": '"', "\u201d": '"'})


def _straight_quoted(message: str) -> str:
    """A structured message whose double quotes a page turned typographic (`“Probe failed”
    probeType=“Readiness”`, istio-community-749; stop 58, fc58e) with klog's own quotes: the
    line opens with the quoted message, which no klog line writes in curly quotes."""
    return message.translate(_TYPOGRAPHIC) if message.startswith("\u201c") else message


# a klog line's time as `klog_header` keeps it: `MM-DD HH:MM:SS.micro` (no year)
_CLOCK_TEXT = lazy_regex(r"^(?P<mo>\d{2})-(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
                         r"(?:\.(?P<f>\d{1,9}))?$")
_YEAR = 366 * 86400.0  # the leap year `into_a_year` counts in


def _clock(text: str) -> tuple[float, float] | None:
    """Seconds into a year of a klog time, and its precision (None: no such time)."""
    m = _CLOCK_TEXT.match(text)
    t = None if m is None else into_a_year(int(m["mo"]), int(m["d"]), int(m["h"]),
                                            int(m["mi"]), int(m["s"]))
    if m is None or t is None:
        return None
    frac = m["f"] or ""
    return t + (float("0." + frac) if frac else 0.0), 10.0 ** -len(frac) if frac else 1.0


def placed(events: list[RecordedEvent], ends: list[End]) -> tuple[list[RecordedEvent],
                                                                   dict[str, Stamp]]:
    """The events' klog times, and the PLEG's ends' (by runtime ID), as ages before the log's
    last line: klog prints no year (nor does the journal), so no date is made of them; the
    lines' order tells a new year (a time that goes back more than half a year is the next
    year's)."""
    ages = _ages([(e.where.line or 0, e.last.text) for e in events]
                 + [(x.where.line or 0, x.time) for x in ends])
    out = list(events)
    for i, age in ages.items():
        if i < len(events):
            out[i] = replace(events[i], first=age, last=age)
    return out, {x.container_id: ages.get(len(events) + i, UNKNOWN_STAMP)
                 for i, x in enumerate(ends)}


def _ages(lines: list[tuple[int, str]]) -> dict[int, Stamp]:
    """The ages of the lines' klog times (line number, time text), by their index."""
    times: dict[int, tuple[float, float]] = {}
    year, previous = 0.0, None
    for i in sorted(range(len(lines)), key=lambda i: lines[i][0]):
        clock = _clock(lines[i][1])
        if clock is None:
            continue
        if previous is not None and clock[0] + year < previous - _YEAR / 2:
            year += _YEAR
        times[i] = (clock[0] + year, clock[1])
        previous = times[i][0]
    newest = max((t for t, _ in times.values()), default=0.0)
    return {i: Stamp(StampKind.AGE, age_lo=newest - t, age_hi=newest - t + precision,
                     text=lines[i][1]) for i, (t, precision) in times.items()}


# a page's placeholder for a kubelet log line (duoke360-30017): `kubelet[PID]: Probe failed
# for pod...: ...`, the kubelet's tag (its PID a placeholder or not) and no klog header after
# it, the prober's words without the probe's type, which every form of the prober's line names
_PLACEHOLDER_TAG = re.compile(r"^(?P<tag>[\w.@-]{1,64})(?:\[[^\]\s]{1,16}\])?: ")
_UNNAMED_FAILURE = lazy_regex(r"^[Pp]robe failed\b")


def _placeholder(text: str) -> str | None:
    """The message of a kubelet-tagged line that is no klog line but says a probe failed
    without naming the probe (None for any other line): read as no more than that."""
    text = text[:MAX_LINE]
    tag = _JOURNAL.match(text) or _PLACEHOLDER_TAG.match(text)
    if tag is None or not _KUBELET_TAGS.match(tag["tag"]):
        return None
    message = text[tag.end():].strip()
    return message if _UNNAMED_FAILURE.match(message) else None


def _headless(text: str) -> Header | None:
    """The prober's message of before 1.20 pasted without klog's header (`Liveness probe for
    "NAME_NS(UID):app" failed (failure): ...`): its wording is the prober's alone."""
    text = text[:MAX_LINE]
    return Header("", "", "prober.go", text) if _PROBE_FOR.match(text) else None


# a structured line (1.20 on) whose klog header an author cut to its time (`15:55:08.875586
# "Killing container with a grace period"`, grpc-32875): the time alone, then the message in
# its quotes
_TIMED = lazy_regex(r'^(?P<time>\d{2}:\d{2}:\d{2}\.\d{1,9}) {1,8}(?=")')


def _timed(text: str) -> Header | None:
    """A structured line pasted with only the time of its klog header: the kubelet's quoted
    message and nothing after it but its key=value pairs (a sentence that quotes the same
    words goes on with words of its own: no kubelet line); None for any other line."""
    text = text[:MAX_LINE].rstrip()
    m = _TIMED.match(text)
    if m is None:
        return None
    message = text[m.end():]
    quoted = _MESSAGE.match(message)
    if quoted is None:
        return None
    end = quoted.end()
    for pair in _PAIR.finditer(message, end):
        if pair.start() != end:
            return None
        end = pair.end()
    return Header("", m["time"], "", message) if end == len(message) else None


@dataclass(slots=True)
class _Said:
    """What one klog line says: an event, the pod and container it names, a kill's cause."""

    event: RecordedEvent | None = None
    pod: str | None = None
    container: str | None = None
    spec_without_probes: bool = False  # the line prints the container's spec: no probes
    sync: bool = False  # a failure the sync loop was told of (not the prober's own line)
    added: bool = False  # the kubelet's `SyncLoop ADD` of the pod: its log from the pod's start
    torn_down: bool = False  # the podKiller's kill of the container: the pod's teardown
    end: End | None = None  # an end the PLEG's lines tell (pleg.py)
    tie: tuple[str, str] | None = None  # (runtime ID, name) of the container the line names
    dead: bool = False  # the container is not running and will be started again (`_dump`)
    probes: dict[str, Any] | None = None  # the probes a spec the line prints gives (go_probe)
    cut: str | None = None  # what the line ends inside, cut short (`its \`err\` value`)
    exec_exit: int | None = None  # the runtime's ExecSync exit code (exec_probe_log.py)
    exec_output: str | None = None  # exec.go's `Exec probe response` output (its event kept)
    failed_kill: bool = False  # a sync's kill of the container the runtime failed (kill_failed.py)


@dataclass(slots=True)
class _Dump:
    """A kubelet line printing a container's spec with %+v (`Container {Name:app ...`) whose
    verdict (`} is dead, ...`) is on a later line: the author broke the line over lines (one
    log line, klog prints it on one); its header and the lines' texts so far."""

    header: Header
    lines: list[PasteLine]
    texts: list[str]


@dataclass(slots=True)
class KlogLines:
    """The klog lines of a paste, placed one by one (`take`), read at the end (`record`)."""

    source: str
    events: list[RecordedEvent] = field(default_factory=list)
    unread: list[PasteLine] = field(default_factory=list)
    others: list[int] = field(default_factory=list)  # other programs' journal lines
    containers: dict[tuple[str | None, str], Where] = field(default_factory=dict)
    bare_pods: dict[str, Where] = field(default_factory=dict)
    no_probes: dict[tuple[str | None, str], Where] = field(default_factory=dict)
    prober_pods: set[tuple[str | None, str]] = field(default_factory=set)
    sync_failures: list[tuple[RecordedEvent, str]] = field(default_factory=list)
    added: dict[str, int] = field(default_factory=dict)  # pods whose `SyncLoop ADD` is shown
    open_value: bool = False  # a structured value over lines (`key=<`) is open
    # a container's %+v an author broke over lines (`_Dump`), open until its verdict's line
    dump: _Dump | None = None
    dead: dict[tuple[str | None, str], Where] = field(default_factory=dict)  # `_Said.dead`
    probes: dict[tuple[str | None, str], tuple[dict[str, Any], Where]] = field(
        default_factory=dict)  # the probes a printed spec gives (`_Said.probes`)
    output_of: int | None = None  # the event whose probe output is that value (its index)
    output: list[str] = field(default_factory=list)  # the value's lines so far
    notes: list[Note] = field(default_factory=list)
    ends: Ends = field(default_factory=Ends)  # the ends the PLEG's lines tell (pleg.py)
    exec_exit: tuple[int, PasteLine] | None = None  # the last ExecSync answer, its line
    exec_failures: list[int] = field(default_factory=list)  # their events' indices
    exec_unpaired: list[PasteLine] = field(default_factory=list)  # lines of no failure shown
    timed: list[int] = field(default_factory=list)  # lines read with a header cut to its time
    cut_at: int | None = None  # the paste's last line, a journal prefix cut (journal_cut.py)

    def take(self, line: PasteLine, text: str) -> bool:
        """Whether the line (its text `text`, a code span's or the whole line's) is the
        kubelet's log, or another program's journal line; if so it is kept here."""
        if self.dump is not None and self.dump_more(line, text):
            return True
        if self.open_value and (text[:1] in "\t " or text.strip() == ">"):
            self.open_value = text.strip() != ">"
            if self.open_value:
                self.output.append(text.strip())
            else:
                self.close_output()
            return True
        self.close_output()
        other, header = klog_header(text)
        if other:
            self.others.append(line.number)
            self.open_value = False
            return True
        if header is None:
            header = _headless(text)
        if header is None:
            return self.cut_line(line, text) or self.timed_line(line, text) or \
                self.placeholder(text, Where(self.source, line.number))
        if self.opens_dump(line, header):
            return True
        self.open_value = header.message.endswith("=<")
        said = self.said(header, Where(self.source, line.number))
        if said is None:
            self.unread.append(line)
        else:
            self.keep(said, Where(self.source, line.number), line)
            if self.open_value and said.event is not None and said.event.reason == "Unhealthy" \
                    and said.event.message.endswith(":") and self.events \
                    and self.events[-1] is said.event:
                self.output_of = len(self.events) - 1
        return True

    def paste_cut(self, line: PasteLine) -> bool:
        """The paste's last line, the paste ending inside it (the caller knows which), where it
        is a journal line's prefix cut before its tag (journal_cut.py) after kubelet lines read:
        the log's later lines are not in the record (`record` marks its last line's event cut
        after it). False for any other line, or before any kubelet line is read."""
        if not self.events or not journal_cut(line.text):
            return False
        self.cut_at = line.number
        self.unread.append(line)
        return True

    def cut_line(self, line: PasteLine, text: str) -> bool:
        """A line whose klog header is cut to its file and line (`_CUT_HEADER`), read where
        its message is a kubelet's wording read here (or opens a container's %+v broken over
        lines); False for any other line (another program's log may print `file.go:12] `)."""
        m = _CUT_HEADER.match(text[:MAX_LINE])
        if m is None:
            return False
        header = Header("", "", m["file"], text[m.end():MAX_LINE])
        if self.opens_dump(line, header):
            return True
        said = self.said(header, Where(self.source, line.number))
        if said is None:
            return False
        self.keep(said, Where(self.source, line.number), line)
        return True

    def timed_line(self, line: PasteLine, text: str) -> bool:
        """A structured line whose klog header is cut to its time (`_timed`), read where its
        message is a kubelet's wording read here; False for any other line."""
        header = _timed(text)
        if header is None and line.console and text == line.text:  # (its time taken as a CI
            header = _timed(f"{line.console} {text}")  # console's prefix: normalise.py)
        where = Where(self.source, line.number)
        said = None if header is None else self.said(header, where)
        if said is None:
            return False
        self.keep(said, where, line)
        self.timed.append(line.number)
        return True

    def opens_dump(self, line: PasteLine, header: Header) -> bool:
        """Whether the line opens a container's %+v whose verdict is not on it (`_Dump`)."""
        if not _CONTAINER_DUMP.match(header.message) or \
                _DUMP_VERDICT.search(header.message[:MAX_LINE]) is not None:
            return False
        self.dump = _Dump(header, [line], [header.message.strip()])
        return True

    def dump_more(self, line: PasteLine, text: str) -> bool:
        """The open %+v goes on with the line, and is read whole at its verdict's line (one
        log line, its pieces joined by a space, said in a note); a blank line, a klog line or
        the `_DUMP_LINES`-th line ends it unread (False: the line is read as any line)."""
        assert self.dump is not None
        dump = self.dump
        if not text.strip() or len(dump.lines) >= _DUMP_LINES or \
                klog_header(text)[1] is not None or _CUT_HEADER.match(text[:MAX_LINE]):
            self.unread.extend(dump.lines)
            self.dump = None
            return False
        dump.lines.append(line)
        dump.texts.append(text.strip()[:MAX_LINE])
        if _DUMP_VERDICT.search(dump.texts[-1]) is None:
            return True
        self.dump = None
        where = Where(self.source, dump.lines[0].number)
        said = self.said(replace(dump.header, message=" ".join(dump.texts)[:MAX_LINE]), where)
        if said is None:
            self.unread.extend(dump.lines)
            return True
        self.notes.append(Note(
            f"lines {dump.lines[0].number}-{line.number}: one kubelet log line (a container's "
            "spec printed with %+v) broken over lines in the paste: its pieces joined and "
            "read as that line", where))
        self.keep(said, where)
        return True

    def placeholder(self, text: str, where: Where) -> bool:
        """A page's placeholder for a kubelet line (`_placeholder`): a failure of a probe it
        does not name, at least once, said so in a note; False for any other line."""
        message = _placeholder(text)
        if message is None:
            return False
        self.events.append(_event("Unhealthy", message, where, UNKNOWN_STAMP, None, None,
                                  at_least=True))
        self.notes.append(Note(
            f"line {where.line}: a kubelet line without klog's header whose words do not name "
            "the probe (the prober names it in every line it logs): a placeholder for a log "
            "line, read as no more than it shows, a failure of some probe, at least once",
            where))
        return True

    def close_output(self) -> None:
        """The probe's output klog printed over lines (`output=<`, its lines tab-indented up to
        ` >`) goes into its failure's message; an output whose lines the paste does not hold
        is said so, not read as a probe that printed nothing."""
        if self.output_of is None:
            return
        event = self.events[self.output_of]
        if self.output:
            self.events[self.output_of] = replace(
                event, message=f"{event.message} {' '.join(self.output)}"[:MAX_LINE])
        else:
            self.notes.append(Note(
                f"line {event.where.line}: the probe's output was printed over the lines below "
                "it (`output=<`), which the record does not hold: the failure is read without "
                "its output", event.where))
        self.output_of, self.output = None, []

    def said(self, header: Header, where: Where) -> _Said | None:
        """What the line says, by its source file's wording (None: a line not read)."""
        stamp = Stamp(StampKind.UNKNOWN, text=header.time) if header.time else UNKNOWN_STAMP
        if header.message.startswith('"'):
            return _structured(header.message, where, stamp)
        return _unstructured(header.message, where, stamp)

    def keep(self, said: _Said, where: Where, line: PasteLine | None = None) -> None:
        if (said.exec_exit is not None or said.exec_output is not None) and \
                not self.exec_call(said, where, line):
            return
        if said.pod is not None:
            self.bare_pods.setdefault(said.pod, where)
        if said.added and said.pod is not None:
            self.added.setdefault(said.pod, where.line or 0)
        if said.container is not None:
            self.containers.setdefault((said.pod, said.container), where)
        if said.spec_without_probes and said.container is not None:
            self.no_probes.setdefault((said.pod, said.container), where)
        if said.probes and said.container is not None:
            self.probes.setdefault((said.pod, said.container), (said.probes, where))
        if said.dead and said.container is not None:
            self.dead[(said.pod, said.container)] = where
            self.notes.append(_dead_note(said.container, where))
        if said.torn_down:
            self.tear_down(said)
        self.keep_lifecycle(said, where)
        event = said.event
        if event is None:
            return
        if said.sync:
            self.sync_failures.append((event, event.message.split(" ", 1)[0]))
            return
        if event.reason == "Unhealthy":
            self.prober_pods.add((said.pod, event.message.split(" ", 1)[0]))
        self.add_event(event, said)

    def exec_call(self, said: _Said, where: Where, line: PasteLine | None) -> bool:
        """An exec probe's call (exec_probe_log.py): the ExecSync answer's exit code kept for
        the next line; exec.go's response right after a non-zero one is a failure of a probe
        the lines do not name (R2.14), its event kept (True); any other line shows no failure,
        a line not read (`exec_unpaired`, False)."""
        if line is None:
            return False
        if said.exec_exit is not None:
            self.exec_exit = (said.exec_exit, line)
            self.exec_unpaired.append(line)
            return False
        last, self.exec_exit = self.exec_exit, None
        if last is None or last[0] == 0 or last[1].number != line.number - 1:
            self.exec_unpaired.append(line)
            return False
        self.exec_unpaired.remove(last[1])
        self.exec_failures.append(len(self.events))
        self.notes.append(Note(
            f"lines {last[1].number}-{where.line}: the runtime's ExecSync answered exit code {last[0]} "
            "right before the exec prober's `Exec probe response`: an exec probe's command "
            "that exited non-zero, a failure (R2.14), of a probe the lines do not name, at "
            "least once", where))
        return True

    def name_exec_probes(self, lines: list[PasteLine]) -> None:
        """The exec probes' failures the lines name no probe of (`exec_call`) given the probe
        the author states setting above them (exec_probe_log.probe_set), said so."""
        if not self.exec_failures:
            return
        first = self.events[self.exec_failures[0]]
        named = probe_set(lines, first.where.line or 0)
        if named is None:
            return
        kind = named.kind.capitalize()
        for i in self.exec_failures:
            e = self.events[i]
            self.events[i] = replace(e, message=f"{kind} probe failed:"
                                     f"{e.message.removeprefix('Probe failed:')}")
        self.notes.append(Note(
            f"line {named.line}: the author states setting the {named.kind} probe, the one probe "
            "the prose above the log names: the exec probe's failures the log's lines name no "
            f"probe of read as the {named.kind} probe's", Where(self.source, named.line)))

    def keep_lifecycle(self, said: _Said, where: Where) -> None:
        """An end the PLEG tells, a container's name tied to its runtime ID, and a line read up
        to its cut, said so."""
        if said.end is not None:
            self.ends.add(said.end)
        if said.tie is not None:
            self.ends.tie(*said.tie, said.pod)
        if said.cut is not None:
            self.notes.append(Note(
                f"line {where.line}: the line ends inside {said.cut}, cut short: read up to "
                "its cut", where))

    def add_event(self, event: RecordedEvent, said: _Said) -> None:
        """A kill line of no stated cause right after the line stating the cause of a kill of
        that container is that kill, told twice (kuberuntime_manager.go logs the cause, then
        kuberuntime_container.go the kill); an override right after a kill line is that
        kill, now known to be the pod's termination; a sync's failed kill right after a kill
        line of that container is that kill's failure (kill_failed.py)."""
        last = self.events[-1] if self.events else None
        if event.reason == "Killing" and last is not None and last.reason == "Killing" and \
                event.object_name in ("", last.object_name) and \
                event.container in (None, last.container):  # a kill line may name no container
            # (a failed kill right after a kill line of the container is that kill's failure)
            if event.message == _NO_CAUSE and (last.message != _NO_CAUSE or said.failed_kill):
                return
            if event.message.startswith("Stopping container") and last.message == _NO_CAUSE:
                self.events[-1] = replace(event, object_name=last.object_name,
                                          object_kind=last.object_kind,
                                          container=last.container)
                return
        self.events.append(event)

    def tear_down(self, said: _Said) -> None:
        """The podKiller failed to kill this container of this pod: the latest kill line of no
        stated cause for it is that kill, the pod's teardown (the kubelet's `Stopping
        container`), not a probe's (SyncPod kills for a probe, and logs the cause first:
        dockertools' computePodContainerChanges, `is unhealthy, it will be killed and
        re-created`, at klog's default level, 1.2-1.5)."""
        for i in range(len(self.events) - 1, -1, -1):
            e = self.events[i]
            if e.reason == "Killing" and e.message == _NO_CAUSE and \
                    _same_pod(e.object_name, said.pod) and e.container in (None, said.container):
                self.events[i] = replace(e, message="Stopping container")
                return

    def record(self) -> RecordSet | None:
        """The events and pods the kubelet's lines tell, with the notes of how they were
        read; None when the paste holds no line of the kubelet's log. A log of which no line
        tells of a pod's probes, kills or restarts is a record that shows none (its lines
        listed as not read), not a paste explain does not read."""
        self.close_output()
        self.unread.extend(self.exec_unpaired)  # (exec_call: no failure shown)
        if self.dump is not None:  # (the record ends inside it: its verdict is not there)
            self.unread.extend(self.dump.lines)
            self.dump = None
        if self.others:
            self.notes.append(_others_note(self.others, self.source))
        if self.timed:
            self.notes.append(_timed_note(self.timed, self.source))
        if not (self.events or self.sync_failures or self.bare_pods or self.unread
                or self.ends.by_id or self.dead or self.probes):
            return None
        for event, probe in self.sync_failures:
            if (event.object_name or None, probe) not in self.prober_pods:
                self.events.append(event)
        self.cut_after_last()
        self.events, finished_at = placed([_parted(self.counted(e)) for e in self.events],
                                          list(self.ends.by_id.values()))
        self.notes += self.ends.notes(self.source)
        self.notes.insert(0, Note(
            "the kubelet's own log lines are read as the events it recorded with them (a "
            "probe's failure, a kill and its stated cause, a refused restart); a klog time "
            "has no year, so no date is made of them: each is read as seconds before the "
            "log's last line", Where(self.source, None)))
        return RecordSet(self.source, "kubelet-log", pods=self.pods(finished_at),
                         events=self.events, notes=self.notes)

    def cut_after_last(self) -> None:
        """The paste cut inside a journal line after the kubelet's lines (`paste_cut`): the
        event of the log's last line read is cut after it, rows after it not in the record (the
        corpus README's rule of a record cut with no end), and the cut said once."""
        if self.cut_at is None or not self.events:
            return
        i = max(range(len(self.events)), key=lambda k: self.events[k].where.line or 0)
        self.events[i] = replace(self.events[i], cut_after=True)
        self.notes.append(Note(
            f"cut: line {self.cut_at} (the paste ends inside a journal line, before its "
            "program's tag): the log's later lines are not in the record",
            Where(self.source, self.cut_at)))

    def counted(self, event: RecordedEvent) -> RecordedEvent:
        """A line is one occurrence, but a paste of a log is a window of it: at least once,
        unless the log runs from the kubelet's `SyncLoop ADD` of the pod (then every line of
        it after that is in the record, as a pod's whole event stream from its Scheduled
        event), and the line is the prober's, a kill's or a refusal's own, not the sync loop's
        summary of failures."""
        line = self.added.get(event.object_name)
        whole = line is not None and (event.where.line or 0) > line and \
            event.count_basis is CountBasis.STATED
        return event if whole else replace(event, count_basis=CountBasis.AT_LEAST)

    def ended(self, out: dict[str | None, PodRecord], finished_at: dict[str, Stamp]) -> None:
        """The containers' ends the PLEG's lines tell (pleg.Ends), the latest of each; an end
        of a container no line names, in a pod whose lines name containers, is the pod's
        (`_the_pods`)."""
        for key, ends in self.ends.of_containers().items():
            latest = max(ends, key=lambda e: e.where.line or 0)
            named = sorted({n for p, n in self.containers if p == key[0]})
            if key[1] is None:
                self.notes.append(_the_pods(latest, named) if named else nameless(latest))
                if named:
                    continue
            _ended_in(out, key, latest, finished_at.get(latest.container_id, UNKNOWN_STAMP))

    def container(self, pod: str | None, name: str, where: Where) -> ContainerRecord:
        """The record of a container the lines name: a spec without probes where a line
        printed one whole, the probes a printed spec gives (go_probe.py: its settings, as
        probe YAML's), and an end where a line says it is dead (`_Said.dead`)."""
        c = ContainerRecord(name, where)
        if (pod, name) in self.no_probes:
            c.spec = parse_container({"name": name}, init=False, sidecar=False)
            c.spec_where = self.no_probes[(pod, name)]
        elif (pod, name) in self.probes:
            probes, c.spec_where = self.probes[(pod, name)]
            c.spec = _spec(name, probes, c.spec_where)
            c.spec_where = c.spec_where if c.spec is not None else None
        if (pod, name) in self.dead:  # (a log is a window: ends it leaves out stay open)
            dead = self.dead[(pod, name)]
            c.terminated = Terminated(None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=dead,
                                      untold=True)  # (the line's moment, not the record's)
            c.state, c.restart_uncounted = c.state or "terminated", dead
        return c

    def pods(self, finished_at: dict[str, Stamp]) -> list[PodRecord]:
        """A pod for each pod the lines name (its containers, a spec without probes where a
        line printed one), so that a pod whose lines hold no event is still explained; pods
        of one name in two namespaces apart (`read.pod_groups` keeps them so)."""
        out: dict[str | None, PodRecord] = {}
        for (pod, name), where in self.containers.items():
            record = out.setdefault(pod, _pod(pod, where))
            record.containers.append(self.container(pod, name, where))
        for pod, where in self.bare_pods.items():
            out.setdefault(pod, _pod(pod, where))
        self.ended(out, finished_at)
        lines = [x.number for x in self.unread] + [e.where.line or 0 for e in
                                                    self.ends.by_id.values()]
        if not out and not self.events and lines:  # the kubelet's lines, none of them about
            # a pod's probes (a line cut in its message, a sandbox's end): a log that shows
            # nothing
            out[None] = PodRecord(None, Where(self.source, min(lines)), formats=["kubelet-log"])
        return list(out.values())


def _dead_note(container: str, where: Where) -> Note:
    """What a `... is dead, but RestartPolicy says that we should restart it` line is read as
    (`_dump`), and what else it may be."""
    return Note(
        f"line {where.line}: the kubelet's `Container {{Name:{container[:60]} ...}} is dead, but "
        "RestartPolicy says that we should restart it` (computePodContainerChanges): the "
        "container is not running and will be started again, read as an end whose cause the "
        "line does not give; the kubelet prints the same line for a container never started "
        "(its status nil)", where)


def _the_pods(end: End, named: list[str]) -> Note:
    """An end the PLEG tells by a runtime ID no line ties to a name, beside the containers the
    pod's lines name: the relist reports every container of the pod, so it may be any of them
    or one the log does not name (README's counting rules: a nameless end is the pod's, no
    named container's end, adding to or bounding none of their kills)."""
    code = "" if end.exit_code is None else f" with exit code {end.exit_code}"
    return Note(f"line {end.where.line}: an end{code} of a container the log names by its "
                f"runtime ID only ({end.container_id[:12]}), beside the container(s) its lines "
                f"name ({', '.join(named)}): which container ended, the record does not tell; "
                "the pod's end, counted as none of theirs", end.where, kind=NoteKind.POD_END)


def _ended_in(out: dict[str | None, PodRecord], key: tuple[str | None, str | None], end: End,
              finished_at: Stamp) -> None:
    """The latest end the PLEG tells of a container, as its terminated state whose kind the
    log does not show (pleg.state), in the container's record (a new one, nameless where no
    line ties the end's runtime ID to a name)."""
    pod, name = key
    record = out.setdefault(pod, _pod(pod, end.where))
    c = next((c for c in record.containers if c.name == name and name is not None), None)
    if c is None:
        c = ContainerRecord(name, end.where)
        record.containers.append(c)
    c.terminated = state(end, finished_at)
    c.state = c.state or "terminated"  # (read where the current state is, as describe's)


def _spec(name: str, probes: dict[str, Any], where: Where) -> ContainerSpec | None:
    """A container's spec of the probes a printed spec gives (None: settings no probe can
    have, which the spec's own check refuses: read as no settings)."""
    try:
        return parse_container({"name": name, **{k: v for k, v in probes.items() if v}},
                               init=False, sidecar=False)
    except SpecError:
        return None


def _pod(key: str | None, where: Where) -> PodRecord:
    namespace, name = _split(key)
    return PodRecord(name, where, namespace=namespace, formats=["kubelet-log"])


def _parted(event: RecordedEvent) -> RecordedEvent:
    """An event as the readers give it: its pod's name, and its namespace apart."""
    namespace, name = _split(event.object_name)
    return replace(event, object_name=name or "", object_namespace=namespace)


def _others_note(numbers: list[int], source: str) -> Note:
    shown = ", ".join(str(n) for n in numbers[:10]) + (", ..." if len(numbers) > 10 else "")
    # (worded as every reader's lines not read: `not read: line N`, then what they are)
    return Note(f"not read: line{'s' * (len(numbers) > 1)} {shown}: {len(numbers)} journal "
                "line(s) of other programs than the kubelet, not about the pod's probes",
                Where(source, numbers[0]),
                uncertain=False, kind=NoteKind.NOT_READ)


def _timed_note(numbers: list[int], source: str) -> Note:
    """What lines read with their klog header cut to its time (`_timed`) are read as."""
    shown = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
    return Note(f"line{'s' * (len(numbers) > 1)} {shown}: the kubelet's structured line"
                f"{'s' * (len(numbers) > 1)} with klog's header cut to its time (no level, "
                "date or source file): read by the kubelet's quoted message and its key=value "
                "pairs; a time with no date is not placed", Where(source, numbers[0]))


def _pairs(message: str) -> tuple[str, dict[str, str], str | None]:
    """klog's structured line: its message, its key-value pairs (escapes undone) and the key
    of the quoted value the line ends inside (a line cut short; None: none is)."""
    m = _MESSAGE.match(message)
    if m is None:
        return "", {}, None
    pairs: dict[str, str] = {}
    cut = None
    for p in _PAIR.finditer(message, m.end()):
        # `key=<` opens a value on the lines below (klog's multi-line form): its text is not
        # on this line, so it reads empty here; a quoted `"<"` is the text `<`
        raw = _unquoted(p[2]) if p[2] is not None else ("" if p[4] else p[5] or "")
        if p[2] is not None and not p[3]:
            cut = p[1]
        pairs.setdefault(p[1], raw)
    return _unquoted(m[1]), pairs, cut


_GO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}


def _unquoted(text: str) -> str:
    """A Go-quoted string's text (klog quotes values as strconv.Quote does): `\\n` a line
    break, `\\"` a quote."""
    return _ESCAPE.sub(lambda m: _GO_ESCAPES.get(m[1], m[1]), text)


def _first_format_pod(text: str) -> str | None:
    """The pod (`NS/NAME`, `_pod_name`) of the first `NAME_NS(UID)` in a line, found from its
    `_NS(UID)` (a search for the whole form would try every position of a long run of a
    name's letters)."""
    for i, m in enumerate(_POD_TAIL.finditer(text)):
        name = _NAME_END.search(text, max(0, m.start() - 253), m.start())
        if name is not None:
            return f"{m[0][1:m[0].index('(')]}/{name[0]}"
        if i >= 20:  # a line names its pod among its first such forms
            break
    return None


def kobj_pod(text: str) -> tuple[str | None, str] | None:
    """The pod a klog structured line names by its `pod="NS/NAME"` pair (klog.KObj: the
    kubelet's lines of 1.20 on, the status manager's `"Status for pod updated successfully"
    pod="NS/NAME" statusVersion=3 status={...}` among them): (namespace, name), the namespace
    None where the value gives none; None where the text names no pod so, or names it with
    characters no pod's name has."""
    m = _KOBJ_POD.search(text[:MAX_LINE])
    namespace, name = _split(_pod_name(m[1])) if m is not None else (None, None)
    if name is None or _NAME_END.fullmatch(name) is None or (
            namespace is not None and _NAMESPACE.fullmatch(namespace) is None):
        return None
    return namespace, name


def _pod_name(ref: str | None) -> str | None:
    """`NS/NAME` (klog.KObj) or `NAME_NS(UID)` (format.Pod): the pod as the reader keys it,
    `NS/NAME` (a NAME alone where the line gives no namespace): two pods of one name in two
    namespaces are two pods (`_split` parts the key again)."""
    if not ref:
        return None
    m = _FORMAT_POD.fullmatch(ref)
    if m is not None:
        return f"{m[2]}/{m[1]}"
    namespace, _, name = ref.rpartition("/")
    return None if not name else f"{namespace}/{name}" if namespace else name


def _same_pod(key: str, other: str | None) -> bool:
    """Whether two pod keys (`_pod_name`) may be one pod: the same name, and the same namespace
    where both lines give one (the podKiller's names none); an event's empty key, any pod."""
    if not key:
        return True
    (namespace, name), (other_namespace, other_name) = _split(key), _split(other)
    return name == other_name and None in (namespace, other_namespace) or key == other


def _split(key: str | None) -> tuple[str | None, str | None]:
    """A pod's key (`_pod_name`) as (namespace, name)."""
    if not key:
        return None, None
    namespace, _, name = key.rpartition("/")
    return namespace or None, name


def _event(reason: str, message: str, where: Where, stamp: Stamp, pod: str | None,
           container: str | None, *, at_least: bool = False) -> RecordedEvent:
    kind = "Normal" if reason in ("Killing", "Created", "Started", "Pulled") else "Warning"
    return RecordedEvent(kind, reason, message, 1, stamp, stamp, where, component=LOGGED,
                         object_kind="Pod" if pod else "", object_name=pod or "",
                         container=container,
                         count_basis=CountBasis.AT_LEAST if at_least else CountBasis.STATED)


def _structured(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """A line of klog's structured form (1.20 on), by its message; a line that names a
    container beside its runtime ID ties the two (`Ends.tie`), and one cut inside a quoted
    value is read up to its cut (`_Said.cut`)."""
    msg, kv, cut = _pairs(message)
    if msg in (FINISHED, PLEG_EVENT):
        said = _lifecycle(msg, kv, message, where, stamp)
    else:
        said = _structured_kinds(msg, kv, where, stamp)
    if said is not None:
        said.cut = said.cut if cut is None else f"its `{cut}` value"
        said.tie = (kv.get("containerID", ""), kv.get("containerName", ""))
        if said.event is not None and cut is not None:
            said.event = replace(said.event, truncated=True)
    return said


def _lifecycle(msg: str, kv: dict[str, str], message: str, where: Where, stamp: Stamp
               ) -> _Said | None:
    """The PLEG's lines (pleg.py): a container's end, with its exit code where generic.go
    logged one; the PLEG's other events are lines not read."""
    time = stamp.text or ""
    end = finished(kv, where, time) if msg == FINISHED else pleg_event(message, where, time)
    return None if end is None else _Said(end=end)


def _structured_kinds(msg: str, kv: dict[str, str], where: Where, stamp: Stamp
                      ) -> _Said | None:
    """The structured lines of the prober, the sync loop, the kill and the pod workers."""
    pod, container = _pod_name(kv.get("pod")), kv.get("containerName")
    if msg in ("Probe failed", "Probe errored"):
        probe = kv.get("probeType", "")
        if probe not in _PROBE_NAMES.values():
            return None
        verb, detail = ("failed", kv.get("output", "")) if msg == "Probe failed" else \
            ("errored", kv.get("err", ""))
        return _Said(_event("Unhealthy", f"{probe} probe {verb}: {detail}".rstrip(), where,
                            stamp, pod, container), pod, container)
    if msg in ("Probe succeeded", "Probe succeeded with a warning"):
        return _Said(None, pod, container)
    if msg == "SyncLoop (probe)":
        return _sync_probe(kv, where, stamp, pod)
    if msg == "Message for Container of pod":
        text = kv.get("containerMessage", "")
        return _Said(_event("Killing", text, where, stamp, pod, container), pod, container) \
            if text else None
    return _structured_more(msg, kv, where, stamp)


def _sync_probe(kv: dict[str, str], where: Where, stamp: Stamp, pod: str | None) -> _Said | None:
    probe, status = kv.get("probe", ""), kv.get("status", "")
    if probe not in _PROBE_NAMES:
        return None
    if (probe, status) not in _SYNC_FAILED:
        return _Said(None, pod, None)
    return _Said(_event("Unhealthy", f"{_PROBE_NAMES[probe]} probe failed:", where, stamp, pod,
                        None, at_least=True), pod, None, sync=True)


def _structured_more(msg: str, kv: dict[str, str], where: Where, stamp: Stamp) -> _Said | None:
    pod, container = _pod_name(kv.get("pod")), kv.get("containerName")
    if msg in ("Killing container with a grace period", "Killing container with a grace "
               "period override"):
        # a line without its container's name (the kubelet logs it: the paste cut it away)
        # is a kill of a container it does not name, the pod's (R4.4: any kill's line)
        text = _NO_CAUSE if not msg.endswith("override") else \
            f"Stopping container {container}" if container else "Stopping container"
        return _Said(_event("Killing", text, where, stamp, pod, container), pod, container)
    if msg == "Error syncing pod, skipping":
        return _backoffs(kv.get("err", ""), where, stamp, pod)
    if msg == "Event occurred":
        return _occurred(kv, where, stamp)
    if msg == "SyncLoop ADD":
        return _added(kv.get("pods", ""))
    if msg == EXEC_SYNC:
        return _exec_line(msg, kv, where, stamp)
    if msg == _TO_START:  # (no end: see `_TO_START`)
        return _Said(None, pod, container) if container else None
    return None


def _exec_line(message: str, kv: dict[str, str] | None, where: Where, stamp: Stamp
               ) -> _Said | None:
    """The runtime's ExecSync answer (its exit code) or exec.go's `Exec probe response` (a
    failure of a probe it does not name, kept only right after a non-zero exit code:
    `KlogLines.exec_call`); None for another line."""
    code = exec_sync_exit(message, kv)
    if code is not None:
        return _Said(exec_exit=code)
    output = exec_response(message)
    if output is None:
        return None
    return _Said(_event("Unhealthy", f"Probe failed: {output}".rstrip(), where, stamp, None, None,
                        at_least=True), exec_output=output)


def _added(pods: str) -> _Said | None:
    """`"SyncLoop ADD" source="api" pods=["NS/NAME"]`: the kubelet was given the pod (one pod:
    a line of several is not read)."""
    m = _ONE_POD.fullmatch(pods)
    return _Said(None, _pod_name(m[1]), None, added=True) if m else None


def _backoffs(err: str, where: Where, stamp: Stamp, pod: str | None) -> _Said | None:
    """A sync refused for a container's crash-loop back-off: a BackOff event (the first
    container the error names; a pod's several are several errors in one line, rare)."""
    refused = start_back_off(err[:MAX_LINE])
    if refused is None:
        return _kill_failed(err, where, stamp, pod)
    message = refused.message or "Back-off restarting failed container"  # its delay kept
    event = _event("BackOff", message, where, stamp, pod, refused.container)
    if _cut_refusal(err, refused.message):
        return _Said(replace(event, truncated=True), pod, refused.container,
                     cut="the refusal's quoted message")
    return _Said(event, pod, refused.container)


def _kill_failed(err: str, where: Where, stamp: Stamp, pod: str | None) -> _Said | None:
    """A sync whose kill of a container failed (kill_failed.py): the kill the kubelet
    attempted, a `Killing` event of no stated cause (kuberuntime_container.go records it
    before the runtime's StopContainer)."""
    container = failed_kill(err[:MAX_LINE])
    if container is None:
        return None
    return _Said(_event("Killing", _NO_CAUSE, where, stamp, pod, container), pod, container,
                 failed_kill=True)


def _cut_refusal(err: str, message: str | None) -> bool:
    """Whether the back-off's quoted message runs to the line's end, its closing quote cut
    away (`... with CrashLoopBackOff: "Back-off 10s restarting fai`): the kubelet closes it
    (`%q` of the error's message), so the line was cut there."""
    return message is not None and len(message) > 1 and \
        err[:MAX_LINE].rstrip().endswith(message[1:])


def _occurred(kv: dict[str, str], where: Where, stamp: Stamp) -> _Said | None:
    if kv.get("kind", "Pod") != "Pod" or not kv.get("reason"):
        return None
    pod = _pod_name(kv.get("object"))
    path = kv.get("fieldPath", "")
    container = container_of_field_path(path)
    event = _event(kv["reason"], kv.get("message", ""), where, stamp, pod, container)
    if kv.get("type") in ("Normal", "Warning"):
        event = _typed(event, kv["type"], init_field_path(path))
    return _Said(event, pod, container)


def _typed(event: RecordedEvent, kind: str, init: bool) -> RecordedEvent:
    return RecordedEvent(kind, event.reason, event.message, 1, event.first, event.last,
                         event.where, component=LOGGED, object_kind=event.object_kind,
                         object_name=event.object_name, container=event.container, init=init)


def _unstructured(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """A line of the kubelets before 1.20 (printf wording), by its message."""
    probe = _PROBE_FOR.match(message)
    if probe is not None:
        return _probe_for(probe, message, where, stamp)
    sync = _SYNC_UNHEALTHY.match(message)
    if sync is not None:
        pod = _pod_name(sync[1])
        return _Said(_event("Unhealthy", "Liveness probe failed:", where, stamp, pod, None,
                            at_least=True), pod, None, sync=True)
    if message.startswith("Container {Name:"):
        return _dump(message, where, stamp)
    if message.startswith("Killing container "):
        return _old_kill(message, where, stamp)
    if message.startswith('Container "'):
        return _of_pod(message, where, stamp)
    if message.startswith("Failed killing the pod "):
        killer = _POD_KILLER.match(message[:MAX_LINE])
        return None if killer is None else _Said(None, _pod_name(killer[1]), killer[2],
                                                 torn_down=True)
    if message.startswith("Error syncing pod "):
        return _backoffs(message, where, stamp, _first_format_pod(message[:MAX_LINE]))
    if message.startswith("Event(v1.ObjectReference{"):
        return _old_event(message, where, stamp)
    if message.startswith(("[RemoteRuntimeService] ExecSync", "Exec probe response")):
        return _exec_line(message, None, where, stamp)
    if message.startswith("SyncLoop (PLEG): "):
        return _old_lifecycle(message, where, stamp)
    added = _OLD_ADD.match(message)
    if added is not None:
        return _Said(None, _pod_name(added[1]), None, added=True)
    return None


def _old_lifecycle(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """The PLEG's event line before 1.20 (pleg.py), its pod named by `NAME_NS(UID)`."""
    pod = _pod_name(old_pleg_pod(message))
    end = old_pleg_event(message, pod, where, stamp.text or "")
    return None if end is None else _Said(None, pod, None, end=end)


def _probe_for(m: re.Match[str], message: str, where: Where, stamp: Stamp) -> _Said | None:
    target = m[2]
    pod_part, _, container = target.rpartition(":")
    pod = _pod_name(pod_part)
    if pod is None or not container:
        return None
    if m[4]:  # succeeded
        return _Said(None, pod, container)
    verb = "errored" if m[3] else "failed"
    detail = message[m.end():]
    return _Said(_event("Unhealthy", f"{m[1].capitalize()} probe {verb}: {detail}".rstrip(),
                        where, stamp, pod, container), pod, container)


def _dump(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """`Container {Name:app ... LivenessProbe:nil ...} is unhealthy, it will be killed and
    re-created.` (kuberuntime_manager.go 1.6-1.8, the container's spec printed with %+v): its
    verdict; a spec printed whole whose probes are all nil says the container has none."""
    name = _CONTAINER_DUMP.match(message)
    verdict = _DUMP_VERDICT.search(message[:MAX_LINE])
    if name is None or verdict is None:
        return None
    c = name[1]
    body = message[:verdict.start()]
    probes = go_probes(body)
    bare = "LivenessProbe:nil" in body and "StartupProbe:&" not in body and \
        not any(probes.values() if probes else ())
    said = _Said(None, None, c, spec_without_probes=bare,
                 probes=None if bare else probes)
    # `is dead, but RestartPolicy says that we should restart it` (computePodContainerChanges,
    # 1.6-1.20): the container is not running, and will be started (R4.7): read as its words
    # state, an end whose cause the line does not give (the kubelet logs it for a container
    # never started too: the note of `KlogLines.pods` says so)
    said.dead = verdict[1].startswith("is dead")
    if verdict[1].startswith("is unhealthy"):
        said.event = _event("Killing", f"Container {c} failed liveness probe, will be restarted",
                            where, stamp, None, c)
    elif verdict[1].startswith("definition changed"):
        said.event = _event("Killing", f"Container {c} definition changed, will be restarted",
                            where, stamp, None, c)
    return said


def _of_pod(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """`Container "app" ({"docker" "ID"}) of pod NAME_NS(UID): MESSAGE` (kuberuntime_manager.go,
    1.9-1.19): the kill's stated cause. 1.9-1.13 wrote `Container failed liveness probe..
    Container will be killed and recreated.`, which its event read after `Killing container
    with id docker://app:` (the dockershim event of those releases); 1.14 on, `Container app
    failed liveness probe, will be restarted`."""
    m = _OF_POD.match(message[:MAX_LINE])
    if m is None:
        return None
    container, pod, text = m[1], _pod_name(m[2]), m[3]
    if text.startswith("Container failed "):
        text = f"Killing container with id docker://{container}:{text}"
    return _Said(_event("Killing", text, where, stamp, pod, container), pod, container)


def _old_kill(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """`Killing container "docker://ID" with 30 second grace period` (1.6-1.19), `Killing
    container "ID NAME NS/POD" with ...` (dockertools, 1.1-1.5): a kill of no stated cause;
    `..., but using 0 second grace period override`: the pod's termination."""
    if _OLD_OVERRIDE.match(message):
        return _Said(_event("Killing", "Stopping container", where, stamp, None, None))
    m = _OLD_KILL.match(message)
    if m is None:
        return None
    parts = m[1].split(" ")
    container = parts[1] if len(parts) == 3 else None
    pod = _pod_name(parts[2]) if len(parts) == 3 else None
    return _Said(_event("Killing", _NO_CAUSE, where, stamp, pod, container), pod, container)


def _old_event(message: str, where: Where, stamp: Stamp) -> _Said | None:
    """`Event(v1.ObjectReference{Kind:"Pod", Namespace:"NS", Name:"NAME", ...
    FieldPath:"spec.containers{app}"}): type: 'Warning' reason: 'Unhealthy' MESSAGE`: the
    event the kubelet recorded (client-go's recorder logs it)."""
    m = _OLD_EVENT.match(message[:MAX_LINE])
    if m is None:
        return None
    ref = dict(_REF_FIELD.findall(m["ref"]))
    if ref.get("Kind", "Pod") != "Pod" or m["type"] not in ("Normal", "Warning"):
        return None
    pod = _pod_name("/".join(x for x in (ref.get("Namespace"), ref.get("Name")) if x))
    path = ref.get("FieldPath", "")
    container = container_of_field_path(path)
    event = _typed(_event(m["reason"], m["message"], where, UNKNOWN_STAMP, pod, container),
                   m["type"], init_field_path(path))
    return _Said(RecordedEvent(event.type, event.reason, event.message, 1, stamp, stamp, where,
                               component=LOGGED, object_kind=event.object_kind,
                               object_name=event.object_name, container=container,
                               init=event.init), pod, container)
