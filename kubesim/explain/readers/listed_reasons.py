"""The reasons of the case's restarts given as a list under the author's sentence that states
them (held-out batch 91, hiero-mirror-node-7414: `The REST API pods are frequently restarting
for different reasons:` and under it the bullets `* OOMKilled`, `* Liveness probes fails due
to CPU busy`).

The corpus README's prose rules: a statement of the case in its author's prose is read where
its subject is the case's own pod or container and it states what happened. A sentence that
states the case's pods restart or crash `for` (`due to`, `because of`) the reasons it lists
after its colon gives each item of the list (`-`, `*`, `+`, `1.`, `1)` items right under it,
blank lines between them) as a reason of those restarts, as `restarted due to ITEM` would:

- an item naming OOMKilled is an end of that reason (runs.py `_restart_reason`: OOMKilled only,
  the one reason that tells the cause with no exit code beside it), placed in no State or Last
  State and at no time;
- an item naming a liveness or startup probe failing (`Liveness probes fails due to CPU busy`)
  is that probe's kill (R4.4: such a failure restarts a container only by the kubelet's kill of
  it), at least one, no count; a readiness failure restarts nothing (R3.4) and is not read;
- any other item (`Node allocates memory more than limit`) states no end the record can tell.

Ends of different causes stated so are in no order (diagnosis.py `_oom_unordered`, fixpod51).

Unread: a list under a sentence of no case's pods (`a pod`, `pods`, `other pods`), under a
question, a conditional or a sentence of what may happen (`If your pod restarts for one of these
reasons:`, `Pods may restart for several reasons:`), under a negation (`The pods do not restart
for these reasons:`) or a future, a list under any other sentence (what the author tried, what
they ask: `I tried the following:`), and an item that is a question, a conditional, a sentence
of what may happen or a negation (`* not OOMKilled`). Each line read up to `SENTENCE_REACH`;
the lead looked for in the last characters of its line only: one pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.happened import IF_MORE, asked, general_around
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.probe_restart import CASE_SUBJECT, restart_denied
from kubesim.explain.readers.stated_cause import NEGATED, WORKLOAD_SUBJECT

__all__ = ["ListedReason", "listed_reason", "listed_reasons_hint"]

# a list's item: its mark and the item's words
_ITEM = lazy_regex(r"[ \t]{0,12}(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+(?P<item>\S)")
# the sentence above the list: the case's pods (a determiner of the case's or a pod's name,
# probe_restart.CASE_SUBJECT; their workload's name, stated_cause.WORKLOAD_SUBJECT), a few
# words of how often, the restart or crash, `for` (`due to`, `because of`) the reasons, its
# colon ending the line
_AUX = (r"(?:[ \t]+(?i:are|is|were|was|keep|keeps|kept|have|has|had|been|being|get|gets|got|"
        r"getting|frequently|constantly|continuously|repeatedly|periodically|randomly|still|"
        r"always|regularly|also|now|again)){0,4}")
_RESTART = (r"(?i:restart(?:s|ed|ing)?|crash(?:es|ed|ing)?|crash[ -]?loop(?:s|ed|ing)?)"
            r"(?:[ \t]+(?i:all[ \t]+the[ \t]+time|a[ \t]+lot|often|again))?")
_REASONS = (r"(?:(?i:for|due[ \t]+to|because[ \t]+of|with)[ \t]+(?:(?i:the[ \t]+following|these|"
            r"several|various|multiple|many|different|a[ \t]+few|two|three|four|\d{1,2})[ \t]+)?"
            r"(?:(?i:different|various|distinct|separate)[ \t]+)?(?i:reasons?|causes?)"
            r"|(?i:due[ \t]+to|because[ \t]+of)(?:[ \t]+(?i:the[ \t]+following))?)")
_LEAD = lazy_regex(r"(?P<subject>" + CASE_SUBJECT.pattern + r"|" + WORKLOAD_SUBJECT.pattern
                   + r")" + _AUX + r"[ \t]+(?P<restart>" + _RESTART + r")[ \t]+" + _REASONS
                   + r"[ \t]*:[ \t]*\Z")
_LEAD_REACH = 400  # how far before its line's end the lead may start
# a determiner of no case's pods right before the subject (`a worker-1 pod`, `other pods`)
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|some|every|each|no|another|other|such|your)"
                      r"[ \t]+\Z")
# the reasons an item names: OOMKilled (as the kubelet spells it, runs.py's `_OOM_WORDS`), or a
# liveness or startup probe failing or timing out (probe_restart.PROBE_RESTART's words)
_OOM = r"(?P<oom>(?<![A-Za-z])OOM[ _-]?Killed(?![A-Za-z]))"
_PROBE = (r"(?<![A-Za-z])(?:(?P<kind>(?i:liveness|startup))(?:[ \t]*(?i:probes?|checks?))?[ \t]+"
          r"(?:(?i:fail(?:s|ed|ing|ures?)?)|(?i:time[ \t-]?outs?|timed[ \t]+out|timing[ \t]+out))"
          r"|(?i:fail(?:ing|ed|ures?[ \t]+of))[ \t]+(?:(?i:the|its|their)[ \t]+)?"
          r"(?P<kind2>(?i:liveness|startup))[ \t]*(?i:probes?|checks?))(?![A-Za-z])")
_REASON = lazy_regex(_OOM + r"|" + _PROBE)
_ABOVE = 60  # how many lines above an item its lead may stand, at most


class ListedReason(NamedTuple):
    """A reason a list gives the case's restarts: its lead's line (1-based) and words, the
    reason (`OOMKilled`, or the probe's kind: `liveness`, `startup`), and whether the item
    holds words besides it (`due to CPU busy`: not read)."""

    lead: int
    words: str
    reason: str
    rest: bool


def listed_reasons_hint(text: str) -> bool:
    """Whether the text may hold a list of the reasons of restarts (both words, any case), for
    the paste reader's gate (each word looked for once)."""
    low = text.lower()
    return ("restart" in low or "crash" in low) and ("reason" in low or "cause" in low
                                                     or "due to" in low or "because of" in low)


def listed_reason(lines: list[str], number: int) -> ListedReason | None:
    """The reason line `number` gives the case's restarts as an item of a list under the
    sentence that states them (`_lead_above`): OOMKilled, or a liveness or startup probe's
    failure, named in the item in a statement (no question, conditional, word of what may
    happen or negation before it); None otherwise."""
    item = _ITEM.match(lines[number - 1])
    if item is None:
        return None
    text = lines[number - 1][item.start("item"):SENTENCE_REACH]
    m = _REASON.search(text)
    if m is None or NEGATED.search(text, 0, m.end()) is not None or asked(text, m.end()) or \
            general_around(text, m.start(), m.end()) or IF_MORE.search(text, 0, m.start()):
        return None
    lead = _lead_above(lines, number)
    if lead is None:
        return None
    reason = "OOMKilled" if m["oom"] else (m["kind"] or m["kind2"]).lower()
    rest = bool((text[:m.start()] + text[m.end():]).strip(" \t`*_.,;:!"))
    return ListedReason(lead[0], lead[1], reason, rest)


def _lead_above(lines: list[str], number: int) -> tuple[int, str] | None:
    """The sentence the list holding line `number` stands under (the first line above it that
    is neither an item nor blank, `_ABOVE` lines at most) when it states the case's restarts
    for the reasons its colon opens (`_stated_lead`): its line and words; None otherwise."""
    for above in range(number - 1, max(0, number - 1 - _ABOVE), -1):
        line = lines[above - 1]
        if not line.strip() or _ITEM.match(line) is not None:
            continue
        m = _stated_lead(line[:SENTENCE_REACH].rstrip())
        return None if m is None else (above, m[0])
    return None


def _stated_lead(line: str) -> re.Match[str] | None:
    """The lead's statement at the line's end (`_LEAD`): its subject the case's (no determiner
    of no case right before it), its restart not denied nor in the future, the sentence no
    question, conditional or sentence of what may happen; None otherwise."""
    m = _LEAD.search(line, max(0, len(line) - _LEAD_REACH))
    if m is None or _NO_CASE.search(line, max(0, m.start() - 12), m.start()) is not None:
        return None
    if restart_denied(line, m.end("subject"), m.start("restart")) or \
            NEGATED.search(line, m.end("subject"), m.start("restart")) is not None:
        return None
    if general_around(line, m.start(), m.start("restart")) or \
            IF_MORE.search(line, 0, m.start()) is not None:
        return None
    return m
