"""The container a sentence names right before the kubelet's message it introduces, given to
that message (fc58d, held-out batch 141, contour-5400: `The Envoy container does not enter the
healthy state because the readiness probe failed:` and on the next line, in a code span,
`Readiness probe failed: Get "http://192.168.32.188:8002/ready": dial tcp ...: connection
refused`).

The corpus README's rule of stop 58 (fc58d): a sentence ending its line in a colon, which names
the case's container by a determiner of the case's and its name before `container` (`the Envoy
container`, `our `envoy` container`: a capitalised name as its lower-case name is, the rule of
fixstated67 for `The Backstage pod`), and ends telling that container's probe of one kind failed
(`because the readiness probe failed:`, `... its liveness probe fails:`), introduces the
kubelet's message of that kind on the next line (a message alone, as an author quotes it,
fixquoted64): the message is that container's, as the event's fieldPath would say (R2.3: the
kubelet records the failure on the container's object). The message's own kind must be the
sentence's. Read only where the record names no container otherwise (what it names wins).

Unread: a word of a role, no name (`the main container`, `the sidecar container`, `the first
container`, `the same container`), `a container`, a negated failure (`the readiness probe has
not failed:`, `no readiness probe failed`), a question, a conditional or a sentence of what may
happen (`if the readiness probe fails:`, `should`), a colon not ending the line, a blank line
between, another kind in the message than the sentence's. Every part bounded, no nested
repetition over the same characters; each line ending in a colon is looked at in its last 400
characters once: one pass.
"""

from __future__ import annotations

import dataclasses

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import HEDGES
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, PodRecord, RecordedEvent, RecordSet, Where

__all__ = ["SENTENCE_CONTAINER", "give_message_container"]

# a word of a container's role or place, no name of one
_ROLE = (r"(?!(?i:main|sidecar|init|first|second|third|last|other|another|same|new|old|whole|"
         r"entire|single|only|current|previous|next|failing|running|docker|pod|app's)(?![\w-]))")
_NAME = (r"(?:`(?P<coded>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)`"
         r"|" + _ROLE + r"(?P<word>[A-Za-z][a-z0-9]{0,30}(?:-[a-z0-9]{1,30}){0,6}))")
SENTENCE_CONTAINER = lazy_regex(
    r"(?<![\w-])(?i:the|our|my|this)[ \t]+" + _NAME + r"[ \t]+(?i:container)(?![\w-])"
    # the sentence's words to its end: no stop, no question, no colon before the last one
    r"[^.!?:\n]{0,240}?"
    r"(?<![\w-])(?i:the|its|our|my)[ \t]+(?P<kind>(?i:liveness|readiness|startup))[ \t]+"
    r"(?i:probe)[ \t]+(?i:failed|fails|is[ \t]+failing|has[ \t]+failed|kept[ \t]+failing)"
    r"[ \t]*:[ \t]*$")
# what may happen, a condition, or a sentence that opens asking: no telling of the case
_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|when|will|if|unless|whether)(?![A-Za-z])"
                     r"|^[ \t>*_-]{0,8}(?i:why|how|does|do|did|is|are|was|can|could|what)(?![\w'-])")
_REACH = 400  # (the sentence ends its line: looked for in its tail only)
_KIND = lazy_regex(r"^\s*(?P<kind>Liveness|Readiness|Startup) probe (?:failed|errored)")


def _named(line: str) -> tuple[str, str] | None:
    """The container and the probe's kind the line's closing sentence names (`SENTENCE_CONTAINER`),
    in lower case; None without one, or in a sentence of what may happen, a question or a
    conditional."""
    m = SENTENCE_CONTAINER.search(line, max(0, len(line) - _REACH))
    if m is None or not states_what_happened(line, m.start(), m.end()):
        return None
    start = sentence_start(line, m.start())
    if _UNSAID.search(line[start:m.end()].lstrip()) is not None:
        return None
    return (m["coded"] or m["word"]).lower(), m["kind"].lower()


def _introduced(pod: PodRecord, lines: list[str]) -> tuple[int, str, str] | None:
    """The line of the pod's one message alone of no container, and the container and kind
    the line above it names (`_named`) where the message's kind is that one; None otherwise."""
    events = [e for e in pod.events if e.reason == "Unhealthy" and e.container is None]
    lines_of = {e.where.line for e in events}
    if len(lines_of) != 1 or None in lines_of:
        return None
    number = events[0].where.line
    assert number is not None
    if number < 2 or number > len(lines) or not lines[number - 2].rstrip().endswith(":"):
        return None
    named = _named(lines[number - 2].rstrip())
    kind = _KIND.match(events[0].message)
    if named is None or kind is None or kind["kind"].lower() != named[1]:
        return None
    return number, named[0], named[1]


def _given(e: RecordedEvent, number: int, name: str) -> RecordedEvent:
    return dataclasses.replace(e, container=name) if e.where.line == number and \
        e.reason == "Unhealthy" and e.container is None else e


def give_message_container(found: RecordSet, text: str) -> None:
    """The container a sentence names right above a kubelet message alone (`_introduced`),
    given to that message's events where the record's one pod names no container; said."""
    if len(found.pods) != 1 or "container" not in text.lower() or \
            any(c.name is not None for c in found.pods[0].containers):
        return
    pod = found.pods[0]
    at = _introduced(pod, text.split("\n"))
    if at is None:
        return
    number, name, kind = at
    pod.events = [_given(e, number, name) for e in pod.events]
    found.notes.append(Note(
        f"line {number}: the sentence above it names the {name} container as the one whose "
        f"{kind} probe failed: the message read as that container's",
        Where(found.source, number)))

