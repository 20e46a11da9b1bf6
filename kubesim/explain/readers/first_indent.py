"""A YAML block whose first line lost its indentation in the copy: the selection started at
the key, not at the line's start, so the first line stands at column 0 (or less indented than
it sat) while the lines under it keep theirs (cartographer-conventions-257's `lastState:` at
column 0, its `terminated:` at 6, its siblings `name:`, `ready:`, `restartCount:` at 4).

The rule (corpus README, batches 43 and 44): a block whose first line is a key opening a
mapping (`key:` and nothing after it), less indented than every later line, whose next line is
more indented than the least indented later lines, those all keys of one mapping at one
indentation (the siblings), is read with its first line at the siblings' indentation: its
children then sit under it, deeper than its siblings, as they did in the object it was copied
from. It is tried only where the block does not read as it is (a YAML error, or nothing any
reader takes), so YAML that parses is never changed.

What is never re-indented: a first line that is really a parent (its next line is at the least
indentation of the block: its children, `lastState:` then `  terminated:`), a first line with a
value (`name: manager`), a block with a later line at or left of the first line's column, a
block whose least indented lines are not all keys (a list's `- ` items, prose), tabs.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["first_line_reindented"]

# a mapping's key opening a block: `lastState:`, nothing after it but blanks
_OPENS = lazy_regex(r"^(?P<indent> *)[A-Za-z_][\w.-]{0,252}:[ ]*$")
# one of a mapping's keys (its value on the line or under it)
_KEY = lazy_regex(r"^ *[A-Za-z_\"'][^:#]{0,252}:(?:[ ]|$)")


def first_line_reindented(texts: list[str]) -> list[str] | None:
    """`texts` with the first line put at its siblings' indentation (module docstring), or
    None when the block is not one whose first line lost its indentation."""
    first = _OPENS.match(texts[0]) if texts else None
    rest = [t for t in texts[1:] if t.strip()]
    if first is None or len(rest) < 2 or any("\t" in _indent(t) for t in rest):
        return None
    depths = [len(_indent(t)) for t in rest]
    least = min(depths)
    if least <= len(first["indent"]) or depths[0] <= least:
        return None  # a later line left of the first, or the next line a child of it
    if not all(_KEY.match(t) for t, d in zip(rest, depths, strict=True) if d == least):
        return None  # the least indented lines are not keys of one mapping
    return [" " * least + texts[0].lstrip(" "), *texts[1:]]


def _indent(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" \t"))]
