"""How long to simulate a behaviour when nobody said: the one default duration rule of every
command (`run`, `check`, `sweep`) and of `kubesim.testing`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kubesim.behaviour.answer import Behaviour
from kubesim.behaviour.scenario import Scenario
from kubesim.behaviour.trace import Trace
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.spec.model import ProbedContainer

__all__ = ["MARGIN_SECONDS", "MINIMUM_SECONDS", "default_duration", "detection_seconds"]

MINIMUM_SECONDS = 300.0  # long enough for a healthy pod to settle and a few liveness periods
MARGIN_SECONDS = 150.0  # after the last event: recovery, Ready again, a back-off or two
MIN_GRACE_SECONDS = 2.0  # kuberuntime minimumGracePeriodInSeconds (R4.5)


def default_duration(behaviour: Behaviour, *, pod: ProbedContainer | None = None,
                     margin: float = MARGIN_SECONDS, minimum: float = MINIMUM_SECONDS) -> float:
    """`margin` seconds past the behaviour's last finite window end (outage, stall, flap,
    slow start) or trace observation, and at least `minimum`. A window that never ends (a
    hang, `to: null`, `duration: null`) counts until its start plus `detection_seconds(pod)`,
    when the probes have certainly acted on it (not 1e9 s: a run or test must end)."""
    detect = detection_seconds(pod)
    ends = [w.end if math.isfinite(w.end) else w.start + detect
            for w in behaviour.windows(math.inf)]
    if isinstance(behaviour, Trace):
        ends += [behaviour.last_time(key) for key in behaviour.targets]
    if isinstance(behaviour, Scenario):
        for st in behaviour.stalls:
            if st.since_start is not None:
                ends.append(st.since_start + (detect if st.duration is None else st.duration))
        for spec in behaviour.targets.values():
            ends += [w.end if w.to is not None else w.start + detect for w in spec.since_start]
    return max(minimum, max(ends, default=0.0) + margin)


def detection_seconds(pod: ProbedContainer | None = None) -> float:
    """How long after an app stops answering until its probes have acted, at the latest:
    per declared probe, its initial delay, one period to the next tick, `failureThreshold`
    periods of failures each ending at `timeoutSeconds` (a timeout longer than the period
    runs them back to back, R1.12), and for liveness and startup the kill's grace period (2 s
    at least, R4.5); the longest of them. Without a pod: Kubernetes' default probe
    (10 s period, 3 failures, 1 s timeout) with the default 30 s grace period."""
    if pod is None:
        return 10 + 3 * 10 + 1 + 30.0
    out = 0.0
    for probe_type, probe in pod.container.probes().items():
        grace = 0.0
        if probe_type is not ProbeType.READINESS:
            grace = max(float(probe.termination_grace_period_seconds
                              if probe.termination_grace_period_seconds is not None
                              else pod.termination_grace_period_seconds),
                        MIN_GRACE_SECONDS)  # R4.5: a kill gets 2 s at least
        out = max(out, probe.initial_delay_seconds + probe.period_seconds
                  + probe.failure_threshold * max(probe.period_seconds, probe.timeout_seconds)
                  + probe.timeout_seconds + grace)
    return out
