"""Stage 2 of `kubesim check`, scope: which check runs on which container, with which of the
given scenarios and traces (as they apply to it: scoping.py) and which expectations.

A selector of an expectation that matches no probed container is a typo, not a pass: bad
input. What scoping leaves out or changes (a trace without some of a container's targets, a
scenario whose `applies_to` matches nothing, one that names no workload but ran for several)
becomes a note of the report.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kubesim.analysis.check.checks import CHECKS
from kubesim.analysis.check.plan import Plan, Subject
from kubesim.analysis.check.scoping import NOT_COVERED, censored_note, for_container
from kubesim.errors import BehaviourError, UsageError

if TYPE_CHECKING:
    from kubesim.analysis.check.expectations import Expectation
    from kubesim.analysis.check.findings import BehaviourRef, ContainerRef, Settings, Workload
    from kubesim.analysis.check.plan import CheckRun
    from kubesim.errors import KubesimError

__all__ = ["scope"]


def scope(workloads: list[Workload], behaviours: list[BehaviourRef],
          expectations: list[Expectation], s: Settings, *, keep_errors: bool = False) -> Plan:
    """The plan: every check's runs on every container, in report order. A behaviour that
    cannot name a container's targets (a short key that stands for two endpoints of its pod)
    is bad input naming the container; with `keep_errors` (a check of several files) it is
    kept in `Plan.errors` and the container left out instead of ending the check."""
    _check_matches(expectations, workloads)
    notes: list[str] = []
    errors: list[KubesimError] = []
    seen: dict[str, list[str]] = {}
    given: dict[tuple[str, str], list[BehaviourRef] | None] = {}
    for w in workloads:
        for c in w.containers:
            try:
                given[(w.key, c.name)] = _given(w, c, behaviours, notes, seen)
            except BehaviourError as exc:
                if not keep_errors:
                    raise exc.about(f"{w.label} container {c.name}") from None
                errors.append(exc.about(f"{w.label} container {c.name}"))
                given[(w.key, c.name)] = None
    _scope_notes(behaviours, seen, notes)
    return Plan(_runs(workloads, given, expectations, s), tuple(notes),
                frozenset(k for k, refs in given.items() if refs is None), tuple(errors))


def _runs(workloads: list[Workload], given: dict[tuple[str, str], list[BehaviourRef] | None],
          expectations: list[Expectation], s: Settings) -> tuple[CheckRun, ...]:
    """Every check's runs on every container it was given behaviours for, in report order
    (a behaviour that names no workload, applied to several, as an assumption)."""
    applied = _applied(given)
    runs: list[CheckRun] = []
    for w in workloads:
        for c in w.containers:
            mine = given[(w.key, c.name)]
            if mine is None:  # reported in errors
                continue
            refs = tuple(replace(b, assumed=applied[b.label]) if _assumed(b, applied) else b
                         for b in mine)
            subject = Subject(w, c, refs,
                              tuple(e for e in expectations if e.applies(w, c.name)))
            for check in CHECKS:
                runs += check.plan(subject, s)
    return tuple(runs)


def _given(w: Workload, c: ContainerRef, behaviours: list[BehaviourRef], notes: list[str],
           seen: dict[str, list[str]]) -> list[BehaviourRef]:
    """The behaviours that apply to a probed container, each checked to name the targets of
    its pod as the engine will resolve them (`pod_targets`: BehaviourError if it cannot)."""
    if c.pod is None:
        return []
    mine_notes: list[str] = []
    mine_seen: dict[str, list[str]] = {}
    refs = _scoped(w, c, behaviours, mine_notes, mine_seen)
    for b in refs:
        from kubesim.engine.simulate import pod_targets  # the engine loads with a behaviour

        pod_targets(c.pod, b.behaviour)
    # only now: what a container left out for bad input would have noted does not count
    notes += [n for n in mine_notes if n not in notes]
    for label, runs in mine_seen.items():
        seen.setdefault(label, []).extend(runs)
    return refs


def _applied(given: dict[tuple[str, str], list[BehaviourRef] | None]) -> dict[str, int]:
    """How many workloads each behaviour applies to (label -> count)."""
    workloads: dict[str, set[str]] = {}
    for (key, _), refs in given.items():
        for b in refs or []:
            workloads.setdefault(b.label, set()).add(key)
    return {label: len(keys) for label, keys in workloads.items()}


def _assumed(b: BehaviourRef, applied: dict[str, int]) -> bool:
    """A behaviour that names no workload, applied to several: an assumption about each."""
    return not b.named and applied.get(b.label, 0) > 1


def _check_matches(expectations: list[Expectation], workloads: list[Workload]) -> None:
    for e in expectations:
        if e.workload is None and e.container is None:
            continue
        if not any(e.applies(w, c.name) for w in workloads for c in w.containers if c.pod):
            who = (e.workload or "every workload") + (
                f" container {e.container}" if e.container else "")
            raise UsageError(f"expectation {e.text!r} is for {who}, which matches no probed "
                             "container in the inputs", source=e.origin)


def _scoped(w: Workload, c: ContainerRef, behaviours: list[BehaviourRef],
            notes: list[str], seen: dict[str, list[str]]) -> list[BehaviourRef]:
    """The given behaviours that apply to this container, as they apply (see scoping.py);
    `seen` collects, per behaviour, the containers it ran for ("+...") or skipped ("-...")."""
    out = []
    for b in behaviours:
        ref, note = for_container(b, w, c)
        who = f"{w.label} container {c.name}"
        if note == NOT_COVERED:
            seen.setdefault(b.label, []).append(f"-{who}")
        elif note and note not in notes:
            notes.append(note)
        if ref is not None:
            seen.setdefault(b.label, []).append(f"+{w.key}")
            out.append(ref)
            censored = censored_note(ref, c)
            if censored and censored not in notes:
                notes.append(censored)
    return out


def _scope_notes(behaviours: list[BehaviourRef], seen: dict[str, list[str]],
                 notes: list[str]) -> None:
    for b in behaviours:
        runs = seen.get(b.label, [])
        skipped = [r[1:] for r in runs if r.startswith("-")]
        ran = {r[1:] for r in runs if r.startswith("+")}
        if b.applies_to and not ran and not skipped:
            wanted = "; ".join(s.text for s in b.applies_to)
            notes.append(f"{b.label} applies to {wanted}, which matches no probed container "
                         "in the inputs: not run")
        if skipped:
            shown = ", ".join(skipped[:3]) + (f" and {len(skipped) - 3} more"
                                              if len(skipped) > 3 else "")
            notes.append(f"{b.label} has no observations for any probe target of "
                         f"{len(skipped)} container{'s' * (len(skipped) != 1)} ({shown}): "
                         "not run for them")
        if not b.applies_to and len(ran) > 1:
            notes.append(f"{b.label} names no workload (applies_to) and ran for {len(ran)} "
                         "workloads whose probe targets it shares; if it was recorded from "
                         "one app, say which with applies_to")
