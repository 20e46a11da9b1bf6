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
* `disruptions_allowed(healthy, desired)`: currentHealthy - desiredHealthy, never below 0 (C5).
* `may_evict(...)`: the eviction API — a Ready pod needs a disruption allowed; a pod that is
  not Ready is evicted when the budget is healthy (IfHealthyBudget, the default) or always
  (AlwaysAllow) (C6).
"""

from __future__ import annotations

import math
import re

from kubesim.errors import SpecError

__all__ = ["DRAIN_RETRY_SECONDS", "IntOrPercent", "desired_healthy", "disruptions_allowed",
           "may_evict", "rolling_fenceposts", "scaled"]

IntOrPercent = int | str
DRAIN_RETRY_SECONDS = 5.0  # kubectl drain: a refused eviction (429) is tried again after 5 s (C7)
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


def disruptions_allowed(healthy: int, desired: int) -> int:
    """status.disruptionsAllowed (C5)."""
    return max(0, healthy - desired)


def may_evict(*, ready: bool, healthy: int, desired: int, always_allow: bool = False) -> bool:
    """Whether the eviction API lets one pod go (C6)."""
    if not ready:
        return always_allow or healthy >= desired
    return disruptions_allowed(healthy, desired) > 0
