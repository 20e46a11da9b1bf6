"""Whose pods a bare `pods` or a quantifier of pods names, read from the page before it (the
corpus README's rules: the paragraph marked "page context, stop 56"; pagectx56).

A kill or restart stated in the past of bare `pods` or of a quantifier of pods (`a few web
pods`, `some pods`, `several of the pods`), with no owner in its own sentence, names the case's
pods when the page is one author's account of what happened to them and an earlier sentence of
it names one workload, service or pod as the case's (`OWNER`): the author's (`our web
service`, `the web service` in a sentence of `we`, `I`, `our`, `my`), or the subject of a
section of what was seen or why (`## Summary`: `Two related fixes for civitai-web pod restart
churn observed today`, sections.case_lines), in a sentence that states what happened (no
question, conditional or guide's words: happened.states_what_happened) and tells it in the past
(`we received a couple of pages`) or under such a heading. Between that sentence and the kill
no other workload's or owner's pods are named (`MENTION`: `the worker pods`, `their pods`,
`another service`), and a quantifier's word (`web pods`) is part of the named workload's name.
rubygems-org-6342's `Earlier this week we received a couple of pages due to a sudden increase
in latency on the web service. An investigation revealed this was because Kubernetes had killed
a few web pods due to the health check failing.` reads so.

Unread: no earlier owner, a guide's or an advice list's owner (no first person, no past, no
heading of the case), an owner's sentence naming two workloads, pods of another workload or
owner between, a quantifier's word not in the owner's name. The kill's own sentence (its tense,
a question, a conditional, a negation) is weighed by the caller (runs.py `_kubelet_kill`).
Every pattern is bounded and each run of blanks is followed by a word of its own; the page's
named workloads, its sections and the owner after each named workload are found once a page
(`_page`, `_owners`): each kill looks its owner up, and weighs the `_MOST` workloads its own
sentence names before it at most.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.sections import case_lines

__all__ = ["MENTION", "page_pods"]

# how many workloads named in one sentence are weighed at most, and how many sentences naming
# one a page's owners are looked for in (a page names few; a hostile page, many)
_MOST = 32
_OWNERS_WEIGHED = 256
# a word of a workload's name: no article, preposition, conjunction or determiner
_WORD = (r"(?!(?i:the|a|an|and|or|of|on|in|at|for|to|with|by|from|our|my|their|your|its|this|"
         r"these|those)(?![\w-]))[A-Za-z0-9][\w.]{0,39}")
_NOUN = (r"(?i:services?|deployments?|statefulsets?|daemonsets?|apps?|applications?|workloads?|"
         r"pods?)")
# a workload, service or pod named on the page: a determiner, up to three words of its name and
# its noun (`the web service`, `our civitai web pods`, `their pods`), or a dashed name before
# the noun (`civitai-web pod`, in a code span or not)
MENTION = lazy_regex(
    r"(?<![\w.'\u2019-])(?:(?P<det>(?i:our|my|the|this|these|those|their|your|his|her|its|"
    r"another|other|someone['\u2019]s))[ \t]+(?P<words>" + _WORD + r"(?:[ \t]+" + _WORD
    + r"){0,2}[ \t]+)?|`?(?P<dashed>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})`?[ \t]+)"
    + _NOUN + r"(?![\w-])")
_CASE_DETS = frozenset({"our", "my", "the", "this", "these", "those"})
# the author in the sentence: the first person
_FIRST = lazy_regex(r"(?<![\w'-])(?:(?i:we|our|us|my)|I)(?![\w'-])")
# a verb of the past (`received`, `was`, `observed`, `got`): the sentence tells what happened
_PAST = lazy_regex(r"(?<![\w'-])(?:(?i:was|were|had|got|saw|took|went|came|began|ran|kept|"
                   r"hit|woke|found|lost|fell|grew|rose|broke)|[A-Za-z]{2,}[b-df-hj-np-tv-z]ed"
                   r"|[A-Za-z]{1,30}ied)(?![\w'-])")


class _Named(NamedTuple):
    """A workload named on the page: its line (1-based), where it is on that line and in the
    page, its name (lower-case words, a dashed name whole) and whether its determiner is
    another's (`their`, `your`)."""

    number: int
    start: int
    offset: int
    name: tuple[str, ...]
    others: bool


@dataclass
class _Page:
    """A page read once: its lines and where each starts, every workload it names (page
    order) with where each is, its lines under a heading of what was seen or why, and for each
    named workload (as far as weighed) the case's owner the page gives a kill right after it
    (`_owners`)."""

    lines: tuple[str, ...]
    starts: tuple[int, ...]
    named: tuple[_Named, ...]
    offsets: tuple[int, ...]
    case: frozenset[int]
    owners: list[int | None] = field(default_factory=list)
    weighed: int = 0  # the owners' sentences weighed so far (`_OWNERS_WEIGHED` at most)


@lru_cache(maxsize=2)
def _page(text: str) -> _Page:
    """The page `text` read once (`_Page`): each kill on it looks back in it."""
    lines = tuple(text.split("\n"))
    starts, named, at = [], [], 0
    for number, line in enumerate(lines, 1):
        starts.append(at)
        named += [_Named(number, m.start(), at + m.start(), _name(m),
                         m["det"] is not None and m["det"].lower() not in _CASE_DETS)
                  for m in MENTION.finditer(line)]
        at += len(line) + 1
    return _Page(lines, tuple(starts), tuple(named), tuple(n.offset for n in named),
                 frozenset(case_lines(lines)))


def page_pods(text: str, number: int, at: int, word: str | None) -> bool:
    """Whether the pods a kill states on line `number` of `text` (its statement starting at
    column `at`; bare `pods`, or a quantifier's with `word` before `pods`: `a few web pods`)
    are the case's by the page before: the owner the page gives the kill's sentence
    (`_owners`), no workload of another's or of another name in that sentence before the kill,
    `word` part of the owner's name."""
    page = _page(text)
    told = page.starts[number - 1] + sentence_start(page.lines[number - 1], at)
    first = bisect_left(page.offsets, told)
    last = bisect_left(page.offsets, page.starts[number - 1] + at)
    owner = _owners(page, first - 1)
    if owner is None or last - first > _MOST:
        return False
    name = page.named[owner].name
    if any(n.others or (n.name and n.name != name) for n in page.named[first:last]):
        return False
    return word is None or word.lower() in _parts(name)


def _owners(page: _Page, i: int) -> int | None:
    """The index of the workload named as the case's for a kill right after `page.named[i]`
    (None for none): the latest named as the author's (`_owner`), alone in its sentence
    (`_alone`), no workload of another's (`their`, `your`) or of another name after it; found
    for each named workload once a page, in the page's order (each is weighed once)."""
    while len(page.owners) <= i:
        k = len(page.owners)
        n, before = page.named[k], (page.owners[-1] if page.owners else None)
        if n.others:
            page.owners.append(None)
        elif not n.name:
            page.owners.append(before)
        elif page.weighed < _OWNERS_WEIGHED and _owner(page, n) and _alone(page, k):
            page.owners.append(k)
        else:
            same = before is not None and page.named[before].name == n.name
            page.owners.append(before if same else None)
    return page.owners[i] if i >= 0 else None


def _alone(page: _Page, i: int) -> bool:
    """Whether the owner `page.named[i]` is the one workload its sentence names before it (the
    `_MOST` before it weighed at most)."""
    n = page.named[i]
    since = n.offset - n.start + sentence_start(page.lines[n.number - 1], n.start)
    for j in range(i - 1, max(-1, i - 1 - _MOST), -1):
        other = page.named[j]
        if page.offsets[j] < since:
            return True
        if other.others or (other.name and other.name != n.name):
            return False
    return i - 1 - _MOST < 0 or page.offsets[i - 1 - _MOST] < since


def _name(m: re.Match[str]) -> tuple[str, ...]:
    """The name a `MENTION` gives: its dashed name, or its words before the noun (none for
    `the pods`), lower-case."""
    if m["dashed"]:
        return (m["dashed"].lower(),)
    return tuple(w.lower() for w in (m["words"] or "").split())


def _parts(name: tuple[str, ...]) -> set[str]:
    """A name's words, a dashed name's parts among them (`civitai-web`: civitai, web)."""
    return {p for w in name for p in (w, *w.split("-"))}


def _owner(page: _Page, n: _Named) -> bool:
    """Whether `n` names the case's workload: a determiner of the case's or a dashed name, in a
    sentence of the author's (the first person in it, or under a heading of what was seen or
    why) that states what happened, in the past or under such a heading (counted in
    `page.weighed`)."""
    page.weighed += 1
    line = page.lines[n.number - 1]
    if not states_what_happened(line, n.start, n.start + 1):
        return False
    start = sentence_start(line, n.start)
    stop = line.find(". ", n.start, n.start + 2000)
    end = stop if stop >= 0 else min(len(line), n.start + 2000)
    return n.number in page.case or (_FIRST.search(line, start, end) is not None
                                      and _PAST.search(line, start, end) is not None)
