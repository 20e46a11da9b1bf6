"""Probe YAML beside prose or output of what happened (`told_beside_spec`): a page holding a
probe spec (a manifest's or a snippet's `livenessProbe:`/`readinessProbe:`) and a statement of
what happened is read as both, the spec as the probes' settings (as a describe's probe lines
are), the page's prose and pasted output by the readers of a page with no layout kubectl
prints (told.py), with every rule each has.

A page whose paste reading finds a spec alone (containers with probe settings and no status,
no events, no probe counters) was answered by the spec alone: its prose was never read
(killprose54, sivabuilds-liveness-vs-readiness). A spec alone, with no statement of what
happened (the prose readers read nothing), answers as before.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.model import ContainerRecord, Note, NoteKind, PodRecord, RecordSet
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["spec_alone", "told_beside_spec"]


def spec_alone(found: RecordSet) -> bool:
    """Whether what a paste's readers found is probe settings alone: pods whose containers
    each have a spec and no status, no events, phase or conditions, and no events or probe
    counters beside them."""
    return bool(found.pods) and not found.events and not found.series and \
        all(_pod_spec_alone(p) for p in found.pods)


def _pod_spec_alone(pod: PodRecord) -> bool:
    return bool(pod.containers) and not pod.events and not pod.series and \
        pod.phase is None and not pod.conditions and \
        all(c.spec is not None and not _stated(c) for c in pod.containers)


def _stated(c: ContainerRecord) -> bool:
    """Whether a container's record states anything of its status (read.py's `_has_status`,
    and an end or restart a reader found without a count)."""
    return c.state is not None or c.restart_count is not None or c.terminated is not None \
        or c.last is not None or c.ready is not None or c.restart_uncounted is not None


def told_beside_spec(spec: RecordSet, told: RecordSet | None, text: str) -> RecordSet | None:
    """The page's probe spec (`spec`, `spec_alone`) and what its prose or pasted output tells
    (`told`), one record: the spec's pods beside the told ones (`read.pod_groups` gives a
    piece naming no pod to the one pod named, or merges the pieces of no name), the spec's
    notes of how it was read kept. A line is not read when neither reading read it: the
    `not read` notes are of the lines both list (`_unread_by_both`). None when the prose
    tells nothing."""
    if told is None or not (told.pods or told.events or told.series):
        return None
    _name_told_container(spec, told)
    told.pods.extend(spec.pods)
    told.notes = [*_unread_by_both(spec.notes, told.notes, text, spec.source),
                  *(n for n in spec.notes if n.kind is not NoteKind.NOT_READ)]
    for part in spec.format.split("+"):
        if part not in told.format.split("+"):
            told.format += "+" + part
    return told


def _name_told_container(spec: RecordSet, told: RecordSet) -> None:
    """The one container the prose tells of by no name (`the pos pod kept restarting`), where
    the spec names one container: that container (the record's pieces naming no container
    are its one container's, README's rule of one name, one pod), so the two records of it
    are one (`read._merge`) and what the prose states of it is kept whole (a restart no count
    bounds)."""
    named = [c for p in spec.pods for c in p.containers if not c.init]
    nameless = [c for p in told.pods for c in p.containers]
    if len(named) == 1 and named[0].name is not None and len(nameless) == 1 and \
            nameless[0].name is None and nameless[0].containers == 1:
        nameless[0].name = named[0].name


# a `not read` note's lines, as `unread.unread_notes` writes them (`not read: line N`, `not
# read: lines N-M`, `not read: K more lines, from line N to line M`)
_SPAN = re.compile(r"not read: (?:lines? (\d{1,9})(?:-(\d{1,9}))?|\d{1,9} more lines?, "
                   r"from line (\d{1,9}) to line (\d{1,9}))")


def _unread_by_both(spec_notes: list[Note], told_notes: list[Note], text: str,
                    source: str) -> list[Note]:
    """The told reading's notes, its `not read` notes kept whole where the spec's reading did
    not read those lines either, else written again for the lines neither read (the spec's
    YAML is read, not unread prose)."""
    unread = _lines(spec_notes)
    kept: list[Note] = []
    again: set[int] = set()
    for note in told_notes:
        span = _lines([note])
        if note.kind is not NoteKind.NOT_READ or (span and span <= unread):
            kept.append(note)
        else:
            again |= span & unread
    texts = text.split("\n")
    return kept + unread_notes([PasteLine(n, texts[n - 1], LineKind.CONTENT)
                                for n in sorted(again) if n <= len(texts)], source)


def _lines(notes: list[Note]) -> set[int]:
    """The numbers of the lines `not read` notes list."""
    lines: set[int] = set()
    for note in notes:
        m = _SPAN.match(note.text) if note.kind is NoteKind.NOT_READ else None
        if m is not None:
            first = int(m[1] or m[3])
            lines.update(range(first, int(m[2] or m[4] or first) + 1))
    return lines
