"""KS008, KS009, KS016: the probes a long-running container lacks, on by default.

Which containers they are about, deliberately: not Jobs, CronJobs or pods that are not
restarted (they run to completion), not plain init containers (the kubelet probes none).
Each container is judged on its own probes, as checkov judges them (CKV_K8S_8, CKV_K8S_9): a
probe of another container of the pod answers for this one only when it asks this one's
process (its port: the container listening there answers, R2.5). KS008 is about containers
that serve (a declared port on a controller's pod, or a Service in the inputs that selects the
pod) without such a readinessProbe: when no container of the pod has one, the pod takes
traffic as soon as it starts; when another has one (an injected proxy), the pod's Ready says
nothing of this container's process. KS009 is about app containers without such a
livenessProbe, at info; native sidecars (init containers with `restartPolicy: Always`:
proxies and log shippers whose own project decides, as istio's proxy has no liveness on
purpose) are not reported. KS016 is about containers the manifest says
start slowly (slow_starters.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.experiments import phase_runs, run_calls, synthetic
from kubesim.analysis.check.findings import CheckResult, Finding, Replay
from kubesim.analysis.check.fixes import container_data, startup_fix
from kubesim.analysis.check.memo import protection_windows
from kubesim.analysis.check.plan import CheckRun, Subject
from kubesim.analysis.check.probe_checks import stated_startup
from kubesim.analysis.check.slow_starters import SlowStart, slow_start
from kubesim.results import ProbeType
from kubesim.spec.model import HandlerKind
from kubesim.spec.targets import focus_targets, listener_index

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import ContainerRef, Settings, Workload
    from kubesim.analysis.check.fixes import ProbePatch
    from kubesim.analysis.windows import Figure

__all__ = ["MISSING_CHECKS", "SLOW_START_CHECKS"]

READINESS, LIVENESS, STARTUP = ProbeType.READINESS, ProbeType.LIVENESS, ProbeType.STARTUP


def _probes(c: ContainerRef) -> set[ProbeType]:
    return set(c.pod.container.probes()) if c.pod is not None else set()


def _ports(c: ContainerRef) -> list[str]:
    data = container_data(c)
    return [str(p.get("containerPort")) for p in data.get("ports") or [] if isinstance(p, dict)]


class MissingProbes:
    """KS008 and KS009: which probes a long-running container lacks (nothing simulated)."""

    name = "missing"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        if not s.missing_probes or not subject.workload.runs_forever:
            return []
        return [CheckRun(self.name, subject)]

    def cost(self, run: CheckRun, s: Settings) -> float:
        return 0.0

    def measure(self, run: CheckRun, s: Settings) -> None:
        return None

    def verdict(self, run: CheckRun, measured: None, s: Settings) -> list[CheckResult]:
        w, c = run.workload, run.container
        out = []
        serves = _serves(w, c)
        if serves is not None:
            out.append(self._readiness(w, c, serves))
        if not c.sidecar:
            out.append(self._liveness(w, c))
        return out

    def _readiness(self, w: Workload, c: ContainerRef, serves: str) -> CheckResult:
        result = CheckResult("KS008", w, c.name, None)
        if _asked(w, c, READINESS):
            return result
        others = _others_with(w, c, READINESS)
        if not others:
            result.findings.append(Finding.of(
                "KS008", "serves", w, c.name,
                f"no readinessProbe in the pod, and this container serves ({serves}): the pod "
                "counts as Ready, and gets traffic, as soon as its containers have started, "
                "before the app answers, and stays Ready while it cannot; a rollout also "
                "counts each new pod available at once", line=c.line(),
                data={"probe": READINESS.value, "serves": serves, "others": []}))
            return result
        result.findings.append(Finding.of(
            "KS008", "serves-others", w, c.name,
            f"no readinessProbe of its own, and this container serves ({serves}): the pod's "
            f"Ready follows only the readinessProbe of {', '.join(others)}, which does not ask "
            "this container's process, so the pod gets traffic while this app cannot answer "
            "(at its start, or when it fails); a rollout counts the new pod available as soon "
            f"as {', '.join(others)} is ready", line=c.line(),
            data={"probe": READINESS.value, "serves": serves, "others": others}))
        return result

    def _liveness(self, w: Workload, c: ContainerRef) -> CheckResult:
        result = CheckResult("KS009", w, c.name, None)
        if _asked(w, c, LIVENESS):
            return result
        mine = ", ".join(t.field for t in c.pod.container.probes()) if c.pod else ""
        others = _others_with(w, c, LIVENESS)
        whose = (f"; the livenessProbe of {', '.join(others)} does not ask this container's "
                 "process, and restarts only its own container" if others else "")
        result.findings.append(Finding.of(
            "KS009", "missing-own" if others else "missing", w, c.name,
            f"no livenessProbe ({mine or 'no probes at all'}){whose}: a process that hangs "
            "without exiting is never restarted by the kubelet; add one only on an endpoint "
            "that checks the process itself (no dependency), or leave it out on purpose",
            line=c.line(), data={"probe": LIVENESS.value, "others": others}))
        return result


def _asked(w: Workload, c: ContainerRef, probe: ProbeType) -> bool:
    """Whether a `probe` probe asks the container's process: its own, or another container's
    on a port this container listens on (the container declaring the port answers, R2.5)."""
    if probe in _probes(c):
        return True
    for o in w.containers:
        if o is c or o.pod is None or probe not in o.pod.container.probes():
            continue
        specs = o.pod.containers
        index = next(i for i, spec in enumerate(specs) if spec is o.pod.container)
        answers = listener_index(specs, index, o.pod.container.target(probe), None)
        if specs[answers].name == c.name:
            return True
    return False


def _others_with(w: Workload, c: ContainerRef, probe: ProbeType) -> list[str]:
    """The other containers of the pod that have a `probe` probe."""
    return [o.name for o in w.containers if o is not c and probe in _probes(o)]


def _waits_for(c: ContainerRef, slow: SlowStart) -> bool:
    """Whether the probe that guards the start (startup, else liveness) waits for the slow
    part: any probe does for a program that does not listen until it has started; for one
    that answers at once and fails only a readiness path while it loads (`slow_paths`), an
    httpGet probe on that path."""
    if not slow.starter.slow_paths:
        return True
    assert c.pod is not None
    container = c.pod.container
    kind = STARTUP if STARTUP in container.probes() else LIVENESS
    target = container.target(kind)
    return target.kind is HandlerKind.HTTP_GET and target.key in slow.starter.slow_paths


def _serves(w: Workload, c: ContainerRef) -> str | None:
    """How the container takes traffic (None: it does not, as far as the inputs say). A
    controller's pods sit behind a Service as a rule, so a declared port is enough; a bare
    Pod (a test, an example) serves only if a Service in the inputs selects it."""
    ports = _ports(c)
    shown = f"port{'s' * (len(ports) > 1)} {', '.join(ports)}"
    if w.services and (ports or c is next((o for o in w.containers if not o.sidecar), None)):
        return (f"{shown}; " if ports else "") + (
            f"Service {', '.join(w.services)} selects the pod")
    if ports and w.kind != "Pod":
        return shown
    return None


# ---------------------------------------------------------------- KS016


@dataclass(frozen=True)
class SlowStartMeasured:
    slow: SlowStart
    kind: ProbeType  # the probe that guards the start
    protection: Figure
    killed: int
    phases: int
    fix: ProbePatch | None  # a startupProbe protecting the assumed start (no startupProbe)
    protected_after: float | None
    replay: Replay | None


class SlowStartCheck:
    """KS016: a container the manifest says starts slowly, with a start-up protection shorter
    than the table's start (kubesim.analysis.check.slow_starters)."""

    name = "KS016"

    def plan(self, subject: Subject, s: Settings) -> list[CheckRun]:
        c = subject.container
        if (not s.missing_probes or not subject.workload.runs_forever or c.pod is None
                or stated_startup(subject, s) is not None):
            return []  # a stated start-up is judged by KS003 instead
        probes = _probes(c)
        if LIVENESS not in probes and STARTUP not in probes:
            return []  # nothing kills a slow start
        slow = slow_start(container_data(c))
        if slow is None or not _waits_for(c, slow):
            return []
        return [CheckRun(self.name, subject)]

    def cost(self, run: CheckRun, s: Settings) -> float:
        slow = slow_start(container_data(run.container))
        assert slow is not None
        return s.phases * run_calls(run.pod, s, slow.seconds + 30)

    def measure(self, run: CheckRun, s: Settings) -> SlowStartMeasured | None:
        pod, c = run.pod, run.container
        slow = slow_start(container_data(c))
        assert slow is not None
        kind = STARTUP if STARTUP in pod.container.probes() else LIVENESS
        protection = protection_windows(pod, s.profile).startup_protection
        assert protection is not None  # a startup or liveness probe protects the start
        if protection.guaranteed >= slow.seconds:
            return None
        if slow.starter.slow_paths:  # it answers, but this path fails until it has loaded
            key = focus_targets(pod)[kind].key
            label = (f"{key} answers 503 for the first {slow.seconds:g} s of every container, "
                     f"a {slow.starter.kind}'s start (synthetic)")
            data: dict[str, Any] = {"targets": {key: {"since_start": [
                {"from": 0, "to": slow.seconds, "answer": {"status": 503}}]}}}
        else:
            label = (f"every container refuses for its first {slow.seconds:g} s, a "
                     f"{slow.starter.kind}'s start (synthetic)")
            data = {"targets": {"*": {"since_start": [
                {"from": 0, "to": slow.seconds, "answer": {"error": "refused"}}]}}}
        duration = slow.seconds + 30
        runs = phase_runs(pod, synthetic(label, **data), settings=s, duration=duration)
        hit = [r for r in runs if r.timeline.kills]
        first = (hit or runs)[0]
        replay = Replay(label, "synthetic", duration, first.phase, first.seed,
                        (0.0, slow.seconds), {"description": label, **data})
        fix, after = (startup_fix(pod, c, s.profile, slow.seconds) if kind is LIVENESS
                      else (None, None))
        return SlowStartMeasured(slow, kind, protection, len(hit), len(runs), fix, after,
                                 replay)

    def verdict(self, run: CheckRun, m: SlowStartMeasured | None,
                s: Settings) -> list[CheckResult]:
        result = CheckResult(self.name, run.workload, run.container.name, None)
        if m is None:
            return [result]
        slow = m.slow
        killed = (f"a start that long is killed at {m.killed} of {m.phases} grid phases, and "
                  "each restart begins the start again (CrashLoopBackOff)" if m.killed else
                  f"no simulated phase killed a start that long, but it is more than the "
                  f"{m.protection.guaranteed:.1f} s guaranteed")
        guard = (f"liveness without a startupProbe protects {m.protection.guaranteed:.1f} s "
                 "of start-up" if m.kind is LIVENESS else
                 f"its startupProbe protects {m.protection.guaranteed:.1f} s")
        fix = (f"; a startupProbe with the liveness handler protecting {m.protected_after:.1f} "
               "s hands over to liveness as soon as the app answers"
               if m.fix is not None and m.protected_after is not None else
               "; raise the startupProbe's failureThreshold")
        message = (f"{slow.signal} says this is a {slow.starter.kind}: {slow.starter.why}, "
                   f"so kubesim assumes its start can take {slow.seconds:g} s (state the real "
                   f"figure with kubesim.dev/startup-seconds; source: {slow.starter.source}); "
                   f"{guard}: {killed}{fix}" if slow.starter.source else
                   f"{slow.signal} says this is a {slow.starter.kind}: {slow.starter.why}, "
                   f"so kubesim assumes its start can take {slow.seconds:g} s (state the real "
                   f"figure with kubesim.dev/startup-seconds); {guard}: {killed}{fix}")
        case = "no-startup-probe" if m.kind is LIVENESS else "short-startup-probe"
        f = Finding.of(self.name, case, run.workload, run.container.name, message,
                       line=run.container.line(m.kind.field),
                       phase=round(m.replay.phase, 6) if m.killed and m.replay else None,
                       seed=m.replay.seed if m.killed and m.replay else None,
                       replay=m.replay,
                       data={"kind": slow.starter.kind, "signal": slow.signal,
                             "startup_seconds": slow.seconds, "probe": m.kind.value,
                             "source": slow.starter.source or None,
                             "protection_guaranteed": m.protection.guaranteed,
                             "phases": m.phases, "phases_killed": m.killed,
                             "protected_after": m.protected_after})
        f.fix = m.fix
        result.findings.append(f)
        return [result]


MISSING_CHECKS = (MissingProbes(),)
SLOW_START_CHECKS = (SlowStartCheck(),)
