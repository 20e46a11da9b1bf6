"""A fleet's pods as the API server holds them: created, scheduled, running, deleted, gone.

A `FleetPod` is created by a controller (or the fleet's start), placed on a node by the
scheduler (`node`; None while Pending: no node fits), and runs through its kubelet from
`handle` on. A deleted pod terminates through its kubelet (preStop, SIGTERM, grace) and is
gone once every container stopped (the kubelet's final status removes the object); a pod
deleted before its first container ran is gone at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.identity import PodIdentity

if TYPE_CHECKING:
    from kubesim.engine.simulate import PodHandle
    from kubesim.fleet.topology import Node

__all__ = ["FleetPod"]


@dataclass
class FleetPod:
    """One pod of the fleet's workload."""

    index: int  # creation order
    name: str
    version: str  # "old" | "new": which template
    created_at: float
    ordinal: int | None = None  # a StatefulSet pod's
    node: Node | None = None  # None: Pending, not scheduled
    scheduled_at: float | None = None
    handle: PodHandle | None = None  # its kubelet's, once launched
    deleted_at: float | None = None
    # a pod is in an eviction's DisruptedPods from its eviction on (the PDB counts it out)
    evicted_at: float | None = None
    initial: bool = True  # one of the pods the fleet starts with (not a controller's later pod)

    @property
    def identity(self) -> PodIdentity:
        node = self.node
        return PodIdentity(self.index, self.name, node.name if node else "",
                           node.zone if node else "", self.ordinal, self.version,
                           self.initial)

    @property
    def running(self) -> bool:
        """Phase Running (or later): its first container started."""
        return self.handle is not None and self.handle.kubelet is not None

    @property
    def terminating(self) -> bool:
        return self.deleted_at is not None

    def ready_since(self) -> float | None:
        """Since when the pod's Ready condition has been True (None: it is not). Ready stays
        True during termination until readiness fails or the containers stop (R3.12)."""
        if not self.running:
            return None
        changes = self.handle.timeline.ready  # type: ignore[union-attr]
        if not changes or not changes[-1].ready:
            return None
        return changes[-1].at

    def ready(self) -> bool:
        return self.ready_since() is not None

    def active_ready(self) -> bool:
        """Ready and not being deleted: what ReplicaSet status and a PDB count as healthy."""
        return self.deleted_at is None and self.ready()

    def available(self, now: float, min_ready_seconds: int) -> bool:
        """Ready for minReadySeconds and not being deleted (podutil.IsPodAvailable,
        FilterActivePods: docs/controller-rules.md R4)."""
        since = self.ready_since()
        return self.deleted_at is None and since is not None and now - since >= min_ready_seconds

    def gone_at(self) -> float | None:
        """When the deleted pod's object left the API (None: not yet, or not deleted)."""
        if self.deleted_at is None:
            return None
        if not self.running:
            return self.deleted_at
        term = self.handle.timeline.termination  # type: ignore[union-attr]
        return None if term is None else term.stopped_at

    def gone(self, now: float) -> bool:
        at = self.gone_at()
        return at is not None and at <= now

    def delete(self, now: float) -> None:
        """The API deletes the pod now: it terminates through its kubelet, or never starts."""
        if self.deleted_at is not None:
            return
        self.deleted_at = now
        if self.handle is None:
            return
        if self.handle.kubelet is None:
            self.handle.cancelled = True
        else:
            self.handle.kubelet.delete()
