"""A `kubectl get pods` row run into the author's sentence on its line: `like below ..
ueransim-1638300057-0   1/2   CrashLoopBackOff   250   20h` (the corpus README's rules of rows
run into prose; held-out batch 70, open5gs-1271; fixlogs72).

kubectl prints a row on a line of its own (printPod: NAME, READY, STATUS, RESTARTS, AGE); a
page that pasted one after its sentence, on the same line, ran the two together. After a
sentence's end (`.`, `..`, `!`, or a colon that points at what follows: `like below:`) and
the space after it, the rest of the line is that row where it is the row's cells whole and
nothing else: NAME, READY `x/N`, STATUS, RESTARTS (and its `(57s ago)`), AGE, the line's end
(pods_table.py's `pod_row` reads them; a row without its header, as `get pods` rows alone on
their line are read). The sentence's words are not read, said in a note.

Unread: a row after a question (`?` is no end a row is read after), after a conditional or a
guide's words (`if`, `when`, `for example`, `such as`, `e.g.`, a modal: `may`, `would`, `can`:
what may happen, not what did), cells that do not end the line (words after AGE: no row kubectl
printed), NAMESPACE's column (`-A`'s columns need a header or the command: row_split.py), and a
page's placeholder NAME (no name the API gives a pod: `pod_row` reads none without a header).

One pass: only the line's last `_TAIL` characters are looked at (a row's cells are bounded: a
pod's name is 253 characters at most), the sentence before a candidate its last 2,000.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, Where
from kubesim.explain.readers.pods_table import PodRow, pod_row

__all__ = ["RowInSentence", "row_in_sentence"]

_TAIL = 512  # a row's cells: NAME (253 at most), READY, STATUS, RESTARTS (and its age), AGE
_SENTENCE = 2000  # the sentence before a row: its last 2,000 characters
# a sentence's end, then the space kubectl's row starts after
_STOP = re.compile(r"(?:\.{1,3}|[!:])[ \t]+(?=\S)")
# the row's cells alone to the line's end: NAME READY STATUS RESTARTS [(AGO ago)] AGE
_CELLS_ONLY = re.compile(r"[a-z0-9][-.a-z0-9]{0,252}[ \t]+\d{1,4}/\d{1,4}[ \t]+[A-Za-z][A-Za-z:]*"
                         r"[ \t]+\d{1,12}(?:[ \t]+\([0-9a-z]{1,20}[ \t]+ago\))?[ \t]+"
                         r"[0-9a-z]{1,20}[ \t]*")
# words of a sentence that tells what may happen, asks, or gives an example: no row of the case
_NOT_CASE = lazy_regex(r"(?<![A-Za-z])(?i:if|when|whenever|unless|e\.g|example|"
                       r"for[ \t]+instance|such[ \t]+as|may|might|could|would|should|will|can)"
                       r"(?![A-Za-z])")
_BEFORE = lazy_regex(r"[.!?](?=\s)")


class RowInSentence(NamedTuple):
    """The row read, and the note saying the sentence before it was not read."""

    row: PodRow
    note: Note


def row_in_sentence(text: str, source: str, number: int) -> RowInSentence | None:
    """The `get pods` row run into a sentence at the end of line `text` (module docstring),
    or None."""
    if "/" not in text:
        return None
    offset = max(0, len(text) - _TAIL)
    for stop in _STOP.finditer(text, offset):
        if not _CELLS_ONLY.fullmatch(text, stop.end()):
            continue
        row = pod_row(text[stop.end():], source, number)
        if row is None or row.namespace is not None or not _states(text, stop):
            return None
        return RowInSentence(row, Note(
            f"line {number}: a `get pods` row run into the sentence before it: read from its "
            f"NAME ({row.name}), the sentence's words not read", Where(source, number)))
    return None


def _states(text: str, stop: re.Match[str]) -> bool:
    """Whether the sentence the row runs on from states what happened: it holds no word of what may happen, of a condition or of an example
    (`_NOT_CASE`)."""
    first = max(0, stop.start() - _SENTENCE)
    starts = [m.end() for m in _BEFORE.finditer(text, first, stop.start())]
    return _NOT_CASE.search(text, starts[-1] if starts else first, stop.start()) is None
