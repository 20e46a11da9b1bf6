"""`kubesim rules`: the table of checks (text or JSON), or one check's page. Prints nothing."""

from __future__ import annotations

import json
from typing import Any

from kubesim.analysis.check.rules import RULES, Rule

__all__ = ["FORMATS", "render_list", "severities"]


def severities(rule: Rule) -> str:
    """`error/warning/info`: the severities the rule's cases report, most severe first."""
    seen = sorted({c.severity for c in rule.cases}, reverse=True)
    return "/".join(s.label for s in seen)


def _text() -> str:
    rows = [(r.id, severities(r), r.name,
             r.title + (f" (off unless {r.enabled_by})" if r.enabled_by else "")
             + (f" (off with {r.off_with})" if r.off_with else ""))
            for r in RULES.values()]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = ["  ".join(v.ljust(w) for v, w in zip(row[:3], widths, strict=True)) + "  " + row[3]
             for row in rows]
    return ("\n".join(lines) + "\n\nkubesim rules ID prints a check's page: what it finds, its "
            "severities, why it matters, how to fix it, an example.\n")


def _json() -> str:
    doc: list[dict[str, Any]] = [
        {"id": r.id, "name": r.name, "title": r.title, "severity": r.severity.label,
         "cases": [{"case": c.key, "severity": c.severity.label, "when": c.when}
                   for c in r.cases],
         "enabled_by": r.enabled_by, "help": r.command} for r in RULES.values()]
    return json.dumps({"kubesim": 1, "command": "rules", "rules": doc}, indent=2) + "\n"


FORMATS = {"text": _text, "json": _json}


def render_list(fmt: str) -> str:
    """Every check, one line each (text) or with its cases (json)."""
    return FORMATS[fmt]()
