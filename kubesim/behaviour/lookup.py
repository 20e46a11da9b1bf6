"""Fast look-ups of a behaviour's answers, for the fast scheduler.

A scenario's answer is constant on cells of (wall-clock segment, container-age segment); the
look-up caches `Scenario.answer_spec` per cell (and answering container), and `quiet(target,
at, started_at, container)` says which constant answer holds from `at` on and until when (None
while answers are drawn from a latency distribution or a stall is under way). A trace holds each observation until the next;
the healthy app answers 200 for ever. The reference engine asks the behaviour directly; the
differential tests hold the two to identical answers.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import Answer, DelegatingBehaviour, Healthy
from kubesim.behaviour.synthetic import is_scenario, is_trace

if TYPE_CHECKING:
    import numpy as np

    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.scenario import Scenario
    from kubesim.behaviour.trace import Trace
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import HandlerKind, ProbedContainer, Target

__all__ = ["MARGIN", "CompiledBehaviour", "Quiet", "compile_behaviour", "jumps_apply"]

MARGIN = 1e-6  # a quiet stretch ends this far before a change of the behaviour
_MARGIN = MARGIN
Quiet = Callable[[Any, float, float, str], tuple[Answer | None, float]]


class _FastScenario(DelegatingBehaviour):
    """`Scenario.answer` with the answer spec cached per (wall segment, age segment); the
    rest is the scenario's."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.scenario = scenario
        self._targets: dict[tuple[str, str],
                            tuple[list[float], list[float], dict[Any, Any]]] = {}
        self._spans: dict[tuple[HandlerKind, float, str], list[tuple[float, float]]] = {}
        self._answers: dict[int, Answer] = {}

    def _compiled(self, key: str,
                  container: str) -> tuple[list[float], list[float], dict[Any, Any]]:
        c = self._targets.get((key, container))
        if c is None:
            sc = self.scenario
            spec = sc.target_spec(key, container)
            wall = {b for w in spec.windows for b in (w.start, w.end)}
            wall |= {b for d in spec.depends_on for s in sc.dependencies[d].down
                     for b in (s.start, s.end)}
            age = {b for w in spec.since_start for b in (w.start, w.end)}
            # each list ends in +inf: the segment after the last boundary never ends
            c = self._targets[(key, container)] = ([*sorted(wall), math.inf],
                                                   [*sorted(age), math.inf], {})
        return c

    def spec(self, key: str, at: float, started_at: float,
             container: str = "") -> tuple[Any, float]:
        """The answer spec in force, and the time it may next change (exclusive)."""
        wall, age, cache = (self._targets.get((key, container))
                            or self._compiled(key, container))
        wi = bisect.bisect_right(wall, at)
        ai = bisect.bisect_right(age, at - started_at)
        spec = cache.get((wi, ai))
        if spec is None:
            spec = cache[(wi, ai)] = self.scenario.answer_spec(key, at, started_at, container)
        end, aged = wall[wi], started_at + age[ai] - _MARGIN  # inf past the last boundary
        return spec, (aged if aged < end else end)

    def spans(self, kind: HandlerKind, started_at: float,
              container: str = "") -> list[tuple[float, float]]:
        """Scenario.answer's stall intervals for one handler kind and container instance."""
        got = self._spans.get((kind, started_at, container))
        if got is None:
            spans = sorted(st.interval(started_at) for st in self.scenario.stalls
                           if kind.value in st.kinds and st.container in (None, container))
            got = self._spans[(kind, started_at, container)] = [(s, e) for s, e in spans
                                                                if e > s]
        return got

    def constant(self, spec: Any) -> Answer | None:
        """The answer of a spec without a latency distribution (no draw), else None."""
        from kubesim.behaviour.scenario import Constant  # loaded: a scenario is compiled
        ans = self._answers.get(id(spec))
        if ans is None and (spec.error == "timeout" or isinstance(spec.latency_ms, Constant)):
            ans = self._answers[id(spec)] = spec.to_answer(None)
        return ans

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator, container: str = "") -> Answer:
        spec, _ = self.spec(target.key, at, started_at, container)
        ans = self.constant(spec)
        if ans is None:
            ans = spec.to_answer(rng)  # a latency distribution: one draw, as in the DES
        spans = self.spans(target.kind, started_at, container)
        if not spans:
            return ans
        from kubesim.behaviour.scenario import stalled
        return stalled(ans, at, spans)

    def quiet(self, target: Target, at: float, started_at: float,
              container: str = "") -> tuple[Answer | None, float]:
        """The constant answer from `at` on and until when it holds; None if it is drawn or
        a stall is under way."""
        spec, end = self.spec(target.key, at, started_at, container)
        ans = self.constant(spec)
        if ans is None:
            return None, end
        for s, e in self.spans(target.kind, started_at, container):
            if e <= at:
                continue
            if s <= at:
                return None, e
            end = min(end, s - ans.latency - _MARGIN)  # answers must arrive before it
        return ans, end


_COMPILED: dict[int, tuple[Scenario, _FastScenario]] = {}


def _compiled_scenario(scenario: Scenario) -> _FastScenario:
    """One compiled look-up per scenario object, shared by the runs of a sweep (the object
    is kept alive with it, so its id is not reused)."""
    got = _COMPILED.get(id(scenario))
    if got is None or got[0] is not scenario:
        if len(_COMPILED) > 64:
            _COMPILED.clear()
        got = _COMPILED[id(scenario)] = (scenario, _FastScenario(scenario))
    return got[1]


def _trace_quiet(trace: Trace, target: Target, at: float, started_at: float,
                 container: str = "") -> tuple[Answer | None, float]:
    """A trace holds each observation until the next one's time (`Trace.quiet`: it reads
    the trace only as far as asked)."""
    return trace.quiet(target, at, started_at)




class CompiledBehaviour(DelegatingBehaviour):
    """A behaviour that brings its own fast look-up: a wrapper whose answers depend on more
    than its base (a fleet's replica under load, `kubesim.fleet.load`) says itself what
    answers probes and when its answers are constant."""

    def compiled(self) -> tuple[Behaviour, Quiet | None]:
        """(what answers probes, the quiet look-up or None), as `compile_behaviour` gives."""
        raise NotImplementedError


def compile_behaviour(behaviour: Behaviour) -> tuple[Behaviour, Quiet | None]:
    """(what answers probes, the quiet look-up or None) for the fast scheduler."""
    if isinstance(behaviour, CompiledBehaviour):
        return behaviour.compiled()
    if is_scenario(behaviour):
        fast = _compiled_scenario(behaviour)
        return fast, fast.quiet
    if is_trace(behaviour):
        return behaviour, lambda t, at, s, c="": _trace_quiet(behaviour, t, at, s, c)
    if isinstance(behaviour, Healthy):
        healthy = Answer()
        return behaviour, lambda t, at, s, c="": (healthy, math.inf)
    return behaviour, None


def jumps_apply(pod: ProbedContainer, behaviour: Behaviour, profile: KubeletProfile) -> bool:
    """Whether the fast scheduler may jump this pod's quiet stretches (`kubesim.engine.jumps`):
    its behaviour has a quiet look-up, resyncs never wait for a relist and no probe request
    can end a process. Otherwise every event is stepped (the work budget reads the same
    rule, `kubesim.analysis.budget`). Any shape of pod qualifies."""
    if compile_behaviour(behaviour)[1] is None:
        return False
    if profile.relist_seconds + 1e-3 >= profile.resync_seconds:
        return False  # resyncs could wait for a relist: step them
    return not behaviour.exits_on_probe()  # a probe can end the process: step every call
