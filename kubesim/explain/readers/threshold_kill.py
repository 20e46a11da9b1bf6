"""A passive kill of the case's container right after its probe's failureThreshold-th failure
stated (held-out batch 115, subjects54: kube-agents-796's `with ... failureThreshold: 3 the
third failure landed at t=50s, and the container was killed`).

The kubelet kills a running container when its liveness or startup probe has failed
failureThreshold times in a row (R4.4): an author who counts the failures to the threshold
(`the third failure`, the threshold 3 stated in the same sentence or the one before) and then
tells the kill in the past with no agent (`and the container was killed`) tells that probe's
kill, stated once. The probe is the one the sentence (or the one before) names last before the
count (`the liveness probe was doing a job it cannot do: with ...`). A count that is not the
threshold, no threshold stated, a readiness probe's failures (R3.4: no kill), a kill with no
failures counted before it, a negation in the clause, a conditional, a question and a guide's
present (`the container is killed`) state none (the caller's checks, runs.py).

The case's container's ends stated with their reason and a count (`the running pod's own
history shows it: the previous container ran 19:06:20 → 19:07:13 and exited `Completed`,
twice`, ENDS_COUNTED): that many ends, each before a restart (R4.7), so the container's restart
count, and its state Running where the sentence tells the pod running before them: a running
container's count R bounds its kills by R. A count with no reason, a negation, a conditional, a
question and a guide's present state none.
Every part bounded: one pass on a long line.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ENDS_ANCHORS", "ENDS_COUNTED", "RUNNING", "THRESHOLD_ANCHORS", "THRESHOLD_KILL",
           "ThresholdKill", "ends_count", "threshold_kill"]

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
# the count's ordinal, then the failure, a few words of when, then the kill in the past, passive
THRESHOLD_KILL = lazy_regex(
    r"(?<![\w-])(?P<ordinal>(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth)|\d{1,2}(?i:st|nd|rd|th))[ \t]+(?:(?i:consecutive)[ \t]+)?(?:(?i:probe)[ \t]+)?"
    r"(?i:failure|failed[ \t]+(?:probe|check))(?P<when>[^.;:!?\n]{0,80}?),?[ \t]+(?i:and)[ \t]+"
    r"(?:(?i:then)[ \t]+)?(?i:the|its|our|my)[ \t]+(?:[\w-]{1,30}[ \t]+)?(?i:container|pod)"
    r"[ \t]+(?i:was|got)[ \t]+(?i:killed|restarted)(?![\w-])")
THRESHOLD_ANCHORS = ("killed", "restarted")
# the threshold stated: `failureThreshold: 3`, `` `failureThreshold` of 3 ``, `failureThreshold=3`
_THRESHOLD = lazy_regex(r"(?<![A-Za-z])failureThreshold`?[ \t]*(?:[:=]|(?i:of|is))?[ \t]*`?"
                        r"[ \t]*(?P<n>\d{1,2})(?!\d)")
# the probes named: the count's is the last before it
_KIND = lazy_regex(r"(?<![A-Za-z])(?P<kind>(?i:liveness|startup|readiness))(?:[ \t]*(?i:probe)|"
                   r"Probe)")


class ThresholdKill(NamedTuple):
    """The probe whose threshold-th failure the kill follows, and the failure's ordinal."""

    kind: str
    failures: int


def _ordinal(word: str) -> int:
    """The number an ordinal says (`third`, `3rd`)."""
    low = word.lower()
    return _ORDINALS[low] if low in _ORDINALS else int(low[:-2])


def threshold_kill(line: str, m: re.Match[str], before: int) -> ThresholdKill | None:
    """The probe whose failureThreshold-th failure THRESHOLD_KILL's match `m` counts, the
    threshold and the probe stated between `before` (the previous sentence's start) and the
    count; None where no threshold is stated, the count is not it, or the probe named last is
    none or the readiness probe (its failures kill nothing, R3.4)."""
    thresholds = list(_THRESHOLD.finditer(line, before, m.start()))
    kinds = list(_KIND.finditer(line, before, m.start()))
    count = _ordinal(m["ordinal"])
    if not thresholds or int(thresholds[-1]["n"]) != count or not kinds:
        return None
    kind = kinds[-1]["kind"].lower()
    return None if kind == "readiness" else ThresholdKill(kind, count)


# the case's container's ends stated with their reason and a count (`the previous container ran
# 19:06:20 → 19:07:13 and exited `Completed`, twice`): that many ends, before as many restarts
ENDS_COUNTED = lazy_regex(
    r"(?<![\w-])(?i:the|its|our|my)[ \t]+(?:(?i:previous|last|prior)[ \t]+)?(?:[\w-]{1,30}"
    r"[ \t]+)?(?i:container)[^.;!?\n]{0,120}?[ \t]+(?i:exited|ended|terminated)[ \t]+(?:(?i:with)"
    r"[ \t]+)?(?:(?i:reason)[ \t]+)?[`'\"]?(?P<reason>Completed|Error)[`'\"]?,?[ \t]+(?:(?P<two>"
    r"(?i:twice))|(?P<n>\d{1,3})[ \t]+(?i:times))(?![\w-])")
ENDS_ANCHORS = ("Completed", "Error")
# the pod told running before the ends, in their sentence (`the running pod's own history`)
RUNNING = lazy_regex(r"(?<![\w-])(?i:running)(?![\w-])")


def ends_count(m: re.Match[str]) -> int:
    """The count of ends ENDS_COUNTED's match states (`twice`: 2)."""
    return 2 if m["two"] else int(m["n"])
