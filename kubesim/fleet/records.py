"""What a fleet run produced: every replica's timeline and when each started (`FleetRun`).
Plain data, read by the capacity figures, the rollout and the reports."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubesim.timeline import Timeline
    from kubesim.fleet.settings import FleetSettings

__all__ = ["FleetRun"]


@dataclass(frozen=True)
class FleetRun:
    """Every replica's timeline, when each started, and what the fleet was told."""

    settings: FleetSettings
    starts: list[float]
    timelines: list[Timeline]
    duration: float
    seed: int
