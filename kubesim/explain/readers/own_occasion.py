"""The author's own occasion of a problem: `I encounter a problem when deploying on k8s` (the
corpus README's rules: statements of the case in prose; held-out batch 85,
acme-fitness-demo-17; fixlogs86).

A `when` is a word of what may happen (runs' `_GENERAL`: `when the pod restarts, it goes into
CrashLoopBackOff`). After the author's own report of a problem met (`I`, `we`, a verb of
meeting it, `encounter`, `get`, `got`, `have`, `had`, `face`, `hit`, `ran into`, and a problem's
noun: `a problem`, `an error`, `this issue`), `when` and a gerund (`when deploying`, `when
installing`) name the occasion of the author's own run, not a rule of what happens: the case's
sentence after it states what happened (`... when deploying on k8s (1.19.2) the pos pod is in
CrashLoopBackOff mode.`). `blank_own_occasion` blanks that `when` (the line's length kept) for
the sentence tests of what happened.

Widened at fc58g (requarks-wiki-4116: `I opened this PR because when I deployed wikijs via
helm, after install the pod was crashlooping ...`): `when` and the author's own act in the past
(`I` or `we`, right after it a verb in the past: `when I deployed`, `when we upgraded`, `when I
ran`) names the occasion of the author's own run that happened once, not a rule of what
happens: blanked as the occasion after a problem met is. The present (`when I deploy`, a rule
of every run), another subject (`when you deployed`, `when the pod restarted`), a modal or an
auxiliary between (`when I would deploy`, `when I have deployed`) and a word ending in `ed`
that is no past (`when I need`) keep the `when` of what may happen.

The problem's noun may follow up to four words (`I encountered the pod crash loop backoff
error when updating`, kubeless-862; fc58g), no longer two.

Widened at fx59h (the lead's decision of stop 59, contrib-helm-chart-112: `while i am
increasing number of pods to 2 or more then the new pods are restarting continuously due to
liveliness prob failed`): `when` or `while` and the author's own act in the present
progressive (`I am`, `I'm`, `we are`, `we're`, then a word in `ing`: `when I am deploying`,
`while we are upgrading`) names the author's own occasion, as the past `when I deployed` does:
the `when` is blanked. `while` is no word of what may happen by `GENERAL`; before a restart a
probe's failure caused (runs.py `_stated_probe_restart`), a `while` of no such own act
(`while you are increasing`, `while upgrading`, `while I may be increasing`, `while the pods
are scaling`) frames what may happen, as `when` does (`unowned_while`).

Widened at fx60f (stop 60, metallb-1926: `When deploying Metallb using kustomize I'm
encountering an issue causing all speakers to be restarted ...`): the occasion fronted, `When`
and a gerund opening the clause, up to eight words after it, then the author's problem met
(`I`, `we`, maybe `'m`, `am`, `are`, `was`, `were`, a verb of meeting it and a problem's noun,
as above): the `when` is blanked, as after the problem met. A modal or a negation between the
subject and its verb (`I may encounter`, `we never hit`), another subject (`you get an error`)
and no problem met after it keep the `when` of what may happen.

Widened at fx60e (the lead's decision of stop 60, geonode-k8s-73: `when uploading a dataset
using the default resources definition from the values.yaml the celery container exceeded the
memory limits and went into `OOMKilled` state.`): `when` and a gerund with no subject opening
the sentence (`when uploading a dataset`, its comma or none) before a main clause in the simple
past whose subject is the case's (a determiner of the case's and the words naming it: `the
celery container`) names that event's occasion, as the past `When` of past_when.py and `when
I deployed` do: the `when` is blanked (`blank_gerund_when`). Before a present main clause
(`when upgrading, pods restart`, `... the container is getting OOMKilled`) it stays a guide's
framing (fx59h); a modal, a conditional or a question in the sentence keeps it of what may
happen (their own words, which stay), and a subject of no case's (`a container`, `your pod`)
is the caller's to refuse.

Unread still: `when` after no first person (`the pod crashloops when deploying`, `a problem
when deploying`), `when` and no gerund (`I get an error when the pod restarts`), a conditional
(`if`, `I may encounter a problem when deploying`: a modal between the subject and its verb), a
question.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import sentence_start
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.past_when import simple_past

__all__ = ["blank_gerund_when", "blank_own_occasion", "blank_told_past", "case_subject_before",
           "unowned_while"]

# a verb in the past: a word ending in `ed` (none of the words that end so and are no past:
# `need`, `proceed`), or an irregular past of a run's verbs
_PAST = (r"(?!(?i:need|feed|seed|speed|proceed|exceed|succeed|bleed|breed|heed|embed)(?![\w-]))"
         r"(?i:[a-z]{1,30}ed|ran|got|did|made|saw|went|built|began)")
# the author's own act in the present progressive: `I am increasing`, `we're upgrading` (a
# lower-case `i` too, as the author of contrib-helm-chart-112 writes it; fx59h); a modal or
# any other word between the subject and its verb keeps it no own act (`I may be increasing`)
_OWN_PROGRESSIVE = (r"(?:[Ii][ \t]+(?i:am)|[Ii]['\u2019](?i:m)|(?i:we)[ \t]+(?i:are)|(?i:we)['\u2019]"
                    r"(?i:re))[ \t]+(?:(?i:just|still|now)[ \t]+)?[A-Za-z]{1,30}(?i:ing)(?![\w'-])")
# the author's problem met, its verb in any tense or the progressive, right after the subject
# (`I'm encountering an issue`, `we hit a bug`): no modal nor negation between (fx60f)
_MET = (r"(?:I|(?i:we))(?:['\u2019](?i:m|re)|[ \t]+(?i:am|are|was|were))?[ \t]+(?i:encounter"
        r"(?:ed|s|ing)?|get|getting|got|have|having|had|fac(?:e|es|ed|ing)|hit|hitting|"
        r"(?:ran|run|running)[ \t]+into|met|meet|meeting)[ \t]+(?:(?i:a|an|the|"
        r"this|that|some|one)[ \t]+)?(?:[\w-]{1,30}[ \t]+){0,4}?(?i:problem|issue|error|failure|"
        r"bug)s?(?![\w'-])")
# (the subject and its verb right after each other: a modal between them, `I may encounter`,
# keeps the `when` of what may happen)
_OWN_OCCASION = lazy_regex(
    r"(?<![\w'-])(?:I|(?i:we))[ \t]+(?i:encounter(?:ed|s)?|get|got|have|had|face[ds]?|hit|"
    r"ran[ \t]+into|run[ \t]+into|met|meet)[ \t]+(?:(?i:a|an|the|this|that|some|one)[ \t]+)?"
    # (up to four words before the problem's noun: `the pod crash loop backoff error`; fc58g)
    r"(?:[\w-]{1,30}[ \t]+){0,4}?(?i:problem|issue|error|failure|bug)s?[ \t]+"
    r"(?P<when>(?i:when))[ \t]+(?=[A-Za-z]{1,30}ing(?![\w-]))"
    # (`when I deployed`: the author's own act, past, right after `when`; fc58g)
    r"|(?<![\w'-])(?P<past>(?i:when))[ \t]+(?=(?:I|(?i:we))[ \t]+(?:" + _PAST + r")(?![\w'-]))"
    # (`when I am increasing`: the author's own act, present progressive; fx59h)
    r"|(?<![\w'-])(?P<progressive>(?i:when))[ \t]+(?=" + _OWN_PROGRESSIVE + r")"
    # (`When deploying Metallb using kustomize I'm encountering an issue`: the occasion's
    # `when` and gerund opening the sentence, the author's problem met after it; fx60f)
    r"|(?<![\w'-])(?P<fronted>(?i:when))[ \t]+(?=[A-Za-z]{1,30}(?i:ing)(?![\w'-])"
    r"(?:[ \t,]+[\w.'/-]{1,63}){0,8}?[ \t,]+" + _MET + r")")
# a `while` before what the sentence states, its clause no own act of the author's (neither
# `_OWN_PROGRESSIVE` nor `I`/`we` and a past right after it): what may happen (fx59h)
_UNOWNED_WHILE = lazy_regex(
    r"(?<![\w'-])(?i:while)[ \t]+(?!" + _OWN_PROGRESSIVE + r"|(?:[Ii]|(?i:we))[ \t]+(?:" + _PAST
    + r")(?![\w'-]))")


def blank_own_occasion(line: str) -> str:
    """The line with the `when` of each of the author's own occasions of a problem
    (`_OWN_OCCASION`) blanked to spaces, its length kept (one pass)."""
    return _OWN_OCCASION.sub(_blank_when, line)


# `When I` or `When we` and the author's own act in the present, opening its sentence (`When I
# install free5gc helm chart using: ... my all pods were in CrashLoopBackOff state.`,
# towards5gs-helm-93; stop 60, fx60b): a modal or an auxiliary right after the subject keeps
# the `when` of what may happen (`When I would install`, `When I do install`)
_PRESENT_OWN = lazy_regex(
    r"[ \t>*_-]{0,6}(?P<when>(?i:when))[ \t]+(?=(?:I|(?i:we))[ \t]+(?!(?i:will|would|can|could|"
    r"may|might|must|shall|should|do|does|did|am|are|was|were|have|has|had|need|want|try)"
    r"(?![\w'-]))[a-z]{2,30}(?![\w'-]))")


def blank_told_past(line: str, start: int) -> str:
    """The line with a `When I <act>` opening the sentence of line[start:] blanked (its length
    kept), for a statement told in the past after it: the author's act in the present with the
    case told in the past (`When I install ..., my all pods were in CrashLoopBackOff`) tells
    that run, which happened, as fc58g's `when I deployed` does; the present after it (`my
    pods are in CrashLoopBackOff`) stays a rule of every run, the caller's to tell apart."""
    begin = sentence_start(line, start)
    m = _PRESENT_OWN.match(line, begin, start)
    if m is None:
        return line
    return line[:m.start("when")] + "    " + line[m.end("when"):]


# `when` and a gerund, no subject, opening the sentence (`when uploading a dataset ...`; a
# list's, a quote's or emphasis's mark before it aside): a verb's `-ing`, no noun that ends so
# (`when nothing changed`, `when morning came`, `during`)
_GERUND_WHEN = lazy_regex(
    r"[ \t>*_-]{0,6}(?P<when>(?i:when))[ \t]+(?!(?i:(?:no|some|any|every)?thing|morning|evening|"
    r"during|spring|string|ceiling|king|ring|wing|sibling|ping)(?![\w'-]))"
    r"[A-Za-z]{3,30}(?<=[iI][nN][gG])(?![\w'-])")
_SENTENCE_STOP = lazy_regex(r"[.!?](?=\s|$)")


def blank_gerund_when(line: str, subject: int, end: int) -> str:
    """The line with a `when` and a gerund opening the sentence of line[subject:end] blanked
    (its length kept), where the main clause, from the statement's subject at `subject` (the
    case's: the caller's to tell) to the sentence's end, is in the simple past with no present,
    future or modal verb (past_when.simple_past): the occasion of the event it states (fx60e).
    The line as it is else."""
    m = _GERUND_WHEN.match(line, sentence_start(line, subject), subject)
    if m is None:
        return line
    stop = _SENTENCE_STOP.search(line, end, end + SENTENCE_REACH)
    if not simple_past(line[subject:stop.start() if stop is not None else end + SENTENCE_REACH]):
        return line
    return line[:m.start("when")] + "    " + line[m.end("when"):]


# a determiner of the case's (crashcatch55's subject rule: `the`, `my`, `our`, `this`, `these`,
# `those`), then up to three words naming the pod or container before its noun
_CASE_DET = lazy_regex(r"(?<![\w'-])(?i:the|my|our|this|these|those)[ \t]+")
_NAMING = lazy_regex(r"(?:(?!(?i:a|an|any|your|their|other|another)[ \t])[\w.`'-]{1,63}[ \t]+){0,3}")


def case_subject_before(line: str, noun: int) -> int | None:
    """Where the case's subject whose noun (`pod`, `container`) starts at `noun` opens: its
    determiner of the case's (`_CASE_DET`) and up to three words before the noun (`the celery
    container`); None where no such determiner stands there (`a container`, `your pod`)."""
    dets = list(_CASE_DET.finditer(line, max(0, noun - 260), noun))
    if not dets or _NAMING.fullmatch(line, dets[-1].end(), noun) is None:
        return None
    return dets[-1].start()


def unowned_while(line: str, start: int, end: int) -> bool:
    """Whether line[start:end] (a sentence's words before what it states) holds a `while` of
    no own act of the author's (`_UNOWNED_WHILE`): a frame of what may happen (fx59h)."""
    return _UNOWNED_WHILE.search(line, start, end) is not None


def _blank_when(m: re.Match[str]) -> str:
    """The match with its `when` (after a problem met, or before the author's past act or
    own act in the present progressive) blanked to spaces."""
    group = next(g for g in ("when", "past", "progressive", "fronted") if m[g] is not None)
    return m[0][:m.start(group) - m.start()] + "    " + m[0][m.end(group) - m.start():]
