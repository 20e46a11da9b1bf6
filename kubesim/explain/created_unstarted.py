"""A container's Created row with no Started or Failed row of it: rows are missing.

The kubelet records a container's Started event, or its Failed event (`Error: ...`), right
after its Created event (pkg/kubelet/kuberuntime/kuberuntime_container.go, startContainer:
CreatedContainer, then StartContainer, then StartedContainer or FailedToStartContainer).
Events that show a container's Created row, its last time ten seconds or more before the
record was taken, and no Started or Failed row of that container anywhere, are not whole:
rows are missing, cut away where the paste or its copy ends (the corpus README's rule of the
Created row; its burst condition, fewer than 25 occurrences, is `reconstruct.rows_missing`'s).
"""

from __future__ import annotations

from collections.abc import Sequence

from kubesim.explain.readers.model import RecordedEvent, StampKind

__all__ = ["STARTED_WITHIN", "unstarted_why"]

# the seconds after a Created event by which the kubelet has recorded the container's Started
# or Failed event (they follow it in one call of startContainer): a Created row younger than
# this may be the record's newest event, its Started one not recorded yet
STARTED_WITHIN = 10.0

# the reasons of the event the kubelet records right after a container's Created one
# (events.StartedContainer, events.FailedToStartContainer)
_AFTER_CREATED = frozenset({"Started", "Failed"})


def unstarted_why(events: Sequence[RecordedEvent], names: Sequence[str | None]) -> str:
    """Why the events are not whole by the Created-row rule, or "" where they are: the first
    container (by `names`, each event's container) whose Created row is `STARTED_WITHIN`
    seconds old or more by its last time's age, with no Started or Failed row of it. A
    Started or Failed row that names no container may be any container's: then none is
    shown unstarted. A row whose time is no age (a timestamp, or none) tells no age on the
    record's moment: it shows nothing missing."""
    after = {name for e, name in zip(events, names, strict=True) if e.reason in _AFTER_CREATED}
    if None in after:
        return ""
    for e, name in zip(events, names, strict=True):
        if name is not None and name not in after and _settled_created(e):
            return (f"the events show container {name} created and never started or failed "
                    "to start: rows are missing (the kubelet records Started or Failed right "
                    "after Created)")
    return ""


def _settled_created(e: RecordedEvent) -> bool:
    """Whether `e` is a Created row last recorded `STARTED_WITHIN` seconds or more before the
    record was taken (its age's lower bound: kubectl truncates ages)."""
    age = e.last.age_lo
    return e.reason == "Created" and e.last.kind is StampKind.AGE and age is not None and \
        age >= STARTED_WITHIN
