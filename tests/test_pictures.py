"""The fleet picture and the sweep picture say what they show (issue 21 item 9): a legend for
every mark the fleet's lanes use, its outages, rollouts and drains shaded and labelled; the
sweep heatmap's title whole inside the picture, a value in every cell, the colour bar named in
words. Each test draws the figure of a real run's JSON document and reads the drawn text back
(rendered, so that what is cut off by the canvas shows)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

from kubesim import load_scenario, load_spec
from kubesim.render.fleet_plot import fleet_figure
from kubesim.render.plot import plot_meta
from kubesim.render.sweep_plot import sweep_figure

pytest.importorskip("matplotlib")

REPO = Path(__file__).resolve().parent.parent
UNIFIED = str(REPO / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
BROKER = str(REPO / "examples" / "broker" / "statefulset.yaml")
WARMUP = str(REPO / "examples" / "broker" / "warmup.scenario.yaml")


def _texts(fig) -> list:
    """Every piece of text drawn (titles, labels, ticks, legends, annotations), on the Agg
    canvas the PNG is written with."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.canvas.draw()
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def _words(fig) -> list[str]:
    return [t.get_text() for t in _texts(fig)]


def _all_inside(fig) -> None:
    """Nothing drawn runs off the picture (a clipped title, a legend outside the canvas): the
    bounding box of everything drawn lies within the figure's."""
    _texts(fig)
    drawn = fig.get_tightbbox(fig.canvas.get_renderer())
    page = fig.bbox_inches
    tolerance = 0.01  # inches
    assert drawn.x0 >= page.x0 - tolerance and drawn.y0 >= page.y0 - tolerance, (drawn, page)
    assert drawn.x1 <= page.x1 + tolerance and drawn.y1 <= page.y1 + tolerance, (drawn, page)


def _legend_words(fig) -> set[str]:
    legends = [*fig.legends, *(a.get_legend() for a in fig.axes if a.get_legend())]
    return {t.get_text() for legend in legends for t in legend.get_texts()}


def _fleet(capsys, *argv: str) -> dict:
    code, out, err = cli(capsys, "fleet", *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


# ---------------------------------------------------------------- fleet


def test_the_fleet_picture_explains_its_lanes_and_labels_the_outage(capsys):
    doc = _fleet(capsys, UNIFIED, "--scenario", OUTAGE, "--replicas", "5", "--load", "450:100",
                 "--duration", "600")
    windows = plot_meta(load_spec(UNIFIED), load_scenario(OUTAGE), 600)["windows"]
    assert doc["summary"]["kills"] > 0 and windows
    fig = fleet_figure(doc, windows)
    legend = _legend_words(fig)
    assert {"running, not Ready", "Ready", "kill (a probe failed)",
            "killed, until its next container runs"} <= legend
    assert {"kube-proxy routes to", "Ready pods", "EndpointSlice ready",
            "outage of the behaviour"} <= legend
    assert not any("template" in w for w in legend)  # one template: no old/new to tell apart
    words = _words(fig)
    for w in windows:  # each outage band named at the top of the capacity panel
        assert f" {w['label']} {w['start']:g}-{w['end']:g} s" in words, words
    title = fig.get_suptitle().replace("\n", "")  # (a long path is wrapped where it must)
    assert doc["fleet"]["object"] in title and doc["fleet"]["behaviour"] in title
    assert f"restarts {doc['summary']['restarts']}" in title
    _all_inside(fig)


def test_the_fleet_picture_of_a_rollout_tells_the_templates_apart(capsys):
    doc = _fleet(capsys, BROKER, "--new-scenario", WARMUP, "--rollout-at", "120",
                 "--duration", "420")
    rollout = doc["rollout"]
    assert rollout["completed_at"] is not None
    fig = fleet_figure(doc, [])
    legend = _legend_words(fig)
    assert {"Ready (old template)", "Ready (new template)",
            "deleted (line), terminating until gone", "rollout: from asked for to complete"
            } <= legend
    assert not {"kill (a probe failed)", "outage of the behaviour"} & legend  # none drawn
    assert f" rollout {rollout['at']:g}-{rollout['completed_at']:g} s" in _words(fig)
    _all_inside(fig)


# ---------------------------------------------------------------- sweep


def _sweep(capsys, *sets: str, extra: tuple[str, ...] = ()) -> dict:
    argv = ["sweep", UNIFIED, "--scenario", OUTAGE, "--duration", "300", "--phases", "4",
            "-j", "1", "--format", "json", *extra]
    for s in sets:
        argv += ["--set", s]
    code, out, err = cli(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


def test_the_heatmap_carries_each_cells_value_and_names_its_colour_bar(capsys):
    doc = _sweep(capsys, "livenessProbe.failureThreshold=1..4",
                 "livenessProbe.periodSeconds=5,10,20", extra=("--expect", "no-restart"))
    meta, points = doc["sweep"], doc["points"]
    fig = sweep_figure(points, meta["fields"], "restarts_mean", meta)
    heat = fig.axes[0]
    cells = {(round(t.get_position()[0]), round(t.get_position()[1])): t.get_text()
             for t in heat.texts}
    fy, fx = meta["fields"]
    xs = sorted({p[fx] for p in points})
    ys = sorted({p[fy] for p in points})
    assert len(cells) == len(points) == len(xs) * len(ys)
    for p in points:
        value, mark = cells[(xs.index(p[fx]), ys.index(p[fy]))].split()
        assert float(value) == pytest.approx(p["restarts_mean"], rel=0.01, abs=0.005)
        assert mark == ("✓" if p["expect no-restart"] else "✗")
    bar = fig.axes[1].get_ylabel()
    assert "_" not in bar and "restarts" in bar and "mean" in bar
    title = fig.get_suptitle()
    assert meta["object"] in title and meta["behaviour"] in title
    assert "restarts_mean" not in title and "✓" in title
    _all_inside(fig)


def test_a_long_title_wraps_inside_the_picture(capsys):
    doc = _sweep(capsys, "livenessProbe.failureThreshold=1,3", "livenessProbe.periodSeconds=5,10")
    meta = {**doc["sweep"], "object": "Deployment/" + "a-long-release-name-" * 12 + " container app",
            "behaviour": "charts/" + "nested/" * 20 + "outage.scenario.yaml"}
    fig = sweep_figure(doc["points"], meta["fields"], "unready_mean", meta)
    assert fig.get_suptitle().count("\n") >= 3  # wrapped, not one line off the canvas
    _all_inside(fig)


def test_a_long_fleet_title_wraps_inside_the_picture(capsys, tmp_path):
    # (a checkout's own folder is in the title's paths: one 200 characters deep ran the fleet
    # title off the canvas before it wrapped)
    deep = tmp_path.joinpath(*["a-folder-of-the-checkout"] * 8)
    deep.mkdir(parents=True)
    spec, outage = deep / "spec.yaml", deep / "outage.scenario.yaml"
    spec.write_text(Path(UNIFIED).read_text())
    outage.write_text(Path(OUTAGE).read_text())
    doc = _fleet(capsys, str(spec), "--scenario", str(outage), "--replicas", "3",
                 "--duration", "300")
    fig = fleet_figure(doc, plot_meta(load_spec(str(spec)), load_scenario(str(outage)),
                                      300)["windows"])
    assert fig.get_suptitle().count("\n") >= 2  # wrapped, not one line off the canvas
    _all_inside(fig)


def test_the_line_plot_labels_each_point_in_words(capsys):
    doc = _sweep(capsys, "outage.db.length=30..120:30")
    meta, points = doc["sweep"], doc["points"]
    fig = sweep_figure(points, ["outage.db.length"], "unready_mean", meta)
    ax = fig.axes[0]
    assert ax.get_ylabel() == "seconds not Ready per run (mean)"
    labels = sorted(float(t.get_text()) for t in ax.texts)
    assert labels == pytest.approx(sorted(p["unready_mean"] for p in points), rel=0.01)
    _all_inside(fig)


def test_every_readme_picture_has_the_command_that_draws_it():
    """The manual's pictures (the README's sections moved to docs/) are regenerated with the
    shipped commands: each one's command (`--plot docs/NAME.png`) is written on its page."""
    import re

    readme = "\n".join(p.read_text() for p in sorted((REPO / "docs").glob("*.md")))
    pictures = {f"docs/{n}" for n in re.findall(r"\]\(([\w.-]+\.png)\)", readme)}
    assert {"docs/fleet_cascade.png", "docs/fleet_statefulset.png",
            "docs/sweep_db_outage.png"} <= pictures
    for rel in sorted(pictures):
        assert (REPO / rel).is_file(), rel
        assert f"--plot {rel}" in readme, f"{rel}: no documented command draws it"
