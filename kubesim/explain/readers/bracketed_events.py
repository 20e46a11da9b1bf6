"""A dashboard's event log with every field in square brackets, one event a line (Yatai's,
fixquoted74): `[2023-06-14 13:40:06] [Pod] [web-0] [Unhealthy] Liveness probe errored: ...`,
the time the dashboard logged the event (local, no zone), the involved object's kind and name,
the reason, then the message; no count, so each line is one occurrence. A code span may open
at the first line's start and close after the last's message (a backtick each).

Only rows of kind Pod with a reason the kubelet writes are read as events (another kind's, a
HorizontalPodAutoscaler's or a Deployment's, is of no container: `bracketed_other_kind` names
it, so the paste says it did not read it).
"""

from __future__ import annotations

import re

from kubesim.explain.readers.event_layouts import KUBELET_REASONS, Cells

__all__ = ["bracketed_cells", "bracketed_other_kind", "bracketed_row"]

_BRACKETED = re.compile(
    r"^[ \t]*`?\[(?P<time>\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)\][ \t]+"
    r"\[(?P<kind>[A-Z][A-Za-z]{0,62})\][ \t]+\[(?P<name>[a-z0-9][a-z0-9.-]{0,252})\][ \t]+"
    r"\[(?P<reason>[A-Z][A-Za-z0-9_]{0,80})\](?:[ \t]+(?P<message>\S.*?))?`?[ \t]*$")


def bracketed_cells(line: str) -> Cells | None:
    """A bracketed event row of a Pod (the module's docstring) as its cells; None for any
    other line, a row of another kind included."""
    m = _BRACKETED.match(line)
    if m is None or m["kind"] != "Pod" or m["reason"] not in KUBELET_REASONS:
        return None
    return Cells(m["reason"], (m["message"] or "").strip(), None, m["time"], kind="Pod",
                 name=m["name"])


def bracketed_other_kind(line: str) -> str | None:
    """The kind of a bracketed event row of an object other than a Pod (not read); None for
    any other line."""
    m = _BRACKETED.match(line)
    return m["kind"] if m is not None and m["kind"] != "Pod" else None


def bracketed_row(line: str) -> bool:
    """Whether the line is a bracketed event row of any kind (no JSON list opens it)."""
    return _BRACKETED.match(line) is not None
