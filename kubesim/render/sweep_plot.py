"""`kubesim sweep --plot`: a heatmap of one metric over two fields, or a line over one
(matplotlib, Agg), written through kubesim.files. The picture says what it shows in words:
a title that is never cut off (wrapped to the figure), the metric named in words on the colour
bar or the axis, every cell carrying its value (and ✓/✗ when expectations were given). Drawn
from the sweep's JSON rows (`PointResult.row`), so a saved sweep draws the same picture."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from kubesim.analysis.sweep.grid import PointResult
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.render.edge import visible
from kubesim.render.plot import default_style, wrapped_title
from kubesim.render.sweep_formats import cell

__all__ = ["METRIC_WORDS", "metric_words", "plot_sweep", "render_sweep_png", "sweep_figure"]

# what each metric of --plot-metric is, in words (a run: one grid phase with one seed)
METRIC_WORDS = {
    "restarts_mean": "restarts per run (mean)",
    "restarts_max": "restarts in the worst run",
    "kills_mean": "kills per run (mean)",
    "unready_mean": "seconds not Ready per run (mean)",
    "unready_max": "seconds not Ready in the worst run",
    "first_ready_mean": "seconds to the first Ready (mean)",
    "first_ready_max": "seconds to the first Ready (slowest run)",
    "hang_to_kill_max": "seconds from the hang to the kill (slowest run)",
    "probes": "probe calls in all runs",
}
MAX_LABELLED = 400  # cells; beyond, the values are in the table, CSV, JSON and --html
TITLE_WIDTH = 100  # characters per title line at the figure's width


def metric_words(metric: str) -> str:
    return METRIC_WORDS.get(metric, metric.replace("_", " "))


def plot_sweep(done: list[PointResult], fields: list[str], metric: str, path: str,
               meta: dict[str, Any]) -> None:
    """A heatmap of `metric` over two fields, or a line over one, written to `path`."""
    write_output(path, render_sweep_png([r.row() for r in done], fields, metric, meta),
                 what="--plot")


def render_sweep_png(rows: list[dict[str, Any]], fields: list[str], metric: str,
                     meta: dict[str, Any]) -> bytes:
    """The picture as PNG bytes (matplotlib's default style, whatever the user's rc)."""
    buf = io.BytesIO()
    with default_style():
        fig = _draw(rows, fields, metric, meta)
        fig.savefig(buf, format="png", dpi=110, metadata={"Software": None})
    return buf.getvalue()


def sweep_figure(rows: list[dict[str, Any]], fields: list[str], metric: str,
                 meta: dict[str, Any]) -> Any:
    """The picture as a matplotlib Figure (not shown anywhere), for a notebook or a test."""
    with default_style():
        return _draw(rows, fields, metric, meta)


def _draw(rows: list[dict[str, Any]], fields: list[str], metric: str,
          meta: dict[str, Any]) -> Any:
    if len(fields) > 2:
        raise UsageError("--plot shows one or two fields with several values; "
                         f"this grid varies {len(fields)}")
    import matplotlib.figure

    fig = matplotlib.figure.Figure(figsize=(8, 6.4), layout="constrained")
    ax = fig.subplots()
    if len(fields) == 1:
        held = _line(ax, rows, fields[0], metric)
    else:
        held = _heatmap(fig, ax, _grid(rows, fields, metric))
    fig.suptitle(_title(metric, meta, held), fontsize=9)
    return fig


def _title(metric: str, meta: dict[str, Any], held: bool) -> str:
    """What the picture shows, wrapped so that no line runs off the figure."""
    runs = f"{meta['phases']} grid phases x {meta['seeds']} seed(s)"
    lines = [f"{metric_words(metric)}, over {runs} per point",
             f"{visible(meta['object'])}, under {visible(meta['behaviour'])}"]
    if held:
        names = ", ".join(visible(e) for e in meta.get("expectations", []))
        lines.append(f"✓ every expectation ({names}) held at every phase, ✗ not")
    return wrapped_title(lines, TITLE_WIDTH)


def _value(v: float | None) -> str:
    """A cell's value: three significant digits, `-` where the metric has none."""
    return "-" if v is None or math.isnan(v) else f"{v:.3g}"


def _held(row: dict[str, Any]) -> bool | None:
    """Whether every expectation held at every phase (None: none was given)."""
    exp = [v for k, v in row.items() if k.startswith("expect ")]
    return all(exp) if exp else None


# ---------------------------------------------------------------- one field: a line


def _line(ax: Any, rows: list[dict[str, Any]], f: str, metric: str) -> bool:
    pts = sorted(((r[f], r[metric], _held(r)) for r in rows if r[metric] is not None),
                 key=lambda p: _order(p[0]))
    numeric = all(isinstance(p[0], int | float) and not isinstance(p[0], bool) for p in pts)
    xs = [p[0] for p in pts] if numeric else list(range(len(pts)))  # to scale where it can
    ax.plot(xs, [p[1] for p in pts], marker="o", color="#0072B2")
    for x, (_, v, ok) in zip(xs, pts, strict=True):
        mark = "" if ok is None else (" ✓" if ok else " ✗")
        ax.annotate(f"{_value(v)}{mark}", (x, v), textcoords="offset points", xytext=(0, 7),
                    ha="center", fontsize=8)
    ax.set_xticks(xs, [cell(p[0]) for p in pts])
    ax.set_xlabel(visible(f))
    ax.set_ylabel(metric_words(metric))
    ax.margins(y=0.15)
    return any(p[2] is not None for p in pts)


# ---------------------------------------------------------------- two fields: a heatmap


@dataclass(frozen=True)
class _Grid:
    fy: str
    fx: str
    ys: list[Any]
    xs: list[Any]
    values: list[list[float]]  # [row][column], nan where the metric has none
    held: dict[tuple[int, int], bool]  # (row, column): every expectation held
    metric: str


def _grid(rows: list[dict[str, Any]], fields: list[str], metric: str) -> _Grid:
    fy, fx = fields
    xs = sorted({r[fx] for r in rows}, key=_order)
    ys = sorted({r[fy] for r in rows}, key=_order)
    values = [[math.nan] * len(xs) for _ in ys]
    held = {}
    for r in rows:
        i, j = ys.index(r[fy]), xs.index(r[fx])
        values[i][j] = math.nan if r[metric] is None else float(r[metric])
        ok = _held(r)
        if ok is not None:
            held[(i, j)] = ok
    return _Grid(fy, fx, ys, xs, values, held, metric)


def _heatmap(fig: Any, ax: Any, g: _Grid) -> bool:
    import matplotlib

    cmap = matplotlib.colormaps["viridis"].with_extremes(bad="#eeeeee")
    image = ax.imshow(g.values, origin="lower", aspect="auto", cmap=cmap)
    if all(math.isnan(v) for row in g.values for v in row):  # a colour bar would mean nothing
        ax.text(0.5, 0.92, f"no point has a value for {metric_words(g.metric)}",
                transform=ax.transAxes, ha="center", fontsize=9)
    else:
        fig.colorbar(image, ax=ax).set_label(metric_words(g.metric))
    ax.set_xticks(range(len(g.xs)), [cell(x) for x in g.xs])
    ax.set_yticks(range(len(g.ys)), [cell(y) for y in g.ys])
    ax.set_xlabel(visible(g.fx))
    ax.set_ylabel(visible(g.fy))
    if len(g.xs) * len(g.ys) <= MAX_LABELLED:
        _cell_labels(ax, image, g)
    return bool(g.held)


def _cell_labels(ax: Any, image: Any, g: _Grid) -> None:
    """Each cell's value (and ✓/✗), dark on light cells and light on dark ones."""
    size = max(5.0, min(9.0, 110 / max(len(g.xs), len(g.ys))))
    for i, row in enumerate(g.values):
        for j, v in enumerate(row):
            r_, g_, b_, _ = image.cmap(image.norm(v)) if not math.isnan(v) else (1, 1, 1, 1)
            light = 0.299 * r_ + 0.587 * g_ + 0.114 * b_ > 0.5
            ok = g.held.get((i, j))
            mark = "" if ok is None else (" ✓" if ok else " ✗")
            ax.text(j, i, f"{_value(v)}{mark}", ha="center", va="center", fontsize=size,
                    color="black" if light else "white")


def _order(v: Any) -> tuple[int, Any]:
    if v is None:
        return (1, 0)
    return (0, v) if isinstance(v, int | float) else (2, str(v))
