"""A `get pods` row's end that none of the containers kubectl's list names shows as its own:
the pod's (the corpus README's rule of nameless ends, rules43; longhorn-12362).

A row of a pod of several containers (READY x/N) beside kubectl's list of them (`Defaulted
container "minio" out of: minio, minio-helper`, `choose one of: [a b]`) is a row of those
containers, each named with the row's RESTARTS, their sum, as its ceiling
(choose_container.name_row, row_sum.py). Where the row shows an end (RESTARTS above 0, one end
before each restart, R4.7; a STATUS of a container ended or waiting out a back-off, R4.9) and
no named container shows anything of its own (a state, a count, a last state, Ready, an event
naming it, an app's own end in a log of the pod's), the end is some container's of them,
which one the record does not tell: it is given back to the pod as the row, a container the
record does not name, saying which it may be (`ContainerRecord.one_of`), and its sum bounds
its kills (README's get-pods rule: the sum, plus one where STATUS shows an end). Where a named
container shows something of its own (its events, its describe block, its log's end), the row
stays named: that container's answer weighs the sum.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kubesim.explain.readers.model import ContainerRecord, Note, NoteKind, PodRecord

__all__ = ["give_row_end_back"]


def give_row_end_back(pod: PodRecord) -> None:
    """The pod's named row (`PodRecord.row_named`), put back as a container the record does
    not name where it shows an end none of the containers it was named by shows as its own
    (the module's docstring), said in a note."""
    row = pod.row_named
    if row is None or not _ended(row) or any(c.name is None and not c.init
                                             for c in pod.containers):
        return
    names = tuple(c.name for c in pod.containers if c.name is not None and not c.init
                  and c.row_sum_where == row.restart_where)
    if len(names) != row.containers or _app_ended(pod) or any(
            _own(c, pod) for c in pod.containers if c.name in names):
        return
    pod.containers.append(replace(row, one_of=names))
    line = row.where.line
    pod.notes.append(Note(
        f"the `get pods` row of line {line} shows an end of one of the pod's containers "
        f"({', '.join(names)}: RESTARTS {row.restart_count}, their sum"
        f"{', STATUS ' + row.state_reason if row.state_reason else ''}), and none of them "
        "shows one of its own: which one ended, the record does not tell; read as the pod's, "
        "a container the record does not name", row.where))


def _ended(row: ContainerRecord) -> bool:
    """Whether the row shows an end: RESTARTS above 0 (R4.7), or a STATUS of a container
    ended or waiting out a back-off (R4.9)."""
    return bool(row.restart_count) or row.state == "terminated" or \
        row.state_reason == "CrashLoopBackOff"


def _app_ended(pod: PodRecord) -> bool:
    """Whether the paste shows an app's own end (a line a runtime prints only as its process
    ends, app_end.py): a log of the pod's, of the container kubectl defaulted to (k8s-specs-26's
    Go `fatal error:` under `Defaulted container "db"`), so a named container's own end."""
    return any(n.kind is NoteKind.APP_END for n in pod.notes)


def _own(c: ContainerRecord, pod: PodRecord) -> bool:
    """Whether the record shows something of the named container's own: its state, count,
    last state or Ready, or an event naming it (its fieldPath, or its message's `container
    NAME`, `container "NAME"`, `container=NAME`: the kubelet's Killing, BackOff, Created and
    Started messages name it so)."""
    if c.state is not None or c.restart_count is not None or c.last is not None or \
            c.terminated is not None or c.ready is not None:
        return True
    named = re.compile(r'\bcontainer[ =]\\?"?' + re.escape(c.name or "") + r"(?![-a-z0-9])")
    return any(e.container == c.name or named.search(e.message) is not None
               for e in pod.events)
