"""The kubelet's eviction message pasted alone on its line (fc57d; agentic-org-177: a fence of
`Warning Evicted: The node was low on resource: memory.` and `Container api was using
1504652Ki, request is 1Gi` under `GKE Autopilot evicted it under node pressure:`).

The kubelet's eviction manager writes `The node was low on resource: RESOURCE. ` (its
nodeLowMessageFmt, then `Container C was using U, which exceeds its request of R.`) as the
message of the pod it evicts: the pod's status's `reason: Evicted` and `message:`, and its
Evicted event's; no other component writes it. Pasted alone on its line (maybe after the
event's type and reason, `Warning Evicted: `, a bullet's or a quote's mark), as a kubelet's
probe message alone is read (the corpus README: at least once, no time), it is the case's
pod's eviction: one pod of no name, its status's reason Evicted, its message the kubelet's,
its container the one the message names where it names one (`Container api was using`, on
the same line or the next). The eviction ends its containers, an end the vocabulary has no
value for and no probe's kill (the README: kubernetes-41347's and
redhat-access-ocp46-ja-evicted's evictions). Read of a page nothing else reads (told.py),
after a markdown table of evicted pods (evicted_table.py). The message inside a sentence (a
quote of it in prose), a line introducing it that asks or tells what may happen (`If the node
is low on memory you will see:`), and a message of no resource are not read here.
"""

from __future__ import annotations

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine, is_fence
from kubesim.explain.readers.unread import unread_notes

__all__ = ["EVICTED_MESSAGE", "eviction_names", "read_evicted_message"]

EVICTED_MESSAGE = "evicted-message"
# the message opening its line: a bullet's or a quote's mark, a code mark, the event's type and
# reason before a colon (`Warning Evicted: `), then the eviction manager's words
# (pkg/kubelet/eviction/helpers.go, nodeLowMessageFmt)
# (or `Evicted` as a cell before the message's: a tab or two spaces at least after it, as a
# table's or a tab-separated status's reason and message are pasted: fx60j, test-infra-4580)
_ALONE = lazy_regex(r"[ \t]{0,8}(?:[-*>][ \t]{1,4})?`?(?:(?:Warning[ \t]{1,8})?Evicted"
                    r"(?:[ \t]{0,8}:|\t|[ ]{2})[ \t]{0,16})?"
                    r"The node was low on resource: (?P<resource>[A-Za-z][\w-]{0,60})")
# one sentence of the message naming a container (containerMessageFmt: `Container C was using
# U, which exceeds its request of R.`), C a DNS label
_CONTAINER_USING = (r"Container[ \t]+(?P<container>[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)"
                    r"[ \t]+was[ \t]+using[ \t]")
# the container the message names (its second sentence), on the same line or opening the next
_USING = lazy_regex(r"[ \t.`]{0,8}" + _CONTAINER_USING)
_AFTER = 4000  # (how far after the message its container is looked for on its line)
# each container an eviction message names, anywhere in it (its sentences after the first)
_NAMED = lazy_regex(r"\b" + _CONTAINER_USING)


# the author's opinion told with `feel like` (`I feel like there's a deeper issue with prow
# nodes:`, test-infra-4580) is `feel that`: no example's `like` (`a message like`), which is what
# may show (fx60j)
_FEEL_LIKE = lazy_regex(r"\b(feel|feels|felt)[ \t]{1,4}like\b")


def eviction_names(message: str) -> list[str]:
    """The containers the kubelet's eviction message names, in its order: the eviction
    manager writes one `Container C was using U, which exceeds its request of R.` for each
    container of the pod over its request (pkg/kubelet/eviction/helpers.go,
    containerMessageFmt), so each is a container of the evicted pod (fx60j; go-learning-55)."""
    names: list[str] = []
    for m in _NAMED.finditer(message[:_AFTER * 4]):
        if m["container"] not in names:
            names.append(m["container"])
    return names


def read_evicted_message(text: str, source: str) -> RecordSet | None:
    """The record of the case's pod evicted (module docstring), or None."""
    lines = text.split("\n")
    found = _message(lines)
    if found is None:
        return None
    number, resource, container, named_at = found
    message = f"The node was low on resource: {resource}."
    where = Where(source, number)
    pod = PodRecord(None, where, phase="Failed", status_reason="Evicted",
                    status_message=message, formats=[EVICTED_MESSAGE])
    pod.containers = [ContainerRecord(container, where)]
    pod.notes = [Note(f"line {number}: the kubelet's eviction message alone ({message}): read "
                      "as the case's pod's status, reason Evicted (the eviction manager writes "
                      "that message of the pods it evicts)"
                      + (f", its container {container}, the one the message names" if container
                         else ", its container's name not in the record"), where)]
    read = {number, named_at}
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in read and x.strip()]
    return RecordSet(source, EVICTED_MESSAGE, pods=[pod], notes=unread_notes(rest, source))


def _message(lines: list[str]) -> tuple[int, str, str | None, int] | None:
    """The first eviction message alone on its line that its introducing line states as what
    happened: its line, its resource, the container it names (None) and where that is."""
    for number, line in enumerate(lines, 1):
        m = _ALONE.match(line, 0, _AFTER)
        if m is None or not _introduced(lines, number):
            continue
        using, named_at = _USING.search(line, m.end(), m.end() + _AFTER), number
        if using is None and number < len(lines):
            using, named_at = _USING.match(lines[number], 0, _AFTER), number + 1
        if using is None:
            return number, m["resource"], None, number
        return number, m["resource"], using["container"], named_at
    return None


def _introduced(lines: list[str], number: int) -> bool:
    """Whether the line introducing the message at line `number` (the nearest line of words
    above it, past a fence's mark and blank lines) states what happened: no question, no
    conditional, no sentence of what may happen (happened.py); a page with none above, yes."""
    for line in reversed(lines[max(0, number - 12):number - 1]):
        if not line.strip() or is_fence(line):
            continue
        text = _FEEL_LIKE.sub(r"\1 that", line[:4000].rstrip())
        return "?" not in text and states_what_happened(text, len(text), len(text))
    return True
