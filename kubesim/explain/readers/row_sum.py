"""A `kubectl get pods` row's RESTARTS as the ceiling of one container's restarts.

kubectl's printer (printPod) writes in RESTARTS the sum of the pod's containers'
restartCount. A row of a pod of several containers (READY x/N) beside a record naming some of
them without their own count (a describe cut before a container's Restart Count) does not
tell how the sum splits; but each count is at least 0, so each container's count is at most
the sum: the ceiling of that container's restarts, and of the kills among them (R4.7: one end
before each restart, and one more where the container's end shows, or the row's STATUS shows a
container ended: which one, it does not tell). The corpus README's get-pods rule states it.
"""

from __future__ import annotations

from kubesim.explain.readers.model import ContainerRecord, PodRecord

__all__ = ["bound_by_row_sum", "row_end_killable"]

# the terminated reasons printPod puts in a row's STATUS whose end may be a probe's kill: the
# CRI runtime names an exit with code 0 `Completed`, any other `Error` (a SIGTERM'd process
# exits with any code, R4.3); OOMKilled is the kernel's end, no probe's (geti-v2-146's sum), and
# ContainerCannotRun, StartError ends before the process ran (R1.25)
_KILLABLE_ENDS = frozenset({"Error", "Completed"})


def bound_by_row_sum(pod: PodRecord) -> None:
    """Each named container of the pod that states no restart count of its own, beside a
    `get pods` row of the pod's several containers whose RESTARTS is read, gets that sum as
    the ceiling of its count (`ContainerRecord.row_sum`). A row whose containers the record
    all names is not here (`read._adopt_unnamed` drops it): this is the row some container of
    which the record does not name."""
    rows = [c for c in pod.containers if c.name is None and c.containers > 1
            and c.restart_count is not None]
    if len(rows) != 1:  # two rows of the pod are two moments: which bounds, not told
        return
    row = rows[0]
    for c in pod.containers:
        if _uncounted(c):
            c.row_sum, c.row_sum_where = row.restart_count, row.restart_where
            c.row_sum_ended = row.state == "terminated" or \
                row.state_reason == "CrashLoopBackOff" or row_end_killable(row)


def row_end_killable(row: ContainerRecord) -> bool:
    """Whether a `get pods` row of the pod's several containers (READY x/N, the row's record:
    no state of its own, pods_table.py's `_several`) shows in its STATUS a container ended,
    an end a probe's kill may have made (`_KILLABLE_ENDS`): the ended container is not yet
    restarted, so the row's RESTARTS counts one end fewer than the pod's containers made
    (R4.7; README's get-pods rule of titles35: one more where the row's STATUS shows an
    end)."""
    return row.containers > 1 and row.state is None and row.terminated is not None and \
        row.terminated.reason in _KILLABLE_ENDS


def _uncounted(c: ContainerRecord) -> bool:
    """A container the record names, of the pod's, whose restart count it does not state
    (an init container's is left unbounded: whether a row's RESTARTS sums init containers'
    counts depends on kubectl's version)."""
    return c.name is not None and not c.init and c.restart_count is None
