"""The picture of a fleet run: capacity over time on top, one swimlane per replica below
(Ready, down between a kill and the replacement running, kills), outages shaded. Drawn from
the JSON document (`fleet_report.fleet_document`), so a saved run draws the same bytes."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from kubesim.render.plot import DPI, default_style

__all__ = ["render_fleet_png"]


def _lanes(ax: Any, replicas: list[Mapping[str, Any]], end: float) -> None:
    for row, rep in enumerate(replicas):
        y = len(replicas) - 1 - row
        since = None
        for change in rep["ready"]:
            if change["ready"] and since is None:
                since = change["at"]
            elif not change["ready"] and since is not None:
                ax.broken_barh([(since, change["at"] - since)], (y - 0.35, 0.7),
                               color="#4caf50")
                since = None
        if since is not None:
            ax.broken_barh([(since, end - since)], (y - 0.35, 0.7), color="#4caf50")
        for kill in rep["kills"]:
            nxt = [c["running_at"] for c in rep["containers"] if c["running_at"] > kill["at"]]
            stop = min(nxt) if nxt else end
            ax.broken_barh([(kill["at"], stop - kill["at"])], (y - 0.15, 0.3), color="#9e9e9e")
            ax.plot([kill["at"]], [y], marker="x", color="#d32f2f", markersize=6)
    ax.set_yticks(range(len(replicas)))
    ax.set_yticklabels([f"#{r['replica']}" for r in reversed(replicas)])
    ax.set_ylim(-0.8, len(replicas) - 0.2)


def render_fleet_png(doc: Mapping[str, Any], windows: list[Mapping[str, Any]] | None = None
                     ) -> bytes:
    """PNG bytes of the fleet document; `windows` ({start, end, label}) are shaded."""
    import matplotlib.figure

    end = doc["fleet"]["duration"]
    replicas = doc["replicas"]
    n = doc["fleet"]["replicas"]
    height = 2.2 + 0.28 * min(len(replicas), 60)
    buf = io.BytesIO()
    with default_style():
        fig = matplotlib.figure.Figure(figsize=(11, height))
        top, lanes = fig.subplots(2, 1, sharex=True,
                                  gridspec_kw={"height_ratios": [1.4, height - 1.4]})
        xs = [p["at"] for p in doc["capacity"]] + [end]
        top.step(xs, [p["serving"] for p in doc["capacity"]] + [doc["capacity"][-1]["serving"]],
                 where="post", color="#1565c0", label="serving endpoints")
        top.step(xs, [p["ready"] for p in doc["capacity"]] + [doc["capacity"][-1]["ready"]],
                 where="post", color="#4caf50", linestyle="--", label="Ready pods")
        top.set_ylim(-0.3, n + 0.5)
        top.set_ylabel("capacity")
        top.legend(loc="lower right", fontsize=8)
        s = doc["summary"]
        top.set_title(f"{n} replicas | restarts {s['restarts']} | min capacity "
                      f"{s['min_capacity']} | {s['seconds_at_zero_capacity']:.1f} s at zero",
                      fontsize=10)
        _lanes(lanes, replicas[:60], end)
        for w in windows or []:
            for ax in (top, lanes):
                ax.axvspan(w["start"], min(w["end"], end), color="#ffcdd2", alpha=0.5, lw=0)
        lanes.set_xlim(0, end)
        lanes.set_xlabel("seconds")
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()
