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
from enum import Enum
from typing import NamedTuple

from kubesim.errors import RecordError
from kubesim.explain.readers.header_cells import cells_by_name, joined_names
from kubesim.explain.readers.kubectl_command import pods_command
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Stamp,
    Terminated,
    Where,
)
from kubesim.explain.readers.names import LABEL, NAME_CELL, NAMESPACE_CELL, PLACEHOLDER, SUBDOMAIN
from kubesim.explain.readers.times import AGE_PATTERN, parse_age
from kubesim.explain.readers.trimmed_pods import UNSHOWN_STATUS

__all__ = ["POD_KIND", "Col", "Column", "CustomColumns", "PodRow", "TopContainers", "custom_columns_of",
           "cut_pod_row", "is_pod_row", "is_pods_header", "named_pods_header", "placeholder_name",
           "pod_row", "pods_of", "row_by_header", "row_cut_in_age"]

# AGE may be left out by a page that trimmed the table (`NAME READY STATUS RESTARTS`)
_HEADER = re.compile(
    r"^\s*(?:NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS(?:\s+AGE\b|\s*$)")
# a row's cells up to RESTARTS: NAMESPACE (with -A), NAME, READY, STATUS, RESTARTS; NAME
# prefixed `pod/` in `kubectl get all`'s pod section (kubectl prints the kind before each
# name when it lists several kinds: printers' WithKind); a page that spaced the slashes it
# copied (`pod / web-0`, as a translated page spaces `32400 / TCP`) prints the same prefix:
# one space each side or none, never a slash spaced on one side only. The kind is the
# resource's short name `po` where kubectl printed that (`get all` of kubectl 1.9's era and
# OpenShift 3.x's `oc get all`: `po/NAME`, `svc/NAME`, `deploy/NAME`): `po/` is the same
# prefix of the same row, the other kinds' rows no pod's (openshift-ansible-7230)
POD_KIND = r"pod?/"
POD_KIND_PREFIX = r"pod?(?:/| / )"
_CELLS = (rf"^\s*(?:(?P<ns>{NAMESPACE_CELL})\s+)?(?:{POD_KIND_PREFIX})?(?P<name>{NAME_CELL})\s+"
          r"(?P<ready>\d{1,4})/(?P<total>\d{1,4})\s+(?P<status>[A-Za-z][A-Za-z:]{0,62}"
          r"(?::\d+/\d+)?)\s+(?P<restarts>\d{1,12})")
_ROW = re.compile(
    rf"{_CELLS}(?:\s+\((?P<ago>{AGE_PATTERN}) ago\))?\s+"
    # AGE is not read (only matched); a page may run its next line into the cell (`40- It`)
    rf"(?:(?P<age>{AGE_PATTERN})|\d+\S*)(?:\s.*)?$")
# Under a header (or a row of it), a row whose AGE a page trimmed with its header's: its
# cells end at RESTARTS (and its `(81s ago)`); without a header, only a row whose RESTARTS
# carries its last restart's age (`5 (2m ago)`, kubectl 1.22 on, `_row_no_age`)
_ROW_NO_AGE = lazy_regex(rf"{_CELLS}(?:\s+\((?P<ago>{AGE_PATTERN}) ago\))?\s*$")
# A row right under the header whose NAME is no name the API gives a pod (DNS-1123: lower
# case, digits, `-`, `.`) but a page's placeholder for one: `POD_NAME`, `<pod-name>`, `MyPod`
# (fc57d) or a name whose dashed parts the page replaced by placeholders, each in angle
# brackets (`metrics-server-<hash>-<b>`, gardener-15636): a Deployment's pod name with its
# hash and suffix left out
_PART = r"(?:<[A-Za-z0-9][-A-Za-z0-9_.]{0,60}>|[A-Za-z0-9][A-Za-z0-9_.]{0,62})"
_PLACEHOLDER = lazy_regex(rf"^\s*(?P<name>{_PART}(?:-{_PART}){{0,20}}(?=\s)|{PLACEHOLDER})\s+\d")
# the record's last line cut inside a row's RESTARTS cell (`app-5f7   1/1   Running   1`, no
# line end): the digits shown may be the cell's start, so the count is not in the record
_CUT_ROW = lazy_regex(rf"{_CELLS}$")
# the record's last line cut inside the last restart's age after the count (`587 (7m5`): a
# space and `(` after the digits, so the count is whole and in the record (kubectl prints
# `RESTARTS (AGE ago)` since 1.22)
_CUT_IN_AGO = re.compile(rf"{_CELLS}[ \t]+\((?:\d{{1,9}}[ydhms]){{0,5}}\d{{0,9}}(?: a?g?o?)?$")
# STATUS is the reason of the container's current state when it has one (printPod)
_WAITING = {"CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull", "ContainerCreating",
            "CreateContainerConfigError", "RunContainerError"}
_TERMINATED = {"OOMKilled", "Error", "Completed", "ContainerCannotRun", "StartError"}
# a waiting reason of a container held before its start, on its image or its config (the
# kubelet's ErrImagePull and ImagePullBackOff from EnsureImageExists, CreateContainerConfigError
# from generateContainerConfig, both before CreateContainer): no end, as CrashLoopBackOff's
# back-off after one is (R4.9). `ContainerCreating`, the kubelet's default waiting reason, is
# also a container made again after its instance was removed, its last state an end (R4.7):
# it stays open (the holdout rule of fixrows90)
_HELD = {"ImagePullBackOff", "ErrImagePull", "CreateContainerConfigError"}
# a one container's STATUS naming a terminated state whose end was lost: containerd's CRI
# plugin sets reason `Unknown` (exit code 255) on a container whose task is gone after
# containerd's restart (runtime-class-manager-140), the kubelet `ContainerStatusUnknown` on
# one it cannot find (R4.7: an end all the same, the cause not in the record)
_LOST = {"Unknown", "ContainerStatusUnknown"}
_INT32 = 2**31 - 1
_INIT_STEP = lazy_regex(r"^Init:\d{1,4}/\d{1,4}$")


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
    # the row's line ends before its RESTARTS cell, the record going on (row_split.py)
    ends_before_restarts: bool = False
    ago: Stamp | None = None  # the last restart's age, `(48s ago)` (kubectl 1.22 on)
    age: Stamp | None = None  # the row's AGE: how long the pod has existed at the row's moment


def is_pod_row(line: str) -> bool:
    """Whether `line` is a `get pods` row of the default columns (NAME READY STATUS RESTARTS
    AGE, a namespace's cell before them or not), read as `pod_row` reads one."""
    return "/" in line and _ROW.match(line) is not None


def is_pods_header(line: str) -> bool:
    return bool(_HEADER.match(line))


# A `get pods` header with a column kubectl's default table lacks before or among its own (a
# fork's `HASHKEY` after NAME, Arktos' kubectl; `-o wide`'s IP, NODE, NOMINATED NODE,
# READINESS GATES moved): its names, upper case as kubectl prints headers, NAME, READY, STATUS
# and RESTARTS among them in that order. Two-word names are kubectl's own (printers.go)
_NAMED_WORD = lazy_regex(r"[A-Z][A-Z0-9_()-]{0,40}")
_OWN_COLUMNS = ("NAME", "READY", "STATUS", "RESTARTS")
_MAX_COLUMNS = 24


def named_pods_header(line: str) -> tuple[str, ...] | None:
    """The column names of a `get pods` header kubectl's default header pattern (`_HEADER`)
    does not match for a column among its own (`_NAMED_WORD`), or None."""
    words = line.split(None, _MAX_COLUMNS + 1)
    if _HEADER.match(line) or not 4 < len(words) <= _MAX_COLUMNS or \
            not all(_NAMED_WORD.fullmatch(w) for w in words):
        return None
    names = joined_names(words)
    own = [n for n in names if n in _OWN_COLUMNS]
    if own != list(_OWN_COLUMNS) or len(set(names)) != len(names):
        return None
    return tuple(names)


def row_by_header(line: str, names: tuple[str, ...]) -> str | None:
    """The row `line` is under a header of those column names (`named_pods_header`), its
    cells taken by the header's names, not their place, and written as kubectl's default
    columns (`[NAMESPACE] NAME READY STATUS RESTARTS [(AGO ago)] [AGE]`) for `pod_row`; None
    when its cells are not one a column. Each cell is one word (kubectl prints `<none>` for
    an empty one) but RESTARTS, which may carry its last restart's age, `7 (5m ago)`."""
    words = line.split(None, 3 * _MAX_COLUMNS)
    cells = cells_by_name(words, names)
    if cells is None or cells.taken != len(words):
        return None
    kept = ("NAMESPACE", *_OWN_COLUMNS, "AGE")
    return " ".join(cells.by_name[n] for n in kept if n in cells.by_name)


def pod_row(line: str, source: str, number: int, *, under_header: bool = False
            ) -> PodRow | None:
    """The row `line` is, or None; RESTARTS beyond an int32 is an error naming the line (as
    restartCount is in a pod document). `under_header`: the line comes right under the
    table's header (or a row of it), where a page's placeholder NAME is read as the name."""
    # (READY's `/` looked for first: a long line without one is not backtracked cell by cell)
    m = None if "/" not in line else _ROW.match(line) or _row_no_age(line, under_header)
    name = placeholder_name(line) if m is None and under_header else None
    m = m or (_placeholder_row(line) if name is not None else None)
    if m is None or int(m["total"]) == 0:
        return None
    if int(m["restarts"]) > _INT32:
        raise RecordError(f"RESTARTS {m['restarts']} must be a whole number from 0 to {_INT32}",
                          source=source, line=number)
    return PodRow(name or m["name"], m["ns"], int(m["total"]), m["status"], int(m["restarts"]),
                  Where(source, number), int(m["ready"]),
                  ago=parse_age(m["ago"]) if m["ago"] else None, age=_age_cell(m))


def _row_no_age(line: str, under_header: bool) -> re.Match[str] | None:
    """The row `line` is with its AGE trimmed (`_ROW_NO_AGE`): under the table's header, or,
    without one, where its RESTARTS carries the last restart's age (`5 (2m ago)`): kubectl
    prints `N (AGE ago)` in the RESTARTS cell of `get pods` only (printPod, 1.22 on), so the
    cells are a row's and the count is whole before it (fall-out-bug-spark-k8s-connect's
    fenced row under `## Symptoms`). A bare count without a header (`web-1 1/1 Running 3`)
    stays no row: the digits may be a sentence's or a cut row's."""
    m = _ROW_NO_AGE.match(line)
    return m if m is not None and (under_header or m["ago"]) else None


def _age_cell(m: re.Match[str]) -> Stamp | None:
    """The row's AGE cell as an age, where the row has one (a row whose AGE a page trimmed,
    `_ROW_NO_AGE`, has none)."""
    age = m.groupdict().get("age")
    return parse_age(age) if age else None


def _placeholder_row(line: str) -> re.Match[str] | None:
    """The row with a placeholder NAME (`_PLACEHOLDER`) matched as a row of a DNS name."""
    p = _PLACEHOLDER.match(line)
    if p is None:
        return None
    # (a row whose AGE a page trimmed too: the placeholder is read under a header only)
    m = _ROW.match("x" + line[p.end("name"):]) or _ROW_NO_AGE.match("x" + line[p.end("name"):])
    return None if m is None or m["ns"] is not None else m


def placeholder_name(line: str) -> str | None:
    """The placeholder NAME of a row `pod_row` read under a header, or None when its NAME
    is a pod's name (DNS-1123)."""
    if _ROW.match(line) is not None or _ROW_NO_AGE.match(line) is not None:
        return None
    p = _PLACEHOLDER.match(line)
    return None if p is None else p["name"]
def cut_pod_row(line: str, source: str, number: int) -> PodRow | None:
    """The row the record's last line is, cut inside its RESTARTS cell, or None."""
    whole = row_cut_in_age(line, source, number)
    if whole is not None:
        return whole
    m = _CUT_ROW.match(line)
    if m is None or int(m["total"]) == 0:
        return None
    return PodRow(m["name"], m["ns"], int(m["total"]), m["status"], 0, Where(source, number),
                  int(m["ready"]), restarts_cut=True)


def row_cut_in_age(line: str, source: str, number: int) -> PodRow | None:
    """The row `line` is, cut inside its last restart's age (`_CUT_IN_AGO`): kubectl never
    leaves that `(` open, so the row is cut there whether a line end follows or not (a paste
    saved with one); its count read as a whole row's (the cut is after it), or None."""
    m = _CUT_IN_AGO.match(line) if "/" in line else None  # (READY's `/` looked for first)
    if m is None or int(m["total"]) == 0 or int(m["restarts"]) > _INT32:
        return None
    return PodRow(m["name"], m["ns"], int(m["total"]), m["status"], int(m["restarts"]),
                  Where(source, number), int(m["ready"]))


def _container(row: PodRow) -> ContainerRecord:
    c = ContainerRecord(None, row.where, restart_count=None if row.restarts_cut else
                        row.restarts, restart_where=row.where, restart_apart=True,
                        restarts_cut=row.restarts_cut, restart_ago=row.ago,
                        pod_age=row.age, last=_last_ended(row))
    # (a table trimmed of STATUS shows no state of the container: its count alone, R + 1,
    # trimmed_pods.py)
    c.count_alone = row.status == UNSHOWN_STATUS
    if row.status in _WAITING:
        c.state, c.state_reason = "waiting", row.status
    elif row.status in _TERMINATED or row.status in _LOST:
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


def _last_ended(row: PodRow) -> Terminated | None:
    """The last termination a count of 0 dates (`0 (5d14h ago)`, rancher-40992): printPod
    takes the age after RESTARTS from `lastState.terminated.finishedAt`, and kubectl 1.22 up
    to its `restarts != 0` check printed it whenever one was set, a count of 0 too
    (pkg/printers/internalversion/printers.go). So the container ended once at least, the
    count still 0: the next container was never created (a waiting STATUS: R + 1 ends, the
    README's restart-count rule); its reason and code not in the row. A count above 0 says
    so already; none without the age; and beside `Running` none, as a started container
    after an end has a count above 0 (R4.7), so that row's count and age disagree."""
    if row.restarts or row.ago is None or row.restarts_cut or row.status == "Running":
        return None
    return Terminated(None, None, UNKNOWN_STAMP, row.ago, where=row.where)


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
    they all run when the pod is Running (`_all_run`), ready or not. The row's AGE and last
    restart's age are of the row's moment, as a row of one container's are (README's rule
    of a row's AGE beside event rows: a count of another moment)."""
    c = ContainerRecord(None, row.where, restart_count=None if row.restarts_cut else
                        row.restarts, restart_where=row.where, restart_apart=True,
                        restarts_cut=row.restarts_cut, containers=row.total,
                        ready_containers=row.ready, restart_ago=row.ago, pod_age=row.age)
    if row.restarts_cut:
        pass  # its restarts are not in the record: nothing said of them
    elif row.restarts == 0 and _all_run(row):
        c.state = "running"
    elif _INIT_STEP.match(row.status) and row.restarts == 0:
        c.state, c.state_reason = "waiting", "PodInitializing"  # none started, none ended
    elif row.status == "CrashLoopBackOff":  # one of them at least waits out a back-off
        c.state_reason = row.status
    elif row.status in _HELD:  # one of them waits before its start: STATUS shows no end,
        c.state, c.state_reason = "waiting", row.status  # each at most the sum (README)
    elif row.status in _TERMINATED:  # printPod's STATUS: one of them ended so (its reason)
        c.terminated = _ended(row)
    return c


def _all_run(row: PodRow) -> bool:
    """Whether the row of several containers shows each running: STATUS `Running`, whatever
    READY counts. printPod puts a container's waiting reason (`ContainerCreating`,
    `CrashLoopBackOff`) or terminated reason (`Error`, `OOMKilled`, `Completed`) in STATUS
    in place of the phase, and a Completed one beside a running one reads `Running` only
    where the pod is Ready (else `NotReady`): never beside a container not ready. So
    `Running` with a container not ready is that container running, its readiness failing
    or untold (R3.4), as a `0/1 Running` row's one container is: a container killed and not
    started again shows its end in STATUS until its next instance counts the restart
    (R4.7)."""
    return row.status == "Running"


def pods_of(rows: list[PodRow]) -> list[PodRecord]:
    """One pod per name, from its last row; of a watch, a pod of one container whose earlier
    row shows it terminated (Completed, Error, OOMKilled) with fewer restarts than its last
    row gives that end as the container's last state."""
    # a pod's key is its namespace and name: rows of one name in two namespaces (`-A`) are
    # two pods
    last: dict[tuple[str | None, str], PodRow] = {}
    ended: dict[tuple[str | None, str], PodRow] = {}
    earlier: dict[tuple[str | None, str], list[PodRow]] = {}
    counted: dict[tuple[str | None, str, bool], PodRow] = {}  # the last row of a sum's kind
    for row in rows:
        key = (row.namespace, row.name)
        before = last.get(key)
        if before is not None and _ended_before(before, row):
            ended[key] = before  # it ended, then the kubelet restarted it (or backs off)
        prior = counted.get((*key, _sums_init(row)))
        if prior is not None and _fell(prior, row):
            ended.pop(key, None)  # a pod created again: an earlier pod's end is not its own
        if before is not None:
            earlier.setdefault(key, []).append(before)
        last[key] = counted[(*key, _sums_init(row))] = row
    pods = []
    for key, row in last.items():
        pod = PodRecord(row.name, row.where, namespace=row.namespace, formats=["pods-table"])
        if key in earlier:
            pod.notes.append(_earlier_rows(earlier[key], row))
        if row.restarts_cut:
            pod.notes.append(_cut_note(row))
        if _evicted([*earlier.get(key, []), row]):
            pod.status_reason = "Evicted"
        pod.unready_row = _unready_before(earlier.get(key, []), row)
        if _init_state(row.status):  # RESTARTS is the init containers' sum
            pod.containers.append(_initializing(row))
        elif row.total == 1:  # RESTARTS is the pod's one container's restartCount
            pod.containers.append(_container(row))
            if key in ended and row.status not in _TERMINATED:
                pod.containers[-1].last = _ended(ended[key])
        else:  # several: RESTARTS is their sum, which the record does not split
            pod.containers.append(_several(row))
        pods.append(pod)
    return pods


def _evicted(rows: list[PodRow]) -> bool:
    """Whether the rows of a name, from the pod the last row is (the rows after RESTARTS last
    falls: an earlier pod's rows before it, `_restarts_fall`), show it evicted: a STATUS of
    `Evicted` is the pod's status's reason (printPod prints `pod.Status.Reason` where the pod
    has one; the kubelet's eviction manager writes `Evicted`), an end of its containers (the
    pod's Evicted status, README)."""
    fell = _restarts_fall(rows)
    own = rows if fell is None else rows[rows.index(fell[1]):]
    return any(r.status == "Evicted" for r in own)


def _unready_before(before: list[PodRow], row: PodRow) -> Where | None:
    """Where an earlier row of the name, of the pod the last row is (the rows after RESTARTS
    last falls: an earlier pod's rows before it, `_restarts_fall`), shows it Running with
    READY below its total: a running container not Ready, its readiness failing or untold
    (R3.4), as a last row's `1/2 Running` shows. A row of no running pod (`0/1
    ContainerCreating`, `Pending`) runs no probe: not such a row (stop 58, fc58c)."""
    fell = _restarts_fall([*before, row])
    own = before if fell is None else [r for r in before if (r.where.line or 0) >= (
        fell[1].where.line or 0)]
    return next((r.where for r in own if r.status == "Running" and r.ready < r.total), None)


def _cut_note(row: PodRow) -> Note:
    """The note of a row whose RESTARTS is not in the record: cut where the record ends, or
    its line ending before the cell (row_split.py)."""
    if row.ends_before_restarts:
        return Note("this row's line ends after its STATUS: its RESTARTS and AGE are not on it, "
                    "so the pod's restart count is not in the record (no rule joins a later "
                    "line to the row)", row.where)
    return Note("the record ends inside this row's RESTARTS cell: the pod's restart count is "
                "not in the record", row.where)


def _ended_before(before: PodRow, row: PodRow) -> bool:
    """Whether a watch's earlier row shows the end the later row follows: a terminated row,
    then a row with more restarts (the kubelet restarted it), or a `CrashLoopBackOff` row with
    the same count (it waits out the back-off after that end: its lastState, not restarted
    yet). Rows cut in their RESTARTS cell state no count."""
    if before.status not in _TERMINATED or before.restarts_cut or row.restarts_cut:
        return False
    return row.restarts > before.restarts or (
        row.restarts == before.restarts and row.status == "CrashLoopBackOff")


def _earlier_rows(before: list[PodRow], row: PodRow) -> Note:
    """The rows of a pod's name before its last one (a watch, the table taken more than
    once, a page's placeholder for several pods): the last row is the one read, said so that
    none of them seems passed over (an earlier row may be an earlier pod of the name: a
    StatefulSet's pod recreated starts its restart count again)."""
    lines = [r.where.line for r in before if r.where.line is not None]
    span = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"
    fell = _restarts_fall([*before, row])
    again = "" if fell is None else (
        f"; RESTARTS falls from {fell[0].restarts} (line {fell[0].where.line}) to "
        f"{fell[1].restarts} (line {fell[1].where.line}), and a pod's restart counts only grow: "
        "the pod of the name was created again between them, the earlier rows are an "
        "earlier pod's")
    return Note(f"{span}: {len(before)} earlier row(s) of the name {row.name} (a watch, the "
                "table taken again, or a page's rows of one name): the last row, here, is the "
                f"one read{again}", row.where)


def _restarts_fall(rows: list[PodRow]) -> tuple[PodRow, PodRow] | None:
    """The last two rows of one name, in the record's order, where RESTARTS falls (`_fell`):
    the later row is of a pod created again under the name (README: one name, one pod, unless
    the record shows two). Rows are compared with the rows of the same sum (`_sums_init`)."""
    falls = []
    for init in (False, True):
        same = [r for r in rows if _sums_init(r) is init]
        falls += [(a, b) for a, b in zip(same, same[1:], strict=False) if _fell(a, b)]
    return max(falls, key=lambda f: f[1].where.line or 0, default=None)


def _fell(prior: PodRow, row: PodRow) -> bool:
    """Whether a row's RESTARTS is below an earlier row's of the same sum: a pod's
    containers' restartCounts only grow (the kubelet counts each start again). Rows cut in
    their RESTARTS cell state no count."""
    return not prior.restarts_cut and not row.restarts_cut and row.restarts < prior.restarts


def _sums_init(row: PodRow) -> bool:
    """Whether a row's RESTARTS sums the init containers' restarts: printPod sums them while
    the pod initializes (STATUS `Init:...`), the app containers' after, so a pod's RESTARTS
    may fall from `Init:Error 3` to `Running 0` and the pod is the same."""
    return row.status.startswith("Init:")


# `kubectl top pod POD --containers` (kubectl's top_pod.go, `printContainerMetrics`): a header
# `POD  NAME  CPU(cores)  MEMORY(bytes)` and a row per container of the pod. The rows name the
# pod's containers and state nothing else the diagnosis reads (no state, no restart count)
_TOP_HEADER = re.compile(r"^\s*POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$")
_TOP_ROW = lazy_regex(rf"^\s*(?P<pod>{SUBDOMAIN})\s+"
                      rf"(?P<name>{LABEL})\s+\d{{1,12}}m?\s+"
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


# `kubectl get pods -o custom-columns=HEADER:PATH,...` (kubectl's get/customcolumn.go,
# `printOneObject`): a line of the columns' headers, then a line per pod, each cell the values
# its JSONPath finds joined by `,` (over `containerStatuses[*]`, one per container that has the
# field: a container without it is left out, so a cell of fewer values than the pod has
# containers does not say whose they are), `<none>` when none is found. The command's specs
# say which field each column holds; without the command, the header's names do.
class Col(str, Enum):
    """What a custom column holds."""

    NAME = "name"
    NAMESPACE = "namespace"
    PHASE = "phase"
    RESTARTS = "restartCount"
    READY = "ready"
    CONTAINER = "container"  # containerStatuses[*].name
    LAST_REASON = "lastState.terminated.reason"
    LAST_CODE = "lastState.terminated.exitCode"
    REASON = "state.terminated.reason"
    CODE = "state.terminated.exitCode"
    WAITING = "state.waiting.reason"
    UNTOLD_REASON = "reason"  # a header `REASON` alone: a state's, which one not told
    UNTOLD_CODE = "exitCode"
    OTHER = "other"  # a column the reader does not use (AGE, NODE, IP, an image)


_STATUSES = "status.containerStatuses."
_PATH_COLS = {"metadata.name": Col.NAME, "metadata.namespace": Col.NAMESPACE,
              "status.phase": Col.PHASE, _STATUSES + "restartCount": Col.RESTARTS,
              _STATUSES + "ready": Col.READY, _STATUSES + "name": Col.CONTAINER,
              **{_STATUSES + c.value: c for c in (Col.LAST_REASON, Col.LAST_CODE, Col.REASON,
                                                   Col.CODE, Col.WAITING)}}
_HEADER_COLS = {
    **dict.fromkeys(("NAME", "POD", "POD_NAME", "PODNAME"), Col.NAME),
    **dict.fromkeys(("NAMESPACE", "NS"), Col.NAMESPACE),
    **dict.fromkeys(("STATUS", "PHASE"), Col.PHASE),
    **dict.fromkeys(("RESTARTS", "RESTART", "RESTART_COUNT", "RESTARTCOUNT"), Col.RESTARTS),
    **dict.fromkeys(("READY", "CONTAINER_READY"), Col.READY),
    **dict.fromkeys(("CONTAINER", "CONTAINERS", "CONTAINER_NAME", "CONTAINER_NAMES"),
                    Col.CONTAINER),
    **dict.fromkeys(("LAST_REASON", "LAST_STATE", "LASTSTATE", "LAST_STATE_REASON",
                     "LAST_TERMINATED", "LAST_TERMINATED_REASON", "LAST_TERMINATION",
                     "LAST_TERMINATION_REASON", "LAST_TERM_REASON"), Col.LAST_REASON),
    **dict.fromkeys(("LAST_EXIT", "LAST_EXIT_CODE", "LAST_EXITCODE", "LAST_CODE"),
                    Col.LAST_CODE),
    **dict.fromkeys(("WAITING", "WAITING_REASON"), Col.WAITING),
    **dict.fromkeys(("TERMINATED_REASON", "TERMINATED"), Col.REASON),
    **dict.fromkeys(("REASON", "TERMINATION_REASON"), Col.UNTOLD_REASON),
    **dict.fromkeys(("EXIT", "EXIT_CODE", "EXITCODE", "CODE"), Col.UNTOLD_CODE),
    **dict.fromkeys(("AGE", "NODE", "IP", "POD_IP", "HOST_IP", "IMAGE", "IMAGES", "CREATED",
                     "START_TIME", "STARTED", "QOS", "QOS_CLASS"), Col.OTHER)}
# each container's values (`[*]`, `[]`) or one container's (`[N]`); what a column may hold
_PER_CONTAINER = frozenset(Col) - {Col.NAME, Col.NAMESPACE, Col.PHASE, Col.OTHER}
_COUNTED = (Col.CONTAINER, Col.RESTARTS, Col.READY)  # fields every container status has
_CC_OUTPUT = "custom-columns="  # `-o custom-columns=NAME:.metadata.name,...`
_CC_STEP = lazy_regex(r"\[(?:\*|\d{0,4})\]")
_CC_INDEX = lazy_regex(r"containerStatuses\[(\d{1,4})\]")
_CC_NAME = lazy_regex(PLACEHOLDER)
_CC_MAX_COLUMNS = 40
_CC_VALUE = {Col.RESTARTS: lazy_regex(r"\d{1,10}"), Col.READY: lazy_regex(r"true|false"),
             Col.LAST_CODE: lazy_regex(r"-?\d{1,10}"), Col.CODE: lazy_regex(r"-?\d{1,10}"),
             Col.UNTOLD_CODE: lazy_regex(r"-?\d{1,10}")}


class Column(NamedTuple):
    """One custom column: its header, what it holds, and the one container it is about
    (`containerStatuses[N]`) or None (each container's)."""

    header: str
    col: Col
    nth: int | None = None  # (not `index`: tuple's method)


def _path_column(header: str, path: str) -> Column:
    """The column a spec (`RESTARTS:.status.containerStatuses[*].restartCount`) makes."""
    bare = _CC_STEP.sub("", path.strip("{}").lstrip("."))
    index = _CC_INDEX.search(path)
    return Column(header, _PATH_COLS.get(bare, Col.OTHER),
                  int(index[1]) if index is not None else None)


def custom_columns_of(command: str) -> list[Column] | None:
    """The columns a `kubectl get pods -o custom-columns=...` command line prints (its first
    `get`, of pods, kubectl_command.py; the value quoted or not), or None."""
    if len(command) > 8192 or _CC_OUTPUT not in command:
        return None
    get = pods_command(command, "get")
    output = (get.output or "").strip("'\"") if get is not None else ""
    specs = [s.partition(":") for s in output.removeprefix(_CC_OUTPUT).split(",")] \
        if output.startswith(_CC_OUTPUT) else []
    if not specs or len(specs) > _CC_MAX_COLUMNS or any(not h or not p for h, _, p in specs):
        return None
    return [_path_column(h, p) for h, _, p in specs]


def _header_columns(cells: list[str]) -> list[Column] | None:
    """The columns a header's names tell (`NAME  RESTARTS  LAST_REASON`), or None unless each
    is one of them, the first names the pod, and one holds a container status's field. A name
    is as kubectl prints a header (upper case), or a field's path written as the header
    (`.status.containerStatuses[*].lastState.terminated.reason`), read as that field."""
    cols = [_path_column(c, c) if c.startswith((".", "{.")) else _named_column(c)
            for c in cells]
    if not cols or cols[0] is None or cols[0].col is not Col.NAME or None in cols or \
            not any(c is not None and c.col in _PER_CONTAINER for c in cols):
        return None
    return [c for c in cols if c is not None]


def _named_column(header: str) -> Column | None:
    col = _HEADER_COLS.get(header.upper().replace("-", "_")) if header == header.upper() \
        else None
    return None if col is None else Column(header, col)


def _cells(values: str, col: Col) -> list[str] | None:
    """A cell's values (`3,0`; `<none>`: none), or None when one is not of the column's kind."""
    if values == "<none>":
        return []
    out = values.split(",")
    pattern = _CC_VALUE.get(col)
    if col is Col.OTHER or pattern is None:
        return out if all(out) else None
    return out if all(pattern.fullmatch(v) for v in out) else None


class CustomColumns:
    """The pods a `kubectl get pods -o custom-columns=...` table shows, read a line at a time:
    the command (`command`) gives the columns, else its header's names do; then its rows."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.said: list[Column] | None = None  # the columns the last command line prints
        self.cols: list[Column] | None = None  # the open table's columns
        self.rows: dict[str, tuple[dict[Column, list[str]], Where]] = {}
        self.notes: list[Note] = []
        self.fresh = False  # a table opened and none of its rows read yet

    def command(self, text: str) -> None:
        """A command line: the columns it prints, if it is such a command (any other ends the
        table); with `--no-headers` its rows come right under it."""
        self.said = custom_columns_of(text)
        self.cols = self.said if self.said is not None and "--no-headers" in text else None
        self.fresh = self.cols is not None

    def take(self, text: str, number: int, *, pods_header: bool) -> bool:
        """Whether `text` is this table's (its header or a pod's row); `pods_header`: it is
        `kubectl get pods`' own header, which is that table's unless a command said otherwise.
        Without the command, a header is read by its names only when written as kubectl
        prints headers (upper case), every name one of a pod's columns (`_header_columns`)."""
        cells = text.split(None, _CC_MAX_COLUMNS)
        if self.cols is not None and len(cells) == len(self.cols) and self.row(cells, number):
            return True
        said = self.said
        if said is not None and [c.header for c in said] == cells:
            self.cols = said
        elif not pods_header:
            self.cols = _header_columns(cells)
        else:
            self.cols = None
        self.fresh = self.cols is not None
        return self.cols is not None

    def row(self, cells: list[str], number: int) -> bool:
        """A pod's row of the open table, kept (a later row of the same pod replaces it)."""
        assert self.cols is not None
        values: dict[Column, list[str]] = {}
        for col, cell in zip(self.cols, cells, strict=True):
            got = _cells(cell, col.col)
            if got is None:
                return False
            values[col] = got
        name = next((v for c, v in values.items() if c.col is Col.NAME), None)
        if not name or len(name) != 1 or not _CC_NAME.fullmatch(name[0]):
            return False
        if self.fresh:  # (how the table was read, said once a table)
            self.fresh = False
            how = "its command's column specs" if self.cols is self.said else \
                "its header's names (no `-o custom-columns` command above it)"
            other = [c.header for c in self.cols if c.col is Col.OTHER]
            unused = f"; not read: column {', '.join(other)} (no field explain weighs)" \
                if other else ""
            self.notes.append(Note(f"line {number}: a `kubectl get pods -o custom-columns` "
                                   f"table, its columns read by {how}{unused}",
                                   Where(self.source, number)))
        self.rows[name[0]] = (values, Where(self.source, number))
        return True

    def record(self) -> RecordSet | None:
        """The pods the tables show, one a name (its latest row), with their notes."""
        if not self.rows:
            return None
        found = RecordSet(self.source, "pods-custom-columns", notes=list(self.notes))
        for name, (values, where) in self.rows.items():
            found.pods.append(_cc_pod(name, values, where, found.notes))
        return found


def _cc_pod(name: str, values: dict[Column, list[str]], where: Where, notes: list[Note]
            ) -> PodRecord:
    """A row's pod: its namespace and phase, and its containers as far as the row tells them
    apart (`_cc_containers`)."""
    pod = PodRecord(name, where, formats=["pods-table", "custom-columns"])
    for col, got in values.items():
        if col.col is Col.NAMESPACE and len(got) == 1:
            pod.namespace = got[0]
        elif col.col is Col.PHASE and len(got) == 1:
            pod.phase = got[0]
    per = {c: v for c, v in values.items() if c.col in _PER_CONTAINER}
    pod.containers = _cc_containers(per, where, notes)
    return pod


def _cc_count(per: dict[Column, list[str]]) -> int:
    """How many containers the row shows: the values of a field every container status has
    (its name, restartCount, ready), else the most any column holds."""
    counted = [len(v) for c, v in per.items() if c.col in _COUNTED and c.nth is None and v]
    most = max((len(v) for c, v in per.items() if c.nth is None), default=0)
    indexed = max((c.nth + 1 for c, v in per.items() if c.nth is not None and v), default=0)
    return max(max(counted) if counted else most, indexed)


def _cc_containers(per: dict[Column, list[str]], where: Where, notes: list[Note]
                   ) -> list[ContainerRecord]:
    """Each container's fields (a column of one value a container), the values of columns
    that hold fewer than the containers (whose, the row does not tell) kept apart."""
    n = _cc_count(per)
    each: list[dict[Col, str]] = [{} for _ in range(n)]
    apart: dict[Col, list[str]] = {}
    for col, got in per.items():
        if col.nth is not None and len(got) == 1 and col.nth < n:
            each[col.nth][col.col] = got[0]
        elif col.nth is None and len(got) == n:
            for i, value in enumerate(got):
                each[i][col.col] = value
        elif got:
            apart[col.col] = got
            notes.append(Note(
                f"column {col.header} holds {len(got)} value(s) for the pod's {n} containers: "
                "kubectl leaves out the containers without the field, so whose they are the "
                "row does not tell", where))
    names = [x.get(Col.CONTAINER) for x in each]
    if n > 1 and None in names:  # several containers the row does not name: one record
        return [_cc_several(each, apart, where)]
    out = [_cc_container(names[i], x, where) for i, x in enumerate(each)]
    if apart:  # ended as a column says, in a container the record does not name
        out.append(_cc_container(None, {c: v[0] for c, v in apart.items()}, where))
    return out


def _cc_end(reason: str | None, code: str | None, where: Where, *, untold: bool = False
            ) -> Terminated | None:
    """A terminated state's reason and exit code as the columns give them, or None."""
    if reason is None and code is None:
        return None
    return Terminated(reason, int(code) if code is not None else None, UNKNOWN_STAMP,
                      UNKNOWN_STAMP, where=where, untold=untold)


def _cc_container(name: str | None, got: dict[Col, str], where: Where) -> ContainerRecord:
    """One container as its row's values give it. A `REASON` or `EXIT_CODE` column whose path
    the record does not give is a state whose kind (current or last) it does not show; a
    waiting reason is the current state's (only the current state waits)."""
    c = ContainerRecord(name, where)
    if Col.RESTARTS in got:
        c.restart_count, c.restart_where, c.restart_apart = int(got[Col.RESTARTS]), where, True
    if Col.READY in got:
        c.ready = got[Col.READY] == "true"
    c.last = _cc_end(got.get(Col.LAST_REASON), got.get(Col.LAST_CODE), where)
    c.terminated = _cc_end(got.get(Col.REASON), got.get(Col.CODE), where)
    untold = got.get(Col.UNTOLD_REASON)
    if Col.WAITING in got or untold in _WAITING:
        c.state, c.state_reason = "waiting", got.get(Col.WAITING) or untold
    elif c.terminated is not None:
        c.state, c.state_reason = "terminated", c.terminated.reason
    elif untold is not None or Col.UNTOLD_CODE in got:
        c.terminated = _cc_end(untold, got.get(Col.UNTOLD_CODE), where, untold=True)
    # a count without any state: running, or ended since its last start (R + 1, README)
    c.count_alone = c.restart_count is not None and c.state is None and c.terminated is None
    return c


def _cc_several(each: list[dict[Col, str]], apart: dict[Col, list[str]], where: Where
                ) -> ContainerRecord:
    """Containers the row does not name, as one record of them (as a `get pods` row of READY
    x/N is, `_several`): their restarts summed, how many are ready, and an end one of them
    shows (OOMKilled first: the one that names its cause)."""
    c = ContainerRecord(None, where, containers=len(each), restart_apart=True,
                        restart_where=where)
    counts = [int(x[Col.RESTARTS]) for x in each if Col.RESTARTS in x]
    c.restart_count = sum(counts) if len(counts) == len(each) else None
    ready = [x[Col.READY] == "true" for x in each if Col.READY in x]
    c.ready_containers = sum(ready) if len(ready) == len(each) else None
    for col in (Col.LAST_REASON, Col.REASON, Col.UNTOLD_REASON, Col.WAITING):
        found = [x[col] for x in each if col in x] + apart.get(col, [])
        reason = "OOMKilled" if "OOMKilled" in found else found[0] if found else None
        if reason is None:
            continue
        if col is Col.WAITING or reason in _WAITING:
            c.state_reason = reason  # one of them at least waits so
        elif col is Col.LAST_REASON:
            c.last = _cc_end(reason, None, where)
        else:
            c.terminated = _cc_end(reason, None, where, untold=col is Col.UNTOLD_REASON)
    return c
