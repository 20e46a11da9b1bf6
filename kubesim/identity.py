"""Who a fleet's pod is: the record a behaviour can be given about the pod it plays.

A fleet (`kubesim fleet`) creates pods: the first `replicas` at the start, then whatever its
controllers create (a rollout's new pods, a drain's replacements, a StatefulSet's recreated
ordinals). Each gets a `PodIdentity` when it is created, after the scheduler placed it: its
place in creation order, its name, its node and zone, a StatefulSet pod's ordinal, and which
template it runs. It is plain data in the core layer so that the behaviour layer can select
by it (replica index, node, zone) without knowing about fleets.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FleetMembers", "PodIdentity"]


@dataclass(frozen=True, slots=True)
class PodIdentity:
    """One pod of a fleet, as created.

    `index`: the pod's place in creation order (0 .. replicas-1 for the pods the fleet
    starts with; later pods count on). `name`: the pod's name (a StatefulSet's replacement
    keeps its predecessor's). `node` and `zone`: where the scheduler placed it. `ordinal`: a
    StatefulSet pod's ordinal (None for other workloads). `version`: "old" (the template the
    fleet started with) or "new" (a rollout's template). `initial`: one of the `replicas`
    pods the fleet starts with (False: created later by a controller, a rollout's pod or a
    replacement; a replica selector's indexes, nodes and zones never select it)."""

    index: int
    name: str
    node: str
    zone: str
    ordinal: int | None = None
    version: str = "old"
    initial: bool = True


@dataclass(frozen=True, slots=True)
class FleetMembers:
    """What a fleet has for a replica selector to name (`kubesim.behaviour.replicas`): the
    replicas it starts with (indexes 0 .. replicas-1, their `names`), its `nodes` and
    `zones`, and whether its pods have ordinals (a StatefulSet's)."""

    replicas: int
    names: tuple[str, ...]
    nodes: tuple[str, ...]
    zones: tuple[str, ...]
    ordinals: bool = False
