"""A fleet run as JSON and text: the summary, capacity over time (Ready pods, the
EndpointSlice's conditions, what kube-proxy routes to), the rollout and the drain, and every
pod's run with its name, node and zone."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, NamedTuple

from kubesim.fleet.capacity import (
    capacity,
    down_intervals,
    fleet_routing,
    refused_seconds,
    summarise,
)
from kubesim.fleet.records import ControlledRun
from kubesim.render.report import to_document

if TYPE_CHECKING:
    from collections.abc import Iterator

    from kubesim.fleet.capacity import CapacityPoint, FleetSummary
    from kubesim.fleet.endpoints import Routing
    from kubesim.fleet.records import FleetRun

__all__ = ["FLEET_SCHEMA_VERSION", "fleet_document", "iter_fleet_json", "render_fleet_json",
           "render_fleet_text", "replica_document"]

# The fleet document's version (its `kubesim` field; each replica's embedded run document
# keeps the run's own). 2: a capacity point says `ready` and `serving` apart, by the
# EndpointSlice conditions of the endpoints kube-proxy routes to (`serving` counts the
# serving-terminating ones of the fallback, which version 1's `serving` did without saying
# so), and the Ready pods are `pods_ready` (version 1's `ready`).
FLEET_SCHEMA_VERSION = 2


def _t(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _point(p: CapacityPoint) -> dict[str, Any]:
    """One capacity point: the Ready pods; what kube-proxy routes to, by the EndpointSlice
    conditions of those endpoints (EP1, EP2): `ready` ones, and `serving` ones, which are
    the ready ones, or in the fallback (none ready) the serving-terminating ones; the slice
    as the controller writes it now (`endpoints`)."""
    return {"at": _t(p.at), "pods_ready": p.ready,
            "ready": 0 if p.fallback else p.serving, "serving": p.serving,
            "endpoints": {"ready": p.endpoints_ready, "serving": p.endpoints_serving,
                          "terminating": p.endpoints_terminating},
            "fallback": p.fallback}


class _Figures(NamedTuple):
    """What the document and the text read of the fleet's capacity, worked out once."""

    routing: Routing
    series: list[CapacityPoint]
    summary: FleetSummary

    @classmethod
    def of(cls, run: FleetRun) -> _Figures:
        routing = fleet_routing(run)
        series = capacity(run, routing)
        return cls(routing, series, summarise(run, series))


def fleet_document(run: FleetRun, *, meta: dict[str, Any] | None = None,
                   replicas: bool = True) -> dict[str, Any]:
    """The JSON document: `fleet` (settings, nodes), `summary`, `capacity` (at, `pods_ready`,
    the `ready` and `serving` endpoints kube-proxy routes to, the slice's `endpoints`
    conditions, `fallback`: `_point`),
    `rollout` and `drain` when they ran, `replicas` (each what `kubesim run` reports for one
    pod, with its name, node, zone and start: `replica_document`)."""
    doc = _document(run, _Figures.of(run), meta)
    if replicas:
        doc["replicas"] = [replica_document(run, i) for i in range(len(run.timelines))]
    return doc


def replica_document(run: FleetRun, i: int) -> dict[str, Any]:
    """Replica i of the document's `replicas`."""
    return {"replica": i, **_who(run, i), "start": _t(run.starts[i]),
            **to_document(run.timelines[i])}


def _document(run: FleetRun, figures: _Figures, meta: dict[str, Any] | None
              ) -> dict[str, Any]:
    """The document without its `replicas`."""
    routing, series, s = figures
    settings = run.settings
    load = settings.load
    doc: dict[str, Any] = {
        "kubesim": FLEET_SCHEMA_VERSION,
        "fleet": {"replicas": settings.replicas, "kind": run.kind, "duration": run.duration,
                  "seed": run.seed, "start_spread": settings.start_spread,
                  "start_times": None if settings.start_times is None
                  else list(settings.start_times),
                  "propagation_seconds": settings.propagation_seconds,
                  "publish_not_ready_addresses": settings.publish_not_ready_addresses,
                  "headless": settings.headless,
                  "load": None if load is None else asdict(load),
                  "nodes": [{"name": n.name, "zone": n.zone} for n in run.nodes],
                  "not_modelled": list(run.notes), **(meta or {})},
        "summary": {**asdict(s), "measured_from": _t(s.measured_from),
                    "seconds_at_zero_capacity": _t(s.seconds_at_zero_capacity),
                    "seconds_below_threshold": _t(s.seconds_below_threshold),
                    "all_serving_at": _t(s.all_serving_at)},
        "capacity": [_point(p) for p in series],
    }
    if isinstance(run, ControlledRun):
        refused = sum(refused_seconds(run, routing))
        if run.rollout is not None:
            doc["rollout"] = _rollout_section(run, refused)
        if run.drain is not None:
            doc["drain"] = _drain_section(run, refused)
    return doc


def _who(run: FleetRun, i: int) -> dict[str, Any]:
    ident = run.identities[i] if i < len(run.identities) else None
    out: dict[str, Any] = {} if ident is None else {
        "name": ident.name, "node": ident.node or None, "zone": ident.zone or None}
    if isinstance(run, ControlledRun):
        pod = run.pods[i]
        out.update({"version": pod.version, "ordinal": pod.ordinal,
                    "created_at": _t(pod.created_at), "deleted_at": _t(pod.deleted_at),
                    "gone_at": _t(pod.gone_at())})
    return out


def _actions(run: ControlledRun) -> list[dict[str, Any]]:
    return [{"at": _t(at), "what": what} for at, what in run.actions]


def _rollout_section(run: ControlledRun, refused: float) -> dict[str, Any]:
    rs = run.rollout
    assert rs is not None
    out: dict[str, Any] = {
        "at": rs.at, "kind": run.kind,
        "strategy": "Recreate" if rs.recreate else "RollingUpdate",
        "completed_at": _t(run.outcome.get("completed_at")),
        "deadline_exceeded_at": _t(run.deadline_exceeded_at),
        "pods_created": sum(p.version == "new" for p in run.pods),
        "refused_seconds": _t(refused), "pod_start_seconds": rs.pod_start_seconds}
    if run.kind == "StatefulSet":
        out["max_unavailable"] = run.unavailable
    else:
        out.update({"max_surge": rs.max_surge, "max_unavailable": rs.max_unavailable,
                    "surge": run.surge, "unavailable": run.unavailable,
                    "min_ready_seconds": rs.min_ready_seconds,
                    "progress_deadline_seconds": rs.progress_deadline_seconds,
                    "conditions": [{"at": _t(c.at), "status": c.status, "reason": c.reason,
                                    "last_update": _t(c.last_update)}
                                   for c in run.conditions]})
    out["actions"] = _actions(run)
    return out


def _drain_section(run: ControlledRun, refused: float) -> dict[str, Any]:
    dr = run.drain
    assert dr is not None
    names = {p.index: p.name for p in run.pods}
    return {"at": dr.at, "node": dr.node, "pods": dr.pods,
            "replicas": None if dr.replicas is None else list(dr.replicas),
            "budget": dr.budget_name if dr.has_budget else None,
            "min_available": dr.min_available, "max_unavailable": dr.max_unavailable,
            "unhealthy_pod_eviction_policy": "AlwaysAllow" if dr.always_allow
            else "IfHealthyBudget",
            "completed_at": _t(run.drain_completed_at),
            "evictions": [{"pod": names.get(e.pod), "evicted_at": _t(e.evicted_at),
                           "refused": e.refused, "gone_at": _t(e.gone_at), "error": e.error}
                          for e in run.evictions],
            "refused_seconds": _t(refused), "actions": _actions(run)}


def render_fleet_json(run: FleetRun, *, meta: dict[str, Any] | None = None) -> str:
    """The JSON document as text, ending in a newline."""
    return "".join(iter_fleet_json(run, meta=meta))


def iter_fleet_json(run: FleetRun, *, meta: dict[str, Any] | None = None) -> Iterator[str]:
    """`render_fleet_json` in pieces, one replica at a time (a replica's run document is made
    when its turn comes: a large fleet's whole document is never held). The same bytes as
    `json.dumps(fleet_document(...), indent=2)`: each replica dumped alone, its lines
    indented to where the list holds it (JSON strings hold no raw newline)."""
    head = json.dumps(_document(run, _Figures.of(run), meta), indent=2)
    n = len(run.timelines)
    if n == 0:
        yield head[:-2] + ',\n  "replicas": []\n}\n'
        return
    yield head[:-2] + ',\n  "replicas": ['
    for i in range(n):
        text = json.dumps(replica_document(run, i), indent=2).replace("\n", "\n    ")
        yield ("\n    " if i == 0 else ",\n    ") + text
    yield "\n  ]\n}\n"


def _budget_text(r: dict[str, Any]) -> str:
    if r["budget"] is None and r["min_available"] is None and r["max_unavailable"] is None:
        return "no PodDisruptionBudget"
    name = f" {r['budget']}" if r["budget"] else ""
    if r["min_available"] is not None:
        return f"PodDisruptionBudget{name} minAvailable {r['min_available']}"
    if r["max_unavailable"] is not None:
        return f"PodDisruptionBudget{name} maxUnavailable {r['max_unavailable']}"
    return f"PodDisruptionBudget{name} with neither minAvailable nor maxUnavailable"


def render_fleet_text(run: FleetRun, *, title: str) -> str:
    """A summary, the capacity changes, the rollout and drain, and one line per pod (no
    replica's run document is made: a line reads its replica's names and timeline)."""
    figures = _Figures.of(run)
    doc = _document(run, figures, None)
    s = figures.summary
    n = s.replicas
    zones = sorted({node.zone for node in run.nodes})
    lines = [title, ""]
    since = ("never all serving; from the first endpoint" if s.all_serving_at is None
             else f"from {s.all_serving_at:.3f} s, when all {n} first served")
    service = ("headless Service (DNS: ready addresses only)" if run.settings.headless else
               "Service")
    if run.settings.publish_not_ready_addresses:
        service += " with publishNotReadyAddresses"
    lines += [
        (f"  replicas              {n} ({run.kind}) on {len(run.nodes)} nodes in "
        f"{len(zones)} zone{'s' * (len(zones) != 1)} ({', '.join(zones)})"),
        (f"  traffic               {service}, propagation "
        f"{run.settings.propagation_seconds:g} s"),
        f"  restarts              {s.restarts} (kills {s.kills}, back-offs {s.back_offs})",
        (f"  simultaneous restarts {s.simultaneous_restarts} (replicas killed within "
        f"{run.settings.together_seconds:g} s of each other; {s.replicas_down_at_once} down at "
        "the same instant)"),
        f"  min capacity          {s.min_capacity} of {n} serving ({since})",
        f"  at zero capacity      {s.seconds_at_zero_capacity:.3f} s",
        f"  below {s.threshold:<15} {s.seconds_below_threshold:.3f} s",
    ]
    lines += [f"  not modelled          {note}" for note in run.notes]
    lines += ["", ("capacity (Ready pods; EndpointSlice ready/serving/terminating; kube-proxy "
                  "routes to):")]
    width = max([n, *(p["serving"] for p in doc["capacity"])])
    for p in doc["capacity"]:
        e = p["endpoints"]
        bar = "#" * p["serving"] + "." * max(0, n - p["serving"]) if width <= 60 else ""
        tail = "  (terminating endpoints: none ready)" if p["fallback"] else ""
        lines.append(f"  {p['at']:10.3f} s  ready {p['pods_ready']:>4}  slice {e['ready']:>3}/"
                     f"{e['serving']:>3}/{e['terminating']:>3}  serving {p['serving']:>4}  "
                     f"{bar}{tail}")
    if "rollout" in doc:
        lines += ["", *_rollout_lines(doc["rollout"])]
    if "drain" in doc:
        lines += ["", *_drain_lines(doc["drain"])]
    if isinstance(run, ControlledRun):
        lines += ["", "actions:"]
        lines += [f"  {a['at']:10.3f} s  {a['what']}" for a in _actions(run)]
    lines += ["", "pods:"]
    for i, (start, tl) in enumerate(zip(run.starts, run.timelines, strict=True)):
        lines.append(_pod_line(run, {"replica": i, **_who(run, i)}, start, tl))
    return "\n".join(lines) + "\n"


def _rollout_lines(r: dict[str, Any]) -> list[str]:
    done = ("not within the run" if r["completed_at"] is None
            else f"complete at {r['completed_at']:.3f} s")
    how = (f"maxUnavailable {r['max_unavailable']}" if r["kind"] == "StatefulSet" else
           r["strategy"] if r["strategy"] == "Recreate" else
           f"RollingUpdate, surge {r['surge']}, unavailable {r['unavailable']}")
    out = [f"rollout at {r['at']:g} s ({r['kind']}, {how}): {done}"]
    for c in r.get("conditions", []):
        out.append(f"  Progressing {'True' if c['status'] else 'False'} {c['reason']} from "
                   f"{c['at']:.3f} s (lastUpdateTime {c['last_update']:.3f} s)")
    out.append(f"  requests sent to deleted pods that no longer listened: "
               f"{r['refused_seconds']:.3f} s in all (preStop vs propagation)")
    return out


def _drain_lines(r: dict[str, Any]) -> list[str]:
    what = (f"node {r['node']}" if r["node"] else f"pods {r['replicas']}" if r["replicas"]
            else f"the first {r['pods']} pods" if r["pods"] else "the node of pod #0")
    done = ("not within the run" if r["completed_at"] is None
            else f"complete at {r['completed_at']:.3f} s")
    out = [f"drain at {r['at']:g} s of {what} ({_budget_text(r)}): {done}"]
    for e in r["evictions"]:
        evicted = "never evicted" if e["evicted_at"] is None else \
            f"evicted at {e['evicted_at']:.3f} s"
        gone = "" if e["gone_at"] is None else f", gone at {e['gone_at']:.3f} s"
        refused = f" after {e['refused']} refusals (429)" if e["refused"] else ""
        error = f": {e['error']}" if e["error"] else ""
        out.append(f"  {e['pod']}: {evicted}{refused}{gone}{error}")
    out.append(f"  requests sent to deleted pods that no longer listened: "
               f"{r['refused_seconds']:.3f} s in all (preStop vs propagation)")
    return out


def _pod_line(run: FleetRun, rep: dict[str, Any], start: float | None, tl: Any) -> str:
    rs = tl.summary()
    down = sum(e - b for b, e in down_intervals(tl))
    first = "never" if rs.first_ready_at is None else f"{rs.first_ready_at:.3f} s"
    where = f"{rep['node']} {rep['zone']}" if rep.get("node") else "Pending (no node fits)"
    tag = f" {rep['version']}" if isinstance(run, ControlledRun) and run.rollout else ""
    begin = "   never" if start is None else f"{start:8.3f}"
    deleted = rep.get("deleted_at")
    end = f"  deleted {deleted:8.3f} s" if deleted is not None else ""
    return (f"  #{rep['replica']:<3} {rep.get('name', '')}{tag} on {where}  start {begin} s  "
            f"first Ready {first:>11}  restarts {rs.restarts:>3}  not Ready "
            f"{run.duration - rs.ready_seconds:9.3f} s  down {down:8.3f} s{end}")
