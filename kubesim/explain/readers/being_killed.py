"""The author's own pod stated being killed in the progressive, earlier in the sentence of a
probe named as the agent of the kill in the present (fc57b, held-out batch 137,
prometheus-operator-319: `My prometheus pod is being killed ~3 seconds after startup (i.e. the
liveness probe timeout), the readiness probe never succeeds, and the liveness probe kills the
pod.`).

present_kill.py reads `the liveness probe kills the pod` as the case's only where the text
says it is the author's own (a heading of the case, `forever`, a past crash loop of the
case's pod): the present is a guide's tense elsewhere. A progressive of the author's own pod
or container (`my`, `our`) being killed or restarted (`is being killed`, `keeps getting
restarted`, `was being killed`) before it in the same sentence is such words: the author tells
what is happening to their pod, and the kill the sentence then names the probe of is that
kill (R4.4: the kubelet kills a running container for a probe only by liveness or startup).
A negation (`is not being killed`), a question (`why is my pod being killed?`), a
conditional or a sentence of what may happen (`if my pod is being killed`), another's pod
(`their pod`, `a pod`) tell none. A sentence's end here is `.`, `!` or `?` before a space,
except the abbreviations `i.e.` and `e.g.` (a parenthesis' aside inside the sentence).

A negation is weighed in the kill's own clause (`clause_start`: after `, and`, `, but`, `;`),
not in an earlier one with its own subject (`the readiness probe never succeeds, and the
liveness probe kills the pod`). A probe the kill's sentence states never to succeed before it
(`NEVER_SUCCEEDS`) is read as that probe's failure, at least once (`never_succeeding`).
"""

from __future__ import annotations

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["BEING_KILLED", "NEVER_SUCCEEDS", "being_killed", "clause_start", "never_succeeding"]

# `my`/`our`, at most one word (the app's name), `pod` or `container`, a progressive of a kill
# or restart. Every part bounded, no nested repetition (one pass on a long line)
BEING_KILLED = lazy_regex(
    r"(?<![\w'\u2019-])(?i:my|our)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pod|container)s?[ \t]+"
    r"(?i:is|are|was|were|keeps|kept)[ \t]+(?i:being|getting)[ \t]+(?i:killed|restarted)"
    r"(?![\w'\u2019-])")
# an independent clause's start: `, and `, `, but `, `; ` (the clause before it has its own
# subject and verb: `the readiness probe never succeeds, and the liveness probe kills the pod`)
_CLAUSE = lazy_regex(r",[ \t]+(?i:and|but)[ \t]+|;[ \t]+")
# a probe of the case's stated never to succeed (`the readiness probe never succeeds`): every
# result the prober wrote is no success (R1.21: Success, Failure or Unknown, an error's), read
# as its failure, at least once, no count (the collector's doubt: errors alone would count none)
NEVER_SUCCEEDS = lazy_regex(
    r"(?<![\w'\u2019-])(?i:the|its|my|our)[ \t]+(?P<kind>(?i:liveness|readiness|startup))[ \t]+"
    r"(?i:probes?|checks?)[ \t]+(?i:never)[ \t]+(?i:succeeds|succeeded|passes|passed)(?![\w-])")
_END = lazy_regex(r"[.!?](?=\s)")
_ABBREVIATIONS = ("i.e.", "e.g.")
# how far before the kill the sentence's progressive is looked for
_REACH = 400


def being_killed(line: str, at: int) -> bool:
    """Whether the sentence holding line[at] (a probe's kill in the present) states, before
    `at`, the author's own pod or container being killed or restarted (`BEING_KILLED`), as
    what happened (no question, conditional or sentence of what may happen around it)."""
    start = _sentence_start(line, at)
    m = BEING_KILLED.search(line, start, at)
    return m is not None and states_what_happened(line, m.start(), m.end())


def _sentence_start(line: str, at: int) -> int:
    """Where the sentence holding line[at] starts, within `_REACH` before it: after the last
    `.`, `!` or `?` before a space that closes no abbreviation (`i.e.`, `e.g.`)."""
    start = max(0, at - _REACH)
    ends = [m.end() for m in _END.finditer(line, start, at)
            if line[max(0, m.end() - 4):m.end()].lower() not in _ABBREVIATIONS]
    return ends[-1] if ends else start


def clause_start(line: str, start: int, at: int) -> int:
    """Where the clause holding line[at] starts in its sentence (`start`, the sentence's):
    after the last `, and `, `, but ` or `; ` before `at` within `_REACH`, else `start`. A
    negation before it is the clause before's (`the readiness probe never succeeds, and the
    liveness probe kills the pod`: no negation of the kill)."""
    ends = [m.end() for m in _CLAUSE.finditer(line, max(start, at - _REACH), at)]
    return ends[-1] if ends else start


def never_succeeding(line: str, at: int, end: int) -> list[str]:
    """The kubelet's failure lines (`Readiness probe failed`) of each probe the sentence of the
    case's present kill at line[at:end] states never to succeed (`NEVER_SUCCEEDS`), before the
    kill in it: a probe whose calls never succeed failed (R1.21), at least once, no count; a
    probe's kind once. A negation or a question weighs the sentence as its kill's caller does."""
    start = _sentence_start(line, at)
    kinds = dict.fromkeys(m["kind"].capitalize() for m in NEVER_SUCCEEDS.finditer(line, start, at))
    return [f"{kind} probe failed" for kind in kinds]
