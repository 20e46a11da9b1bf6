"""A container's status cut above its lastState's `terminated:` block (fixcounts84, issue 30:
explain on real pastes; kubernetes-replicator-215).

kubectl prints a ContainerStatus item's keys sorted (`containerID`, `image`, `imageID`,
`lastState`, `name`, `ready`, `restartCount`, `started`, `state`, ...; core/v1
ContainerStatus), so `name:` comes right after `lastState:`, and the only block of states
sorted above `name:` is lastState's (the kubelet writes a terminated state there,
`convertToAPIContainerStatuses`). A piece whose first line is a bare `terminated:`, its fields
indented below it, and whose later lines step back two columns left of it to the item's keys,
`name:` first and every one a ContainerStatus key kubectl prints after `lastState`, is that
item cut above its `lastState:` line: the block is the last state, the keys after it are the
same container's (its `restartCount`), and its current state is the item's `state:` where the
piece holds it (after the count: cut away where it does not; the README's counting rules then
allow `R + 1`). Read as it stands, the piece's later lines would be fields of the state.

What stays as it was: a `terminated:` whose lines never step back (a state pasted alone), a
step back to another column or to a key that is not a ContainerStatus's, or sorted before
`lastState` (`containerID:` is another item's start, `_STATUS_ITEM`), a first key other than
`name`, a second block at the state's own column (lastState holds one state), a bare
`waiting:` or `running:` (no last state the kubelet writes), tabs.
"""

from __future__ import annotations

from kubesim.explain.readers.container_status import STATUS_FIELDS
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["cut_last_state"]

_TERMINATED = lazy_regex(r"^(?P<indent> +)terminated:[ ]*$")
_KEY = lazy_regex(r"^(?P<indent> *)(?P<key>[A-Za-z][\w.-]{0,252}):(?:[ ]|$)")
# the ContainerStatus keys kubectl's sorted YAML prints before `lastState` (never after it)
_BEFORE_LAST = frozenset({"allocatedResources", "allocatedResourcesStatus", "containerID",
                          "image", "imageID", "lastState"})
_AFTER_LAST = STATUS_FIELDS - _BEFORE_LAST


def _depth(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def cut_last_state(texts: list[str]) -> str | None:
    """A pod's status YAML with `texts` read as a ContainerStatus item cut above its
    `lastState:` line (module docstring), or None when the piece is not one."""
    first = _TERMINATED.match(texts[0]) if texts and "\t" not in "".join(texts) else None
    if first is None or len(first["indent"]) < 2:
        return None
    state, column = len(first["indent"]), len(first["indent"]) - 2
    rows = [t for t in texts[1:] if t.strip()]
    back = next((i for i, t in enumerate(rows) if _depth(t) <= state), None)
    if back is None or back == 0 or not _item_keys(rows[back:], column):
        return None
    shift = 4 - column  # the item's keys at column 4, under `  - `
    moved = [(" " * shift + t if shift >= 0 else t[-shift:]) if t.strip() else t
             for t in texts]
    return "\n".join(["status:", "  containerStatuses:", "  - lastState:", *moved]) + "\n"


def _item_keys(rows: list[str], column: int) -> bool:
    """Whether `rows` (the piece's lines from its first step back) are the rest of the item:
    the first at `column` (not at the state's own column: lastState holds one state), none
    left of it (another item's line), its lines at `column` ContainerStatus keys sorted after
    `lastState`, `name` first."""
    keys: list[str] = []
    for text in rows:
        depth = _depth(text)
        if depth < column or (not keys and depth != column):
            return False
        if depth == column:
            m = _KEY.match(text)
            if m is None or m["key"] not in _AFTER_LAST:
                return False
            keys.append(m["key"])
    return bool(keys) and keys[0] == "name"
