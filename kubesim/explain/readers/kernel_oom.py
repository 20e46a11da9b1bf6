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
from kubesim.explain.readers.paste import unread_notes

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


def read_kernel_oom(text: str, source: str) -> RecordSet | None:
    """The record of the kernel's OOM kills in one container's cgroup (module docstring):
    one pod (its UID) and one container, ended OOMKilled; the kernel lines of those kills
    read, the other lines said not read. None when the record shows no such kill, or kills
    in several containers."""
    lines = text.split("\n")
    kills = _kills(lines)
    if not kills or len({k.container_id for k in kills}) != 1:
        return None
    first = kills[0]
    pids = {k.pid for k in kills}
    read = {k.line for k in kills} | _same_kills(lines, pids)
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
        uid = (m["uid"] or "").replace("_", "-") or m["uid2"]
        out.append(_Kill(pid, fields.get("task", ""), uid, m["id"] or m["id2"],
                         fields["task_memcg"], number))
    return out


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
            f"container {first.container_id[:13]} of pod UID {first.uid} (task_memcg under "
            "kubepods): the container's memory limit")
    if grouped:
        return Note(f"{what}; memory.oom.group set: the kernel killed every task of the "
                    "container, its main process too: read as the container's end, OOMKilled "
                    "(State or Last State untold)", where, uncertain=False)
    return Note(f"{what}; inferred (the record does not say it): read as the container's end, "
                "OOMKilled (the runtime reports OOMKilled for a container whose cgroup saw an "
                "OOM kill); a kill of a process that is not the container's main one does not "
                "end it, which the kernel's lines do not tell", where)
