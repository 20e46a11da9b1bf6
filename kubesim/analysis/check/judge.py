"""Stage 5 of `kubesim check`, judge: each measurement turned into check results and
findings by its check's verdict, then the severities the configuration overrides and the
suppressions (`kubesim.dev/ignore` on the object, `--ignore`) applied."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kubesim.analysis.check.checks import check_named
from kubesim.analysis.check.findings import Suppressor
from kubesim.analysis.check.read import IGNORE_ANNOTATION
from kubesim.analysis.check.rules import RULES, Severity

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import (
        BehaviourRef,
        CheckResult,
        Finding,
        Settings,
        Workload,
    )
    from kubesim.analysis.check.simulate import Measured

__all__ = ["judge", "suppressor"]


def _assumption(f: Finding, behaviours: tuple[BehaviourRef, ...]) -> Finding:
    """A finding that rests on a behaviour naming no workload, applied to several: say so,
    and (for the checks whose evidence it is) cap it at a warning (rules.ASSUMED_CAP)."""
    label = f.behaviour or f.data.get("evidence")
    b = next((b for b in behaviours if b.label == label), None)
    if b is None or not b.assumed:
        return f
    capped = RULES[f.rule].capped_when_assumed and f.severity > Severity.WARNING
    return replace(
        f, assumed=b.label, severity=Severity.WARNING if capped else f.severity,
        message=f.message + (f"; assumed: {b.label} names no workload (applies_to) and was "
                             f"applied to all {b.assumed} probed workloads, so this finding "
                             "takes it to describe this one"))


def _judged(f: Finding, s: Settings) -> Finding:
    """The finding with the configuration's severity for its check (the measured one kept)
    and who suppresses it, if anyone."""
    overrides = dict(s.severities)
    if f.rule in overrides:
        f = replace(f, measured=f.severity, severity=overrides[f.rule])
    f = replace(f, suppressed_by=suppressor(f.rule, f.workload, s))
    return replace(f, suppressed=_why(f, s))


def judge(measured: Sequence[Measured], s: Settings) -> list[CheckResult]:
    """Every check result, in plan order: new records (the measurements are read only)."""
    out: list[CheckResult] = []
    for m in measured:
        behaviours = m.run.subject.behaviours
        out += [replace(r, findings=[_judged(_assumption(f, behaviours), s)
                                     for f in r.findings])
                for r in check_named(m.run.check).verdict(m.run, m.measured, s)]
    return out


def suppressor(rule: str, w: Workload, s: Settings,
               undone: frozenset[Suppressor] = frozenset()) -> Suppressor | None:
    """Who switches check `rule` off on `w`, if anyone: the object's own annotation first,
    then the configuration's ignore list, then `--ignore`; `undone`: the suppressors taken
    away (what the exit code would be without them: `Report.exit_code_without`)."""
    if rule in w.ignores and Suppressor.ANNOTATION not in undone:
        return Suppressor.ANNOTATION
    configured = s.configuration.ignore if s.configuration is not None else frozenset()
    if rule in configured:  # ignored by the configuration only (not also by --ignore)
        return None if Suppressor.CONFIGURATION in undone else Suppressor.CONFIGURATION
    return Suppressor.COMMAND_LINE if rule in s.ignore else None


def _why(f: Finding, s: Settings) -> str | None:
    """What a suppressed finding says of why it does not count."""
    if f.suppressed_by is Suppressor.ANNOTATION:
        reason = f.workload.ignore_reason
        return f"annotation {IGNORE_ANNOTATION}" + (f": {reason}" if reason else "")
    if f.suppressed_by is Suppressor.CONFIGURATION:
        assert s.configuration is not None
        return s.configuration.ignored_by
    return "--ignore" if f.suppressed_by is Suppressor.COMMAND_LINE else None
