"""The kernel's memory-cgroup OOM kill of a process in a pod's container (the corpus README's
rule written at fixkernel59; held-out batch 58, hwameistor-operator-363).

The kernel's OOM killer (mm/oom_kill.c) prints, for one kill, a summary line
`oom-kill:constraint=CONSTRAINT_MEMCG,...,oom_memcg=...,task_memcg=CGROUP,task=COMM,pid=PID,
uid=UID` (dump_oom_summary) and `Memory cgroup out of memory: Killed process PID (COMM)
total-vm:...` (`Out of memory: Killed process ...` for a kill of the whole machine,
CONSTRAINT_NONE); with memory.oom.group set, `Tasks in CGROUP are going to be killed due to
memory.oom.group set` and every task of that cgroup is killed. A CGROUP under kubepods whose
leaf is a container's scope (systemd: `/kubepods.slice/[kubepods-QOS.slice/]kubepods[-QOS]-
pod<UID>.slice/cri-containerd-<ID>.scope`, or docker-, crio-; cgroupfs: `/kubepods[/QOS]/
pod<UID>/<ID>`) is a container of the pod of that UID: its memory limit's cgroup. The runtime
reports OOMKilled for a container whose cgroup saw an OOM kill (containerd's TaskOOM event)
when it ends; it ends when its main process dies.

Read of a record nothing else is read from (read.py `_pasted`, before a refusal): every
container kill of the record in one container's cgroup (one kill printed twice, the same pid,
is one) is that container's end, OOMKilled, its State or Last State untold. Stated where the
kernel kills every task of that cgroup (memory.oom.group: its main process too); inferred
otherwise (said: a kill of a process that is not the container's main one does not end it,
which the lines do not tell). A global OOM kill, a memory cgroup outside kubepods or of a pod
and no container, a `Killed process` line whose cgroup no summary gives, and kills in several
containers (which is the case's, the record does not tell) are not read. Each line is read up
to `_LOOK` characters (one pass).

Older kernels (before 4.19's summary line; the corpus README's rule of stop 49, held-out batch
66, secrets-store-csi-driver-provider-azure-328) print the same kill as `Task in CGROUP killed
as a result of limit of LIMIT` (mm/memcontrol.c, mem_cgroup_print_oom_info), the cgroup's
usage and task table, `Memory cgroup out of memory: Kill process PID (COMM) score N or
sacrifice child` (the victim chosen in that cgroup) and `Killed process PID (COMM) ...`;
cAdvisor's oomparser places the kill in the `Task in` line's CGROUP. Such a CGROUP a
container's, with a `Kill process` or `Killed process` line after it (the latter may be cut
away), is a kill in that container's cgroup, read as the summary's (inferred: these kernels
have no memory.oom.group). A `Task in` line with no kill line after it, or whose cgroup is no
container's under kubepods, places nothing; a kill line of another report (the machine's
`Out of memory: Kill process`) ends the `Task in` line's reach (`_old_kills`).
"""

from __future__ import annotations

import re
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

__all__ = ["KERNEL_OOM", "read_kernel_oom"]

KERNEL_OOM = "kernel-oom"
_LOOK = 4000  # a kernel line's reach: a longer line is read up to it
_SUMMARY = "oom-kill:constraint="
# a container's cgroup under kubepods: systemd's slices and scope, or cgroupfs' directories
_CONTAINER_CGROUP = lazy_regex(
    r"/kubepods\.slice(?:/kubepods-(?:burstable|besteffort)\.slice)?"
    r"/kubepods(?:-(?:burstable|besteffort))?-pod(?P<uid>[0-9a-f_]{36})\.slice"
    r"/(?:cri-containerd|docker|crio)-(?P<id>[0-9a-f]{64})\.scope"
    r"|/kubepods(?:/(?:burstable|besteffort))?/pod(?P<uid2>[0-9a-f-]{36})/(?P<id2>[0-9a-f]{64})")
_KILLED = lazy_regex(r"Memory cgroup out of memory: Killed process (?P<pid>\d{1,10}) "
                     r"\((?P<comm>[^)\n]{0,64})\)")
_GROUP = lazy_regex(r"Tasks in (?P<cgroup>/\S{1,1000}) are going to be killed due to "
                    r"memory\.oom\.group set")


class _Kill(NamedTuple):
    """One OOM kill in a container's cgroup, from its summary line."""

    pid: str
    comm: str
    uid: str
    container_id: str
    cgroup: str
    line: int
    # the kill's other lines read with it (an older kernel's `Kill process`, `Killed process`)
    lines: frozenset[int] = frozenset()
    # what places the kill in the container's cgroup, said in the note
    placed: str = "task_memcg under kubepods"


def read_kernel_oom(text: str, source: str) -> RecordSet | None:
    """The record of the kernel's OOM kills in one container's cgroup (module docstring):
    one pod (its UID) and one container, ended OOMKilled; the kernel lines of those kills
    read, the other lines said not read. None when the record shows no such kill, or kills
    in several containers."""
    lines = text.split("\n")
    kills = sorted(_kills(lines) + _old_kills(lines), key=lambda k: k.line)
    if not kills or len({k.container_id for k in kills}) != 1:
        return None
    first = kills[0]
    pids = {k.pid for k in kills}
    read = {k.line for k in kills} | _same_kills(lines, pids) | {n for k in kills for n in k.lines}
    grouped = _grouped(lines, first.cgroup)
    read |= grouped
    where = Where(source, first.line)
    c = ContainerRecord(None, where, state="terminated", state_reason="OOMKilled")
    c.terminated = Terminated("OOMKilled", None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where,
                              untold=True)
    pod = PodRecord(None, where, uid=first.uid, containers=[c], formats=[KERNEL_OOM],
                    notes=[_said(kills, bool(grouped), where)])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in read and x.strip()]
    return RecordSet(source, KERNEL_OOM, pods=[pod], notes=unread_notes(rest, source))


def _kills(lines: list[str]) -> list[_Kill]:
    """The summary lines' kills of CONSTRAINT_MEMCG whose task's cgroup is a container's."""
    out = []
    for number, line in enumerate(lines, 1):
        at = line.find(_SUMMARY, 0, _LOOK)
        if at < 0:
            continue
        fields = dict(kv.partition("=")[::2] for kv in line[at + 9:_LOOK].split(","))
        m = _CONTAINER_CGROUP.fullmatch(fields.get("task_memcg", "")[:1000])
        pid = fields.get("pid", "").strip()
        if fields.get("constraint") != "CONSTRAINT_MEMCG" or m is None or not pid.isdigit():
            continue
        out.append(_Kill(pid, fields.get("task", ""), _pod_uid(m), m["id"] or m["id2"],
                         fields["task_memcg"], number))
    return out


# an older kernel's report (the corpus README's rule of stop 49): its `Task in` line, then the
# kill lines of mm/oom_kill.c (`Memory cgroup out of memory: Kill process`, `Killed process`;
# the machine's own OOM prefixes `Out of memory: `)
_TASK_IN = lazy_regex(r"Task in (?P<cgroup>/\S{1,1000}) killed as a result of limit of /")
_KILL_LINE = lazy_regex(r"(?P<prefix>Memory cgroup out of memory: |Out of memory: )?"
                        r"Kill(?P<ed>ed)? process (?P<pid>\d{1,10}) \((?P<comm>[^)\n]{0,64})\)")
_OLD_PLACED = ("the `Task in` line's cgroup under kubepods, an older kernel's report; these "
               "kernels have no memory.oom.group")


def _old_kills(lines: list[str]) -> list[_Kill]:
    """An older kernel's kills (module docstring): a `Task in` line whose cgroup is a
    container's, then its `Kill process` or `Killed process` line (one pass, each line read
    up to `_LOOK`)."""
    out: list[_Kill] = []
    task: _Kill | None = None  # the open report's kill as its `Task in` line places it
    for number, line in enumerate(lines, 1):
        if (m := _TASK_IN.search(line, 0, _LOOK)) is not None:
            task = _task_in(m["cgroup"], number)
            continue
        kill = _KILL_LINE.search(line, 0, _LOOK)
        if kill is None or task is None:
            continue
        if kill["prefix"] == "Out of memory: " or (kill["ed"] is None and kill["prefix"] is None):
            task = None  # the machine's OOM, or a kill line of no memory cgroup: its reach ends
            continue
        if not task.pid:  # the report's first kill line: the kill in its cgroup
            task = _with_line(task, number, kill["pid"], kill["comm"])
            out.append(task)
            if kill["ed"] is None:
                continue  # `Kill process`: its `Killed process` line may follow, or be cut
        elif kill["ed"] is not None:  # the chosen one's (or its child's) `Killed process`
            out[-1] = _with_line(out[-1], number, kill["pid"], kill["comm"])
        task = None
    return out


def _with_line(kill: _Kill, number: int, pid: str, comm: str) -> _Kill:
    """The kill with its kill line `number` read; its pid and command the first such line's."""
    return _Kill(kill.pid or pid, kill.comm or comm, kill.uid, kill.container_id, kill.cgroup,
                 kill.line, kill.lines | {number}, kill.placed)


def _task_in(cgroup: str, number: int) -> _Kill | None:
    """The `Task in` line's report when its cgroup is a container's under kubepods."""
    m = _CONTAINER_CGROUP.fullmatch(cgroup[:1000])
    if m is None:
        return None
    return _Kill("", "", _pod_uid(m), m["id"] or m["id2"], cgroup, number, placed=_OLD_PLACED)


def _pod_uid(m: re.Match[str]) -> str:
    """The pod's UID of a container's cgroup (`_CONTAINER_CGROUP`): systemd's slice writes
    its dashes as underscores."""
    return (m["uid"] or "").replace("_", "-") or m["uid2"]


def _same_kills(lines: list[str], pids: set[str]) -> set[int]:
    """The lines of `Memory cgroup out of memory: Killed process PID` of the summaries' pids:
    the same kills (printed once or twice), read with them."""
    return {n for n, line in enumerate(lines, 1)
            if (m := _KILLED.search(line, 0, _LOOK)) is not None and m["pid"] in pids}


def _grouped(lines: list[str], cgroup: str) -> set[int]:
    """The lines saying every task of the container's cgroup is killed (memory.oom.group)."""
    return {n for n, line in enumerate(lines, 1)
            if (m := _GROUP.search(line, 0, _LOOK)) is not None and m["cgroup"] == cgroup}


def _said(kills: list[_Kill], grouped: bool, where: Where) -> Note:
    """The note of the kills read: stated with memory.oom.group, inferred without."""
    first = kills[0]
    pids = sorted({k.pid for k in kills})
    what = (f"the kernel's memory cgroup OOM kill of process {', '.join(pids)} "
            f"({first.comm or 'its command not given'}) on line {first.line}, in the cgroup of "
            f"container {first.container_id[:13]} of pod UID {first.uid} ({first.placed}): "
            "the container's memory limit")
    if grouped:
        return Note(f"{what}; memory.oom.group set: the kernel killed every task of the "
                    "container, its main process too: read as the container's end, OOMKilled "
                    "(State or Last State untold)", where, uncertain=False)
    return Note(f"{what}; inferred (the record does not say it): read as the container's end, "
                "OOMKilled (the runtime reports OOMKilled for a container whose cgroup saw an "
                "OOM kill); a kill of a process that is not the container's main one does not "
                "end it, which the kernel's lines do not tell", where)
