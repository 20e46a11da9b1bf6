"""`explain_records(records, options)`: the engine entry point. Parsed records in, an `Explanation`
(plain data) out; nothing is read or printed here.

For each container: its probe settings, the failure streaks, kills, back-off waits, exits,
restarts and not-Ready stretches the record shows (`reconstruct`), the detection
arithmetic (`arithmetic`), the replay through the kubelet model and its verdict (`replay`),
what would have prevented it (`prevent`), and a one-line diagnosis.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kubesim.analysis.budget import DEFAULT_MAX_WORK
from kubesim.analysis.suggest import Want
from kubesim.errors import UsageError
from kubesim.explain import reconstruct as rc
from kubesim.explain.arithmetic import arithmetic
from kubesim.explain.messages import failure_answer
from kubesim.explain.model import (
    Confidence,
    ContainerStory,
    Evidence,
    Exit,
    Explanation,
    Finding,
    Kill,
    Setting,
    Streak,
    When,
    plural,
)
from kubesim.explain.prevent import prevent
from kubesim.explain.readers.model import PodRecord, RecordSet
from kubesim.explain.readers.read import combine
from kubesim.explain.replay import Reconstructed, replay, started_events
from kubesim.explain.timebase import Timebase, timebase
from kubesim.kubelet.restart_rules import gate_notes
from kubesim.kubelet.settings import CLASSIC, KubeletProfile
from kubesim.results import ProbeType
from kubesim.spec.model import ProbedContainer, RestartPolicy

__all__ = ["ExplainOptions", "explain_records"]

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


@dataclass(frozen=True)
class ExplainOptions:
    """Everything explain is told besides the records (the CLI's flags)."""

    now: float | None = None  # epoch seconds of the moment the record was taken
    pod: str | None = None
    container: str | None = None
    spec: tuple[ProbedContainer, ...] = ()  # probe settings from a manifest (--spec)
    phases: int = 8
    seed: int = 0
    profile: KubeletProfile = CLASSIC
    expect: tuple[Want, ...] = ()
    suggest: bool = True
    max_work: int = DEFAULT_MAX_WORK


@dataclass
class _Context:
    pod: PodRecord
    tb: Timebase
    options: ExplainOptions
    grace: int
    grace_known: bool
    policy: RestartPolicy
    total_events: int
    runs: dict[str, object] = field(default_factory=dict)


def explain_records(records: list[RecordSet],
                    options: ExplainOptions = ExplainOptions()) -> Explanation:
    """Explain one pod's record (several inputs about one pod are combined)."""
    if not records:
        raise UsageError("explain needs at least one record")
    pod = combine(records, options.pod)
    tb, clock = timebase(pod, options.now)
    views, loose = rc.attribute(pod)
    if options.container is not None:
        views = [v for v in views if v.name == options.container]
        if not views:
            have = ", ".join(c.name or "(unnamed)" for c in pod.containers) or "none named"
            raise UsageError(f"--container {options.container[:60]!r}: the record has no such "
                             f"container (containers: {have})")
    policy = _policy(pod)
    grace = pod.grace_seconds
    if grace is None and options.spec:  # a record without it (describe): --spec's pod says
        grace = options.spec[0].termination_grace_period_seconds
    ctx = _Context(pod, tb, options, grace if grace is not None else 30, grace is not None,
                   policy, sum(e.count for e in pod.events))
    stories = [_story(v, ctx) for v in views if _worth(v, views)]
    findings = list(clock) + _before_scheduling(pod, tb)
    if loose:
        findings.append(Finding("uncertain", f"{plural(len(loose), 'event')} could not be tied to one "
                                "container (several containers have such a probe)",
                                tuple(rc.evidence(e) for e in loose[:3])))
    notes = [Finding("uncertain" if n.uncertain else "fact", n.text,
                     (Evidence(str(n.where), ""),)) for n in pod.notes]
    # --spec's pods: what they set that the replay does not model (kubesim.spec.fields)
    said = {n.text for n in pod.notes}
    spec_notes = dict.fromkeys((p.source, n) for p in options.spec for n in p.notes
                               if n not in said)
    notes += [Finding("fact", n, (Evidence(source, ""),)) for source, n in spec_notes]
    notes += _gate_notes(stories, options)
    owner = f"{pod.owner[0]}/{pod.owner[1]}" if pod.owner else None
    return Explanation(pod.name, pod.namespace, owner,
                       [{"source": r.source, "format": r.format} for r in records],
                       tb.to_data(), stories, findings, notes)


def _gate_notes(stories: list[ContainerStory], options: ExplainOptions) -> list[Finding]:
    """What the profile's gates drop from the pods the replay runs and from --spec's
    (restart rules with ContainerRestartRules off, R4.34), each said once."""
    found: dict[str, str] = {}
    for story in stories:
        if story.run_pod is not None:
            for n in gate_notes(story.run_pod, options.profile):
                found.setdefault(n, f"the replay of container {story.name}")
    for p in options.spec:
        for n in gate_notes(p, options.profile):
            found.setdefault(n, p.source)
    return [Finding("fact", n, (Evidence(where, ""),)) for n, where in found.items()]


def _before_scheduling(pod: PodRecord, tb: Timebase) -> list[Finding]:
    """Events that begin before the pod was scheduled: clock skew, or events of an earlier
    pod of the same name merged into this record."""
    scheduled = [tb.of(e.first) for e in pod.events if e.reason == "Scheduled"]
    scheduled = [w for w in scheduled if w.known]
    if not scheduled:
        return []
    at = min(w.lo for w in scheduled if w.lo is not None)
    early = [e for e in pod.events if e.reason != "Scheduled"
             and (w := tb.of(e.first)).known and w.hi is not None and w.hi < at - 1.0]
    if not early:
        return []
    e = early[0]
    return [Finding("warning", f"{plural(len(early), 'event')} began before the pod was scheduled "
                    f"({e.reason} first seen {e.first.text} ago, the pod scheduled "
                    f"{next(x for x in pod.events if x.reason == 'Scheduled').first.text} ago): "
                    "the clocks of the machines that recorded them disagree, or the record "
                    "holds events of an earlier pod of the same name; the times of those "
                    "events are uncertain", tuple(rc.evidence(x) for x in early[:3]))]


def _worth(v: rc.View, views: list[rc.View]) -> bool:
    return len(views) == 1 or bool(v.events) or (v.record is not None and (
        v.record.restart_count or v.record.last is not None or v.record.ready is False))


def _policy(pod: PodRecord) -> RestartPolicy:
    try:
        return RestartPolicy(pod.restart_policy or "Always")
    except ValueError:
        return RestartPolicy.ALWAYS


def _override(v: rc.View, options: ExplainOptions):
    if not options.spec:
        return None
    named = [p.container for p in options.spec for c in [p.container] if c.name == v.name]
    if named:
        return named[0]
    if len(options.spec) == 1:
        return options.spec[0].container
    return None


def _story(v: rc.View, ctx: _Context) -> ContainerStory:
    tb = ctx.tb
    spec, settings = rc.settings(v, _override(v, ctx.options))
    by_type = {s.probe: s for s in settings}
    story = ContainerStory(v.name, v.record.restart_count if v.record else None, settings)
    story.streaks = rc.streaks(v, tb, by_type)
    if v.series:
        story.streaks += rc.metric_streaks(v.series, tb, by_type)
    story.kills = rc.kills(v, tb, by_type)
    story.kills, cut = _cut_kills(story.kills, story.streaks, by_type)
    story.findings += cut
    story.back_offs = rc.back_offs(v, tb)
    story.exits = rc.exits(v, tb)
    never = ctx.policy is RestartPolicy.NEVER
    story.restarts, more = rc.restarts(v, story.kills, story.exits, ctx.grace, ctx.total_events,
                                       never)
    story.findings += more
    story.not_ready = rc.not_ready(ctx.pod, v, tb, story.streaks, by_type)
    story.arithmetic = arithmetic(settings, story.streaks, ctx.grace, story.kills)
    story.findings += _consistency(story, by_type)
    starts, restarts_seen = started_events(v.events, tb, v.name)
    if spec is not None and any(s.probe in (LIVENESS, STARTUP, READINESS) for s in settings):
        still = v.record is not None and (v.record.state_reason == "CrashLoopBackOff"
                                          or v.record.ready is False)
        recon = Reconstructed(spec, settings, story.streaks, story.kills, story.exits, v.record,
                              starts, restarts_seen, story.back_offs is not None, still,
                              ctx.grace, ctx.grace_known,
                              ctx.policy, 0.0 if tb.ages else None)
        story.replay, run, run_pod, scenario = replay(
            recon, tb, phases=ctx.options.phases, seed=ctx.options.seed,
            profile=ctx.options.profile, max_work=ctx.options.max_work)
        story.run, story.run_pod, story.run_scenario = run, run_pod, scenario
    if ctx.options.suggest and spec is not None:
        story.prevention, story.suggestion = prevent(
            spec, settings, story.streaks, story.kills, owner=ctx.pod.owner,
            pod_name=ctx.pod.name, namespace=ctx.pod.namespace, grace=ctx.grace,
            profile=ctx.options.profile, phases=max(ctx.options.phases, 4),
            seed=ctx.options.seed, user=list(ctx.options.expect),
            max_work=ctx.options.max_work)
    story.diagnosis_kind, story.diagnosis = _diagnosis(story, by_type, v)
    return story


# ---------------------------------------------------------------- consistency


def _cut_kills(kills: list[Kill], streaks: list[Streak], by_type: dict[ProbeType, Setting]
               ) -> tuple[list[Kill], list[Finding]]:
    """A Killing row cut short in the record (no message) right after a probe's failures is
    read as that probe's kill: the only kills that follow probe failures are probe kills."""
    out, findings = [], []
    for k in kills:
        if k.cause != "unknown" or k.message:
            out.append(k)
            continue
        before = [s for s in streaks if s.outcome == "failed" and s.probe in (LIVENESS, STARTUP)
                  and s.evidence and k.evidence and _line(s.evidence[0]) < _line(k.evidence[0])]
        if not before:
            out.append(k)
            continue
        t = before[-1].probe
        setting = by_type.get(t)
        at = k.at
        last = before[-1].last
        if not at.known and last.known:  # the kill follows the threshold-crossing failure
            assert last.lo is not None and last.hi is not None
            at = When(last.lo, last.hi + 1.5, Confidence.INFERRED)
        counted = rc.counted_failures(at, setting)
        out.append(Kill(k.index, k.of, t.value, at, counted,
                        f"(cut short in the record; read as the {t.value} kill)", k.evidence))
        findings.append(Finding("uncertain", f"the Killing row is cut short in the record; it "
                                f"follows the {t.value} failures, so it is read as their kill",
                                k.evidence))
    return out, findings


def _line(e: Evidence) -> int:
    tail = e.where.rsplit(":", 1)[-1].split(" ")[0]
    return int(tail) if tail.isdigit() else 0


def _failed(streaks: list[Streak], t: ProbeType) -> list[Streak]:
    """A probe's failure streaks: from the events if they have any (metrics would count the
    same failures twice), else from prober_probe_total."""
    mine = [s for s in streaks if s.probe is t and s.outcome == "failed"]
    events = [s for s in mine if s.source == "events"]
    return events or mine


def _consistency(story: ContainerStory, by_type: dict[ProbeType, Setting]) -> list[Finding]:
    out: list[Finding] = []
    for t in (LIVENESS, STARTUP):
        setting = by_type.get(t)
        failed = _failed(story.streaks, t)
        kills = [k for k in story.kills if k.cause == t.value]
        n, k = sum(s.count for s in failed), rc.kill_total(kills)
        if setting is None or (not failed and not kills):
            continue
        f = setting.failure_threshold
        ev = tuple(e for s in failed for e in s.evidence) + tuple(
            {e for x in kills for e in x.evidence})
        sure = "fact" if setting.source in ("record", "spec") else "uncertain"
        f_text = f"failureThreshold {f}" + {"assumed": " (assumed)", "inferred": " (inferred "
                                            "from these events)"}.get(setting.source, "")
        if k and n == f * k:
            each = "the" if k == 1 else f"each of the {k}"
            out.append(Finding(sure, f"{each} {t.value} {'kill' if k == 1 else 'kills'} followed "
                               f"{plural(f, 'failure')} in a row, as {f_text} requires (R1.17)",
                               ev))
        elif k and f * k < n < f * (k + 1):
            out.append(Finding(sure, f"{n} {t.value} failures and {plural(k, 'kill')}: {f * k} counted "
                               f"toward the kills ({f} each, {f_text}); the other {n - f * k} "
                               f"belong to the container running now, fewer than {f}", ev))
        elif k and n < f * k:
            out.append(Finding("uncertain", f"{n} {t.value} failures recorded for {plural(k, 'kill')}: "
                               f"fewer than {f} per kill ({f_text}): some Unhealthy events "
                               "were dropped by the event recorder, or merged into a "
                               "'combined from similar events' event", ev))
        elif k:
            out.append(Finding("uncertain", f"{n} {t.value} failures for {plural(k, 'kill')}: more than "
                               f"{f} per kill ({f_text}): some runs of failures were broken by "
                               "a success before they reached the threshold, or Killing events "
                               "are missing", ev))
        elif n >= f and all(s.shape == "run" for s in failed if s.count > 1):
            out.append(Finding("warning", f"{n} {t.value} failures in a row reach {f_text} but "
                               "the record shows no Killing event: it was dropped or expired, "
                               "or the settings differ from those used", ev))
        elif n < f:
            out.append(Finding(sure, f"{plural(n, t.value + ' failure')}, fewer than {f_text}: the probe "
                               "did not kill the container (R1.17)", ev))
    return out


# ---------------------------------------------------------------- diagnosis


def _backoff_restarts(refusals: int) -> int:
    """The fewest restarts `refusals` back-off refusals need. While it waits out a back-off of
    d seconds, the kubelet syncs the pod at most every 10 s (the error requeue, R4.14) plus the
    periodic resync (60 s): at most d/10 + d/60 + 2 refusals per wait; the waits run 10 s,
    20 s, 40 s ... 300 s (R4.11), one before each restart after the first (R4.12)."""
    total, waits, delay = 0.0, 0, 10.0
    while total < refusals and waits < 10_000:
        total += delay / 10 + delay / 60 + 2
        waits += 1
        delay = min(delay * 2, 300.0)
    return waits + 1


def _restart_floor(story: ContainerStory, v: rc.View) -> tuple[int, str]:
    """The fewest restarts the record proves, and what proves it."""
    best, why = 0, ""
    if story.restart_count:
        best, why = story.restart_count, f"restartCount {story.restart_count}"
    for e in v.events:
        if e.reason in ("Created", "Started") and e.count - 1 > best:
            best, why = e.count - 1, f"{e.count} {e.reason} events"
    b = story.back_offs
    if b is not None and b.count:
        need = _backoff_restarts(b.count)
        if need > best:
            best, why = need, (f"{b.count} back-off refusals need at least {need} restarts "
                               "(R4.11-R4.14)")
    elif b is not None and best < 2:
        best, why = 2, "CrashLoopBackOff (a back-off follows a second exit at the earliest, R4.12)"
    return best, why


def _probe_kill_ceiling(story: ContainerStory, by_type: dict[ProbeType, Setting]) -> int:
    """The most kills the recorded liveness/startup failures can have caused (with an assumed
    failureThreshold, as if it were 1)."""
    total = 0
    for t in (LIVENESS, STARTUP):
        setting = by_type.get(t)
        n = sum(s.count for s in _failed(story.streaks, t))
        f = setting.failure_threshold if setting is not None and setting.source != "assumed" \
            else 1
        total += n // f
    return total


def _kill_text(kills: list[Kill], story: ContainerStory, by_type: dict[ProbeType, Setting],
               floor: int) -> str:
    t = ProbeType(kills[0].cause)
    setting = by_type.get(t)
    streak = next(iter(_failed(story.streaks, t)), None)
    how = ""
    if streak is not None and setting is not None:
        _, label = failure_answer(streak.detail, setting.handler, "failed")
        how = f" ({label})"
    f = f"{setting.failure_threshold} " if setting is not None else ""
    verdict = ""
    if story.replay is not None and story.replay.ran:
        verdict = {"reproduced": "; the kubelet model reproduces it",
                   "partly": "; the kubelet model reproduces it in part",
                   "not-reproduced": "; the kubelet model does not reproduce it"}.get(
            story.replay.verdict, "")
    rest = ""
    total = rc.kill_total(kills)
    if story.restart_count and story.restart_count > total:
        rest = f"; {plural(story.restart_count - total, 'more restart')} not in the events"
    return (f"the kubelet killed the container {plural(total, 'time')} because its {t.value} "
            f"probe failed {f}times in a row{how}{verdict}{rest}")


def _likely(story: ContainerStory, by_type: dict[ProbeType, Setting], floor: int,
            floor_why: str) -> tuple[str, str] | None:
    """Restarts without Killing events, while a probe kept failing with the app answering (a
    status code or a timeout: the process was up): most likely that probe's kills."""
    for t in (STARTUP, LIVENESS):
        failed = _failed(story.streaks, t)
        n = sum(s.count for s in failed)
        answering = [s for s in failed if "statuscode" in s.detail or "deadline" in s.detail
                     or "Timeout" in s.detail]
        if not answering or n < floor:
            continue
        per = n / (floor + 1)
        setting = by_type.get(t)
        unknown = setting is None or setting.source == "assumed"
        return f"likely-{t.value}-kill", (
            f"most likely {t.value} kills: {floor_why}, and the {t.value} probe failed {n} "
            f"times meanwhile (about {per:.0f} per container), the app answering "
            f"({answering[0].detail[:60]}); the Killing events are not in the record"
            + (" and neither are the probe's settings (give them with --spec)" if unknown
               else ""))
    return None


def _diagnosis(story: ContainerStory, by_type: dict[ProbeType, Setting],
               v: rc.View) -> tuple[str, str]:
    kills = [k for k in story.kills if k.cause in ("liveness", "startup")]
    unknown = [k for k in story.kills if k.cause == "unknown"]
    last = next((x for x in story.exits if x.which == "last"), None)
    floor, floor_why = _restart_floor(story, v)
    ceiling = _probe_kill_ceiling(story, by_type)
    failed = [s for s in story.streaks if s.outcome == "failed"]
    errored = [s for s in story.streaks if s.outcome == "errored"]
    if last is not None and last.cause == "oom":
        extra = f"; the record also shows {plural(rc.kill_total(kills), 'probe kill')}" \
            if kills else ""
        return "oom", (f"the container was OOMKilled (it reached its memory limit): the last "
                       f"restart was the kernel's, not a probe's{extra}")
    if kills:
        return f"{kills[0].cause}-kill", _kill_text(kills, story, by_type, floor)
    if errored and not failed:
        return "probe-errors", ("the probe could not run (prober errors: "
                                f"{rc.clip(errored[0].detail, 80)}); errors are thrown away, "
                                "not counted: the probe never killed the container (R2.2, E4)")
    if unknown:
        return "cannot-tell", (f"the kubelet killed the container "
                               f"{plural(rc.kill_total(unknown), 'time')} "
                               "but the "
                               "record does not say why (the kubelet recorded no reason and no "
                               "probe failure): cannot tell whether a probe caused it")
    if floor and failed and ceiling < floor:
        if last is not None and last.cause in ("app", "completed"):
            return "app-exit", (f"the container exits by itself ({last.meaning}); its probe "
                                f"failures ({_count(failed)}) cannot account for its restarts "
                                f"({floor_why})")
        tail = (f"the last container ended: {last.meaning}" if last is not None else
                "the record does not say what ended them (lastState)")
        return "not-probe", (f"at least {floor - ceiling} of the restarts ({floor_why}) are not "
                             f"probe kills: the recorded probe failures ({_count(failed)}) "
                             f"allow at most {ceiling}; {tail}")
    if last is not None and last.cause in ("app", "completed", "runtime", "unknown"):
        return "app-exit", (f"the container's last run ended by itself: {last.meaning}"
                            + _too_short(last, by_type))
    if last is not None and last.cause in ("sigkill", "sigterm") and not story.kills:
        return "cannot-tell", (f"the last container was killed ({last.meaning}) but the record "
                               "shows no Killing event to say by whom: cannot tell whether a "
                               "probe did it " + _what_is_missing(story, failed, v))
    if floor:
        likely = _likely(story, by_type, floor, floor_why)
        if likely is not None:
            return likely
        return "cannot-tell", (f"the container restarted ({floor_why}) but the record shows no "
                               "kill and no exit reason: cannot tell why "
                               + _what_is_missing(story, failed, v))
    live = [s for s in failed if s.probe in (LIVENESS, STARTUP)]
    if live:
        return _no_kill(live, by_type)
    if [s for s in failed if s.probe is READINESS]:
        return "readiness-only", ("only readiness failed: the pod leaves Ready (no traffic), "
                                  "nothing is restarted by a probe")
    return "nothing", "the record shows no probe failure, kill or restart"


def _no_kill(live: list[Streak], by_type: dict[ProbeType, Setting]) -> tuple[str, str]:
    """Probe failures and no kill in the record: too few to kill, or too thin to tell."""
    enough = []
    for s in live:
        setting = by_type.get(s.probe)
        f = setting.failure_threshold if setting is not None else 1
        assumed = setting is None or setting.source == "assumed"
        if s.count >= f:
            enough.append((s, f, assumed))
    if not enough:
        parts = []
        for s in live:
            setting = by_type.get(s.probe)
            f = setting.failure_threshold if setting is not None else 3
            note = " (the API's default; the record shows no setting)" if setting is None or \
                setting.source == "assumed" else ""
            parts.append(f"{plural(s.count, s.probe.value + ' failure')}, fewer than failureThreshold "
                         f"{f}{note}")
        return "no-kill", "; ".join(parts) + ": the probe did not kill the container (R1.17)"
    s, f, assumed = enough[0]
    most = s.count // f
    over = ""
    if s.first.known and s.last.known:
        assert s.first.lo is not None and s.last.hi is not None
        over = f" over {rc.duration_text(max(0.0, s.last.hi - s.first.lo))}"
    return "cannot-tell", (
        f"{s.count} {s.probe.value} failures{over}"
        f" could have made up to {plural(most, 'kill')} (failureThreshold {f}"
        f"{', assumed' if assumed else ''}) if they came in runs of {f}, or none: the record "
        "shows neither a Killing event nor a restart count: cannot tell")


def _too_short(last: Exit, by_type: dict[ProbeType, Setting]) -> str:
    """A run too short for the probes to have killed it, as the settings say."""
    if last.started.epoch is None or last.finished.epoch is None:
        return ""
    ran = last.finished.epoch - last.started.epoch
    out = []
    for t in (STARTUP, LIVENESS):
        s = by_type.get(t)
        if s is None:
            continue
        earliest = s.initial_delay + (s.failure_threshold - 1) * s.period
        if ran < earliest:
            out.append(f"; it ran {ran:g} s, and its {t.value} probe cannot kill before "
                       f"{earliest} s (initialDelaySeconds {s.initial_delay} + "
                       f"{s.failure_threshold - 1} x periodSeconds {s.period}): not a probe kill")
    return out[0] if out else ""


def _count(streaks: list[Streak]) -> str:
    if not streaks:
        return "none recorded"
    by: dict[str, int] = {}
    for s in streaks:
        by[s.probe.value] = by.get(s.probe.value, 0) + s.count
    return ", ".join(f"{n} {t}" for t, n in by.items())


def _what_is_missing(story: ContainerStory, failed: list[Streak], v: rc.View) -> str:
    wants = []
    if v.record is not None and v.record.last_empty:
        wants.append("lastState is empty although the container restarted: the kubelet no "
                     "longer knows how the previous container ended (it was removed, or the "
                     "kubelet restarted)")
    elif not story.exits:
        wants.append("lastState (kubectl get pod -o yaml)")
    if not story.kills:
        wants.append("Killing events (kubectl get events -o json)")
    text = f"(missing: {', '.join(wants)})" if wants else ""
    refused = [s for s in failed if "refused" in s.detail]
    if refused:
        text += (f"; the {refused[0].probe.value} probe's 'connection refused' means nothing was "
                 "listening: the app was down or not yet up, which fits a crash as well as a kill")
    return text

