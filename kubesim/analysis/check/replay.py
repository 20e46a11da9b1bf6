"""The simulated runs behind a check report's findings, found from what each finding records
(`Finding.replay`: the behaviour, or a synthetic scenario's data, its length, grid phase and
seed): the run the check measured, with its whole timeline, for a picture of the evidence
(`kubesim check --html`). The check's stages keep their runs (memo.py): a finding's run is
taken from them, simulated only when the check's own run named another pod of the same
configuration in its events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kubesim.analysis.check import memo

if TYPE_CHECKING:
    from collections.abc import Sequence

    from kubesim.analysis.check.findings import (
        BehaviourRef,
        Finding,
        Replay,
        Settings,
        Workload,
    )
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


def replay_runs(findings: Sequence[Finding], workloads: Sequence[Workload],
                behaviours: Sequence[BehaviourRef], s: Settings,
                limit: int = MAX_REPLAYS) -> list[ReplayRun]:
    """The distinct runs of a check's findings, in the order of their first finding; at
    most `limit` of them (a finding of a later run is left without one). Called within the
    check's `memo.simulations()` (`run_checks(evidence=True)`), it takes the check's runs."""
    given = {b.label: b.behaviour for b in behaviours}
    pods = {(w.key, c.name): c.pod for w in workloads for c in w.containers if c.pod}
    runs: dict[tuple[object, ...], ReplayRun] = {}
    for f in findings:
        r, pod = f.replay, pods.get((f.workload.key, f.container or ""))
        if r is None or pod is None:
            continue
        key = (f.workload.key, f.container, r.behaviour, r.phase, r.seed, r.duration)
        if key in runs:
            runs[key].findings.append(f)
            continue
        behaviour = (memo.scenario(r.scenario, r.behaviour)
                     if r.scenario is not None else given.get(r.behaviour))
        if behaviour is None or len(runs) == limit:
            continue
        timeline = memo.simulate(pod, behaviour, duration=r.duration, seed=r.seed,
                                 profile=s.profile, phase=r.phase, engine=s.engine, named=True)
        runs[key] = ReplayRun(r, pod, behaviour, timeline, [f])
    return list(runs.values())
