"""The output of one simulation: plain records in time order, and the summary derived from them.

Times are seconds since the first container started running. Records are appended by the
engine and never changed afterwards, except a container's end (filled in when it ends).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kubesim.results import Outcome, ProbeType

__all__ = ["ContainerRecord", "EventRecord", "KillRecord", "ProbeRecord", "ReadyChange",
           "Summary", "Timeline"]


@dataclass(frozen=True, slots=True)
class ProbeRecord:
    """One executed probe call: started `at`, answered after `latency`, judged `result`."""

    at: float
    probe: ProbeType
    result: Outcome
    detail: str
    latency: float
    container: int  # restart count of the probed instance


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A kubelet-style event: Unhealthy, ProbeWarning, Killing, BackOff, Started."""

    at: float
    type: str  # Normal | Warning
    reason: str
    message: str


@dataclass(frozen=True, slots=True)
class ReadyChange:
    """The pod's Ready condition changed."""

    at: float
    ready: bool


@dataclass(frozen=True, slots=True)
class KillRecord:
    """A probe-triggered kill: decided `at` by the pod sync, after the failing probe at
    `failed_at`; the container stopped at `stopped_at` (None: after the end of the run)."""

    at: float
    probe: ProbeType
    container: int  # restart count of the killed instance
    failed_at: float
    grace_seconds: float
    stopped_at: float | None
    restart: bool  # the restart policy asks for a new container
    restart_count: int  # restartCount of the replacement, if there is one


@dataclass(slots=True)
class ContainerRecord:
    """One container instance: running from `running_at`, Started at `started_at`."""

    restart_count: int
    running_at: float
    started_at: float | None = None
    ended_at: float | None = None
    end_reason: str | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals over the run."""

    restarts: int
    kills: int
    ready_seconds: float
    first_ready_at: float | None
    first_started_at: float | None
    back_offs: int
    probes: dict[str, int]
    failures: dict[str, int]


@dataclass
class Timeline:
    """Everything that happened in one run, in time order per list."""

    duration: float
    seed: int
    phase: float
    profile: str
    probes: list[ProbeRecord] = field(default_factory=list)
    events: list[EventRecord] = field(default_factory=list)
    containers: list[ContainerRecord] = field(default_factory=list)
    kills: list[KillRecord] = field(default_factory=list)
    ready: list[ReadyChange] = field(default_factory=list)

    @property
    def restarts(self) -> list[KillRecord]:
        """Kills that lead to a replacement container (restartPolicy allows it)."""
        return [k for k in self.kills if k.restart]

    def ready_intervals(self) -> list[tuple[float, float]]:
        """[start, end) intervals during which the pod was Ready, clipped to the run."""
        out: list[tuple[float, float]] = []
        since: float | None = None
        for change in self.ready:
            if change.ready and since is None:
                since = change.at
            elif not change.ready and since is not None:
                out.append((since, change.at))
                since = None
        if since is not None:
            out.append((since, self.duration))
        return out

    def summary(self) -> Summary:
        """Totals derived from the records."""
        intervals = self.ready_intervals()
        started = [c.started_at for c in self.containers if c.started_at is not None]
        probes = {t.value: 0 for t in ProbeType}
        failures = {t.value: 0 for t in ProbeType}
        for rec in self.probes:
            probes[rec.probe.value] += 1
            failures[rec.probe.value] += rec.result is Outcome.FAILURE
        return Summary(
            restarts=len(self.restarts),
            kills=len(self.kills),
            ready_seconds=sum(end - start for start, end in intervals),
            first_ready_at=intervals[0][0] if intervals else None,
            first_started_at=started[0] if started else None,
            back_offs=sum(e.reason == "BackOff" for e in self.events),
            probes=probes,
            failures=failures,
        )
