"""Pods the author names in prose with their state, running and not Ready (issue 30, held-out
batch 74, fixprose74: qdrant-6431's `2 out of 10 Qdrant pods (qdrant-3 and qdrant-9) are
running but remain in Ready = False state. ... The readiness probe fails with either 503 or
connection refused.`).

The corpus README's prose rules (statements of the case in prose, one name one pod): the case's
own pods, several (a count of them, `2 out of 10`, or a determiner of the case's, `the`, `our`,
`my`, `these`), named in a parenthesis right after `pods` (pod names as the API allows them),
stated running and not Ready (`are running but remain in Ready = False state`, `are running but
not ready`) are those pods, each running and not Ready, no end: the kubelet runs a container
whose readiness fails and only leaves it out of Ready (R3.4). Where the record names no pod
otherwise, each named pod is read so, and a probe's failure stated on the same line (a
paragraph's `The readiness probe fails with ...`: `the` probe of the pods it has just named,
said_failing.py) is each one's, its own copy. A guide's `a pod stays in Ready = False when ...`
(no names), a conditional, a question, a negation (`are not running`), or names after `e.g.`
state none. Each line is read up to `SENTENCE_REACH` characters (one pass).
"""

from __future__ import annotations

import re
from dataclasses import replace

from kubesim.explain.readers.hedges import HEDGES, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where

__all__ = ["NAMED_UNREADY", "give_named_unready"]

_NAME = r"`?[a-z0-9](?:[-a-z0-9.]{0,61}[a-z0-9])?`?"
# what joins the names (`a, b and c`): the list's pattern, and what it is split on
_JOIN = r"[ \t]*,[ \t]*(?:(?i:and)[ \t]+)?|[ \t]+(?i:and)[ \t]+"
_NAMES = r"(?P<names>" + _NAME + r"(?:(?:" + _JOIN + r")" + _NAME + r"){0,19})"
# the case's pods: a count of them (`2 out of 10`, `two of the 10`) or a determiner of the case's
_COUNT = r"(?:\d{1,4}|(?i:two|three|four|five|some|both))"
_SUBJECT = (r"(?<![\w-])(?:" + _COUNT + r"(?:[ \t]+(?i:out))?[ \t]+(?i:of)[ \t]+(?:(?i:the|our|my)"
            r"[ \t]+)?\d{1,4}[ \t]+|(?i:the|our|my|these|both)[ \t]+(?:\d{1,4}[ \t]+)?)"
            r"(?:[\w.-]{1,63}[ \t]+)?(?i:pods)")
_NOT_READY = (r"(?:(?i:remain|remained|stay|stayed|are|were|is|was)(?:[ \t]+(?i:stuck))?"
              r"(?:[ \t]+(?i:in|at))?[ \t]+)?(?:`?Ready[ \t]*[=:][ \t]*False`?|(?i:not[ \t]+ready"
              r"|unready|NotReady))")
NAMED_UNREADY = lazy_regex(
    _SUBJECT + r"[ \t]*\(" + _NAMES + r"\)[ \t]+(?i:are|were)[ \t]+(?:(?i:still)[ \t]+)?"
    r"(?i:running)[ \t]*,?[ \t]+(?i:but)[ \t]+" + _NOT_READY + r"(?![A-Za-z])")
_JOINS = lazy_regex(_JOIN)  # the names split on it, their quotes taken off after
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|when)(?![A-Za-z])")
_SENTENCE_START = lazy_regex(r"[.!?](?=\s)")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)")


def give_named_unready(found: RecordSet, text: str) -> None:
    """Each pod a sentence names running and not Ready (`NAMED_UNREADY`), where the record
    names no pod, as a pod of that name with one running container not Ready, given a copy of
    the probe's failures read from the same line; said in a note."""
    if any(p.name is not None for p in found.pods) or "unning" not in text:
        return
    for number, line in enumerate(text.split("\n"), 1):
        m = _stated(line)
        if m is None:
            continue
        names = list(dict.fromkeys(n.strip("`") for n in _JOINS.split(m["names"])))
        _give(found, names, Where(found.source, number))
        found.notes.append(Note(
            f"line {number}: the case's pods named in prose, running and not Ready (`{m[0][:100]}`):"
            f" read as {', '.join(names)}, each a running container not Ready, no end (a "
            "readiness failure only leaves a pod out of Ready, R3.4); a probe's failure stated "
            "on that line is each one's", Where(found.source, number)))
        return


def _stated(line: str) -> re.Match[str] | None:
    """The statement on the line (its first `SENTENCE_REACH` characters), in a sentence that neither
    asks nor says what may happen; None without one."""
    m = NAMED_UNREADY.search(line, 0, min(len(line), SENTENCE_REACH)) if "unning" in line else None
    if m is None:
        return None
    starts = [s.end() for s in _SENTENCE_START.finditer(line, 0, m.start())]
    stop = _SENTENCE_END.search(line, m.end(), min(len(line), m.end() + SENTENCE_REACH))
    if _UNSAID.search(line, starts[-1] if starts else 0, m.end()) or \
            (stop is not None and line[stop.start()] == "?"):
        return None
    return m


def _give(found: RecordSet, names: list[str], where: Where) -> None:
    """The pods of `names`, each with a copy of the failures the record's pieces of no pod's
    read from the line of `where` (those pieces' events then taken off them)."""
    pieces = [p for p in found.pods if p.name is None and p.apart_from is None]
    mine = [e for p in pieces for e in p.events if e.where.line == where.line]
    for p in pieces:
        p.events = [e for e in p.events if e.where.line != where.line]
        if not p.events and not p.containers:
            found.pods.remove(p)
    for name in names:
        container = ContainerRecord(None, where, state="running", ready=False)
        found.pods.append(PodRecord(name, where, phase="Running", containers=[container],
                                    events=[replace(e) for e in mine], formats=["prose"]))
