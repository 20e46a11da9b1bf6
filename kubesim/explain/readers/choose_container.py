"""kubectl's error for a pod of several containers given no `-c`: the containers it names.

kubectl logs, exec and attach, given no container by name, refused (before the `Defaulted
container` line of kubectl 1.21 on, defaulted.py) with

    error: a container name must be specified for pod NAME, choose one of: [a b]
    ... or one of the init containers: [x]

(k8s.io/kubectl's logsforobject.go and exec.go: every container of the pod's spec, by
Go's %s of their names' list, then its init containers). The pod of that name so has those
containers and no other app container: a `get pods` row of the pod whose READY counts as
many containers (`x/N`, its RESTARTS their sum) is a row of these containers, each named
now, its sum the ceiling of each one's count (row_sum.py; README's get-pods rule), and the
record names each of them (`PodRecord.listed`, as a `Defaulted container` line's list).

One pass: the message is matched once a line, at its own words, its lists bounded.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.row_sum import bound_by_row_sum

__all__ = ["name_by_choice", "name_row"]

_NAMES = r"[a-z0-9][-a-z0-9]{0,62}(?: [a-z0-9][-a-z0-9]{0,62}){0,63}"
_CHOOSE = lazy_regex(
    r"a container name must be specified for pod (?P<pod>[a-z0-9][-.a-z0-9]{0,252}), choose "
    r"one of: \[(?P<names>" + _NAMES + r")\](?: or one of the init containers: \[(?P<init>"
    + _NAMES + r")\])?")


class _Choice(NamedTuple):
    pod: str
    names: tuple[str, ...]  # the pod's app containers
    init: tuple[str, ...]  # its init containers
    line: int


def _choices(text: str) -> list[_Choice]:
    """Every such error the text quotes, one a line."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        m = _CHOOSE.search(line) if "choose one of" in line else None
        if m is not None:
            out.append(_Choice(m["pod"], tuple(m["names"].split()),
                               tuple((m["init"] or "").split()), number))
    return out


def name_by_choice(found: RecordSet, text: str) -> None:
    """Each pod of `found` an error of `text` names: the containers it lists are the pod's
    (`PodRecord.listed`), and a `get pods` row of as many of its containers is theirs, each
    named (`_name_row`); the error's line is read, and a note says so."""
    for choice in _choices(text):
        pods = [p for p in found.pods if p.name == choice.pod]  # (a describe's, a row's)
        if not pods:
            continue
        where = Where(found.source, choice.line)
        for pod in pods:
            pod.listed.extend(n for n in (*choice.names, *(f"{n} (init)" for n in choice.init))
                              if n not in pod.listed)
            _name_row(pod, choice, where)
        _read(found, pods, where, f"line {choice.line}: kubectl's error for a pod of several "
              f"containers given no `-c` names pod {choice.pod}'s containers: "
              f"{', '.join(choice.names)}"
              f"{''.join(f', {n} (init)' for n in choice.init)} (every container of its spec)")


def _name_row(pod: PodRecord, choice: _Choice, where: Where) -> None:
    """The pod's one `get pods` row of as many containers as the error lists (`name_row`)."""
    name_row(pod, choice.names, where)


def name_row(pod: PodRecord, names: tuple[str, ...], where: Where) -> bool:
    """The pod's one `get pods` row of as many app containers as kubectl lists (`names`),
    where the record names no other app container: its containers are these, each named with
    no count of its own and the row's sum as its ceiling (row_sum.py); the row is then told by
    them. A row of one container (`x/1`) is that container, named so (its count its own).
    Whether a row was named."""
    rows = [c for c in pod.containers if c.name is None and not c.init]
    named = {c.name for c in pod.containers if c.name is not None and not c.init}
    if len(rows) != 1 or rows[0].containers != len(set(names)) or not named <= set(names):
        return False
    if rows[0].containers == 1:
        # (a `get pods` row's own, `restart_apart`, not a container of no name the events
        # gave; one named beside it is its container: the row is joined to it elsewhere)
        if named or not rows[0].restart_apart:
            return False
        rows[0].name = names[0]
        return True
    pod.containers.extend(ContainerRecord(n, where) for n in dict.fromkeys(names)
                          if n not in named)
    bound_by_row_sum(pod)
    pod.containers.remove(rows[0])
    pod.row_named = rows[0]  # (its end, where no named container shows one: row_end.py)
    return True


def _read(found: RecordSet, pods: list[PodRecord], where: Where, text: str) -> None:
    """The note that the error's line is read, in place of its `not read` note."""
    for notes in (found.notes, *(p.notes for p in pods)):
        notes[:] = [n for n in notes if not (n.kind is NoteKind.NOT_READ
                                             and n.where.line == where.line)]
    found.notes.append(Note(text, where, uncertain=False))
