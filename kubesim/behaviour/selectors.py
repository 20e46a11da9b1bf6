"""Which replicas of a fleet a behaviour entry is about: replica selectors.

A scenario entry (a dependency, one of its outages, a target, an answer window, a stall, an
exit rule, a readiness-gate span) or a whole trace (its meta line) may carry
`replicas: {indexes: [0, 2], ordinals: [1], names: [web-0], nodes: [node-3], zones: [zone-b]}`:
it is then about the pods of a fleet (`kubesim fleet`) whose identity (`PodIdentity`: the
pod's index in creation order, a StatefulSet pod's ordinal, its name, its node and zone)
matches every key given, each key matching any of its values. A pod no selector matches
plays the entries without one.

Pods a controller creates later (a rollout's new pods, a drain's replacements, a
StatefulSet's recreated ordinal: every pod past the fleet's first `replicas`,
`PodIdentity.initial` False) play the entries without a selector: an entry that selects by
index, node or zone is about the pods the fleet starts with, and a later pod is assumed to
land elsewhere, away from the fault (a node-local fault is the selected pods' own, not that
of every pod the node will ever hold). The one exception is a StatefulSet's stable
identity: a replacement keeps its predecessor's name and ordinal, so a `names` or
`ordinals` selector still selects it (a fault tied to the pod's identity, its data, goes
with it). A selector with several keys needs all of them, so `{ordinals: [0], nodes: [n]}`
selects only the first pod of ordinal 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NamedTuple

from pydantic import AfterValidator, Field, model_validator

from kubesim.behaviour.strict import StrictModel

if TYPE_CHECKING:
    from kubesim.identity import FleetMembers, PodIdentity

__all__ = ["MAX_SELECTED", "ReplicaSelector", "SelectorUse"]

MAX_SELECTED = 10_000  # values under one key of a selector (a fleet has at most 10,000 pods)


def _name(value: str) -> str:
    if not 1 <= len(value) <= 253 or not value.isascii() or not value.isprintable() \
            or " " in value:
        raise ValueError(f"{value[:40]!r} is not a pod, node or zone name (1-253 printable "
                         "ASCII characters, no spaces)")
    return value


_Name = Annotated[str, AfterValidator(_name)]
_Index = Annotated[int, Field(ge=0, le=2**31 - 1)]


def _listed(what: str, values: list[str], shown: int = 8) -> str:
    head = ", ".join(values[:shown])
    return f"{what} {head}" + (f" ... ({len(values)} in all)" if len(values) > shown else "")


class ReplicaSelector(StrictModel):
    """The pods of a fleet an entry is about (see the module doc): every key given must
    match, each by any of its values."""

    indexes: Annotated[list[_Index], Field(min_length=1, max_length=MAX_SELECTED)] | None = None
    ordinals: Annotated[list[_Index], Field(min_length=1, max_length=MAX_SELECTED)] | None = None
    names: Annotated[list[_Name], Field(min_length=1, max_length=MAX_SELECTED)] | None = None
    nodes: Annotated[list[_Name], Field(min_length=1, max_length=MAX_SELECTED)] | None = None
    zones: Annotated[list[_Name], Field(min_length=1, max_length=MAX_SELECTED)] | None = None

    @model_validator(mode="after")
    def _something(self) -> ReplicaSelector:
        if all(v is None for v in (self.indexes, self.ordinals, self.names, self.nodes,
                                   self.zones)):
            raise ValueError("a replica selector names indexes, ordinals, names, nodes or "
                             "zones (at least one of them)")
        return self

    def matches(self, pod: PodIdentity) -> bool:
        """Whether the pod is one of those selected: a pod a controller created later only
        by `names` and `ordinals` (a StatefulSet's stable identity; see the module doc)."""
        if not pod.initial and (self.indexes is not None or self.nodes is not None
                                or self.zones is not None):
            return False
        return ((self.indexes is None or pod.index in self.indexes)
                and (self.ordinals is None or pod.ordinal in self.ordinals)
                and (self.names is None or pod.name in self.names)
                and (self.nodes is None or pod.node in self.nodes)
                and (self.zones is None or pod.zone in self.zones))

    def label(self) -> str:
        """A short label for plots and reports: `node-3`, `zone-b`, `#0, #2`."""
        parts = []
        if self.indexes is not None:
            parts.append(", ".join(f"#{i}" for i in self.indexes[:4]))
        if self.ordinals is not None:
            parts.append("ordinal " + ", ".join(str(i) for i in self.ordinals[:4]))
        for values in (self.names, self.nodes, self.zones):
            if values is not None:
                parts.append(", ".join(values[:4]))
        return " and ".join(parts)

    def problems(self, fleet: FleetMembers) -> list[str]:
        """What it names that the fleet does not have (each with what the fleet has)."""
        out = []
        if self.indexes is not None:
            bad = [i for i in self.indexes if i >= fleet.replicas]
            if bad:
                out.append(f"indexes: the fleet has no pod #{bad[0]}: it starts pods #0 ... "
                           f"#{fleet.replicas - 1} (pods created later get new indexes: "
                           "select them by node, zone or a StatefulSet's ordinal)")
        if self.ordinals is not None:
            if not fleet.ordinals:
                out.append("ordinals: only a StatefulSet's pods have ordinals; select these "
                           "pods by indexes, names, nodes or zones")
            else:
                bad = [i for i in self.ordinals if i >= fleet.replicas]
                if bad:
                    out.append(f"ordinals: the StatefulSet has no ordinal {bad[0]}: its "
                               f"ordinals are 0 ... {fleet.replicas - 1}")
        for key, values, have in (("names", self.names, fleet.names),
                                  ("nodes", self.nodes, fleet.nodes),
                                  ("zones", self.zones, fleet.zones)):
            unknown = [v for v in values or () if v not in have]
            if unknown:
                out.append(f"{key}: {unknown[0]!r} is not one of the fleet's {key}; "
                           f"{_listed('it has', list(have))}")
        return out


class SelectorUse(NamedTuple):
    """One entry's selector: where it is (`field`, the dotted path in the file, and `line`
    when known) and what it selects."""

    field: str
    selector: ReplicaSelector
    line: int | None
