"""The containers of the case's pod named by its author's sentence, beside a describe of that
pod cut before its containers (the corpus README's rule of stop 49, written by the lead:
rke2-7457).

An issue form's sentence naming the case's pod's containers (`Back-off restarting
node-driver-registrar and vsphere-csi-node containers.`, `the A and B containers are
restarting`: `NAMED`, two or more names joined by commas and `and`, then `containers`) gives
those names to the describe of the record's one pod when the describe shows no container
section (cut before `Containers:`): the containers are stated, their states untold (no
restart count, no state: what the describe would have said of them is cut away). The
kubelet's own `Back-off restarting failed container` names one container and no list. A
negation, a question, a conditional or a sentence of what may happen (`_UNSAID`), a sentence
under an `Expected` heading (sections.aside_lines), a record of several pods, or a
describe that shows a container, keep the names for none.

One pass: each line is matched once at its own words (`restart`), its list bounded.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.hedges import HEDGES
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.sections import aside_lines
from kubesim.explain.readers.stated_cause import NEGATED

__all__ = ["NAMED", "give_sentence_containers"]

# a container's name (DNS-1123 label), maybe in a code span
_NAME = r"`?[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?`?"
_NAMES = (r"(?P<names>" + _NAME + r"(?:,[ \t]+" + _NAME + r"){0,8},?[ \t]+(?i:and)[ \t]+"
          + _NAME + r")[ \t]+(?i:containers)(?![\w-])")
NAMED = lazy_regex(
    # the kubelet's back-off told of the listed containers
    r"(?<![\w-])(?i:back-?off)[ \t]+(?i:restarting)[ \t]+" + _NAMES
    # or the listed containers restarting
    + r"|(?<![\w-])(?i:the|both)[ \t]+(?:(?i:the)[ \t]+)?" + _NAMES.replace("names", "names2")
    + r"[ \t]+(?i:are|were|keep|kept)[ \t]+(?:(?i:always|constantly|repeatedly)[ \t]+)?"
    r"(?i:restarting)(?![\w-])")
# what may happen, a condition or a guide's `when`: no telling of the case
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|when|will)(?![A-Za-z])")
_STOP = lazy_regex(r"[.!?](?=\s|$)")


def _named(line: str) -> list[str] | None:
    """The containers the line's sentence names (`NAMED`); None without one, or in a
    sentence that negates, asks or says what may happen."""
    low = line.lower()
    if "restart" not in low or " containers" not in low:
        return None
    m = NAMED.search(line)
    if m is None:
        return None
    starts = [s.end() for s in _STOP.finditer(line, 0, m.start())]
    start = starts[-1] if starts else 0
    stop = _STOP.search(line, m.end())
    end = stop.start() if stop is not None else len(line)
    if (stop is not None and line[stop.start()] == "?") or \
            NEGATED.search(line, start, end) or _UNSAID.search(line, start, end):
        return None
    names = re.split(r",?[ \t]+(?i:and)[ \t]+|,[ \t]+", m["names"] or m["names2"])
    return list(dict.fromkeys(n.strip("`") for n in names))


def _bare_describe(found: RecordSet) -> PodRecord | None:
    """The record's one pod's describe, when it shows no container (cut before
    `Containers:`) and no other pod is in the record; None otherwise."""
    names = {p.name for p in found.pods if p.name is not None}
    described = [p for p in found.pods if "describe" in p.formats]
    if len(names) != 1 or len(described) != 1 or described[0].name is None or \
            any(p.containers for p in found.pods if p.name is not None):
        return None
    return described[0]


def give_sentence_containers(found: RecordSet, text: str) -> None:
    """The containers a sentence names (`_named`), given to the describe of the record's one
    pod that shows none (`_bare_describe`), each with no state; the sentence's line is read,
    and a note says so."""
    pod = _bare_describe(found)
    if pod is None:
        return
    lines = text.split("\n")
    expected = aside_lines(lines)
    for number, line in enumerate(lines, 1):
        names = None if number in expected else _named(line)
        if names is None:
            continue
        where = Where(found.source, number)
        pod.containers.extend(ContainerRecord(n, where) for n in names)
        for notes in (found.notes, *(p.notes for p in found.pods)):
            notes[:] = [n for n in notes if not (n.kind is NoteKind.NOT_READ and
                                                 n.where.line == number)]
        found.notes.append(Note(
            f"line {number}: a sentence names the containers of the case's pod: "
            f"{', '.join(names)}, given to the describe of {pod.name}, which is cut before "
            "its containers: each stated, its state and restarts not in the record", where))
        return
