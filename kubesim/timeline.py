"""The output of one simulation: plain records in time order, and the summary derived from them.

Times are seconds since the first container started running. Records are appended by the
engine and never changed afterwards, except a container's end (filled in when it ends).
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kubesim.results import Outcome, ProbeType

__all__ = ["ConditionChange", "ContainerReady", "ContainerRecord", "ContainerStop", "EventRecord",
           "ExitRecord",
           "KillRecord", "KillWait", "PhaseChange", "PodKill", "PostStart", "ProbeRecord",
           "ProbeRun", "ProbeStretch", "ReadyChange", "Summary", "Termination", "Timeline",
           "probe_event"]


@dataclass(frozen=True, slots=True)
class ProbeRecord:
    """One executed probe call: started `at`, answered after `latency`, judged `result`."""

    at: float
    probe: ProbeType
    result: Outcome
    detail: str
    latency: float
    container: int  # restart count of the probed instance
    name: str = ""  # the probed container's name in the pod


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A kubelet-style event: Unhealthy, ProbeWarning, Killing, BackOff, Started."""

    at: float
    type: str  # Normal | Warning
    reason: str
    message: str
    name: str = ""  # the container it is about


@dataclass(frozen=True, slots=True)
class ReadyChange:
    """The pod's Ready condition changed."""

    at: float
    ready: bool


@dataclass(frozen=True, slots=True)
class ConditionChange:
    """A pod condition other than Ready changed: AllContainersRestarting (R4.35)."""

    at: float
    status: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ContainerReady:
    """A container's Ready changed (R3.4, R4.25)."""

    at: float
    name: str
    ready: bool


@dataclass(frozen=True, slots=True)
class PhaseChange:
    """The pod's phase changed (getPhase, R4.23): Pending, Running, Succeeded, Failed."""

    at: float
    phase: str


@dataclass(frozen=True, slots=True)
class KillRecord:
    """A probe-triggered kill: decided `at` by the pod sync, after the failing probe at
    `failed_at`; SIGTERM at `sigterm_at` (after a preStop hook), the container stopped at
    `stopped_at` (None: after the end of the run). `whole_pod`: no container was left to
    keep or start, so the kubelet stopped the whole pod with the pod's grace (R4.20, R4.22).
    """

    at: float
    probe: ProbeType
    container: int  # restart count of the killed instance
    failed_at: float
    grace_seconds: float
    stopped_at: float | None
    restart: bool  # the restart policy asks for a new container
    restart_count: int  # restartCount of the replacement, if there is one
    name: str = ""  # the killed container's name in the pod
    sigterm_at: float | None = None
    whole_pod: bool = False
    # the container's preStop hook, from the kill's decision to the SIGTERM (R4.5); None: no
    # hook (an end None: still running at the end of the run)
    pre_stop_start: float | None = None
    pre_stop_end: float | None = None


@dataclass(frozen=True, slots=True)
class KillWait:
    """A probe kill that waited for the pod worker to stop another container of the pod
    first: the kubelet syncs a pod one sync at a time (R4.3) and a sync kills its containers
    one after another, each kill returning only once the container stopped or its grace ran
    out (`SyncPod`, `killContainer`, R4.4, R4.6). `at`, `failed_at`: the delayed kill and its
    verdict; `sibling_*`: the other container's kill that held the pod worker."""

    at: float
    name: str
    failed_at: float
    sibling: str
    sibling_probe: ProbeType
    sibling_at: float
    sibling_grace: float
    sibling_stopped_at: float

    @property
    def waited(self) -> float:
        """Seconds from the verdict to the kill."""
        return self.at - self.failed_at


def kill_waits(kills: list[KillRecord]) -> list[KillWait]:
    """Every kill that waited for another container's kill: that kill started first and
    ended after this one's verdict, before this kill (the first such kill in `kills`).
    The kills are looked up by when they stopped, not each against every other: a long run
    makes thousands of kills, and a kill waits for few."""
    stops = sorted((o.stopped_at, n) for n, o in enumerate(kills) if o.stopped_at is not None)
    ends = [at for at, _ in stops]
    out = []
    for k in kills:
        window = stops[bisect.bisect_right(ends, k.failed_at):
                       bisect.bisect_right(ends, k.at + 1e-9)]
        held = min((n for _, n in window if kills[n].name != k.name and kills[n].at <= k.at),
                   default=None)
        if held is not None:
            o = kills[held]
            assert o.stopped_at is not None
            out.append(KillWait(k.at, k.name, k.failed_at, o.name, o.probe, o.at,
                                o.grace_seconds, o.stopped_at))
    return out


@dataclass(frozen=True, slots=True)
class ExitRecord:
    """The app exited on its own (not killed): a crash, a completion or an OOM kill."""

    at: float
    container: int  # restart count of the instance that exited
    exit_code: int
    reason: str  # Completed (code 0) | Error | OOMKilled, as the container status says
    restart: bool  # restartPolicy (or a sidecar's Always) asks for a new container
    name: str = ""  # the container's name in the pod


@dataclass(slots=True)
class ContainerStop:
    """How one container stopped in the pod's termination (killContainer)."""

    name: str
    container: int  # restart count of the stopped instance
    killing_at: float  # the Killing event: "Stopping container <name>"
    grace_seconds: float  # what was left for SIGTERM -> SIGKILL (2 s at least)
    pre_stop_start: float | None = None
    pre_stop_end: float | None = None
    sigterm_at: float | None = None
    stopped_at: float | None = None  # the process was gone (None: after the run)
    sigkill: bool = False  # the grace ran out: SIGKILL


@dataclass(slots=True)
class PostStart:
    """One run of a container's postStart hook (startContainer's last step, R4.40): from the
    container's start to the hook's end, which the next container's start waits for. A
    failed hook kills the container (FailedPostStartHook, R4.41): `stop` says how, and
    `restart` whether the restart policy starts it again; a hook the pod's deletion cut
    short is `cancelled` (R4.42), and the termination stops the container."""

    name: str
    container: int  # restart count of the instance
    handler: str  # exec | httpGet | sleep | tcpSocket
    started_at: float
    ended_at: float | None = None  # None: still running at the end of the run
    failed: bool = False
    cancelled: bool = False
    stop: ContainerStop | None = None
    restart: bool = False


@dataclass(slots=True)
class PodKill:
    """The whole-pod kill (R4.20): no app container kept or to be started, so every running
    container is stopped, sidecars last (R4.21), with the pod's grace (R4.22); or the pod
    restarted in place (R4.35), whose containers start again (`restarted`)."""

    at: float
    reason: str
    grace_seconds: int
    containers: list[ContainerStop]
    stopped_at: float | None = None  # every container stopped (None: after the run)
    # an in-place restart of the pod (R4.35): the containers it starts again, the one whose
    # exit triggered it aside (that exit's record counts its restart)
    restarted: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Termination:
    """The pod's deletion and graceful termination (R1.30-R1.33, R4.4, R4.5)."""

    requested_at: float  # the API deletion; the endpoint turns terminating (not ready) now
    grace_seconds: int  # the deletion grace period (the pod's, or the override)
    started_at: float | None = None  # the kubelet's terminating sync
    containers: list[ContainerStop] | None = None
    stopped_at: float | None = None  # every container stopped: workers removed


@dataclass(slots=True)
class ContainerRecord:
    """One container instance: running from `running_at`, Started at `started_at`."""

    restart_count: int
    running_at: float
    started_at: float | None = None
    ended_at: float | None = None
    end_reason: str | None = None
    exit_code: int | None = None  # the ended instance's exit code (137 after a SIGKILL)
    name: str = ""  # the container's name in the pod
    reason: str | None = None  # the terminated state's reason: Completed, Error, OOMKilled


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals over the run."""

    restarts: int  # after kills, the app's own exits, failed postStart hooks, and in place
    # with the whole pod (RestartAllContainers, R4.35)
    kills: int
    ready_seconds: float
    first_ready_at: float | None
    first_started_at: float | None
    back_offs: int
    probes: dict[str, int]
    failures: dict[str, int]


@dataclass(frozen=True, slots=True)
class ProbeRun:
    """`count` calls of one worker on its tick grid with one constant answer, recorded in bulk
    by the fast scheduler's jumps: the first at `first`, call i >= 1 at `origin + (k + i) *
    period`; each answered after `latency` (the record's latency is `(at + latency) - at`, as
    the clock computes it)."""

    first: float
    origin: float
    k: int
    period: float
    count: int
    probe: ProbeType
    result: Outcome
    detail: str
    latency: float
    container: int
    name: str = ""

    def records(self) -> list[ProbeRecord]:
        """The calls one by one."""
        return [self.record(i) for i in range(self.count)]

    def record(self, i: int) -> ProbeRecord:
        """Call `i` of the run (0: the first)."""
        at = self.first if i == 0 else self.origin + (self.k + i) * self.period
        end = at + self.latency
        return ProbeRecord(at, self.probe, self.result, self.detail, end - at, self.container,
                           self.name)

    def ended_at(self, i: int) -> float:
        """When call `i` ended, as its record reads it (`at + latency`), without the record."""
        at = self.first if i == 0 else self.origin + (self.k + i) * self.period
        return at + ((at + self.latency) - at)

    @property
    def last_at(self) -> float:
        """When the run's last call started."""
        i = self.count - 1
        return self.first if i == 0 else self.origin + (self.k + i) * self.period


def probe_event(rec: ProbeRecord) -> EventRecord | None:
    """The kubelet event a judged call emits (R2.3): none for a success."""
    kind, result = rec.probe.event_name, rec.result
    if result is Outcome.FAILURE:
        return EventRecord(rec.at + rec.latency, "Warning", "Unhealthy",
                           f"{kind} probe failed: {rec.detail}", rec.name)
    if result is Outcome.WARNING:
        return EventRecord(rec.at + rec.latency, "Warning", "ProbeWarning",
                           f"{kind} probe warning: {rec.detail}", rec.name)
    if result is Outcome.ERROR:
        return EventRecord(rec.at + rec.latency, "Warning", "Unhealthy",
                           f"{kind} probe errored and resulted in unknown state: {rec.detail}",
                           rec.name)
    return None


_TYPE_ORDER = {ProbeType.STARTUP: 0, ProbeType.LIVENESS: 1, ProbeType.READINESS: 2}

# a record's place in the canonical order (the `Timeline` doc): when the call ended, 2e + 1
# for a call recorded after e kubelet events (event i is at 2(i + 1)), and its place among
# concurrent calls (container, then probe type)
_Key = tuple[float, int, int]


def _key(item: tuple[_Key, Any]) -> _Key:
    return item[0]


def _run_keyed(run: ProbeRun, epoch: int, order: int) -> Iterator[tuple[_Key, ProbeRecord]]:
    """A run's calls with their keys, made one at a time."""
    second = 2 * epoch + 1
    for i in range(run.count):
        r = run.record(i)
        yield (r.at + r.latency, second, order), r


def _split_run(run: ProbeRun, epoch: int, times: list[float]) -> list[tuple[ProbeRun, int]] | None:
    """`run` (kept at `epoch`) in parts between the kubelet events at `times` (kept after
    it, in order), each with its calls' epoch; None if a call ended at an event's instant."""
    end = run.ended_at
    parts: list[tuple[ProbeRun, int]] = []
    start = 0
    for j, t in enumerate(times):
        stop = bisect.bisect_left(range(run.count), True, lo=start, key=lambda i: end(i) >= t)
        if stop < run.count and end(stop) == t:
            return None
        if stop > start:
            parts.append((_part(run, start, stop), epoch + j))
            start = stop
    if start < run.count:
        parts.append((_part(run, start, run.count), epoch + len(times)))
    return parts


def _part(run: ProbeRun, start: int, stop: int) -> ProbeRun:
    """Calls `start` to `stop` (exclusive) of `run`, as a run of their own."""
    if start == 0 and stop == run.count:
        return run
    return ProbeRun(run.record(start).at, run.origin, run.k + start, run.period, stop - start,
                    run.probe, run.result, run.detail, run.latency, run.container, run.name)


@dataclass(frozen=True, slots=True)
class ProbeStretch:
    """`count` consecutive calls of one worker with one answer: `first` is the first call,
    `last_at` when the last one started."""

    first: ProbeRecord
    count: int
    last_at: float


class Timeline:
    """Everything that happened in one run.

    `probes` are in the order the calls ended, `events` in the order they happened. Calls
    that end at the same instant are concurrent (none sees the other's verdict): they are
    listed startup, liveness, readiness, unless a kubelet event of that instant came between
    them. This canonical order lets a run give the same timeline on either scheduler, however
    the fast one recorded its quiet stretches (in bulk, as `ProbeRun`s, expanded on first
    access to `probes` or `events`).
    """

    def __init__(self, duration: float, seed: int, phase: float, profile: str) -> None:
        self.duration, self.seed, self.phase, self.profile = duration, seed, phase, profile
        self.containers: list[ContainerRecord] = []
        self.kills: list[KillRecord] = []
        self.exits: list[ExitRecord] = []
        self.termination: Termination | None = None
        self.ready: list[ReadyChange] = []
        self.containers_ready: list[ReadyChange] = []  # the ContainersReady condition (R3.7)
        self.container_ready: list[ContainerReady] = []
        self.pod_phase: list[PhaseChange] = []
        self.pod_kills: list[PodKill] = []
        self.all_containers_restarting: list[ConditionChange] = []  # R4.35
        self.post_starts: list[PostStart] = []
        self.keep_probes = True  # False: count calls only (sweeps)
        self.counts = {t: [0, 0] for t in ProbeType}  # calls, failures
        self.back_offs = 0
        # the records with the number of kubelet events before them (their epoch)
        self._epoch = 0
        self._probes: list[tuple[ProbeRecord, int]] = []
        self._runs: list[tuple[ProbeRun, int]] = []
        self._kubelet_events: list[EventRecord] = []
        self._expanded: tuple[list[ProbeRecord], list[EventRecord]] | None = None
        self._only: str | None = None  # a narrowed timeline: this container's records only
        self._order_names: list[str] | None = None  # the whole pod's names (narrowed)
        self.names: list[str] = []  # the pod's simulated containers, in pod order
        # per container: probe type -> [calls, failures], and back-offs (pods of several)
        self.by_name: dict[str, dict[ProbeType, list[int]]] | None = None
        self.back_offs_by_name: dict[str, int] = {}
        self._endpoint_watchers: list[Callable[[float], None]] = []
        self._waits: list[KillWait] | None = None  # kept by `narrowed` from the whole pod

    def watch_endpoint(self, listener: Callable[[float], None]) -> None:
        """Call `listener(at)` whenever the model records something the pod's endpoint
        depends on (`kubesim.fleet.endpoints`, EP1): a change of the pod's Ready condition
        (or one taken back within the instant), a container started, the pod's deletion, its
        last container stopped; `at` is the record's time. A fleet's serving index is pushed
        its changes this way instead of reading every timeline again."""
        self._endpoint_watchers.append(listener)

    def endpoint_changed(self, at: float) -> None:
        """Something the pod's endpoint depends on was recorded at `at` (`watch_endpoint`)."""
        for listener in self._endpoint_watchers:
            listener(at)

    def set_names(self, names: list[str]) -> None:
        """The pod's simulated containers; with several, counts are also kept per container."""
        self.names = list(names)
        if len(names) > 1:
            self.by_name = {n: {t: [0, 0] for t in ProbeType} for n in names}

    # -- recording (the kubelet model) ------------------------------------------------------
    def record_probe(self, at: float, probe: ProbeType, result: Outcome, detail: str,
                     latency: float, container: int, name: str = "") -> None:
        """One judged call (a `ProbeRecord` is made only when records are kept)."""
        count = self.counts[probe]
        count[0] += 1
        failed = result is Outcome.FAILURE
        count[1] += failed
        if self.by_name is not None:
            mine = self.by_name[name][probe]
            mine[0] += 1
            mine[1] += failed
        if self.keep_probes:
            self._probes.append((ProbeRecord(at, probe, result, detail, latency, container,
                                             name), self._epoch))
            self._expanded = None

    def record_run(self, run: ProbeRun, calls: int) -> ProbeRun | None:
        """`run`'s first `calls` calls ended within the run (the rest were in flight); the
        run kept (None: none)."""
        self.count_run(run.probe, run.result, calls, run.name)
        if not (self.keep_probes and calls):
            return None
        if calls != run.count:
            run = ProbeRun(run.first, run.origin, run.k, run.period, calls, run.probe,
                           run.result, run.detail, run.latency, run.container, run.name)
        self._runs.append((run, self._epoch))
        self._expanded = None
        return run

    def split_runs(self, runs: list[ProbeRun], since: int) -> bool:
        """Runs kept at epoch `since` whose calls went on past kubelet events kept after
        them (a parked container's, `kubesim.engine.jumps`): each is split where those
        events fall, each part with the epoch of its calls. False, and nothing changed, if
        one of the calls ended at the very instant of one of those events (which came first
        is not known)."""
        times = [ev.at for ev in self._kubelet_events[since:]]
        if not times:
            return True
        mine = {id(run) for run in runs}
        out: list[tuple[ProbeRun, int]] = []
        for run, e in self._runs:
            if id(run) not in mine or e != since:
                out.append((run, e))
                continue
            parts = _split_run(run, e, times)
            if parts is None:
                return False
            out.extend(parts)
        self._runs = out
        self._expanded = None
        return True

    def count_run(self, probe: ProbeType, result: Outcome, calls: int, name: str = "") -> None:
        """Count `calls` calls of one probe judged `result`: all that a timeline without
        probe records (`keep_probes` False) keeps of a `ProbeRun`, which need not be built."""
        failed = calls if result is Outcome.FAILURE else 0
        count = self.counts[probe]
        count[0] += calls
        count[1] += failed
        if self.by_name is not None:  # a pod of several containers
            mine = self.by_name[name][probe]
            mine[0] += calls
            mine[1] += failed

    def record_event(self, event: EventRecord) -> None:
        """A kubelet event of its own (Killing, BackOff, Started)."""
        self.count_event(event.reason, event.name)
        if self.keep_probes:
            self._epoch += 1
            self._kubelet_events.append(event)
            self._expanded = None

    @property
    def epoch(self) -> int:
        """How many kubelet events of its own were kept so far (a record's epoch)."""
        return self._epoch

    def event_times_since(self, epoch: int) -> list[float]:
        """When each kubelet event kept after the first `epoch` happened."""
        return [e.at for e in self._kubelet_events[epoch:]]

    def count_event(self, reason: str, name: str = "") -> None:
        """Count a kubelet event of its own: all that a timeline without probe records
        (`keep_probes` False) keeps of an `EventRecord`, which need not be built."""
        if reason == "BackOff":
            self.back_offs += 1
            self.back_offs_by_name[name] = self.back_offs_by_name.get(name, 0) + 1

    # -- reading ----------------------------------------------------------------------------
    # The records are read in the canonical order (the class doc) without being listed: the
    # calls one at a time, merged from the single records and the runs (a stable merge of
    # sorted parts, which is the order one stable sort of them all gives), so that a render
    # that prints every call holds one call at a time, and a folded one none.
    def _order(self) -> dict[str, int]:
        """Each container's place among the concurrent calls of an instant (then by type)."""
        names = self._order_names if self._order_names is not None else self.names
        return {n: 3 * i for i, n in enumerate(names)}

    def _keyed_records(self) -> list[tuple[_Key, ProbeRecord]]:
        """The single records (not in runs) with their keys, sorted."""
        index, only = self._order(), self._only
        keyed = [((r.at + r.latency, 2 * e + 1, index.get(r.name, 0) + _TYPE_ORDER[r.probe]), r)
                 for r, e in self._probes if only is None or r.name == only]
        keyed.sort(key=_key)
        return keyed

    def _kept_runs(self) -> list[tuple[ProbeRun, int, int]]:
        """The runs with their epoch and their place among concurrent calls."""
        index, only = self._order(), self._only
        return [(run, e, index.get(run.name, 0) + _TYPE_ORDER[run.probe])
                for run, e in self._runs if only is None or run.name == only]

    def _keyed_probes(self, judged_only: bool = False) -> Iterator[tuple[_Key, ProbeRecord]]:
        """Every call with its key, in the canonical order; `judged_only`: leave out the runs
        of successes (they emit no event), keeping the others' order."""
        runs = [_run_keyed(run, e, order) for run, e, order in self._kept_runs()
                if not (judged_only and run.result is Outcome.SUCCESS)]
        if not runs:
            return iter(self._keyed_records())
        return heapq.merge(self._keyed_records(), *runs, key=_key)

    def _keyed_kubelet_events(self) -> list[tuple[_Key, EventRecord]]:
        """The kubelet's own events with their keys (each after the calls recorded before
        it), sorted."""
        only = self._only
        keyed = [((ev.at, 2 * (i + 1), 0), ev) for i, ev in enumerate(self._kubelet_events)
                 if only is None or ev.name == only]
        keyed.sort(key=_key)
        return keyed

    def iter_probes(self) -> Iterator[ProbeRecord]:
        """`probes` one at a time, never listed (a run's calls are made as they are read)."""
        if self._expanded is not None:
            return iter(self._expanded[0])
        return (r for _, r in self._keyed_probes())

    def iter_events(self) -> Iterator[EventRecord]:
        """`events` one at a time, never listed."""
        if self._expanded is not None:
            return iter(self._expanded[1])
        judged = ((key, ev) for key, r in self._keyed_probes(judged_only=True)
                  if (ev := probe_event(r)) is not None)
        return (ev for _, ev in heapq.merge(judged, self._keyed_kubelet_events(), key=_key))

    def kubelet_events(self) -> list[EventRecord]:
        """The kubelet's own events (Killing, BackOff, Started), in the order of `events`."""
        return [ev for _, ev in self._keyed_kubelet_events()]

    def probe_stretches(self) -> Iterator[ProbeStretch]:
        """The calls as stretches in the order of their first calls: each run recorded in bulk
        is one (its calls are consecutive calls of one worker with one answer), each other
        call its own. A render that folds repeated answers reads these, not every call."""
        singles = ((key, ProbeStretch(r, 1, r.at)) for key, r in self._keyed_records())
        firsts = []
        for run, e, order in self._kept_runs():
            r = run.record(0)
            firsts.append(((r.at + r.latency, 2 * e + 1, order),
                           ProbeStretch(r, run.count, run.last_at)))
        firsts.sort(key=_key)
        return (st for _, st in heapq.merge(singles, firsts, key=_key))

    def probe_latency_bound(self) -> float:
        """No call took longer than this (a call's start is at least its end minus this)."""
        return max([r.latency for r, _ in self._probes]
                   + [run.latency for run, _ in self._runs] + [0.0])

    def _expand(self) -> tuple[list[ProbeRecord], list[EventRecord]]:
        if self._expanded is None:
            self._expanded = list(self.iter_probes()), list(self.iter_events())
        return self._expanded

    @property
    def probes(self) -> list[ProbeRecord]:
        """Every judged call (see the class doc for the order)."""
        return self._expand()[0]

    @property
    def events(self) -> list[EventRecord]:
        """Every kubelet event: probe results and the kubelet's own, in time order."""
        return self._expand()[1]

    @property
    def restarts(self) -> list[KillRecord]:
        """Kills that lead to a replacement container (restartPolicy allows it)."""
        return [k for k in self.kills if k.restart]

    def kill_waits(self) -> list[KillWait]:
        """The kills that waited for another container's kill (`KillWait`); a narrowed
        timeline keeps those of its container, found in the whole pod's."""
        return self._waits if self._waits is not None else kill_waits(self.kills)

    def narrowed(self, name: str) -> Timeline:
        """The same run reported for one container of the pod: its instances, kills, exits,
        probes and events; the pod's Ready changes stay (they are the pod's)."""
        out = Timeline(self.duration, self.seed, self.phase, self.profile)
        out.names = [name]
        out.containers = [c for c in self.containers if c.name == name]
        out.kills = [k for k in self.kills if k.name == name]
        out._waits = [w for w in self.kill_waits() if w.name == name]
        out.exits = [x for x in self.exits if x.name == name]
        out.ready = list(self.ready)
        out.containers_ready = list(self.containers_ready)
        out.container_ready = [c for c in self.container_ready if c.name == name]
        out.pod_phase = list(self.pod_phase)
        out.pod_kills = list(self.pod_kills)
        out.all_containers_restarting = list(self.all_containers_restarting)
        out.post_starts = [p for p in self.post_starts if p.name == name]
        out.termination = self.termination
        out.keep_probes = self.keep_probes
        # the same records, read through a filter on the container's name, in the whole pod's
        # order (its containers' places among concurrent calls)
        out._probes, out._runs = self._probes, self._runs
        out._kubelet_events, out._epoch = self._kubelet_events, self._epoch
        out._order_names = self._order_names if self._order_names is not None else self.names
        out._only = name
        if self.by_name is not None:
            out.counts = {t: list(c) for t, c in self.by_name[name].items()}
        out.back_offs = self.back_offs_by_name.get(name, 0)
        return out

    def ready_intervals(self) -> list[tuple[float, float]]:
        """[start, end) intervals during which the pod was Ready, clipped to the run."""
        out: list[tuple[float, float]] = []
        since: float | None = None
        for change in self.ready:
            if change.ready and since is None:
                since = change.at
            elif not change.ready and since is not None:
                out.append((since, change.at))
                since = None
        if since is not None:
            out.append((since, self.duration))
        return out

    def summary(self) -> Summary:
        """Totals over the run."""
        intervals = self.ready_intervals()
        started = [c.started_at for c in self.containers if c.started_at is not None]
        return Summary(
            restarts=(len(self.restarts) + sum(x.restart for x in self.exits)
                      + sum(p.restart for p in self.post_starts)
                      + sum(not self.names or n in self.names
                            for k in self.pod_kills for n in k.restarted)),
            kills=len(self.kills),
            ready_seconds=sum(end - start for start, end in intervals),
            first_ready_at=intervals[0][0] if intervals else None,
            first_started_at=started[0] if started else None,
            back_offs=self.back_offs,
            probes={t.value: c[0] for t, c in self.counts.items()},
            failures={t.value: c[1] for t, c in self.counts.items()},
        )
