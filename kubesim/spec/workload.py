"""What a fleet reads from the manifests besides the probed pod: the workload's pod labels,
where its pods may be placed, a StatefulSet's update settings, and the PodDisruptionBudgets
and Services that select its pods (`load_fleet_spec`).

Read as the API server would validate them, each rejection a SpecError with the file, the
line and the field. What kubesim cannot model is named in `Placement.notes` (and the fleet's
output), never silently dropped:

* `topologySpreadConstraints` on `topology.kubernetes.io/zone` and `kubernetes.io/hostname`
  (maxSkew, whenUnsatisfiable, minDomains, a labelSelector matched against the workload's own
  pods, matchLabelKeys `pod-template-hash` / `controller-revision-hash`);
* `podAntiAffinity` terms (required and preferred) whose labelSelector matches the workload's
  own pods, on the same two keys;
* a required `nodeAffinity` or a `nodeSelector` on the zone label (`In`, `NotIn`, `Exists`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kubesim.errors import SpecError
from kubesim.spec.api_rules import pdb_problem, statefulset_update_problem
from kubesim.spec.manifests import POD_SPEC_AT, containers_from_documents, select_container
from kubesim.spec.model import ProbedContainer, field_path
from kubesim.spec.sources import RenderOptions, documents_at

if TYPE_CHECKING:
    from kubesim.spec.yamlio import YamlDocument

__all__ = [
    "HOSTNAME_KEY",
    "ZONE_KEY",
    "AntiAffinityTerm",
    "DisruptionBudget",
    "FleetSpec",
    "LabelSelector",
    "Placement",
    "ServiceSpec",
    "SpreadConstraint",
    "StatefulSetSpec",
    "fleet_spec_from_documents",
    "load_fleet_spec",
    "workload_spec",
]

Loc = tuple[str | int, ...]
ZONE_KEY = "topology.kubernetes.io/zone"
HOSTNAME_KEY = "kubernetes.io/hostname"
_ZONE_KEYS = (ZONE_KEY, "failure-domain.beta.kubernetes.io/zone")
_ONE_DOMAIN = ("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region")
_REVISION_KEYS = ("pod-template-hash", "controller-revision-hash")
# labels every Linux node carries: a selector on them matches every simulated node
_EVERY_NODE = ("kubernetes.io/os", "beta.kubernetes.io/os", "kubernetes.io/arch",
               "beta.kubernetes.io/arch")
_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist")


@dataclass(frozen=True)
class LabelSelector:
    """metav1.LabelSelector: every matchLabels pair and every matchExpressions requirement
    (In, NotIn, Exists, DoesNotExist) must hold; an empty selector matches every pod."""

    match_labels: tuple[tuple[str, str], ...] = ()
    match_expressions: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def matches(self, labels: dict[str, str]) -> bool:
        if any(labels.get(k) != v for k, v in self.match_labels):
            return False
        for key, op, values in self.match_expressions:
            have = key in labels
            if op == "In" and not (have and labels[key] in values):
                return False
            if op == "NotIn" and have and labels[key] in values:
                return False
            if op == "Exists" and not have:
                return False
            if op == "DoesNotExist" and have:
                return False
        return True


@dataclass(frozen=True)
class SpreadConstraint:
    """One topologySpreadConstraint over the workload's own pods. `hard`: whenUnsatisfiable
    DoNotSchedule (a filter), else ScheduleAnyway (a score). `same_version`: matchLabelKeys
    names the template hash, so only pods of the same template count."""

    topology_key: str  # ZONE_KEY or HOSTNAME_KEY
    max_skew: int
    hard: bool
    min_domains: int | None = None
    same_version: bool = False


@dataclass(frozen=True)
class AntiAffinityTerm:
    """A podAntiAffinity term over the workload's own pods: `required` (a filter) or
    preferred with its `weight` (a score)."""

    topology_key: str
    required: bool
    weight: int = 0


@dataclass(frozen=True)
class Placement:
    """Where the workload's pods may go: spread constraints, anti-affinity to each other, the
    zones a node affinity or nodeSelector allows (None: any), and what was not modelled."""

    spread: tuple[SpreadConstraint, ...] = ()
    anti_affinity: tuple[AntiAffinityTerm, ...] = ()
    zones_in: frozenset[str] | None = None
    zones_not_in: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()

    @property
    def read(self) -> list[str]:
        """What was read, in words (for the report)."""
        out = [f"topologySpreadConstraints {c.topology_key} maxSkew {c.max_skew} "
               f"{'DoNotSchedule' if c.hard else 'ScheduleAnyway'}" for c in self.spread]
        out += [f"podAntiAffinity {t.topology_key} "
                f"{'required' if t.required else f'preferred (weight {t.weight})'}"
                for t in self.anti_affinity]
        if self.zones_in is not None:
            out.append(f"zones in {', '.join(sorted(self.zones_in))}")
        if self.zones_not_in:
            out.append(f"zones not in {', '.join(sorted(self.zones_not_in))}")
        return out


@dataclass(frozen=True)
class StatefulSetSpec:
    """A StatefulSet's pod management and update strategy, defaulted as the API server does:
    OrderedReady, RollingUpdate with partition 0 and maxUnavailable 1, minReadySeconds 0."""

    pod_management_policy: str = "OrderedReady"  # or Parallel
    update_strategy: str = "RollingUpdate"  # or OnDelete
    partition: int = 0
    max_unavailable: int | str | None = None  # None: 1
    min_ready_seconds: int = 0
    service_name: str | None = None


@dataclass(frozen=True)
class DisruptionBudget:
    """A PodDisruptionBudget (policy/v1) that selects the workload's pods."""

    name: str
    min_available: int | str | None = None
    max_unavailable: int | str | None = None
    always_allow: bool = False  # unhealthyPodEvictionPolicy: AlwaysAllow


@dataclass(frozen=True)
class ServiceSpec:
    """A Service that selects the workload's pods."""

    name: str
    publish_not_ready_addresses: bool = False
    headless: bool = False  # clusterIP: None (DNS answers, no kube-proxy)


@dataclass(frozen=True)
class FleetSpec:
    """The probed pod and what its workload's fleet needs from the same files."""

    pod: ProbedContainer
    labels: dict[str, str] = field(default_factory=dict)
    placement: Placement = Placement()
    statefulset: StatefulSetSpec | None = None
    budgets: tuple[DisruptionBudget, ...] = ()
    services: tuple[ServiceSpec, ...] = ()


def load_fleet_spec(path: str, container: str | None = None, *,
                    render: RenderOptions | None = None) -> FleetSpec:
    """The fleet spec of the input at `path`: a file, `-` (standard input), a Helm chart or a
    kustomization (rendered with `render`'s settings), read once."""
    docs, source = documents_at(path, render)
    return fleet_spec_from_documents(docs, container, source=source)


def fleet_spec_from_documents(docs: list[YamlDocument], container: str | None, *,
                              source: str) -> FleetSpec:
    """The fleet spec of parsed documents: the probed container `load_spec` would pick, its
    workload object, and the budgets and Services selecting its pods."""
    pod = select_container(containers_from_documents(docs), container, source=source)
    found = _workload_object(docs, pod)
    if found is None:
        return FleetSpec(pod, placement=Placement(notes=pod.notes))
    doc, obj, prefix = found
    own = workload_spec(pod, doc, prefix)
    labels = own.labels
    budgets, services = [], []
    for other in docs:
        for item, iloc in _objects(other.data):
            kind = item.get("kind")
            meta = m if isinstance(m := item.get("metadata"), dict) else {}
            if (meta.get("namespace") or "default") != (pod.namespace or "default"):
                continue
            name = str(meta.get("name") or "unnamed")
            if kind == "PodDisruptionBudget":
                budget = _Reader(other, kind, name, iloc).budget(item, labels)
                if budget is not None:
                    budgets.append(budget)
            elif kind == "Service":
                svc = _Reader(other, kind, name, iloc).service(item, labels)
                if svc is not None:
                    services.append(svc)
    return dataclasses.replace(own, budgets=tuple(budgets), services=tuple(services))


def workload_spec(pod: ProbedContainer, doc: YamlDocument, loc: Loc = ()) -> FleetSpec:
    """What the workload object at `loc` in `doc` (the object `pod` was read from) tells its
    fleet: the pod template's labels, its placement (with what it does not model) and a
    StatefulSet's controller settings; no budgets or Services (other objects). `kubesim
    fleet` reads it so (`fleet_spec_from_documents`), and `kubesim check`'s fleet checks
    read it from the object they judge."""
    obj = _get(doc.data, loc)
    obj = obj if isinstance(obj, dict) else {}
    reader = _Reader(doc, pod.object_kind, pod.object_name, loc)
    labels = reader.labels(obj, pod.object_kind)
    at = POD_SPEC_AT[pod.object_kind]
    placement = reader.placement(reader.mapping(_get(obj, at), at), at, labels)
    # what the fleet does not model: its placement's, and the pod's own (spec.fields)
    placement = dataclasses.replace(placement, notes=(*placement.notes, *pod.notes))
    sts = reader.statefulset(obj) if pod.object_kind == "StatefulSet" else None
    return FleetSpec(pod, labels, placement, sts)


def _objects(data: Any) -> list[tuple[dict[str, Any], Loc]]:
    """The objects of a document: itself, or a `kind: List`'s items."""
    if not isinstance(data, dict):
        return []
    if data.get("kind") == "List" and isinstance(data.get("items"), list):
        return [(x, ("items", i)) for i, x in enumerate(data["items"]) if isinstance(x, dict)]
    return [(data, ())]


def _workload_object(docs: list[YamlDocument], pod: ProbedContainer
                     ) -> tuple[YamlDocument, dict[str, Any], Loc] | None:
    """The document and object of the probed pod's workload, and where the object sits in
    its document (a `kind: List` item)."""
    if pod.object_kind not in POD_SPEC_AT:
        return None
    for doc in docs:
        if doc.source != pod.source:
            continue
        for obj, loc in _objects(doc.data):
            meta = m if isinstance(m := obj.get("metadata"), dict) else {}
            name = meta.get("name") or meta.get("generateName") or "unnamed"
            if obj.get("kind") == pod.object_kind and str(name) == pod.object_name and \
                    meta.get("namespace") == pod.namespace:
                return doc, obj, loc
    return None


def _get(obj: Any, loc: Loc) -> Any:
    for key in loc:
        if isinstance(key, int):
            obj = obj[key] if isinstance(obj, list) and key < len(obj) else None
        else:
            obj = obj.get(key) if isinstance(obj, dict) else None
    return obj


class _Reader:
    """Reads one object of one document; errors carry the file, line and field."""

    def __init__(self, doc: YamlDocument, kind: str, name: str, prefix: Loc = ()) -> None:
        self.doc, self.kind, self.name, self.prefix = doc, kind, name, prefix

    def error(self, message: str, loc: Loc) -> SpecError:
        """`loc` is the field's path in the object; the line is looked up in the document."""
        full = (*self.prefix, *loc)
        return SpecError(f"{self.kind}/{self.name}: {message}", source=self.doc.source,
                         line=self.doc.line_of(full), field=field_path(full) or None)

    def mapping(self, value: Any, loc: Loc) -> dict[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(f"{field_path(loc)} must be a mapping", loc)
        return value

    def items(self, value: Any, loc: Loc) -> list[tuple[dict[str, Any], Loc]]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.error(f"{field_path(loc)} must be a list", loc)
        return [(self.mapping(x, (*loc, i)), (*loc, i)) for i, x in enumerate(value)]

    def whole(self, value: Any, loc: Loc, *, minimum: int, default: int | None = None) -> int:
        if value is None and default is not None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value < 2**31:
            raise self.error(f"{field_path(loc)}={value!r} must be a whole number from "
                             f"{minimum} to 2147483647", loc)
        return value

    def string_map(self, value: Any, loc: Loc) -> dict[str, str]:
        data = self.mapping(value, loc)
        for k, v in data.items():
            if not isinstance(v, str | int | float | bool):
                raise self.error(f"{field_path((*loc, str(k)))} must be a string", (*loc, k))
        return {str(k): str(v) for k, v in data.items()}

    # -- the workload -------------------------------------------------------------------
    def labels(self, obj: dict[str, Any], kind: str) -> dict[str, str]:
        """The pod's labels: the template's for a workload, the Pod's own for a Pod."""
        loc: Loc = ("metadata", "labels") if kind == "Pod" else \
            ("spec", "template", "metadata", "labels")
        return self.string_map(_get(obj, loc), loc)

    def selector(self, value: Any, loc: Loc) -> LabelSelector:
        data = self.mapping(value, loc)
        labels = self.string_map(data.get("matchLabels"), (*loc, "matchLabels"))
        exprs = []
        for e, eloc in self.items(data.get("matchExpressions"), (*loc, "matchExpressions")):
            key, op, values = e.get("key"), e.get("operator"), e.get("values") or []
            if not isinstance(key, str) or not key:
                raise self.error(f"{field_path((*eloc, 'key'))} must be a label key",
                                 (*eloc, "key"))
            if op not in _OPERATORS:
                raise self.error(f"{field_path((*eloc, 'operator'))}={op!r} must be one of "
                                 f"{', '.join(_OPERATORS)}", (*eloc, "operator"))
            if not isinstance(values, list) or (op in ("In", "NotIn")) != bool(values):
                what = "a non-empty list" if op in ("In", "NotIn") else "empty"
                raise self.error(f"{field_path((*eloc, 'values'))} must be {what} for "
                                 f"operator {op}", (*eloc, "values"))
            exprs.append((key, op, tuple(str(v) for v in values)))
        return LabelSelector(tuple(sorted(labels.items())), tuple(exprs))

    def placement(self, spec: dict[str, Any], loc: Loc, labels: dict[str, str]) -> Placement:
        notes: list[str] = []
        spread = self._spread(spec, loc, labels, notes)
        affinity = self.mapping(spec.get("affinity"), (*loc, "affinity"))
        anti = self._anti_affinity(affinity, (*loc, "affinity"), labels, notes)
        if affinity.get("podAffinity"):
            notes.append("podAffinity (to other workloads' pods) is not modelled")
        zones_in, zones_not_in = self._node_zones(spec, affinity, loc, notes)
        return Placement(tuple(spread), tuple(anti), zones_in, zones_not_in, tuple(notes))

    def _topology_key(self, value: Any, loc: Loc, what: str, notes: list[str]) -> str | None:
        if not isinstance(value, str) or not value:
            raise self.error(f"{field_path(loc)} must be a label key", loc)
        if value in _ZONE_KEYS:
            return ZONE_KEY
        if value == HOSTNAME_KEY:
            return HOSTNAME_KEY
        if value not in _ONE_DOMAIN:  # every simulated node is in one region: no effect
            notes.append(f"{what} on {value!r} is not modelled (kubesim's nodes carry "
                         f"{HOSTNAME_KEY} and {ZONE_KEY} only)")
        return None

    def _spread(self, spec: dict[str, Any], loc: Loc, labels: dict[str, str],
                notes: list[str]) -> list[SpreadConstraint]:
        out = []
        for c, cloc in self.items(spec.get("topologySpreadConstraints"),
                                  (*loc, "topologySpreadConstraints")):
            skew = self.whole(c.get("maxSkew"), (*cloc, "maxSkew"), minimum=1)
            when = c.get("whenUnsatisfiable")
            if when not in ("DoNotSchedule", "ScheduleAnyway"):
                raise self.error(f"{field_path((*cloc, 'whenUnsatisfiable'))}={when!r} must be "
                                 "DoNotSchedule or ScheduleAnyway", (*cloc, "whenUnsatisfiable"))
            min_domains = c.get("minDomains")
            if min_domains is not None:
                min_domains = self.whole(min_domains, (*cloc, "minDomains"), minimum=1)
                if when != "DoNotSchedule":
                    raise self.error(f"{field_path((*cloc, 'minDomains'))}: only with "
                                     "whenUnsatisfiable DoNotSchedule", (*cloc, "minDomains"))
            key = self._topology_key(c.get("topologyKey"), (*cloc, "topologyKey"),
                                     "a topologySpreadConstraint", notes)
            raw = c.get("labelSelector")
            selector = None if raw is None else self.selector(raw, (*cloc, "labelSelector"))
            keys = c.get("matchLabelKeys") or []
            if not isinstance(keys, list):
                raise self.error(f"{field_path((*cloc, 'matchLabelKeys'))} must be a list",
                                 (*cloc, "matchLabelKeys"))
            same = any(k in _REVISION_KEYS for k in keys)
            other_keys = [str(k) for k in keys if k not in _REVISION_KEYS]
            if other_keys:
                notes.append(f"matchLabelKeys {', '.join(other_keys)}: every pod of the "
                             "workload carries the same value in kubesim")
            if key is None:
                continue
            if selector is None or not selector.matches(labels):
                notes.append(f"a topologySpreadConstraint on {key} whose labelSelector does "
                             "not select this workload's pods has no effect here (other "
                             "workloads are not modelled)")
                continue
            out.append(SpreadConstraint(key, skew, when == "DoNotSchedule", min_domains, same))
        return out

    def _anti_affinity(self, affinity: dict[str, Any], loc: Loc, labels: dict[str, str],
                       notes: list[str]) -> list[AntiAffinityTerm]:
        anti = self.mapping(affinity.get("podAntiAffinity"), (*loc, "podAntiAffinity"))
        aloc = (*loc, "podAntiAffinity")
        out = []
        terms = [(t, tloc, True, 0) for t, tloc in self.items(
            anti.get("requiredDuringSchedulingIgnoredDuringExecution"),
            (*aloc, "requiredDuringSchedulingIgnoredDuringExecution"))]
        for p, ploc in self.items(anti.get("preferredDuringSchedulingIgnoredDuringExecution"),
                                  (*aloc, "preferredDuringSchedulingIgnoredDuringExecution")):
            weight = self.whole(p.get("weight"), (*ploc, "weight"), minimum=1)
            if weight > 100:
                raise self.error(f"{field_path((*ploc, 'weight'))}={weight} must be from 1 "
                                 "to 100", (*ploc, "weight"))
            terms.append((self.mapping(p.get("podAffinityTerm"), (*ploc, "podAffinityTerm")),
                          (*ploc, "podAffinityTerm"), False, weight))
        for term, tloc, required, weight in terms:
            key = self._topology_key(term.get("topologyKey"), (*tloc, "topologyKey"),
                                     "a podAntiAffinity term", notes)
            raw = term.get("labelSelector")
            selector = None if raw is None else self.selector(raw, (*tloc, "labelSelector"))
            if key is None:
                continue
            if selector is None or not selector.matches(labels):
                notes.append(f"a podAntiAffinity term on {key} against other workloads' pods "
                             "is not modelled")
                continue
            out.append(AntiAffinityTerm(key, required, weight))
        return out

    def _node_zones(self, spec: dict[str, Any], affinity: dict[str, Any], loc: Loc,
                    notes: list[str]) -> tuple[frozenset[str] | None, frozenset[str]]:
        zones_in: set[str] | None = None
        zones_not_in: set[str] = set()
        selector = self.string_map(spec.get("nodeSelector"), (*loc, "nodeSelector"))
        for label, value in selector.items():
            if label in _ZONE_KEYS:
                zones_in = {value}
            elif label != HOSTNAME_KEY and label not in _EVERY_NODE:
                notes.append(f"nodeSelector {label}: every simulated node is taken to match")
        node = self.mapping(affinity.get("nodeAffinity"), (*loc, "affinity", "nodeAffinity"))
        nloc = (*loc, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution")
        required = self.mapping(node.get("requiredDuringSchedulingIgnoredDuringExecution"), nloc)
        terms = self.items(required.get("nodeSelectorTerms"), (*nloc, "nodeSelectorTerms"))
        allowed: set[str] | None = None  # terms are ORed: the union of what each allows
        for term, tloc in terms:
            term_in: set[str] | None = None
            for e, _eloc in self.items(term.get("matchExpressions"), (*tloc, "matchExpressions")):
                key, op, values = e.get("key"), e.get("operator"), e.get("values") or []
                if key in _EVERY_NODE:
                    continue
                if key not in _ZONE_KEYS:
                    notes.append(f"nodeAffinity on {key!r}: every simulated node is taken to "
                                 "match")
                    continue
                if op == "In":
                    term_in = set(map(str, values)) if term_in is None else \
                        term_in & set(map(str, values))
                elif op == "NotIn":
                    zones_not_in |= set(map(str, values))
            if term_in is None:
                allowed = None if terms else allowed
                break
            allowed = term_in if allowed is None else allowed | term_in
        if allowed is not None:
            zones_in = allowed if zones_in is None else zones_in & allowed
        return (None if zones_in is None else frozenset(zones_in)), frozenset(zones_not_in)

    def statefulset(self, obj: dict[str, Any]) -> StatefulSetSpec:
        """spec.podManagementPolicy, updateStrategy and minReadySeconds, validated."""
        spec = self.mapping(obj.get("spec"), ("spec",))
        policy = spec.get("podManagementPolicy", "OrderedReady")
        if policy not in ("OrderedReady", "Parallel"):
            raise self.error(f"spec.podManagementPolicy={policy!r} must be OrderedReady or "
                             "Parallel", ("spec", "podManagementPolicy"))
        strategy = self.mapping(spec.get("updateStrategy"), ("spec", "updateStrategy"))
        kind = strategy.get("type", "RollingUpdate")
        if kind not in ("RollingUpdate", "OnDelete"):
            raise self.error(f"spec.updateStrategy.type={kind!r} must be RollingUpdate or "
                             "OnDelete", ("spec", "updateStrategy", "type"))
        rloc: Loc = ("spec", "updateStrategy", "rollingUpdate")
        rolling = self.mapping(strategy.get("rollingUpdate"), rloc)
        if rolling and kind != "RollingUpdate":
            raise self.error("spec.updateStrategy.rollingUpdate: only with type RollingUpdate",
                             rloc)
        partition = self.whole(rolling.get("partition"), (*rloc, "partition"), minimum=0,
                               default=0)
        unavailable = rolling.get("maxUnavailable")
        problem = statefulset_update_problem(  # V5
            unavailable, field=field_path((*rloc, "maxUnavailable")))
        if problem is not None:
            raise self.error(problem, (*rloc, "maxUnavailable"))
        min_ready = self.whole(spec.get("minReadySeconds"), ("spec", "minReadySeconds"),
                               minimum=0, default=0)
        service = spec.get("serviceName")
        return StatefulSetSpec(policy, kind, partition, unavailable, min_ready,
                               service if isinstance(service, str) and service else None)

    # -- the objects around it ------------------------------------------------------------
    def budget(self, obj: dict[str, Any], labels: dict[str, str]) -> DisruptionBudget | None:
        """The PodDisruptionBudget if its selector selects the pods (ValidatePodDisruption-
        BudgetSpec's checks; a missing selector selects nothing, an empty one everything)."""
        spec = self.mapping(obj.get("spec"), ("spec",))
        sloc: Loc = ("spec",)
        values = {key: spec.get(key) for key in ("minAvailable", "maxUnavailable")}
        problem = pdb_problem(values["minAvailable"], values["maxUnavailable"])  # V4
        if problem is not None:
            key = "minAvailable" if problem.startswith("minAvailable=") else "maxUnavailable"
            raise self.error(f"spec.{problem}" if "=" in problem else f"spec: {problem}",
                             (*sloc, key))
        policy = spec.get("unhealthyPodEvictionPolicy", "IfHealthyBudget")
        if policy not in ("IfHealthyBudget", "AlwaysAllow"):
            raise self.error(f"spec.unhealthyPodEvictionPolicy={policy!r} must be "
                             "IfHealthyBudget or AlwaysAllow", (*sloc, "unhealthyPodEvictionPolicy"))
        if spec.get("selector") is None:
            return None
        if not self.selector(spec["selector"], (*sloc, "selector")).matches(labels):
            return None
        return DisruptionBudget(self.name, values["minAvailable"], values["maxUnavailable"],
                                policy == "AlwaysAllow")

    def service(self, obj: dict[str, Any], labels: dict[str, str]) -> ServiceSpec | None:
        """The Service if its selector selects the pods (a Service without one manages no
        endpoints of its own)."""
        spec = self.mapping(obj.get("spec"), ("spec",))
        sloc: Loc = ("spec",)
        selector = self.string_map(spec.get("selector"), (*sloc, "selector"))
        publish = spec.get("publishNotReadyAddresses", False)
        if not isinstance(publish, bool):
            raise self.error(f"spec.publishNotReadyAddresses={publish!r} must be true or false",
                             (*sloc, "publishNotReadyAddresses"))
        if not selector or any(labels.get(k) != v for k, v in selector.items()):
            return None
        return ServiceSpec(self.name, publish, spec.get("clusterIP") == "None")
