"""The kubelet's log lines of its pod lifecycle event generator (PLEG), read into the ends of
containers they tell (klog.py reads the rest of the kubelet's log):

- pkg/kubelet/pleg/generic.go (1.20 on): `"Generic (PLEG): container finished" podID=UID
  containerID="ID" exitCode=N`, logged by the relist for a ContainerDied event whose ID the
  pod's status lists among its containers (the exit codes come from
  `status.ContainerStatuses`, never a sandbox's): an end of a container, with its exit code;
- pkg/kubelet/kubelet.go's syncLoopIteration: `"SyncLoop (PLEG): event for pod" pod="NS/NAME"
  event=&{ID:UID Type:ContainerDied Data:ID}` (1.20 on, the event printed with `%+v`; later
  kubelets print it as JSON, `event={"ID":"UID","Type":"ContainerDied","Data":"ID"}`) and,
  before 1.20, `SyncLoop (PLEG): "NAME_NS(UID)", event: &pleg.PodLifecycleEvent{ID:"UID",
  Type:"ContainerDied", Data:"ID"}`. The relist makes these events for the pod's sandboxes
  as for its containers (`getContainersFromPods`: "Update sandboxes as containers"), so a
  ContainerDied is an end of the container of that ID only where a line ties the ID to a
  container (a `container finished` line of it, a line naming it); alone, it is said so and
  counted as no container's end. The other events (ContainerStarted, a start of either;
  ContainerRemoved) tell no end, and their lines are lines not read.

A line gives the container's runtime ID, not its name: the end is of a container the record
does not name unless a line of the log ties that ID to a name (`containerName="app"
containerID="containerd://ID"`, kuberuntime_container.go's kill line). Every pattern is
linear: its alternatives start with distinct literals, every repetition is bounded.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNKNOWN_STAMP, Note, Stamp, Terminated, Where

__all__ = ["FINISHED", "PLEG_EVENT", "End", "Ends", "finished", "nameless", "old_pleg_event",
           "old_pleg_pod", "pleg_event", "runtime_id", "state"]

FINISHED = "Generic (PLEG): container finished"
PLEG_EVENT = "SyncLoop (PLEG): event for pod"
_MAX = 100_000  # characters of a line searched (klog.MAX_LINE)
# the event as 1.20-1.2x print it (`%+v` of *PodLifecycleEvent) and as later ones (JSON)
_EVENT = lazy_regex(r'event=(?:&\{ID:[\w-]{0,80} Type:(\w{1,40}) Data:([\w-]{0,200})\}|'
                    r'\{"ID":"[\w-]{0,80}","Type":"(\w{1,40})","Data":"([\w-]{0,200})"\})')
# before 1.20 (`%q, event: %#v`)
_OLD_EVENT = lazy_regex(r'^SyncLoop \(PLEG\): "([^"]{1,400})", event: &pleg\.PodLifecycleEvent'
                        r'\{ID:"[\w-]{0,80}", Type:"(\w{1,40})", Data:"([\w-]{0,200})"\}')
_EXIT_CODE = lazy_regex(r"-?\d{1,10}")


class End(NamedTuple):
    """An end a PLEG line tells: the container's runtime ID, the exit code generic.go logged
    (None: a ContainerDied event alone, as a sandbox's end is too), its pod where the line
    names it, its line and its klog time."""

    container_id: str
    exit_code: int | None
    pod: str | None
    where: Where
    time: str


def runtime_id(text: str) -> str:
    """A container's runtime ID as the PLEG prints it: `containerd://ID`, `docker://ID` and
    the bare ID are one container."""
    return text.rpartition("://")[2]


def finished(kv: dict[str, str], where: Where, time: str) -> End | None:
    """generic.go's `container finished` line: an end of a container, with its exit code."""
    cid, code = runtime_id(kv.get("containerID", "")), kv.get("exitCode", "")
    if not cid or not _EXIT_CODE.fullmatch(code):
        return None
    return End(cid, int(code), None, where, time)


def pleg_event(message: str, where: Where, time: str) -> End | None:
    """The structured `SyncLoop (PLEG)` line's ContainerDied (None: another event, or no such
    line)."""
    m = _EVENT.search(message[:_MAX])
    if m is None:
        return None
    kind, data = (m[1], m[2]) if m[1] is not None else (m[3], m[4])
    return _died(kind, data, None, where, time)


def old_pleg_event(message: str, pod: str | None, where: Where, time: str) -> End | None:
    """The `SyncLoop (PLEG)` line of the kubelets before 1.20 (its pod `pod`, read by the
    caller from its `NAME_NS(UID)`): its ContainerDied (None: another event)."""
    m = _OLD_EVENT.match(message[:_MAX])
    return None if m is None else _died(m[2], m[3], pod, where, time)


def old_pleg_pod(message: str) -> str | None:
    """The `NAME_NS(UID)` of a `SyncLoop (PLEG)` line before 1.20 (None: no such line)."""
    m = _OLD_EVENT.match(message[:_MAX])
    return None if m is None else m[1]


def _died(kind: str, data: str, pod: str | None, where: Where, time: str) -> End | None:
    """ContainerDied: an end of the ID (a container's or a sandbox's); the other events tell
    none."""
    return End(data, None, pod, where, time) if kind == "ContainerDied" and data else None


class Ends:
    """The ends the PLEG lines tell, one per runtime ID (its `container finished` line and its
    ContainerDied event are one end, told twice), and the names lines tie to IDs."""

    def __init__(self) -> None:
        self.by_id: dict[str, End] = {}
        self.names: dict[str, tuple[str | None, str]] = {}  # runtime ID: (pod, name)

    def add(self, end: End) -> None:
        was = self.by_id.get(end.container_id)
        if was is None:
            self.by_id[end.container_id] = end
            return
        code = was.exit_code if was.exit_code is not None else end.exit_code
        self.by_id[end.container_id] = End(was.container_id, code, was.pod or end.pod,
                                           was.where, was.time)

    def tie(self, container_id: str, name: str, pod: str | None) -> None:
        """A line names the container of this runtime ID (`containerName` beside
        `containerID`), of the pod it names."""
        if container_id and name:
            self.names.setdefault(runtime_id(container_id), (pod, name))

    def of_containers(self) -> dict[tuple[str | None, str | None], list[End]]:
        """The ends of containers, by (pod, name): a `container finished` line's, or one whose
        ID a line names; the name None where no line ties the ID to one."""
        out: dict[tuple[str | None, str | None], list[End]] = {}
        for cid, end in self.by_id.items():
            pod, name = self.names.get(cid, (end.pod, None))
            if end.exit_code is not None or name is not None:
                out.setdefault((end.pod or pod, name), []).append(end)
        return out

    def notes(self, source: str) -> list[Note]:
        """What the reading of the ends leaves open, said: a ContainerDied no line ties to a
        container, several ends of one (klog.py says whose a nameless end is)."""
        out = []
        for cid, end in self.by_id.items():
            if end.exit_code is None and cid not in self.names:
                out.append(Note(
                    f"line {end.where.line}: the PLEG's ContainerDied of {cid[:12]}: the relist "
                    "reports a pod sandbox's end so too, and no line ties this ID to a "
                    "container: counted as no container's end", end.where))
        for (_, name), ends in self.of_containers().items():
            if len(ends) > 1:
                lines = ", ".join(str(e.where.line) for e in ends)
                out.append(Note(
                    f"lines {lines}: {len(ends)} ends of {name or 'containers not named'} "
                    "(runtime IDs apart); the latest is read as the container's state",
                    Where(source, ends[-1].where.line)))
        return out


def nameless(end: End) -> Note:
    """An end the PLEG tells by a runtime ID no line ties to a name, in a log that names no
    container of its pod: an end of a container the record does not name."""
    return Note(f"line {end.where.line}: the end the PLEG tells (container "
                f"{end.container_id[:12]}) names its container by its runtime ID only, and no "
                "line ties that ID to a name: an end of a container the record does not name",
                end.where)


def state(end: End, finished_at: Stamp) -> Terminated:
    """The end as a terminated state whose kind (state or last state) the log does not show:
    generic.go logs no reason, only the exit code (`untold`: read where the current state
    is, an ended instance either way)."""
    return Terminated(None, end.exit_code, UNKNOWN_STAMP, finished_at, where=end.where,
                      untold=True)
