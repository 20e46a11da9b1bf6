"""Rancher's line of a container's last state (its dashboard's words: `Last state: Terminated
with 137: OOMKilled, started: Sun, Apr 6 2025 9:18:56 pm, finished: Sun, Apr 6 2025 9:19:07
pm`, dify-k8s-2): the container's last state terminated, its exit code after `with` and its
reason after the colon, as describe's `Last State: Terminated` / `Reason:` / `Exit Code:`
print them (core/v1 ContainerStateTerminated's exitCode and reason). Put back as describe's
lines (runs.py, `_rancher_run`), where runs.py's readers of describe's state fields read them;
the times Rancher prints after them are not read (the record's other times are none)."""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

# the key, the state and its exit code, then the reason (a word: the runtime's, the kubelet's)
_LAST = lazy_regex(r"\bLast[ \t]+[Ss]tate:[ \t]*Terminated[ \t]+with[ \t]+(?P<code>\d{1,3})\b"
                   r"(?::[ \t]*(?P<reason>[A-Za-z]{1,60})\b)?")
# the times Rancher prints after them, the rest of the line (each bounded: one pass)
_TIMES = lazy_regex(r",[ \t]*started:[^\n]{1,80}?,[ \t]*finished:[^\n]{1,80}")


def rancher_state_hint(text: str) -> bool:
    """Whether the text holds such a line (looked for before the paste is put back on its
    lines: runs.py reads it then)."""
    return "Terminated with" in text and _LAST.search(text) is not None


class RancherState(NamedTuple):
    """Describe's lines of the last state a Rancher line gives, and where it stands."""

    lines: list[str]
    start: int  # where the state's key starts on the line
    end: int  # where what was read of it ends (its times too)


def rancher_last_state(line: str) -> RancherState | None:
    """The last state Rancher's line gives (`_LAST`), as describe prints it; None without
    one. `Last state:` is looked for first (a plain find) so that a long line costs one pass."""
    at = line.find("ast ")
    m = _LAST.search(line, max(at - 1, 0)) if at >= 0 else None
    if m is None:
        return None
    lines = ["Last State: Terminated"]
    if m["reason"] is not None:
        lines.append(f"  Reason: {m['reason']}")
    lines.append(f"  Exit Code: {m['code']}")
    times = _TIMES.match(line, m.end())
    return RancherState(lines, m.start(), times.end() if times is not None else m.end())
