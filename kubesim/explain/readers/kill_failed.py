"""A kill of a container the kubelet attempted and the runtime failed, as the pod workers log
the sync's error (fc57b, held-out batch 133, containerd-6080: `"Error syncing pod, skipping"
err="failed to \\"KillContainer\\" for \\"solace\\" with KillContainerError: \\"rpc error:
code = DeadlineExceeded desc = context deadline exceeded\\""`; before 1.20 `Error syncing pod
UID ("NAME_NS(UID)"), skipping: failed to "KillContainer" for "app" with KillContainerError:
...`).

The sync's result for the container is KillContainer (kubecontainer.KillContainer, the step
SyncPod or the pod's termination ran for it: kuberuntime_manager.go), failed with
KillContainerError: the kubelet's killContainer ran for that container, and it records the
`Killing` event before it asks the runtime to stop the container (kuberuntime_container.go
killContainer: `recordContainerEvent(... events.KillingContainer ...)`, then StopContainer),
so the line shows a kill of the container, attempted, its cause not stated (a probe's, a
changed spec's or the pod's termination: R4.1, R4.20): a `Killing` event of no stated cause,
no end of it (the runtime did not stop it). The README's `shows_failures` (kills shown) holds;
what ended it is not told and the ceiling of kills is open. A sync error of another step
(`StartContainer` in back-off: event_layouts.start_back_off) is not this; the podKiller's
`Failed killing the pod` (klog.py, 1.2-1.19) stays the pod's teardown.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import LABEL

__all__ = ["KILL_FAILED", "failed_kill"]

# the sync result's words (kubecontainer.SyncResult's error: `failed to "%s" for "%s" with %s:
# %q`), quotes as the line prints them once klog's escapes are undone; the container's name a
# DNS label (bounded), so one pass
KILL_FAILED = lazy_regex(rf'failed to "KillContainer" for "({LABEL})" with KillContainerError')


def failed_kill(err: str) -> str | None:
    """The container whose kill the sync error `err` says failed (`KILL_FAILED`), or None."""
    m = KILL_FAILED.search(err)
    return m[1] if m else None
