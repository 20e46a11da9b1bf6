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

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from kubesim.spec.workload import HOSTNAME_KEY, ZONE_KEY, Placement, SpreadConstraint

__all__ = ["DEFAULT_SPREAD", "Node", "NodeCounts", "PlacedPod", "Scheduler", "make_nodes"]

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


@dataclass
class NodeCounts:
    """The workload's pods per node, as the scheduler's plugins count them for a pod of one
    template: `active` (not terminating), `same` (not terminating, of the template), `held`
    (every pod holding the node, terminating ones included)."""

    active: dict[str, int] = field(default_factory=dict)
    same: dict[str, int] = field(default_factory=dict)
    held: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, pods: Iterable[PlacedPod], version: str) -> NodeCounts:
        out = cls()
        for p in pods:
            out.add(p.node, p.version == version, p.terminating)
        return out

    def add(self, node: str, same: bool, terminating: bool = False) -> None:
        self.held[node] = self.held.get(node, 0) + 1
        if not terminating:
            self.active[node] = self.active.get(node, 0) + 1
            if same:
                self.same[node] = self.same.get(node, 0) + 1


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
        self.order = {n.name: i for i, n in enumerate(nodes)}
        self.simple = (not placement.anti_affinity and all(
            not c.hard and not c.same_version for c in placement.spread))

    def _allowed(self, node: Node) -> bool:
        p = self.placement
        return (p.zones_in is None or node.zone in p.zones_in) and node.zone not in p.zones_not_in

    def place(self, pods: Iterable[PlacedPod], version: str,
              cordoned: frozenset[str] | set[str]) -> Node | None:
        """The node the next pod of template `version` goes to (None: none fits)."""
        return self.place_counted(NodeCounts.of(pods, version), cordoned)

    def place_counted(self, counts: NodeCounts, cordoned: frozenset[str] | set[str]
                      ) -> Node | None:
        """`place`, from the pods counted per node (`NodeCounts`, for the pod's template)."""
        if self.simple:
            return self._place_simple(counts, cordoned)
        eligible = [n for n in self.nodes if self._allowed(n)]  # nodeAffinityPolicy Honor
        fits = [n for n in eligible if n.name not in cordoned]
        for c in (c for c in self.placement.spread if c.hard):
            fits = self._skew_fits(c, fits, eligible, counts)
        for term in (t for t in self.placement.anti_affinity if t.required):
            taken = {self.by_name[name].domain(term.topology_key)
                     for name, k in counts.held.items() if k}
            fits = [n for n in fits if n.domain(term.topology_key) not in taken]
        if not fits:
            return None
        soft = [(c, self._scored_counts(c, fits, counts)) for c in self.soft]
        spread = self._normalised([self._spread_raw(n, soft) for n in fits], lower_better=True)
        if self.preferred:
            held = {t.topology_key: self._domain_counts(t.topology_key, self.nodes, counts.held)
                    for t in self.preferred}
            anti = self._normalised([self._anti_raw(n, held) for n in fits],
                                    lower_better=False)
        else:
            anti = [0.0] * len(fits)
        order = self.order
        best = max(range(len(fits)), key=lambda i: (
            _PLUGIN_WEIGHT * (spread[i] + anti[i]), -counts.active.get(fits[i].name, 0),
            -order[fits[i].name]))
        return fits[best]

    def _scored_counts(self, c: SpreadConstraint, fits: list[Node], counts: NodeCounts
                       ) -> dict[str, int]:
        """PodTopologySpread PreScore: the domains of the feasible nodes, each with the pods
        counted over every node in it (cordoned ones included)."""
        every = self._counts(c, list(self.nodes), counts)
        return {n.domain(c.topology_key): every[n.domain(c.topology_key)] for n in fits}

    def _place_simple(self, counts: NodeCounts, cordoned: frozenset[str] | set[str]
                      ) -> Node | None:
        """`place_counted` when only soft spread constraints on hostname and zone apply (the
        scheduler's defaults, or the manifest's ScheduleAnyway ones): within a zone the node
        with the fewest pods scores best (then the first by name), so only one candidate per
        zone is scored; the result is the same, in one pass over the nodes."""
        active = counts.active
        best: dict[str, tuple[int, int, Node]] = {}  # zone -> (pods, order, node)
        per_zone: dict[str, int] = {}
        feasible = 0
        for i, n in enumerate(self.nodes):
            k = active.get(n.name, 0)
            per_zone[n.zone] = per_zone.get(n.zone, 0) + k
            if n.name in cordoned or not self._allowed(n):
                continue
            feasible += 1
            if n.zone not in best or k < best[n.zone][0]:
                best[n.zone] = (k, i, n)
        if not best:
            return None
        raw = {zone: (self._soft_score(k, per_zone[zone], feasible, len(best)), k, i)
               for zone, (k, i, _n) in best.items()}
        zone = min(raw, key=lambda z: raw[z])
        return best[zone][2]

    def _soft_score(self, on_node: int, in_zone: int, feasible: int, zones: int) -> float:
        """The soft spread constraints' raw score of a node holding `on_node` pods in a zone
        holding `in_zone` (lower is better), among `feasible` nodes in `zones` zones."""
        total = 0.0
        for c in self.soft:
            size = feasible if c.topology_key == HOSTNAME_KEY else zones
            count = on_node if c.topology_key == HOSTNAME_KEY else in_zone
            total += count * math.log(size + 2) + c.max_skew - 1
        return total

    def place_new(self, replicas: int) -> list[Node | None]:
        """Where `place_counted` puts `replicas` new pods in turn, no node cordoned, each
        counted where it went. On the simple path each zone's emptiest node (then first by
        name) is kept in a heap: O(N log N) for N pods instead of a scan of every node per
        pod; the same nodes, as the score of a zone reads only its best node."""
        if not self.simple:
            counts, out = NodeCounts(), []
            for _ in range(replicas):
                node = self.place_counted(counts, frozenset())
                out.append(node)
                if node is not None:
                    counts.add(node.name, True)
            return out
        heaps: dict[str, list[tuple[int, int, Node]]] = {}  # zone -> (pods, order, node)
        for i, n in enumerate(self.nodes):
            if self._allowed(n):  # in order, every count 0: already a heap
                heaps.setdefault(n.zone, []).append((0, i, n))
        feasible = sum(len(h) for h in heaps.values())
        per_zone = dict.fromkeys(heaps, 0)
        placed: list[Node | None] = []
        for _ in range(replicas if heaps else 0):
            zone = min(heaps, key=lambda z: (self._soft_score(
                heaps[z][0][0], per_zone[z], feasible, len(heaps)), *heaps[z][0][:2]))
            k, i, node = heaps[zone][0]
            heapq.heapreplace(heaps[zone], (k + 1, i, node))
            per_zone[zone] += 1
            placed.append(node)
        return placed if heaps else [None] * replicas

    @staticmethod
    def _domain_counts(key: str, nodes: Iterable[Node], per_node: dict[str, int]
                       ) -> dict[str, int]:
        out: dict[str, int] = {}
        for n in nodes:
            d = n.domain(key)
            out[d] = out.get(d, 0) + per_node.get(n.name, 0)
        return out

    def _counts(self, c: SpreadConstraint, nodes: list[Node], counts: NodeCounts
                ) -> dict[str, int]:
        """Pods per domain of `c` over `nodes`' domains; terminating pods are not counted
        (countPodsMatchSelector), nor other templates' with matchLabelKeys."""
        return self._domain_counts(c.topology_key, nodes,
                                   counts.same if c.same_version else counts.active)

    def _skew_fits(self, c: SpreadConstraint, fits: list[Node], eligible: list[Node],
                   counts: NodeCounts) -> list[Node]:
        """PodTopologySpread Filter: count + 1 - min <= maxSkew, min taken over every
        eligible domain (0 when fewer than minDomains exist)."""
        domains = self._counts(c, eligible, counts)
        if not domains:
            return []
        least = min(domains.values())
        if c.min_domains is not None and len(domains) < c.min_domains:
            least = 0
        return [n for n in fits if domains[n.domain(c.topology_key)] + 1 - least <= c.max_skew]

    @staticmethod
    def _spread_raw(node: Node, soft: list[tuple[SpreadConstraint, dict[str, int]]]) -> float:
        """PodTopologySpread Score: count x log(domains + 2) + maxSkew - 1, summed over the
        soft constraints (`soft`: each with its counts over the feasible nodes' domains)."""
        total = 0.0
        for c, counts in soft:
            weight = math.log(len(counts) + 2)
            total += counts[node.domain(c.topology_key)] * weight + c.max_skew - 1
        return total

    def _anti_raw(self, node: Node, held: dict[str, dict[str, int]]) -> float:
        """InterPodAffinity Score of preferred anti-affinity: -weight per pod in the domain
        (`held`: per topology key, the pods per domain, terminating ones included)."""
        return -sum(t.weight * held[t.topology_key].get(node.domain(t.topology_key), 0)
                    for t in self.preferred)

    @staticmethod
    def _normalised(raw: list[float], *, lower_better: bool) -> list[float]:
        """Scores scaled to 0-100 (NormalizeScore), the best at 100."""
        high, low = max(raw), min(raw)
        if high == low:
            return [float(_MAX_SCORE) if lower_better else 0.0] * len(raw)
        if lower_better:
            return [_MAX_SCORE * (high - r) / (high - low) for r in raw]
        return [_MAX_SCORE * (r - low) / (high - low) for r in raw]
