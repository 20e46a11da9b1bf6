"""A pod's containerStatuses list cut above: the paste starts inside the list's first item
(its `- ` line and the lines above cut away), so that item's keys sit at the indentation the
later items' keys have (two columns right of their `- `), with no `- ` of their own
(aws-efs-csi-driver-1121: `    name: efs-plugin` ... `    state:` then `  - containerID:` ...
`    state:`, then `  hostIP:` of the status). Read as one mapping, the two items' keys fall in
one mapping (a duplicate `state`); read as list items, each is a container's status.

The rule (corpus README, batches 65 and 66): a piece whose first `- ` item (at column d) has
above it only lines at column d + 2 or deeper, those at d + 2 all ContainerStatus's keys and
`name:` among them, and below its items a PodStatus key kubectl prints right after
containerStatuses in its sorted YAML (`ephemeralContainerStatuses`, `hostIP`, `hostIPs`) at
column d, is the list of containerStatuses cut above its first item: the lines above are read
as that item. Lines deeper than d + 2 above the item's first key at d + 2 are the end of a
block whose key was cut: kubectl sorts a ContainerStatus's keys, and the only block two
levels deep sorted above `name:` is lastState's, so a block at d + 6 holding `exitCode:` is
`lastState: terminated:` (ContainerStateTerminated's field); any other cut block leaves the
piece as it was read.

What stays as it was: a whole document (no piece: a real duplicate key stays refused, as the
API refuses it), a piece whose lines above the item are not ContainerStatus's keys (a pod's
spec, a Deployment's status), a piece without a following status key (which list it is cannot
be told), tabs.
"""

from __future__ import annotations

from kubesim.explain.readers.container_status import STATUS_FIELDS
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["cut_status_list", "opens_cut_list"]

_ITEM = lazy_regex(r"^(?P<indent> *)- ")
_KEY = lazy_regex(r"^(?P<indent> *)(?P<key>[A-Za-z][\w.-]{0,252}):(?:[ ]|$)")
# PodStatus's keys kubectl prints right after containerStatuses (its YAML sorts the keys)
_AFTER_LIST = frozenset({"ephemeralContainerStatuses", "hostIP", "hostIPs"})


def opens_cut_list(lines: list[PasteLine], line: PasteLine) -> bool:
    """Whether `line` opens a containerStatuses list cut above (module docstring): the first
    line of a block (the paste's, or under a fence or an author's cut), indented, its block
    (the indented lines of content from it) such a list. Each block is looked at from its
    first line only, once: one pass."""
    before = lines[line.number - 2] if line.number > 1 else None
    if not line.text.startswith(" ") or (
            before is not None and before.kind not in (LineKind.MARKUP, LineKind.CUT)):
        return False
    block: list[str] = []
    for later in lines[line.number - 1:]:
        if later.kind is not LineKind.CONTENT or not later.text.startswith((" ", "\t")):
            break
        block.append(later.text)
    return cut_status_list(block) is not None


def cut_status_list(texts: list[str]) -> str | None:
    """A pod's status YAML with `texts` read as its containerStatuses cut above the first item
    (module docstring), or None when the piece is not one."""
    if any("\t" in t for t in texts):
        return None
    start = next((i for i, t in enumerate(texts) if _ITEM.match(t)), None)
    if start is None or start == 0:
        return None
    column = len(texts[start]) - len(texts[start].lstrip(" "))
    head = _cut_head(texts[:start], column + 2)
    if head is None or not _status_key_after(texts[start:], column):
        return None
    # one status around the list; every line two columns right so that `status:` is at 0
    lines = ["status:", " " * (column + 2) + "containerStatuses:", *head,
             *("  " + t if t.strip() else t for t in texts[start:])]
    return "\n".join(lines) + "\n"


def _cut_head(above: list[str], column: int) -> list[str] | None:
    """The first item's lines, its `- ` put back (two columns right, as every line), or None
    when the lines above are not a ContainerStatus's keys at `column` (and a lastState's
    terminated block cut above them)."""
    rows = [t for t in above if t.strip()]
    depths = [len(t) - len(t.lstrip(" ")) for t in rows]
    if not rows or min(depths) < column:
        return None
    first = depths.index(column) if column in depths else len(rows)
    keys = [m["key"] for t, d in zip(rows, depths, strict=True) if d == column
            for m in [_KEY.match(t)] if m is not None]
    if len(keys) != depths.count(column) or "name" not in keys or \
            not set(keys) <= STATUS_FIELDS:
        return None
    cut, kept = rows[:first], rows[first:]
    item = " " * column + "- "  # the item's `- `, two columns right of column - 2
    if not cut:
        return [item + kept[0].lstrip(" "), *("  " + t for t in kept[1:])]
    if "lastState" in keys or set(depths[:first]) != {column + 4} or \
            not any(t.lstrip().startswith("exitCode:") for t in cut):
        return None  # a cut block other than lastState's terminated state
    return [item + "lastState:", " " * (column + 4) + "terminated:",
            *("  " + t for t in cut), *("  " + t for t in kept)]


def _status_key_after(items: list[str], column: int) -> bool:
    """Whether a PodStatus key kubectl sorts right after containerStatuses follows the list's
    items at the list's column (the list is containerStatuses, not another)."""
    for text in items:
        found = _KEY.match(text)
        if found is not None and len(found["indent"]) == column:
            return found["key"] in _AFTER_LIST
    return False
