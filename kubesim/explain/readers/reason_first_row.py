"""A `kubectl get events` row of the 1.5-1.13 layouts pasted without its header and without the
cells before REASON (LASTSEEN, FIRSTSEEN, COUNT, NAME, KIND, SUBOBJECT, TYPE): its cells are
then REASON SOURCE MESSAGE, in the order those layouts print them
(pkg/kubectl/resource_printer.go, `printEvent`; a copy of the table's right-hand columns):

    Pulled                  kubelet, localhost       Successfully pulled image "..."

The SOURCE is the one a pod's events have, as kubectl prints an EventSource (`formatEventSource`:
the component, then `, HOST` where the event has one): the kubelet's (`kubelet, NODE`) or the
scheduler's (`default-scheduler`). Read only with every cell in its shape: a REASON word, that
SOURCE, a MESSAGE; the cells parted as kubectl's tabwriter parts them (two spaces or more, or
tabs). No time, no type and no count: at least once, a row of a table whose header is not in
the record (rows of it may be left out). A sentence (its words one space apart), another
component's row, a row without its message are none.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.event_layouts import Cells

__all__ = ["reason_first_cells"]

_GAP = r"(?:\t+|[ \t]{2,})"  # kubectl's tabwriter: the padding between two cells
_ROW = re.compile(
    r"^[ \t]*(?P<reason>[A-Z][A-Za-z0-9_]{0,80})" + _GAP
    + r"(?P<source>(?:kubelet|default-scheduler)(?:, [\w.-]{1,253})?)" + _GAP
    + r"(?P<message>\S.*)$")


def reason_first_cells(line: str) -> Cells | None:
    """The cells of a header-less row whose first cell is its REASON (see the module's
    docstring); None for any other line."""
    m = _ROW.match(line)
    if m is None:
        return None
    return Cells(m["reason"], m["message"].strip(), source=m["source"])
