"""Held-out batch 106 (fixrows52b): `get all`'s pod rows with the kind's short name.

kubectl's `get all` of the 1.9 era and OpenShift 3.x's `oc get all` print each row's NAME
with its kind's short name (`po/NAME`, `svc/NAME`, `deploy/NAME`, `rs/NAME`, `ds/NAME`);
newer ones print `pod/NAME`. A `po/` row is the same `get pods` row (readers/pods_table.py
`POD_KIND`), joined to a describe of the same pod cut before its Restart Count (the README's
rule of a row beside a describe: openshift-ansible-7230, whose RESTARTS 0 of a running
container bounds the kills, R4.7); the record's last row cut before RESTARTS
(readers/row_split.py) or in its name (readers/watch_cut.py) reads the prefix too.

Hand-written variants that must stay unread: the other kinds' rows (`svc/`, `deploy/`, `rs/`,
`ds/`), a row's shape under another kind's prefix, `po/` inside a word and in sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_answer, explained_kills, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.readers.row_split import row_before_restarts

_POD = "glusterfs-storage-2h4t7"
_GET_ALL = ("[root@master ~]# oc get all\n"
            "NAME                         READY     STATUS    RESTARTS   AGE\n"
            f"po/{_POD}   0/1       Running   0          4m\n"
            "po/glusterfs-storage-2pkcw   0/1       Running   0          4m\n"
            "po/glusterfs-storage-l55m4   0/1       Running   0          4m\n")
# describe of the first pod, cut inside its container's `Started` (no Restart Count shown)
_DESCRIBE = (f"[root@master ~]# oc describe po/{_POD}\n"
             f"Name:\t\t{_POD}\n"
             "Namespace:\tglusterfs\n"
             "Status:\t\tRunning\n"
             "Containers:\n"
             "  glusterfs:\n"
             "    Image:\t\tgluster/gluster-centos:latest\n"
             "    State:\t\tRunning\n"
             "      Start")


def _names(text: str) -> list[str]:
    return sorted(p.name or "" for p in pod_groups([parse_record(text, "r.txt")]))


def test_a_po_row_beside_a_describe_cut_before_restart_count_bounds_the_kills(
        tmp_path: Path) -> None:
    """openshift-ansible-7230: the row's RESTARTS 0 of the pod's one running container is
    the describe's missing Restart Count (one pod, one moment): no kill, {0, 0} (R4.7)."""
    text = "```\n" + _GET_ALL + _DESCRIBE
    assert explained_kills(tmp_path, text, _POD) == {"min": 0, "max": 0}
    a = explained_answer(text, pod=_POD)
    assert a.cause.value == "cannot-tell" and not a.failed and not a.shows_failures


@pytest.mark.parametrize("prefix", ["po/", "po / "])
def test_po_rows_of_several_pods_are_each_a_pod(prefix: str) -> None:
    text = _GET_ALL.replace("po/", prefix)
    assert _names(text) == [_POD, "glusterfs-storage-2pkcw", "glusterfs-storage-l55m4"]


_OLD_GET_ALL = (
    "$ kubectl get all\n"
    "NAME            DESIRED   CURRENT   READY     UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\n"
    "ds/agent        3         3         0         3            0           <none>          4m\n\n"
    "NAME            DESIRED   CURRENT   UP-TO-DATE   AVAILABLE   AGE\n"
    "deploy/web      1         1         1            0           4m\n\n"
    "NAME               DESIRED   CURRENT   READY     AGE\n"
    "rs/web-5f7d8c9b6   1         1         0         4m\n\n"
    "NAME                     READY     STATUS             RESTARTS   AGE\n"
    "po/web-5f7d8c9b6-x2x4q   0/1       CrashLoopBackOff   6          4m\n\n"
    "NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\n"
    "svc/web      ClusterIP   10.0.0.12    <none>        80/TCP    4m\n")


def test_only_the_po_rows_of_an_old_get_all_are_pods(tmp_path: Path) -> None:
    assert _names(_OLD_GET_ALL) == ["web-5f7d8c9b6-x2x4q"]
    # RESTARTS 6 and the end it backs off from: seven ends at most (R4.7)
    assert explained_kills(tmp_path, _OLD_GET_ALL) == {"min": 0, "max": 7}


def _read_names(text: str) -> list[str]:
    """The pods' names the record gives, none where it is refused as no record explain reads."""
    try:
        return _names(text)
    except RecordError:
        return []


@pytest.mark.parametrize("kind", ["rs/", "deploy/", "svc/", "ds/", "repo/", "helm-po/", "pos/"])
def test_a_rows_shape_under_another_kinds_prefix_is_no_pods_row(kind: str) -> None:
    """Only `po/` and `pod/` name a pod's row; another kind's prefix (or `po/` ending a
    longer word) leaves the line no row of a pod."""
    text = (f"NAME      READY     STATUS    RESTARTS   AGE\n{kind}web-0   0/1       Running   0"
            "          4m\n")
    assert "web-0" not in _read_names(text)


@pytest.mark.parametrize("line", [
    "Why is po/web-0 0/1 Running 0 4m?",  # a question
    "I ran oc describe po/web-0 and it is 0/1 Running with 0 restarts.",
    "If po/web-0 shows 0/1 Running 0 4m, wait for its readiness probe.",  # a guide's conditional
])
def test_po_in_a_sentence_is_no_row(line: str) -> None:
    assert "web-0" not in _read_names(f"Here is what I see.\n\n{line}\n\nAny idea?\n")


def test_a_po_row_ending_after_its_status_is_read_with_no_count() -> None:
    """row_split.py: the line ends after STATUS, the record going on: the pod, no count."""
    row = row_before_restarts("po/web-7d9f8b6c5-x2x4q   0/1   CrashLoopBackOff", "r.txt", 3)
    assert row is not None and row.name == "web-7d9f8b6c5-x2x4q" and row.restarts_cut


_WATCH = ("$ kubectl get all -w\n"
          "NAME                          READY     STATUS    RESTARTS   AGE\n"
          "po/shop-api-85c4d9f7b6-q2m7x   0/1       Running   2          41m\n"
          "po/shop-api-6b8d7c5f94-zt4kp   0/1       Pending   0          0s\n"
          "po/shop-api-6b8d7c5f94-zt4kp   0/1       Running   0          22s\n")


def test_a_watchs_last_po_row_cut_in_its_name_leaves_that_pods_kills_open(
        tmp_path: Path) -> None:
    """watch_cut.py: a later row of the pod whose name the cut starts, its RESTARTS cut
    away: the count read from the earlier row is of an earlier moment (nexus-operator-191)."""
    text = _WATCH + "po/shop-api-85c4"
    assert explained_kills(tmp_path, text, "shop-api-85c4d9f7b6-q2m7x") == {"min": 0, "max": None}


@pytest.mark.parametrize("text", [
    "NAME READY STATUS RESTARTS AGE\npo/web" + " " * 2_000_000 + "0/1 Running 0 4m\n",
    "NAME READY STATUS RESTARTS AGE\n" + "po/" * 700_000 + "web 0/1 Running 0 4m\n",
    "x\n" + "po / " * 400_000 + "web 0/1 Running\ny\n",
    "NAME READY STATUS RESTARTS AGE\nweb-0 0/1 Running 0 4m\npo/" + "a" * 2_000_000,
])
def test_po_prefixes_on_a_2_mb_line_are_read_in_one_pass(text: str) -> None:
    read_in_one_pass(text)
