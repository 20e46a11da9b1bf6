"""The pod's phase from its containers' states: `getPhase` of `pkg/kubelet/kubelet_pods.go`
(R4.23); with the ContainerRestartRules gate (`rules`, R4.33) each stopped container's own
restart decision (`ContainerState.restartable`) replaces the pod's restartPolicy.

The kubelet computes it each time it builds the pod's API status, at every pod sync, from the
container states that sync sees. Plain init containers keep the pod Pending until each has
completed (exit code 0); one that failed under restartPolicy Never fails the pod. Sidecars
(restartable init containers) count as running while they run and are left out once they
have stopped; a sidecar running but not yet Started keeps the pod Pending until an app
container has started. The app containers decide the rest: any waiting (never started) is
Pending, any running is Running; all stopped is Running under Always (they restart),
Succeeded when all exited 0, Failed under Never, Running under OnFailure (restarting). Once
the pod is terminal (its termination done) it is Succeeded or Failed by the exit codes, and
a terminal phase never changes again.

With the gate (R4.33, `kubelet_pods.go@001a80e9` `getPhase`): a plain init container that
failed and will not restart fails the pod; when every app container has stopped the pod is
Running if any of them restarts (by its rules, its own policy or the pod's:
`ContainerShouldRestart`, or because the pod restarts in place, R4.35), else Succeeded when
all exited 0, else Failed.
"""

from __future__ import annotations

from enum import Enum

from kubesim.spec.model import RestartPolicy

__all__ = ["ContainerState", "PodPhase", "pod_phase"]


class PodPhase(str, Enum):
    """The pod's phase (v1.PodPhase)."""

    PENDING = "Pending"
    RUNNING = "Running"
    SUCCEEDED = "Succeeded"
    FAILED = "Failed"

    @property
    def terminal(self) -> bool:
        return self in (PodPhase.SUCCEEDED, PodPhase.FAILED)


class ContainerState:
    """One container as the pod's status shows it: `kind` init (a plain init container),
    sidecar or app; never created yet, running (and whether Started) or stopped (with the
    exit code of its newest instance). (A plain class, not a NamedTuple: compiled, a
    NamedTuple's __new__ and fields are reached through Python; one per container a sync.)"""

    def __init__(self, kind: str, created: bool, running: bool, started: bool = False,
                 exit_code: int | None = None, restartable: bool = True) -> None:
        self.kind = kind  # "init" | "sidecar" | "app"
        self.created, self.running, self.started = created, running, started
        self.exit_code = exit_code
        self.restartable = restartable  # stopped: the kubelet starts it again (R4.33)


def pod_phase(states: list[ContainerState], policy: RestartPolicy, *,
              terminal: bool = False, rules: bool = False) -> PodPhase:
    """getPhase (R4.23): `terminal` is the pod worker's podIsTerminal; `rules` the
    ContainerRestartRules gate (R4.33)."""
    pending_init = failed_init = failed_for_good = pending_sidecars = 0
    running = waiting = stopped = succeeded = stopped_for_good = 0
    for s in states:
        if s.kind == "init":
            if not s.created or s.running:
                pending_init += 1
            elif s.exit_code != 0:
                failed_init += 1
                failed_for_good += not s.restartable
        elif s.kind == "sidecar":
            if not s.created:
                pending_sidecars += 1
                waiting += 1
            elif s.running:
                pending_sidecars += not s.started
                running += 1
            # a stopped sidecar does not count for the phase
        elif not s.created:
            waiting += 1
        elif s.running:
            running += 1
        else:
            stopped += 1
            succeeded += s.exit_code == 0
            stopped_for_good += not s.restartable
    initialized = any(s.kind == "app" and s.created for s in states)
    # an init container failed for good: with the gate by its own decision, else under Never
    failed = failed_for_good > 0 if rules else failed_init > 0 and policy is RestartPolicy.NEVER
    if failed:
        return PodPhase.FAILED
    if pending_init or (pending_sidecars and not initialized) or waiting:
        return PodPhase.PENDING
    if running:
        return PodPhase.RUNNING
    if stopped:
        if terminal:
            return PodPhase.SUCCEEDED if stopped == succeeded else PodPhase.FAILED
        if rules:  # R4.33
            if stopped != stopped_for_good:
                return PodPhase.RUNNING  # some container restarts
            return PodPhase.SUCCEEDED if stopped == succeeded else PodPhase.FAILED
        if policy is RestartPolicy.ALWAYS:
            return PodPhase.RUNNING  # every app container is restarting
        if stopped == succeeded:
            return PodPhase.SUCCEEDED
        if policy is RestartPolicy.NEVER:
            return PodPhase.FAILED
        return PodPhase.RUNNING  # OnFailure: the failed ones restart
    return PodPhase.PENDING
