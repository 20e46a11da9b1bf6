"""The timeline of one run as a picture (PNG), drawn from the run's JSON document.

Both `kubesim run --plot FILE.png` and `kubesim plot RESULT.json -o FILE.png` draw from the
same document (`report.to_document`), so a saved JSON result gives the very same picture, byte
for byte. matplotlib is an optional extra (`pip install 'kubesim[plot]'`), imported only when a
picture is drawn: kubesim itself imports and runs without it.

The picture has one lane per container fact and per probe type, time in seconds on x:

* `container`: each instance (`#0`, `#1` ...) as a bar from running to exit; the stretch from a
  kill to the exit (SIGTERM, grace period) hatched; CrashLoopBackOff waits hatched in the gap;
* `Started`, `Ready`: bands where the container counts as Started and the pod as Ready;
* one lane per probe type: a mark per probe call at its start (success, warning = HTTP 3xx,
  failure, error = discarded prober error; distinct by colour and shape), a line for its latency
  when that is visible at the scale, and the reason of the first failure of each kind;
* kills: a vertical line at the kill decision, named by the probe that failed;
* the app's outages and stalls (`run.windows` in the document; `Behaviour.windows`) shaded
  across all lanes.

Determinism: a fixed size and dpi, matplotlib's default style whatever the user's rc, the Agg
canvas (no pyplot, no global backend change) and no `Software` key in the PNG.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.errors import UsageError
from kubesim.files import STDIN, check_output_path, load_json, read_text, write_output

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from kubesim.behaviour.answer import Behaviour, Window
    from kubesim.spec.model import ProbedContainer

__all__ = ["DPI", "FIGSIZE", "INSTALL_HINT", "MatplotlibMissing", "check_document", "check_output",
           "default_style", "figure", "load_document", "plot_meta", "render_png",
           "require_matplotlib", "save_png"]

FIGSIZE = (12.0, 6.0)  # inches
DPI = 100  # -> 1200 x 600 pixels
INSTALL_HINT = "pip install 'kubesim[plot]'"

PROBE_TYPES = ("startup", "liveness", "readiness")
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
OUTAGE_COLOUR = "#D55E00"
STALL_COLOUR = "#CC79A7"
KILL_COLOUR = "#000000"


class MatplotlibMissing(UsageError):
    """A picture was asked for, but matplotlib (the `plot` extra) is not installed."""


# -- what cmd_run adds to the document ---------------------------------------------------------

def plot_meta(pod: ProbedContainer, behaviour: Behaviour, duration: float) -> dict[str, Any]:
    """Extra `run` fields that make the document self-contained for a picture:
    `probe_specs` (per declared probe: target and settings, Kubernetes names) and `windows`
    (the behaviour's outages and stalls up to `duration`: `{start, end, label}`)."""
    keep = _probed(pod, behaviour)
    windows = [{"start": round(w.start, 6), "end": round(w.end, 6), "label": w.label}
               for w in behaviour.windows(duration) if math.isfinite(w.end) and keep(w)]
    meta: dict[str, Any] = {"probe_specs": _specs(pod.container), "windows": windows}
    if len(pod.containers) > 1:  # a lane group per container: each one's probes
        meta["container_probe_specs"] = {c.name: _specs(c) for c in pod.containers
                                         if not c.init}
    return meta


def _specs(container: Any) -> dict[str, Any]:
    """Per declared probe of `container`: its target and settings (Kubernetes names)."""
    specs = {}
    for probe_type, probe in container.probes().items():
        specs[probe_type.value] = {
            "target": container.target(probe_type).key,
            "initialDelaySeconds": probe.initial_delay_seconds,
            "periodSeconds": probe.period_seconds,
            "timeoutSeconds": probe.timeout_seconds,
            "successThreshold": probe.success_threshold,
            "failureThreshold": probe.failure_threshold,
        }
    return specs


def _probed(pod: ProbedContainer, behaviour: Behaviour) -> Any:
    """Whether a window touches what this container's probes ask: an outage of a target no
    probe asks, of a dependency no probed target depends on, or a stall of handler kinds no
    probe uses is not shaded (it changes nothing in the picture)."""
    from kubesim.behaviour.scenario import Scenario
    from kubesim.behaviour.trace import Trace

    targets = [pod.container.target(t) for t in pod.container.probes()]
    keys = {t.key for t in targets}
    if isinstance(behaviour, Trace):
        recorded = set(behaviour.targets)
        return lambda w: not (w.label.endswith(" failing")
                              and w.label.removesuffix(" failing") in recorded
                              and w.label.removesuffix(" failing") not in keys)
    if not isinstance(behaviour, Scenario):
        return lambda w: True
    listed = set(behaviour.targets)
    deps = {d for k in keys for d in behaviour.target_spec(k).depends_on}
    kinds = {t.kind.value for t in targets}
    stalls = [(st.interval(0.0)[0], bool(kinds & set(st.kinds))) for st in behaviour.stalls]
    own = {k: k in keys or (k == "*" and bool(keys - listed)) for k in listed}

    def keep(w: Window) -> bool:
        label = w.label
        if label in ("stall", "stall (since start)"):  # a stall that starts there, affecting
            return any(hit for start, hit in stalls if start == w.start)  # a probed kind
        name = label.removesuffix(" down")
        if name != label and name in behaviour.dependencies:
            return name in deps
        key = next((k for k in sorted(listed, key=len, reverse=True)
                    if label.startswith(f"{k}: ")), None)
        return own.get(key, True) if key is not None else True

    return keep


# -- reading and checking a saved document -----------------------------------------------------

def load_document(path: str) -> dict[str, Any]:
    """Read and check a `kubesim run --format json` document (`-`: stdin)."""
    text, source = read_text(path, UsageError)
    doc = load_json(text, source, UsageError,
                    hint=" (expected the output of kubesim run --format json)")
    return check_document(doc, source=source)


def _num(x: Any) -> bool:
    """A finite number within the times a run can have (seconds, at most 1e12)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) <= 1e12


_FIELDS: dict[str, dict[str, str]] = {  # list -> item field -> kind
    "probes": {"at": "num", "probe": "probe", "result": "result", "latency": "num"},
    "containers": {"restart_count": "int", "running_at": "num", "started_at": "num?",
                   "ended_at": "num?"},
    "ready": {"at": "num", "ready": "bool"},
    "kills": {"at": "num", "probe": "probe", "stopped_at": "num?"},
    "events": {"at": "num", "reason": "str"},
    "restarts": {"probe": "str"},
}
_OPTIONAL: dict[str, dict[str, str]] = {  # list -> item field that may be absent -> kind
    "probes": {"detail": "str", "container": "int", "name": "str"},
    "kills": {"container": "int?", "sigterm_at": "num?", "name": "str"},
    "containers": {"name": "str"},
    "events": {"name": "str"},
}
_POD_LISTS: dict[str, dict[str, str]] = {  # lists a document may lack (older documents)
    "container_ready": {"at": "num", "name": "str", "ready": "bool"},
    "pod_phase": {"at": "num", "phase": "str"},
    "pod_kills": {"at": "num"},
}
_SUMMARY = {"ready_seconds": "num?", "first_ready_at": "num?"}


def _check(value: Any, kind: str) -> str | None:
    """None if `value` is of `kind`, else what it must be."""
    if kind.endswith("?"):
        return None if value is None else _check(value, kind[:-1])
    ok = {"num": _num(value), "int": isinstance(value, int) and not isinstance(value, bool),
          "bool": isinstance(value, bool), "str": isinstance(value, str),
          "probe": value in PROBE_TYPES, "result": value in RESULTS}[kind]
    if ok:
        return None
    return {"num": "must be a finite number (at most 1e12)", "int": "must be an integer",
            "bool": "must be true or false", "str": "must be a string",
            "probe": f"must be one of {', '.join(PROBE_TYPES)}",
            "result": f"must be one of {', '.join(RESULTS)}"}[kind]


def _check_fields(obj: dict[str, Any], fields: dict[str, str], where: str, bad: Any) -> None:
    """Each field of `fields` in `obj` is of its kind (an absent flag is false, any other
    absent field null); `bad(where.key, problem)` for the first that is not."""
    for key, kind in fields.items():
        problem = _check(obj.get(key, False if kind == "bool" else None), kind)
        if problem:
            raise bad(f"{where}.{key}", problem)


def check_document(doc: Any, *, source: str | None = None) -> dict[str, Any]:
    """`doc` if it is a kubesim run document a picture can be drawn from; UsageError naming
    the first offending field otherwise."""
    def bad(where: str, what: str) -> UsageError:
        return UsageError(f"{where}: {what} (expected the output of kubesim run --format json)",
                          source=source)

    if not isinstance(doc, dict):
        raise bad("document", "must be a JSON object")
    if doc.get("kubesim") != 1:
        raise bad("kubesim", f"schema version {doc.get('kubesim')!r} is not 1")
    run = doc.get("run")
    if not isinstance(run, dict):
        raise bad("run", "missing or not an object")
    if not _num(run.get("duration")) or not 0 < run["duration"] <= 1e9:
        raise bad("run.duration", "must be a number of seconds > 0, at most 1e9")
    for name, fields in _FIELDS.items():
        items = doc.get(name)
        if not isinstance(items, list):
            raise bad(name, "missing or not a list")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise bad(f"{name}[{i}]", "must be an object")
            for key, kind in fields.items():
                if key not in item:
                    raise bad(f"{name}[{i}].{key}", "required field is missing")
                problem = _check(item[key], kind)
                if problem:
                    raise bad(f"{name}[{i}].{key}", problem)
            for key, kind in _OPTIONAL.get(name, {}).items():
                problem = _check(item[key], kind) if key in item else None
                if problem:
                    raise bad(f"{name}[{i}].{key}", problem)
    for name, fields in _POD_LISTS.items():
        items = doc.get(name, [])
        if not isinstance(items, list):
            raise bad(name, "must be a list")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise bad(f"{name}[{i}]", "must be an object")
            _check_fields(item, fields, f"{name}[{i}]", bad)
            if name == "pod_kills":
                _check_stops(item.get("containers") or [], f"{name}[{i}].containers", bad)
    names = run.get("pod_containers", [])
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        raise bad("run.pod_containers", "must be a list of container names")
    by_name = run.get("container_probe_specs", {})
    if not (isinstance(by_name, dict) and all(
            isinstance(v, dict) and all(k in PROBE_TYPES and isinstance(x, dict)
                                        for k, x in v.items()) for v in by_name.values())):
        raise bad("run.container_probe_specs", "must map container names to probe specs")
    summary = doc.get("summary", {})
    if not isinstance(summary, dict):
        raise bad("summary", "must be an object")
    _check_fields(summary, _SUMMARY, "summary", bad)
    phases = doc.get("phases")
    if phases is not None and not isinstance(phases, dict):
        raise bad("phases", "must be an object or null")
    windows = run.get("windows", [])
    if not isinstance(windows, list):
        raise bad("run.windows", "must be a list")
    for i, w in enumerate(windows):
        if not (isinstance(w, dict) and _num(w.get("start")) and _num(w.get("end"))
                and isinstance(w.get("label"), str)):
            raise bad(f"run.windows[{i}]", "must be {start: number, end: number, label: string}")
    specs = run.get("probe_specs", {})
    if not isinstance(specs, dict) or not all(k in PROBE_TYPES and isinstance(v, dict)
                                              for k, v in specs.items()):
        raise bad("run.probe_specs", "must map probe types to objects")
    _check_termination(doc.get("termination"), bad)
    return doc


_TERMINATION = {"requested_at": "num", "grace_seconds": "num"}
_TERMINATING = {"pre_stop_start": "num?", "pre_stop_end": "num?", "sigterm_at": "num?",
                "stopped_at": "num?", "sigkill": "bool"}


def _check_termination(term: Any, bad: Any) -> None:
    """The pod deletion block (`termination`): null, or the fields the picture draws."""
    if term is None:
        return
    if not isinstance(term, dict):
        raise bad("termination", "must be an object or null")
    _check_fields(term, _TERMINATION, "termination", bad)
    _check_stops(term.get("containers") or [], "termination.containers", bad)


def _check_stops(containers: Any, where: str, bad: Any) -> None:
    """How containers stopped (a termination's or a whole-pod kill's)."""
    if not isinstance(containers, list):
        raise bad(where, "must be a list")
    for i, c in enumerate(containers):
        if not isinstance(c, dict):
            raise bad(f"{where}[{i}]", "must be an object")
        _check_fields(c, {**_TERMINATING, "name": "str?"}, f"{where}[{i}]", bad)


# -- drawing -----------------------------------------------------------------------------------

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


def _reason(detail: str) -> str:
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


def _merged_windows(windows: list[dict[str, Any]]) -> list[tuple[float, float, str, str]]:
    """(start, end, label, kind): overlapping windows of one kind merged into one, their
    labels joined (a recording's targets fail together during one outage)."""
    out: list[tuple[float, float, list[str], str]] = []
    for w in sorted(windows, key=lambda w: (w["start"], w["end"], w["label"])):
        kind = _kind([w["label"]])
        for i, (s, e, labels, k) in enumerate(out):
            if k == kind and w["start"] <= e and w["end"] >= s:
                out[i] = (s, max(e, w["end"]), labels + [w["label"]] * (w["label"] not in labels),
                          k)
                break
        else:
            out.append((w["start"], w["end"], [w["label"]], kind))
    return [(s, e, ", ".join(labels), k) for s, e, labels, k in out]


def _secs(x: float) -> str:
    """Seconds for a label: at most one decimal."""
    return f"{x:.1f}".removesuffix(".0")


def _kind(labels: list[str]) -> str:
    """stall (a scenario's stalls), recorded (a trace's failing stretches), or outage."""
    if any("stall" in lb for lb in labels):
        return "stall"
    return "recorded" if all(lb.endswith(" failing") for lb in labels) else "outage"


def _lane_label(probe_type: str, spec: Mapping[str, Any] | None) -> str:
    if not spec:
        return probe_type
    delay = spec.get("initialDelaySeconds") or 0
    lines = [f"{probe_type} {spec.get('target', '')}",
             f"every {spec.get('periodSeconds')} s, timeout {spec.get('timeoutSeconds')} s",
             f"fail x{spec.get('failureThreshold')}"
             + (f", succeed x{spec['successThreshold']}" if spec.get("successThreshold", 1) != 1
                else "")
             + (f", delay {delay} s" if delay else "")]
    return "\n".join(lines)


def _title(doc: Mapping[str, Any]) -> tuple[str, str]:
    run, s = doc["run"], doc.get("summary", {})
    behaviour = run.get("behaviour", "?")
    head = f"{run.get('object', run.get('spec', 'pod'))}  |  behaviour: {behaviour}"
    restarts = doc["restarts"] if isinstance(doc.get("restarts"), list) else []
    by = sorted({r.get("probe", "?") for r in restarts if isinstance(r, dict)})
    parts = [f"{len(restarts)} restart{'s' * (len(restarts) != 1)}"
             + (f" ({', '.join(by)})" if by else "")]
    duration = run["duration"]
    ready = s.get("ready_seconds")
    if _num(ready):
        parts.append(f"Ready {ready:.1f} of {duration:g} s ({100 * ready / duration:.0f}%)")
    first = s.get("first_ready_at")
    parts.append("never Ready" if first is None else f"first Ready {first:.2f} s")
    phases = doc.get("phases")
    if isinstance(phases, dict) and isinstance(phases.get("restarts"), list):
        n = len(phases["restarts"])
        k = sum(1 for r in phases["restarts"] if r)
        parts.append(f"restarted at {k} of {n} grid phases")
    phase = run.get("phase")
    setup = f"profile {run.get('profile', '?')}, seed {run.get('seed', '?')}" + (
        f", grid phase {phase:.3f} s" if _num(phase) else "")
    return head, "  |  ".join(parts) + "\n" + setup


def figure(doc: Mapping[str, Any]) -> Figure:
    """The timeline picture of a run document, as a matplotlib Figure (not shown anywhere).
    In a notebook, `IPython.display.Image(render_png(doc))` shows exactly the saved PNG."""
    check_document(doc)
    with default_style():
        return _draw(doc)


def render_png(doc: Mapping[str, Any]) -> bytes:
    """The picture as PNG bytes: FIGSIZE at DPI, the same bytes for the same document."""
    check_document(doc)
    buf = io.BytesIO()
    with default_style():
        fig = _draw(doc)
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


# a failure reason goes above its mark, else below it; never over another reason of its lane
LABEL_ROWS = (9, -17)  # points from the mark


def _failure_label(ax: Axes, placed: list[Any], text: str, p: Mapping[str, Any], lane: float,
                   duration: float) -> None:
    """Annotate a failure reason where it overlaps no other label in `placed` (their drawn
    boxes); left out when both rows are taken there (the legend still names the mark)."""
    renderer = ax.figure.canvas.get_renderer()
    near_left = p["at"] < duration / 30
    for dy in LABEL_ROWS:
        label = ax.annotate(text, xy=(p["at"], lane), xytext=(-4 if near_left else 0, dy),
                            textcoords="offset points", ha="left" if near_left else "center",
                            va="bottom", fontsize=7.5, color=MARKS[p["result"]]["color"],
                            fontweight="bold", zorder=4)
        box = label.get_window_extent(renderer).padded(2)
        if not any(box.overlaps(other) for other in placed):
            placed.append(box)
            return
        label.remove()


DELETE_COLOUR = "#6A1B9A"
PRE_STOP_COLOUR = "#CE93D8"


def _termination(ax: Axes, term: Mapping[str, Any], y: dict[str, int], h: float,
                 duration: float, visible: float) -> None:
    """The deletion across every lane; on the container lane, each container's preStop hook,
    its SIGTERM (a tick) and its SIGKILL (a cross)."""
    _deletion_line(ax, term)
    _stops(ax, term.get("containers") or [], lambda c: y["container"], h, duration, visible)


def _deletion_line(ax: Axes, term: Mapping[str, Any]) -> None:
    """The API deletion, across every lane, with its grace period."""
    at = term["requested_at"]
    ax.axvline(at, color=DELETE_COLOUR, linewidth=1.4, zorder=5)
    ax.annotate(f"deleted (grace {term['grace_seconds']} s)", xy=(at, 1.0),
                xycoords=("data", "axes fraction"), xytext=(3, -10),
                textcoords="offset points", fontsize=7.5, color=DELETE_COLOUR,
                annotation_clip=False)


def _stops(ax: Axes, stops: list[Mapping[str, Any]], lane_of: Any, h: float, duration: float,
           visible: float) -> None:
    """How containers stopped (a deletion, a whole-pod kill): preStop hook, SIGTERM (a tick),
    SIGKILL (a cross), on the lane `lane_of(stop)`."""
    for c in stops:
        yc = lane_of(c)
        if yc is None:
            continue
        start, end = c.get("pre_stop_start"), c.get("pre_stop_end")
        if start is not None:
            stop = end if end is not None else duration
            ax.broken_barh([(start, max(stop - start, visible))], (yc - h / 4, h / 2),
                           facecolors=PRE_STOP_COLOUR, linewidth=0, zorder=4)
        if c.get("sigterm_at") is not None:
            ax.scatter([c["sigterm_at"]], [yc], marker="|", s=120, c=DELETE_COLOUR, zorder=6)
        if c.get("sigkill") and c.get("stopped_at") is not None:
            ax.scatter([c["stopped_at"]], [yc], marker="x", s=40, c=DELETE_COLOUR, zorder=6)


def _shade_windows(ax: Axes, run: Mapping[str, Any], duration: float, visible: float) -> None:
    """The app's outages and stalls, across every lane, labelled along the bottom edge."""
    free_from = -math.inf  # one label at a time along the bottom edge
    for start, end, label, kind in _merged_windows(run.get("windows", [])):
        stall = kind == "stall"
        colour = STALL_COLOUR if stall else OUTAGE_COLOUR
        ax.axvspan(start, max(end, start + visible), color=colour,
                   alpha=0.28 if stall else 0.13, linewidth=0, zorder=0)
        if start < free_from:
            continue
        parts = label.split(", ")
        if len(label) > 40 and len(parts) > 1:  # several targets failing together
            label = f"{parts[0]} +{len(parts) - 1} more"
        free_from = start + duration * (len(label) + 12) / 150  # ~ the label's width
        ax.annotate(f"{label} {_secs(start)}-{_secs(end)} s", xy=(start, 0.0),
                    xycoords=("data", "axes fraction"), xytext=(2, 3),
                    textcoords="offset points", ha="left", va="bottom", fontsize=8,
                    color="#8C3A00" if not stall else "#7A2E5C", zorder=1)


def _instances(ax: Axes, containers: list[Mapping[str, Any]], kills: list[Mapping[str, Any]],
               backoffs: list[float], yc: float, h: float, duration: float, visible: float,
               started: Any) -> None:
    """One container's instances on lane `yc`: bars from running to exit, hatched from a
    kill to the exit, CrashLoopBackOff waits; `started(c, end)` draws its Started band."""
    containers = sorted(containers, key=lambda c: c["running_at"])
    kills_by_container = {k.get("container"): k for k in kills}
    for i, c in enumerate(containers):
        end = duration if c["ended_at"] is None else c["ended_at"]
        kill = kills_by_container.get(c["restart_count"])
        cut = kill["at"] if kill is not None else end
        ax.broken_barh([(c["running_at"], max(cut - c["running_at"], visible))],
                       (yc - h / 2, h), facecolors=CONTAINER_COLOUR, edgecolor="#606060",
                       linewidth=0.6)
        if kill is not None and end > cut:
            ax.broken_barh([(cut, max(end - cut, visible))], (yc - h / 2, h),
                           facecolors="white", edgecolor="#606060", hatch="////",
                           linewidth=0.6)
        if end - c["running_at"] > duration / 40:
            ax.text(c["running_at"] + duration / 250, yc, f"#{c['restart_count']}",
                    va="center", ha="left", fontsize=8)
        if c["started_at"] is not None:
            started(c, end)
        nxt = containers[i + 1]["running_at"] if i + 1 < len(containers) else duration
        if c["ended_at"] is not None and any(c["ended_at"] <= b <= nxt for b in backoffs):
            ax.broken_barh([(c["ended_at"], nxt - c["ended_at"])], (yc - h / 2, h),
                           facecolors="white", edgecolor="#CC4400", hatch="xx",
                           linewidth=0.6)
            if nxt - c["ended_at"] > duration / 25:
                ax.text((c["ended_at"] + nxt) / 2, yc, "back-off", ha="center",
                        va="center", fontsize=7.5, color="#8C3A00",
                        bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})


def _spans(changes: list[Mapping[str, Any]], duration: float) -> list[tuple[float, float]]:
    """(start, length) of each stretch where `changes` say ready."""
    since = None
    spans = []
    for change in changes:
        if change["ready"] and since is None:
            since = change["at"]
        elif not change["ready"] and since is not None:
            spans.append((since, change["at"] - since))
            since = None
    if since is not None:
        spans.append((since, duration - since))
    return spans


def _probe_lane(ax: Axes, calls: list[Mapping[str, Any]], lane: float, duration: float,
                visible: float, placed: list[Any]) -> None:
    """Probe results on one lane: marks, visible latencies, the first failure reason of each
    kind."""
    for p in calls:
        if p["latency"] >= 3 * visible:
            ax.plot([p["at"], p["at"] + p["latency"]], [lane, lane],
                    color=MARKS[p["result"]]["color"], linewidth=2.5, alpha=0.6,
                    solid_capstyle="butt", zorder=2)
    dense = len(calls) > 200  # marks closer than ~4 px: smaller successes, no outlines
    for result in RESULTS:
        xs = [p["at"] for p in calls if p["result"] == result]
        if xs:
            m = MARKS[result]
            size = m["s"] / 3 if dense and result == "success" else m["s"]
            ax.scatter(xs, [lane] * len(xs), c=m["color"], marker=m["marker"], s=size,
                       linewidths=0 if dense else 0.3, edgecolors="white", zorder=3)
    told: set[str] = set()
    for p in calls:
        if p["result"] in ("failure", "error"):
            why = _reason(p.get("detail", ""))
            if why not in told:
                told.add(why)
                if why == "timeout":
                    why += f" after {p['latency']:g} s"
                _failure_label(ax, placed, why, p, lane, duration)


def _kill_lines(ax: Axes, kills: list[Mapping[str, Any]], top: float, lane_of: Any,
                duration: float) -> None:
    """Kills: a dashed line at the decision from the container lane to the probe's, named
    by the probe; a tick at the SIGTERM."""
    last_label = -math.inf
    for k in sorted(kills, key=lambda k: k["at"]):
        lo, hi = top(k), lane_of(k)
        ax.plot([k["at"], k["at"]], [lo, hi], color=KILL_COLOUR, linewidth=1.2,
                linestyle=(0, (4, 2)), zorder=5)
        ax.scatter([k["at"]], [lo], marker="v", s=45, c=KILL_COLOUR, zorder=6, clip_on=False)
        if k.get("sigterm_at") is not None:
            ax.scatter([k["sigterm_at"]], [lo + 0.25], marker="|", s=120, c=DELETE_COLOUR,
                       zorder=6)
        if k["at"] - last_label > duration / 14:  # keep labels apart; the legend names kills
            ax.annotate(f"{k['probe']} kill", xy=(k["at"], lo), xytext=(3, 3),
                        textcoords="offset points", ha="left", va="bottom", fontsize=7.5,
                        fontweight="bold", annotation_clip=False)
            last_label = k["at"]


def _legend(fig: Figure, doc: Mapping[str, Any], run: Mapping[str, Any], stopped: bool,
            term: Any, backoffs: list[float], ready_label: str) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    results = {p["result"] for p in doc["probes"]} | {"success", "failure"}
    windows = _merged_windows(run.get("windows", []))
    handles: list[Artist] = [Line2D([], [], linestyle="none", marker=MARKS[r]["marker"],
                      color=MARKS[r]["color"], markersize=7 if r == "failure" else 5.5,
                      label=MARKS[r]["label"]) for r in RESULTS if r in results]
    handles.append(Patch(facecolor=CONTAINER_COLOUR, edgecolor="#606060",
                         label="container running"))
    if doc["kills"]:
        handles += [Patch(facecolor="white", edgecolor="#606060", hatch="////",
                          label="killed, terminating"),
                    Line2D([], [], color=KILL_COLOUR, linestyle=(0, (4, 2)), marker="v",
                           markersize=6, label="kill (by the probe)")]
    if backoffs:
        handles.append(Patch(facecolor="white", edgecolor="#CC4400", hatch="xx",
                             label="CrashLoopBackOff wait"))
    if term:
        handles += [Line2D([], [], color=DELETE_COLOUR, linewidth=1.4, label="pod deleted"),
                    Patch(facecolor=PRE_STOP_COLOUR, label="preStop hook")]
    if term or stopped or any(k.get("sigterm_at") is not None for k in doc["kills"]):
        handles.append(Line2D([], [], color=DELETE_COLOUR, linestyle="none", marker="|",
                              markersize=9, label="SIGTERM / SIGKILL (x)"))
    handles += [Patch(facecolor=STARTED_COLOUR, label="Started"),
                Patch(facecolor=READY_COLOUR, label=ready_label)]
    kinds = {w[3] for w in windows}
    if "outage" in kinds:
        handles.append(Patch(facecolor=OUTAGE_COLOUR, alpha=0.13, label="app outage"))
    if "recorded" in kinds:
        handles.append(Patch(facecolor=OUTAGE_COLOUR, alpha=0.13,
                             label="app failing (recorded)"))
    if "stall" in kinds:
        handles.append(Patch(facecolor=STALL_COLOUR, alpha=0.28, label="app stall"))
    fig.legend(handles=handles, loc="lower center", ncol=min(len(handles), 7), fontsize=8,
               frameon=False,
               bbox_to_anchor=(0.5, 0.0), handlelength=1.6, columnspacing=1.2)


def _names(doc: Mapping[str, Any]) -> list[str]:
    """The pod's containers the document has records of, in pod order."""
    seen = [c.get("name", "") for c in doc["containers"]]
    order = doc["run"].get("pod_containers") or []
    known = [n for n in order if isinstance(n, str) and n in seen]
    return known + sorted({n for n in seen if n not in known})


def _draw(doc: Mapping[str, Any]) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if len(_names(doc)) > 1:
        return _draw_pod(doc)
    run = doc["run"]
    duration = float(run["duration"])
    specs: dict[str, Any] = run.get("probe_specs") or {}
    seen = {p["probe"] for p in doc["probes"]}
    probe_lanes = [t for t in PROBE_TYPES if t in specs or t in seen]
    lanes = ["container", "Started", "Ready", *probe_lanes]
    y = {name: i for i, name in enumerate(lanes)}
    h = 0.5  # bar height

    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    FigureCanvasAgg(fig)
    ax: Axes = fig.add_axes((0.15, 0.2, 0.83, 0.66))
    ax.set_xlim(0, duration)
    ax.set_ylim(len(lanes) - 0.5, -0.5)
    ax.set_yticks(range(len(lanes)))
    labels = ["container", "Started", "pod Ready",
              *(_lane_label(t, specs.get(t)) for t in probe_lanes)]
    ax.set_yticklabels(labels, fontsize=8.5)
    ax.set_xlabel("seconds since the first container started running")
    ax.grid(axis="x", color="#E0E0E0", linewidth=0.6)
    ax.set_axisbelow(True)
    for i in range(len(lanes) - 1):
        ax.axhline(i + 0.5, color="#D0D0D0", linewidth=0.6)
    ax.axhline(2.5, color="#808080", linewidth=0.9)  # pod state above, probes below
    visible = duration / 900  # ~1 px of the plot area

    _shade_windows(ax, run, duration, visible)
    # container instances, termination after a kill, back-off waits
    backoffs = [e["at"] for e in doc["events"] if e["reason"] == "BackOff"]

    def started(c: Mapping[str, Any], end: float) -> None:
        ax.broken_barh([(c["started_at"], max(end - c["started_at"], visible))],
                       (y["Started"] - h / 2, h), facecolors=STARTED_COLOUR, linewidth=0)

    _instances(ax, doc["containers"], doc["kills"], backoffs, y["container"], h, duration,
               visible, started)
    ax.broken_barh(_spans(doc["ready"], duration), (y["Ready"] - h / 2, h),
                   facecolors=READY_COLOUR, linewidth=0)
    placed: list[Any] = []  # the drawn boxes of failure reasons, all lanes
    for t in probe_lanes:
        _probe_lane(ax, [p for p in doc["probes"] if p["probe"] == t], y[t], duration,
                    visible, placed)
    _kill_lines(ax, doc["kills"], lambda k: y["container"] - h / 2,
                lambda k: y[k["probe"]] + 0.35 if k["probe"] in y else len(lanes) - 0.5,
                duration)
    stops = [c for k in doc.get("pod_kills") or [] for c in k.get("containers") or []]
    _stops(ax, stops, lambda c: y["container"], h, duration, visible)
    term = doc.get("termination")
    if term:  # deletion, preStop, SIGTERM, SIGKILL or exit (R1.30-R1.35, R4.5)
        _termination(ax, term, y, h, duration, visible)

    head, sub = _title(doc)
    fig.text(0.5, 0.975, head, ha="center", va="top", fontsize=11, fontweight="bold")
    fig.text(0.5, 0.935, sub, ha="center", va="top", fontsize=8.5, color="#404040")
    _legend(fig, doc, run, bool(stops), term, backoffs, "pod Ready")
    return fig


LANE_INCHES = 0.42  # a picture of a pod of several containers grows by this per lane


def _draw_pod(doc: Mapping[str, Any]) -> Figure:
    """A pod of several containers: the pod's Ready and phase on top, then per container a
    lane of its instances (Started below, its Ready above, as thin bands) and one lane per
    probe it declares."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    run = doc["run"]
    duration = float(run["duration"])
    names = _names(doc)
    by_name: dict[str, Any] = run.get("container_probe_specs") or {}
    lanes: list[tuple[str, str]] = [("", "pod")]
    for name in names:
        specs = by_name.get(name) or {}
        seen = {p["probe"] for p in doc["probes"] if p.get("name") == name}
        lanes.append((name, "container"))
        lanes += [(name, t) for t in PROBE_TYPES if t in specs or t in seen]
    y = {lane: i for i, lane in enumerate(lanes)}
    h = 0.5
    height = FIGSIZE[1] + max(0, len(lanes) - 6) * LANE_INCHES
    fig = Figure(figsize=(FIGSIZE[0], height), dpi=DPI)
    FigureCanvasAgg(fig)
    bottom, top = 1.2 / height, 0.84 / height
    ax: Axes = fig.add_axes((0.17, bottom, 0.81, 1 - bottom - top))
    ax.set_xlim(0, duration)
    ax.set_ylim(len(lanes) - 0.5, -0.5)
    ax.set_yticks(range(len(lanes)))
    labels = ["pod Ready, phase"]
    for name, kind in lanes[1:]:
        labels.append(f"container {name}" if kind == "container"
                      else _lane_label(kind, (by_name.get(name) or {}).get(kind)))
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlabel("seconds since the first container started running")
    ax.grid(axis="x", color="#E0E0E0", linewidth=0.6)
    ax.set_axisbelow(True)
    for i, (name, kind) in enumerate(lanes[1:], start=1):
        ax.axhline(i - 0.5, color="#808080" if kind == "container" else "#D0D0D0",
                   linewidth=0.9 if kind == "container" else 0.6)
    visible = duration / 900

    _shade_windows(ax, run, duration, visible)
    yp = y[("", "pod")]
    ax.broken_barh(_spans(doc["ready"], duration), (yp - h / 2, h), facecolors=READY_COLOUR,
                   linewidth=0)
    for change in (doc.get("pod_phase") or [])[1:]:
        ax.annotate(change["phase"], xy=(change["at"], yp), xytext=(2, 7),
                    textcoords="offset points", fontsize=7, color="#404040", zorder=4)
        ax.plot([change["at"], change["at"]], [yp - h / 2, yp + h / 2], color="#404040",
                linewidth=0.8, zorder=4)
    backoffs_by = {n: [e["at"] for e in doc["events"] if e["reason"] == "BackOff"
                       and e.get("name") == n] for n in names}
    placed: list[Any] = []
    for name in names:
        yc = y[(name, "container")]

        def started(c: Mapping[str, Any], end: float, yc: float = yc) -> None:
            ax.broken_barh([(c["started_at"], max(end - c["started_at"], visible))],
                           (yc + h / 2, h / 4), facecolors=STARTED_COLOUR, linewidth=0)

        _instances(ax, [c for c in doc["containers"] if c.get("name") == name],
                   [k for k in doc["kills"] if k.get("name") == name], backoffs_by[name], yc,
                   h, duration, visible, started)
        ready = [r for r in doc.get("container_ready") or [] if r.get("name") == name]
        ax.broken_barh(_spans(ready, duration), (yc - h / 2 - h / 4, h / 4),
                       facecolors=READY_COLOUR, linewidth=0)
        for t in PROBE_TYPES:
            if (name, t) in y:
                _probe_lane(ax, [p for p in doc["probes"] if p["probe"] == t
                                 and p.get("name") == name], y[(name, t)], duration,
                            visible, placed)
    _kill_lines(ax, doc["kills"], lambda k: y[(k.get("name", ""), "container")] - h / 2,
                lambda k: y.get((k.get("name", ""), k["probe"]),
                                y[(k.get("name", ""), "container")]) + 0.35, duration)
    stops = [c for k in doc.get("pod_kills") or [] for c in k.get("containers") or []]
    term = doc.get("termination")
    if term:
        _deletion_line(ax, term)
        stops += term.get("containers") or []
    _stops(ax, stops, lambda c: y.get((c.get("name", ""), "container")), h, duration, visible)
    head, sub = _title(doc)
    fig.text(0.5, 1 - 0.15 / height, head, ha="center", va="top", fontsize=11,
             fontweight="bold")
    fig.text(0.5, 1 - 0.4 / height, sub, ha="center", va="top", fontsize=8.5,
             color="#404040")
    _legend(fig, doc, run, bool(stops), term, sorted(b for v in backoffs_by.values() for b in v),
            "Ready (pod; a container's: thin band above it)")
    return fig
