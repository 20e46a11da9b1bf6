"""The case's own pod or container stated in English prose to restart, no cause given: the
statement's words (`case_restart`), apart from the page's reader that makes a record of them
(stated_restart.py), so that the passes every record runs read them without loading a page's
readers (restarts_beside.py, fixprose52d: the sentence beside a describe cut before its
containers' states). The rule and what stays unread: stated_restart.py's docstring.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED
from kubesim.explain.readers.lazy import LazyPattern, lazy_regex
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["CASE_POD", "CASE_RESTART", "NOTE_RESTART", "OBJECT_AFTER", "case_restart", "cause_after",
           "negated_before", "note_restart"]

_MARK = r"(?:\*\*|[`'\"])?"
_WORD = _MARK + r"[\w.-]{1,63}" + _MARK
# a determiner of the case's, up to two words, the pod's or container's noun (several: the
# case's pods), then its app after `of` or `for`, or a relative clause (up to eight words)
_OF_ONE = r"(?:[ \t]+(?i:of|for)[ \t]+" + _WORD + r"(?![\w-]))?"
# (the case's pod named by its owner after `of`, a determiner of the case's before it: `the
# source-controller pod of my gotk deployment`; the perceived restart's subject, fixprose52d)
_OF_OWNER = (r"(?:[ \t]+(?i:of|for|in)[ \t]+(?:(?i:my|our|the|this)[ \t]+)?(?:" + _WORD
             + r"[ \t]+){0,2}?" + _WORD + r"(?![\w-]))?")


def _subject(of: str) -> str:
    """The subject (`_SUBJECT`) with `of`, the words naming the pod's app or owner after it."""
    return (r"(?<![\w'-])(?P<det>(?i:my|our|the|this|these))[ \t]+(?P<named>(?:" + _WORD
            + r"[ \t]+){0,2}?)(?P<noun>(?i:pods?|containers?))(?![\w-])" + of
            + r"(?P<rel>[ \t]+(?i:that|which|who)[ \t]+(?:[^\s.,;:!?]{1,40}[ \t]+){0,7}?"
            r"[^\s.,;:!?]{1,40})?")


_SUBJECT = _subject(_OF_ONE)
_OFTEN = (r"(?:(?i:continually|constantly|continuously|repeatedly|always|still|frequently|"
          r"periodically|randomly|also|now|just|again)[ \t]+)?")
# a determiner opening a noun phrase right after a present verb: its object (`every`, `each`
# open a time's phrase, `restarts every hour`: not among them)
OBJECT_AFTER = r"(?i:the|an?|its|their|our|my|this|these|those|his|her)(?![\w-])"
# the verb: progressive, past or perfect (what happened), or the simple present (`present`)
_VERB = (
    r"[ \t]+(?:(?:(?i:is|are|was|were|has[ \t]+been|have[ \t]+been|"
    r"had[ \t]+been|started|starts|began|begins)[ \t]+" + _OFTEN + r"(?i:restarting)"
    # (`keep on restarting`, the same continuing: failprose54, prometheus-10631)
    r"|(?i:keeps|keep|kept)[ \t]+(?:(?i:on)[ \t]+)?" + _OFTEN + r"(?i:restarting)"
    r"|(?i:keeps|keep|kept|is|are|was|were)[ \t]+(?i:getting|being)[ \t]+(?i:restarted)"
    r"|" + _OFTEN + r"(?i:restarted))"
    r"|" + _OFTEN + r"(?P<present>(?i:restarts))"
    # (`restarts` a noun: `the pod restarts are ...`, `the pod restarts count`; or a verb with
    # an object, a noun phrase right after it: its subject restarting something, a restart
    # made as `was restarted` is, or `restarts` the object noun of a clause running on
    # unpunctuated, `the WAL survives container restarts the resulting crash-loop is ...`:
    # stop 58, fc58c, apl-core-3600)
    r"(?![ \t]+(?i:are|were|is|was|count|counts|counter|have|had)(?![\w-]))"
    r"(?![ \t]+" + OBJECT_AFTER + r"))(?![\w-])")
CASE_RESTART = lazy_regex(_SUBJECT + _VERB)
# the author's own perception of the case's pod restarting, the perceived action's `-ing`
# right after its subject (`I have noticed that the source-controller pod of my gotk
# deployment restarting a huge number of times`, fluxcd-source-controller-192; `we saw the pod
# restarting`): a restart of the case's pod stated, as `was restarting` is (fixprose52d)
_SEEN_RESTART = lazy_regex(
    r"(?<![\w'-])(?:I|[Ww]e)(?:[ \t]+(?i:have|had)|['\u2019](?i:ve|d))?[ \t]+"
    r"(?:(?i:just|now|also|already)[ \t]+)?(?i:noticed|notice|saw|seen|see|observed|observe|"
    r"watched|watch)[ \t]+(?:(?i:that)[ \t]+)?" + _subject(_OF_OWNER) + r"[ \t]+" + _OFTEN
    + r"(?i:restarting)(?P<present>(?!))?(?![\w-])")
# the pronoun after `but` or `and` in a sentence opening with the author having their own app
# installed, deployed or running (`I have prometheus server installed for metrics but it keep
# on restarting`, prometheus-10631; failprose54): its antecedent is the author's app, the
# case's own, as stated_case.ANTECEDENT's sentence before a pronoun opening its own; an object
# of no case's (`a`, `any`, `your`) names none
_NO_CASE_WORD = r"(?!(?i:a|an|any|some|another|other|every|each|no|your)(?![\w'-]))"
_INSTALLED_IT = lazy_regex(
    r"(?<![\w'-])(?:I|[Ww]e)(?:[ \t]+(?i:have|had)|['\u2019](?i:ve|d))?[ \t]+(?:" + _NO_CASE_WORD
    + r"[\w.-]{1,63}[ \t]+){0,3}?(?i:installed|deployed|set[ \t]+up|rolled[ \t]+out|running)"
    r"(?:[ \t]+" + _NO_CASE_WORD + r"[\w.-]{1,40}){0,8}?[ \t]*,?[ \t]+(?i:but|and)[ \t]+"
    r"(?P<det>(?P<noun>(?i:it|they)))(?P<named>)(?P<rel>(?!))?" + _VERB)
# the case's pod named as an issue's note names it, its article dropped: a capitalised name of
# one to three words opening its sentence, maybe its version, then `pod` or `container`
# (`Nginx Ingress Operator v0.3.0 pod keep on restarting with OOMKILL`, nginx-ingress-operator-
# 139; fc58d): whose pod it is the caller asks (restarts_beside.py: the words, joined by dashes,
# name the record's one pod, README fixprose43)
NOTE_RESTART = lazy_regex(
    r"(?:^|(?<=[.!?][ \t]))[ \t>*_-]{0,8}(?P<det>)(?P<named>[A-Z][A-Za-z0-9]{0,30}"
    r"(?:[ \t]+[A-Z][A-Za-z0-9]{0,30}){0,2})(?:[ \t]+[vV]?[0-9]{1,4}(?:\.[0-9]{1,4}){1,3})?"
    r"[ \t]+(?P<noun>(?i:pod|container))(?![\w-])(?P<rel>(?!))?" + _VERB)
CASE_POD = _SUBJECT  # (the subject, for the other ends stated of the case: stated_stop.py)
_REACH = 400  # how far before `restart` its subject may start (its relative clause in it)


def case_restart(line: str, happening: bool) -> re.Match[str] | None:
    """The first restart of the case's own pod or container the line states (`CASE_RESTART`,
    ending at a place of `restart`), with no negation in its clause before the verb (one in a
    relative clause negates that clause); the simple present only where `happening` (the line
    under a heading of what happens), in a sentence of what happened (runs'
    `states_what_happened`: no question, conditional or word of what may happen). None
    without one."""
    return _first_restart(line, happening, (CASE_RESTART, _SEEN_RESTART, _INSTALLED_IT))


def note_restart(line: str, happening: bool) -> re.Match[str] | None:
    """The first restart the line states of a pod named as an issue's note names it
    (`NOTE_RESTART`), read as `case_restart` reads its statements; None without one."""
    return _first_restart(line, happening, (NOTE_RESTART,))


def _first_restart(line: str, happening: bool, patterns: tuple[LazyPattern, ...]
                   ) -> re.Match[str] | None:
    """The first statement of `patterns` ending at a place of `restart` (`case_restart`)."""
    at, left = line.find("estart"), PLACES_WEIGHED
    while at > 0 and left:
        left -= 1
        m = next((x for x in (p.search(line, max(0, at - _REACH), at + 12) for p in patterns)
                  if x is not None), None)
        if m is not None and m.start("det") <= at and (happening or m["present"] is None) \
                and not negated_before(line, m) and not cause_after(line, m.end()) \
                and states_what_happened(line, m.start(), m.end()):
            return m
        at = line.find("estart", at + 1)
    return None


_CLAUSE_STOP = lazy_regex(r"[.!?;,](?=\s)")


def _clause_start(line: str, at: int) -> int:
    """Where the clause holding line[at] starts (its last 2,000 characters at most)."""
    stops = [s.end() for s in _CLAUSE_STOP.finditer(line, max(0, at - 2000), at)]
    return stops[-1] if stops else max(0, at - 2000)


# a word of an indirect question or a guide's list before the subject in its clause (`how many
# times the container restarted`, `why the pod kept restarting`): no statement of what happened
_WH = lazy_regex(r"(?<![A-Za-z])(?i:how|why|whether|what|where)(?![A-Za-z])")


def negated_before(line: str, m: re.Match[str]) -> bool:
    """Whether a negation (or a word of an indirect question, `_WH`) stands in the statement's
    clause before its verb (`I don't think the pod kept restarting`), its relative clause
    aside."""
    start = _clause_start(line, m.start())
    if _WH.search(line, start, m.start()) is not None:
        return True
    verb = m.end("rel") if m["rel"] else m.end("noun")
    return NEGATED.search(line, start, m.start("rel") if m["rel"] else verb) is not None or \
        NEGATED.search(line, verb, m.end()) is not None


# a cause given after the restart, in its sentence: the cause's own rules read it (a probe's
# failure, probe_restart.py; an end's reason, runs.py), or none does: no end half-read
_CAUSE = lazy_regex(r"(?<![A-Za-z])(?i:because|due[ \t]+to|caused[ \t]+by|owing[ \t]+to|reason)"
                    r"(?![A-Za-z])")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)")


def cause_after(line: str, end: int) -> bool:
    """Whether the sentence gives the restart ending at `end` a cause after it (`_CAUSE`, up
    to the sentence's end), or the next sentence opens with its reason (`My pod was
    restarting. Reason: ...`)."""
    stop = _SENTENCE_END.search(line, end, end + 2000)
    upto = stop.end() if stop is not None else min(len(line), end + 2000)
    cause = _CAUSE.search(line, end, upto)
    return cause is not None and _SHOWN_ERROR.match(line, cause.end()) is None or \
        _REASON_NEXT.match(line, upto) is not None


# the cause an error the author shows next (`started crashing recently because of this
# error:`, restate-operator-48; crashsaid54): the application's own error, no kill and no exit
# reason any cause's rule reads (a probe's failure, an OOM kill): the end stays what it is, an
# end whose cause the record does not tell (cannot-tell); a named error (`because of an OOM
# error`, `due to the liveness probe`) stays a cause
_SHOWN_ERROR = lazy_regex(r"(?:[ \t]+(?i:of))?[ \t]+(?i:this|that|the[ \t]+following|the[ \t]+below|"
                          r"the[ \t]+same|these|those)[ \t]+(?i:errors?|exceptions?)"
                          r"[ \t]*(?::|\.?[ \t]*$)")


_REASON_NEXT = lazy_regex(r"[ \t]*(?i:reason)(?![A-Za-z])")
