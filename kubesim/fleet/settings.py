"""What a fleet run is told: replicas, start spread, endpoint propagation, the load model."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kubesim.errors import UsageError

__all__ = [
    "DEFAULT_PROPAGATION_SECONDS",
    "MAX_PROPAGATION_SECONDS",
    "MAX_REPLICAS",
    "MAX_REQUESTS_PER_SECOND",
    "FleetSettings",
    "LoadModel",
]

# From a pod's Ready change to traffic following it: the EndpointSlice controller's batching
# plus kube-proxy's (or an ingress controller's) sync. An estimate, not a measurement; set it
# with --propagation, and --ideal makes it 0.
DEFAULT_PROPAGATION_SECONDS = 2.0
MAX_REPLICAS = 10_000
# The documented ranges (docs/fleet.md): a propagation delay is seconds (the EndpointSlice
# controller batches for about 1 s, kube-proxy syncs within seconds), not the run; a request
# rate is of one service.
MAX_PROPAGATION_SECONDS = 3600.0
MAX_REQUESTS_PER_SECOND = 1e9


@dataclass(frozen=True)
class LoadModel:
    """A constant request rate shared by the serving replicas, each a queue in front of one
    server (a fluid queue: requests are a continuous flow). Traffic arrives once the fleet is
    in service: from the first moment every replica serves.

    A serving replica receives `requests_per_second` / (serving endpoints) and serves
    `capacity_per_replica` per second. While it receives more than it serves its backlog grows
    by the difference every second; while it receives less (or none: it is not an endpoint)
    the backlog drains. A probe to the app's own server (httpGet, grpc) waits behind the
    backlog: its latency grows by backlog / capacity_per_replica. tcpSocket (the kernel
    accepts) and exec (another process) do not wait. A new container starts with no backlog.
    So an overloaded replica keeps timing out after it leaves the endpoints, until its queue
    drains: the mechanism of restart cascades, which this model lets emerge rather than
    scripting them.
    """

    requests_per_second: float
    capacity_per_replica: float

    def __post_init__(self) -> None:
        for name in ("requests_per_second", "capacity_per_replica"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and 0 < value <= MAX_REQUESTS_PER_SECOND):
                raise UsageError(f"load {name}={value!r} must be a positive number of requests "
                                 f"per second, at most {MAX_REQUESTS_PER_SECOND:g}")

    def inflow(self, serving: int, serves: bool) -> float:
        """Requests per second one replica receives."""
        return self.requests_per_second / serving if serves and serving > 0 else 0.0


@dataclass(frozen=True)
class FleetSettings:
    """A fleet of `replicas` pods whose first containers start within `start_spread` s."""

    replicas: int
    start_spread: float = 0.0
    propagation_seconds: float = DEFAULT_PROPAGATION_SECONDS
    load: LoadModel | None = None
    min_capacity: int | None = None  # serving endpoints below this count as "below"
    together_seconds: float = 30.0  # kills this close count as simultaneous restarts

    def __post_init__(self) -> None:
        if isinstance(self.replicas, bool) or not isinstance(self.replicas, int) \
                or not 1 <= self.replicas <= MAX_REPLICAS:
            raise UsageError(f"replicas={self.replicas!r} must be a whole number from 1 to "
                             f"{MAX_REPLICAS}")
        for name in ("start_spread", "propagation_seconds", "together_seconds"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value >= 0):
                raise UsageError(f"{name}={value!r} must be a number of seconds >= 0")
        if self.propagation_seconds > MAX_PROPAGATION_SECONDS:
            raise UsageError(f"propagation_seconds={self.propagation_seconds:g} must be at most "
                             f"{MAX_PROPAGATION_SECONDS:g} s (a propagation delay, not an "
                             "outage)")
        if self.min_capacity is not None and not 0 <= self.min_capacity <= self.replicas:
            raise UsageError(f"min_capacity={self.min_capacity!r} must be from 0 to "
                             f"{self.replicas} (the replicas)")

    def check_run(self, duration: float) -> None:
        """The settings fit a run of `duration` seconds: traffic follows Ready within it."""
        if not self.propagation_seconds < duration:
            raise UsageError(f"propagation_seconds={self.propagation_seconds:g} must be shorter "
                             f"than the run ({duration:g} s): no endpoint would ever serve")
        if not self.start_spread < duration:
            raise UsageError(f"start_spread={self.start_spread:g} must be shorter than the run "
                             f"({duration:g} s)")

    @property
    def threshold(self) -> int:
        """Serving endpoints below which the fleet counts as short (default: all of them)."""
        return self.replicas if self.min_capacity is None else self.min_capacity
