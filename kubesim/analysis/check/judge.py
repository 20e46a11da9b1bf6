"""Stage 5 of `kubesim check`, judge: each measurement turned into check results and
findings by its check's verdict, then the severities the configuration overrides and the
suppressions (`kubesim.dev/ignore` on the object, `--ignore`) applied."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.analysis.check.checks import check_named
from kubesim.analysis.check.read import IGNORE_ANNOTATION
from kubesim.analysis.check.rules import RULES, Severity

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, CheckResult, Finding, Settings
    from kubesim.analysis.check.simulate import Measured

__all__ = ["judge"]


def _assumption(f: Finding, behaviours: tuple[BehaviourRef, ...]) -> None:
    """A finding that rests on a behaviour naming no workload, applied to several: say so,
    and (for the checks whose evidence it is) cap it at a warning (rules.ASSUMED_CAP)."""
    label = f.behaviour or f.data.get("evidence")
    b = next((b for b in behaviours if b.label == label), None)
    if b is None or not b.assumed:
        return
    f.assumed = b.label
    f.message += (f"; assumed: {b.label} names no workload (applies_to) and was applied to "
                  f"all {b.assumed} probed workloads, so this finding takes it to describe "
                  "this one")
    if RULES[f.rule].capped_when_assumed and f.severity > Severity.WARNING:
        f.severity = Severity.WARNING


def judge(measured: list[Measured], s: Settings) -> list[CheckResult]:
    """Every check result, in plan order."""
    out: list[CheckResult] = []
    for m in measured:
        results = check_named(m.run.check).verdict(m.run, m.measured, s)
        for f in (f for r in results for f in r.findings):
            _assumption(f, m.run.subject.behaviours)
        out += results
    overrides = dict(s.severities)
    configured = s.configuration
    for result in out:
        for f in result.findings:
            if f.rule in overrides:
                f.measured, f.severity = f.severity, overrides[f.rule]
            if f.rule in f.workload.ignores:
                reason = f.workload.ignore_reason
                f.suppressed = f"annotation {IGNORE_ANNOTATION}" + (f": {reason}" if reason
                                                                     else "")
            elif configured is not None and f.rule in configured.ignore:
                f.suppressed = configured.ignored_by
            elif f.rule in s.ignore:
                f.suppressed = "--ignore"
    return out
