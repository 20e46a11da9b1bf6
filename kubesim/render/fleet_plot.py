"""The picture of a fleet run: capacity over time on top (what kube-proxy routes to, Ready
pods, the EndpointSlice's ready endpoints), one swimlane per pod name below (Ready by
template version, down between a kill and the replacement running, kills, the terminating
stretch from deletion to gone), the behaviour's outages and the rollout or drain shaded and
labelled, and a legend for every mark drawn. A StatefulSet's replaced pod keeps its name, so
its lane shows both versions. Drawn from the JSON document (`fleet_report.fleet_document`),
so a saved run draws the same bytes."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kubesim.render.edge import visible
from kubesim.render.plot import DPI, default_style, wrapped_title
from kubesim.render.plot_marks import spans as ready_spans

__all__ = ["fleet_figure", "render_fleet_png"]

TITLE_WIDTH = 120  # characters per title line at the figure's 11 inches, 10 points

MAX_LANES = 60
RUNNING, DOWN, KILL = "#e0e0e0", "#9e9e9e", "#d32f2f"
READY = {"old": "#4caf50", "new": "#1e88e5"}
OUTAGE, FALLBACK = "#ffcdd2", "#ffe082"
ROLLOUT, DRAIN = "#7e57c2", "#26a69a"  # what the controllers were asked to do
Lane = tuple[str, list[Mapping[str, Any]]]


@dataclass
class _Drawn:
    """Which marks the lanes used: the legend names those, and only those."""

    versions: set[str] = field(default_factory=set)
    running: bool = False
    kills: bool = False
    deleted: bool = False


def render_fleet_png(doc: Mapping[str, Any], windows: Sequence[Mapping[str, Any]] | None = None
                     ) -> bytes:
    """PNG bytes of the fleet document; `windows` ({start, end, label}, and `pods`: the
    names of the pods it is about, if not every pod's) are shaded."""
    buf = io.BytesIO()
    with default_style():
        fig = _draw(doc, windows or [])
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def fleet_figure(doc: Mapping[str, Any],
                 windows: Sequence[Mapping[str, Any]] | None = None) -> Any:
    """The picture as a matplotlib Figure (not shown anywhere), for a notebook or a test."""
    with default_style():
        return _draw(doc, windows or [])


def _draw(doc: Mapping[str, Any], windows: Sequence[Mapping[str, Any]]) -> Any:
    import matplotlib.figure

    end = doc["fleet"]["duration"]
    every = _lanes(doc["replicas"])
    lanes = every[:MAX_LANES]
    height = 3.2 + 0.26 * len(lanes)
    fig = matplotlib.figure.Figure(figsize=(11, height), layout="constrained")
    top, below = fig.subplots(2, 1, sharex=True,
                              gridspec_kw={"height_ratios": [1.6, 0.26 * len(lanes) + 0.6]})
    fallback = _capacity(top, doc, end)
    drawn = _draw_lanes(below, lanes, end)
    bands = _bands(top, below, windows, end, lanes) + _controller_bands(top, below, doc, end)
    _capacity_legend(top, fallback, bands)
    _lanes_legend(fig, drawn)
    fig.suptitle(_title(doc, len(lanes), len(every)), fontsize=10)
    below.set_xlim(0, end)
    below.set_xlabel("seconds since the fleet started")
    return fig


def _title(doc: Mapping[str, Any], shown: int, lanes: int) -> str:
    f, s = doc["fleet"], doc["summary"]
    nodes = len(f.get("nodes", []))
    first = (f"{visible(f.get('object', f.get('kind', '')))} x {f['replicas']} replicas"
             + (f" on {nodes} nodes" if nodes else "")
             + f" | behaviour: {visible(f.get('behaviour', 'healthy'))}")
    second = (f"restarts {s['restarts']} (kills {s['kills']}) | lowest capacity "
              f"{s['min_capacity']} of {f['replicas']} | {s['seconds_at_zero_capacity']:.1f} s "
              "with no endpoint serving")
    if shown < lanes:
        second += f" | the first {shown} of {lanes} pods drawn"
    return wrapped_title((first, second), TITLE_WIDTH)


# ---------------------------------------------------------------- capacity


def _step(ax: Any, doc: Mapping[str, Any], end: float, value: Any, **style: Any) -> None:
    points = doc["capacity"]
    xs = [p["at"] for p in points] + [end]
    ys = [value(p) for p in points]
    ax.step(xs, ys + ys[-1:], where="post", **style)


def _capacity(top: Any, doc: Mapping[str, Any], end: float) -> bool:
    """The three capacity lines and the stretches of the terminating fallback; whether there
    were any."""
    _step(top, doc, end, lambda p: p["serving"], color="#1565c0", label="kube-proxy routes to")
    _step(top, doc, end, lambda p: p["pods_ready"], color="#4caf50", linestyle="--",
          label="Ready pods")
    _step(top, doc, end, lambda p: p["endpoints"]["ready"], color="#fb8c00", linestyle=":",
          label="EndpointSlice ready")
    points, fallback = doc["capacity"], False
    for i, p in enumerate(points):
        if p["fallback"]:
            until = points[i + 1]["at"] if i + 1 < len(points) else end
            top.axvspan(p["at"], until, color=FALLBACK, alpha=0.6, lw=0)
            fallback = True
    n = doc["fleet"]["replicas"]
    peak = max([n, *(p["serving"] for p in points), *(p["pods_ready"] for p in points)])
    top.set_ylim(-0.3, peak * 1.35 + 0.8)  # head room for the bands' labels
    top.set_ylabel("endpoints / pods")
    return fallback


def _capacity_legend(top: Any, fallback: bool, bands: list[tuple[str, str]]) -> None:
    from matplotlib.patches import Patch

    handles, labels = top.get_legend_handles_labels()
    if fallback:
        handles.append(Patch(color=FALLBACK, alpha=0.6))
        labels.append("kube-proxy routes to terminating pods (none Ready)")
    for colour, label in dict.fromkeys(bands):
        handles.append(Patch(color=colour, alpha=0.5))
        labels.append(label)
    top.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.005, 1.0), fontsize=7,
               frameon=False)


# ---------------------------------------------------------------- bands


def _band(top: Any, below: Any, start: float, end: float, colour: str, label: str,
          row: int) -> None:
    """A shaded stretch over both panels, labelled at the top of the capacity panel (rows
    of labels alternate so that neighbours do not overlap)."""
    outage = colour == OUTAGE  # over the lanes (where it hits); a rollout or drain behind
    for ax in (top, below):
        ax.axvspan(start, end, color=colour, alpha=0.5 if outage else 0.18, lw=0,
                   zorder=1 if outage else 0)
    top.text(start, 0.97 - 0.13 * (row % 2), f" {label}", transform=top.get_xaxis_transform(),
             va="top", ha="left", fontsize=7.5, color="#5d4037" if outage else colour,
             clip_on=False)


def _bands(top: Any, below: Any, windows: Sequence[Mapping[str, Any]], end: float,
           lanes: list[Lane]) -> list[tuple[str, str]]:
    """The behaviour's outages and stalls, each labelled with what and when; one that selects
    replicas (`pods`: the names of the pods it is about) on those pods' lanes only."""
    rows = {name: len(lanes) - 1 - row for row, (name, _) in enumerate(lanes)}
    out = []
    for row, w in enumerate(windows):
        stop = min(w["end"], end)
        label = f"{visible(w['label'])} {w['start']:g}-{stop:g} s"
        if w.get("pods") is None:  # every pod's
            _band(top, below, w["start"], stop, OUTAGE, label, row)
            out.append((OUTAGE, "outage of the behaviour"))
        else:
            _selected_band(top, below, w, stop, [rows[n] for n in w["pods"] if n in rows],
                           label, row)
            out.append((OUTAGE, "outage of the behaviour, on the pods it selects"))
    return out


def _selected_band(top: Any, below: Any, w: Mapping[str, Any], stop: float, rows: list[int],
                   label: str, row: int) -> None:
    """An entry that selects replicas: lightly over the capacity panel (the fleet sees it
    through those pods), fully on the lanes of its pods only."""
    top.axvspan(w["start"], stop, color=OUTAGE, alpha=0.25, lw=0, zorder=1)
    top.text(w["start"], 0.97 - 0.13 * (row % 2), f" {label}",
             transform=top.get_xaxis_transform(), va="top", ha="left", fontsize=7.5,
             color="#5d4037", clip_on=False)
    for y in rows:
        below.fill_between([w["start"], stop], y - 0.5, y + 0.5, color=OUTAGE, alpha=0.6,
                           lw=0, zorder=1)


def _controller_bands(top: Any, below: Any, doc: Mapping[str, Any], end: float
                      ) -> list[tuple[str, str]]:
    """A rollout or a drain from when it was asked for to when it completed (or the end)."""
    out: list[tuple[str, str]] = []
    for key, colour in (("rollout", ROLLOUT), ("drain", DRAIN)):
        section = doc.get(key)
        if not section:
            continue
        done = section.get("completed_at")
        stop = done if done is not None else end
        name = f"drain of {section['node']}" if key == "drain" and section.get("node") else key
        when = (f"{section['at']:g} s, complete at once" if done == section["at"] else
                f"{section['at']:g}-{stop:g} s" + ("" if done is not None else ", not complete"))
        _band(top, below, section["at"], max(stop, section["at"] + end * 0.002), colour,
              f"{name} {when}", len(out) + 1)
        out.append((colour, f"{key}: from asked for to complete"))
    return out


# ---------------------------------------------------------------- lanes


def _lanes(replicas: list[Mapping[str, Any]]) -> list[Lane]:
    """One lane per pod name, in order of first appearance (a StatefulSet ordinal's pods
    share one)."""
    lanes: dict[str, list[Mapping[str, Any]]] = {}
    for rep in replicas:
        key = rep.get("name") or f"#{rep['replica']}"
        lanes.setdefault(key, []).append(rep)
    return list(lanes.items())


def _pod(ax: Any, y: float, rep: Mapping[str, Any], end: float, drawn: _Drawn) -> None:
    """One pod on its lane: running, Ready by version, killed until the next container runs,
    the kills, the stretch from deletion to gone."""
    version = rep.get("version") or "old"
    running = [c["running_at"] for c in rep["containers"]]
    if running:  # the pod runs (not Ready) from its first container to gone
        until = rep.get("gone_at") or end
        ax.broken_barh([(min(running), until - min(running))], (y - 0.35, 0.7), color=RUNNING)
        drawn.running = True
    spans = ready_spans(rep["ready"], end)
    ax.broken_barh(spans, (y - 0.35, 0.7), color=READY.get(version, READY["old"]))
    if spans:
        drawn.versions.add(version)
    for kill in rep["kills"]:
        nxt = [c["running_at"] for c in rep["containers"] if c["running_at"] > kill["at"]]
        stop = min(nxt) if nxt else end
        ax.broken_barh([(kill["at"], stop - kill["at"])], (y - 0.15, 0.3), color=DOWN)
        ax.plot([kill["at"]], [y], marker="x", color=KILL, markersize=6)
        drawn.kills = True
    deleted, gone = rep.get("deleted_at"), rep.get("gone_at")
    if deleted is not None:
        stop = gone if gone is not None else end
        ax.broken_barh([(deleted, max(stop - deleted, end * 0.002))], (y - 0.42, 0.84),
                       facecolor="none", edgecolor="#616161", hatch="////", lw=0.6)
        ax.plot([deleted, deleted], [y - 0.45, y + 0.45], color="#212121", lw=1.0)
        drawn.deleted = True


def _draw_lanes(ax: Any, lanes: list[Lane], end: float) -> _Drawn:
    drawn = _Drawn()
    for row, (_, reps) in enumerate(lanes):
        for rep in reps:
            _pod(ax, len(lanes) - 1 - row, rep, end, drawn)
    labels = []
    for name, reps in reversed(lanes):
        node = reps[-1].get("node")
        labels.append(visible(f"{name} @{node}" if node else f"{name} (Pending)"))
    ax.set_yticks(range(len(lanes)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.set_ylim(-0.8, len(lanes) - 0.2)
    ax.set_ylabel("pods (one lane per pod name, @ its node)", fontsize=8)
    return drawn


def _lanes_legend(fig: Any, drawn: _Drawn) -> None:
    """What each mark of the lanes means, below them."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    items: list[tuple[Any, str]] = []
    if drawn.running:
        items.append((Patch(color=RUNNING), "running, not Ready"))
    both = len(drawn.versions) > 1 or "new" in drawn.versions
    for version in ("old", "new"):
        if version in drawn.versions:
            items.append((Patch(color=READY[version]),
                          f"Ready ({version} template)" if both else "Ready"))
    if drawn.kills:
        items += [(Line2D([], [], color=KILL, marker="x", lw=0), "kill (a probe failed)"),
                  (Patch(color=DOWN), "killed, until its next container runs")]
    if drawn.deleted:
        items.append((Patch(facecolor="none", edgecolor="#616161", hatch="////"),
                      "deleted (line), terminating until gone"))
    if items:
        fig.legend([h for h, _ in items], [t for _, t in items], loc="outside lower center",
                   ncol=len(items), fontsize=7.5, frameon=False)
