"""Stage 3 of `kubesim check`, estimate: the simulated probe calls every planned run will
make (kubesim.analysis.budget), summed before anything is simulated, and held to the work
budget (`--max-work`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.analysis.budget import check_budget, check_object
from kubesim.analysis.check.checks import check_named

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.check.plan import Plan

__all__ = ["estimate", "work"]


def work(plan: Plan, s: Settings) -> float:
    """The plan's probe calls and pod syncs (kubesim.analysis.budget's units)."""
    return sum(check_named(run.check).cost(run, s) for run in plan.runs)


def estimate(plan: Plan, s: Settings) -> float:
    """The plan's work; UsageError (before any work) over `s.max_work`: first every object
    a run simulates, as `run` and `fleet` judge it (`check_object`), then the plan's sum."""
    seen: set[int] = set()
    for run in plan.runs:
        pod = run.container.pod
        if pod is not None and id(run.workload) not in seen:
            seen.add(id(run.workload))
            check_object(pod, s.profile, s.max_work)
    total = work(plan, s)
    check_budget(total, s.max_work, what=f"this check ({s.phases} grid phases)")
    return total
