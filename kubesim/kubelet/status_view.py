"""The status manager's cache of one container, as its probe workers see it (E16).

Its own module, below the prober, the workers and the container that hold it, so that each
of them names the class it reads (compiled, typed reads are direct field reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.kubelet.runtime import Instance

__all__ = ["StatusView"]


class StatusView:
    """The status manager's cache of one container: all that its workers can see (E16).

    A plain class, not a dataclass (compiled, a dataclass keeps the __init__ that `dataclass`
    generates, interpreted Python)."""

    def __init__(self, *, will_restart: bool = True) -> None:
        self.container_id: str | None = None
        self.restart_count = 0
        self.running = False
        self.terminated = False
        self.running_since = 0.0
        self.started = False
        self.ready = False
        self.will_restart = will_restart
        self.pod_finished = False

    def adopt(self, inst: Instance, running: bool) -> None:
        """Take the container state a pod sync sees: a new container ID starts not Started.
        (`pod_finished`, the pod's phase Failed or Succeeded, R1.33, is the pod's: set by
        the pod worker for every container.)"""
        if inst.id != self.container_id:
            self.container_id, self.restart_count = inst.id, inst.restart_count
            self.running_since, self.started = inst.running_at, False
        self.running, self.terminated = running, not running
        self.will_restart = inst.will_restart
