"""The timeline of one run as a picture (PNG), drawn from the run's JSON document.

Both `kubesim run --plot FILE.png` and `kubesim plot RESULT.json -o FILE.png` draw from the
same document (`report.to_document`), so a saved JSON result gives the very same picture, byte
for byte. matplotlib is an optional extra (`pip install 'kubesim[plot]'`), imported only when a
picture is drawn: kubesim itself imports and runs without it.

The picture has one lane per container fact and per probe type, time in seconds on x (the
marks themselves are drawn by `plot_marks`):

* `container`: each instance (`#0`, `#1` ...) as a bar from running to exit, a restart mark
  where a new one starts; the stretch from a kill to the exit (SIGTERM, grace period) hatched;
  CrashLoopBackOff waits hatched in the gap;
* `Started`, `Ready`: bands where the container counts as Started and the pod as Ready; a
  stretch NOT Ready after Ready outlined and labelled with its length;
* one lane per probe type: a mark per probe call at its start (success, warning = HTTP 3xx,
  failure, error = discarded prober error; distinct by colour and shape), a line for its latency
  when that is visible at the scale, and the reason of the first failure of each kind;
* kills: a vertical line at the kill decision, named by the probe that failed;
* the app's outages and stalls (`run.windows` in the document; `Behaviour.windows`) shaded
  across all lanes and labelled.

A pod of several containers gets the pod's Ready and phase on top, then a lane group per
container. The picture opens on the run's interesting stretch (`focus.interesting_stretch`:
the first kill, the outages and stalls, the Ready changes); when that is not the whole run, a
strip below shows the whole run with the stretch boxed. The legend names every mark drawn.

Determinism: a fixed size and dpi, matplotlib's default style whatever the user's rc, the Agg
canvas (no pyplot, no global backend change) and no `Software` key in the PNG.
"""

from __future__ import annotations

import functools
import io
import math
import textwrap
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from kubesim.errors import UsageError
from kubesim.files import STDIN, check_output_path, write_output
from kubesim.render import plot_marks as marks
from kubesim.render.focus import Stretch, interesting_stretch
from kubesim.render.plot_marks import (
    BAR,
    DELETE_COLOUR,
    MARK_LABELS,
    MARKS,
    PRE_STOP_COLOUR,
    Canvas,
)
from kubesim.render.run_document import PROBE_TYPES, check_document, heading, is_time, load_document
from kubesim.render.run_meta import plot_meta

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


__all__ = [
    "DELETE_COLOUR",
    "DPI",
    "FIGSIZE",
    "INSTALL_HINT",
    "MARKS",
    "PRE_STOP_COLOUR",
    "MatplotlibMissing",
    "check_document",
    "check_output",
    "default_style",
    "figure",
    "load_document",
    "plot_meta",
    "render_png",
    "require_matplotlib",
    "save_png",
    "wrapped_title",
]

FIGSIZE = (12.0, 6.0)  # inches
DPI = 100  # -> 1200 x 600 pixels
INSTALL_HINT = "pip install 'kubesim[plot]'"
LANE_INCHES = 0.42  # a picture of a pod of several containers grows by this per lane beyond 6
TITLE_INCHES = 0.86  # the title block above the lanes
XAXIS_INCHES = 0.5  # tick labels and the x label under the lanes
STRIP_INCHES = 0.3  # the whole run's strip under the focused lanes
STRIP_AXIS_INCHES = 0.24  # its tick labels
LEGEND_ROW_INCHES = 0.2
LABEL_CHARS = 38  # a lane label's longest line; longer targets are shortened in the middle


class MatplotlibMissing(UsageError):
    """A picture was asked for, but matplotlib (the `plot` extra) is not installed."""


# -- what cmd_run adds to the document ---------------------------------------------------------

def wrapped_title(lines: Iterable[str], width: int) -> str:
    """A picture's title, each line wrapped at `width` characters (a long path broken where
    it must) so that no line runs off the figure."""
    return "\n".join(part for line in lines
                     for part in textwrap.wrap(line, width, break_on_hyphens=False))


def require_matplotlib() -> Any:
    try:
        import matplotlib
        import matplotlib.style
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: F401
    except ImportError:
        raise MatplotlibMissing(f"drawing a picture needs matplotlib: {INSTALL_HINT}") from None
    return matplotlib


def default_style() -> Any:
    """matplotlib's default style whatever the user's rc, restored afterwards."""
    import contextlib
    mpl = require_matplotlib()
    stack = contextlib.ExitStack()
    stack.enter_context(mpl.style.context("default"))
    stack.enter_context(mpl.rc_context({"svg.hashsalt": "kubesim", "font.size": 9}))
    return stack



# -- drawing -----------------------------------------------------------------------------------

class Lane(NamedTuple):
    """One row of the picture: `kind` is pod, container, Started, Ready or a probe type;
    `name` the container's (empty for the pod and for a picture of one container)."""
    name: str
    kind: str
    label: str


class Plan(NamedTuple):
    """What one picture shows: its lanes, the seconds in view, its size."""
    lanes: list[Lane]
    pod: bool  # a pod of several containers: a lane group per container
    names: list[str]
    stretch: Stretch
    height: float  # inches

    def y(self, name: str, kind: str) -> int | None:
        return next((i for i, lane in enumerate(self.lanes)
                     if (lane.name, lane.kind) == (name, kind)), None)


class Drawing(NamedTuple):
    """A drawn picture, the marks it drew and the marks its legend names."""
    figure: Figure
    drawn: frozenset[str]
    named: frozenset[str]


def figure(doc: Mapping[str, Any]) -> Figure:
    """The timeline picture of a run document, as a matplotlib Figure (not shown anywhere).
    In a notebook, `IPython.display.Image(render_png(doc))` shows exactly the saved PNG."""
    check_document(doc)
    with default_style():
        return _drawing(doc).figure


def render_png(doc: Mapping[str, Any]) -> bytes:
    """The picture as PNG bytes: FIGSIZE at DPI, the same bytes for the same document."""
    check_document(doc)
    buf = io.BytesIO()
    with default_style():
        fig = _drawing(doc).figure
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def check_output(path: str, what: str = "--plot") -> None:
    """Fail early, before any simulation, if no picture can be written to `path`: matplotlib
    missing (MatplotlibMissing), not a .png (or - for stdout), or not a place for a regular
    file (kubesim.files.check_output_path)."""
    require_matplotlib()
    if path != STDIN and Path(path).suffix.lower() != ".png":
        raise UsageError("the picture is a PNG: name the file FILE.png", source=path)
    check_output_path(path, what)


def save_png(doc: Mapping[str, Any], path: str, what: str = "--plot") -> None:
    """Write the picture to `path` (a .png) atomically, through kubesim.files."""
    check_output(path, what)
    write_output(path, render_png(doc), what=what)


def _names(doc: Mapping[str, Any]) -> list[str]:
    """The pod's containers the document has records of, in pod order."""
    seen = [c.get("name", "") for c in doc["containers"]]
    order = doc["run"].get("pod_containers") or []
    known = [n for n in order if isinstance(n, str) and n in seen]
    return known + sorted({n for n in seen if n not in known})


def _plan(doc: Mapping[str, Any]) -> Plan:
    names = _names(doc)
    pod = len(names) > 1
    lanes = _pod_lanes(doc, names) if pod else _one_lanes(doc)
    height = FIGSIZE[1] + (max(0, len(lanes) - 6) * LANE_INCHES if pod else 0.0)
    return Plan(lanes, pod, names, interesting_stretch(doc), height)


def _probe_types(doc: Mapping[str, Any], specs: Mapping[str, Any], name: str | None) -> list[str]:
    """The probe types a container declares or has calls of, in the kubelet's order."""
    seen = {p["probe"] for p in doc["probes"] if name is None or p.get("name") == name}
    return [t for t in PROBE_TYPES if t in specs or t in seen]


def _one_lanes(doc: Mapping[str, Any]) -> list[Lane]:
    specs = doc["run"].get("probe_specs") or {}
    return [Lane("", "container", "container"), Lane("", "Started", "Started"),
            Lane("", "Ready", "pod Ready"),
            *(Lane("", t, _lane_label(t, specs.get(t))) for t in _probe_types(doc, specs, None))]


def _pod_lanes(doc: Mapping[str, Any], names: list[str]) -> list[Lane]:
    by_name: dict[str, Any] = doc["run"].get("container_probe_specs") or {}
    lanes = [Lane("", "pod", "pod Ready, phase")]
    for name in names:
        specs = by_name.get(name) or {}
        lanes.append(Lane(name, "container", _shorten(f"container {name}")))
        lanes += [Lane(name, t, _lane_label(t, specs.get(t)))
                  for t in _probe_types(doc, specs, name)]
    return lanes


def _shorten(text: str, limit: int = LABEL_CHARS) -> str:
    """`text` at most `limit` characters, cut in the middle."""
    if len(text) <= limit:
        return text
    keep = limit - 1
    return text[:keep - keep // 2] + "…" + text[len(text) - keep // 2:]


def _lane_label(probe_type: str, spec: Mapping[str, Any] | None) -> str:
    if not spec:
        return probe_type
    delay = spec.get("initialDelaySeconds") or 0
    lines = [_shorten(f"{probe_type} {spec.get('target', '')}"),
             f"every {spec.get('periodSeconds')} s, timeout {spec.get('timeoutSeconds')} s",
             f"fail x{spec.get('failureThreshold')}"
             + (f", succeed x{spec['successThreshold']}" if spec.get("successThreshold", 1) != 1
                else "")
             + (f", delay {delay} s" if delay else "")]
    return "\n".join(lines)


def _drawing(doc: Mapping[str, Any]) -> Drawing:
    """Draw the picture with room below it for the legend of every kind of mark the
    document holds, then hang from the top of that room the legend of the marks drawn (the
    legend names what the picture shows, and only that); drawn again only when that legend
    would need more rows than the room has."""
    plan = _plan(doc)
    fig = _figure(plan)
    rows = _rows(*_legend_layout(fig, _possible_marks(doc, plan), plan))
    drawn = _draw(fig, doc, plan, rows)
    handles, ncol = _legend_layout(fig, drawn, plan)
    if _rows(handles, ncol) > rows:
        rows = _rows(handles, ncol)
        fig = _figure(plan)
        drawn = _draw(fig, doc, plan, rows)
    fig.legend(handles=handles, loc="upper center", ncol=ncol, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, _legend_inches(rows) / plan.height), handlelength=1.6,
               columnspacing=1.2, borderaxespad=0.2)
    label_of = {v: k for k, v in {**MARK_LABELS, "ready": _ready_label(plan),
                                  "started": _started_label(plan)}.items()}
    # (an artist's label is a str: matplotlib's set_label makes it one)
    named = frozenset(label_of.get(str(h.get_label()), str(h.get_label())) for h in handles)
    return Drawing(fig, frozenset(drawn), named)


def _figure(plan: Plan) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(FIGSIZE[0], plan.height), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def _rows(handles: list[Any], ncol: int) -> int:
    return math.ceil(len(handles) / ncol)


def _legend_inches(rows: int) -> float:
    return 0.12 + rows * LEGEND_ROW_INCHES


def _draw(fig: Figure, doc: Mapping[str, Any], plan: Plan, rows: int) -> set[str]:
    """The title, the lanes and the whole run's strip, above `rows` of legend; the marks
    drawn."""
    main, strip = _axes(fig, plan, rows)
    stretch = plan.stretch
    c = Canvas(main, stretch.start, stretch.end, float(doc["run"]["duration"]))
    _lanes_axis(c, plan)
    marks.shade_windows(c, doc["run"].get("windows", []))
    (_draw_pod if plan.pod else _draw_one)(c, doc, plan)
    if strip is not None:
        c.drawn |= _strip(strip, doc, plan)
    _title_block(fig, doc, plan)
    return c.drawn


def _possible_marks(doc: Mapping[str, Any], plan: Plan) -> set[str]:
    """Every kind of mark the document holds records for: what the picture may draw (it
    draws those in view)."""
    kills, stops, containers = doc["kills"], _stops_of(doc), doc["containers"]
    pixel = (plan.stretch.end - plan.stretch.start) / 900
    have = {
        "latency": any(p["latency"] >= 3 * pixel for p in doc["probes"]),
        "running": bool(containers), "terminating": bool(kills), "kill": bool(kills),
        "restart": any(c["restart_count"] > 0 for c in containers),
        "backoff": bool(_backoffs(doc, None)),
        "sigterm": any(x.get("sigterm_at") is not None for x in [*kills, *stops]),
        "sigkill": any(s.get("sigkill") for s in stops),
        "deleted": bool(doc.get("termination")),
        "prestop": any(s.get("pre_stop_start") is not None for s in [*kills, *stops]),
        "poststart": bool(doc.get("post_starts")),
        "started": any(c["started_at"] is not None for c in containers),
        "ready": any(r["ready"] for r in [*doc["ready"], *(doc.get("container_ready") or [])]),
        "not_ready": len(doc["ready"]) > 1,
        "phase": plan.pod and len(doc.get("pod_phase") or []) > 1,
    }
    windows = {kind for *_, kind in marks.merged_windows(doc["run"].get("windows", []))}
    return {k for k, v in have.items() if v} | windows | {p["result"] for p in doc["probes"]}


def _axes(fig: Figure, plan: Plan, rows: int) -> tuple[Axes, Axes | None]:
    """The lanes' Axes and, when they show part of the run, the whole run's strip below;
    the left margin fits the longest lane label."""
    height, left = plan.height, _left_margin(fig, plan)
    legend = _legend_inches(rows)
    strip_bottom = legend + STRIP_AXIS_INCHES
    bottom = legend + XAXIS_INCHES + (0.0 if plan.stretch.whole else
                                      STRIP_AXIS_INCHES + STRIP_INCHES + 0.05)
    main = fig.add_axes((left, bottom / height, 0.98 - left,
                         (height - TITLE_INCHES - bottom) / height))
    if plan.stretch.whole:
        return main, None
    return main, fig.add_axes((left, strip_bottom / height, 0.98 - left,
                               STRIP_INCHES / height))


def _left_margin(fig: Figure, plan: Plan) -> float:
    """The share of the width the lane labels need (their widest, measured)."""
    renderer = marks.agg_renderer(fig)
    widest = 0.0
    for lane in plan.lanes:
        text = fig.text(0, 0, lane.label, fontsize=8 if plan.pod else 8.5)
        widest = max(widest, text.get_window_extent(renderer).width)
        text.remove()
    return min(0.35, max(0.12, (widest + 26) / (FIGSIZE[0] * DPI)))


def _lanes_axis(c: Canvas, plan: Plan) -> None:
    """The x range in view, one y tick per lane labelled, lines between lanes (darker
    between the pod's state and the probes, and between containers)."""
    ax, n = c.ax, len(plan.lanes)
    ax.set_xlim(c.start, c.end)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_yticks(range(n))
    ax.set_yticklabels([lane.label for lane in plan.lanes], fontsize=8 if plan.pod else 8.5)
    shown = "" if plan.stretch.whole else (
        f"  (shown: {marks.secs(c.start)}-{marks.secs(c.end)} s of {marks.secs(c.duration)} s;"
        " the whole run below)")
    ax.set_xlabel("seconds since the first container started running" + shown)
    ax.grid(axis="x", color="#E0E0E0", linewidth=0.6)
    ax.set_axisbelow(True)
    for i, lane in enumerate(plan.lanes[1:], start=1):
        strong = lane.kind == "container" or (not plan.pod and lane.kind in PROBE_TYPES
                                              and plan.lanes[i - 1].kind == "Ready")
        ax.axhline(i - 0.5, color="#808080" if strong else "#D0D0D0",
                   linewidth=0.9 if strong else 0.6)


def _backoffs(doc: Mapping[str, Any], name: str | None) -> list[float]:
    return [e["at"] for e in doc["events"] if e["reason"] == "BackOff"
            and (name is None or e.get("name") == name)]


def _stops_of(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """How containers stopped in whole-pod kills, in the deletion and after a failed
    postStart hook."""
    term = doc.get("termination") or {}
    return [*(s for k in doc.get("pod_kills") or [] for s in k.get("containers") or []),
            *(term.get("containers") or []),
            *(h["stop"] for h in doc.get("post_starts") or [] if h.get("stop"))]


def _draw_one(c: Canvas, doc: Mapping[str, Any], plan: Plan) -> None:
    """One container: its instances, Started, the pod's Ready, a lane per probe."""
    y = {lane.kind: i for i, lane in enumerate(plan.lanes)}

    def started(c: Canvas, inst: Mapping[str, Any], end: float) -> None:
        if c.shows(inst["started_at"], end):
            c.ax.broken_barh([(inst["started_at"], max(end - inst["started_at"], c.pixel))],
                             (y["Started"] - BAR / 2, BAR), facecolors=marks.STARTED_COLOUR,
                             linewidth=0)
            c.drawn.add("started")

    marks.instances(c, doc["containers"], doc["kills"], _backoffs(doc, None), y["container"],
                    started)
    marks.ready_band(c, doc["ready"], y["Ready"] - BAR / 2, BAR, gaps=True)
    for t in PROBE_TYPES:
        if t in y:
            marks.probe_lane(c, [p for p in doc["probes"] if p["probe"] == t], y[t])
    marks.kill_lines(c, doc["kills"], lambda k: y["container"] - BAR / 2,
                     lambda k: y[k["probe"]] + 0.35 if k["probe"] in y else len(y) - 0.5)
    if doc.get("termination"):  # deletion, preStop, SIGTERM, SIGKILL or exit (R1.30-R1.35)
        marks.deletion_line(c, doc["termination"])
    marks.post_start_bars(c, doc.get("post_starts") or [], lambda h: y["container"])
    marks.stops(c, _stops_of(doc), lambda s: y["container"])


def _draw_pod(c: Canvas, doc: Mapping[str, Any], plan: Plan) -> None:
    """A pod of several containers: the pod's Ready and phase on top, then per container a
    lane of its instances (Started below, its Ready above, as thin bands) and one lane per
    probe it declares."""
    yp = plan.y("", "pod") or 0
    marks.ready_band(c, doc["ready"], yp - BAR / 2, BAR, gaps=True)
    marks.phase_changes(c, doc.get("pod_phase") or [], yp)
    for name in plan.names:
        _container_group(c, doc, plan, name)

    def lane_of(k: Mapping[str, Any]) -> float:
        at = plan.y(k.get("name", ""), "container")
        return float(at if at is not None else yp)

    marks.kill_lines(c, doc["kills"], lambda k: lane_of(k) - BAR / 2,
                     lambda k: (plan.y(k.get("name", ""), k["probe"]) or lane_of(k)) + 0.35)
    if doc.get("termination"):
        marks.deletion_line(c, doc["termination"])
    marks.post_start_bars(c, doc.get("post_starts") or [],
                          lambda h: plan.y(h.get("name", ""), "container"))
    marks.stops(c, _stops_of(doc), lambda s: plan.y(s.get("name", ""), "container"))


def _container_group(c: Canvas, doc: Mapping[str, Any], plan: Plan, name: str) -> None:
    """One container of a pod: instances with its Started (below) and Ready (above) as thin
    bands, and its probes."""
    yc = plan.y(name, "container") or 0

    def started(c: Canvas, inst: Mapping[str, Any], end: float) -> None:
        if c.shows(inst["started_at"], end):
            c.ax.broken_barh([(inst["started_at"], max(end - inst["started_at"], c.pixel))],
                             (yc + BAR / 2, BAR / 4), facecolors=marks.STARTED_COLOUR,
                             linewidth=0)
            c.drawn.add("started")

    mine = [x for x in doc["containers"] if x.get("name") == name]
    marks.instances(c, mine, [k for k in doc["kills"] if k.get("name") == name],
                    _backoffs(doc, name), yc, started)
    ready = [r for r in doc.get("container_ready") or [] if r.get("name") == name]
    marks.ready_band(c, ready, yc - BAR / 2 - BAR / 4, BAR / 4)
    for t in PROBE_TYPES:
        y = plan.y(name, t)
        if y is not None:
            marks.probe_lane(c, [p for p in doc["probes"] if p["probe"] == t
                                 and p.get("name") == name], y)


def _strip(ax: Axes, doc: Mapping[str, Any], plan: Plan) -> set[str]:
    """The whole run in one row: the pod's Ready, the outages and stalls, kills and
    restarts, and a box round the stretch the lanes above show; the marks drawn."""
    duration = float(doc["run"]["duration"])
    c = Canvas(ax, 0.0, duration, duration)
    ax.set_xlim(0, duration)
    ax.set_ylim(1, 0)
    ax.set_yticks([0.5])
    ax.set_yticklabels(["whole run"], fontsize=8)
    ax.tick_params(axis="x", labelsize=7, length=2, pad=1)
    marks.shade_windows(c, doc["run"].get("windows", []), labelled=False)
    marks.ready_band(c, doc["ready"], 0.3, 0.4)
    kills = sorted(k["at"] for k in doc["kills"])
    if kills:
        ax.scatter(kills, [0.22] * len(kills), marker="v", s=22, c=marks.KILL_COLOUR, zorder=5)
        c.drawn.add("kill")
    news = sorted(x["running_at"] for x in doc["containers"] if x["restart_count"] > 0)
    if news:
        ax.scatter(news, [0.82] * len(news), marker="^", s=22, c=marks.RESTART_COLOUR, zorder=5)
        c.drawn.add("restart")
    _stretch_box(ax, plan.stretch, duration)
    return c.drawn


def _stretch_box(ax: Axes, stretch: Stretch, duration: float) -> None:
    """The stretch shown above: boxed, the rest of the run dimmed."""
    from matplotlib.patches import Rectangle

    for a, b in ((0.0, stretch.start), (stretch.end, duration)):
        if b > a:
            ax.axvspan(a, b, color="white", alpha=0.55, linewidth=0, zorder=7)
    ax.add_patch(Rectangle((stretch.start, 0.02), stretch.end - stretch.start, 0.96,
                           fill=False, edgecolor="#202020", linewidth=1.2, zorder=8))
    ax.annotate("shown above", xy=(stretch.end, 0.5), xytext=(4, 0),
                textcoords="offset points", va="center", fontsize=7, color="#202020",
                zorder=8)


def _ready_label(plan: Plan) -> str:
    return "Ready (pod; a container's: thin band above it)" if plan.pod else "pod Ready"


def _started_label(plan: Plan) -> str:
    return "Started (thin band below a container)" if plan.pod else "Started"


def _legend_layout(fig: Figure, drawn: set[str], plan: Plan) -> tuple[list[Artist], int]:
    """The legend's entries (a mark for each drawn one, in MARK_LABELS' order) and the most
    columns that fit the picture's width."""
    handles = [_handle(key, plan) for key in MARK_LABELS if key in drawn]
    renderer = marks.agg_renderer(fig)
    for ncol in range(min(len(handles), 7), 1, -1):
        legend = fig.legend(handles=handles, ncol=ncol, fontsize=8, frameon=False,
                            handlelength=1.6, columnspacing=1.2)
        wide = legend.get_window_extent(renderer).width
        legend.remove()
        if wide <= 0.98 * FIGSIZE[0] * DPI:
            return handles, ncol
    return handles, 1


def _handle(key: str, plan: Plan) -> Artist:
    """The legend's sample of mark `key`."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    label = {**MARK_LABELS, "ready": _ready_label(plan), "started": _started_label(plan)}[key]
    if key in MARKS:
        m = MARKS[key]
        return Line2D([], [], linestyle="none", marker=m["marker"], color=m["color"],
                      markersize=7 if key == "failure" else 5.5, label=label)
    line = {"latency": {"color": MARKS["success"]["color"], "linewidth": 2.5, "alpha": 0.6},
            "kill": {"color": marks.KILL_COLOUR, "linestyle": (0, (4, 2)), "marker": "v",
                     "markersize": 6},
            "restart": {"color": marks.RESTART_COLOUR, "linestyle": "none", "marker": "^",
                        "markersize": 6},
            "sigterm": {"color": DELETE_COLOUR, "linestyle": "none", "marker": "|",
                        "markersize": 9},
            "sigkill": {"color": DELETE_COLOUR, "linestyle": "none", "marker": "x",
                        "markersize": 6},
            "deleted": {"color": DELETE_COLOUR, "linewidth": 1.4},
            "phase": {"color": "#404040", "linewidth": 0.8}}
    if key in line:
        return Line2D([], [], label=label, **line[key])
    patch: dict[str, dict[str, Any]] = {"running": {"facecolor": marks.CONTAINER_COLOUR, "edgecolor": "#606060"},
             "terminating": {"facecolor": "white", "edgecolor": "#606060", "hatch": "////"},
             "backoff": {"facecolor": "white", "edgecolor": marks.BACKOFF_COLOUR, "hatch": "xx"},
             "prestop": {"facecolor": PRE_STOP_COLOUR},
             "poststart": {"facecolor": marks.POST_START_COLOUR},
             "started": {"facecolor": marks.STARTED_COLOUR},
             "ready": {"facecolor": marks.READY_COLOUR},
             "not_ready": {"facecolor": marks.NOT_READY_FILL,
                           "edgecolor": marks.NOT_READY_COLOUR},
             "outage": {"facecolor": marks.OUTAGE_COLOUR, "alpha": 0.13},
             "recorded": {"facecolor": marks.OUTAGE_COLOUR, "alpha": 0.13},
             "stall": {"facecolor": marks.STALL_COLOUR, "alpha": 0.28}}
    return Patch(label=label, **patch[key])


def _title_block(fig: Figure, doc: Mapping[str, Any], plan: Plan) -> None:
    """The title (what ran, under which behaviour) and what came of it, each line fitted to
    the picture's width: smaller type first, then the names cut (the object's in the
    middle, the behaviour's path from its start, keeping its file name)."""
    what, behaviour = heading(doc), str(doc["run"].get("behaviour", "?"))
    top = plan.height

    def head(keep: float) -> str:
        n = max(8, int(len(behaviour) * keep))
        path = behaviour if n >= len(behaviour) else "…" + behaviour[len(behaviour) - n + 1:]
        return f"{_shorten(what, max(12, int(len(what) * keep)))}  |  behaviour: {path}"

    _fitted(fig, head, 1 - 0.12 / top, 11, least=9, bold=True)
    for i, line in enumerate(_summary_lines(doc)):
        _fitted(fig, functools.partial(_kept, line), 1 - (0.4 + 0.17 * i) / top, 8.5,
                least=7.5)


def _kept(line: str, keep: float) -> str:
    """`line` cut to `keep` of its length (12 characters at least)."""
    return _shorten(line, max(12, int(len(line) * keep)))


def _fitted(fig: Figure, text: Callable[[float], str], y: float, size: float, least: float,
            bold: bool = False) -> None:
    """A centred line of text, `text(1.0)`; smaller (down to `least` points) or else
    `text(keep)` with less kept until it fits the picture's width."""
    renderer = marks.agg_renderer(fig)
    room = 0.97 * FIGSIZE[0] * DPI
    keep = 1.0
    while True:
        line = fig.text(0.5, y, text(keep), ha="center", va="top", fontsize=size,
                        fontweight="bold" if bold else "normal",
                        color="black" if bold else "#404040")
        wide = line.get_window_extent(renderer).width
        if wide <= room or keep < 0.05:
            return
        line.remove()
        if size > least:
            size = max(least, size - 0.5)
        else:
            keep *= 0.95 * room / wide


def _summary_lines(doc: Mapping[str, Any]) -> list[str]:
    """What came of the run; how it was set up."""
    return ["  |  ".join(_outcome(doc, doc.get("summary", {}))), _setup(doc["run"])]


def _outcome(doc: Mapping[str, Any], s: Mapping[str, Any]) -> list[str]:
    """Restarts, time Ready, first Ready, and restarts across the grid phases."""
    duration = doc["run"]["duration"]
    restarts = doc["restarts"] if isinstance(doc.get("restarts"), list) else []
    by = sorted({r.get("probe", "?") for r in restarts if isinstance(r, dict)})
    parts = [f"{len(restarts)} restart{'s' * (len(restarts) != 1)}"
             + (f" ({', '.join(by)})" if by else "")]
    ready = s.get("ready_seconds")
    if is_time(ready):
        parts.append(f"Ready {ready:.1f} of {duration:g} s ({100 * ready / duration:.0f}%)")
    first = s.get("first_ready_at")
    parts.append("never Ready" if first is None else f"first Ready {first:.2f} s")
    phases = doc.get("phases")
    if isinstance(phases, dict) and isinstance(phases.get("restarts"), list):
        n = len(phases["restarts"])
        k = sum(1 for r in phases["restarts"] if r)
        parts.append(f"restarted at {k} of {n} grid phases")
    return parts


def _setup(run: Mapping[str, Any]) -> str:
    phase = run.get("phase")
    return f"profile {run.get('profile', '?')}, seed {run.get('seed', '?')}" + (
        f", grid phase {phase:.3f} s" if is_time(phase) else "")
