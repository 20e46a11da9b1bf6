"""The prober manager: the workers of a container, and Started/Ready from their results (§3).

Mirrors `prober_manager.go`: `is_started` and `is_ready` combine cached results
(`results_cache.ResultsCache`) the way `UpdatePodStatus` does, posting readiness triggers on
the way (R1.13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.kubelet.contracts import Listener
from kubesim.kubelet.worker import Worker
from kubesim.results import ProbeType, Result

if TYPE_CHECKING:
    import numpy as np

    from kubesim.kubelet.contracts import ValidityBox
    from kubesim.kubelet.prober import Prober
    from kubesim.kubelet.results_cache import ResultsCache
    from kubesim.kubelet.scheduler import Scheduler
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.kubelet.status_view import StatusView
    from kubesim.spec.model import ContainerSpec, Target

__all__ = ["ProberManager", "container_started", "kill_reason_of"]


def container_started(running: bool, cached_startup: Result | None, has_startup: bool) -> bool:
    """isContainerStarted (R3.1), from the cached startup result (None: nothing written)."""
    if not running:
        return False
    if cached_startup is not None:
        return cached_startup is Result.SUCCESS
    return not has_startup


def kill_reason_of(cached_liveness: Result | None,
                   cached_startup: Result | None) -> ProbeType | None:
    """computePodActions: liveness Failure first, then startup Failure (R4.1)."""
    if cached_liveness is Result.FAILURE:
        return ProbeType.LIVENESS
    if cached_startup is Result.FAILURE:
        return ProbeType.STARTUP
    return None


class ProberManager:
    """The workers of one container and the results cache they write to."""

    def __init__(self, sched: Scheduler, container: ContainerSpec,
                 origins: dict[ProbeType, float], *, status: StatusView, cache: ResultsCache,
                 prober: Prober, profile: KubeletProfile, rng: np.random.Generator,
                 box: ValidityBox | None = None,
                 targets: dict[ProbeType, Target] | None = None,
                 listeners: dict[ProbeType, Listener] | None = None) -> None:
        self.cache, self.profile = cache, profile
        # read at every sync: copied from the frozen profile (a pydantic field is a Python
        # look-up even in the compiled kubelet)
        self.readiness_trigger_at_sync = profile.readiness_trigger_at_sync
        targets = targets or {t: container.target(t) for t in container.probes()}
        own = Listener(prober.runtime, False)
        # R1.1, R1.2: one worker per declared probe, created together at the first pod sync
        self.workers = {
            t: Worker(sched, t, probe, targets[t], origins[t], status=status,
                      cache=cache, prober=prober, profile=profile, rng=rng, box=box,
                      listener=(listeners or {}).get(t, own))
            for t, probe in container.probes().items()
        }

    def stop(self, *probe_types: ProbeType) -> None:
        """Stop these workers (termination, R1.30): each forgets its cached result (R1.31)
        and exits at its next wake; a probe in flight still completes (R1.32)."""
        for t in probe_types:
            worker = self.workers.get(t)
            if worker is not None and not worker.stopped:
                worker.stop()

    def is_started(self, cid: str, running: bool) -> bool:
        """isContainerStarted (R3.1)."""
        return container_started(running, self.cache.get(ProbeType.STARTUP, cid),
                                 ProbeType.STARTUP in self.workers)

    def is_ready(self, cid: str, running: bool, started: bool) -> bool:
        """Container ready per UpdatePodStatus (R3.4), triggering readiness if not (R1.13)."""
        if not (running and started):
            return False
        if self.ready_by_results(cid):
            return True
        worker = self.workers[ProbeType.READINESS]
        if self.readiness_trigger_at_sync:  # R1.13 (1.21+); 1.20 waits for its tick
            worker.trigger()
        return False

    def ready_by_results(self, cid: str) -> bool:
        """A running, Started container is Ready by its results alone: a cached readiness
        Success, or no readiness probe (R3.4)."""
        return (self.cache.get(ProbeType.READINESS, cid) is Result.SUCCESS
                or ProbeType.READINESS not in self.workers)

    def kill_reason(self, cid: str) -> ProbeType | None:
        """computePodActions: liveness Failure first, then startup Failure (R4.1)."""
        return kill_reason_of(self.cache.get(ProbeType.LIVENESS, cid),
                              self.cache.get(ProbeType.STARTUP, cid))
