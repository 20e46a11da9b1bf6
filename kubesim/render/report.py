"""Turning a `Timeline` into text and JSON. The only formatter; prints nothing itself.

JSON times are seconds since the first container started running, rounded to microseconds so
that the same run gives the same bytes.
"""

from __future__ import annotations

import heapq
import json
import json.encoder
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, NamedTuple

from kubesim.analysis.phases import PhaseSpread
from kubesim.kubelet.settings import PROFILES
from kubesim.render.edge import visible
from kubesim.render.packed import is_long, pack_run
from kubesim.results import Outcome, ProbeType
from kubesim.spec.model import POD_IP
from kubesim.timeline import (
    ContainerStop,
    EventRecord,
    KillWait,
    ProbeRecord,
    ProbeStretch,
    Timeline,
)

if TYPE_CHECKING:
    from kubesim.spec.model import ProbedContainer

__all__ = ["POD_IP_SHOWN", "SCHEMA_VERSION", "iter_json", "iter_text", "kubelet_words",
           "page_document", "pod_header", "render_json", "render_text", "shown_detail",
           "to_document"]

SCHEMA_VERSION = 1
POD_IP_SHOWN = "<pod IP>"  # how the text names the simulated pod's address (docs/glossary.md)


def kubelet_words(profile: str) -> str:
    """`kubelet 1.29-1.34 (profile classic)`: the kubelet a run reproduces, by the Kubernetes
    versions users speak of, with the profile's name kubesim's options take (`--profile`)."""
    base, ideal = profile.removesuffix("+ideal"), profile.endswith("+ideal")
    known = PROFILES.get(base)
    head = f"kubelet {known.versions}" if known is not None else "kubelet"
    said = [f"profile {base}"] if known is None or base != known.versions else []
    if ideal:
        said.append("--ideal: no kubelet latencies")
    return head + (f" ({', '.join(said)})" if said else "")


def shown_detail(detail: str) -> str:
    """A probe's kubelet message as the text shows it: the simulated pod's address as
    `<pod IP>` (the kubelet's message has the pod's real IP there)."""
    return detail.replace(POD_IP, POD_IP_SHOWN)


def _t(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def to_document(timeline: Timeline, *, meta: dict[str, Any] | None = None,
                phases: PhaseSpread | None = None) -> dict[str, Any]:
    """The JSON document of a run (its fields are listed in docs/run.md)."""
    return _document(timeline, meta, phases,
                     [_probe_entry(p) for p in timeline.iter_probes()],
                     [_event_entry(e) for e in timeline.iter_events()])


def page_document(timeline: Timeline, *, meta: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """`pack_run(to_document(timeline, meta=meta))`, the run a report page carries, without
    making the entries of the events a long run's page leaves out: of its events, the
    BackOff ones (`pack_run` keeps the first of each wait), the others only counted (each
    call but a success emits one, R2.3, beside the kubelet's own)."""
    probes = [_probe_entry(p) for p in timeline.iter_probes()]
    own = timeline.kubelet_events()
    events = len(own) + sum(p["result"] != Outcome.SUCCESS.value for p in probes)
    if not is_long(len(probes), events):
        return _document(timeline, meta, None, probes,
                         [_event_entry(e) for e in timeline.iter_events()])
    back_offs = [_event_entry(e) for e in own if e.reason == "BackOff"]
    return pack_run(_document(timeline, meta, None, probes, back_offs), events)


def _probe_entry(p: ProbeRecord) -> dict[str, Any]:
    return {"at": _t(p.at), "probe": p.probe.value, "result": p.result.value,
            "detail": p.detail, "latency": _t(p.latency), "container": p.container,
            "name": p.name}


def _event_entry(e: EventRecord) -> dict[str, Any]:
    return {"at": _t(e.at), "type": e.type, "reason": e.reason, "message": e.message,
            "name": e.name}


def _document(timeline: Timeline, meta: dict[str, Any] | None, phases: PhaseSpread | None,
              probes: object, events: object) -> dict[str, Any]:
    """The document, its `probes` and `events` as given (lists, or what `iter_json` writes
    in their place)."""
    s = timeline.summary()
    waits = {(w.name, w.at): w for w in timeline.kill_waits()}
    doc = {
        "kubesim": SCHEMA_VERSION,
        "run": {"duration": timeline.duration, "seed": timeline.seed,
                "phase": _t(timeline.phase), "profile": timeline.profile,
                "kubelet": kubelet_words(timeline.profile), **(meta or {})},
        "summary": {**asdict(s), "ready_seconds": _t(s.ready_seconds),
                    "first_ready_at": _t(s.first_ready_at),
                    "first_started_at": _t(s.first_started_at)},
        "restarts": [{"at": _t(k.at), "probe": k.probe.value, "restart_count": k.restart_count,
                      "name": k.name} for k in timeline.restarts],
        "kills": [{"at": _t(k.at), "name": k.name, "probe": k.probe.value,
                   "container": k.container,
                   "failed_at": _t(k.failed_at),
                   "grace_seconds": k.grace_seconds, "sigterm_at": _t(k.sigterm_at),
                   "pre_stop_start": _t(k.pre_stop_start), "pre_stop_end": _t(k.pre_stop_end),
                   "stopped_at": _t(k.stopped_at),
                   "restart": k.restart, "whole_pod": k.whole_pod,
                   "waited_for": _waited(waits.get((k.name, k.at)))} for k in timeline.kills],
        "ready": [{"at": _t(r.at), "ready": r.ready} for r in timeline.ready],
        "containers_ready": [{"at": _t(r.at), "ready": r.ready}
                             for r in timeline.containers_ready],
        "container_ready": [{"at": _t(r.at), "name": r.name, "ready": r.ready}
                            for r in timeline.container_ready],
        "pod_phase": [{"at": _t(c.at), "phase": c.phase} for c in timeline.pod_phase],
        "containers": [{"name": c.name, "restart_count": c.restart_count,
                        "running_at": _t(c.running_at),
                        "started_at": _t(c.started_at), "ended_at": _t(c.ended_at),
                        "end_reason": c.end_reason, "exit_code": c.exit_code,
                        "reason": c.reason}
                       for c in timeline.containers],
        "exits": [{"at": _t(x.at), "name": x.name, "container": x.container,
                   "exit_code": x.exit_code,
                   "reason": x.reason, "restart": x.restart} for x in timeline.exits],
        "probes": probes,
        "events": events,
        **_pod_restarts(timeline),
        "post_starts": [{"name": p.name, "container": p.container, "handler": p.handler,
                         "started_at": _t(p.started_at), "ended_at": _t(p.ended_at),
                         "failed": p.failed, "cancelled": p.cancelled,
                         "stop": None if p.stop is None else _stops([p.stop])[0],
                         "restart": p.restart} for p in timeline.post_starts],
    }
    doc["termination"] = _termination(timeline)
    if phases is not None:
        doc["phases"] = {"phase": [_t(p) for p in phases.phases],
                         "restarts": phases.restarts,
                         "first_ready_at": [_t(x) for x in phases.first_ready_at],
                         "ready_seconds": [_t(x) for x in phases.ready_seconds]}
    return doc


def _pod_restarts(timeline: Timeline) -> dict[str, Any]:
    """The whole-pod kills and in-place restarts (R4.20, R4.35), and the pod's
    AllContainersRestarting condition."""
    return {
        "pod_kills": [{"at": _t(k.at), "reason": k.reason, "grace_seconds": k.grace_seconds,
                       "stopped_at": _t(k.stopped_at), "containers": _stops(k.containers),
                       "restarted": list(k.restarted)}
                      for k in timeline.pod_kills],
        "all_containers_restarting": [{"at": _t(c.at), "status": c.status, "reason": c.reason}
                                      for c in timeline.all_containers_restarting]}


def _waited(w: KillWait | None) -> dict[str, Any] | None:
    """The other container's kill a kill waited for (`KillWait`), or None."""
    if w is None:
        return None
    return {"name": w.sibling, "probe": w.sibling_probe.value, "at": _t(w.sibling_at),
            "grace_seconds": w.sibling_grace, "stopped_at": _t(w.sibling_stopped_at),
            "waited": _t(w.waited)}


def _termination(timeline: Timeline) -> dict[str, Any] | None:
    """The deletion and graceful termination, if the pod was deleted in the run."""
    term = timeline.termination
    if term is None:
        return None
    ready_off = next((r.at for r in timeline.ready
                      if not r.ready and r.at >= term.requested_at), None)
    return {
        "requested_at": _t(term.requested_at), "grace_seconds": term.grace_seconds,
        "endpoint_not_ready_at": _t(term.requested_at),  # terminating: ready false at once
        "started_at": _t(term.started_at), "ready_false_at": _t(ready_off),
        "stopped_at": _t(term.stopped_at),
        "containers": _stops(term.containers or []),
    }


def _stops(stops: list[ContainerStop]) -> list[dict[str, Any]]:
    """How each container stopped in a termination or a whole-pod kill."""
    return [{"name": c.name, "container": c.container,
             "killing_at": _t(c.killing_at), "pre_stop_start": _t(c.pre_stop_start),
             "pre_stop_end": _t(c.pre_stop_end), "sigterm_at": _t(c.sigterm_at),
             "grace_seconds": c.grace_seconds, "stopped_at": _t(c.stopped_at),
             "sigkill": c.sigkill}
            for c in stops]


def pod_header(pod: ProbedContainer, whole: bool) -> str:
    """What a run reports on: `Deployment/web container app` for a pod of one container;
    for a pod of several, every container of the whole pod's run, or the one `--container`
    picked among them."""
    names = [c.name for c in pod.containers]
    if len(names) < 2:
        return pod.label
    if whole:
        return f"{pod.object_kind}/{pod.object_name} containers {', '.join(names)}"
    return f"{pod.label} (of the pod's {', '.join(names)})"


def render_json(timeline: Timeline, *, meta: dict[str, Any] | None = None,
                phases: PhaseSpread | None = None) -> str:
    """The JSON document as text, keys in a fixed order, ending in a newline."""
    return json.dumps(to_document(timeline, meta=meta, phases=phases), indent=2) + "\n"


def iter_json(timeline: Timeline, *, meta: dict[str, Any] | None = None,
              phases: PhaseSpread | None = None) -> Iterator[str]:
    """`render_json`'s text in pieces, the same bytes: the long lists (probe calls, events)
    are encoded as the calls are read (`_probe_json`, `_event_json`), so a long run is never
    held whole, neither as records nor as text."""
    doc = _document(timeline, meta, phases, _PROBES, _EVENTS)
    keys = list(doc)
    yield "{"
    for i, key in enumerate(keys):
        value = doc[key]
        yield ("\n" if i == 0 else ",\n") + f"  {json.dumps(key)}: "
        if value is _PROBES:
            yield from _list(map(_probe_json, timeline.iter_probes()))
        elif value is _EVENTS:
            yield from _list(map(_event_json, timeline.iter_events()))
        elif isinstance(value, list):
            yield from _list(json.dumps(item, indent=2).replace("\n", "\n    ")
                             for item in value)
        else:
            yield json.dumps(value, indent=2).replace("\n", "\n  ")
    yield "\n}\n" if keys else "}\n"


_PROBES, _EVENTS = object(), object()  # where `iter_json` writes the long lists
_BATCH = 64  # entries encoded into one piece


def _list(entries: Iterable[str]) -> Iterator[str]:
    """A list at the document's second level as `json.dumps(indent=2)` writes it, from its
    entries already encoded at that depth; in pieces of _BATCH entries."""
    batch: list[str] = []
    started = False
    for entry in entries:
        batch.append(entry)
        if len(batch) == _BATCH:
            yield ("," if started else "[") + _SEP + f",{_SEP}".join(batch)
            batch, started = [], True
    if batch:
        yield ("," if started else "[") + _SEP + f",{_SEP}".join(batch)
        started = True
    yield "\n  ]" if started else "[]"


_SEP = "\n    "  # before each entry of a second-level list


# A call's and an event's entry, written by hand with the bytes json.dumps gives them at that
# depth (floats as repr, strings escaped to ASCII by json's own encoder): encoding the
# entries of a long run with json.dumps(indent=2) cost most of its time.
def _num(x: float | None) -> str:
    """A time as `json.dumps(_t(x))` writes it."""
    if x is None:
        return "null"
    v = round(x, 6)
    if not isinstance(v, float):
        return int.__repr__(v)
    if math.isfinite(v):
        return float.__repr__(v)
    return "NaN" if v != v else "Infinity" if v > 0 else "-Infinity"


_D = "\n      "  # before each field of an entry
# a call's entry around its time and latency, by what else it says (the calls of a run share it)
_PROBE_PARTS: dict[tuple[ProbeType, Outcome, str, int, str], tuple[str, str, str]] = {}


def _probe_json(p: ProbeRecord) -> str:
    key = (p.probe, p.result, p.detail, p.container, p.name)
    parts = _PROBE_PARTS.get(key)
    if parts is None:
        if len(_PROBE_PARTS) > 4096:
            _PROBE_PARTS.clear()
        parts = _PROBE_PARTS[key] = (
            f'{{{_D}"at": ',
            f',{_D}"probe": {_string(p.probe.value)},{_D}"result": {_string(p.result.value)},'
            f'{_D}"detail": {_string(p.detail)},{_D}"latency": ',
            f',{_D}"container": {int.__repr__(p.container)},{_D}"name": {_string(p.name)}'
            '\n    }')
    return f"{parts[0]}{_num(p.at)}{parts[1]}{_num(p.latency)}{parts[2]}"


def _event_json(e: EventRecord) -> str:
    return (f'{{{_D}"at": {_num(e.at)},{_D}"type": {_string(e.type)},{_D}"reason": '
            f'{_string(e.reason)},{_D}"message": {_string(e.message)},{_D}"name": '
            f'{_string(e.name)}\n    }}')


_string = json.encoder.encode_basestring_ascii  # json.dumps's own (ensure_ascii)


# -- text --------------------------------------------------------------------------------------
_MARK = {Outcome.SUCCESS: "ok", Outcome.WARNING: "ok (3xx)", Outcome.FAILURE: "FAIL",
         Outcome.ERROR: "error"}


class Line(NamedTuple):
    """One line of the text timeline: its time, its rank among lines of the same time."""
    at: float
    order: int
    text: str


Who = Callable[[str], str]  # a container's name as a line says it (nothing for one container)


def _lines(timeline: Timeline, changes_only: bool = False) -> Iterator[Line]:
    """Every line of the timeline in time order (then by rank, then as listed here), made as
    they are written: the probe lines as the calls are read, the few others listed; with
    `changes_only`, a probe call only where its outcome differs from the previous call of its
    probe type (and of its container), followed by how many calls gave the same outcome,
    until when."""
    many = len(timeline.names) > 1  # a pod of several containers: name them

    def who(name: str) -> str:
        return f"{visible(name)} " if many else ""

    groups: list[Iterable[Line]] = [
        _container_lines(timeline, who), (), _ready_lines(timeline, many),
        _post_start_lines(timeline, who), _kill_lines(timeline, who),
        _exit_lines(timeline, who), _termination_lines(timeline, who),
        (Line(e.at, 3, f"BackOff   {e.message}") for e in timeline.kubelet_events()
         if e.reason == "BackOff")]
    rest = sorted((line.at, line.order, g, i, line) for g, lines in enumerate(groups)
                  for i, line in enumerate(lines))
    probes = ((line.at, line.order, 1, i, line)
              for i, line in enumerate(_probe_lines(timeline, changes_only, who)))
    for *_, line in heapq.merge(rest, probes, key=_place):
        yield line


def _place(item: tuple[float, int, int, int, Line]) -> tuple[float, int, int, int]:
    """A line's place: time, rank, then its group and its place in the group (as a stable
    sort of the groups one after another places it)."""
    return item[0], item[1], item[2], item[3]


def _container_lines(timeline: Timeline, who: Who) -> Iterator[Line]:
    """Each container instance running, Started, stopped."""
    for c in timeline.containers:
        yield Line(c.running_at, 0, f"container {who(c.name)}#{c.restart_count} running")
        if c.started_at is not None:
            yield Line(c.started_at, 2, f"container {who(c.name)}#{c.restart_count} Started")
        if c.ended_at is not None:
            code = "" if c.exit_code is None else f"; exit code {c.exit_code}"
            yield Line(c.ended_at, 4, f"container {who(c.name)}#{c.restart_count} stopped "
                                      f"({c.end_reason}{code})")


def _probe_lines(timeline: Timeline, changes_only: bool, who: Who) -> Iterator[Line]:
    """A line per probe call, or per run of one outcome (`changes_only`), in time order."""
    for fold in _folds(timeline, changes_only):
        p, n = fold.first, fold.count
        took = f" [{p.latency * 1000:.0f} ms]" if p.latency >= 0.0005 else ""
        more = f"  (x{n} to {fold.last_at:.3f} s)" if n > 1 else ""
        yield Line(p.at, 1, f"{who(p.name)}{p.probe.value:<9} {_MARK[p.result]:<6} "
                            f"{visible(shown_detail(p.detail))}{took}{more}")


def _ready_lines(timeline: Timeline, many: bool) -> Iterator[Line]:
    """Containers' Ready (a pod of several), the pod's Ready, its phase where it tells."""
    if many:  # which container is (not) Ready
        for cr in timeline.container_ready:
            state = "Ready" if cr.ready else "NOT Ready"
            yield Line(cr.at, 3, f"container {visible(cr.name)} {state}")
    for r in timeline.ready:
        yield Line(r.at, 3, "pod Ready" if r.ready else "pod NOT Ready")
    if many or _terminal(timeline):
        yield from (Line(ph.at, 3, f"pod phase {ph.phase}") for ph in timeline.pod_phase[1:])


def _kill_lines(timeline: Timeline, who: Who) -> Iterator[Line]:
    """Probe kills with their SIGTERM (and the other container's kill one waited for);
    whole-pod kills with how each container stopped."""
    waits = {(w.name, w.at): w for w in timeline.kill_waits()}
    for k in timeline.kills:
        what = "restart" if k.restart else "no restart (restartPolicy: Never)"
        whole = "whole-pod kill (R4.20), " if k.whole_pod else ""
        # with a preStop hook the grace left for SIGTERM is known after it (R4.5)
        grace = ("preStop hook first" if k.pre_stop_start is not None
                 else f"grace {k.grace_seconds:g} s")
        yield Line(k.at, 3, f"KILL      {who(k.name)}{k.probe.value} failed (verdict at "
                            f"{k.failed_at:.3f} s); {whole}{grace}; {what}")
        w = waits.get((k.name, k.at))
        if w is not None:  # R4.3, R4.6: the pod worker stopped the other container first
            yield Line(k.at, 3, visible(
                f"WAITED    {w.waited:.3f} s after the verdict: the kubelet was stopping "
                f"container {w.sibling} first (its {w.sibling_probe.value} kill at "
                f"{w.sibling_at:.3f} s, grace {w.sibling_grace:g} s, stopped at "
                f"{w.sibling_stopped_at:.3f} s); it stops a pod's containers one at a time"))
        yield from _pre_stop_lines(k.pre_stop_start, k.pre_stop_end, k.name, who)
        if k.sigterm_at is not None and not k.whole_pod:
            yield Line(k.sigterm_at, 3, f"SIGTERM   {who(k.name)}grace {k.grace_seconds:g} s")
    for pk in timeline.pod_kills:
        names = ", ".join(c.name for c in pk.containers)
        yield Line(pk.at, 3, visible(f"KILLPOD   {pk.reason}: stopping {names} "
                                     f"(grace {pk.grace_seconds} s)"))
        yield from _stop_lines(pk.containers, who)
    for c in timeline.all_containers_restarting:  # R4.35: the pod restarted in place
        yield Line(c.at, 3, visible(
            f"pod condition AllContainersRestarting True ({c.reason})" if c.status else
            "pod condition AllContainersRestarting False (every container removed; the pod "
            "starts again)"))


def _post_start_lines(timeline: Timeline, who: Who) -> Iterator[Line]:
    """Each postStart hook's run (R4.40); a failed one's kill (R4.41)."""
    for p in timeline.post_starts:
        name = who(p.name)
        yield Line(p.started_at, 1, f"POSTSTART {name}#{p.container} postStart hook started "
                                    f"({p.handler}); the next start waits for it")
        if p.ended_at is None:
            continue
        if p.cancelled:
            yield Line(p.ended_at, 3, f"POSTSTART {name}postStart hook cut short by the pod's "
                                      "deletion (FailedPostStartHook)")
        elif not p.failed:
            yield Line(p.ended_at, 3, f"POSTSTART {name}postStart hook ended")
        elif p.stop is not None:
            what = "restart" if p.restart else "no restart (restartPolicy)"
            # with a preStop hook the grace left for SIGTERM is known after it (R4.5)
            grace = ("preStop hook first" if p.stop.pre_stop_start is not None
                     else f"grace {p.stop.grace_seconds:g} s")
            yield Line(p.ended_at, 3, f"KILL      {name}postStart hook failed "
                                      f"(FailedPostStartHook); {grace}; {what}")
            yield from _stop_lines([p.stop], who)


def _exit_lines(timeline: Timeline, who: Who) -> Iterator[Line]:
    for x in timeline.exits:
        what = "restart" if x.restart else "no restart (restartPolicy)"
        yield Line(x.at, 3, f"EXIT      container {who(x.name)}#{x.container} exited with code "
                            f"{x.exit_code} ({x.reason}); {what}")


class _Fold:
    """Calls of one probe type (of one container) in a row with one outcome (the container
    instance, the result and the reason): its first call, how many, when the last started;
    `closed` once a call with another outcome came (its line is then known)."""

    __slots__ = ("closed", "count", "first", "last_at")

    def __init__(self, first: ProbeRecord, count: int, last_at: float, closed: bool) -> None:
        self.first, self.count, self.last_at, self.closed = first, count, last_at, closed


def _folds(timeline: Timeline, changes_only: bool) -> Iterator[_Fold]:
    """The probe calls as lines: each call its own, or (`changes_only`) runs of one outcome,
    ordered by their first call's start (then as they began). The calls are read in the
    order they ended, never listed: a line is given once it is closed and no call still to
    be read can start before it (a call starts at most the longest latency before its end);
    a folded run recorded in bulk (`Timeline.probe_stretches`) is read as one stretch."""
    bound = timeline.probe_latency_bound()
    stretches = (timeline.probe_stretches() if changes_only else
                 (ProbeStretch(p, 1, p.at) for p in timeline.iter_probes()))
    waiting: list[tuple[float, int, _Fold]] = []  # by start, then as they began
    current: dict[tuple[str, ProbeType], _Fold] = {}
    for seq, st in enumerate(stretches):
        p = st.first
        fold = current.get((p.name, p.probe))
        if changes_only and fold is not None and (
                fold.first.container, fold.first.result, fold.first.detail) == (
                p.container, p.result, p.detail):
            fold.count += st.count
            fold.last_at = st.last_at
            continue
        if fold is not None:
            fold.closed = True
        fold = current[(p.name, p.probe)] = _Fold(p, st.count, st.last_at, not changes_only)
        heapq.heappush(waiting, (p.at, seq, fold))
        end = p.at + p.latency
        mark = end - bound - 1e-9 * max(1.0, abs(end))  # every later call starts after it
        while waiting and waiting[0][2].closed and waiting[0][0] < mark:
            yield heapq.heappop(waiting)[2]
    while waiting:
        yield heapq.heappop(waiting)[2]


def _termination_lines(timeline: Timeline, who: Who) -> Iterator[Line]:
    """The deletion, how each container stopped, the pod terminated."""
    term = timeline.termination
    if term is None:
        return
    yield Line(term.requested_at, 3, f"DELETE    pod deleted (grace {term.grace_seconds} s); "
                                     "endpoint terminating, not ready")
    yield from _stop_lines(term.containers or [], who)
    if term.stopped_at is not None:
        yield Line(term.stopped_at, 5, "pod terminated: every container stopped")


def _pre_stop_lines(start: float | None, end: float | None, name: str,
                    who: Who) -> Iterator[Line]:
    """A preStop hook's start and end (R4.5), for a probe kill and a pod's stop alike."""
    if start is not None:
        yield Line(start, 3, f"PRESTOP   {who(name)}preStop hook started")
    if end is not None:
        yield Line(end, 3, f"PRESTOP   {who(name)}preStop hook ended")


def _stop_lines(stops: list[ContainerStop], who: Who) -> Iterator[Line]:
    """A container's preStop hook, SIGTERM and SIGKILL."""
    for c in stops:
        yield from _pre_stop_lines(c.pre_stop_start, c.pre_stop_end, c.name, who)
        if c.sigterm_at is not None:
            yield Line(c.sigterm_at, 3, f"SIGTERM   {who(c.name)}grace {c.grace_seconds:g} s")
        if c.sigkill and c.sigterm_at is not None and c.stopped_at is not None:
            yield Line(c.stopped_at, 3, f"SIGKILL   {who(c.name)}the grace period ran out")


def _terminal(timeline: Timeline) -> bool:
    """The pod reached Succeeded or Failed in the run."""
    return any(ph.phase in ("Succeeded", "Failed") for ph in timeline.pod_phase)


def render_text(timeline: Timeline, *, title: str = "",
                phases: PhaseSpread | None = None, changes_only: bool = False) -> str:
    """A readable timeline followed by a summary (and the phase sweep, if given). With
    `changes_only`, repeated probe outcomes are folded into their first call."""
    return "".join(iter_text(timeline, title=title, phases=phases, changes_only=changes_only))


def iter_text(timeline: Timeline, *, title: str = "", phases: PhaseSpread | None = None,
              changes_only: bool = False) -> Iterator[str]:
    """`render_text` in pieces, a line at a time: a long run is written as it is formatted,
    never held as one string."""
    if title:
        yield visible(title) + "\n"
    yield (f"{kubelet_words(timeline.profile)} | seed {timeline.seed} | probe ticks at "
           f"{timeline.phase:.3f} s + n x periodSeconds (the grid phase, docs/glossary.md) | "
           f"{timeline.duration:g} s simulated\n")
    yield "\n      time  what\n"
    for t, _, text in _lines(timeline, changes_only):
        yield f"{t:10.3f}  {text}\n"
    tail = _phase_lines(phases) if phases is not None else []
    yield "\n" + "\n".join([*_summary(timeline), *tail]) + "\n"


def _phase_lines(sweep: PhaseSpread) -> list[str]:
    n = len(sweep.phases)
    ready = [x for x in sweep.first_ready_at if x is not None]
    spread = f"{min(ready):.3f} to {max(ready):.3f} s" if ready else "never"
    never = "" if len(ready) == n else f" (never Ready at {n - len(ready)} phases)"
    return [
        (f"across {n} grid phases (evenly spaced over the grid cycle; seeds {sweep.seed} to "
         f"{sweep.seed + n - 1})"),
        (f"  restarted at      {sweep.with_restart} of {n} phases "
         f"(restarts per run: min {min(sweep.restarts)}, max {max(sweep.restarts)})"),
        f"  first Ready       {spread}{never}",
    ]


def _summary(timeline: Timeline) -> list[str]:
    s = timeline.summary()

    def when(x: float | None) -> str:
        return "never" if x is None else f"{x:.3f} s"

    probes = ", ".join(f"{k} {n} ({s.failures[k]} failed)" for k, n in s.probes.items() if n)
    phase = ([f"  pod phase         {timeline.pod_phase[-1].phase} at the end"]
             if timeline.pod_phase and (len(timeline.names) > 1 or _terminal(timeline)) else [])
    hooks = timeline.post_starts
    failed = sum(p.failed for p in hooks)
    post_start = ([f"  postStart hooks   {len(hooks)} ({failed} failed)"] if hooks else [])
    return [
        "summary",
        *phase,
        f"  restarts          {s.restarts}",
        f"  kills             {s.kills}",
        *post_start,
        f"  back-off waits    {s.back_offs}",
        f"  first Started     {when(s.first_started_at)}",
        f"  first Ready       {when(s.first_ready_at)}",
        f"  Ready for         {s.ready_seconds:.3f} s of {timeline.duration:g} s",
        f"  probes            {probes or 'none'}",
    ]
