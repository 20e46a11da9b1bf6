"""Stage 6 of `kubesim check`, merge renders: one object that several renders produce (a
kustomize base and the overlays built on it, a chart rendered with several values files) is
reported once, and so is each of its findings, with the renders it appears in.

An object's identity is its file, kind, namespace and name; a finding's is its object, rule,
container, line and everything it says (severity, case, message, measured data, fix,
suppression), so a render whose overlay changed what a check measures keeps its own finding,
naming its own renders. Objects read from plain files are never merged: two documents of one
file are two objects, whatever they are called.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.findings import CheckResult

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Finding, Workload

__all__ = ["merge_renders"]


def _object(w: Workload) -> tuple[Any, ...]:
    return (w.source, w.kind, w.namespace, w.name) if w.rendered_from else (w.key,)


def _said(f: Finding) -> str:
    """Everything a finding says besides the render: equal for the same finding."""
    return json.dumps([f.rule, f.severity.label, f.container, f.line, f.behaviour, f.phase,
                       f.seed, f.message, f.data, f.suppressed, f.case, f.assumed,
                       f.fix.to_data() if f.fix is not None else None,
                       f.replay.to_data() if f.replay is not None else None],
                      sort_keys=True, default=str)


def merge_renders(workloads: list[Workload], checks: list[CheckResult]
                  ) -> tuple[list[Workload], list[CheckResult]]:
    """New records: each object once (its `renders` listed), each check run once per object,
    container and behaviour, each finding once (its `renders` listed where it appears in
    fewer renders than its object; otherwise its object's)."""
    groups: dict[tuple[Any, ...], list[Workload]] = {}
    for w in workloads:
        groups.setdefault(_object(w), []).append(w)
    merged: dict[str, Workload] = {}
    out: list[Workload] = []
    for ws in groups.values():
        renders = tuple(dict.fromkeys(r for w in ws if (r := w.rendered_from)))
        one = replace(ws[0], renders=renders) if len(renders) > 1 else ws[0]
        out.append(one)
        for w in ws:
            merged[w.key] = one
    results: dict[tuple[Any, ...], CheckResult] = {}
    seen: dict[tuple[Any, ...], dict[str, tuple[int, Finding]]] = {}
    for c in checks:
        w = merged.get(c.workload.key, c.workload)
        key = (w.key, c.rule, c.container, c.behaviour)
        result = results.get(key)
        if result is None:
            result = results[key] = CheckResult(c.rule, w, c.container, c.behaviour)
            seen[key] = {}
        for f in c.findings:
            said = _said(f)
            render = f.workload.rendered_from
            have = seen[key].get(said)
            if have is None:
                new = replace(f, workload=w, renders=(render,) if render else ())
                seen[key][said] = (len(result.findings), new)
                result.findings.append(new)
            elif render and render not in have[1].renders:
                updated = replace(have[1], renders=(*have[1].renders, render))
                result.findings[have[0]] = updated
                seen[key][said] = (have[0], updated)
    # a finding in every render of its object lists none of its own
    checks_out = [replace(r, findings=[replace(f, renders=()) if f.renders ==
                                       r.workload.all_renders else f for f in r.findings])
                  for r in results.values()]
    return out, checks_out
