"""A container waiting, as Pulumi's Kubernetes provider prints it while it awaits a workload
(the corpus README's rules: a container's state the record shows; held-out batch 86,
pulumi-kubernetes-535; written at fixlogs86).

`pulumi up` reports a pod's containers that are not ready from their `containerStatuses`:
`warning: [Pod NS/NAME]: containers with unready status: [C] -- [REASON] MESSAGE`, the
container's waiting reason in brackets, then its message (the kubelet's `back-off 20s
restarting failed container=C pod=...` for CrashLoopBackOff). With one container listed, the
line is read as that container's State, Waiting, its reason, its restart count not in the
record (tool_state.py's reading of `Container X is waiting: REASON`); the pod is the one the
label names. The last such line is the latest state (the console's lines come in time order).

A console wraps its long lines at the terminal's width, inside a word: a line ending in the
reason's opened bracket (`-- [Cras`) whose next line closes it (`hLoopBackOff] back-off ...`)
is read joined (the paste's indent before the next line's piece taken off), only where the two
pieces spell one of the kubelet's waiting reasons (`_REASONS`).

Unread: several containers listed (whose reason is it?), a bracket that holds no reason of the
kubelet's (`[22:29:23 INF] Validate configuration`: the container's log line), a wrap that
spells no reason, and any line without the provider's words. Each line is read up to `SENTENCE_REACH`
(one pass).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["UNREADY_STATUS", "read_unready_status"]

UNREADY_STATUS = "unready-status"
_WORDS = "containers with unready status: ["
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_UNREADY = lazy_regex(
    r"\[Pod[ \t]+(?:(?P<namespace>" + _LABEL + r")/)?(?P<pod>" + _LABEL + r"(?:\.[a-z0-9-]{1,63})"
    r"{0,4})\]:[ \t]+containers[ \t]+with[ \t]+unready[ \t]+status:[ \t]+\[(?P<container>"
    + _LABEL + r")\][ \t]+--[ \t]+\[(?P<reason>[A-Za-z]{1,62})(?P<closed>\])?")
# (its indent taken off: a paste indented or quoted whole indents the wrapped piece too)
_CONTINUED = lazy_regex(r"[ \t]{0,16}(?P<tail>[A-Za-z]{1,62})\]")
# the kubelet's waiting reasons (kuberuntime, images: CamelCase words of its own)
_REASONS = frozenset({"CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull", "ErrImageNeverPull",
                      "InvalidImageName", "CreateContainerConfigError", "CreateContainerError",
                      "RunContainerError", "PreCreateHookError", "PreStartHookError",
                      "PostStartHookError", "ContainerCreating", "PodInitializing"})


class _Unready(NamedTuple):
    """A line read: its number, its words, the pod, the container and its waiting reason."""

    line: int
    words: str
    pod: str
    container: str
    reason: str


def _reason(m: re.Match[str], lines: list[str], number: int) -> str | None:
    """The waiting reason in brackets, joined with the next line's start where the console
    wrapped it at the line's end (`_CONTINUED`); None where it is no reason of the kubelet's
    (`_REASONS`)."""
    reason = m["reason"]
    if not m["closed"]:
        wrapped = m.end() == len(lines[number - 1][:SENTENCE_REACH].rstrip()) and number < len(lines)
        tail = _CONTINUED.match(lines[number][:SENTENCE_REACH]) if wrapped else None
        reason = reason + tail["tail"] if tail is not None else ""
    return reason if reason in _REASONS else None


def _last_unready(lines: list[str]) -> _Unready | None:
    """The last line of the provider's unready container waiting in a reason (module
    docstring)."""
    found = None
    for number, line in enumerate(lines, 1):
        head = line[:SENTENCE_REACH]
        at = head.find(_WORDS)
        m = _UNREADY.search(head, max(0, at - 400)) if at >= 0 else None
        reason = _reason(m, lines, number) if m is not None else None
        if m is not None and reason is not None:
            found = _Unready(number, m[0], m["pod"], m["container"], reason)
    return found


_READ = ("a tool's line of a container's state (Pulumi's `containers with unready status: [C] "
         "-- [REASON]`, `{}`): read as container {}'s State, Waiting ({}), its restart count "
         "not in the record")


def read_unready_status(text: str, source: str) -> RecordSet | None:
    """The record of a page whose read line is the provider's unready container waiting
    (`_last_unready`): the pod it labels, that container waiting in that reason; the other
    lines said not read. None when no line holds one."""
    if _WORDS not in text:
        return None
    lines = text.split("\n")
    u = _last_unready(lines)
    if u is None:
        return None
    where = Where(source, u.line)
    c = ContainerRecord(u.container, where, restarts_cut=True)
    c.state, c.state_reason = "waiting", u.reason
    pod = PodRecord(u.pod, where, containers=[c], formats=[UNREADY_STATUS])
    note = Note(f"line {u.line}: " + _READ.format(u.words[:120], u.container, u.reason), where)
    wrapped = u.line + 1 if not u.words.endswith("]") else 0
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in (u.line, wrapped) and x.strip()]
    return RecordSet(source, UNREADY_STATUS, pods=[pod], notes=[note] + unread_notes(rest, source))
