"""Evidence that a dependency sits behind a probe target, from the scenarios and traces a
user gave: what turns KS001 from a hypothesis into an error, and what KS002 reports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.experiments import failing_spans, observe
from kubesim.behaviour.scenario import Scenario
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, Settings

__all__ = ["dependency_evidence", "leak_spans"]


def dependency_evidence(container: Any, key: str, behaviours: list[BehaviourRef],
                         s: Settings) -> tuple[str, str] | None:
    """(behaviour label, what it shows) for the first given behaviour in which `key` has a
    dependency behind it: a scenario's depends_on with downtime, or `key` failing while
    another target keeps passing."""
    for b in behaviours:
        beh = b.behaviour
        if isinstance(beh, Scenario):
            for name in beh.target_spec(key).depends_on:
                down = beh.dependencies[name].down
                if down:
                    spans = ", ".join(f"{d.start:g}-{d.end:g} s" for d in down)
                    return b.label, (f"{b.label} shows a dependency behind it: {key} depends "
                                     f"on {name}, down {spans}")
        leak = leak_spans(container, key, container.probes()[ProbeType.LIVENESS], b, s)
        if leak is not None:
            total, other, _ = leak
            return b.label, (f"{b.label} shows a dependency behind it: {key} fails for "
                             f"{total:.0f} s while {other} keeps passing")
    return None


def leak_spans(container: Any, key: str, own: Any, b: BehaviourRef, s: Settings
                ) -> tuple[float, str, list[tuple[float, float]]] | None:
    """Seconds `key` (asked with probe `own`) fails while another probed or recorded target
    keeps passing in `b`, that target, and those spans; None if never."""
    probes = container.probes()

    def spans(k: str, probe: Any) -> list[tuple[float, float]]:
        samples = observe(container, k, probe, b.behaviour, duration=b.duration,
                          profile=s.profile, phase=0.0)
        return failing_spans(samples, b.duration)

    failing = spans(key, own)
    if not failing:
        return None
    others: dict[str, Any] = {container.target(t).key: p for t, p in probes.items()}
    covered = getattr(b.behaviour, "covered", None)  # a partial trace: only what it recorded
    if covered is not None:
        others = {k: p for k, p in others.items() if k in covered}
    for k in getattr(b.behaviour, "targets", []):
        others.setdefault(k, None)
    others.pop(key, None)
    others.pop("*", None)
    best: tuple[float, str, list[tuple[float, float]]] | None = None
    for k, probe in others.items():
        only = _subtract(failing, spans(k, probe))
        total = sum(e - a for a, e in only)
        if total > 0 and (best is None or total > best[0]):
            best = (total, k, only)
    return best


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
