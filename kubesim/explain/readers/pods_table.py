"""`kubectl get pods` as a table: `[NAMESPACE]  NAME  READY  STATUS  RESTARTS  AGE  [IP
NODE ...]`, with or without its header, one row or a `--watch`'s many.

What a row states (pkg/printers/internalversion/printers.go, `printPod`): the pod's name,
READY as ready/total containers, STATUS (the phase, or the reason of a container's waiting or
terminated state: CrashLoopBackOff, OOMKilled, Error), RESTARTS (the sum over its containers;
since 1.22 with `(57s ago)`, the last restart's age) and AGE. Only a pod of one container
(`x/1`) gives that container's restart count and state reason; of a watch, the last row of a
pod is its latest. A pod of several containers (`x/N`) is read as one record of N containers
the row does not tell apart (`ContainerRecord.containers`): RESTARTS is their sum (0 states
that none of them restarted), and which one restarted or is not ready is not in the row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubesim.errors import RecordError
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    Terminated,
    Where,
)
from kubesim.explain.readers.times import AGE_PATTERN

__all__ = ["PodRow", "TopContainers", "cut_pod_row", "is_pods_header", "placeholder_name", "pod_row", "pods_of"]

_HEADER = re.compile(r"^\s*(?:NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\b")
_ROW = re.compile(
    rf"^\s*(?:(?P<ns>[a-z0-9][-a-z0-9]{{0,62}})\s+)?(?P<name>[a-z0-9][-a-z0-9.]{{0,252}})\s+"
    rf"(?P<ready>\d{{1,4}})/(?P<total>\d{{1,4}})\s+(?P<status>[A-Za-z][A-Za-z:]{{0,62}}"
    rf"(?::\d+/\d+)?)\s+(?P<restarts>\d{{1,12}})(?:\s+\((?P<ago>{AGE_PATTERN}) ago\))?\s+"
    # AGE is not read (only matched); a page may run its next line into the cell (`40- It`)
    rf"(?:(?P<age>{AGE_PATTERN})|\d+\S*)(?:\s.*)?$")
# A row right under the header whose NAME is no name the API gives a pod (DNS-1123: lower
# case, digits, `-`, `.`) but a page's placeholder for one: `POD_NAME`, `<pod-name>`, `MyPod`
_PLACEHOLDER = re.compile(r"^\s*(?P<name><?[A-Za-z0-9][-A-Za-z0-9_.]{0,251}>?)\s+\d")
# the record's last line cut inside a row's RESTARTS cell (`app-5f7   1/1   Running   1`, no
# line end): the digits shown may be the cell's start, so the count is not in the record
_CUT_ROW = re.compile(
    r"^\s*(?:(?P<ns>[a-z0-9][-a-z0-9]{0,62})\s+)?(?P<name>[a-z0-9][-a-z0-9.]{0,252})\s+"
    r"(?P<ready>\d{1,4})/(?P<total>\d{1,4})\s+(?P<status>[A-Za-z][A-Za-z:]{0,62}"
    r"(?::\d+/\d+)?)\s+(?P<restarts>\d{1,12})$")
# STATUS is the reason of the container's current state when it has one (printPod)
_WAITING = {"CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull", "ContainerCreating",
            "CreateContainerConfigError", "RunContainerError"}
_TERMINATED = {"OOMKilled", "Error", "Completed", "ContainerCannotRun", "StartError"}
_INT32 = 2**31 - 1
_INIT_STEP = re.compile(r"^Init:\d{1,4}/\d{1,4}$")


@dataclass(frozen=True, slots=True)
class PodRow:
    """One row: the pod, its containers' count, status and restarts, where it was read."""

    name: str
    namespace: str | None
    total: int
    status: str
    restarts: int
    where: Where
    ready: int = 0
    restarts_cut: bool = False  # the record ends inside the RESTARTS cell: no count


def is_pods_header(line: str) -> bool:
    return bool(_HEADER.match(line))


def pod_row(line: str, source: str, number: int, *, under_header: bool = False
            ) -> PodRow | None:
    """The row `line` is, or None; RESTARTS beyond an int32 is an error naming the line (as
    restartCount is in a pod document). `under_header`: the line comes right under the
    table's header (or a row of it), where a page's placeholder NAME is read as the name."""
    m = _ROW.match(line)
    name = placeholder_name(line) if m is None and under_header else None
    m = m or (_placeholder_row(line) if name is not None else None)
    if m is None or int(m["total"]) == 0:
        return None
    if int(m["restarts"]) > _INT32:
        raise RecordError(f"RESTARTS {m['restarts']} must be a whole number from 0 to {_INT32}",
                          source=source, line=number)
    return PodRow(name or m["name"], m["ns"], int(m["total"]), m["status"], int(m["restarts"]),
                  Where(source, number), int(m["ready"]))


def _placeholder_row(line: str) -> re.Match[str] | None:
    """The row with a placeholder NAME (`_PLACEHOLDER`) matched as a row of a DNS name."""
    p = _PLACEHOLDER.match(line)
    if p is None:
        return None
    m = _ROW.match("x" + line[p.end("name"):])
    return None if m is None or m["ns"] is not None else m


def placeholder_name(line: str) -> str | None:
    """The placeholder NAME of a row `pod_row` read under a header, or None when its NAME
    is a pod's name (DNS-1123)."""
    if _ROW.match(line) is not None:
        return None
    p = _PLACEHOLDER.match(line)
    return None if p is None else p["name"]
def cut_pod_row(line: str, source: str, number: int) -> PodRow | None:
    """The row the record's last line is, cut inside its RESTARTS cell, or None."""
    m = _CUT_ROW.match(line)
    if m is None or int(m["total"]) == 0:
        return None
    return PodRow(m["name"], m["ns"], int(m["total"]), m["status"], 0, Where(source, number),
                  int(m["ready"]), restarts_cut=True)


def _container(row: PodRow) -> ContainerRecord:
    c = ContainerRecord(None, row.where, restart_count=None if row.restarts_cut else
                        row.restarts, restart_where=row.where, restart_apart=True,
                        restarts_cut=row.restarts_cut)
    if row.status in _WAITING:
        c.state, c.state_reason = "waiting", row.status
    elif row.status in _TERMINATED:
        c.state, c.state_reason = "terminated", row.status
        c.terminated = Terminated(row.status, None, UNKNOWN_STAMP, UNKNOWN_STAMP,
                                  where=row.where)
    elif _INIT_STEP.match(row.status) and row.restarts == 0:
        # `Init:i/n`, no init container restarted: it waits for them, not started (printPod
        # prints `Init:<reason>` for an init container that failed or waits out a back-off)
        c.state, c.state_reason = "waiting", "PodInitializing"
    elif row.status == "Running":
        # READY 0/1 of a running pod of one container: that container is not Ready (R3.4)
        c.state, c.ready = "running", row.ready == row.total
    return c


def _init_state(status: str) -> bool:
    """STATUS `Init:` and the state reason of an init container (`Init:CrashLoopBackOff`,
    `Init:Error`), not `Init:i/n` (one running, or none ended yet)."""
    reason = status.removeprefix("Init:")
    return reason != status and (reason in _WAITING or reason in _TERMINATED)


def _initializing(row: PodRow) -> ContainerRecord:
    """The init container a STATUS `Init:...` names: while the pod initializes, printPod sums
    RESTARTS over the init containers only and STATUS is `Init:` and the reason of the first
    one not done (its waiting or terminated state's), or `Init:i/n`; the app containers READY
    counts have not started. The row names no init container, so it is one record of the one
    the STATUS is about, its restarts at most the sum."""
    c = ContainerRecord(None, row.where, init=True, restart_count=row.restarts,
                        restart_where=row.where, restart_apart=True)
    reason = row.status.removeprefix("Init:")
    if reason in _WAITING:
        c.state, c.state_reason = "waiting", reason
    elif reason in _TERMINATED:
        c.state, c.state_reason = "terminated", reason
        c.terminated = Terminated(reason, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=row.where)
    return c


def _ended(row: PodRow) -> Terminated:
    """The end a watch row's STATUS states: the terminated state's reason. The CRI runtime
    (containerd's CRI plugin, CRI-O, dockershim) names an exit with code 0 `Completed` and
    any other `Error`, so `Completed` is exit code 0; the others give no code."""
    code = 0 if row.status == "Completed" else None
    return Terminated(row.status, code, UNKNOWN_STAMP, UNKNOWN_STAMP, where=row.where)


def _several(row: PodRow) -> ContainerRecord:
    """The containers of a pod of several (READY x/N) as one record of N: the row names none,
    RESTARTS is their sum and STATUS the pod's, so which container restarted, how often each
    and which is not ready are not in it (printPod). A sum of 0 states that none restarted;
    they all run when the pod is Running with every container ready (READY n/n)."""
    c = ContainerRecord(None, row.where, restart_count=None if row.restarts_cut else
                        row.restarts, restart_where=row.where, restart_apart=True,
                        restarts_cut=row.restarts_cut, containers=row.total,
                        ready_containers=row.ready)
    if row.restarts_cut:
        pass  # its restarts are not in the record: nothing said of them
    elif row.restarts == 0 and row.status == "Running" and row.ready == row.total:
        c.state = "running"
    elif _INIT_STEP.match(row.status) and row.restarts == 0:
        c.state, c.state_reason = "waiting", "PodInitializing"  # none started, none ended
    elif row.status == "CrashLoopBackOff":  # one of them at least waits out a back-off
        c.state_reason = row.status
    elif row.status in _TERMINATED:  # printPod's STATUS: one of them ended so (its reason)
        c.terminated = _ended(row)
    return c


def pods_of(rows: list[PodRow]) -> list[PodRecord]:
    """One pod per name, from its last row; of a watch, a pod of one container whose earlier
    row shows it terminated (Completed, Error, OOMKilled) with fewer restarts than its last
    row gives that end as the container's last state."""
    last: dict[str, PodRow] = {}
    ended: dict[str, PodRow] = {}
    for row in rows:
        before = last.get(row.name)
        if before is not None and before.status in _TERMINATED and row.restarts > before.restarts:
            ended[row.name] = before  # it ended, then the kubelet restarted it
        last[row.name] = row
    pods = []
    for row in last.values():
        pod = PodRecord(row.name, row.where, namespace=row.namespace, formats=["pods-table"])
        if row.restarts_cut:
            pod.notes.append(Note("the record ends inside this row's RESTARTS cell: the pod's "
                                  "restart count is not in the record", row.where))
        if _init_state(row.status):  # RESTARTS is the init containers' sum
            pod.containers.append(_initializing(row))
        elif row.total == 1:  # RESTARTS is the pod's one container's restartCount
            pod.containers.append(_container(row))
            if row.name in ended and row.status not in _TERMINATED:
                pod.containers[-1].last = _ended(ended[row.name])
        else:  # several: RESTARTS is their sum, which the record does not split
            pod.containers.append(_several(row))
        pods.append(pod)
    return pods


# `kubectl top pod POD --containers` (kubectl's top_pod.go, `printContainerMetrics`): a header
# `POD  NAME  CPU(cores)  MEMORY(bytes)` and a row per container of the pod. The rows name the
# pod's containers and state nothing else the diagnosis reads (no state, no restart count)
_TOP_HEADER = re.compile(r"^\s*POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$")
_TOP_ROW = re.compile(r"^\s*(?P<pod>[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?)\s+"
                      r"(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\s+\d{1,12}m?\s+"
                      r"\d{1,15}(?:[KMGT]i)?\s*$")


class TopContainers:
    """The containers a `kubectl top pod --containers` table names, read a line at a time
    after its header: a pod each, its containers by name alone."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.open = False  # a header or a row was read and no other line came since
        self.pods: list[PodRecord] = []

    def take(self, text: str, number: int) -> bool:
        """Whether `text` is this table's (its header or a container's row)."""
        if _TOP_HEADER.match(text):
            self.open = True
            return True
        row = _TOP_ROW.match(text) if self.open else None
        if row is None:
            self.open = False
            return False
        where = Where(self.source, number)
        pod = next((p for p in self.pods if p.name == row["pod"]), None)
        if pod is None:
            pod = PodRecord(row["pod"], where, formats=["top-containers"])
            self.pods.append(pod)
        pod.containers.append(ContainerRecord(row["name"], where))
        return True
