"""Lens's Last Status of a container, copied from its pod drawer (held-out batch 138:
vault-env-392).

Lens (the Kubernetes IDE) prints a container's last state in its pod drawer's `Last Status`
as the state's word on a line, then `Reason: R - exit code: N`, then `Started at:` and
`Finished at:` (pod-details-container.tsx `renderLastState`: only for a lastState
`terminated`; the current state is one line, `terminated - R (exit code: N)`). A copy of it
is a Last State Terminated with that Reason and Exit Code (R4.6). The drawer shows it under
the container's name; where the author's line right above the state's word names a container
(`copy-vault-env pod got:`, `` `web`: ``: a dashed name or one in a code span, a colon ending
the line), the state is that container's.

A copy may repeat the key (`Reason:Reason: OOMKilled - exit code: 137`, the drawer's label
copied with the value): read once. Without the state's word `terminated` on the line above,
or with other words around the pair, it is no copy of the drawer (runs.py's readers of a
state in a sentence read those). Each line is matched whole, its parts bounded: one pass.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["LENS_LAST_STATUS", "is_lens_reason", "lens_last_status"]

LENS_LAST_STATUS = ("Lens's Last Status of a container (its state's word, then `Reason: R - exit "
                    "code: N`): read as its Last State Terminated with that Reason and Exit Code")
_REASON = lazy_regex(r"[ \t]*(?:(?i:reason):[ \t]*){1,2}(?P<reason>[A-Za-z]{1,60})[ \t]+-[ \t]+"
                     r"(?i:exit code):[ \t]*(?P<code>\d{1,3})[ \t]*")
_STATE_WORD = lazy_regex(r"[ \t]*(?i:terminated)[ \t]*")
# (a code span's opening mark may be gone: a paste's cleaning reads a line's first backtick
# after a fence as the fence's)
_NAMED = lazy_regex(r"[ \t]*(?:`?(?P<quoted>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)`"
                    r"|(?P<dashed>[a-z0-9]{1,30}(?:-[a-z0-9]{1,30}){1,6}))"
                    r"(?:[ \t]+(?i:pod|container))?(?:[ \t]+(?i:got|shows|has|status))?"
                    r"[ \t]*:[ \t]*")


class LensStatus(NamedTuple):
    """The lines describe prints for the state Lens's drawer shows, and what they are."""

    lines: list[str]
    what: str


def is_lens_reason(line: str) -> bool:
    """Whether the line is the drawer's `Reason: R - exit code: N` line, whole."""
    return _REASON.fullmatch(line) is not None


def lens_last_status(lines: list[str], number: int) -> LensStatus | None:
    """The Last State that line `number` (1-based) of `lines` holds as the drawer's reason
    line under the state's word (`terminated`), under the container the line above that
    names where it names one; None otherwise."""
    m = _REASON.fullmatch(lines[number - 1])
    if m is None or number < 2 or _STATE_WORD.fullmatch(lines[number - 2]) is None:
        return None
    state = ["Last State:   Terminated", f"  Reason:     {m['reason']}",
             f"  Exit Code:  {m['code']}"]
    named = _NAMED.fullmatch(lines[number - 3]) if number > 2 else None
    if named is None:
        return LensStatus(state, LENS_LAST_STATUS)
    name = named["quoted"] or named["dashed"]
    return LensStatus(["Containers:", f"  {name}:", *("    " + x for x in state)],
                      f"{LENS_LAST_STATUS}, of the container the line above it names ({name})")
