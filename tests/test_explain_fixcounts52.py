"""The rules of fixcounts52 (held-out batches 51 and 52, issue 30: explain on real pastes), each
with hand-written variants that hold and variants that must stay unread, and long lines read in
one pass:

1. a `restartCount: N` line right after a `lastState:` or `state:` piece pasted alone, at the
   piece's indentation, is that ContainerStatus item's count (readers/state_siblings.py;
   keydb-902): a count without the container's current state allows R + 1 kills (README's
   probe_kills).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import CountRange
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
    """The one end shown, no count read: at most that end."""
    assert explained_answer(text).probe_kills == CountRange(0, 1)


def test_a_long_count_line_beside_a_piece_is_read_in_one_pass():
    read_in_one_pass(_PIECE + "restartCount:" + " " * 2_000_000 + "2?\n")
    read_in_one_pass(_PIECE + " " * 2_000_000 + "restartCount: 2\n")
