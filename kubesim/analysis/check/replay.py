"""The simulated runs behind a check report's findings, run again from what each finding
records (`Finding.replay`: the behaviour, or a synthetic scenario's data, its length, grid
phase and seed): the same run the check measured, now with its whole timeline, for a picture
of the evidence (`kubesim check --html`)."""

from __future__ import annotations

from dataclasses import dataclass, field
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

MAX_REPLAYS = 40  # a report page stays quick to open; a finding past it names its command


@dataclass(frozen=True)
class ReplayRun:
    """One simulated run, again, and the findings it is the evidence of (`findings[0]` is the
    first in the report; the others rest on the very same run)."""

    replay: Replay
    pod: ProbedContainer
    behaviour: Behaviour
    timeline: Timeline
    findings: list[Finding] = field(default_factory=list)


def replay_runs(report: Report, limit: int = MAX_REPLAYS) -> list[ReplayRun]:
    """The distinct runs of the report's findings, in the order of their first finding; at
    most `limit` of them are simulated (a finding of a later run is left without one)."""
    given = {b.label: b.behaviour for b in report.behaviours}
    pods = {(w.key, c.name): c.pod for w in report.workloads for c in w.containers if c.pod}
    runs: dict[tuple[object, ...], ReplayRun] = {}
    for f in report.findings:
        r, pod = f.replay, pods.get((f.workload.key, f.container or ""))
        if r is None or pod is None:
            continue
        key = (f.workload.key, f.container, r.behaviour, r.phase, r.seed, r.duration)
        if key in runs:
            runs[key].findings.append(f)
            continue
        behaviour = (Scenario.from_dict(r.scenario, source=r.behaviour)
                     if r.scenario is not None else given.get(r.behaviour))
        if behaviour is None or len(runs) == limit:
            continue
        timeline = simulate(pod, behaviour, duration=r.duration, seed=r.seed,
                            profile=report.settings.profile, phase=r.phase)
        runs[key] = ReplayRun(r, pod, behaviour, timeline, [f])
    return list(runs.values())
