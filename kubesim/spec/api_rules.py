"""What the API server refuses in the fields kubesim reads: one function per rule.

Each returns what is wrong as text (None: accepted), so a manifest reader adds its file, line
and field path and a command its flag; both say the same thing.

The pod's, from `pkg/apis/core/validation/validation.go` (docs/kubelet-rules.md §5), each
checked against a kube-apiserver v1.36.2:

* `validateSleepAction`: a lifecycle hook's `sleep.seconds` from 0 to the pod's
  terminationGracePeriodSeconds, inclusive (its message says "less than", its check is
  `seconds > gracePeriod`: a sleep as long as the grace is accepted);
* `validateActiveDeadlineSeconds`: from 1 to 2147483647;
* `validateReadinessGates`: each conditionType a qualified name (`ValidateQualifiedName`);
* `validatePullPolicy`, `validateResizePolicy` (cpu or memory; NotRequired or
  RestartContainer, NotRequired only under restartPolicy Never).

The workload's (docs/controller-rules.md V1-V5):

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

__all__ = ["INT32_MAX", "active_deadline_problem", "deployment_timing_problem", "int32_problem",
           "int_or_percent_problem", "pdb_problem", "percent_of", "pull_policy_problem",
           "qualified_name_problem", "resize_policy_problem", "rolling_update_problem",
           "sleep_problem", "statefulset_update_problem"]

INT32_MAX = 2**31 - 1
_PERCENT = re.compile(r"^[0-9]+%$")  # validation.IsValidPercent
_QUALIFIED = re.compile(r"^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$")  # IsQualifiedName
_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")


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


# -- the pod's --------------------------------------------------------------------------------
def sleep_problem(seconds: int, grace: int, field: str) -> str | None:
    """validateSleepAction: `seconds < 0 || seconds > gracePeriod` is refused; `grace` is the
    pod's terminationGracePeriodSeconds as validated (30 when unset; a Pod's negative value
    is 1 by then, a template's stays negative)."""
    if seconds < 0 or seconds > grace:
        return (f"{field}={_shown(seconds)} must be from 0 to terminationGracePeriodSeconds"
                f"={grace}, inclusive (the API server refuses a sleep longer than the grace)")
    return None


def active_deadline_problem(value: Any, field: str = "activeDeadlineSeconds") -> str | None:
    """validateActiveDeadlineSeconds: from 1 to 2147483647."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= INT32_MAX:
        return f"{field}={_shown(value)} must be a whole number from 1 to {INT32_MAX}"
    return None


def qualified_name_problem(value: Any, field: str) -> str | None:
    """ValidateQualifiedName: an optional DNS-subdomain prefix and `/`, then a name of at
    most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit."""
    if not isinstance(value, str):
        return f"{field}={_shown(value)} must be a string"
    prefix, slash, name = value.rpartition("/")
    ok = (bool(name) and len(name) <= 63 and bool(_QUALIFIED.match(name))
          and (not slash or (bool(prefix) and len(prefix) <= 253
                             and bool(_SUBDOMAIN.match(prefix)))))
    if not ok:
        return (f"{field}={_shown(value)} must be a qualified name: at most 63 letters, "
                "digits, '-', '_' or '.', starting and ending with a letter or digit, "
                "optionally after a DNS subdomain prefix and '/' (example.com/my-gate)")
    return None


_PULL_POLICIES = ("Always", "IfNotPresent", "Never")


def pull_policy_problem(value: Any, field: str = "imagePullPolicy") -> str | None:
    """validatePullPolicy (after the default: unset is fine)."""
    if value is not None and value not in _PULL_POLICIES:
        return f"{field}={_shown(value)} must be one of {', '.join(_PULL_POLICIES)}"
    return None


def resize_policy_problem(entries: Any, pod_restart_policy: str,
                          field: str = "resizePolicy") -> str | None:
    """validateResizePolicy: a list of {resourceName: cpu|memory, restartPolicy:
    NotRequired|RestartContainer}, each resource once; under restartPolicy Never only
    NotRequired."""
    if entries is None:
        return None
    if not isinstance(entries, list):
        return f"{field} must be a list"
    seen = set()
    for i, entry in enumerate(entries):
        where = f"{field}[{i}]"
        if not isinstance(entry, dict):
            return f"{where} must be a mapping"
        resource, policy = entry.get("resourceName"), entry.get("restartPolicy")
        if resource not in ("cpu", "memory"):
            return f"{where}.resourceName={_shown(resource)} must be cpu or memory"
        if resource in seen:
            return f"{where}.resourceName={resource!r}: duplicate resource"
        seen.add(resource)
        if policy not in ("NotRequired", "RestartContainer"):
            return (f"{where}.restartPolicy={_shown(policy)} must be NotRequired or "
                    "RestartContainer")
        if pod_restart_policy == "Never" and policy != "NotRequired":
            return f"{where}.restartPolicy={policy!r} must be NotRequired when restartPolicy is Never"
    return None
