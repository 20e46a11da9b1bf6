"""Held-out batch 93 (fixrows93): rows no reader took.

- A `kubectl get pods` row without its header whose AGE a page trimmed, read where its
  RESTARTS carries the last restart's age (`5 (2m ago)`, kubectl 1.22 on: printPod writes it
  in that cell only), as fall-out-bug-spark-k8s-connect's fenced row under `## Symptoms`
  (readers/pods_table.py `_row_no_age`).
- Describe's event rows pasted without their column header count towards the recorder's burst
  (R4.43: 25 events of the kubelet about a pod, client-go's spam filter)
  with the occurrences they imply and leave out (a Created and a Started for each container a
  Killing row kills, an outcome for each pull but the last: R4.24), so past it their Killing
  rows count the kills from below (explain/implied_rows.py, iesalisal-devopsk8s-11-13liveness).

Hand-written variants beside each that must stay unread (a bare count without a header, the
cells run into a sentence, a count with words after it)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.implied_rows import implied_left_out
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import RecordedEvent
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


# --- describe rows without their header: the occurrences they imply count towards the burst -

_UNHEALTHY = ("  Warning  Unhealthy  100s (x4 over 4m55s)   kubelet            Liveness probe "
              "failed: cat: can't open '/tmp/healthy': No such file or directory\n")
_KILLING = ("  Normal   Killing    100s (x4 over 4m55s)   kubelet            Container liveness "
            "failed liveness probe, will be restarted\n")
_PULLING = ("  Normal   Pulling    {age}     kubelet            Pulling image "
            "\"k8s.gcr.io/busybox\"\n")
_PULLING_X6 = _PULLING.format(age="5s (x6 over 5m29s)")
_NOTES = "## Output of the test\n\n"
_HEADER = ("Events:\n  Type     Reason     Age                  From               Message\n"
           "  ----     ------     ----                 ----               -------\n")


def test_headerless_rows_reach_the_burst_with_the_rows_they_imply() -> None:
    """iesalisal-devopsk8s-11-13liveness (batch 93): {4, 4}, facts {4, null}. Unhealthy x4,
    Killing x4 and Pulling x6 without their header show 14 occurrences; the four killed
    containers' Created and Started and five pulls' outcomes, left out, make 27, past the
    burst of 25: the Killing row counts the kills from below (README's Killing-row rule)."""
    a = explained_answer(_NOTES + _UNHEALTHY + _KILLING + _PULLING_X6)
    assert a.cause is Cause.LIVENESS_KILL and a.probe_kills == CountRange(4, None)


@pytest.mark.parametrize("text", [
    # the same rows under describe's Events header: the table as kubectl printed it
    _HEADER + _UNHEALTHY + _KILLING + _PULLING_X6,
    # one pull: 9 shown, 8 starts left out, 17: short of the burst
    _NOTES + _UNHEALTHY + _KILLING + _PULLING.format(age="5s"),
])
def test_rows_under_their_header_or_short_of_the_burst_count_every_kill(text: str) -> None:
    """The other side: rows under their header leave nothing out, and a piece whose rows and
    implied rows stay short of 25 let the spam filter drop nothing: {4, 4}."""
    a = explained_answer(text)
    assert a.cause is Cause.LIVENESS_KILL and a.probe_kills == CountRange(4, 4)


def _row(reason: str, count: int) -> RecordedEvent:
    age = f"5s (x{count} over 5m)" if count > 1 else "5s"
    return parse_record(f"  Normal  {reason}  {age}  kubelet  some message\n",
                        "r.txt").pods[0].events[0]


@pytest.mark.parametrize("shown, left_out", [
    ({"Killing": 4, "Pulling": 6}, 4 + 4 + 5),
    # the starts and the pulls' outcomes shown: nothing left out
    ({"Killing": 4, "Created": 4, "Started": 4, "Pulling": 6, "Pulled": 5}, 0),
    # more Created than kills, Started fewer
    ({"Killing": 3, "Created": 5, "Started": 1}, 2),
    # no Killing or Pulling row: nothing implied
    ({"Unhealthy": 40, "BackOff": 7}, 0),
])
def test_implied_left_out_counts_the_start_sequence(shown: dict[str, int], left_out: int
                                                    ) -> None:
    """The occurrences a piece implies and does not show (R4.24's start sequence)."""
    assert implied_left_out([_row(r, n) for r, n in shown.items()]) == left_out
