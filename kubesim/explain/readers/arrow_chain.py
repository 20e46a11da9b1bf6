"""A chain of arrows telling what happened in its order, an end, then the crash loop after it
(held-out batch 123, fc55p: davealtena-homelab-1469's one-line note `OOMKilled at 512Mi →
CrashLoopBackOff → empty endpoints → 503 from envoy.`, ambient-code-platform-609's summary
`... the implicit 1s timeout was too aggressive ..., causing repeated liveness failures →
SIGKILL (exit 137) → CrashLoopBackOff`).

A note's chain of steps joined by arrows (`→`, `⇒`, `->`, `=>`, a blank on each side) tells
what happened in its order: each step followed what the step before it did. Two ends are read
from it:

- an OOM kill: a step opening with the word (`OOMKilled at 512Mi`, `OOM killed`, `OOMKill`):
  the kernel's OOM killer's end, which the kubelet reports as OOMKilled;
- a probe's kill: a step opening with a kill (`SIGKILL`, `kill`, `killed`, `restart`, `exit
  137`, maybe `the kubelet` before it), right after a step naming the failures of one probe
  that kills (`repeated liveness failures`, `startup probe timeouts`): that probe's failure
  and one kill of it (R4.4: the kubelet kills a running container for a probe only by liveness
  or startup), at least once, no count. A readiness probe's failures kill nothing (R3.4), and a
  step naming both probes that kill does not say which one did (none read).

The chain tells the case where a later step is the crash loop (`CrashLoopBackOff`, `crash
loop`): a back-off follows ends (R4.8), so the end before it happened, as killprose54's
`crash_loop_told` reads a kill the author names. A chain with no crash loop after its end (a
guide's `OOMKilled -> restart`), a negation in the sentence before the chain's end or in a
step it reads, a determiner of no case's pod in those steps (`a pod OOMKilled → ...`, `your
...`), a question, a conditional and a sentence of what may happen (weighed by the caller,
happened.py) state none. Arrows are found one pass of a long line, at most `_MOST_ARROWS` of
them weighed; a step is at most `_STEP_MAX` characters.
"""

from __future__ import annotations

from itertools import islice
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.oom_words import OOM_KILLED, OOM_KILLS

__all__ = ["ARROW_ANCHORS", "ChainEnd", "chain_end"]

ARROW_ANCHORS = ("\u2192", "\u21d2", "->", "=>")
# an arrow, a blank on each side (`a->b` is code's, no chain's)
_ARROW = lazy_regex(r"[ \t](?:\u2192|\u21d2|->|=>)[ \t]")
_MOST_ARROWS = 16
_STEP_MAX = 160
# where a chain's first step starts (after a clause's mark, or the sentence's start) and its
# last step stops
_CLAUSE_MARK = lazy_regex(r"[,;:(\u2014\u2013]|[.!?](?=\s)|[\u3002\uff0c\uff1b]")
_LAST_STOP = lazy_regex(r"[.!?;,](?=\s|$)|[\u3002\uff0c\uff1b]")
# a step's leading marks and the words that join it to what made it (`causing ...`)
_LEAD = (r"[ \t*_`>-]{0,8}(?:(?i:causing|caused|leading[ \t]+to|led[ \t]+to|resulting[ \t]+in"
         r"|then|and)[ \t]+)?")
_OOM_STEP = lazy_regex(_LEAD + r"(?:" + OOM_KILLED + r"|" + OOM_KILLS + r")(?![\w-])")
_KILL_STEP = lazy_regex(
    _LEAD + r"(?:(?i:the)[ \t]+)?(?:(?i:kubelet|kubernetes|k8s)[ \t]+)?(?:(?i:sigkill|kill(?:s|ed)?"
    r"|restart(?:s|ed)?|container[ \t]+(?:killed|restarted))|(?i:exit)(?:[ \t]+(?i:code))?:?[ \t]*137)"
    r"(?![\w-])")
_KIND = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|startup|readiness))(?![a-z])")
_FAILED = lazy_regex(r"(?<![A-Za-z])(?i:fail(?:s|ed|ing|ures?)?|time(?:d[ \t]+out|outs?))(?![a-z])")
_CRASH_LOOP = lazy_regex(r"CrashLoop|(?<![A-Za-z])(?i:crash)[ \t-]?(?i:loop)")
_NOT = lazy_regex(r"(?<![\w'-])(?i:not|never|no|without|doesn['\u2019]t|don['\u2019]t|didn['\u2019]t"
                  r"|zero)(?![\w'-])")
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|your|another|other|some|every|each)(?![\w'-])")


class ChainEnd(NamedTuple):
    """An end a chain of arrows tells (`chain_end`)."""

    kind: str  # `oom`, or the probe that killed (`liveness`, `startup`)
    start: int  # where the chain starts in the line
    end: int  # where its crash loop's step ends
    step: str  # the step of the end, as written


def chain_end(line: str) -> ChainEnd | None:
    """The first end a chain of arrows on the line tells, a crash loop after it (the module's
    rules); None without one. The caller weighs the sentence (a question, a conditional, what
    may happen)."""
    for steps in _chains(line):
        found = _end_of(line, steps)
        if found is not None:
            return found
    return None


def _chains(line: str) -> list[list[tuple[int, int]]]:
    """The chains of arrows on the line, each as its steps' (start, end) in order: arrows
    whose step between holds no sentence's stop and is at most `_STEP_MAX` long are one
    chain's; the first step runs back to a clause's mark, the last on to a stop."""
    arrows = [m.span() for m in islice(_ARROW.finditer(line), _MOST_ARROWS)]
    chains: list[list[tuple[int, int]]] = []
    for i, (at, after) in enumerate(arrows):
        if i and _joined(line, arrows[i - 1][1], at):
            chains[-1][-1] = (chains[-1][-1][0], at)
        else:
            chains.append([(_first_start(line, at), at)])
        chains[-1].append((after, _last_stop(line, after)))
    return chains


def _joined(line: str, start: int, end: int) -> bool:
    """Whether line[start:end], the words between two arrows, is one step of a chain."""
    return end - start <= _STEP_MAX and _LAST_STOP.search(line, start, end) is None


def _first_start(line: str, at: int) -> int:
    """Where the chain's first step, ending at line[at], starts: after the last clause's mark
    before it (at most `_STEP_MAX` back)."""
    marks = [m.end() for m in _CLAUSE_MARK.finditer(line, max(0, at - _STEP_MAX), at)]
    return marks[-1] if marks else max(0, at - _STEP_MAX)


def _last_stop(line: str, start: int) -> int:
    """Where a chain's step from line[start] stops: a stop or a clause's mark, at most
    `_STEP_MAX` on."""
    stop = _LAST_STOP.search(line, start, start + _STEP_MAX)
    return stop.start() if stop is not None else min(len(line), start + _STEP_MAX)


def _end_of(line: str, steps: list[tuple[int, int]]) -> ChainEnd | None:
    """The end the chain's steps tell, a crash loop in a step after it; None without."""
    for i, (start, end) in enumerate(steps[:-1]):
        kind = _step_end(line, steps, i)
        loop = next((s for s in steps[i + 1:] if _CRASH_LOOP.search(line, *s)), None)
        if kind is not None and loop is not None and _NOT.search(line, start, loop[1]) is None:
            return ChainEnd(kind, steps[0][0], loop[1], line[start:end])
    return None


def _step_end(line: str, steps: list[tuple[int, int]], i: int) -> str | None:
    """What end step `i` of the chain is: `oom` for an OOM kill opening it, a probe's kind
    for a kill opening it right after a step of that probe's failures; None for neither, or
    with a determiner of no case's pod in the steps read."""
    start, end = steps[i]
    if _OOM_STEP.match(line, start, end) is not None:
        return None if _NO_CASE.search(line, start, end) else "oom"
    if not i or _KILL_STEP.match(line, start, end) is None:
        return None
    cause = steps[i - 1]
    kinds = {m["kind"].lower() for m in _KIND.finditer(line, *cause)}
    if len(kinds) != 1 or "readiness" in kinds or _FAILED.search(line, *cause) is None \
            or _NO_CASE.search(line, cause[0], end) or _NOT.search(line, cause[0], end):
        return None
    return kinds.pop()
