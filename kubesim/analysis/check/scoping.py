"""Which scenario or trace applies to which container, and what a trace does not cover.

A scenario (`applies_to:` at its top level), a trace (`"applies_to"` in its meta line) or a
binding in `.kubesim.yaml` can name the workloads and containers it is about::

    applies_to:
      - {kind: Deployment, name: web, container: app}   # every key optional
      - {name: worker}

A behaviour without selectors applies to every probed container. A trace that has no
observations for some of a container's probe targets answers those targets with success (the
target was not recorded, so nothing says it failed) and the report says so in a note; a trace
that covers none of them is not run for that container (also a note).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import HEALTHY, Answer, DelegatingBehaviour
from kubesim.errors import BehaviourError, KubesimError

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

    import numpy as np

    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Workload
    from kubesim.behaviour.answer import Behaviour, ReplayExtent
    from kubesim.spec.model import Target

__all__ = ["NOT_COVERED", "SELECTOR_KEYS", "Partial", "Selector", "censored_note",
           "censored_summary", "for_container", "parse_selectors", "selectors_of"]

SELECTOR_KEYS = ("kind", "name", "namespace", "container")
NOT_COVERED = "not covered"  # for_container: a trace that has none of the container's targets


@dataclass(frozen=True)
class Selector:
    """kind/name/namespace/container of the containers a behaviour is about (None: any)."""

    kind: str | None = None
    name: str | None = None
    namespace: str | None = None
    container: str | None = None

    def matches(self, w: Workload, container: str) -> bool:
        return all(want is None or want == have for want, have in (
            (self.kind, w.kind), (self.name, w.name), (self.namespace, w.namespace),
            (self.container, container)))

    @property
    def text(self) -> str:
        parts = [f"{k}={getattr(self, k)}" for k in SELECTOR_KEYS if getattr(self, k)]
        return ",".join(parts)


def parse_selectors(data: Any, *, source: str, where: str,
                    error: type[KubesimError] = BehaviourError) -> tuple[Selector, ...]:
    """`applies_to` data (a mapping or a list of them) as selectors; errors name `where`."""
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise error(f"{where} must be a non-empty list of mappings with keys "
                    f"{', '.join(SELECTOR_KEYS)}", source=source)
    out = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        if not isinstance(item, dict) or not item:
            raise error(f"{at} must be a mapping with one or more of "
                        f"{', '.join(SELECTOR_KEYS)}", source=source)
        for key, value in item.items():
            if key not in SELECTOR_KEYS:
                raise error(f"{at}.{key}: unknown field; allowed: "
                            f"{', '.join(SELECTOR_KEYS)}", source=source)
            if not isinstance(value, str) or not value:
                raise error(f"{at}.{key} must be a non-empty string, "
                            f"got {value!r}", source=source)
        out.append(Selector(**item))
    return tuple(out)


class Partial(DelegatingBehaviour):
    """A trace replayed for a container whose probes ask targets it did not record: those
    answer success at once; everything else is the trace's."""

    def __init__(self, trace: Behaviour, covered: set[str]) -> None:
        super().__init__(trace)
        self.trace, self.covered = trace, covered

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        if target.key in self.covered:
            return self.trace.answer(target, at, started_at, rng, container)
        return HEALTHY.answer(target, at, started_at, rng, container)

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        return at

    def covers(self, key: str) -> bool:
        return key in self.covered

    def check_targets(self, keys: list[str]) -> None:
        # the targets it did not record answer success: only the recorded ones must be there
        self.trace.check_targets([k for k in keys if k in self.covered])

    def check_censored(self, timeout_seconds_by_key: dict[str, float]) -> None:
        self.trace.check_censored({k: v for k, v in timeout_seconds_by_key.items()
                                   if k in self.covered})

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent | None:
        # the targets it did not record answer success at once: they change nothing
        return self.trace.replay_extent({k: v for k, v in keys.items() if k in self.covered},
                                        until, [k for k in killing if k in self.covered], least)


def for_container(b: BehaviourRef, w: Workload, c: ContainerRef
                  ) -> tuple[BehaviourRef | None, str | None]:
    """The behaviour as it applies to one probed container (None: not at all), and a note."""
    from dataclasses import replace

    assert c.pod is not None
    who = f"{w.label} container {c.name}"
    if b.applies_to and not any(s.matches(w, c.name) for s in b.applies_to):
        return None, None
    from kubesim.engine.simulate import named_container_problems

    problems = named_container_problems(c.pod, b.behaviour)
    if problems:  # it is about containers this pod does not have
        return None, f"{b.label} is not run for {who}: {problems[0]}"
    if b.kind != "trace":
        return b, None
    recorded = b.behaviour.target_keys()
    container = c.pod.container
    keys = sorted({container.target(t).key for t in container.probes()})
    missing = [k for k in keys if k not in recorded]
    if not missing:
        return b, None
    if len(missing) == len(keys):
        return None, NOT_COVERED
    partial = replace(b, behaviour=Partial(b.behaviour, set(keys) - set(missing)))
    return partial, (f"{b.label} has no observations for {', '.join(missing)}, probed by "
                     f"{who}: those answer success at once in its runs")


def censored_note(b: BehaviourRef, c: ContainerRef) -> str | None:
    """A trace's client timeouts shorter than a probe's timeoutSeconds, counted as failures
    (censored mode `failure`, the default): say so, once per trace and target."""
    if b.kind != "trace" or c.pod is None:
        return None
    text = censored_summary(b.behaviour, c.pod.container)
    return None if text is None else f"{b.label}: {text}"


def censored_summary(trace: Behaviour, container: Any) -> str | None:
    """What censored timeouts of `trace` count as against `container`'s probes, or None when
    there are none shorter than a probe's timeout (or they are not counted as failures)."""
    if trace.censored() != "failure":
        return None
    parts = []
    recorded = trace.target_keys()
    for kind, probe in container.probes().items():
        key = container.target(kind).key
        if key not in recorded:
            continue
        count, longest = trace.censored_below(key, probe.timeout_seconds)
        if count:
            parts.append(f"{count} timeout{'s' * (count != 1)} of {key} recorded "
                         f"after at most {longest:g} ms, shorter than {kind.field}."
                         f"timeoutSeconds={probe.timeout_seconds}")
    if not parts:
        return None
    return (f"{'; '.join(parts)}: they count as failures (censored: failure), though the app "
            "may have answered in time; --censored discard treats them as unknown, or "
            "re-record with a longer client timeout")


def selectors_of(behaviour: Behaviour, kind: str) -> tuple[Selector, ...]:
    """The selectors a scenario (`applies_to:`) or trace (meta `applies_to`) declares."""
    from kubesim.behaviour.synthetic import is_scenario, is_trace

    if is_scenario(behaviour):
        return tuple(Selector(**a.model_dump(exclude_none=True))
                     for a in behaviour.applies_to)
    data = behaviour.meta.get("applies_to") if is_trace(behaviour) else None
    if data is None:
        return ()
    return parse_selectors(data, source=behaviour.source, where="meta.applies_to")
