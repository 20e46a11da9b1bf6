"""What the API server refuses in the workload fields a fleet reads: one function per rule.

Each returns what is wrong as text (None: accepted), so a manifest reader adds its file, line
and field path and a command its flag; both say the same thing. From kubernetes/kubernetes
(docs/controller-rules.md V1-V5):

* `pkg/apis/apps/validation/validation.go`: `ValidatePositiveIntOrPercent` (an int >= 0 or a
  percentage `^[0-9]+%$`), `IsNotMoreThan100Percent`, `ValidateRollingUpdateDeployment`
  (maxUnavailable at most 100 %; maxUnavailable and maxSurge not both 0 — maxSurge may exceed
  100 %), `ValidateDeploymentSpec` (minReadySeconds >= 0; progressDeadlineSeconds >= 0 and
  greater than minReadySeconds);
* `pkg/apis/policy/validation/validation.go`: `ValidatePodDisruptionBudgetSpec` (minAvailable
  and maxUnavailable each an int >= 0 or a percentage of at most 100 %, not both set);
* `validateRollingUpdateStatefulSet` (apps): a StatefulSet's maxUnavailable not 0 and not more
  than 100 %;
* the int32 of every count and seconds field (`intstr.IntOrString.IntVal`, minReadySeconds,
  progressDeadlineSeconds): at most 2147483647.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["INT32_MAX", "deployment_timing_problem", "int32_problem", "int_or_percent_problem",
           "pdb_problem", "percent_of", "rolling_update_problem", "statefulset_update_problem"]

INT32_MAX = 2**31 - 1
_PERCENT = re.compile(r"^[0-9]+%$")  # validation.IsValidPercent


def int32_problem(value: Any, field: str) -> str | None:
    """A whole number from 0 to 2147483647 (an int32 field the API validates non-negative)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= INT32_MAX:
        shown = _shown(value)
        return f"{field}={shown} must be a whole number from 0 to {INT32_MAX}"
    return None


def int_or_percent_problem(value: Any, field: str) -> str | None:
    """ValidatePositiveIntOrPercent (V1): an int32 >= 0, or a percentage like '25%'."""
    if isinstance(value, str) and _PERCENT.match(value) and len(value) <= 12:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= INT32_MAX:
        return (f"{field}={_shown(value)} must be a whole number from 0 to {INT32_MAX} or a "
                "percentage like '25%'")
    return None


def percent_of(value: Any) -> int | None:
    """The number of a valid percentage ('25%' -> 25), None for anything else."""
    if isinstance(value, str) and _PERCENT.match(value) and len(value) <= 12:
        return int(value[:-1])
    return None


def _not_over_100(value: Any, field: str) -> str | None:
    """IsNotMoreThan100Percent."""
    p = percent_of(value)
    if p is not None and p > 100:
        return f"{field}={value} must not be greater than 100%"
    return None


def _zero(value: Any) -> bool:
    """getIntOrPercentValue(value) == 0."""
    p = percent_of(value)
    return p == 0 if p is not None else value == 0


def rolling_update_problem(max_surge: Any, max_unavailable: Any, *,
                           field: str = "strategy.rollingUpdate") -> str | None:
    """ValidateRollingUpdateDeployment (V2), on the values after the API's defaults (25 % each
    when unset, C3; None here means unset)."""
    surge = "25%" if max_surge is None else max_surge
    unavailable = "25%" if max_unavailable is None else max_unavailable
    for value, name in ((unavailable, "maxUnavailable"), (surge, "maxSurge")):
        problem = int_or_percent_problem(value, f"{field}.{name}")
        if problem is not None:
            return problem
    if _zero(surge) and _zero(unavailable):
        return (f"{field}: maxSurge and maxUnavailable may not both be 0 (the rollout could "
                "never replace a pod)")
    return _not_over_100(unavailable, f"{field}.maxUnavailable")


def statefulset_update_problem(max_unavailable: Any, *,
                               field: str = "rollingUpdate.maxUnavailable") -> str | None:
    """validateRollingUpdateStatefulSet (V5): maxUnavailable is V1, cannot be 0, and is not
    more than 100 % (None: unset, the default 1)."""
    if max_unavailable is None:
        return None
    problem = int_or_percent_problem(max_unavailable, field)
    if problem is None and _zero(max_unavailable):
        problem = f"{field}={max_unavailable} cannot be 0 (at least 1, or 1%)"
    return problem or _not_over_100(max_unavailable, field)


def deployment_timing_problem(min_ready_seconds: Any, progress_deadline_seconds: Any) -> str | None:
    """ValidateDeploymentSpec (V3): both int32 >= 0, and progressDeadlineSeconds greater than
    minReadySeconds (else no pod can count as progress before the deadline)."""
    for value, name in ((min_ready_seconds, "minReadySeconds"),
                        (progress_deadline_seconds, "progressDeadlineSeconds")):
        problem = int32_problem(value, name)
        if problem is not None:
            return problem
    if progress_deadline_seconds <= min_ready_seconds:
        return (f"progressDeadlineSeconds={progress_deadline_seconds} must be greater than "
                f"minReadySeconds={min_ready_seconds}")
    return None


def pdb_problem(min_available: Any, max_unavailable: Any) -> str | None:
    """ValidatePodDisruptionBudgetSpec (V4; None: unset)."""
    if min_available is not None and max_unavailable is not None:
        return "minAvailable and maxUnavailable cannot be both set"
    for value, name in ((min_available, "minAvailable"), (max_unavailable, "maxUnavailable")):
        if value is None:
            continue
        problem = int_or_percent_problem(value, name) or _not_over_100(value, name)
        if problem is not None:
            return problem
    return None


def _shown(value: Any) -> str:
    """A value as a message quotes it: short (a 5,000-digit number is not repeated)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return f"(an integer of about {int(value.bit_length() * 0.30103) + 1} digits)"
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:20]}...({len(text)} characters)"
