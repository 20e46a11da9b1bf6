"""A piece of a describe that stands right under the author's cut, naming no pod, and ends in
a container's block before its Restart Count (fixprose90, held-out batch 92: fastapi-3019).

kubectl describe prints a container's State, Last State, Ready and Restart Count together,
Restart Count for every container, even at 0 (describe.go, describeContainerState). A describe
printed from its `Name:` that ends inside a container's block before the count is cut there
(describe.py `cut_container`); a piece naming no pod is left to show what it shows, since a
command that selects lines prints that piece whole (a `grep -A4` of `Last State:`,
akash-support-246: a layout with no restart count, k8s-pr8200's one end at most). The author's
cut right above the piece (`...`, `<SNIP>`, `---CUT---`: the README's author's cut, nothing but
blank lines and fences between) says the piece is no command's whole output but an excerpt
the author cut from a describe: the pod's `Name:` and the container's fields above the piece
are left out there, and the record ends in the container's block where describe goes on to
its Restart Count, which the excerpt leaves out too. The count is cut away, not absent: the
container is read as `restarts_cut` (the README's counting rules: a cut paste means at least
once; contiv-install-326's cut before its Restart Count), said in a note (the cut itself is said
as every cut is, paste.py `cut_notes`).

What stays as it was: a piece under no cut (a grep's), a cut with a line of prose or of
another record between it and the piece, a piece that states the Restart Count or no state of
the container (a probe line alone), a piece followed by its pod's events or conditions (its
block does not end the record), and a pod the record names.
"""

from __future__ import annotations

from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["piece_under_cut"]


def _cut_above(lines: list[PasteLine], first: int) -> PasteLine | None:
    """The author's cut on the nearest line above line `first` that is no blank line or
    markup (a fence); None where that line is another's, or there is none."""
    above = [x for x in lines if x.number < first and
             x.kind not in (LineKind.BLANK, LineKind.MARKUP)]
    if not above or above[-1].kind is not LineKind.CUT:
        return None
    return above[-1]


def _open_block(pod: PodRecord) -> ContainerRecord | None:
    """The container whose block the piece ends in: its last, where the piece shows the
    container's state and neither its Restart Count nor anything describe prints after the
    containers (events, conditions); None otherwise."""
    if pod.name is not None or not pod.containers or pod.events or pod.conditions:
        return None
    c = pod.containers[-1]
    shown = c.state is not None or c.last is not None or c.terminated is not None
    if not shown or c.restart_count is not None or c.restarts_cut or c.last_piece:
        return None
    return c


def piece_under_cut(found: RecordSet, lines: list[PasteLine]) -> None:
    """Mark `restarts_cut` the container of the describe reader's `found` whose piece stands
    right under the author's cut and ends in its block before its Restart Count (the module's
    rule), said in a note."""
    if not found.pods:
        return
    pod = found.pods[-1]
    c, first = _open_block(pod), pod.where.line
    cut = _cut_above(lines, first) if c is not None and first is not None else None
    if c is None or cut is None:
        return
    c.restarts_cut = True
    found.notes.append(Note(
        f"the describe piece from line {first}, right under the author's cut of line "
        f"{cut.number}, names no pod: an excerpt the author cut from a describe, and the record "
        "ends in its container's block before its Restart Count, which describe prints for "
        "every container: how often it restarted is not in the record", c.where))
