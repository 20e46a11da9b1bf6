"""Where a run's pictures open: the stretch of the timeline where something happened.

Drawn whole, an hour-long run shows a 90 s outage and its kills as a sliver. So the picture
(`--plot`) and the HTML page (`--html`) both open on the *interesting stretch*, worked out once
here from the run's document (`report.to_document` with `plot_meta`) and passed to each of them:
the picture draws the stretch large with the whole run in a strip below it, and the page opens
on it with the whole run one button or key away.

The stretch runs from the earliest to the latest of these moments:

* every outage and stall of the app that the probes see (`run.windows`);
* the first kill, from the first failure of the failing run of probe results that led to it
  until the kill decision;
* the first restart of any container, from the old instance's exit to the new one running;
* the first CrashLoopBackOff wait;
* every change of the pod's Ready after it first became Ready;
* the start-up (0 to the first Ready) when a probe failed or a container was restarted before
  the pod first became Ready: a start-up like any other is no news;
* the pod's end: the phase Succeeded or Failed, a whole-pod kill or a deletion, until every
  container it stopped had stopped.

It is widened on each side by a margin: 10 % of its length, at least two periods of the
slowest probe (the calls before and after), at least 1 s; and kept within the run. The whole
run is shown instead when none of this happened (the pod was never Ready, or nothing happened
after it was), or when the stretch would cover more than half of the run: zooming in would then
hide more than it shows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

__all__ = ["FOCUS_MAX_FRACTION", "Moment", "Stretch", "interesting_moments",
           "interesting_stretch"]

FOCUS_MAX_FRACTION = 0.5  # a stretch longer than this share of the run: show the whole run
MARGIN_FRACTION = 0.1
MARGIN_PERIODS = 2
MARGIN_MIN_SECONDS = 1.0


class Moment(NamedTuple):
    """Something that happened in the run, from `start` to `end` (seconds), said in `what`;
    `ready` for a change of the pod's Ready (they are counted, not listed)."""
    start: float
    end: float
    what: str
    ready: bool = False


class Stretch(NamedTuple):
    """The part of the run a picture opens on; `whole` when that is the whole run."""
    start: float
    end: float
    whole: bool
    reasons: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "whole": self.whole,
                "reasons": list(self.reasons)}


def _s(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")


def interesting_stretch(doc: Mapping[str, Any]) -> Stretch:
    """The interesting stretch of a run document (a checked one: `plot.check_document`)."""
    duration = float(doc["run"]["duration"])
    moments = list(interesting_moments(doc))
    if not moments:
        why = "never Ready" if _first_ready(doc) is None else "nothing happened after the start"
        return Stretch(0.0, duration, True, (why,))
    reasons = _reasons(moments)
    start, end = min(m.start for m in moments), max(m.end for m in moments)
    margin = max(MARGIN_FRACTION * (end - start), MARGIN_PERIODS * _slowest_period(doc),
                 MARGIN_MIN_SECONDS)
    start, end = max(0.0, start - margin), min(duration, end + margin)
    if end - start > FOCUS_MAX_FRACTION * duration:
        return Stretch(0.0, duration, True, reasons)
    return Stretch(round(start, 6), min(duration, round(end, 6)), False, reasons)


def interesting_moments(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """Every moment of the module's list found in `doc`, in that order."""
    duration = float(doc["run"]["duration"])
    for w in doc["run"].get("windows") or []:
        yield Moment(max(0.0, w["start"]), min(duration, w["end"]),
                     f"{w['label']} {_s(w['start'])}-{_s(w['end'])} s")
    yield from _first_kill(doc)
    yield from _first_restart(doc)
    backoffs = [e["at"] for e in doc["events"] if e["reason"] == "BackOff"]
    if backoffs:
        yield Moment(min(backoffs), min(backoffs), f"CrashLoopBackOff {_s(min(backoffs))} s")
    yield from _ready_changes(doc)
    yield from _start_up(doc)
    yield from _pod_end(doc)


def _reasons(moments: list[Moment]) -> tuple[str, ...]:
    """What the stretch holds, each said once, Ready changes counted."""
    ready = [m for m in moments if m.ready]
    out = [m.what for m in moments if not m.ready]
    if len(ready) == 1:
        out.append(f"{ready[0].what} {_s(ready[0].start)} s")
    elif ready:
        out.append(f"{len(ready)} Ready changes {_s(ready[0].start)} to {_s(ready[-1].start)} s")
    return tuple(dict.fromkeys(out))


def _first_kill(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """The first kill, from the first failure of the run of failures before it."""
    if not doc["kills"]:
        return
    kill = min(doc["kills"], key=lambda k: k["at"])
    calls = [p for p in doc["probes"] if p["probe"] == kill["probe"]
             and p.get("name", "") == kill.get("name", "") and p["at"] <= kill["at"]]
    start = kill["at"]
    for p in sorted(calls, key=lambda p: p["at"], reverse=True):
        if p["result"] in ("success", "warning"):
            break
        start = p["at"]
    yield Moment(start, kill["at"], f"first kill {_s(kill['at'])} s ({kill['probe']})")


def _first_restart(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """The first new instance of any container, from the old one's exit."""
    restarted = [c for c in doc["containers"] if c["restart_count"] > 0]
    if not restarted:
        return
    new = min(restarted, key=lambda c: c["running_at"])
    old = [c for c in doc["containers"] if c.get("name", "") == new.get("name", "")
           and c["restart_count"] == new["restart_count"] - 1 and c["ended_at"] is not None]
    start = old[0]["ended_at"] if old else new["running_at"]
    yield Moment(min(start, new["running_at"]), new["running_at"],
                 f"first restart {_s(new['running_at'])} s")


def _first_ready(doc: Mapping[str, Any]) -> float | None:
    return next((r["at"] for r in doc["ready"] if r["ready"]), None)


def _ready_changes(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """Every change of the pod's Ready after the first Ready."""
    first = next((i for i, r in enumerate(doc["ready"]) if r["ready"]), None)
    for r in doc["ready"][first + 1:] if first is not None else []:
        yield Moment(r["at"], r["at"], f"pod {'Ready' if r['ready'] else 'NOT Ready'}", True)


def _start_up(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """The start-up, when something went wrong in it."""
    first = _first_ready(doc)
    if first is None:
        return
    failed = any(p["at"] < first and p["result"] in ("failure", "error") for p in doc["probes"])
    restarted = any(c["restart_count"] > 0 and c["running_at"] < first
                    for c in doc["containers"])
    if failed or restarted:
        yield Moment(0.0, first, f"start-up to the first Ready {_s(first)} s")


def _pod_end(doc: Mapping[str, Any]) -> Iterator[Moment]:
    """The phase Succeeded or Failed, whole-pod kills, the deletion."""
    for change in doc.get("pod_phase") or []:
        if change["phase"] in ("Succeeded", "Failed"):
            yield Moment(change["at"], change["at"], f"{change['phase']} {_s(change['at'])} s")
    for kill in doc.get("pod_kills") or []:
        yield Moment(kill["at"], _stopped(kill.get("containers"), kill["at"]),
                     f"whole-pod kill {_s(kill['at'])} s")
    term = doc.get("termination")
    if term:
        at = term["requested_at"]
        yield Moment(at, _stopped(term.get("containers"), at), f"deleted {_s(at)} s")


def _stopped(stops: Any, at: float) -> float:
    """When the last of `stops` had stopped (`at` if none says)."""
    ends = [c["stopped_at"] for c in stops or [] if c.get("stopped_at") is not None]
    return max([at, *ends])


def _slowest_period(doc: Mapping[str, Any]) -> float:
    """The longest periodSeconds of the pod's probes (0 without any)."""
    run = doc["run"]
    specs = [*(run.get("probe_specs") or {}).values(),
             *(s for by_type in (run.get("container_probe_specs") or {}).values()
               for s in by_type.values())]
    periods = [s.get("periodSeconds") for s in specs]
    return max([float(p) for p in periods if isinstance(p, (int, float))
                and not isinstance(p, bool) and 0 < p <= 1e6] or [0.0])
