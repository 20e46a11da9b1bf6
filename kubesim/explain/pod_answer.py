"""The pod's answer, decided once: where the record's probe failures name no container and the
pod has several containers (or some the record shows only by their image), the four facts are
the pod's, not one container's (tests/data/explain/real/README.md's counting rule "Probe
failures the record shows without naming their container"). `pod_answer` folds the containers' typed diagnoses (kubesim.explain.diagnosis)
and the failures given to no container into one `Diagnosis`, which the text, JSON, HTML and
MCP outputs render as they render a container's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
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

__all__ = ["AS_THE_PODS", "POD_KIND", "Untied", "as_the_pods", "pod_answer", "pod_kills"]

# the pod's answer where its containers' answers differ, or the failures may be a container
# that has no answer: which container failed, and what ended it, the record does not tell
POD_KIND = "pod-which-container"
# what a container's answer says of the failures naming no container once the pod's says them
AS_THE_PODS = ("the probe failures naming no container are the pod's, not counted as this "
               "container's (the pod's answer says them)")


class Untied(NamedTuple):
    """What the pod's answer weighs besides its containers' diagnoses: the probe events the
    record gives to no container (`events`), why it cannot tell whose (`why`), and the
    containers they may be that have no diagnosis: one the record shows only by its image
    (`image`: why the record has one, "" for none), whose end the record does not show, and
    those with nothing else to explain (`quiet`: their names); with the most kills the record
    allows those together (`others_max`, None: it does not bound them)."""

    events: tuple[RecordedEvent, ...]
    why: str
    image: str = ""
    quiet: tuple[str, ...] = ()
    others_max: int | None = 0

    @property
    def others(self) -> bool:
        """Whether the failures may be a container that has no diagnosis."""
        return bool(self.image or self.quiet)


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
    the fewest such a choice makes."""
    highs: list[int | None] = [r.hi for r in ranges]
    if untied.others:
        highs.append(untied.others_max)
    lo = sum(r.lo for r in ranges)
    hi = None if any(h is None for h in highs) else sum(h for h in highs if h is not None)
    return CountRange(lo, hi, because=_kills_because(ranges, untied, lo, hi))


def _kills_because(ranges: Sequence[CountRange], untied: Untied, lo: int, hi: int | None
                   ) -> str:
    """Why the pod's kills are bounded so (`CountRange.because`): the sum's rule, and where
    the ceiling is open, the first reason that opens it (a container's own, or the failures
    that may be a container the record does not bound)."""
    shared = {r.because for r in ranges}
    if len(shared) == 1 and all((r.lo, r.hi) == (lo, hi) for r in ranges) \
            and not (untied.others and untied.others_max):
        return shared.pop()  # one range, or all alike and adding up to each: their reason
    said = "the containers' kills summed (each Killing event is one container's, R4.4)"
    if hi is not None:
        if untied.others and untied.others_max:
            said += (f", with at most {untied.others_max} of the containers the failures may be "
                     "that have no answer")
        return said
    if untied.others and untied.others_max is None:
        return (f"{said}; open: the failures naming no container may be a container whose "
                "kills the record does not bound")
    reasons = [r.because for r in ranges if r.hi is None and r.because]
    return f"{said}; open as a container's is: {reasons[0]}" if reasons else f"{said}; open"


def _failed(untied: Untied) -> set[ProbeType]:
    """The probes whose failures name no container (a probe warning is no failure)."""
    found = (probe_event(e.message) for e in untied.events)
    return {p.probe for p in found if p is not None and p.outcome is not ProbeOutcome.WARNING}


def _failures(untied: Untied) -> str:
    """`1 liveness probe failure`, `at least 2 readiness probe failures` (a row without a
    count is at least once: the README's counting rules)."""
    by: dict[str, int] = {}
    lower: set[str] = set()
    for e in untied.events:
        p = probe_event(e.message)
        if p is None:
            continue
        by[p.probe.value] = by.get(p.probe.value, 0) + e.count
        if not e.count_stated:
            lower.add(p.probe.value)
    one = sum(by.values()) == 1 and not lower
    counts = ", ".join(f"{'at least ' if t in lower else ''}{n} {t}" for t, n in by.items())
    return f"{counts} probe {'failure' if one else 'failures'}"


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
    if untied.image:  # README's counting rules: a container whose end the record does not show
        because = ("the failures naming no container may be those of a container the record "
                   "shows only by its image, whose end the record does not show")
        return _PodCause(Cause.CANNOT_TELL, POD_KIND, "cannot tell what ended the pod's "
                         "failing container: it may be one whose end the record does not show",
                         because, True)
    if len(dict.fromkeys(d.cause for d in ds)) > 1:
        read = ", ".join(f"{n or '(name not in the record)'}: {d.cause.value}" for n, d in named)
        because = f"its containers' answers differ ({read}), and the failures may be any one's"
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
    One container, with no other the failures may be: its answer is the pod's."""
    ds = [d for _, d in named]
    if len(ds) == 1 and not untied.others:
        return ds[0]
    c = _cause(named, untied)
    order = {t: i for i, t in enumerate(ProbeType)}
    failed = {t for d in ds for t in d.failed} | _failed(untied)
    probes = dict.fromkeys(d.probe for d in ds)
    quiet = f" ({', '.join(untied.quiet)}, with nothing else to explain, among them)" \
        if untied.quiet else ""
    text = (f"{c.said}; the record shows {_failures(untied)} naming no container, and "
            f"{untied.why}{quiet}: cannot tell which container's probe failed, so the answer "
            "is the pod's")
    return Diagnosis(c.cause, c.kind, text, next(iter(probes)) if len(probes) == 1 else None,
                     tuple(sorted(failed, key=order.__getitem__)),
                     pod_kills([d.probe_kills for d in ds], untied),
                     any(d.shows_failures for d in ds) or bool(untied.events),
                     _prevention(ds, c), c.because)


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
