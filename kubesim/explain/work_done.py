"""A pod whose container's work was done: the marks that say a container's Completed end (exit
code 0) showed no failure, and under OnFailure no kill (the corpus README's work-done rule, the
lead's decision of stop 60, fx60i, narrowed by the lead).

A pod the record shows `Succeeded` (its `phase`, describe's `Status: Succeeded`) ended with
every app container exited 0 (R4.23), and a Job's pod (a `job-name` or `controller-uid` label,
an owner of kind Job, `restartPolicy: Never` or `OnFailure` shown) runs its container to its
end: the Job's container is not restarted after exit 0 (E13: under OnFailure a probe-killed
container is restarted whatever its exit code, so a last Completed end was no probe's kill;
R4.23: under Never the pod is Succeeded only where every container exited 0). A Completed end
of such a pod's container is read as its work done: no failure shown by it. It is no kill only
under restartPolicy OnFailure (E13); under Never, or a policy the record does not show, a
process that answers a kill's SIGTERM with exit 0 ends Completed as well and is not restarted
(R4.23), so whether a probe killed it cannot be told (the lead's narrowing, stop 60). A pod of
none of these marks (a Deployment's, restartPolicy Always, or none shown) keeps the reading
of a Completed end as an end that may answer a kill's SIGTERM (R4.23).
"""

from __future__ import annotations

from kubesim.explain.readers.model import ContainerRecord, PodRecord

__all__ = ["completed_end", "restarts_whatever_exit", "work_done_mark"]

# the pod's own restart policies under which an exit 0 is the container's last (R4.23)
_RUN_TO_END = frozenset({"Never", "OnFailure"})


def work_done_mark(pod: PodRecord) -> str:
    """The words of the pod's mark of a workload that runs to its end (module docstring), ""
    where the record shows none."""
    if pod.phase == "Succeeded":
        return "the pod's phase is Succeeded"
    if pod.owner is not None and pod.owner[0] == "Job":
        return f"a Job's pod (owned by Job/{pod.owner[1]})"
    if pod.job_label is not None:
        return f"a Job's pod (labelled {pod.job_label})"
    if pod.restart_policy in _RUN_TO_END:
        return f"a pod of restartPolicy {pod.restart_policy}"
    return ""


def completed_end(rec: ContainerRecord | None) -> bool:
    """Whether the container's current state is a Completed end: terminated with exit code 0
    (the CRI runtime's `Completed`; an `OOMKilled` end of exit 0 is the kernel's kill, the
    OOM rule's)."""
    t = rec.terminated if rec is not None else None
    return rec is not None and rec.state == "terminated" and t is not None and \
        t.exit_code == 0 and t.reason in (None, "Completed") and not t.untold


def restarts_whatever_exit(pod: PodRecord) -> bool:
    """Whether the pod's restartPolicy is OnFailure: the kubelet then restarts a probe-killed
    container whatever its exit code (computePodActions: `restart := shouldRestartOnFailure`,
    set before the liveness and startup branches; E13), so its last Completed end was the
    process's own, no kill. Under Never, or no policy shown, it may be a kill (R4.23)."""
    return pod.restart_policy == "OnFailure"
