"""Held-out batch 66 (fixkernel67): an older kernel's memory-cgroup OOM report
(readers/kernel_oom.py `_old_kills`; secrets-store-csi-driver-provider-azure-328; the lead's
corpus README rule of stop 49).

Before 4.19's `oom-kill:` summary line the kernel prints the kill as `Task in CGROUP killed as
a result of limit of LIMIT`, the cgroup's usage and task table, `Memory cgroup out of memory:
Kill process PID (COMM) score N or sacrifice child` and `Killed process PID (COMM) ...`: a
CGROUP that is a container's under kubepods with a kill line after it is that container's end,
OOMKilled, inferred. Hand-written variants beside those that must stay unread: a `Task in`
line with no kill line after it (or only the machine's OOM after it), a cgroup outside
kubepods (`/docker/<id>`, `/lxc/...`), a pod's cgroup and no container's, two containers'
cgroups, a kill line no `Task in` line precedes."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause
from kubesim.explain.readers.kernel_oom import KERNEL_OOM
from kubesim.explain.readers.read import parse_record

_UID = "3d9a7c21-64b0-4f1e-8a52-c07e19b4d6aa"
_DOCKER = "5a" * 32
_CONTAINERD = "c3" * 32
_CGROUPFS = f"/kubepods/burstable/pod{_UID}/{_DOCKER}"
_SYSTEMD = (f"/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod"
            f"{_UID.replace('-', '_')}.slice/cri-containerd-{_CONTAINERD}.scope")


def _task_in(cgroup: str, limit: str | None = None) -> str:
    return (f"[811202.40] Task in {cgroup} killed as a result of limit of "
            f"{limit or cgroup}\n")


def _report(cgroup: str) -> str:
    """The report's lines between `Task in` and the kill: usage, stats, the task table."""
    return (_task_in(cgroup)
            + "[811202.41] memory: usage 262144kB, limit 262144kB, failcnt 12\n"
            + "[811202.41] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
            + f"[811202.42] Memory cgroup stats for {cgroup}: cache:0KB rss:260012KB\n"
            + "[811202.43] [ pid ]   uid  tgid total_vm      rss nr_ptes swapents "
              "oom_score_adj name\n"
            + "[811202.43] [31337]  1000 31337   412002    64980      190        0"
              "           999 node\n")


def _kill(pid: int = 31337) -> str:
    return (f"[811202.44] Memory cgroup out of memory: Kill process {pid} (node) score 1994 or "
            "sacrifice child\n")


def _killed(pid: int = 31337) -> str:
    return (f"[811202.45] Killed process {pid} (node) total-vm:1648008kB, anon-rss:258712kB, "
            "file-rss:1208kB\n")


@pytest.mark.parametrize(("text", "uid", "read"), [
    # cgroupfs with docker's id, both kill lines, in a fence after a sentence
    ("We ran dmesg on the node:\n```\n" + _report(_CGROUPFS) + _kill() + _killed() + "```\n",
     _UID, (3, 9, 10)),
    # the `Killed process` line cut away (the record ends inside it): the choice is the kill
    (_report(_CGROUPFS) + _kill() + "[8112", _UID, (1, 7)),
    # systemd's slices with containerd's scope, the limit the pod's, syslog's prefixes
    ("Jun  2 03:04:05 ip-10-0-1-7 kernel: " + _task_in(
        _SYSTEMD, _SYSTEMD.rsplit("/", 1)[0])
     + "Jun  2 03:04:05 ip-10-0-1-7 kernel: " + _kill()
     + "Jun  2 03:04:05 ip-10-0-1-7 kernel: " + _killed(), _UID, (1, 2, 3)),
    # docker's scope under systemd, the `Kill process` line cut from the excerpt
    (_task_in(_SYSTEMD.replace("cri-containerd-", "docker-")) + _killed(), _UID, (1, 2)),
    # a child sacrificed: the `Killed process` line names another pid of the same cgroup
    (_report(_CGROUPFS) + _kill() + _killed(31338), _UID, (1, 7, 8)),
    # one container killed twice (two reports): one container's ends
    (_report(_CGROUPFS) + _kill() + _killed() + _report(_CGROUPFS) + _kill(4040)
     + _killed(4040), _UID, (1, 7, 8, 9, 15, 16)),
])
def test_an_older_kernels_kill_in_a_containers_cgroup_is_its_end(text, uid, read):
    """The container's end, OOMKilled, inferred; the `Task in` and kill lines read."""
    record = parse_record(text, "r.txt")
    assert record.format == KERNEL_OOM
    [pod] = record.pods
    assert pod.uid == uid
    [note] = [n for n in pod.notes if "memory cgroup OOM kill" in n.text]
    assert note.uncertain and "inferred" in note.text and "`Task in` line" in note.text
    unread = " ".join(n.text for n in record.notes if n.text.startswith("not read"))
    for number in read:
        assert f"line {number}:" not in unread and f"lines {number}-" not in unread
    assert "Kill process" not in unread and "Killed process" not in unread
    a = explained_answer(text)
    assert (a.cause, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == \
        (Cause.OOM_KILLED, True, 0, 0)


@pytest.mark.parametrize("text", [
    # a `Task in` line with no kill line after it: the report cut before the kill
    "```\n" + _report(_CGROUPFS) + "```\n",
    # ... and the machine's own OOM after it: that kill is no cgroup's
    _report(_CGROUPFS) + "[811203.1] Out of memory: Kill process 77 (java) score 901 or "
    "sacrifice child\n" + _killed(77),
    # a cgroup outside kubepods: docker's own, LXC's
    _report(f"/docker/{_DOCKER}") + _kill() + _killed(),
    _report("/lxc/web-01") + _kill() + _killed(),
    # the pod's cgroup, no container's below it
    _report(f"/kubepods/burstable/pod{_UID}") + _kill() + _killed(),
    # two containers' cgroups: which is the case's, the record does not tell
    _report(_CGROUPFS) + _kill() + _killed() + _report(_CGROUPFS.replace(_DOCKER, "7e" * 32))
    + _kill(4040) + _killed(4040),
    # kill lines no `Task in` line precedes (cut above them)
    "```\n" + _kill() + _killed() + "```\n",
    # a `Task in` line cut before its cgroup's end
    f"[811202.40] Task in /kubepods/burstable/pod{_UID}/5a5a...\n" + _kill() + _killed(),
])
def test_an_older_kernels_lines_of_no_one_containers_kill_stay_unread(text):
    """Refused, as before: nothing of them is a container's end."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "Task in /" + "kubepods/" * 230_000 + " killed as a result of limit of /\n",
    "Task in /" * 230_000 + "\n",
    "Memory cgroup out of memory: Kill process 1 (" + "a" * 2_000_000 + "\n",
    _task_in(_CGROUPFS) + "Killed process " * 140_000 + "\n",
])
def test_an_older_kernels_lines_read_a_long_line_in_one_pass(line):
    """Hostile input: the rule's words over a 2 MB line, read in one pass."""
    read_in_one_pass(line)
