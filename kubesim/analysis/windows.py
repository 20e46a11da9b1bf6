"""Protection windows: exact timing answers from the kubelet's rules, per grid phase.

Each figure is a function of where the probe grid falls (the phase, E1), derived from the
worker rules for the ideal kubelet (no kubelet latency); `protection_windows` takes its
worst phase (the guaranteed value), its best phase, and adds what the profile's own
latencies can add. Assumptions, stated once: answers are instant unless the app is hung or
stalled; a starting app refuses connections until it is up; a dependency outage makes the
readiness endpoint answer a fast failure. `tests/test_windows.py` checks every per-phase
function against the discrete-event engine, phase by phase.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from kubesim.kubelet.settings import CLASSIC, KubeletProfile
from kubesim.kubelet.timing import GRID_EPS, call_spacing, detection_seconds, kill_grace_seconds
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind, Probe, ProbedContainer

__all__ = ["Figure", "ProtectionWindows", "deletion_to_not_ready", "first_ready_at",
           "grace_after_pre_stop", "hang_detection", "protection_windows", "readiness_down",
           "readiness_up", "stall_restarts", "startup_safe_until", "windows_work"]

PHASE_SAMPLES = 2048


@dataclass(frozen=True)
class Figure:
    """One protection window. `kind` says which way is good: "at least" figures (startup
    protection) are guaranteed at their minimum over phases, "at most" figures (detection,
    recovery) at their maximum."""

    name: str
    kind: Literal["at least", "at most"]
    guaranteed: float
    best: float
    spread: tuple[float, float]  # min and max over the grid phase, ideal kubelet
    latency: tuple[float, float]  # what the profile's kubelet latencies can add (least, most)
    rule_of_thumb: float | None
    explanation: str


@dataclass(frozen=True)
class ProtectionWindows:
    """All figures for one container; None where the probe that defines a figure is absent."""

    label: str
    profile: str
    startup_protection: Figure | None
    hang_detection: Figure | None
    hang_to_stopped: Figure | None
    hang_to_running: Figure | None
    stall_never_restarts: float | None
    stall_can_restart: float | None
    stall_always_restarts: float | None
    readiness_down: Figure | None
    readiness_up: Figure | None
    first_ready: Figure | None
    deletion_to_not_ready: Figure | None = None
    pre_stop_vs_grace: Figure | None = None


# -- per-phase rules (ideal kubelet) -------------------------------------------------------
def _first_tick_at_or_after(t: float, phase: float, period: float) -> float:
    """The grid is phase + k*period (E1)."""
    return t + (phase - t) % period


def startup_safe_until(probe: Probe, phase: float, seen: float = 0.0) -> float:
    """Longest startup (refused until then) that the probe survives at this grid phase.

    Probes run at the ticks at or after initialDelaySeconds (R1.7), and not before the
    kubelet has seen the container running (`seen`: the end of its postStart hook, R4.40);
    the F-th consecutive refusal is the kill verdict (R1.17); a probe at or after the app is
    up succeeds, so the app must be up by the F-th probe: t1 + (F-1)*P."""
    t1 = _first_tick_at_or_after(max(float(probe.initial_delay_seconds), seen), phase,
                                 probe.period_seconds)
    return t1 + (probe.failure_threshold - 1) * probe.period_seconds


def _spacing(probe: Probe) -> float:
    """Start-to-start time of back-to-back timing-out probes (`call_spacing`)."""
    return call_spacing(probe, float(probe.timeout_seconds))


def hang_detection(probe: Probe, delta: float) -> float:
    """Seconds from a hang (no answers from then on) to the liveness verdict, when the first
    tick after the hang comes `delta` seconds after it: F timeouts (`detection_seconds`)."""
    return detection_seconds(probe, call_seconds=float(probe.timeout_seconds), first_tick=delta)


def stall_restarts(probe: Probe, length: float, delta: float) -> bool:
    """Whether a stall of `length` seconds leads to a liveness verdict, the first tick coming
    `delta` seconds into it. A request sent at t in the stall is answered at its end, so it
    times out iff it was sent more than T before the end; those probes run back to back."""
    window = length - probe.timeout_seconds - delta
    failures = math.ceil(window / _spacing(probe) - GRID_EPS) if window > GRID_EPS else 0
    return failures >= probe.failure_threshold


def readiness_down(probe: Probe, delta: float) -> float:
    """From a dependency failure to not Ready: F fast failures, the first `delta` after it."""
    return detection_seconds(probe, call_seconds=0.0, first_tick=delta)


def readiness_up(probe: Probe, delta: float) -> float:
    """From recovery to Ready: S successes, the first `delta` after it (resync triggers,
    E6, can only make it sooner)."""
    return delta + (probe.success_threshold - 1) * probe.period_seconds


def grace_after_pre_stop(grace: int, hook: float) -> tuple[float, float]:
    """(SIGTERM after the kill starts, SIGTERM -> SIGKILL): the hook runs at most the grace,
    its whole seconds come off it, and at least 2 s are left (R4.5, E18)."""
    took = min(hook, float(grace)) if grace > 0 else 0.0
    return took, float(max(grace - int(took), 2))


def deletion_to_not_ready(probe: Probe | None, grace: int, hook: float, delta: float) -> float:
    """From the deletion reaching the kubelet to the pod's Ready False, for an app that closes
    its listener at SIGTERM: F refused readiness probes from the first tick `delta` after the
    SIGTERM, or the container gone at SIGKILL, whichever comes first (R3.12)."""
    return _deletions_to_not_ready(probe, grace, hook, [delta])[0]


def _deletions_to_not_ready(probe: Probe | None, grace: int, hook: float,
                            deltas: list[float]) -> list[float]:
    """`deletion_to_not_ready` at each of `deltas`: what does not depend on the first tick
    worked out once, not at each of the PHASE_SAMPLES phases."""
    sigterm, left = grace_after_pre_stop(grace, hook)
    if probe is None or probe.handler_kind is HandlerKind.EXEC:  # exec still runs: no failure
        return [sigterm + left for _ in deltas]
    return [sigterm + min(readiness_down(probe, delta), left) for delta in deltas]


def first_ready_at(pod: ProbedContainer, phase: float, *, rephase: bool = True,
                   seen: float = 0.0) -> float | None:
    """When a healthy app's pod first turns Ready, ideal kubelet, grid at `phase`.

    The kubelet sees the container running at `seen` (the end of its postStart hook, R4.40;
    at once without one). Started comes then without a startup probe (R3.1), else at the
    first startup tick at or after its delay and `seen`. The sync that marks it Started
    triggers readiness (R1.13); if that trigger is the worker's first look at the container,
    writing its initial value queues one more sync and a second immediate probe
    (results_manager.Set emits on a new key). Since 1.29 the trigger re-phases the grid to
    that instant (R1.14)."""
    probes = pod.container.probes()
    return _first_ready_at(probes.get(ProbeType.STARTUP), probes.get(ProbeType.READINESS),
                           phase, rephase, seen)


def _first_ready_at(startup: Probe | None, ready: Probe | None, phase: float, rephase: bool,
                    seen: float) -> float | None:
    """`first_ready_at` of a container with these startup and readiness probes (looked up
    once for all the PHASE_SAMPLES phases)."""
    started = seen if startup is None else _first_tick_at_or_after(
        max(float(startup.initial_delay_seconds), seen), phase, startup.period_seconds)
    if ready is None:
        return started
    period, need = float(ready.period_seconds), ready.success_threshold
    # the readiness worker's first tick that sees the container (its first look)
    own_tick = _first_tick_at_or_after(seen, phase, period)
    # updates of one instant merge into one pod sync: a readiness tick at the very instant
    # of Started counts as seen before
    seen_before = startup is not None and own_tick <= started + GRID_EPS
    triggered = 0 if started < ready.initial_delay_seconds - GRID_EPS else (1 if seen_before else 2)
    if triggered >= need:
        return started
    origin = started if rephase else phase
    first = _first_tick_at_or_after(max(started + GRID_EPS, ready.initial_delay_seconds), origin,
                                    period)
    return first + (need - triggered - 1) * period


# -- aggregation ---------------------------------------------------------------------------
def _figure(name: str, kind: Literal["at least", "at most"], values: list[float],
            latency: tuple[float, float], rule: float | None, text: str) -> Figure:
    lo, hi = min(values), max(values)
    guaranteed, best = (lo, hi) if kind == "at least" else (hi, lo)
    if kind == "at least":
        guaranteed, best = guaranteed + latency[0], best + latency[1]
    else:
        guaranteed, best = guaranteed + latency[1], best + latency[0]
    return Figure(name, kind, guaranteed, best, (lo, hi), latency, rule, text)


def _deltas(period: float) -> list[float]:
    """Phases of the first tick after an event: [0, P), sampled densely, plus its end."""
    return [period * i / PHASE_SAMPLES for i in range(PHASE_SAMPLES)] + [period - GRID_EPS]


def _startup(pod: ProbedContainer, profile: KubeletProfile) -> Figure | None:
    probes = pod.container.probes()
    probe = probes.get(ProbeType.STARTUP) or probes.get(ProbeType.LIVENESS)
    if probe is None:
        return None
    which = "startupProbe" if ProbeType.STARTUP in probes else "livenessProbe"
    seen, hook = _post_start(pod)
    values = [startup_safe_until(probe, p, seen) for p in _deltas(probe.period_seconds)]
    # the container is seen one relist and one sync hop after it starts (E16): the first
    # probe can only move later, so protection only grows
    seen_min, seen_max = profile.sync_seconds, profile.relist_seconds + profile.sync_seconds
    least = max(0.0, seen_min - probe.initial_delay_seconds)
    most = max(0.0, seen_max - probe.initial_delay_seconds)
    return _figure("startup protection", "at least", values, (least, most),
                   probe.failure_threshold * probe.period_seconds,
                   f"the longest startup the {which} never kills: its first probe comes at "
                   f"the first tick after initialDelaySeconds{hook}, then F-1 more periods")


def _hang(pod: ProbedContainer, profile: KubeletProfile) -> tuple[Figure, ...] | None:
    probe = pod.container.probes().get(ProbeType.LIVENESS)
    if probe is None:
        return None
    values = [hang_detection(probe, d) for d in _deltas(probe.period_seconds)]
    # the verdict reaches the pod sync after a hop, which may wait for a PLEG relist (R4.3)
    latency = (profile.sync_seconds, profile.sync_seconds + profile.relist_seconds)
    rule = float(probe.failure_threshold * probe.period_seconds)
    # R4.4, R4.5: the kill's grace (kubelet.timing, not the pod worker: the whole kubelet
    # model would load with it, a tenth more than `kubesim explain` of a pod imports)
    grace = kill_grace_seconds(probe, pod.termination_grace_period_seconds)
    start = profile.container_start_seconds
    return (
        _figure("hang detection", "at most", values, latency, rule,
                "from the moment a started container stops answering to the kill decision: "
                "the next tick, F timeouts"),
        _figure("hang to stopped", "at most", [v + grace for v in values], latency, None,
                f"plus the {grace:g} s grace period, all of it: a hung process ignores "
                "SIGTERM"),
        _figure("hang to running", "at most", [v + grace + start for v in values], latency,
                None, "plus starting the replacement; the first restarts are free, back-off "
                "starts with the third kill in a row (R4.13), and a container that ran over "
                "600 s restarts on a fresh curve (R4.15)"),
    )


def _stall(probe: Probe | None) -> tuple[float | None, float | None, float | None]:
    if probe is None:
        return None, None, None
    never = probe.timeout_seconds + (probe.failure_threshold - 1) * _spacing(probe)
    return float(never), float(never), float(never + probe.period_seconds)


def _readiness(pod: ProbedContainer, profile: KubeletProfile) -> tuple[Figure | None, ...]:
    probe = pod.container.probes().get(ProbeType.READINESS)
    if probe is None:
        return None, None
    deltas = _deltas(probe.period_seconds)
    hop = (profile.sync_seconds, profile.sync_seconds)  # SetContainerReadiness (R3.9)
    down = _figure("readiness down", "at most", [readiness_down(probe, d) for d in deltas],
                   hop, float(probe.failure_threshold * probe.period_seconds),
                   "from a dependency failure to not Ready: F failures, the first at the "
                   "next tick")
    up = _figure("readiness up", "at most", [readiness_up(probe, d) for d in deltas], hop,
                 float(probe.success_threshold * probe.period_seconds),
                 "from recovery to Ready again: successThreshold successes, the first at the "
                 "next tick")
    return down, up


def _first_ready(pod: ProbedContainer, profile: KubeletProfile) -> Figure:
    cycle = math.lcm(*[p.period_seconds for p in pod.container.probes().values()])
    phases = [cycle * i / PHASE_SAMPLES for i in range(PHASE_SAMPLES)]
    held, hook = _post_start(pod)
    probes = pod.container.probes()
    startup, ready = probes.get(ProbeType.STARTUP), probes.get(ProbeType.READINESS)
    values = [_first_ready_at(startup, ready, p, profile.trigger_resets_ticker, held)
              for p in phases]
    seen = profile.relist_seconds + profile.sync_seconds
    # seen up to a relist late, then hops to Started, to the trigger and to Ready (E16)
    latency = (profile.sync_seconds, 2 * seen + 2 * profile.sync_seconds)
    return _figure("first Ready", "at most", [v for v in values if v is not None], latency,
                   None, "a healthy app's time from container start to pod Ready: Started, "
                   f"the readiness trigger, successThreshold successes{hook}")


def _post_start(pod: ProbedContainer) -> tuple[float, str]:
    """When the kubelet first sees the container running (its postStart hook's end, R4.40:
    a sleep's seconds; an exec or httpGet hook counted as instant, it takes the app's time),
    and how the figures' explanations say it."""
    hook = pod.container.post_start
    if hook is None:
        return 0.0, ""
    if hook.sleep is not None:
        return float(hook.sleep.seconds), (f" (after its {hook.sleep.seconds} s postStart "
                                           "sleep: the kubelet sees it running only then)")
    return 0.0, " (its postStart hook counted as instant: it takes the app's time)"


def _hook_seconds(pod: ProbedContainer) -> float | None:
    """A sleep hook's seconds; 0 without a hook; None for exec/httpGet (the app's time)."""
    hook = pod.container.pre_stop
    if hook is None or hook.tcp_socket is not None:
        return 0.0
    return float(hook.sleep.seconds) if hook.sleep is not None else None


def _termination(pod: ProbedContainer, profile: KubeletProfile
                 ) -> tuple[Figure | None, Figure | None]:
    hook = _hook_seconds(pod)
    grace = pod.termination_grace_period_seconds
    known = 0.0 if hook is None else hook
    what = ("an exec/httpGet preStop hook counted as instant (it takes the app's time)"
            if hook is None else f"a {known:g} s preStop sleep" if known else "no preStop hook")
    probe = pod.container.probes().get(ProbeType.READINESS)
    deltas = _deltas(probe.period_seconds) if probe is not None else [0.0]
    hop = (profile.sync_seconds, profile.sync_seconds)
    down = _figure("deletion to not Ready", "at most",
                   _deletions_to_not_ready(probe, grace, known, deltas), hop, None,
                   f"from the deletion to the pod's Ready False with {what}: SIGTERM closes the "
                   "listener, readiness (still probed) fails F times, or SIGKILL; the endpoint "
                   "is not ready at once (R3.12)")
    sigterm, left = grace_after_pre_stop(grace, known)
    vs = _figure("preStop vs grace", "at least", [left], (0.0, 0.0), float(grace),
                 f"what is left of the {grace} s grace for SIGTERM -> SIGKILL after {what} "
                 f"(SIGTERM {sigterm:g} s after the kill starts; whole seconds off, 2 s floor, "
                 "R4.5)")
    return down, vs


def windows_work(pod: ProbedContainer) -> float:
    """The work of `protection_windows` in the budget's units (kubesim.analysis.budget): a
    few figures per probe, each at PHASE_SAMPLES grid phases (about a sixth of a stepped
    probe call each, measured by benchmarks/bench_budget.py's machine)."""
    return PHASE_SAMPLES * (1 + 2 * len(pod.container.probes())) / 3


def protection_windows(pod: ProbedContainer,
                       profile: KubeletProfile = CLASSIC) -> ProtectionWindows:
    """Every protection window of the container's probes."""
    hang = _hang(pod, profile)
    never, can, always = _stall(pod.container.probes().get(ProbeType.LIVENESS))
    down, up = _readiness(pod, profile)
    deletion, pre_stop = _termination(pod, profile)
    return ProtectionWindows(
        label=pod.label, profile=profile.name,
        startup_protection=_startup(pod, profile),
        hang_detection=hang[0] if hang else None,
        hang_to_stopped=hang[1] if hang else None,
        hang_to_running=hang[2] if hang else None,
        stall_never_restarts=never, stall_can_restart=can, stall_always_restarts=always,
        readiness_down=down, readiness_up=up, first_ready=_first_ready(pod, profile),
        deletion_to_not_ready=deletion, pre_stop_vs_grace=pre_stop,
    )
