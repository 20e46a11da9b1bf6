"""The prober manager: the workers, their result caches, and Started/Ready (§3).

Mirrors `prober_manager.go` and `results_manager.go`: a cache write emits an update only when
the stored value changes (R1.20); `is_started` and `is_ready` combine cached results the way
`UpdatePodStatus` does, posting readiness triggers on the way (R1.13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.results import ProbeType, Result
from kubesim.kubelet.worker import Worker

if TYPE_CHECKING:
    from kubesim.kubelet.pod_worker import Kubelet

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
    """Workers and result caches of the one simulated container."""

    def __init__(self, kubelet: Kubelet, origins: dict[ProbeType, float]) -> None:
        self.kubelet = kubelet
        self.cache: dict[ProbeType, dict[str, Result]] = {t: {} for t in ProbeType}
        container = kubelet.pod.container
        # R1.1, R1.2: one worker per declared probe, created together at the first pod sync
        self.workers = {
            t: Worker(kubelet, t, probe, container.target(t), origins[t])
            for t, probe in container.probes().items()
        }

    def set(self, probe_type: ProbeType, cid: str | None, result: Result, *, at: float) -> None:
        """results_manager.Set: store, and tell the kubelet only if the value changed."""
        if cid is None:
            return
        cache = self.cache[probe_type]
        if cache.get(cid) is result:
            return
        cache[cid] = result
        self.kubelet.on_result(probe_type, cid, result, at)

    def forget(self, probe_type: ProbeType, cid: str | None) -> None:
        """results_manager.Remove: drop the cached result of an old container ID."""
        if cid is not None:
            self.cache[probe_type].pop(cid, None)

    def get(self, probe_type: ProbeType, cid: str) -> Result | None:
        """The cached result, or None when the worker has written nothing for `cid`."""
        return self.cache[probe_type].get(cid)

    def is_started(self, cid: str, running: bool) -> bool:
        """isContainerStarted (R3.1)."""
        return container_started(running, self.get(ProbeType.STARTUP, cid),
                                 ProbeType.STARTUP in self.workers)

    def is_ready(self, cid: str, running: bool, started: bool) -> bool:
        """Container ready per UpdatePodStatus (R3.4), triggering readiness if not (R1.13)."""
        if not (running and started):
            return False
        if self.get(ProbeType.READINESS, cid) is Result.SUCCESS:
            return True
        worker = self.workers.get(ProbeType.READINESS)
        if worker is None:
            return True
        worker.trigger()
        return False

    def kill_reason(self, cid: str) -> ProbeType | None:
        """computePodActions: liveness Failure first, then startup Failure (R4.1)."""
        return kill_reason_of(self.get(ProbeType.LIVENESS, cid), self.get(ProbeType.STARTUP, cid))
