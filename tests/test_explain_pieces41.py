"""Pieces of records as pages print them, held-out batch 41 (fix41rows):

- a describe row an author quoted by hand, the `>` glued to it after the row's indentation
  (`  >Warning  Unhealthy  29m (x66 over 3h16m)  kubelet  (combined from similar events):
  Readiness probe failed: ...`): CommonMark's block quote marker (up to three spaces, then
  `>`, the space after it optional), taken off with the indentation kept
  (kubernetes-autoscaler-8944); readers/normalise.py `_without_glued_quote`;
- a shell history's line numbers before every line (` 9999 k get pods -w`, `10000 NAME ...`):
  right-aligned to one width, counting up by one line by line, header and command lines
  included: a listing's numbering, not a NAMESPACE column (treetracker-web-map-client-1476);
  readers/normalise.py `_history_numbered`;
- a `get pods` row cut inside its last restart's age (`Error   587 (7m5`): the count whole
  (a space and `(` after it), the row read wherever the paste ends (kubectl never leaves that
  `(` open); readers/pods_table.py `row_cut_in_age`;
- of a watch, a `CrashLoopBackOff` row with the count of the terminated row before it: the
  back-off after that end, which is its last state (alasta-oomkilled, whose cut last row is
  now read); readers/pods_table.py `_ended_before`.

Beside them, variants that must stay unread: a `>` four spaces in (a code block's content),
numbers that do not count up line by line, numbers not right-aligned to one width, numbers
counting up on two lines only, a count run into the `(`, a `(` that no count stands before."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.model import PodRecord
from kubesim.explain.readers.read import parse_record


def _pods(text: str) -> list[PodRecord]:
    return parse_record(text, "r.txt").pods


def _pods_or_refused(text: str) -> list[PodRecord]:
    """The record's pods, none when it is refused (nothing in it read)."""
    try:
        return _pods(text)
    except RecordError:
        return []


# ---------------------------------------------------------------- a quote glued to a row

_HEAD = ("Events:\n"
         "  Type     Reason     Age                   From     Message\n"
         "  ----     ------     ----                  ----     -------\n")
_READINESS = ("Warning  Unhealthy  29m (x66 over 3h16m)   kubelet  (combined from similar "
              'events): Readiness probe failed: Get "http://10.0.0.7:8081/readyz": context '
              "deadline exceeded\n")
_LIVENESS = ('  Warning  Unhealthy  19m (x129 over 3h29m)  kubelet  Liveness probe failed: Get '
             '"http://10.0.0.7:8081/healthz"\n')


def _messages(text: str) -> list[tuple[str, int]]:
    return sorted((e.message.split(":")[0], e.count) for p in _pods(text) for e in p.events)


@pytest.mark.parametrize("quoted", ["  >", " >", "   >"])
def test_a_describe_row_with_a_quote_mark_glued_to_it_is_read(quoted: str) -> None:
    text = _HEAD + quoted + _READINESS + _LIVENESS
    assert _messages(text) == [("Liveness probe failed", 129), ("Readiness probe failed", 66)]


def test_a_quote_mark_four_spaces_in_is_a_code_blocks_content_and_stays() -> None:
    text = _HEAD + "    >" + _READINESS + _LIVENESS
    assert ("Readiness probe failed", 66) not in _messages(text)


# ---------------------------------------------------------------- a shell history's numbers

_TABLE = [
    "k -n webmap get pods -w",
    "NAME                          READY   STATUS             RESTARTS          AGE",
    "web-alpha-56d99c554-zssjq     0/1     CrashLoopBackOff   586 (4m57s ago)   3d3h",
    "web-main-5fc8f8d946-rqb7x     0/1     CrashLoopBackOff   423 (73s ago)     2d6h",
    "web-alpha-56d99c554-zssjq     1/1     Running            587 (5m13s ago)   3d3h",
]


def _numbered(first: int, step: int = 1, width: int = 5) -> str:
    return "".join(f"{first + i * step:>{width}} {x}\n" for i, x in enumerate(_TABLE))


@pytest.mark.parametrize("first", [9998, 1, 96, 120])
def test_a_shell_historys_numbers_are_no_namespace(first: int) -> None:
    pods = _pods("```\n" + _numbered(first) + "```\n")
    assert sorted((p.namespace, p.name) for p in pods) == [
        (None, "web-alpha-56d99c554-zssjq"), (None, "web-main-5fc8f8d946-rqb7x")]
    [alpha] = [p for p in pods if p.name == "web-alpha-56d99c554-zssjq"]
    assert [c.restart_count for c in alpha.containers] == [587]


@pytest.mark.parametrize("text", [
    _numbered(9998, step=2),  # not by one
    "".join(f"{n} {x}\n" for n, x in zip((8, 9, 10, 11, 12), _TABLE, strict=True)),  # no width
])
def test_numbers_that_are_no_listings_numbering_stay_a_column(text: str) -> None:
    """The numbers stay the rows' first cells (a NAMESPACE, as a `-A` table's): numbers that
    do not count up by one, or that are not right-aligned to one width."""
    assert any(p.namespace is not None for p in _pods(text))


def test_two_numbered_lines_are_too_few_to_be_a_listing() -> None:
    text = ("10003 web-alpha-56d99c554-zssjq   0/1   CrashLoopBackOff   586 (4m57s ago)   3d3h\n"
            "10004 web-main-5fc8f8d946-rqb7x   0/1   CrashLoopBackOff   423 (73s ago)     2d6h\n")
    assert {p.namespace for p in _pods(text)} == {"10003", "10004"}


# ---------------------------------------------------------------- a row cut in its restart's age

_CUT_HEAD = "NAME                        READY   STATUS    RESTARTS          AGE\n"


@pytest.mark.parametrize("cut", ["587 (7m5", "587 (", "587 (7m5s", "587 (7m5s ag"])
@pytest.mark.parametrize("end", ["\n", ""])
def test_a_row_cut_inside_its_restarts_age_is_read_with_its_count(cut: str, end: str) -> None:
    text = _CUT_HEAD + "web-alpha-56d99c554-zssjq   0/1     Error     " + cut + end
    [pod] = _pods(text)
    [c] = pod.containers
    assert (c.restart_count, c.state, c.state_reason) == (587, "terminated", "Error")
    assert not any("placeholder" in n.text for n in pod.notes)  # its NAME is a pod's name


@pytest.mark.parametrize("cut", ["587(7m5", "(7m5", "587 (7m5x"])
def test_a_row_without_a_whole_count_before_the_open_age_stays_unread(cut: str) -> None:
    text = _CUT_HEAD + "web-alpha-56d99c554-zssjq   0/1     Error     " + cut + "\n"
    assert all(c.restart_count != 587 for p in _pods_or_refused(text) for c in p.containers)


# ---------------------------------------------------------------- a watch's back-off after an end

_WATCH = ("NAME       READY   STATUS             RESTARTS      AGE\n"
          "oom-demo   1/1     Running            3 (26s ago)   79s\n")


@pytest.mark.parametrize("status", ["OOMKilled", "Error"])
def test_a_back_off_row_after_an_end_with_its_count_has_that_end_as_last_state(status: str
                                                                              ) -> None:
    """`OOMKilled 4` then `CrashLoopBackOff 4`: the kubelet waits out the back-off after that
    end, not restarted yet (alasta-oomkilled's watch, its cut last row now read)."""
    text = (_WATCH + f"oom-demo   0/1     {status:<18} 4 (53s ago)   2m21s\n"
            "oom-demo   0/1     CrashLoopBackOff   4 (14s ago)   2m35s\n")
    [pod] = _pods(text)
    [c] = pod.containers
    assert (c.state_reason, c.last.reason if c.last else None) == ("CrashLoopBackOff", status)


@pytest.mark.parametrize("rows", [
    # the back-off before the end, not after it
    ("oom-demo   0/1     CrashLoopBackOff   4 (14s ago)   2m35s\n"
     "oom-demo   1/1     Running            4 (53s ago)   2m41s\n"),
    # a back-off with fewer restarts than the end: a pod created again
    ("oom-demo   0/1     OOMKilled          4 (53s ago)   2m21s\n"
     "oom-demo   0/1     CrashLoopBackOff   1 (14s ago)   15s\n"),
    # the same count, but running: no end is waited out
    ("oom-demo   0/1     OOMKilled          4 (53s ago)   2m21s\n"
     "oom-demo   1/1     Running            4 (14s ago)   2m35s\n"),
])
def test_a_later_row_that_follows_no_end_keeps_no_last_state(rows: str) -> None:
    [pod] = _pods(_WATCH + rows)
    assert [c.last for c in pod.containers] == [None]


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    " " * 3 + ">" + "W" * 2_000_000,
    "  >" * 700_000,
    "9" * 2_000_000 + " x\n" + "1" * 2_000_000 + " y\n" + "2 z",
    "".join(f"{n:>6} a\n" for n in range(100_000, 300_000)),
    "a-1   0/1   Error   5 (" + "1m" * 1_000_000,
    "a-1   0/1   Error   5 (" + "1" * 2_000_000,
    "a-1   0/1   Error   5 " + " " * 2_000_000 + "(7m5",
])
def test_the_pieces41_rules_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the rules' marks, digits, a count's open age."""
    read_in_one_pass(text + "\n")
