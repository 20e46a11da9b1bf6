"""What a fleet run produced: every pod's timeline, when each started, who and where each pod
was (`FleetRun`); for a fleet with controllers at work, its pods and what the controllers did
(`ControlledRun`). Plain data, read by the capacity figures and the reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.fleet.pods import FleetPod
    from kubesim.fleet.settings import DrainSettings, FleetSettings, RolloutSettings
    from kubesim.fleet.topology import Node
    from kubesim.identity import PodIdentity
    from kubesim.timeline import Timeline

__all__ = ["Condition", "ControlledRun", "Eviction", "FleetRun"]


@dataclass(frozen=True)
class FleetRun:
    """Every pod's timeline (in creation order), when each was to start, what the fleet was
    told, and each pod's identity (name, node, zone) on the fleet's `nodes`. `notes`: what
    of the manifests the run could not model."""

    settings: FleetSettings
    starts: list[float]
    timelines: list[Timeline]
    duration: float
    seed: int
    identities: list[PodIdentity] = field(default_factory=list)
    nodes: tuple[Node, ...] = ()
    notes: tuple[str, ...] = ()
    kind: str = "Deployment"  # the workload's kind


@dataclass(frozen=True, slots=True)
class Condition:
    """A Deployment's Progressing condition from `at` on (status, reason, lastUpdateTime)."""

    at: float
    status: bool
    reason: str
    last_update: float


@dataclass(frozen=True, slots=True)
class Eviction:
    """One pod of a drain: when its eviction was accepted (None: never), how many attempts
    the API refused with 429, when `kubectl drain` saw it gone, or the error it gave up on."""

    pod: int
    evicted_at: float | None
    refused: int
    gone_at: float | None
    error: str | None = None


@dataclass(frozen=True)
class ControlledRun(FleetRun):
    """A fleet run whose pods came and went under its controllers: `pods` in creation order
    (their timelines are `timelines`), the rollout's and the drain's settings and outcomes,
    and every action with its time."""

    pods: list[FleetPod] = field(default_factory=list)
    rollout: RolloutSettings | None = None
    drain: DrainSettings | None = None
    surge: int = 0
    unavailable: int = 0
    outcome: dict[str, float | None] = field(default_factory=dict)
    conditions: list[Condition] = field(default_factory=list)
    evictions: list[Eviction] = field(default_factory=list)
    actions: list[tuple[float, str]] = field(default_factory=list)

    @property
    def completed_at(self) -> float | None:
        """When the rollout completed (None: not within the run); for a drain alone, when
        the drain did."""
        key = "completed_at" if self.rollout is not None else "drain_completed_at"
        return self.outcome.get(key)

    @property
    def deadline_exceeded_at(self) -> float | None:
        """When progressDeadlineSeconds first passed without progress (None: it did not)."""
        return self.outcome.get("deadline_exceeded_at")

    @property
    def drain_completed_at(self) -> float | None:
        """When `kubectl drain` returned: every evicted pod gone (None: not in the run)."""
        return self.outcome.get("drain_completed_at")
