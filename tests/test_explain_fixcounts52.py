"""The rules of fixcounts52 (held-out batches 51 and 52, issue 30: explain on real pastes), each
with hand-written variants that hold and variants that must stay unread, and long lines read in
one pass:

1. a `restartCount: N` line right after a `lastState:` or `state:` piece pasted alone, at the
   piece's indentation, is that ContainerStatus item's count (readers/state_siblings.py;
   keydb-902): a count without the container's current state allows R + 1 kills (README's
   probe_kills).
2. a `get pods` row of a pod of several containers, STATUS OOMKilled and RESTARTS N > 0: the
   OOMKilled end is one container's, RESTARTS sums every container's count (printPod), and
   the rule reading restarts beside an OOMKilled state as the same cause reads that container's
   own count: the others' may be probe kills, {0, N} (README's probe_kills and rules for the
   facts; geti-v2-146).
3. only the line the paste ends inside (no line break after it) is cut by the paste's end: a
   last event row with its line break, the paste ending in the closing fence or a blank line
   below it, was copied whole (readers/paste.py `ended_inside`;
   mongodb-kubernetes-operator-1527): header-less rows holding the container's probe events
   and no liveness or startup failure then rule probe kills out (README, knative-serving-2804).
4. Created and Started rows of one stated occurrence each, and a Killing row naming a probe
   after that start: one container, ended once, that end the kill shown, whatever rows are
   cut after it: {1, 1} (README's probe_kills, the stated counts of Created and Started rows;
   gatekeeper-4055, vernemq-docker-vernemq-137; hyperspike-valkey-operator-9).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Answer, Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record

# ---------------------------------------------------------------- 1. the piece's restartCount

_PIECE = ("lastState:\n"
          "  terminated:\n"
          "    containerID: containerd://8cb2\n"
          "    exitCode: 0\n"
          "    finishedAt: \"2025-02-26T08:39:54Z\"\n"
          "    reason: Completed\n"
          "    startedAt: \"2025-01-18T07:30:35Z\"\n")


def _span(piece: str, count: str) -> str:
    """The piece and its count in one code span over lines, under an issue's sentence."""
    return ("The container terminates with the status Completed:\n\n`" + piece + count
            + "`\n\nIt ran for 39 days.\n")


@pytest.mark.parametrize("text", [
    _span(_PIECE, "restartCount: 2"),  # the span's last line (keydb-902)
    _PIECE + "restartCount: 2\n",  # no span at all
    "`" + _PIECE.rstrip("\n") + "`\n`restartCount: 2`\n",  # a span of its own on its line
    _PIECE + "\nrestartCount: 2\n",  # a blank line between: YAML's same mapping
    _PIECE.replace("lastState:", "state:") + "restartCount: 2\n",  # the current state's item
    "```yaml\n" + _PIECE + "restartCount: 2\n```\n",  # fenced
])
def test_a_restart_count_beside_a_state_piece_is_its_items(text):
    """restartCount 2 beside an end, no current state: R + 1 = 3 ends, none said to be no
    probe's (README's probe_kills). Without the rule the count is a line not read and the one
    end shown bounds the kills at 1."""
    assert explained_answer(text).probe_kills == CountRange(0, 3)
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert not any("restartCount" in n for n in notes), notes


@pytest.mark.parametrize("text", [
    _span(_PIECE, "") + "Its `restartCount` keeps growing.\n",  # a guide's key, no value
    _PIECE + "\nWhy is restartCount: 2?\n",  # a question
    _PIECE + "restartCount: 2?\n",  # the same, its line
    _PIECE + "\nThe pod shows restartCount: 2 now.\n",  # a sentence naming it
    _PIECE + "restartCount: two\n",  # no number
    # a bare state's sibling is another state, never the item's count
    "terminated:\n  exitCode: 0\n  reason: Completed\nrestartCount: 2\n",
    # not at the piece's indentation
    "  lastState:\n    terminated:\n      exitCode: 0\n      reason: Completed\n"
    "restartCount: 2\n",
])
def test_a_count_not_beside_a_state_piece_stays_unread(text):
    """The one end shown, no count read: the count read beside it would close the kills at
    3 (R + 1); unread, the end shown bounds them at 1, or nothing where it is a last state
    without a restart count (a piece of a longer status: the corpus README's rule since
    fixdescribe67, corefx-30780)."""
    assert explained_answer(text).probe_kills in (CountRange(0, 1), CountRange(0, None))


def test_a_long_count_line_beside_a_piece_is_read_in_one_pass():
    read_in_one_pass(_PIECE + "restartCount:" + " " * 2_000_000 + "2?\n")
    read_in_one_pass(_PIECE + " " * 2_000_000 + "restartCount: 2\n")


# ---------------------------------------------------------------- 2. OOMKilled among several

_HEADER = "NAME    READY   STATUS      RESTARTS         AGE\n"


def _pod_answer(text: str, pod: str) -> Diagnosis:
    ex = explain_records([parse_record(text, "r.txt")],
                         ExplainOptions(suggest=False, phases=1, pod=pod))
    [c] = ex.containers
    assert c.answer is not None
    return c.answer


@pytest.mark.parametrize(("text", "most"), [
    (_HEADER + "web-1   2/3     OOMKilled   16 (5m13s ago)   57m\n", 16),
    (_HEADER + "web-1   1/2     OOMKilled   4                10m\n", 4),
    # `kubectl get all -A` rows without their header, indented in a list (geti-v2-146)
    ("      impt   pod/web-1   2/3     OOMKilled   16 (5m13s ago)   57m\n"
     "      impt   pod/db-0    1/1     Running     0                57m\n", 16),
])
def test_an_oom_kill_among_several_containers_leaves_their_summed_restarts_open(text, most):
    """One container OOMKilled, the others' restarts any cause's: {0, RESTARTS}; and no probe
    change is said to prevent them."""
    a = _pod_answer(text, "web-1")
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, most))
    assert a.prevention.answer is Answer.CANNOT_TELL


@pytest.mark.parametrize("text", [
    _HEADER + "web-1   0/1     OOMKilled   4                10m\n",  # its own count: same cause
    _HEADER + "web-1   1/2     OOMKilled   0                1m\n",  # none restarted
    # the container's own count, in its describe
    "Name: web-1\nContainers:\n  app:\n    State:          Terminated\n"
    "      Reason:       OOMKilled\n      Exit Code:    137\n    Ready:          False\n"
    "    Restart Count:  4\n",
])
def test_an_oom_kill_of_one_containers_own_count_stays_the_same_cause(text):
    a = _pod_answer(text, "web-1")
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 0))
    assert a.prevention.answer is Answer.NO


def test_a_long_oomkilled_row_is_read_in_one_pass():
    read_in_one_pass(_HEADER + "web-1" + " " * 2_000_000 + "2/3   OOMKilled   16   57m\n")


# ---------------------------------------------------------------- 3. the line the paste ends in

_ROWS = ("Normal   Created    6m40s (x3 over 6m54s)  kubelet  Created container web\n"
         "  Warning  Unhealthy  6m40s (x2 over 6m40s)  kubelet  Readiness probe failed:\n"
         "  Normal   Started    6m39s (x3 over 6m54s)  kubelet  Started container web\n"
         "  Warning  BackOff    111s (x25 over 6m51s)  kubelet  Back-off restarting failed "
         "container")


# (BackOff x5, which the three containers allow: x25 needs five restarts, R4.10-R4.12, and
# past the burst its counts show rows lost, the lead's rule of stop 60, lostrows)
_WHOLE = _ROWS.replace("(x25 over 6m51s)  ", "(x5 over 6m51s)   ")


@pytest.mark.parametrize("text", [
    "```\n" + _WHOLE + "\n\n```",  # a blank line, then the closing fence, no line end after it
    "```\n" + _WHOLE + "\n```",  # the closing fence right under the row
    "~~~\n" + _WHOLE + "\n~~~",
    _WHOLE + "\n   ",  # a line of spaces last
])
def test_a_last_row_with_its_line_break_is_whole(text):
    """The rows none cut, no liveness or startup failure among them: no probe kill."""
    assert explained_answer(text).probe_kills == CountRange(0, 0)
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert not any("cut short" in n for n in notes), notes


# the same rows short of the recorder's burst (3 + 2 + 3 + 15 = 23 of the kubelet's occurrences)
_SHORT = _ROWS.replace("(x25 over", "(x15 over")


@pytest.mark.parametrize("text", [
    "```\n" + _SHORT,  # the paste ends inside the row
    _SHORT,
    "```\n" + _SHORT[:-5],  # inside its message
])
def test_a_last_row_the_paste_ends_inside_stays_cut(text):
    """Rows after the cut may hold a liveness failure: the Created count bounds the kills
    (short of the recorder's burst; past it, the next test)."""
    assert explained_answer(text).probe_kills == CountRange(0, 3)


@pytest.mark.parametrize("text", ["```\n" + _ROWS, _ROWS, "```\n" + _ROWS[:-5]])
def test_a_cut_last_row_past_the_burst_leaves_the_kills_open(text):
    """33 of the kubelet's occurrences: the Created x3 counts the containers from below
    (R4.43, the correlator counts before its spam filter drops), so it bounds no kills."""
    assert explained_answer(text).probe_kills == CountRange(0, None)


def test_a_long_last_line_is_read_in_one_pass():
    read_in_one_pass("```\n" + _ROWS + " " * 2_000_000 + "\n```")
    read_in_one_pass("```\n" + _ROWS + "\n" + " " * 2_000_000)


# ---------------------------------------------------------------- 4. one start, its kill shown

_ONE = ("  Normal   Pulled     67m                   kubelet  Successfully pulled image \"v:7\"\n"
        "  Normal   Created    67m                   kubelet  Created container valkey\n"
        "  Normal   Started    67m                   kubelet  Started container valkey\n")
_KILL = ("  Normal   Killing    66m                   kubelet  Container valkey failed liveness "
         "probe, will be restarted\n")
_CUT = "  Warning  Unhealthy  7m21s (x17 over 67m)  kubelet  Liveness probe faile"


@pytest.mark.parametrize("text", [
    "```\n" + _ONE + _KILL + _CUT,  # cut in the last row (hyperspike-valkey-operator-9)
    "From events:\n\n```\n" + _ONE + _KILL + "  Warning",  # cut after a row's type
    _ONE + _KILL.replace("liveness", "startup") + _CUT.replace("Liveness", "Startup"),
])
def test_one_start_and_its_kill_bound_the_kills_at_one(text):
    a = explained_answer(text)
    assert a.probe_kills == CountRange(1, 1), a.probe_kills.because


@pytest.mark.parametrize("text", [
    _KILL.replace("66m", "68m") + _ONE + _CUT,  # the kill before the start: another container's
    # rows without a stated count (no COUNT column): at least once each
    "LAST SEEN   TYPE     REASON    OBJECT        MESSAGE\n"
    "67m         Normal   Created   pod/valkey-0  Created container valkey\n"
    "67m         Normal   Started   pod/valkey-0  Started container valkey\n"
    "66m         Normal   Killing   pod/valkey-0  Container valkey failed liveness probe, will be "
    "restarted\n"
    "7m21s       Warning  Unhealthy pod/valkey-0  Liveness probe faile",
])
def test_a_start_not_stated_once_before_the_kill_leaves_the_kills_open(text):
    assert explained_answer(text).probe_kills == CountRange(1, None)


def test_a_long_killing_row_after_one_start_is_read_in_one_pass():
    read_in_one_pass(_ONE + _KILL.rstrip("\n") + " " * 2_000_000 + "x\n" + _CUT)
