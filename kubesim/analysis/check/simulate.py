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

__all__ = ["Measured", "Measurements", "simulate"]


@dataclass(frozen=True)
class Measured:
    """One planned run and what its simulations measured."""

    run: CheckRun
    measured: Any


@dataclass(frozen=True)
class Measurements:
    """What the simulate stage gives: every measured run, in plan order; the containers left
    out for bad input (the plan's, and those a behaviour could not answer here) and this
    stage's errors about them."""

    measured: tuple[Measured, ...]
    left_out: frozenset[tuple[str, str]]
    errors: tuple[KubesimError, ...] = ()


def simulate(plan: Plan, s: Settings, *, keep_errors: bool = False) -> Measurements:
    """Measure every run of the plan, in order; a behaviour that cannot answer a container's
    probes is bad input naming the container. With `keep_errors` (a check of several files),
    that error is kept and the container is left out (none of its runs is reported;
    `Measurements.left_out`) instead of ending the check. The plan is read, never changed."""
    out = []
    errors: list[KubesimError] = []
    failed = set(plan.left_out)
    with memo.simulations():  # identical configurations simulated once (memo.py)
        for run in plan.runs:
            container = (run.workload.key, run.container.name)
            if container in failed:
                continue
            try:
                out.append(Measured(run, check_named(run.check).measure(run, s)))
            except BehaviourError as exc:
                if not keep_errors:
                    raise exc.about(run.subject.who) from None
                errors.append(exc.about(run.subject.who))
                failed.add(container)
    kept = tuple(m for m in out if (m.run.workload.key, m.run.container.name) not in failed)
    return Measurements(kept, frozenset(failed), tuple(errors))
