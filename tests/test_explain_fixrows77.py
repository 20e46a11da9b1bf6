"""Held-out batches 77-82 (fixrows77): layouts of rows and state lines no reader had.

- A `kubectl get events` row pasted without its table's header is a row picked out of its
  table (the corpus README's rule, etcd-issues-5; explain/picked_rows.py): its rows are cut for
  every rule that weighs cut rows, so a `get pods` row's last restart that no start row of the
  events shows leaves the kills open (rocketchat-25481's rule, diagnosis `_restart_unseen`).
- `get pods` rows run into one line with neither header nor command, read where their shape
  tells their columns (readers/runs.py `_shaped_rows`, camunda-13948).
- Rancher's line of a container's last state (`Last state: Terminated with 137: OOMKilled,
  started: ..., finished: ...`, readers/rancher_state.py, dify-k8s-2).
- A `get events` row's cells run on from the author's sentence with no sentence end before
  them (readers/event_in_sentence.py, mariadb-galera-chart-2).
- A quote's run of a CI console's timestamped lines among sentences (readers/quoted_runs.py,
  llm-d-fast-model-actuation-703).

Hand-written variants beside each that must stay unread (a table's header above the rows,
describe's rows, -A's and -o wide's rows, a conditional, a guide's example, a question, words
no kubelet writes, a single quoted line)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import explained_answer, kill_bounds, read_in_one_pass

from kubesim.cli.main import main
from kubesim.errors import RecordError
from kubesim.explain.model import Cause
from kubesim.explain.picked_rows import picked_get_rows
from kubesim.explain.readers.read import parse_record, pod_groups


def _answer(tmp_path: Path, text: str, pod: str) -> dict[str, Any]:
    """explain's JSON answer of the record `text` for `pod` (one container)."""
    record = tmp_path / "r.txt"
    record.write_text(text, encoding="utf-8")
    out = io.StringIO()
    args = ["explain", str(record), "--format", "json", "--no-suggest", "--phases", "1",
            "--pod", pod]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(args) == 0
    [container] = json.loads(out.getvalue())["containers"]
    answer: dict[str, Any] = container["answer"]
    return answer


# --- a `get events` row without its header is picked out of its table -----------------------

_KILLING = ("16m         Normal    Killing      pod/db-0      Container db failed liveness "
            "probe, will be restarted\n")
_EVENTS_HEADER = "LAST SEEN   TYPE      REASON       OBJECT        MESSAGE\n"
_PODS = ("\nPod status :\n```\ndb-0     0/1     Running   5 (2m53s ago)   23m\n"
         "db-1     0/1     Running   5 (2m50s ago)   23m\n```\n")


def test_a_headerless_get_events_row_beside_a_younger_restart_leaves_the_kills_open(tmp_path):
    """etcd-issues-5: one Killing row, no header, no start row as young as the `get pods`
    row's last restart (2m53s): the count of another moment bounds no kills, {1, null}."""
    a = _answer(tmp_path, "```\n" + _KILLING + "```\n" + _PODS, "db-0")
    assert (a["cause"], a["failed"], kill_bounds(a["probe_kills"])) == (
        "liveness-kill", ["liveness"], {"min": 1, "max": None})
    assert "they show no start of it" in a["probe_kills"]["because"]


def test_the_same_row_under_its_header_keeps_the_count_bounding(tmp_path):
    """The table printed whole under its header, rows none cut: the restart count bounds the
    kills as before (R4.7)."""
    a = _answer(tmp_path, "```\n" + _EVENTS_HEADER + _KILLING + "```\n" + _PODS, "db-0")
    assert (a["cause"], kill_bounds(a["probe_kills"])) == (
        "liveness-kill", {"min": 1, "max": 5})


@pytest.mark.parametrize(("text", "picked"), [
    (_KILLING, True),
    (_EVENTS_HEADER + _KILLING, False),
    # describe's Events rows without their header: read by the describe rules as before
    ("  Normal   Killing    16m   kubelet  Container db failed liveness probe, will be "
     "restarted\n", False),
])
def test_only_a_get_events_row_without_its_header_is_picked(text, picked):
    [pod] = [p for p in pod_groups([parse_record(text, "r.txt")]) if p.events]
    assert picked_get_rows(pod.events) is picked


# --- `get pods` rows run into one line, told by their shape ----------------------------------

_TOGETHER = ("release-zeebe-0 1/1 Running 2 (7d11h ago) 33d release-zeebe-1 1/1 Running 4 "
             "(8d ago) 33d release-gateway-5476565f47-lk4b8 1/1 Running 45 (6d22h ago) 33d \n")


def test_rows_run_together_with_one_word_between_them_are_read_by_their_shape():
    found = parse_record("8.1:\n" + _TOGETHER, "r.txt")
    counts = {p.name: [c.restart_count for c in p.containers] for p in found.pods}
    assert counts == {"release-zeebe-0": [2], "release-zeebe-1": [4],
                      "release-gateway-5476565f47-lk4b8": [45]}


def test_a_row_read_by_its_shape_bounds_its_kills_by_its_count(tmp_path):
    """camunda-13948's first pod: running, restart count 2, nothing else: {0, 2}."""
    a = _answer(tmp_path, "8.1:\n" + _TOGETHER, "release-zeebe-0")
    assert (a["cause"], a["failed"], kill_bounds(a["probe_kills"])) == (
        "cannot-tell", [], {"min": 0, "max": 2})


@pytest.mark.parametrize("line", [
    # -A: a NAMESPACE word before each NAME
    "prod web-0 1/1 Running 2 (5m ago) 33d prod web-1 1/1 Running 4 (8d ago) 33d\n",
    # -o wide: IP, NODE, NOMINATED NODE, READINESS GATES after each AGE
    "web-0 1/1 Running 2 33d 10.1.2.3 node-1 <none> <none> web-1 1/1 Running 4 33d 10.1.2.4 "
    "node-2 <none> <none>\n",
    # one pod twice (a watch's rows, or a page's placeholder for several)
    "web-0 1/1 Running 2 33d web-0 1/1 Running 3 33d\n",
    # a sentence's words before the first row
    "the pods are web-0 1/1 Running 2 33d web-1 1/1 Running 4 33d\n",
])
def test_rows_run_together_whose_shape_tells_no_columns_stay_refused(line):
    with pytest.raises(RecordError):
        parse_record(line, "r.txt")


def test_rows_run_together_are_read_in_one_pass():
    read_in_one_pass("web-0 1/1 Running 2 33d " * 90_000 + "\n")
    read_in_one_pass("web-0 1/1 Running 2 (5m ago) 33d web-1 " + "1/1 " * 500_000 + "\n")


# --- Rancher's line of a container's last state ----------------------------------------------

_RANCHER = ("OOMKilled | Last state: Terminated with 137: OOMKilled, started: Sun, Apr 6 2025 "
            "9:18:56 pm, finished: Sun, Apr 6 2025 9:19:07 pm\n")


def test_rancher_s_last_state_line_is_read_as_the_last_state():
    """dify-k8s-2: under Chinese prose, an OOM kill, {0, 0} (the OOM rule)."""
    text = "k8s为 1.31.7 一直出现：\n" + _RANCHER + "\n如果不限制资源，会把服务器拖死。\n"
    a = explained_answer(text)
    assert (a.cause, a.probe_kills.lo, a.probe_kills.hi, a.shows_failures) == (
        Cause.OOM_KILLED, 0, 0, True)


@pytest.mark.parametrize(("line", "reason", "code"), [
    ("Last state: Terminated with 1: Error, started: Mon, Jan 1 2024 1:00:00 am, finished: "
     "Mon, Jan 1 2024 1:00:05 am\n", "Error", 1),
    ("the worker shows Last state: Terminated with 143: Error\n", "Error", 143),
    ("Last state: Terminated with 137\n", None, 137),
])
def test_rancher_s_last_state_variants_give_its_reason_and_code(line, reason, code):
    [pod] = parse_record(line, "r.txt").pods
    [c] = pod.containers
    assert c.last is not None and (c.last.reason, c.last.exit_code) == (reason, code)


@pytest.mark.parametrize("line", [
    "If you see Last state: Terminated with 137: OOMKilled, raise the memory limit.\n",
    "Why does Rancher show Last state: Terminated with 137: OOMKilled?\n",
    "A container may show Last state: Terminated with 137: OOMKilled in Rancher.\n",
])
def test_rancher_s_line_in_a_conditional_or_a_question_stays_refused(line):
    with pytest.raises(RecordError):
        parse_record(line, "r.txt")


def test_rancher_s_line_is_read_in_one_pass():
    read_in_one_pass("OOM Last state: Terminated with " * 60_000 + "\n")
    read_in_one_pass("Last state: Terminated with 137: OOMKilled, started:" + "x," * 900_000)


# --- a `get events` row's cells run on from a sentence ---------------------------------------

_MARIADB = ("the mariadb-galera pods where stuck showing this ERROR Warning Unhealthy "
            "pod/test-mdb-ga-0 Readiness probe failed: ERROR 2002 (HY000): Can't connect to "
            "local MySQL server through socket '/var/lib/mysql/mysql.sock' (2 \"No such file or "
            "directory\")\n")


@pytest.mark.parametrize(("text", "cause", "kills"), [
    (_MARIADB, Cause.READINESS_ONLY, (0, 0)),
    # a past `when` tells what happened, no condition
    ("everything was working fine but later when i ran it the pods were stuck showing "
     "Warning Unhealthy pod/web-0 Readiness probe failed: HTTP probe failed with statuscode: "
     "503\n", Cause.READINESS_ONLY, (0, 0)),
    ("our api pods keep restarting with Normal Killing pod/api-0 Container api failed "
     "liveness probe, will be restarted\n", Cause.LIVENESS_KILL, (1, None)),
])
def test_a_get_events_row_run_on_from_a_sentence_is_that_event(text, cause, kills):
    a = explained_answer(text)
    assert (a.cause, (a.probe_kills.lo, a.probe_kills.hi), a.shows_failures) == (
        cause, kills, True)


@pytest.mark.parametrize("line", [
    "When you see Warning Unhealthy pod/web-0 Readiness probe failed: connection refused the "
    "pod is not ready yet\n",
    "If the pods show Warning Unhealthy pod/web-0 Readiness probe failed: connection refused "
    "wait a minute\n",
    "Why do my pods show Warning Unhealthy pod/web-0 Readiness probe failed: connection "
    "refused?\n",
    "Pods may show Warning Unhealthy pod/web-0 Liveness probe failed: connection refused\n",
    "events such as Warning Unhealthy pod/web-0 Liveness probe failed: connection refused\n",
    # words no kubelet writes for the reason
    "the pods show Warning Unhealthy pod/web-0 because the app is slow\n",
    "the pods show Warning Killing pod/web-0 Readiness probe failed: connection refused\n",
    # a reason the kubelet does not write
    "the pods show Warning Stuck pod/web-0 Readiness probe failed: connection refused\n",
])
def test_cells_in_a_conditional_a_question_or_of_other_words_stay_refused(line):
    with pytest.raises(RecordError):
        parse_record(line, "r.txt")


def test_cells_run_on_from_a_sentence_are_read_in_one_pass():
    read_in_one_pass("the pods show Warning Unhealthy pod/web-0 " * 50_000 + "\n")
    read_in_one_pass("we saw it ERROR Warning Unhealthy pod/web-0 Readiness probe failed: "
                     + "pod/x " * 300_000 + "\n")


# --- a quote's run of a CI console's timestamped lines ---------------------------------------

_CI_ROWS = (
    "> 2026-08-11T17:08:45.9070309Z 5m49s       Warning   Unhealthy     pod/launcher-6w58s"
    "      Liveness probe failed: Get \"http://10.1.7.110:8001/health\": dial tcp "
    "10.1.7.110:8001: connect: connection refused\n"
    "> 2026-08-11T17:08:45.9080155Z 5m34s       Warning   Unhealthy     pod/launcher-6w58s"
    "      Readiness probe failed: Get \"http://10.1.7.110:8001/ready\": dial tcp "
    "10.1.7.110:8001: connect: connection refused\n")


def test_a_quoted_run_of_ci_timestamped_rows_among_sentences_is_read(tmp_path):
    """llm-d-fast-model-actuation-703: the rows, picked out of their table, at least once
    each: liveness failures no count bounds, cannot-tell, {0, null}."""
    text = ("The debug dump of events included the following ones.\n\n" + _CI_ROWS +
            "\n5m49s before 17:08:46 is 17:02:57. So the launcher was not accepting.\n")
    a = _answer(tmp_path, text, "launcher-6w58s")
    assert (a["cause"], a["failed"], kill_bounds(a["probe_kills"])) == (
        "cannot-tell", ["liveness", "readiness"], {"min": 0, "max": None})


@pytest.mark.parametrize("text", [
    # one quoted line: no wrapper is known by one line
    "The dump said:\n\n" + _CI_ROWS.split("\n")[0] + "\n\nThat is all.\n",
    # a quote of timestamped prose, no row
    "The log said:\n\n> 2026-08-11T17:08:45.9070309Z starting the launcher\n"
    "> 2026-08-11T17:08:46.9070309Z waiting for the model\n\nThat is all.\n",
])
def test_a_quote_that_holds_no_rows_or_one_line_stays_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_quoted_runs_are_peeled_in_one_pass():
    read_in_one_pass("said:\n" + "> 2026-08-11T17:08:45.9070309Z x\n" * 40_000)
    read_in_one_pass("said:\n> 2026-08-11T17:08:45Z " + "y " * 1_000_000 + "\n")
