"""A count of a probe's kills stated in a note of the case (held-out batch 123, fc55p:
sefaria-project-3661's `Since the 2026-08-23 deploy: **17–20 liveness-probe kills per pod**
(vs 1–2 before), **zero OOMKills**.`).

A number (or a range of two, `17–20`, `~20`, `20+`) right before the kills of a probe that
kills (`liveness-probe kills`, `startup probe kills`, `liveness kills`), the noun opening its
clause as a note's statement with no verb (after the line's or the sentence's start, a colon, a
dash or a bracket; a bullet's or markdown's marks between), or the object of the author's
verb of seeing or having (`we saw 3 liveness kills`, `I've had 12 liveness-probe kills`), states
that probe's kills as what happened: that probe's failure and at least one kill of it (R4.4:
the kubelet kills a running container for a probe only by liveness or startup), stated once.
The count is the author's, not the kubelet's record of the case's container (a count per pod,
over several pods, since a date): it bounds nothing (the README's first-person count rule), so
`{1, null}`.

A count of none (`0 liveness kills`; `zero`, a word, is no count here), the readiness probe (it
kills nothing, R3.4), both probes that kill (`liveness/startup kills`: which one, not told), the
noun inside a clause (`to avoid 3 liveness kills`, `the pod had 17 liveness kills`: its
subject another rule's), and, weighed by the caller, a negation, a question, a conditional
and a sentence of what may happen state none. Looked for around `kills` only, at most
`PLACES_WEIGHED` places, each bounded: one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import PLACES_WEIGHED
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["KILLS_COUNTED", "KILLS_COUNTED_ANCHORS", "counted_kills"]

KILLS_COUNTED_ANCHORS = ("kills", "Kills", "KILLS")
KILLS_COUNTED = lazy_regex(
    r"(?<![\w.,-])(?P<count>[~\u2248]?(?P<low>\d{1,6})(?:[ \t]*(?:[\u2013\u2014-]|to)[ \t]*"
    r"(?P<high>\d{1,6}))?\+?)[ \t]+(?P<kind>(?i:liveness|startup|readiness))(?:[ \t]*-?[ \t]*"
    r"(?i:probe))?[ \t]*-?[ \t]*(?i:kills)(?![\w-])")
# where the noun's clause starts: a stop, a colon, a semicolon, a dash or a bracket
_CLAUSE_MARK = lazy_regex(r"[.!?](?=\s)|[:;(\[\u2014\u2013]|[\u3002\uff1a\uff1b]")
# the author's verb of seeing or having right before the count (`we saw`, `I've had`, `we're
# seeing`), whatever opens the clause before the author (`Over the weekend we saw`)
_SEEN = lazy_regex(
    r"(?:I|[Ww]e)(?:['\u2019](?:ve|re|d))?[ \t]+(?:(?i:have|had|are|were|also|still|now)[ \t]+){0,2}"
    r"(?i:saw|seen|seeing|see|had|got|observed|recorded|counted|measured|logged)"
    r"(?:[ \t]+(?i:about|around|roughly|over|some))?\Z")
_MARKS = " \t*_>#`-"


def counted_kills(line: str) -> re.Match[str] | None:
    """The first count of a probe's kills on the line stated as a note's or the author's seen
    statement (module docstring): that probe killing and the count more than none; None
    without one."""
    at, left = _next(line, 0), PLACES_WEIGHED
    while at >= 0 and left > 0:
        left -= 1
        m = KILLS_COUNTED.search(line, max(0, at - 80), at + 6)
        if m is not None and m.end() == at + 5 and _counted(m) and _opens(line, m.start()):
            return m
        at = _next(line, at + 1)
    return None


def _next(line: str, start: int) -> int:
    """Where the next `kills` of the line from `start` is (any of its spellings); -1 without."""
    places = [p for p in (line.find(w, start) for w in KILLS_COUNTED_ANCHORS) if p >= 0]
    return min(places) if places else -1


def _counted(m: re.Match[str]) -> bool:
    """Whether the count is of a probe that kills and more than none (R3.4: readiness kills
    nothing)."""
    most = max(int(m["low"]), int(m["high"] or 0))
    return most > 0 and m["kind"].lower() != "readiness"


def _opens(line: str, start: int) -> bool:
    """Whether the count at line[start] opens its clause (markdown's marks before it), or
    follows the author's verb of seeing or having right before it."""
    marks = [x.end() for x in _CLAUSE_MARK.finditer(line, max(0, start - 200), start)]
    before = line[marks[-1] if marks else max(0, start - 200):start].strip(_MARKS)
    return not before or _SEEN.search(before) is not None
