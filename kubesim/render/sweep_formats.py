"""Rendering `kubesim sweep`: the JSON document, a text table, CSV. Prints nothing."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from kubesim.analysis.sweep.grid import PointResult
from kubesim.render.edge import visible
from kubesim.render.report import kubelet_words

__all__ = ["cell", "document", "render"]


def cell(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "NO"
    if isinstance(v, float):
        return f"{v:.2f}" if v != int(v) or abs(v) < 1e6 else f"{v:g}"
    return visible(v)


def document(done: list[PointResult], meta: dict[str, Any]) -> dict[str, Any]:
    """The JSON document of a sweep: its settings and one row per point done."""
    return {"kubesim": 1, "sweep": meta, "points": [r.row() for r in done]}


def render(done: list[PointResult], meta: dict[str, Any], fmt: str) -> str:
    """Text (a table), CSV or JSON of the points done."""
    rows = [r.row() for r in done]
    if fmt == "json":
        return json.dumps(document(done, meta), indent=2) + "\n"
    columns = list(rows[0]) if rows else list(meta["fields"])
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow(["" if r[c] is None else visible(r[c]) if isinstance(r[c], str)
                             else r[c] for c in columns])
        return buf.getvalue()
    head = (f"# {visible(meta['object'])} | behaviour: {visible(meta['behaviour'])} | "
            f"{meta['done']} of "
            f"{meta['points']} points x {meta['phases']} phases x {meta['seeds']} seed(s), "
            f"{meta['duration']:g} s each | {kubelet_words(meta['profile'])} | engine "
            f"{meta['engine']}")
    short = {"restarts_mean": "restarts", "restarts_max": "max", "kills_mean": "kills",
             "unready_mean": "unready s", "unready_max": "max", "first_ready_mean":
             "first Ready", "first_ready_max": "max", "never_ready": "never",
             "hang_to_kill_max": "hang->kill max", "hang_unkilled": "unkilled",
             "probes": "probes", "runs": "runs"}
    titles = [short.get(c, c) for c in columns]
    cells = [[cell(r[c]) for c in columns] for r in rows]
    widths = [max(len(t), *(len(row[i]) for row in cells)) if cells else len(t)
              for i, t in enumerate(titles)]
    lines = [head]
    chart = meta.get("chart_values")
    if chart:
        drives = ", ".join(chart["drives"]) or "no probe or pod field"
        lines.append(f"# chart values: the chart rendered {chart['renders']} times (once per "
                     f"combination); they set {drives}")
    lines.append("  ".join(t.rjust(w) for t, w in zip(titles, widths, strict=True)))
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    if meta["interrupted"]:
        lines.append(f"# interrupted: {meta['done']} of {meta['points']} points done")
    return "\n".join(lines) + "\n"
