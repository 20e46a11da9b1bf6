"""A container's fields the record shows without its name, named by the kubelet's own list of
the pod's containers not ready (held-out batch 38, fixobj38: victoriametrics-operator-1223's
`State: Waiting / Reason: CrashLoopBackOff / Last State: Terminated / Reason: OOMKilled`
block, beside an event message quoting the pod's `containers with unready status: [vmagent]`).

The kubelet writes a pod's Ready and ContainersReady conditions with the message
`containers with unready status: [a b]` (pkg/kubelet/status/generate.go,
GeneratePodReadyCondition and GenerateContainersReadyCondition: every container of the
spec whose status is missing or not Ready, by name, Go's %s of the list). A container waiting
(CrashLoopBackOff, ContainerCreating) or terminated is never Ready (only a running one whose
readiness holds is: status_manager's SetContainerReadiness, R3.4). So where the record shows
one container, naming none, in such a state (or `Ready: False`), and every such message it
quotes names one and the same container, that block is that container's: it is not ready,
and the kubelet names no other not ready. Where a message names several containers, two
messages name different ones, the block may be ready (running, Ready not False), the record
names a container elsewhere, or holds more than one container or pod, nothing is named:
the rule of nameless ends stands (README). An init container's `containers with incomplete
status` (the Initialized condition) names none of the app containers and is not read here.
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, RecordSet

__all__ = ["name_by_unready"]

# the message, wherever the record quotes it (a condition's message, an operator's log line
# that repeats the pod's conditions); names as the API allows a container's (DNS-1123 labels)
# joined by spaces. The list's characters stop at its `]` or at any other character, so each
# attempt reads on at most to the next message's `:` (one pass)
_UNREADY = lazy_regex(r"containers with unready status: \[(?P<names>[-a-z0-9 ]{1,2000})\]")
# the states no container in them is Ready in
_NEVER_READY = frozenset({"waiting", "terminated"})


def name_by_unready(found: RecordSet, text: str) -> None:
    """Name the one nameless container of `found`'s one pod after the one container the
    kubelet's `containers with unready status` messages in `text` name, where it is not
    ready; a note says so and why. Nothing changes anywhere else."""
    container = _nameless_alone(found)
    if container is None or not _not_ready(container):
        return
    matches = list(_UNREADY.finditer(text))
    lists = {tuple(sorted(set(m["names"].split()))) for m in matches} - {()}
    if len(lists) != 1 or len(next(iter(lists))) != 1:
        return
    [[name]] = lists
    container.name = name
    line = text.count("\n", 0, matches[0].start()) + 1
    _say(found, container, f"the record shows container fields without the container's name: "
         f"read as {name}'s, which line {line} names in the kubelet's `containers with unready "
         f"status: [{name}]` (the pod's Ready condition lists every container not ready, "
         "pkg/kubelet/status/generate.go), the one container not ready, and a container "
         "waiting or terminated is never ready")


def _say(found: RecordSet, container: ContainerRecord, text: str) -> None:
    """The note in place of the describe's (`read as the pod's only container`), or after
    the record's notes."""
    for notes in (*(p.notes for p in found.pods), found.notes):
        for i, n in enumerate(notes):
            if n.text.endswith("read as the pod's only container"):
                notes[i] = replace(n, text=text)  # (the piece it is about kept)
                return
    found.notes.append(Note(text, container.where))


def _nameless_alone(found: RecordSet) -> ContainerRecord | None:
    """The one container the record shows, where it names none and the record holds no event
    (events name their container, by fieldPath or in their messages, and a describe piece's
    one container is named by them where they name one: reconstruct's views) and no second
    pod (a pod's conditions alone, naming none, are the same pod's)."""
    if found.events or any(p.events for p in found.pods) or \
            len({p.name for p in found.pods if p.name}) > 1:
        return None
    containers = [c for p in found.pods for c in p.containers]
    if len(containers) != 1 or containers[0].name is not None or containers[0].init:
        return None
    return containers[0]


def _not_ready(c: ContainerRecord) -> bool:
    """Whether the record shows the container not ready now: waiting or terminated, or
    `Ready: False` (a Last State alone tells an earlier instance, not the one now)."""
    return c.state in _NEVER_READY or c.ready is False
