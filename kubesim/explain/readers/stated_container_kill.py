"""A probe's kill its author states of a container named in prose, beside a describe of the
case's pod cut inside its containers (the corpus README's container rules; held-out batch 138:
democratic-csi-348).

`It's the driver-registrar container that crashes constantly, due to its liveness probe
failing. Here's a `kubectl describe` of a node agent pod:` and a describe cut in the block of
its first container (csi-driver, at its Image): the sentence states that probe's failure and a
kill of it (a liveness failure ends a container only by the kubelet's kill, R4.4), of the
container it names (runs.py reads it, its kill naming driver-registrar as the kubelet's
message names its container). describe prints every container of the pod, one block after
another (describe.go describeContainers): a record that stops inside the block of the last
container it shows has cut the blocks after it away, so a container the record names
elsewhere may be one of them. The stated failure and kill are that container's, and the
container is the pod's, its state and restarts not in the record.

A sentence naming a container the describe shows gives its kill to that one (its name, as the
kubelet's message names it, R4.4), and a record showing no container takes the container from
the kill's name. A describe whose last container's block is whole shows every container of
its pod, and none is the named one: which pod the sentence's container runs in the record
does not say, so the kill is none of its containers' (the line not read, as it was before
runs.py read such a sentence beside a describe); so too beside several pods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Where,
)
from kubesim.explain.readers.stated_kill import STATED_PROBE_KILL, named_in_kill

__all__ = ["give_stated_container_kill"]


def _described(found: RecordSet) -> PodRecord | None:
    """The record's one named pod, a describe whose last container's block stops before its
    probe lines or its Restart Count (the blocks after it cut away); None otherwise."""
    named = [p for p in found.pods if p.name is not None]
    if len(named) != 1 or "describe" not in named[0].formats or not named[0].containers:
        return None
    last = named[0].containers[-1]
    return named[0] if last.probes_untold or last.restarts_cut else None


def _stated_kills(found: RecordSet) -> dict[int, str]:
    """The lines of the stated kills (runs.py's, `RecordedEvent.stated`) of pieces of no pod's
    name, each naming a container: line -> that container."""
    out: dict[int, str] = {}
    for piece in (p for p in found.pods if p.name is None and not p.containers):
        for e in piece.events:
            name = named_in_kill(e.message) if e.stated and e.reason == "Killing" else None
            if name is not None and e.where.line is not None:
                out[e.where.line] = name
    return out


def give_stated_container_kill(found: RecordSet, text: str) -> None:
    """The stated kill of a container the prose names (and that probe's failure stated on
    its line) beside pods that show containers: that container's where one of them is it;
    else given to it as a container of the record's one pod where its describe is cut inside
    its containers (`_described`); else read as no end of theirs (the line not read, as
    before the kill was read beside a describe)."""
    shown = {c.name for p in found.pods if p.name is not None for c in p.containers
             if c.name is not None}
    if not shown:
        return  # (no container named: the kill's own name names its container, R4.4)
    pod = _described(found)
    for line, name in _stated_kills(found).items():
        if name in shown:  # (the failure stated with the kill is its container's too)
            _rewrite(found, line, _naming(name))
        elif pod is None:
            _unread(found, line, text)
        else:
            _give(found, pod, line, name)


def _give(found: RecordSet, pod: PodRecord, line: int, name: str) -> None:
    """The stated events of `line` named `name` by their fieldPath, as a document's event
    names its container, and that container added to `pod`, its state untold; said."""
    events = [e for p in found.pods if p.name is None for e in p.events
              if e.stated and e.where.line == line]
    _rewrite(found, line, _naming(name))
    where = events[0].where
    cut = pod.containers[-1].name
    pod.containers.append(ContainerRecord(name, where, probes_untold=True))
    found.notes.append(Note(
        f"line {line}: the container the sentence names, {name}, is not among the "
        f"containers the describe of {pod.name} shows, which stops inside the block of its "
        f"last one ({cut}; describe prints every container, the blocks after it cut away): "
        "read as a container of that pod, its stated failure and kill its, its state and "
        "restarts not in the record", where))


def _unread(found: RecordSet, line: int, text: str) -> None:
    """The stated events of `line` taken out, and the line said not read (its note of them
    replaced): a kill of a container none of the pods shown has is none of theirs."""
    _rewrite(found, line, lambda e: None)
    found.pods[:] = [p for p in found.pods
                     if p.name is not None or p.containers or p.events]
    found.notes[:] = [n for n in found.notes if n.where.line != line or
                      not n.text.startswith(f"line {line}: {STATED_PROBE_KILL}")]
    words = text.split("\n")[line - 1][:60] if 0 < line <= text.count("\n") + 1 else ""
    found.notes.append(Note(f"not read: line {line}: {words}", Where(found.source, line),
                            kind=NoteKind.NOT_READ))


def _rewrite(found: RecordSet, line: int,
             how: Callable[[RecordedEvent], RecordedEvent | None]) -> None:
    """The stated events of `line` in the pieces of no pod's name, each as `how` gives it
    (None: taken out)."""
    for piece in (p for p in found.pods if p.name is None):
        made = [how(e) if e.stated and e.where.line == line else e for e in piece.events]
        piece.events[:] = [e for e in made if e is not None]


def _naming(name: str) -> Callable[[RecordedEvent], RecordedEvent | None]:
    """An event named `name`'s by its fieldPath (`RecordedEvent.container`)."""
    return lambda e: replace(e, container=name)
