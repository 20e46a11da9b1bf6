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
Read so, it is that probe's failure and at least one kill of it (R4.4: the kubelet kills a
container whose liveness or startup probe failed failureThreshold times in a row), stated
once, no count. Readiness never kills (R4.4). A conditional (`kills the container if /health
isn't serving yet`, `when it hangs`), a negation before the verb, a question and a sentence
of what may happen are weighed by the caller (happened.py) and state none; a guide's present
under no heading of a case and with no word of its own case stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["CRASH_LOOPED", "GUESS", "KILLS_ANCHORS", "PRESENT_KILL", "TOLD_HERE",
           "crash_looped", "present_kills"]

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
TOLD_HERE = lazy_regex(r"(?<![A-Za-z])(?i:forever|on[ \t]+(?:every|each)[ \t]+(?:re)?(?:start|boot|attempt)"
                       r"|never[ \t]+recover(?:s|ed)?)(?![A-Za-z])")


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
