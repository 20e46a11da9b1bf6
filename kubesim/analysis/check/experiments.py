"""The simulated experiments behind `kubesim check`: the same run at every grid phase, a
readiness-only observer that asks one target once a second, and scenarios built in code.
Used by the simulate stage (each check's `measure`) and by `kubesim suggest`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import calls, sync_gap
from kubesim.analysis.check import memo
from kubesim.kubelet.restart_rules import gated_pod
from kubesim.results import Outcome
from kubesim.spec.model import ProbedContainer, parse_container

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Settings
    from kubesim.behaviour.answer import Behaviour
    from kubesim.behaviour.scenario import Scenario
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ContainerSpec, Probe
    from kubesim.timeline import Timeline

__all__ = ["PhaseRun", "failing_spans", "kept_down", "observe", "phase_runs", "run_calls",
           "settle_time", "synthetic"]


@dataclass(frozen=True)
class PhaseRun:
    """One run of a phase sweep: grid phase, its seed, and the whole timeline."""

    phase: float
    seed: int
    timeline: Timeline


def run_calls(pod: ProbedContainer, s: Settings, duration: float) -> float:
    """The work of one check run (kubesim.analysis.budget): its probe calls and its pod's
    resyncs (a short resync_seconds counts, R1.15)."""
    return calls(pod, duration) + duration / sync_gap(s.profile, restarts=False)


def phase_runs(pod: ProbedContainer, behaviour: Behaviour, *, settings: Settings,
               duration: float) -> list[PhaseRun]:
    """The runs of `across_phases`: phase i * cycle / n with seed `seed + i`, timelines kept."""
    from kubesim.engine.simulate import grid_cycle  # the engine loads with the first run

    n, cycle = settings.phases, grid_cycle(pod)
    return [PhaseRun(i * cycle / n, settings.seed + i,
                     memo.simulate(pod, behaviour, duration=duration, seed=settings.seed + i,
                                   profile=settings.profile, phase=i * cycle / n,
                                   engine=settings.engine))
            for i in range(n)]


def kept_down(pod: ProbedContainer, s: Settings) -> str | None:
    """Why a liveness or startup kill does not restart this container, as a finding says it
    (`restarts_after_kill`, the engine's rule: computePodActions reads the container's own
    restartPolicy under the ContainerRestartRules gate, else the pod's, R4.32; a sidecar
    always restarts, R4.2); None when a kill restarts it."""
    from kubesim.kubelet.pod_container import restarts_after_kill

    spec = gated_pod(pod, s.profile).pod.container  # the fields the profile's gate keeps
    if restarts_after_kill(spec, pod.restart_policy, rules=s.profile.container_restart_rules):
        return None
    own = spec.restart_policy
    return (f"its own restartPolicy is {own.value}" if own is not None else
            f"the pod's restartPolicy is {pod.restart_policy.value}")


def settle_time(pod: ProbedContainer) -> float:
    """When a healthy pod has surely started and become Ready: where synthetic outages,
    stalls and hangs begin (a multiple of 10 s)."""
    need = max(p.initial_delay_seconds + (p.success_threshold + 1) * p.period_seconds
               for p in pod.container.probes().values())
    return float(30 + 10 * math.ceil(need / 10))


def synthetic(label: str, **data: Any) -> Scenario:
    """A scenario built in code (its `source` is `label`; one object per label and data in a
    check, `memo.scenario`, so that its runs are simulated once)."""
    return memo.scenario({"description": label, **data}, label)


def observe(container: ContainerSpec, key: str, probe: Probe | None, behaviour: Behaviour, *,
            duration: float, profile: KubeletProfile, phase: float) -> list[tuple[float, bool]]:
    """Ask `key` once a second (a readiness-only observer: it never restarts anything) with
    `probe`'s handler and timeout, or a 1 s default handler for a target only the behaviour
    names; (time, passed) per call, prober errors left out."""

    if probe is not None:
        probe = probe.model_copy(update={"initial_delay_seconds": 0, "period_seconds": 1,
                                         "success_threshold": 1, "failure_threshold": 1,
                                         "termination_grace_period_seconds": None})
        # no hooks: a postStart hook would hold the observer's first calls (R4.40)
        spec = container.model_copy(update={"startup_probe": None, "liveness_probe": None,
                                             "readiness_probe": probe, "sidecar": False,
                                             "lifecycle": None})
    else:
        spec = parse_container({"name": "observer",
                                "readinessProbe": {**_handler(key), "periodSeconds": 1}})
    # ideal kubelet, grid never re-phased by readiness triggers: calls at phase + k seconds
    observer = profile.ideal().model_copy(update={"trigger_resets_ticker": False})
    tl = memo.simulate(ProbedContainer(spec), behaviour, duration=duration, seed=0,
                       profile=observer, phase=phase)
    return [(r.at, r.result is not Outcome.FAILURE) for r in tl.probes
            if r.result is not Outcome.ERROR]


def _handler(key: str) -> dict[str, Any]:
    """The probe handler whose target key is `key` (see `spec.Target`)."""
    if key.startswith("tcp:"):
        port = key[4:]
        return {"tcpSocket": {"port": int(port) if port.isdigit() else 8000}}
    if key.startswith("exec:"):
        return {"exec": {"command": key[5:].split(" ")}}
    if key.startswith("grpc:"):
        port, _, service = key[5:].partition("/")
        return {"grpc": {"port": int(port), **({"service": service} if service else {})}}
    return {"httpGet": {"path": key, "port": 8000}}


def failing_spans(samples: list[tuple[float, bool]], end: float) -> list[tuple[float, float]]:
    """Sample-and-hold: the [from, to) spans during which the samples say 'failing'."""
    out: list[tuple[float, float]] = []
    since: float | None = None
    for t, ok in samples:
        if not ok and since is None:
            since = t
        elif ok and since is not None:
            out.append((since, t))
            since = None
    if since is not None:
        out.append((since, end))
    return out
