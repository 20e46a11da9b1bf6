"""fixasia72 (held-out batch 71, issue 30): a YAML piece of a container's state above a
describe's fields and Events (zadig-84), describe's `Exit Code:` alone, a back-off's ends beside
a counted table from Scheduled with no probe row (the corpus README's back-off rule), the
author's cut written in Japanese, Chinese and Korean (`(略)`, `(省略)`, `(생략)`; jpaztech-
blog-253) and an end stated in Korean of a bare name (roundhouse-16). Hand-written variants that
must hold, beside those that must stay unread or open; 2 MB lines read in one pass."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.describe_below import starts_describe
from kubesim.explain.readers.normalise import is_cut
from kubesim.explain.readers.read import parse_record

_HEADER = ("  Type     Reason     Age                  From               Message\n"
           "  ----     ------     ----                 ----               -------\n")


def _table(rows: str) -> str:
    return " Events:\n" + _HEADER + rows


_SCHEDULED = ("  Normal   Scheduled  30m                  default-scheduler  Successfully "
              "assigned ns/worker-7d9f8c-abcde to node-1\n")
# (Created and Started x8, enough for the 5 restarts BackOff x20 needs, R4.10-R4.12: counts
# that show no row lost, the lead's rule of stop 60, lostrows; x4 beside x60 shows rows lost)
_STARTS = ("  Normal   Created    28m (x8 over 30m)    kubelet            Created container "
           "worker\n"
           "  Normal   Started    28m (x8 over 30m)    kubelet            Started container "
           "worker\n"
           "  Warning  BackOff    90s (x20 over 29m)   kubelet            Back-off restarting "
           "failed container\n")
_STARTS_SHORT = _STARTS.replace("x8 over", "x4 over").replace("x20 over", "x60 over")
_STATE = (" state:\n      waiting:\n        message: back-off 5m0s restarting failed "
          "container=worker pod=worker-7d9f8c-abcde_ns(1234)\n        reason: CrashLoopBackOff\n")


@pytest.mark.parametrize("text", [
    # zadig-84's shape: a `state:` piece, describe's `Exit Code:` run in with tabs, its Events
    _STATE + "\t Exit Code:    2\t\n" + _table(_SCHEDULED + _STARTS),
    # the describe's Exit Code alone (no piece above), spaces
    "    Exit Code:    1\n" + _table(_SCHEDULED + _STARTS),
    # prose above, full-width punctuation in it
    "pod “worker” status always “CrashLoopBackOff”，how figure out？\n\n" + _STATE
    + "    Exit Code:    3\n" + _table(_SCHEDULED + _STARTS),
])
def test_an_app_exit_beside_a_counted_table_from_scheduled_without_probe_rows(text):
    """The README's back-off rule: the pod's events as a counted table from its Scheduled row,
    none cut, with no liveness or startup failure, would show a probe kill's failures, so the
    back-off's ends are no probe's, and an exit code of the app's own (no signal's) is its end:
    app-exit, {0, 0}. A YAML piece above the describe ends at its first describe line
    (describe_below.py); describe's `Exit Code:` without its state's line is an ended
    instance's (describe prints it only under Terminated)."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == (Cause.APP_EXIT, CountRange(0, 0), True)


_LIVENESS = ("  Warning  Unhealthy  29m (x9 over 30m)    kubelet            Liveness probe "
             "failed: HTTP probe failed with statuscode: 500\n")


@pytest.mark.parametrize("text", [
    # a liveness failure among the rows: its kills may be the ends
    "    Exit Code:    1\n" + _table(_SCHEDULED + _LIVENESS + _STARTS),
    # no Scheduled row: rows older than the table's first are not in the record
    "    Exit Code:    1\n" + _table(_STARTS),
    # an author's cut among the rows
    "    Exit Code:    1\n" + _table(_SCHEDULED + "  ...\n" + _STARTS),
    # an end by a signal (137: a kill's SIGKILL after its grace)
    "    Exit Code:    137\n" + _table(_SCHEDULED + _STARTS),
    # rows without their column header: a piece of the pod's events
    "    Exit Code:    1\n Events:\n" + _SCHEDULED + _STARTS,
    # Created and Started x4 short of the restarts BackOff x60 needs, past the burst: rows
    # lost, a liveness failure's perhaps among them (the lead's rule of stop 60, lostrows)
    "    Exit Code:    1\n" + _table(_SCHEDULED + _STARTS_SHORT),
])
def test_a_table_that_may_hide_a_probe_kill_is_no_app_exit(text):
    """The negative side: a liveness failure shown, no Scheduled row, a cut, a signal's exit
    code, rows without their header, counts that show rows lost: not app-exit by the counted
    table."""
    assert explained_answer(text).cause is not Cause.APP_EXIT


@pytest.mark.parametrize(("line", "describe"), [
    ("\t Exit Code:    100\t", True), ("      Last State:     Terminated", True),
    ("    Restart Count:  4", True), (" Events:", True), ("Events:  <none>", True),
    ("        exitCode: 100", False), ("    restartCount: 4", False), ("  events: []", False),
    ("    Name:  web", False), ("    Exit Status: 2", False),
])
def test_a_describe_line_ends_a_yaml_piece(line, describe):
    """describe_below.py: a describe field whose key holds a space, or `Events:`: no
    Kubernetes object's YAML key (camelCase); the API's own keys stay the piece's."""
    assert starts_describe(line) is describe


@pytest.mark.parametrize("mark", ["(略)", "（略）", "(省略)", "（省略）", "(中略)", "……", "省略",
                                  "(생략)", "...(중략)...", "  (略)  ", "以下略"])
def test_an_omitted_mark_in_japanese_chinese_or_korean_is_a_cut(mark):
    """An author's cut written in Japanese, Chinese or Korean: a line of only the mark."""
    assert is_cut(mark)


@pytest.mark.parametrize("line", ["(略)です", "省略します", "略", "(略称)", "생략하지 마세요",
                                  "Back-off restarting failed container……"])
def test_words_of_omission_in_a_sentence_are_no_cut(line):
    """The negative side: the mark inside a sentence, or a lone `略`, is the line's own."""
    assert not is_cut(line)


_EVICTED = ("  Warning  Evicted    110s  kubelet  The node was low on resource: memory. "
            "Container app was using 3256Ki, which exceeds its request of 2048Ki.\n"
            "  Normal   Killing    110s  kubelet  Stopping container app\n")
_SMALL_HEADER = ("  Type     Reason     Age   From     Message\n"
                 "  ----     ------     ----  ----     -------\n")


@pytest.mark.parametrize("mark", ["(略)", "（省略）", "(생략)", "..."])
def test_rows_cut_above_a_stop_leave_the_kills_open(mark):
    """jpaztech-blog-253: an author's cut above an eviction's stop leaves rows out that may
    hold an earlier container's start, a liveness failure and its kill: {0, null}."""
    text = "Events:\n" + _SMALL_HEADER + mark + "\n" + _EVICTED
    a = explained_answer(text)
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


def test_a_stop_under_a_whole_table_stays_the_last_end():
    """The negative side: the same rows under their header, none cut: the stop ended the
    container for good and no row holds a probe's kill: {0, 0}."""
    a = explained_answer("Events:\n" + _SMALL_HEADER + _EVICTED)
    assert a.probe_kills == CountRange(0, 0)


@pytest.mark.parametrize("text", [
    "## 증상\nGrafana 파드가 exit 137로 재시작을 반복했고 CPU를 9코어까지 썼습니다.\n\n## 원인\n"
    "메모리 한도 384Mi가 실사용량(603Mi)보다 낮았습니다.\n",
    "어제 밤 Loki가 OOM으로 죽었습니다.\n",
    "worker 컨테이너가 두 번 재시작되었습니다.\n",
    "Prometheus는 메모리 부족으로 죽었다.\n",
    "Sonarr 파드가 새벽에 종료됐다.\n",
])
def test_a_korean_end_of_a_bare_name_is_answered_cannot_tell(text):
    """stated_apart_ko.py: the author's past telling of a bare name's end, in Korean: no
    container's end read (the name is no pod or container the record shows), answered
    cannot-tell with the sentence as why, nothing shown: {0, null}."""
    a = explained_answer(text)
    assert (a.cause, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, CountRange(0, None), False)
    assert "states an end" in a.text


@pytest.mark.parametrize("text", [
    "Grafana 파드가 메모리 한도를 넘으면 재시작합니다.\n",  # a guide's present
    "Grafana 파드가 재시작된다.\n",  # the present
    "Grafana가 재시작되었다면 로그를 확인하세요.\n",  # a conditional
    "Grafana가 재시작되었나요?\n",  # a question
    "Grafana가 재시작되지 않았습니다.\n",  # a negation
    "Grafana가 OOM으로 죽었을 수 있습니다.\n",  # what may have happened
    "Grafana를 재시작했습니다.\n",  # the author restarted it (an object, no subject)
    "파드가 재시작되었습니다.\n",  # no name: a pod's word alone
    "Pod가 재시작되었습니다.\n",  # a word of Kubernetes' own
])
def test_a_korean_end_of_what_may_happen_is_no_record(text):
    """The negative side: the present, a conditional, a question, a negation, a possibility,
    the author's own act and no name: the page alone is refused."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("text", [
    "Grafana 파드가 " + " " * 2_000_000 + "재시작을 반복했다.",
    "Grafana 파드가 재시작을 " * 150_000,
    "(略)" * 700_000,
    "…" * 1_000_000 + "x",
    "Events:\n" + "…" * 1_000_000 + " snip x",
    "...(" + "중략" * 500_000,
    "(" + " " * 2_000_000 + "略)",
    " state:\n" + "      Exit Code:    1\t" * 120_000,
    " Events:" + " " * 2_000_000,
])
def test_the_new_rules_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB lines of the new rules' words."""
    read_in_one_pass(text + "\n")
