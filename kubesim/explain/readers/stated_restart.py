"""The case's own pod or container stated in English prose to restart, no cause given (held-out
batches 77-80, fixprose77: rhel-edge-automation-arch-184's `the container that holds the nexus
server was restarting`, jitsi-helm-118's `the pod of jvb kept restarting`, amundsen-1448's `The
metadata pod continually restarts` under its issue form's `## Current Behavior`).

The corpus README's prose rules: a statement of the case in its author's prose is read where
its subject is the case's own pod or container (a determiner of the case's: my, our, the, this)
and it states what happened; restarts stated with no cause are no kill: they show that the
case's container ended, at least once, what ended it not stated (fixprose45's restarts joined
by `and`; the first-person count of restarts, whose count bounds nothing; zh_restarts.py's
Chinese `一直重启`). A restart follows an end (R4.1).

The subject (`CASE_RESTART`): a determiner of the case's, up to two words (a name, maybe in a
code span), then `pod` or `container` (or the case's pods, several: `the pods`, `our
containers`, as the README's probe-kill rules read them); `the pod of jvb`, `the pod for X`
(the case's pod, named by its app after it); a relative clause between the subject and its
verb (`the container that holds the nexus server was restarting`: the clause's object is no
subject). The verb, right after: progressive or past (`was restarting`, `kept restarting`,
`keeps getting restarted`, `restarted`, an adverb of how often between), or the simple present
(`continually restarts`) only on a line under a heading of what happens (`## Current Behavior`,
`Actual results`, `What happened`: `happening_lines`), the author's present telling of their
own system; elsewhere the simple present is a guide's (`the pod restarts when ...`).

Read of a page of prose alone (`read_stated_restart`, read.py `_pasted`: nothing else read from
it), as stated_crashloop.py reads a crash loop: one pod of no name, its one container ended (a
terminated state of no reason or exit code, its restarts no count bounds), the other lines said
not read.

Unread: `a pod`, `pods`, `your pod` (no determiner of the case's), a bare app name (`jvb kept
restarting`: stated_apart.py's), a negation in the clause before the verb, a question (an
indirect one: `how many times the container restarted`), a cause given after it (`due to`,
`because`: the cause's own rules read it), a conditional, a sentence of what may happen, `was
restarted` (a restart someone made, no end of a failure), and a line under an `Expected`
heading. Looked for around the word `restart` only, a bounded number of places: one pass on a
long line.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import NamedTuple

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine, normalise
from kubesim.explain.readers.stated_cause import NEGATED, expected_lines
from kubesim.explain.readers.unread import unread_notes

__all__ = ["CASE_POD", "CASE_RESTART", "STATED_RESTART", "StatedEnd", "case_restart",
           "cause_after", "ended_record", "happening_lines", "negated_before",
           "read_first_stated", "read_stated_restart"]

STATED_RESTART = "stated-restart"

_MARK = r"(?:\*\*|[`'\"])?"
_WORD = _MARK + r"[\w.-]{1,63}" + _MARK
# a determiner of the case's, up to two words, the pod's or container's noun (several: the
# case's pods), then its app after `of` or `for`, or a relative clause (up to eight words)
_SUBJECT = (
    r"(?<![\w'-])(?P<det>(?i:my|our|the|this|these))[ \t]+(?:" + _WORD + r"[ \t]+){0,2}?"
    r"(?P<noun>(?i:pods?|containers?))(?![\w-])"
    r"(?:[ \t]+(?i:of|for)[ \t]+" + _WORD + r"(?![\w-]))?"
    r"(?P<rel>[ \t]+(?i:that|which|who)[ \t]+(?:[^\s.,;:!?]{1,40}[ \t]+){0,7}?[^\s.,;:!?]{1,40})?")
_OFTEN = (r"(?:(?i:continually|constantly|continuously|repeatedly|always|still|frequently|"
          r"periodically|randomly|also|now|just|again)[ \t]+)?")
# the verb: progressive, past or perfect (what happened), or the simple present (`present`)
_VERB = (
    r"[ \t]+(?:(?:(?i:is|are|was|were|keeps|keep|kept|has[ \t]+been|have[ \t]+been|"
    r"had[ \t]+been|started|starts|began|begins)[ \t]+" + _OFTEN + r"(?i:restarting)"
    r"|(?i:keeps|keep|kept|is|are|was|were)[ \t]+(?i:getting|being)[ \t]+(?i:restarted)"
    r"|" + _OFTEN + r"(?i:restarted))"
    r"|" + _OFTEN + r"(?P<present>(?i:restarts))"
    # (`restarts` a noun: `the pod restarts are ...`, `the pod restarts count`)
    r"(?![ \t]+(?i:are|were|is|was|count|counts|counter|have|had)(?![\w-])))(?![\w-])")
CASE_RESTART = lazy_regex(_SUBJECT + _VERB)
CASE_POD = _SUBJECT  # (the subject, for the other ends stated of the case: stated_stop.py)
_REACH = 400  # how far before `restart` its subject may start (its relative clause in it)


def case_restart(line: str, happening: bool) -> re.Match[str] | None:
    """The first restart of the case's own pod or container the line states (`CASE_RESTART`,
    ending at a place of `restart`), with no negation in its clause before the verb (one in a
    relative clause negates that clause); the simple present only where `happening` (the line
    under a heading of what happens), in a sentence of what happened (runs'
    `states_what_happened`: no question, conditional or word of what may happen). None
    without one."""
    at, left = line.find("estart"), PLACES_WEIGHED
    while at > 0 and left:
        left -= 1
        m = CASE_RESTART.search(line, max(0, at - _REACH), at + 12)
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
    return _CAUSE.search(line, end, upto) is not None or \
        _REASON_NEXT.match(line, upto) is not None


_REASON_NEXT = lazy_regex(r"[ \t]*(?i:reason)(?![A-Za-z])")


# a heading (markdown's, bold, or a title's words alone on a line) of what happens or happened
_HEADING = lazy_regex(r"[ \t]{0,3}(?:#{1,6}[ \t]+|\*\*)?(?P<title>[A-Za-z][A-Za-z ]{0,60}?)"
                      r"(?:\*\*)?:?[ \t]*")
_HAPPENS = lazy_regex(r"(?i:(?:current|actual|observed)[ \t]+(?:behaviou?r|results?|state)"
                      r"|what[ \t]+(?:happened|happens|is[ \t]+happening))")
_ANY_HEADING = lazy_regex(r"[ \t]{0,3}(?:#{1,6}[ \t]|\*\*[^*\n]{1,80}\*\*[ \t]*:?[ \t]*$)")


def happening_lines(lines: list[str]) -> set[int]:
    """The (1-based) numbers of the lines under a heading of what happens (`## Current
    Behavior`, `**Actual results**`, `What happened:`), up to the next heading: the author's
    telling of their own system, whose present is what happens to it."""
    under, out = False, set()
    for number, line in enumerate(lines, 1):
        if len(line) > 200 or not line.strip():
            if under and line.strip():
                out.add(number)
            continue
        title = _HEADING.fullmatch(line)
        if title is not None and _HAPPENS.fullmatch(title["title"].strip()):
            under = True
        elif _ANY_HEADING.match(line) or (title is not None and _titled(line)):
            under = False
        elif under:
            out.add(number)
    return out


def _titled(line: str) -> bool:
    """Whether a line of a few words is a heading's (a colon after them, or every word
    capitalised: `Possible Solution`, `Expected behavior:`)."""
    words = line.strip().rstrip(":").split()
    return 0 < len(words) <= 5 and (line.rstrip().endswith(":") or
                                    all(w[:1].isupper() for w in words))


_READ = ("{}: the case's own pod or container stated in the author's prose to restart, no cause "
         "given (`{}`): read as its container having ended, at least once, no reason or exit "
         "code in the record; what ended it is not stated (no kill), and no count bounds its "
         "restarts")


def read_stated_restart(text: str, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states a restart of the case's own pod or
    container (`case_restart`, on a line under no `Expected` heading and no command's): one
    pod of no name, its one container ended, its restarts not counted; the other lines said
    not read. None when no sentence states one."""
    return read_first_stated(text, source, StatedEnd(case_restart, happening_lines, _READ,
                                                     STATED_RESTART))


class StatedEnd(NamedTuple):
    """How a page of prose alone states an end of the case's own pod or container: `find`,
    the statement on a line (its start, up to SENTENCE_REACH) and whether its present is the
    author's telling (a line of `told_lines`, given the page's lines); `said`, the note's
    text (the line and the statement to format); `layout`, the record's format."""

    find: Callable[[str, bool], re.Match[str] | None]
    told_lines: Callable[[list[str]], set[int]]
    said: str
    layout: str


def read_first_stated(text: str, source: str, stated: StatedEnd) -> RecordSet | None:
    """The record of a page of prose alone whose first line under no `Expected` heading and
    no command's states an end of the case's own pod or container (`stated.find`), as
    `ended_record` makes it; None when no line states one. One rule for each end so stated
    (a restart here, a stop in stated_stop.py)."""
    lines = text.split("\n")
    commands = {x.number for x in normalise(text) if x.kind is LineKind.COMMAND}
    flat = textwrap.dedent(text).split("\n")  # (headings of a page indented whole)
    skip = commands | expected_lines(flat)
    told = stated.told_lines(flat)
    found = next(((n, m) for n, x in enumerate(lines, 1) if n not in skip
                  and (m := stated.find(x[:SENTENCE_REACH], n in told)) is not None), None)
    if found is None:
        return None
    number, m = found
    return ended_record(text, source, number, stated.said.format(f"line {number}", m[0][:80]),
                        stated.layout)


def ended_record(text: str, source: str, number: int, said: str, layout: str) -> RecordSet:
    """The record of a page of prose alone whose line `number` states an end of the case's own
    pod or container, no cause given (`said`: the note saying so): one pod of no name, its one
    container ended (no reason, exit code or time: `untold`), its restarts not counted; the
    other lines said not read."""
    lines = text.split("\n")
    where = Where(source, number)
    c = ContainerRecord(None, where, state="terminated", restarts_cut=True, terminated=Terminated(
        None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where, untold=True))
    pod = PodRecord(None, where, containers=[c], formats=[layout])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n != number and x.strip()]
    return RecordSet(source, layout, pods=[pod],
                     notes=[Note(said, where), *unread_notes(rest, source)])
