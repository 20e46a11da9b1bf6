"""A `When` clause of a narrative of what happened: `When the pods restarted with the new
container, they were marked as healthy by Kubernetes ...` under a post-mortem's `What
happened?` (the corpus README's rules: statements of the case in prose; the lead's decision of
stop 59, fx59f, floofy-meta-20240729-post-mortem).

A `when` is a word of what may happen (happened.GENERAL: `When the pod restarts, it goes into
CrashLoopBackOff`, a guide's rule). In a narrative of what happened (a post-mortem's page, a
line under a heading of what happened or was seen: `narrative_lines`), a `When` opening its
sentence whose clause is in the simple past (`restarted`, `was deployed`: a past verb, no
present, future or modal one) and whose main clause after its comma is in the simple past too,
with no modal (`they were marked`, `Kubernetes killed it`), tells when something happened once:
its event happened, and so did the main clause's. `blank_past_when` blanks that `When` (the
line's length kept) for the sentence tests of what happened; the statement's own rules then read
the clause's or the main clause's words.

Kept as words of what may happen: a present clause (`When the pod restarts, ...`), a main clause
in the present, the future or with a modal (`When the pod restarted, it would lose its cache`,
`could`, `will`), `whenever` (no `When`), a `when` inside its sentence, a page of no narrative (an
issue's description with no heading of what happened, a guide: stop 58's `When the node
restarted, the pod was crashlooping` stays unread there). A question, a conditional, a negation,
`a pod` and another's pod stay the statement's own rules' to refuse.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kubesim.explain.readers.happened import sentence_start
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["NARRATIVE_TITLE", "blank_past_when", "narrative_lines", "simple_past"]

# a sentence's `When`, capitalised (it opens its sentence: checked in `_opens`), its clause to
# the first comma, then the main clause to its end (the next comma, stop or colon); each a run
# of one class, bounded, read on a line's first `SENTENCE_REACH` characters only
_WHEN = lazy_regex(r"(?<![\w'-])When[ \t]+(?P<clause>[^,.;:!?\n]{1,300}),[ \t]+"
                   r"(?P<main>[^,.;:!?\n]{1,300})")
# a verb in the simple past: `was`, `were`, `had`, `did`, an irregular past of a run's verbs, a
# word ending in `ed` (none of the words that end so and are no past: `need`, `speed`)
_PAST = lazy_regex(
    r"(?<![\w'-])(?:(?i:was|were|had|did|ran|got|went|came|began|fell|broke|kept|took|left|"
    r"became|saw|made|built)"
    r"|(?!(?i:need|feed|seed|speed|proceed|exceed|succeed|bleed|breed|heed|embed|red|bed|"
    r"shed)(?![\w'-]))[A-Za-z]{1,30}ed)(?![\w'-])")
# a present, future or modal verb: the clause is a rule's, a condition's or a wish's
_NOT_PAST = lazy_regex(
    r"(?<![\w'-])(?i:is|are|am|be|will|would|shall|should|can|could|may|might|must|do|does|"
    r"has|have|gets?|becomes?|happens?|won['\u2019]t|wouldn['\u2019]t|couldn['\u2019]t|"
    r"can['\u2019]t|isn['\u2019]t|aren['\u2019]t)(?![\w'-])|['\u2019](?i:s|re|ll|d)(?![\w'-])")
# what opens a sentence before its `When`: a list's mark, a quote's, emphasis
_OPENS = lazy_regex(r"[ \t>*_#-]*")
# a page's title naming it a narrative of what happened (`2024-07-29 Post Mortem`, `Incident
# report: ...`): a post-mortem or an incident's report
NARRATIVE_TITLE = lazy_regex(
    r"(?<![A-Za-z])(?i:post[ \t-]?mortem|incident[ \t-](?:report|review|summary|analysis|"
    r"retrospective))(?![A-Za-z])")


def blank_past_when(line: str) -> str:
    """The line with each `When` of a past event and a past main clause (`_WHEN`, module
    docstring) blanked to spaces, its length kept (its first `SENTENCE_REACH` characters)."""
    reach = line[:SENTENCE_REACH]
    return _WHEN.sub(lambda m: _blanked(reach, m), reach) + line[SENTENCE_REACH:]


def _blanked(line: str, m: re.Match[str]) -> str:
    """The match with its `When` blanked where it opens its sentence and both its clauses are
    in the simple past (no present, future or modal verb); the match as it is else."""
    start = sentence_start(line, m.start())
    if _OPENS.fullmatch(line, start, m.start()) is None or \
            not all(simple_past(m[group]) for group in ("clause", "main")):
        return m[0]
    return "    " + m[0][4:]


def simple_past(words: str) -> bool:
    """Whether the words hold a verb in the simple past and no present, future or modal one."""
    return _PAST.search(words) is not None and _NOT_PAST.search(words) is None


def narrative_lines(lines: Sequence[str], told: set[int], title: int | None) -> set[int]:
    """The (1-based) numbers of the lines of a narrative of what happened: every line of a page
    whose title (`title`, its line's number) names a post-mortem or an incident's report
    (`NARRATIVE_TITLE`), else the lines under a heading of what happened (`told`)."""
    if title is not None and NARRATIVE_TITLE.search(lines[title - 1][:200]) is not None:
        return set(range(1, len(lines) + 1))
    return told
