"""The detection arithmetic in plain words, asked of the kubelet model rather than typed here:
the detection windows are `kubesim windows`' figures (kubesim.analysis.windows, for the
profile explain runs, `--ideal` included), the kill's grace and the verdict's hop come from
kubesim.kubelet.timing, the back-off curve from the profile (kubelet-rules R1.7, R1.11,
R1.17, R3.4, R4.3-R4.13, R6.2)."""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.analysis.windows import Figure, ProtectionWindows, protection_windows
from kubesim.explain.model import Detection, Interval, Kill, Setting, Streak
from kubesim.explain.reconstruct import nth
from kubesim.kubelet.settings import KubeletProfile
from kubesim.kubelet.timing import detection_seconds, kill_grace_seconds
from kubesim.results import ProbeType
from kubesim.spec.model import Probe, ProbedContainer

__all__ = ["Arithmetic", "arithmetic", "detections"]

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


@dataclass(frozen=True)
class Arithmetic:
    """The arithmetic's lines and the detection windows they quote."""

    lines: list[str]
    detection: list[Detection]


def _n(x: float) -> str:
    return f"{round(x, 2) + 0.0:g}"  # (+ 0.0: a rounded -0.0 prints as 0)


def _at(lo: float, hi: float) -> str:
    """A time the record states: one figure when it states it to a tenth of a second (the
    kubelet's log: `-0` for `-0 to -0`), else the interval."""
    a, b = round(lo, 1), round(hi, 1)
    return _n(a) if a == b else f"{_n(a)} to {_n(b)}"


def _span(w: Interval) -> str:
    return _n(w.lo) if abs(w.hi - w.lo) < 0.005 else f"{_n(w.lo)}-{_n(w.hi)}"


def _window(f: Figure) -> Interval:
    return Interval(min(f.guaranteed, f.best), max(f.guaranteed, f.best))


def detections(w: ProtectionWindows, pod: ProbedContainer) -> list[Detection]:
    """The windows of `kubesim windows` explain quotes, each with its probe."""
    startup = STARTUP if STARTUP in pod.container.probes() else LIVENESS
    figures = [(startup, w.startup_protection), (LIVENESS, w.hang_detection),
               (LIVENESS, w.hang_to_stopped), (READINESS, w.readiness_down),
               (READINESS, w.readiness_up)]
    return [Detection(t, f.name, _window(f)) for t, f in figures if f is not None]


def _latency(f: Figure) -> str:
    lo, hi = f.latency
    return "" if hi == 0 else f", the kubelet's own latency adding {_n(lo)}-{_n(hi)} s"


def _liveness(probe: Probe, w: ProtectionWindows, timeouts: bool, profile: KubeletProfile
              ) -> str:
    f, p, t = probe.failure_threshold, probe.period_seconds, probe.timeout_seconds
    hang = w.hang_detection
    assert hang is not None
    if timeouts:
        back = " (the timeout is longer than the period: back to back)" if t > p else ""
        return (f"liveness: each probe waits up to {t} s (timeoutSeconds); {f} timeouts in a "
                f"row, one every {max(p, t)} s{back}: the kill decision comes "
                f"{_span(_window(hang))} s after the app stops answering (hang detection, as "
                f"`kubesim windows` computes it for profile {profile.name}: the first probe "
                f"within {p} s{_latency(hang)}) (R1.11, R1.17, R4.3)")
    lo = detection_seconds(probe, call_seconds=0.0) + hang.latency[0]
    hi = detection_seconds(probe, call_seconds=0.0, first_tick=float(p)) + hang.latency[1]
    return (f"liveness: {f} failures {p} s apart; the {nth(f)} comes {(f - 1) * p} s after the "
            f"first, and the first within {p} s of the endpoint breaking: killed "
            f"{_span(Interval(lo, hi))} s after it broke (profile {profile.name}"
            f"{_latency(hang)}) (R1.17, R4.3)")


def _after_kill(probe: Probe, pod: ProbedContainer, w: ProtectionWindows,
                profile: KubeletProfile) -> str:
    grace = kill_grace_seconds(probe, pod.termination_grace_period_seconds)
    stopped = w.hang_to_stopped
    assert stopped is not None
    return (f"then SIGTERM; a process that ignores it is killed after the grace period "
            f"({_n(grace)} s): from a hang to the container stopped {_span(_window(stopped))} "
            f"s; the first restarts in a row are immediate, later ones wait "
            f"{_n(profile.backoff_initial)} s, doubling up to {_n(profile.backoff_max)} s "
            f"after the previous container ended, and a container that ran "
            f"{_n(profile.backoff_reset)} s starts the curve again (R4.4-R4.13)")


def _startup(probe: Probe, w: ProtectionWindows) -> str:
    d, f, p = probe.initial_delay_seconds, probe.failure_threshold, probe.period_seconds
    fig = w.startup_protection
    assert fig is not None
    return (f"startup: each start gets {_span(_window(fig))} s to answer (startup protection, "
            f"as `kubesim windows` computes it: initialDelaySeconds {d} + {f - 1} or {f} x "
            f"periodSeconds {p}, depending on where the probe grid falls, R1.8, R6.2); an app "
            "that answers later is killed and restarted, and liveness and readiness do not run "
            "before it answers (R1.27)")


def _readiness(w: ProtectionWindows) -> str:
    down, up = w.readiness_down, w.readiness_up
    assert down is not None and up is not None
    return (f"readiness: not Ready {_span(_window(down))} s after it starts failing, Ready "
            f"again {_span(_window(up))} s after it recovers (readiness down and up, as "
            "`kubesim windows` computes them); readiness never restarts the container (R3.4)")


def _here(s: Setting, streak_list: list[Streak], kills: list[Kill]) -> str | None:
    """The arithmetic on this record: when the endpoint broke, by the first failure (within
    one period before it, R1.7)."""
    first = next((x for x in streak_list if x.probe is s.probe and x.outcome == "failed"
                  and x.first.known), None)
    kill = next((k for k in kills if k.cause == s.probe.value and k.at.known), None)
    if first is None or first.first.lo is None or first.first.hi is None:
        return None
    lo, hi = first.first.lo - s.period, first.first.hi
    text = (f"here: the first recorded failure at {_at(first.first.lo, first.first.hi)} s, so "
            f"the endpoint stopped answering between {_n(round(lo, 1))} and {_n(round(hi, 1))} s")
    if kill is not None and kill.at.lo is not None and kill.at.hi is not None:
        text += (f"; the kill at {_at(kill.at.lo, kill.at.hi)} s, "
                 f"{_n(round(max(0.0, kill.at.lo - hi), 1))}-{_n(round(kill.at.hi - lo, 1))} s "
                 "after it")
    return text


def arithmetic(pod: ProbedContainer | None, settings: list[Setting], streak_list: list[Streak],
               kills: list[Kill], profile: KubeletProfile) -> Arithmetic:
    """The lines for each probe of `pod` (the container as replayed), in `settings`' order."""
    if pod is None:
        return Arithmetic([], [])
    w = protection_windows(pod, profile)
    probes = pod.container.probes()
    out: list[str] = []
    for s in settings:
        probe = probes.get(s.probe)
        if probe is None:
            continue
        if s.probe is LIVENESS:
            timeouts = any(x.probe is LIVENESS and _is_timeout(x.detail) for x in streak_list)
            out.append(_liveness(probe, w, timeouts, profile))
            here = _here(s, streak_list, kills)
            out += [here] if here is not None else []
            out.append(_after_kill(probe, pod, w, profile))
        elif s.probe is STARTUP:
            out.append(_startup(probe, w))
        else:
            out.append(_readiness(w))
    return Arithmetic(out, detections(w, pod))


def _is_timeout(detail: str) -> bool:
    return any(x in detail for x in ("deadline exceeded", "Timeout", "timed out", "i/o timeout"))
