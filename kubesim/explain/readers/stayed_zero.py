"""A restart count told as staying at none over a run the author watched: the lead's decision of
stop 60 (stayedzero; omec-amf-814: `We watched that happen for thirty minutes during a 10 000-UE
run: all four SCTP associations died ..., \\`restartCount\\` stayed 0, the pod stayed \\`Ready\\`,
...`).

A restart count (`restartCount`, `RESTARTS`, `the restart count`, `its restart count`) told as
staying or remaining 0 (`stayed 0`, `remained 0`, `stayed at 0`, `stayed at zero`) in a past
first-person observation of the case (`We watched that happen ...`, `we saw`, `I observed`
before it in its sentence) is crashcatch55's stated no-restart of the case's pod
(stated_no_restart.py): no restart, so no end the kubelet made and no probe's kill (R4.1).
Unread: a guide's present (`restartCount stays 0 when ...`), a conditional, a question, a modal
or an expectation (`should stay 0`, `would have stayed 0`), a negation (`we never saw`, `did
not stay 0`, `not` between the seeing and the count), a sentence with no first person's seeing,
and another pod's or no pod's count (`another pod's restartCount`, `a restart count`).

The author may break the sentence over lines of one paragraph (omec-amf-814's `We watched` on
the line before its count): the line is read with the lines before it the sentence runs on
from (ongoing_kill.py's `wrapped`). Every part bounded: one pass on a long line.
"""

from __future__ import annotations

from itertools import islice
from typing import NamedTuple

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.ongoing_kill import wrapped
from kubesim.explain.readers.prose_page import ProsePage

__all__ = ["Stayed", "stayed_zero"]

_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
# the count, the case's (`the`, `its`, `our`, `my`, maybe `pod's` or `container's` after it, or
# none), staying or remaining at none; no possessive right before a count with no determiner
# (`another pod's restartCount`: that pod's)
_STAYED = lazy_regex(
    r"(?<![\w'\u2019-])(?<!['\u2019]s[ \t])(?:(?i:the|its|our|my)[ \t]+(?:(?i:pod|container)"
    r"['\u2019]s[ \t]+)?)?" + _MARK + r"(?:(?i:restartcount)|RESTARTS|(?i:restart)[ \t]+"
    r"(?i:count))" + _MARK + r"[ \t]+(?i:stayed|remained)(?:[ \t]+(?i:at))?[ \t]+" + _MARK
    + r"(?:0|(?i:zero))" + _MARK + r"(?![\w'\u2019-]|[.,]\d)")
# a first person's past seeing, before the count in its sentence
_SEEN = lazy_regex(r"(?<![\w'\u2019-])(?i:we|i)[ \t]+(?i:watched|saw|observed|noticed|"
                   r"monitored)(?![\w'\u2019-])")
# a negation, a modal or an expectation between the seeing and the count: it states none
_UNTOLD = lazy_regex(r"(?<![\w'\u2019-])(?i:not|never|no[ \t]+longer|will|would|should|"
                     r"could|might|may|must|expected|expect|hoped|no)(?![\w'\u2019-])|"
                     r"(?i:n['\u2019]t)(?![\w'\u2019-])")
# a word right before the count that makes it no pod's or another's (`a restart count`)
_NOT_CASE = lazy_regex(r"(?<![\w'\u2019-])(?i:a|an|any|every|each|no|another|other|their|your|"
                       r"whose|which)[ \t]+$")


class Stayed(NamedTuple):
    """The line (1-based) where a count told as staying at none is, and the words told."""

    number: int
    said: str


def stayed_zero(page: ProsePage, skip: frozenset[int]) -> Stayed | None:
    """The first line of the page (none of `skip`'s: commands, lines under a heading of what
    the change does) on which the case's restart count is told as staying at none in a past
    first person's observation (`_told`); None without one."""
    anchored = (n for n, x in enumerate(page.lines, 1)
                if n not in skip and _anchored(x[:SENTENCE_REACH]))
    # (a page states its case in few sentences: `PLACES_WEIGHED` of them at most, one pass)
    for number in islice(anchored, PLACES_WEIGHED):
        text, start = wrapped(page.lines, number)
        said = _told(text[:start + SENTENCE_REACH], start)
        if said is not None:
            return Stayed(number, said)
    return None


def _anchored(line: str) -> bool:
    """The words a count staying at none holds, looked for before any pattern is."""
    low = line.lower()
    return "restart" in low and ("stayed" in low or "remained" in low)


def _told(text: str, start: int) -> str | None:
    """The words of a count staying at none on the line (from `start` of `text`, the line with
    the lines its sentence runs on from), told after a first person's past seeing in its
    sentence, none of a question, conditional, modal, expectation or negation; None else."""
    for m in _STAYED.finditer(text, start):
        begin = sentence_start(text, m.start())
        if _SEEN.search(text, begin, m.start()) is None or _UNTOLD.search(text, begin, m.start()) is not None or \
                _NOT_CASE.search(text, max(begin, m.start() - 20), m.start()) is not None:
            continue
        if states_what_happened(text, m.start(), m.end()):
            return m[0]
    return None
