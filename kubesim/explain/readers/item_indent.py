"""A YAML list item whose first line sits off its own keys' column in the copy: the item's
dash and first key (`- containerID: ...`) at one column, the item's other keys under it at
another (agent-stack-k8s-182: ` - containerID:` with its key at column 3, `    image:`,
`    name:`, `    state:` at column 4). YAML reads an item's keys at the column of its first
key, so the block does not parse as pasted; the selection's start moved the first line (as
first_indent.py's rule of a first line that lost its indentation, corpus README batches 43
and 44).

The rule: the block's first line is a list item opening a mapping (`- key: value` or `- key:`),
every later non-blank line is indented at least as deep as the least indented later line,
those least indented lines are all keys (the item's siblings of its first key), at least two
of them, and the first key's column differs from theirs by one or two columns (a copy's slip,
not another level of nesting: a level is two columns at least in kubectl's YAML, so a key two
or more columns off would be a child or a parent). The item is then read with its dash two
columns left of its siblings' column, its first key at theirs. It is tried only where the block
does not read as it is (a YAML error, or nothing any reader takes).

What is never realigned: a first line that is no list item, a block whose later lines hold a
list item (`- `) at their least indentation (another item: the list's own column), a later
line left of the siblings' column, tabs, a key of the first line already at the siblings'
column.
"""

from __future__ import annotations

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["first_item_realigned"]

# a list item opening a mapping: `- containerID: containerd://...`, `- name:`
_ITEM = lazy_regex(r"^(?P<indent> *)- +(?P<key>[A-Za-z_][\w.-]{0,252}):(?:[ ]|$)")
# one of a mapping's keys (its value on the line or under it)
_KEY = lazy_regex(r"^ *[A-Za-z_\"'][^:#]{0,252}:(?:[ ]|$)")
_SLIP = 2  # at most this many columns off: a copy's slip, not a level of nesting


def first_item_realigned(texts: list[str]) -> list[str] | None:
    """`texts` with the first line's item moved so its first key sits at its siblings'
    column (the module's docstring), or None when the block is not such an item."""
    first = _ITEM.match(texts[0]) if texts else None
    rest = [t for t in texts[1:] if t.strip()]
    if first is None or len(rest) < 2 or any("\t" in _indent(t) for t in rest):
        return None
    depths = [len(_indent(t)) for t in rest]
    least = min(depths)
    siblings = [t for t, d in zip(rest, depths, strict=True) if d == least]
    off = abs(first.start("key") - least)
    if not 0 < off <= _SLIP or least < 2 or len(siblings) < 2:
        return None
    if not all(_KEY.match(t) and not t.lstrip().startswith("- ") for t in siblings):
        return None
    return [" " * (least - 2) + "- " + texts[0][first.start("key"):], *texts[1:]]


def _indent(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" \t"))]
