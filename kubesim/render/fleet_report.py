"""A fleet run as JSON and text: the summary, capacity over time, and every replica's run."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from kubesim.fleet.capacity import capacity, down_intervals, refused_while_served, summarise
from kubesim.fleet.rollout import RolloutRun
from kubesim.render.report import SCHEMA_VERSION, to_document

if TYPE_CHECKING:
    from kubesim.fleet.records import FleetRun

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
    if isinstance(run, RolloutRun):
        doc["drain" if run.drain is not None else "rollout"] = _rollout_section(run)
    if replicas:
        doc["replicas"] = [{"replica": i, "start": _t(start), **_version(run, i),
                            **to_document(tl)}
                           for i, (start, tl) in enumerate(zip(run.starts, run.timelines,
                                                               strict=True))]
    return doc


def _version(run: FleetRun, i: int) -> dict[str, Any]:
    if not isinstance(run, RolloutRun):
        return {}
    if run.drain is not None:
        pod = run.pods[i]
        return {"created_at": _t(pod.created_at), "deleted_at": _t(pod.deleted_at)}
    pod = run.pods[i]
    return {"version": pod.version, "created_at": _t(pod.created_at),
            "deleted_at": _t(pod.deleted_at)}


def _rollout_section(run: RolloutRun) -> dict[str, Any]:
    d = run.settings.propagation_seconds
    refused = [refused_while_served(tl, d) for tl in run.timelines]
    actions = [{"at": _t(at), "what": what} for at, what in run.actions]
    if run.drain is not None:
        dr = run.drain
        return {"at": dr.at, "pods": dr.pods, "min_available": dr.min_available,
                "max_unavailable": dr.max_unavailable,
                "unhealthy_pod_eviction_policy": "AlwaysAllow" if dr.always_allow
                else "IfHealthyBudget", "completed_at": _t(run.completed_at),
                "refused_seconds": _t(sum(refused)), "actions": actions}
    rs = run.rollout
    assert rs is not None
    return {"at": rs.at, "strategy": "Recreate" if rs.recreate else "RollingUpdate",
            "max_surge": rs.max_surge, "max_unavailable": rs.max_unavailable,
            "surge": run.surge, "unavailable": run.unavailable,
            "min_ready_seconds": rs.min_ready_seconds,
            "progress_deadline_seconds": rs.progress_deadline_seconds,
            "pod_start_seconds": rs.pod_start_seconds,
            "completed_at": _t(run.completed_at),
            "deadline_exceeded_at": _t(run.deadline_exceeded_at),
            "pods_created": sum(p.version == "new" for p in run.pods),
            "refused_seconds": _t(sum(refused)), "actions": actions}


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
    if isinstance(run, RolloutRun):
        r = _rollout_section(run)
        done = ("not within the run" if r["completed_at"] is None
                else f"complete at {r['completed_at']:.3f} s")
        if run.drain is not None:
            budget = ("no PodDisruptionBudget" if r["min_available"] is None
                      and r["max_unavailable"] is None else
                      f"PodDisruptionBudget minAvailable {r['min_available']}"
                      if r["min_available"] is not None
                      else f"PodDisruptionBudget maxUnavailable {r['max_unavailable']}")
            lines += ["", f"drain at {r['at']:g} s of {r['pods']} pods ({budget}): {done}"]
        else:
            lines += ["", f"rollout at {r['at']:g} s ({r['strategy']}, surge {r['surge']}, "
                          f"unavailable {r['unavailable']}): {done}"]
        if r.get("deadline_exceeded_at") is not None:
            lines.append(f"  ProgressDeadlineExceeded at {r['deadline_exceeded_at']:.3f} s: "
                         "the rollout stalled")
        lines.append(f"  requests sent to deleted pods that no longer listened: "
                     f"{r['refused_seconds']:.3f} s in all (preStop vs propagation)")
        lines += [f"  {a['at']:10.3f} s  {a['what']}" for a in r["actions"]]
    lines += ["", "replicas:"]
    for i, (start, tl) in enumerate(zip(run.starts, run.timelines, strict=True)):
        rs = tl.summary()
        down = sum(e - b for b, e in down_intervals(tl))
        first = "never" if rs.first_ready_at is None else f"{rs.first_ready_at:.3f} s"
        tag = (f" {run.pods[i].version}" if isinstance(run, RolloutRun) and run.rollout
               else "")
        lines.append(f"  #{i:<3}{tag} start {start:8.3f} s  first Ready {first:>11}  restarts "
                     f"{rs.restarts:>3}  not Ready {run.duration - rs.ready_seconds:9.3f} s  "
                     f"down {down:8.3f} s")
    return "\n".join(lines) + "\n"
