"""A failing-pods report a tool posts (fc55s, held-out batch 121: eks-anywhere-addons-101,
the Conformitron feedback loop's comment on a pull request): the pods it lists as failing and,
for each pod's section, the restart count of each container as the tool prints it from the
pod's `containerStatuses`:

    * Pod: `web-58c5f759d9-hxl9x` with the error listed below.
    ----
    Logs for pod `web-58c5f759d9-hxl9x`:
    ...
    Containers launched under your pods with their stats:
    1. Container containerd://d548663a2919 has restarted: 1219 number of times.

Read: `Container RUNTIME://ID has restarted: N number of times.` (a status's `containerID` and
its `restartCount`, numbered or not) as a container of the pod whose `Logs for pod `NAME`:`
section holds it (the one listed pod where the report opens no section), named by no name of
its own (the runtime's ID is its instance's, no container's name; several lines of one pod are
told apart by their short IDs); its count is the status's
restart count with the container's state not in the record (the corpus README's restart-count
rule: R + 1 ends at most, R4.7). Each pod the report lists (`* Pod: `NAME` with the error listed
below.`) is a pod of the record, its containers those its section shows (none where the paste
is cut before it). The report's other lines (its conditions, its words) are said not read.

Unread: a count that is no number or past an int32 (the API's restartCount), a container named
by a word instead of a runtime's ID, a question (`... number of times?`), and the words inside
a sentence (the line is the tool's whole line: a guide's `If a container ... has restarted:` is
none). One anchored match a line (one pass).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["RESTARTED_REPORT", "read_restarted_report"]

RESTARTED_REPORT = "restarted-report"
_INT32 = 2**31 - 1
# a pod's name (a DNS subdomain) in the report's code span
_NAME = r"`(?P<pod>[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)`"
_LISTED = lazy_regex(r"[ \t]*[*-][ \t]+Pod:[ \t]+" + _NAME
                     + r"[ \t]+with[ \t]+the[ \t]+error[ \t]+listed[ \t]+below\.?[ \t]*")
_SECTION = lazy_regex(r"[ \t]*Logs[ \t]+for[ \t]+pod[ \t]+" + _NAME + r"[ \t]*:[ \t]*")
_RESTARTED = lazy_regex(
    r"[ \t]*(?:[0-9]{1,4}\.[ \t]+)?Container[ \t]+(?P<id>[a-z][a-z0-9-]{0,30}://[0-9a-f]{12,64})"
    r"[ \t]+has[ \t]+restarted:[ \t]+(?P<count>[0-9]{1,10})[ \t]+number[ \t]+of[ \t]+times"
    r"\.?[ \t]*")


class _Restarted(NamedTuple):
    """A container line read: the pod whose section holds it (None: no section), the
    container's runtime ID, its restart count, its line."""

    pod: str | None
    container_id: str
    restarts: int
    line: int


class _Report(NamedTuple):
    """What the report shows: the pods it lists, its container lines, its lines read."""

    listed: list[tuple[str, int]]
    restarted: list[_Restarted]
    read: set[int]


def _scan(lines: list[str]) -> _Report:
    """The report's pods and container lines, each line matched once, whole."""
    report = _Report([], [], set())
    section: str | None = None
    for number, line in enumerate(lines, 1):
        if (m := _LISTED.fullmatch(line)) is not None:
            report.listed.append((m["pod"], number))
        elif (m := _SECTION.fullmatch(line)) is not None:
            section = m["pod"]
        elif (m := _RESTARTED.fullmatch(line)) is not None and int(m["count"]) <= _INT32:
            report.restarted.append(_Restarted(section, m["id"], int(m["count"]), number))
        else:
            continue
        report.read.add(number)
    return report


def _pods(report: _Report, source: str) -> tuple[list[PodRecord], list[Note]]:
    """Each listed pod, and each pod a container line is given to (the section's; the one
    listed pod where the line is in no section), its containers the lines' in order; a note
    of each line read so."""
    pods: dict[str | None, PodRecord] = {
        name: PodRecord(name, Where(source, n), formats=[RESTARTED_REPORT])
        for name, n in report.listed}
    only = report.listed[0][0] if len(report.listed) == 1 else None
    notes = []
    for r in report.restarted:
        name = r.pod if r.pod is not None else only
        where = Where(source, r.line)
        pod = pods.setdefault(name, PodRecord(name, where, formats=[RESTARTED_REPORT]))
        pod.containers.append(ContainerRecord(r.container_id, where, restart_count=r.restarts,
                                              restart_where=where, count_alone=True))
        notes.append(Note(
            f"line {r.line}: a tool's report that container {r.container_id[:40]} "
            f"{f'of pod {name} ' if name else ''}has restarted {r.restarts} times: read as the "
            "restart count of that container (named by its runtime ID alone, no name of its "
            "own), its state not in the record", where, pod=name, piece=where))
    for pod in pods.values():
        _names(pod)
    return list(pods.values()), notes


def _names(pod: PodRecord) -> None:
    """A pod's one container is named by no name (the runtime's ID is its instance's, no
    container's name); several are told apart by the runtime's short ID (its first 12 hex
    digits, as crictl prints it), the only thing the report tells them apart by."""
    for c in pod.containers:
        c.name = None if len(pod.containers) == 1 else (c.name or "").split("://")[-1][:12]


def read_restarted_report(text: str, source: str) -> RecordSet | None:
    """The record of a tool's failing-pods report (module docstring): its pods, each
    container line's restart count; the other lines said not read. None where the page holds
    no container line of the report."""
    lines = text.split("\n")
    report = _scan(lines)
    if not report.restarted:
        return None
    pods, notes = _pods(report, source)
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n not in report.read and x.strip()]
    return RecordSet(source, RESTARTED_REPORT, pods=pods,
                     notes=notes + unread_notes(rest, source))
