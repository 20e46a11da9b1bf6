"""Who plays what in a fleet: each pod's behaviour, from the replica selectors of the
scenario or traces (`kubesim.behaviour.replicas`), checked against what the fleet has."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubesim.errors import BehaviourError
from kubesim.fleet.topology import make_nodes
from kubesim.identity import FleetMembers, PodIdentity

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from kubesim.behaviour.answer import Behaviour
    from kubesim.fleet.settings import FleetSettings

__all__ = ["cast", "members_of", "pod_names", "window_pods"]


def pod_names(workload: str, replicas: int, *, statefulset: bool) -> tuple[str, ...]:
    """The names of the pods a fleet starts with: a StatefulSet's `<set>-<ordinal>`, others
    `<workload>-r1-<index>` (the first template's)."""
    if statefulset:
        return tuple(f"{workload}-{k}" for k in range(replicas))
    return tuple(f"{workload}-r1-{i}" for i in range(replicas))


def members_of(settings: FleetSettings, workload: str, *, statefulset: bool = False
               ) -> FleetMembers:
    """What the fleet `settings` describe has for a selector to name."""
    nodes = make_nodes(settings.node_count, settings.zone_names)
    return FleetMembers(settings.replicas,
                        pod_names(workload, settings.replicas, statefulset=statefulset),
                        tuple(n.name for n in nodes), tuple(settings.zone_names),
                        ordinals=statefulset)


def cast(behaviour: Behaviour, members: FleetMembers) -> Callable[[PodIdentity], Behaviour]:
    """Each pod's behaviour (`Behaviour.for_pod`), once every replica selector is checked
    against the fleet: one naming a node, zone, pod index, ordinal or name the fleet does
    not have is an error that says what it has."""
    for use in behaviour.replica_selectors():
        problems = use.selector.problems(members)
        if problems:
            raise BehaviourError(f"{use.field}.{problems[0]}", source=behaviour.source,
                                 line=use.line, field=use.field)
    return behaviour.for_pod


def window_pods(doc: Mapping[str, Any], windows: list[dict[str, Any]], behaviour: Behaviour,
                duration: float) -> list[dict[str, Any]]:
    """A fleet picture's windows (`{start, end, label}`), each of an entry that selects
    replicas given the names of the pods of the fleet document `doc` it selects (`pods`)."""
    selected = {(round(w.start, 6), round(w.end, 6), w.label): w.replicas
                for w in behaviour.windows(duration) if w.replicas is not None}
    first = doc["fleet"]["replicas"]
    pods = [PodIdentity(r["replica"], r["name"], r["node"] or "", r["zone"] or "",
                        r.get("ordinal"), r.get("version") or "old", r["replica"] < first)
            for r in doc["replicas"]]
    out = []
    for w in windows:
        selector = selected.get((w["start"], w["end"], w["label"]))
        if selector is not None:
            w = {**w, "pods": sorted({p.name for p in pods if selector.matches(p)})}
        out.append(w)
    return out
