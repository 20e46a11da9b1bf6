"""The pod's answer, decided once: where the record's probe failures name no container and the
pod has several containers (or some the record shows only by their image), or where its
ends name no container of several (a back-off refusal naming none, a nameless kill), the four
facts are the pod's, not one container's (tests/data/explain/real/README.md's counting rules
"Probe failures the record shows without naming their container" and "An end the record shows
without naming its container"). `pod_answer` folds the containers' typed diagnoses
(kubesim.explain.diagnosis), the failures and the ends given to no container into one
`Diagnosis`, which the text, JSON, HTML and MCP outputs render as they render a container's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import Enum
from typing import NamedTuple

from kubesim.explain.messages import ProbeOutcome, probe_event
from kubesim.explain.model import (
    Answer,
    Cause,
    CountRange,
    Diagnosis,
    PreventionAnswer,
)
from kubesim.explain.readers.model import RecordedEvent
from kubesim.results import ProbeType

__all__ = ["AS_THE_PODS", "POD_KIND", "EndKind", "NamelessEnd", "Untied", "as_the_pods",
           "pod_answer", "pod_kills"]

# the pod's answer where its containers' answers differ, or the failures may be a container
# that has no answer: which container failed, and what ended it, the record does not tell
POD_KIND = "pod-which-container"
# what a container's answer says of the failures naming no container once the pod's says them
AS_THE_PODS = ("the probe failures naming no container are the pod's, not counted as this "
               "container's (the pod's answer says them)")


class EndKind(str, Enum):
    """What an end naming no container is, as far as its probe kills and its cause go."""

    # a start refused by CrashLoopBackOff (R4.9): it follows an end of any cause, a probe
    # kill among them, which the record does not show
    BACK_OFF = "back-off refusal"
    # a kill whose message tells no cause (old kubelets' `Killing <id>`): it may be a probe's
    KILL = "kill"  # said with _UNTOLD
    # an end told by its exit code alone (the PLEG's `container finished`): a probe kill
    # ends the process so too
    EXIT = "exit"
    # a liveness or startup probe's kill (R4.1's message, R4.4): one probe kill
    PROBE_KILL = "probe kill"
    # the pod's teardown (`Stopping container`, dockershim's `Need to kill Pod`, R4.22): it
    # ends every container at once for the pod's cause, and is no probe's kill
    STOP = "whole-pod stop"


_UNTOLD = " whose message tells no cause"


class NamelessEnd(NamedTuple):
    """An end the record shows without naming its container, beside several it names
    (README's rule of nameless ends): what it is, how many occurrences (`times`; `at_least`:
    a row without a count is at least once), the probe whose kill it was (PROBE_KILL)."""

    kind: EndKind
    times: int = 1
    at_least: bool = False
    probe: ProbeType | None = None

    @property
    def may_kill(self) -> bool:
        """Whether it may be a probe kill the record does not show as one."""
        return self.kind in (EndKind.BACK_OFF, EndKind.KILL, EndKind.EXIT)


class Untied(NamedTuple):
    """What the pod's answer weighs besides its containers' diagnoses: the probe events the
    record gives to no container (`events`), why it cannot tell whose (`why`), and the
    containers they may be that have no diagnosis: one the record shows only by its image
    (`image`: why the record has one, "" for none), whose end the record does not show, and
    those with nothing else to explain (`quiet`: their names); with the most kills the record
    allows those together (`others_max`, None: it does not bound them). Then the ends the
    record gives to no container (`ends`), and whether it bounds the probe kills behind those
    that may be one (`ends_bounded`: the pod's events whole from its Scheduled row, none cut,
    so each probe kill left a Killing row the record shows, R4.4). Last, why the pod has a
    container the record does not show, not ready (`hidden`: unseen_unready.py, "" for none),
    whose end and kills are not in the record: its kills join the sum as the others' do."""

    events: tuple[RecordedEvent, ...]
    why: str
    image: str = ""
    quiet: tuple[str, ...] = ()
    others_max: int | None = 0
    ends: tuple[NamelessEnd, ...] = ()
    ends_bounded: bool = False
    hidden: str = ""

    @property
    def others(self) -> bool:
        """Whether the pod has a container with no diagnosis the answer weighs."""
        return bool(self.image or self.quiet or self.hidden)


def pod_kills(ranges: Sequence[CountRange], untied: Untied) -> CountRange:
    """The pod's probe kills: each Killing event is one container's (R4.4), so kills of
    different containers are different kills, and the pod's are their sum: the floor the sum
    of the floors, the ceiling the sum of the ceilings (open where one is). The failures naming
    no container are already in each candidate container's range (a kill they may have made
    is weighed there: that container's range stays open, or its restarts bound it), so they
    add nothing where every container they may be has an answer; where some have none (shown
    only by their image, or with nothing else to explain), their kills join the sum with the
    bound the record gives them (`Untied.others_max`), and a failure no container holds
    leaves the ceiling open where the record cannot bound them (None). So every choice of
    kills within the containers' ranges sums to a count within the pod's, and the floor is
    the fewest such a choice makes. The ends naming no container add to or bound none of the
    containers' kills (README's rule of nameless ends), so they join the pod's sum as their
    own term (`_ends_kills`)."""
    highs: list[int | None] = [r.hi for r in ranges]
    if untied.others:
        highs.append(untied.others_max)
    ends = _ends_kills(untied)
    highs.append(ends.hi)
    lo = sum(r.lo for r in ranges) + ends.lo
    hi = None if any(h is None for h in highs) else sum(h for h in highs if h is not None)
    return CountRange(lo, hi, because=_kills_because(ranges, untied, ends, (lo, hi)))


def _kills_because(ranges: Sequence[CountRange], untied: Untied, ends: CountRange,
                   bounds: tuple[int, int | None]) -> str:
    """Why the pod's kills are bounded so (`CountRange.because`): the sum's rule, and where
    the ceiling is open, the first reason that opens it (the ends naming no container, a
    container's own, or the failures that may be a container the record does not bound)."""
    hi = bounds[1]
    shared = {r.because for r in ranges}
    if len(shared) == 1 and all((r.lo, r.hi) == bounds for r in ranges) \
            and not untied.ends and not (untied.others and untied.others_max):
        return shared.pop()  # one range, or all alike and adding up to each: their reason
    said = "the containers' kills summed (each Killing event is one container's, R4.4)"
    if hi is not None:
        if untied.others and untied.others_max:
            said += (f", with at most {untied.others_max} of the containers the failures may be "
                     "that have no answer")
        return said
    if ends.hi is None:
        return f"{said}; open: {ends.because}"
    if untied.hidden and untied.others_max is None:
        return f"{said}; open: {untied.hidden}"
    if untied.others and untied.others_max is None:
        return (f"{said}; open: the failures naming no container may be a container whose "
                "kills the record does not bound")
    reasons = [r.because for r in ranges if r.hi is None and r.because]
    return f"{said}; open as a container's is: {reasons[0]}" if reasons else f"{said}; open"


def _ends_kills(untied: Untied) -> CountRange:
    """The probe kills of the ends naming no container, beyond the containers' ranges: a
    nameless probe kill is one each occurrence (R4.4; a row without a count at least once, so
    no ceiling); a back-off refusal follows an end of any cause (R4.9), and an exit or a
    kill whose message tells no cause may be a probe's, so each leaves the ceiling open
    unless the record bounds the pod's ends (`Untied.ends_bounded`: every probe kill left a
    Killing row the record shows, each one container's, R4.4); a whole-pod stop (R4.22) is
    no probe kill."""
    kills = [e for e in untied.ends if e.kind is EndKind.PROBE_KILL]
    lo = sum(e.times for e in kills)
    if any(e.at_least for e in kills):
        return CountRange(lo, None, because="a probe kill naming no container is counted at "
                          "least once (a row without a count)")
    if any(e.may_kill for e in untied.ends) and not untied.ends_bounded:
        return CountRange(lo, None, because=f"the record shows {_ends(untied)} naming no "
                          "container, each an end that may have been a probe kill the record "
                          "cannot rule out (R4.9)")
    return CountRange(lo, lo)


def _failed(untied: Untied) -> set[ProbeType]:
    """The probes whose failures name no container (a probe warning is no failure), and those
    whose kill an end naming none is."""
    found = (probe_event(e.message) for e in untied.events)
    kills = {e.probe for e in untied.ends if e.probe is not None}
    return kills | {p.probe for p in found
                    if p is not None and p.outcome is not ProbeOutcome.WARNING}


def _ends(untied: Untied) -> str:
    """`1 back-off refusal`, `at least 2 whole-pod stops` (a row without a count is at least
    once: the README's counting rules)."""
    by: dict[str, int] = {}
    lower: set[str] = set()
    for e in untied.ends:
        what = f"{e.probe.value} {e.kind.value}" if e.probe else e.kind.value
        by[what] = by.get(what, 0) + e.times
        if e.at_least:
            lower.add(what)
    return ", ".join(f"{'at least ' if w in lower else ''}{n} {w}{'' if n == 1 else 's'}"
                     f"{_UNTOLD if w == EndKind.KILL.value else ''}" for w, n in by.items())


def _end_changes(cause: Cause | None, untied: Untied) -> bool:
    """Whether an end naming no container may change the containers' common cause (`cause`;
    None where they differ: the pod's cannot be told anyway), so that the pod's cannot be
    told for it. A whole-pod stop ends them all for the pod's cause and kills for no probe
    (R4.22), and a kill by the probe whose kill the common cause is, is that cause again:
    neither changes a cause the containers' answers tell. Any other end is of some
    container, for a cause the record does not show (a back-off follows any end, R4.9); and
    where the containers' answers cannot tell, each of them says nothing of the end."""
    if cause is None:
        return False
    same = {ProbeType.LIVENESS: Cause.LIVENESS_KILL, ProbeType.STARTUP: Cause.STARTUP_KILL}
    return cause is Cause.CANNOT_TELL or any(
        e.kind is not EndKind.STOP and not (e.probe is not None and same.get(e.probe) is cause)
        for e in untied.ends)


def _failures(untied: Untied) -> str:
    """`1 liveness probe failure`, `at least 2 readiness probe failures`, `1 probe failure
    whose probe the record lost` (an Unhealthy row cut before its message; a row without a
    count is at least once: the README's counting rules)."""
    by: dict[str, int] = {}
    lower: set[str] = set()
    for e in untied.events:
        p = probe_event(e.message)
        kind = p.probe.value if p is not None else _LOST
        by[kind] = by.get(kind, 0) + e.count
        if not e.count_stated:
            lower.add(kind)
    named = {t: n for t, n in by.items() if t != _LOST}
    one = sum(named.values()) == 1 and not lower
    counts = ", ".join(f"{'at least ' if t in lower else ''}{n} {t}" for t, n in named.items())
    said = [f"{counts} probe {'failure' if one else 'failures'}"] if named else []
    if _LOST in by:
        n = by[_LOST]
        said.append(f"{'at least ' if _LOST in lower else ''}{n} probe "
                    f"{'failure' if n == 1 and _LOST not in lower else 'failures'} whose probe "
                    "the record lost (an Unhealthy row cut before its message)")
    return " and ".join(said)


_LOST = "lost"  # (`_failures`: an Unhealthy event whose message the record lost)


def _names(named: Sequence[tuple[str | None, Diagnosis]]) -> str:
    return ", ".join(n or "(name not in the record)" for n, _ in named)


class _PodCause(NamedTuple):
    cause: Cause
    kind: str
    said: str  # what the answer says of the containers
    because: str
    split: bool  # which container failed decides the answer, and the record does not tell


def _cause(named: Sequence[tuple[str | None, Diagnosis]], untied: Untied) -> _PodCause:
    """The containers' common cause; cannot tell where they differ, or where the failures
    may be a container with no answer (its end is not in the record)."""
    ds = [d for _, d in named]
    unseen = _unseen_cause(untied)
    if unseen is not None:
        return unseen
    causes = dict.fromkeys(d.cause for d in ds)
    if untied.ends and _end_changes(next(iter(causes)) if len(causes) == 1 else None, untied):
        # README's rule of nameless ends: some container ended so, for a cause not shown
        because = (f"the record shows {_ends(untied)} naming no container, an end of some "
                   "container of the pod that none of its containers' answers counts")
        read = ", ".join(f"{n or '(name not in the record)'}: {d.cause.value}" for n, d in named)
        return _PodCause(Cause.CANNOT_TELL, POD_KIND, "cannot tell what ended the pod's "
                         f"containers ({read}): an end naming none of them may be any one's",
                         because, True)
    if len(causes) > 1:
        read = ", ".join(f"{n or '(name not in the record)'}: {d.cause.value}" for n, d in named)
        whose = "the failures" if untied.events else "the ends naming no container"
        because = f"its containers' answers differ ({read}), and {whose} may be any one's"
        return _PodCause(Cause.CANNOT_TELL, POD_KIND, "cannot tell what ended the pod's "
                         f"failing container, because {because}", because, True)
    cause = ds[0].cause
    kinds = dict.fromkeys(d.kind for d in ds)
    kind = ds[0].kind if len(kinds) == 1 else POD_KIND if cause is Cause.CANNOT_TELL \
        else cause.value
    said = (f"each of its {len(ds)} containers" if len(ds) > 1 else "its container") + \
        f" ({_names(named)}) reads {cause.value}" + (f" ({kind})" if kind != cause.value else "")
    if cause is not Cause.CANNOT_TELL:
        return _PodCause(cause, kind, said, "", False)
    which = "each of its containers" if len(ds) > 1 else "its container"
    because = f"what ended {which} cannot be told ({', '.join(kinds)})"
    return _PodCause(cause, kind, f"cannot tell what ended the pod's "
                     f"{'containers' if len(ds) > 1 else 'container'}: {said}", because, False)


def _unseen_cause(untied: Untied) -> _PodCause | None:
    """The pod's cause where it has a container whose end the record does not show: one shown
    only by its image the failures may be (README's counting rules), or one it does not show
    at all, not ready (`Untied.hidden`, README's rule of stop 59): cannot tell. None else."""
    if untied.image:
        because = ("the failures naming no container may be those of a container the record "
                   "shows only by its image, whose end the record does not show")
        return _PodCause(Cause.CANNOT_TELL, POD_KIND, "cannot tell what ended the pod's "
                         "failing container: it may be one whose end the record does not show",
                         because, True)
    if untied.hidden:
        return _PodCause(Cause.CANNOT_TELL, POD_KIND, "cannot tell what ended the pod's "
                         "containers: one of them is not in the record", untied.hidden, True)
    return None


def _prevention(ds: Sequence[Diagnosis], c: _PodCause) -> PreventionAnswer:
    """The containers' common prevention answer; where they differ, or which container failed
    decides it, cannot tell."""
    if len(dict.fromkeys(d.prevention for d in ds)) == 1 and not c.split:
        return ds[0].prevention
    return PreventionAnswer(Answer.CANNOT_TELL, "what ended the pod's failing container "
                            f"cannot be told: {c.because}" if c.split else
                            "its containers' answers differ: see each container's")


def pod_answer(named: Sequence[tuple[str | None, Diagnosis]], untied: Untied) -> Diagnosis:
    """The pod's one answer, from its containers' diagnoses (`named`: each container's name
    and diagnosis) and the probe failures the record gives to none of them (`untied`): the
    containers' common cause, else cannot tell and why; the failed probes, the union with the
    untied failures'; the kills combined (`pod_kills`); whether the record shows failures.
    Ends naming no container (`Untied.ends`) show failures; the common cause holds only
    where they cannot change it (`_end_changes`), and their kills join the sum
    (`_ends_kills`). One container, with no other the failures may be: its answer is the
    pod's (an end naming none beside one container is its, README's rule of nameless ends)."""
    ds = [d for _, d in named]
    if len(ds) == 1 and not untied.others:
        return ds[0]
    if _readiness_alone(ds, untied):
        return _readiness_answer(named, untied)
    c = _cause(named, untied)
    order = {t: i for i, t in enumerate(ProbeType)}
    failed = {t for d in ds for t in d.failed} | _failed(untied)
    probes = dict.fromkeys(d.probe for d in ds)
    return Diagnosis(c.cause, c.kind, f"{c.said}; {_untied_text(untied)}, so the answer is "
                     "the pod's", next(iter(probes)) if len(probes) == 1 else None,
                     tuple(sorted(failed, key=order.__getitem__)),
                     pod_kills([d.probe_kills for d in ds], untied),
                     any(d.shows_failures for d in ds) or bool(untied.events or untied.ends),
                     _prevention(ds, c), c.because)


def _readiness_alone(ds: Sequence[Diagnosis], untied: Untied) -> bool:
    """Whether the pod's answer is readiness-only whichever container the failures naming
    none are (the README's lead rule of stop 50: readiness failures with no end shown are
    readiness-only, {0, 0}, whatever rows are cut away): every such failure is a readiness
    probe's (one whose probe the record lost may be a liveness one), no end names no
    container, no container is shown only by its image (its end is not in the record) or has
    a restart the record allows (`others_max`), and each container's answer shows no end of
    its own: readiness-only, or the failures naming none its only failures (`which-container`:
    no kill, exit, restart or back-off, diagnosis.py `_no_exit`), no kill counted. A
    readiness failure ends nothing (R3.4), so whose it was does not change what ended what."""
    if not untied.events or untied.ends or untied.image or untied.others_max != 0:
        return False
    probes = [probe_event(e.message) for e in untied.events]
    if any(p is None or p.probe is not ProbeType.READINESS for p in probes):
        return False
    return all((d.cause is Cause.READINESS_ONLY or d.kind == _WHICH) and d.probe_kills.lo == 0
               for d in ds)


_WHICH = "which-container"  # a container's answer whose only failures name no container


def _readiness_answer(named: Sequence[tuple[str | None, Diagnosis]],
                      untied: Untied) -> Diagnosis:
    """The pod's readiness-only answer (`_readiness_alone`): the pod leaves Ready, which of
    its containers' readiness failed the record does not tell, and no probe killed (R3.4)."""
    order = {t: i for i, t in enumerate(ProbeType)}
    failed = {t for _, d in named for t in d.failed} | _failed(untied)
    closes = "only readiness failed, and a readiness failure kills nothing (R3.4)"
    return Diagnosis(
        Cause.READINESS_ONLY, Cause.READINESS_ONLY.value,
        f"only readiness failed: the pod leaves Ready (no traffic), nothing is restarted by a "
        f"probe; its containers ({_names(named)}) show no end; {_untied_text(untied)}, "
        "and a readiness failure ends nothing whichever container's it was (R3.4), so the "
        "answer is the pod's", None, tuple(sorted(failed, key=order.__getitem__)),
        CountRange(0, 0, because=closes), True,
        PreventionAnswer(Answer.NO, "no probe killed the pod's containers (readiness-only): "
                         "no probe setting would have prevented it"))


def _untied_text(untied: Untied) -> str:
    """What the answer says of the failures and the ends naming no container."""
    said = []
    if untied.events:
        quiet = f" ({', '.join(untied.quiet)}, with nothing else to explain, among them)" \
            if untied.quiet else ""
        said.append(f"the record shows {_failures(untied)} naming no container, and "
                    f"{untied.why}{quiet}: cannot tell which container's probe failed")
    if untied.ends:
        said.append(f"the record shows {_ends(untied)} naming no container: some container "
                    "of the pod ended, and which one the record does not tell")
    if untied.hidden:
        said.append(untied.hidden)
    return "; ".join(said)


def as_the_pods(d: Diagnosis) -> Diagnosis:
    """A container's answer once the pod's is given: what it says of the failures naming no
    container (`Diagnosis.untied`) is said once, by the pod's answer."""
    if not d.untied:
        return d
    p = d.prevention
    return replace(d, text=d.text.replace(d.untied, AS_THE_PODS, 1),
                   because=d.because.replace(d.untied, AS_THE_PODS, 1),
                   prevention=replace(p, reason=p.reason.replace(d.untied, AS_THE_PODS, 1)),
                   untied="")
