"""A probe's failure of the author's own app told by a pronoun (fc55k, keel-790: `When I
install Keel using the latest Helm chart, it is repeatedly killed by kubelet because it does
not respond to liveness probes (and also fails readiness probes)`).

The corpus README's prose rules: a pronoun whose antecedent is the author's own app, its
sentence opening with the author installing, deploying or running it, tells the case's own
container (failprose54: `I have prometheus server installed ... but it keep on restarting`);
a probe's failure the case's own container has is that probe's failure, at least once, no
count (fixprose45). Read here: a sentence that opens with the author's own doing to their app
as its time (`When I install Keel ...,`, `After we deployed the chart,`), then `it` or `they`
as its main clause's subject, failing a probe (`fails readiness probes`, `is failing its
liveness probe`), right after the pronoun or joined by `and` to a clause of the pronoun's own
(`it is killed ... because it does not respond to liveness probes (and also fails readiness
probes)`: the words between name no other subject). Not answering its probe (`it does not
respond to liveness probes`, right after the pronoun or in that clause of its own) is the
probe's failure in the author's words (a refused connection, a timeout: prober.go). One probe
or a conjunction (`liveness and readiness`); each named probe failed, at least once, no
count. A readiness failure restarts nothing (R3.4), a liveness one kills only at its
threshold (R1.17): no kill is read (the kill the sentence tells is left to the kill's own
readers, or to the events beside it).

State none: a guide's `When you install ...`, an object of no case's (`a chart`, `your app`),
a conditional or a question after the opening (`if it fails ...`), a negated failing (`does
not fail`), a word of what may happen in the sentence (`may fail`, `usually`), another
subject between the pronoun and its failing (`the sidecar ... and fails`), a disjunction
(`liveness or readiness`), and a sentence that asks. Every part bounded, each place of an
anchor (`fail`, `respond`, `answer`) looked around once: one pass.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.happened import asked
from kubesim.explain.readers.hedges import HEDGES, PLACES_WEIGHED
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["PRONOUN_FAILING", "PronounFailing", "pronoun_failing", "pronoun_failing_hint"]

_KIND = r"(?i:liveness|readiness|startup)"
# one probe's kind, or a conjunction of two or three (never `or`)
_KINDS = (r"(?P<kinds>" + _KIND + r"(?:(?:[ \t]*[,/&][ \t]*|,?[ \t]+(?i:and)[ \t]+)" + _KIND
          + r"){0,2})")
# an object of no case's (`a chart`, `your app`): the author tells no app of their own
_NO_CASE_WORD = r"(?!(?i:a|an|any|some|another|other|every|each|no|your)(?![\w'-]))"
# the sentence's opening: the author's own doing to their app as its time, then the pronoun
_OPENING = (
    r"(?:^|(?<=[.!?][ \t])|(?<=\n))[ \t>*_-]{0,8}(?i:when|after|once)[ \t]+(?:I|[Ww]e)[ \t]+"
    r"(?i:install|installed|deploy|deployed|run|ran|start|started|upgrade|upgraded|"
    r"roll[ \t]+out|rolled[ \t]+out|set[ \t]+up)(?:[ \t]+" + _NO_CASE_WORD
    + r"[\w.-]{1,40}){1,10}?[ \t]*,[ \t]+(?P<pron>(?i:it|they))(?![\w'-])")
# a word of the pronoun's own clause before `and`: none that opens another subject (a
# determiner, a personal pronoun), a conditional or a modal
_OWN_WORD = (r"(?!(?i:the|a|an|this|that|these|those|which|who|my|our|your|his|her|their|its|"
             r"another|other|I|we|you|he|she|but|or|if|when|while|whether|unless|may|might|"
             r"could|would|should|can|will)(?![\w'-]))[^\s.!?;:,()]{1,40}")
_JOINED = r"(?:[ \t]+" + _OWN_WORD + r"){1,24}?[ \t]*\(?[ \t]*,?[ \t]*(?i:and)"
# the failing itself: present, past or progressive, an adverb of the telling before it
_FAILING = (r"[ \t]+(?:(?i:also|still|always|now|then|constantly|repeatedly)[ \t]+)?"
            r"(?:(?i:fails|failed)|(?i:is|are|was|were|keeps|keep|kept)[ \t]+(?i:failing))"
            r"[ \t]+(?:(?i:the|its|their|all|both)[ \t]+)?" + _KINDS
            + r"[ \t]*(?i:probes?|checks?|health[ \t-]?checks?)(?![\w-])")


def _no_answer(group: str) -> str:
    """The pronoun's app not answering its probe (`it does not respond to liveness probes`),
    its kinds in the named group `group`: the probe's failure as the kubelet reports one (a
    refused connection, a timeout: prober.go), in the author's words; the negation is the
    failure's own."""
    return (r"[ \t]+(?:(?i:does|do|did)[ \t]+(?i:not)|(?i:doesn't|don't|didn't)|"
            r"(?i:is|are|was|were)[ \t]+(?i:not))[ \t]+(?i:respond|responding|answer|answering)"
            r"[ \t]+(?i:to)[ \t]+(?:(?i:the|its|their|all)[ \t]+)?" + _KINDS.replace("kinds", group)
            + r"[ \t]*(?i:probes?|checks?|health[ \t-]?checks?)(?![\w-])")


PRONOUN_FAILING = lazy_regex(_OPENING + r"(?P<joined>" + _JOINED + r")?(?:" + _FAILING + r"|"
                             + _no_answer("kinds2") + r")",
                             # the gate (lazy.py): `_OPENING`'s time and the author, the
                             # lookbehinds before them left out (a gate may find more)
                             gates=(r"(?i:when|after|once)[ \t]+(?:I|[Ww]e)[ \t]",))
# the same not answering in the pronoun's own clause before `and` (`it is killed by kubelet
# because it does not respond to liveness probes (and also fails readiness probes)`)
_NO_ANSWER_IN = lazy_regex(r"(?<![\w'-])(?i:it|they)" + _no_answer("kinds3"))
_KIND_WORD = lazy_regex(_KIND)
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)|\n")
# a word of what may happen (the opening's own `when` is the author's doing, no guide's)
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r")(?![A-Za-z])")
_REACH = (700, 80)  # how far before and after a place of an anchor the sentence is looked for
_ANCHORS = ("fail", "respond", "answer")  # the words a failing or a not answering holds


class PronounFailing(NamedTuple):
    """The probes the sentence states failing, in the order it names them, and its words."""

    kinds: list[str]
    said: str


def pronoun_failing_hint(text: str) -> bool:
    """Whether the text may hold such a sentence (each word looked for once)."""
    low = text.lower()
    return any(w in low for w in _ANCHORS) and any(
        f"{w} i " in low or f"{w} we " in low for w in ("when", "after", "once")) and \
        (", it " in low or ", they " in low)


def pronoun_failing(line: str) -> PronounFailing | None:
    """The probes' failures the line's sentence states of the author's app by its pronoun
    (`PRONOUN_FAILING`); None without one, or in a sentence that asks or says what may
    happen. At most `PLACES_WEIGHED` places of its anchors (`_ANCHORS`) looked around."""
    low, left = line.lower(), PLACES_WEIGHED
    for anchor in _ANCHORS:
        at = low.find(anchor)
        while at >= 0 and left:
            left -= 1
            m = PRONOUN_FAILING.search(line, max(0, at - _REACH[0]), at + _REACH[1])
            if m is not None and not _unstated(line, m):
                return PronounFailing(_kinds(m), m[0].strip())
            at = low.find(anchor, at + 1)
    return None


def _kinds(m: re.Match[str]) -> list[str]:
    """The probes the match states failing: those its pronoun's own clause says the app does
    not answer (`_NO_ANSWER_IN`), then those it fails or does not answer last."""
    joined = _NO_ANSWER_IN.search(m["joined"] or "")
    words = (joined["kinds3"] if joined is not None else "") + " " + (m["kinds"] or m["kinds2"])
    return list(dict.fromkeys(k.lower() for k in _KIND_WORD.findall(words)))


def _unstated(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence asks (a question's mark at its end) or holds a word of what may
    happen (`_UNSAID`) anywhere up to its end."""
    stop = _SENTENCE_END.search(line, m.end(), m.end() + 2000)
    end = stop.start() if stop is not None else min(len(line), m.end() + 2000)
    return asked(line, m.end()) or _UNSAID.search(line, m.start(), end) is not None
