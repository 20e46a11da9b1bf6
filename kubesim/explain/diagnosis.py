"""The diagnosis, decided once: from a container's reconstruction (its kills, exits, failure
streaks, back-offs, replay and prevention) to one typed `Diagnosis` (kubesim.explain.model)
that the text, JSON, HTML and MCP outputs render as it is.

The cause follows the record (tests/data/explain/real/README.md, "Rules used for the facts"):
an OOMKilled state wherever it appears; a Killing event that names a probe; an exit weighed
against the earliest kill the container's liveness and startup probes could have made (the
kubelet's arithmetic, kubesim.kubelet.timing); otherwise "cannot tell", with what is missing.
"A probe change would have prevented it" is said only when the replay reproduces the kills
and suggest's change, confirmed by its sweep, prevents them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from kubesim.explain import reconstruct as rc
from kubesim.explain.burst_start import an_ordinal, begun_start, ordinal, wait_after_end
from kubesim.explain.command import FileLife, probe_file, read_file_life
from kubesim.explain.implied_rows import implied_left_out, picked_reach_burst
from kubesim.explain.messages import (
    ExitCause,
    KillCause,
    ProbeOutcome,
    backoff_delay,
    cut_short,
    failure_answer,
    kill_names_container,
    kill_of,
    probe_event,
)
from kubesim.explain.model import (
    Answer,
    BackOffs,
    Cause,
    ContainerStory,
    CountRange,
    Diagnosis,
    Exit,
    Kill,
    PreventionAnswer,
    RestartCause,
    Setting,
    Source,
    Streak,
    StreakSource,
    Verdict,
    plural,
    provenance,
)
from kubesim.explain.picked_rows import picked_get_rows
from kubesim.explain.readers.last_alone import LAST_PIECE_OPEN
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    RecordedEvent,
    StampKind,
    Where,
    is_logged,
)
from kubesim.explain.readers.row_sum import row_end_killable
from kubesim.explain.work_done import completed_end
from kubesim.kubelet.settings import FailureRunAfterKill, KubeletProfile
from kubesim.kubelet.timing import calls_within, detection_seconds, most_kills
from kubesim.results import ProbeType
from kubesim.spec.model import ExecAction, Probe

__all__ = ["COMMAND_KIND", "diagnose", "earliest_kill", "failed_streaks"]

LIVENESS, READINESS, STARTUP = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
KILLERS = (LIVENESS, STARTUP)
# A back-off entry not advanced for this long is gone, and the next start is at once (R4.10,
# R4.15): the ends a refusal needs lie within it of each other (the profile's backoff_reset).
BACK_OFF_GC = float(KubeletProfile.model_fields["backoff_reset"].default)
SIGNALS = (ExitCause.SIGKILL, ExitCause.SIGTERM)
_NOT_KILLED = (Cause.OOM_KILLED, Cause.APP_EXIT, Cause.READINESS_ONLY)
# a terminated state the kubelet wrote for a container it could not find: no exit of its own
_LOST = ("ContainerStatusUnknown", "Unknown")
_STARTS = ("Created", "Started")  # the events of a container's creation and start
COMMAND_KIND = "inferred-from-command"  # a liveness kill the container's command proves


def failed_streaks(streaks: list[Streak], t: ProbeType) -> list[Streak]:
    """A probe's failure streaks: from the events if they have any (metrics would count the
    same failures twice), else from prober_probe_total."""
    mine = [s for s in streaks if s.probe is t and s.outcome is ProbeOutcome.FAILED and s.own]
    events = [s for s in mine if s.source is StreakSource.EVENTS]
    return events or mine


@dataclass(frozen=True)
class _Decided:
    cause: Cause
    kind: str
    text: str
    because: str = ""
    closes: str = ""  # why no probe killed it, with the figures (the probe kills' reason)


@dataclass(frozen=True)
class _FileGone:
    """A kill the container's command proves (an inference, never a fact of the record): its
    exec liveness probe tests a file the command removes for good, so in every container its
    failures come in a row, and the record shows failureThreshold or more of them."""

    failures: int
    life: FileLife
    setting: Setting
    probe: str  # the exec probe's command, as one line
    assumed_entrypoint: bool  # the pod gives args and no command: read as the command


@dataclass
class _Facts:
    """What the diagnosis weighs, gathered once from the story."""

    story: ContainerStory
    by_type: dict[ProbeType, Setting]
    view: rc.View
    probe_kills: list[Kill]
    unknown_kills: list[Kill]
    either_kills: list[Kill]  # a failing probe's, liveness or startup, which not told (R4.4)
    ended: Exit | None  # the latest end: the current state's, else lastState's
    oom: Exit | None  # an OOMKilled state, current or last
    floor: int
    floor_why: str
    inconsistent: str  # where a count the record states and an inference from it disagree
    failed: list[Streak]
    errored: list[Streak]
    untold: list[Streak]  # failures the record ties to no container: this one's or another's
    cut: list[Streak]  # calls that failed or errored, which the record does not say
    young: str  # why the Created/Started/Pulled series bound no kill (`_young_series`), or ""
    in_a_row: list[tuple[Streak, int]]  # runs the record proves, and the kills each made
    rule: FailureRunAfterKill  # what the liveness run is after a kill (the record's kubelet)
    unnamed: list[RecordedEvent]  # probe failures whose message names no probe (`_unnamed`)
    by_command: _FileGone | None = None  # a kill the container's command proves

    @property
    def killers(self) -> list[Setting]:
        """The container's liveness and startup probes, as far as the record tells."""
        return [s for t, s in self.by_type.items() if t in KILLERS]

    @property
    def settings_shown(self) -> bool:
        """Whether the record (or --spec) gives the container's probes: then a probe it
        does not list does not exist. A container's whole block (its state and restart
        count, as describe prints it) lists every probe it has, unless the record ends inside
        one of its probe lines (that probe's settings are not in it). A state and count a
        `get pods` row gives (`restart_apart`) are no block of describe's: a describe cut
        above the container's block beside the row lists none of its probes
        (`View.lists_every_probe`). A container's item of the pod's spec the record cuts
        (`probes_untold`, readers/cut_container.py) lists its probes up to the cut only."""
        if _item_cut(self.view) and not any(s.source is Source.SPEC
                                            for s in self.by_type.values()):
            return False  # (--spec's probes are whole)
        return self.view.spec is not None or any(
            s.source in (Source.RECORD, Source.SPEC) for s in self.by_type.values()) or \
            self.view.lists_every_probe or (self.view.record is not None and (
                self.view.record.spec_listed or self.view.record.plain_init is not None))


def _item_cut(v: rc.View) -> bool:
    """Whether the record's spec of the container is its item cut short (`probes_untold` on
    a container whose spec the record gives, readers/cut_container.py): the probes after the
    cut are not in it."""
    return v.record is not None and v.record.probes_untold and v.record.spec is not None


def _facts(story: ContainerStory, by_type: dict[ProbeType, Setting], v: rc.View,
           rule: FailureRunAfterKill) -> _Facts:
    current = next((x for x in story.exits if x.which in ("current", "untold")), None)
    last = next((x for x in story.exits if x.which == "last"), None)
    floor = _restart_floor(story, v)
    f = _Facts(
        story, by_type, v,
        probe_kills=[k for k in story.kills if k.cause in (KillCause.LIVENESS, KillCause.STARTUP)],
        unknown_kills=[k for k in story.kills if k.cause is KillCause.UNKNOWN],
        either_kills=[k for k in story.kills if k.cause is KillCause.PROBE],
        ended=current or last,
        oom=next((x for x in story.exits if x.cause is ExitCause.OOM), None),
        floor=floor.restarts, floor_why=floor.why, inconsistent=floor.inconsistent,
        failed=[s for s in story.streaks if s.outcome is ProbeOutcome.FAILED and s.own],
        errored=[s for s in story.streaks if s.outcome is ProbeOutcome.ERRORED and s.own],
        # a call the record shows failed or errored, which it does not say (a message cut
        # inside its probe's word): that probe's, at least once, counted toward nothing
        cut=[s for s in story.streaks if s.outcome is ProbeOutcome.UNTOLD and s.own],
        young=_young_series(v),
        untold=[s for s in story.streaks if not s.own],
        # kills the record shows are the runs' kills: inferred ones only where it shows none
        in_a_row=[] if story.kills else _runs(
            story.streaks, by_type, v.record.restart_count if v.record is not None else None,
            rule), rule=rule, unnamed=_unnamed(v))
    if not story.kills and not f.in_a_row:  # kills the record shows or proves come first
        f.by_command = _file_gone(f)
    return f


def diagnose(story: ContainerStory, by_type: dict[ProbeType, Setting], v: rc.View,
             rule: FailureRunAfterKill = FailureRunAfterKill.RESET) -> Diagnosis:
    """The container's diagnosis; call it after the replay and the prevention ran. `rule`:
    the failure run after a kill of the kubelet that wrote the record (the profile's)."""
    f = _facts(story, by_type, v, rule)
    decided = _decide(f)
    kills = _kill_count(f, decided)
    probe = (ProbeType(f.probe_kills[-1].cause) if f.probe_kills
             else f.in_a_row[0][0].probe if f.in_a_row
             else LIVENESS if f.by_command is not None else None)
    # an errored probe is a failure of that probe in the record, though it counts toward no
    # threshold (R2.2, E4)
    # failures that may be another container's still failed in the record (README's `probe`)
    failed = ({s.probe for s in f.failed} | {s.probe for s in f.errored} | {s.probe for s in f.cut}
              | {ProbeType(k.cause) for k in f.probe_kills}
              | {s.probe for s in f.untold if s.outcome is not ProbeOutcome.WARNING})
    order = {t: i for i, t in enumerate(ProbeType)}
    text = decided.text
    if decided.cause is Cause.CANNOT_TELL and "cannot tell" not in text:
        text += ": cannot tell"
    # (a which-container answer's text is these words: `_no_exit`)
    untied = _untold(f.untold, v.unsure_why) if f.untold else ""
    if untied and decided.kind != "which-container":
        text += f"; {untied}"
    if f.inconsistent:
        text += f"; {f.inconsistent}"
    if v.record is not None and v.record.containers > 1:
        text += f"; {_together(v.record, v.name)}"
    if v.record is not None and v.record.one_of and v.record.containers == 1:
        # (README: a nameless end is the pod's; a row's of several says so in `_together`)
        text += (f"; which of the pod's containers ({', '.join(v.record.one_of)}) this is, "
                 "the record does not tell: this is the pod's answer (some container of it, "
                 "none named)")
    return Diagnosis(decided.cause, decided.kind, text, probe,
                     tuple(sorted(failed, key=order.__getitem__)), kills, _shows_end(f),
                     _summed_prevention(f, decided) or _prevention(story, decided),
                     decided.because, untied)


def _runs(streaks: list[Streak], by_type: dict[ProbeType, Setting], restarts: int | None,
          rule: FailureRunAfterKill) -> list[tuple[Streak, int]]:
    """The liveness and startup failures the record proves came in a row, with the kills
    they made: a series of n >= failureThreshold failures of a probe whose settings the
    record (or --spec) gives, over a span in which no more than n of its calls fit
    (kubelet.timing.calls_within), or of failureThreshold 1, each failure a run of its own
    whatever the span (`_in_a_row`): every call was a failure, each failureThreshold-th in a
    row turned the result to Failure (R1.17) and killed (R4.1), and the run starts again
    after each kill (kubelet-rules §1.5 step 14): n // failureThreshold kills (before 1.7 the
    run went on, and each failure after the first kill killed: `timing.most_kills`), no more
    than the record's restart count (a kill still under way has not restarted the
    container). An errored call of the probe in the record (R2.2: up to three attempts,
    thrown away) may have held a tick longer than its timeout: then no span proves a row."""
    out: list[tuple[Streak, int]] = []
    for t in KILLERS:
        setting = by_type.get(t)
        if setting is None or setting.source not in (Source.RECORD, Source.SPEC) or any(
                x.probe is t and x.outcome is ProbeOutcome.ERRORED for x in streaks):
            continue
        for s in failed_streaks(streaks, t):
            if s.count < setting.failure_threshold:
                continue
            kills = most_kills(s.count, setting.failure_threshold,
                               rule if t is LIVENESS else FailureRunAfterKill.RESET)
            if restarts is not None:
                kills = min(kills, restarts - sum(k for _, k in out))
            if kills > 0 and _in_a_row(s, setting):
                out.append((s, kills))
    return out


def _in_a_row(s: Streak, setting: Setting) -> bool:
    """Whether the record proves a streak's failures came in a row: with failureThreshold 1
    every failure is a run of its own that reaches it (the worker writes Failure at the
    first, R1.17, and the kubelet kills on the sync it triggers, R4.4), whatever the span,
    times or none; else no more calls fit in its span than it counts
    (`timing.calls_within`)."""
    if setting.failure_threshold == 1:
        return True
    span = _longest(s)
    return span is not None and calls_within(
        _probe(setting), span, call_seconds=float(setting.timeout)) <= s.count


def _longest(s: Streak) -> float | None:
    """The longest the record lets a streak's span be, first to last failure."""
    if s.first.lo is None or s.last.hi is None:
        return None
    return max(0.0, s.last.hi - s.first.lo)


def _inferred(f: _Facts) -> _Decided:
    """Kills the record does not show but proves: failures in a row (`_runs`)."""
    s, _ = f.in_a_row[0]
    setting = f.by_type[s.probe]
    n = sum(k for _, k in f.in_a_row)
    cause = Cause.LIVENESS_KILL if s.probe is LIVENESS else Cause.STARTUP_KILL
    least = "" if s.count_stated else "at least "
    row = ("each failure a run of its own" if setting.failure_threshold == 1 else
           f"no more than {s.count} calls of a probe every {setting.period} s fit in the "
           f"{rc.duration_text(_longest(s) or 0.0)} they span")
    return _Decided(cause, f"inferred-{s.probe.value}-kill", (
        f"inferred, not recorded: the kubelet killed the container {least}"
        f"{plural(n, 'time')}, because its {s.probe.value} probe failed {least}"
        f"{'once' if s.count == 1 else f'{s.count} times'} in a row ({row}), and "
        f"{_each_kill(setting.failure_threshold, f.rule, s.probe)} (failureThreshold "
        f"{setting.failure_threshold}, R1.17, R4.1); the record shows no Killing event"))


def _each_kill(threshold: int, rule: FailureRunAfterKill, t: ProbeType) -> str:
    """Which failures kill, under the record's kubelet (§1.5 step 14, E3)."""
    if threshold == 1:  # a run of 1 under every kubelet
        return "each failure kills"
    if rule is FailureRunAfterKill.KEPT and t is LIVENESS:
        return (f"the {rc.nth(threshold)} failure in a row kills, and, the run kept across "
                "the kill, every failure after it")
    if rule is FailureRunAfterKill.ONE and t is LIVENESS and threshold > 1:
        return (f"the {rc.nth(threshold)} failure in a row kills, and, a run of 1 kept "
                f"across the kill, each {rc.nth(threshold - 1)} after it")
    return f"each {rc.nth(threshold)} failure in a row kills"


def _file_gone(f: _Facts) -> _FileGone | None:
    """A kill the container's command proves: its exec liveness probe only tests a file
    (`command.probe_file`) that the command removes for good (`command.read_file_life`);
    every call before the removal finds the file (the command wrote it by
    initialDelaySeconds, or removes it before then), so a container's failures come in a row
    and its failureThreshold-th kills it (R1.17, R4.1), long before the command ends. The
    record's failureThreshold or more failures then cannot all be those of containers that
    ended otherwise: the last one (still running when the record was taken) holds fewer, and
    any other was killed. At least one kill; an inference, labelled so."""
    setting, v = f.by_type.get(LIVENESS), f.view
    rec, spec = v.record, v.spec
    if setting is None or setting.source is not Source.RECORD or rec is None or spec is None:
        return None
    probe = spec.liveness_probe
    if probe is None or not isinstance(probe.handler, ExecAction):
        return None
    probed = probe_file(probe.handler.command)
    life = read_file_life(rec.command, rec.args, probed) if probed is not None else None
    if not isinstance(life, FileLife) or life.gone is None:
        return None
    d = float(setting.initial_delay)
    if life.gone > d and (life.present is None or life.present > d):
        return None  # a call before the removal may find no file: failures not in a row
    # the threshold-th failure after the removal, at the latest: the first call within a
    # period of it (or of initialDelaySeconds), then a period apart (R1.7, R1.17)
    killed_by = detection_seconds(_probe(setting), call_seconds=float(setting.timeout),
                                  first_tick=max(life.gone, d) + setting.period)
    n = sum(s.count for s in failed_streaks(f.story.streaks, LIVENESS))
    if n < setting.failure_threshold or (life.ends is not None and life.ends <= killed_by):
        return None
    return _FileGone(n, life, setting, " ".join(probe.handler.command), rec.command is None)


def _inferred_from_command(g: _FileGone) -> _Decided:
    """The kill the container's command proves (`_file_gone`), said as the inference it is."""
    setting = g.setting
    read = ("the pod's args, read as the command: it gives none, and the image's ENTRYPOINT "
            "is taken to run them as they are" if g.assumed_entrypoint else
            "the container's command")
    return _Decided(Cause.LIVENESS_KILL, COMMAND_KIND, (
        f"inferred from the container's command, not recorded: the kubelet killed the "
        f"container at least once, because its liveness probe `{rc.clip(g.probe, 60)}` "
        f"failed {g.failures} times, and {g.life.text}; so in each container the failures "
        f"come in a row and the {rc.nth(setting.failure_threshold)} kills it "
        f"(failureThreshold {setting.failure_threshold}, R1.17, R4.1), and {g.failures} "
        "failures cannot all be those of the one container still running; the record shows "
        f"no Killing event (read from {read}, each of its commands taken to do what it "
        "says)"))


def _untold(untold: list[Streak], why: str) -> str:
    """What the failures the record ties to no container say, and do not (a message cut
    before its verb, messages.cut_probe_head: failed or errored, which it does not say)."""
    cut = [s for s in untold if s.outcome is ProbeOutcome.UNTOLD]
    said = (f" (of them {_count(cut)} failed or errored, the message cut before its verb: "
            "which of them the record does not say, R2.3)") if cut else ""
    return (f"the record shows {_failures(untold)}{said} naming no container, and "
            f"{why}: cannot tell which container's probe failed, so they are not counted as "
            "this container's")


def _shows(f: _Facts) -> bool:
    """Whether the record shows probe failures, kills or restarts (or an end). A Pulled row
    of two occurrences or more is a container started again (`View.pulled_again`; README's
    Pulled rule: the kubelet ensures the image before each start, EnsureImageExists), so a
    restart, whatever the row's message lost to a cut (its count is before the cut)."""
    return bool(f.story.streaks or f.unnamed) or _ends_shown(f)


def _ends_shown(f: _Facts) -> bool:
    """Whether the record shows kills, restarts or an end of the container (`_shows` without
    its probe failures)."""
    s = f.story
    # (a Completed end that is the container's work done shows no failure: the work-done rule)
    exits = [x for x in s.exits if not (x.which == "current" and _done(f.view))]
    return bool(s.kills or f.floor or exits or s.back_offs is not None
                or s.restart_count or f.view.pulled_again >= 2
                or bool(f.view.sandbox)  # (README's sandbox rule: failures shown)
                or f.view.evicted is not None  # an eviction ends the pod's containers
                or _row_sum_ends(f) is not None)  # the pod's restarts, of its several


def _shows_end(f: _Facts) -> bool:
    """Whether the record shows probe failures, kills or restarts (`_shows`), or the app's own
    end alone: a line its runtime prints only as its process ends (readers/app_end.py; the
    corpus README's rule: it shows that the container's process ended)."""
    return _shows(f) or bool(f.view.app_end)


def _unnamed(v: rc.View) -> list[RecordedEvent]:
    """Probe failures whose message names no probe (a page's placeholder for a kubelet log
    line, `Probe failed for pod...: ...`, duoke360-30017), or whose message the record lost
    (an Unhealthy row cut before it, `Warning  Unhealthy  3m (x5 over 10m)  kubelet`, or
    one or two letters into it, `L`, too few to name the probe, `too_short_to_name`: the
    kubelet records Unhealthy for a probe call that failed or errored alone, R2.3): some
    probe failed, at least once; which one the record does not say, so it may be liveness
    or startup, which kill (R1.17). One whose message the record lost that names no container
    beside several is each one's that may own it (`View.unsure`, rc.probe_lost; fix91)."""
    return [e for e in v.events if rc.probe_lost(e) or (
        e.reason == "Unhealthy" and not e.truncated and not cut_short(e.message)
        and probe_event(e.message) is None and not _NAMES_PROBE.match(e.message))
        ] + [e for e in v.unsure if rc.probe_lost(e)]


# a message that starts with a probe's name names it, whatever follows (a row cut inside it)
_NAMES_PROBE = lazy_regex(r"^\s*(?:liveness|readiness|startup)\b", re.IGNORECASE)


def _unnamed_probe(f: _Facts) -> _Decided | None:
    """The only failures in the record name no probe (`_unnamed`): what ended the container,
    if anything did, cannot be told."""
    unnamed = f.unnamed
    if not unnamed:
        return None
    lines = ", ".join(str(e.where.line) for e in unnamed[:3] if e.where.line)
    what = "that does not name its probe" if all(e.message.strip() for e in unnamed) else \
        "whose probe the record lost (an Unhealthy row cut before its message)"
    if any(e in f.view.unsure for e in unnamed):  # (rc.probe_lost beside several; fix91)
        what += f", naming no container ({f.view.unsure_why}: it may be this one's)"
    because = (f"the record shows a probe failure{f' (line {lines})' if lines else ''} {what}"
               ": a liveness or startup failure may have reached "
               "failureThreshold and killed the container (R1.17), a readiness failure never "
               "does (R3.4)")
    return _Decided(Cause.CANNOT_TELL, "which-probe",
                    f"cannot tell what ended the container, because {because}", because)


# ---------------------------------------------------------------- the cause


def _decide(f: _Facts) -> _Decided:
    if f.oom is not None:
        return _oom_unordered(f) or _oom(f)
    if f.probe_kills:
        t = ProbeType(f.probe_kills[-1].cause)
        cause = Cause.LIVENESS_KILL if t is LIVENESS else Cause.STARTUP_KILL
        return _Decided(cause, f"{t.value}-kill", _kill_text(f, t))
    if f.either_kills:
        return _either_kill(f)
    if f.in_a_row:
        return _inferred(f)
    if f.by_command is not None:
        return _inferred_from_command(f.by_command)
    unready = _errored_unready(f)
    if unready is not None:
        return unready
    if f.errored and (not f.failed or _stopped(f)):
        return _Decided(Cause.CANNOT_TELL, "probe-errors", (
                            "the probe could not run (prober errors: "
                            f"{rc.clip(f.errored[0].detail, 80)}); errors are thrown away, not "
                            "counted: the probe never killed the container (R2.2, E4)"),
                        "prober errors never kill; the record does not say what else did")
    if f.unknown_kills and _quiet_hour(f):
        return _no_probe_in_the_hour(f)
    if f.unknown_kills:
        n = rc.kill_total(f.unknown_kills)
        because = _untold_kills(f)
        # the kubelet did the killing, and the record does not say why: "cannot tell" is
        # explain's, not the kubelet's (its subject once read as the kubelet)
        return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
            f"cannot tell whether a probe caused the kubelet's {plural(n, 'kill')} of the "
            f"container, because {because}"), because)
    not_probe = _not_probe(f) or _other_kill(f)
    if not_probe is not None:
        return not_probe
    if f.ended is not None:
        return _work_done(f, f.ended) or _counted_exit(f, f.ended) or _exit(f, f.ended)
    return _no_exit(f)


def _done(v: rc.View) -> bool:
    """Whether the container's current end is its work done: a Completed end (exit code 0)
    in a pod the record marks as one that runs to its end (work_done.py: phase Succeeded, a
    Job's pod, restartPolicy Never or OnFailure): no failure shown by that end (the corpus
    README's work-done rule, stop 60). Whether it was no kill is `_done_unkilled`'s."""
    return bool(v.work_done) and completed_end(v.record)


def _done_unkilled(v: rc.View) -> bool:
    """Whether the container's work-done end (`_done`) was no probe's kill: only under
    restartPolicy OnFailure, where the kubelet restarts a probe-killed container whatever its
    exit code (E13), so a last Completed end was the process's own. Under Never (a Succeeded
    pod's, a Job's of no policy shown) a process that answers a kill's SIGTERM with exit 0
    ends Completed too and is not restarted (R4.23): that end may be a kill."""
    return _done(v) and v.restarts_on_failure


def _work_done(f: _Facts, x: Exit) -> _Decided | None:
    """The container's one end shown is its work done (`_done`), and the record shows no
    earlier end (no restart counted, no last state) and no liveness or startup failure: it
    ended by itself, and no probe killed it (the work-done rule). Earlier ends shown leave
    their causes to the rules below (their kills `{0, R}`: the last end is no kill, so
    `_last_killable` adds none); None then."""
    if not _done_unkilled(f.view) or f.floor or any(e.which == "last" for e in f.story.exits) or \
            (f.view.record is not None and f.view.record.restart_count) or f.unnamed or \
            f.cut or any(s.probe in KILLERS for s in f.failed):
        return None
    because = (f"{f.view.work_done}: a container of such a pod that exits 0 has done its work "
               "and is not started again (R4.23; E13: under OnFailure a probe-killed "
               "container is restarted whatever its exit code), and the record shows no "
               "earlier end")
    return _Decided(Cause.APP_EXIT, "app-exit", (
        f"the container ended by itself, its work done ({x.reason or 'terminated'}, exit "
        f"code {x.exit_code}); {because}, so no probe killed it"),
        closes=f"its one end is its work done ({because})")


def _either_kill(f: _Facts) -> _Decided:
    """Kills the record gives a failing probe as the cause of, naming neither kind
    (KillCause.PROBE): the kubelet kills a running container for a check only by its liveness
    or startup probe (R4.1, R4.4; readiness kills nothing, R3.4), so a probe killed it, which
    one the record does not say: cannot tell which, and no probe named as failing."""
    n = rc.kill_total(f.either_kills)
    because = ("the record does not say which probe: the kubelet kills a running container for "
               "a failing check only by its liveness or startup probe (R4.1, R4.4; readiness "
               "kills nothing, R3.4)")
    return _Decided(Cause.CANNOT_TELL, "which-probe", (
        f"the kubelet killed the container {'at least once' if n == 1 else plural(n, 'time')} "
        "for a failing probe: liveness or startup, the record does not say which"), because)


def _untold_kills(f: _Facts) -> str:
    """Why kills the kubelet recorded without their cause are not told: no probe failure
    before them, or failures that do not show that a kill was due (engine._can_kill)."""
    failed = [s for s in f.failed if s.probe in KILLERS]
    if not failed:
        return ("the record does not say why: the kubelet recorded no reason for the kill "
                "and no probe failure before it")
    given = any(s.source in (Source.RECORD, Source.SPEC) for s in f.killers)
    one = _one(failed)
    return (f"the record does not say why: its Killing rows name no cause, and the probe "
            f"{'failure' if one else 'failures'} before them ({_count(failed)}) "
            f"{'does' if one else 'do'} not show that a kill was due ("
            + ("fewer than failureThreshold in a row" if given else
               "the record gives no failureThreshold to count them against") + ", R1.17)")


def _other_kill(f: _Facts) -> _Decided | None:
    """A kill the kubelet recorded for another reason than a probe (the pod deleted or torn
    down, its spec changed) and no exit reason: a probe did not end the container, and the
    record does not say what made the kubelet stop it."""
    other = [k for k in f.story.kills if k.cause in (KillCause.STOPPING, KillCause.SPEC_CHANGE)]
    if not other or f.ended is not None:
        return None
    if f.view.evicted is not None:  # an eviction: the record says why, not in the causes'
        because = (f"the kubelet stopped it ({rc.clip(other[-1].message, 80)}) when it evicted "
                   f"the pod (Evicted: {rc.clip(f.view.evicted, 80)}): an end none of explain's "
                   "causes names, neither a probe's kill nor the app's own exit")
        return _Decided(Cause.CANNOT_TELL, "other-kill", f"no probe ended the container: "
                        f"{because}", because)
    because = (f"the kubelet stopped the container for no probe ({rc.clip(other[-1].message, 80)})"
               ": a deletion, the pod's teardown or a spec change, which the record does not "
               "tell apart")
    if all(k.cause is KillCause.SPEC_CHANGE for k in other):  # the message says which (R4.1)
        because = (f"the kubelet stopped it when its definition changed "
                   f"({rc.clip(other[-1].message, 80)}): the pod's spec was edited (R4.1: a "
                   "spec change takes precedence over the probes)")
        return _Decided(Cause.CANNOT_TELL, "spec-change", (
            "no probe ended the container, nor the app by itself: cannot tell it as a probe's "
            f"kill or an exit, because {because}"), because)
    return _Decided(Cause.CANNOT_TELL, "other-kill",
                    f"no probe ended the container, and cannot tell what did: {because}", because)


def _errored_unready(f: _Facts) -> _Decided | None:
    """The readiness probe's errors alone, in the pod's events whole from its Scheduled row on
    (`View.since_scheduled`: none cut, fewer occurrences than the recorder's burst), which show
    no kill, restart or end: a prober's error is thrown away (R2.2, E4), so the readiness
    result stays what it was, Failure from the container's start until a call succeeds (the
    readiness worker's initial value, kubelet rules §1.7): the container is not Ready by its
    readiness probe, and nothing ended it (every probe kill records a Killing event, R4.4):
    readiness-only (the corpus README's readiness-only rule, dagster-9014). Rows cut
    (kudobuilder-operators-11), another probe's errors or failures, an error of a container
    no longer running (`_stopped`) or an end shown leave it to the rules below; None then."""
    if not f.errored or f.failed or f.cut or f.unnamed or f.untold or _stopped(f) or \
            any(s.probe is not READINESS for s in f.errored) or \
            not f.view.since_scheduled or _ends_shown(f) or f.view.app_end:
        return None
    return _Decided(Cause.READINESS_ONLY, "readiness-only", (
        f"only readiness errored ({_count(f.errored)}; prober errors: "
        f"{rc.clip(f.errored[0].detail, 80)}): errors are thrown away, not counted (R2.2, "
        "E4), so the readiness result stays what it was, Failure from the container's start "
        "until a call succeeds (its first value, kubelet rules §1.7): the pod leaves Ready (no traffic), and the pod's events, whole "
        "from its Scheduled row, show no kill, restart or end: nothing is restarted by a "
        "probe"))


def _stopped(f: _Facts) -> bool:
    """Whether a prober error says the container was no longer running: it had ended, and
    the readiness failures before cannot have ended it (R1.17)."""
    return any("not running" in s.detail for s in f.errored)


def _probe_kill_ceiling(f: _Facts) -> int:
    """The most kills the recorded liveness/startup failures can have caused (with an assumed
    failureThreshold, as if it were 1)."""
    total = 0
    for t in KILLERS:
        setting = f.by_type.get(t)
        n = sum(s.count for s in failed_streaks(f.story.streaks, t))
        known = setting is not None and setting.source != "assumed"
        total += most_kills(n, setting.failure_threshold if known and setting is not None
                            else 1, f.rule if t is LIVENESS else FailureRunAfterKill.RESET)
    return total


def _not_probe(f: _Facts) -> _Decided | None:
    """More restarts than the recorded probe failures can have made: those are not probe
    kills, where the failures are all there were (`_failures_whole`) or the last end shown
    is the app's own (its exit stated) beside rows none cut (linkerd2-7233: its cut above the
    Events header leaves the table whole). Neither past the event recorder's burst
    (`_dropped`): the correlator counts an occurrence before the spam filter drops it, so a
    dropped failure shows only in its row's next written occurrence, and not at all if none
    follows; the failures shown count from below and bound no kills from above (R4.43)."""
    ceiling = _probe_kill_ceiling(f)
    if not (f.floor and f.failed and ceiling < f.floor) or _unseen_probe(f) or _apart(f) \
            or _dropped(f):
        return None  # (unseen: a probe the record does not show may have made them)
    counts = _count(f.failed)
    x = f.ended
    # (rows cut away may hold a liveness failure and its kill, the stated exit then a
    # SIGTERM's, R4.23: the app's own exit bounds the kills only beside rows none cut; README's
    # counting rules, the author's cut)
    if x is not None and x.cause in (ExitCause.APP, ExitCause.COMPLETED) and not f.view.rows_cut:
        return _Decided(Cause.APP_EXIT, "app-exit", (
            f"the container exits by itself ({x.meaning}); its probe failures ({counts}) "
            f"cannot account for its restarts ({f.floor_why})"), closes=(
            f"it exits by itself ({x.meaning}), and its probe failures ({counts}) make at most "
            f"{plural(ceiling, 'kill')}, fewer than its restarts ({f.floor_why}): R1.17"))
    if not _failures_whole(f):
        return None  # failures the record does not show may have made the restarts
    tail = (f"the last container ended: {x.meaning}" if x is not None else
            "the record does not say what ended them (lastState)")
    because = (f"the recorded probe failures ({counts}) allow at most {ceiling} probe kills "
               f"and {tail}")
    return _Decided(Cause.CANNOT_TELL, "not-probe", (
        f"at least {f.floor - ceiling} of the restarts ({f.floor_why}) are not probe kills, and "
        f"cannot tell what ended them, because {because}"), because)


def _failures_whole(f: _Facts) -> bool:
    """Whether the record's probe failures are every failure the restarts it counts followed,
    so that their count bounds the kills from above: the pod's events from its Scheduled row
    on, none cut (`View.since_scheduled`), or rows none cut whose own counts (Created or
    Started rows, back-off refusals) prove the restarts, so that those ends lie in the span
    the rows show. A restart count alone counts ends older than the events (kept an hour
    after their last occurrence, --event-ttl) or in rows cut away, whose failures the record
    does not show (README's counting rules; rancher-44649's 32 restarts under a `...`). Past
    the event recorder's burst (`_dropped`) no count is every failure: the correlator counts an
    occurrence before the spam filter drops it, so a dropped failure shows only in its row's
    next written occurrence, and not at all if none follows (R4.43)."""
    v = f.view
    if v.since_scheduled:
        return True
    b = f.story.back_offs
    shown = max([e.count - 1 for e in _own_starts(v) if e.count_stated]
                + [_backoff_restarts(b.count) if b is not None else 0])
    return not v.rows_cut and shown >= f.floor and not _dropped(f)


def _apart(f: _Facts) -> bool:
    """Whether the restarts counted are a `get pods` row's, a moment the events may precede
    (a describe taken earlier): failures the events show do not bound restarts after them."""
    rec = f.view.record
    return rec is not None and rec.restart_apart and f.floor == rec.restart_count


def _count(streaks: list[Streak]) -> str:
    """`3 readiness, 2 liveness`; `at least 1 liveness` where a row states no count (a row
    without COUNT is at least one occurrence: the README's counting rules)."""
    by: dict[str, int] = {}
    lower: set[str] = set()
    for s in streaks:
        by[s.probe.value] = by.get(s.probe.value, 0) + s.count
        if not s.count_stated:
            lower.add(s.probe.value)
    return ", ".join(f"{'at least ' if t in lower else ''}{n} {t}" for t, n in by.items()) \
        or "none recorded"


def _failures(streaks: list[Streak]) -> str:
    """`1 readiness probe failure`, `3 readiness, 2 liveness probe failures`."""
    return f"{_count(streaks)} probe {'failure' if _one(streaks) else 'failures'}"


def _one(streaks: list[Streak]) -> bool:
    """Whether the streaks are one failure the record counts so (`at least 1` is not)."""
    return sum(s.count for s in streaks) == 1 and all(s.count_stated for s in streaks)


def _oom(f: _Facts) -> _Decided:
    assert f.oom is not None
    ooms = {x.which for x in f.story.exits if x.cause is ExitCause.OOM}
    which = ("its current and its last state" if ooms == {"current", "last"} else
             "its current state" if ooms == {"current"} else "its last state" if ooms == {
                 "last"} else "in a state whose kind, current or last, the record does not "
             "show")
    extra = (f"; the record also shows {plural(rc.kill_total(f.probe_kills), 'probe kill')}"
             if f.probe_kills else "")
    # a record of several containers the record does not tell apart (a `get pods` row of
    # READY x/N): its STATUS is one of them's
    who = "one of the containers" if f.story.containers > 1 else "the container"
    return _Decided(Cause.OOM_KILLED, "oom", (
        f"{who} was OOMKilled ({which}): it reached its memory limit and the kernel "
        f"killed it, not a probe{extra}"), closes=(
            f"OOMKilled ({which}): the kernel's OOM killer ended it, not a probe"))


def _oom_unordered(f: _Facts) -> _Decided | None:
    """An OOMKilled end the record places in no state (`Exit.which` untold: an author's
    `restarted due to OOMKilled`, no State or Last State line) and at no time, beside probe
    kills (a kill stated in prose, or a Killing row): the record does not order them, so
    which end was the last is not told, and neither cause is the answer (the corpus README:
    ends of different causes stated of the pods in no order leave the cause open). A status
    field (State, Last State) is the last end whatever kill came before it (R4.7), and its
    finish time orders it: both stay the OOM's (`_oom`). None elsewhere."""
    assert f.oom is not None
    if f.oom.which != "untold" or not f.probe_kills or f.oom.finished.known:
        return None
    kill = ProbeType(f.probe_kills[-1].cause).value
    kills = plural(rc.kill_total(f.probe_kills), f"{kill} probe kill")
    because = (f"the record states an OOMKilled end and {kills} of the container, neither "
               "placed in its State or "
               "Last State nor timed: which of them ended it last the record does not order")
    return _Decided(Cause.CANNOT_TELL, "cannot-tell",
                    f"cannot tell what ended the container last, because {because}", because)


def earliest_kill(s: Setting) -> float:
    """The soonest after its start a container can be killed by this liveness or startup
    probe: its first probe at initialDelaySeconds at the earliest grid phase, then
    failureThreshold failures a period apart, each refused at once (R1.7, R1.17;
    kubesim.kubelet.timing.detection_seconds)."""
    probe = _probe(s)
    return detection_seconds(probe, call_seconds=0.0, first_tick=float(s.initial_delay))


def _probe(s: Setting) -> Probe:
    return Probe.model_validate({"exec": {"command": ["true"]}, "periodSeconds": s.period,
                                 "timeoutSeconds": s.timeout,
                                 "failureThreshold": s.failure_threshold,
                                 "successThreshold": 1,
                                 "initialDelaySeconds": s.initial_delay})


def _ran(x: Exit) -> float | None:
    if x.started.epoch is None or x.finished.epoch is None:
        return None
    return x.finished.epoch - x.started.epoch


def _untold_exit(x: Exit) -> _Decided:
    """An end of a container with no liveness or startup probe whose record gives neither
    its exit code nor its reason (a kubelet's log line saying it is dead, klog.py): no probe
    killed it (R1.17), and what did the record does not show (README: app-exit needs the
    exit shown, a code or a reason; an OOM kill is not ruled out)."""
    because = (f"{x.meaning} and no reason; it has no liveness or startup probe, so no probe "
               "killed it")
    return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
        f"no probe ended the container, and cannot tell what did: {because}"), because,
        closes=f"it ended ({x.meaning}), and it has no liveness or startup probe: only those "
        "kill (R1.17)")


def _unrun_or_lost(f: _Facts, x: Exit) -> _Decided | None:
    """An end whose process never ran (ContainerCannotRun, StartError) or that the kubelet
    lost (ContainerStatusUnknown, no probe to kill it): cannot tell; None for others."""
    if x.cause is ExitCause.RUNTIME:  # ContainerCannotRun, StartError: the process never ran
        because = (f"{x.meaning} ({x.reason or 'its reason not given'}, exit code "
                   f"{x.exit_code if x.exit_code is not None else 'not given'}): the container "
                   "never ran, and a probe kills only a running container (R1.25)")
        return _Decided(Cause.CANNOT_TELL, "not-started", (
            "no probe ended the container, and it did not exit by itself: cannot tell it as a "
            f"kill or an exit, because {because}"), because)
    if not f.killers and f.settings_shown and x.reason in _LOST:
        # ContainerStatusUnknown: the kubelet lost the container (R4.45: its 137 is written,
        # no signal); nothing says it exited
        because = (f"{x.meaning}, so the record does not say how it ended; it has no liveness "
                   "or startup probe, so no probe killed it")
        return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
            f"no probe ended the container, and cannot tell what did: {because}"), because)
    return None


def _exit(f: _Facts, x: Exit) -> _Decided:
    """An end the record gives the reason of, with no Killing event: weighed against the
    earliest kill the probes allow."""
    killers = f.killers
    unrun = _unrun_or_lost(f, x)
    if unrun is not None:
        return unrun
    if not killers and f.settings_shown and x.exit_code is None and not x.reason:
        return _untold_exit(x)
    if not killers and f.settings_shown and x.cause not in SIGNALS:
        return _plain_init_exit(f, x) or _Decided(Cause.APP_EXIT, "app-exit", (
            f"the container ended by itself: {x.meaning}; it has no liveness or startup probe, "
            "so no probe could have killed it"), closes=(
            f"it ended by itself ({x.meaning}), and it has no liveness or startup probe: only "
            "those kill (R1.17)"))
    ran = _ran(x)
    if killers and ran is not None:
        first = min(killers, key=earliest_kill)
        soonest = earliest_kill(first)
        if ran < soonest:
            return _earlier_ends(f, x, ran, first) or _Decided(Cause.APP_EXIT, "app-exit", (
                f"the container ended by itself: {x.meaning}; it ran {ran:g} s, and its "
                f"{first.probe.value} probe cannot kill before {soonest:g} s "
                f"(initialDelaySeconds {first.initial_delay} + {first.failure_threshold - 1} x "
                f"periodSeconds {first.period}): not a probe kill"), closes=(
                f"it ran {_secs_text(ran)}; the earliest {first.probe.value} kill comes "
                f"{_secs_text(soonest)} after its start: R1.7, R1.17"))
    because = _exit_because(f, x, ran)
    return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
        f"the last container ended ({x.meaning}) and cannot tell whether a probe killed it, "
        f"because {because}"), because)


def _counted_exit(f: _Facts, x: Exit) -> _Decided | None:
    """The app's own exit (an error code or 0, no signal's) beside the pod's events as a
    counted table from its Scheduled row on, none cut, with no probe event among them
    (`_counted_table_shows_none`): a probe kill follows failureThreshold Unhealthy rows the
    table would hold (README's back-off rule), so the end is the app's; None elsewhere."""
    if f.killers or x.cause not in (ExitCause.APP, ExitCause.COMPLETED) or \
            not _counted_table_shows_none(f):
        return None
    because = ("the pod's events, counted from its Scheduled row on and none cut, show no "
               "liveness or startup failure, which a probe's kill follows (R1.17)")
    return _Decided(Cause.APP_EXIT, "app-exit", (
        f"the container ended by itself: {x.meaning}; {because}, so no probe killed it"),
        closes=f"it ended by itself ({x.meaning}), and {because}")


def _ends_counted(f: _Facts) -> int | None:
    """The container's ends its restart count counts: one before each restart, and the last
    container's where the record shows it ended (R4.7, `_last_killable`); None without a
    count that bounds the kills (`_restart_bound`)."""
    count = _restart_bound(f)
    return None if count is None else count + (1 if _last_killable(f.view) else 0)


def _earlier_ends(f: _Facts, x: Exit, ran: float, first: Setting) -> _Decided | None:
    """The last end shown came before the earliest kill its probe allows, the app's own, but
    the restart count counts earlier ends the record does not show, each of which may have
    been a kill of an instance that ran past it: what ended the container, its ends taken
    together, cannot be told (README's counting rules, the author's cut: an end the record
    states as the app's own bounds the kills at the failures shown only beside rows none cut,
    as linkerd2-7233 would read with its rows cut; kubewarden-policy-server-239). None where
    the count shows no earlier end, or the events hold every failure the restarts followed
    (`_failures_whole`: the pod's whole stream, or rows none cut that count every restart):
    then the app's own end stands for them all."""
    ends = _ends_counted(f)
    if ends is None or ends < 2 or _failures_whole(f):
        return None
    earlier = ends - 1
    soonest = earliest_kill(first)
    because = (f"restartCount {_restart_bound(f)} counts {plural(earlier, 'earlier end')} "
               f"the record does not show (no event of them, nor how long each ran): each may "
               f"have been a {first.probe.value} kill of a container that ran past "
               f"{soonest:g} s (R1.17, R4.7)")
    return _Decided(Cause.CANNOT_TELL, "earlier-ends", (
        f"the last container ended by itself ({x.meaning}; it ran {ran:g} s, and its "
        f"{first.probe.value} probe cannot kill before {soonest:g} s), and cannot tell what "
        f"ended the {plural(earlier, 'container')} before it, because {because}"), because)


def _earlier_ends_most(f: _Facts, decided: _Decided) -> tuple[int, str] | None:
    """The kills' ceiling beside an app's own last end and earlier ends the record does not
    show (`_earlier_ends`), and why: every end the restart count counts, less that last one;
    None for any other decision."""
    ends = _ends_counted(f)
    if decided.kind != "earlier-ends" or ends is None:
        return None
    return ends - 1, (
        f"at most {ends - 1}: restartCount {_restart_bound(f)}, one end before each restart"
        + (" and the last container's" if ends > (_restart_bound(f) or 0) else "")
        + " (R4.7), less the last end, the app's own (it came before the earliest kill: "
        "R1.7, R1.17)")


def _plain_init_exit(f: _Facts, x: Exit) -> _Decided | None:
    """The exit of an init container the record shows is no sidecar (plain_init.py): it takes
    no probe at all (R5.9), so it ended by itself; None for any other container."""
    rec = f.view.record
    why = rec.plain_init if rec is not None else None
    if why is None:
        return None
    plain = (f"it is a plain init container, no sidecar ({why}), and the API server refuses "
             "liveness, readiness and startup probes on one (R5.9)")
    return _Decided(Cause.APP_EXIT, "app-exit", (
        f"the container ended by itself: {x.meaning}; {plain}, so no probe could have killed "
        "it"), closes=f"it ended by itself ({x.meaning}); {plain}: no probe kills it")


def _exit_because(f: _Facts, x: Exit, ran: float | None) -> str:
    killers = f.killers
    rec = f.view.record
    if not killers and rec is not None and rec.probe_cut:
        return ("the record does not hold the container's probe lines whole (it has a probe "
                "whose settings are cut away or not read) and shows no Killing event "
                + _missing(f))
    if not killers:
        return ("the record shows neither the container's probes nor a Killing event "
                + _missing(f))
    first = min(killers, key=earliest_kill)
    soonest = earliest_kill(first)
    when = (f"it ran {ran:g} s, past the earliest kill its {first.probe.value} probe allows "
            f"({soonest:g} s)" if ran is not None else
            "the record does not say how long it ran")
    return (f"{when}, and the record shows no Killing event: a process that exits "
            f"{x.exit_code if x.exit_code is not None else 'as it did'} on SIGTERM after a "
            "kill looks the same as one that ended by itself " + _missing(f))


def _cut_outcome(f: _Facts) -> _Decided | None:
    """The container's only failures are calls whose message is cut before its verb
    (`f.cut`, messages.cut_probe_head): each failed or errored, which the record does not say
    (R2.2, R2.3), and nothing else shows an end: what happened cannot be told. None where
    there is no such call."""
    if not f.cut:
        return None
    because = (f"the record shows the probe's calls ({_count(f.cut)}) failed or errored, "
               "their messages cut before the verb: which of them it does not say (R2.2, "
               "R2.3), and it shows no kill, restart or exit")
    return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
        f"cannot tell whether a probe ended the container, because {because}"), because)


def _no_exit(f: _Facts) -> _Decided:
    """No kill and no exit reason in the record."""
    live = [s for s in f.failed if s.probe in KILLERS]
    if f.floor:
        likely = _likely(f)
        if likely is not None:
            return likely
        who = _who(f)
        because = (f"{who} restarted ({f.floor_why}) but the record shows no kill and no exit "
                   "reason " + _missing(f))
        return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
            f"cannot tell why {who} restarted, because {because}"), because)
    if live:
        decided = _no_kill(_per_probe(live), f.by_type, f.rule, _dropped(f))
        return decided if decided.cause is not Cause.READINESS_ONLY else \
            _app_end(f, beside_readiness=True) or decided
    # (a failure whose probe the record does not tell may be a liveness one: `_unnamed_probe`)
    if [s for s in f.failed if s.probe is READINESS] and not f.unnamed:
        return _app_end(f, beside_readiness=True) or _Decided(
            Cause.READINESS_ONLY, "readiness-only", (
                "only readiness failed: the pod leaves Ready (no traffic), nothing is "
                "restarted by a probe"))
    if f.untold:
        because = _untold(f.untold, f.view.unsure_why)
        return _Decided(Cause.CANNOT_TELL, "which-container", (
            f"cannot tell whether this container's probes failed, because {because}"), because)
    held = _cut_outcome(f) or _held(f) or _row_sum_ends(f)  # (the pod's restarts beside a named container)
    if held is not None:
        return held
    if f.view.nameless_end:  # another record's end, of a container it does not name
        because = f.view.nameless_end
        return _Decided(Cause.CANNOT_TELL, "nothing",
                        f"cannot tell what ended the container, because {because}", because)
    if f.view.since_scheduled:  # the pod's whole stream of events: nothing is missing
        because = ("nothing did: the record holds the pod's events from its scheduling on, "
                   "none cut, and none is a probe failure, kill, restart or exit")
        return _Decided(Cause.CANNOT_TELL, "nothing",
                        f"cannot tell what ended the container, because {because}", because)
    return _app_end(f, beside_readiness=False) or _stated_apart(f) or _nothing()


def _stated_apart(f: _Facts) -> _Decided | None:
    """An end the record's author states of a name that is no pod or container it shows
    (readers/stated_apart.py: `Plex was OOM killed tonight`): a case, read as no container's
    end (the corpus README reads an OOM kill of the case's own pod or container), so what
    ended which container cannot be told; said with the statement."""
    if not f.view.stated_apart:
        return None
    because = f.view.stated_apart
    return _Decided(Cause.CANNOT_TELL, "nothing",
                    f"cannot tell what ended the container, because {because}", because)


def _row_sum_ends(f: _Facts) -> _Decided | None:
    """A container the record names without its own state or count beside a `get pods` row
    of the pod's several containers that shows ends (RESTARTS above 0, or a STATUS of a
    container ended: `ContainerRecord.row_sum`): the record shows the pod's restarts, this
    container's perhaps (kubectl's printPod sums every container's restartCount), so it never
    says it shows nothing (README's `shows_failures`); what ended them, not told. None
    otherwise."""
    rec = f.view.record
    if rec is None or rec.row_sum is None or not (rec.row_sum or rec.row_sum_ended):
        return None
    line = rec.row_sum_where.line if rec.row_sum_where is not None else "?"
    because = (f"the `get pods` row of line {line} shows the pod's containers restarted "
               f"(RESTARTS {rec.row_sum}, their counts' sum)"
               + (" and a container ended" if rec.row_sum_ended else "")
               + ", not which container, and the record shows none of this container's own "
               "state, count, kill or exit")
    return _Decided(Cause.CANNOT_TELL, "cannot-tell",
                    f"cannot tell whether or why this container restarted, because {because}",
                    because)


def _nothing() -> _Decided:
    """No probe failure, kill, restart or exit in the record."""
    because = ("the record shows no probe failure, kill, restart or exit: nothing to explain, "
               "or the part that shows it is not in the record")
    return _Decided(Cause.CANNOT_TELL, "nothing", f"cannot tell: {because}", because)


def _app_end(f: _Facts, *, beside_readiness: bool) -> _Decided | None:
    """The app's own end (a runtime's last line, readers/app_end.py): the container's process
    ended, and what ended it (the app by itself, a kill, the kernel) the record does not state
    (the corpus README's rule: with no exit code, reason or Killing row to say what ended it,
    cannot tell). Beside readiness failures, "only readiness failed, nothing restarted" would
    be a guess the record contradicts: a readiness failure ends nothing (R3.4)."""
    if not f.view.app_end:
        return None
    shown = f"the record shows the app's own end ({f.view.app_end})"
    unstated = "what ended the container (the app by itself, a kill, the kernel) is not stated"
    if beside_readiness:
        because = f"{shown}: {unstated}, and a readiness failure ends nothing (R3.4)"
        return _Decided(Cause.CANNOT_TELL, "app-ended", "readiness failed, and cannot tell "
                        f"what ended the container, because {because}", because)
    because = f"{shown} and no exit code, reason or kill: {unstated}"
    return _Decided(Cause.CANNOT_TELL, "app-ended",
                    f"cannot tell what ended the container, because {because}", because)


def _held(f: _Facts) -> _Decided | None:
    """What the record shows short of a failure, a kill or an exit, that decides it."""
    return _unnamed_probe(f) or _waits_on_init(f) or _held_out(f) or _pod_held_out(f) or \
        _pulled_again(f) or _sandbox_down(f) or _evicted(f) or _backed_off_uncounted(f)


def _backed_off_uncounted(f: _Facts) -> _Decided | None:
    """A container waiting out a back-off (`CrashLoopBackOff`: a `get pods` row's STATUS, a
    State line) whose record counts no restart and shows no kill nor exit: the back-off follows
    an end (R4.9), so the container ended, by a cause the record does not show (README's
    back-off rule; its restart count, 0, counts the restarts, the ended container not yet
    restarted is one more, R4.7: the get-pods rule of titles35). None for any other."""
    if not _waits_back_off(f):
        return None
    because = ("it waits out a back-off (CrashLoopBackOff), which follows an end (R4.9), and "
               "the record shows no kill and no exit reason " + _missing(f))
    return _Decided(Cause.CANNOT_TELL, "cannot-tell", (
        f"cannot tell what ended the container, because {because}"), because)


def _waits_back_off(f: _Facts) -> bool:
    """Whether the record shows the container (or, in a `get pods` row of several, one of
    them) waiting out a back-off: `CrashLoopBackOff` as its waiting reason (R4.9)."""
    rec = f.view.record
    return rec is not None and rec.state_reason == "CrashLoopBackOff"


def _evicted(f: _Facts) -> _Decided | None:
    """A pod the kubelet evicted (its status's `reason: Evicted`, or its Evicted event:
    `View.evicted`), and no failure, kill or exit of the container beside it: the eviction
    ended it, an end none of explain's causes names (as `_other_kill` says of an eviction's
    kill: kubernetes-41347)."""
    if f.view.evicted is None:
        return None
    because = (f"the kubelet evicted the pod (Evicted: {rc.clip(f.view.evicted, 80)}), which "
               "ends its containers: an end none of explain's causes names, neither a probe's "
               "kill nor the app's own exit")
    return _Decided(Cause.CANNOT_TELL, "other-kill",  # (the kubelet's, for no probe)
                    f"no probe ended the container: {because}", because)


def _sandbox_down(f: _Facts) -> _Decided | None:
    """The pod's sandbox events (`View.sandbox`), and nothing else of an end: failures shown
    (README's sandbox rule). A changed sandbox is killed and created again with every
    container of the pod (kuberuntime_manager.go, computePodActions: "Pod sandbox changed, it
    will be killed and re-created"); a sandbox not created starts none (createPodSandbox
    failed). What kept the pod down is its sandbox, which no cause of explain names."""
    if not f.view.sandbox:
        return None
    shown = "; ".join(f"{e.reason}{f' (x{e.count})' if e.count > 1 else ''}: "
                      f"{rc.clip(e.message, 80)}" for e in f.view.sandbox[:3])
    because = (f"the pod's sandbox did not stay up ({shown}): the kubelet kills every "
               "container of the pod with a changed sandbox and creates it again, and starts "
               "none while creating it fails; what kept the pod down is its sandbox, neither a "
               "probe's kill nor the app's own exit")
    return _Decided(Cause.CANNOT_TELL, "sandbox",
                    f"cannot tell it as a probe's kill or an exit, because {because}", because)


def _never_created(f: _Facts) -> bool:
    """Whether the sandbox kept every container of the pod from being created: the record
    shows sandbox events and no Created or Started row, no running state, and no row of the
    container cut (a cut inside a sandbox row leaves out rows later than the record's newest
    sandbox failure, taken as still failing)."""
    v, rec = f.view, f.view.record
    return bool(v.sandbox) and not any(
        e.reason in _STARTS or e.truncated or e.cut_before or e.cut_after for e in v.events
    ) and (rec is None or (rec.state != "running" and rec.restart_count is None))


def _pulled_again(f: _Facts) -> _Decided | None:
    """A Pulled row of two occurrences or more and nothing else of an end (`View.pulled_again`):
    the kubelet ensures the image before each start (EnsureImageExists, README's Pulled rule),
    so a container started again and one ended, whatever the row's message lost to a cut;
    what ended it the record does not show."""
    n = f.view.pulled_again
    if n < 2:
        return None
    because = (f"a Pulled row counts {n} starts of a container (the kubelet ensures its image "
               "before each start), so one ended, and the record shows no kill, exit reason or "
               "probe failure " + _missing(f))
    return _Decided(Cause.CANNOT_TELL, "cannot-tell",
                    f"cannot tell what ended the container, because {because}", because)


def _waits_on_init(f: _Facts) -> _Decided | None:
    """An app container that never started while a plain init container failed: nothing
    ended it, it waits on that init container (R4.24, R4.23)."""
    if not f.view.waits_for:
        return None
    because = (f"it waits on {f.view.waits_for}: the app containers start only once every "
               "init container has completed, in order (R4.24; the pod stays Pending, R4.23)")
    return _Decided(Cause.CANNOT_TELL, "waits-on-init", "cannot tell what ended the container: "
                    f"nothing did, it has not started: {because}", because)


def _held_out(f: _Facts) -> _Decided | None:
    """A container that runs and is not Ready, where no failure row says why: a running
    container is Ready once started unless its readiness probe has not passed (R3.4), and not
    started while a startup probe has not passed (R3.1). Which of them holds it out, and
    whether it failed or has not run yet (initialDelaySeconds), the record does not say."""
    rec = f.view.record
    if rec is None or rec.state != "running" or rec.ready is not False:
        return None
    because = ("the container runs and is not Ready, and the record shows no probe failure: "
               "a readiness probe that has not passed holds a running container out of Ready "
               "(R3.4), and a startup probe not yet passed keeps it from starting (R3.1); "
               "which one, and whether it failed or has not run yet, the record does not say")
    return _Decided(Cause.CANNOT_TELL, "not-ready",
                    f"cannot tell why the container is not Ready: {because}", because)


def _pod_held_out(f: _Facts) -> _Decided | None:
    """A pod whose Ready condition is False where the record shows none of its containers (a
    status of conditions alone): a container not Ready holds the pod out (R3.7), and so does
    a readiness gate the pod declares whose condition is not True (R3.8). Which, and why,
    the record does not say."""
    if f.view.record is not None or not f.story.not_ready or f.failed or f.probe_kills or f.either_kills:
        return None
    because = ("the record shows the pod's Ready condition not True and none of its "
               "containers: a container that is not Ready (its readiness probe not passed, or "
               "not running) holds the pod out of Ready (R3.7), and so does a readiness gate "
               "whose condition is not True (R3.8); which, the record does not say")
    return _Decided(Cause.CANNOT_TELL, "pod-not-ready",
                    f"cannot tell why the pod is not Ready: {because}", because)


def _together(rec: ContainerRecord, name: str | None) -> str:
    """What a record of several containers it does not tell apart (a `kubectl get pods` row
    of READY x/N) cannot say of each: RESTARTS is the sum of their restartCounts, READY how
    many are ready (printPod). `name`: the one container the record's events name; the
    row's containers named by kubectl's list (`one_of`: readers/row_end.py) show nothing of
    their own, so the row tells them apart no better."""
    n, restarts = rec.containers, rec.restart_count or 0
    named = "none of them" if name is None else f"only {name}, in its events"
    if rec.one_of:
        named = f"them ({', '.join(rec.one_of)}) but shows nothing of any one's own"
    out = (f"the pod has {n} containers (READY {rec.ready_containers}/{n}, {rec.where}) and "
           f"the record names {named}, so they are explained together; ")
    out += (f"RESTARTS {restarts} is their sum: which container restarted, and how often "
            "each, cannot be told" if restarts else "RESTARTS 0 is their sum: none restarted")
    if rec.ready_containers is not None and 0 < rec.ready_containers < n:
        out += "; which container is not ready cannot be told"
    return out


def _who(f: _Facts) -> str:
    """The container the story is about, or the pod's containers it cannot tell apart."""
    rec = f.view.record
    return (f"the pod's {rec.containers} containers" if rec is not None and rec.containers > 1
            else "the container")


class _Floor(NamedTuple):
    """The fewest restarts the record proves, what proves it, and where a count the record
    states contradicts what kubesim infers from the back-off (empty: they agree)."""

    restarts: int
    why: str
    inconsistent: str = ""


def _restart_floor(story: ContainerStory, v: rc.View) -> _Floor:
    """The fewest restarts the record proves, and what proves it."""
    best, why = 0, ""
    if story.restart_count:
        best, why = story.restart_count, (
            f"restartCount {story.restart_count}" if story.containers == 1 else
            f"RESTARTS {story.restart_count}, their restartCounts' sum")
    rec = v.record
    if not best and rec is not None and rec.last is not None and rec.state == "running":
        # a container runs after one that ended (its lastState): one restart at least, where
        # the record gives no count (a fragment, kubectl of 2015): each restart is a new
        # container whose restartCount is the last one's + 1 (R4.7)
        best, why = 1, "a last termination before the running container"
    for e in _own_starts(v):
        if e.count - 1 > best:
            best, why = e.count - 1, f"{e.count} {e.reason} events"
    apart = _starts_apart(v)
    if apart is not None and apart.starts - 1 > best:
        best, why = apart.starts - 1, (
            f"{apart.rows} {apart.reason} rows of one message in one table, {apart.starts} "
            "starts (each row an event of its own, each a start of the container, R4.7, "
            "R4.24)")
    if story.back_offs is None:
        return _Floor(best, why)
    return _delay_floor(story.back_offs, _backoff_floor(
        story.back_offs.count, _Floor(best, why), _stated(story, v)), _stated(story, v),
        one_status=_delay_in_status(story.back_offs, rec))


class _StartsApart(NamedTuple):
    """Starts of one container told by separate rows of one message in one table."""

    reason: str
    rows: int
    starts: int


def _starts_apart(v: rc.View) -> _StartsApart | None:
    """The most starts separate rows of one message (`Started container web` twice) of the
    container's Created or Started rows show in one printed table (`RecordedEvent.table`):
    kubectl prints each Event object once per table, and the event correlator folds every
    occurrence of one message into one event (getEventKey), so two rows of it are two events,
    each at least one occurrence (a row without a stated count at least once, README), each
    a start of the container (the kubelet records Created and Started at every start of it,
    startContainer: image, create, start, R4.24 and the events of §4.4; each restart a new
    container, R4.7): n rows, n starts at least. A row
    cut, combined by the aggregator, or read apart from a table counts none; rows of two
    tables (two describes, two pastes) may be one event printed twice. None where no
    message has two rows."""
    groups: dict[tuple[str, int, str], list[RecordedEvent]] = {}
    for e in _own_starts(v):
        if e.table is not None and not e.truncated and not e.combined and e.message.strip():
            groups.setdefault((e.reason, e.table, e.message.strip()), []).append(e)
    apart = [_StartsApart(reason, len(rows), sum(e.count for e in rows))
             for (reason, _, _), rows in groups.items() if len(rows) >= 2]
    return max(apart, key=lambda a: a.starts, default=None)


def _delay_in_status(b: BackOffs, rec: ContainerRecord | None) -> bool:
    """Whether the back-off's delay is the waiting state's message of the container status
    that states the restart count (describe's block, a pod's YAML): one moment of one pod."""
    return rec is not None and not rec.restart_apart and rec.restart_count is not None and \
        rec.state_reason == "CrashLoopBackOff" and rec.state_message is not None and \
        backoff_delay(rec.state_message) == b.delay


def _delay_floor(b: BackOffs, floor: _Floor, stated: _Floor | None, *,
                 one_status: bool = False) -> _Floor:
    """The restarts the back-off's printed delay needs (`BackOffs.after`: `back-off 40s`
    follows 3 restarts at the least, R4.10-R4.12), and the start it refuses one more, over
    the floor found without it: an inference from the delay, said so, which never outweighs
    a count the record states (`_backoff_floor`); where the count is fewer, the diagnosis
    says which it took and why (`_delay_conflict`)."""
    if b.after is None or b.delay is None or b.after + 1 <= floor.restarts:
        return floor
    need = b.after + 1
    if stated is not None and need > stated.restarts + 1:  # n containers: n ended at most
        said = _delay_conflict(b.delay, b.after, stated, one_status)
        return _Floor(floor.restarts, floor.why, "; ".join(
            x for x in (floor.inconsistent, said) if x))
    why = (f"a back-off of {b.delay:g} s follows at least {plural(b.after, 'restart')} (the "
           "delay starts at the first restart and doubles at each after it, R4.10-R4.12), and "
           "the start it refuses is one more: inferred from the delay, not counted")
    return _Floor(need, why)


def _delay_conflict(delay: float, after: int, stated: _Floor, one_status: bool) -> str:
    """What a back-off delay that needs more restarts than the record states says. The
    kubelet keys a container's back-off by its pod (name, namespace and UID) and its
    definition (R4.8), and creates the entry at a restart, advancing it at each later one
    (R4.10-R4.12), while the pod's restartCount grows by one at every restart (R4.7): in one
    pod, the steps since the entry was made are never more than its restarts. The count the
    record states is taken (it is the record; the delay is an inference)."""
    out = (f"the back-off delay of {delay:g} s implies at least {plural(after, 'restart')} "
           f"(R4.10-R4.12); the record states {stated.restarts} ({stated.why}): took "
           f"{stated.restarts}")
    why = ("the kubelet keys both by the pod's UID and the container, R4.7, R4.8, so one pod "
           "does not show both at one moment")
    if one_status:  # the waiting state's message and the count of one container status
        return f"{out}, but both are one container status ({why}): the record is " \
            "inconsistent, and which of them holds cannot be told"
    return f"{out} ({why}: unless the delay is an earlier pod's of the same name (kubectl get " \
        "events and the kubelet's log list a deleted pod's by its name) or was printed after " \
        "the count was taken, the record is inconsistent, and which holds cannot be told)"


def _backoff_floor(refusals: int, shown: _Floor, stated: _Floor | None) -> _Floor:
    """The restarts a back-off needs, over those the record shows: `refusals` refusals need
    `_backoff_restarts` containers that ended; a CrashLoopBackOff whose refusals no row counts
    follows a second exit at the earliest (R4.12). That is an inference from the cadence, and
    an inference never outweighs a count the record states (issue 30 item 2): where the
    containers the record states (`stated`) are fewer than it needs, the record is
    inconsistent (the kubelet's event recorder drops and merges events, so a record can miss
    some), the stated count stands, and the diagnosis says so."""
    if refusals:
        need = _backoff_restarts(refusals)
        why = (f"{refusals} back-off refusals need at least {need} restarts (R4.11-R4.14)"
               if refusals > 1 else f"a back-off refusal needs at least {need} restarts "
               "(R4.11-R4.14)")
    else:
        need, why = 2, "CrashLoopBackOff (a back-off follows a second exit at the earliest, R4.12)"
    if need <= shown.restarts:
        return shown
    if stated is None or need <= stated.restarts + 1:  # n containers: n ended at the most
        return _Floor(need, why)
    return _Floor(shown.restarts, shown.why, (
        f"the record is inconsistent: {why}, but it shows {stated.why}; the kills are counted "
        "from what it shows (the kubelet's event recorder drops and merges events, so a record "
        "can miss some)"))


def _stated(story: ContainerStory, v: rc.View) -> _Floor | None:
    """The restarts the record states: its restartCount, else the containers its Created or
    Started rows count (`_stated_containers`) less the first."""
    if story.restart_count is not None:
        return _Floor(story.restart_count, f"restartCount {story.restart_count}")
    n = _stated_containers(v)
    if n is None:
        return None
    rows = ", ".join(f"{e.count} {e.reason}" for e in v.events if e.reason in _STARTS)
    return _Floor(n - 1, f"{plural(n, 'container')} ({rows} events)")


def _backoff_restarts(refusals: int) -> int:
    """The fewest restarts `refusals` back-off refusals need. While it waits out a back-off of
    d seconds, the kubelet syncs the pod at most every 10 s (the error requeue, R4.14) plus the
    periodic resync (60 s): at most d/10 + d/60 + 2 refusals per wait; the waits run 10 s,
    20 s, 40 s ... 300 s (R4.11), one before each restart after the first (R4.12): the wait
    after the (waits + 2)-th end (`wait_after_end`, the one curve of R4.10-R4.12)."""
    total, waits = 0.0, 0
    while total < refusals and waits < 10_000:
        delay = wait_after_end(waits + 2)
        total += delay / 10 + delay / 60 + 2
        waits += 1
    return waits + 1


def _kill_text(f: _Facts, t: ProbeType) -> str:
    story = f.story
    kills = [k for k in f.probe_kills if k.cause == t.value]
    setting = f.by_type.get(t)
    streak = next(iter(failed_streaks(story.streaks, t)), None)
    how = ""
    # (failures the author states with no output: how they failed is not told)
    if streak is not None and setting is not None and (provenance(streak) is None
                                                        or streak.detail):
        how = f" ({failure_answer(streak.detail, setting.handler, 'failed')[1]})"
    times = f"{setting.failure_threshold} " if setting is not None else ""
    note = ""
    if setting is not None and setting.source == "assumed":  # not the record's: say so
        times, note = "failureThreshold ", (f" ({setting.failure_threshold} by the API's "
                                            "default; the record gives no setting)")
    verdict = ""
    if story.replay is not None and story.replay.ran:
        verdict = {Verdict.REPRODUCED: "; the kubelet model reproduces it",
                   Verdict.PARTLY: "; the kubelet model reproduces it in part",
                   Verdict.NOT_REPRODUCED: "; the kubelet model does not reproduce it"}.get(
            story.replay.verdict, "")
    total = rc.kill_total(kills)
    rest = ""
    if story.restart_count and story.restart_count > rc.kill_total(f.probe_kills):
        more = story.restart_count - rc.kill_total(f.probe_kills)
        rest = f"; {plural(more, 'more restart')} not in the events"
    return (f"the kubelet killed the container {_killed(f, total)} because its {t.value} "
            f"probe failed {times}times in a row{note}{how}{verdict}{rest}")


def _killed(f: _Facts, total: int) -> str:
    """How often the Killing rows say the kubelet killed the container: `total` times, or at
    least that often where a row states no count or may leave later kills uncounted
    (`_kills_from_below`), and why."""
    least = f"at least {'once' if total == 1 else plural(total, 'time')}"
    if any(e.reason == "Killing" and not e.count_stated for e in f.view.events):
        return least  # a Killing row whose count the record does not state: at least that
    if _kills_from_below(f) and _containers_bound(f) is None:
        return (f"{least} ({_burst_said(f)}, and " + _why_from_below(f.view)
                + ": a later kill the recorder dropped leaves no trace)")
    return plural(total, "time")


def _burst_said(f: _Facts) -> str:
    """The occurrences that put the pod's rows past the recorder's burst: those shown, or,
    for a piece without its header short of it, with those it implies and leaves out
    (`_picked_reach_burst`)."""
    events = [e for e in f.view.pod_events if not is_logged(e)]
    shown = rc.kubelet_occurrences(events)  # (the count the burst is held to, R4.43)
    if not _picked_reach_burst(f):
        return (f"the kubelet's rows hold {shown} occurrences, past the event recorder's burst "
                f"of {rc.SPAM_BURST} a pod")
    return (f"the kubelet's rows hold {shown} occurrences and imply {implied_left_out(events)} "
            "more they leave out (a Created and a Started for each container killed, an "
            "outcome for each pull but the last: R4.24), past the event recorder's burst of "
            f"{rc.SPAM_BURST} a pod")


def _why_from_below(v: rc.View) -> str:
    """Why the Killing rows past the burst may miss a later kill (`_kills_from_below`)."""
    if v.rows_cut:
        return "are cut"
    if _fails_after_last_kill(v):
        return "its probe failed after the last kill"
    if not _rows_headed(v):
        return "are a piece pasted without their column header (rows of it may be left out)"
    # whole rows: a later kill's failures may be dropped as well (R4.43, the lead's stop 53)
    return "a later kill's failures may have been dropped as well"


def _likely(f: _Facts) -> _Decided | None:
    """Restarts without Killing events, while a probe kept failing with the app up (a
    status code or a timeout: the process was up): most likely that probe's kills, but the
    record does not prove it."""
    for t in (STARTUP, LIVENESS):
        failed = failed_streaks(f.story.streaks, t)
        n = sum(s.count for s in failed)
        answering = [s for s in failed if "statuscode" in s.detail or "deadline" in s.detail
                     or "Timeout" in s.detail]
        if not answering or n < f.floor:
            continue
        setting = f.by_type.get(t)
        unknown = setting is None or setting.source is Source.ASSUMED
        because = ("the Killing events are not in the record"
                   + (" and neither are the probe's settings (give them with --spec)"
                      if unknown else ""))
        return _Decided(Cause.CANNOT_TELL, f"likely-{t.value}-kill", (
            f"most likely {t.value} kills, but cannot tell: {f.floor_why}, and the {t.value} "
            f"probe failed {n} times meanwhile (about {n / (f.floor + 1):.0f} per container), "
            f"the app up but failing it ({rc.clip(answering[0].detail, 80)}); {because}"), because)
    return None


def _per_probe(live: list[Streak]) -> list[Streak]:
    """One streak per probe, its rows' failures together, first to last: rows of one probe
    with different outputs (a refused connection, then a reset) are failures of one probe,
    which may come in one run; each row alone would undercount what they could kill."""
    out = []
    for t in dict.fromkeys(s.probe for s in live):
        mine = [s for s in live if s.probe is t]
        firsts = [s.first for s in mine if s.first.lo is not None]
        lasts = [s.last for s in mine if s.last.hi is not None]
        out.append(mine[0] if len(mine) == 1 else replace(
            mine[0], count=sum(s.count for s in mine),
            first=min(firsts, key=lambda w: w.lo or 0.0) if firsts else mine[0].first,
            last=max(lasts, key=lambda w: w.hi or 0.0) if lasts else mine[-1].last,
            count_stated=all(s.count_stated for s in mine)))
    return out


def _no_kill(live: list[Streak], by_type: dict[ProbeType, Setting],
             rule: FailureRunAfterKill, dropped: bool) -> _Decided:
    """Probe failures and no kill or restart in the record: too few to kill, or too thin to
    tell. Rows without a count (each at least once), or counted where the event recorder may
    have dropped some (`dropped`, `_dropped`), may hold more failures than they say."""
    enough = [s for s in live if s.count >= _threshold(s, by_type)]
    uncounted = [s for s in live if (dropped or not s.count_stated) and s.probe in KILLERS
                 and s not in enough]
    if uncounted and not enough:
        return _uncounted(uncounted[0], by_type)
    if not enough:
        parts, assumed = [], False
        for s in live:
            setting = by_type.get(s.probe)
            default = setting is None or setting.source is Source.ASSUMED
            assumed = assumed or default
            note = " (the API's default; the record shows no setting)" if default else ""
            least = "" if s.count_stated else "at least "
            parts.append(f"{least}{plural(s.count, s.probe.value + ' failure')}, fewer than "
                         f"failureThreshold {_threshold(s, by_type)}{note}")
        # with a threshold the record does not give, "did not kill" is an inference; a
        # killing probe's row without a count was answered above (`_uncounted`), so a row
        # left without one here is a readiness probe's, which kills nothing (R1.17)
        because = "; ".join(parts) + (
            ": with that threshold the probe did not kill the container (R1.17), but the "
            "record does not give its failureThreshold" if assumed
            else ": the probe did not kill the container (R1.17)")
        cause = Cause.READINESS_ONLY if any(
            x.probe is READINESS for x in live) else Cause.CANNOT_TELL
        return _Decided(cause, "no-kill", because, "" if cause is Cause.READINESS_ONLY
                        else because, closes=because)
    return _could_have_made(enough[0], by_type, rule, dropped)


def _uncounted(s: Streak, by_type: dict[ProbeType, Setting]) -> _Decided:
    """A liveness or startup failure whose row states no count (at least once) and no kill
    or restart: the failures may have reached failureThreshold any number of times, or never
    (R1.17)."""
    times = "once" if s.count == 1 else plural(s.count, "time")
    told = "the row states no count" if not s.count_stated else \
        f"a lower bound: the event recorder drops events past its burst of {rc.SPAM_BURST}"
    setting = by_type.get(s.probe)
    default = " (the API's default: the record does not give its failureThreshold)" \
        if setting is None or setting.source is Source.ASSUMED else ""
    because = (f"{s.probe.value} failed at least {times} ({told}"
               f"): the failures may have reached failureThreshold "
               f"{_threshold(s, by_type)}{default} any number of times, or never (R1.17), and "
               "the record shows no kill or restart")
    return _Decided(Cause.CANNOT_TELL, "no-kill", because, because)


def _could_have_made(s: Streak, by_type: dict[ProbeType, Setting],
                     rule: FailureRunAfterKill, dropped: bool) -> _Decided:
    """Enough failures to kill and no kill or restart in the record: how many they could
    have made, under the record's kubelet (`timing.most_kills`), or none; counted from below
    (`dropped`: the event recorder's spam filter), at least that many."""
    f = _threshold(s, by_type)
    setting = by_type.get(s.probe)
    assumed = setting is None or setting.source is Source.ASSUMED
    over = ""
    if s.first.known and s.last.known:
        assert s.first.lo is not None and s.last.hi is not None
        over = f" over {rc.duration_text(max(0.0, s.last.hi - s.first.lo))}"
    rule = rule if s.probe is LIVENESS else FailureRunAfterKill.RESET
    runs = {FailureRunAfterKill.RESET: f"in runs of {f}",
            FailureRunAfterKill.KEPT: (f"in a run of {f} and then one per container (the run "
                                       "kept across a kill)"),
            FailureRunAfterKill.ONE: (f"in a run of {f} and then runs of {max(1, f - 1)} (a "
                                      "run of 1 kept across a kill)")}[rule]
    most = plural(most_kills(s.count, f, rule), "kill")
    # rows that state no count are each at least one failure: the kills have no upper bound
    made = f"(rows that state no count: at least {s.count}) could have made {most} or more" \
        if not s.count_stated else (
            f"(counted from below: the event recorder drops events past its burst of "
            f"{rc.SPAM_BURST}) could have made {most} or more") if dropped else \
        f"could have made up to {most}"
    because = ("the record shows neither a Killing event nor a restart count, and "
               f"{s.count} {s.probe.value} failures{over} {made} "
               f"(failureThreshold {f}{', assumed' if assumed else ''}) if they came {runs}, "
               "or none")
    return _Decided(Cause.CANNOT_TELL, "cannot-tell",
                    f"cannot tell whether the {s.probe.value} probe killed the container, "
                    f"because {because}", because)


def _threshold(s: Streak, by_type: dict[ProbeType, Setting]) -> int:
    setting = by_type.get(s.probe)
    return setting.failure_threshold if setting is not None else 3


def _missing(f: _Facts) -> str:
    """What the record lacks to tell, in brackets; what a refused connection means."""
    wants = []
    rec = f.view.record
    # (an empty lastState beside restartCount 0 is every first container's: nothing lost)
    if rec is not None and rec.last_empty and rec.restart_count != 0:
        wants.append("lastState is empty although the container restarted: the kubelet no "
                     "longer knows how the previous container ended (it was removed, or the "
                     "kubelet restarted)")
    elif not f.story.exits:
        wants.append("lastState (kubectl get pod -o yaml)")
    if not f.story.kills:
        wants.append("Killing events (kubectl get events -o json)")
    if _unseen_probe(f):  # why the probe kills' range is left to the restarts
        wants.append("the containers' probes (their restarts may be kills by a probe whose "
                     "failures the record does not show)" if rec is not None and
                     rec.containers > 1 else "the container's probes (its restarts may be "
                     "kills by a probe whose failures the record does not show)")
    text = f"(missing: {', '.join(wants)})" if wants else ""
    # every probe the refusals came from, in the record's order (shift-domain-exporter-64:
    # readiness and liveness alike, "the readiness probe's" alone read as if liveness was not)
    refused = list(dict.fromkeys(s.probe.value for s in f.failed if "refused" in s.detail))
    if refused:
        text += (f"; the {' and '.join(refused)} {'probes' if len(refused) > 1 else 'probe'}'"
                 f"{'' if len(refused) > 1 else 's'} 'connection refused' means nothing was "
                 "listening: the app was down or not yet up, which fits a crash as well as a "
                 "kill")
    return text


# ---------------------------------------------------------------- how many probe kills


def _kill_count(f: _Facts, decided: _Decided) -> CountRange:
    """The probe kills the record shows: the Killing events that name a probe, and up to
    every restart the record shows that a probe could have made, or, without a restart
    count, as many as its liveness and startup failures can make; restarts the diagnosis
    found more than the failures can make (`not-probe`) leave only those. Containers the
    record states (`_containers_bound`) bound the kills over what the back-off's cadence or
    the failures infer: a stated count outweighs an inference (issue 30 item 2). The range
    carries why (`CountRange.because`): the rule that set its floor, and the one that closed
    it or left it open, with their figures, decided here once and rendered as it is."""
    lo = _kill_floor(f)
    floor = _floor_why(f)
    closed = _closed_why(f, decided)
    if closed:  # (one never started was never killed)
        return CountRange(lo, lo, f"{floor}; no more: {closed}" if floor else closed)
    ceiling = _probe_kill_ceiling(f)
    if decided.kind == "not-probe":  # what the line says: the failures make at most these
        return _capped(lo, ceiling, floor, f"at most {ceiling}: the recorded liveness and "
                       f"startup failures make no more kills than that (R1.17)")
    summed = _burst_dropped(f) or _earlier_ends_most(f, decided) or _row_sum_most(f) or \
        _started_once_killed(f)
    if summed is not None:
        return _capped(lo, summed[0], floor, summed[1])
    most = _stated_most(f)
    left_open = _open_why(f)
    if left_open and most is None:
        return CountRange(lo, None, _joined(floor, f"no upper bound: {left_open}"))
    if left_open and most is not None:
        return _capped(lo, most, floor, f"{_containers_why(f, most)} ({left_open}, but a "
                       "count the record states bounds them)")
    count = _restart_bound(f)
    if count is not None:  # R4.7: a container waiting out its back-off shows the count of
        # the instance that ended, the next counts once it exists: one more may have ended
        more = 1 if _last_killable(f.view) else 0
        return _capped(lo, count + more, floor, _restarts_why(f, count, more))
    # no restart count: the restarts the record proves, and, with no kill recorded, as many
    # as the liveness and startup failures of a known failureThreshold can make
    if most is not None:  # the containers the record states bound what the rest infers
        return _capped(lo, most, floor, _containers_why(f, most))
    return _inferred_most(f, lo, floor, 0 if f.probe_kills or f.either_kills else ceiling)


def _kill_floor(f: _Facts) -> int:
    """The kills the record shows for sure: the Killing events that name a probe, those of a
    probe not told (liveness or startup, R4.4), the kills stated in a row, and the one the
    container's own command proves (`_file_gone`)."""
    return (rc.kill_total(f.probe_kills) + rc.kill_total(f.either_kills)
            + sum(k for _, k in f.in_a_row) + (1 if f.by_command is not None else 0))


def _stated_most(f: _Facts) -> int | None:
    """The containers the record states (`_containers_bound`); None where a `get pods` row's
    last restart is younger than the newest start row beside cut rows (`_restart_unseen`):
    that start is in no count of the Created and Started series either (weblate-8718)."""
    return None if _restart_unseen(f) else _containers_bound(f)


def _row_sum_most(f: _Facts) -> tuple[int, str] | None:
    """The kills' ceiling a `get pods` row of the pod's several containers sets on a
    container the record names without its own count (`ContainerRecord.row_sum`): the row's
    RESTARTS sums every container's count, so this one restarted at most that often, one end
    before each restart, and one more where its end shows or the row's STATUS shows a
    container ended (R4.7); None where the record
    states the container's count or its starts, which say more."""
    rec = f.view.record
    if rec is None or rec.row_sum is None or _restart_bound(f) is not None or \
            _containers_bound(f) is not None:
        return None
    more = 1 if _last_killable(f.view) or rec.row_sum_ended else 0
    line = rec.row_sum_where.line if rec.row_sum_where is not None else "?"
    return rec.row_sum + more, (
        f"at most {rec.row_sum + more}: the `get pods` row of line {line} sums the pod's "
        f"containers' restart counts in RESTARTS {rec.row_sum}, so this container's is at "
        "most that, one end before each restart" + (", and the last container may have "
                                                    "ended too" if more else "") + " (R4.7)")


def _joined(*parts: str) -> str:
    """The reasons of a range's floor and of its ceiling, those given, in one text."""
    return "; ".join(p for p in parts if p)


def _capped(lo: int, most: int, floor: str, why: str) -> CountRange:
    """The range from `lo` up to `most`, and why; a bound below the kills the record shows
    leaves those (a count of an earlier moment, or of fewer containers, says so)."""
    if most < lo:
        return CountRange(lo, lo, _joined(floor, f"{why}, fewer than the kills shown: those "
                                                 "stand"))
    return CountRange(lo, most, _joined(floor, why))


def _secs_text(seconds: float) -> str:
    """A figure of seconds as the kill range's reason prints it: to the hundredth."""
    return rc.duration_text(round(seconds, 2))


def _floor_why(f: _Facts) -> str:
    """What sets the probe kills' floor: the Killing events that name a probe (R4.4), the
    failures proven in a row (R1.17), the container's command; empty for none."""
    parts = []
    shown = rc.kill_total(f.probe_kills)
    if shown:
        parts.append(f"{plural(shown, 'Killing event')} "
                     f"{'names' if shown == 1 else 'name'} a probe (R4.4)")
    either = rc.kill_total(f.either_kills)
    if either:
        parts.append(f"{plural(either, 'kill')} for a failing probe, liveness or startup, "
                     "which one not told (R4.1, R4.4)")
    parts.extend(f"{s.count} {s.probe.value} failures in a row make {plural(k, 'kill')} "
                 "(R1.17; the run starts again after each kill)" for s, k in f.in_a_row)
    if f.by_command is not None:
        parts.append("the container's command proves a liveness kill (the file its exec probe "
                     "tests is removed for good)")
    return "; ".join(parts)


# why a cause that is no probe's kill closes the kills at their floor, where the decision
# states none of its own (`_Decided.closes`)
_CLOSES = {
    Cause.OOM_KILLED: "the kernel's OOM killer ended it, not a probe",
    Cause.APP_EXIT: "it ended by itself, not by a probe",
    Cause.READINESS_ONLY: "only readiness failed, and a readiness failure kills nothing (R3.4)",
}


def _closed_why(f: _Facts, decided: _Decided) -> str:
    """The rule that closes the probe kills at their floor, with its figures (the first that
    holds, in this order); empty when none does."""
    if decided.cause in _NOT_KILLED and not _summed_apart(f, decided) and \
            not _oom_beside_killer(f, decided):
        return decided.closes or _CLOSES[decided.cause]
    if decided.kind == "waits-on-init":
        return ("it never started: it waits on its init container (R4.24), and a probe kills "
                "only a running container (R1.25)")
    if _unlisted_whole(f):
        return _WHOLE_CLOSES
    if not _could_kill(f):
        return _nothing_kills(f)
    if _whole_stream(f):
        return _WHOLE_CLOSES
    if decided.kind == "sandbox" and _never_created(f):
        return ("the pod's sandbox kept failing and the record shows no container created or "
                "started: a probe runs only in a running container (R1.25)")
    if _never_started(f):
        return ("the record states it never started, and a probe kills only a running "
                "container (R1.25)")
    if _quiet_hour(f):
        return ("the record's events, whole and none older than the hour an event is kept, "
                "show no liveness or startup failure, and a probe's kill follows its failure "
                "at once (R1.17)")
    return _too_soon(f) or _first_instance(f)


def _nothing_kills(f: _Facts) -> str:
    """Why nothing in the record could be a probe kill (`_could_kill` false). Only a record
    that lists the container's probes whole says it has no liveness or startup probe
    (`_no_killer_listed`); elsewhere the record shows none, and a probe it does not show may
    exist (README's back-off rule of rules43)."""
    probes = ("it has no liveness or startup probe" if _no_killer_listed(f) else
              "the record shows no liveness or startup probe")
    return (f"nothing in the record could be a probe kill: {probes}, no kill, no end by a "
            "signal, no restart a probe could have made")


def _summed_apart(f: _Facts, decided: _Decided) -> bool:
    """Whether an OOM kill leaves the restarts the record counts open: a `get pods` row of the
    pod's several containers, which it does not tell apart, sums their restart counts in
    RESTARTS while its STATUS is one container's state's reason (printPod). The rule that reads
    the restarts beside an OOMKilled state as the same cause reads that container's own count
    (README's rules for the facts); the others', each at least 0 and none above the sum, are
    any container's restarts (README's probe_kills: the sum bounds each container; geti-v2-146's
    `2/3 OOMKilled 16`)."""
    rec = f.view.record
    return decided.cause is Cause.OOM_KILLED and rec is not None and rec.containers > 1 and \
        bool(rec.restart_count)


def _oom_beside_killer(f: _Facts, decided: _Decided) -> bool:
    """Whether an OOM kill placed in no state (an author's `is OOM-killed`, no State or Last
    State line: `Exit.which` untold) stands beside a liveness or startup failure the record
    shows: the README's OOM rule reads the ends a restart count adds as the same cause only
    where no probe failure, kill or setting is shown, so with a failure of a probe that kills
    those ends may be its kills, up to the restarts (R4.7; the lead's decision, stop 60,
    oompresent, hiero-solo-3950). A status field's OOMKilled (State, Last State) is the end
    the record places, and keeps its own rules."""
    return decided.cause is Cause.OOM_KILLED and f.oom is not None and \
        f.oom.which == "untold" and any(s.probe in KILLERS for s in f.failed)


_WHOLE_CLOSES = ("the pod's events, whole from its Scheduled row on, show every probe kill: "
                 "each records a Killing event (R4.4)")


def _unlisted_whole(f: _Facts) -> bool:
    """The pod's whole stream (`_whole_stream`) beside a record that shows none of the
    container's probes nor lists them: the stream, not an absence of probes, rules the kills
    out (the container may have a liveness probe the record does not show)."""
    return not f.settings_shown and not _no_killer_listed(f) and _whole_stream(f)


def _restarts_why(f: _Facts, count: int, more: int) -> str:
    """Why the restart count bounds the kills: each restart followed one end (R4.7), and the
    last container's end, where the record shows it ended, is one more."""
    rec = f.view.record
    what = "RESTARTS" if rec is not None and rec.containers > 1 else "restartCount"
    if not more:
        return f"at most {count}: {what} {count}, one end before each restart (R4.7)"
    return (f"at most {count + more}: {what} {count}, one end before each restart, and the "
            "last container ended too (R4.7)")


def _started_once_killed(f: _Facts) -> tuple[int, str] | None:
    """One container killed once bounds the kills at 1, and why: its Created and Started rows
    (`_own_starts`) each state one occurrence (describe prints no `(xN over ...)` for one),
    none combined, and a Killing row naming a probe comes after that start. One container
    ended once at most, and the Killing row shows that end, whatever rows are cut after it
    (README's probe_kills: the stated counts of Created and Started rows, the last container's
    end counted where the record shows it; gatekeeper-4055's rows of one;
    hyperspike-valkey-operator-9). None past the recorder's burst (`_dropped`: a row of 1
    counts its starts from below, R4.43), elsewhere (`_stated_containers` weighs counts of
    two or more), and where a restart count says more."""
    v = f.view
    rows = _own_starts(v)
    reasons = [e.reason for e in rows]
    if not rows or _restart_bound(f) is not None or len(set(reasons)) < len(reasons) or any(
            e.combined or not e.count_stated or e.count != 1 for e in rows) or _dropped(f):
        return None  # (past the burst a row of 1 counts its starts from below: R4.43)
    kills = [k for k in v.events if k.reason == "Killing" and
             kill_of(k.message)[0] in (KillCause.LIVENESS, KillCause.STARTUP) and
             all(rc.certainly_after(k.last, e.last) for e in rows)]
    if not kills:
        return None
    started = ", ".join(f"1 {e.reason}" for e in rows)
    return 1, (f"at most 1: the rows state 1 container ({started}), and the Killing row after "
               "its start shows its one end (R4.7)")


def _containers_why(f: _Facts, most: int) -> str:
    """Why the containers the Created and Started rows state bound the kills."""
    n = _stated_containers(f.view)
    # (no Created or Started row: the count is the Pulled rows' image pulls, one a start)
    rows = ", ".join(f"{e.count} {e.reason}" for e in _own_starts(f.view)) or \
        f"{f.view.pulled_again} Pulled, the image ensured before each start"
    last = "and the last ended too" if _last_killable(f.view) else "not the last"
    return (f"at most {most}: the rows state {plural(n or 0, 'container')} ({rows}), each "
            f"before the last ended once, {last} (R4.7)")


def _inferred_most(f: _Facts, lo: int, floor: str, made: int) -> CountRange:
    """Without a restart count or stated containers: the most of the restarts the record
    proves, an end it shows, the kills of no stated cause, and the kills its liveness and
    startup failures can make; each said with its figure."""
    if _dropped(f):  # past the burst every row counts from below, its Killing rows too
        return CountRange(lo, None, _joined(floor, (
            f"no upper bound: the pod's rows reach the event recorder's burst ({rc.SPAM_BURST}), "
            "past which it drops events, so an end or a kill after the last row let through "
            "leaves no trace (R4.43)")))
    ended = _status_ends(f)
    unknown = rc.kill_total(f.unknown_kills)
    most = max(f.floor, ended, unknown, made)
    if most <= lo:
        return CountRange(lo, lo, _joined(floor, (
            "no more: the record shows no other end, restart or failure a probe kill would "
            "make" if lo else "the record shows no end, restart or failure a probe kill would "
            "make")))
    if most == f.floor and _floor_from_events(f):
        return CountRange(lo, None, _joined(floor, (
            f"no upper bound: the pod's rows reach the event recorder's burst ({rc.SPAM_BURST}), "
            f"past which it drops events: the restarts they prove ({f.floor_why}) are counted "
            "from below (R4.43)")))
    if most == f.floor:
        why = f"at most {most}: the restarts the record proves ({f.floor_why})"
    elif most == made:
        why = (f"at most {most}: the kills its liveness and startup failures can make (R1.17; "
               "the run starts again after each kill)")
    elif most == unknown:
        why = f"at most {most}: {plural(unknown, 'kill')} of no stated cause (R4.4)"
    elif f.view.record is not None and f.view.record.last_piece:
        return CountRange(lo, None, _joined(floor, f"no upper bound: {LAST_PIECE_OPEN}"))
    elif ended == 2:
        why = ("at most 2: the two ends the record shows, its state's and its last state's "
               "(each an instance that ended, R4.7)")
    else:
        why = "at most 1: the one end the record shows"
    return CountRange(lo, most, _joined(floor, why))


def _status_ends(f: _Facts) -> int:
    """The ends the container's status shows, where no count bounds them: its current
    state terminated beside a last state terminated is two instances that ended (each
    restart a new container, R4.7; README: a last state without a count is one end, at most
    one kill, and the current state's end is one more; stop 60, fx60h), one end otherwise."""
    if f.ended is None:
        return 0
    which = {x.which for x in f.story.exits}
    return 2 if {"current", "last"} <= which else 1


# The floors `_restart_floor` takes from the container's status, not from event rows.
_STATUS_FLOORS = ("restartCount", "RESTARTS", "a last termination")


def _floor_from_events(f: _Facts) -> bool:
    """Whether the restarts the record proves come from its event rows (Created, Started or
    Pulled counts, the back-off's) past the recorder's burst (`_dropped`): the correlator
    counts an occurrence before the spam filter drops it, and one after the last written
    leaves no trace, so those rows count the restarts from below and bound no kills (R4.43).
    A floor from the container's status (`_STATUS_FLOORS`) is no event: it is not dropped."""
    return _dropped(f) and not f.floor_why.startswith(_STATUS_FLOORS)


def _first_instance(f: _Facts) -> str:
    """The running container started sooner after the pod's Start Time (`View.pod_started`)
    than its liveness and startup probes, as the record states them, can kill
    (`earliest_kill`: R1.7, R1.17): an earlier instance of it started at the pod's Start Time
    at the earliest (the kubelet sets it before it starts any container), and a probe's kill
    of it would have come that long after, the running one's start later still (R4.7: each
    restart a new container). So no earlier instance was killed by a probe, and the running
    one was not, yet (README's counting rules, the earliest kill after the pod's start;
    pradeepgadde-container-health). A count of another moment (a `get pods` row,
    `restart_apart`) may count kills after the running one's start: none is weighed then.
    The rule's reason with its figures, or empty where it does not hold."""
    killers, rec, pod = f.killers, f.view.record, f.view.pod_started
    if rec is None or rec.state != "running" or not killers or any(
            s.source not in (Source.RECORD, Source.SPEC) for s in killers) \
            or f.probe_kills or f.either_kills or f.unknown_kills or (rec.restart_apart and rec.restart_count):
        return ""
    began = rec.running_since
    if began.kind is not StampKind.ABSOLUTE or pod.kind is not StampKind.ABSOLUTE \
            or began.at is None or pod.at is None:
        return ""
    first = min(killers, key=earliest_kill)
    after = began.at - pod.at
    if not 0 <= after < earliest_kill(first):
        return ""
    return (f"Started {_secs_text(after)} after the pod's Start Time; the earliest "
            f"{first.probe.value} kill comes {_secs_text(earliest_kill(first))} after: R1.7, "
            "R1.17, R4.7")


def _too_soon(f: _Facts) -> str:
    """The container started once (one Started row of one occurrence: an earlier start of
    it would be folded into that row, client-go's eventObserve; no end nor restart shown),
    and the record was taken sooner after that start than any of its liveness and startup
    probes, as the record states them, can kill (`earliest_kill`: initialDelaySeconds, then
    failureThreshold failures a period apart, the first at the earliest phase; R1.7, R1.17).
    Behind a startup probe, liveness runs only once startup succeeds (R1.27): after the last
    startup failure the record shows, its initialDelaySeconds still from the start (R1.9).
    No probe kill can be in the record (k8s-131346). The rule's reason with its figures, or
    empty where it does not hold."""
    killers, v = f.killers, f.view
    rec = v.record
    starts = [e for e in v.events if e.reason in _STARTS]
    if not killers or any(s.source not in (Source.RECORD, Source.SPEC) for s in killers) \
            or f.probe_kills or f.either_kills or f.unknown_kills or f.floor or f.ended is not None \
            or (rec is not None and rec.restart_count) or not starts or any(
                e.count != 1 or not e.count_stated or e.first.age_hi is None for e in starts) \
            or len({e.reason for e in starts}) < len(starts):
        return ""
    began = max(e.first.age_hi or 0.0 for e in starts)
    failing = [a for e in v.events if (p := probe_event(e.message)) is not None
               and p.probe is STARTUP and p.outcome is ProbeOutcome.FAILED
               and (a := e.last.age_hi) is not None]
    said = []
    for s in killers:
        # (a startup probe holds liveness back until it succeeds, after its last failure;
        # initialDelaySeconds still counts from the start, R1.9: the later of the two)
        behind = s.probe is LIVENESS and STARTUP in f.by_type and bool(failing)
        if began < earliest_kill(s):
            said.append(f"the earliest {s.probe.value} kill comes "
                        f"{_secs_text(earliest_kill(s))} after it")
        elif behind and min(failing) < earliest_kill(replace(s, initial_delay=0)):
            said.append(f"liveness runs only once startup succeeds (R1.27), and startup last "
                        f"failed {_secs_text(min(failing))} before the record was taken, "
                        f"sooner than liveness can kill "
                        f"({_secs_text(earliest_kill(replace(s, initial_delay=0)))})")
        else:
            return ""
    return (f"Started once, at most {_secs_text(began)} before the record was taken; "
            f"{', '.join(said)}: R1.7, R1.17")


def _quiet_hour(f: _Facts) -> bool:
    """The record's events, whole (`View.rows_whole`), show no liveness or startup failure,
    and every end the record proves lies in the hour they cover: its Killing rows, the
    starts its Created and Started rows count, and the ends its back-off refusals need, each
    within BACK_OFF_GC of the next (an entry not advanced for 600 s is gone, R4.10, R4.15).
    A probe's kill follows the failure that makes it at once (R1.17), and that failure's
    event is kept an hour after it (`rc.EVENT_TTL`): none of those ends was a probe kill."""
    v, rec = f.view, f.view.record
    if not v.rows_whole or not _rows_headed(v) or any(is_logged(e) for e in v.events) \
            or f.ended is not None or f.untold or v.unsure or f.probe_kills or f.either_kills or f.unnamed \
            or any(s.probe in KILLERS for s in f.failed) or f.in_a_row or f.by_command \
            or (rec is not None and rec.restart_count):
        return False
    back_offs = [e for e in v.events if e.reason == "BackOff"]
    chain = f.floor * BACK_OFF_GC  # the ends a refusal needs lie within this before it
    # (a row whose count the record does not state may stand for more than the recorder's
    # burst, past which it drops events: SPAM_BURST)
    return not v.rows_cut and all(e.count_stated and rc.within_ttl(e) for e in v.events) and all(
        rc.within_ttl(e, chain) for e in back_offs) and (bool(back_offs) or not f.floor
                                                          or bool(f.unknown_kills))


def _rows_headed(v: rc.View) -> bool:
    """Whether the view's rows are a table as kubectl printed it, its column header above them
    (`RecordedEvent.no_header`): rows pasted without it (a BackOff row alone, `Events:` over a
    row whose header was left out) are a piece the paster chose, and rows of the table left
    out may hold a liveness or startup failure, so they show no hour of events whole (README:
    the quiet hour's table has its header; a piece without the container's probe events
    leaves a back-off's ends open, `_piece_open`)."""
    return not any(e.no_header for e in v.events)


def _no_probe_in_the_hour(f: _Facts) -> _Decided:
    """Kills the kubelet recorded without their cause, in an hour of events that shows no
    liveness or startup failure (`_quiet_hour`): no probe's."""
    n = rc.kill_total(f.unknown_kills)
    because = (f"the record does not say why the kubelet killed it ({plural(n, 'kill')}), and "
               "a probe did not: a probe's kill follows its failure at once (R1.17), and the "
               "record's events, whole and none older than the hour an event is kept "
               "(--event-ttl), show no liveness or startup failure")
    return _Decided(Cause.CANNOT_TELL, "other-kill",
                    f"no probe ended the container, and cannot tell what did: {because}",
                    because)


def _never_started(f: _Facts) -> bool:
    """The record states that the container has not started yet and never ran
    (`rc.never_started`, stated), and shows no event of it: never killed."""
    rec = f.view.record
    return rec is not None and rc.never_started(rec, stated=True) and not f.view.events


def _whole_stream(f: _Facts) -> bool:
    """The pod's events from its scheduling on, none cut (`View.since_scheduled`), with every
    Killing row counted and naming its cause: they show every probe kill there was (R4.4),
    unless a restart count of a later moment (a `get pods` row) counts restarts after them or
    the count holds restarts the events do not show."""
    rec = f.view.record
    # every restart counted has its start in the stream, a table under its header
    shown = _starts_show_count(f.view) and _rows_headed(f.view)
    later = rec is not None and rec.restart_apart and bool(rec.restart_count) and not shown
    # restarts the count holds and the events do not show: the stream is not whole after all
    # (a kubelet of 2015 recorded no event for them)
    untold = any(r.cause is RestartCause.NOT_RECORDED for r in f.story.restarts) and not shown
    return f.view.since_scheduled and not later and not untold and not f.untold and \
        not f.inconsistent and \
        not f.unknown_kills and all(e.count_stated for e in f.view.events
                                    if e.reason == "Killing")


def _restarts_recorded(v: rc.View) -> bool:
    """Whether a table past the event recorder's burst still records the container's restarts:
    a start row (Created, Started, Pulled) counting two starts or more. After an end the kubelet
    starts the container again within the back-off's cap (300 s, R4.11), each start a Created
    and a Started event (the events of §4.4); a back-off beside one recorded start past the
    burst shows restarts whose events the spam filter dropped (R4.43), and a probe's failures
    may be dropped with them (emberstack-reflector-426's guard: Started x1 beside BackOff x30
    over 9m). Under the burst nothing was dropped."""
    if not rc.past_burst(v.pod_events):  # (the kubelet's about the pod: R4.43's key)
        return True
    return max((e.count for e in v.events if e.reason in _START_REASONS), default=0) >= 2


_START_REASONS = frozenset({"Created", "Started", "Pulled"})


def _starts_show_count(v: rc.View) -> bool:
    """Whether the container's Created or Started rows state as many starts as its restart
    count and one more (`_stated_containers`): each restart the count holds is a start the
    events show. A count of any moment then counts no restart after them (restartCount only
    grows, and theirs already reaches it: a `get pods` row's, `restart_apart`), and none the
    events left out (a kubelet of 2015's): in the pod's whole stream each end before those
    starts, and a probe's kill among them, is there with its Killing row (R4.4, R4.7)."""
    rec = v.record
    made = _stated_containers(v)
    return rec is not None and rec.restart_count is not None and made is not None and \
        rec.restart_count <= made - 1


def _could_kill(f: _Facts) -> bool:
    """Whether anything in the record could be a probe kill the events do not name: a
    liveness or startup probe, a kill of unknown cause, an end by a signal, or restarts a
    probe the record does not show may have made."""
    return bool(f.killers or f.unknown_kills or f.probe_kills or f.either_kills
                or (f.ended is not None and f.ended.cause in SIGNALS)
                or (not _shows(f) and not _no_killer_listed(f)) or _unseen_probe(f) or _cut_unbounded(f) or _end_cut(f)
                or _unseen_end(f) or bool(f.unnamed) or _started_again_uncounted(f)
                or _row_sum_shows(f) or _untold_killer(f)
                or _later_count_cut(f) or _unsure_killer_untold(f) or _burst_opened(f) is not None)


def _row_sum_shows(f: _Facts) -> bool:
    """Whether a `get pods` row of the pod's several containers beside this one, named without
    its own count (`ContainerRecord.row_sum`), shows ends that may be this container's: its
    RESTARTS above 0, or its STATUS a container ended (`row_sum_ended`: a back-off, Error,
    Completed), one more end than RESTARTS counts (README's get-pods rule of titles35, R4.7)."""
    rec = f.view.record
    return rec is not None and bool(rec.row_sum or rec.row_sum_ended)


def _unsure_killer_untold(f: _Facts) -> bool:
    """Whether a liveness or startup failure the record ties to no container (`View.unsure`:
    this one's or another's) stands beside this container while the record shows none of its
    state, ends or restarts (a describe cut before them, its name given by a sentence): the
    failure may be this one's probe, which kills (R1.17), and its kills are not in the record
    (README's rule of stop 49: a prose failure of the case's pod naming no container leaves
    each container's kills open; rke2-7457)."""
    rec = f.view.record
    return rec is not None and rec.state is None and rec.restart_count is None and \
        rec.terminated is None and rec.last is None and any(
            (p := probe_event(e.message)) is not None and p.probe in KILLERS and
            p.outcome is not ProbeOutcome.WARNING for e in f.view.unsure)


def _unsure_open(f: _Facts) -> str:
    """Why a failure naming no container leaves this container's kills open
    (`_unsure_killer_untold`); empty where it does not."""
    return ("a liveness or startup failure naming no container may be this one's, and the "
            "record shows none of its state, ends or restarts: its kills are not in the record "
            "(R1.17)") if _unsure_killer_untold(f) else ""


def _later_count_cut(f: _Facts) -> bool:
    """Whether a later row of the pod's watch is cut before its RESTARTS
    (`ContainerRecord.count_later_cut`, watch_cut.py): the count read is of an earlier moment,
    and the ends since, any of them a probe's kill the record does not show, are not in it
    (README's rule of watch rows cut after their NAME)."""
    rec = f.view.record
    return rec is not None and rec.count_later_cut is not None


def _untold_killer(f: _Facts) -> bool:
    """Whether a liveness or startup failure the record ties to no container (`View.unsure`:
    this one's or another's) is in a row cut short: rows after it are not in the record, and
    the failure may be this container's probe, which kills (R1.17), its Killing row among
    them, as a row of its own cut so leaves them open (`_rows_open`;
    factorio-server-charts-26's `Liven` row beside two containers)."""
    return any((e.truncated or cut_short(e.message)) and (p := probe_event(e.message))
               is not None and p.probe in KILLERS and p.outcome is not ProbeOutcome.WARNING
               for e in f.view.unsure)


def _no_killer_listed(f: _Facts) -> bool:
    """Whether the record lists the container's probes whole (the pod's spec, describe's
    whole block; not probe YAML alone, which leaves the container's other probes out) and
    none is a liveness or startup probe: no probe can kill it (only those two kill, R1.17,
    R4.4), whatever the record leaves out (README: `app-exit`, no probe could have killed it;
    the back-off rule's probes listed whole)."""
    rec = f.view.record
    whole = f.view.lists_every_probe or (rec is not None and rec.spec_listed)
    return whole and not f.killers


def _started_again_uncounted(f: _Facts) -> bool:
    """A Pulled row of two occurrences or more (`View.pulled_again`: the kubelet ensures the
    image before each start, EnsureImageExists) where the record gives neither the
    container's restart count nor its Created or Started rows' counts: it started again, so
    it ended, for a cause the record may not show; the row names no container, so its count
    bounds no kills here (whether it counts this container's starts the README's counting
    rules do not settle yet; supermq-devops-154). A Killing row the record shows counts every
    occurrence of its message (azure-service-operator-1178's x2 beside its image rows x3)."""
    return f.view.pulled_again >= 2 and not f.view.named_alone and \
        _restart_bound(f) is None and _stated_containers(f.view) is None and not any(
            e.reason == "Killing" for e in f.view.events)


def _unseen_end(f: _Facts) -> bool:
    """An ended container the record shows without its probes or any Killing event: a kill's
    SIGTERM ends a process with whatever code it exits with (R4.3), so the end may be a
    probe's kill the record does not show, as the diagnosis says ("cannot tell whether a
    probe killed it"); at most that one (README's probe_kills: a last state allows one)."""
    # (an end the runtime made before the process ran, ContainerCannotRun, was no kill: R1.25)
    return f.ended is not None and f.ended.cause is not ExitCause.RUNTIME and \
        not f.settings_shown and not _whole_stream(f) and not _counted_table_shows_none(f) \
        and not any(e.reason == "Killing" for e in f.view.events)


def _end_cut(f: _Facts) -> bool:
    """A piece of a container's status cut short: an end whose exit code and reason are cut
    away (not a lost container's) may be a probe kill as well as anything else."""
    rec = f.view.record
    return rec is not None and rec.restarts_cut and f.ended is not None and \
        f.ended.cause is ExitCause.UNKNOWN and f.ended.reason not in _LOST


def _cut_unbounded(f: _Facts) -> bool:
    """Whether rows cut short may hide kills nothing in the record bounds: the pod's rows end
    inside one (rows after it are not in the record: a liveness or startup failure and its
    Killing row among them), and the record gives neither the container's probes nor a
    count of its containers (a restart count, Created or Started rows with their counts: a
    repeat of a row's message adds to its count, it makes no new row), nor a kill that ends
    it for good (`_ended_for_good`). Rows picked out of their table with no mark of a cut
    (`View.picked_only`) end inside none: the rows-without-header rule reads them as before."""
    v, rec = f.view, f.view.record
    return v.rows_cut and not v.picked_only and not f.settings_shown and not f.probe_kills and not (
        rec is not None and rec.restart_count is not None) and not any(
        e.reason in _STARTS and e.count_stated for e in v.events) and not _ended_for_good(f)


def _cut_before_stop(f: _Facts) -> bool:
    """Whether the author cut rows of the pod's table above a stop's row (`View.cut_above`):
    the rows left out may hold an earlier container's start, a liveness failure and its kill
    (README's author's cut: the rows beside it are not whole), which the stop ending the last
    container for good does not rule out (jpaztech-blog-253's `(略)` over its Evicted and
    Killing rows)."""
    above = f.view.cut_above
    return above is not None and any(
        e.reason == "Killing" and kill_of(e.message)[0] is KillCause.STOPPING
        and (e.where.line or 0) >= above for e in f.view.events)


def _ended_for_good(f: _Facts) -> bool:
    """Whether a kill for no probe (the pod's own: dockershim's `Need to kill Pod`, a
    deletion) ended the container for good: no Created or Started row of the record comes
    after it. A start after it (an operator's or a controller's new pod of the same name,
    jenkinsci-kubernetes-operator-242) is a container the rows cut away may show killed."""
    if not any(k.cause is KillCause.STOPPING for k in f.story.kills) or _earlier_ends_open(f) \
            or _cut_before_stop(f):
        return False
    starts = [e for e in f.view.events if e.reason in _STARTS]
    stops = [e for e in f.view.events if e.reason == "Killing"
             and kill_of(e.message)[0] is KillCause.STOPPING]
    return not stops or not any(rc.certainly_after(s.last, k.last)
                                for s in starts for k in stops)


def _earlier_ends_open(f: _Facts) -> bool:
    """Whether containers before the one a stop ended may have been killed by a probe: the
    record shows liveness or startup failures that may be this container's (its own, or
    naming no container), and not the pod's events whole from its Scheduled row with their
    counts stated (`View.since_scheduled`, every Created and Started row counted), where a
    probe kill would have its own Killing row (R4.4). A row without its count is at least
    once (README's probe_kills): an earlier container, ended so, is in the rows the record
    holds or cuts away (aws-ebs-csi-driver-1299's liveness failure beside the taint
    manager's stops)."""
    shown = any(s.probe in KILLERS for s in f.failed) or any(
        (p := probe_event(e.message)) is not None and p.probe in KILLERS
        for e in f.view.unsure)
    counted = f.view.since_scheduled and all(
        e.count_stated for e in f.view.events if e.reason in _STARTS)
    return (shown or _cut_beside_uncounted_starts(f.view)) and not counted


def _cut_beside_uncounted_starts(v: rc.View) -> bool:
    """Whether rows after the pod's are cut away (`View.cut_after`: a `get events` table cut
    in another pod's row, or an author's cut under them, whose rows cut away may be about any
    pod and of any time: README's rule of gitlab-runner-4664) beside a Created or Started row
    of this container without its count: a row without a count is at least once (README's
    probe_kills), so containers before the one the stop ended may have been made, and the
    rows cut away may hold a liveness failure and the kill that ended one of them (R1.17,
    R4.4; che-19817). A row of the pod's own cut short (eck-2134's stop, its last event by
    time) leaves out rows after the stop, which ended the container for good."""
    return v.cut_after and any(e.reason in _STARTS and not e.count_stated for e in v.events)


def _unseen_probe(f: _Facts) -> bool:
    """Whether the restarts may be kills by a probe the record does not show: it gives no
    probe settings, and either no probe event of the container or rows whose counts it does
    not state (each "at least once"). A record that states the counts of the container's probe
    events and shows no liveness or startup failure shows that none of them killed."""
    # (a back-off with no restart counted shows an end all the same: README's back-off rule,
    # R4.9; `CrashLoopBackOff` beside RESTARTS 0)
    if not (f.floor or _waits_back_off(f)) or f.settings_shown or _whole_stream(f):
        return False  # (a whole stream would show that probe's failures and kills, R4.4)
    # a paste cut short shows none of the rows after the cut (their failures or kills), one
    # that starts inside a row none of the rows before it; the pod's rows cut (`rows_cut`: a
    # `describe | grep -A 20`, a paste ending inside its Scheduled row) hide the rows after
    uncounted = _UNCOUNTED_SHOWS if not _killer_counted(f) else _RESTARTING
    if _counted_table_shows_none(f):
        return False
    if _rows_lost(f):  # (rows the table's counts need are lost: a kill's among them)
        return True
    # (rows picked out of their table, no mark of a cut, are read by the rows-without-header
    # rule as before: `View.picked_only`)
    cut = f.view.rows_cut and not f.view.picked_only
    return not any(s.own for s in f.story.streaks) or cut or any(
        e.truncated or e.cut_before or e.cut_after
        or (not e.count_stated and e.reason in uncounted)
        for e in f.view.events)


def _counted_table_shows_none(f: _Facts) -> bool:
    """Whether the pod's events are a counted table from its Scheduled row on, none cut
    (`View.counted_table`), with no probe event among them nor any the record ties to no
    container: the README's back-off rule's "counted rows ..., none cut, with no liveness or
    startup failure among them, a table in which such failures would have their rows" shows
    that no probe killed (docker-gitlab-2245's Created x3 from Scheduled on), where its counts
    show no row lost (`_rows_lost`: the lead's rule of stop 60; zadig-84's Created x5 beside
    BackOff x101 shows rows lost)."""
    v, rec = f.view, f.view.record
    # the table shows the ends the record counts: a restart count its Created or Started rows
    # reach (`_starts_show_count`), none a kubelet of 2015 left unrecorded (k8s-10861)
    shown = rec is None or rec.restart_count is None or _starts_show_count(v)
    untold = f.untold or any(r.cause is RestartCause.NOT_RECORDED for r in f.story.restarts)
    return v.counted_table and shown and _restarts_recorded(v) and not untold and \
        not v.rows_cut and not _rows_lost(f) and \
        not f.story.streaks and not v.unsure and not any(
            e.reason == "Unhealthy" or probe_event(e.message) is not None for e in v.events)


def _rows_lost(f: _Facts) -> bool:
    """Whether the pod's counted rows show rows of theirs lost (`_lost_why`)."""
    return bool(_lost_why(f))


def _lost_why(f: _Facts) -> str:
    """What shows rows of the pod's counted table lost (the lead's rule, stop 60, lostrows),
    or empty: its counts need starts its rows do not show, where the spam filter drops events
    past its burst (client-go EventCorrelate: eventObserve counts an occurrence, then
    filterFunc may drop it, R4.43) or the API server removes a row an hour after its last
    write (`--event-ttl`, `rc.reaches_ttl`). A liveness or startup failure's row and its
    Killing row may be among those lost, so the table rules no probe kill out: the kills are
    left to a restart count (R4.7). Where the record lists the container's probes whole, none
    of them a liveness or startup probe, no kill is possible whatever was lost (R1.17)."""
    v = f.view
    if _no_killer_listed(f) or not (_dropped(f) or rc.reaches_ttl(v.pod_events)):
        return ""
    if not any(e.reason in _STARTS for e in v.events):
        # an image check before each start (kuberuntime EnsureImageExists), its Pulled row of
        # two or more beside no Created or Started row at all: their rows are lost, past the
        # burst only (a start's Pulled and Created are written together: the TTL removes both
        # or neither; authentik-22979's shape under the burst keeps its Pulled rule)
        return (f"a Pulled row of {v.pulled_again} image checks, one before each start, and no "
                "Created or Started row") if v.pulled_again >= 2 and _dropped(f) else ""
    starts = [e for e in _own_starts(v) if e.count_stated and not e.combined]
    made = max((e.count for e in starts), default=0)
    need = _starts_needed(f)
    if not made or made >= need.starts:
        return ""
    rows = ", ".join(f"{e.count} {e.reason}" for e in starts)
    return f"{rows}, short of the {need.starts} containers {need.why}"


class _Needed(NamedTuple):
    """The containers the record's counts need made (`_starts_needed`), and what needs them."""

    starts: int
    why: str


def _starts_needed(f: _Facts) -> _Needed:
    """The containers the record's counts need made (`_lost_why`): one more than its restart
    count (R4.7), where it is one container's, or as many as the ends its back-off rows'
    refusals need (R4.10-R4.12, `_backoff_restarts`: n containers end n times at most)."""
    rec, b = f.view.record, f.story.back_offs
    count = rec.restart_count if rec is not None and not rec.row_sum else None
    by_count = _Needed(count + 1, f"restartCount {count} needs (R4.7)") \
        if count is not None else _Needed(0, "")
    if b is None or not b.count:
        return by_count
    ends = _backoff_restarts(b.count)
    by_back_off = _Needed(ends, f"{b.count} back-off refusals need (R4.10-R4.12)")
    return max(by_count, by_back_off, key=lambda n: n.starts)


def _lost_open(f: _Facts) -> str:
    """Why rows lost (`_lost_why`) leave the kills open where no restart count bounds them,
    or empty."""
    lost = _lost_why(f)
    if not lost or f.probe_kills or _restart_bound(f) is not None:
        return ""
    return (f"the table's counts need starts its rows do not show ({lost}): rows lost past "
            f"the event recorder's burst ({rc.SPAM_BURST}, R4.43) or removed an hour after "
            "their last write (--event-ttl), a liveness or startup failure's and its Killing "
            "row perhaps among them")


def _burst_dropped(f: _Facts) -> tuple[int, str] | None:
    """The kills' ceiling `_burst_opened` sets, and why, where the cadence or a count bounds
    them (None elsewhere: `_open_why` leaves them open)."""
    opened = _burst_opened(f)
    return None if opened is None or opened.most is None else (opened.most, opened.why)


class _BurstOpened(NamedTuple):
    """The kills `_burst_opened` leaves open past the recorder's burst: at most `most` (None
    where the record's moment is unknown and nothing bounds them), and why."""

    most: int | None
    why: str


def _burst_opened(f: _Facts) -> _BurstOpened | None:
    """The kills a counted table that shows none (`_counted_table_shows_none`) leaves open
    past the event recorder's burst, and why: a start its rows show begun after the last end
    they place (burst_start.py, README's rule of the counted table past the burst, R4.43) may
    have ended by a kill whose every event the spam filter dropped, it and each container the
    back-off's cadence lets start after it (R4.10-R4.13), no more than a restart count leaves
    (R4.7: the ends placed and one more after the last restart). None where the rule opens
    none (under the burst, a BackOff or a Started row newest, a count that bounds)."""
    begun = begun_start(f.view.events, f.view.pod_events) if _counted_table_shows_none(f) \
        else None
    if begun is None:
        return None
    count, n = _restart_bound(f), begun.placed
    most = begun.most if count is None else min(count + 1 - n, begun.most or count + 1 - n)
    if most is not None and most <= 0:
        return None
    row = f"{begun.row.reason} row of {rc.duration_text(begun.row.last.age_lo or 0.0)} ago"
    more = f", and up to {most - 1} more after it," if most is not None and most > 1 else ""
    opened = (f"{an_ordinal(n + 1)} container{more} may have started after the newest row, past "
              f"the event recorder's burst, and been killed with every event dropped (the pod's "
              f"kubelet rows reach its burst of {rc.SPAM_BURST}, R4.43, and their newest, the "
              f"{row}, begins a start after the last of the {n} ends they place)")
    if most is None:  # (times of no age: the record's moment unknown, the cadence bounds none)
        return _BurstOpened(None, opened)
    if count is not None and most == count + 1 - n:
        return _BurstOpened(most, f"at most {most}: {opened}; restartCount {count} (R4.7)")
    return _BurstOpened(most, (
        f"at most {most}: {opened}; {an_ordinal(n + most + 1)} start needs a back-off of "
        f"{rc.duration_text(begun.wait)} after the {ordinal(n + most - 1)} end, more than the "
        f"{rc.duration_text(begun.since)} since that container's start (R4.10-R4.13)"))


def _killer_counted(f: _Facts) -> bool:
    """Whether the record states the count of a liveness or startup probe's failures (a row's
    `(xN over M)`): that probe's failures are every one of its message, so a probe row whose
    count it leaves unstated (a readiness message alone) hides no kill of it
    (apisix-dashboard-2503's liveness x2 beside a readiness message cut above)."""
    return any(e.count_stated and e.reason == "Unhealthy"
               and (p := probe_event(e.message)) is not None and p.probe in KILLERS
               for e in f.view.events)


# rows whose count the record does not state (at least once): a restart's, or a probe's failure
# (fixquoted64: the record states no count of the container's probe events, so it does not show
# that none of them killed, as the docstring above says; apollo-helm-14's readiness message
# beside its pods' CrashLoopBackOff), the latter only where no killing probe's count is stated
# (`_killer_counted`)
_UNCOUNTED_SHOWS = frozenset({"Killing", "BackOff", "Created", "Started", "Unhealthy"})


# Events that stand for a kill or a restart: a row of them whose count the record does not
# state ("at least once") leaves the number of kills without an upper bound.
_RESTARTING = frozenset({"Killing", "BackOff", "Created", "Started"})


# the states whose restart count bounds the kills whatever rows are cut (`_open_why`): a
# running container's R, an ended one's R + 1 (README's restart-count rule)
_STATES_COUNTED = frozenset({"running", "waiting", "terminated"})


def _open_why(f: _Facts) -> str:
    """Whether the record leaves the number of kills open, and why (empty: it does not): cut
    or uncounted rows, no restart count with probe failures of unknown threshold, or nothing
    shown at all. A container whose restart count and state the record states closes it:
    each container before it ended once, so at most that many were killed (one more where it
    has ended, R4.7), whatever rows are cut or uncounted."""
    rec = f.view.record
    if rec is not None and rec.count_later_cut is not None:
        return _later_row_cut_why(rec.count_later_cut)
    unseen = _restart_unseen(f) or _events_older_than_pod(f)
    if unseen:
        return unseen
    if (dropped := _burst_opened(f)) is not None and dropped.most is None:
        return dropped.why
    # (a count without its state, a describe block without its State line, is of the
    # describe's moment too, whatever rows are cut after it: R + 1 then, `_state_untold`;
    # dapr-docs-2972. An ended container's count, waiting out a back-off or terminated,
    # bounds them the same, R + 1 (README's restart-count rule, R4.7): rows cut or naming no
    # probe hold no end the count does not; coder-5577)
    if rec is not None and (rec.state in _STATES_COUNTED or _state_untold(rec) or
                            _ready_runs(rec) or _several_summed(rec)) and \
            _restart_bound(f) is not None:
        return ""
    if rec is not None and rec.restarts_cut:
        return "the record ends before the container's Restart Count"
    if rec is not None and rec.restart_uncounted is not None and _restart_bound(f) is None:
        return _uncounted_restart_why(rec.restart_uncounted)
    if _back_off_uncounted(f):
        return ("CrashLoopBackOff shows it ended twice at least (R4.9), not how often, and "
                "the record gives no restart count")
    if _started_again_uncounted(f):
        return (f"a Pulled row counts {f.view.pulled_again} image pulls, each before a start "
                "(R4.7), naming no container, and no restart count bounds its ends")
    if not _shows_end(f) and f.view.since_scheduled and not f.untold:
        return ""  # the pod's whole stream of events, and no failure or kill in it (R4.4)
    return _joined(_rows_open(f) or _failures_open(f) or _lost_open(f) or _starts_from_below(f) or
                   _piece_open(f) or _unsure_open(f), f.young)


def _starts_from_below(f: _Facts) -> str:
    """Why the containers the Created and Started rows state (`_stated_containers`) bound no
    kills past the event recorder's burst (`_dropped`), or empty. The correlator counts an
    occurrence before the spam filter drops it (EventCorrelate: eventObserve, then the
    filter), so a dropped start shows only in its row's next written occurrence, and not at all
    if none follows: the rows count the containers from below, and their ends may be more
    (R4.43). A restart count is the container's status, no event: it still bounds them
    (`_restart_bound`); Killing rows are weighed by their own rule (`_kills_from_below`)."""
    if not _dropped(f) or f.probe_kills or _restart_bound(f) is not None or \
            _stated_containers(f.view) is None:
        return ""
    rows = ", ".join(f"{e.count} {e.reason}" for e in _own_starts(f.view)) or \
        f"{f.view.pulled_again} Pulled"
    return (f"the pod's rows reach the event recorder's burst ({rc.SPAM_BURST}), past which it "
            f"drops events: the rows' starts ({rows}) count the containers from below (R4.43)")



def _several_summed(rec: ContainerRecord) -> bool:
    """The record is a `get pods` row of the pod's several containers (READY x/N), which states
    their restarts as one sum (kubectl's printPod): each one's kills are at most that sum, plus
    one where its STATUS shows a container ended, whatever rows are uncounted, as one
    container's row's count bounds them (README's get-pods rule, written at titles35; a kill
    stated in prose beside it, vsphere-csi-driver-1877). Only where READY counts every
    container ready: a container not ready may have ended since the row's count, an end no
    restart has counted yet (R4.7), which leaves the sum short of its ends (the holdout guard
    of a `1/2 Running 0` row)."""
    return rec.containers > 1 and rec.restart_apart and rec.ready_containers == rec.containers


def _uncounted_restart_why(where: Where) -> str:
    """Why a log's line stating a restart with no count leaves the kills open
    (`ContainerRecord.restart_uncounted`): the container ended at least once, and the record
    gives no restart count to bound how often; a liveness failure the record does not hold may
    have killed it (README's back-off rule: the pieces of a record bound nothing)."""
    return (f"line {where.line} states that the container restarted, not how often, and the "
            "record gives no restart count: ends it does not hold are not ruled out")


def _restart_unseen(f: _Facts) -> str:
    """Why a `get pods` row's restart count bounds nothing beside cut event rows that do not
    show its last restart (empty where that holds not). The row's `(48s ago)` is its last
    restart's age on the row's moment; the events' newest Created or Started row is older
    than it (or, rows picked out of their table, they show none), so the events were not
    taken with the row: taken later, the restarts and kills after the row are in them or in
    the rows cut away, which the count does not hold; taken before, the count holds them.
    The record does not say which (README's counting rules: a count of another moment may
    count kills after that start, weighed apart; a restart count alone counts ends older
    than the events or in rows cut away)."""
    rec, v = f.view.record, f.view
    ago = None if rec is None or not rec.restart_apart else rec.restart_ago
    starts = [e.last.age_lo for e in v.events if e.reason in _STARTS
              and e.last.kind is StampKind.AGE and e.last.age_lo is not None]
    # no start row at all shows that restart either where the rows are `get events` rows
    # picked out of their table (etcd-issues-5's one Killing row: README, a `get events` row
    # pasted without its header); rows a filter kept (a describe's `| grep Unhealthy`) are
    # read as before
    if ago is None or ago.age_hi is None or not v.rows_cut or \
            (min(starts) < ago.age_hi if starts else not picked_get_rows(v.events)):
        return ""
    line = rec.restart_where.line if rec is not None and rec.restart_where else "?"
    newest = (f"their newest start is {_secs_text(min(starts))} before them" if starts else
              "they show no start of it")
    cut = "picked out of their table" if v.picked_only else "cut"
    return (f"the `get pods` row of line {line} shows its last restart {ago.text} before it, "
            f"which the events, {cut}, do not show ({newest}): they were taken at another "
            "moment, and the row's count does not hold the restarts after its own")


def _events_older_than_pod(f: _Facts) -> str:
    """Why a `get pods` row's restart count bounds nothing beside cut event rows of the pod
    older than the pod's AGE in that row (empty where that holds not): an event's age (its
    first occurrence's, describe's `over`, or its last) beyond the pod's age on the row's
    moment was taken that much later than the row, or is of an older pod of that name; either
    way ends after the row are in the events or in the rows cut away (or left out of rows
    pasted without their header, `_rows_headed`), and in no count the row holds (README's
    counting rules, a count of another moment; dragonfly-operator-42). Rows none cut under
    their header show every end and leave the count bounding."""
    rec, v = f.view.record, f.view
    age = None if rec is None or not rec.restart_apart else rec.pod_age
    if age is None or age.age_hi is None or not v.rows_cut and _rows_headed(v):
        return ""
    # (the pod's rows, its own among them: a Scheduled row dates the pod's start as well as
    # a container's rows do; lifen-charts-28's `Scheduled 2m` beside AGE 71s)
    oldest = max((s for e in v.pod_events if not is_logged(e) for s in (e.first, e.last)
                  if s.kind is StampKind.AGE and s.age_lo is not None),
                 key=lambda s: s.age_lo or 0.0, default=None)
    if oldest is None or oldest.age_lo is None or oldest.age_lo < age.age_hi:
        return ""
    line = rec.restart_where.line if rec is not None and rec.restart_where else "?"
    return (f"the pod's events, cut or a piece, go back {oldest.text}, longer than the pod's "
            f"AGE {age.text} in the `get pods` row of line {line}: they were taken at another "
            "moment (or are of an older pod of that name), and the row's count does not hold "
            "the ends after its own")


def _later_row_cut_why(where: Where) -> str:
    """Why a watch's later row of the pod, cut before its RESTARTS, leaves the kills open: that
    cell is cut away, so the count read is of an earlier moment and the container's ends since
    are not in the record (README's counting rules: a row cut in its name is the pod's where
    one pod whole starts so, a row cut after its name that pod's;
    kubesim.explain.readers.watch_cut)."""
    return (f"a later row of the pod's watch (line {where.line}) is cut before its "
            "RESTARTS, that cell cut away: the count read is of an earlier moment, and its ends "
            "since are not in the record")


def _rows_open(f: _Facts) -> str:
    """The rows that leave the kills open, and why: cut, combined, uncounted or dropped."""
    if f.view.rows_missing:  # a container created, never started: rows are missing
        return f.view.rows_missing  # (the corpus README's rule of the Created row)
    if not _shows_end(f):
        return ("the record shows no probe failure, kill, restart or end of the container, "
                "nor a count of its restarts: kills it does not hold are not ruled out")
    if not _shows(f):  # the app's own end alone (`_app_end`)
        return (f"the record shows the app's own end ({f.view.app_end}), not what ended it, "
                "nor a count of its restarts: kills it does not hold are not ruled out")
    if _cut_unbounded(f):
        return ("the record's rows are cut, and it gives neither the container's probes nor a "
                "count of its containers")
    if f.unnamed:
        return "probe failures that name no probe: a liveness one kills (R1.17)"
    if _untold_killer(f):
        return ("a liveness or startup failure naming no container, which may be this one's, "
                "is in a row cut short: rows after it are not in the record, its kill among "
                "them (R1.17)")
    for e in f.view.events:
        if e.truncated or cut_short(e.message):
            return "a row is cut short: rows after it are not in the record"
        if e.combined and not _combined_kills_nothing(e):
            return f"a {e.reason} row combines several events: their counts are not all stated"
        if e.reason in _RESTARTING and not e.count_stated:
            return f"a {e.reason} row states no count: at least once, no more is known"
    if _kills_by_id(f.view) and not f.view.since_scheduled and _restart_bound(f) is None:
        return ("a Killing row per container killed, named by its id: rows not in the record "
                "hold more")
    if _kills_from_below(f):
        reach = ", with the rows they imply and leave out (R4.24), reach" \
            if _picked_reach_burst(f) else " reach"
        return (f"the pod's rows{reach} the event recorder's burst ({rc.SPAM_BURST}), past "
                "which it drops events: the Killing rows count the kills from below (R4.43)")
    return ""


def _combined_kills_nothing(e: RecordedEvent) -> bool:
    """Whether a combined row (the aggregator's `(combined from similar events): ` prefix)
    is one the corpus reads as its message's kind alone: a readiness failure (kills nothing,
    R3.4) or a prober error (thrown away, never counted, R2.2, E4) combined leaves no kill
    count open, as bitnami-charts-24582's combined readiness row and k8s-106682's error do."""
    p = probe_event(e.message)
    return p is not None and (p.probe is READINESS or p.outcome is ProbeOutcome.ERRORED)


def _piece_open(f: _Facts) -> str:
    """Why a back-off's ends leave the kills open beside rows pasted as a piece of the pod's
    events (`_rows_headed`: no column header above them) where a probe the record does not
    show may have made them (`_unseen_probe`: no probe settings, no probe event of the
    container among the rows) and no restart count bounds them: a liveness failure in rows
    the paster left out may have killed (README's back-off rule, R4.9; ot-redis-operator-1056's
    BackOff row alone). Rows that hold the container's probe events and no liveness failure
    show, header or not, that none killed (knative-serving-2804). Empty where it holds not."""
    if not _unseen_probe(f) or _rows_headed(f.view) or _restart_bound(f) is not None:
        return ""
    return ("the back-off shows ends (R4.9), and the record's rows are a piece of the pod's "
            "events, pasted without their column header: a liveness failure in rows it does "
            "not hold may have killed")


def _failures_open(f: _Facts) -> str:
    """The failures that leave the kills open where no kill or restart count bounds them:
    uncounted, dropped, or of a failureThreshold the record does not give."""
    if f.probe_kills or _restart_bound(f) is not None:
        return ""
    killing = [s for s in f.failed if s.probe in KILLERS]
    if any(not s.count_stated for s in killing):
        return "liveness or startup failures with no count: at least once each"
    if _dropped(f) and any(s.source is not StreakSource.METRICS for s in killing):
        return (f"the pod's rows reach the event recorder's burst ({rc.SPAM_BURST}), past "
                "which it drops events: the failures are counted from below (R4.43)")
    if killing and any(s.probe in KILLERS and s.source is Source.ASSUMED
                       for s in f.by_type.values()):
        return ("liveness or startup failures of a failureThreshold the record does not give "
                "(R1.17)")
    return ""


def _back_off_uncounted(f: _Facts) -> bool:
    """A container waiting out a back-off whose restart count the record does not give, nor
    the counts of its Created or Started rows: the back-off shows that it ended twice at least
    (the kubelet backs off from its second end on, R4.9), not how often; a piece of describe
    that stops before its Restart Count bounds nothing (README's probe_kills;
    fixpedia-kubectl-crashloopbackoff, as contiv-install-326's cut)."""
    rec = f.view.record
    return rec is not None and rec.state_reason == "CrashLoopBackOff" and \
        rec.restart_count is None and _stated_containers(f.view) is None


def _dropped(f: _Facts) -> bool:
    """Whether the kubelet's event recorder may have dropped failures the record's rows do not
    count: its spam filter lets SPAM_BURST events about a pod through, then about one every 5
    minutes, and a row's count holds the occurrences up to the last one let through (client-go
    tools/record/events_cache.go: eventObserve counts before the filter drops). A record of
    that many of the kubelet's occurrences about the pod or more (every container's rows and
    the pod's own: the key is the pod, R4.43) counts its failures from below: they bound no
    kills (README's counting rules); fewer, and the filter dropped none."""
    return rc.past_burst([e for e in f.view.pod_events if not is_logged(e)])


def _kills_from_below(f: _Facts) -> bool:
    """Whether the Killing rows count the probe kills from below: no restart count bounds
    them, and the pod's rows are past the recorder's burst (`_dropped`), or reach it with the
    rows they imply and leave out (`_picked_reach_burst`). The spam filter keys by the pod, not
    the reason, and counts an occurrence before it drops it: a dropped kill shows only in its
    row's next written occurrence, and leaves no trace if none follows (client-go
    tools/record/events_cache.go, R4.43). Whole rows with no failure after the last kill prove
    nothing more past the burst: the failures a later kill needs may be dropped too (the
    lead's stop-53 rule, reversing fix31a's; README's counting rules)."""
    return bool(f.probe_kills) and _restart_bound(f) is None and (
        _dropped(f) or _picked_reach_burst(f))


def _picked_reach_burst(f: _Facts) -> bool:
    """Whether the pod's rows, pasted without their column header and short of the burst by
    the occurrences they show, reach it with the occurrences they imply and leave out (the
    starts of the containers their Killing rows kill, their pulls' outcomes: implied_rows.py,
    R4.24): the spam filter may have dropped a kill after the last one they show (README's
    Killing-row burst rule, R4.43; iesalisal-devopsk8s-11-13liveness)."""
    return picked_reach_burst([e for e in f.view.pod_events if not is_logged(e)])


def _fails_after_last_kill(v: rc.View) -> bool:
    """Whether a failure of the probe a Killing row names comes after that row's last time:
    its probe went on failing after the last kill the rows show, and past the recorder's
    burst a kill those failures made may be one the spam filter dropped, with no later
    occurrence of the row to count it (client-go tools/record/events_cache.go; akhq-930's
    liveness x16 running on 3 min after Killing x2). No such failure shown, the rows show no
    kill after it (pangeo-eosc-128's x37: its liveness row's last time is before the
    kill's)."""
    kills = [(k, cause) for k in v.events if k.reason == "Killing"
             and (cause := kill_of(k.message)[0]) in (KillCause.LIVENESS, KillCause.STARTUP)]
    failed = [(e, p.probe) for e in v.events if (p := probe_event(e.message)) is not None
              and p.outcome is ProbeOutcome.FAILED]
    return any(t.value == cause.value and rc.certainly_after(e.last, k.last)
               for k, cause in kills for e, t in failed)


def _kills_by_id(v: rc.View) -> bool:
    """Whether the record's Killing rows name the containers they killed by id (2015-2018):
    each such row is one container's kill, so their counts bound no other container's, and
    only the pod's whole stream (R4.4) or a restart count bounds the kills."""
    return any(e.reason == "Killing" and kill_names_container(e.message) for e in v.events)


def _restart_bound(f: _Facts) -> int | None:
    """The container's restart count, when it bounds the kills the record shows: a count
    taken apart from the events (a `get pods` row of another moment) below the kills the
    events record is of a moment before them, and bounds nothing after it."""
    rec = f.view.record
    if rec is None or rec.restart_count is None:
        return None
    if rec.restart_apart and rec.restart_count < rc.kill_total(f.probe_kills):
        return None
    return rec.restart_count


def _stated_containers(v: rc.View) -> int | None:
    """How many containers the record's Created or Started rows state the kubelet made, when
    it states every such row's count and one of them counts two or more (README's
    probe_kills: the restarts the record shows). Like a restart count, this closes the range
    whatever other rows are cut: one row holds every repeat of its message. A row without a
    stated count is at least once; a row of one shows no restart (nor how that container
    ended); several rows of one reason (2015-2016 `with docker id` messages, a row per
    container) or the aggregator's combined rows count only some of the containers. A row
    cut before its message counts starts of a container it does not name: this one's only
    where the record names no other (`View.named_alone`)."""
    rows = _uncounted_starts_left(_own_starts(v))
    reasons = [e.reason for e in rows]
    if not rows and v.named_alone and v.pulled_again >= 2:
        return v.pulled_again  # an image row's starts: the one container's (README)
    if not rows or len(set(reasons)) < len(reasons) or any(
            e.combined or not e.count_stated for e in rows):
        return None
    most = max(e.count for e in rows)
    return most if most >= 2 else None


def _uncounted_starts_left(rows: list[RecordedEvent]) -> list[RecordedEvent]:
    """The Created and Started rows without a Started row whose count the record does not
    state (its count cut away: cloudstate-134's Dashboard list ending in `kubele`) beside a
    Created row of a stated count: the kubelet starts only a container it created
    (kuberuntime_container.go startContainer: CreatedContainer, then StartContainer, then
    StartedContainer), so the Started row counts no more containers than the Created row
    states, and the stated count bounds them (README's Created-count rule, cut rows or not).
    A Created row of no stated count leaves the rows as they are."""
    created = any(e.reason == "Created" and e.count_stated and not e.combined for e in rows)
    return [e for e in rows if not (created and e.reason == "Started" and not e.count_stated)]


# the rows whose counts state the containers made (`_stated_containers`), Created first
_SERIES = ("Created", "Started", "Pulled")


def _young_series(v: rc.View) -> str:
    """Why the container's Created, Started or Pulled series bounds no kill, or empty: a
    series bounds the kills only over the span it shows, from its first occurrence (`(x2 over
    27h)`: describe prints the first occurrence's age after `over`, DescribeEvents; kubectl
    truncates each age to its units, duration.HumanDuration, `Stamp.age_lo`/`age_hi`). A
    probe's failure series or back-off row (`_ended_before`) of the container whose first
    occurrence is older than the series', beyond both ages' rounding, shows a container
    created before the series began:
    the event correlator starts a series' count again once the API server expired its event
    or the kubelet restarted (client-go's tools/record events_cache.go), so its creation is
    not in the count and the maximum stays open (README: a series of Created, Started or
    Pulled rows bounds the kills only over the span it shows; onedr0p-home-ops-10407)."""
    failures = [e for e in v.events if e.first.known and (_ended_before(e) or (
        e.reason == "Unhealthy" and (p := probe_event(e.message)) is not None
        and p.outcome is not ProbeOutcome.WARNING))]
    # the oldest failure by age and by time, once (each series is weighed against those two)
    oldest = [max((e for e in failures if e.first.age_lo is not None), default=None,
                  key=lambda e: e.first.age_lo or 0.0),
              min((e for e in failures if e.first.at is not None), default=None,
                  key=lambda e: e.first.at or 0.0)]
    series = sorted((e for e in v.events if e.reason in _SERIES and e.count >= 2
                     and e.first.known), key=lambda e: _SERIES.index(e.reason))
    for s in series:
        older = next((e for e in oldest if e is not None
                      and rc.certainly_after(s.first, e.first)), None)
        if older is not None:
            return (f"the {s.reason} series ({s.count} since {_first_seen(s)}) is younger than "
                    f"the container's {_older_what(older)} ({older.reason} since "
                    f"{_first_seen(older)}: "
                    f"{rc.clip(older.message, 60)}): the container was created before the "
                    "series began, uncounted, so the series bounds nothing before it "
                    "(client-go's events_cache.go starts a series again once its event expired)")
    return ""


def _ended_before(e: RecordedEvent) -> bool:
    """A back-off row of the container (`Back-off restarting failed container`): the kubelet
    refuses only the start of a container that has ended (R4.9), so its first occurrence shows
    a container created before it, as a probe's failure series does (`_young_series`;
    agorakube-224's `BackOff (x416 over 102m)` beside `Created (x4 over 8m25s)`)."""
    return e.reason == "BackOff" and not e.combined


def _older_what(e: RecordedEvent) -> str:
    """What an older row of `_young_series` shows: a back-off's end, or a probe's failures."""
    return "back-off" if e.reason == "BackOff" else "probe failures"


def _first_seen(e: RecordedEvent) -> str:
    """A row's first occurrence as the record prints it: `27h ago`, or its time."""
    return f"{e.first.text} ago" if e.first.kind is StampKind.AGE else e.first.text


def _own_starts(v: rc.View) -> list[RecordedEvent]:
    """The container's Created and Started rows. A row cut before its message names no
    container: its starts are this one's only where the record names this container alone,
    no other nor an init container (`View.named_alone`; kube-router-1670, llm-d-sim-45)."""
    return [e for e in v.events if e.reason in _STARTS and (
        v.named_alone or e.message.strip() or not e.truncated)]


def _containers_bound(f: _Facts) -> int | None:
    """The most probe kills the n containers the record states allow: each before the last
    ended once, so n - 1, and n where the last may have been killed too (`_last_killable`).
    A count the record states bounds what kubesim infers from the back-off's cadence or the
    failures (issue 30 item 2); the Killing rows stay a floor."""
    n = _stated_containers(f.view)
    # (past the burst: `_starts_from_below`, R4.43; rows lost, `_rows_lost`: the starts they
    # show count the containers from below)
    if n is None or f.young or _dropped(f) or _rows_lost(f):
        return None
    # an end the kubelet made because the container's definition changed is one of those
    # ends and no probe's (R4.1): the container is restarted, so it is never the last one
    changed = sum(e.count for e in f.view.events
                  if e.reason == "Killing" and kill_of(e.message)[0] is KillCause.SPEC_CHANGE)
    return max(0, (n if _last_killable(f.view) else n - 1) - changed)


def _last_killable(v: rc.View) -> bool:
    """Whether the last container the record shows may have been killed by a probe: the
    record shows that it ended (its state is terminated or waiting out a back-off, or a
    back-off refusal came after the last Created and Started rows: the kubelet refuses only
    the start of a container that exited, R4.9), and not that every kill came before it
    started (Killing rows with stated counts, each before the last start: a kill of the last
    container would have been folded into one of them, as its last occurrence, client-go's
    eventObserve), which holds only where the record shows that the recorder dropped none of
    the pod's events: its rows from the pod's Scheduled row on (no row above cut away, by a
    `tail` or a `...`), none cut, fewer occurrences than SPAM_BURST (`View.since_scheduled`):
    the spam filter's key is the pod, not the reason nor the message (getSpamKey), and a
    dropped kill leaves no trace when no later one of its row is written. A `get pods` row of
    the pod's several containers whose STATUS shows one ended (`row_sum_ended`) may show this
    one's end (README's get-pods rule: one more where the row's STATUS shows an end)."""
    rec = v.record
    starts = [e for e in v.events if e.reason in _STARTS]
    kills = [e for e in v.events if e.reason == "Killing"]
    ended = (rec is not None and (_ended_shown(rec) or rec.row_sum_ended)) or any(
        all(rc.certainly_after(b.last, e.last) for e in starts)
        for b in v.events if b.reason == "BackOff") or _begun_again(v)
    killed_before = v.since_scheduled and bool(kills) and all(
        k.count_stated and any(rc.certainly_after(e.last, k.last) for e in starts)
        for k in kills)
    # (a Completed end under OnFailure is no kill: the work-done rule, E13)
    return ended and not killed_before and not _done_unkilled(v)


def _begun_again(v: rc.View) -> bool:
    """Whether the container's image rows count a start begun after its last Created one:
    the kubelet ensures the image before each start (EnsureImageExists in startContainer,
    README's Pulled rule), so a Pulled row naming this container alone that counts more than
    its Created row states is a start after the last container made, which began only once
    that one ended (R4.7; cloudstate-134's Pulled x3 beside Created x2). A Failed row of
    the container (a start that failed after its image was ensured: a config or a create
    error) or a Created row of no stated count leaves it unshown."""
    created = [e for e in v.events if e.reason == "Created" and not e.init]
    if not v.named_alone or not created or any(
            not e.count_stated or e.combined for e in created) or any(
            e.reason == "Failed" for e in v.events):
        return False
    return v.pulled_again > max(e.count for e in created)


def _ended_shown(rec: ContainerRecord) -> bool:
    """Whether the record shows the container ended or may have since its last start: its
    state terminated or waiting out a back-off, its state not shown, or an end whose kind
    (current or last) it does not show (R + 1 either way, README's probe_kills). A container
    waiting (to be created again, `ContainerCreating`) with a Last State has no instance: its
    status is the ended one's, as in a back-off (R4.7)."""
    return rec.state == "terminated" or rec.state_reason == "CrashLoopBackOff" or \
        _state_untold(rec) or (rec.terminated is not None and rec.terminated.untold) or \
        (rec.state == "waiting" and rec.last is not None) or row_end_killable(rec)


def _state_untold(rec: ContainerRecord) -> bool:
    """The record states the container's restart count and not its current state (a test
    log's `found restarts: 0`, a describe block whose State line is cut away or elided by
    `...`): it may have ended since its last start, so its count allows one more end
    (README's probe_kills: R + 1 for an ended container or one whose state is not shown, R
    for a running one; R4.7). A `get pods` row's count is of another moment (`restart_apart`),
    weighed apart, unless the row shows no state at all (`count_alone`: a custom-columns
    table without a state's column)."""
    return rec.state is None and rec.restart_count is not None and not _ready_runs(rec) and (
        not rec.restart_apart or rec.count_alone)


def _ready_runs(rec: ContainerRecord) -> bool:
    """The record shows no State line but the container's `Ready: True`: the kubelet counts a
    regular container ready only while it runs (R3.4: not running, not ready), so its current
    instance runs and its count allows R, not R + 1 (README's restart-count rule; the lead's
    decision on argo-rollouts-3355). An ordinary init container's Ready says it ended with 0
    (R3.5), not that it runs: not taken (a sidecar's follows R3.4, as a regular one's)."""
    return rec.state is None and rec.ready is True and (not rec.init or rec.sidecar)


# ---------------------------------------------------------------- would a probe change do


# What a probe change can do where no probe ended the container, by the diagnosis's kind.
_NO_CHANGE_HELPS = {
    "other-kill": PreventionAnswer(Answer.NO, "no probe killed the container (the kubelet "
                                   "stopped it for another reason): no probe setting would "
                                   "have prevented it"),
    "waits-on-init": PreventionAnswer(Answer.NO, "no container ended; the init container it "
                                      "waits on has no probe (R5.9): no probe setting would let "
                                      "it start"),
    "not-started": PreventionAnswer(Answer.NO, "the container never ran (the runtime could not "
                                    "start it): no probe setting would have prevented it"),
    "not-ready": PreventionAnswer(Answer.CANNOT_TELL, "no container ended; which probe holds it "
                                  "out of Ready, and whether a change would let it in, cannot "
                                  "be told"),
    "pod-not-ready": PreventionAnswer(Answer.CANNOT_TELL, "no container ended; what holds the "
                                      "pod out of Ready (a container's readiness, or a readiness "
                                      "gate) and whether a probe change would let it in cannot be "
                                      "told"),
    "spec-change": PreventionAnswer(Answer.NO, "the kubelet restarted the container because "
                                    "its definition changed (R4.1): no probe setting would "
                                    "have prevented it"),
}


def _summed_prevention(f: _Facts, decided: _Decided) -> PreventionAnswer | None:
    """An OOM kill beside restarts summed over containers the record does not tell apart
    (`_summed_apart`): no probe setting would have prevented that end, but the others'
    restarts may be probe kills the record does not show; and an OOM kill placed in no state
    beside a failure of a probe that kills (`_oom_beside_killer`): the other ends may be its
    kills. None for any other answer."""
    rec = f.view.record
    if _oom_beside_killer(f, decided):
        return PreventionAnswer(Answer.CANNOT_TELL, "no probe setting would have prevented the "
                                "OOMKilled end, but the record shows a liveness or startup "
                                "failure, and the other ends its restarts count may be that "
                                "probe's kills")
    if rec is None or not _summed_apart(f, decided):
        return None
    return PreventionAnswer(Answer.CANNOT_TELL, "no probe setting would have prevented the "
                            f"OOMKilled end, but RESTARTS {rec.restart_count} sums the "
                            f"{rec.containers} containers' restarts, and the others' may be "
                            "probe kills the record does not show")


def _prevention(story: ContainerStory, decided: _Decided) -> PreventionAnswer:
    if decided.cause in _NOT_KILLED:
        return PreventionAnswer(Answer.NO, f"no probe killed the container ({decided.kind}): "
                                "no probe setting would have prevented it")
    if decided.kind in _NO_CHANGE_HELPS:
        return _NO_CHANGE_HELPS[decided.kind]
    if decided.cause is Cause.CANNOT_TELL:
        them = "the containers" if story.containers > 1 else "the container"
        return PreventionAnswer(Answer.CANNOT_TELL, f"what ended {them} cannot be told"
                                + (f": {decided.because}" if decided.because else ""))
    r, p = story.replay, story.prevention
    if r is None or not r.ran:
        why = r.reason if r is not None else "the record gives no probe settings to replay"
        return PreventionAnswer(Answer.CANNOT_TELL, f"the replay did not run: {why}")
    if r.verdict not in (Verdict.REPRODUCED, Verdict.PARTLY):
        return PreventionAnswer(Answer.CANNOT_TELL, "the kubelet model does not reproduce the "
                                "recorded kills, so a change it would make proves nothing")
    if p is None:
        return PreventionAnswer(Answer.CANNOT_TELL, "not asked (--no-suggest)")
    if not p.ran:
        return PreventionAnswer(Answer.CANNOT_TELL, p.reason)
    if p.summary and all(j["met"] for j in p.after):
        return PreventionAnswer(Answer.YES, f"the replay reproduces the recorded kills, and "
                                f"the change meets every expectation, {p.verified}", p.summary)
    return PreventionAnswer(Answer.CANNOT_TELL, "suggest found no probe change that meets "
                            "every expectation (" + ", ".join(w["text"] for w in p.wants) + ")")
