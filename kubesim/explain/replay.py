"""Replay: the record's probe settings and a behaviour reconstructed from its failures, run
through the kubelet model (`kubesim.engine.simulate`), then compared with what the record
shows.

The behaviour is a scenario built in memory. Each probe target the record shows failing
fails with the answer its events report (a status code, a refused connection, a timeout, a
failing command): a liveness or readiness target from just before its first recorded
failure to just after its last (or on, if the container is still failing when the record was
taken); a startup target from the container's start, since a startup probe fails from each
start. The probe grid is pinned to the record: the replay's phases put a probe tick inside
the interval the record gives for the first failure (E1: all workers of a pod tick on one
grid), so the model's failures fall where the recorded ones did. A series whose failures are
spread out (several runs) and that ended in no recorded kill or restart says nothing about
when each failure came: it is not replayed.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kubesim.analysis.budget import calls
from kubesim.errors import SpecError
from kubesim.explain.messages import ProbeOutcome, failure_answer, started_container
from kubesim.explain.model import (
    HUMAN_FROM,
    CountRange,
    Exit,
    Interval,
    Kill,
    Replay,
    Setting,
    Streak,
    Verdict,
    When,
    human_time,
    plural,
)
from kubesim.explain.readers.model import ContainerRecord, RecordedEvent
from kubesim.explain.reconstruct import kill_total
from kubesim.explain.timebase import Timebase
from kubesim.kubelet.settings import KubeletProfile
from kubesim.results import Outcome, ProbeType
from kubesim.spec.model import ContainerSpec, ProbedContainer, RestartPolicy

# The kubelet model (`engine.simulate`, the pod worker, the timeline) and the scenario models
# are imported where a replay runs: most records have no failure to replay, and they weigh a
# sixth of all else explain imports.
if TYPE_CHECKING:
    from kubesim.behaviour.scenario import Scenario
    from kubesim.timeline import KillRecord, ProbeRecord, Timeline

__all__ = ["Reconstructed", "replay", "started_events"]

TOLERANCE = 1.5  # seconds: a sync hop and a relist (R4.3, E16) on top of the record's precision
EPS = 0.01


@dataclass
class Reconstructed:
    """What the replay needs from the reconstruction of one container."""

    spec: ContainerSpec
    settings: list[Setting]
    streaks: list[Streak]
    kills: list[Kill]
    exits: list[Exit]
    record: ContainerRecord | None
    starts: list[When]  # Started/Created events' times
    restarts_seen: int  # restarts the events show (Created/Started counts - 1), 0 if none
    backed_off: bool  # the record shows back-off waits
    still_failing: bool
    grace: int
    grace_known: bool
    restart_policy: RestartPolicy
    record_end: float | None  # the axis time the record was taken (0), if its times are ages


@dataclass
class _Window:
    """A failing target: from its first recorded failure (somewhere in `start`) to its last
    (somewhere in `end`); None: from the container's start / to the end of the replay."""

    key: str
    probe: ProbeType
    start: tuple[float, float] | None
    end: tuple[float, float] | None
    answer: dict[str, Any]
    label: str
    count: int

    def at(self, f: float) -> tuple[float | None, float | None]:
        """The window when the recorded times sit at fraction `f` of their intervals."""
        s = None if self.start is None else self.start[0] + f * (self.start[1] - self.start[0])
        e = None if self.end is None else self.end[0] + f * (self.end[1] - self.end[0])
        return (None if s is None else s - EPS), (None if e is None else e + EPS)


def _first_failure(s: Streak, setting: Setting, kills: list[Kill]) -> tuple[float, float]:
    """Where the first failure can lie: the record's interval for it, narrowed by the first
    kill it led to (the failureThreshold-th failure, R1.17, then a sync hop, R4.3)."""
    assert s.first.lo is not None and s.first.hi is not None
    lo, hi = s.first.lo, s.first.hi
    first = next((k for k in kills if k.cause == s.probe.value and k.at.known), None)
    if first is not None:
        assert first.at.lo is not None and first.at.hi is not None
        lead = (setting.failure_threshold - 1) * float(setting.period)
        a, b = first.at.lo - lead - TOLERANCE, first.at.hi - lead
        if max(lo, a) <= min(hi, b):
            lo, hi = max(lo, a), min(hi, b)
    return lo, hi


def _t(x: float) -> str:
    return human_time(x)


def _no_window(r: Reconstructed, killed: bool, skipped: list[str]) -> str:
    """Why there is no failure to replay: none shown, or shown without their times (a
    console's rows, a message alone), or spread over more than a run (`skipped`)."""
    untimed = any(not (s.first.known and s.last.known) for s in r.streaks)
    if killed:
        return ("the record shows kills and probe failures, but not when the failures came"
                if untimed else "the record shows kills but not the probe failures that led to "
                "them")
    return "; ".join(skipped) or ("the record does not say when its probe failures came"
                                  if untimed else "the record shows no probe failure to replay")


def _windows(r: Reconstructed) -> tuple[list[_Window], list[str]]:
    by_type = {s.probe: s for s in r.settings}
    kills = [k for k in r.kills if k.cause in ("liveness", "startup")]
    out, skipped = [], []
    for s in r.streaks:
        setting = by_type.get(s.probe)
        # (a call that failed or errored, the record not saying which, gives no answer of the
        # target's to replay: messages.cut_probe_head)
        if setting is None or not (s.first.known and s.last.known) or \
                s.outcome is ProbeOutcome.UNTOLD:
            continue
        if s.shape == "runs" and not kills and not r.restarts_seen:
            restarts = (r.record is not None and bool(r.record.restart_count)) or r.backed_off
            skipped.append(f"{s.probe.value}'s {s.count} failures are spread over longer than a "
                           "run of them takes, with no kill recorded and "
                           + ("no time of the restarts" if restarts else "no restart recorded")
                           + ": when each came is not in the record")
            continue
        answer, label = failure_answer(s.detail, setting.handler, s.outcome)
        assert s.first.lo is not None and s.first.hi is not None
        assert s.last.lo is not None and s.last.hi is not None
        start = None if s.probe is ProbeType.STARTUP else _first_failure(s, setting, kills)
        end = None if r.still_failing and s.probe is not ProbeType.READINESS else (
            max(s.last.lo, s.first.lo), s.last.hi)
        out.append(_Window(setting.target, s.probe, start, end, answer, label, s.count))
    return _joined(out, by_type), skipped


def _joined(windows: list[_Window], by_type: dict[ProbeType, Setting]) -> list[_Window]:
    """Failures of one probe recorded one by one (the kubelet's log), no more than a period
    and a probe's timeout apart: no probe ran between them (the worker probes every
    periodSeconds, E1), so the target failed all along; one window (the replay's probe then
    sees each, not a zero-width instant it may miss by a rounding)."""
    out: list[_Window] = []
    for w in sorted(windows, key=lambda w: (w.start or w.end or (0.0, 0.0))[0]):
        prev = out[-1] if out else None
        if prev is not None and prev.key == w.key and prev.probe is w.probe and \
                prev.answer == w.answer and prev.end is not None and w.start is not None:
            s = by_type[w.probe]
            if w.start[0] - prev.end[1] <= s.period + s.timeout:
                out[-1] = _Window(w.key, w.probe, prev.start, w.end, w.answer, w.label,
                                  prev.count + w.count)
                continue
        out.append(w)
    return out


def _origin(r: Reconstructed, windows: list[_Window], primary: Streak | None
            ) -> tuple[float, str]:
    """The simulation's t=0 on the axis: the container's first recorded start if it comes
    before the failures, else just before the first failure could have been probed."""
    delay = max((s.initial_delay for s in r.settings), default=0)
    period = max((s.period for s in r.settings), default=10)
    starts = [w.mid for w in r.starts if w.known]
    firsts = [w.start[0] for w in windows if w.start is not None]
    if primary is not None and primary.first.known:
        assert primary.first.lo is not None
        firsts.append(primary.first.lo)
    earliest = min(firsts)
    if starts and min(starts) <= earliest - delay:
        return min(starts), "the container's first recorded start"
    if primary is not None and primary.probe is ProbeType.STARTUP:
        return earliest - delay - 0.5, ("just before the first startup failure (no earlier "
                                        "start in the record)")
    return earliest - delay - 2 * period - 1.0, ("initialDelaySeconds and two periods before "
                                                 "the first failure (no earlier start in the "
                                                 "record)")


def _shutdown(r: Reconstructed, kill_list: list[Kill]) -> tuple[float, str]:
    """How long the app takes to exit after SIGTERM, as far as the record tells."""
    last = next((x for x in r.exits if x.which == "last"), None)
    if last is not None and last.exit_code == 137 and kill_list:
        return float(r.grace) + 1.0, (f"the app ignores SIGTERM (the last container ended with "
                                      f"exit code 137 after a kill): stopped after the grace "
                                      f"period, {r.grace} s")
    # one kill and the start after it (no back-off wait in between): the gap is the shutdown
    last_kill = kill_list[0] if len(kill_list) == 1 and kill_list[0].at.known else None
    starts = [w for w in r.starts if w.known]
    if last_kill is not None and starts and not r.backed_off:
        assert last_kill.at.hi is not None
        latest = max(starts, key=lambda w: w.mid)  # the most recent start the record shows
        gap = latest.mid - last_kill.at.mid
        if gap > 0 and gap >= r.grace - 3:
            return float(r.grace) + 1.0, (f"the app ignores SIGTERM: the next container started "
                                          f"{gap:.0f} s after the last kill, about the grace "
                                          f"period ({r.grace} s)")
    return 0.0, "the app exits at once on SIGTERM (the record does not say otherwise)"


def _primary(r: Reconstructed) -> Streak | None:
    """The streak that pins the probe grid: liveness or startup first, then readiness."""
    order = {ProbeType.LIVENESS: 0, ProbeType.STARTUP: 1, ProbeType.READINESS: 2}
    usable = [s for s in r.streaks if s.first.known and s.outcome == "failed"
              and s.shape != "runs"] or [s for s in r.streaks if s.first.known]
    return min(usable, key=lambda s: (order[s.probe], s.first.lo), default=None)


def _fractions(n: int) -> list[float]:
    return [(i + 0.5) / n for i in range(n)]


def _phases(primary: Streak | None, origin: float, cycle: int, n: int,
            pinned: tuple[float, float] | None) -> tuple[list[float], str]:
    """Grid phases that put a probe tick where the record puts the first failure, spread
    over the interval the record gives for it (and the recorded windows with it)."""
    if primary is None or not primary.first.known:
        return [i * cycle / n for i in range(n)], "the grid phase is unknown: spread over a cycle"
    assert primary.first.lo is not None and primary.first.hi is not None
    span = pinned if pinned is not None else (primary.first.lo, primary.first.hi)
    lo, width = span[0] - origin, span[1] - span[0]
    phases = [(lo + width * f) % cycle for f in _fractions(n)]
    return phases, (f"the probe grid pinned so that a {primary.probe.value} probe falls where "
                    f"the record puts the first failure, at {n} places from "
                    f"{_t(span[0])} to {_t(span[1])}")


def _duration(r: Reconstructed, windows: list[_Window], origin: float) -> float:
    """To the moment the record was taken, or a grace period and two minutes past the last
    recorded failure."""
    ends = [w.end[1] for w in windows if w.end is not None]
    starts = [w.start[1] for w in windows if w.start is not None]
    latest = max(ends or starts or [origin])
    end = r.record_end if r.record_end is not None and r.record_end >= latest else None
    if end is None:
        end = latest + r.grace + 120.0
    return max(end - origin, 1.0)


def _window_note(w: _Window) -> str:
    return (f"{w.key} answers {w.label} from "
            f"{'the container start' if w.start is None else _t(w.start[0])} to "
            f"{'the end' if w.end is None else _t(w.end[1])} (the {w.probe.value} "
            f"probe's {w.count} recorded failure{'s' * (w.count != 1)}; where inside "
            "the record's precision the first and last came varies with the phase)")


def _more_assumptions(r: Reconstructed) -> list[str]:
    """What the record does not set and the replay takes: the grace, inferred settings."""
    out = []
    if not r.grace_known:
        out.append(f"terminationGracePeriodSeconds {r.grace} s: the record does not set it "
                   "(describe never shows it; the API's default)")
    return out + [f"{s.probe.field}: {s.why}" for s in r.settings
                  if s.source in ("inferred", "assumed")]


def _profile_text(profile: KubeletProfile) -> str:
    if profile.versions and profile.versions != profile.name:
        return f"{profile.name} ({profile.versions})"
    return profile.name


def _replay_pod(r: Reconstructed) -> ProbedContainer | str:
    """The pod the replay runs, or why it cannot run it."""
    try:
        return ProbedContainer(r.spec, termination_grace_period_seconds=r.grace,
                               restart_policy=r.restart_policy, object_kind="Pod",
                               object_name="recorded")
    except SpecError as exc:  # a hook's sleep longer than the grace taken (R5.19)
        return f"the pod cannot be replayed as it is: {exc.message}"


def replay(r: Reconstructed, tb: Timebase, *, phases: int, seed: int,
           profile: KubeletProfile, max_work: int, whole_run: bool = True
           ) -> tuple[Replay, Timeline | None, ProbedContainer | None, Scenario | None]:
    """Run the reconstruction; the Replay, one representative timeline, its pod, scenario.
    Without `whole_run` the representative timeline is the representative run up to its
    first COUNTED_LISTED kills (all the text and the JSON print of it: the page draws the
    whole run)."""
    probe_kills = [k for k in r.kills if k.cause in ("liveness", "startup")]
    windows, skipped = _windows(r)
    if not windows:
        return Replay(False, _no_window(r, bool(probe_kills), skipped)), None, None, None
    pod = _replay_pod(r)
    if isinstance(pod, str):
        return Replay(False, pod), None, None, None
    from kubesim.engine.simulate import grid_cycle  # the kubelet model: failures to replay

    primary = _primary(r)
    origin, origin_why = _origin(r, windows, primary)
    duration = _duration(r, windows, origin)
    shutdown, shutdown_why = _shutdown(r, probe_kills)
    behaviours = [_behaviour(windows, origin, f, shutdown) for f in _fractions(phases)]
    pinned = next((w.start for w in windows if primary is not None and w.probe is primary.probe
                   and w.start is not None), None)
    phase_list, phase_why = _phases(primary, origin, grid_cycle(pod), phases, pinned)
    result = Replay(False, "", origin=origin, duration=duration, phases=phases, seed=seed,
                    profile=_profile_text(profile), behaviour=behaviours[len(behaviours) // 2],
                    assumptions=[f"t=0 of the replay is {_t(origin)} on the record's axis: "
                                 f"{origin_why}", *map(_window_note, windows), shutdown_why,
                                 phase_why, *skipped, *_more_assumptions(r)])
    work = calls(pod, duration) * phases
    if work > max_work:
        result.reason = (f"replaying {duration:.0f} s at {phases} phases would take "
                         f"{work:,.0f} probe calls, over the work budget ({max_work:,}; "
                         "--max-work)")
        return result, None, None, None
    run, scenario = _run(result, r, pod, behaviours, phase_list, profile,
                         (pinned[1] - pinned[0]) / phases if pinned is not None else 0.0,
                         whole_run)
    return result, run, pod, scenario


def _run(result: Replay, r: Reconstructed, pod: ProbedContainer,
         behaviours: list[dict[str, Any]], phase_list: list[float], profile: KubeletProfile,
         step: float, whole_run: bool = True) -> tuple[Timeline, Scenario]:
    """Run every phase, compare with the record; the representative run and its scenario.
    The phases are run one after another, each counted, not recorded (a long crash loop's
    calls and BackOff events of days), and kept as the little the comparison reads
    (`_Digest`); the representative one is then run again with its records (the same seed
    and phase: the same run), whole for the page, else up to what `_counted` reads."""
    from kubesim.behaviour.scenario import Scenario  # loaded: there is a run (`replay`)
    from kubesim.engine.simulate import simulate

    scenarios = [Scenario.from_dict(b, source="<reconstructed from the record>")
                 for b in behaviours]
    probe_kills = [k for k in r.kills if k.cause in ("liveness", "startup")]
    target = probe_kills[0].at.mid if probe_kills and probe_kills[0].at.known else None
    digests: list[_Digest] = []
    best: tuple[float, int] | None = None
    for i, (p, sc) in enumerate(zip(phase_list, scenarios, strict=True)):
        digest = _Digest.of(simulate(pod, sc, duration=result.duration, seed=result.seed + i,
                                     profile=profile, phase=p, record_probes=False))
        digests.append(digest)
        score = (_score(digest, target, result.origin), i) if target is not None else (
            float(i != len(phase_list) // 2), i)
        if best is None or score < best:
            best = score
    assert best is not None
    i = best[1]
    kept = _representative(pod, scenarios[i], result, profile, phase_list[i], i,
                           digests[i], whole_run)
    result.ran, result.reason = True, ("the record's probe settings and failures through the "
                                       "kubelet model")
    _compare(result, digests, r, probe_kills, result.origin, _jitter(profile), step)
    result.phase, result.behaviour = kept.phase, behaviours[i]
    result.counted = _counted(kept, result.origin, r, len(digests[i].kills))
    return kept, scenarios[i]


def _representative(pod: ProbedContainer, sc: Scenario, result: Replay,
                    profile: KubeletProfile, phase: float, i: int, digest: _Digest,
                    whole_run: bool) -> Timeline:
    """Phase `i`'s run again, with its records: whole (`whole_run`), else until the calls
    `_counted` reads have ended (the kill its first COUNTED_LISTED kills' last failure
    decided, plus the longest a call may take). A run's beginning does not depend on when
    it ends; a shorter run whose first kills are not the whole run's is not used."""
    from kubesim.engine.simulate import simulate  # loaded: there is a run (`replay`)

    def run(duration: float) -> Timeline:
        return simulate(pod, sc, duration=duration, seed=result.seed + i, profile=profile,
                        phase=phase)

    listed = digest.failed[:COUNTED_LISTED]
    if whole_run or not listed:
        return run(result.duration)
    # a call takes at most its probe's timeoutSeconds (a later answer is a timeout, R2.8):
    # every call that began by the last listed failure has ended by `end`
    longest = max(p.timeout_seconds for c in pod.containers for p in c.probes().values())
    end = max(listed) + longest + 1.0
    if end >= result.duration:
        return run(result.duration)
    tl = run(end)
    if tuple(k.at for k in tl.kills[:COUNTED_LISTED]) != digest.kills[:COUNTED_LISTED]:
        return run(result.duration)
    return tl


@dataclass(frozen=True)
class _Digest:
    """What the comparison reads of one phase's run: when each kill came, the back-off
    waits and the restarts."""

    kills: tuple[float, ...]
    back_offs: int
    restarts: int
    failed: tuple[float, ...]  # when each kill's last counted failure came (`failed_at`)

    @classmethod
    def of(cls, tl: Timeline) -> _Digest:
        summary = tl.summary()
        return cls(tuple(k.at for k in tl.kills), summary.back_offs, summary.restarts,
                   tuple(k.failed_at for k in tl.kills))


def _behaviour(windows: list[_Window], origin: float, f: float, shutdown: float
               ) -> dict[str, Any]:
    """The scenario (as YAML would say it) with the recorded times at fraction `f`."""
    targets: dict[str, Any] = {}
    for w in sorted(windows, key=lambda x: (x.key, x.start[0] if x.start else -1e18)):
        s, e = w.at(f)
        lo = 0.0 if s is None else max(0.0, s - origin)
        hi = None if e is None else max(e - origin, lo + EPS)
        targets.setdefault(w.key, {"windows": []})["windows"].append(
            {"from": round(lo, 6), "to": None if hi is None else round(hi, 6),
             "answer": w.answer})
    out: dict[str, Any] = {"description": "reconstructed from the record", "targets": targets}
    if shutdown:
        out["shutdown_seconds"] = shutdown
    return out


def _range(xs: list[float]) -> Interval | None:
    return Interval(min(xs), max(xs)) if xs else None


def _span_text(n: CountRange) -> str:
    return f"{n.lo}" if n.lo == n.hi else f"{n.lo}-{n.hi}"


def _jitter(profile: KubeletProfile) -> float:
    """How far one back-off restart can land from another run's (R4.14): the requeue after
    the wait, 10 s x [1, 1 + jitter] before 1.35."""
    if profile.backoff_requeue.value == "exact":
        return 0.0
    return profile.error_requeue_seconds * (1.0 + profile.requeue_jitter)


def _measure(out: Replay, runs: list[_Digest], r: Reconstructed, probe_kills: list[Kill],
             origin: float) -> None:
    """The runs' kill counts, first and last kill times and back-off waits, over the
    phases."""
    counts = [len(d.kills) for d in runs]
    out.kills = CountRange(min(counts), max(counts))
    out.first_kill = _range([origin + d.kills[0] for d in runs if d.kills])
    out.last_kill = _range([origin + d.kills[-1] for d in runs if d.kills])
    waits = [d.back_offs for d in runs]
    out.back_offs = CountRange(min(waits), max(waits))
    by_type = {s.probe: s for s in r.settings}
    killer = by_type.get(ProbeType.STARTUP) if any(k.cause == "startup" for k in probe_kills) \
        else by_type.get(ProbeType.LIVENESS) or by_type.get(ProbeType.STARTUP)
    out.failures_per_kill = killer.failure_threshold if killer is not None else None


def _compare_restarts(out: Replay, runs: list[_Digest], r: Reconstructed) -> None:
    """No Killing event: the record's restarts (its Started/Created counts) against the
    model's."""
    restarts = [d.restarts for d in runs]
    lo, hi = min(restarts), max(restarts)
    ok = lo <= r.restarts_seen <= hi
    out.comparison.append(f"restarts: the record's events show {r.restarts_seen} (and no "
                          f"Killing event), the model restarts {_span_text(CountRange(lo, hi))}"
                          f" times over {len(runs)} grid phases")
    out.verdict = Verdict.REPRODUCED if ok else Verdict.NOT_REPRODUCED
    if not ok:
        out.missing.append(_restart_gap(r.restarts_seen, lo, hi))


def _compare(out: Replay, runs: list[_Digest], r: Reconstructed, probe_kills: list[Kill],
             origin: float, jitter: float, step: float) -> None:
    """Compare the runs with the record. `jitter`: how far a back-off restart can move
    between runs; `step`: how far apart the replay's placements of the first failure are
    (the record's precision, sampled at `phases` places)."""
    _measure(out, runs, r, probe_kills, origin)
    recorded = kill_total(probe_kills)
    if recorded == 0 and r.restarts_seen:
        _compare_restarts(out, runs, r)
        return
    out.comparison.append(f"kills: the record shows {recorded}, the model makes "
                          f"{_span_text(out.kills)} over {len(runs)} grid phases")
    if recorded == 0 and out.kills.hi == 0:
        out.verdict = Verdict.REPRODUCED
        out.comparison.append("no kill in the record, none in the model: " + _why_no_kill(r))
        return
    count_ok = _counts_agree(out, runs, r, recorded, jitter)
    time_ok = _times_agree(out, probe_kills, recorded, step + TOLERANCE, jitter)
    out.verdict = Verdict.REPRODUCED if count_ok and time_ok else Verdict.PARTLY \
        if count_ok or time_ok else Verdict.NOT_REPRODUCED
    _missing(out, len(runs), recorded, step)


def _why_no_kill(r: Reconstructed) -> str:
    """Why the replay kills nothing: the liveness and startup failures it replays stay under
    failureThreshold in a row, or only readiness failed, which never restarts (R3.4)."""
    if any(s.probe in (ProbeType.LIVENESS, ProbeType.STARTUP) for s in r.streaks
           if s.outcome == "failed"):
        return ("with the settings replayed, the liveness and startup failures never reached "
                "failureThreshold in a row")
    return "no liveness or startup probe failed; readiness failures never restart a container (R3.4)"


def _counts_agree(out: Replay, runs: list[_Digest], r: Reconstructed, recorded: int,
                  jitter: float) -> bool:
    """Whether the model's kill count matches the record's, give or take the kill cycles the
    first failure's uncertainty spans and a back-off requeue's randomness."""
    slack = _count_slack(runs, r)
    fewest, most = out.kills.lo, out.kills.hi
    assert most is not None
    waited = jitter > 0 and bool(out.back_offs.hi)
    ok = fewest - slack - waited <= recorded <= most + slack + waited
    if not fewest <= recorded <= most and ok:
        why = []
        if slack:
            why.append(f"the first failure is known only to within the record's precision, and "
                       f"moving it inside that interval moves the kill cycles by up to {slack} "
                       "kill(s) at the end")
        if waited:
            why.append("each restart after a back-off waits for the kubelet's next requeue "
                       "(10 s to 15 s before 1.35, R4.14), which can move the last cycle into "
                       "or out of the failing window")
        out.comparison.append("the counts agree within what the record and the kubelet allow: "
                              + "; ".join(why))
    return ok


def _times_agree(out: Replay, probe_kills: list[Kill], recorded: int, slack: float,
                 jitter: float) -> bool:
    """Whether the model's first and last kills fall inside the record's intervals."""
    if not recorded or out.first_kill is None:
        return True
    ok = _agree(probe_kills[0].at, out.first_kill, out.comparison, "first kill", slack)
    if recorded > 1 and out.last_kill is not None:
        # each back-off restart before the last kill may land a requeue apart between runs
        late = slack + jitter * (out.back_offs.hi or 0)
        ok = _agree(probe_kills[-1].at, out.last_kill, out.comparison, "last kill", late) and ok
    return ok


def _missing(out: Replay, phases: int, recorded: int, step: float) -> None:
    """What the record must be missing where the model does not reproduce it."""
    fewest, most = out.kills.lo, out.kills.hi
    assert most is not None
    if out.verdict is not Verdict.REPRODUCED and step * phases > 2 * TOLERANCE:
        out.missing.append(
            f"the record gives the first failure only to within {step * phases:.0f} s "
            "(kubectl's ages are truncated): the replay places it at "
            f"{phases} points in that interval, and the kill cycles after it move with it; "
            "events with exact times (kubectl get events -o json) pin it")
    if recorded < fewest:
        out.missing.append(
            f"the model kills {plural(fewest, 'time')} or more where the record shows "
            f"{plural(recorded, 'Killing event')}: Killing events dropped by the kubelet's spam "
            "filter or expired (1 h TTL), or the endpoint did not fail all the time between "
            "the recorded failures")
    if recorded > most:
        out.missing.append(
            f"the record shows {plural(recorded, 'kill')}, the model at most {most}: the endpoint "
            "failed longer or more often than its recorded failures show (Unhealthy events are "
            "aggregated and dropped too), or the probe settings differ from those used")


def _restart_gap(seen: int, lo: int, hi: int) -> str:
    if seen > hi:
        return (f"the events show {seen} restarts, the model at most {hi}: more restarts than "
                "these probe failures cause (the app's own exits or OOM kills), or the probe's "
                "settings differ from those used (give them with --spec)")
    return (f"the events show {seen} restarts, the model at least {lo}: the app started "
            "faster than the probe gave up on some starts, or the probe's settings differ "
            "from those used (give them with --spec)")


def _count_slack(runs: list[_Digest], r: Reconstructed) -> int:
    """How many kill cycles the uncertainty of the first recorded failure spans: that many
    kills more or fewer fit before the (better known) end of the failures."""
    widths = [s.first.hi - s.first.lo for s in r.streaks if s.first.known
              and s.first.lo is not None and s.first.hi is not None
              and s.probe is not ProbeType.READINESS]
    width = max(widths, default=0.0)
    gaps = sorted(b - a for d in runs for a, b in itertools.pairwise(d.kills))
    if width <= 1.0 or not gaps:
        return 0
    return math.ceil(width / max(gaps[len(gaps) // 2], 1e-3))


def _agree(at: When, model: Interval | None, cmp: list[str], what: str,
           slack: float) -> bool:
    """Whether the model's times overlap the record's interval, give or take `slack` (the
    kubelet's own latency and requeue randomness)."""
    if model is None or not at.known:
        return True
    assert at.lo is not None and at.hi is not None
    ok = at.lo - slack <= model.hi and model.lo <= at.hi + slack
    lo, hi = model.lo, model.hi
    shown = _t(lo) if abs(hi - lo) < 0.05 else f"{_t(lo)} to {_t(hi)}"
    cmp.append(f"{what}: recorded {_t(at.lo)} to {_t(at.hi)}, modelled {shown}"
               f"{'' if ok else ' (outside what the record allows)'}")
    return ok


def _score(run: _Digest, target: float, origin: float) -> float:
    """How far the run's first kill is from the recorded one (the representative phase is
    the nearest, else the middle one)."""
    return abs(origin + run.kills[0] - target) if run.kills else math.inf


COUNTED_LISTED = 10  # kills whose counted failures are listed one by one


def _counted(tl: Timeline, origin: float, r: Reconstructed, kills: int) -> list[str]:
    """Which failures counted toward which kill, in the representative run (the first
    COUNTED_LISTED kills; the rest, of its `kills`, counted the same way)."""
    out = []
    by_type = {s.probe: s for s in r.settings}
    probes = _probes_until(tl, max((k.failed_at for k in tl.kills[:COUNTED_LISTED]),
                                   default=0.0))
    for n, k in enumerate(tl.kills[:COUNTED_LISTED], 1):
        setting = by_type.get(k.probe)
        need = setting.failure_threshold if setting is not None else 1
        run = _run_before(probes, k, need)
        # on a long record the failures read best by how long before the kill they came
        times = (", ".join(_t(origin + t) for t in run) if abs(origin + k.at) < HUMAN_FROM
                 else ", ".join(f"{k.at - t:.1f}" for t in run) + " s before it")
        out.append(f"kill {n} at {_t(origin + k.at)} ({k.probe.value}): the {len(run)} "
                   f"failures in a row at {times} counted (failureThreshold {need})")
    if kills > COUNTED_LISTED:
        out.append(f"... and {plural(kills - COUNTED_LISTED, 'more kill')}, each "
                   "after failureThreshold failures in a row the same way")
    return out


def _probes_until(tl: Timeline, t: float) -> list[ProbeRecord]:
    """The calls that started by `t`, and a few after, in the timeline's order: a prefix of
    `tl.probes` (ordered by when each call ended), not the whole run expanded from its runs
    (a long crash loop's calls and events, for the first kills)."""
    last = t + tl.probe_latency_bound() + 1e-9
    return list(itertools.takewhile(lambda p: p.at + p.latency <= last, tl.iter_probes()))


def _run_before(probes: list[ProbeRecord], k: KillRecord, need: int) -> list[float]:
    """The times of the failures in a row (prober errors skipped, R2.2) up to the kill's
    verdict, the last `need` of them."""
    run: list[float] = []
    for p in reversed(probes):
        if p.at > k.failed_at + 1e-9 or p.probe is not k.probe or p.container != k.container \
                or p.name != k.name:
            continue
        if p.result is Outcome.FAILURE:
            run.append(p.at)
        elif p.result is not Outcome.ERROR:
            break
        if len(run) == need:
            break
    return run[::-1]


def started_events(events: list[RecordedEvent], tb: Timebase, name: str | None
                   ) -> tuple[list[When], int]:
    """The times of the container's starts (first and last of each Started/Created event),
    and how many restarts they show (their count - 1)."""
    out: list[When] = []
    seen = 0
    for reason in ("Started", "Created"):
        mine = [e for e in events if e.reason == reason
                and started_container(e.message) in (name, None)]
        if not mine:
            continue
        for e in mine:
            out.append(tb.of(e.first))
            if e.count > 1:
                out.append(tb.of(e.last))
        seen = max(seen, sum(e.count for e in mine) - 1)
        if out:
            break
    return out, seen
