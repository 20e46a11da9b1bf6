"""Held-out batch 109 (fixrows52d): a `kubectl get pods` header with a column kubectl's default
table lacks among its own (Arktos' kubectl prints HASHKEY after NAME, arktos-1301; `-o wide`'s
columns moved before READY): the rows' cells are taken by the header's names, not by their
place (readers/pods_table.py `named_pods_header`, `row_by_header`), so the number under
HASHKEY is no READY and RESTARTS beside a crash loop bounds the kills (R4.7, R4.8).

Variants that must stay unread: the row without its header (the number may be anything), a
row with a cell fewer or more than the header's names, a header of another kind's table."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import explained_kills, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.model import PodRecord
from kubesim.explain.readers.pods_table import named_pods_header, row_by_header
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.said_failing import said_failing

_NAME = "metrics-server-v0.3.3-5f994fcb77-lhq9p"
_HASHKEY = "NAME                                     HASHKEY               READY   STATUS             RESTARTS   AGE\n"
_ROW = f"{_NAME}   8425696894713785975   1/2     CrashLoopBackOff   7          21m\n"


def _pods(text: str) -> list[PodRecord]:
    """The record's pods of the name (none where the record is refused: nothing read)."""
    try:
        found = parse_record(text, "r.txt")
    except RecordError:
        return []
    return [p for p in found.pods if p.name == _NAME]


def test_a_hashkey_column_after_name_is_read_by_the_headers_names(tmp_path: Path) -> None:
    """arktos-1301's shape: READY is the header's READY cell, RESTARTS 7 of two containers in
    a back-off: one container's kills at most 7 + 1 (README, a `get pods` row of several)."""
    text = ("metric server pod is stuck:\n```\n$ ./cluster/kubectl.sh get pod -n kube-system\n"
            + _HASHKEY + _ROW + "```\n")
    [pod] = _pods(text)
    [c] = pod.containers
    assert (c.restart_count, c.containers, c.ready_containers, c.state_reason) == \
        (7, 2, 1, "CrashLoopBackOff")
    assert explained_kills(tmp_path, text) == {"min": 0, "max": 8}


@pytest.mark.parametrize(("header", "row", "restarts", "total"), [
    # `-o wide`'s columns with HASHKEY before READY, the others after AGE
    ("NAME   HASHKEY   READY   STATUS   RESTARTS   AGE   IP   NODE   NOMINATED NODE   "
     "READINESS GATES",
     f"{_NAME}   77   0/1   Running   3   5m   10.0.0.7   node-1   <none>   <none>", 3, 1),
    # NAMESPACE, then NODE moved before READY, RESTARTS with its last restart's age
    ("NAMESPACE   NAME   NODE   READY   STATUS   RESTARTS   AGE",
     f"kube-system   {_NAME}   node-1   0/1   CrashLoopBackOff   4 (2m ago)   9m", 4, 1),
])
def test_extra_columns_before_ready_and_after_age(header: str, row: str, restarts: int,
                                                  total: int) -> None:
    [pod] = _pods(f"```\n{header}\n{row}\n```\n")
    [c] = pod.containers
    assert c.restart_count == restarts
    assert (c.containers or 1) == total


@pytest.mark.parametrize("text", [
    _ROW,  # no header: a number after NAME may be anything
    f"```\n{_ROW}```\n",
    f"```\n{_HASHKEY}{_NAME}   842   1/2   CrashLoopBackOff   7\n```\n",  # a cell short
    f"```\n{_HASHKEY}{_NAME}   842   1/2   CrashLoopBackOff   7   21m   x\n```\n",  # one more
])
def test_rows_not_of_the_header_stay_unread(text: str) -> None:
    assert not any(c.restart_count == 7 for p in _pods(text) for c in p.containers)


@pytest.mark.parametrize("line", [
    "NAME   READY   STATUS   RESTARTS   AGE",  # kubectl's own: `_HEADER` reads it
    "NAME   READY   UP-TO-DATE   AVAILABLE   AGE",  # a Deployment's
    "NAME   HASHKEY   READY   RESTARTS   AGE",  # no STATUS
    "Name   Hashkey   Ready   Status   Restarts   Age",  # not as kubectl prints headers
    "NAME   STATUS   READY   RESTARTS   AGE   HASHKEY",  # kubectl's columns out of order
])
def test_other_headers_are_no_named_pods_header(line: str) -> None:
    assert named_pods_header(line) is None


def test_row_by_header_writes_the_default_columns() -> None:
    names = named_pods_header(_HASHKEY)
    assert names == ("NAME", "HASHKEY", "READY", "STATUS", "RESTARTS", "AGE")
    assert row_by_header(_ROW, names) == f"{_NAME} 1/2 CrashLoopBackOff 7 21m"


@pytest.mark.parametrize("line", [
    "NAME HASHKEY " + "A " * 1_000_000,  # 2 MB header of names
    _HASHKEY + "x " + "1 " * 1_000_000,  # 2 MB row under the header
    _HASHKEY + _NAME + " 1 1/2 Running 7 (" + "1m" * 1_000_000,  # an age never closed
])
def test_two_mb_lines(line: str) -> None:
    """2 MB one-line inputs are read in one pass (no backtracking over the cells)."""
    read_in_one_pass(line)


# --- weblate-8718: a `get pods` row's last restart younger than the newest Started row -------

_WEBLATE = "my-release-weblate-74c484d9d5-9kbm8"
_WEBLATE_ROW = f"{_WEBLATE}          0/1     Running   7 (5m59s ago)   25m\n"
_SCHEDULED = ("  Normal   Scheduled  26m                   default-scheduler  Successfully "
              f"assigned default/{_WEBLATE} to node-1\n")
_UNHEALTHY = ('  Warning  Unhealthy  19m (x5 over 24m)     kubelet            Liveness probe '
              'failed: Get "http://10.28.1.5:8080/healthz/": dial tcp 1')


def _weblate(started: str) -> str:
    return (f"**# kubectl get pods | grep -i release**\n{_WEBLATE_ROW}\n"
            f"**# kubectl describe pods {_WEBLATE}**\n{_SCHEDULED}"
            f"  Normal   Started    {started}     kubelet            Started container weblate\n"
            + _UNHEALTHY)


def test_a_started_series_older_than_the_rows_last_restart_bounds_nothing(
        tmp_path: Path) -> None:
    """The row's last restart (5m59s before it) is younger than the newest Started row (21m),
    the rows cut: that start is in no count of the series (taken later than the row, as the
    Scheduled row older than the pod's AGE shows, or before it), so `Started x3` bounds no
    kills after its last occurrence, nor the row's 7 (README: rocketchat-25481,
    dragonfly-operator-42; opentelemetry-helm-charts-1163's series older than a start)."""
    assert explained_kills(tmp_path, _weblate("21m (x3 over 26m)"), _WEBLATE) == \
        {"min": 0, "max": None}


def test_a_started_series_as_young_as_the_restart_still_bounds(tmp_path: Path) -> None:
    """A Started row as young as the row's last restart shows it: its count bounds (guard)."""
    assert explained_kills(tmp_path, _weblate("5m (x8 over 26m)  "), _WEBLATE)["max"] \
        is not None


# --- weblate-8718: the failures the case's pod shows as why it does what it does ------------

@pytest.mark.parametrize(("line", "kinds"), [
    ("but the weblate container is not running as it shows liveness and readiness probe "
     "failed error as well as the logs say that it is unable to connect to redis.",
     ["liveness", "readiness"]),
    ("The pod keeps restarting because it shows liveness probe failures.", ["liveness"]),
    ("the pod shows readiness probe failed error.", ["readiness"]),
])
def test_the_failures_the_case_pod_shows_as_why(line: str, kinds: list[str]) -> None:
    told = said_failing(line)
    assert told is not None and told.kinds == kinds


@pytest.mark.parametrize("line", [
    "the weblate container is not running as it shows liveness or readiness probe failed error.",
    "is the weblate container not running as it shows liveness probe failed error?",
    "the weblate container is not running as it does not show liveness probe failed error.",
    "your container may stop as it shows liveness probe failed error.",
    "the other container is not running as it shows liveness probe failed error.",
    "if the pod is not running as it shows liveness probe failures, restart it.",
    "the pod is not running as the node shows liveness probe failed error.",
])
def test_the_failures_shown_stay_unread(line: str) -> None:
    assert said_failing(line) is None


def test_two_mb_said_line() -> None:
    """2 MB lines of the form's words read in one pass (the predicate's words bounded), through
    the sentence reader itself and through the whole record's."""
    pod_not = "the pod " + "is not " * 300_000 + "as it shows liveness probe failed error"
    many = "the pod keeps running as it shows liveness probe failed " * 40_000
    for line in (pod_not, many, "the pod is " + "a " * 1_000_000 + "probe failed error"):
        said_failing(line)
        read_in_one_pass(line)


def test_two_mb_header_and_row_read_directly() -> None:
    """The header's and the row's readers on 2 MB lines (split with a bound, one pass)."""
    assert named_pods_header("NAME HASHKEY READY STATUS RESTARTS " + "AGE " * 500_000) is None
    names = named_pods_header(_HASHKEY)
    assert names is not None
    assert row_by_header("x " * 1_000_000, names) is None
    assert row_by_header(_NAME + " 1 1/2 Running 7" + " (1m" * 500_000, names) is None
