"""A probe named as the agent of the case's kill in the present of a diagnosis (fixprose53a,
held-out batch 114: nicolerenee-infra-2060's `## Diagnosis ... so liveness kills it
mid-startup, forever`, hertzbeat-helm-chart-23's `## What's changed? ... The bare
`livenessProbe` (tcpSocket 1157, ...) kills the container ~30s after start`).

stated_kill.py reads the probe as the agent of a kill in the past (`the liveness probe killed
the pod`); the present (`kills`) is a guide's tense there. A pull request's or an issue's
author tells their own case in the present too, where the text says it is theirs: the
sentence sits in a section of what was seen or why (`## Problem`, `**Diagnosis**`, `Root
cause:`, `## Why`: sections.case_lines), or the sentence itself says it keeps
happening to it (`forever`, `on every restart`, `never recovers`: `TOLD_HERE`), or tells a
past crash loop of the case's pod before the kill (`Pod was crash-looping — liveness probe's
tight defaults (...) kill the container before Spring Boot finishes starting`,
digit-devops-4893, widened at fixprose53d: `CRASH_LOOPED`; the subject the probe's settings
then, the verb `kill`). The object
is the case's own (`the container`, `the api pod`, `it`), not `pods`, `a pod` or `containers`.

Widened at killprose54 (held-out batch 116: ol-infrastructure-5164's `The kubelet kills
`efs-plugin` on liveness-probe failure`, aicr-1693's `That removes the `/healthz` endpoint the
`ebs-plugin` livenessProbe depends on → kubelet restarts `ebs-plugin` → Cra`): the kubelet (or
Kubernetes) named as the agent of the kill or restart of the case's container named by its own
name (`KUBELET_KILL`), the cause a liveness or startup probe's failure after it (`on`, `after`,
`because of`, `due to` the failure) or the step of a chain of arrows right before it naming that
probe (`chain_kind`). R4.4: the kubelet kills (and so restarts) a running container for a probe
only by liveness or startup. In the present it tells the case where the text does (as above),
or where the record states a crash loop (`crash_loop_told`: a crash loop follows ends, R4.8,
and the kill named for the container by its name is their cause, as `CRASH_LOOPED`'s is).
Read so, it is that probe's failure and at least one kill of it (R4.4: the kubelet kills a
container whose liveness or startup probe failed failureThreshold times in a row), stated
once, no count. Readiness never kills (R4.4). A conditional (`kills the container if /health
isn't serving yet`, `when it hangs`), a negation before the verb, a question and a sentence
of what may happen are weighed by the caller (happened.py) and state none; a guide's present
under no heading of a case and with no word of its own case stays unread.

Widened at fc55r (held-out batch 127, azureml-examples-3983: a platform relaying the kubelet's
words, `User container has crashed or terminated: Liveness probe failed: HTTP probe failed with
statuscode: 502.`): a container's end told in the past (`has crashed`, `was terminated`,
`crashed or terminated`, `was killed`, `restarted`) right before a colon and the kubelet's
message of a liveness or startup probe's failure (`ENDED_FOR`): the message is the end's stated
cause, and a container ended for that probe's failure was killed by it (R4.4: the kubelet kills
a running container for a probe only by liveness or startup), at least once, no count. A
readiness probe's message so placed is no kill (R3.4: readiness never ends a container); a
conditional, a question's word, a negation or another's container before it (`if the
container has crashed:`, `another container was killed:`) states none.

Widened at pagectx56 (the README's page-context rule, stop 56): `KUBELET_KILL`'s object may be
bare `pods` (`barepods`), and, with a quantifier's, is the case's where the page before names
the case's workload (page_context.page_pods, weighed by runs.py's `_pods_of_case`:
rubygems-org-6342's `Kubernetes had killed a few web pods` after `the web service` on which
`we` were paged); its agent may be the kubelet's own probe that kills (`agentkind`: civitai-
2278's `Kubelet's `livenessProbe` counted those 500s as failures and killed pods`, the
counting of the failures before the kill, `_COUNTED`): that probe's kill (R4.4), no container
named. A readiness probe so named matches nothing (R3.4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.stated_crashloop import QUANTIFIED

__all__ = ["CRASH_LOOPED", "ENDED_FOR", "FAILURE_RESTARTING", "FAILURE_WORDS", "GUESS", "KILLS_ANCHORS",
           "KUBELET_ANCHORS", "KUBELET_KILL", "PRESENT_KILL", "TOLD_HERE", "chain_kind",
           "crash_loop_told", "crash_looped", "ended_for", "present_kills", "timed"]

# a container's end told in the past right before a colon (fc55r): `User container has crashed
# or terminated: `, `container was killed: `; the kubelet's message of the probe follows it
# (widened at fc57a, loki-605's `Found Loki pod crashed with error:  "Liveness probe failed:
# ..."`: the case's pod as the container's, `with error` between the end and its colon, the
# message opening in a double quote)
ENDED_FOR = lazy_regex(
    r"(?<![\w'-])(?:(?P<det>[\w.-]{1,63})[ \t]+)?(?i:container|pod)[ \t]+(?:(?i:has|had|was|have|"
    r"were)[ \t]+)?(?:(?i:been)[ \t]+)?(?i:crashed|terminated|killed|restarted|exited)"
    r"(?:[ \t]+(?i:or|and)[ \t]+(?:(?i:been|was)[ \t]+)?(?i:crashed|terminated|killed|"
    r"restarted|exited))?(?:[ \t]+(?i:with)[ \t]+(?:(?i:an|the|this)[ \t]+)?(?i:error|reason|"
    r"message))?[ \t]*:[ \t]*[\"\u201c]?\Z")
# a word in the sentence before the end that makes it not told as happened (a condition, a
# question's word, a negation, a modal), and a determiner of no case's before the container
_ENDED_NOT = lazy_regex(r"(?<![\w'-])(?i:if|when|whenever|unless|whether|once|not|never|will|"
                        r"would|may|might|can|could|should|why|how)(?![\w'-])")
_ENDED_OTHER = frozenset({"another", "other", "any", "your", "their", "a", "an", "some", "every",
                          "each", "no", "his", "her"})


# the probe (its kind; `probe`, `check`, or a manifest's key in a code span: `livenessProbe`),
# a parenthesis or a dash's aside of its settings, then `kills` and the case's own object.
# Every part bounded, no nested repetition (one pass on a long line)
PRESENT_KILL = lazy_regex(
    r"(?<![A-Za-z])(?:(?i:the|its|our|my|this)[ \t]+(?:(?i:bare|default|existing|current|same)"
    r"[ \t]+)?)?`?(?P<kind>(?i:liveness|startup))(?:[ \t]+(?i:probes?|checks?)|Probe)?`?"
    r"(?:['\u2019]s[ \t]+(?:(?i:tight|short|aggressive|strict|default|current)[ \t]+)?"
    r"(?i:defaults|settings|timeouts|thresholds|timings))?"
    r"(?:[ \t]*\((?P<paren>[^()\n]{0,200})\)|[ \t]+(?:\u2014|\u2013|--)[ \t](?P<dash>[^\u2014\u2013\n]"
    r"{0,200}?)[ \t](?:\u2014|\u2013|--))?[ \t]+(?P<verb>(?:(?i:then|just|simply|still|always"
    r"|repeatedly)[ \t]+)?(?i:kills?)[ \t]+(?:(?i:my|our|the|this|its)[ \t]+(?:[\w.-]{1,63}[ \t]+)?"
    r"(?i:pod|container|app|application|service|process)|(?i:it))(?![\w'\u2019-]))")
KILLS_ANCHORS = ("kill", "Kill", "KILL")  # (`kills`; `kill` after the probe's settings)
# the sentence's own words of the case it keeps happening to
# a past crash loop of the case's pod before the kill in its sentence (fixprose53d,
# digit-devops-4893: `Pod was crash-looping — liveness probe's tight defaults (...) kill the
# container before Spring Boot finishes starting`): a determiner of the case's, or a sentence
# opening on `Pod` or `Container` with its article dropped, as a note's (`bare`); `a pod`,
# `pods` and the present are no case's past
CRASH_LOOPED = lazy_regex(
    r"(?:(?<![\w.'-])(?i:the|our|my|this)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pod|container)"
    r"|(?P<bare>(?<![\w.'-])(?:Pod|Container)))[ \t]+(?i:was|had[ \t]+been|kept)[ \t]+"
    r"(?:(?i:crash-?looping|crash[ \t]+looping|crashing)|(?i:in|stuck[ \t]+in)[ \t]+`?CrashLoopBackOff`?)"
    r"(?![\w-])")
# a guess of the kill's cause (`maybe the liveness probe kills it`): the author's hedge, no
# telling of what happened
GUESS = lazy_regex(r"(?<![A-Za-z])(?i:maybe|perhaps|probably|possibly|likely|presumably|suspect"
                    r"|I[ \t]+(?:think|guess))(?![A-Za-z])")
# a clause of time opening on `once` (or `as soon as`) before the kill in its sentence, closed by
# its comma (fc57d, typekro-230: `Once loading exceeds roughly 90 seconds, the liveness probe
# kills the container before it finishes`): a guide's time, as `when it hangs` is (README,
# fixprose53a); `once again`, `once more` (a repetition told) and `at once` open none, and
# `once` as an adverb of count (`killed it once`) follows its verb, no clause before the kill
_TIMED = lazy_regex(r"(?<![\w'-])(?<!(?i:at)[ \t])(?:(?i:once)(?![ \t]+(?i:again|more)(?![\w'-]))"
                    r"|(?i:as[ \t]+soon[ \t]+as))[ \t]+[^,;.\n]{1,300}?,")


def timed(line: str, start: int, at: int) -> bool:
    """Whether the words of a sentence from `start` to the kill at `at` open a clause of time
    before it (`_TIMED`: `Once loading exceeds roughly 90 seconds, ...`): a guide's time."""
    return _TIMED.search(line, start, at) is not None


TOLD_HERE = lazy_regex(r"(?<![A-Za-z])(?i:forever|on[ \t]+(?:every|each)[ \t]+(?:re)?(?:start|boot|attempt)"
                       r"|never[ \t]+recover(?:s|ed)?)(?![A-Za-z])")


# the kubelet (or Kubernetes) as the agent, its verb of a kill or restart, the case's container
# named by its own name (a code span, or a name of dash-parted parts), then maybe the failure of
# a probe that kills as the cause. Every part bounded, no nested repetition
# (probekill55) or the case's health check as the agent (`the pod's health check restarted the
# pod`): a check that kills is a failing liveness or startup probe's (R4.4), its kind not told
_AGENT = (r"(?<![\w-])(?:(?:(?i:the)[ \t]+)?(?i:kubelet|kubernetes|k8s)"
          # (pagectx56) the kubelet's own probe that kills named as the agent (civitai-2278:
          # `Kubelet's `livenessProbe` counted those 500s as failures and killed pods`): the
          # kubelet kills for that probe's failures (R4.4), its kind told here
          r"(?:['\u2019]s[ \t]+`?(?P<agentkind>(?i:liveness|startup))(?:[ \t]+(?i:probes?)|Probe)`?)?"
          r"|(?P<checker>(?i:the|its|our|my)[ \t]+(?:(?i:pod)['\u2019]s[ \t]+)?"
          r"(?i:health[ \t-]?checks?|healthchecks?)))")
# (pagectx56) the agent counting the probe's results as failures before its kill (`counted
# those 500s as failures and killed`): the kubelet kills at the failureThreshold-th failure
# it counts (R4.4)
_COUNTED = (r"(?:(?i:counted)[ \t]+(?:[\w.`'-]{1,40}[ \t]+){0,4}?(?i:as)[ \t]+"
            r"(?i:failures?|failed)[ \t]*,?[ \t]+(?i:and)[ \t]+)?")
_VERB = (r"(?P<verb>(?i:kills|killed|restarts|restarted|(?:had|has)[ \t]+(?:killed|restarted)"
         r"|(?:keeps|kept|is|was)[ \t]+(?:killing|restarting)))")
_NAMED = (r"(?:`(?P<coded>[A-Za-z0-9][\w.-]{0,62})`"
          r"|(?P<dashed>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})(?![\w-])(?!\.\w)"
          # (probekill55) the case's own pod or container by a determiner of the case's (`the
          # pod`, `our web pods`, `my container`): read with a failing check after it only
          r"|(?P<own>(?i:the|our|my|its)[ \t]+(?:[\w.-]{1,63}[ \t]+)?(?i:pods?|containers?))"
          # or a quantifier before pods of the author's service (failprose54's rule as it is:
          # `some API pods` after `our API` in the sentence, stated_crashloop.own_service)
          r"|(?P<quant>" + QUANTIFIED + r"(?:[ \t]+(?i:of)[ \t]+(?P<own2>(?i:our|my|the)))?)[ \t]+"
          r"(?:(?P<word>[\w.-]{1,63})[ \t]+)?(?i:pods|containers)"
          r"(?![\w-])"
          # (pagectx56) or bare `pods`: the case's only by the page before it (page_context.py)
          r"|(?P<barepods>(?i:pods))(?![\w-]))")
_FAILURE = (r"[ \t]+(?i:on|upon|after|because[ \t]+of|due[ \t]+to)[ \t]+"
            r"(?:(?i:a|its|the|their|each|every|repeated|consecutive|\d{1,3})[ \t]+){0,2}`?"
            r"(?P<kind>(?i:liveness|startup))(?:[ \t]*-?[ \t]*(?i:probes?|checks?)|Probe)?`?[ \t]+"
            r"(?i:failures?|failing)(?![\w-])")
# (probekill55) a failing check that names no probe's kind as the cause (`due to the health
# check failing`, `because its health checks failed`, `after failed health checks`): the kubelet
# kills a running container for a check only by its liveness or startup probe (R4.1, R4.4;
# readiness kills nothing, R3.4), so a probe's kill, which one not told; a kind named before the
# check is `_FAILURE`'s (liveness, startup) or none (readiness: no kill of its)
def _check(name: str) -> str:
    """A check or probe naming no kind, as group `name`."""
    return rf"(?P<{name}>(?i:health[ \t-]?checks?|healthchecks?|checks?|probes?))"


_CAUSE_WORD = r"[ \t]+(?i:on|upon|after|because[ \t]+of|due[ \t]+to)[ \t]+"
_DETS = r"(?:(?i:a|its|the|their|each|every|repeated|consecutive|\d{1,3})[ \t]+){0,2}"
_CHECK_FAILURE = (
    _CAUSE_WORD + _DETS + r"(?i:failing|failed)[ \t]+" + _check("check")
    + r"|" + _CAUSE_WORD + _DETS + _check("check2") + r"[ \t]+(?i:failures?|failing)"
    + r"|[ \t]+(?i:because|as|since)[ \t]+(?i:a|its|the|their)[ \t]+"
    + _check("check3") + r"[ \t]+(?i:failed|(?:was|were|kept)[ \t]+failing)")
KUBELET_KILL = lazy_regex(_AGENT + r"[ \t]+" + _COUNTED + _VERB + r"[ \t]+" + _NAMED + r"(?:" + _FAILURE
                          + r"|(?:" + _CHECK_FAILURE + r")(?![\w-]))?")
KUBELET_ANCHORS = ("kubelet", "Kubelet", "KUBELET", "kubernetes", "Kubernetes", "k8s", "K8s",
                   "health", "Health")
# a probe's failure as the subject of a participle of restarting or killing, a note's style with
# no finite verb (killprose54, abd-vro-2538: `Liveness probe failure blocking bgs-api deployment
# and restarting continously`): right after the failure, or after another participle's clause
# joined by `and`; `failures and restarts` (two nouns) and `failures and restarting` (no clause
# of the failure's between) state no cause (the README's rule of fixprose45)
FAILURE_RESTARTING = lazy_regex(
    r"(?<![A-Za-z])(?P<kind>(?i:liveness|startup))(?:[ \t]*-?[ \t]*(?i:probes?|checks?)|Probe)?[ \t]+"
    r"(?i:failures?)(?:[ \t]+(?P<other>[a-z]{2,30}ing)(?:[ \t]+[\w`.-]{1,63}){0,4}?[ \t]+(?i:and))?"
    r"[ \t]+(?P<verb>(?i:restarting|killing))(?![\w-])")
FAILURE_WORDS = ("failure", "Failure", "FAILURE")
# an arrow of a chain of causes (`→`, `->`, `=>`, `⇒`) right before the kubelet, and the probe
# its step names
_ARROW_END = lazy_regex(r"(?:\u2192|\u21d2|->|=>)[ \t]*\Z")
_ARROW = lazy_regex(r"\u2192|\u21d2|->|=>")
_STEP_KIND = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|startup|readiness))(?![a-z])")
_STEP_NOT = lazy_regex(r"(?<![\w'-])(?i:not|never|no|without|doesn['\u2019]t|don['\u2019]t)(?![\w'-])")
# a crash loop the record states (`CrashLoopBackOff`, `crash looping`, an alert's
# `PodCrashLooping`)
_CRASH_LOOP = lazy_regex(r"CrashLoop|(?<![A-Za-z])(?i:crash)[ \t-]?(?i:loop)")


def chain_kind(line: str, at: int, start: int) -> str | None:
    """The probe that kills (liveness or startup) the step of a chain of arrows right before
    line[at] names (`... the `ebs-plugin` livenessProbe depends on → kubelet restarts ...`):
    the words from the step's start (the arrow before it, or `start`, the sentence's) to the
    arrow; None without an arrow right before, a step naming no probe that kills or both of
    them (which one, not told), or a negation in the step."""
    before = max(start, at - 400)
    arrow = _ARROW_END.search(line, before, at)
    if arrow is None:
        return None
    begins = [m.end() for m in _ARROW.finditer(line, before, arrow.start())]
    step = line[begins[-1] if begins else before:arrow.start()]
    kinds = {m["kind"].lower() for m in _STEP_KIND.finditer(step)} - {"readiness"}
    if len(kinds) != 1 or _STEP_NOT.search(step) is not None:
        return None
    return kinds.pop()


def crash_loop_told(text: str, told: Callable[[str, int], bool], most: int = 16) -> bool:
    """Whether the record states a crash loop (`_CRASH_LOOP`) in a sentence that tells what
    happened (`told(line, at)`), at most `most` places looked at."""
    for m in _CRASH_LOOP.finditer(text):
        most -= 1
        if most < 0:
            return False
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        if told(text[start:end if end >= 0 else len(text)], m.start() - start):
            return True
    return False


def crash_looped(line: str, start: int, end: int) -> bool:
    """Whether line[start:end] (a sentence's words before a kill; `start` its start) tells a
    past crash loop of the case's pod (`CRASH_LOOPED`): a crash loop follows ends (R4.8), so
    the kill the sentence gives as its cause is a telling of the case, not a guide's present.
    A bare `Pod` counts only where it opens the sentence (a note's dropped article); a guess
    in the sentence before the kill (`maybe`) tells none."""
    if GUESS.search(line, start, end) is not None:
        return False
    for m in CRASH_LOOPED.finditer(line, start, end):
        if not m["bare"] or not line[start:m.start()].strip(" \t-*>#"):
            return True
    return False


def present_kills(line: str, most: int = 64) -> Iterator[re.Match[str]]:
    """`PRESENT_KILL`'s matches around each `kills` of the line, in order, at most `most`
    places looked around (a sentence holds few; a hostile line's every `kills` is never a
    start the pattern is tried from with a long reach)."""
    at, end = _next_kills(line, 0), 0
    while at >= 0 and most > 0:
        most -= 1
        m = PRESENT_KILL.search(line, max(end, at - 300), at + 5 + 120)
        if m is not None and m.start("verb") <= at < m.end():
            end = m.end()
            yield m
        at = _next_kills(line, at + 1)


def _next_kills(line: str, start: int) -> int:
    """Where the next `kills` (any of `KILLS_ANCHORS`) of the line from `start` is; -1 without."""
    places = [p for p in (line.find(w, start) for w in KILLS_ANCHORS) if p >= 0]
    return min(places) if places else -1


def ended_for(text: str, at: int, kind: str) -> bool:
    """Whether the kubelet's message of a `kind` probe's failure starting at text[at] is given
    as the stated cause of a container's end told right before it (`ENDED_FOR`): liveness or
    startup only (R4.4; readiness kills nothing, R3.4), no word of a condition, a question,
    a negation or another's container in the sentence before it (`_ENDED_NOT`)."""
    if kind.lower() not in ("liveness", "startup"):
        return False
    start = max(0, at - 200)
    m = ENDED_FOR.search(text, start, at)
    if m is None:
        return False
    if (m["det"] or "").lower() in _ENDED_OTHER:
        return False
    stop = max(text.rfind(". ", start, m.start()), text.rfind("? ", start, m.start()))
    return _ENDED_NOT.search(text, stop + 1 if stop >= 0 else start, m.end()) is None
