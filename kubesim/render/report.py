"""Turning a `Timeline` into text and JSON. The only formatter; prints nothing itself.

JSON times are seconds since the first container started running, rounded to microseconds so
that the same run gives the same bytes.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from kubesim.analysis.phases import PhaseSweep
from kubesim.results import Outcome, ProbeType
from kubesim.engine.timeline import Timeline

__all__ = ["SCHEMA_VERSION", "render_json", "render_text", "to_document"]

SCHEMA_VERSION = 1


def _t(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def to_document(timeline: Timeline, *, meta: dict[str, Any] | None = None,
                phases: PhaseSweep | None = None) -> dict[str, Any]:
    """The JSON document of a run (its fields are listed in the README)."""
    s = timeline.summary()
    doc = {
        "kubesim": SCHEMA_VERSION,
        "run": {"duration": timeline.duration, "seed": timeline.seed,
                "phase": _t(timeline.phase), "profile": timeline.profile, **(meta or {})},
        "summary": {**asdict(s), "ready_seconds": _t(s.ready_seconds),
                    "first_ready_at": _t(s.first_ready_at),
                    "first_started_at": _t(s.first_started_at)},
        "restarts": [{"at": _t(k.at), "probe": k.probe.value, "restart_count": k.restart_count}
                     for k in timeline.restarts],
        "kills": [{"at": _t(k.at), "probe": k.probe.value, "container": k.container,
                   "failed_at": _t(k.failed_at),
                   "grace_seconds": k.grace_seconds, "stopped_at": _t(k.stopped_at),
                   "restart": k.restart} for k in timeline.kills],
        "ready": [{"at": _t(r.at), "ready": r.ready} for r in timeline.ready],
        "containers": [{"restart_count": c.restart_count, "running_at": _t(c.running_at),
                        "started_at": _t(c.started_at), "ended_at": _t(c.ended_at),
                        "end_reason": c.end_reason} for c in timeline.containers],
        "probes": [{"at": _t(p.at), "probe": p.probe.value, "result": p.result.value,
                    "detail": p.detail, "latency": _t(p.latency), "container": p.container}
                   for p in timeline.probes],
        "events": [{"at": _t(e.at), "type": e.type, "reason": e.reason, "message": e.message}
                   for e in timeline.events],
    }
    if phases is not None:
        doc["phases"] = {"phase": [_t(p) for p in phases.phases],
                         "restarts": phases.restarts,
                         "first_ready_at": [_t(x) for x in phases.first_ready_at],
                         "ready_seconds": [_t(x) for x in phases.ready_seconds]}
    return doc


def render_json(timeline: Timeline, *, meta: dict[str, Any] | None = None,
                phases: PhaseSweep | None = None) -> str:
    """The JSON document as text, keys in a fixed order, ending in a newline."""
    return json.dumps(to_document(timeline, meta=meta, phases=phases), indent=2) + "\n"


# -- text --------------------------------------------------------------------------------------
_MARK = {Outcome.SUCCESS: "ok", Outcome.WARNING: "ok (3xx)", Outcome.FAILURE: "FAIL",
         Outcome.ERROR: "error"}


def _lines(timeline: Timeline, changes_only: bool = False) -> list[tuple[float, int, str]]:
    """(time, tie-break order, text) for every line of the timeline; with `changes_only`, a
    probe call only where its outcome differs from the previous call of its probe type (and
    of its container), followed by how many calls gave the same outcome, until when."""
    out: list[tuple[float, int, str]] = []
    for c in timeline.containers:
        out.append((c.running_at, 0, f"container #{c.restart_count} running"))
        if c.started_at is not None:
            out.append((c.started_at, 2, f"container #{c.restart_count} Started"))
        if c.ended_at is not None:
            out.append((c.ended_at, 4, f"container #{c.restart_count} stopped "
                                       f"({c.end_reason})"))
    for run in _probe_runs(timeline, changes_only):
        p, n, last = run[0], len(run), run[-1]
        took = f" [{p.latency * 1000:.0f} ms]" if p.latency >= 0.0005 else ""
        more = f"  (x{n} to {last.at:.3f} s)" if n > 1 else ""
        out.append((p.at, 1, f"{p.probe.value:<9} {_MARK[p.result]:<6} {p.detail}{took}{more}"))
    for r in timeline.ready:
        out.append((r.at, 3, "pod Ready" if r.ready else "pod NOT Ready"))
    for k in timeline.kills:
        what = "restart" if k.restart else "no restart (restartPolicy: Never)"
        out.append((k.at, 3, f"KILL      {k.probe.value} failed (verdict at {k.failed_at:.3f} s);"
                             f" grace {k.grace_seconds:g} s; {what}"))
    for e in timeline.events:
        if e.reason == "BackOff":
            out.append((e.at, 3, f"BackOff   {e.message}"))
    return sorted(out, key=lambda x: (x[0], x[1]))


def _probe_runs(timeline: Timeline, changes_only: bool) -> list[list[Any]]:
    """Probe calls grouped into runs of one outcome (probe type, container, result and the
    reason without its latency); each call its own run unless `changes_only`."""
    if not changes_only:
        return [[p] for p in timeline.probes]
    runs: list[list[Any]] = []
    current: dict[ProbeType, list[Any]] = {}
    for p in timeline.probes:
        run = current.get(p.probe)
        if run and (run[0].container, run[0].result, run[0].detail) == (
                p.container, p.result, p.detail):
            run.append(p)
            continue
        current[p.probe] = [p]
        runs.append(current[p.probe])
    return runs


def render_text(timeline: Timeline, *, title: str = "",
                phases: PhaseSweep | None = None, changes_only: bool = False) -> str:
    """A readable timeline followed by a summary (and the phase sweep, if given). With
    `changes_only`, repeated probe outcomes are folded into their first call."""
    head = [title] if title else []
    head.append(f"profile {timeline.profile} | seed {timeline.seed} | grid phase "
                f"{timeline.phase:.3f} s | {timeline.duration:g} s simulated")
    body = [f"{t:10.3f}  {text}" for t, _, text in _lines(timeline, changes_only)]
    tail = _phase_lines(phases) if phases is not None else []
    return "\n".join([*head, "", "      time  what", *body, "", *_summary(timeline), *tail]) + "\n"


def _phase_lines(sweep: PhaseSweep) -> list[str]:
    n = len(sweep.phases)
    ready = [x for x in sweep.first_ready_at if x is not None]
    spread = f"{min(ready):.3f} to {max(ready):.3f} s" if ready else "never"
    never = "" if len(ready) == n else f" (never Ready at {n - len(ready)} phases)"
    return [
        f"across {n} grid phases (evenly spaced over the grid cycle; seeds {sweep.seed} to "
        f"{sweep.seed + n - 1})",
        f"  restarted at      {sweep.with_restart} of {n} phases "
        f"(restarts per run: min {min(sweep.restarts)}, max {max(sweep.restarts)})",
        f"  first Ready       {spread}{never}",
    ]
def _summary(timeline: Timeline) -> list[str]:
    s = timeline.summary()

    def when(x: float | None) -> str:
        return "never" if x is None else f"{x:.3f} s"

    probes = ", ".join(f"{k} {n} ({s.failures[k]} failed)" for k, n in s.probes.items() if n)
    return [
        "summary",
        f"  restarts          {s.restarts}",
        f"  kills             {s.kills}",
        f"  back-off waits    {s.back_offs}",
        f"  first Started     {when(s.first_started_at)}",
        f"  first Ready       {when(s.first_ready_at)}",
        f"  Ready for         {s.ready_seconds:.3f} s of {timeline.duration:g} s",
        f"  probes            {probes or 'none'}",
    ]
