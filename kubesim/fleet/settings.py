"""What a fleet run is told: replicas, their start, nodes and zones, endpoint propagation and
the Service, the load model (`FleetSettings`); a rolling update (`RolloutSettings`); a drain
and the PodDisruptionBudget guarding it (`DrainSettings`)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.errors import UsageError
from kubesim.spec.api_rules import deployment_timing_problem, pdb_problem, rolling_update_problem

if TYPE_CHECKING:
    from kubesim.spec.workload import DisruptionBudget, ServiceSpec

__all__ = [
    "DEFAULT_PROPAGATION_SECONDS",
    "DEFAULT_ZONES",
    "MAX_NODES",
    "MAX_PROPAGATION_SECONDS",
    "MAX_REPLICAS",
    "MAX_REQUESTS_PER_SECOND",
    "DrainSettings",
    "FleetSettings",
    "LoadModel",
    "RolloutSettings",
    "budget_fields",
    "fleet_settings",
]

# From a pod's Ready change to traffic following it: the EndpointSlice controller's batching
# plus kube-proxy's (or an ingress controller's) sync. An estimate, not a measurement; set it
# with --propagation, and --ideal makes it 0.
DEFAULT_PROPAGATION_SECONDS = 2.0
MAX_REPLICAS = 10_000
# The documented ranges (docs/limits.md): a propagation delay is seconds (the EndpointSlice
# controller batches for about 1 s, kube-proxy syncs within seconds), not the run; a request
# rate is of one service.
MAX_PROPAGATION_SECONDS = 3600.0
MAX_REQUESTS_PER_SECOND = 1e9
MAX_NODES = 10_000
DEFAULT_ZONES = ("zone-a", "zone-b", "zone-c")
_LABEL_VALUE = re.compile(r"^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$")  # a label value


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
    """A fleet of `replicas` pods whose first containers start within `start_spread` s (or
    at the exact `start_times`, one per replica), on `nodes` nodes (None: one per replica)
    spread round-robin over `zones`, behind a Service (`publish_not_ready_addresses`,
    `headless`) whose endpoints traffic follows `propagation_seconds` later."""

    replicas: int
    start_spread: float = 0.0
    propagation_seconds: float = DEFAULT_PROPAGATION_SECONDS
    load: LoadModel | None = None
    min_capacity: int | None = None  # serving endpoints below this count as "below"
    together_seconds: float = 30.0  # kills this close count as simultaneous restarts
    start_times: tuple[float, ...] | None = None  # replica i's first container at [i]
    nodes: int | None = None  # None: as many nodes as replicas
    zones: tuple[str, ...] | None = None  # None: DEFAULT_ZONES, at most one per node
    publish_not_ready_addresses: bool = False  # the Service's spec.publishNotReadyAddresses
    headless: bool = False  # the Service's clusterIP is None: DNS, no kube-proxy

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
        self._check_start_times()
        self._check_nodes()

    def _check_start_times(self) -> None:
        times = self.start_times
        if times is None:
            return
        if self.start_spread > 0:
            raise UsageError("start_times and start_spread: one or the other")
        if len(times) != self.replicas:
            raise UsageError(f"start_times has {len(times)} value{'s' * (len(times) != 1)}; "
                             f"give one per replica ({self.replicas})")
        for i, t in enumerate(times):
            if isinstance(t, bool) or not isinstance(t, int | float) or not \
                    (math.isfinite(t) and t >= 0):
                raise UsageError(f"start_times[{i}]={t!r} must be a number of seconds >= 0")

    def _check_nodes(self) -> None:
        n = self.nodes
        if n is not None and (isinstance(n, bool) or not isinstance(n, int)
                              or not 1 <= n <= MAX_NODES):
            raise UsageError(f"nodes={n!r} must be a whole number from 1 to {MAX_NODES}")
        zones = self.zones
        if zones is None:
            return
        if not zones:
            raise UsageError("zones must name at least one zone")
        for z in zones:
            if not isinstance(z, str) or not _LABEL_VALUE.match(z):
                raise UsageError(f"zone {z!r} must be a label value: at most 63 letters, "
                                 "digits, '-', '_' or '.', starting and ending with a letter "
                                 "or digit")
        if len(set(zones)) != len(zones):
            raise UsageError(f"zones {', '.join(zones)}: each zone once")
        if len(zones) > self.node_count:
            raise UsageError(f"{len(zones)} zones for {self.node_count} nodes: every zone "
                             "needs a node (give --nodes)")

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

    @property
    def node_count(self) -> int:
        return self.replicas if self.nodes is None else self.nodes

    @property
    def zone_names(self) -> tuple[str, ...]:
        """The zones the nodes are spread over, round-robin."""
        if self.zones is not None:
            return self.zones
        return DEFAULT_ZONES[:min(len(DEFAULT_ZONES), self.node_count)]


def fleet_settings(replicas: int, *, start_spread: float = 0.0,
                   start_times: tuple[float, ...] | None = None,
                   propagation_seconds: float | None = None, ideal: bool = False,
                   service: ServiceSpec | None = None,
                   publish_not_ready_addresses: bool | None = None,
                   load: LoadModel | None = None, min_capacity: int | None = None,
                   nodes: int | None = None, zones: tuple[str, ...] | None = None
                   ) -> FleetSettings:
    """The fleet `kubesim fleet` runs and `kubesim check`'s fleet checks (KS012, KS013) run,
    from what each was told: the replicas' start (`start_spread` or `start_times`), the
    endpoint propagation delay (given, else 0 with an ideal kubelet, else
    DEFAULT_PROPAGATION_SECONDS, F1) and the Service selecting the pods (its
    publishNotReadyAddresses unless `publish_not_ready_addresses` overrides it; headless,
    EP3)."""
    if propagation_seconds is None:
        propagation_seconds = 0.0 if ideal else DEFAULT_PROPAGATION_SECONDS
    publish = publish_not_ready_addresses
    if publish is None:
        publish = service.publish_not_ready_addresses if service is not None else False
    return FleetSettings(
        replicas=replicas, start_spread=start_spread, propagation_seconds=propagation_seconds,
        load=load, min_capacity=min_capacity, start_times=start_times, nodes=nodes,
        zones=zones, publish_not_ready_addresses=publish,
        headless=service.headless if service is not None else False)


def _starts_within(what: str, pod_start: float, duration: float) -> None:
    if not pod_start < duration:
        raise UsageError(f"pod_start_seconds={pod_start:g} must be shorter than the run "
                         f"({duration:g} s): {what} would never run")


def _seconds(owner: str, name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            not (math.isfinite(value) and value >= 0):
        raise UsageError(f"{owner} {name}={value!r} must be a number of seconds >= 0")


@dataclass(frozen=True)
class RolloutSettings:
    """A new template applied at `at`, and the update strategy: a Deployment's maxSurge,
    maxUnavailable (None: the API default, 25 %), minReadySeconds, progressDeadlineSeconds,
    Recreate; a StatefulSet's update strategy comes from its manifest. `pod_start_seconds`:
    from a pod's creation to its first container running (scheduling, image pull, an
    estimate); `controller_seconds`: how often the controllers look (an estimate)."""

    at: float
    max_surge: int | str | None = None
    max_unavailable: int | str | None = None
    min_ready_seconds: int = 0
    progress_deadline_seconds: int = 600
    pod_start_seconds: float = 2.0
    controller_seconds: float = 1.0
    recreate: bool = False  # strategy Recreate: every old pod gone before a new one is made

    def __post_init__(self) -> None:
        for name in ("at", "pod_start_seconds", "controller_seconds"):
            _seconds("rollout", name, getattr(self, name))
        if self.controller_seconds <= 0:
            raise UsageError("rollout controller_seconds must be > 0")
        # the API server's rules for the Deployment (docs/controller-rules.md V1-V3)
        problem = deployment_timing_problem(self.min_ready_seconds,
                                            self.progress_deadline_seconds)
        if problem is None and not self.recreate:
            problem = rolling_update_problem(self.max_surge, self.max_unavailable)
        if problem is not None:
            raise UsageError(problem)

    def check_run(self, duration: float) -> None:
        """The rollout happens within a run of `duration` seconds, and its pods can start."""
        if not self.at < duration:
            raise UsageError(f"rollout at={self.at:g} must be within the run (< {duration:g})")
        _starts_within("a new pod", self.pod_start_seconds, duration)


@dataclass(frozen=True)
class DrainSettings:
    """`kubectl drain` at `at` of a node (`node`: cordon it, evict the workload's pods on
    it), or of a pod set (`replicas`: pods by creation index; `pods`: the first K there are
    at `at`, D4), and the PodDisruptionBudget guarding the evictions (none given: no
    budget). `more_budgets`: the
    names of further budgets selecting the same pods (the eviction API refuses to choose)."""

    at: float
    pods: int | None = None
    min_available: int | str | None = None
    max_unavailable: int | str | None = None
    always_allow: bool = False  # unhealthyPodEvictionPolicy: AlwaysAllow
    pod_start_seconds: float = 2.0  # replacement created -> its first container runs
    node: str | None = None
    replicas: tuple[int, ...] | None = None
    budget_name: str | None = None  # the budget's name, when read from a manifest
    budgeted: bool | None = None  # a budget exists (None: when min/maxUnavailable is given)
    more_budgets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _seconds("drain", "at", self.at)
        _seconds("drain", "pod_start_seconds", self.pod_start_seconds)
        if self.pods is not None and (isinstance(self.pods, bool) or
                                      not isinstance(self.pods, int) or self.pods < 1):
            raise UsageError(f"drain pods={self.pods!r} must be a whole number >= 1")
        problem = pdb_problem(self.min_available, self.max_unavailable)  # V4
        if problem is not None:
            raise UsageError(f"PodDisruptionBudget {problem}")
        given = [x is not None for x in (self.pods, self.node, self.replicas)]
        if sum(given) > 1:
            raise UsageError("drain a node, the first K pods or a list of pods: one of them")
        if self.replicas is not None:
            if not self.replicas:
                raise UsageError("drain replicas: name at least one pod")
            for r in self.replicas:
                if isinstance(r, bool) or not isinstance(r, int) or r < 0:
                    raise UsageError(f"drain replica {r!r} must be a pod index >= 0")

    def check_run(self, duration: float) -> None:
        """The drain happens within a run of `duration` seconds, and replacements can start."""
        if not self.at < duration:
            raise UsageError(f"drain at={self.at:g} must be within the run (< {duration:g})")
        _starts_within("a replacement", self.pod_start_seconds, duration)

    @property
    def has_budget(self) -> bool:
        if self.budgeted is not None:
            return self.budgeted
        return self.min_available is not None or self.max_unavailable is not None


def budget_fields(budgets: tuple[DisruptionBudget, ...], *, min_available: int | str | None,
                  max_unavailable: int | str | None, policy: str | None) -> dict[str, Any]:
    """The `DrainSettings` fields of the budget in force: one given by `min_available` or
    `max_unavailable` (it replaces the manifests'), else the manifests' budgets selecting
    the pods (the first; any further ones make the eviction API refuse, C6); `policy`
    (unhealthyPodEvictionPolicy) overrides the budget's."""
    if min_available is not None or max_unavailable is not None:
        return {"min_available": min_available, "max_unavailable": max_unavailable,
                "always_allow": policy == "AlwaysAllow", "budgeted": True}
    if not budgets:
        if policy is not None:
            raise UsageError("an unhealthyPodEvictionPolicy needs a PodDisruptionBudget (give "
                             "--pdb-min-available or --pdb-max-unavailable, or one in the "
                             "manifests)")
        return {"budgeted": False}
    first = budgets[0]
    return {"min_available": first.min_available, "max_unavailable": first.max_unavailable,
            "always_allow": first.always_allow if policy is None else policy == "AlwaysAllow",
            "budgeted": True, "budget_name": first.name,
            "more_budgets": tuple(b.name for b in budgets[1:])}
