"""The marks of a run's timeline picture, each drawn by one function on a `Canvas`: one
matplotlib Axes showing the seconds `start` to `end` of a run, lanes on y.

Every function draws only what falls in the canvas's view, says which marks it drew
(`Canvas.drawn`, by the names of `MARK_LABELS`) so that the legend names exactly those, and
keeps its text labels clear of the labels already placed (`Canvas.placed`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
    from matplotlib.figure import Figure, SubFigure

__all__ = [
    "BAR",
    "CONTAINER_COLOUR",
    "DELETE_COLOUR",
    "KILL_COLOUR",
    "MARKS",
    "MARK_LABELS",
    "NOT_READY_COLOUR",
    "OUTAGE_COLOUR",
    "POST_START_COLOUR",
    "PRE_STOP_COLOUR",
    "READY_COLOUR",
    "RESTART_COLOUR",
    "STALL_COLOUR",
    "STARTED_COLOUR",
    "Canvas",
    "agg_renderer",
    "deletion_line",
    "instances",
    "kill_lines",
    "merged_windows",
    "phase_changes",
    "probe_lane",
    "ready_band",
    "secs",
    "shade_windows",
    "spans",
    "stops",
]

RESULTS = ("success", "warning", "failure", "error")
# Okabe-Ito colours (safe for colour-blind readers); shapes differ as well
MARKS: dict[str, dict[str, Any]] = {
    "success": {"color": "#009E73", "marker": "o", "s": 18, "label": "probe success"},
    "warning": {"color": "#E69F00", "marker": "D", "s": 24, "label": "probe warning (HTTP 3xx)"},
    "failure": {"color": "#D55E00", "marker": "X", "s": 60, "label": "probe failure"},
    "error": {"color": "#7F7F7F", "marker": "s", "s": 30,
              "label": "prober error (discarded)"},
}
CONTAINER_COLOUR = "#B8B8B8"
STARTED_COLOUR = "#0072B2"
READY_COLOUR = "#56B4E9"
NOT_READY_COLOUR = "#1F5F86"
NOT_READY_FILL = "#EEF6FC"
OUTAGE_COLOUR = "#D55E00"
STALL_COLOUR = "#CC79A7"
KILL_COLOUR = "#000000"
RESTART_COLOUR = "#006B4E"
DELETE_COLOUR = "#6A1B9A"
PRE_STOP_COLOUR = "#CE93D8"
POST_START_COLOUR = "#80CBC4"
BACKOFF_COLOUR = "#CC4400"
BAR = 0.5  # a lane's bar height (lanes are 1 apart)

# what the legend says of each mark a drawing function can draw
MARK_LABELS = {
    **{r: MARKS[r]["label"] for r in RESULTS},
    "latency": "a probe call's latency (long enough to see)",
    "running": "container running (#n: its restartCount)",
    "terminating": "killed, terminating (grace period)",
    "kill": "kill (named by the probe that failed)",
    "restart": "restart (a new instance)",
    "backoff": "CrashLoopBackOff wait",
    "sigterm": "SIGTERM",
    "sigkill": "SIGKILL",
    "deleted": "pod deleted",
    "prestop": "preStop hook",
    "poststart": "postStart hook (the next start waits for it)",
    "started": "Started",
    "ready": "pod Ready",
    "not_ready": "pod NOT Ready again (its length labelled)",
    "phase": "pod phase change",
    "outage": "app outage",
    "recorded": "app failing (recorded)",
    "stall": "app stall",
}

# a failure reason goes above its mark, else below it; never over another label
LABEL_ROWS = (9, -17)  # points from the mark



def agg_renderer(fig: Figure | SubFigure | None) -> RendererAgg:
    """The renderer that measures text in a picture. Every figure is drawn on an Agg canvas
    (`plot._figure`: no pyplot, no global backend), but matplotlib's stubs type a figure's
    canvas as the base class, which has no renderer; this module imports no matplotlib at
    run time (the layering test), so the canvas is cast, not checked with isinstance."""
    assert fig is not None  # a Canvas's Axes is on a figure
    return cast("FigureCanvasAgg", fig.canvas).get_renderer()

@dataclass
class Canvas:
    """One Axes showing seconds `start` to `end` of a run of `duration` seconds."""
    ax: Axes
    start: float
    end: float
    duration: float
    drawn: set[str] = field(default_factory=set)
    placed: list[Any] = field(default_factory=list)  # drawn label boxes (display units)

    @property
    def span(self) -> float:
        return self.end - self.start

    @property
    def pixel(self) -> float:
        """About one pixel of the plot area, in seconds: the least width drawn."""
        return self.span / 900

    def shows(self, start: float, end: float | None = None) -> bool:
        """Whether any of `start`..`end` is in view."""
        return (start if end is None else end) >= self.start and start <= self.end

    def seconds_wide(self, text: str, fontsize: float) -> float:
        """How many seconds of the view `text` takes at `fontsize` (points)."""
        renderer = agg_renderer(self.ax.figure)
        probe = self.ax.figure.text(0, 0, text, fontsize=fontsize)
        wide = probe.get_window_extent(renderer).width
        probe.remove()
        return wide / max(self.ax.get_window_extent(renderer).width, 1.0) * self.span

    def clear_of(self, label: Any, pad: float = 2) -> bool:
        """Keep `label` (a drawn Text) if it overlaps no placed label, and place it."""
        box = label.get_window_extent(agg_renderer(self.ax.figure)).padded(pad)
        if any(box.overlaps(other) for other in self.placed):
            label.remove()
            return False
        self.placed.append(box)
        return True


def secs(x: float) -> str:
    """Seconds for a label: at most one decimal."""
    return f"{x:.1f}".removesuffix(".0")


# -- the app's outages and stalls --------------------------------------------------------------

def window_kind(labels: list[str]) -> str:
    """stall (a scenario's stalls), recorded (a trace's failing stretches), or outage."""
    if any("stall" in lb for lb in labels):
        return "stall"
    return "recorded" if all(lb.endswith(" failing") for lb in labels) else "outage"


def merged_windows(windows: list[dict[str, Any]]) -> list[tuple[float, float, str, str]]:
    """(start, end, label, kind): overlapping windows of one kind merged into one, their
    labels joined (a recording's targets fail together during one outage)."""
    out: list[tuple[float, float, list[str], str]] = []
    for w in sorted(windows, key=lambda w: (w["start"], w["end"], w["label"])):
        kind = window_kind([w["label"]])
        for i, (s, e, labels, k) in enumerate(out):
            if k == kind and w["start"] <= e and w["end"] >= s:
                out[i] = (s, max(e, w["end"]), labels + [w["label"]] * (w["label"] not in labels),
                          k)
                break
        else:
            out.append((w["start"], w["end"], [w["label"]], kind))
    return [(s, e, ", ".join(labels), k) for s, e, labels, k in out]


def shade_windows(c: Canvas, windows: list[dict[str, Any]], labelled: bool = True) -> None:
    """The app's outages and stalls, across every lane, labelled along the bottom edge."""
    free_from = -math.inf  # one label at a time along the bottom edge
    for start, end, label, kind in merged_windows(windows):
        if not c.shows(start, end):
            continue
        stall = kind == "stall"
        c.ax.axvspan(start, max(end, start + c.pixel), color=STALL_COLOUR if stall
                     else OUTAGE_COLOUR, alpha=0.28 if stall else 0.13, linewidth=0, zorder=0)
        c.drawn.add(kind)
        at = max(start, c.start)
        if labelled and at >= free_from:
            free_from = at + c.span * (len(label) + 12) / 150  # ~ the label's width
            _window_label(c, at, label, start, end, stall)


def _window_label(c: Canvas, at: float, label: str, start: float, end: float,
                  stall: bool) -> None:
    """A window's name and times along the bottom edge, from where it comes into view (or
    ending at the right edge, when it would run past it)."""
    parts = label.split(", ")
    if len(label) > 40 and len(parts) > 1:  # several targets failing together
        label = f"{parts[0]} +{len(parts) - 1} more"
    text = f"{label} {secs(start)}-{secs(end)} s"
    right = at + c.seconds_wide(text, 8) > c.end
    drawn = c.ax.annotate(text, xy=(c.end if right else at, 0.0),
                          xycoords=("data", "axes fraction"), xytext=(-2 if right else 2, 3),
                          textcoords="offset points", ha="right" if right else "left",
                          va="bottom", fontsize=8, color="#7A2E5C" if stall else "#8C3A00",
                          zorder=4, bbox={"facecolor": "white", "edgecolor": "none",
                                          "alpha": 0.7, "pad": 0.4})
    c.clear_of(drawn, pad=1)


# -- containers --------------------------------------------------------------------------------

def instances(c: Canvas, containers: list[Mapping[str, Any]], kills: list[Mapping[str, Any]],
              backoffs: list[float], yc: float,
              started: Callable[[Canvas, Mapping[str, Any], float], None]) -> None:
    """One container's instances on lane `yc`: bars from running to exit, hatched from a
    kill to the exit, a restart mark where a new instance starts, CrashLoopBackOff waits;
    `started(c, instance, end)` draws its Started band."""
    containers = sorted(containers, key=lambda x: x["running_at"])
    kill_of = {k.get("container"): k for k in kills}
    for i, inst in enumerate(containers):
        end = c.duration if inst["ended_at"] is None else inst["ended_at"]
        _instance(c, inst, kill_of.get(inst["restart_count"]), end, yc)
        if inst["started_at"] is not None:
            started(c, inst, end)
        nxt = containers[i + 1]["running_at"] if i + 1 < len(containers) else c.duration
        if inst["ended_at"] is not None and any(inst["ended_at"] <= b <= nxt for b in backoffs):
            _backoff_wait(c, inst["ended_at"], nxt, yc)
    if containers and not any(_seen(c, x) for x in containers):
        _lifespans(c, containers, yc)


def _seen(c: Canvas, inst: Mapping[str, Any]) -> bool:
    """Whether an instance shows as more than a hairline in the view."""
    end = c.duration if inst["ended_at"] is None else inst["ended_at"]
    return min(end, c.end) - max(inst["running_at"], c.start) > 3 * c.pixel


def _lifespans(c: Canvas, containers: list[Mapping[str, Any]], yc: float) -> None:
    """A container whose instances do not show (an init container done in no time, or
    one that ran outside the stretch shown): when each ran, in words."""
    said = [f"#{x['restart_count']} ran {secs(x['running_at'])}-"
            f"{'end' if x['ended_at'] is None else secs(x['ended_at'])} s"
            for x in containers[:3]]
    more = f" and {len(containers) - 3} more" if len(containers) > 3 else ""
    c.ax.annotate(", ".join(said) + more, xy=(c.start, yc), xytext=(4, 0),
                  textcoords="offset points", va="center", fontsize=7.5, color="#505050")


def _instance(c: Canvas, inst: Mapping[str, Any], kill: Mapping[str, Any] | None, end: float,
              yc: float) -> None:
    """One instance's bar, its hatched termination after a kill, its #n and restart mark."""
    if not c.shows(inst["running_at"], end):
        return
    cut = kill["at"] if kill is not None else end
    c.ax.broken_barh([(inst["running_at"], max(cut - inst["running_at"], c.pixel))],
                     (yc - BAR / 2, BAR), facecolors=CONTAINER_COLOUR, edgecolor="#606060",
                     linewidth=0.6)
    c.drawn.add("running")
    if kill is not None and end > cut and c.shows(cut, end):
        c.ax.broken_barh([(cut, max(end - cut, c.pixel))], (yc - BAR / 2, BAR),
                         facecolors="white", edgecolor="#606060", hatch="////", linewidth=0.6)
        c.drawn.add("terminating")
    left = max(inst["running_at"], c.start)
    if min(end, c.end) - left > c.span / 40:
        c.ax.text(left + c.span / 250, yc, f"#{inst['restart_count']}", va="center",
                  ha="left", fontsize=8, clip_on=True)
    if inst["restart_count"] > 0 and c.shows(inst["running_at"]):
        c.ax.scatter([inst["running_at"]], [yc + BAR / 2], marker="^", s=38, c=RESTART_COLOUR,
                     edgecolors="white", linewidths=0.4, zorder=6)
        c.drawn.add("restart")


def _backoff_wait(c: Canvas, start: float, end: float, yc: float) -> None:
    """A CrashLoopBackOff wait between an exit and the next instance, named if wide."""
    if not c.shows(start, end):
        return
    c.ax.broken_barh([(start, end - start)], (yc - BAR / 2, BAR), facecolors="white",
                     edgecolor=BACKOFF_COLOUR, hatch="xx", linewidth=0.6)
    c.drawn.add("backoff")
    lo, hi = max(start, c.start), min(end, c.end)
    if hi - lo > c.span / 25:
        c.ax.text((lo + hi) / 2, yc, "back-off", ha="center", va="center", fontsize=7.5,
                  color="#8C3A00", clip_on=True,
                  bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})


# -- Started, Ready and the pod's phase --------------------------------------------------------

def spans(changes: list[Mapping[str, Any]], duration: float) -> list[tuple[float, float]]:
    """(start, length) of each stretch where `changes` say ready."""
    since = None
    out = []
    for change in changes:
        if change["ready"] and since is None:
            since = change["at"]
        elif not change["ready"] and since is not None:
            out.append((since, change["at"] - since))
            since = None
    if since is not None:
        out.append((since, duration - since))
    return out


def ready_band(c: Canvas, changes: list[Mapping[str, Any]], y0: float, height: float,
               gaps: bool = False, mark: str = "ready") -> None:
    """Bands where `changes` say Ready, from `y0` `height` high; with `gaps`, each stretch
    NOT Ready after having been Ready shaded and labelled with its length."""
    bands = [(s, max(n, c.pixel)) for s, n in spans(changes, c.duration) if c.shows(s, s + n)]
    if bands:
        c.ax.broken_barh(bands, (y0, height), facecolors=READY_COLOUR, linewidth=0)
        c.drawn.add(mark)
    if gaps:
        runs = spans(changes, c.duration)
        for i, (s, n) in enumerate(runs):  # a gap runs to the next Ready, or the end
            nxt = runs[i + 1][0] if i + 1 < len(runs) else c.duration
            if nxt > s + n:
                _not_ready(c, s + n, nxt, y0, height)


def _not_ready(c: Canvas, start: float, end: float, y0: float, height: float) -> None:
    """A stretch NOT Ready after Ready: an outlined gap, its length written in it where
    that fits."""
    if not c.shows(start, end):
        return
    c.ax.broken_barh([(start, max(end - start, c.pixel))], (y0, height),
                     facecolors=NOT_READY_FILL, edgecolor=NOT_READY_COLOUR, linewidth=0.9)
    c.drawn.add("not_ready")
    lo, hi = max(start, c.start), min(end, c.end)
    for text in (f"NOT Ready {secs(end - start)} s", f"{secs(end - start)} s"):
        if c.seconds_wide(text, 7.5) * 1.1 < hi - lo:
            c.ax.text((lo + hi) / 2, y0 + height / 2, text, ha="center", va="center",
                      fontsize=7.5, color=NOT_READY_COLOUR, clip_on=True)
            return


def phase_changes(c: Canvas, changes: list[Mapping[str, Any]], yp: float) -> None:
    """The pod's phase after Pending: a tick and its name on the pod lane."""
    for change in changes[1:]:
        if not c.shows(change["at"]):
            continue
        c.ax.annotate(change["phase"], xy=(change["at"], yp), xytext=(2, 7),
                      textcoords="offset points", fontsize=7, color="#404040", zorder=4)
        c.ax.plot([change["at"], change["at"]], [yp - BAR / 2, yp + BAR / 2], color="#404040",
                  linewidth=0.8, zorder=4)
        c.drawn.add("phase")


# -- probes ------------------------------------------------------------------------------------

def reason(detail: str) -> str:
    """A few words for a failure's detail text."""
    if m := re.search(r"statuscode: (\d+)", detail):
        return f"HTTP {m.group(1)}"
    if "deadline exceeded" in detail or "timed out" in detail:
        return "timeout"
    for word in ("refused", "reset"):
        if f"connection {word}" in detail:
            return word
    if m := re.search(r"exited with (\d+)", detail):
        return f"exit {m.group(1)}"
    if m := re.search(r'responded with "([^"]+)"', detail):
        return m.group(1)
    return detail[:24]


def probe_lane(c: Canvas, calls: list[Mapping[str, Any]], lane: float) -> None:
    """Probe results on one lane: marks, visible latencies, the first failure reason of each
    kind in view."""
    shown = [p for p in calls if c.shows(p["at"], p["at"] + p["latency"])]
    if calls and not shown:  # a startup probe done before the stretch shown
        first, last = min(p["at"] for p in calls), max(p["at"] for p in calls)
        when = f"at {secs(first)} s" if len(calls) == 1 else f"at {secs(first)}-{secs(last)} s"
        c.ax.annotate(f"{len(calls)} call{'s' * (len(calls) != 1)} {when}, out of view",
                      xy=(c.start, lane), xytext=(4, 0), textcoords="offset points",
                      va="center", fontsize=7.5, color="#505050")
    calls = shown
    _latencies(c, calls, lane)
    _results(c, calls, lane)
    told: set[str] = set()
    for p in calls:
        if p["result"] in ("failure", "error") and c.shows(p["at"]):
            why = reason(p.get("detail", ""))
            if why not in told:
                told.add(why)
                _failure_label(c, why + (f" after {p['latency']:g} s" if why == "timeout"
                                         else ""), p, lane)


def _latencies(c: Canvas, calls: list[Mapping[str, Any]], lane: float) -> None:
    for p in calls:
        if p["latency"] >= 3 * c.pixel:
            c.ax.plot([p["at"], p["at"] + p["latency"]], [lane, lane],
                      color=MARKS[p["result"]]["color"], linewidth=2.5, alpha=0.6,
                      solid_capstyle="butt", zorder=2)
            c.drawn.add("latency")


def _results(c: Canvas, calls: list[Mapping[str, Any]], lane: float) -> None:
    """A mark per call at its start, by result (colour and shape)."""
    dense = len(calls) > 200  # marks closer than ~4 px: smaller successes, no outlines
    for result in RESULTS:
        xs = [p["at"] for p in calls if p["result"] == result and c.shows(p["at"])]
        if xs:
            m = MARKS[result]
            size = m["s"] / 3 if dense and result == "success" else m["s"]
            c.ax.scatter(xs, [lane] * len(xs), c=m["color"], marker=m["marker"], s=size,
                         linewidths=0 if dense else 0.3, edgecolors="white", zorder=3)
            c.drawn.add(result)


def _failure_label(c: Canvas, text: str, p: Mapping[str, Any], lane: float) -> None:
    """A failure reason where it overlaps no other label; left out when both rows are taken
    there (the legend still names the mark)."""
    near_left = p["at"] < c.start + c.span / 30
    for dy in LABEL_ROWS:
        label = c.ax.annotate(text, xy=(p["at"], lane), xytext=(0, dy),
                              textcoords="offset points", ha="left" if near_left else "center",
                              va="bottom", fontsize=7.5, color=MARKS[p["result"]]["color"],
                              fontweight="bold", zorder=4)
        if c.clear_of(label):
            return


# -- kills and stops ---------------------------------------------------------------------------

def kill_lines(c: Canvas, kills: list[Mapping[str, Any]], top: Callable[[Any], float],
               bottom: Callable[[Any], float]) -> None:
    """Kills: a dashed line at the decision from `top(kill)` (the container's lane) to
    `bottom(kill)` (the probe's), named by the probe; a tick at the SIGTERM."""
    last_label = -math.inf
    for k in sorted(kills, key=lambda k: k["at"]):
        pre_stop_bar(c, k, top(k))
        if k.get("sigterm_at") is not None and c.shows(k["sigterm_at"]):
            c.ax.scatter([k["sigterm_at"]], [top(k) + 0.25], marker="|", s=120,
                         c=DELETE_COLOUR, zorder=6)
            c.drawn.add("sigterm")
        if not c.shows(k["at"]):
            continue
        lo, hi = top(k), bottom(k)
        c.ax.plot([k["at"], k["at"]], [lo, hi], color=KILL_COLOUR, linewidth=1.2,
                  linestyle=(0, (4, 2)), zorder=5)
        c.ax.scatter([k["at"]], [lo], marker="v", s=45, c=KILL_COLOUR, zorder=6, clip_on=False)
        c.drawn.add("kill")
        if k["at"] - last_label > c.span / 14:  # keep labels apart; the legend names kills
            c.ax.annotate(f"{k['probe']} kill", xy=(k["at"], lo), xytext=(3, 3),
                          textcoords="offset points", ha="left", va="bottom", fontsize=7.5,
                          fontweight="bold", annotation_clip=False)
            last_label = k["at"]


def pre_stop_bar(c: Canvas, s: Mapping[str, Any], yc: float) -> None:
    """A preStop hook (a kill's or a stop's) as a thin bar on the lane at `yc` (R4.5)."""
    start, end = s.get("pre_stop_start"), s.get("pre_stop_end")
    if start is not None and c.shows(start, c.duration if end is None else end):
        stop = end if end is not None else c.duration
        c.ax.broken_barh([(start, max(stop - start, c.pixel))], (yc - BAR / 4, BAR / 2),
                         facecolors=PRE_STOP_COLOUR, linewidth=0, zorder=4)
        c.drawn.add("prestop")


def post_start_bars(c: Canvas, hooks: list[Mapping[str, Any]],
                    lane_of: Callable[[Mapping[str, Any]], float | None]) -> None:
    """Each postStart hook's run as a thin bar under its container's lane (R4.40); a failed
    one's kill is drawn with the stops."""
    for h in hooks:
        yc = lane_of(h)
        start, end = h.get("started_at"), h.get("ended_at")
        if yc is None or start is None or not c.shows(start, c.duration if end is None
                                                      else end):
            continue
        stop = end if end is not None else c.duration
        c.ax.broken_barh([(start, max(stop - start, c.pixel))], (yc + BAR / 4, BAR / 4),
                         facecolors=POST_START_COLOUR, linewidth=0, zorder=4)
        c.drawn.add("poststart")


def stops(c: Canvas, stopped: list[Mapping[str, Any]],
          lane_of: Callable[[Mapping[str, Any]], float | None]) -> None:
    """How containers stopped (a deletion, a whole-pod kill): preStop hook, SIGTERM (a tick),
    SIGKILL (a cross), on the lane `lane_of(stop)`."""
    for s in stopped:
        yc = lane_of(s)
        if yc is None:
            continue
        pre_stop_bar(c, s, yc)
        if s.get("sigterm_at") is not None and c.shows(s["sigterm_at"]):
            c.ax.scatter([s["sigterm_at"]], [yc], marker="|", s=120, c=DELETE_COLOUR, zorder=6)
            c.drawn.add("sigterm")
        if s.get("sigkill") and s.get("stopped_at") is not None and c.shows(s["stopped_at"]):
            c.ax.scatter([s["stopped_at"]], [yc], marker="x", s=40, c=DELETE_COLOUR, zorder=6)
            c.drawn.add("sigkill")


def deletion_line(c: Canvas, term: Mapping[str, Any]) -> None:
    """The API deletion, across every lane, with its grace period."""
    at = term["requested_at"]
    if not c.shows(at):
        return
    c.ax.axvline(at, color=DELETE_COLOUR, linewidth=1.4, zorder=5)
    c.ax.annotate(f"deleted (grace {term['grace_seconds']} s)", xy=(at, 1.0),
                  xycoords=("data", "axes fraction"), xytext=(3, -10),
                  textcoords="offset points", fontsize=7.5, color=DELETE_COLOUR,
                  annotation_clip=False)
    c.drawn.add("deleted")
