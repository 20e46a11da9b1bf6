"""The controllers' arithmetic a fleet's rollouts and drains follow (docs/controller-rules.md).

Pure functions, each from kubernetes/kubernetes:

* `scaled(value, total, round_up)`: intstr.GetScaledValueFromIntOrPercent — an int as is, a
  percentage of `total` rounded up or down (C1).
* `rolling_fenceposts(max_surge, max_unavailable, replicas)`: deployment_util.go
  ResolveFenceposts — maxSurge rounds up, maxUnavailable rounds down, and when both come to 0
  maxUnavailable becomes 1 (C2); the API defaults both to 25 % (C3).
* `desired_healthy(...)`: disruption.go getExpectedPodCount — a PDB's minAvailable and
  maxUnavailable percentages both round up, against the controller's scale; an integer
  minAvailable is counted against the matching pods (C4).
* `disruptions_allowed(healthy, desired, expected)`: currentHealthy - desiredHealthy, never
  below 0, and 0 while the budget expects no pod (C5).
* `eviction(...)`: the eviction API's answer for one pod (C6).
"""

from __future__ import annotations

import math
import re
from enum import Enum

from kubesim.errors import SpecError

__all__ = ["DRAIN_POLL_SECONDS", "DRAIN_RETRY_SECONDS", "EvictionAnswer", "IntOrPercent",
           "desired_healthy", "disruptions_allowed", "eviction", "expected_pods",
           "rolling_fenceposts", "scaled", "statefulset_max_unavailable"]

IntOrPercent = int | str
DRAIN_RETRY_SECONDS = 5.0  # kubectl drain: a refused eviction (429) is tried again after 5 s (C7)
DRAIN_POLL_SECONDS = 1.0  # kubectl drain's waitForDelete polls every second (D3)
_PERCENT = re.compile(r"^(\d+)%$")


def scaled(value: IntOrPercent, total: int, round_up: bool, *, field: str = "value") -> int:
    """An int as is; "N%" of `total`, rounded up or down (C1)."""
    if isinstance(value, bool):
        raise SpecError(f"{field}={value!r} must be an integer or a percentage like '25%'")
    if isinstance(value, int):
        if value < 0:
            raise SpecError(f"{field}={value} must be >= 0")
        return value
    m = _PERCENT.match(value) if isinstance(value, str) else None
    if m is None:
        raise SpecError(f"{field}={value!r} must be an integer or a percentage like '25%'")
    exact = int(m.group(1)) * total / 100
    return math.ceil(exact) if round_up else math.floor(exact)


def rolling_fenceposts(max_surge: IntOrPercent | None, max_unavailable: IntOrPercent | None,
                       replicas: int) -> tuple[int, int]:
    """(surge, unavailable) of a RollingUpdate Deployment (C2, C3)."""
    surge = scaled("25%" if max_surge is None else max_surge, replicas, True,
                   field="strategy.rollingUpdate.maxSurge")
    unavailable = scaled("25%" if max_unavailable is None else max_unavailable, replicas,
                         False, field="strategy.rollingUpdate.maxUnavailable")
    if surge == 0 and unavailable == 0:
        unavailable = 1
    return surge, unavailable


def desired_healthy(*, min_available: IntOrPercent | None,
                    max_unavailable: IntOrPercent | None, scale: int, pods: int) -> int:
    """The PDB's desiredHealthy (C4): `scale` is the controller's spec.replicas, `pods` the
    pods the PDB's selector matches."""
    if max_unavailable is not None:
        return max(0, scale - scaled(max_unavailable, scale, True, field="maxUnavailable"))
    if min_available is None:
        return 0
    if isinstance(min_available, int) and not isinstance(min_available, bool):
        return scaled(min_available, pods, True, field="minAvailable")
    return scaled(min_available, scale, True, field="minAvailable")


def expected_pods(*, min_available: IntOrPercent | None, max_unavailable: IntOrPercent | None,
                  scale: int, pods: int) -> int:
    """The PDB's expectedPods (getExpectedPodCount): the matching pods for an integer
    minAvailable, the controller's scale for a percentage or maxUnavailable, 0 without
    either."""
    if max_unavailable is not None:
        return scale
    if min_available is None:
        return 0
    if isinstance(min_available, int) and not isinstance(min_available, bool):
        return pods
    return scale


def disruptions_allowed(healthy: int, desired: int, expected: int = 1) -> int:
    """status.disruptionsAllowed (C5): currentHealthy - desiredHealthy, never below 0, and 0
    while the budget expects no pod (updatePdbStatus)."""
    return max(0, healthy - desired) if expected > 0 else 0


class EvictionAnswer(str, Enum):
    """What the eviction subresource answers (pkg/registry/core/pod/storage/eviction.go)."""

    DELETED = "deleted"  # the budget does not apply (none, Pending, terminating, unhealthy)
    DISRUPTED = "disrupted"  # disruptionsAllowed decremented, the pod deleted
    TOO_MANY_REQUESTS = "429"  # would violate the budget: kubectl drain retries in 5 s
    ERROR = "500"  # more than one budget selects the pod: kubectl drain gives up


def eviction(*, pending: bool, terminating: bool, budgets: int, ready: bool, healthy: int,
             desired: int, expected: int, always_allow: bool = False) -> EvictionAnswer:
    """The eviction API's answer for one pod (C6), in the order eviction.go decides:
    a Pending, terminal or terminating pod is deleted without a budget (canIgnorePDB); no
    budget, deleted; more than one, an error; a pod that is not Ready is deleted with
    AlwaysAllow, or while currentHealthy >= desiredHealthy > 0 (IfHealthyBudget); otherwise
    it needs disruptionsAllowed > 0 (checkAndDecrement), else 429."""
    if pending or terminating or budgets == 0:
        return EvictionAnswer.DELETED
    if budgets > 1:
        return EvictionAnswer.ERROR
    if not ready and (always_allow or (healthy >= desired > 0)):
        return EvictionAnswer.DELETED
    if disruptions_allowed(healthy, desired, expected) > 0:
        return EvictionAnswer.DISRUPTED
    return EvictionAnswer.TOO_MANY_REQUESTS


def statefulset_max_unavailable(value: IntOrPercent | None, replicas: int) -> int:
    """getStatefulSetMaxUnavailable: 1 when unset, a percentage rounded down, at least 1."""
    n = scaled(1 if value is None else value, replicas, False,
               field="spec.updateStrategy.rollingUpdate.maxUnavailable")
    return max(1, n)
