"""A kill or restart of the case's own workload its author states the kubelet or Kubernetes
did, no cause told (held-out batch 134, fc57c: cal-itp-data-infra-5147's `With only a liveness
probe configured (...), kubelet was killing the broker mid-recovery`).

The corpus README's rules: a statement of the case in its author's prose is read where its
subject is the case's own pod or container (a determiner of the case's) and it states what
happened (crashcatch55: an end stated as what happened, `was killed`, is the case's end); the
kubelet, Kubernetes or k8s named as the agent of a past or progressive kill or restart of the
case's pod states that end in the active voice (probekill55: with a failing check as its cause,
at least one probe kill; killprose54: with a liveness or startup probe's failure, that probe's
kill). With no cause told the kubelet's kill is an end of no cause the record tells: the kubelet
kills a container for a probe (R4.4), for its pod's deletion or eviction, and for the runtime's
sandbox change (R4.1: a restart follows an end), so what ended it cannot be told, no probe's
failure is read, and no count bounds its restarts: cannot-tell, {0, null}, failures shown.

The object (`_AGENT_END`): a determiner of the case's (`the`, `our`, `my`, `this`, `these`,
`those`, `both`) and a word naming what runs (`the broker`, `our api pods`), none of the words
after it a node's or a connection's (`the node`, `the whole cluster`: no pod). The verb: a past
or progressive kill or restart (`killed`, `was killing`, `kept restarting`, `has restarted`).

Unread (left to their own rules, or to none): a cause in the sentence (`because`, `due to`,
`after failed health checks`, a probe's or a check's failure: probekill55's and killprose54's
rules read it), an OOM or an eviction, the present (`the kubelet kills the broker when ...`:
a guide's), a conditional, a question, a negation, a guess, a prevention, a determiner of
another's or of no case (`your broker`, `a broker`: agent_killed.py reads a bare name), a
probe's setting named with no failure (`failureThreshold=3`) stays no failure.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import GENERAL, sentence_start, states_what_happened
from kubesim.explain.readers.killed_because import BEFORE_CAN
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import RecordSet
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.stated_cause import NEGATED, PREVENTED
from kubesim.explain.readers.stated_restart import StatedEnd, read_first_stated

__all__ = ["AGENT_END", "agent_end", "read_agent_end"]

AGENT_END = "agent-end"

_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
# the agent, the kill or restart in a past or progressive form, the case's determiner and a
# word after it; every part bounded, no nested repetition (one pass)
_AGENT_END = lazy_regex(
    r"(?<![\w.-])(?:(?i:the)[ \t]+)?(?i:kubelet|kubernetes|k8s)[ \t]+"
    r"(?:(?i:just|again|repeatedly|constantly|continually|then|also|eventually)[ \t]+)?"
    r"(?:(?i:has|have|had)[ \t]+)?"
    r"(?i:killed|restarted|terminated|(?:kept|keeps|was|were|is|are|been)[ \t]+"
    r"(?:killing|restarting|terminating))[ \t]+"
    r"(?i:the|our|my|this|these|those|both)[ \t]+" + _MARK
    + r"(?P<what>[A-Za-z][\w.-]{0,62})" + _MARK + r"(?![\w-])")
# the words after the determiner that name no pod (a node's, a cluster's, a connection's) or
# another's
_NO_POD = frozenset({
    "node", "nodes", "cluster", "clusters", "host", "hosts", "machine", "machines", "vm",
    "vms", "connection", "connections", "request", "requests", "session", "sessions", "other",
    "another", "whole", "entire", "same", "next", "new", "user's", "users'"})
_NEXT_WORDS = lazy_regex(r"(?:[ \t]+[\w.'-]{1,63}){0,3}")
_WORD = lazy_regex(r"[ \t]+(?!(?i:before)(?![\w.'-]))[\w.'-]{1,63}")
# a cause in the sentence, before the kill or after it: its own rules read it, or none does
_CAUSED = lazy_regex(
    r"(?<![A-Za-z])(?i:because|due[ \t]+to|caused[ \t]+by|owing[ \t]+to|reasons?|"
    r"fail(?:s|ed|ing|ures?)?|unhealthy|unresponsive|oom\w*|out[ \t-]of[ \t-]memory|memory|"
    r"evict\w*|preempt\w*|health[ \t-]?checks?)(?![A-Za-z])")
# a future, a guess or an account of how things work
_NOT_TOLD = lazy_regex(
    r"(?<![\w'-])(?i:will|won['\u2019]t|shall|seems?|seemed|appears?|suspect|probably|maybe|"
    r"perhaps|possibly|likely|guess|think|thought|believe|assume|wonder|whether|why|how)"
    r"(?![\w'-])")
_STOP = lazy_regex(r"[.!?](?=\s|$)")
_CLAUSE = lazy_regex(r"[,;:(\u2014](?=\s)|\s[-\u2013\u2014](?=\s)")
_PLACES = 16  # the places of an agent's kill looked at on a line at most (one pass)


def agent_end(line: str, happening: bool) -> re.Match[str] | None:
    """The first kill or restart of the case's own workload the line states the kubelet or
    Kubernetes did (`_AGENT_END`), its object a pod's (`_NO_POD`), in a sentence that states
    what happened and gives no cause (module's docstring); None without one. `happening`:
    unused (a past or a progressive is what happened under any heading)."""
    del happening
    if "ill" not in line and "estart" not in line and "erminat" not in line:
        return None
    for left, m in enumerate(_AGENT_END.finditer(line)):
        if left == _PLACES:
            return None
        if _of_a_pod(line, m) and _told(line, m):
            return m
    return None


def _of_a_pod(line: str, m: re.Match[str]) -> bool:
    """Whether the determiner's words name a pod of the case's: none of them (up to three
    after the first) a node's, a connection's or another's."""
    after = _NEXT_WORDS.match(line, m.end())
    words = [m["what"], *(after[0].split() if after is not None else [])]
    return not any(w.lower().strip("`'\"*,.;:") in _NO_POD for w in words)


def _told(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence states the kill as what happened with no cause: no cause in it,
    no negation in the kill's clause, no future, guess or prevention before it, no
    conditional, question or word of what may happen."""
    start = sentence_start(line, m.start())
    stop = _STOP.search(line, m.end(), m.end() + 2000)
    end = stop.start() if stop is not None else min(len(line), m.end() + 2000)
    clauses = [c.end() for c in _CLAUSE.finditer(line, start, m.start())]
    return not (_CAUSED.search(line, start, end) or
                NEGATED.search(line, clauses[-1] if clauses else start, m.end()) or
                _NOT_TOLD.search(line, start, m.start()) or
                PREVENTED.search(line, start, m.start())) and \
        states_what_happened(line, m.start(), _time_clause_end(line, m.end()))


def _time_clause_end(line: str, end: int) -> int:
    """Where the words weighed after the kill ending at `end` start: after a clause of time
    right after it whose modal is its own (killed_because.BEFORE_CAN: `kubelet is killing the
    pod before the stage "SERVER" can be reached`, apache-druid-12292: what the pod could not
    reach, no sentence of what may happen; stop 59, fx59e), maybe after two words of the
    object, at its modal's end when the rest of the clause holds a word of what may happen
    itself (`before it can start if ...`); `end` without one."""
    before, at = BEFORE_CAN.match(line, end), end
    for _ in range(2):  # (or after the object's words: `our historical pods before they ...`)
        word = _WORD.match(line, at) if before is None else None
        at = at if word is None else word.end()
        before = before if word is None else BEFORE_CAN.match(line, at)
    if before is None:
        return end
    return before.start("rest") if GENERAL.search(before["rest"]) else before.end()


_READ = ("{}: the kubelet (or Kubernetes) stated in the author's prose to have killed or "
         "restarted the case's own workload, no cause given (`{}`): read as its container "
         "having ended, at least once, no reason or exit code in the record; the kubelet kills "
         "for a probe, a deletion, an eviction or a sandbox's change, so what ended it is not "
         "told (no probe's failure read), and no count bounds its restarts")


def read_agent_end(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states the kubelet's kill or restart of the
    case's own workload (`agent_end`), as stated_restart.py makes a restart's: one pod of no
    name, its one container ended, its restarts not counted; the other lines said not read.
    None when no sentence states one."""
    return read_first_stated(page, source, StatedEnd(agent_end, case_lines, _READ, AGENT_END))
