"""The detection arithmetic in plain words, from the probe settings and the kubelet's rules
(kubelet-rules R1.7, R1.11, R1.17, R4.3-R4.13, R6.2; the same formulas as `kubesim
windows`)."""

from __future__ import annotations

from kubesim.explain.model import Kill, Setting, Streak
from kubesim.explain.reconstruct import nth
from kubesim.results import ProbeType

__all__ = ["arithmetic"]

SYNC = "plus about 1 s until the kubelet's next pod sync acts on it"


def _n(x: float) -> str:
    return f"{x:g}"


def _liveness(s: Setting, timeouts: bool, grace: int) -> list[str]:
    f, p, t = s.failure_threshold, s.period, s.timeout
    out = []
    if timeouts:
        step = max(p, t)
        verdict = (f - 1) * step + t
        out.append(
            f"liveness: each probe waits up to {t} s (timeoutSeconds); {f} timeouts in a row, "
            f"one every {step} s{' (the timeout is longer than the period: back to back)' if t > p else ''}"
            f", give the verdict {t} s after the {nth(f)} starts, {_n(verdict)} s after the first "
            f"failing probe starts; the first comes within {p} s of the app stopping to "
            f"answer, so the kill follows {_n(verdict)}-{_n(verdict + p)} s after that, {SYNC} "
            "(R1.11, R1.17, R4.3)")
    else:
        out.append(
            f"liveness: {f} failures {p} s apart; the {nth(f)} comes {(f - 1) * p} s after the "
            f"first, and the first within {p} s of the endpoint breaking: killed "
            f"{(f - 1) * p}-{f * p} s after it broke, {SYNC} (R1.17, R4.3)")
    out.append(
        f"then SIGTERM; a process that ignores it is killed after the grace period ({grace} s, "
        "terminationGracePeriodSeconds); the first restarts in a row are immediate, later ones "
        "wait 10 s, 20 s, 40 s ... up to 300 s after the previous container ended, and a "
        "container that ran 10 minutes starts the curve again (R4.4-R4.13)")
    return out


def _startup(s: Setting) -> str:
    d, f, p = s.initial_delay, s.failure_threshold, s.period
    return (f"startup: each start gets {d + (f - 1) * p}-{d + f * p} s to answer "
            f"(initialDelaySeconds {d} + {f - 1} or {f} x periodSeconds {p}, depending on where "
            "the probe grid falls, R1.8, R6.2); an app that answers later is killed and "
            "restarted, and liveness and readiness do not run before it answers (R1.27)")


def _readiness(s: Setting) -> str:
    f, p, k = s.failure_threshold, s.period, s.success_threshold
    return (f"readiness: not Ready {(f - 1) * p}-{f * p} s after it starts failing ({f} failures "
            f"{p} s apart), Ready again {(k - 1) * p}-{k * p} s after it recovers; readiness "
            "never restarts the container (R3.4)")


def _here(s: Setting, streak_list: list[Streak], kills: list[Kill]) -> str | None:
    """The formula on this record: when the endpoint broke, by the first failure."""
    first = next((x for x in streak_list if x.probe is s.probe and x.outcome == "failed"
                  and x.first.known), None)
    kill = next((k for k in kills if k.cause == s.probe.value and k.at.known), None)
    if first is None or first.first.lo is None or first.first.hi is None:
        return None
    lo, hi = first.first.lo - s.period, first.first.hi
    text = (f"here: the first recorded failure at {_n(round(first.first.lo, 1))} to "
            f"{_n(round(first.first.hi, 1))} s, so the endpoint stopped answering between "
            f"{_n(round(lo, 1))} and {_n(round(hi, 1))} s")
    if kill is not None and kill.at.lo is not None and kill.at.hi is not None:
        text += (f"; the kill at {_n(round(kill.at.lo, 1))} to {_n(round(kill.at.hi, 1))} s, "
                 f"{_n(round(max(0.0, kill.at.lo - hi), 1))}-{_n(round(kill.at.hi - lo, 1))} s "
                 "after it")
    return text


def arithmetic(settings: list[Setting], streak_list: list[Streak], grace: int,
               kills: list[Kill] = ()) -> list[str]:
    out: list[str] = []
    for s in settings:
        if s.probe is ProbeType.LIVENESS:
            timeouts = any(x.probe is ProbeType.LIVENESS and _is_timeout(x.detail)
                           for x in streak_list)
            out += _liveness(s, timeouts, grace)[:1]
            here = _here(s, streak_list, list(kills))
            if here is not None:
                out.append(here)
            out += _liveness(s, timeouts, grace)[1:]
        elif s.probe is ProbeType.STARTUP:
            out.append(_startup(s))
        else:
            out.append(_readiness(s))
    return out


def _is_timeout(detail: str) -> bool:
    return any(w in detail for w in ("deadline exceeded", "Timeout", "timed out", "i/o timeout"))
