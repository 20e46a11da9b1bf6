"""A `kubectl get pods` table an author trimmed of its STATUS column (fc57d; gardener-15636:
`NAME  READY  RESTARTS` over `metrics-server-<hash>-<b>  0/1  1805  (CrashLoopBackOff)`).

kubectl prints `NAME READY STATUS RESTARTS AGE` (printPod); a page may keep some of those
columns and drop the others, as it drops AGE (pods_table.py's `_HEADER`). A header whose
names are all kubectl's `get pods` columns, NAME, READY and RESTARTS among them in kubectl's
order and STATUS not (a header with STATUS is pods_table.py's), is that table trimmed: its
rows' cells are taken by the header's names (`trimmed_row`), as a header with a column of a
fork's is (pods_table.row_by_header). With no STATUS, a row states no current state: its
RESTARTS `R` allows `R + 1` kills (the corpus README's restart-count rule, R4.7), and its
container is in no state the row shows. A kubectl STATUS word the author set in parentheses
after the row's last cell (`(CrashLoopBackOff)`, as the `(5m ago)` of kubectl 1.22 sits there:
the word no age) is that row's STATUS, moved there: the reason of its container's state
(printPod puts the waiting or terminated reason in STATUS). Any other word after the cells, or
a cell short, and the line is no row of the table.
"""

from __future__ import annotations

from kubesim.explain.readers.header_cells import cells_by_name, joined_names
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["UNSHOWN_STATUS", "trimmed_header", "trimmed_row"]

# the STATUS cell of a row whose table has none: no word kubectl prints there, so no rule of a
# state reads it (pods_table._container: no state)
UNSHOWN_STATUS = "StatusNotShown"
# kubectl's `get pods` columns (printPod; `-o wide` adds IP, NODE, NOMINATED NODE, READINESS
# GATES), in its order
_COLUMNS = ("NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE",
            "NOMINATED NODE", "READINESS GATES")
_MAX_WORDS = 12
# a kubectl STATUS word in parentheses (a waiting or terminated reason, a phase, `Init:...`),
# no age (`(5m ago)`)
_MOVED_STATUS = lazy_regex(r"\((?P<status>[A-Z][A-Za-z]{1,40}(?::[A-Za-z0-9/]{1,40})?)\)")


def trimmed_header(line: str) -> tuple[str, ...] | None:
    """The column names of a `get pods` header trimmed of STATUS (module docstring), or
    None for any other line."""
    words = line.split(None, _MAX_WORDS + 1)
    if not 3 <= len(words) <= _MAX_WORDS:
        return None
    names = joined_names(words)
    if any(n not in _COLUMNS for n in names) or "STATUS" in names or \
            not {"NAME", "READY", "RESTARTS"} <= set(names):
        return None
    places = [_COLUMNS.index(n) for n in names]
    return tuple(names) if places == sorted(set(places)) else None


def trimmed_row(line: str, names: tuple[str, ...]) -> str | None:
    """The row `line` is under a header of those names (`trimmed_header`), written as
    kubectl's default columns (`[NAMESPACE] NAME READY STATUS RESTARTS [(AGO ago)] [AGE]`)
    for pods_table.pod_row: STATUS the word the author set in parentheses after the cells,
    else `UNSHOWN_STATUS`; None when the cells do not fit the header."""
    words = line.split(None, 3 * _MAX_WORDS)
    taken = cells_by_name(words, names)
    if taken is None:
        return None
    cells, at = taken.by_name, taken.taken
    status = UNSHOWN_STATUS
    if at == len(words) - 1:
        moved = _MOVED_STATUS.fullmatch(words[at])
        if moved is None:
            return None
        status, at = moved["status"], at + 1
    if at != len(words):
        return None
    cells["STATUS"] = status
    kept = ("NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE")
    return " ".join(cells[n] for n in kept if n in cells)
