"""Held-out batch 58 (fixkernel59):

- the kernel's memory-cgroup OOM kill in a pod's container (readers/kernel_oom.py;
  hwameistor-operator-363): the `oom-kill:constraint=CONSTRAINT_MEMCG` summary whose
  task_memcg is a container's cgroup under kubepods, with its `Memory cgroup out of memory:
  Killed process PID (COMM)` lines (one kill printed twice is one), is that container's end,
  OOMKilled: stated where memory.oom.group kills every task of it, inferred otherwise;
- a plain init container takes no probe (readers/plain_init.py; pai-4968; the lead's README
  rule, R5.9): an init container of a record whose timestamps of its pod are before
  sidecars (2023-08-15), or whose spec is shown without restartPolicy Always, ended by itself.

Hand-written variants beside those that must stay unread: a global OOM, a memory cgroup
outside kubepods or of a pod and no container, a `Killed process` line no summary places,
kills in two containers; a 2024 init container of no probe line or spec, an init container
with a probe line (a sidecar), an app container."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause
from kubesim.explain.readers.kernel_oom import KERNEL_OOM
from kubesim.explain.readers.read import parse_record

# ------------------------------------------------ the kernel's memory cgroup OOM kill

_UID = "5f0c2a1e_7b3d_4c8e_9a10_2b3c4d5e6f70"
_ID = "9e" * 32
_SYSTEMD = (f"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{_UID}.slice/"
            f"cri-containerd-{_ID}.scope")
_CGROUPFS = f"/kubepods/burstable/pod{_UID.replace('_', '-')}/{_ID}"


def _summary(cgroup: str, pid: int = 4242, constraint: str = "CONSTRAINT_MEMCG") -> str:
    return (f"Mar  3 09:10:11 node-7 kernel: [ 812.1] oom-kill:constraint={constraint},"
            f"nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg={cgroup},task_memcg={cgroup},"
            f"task=java,pid={pid},uid=1000\n")


def _killed(pid: int = 4242, memcg: bool = True) -> str:
    what = "Memory cgroup out of memory" if memcg else "Out of memory"
    return (f"Mar  3 09:10:11 node-7 kernel: [ 812.2] {what}: Killed process {pid} (java) "
            "total-vm:4096kB, anon-rss:2048kB, file-rss:0kB, shmem-rss:0kB, UID:1000\n")


def _group(cgroup: str) -> str:
    return (f"Mar  3 09:10:11 node-7 kernel: [ 812.3] Tasks in {cgroup} are going to be killed "
            "due to memory.oom.group set\n")


@pytest.mark.parametrize(("text", "stated"), [
    # systemd's cgroups (containerd), the group kill, the kill printed twice
    ("My api got OOM killed:\n```\n" + _summary(_SYSTEMD) + _killed() + _group(_SYSTEMD)
     + _killed() + "```\n", True),
    # cgroupfs' directories, no group kill: one process killed, the container's end inferred
    ("```\n" + _summary(_CGROUPFS) + _killed() + "```\n", False),
    # docker's scope under the pod's slice of no QoS class, dmesg's lines alone
    (_summary(_SYSTEMD.replace("kubepods-burstable.slice/", "").replace(
        "kubepods-burstable-pod", "kubepods-pod").replace("cri-containerd-", "docker-"))
     + _killed(), False),
])
def test_a_kernel_oom_kill_in_a_containers_cgroup_is_its_end(text, stated):
    """The container's end, OOMKilled; no probe kill; stated or inferred, said."""
    record = parse_record(text, "r.txt")
    assert record.format == KERNEL_OOM
    [pod] = record.pods
    assert pod.uid == _UID.replace("_", "-")
    [note] = [n for n in pod.notes if "memory cgroup OOM kill" in n.text]
    assert note.uncertain is not stated
    assert ("inferred" in note.text) is not stated
    assert not [n for n in record.notes if "Killed process" in n.text or "oom-kill" in n.text]
    a = explained_answer(text)
    assert (a.cause, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == \
        (Cause.OOM_KILLED, True, 0, 0)


_OTHER_ID = "ab" * 32


@pytest.mark.parametrize("text", [
    # the whole machine's OOM: no container's
    _summary("/", constraint="CONSTRAINT_NONE") + _killed(memcg=False),
    # a memory cgroup outside kubepods (a systemd service's)
    _summary("/system.slice/containerd.service") + _killed(),
    # the pod's cgroup, no container's scope below it
    _summary(f"/kubepods.slice/kubepods-pod{_UID}.slice") + _killed(),
    # a `Killed process` line whose cgroup no summary gives
    "```\n" + _killed() + _killed() + "```\n",
    # kills in two containers: which is the case's, the record does not tell
    _summary(_SYSTEMD) + _killed() + _summary(_SYSTEMD.replace(_ID, _OTHER_ID), 4343)
    + _killed(4343),
    # a summary cut before its task's cgroup (a page's `...`)
    "[124892.12] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,"
    "mems_allowed=0,oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-bu...\n"
    + _killed(),
])
def test_kernel_lines_of_no_one_containers_kill_stay_unread(text):
    """Refused, as before: nothing of them is a container's end."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "oom-kill:constraint=CONSTRAINT_MEMCG," + "task_memcg=/kubepods," * 95_000 + "\n",
    "Memory cgroup out of memory: Killed process 1 (" + "a" * 2_000_000 + "\n",
    "Tasks in /" + "kubepods/" * 220_000 + " are going to be killed due to memory.oom.group set\n",
])
def test_kernel_lines_read_a_long_line_in_one_pass(line):
    """Hostile input: the rule's words over a 2 MB line, read in one pass."""
    read_in_one_pass(line)


# ------------------------------------------------ a plain init container takes no probe


def _init_describe(start: str, finished: str, probe: str = "") -> str:
    """A describe of a pod waiting on its init container, cut inside its block (pai-4968's
    shape): no Restart Count, no probe line unless `probe`."""
    return (
        "```\nName:           db-0\nNamespace:      default\n"
        f"Start Time:     {start}\nStatus:         Pending\n"
        "Init Containers:\n  migrate:\n    Container ID:  containerd://abc123\n"
        "    Image:         example/migrate:1.0\n    Port:          <none>\n"
        "    State:          Waiting\n      Reason:       CrashLoopBackOff\n"
        "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    1\n"
        f"      Started:      {finished}\n      Finished:     {finished}\n{probe}    Rea\n```\n")


@pytest.mark.parametrize("text", [
    _init_describe("Mon, 01 Mar 2021 10:00:00 +0000", "Mon, 01 Mar 2021 10:05:00 +0000"),
    # the pod's start not shown: the state's own times date it
    _init_describe("<unknown>", "Tue, 15 Aug 2023 00:00:00 +0200"),
])
def test_an_init_container_of_a_record_before_sidecars_ended_by_itself(text):
    """No probe could end it (R5.9): app-exit, no kill, the date said as why."""
    a = explained_answer(text)
    assert (a.cause, a.shows_failures, a.probe_kills.lo, a.probe_kills.hi) == \
        (Cause.APP_EXIT, True, 0, 0)
    assert "plain init container" in a.text and "R5.9" in a.text and "2023-08-15" in a.text


_POD_YAML = """\
apiVersion: v1
kind: Pod
metadata:
  name: db-0
spec:
  initContainers:
  - name: migrate
    image: example/migrate:1.0
  containers:
  - name: db
    image: example/db:1.0
status:
  phase: Pending
  initContainerStatuses:
  - name: migrate
    restartCount: 3
    lastState:
      terminated:
        exitCode: 1
        reason: Error
    state:
      waiting:
        reason: CrashLoopBackOff
"""


def test_an_init_container_whose_spec_is_shown_without_restart_policy_always_says_so():
    """Its spec shown with no restartPolicy Always: no sidecar, said as why (R5.9)."""
    ex = explain_records([parse_record(_POD_YAML, "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    [a] = [c.answer for c in ex.containers if c.name == "migrate"]
    assert a is not None
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi) == (Cause.APP_EXIT, 0, 0)
    assert "its spec is shown without restartPolicy: Always" in a.text and "R5.9" in a.text


_PROBE = ("    Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s "
          "#success=1 #failure=3\n")


@pytest.mark.parametrize(("text", "cause"), [
    # a 2024 record: a sidecar may be; no probe line and no spec tell it
    (_init_describe("Mon, 04 Mar 2024 10:00:00 +0000", "Mon, 04 Mar 2024 10:05:00 +0000"),
     Cause.CANNOT_TELL),
    # a timestamp past 2023-08-15 among the pod's: the newest decides
    (_init_describe("Mon, 01 Mar 2021 10:00:00 +0000", "Wed, 16 Aug 2023 10:05:00 +0000"),
     Cause.CANNOT_TELL),
    # an init container with a probe's line: a sidecar (describe.py reads it as one), its
    # end weighed against its probe (it ran 0 s, before the earliest kill: app-exit so)
    (_init_describe("Mon, 01 Mar 2021 10:00:00 +0000", "Mon, 01 Mar 2021 10:05:00 +0000",
                    _PROBE), Cause.APP_EXIT),
    # an app container of a 2021 record, cut before its probes: its probes untold
    (_init_describe("Mon, 01 Mar 2021 10:00:00 +0000", "Mon, 01 Mar 2021 10:05:00 +0000"
                    ).replace("Init Containers:", "Containers:"), Cause.CANNOT_TELL),
])
def test_containers_the_record_shows_no_plain_init_container_stay_as_they_were(text, cause):
    """Not read as a plain init container: its end not told by R5.9."""
    a = explained_answer(text)
    assert "plain init container" not in a.text and "R5.9" not in a.text
    assert a.cause is cause
