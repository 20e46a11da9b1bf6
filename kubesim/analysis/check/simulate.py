"""Stage 4 of `kubesim check`, simulate: every planned run measured (each check's engine
runs, reduced to the figures its verdict needs; no timeline is kept)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check import memo
from kubesim.analysis.check.checks import check_named
from kubesim.errors import BehaviourError

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.check.plan import CheckRun, Plan
    from kubesim.errors import KubesimError

__all__ = ["Measured", "simulate"]


@dataclass(frozen=True)
class Measured:
    """One planned run and what its simulations measured."""

    run: CheckRun
    measured: Any


def simulate(plan: Plan, s: Settings, errors: list[KubesimError] | None = None
             ) -> list[Measured]:
    """Measure every run of the plan, in order; a behaviour that cannot answer a container's
    probes is bad input naming the container. With `errors` (a check of several files), that
    error is appended there and the container is left out (none of its runs is reported;
    `plan.left_out`) instead of ending the check."""
    out = []
    failed = plan.left_out
    with memo.simulations():  # identical configurations simulated once (memo.py)
        for run in plan.runs:
            container = (run.workload.key, run.container.name)
            if container in failed:
                continue
            try:
                out.append(Measured(run, check_named(run.check).measure(run, s)))
            except BehaviourError as exc:
                exc.message = f"{run.subject.who}: {exc.message}"
                if errors is None:
                    raise
                errors.append(exc)
                failed.add(container)
    return [m for m in out if (m.run.workload.key, m.run.container.name) not in failed]
