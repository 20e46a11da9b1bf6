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

The same list names containers the record shows no status of (held-out batch 125, fc55j:
cos-lite-bundle-103's pod status as JSON, `containers with unready status: [prometheus]`, its
containerStatuses `charm` ready and running, then an item cut before its name): each is a
container of the pod's spec the kubelet found not ready (its status missing or not Ready,
generate.go), so where the record's one pod names containers of its own and none of them by
that name, it is given that container, not ready, nothing else of it in the record
(`give_unready_listed`): `--container` may ask of it, and its answer says the record shows
nothing of its state. A container the record names already, several lists that disagree, a
list that disagrees with the containers the record names (one shown Ready listed, one waiting
or terminated left out: another moment's or pod's), a second pod, and a record with events
(they name their containers themselves) give none.
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where

__all__ = ["give_unready_listed", "name_by_unready"]

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


def give_unready_listed(found: RecordSet, text: str) -> None:
    """Give the record's one pod, which names containers of its own, each container the
    kubelet's `containers with unready status` list in `text` names and the pod does not: not
    ready, nothing else of it in the record; a note says so. One list (every message the
    record quotes the same), no event, one pod."""
    pod = _named_pod(found)
    if pod is None or "unready status" not in text:
        return
    matches = list(_UNREADY.finditer(text))
    lists = {tuple(sorted(set(m["names"].split()))) for m in matches} - {()}
    if len(lists) != 1 or not _agrees(pod, set(next(iter(lists)))):
        return
    named = {c.name for c in pod.containers}
    line = text.count("\n", 0, matches[0].start()) + 1
    for name in (n for n in next(iter(lists)) if n not in named):
        where = Where(found.source, line)
        pod.containers.append(ContainerRecord(name, where, ready=False))
        pod.notes.append(Note(
            f"container {name}: named only in line {line}'s `containers with unready status` "
            "(the kubelet lists every container of the pod's spec whose status is missing or "
            "not Ready, pkg/kubelet/status/generate.go), no status of it in the record: read as "
            "a container of the pod, not ready, its state, restarts and probes not in the "
            "record", where))


def _agrees(pod: PodRecord, listed: set[str]) -> bool:
    """Whether the list agrees with the containers the record names: each it lists may be
    not ready (not shown Ready), and each it does not list may be ready (not waiting,
    terminated or `Ready: False`). A list that disagrees is of another moment or pod."""
    return all((c.ready is not True) if c.name in listed else not _not_ready(c)
               for c in pod.containers if c.name is not None and not c.init)


def _named_pod(found: RecordSet) -> PodRecord | None:
    """The record's one pod where it names an app container of its own and the record holds
    no event (events name their containers: reconstruct's views); None otherwise."""
    if found.events or len(found.pods) != 1 or found.pods[0].events:
        return None
    pod = found.pods[0]
    return pod if any(c.name is not None and not c.init for c in pod.containers) else None
