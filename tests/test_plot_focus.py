"""The run picture opens on the run's interesting stretch (kubesim/render/focus.py) with the
whole run in a strip below it; its legend names every mark the picture shows, read back from
the drawn artists; no title, lane label or legend entry runs out of the picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.colors import to_hex
from matplotlib.patches import Polygon, Rectangle
from test_plot import EXAMPLES, SIZE, png_size

from kubesim import Scenario, load_scenario, load_spec, simulate, to_document
from kubesim.render import plot_marks as pm
from kubesim.render.focus import interesting_stretch
from kubesim.render.plot import _drawing, default_style, plot_meta, render_png

REPO = Path(__file__).resolve().parent.parent
UNIFIED = REPO / "probe_specs" / "seed_unified_healthz.yaml"
OUTAGE = REPO / "traces" / "seed_db_outage.scenario.yaml"
SIDECAR = REPO / "tests" / "manifests" / "pod-sidecar.yaml"


def document(spec: Path, behaviour, duration: float, *, whole_pod: bool = False, **kw) -> dict:
    pod = load_spec(str(spec))
    tl = simulate(pod, behaviour, duration=duration, seed=0, whole_pod=whole_pod, **kw)
    meta = {"behaviour": str(getattr(behaviour, "source", "") or "test"),
            **plot_meta(pod, behaviour, duration)}
    if whole_pod:
        meta["pod_containers"] = [c.name for c in pod.containers]
    return json.loads(json.dumps(to_document(tl, meta=meta)))


@pytest.fixture(scope="module")
def hour() -> dict:
    return document(UNIFIED, load_scenario(str(OUTAGE)), 3600)


def drawing(doc: dict):
    with default_style():
        return _drawing(doc)


def test_an_hour_is_drawn_on_its_outage_with_the_whole_run_below(hour) -> None:
    d = drawing(hour)
    main, strip = d.figure.axes
    stretch = interesting_stretch(hour)
    a, b = main.get_xlim()
    assert (a, b) == (stretch.start, stretch.end) and b - a < 3600 / 2
    (outage,) = hour["run"]["windows"]  # the outage, the first kill
    assert a < outage["start"] and outage["end"] < b and a < hour["kills"][0]["at"] < b
    assert strip.get_xlim() == (0.0, 3600.0)
    boxes = [p for p in strip.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert [(r.get_x(), r.get_x() + r.get_width()) for r in boxes] == [(a, b)]
    assert png_size(render_png(hour)) == SIZE  # the strip fits in the fixed size


def test_a_run_whose_story_is_most_of_it_is_drawn_whole() -> None:
    doc = document(REPO / "probe_specs" / "seed_skeleton.yaml",
                   load_scenario(str(REPO / "traces" / "seed_event_loop_stall.scenario.yaml")),
                   60, phase=0.5)
    fig = drawing(doc).figure
    assert len(fig.axes) == 1 and fig.axes[0].get_xlim() == (0.0, 60.0)


def test_the_ready_lane_says_how_long_the_pod_was_not_ready(hour) -> None:
    """The stretch NOT Ready after the first Ready is outlined and labelled with its length
    (from the document's Ready changes), and the restarts are marked one by one."""
    main = drawing(hour).figure.axes[0]
    off, on = hour["ready"][1:]
    assert not off["ready"] and on["ready"]
    texts = [t.get_text() for t in main.texts]
    assert f"NOT Ready {pm.secs(on['at'] - off['at'])} s" in texts
    restarts = [c for c in main.collections if isinstance(c, PathCollection)
                and to_hex(c.get_facecolor()[0]) == pm.RESTART_COLOUR.lower()]
    assert sum(len(c.get_offsets()) for c in restarts) == len(hour["restarts"]) == 3


# -- the legend names every mark drawn -------------------------------------------------------

PATCH_MARKS = {pm.CONTAINER_COLOUR: "running", pm.STARTED_COLOUR: "started",
               pm.READY_COLOUR: "ready", pm.NOT_READY_FILL: "not_ready",
               pm.PRE_STOP_COLOUR: "prestop", pm.POST_START_COLOUR: "poststart"}
SCATTER_MARKS = {**{m["color"]: r for r, m in pm.MARKS.items()},
                 pm.RESTART_COLOUR: "restart", pm.KILL_COLOUR: "kill"}


def _hex(colour) -> str:
    return to_hex(colour, keep_alpha=False).upper()


def marks_on(ax) -> set[str]:
    """The marks an Axes shows, read from its artists (colour, hatch, line style), not from
    what the drawing code says it drew; a purple tick or cross is SIGTERM or SIGKILL."""
    found: set[str] = set()
    for c in ax.collections:
        if not len(c.get_facecolor()) or (isinstance(c, PathCollection)
                                          and not len(c.get_offsets())):
            continue
        face = _hex(c.get_facecolor()[0])
        if isinstance(c, PathCollection):
            found.add("sigterm|sigkill" if face == pm.DELETE_COLOUR else SCATTER_MARKS[face])
        elif isinstance(c, PolyCollection):
            hatch = c.get_hatch()
            found.add({"////": "terminating", "xx": "backoff"}.get(hatch, "")
                      or PATCH_MARKS[face])
    for p in ax.patches:
        if isinstance(p, (Polygon, Rectangle)) and p.get_alpha() in (0.13, 0.28):  # windows
            found.add("stall" if _hex(p.get_facecolor()) == pm.STALL_COLOUR
                      else "outage|recorded")
    for line in ax.get_lines():
        colour, style = _hex(line.get_color()), line.get_linestyle()
        if colour == pm.KILL_COLOUR and style == "--":
            found.add("kill")
        elif colour == pm.DELETE_COLOUR:
            found.add("deleted")
        elif colour == "#404040":
            found.add("phase")
        elif line.get_alpha() == 0.6:
            found.add("latency")
    return found


def legend_keys(fig) -> set[str]:
    """The marks the legend names, by their legend text."""
    texts = {t.get_text() for legend in fig.legends for t in legend.get_texts()}
    by_text = {v: k for k, v in pm.MARK_LABELS.items()}
    keys = {by_text.get(t) for t in texts}
    if any(t.startswith("Ready (pod") for t in texts):
        keys.add("ready")
    if any(t.startswith("Started (thin") for t in texts):
        keys.add("started")
    return keys - {None}


def _pod_docs() -> dict[str, dict]:
    job = Scenario.from_dict({"exit": {"after_seconds": 30, "code": 0, "container": "app"}})
    stall = Scenario.from_dict({"stalls": [{"from": 1200, "to": 1260}]})
    deleted = Scenario.from_dict({"delete": {"at": 40, "grace_seconds": 20},
                                  "shutdown_seconds": 25})
    hook = Scenario.from_dict({"targets": {"exec:pilot-agent wait": {
        "answer": {"exit_code": 1, "latency_ms": 2000}}}})
    return {"sidecar-job": document(SIDECAR, job, 60, whole_pod=True),
            "sidecar-stall-hour": document(SIDECAR, stall, 3600, whole_pod=True),
            "deleted-sigkill": document(REPO / "examples" / "seed-app" / "deployment.yaml",
                                        deleted, 80),
            "failed-post-start": document(  # R4.41: the hook, then the kill's SIGTERM
                REPO / "tests" / "data" / "real" / "istio_hello.proxyHoldsApplication.yaml",
                hook, 60, whole_pod=True)}


def _check_legend(doc: dict) -> set[str]:
    d = drawing(doc)
    shown = set().union(*(marks_on(ax) for ax in d.figure.axes))
    named = legend_keys(d.figure)
    assert named == set(d.named) == set(d.drawn)
    for mark in shown:  # "a|b": a mark the artists cannot tell apart (same colour)
        assert set(mark.split("|")) & named, (mark, sorted(named))
    either = {m for mark in shown for m in mark.split("|")}
    assert named <= either, (sorted(named - either), sorted(shown))  # nothing named not shown
    return named


@pytest.mark.parametrize("argv", [a for _, a in EXAMPLES], ids=[i for i, _ in EXAMPLES])
def test_the_legend_names_every_mark_of_each_shipped_example(capsys, monkeypatch, argv) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "run", *argv, "--format", "json")
    assert code == 0, err
    _check_legend(json.loads(out))


def _documented() -> list[list[str]]:
    """The commands that regenerate the seed cases' pictures (docs/seed-cases.md; their
    arguments after `run`)."""
    page = (REPO / "docs" / "seed-cases.md").read_text()
    section = page[page.index("## The pictures"):page.index("## Notebooks")]
    return [line.split()[2:line.split().index("--plot")] for line in section.splitlines()
            if line.startswith("kubesim run ") and "--plot docs/" in line]


@pytest.mark.parametrize("argv", _documented(), ids=lambda a: Path(a[0]).stem + "+" + a[2])
def test_the_legend_names_every_mark_of_each_documented_picture(capsys, monkeypatch,
                                                                argv) -> None:
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "run", *argv, "--format", "json")
    assert code == 0, err
    _check_legend(json.loads(out))


@pytest.mark.parametrize("case", ["sidecar-job", "sidecar-stall-hour", "deleted-sigkill",
                                  "failed-post-start"])
def test_the_legend_names_every_mark_of_a_pod(case) -> None:
    named = _check_legend(_pod_docs()[case])
    if case == "deleted-sigkill":  # the grace period ran out (shutdown 25 s > grace 20 s)
        assert {"deleted", "sigterm", "sigkill"} <= named
    if case == "failed-post-start":
        assert {"poststart", "sigterm", "backoff"} <= named


def test_the_hours_legend_names_kills_restarts_sigterm_ready_changes_and_the_outage(hour):
    named = _check_legend(hour)
    assert {"kill", "restart", "sigterm", "terminating", "not_ready", "outage", "success",
            "failure", "running", "started", "ready"} <= named


# -- nothing runs out of the picture ---------------------------------------------------------

def test_titles_lane_labels_and_the_legend_stay_inside_the_picture(tmp_path) -> None:
    """A long object name, a long behaviour path and long probe targets: the title lines are
    made to fit (smaller, or cut in the middle), lane labels get the room they need."""
    long_dir = tmp_path / ("a-directory-with-a-rather-long-name-" * 3)
    long_dir.mkdir()
    scenario = long_dir / "an-outage-of-the-payment-database-in-the-afternoon.scenario.yaml"
    scenario.write_text("dependencies:\n  db: {down: [{from: 600, to: 700}]}\n"
                        "targets:\n  /app-health/payments-api-with-a-long-name/readyz:\n"
                        "    depends_on: [db]\n")
    spec = tmp_path / "spec.yaml"
    spec.write_text(
        "name: payments-api-with-a-long-name-for-its-container\n"
        "ports: [{name: http, containerPort: 8000}]\n"
        "livenessProbe: {httpGet: {path: /app-health/payments-api-with-a-long-name/livez, "
        "port: http}}\n"
        "readinessProbe: {httpGet: {path: /app-health/payments-api-with-a-long-name/readyz, "
        "port: http}, periodSeconds: 5}\n")
    behaviour = load_scenario(str(scenario))
    doc = document(spec, behaviour, 3600)
    doc["run"]["object"] = "Deployment/" + "payments-" * 12 + " container payments"
    doc["run"]["behaviour"] = str(scenario)
    fig = drawing(doc).figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    texts = [*fig.texts, *(t for legend in fig.legends for t in legend.get_texts()),
             *(t for ax in fig.axes for t in ax.get_yticklabels()),
             *(t for ax in fig.axes for x, t in zip(ax.get_xticks(), ax.get_xticklabels(), strict=True)
               if ax.get_xlim()[0] <= x <= ax.get_xlim()[1]),  # the ticks drawn
             *(ax.xaxis.label for ax in fig.axes)]
    assert len(fig.texts) == 3  # the title, the outcome, the setup
    for t in texts:
        if not t.get_text():
            continue
        box = t.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height, \
            (t.get_text(), box)
    assert "…" in fig.texts[0].get_text() or fig.texts[0].get_fontsize() < 11
