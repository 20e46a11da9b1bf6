"""The same run at many grid phases: how much the outcome depends on where the probe grid
falls relative to the container's start (E1). Plain data in, plain data out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.behaviour.answer import HEALTHY
from kubesim.errors import UsageError
from kubesim.kubelet.settings import CLASSIC

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer

__all__ = ["PhaseSpread", "across_phases"]


@dataclass(frozen=True)
class PhaseSpread:
    """Per-phase outcomes of one pod and behaviour, phases evenly spaced over a grid cycle."""

    seed: int
    phases: list[float]
    restarts: list[int]
    first_ready_at: list[float | None]
    ready_seconds: list[float]

    @property
    def with_restart(self) -> int:
        """How many phases restarted the container at least once."""
        return sum(r > 0 for r in self.restarts)


def across_phases(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *, n: int,
                 duration: float = 600.0, seed: int = 0,
                 profile: KubeletProfile = CLASSIC, engine: str = "fast") -> PhaseSpread:
    """Run at `n` phases i * cycle / n (cycle: the lcm of the probe periods). Phase i runs
    with seed `seed + i`, so the kubelet's own randomness (PLEG phase, jitter, latency draws)
    varies along with the grid."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise UsageError(f"phases={n!r} must be a whole number >= 1")
    from kubesim.engine.simulate import grid_cycle, simulate  # the engine loads with a run

    cycle = grid_cycle(pod)
    phases = [i * cycle / n for i in range(n)]
    runs = [simulate(pod, behaviour, duration=duration, seed=seed + i, profile=profile,
                     phase=p, engine=engine, record_probes=False).summary()
            for i, p in enumerate(phases)]
    return PhaseSpread(seed, phases, [s.restarts for s in runs], [s.first_ready_at for s in runs],
                      [s.ready_seconds for s in runs])
