"""One container of a pod as the kubelet keeps it: its status, instances, back-off, probes.

A pod's containers are independent below the pod worker: each has its own workers, results
cache, counters, restarts and CrashLoopBackOff entry (R4.8: the key includes the container
name), and its container IDs are unique in the pod. The pod worker (`pod_worker.Kubelet`)
syncs them together and derives the pod's Ready from all of them (R3.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kubesim.kubelet.backoff import CrashLoopBackOff
from kubesim.kubelet.contracts import Listener
from kubesim.kubelet.prober import Prober
from kubesim.kubelet.prober_manager import ProberManager
from kubesim.kubelet.restart_rules import container_should_restart, restart_after_probe_kill
from kubesim.kubelet.results_cache import ResultsCache
from kubesim.kubelet.runtime import Instance, Runtime
from kubesim.kubelet.status_view import StatusView
from kubesim.kubelet.timing import kill_grace_seconds
from kubesim.results import ProbeType, Result
from kubesim.spec.model import RestartPolicy

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.lookup import Quiet
    from kubesim.kubelet.contracts import Crash, ValidityBox
    from kubesim.kubelet.scheduler import Scheduler
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerSpec, Target
    from kubesim.timeline import Timeline

__all__ = ["OOM_EXIT_CODE", "Listener", "PodContainer", "exit_reason",
           "restarts_after_exit", "restarts_after_kill"]

OOM_EXIT_CODE = 137  # the runtime reports an OOM kill as SIGKILL (128 + 9)

# the pod worker's hook for a results-cache update: (container, probe type, container ID,
# result, when) (R3.9)
ResultHook = Callable[["PodContainer", ProbeType, str, Result, float], None]


def restarts_after_kill(spec: ContainerSpec, policy: RestartPolicy, *,
                        rules: bool = False) -> bool:
    """R4.2 sidecars always restart; E13 OnFailure restarts a killed container; with the
    ContainerRestartRules gate (`rules`) the container's own restartPolicy first (R4.32)."""
    if spec.sidecar:
        return True
    if rules:
        return restart_after_probe_kill(spec, policy)
    return policy is not RestartPolicy.NEVER


def restarts_after_exit(spec: ContainerSpec, policy: RestartPolicy, code: int, *,
                        rules: bool = False, restart_all: bool = False) -> bool:
    """An app's own exit (§4): Always (and a sidecar) restarts, OnFailure only a non-zero
    exit code, Never nothing; a plain init container is done at exit code 0 and restarts
    after a failure unless the policy is Never. With the ContainerRestartRules gate
    (`rules`) the container's rules and own policy decide first (R4.31; `restart_all`: the
    RestartAllContainers gate, R4.35)."""
    if spec.sidecar:
        return True
    if spec.init and code == 0:
        return False
    if rules:
        return container_should_restart(spec, policy, code, restart_all=restart_all)
    if spec.init:
        return policy is not RestartPolicy.NEVER
    return policy is RestartPolicy.ALWAYS or (policy is RestartPolicy.ON_FAILURE and code != 0)


def exit_reason(code: int, oom: bool) -> str:
    """The terminated state's reason: OOMKilled, Completed (exit code 0) or Error."""
    if oom:
        return "OOMKilled"
    return "Completed" if code == 0 else "Error"


class PodContainer:
    """One container of the pod: spec, status view, runtime, back-off, cache, workers.

    `runtime` (its instances) is made first, so that the pod can tell each probe which
    container listens on its port (`listen`) before the workers are made (`add_workers`)."""

    def __init__(self, sched: Scheduler, index: int, spec: ContainerSpec,
                 policy: RestartPolicy, profile: KubeletProfile) -> None:
        self.sched, self.index, self.spec, self.policy = sched, index, spec, policy
        self.name = spec.name
        # the container's kind, read at every sync: copied from the frozen spec (a pydantic
        # attribute costs a Python look-up even in the compiled kubelet)
        self.init, self.sidecar = spec.init, spec.sidecar
        self.status = StatusView(will_restart=restarts_after_kill(
            spec, policy, rules=profile.container_restart_rules))
        # container IDs unique in the pod: the first container keeps the short form
        self.runtime = Runtime(prefix="" if index == 0 else f"{self.name}-", name=self.name)
        self.backoff = CrashLoopBackOff(profile.backoff_initial, profile.backoff_max,
                                        profile.backoff_reset,
                                        gc_period=profile.housekeeping_seconds,
                                        gc_phase=profile.housekeeping_phase)
        self.failed_at: dict[tuple[ProbeType, str], float] = {}

    def add_workers(self, targets: dict[ProbeType, Target], listeners: dict[ProbeType, Listener],
                    behaviour: Behaviour, profile: KubeletProfile, rng: np.random.Generator,
                    timeline: Timeline, *, origins: dict[ProbeType, float], censored: str,
                    on_result: ResultHook, quiet: Quiet | None, crash: Crash | None,
                    box: ValidityBox | None) -> None:
        """Its results cache, prober and workers (R1.1, R1.2); `listeners` says which
        container answers each probe (the one listening on the probe's port)."""
        self.cache = ResultsCache(lambda t, cid, r, at: on_result(self, t, cid, r, at))
        self.prober = Prober(self.sched, behaviour, self.runtime, status=self.status,
                             timeline=timeline, rng=rng,
                             exec_probe_timeout=profile.exec_probe_timeout, censored=censored,
                             quiet=quiet, crash=crash)
        self.manager = ProberManager(self.sched, self.spec, origins, status=self.status,
                                     cache=self.cache, prober=self.prober, profile=profile,
                                     rng=rng, box=box, targets=targets, listeners=listeners)

    def set_started(self, started: bool) -> None:
        """SetContainerStartup / status refresh; records when an instance became Started."""
        inst = self.runtime.current
        if started and not self.status.started and inst is not None \
                and inst.id == self.status.container_id and inst.record.started_at is None:
            inst.record.started_at = self.sched.now
        self.status.started = started

    def refresh(self, inst: Instance | None, running: bool) -> bool | None:
        """UpdatePodStatus for this container; its Ready (None: nothing seen yet)."""
        st = self.status
        if inst is None:
            return None
        st.adopt(inst, running)
        self.set_started(self.manager.is_started(inst.id, running))
        return self.manager.is_ready(inst.id, running, st.started)

    def grace_seconds(self, probe_type: ProbeType, pod_grace: int) -> float:
        """The grace period of a kill for this probe's Failure (R4.4, R4.5)."""
        return kill_grace_seconds(self.spec.probes()[probe_type], pod_grace)
