"""Held-out batch 113 (crictl53): the container runtime's CLI, crictl (kubernetes-sigs/cri-tools).

- `crictl ps` (`-a` too) and `crictl pods` tables (readers/crictl_tables.py, cri-tools-369):
  a container's row of the highest ATTEMPT is its current instance, ATTEMPT its restart count
  (the kubelet sets the CRI's `ContainerMetadata.Attempt` to the instance's restartCount,
  kuberuntime_container.go `generateContainerConfig`; R4.7), its pod the row's POD cell or the
  `crictl pods` row of its POD ID.
- `crictl inspect`'s JSON (readers/crictl_inspect.py, containerd-cri-479): the CRI's
  ContainerStatus as the container's status in the pod its labels name, its restart count the
  kubelet's annotation (else `metadata.attempt`), read to a cut.

Hand-written variants beside each that must stay unread: `docker ps` (another table), a
crictl header cut short, rows without their header, the rows of several sandboxes nothing
names, `crictl pods` alone (a sandbox's ATTEMPT is no container's restart), a Pod's status
(no CRI state)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import kill_bounds, read_in_one_pass

from kubesim.cli.main import main
from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record


def _answer(tmp_path: Path, text: str, pod: str | None = None,
            container: str | None = None) -> dict[str, Any]:
    """explain's JSON answer of the record `text` for `pod`'s one (or named) container."""
    record = tmp_path / "r.txt"
    record.write_text(text, encoding="utf-8")
    out = io.StringIO()
    args = ["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1"]
    args += ["--pod", pod] if pod else []
    args += ["--container", container] if container else []
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(args) == 0
    [c] = json.loads(out.getvalue())["containers"]
    answer: dict[str, Any] = c["answer"]
    return answer


def _facts(a: dict[str, Any]) -> tuple[str, Any, dict[str, Any], bool]:
    return a["cause"], a["probe"], kill_bounds(a["probe_kills"]), a["shows_failures"]


def _refused(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


# --- crictl ps, crictl pods ------------------------------------------------------------------

_PS = (
    "$ crictl ps\n"
    "CONTAINER ID        IMAGE               CREATED             STATE               NAME"
    "                ATTEMPT             POD ID\n"
    "9f7a48803a2f5       9f76b554c615d       3 days ago          Running             vms"
    "                 0                   3f075e72dfa28\n"
    "f60944900ceb3       32609f1b11ae7       3 days ago          Running             "
    "kube-proxy          6                   ab863e4ae6f33\n")
_PODS = (
    "$ crictl pods\n"
    "POD ID              CREATED             STATE               NAME                "
    "NAMESPACE           ATTEMPT\n"
    "3f075e72dfa28       3 days ago          Ready               virtlet-wcb8r       "
    "kube-system         0\n"
    "ab863e4ae6f33       3 days ago          Ready               kube-proxy-bqnhm    "
    "kube-system         0\n")
_FOUR_NO_KILL = ("cannot-tell", None)


def test_crictl_ps_attempt_is_the_restart_count_of_the_pod_crictl_pods_names(tmp_path):
    """cri-tools-369: kube-proxy's ATTEMPT 6, its sandbox ab863e4ae6f33 named
    kube-proxy-bqnhm by `crictl pods`: a running container restarted 6 times, {0, 6}."""
    a = _answer(tmp_path, "```\n" + _PS + _PODS + "```\n", "kube-proxy-bqnhm")
    assert _facts(a) == (*_FOUR_NO_KILL, {"min": 0, "max": 6}, True)


def test_the_other_pod_s_container_is_its_own_with_no_restart(tmp_path):
    """vms (ATTEMPT 0) of virtlet-wcb8r: its first instance runs, nothing failed."""
    a = _answer(tmp_path, _PS + _PODS, "virtlet-wcb8r")
    assert kill_bounds(a["probe_kills"]) == {"min": 0, "max": 0}
    assert a["shows_failures"] is False


_NEWER = (
    "CONTAINER           IMAGE               CREATED             STATE               NAME"
    "                ATTEMPT             POD ID              POD                 NAMESPACE\n"
    "0c2b8c3a1e5d4       5f4a5c3d2b1a0       2 minutes ago       Running             app"
    "                 3                   7d6e5f4a3b2c1       web-7d9f-abcde      default\n"
    "1a2b3c4d5e6f7       5f4a5c3d2b1a0       5 minutes ago       Exited              app"
    "                 2                   7d6e5f4a3b2c1       web-7d9f-abcde      default\n")


def test_newer_crictl_ps_names_the_pod_in_its_pod_column_and_a_exits_are_earlier(tmp_path):
    """`crictl ps -a` of a later crictl (POD, NAMESPACE): the Exited row of ATTEMPT 2 is an
    earlier instance of the running ATTEMPT 3, whose count 3 holds its end: {0, 3}."""
    a = _answer(tmp_path, _NEWER, "web-7d9f-abcde")
    assert _facts(a) == (*_FOUR_NO_KILL, {"min": 0, "max": 3}, True)


def test_an_exited_current_instance_allows_one_more_kill(tmp_path):
    """The container's row of the highest ATTEMPT Exited: its instance ended too, R + 1
    (README's restart count rule, R4.7)."""
    exited = _NEWER.splitlines(keepends=True)
    a = _answer(tmp_path, exited[0] + exited[2], "web-7d9f-abcde")
    assert _facts(a) == (*_FOUR_NO_KILL, {"min": 0, "max": 3}, True)


_OLDEST = (
    "CONTAINER ID        IMAGE               CREATED             STATE               NAME"
    "                ATTEMPT\n"
    "9f7a48803a2f5       9f76b554c615d       3 days ago          CONTAINER_RUNNING   "
    "redis               4\n")


def test_the_earliest_crictl_ps_without_pod_id_is_one_unnamed_pod(tmp_path):
    """crictl of 2017 printed the CRI's state names and no POD ID: one container, its pod
    not named, ATTEMPT 4 its count."""
    a = _answer(tmp_path, _OLDEST)
    assert _facts(a) == (*_FOUR_NO_KILL, {"min": 0, "max": 4}, True)


_DOCKER = (
    "CONTAINER ID   IMAGE          COMMAND                  CREATED       STATUS       "
    "PORTS     NAMES\n"
    "f60944900ceb   32609f1b11ae   \"/usr/local/bin/kube…\"   3 days ago    Up 3 days    "
    "          k8s_kube-proxy_kube-proxy-bqnhm_kube-system_1234_6\n")


def test_docker_ps_stays_unread_where_crictl_ps_is_read(tmp_path):
    """`docker ps` is another table (COMMAND, STATUS, PORTS): not read as crictl's, while
    crictl's own table beside the same words is."""
    _refused(_DOCKER)
    assert parse_record(_PS + _PODS, "r.txt").format == "crictl-table"


@pytest.mark.parametrize("cut", [
    "CONTAINER ID        IMAGE               CREATED             STA\n",
    "CONTAINER ID        IMAGE               CREATED             STATE               NAME\n",
    "",  # no header at all: rows picked out of their table
])
def test_a_crictl_table_whose_header_is_cut_stays_unread(cut):
    """A header cut short gives the rows no columns: the rows stay unread (refused, as no
    record explain reads), while the whole header's table is read."""
    rows = "".join(_PS.splitlines(keepends=True)[2:])
    _refused(cut + rows)
    assert parse_record(_PS + _PODS, "r.txt").pods


def test_several_sandboxes_nothing_names_are_not_read(tmp_path):
    """Rows of two sandboxes with no POD cell and no `crictl pods` row: whose pod each is,
    the record does not tell; the rows of one such sandbox are read as one unnamed pod."""
    _refused(_PS)
    one = "".join(_PS.splitlines(keepends=True)[:3])
    assert [c.restart_count for p in parse_record(one, "r.txt").pods for c in p.containers] == [0]


def test_crictl_pods_alone_reads_no_restart():
    """A sandbox's ATTEMPT (created again) is no container's restart: `crictl pods` alone is
    not read, `crictl ps` beside it is."""
    _refused(_PODS.replace("Ready               kube-proxy-bqnhm    kube-system         0",
                           "Ready               kube-proxy-bqnhm    kube-system         3"))
    assert parse_record(_PS + _PODS, "r.txt").pods


def test_a_row_cut_short_is_said_not_read():
    """The table's last row cut in its cells: not read, listed as such; the rows above read."""
    text = _PS + "a1b2c3d4e5f60       32609f1b11ae7       3 days ago          Runn\n" + _PODS
    record = parse_record(text, "r.txt")
    assert any(n.text.startswith("not read: lines 5-") and "a1b2c3d4e5f60" in n.text
               for n in record.notes)
    assert sorted(c.name or "" for p in record.pods for c in p.containers) == [
        "kube-proxy", "vms"]


def test_crictl_tables_are_read_in_one_pass():
    read_in_one_pass("CONTAINER ID   IMAGE   CREATED   STATE   NAME   ATTEMPT   " * 40_000)
    read_in_one_pass("CONTAINER   IMAGE   CREATED   STATE   NAME   ATTEMPT\n"
                     + "9f7a48803a2f5   x   3 days ago   Running   a   0   " * 40_000 + "\n")
    read_in_one_pass("ATTEMPT" + "  " * 1_000_000 + "x\n")


# --- crictl inspect --------------------------------------------------------------------------

_INSPECT = """{
  "status": {
    "id": "98ad5842a62844f62d4468c52dbfcc081a08ba25c95c842a967de7058f60dd24",
    "metadata": {
      "attempt": 0,
      "name": "nginx"
    },
    "state": "CONTAINER_EXITED",
    "createdAt": "2017-11-30T21:57:26.038813532Z",
    "startedAt": "2017-11-30T21:57:26.235406355Z",
    "finishedAt": "2017-12-01T20:08:56.523559866Z",
    "exitCode": 255,
    "reason": "Unknown",
    "message": "",
    "labels": {
      "io.kubernetes.container.name": "nginx",
      "io.kubernetes.pod.name": "nginx",
      "io.kubernetes.pod.namespace": "e2e-tests-kubectl-2jdtb"
    },
    "annotations": {
      "io.kubernetes.container.restartCount": "0"
    },
    "mounts": [
      {"""


def test_crictl_inspect_cut_in_its_mounts_is_read_to_the_cut(tmp_path):
    """containerd-cri-479: CONTAINER_EXITED, exit 255, reason Unknown, restartCount 0, cut
    inside mounts: the first instance ended, no probe in the record: {0, 1}."""
    text = "New container info:\n```\n$  crictl inspect 98ad5842a6284\n" + _INSPECT + "\n"
    a = _answer(tmp_path, text)
    assert _facts(a) == ("cannot-tell", None, {"min": 0, "max": 1}, True)
    [pod] = parse_record(text, "r.txt").pods
    assert (pod.name, pod.namespace) == ("nginx", "e2e-tests-kubectl-2jdtb")


def test_crictl_inspect_whole_is_read_as_a_record():
    """The JSON whole, alone: read by the same reader (a record of its own format)."""
    whole = _INSPECT.rsplit('"mounts"', 1)[0].rstrip().rstrip(",") + "\n  }\n}\n"
    found = parse_record(whole.replace('"reason": "Unknown"', '"reason": "Error"'), "r.txt")
    [c] = found.pods[0].containers
    assert (found.format, c.state, c.terminated and c.terminated.exit_code, c.restart_count) \
        == ("crictl-inspect", "terminated", 255, 0)


def test_the_attempt_counts_where_the_annotations_are_cut_away(tmp_path):
    """A running container's status cut before its annotations: `metadata.attempt` is the
    same count (generateContainerConfig writes both from it): {0, 2}."""
    text = _INSPECT.replace('"attempt": 0', '"attempt": 2').replace(
        "CONTAINER_EXITED", "CONTAINER_RUNNING").split('    "labels"')[0]
    a = _answer(tmp_path, "```\n" + text + "\n```\n")
    assert _facts(a) == ("cannot-tell", None, {"min": 0, "max": 2}, True)


def test_a_status_with_no_count_left_has_its_restarts_cut():
    """Cut before both counts: the restarts are cut away, not zero."""
    text = _INSPECT.replace('"attempt": 0,\n', "").split('    "labels"')[0]
    [c] = parse_record("```\n" + text + "\n```\n", "r.txt").pods[0].containers
    assert (c.restart_count, c.restarts_cut, c.state) == (None, True, "terminated")


def test_a_pod_s_status_is_no_cri_status():
    """`{"status": {"state": ...}}` whose state is no CRI state (a Pod's, a tool's): not read
    as crictl's; the CRI's state names are."""
    other = _INSPECT.replace("CONTAINER_EXITED", "Exited")
    with contextlib.suppress(RecordError):
        assert all(p.formats != ["crictl-inspect"]
                   for p in parse_record("```\n" + other + "\n```\n", "r.txt").pods)
    assert parse_record("```\n" + _INSPECT + "\n```\n", "r.txt").pods[0].formats == [
        "crictl-inspect"]


@pytest.mark.parametrize("line", [
    '"state": {"running": {"startedAt": "2020-11-12T16:21:21Z"}},',
    '{"status": {"state": {"running": {}}, "metadata": {"name": "app"}}}',
    '{"status": {"state": ["CONTAINER_EXITED"], "metadata": {"name": "app"}}}',
])
def test_a_state_that_is_a_mapping_or_a_list_is_no_cri_state(line):
    """A pod status's `state` is a mapping (`{"running": {...}}`), which the CRI's check
    once hashed: a TypeError traceback (found by test_explain_readers' property test at stop
    53). Read as no crictl status: read otherwise, or refused with the one error."""
    with contextlib.suppress(RecordError):
        found = parse_record(line + "\n", "r.txt")
        assert all(p.formats != ["crictl-inspect"] for p in found.pods)
