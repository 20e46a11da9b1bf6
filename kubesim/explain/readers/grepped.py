"""Pieces of a describe that a `grep` kept: lines whose place in the describe is told by
what they hold, not by the lines around them (which the grep dropped).

A `Reason:` line whose value only a container's terminated state carries (describe.go's
`describeContainerState` prints `Reason:` under `State:` or `Last State:`; the pod's own
`Reason:` is one of the pod's: Evicted, NodeLost, Shutdown, ...) is an ended instance's
reason, its state's line not in the record: read as a state of untold kind (`UNTOLD_STATE`),
as the fields of a state without their `State:` line are. kubesim-issue-30's
kubevirt-project-infra-2383: `kubectl describe pod ... | grep Reason` kept `Reason: OOMKilled`.

The event rows under a `kubectl describe ... | grep ...` command are the rows the grep
matched, never the table as printed: the rows it dropped (a Killing row, a Started row) are
not in the record, as rows an author cut away are not (`RecordedEvent.cut_before`).
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["ENDED_REASONS", "grepped_rows", "is_ended_reason"]

# the reasons the runtimes give a terminated container (containerd's CRI plugin, CRI-O,
# dockershim: OOMKilled, Error, Completed, ContainerCannotRun, StartError); none is a pod's
# status.reason, which the kubelet and the node controller set (Evicted, NodeLost, ...)
ENDED_REASONS = frozenset({"OOMKilled", "Error", "Completed", "ContainerCannotRun", "StartError"})


def is_ended_reason(value: str) -> bool:
    """Whether a `Reason:` field's whole value is a terminated container's reason, never a
    pod's: the line is an ended instance's state's (a grep kept it without its `State:`)."""
    return value in ENDED_REASONS


# a describe's output piped through grep (`kubectl describe pod x | grep "healthy\\|True"`,
# `oc describe po/x | egrep -i warn`): a filter of the lines kubectl printed
_DESCRIBE_GREP = lazy_regex(r"\bdescribe\b[^|\n]{0,400}\|[ \t]*(?:e|f|z)?grep\b")


def _grepped_lines(lines: list[PasteLine]) -> set[int]:
    """The numbers of the content lines under a `describe | grep` command, up to the next
    command (one pass over the paste's lines)."""
    under, out = False, set()
    for x in lines:
        if x.kind is LineKind.COMMAND:
            under = _DESCRIBE_GREP.search(x.text) is not None
        elif under and x.kind is LineKind.CONTENT:
            out.add(x.number)
    return out


def grepped_rows(found: RecordSet, lines: list[PasteLine], source: str) -> None:
    """The describe's event rows printed under a `describe | grep` command: a piece of the
    pod's rows (the grep dropped those it did not match), each read as after rows not in the
    record (`cut_before`), so no row's absence rules a kill out; said once."""
    grepped = _grepped_lines(lines)
    if not grepped:
        return
    for pod in found.pods:
        marked = [i for i, e in enumerate(pod.events) if e.where.line in grepped
                  and not e.object_name]
        for i in marked:
            pod.events[i] = replace(pod.events[i], cut_before=True)
        if marked:
            first = pod.events[marked[0]].where
            found.notes.append(Note(
                f"line {first.line}: the event rows are a `describe | grep`'s, the rows it "
                "matched: rows it dropped (a Killing row, a Started row) are not in the record",
                Where(source, first.line)))
