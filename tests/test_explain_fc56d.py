"""Held-out batch 130 (fc56d): Rancher's state line, a cut Scheduled row, a `get pods` row.

- Rancher's line of a container's state (docker-alpine-368): the waiting state's cell
  `CrashLoopBackOff (back-off 5m0s restarting failed container=... pod=NAME_NAMESPACE(UID))`,
  the kubelet's back-off message verbatim (R4.9), before `| Last state: Terminated with :
  Completed`, whose code Rancher leaves out for a zero exit (readers/rancher_state.py). A
  question mark right after the times Rancher prints ends the sentence: it asks.
- A `get pods` row of several containers that kubectl's list of them names (`Defaulted
  container "minio" out of: minio, minio-helper`, `choose one of: [a b]`), showing an end
  (CrashLoopBackOff, RESTARTS 10) that none of the named containers shows as its own: the
  pod's, the row explained as a container the record does not name (README's rule of nameless
  ends; the get-pods sum rule: {0, sum + 1}; longhorn-12362; readers/row_end.py).
- describe's Events pasted under a `get all` table, their one Scheduled row cut inside the
  pod's name (`Successfully assigned awx/awx-web-7666f56494-j2j6`, lifen-charts-28): the
  pod of the table whose name starts so, where one does, as a cut OBJECT cell is read (read.py
  `_whole_name`); and the pod's own rows (its Scheduled row) older than the row's AGE date the
  events to another moment as its containers' rows do, so the row's count bounds no kills
  (README's counting rules, dragonfly-operator-42; diagnosis `_events_older_than_pod`).

Hand-written variants beside each that must stay unread (a question, a conditional, a cell
without the pod the kubelet names, words between the cell and the key, `without`)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record, pod_groups

# --- Rancher's state line: a waiting cell, a last state without its code -------------------

_CELL = ("CrashLoopBackOff (back-off 5m0s restarting failed container=container-0 "
         "pod=nfs-data-577587b9bf-jbl8k_default(6a514d22-c7a7-405a-a2f7-2f57b6e39358))")
_LAST = ("Last state: Terminated with : Completed, started: Thu, Dec 28 2023 9:48:26 am, "
         "finished: Thu, Dec 28 2023 9:48:26 am")


def test_rancher_s_state_line_with_its_waiting_cell_is_read():
    """docker-alpine-368: the waiting cell and a Completed last state of no code, no probe
    shown: cannot-tell, {0, null}, failures shown (README's back-off rule)."""
    a = explained_answer("Problem to Up this docker image on Rancher.\n\n" + _CELL + " | " +
                         _LAST + "\n")
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, None), (), True)


def test_rancher_s_waiting_cell_is_the_container_s_waiting_state():
    [pod] = parse_record(_CELL + " | " + _LAST + "\n", "r.txt").pods
    [c] = pod.containers
    assert (c.state, c.state_reason) == ("waiting", "CrashLoopBackOff")
    assert c.state_message is not None and c.state_message.startswith("back-off 5m0s")
    assert c.last is not None and (c.last.reason, c.last.exit_code) == ("Completed", None)


@pytest.mark.parametrize("line", [
    "Last state: Terminated with : Completed\n",
    "Last state: Terminated with: Completed, started: Mon, Jan 1 2024 1:00:00 am, finished: "
    "Mon, Jan 1 2024 1:00:00 am\n",
])
def test_rancher_s_last_state_without_a_code_gives_its_reason(line):
    [pod] = parse_record(line, "r.txt").pods
    [c] = pod.containers
    assert c.last is not None and (c.last.reason, c.last.exit_code) == ("Completed", None)


@pytest.mark.parametrize("cell", [
    "CrashLoopBackOff (back-off 5m0s restarting failed container=container-0)",
    _CELL + " seen in the UI",
])
def test_a_cell_the_kubelet_did_not_write_or_apart_from_the_key_is_no_waiting_state(cell):
    """A message without the pod the kubelet names, or words between the cell and `|`: the
    last state alone is read."""
    [pod] = parse_record(cell + " | " + _LAST + "\n", "r.txt").pods
    [c] = pod.containers
    assert c.state is None and c.last is not None and c.last.reason == "Completed"


@pytest.mark.parametrize("line", [
    "Why does Rancher show " + _CELL + " | " + _LAST + "?\n",
    # the question mark right after the times Rancher prints is the sentence's own
    "Why does Rancher show Last state: Terminated with 137: OOMKilled, started: Thu, Dec 28 "
    "2023 9:48:26 am, finished: Thu, Dec 28 2023 9:48:37 am?\n",
    "If you see " + _CELL + " | Last state: Terminated with : Completed, fix the command.\n",
    "Last state: Terminated without a code\n",
])
def test_rancher_s_state_line_in_a_question_or_a_conditional_stays_refused(line):
    with pytest.raises(RecordError):
        parse_record(line, "r.txt")


def test_rancher_s_state_line_is_read_in_one_pass():
    read_in_one_pass("Last state: Terminated with :" * 70_000 + "\n")
    read_in_one_pass("CrashLoopBackOff (back-off 5m0s restarting failed container=a " * 32_000
                     + "| Last state: Terminated with : Completed\n")
    read_in_one_pass("CrashLoopBackOff (back-off 5m0s restarting failed container="
                     + "a" * 2_000_000 + " | Last state: Terminated with : Completed\n")


# --- a `get pods` row named by kubectl's list, its end none of them shows -------------------

_ROW = ("```\n# kubectl get pods\n"
        "NAME                                     READY   STATUS             RESTARTS         AGE\n"
        "longhorn-test-minio-5cb87cfd9b-qzrqn     1/2     CrashLoopBackOff   10 (4m33s ago)   47m\n"
        "```\n\n")
_LOGS = ("```\n# kubectl logs longhorn-test-minio-5cb87cfd9b-qzrqn\n"
         'Defaulted container "minio" out of: minio, minio-helper\n'
         "ln: failed to create symbolic link '/storage/.minio/certs/private.key': File exists\n"
         "```\n")
_CHOOSE = ("```\n$ kubectl logs longhorn-test-minio-5cb87cfd9b-qzrqn\nerror: a container name "
           "must be specified for pod longhorn-test-minio-5cb87cfd9b-qzrqn, choose one of: "
           "[minio minio-helper]\n```\n")


@pytest.mark.parametrize("listed", [_LOGS, _CHOOSE])
def test_a_named_row_s_end_no_named_container_shows_is_the_pod_s(listed):
    """longhorn-12362: the row's CrashLoopBackOff and RESTARTS 10 are some container's of
    minio and minio-helper, neither showing one of its own: the pod's, {0, 11}."""
    a = explained_answer(_ROW + listed)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, 11), (), True)
    assert "minio, minio-helper" in a.text


def test_the_row_put_back_keeps_the_named_containers():
    [pod] = pod_groups([parse_record(_ROW + _LOGS, "r.txt")])
    assert [(c.name, c.one_of, c.restart_count) for c in pod.containers] == [
        ("minio", (), None), ("minio-helper", (), None),
        (None, ("minio", "minio-helper"), 10)]


@pytest.mark.parametrize("row", [
    # no end shown: every container running and ready, none restarted
    "longhorn-test-minio-5cb87cfd9b-qzrqn     2/2     Running   0   47m\n",
    # a row of one container of the two the list names: no row of these
    "longhorn-test-minio-5cb87cfd9b-qzrqn     0/1     CrashLoopBackOff   10   47m\n",
])
def test_a_row_without_an_end_or_not_of_the_listed_containers_is_not_put_back(row):
    text = _ROW.replace(_ROW.splitlines()[3] + "\n", row) + _LOGS
    [pod] = pod_groups([parse_record(text, "r.txt")])
    assert not any(c.one_of for c in pod.containers)


def test_a_named_container_with_an_end_of_its_own_keeps_the_row_named():
    """minio's own back-off row (its name in the message): the row stays the named
    containers', minio's answer weighs the sum."""
    events = ("```\nEvents:\n  Type     Reason   Age                  From     Message\n"
              "  ----     ------   ----                 ----     -------\n"
              "  Warning  BackOff  2m (x40 over 12m)    kubelet  Back-off restarting failed "
              "container minio in pod longhorn-test-minio-5cb87cfd9b-qzrqn_default(1234abcd)\n"
              "```\n")
    [pod] = pod_groups([parse_record(_ROW + _LOGS + events, "r.txt")])
    assert not any(c.one_of for c in pod.containers)
    assert [c.name for c in pod.containers] == ["minio", "minio-helper"]


def test_the_default_container_asked_for_keeps_its_answer():
    """k8s-specs-26: --container asks for the listed container; the row's sum bounds it as
    before, {0, sum + 1}."""
    a = explained_answer(_ROW + _LOGS, container="minio")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 11))


def test_a_named_row_s_events_are_weighed_in_one_pass():
    """A 2 MB message of `container minio-` words over and over: each event's message is
    searched once for the named container."""
    events = ("```\nEvents:\n  Type     Reason   Age   From     Message\n"
              "  ----     ------   ----  ----     -------\n"
              "  Warning  BackOff  2m    kubelet  " + "container minio-" * 130_000 + "\n```\n")
    [pod] = pod_groups([parse_record(_ROW + _LOGS + events, "r.txt")])
    assert [c.name for c in pod.containers][:2] == ["minio", "minio-helper"]


# --- a Scheduled row cut in the pod's name, older than the row's AGE -------------------------

_GET_ALL = ("```\n\u2192 kubectl get all -n awx -o wide\n"
            "NAME                            READY   STATUS    RESTARTS   AGE     IP          NODE\n"
            "pod/awx-task-5f697fccb6-j8qpm   1/1     Running   0          8m10s   10.47.0.2   n1\n"
            "pod/awx-web-7666f56494-j2j6x    0/1     Running   2          71s     10.39.0.4   n2\n"
            "```\n### awx-web events\n```\nEvents:\n"
            "  Type     Reason     Age                 From               Message\n"
            "  ----     ------     ----                ----               -------\n")
_WEB = "awx-web-7666f56494-j2j6x"


def _scheduled(age: str, message: str) -> str:
    return f"  Normal   Scheduled  {age:<19} default-scheduler  {message}"


def test_a_scheduled_row_cut_in_the_name_older_than_the_row_leaves_the_kills_open():
    """lifen-charts-28: the cut name is the table's awx-web pod's; its Scheduled row 2m old
    beside AGE 71s: of another moment, the count 2 bounds no kills, {0, null}."""
    text = _GET_ALL + _scheduled("2m", "Successfully assigned awx/awx-web-7666f56494-j2j6")
    a = explained_answer(text, pod=_WEB)
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == (
        Cause.CANNOT_TELL, CountRange(0, None), (), True)


def test_a_scheduled_row_cut_in_the_name_is_the_pod_s_whose_name_starts_so():
    text = _GET_ALL + _scheduled("2m", "Successfully assigned awx/awx-web-7666f5")
    pods = {p.name: p for p in pod_groups([parse_record(text, "r.txt")])}
    assert set(pods) == {"awx-task-5f697fccb6-j8qpm", _WEB}
    assert [e.reason for e in pods[_WEB].events] == ["Scheduled"]


def test_a_cut_name_two_pods_start_with_is_no_pod_s():
    """`awx-` starts both pods' names: the row is given to neither."""
    text = _GET_ALL + _scheduled("2m", "Successfully assigned awx/awx-")
    pods = pod_groups([parse_record(text, "r.txt")])
    assert all(not p.events for p in pods if p.name is not None)


def test_a_scheduled_row_cut_after_the_name_older_than_the_row_leaves_the_kills_open():
    """The name whole (` to ` follows it), the row cut in the node's name: the pod's own
    row older than its AGE dates the events to another moment all the same."""
    text = _GET_ALL + _scheduled("2m", f"Successfully assigned awx/{_WEB} to eye03")
    a = explained_answer(text, pod=_WEB)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


@pytest.mark.parametrize("text", [
    # the Scheduled row within the pod's age: the count bounds as before
    _GET_ALL + _scheduled("60s", "Successfully assigned awx/awx-web-7666f56494-j2j6"),
    # rows none cut under their header (the message whole, the fence closed)
    _GET_ALL + _scheduled("2m", f"Successfully assigned awx/{_WEB} to eye0301") + "\n```\n",
])
def test_a_scheduled_row_within_the_pod_s_age_or_whole_keeps_the_count_bounding(text):
    a = explained_answer(text, pod=_WEB)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 2))


def test_a_log_s_own_end_of_the_defaulted_container_keeps_the_row_named():
    """Go's `fatal error:` and its goroutine's traceback under the `Defaulted container`
    line (k8s-specs-26's log, whose lines explain does not read so), a line the runtime
    prints only as its process ends: the log's container shows an end of its own, so the row
    stays the named containers'."""
    go = _LOGS.replace(
        "ln: failed to create symbolic link '/storage/.minio/certs/private.key': File exists\n",
        "fatal error: newosproc\n\ngoroutine 1 [running]:\nruntime.main()\n"
        "        /usr/local/go/src/runtime/proc.go:49 +0x62\n")
    [pod] = pod_groups([parse_record(_ROW + go, "r.txt")])
    assert any(n.kind is NoteKind.APP_END for n in pod.notes)
    assert [c.name for c in pod.containers] == ["minio", "minio-helper"]
