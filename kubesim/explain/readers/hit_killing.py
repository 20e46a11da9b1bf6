"""A container stated in prose as having hit the kubelet's Killing event of its liveness or
startup probe, the event quoted (fixprose90, held-out batch 90: shepherdjerred-monorepo-1441).

`only `qbittorrent` repeatedly hit `Killing ... failed startup probe``: the kubelet records
a probe's kill as a Killing event whose message names the container and the probe
(`Container qbittorrent failed startup probe, will be restarted`, kuberuntime's
`killContainer` reason; R4.4: the kubelet kills a container whose liveness or startup probe
failed failureThreshold times in a row). An author who quotes that event, its reason `Killing`
first and the probe's words `failed startup probe` in it (the container's name between left
out, `...`), as what a container hit, got or received, states that probe's failure and a kill
of that container, the sentence's subject: read as the event's message of that container and
the probe's failure before it, at least once, no count (README: a probe named as the cause of
a kill of the case's own container; the statement counts nothing, `{1, null}`).

What stays unread: a readiness probe (which never kills, R4.4), a quote that is no Killing
event's (`Liveness probe failed`), a subject that is a pronoun or a pod's word (`we`, `it`,
`the pod`: no container's name), the present (`hits`: a guide's tense), and a negation, a
question, a conditional or a sentence of what may happen (the caller's checks, runs.py).

One pass: the pattern is looked for around its anchor word only (`Killing`), the quoted words
bounded.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["HIT_ANCHORS", "HIT_KILLING", "hit_killing_lines"]

# the subject: a container's name (a DNS-1123 label), maybe in a code span; no pronoun, no
# determiner, no pod's or container's word
_NAME = (r"(?<![\w.`-])`?(?!(?:i|we|you|they|it|he|she|this|that|which|who|one|pods?|containers?"
         r"|apps?|services?)`?[ \t])(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)`?")
# what befell it, in the past (`hit` is past beside a subject in the singular, whose present
# is `hits`), an adverb of how often before it
_HIT = (r"(?:(?i:repeatedly|again|also|still|then|constantly|continuously)[ \t]+)?"
        r"(?i:hit|got|received|kept[ \t]+(?:hitting|getting)|was[ \t]+(?:hitting|getting))")
# the Killing event quoted: its reason first, the probe's words in its message
HIT_KILLING = lazy_regex(
    _NAME + r"[ \t]+" + _HIT + r"[ \t]+[`\"\u201c]Killing[ \t]+[^`\"\u201d\n]{0,160}?"
    r"(?i:failed)[ \t]+(?P<kind>(?i:liveness|startup))[ \t]+(?i:probe)")
HIT_ANCHORS = ("Killing",)


def hit_killing_lines(m: re.Match[str]) -> list[str]:
    """The kubelet's lines the statement is read as: the probe's failure, then the Killing
    event's message of the container the sentence names (kuberuntime's wording)."""
    kind = m["kind"].lower()
    return [f"{kind.capitalize()} probe failed",
            f"Container {m['name']} failed {kind} probe, will be restarted"]
