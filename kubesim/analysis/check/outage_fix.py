"""The fix KS002 offers, re-checked before it is given: the smallest change to a container's
probe thresholds after which the behaviour the finding rests on restarts it at no grid phase.

A dependency outage fails the liveness target; a container that liveness kills meets the same
outage, and a startupProbe that asks a failing target kills each new one again (the startup
worker probes every new container until it is Started, R1.23, R1.27). The fix lets liveness
outlast the longest failure the behaviour shows: failureThreshold one more than the failing
calls that fit into it at its period (a verdict needs that many failures in a row, R1.17);
then the patched container is simulated against the same behaviour at every grid phase. Where a
startup probe still kills (the outage overlaps a start), its failureThreshold is raised the
same way (a threshold that still kills is raised by one) and the container simulated again. What is left after that is no fix: the finding
says so.

The patch trades hang detection for it (a hang is caught later: `kubesim windows` says how
much, and the finding quotes both figures); the lasting fix is a liveness endpoint that checks
the process alone, which kubesim cannot invent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.analysis.check.experiments import phase_runs
from kubesim.analysis.check.fixes import ProbePatch, patched_pod
from kubesim.analysis.check.memo import protection_windows
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Settings
    from kubesim.spec.model import ProbedContainer

__all__ = ["FIX_SWEEPS", "OutageFix", "outage_fix"]

LIVENESS, STARTUP = ProbeType.LIVENESS, ProbeType.STARTUP
FIX_SWEEPS = 3  # phase sweeps of the patched container, at most (the work estimate counts them)


@dataclass(frozen=True)
class OutageFix:
    """A re-checked patch: no restart at any of `phases` grid phases with the behaviour; how
    fast a hang is caught before and after it (guaranteed, `kubesim windows`)."""

    patch: ProbePatch
    phases: int
    hang_before: float | None
    hang_after: float | None


def _failures(seconds: float, period: int) -> int:
    """A failureThreshold that `seconds` of failing calls every `period` s cannot reach."""
    return math.ceil(seconds / period) + 1


def outage_fix(pod: ProbedContainer, c: ContainerRef, b: BehaviourRef,
               failing: list[tuple[float, float]], s: Settings) -> OutageFix | None:
    """The threshold patch after which `b` restarts the container at no grid phase (see the
    module docstring), or None if none of FIX_SWEEPS candidates does."""
    probes = pod.container.probes()
    if LIVENESS not in probes or not failing:
        return None
    longest = max(end - start for start, end in failing)
    live = probes[LIVENESS]
    changes: dict[str, dict[str, int]] = {
        "livenessProbe": {"failureThreshold": max(live.failure_threshold,
                                                  _failures(longest, live.period_seconds))}}
    for _ in range(FIX_SWEEPS):
        patch = ProbePatch(c.name, {k: dict(v) for k, v in changes.items()},
                           "thresholds that outlast the failure: " + ", ".join(
                               f"{p}.failureThreshold={v['failureThreshold']}"
                               for p, v in changes.items()))
        trial = patched_pod(pod, c, patch)
        runs = phase_runs(trial, b.behaviour, settings=s, duration=b.duration)
        killers = {k.probe for r in runs for k in r.timeline.kills}  # kept down or not
        if not killers:
            return OutageFix(patch, len(runs), _hang(pod, s), _hang(trial, s))
        for probe in (STARTUP, LIVENESS):
            if probe in killers and probe in probes:
                have = changes.get(probe.field, {}).get("failureThreshold",
                                                       probes[probe].failure_threshold)
                raised = max(have + 1, _failures(longest, probes[probe].period_seconds))
                changes.setdefault(probe.field, {})["failureThreshold"] = raised
    return None


def _hang(pod: ProbedContainer, s: Settings) -> float | None:
    fig = protection_windows(pod, s.profile).hang_detection
    return None if fig is None else fig.guaranteed
