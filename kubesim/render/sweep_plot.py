"""`kubesim sweep --plot`: a heatmap of one metric over two fields, or a line over one
(matplotlib, Agg), written through kubesim.files."""

from __future__ import annotations

import io
import math
from typing import Any

from kubesim.analysis.sweep.grid import PointResult
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.render.sweep_formats import cell

__all__ = ["plot_sweep"]


def plot_sweep(done: list[PointResult], fields: list[str], metric: str, path: str,
               meta: dict[str, Any]) -> None:
    """A heatmap of `metric` over two fields, or a line over one (matplotlib, Agg)."""
    if len(fields) > 2:
        raise UsageError("--plot shows one or two fields with several values; "
                         f"this grid varies {len(fields)}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'kubesim[plot]'") from None
    rows = [r.row() for r in done]
    title = (f"{metric} over {meta['phases']} phases x {meta['seeds']} seed(s)\n"
             f"{meta['object']} | {meta['behaviour']}")
    fig, ax = plt.subplots(figsize=(8, 6))
    try:
        if len(fields) == 1:
            f = fields[0]
            pts = sorted((r[f], r[metric]) for r in rows if r[metric] is not None)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o")
            ax.set_xlabel(f)
            ax.set_ylabel(metric)
        else:
            fy, fx = fields
            xs = sorted({r[fx] for r in rows}, key=_order)
            ys = sorted({r[fy] for r in rows}, key=_order)
            grid = [[float("nan")] * len(xs) for _ in ys]
            held: dict[tuple[int, int], bool] = {}
            for r in rows:
                i, j = ys.index(r[fy]), xs.index(r[fx])
                v = r[metric]
                grid[i][j] = float("nan") if v is None else float(v)
                exp = [v for k, v in r.items() if k.startswith("expect ")]
                if exp:
                    held[(i, j)] = all(exp)
            image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
            fig.colorbar(image, ax=ax, label=metric)
            ax.set_xticks(range(len(xs)), [cell(x) for x in xs])
            ax.set_yticks(range(len(ys)), [cell(y) for y in ys])
            ax.set_xlabel(fx)
            ax.set_ylabel(fy)
            if len(xs) * len(ys) <= 400:
                for (i, j), ok in held.items():
                    value = grid[i][j]
                    r_, g_, b_, _ = (image.cmap(image.norm(value)) if not math.isnan(value)
                                     else (1.0, 1.0, 1.0, 1.0))
                    light = 0.299 * r_ + 0.587 * g_ + 0.114 * b_ > 0.5  # readable on the cell
                    ax.text(j, i, "✓" if ok else "✗", ha="center", va="center",
                            color="black" if light else "white", fontsize=9)
            if held:
                title += "\n✓ every expectation held at every phase, ✗ not"
        ax.set_title(title, fontsize=9)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110)
    finally:
        plt.close(fig)
    write_output(path, buf.getvalue(), what="--plot")


def _order(v: Any) -> tuple[int, Any]:
    if v is None:
        return (1, 0)
    return (0, v) if isinstance(v, int | float) else (2, str(v))
