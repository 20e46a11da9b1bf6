"""Probes' failures of the case's own pods told in more forms of an author's prose
(fixfail77; the corpus README's prose rules of fixprose45 and fixmd49: a probe's failure the
case's own pod or container shows or has is that probe's failure, at least once, no count).

- The case's pods restarting `with` their probes failing (trino-24219: `I am seeing trino
  worker pods restarting with liveness and readiness probe failing everyday`): `with` names
  what the restarting pods have, the failures; it states no cause (the README reads an end's
  reason after `with` for OOMKilled only, and a probe's kill by the connectors of cause:
  because, due to, based on, caused by, as a result), so the restarts are joined to the
  failures as `and` joins them: the container ended, at least once, what ended it not stated,
  and each named probe failed, at least once (`RESTARTING_WITH`). The subject is the case's own
  (probe_restart.CASE_SUBJECT: `the pods`, `our api pods`, a pod's name), the case's pods named
  by their workload (stated_cause.WORKLOAD_SUBJECT: a capitalised name and a plural noun of what
  runs, `Superset Workers`), or, after the author's own seeing (`I am seeing`, `we saw`), a
  lower-case name of one or two words and the plural noun (`trino worker pods`): the author
  tells what their own system does; a quantifier or a word of no workload before the noun
  (`some pods`, `multiple pods`, `kubernetes pods`) names no case.
- What the author's look at the case's pod says (mailu-2022: `Checking pod status says
  Readiness and Liveness probes have failed.`): the author's gerund of their own looking
  (`Checking`, `Describing`, `Inspecting`, `Looking at`) opens the sentence, and its object is
  the pod's describe, events, status or logs, the article English drops in such a telling
  (`pod status`) or a determiner of the case's (`the pod's events`): the pod the author looked
  at is the case's, as the author's `when I get into the pod's describe, it says ...` is
  (coder-5577, said_failing.py); what it says of a probe or a conjunction of them having failed
  (`have failed`, `failed`, `are failing`) is each named probe's failure, at least once
  (`LOOKED_SAYS`).

Widened at fc55r (held-out batch 127, bytestash-217: `However, the pod continuously restarts,
as the readiness probe is not satisfied.`): the case's pods restarting (an adverb of how often
before the verb: `continuously restarts`) with the readiness probe's failure given as the
cause (`as`, `because`, `since`, `due to`; the failure told as `failing`, `failed`, `fails` or
as the probe `not satisfied`, `not passing`, `not succeeding`, `not met`): the author's cause
is kept as the probe that failed, but readiness kills nothing (R3.4), so the restarts are
joined to it as `with` joins them: the container ended, what ended it not stated, no kill
(`RESTARTING_AS`). Readiness only: a liveness or startup failure so given is the kill rule of
stated_cause.py (README, fixprose38), no form of this one. The failure's own `not` is no
negation of the sentence; one before the restart (`the pod does not restart as ...`) is.

Written at fx60c (stop 60, va-gov-team-37625: `The liveliness and readiness probe failures
were causing puma to not start and the pod to fail`): the case's probes' failures (`the`,
`our`, `my`, `its`; one kind or a conjunction, then `probe failures`) as the subject of a past
verb of cause (`were causing`, `caused`, `led to`, `resulted in`): what they caused happened,
so they did, each named probe at least once, no count, no kill (`FAILURES_CAUSED`); an effect
naming a restart, kill or crash is the kill rules' (stated_cause.CAUSING_RESTART), none of it.

A disjunction (`readiness or liveness`: which one, not told), a negation, a question, a
conditional, a word of what may happen and a `when` not the author's own (`when the node is
loaded`: a guide's time) state none. Every part bounded, each place looked around once: one
pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.hedges import HEDGES, PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import LazyPattern, lazy_regex
from kubesim.explain.readers.probe_restart import CASE_SUBJECT
from kubesim.explain.readers.stated_cause import NEGATED, WORKLOAD_SUBJECT

__all__ = ["FAILURES_CAUSED", "LOOKED_SAYS", "RESTARTING_AS", "RESTARTING_WITH", "FailingTold", "failing_told", "failing_told_hint"]

_KIND = r"(?i:liveness|readiness|startup)"
# one probe's kind, or a conjunction of two or three (never `or`)
_KINDS = (r"(?P<kinds>" + _KIND + r"(?:(?:[ \t]*[,/&][ \t]*|,?[ \t]+(?i:and)[ \t]+)" + _KIND
          + r"){0,2})")
_PROBES = r"(?:[ \t]*(?i:probes?|checks?))?"
# a plural noun of what runs
_RUNS = r"(?i:pods|workers|replicas|containers|instances)"
# a lower-case word that names no workload: a quantifier, a determiner, a word of Kubernetes'
# own or of a pod's state (`some pods`, `multiple pods`, `kubernetes pods`, `running pods`)
_NO_NAME = (r"(?!(?i:a|an|some|many|most|all|other|such|any|no|each|every|these|those|the|our|"
            r"my|their|its|this|that|your|several|multiple|few|random|different|various|new|"
            r"old|more|both|two|three|four|five|lots|of|kubernetes|k8s|pods?|containers?|"
            r"running|restarting|failing|unhealthy|healthy|ready|unready)(?![\w-]))")
_LOWER_NAME = _NO_NAME + r"[a-z][\w.-]{1,62}"
# the author's own seeing, then the case's pods named by a lower-case name and a plural noun
_SEEN_PODS = (r"(?<![A-Za-z])(?:I|[Ww]e)(?:['\u2019](?i:m|re)|[ \t]+(?i:am|are|was|were|have"
              r"[ \t]+been|had[ \t]+been))?[ \t]+(?i:seeing|see|saw|observing|observe|observed|"
              r"noticing|noticed|notice|getting|experiencing)[ \t]+(?P<seen>" + _LOWER_NAME
              + r"(?:[ \t]+" + _LOWER_NAME + r")?[ \t]+" + _RUNS + r")(?![\w-])")
# the restarting: `restarting`, `restart`, `keep restarting`, `are getting restarted`
_RESTARTING = (r"[ \t]+(?:(?i:continuously|constantly|continually|repeatedly|frequently|still)[ \t]+)?"
               r"(?:(?i:are|were|is|was|keep|keeps|kept|have[ \t]+been|has[ \t]+been)"
               r"[ \t]+)?(?:(?i:get|gets|got|getting)[ \t]+)?(?i:restart(?:s|ed|ing)?)")
# up to three words of how often between (`restarting frequently with`), none a negation, a
# connector or a cause's word (`restarting but not with`, `because`)
_OFTEN = (r"(?:[ \t]+(?!(?i:not|never|but|and|or|because|due|if|when|without)(?![\w'-]))"
          r"[\w'-]{1,20}){0,3}?")
RESTARTING_WITH = lazy_regex(
    r"(?:(?P<subject>" + CASE_SUBJECT.pattern + r"|" + WORKLOAD_SUBJECT.pattern + r")|"
    + _SEEN_PODS + r")" + _RESTARTING + _OFTEN + r"[ \t]+(?i:with)[ \t]+"
    r"(?:(?i:the|their|its|both)[ \t]+)?(?:" + _KINDS + _PROBES
    + r"[ \t]+(?i:failing|failures?|failed)|(?i:failing|failed)[ \t]+"
    + _KINDS.replace("kinds", "kinds2") + _PROBES + r")(?![A-Za-z])",
    # the gates (lazy.py): the restarting (`_RESTARTING` ends in it) and its `with`, `tart`
    # of the restarting looked for first (`s` is no word's letter)
    gates=(r"(?i:restart)", r"(?i:with)"), words=("tart",))
# the case's pods restarting with the readiness probe's failure given as the cause (fc55r):
# readiness only (R3.4: it kills nothing; a liveness or startup cause is stated_cause.py's kill)
RESTARTING_AS = lazy_regex(
    r"(?P<subject>" + CASE_SUBJECT.pattern + r")" + _RESTARTING + r"[ \t]*,?[ \t]+(?:(?i:as|because|"
    r"since|due[ \t]+to)[ \t]+)(?:(?i:the|its|their)[ \t]+)?(?P<kinds4>(?i:readiness))[ \t]*"
    r"(?i:probes?|checks?)[ \t]+(?:(?i:is|are|was|were|keeps?|kept)[ \t]+)?(?:(?i:failing|failed|"
    r"fails|fail)|(?P<unmet>(?i:not|never)[ \t]+(?i:satisfied|passing|succeeding|met|successful)))"
    r"(?![\w-])")
# the author's gerund of their own looking, opening the sentence, its object the case's pod's
# describe, events, status or logs (a determiner of the case's, or none: `pod status`), or the
# pod itself after `describing` (describe's own look)
_OPENS = r"(?:^|(?<=[.!?:][ \t])|(?<=[.!?:][ \t]{2})|(?<=\n))[ \t>*_-]{0,8}"
_POD = (r"(?:(?i:the|its|my|our|this)[ \t]+)?(?:" + _NO_NAME + r"[\w.-]{1,63}[ \t]+)?"
        r"(?i:pod|container)")
_SHOWN_IN = r"(?:['\u2019]s)?[ \t]+(?i:describe|description|events?|status|logs?)"
_LOOKING = (_OPENS + r"(?:(?i:describing)[ \t]+" + _POD + r"(?:" + _SHOWN_IN + r")?|"
            r"(?i:checking|inspecting|looking[ \t]+at|viewing|reading)[ \t]+" + _POD
            + _SHOWN_IN + r")")
_SAYS = (r"[ \t]*,?[ \t]+(?:(?i:it)[ \t]+)?(?i:says|said|shows|showed|reports|reported|tells|"
         r"told|lists|listed)[ \t]+(?:(?i:that)[ \t]+)?(?:(?i:the|its|both|the[ \t]+two)[ \t]+)"
         r"{0,2}")
_HAVE_FAILED = (r"[ \t]+(?:(?i:have|has|had)[ \t]+(?:(?i:both|all)[ \t]+)?(?i:failed)|"
                r"(?i:failed|fail|fails)|(?i:is|are|was|were)[ \t]+(?i:failing))")
LOOKED_SAYS = lazy_regex(_LOOKING + _SAYS
                         + _KINDS.replace("kinds", "kinds3") + r"[ \t]*(?i:probes?)"
                         + _HAVE_FAILED + r"(?![A-Za-z])",
                         # the gate (lazy.py): the last kind, then `probe` (the
                         # hyphen allowed: said_failing's gate, one scan for all)
                         gates=(_KIND + r"(?:[ \t]*|-)(?i:probe)",), words=("probe",))
_KIND_WORD = lazy_regex(_KIND)
# (fx60c, va-gov-team-37625: `The liveliness and readiness probe failures were causing puma to
# not start and the pod to fail`) the case's probes' failures (a determiner of the case's, one
# kind or a conjunction, `probe failures`) the subject of a past verb of cause: what they caused
# happened, so they did, each at least once (a probe's failure the case's pod has, fixprose45).
# Its effect states no kill: one naming a restart, kill, crash, termination or eviction in the
# sentence is left to the kill rules (fixprose47's `caused Kubernetes to restart`; R4.4), and
# `failures` of no determiner, the present (`cause`: a guide's), a modal (`can cause`) and a
# negation of the verb (`were not causing`) match none (fx60c)
_CAUSED = (r"(?i:(?:were|was|kept)[ \t]+causing|(?:had|have|has)[ \t]+(?:been[ \t]+causing|caused)"
           r"|caused|(?:were|was)[ \t]+leading[ \t]+to|led[ \t]+to|resulted[ \t]+in)")
_NO_END_AFTER = (r"(?![^.!?\n]{0,200}?(?i:restart|kill|crash|terminat|evict|oom|back-?off))")
FAILURES_CAUSED = lazy_regex(
    r"(?<![\w-])(?i:the|our|my|its)[ \t]+" + _KINDS.replace("kinds", "kinds5")
    + r"[ \t]*(?i:probe|check)[ \t]+(?i:failures)[ \t]+" + _CAUSED + r"(?![A-Za-z])"
    + _NO_END_AFTER)
# a sentence's start and end
_SENTENCE_START = lazy_regex(r"[.!?](?=\s)|\n")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)|\n")
# what may, would or will happen, a guide's; `when` not the author's own (`when I ...`)
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|will)(?![A-Za-z])")
# a subject, or a word right before it, of no case: a guide's `your`, a quantifier, a question's
# word (`Your pods`, `many Trino workers`, `What Pods`)
_NOT_CASE = (r"(?i:your|a|an|what|which|many|some|most|all|any|no|every|each|few|several|"
             r"multiple|other|such|these|those|kubernetes|k8s)(?![\w-])")
_NOT_CASE_FIRST = lazy_regex(_NOT_CASE)
_NOT_CASE_BEFORE = lazy_regex(r"(?<![\w-])" + _NOT_CASE + r"[ \t]+$")
_WHEN = lazy_regex(r"(?<![A-Za-z])(?i:when)(?![A-Za-z])(?![ \t]+(?:I|[Ww]e)(?![A-Za-z]))")
# the author's own seeing is no guide's `can` (`I can see ...`)
_CAN_SEE = lazy_regex(r"(?<![A-Za-z])(?:I|[Ww]e)[ \t]+(?i:can|could)[ \t]+(?i:see|observe)"
                      r"(?![A-Za-z])")


class Reach(NamedTuple):
    """How far before and after its anchor word a form's sentence is looked for."""
    before: int
    after: int


class FailingTold(NamedTuple):
    """The probes the sentence states failing, in the order it names them, whether it states
    the case's restarts beside them (no cause), and its words."""

    kinds: list[str]
    restarts: bool
    said: str


def failing_told_hint(text: str) -> bool:
    """Whether the text may hold one of these statements (each word looked for once)."""
    low = text.lower()
    return "probe" in low and ("fail" in low and (" with " in low or "checking" in low or any(
        w in low for w in ("describing", "inspecting", "looking at", "viewing", "reading"))) or
        "readiness" in low and "restart" in low) or "failures" in low and any(
        w in low for w in ("causing", "caused", "led to", "leading to", "resulted in"))


def failing_told(line: str) -> FailingTold | None:
    """The probes' failures the line's sentence states of the case's own pods in one of the
    forms (`RESTARTING_WITH`, `LOOKED_SAYS`, `RESTARTING_AS`, `FAILURES_CAUSED`); None without
    one, or in a sentence that negates, asks or says what may happen."""
    for anchor, pattern, reach in (("with", RESTARTING_WITH, Reach(400, 160)),
                                   ("robe", LOOKED_SAYS, Reach(300, 60)),
                                   ("eadiness", RESTARTING_AS, Reach(300, 60)),
                                   ("ailures", FAILURES_CAUSED, Reach(120, 260))):
        m = _around(pattern, line, anchor, reach)
        if m is not None:
            kinds = next((v for k in ("kinds", "kinds2", "kinds3", "kinds4", "kinds5")
                          if (v := m.groupdict().get(k))), "")
            return FailingTold(list(dict.fromkeys(k.lower() for k in _KIND_WORD.findall(kinds))),
                               pattern in (RESTARTING_WITH, RESTARTING_AS), m[0])
    return None


def _around(pattern: LazyPattern, line: str, anchor: str,
            reach: Reach) -> re.Match[str] | None:
    """`pattern`'s first match around a place of `anchor` (any case) whose sentence states it
    (`_unstated`); at most `PLACES_WEIGHED` places looked around."""
    low = line.lower()
    at, left = low.find(anchor), PLACES_WEIGHED
    while at >= 0 and left:
        left -= 1
        m = pattern.search(line, max(0, at - reach.before), at + reach.after)
        if m is not None and not _unstated(line, m):
            return m
        at = low.find(anchor, at + 1)
    return None


def _unstated(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence holding the match states nothing of the case: a subject of no case
    (`_NOT_CASE`), a negation before the match's end, a word of what may happen or a `when`
    not the author's, or a question."""
    starts = [s.end() for s in _SENTENCE_START.finditer(line, max(0, m.start() - SENTENCE_REACH),
                                                       m.start())]
    start = starts[-1] if starts else max(0, m.start() - SENTENCE_REACH)
    stop = _SENTENCE_END.search(line, m.end(), m.end() + SENTENCE_REACH)
    end = stop.start() if stop is not None else min(len(line), m.end() + SENTENCE_REACH)
    asked = stop is not None and line[stop.start()] == "?"
    told = _CAN_SEE.sub(lambda x: " " * len(x[0]), line[start:end])
    subject = m.groupdict().get("subject")
    other = subject is not None and (_NOT_CASE_FIRST.match(subject) is not None or
                                     _NOT_CASE_BEFORE.search(line, max(0, m.start() - 24),
                                                             m.start()) is not None)
    # (the failure's own `not`, `not satisfied`, is no negation of the sentence: fc55r)
    unmet = m.groupdict().get("unmet")
    told_to = m.start("unmet") if unmet else m.end()
    return asked or other or NEGATED.search(line, start, told_to) is not None or \
        _UNSAID.search(told) is not None or _WHEN.search(told) is not None
