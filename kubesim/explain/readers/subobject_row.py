"""A `kubectl get events` row of the 1.5-1.13 layouts pasted without its header and without the
cells before SUBOBJECT (LASTSEEN, FIRSTSEEN, COUNT, NAME, KIND): its cells are then SUBOBJECT
TYPE REASON SOURCE MESSAGE, in the order those layouts print them
(pkg/kubectl/resource_printer.go, `printEvent`):

    spec.containers{airflow-flower}   Warning   Unhealthy   kubelet, node-2   Liveness probe failed: ...

The SUBOBJECT names the container (`spec.containers{NAME}`, the event's
involvedObject.fieldPath), so the row is that container's. The row may follow a sentence's
colon on its line (`kubectl events says: spec.containers{...} ...`, a row quoted after the
words that introduce it); the words before the colon are not read. Read only with every cell
in its shape: a TYPE of the API's (Normal, Warning), a REASON word, a SOURCE of a component
(`kubelet, NODE`, `default-scheduler`), a MESSAGE; the cells parted as kubectl's tabwriter
parts them (two spaces or more, or tabs). No time and no count: at least once.
"""

from __future__ import annotations

from kubesim.explain.readers.event_layouts import Cells
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["subobject_first_cells"]

_GAP = r"(?:\t+|[ \t]{2,})"  # kubectl's tabwriter: the padding between two cells
# the words introducing a quoted row, up to their colon (no braces, no colon inside: a sentence's
# words, not a row's cells), at most a sentence's length
_INTRO = r"[^{}:\n]{0,200}:[ \t]+"
_ROW = lazy_regex(
    r"^[ \t]*(?:" + _INTRO + r")?"
    r"(?P<sub>spec\.(?:containers|initContainers|ephemeralContainers)\{[a-z0-9][-a-z0-9]{0,62}\})"
    + _GAP + r"(?P<type>Normal|Warning)" + _GAP + r"(?P<reason>[A-Z][A-Za-z0-9_]{0,80})" + _GAP
    + r"(?P<source>[a-z][a-z0-9-]{0,62}(?:, [\w.-]{1,253})?)" + _GAP + r"(?P<message>\S.*)$")


def subobject_first_cells(line: str) -> Cells | None:
    """The cells of a header-less row whose first cell is its SUBOBJECT (see the module's
    docstring); None for any other line."""
    # (the row's SUBOBJECT cell needs `spec.`: a line without it is no such row, told without
    # retrying the optional words before that cell at each blank of a long line, citime59)
    m = _ROW.match(line) if "spec." in line else None
    if m is None:
        return None
    return Cells(m["reason"], m["message"].strip(), m["type"], subobject=m["sub"],
                 source=m["source"])
