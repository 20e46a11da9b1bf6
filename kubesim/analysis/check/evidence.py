"""Evidence that a dependency sits behind a probe target, from the scenarios and traces a
user gave: what turns KS001 from a hypothesis into an error, and what KS002 reports.

Two kinds, both about targets the workload has: the target `depends_on` a dependency of the
scenario that goes down (the scenario says so), or the target fails while another target keeps
passing (the process answers, so something behind the failing one fails). The other target
must be one the container probes; a target only the behaviour names counts when the behaviour
names the workload it describes (`applies_to`): otherwise it is a path of some other app, and
quoting it would be borrowed evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.experiments import failing_spans, observe
from kubesim.behaviour.synthetic import is_scenario
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, Settings

__all__ = ["DependencyFailure", "dependency_evidence", "dependency_failure"]


@dataclass(frozen=True)
class DependencyFailure:
    """How a target fails because of a dependency in one behaviour."""

    key: str
    label: str  # the behaviour's
    spans: list[tuple[float, float]]  # when the target fails for it
    passing: str | None = None  # a target of the workload that keeps passing meanwhile
    dependency: str | None = None  # the scenario's dependency the target depends_on
    down: str = ""  # that dependency's downtimes, "60-150 s"

    @property
    def total(self) -> float:
        return sum(b - a for a, b in self.spans)

    @property
    def why(self) -> str:
        """`/healthz depends on db, down 60-150 s` or `/healthz fails for 90 s while /livez
        keeps passing`."""
        if self.passing is not None:
            return f"{self.key} fails for {self.total:.0f} s while {self.passing} keeps passing"
        return f"{self.key} depends on {self.dependency}, down {self.down}"


def dependency_failure(container: Any, key: str, own: Any, b: BehaviourRef, s: Settings
                       ) -> DependencyFailure | None:
    """How `key` (asked with probe `own`) fails because of a dependency in `b`: in a scenario
    that says it `depends_on` one that goes down, its failing; else its longest failing
    while another target of the workload keeps passing; None if `b` shows neither."""

    def spans(k: str, probe: Any) -> list[tuple[float, float]]:
        samples = observe(container, k, probe, b.behaviour, duration=b.duration,
                          profile=s.profile, phase=0.0)
        return failing_spans(samples, b.duration)

    failing = spans(key, own)
    if not failing:
        return None
    beh = b.behaviour
    if is_scenario(beh):  # the scenario says what the target depends on
        for name in beh.target_spec(key).depends_on:
            down = beh.dependencies[name].down
            if down:
                text = ", ".join(f"{d.start:g}-{d.end:g} s" for d in down)
                return DependencyFailure(key, b.label, failing, dependency=name, down=text)
    best: DependencyFailure | None = None
    for k, probe in _other_targets(container, key, b).items():
        only = _subtract(failing, spans(k, probe))
        found = DependencyFailure(key, b.label, only, passing=k)
        if found.total > 0 and (best is None or found.total > best.total):
            best = found
    return best


def _other_targets(container: Any, key: str, b: BehaviourRef) -> dict[str, Any]:
    """The targets whose passing would show the process alive: the container's probed ones
    (as a partial trace recorded them), and the behaviour's own when it names the workload."""
    others: dict[str, Any] = {container.target(t).key: p for t, p in container.probes().items()}
    # a partial trace: only what it recorded
    others = {k: p for k, p in others.items() if b.behaviour.covers(k)}
    if b.named:
        for k in b.behaviour.target_keys():
            others.setdefault(k, None)
    others.pop(key, None)
    others.pop("*", None)
    return others


def dependency_evidence(container: Any, key: str, behaviours: list[BehaviourRef],
                        s: Settings) -> DependencyFailure | None:
    """The first given behaviour that shows a dependency behind `key` (KS001's evidence)."""
    own = container.probes()[ProbeType.LIVENESS]
    for b in behaviours:
        found = dependency_failure(container, key, own, b, s)
        if found is not None:
            return found
    return None


def _subtract(spans: list[tuple[float, float]],
              minus: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of `spans` not covered by `minus` (both sorted, disjoint)."""
    out = []
    for a, b in spans:
        cur = a
        for x, y in minus:
            if y <= cur or x >= b:
                continue
            if x > cur:
                out.append((cur, x))
            cur = max(cur, y)
        if cur < b:
            out.append((cur, b))
    return out
