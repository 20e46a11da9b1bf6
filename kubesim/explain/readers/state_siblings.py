"""The restart count beside a container's state pasted alone (fixcounts52, issue 30: explain
on real pastes; keydb-902).

A `lastState:` or `state:` piece pasted alone (paste.py's `_STATE_PIECE`, its fields indented
under it) is one key of one item of `containerStatuses`: kubectl prints an item's keys sorted,
`lastState` first, then `name`, `ready`, `restartCount`, `started`, `state`, all at one
indentation (core/v1 ContainerStatus). A `restartCount: N` line right after the piece, at the
piece's own indentation (the end of the code span the piece opened, or a span of its own on
its line), is that item's key, so the same container's restart count: the piece's count, which
the piece itself never holds (a state has no restartCount). Only a whole line of that key and a
number is read so: a sentence naming `restartCount`, a key without its value, or a question
(`restartCount: 2?`) stays a line not read.
"""

from __future__ import annotations

from collections.abc import Sequence

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["ITEM_KEYS", "count_beside"]

# the keys of a ContainerStatus item a state piece may stand for (a bare `terminated:` is a
# key of a state, whose siblings are other states, never the item's count)
ITEM_KEYS = frozenset({"lastState", "state"})
_COUNT = lazy_regex(r"^(?P<indent>[ \t]*)restartCount:[ \t]*\d{1,10}[ \t]*$")


def count_beside(lines: Sequence[PasteLine], j: int, indent: str) -> int:
    """The index after the piece's restart count: `j + 1` where `lines[j]` is a whole
    `restartCount: N` line at the piece's indentation `indent` (its sibling in the item), else
    `j` (nothing taken). One line at most: an item holds its count once."""
    if j >= len(lines) or lines[j].kind is not LineKind.CONTENT:
        return j
    m = _COUNT.match(lines[j].text)
    return j + 1 if m is not None and m["indent"] == indent else j
