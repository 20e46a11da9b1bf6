"""How long the kubelet takes to act on a probe: the one rule every estimate reads.

`detection_seconds(probe, ...)` is the time from an app that stops answering to the
probe's verdict (the worker's F-th consecutive failure, R1.17); `acted_seconds` adds what
the kubelet does with the verdict (the sync hop, and for liveness and startup the kill and
its grace period); `pod_detection_seconds` is the longest of them over a pod's probes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from kubesim.kubelet.settings import FailureRunAfterKill, carried_run
from kubesim.results import ProbeType
from kubesim.spec.model import RestartPolicy

if TYPE_CHECKING:
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerSpec, Probe, ProbedContainer

__all__ = ["GRID_EPS", "MIN_GRACE_SECONDS", "acted_seconds", "call_spacing", "calls_within",
           "detection_seconds", "kill_grace_seconds", "most_kills", "pod_detection_seconds",
           "resync_after", "stop_seconds", "verdict_hop_seconds"]

GRID_EPS: Final = 1e-9  # float slack for grid arithmetic; simulated times are sums of seconds
MIN_GRACE_SECONDS: Final = 2.0  # kuberuntime minimumGracePeriodInSeconds (R4.5)


def call_spacing(probe: Probe, call_seconds: float) -> float:
    """Start-to-start time of consecutive calls that each take `call_seconds`: the period,
    or the call when it is longer (a tick passed during a call is buffered and starts the
    next one at once, R1.11, R1.12)."""
    return max(float(probe.period_seconds), call_seconds)


def detection_seconds(probe: Probe, *, call_seconds: float, first_tick: float = 0.0) -> float:
    """From an app that stops answering to the probe's verdict, when the first tick comes
    `first_tick` seconds after it and every call fails after `call_seconds` (the probe's
    timeoutSeconds for a hang, 0 for a refusal): failureThreshold failures `call_spacing`
    apart, the last ending `call_seconds` after its start (R1.17, R2.8)."""
    spacing = call_spacing(probe, call_seconds)
    return first_tick + (probe.failure_threshold - 1) * spacing + call_seconds


def calls_within(probe: Probe, span: float, *, call_seconds: float) -> int:
    """The most calls of one liveness or startup probe whose results can fall within `span`
    seconds, the first to the last: each call runs on a tick of its own of the worker's grid,
    one period apart (R1.10; these workers are never poked, R1.13), and ends at most
    `call_seconds` after its tick, or twice that after a slow call held the tick it runs on
    (R1.11). So results `span` apart are at most span + that lateness of ticks apart."""
    period = float(probe.period_seconds)
    late = call_seconds if call_seconds < period else 2 * call_seconds
    return math.floor((max(span, 0.0) + late) / period + GRID_EPS) + 1


def most_kills(failures: int, threshold: int,
               rule: FailureRunAfterKill = FailureRunAfterKill.RESET) -> int:
    """The most kills `failures` failures of one liveness worker can make: the first takes
    failureThreshold in a row (R1.17); the worker then keeps the run its kill leaves (§1.5
    step 14: 0 today, 1 in 1.7-1.10, the whole run before 1.7), and the counters survive the
    new container (E3), so each next kill takes what that run lacks, one failure at least."""
    if failures < threshold:
        return 0
    per = max(1, threshold - carried_run(rule, threshold))
    return 1 + (failures - threshold) // per


def kill_grace_seconds(probe: Probe, pod_grace: int) -> float:
    """R4.4: the probe-level grace period wins, up or down; R4.5: 2 s floor."""
    grace = probe.termination_grace_period_seconds
    if grace is None:
        grace = pod_grace
    return max(float(grace), MIN_GRACE_SECONDS)


def stop_seconds(grace: float, pre_stop: bool) -> float:
    """The longest a kill with `grace` (floored) takes from its decision to the container
    gone, for a process that ignores SIGTERM: the grace; with a preStop hook, the hook runs
    first (at most the grace) and its whole seconds come off the grace, which keeps 2 s at
    least (R4.5, E18), so up to 2 s more."""
    return grace + MIN_GRACE_SECONDS if pre_stop else grace


def verdict_hop_seconds(profile: KubeletProfile) -> float:
    """From a liveness or startup verdict to the pod sync that kills: one sync hop, and the
    sync waits for a PLEG relist newer than the previous sync's end (R4.3) — twice when the
    verdict's sync queues behind one that is itself waiting."""
    return profile.sync_seconds + 2 * profile.relist_seconds


def acted_seconds(probe_type: ProbeType, probe: Probe, container: ContainerSpec,
                  pod: ProbedContainer, profile: KubeletProfile) -> float:
    """From a hang (no answer from then on) to the kubelet having acted on this probe, at the
    latest: its first call at most initialDelaySeconds and one period later (R1.7), its
    verdict after failureThreshold timeouts (`detection_seconds`); for readiness one sync
    hop to SetContainerReadiness (R3.9); for liveness and startup the hop to the kill
    (`verdict_hop_seconds`) and the container stopped at the end of the grace period (R4.4,
    R4.5; the pod's under restartPolicy Never, a whole-pod kill, R4.22)."""
    first = float(probe.initial_delay_seconds + probe.period_seconds)
    verdict = detection_seconds(probe, call_seconds=float(probe.timeout_seconds),
                                first_tick=first)
    if probe_type is ProbeType.READINESS:
        return verdict + profile.sync_seconds
    pod_grace = pod.termination_grace_period_seconds
    grace = (max(float(pod_grace), MIN_GRACE_SECONDS)
             if pod.restart_policy is RestartPolicy.NEVER and not container.sidecar
             else kill_grace_seconds(probe, pod_grace))
    return (verdict + verdict_hop_seconds(profile)
            + stop_seconds(grace, container.pre_stop is not None))


def pod_detection_seconds(pod: ProbedContainer, profile: KubeletProfile) -> float:
    """The longest `acted_seconds` over every probe of the pod (0 without probes)."""
    return max((acted_seconds(t, p, c, pod, profile) for c in pod.containers
                for t, p in c.probes().items()), default=0.0)


def resync_after(now: float, base: float, jitter: float, u: float) -> float:
    """`base` seconds after `now`, stretched by the jitter factor drawn as `u` in [0, 1)
    (R1.15): the pod worker's next periodic sync (`kubesim.kubelet.pod_worker`), and the
    mean gap between two of them that the work budget counts (`u` = 1/2)."""
    return now + base * (1 + jitter * u)
