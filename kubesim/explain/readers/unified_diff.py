"""A unified diff of a manifest (`git diff`, `diff -u`) read as the manifest it changes.

An author who fixes a probe pastes the diff of the manifest: its context lines (` `) and
removed lines (`-`) are the old side, the manifest that ran when the record was taken; its
added lines (`+`) are the fix, which never ran. `old_side` gives the old side in the diff's
line numbering: the headers (`diff --git`, `index`, `---`, `+++`, `@@ ... @@`) and the added
lines become blank lines (not read), the others lose their one column of mark. A diff is
known by its headers and hunks, every line of the block one of them, never by one line.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, Where

__all__ = ["added_said", "old_side"]

# git's and diff -u's file headers, and a hunk's header (`@@ -42,7 +42,10 @@ spec:`)
_FILE_HEADER = re.compile(
    r"^(?:diff --git \S|index [0-9a-f]{4,}\.\.[0-9a-f]{4,}|--- \S|\+\+\+ \S|"
    r"(?:new|deleted) file mode \d+$|similarity index \d+%$|rename (?:from|to) \S)")
_HUNK = lazy_regex(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
_NO_NEWLINE = "\\ No newline at end of file"


def old_side(block: list[str]) -> list[str] | None:
    """The old side of a unified diff filling the block (`__doc__`), or None: the block
    starts with a file header, has a hunk, and every other line is a header, a hunk line
    (` `, `-`, `+`) or blank."""
    sides = _sides(block)
    return sides.old if sides is not None else None


class _Sides(NamedTuple):
    """A diff's old side, line for line, and the indexes of its added lines."""

    old: list[str]
    added: list[int]


def _sides(block: list[str]) -> _Sides | None:
    lines = [x for x in block if x.strip()]
    if not lines or not _FILE_HEADER.match(lines[0]):
        return None
    out: list[str] = []
    added: list[int] = []
    in_hunk = False
    for i, line in enumerate(block):
        kept, in_hunk, known = _diff_line(line, in_hunk)
        if not known:
            return None
        if in_hunk and line[:1] == "+":
            added.append(i)
        out.append(kept)
    return _Sides(out, added) if any(_HUNK.match(x) for x in lines) else None


_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})")


def added_said(text: str, source: str) -> list[Note]:
    """A note for each diff of the paste (a fenced block, or the whole paste, that is one:
    `old_side`) that has added lines: read as its old side, its added lines (the fix, never
    run) not read, said with their numbers. One pass over the lines. `text` is the paste made
    plain with its diffs kept (normalise.py's `plain(text, diffs=True)`): a page's no-break
    spaces or quote marks would hide the headers (`diff\u00a0--git`) from `_FILE_HEADER`."""
    notes: list[Note] = []
    lines = text.split("\n")
    start = 0
    for end in [*(i for i, x in enumerate(lines) if _FENCE.match(x)), len(lines)]:
        sides = _sides(lines[start:end])
        if sides is not None and sides.added:
            a, b = start + sides.added[0] + 1, start + sides.added[-1] + 1
            span = f"line {a}" if a == b else f"lines {a}-{b}"
            notes.append(Note(
                f"lines {start + 1}-{end} are a unified diff: read as its old side (its "
                f"context and `-` lines, the manifest that ran); its added lines ({span}, "
                "`+`: the fix, which never ran) are not read", Where(source, start + 1)))
        start = end + 1
    return notes


def _diff_line(line: str, in_hunk: bool) -> tuple[str, bool, bool]:
    """One line of the diff: (its old side's text, inside a hunk after it, a diff's line)."""
    if not line.strip():
        return "", in_hunk, True
    if _HUNK.match(line):
        return "", True, True
    if in_hunk and line[0] in " -":  # the old side: context and removed lines
        return line[1:], True, True
    if in_hunk and (line[0] == "+" or line.rstrip() == _NO_NEWLINE):
        return "", True, True  # the fix (never ran), or git's remark: not read
    if _FILE_HEADER.match(line):  # the next file's headers
        return "", False, True
    return "", in_hunk, False
