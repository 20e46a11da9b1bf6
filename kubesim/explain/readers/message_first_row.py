"""A `kubectl get events -o custom-columns` row pasted without its header whose columns put the
MESSAGE first, then the REASON, then two times and the count:

    Killing container with id docker://app:Need to kill Pod    Killing    2018-01-05T16:14:57Z    2018-01-05T16:14:57Z    1

(`-o custom-columns=MESSAGE:.message,REASON:.reason,FIRST:.firstTimestamp,
LAST:.lastTimestamp,COUNT:.count`, harness-2292). custom-columns prints each column's value
padded by its tabwriter (two spaces or more, or tabs, between two cells) and a timestamp as
RFC 3339 (`2018-01-05T16:14:57Z`). Read only with every cell in its shape: a message, a REASON
word (as the API's reasons are written: CamelCase, no spaces), two RFC 3339 times (the first
seen, then the last seen, as the record's layout orders them) and a count of digits, and nothing
after them. A sentence ending in a word, a row without its times or its count, a row of times
of day (no date) are none: no guess is made about which column is which.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.event_layouts import Cells

__all__ = ["message_first_cells"]

_GAP = r"(?:\t+|[ \t]{2,})"  # kubectl's tabwriter: the padding between two cells
_RFC3339 = r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})"
# (the message's last character is no space: the gap before the REASON is the tabwriter's;
# the message is matched lazily up to the first gap that the row's four last cells follow:
# anchored at the line's start, each gap tried once, the cells after it bounded: one pass)
_ROW = re.compile(
    r"^[ \t]*(?P<message>\S(?:[^\t]*?\S)?)" + _GAP
    + r"(?P<reason>[A-Z][A-Za-z0-9]{1,80})" + _GAP
    + r"(?P<first>" + _RFC3339 + r")" + _GAP
    + r"(?P<last>" + _RFC3339 + r")" + _GAP
    + r"(?P<count>\d{1,10})[ \t]*$")


def message_first_cells(line: str) -> Cells | None:
    """The cells of a header-less row whose first cell is its MESSAGE (see the module's
    docstring); None for any other line."""
    if not line.rstrip()[-1:].isdigit():  # (the count ends the row)
        return None
    m = _ROW.match(line)
    if m is None:
        return None
    return Cells(m["reason"], m["message"], last=m["last"], first=m["first"], count=m["count"])
