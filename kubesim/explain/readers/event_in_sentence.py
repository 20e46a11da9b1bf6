"""A `kubectl get events` row's cells run on from the author's sentence on its line, with no
sentence end before them (mariadb-galera-chart-2: `... pods where stuck showing this ERROR
Warning Unhealthy pod/test-mdb-ga-0 Readiness probe failed: ERROR 2002 ...`).

kubectl prints a row on a line of its own (TYPE, REASON, OBJECT, MESSAGE; LAST SEEN before
them, which a paste of the cells may leave out); a page that ran the row's cells into the
sentence that quotes them ran the two together. They are that event, at least once (no COUNT),
where each cell is what only the event can hold: TYPE `Normal` or `Warning`, a REASON the
kubelet writes (`KUBELET_REASONS`), OBJECT `pod/NAME`, and a MESSAGE in the kubelet's own
words for that reason (`bare_reason`: `Readiness probe failed: ...` for Unhealthy). The
sentence's words before them are not read; the cells are put back on a line of their own
(runs.py), where the event rows' reader reads them as a row without its header.

Unread: cells in a sentence that says what may or would happen, or a guide's example (`if`,
`when`, `may`, `such as`, ...: `_NOT_CASE`), a question (a `?` ending the line, or the
sentence's first word asking: `why`, `how`, `does`, ...), cells at the line's start or after a
table's cell (no sentence runs into them: other readers read those rows), and a message that
is no kubelet's words for its reason.

One pass: the line's first `TYPE REASON pod/NAME MESSAGE` is the only candidate (a row's
MESSAGE runs to the line's end, so later ones are its words), the sentence before it its last
2,000 characters."""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.event_layouts import KUBELET_REASONS, bare_reason
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["EventInSentence", "event_in_sentence", "event_in_sentence_hint"]

_SENTENCE = 2000  # the sentence before the cells: its last 2,000 characters
# the cells, one space apart as a sentence runs them: TYPE REASON pod/NAME MESSAGE
_CELLS = lazy_regex(r"(?<=[A-Za-z][ \t])(?P<type>Normal|Warning)[ \t]+(?P<reason>[A-Z][A-Za-z]{1,40})"
                    r"[ \t]+pod/(?P<name>[a-z0-9](?:[-.a-z0-9]{0,251}[a-z0-9])?)[ \t]+"
                    r"(?P<message>\S[^\n]*)")
# the word before the cells: a sentence's (letters only; an age, a time or a table's padding
# before it is a row's LAST SEEN, read by the event rows' readers)
_WORD_BEFORE = lazy_regex(r"(?:^|\s)[A-Za-z][A-Za-z'-]{0,40}[ \t]$")
# words of a sentence that tells what may happen, gives an example or a condition
_NOT_CASE = lazy_regex(r"(?<![A-Za-z])(?i:if|whenever|unless|e\.g|example|"
                       r"for[ \t]+instance|such[ \t]+as|may|might|could|would|should|will|can)"
                       r"(?![A-Za-z])")
# `when` is a condition's (`when you see ...`) unless the sentence tells the past before it
# (`everything was working fine but suddenly few days later when i run ...`: a past verb)
_WHEN = lazy_regex(r"(?<![A-Za-z])(?i:when)(?![A-Za-z])")
_PAST = lazy_regex(r"(?<![\w'])(?:(?i:was|were|had|did)|[A-Za-z]{2,}ed)(?![\w'])")
# a question's first word
_ASKING = lazy_regex(r"[ \t]*(?i:why|how|what|does|do|did|is|are|can|could|should)(?![A-Za-z])")
_BEFORE = lazy_regex(r"[.!?](?=\s)")


class EventInSentence(NamedTuple):
    """The row's cells, put back on a line of their own, and where they start on the line."""

    row: str
    start: int


def event_in_sentence(line: str) -> EventInSentence | None:
    """The `get events` row's cells run on from a sentence on `line` (module docstring), or
    None."""
    m = _CELLS.search(line) if "pod/" in line else None
    if m is None or m["reason"] not in KUBELET_REASONS:
        return None
    said = bare_reason(m["message"])
    if said is None or said.value != m["reason"] or line.rstrip().endswith("?"):
        return None
    first = max(0, m.start() - _SENTENCE)
    starts = [s.end() for s in _BEFORE.finditer(line, first, m.start())]
    sentence = line[starts[-1] if starts else first:m.start()]
    if not _WORD_BEFORE.search(sentence) or len(sentence.split()) < 2 or \
            _NOT_CASE.search(sentence) or _ASKING.match(sentence) or _conditional_when(sentence):
        return None
    return EventInSentence(line[m.start():].rstrip(), m.start())


def _conditional_when(sentence: str) -> bool:
    """Whether the sentence's `when` is a condition's: no past verb before its first one."""
    when = _WHEN.search(sentence)
    return when is not None and _PAST.search(sentence, 0, when.start()) is None


def event_in_sentence_hint(text: str) -> bool:
    """Whether a line of the text holds such cells (looked for before the paste is put back:
    runs.py reads them then); a line without `pod/` is not looked at."""
    return "pod/" in text and any(event_in_sentence(x) is not None
                                  for x in text.split("\n") if "pod/" in x)
