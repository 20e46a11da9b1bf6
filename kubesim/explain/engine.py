"""`explain_records(records, options)`: the engine entry point. Parsed records in, an `Explanation`
(plain data) out; nothing is read or printed here.

For each container: its probe settings, the failure streaks, kills, back-off waits, exits,
restarts and not-Ready stretches the record shows (`reconstruct`), the detection
arithmetic (`arithmetic`), the replay through the kubelet model and its verdict (`replay`),
what would have prevented it (`prevent`), and a one-line diagnosis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from kubesim.analysis.budget import DEFAULT_MAX_WORK
from kubesim.analysis.wants import Want
from kubesim.errors import SpecError, UsageError
from kubesim.explain import reconstruct as rc
from kubesim.explain.arithmetic import arithmetic
from kubesim.explain.dated import dated_profile
from kubesim.explain.diagnosis import diagnose
from kubesim.explain.diagnosis import failed_streaks as _failed
from kubesim.explain.messages import KillCause, cut_short, kill_of
from kubesim.explain.model import (
    Confidence,
    ContainerStory,
    Diagnosis,
    Evidence,
    Explanation,
    Finding,
    Kill,
    Level,
    Role,
    Setting,
    Shape,
    Source,
    Streak,
    When,
    plural,
)
from kubesim.explain.pod_answer import EndKind, NamelessEnd, Untied, as_the_pods, pod_answer
from kubesim.explain.prevent import prevent
from kubesim.explain.readers.model import (
    ContainerRecord,
    NoteKind,
    PodRecord,
    RecordedEvent,
    RecordSet,
)
from kubesim.explain.readers.read import combine, pod_groups, pod_key
from kubesim.explain.readers.unseen_unready import UNSEEN_WHY, unseen_unready
from kubesim.explain.readers.workload_of import WorkloadPods, workload_pods_of
from kubesim.explain.replay import Reconstructed, replay, started_events
from kubesim.explain.timebase import Timebase, timebase
from kubesim.kubelet.restart_rules import gate_notes
from kubesim.kubelet.settings import CLASSIC, KubeletProfile
from kubesim.results import ProbeType
from kubesim.spec.model import ContainerSpec, ProbedContainer, RestartPolicy

__all__ = ["ExplainOptions", "explain_pods", "explain_records"]

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
    # the user named no profile: a rule that changed in a release may be chosen from the
    # record's dates (kubesim.explain.dated), and the output says so
    rule_from_dates: bool = False
    expect: tuple[Want, ...] = ()
    suggest: bool = True
    max_work: int = DEFAULT_MAX_WORK
    # keep each replay's representative run whole (the page draws it); without it, its
    # records up to the kills the text and JSON list (a long crash loop's days unrecorded)
    whole_run: bool = True


@dataclass
class _Context:
    pod: PodRecord
    tb: Timebase
    options: ExplainOptions
    profile: KubeletProfile  # options.profile, or the rule of the record's dates
    grace: int
    grace_known: bool
    policy: RestartPolicy
    runs: dict[str, object] = field(default_factory=dict)


def explain_records(records: list[RecordSet],
                    options: ExplainOptions = ExplainOptions()) -> Explanation:
    """Explain one pod's record (several inputs about one pod are combined; inputs about
    several pods need `options.pod`, or `explain_pods`)."""
    if not records:
        raise UsageError("explain needs at least one record")
    return _explain_pod(combine(records, options.pod), records, options)


def explain_pods(records: list[RecordSet],
                 options: ExplainOptions = ExplainOptions()) -> list[Explanation]:
    """Explain every pod the inputs are about, in order of name (`pod_groups`), or the one
    `options.pod` names: one explanation per pod, each of the inputs about it alone."""
    if not records:
        raise UsageError("explain needs at least one record")
    pods = sorted(pod_groups(records), key=lambda p: (p.name is None, p.name or "",
                                                       p.namespace or ""))
    several = len(pods) > 1
    if options.pod is not None:
        workload = workload_pods_of(pods, options.pod, [r.plain for r in records])
        if workload is not None:  # no pod of that name: a workload's (workload_of.py)
            return _workload(workload, pods, records, options)
        chosen = combine(records, options.pod)  # none of that name: exit 2
        return [_own(chosen, records, options, several, one=True, key=options.pod)]
    if several and options.container is not None and not any(
            c.name == options.container for p in pods for c in p.containers):
        have = containers_of([c for p in pods for c in p.containers])
        raise UsageError(f"--container {options.container[:60]!r}: no pod of the record has "
                         f"such a container (containers: {have})")
    return [_own(p, records, options, several, key=pod_key(p, pods)) for p in pods]


def _workload(workload: WorkloadPods, pods: list[PodRecord], records: list[RecordSet],
              options: ExplainOptions) -> list[Explanation]:
    """The pods `--pod` reads as a workload's, each explained as explain explains one of the
    record's several pods (the one, as the pod `--pod` names), the output saying why."""
    one = len(workload.pods) == 1
    out = [_own(p, records, options, len(pods) > 1, one=one and p.name is not None,
                key=pod_key(p, pods)) for p in workload.pods]
    for e in out:
        e.notes.insert(0, Finding(Level.UNCERTAIN, workload.said,
                                  (Evidence(f"--pod {options.pod}", workload.said),)))
    return out


def _own(pod: PodRecord, records: list[RecordSet], options: ExplainOptions,
         several: bool, one: bool = False, key: str | None = None) -> Explanation:
    """One of several pods explained from the inputs about it alone (the pods of a workload
    read live: each its own pod and events documents), as if they were all the inputs; one
    pod, from every input (the pieces that name no pod are its)."""
    mine = [r for r in records if any(p.name == pod.name for p in r.pods)
            or any(e.object_name == pod.name for e in r.events)
            or any(x.pod == pod.name for x in r.series)]
    lacks = several and not one  # --container may be missing from one of several pods
    if not several or pod.name is None or not mine or len(mine) == len(records):
        return _explain_pod(pod, records, options, lacks)
    return _explain_pod(combine(mine, key or pod.name), mine, options, lacks)


def _probe_failure(e: RecordedEvent) -> bool:
    """Whether an app container's event is a probe's: its message a probe's, or an Unhealthy
    row whose message the record lost (rc.probe_row; fix91)."""
    return not e.init and rc.probe_row(e)


def _untied(loose: list[RecordedEvent]) -> list[Finding]:
    """The events no container explained owns: the probe failures whose container the record
    does not tell, apart from the rest (image pulls that name none, an init container's,
    other components' events such as a policy engine's)."""
    probe = [_probe_failure(e) for e in loose]
    probes = [e for e, p in zip(loose, probe, strict=True) if p]
    kills = [e for e in loose if e.reason == "Killing" and not e.init and _end_of(e)[0]]
    others = [e for e, p in zip(loose, probe, strict=True)
              if not p and e.reason != "BackOff" and e not in kills]
    out = _untied_back_offs([e for e in loose if e.reason == "BackOff" and not e.init])
    if kills:  # README's rule of nameless ends
        out.append(Finding(Level.UNCERTAIN, f"{plural(sum(e.count for e in kills), 'kill')} "
                           "naming no container: some container of the pod was killed; which "
                           "one, the record does not tell: the pod's, counted as no "
                           "container's end", tuple(rc.evidence(e) for e in kills[:3])))
    if probes:
        out.append(Finding(Level.UNCERTAIN, f"{plural(len(probes), 'probe event')} could not be "
                           "tied to one container (naming none, while several containers may "
                           "have such a probe, or the record shows some only by their image): "
                           "cannot tell which container's probe failed",
                           tuple(rc.evidence(e) for e in probes[:3])))
    if others:
        out.append(Finding(Level.UNCERTAIN, f"{plural(len(others), 'other event')} given to no "
                           "container explained (image pulls that name none, an init "
                           "container's, other components')",
                           tuple(rc.evidence(e) for e in others[:3])))
    return out


def _untied_back_offs(back_offs: list[RecordedEvent]) -> list[Finding]:
    """Back-off refusals naming no container, beside several the record shows: some
    container of the pod ended and was refused a start (R4.9), which one the record does not
    tell; the pod's, counted as no container's end (README's counting rules:
    sonarqube-helm-325)."""
    if not back_offs:
        return []
    n = sum(e.count for e in back_offs)
    return [Finding(Level.UNCERTAIN, f"{plural(n, 'back-off refusal')} naming no container: "
                    "some container of the pod ended and was refused a start (R4.9); which "
                    "one, the record does not tell: the pod's, counted as no container's end", tuple(rc.evidence(e) for e in back_offs[:3]))]


def _quiet(views: list[rc.View], stories: list[ContainerStory]) -> list[Finding]:
    """Said when none of the pod's several containers has anything to explain (`_worth`), so
    the explanation is not silent (codecentric-helm-charts-824: an init container Completed
    with exit code 0, keycloak Running and Ready, no restart)."""
    if stories or not views:
        return []
    return [Finding(Level.FACT, f"nothing to explain: none of the {len(views)} containers the "
                    "record shows has a probe failure, a kill, a restart, a last state, an end "
                    "other than Completed with exit code 0, or Ready false", ())]


def _unseen(pod: PodRecord, answer: Diagnosis | None) -> list[Finding]:
    """Said where the pod's answer weighs a container the record does not show, not ready
    (unseen_unready.py): why the answer is the pod's."""
    hidden = unseen_unready(pod) if answer is not None else ""
    return [Finding(Level.UNCERTAIN, f"{hidden}: {UNSEEN_WHY}, so the answer is the pod's", tuple(
        Evidence(str(c.where), f"{c.type} {c.status}") for c in pod.conditions
        if c.type == "ContainersReady"))] if hidden else []


def _explain_pod(pod: PodRecord, records: list[RecordSet], options: ExplainOptions,
                 several: bool = False) -> Explanation:
    """One pod's explanation; `several`: one of several pods, which may lack --container."""
    tb, clock = timebase(pod, options.now)
    views, loose = rc.attribute(pod, options.container)
    views, lacking = _chosen(views, pod, options.container, several)
    policy = _policy(pod)
    grace = pod.grace_seconds
    if grace is None and options.spec:  # a record without it (describe): --spec's pod says
        grace = options.spec[0].termination_grace_period_seconds
    profile, dated = (dated_profile(options.profile, tb) if options.rule_from_dates
                      else (options.profile, []))
    ctx = _Context(pod, tb, options, profile, grace if grace is not None else 30,
                   grace is not None, policy)
    stories = [_story(v, ctx) for v in views if _worth(v, views)]
    answer = None if options.container is not None else _pod_answer(pod, views, loose, stories)
    if not any(LIVENESS in {x.probe for x in st.settings} | {x.probe for x in st.streaks}
               for st in stories):
        dated = []  # the rule counts liveness kills: said where there is one to count
    findings = list(clock) + dated + lacking + _before_scheduling(pod, tb)
    findings += _untied(loose) + _quiet(views, stories) + _unseen(pod, answer)
    notes = [Finding(Level.UNCERTAIN if n.uncertain else Level.FACT, n.text,
                     (Evidence(str(n.where), ""),)) for n in pod.notes]
    # --spec's pods: what they set that the replay does not model (kubesim.spec.fields)
    said = {n.text for n in pod.notes}
    spec_notes = dict.fromkeys((p.source, n) for p in options.spec for n in p.notes
                               if n not in said)
    notes += [Finding(Level.FACT, n, (Evidence(source, ""),)) for source, n in spec_notes]
    notes += _gate_notes(stories, options, profile)
    owner = f"{pod.owner[0]}/{pod.owner[1]}" if pod.owner else None
    return Explanation(pod.name, pod.namespace, owner,
                       [{"source": r.source, "format": r.format} for r in records],
                       tb.to_data(), stories, findings, notes, answer)


def _pod_answer(pod: PodRecord, views: list[rc.View], loose: list[RecordedEvent],
                stories: list[ContainerStory]) -> Diagnosis | None:
    """The pod's one answer (kubesim.explain.pod_answer) where the record's probe failures
    name none of its several containers, or may be one it shows only by its image, or its
    ends name none of several containers explained (`nameless_ends`); then
    each container's answer leaves those failures to it (`as_the_pods`). None elsewhere:
    each container's answer is the answer (--container asks for one's)."""
    probes = tuple(e for e in loose if _probe_failure(e))
    # README's rule of nameless ends: beside several containers explained, the pod's
    ends = nameless_ends(loose, pod) if len(stories) > 1 else ()
    hidden = unseen_unready(pod)  # a container not in the record, not ready (stop 59)
    if not (probes or ends or hidden) or not stories or any(s.answer is None for s in stories):
        return None
    told = [v for v in views if any(e in v.unsure for e in probes)]
    quiet = [v for v in told if not _worth(v, views)]  # candidates with nothing else to say
    image = rc.images_only(pod, views) if probes else ""
    if len(stories) == 1 and not quiet and not image and not hidden:
        return None
    # (no candidate: every container the record lists has its probes, none of this kind)
    why = next((v.unsure_why for v in told), "") or \
        "none of the containers whose probes the record lists has such a probe"
    untied = Untied(probes, why, image,
                    tuple(v.name or "(name not in the record)" for v in quiet),
                    _others_max(views, loose, quiet, bool(image or hidden)), ends, _whole(views),
                    hidden)
    for s in stories:
        assert s.answer is not None
        s.answer = as_the_pods(s.answer)
    return pod_answer([(s.name, s.answer) for s in stories if s.answer is not None], untied)


def _others_max(views: list[rc.View], loose: list[RecordedEvent], quiet: list[rc.View],
                image: bool) -> int | None:
    """The most kills the record allows the containers the failures naming none may be that
    have no answer (`Untied.others_max`): one with nothing else to explain, its restart
    count (0 there: a kill restarts it, R4.7; none stated: no bound); one shown only by its
    image, the Killing rows naming no container where the pod's events are whole from its
    scheduling on, none cut (each probe kill records one, R4.4), else no bound."""
    counts = [v.record.restart_count if v.record is not None else None for v in quiet]
    if image:
        counts.append(sum(e.count for e in loose if e.reason == "Killing")
                      if _whole(views) else None)
    return None if any(c is None for c in counts) else sum(c for c in counts if c is not None)


def _whole(views: list[rc.View]) -> bool:
    """Whether the pod's events are whole from its Scheduled row on, none cut: every probe
    kill of its containers left a Killing row the record shows (R4.4)."""
    return bool(views) and views[0].since_scheduled and not views[0].rows_cut


def nameless_ends(loose: list[RecordedEvent], pod: PodRecord) -> tuple[NamelessEnd, ...]:
    """The ends among the events no container owns (README's rule of nameless ends): a
    back-off refusal (R4.9), a Killing row whose message names no container: a probe's kill
    (R4.1's message, R4.4), the pod's teardown (`Stopping container`, `Need to kill Pod`,
    R4.22), or one whose message tells no cause; and the ends the readers gave the pod
    (NoteKind.POD_END: the PLEG's, by a runtime ID no line ties to a name). An init
    container's are not the app's."""
    out = []
    for e in loose:
        kind, probe = _end_of(e)
        if kind is not None and not e.init:
            out.append(NamelessEnd(kind, e.count, not e.count_stated, probe))
    out += [NamelessEnd(EndKind.EXIT) for n in pod.notes if n.kind is NoteKind.POD_END]
    return tuple(out)


_KILL_ENDS = {KillCause.LIVENESS: (EndKind.PROBE_KILL, ProbeType.LIVENESS),
              KillCause.STARTUP: (EndKind.PROBE_KILL, ProbeType.STARTUP),
              KillCause.STOPPING: (EndKind.STOP, None)}


def _end_of(e: RecordedEvent) -> tuple[EndKind | None, ProbeType | None]:
    """What end an event naming no container is (None: none, or it names one)."""
    if e.reason == "BackOff":
        return EndKind.BACK_OFF, None
    if e.reason != "Killing":
        return None, None
    cause, name, _ = kill_of(e.message)
    if name is not None:
        return None, None
    return _KILL_ENDS.get(cause, (EndKind.KILL, None))


def _chosen(views: list[rc.View], pod: PodRecord, container: str | None, several: bool
            ) -> tuple[list[rc.View], list[Finding]]:
    """The containers --container keeps; a pod without it is an error, or, one of several
    pods, a finding of its explanation (the others have it)."""
    if container is None:
        return views, []
    views = [v for v in views if v.name == container]
    if views:
        return views, []
    have = containers_of(pod.containers)
    # (probe YAML pasted alone, a describe piece: the record shows containers, names none)
    why = "names no container" if pod.containers and all(
        c.name is None for c in pod.containers) else "has no such container"
    if not several:
        raise UsageError(f"--container {container[:60]!r}: the record {why} "
                         f"(containers: {have})")
    return [], [Finding(Level.FACT, f"this pod has no container {container[:60]!r} "
                        f"(--container; its containers: {have})", ())]


def containers_of(containers: Sequence[ContainerRecord]) -> str:
    """The containers a record has, as `--container` may name them: their names, sorted, then
    those it does not name. A `kubectl get pods` row of READY x/N is N containers it names
    none of (printPod), which no --container can choose."""
    names = sorted({c.name for c in containers if c.name is not None})
    unnamed = [c for c in containers if c.name is None]
    n = sum(c.containers for c in unnamed)
    if unnamed and n > 1:
        names.append(f"{n} the record does not name ({_rows(unnamed)})")
    elif unnamed:
        names.append("one the record does not name")
    return ", ".join(names) or "none"


def _rows(unnamed: list[ContainerRecord]) -> str:
    """Where a record counts containers it does not name: its `get pods` rows' READY."""
    ready = [f"READY {c.ready_containers if c.ready_containers is not None else '?'}/"
             f"{c.containers}" for c in unnamed if c.containers > 1]
    return "a `get pods` row of " + ", ".join(ready) if len(ready) == 1 else \
        "`get pods` rows of " + ", ".join(ready)


def _gate_notes(stories: list[ContainerStory], options: ExplainOptions,
                profile: KubeletProfile) -> list[Finding]:
    """What the profile's gates drop from the pods the replay runs and from --spec's
    (restart rules with ContainerRestartRules off, R4.34), each said once."""
    found: dict[str, str] = {}
    for story in stories:
        if story.run_pod is not None:
            for n in gate_notes(story.run_pod, profile):
                found.setdefault(n, f"the replay of container {story.name}")
    for p in options.spec:
        for n in gate_notes(p, profile):
            found.setdefault(n, p.source)
    return [Finding(Level.FACT, n, (Evidence(where, ""),)) for n, where in found.items()]


# Events about a pod that come before it is scheduled: the scheduler's attempts that found no
# node, and the cluster autoscaler's answers to them.
_UNSCHEDULED = frozenset({"FailedScheduling", "TriggeredScaleUp", "NotTriggerScaleUp"})


def _before_scheduling(pod: PodRecord, tb: Timebase) -> list[Finding]:
    """Events that begin before the pod was scheduled, other than those that come before it
    by nature (`_UNSCHEDULED`): clock skew, or events of an earlier pod of the same name
    merged into this record."""
    scheduled = [tb.of(e.first) for e in pod.events if e.reason == "Scheduled"]
    scheduled = [w for w in scheduled if w.known]
    if not scheduled:
        return []
    at = min(w.lo for w in scheduled if w.lo is not None)
    early = [e for e in pod.events if e.reason != "Scheduled" and e.reason not in _UNSCHEDULED
             and (w := tb.of(e.first)).known and w.hi is not None and w.hi < at - 1.0]
    if not early:
        return []
    e = early[0]
    return [Finding(Level.WARNING, f"{plural(len(early), 'event')} began before the pod was scheduled "
                    f"({e.reason} first seen {e.first.text} ago, the pod scheduled "
                    f"{next(x for x in pod.events if x.reason == 'Scheduled').first.text} ago): "
                    "the clocks of the machines that recorded them disagree, or the record "
                    "holds events of an earlier pod of the same name; the times of those "
                    "events are uncertain", tuple(rc.evidence(x) for x in early[:3]))]


def _worth(v: rc.View, views: list[rc.View]) -> bool:
    """Whether one of several containers has something to explain: events, a restart, a
    last state, Ready false, an end or a wait that is not its normal course, or an init
    container it waits on that failed."""
    r = v.record
    if v.evicted is not None and r is None:  # a container the eviction's message names (fx60j)
        return True
    return len(views) == 1 or bool(v.events) or bool(v.waits_for) or (r is not None and bool(
        r.restart_count or r.last is not None or r.ready is False or rc.init_failed(r)
        or _stopped(r)))


def _stopped(r: ContainerRecord) -> bool:
    """An end other than `Completed` with exit code 0, or a wait other than for its start."""
    t = r.terminated
    if r.state == "terminated":
        return t is None or t.reason != "Completed" or t.exit_code not in (None, 0)
    return r.state == "waiting" and r.state_reason not in (
        None, "PodInitializing", "ContainerCreating")


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
    """One container: what the record shows, then the model's arithmetic, replay and fix,
    then the diagnosis decided once from all of it."""
    spec, settings = rc.settings(v, _override(v, ctx.options))
    by_type = {s.probe: s for s in settings}
    story = ContainerStory(v.name, v.record.restart_count if v.record else None, settings,
                           containers=v.record.containers if v.record else 1,
                           role=_role(v.record))
    _reconstruct(story, v, ctx, by_type)
    pod = _pod(spec, ctx)
    own = [s for s in story.streaks if s.own]
    done = arithmetic(pod, settings, own, story.kills, ctx.profile)
    story.arithmetic, story.detection = done.lines, done.detection
    story.findings += _consistency(story, by_type, _cut_where(v)) + _endpoints(story, v)
    if spec is not None and settings:
        _replay(story, spec, v, ctx)
    if ctx.options.suggest and spec is not None:
        story.prevention, story.suggestion = prevent(
            spec, settings, own, story.kills, owner=ctx.pod.owner,
            pod_name=ctx.pod.name, namespace=ctx.pod.namespace, grace=ctx.grace,
            profile=ctx.profile, phases=max(ctx.options.phases, 4),
            seed=ctx.options.seed, user=list(ctx.options.expect),
            max_work=ctx.options.max_work)
    story.answer = diagnose(story, by_type, v, ctx.profile.failure_run_after_kill)
    return story


def _role(record: ContainerRecord | None) -> Role:
    if record is not None and record.sidecar:
        return Role.SIDECAR
    return Role.INIT if record is not None and record.init else Role.CONTAINER


def _reconstruct(story: ContainerStory, v: rc.View, ctx: _Context,
                 by_type: dict[ProbeType, Setting]) -> None:
    """What the record shows: streaks, kills, back-offs, exits, restarts, not-Ready."""
    tb = ctx.tb
    story.streaks = rc.streaks(v, tb, by_type)
    if v.series:
        story.streaks += rc.metric_streaks(v.series, tb, by_type)
    story.kills, cut = _cut_kills(rc.kills(v, tb, by_type), story.streaks, by_type)
    story.findings += cut
    story.back_offs = rc.back_offs(v, tb, (ctx.profile.backoff_initial,
                                           ctx.profile.backoff_max))
    story.exits = rc.exits(v, tb)
    never = ctx.policy is RestartPolicy.NEVER
    story.restarts, more = rc.restarts(v, story.kills, story.exits, ctx.grace, ctx.pod.events,
                                       never)
    story.findings += more
    story.not_ready = rc.not_ready(ctx.pod, v, tb, story.streaks, by_type)
    story.streaks += rc.untold_streaks(v, tb)  # shown and weighed, never replayed


def _pod(spec: ContainerSpec | None, ctx: _Context) -> ProbedContainer | None:
    """The container as the model runs it (None when the record gives no probe, or the pod
    cannot be run as it is: the replay says why)."""
    if spec is None or not spec.probes():
        return None
    try:
        return ProbedContainer(spec, termination_grace_period_seconds=ctx.grace,
                               restart_policy=ctx.policy, object_kind="Pod",
                               object_name="recorded")
    except SpecError:
        return None


def _replay(story: ContainerStory, spec: ContainerSpec, v: rc.View, ctx: _Context) -> None:
    """The record's settings and failures through the kubelet model."""
    tb = ctx.tb
    starts, restarts_seen = started_events(v.events, tb, v.name)
    still = v.record is not None and (v.record.state_reason == "CrashLoopBackOff"
                                      or v.record.ready is False)
    own = [s for s in story.streaks if s.own]
    recon = Reconstructed(spec, story.settings, own, story.kills, story.exits,
                          v.record, starts, restarts_seen, story.back_offs is not None, still,
                          ctx.grace, ctx.grace_known, ctx.policy,
                          0.0 if tb.ages and not tb.log else None)
    story.replay, story.run, story.run_pod, story.run_scenario = replay(
        recon, tb, phases=ctx.options.phases, seed=ctx.options.seed,
        profile=ctx.profile, max_work=ctx.options.max_work, whole_run=ctx.options.whole_run)


# ---------------------------------------------------------------- consistency


def _cut_kills(kills: list[Kill], streaks: list[Streak], by_type: dict[ProbeType, Setting]
               ) -> tuple[list[Kill], list[Finding]]:
    """A Killing row cut short in the record (no message) right after a probe's failures is
    read as that probe's kill where the record shows the probe behind it: as many kills as
    its counted failures reach the failureThreshold the record gives (`_can_kill`, R1.17);
    the rest stay kills of untold cause."""
    out: list[Kill] = []
    findings: list[Finding] = []
    read_as: dict[tuple[ProbeType, int], int] = {}  # (probe, the row's line): its kills read
    for k in kills:
        if k.cause != "unknown" or (k.message and not cut_short(k.message)):
            out.append(k)
            continue
        t, last = _before(k, streaks, kills)
        if t is None:
            out.append(k)
            continue
        row = (t, _line(k.evidence[0]))
        if row not in read_as:  # the row's kills the probe's counted failures can make
            others = sum(n for (p, _), n in read_as.items() if p is t)
            read_as[row] = int(min(k.of, max(0, _can_kill(t, streaks, by_type) - others)))
        n = read_as[row]
        if k.index > n:  # more kills than the probe's failures can make: theirs is untold
            out.append(replace(k, index=k.index - n, of=k.of - n))
            continue
        setting = by_type.get(t)
        at = _after_failure(k.at, last)
        counted = rc.counted_failures(at, setting)
        out.append(Kill(k.index, n, KillCause(t.value), at, counted,
                        f"(cut short in the record; read as the {t.value} kill)", k.evidence))
        if k.evidence in [f.evidence for f in findings]:  # one row's kills, one finding
            continue
        findings.append(Finding(Level.UNCERTAIN, f"the Killing row is cut short in the record; it "
                                f"follows the {t.value} probe's failures or kills, so it is "
                                "read as its kill",
                                k.evidence))
    return out, findings


def _after_failure(at: When, last: When | None) -> When:
    """A cut Killing row's time: its own where the record gives it, else right after the
    threshold-crossing failure it follows (inferred)."""
    if at.known or last is None or not last.known:
        return at
    assert last.lo is not None and last.hi is not None  # known: both bounds given
    return When(last.lo, last.hi + 1.5, Confidence.INFERRED)


def _can_kill(t: ProbeType, streaks: list[Streak], by_type: dict[ProbeType, Setting]
              ) -> float:
    """How many kills the probe's failures the record counts show: each kill takes
    failureThreshold failures in a row (R1.17); none when the record does not give the
    threshold (failures alone do not show that a kill was due: the README's rule, a kill
    naming no probe is the probe's only where the record shows the probe behind it); without
    bound when a row of them states no count, or the record counts none (the kill is read
    after the probe's earlier kills)."""
    failed = [s for s in streaks if s.outcome == "failed" and s.probe is t]
    if not failed:  # none counted: the kill is read after the probe's earlier kills
        return float("inf")
    setting = by_type.get(t)
    if setting is None or setting.source not in (Source.RECORD, Source.SPEC):
        return 0  # failures alone, against a threshold the record does not give
    if any(not s.count_stated for s in failed):  # at least once each: no bound
        return float("inf")
    return sum(s.count for s in failed) // setting.failure_threshold


def _before(k: Kill, streaks: list[Streak], kills: list[Kill]
            ) -> tuple[ProbeType | None, When | None]:
    """The probe whose failures (or kills) the record shows just before a cut Killing row:
    the only kills that follow a probe's failures are that probe's kills."""
    if not k.evidence:
        return None, None
    line = _line(k.evidence[0])
    failed = [s for s in streaks if s.outcome == "failed" and s.probe in (LIVENESS, STARTUP)
              and s.evidence and _line(s.evidence[0]) < line]
    if failed:
        return failed[-1].probe, failed[-1].last
    killed = [x for x in kills if x.cause in ("liveness", "startup") and x.evidence
              and _line(x.evidence[0]) < line]
    return (ProbeType(killed[-1].cause), None) if killed else (None, None)


def _line(e: Evidence) -> int:
    tail = e.where.rsplit(":", 1)[-1].split(" ")[0]
    return int(tail) if tail.isdigit() else 0


def _endpoints(story: ContainerStory, v: rc.View) -> list[Finding]:
    """Failures of one probe whose outputs name several endpoints, where the record gives no
    probe settings: a container's probe of a type has one handler, so they are the failures
    of several containers the record does not tell apart (describe's rows name none), or of a
    probe that changed. Said, since they are read as this container's, with the handler of
    the first (`reconstruct._assumed`)."""
    if v.spec is not None:
        return []
    out = []
    for t in ProbeType:
        mine = [s for s in story.streaks if s.own and s.probe is t]
        seen = dict.fromkeys(x for s in mine if (x := rc.probe_endpoint(s.detail)) is not None)
        if len(seen) > 1:
            names = ", ".join(list(seen)[:4]) + (", ..." if len(seen) > 4 else "")
            out.append(Finding(Level.UNCERTAIN, (
                f"the {t.value} probe's failures name {len(seen)} endpoints ({names}): one "
                f"container's {t.value} probe has one, so they may be the failures of several "
                "containers the record does not tell apart (its rows name none), or of a probe "
                "that changed; they are read as this container's, its handler the first one's"),
                tuple(e for s in mine[:3] for e in s.evidence)))
    return out


def _cut_where(v: rc.View) -> str:
    """Where failures the record cuts away may be ("" when its rows are not cut): in a probe
    row cut before its message (keycloak-40752: `Unhealthy 111s (x10 over 5m1s) kubelet`, the
    probe cut away), or in rows after the cut. Rows picked out of their table, no mark of a
    cut among them (`View.picked_only`), leave the rest of it out of the paste: the caller's
    words say so."""
    if not v.rows_cut or v.picked_only:
        return ""
    row = next((e for e in v.events if e.reason == "Unhealthy" and e.truncated
                and not e.message), None)
    if row is None:
        return "or are in rows after the record's cut"
    count = f"x{row.count}: " if row.count_stated and row.count > 1 else ""
    return f"or are the Unhealthy row cut before its message ({count}its probe is not in the record)"


def _consistency(story: ContainerStory, by_type: dict[ProbeType, Setting],
                 cut: str = "") -> list[Finding]:
    """The record's failures against its kills, by failureThreshold (R1.17); `cut`: where
    failures the pod's rows cut short may be (`_cut_where`), "" if they are not cut."""
    out: list[Finding] = []
    for t in (LIVENESS, STARTUP):
        setting = by_type.get(t)
        failed = _failed(story.streaks, t)
        kills = [k for k in story.kills if k.cause == t.value]
        untold = any(k.cause is KillCause.UNKNOWN for k in story.kills)
        if setting is not None and (failed or kills):
            out += _failures_per_kill(t, setting, failed, kills, cut, untold)
    return out


def _failures_per_kill(t: ProbeType, setting: Setting, failed: list[Streak],
                       kills: list[Kill], cut: str = "", untold: bool = False
                       ) -> list[Finding]:
    """What the probe's failures say against its kills (`_consistency`); `cut`: where the
    record's cut may hide failures (words for the finding, "" for none); `untold`: the
    record shows kills whose cause it does not state, which may be this probe's."""
    out: list[Finding] = []
    n, k = sum(s.count for s in failed), rc.kill_total(kills)
    f = setting.failure_threshold
    # the kills' evidence once each, in the record's order (a set's order changes with the
    # interpreter's hash seed: so would the bytes)
    ev = tuple(e for s in failed for e in s.evidence) + tuple(
        dict.fromkeys(e for x in kills for e in x.evidence))
    sure = Level.FACT if setting.source in (Source.RECORD, Source.SPEC) else Level.UNCERTAIN
    f_text = f"failureThreshold {f}" + {"assumed": " (assumed)", "inferred": " (inferred "
                                        "from these events)"}.get(setting.source, "")
    if k:
        out.append(_per_kill(t, n, k, f, f_text, sure, failed, cut, ev))
    elif n >= f and untold:
        out.append(Finding(Level.UNCERTAIN, f"{n} {t.value} failures reach {f_text}; the "
                           "record's Killing rows do not say why they killed (a message cut "
                           "away or naming no probe): they may be its kills", ev))
    elif n >= f and all(s.shape is Shape.RUN for s in failed if s.count > 1):
        out.append(Finding(Level.WARNING, f"{n} {t.value} failures in a row reach {f_text} but "
                           "the record shows no Killing event: it was dropped or expired, "
                           "or the settings differ from those used", ev))
    elif n < f:
        out.append(_too_few(t, n, f_text, sure, failed, ev))
    return out


def _per_kill(t: ProbeType, n: int, k: int, f: int, f_text: str, sure: Level,
              failed: list[Streak], cut: str, ev: tuple[Evidence, ...]) -> Finding:
    """The probe's n counted failures against its k recorded kills (R1.17)."""
    if not all(s.count_stated for s in failed):
        return _floor_per_kill(t, n, k, ev)
    if n == f * k:
        each = "the" if k == 1 else f"each of the {k}"
        return Finding(sure, f"{each} {t.value} {'kill' if k == 1 else 'kills'} followed "
                       f"{plural(f, 'failure')} in a row, as {f_text} requires (R1.17)", ev)
    if f * k < n < f * (k + 1):
        return Finding(sure, f"{n} {t.value} failures and {plural(k, 'kill')}: {f * k} counted "
                       f"toward the kills ({f} each, {f_text}); the other {n - f * k} "
                       f"belong to the container running now, fewer than {f}", ev)
    if n < f * k:
        return _fewer_per_kill(f"{plural(n, t.value + ' failure')} for {plural(k, 'kill')}: "
                               f"fewer than {f} per kill ({f_text})", cut, ev)
    return Finding(Level.UNCERTAIN, f"{n} {t.value} failures for {plural(k, 'kill')}: more than "
                   f"{f} per kill ({f_text}): some runs of failures were broken by "
                   "a success before they reached the threshold, or Killing events "
                   "are missing", ev)


def _fewer_per_kill(head: str, cut: str, ev: tuple[Evidence, ...]) -> Finding:
    return Finding(Level.UNCERTAIN, f"{head}: some Unhealthy events were dropped by the event "
                   "recorder, merged into a 'combined from similar events' event, "
                   + (cut or "or left out of the paste"), ev)


def _floor_per_kill(t: ProbeType, n: int, k: int, ev: tuple[Evidence, ...]) -> Finding:
    """Rows without a count are each at least once: `n` is a floor, so no comparison with the
    kills' failureThreshold x k holds (README of the real corpus)."""
    return Finding(Level.UNCERTAIN, f"at least {plural(n, t.value + ' failure')} (rows without "
                   f"a count: each at least once) for {plural(k, 'kill')}: how many failures "
                   "came before each kill the record does not say", ev)


def _too_few(t: ProbeType, n: int, f_text: str, sure: Level, failed: list[Streak],
             ev: tuple[Evidence, ...]) -> Finding:
    """Fewer failures than failureThreshold and no kill: the probe did not kill, unless the
    rows do not state their counts (each at least once: README of the real corpus)."""
    if not all(s.count_stated for s in failed):
        return Finding(Level.UNCERTAIN, f"at least {plural(n, t.value + ' failure')} (rows "
                       "without a count: each at least once): whether they reached "
                       f"{f_text} and killed cannot be told", ev)
    return Finding(sure, f"{plural(n, t.value + ' failure')}, fewer than {f_text}: these "
                   "failures made no kill (R1.17)", ev)
