"""docs/kubelet-rules.md ships the rules the code, tests and output cite: every rule id used
anywhere in the project is stated there with its source, and nothing a user gets points into
material that does not ship."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
RULES = ROOT / "docs" / "kubelet-rules.md"
CITED = re.compile(r"\b(R\d+\.\d+|E\d{1,2})\b")
SHIPPED = ["README.md", "kubesim", "docs", "notebooks", "examples", "probe_specs", "traces"]


def _files(*tops: str) -> list[Path]:
    out = []
    for top in tops:
        path = ROOT / top
        if path.is_file():
            out.append(path)
        elif path.is_dir():
            out += [p for p in sorted(path.rglob("*")) if p.is_file() and p.suffix in
                    (".py", ".md", ".ipynb", ".yaml", ".yml", ".txt", ".json", ".jsonl")]
    return out


def _defined() -> dict[str, str]:
    """Rule id -> its paragraph (from the bold id to the next blank line)."""
    text = RULES.read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^\*\*(R\d+\.\d+|E\d+)\b[^*]*\*\*(.*?)(?=\n\n|\Z)", text, re.M | re.S)}


def test_every_cited_rule_id_is_stated_in_the_shipped_rules():
    defined = _defined()
    cited: dict[str, str] = {}
    for path in _files("kubesim", "tests", "README.md", "notebooks", "docs"):
        for rule in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(rule, str(path.relative_to(ROOT)))
    missing = {rule: where for rule, where in cited.items() if rule not in defined}
    assert not missing, f"rule ids cited but not in docs/kubelet-rules.md: {missing}"
    assert len(cited) > 80  # the scan found the project's citations


@pytest.mark.parametrize("section", ["R1.", "R2.", "R3.", "R4.", "R5."])
def test_every_rule_names_its_source_in_kubernetes(section):
    for rule, body in _defined().items():
        if rule.startswith(section):
            assert "*Source:*" in body or "*Derived" in body, rule


def test_R4_15_and_the_redirect_rules_are_stated():
    defined = _defined()
    assert "600 s" in defined["R4.15"] and "every 2 s" in defined["R4.15"]
    assert "stopped after 10" in defined["R2.10"] and "R2.10" in defined["R6.5"]


def test_nothing_shipped_points_into_unshipped_material():
    for path in _files(*SHIPPED):
        text = path.read_text(encoding="utf-8", errors="replace")
        for marker in ("../shared", "kubelet-semantics"):
            assert marker not in text, f"{path.relative_to(ROOT)} cites {marker}"
