"""The case's own pod or container stated in English prose to stop, no cause of the kubelet's
given (held-out batch 77, cmdbuild-docker-11: `kubectl run openmaint ... fails. After a
successful creation of the database the running pod gets a Tomcat shut down event which stops
it.`; fixmarked51).

A stop is an end as a restart is (an end is what a restart follows: R4.7), and the corpus
README's prose rules read a statement of the case where its subject is the case's own pod or
container (stated_restart.py's `CASE_POD`: a determiner of the case's, the pod's or the
container's noun) and it states what happened. Read as stated_restart.py reads a restart: its
container ended, at least once, what ended it not stated (no kill), no count bounding it.

Two forms (`CASE_STOP`):
- the subject, then its stop: `stopped`, `terminated`, `shut down`, `has stopped`, or the
  simple present (`stops`, `terminates`, `shuts down`); no object or gerund after it (`stopped
  responding`, `terminated the connection`: no end of its own);
- the subject receiving what stops it, told in a relative clause after its object: `gets`,
  `receives`, `got`, `received`, the object (up to eight words), then `which` or `that` and the
  stop with `it` for its object (`which stops it`, `that terminated it`, `which shuts it down`):
  `it` is the subject's, the clause's own subject its object.
The simple present (`stops`, `gets ... which stops it`) is what happens in a guide too; read
only as the author's telling of their own run: on a line under a heading of what happens
(`## Current Behavior`), after a first person running a system in its paragraph
(stated_oom_with.py's `RUNS_SYSTEM`), or in a paragraph opened by the command the author ran
(`kubectl run ...`, `helm install ...`: `_RAN`).

Unread: `a pod`, `pods`, `your pod`, a bare name (no determiner of the case's), `was stopped`
(a stop someone made: no end of a failure, as `was restarted`), a kill (`kills it`: the kill
rules' own, stated_kill.py), a negation, a question, a conditional, a sentence of what may
happen, a cause given after it (`because`, `due to`), the present with no telling of the
author's, a line under an `Expected` heading. Looked for around the words of a stop only, a
bounded number of places: one pass on a long line.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.restart_said import (
    CASE_POD,
    cause_after,
    negated_before,
)
from kubesim.explain.readers.runs import states_what_happened
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.stated_oom_with import RUNS_SYSTEM
from kubesim.explain.readers.stated_restart import StatedEnd, read_first_stated

__all__ = ["CASE_STOP", "STATED_STOP", "read_stated_stop"]

STATED_STOP = "stated-stop"

_ADVERB = r"(?:(?i:then|suddenly|again|also|just|always|immediately|eventually)[ \t]+)?"
# the subject's own stop: past or perfect, or the simple present (`present`); not followed by
# an object, a gerund or `to` (`stopped responding`, `terminated the connection`)
_OWN = (r"[ \t]+" + _ADVERB + r"(?:(?:(?i:has|have|had)[ \t]+)?(?i:stopped|terminated|shut[ \t]+down)"
        r"|(?P<present>(?i:stops|terminates|shuts[ \t]+down)))"
        r"(?![\w-])(?![ \t]+(?:[A-Za-z]{1,40}ing|(?i:to|the|a|an|its|their|his|her|all|any"
        r"|every|my|our|this|that|these|those|it|them|me|us|you))(?![\w-]))")
# what stops it, as the object of the subject's receiving: `gets a Tomcat shut down event which
# stops it` (the receiving verb's present `gets` or `receives` is the present)
_RECEIVED = (r"[ \t]+" + _ADVERB + r"(?:(?P<gets>(?i:gets|receives))|(?i:got|received))"
             r"[ \t]+(?:[^\s.,;:!?]{1,40}[ \t]+){1,8}?(?i:which|that)[ \t]+"
             r"(?:(?i:stops|stopped|terminates|terminated)[ \t]+(?i:it)"
             r"|(?i:shuts|shut)[ \t]+(?:(?i:it)[ \t]+(?i:down)|(?i:down)[ \t]+(?i:it)))(?![\w-])")
CASE_STOP = lazy_regex(CASE_POD + r"(?:" + _OWN + r"|" + _RECEIVED + r")")
_ANCHORS = ("stop", "termina", "shut")
_REACH = 600  # how far before the stop's word its subject may start (its object in it)
# the command the author ran, opening the paragraph (a prompt's `$ ` or none)
_RAN = lazy_regex(r"[ \t]{0,8}(?:[$#>][ \t]{1,4})?(?:kubectl|oc|helm|k3s[ \t]+kubectl)[ \t]+"
                   r"(?:run|apply|create|install|upgrade|rollout|scale|expose)(?![\w-])")

_READ = ("{}: the case's own pod or container stated in the author's prose to stop, no cause "
         "of the kubelet's given (`{}`): read as its container having ended, at least once, "
         "no reason or exit code in the record; what ended it is not stated (no kill), and no "
         "count bounds its restarts")


def case_stop(line: str, told: bool) -> re.Match[str] | None:
    """The first stop of the case's own pod or container the line states (`CASE_STOP`, ending
    at a place of a stop's word), with no negation in its clause before the verb, no cause
    after it, in a sentence of what happened; the simple present only where `told` (the
    author's telling of their own run, or a first person running a system before it on its
    line). None without one."""
    left = PLACES_WEIGHED
    for at in _anchors(line):
        left -= 1
        if left < 0:
            return None
        m = CASE_STOP.search(line, max(0, at - _REACH), at + 24)
        if m is not None and m.start("det") <= at and _told(line, m, told) \
                and not negated_before(line, m) and not cause_after(line, m.end()) \
                and states_what_happened(line, m.start(), m.end()):
            return m
    return None


def _anchors(line: str) -> list[int]:
    """The places of a stop's words in the line (`_ANCHORS`, any case), in order; a bounded
    number of them (`PLACES_WEIGHED` each)."""
    folded = line.lower()
    out: list[int] = []
    for word in _ANCHORS:
        at = folded.find(word)
        while at >= 0 and len(out) < 3 * PLACES_WEIGHED:
            out.append(at)
            at = folded.find(word, at + 1)
    return sorted(out)


def _told(line: str, m: re.Match[str], told: bool) -> bool:
    """Whether the stop is a telling of what happened: past or perfect, or a present the
    author tells of their own run (`told`, or a first person running a system before it on
    its line)."""
    if m["present"] is None and m["gets"] is None:
        return True
    return told or RUNS_SYSTEM.search(line, max(0, m.start() - SENTENCE_REACH), m.start()) \
        is not None


def _told_lines(lines: list[str]) -> set[int]:
    """The (1-based) numbers of the lines whose present is the author's telling of their own
    run: under a heading of what happens (`sections.case_lines`), or in a paragraph opened by the
    command the author ran (`_RAN`), or below a first person running a system in it."""
    out = case_lines(lines)
    ran = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            ran = False
            continue
        ran = ran or _RAN.match(line) is not None
        if ran:
            out.add(number)
        ran = ran or RUNS_SYSTEM.search(line[:SENTENCE_REACH]) is not None  # (the lines after)
    return out


def read_stated_stop(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states a stop of the case's own pod or
    container (`case_stop`, on a line under no `Expected` heading and no command's): one pod
    of no name, its one container ended, its restarts not counted; the other lines said not
    read. None when no sentence states one."""
    return read_first_stated(page, source, StatedEnd(case_stop, _told_lines, _READ, STATED_STOP))
