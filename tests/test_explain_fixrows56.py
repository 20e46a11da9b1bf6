"""The rules of fixrows56 (held-out batch 56, issue 30: explain on real pastes), each with
hand-written variants that hold and variants that must stay unread, and long lines read in one
pass:

- a headerless row of the events table up to 1.13 whose header has KIND and no NAME (`LAST
  SEEN  TYPE  REASON  KIND  MESSAGE`): its KIND cell (`Pod`) is not the message's first word
  (kube-eagle-18, whose 2019 Killing message names the liveness probe only when read whole);
- a `get pods` row without header whose line ends after its STATUS (NAME, READY, STATUS) is
  read with no count (a row cut before its RESTARTS shows none), and no later line is joined
  to it (ffdl-61: `5 7m` under a screenshot's tag stays not read);
- a describe piece that starts at a container's name: in a paste that lost every indentation
  (`csi-resizer:` over `Container ID:`, both at column 0, kubernetes-org-4100) the name heads
  the piece when the field below it is the one kubectl prints first for a container, and a
  piece without an Events header reads its head as the describe with one does.
"""

from __future__ import annotations

import re

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.event_layouts import headerless_cells
from kubesim.explain.readers.event_rows import _is_time
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.readers.row_split import row_before_restarts

# ------------------------------------------ a headerless row of LAST SEEN TYPE REASON KIND MESSAGE

_KILLING_2019 = ("Killing container with id docker://web:Container failed liveness probe.. "
                 "Container will be killed and recreated.")


@pytest.mark.parametrize("sep", ["   ", "\t", "  "])
@pytest.mark.parametrize(("failure", "killing"), [
    ("Liveness probe failed: Get http://10.0.0.9:8080/health: EOF", _KILLING_2019),
    ("Liveness probe failed: HTTP probe failed with statuscode: 500",
     "Container web failed liveness probe, will be restarted"),
])
def test_a_headerless_row_with_a_kind_cell_is_read_without_the_kind_in_its_message(
        sep, failure, killing):
    text = ("Restarts:\n\n```\n"
            f"4m{sep}Warning{sep}Unhealthy{sep}Pod{sep}{failure}\n"
            f"12m{sep}Warning{sep}Unhealthy{sep}Pod{sep}Readiness probe failed: EOF\n"
            f"12m{sep}Normal{sep}Killing{sep}Pod{sep}{killing}\n```\n")
    a = explained_answer(text)
    assert a.cause.value == "liveness-kill"
    assert a.probe_kills.lo >= 1


@pytest.mark.parametrize(("line", "message", "kind"), [
    ("5m   Warning   Unhealthy   Pod   Liveness probe failed: EOF",
     "Liveness probe failed: EOF", "Pod"),
    ("5m\tNormal\tKilling\tPod\tKilling container with id docker://a:x",
     "Killing container with id docker://a:x", "Pod"),
    ("5m   Normal   ScalingReplicaSet   Deployment   Scaled up replica set web-1 to 1",
     "Scaled up replica set web-1 to 1", "Deployment"),
])
def test_the_kind_cell_of_a_headerless_row_is_its_kind(line, message, kind):
    cells = headerless_cells(line, _is_time)
    assert cells is not None and (cells.message, cells.kind) == (message, kind)


@pytest.mark.parametrize(("line", "message"), [
    # the kubelet's own message starting with a kind's word is one cell: not a KIND cell
    ("5m   Normal   SandboxChanged   Pod sandbox changed, it will be killed and re-created.",
     "Pod sandbox changed, it will be killed and re-created."),
    # a lone cell after the reason is its message (no message cell after it)
    ("5m   Normal   Killing   Pod", "Pod"),
    # a word that is no kind stays the message's
    ("5m   Warning   Unhealthy   Container   Liveness probe failed: EOF",
     "Container  Liveness probe failed: EOF"),
    # a kind in lower case is not the KIND column's
    ("5m   Warning   Unhealthy   pod   Liveness probe failed: EOF",
     "pod  Liveness probe failed: EOF"),
])
def test_a_cell_that_is_no_lone_kind_stays_the_message(line, message):
    cells = headerless_cells(line, _is_time)
    assert cells is not None and cells.message == message and cells.kind is None


@pytest.mark.parametrize("line", [
    "1m  Warning  Unhealthy  " + "Pod  " * 400_000,
    "1m  Warning  Unhealthy  Pod  " + "Liveness probe failed: " * 90_000,
    "1m\tNormal\tKilling\t" + "Pod\t" * 500_000,
])
def test_kind_cells_on_a_2_mb_line_are_read_in_one_pass(line):
    read_in_one_pass(line)


# ------------------------------------------ a get pods row without header ending after STATUS

_IMG = ('<img width="1663" alt="screen shot 2018-04-09 at 6 30 42 pm" '
        'src="https://user-images.githubusercontent.com/1/2.png">')


def _unread(text: str) -> set[int]:
    """The numbers of the lines the record's notes list as not read."""
    out: set[int] = set()
    for n in parse_record(text, "r.txt").notes:
        m = re.match(r"not read: lines? (\d+)(?:-(\d+))?:", n.text)
        if m:
            out.update(range(int(m[1]), int(m[2] or m[1]) + 1))
    return out


@pytest.mark.parametrize("row", [
    "web-7d9f8b6c5-x2x4q 0/1 CrashLoopBackOff ",
    "web-7d9f8b6c5-x2x4q   0/1     CrashLoopBackOff",
    "default   web-7d9f8b6c5-x2x4q   0/1   CrashLoopBackOff",
    "pod/web-7d9f8b6c5-x2x4q\t0/1\tCrashLoopBackOff\t",
])
@pytest.mark.parametrize("after", [f"\n{_IMG}\n5 7m\n", "\n5 7m\n", "\nAny idea?\n"])
def test_a_row_ending_after_its_status_is_read_with_no_count(row, after):
    text = f"My pod keeps crashing.\n\n{row}\n{after}\nThanks\n"
    assert [p.name for p in pod_groups([parse_record(text, "r.txt")])] == ["web-7d9f8b6c5-x2x4q"]
    a = explained_answer(text)
    assert a.cause.value == "cannot-tell" and a.shows_failures
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, None)
    if "5 7m" in after:  # no rule joins the split rest to the row: listed, not read
        assert text.splitlines().index("5 7m") + 1 in _unread(text)


def test_rows_without_header_ending_after_status_are_each_a_pod():
    text = ("Pods:\n\nweb-0 0/1 CrashLoopBackOff\nweb-1 1/1 Running\n\nwhy?\n")
    assert sorted(p.name or "" for p in pod_groups([parse_record(text, "r.txt")])) == [
        "web-0", "web-1"]


@pytest.mark.parametrize("line", [
    "web-0 0/1 CrashLoo",  # cut inside its STATUS: no status kubectl prints
    "web-0 0/1 Running?",  # a question
    "my pod is 0/1 CrashLoopBackOff",  # a sentence
    "Why is web-0 0/1 CrashLoopBackOff",
    "web-0 3/1 Running",  # more ready than containers
    "web-0 0/0 Running",
    "web-0 0/1 Running fine",  # words after STATUS: no row
    "web-0 1 Running",  # no READY cell
    "Web-0 0/1 Running",  # no name the API gives
])
def test_a_line_that_is_no_row_ending_after_status_stays_unread(line):
    assert row_before_restarts(line, "r.txt", 1) is None
    # (prose that states nothing of a pod around it: `My pod keeps crashing.` is read since
    # fixprose94, the case's pod stated crashing, which would answer the record by itself)
    with pytest.raises(RecordError):
        parse_record(f"Here is what I see.\n\n{line}\n\nAny idea?\n", "r.txt")


def test_under_a_header_a_last_row_ending_after_status_keeps_the_table_rules():
    # the table's own rows: its last row cut before RESTARTS is the watch rules' (watch_cut.py)
    # or not read, never a pod of its own with no count
    text = ("```\nNAME      READY   STATUS    RESTARTS   AGE\nweb-0     0/1     Running   3 (1s ago)"
            "   11m\nweb-1     0/1     Running\n```\n")
    assert [p.name for p in pod_groups([parse_record(text, "r.txt")])] == ["web-0"]


@pytest.mark.parametrize("line", [
    "web-0 0/1 " + "Running" * 300_000,
    "web-0 " + "0/1 " * 500_000 + "Running",
    "a" * 2_000_000 + " 0/1 Running",
    "web-0" + " " * 2_000_000 + "0/1 Running",
])
def test_rows_ending_after_status_on_a_2_mb_line_are_read_in_one_pass(line):
    read_in_one_pass(f"x\n{line}\ny\n")


# ---------------------------------------------- a describe piece headed by a container's name

_FIELDS = ("Container ID: cri-o://a4eeefd5ea98\n"
           "Image: k8s.gcr.io/sig-storage/csi-resizer:v1.4.0\n"
           "State: Running\n"
           "Started: Fri, 06 Jan 2023 00:56:09 +0000\n"
           "Last State: Terminated\n"
           "Reason: Error\n"
           "Exit Code: 255\n")


def _containers(text: str) -> list[str | None]:
    return [c.name for p in parse_record(text, "r.txt").pods for c in p.containers]


@pytest.mark.parametrize("text", [
    f"Restarts:\n\ncsi-resizer:\n{_FIELDS}",
    f"Restarts:\n\ncsi-resizer:\n{_FIELDS.split(chr(10), 1)[1]}",  # no Container ID yet
    f"```\ncsi-resizer:\n{_FIELDS}```\n",
    # an indented head over its indented fields, in a piece without Events (wazuh-helm-chart-6)
    "Restarts:\n\n  csi-resizer:\n" + "".join(f"    {x}\n" for x in _FIELDS.splitlines()),
])
def test_a_name_heading_a_piece_is_its_containers_name(text):
    assert _containers(text) == ["csi-resizer"]
    assert not [n for n in parse_record(text, "r.txt").notes if "csi-resizer:" in n.text
                or n.text.startswith("not read: line 3")]


@pytest.mark.parametrize("text", [
    # a later field at the name's column: another block's, not this name's
    "Restarts:\n\ncsi-resizer:\nState: Running\nLast State: Terminated\nExit Code: 255\n",
    "Restarts:\n\ncsi-resizer:\nRestart Count: 3\nState: Running\n",
    # a capitalised key is a field, no container's name
    f"Restarts:\n\nCsi-Resizer:\n{_FIELDS}",
])
def test_a_name_over_any_other_field_at_its_column_names_no_container(text):
    assert _containers(text) == [None]


@pytest.mark.parametrize("text", [
    "a:\nContainer ID: " + "x" * 2_000_000 + "\n",
    "a:" + " " * 2_000_000 + "\nContainer ID: x\n",
    "a" * 2_000_000 + ":\nContainer ID: x\n",
    "a:\n" + " " * 2_000_000 + "Image: x\n",
])
def test_piece_heads_on_2_mb_are_read_in_one_pass(text):
    read_in_one_pass(text)
