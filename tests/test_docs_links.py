"""Every relative link and every #anchor in README.md and docs/**/*.md resolves, by GitHub's rules
for heading anchors; every page of docs/ is reachable from its index; nothing shipped points into
material that does not ship (the project's build-only folder beside the repository)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
PAGES = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]
SHIPPED = ["README.md", "docs", "examples", "notebooks", "probe_specs", "traces", "kubesim",
           "benchmarks", "action.yml", ".pre-commit-hooks.yaml", "Dockerfile", "pyproject.toml"]
# what a user's copy can never resolve: the sibling build folder, by any spelling
OUTSIDE = re.compile(r"\.\./shared\b|/work/shared\b|\bshared/(corpus|reference|seed)\b")

FENCE = re.compile(r"^(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _prose(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, inline code spans blanked."""
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, re.sub(r"`[^`]*`", lambda m: " " * len(m.group()), line)))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading (github-slugger): the rendered text lower-cased, every
    character but letters, marks, digits, connector punctuation, spaces and hyphens dropped,
    each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link renders as its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = re.sub(r"(\*\*|__|\*)", "", text)
    kept = [ch for ch in text.lower()
            if ch in " -" or unicodedata.category(ch)[0] in "LMN" or unicodedata.category(ch) == "Pc"]
    return "".join(kept).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor GitHub gives the page's headings (a repeated one gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(page: Path) -> list[tuple[int, str]]:
    return [(number, m.group(1)) for number, line in _prose(page.read_text(encoding="utf-8"))
            for m in LINK.finditer(line)]


def _relative(page: Path) -> str:
    return str(page.relative_to(REPO))


def test_the_slug_follows_githubs_rules():
    assert slug("`kubesim sweep --set-value PATH=VALUES`") == "kubesim-sweep---set-value-pathvalues"
    assert slug("What is trusted, and what is not") == "what-is-trusted-and-what-is-not"
    assert slug("The fast scheduler: how it stays exact") == "the-fast-scheduler-how-it-stays-exact"
    assert slug("### `DEFAULT_PHASES`".lstrip("# ")) == "default_phases"
    assert slug("Why did my pod restart? `kubesim explain`") == "why-did-my-pod-restart-kubesim-explain"
    assert slug("1.2 The first probe") == "12-the-first-probe"


def test_the_scan_finds_the_links_and_headings():
    """The checks below see what they must: links on every page, anchors in every page."""
    assert len(PAGES) > 30
    assert sum(len(links(p)) for p in PAGES) > 150
    assert "setting-it-up" in anchors(DOCS / "ci.md")
    assert not any(".kubesim.yaml" in a for a in anchors(DOCS / "ci.md"))  # a YAML comment


@pytest.mark.parametrize("page", PAGES, ids=_relative)
def test_every_relative_link_and_anchor_resolves(page):
    broken = []
    for number, target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / unquote(path_part)).resolve() if path_part else page
        where = f"{_relative(page)}:{number}: {target}"
        if not resolved.is_relative_to(REPO):
            broken.append(f"{where}: outside the repository")
        elif not resolved.exists():
            broken.append(f"{where}: no such file")
        elif anchor:
            if resolved.suffix != ".md":
                broken.append(f"{where}: an anchor into a file that is not a page")
            elif anchor not in anchors(resolved):
                broken.append(f"{where}: no heading gives #{anchor}")
    assert not broken, "\n".join(broken)


def test_every_page_of_the_manual_is_linked_from_its_index():
    index = {(DOCS / t.partition("#")[0]).resolve() for _, t in links(DOCS / "README.md")}
    rules_index = {(DOCS / "rules" / t.partition("#")[0]).resolve()
                   for _, t in links(DOCS / "rules" / "README.md")}
    for page in DOCS.rglob("*.md"):
        if page.parent == DOCS / "rules" and page.name != "README.md":
            assert page.resolve() in rules_index, _relative(page)
        elif page != DOCS / "README.md":
            assert page.resolve() in index, f"{_relative(page)} is not in docs/README.md"
    front = {(REPO / t.partition("#")[0]).resolve() for _, t in links(REPO / "README.md")}
    assert (DOCS / "README.md").resolve() in front


def _shipped_files() -> list[Path]:
    out = []
    for top in SHIPPED:
        path = REPO / top
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        out += [p for p in files if p.suffix not in (".png", ".pyc", ".so", ".tgz")]
    return out


def test_nothing_shipped_points_outside_the_repository():
    files = _shipped_files()
    assert len(files) > 100
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{_relative(path)}: {m.group()}" for m in OUTSIDE.finditer(text)]
    assert not found, "\n".join(found)
