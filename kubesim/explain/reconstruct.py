"""Reconstruction: from one pod's record to its failure streaks, kills, back-off waits,
exits, restarts and not-Ready stretches, each with its evidence and confidence.

The record is a lossy sample (kubelet-rules §4.4; the event recorder deduplicates identical
events into counts, aggregates similar ones and drops some): `restartCount` and `lastState`
are ground truth, events are what survived. Every item says which it rests on.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from kubesim.analysis.check.fixes import probe_data
from kubesim.explain.counted_table import counted_from_scheduled, first_cut_above
from kubesim.explain.created_unstarted import unstarted_why
from kubesim.explain.messages import (
    ExitCause,
    KillCause,
    ProbeOutcome,
    backoff_container,
    backoff_delay,
    cut_short,
    delay_restarts,
    exit_cause,
    http_status,
    kill_of,
    probe_event,
    pulled_image,
    request_cut,
    started_container,
    too_short_to_name,
)
from kubesim.explain.model import (
    UNKNOWN_WHEN,
    BackOffs,
    Confidence,
    Evidence,
    Exit,
    Finding,
    Interval,
    Kill,
    Level,
    NotReady,
    Owner,
    Restart,
    RestartCause,
    Setting,
    Shape,
    Source,
    Streak,
    StreakSource,
    When,
    plural,
    provenance,
    stated_in_prose,
)
from kubesim.explain.picked_rows import picked_get_rows
from kubesim.explain.readers.evicted_message import eviction_names
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    WITHOUT_PROBE_LINES,
    ContainerRecord,
    NoteKind,
    PodRecord,
    ProbeSeries,
    RecordedEvent,
    Stamp,
    StampKind,
    last_row,
)
from kubesim.explain.readers.names import LABEL
from kubesim.explain.readers.normalise import ELLIPSIS
from kubesim.explain.timebase import Timebase
from kubesim.explain.work_done import restarts_whatever_exit, work_done_mark
from kubesim.results import ProbeType
from kubesim.spec.model import ContainerSpec, HandlerKind, Probe, parse_container

__all__ = [
    "DEFAULTS",
    "POD_REASONS",
    "SANDBOX_REASONS",
    "View",
    "attribute",
    "back_offs",
    "certainly_after",
    "clip",
    "counted_failures",
    "duration_text",
    "evidence",
    "exits",
    "handler_kind",
    "images_only",
    "kubelet_occurrences",
    "kubelet_row",
    "past_burst",
    "probe_endpoint",
    "kill_total",
    "kills",
    "metric_streaks",
    "not_ready",
    "nth",
    "probe_lost",
    "probe_row",
    "restarts",
    "settings",
    "streaks",
    "untold_streaks",
]

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
DEFAULTS = {"periodSeconds": 10, "timeoutSeconds": 1, "failureThreshold": 3,
            "successThreshold": 1, "initialDelaySeconds": 0}  # R5.1
POD_REASONS = frozenset({"Scheduled", "FailedScheduling", "SuccessfulCreate", "TriggeredScaleUp",
                         "NotTriggerScaleUp", "Preempted", "FailedMount", "SuccessfulAttachVolume",
                         "FailedAttachVolume", "NetworkNotReady", "SandboxChanged",
                         "FailedCreatePodSandBox", "FailedKillPod", "Evicted"})
# the kubelet's events of the pod's sandbox (kuberuntime_manager.go): "Pod sandbox changed, it
# will be killed and re-created" (every container killed with it), createPodSandbox failed
SANDBOX_REASONS = frozenset({"SandboxChanged", "FailedCreatePodSandBox"})
SPAM_BURST = 25  # the event recorder's per-object burst (R4.43: client-go events_cache.go)
# the reasons of a pod's events that another component than the kubelet records, so another
# source's spam filter counts them (R4.43): the scheduler's (schedule_one.go: Scheduled,
# FailedScheduling; Preempted, its preemption's), the cluster autoscaler's scale-up events,
# the attach/detach controller's (SuccessfulAttachVolume, FailedAttachVolume)
OTHER_SOURCES_REASONS = frozenset({"Scheduled", "FailedScheduling", "Preempted",
                                   "TriggeredScaleUp", "NotTriggerScaleUp",
                                   "SuccessfulAttachVolume", "FailedAttachVolume"})
# The API server keeps an event an hour after its last occurrence (kube-apiserver
# --event-ttl, 1 h by default): a whole record of a pod's events holds every one of its hour.
EVENT_TTL = 3600.0
_DNS_LABEL = lazy_regex(rf"^{LABEL}$")
_URL = re.compile(r'Get "?(https?)://([^/:"]+|\[[^\]]+\]):(\d{1,5})(/[^"\s]*)?"?')
# the kubelet's tcpSocket probe prints the dial error as its whole output (R2.12): `dial tcp
# 10.0.0.1:5432: connect: connection refused`; an exec probe's output may quote one inside
# its own (etcdctl's JSON warning), which tells nothing of the probe's handler or port
_DIAL = lazy_regex(r"^\s*dial tcp [^\s:]+:(\d{1,5})")
# what only Go's HTTP client prints (an httpGet probe's output, R2.8), where the URL is cut off:
# `net/http: request canceled (Client.Timeout exceeded while awaiting headers)`; or a status
# code (`messages.http_status`)
_HTTP_ONLY = lazy_regex(r"HTTP probe failed|awaiting headers|net/http:|Client\.Timeout")
# what the kubelet's grpc probe prints (pkg/probe/grpc, R2.16); grpc_health_probe run by an exec
# probe prints the same words, so the handler is a gRPC health check either way; the address
# (`failed to connect service "10.0.0.1:9090"`) gives the port when it is there
_GRPC = lazy_regex(r'^\s*(?:timeout: failed to connect service "[^"]*:(\d{1,5})" within'
                   r'|error: failed to connect service at "[^"]*:(\d{1,5})"'
                   r"|error: this server does not implement the grpc health protocol"
                   r"|timeout: health rpc did not complete within"
                   r"|error: health rpc (?:probe )?failed:"
                   r"|service unhealthy \(responded with)")
_GRPC_STAND_IN = 9090  # a port for a gRPC probe whose output names none
# an output the paste elides from its start (`Liveness probe failed: ... connect: connection
# refused`): what would name the handler (a URL, an address) is what was left out
_ELIDED = lazy_regex(rf"^\s*{ELLIPSIS}")


def clip(text: str, n: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 3] + "..."


def evidence(e: RecordedEvent) -> Evidence:
    if e.stated and e.where.line is not None:  # a reader's line: the prose's place, not it
        return Evidence(str(e.where), f"{stated_in_prose(e.where.line)}, read as {e.reason}")
    shown = f"{e.reason}" + (f" (x{e.count})" if e.count > 1 else "")
    return Evidence(str(e.where), clip(f"{shown}: {e.message}" if e.message else shown))


@dataclass
class View:
    """One container's part of the record."""

    name: str | None
    record: ContainerRecord | None
    events: list[RecordedEvent] = field(default_factory=list)
    spec: ContainerSpec | None = None
    spec_source: str = "record"
    series: list[ProbeSeries] = field(default_factory=list)
    # Whether the record's container block lists every probe the container has (describe, a
    # pod document with its spec); a `kubectl get pods` row or a bare `containerStatuses`
    # gives a restart count and no probe at all.
    lists_probes: bool = True
    # Probe events the record ties to no container that may be this one's: the pod has other
    # containers (several with such a probe, or some the record shows only by their image),
    # and the event names none (describe's rows have no fieldPath): cannot tell which
    # container's probe failed.
    unsure: list[RecordedEvent] = field(default_factory=list)
    unsure_why: str = ""  # why the record cannot tell which container they are
    # The record holds the pod's events from its scheduling on, none cut: its Scheduled event
    # is there (every later one is younger, so none has expired) and no row is cut short or
    # combined. A probe kill leaves a Killing event in that stream (R4.4): none there, none
    # happened.
    since_scheduled: bool = False
    # The pod's rows are whole (`rows_whole`), from wherever they start: with ages, the record
    # holds every event of the hour before it was taken (EVENT_TTL).
    rows_whole: bool = False
    # The pod's rows are a counted table from its Scheduled row on, none cut, past the spam
    # filter's burst too (counted_table.py: the README's back-off rule's table)
    counted_table: bool = False
    # the line of the pod's first row the author cut rows above (`cut_before`: a `...`, a
    # `(略)` over it), None where none is: rows before it are not in the record
    cut_above: int | None = None
    # the pod's Evicted event's message: the kubelet evicted the pod (a kill of it is not a
    # probe's; a pod-level event, in no container's events)
    evicted: str | None = None
    # the pod's sandbox events (SandboxChanged, FailedCreatePodSandBox; pod-level, in no
    # container's events): a sandbox changed kills every container of the pod with it, a
    # sandbox not created starts none (kuberuntime_manager.go, README's sandbox rule)
    sandbox: list[RecordedEvent] = field(default_factory=list)
    # the pod's rows, every container's and the pod's own: the spam filter's key is the pod,
    # not the container (getSpamKey leaves out the fieldPath, R4.43), so its burst counts the
    # kubelet's occurrences among them all (`past_burst`), not this container's alone
    pod_events: list[RecordedEvent] = field(default_factory=list)
    # The occurrences of the Pulled row of this container's image ensured before each start
    # (EnsureImageExists in kuberuntime's startContainer: `already present on machine` or
    # the pull's), where one row counts two or more and names no other container: the
    # container started again, so one ended; 0 when the record shows no such row.
    pulled_again: int = 0
    # The pod's rows are cut (the paste stops inside one of them, or starts inside one, or
    # its author cut rows away): rows there, this container's failures or kills among them,
    # are not in the record.
    rows_cut: bool = False
    # Rows after some of the pod's are cut away (a row's `cut_after`: a `get events` table cut
    # in another pod's row, read.py's `_cut_elsewhere`, or an author's cut under them): rows
    # there may be about this pod and of any time (README's rule of gitlab-runner-4664).
    cut_after: bool = False
    # Why rows of the pod are missing where the rows shown tell it (`rows_missing`: a
    # container created and never started or failed to start), "" where they do not: the
    # rows are cut (`rows_cut`) and not whole (`rows_whole`) then.
    rows_missing: str = ""
    # The rows are cut only as `get events` rows pasted without their header are, picked out
    # of their table (picked_rows.py), no mark of a cut among them: the README's rows-without-
    # header rule still reads such rows that hold the container's probe events and no liveness
    # or startup failure as ruling probe kills out, header or not (knative-serving-2804).
    picked_only: bool = False
    # The record names this one container and no other, nor an init container (in a block of
    # its own or an event's message): a Created or Started row cut before its message is its
    # (`attribute`); elsewhere such a row may count another container's starts.
    named_alone: bool = False
    # The pod's Start Time (describe's `Start Time:`, a pod's `status.startTime`): the kubelet
    # sets it once, when it first syncs the pod, before it starts any container of it
    # (pkg/kubelet/status/status_manager.go, updateStatusInternal)
    pod_started: Stamp = UNKNOWN_STAMP

    @property
    def lists_every_probe(self) -> bool:
        """Whether the record's block of this container lists every probe it has: describe
        and a pod document list them all, unless the block is cut before its state or
        restart count, or inside a probe's line, or before its probe lines (`probes_untold`).
        A state and count a `get pods` row gives (`restart_apart`) are no such block."""
        rec = self.record
        return rec is not None and self.lists_probes and rec.state is not None and \
            rec.restart_count is not None and not rec.restart_apart and not rec.probe_cut \
            and not rec.probes_untold

    # The plain init container the record shows failing while this app container has not
    # started ("" when none): the app containers start after every init container (R4.24).
    waits_for: str = ""
    # An end the record shows in fields without their container's name (`describe | grep -A5
    # "Last State"`) beside containers it names (`kubectl top --containers` rows): it may be
    # this container's or another's ("" when there is none)
    nameless_end: str = ""
    # The app's own end a paste shows beside the record (a runtime's last line: `Kernel pid
    # terminated`, a Go panic's; readers/app_end.py), its note's text ("" when none): the
    # container's process ended, though the record does not state what ended it
    app_end: str = ""
    # An end the record's author states of a name that is no pod or container the record shows
    # (readers/stated_apart.py: `Plex was OOM killed`), its note's text ("" when none): not
    # read as this container's end, and why the answer cannot tell
    stated_apart: str = ""
    # The pod's mark of a workload that runs to its end (work_done.py: phase Succeeded, a
    # Job's pod, restartPolicy Never or OnFailure), "" where the record shows none: a
    # Completed end (exit 0) of its container is its work done, no failure shown by it
    work_done: str = ""
    # The pod's restartPolicy is OnFailure (work_done.py): a probe-killed container is
    # restarted whatever its exit code (E13), so a last Completed end was no kill
    restarts_on_failure: bool = False


# ---------------------------------------------------------------- which container


def probe_endpoint(detail: str) -> str | None:
    """The endpoint a probe's output names (`:18790/healthz` from `Get "http://10.42.0.181:
    18790/healthz": EOF`, `:5432` from `dial tcp 10.0.0.1:5432: ...`), None when it names
    none (an exec probe's output, an empty message)."""
    m = _URL.search(detail)
    if m:
        return f":{m[3]}{(m[4] or '/').rstrip(':')}"
    d = _DIAL.search(detail)
    return f":{d[1]}" if d else None


def _port_of(detail: str) -> int | None:
    m = _URL.search(detail) or _DIAL.search(detail)
    return int(m[3] if m.re is _URL else m[1]) if m else None


def _matches(c: ContainerRecord, ev: RecordedEvent) -> bool | None:
    """Whether an Unhealthy event is about this container's probe (None: cannot tell): the
    port its output names against the probe's port, then an HTTP probe's path against the
    URL's path (the same port may be probed by two containers of one pod)."""
    pe = probe_event(ev.message)
    if pe is None or c.spec is None:
        return None
    probe = c.spec.probes().get(pe.probe)
    if probe is None:
        return False
    port = _port_of(pe.detail)
    target = c.spec.target(pe.probe)
    if port is None or target.port is None:
        return None
    url = _URL.search(pe.detail)
    if port == target.port and url is not None and target.kind is HandlerKind.HTTP_GET:
        # Go prints `Get "URL": error` (before 1.15 the URL unquoted): no colon ends a path
        return ((url[4] or "/").rstrip(":") or "/") == target.key
    return port == target.port


def _views(pod: PodRecord, chosen: str | None = None) -> list[View]:
    """A view per container the record shows (else per container its events name): the app
    containers, and a plain init container when it failed (`init_failed`) or `chosen`
    (--container) names it."""
    records = [c for c in pod.containers if not c.init or init_failed(c) or (
        chosen is not None and c.name == chosen)]
    names: list[str] = []
    for e, name in zip(pod.events, _event_names(pod), strict=True):
        if name is not None and name not in names and not e.init:
            names.append(name)
    if not records:
        names += [n for n in _evicted_names(pod) if n not in names]
        return [View(n, None) for n in names] or [View(None, None)]
    lists = ("describe" in pod.formats and WITHOUT_PROBE_LINES not in pod.formats) or (
        "pod" in pod.formats and "pod-status" not in pod.formats)
    waits = _waits_for(pod)
    views = [View(c.name, c, spec=c.spec, lists_probes=lists, pod_started=pod.start_time,
                  waits_for=waits if never_started(c) else "", work_done=work_done_mark(pod),
                  restarts_on_failure=restarts_whatever_exit(pod))
             for c in records]
    if len(views) == 1 and views[0].name is None and len(names) == 1:
        views[0].name = names[0]  # a piece of a describe: its one container, named by events
    _nameless_ends(views)
    return views


def _evicted_names(pod: PodRecord) -> list[str]:
    """The containers the pod's eviction message names (its Evicted event's, its status's):
    containers of the pod the record shows by that message alone (fx60j; go-learning-55)."""
    messages = [e.message for e in pod.events if e.reason == "Evicted"]
    if pod.status_reason == "Evicted" and pod.status_message:
        messages.append(pod.status_message)
    return [n for m in messages for n in eviction_names(m)]


def _nameless_ends(views: list[View]) -> None:
    """An end shown without its container's name, in a pod whose other records name several
    containers: each named one's `nameless_end`, since the record cannot tell whose it is."""
    nameless = [v.record for v in views if v.name is None and v.record is not None
                and v.record.containers == 1]
    named = [v for v in views if v.name is not None]
    ends = [t for r in nameless for t in (r.last, r.terminated) if t is not None]
    if len(nameless) != 1 or len(named) < 2 or not ends:
        return
    t = ends[0]
    what = " ".join(x for x in (t.reason or "", "" if t.exit_code is None else
                                f"(exit code {t.exit_code})") if x) or "an end"
    names = ", ".join(v.name for v in named if v.name is not None)
    for v in named:
        v.nameless_end = (f"the record shows a container ended {what} in fields without the "
                          f"container's name, beside the {len(named)} containers it names "
                          f"({names}): whether that end is this container's, the record does "
                          "not tell")


def init_failed(c: ContainerRecord) -> str:
    """What a plain init container's record shows of a failure ("" for none): a wait other
    than for its turn, an end other than `Completed` with exit code 0 (its current or last
    state), a restart. The pod's app containers start only once every init container has
    completed, in order (R4.24, R4.23: the pod stays Pending), so such a container is what
    the pod waits on."""
    if not c.init:
        return ""
    shown = []
    if c.state == "waiting" and c.state_reason not in (None, "PodInitializing"):
        shown.append(f"waiting: {c.state_reason}")
    for t, which in ((c.terminated, "terminated"), (c.last, "its last state")):
        if t is not None and (t.reason not in (None, "Completed")
                              or t.exit_code not in (None, 0)):
            code = "" if t.exit_code is None else f", exit code {t.exit_code}"
            shown.append(f"{which}: {t.reason or 'no reason'}{code}")
    if c.restart_count:
        shown.append(f"restarted {plural(c.restart_count, 'time')}")
    return "; ".join(shown)


def _waits_for(pod: PodRecord) -> str:
    """The first plain init container the record shows failing, as the app containers'
    diagnosis names it ("" for none)."""
    for c in pod.containers:
        why = init_failed(c)
        done = c.state == "terminated" and c.terminated is not None and \
            c.terminated.reason == "Completed" and c.terminated.exit_code in (None, 0)
        if why and not done:  # one that failed, then completed, holds nothing up
            return f"init container {c.name or '(unnamed)'} ({why})"
    return ""


def never_started(c: ContainerRecord, *, stated: bool = False) -> bool:
    """A container the record shows never started: waiting for the pod's init containers
    (`PodInitializing`, R4.24), no restart, no last state. Loose (an app container whose
    state or restart count the record leaves out, as a `get pods` row's `Init:0/1` does) for
    naming what it waits on; `stated`: the record states all of it (the waiting state and
    its reason, a restart count of 0), which is what closes its kill count."""
    if c.last is not None or c.restart_count:
        return False
    if stated:
        return c.state == "waiting" and c.state_reason == "PodInitializing" and \
            c.restart_count == 0
    return not c.init and c.state in (None, "waiting") and \
        c.state_reason in (None, "PodInitializing")


def images_only(pod: PodRecord, views: list[View]) -> str:
    """Why the pod has containers the record shows only by their image ("" if it shows
    them all): no container block lists them all, and its image rows (which name no
    container without a fieldPath) name more images than the events name containers; a
    container runs one image, so each further image is another container (an init
    container's, perhaps), unless a container's definition changed (a Killing `definition
    changed`: its image edited, loki 2.6.1 then 2.9.3): each such kill may bring one."""
    if any(not c.init for c in pod.containers):
        return ""  # describe and pod documents list every container
    images = {img for e in pod.events if not e.init and e.container is None
              and (img := pulled_image(e.message)) is not None}
    changed = sum(e.count for e in pod.events
                  if e.reason == "Killing" and kill_of(e.message)[0] is KillCause.SPEC_CHANGE)
    if len(images) <= len(views) + changed:
        return ""
    return (f"the record's image rows (Pulled) name {len(images)} images, more than the "
            f"{plural(len(views), 'container')} its events name: the pod has others the record "
            "shows only by their image")


def _candidates(views: list[View], e: RecordedEvent) -> list[View]:
    """The containers whose probes the record does not rule out for an Unhealthy event."""
    return [v for v in views if v.record is None or (_matches(v.record, e) is not False and not (
        v.record.spec is None and v.lists_every_probe))]  # a whole block without probes


def _unnamed_owner(views: list[View], e: RecordedEvent, unlisted: str) -> View | None:
    """The one container an event that names none can be about: the one whose probe's port
    its output names, else the only one (or the only one with such a probe) unless the pod
    has containers the record shows only by image (`unlisted`): then cannot tell."""
    candidates = _candidates(views, e)
    sure = [v for v in candidates if v.record is not None and _matches(v.record, e)]
    if len(sure) == 1:
        return sure[0]
    if unlisted:
        return None
    if len(views) == 1:
        return views[0]
    return candidates[0] if len(candidates) == 1 else None


def _since_scheduled(events: list[RecordedEvent]) -> bool:
    """Whether `events` hold the pod's Scheduled event, and are whole (`rows_whole`): View.
    since_scheduled."""
    return any(e.reason == "Scheduled" for e in events) and rows_whole(events)


def past_burst(events: Sequence[RecordedEvent]) -> bool:
    """Whether `events` hold as many of the kubelet's occurrences (`kubelet_occurrences`) as
    its event recorder lets through about a pod before its spam filter drops some
    (SPAM_BURST, R4.43): past it, a count is a lower bound of the occurrences."""
    # Exactly SPAM_BURST is past it (R4.43): the filter's token bucket starts full with 25
    # tokens (EventSourceObjectSpamFilter.Filter: TryAccept on a bucket of burst 25, refilled
    # one per 300 s), so it accepts the first 25 and may drop the 26th. The correlator counts
    # an occurrence before the filter drops it (EventCorrelate: eventObserve, then the
    # filter), so a drop before a row's last written occurrence shows in that row's count
    # (then the rows shown hold 26 or more), and a drop after every row's last written one
    # shows nowhere: 25 occurrences shown may all have been let through and the next dropped
    # without a trace. Under 25 the bucket never ran dry, and nothing was dropped.
    return kubelet_occurrences(events) >= SPAM_BURST


def kubelet_occurrences(events: Sequence[RecordedEvent]) -> int:
    """The occurrences of `events` that the kubelet recorded (`kubelet_row`): those its spam
    filter counts towards its burst. client-go keys the filter by the event's source (its
    component and host) and its object (`getSpamKey`, R4.43), so the scheduler's Scheduled
    event about the same pod takes none of the kubelet's 25."""
    return sum(e.count for e in events if kubelet_row(e))


def kubelet_row(e: RecordedEvent) -> bool:
    """Whether `e` is the kubelet's (the spam filter's key holds the source, R4.43): by its
    From or SOURCE cell where the record gives one (`kubelet`, `kubelet, node-1`; another
    component's, `default-scheduler`, is not), else by its reason (`OTHER_SOURCES_REASONS`:
    the scheduler's, an autoscaler's, a controller's). A cell the paste cuts inside `kubelet`
    (`kube` at a row's end) names no other source: its reason tells."""
    if e.component.startswith("kubelet"):
        return True
    if e.component and not "kubelet".startswith(e.component):
        return False
    return e.reason not in OTHER_SOURCES_REASONS


def rows_whole(events: list[RecordedEvent]) -> bool:
    """Whether `events` are whole: some, none of them cut short or combined by the
    aggregator, fewer occurrences than the event recorder lets through before it drops some
    (SPAM_BURST), and the last not a probe's output over lines, which has no end mark to tell
    a cut by. Rows a mark of the record cuts (`_rows_cut`: the last row left inside a list,
    an object, a request or a probe's output included) are not whole."""
    last = last_row(events)
    return last is not None and not _rows_cut(events) and not any(
        e.combined or cut_short(e.message) for e in events) and \
        not past_burst(events) and "\n" not in last.message


def rows_missing(events: list[RecordedEvent]) -> str:
    """Why rows of the pod are missing where the rows shown tell it, or "": a container's
    Created row with no Started or Failed row of it (`unstarted_why`, the corpus README's
    rule of the Created row), while the pod's rows hold fewer occurrences than the event
    recorder lets through (SPAM_BURST: past it, the burst rule tells the dropped rows).
    Such events are neither whole (`rows_whole`) nor uncut (`_rows_cut`)."""
    if past_burst(events):
        return ""
    return unstarted_why(events, _names_of(events))


def within_ttl(e: RecordedEvent, before: float = 0.0) -> bool:
    """Whether the record's ages put `e`, first and last, less than EVENT_TTL - `before`
    seconds before the moment the record was taken: an hour the record's events, whole,
    show all of."""
    return all(s.kind is StampKind.AGE and s.age_hi is not None
               and s.age_hi + before < EVENT_TTL for s in (e.first, e.last))


def reaches_ttl(events: Sequence[RecordedEvent]) -> bool:
    """Whether the record's ages put a row's first occurrence EVENT_TTL or more before the
    moment the record was taken: the pod's events span the hour the API server keeps an event
    after its last write (`--event-ttl`), and a row last written before that hour is gone
    (the lead's rule of rows lost, stop 60)."""
    return any(e.first.kind is StampKind.AGE and e.first.age_lo is not None
               and e.first.age_lo >= EVENT_TTL for e in events)


def attribute(pod: PodRecord, chosen: str | None = None
              ) -> tuple[list[View], list[RecordedEvent]]:
    """Each container's events; the events no container can be told to own. An event names its
    container by fieldPath (documents, old describe tables) or in its message (`Container app
    failed liveness probe`, `Started container app`); an Unhealthy event names none, and goes
    to the one container with such a probe (matched by the port in its output when several have
    one). A probe event no container can be told to own is each candidate's `unsure` event:
    cannot tell which container's probe failed. An init container is explained only when
    `chosen` names it (its events then go to it)."""
    views = _views(pod, chosen)
    whole, hour = _since_scheduled(pod.events), rows_whole(pod.events)
    for v in views:
        v.since_scheduled, v.rows_whole, v.named_alone = whole, hour, _named_alone(pod, views)
        v.pod_events = pod.events
    _table_marks(pod.events, views)
    unlisted = images_only(pod, views)
    named = {v.name: v for v in views if v.name is not None}
    loose: list[RecordedEvent] = []
    for e, name in zip(pod.events, _event_names(pod), strict=True):
        if name is not None and name in named:
            named[name].events.append(e)
        elif e.reason in POD_REASONS or (unlisted and pulled_image(e.message)):
            _the_pods(views, e)  # about the pod, or an image row of a container it cannot name
        elif e.init:  # an init container's: explain explains the app containers
            loose.append(e)
        elif (owner := _unnamed_owner(views, e, unlisted)) is not None:
            owner.events.append(e)
        else:
            loose.append(e)
            if probe_row(e):
                _unsure(_candidates(views, e), e, unlisted)
    for x in pod.series:
        mine = [v for v in views if x.container is not None and v.name == x.container]
        (mine or views[:1])[0].series.append(x)
    _cut_marks(pod.events, views)
    _status_evicted(pod, views)
    for v in views:
        v.pulled_again, v.app_end = _pulled_again(pod, v, named), _app_end(pod)
        v.stated_apart = _stated_apart(pod)
    return views, loose


def _cut_marks(events: list[RecordedEvent], views: list[View]) -> None:
    """Where the pod's rows are cut, on each view (`View.rows_cut`, `rows_missing`): by a mark
    of the record (`_rows_cut`), or as `get events` rows picked out of their table are
    (picked_rows.py; `View.picked_only` where that alone cuts them)."""
    marked, missing, picked = _rows_cut(events), rows_missing(events), picked_get_rows(events)
    for v in views:
        v.rows_cut, v.rows_missing = marked or picked, missing
        v.cut_after = any(e.cut_after for e in events)
        v.picked_only = picked and not marked


def _table_marks(events: list[RecordedEvent], views: list[View]) -> None:
    """What the pod's table shows as a whole, on each view: a counted table from its
    Scheduled row on (`View.counted_table`) and where rows were cut above (`View.cut_above`):
    counted_table.py."""
    counted, above = counted_from_scheduled(events), first_cut_above(events)
    for v in views:
        v.counted_table, v.cut_above = counted, above


def _the_pods(views: list[View], e: RecordedEvent) -> None:
    """An event about the whole pod, on every container's view where it tells of them: an
    eviction, and the sandbox's failures (every container killed with a changed sandbox, none
    started while it cannot be made)."""
    for v in views:
        if e.reason == "Evicted":
            v.evicted = e.message
        if e.reason in SANDBOX_REASONS:
            v.sandbox.append(e)


def _status_evicted(pod: PodRecord, views: list[View]) -> None:
    """A pod whose status says the kubelet evicted it (core/v1 PodStatus `reason: Evicted`,
    its `message` why: pkg/kubelet/eviction's Evicted reason, the status it writes for a pod
    it evicts), as its Evicted event says it (`_the_pods`): on every container's view."""
    if pod.status_reason != "Evicted":
        return
    for v in views:
        if v.evicted is None:
            v.evicted = pod.status_message or pod.status_reason


def _app_end(pod: PodRecord) -> str:
    """The app's own end a paste of the pod shows (`View.app_end`), "" when none."""
    return next((n.text for n in pod.notes if n.kind is NoteKind.APP_END), "")


def _stated_apart(pod: PodRecord) -> str:
    """The end its author states of a name that is no pod or container (`View.stated_apart`),
    "" when none."""
    return next((n.text for n in pod.notes if n.kind is NoteKind.STATED_APART), "")


def _pulled_again(pod: PodRecord, v: View, named: dict[str, View]) -> int:
    """The most occurrences of a Pulled row of the container's (`View.pulled_again`): the
    kubelet ensures the image before each start of a container, one event each, folded by
    the container's fieldPath (EnsureImageExists; client-go's getEventKey), so a row of two
    occurrences or more is a container started again. A row the record gives another
    container, or an init container's, is not this one's."""
    counts = [e.count for e, name in zip(pod.events, _event_names(pod), strict=True)
              if e.reason == "Pulled" and not e.init and e.count >= 2
              and (name is None or name == v.name or name not in named)]
    return max(counts, default=0)


def _rows_cut(events: list[RecordedEvent]) -> bool:
    """Whether the pod's rows are cut by a mark of the record (`View.rows_cut`): a row cut
    short or after a cut, or the last row stopping where its message shows a cut."""
    return any(e.truncated or e.cut_before or e.cut_after for e in events) or \
        bool(rows_missing(events)) or _ends_inside_a_list(events) or _ends_inside_an_object(events) or \
        _ends_inside_an_output(events) or _ends_inside_a_request(events)


def _ends_inside_a_request(events: list[RecordedEvent]) -> bool:
    """Whether the record's last row stops inside an HTTP probe's request error, before the
    error itself (`request_cut`): rows after it are not in the record."""
    last = last_row(events)
    return last is not None and request_cut(last.message.strip())


def _ends_inside_a_list(events: list[RecordedEvent]) -> bool:
    """Whether the record's last row stops inside a list its message opened: the kubelet
    prints a Go slice whole, `unmounted volumes=[a b]`, so a message whose `[` is not closed
    was cut there, and rows after it are not in the record (jenkinsci-kubernetes-operator-242's
    FailedMount row, `=[scripts init-configuration operator-cre`)."""
    last = last_row(events)
    return last is not None and last.message.count("[") > last.message.count("]")


# the most of an exec probe's output the kubelet keeps (R2.13); a message that long may end
# where the kubelet cut it, not the paste
_OUTPUT_KEPT = 10 * 1024


def _ends_inside_an_object(events: list[RecordedEvent]) -> bool:
    """Whether the record's last row stops inside a JSON object its message opened, well short
    of the output the kubelet keeps (R2.13): a probe's JSON log line is written whole
    (grpc-health-probe's `{"level":"info",...,"msg":"timeout: ..."}`), so a message whose
    `{` is not closed was cut there by the paste, and rows after it are not in the record
    (amazon-vpc-cni-k8s-1038's readiness row, cut at `withi`, fenced or not)."""
    last = last_row(events)
    return last is not None and len(last.message) < _OUTPUT_KEPT and \
        last.message.count("{") > last.message.count("}")


def _ends_inside_an_output(events: list[RecordedEvent]) -> bool:
    """Whether the record's last row stops where a probe's output begins (`Readiness probe
    failed:` and nothing after) of a probe the record shows, by its other failures' output, to
    be an HTTP or TCP probe: the kubelet's HTTP and TCP probers always say why they failed (the
    status code or the client's error: pkg/probe/http/http.go, pkg/probe/tcp/tcp.go; the
    prober prints it after `probe failed:`, pkg/kubelet/prober/prober.go), so the message was
    cut there and rows after it are not in the record (kong-11698). Only an exec probe's output
    may be empty."""
    last = last_row(events)
    p = probe_event(last.message) if last is not None else None
    if p is None or p.outcome is not ProbeOutcome.FAILED or p.detail:
        return False
    others = (probe_event(e.message) for e in events if e is not last)
    return any(o is not None and o.probe is p.probe and o.outcome is ProbeOutcome.FAILED
               and not _NETWORK.isdisjoint(_handler_from(o.detail, o.probe)[0]) for o in others)


# the handlers whose prober always prints an output when it fails (`_ends_inside_an_output`)
_NETWORK = frozenset({"httpGet", "tcpSocket"})


def _named_alone(pod: PodRecord, views: list[View]) -> bool:
    """The record names one container and no other, nor an init container: `View.named_alone`
    (a `Defaulted container` line's list names the pod's every container, defaulted.py)."""
    return len(views) == 1 and views[0].name is not None and not any(
        c.init for c in pod.containers) and not any(e.init for e in pod.events) and all(
        n == views[0].name for n in pod.listed)


def probe_lost(e: RecordedEvent) -> bool:
    """Whether `e` is an Unhealthy row whose message the record lost (cut before it, or one or
    two letters into it, `too_short_to_name`): some probe's call failed or errored (R2.3),
    which probe the record does not say (README, gaps of gapsb42); beside several containers
    each may own it (`_unsure`), and the pod's answer weighs it (README's rule of probe
    failures naming no container; fix91, fabric-operator-154's `Warning  Unh`)."""
    return e.reason == "Unhealthy" and (not e.message.strip() or (
        e.truncated and too_short_to_name(e.message)))


def probe_row(e: RecordedEvent) -> bool:
    """Whether `e` is a probe's: its message a probe's, or an Unhealthy row whose message the
    record lost (`probe_lost`: some probe's failure, R2.3). Such a row naming no container
    beside several is each one's that may own it (`_unsure`; fix91)."""
    return probe_event(e.message) is not None or probe_lost(e)


def _unsure(candidates: list[View], e: RecordedEvent, unlisted: str) -> None:
    """A probe event each candidate may own, and why the record cannot tell which."""
    shown = [v for v in candidates if v.spec is not None]
    why = unlisted or (f"{len(candidates)} containers have such a probe and its output does "
                       "not tell them apart" if len(shown) == len(candidates) else
                       f"the record shows the probes of {len(shown) or 'none'} of the "
                       f"{len(candidates)} containers it may be about, so any of them may have "
                       "such a probe")
    for v in candidates:
        v.unsure.append(e)
        v.unsure_why = why


def _event_names(pod: PodRecord) -> list[str | None]:
    """The container each event names (by fieldPath or in its message). The record's last
    row cut inside its container's name (`Created container n` after rows naming
    `nginx-ingress-controller`) names the one container whose name begins so."""
    names = _names_of(pod.events)
    cut = names[-1] if names and pod.events[-1].container is None else None
    if cut is not None:
        longer = {n for n in names[:-1] if n is not None and n != cut and n.startswith(cut)}
        if len(longer) == 1:
            names[-1] = longer.pop()
    return names


def _names_of(events: list[RecordedEvent]) -> list[str | None]:
    """The container each event names, by its fieldPath or in its message."""
    return [e.container or _named(e) for e in events]


def _named(e: RecordedEvent) -> str | None:
    if e.reason == "Killing":
        return kill_of(e.message)[1]
    if e.reason == "BackOff":
        return backoff_container(e.message)[1]
    if e.reason in ("Started", "Created"):
        return started_container(e.message)
    return None


# ---------------------------------------------------------------- probe settings


def _handler_from(detail: str | None, probe: ProbeType) -> tuple[dict[str, object], str]:
    """A handler the record's probe output implies, when the record shows no settings;
    `detail` None: no failure message of the probe is in the record (only a Killing row, or
    a metric series, names it), so its output gives no hint of an exec probe either."""
    if detail is None:
        return ({"exec": {"command": [f"(the {probe.value} command)"]}},
                f"nothing in the record: no {probe.value} failure message is in it (a Killing "
                "row or a metric names the probe); an exec probe stands in for the unknown "
                "handler")
    m = _URL.search(detail)
    if m:
        # Go prints `Get "URL": error` (and, before 1.15, the URL unquoted): no colon ends a path
        return ({"httpGet": {"path": (m[4] or "/").rstrip(":") or "/", "port": int(m[3]),
                             "scheme": m[1].upper()}},
                f"the URL in the event ({m[0][:60].rstrip(':')})")
    g = _GRPC.match(detail)
    if g:
        port = g[1] or g[2]
        return ({"grpc": {"port": int(port or _GRPC_STAND_IN)}},
                "a gRPC health check's output (the kubelet's grpc probe, or grpc_health_probe "
                "run by an exec probe, print the same)" + (
                    "" if port else f"; its port is not in the record ({_GRPC_STAND_IN} "
                                    "stands in for it)"))
    if _HTTP_ONLY.search(detail) or http_status(detail) is not None:
        return {"httpGet": {"path": "/", "port": 8080}}, "an HTTP probe (path and port unknown)"
    d = _DIAL.search(detail)
    if d:
        return {"tcpSocket": {"port": int(d[1])}}, f"the port in the event ({d[1]})"
    if _ELIDED.match(detail):
        return ({"exec": {"command": [f"(the {probe.value} command)"]}},
                "nothing in the record: the paste elides the output's start (`...`), where "
                "a URL or address would show; an exec probe stands in for the unknown handler")
    return ({"exec": {"command": [f"(the {probe.value} command)"]}},
            "an exec probe (the command is not in the record)")


def _assumed(view: View, t: ProbeType, detail: str | None, kills: int
             ) -> tuple[dict[str, object], Setting]:
    """A probe the record mentions but does not set: the API's defaults, with what its events
    give (failureThreshold and periodSeconds from one series ending in one kill), and a
    handler from its output. (the probe's data, its setting)"""
    handler, how = _handler_from(detail, t)
    if not detail and _failures_stated(view.events, t):
        how = (f"nothing in the record: its author's prose states the {t.value} probe's failure, "
               "not its output; an exec probe stands in for the unknown handler")
    values = dict(DEFAULTS)
    why = f"assumed: the API's defaults (the record shows no {t.field}); handler from {how}"
    source = Source.ASSUMED
    inferred = _infer(view.events, t, kills)
    if inferred is not None and inferred.values:
        values.update(inferred.values)
        why = (f"inferred from the events: {inferred.why}; the rest assumed (API defaults); "
               f"handler from {how}")
        source = Source.INFERRED
    elif inferred is not None:  # failures that came in several runs: no threshold to read
        why += f"; {inferred.why}"
    elif (spaced := _spacing(view.events, t)) is not None:
        # the period alone: the failureThreshold the setting shows stays the API's default
        # (assumed), which is how the findings weigh it
        values.update(spaced[0])
        why = (f"periodSeconds read from the events: {spaced[1]}; the rest assumed (the API's "
               f"defaults: the record shows no {t.field}); handler from {how}")
    return {**handler, **values}, Setting(
        t, source, int(values["periodSeconds"]), int(values["timeoutSeconds"]),
        int(values["failureThreshold"]), int(values["successThreshold"]),
        int(values["initialDelaySeconds"]), "", next(iter(handler)), why)


def _with_assumed(view: View, base: ContainerSpec | None, probes: dict[str, object]
                  ) -> ContainerSpec:
    """The container with the record's (or --spec's) probes and the assumed ones."""
    name = view.name if view.name and _DNS_LABEL.match(view.name) else "app"
    data: dict[str, object] = {"name": name, **probes}
    if base is not None:
        for t, p in base.probes().items():
            data[t.field] = probe_data(p)
        data["ports"] = [{"containerPort": p.container_port, **({"name": p.name} if p.name
                                                                else {})} for p in base.ports]
    return parse_container(data)


def settings(view: View, spec_override: ContainerSpec | None) -> tuple[ContainerSpec | None,
                                                                        list[Setting]]:
    """The container's probes: from the record, from --spec, inferred from the events, or
    assumed to be the API's defaults, for each probe type the record mentions."""
    base, source = view.spec, Source.RECORD
    if spec_override is not None:
        base, source = spec_override, Source.SPEC
    given = base.probes() if base is not None else {}
    out = [_setting(t, p, base, source, "") for t, p in given.items() if base is not None]
    seen = _probe_types(view.events)
    for x in view.series:
        if x.result == "failed":
            seen.setdefault(ProbeType(x.probe_type.lower()), None)
    kills_by = _kill_counts(view.events)
    probes: dict[str, object] = {}
    for t, detail in seen.items():
        if t not in given:
            probes[t.field], setting = _assumed(view, t, detail, kills_by.get(t, 0))
            out.append(setting)
    if not probes:
        return base, out
    spec = _with_assumed(view, base, probes)
    return spec, [_setting(s.probe, spec.probes()[s.probe], spec, s.source, s.why) for s in out]


def _setting(t: ProbeType, p: Probe, spec: ContainerSpec, source: Source, why: str
             ) -> Setting:
    return Setting(t, source, p.period_seconds, p.timeout_seconds, p.failure_threshold,
                   p.success_threshold, p.initial_delay_seconds, spec.target(t).key,
                   p.handler_kind.value, why)


def _probe_types(events: list[RecordedEvent]) -> dict[ProbeType, str | None]:
    """Each probe type the events show failing or killing, with the first output they give
    of it ("" when its failures give none, None when no failure of it is in the record): a
    Killing row above the failures (describe orders rows by last seen) gives no output, and
    must not hide the one its failures give."""
    out: dict[ProbeType, str | None] = {}
    for e in events:
        pe = probe_event(e.message) if e.reason in ("Unhealthy", "ProbeWarning") else None
        if pe is not None and not out.get(pe.probe):  # a Killing row above it gave no output
            out[pe.probe] = pe.detail
        if e.reason == "Killing":
            cause = kill_of(e.message)[0]
            if cause in (KillCause.LIVENESS, KillCause.STARTUP):
                out.setdefault(ProbeType(cause.value), None)
    return out


def _failures_stated(events: list[RecordedEvent], t: ProbeType) -> bool:
    """Whether every failure row of probe `t` is one its author states (RecordedEvent.stated:
    a reader's line with no output, which tells nothing of the probe's handler) and there is
    one."""
    rows = [e for e in events if e.reason in ("Unhealthy", "ProbeWarning")
            and (pe := probe_event(e.message)) is not None and pe.probe is t]
    return bool(rows) and all(e.stated for e in rows)


def _kill_counts(events: list[RecordedEvent]) -> dict[ProbeType, int]:
    out: dict[ProbeType, int] = {}
    for e in events:
        if e.reason == "Killing":
            cause = kill_of(e.message)[0]
            if cause in (KillCause.LIVENESS, KillCause.STARTUP):
                t = ProbeType(cause.value)
                out[t] = out.get(t, 0) + e.count
    return out


def _span(first: When, last: When) -> tuple[float, float] | None:
    if not (first.known and last.known):
        return None
    assert first.lo is not None and first.hi is not None
    assert last.lo is not None and last.hi is not None
    return max(0.0, last.lo - first.hi), max(0.0, last.hi - first.lo)


class _Inference(NamedTuple):
    """What one series of failures before one kill gives of its probe's settings."""

    values: dict[str, int]  # failureThreshold and periodSeconds; empty: the series gives none
    why: str  # how they were read, or why the series gives none


def _infer(events: list[RecordedEvent], t: ProbeType, kills: int) -> _Inference | None:
    """failureThreshold (failures per kill) and periodSeconds (their spacing) of a liveness
    or startup probe, from one Unhealthy series that ended in one kill, its failures one run
    in a row (`run_shape`, at the period read or the API's default): failures that came in
    several runs (a restart, or the endpoint answering, between them) were not all counted
    toward the kill, and give no failureThreshold (R1.17)."""
    if kills != 1 or t is READINESS:
        return None
    failed = [e for e in events if e.reason == "Unhealthy" and (pe := probe_event(e.message))
              is not None and pe.probe is t and pe.outcome == "failed"]
    if len(failed) != 1 or failed[0].count < 2:
        return None
    e = failed[0]
    mine = [k for k in events if k.reason == "Killing" and kill_of(k.message)[0].value == t.value]
    if not all(k.count_stated for k in mine):
        return None  # a kill row without its count is at least one kill, not one
    if any(certainly_after(e.last, k.last) for k in mine):
        return None  # the series ran on past the kill: not all its failures came before it
    out = {"failureThreshold": e.count}
    why = f"{e.count} failures before the one kill"
    lo, hi = _age_span(e)
    if hi is not None and lo is not None:
        step_lo, step_hi = lo / (e.count - 1), hi / (e.count - 1)
        # the grid is exact (E1): the spacing is a whole periodSeconds, up to the ages' rounding
        whole = list(range(max(1, math.ceil(step_lo - 0.05)), math.floor(step_hi + 0.05) + 1))
        if len(whole) == 1:
            out["periodSeconds"] = whole[0]
            why += f", {e.count} failures over {lo:g}-{hi:g} s (one every {whole[0]} s)"
        period = out.get("periodSeconds", DEFAULTS["periodSeconds"])
        step = _gap(period, DEFAULTS["timeoutSeconds"], _detail(e))
        if run_shape(e.count, lo, hi, step) is not Shape.RUN:
            return _Inference({}, (
                f"failureThreshold not read from the {e.count} failures before the one kill: "
                f"over {_secs(lo, hi)}, longer than {e.count} in a row take at periodSeconds "
                f"{period:g} ({e.count - 1} x {step:g} s = {(e.count - 1) * step:g} s), they "
                "came in several runs, not all counted toward the kill (R1.17)"))
    return _Inference(out, why)


def _detail(e: RecordedEvent) -> str:
    pe = probe_event(e.message)
    return pe.detail if pe is not None else ""


def _spacing(events: list[RecordedEvent], t: ProbeType) -> tuple[dict[str, int], str] | None:
    """periodSeconds from the probe's failures stamped one by one to well under a second (the
    kubelet's log): the worker probes every periodSeconds on its grid (E1), so consecutive
    failures lie a whole number of periods apart, give or take how long each probe took
    (under timeoutSeconds, the default 1 s); the closest pair sets it when every other gap
    is a whole multiple of it."""
    at = sorted(-e.last.age_lo for e in events if e.reason == "Unhealthy" and e.count == 1
                and e.last.kind is StampKind.AGE and e.last.age_lo is not None
                and e.last.age_hi is not None and e.last.age_hi - e.last.age_lo < 0.01
                and (pe := probe_event(e.message)) is not None and pe.probe is t
                and pe.outcome == "failed")
    gaps = [b - a for a, b in itertools.pairwise(at)]
    if len(gaps) < 2 or min(gaps) < 1.0:
        return None
    period = round(min(gaps))
    if any(abs(g / period - round(g / period)) * period > 0.5 for g in gaps):
        return None
    return {"periodSeconds": period}, (f"{len(at)} failures in the kubelet's log, "
                                       f"{period} s apart or a whole number of times that")


def certainly_after(a: Stamp, b: Stamp) -> bool:
    """Whether the time `a` comes after `b` whatever the rounding of either: by their
    absolute times, or by ages (an age is younger than every age in `b`'s range)."""
    if a.at is not None and b.at is not None:
        return a.at > b.at
    return a.age_hi is not None and b.age_lo is not None and a.age_hi <= b.age_lo


def _age_span(e: RecordedEvent) -> tuple[float | None, float | None]:
    f, la = e.first, e.last
    if f.age_lo is not None and f.age_hi is not None and la.age_lo is not None \
            and la.age_hi is not None:
        return max(0.0, f.age_lo - la.age_hi), f.age_hi - la.age_lo
    if f.at is not None and la.at is not None:
        return la.at - f.at, la.at - f.at
    return None, None


# ---------------------------------------------------------------- streaks


def _step(setting: Setting, detail: str) -> float:
    """Start-to-start time of consecutive failing probes: the period, or the timeout when
    timeouts take longer (R1.11, R1.12)."""
    return _gap(setting.period, setting.timeout, detail)


def _gap(period: float, timeout: float, detail: str) -> float:
    """`_step` of a probe of that period and timeout whose failure said `detail`."""
    timed_out = "deadline exceeded" in detail or "timed out" in detail or "Timeout" in detail
    return float(max(period, timeout) if timed_out else period)


def run_shape(n: int, lo: float, hi: float, step: float) -> Shape:
    """How `n` failures over `lo`-`hi` s came, a probe every `step` s (`_step`): RUN, one run
    in a row (n - 1 steps, give or take the kubelet's latency: a sync hop per probe at most);
    RUNS, spread over longer than a run takes (a restart, or the endpoint answering, in
    between); DENSE, denser than one every `step` s."""
    expect = (n - 1) * step
    slack = 1.0 + 0.5 * (n - 1) ** 0.5
    if lo - slack <= expect <= hi + slack:
        return Shape.RUN
    return Shape.RUNS if expect < lo - slack else Shape.DENSE


def streaks(view: View, tb: Timebase, by_type: dict[ProbeType, Setting]) -> list[Streak]:
    out = []
    for e in view.events:
        if e.reason not in ("Unhealthy", "ProbeWarning"):
            continue
        pe = probe_event(e.message)
        if pe is None:
            continue
        first, last = tb.of(e.first), tb.of(e.last)
        if e.count > 1:
            first = first.with_confidence(_series(first))
            last = last.with_confidence(_series(last))
        setting = by_type.get(pe.probe)
        reading, spacing, shape = _reading(e, first, last, setting, pe.detail, pe.probe)
        reading = _OUTCOME_READING.get(pe.outcome, "") + reading
        if e.combined:
            reading = _COMBINED_READING + reading
        out.append(Streak(pe.probe, pe.outcome, clip(pe.detail, 300), e.count, first, last,
                          reading, spacing, (evidence(e),), shape, count_stated=e.count_stated,
                          stated=e.where.line if e.stated else None))
    return out


# what a streak's outcome says before its reading: a prober error is no failure; a message
# cut before its verb does not say which it was (messages.cut_probe_head)
_OUTCOME_READING = {
    ProbeOutcome.ERRORED: (
        "prober errors, not failures: the kubelet retries an errored probe up to 3 times, then "
        "throws the result away; errors never count toward failureThreshold and never kill "
        "(R2.2, E4). "),
    ProbeOutcome.UNTOLD: (
        "the message is cut before its verb, in the words that name the probe: the kubelet "
        "writes Unhealthy for a probe call that failed (`probe failed`) or errored (`probe "
        "errored`) alone, so the probe failed or errored at least once, which of them the "
        "record does not say (R2.2, R2.3). "),
}


# the event aggregator (client-go's EventAggregatorByReasonFunc) keys a combined row on the
# pod and the reason, not on the message or the fieldPath: its count holds every Unhealthy
# event of the pod whose message differed, of any probe and any container
_COMBINED_READING = ("combined from similar events: the count is of the pod's events of this "
                     "reason whose messages differed, of any probe or container (the event "
                     "aggregator keys them on the reason alone), the message the last one's; ")


def untold_streaks(view: View, tb: Timebase) -> list[Streak]:
    """The failures of the probe events that may be this container's (`view.unsure`): read
    without its settings, since they may be another container's probe."""
    other = View(view.name, None, events=view.unsure)
    return [replace(s, owner=Owner.UNTOLD, reading=(
        f"cannot tell which container's probe: the event names no container, and "
        f"{view.unsure_why}; {s.reading}")) for s in streaks(other, tb, {})]


def _series(w: When) -> Confidence:
    return Confidence.SERIES if w.confidence is not Confidence.UNKNOWN else w.confidence


def _reading(e: RecordedEvent, first: When, last: When, setting: Setting | None, detail: str,
             probe: ProbeType) -> tuple[str, Interval | None, Shape]:
    """What the count and span of a series say: one run at the probe's period, several runs,
    or denser than the period. (text, spacing interval, shape)"""
    n = e.count
    if n == 1:
        return "one failure", None, Shape.SINGLE
    span = _span(first, last)
    if span is None:
        return (f"{n} failures; the record does not give both their first and last time", None,
                Shape.UNKNOWN)
    lo, hi = span
    spacing = Interval(lo / (n - 1), hi / (n - 1))
    text = f"{n} failures over {_secs(lo, hi)}"
    if setting is None:
        return text, spacing, Shape.UNKNOWN
    step = _step(setting, detail)
    expect = (n - 1) * step
    shape = run_shape(n, lo, hi, step)
    if shape is Shape.RUN:
        return (f"{text}: one run of {n} in a row, one every {step:g} s as periodSeconds says"
                f" ({n - 1} x {step:g} s = {expect:g} s)"), spacing, Shape.RUN
    if shape is Shape.RUNS:
        return (f"{text}, longer than {n} in a row take ({n - 1} x {step:g} s = {expect:g} s): "
                "the failures came in several runs (a restart, or the endpoint answering, in "
                "between)"), spacing, Shape.RUNS
    if probe is READINESS:
        return (f"{text}, denser than one every {step:g} s: while the container is not Ready "
                "the kubelet also runs the readiness probe at every pod sync (R1.13, E6)"), \
            spacing, Shape.DENSE
    shown = "the API's defaults assumed" if setting.source is Source.ASSUMED else "those shown"
    return (f"{text}, denser than one every {step:g} s: the probe's settings must differ from "
            f"{shown}, or the events of several containers are merged"), spacing, Shape.DENSE


def duration_text(seconds: float) -> str:
    """`45 s`, `3 min 20 s`, `5 h 26 min`, `5 d 15 h`."""
    s = round(seconds)
    if s < 120:
        return f"{seconds:g} s" if seconds != s else f"{s} s"
    if s < 3600:
        return f"{s // 60} min" + (f" {s % 60} s" if s % 60 else "")
    if s < 86400:
        return f"{s // 3600} h" + (f" {s % 3600 // 60} min" if s % 3600 // 60 else "")
    return f"{s // 86400} d" + (f" {s % 86400 // 3600} h" if s % 86400 // 3600 else "")


def _secs(lo: float, hi: float) -> str:
    if abs(hi - lo) < 0.5:
        return duration_text(lo)
    if hi < 120:
        return f"{lo:g}-{hi:g} s"
    return f"{duration_text(lo)} to {duration_text(hi)}"


def metric_streaks(series: list[ProbeSeries], tb: Timebase,
                   by_type: dict[ProbeType, Setting]) -> list[Streak]:
    """Failure runs from prober_probe_total: a run is the consecutive samples whose `failed`
    counter rose while the `successful` one did not; its failures lie between the sample
    before and the sample where the counter rose (the query's step is the precision)."""
    out = []
    for t in ProbeType:
        failed = [x for x in series if x.probe_type == t.event_name and x.result == "failed"]
        if not failed:
            continue
        ok = [x for x in series if x.probe_type == t.event_name and x.result == "successful"]
        rises = _rises(failed)
        good = _rises(ok)
        run: list[tuple[float, float, int]] = []
        for step in sorted(rises):
            clean = step not in good
            if run and run[-1][1] == step[0] and clean:
                run.append((step[0], step[1], rises[step]))
                continue
            if run:
                out.append(_metric_streak(t, run, tb, by_type, failed[0].where))
            run = [(step[0], step[1], rises[step])]
        if run:
            out.append(_metric_streak(t, run, tb, by_type, failed[0].where))
    return out


def _rises(series: list[ProbeSeries]) -> dict[tuple[float, float], int]:
    """(previous sample time, sample time) -> how much the counter rose (a drop is a reset:
    the kubelet restarted, and the new value is all new)."""
    out: dict[tuple[float, float], int] = {}
    for x in series:
        samples = list(x.samples)
        if len(samples) >= 2 and samples[0][1] > 0:
            # a labelled counter appears with its first increment: the first sample's value
            # rose from 0 within the step before it
            step = samples[1][0] - samples[0][0]
            samples.insert(0, (samples[0][0] - step, 0.0))
        for (t0, v0), (t1, v1) in itertools.pairwise(samples):
            rise = v1 - v0 if v1 >= v0 else v1
            if rise > 0:
                out[(t0, t1)] = out.get((t0, t1), 0) + int(rise)
    return out


def _metric_streak(t: ProbeType, run: list[tuple[float, float, int]], tb: Timebase,
                   by_type: dict[ProbeType, Setting], where: object) -> Streak:
    count = sum(n for _, _, n in run)
    first = _between(run[0][0], run[0][1], tb)
    last = _between(run[-1][0], run[-1][1], tb)
    setting = by_type.get(t)
    reading = f"{count} failures in {len(run)} consecutive sample step(s) of prober_probe_total"
    if setting is not None and first.known and last.known:
        assert first.lo is not None and last.hi is not None
        fits = count <= (last.hi - first.lo) / setting.period + 1 + 1e-6
        reading += (f", no success between them: one run, one every {setting.period} s fits"
                    if fits else ", more than one every periodSeconds: other settings")
    return Streak(t, ProbeOutcome.FAILED, "(from prober_probe_total)", count, first, last, reading, None,
                  (Evidence(str(where), f"prober_probe_total{{probe_type={t.event_name},"
                                        f"result=failed}} rose by {count}"),),
                  Shape.RUN if len(run) >= 1 else Shape.SINGLE, StreakSource.METRICS)


def _between(t0: float, t1: float, tb: Timebase) -> When:
    a = tb.of(Stamp(StampKind.ABSOLUTE, at=t0))
    b = tb.of(Stamp(StampKind.ABSOLUTE, at=t1))
    if not (a.known and b.known):
        return When(None, None, Confidence.SERIES, t1)
    return When(a.lo, b.hi, Confidence.SERIES, t1)


# ---------------------------------------------------------------- kills, back-offs, exits


def kills(view: View, tb: Timebase, by_type: dict[ProbeType, Setting]) -> list[Kill]:
    out = []
    for e in view.events:
        if e.reason != "Killing":
            continue
        cause, _, _ = kill_of(e.message)
        first, last = tb.of(e.first), tb.of(e.last)
        setting = by_type.get(ProbeType(cause.value)) if cause in (
            KillCause.LIVENESS, KillCause.STARTUP) else None
        if e.truncated and not e.message:
            cause = KillCause.UNKNOWN
        for i in _listed(e.count):
            if e.count == 1:
                at = last
            elif i == 1:
                at = first.with_confidence(_series(first))
            elif i == e.count:
                at = last.with_confidence(_series(last))
            else:
                at = When(first.lo, last.hi, Confidence.SERIES) if first.known and last.known \
                    else UNKNOWN_WHEN
            out.append(Kill(i, e.count, cause, at, counted_failures(at, setting),
                            clip(e.message),
                            (evidence(e),), e.where.line if e.stated else None))
    return out


MAX_LISTED = 20  # kills of one event, failures of one kill: listed one by one up to this


def _listed(count: int) -> list[int]:
    """Which of `count` repetitions get an item of their own: all of a few; of many, the
    first, the last and some between (the count itself is kept on every item)."""
    if count <= MAX_LISTED:
        return list(range(1, count + 1))
    step = count / (MAX_LISTED - 1)
    return sorted({1, count, *(round(1 + i * step) for i in range(1, MAX_LISTED - 1))})


def kill_total(kills: list[Kill]) -> int:
    """How many kills the items stand for (an event's repetitions may not all be listed)."""
    by_event: dict[tuple[str, ...], int] = {}
    for k in kills:
        key = tuple(e.where for e in k.evidence) or (str(id(k)),)
        by_event[key] = max(by_event.get(key, 0), k.of)
    return sum(by_event.values())


def counted_failures(at: When, setting: Setting | None) -> tuple[When, ...]:
    """The failureThreshold failures the kill followed: the last at the decision (within a
    sync hop), the others one step apart before it (R1.17, R4.3); of very many, the last
    MAX_LISTED."""
    if setting is None or not at.known:
        return ()
    assert at.lo is not None and at.hi is not None
    step = float(max(setting.period, 1))
    n = min(setting.failure_threshold, MAX_LISTED)
    return tuple(When(at.lo - j * step - 1.0, at.hi - j * step, Confidence.INFERRED)
                 for j in range(n - 1, -1, -1))


def back_offs(view: View, tb: Timebase, curve: tuple[float, float] = (10.0, 300.0)
              ) -> BackOffs | None:
    """The container's refused starts; `curve`, the kubelet's initial and largest back-off
    (the profile's), for the restarts the largest delay the record prints needs."""
    events = [e for e in view.events if e.reason == "BackOff"
              and backoff_container(e.message)[0] or (e.reason == "BackOff" and e.truncated)]
    rec = view.record
    # the delays the record prints: the waiting state's message, the refusals' (2016 events,
    # the kubelet's log); the back-off only grows until it is reset, so the largest counts
    delays = [d for e in events if (d := backoff_delay(e.message)) is not None]
    if rec is not None and rec.state_reason == "CrashLoopBackOff" and rec.state_message:
        delays += [d for d in [backoff_delay(rec.state_message)] if d is not None]
    delay = max(delays, default=None)
    if not events and delay is None and (rec is None or rec.state_reason != "CrashLoopBackOff"):
        return None
    count = sum(e.count for e in events)
    first = min((tb.of(e.first) for e in events), key=lambda w: (w.lo or 0.0) if w.known else 0.0,
                default=UNKNOWN_WHEN)
    last = max((tb.of(e.last) for e in events), key=lambda w: (w.hi or 0.0) if w.known else 0.0,
               default=UNKNOWN_WHEN)
    ev = tuple(evidence(e) for e in events)
    if rec is not None and rec.state_reason == "CrashLoopBackOff":
        ev += (Evidence(str(rec.where), clip(f"State: Waiting, CrashLoopBackOff "
                                             f"{rec.state_message or ''}")),)
    return BackOffs(count, first, last, delay, ev,
                    None if delay is None else delay_restarts(delay, *curve))


_STATE_KEYS = {"last": "Last State", "current": "State",
               "untold": "State or Last State (the record does not show which)"}


def exits(view: View, tb: Timebase) -> list[Exit]:
    rec = view.record
    if rec is None:
        return []
    out = []
    for which, t in (("last", rec.last), ("current", rec.terminated)):
        if t is None:
            continue
        # a state shown without its `State:`/`Last State:` line: of a kind the record does not
        # show (read where the current state is, an ended instance either way)
        which = "untold" if t.untold else which
        cause, meaning = exit_cause(t.reason, t.exit_code)
        where = str(t.where) if t.where is not None else str(rec.where)
        text = f"{_STATE_KEYS[which]}: Terminated, {t.reason}, exit code {t.exit_code}"
        out.append(Exit(which, t.reason, t.exit_code, cause, meaning, tb.of(t.started),
                        tb.of(t.finished), (Evidence(where, text),)))
    return out


# ---------------------------------------------------------------- restarts


def _when_range(items: list[When]) -> When:
    known = [w for w in items if w.known]
    if not known:
        return UNKNOWN_WHEN
    lo = min(w.lo for w in known if w.lo is not None)
    hi = max(w.hi for w in known if w.hi is not None)
    conf = known[0].confidence if len(known) == 1 else Confidence.SERIES
    return When(lo, hi, conf)


_KILL_LABELS = {KillCause.LIVENESS: RestartCause.LIVENESS_KILL,
                KillCause.STARTUP: RestartCause.STARTUP_KILL,
                KillCause.SPEC_CHANGE: RestartCause.SPEC_CHANGE,
                KillCause.UNKNOWN: RestartCause.UNKNOWN_KILL,
                KillCause.PROBE: RestartCause.PROBE_KILL}


def _kill_rows(kill_list: list[Kill], last: Exit | None, grace: int, never: bool
               ) -> list[Restart]:
    """A row per kill cause that restarted the container (under restartPolicy Never a probe
    kill restarts nothing)."""
    by_cause: dict[KillCause, list[Kill]] = {}
    for k in kill_list:
        if k.cause in _KILL_LABELS:
            by_cause.setdefault(k.cause, []).append(k)
    rows = []
    for cause, ks in by_cause.items():
        restarted = 0 if never and cause in (KillCause.LIVENESS, KillCause.STARTUP,
                                             KillCause.PROBE) \
            else kill_total(ks)
        if restarted:
            rows.append(Restart(restarted, _KILL_LABELS[cause], _when_range([k.at for k in ks]),
                                ks[-1].at.confidence, _kill_detail(cause, ks, last, grace),
                                tuple(dict.fromkeys(e for k in ks for e in k.evidence))))
    return rows


def restarts(view: View, kill_list: list[Kill], exit_list: list[Exit], grace: int,
             pod_events: Sequence[RecordedEvent], never: bool
             ) -> tuple[list[Restart], list[Finding]]:
    """One row per restart cause; the restarts the events cannot account for, and why."""
    last = next((x for x in exit_list if x.which == "last"), None)
    rows = _kill_rows(kill_list, last, grace, never)
    accounted = sum(r.count for r in rows)
    last_is_kill = last is not None and last.cause in (ExitCause.SIGKILL,
                                                        ExitCause.SIGTERM) and accounted > 0
    if last is not None and not last_is_kill and not (accounted and last.cause is
                                                      ExitCause.COMPLETED):
        rows.append(Restart(1, _exit_label(last), last.finished, last.finished.confidence,
                            last.meaning, last.evidence))
        accounted += 1
    rec = view.record
    if rec is None or rec.restart_count is None:
        return rows, []
    count = rec.restart_count
    rest = count - accounted
    if rest > 0:
        rows.append(Restart(rest, RestartCause.NOT_RECORDED, UNKNOWN_WHEN, Confidence.UNKNOWN,
                            _missing(_count_text(rec, count), accounted, last, pod_events),
                            (Evidence(str(rec.restart_where or rec.where),
                                      f"Restart Count: {count}" if rec.containers == 1
                                      else f"RESTARTS {count}"),)))
    if rest < 0 and not never:
        return rows, [Finding(
            Level.WARNING, f"the events show {accounted} restarts but restartCount is {count}: "
            "some events belong to an earlier pod of the same name (a StatefulSet pod, a "
            "recreated pod), or the count was reset when the pod was recreated")]
    return rows, []


_EXIT_LABELS = {ExitCause.OOM: RestartCause.OOM_KILLED, ExitCause.APP: RestartCause.APP_EXIT,
                ExitCause.COMPLETED: RestartCause.EXITED_0, ExitCause.RUNTIME: RestartCause.RUNTIME,
                ExitCause.UNKNOWN: RestartCause.LOST, ExitCause.SIGKILL: RestartCause.SIGKILL,
                ExitCause.SIGTERM: RestartCause.SIGTERM}


def _exit_label(x: Exit) -> RestartCause:
    """The restart's cause as its end gives it; an end the record gives no exit code or
    reason for is not a lost container's (ContainerStatusUnknown): it is not in the record."""
    if x.cause is ExitCause.UNKNOWN and x.reason is None and x.exit_code is None:
        return RestartCause.NOT_RECORDED
    return _EXIT_LABELS[x.cause]


def _kill_detail(cause: KillCause, ks: list[Kill], last: Exit | None, grace: int) -> str:
    text = "; ".join(_kills_from(group) for group in _by_provenance(ks))
    if last is not None and last.cause is ExitCause.SIGKILL:
        text += (f"; the last container ended with exit code 137: it ignored SIGTERM and was "
                 f"killed when the grace period ({grace} s) ran out")
    elif last is not None and last.cause in (ExitCause.SIGTERM,
                                             ExitCause.COMPLETED):
        text += (f"; the last container ended with exit code {last.exit_code}: it exited on "
                 "SIGTERM")
    return text


def _by_provenance(ks: list[Kill]) -> list[list[Kill]]:
    """The kills grouped by where each comes from (`provenance`), in the order first shown."""
    groups: dict[str | None, list[Kill]] = {}
    for k in ks:
        groups.setdefault(provenance(k), []).append(k)
    return list(groups.values())


def _kills_from(ks: list[Kill]) -> str:
    """Kills of one provenance: the kubelet's quote their Killing row; one the author states
    has no row to quote (its message is a reader's), so where it is stated is said instead."""
    stated = provenance(ks[0])
    if stated is None:
        return f"{plural(kill_total(ks), 'kill')} recorded by the kubelet (Killing: {ks[0].shown})"
    return f"{plural(kill_total(ks), 'kill')} {stated}"


def _count_text(rec: ContainerRecord, count: int) -> str:
    """The count the record states: one container's restartCount, or a `kubectl get pods`
    row's RESTARTS, the sum over the containers it does not tell apart."""
    if rec.containers > 1:
        return f"RESTARTS is {count}, the sum over the pod's {rec.containers} containers"
    return f"restartCount is {count}"


def _missing(stated: str, accounted: int, last: Exit | None,
             pod_events: Sequence[RecordedEvent]) -> str:
    if not pod_events:  # a status or a `get pods` row: no event to account for any
        parts = [f"{stated}; the record holds no events (describe's Events or kubectl get "
                 "events would show the Killing rows of probe kills)"]
    else:
        parts = [f"{stated}; the events account for {accounted}",
                 "events expire (the API server's --event-ttl, 1 h by default), so restarts "
                 "older than the oldest event left no trace but the count"]
    if past_burst(pod_events):  # (the kubelet's own occurrences: R4.43's key holds the source)
        parts.append(f"the record holds {kubelet_occurrences(pod_events)} of the kubelet's event "
                     f"occurrences: its event recorder lets {SPAM_BURST} through per pod, then "
                     "about one every 5 minutes, and drops the rest")
    if last is not None and last.cause in (ExitCause.OOM, ExitCause.APP, ExitCause.COMPLETED,
                                           ExitCause.RUNTIME, ExitCause.UNKNOWN):
        # (an exit code is no proof the app ended by itself: 0 or 1 may answer a kill's SIGTERM)
        parts.append(f"the last container ended with no Killing event ({_exit_label(last).value}"
                     "): restarts after the app's own exits, OOM kills or node restarts record "
                     "none")
    else:
        parts.append("restarts after the app's own exits, OOM kills or a node restart record "
                     "no Killing event")
    return "; ".join(parts)


# ---------------------------------------------------------------- Ready


def not_ready(pod: PodRecord, view: View, tb: Timebase, streak_list: list[Streak],
              by_type: dict[ProbeType, Setting]) -> list[NotReady]:
    out = []
    for c in pod.conditions:
        if c.type == "Ready" and c.status != "True":
            since = tb.of(c.last_transition)
            out.append(NotReady(since, None, f"the pod's Ready condition is {c.status}"
                                + (f" ({c.reason})" if c.reason else ""),
                                (Evidence(str(c.where), f"Ready {c.status}"),)))
    rec = view.record
    if rec is not None and rec.ready is False and not out:
        out.append(NotReady(UNKNOWN_WHEN, None, "the container is not Ready when the record "
                            "was taken", (Evidence(str(rec.where), "Ready: False"),)))
    ready = by_type.get(READINESS)
    for s in streak_list:
        if s.probe is not READINESS or s.outcome != "failed" or ready is None:
            continue
        f = ready.failure_threshold
        if s.count >= f and s.first.known and s.last.known:
            assert s.first.lo is not None and s.last.hi is not None
            since = When(s.first.lo + (f - 1) * ready.period, s.first.hi
                         + (f - 1) * ready.period if s.first.hi is not None else None,
                         Confidence.INFERRED)
            out.append(NotReady(since, s.last, f"{s.count} readiness failures: not Ready from "
                                f"the {nth(f)} on (failureThreshold {f})", s.evidence))
    return out


def nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def handler_kind(spec: ContainerSpec | None, t: ProbeType) -> HandlerKind | None:
    p = spec.probes().get(t) if spec is not None else None
    return p.handler_kind if p is not None else None
