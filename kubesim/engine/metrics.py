"""What a sweep keeps of a run: `RunMetrics`, from any timeline (`metrics_of`) or from a run
that counts probe calls instead of keeping them (`run_metrics`, `run_metrics_box`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubesim.behaviour.answer import HEALTHY
from kubesim.engine.simulate import focus, fresh_rng, pod_targets, run_model
from kubesim.kubelet.contracts import ThresholdRange
from kubesim.kubelet.settings import CLASSIC
from kubesim.results import ProbeType

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.contracts import ValidityBox
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer, Target
    from kubesim.timeline import Timeline

__all__ = ["PROBE_TYPES", "RunMetrics", "hang_start", "metrics_of", "run_metrics",
           "run_metrics_box", "threshold_box"]

PROBE_TYPES = (ProbeType.STARTUP, ProbeType.LIVENESS, ProbeType.READINESS)


@dataclass(frozen=True, slots=True)
class RunMetrics:
    """What a sweep keeps of one run (one point, one phase, one seed)."""

    restarts: int
    kills: int
    ready_seconds: float
    first_ready_at: float | None
    first_started_at: float | None
    back_offs: int
    probes: tuple[int, int, int]  # startup, liveness, readiness calls
    failures: tuple[int, int, int]  # of which judged Failure
    hang_to_kill: float | None  # first stall's start -> the first kill decided at or after it
    duration: float

    @property
    def unready_seconds(self) -> float:
        """Seconds of the run the pod was not Ready."""
        return self.duration - self.ready_seconds

    @property
    def probe_calls(self) -> int:
        """Probe calls judged in the run."""
        return sum(self.probes)


def hang_start(behaviour: Behaviour, duration: float) -> float | None:
    """When the first stall (or hang) of a scenario begins, as seen by the first container
    (wall-clock stalls at `from`, since-start stalls at `since_start`); None without one."""
    return behaviour.first_stall(duration)


def metrics_of(timeline: Timeline, behaviour: Behaviour = HEALTHY) -> RunMetrics:
    """The metrics of a run from its timeline (`Timeline.summary`)."""
    s = timeline.summary()
    probes = tuple(s.probes[t.value] for t in PROBE_TYPES)
    failures = tuple(s.failures[t.value] for t in PROBE_TYPES)
    start = hang_start(behaviour, timeline.duration)
    hang = None
    if start is not None:
        after = [k.at for k in timeline.kills if k.at >= start]
        hang = after[0] - start if after else None
    return RunMetrics(s.restarts, s.kills, s.ready_seconds, s.first_ready_at,
                      s.first_started_at, s.back_offs, probes, failures,  # type: ignore[arg-type]
                      hang, timeline.duration)


def threshold_box(box: ValidityBox) -> ValidityBox:
    """The run's threshold box, the ranges some comparison bounded: (probe type, failure?) ->
    `ThresholdRange` (copies, which the run's workers no longer change)."""
    return {k: ThresholdRange(v.low, v.high) for k, v in box.items() if not v.unbounded()}


def run_metrics_box(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *,
                 duration: float = 600.0, seed: int = 0, profile: KubeletProfile = CLASSIC,
                 phase: float | None = None
                 ) -> tuple[RunMetrics, ValidityBox]:
    """`run_metrics`, plus the thresholds for which the run is the same: the thresholds enter a
    run only through the comparisons of `worker.count_result` (resultRun >= threshold), so
    any pod that differs only in failureThreshold / successThreshold values inside the box
    (probe type, failure?) -> `ThresholdRange` (low <= threshold <= high) makes exactly the same decisions, the same events
    and the same metrics. Sweeps over thresholds reuse runs this way (`kubesim.analysis.sweep.run`)."""
    box: ValidityBox = {}
    timeline = _metrics_run(pod, behaviour, duration, seed, profile, phase, box)
    return metrics_of(timeline, behaviour), threshold_box(box)


def run_metrics(pod: ProbedContainer, behaviour: Behaviour = HEALTHY, *, duration: float = 600.0,
             seed: int = 0, profile: KubeletProfile = CLASSIC,
             phase: float | None = None) -> RunMetrics:
    """The metrics of `simulate(pod, behaviour, ...)`, without keeping the probe calls."""
    timeline = _metrics_run(pod, behaviour, duration, seed, profile, phase, None)
    return metrics_of(timeline, behaviour)


_CHECKED: dict[tuple[int, int], tuple[object, object, list[dict[ProbeType, Target]]]] = {}


def _metrics_run(pod: ProbedContainer, behaviour: Behaviour, duration: float, seed: int,
                 profile: KubeletProfile, phase: float | None,
                 box: ValidityBox | None) -> Timeline:
    """A fast run that counts probe calls instead of keeping them. Sweeps run the same pod and
    behaviour many times: their inputs are checked and their targets resolved once, and the
    seed's generator is reset rather than seeded again (`fresh_rng`)."""
    key = (id(pod), id(behaviour))
    got = _CHECKED.get(key)
    checked = got is not None and got[0] is pod and got[1] is behaviour
    targets = got[2] if got is not None and checked else pod_targets(pod, behaviour)
    fresh = fresh_rng(seed) if isinstance(seed, int) and not isinstance(seed, bool) \
        and seed >= 0 else None
    timeline = focus(run_model(pod, behaviour, duration=duration, seed=seed, profile=profile,
                               phase=phase, engine="fast", keep_probes=False, box=box, rng=fresh,
                               checked=checked, targets=targets), pod)
    if not checked:
        if len(_CHECKED) > 256:
            _CHECKED.clear()
        _CHECKED[key] = (pod, behaviour, targets)
    return timeline
