"""Stopping a pod's containers: pod deletion (SyncTerminatingPod) and the whole-pod kill
(computePodActions' KillPod), both through killContainersWithSyncResult (§1.11, §4.1, §4.5).

The order, as `kubelet.go` SyncTerminatingPod and `kuberuntime_container.go` killContainer run
it: the API deletion turns the endpoint terminating (not ready) at once (R3.12); one sync hop
later the pod worker stops the liveness and startup workers (R1.30, R1.31: readiness keeps
probing; in 1.20 every worker keeps probing until the pod is removed) and kills every running
container in parallel (`PodStop`). Each kill records `Killing` ("Stopping container NAME"),
runs the preStop hook if the grace is above 0 and subtracts its duration in whole seconds
(R4.5, E18); a sidecar then waits for its turn (every app container, and every sidecar
declared after it, stopped: kuberuntime_termination_order.go, R4.21), also subtracted in
whole seconds; the rest of the grace, at least 2 s, goes from SIGTERM to SIGKILL. When every
container has stopped the readiness workers go too (RemovePod) and the pod's Ready turns
False (R3.12).

The whole-pod kill (R4.20) is the same `PodStop` with the pod's terminationGracePeriodSeconds
(the kill's reason is not a probe's, so no probe-level grace applies, R4.22), run inside the
pod worker's sync.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, Protocol

from kubesim.behaviour.answer import SIGKILL_EXIT_CODE
from kubesim.kubelet.lifecycle import run_handler
from kubesim.kubelet.pod_status import PodPhase
from kubesim.kubelet.runtime import MIN_GRACE_SECONDS
from kubesim.kubelet.scheduler import URGENT, Interrupted
from kubesim.results import ProbeType
from kubesim.timeline import ContainerStop, Termination

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.pod_container import PodContainer
    from kubesim.kubelet.runtime import Instance
    from kubesim.kubelet.scheduler import ProcessGen, Scheduler
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer
    from kubesim.timeline import Timeline

__all__ = ["PodStop", "TerminatingPod", "Terminator", "exit_code_reason", "pre_stop_seconds",
           "run_pre_stop", "send_stop_signal", "sleep_until"]


class TerminatingPod(Protocol):
    """What a termination needs of the pod it ends: its containers and records, and the pod
    worker's calls (`kubesim.kubelet.pod_worker.Kubelet` is one)."""

    sched: Scheduler
    pod: ProbedContainer
    behaviour: Behaviour
    profile: KubeletProfile
    rng: np.random.Generator
    timeline: Timeline
    units: list[PodContainer]

    def event(self, at: float, type_: str, reason: str, message: str, name: str) -> None: ...

    def request_sync(self, delay: float) -> None: ...

    def set_container_ready(self, unit: PodContainer, ready: bool) -> None: ...

    def set_phase(self, phase: PodPhase) -> None: ...

    def notice(self, at: float) -> None: ...

    def cancel_sync(self) -> None: ...


def exit_code_reason(code: int) -> str:
    """The terminated state's reason for an exit code: Completed (0) or Error."""
    return "Completed" if code == 0 else "Error"


def pre_stop_seconds(kl: TerminatingPod, unit: PodContainer,
                     inst: Instance) -> tuple[float, bool]:
    """How long the preStop hook runs, and whether it failed (`run_handler`, R4.41): a sleep
    its seconds; an exec or httpGet hook as long as the behaviour takes to answer its target
    (never: for ever, so until the grace ends); a tcpSocket hook fails at once."""
    hook = unit.spec.pre_stop
    assert hook is not None
    run = run_handler(kl, unit, hook, inst)
    return run.seconds, run.failed


def run_pre_stop(kl: TerminatingPod, unit: PodContainer, inst: Instance, rec: ContainerStop,
                 grace: int) -> Generator[Any, Any, int]:
    """killContainer's first step: the preStop hook, if any and if the grace is above 0, at
    most the grace long; returns the grace left, its whole seconds off (R4.5, E18)."""
    if unit.spec.pre_stop is None or grace <= 0:
        return grace
    rec.pre_stop_start = kl.sched.now
    seconds, failed = pre_stop_seconds(kl, unit, inst)
    took = min(seconds, float(grace))
    yield took, URGENT
    rec.pre_stop_end = kl.sched.now
    if failed:
        kl.event(kl.sched.now, "Warning", "FailedPreStopHook",
                 f"PreStopHook failed for container {unit.name}", unit.name)
    return grace - int(took)  # whole seconds, truncated (E18)


def send_stop_signal(kl: TerminatingPod, unit: PodContainer, inst: Instance,
                     rec: ContainerStop, grace: int, why: str) -> ProcessGen:
    """killContainer's last step: SIGTERM with what is left of the grace, at least 2 s (R4.5),
    SIGKILL when it runs out; `why` starts the stopped instance's end reason. (Nothing is
    sent to a container that has already exited.)"""
    grace = max(grace, int(MIN_GRACE_SECONDS))  # R4.5: the 2 s floor
    rec.grace_seconds = float(grace)
    if inst.exited_at is None:
        now = kl.sched.now
        inst.sigterm_at = rec.sigterm_at = now
        can_act = kl.behaviour.stall_end(now, inst.running_at, unit.name)
        exit_at = min(now + grace, can_act + kl.behaviour.shutdown_seconds(unit.name))
        rec.sigkill = not exit_at < now + grace
        how = (f"SIGKILL after the {grace:g} s grace period" if rec.sigkill
               else "exited after SIGTERM")
        inst.record.end_reason = f"{why}{how}"
        yield from sleep_until(kl.sched, exit_at)
        inst.exited_at = inst.record.ended_at = kl.sched.now
        code = (SIGKILL_EXIT_CODE if rec.sigkill
                else kl.behaviour.sigterm_exit_code(unit.name))
        inst.record.exit_code, inst.record.reason = code, exit_code_reason(code)
        kl.notice(kl.sched.now)
    rec.stopped_at = inst.exited_at


def sleep_until(sched: Scheduler, at: float) -> ProcessGen:
    """Wait until `at`; an interrupt meant for a wait that ended at this very instant (a
    sidecar's turn whose timeout came first) is absorbed."""
    first = True
    while first or sched.now < at:
        first = False
        try:
            yield max(0.0, at - sched.now), URGENT
        except Interrupted:
            pass


class PodStop:
    """killContainersWithSyncResult: every running container of the pod stopped in parallel
    with one grace period, sidecars in their turn (R4.21); `done` is called once all have
    stopped. `why(unit)` is the start of each stopped instance's end reason."""

    def __init__(self, kubelet: TerminatingPod, grace: int, records: list[ContainerStop],
                 why: Callable[[PodContainer], str], done: Callable[[], None]) -> None:
        self.kl, self.grace, self.records, self.why, self.done = (kubelet, grace, records,
                                                                  why, done)
        self.stopped: set[str] = set()  # containers gone (or not running at the start)
        self.procs: dict[str, Any] = {}
        self.waiting: set[str] = set()  # sidecars waiting for their turn
        self.finished = False

    def start(self) -> None:
        """Kill every running container now (SIGTERM paths in parallel)."""
        kl = self.kl
        now = kl.sched.now
        for unit in kl.units:
            inst = unit.runtime.current
            if inst is None or inst.exited_at is not None:
                self.stopped.add(unit.name)
                continue
            inst.will_restart = False
            rec = ContainerStop(unit.name, inst.restart_count, now, float(self.grace))
            self.records.append(rec)
            self.procs[unit.name] = kl.sched.process(self._stop(unit, inst, rec))
        if not self.procs:
            self._finish()

    def _stop(self, unit: PodContainer, inst: Instance, rec: ContainerStop) -> ProcessGen:
        """killContainer: preStop, the sidecar's turn, SIGTERM, SIGKILL at the end of the
        grace."""
        kl = self.kl
        kl.event(kl.sched.now, "Normal", "Killing", f"Stopping container {unit.name}", unit.name)
        grace = yield from run_pre_stop(kl, unit, inst, rec, self.grace)  # R4.5
        if unit.sidecar and grace > 0:
            waited = yield from self._wait_for_turn(unit, grace)
            grace -= int(waited)
        yield from send_stop_signal(kl, unit, inst, rec, grace, self.why(unit))
        self._stopped(unit)

    def _turn(self, unit: PodContainer) -> bool:
        """waitForTurn: a sidecar goes after every app container and every later sidecar."""
        kl = self.kl
        sidecars = [u for u in kl.units if u.sidecar]
        later = sidecars[sidecars.index(unit) + 1:]
        before = [u for u in kl.units if not (u.sidecar or u.init)] + later
        return all(u.name in self.stopped for u in before)

    def _wait_for_turn(self, unit: PodContainer, grace: int) -> Any:
        kl = self.kl
        start = kl.sched.now
        # one absolute deadline: `now - start < grace` can stay true at an instant that a
        # wait of `grace - (now - start)` does not leave (the float sum rounds back to now),
        # a wait for ever at one instant; `deadline - now` lands on the deadline in two steps
        deadline = start + grace
        while not self._turn(unit) and kl.sched.now < deadline:
            self.waiting.add(unit.name)
            try:
                yield deadline - kl.sched.now, URGENT
            except Interrupted:
                pass
            self.waiting.discard(unit.name)
        return kl.sched.now - start

    def _stopped(self, unit: PodContainer) -> None:
        self.stopped.add(unit.name)
        kl = self.kl
        for other in kl.units:
            if other.name in self.waiting and self._turn(other):
                self.waiting.discard(other.name)
                kl.sched.interrupt(self.procs[other.name])
        if all(u.name in self.stopped for u in kl.units):
            self._finish()

    def _finish(self) -> None:
        if not self.finished:
            self.finished = True
            self.done()


class Terminator:
    """The deletion of one pod: when it comes, and the termination it starts."""

    def __init__(self, kubelet: TerminatingPod, at: float, override: int | None) -> None:
        self.kl, self.at = kubelet, at
        pod = kubelet.pod
        self.grace = pod.termination_grace_period_seconds if override is None else override
        self.requested = False  # the pod worker has seen the deletion
        kubelet.sched.process(self._deletion())

    def _deletion(self) -> ProcessGen:
        """The API deletion at `at` (URGENT, a process of its own: see `engine.jumps`)."""
        kl = self.kl
        yield max(0.0, self.at - kl.sched.now), URGENT
        kl.timeline.termination = Termination(kl.sched.now, self.grace)
        kl.timeline.endpoint_changed(kl.sched.now)
        yield kl.profile.sync_seconds, URGENT  # the pod update reaches the pod worker
        self.requested = True
        kl.request_sync(0.0)
        kl.cancel_sync()  # UpdatePod: a pod that became terminating cancels the sync (R4.42)

    # -- SyncTerminatingPod -------------------------------------------------------------------
    def terminate(self) -> None:
        """Stop liveness and startup (R1.30; not in 1.20), then kill every running container
        in parallel."""
        kl = self.kl
        now = kl.sched.now
        term = kl.timeline.termination
        assert term is not None
        term.started_at, term.containers = now, []
        if kl.profile.stop_liveness_at_termination:  # R1.30, R1.31
            for unit in kl.units:
                if not unit.sidecar or kl.profile.stop_sidecar_liveness_at_termination:
                    unit.manager.stop(ProbeType.LIVENESS, ProbeType.STARTUP)
        PodStop(kl, self.grace, term.containers, lambda _: "deleted: ", self._finish).start()

    def _finish(self) -> None:
        """Every container stopped: the status shows them terminated (Ready False) and the
        probe workers are removed (RemovePod); the pod is terminal (getPhase with
        podIsTerminal: Succeeded if every app container exited 0, else Failed)."""
        kl = self.kl
        term = kl.timeline.termination
        assert term is not None
        term.stopped_at = kl.sched.now
        kl.timeline.endpoint_changed(kl.sched.now)
        for unit in kl.units:
            inst = unit.runtime.current
            if inst is not None:
                unit.status.adopt(inst, False)
            unit.status.pod_finished = True
            unit.manager.stop(*ProbeType)
            kl.set_container_ready(unit, False)  # R3.12: stopped containers are not Ready
        apps = [u.runtime.current for u in kl.units if not (u.init or u.sidecar)]
        done = all(i is not None and i.record.exit_code == 0 for i in apps)
        kl.set_phase(PodPhase.SUCCEEDED if done else PodPhase.FAILED)

