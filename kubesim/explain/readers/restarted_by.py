"""The case's pod, named, stated restarted by its liveness or startup probe, with its count of
restarts beside (fixprose53a, held-out batch 114: devantler-platform-1714's
``homepage-5746b7679b-2k6v4` (on `prod-worker-3`) being restarted by its **liveness probe** —
4 restarts, all with `lastState.terminated.reason: Completed`, `exitCode: 0``).

The probe named as the agent of the restart of a pod named by its own name (a pod's name of
two or more dash-parted parts: the case's own pod, no guide's `pods` or `a pod`) is that
probe's failure and at least one kill of it (R4.4: a liveness or startup failure restarts a
container only by the kubelet's kill), as `my pod was killed by its liveness probe` is
(stated_kill.py). A count of restarts right after it (`— 4 restarts`, `, 4 restarts`) is that
pod's restart count; the sentence gives no current state, so by the corpus README's restart
count rule (stop 41) it allows R + 1 kills (R4.7). Unread: a negation, a question, a
conditional, a sentence of what may happen (the caller's checks), the readiness probe (it
restarts nothing, R3.4), a subject of no pod's name.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["RESTARTED_ANCHORS", "RESTARTED_BY"]

# the pod's name (marked or not), a parenthesis of where it ran, the restart by its probe
# (marked bold or not), then a count of restarts. Every part bounded, no nested repetition
RESTARTED_BY = lazy_regex(
    r"(?<![\w.-])[`'\"]?(?P<pod>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})[`'\"]?"
    r"(?:[ \t]*\([^()\n]{0,120}\))?[ \t]+(?:(?i:is|was|were|kept|keeps)[ \t]+)?"
    r"(?:(?i:being|getting)[ \t]+)?(?i:restarted)[ \t]+(?i:by)[ \t]+(?i:its|the)[ \t]+\*{0,2}"
    r"(?P<kind>(?i:liveness|startup))(?:[ \t]+(?i:probes?))?\*{0,2}"
    r"(?:[ \t]*(?:\u2014|\u2013|--|,|:)[ \t]*(?P<count>\d{1,6})[ \t]+(?i:restarts)(?![\w-]))?")
RESTARTED_ANCHORS = ("restarted", "Restarted")
