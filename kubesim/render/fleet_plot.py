"""The picture of a fleet run: capacity over time on top (what kube-proxy routes to, Ready
pods, the EndpointSlice's ready endpoints), one swimlane per pod name below (Ready by
template version, down between a kill and the replacement running, kills, the terminating
stretch from deletion to gone), outages shaded. A StatefulSet's replaced pod keeps its name,
so its lane shows both versions. Drawn from the JSON document (`fleet_report.fleet_document`),
so a saved run draws the same bytes."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from kubesim.render.plot import DPI, default_style

__all__ = ["render_fleet_png"]

_READY = {"old": "#4caf50", "new": "#1e88e5"}
MAX_LANES = 60


def _ready_spans(rep: Mapping[str, Any], end: float) -> list[tuple[float, float]]:
    out, since = [], None
    for change in rep["ready"]:
        if change["ready"] and since is None:
            since = change["at"]
        elif not change["ready"] and since is not None:
            out.append((since, change["at"] - since))
            since = None
    if since is not None:
        out.append((since, end - since))
    return out


def _lanes(replicas: list[Mapping[str, Any]]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """One lane per pod name, in order of first appearance (a StatefulSet ordinal's pods
    share one)."""
    lanes: dict[str, list[Mapping[str, Any]]] = {}
    for rep in replicas:
        key = rep.get("name") or f"#{rep['replica']}"
        lanes.setdefault(key, []).append(rep)
    return list(lanes.items())


def _draw_lanes(ax: Any, lanes: list[tuple[str, list[Mapping[str, Any]]]], end: float) -> None:
    for row, (_, reps) in enumerate(lanes):
        y = len(lanes) - 1 - row
        for rep in reps:
            colour = _READY.get(rep.get("version") or "old", _READY["old"])
            running = [c["running_at"] for c in rep["containers"]]
            if running:  # the pod runs (not Ready) from its first container to gone
                until = rep.get("gone_at") or end
                ax.broken_barh([(min(running), until - min(running))], (y - 0.35, 0.7),
                               color="#e0e0e0")
            ax.broken_barh(_ready_spans(rep, end), (y - 0.35, 0.7), color=colour)
            deleted, gone = rep.get("deleted_at"), rep.get("gone_at")
            if deleted is not None:
                stop = gone if gone is not None else end
                ax.broken_barh([(deleted, max(stop - deleted, end * 0.002))], (y - 0.42, 0.84),
                               facecolor="none", edgecolor="#616161", hatch="////", lw=0.6)
                ax.plot([deleted, deleted], [y - 0.45, y + 0.45], color="#212121", lw=1.0)
            for kill in rep["kills"]:
                nxt = [c["running_at"] for c in rep["containers"] if c["running_at"] > kill["at"]]
                stop = min(nxt) if nxt else end
                ax.broken_barh([(kill["at"], stop - kill["at"])], (y - 0.15, 0.3),
                               color="#9e9e9e")
                ax.plot([kill["at"]], [y], marker="x", color="#d32f2f", markersize=6)
    labels = []
    for name, reps in reversed(lanes):
        node = reps[-1].get("node")
        labels.append(f"{name} @{node}" if node else f"{name} (Pending)")
    ax.set_yticks(range(len(lanes)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.set_ylim(-0.8, len(lanes) - 0.2)


def _step(ax: Any, doc: Mapping[str, Any], end: float, value: Any, **style: Any) -> None:
    points = doc["capacity"]
    xs = [p["at"] for p in points] + [end]
    ys = [value(p) for p in points]
    ax.step(xs, ys + ys[-1:], where="post", **style)


def render_fleet_png(doc: Mapping[str, Any], windows: list[Mapping[str, Any]] | None = None
                     ) -> bytes:
    """PNG bytes of the fleet document; `windows` ({start, end, label}) are shaded."""
    import matplotlib.figure

    end = doc["fleet"]["duration"]
    lanes = _lanes(doc["replicas"])[:MAX_LANES]
    n = doc["fleet"]["replicas"]
    height = 2.4 + 0.26 * len(lanes)
    buf = io.BytesIO()
    with default_style():
        fig = matplotlib.figure.Figure(figsize=(11, height))
        top, below = fig.subplots(2, 1, sharex=True,
                                  gridspec_kw={"height_ratios": [1.5, height - 1.5]})
        _step(top, doc, end, lambda p: p["serving"], color="#1565c0",
              label="kube-proxy routes to")
        _step(top, doc, end, lambda p: p["ready"], color="#4caf50", linestyle="--",
              label="Ready pods")
        _step(top, doc, end, lambda p: p["endpoints"]["ready"], color="#fb8c00",
              linestyle=":", label="EndpointSlice ready")
        for i, p in enumerate(doc["capacity"]):
            if p["fallback"]:
                until = doc["capacity"][i + 1]["at"] if i + 1 < len(doc["capacity"]) else end
                top.axvspan(p["at"], until, color="#ffe082", alpha=0.6, lw=0)
        peak = max([n, *(p["serving"] for p in doc["capacity"]),
                    *(p["ready"] for p in doc["capacity"])])
        top.set_ylim(-0.3, peak + 0.5)
        top.set_ylabel("capacity")
        top.legend(loc="lower right", fontsize=7)
        s = doc["summary"]
        kind = doc["fleet"].get("kind", "")
        top.set_title(f"{kind} of {n} replicas on {len(doc['fleet'].get('nodes', []))} nodes | "
                      f"restarts {s['restarts']} | min capacity {s['min_capacity']} | "
                      f"{s['seconds_at_zero_capacity']:.1f} s at zero", fontsize=10)
        _draw_lanes(below, lanes, end)
        for w in windows or []:
            for ax in (top, below):
                ax.axvspan(w["start"], min(w["end"], end), color="#ffcdd2", alpha=0.5, lw=0)
        below.set_xlim(0, end)
        below.set_xlabel("seconds (lanes: grey running, green Ready (old template), blue Ready "
                         "(new), hatched from deletion to gone, x a kill)")
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()
