"""The case's own liveness or startup probe stated in the past as the cause of its restarts
(held-out batch 146, deckhouse-1935's `## Why do we need it, and what problem does it solve?
1. Previous Dex liveness probes led to container restarts, which was a cause of pods lying in
the backoff loop status`).

The probe itself (or its failures) is the subject of a past verb of cause (`led to`,
`caused`, `resulted in`, `triggered`: subjects54's connectors of cause), the restarts (kills,
crash loops) of what runs its object: a probe restarts a container only by the kubelet's kill
after its failures (R4.4; the probe itself as the restart's cause, oomsaid54), and the past
tells what happened, as `the liveness probe killed the pod` does (stated_kill.py). So it is
that probe's failure and one kill of it, stated once, no count. The subject is the case's: a
determiner of the case's (`the`, `our`, `my`, `its`, `previous`, `old`) or a name before the
probe (`Dex liveness probes`); a bare `liveness probes`, `a`, `any`, `your`, `some` name no
case. The subject opens its sentence or clause (`opens_clause`: a list's mark or ordinal
before it at most): after a verb it is that verb's object, the past participle an adjective of
the restarts (compliance-backend-1089's `Hopefully it fixes the livenessProbe triggered
restarts`: a noun phrase of a hoped fix, no statement). A readiness probe restarts nothing (R3.4) and matches nothing. The present (`liveness
probes lead to restarts`, a guide's), a negation, a conditional, a question and a sentence of
what may happen are weighed by the caller (runs.py) and state none.
"""

from __future__ import annotations

from kubesim.explain.readers.being_killed import clause_start
from kubesim.explain.readers.happened import sentence_start
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["CAUSING_ANCHORS", "LED_TO_ANCHORS", "PROBE_FAILED_CAUSING", "PROBE_LED_TO", "clause_opened",
           "opens_clause"]

# a word of no case's before the probe: a guide's or another's
_NOT_CASE = (r"(?!(?i:a|an|any|some|your|such|other|another|every|each|no|many|most|all|these|"
             r"those|if|when|why|how)(?![\w'-]))")
# the subject (a determiner of the case's, then a name; at least one of them), the probe, its
# failures maybe, the past verb of cause, up to two words of what (never a negation's or a
# determiner of another's), then the restarts. Every part bounded, no nested repetition
PROBE_LED_TO = lazy_regex(
    r"(?<![\w'-])(?:(?P<det>(?i:the|our|my|its|their|previous|old|former|earlier))[ \t]+"
    r"(?:" + _NOT_CASE + r"(?P<name>[A-Za-z][\w.-]{0,40})[ \t]+)?|" + _NOT_CASE
    + r"(?P<name2>[A-Z][\w.-]{0,40})[ \t]+)"
    r"`?(?P<kind>(?i:liveness|startup))(?:[ \t]*-?[ \t]*(?i:probes?|checks?)|Probe)`?"
    r"(?:[ \t]+(?i:failures?))?[ \t]+(?P<verb>(?i:led[ \t]+to|caused|resulted[ \t]+in|"
    r"triggered))[ \t]+(?:" + _NOT_CASE + r"(?!(?i:not|never|fewer|less|zero)(?![\w'-]))"
    r"[\w.`-]{1,40}[ \t]+){0,2}?(?i:restarts|kills|crash[ \t-]?loops|CrashLoopBackOff)(?![\w-])")
LED_TO_ANCHORS = ("led to", "Led to", "resulted in", "triggered", "caused")
# (stop 59, fx59e; datainfrahq-druid-operator-97's `so the startupProbes failed always,
# causing the pods to die after a couple minutes repeatedly`) the case's probe failing in the
# past, then a participle or relative of cause (`causing`, `which caused`, `leading to`) of
# the case's own pods' or containers' end (`the pods to die`, `the container to restart`,
# `restarts of the pods`): the same kill as PROBE_LED_TO's (R4.4). The subject as its; a
# word or two of how often after `failed` (`always`, `repeatedly`); the object a determiner of
# the case's, at most one word, `pod(s)` or `container(s)` (no `a pod`, no pronoun), then
# `to` and an end (`die`, `restart`, `crash`, `be killed`); or the restarts, kills or crash
# loops themselves. Every part bounded, no nested repetition (one pass)
_HOW_OFTEN = (r"(?:[ \t]+(?i:always|repeatedly|constantly|continuously|consistently|again|"
              r"eventually|frequently|regularly)){0,2}")
_CASE_OBJECT = (r"(?i:the|our|my|its|their|these|those|both)[ \t]+(?:" + _NOT_CASE
                + r"[\w.-]{1,40}[ \t]+)?(?i:pods?|containers?)")
PROBE_FAILED_CAUSING = lazy_regex(
    r"(?<![\w'-])(?:(?P<det>(?i:the|our|my|its|their|previous|old|former|earlier))[ \t]+"
    r"(?:" + _NOT_CASE + r"(?P<name>[A-Za-z][\w.-]{0,40})[ \t]+)?|" + _NOT_CASE
    + r"(?P<name2>[A-Z][\w.-]{0,40})[ \t]+)"
    r"`?(?P<kind>(?i:liveness|startup))(?:[ \t]*-?[ \t]*(?i:probes?|checks?)|Probe)`?[ \t]+"
    r"(?i:failed|(?:kept|were|was)[ \t]+failing)" + _HOW_OFTEN + r"[ \t]*,?[ \t]+"
    r"(?P<verb>(?i:causing|(?:which|and)[ \t]+caused|leading[ \t]+to|(?:which|and)[ \t]+led"
    r"[ \t]+to|resulting[ \t]+in))[ \t]+(?:" + _CASE_OBJECT + r"[ \t]+(?i:to)[ \t]+(?:(?i:be|get)"
    r"[ \t]+(?i:killed|restarted|terminated)|(?i:die|restart|crash|crash-?loop))|(?:(?i:the|their"
    r"|its)[ \t]+)?(?:(?i:pod|container)[ \t]+)?(?i:restarts|kills|crash[ \t-]?loops|"
    r"CrashLoopBackOff))(?![\w-])")
CAUSING_ANCHORS = ("causing", "Causing", "caused", "leading to", "led to", "resulting in")
# what may stand before a subject opening its sentence or clause: blanks, a list's or a quote's
# mark, an ordinal (`1. `), a heading's mark
_OPENING = lazy_regex(r"[ \t>*_#+-]{0,8}(?:\d{1,3}[.)][ \t]+)?")


def opens_clause(line: str, at: int) -> bool:
    """Whether the subject at line[at] opens its sentence or clause (`_OPENING` alone before
    it): no verb before it whose object it would be."""
    start = clause_start(line, sentence_start(line, at), at)
    return _OPENING.fullmatch(line, start, at) is not None


# a clause's opening after a break inside its sentence: a comma, a semicolon or a colon, maybe
# a conjunction or an adverb of sequence (`, so the startupProbes failed`, `; then our
# liveness probe failed`)
_SEQUENCE = r"(?:(?i:so|then|thus|hence|and|but|eventually|finally)[ \t]+){0,2}"
_AFTER_BREAK = lazy_regex(r"[,;:][ \t]+" + _SEQUENCE)
_OPENER = lazy_regex(r"[ \t>*_#+-]{0,8}" + _SEQUENCE)


def clause_opened(line: str, at: int) -> int | None:
    """Where the clause whose subject is at line[at] starts, where the subject opens its
    sentence or clause (`opens_clause`, maybe after a conjunction: `So the ...`) or follows a
    break inside it (`_AFTER_BREAK`: `, so the startupProbes failed`): its words weigh the statement (a negation of a clause before
    is that clause's); None where the subject follows a verb (its object)."""
    start = sentence_start(line, at)
    clause = clause_start(line, start, at)
    if opens_clause(line, at) or _OPENER.fullmatch(line, clause, at):
        return clause
    breaks = [b for b in _AFTER_BREAK.finditer(line, max(start, at - 60), at) if b.end() == at]
    return breaks[0].start() if breaks else None
