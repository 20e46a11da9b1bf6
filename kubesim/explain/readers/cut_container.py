"""A container's item of a pod's spec that the record cuts: the YAML read up to a line (the
paste ends inside the document, or its YAML stops being well formed there) whose last line read
lies inside an item of `containers:` or `initContainers:`.

A pod's spec lists every probe of its containers (the corpus README's rule of a pod's spec,
fixobj38), but only where the record holds a container's item whole: the keys after the cut
are not in the record, and a probe among them may be any (kubectl's YAML sorts a container's
keys, `startupProbe` after `readinessProbe`; a hand-written manifest keeps its author's
order). The part read is probe YAML of that container up to the cut, which lists none of its
other probes (README: probe YAML alone is no such list), as a describe's container section
cut before the place of its probe lines tells none (probe_place.py). The container is marked
`probes_untold` and its spec not `spec_listed`, said in a note; the items the cut leaves
whole above it keep their lists (druid-operator-174's historicals cut inside its
readinessProbe, `periodSecond`). A document the paste ends inside (no line break after its
last line: paste.py `ended_inside`) is cut there too, however it parses (kube-lego-71's
Deployment cut at its container's `- name: kube-lego`).

The item is found by the lines' indentation alone, one pass upward from the last line read:
each line less indented than the lines below it (or a key at the column of the `- ` items of
its list) opens the block that holds them.

The same cut inside an item of `containerStatuses:` or `initContainerStatuses:` (a status
pasted as YAML, cut in its state: aptakube-282's `st` of its startedAt) leaves that item's
keys after the cut out of the record, its `restartCount` among them where it was not read
above the cut (the API writes the key for every container, at 0 too, and kubectl's YAML sorts
it before `state`; a client's YAML keeps the API's order, `name`, `state`, ..., `restartCount`
after them): the count is cut away, not absent, and the container is marked `restarts_cut`, as
JSON cut inside its item is (paste.py `_restarts_cut`; the README's counting rules: a cut
paste means at least once) (stop 60, fx60i).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.model import Note, RecordSet, Where
from kubesim.explain.readers.normalise import PasteLine

__all__ = ["CutItem", "cut_container", "mark_cut_container"]

# the pod spec's lists of containers (core/v1 PodSpec)
_LISTS = frozenset({"containers", "initContainers"})
# the pod status's lists of container statuses (core/v1 PodStatus)
_STATUS_LISTS = frozenset({"containerStatuses", "initContainerStatuses"})


class CutItem(NamedTuple):
    """The container whose item the cut lies inside: its name (None where its `name:` is
    after the cut), the item's first line and the last line read."""

    name: str | None
    line: int
    last: int


class _Line(NamedTuple):
    """A YAML line: the column of its `- ` or key, whether it opens a list item, its key
    (the item's first key for an item) and the key's column, and the key's value."""

    col: int
    item: bool
    key: str
    key_col: int
    value: str


def _parsed(text: str) -> _Line:
    rest = text.lstrip(" ")
    col = len(text) - len(rest)
    item = rest == "-" or rest.startswith("- ")
    body = rest[1:].lstrip(" ") if item else rest
    key_col = len(text) - len(body)
    key, colon, value = body.partition(":")
    if not colon or not key or key != key.strip() or key.startswith(("-", "#", "{", "[")):
        key, value = "", ""
    value = value.split(" #", 1)[0].strip().strip("\"'")
    return _Line(col, item, key, key_col, value)


def cut_container(lines: list[PasteLine], lists: frozenset[str] = _LISTS) -> CutItem | None:
    """The container item of a `containers:` or `initContainers:` list (or of `lists`) that
    holds the last line of `lines` (the YAML read up to a cut), or None where that line is
    outside every such item (module docstring)."""
    content = [x for x in lines if x.text.strip() and not x.text.lstrip().startswith("#")]
    if not content:
        return None
    last = _parsed(content[-1].text)
    level, in_item = last.key_col, False  # the column of the block holding the lines below
    name = last.value if last.key == "name" and not last.item else None
    item: CutItem | None = None  # the item just passed, until its list's key
    if last.item:
        item, level, in_item = CutItem(last.value if last.key == "name" else None,
                                       content[-1].number, content[-1].number), last.col, True
    for x in reversed(content[:-1]):
        p = _parsed(x.text)
        if p.item and p.col < level:  # an item holding the lines below
            own = p.value if p.key == "name" else name if p.key_col == level else None
            item, level, in_item, name = CutItem(own, x.number, content[-1].number), p.col, \
                True, None
        elif not p.item and p.key and (p.col < level or (p.col == level and in_item)):
            if item is not None and p.key in lists:
                return item
            item, level, in_item, name = None, p.col, False, None
        elif not p.item and p.col == level and p.key == "name":
            name = p.value
    return None


def mark_cut_container(found: RecordSet, lines: list[PasteLine], source: str) -> None:
    """Mark the container of `found` whose item the cut of `lines` (the YAML read) lies inside
    (`cut_container`): its probes untold, its spec not listed whole, said in a note."""
    _mark_cut_status(found, lines)
    cut = cut_container(lines)
    if cut is None or cut.name is None:
        return
    for pod in found.pods:
        for c in pod.containers:
            if c.name == cut.name and (c.spec_listed or c.spec is not None) and \
                    not c.probes_untold:  # (said once: the YAML read, then the paste's end)
                c.probes_untold, c.spec_listed = True, False
                found.notes.append(Note(
                    f"container {c.name}'s item of the pod's spec (line {cut.line}) is cut "
                    f"after line {cut.last}: its keys after the cut, probes among them, are "
                    "not in the record, so a probe it does not show may have killed it",
                    Where(source, cut.line)))


def _mark_cut_status(found: RecordSet, lines: list[PasteLine]) -> None:
    """Mark `restarts_cut` the container of `found` whose item of `containerStatuses:` the
    cut of `lines` lies inside, where its state was read and its restartCount was not (module
    docstring: the count is after the cut)."""
    cut = cut_container(lines, _STATUS_LISTS)
    if cut is None or cut.name is None:
        return
    for pod in found.pods:
        for c in pod.containers:
            if c.name == cut.name and c.restart_count is None and \
                    (c.state or c.terminated or c.last):
                c.restarts_cut = True
