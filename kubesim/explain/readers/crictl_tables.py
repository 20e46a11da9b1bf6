"""The container runtime's CLI, crictl (kubernetes-sigs/cri-tools): its `crictl ps` table
(`ps -a` with its exited containers too) and its `crictl pods` table, read as the containers
of the pods they show (held-out batch 113, cri-tools-369; written at crictl53).

`crictl ps` prints one row per container the runtime holds: `CONTAINER ID` (`CONTAINER` in
later crictl), IMAGE, CREATED, STATE (`Created`, `Running`, `Exited`, `Unknown`: crictl's
`convertContainerState`; the CRI's `CONTAINER_RUNNING` ... in the earliest), NAME, ATTEMPT,
then `POD ID` (from 2017), `POD` (the pod's name from the container's
`io.kubernetes.pod.name` label) and NAMESPACE in later crictl. ATTEMPT is the CRI's
`ContainerMetadata.Attempt`, which the kubelet sets to the restart count of the instance it
creates: `startContainer` takes the last status's `RestartCount + 1` and
`generateContainerConfig` writes it as `Attempt` (kubernetes/kubernetes
pkg/kubelet/kuberuntime/kuberuntime_container.go; R4.7). So a container's row of the highest
ATTEMPT is its current instance, and that ATTEMPT its restart count; rows of a lower one are
earlier instances (`ps -a`), whose ends the count holds already.

`crictl pods` prints one row per pod sandbox: `POD ID`, CREATED, STATE (`Ready`,
`NotReady`), NAME, NAMESPACE, ATTEMPT (the sandbox's: a sandbox created again, not a
container's restart) and RUNTIME in later crictl. A container's pod is its row's POD, else the
`crictl pods` row whose POD ID its POD ID begins (both print the ID's first 13 characters).

Read: a table under its whole header line (one of the column sets above), each row of as many
cells as the header has columns (cells stand apart by two spaces or more: crictl's tabwriter
pads by three), its ID hexadecimal, its STATE one crictl prints and its ATTEMPT a number.
Unread (said not read): a header cut short (its rows have no columns to be read by), a row of
another shape, `docker ps` (COMMAND, STATUS, PORTS: another table), and the containers of a
sandbox no row names where the record shows several such sandboxes (whose pod each is, the
record does not tell).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["CRICTL_TABLE", "read_crictl_tables"]

CRICTL_TABLE = "crictl-table"
_GAP = r"[ \t]{2,}"
# the header lines, whole (anchored, each column once: one pass over a line)
_PS_HEAD = lazy_regex(r"[ \t]*(?:CONTAINER ID|CONTAINER)" + _GAP + "IMAGE" + _GAP + "CREATED"
                      + _GAP + "STATE" + _GAP + "NAME" + _GAP + "ATTEMPT(?:" + _GAP
                      + "POD ID)?(?:" + _GAP + "POD)?(?:" + _GAP + r"NAMESPACE)?[ \t]*")
_PODS_HEAD = lazy_regex(r"[ \t]*POD ID" + _GAP + "CREATED" + _GAP + "STATE" + _GAP + "NAME"
                        + _GAP + "NAMESPACE" + _GAP + "ATTEMPT(?:" + _GAP
                        + r"RUNTIME)?[ \t]*")
_SPLIT = lazy_regex(_GAP)
_ID = lazy_regex(r"[0-9a-f]{6,64}")
_NUMBER = lazy_regex(r"[0-9]{1,6}")
_LABEL = lazy_regex(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?")
# crictl's states (`convertContainerState`; the CRI's own names in the earliest crictl), as
# the container's state in the pod's status (the kubelet's `convertToAPIContainerStatuses`: a
# container created and not started waits; an unknown one is read with no state)
_STATES = {"Running": "running", "CONTAINER_RUNNING": "running", "Exited": "terminated",
           "CONTAINER_EXITED": "terminated", "Created": "waiting",
           "CONTAINER_CREATED": "waiting", "Unknown": None, "CONTAINER_UNKNOWN": None}
_MAX_ROWS = 2000


class _Row(NamedTuple):
    """One row of a crictl table, its cells by the header's column names."""

    line: int
    cells: dict[str, str]


class _Table(NamedTuple):
    """A crictl table: which command printed it (`ps`, `pods`), its header's line and
    columns, and its rows."""

    kind: str
    header: int
    columns: list[str]
    rows: list[_Row]


class _Sandbox(NamedTuple):
    """What names a pod sandbox: its pod's name and namespace, where they were read."""

    name: str
    namespace: str | None
    line: int


# a pod by its name and namespace, or (None, the sandbox's ID) where nothing names it
_PodKey = tuple[str | None, str | None]


def _header(line: str) -> tuple[str, list[str]] | None:
    """The command and the columns of a crictl header line; None for any other line."""
    if "CREATED" not in line or "STATE" not in line:
        return None
    for kind, head in (("ps", _PS_HEAD), ("pods", _PODS_HEAD)):
        if head.fullmatch(line):
            return kind, _SPLIT.split(line.strip())
    return None


def _row(line: str, number: int, kind: str, columns: list[str]) -> _Row | None:
    """A row of the table (module docstring); None for a line of another shape."""
    cells = _SPLIT.split(line.strip())
    if len(cells) != len(columns):
        return None
    row = dict(zip(columns, cells, strict=True))
    ids = [row[c] for c in ("CONTAINER ID", "CONTAINER", "POD ID") if c in row]
    if not all(_ID.fullmatch(x) for x in ids) or not _NUMBER.fullmatch(row["ATTEMPT"]):
        return None
    if kind == "ps" and (row["STATE"] not in _STATES or not _LABEL.fullmatch(row["NAME"])):
        return None
    if kind == "pods" and not (_LABEL.fullmatch(row["NAME"]) and
                               _LABEL.fullmatch(row["NAMESPACE"])):
        return None
    return _Row(number, row)


def _tables(lines: list[str]) -> list[_Table]:
    """Each crictl table of the lines: its rows up to the first line of another shape after
    its header (a blank line, a prompt, a fence)."""
    tables: list[_Table] = []
    current: _Table | None = None
    for number, line in enumerate(lines, 1):
        head = _header(line) if len(line) < 400 else None
        if head is not None:
            current = _Table(head[0], number, head[1], [])
            tables.append(current)
            continue
        if current is None:
            continue
        row = _row(line, number, current.kind, current.columns) if len(line) < 2000 else None
        if row is None or len(current.rows) >= _MAX_ROWS:
            current = None
            continue
        current.rows.append(row)
    return tables


def _sandboxes(tables: list[_Table]) -> dict[str, _Sandbox]:
    """The sandboxes `crictl pods` names, by their ID."""
    return {r.cells["POD ID"]: _Sandbox(r.cells["NAME"], r.cells["NAMESPACE"], r.line)
            for t in tables if t.kind == "pods" for r in t.rows}


def _pod_of(row: _Row, sandboxes: dict[str, _Sandbox]) -> _Sandbox | None:
    """The pod a `crictl ps` row's container belongs to: its POD cell (crictl prints
    `unknown` for a container without the kubelet's labels), else the `crictl pods` row of
    its sandbox (one ID the other's beginning: crictl cuts both to 13 characters)."""
    pod = row.cells.get("POD")
    if pod and pod != "unknown":
        namespace = row.cells.get("NAMESPACE")
        return _Sandbox(pod, namespace if namespace != "unknown" else None, row.line)
    sandbox = row.cells.get("POD ID")
    if sandbox is None:
        return None
    found = [s for i, s in sandboxes.items() if i.startswith(sandbox) or sandbox.startswith(i)]
    return found[0] if len(found) == 1 else None


def _key_of(row: _Row, sandboxes: dict[str, _Sandbox]) -> _PodKey:
    """The pod a row's container belongs to, as a key (`_PodKey`)."""
    pod = _pod_of(row, sandboxes)
    return (pod.name, pod.namespace) if pod else (None, row.cells.get("POD ID"))


def _current(tables: list[_Table], sandboxes: dict[str, _Sandbox]
             ) -> dict[tuple[_PodKey, str], _Row]:
    """Each container's current instance: its row of the highest ATTEMPT (module
    docstring), by its pod and its name."""
    current: dict[tuple[_PodKey, str], _Row] = {}
    for row in (r for t in tables if t.kind == "ps" for r in t.rows):
        key = (_key_of(row, sandboxes), row.cells["NAME"])
        old = current.get(key)
        if old is None or int(row.cells["ATTEMPT"]) >= int(old.cells["ATTEMPT"]):
            current[key] = row
    return current


def _container(row: _Row, source: str) -> ContainerRecord:
    """A container's current instance: its state, and ATTEMPT as its restart count (module
    docstring; R4.7)."""
    where = Where(source, row.line)
    c = ContainerRecord(row.cells["NAME"], where)
    c.state = _STATES[row.cells["STATE"]]
    c.restart_count = int(row.cells["ATTEMPT"])
    c.restart_where = where
    if c.state == "terminated":  # crictl ps prints no exit code nor reason
        c.terminated = Terminated(None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where)
    c.count_alone = c.state is None  # a state crictl calls Unknown: ended since, maybe
    return c


_READ = ("line {}: crictl ps row of container {} ({}), ATTEMPT {}: read as its restart count "
         "(the kubelet creates each instance with the CRI's Metadata.Attempt set to its "
         "restartCount, R4.7){}")


def _pods(tables: list[_Table], source: str) -> tuple[list[PodRecord], list[Note], set[int]]:
    """The pods the `crictl ps` rows show, each with its containers' current instances; the
    notes saying how each was read; the lines read (a pod's earlier instances with it)."""
    sandboxes = _sandboxes(tables)
    current = _current(tables, sandboxes)
    unnamed = {k for k, _ in current if k[0] is None}
    pods: dict[_PodKey, PodRecord] = {}
    notes: list[Note] = []
    for (key, name), row in current.items():
        if key[0] is None and len(unnamed) > 1:
            continue  # several sandboxes no row names: whose pod each is, not told
        where = Where(source, row.line)
        record = pods.setdefault(key, PodRecord(
            key[0], where, namespace=key[1] if key[0] else None, formats=[CRICTL_TABLE]))
        record.containers.append(_container(row, source))
        pod = _pod_of(row, sandboxes)
        told = f"pod {key[0]}" if key[0] else "a pod the record does not name"
        joined = f"; its pod named at line {pod.line}" if pod and pod.line != row.line else ""
        notes.append(Note(_READ.format(row.line, name, told, row.cells["ATTEMPT"], joined),
                          where, pod=key[0]))
    read = {s.line for s in sandboxes.values()} | {t.header for t in tables}
    read |= {r.line for t in tables if t.kind == "ps" for r in t.rows
             if _key_of(r, sandboxes) in pods}
    return list(pods.values()), notes, read


def read_crictl_tables(text: str, source: str) -> RecordSet | None:
    """The record of a page holding a `crictl ps` table (module docstring): the pods its rows
    show, each container's current instance in its state with its restart count; the lines
    not read said so. None without such a table or a row read in it."""
    if "ATTEMPT" not in text:
        return None
    lines = text.split("\n")
    tables = _tables(lines)
    pods, notes, read = _pods(tables, source)
    if not pods:
        return None
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in read and x.strip()]
    return RecordSet(source, CRICTL_TABLE, pods=pods, notes=notes + unread_notes(rest, source))
