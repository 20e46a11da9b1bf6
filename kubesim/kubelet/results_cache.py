"""The results cache of the prober manager (`results_manager.go`).

A write emits an update only when the stored value changes, the first write for a container
ID included (R1.20); the kubelet subscribes to the updates, as its sync loop reads the
manager's `Updates()` channel.
"""

from __future__ import annotations

from collections.abc import Callable

from kubesim.results import ProbeType, Result

__all__ = ["ResultsCache", "Update"]

# (probe type, container ID, result, when the verdict was reached)
Update = Callable[[ProbeType, str, Result, float], None]


class ResultsCache:
    """Cached results per probe type and container ID; `on_update` hears every change."""

    def __init__(self, on_update: Update) -> None:
        self.on_update = on_update
        self.by_type: dict[ProbeType, dict[str, Result]] = {t: {} for t in ProbeType}

    def set(self, probe_type: ProbeType, cid: str | None, result: Result, at: float) -> None:
        """results_manager.Set: store, and announce only a change (R1.20)."""
        if cid is None:
            return
        cache = self.by_type[probe_type]
        if cache.get(cid) is result:
            return
        cache[cid] = result
        self.on_update(probe_type, cid, result, at)

    def forget(self, probe_type: ProbeType, cid: str | None) -> None:
        """results_manager.Remove: drop the cached result of an old container ID."""
        if cid is not None:
            self.by_type[probe_type].pop(cid, None)

    def get(self, probe_type: ProbeType, cid: str | None) -> Result | None:
        """The cached result, or None when nothing was written for `cid`."""
        return self.by_type[probe_type].get(cid) if cid is not None else None
