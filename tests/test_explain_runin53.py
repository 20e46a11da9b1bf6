"""Held-out batch 113 (runin53): a `kubectl get events` table a page ran into one line
(readers/events_run.py, hello-world-87), its rows put back on their lines and read as the
table's; the record's last row, cut in another pod's OBJECT cell, cuts every pod's rows even
where the rows put back share one line (read.py `_cut_elsewhere`).

Hand-written variants beside each that must stay unread (prose with `Normal` after an age and
no header, a header alone, a header followed by prose)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange, ProbeType
from kubesim.explain.readers.events_run import events_run

_HEADER = "LAST SEEN TYPE REASON OBJECT MESSAGE"
_ROWS = ("3m Normal Scheduled pod/web-0 Successfully assigned default/web-0 to node-1 "
         "2m (x3 over 2m30s) Warning Unhealthy pod/web-0 Liveness probe failed: HTTP probe "
         "failed with statuscode: 500 2m Normal Killing pod/web-0 Container web failed "
         "liveness probe, will be restarted")


# --- the table put back ----------------------------------------------------------------------

def test_rows_start_at_an_age_a_type_and_a_reason():
    run = events_run(f"$ kubectl get events {_HEADER} {_ROWS}")
    assert run is not None
    assert run.lines == [
        _HEADER,
        "3m Normal Scheduled pod/web-0 Successfully assigned default/web-0 to node-1",
        "2m (x3 over 2m30s) Warning Unhealthy pod/web-0 Liveness probe failed: HTTP probe "
        "failed with statuscode: 500",
        "2m Normal Killing pod/web-0 Container web failed liveness probe, will be restarted"]
    assert run.around  # (the command before the header)


def test_a_namespace_column_starts_each_row():
    run = events_run("NAMESPACE LAST SEEN TYPE REASON OBJECT MESSAGE shop 3m Normal Scheduled "
                     "pod/web-0 Successfully assigned shop/web-0 to n1 shop 1s Warning BackOff "
                     "pod/web-0 Back-off restarting failed container")
    assert run is not None
    assert run.lines[1:] == ["shop 3m Normal Scheduled pod/web-0 Successfully assigned "
                             "shop/web-0 to n1",
                             "shop 1s Warning BackOff pod/web-0 Back-off restarting failed "
                             "container"]
    assert not run.around


def test_a_row_cut_before_its_object_is_left_out_and_said():
    run = events_run(f"{_HEADER} 3m Normal Scheduled pod/web-0 Successfully assigned x 2m "
                     "Normal Pul")
    assert run is not None
    assert run.lines == [_HEADER, "3m Normal Scheduled pod/web-0 Successfully assigned x"]
    assert run.around


def test_a_liveness_kill_in_a_table_run_into_one_line_is_read():
    a = explained_answer(f"The pod keeps restarting:\n$ kubectl get events {_HEADER} {_ROWS}\n")
    assert (a.cause, a.probe, a.probe_kills.lo) == (Cause.LIVENESS_KILL, ProbeType.LIVENESS, 1)


def test_a_table_cut_in_another_pod_s_row_leaves_the_kills_open():
    # (hello-world-87's shape: one pod's start and back-off, then another pod's rows, the
    # last cut in its OBJECT cell: the rows cut away may be the first pod's, README's
    # gitlab-runner-4664 rule)
    text = (f"# kubectl get event --watch {_HEADER} 24s Normal Scheduled pod/app-7f-aaaaa "
            "Successfully assigned default/app-7f-aaaaa to w1 16s Normal Pulled pod/app-7f-aaaaa"
            " Successfully pulled image \"app:1\" 1s Normal Created pod/app-7f-aaaaa Created "
            "container app 0s Normal Started pod/app-7f-aaaaa Started container app 13s Warning"
            " BackOff pod/app-7f-aaaaa Back-off restarting failed container 24s Normal Scheduled"
            " pod/app-7f-bbbbb Successfully assigned default/app-7f-bbbbb to w1 23s Normal "
            "Pulling pod/app")
    a = explained_answer(text, pod="app-7f-aaaaa")
    assert (a.cause, a.probe_kills, a.failed, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), (), True)


# --- what stays unread -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "It was Normal for 5m Normal Started pod/web-0 and then it stopped",  # no header
    "It was Normal 5m ago, then 2m Warning BackOff pod/web-0 later.",  # no header
    _HEADER,  # a header alone
    f"{_HEADER} are the columns kubectl prints, 5m Normal Started pod/web-0 ...",  # prose
    f"the {_HEADER.replace('OBJECT', 'KIND')} 3m Normal Scheduled Pod assigned",  # no OBJECT
])
def test_words_no_table_holds_stay_unread(line):
    assert events_run(line) is None


# --- bounded -------------------------------------------------------------------------------

def test_a_table_run_into_one_line_is_read_in_one_pass():
    read_in_one_pass(f"{_HEADER} " + "1s Normal Pulled " * 120_000 + "\n")
    read_in_one_pass(f"NAMESPACE {_HEADER} " + "a 1s (x2 over 1s) Normal " * 80_000)
    read_in_one_pass("LAST SEEN " * 200_000)
    read_in_one_pass(_HEADER + " " * 2_000_000 + "x")
    assert events_run(f"{_HEADER} " + "1s Normal Pulled pod/a x " * 80_000) is not None
