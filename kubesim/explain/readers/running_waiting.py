"""A container waiting in a pod whose phase is Running, its Last State cut away (fc55s,
held-out batch 121: risingwave-operator-461).

The kubelet counts a regular container in a waiting state as `waiting` unless its status has a
last termination, and a pod with any `waiting` container is Pending (getPhase in
pkg/kubelet/kubelet_pods.go, the same in every release since the field came: `State.Waiting`
with `LastTerminationState.Terminated` counts as `stopped`; R4.23). So a pod whose phase is
Running holds no regular container waiting for its first start: each one it shows waiting has
ended at least once and waits to start again (a back-off or a start that failed, R4.8-R4.9).
describe prints the phase as the pod's `Status:` and a container's Last State right after its
State, before Ready and Restart Count (describe.go, describeContainerState): a describe cut
inside the waiting state's fields (its `Reason:` cut away, or no field after `Waiting`) leaves
that last termination out, not absent. The container is read as ended once, its reason, exit
code and times not in the record, said in a note. A waiting reason of `CrashLoopBackOff` shows
that end already (the back-off follows an end, R4.9) and is left to its own reading.

What stays as it was: a waiting container whose block goes on past the place of its Last State
(its `Ready:` or `Restart Count:` shown, no Last State: the record disagrees with the phase),
one that shows its Last State, an init container (its own rules, R4.24), a pod whose phase is
not Running (Pending: a first start; `Terminating` is no phase), and a waiting reason that
names the wait for a first start (`ContainerCreating`, `PodInitializing`, the kubelet's
default waiting state of a container it has not created, or the start of such a word cut by the
paste): there the record tells a first start against its phase, and nothing is read from it.
"""

from __future__ import annotations

from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
)

__all__ = ["waiting_in_running_pod"]

# the kubelet's default waiting reasons of a container it has not created (its first start)
_FIRST_START = ("ContainerCreating", "PodInitializing")


def _first_start(reason: str | None) -> bool:
    """The waiting reason names (or begins, cut by the paste) a wait for a first start."""
    return reason is not None and any(w.startswith(reason) for w in _FIRST_START)


def _ended_unshown(pod: PodRecord, c: ContainerRecord) -> bool:
    """A regular container of a Running pod waiting, its block cut before the place of its
    Last State (module docstring)."""
    return pod.phase == "Running" and not c.init and not c.sidecar and \
        c.state == "waiting" and not _first_start(c.state_reason) and \
        c.state_reason != "CrashLoopBackOff" and c.last is None and \
        c.restarts_cut and c.ready is None and c.restart_count is None


def waiting_in_running_pod(found: RecordSet) -> None:
    """Give each container of the describe reader's `found` that `_ended_unshown` holds its
    last termination, untold, said in a note."""
    for pod in found.pods:
        for c in pod.containers:
            if not _ended_unshown(pod, c):
                continue
            c.last = Terminated(None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=c.where)
            found.notes.append(Note(
                f"pod {pod.name} is Running and its container {c.name} waiting, the record cut "
                "before the container's Last State: the kubelet reports a pod Running with a "
                "container waiting only once that container has ended (getPhase, R4.23), so it "
                "ended at least once and waits to start again; how it ended, the record does "
                "not show", c.where, pod=pod.name, piece=c.where))
