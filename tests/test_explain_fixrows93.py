"""Held-out batch 93 (fixrows93): rows no reader took.

- A `kubectl get pods` row without its header whose AGE a page trimmed, read where its
  RESTARTS carries the last restart's age (`5 (2m ago)`, kubectl 1.22 on: printPod writes it
  in that cell only), as fall-out-bug-spark-k8s-connect's fenced row under `## Symptoms`
  (readers/pods_table.py `_row_no_age`).

Hand-written variants beside each that must stay unread (a bare count without a header, the
cells run into a sentence, a count with words after it)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record, pod_groups

# --- a `get pods` row without header or AGE, its RESTARTS with the last restart's age ---------

_SYMPTOMS = ("## Symptoms\n\n```\ntest-spark-connect-xxxxx-xxxxx   0/1     CrashLoopBackOff   "
             "5 (2m ago)\n```\n\nConnect pod restarts again and again (CrashLoopBackOff).\n")


@pytest.mark.parametrize("row, name, restarts", [
    ("test-spark-connect-xxxxx-xxxxx   0/1     CrashLoopBackOff   5 (2m ago)",
     "test-spark-connect-xxxxx-xxxxx", 5),
    # -A's NAMESPACE before it, a trailing space
    ("spark   connect-7d9f-abcde   0/1   CrashLoopBackOff   12 (4m30s ago) ", "connect-7d9f-abcde",
     12),
    # one restart, Running again
    ("web-5f7c9-x2l85 1/1 Running 1 (41m ago)", "web-5f7c9-x2l85", 1),
])
def test_a_headerless_row_ending_at_its_last_restarts_age_is_read(row: str, name: str,
                                                                  restarts: int) -> None:
    """fall-out-bug-spark-k8s-connect (batch 93): exit 2, not a record explain reads: a fenced
    `get pods` row without header and AGE. `N (AGE ago)` is kubectl's RESTARTS cell alone
    (printPod, 1.22 on): the row is read, its count whole."""
    [pod] = pod_groups([parse_record(f"Symptoms:\n\n```\n{row}\n```\n\nmore text\n", "r.txt")])
    assert pod.name == name and [c.restart_count for c in pod.containers] == [restarts]


def test_the_headerless_crash_loop_row_is_read_as_the_facts_count() -> None:
    """The record's shape answered: one container in back-off with R = 5 allows 6 ends, none
    shown a probe's (README, R4.7): cannot-tell, {0, 6}."""
    a = explained_answer(_SYMPTOMS)
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, 6)


@pytest.mark.parametrize("text", [
    # a bare count without a header: the digits may be a sentence's or a cut row's
    "some text\nweb-1 0/1 CrashLoopBackOff 5\nmore text\n",
    # the cells with words after the age: no row's end
    "some text\nweb-1 0/1 CrashLoopBackOff 5 (2m ago) and then it stopped\nmore text\n",
    # the cells run into a sentence
    "some text\nthe pod web-1 0/1 CrashLoopBackOff 5 (2m ago)\nmore text\n",
])
def test_headerless_cells_without_the_last_restarts_age_or_run_on_stay_unread(text: str
                                                                              ) -> None:
    """The negative side: no `(AGE ago)` ending the line, or cells inside a sentence, are no
    row without a header (the record holds nothing else, so it is refused)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


def test_a_headerless_row_without_age_read_in_one_pass() -> None:
    """Hostile input for the headerless AGE-less row: a 2 MB run of spaces before its
    `(AGE ago)`, read in one pass."""
    read_in_one_pass("text\napp-1 1/2 CrashLoopBackOff 3" + " " * 2_000_000 + "(81s ago)\n")
    read_in_one_pass("text\napp-1" + " " * 2_000_000 + "1/2 CrashLoopBackOff 3 (81s ago)\n")
