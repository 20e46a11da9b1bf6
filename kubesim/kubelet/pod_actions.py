"""What one pod sync does to the containers: `computePodActions` of
`pkg/kubelet/kuberuntime/kuberuntime_manager.go` (with `computeInitContainerActions` for the
sidecars), as a plain record the pod worker then carries out in SyncPod's order.

For each app container it sees running: kill it on a liveness or startup Failure (R4.1),
restarting it unless the policy is Never, else keep it; not running: start it again if the
restart policy says so (or start it for the first time). Sidecars are killed and restarted on
a probe verdict whatever the policy (R4.2) and started again when they exited. When no app
container is kept and none is to be started (`keepCount == 0 && len(ContainersToStart) ==
0`), or an init container failed under restartPolicy Never, the whole pod is killed
(`KillPod`, R4.20): every running container is stopped, sidecars included, and no sidecar is
started again (`InitContainersToStart = nil`) — a Job's sidecars stop once its main
container completed, and a sole container failing liveness under Never is stopped with the
pod's grace, as any whole-pod kill (R4.22).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from kubesim.kubelet.pod_container import PodContainer, restarts_after_kill
from kubesim.kubelet.runtime import Instance
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.spec.model import RestartPolicy

__all__ = ["Kill", "PodActions", "Start", "compute_pod_actions"]


# The records are plain classes with their own __init__, not dataclasses: compiled (mypyc), a
# dataclass keeps the __init__ that `dataclass` generates, interpreted Python (2,300-3,800
# instructions a record, callgrind; a PodActions every sync).
class Kill:
    """Kill `inst` of `unit` for the Failure of its `probe` (R4.1, R4.2)."""

    def __init__(self, unit: PodContainer, inst: Instance, probe: ProbeType) -> None:
        self.unit: Final = unit
        self.inst: Final = inst
        self.probe: Final = probe


class Start:
    """Start `unit` (again); `exited` is the instance doBackOff compares with, taken from the
    status the sync saw (R4.6, R4.8)."""

    def __init__(self, unit: PodContainer, exited: Instance | None) -> None:
        self.unit: Final = unit
        self.exited: Final = exited


class PodActions:
    """The actions of one sync: kills, then init container starts (failed plain ones again,
    sidecars), then app container starts; or, with `kill_pod`, the whole-pod kill instead of
    all of them."""

    def __init__(self, *, kill_pod: bool = False) -> None:
        self.kills: list[Kill] = []
        self.init_starts: list[Start] = []
        self.starts: list[Start] = []
        self.kill_pod = kill_pod


def compute_pod_actions(units: list[PodContainer], seen: list[tuple[Instance | None, bool]],
                        policy: RestartPolicy, *, initialized: bool,
                        init_failed: bool, rules: bool = False) -> PodActions:
    """computePodActions on the status a sync saw (`seen`: per container, its newest
    instance and whether it runs). Starting the next init container, and the app containers
    once they are all done, is the pod worker's (`Kubelet._advance_init`). `rules`: the
    ContainerRestartRules gate, under which a probe kill restarts by the container's own
    restartPolicy first (R4.32)."""
    out = PodActions()
    keep = 0
    for unit, (inst, running) in zip(units, seen, strict=True):
        if unit.init:  # a failed plain init container runs again (restartOnFailure)
            if inst is not None and not running and unit.status.will_restart:
                out.init_starts.append(Start(unit, unit.runtime.newest_exited(unit.sched.now)))
            continue
        sidecar = unit.sidecar
        if not (sidecar or initialized):
            continue  # initialization still in progress: app containers wait
        if inst is not None and running:
            verdict = unit.manager.kill_reason(inst.id)
            if verdict is None:
                keep += not sidecar
                continue
            out.kills.append(Kill(unit, inst, verdict))
            if restarts_after_kill(unit.spec, policy, rules=rules):  # R4.1, R4.2, E13, R4.32
                # doBackOff reads the status from before the kill: the previous instance
                again = Start(unit, unit.runtime.newest_exited(inst.running_at))
                (out.init_starts if sidecar else out.starts).append(again)
        elif inst is None:
            # created for the first time (sidecars: by _advance_init), unless it was
            # started after the status this sync saw
            if not sidecar and unit.runtime.current is None:
                out.starts.append(Start(unit, None))
        elif unit.status.will_restart:
            again = Start(unit, unit.runtime.newest_exited(unit.sched.now))
            (out.init_starts if sidecar else out.starts).append(again)
    apps = any(not (u.init or u.sidecar) for u in units)  # (the API insists)
    if init_failed or (apps and initialized and keep == 0 and not out.starts):
        out.kill_pod = True  # R4.20: nothing to keep, nothing to start
    return out
