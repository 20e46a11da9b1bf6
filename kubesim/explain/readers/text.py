"""The text readers' entry: a record that is no Kubernetes object as JSON or YAML, read as a
paste (`paste.read_paste`: describe output, event tables, logs, pieces of YAML), else by the
readers of a page with no layout kubectl prints (`told.py`: an alert's labels, the kernel's
OOM kill, prose stating an end), which load only for such a page.

`read.py` imports this module with the first text record it reads (`read._pasted`): a pod's
YAML or JSON is read by `kube.py` alone, and a process explaining it does not import the
paste's readers (docs/engine.md, `text readers`).
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.paste import read_paste
from kubesim.explain.readers.sections import set_aside
from kubesim.explain.readers.spec_told import spec_alone, told_beside_spec

__all__ = ["read_text_record", "shows_nothing"]


def shows_nothing(found: RecordSet) -> bool:
    """Whether the paste was read as a describe of one pod of no name whose containers, of no
    name, show nothing but that their probes are not in the record (a describe's lone container key,
    an issue form's `**Environment**:` heading over its list: submariner-operator-1510, stop
    60, fx60b): no pod the page shows, so its prose is read as a page with no layout is (the
    README's rule of a record that shows nothing, stop 50)."""
    if len(found.pods) != 1 or found.events or found.series or found.format != "describe":
        return False
    pod = found.pods[0]
    if pod.formats != ["describe"] or \
            replace(pod, containers=[], formats=[], notes=[]) != PodRecord(None, pod.where):
        return False
    return all(replace(c, probes_untold=False) == ContainerRecord(None, c.where)
               for c in pod.containers)


def read_text_record(text: str, plained: str, source: str) -> RecordSet | None:
    """A record read as a paste; one with no pod, container or event layout read by what its
    page tells (`told.told_alone`, on its lines made plain: a quote's, a page's marks;
    `plained`: `text` so made, `normalise.plain(text, dedent=False)`, which the caller made
    once for every reader); None when nothing explain reads is there. The lines of a
    write-up's sections of what the change does, how it was checked or what should happen
    (`sections.set_aside`: `## Fix`, `## Testing`, `Expected behaviour`) are read as none of
    the case's: blanked, and each naming a fate said not read."""
    aside = set_aside(plained)
    if aside is None:
        return _read(text, plained, source)
    found = _read(aside.blanked(text, plained), aside.text, source)
    if found is not None:
        found.notes.extend(
            Note(f"not read: line {number}, under a heading of {role.value} (a write-up's "
                 "section that states no part of what happened)", Where(source, number),
                 kind=NoteKind.NOT_READ) for number, role in aside.said)
    return found


def _read(text: str, plained: str, source: str) -> RecordSet | None:
    """`read_text_record`'s reading of the text (its aside lines blanked)."""
    found = read_paste(text, source)
    alone = spec_alone(found)
    empty = shows_nothing(found)
    if (found.pods or found.events or found.series) and not alone and not empty:
        return found
    # the readers of a page with no layout kubectl prints load with the first such page: a
    # describe's or an event table's record never reaches them
    from kubesim.explain.readers.told import told_alone
    told = told_alone(plained, source)
    if empty:  # (the page's prose where it tells the case; the empty piece else, as before)
        return told or found
    if not alone:
        return told
    # probe YAML beside prose of what happened: both read, the spec as the probes' settings
    # (spec_told.py); a spec alone, the prose telling nothing, answers as the spec
    return told_beside_spec(found, told, text) or found
