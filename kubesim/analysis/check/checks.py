"""Every check of `kubesim check`, in the order a container's results are reported."""

from __future__ import annotations

from typing import Any

from kubesim.analysis.check.expect_checks import EXPECT_CHECKS
from kubesim.analysis.check.fleet_checks import FLEET_CHECKS
from kubesim.analysis.check.missing import MISSING_CHECKS, SLOW_START_CHECKS
from kubesim.analysis.check.plan import Check
from kubesim.analysis.check.probe_checks import PROBE_CHECKS
from kubesim.analysis.check.targets import TARGET_CHECKS

__all__ = ["CHECKS", "check_named"]

CHECKS: tuple[Check[Any], ...] = (*MISSING_CHECKS, *PROBE_CHECKS, *SLOW_START_CHECKS,
                                  *TARGET_CHECKS, *FLEET_CHECKS, *EXPECT_CHECKS)
_BY_NAME = {c.name: c for c in CHECKS}


def check_named(name: str) -> Check[Any]:
    """The check a `CheckRun` names."""
    return _BY_NAME[name]
