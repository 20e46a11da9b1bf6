"""KS100-KS104: the expectations users declare (expectations.py), checked at every grid
phase against every given behaviour (the healthy app without one); a failure names the first
failing phase and its seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import observer_calls, weight
from kubesim.analysis.check.expectations import KINDS
from kubesim.analysis.check.experiments import (
    kept_down,
    observe,
    phase_runs,
    run_calls,
    settle_time,
    synthetic,
)
from kubesim.analysis.check.findings import BehaviourRef, CheckResult, Finding, Replay
from kubesim.analysis.check.memo import protection_windows
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.behaviour.answer import HEALTHY
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.check.expectations import Expectation
    from kubesim.analysis.check.findings import Settings
    from kubesim.timeline import Timeline

__all__ = ["EXPECT_CHECKS", "HEALTHY_APP"]

HEALTHY_APP = BehaviourRef("the healthy app", HEALTHY, 300.0, "healthy")


@dataclass(frozen=True)
class Failure:
    """A grid phase at which the expectation failed, and what happened there."""

    phase: float
    seed: int
    text: str


@dataclass(frozen=True)
class ExpectMeasured:
    failures: list[Failure]  # in phase order; one phase can fail more than once
    phases: int
    checked: bool = True  # not_ready_within: the behaviour has an outage to check it on
    stall_never_restarts: float | None = None  # survives_stall: kubesim windows' figure


class Expectations:
    """KS101-KS104 (and KS100 for one that cannot be checked)."""

    name = "expect"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        if subject.pod is None:
            return []
        out = []
        for e in subject.expectations:
            if e.kind == "survives_stall":
                start = settle_time(subject.pod)
                out.append(CheckRun(self.name, subject, expectation=e,
                                    label=f"a {e.seconds or 0.0:g} s stall at {start:g} s "
                                          "(synthetic)"))
                continue
            out += [CheckRun(self.name, subject, b, e, b.label)
                    for b in subject.behaviours or (HEALTHY_APP,)]
        return out

    def cost(self, run: CheckRun, s: Settings) -> float:
        e, pod = _expectation(run), run.pod
        if e.kind == "survives_stall":
            return s.phases * run_calls(pod, s, settle_time(pod) + (e.seconds or 0.0) + 120)
        b = run.behaviour
        assert b is not None
        observers = e.kind == "not_ready_within"
        return weight(b.behaviour) * (s.phases * run_calls(pod, s, b.duration)
                                      + observers * observer_calls(b.duration))

    def measure(self, run: CheckRun, s: Settings) -> ExpectMeasured:
        e, pod = _expectation(run), run.pod
        if e.kind == "survives_stall":
            stall = synthetic(run.label or "", **_stall(run))
            runs = phase_runs(pod, stall, settings=s, duration=_stall_duration(run))
            why = kept_down(pod, s)
            failures = [Failure(r.phase, r.seed, _restarts(r.timeline, why))
                        for r in runs if r.timeline.kills]
            never = protection_windows(pod, s.profile).stall_never_restarts if failures \
                else None
            return ExpectMeasured(failures, len(runs),
                                  stall_never_restarts=None if never is None else float(never))
        b = run.behaviour
        assert b is not None
        if e.kind == "not_ready_within":
            outages = _outages(run, b, s, e.seconds or 0.0)
            if outages is None:
                return ExpectMeasured([], 0, checked=False)
        runs = phase_runs(pod, b.behaviour, settings=s, duration=b.duration)
        why = kept_down(pod, s)
        failures = []
        for r in runs:
            if e.kind == "no_restart":  # a kill that keeps it down fails it too
                texts = [_restarts(r.timeline, why)] if r.timeline.kills else []
            elif e.kind == "ready_within":
                first = _first_ready(r.timeline)
                texts = ([] if first is not None and first <= (e.seconds or 0) else
                         ["never Ready" if first is None else f"first Ready at {first:.1f} s"])
            else:
                texts = _still_ready(r.timeline, outages or [], e.seconds or 0.0)
            failures += [Failure(r.phase, r.seed, t) for t in texts]
        return ExpectMeasured(failures, len(runs))

    def verdict(self, run: CheckRun, m: ExpectMeasured, s: Settings) -> list[CheckResult]:
        e = _expectation(run)
        result = CheckResult(KINDS[e.kind], run.workload, run.container.name, run.label)
        if not m.checked:
            result.findings.append(_not_checked(run, e))
        elif m.failures:
            finding = _failed(run, e, m)
            if m.stall_never_restarts is not None:
                finding.message += (f"; kubesim windows: no restart at any phase only for "
                                    f"stalls up to {m.stall_never_restarts:.1f} s")
                finding.data["stall_never_restarts"] = m.stall_never_restarts
            result.findings.append(finding)
        return [result]


def _stall(run: CheckRun) -> dict[str, Any]:
    """The synthetic stall of `survives_stall`: from when the pod has settled."""
    start = settle_time(run.pod)
    return {"stalls": [{"from": start, "to": start + (_expectation(run).seconds or 0.0)}]}


def _stall_duration(run: CheckRun) -> float:
    return settle_time(run.pod) + (_expectation(run).seconds or 0.0) + 120


def _replay(run: CheckRun, first: Failure) -> Replay:
    """The first failing run, as `kubesim run` can repeat it."""
    e, b = _expectation(run), run.behaviour
    if e.kind == "survives_stall":
        data = _stall(run)
        start = data["stalls"][0]["from"]
        return Replay(run.label or "", "synthetic", _stall_duration(run), first.phase,
                      first.seed, (start, data["stalls"][0]["to"]),
                      {"description": run.label, **data})
    assert b is not None
    return Replay(b.label, b.kind, b.duration, first.phase, first.seed)


def _expectation(run: CheckRun) -> Expectation:
    assert run.expectation is not None
    return run.expectation


def _restarts(tl: Timeline, kept_down: str | None) -> str:
    """`3 restarts, the first decided at 62.0 s by liveness`; for a container a kill keeps
    down (R4.32), `killed at 62.0 s by liveness and not restarted (...): the pod ends
    Failed`."""
    first = tl.kills[0]
    n = len(tl.kills)
    if kept_down is None:
        return (f"{n} restart{'s' * (n != 1)}, the first decided at {first.at:.1f} s by "
                f"{first.probe.value}")
    end = tl.pod_phase[-1].phase if tl.pod_phase else "Running"
    return (f"killed at {first.at:.1f} s by {first.probe.value} and not restarted "
            f"({kept_down}): the pod ends {end}")


def _first_ready(tl: Timeline) -> float | None:
    spans = tl.ready_intervals()
    return spans[0][0] if spans else None


def _failed(run: CheckRun, e: Expectation, m: ExpectMeasured) -> Finding:
    first = m.failures[0]
    phases = len({(f.phase, f.seed) for f in m.failures})
    c = run.container
    return Finding.of(KINDS[e.kind], "failed", run.workload, c.name,
                   f"expected {e.text} ({e.origin}); failed at {phases} of {m.phases} grid "
                   f"phases with {run.label}: at phase {first.phase:.2f} s (seed {first.seed}) "
                   f"{first.text}",
                   line=c.line(), behaviour=run.label, phase=round(first.phase, 6),
                   seed=first.seed, replay=_replay(run, first),
                   data={"expectation": e.kind, "seconds": e.seconds, "declared": e.origin,
                         "failed_phases": phases, "phases": m.phases})


def _not_checked(run: CheckRun, e: Expectation) -> Finding:
    c = run.container
    return Finding.of("KS100", "unchecked", run.workload, c.name,
                   f"expected {e.text} ({e.origin}) not checked with {run.label}: it has no "
                   f"outage of the readiness target longer than {e.seconds:g} s",
                   line=c.line(), behaviour=run.label,
                   data={"expectation": e.kind, "seconds": e.seconds, "declared": e.origin})


def _outages(run: CheckRun, b: BehaviourRef, s: Settings,
             within: float) -> list[tuple[float, float]] | None:
    """The behaviour's outage windows (dependency down, stall, target window, failing trace
    target) during which the readiness target fails, longer than `within`; None if none."""
    container = run.pod.container
    probe = container.probes().get(ProbeType.READINESS)
    samples = None
    if probe is not None:
        key = container.target(ProbeType.READINESS).key
        samples = observe(container, key, probe, b.behaviour, duration=b.duration,
                          profile=s.profile, phase=0.0)
    out = []
    for win in b.behaviour.windows(b.duration):
        if win.end - win.start <= within:
            continue
        if samples is None or any(win.start <= t < win.end and not ok for t, ok in samples):
            out.append((win.start, win.end))
    return out or None


def _still_ready(tl: Timeline, outages: list[tuple[float, float]], within: float) -> list[str]:
    """For each outage at which the pod stays Ready more than `within` s: what happened."""
    out = []
    for start, _end in outages:
        span = next(((a, b) for a, b in tl.ready_intervals() if a <= start < b), None)
        if span is not None and span[1] - start > within:
            still = "until the end of the run" if span[1] >= tl.duration else \
                f"{span[1] - start:.1f} s"
            out.append(f"the pod stayed Ready {still} into the outage at {start:g} s")
    return out


EXPECT_CHECKS = (Expectations(),)
