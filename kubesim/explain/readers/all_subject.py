"""`all` and a lower-case plural noun as the case's subject of a restart (the lead's decision,
stop 60; written at fx60f, metallb-1926: `When deploying Metallb using kustomize I'm
encountering an issue causing all speakers to be restarted due to the frr container failing
its startup probes and liveness probes`).

`all` alone before a plural is a quantifier of any pods in a guide's sentence (`all pods restart
when ...`), but where the sentence's first person runs the system and tells what it saw, in the
past or the progressive (`I'm encountering an issue causing all speakers to be restarted`, `we
saw all pods restart`: stop 49's first-person reading, the author's own system), `all` and the
plural name every pod of the author's case: the case's subject, as `the pods` is. `all` may take
`the`, `of the`, `our` or `my` before its noun (`all the workers`). A guide's present (`all pods
restart`), a conditional, a question, a negation (`we never saw`, `we didn't see`) and a modal
(`we could see`) state none: the first person's verb is the past or a progressive only, no
negation before it (the caller weighs the sentence's conditional, question and what may
happen). Each part is bounded, one pass on a long line.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ALL_PLURAL", "FIRST_PERSON_SEEN", "all_subject_end"]

# `all`, maybe a determiner, then a lower-case plural noun (`all speakers`, `all the workers`)
ALL_PLURAL = lazy_regex(r"(?<![\w-])(?i:all)[ \t]+(?:(?:the|of[ \t]+the|our|my)[ \t]+)?"
                        r"[a-z][a-z-]{1,30}s(?![\w'-])")
# one adverb between the first person and its verb, never a negation's (`we also saw`, `I'm
# currently encountering`)
_ADVERB = r"(?:(?!(?:not|never)(?![\w'-]))[a-z]{2,20}[ \t]+)?"
# the sentence's first person telling what it met, in the progressive (`I'm encountering`, `we
# were seeing`) or the past (`we saw`, `I noticed`, `we have noticed`)
FIRST_PERSON_SEEN = lazy_regex(
    r"(?<![\w'-])(?:I|[Ww]e)(?:(?:['\u2019]m|['\u2019]re|[ \t]+(?:am|are|was|were))[ \t]+"
    + _ADVERB + r"[a-z]{2,30}ing|[ \t]+" + _ADVERB
    + r"(?:[a-z]{2,30}ed|saw|had|got|found|ran|hit|met|kept|began|came))(?![\w'-])")
# the words between the subject and its restart: its verb's auxiliaries alone (`to be`, `were`,
# `have been`)
_TO_VERB = lazy_regex(r"(?:[ \t]+[a-z]{2,12}){0,3}[ \t]+")


def all_subject_end(line: str, start: int, restart: int) -> int | None:
    """Where `all` and a plural noun (`ALL_PLURAL`) right before the restart at `restart` ends,
    in the sentence from `start` whose first person before it tells what it met, past or
    progressive (`FIRST_PERSON_SEEN`); None without one."""
    last = None
    for found in ALL_PLURAL.finditer(line, start, restart):
        last = found
    if last is None or _TO_VERB.fullmatch(line, last.end(), restart) is None:
        return None
    if FIRST_PERSON_SEEN.search(line, start, last.start()) is None:
        return None
    return last.end()
