"""Stage 4 of `kubesim check`, simulate: every planned run measured (each check's engine
runs, reduced to the figures its verdict needs; no timeline is kept)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.checks import check_named
from kubesim.errors import BehaviourError

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.check.plan import CheckRun, Plan

__all__ = ["Measured", "simulate"]


@dataclass(frozen=True)
class Measured:
    """One planned run and what its simulations measured."""

    run: CheckRun
    measured: Any


def simulate(plan: Plan, s: Settings) -> list[Measured]:
    """Measure every run of the plan, in order; a behaviour that cannot answer a container's
    probes is bad input naming the container."""
    out = []
    for run in plan.runs:
        try:
            out.append(Measured(run, check_named(run.check).measure(run, s)))
        except BehaviourError as exc:
            exc.message = f"{run.subject.who}: {exc.message}"
            raise
    return out
