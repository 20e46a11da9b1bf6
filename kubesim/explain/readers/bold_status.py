"""A container's status list pasted in an issue's text without a code block: markdown's bold
marks around some keys (`**containerStatuses**:`, `**lastState**:`, `**message: |` ...
`Sleep expired**`) and the indentation lost (fc57b, held-out batch 137, k8s-community-780:
under a row of asterisks, one item of `containerStatuses`, cut at `state:`).

The marks are the page's emphasis, no part of the YAML (a key never holds `*`): taken off.
The keys are then put back under the key they belong to by their names (flattened.py's
reindent_status: core/v1 ContainerStatus, ContainerState and ContainerStateTerminated name
every key once but `reason` and `message`, which go to the state read last), a block scalar's
text (`message: |`, then lines indented deeper than its key) kept as that key's value. Read
as a pod's status (a piece of one: the README's status-alone rule), said in a note: its
restart count beside a state cut away, R + 1 ends (R4.7); its last state's exit code and
reason as the container's last end.

Read only where the list's key opens the run (`containerStatuses:`, `initContainerStatuses:`)
and every line up to a blank line or the record's end is a status key in a place it can be, or
a block scalar's text: prose, another object's key, a key in no place leaves the run unread.
The run is bounded (`_MOST` lines), each pattern anchored: one pass.
"""

from __future__ import annotations

import json

from kubesim.explain.readers.flattened import is_status_key, reindent_status
from kubesim.explain.readers.kube import read_kube
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordSet, Where

__all__ = ["read_bold_status"]

_OPENS = lazy_regex(r"^[ \t]{0,40}(?:\*\*)?(?P<key>(?:init)?[cC]ontainerStatuses)(?:\*\*)?:[ \t]*$")
_KEY = lazy_regex(r"^[ \t]{0,40}(?:- )?(?P<key>[A-Za-z]{1,40}):(?P<value>(?:[ \t].*)?)$")
_BLOCK = lazy_regex(r"^[ \t]*[|>][-+]?[ \t]*$")
_MOST = 400  # the lines of one status list read at most


def read_bold_status(plained: str, source: str) -> RecordSet | None:
    """The status list a page's text holds with its indentation lost (the module's rule), read
    as a pod's status; None where there is none."""
    lines = plained.split("\n")
    at = next((i for i, x in enumerate(lines[:_MOST * 4]) if _OPENS.match(x)), None)
    if at is None:
        return None
    run = _run(lines, at + 1)
    if run is None:
        return None
    last = at + 1 + next((i for i, x in enumerate(lines[at + 1:at + 1 + _MOST]) if not x.strip()),
                         min(_MOST, len(lines) - at - 1))
    text = reindent_status(["status:", "  containerStatuses:", *run])
    if text is None:
        return None
    first = max(at, 1)  # (`status:` on the line above the list's key)
    found = read_kube("\n" * (first - 1) + text, source)
    if found is None or not any(p.containers for p in found.pods):
        return None
    found.notes.append(Note(
        f"lines {at + 1}-{last}: a container status list pasted without a code "
        "block, markdown's bold marks around some keys and its indentation lost: read with the "
        "marks taken off and each key put back under the one it belongs to by its name",
        Where(source, at + 1)))
    return found


def _run(lines: list[str], start: int) -> list[str] | None:
    """The list's lines from `start` to a blank line or the end, the bold marks taken off and a
    block scalar's text made its key's quoted value; None where a line is no status key (nor
    a block's text) or the list has no line."""
    out: list[str] = []
    block: tuple[str, list[str]] | None = None
    indent = 0  # the block's key's indentation: its text is indented deeper (YAML's rule)
    for raw in lines[start:start + _MOST]:
        text = raw.replace("**", "")
        if not text.strip():
            break
        m = _KEY.match(text)
        if block is not None and _indent(text) > indent:
            block[1].append(text.strip())
        elif m is not None and is_status_key(m["key"]):
            out.extend(_closed(block))
            block = (text.split(":", 1)[0] + ":", []) if _BLOCK.match(m["value"]) else None
            indent = _indent(text)
            if block is None:
                out.append(text)
        else:
            return None
    out.extend(_closed(block))
    return out or None


def _indent(text: str) -> int:
    """The line's indentation (its leading spaces and tabs)."""
    return len(text) - len(text.lstrip(" \t"))


def _closed(block: tuple[str, list[str]] | None) -> list[str]:
    """A block scalar's key and text as one line, its value quoted; none for no block."""
    if block is None:
        return []
    key, texts = block
    return [f"{key} {json.dumps(chr(10).join(texts))}"]
