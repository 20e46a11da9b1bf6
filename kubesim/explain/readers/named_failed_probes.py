"""A pod the author names by its own name stated to have failed its probes, their kind not
told (fc58d, held-out batch 141, traefik-9238: `traefik-dc6f7f644-l9522 this pod failed probes
at at 2022-08-10T15:58:35-04:00. At the same time, CPU spiked ...`).

The corpus README's rule of stop 58 (fc58d): the case's pod named by its own name (a generated
name, dash-parted with a part holding a digit: a ReplicaSet's hash, a StatefulSet's ordinal;
one name, one pod), maybe followed by `this pod` or `the pod` (the author's pointing back at
the name), as the subject of `failed` in the past (`failed`, `has failed`, `had failed`) with
probes or health checks as its object, no kind named (`failed probes`, `failed its probes`,
`failed the health checks`), is that pod's probe failure, at least once, no count: some probe
failed, which one the record does not say, so it may be a liveness or startup one, which kills
at its threshold (R1.17), or a readiness one, which kills nothing (R3.4): what ended the
container, if anything did, cannot be told, and kills are not ruled out. It is read as the
kubelet's Unhealthy row of that pod whose message names no probe (the kubelet's own always
names one, prober.go: the line is made, and says so), as a message cut before the probe's name
is read.

Unread: a kind named (`failed liveness probes`: the readers of a named probe's failures), a
subject of no pod's name (`a pod`, `pods`, `the traefik pod`, a name with no generated part),
the present (`fails probes`: a guide's general present), a negation (`never failed`, `has not
failed`), a question, a conditional and a sentence of what may happen (the caller's checks).
Every part bounded, no nested repetition over the same characters: one pass.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["NAMED_FAILED_ANCHORS", "NAMED_FAILED_PROBES", "named_failed_hint", "named_failed_probe_row"]

# a pod's generated name: two to eleven dash-parted parts, one of them holding a digit (the
# lookahead, bounded to the name's own characters, asks for a digit before the name ends)
_POD = r"(?P<pod>(?=[a-z-]{0,250}[0-9])[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})"
NAMED_FAILED_PROBES = lazy_regex(
    r"(?<![\w.-])[`'\"*]{0,2}" + _POD + r"[`'\"*]{0,2}(?![\w.-])"
    # the author's pointing back at the name (`this pod`), after a comma or not
    r"(?:[ \t]*,)?(?:[ \t]+(?i:this|the)[ \t]+(?i:pod))?"
    r"[ \t]+(?:(?i:has|had)[ \t]+)?(?i:failed)[ \t]+"
    r"(?:(?i:its|the|some|several|multiple|repeated)[ \t]+)?"
    r"(?P<what>(?i:probes?|health[ \t-]?checks?))(?![\w-])")
NAMED_FAILED_ANCHORS = ("failed", "Failed", "FAILED")
# the made line's message: no probe's name (diagnosis reads it as a failure of no kind)
_MESSAGE = "Probe failed (the record does not tell which probe)"


def named_failed_probe_row(pod: str) -> list[str]:
    """The lines a stated failure of the named pod's probes of no kind is read as: the pod's
    name, then its describe's Unhealthy row (no header, no age: when, not told) whose message
    names no probe."""
    return [f"Name: {pod}", f"  Warning  Unhealthy  kubelet  {_MESSAGE}"]


# the part of `NAMED_FAILED_PROBES` after the pod's name, in lower case: `failed`, maybe its
# determiner, then the probes' word (a literal start: one pass)
_FAILED_WHAT = lazy_regex(r"failed[ \t]+(?:(?:its|the|some|several|multiple|repeated)[ \t]+)?"
                          r"(?:probe|health)")


def named_failed_hint(text: str) -> bool:
    """Whether the text may hold a named pod's failed probes (`NAMED_FAILED_PROBES`): the words
    every match holds after the name, as the pattern joins them, any case. The kubelet's own
    `failed liveness probe` (a Killing row's message) is none: a page of event rows is not
    sent through the prose path for it (the hint gate, paste._reshape_hinted)."""
    low = text.lower()
    return "failed" in low and _FAILED_WHAT.search(low) is not None
