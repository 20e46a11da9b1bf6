"""A negation that affirms a later event: `not ... until X` (held-out batch 132,
cluster-ingress-operator-534's `I don't see a restart until way way later`; fix57b).

The corpus README's prose rules read a negated end as stating none (crashcatch55: `is not
restarting` is no restart). `until` (`till`, `'til`; `before ... finally`) after the negated
event turns the negation around: `the pod didn't restart until 7m later`, `was not killed until
the third failure`, `no restarts until ...` state that the event happened, at X. The statement
is then read as its affirmative is (`the pod restarted 7m later`): an end of the case's pod
where a rule reads that (stated_end.py), and never as the case's pod not restarted
(stated_no_restart.py, R4.1's restart count none).

Only the author's telling of what happened turns so: a negation in the past (`did not`,
`didn't`, `was not`, `wasn't`, `were not`, `weren't`, `had not`, `hadn't`, `never`), `no`
before the event's noun, or the author's own seeing in the present (`I don't see`, `we do not
notice`). A guide's general present (`the kubelet does not restart a container until the
threshold is reached`), a perfect of now (`has not restarted until now`: still none), `until
now`, a question, a conditional and any other negation in the clause (`I don't think`) stay
negations; a negation with no `until` after its event (`it never restarted`) is one.
"""

from __future__ import annotations

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["affirmed_until"]

# a negation of the author's telling: the past, `no` before a noun, the author's own seeing
_TOLD_NOT = lazy_regex(
    r"(?<![\w'-])(?:(?i:did|was|were|had)[ \t]+(?i:not)|(?i:didn|wasn|weren|hadn)['\u2019](?i:t)"
    r"|(?i:never|no)|(?:I|[Ww]e)[ \t]+(?:(?i:do|did)[ \t]+(?i:not)|(?i:don|didn)['\u2019](?i:t))"
    r"[ \t]+(?i:see|notice|observe|get))(?![\w'-])")
# `until X` (X no `now`: `had not restarted until now` is still none) or `before ... finally`,
# up to six words after the event, in its clause
_WORD = r"[ \t]+[^\s.,;:!?]{1,40}"
_UNTIL = lazy_regex(
    r"(?:" + _WORD + r"){0,6}?[ \t]+(?:(?i:until|till|'til)(?![\w'-])"
    r"(?![ \t]+(?i:now|yet|date|present)(?![\w'-]))"
    r"|(?i:before)(?:" + _WORD + r"){1,8}?[ \t]+(?i:finally)(?![\w'-]))")


def affirmed_until(line: str, start: int, end: int) -> bool:
    """Whether the negated event in line[start:end] (its clause from `start`, the event's words
    ending at `end`) is affirmed by `until` after it (`_UNTIL`): every negation in the span one
    of the author's telling (`_TOLD_NOT`), at least one there, in a sentence of what happened
    (no question, conditional or word of what may happen)."""
    if _UNTIL.match(line, end) is None:
        return False
    told = [(m.start(), m.end()) for m in _TOLD_NOT.finditer(line, start, end)]
    negations = list(NEGATED.finditer(line, start, end))
    return bool(told) and bool(negations) and \
        all(any(a <= n.start() and n.end() <= b for a, b in told) for n in negations) and \
        states_what_happened(line, start, end)
