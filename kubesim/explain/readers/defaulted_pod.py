"""The pod of kubectl's `Defaulted container "X" out of: A, B (init)` line, and its `get pods`
row's containers named by the line's list (the corpus README's rule of kubectl's lists of a
pod's containers; stop 49, fixlogs72).

kubectl logs, exec and attach print the line first, before the pod's output, when the pod has
more than one container (podcmd.FindOrDefaultContainerByName in staging's
k8s.io/kubectl/pkg/cmd/util/podcmd): it lists every container of the pod's spec, its init
containers marked ` (init)`, its ephemeral ones ` (ephem)` (defaulted.py). The line names no
pod; its pod is

- the pod the `kubectl logs POD` or `kubectl exec POD` right above it names (the line is the
  command's first output: no line but blank ones between), said as inferred (the command is
  the page's copy: the paste does not show that the line is its output);
- else the record's one pod (defaulted.py gives it the list already).

That pod's containers are the line's: its one `get pods` row of as many app containers as the
line lists (READY `x/N`) is a row of these, each named now (choose_container.py's `name_row`,
as kubectl's `choose one of: [...]` is read: a row of one container is that container, a row of
several each of them, its RESTARTS their sum). A command naming a pod the record does not show
otherwise, a command answered by another line, and a list whose app containers are not as many
as the row's name nothing.

One pass: each line is matched once at its start (defaulted.py), the command looked for on the
nearest line above that is not blank.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.choose_container import name_row
from kubesim.explain.readers.command_words import target_by_command
from kubesim.explain.readers.defaulted import defaulted_list
from kubesim.explain.readers.model import Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import unfolded
from kubesim.explain.readers.stated_pod_oom import unlist_line

__all__ = ["name_by_defaulted"]

_MARKS = (" (init)", " (ephem)")


class _Defaulted(NamedTuple):
    """A `Defaulted container` line: its number, what it lists, and the pod the command above
    it names (None: no command names one) with its namespace."""

    line: int
    listed: tuple[str, ...]
    pod: str | None
    namespace: str | None


def _defaulted_lines(lines: list[str]) -> list[_Defaulted]:
    """Every `Defaulted container` line, with the pod of the `kubectl logs` or `exec` command
    on the nearest line above it that is not blank (one pass)."""
    out: list[_Defaulted] = []
    above = ""  # the nearest line that is not blank
    for number, line in enumerate(lines, 1):
        listed = defaulted_list(line)
        if listed is not None:
            target = target_by_command(above) if "kubectl" in above else None
            out.append(_Defaulted(number, tuple(listed), None if target is None else target.pod,
                                  None if target is None else target.namespace))
        if line.strip():
            above = line
    return out


def _pods_of(found: RecordSet, d: _Defaulted) -> list[PodRecord]:
    """The record's pods the line is of: the command's pod (in its namespace where both give
    one), else the record's one pod."""
    if d.pod is None:
        return found.pods[:1] if len(found.pods) == 1 else []
    return [p for p in found.pods if p.name == d.pod and (
        None in (p.namespace, d.namespace) or p.namespace == d.namespace)]


def name_by_defaulted(found: RecordSet, text: str) -> None:
    """Each `Defaulted container` line's pod (`_pods_of`): its containers are the line's
    (`PodRecord.listed`), and its one `get pods` row of as many app containers is theirs,
    each named (`name_row`); the line is read, said in a note (inferred where the command
    gives the pod)."""
    if "Defaulted container" not in text:
        return
    folded = unfolded(text)  # a page's one line (`<br>`), a JSON string's `\\n`
    lines = (text if folded is None else folded[0]).split("\n")
    for d in _defaulted_lines(lines):
        apps = tuple(n for n in d.listed if not n.endswith(_MARKS))
        pods = _pods_of(found, d)
        named = [p for p in pods if _give(p, d, apps, Where(found.source, d.line))]
        if not named:
            continue
        if folded is None:
            unlist_line(found, d.line, lines)
        by = f"the pod the command above it names, {d.pod} (inferred: read as that " \
            "command's first output line)" if d.pod is not None else \
            f"the record's one pod, {named[0].name or 'of no name'}"
        found.notes.append(Note(
            f"line {d.line}: kubectl's `Defaulted container` line lists the containers of "
            f"{by}: its `get pods` row is a row of {', '.join(apps)} (every container of its "
            f"spec: {', '.join(d.listed)})", Where(found.source, d.line),
            uncertain=d.pod is not None))


def _give(pod: PodRecord, d: _Defaulted, apps: tuple[str, ...], where: Where) -> bool:
    """The line's containers given to `pod`, and its row named by them; whether it was."""
    pod.listed.extend(n for n in d.listed if n not in pod.listed)
    return bool(apps) and name_row(pod, apps, where)
