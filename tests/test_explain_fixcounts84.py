"""The rule of fixcounts84 (held-out batch 84, issue 30: explain on real pastes), with
hand-written variants that hold and variants that must stay as they were, and long lines read in
one pass:

1. a piece whose first line is a bare `terminated:`, its fields below it, whose later lines step
   back two columns left of it to ContainerStatus keys kubectl prints after `lastState` (`name:`
   first) is that item cut above its `lastState:` line (readers/cut_last_state.py;
   kubernetes-replicator-215): its `restartCount` is the container's, and a count without the
   container's current state allows R + 1 kills (README's probe_kills: R4.7, the count of the
   container that ended is the one before its successor's).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import CountRange
from kubesim.explain.readers.read import parse_record


def _fragment(first: str = "      terminated:", fields: int = 8,
              after: tuple[str, ...] = ("    name: replicator", "    ready: false",
                                        "    restartCount: 1")) -> str:
    """A container's status cut above its last state's `terminated:` (the item's keys at 4)."""
    pad = " " * fields
    return "\n".join([first, pad + "exitCode: 2", pad + 'finishedAt: "2022-09-13T21:23:52Z"',
                      pad + "reason: Error", pad + 'startedAt: "2022-09-13T21:14:14Z"', *after])


def _fenced(body: str) -> str:
    return ("Additional details about pod termination\n\n```\n" + body
            + "\n ```\nThis is the message after the pod restart\n")


_RUNNING = ("    name: app", "    ready: true", "    restartCount: 1", "    started: true",
            "    state:", "      running:", '        startedAt: "2022-09-13T21:24:00Z"')
_WAITING = ("    name: app", "    ready: false", "    restartCount: 1", "    started: false",
            "    state:", "      waiting:", "        reason: CrashLoopBackOff")


@pytest.mark.parametrize(("text", "most"), [
    (_fenced(_fragment()), 2),  # kubernetes-replicator-215's: no current state, R + 1
    (_fenced(_fragment(after=("    name: app", "    ready: false", "    restartCount: 3"))), 4),
    # two columns less, the item's keys at 2
    (_fenced(_fragment("    terminated:", 6, ("  name: app", "  ready: false",
                                               "  restartCount: 1"))), 2),
    (_fenced(_fragment(after=_WAITING)), 2),  # the current state in back-off: ended, R + 1
    (_fenced(_fragment(after=_RUNNING)), 1),  # a running current state: R
])
def test_a_state_cut_above_its_last_state_is_the_items(text, most):
    """The `terminated:` block above `name:` is the item's last state, and the keys after it
    the same container's: its restart count bounds the kills (R + 1 where the current state is
    not shown or ended, R where it runs). Without the rule the later keys read as the state's
    fields, the count is lost and the one end shown bounds the kills at 1."""
    answer = explained_answer(text)
    assert answer.probe_kills.hi == most
    assert "restartCount" in answer.probe_kills.because
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert any("cut above its `lastState:` line" in n for n in notes), notes


@pytest.mark.parametrize("text", [
    # the step back is not to `name:`, the key kubectl prints right after `lastState`
    _fenced(_fragment(after=("    ready: false", "    restartCount: 1"))),
    # a key kubectl prints before `lastState`: another item's, not this one's
    _fenced(_fragment(after=("    containerID: containerd://ab", "    name: app",
                             "    restartCount: 1"))),
    # a step back to another column than the item's
    _fenced(_fragment(after=("     name: app", "     restartCount: 1"))),
    # a key no ContainerStatus has
    _fenced(_fragment(after=("    name: app", "    replicas: 3", "    restartCount: 1"))),
    # a second block at the state's own column: lastState holds one state
    _fenced(_fragment(after=("      running:", '        startedAt: "2022-09-13T21:24:00Z"',
                             "    name: app", "    restartCount: 1"))),
    # a bare `waiting:`: no last state the kubelet writes
    _fenced(_fragment("      waiting:", 8, ("    name: app", "    ready: false",
                                             "    restartCount: 1"))),
])
def test_a_piece_not_cut_above_a_last_state_keeps_its_reading(text):
    """Pieces that are no ContainerStatus item cut above its `lastState:`: the rule leaves
    them as they were read (their count is not taken as the item's)."""
    answer = explained_answer(text)
    assert answer.probe_kills != CountRange(0, 2)
    assert "restartCount" not in answer.probe_kills.because
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert not any("cut above its `lastState:` line" in n for n in notes), notes


def test_a_long_piece_is_read_in_one_pass():
    read_in_one_pass(_fenced(_fragment(after=("    name: " + "a" * 2_000_000,
                                              "    restartCount: 1"))))
    read_in_one_pass(_fenced(_fragment(after=("    name: app", " " * 2_000_000 + "x: 1"))))
    read_in_one_pass(_fenced("      terminated:" + " " * 2_000_000 + "\n        exitCode: 2\n"
                             "    name: app\n    restartCount: 1"))
