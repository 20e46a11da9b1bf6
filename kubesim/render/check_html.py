"""`kubesim check --html`: the findings page, with the timeline of the run behind each finding
(analysis/check/replay.py) and the pages of the checks found."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.replay import replay_runs
from kubesim.analysis.check.rules import RULES, page
from kubesim.render.check_formats import check_document
from kubesim.render.html import check_page
from kubesim.render.plot import plot_meta
from kubesim.render.report import to_document as run_document

if TYPE_CHECKING:
    from kubesim.analysis.check.run import Report

__all__ = ["check_report"]


def check_report(report: Report) -> str:
    """The HTML page of a check report."""
    runs: list[dict[str, Any]] = []
    for r in replay_runs(report):
        f, name = r.finding, r.pod.container.name
        meta = {"spec": f.workload.source, "object": f"{f.workload.label} container {name}",
                "container": name, "behaviour": r.replay.behaviour,
                **plot_meta(r.pod, r.behaviour, r.replay.duration)}
        runs.append({"title": f"{f.rule} {f.name}: {f.workload.label}, container {name}, "
                              f"with {r.replay.behaviour}",
                     "finding": report.findings.index(f),
                     "window": list(r.replay.window) if r.replay.window else None,
                     "doc": run_document(r.timeline, meta=meta)})
    found = sorted({f.rule for f in report.findings})
    return check_page(check_document(report), runs, {r: page(RULES[r]) for r in found})
