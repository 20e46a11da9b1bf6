"""Rendering `kubesim suggest`: text (reasons, then the patch), yaml (the patch only, one
strategic-merge document per object), json, and SARIF 2.1.0 with `fixes`. Prints nothing."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from kubesim._version import __version__
from kubesim.analysis.check.fixes import sarif_fixes, strategic_patch
from kubesim.render.check_formats import (
    SARIF_SCHEMA,
    configuration_data,
    configuration_line,
    configuration_lines,
    renders_text,
    sarif_uri,
)
from kubesim.render.edge import visible

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Configuration
    from kubesim.analysis.suggest import Judged, Suggestion

__all__ = ["FORMATS", "SUGGEST_RULE", "nothing_to_change", "render"]

SUGGEST_RULE = {"id": "KS200", "name": "suggested-probe-settings",
                "shortDescription": {"text": "Probe settings that meet the declared "
                                             "expectations"},
                "fullDescription": {"text": "kubesim suggest: the smallest change to the probe "
                                            "settings that meets every --expect, confirmed at "
                                            "every grid phase."}}


def render(items: list[Suggestion], fmt: str, configuration: Configuration | None = None
           ) -> str:
    """`items` in `fmt`, each format naming the configuration the suggestion ran with as
    `kubesim check`'s reports do (check_formats.configuration_line)."""
    return FORMATS[fmt](items, configuration)


def nothing_to_change(checks: int, configuration: Configuration | None) -> str:
    """The text when kubesim check reports nothing to fix."""
    last = (f"kubesim suggest: kubesim check reports nothing here ({checks} checks passed): "
            "nothing to change")
    return "\n".join([*configuration_lines(configuration), last]) + "\n"


def _wrap(text: str, indent: int) -> list[str]:
    """A paragraph of the text output, its values shown by the output edge."""
    return textwrap.wrap(visible(text), width=100, initial_indent=" " * indent,
                         subsequent_indent=" " * (indent + 2), break_on_hyphens=False)


def _judged(j: Judged) -> str:
    return f"{'met    ' if j.met else 'NOT met'} {j.want.text}: {j.figure}"


def patch_yaml(items: list[Suggestion]) -> str:
    """The strategic-merge patches, one YAML document per object with a change."""
    by_object: dict[str, tuple[Any, list[Any]]] = {}
    for s in items:
        if s.patch is not None:
            by_object.setdefault(s.workload.key, (s.workload, []))[1].append(s.patch)
    docs = [strategic_patch(w, patches) for w, patches in by_object.values()]
    return yaml.safe_dump_all(docs, sort_keys=False) if docs else ""


def render_text(items: list[Suggestion], configuration: Configuration | None = None) -> str:
    lines: list[str] = []
    for s in items:
        w = s.workload
        where = f"{w.source}:{w.line}" if w.line else w.source
        lines.append(visible(f"{where} {w.label} container {s.container.name}"
                             + (f" [{renders_text(w.all_renders)}]" if w.all_renders
                                else "")))
        if s.fixes:
            lines += _wrap("findings of kubesim check: " + ", ".join(
                f"{r} {sev}" for r, sev in s.fixes), 2)
        outage = any(j.want.kind in ("survive-outage", "unready-within") for j in s.before)
        if s.before and (outage or not s.fixes):
            lines += _wrap(f"outage model: {s.outage.why}", 2)
        if s.before:
            lines.append("  now:")
            lines += [ln for j in s.before for ln in _wrap(_judged(j), 4)]
        if s.patch is not None:
            lines += _wrap(f"change: {s.patch.summary}", 2)
            if s.after:
                lines.append("  after:")
                lines += [ln for j in s.after for ln in _wrap(_judged(j), 4)]
            lines += _wrap(s.verified, 2)
            before = ", ".join(f"{r} {sev}" for r, sev in s.findings_before) or "none"
            after = ", ".join(f"{r} {sev}" for r, sev in s.findings_after) or "none"
            lines += _wrap(f"kubesim check on this container: before {before}; after {after}"
                           + ("" if not s.new_findings else " (NEW: "
                              + ", ".join(r for r, _ in s.new_findings) + ")")
                           + ("" if not s.worse else " (WORSE: " + "; ".join(s.worse) + ")"),
                           2)
        elif s.verified:
            lines += _wrap(s.verified, 2)
        for t in s.tradeoff:
            lines += _wrap(f"trade-off: {t}", 2)
        for a in s.advice:
            lines += _wrap(f"advice: {a}", 2)
        lines.append("")
    patch = patch_yaml(items)
    if patch:
        lines.append("# strategic-merge patch (kubectl patch --type strategic --patch-file, "
                     "or a kustomize patch):")
        lines.append(patch.rstrip("\n"))
    lines += configuration_lines(configuration)
    if items and items[0].fixes:
        lines.append(_findings_summary(items, bool(patch)))
    else:
        met = sum(s.met for s in items)
        lines.append(f"kubesim suggest: {met} of {len(items)} container"
                     f"{'s' * (len(items) != 1)} meet{'s' * (met == 1)} every expectation"
                     + (" with the patch above" if patch else ""))
    return "\n".join(lines) + "\n"


def _findings_summary(items: list[Suggestion], patched: bool) -> str:
    """The last line without expectations: the findings answered, and what is left."""
    before = sum(len(s.fixes) for s in items)
    left = sum(len(s.findings_after) for s in items)
    head = (f"kubesim suggest: {before} finding{'s' * (before != 1)} of kubesim check in "
            f"{len(items)} container{'s' * (len(items) != 1)}")
    if not left:
        return f"{head}, none left after the patch above"
    after = "after the patch above" if patched else "(no probe setting answers them)"
    return f"{head}; {left} left {after}: see the advice"


def _document(items: list[Suggestion], configuration: Configuration | None) -> dict[str, Any]:
    return {"kubesim": 1, "command": "suggest",
            "configuration": configuration_data(configuration), "containers": [{
        "object": s.workload.label, "file": s.workload.source, "container": s.container.name,
        "outage": {"affected": sorted(s.outage.affected), "untouched": s.outage.untouched,
                   "why": s.outage.why},
        "before": [_j(j) for j in s.before], "after": [_j(j) for j in s.after],
        "patch": s.patch.to_data() if s.patch else None,
        "summary": s.patch.summary if s.patch else None, "met": s.met,
        "verified": s.verified, "tradeoff": s.tradeoff,
        "findings_before": [list(f) for f in s.findings_before],
        "findings_after": [list(f) for f in s.findings_after],
        "new_findings": [list(f) for f in s.new_findings], "worse": s.worse,
        "fixes": [list(f) for f in s.fixes], "advice": s.advice} for s in items],
        "patch": patch_yaml(items)}


def _j(j: Judged) -> dict[str, Any]:
    return {"expect": j.want.kind, "seconds": j.want.seconds, "met": j.met, "figure": j.figure,
            "measured": j.seconds}


def render_json(items: list[Suggestion], configuration: Configuration | None = None) -> str:
    return json.dumps(_document(items, configuration), indent=2) + "\n"


def render_yaml(items: list[Suggestion], configuration: Configuration | None = None) -> str:
    """The patch alone, after a comment naming the configuration (kubectl reads past it)."""
    patch = patch_yaml(items)
    return f"# {configuration_line(configuration)}\n{patch}" if patch else ""


def render_sarif(items: list[Suggestion], configuration: Configuration | None = None) -> str:
    results = []
    for s in items:
        if s.patch is None and s.met:
            continue
        source = s.workload.source
        fixes: list[dict[str, Any]] = []
        # a rendered object's file is a template or a kustomize base: no text edit of it is
        # known to give the patched object, so SARIF carries the patch as text only
        if s.patch is not None and source != "<stdin>" and s.workload.rendered_from is None \
                and Path(source).is_file():
            fixes = sarif_fixes(s.container, s.patch, sarif_uri(source),
                                Path(source).read_text(encoding="utf-8"))
        unmet = "; ".join(j.want.text for j in s.before if not j.met)
        text = (f"{s.container.name}: to {unmet}: {s.patch.summary}" if s.patch else
                f"{s.container.name}: no probe setting meets every expectation: "
                + " ".join(s.tradeoff))
        result: dict[str, Any] = {
            "ruleId": SUGGEST_RULE["id"], "ruleIndex": 0,
            "level": "warning" if s.patch is not None else "error",
            "message": {"text": text},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": sarif_uri(source)},
                **({"region": {"startLine": s.container.line()}}
                   if s.container.line() else {})}}]}
        if fixes:
            result["fixes"] = fixes
        results.append(result)
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "kubesim", "version": __version__,
                                         "semanticVersion": __version__,
                                         "rules": [SUGGEST_RULE]}},
                     "invocations": [_invocation(items, configuration)],
                     "results": results,
                     "properties": {"configuration": configuration_data(configuration)}}]}
    return json.dumps(doc, indent=2) + "\n"


def _invocation(items: list[Suggestion], c: Configuration | None) -> dict[str, Any]:
    """The run's exit code and, for a configuration that departs from the defaults, a
    configuration notification naming it (as check's SARIF gives it)."""
    out: dict[str, Any] = {"executionSuccessful": True,
                           "exitCode": 0 if all(s.met for s in items) else 1}
    if c is not None and c.departures:
        out["toolConfigurationNotifications"] = [{
            "message": {"text": configuration_line(c)}, "level": "note"}]
    return out


FORMATS = {"text": render_text, "yaml": render_yaml, "json": render_json,
           "sarif": render_sarif}
