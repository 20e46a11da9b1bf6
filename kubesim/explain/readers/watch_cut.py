"""A `kubectl get pods --watch` whose last row the paste cut before its RESTARTS cell.

A watch prints a pod's row again at each change of it (kubectl get's watch: the printer runs
on every event of the list), so its rows repeat names, and a row cut inside its NAME (the
paste ends there: `nexus3-6f`) is a later row of the one pod whose name starts so, where
exactly one pod of the table has such a name (README: a row cut in its name is a pod's where
one pod whole starts so; two pods of a ReplicaSet, or a name that is the start of another's,
leave it no named pod's). That later row's RESTARTS is cut away: the pod's count read from its
earlier rows is of an earlier moment, and its ends since are not in the record. The same holds
of a last row cut after its NAME, anywhere before its RESTARTS cell (`nfs-client-78d-xbnwl
0/1`, `... 0/1   CrashLoo`): its name is whole, the row that pod's later one, its RESTARTS cut
away (README's counting rules, written at fixwatch47). A row cut inside or after its RESTARTS
is `pods_table.cut_pod_row`'s (a count in the record, or the cell's start).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, PodRecord, Where
from kubesim.explain.readers.names import NAME_CELL
from kubesim.explain.readers.pods_table import POD_KIND, PodRow

__all__ = ["NAME_CUT", "NameCut", "later_row_cut", "row_cut"]

# the record's last line: a NAME cell alone, nothing after it (`pod/`, `po/` as `get all`
# prints it), or a whole NAME and the row's cells before RESTARTS, the last of them maybe cut
# (READY `0/1` or its start up to its `/`, STATUS or its start; a digit alone after a name is
# no READY cell: `app-1 2 times`); bounded, so one match over a line of any
# length is linear
NAME_CUT = lazy_regex(rf"^[ \t]{{0,64}}(?:{POD_KIND})?(?P<name>{NAME_CELL})"
                      r"(?P<after>[ \t]{1,64}\d{1,4}/\d{0,4}"
                      r"(?:[ \t]{1,64}[A-Za-z][A-Za-z:]{0,62}(?::\d{1,4}/?\d{0,4})?)?)?[ \t]*$")


class NameCut(NamedTuple):
    """The record's last line as a row cut before its RESTARTS: the name's start (the whole
    name where `whole`: cells after it), and where."""

    fragment: str
    where: Where
    whole: bool = False


def row_cut(match: re.Match[str], where: Where) -> NameCut:
    """The cut a `NAME_CUT` match of the record's last line is: a NAME cut short, or a whole
    one with the row's cells before RESTARTS after it."""
    return NameCut(match["name"], where, whole=match["after"] is not None)


def _watch(rows: list[PodRow]) -> bool:
    """Whether the table's rows repeat a pod's name: a watch (or the table taken again)
    prints a pod's row once per change, a single `get pods` once."""
    keys = [(r.namespace, r.name) for r in rows]
    return len(set(keys)) < len(keys)


def later_row_cut(pods: list[PodRecord], rows: list[PodRow], cut: NameCut) -> Note:
    """The note for the last line `cut` (its NAME fragment, where it is), after the table's
    `rows`; where the rows are a watch's and exactly one pod's name starts so, that pod's
    containers' counts are marked of an earlier moment (`count_later_cut`)."""
    fragment, where, whole = cut
    names = {r.name for r in rows if r.name == fragment or not whole and
             r.name.startswith(fragment)}
    inside = "before its RESTARTS" if whole else "inside its NAME"
    if not _watch(rows) or len(names) != 1:
        return Note(f"line {where.line}: the record ends inside a row, cut {inside} "
                    f"({fragment!r}), which is no one pod's later row of a watch: not read for "
                    "any pod", where)
    (name,) = names
    for pod in pods:
        if pod.name == name:
            for c in pod.containers:
                c.count_later_cut = where
    which = f"{name}'s row" if whole else f"only {name} starts so"
    return Note(f"line {where.line}: the record ends inside a later row of the watch, cut "
                f"{inside} ({fragment!r}: {which}): that row's RESTARTS is cut "
                f"away, so {name}'s restart count is of an earlier moment, and its ends since "
                "are not in the record", where)
