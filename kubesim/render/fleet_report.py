"""A fleet run as JSON and text: the summary, capacity over time, and every replica's run."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from kubesim.fleet.capacity import capacity, down_intervals, summarise
from kubesim.render.report import SCHEMA_VERSION, to_document

if TYPE_CHECKING:
    from kubesim.fleet.run import FleetRun

__all__ = ["fleet_document", "render_fleet_json", "render_fleet_text"]


def _t(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def fleet_document(run: FleetRun, *, meta: dict[str, Any] | None = None,
                   replicas: bool = True) -> dict[str, Any]:
    """The JSON document: `summary`, `capacity` ({at, ready, serving}), `replicas` (each
    what `kubesim run` reports for one pod, with its `start`)."""
    series = capacity(run)
    s = summarise(run, series)
    settings = run.settings
    load = settings.load
    doc: dict[str, Any] = {
        "kubesim": SCHEMA_VERSION,
        "fleet": {"replicas": settings.replicas, "duration": run.duration, "seed": run.seed,
                  "start_spread": settings.start_spread,
                  "propagation_seconds": settings.propagation_seconds,
                  "load": None if load is None else asdict(load), **(meta or {})},
        "summary": {**asdict(s), "measured_from": _t(s.measured_from),
                    "seconds_at_zero_capacity": _t(s.seconds_at_zero_capacity),
                    "seconds_below_threshold": _t(s.seconds_below_threshold),
                    "all_serving_at": _t(s.all_serving_at)},
        "capacity": [{"at": _t(p.at), "ready": p.ready, "serving": p.serving} for p in series],
    }
    if replicas:
        doc["replicas"] = [{"replica": i, "start": _t(start), **to_document(tl)}
                           for i, (start, tl) in enumerate(zip(run.starts, run.timelines,
                                                               strict=True))]
    return doc


def render_fleet_json(run: FleetRun, *, meta: dict[str, Any] | None = None) -> str:
    """The JSON document as text, ending in a newline."""
    return json.dumps(fleet_document(run, meta=meta), indent=2) + "\n"


def render_fleet_text(run: FleetRun, *, title: str) -> str:
    """A summary, the capacity changes, and one line per replica."""
    series = capacity(run)
    s = summarise(run, series)
    n = s.replicas
    lines = [title, ""]
    since = ("never all serving; from the first endpoint" if s.all_serving_at is None
             else f"from {s.all_serving_at:.3f} s, when all {n} first served")
    lines += [
        f"  replicas              {n}",
        f"  restarts              {s.restarts} (kills {s.kills}, back-offs {s.back_offs})",
        f"  simultaneous restarts {s.simultaneous_restarts} (replicas killed within "
        f"{run.settings.together_seconds:g} s of each other; {s.replicas_down_at_once} down at "
        "the same instant)",
        f"  min capacity          {s.min_capacity} of {n} serving ({since})",
        f"  at zero capacity      {s.seconds_at_zero_capacity:.3f} s",
        f"  below {s.threshold:<15} {s.seconds_below_threshold:.3f} s",
        "",
        "capacity (Ready pods / serving endpoints):",
    ]
    for p in series:
        bar = "#" * p.serving + "." * (n - p.serving) if n <= 60 else ""
        lines.append(f"  {p.at:10.3f} s  ready {p.ready:>4}  serving {p.serving:>4}  {bar}")
    lines += ["", "replicas:"]
    for i, (start, tl) in enumerate(zip(run.starts, run.timelines, strict=True)):
        rs = tl.summary()
        down = sum(e - b for b, e in down_intervals(tl))
        first = "never" if rs.first_ready_at is None else f"{rs.first_ready_at:.3f} s"
        lines.append(f"  #{i:<3} start {start:8.3f} s  first Ready {first:>11}  restarts "
                     f"{rs.restarts:>3}  not Ready {run.duration - rs.ready_seconds:9.3f} s  "
                     f"down {down:8.3f} s")
    return "\n".join(lines) + "\n"
