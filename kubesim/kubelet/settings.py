"""Kubelet settings: every version-dependent rule and every kubelet latency, as named knobs.

Each preset says which kubelet versions it covers (`KubeletProfile.versions`); the table of
version ranges and knob values, with the change that separates them, is
`docs/kubelet-profiles.md`. `classic` (= `1.29-1.34`) is the default; `legacy` (=
`1.21-1.28`) and `1.35+` (= `1.35`, from before 1.36 was modelled) keep their old names, and
`1.36` is `1.36+`. `ideal()` keeps the rules and makes the kubelet's own latencies zero, for
teaching and for exact tests.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from kubesim.errors import UsageError

__all__ = ["MAX_JITTER", "MAX_SECONDS", "MIN_PERIOD", "PROFILES", "BackoffRequeue",
           "FailureRunAfterKill", "KubeletProfile", "carried_run", "profile_from"]

def _zero_or_at_least_a_millisecond(value: float) -> float:
    """A period that drives a loop: 0 turns it off; anything shorter than 1 ms would make
    the simulation take a step per nanosecond (docs/kubelet-profiles.md, ranges)."""
    if 0 < value < MIN_PERIOD:
        raise ValueError(f"must be 0 or at least {MIN_PERIOD:g} s")
    return value


# Every knob's range (docs/kubelet-profiles.md): finite, at most MAX_SECONDS; a period that
# drives a loop is 0 (off) or at least MIN_PERIOD; a jitter factor at most MAX_JITTER.
MIN_PERIOD = 1e-3
MAX_SECONDS = 1e9  # about 31 years: the longest run (kubesim.analysis.budget.MAX_DURATION)
MAX_JITTER = 10.0
Seconds = Annotated[float, Field(ge=0, le=MAX_SECONDS, allow_inf_nan=False)]
Period = Annotated[Seconds, AfterValidator(_zero_or_at_least_a_millisecond)]
PositivePeriod = Annotated[float, Field(ge=MIN_PERIOD, le=MAX_SECONDS, allow_inf_nan=False)]
Jitter = Annotated[float, Field(ge=0, le=MAX_JITTER, allow_inf_nan=False)]


class BackoffRequeue(str, Enum):
    """When a pod held back by CrashLoopBackOff is synced again (R4.14)."""

    ERROR_REQUEUE = "error-requeue"  # before 1.35: generic error requeue, 10 s x U[1, 1.5]
    EXPIRY = "expiry"  # 1.35+: at the back-off expiry (capped at the resync period) x U[1, 1.5]
    EXACT = "exact"  # teaching: exactly at the back-off expiry


class FailureRunAfterKill(str, Enum):
    """What a liveness worker's run of failures is after the failure that killed its container
    (kubelet-rules §1.5 step 14), so how many failures the next container's kill takes."""

    RESET = "reset"  # 1.11+ (PR #62853): run 0, the next kill takes failureThreshold failures
    ONE = "one"  # 1.7-1.10 (PR #46371 reset it to 1): the next kill takes failureThreshold - 1
    KEPT = "kept"  # before 1.7 (issue #53530): the run goes on, the next failure kills


def carried_run(rule: FailureRunAfterKill, run: int) -> int:
    """The run a liveness worker keeps after a kill that ended a run of `run` failures."""
    return {FailureRunAfterKill.RESET: 0, FailureRunAfterKill.ONE: 1,
            FailureRunAfterKill.KEPT: run}[rule]


class KubeletProfile(BaseModel):
    """All knobs of the simulated kubelet. Times are seconds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "classic"
    versions: str = "1.29-1.34"  # the kubelet versions whose rules these knobs reproduce
    # -- worker rules that changed between versions
    readiness_trigger_at_sync: bool = True  # R1.13 (1.21+, #98376); False: 1.20, no triggers
    # R3.9, R3.10 (1.21+): a readiness or startup result queues a pod sync; False (1.20):
    # they go to the status manager only, and syncLoopIteration acts on liveness alone
    sync_on_readiness_startup: bool = True
    # R1.30 (#110191): termination stops liveness and startup first; False (1.20): every
    # probe worker runs until the pod is removed (all its containers stopped)
    stop_liveness_at_termination: bool = True
    # ... and those of sidecars too (#141766, 2026); before, a sidecar's liveness and startup
    # workers ran through the termination like its readiness worker
    stop_sidecar_liveness_at_termination: bool = False
    # §1.5 step 14: the liveness failure run after a kill; `reset` in every preset (1.11+),
    # `kept` before 1.7 (PR #46371), `one` in 1.7-1.10 (PR #62853). explain counts an old
    # record's kills under the rule of its dates (docs/kubelet-profiles.md)
    failure_run_after_kill: FailureRunAfterKill = FailureRunAfterKill.RESET
    startup_hold_on_success: bool = True  # R1.23 (1.29+); False: only a Failure holds (R1.29)
    trigger_resets_ticker: bool = True  # R1.14 (1.29+): a readiness trigger re-phases the grid
    exec_probe_timeout: bool = True  # R2.15: ExecProbeTimeout gate; off: exec timeouts discarded
    # R4.30-R4.34: the ContainerRestartRules gate (beta, on from 1.35): a container's own
    # restartPolicy and restartPolicyRules decide its restarts; off: the pod's policy
    container_restart_rules: bool = False
    # R4.35: the RestartAllContainersOnContainerExits gate (alpha 1.35, on from 1.36): the
    # RestartAllContainers rule action restarts every container of the pod in place
    restart_all_containers: bool = False
    # R4.36: the PLEGOnDemandRelist gate (on in 1.36): after a sync that killed or started a
    # container the pod is relisted at once, so the change is seen without the 1 s relist
    on_demand_relist: bool = False
    # -- the situation, not the version
    kubelet_recently_started: bool = False  # R1.4: workers first sleep U[0, P)
    # -- CrashLoopBackOff (R4.8-R4.15)
    backoff_initial: Seconds = 10.0
    backoff_max: Seconds = 300.0
    backoff_reset: Seconds = 600.0
    backoff_requeue: BackoffRequeue = BackoffRequeue.ERROR_REQUEUE
    # R4.15: back-off GC at every housekeeping pass (0: entries are never collected)
    housekeeping_seconds: Period = 2.0
    housekeeping_phase: Seconds = 0.0  # the housekeeping ticker's offset from the first start
    error_requeue_seconds: PositivePeriod = 10.0  # R4.14, pod_workers.go
    requeue_jitter: Jitter = 0.5  # wait.Jitter factor: delay x U[1, 1 + jitter]
    resync_seconds: PositivePeriod = 60.0  # R1.15
    resync_jitter: Jitter = 0.5
    # -- the kubelet's own latencies (E16, R4.3); the defaults are estimates, not measurements
    relist_seconds: Period = 1.0  # PLEG generic relist period
    # R4.36: from the end of a sync to its on-demand relist of the pod (5-20 ms observed on a
    # 1.36.2 kubelet under containerd); used only with `on_demand_relist`
    pod_relist_seconds: Seconds = 0.01
    sync_seconds: Seconds = 0.02  # from an update to the pod sync acting on it
    # R4.24, measured on kubelet 1.20.2 (containerd): 0.2-0.3 s from the sync's decision to
    # the container running; siblings started by one sync 0.5-1.1 s apart
    container_start_seconds: Seconds = 0.25  # decision -> running, the first start of a sync
    sibling_start_seconds: Seconds = 0.8  # from one start to the next within one sync

    def ideal(self) -> KubeletProfile:
        """The same rules with every kubelet latency and jitter zero."""
        return self.model_copy(update={
            "name": f"{self.name}+ideal", "relist_seconds": 0.0, "sync_seconds": 0.0,
            "pod_relist_seconds": 0.0,
            "container_start_seconds": 0.0, "sibling_start_seconds": 0.0,
            "backoff_requeue": BackoffRequeue.EXACT,
            "requeue_jitter": 0.0, "resync_jitter": 0.0,
        })

    def with_overrides(self, overrides: dict[str, Any]) -> KubeletProfile:
        """A copy with knobs replaced; values are validated like the defaults."""
        unknown = sorted(set(overrides) - set(type(self).model_fields) - {"name"}
                         | set(overrides) & {"versions"})
        if unknown:
            known = ", ".join(k for k in type(self).model_fields if k not in _LABELS)
            raise UsageError(f"unknown kubelet setting {unknown[0]!r}; known: {known}")
        try:
            return type(self).model_validate({**self.model_dump(), **overrides})
        except ValidationError as exc:
            err = exc.errors()[0]
            key = ".".join(str(p) for p in err["loc"])
            msg = err["msg"].removeprefix("Value error, ")
            raise UsageError(f"kubelet setting {key}={err.get('input')!r}: {msg}") from None


_LABELS = {"name", "versions"}  # describe a profile; not knobs

# A knob value the engine does not implement yet -> the only value it honours. A profile or
# override asking for another value is refused rather than silently run with today's rule.
UNWIRED: dict[str, Any] = {}

V1_36 = KubeletProfile(name="1.36+", versions="1.36+", backoff_requeue=BackoffRequeue.EXPIRY,
                       container_restart_rules=True, restart_all_containers=True,
                       on_demand_relist=True)
V1_35 = V1_36.model_copy(update={"name": "1.35", "versions": "1.35",
                                 "restart_all_containers": False, "on_demand_relist": False})
V1_29 = KubeletProfile(name="1.29-1.34", versions="1.29-1.34")
V1_21 = V1_29.model_copy(update={"name": "1.21-1.28", "versions": "1.21-1.28",
                                 "startup_hold_on_success": False,
                                 "trigger_resets_ticker": False})
V1_20 = V1_21.model_copy(update={"name": "1.20", "versions": "1.20",
                                 "readiness_trigger_at_sync": False,
                                 "sync_on_readiness_startup": False,
                                 "stop_liveness_at_termination": False})
CLASSIC = KubeletProfile()
PROFILES: dict[str, KubeletProfile] = {
    "classic": CLASSIC,
    "legacy": V1_21.model_copy(update={"name": "legacy"}),
    "1.35+": V1_35.model_copy(update={"name": "1.35+"}),
    "1.36": V1_36.model_copy(update={"name": "1.36"}),
    "1.20": V1_20, "1.21-1.28": V1_21, "1.29-1.34": V1_29, "1.35": V1_35, "1.36+": V1_36,
}


def profile_from(name: str = "classic", *, ideal: bool = False,
                 overrides: dict[str, Any] | None = None) -> KubeletProfile:
    """Look up a preset by name, apply overrides, optionally make it ideal."""
    if name not in PROFILES:
        raise UsageError(f"unknown kubelet profile {name!r}; known: {', '.join(PROFILES)}")
    profile = PROFILES[name].with_overrides(overrides or {})
    for knob, honoured in UNWIRED.items():
        if getattr(profile, knob) != honoured:
            raise UsageError(
                f"kubelet profile {name}: {knob}={getattr(profile, knob)} is not implemented by "
                f"the engine yet (only {honoured}); see docs/kubelet-profiles.md")
    return profile.ideal() if ideal else profile
