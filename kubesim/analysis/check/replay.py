"""The simulated runs behind a check report's findings, run again from what each finding
records (`Finding.replay`: the behaviour, or a synthetic scenario's data, its length, grid
phase and seed): the same run the check measured, now with its whole timeline, for a picture
of the evidence (`kubesim check --html`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.behaviour.scenario import Scenario
from kubesim.engine.simulate import simulate

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Finding, Replay
    from kubesim.analysis.check.run import Report
    from kubesim.behaviour.answer import Behaviour
    from kubesim.spec.model import ProbedContainer
    from kubesim.timeline import Timeline

__all__ = ["MAX_REPLAYS", "ReplayRun", "replay_runs"]

MAX_REPLAYS = 24  # a report page stays quick to open; the findings table lists every finding


@dataclass(frozen=True)
class ReplayRun:
    """One finding's evidence, simulated again."""

    finding: Finding
    replay: Replay
    pod: ProbedContainer
    behaviour: Behaviour
    timeline: Timeline


def replay_runs(report: Report, limit: int = MAX_REPLAYS) -> list[ReplayRun]:
    """The runs of the report's findings (one per distinct run), in finding order."""
    given = {b.label: b.behaviour for b in report.behaviours}
    pods = {(w.key, c.name): c.pod for w in report.workloads for c in w.containers if c.pod}
    out: list[ReplayRun] = []
    seen: set[tuple[object, ...]] = set()
    for f in report.findings:
        r, pod = f.replay, pods.get((f.workload.key, f.container or ""))
        if r is None or pod is None:
            continue
        key = (f.workload.key, f.container, r.behaviour, r.phase, r.seed, r.duration)
        behaviour = (Scenario.from_dict(r.scenario, source=r.behaviour)
                     if r.scenario is not None else given.get(r.behaviour))
        if behaviour is None or key in seen:
            continue
        seen.add(key)
        timeline = simulate(pod, behaviour, duration=r.duration, seed=r.seed,
                            profile=report.settings.profile, phase=r.phase)
        out.append(ReplayRun(f, r, pod, behaviour, timeline))
        if len(out) == limit:
            break
    return out
