"""`kubesim check --html`: the findings page, with the timeline of the run behind each finding
that names a given scenario or trace (re-simulated at the finding's grid phase and seed: the
same run the check measured)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.rules import RULES, page
from kubesim.engine.simulate import simulate
from kubesim.render.check_formats import check_document
from kubesim.render.html import check_page
from kubesim.render.plot import plot_meta
from kubesim.render.report import to_document as run_document

if TYPE_CHECKING:
    from kubesim.analysis.check.run import Report

__all__ = ["MAX_TIMELINES", "check_report"]

MAX_TIMELINES = 24  # a page stays quick to open; the findings table lists every finding


def check_report(report: Report) -> str:
    """The HTML page of a check report."""
    found = sorted({f.rule for f in report.findings})
    return check_page(check_document(report), _runs(report),
                      {r: page(RULES[r]) for r in found})


def _runs(report: Report) -> list[dict[str, Any]]:
    behaviours = {b.label: b for b in report.behaviours}
    pods = {(w.key, c.name): c.pod for w in report.workloads for c in w.containers if c.pod}
    runs: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    for f in report.findings:
        ref = behaviours.get(f.behaviour or "")
        pod = pods.get((f.workload.key, f.container or ""))
        key = (f.workload.key, f.container, f.behaviour, f.phase, f.seed)
        if ref is None or pod is None or f.phase is None or key in seen:
            continue
        seen.add(key)
        seed = f.seed if f.seed is not None else report.settings.seed
        timeline = simulate(pod, ref.behaviour, duration=ref.duration, seed=seed,
                            profile=report.settings.profile, phase=f.phase)
        meta = {"spec": f.workload.source,
                "object": f"{f.workload.label} container {pod.container.name}",
                "container": pod.container.name, "behaviour": ref.label,
                **plot_meta(pod, ref.behaviour, ref.duration)}
        runs.append({"title": f"{f.rule} {f.name}: {f.workload.label}, container "
                              f"{pod.container.name}, with {ref.label}",
                     "doc": run_document(timeline, meta=meta)})
        if len(runs) == MAX_TIMELINES:
            break
    return runs
