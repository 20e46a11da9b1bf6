"""The rules of fixrows56 (held-out batch 56, issue 30: explain on real pastes), each with
hand-written variants that hold and variants that must stay unread, and long lines read in one
pass:

- a headerless row of the events table up to 1.13 whose header has KIND and no NAME (`LAST
  SEEN  TYPE  REASON  KIND  MESSAGE`): its KIND cell (`Pod`) is not the message's first word
  (kube-eagle-18, whose 2019 Killing message names the liveness probe only when read whole).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.readers.event_layouts import headerless_cells
from kubesim.explain.readers.event_rows import _is_time

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
