"""The pod restarted in place (KEP-5532, `RestartAllContainersOnContainerExits`, R4.35).

A container's exit matches a `RestartAllContainers` rule (`ShouldAllContainersRestart`,
`pkg/kubelet/container/helpers.go`): the status of the sync that sees it sets the pod's
`AllContainersRestarting` condition, and `kubelet.go` `SyncPod` passes
`restartingAllContainers` to the runtime's `SyncPod`, whose `computePodActions` then only
resets: each running container is killed, one after another in pod order, without its
preStop hook and with no grace to speak of (`killContainer` with a grace override of 0,
raised to the 2 s minimum), and every container, exited ones included, is removed
(`RemoveContainer`). `SyncPod` requeues the pod at once (`UpdatePod`), and that sync starts
it from the beginning: the init containers again, in order, then the sidecars and app
containers, whatever their restart policies. The containers were removed, so no back-off
applies to these starts (doBackOff finds no exited container), while their restartCount goes
on; throughout, the pod stays Running (`getPhase` counts a container stopped for the restart
as restarting).

Read: `kubelet.go` `SyncPod` (a 1.36-era tree: the condition, the requeue, the postSync
relist) and `kubelet_pods.go@001a80e9` `getPhase`; the kill, the removal and their order as
`kuberuntime_manager.go` `computePodActions`/`getContainersToReset` and `SyncPod` do it were
read from a TypeScript port of 1.36 and the KEP-5532 blog post (v1.35), not from the Go
source, which was not at hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.behaviour.answer import SIGKILL_EXIT_CODE
from kubesim.kubelet.restart_rules import restarts_all
from kubesim.kubelet.runtime import MIN_GRACE_SECONDS
from kubesim.kubelet.scheduler import URGENT
from kubesim.timeline import ContainerStop, PodKill

if TYPE_CHECKING:
    from kubesim.kubelet.pod_container import PodContainer
    from kubesim.kubelet.runtime import Instance
    from kubesim.kubelet.scheduler import ProcessGen
    from kubesim.kubelet.termination import TerminatingPod

__all__ = ["Trigger", "restart_all", "restart_all_trigger"]


class Trigger:
    """The container whose exit restarts the pod, and its exit code. (A plain class: one
    per in-place restart.)"""

    def __init__(self, unit: PodContainer, code: int) -> None:
        self.unit, self.code = unit, code


def restart_all_trigger(units: list[PodContainer],
                        seen: list[tuple[Instance | None, bool]]) -> Trigger | None:
    """ShouldAllContainersRestart on the status a sync saw: the first container, in pod
    order, whose newest instance has exited with a code a RestartAllContainers rule
    matches (R4.35)."""
    for unit, (inst, running) in zip(units, seen, strict=True):
        if inst is None or running or inst.record.exit_code is None:
            continue
        if restarts_all(unit.spec, inst.record.exit_code):
            return Trigger(unit, inst.record.exit_code)
    return None


def restart_all(kl: TerminatingPod, trigger: Trigger) -> ProcessGen:
    """The reset sync (R4.35): kill each running container in turn (2 s grace, no preStop),
    then remove every container; recorded as a pod kill. The pod worker requeues the pod."""
    now = kl.sched.now
    record = PodKill(now, f"RestartAllContainers: container {trigger.unit.name} exited with "
                          f"code {trigger.code}, every container restarts (R4.35)",
                     int(MIN_GRACE_SECONDS), [])
    kl.timeline.pod_kills.append(record)
    # every container started before restarts with the pod, its restartCount going on; a
    # container whose exit already asked for a restart (the trigger's, ExitRecord.restart)
    # has that restart counted
    record.restarted = [unit.name for unit in kl.units
                        if unit is not trigger.unit and _restarts_with_the_pod(unit)]
    for unit in kl.units:
        inst = unit.runtime.current
        if inst is not None and inst.exited_at is None:
            yield from _reset_kill(kl, unit, inst, record)
    record.stopped_at = kl.sched.now
    for unit in kl.units:
        unit.runtime.remove_all()
        status = unit.status
        status.running, status.terminated, status.will_restart = False, True, True
        unit.set_started(False)
        kl.set_container_ready(unit, False)
    kl.timeline.endpoint_changed(kl.sched.now)


def _restarts_with_the_pod(unit: PodContainer) -> bool:
    """Whether the in-place restart is what starts this container again: it ran, and it
    is running now or exited for good (not waiting for a restart of its own)."""
    inst = unit.runtime.current
    return inst is not None and (inst.exited_at is None or not inst.will_restart)


def _reset_kill(kl: TerminatingPod, unit: PodContainer, inst: Instance,
                record: PodKill) -> ProcessGen:
    """killContainer for the reset: SIGTERM at once (no preStop: the grace override is 0),
    SIGKILL after the 2 s minimum (R4.5); the sync waits for the process to go."""
    now = kl.sched.now
    grace = MIN_GRACE_SECONDS
    kl.event(now, "Normal", "Killing", f"Stopping container {unit.name}", unit.name)
    stop = ContainerStop(unit.name, inst.restart_count, now, grace, sigterm_at=now)
    record.containers.append(stop)
    inst.will_restart = True
    inst.sigterm_at = now
    can_act = kl.behaviour.stall_end(now, inst.running_at)
    exit_at = min(now + grace, can_act + kl.behaviour.shutdown_seconds(unit.name))
    yield max(0.0, exit_at - now), URGENT
    sigkill = not exit_at < now + grace
    inst.exited_at = inst.record.ended_at = stop.stopped_at = kl.sched.now
    stop.sigkill = sigkill
    code = SIGKILL_EXIT_CODE if sigkill else kl.behaviour.sigterm_exit_code(unit.name)
    how = "SIGKILL after 2 s" if sigkill else "exited after SIGTERM"
    inst.record.exit_code, inst.record.reason = code, "RestartingAllContainers"
    inst.record.end_reason = f"RestartAllContainers: every container restarts; {how}"
