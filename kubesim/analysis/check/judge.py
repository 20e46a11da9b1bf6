"""Stage 5 of `kubesim check`, judge: each measurement turned into check results and
findings by its check's verdict, then the severities the configuration overrides and the
suppressions (`kubesim.dev/ignore` on the object, `--ignore`) applied."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.analysis.check.checks import check_named
from kubesim.analysis.check.read import IGNORE_ANNOTATION

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import CheckResult, Settings
    from kubesim.analysis.check.simulate import Measured

__all__ = ["judge"]


def judge(measured: list[Measured], s: Settings) -> list[CheckResult]:
    """Every check result, in plan order."""
    out: list[CheckResult] = []
    for m in measured:
        out += check_named(m.run.check).verdict(m.run, m.measured, s)
    overrides = dict(s.severities)
    for result in out:
        for f in result.findings:
            if f.rule in overrides:
                f.severity = overrides[f.rule]
            if f.rule in f.workload.ignores:
                reason = f.workload.ignore_reason
                f.suppressed = f"annotation {IGNORE_ANNOTATION}" + (f": {reason}" if reason
                                                                     else "")
            elif f.rule in s.ignore:
                f.suppressed = "--ignore"
    return out
