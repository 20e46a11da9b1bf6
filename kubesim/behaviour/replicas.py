"""Behaviour across the replicas of a fleet: entries labelled with the replicas they select,
what a pod alone makes of selectors, and several traces cast onto the pods their meta lines
select (`TraceCast`). The selectors themselves: `kubesim.behaviour.selectors`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubesim.behaviour.answer import HEALTHY, DelegatingBehaviour
from kubesim.errors import BehaviourError

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

    from kubesim.behaviour.answer import Behaviour, ReplayExtent, Window
    from kubesim.behaviour.selectors import ReplicaSelector, SelectorUse
    from kubesim.identity import PodIdentity

__all__ = ["TraceCast", "labelled", "lone_pod_note"]


def labelled(windows: list[Window], selector: ReplicaSelector | None) -> list[Window]:
    """Windows of an entry, their labels saying which replicas it is about."""
    if selector is None:
        return windows
    return [type(w)(w.start, w.end, f"{w.label} ({selector.label()})", selector)
            for w in windows]


def lone_pod_note(behaviour: Behaviour) -> str | None:
    """What a pod simulated alone (`kubesim run`) makes of replica selectors: a scenario's
    entries that select replicas do not apply to it (no fleet, no node, no index); a trace
    whose meta selects replicas is replayed as recorded. None when it has none."""
    uses = behaviour.replica_selectors()
    if not uses:
        return None
    if len(uses) == 1 and uses[0].field == "meta.replicas":
        return (f"the trace's meta selects replicas of a fleet ({uses[0].selector.label()}); "
                "one pod replays it as recorded")
    fields = ", ".join(use.field for use in uses[:3]) + (" ..." if len(uses) > 3 else "")
    return (f"{len(uses)} scenario entr{'y selects' if len(uses) == 1 else 'ies select'} "
            f"replicas of a fleet ({fields}): one pod plays only the entries that select "
            "none; kubesim fleet plays them on the pods they select")


class TraceCast(DelegatingBehaviour):
    """Several traces, each for the pods its meta line selects (`for_pod`): a pod plays the
    first trace whose selector matches it, else the trace that selects nothing (at most
    one), else the healthy app. On its own it is that trace that selects nothing (or the
    healthy app); its windows are every trace's, labelled with the replicas they are for."""

    def __init__(self, traces: list[Behaviour], source: str) -> None:
        plain = [t for t in traces if not t.replica_selectors()]
        if len(plain) > 1:
            raise BehaviourError(
                f"{len(plain)} traces select no replicas ({', '.join(t.source for t in plain)})"
                ": one of them plays for the pods no trace selects; give the others a meta "
                'line {"meta": {"replicas": {...}}} naming their pods', source=plain[1].source)
        super().__init__(plain[0] if plain else HEALTHY)
        self.traces, self.source = traces, source

    def for_pod(self, identity: PodIdentity) -> Behaviour:
        for trace in self.traces:
            uses = trace.replica_selectors()
            if uses and uses[0].selector.matches(identity):
                return trace
        return self.base

    def replica_selectors(self) -> list[SelectorUse]:
        return [use for trace in self.traces for use in trace.replica_selectors()]

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent | None:
        """None: each pod plays one of several traces, so the work budget counts the run
        as stepped all along (a bound whichever it plays)."""
        return None

    def windows(self, until: float) -> list[Window]:
        out = []
        for trace in self.traces:
            uses = trace.replica_selectors()
            out += labelled(trace.windows(until), uses[0].selector if uses else None)
        return sorted(out, key=lambda w: (w.start, w.label))
