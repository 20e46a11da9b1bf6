"""Nodes and zones, and where the scheduler puts a fleet's pods (docs/controller-rules.md S1-S4).

kubesim's cluster is `nodes` identical nodes (`node-1` ...) spread round-robin over `zones`;
each carries `kubernetes.io/hostname` and `topology.kubernetes.io/zone`. A pod is placed when
it is created, one at a time in creation order, as kube-scheduler's filters and scores would
place it among the workload's own pods (other workloads are not modelled):

* filters: a cordoned node takes no new pod (NodeUnschedulable); a node outside the zones a
  required node affinity or nodeSelector allows is out (NodeAffinity); a required pod
  anti-affinity term excludes a domain holding a pod of the workload, terminating ones
  included (InterPodAffinity); a DoNotSchedule spread constraint excludes a domain where
  count + 1 - min > maxSkew, the counts leaving terminating pods out and the domains
  including cordoned nodes (PodTopologySpread, nodeTaintsPolicy Ignore);
* scores: ScheduleAnyway constraints (or, when the pod declares none, the scheduler's
  defaults: hostname maxSkew 3 and zone maxSkew 5) score count x log(domains + 2), lower
  better; preferred anti-affinity subtracts its weight per pod in the domain; both
  normalised to 0-100 and weighted 2 as in the default profile. Ties go to the node with
  the fewest of the workload's pods (a stand-in for the resource scores), then to the first
  node by name order: deterministic where the real scheduler picks at random among equals.

A pod no node fits stays Pending; its controller's scheduler retries (`Scheduler.place`
returns None).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from kubesim.spec.workload import HOSTNAME_KEY, ZONE_KEY, Placement, SpreadConstraint

__all__ = ["DEFAULT_SPREAD", "Node", "PlacedPod", "Scheduler", "make_nodes"]

# kube-scheduler's system default constraints (PodTopologySpread, ScheduleAnyway)
DEFAULT_SPREAD = (SpreadConstraint(HOSTNAME_KEY, 3, False), SpreadConstraint(ZONE_KEY, 5, False))
_PLUGIN_WEIGHT = 2  # PodTopologySpread and InterPodAffinity in the default profile
_MAX_SCORE = 100


@dataclass(frozen=True, slots=True)
class Node:
    """One node: its name (kubernetes.io/hostname) and zone (topology.kubernetes.io/zone)."""

    name: str
    zone: str

    def domain(self, key: str) -> str:
        return self.name if key == HOSTNAME_KEY else self.zone


@dataclass(frozen=True, slots=True)
class PlacedPod:
    """A pod of the workload that holds a node: its node, template and whether it is
    terminating (deleted, its containers not yet gone)."""

    node: str
    version: str
    terminating: bool


def make_nodes(count: int, zones: tuple[str, ...]) -> tuple[Node, ...]:
    """`node-1` ... `node-<count>`, node i in zone i mod len(zones) (round-robin)."""
    return tuple(Node(f"node-{i + 1}", zones[i % len(zones)]) for i in range(count))


class Scheduler:
    """Places the workload's pods on `nodes` by `placement` (see the module doc)."""

    def __init__(self, nodes: tuple[Node, ...], placement: Placement) -> None:
        self.nodes, self.placement = nodes, placement
        self.by_name = {n.name: n for n in nodes}
        soft = tuple(c for c in placement.spread if not c.hard)
        self.soft = soft if placement.spread else DEFAULT_SPREAD
        self.preferred = tuple(t for t in placement.anti_affinity if not t.required)

    def _allowed(self, node: Node) -> bool:
        p = self.placement
        return (p.zones_in is None or node.zone in p.zones_in) and node.zone not in p.zones_not_in

    def place(self, pods: Iterable[PlacedPod], version: str,
              cordoned: frozenset[str] | set[str]) -> Node | None:
        """The node the next pod of template `version` goes to (None: none fits)."""
        pods = list(pods)
        eligible = [n for n in self.nodes if self._allowed(n)]  # nodeAffinityPolicy Honor
        fits = [n for n in eligible if n.name not in cordoned]
        for c in (c for c in self.placement.spread if c.hard):
            fits = self._skew_fits(c, fits, eligible, pods, version)
        for term in (t for t in self.placement.anti_affinity if t.required):
            taken = {self.by_name[p.node].domain(term.topology_key) for p in pods}
            fits = [n for n in fits if n.domain(term.topology_key) not in taken]
        if not fits:
            return None
        soft = [(c, self._counts(c, fits, pods, version)) for c in self.soft]
        spread = self._normalised([self._spread_raw(n, soft) for n in fits], lower_better=True)
        anti = self._normalised([self._anti_raw(n, pods) for n in fits], lower_better=False) \
            if self.preferred else [0.0] * len(fits)
        on_node = {n.name: 0 for n in fits}
        for p in pods:
            if p.node in on_node and not p.terminating:
                on_node[p.node] += 1
        order = {n.name: i for i, n in enumerate(self.nodes)}
        best = max(range(len(fits)), key=lambda i: (
            _PLUGIN_WEIGHT * (spread[i] + anti[i]), -on_node[fits[i].name],
            -order[fits[i].name]))
        return fits[best]

    def _counts(self, c: SpreadConstraint, nodes: list[Node], pods: list[PlacedPod],
                version: str) -> dict[str, int]:
        """Pods per domain of `c` over `nodes`' domains; terminating pods are not counted
        (countPodsMatchSelector), nor other templates' with matchLabelKeys."""
        counts = {n.domain(c.topology_key): 0 for n in nodes}
        for p in pods:
            if p.terminating or (c.same_version and p.version != version):
                continue
            domain = self.by_name[p.node].domain(c.topology_key)
            if domain in counts:
                counts[domain] += 1
        return counts

    def _skew_fits(self, c: SpreadConstraint, fits: list[Node], eligible: list[Node],
                   pods: list[PlacedPod], version: str) -> list[Node]:
        """PodTopologySpread Filter: count + 1 - min <= maxSkew, min taken over every
        eligible domain (0 when fewer than minDomains exist)."""
        counts = self._counts(c, eligible, pods, version)
        if not counts:
            return []
        least = min(counts.values())
        if c.min_domains is not None and len(counts) < c.min_domains:
            least = 0
        return [n for n in fits if counts[n.domain(c.topology_key)] + 1 - least <= c.max_skew]

    @staticmethod
    def _spread_raw(node: Node, soft: list[tuple[SpreadConstraint, dict[str, int]]]) -> float:
        """PodTopologySpread Score: count x log(domains + 2) + maxSkew - 1, summed over the
        soft constraints (`soft`: each with its counts over the feasible nodes' domains)."""
        total = 0.0
        for c, counts in soft:
            weight = math.log(len(counts) + 2)
            total += counts[node.domain(c.topology_key)] * weight + c.max_skew - 1
        return total

    def _anti_raw(self, node: Node, pods: list[PlacedPod]) -> float:
        """InterPodAffinity Score of preferred anti-affinity: -weight per pod in the domain."""
        total = 0.0
        for term in self.preferred:
            mine = node.domain(term.topology_key)
            total -= term.weight * sum(self.by_name[p.node].domain(term.topology_key) == mine
                                       for p in pods)
        return total

    @staticmethod
    def _normalised(raw: list[float], *, lower_better: bool) -> list[float]:
        """Scores scaled to 0-100 (NormalizeScore), the best at 100."""
        high, low = max(raw), min(raw)
        if high == low:
            return [float(_MAX_SCORE) if lower_better else 0.0] * len(raw)
        if lower_better:
            return [_MAX_SCORE * (high - r) / (high - low) for r in raw]
        return [_MAX_SCORE * (r - low) / (high - low) for r in raw]
