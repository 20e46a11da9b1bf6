"""Rancher's line of a container's last state (its dashboard's words: `Last state: Terminated
with 137: OOMKilled, started: Sun, Apr 6 2025 9:18:56 pm, finished: Sun, Apr 6 2025 9:19:07
pm`, dify-k8s-2): the container's last state terminated, its exit code after `with` and its
reason after the colon, as describe's `Last State: Terminated` / `Reason:` / `Exit Code:`
print them (core/v1 ContainerStateTerminated's exitCode and reason). Put back as describe's
lines (runs.py, `_rancher_run`), where runs.py's readers of describe's state fields read them;
the times Rancher prints after them are not read (the record's other times are none).

Rancher prints no code after `with` where the container exited 0 (`Last state: Terminated with :
Completed`, docker-alpine-368): the reason alone is read then, no Exit Code put back. The
container's state cell before the last state (`CrashLoopBackOff (back-off 5m0s restarting failed
container=container-0 pod=NAME_NAMESPACE(UID)) | Last state: ...`) is the waiting state's
reason and, in brackets, its message verbatim: the kubelet's message of a start refused in
back-off (kuberuntime_manager.go's doBackOff, R4.9; waiting_back_off.py reads it written
`REASON: MESSAGE`), put back as describe's `State: Waiting` with its Reason and Message. A
cell of other words, or a message without the container and pod the kubelet names, is not
read."""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

# the key, the state and its exit code (none printed for 0), then the reason (a word: the
# runtime's, the kubelet's); one of the two at least
_LAST = lazy_regex(r"\bLast[ \t]+[Ss]tate:[ \t]*Terminated[ \t]+with[ \t]*"
                   r"(?:(?P<code>\d{1,3})\b|(?=:[ \t]*[A-Za-z]))"
                   r"(?::[ \t]*(?P<reason>[A-Za-z]{1,60})\b)?")
# the state cell before it: CrashLoopBackOff and the kubelet's back-off message in brackets,
# then Rancher's `|` (matched from the cell's word to the key: one pass)
_WAITING_CELL = lazy_regex(r"CrashLoopBackOff[ \t]*\((?P<message>back-off[ \t]+\d[0-9hms.]{0,19}"
                           r"[ \t]+restarting[ \t]+failed[ \t]+container=[^\s=()]{1,253}[ \t]+"
                           r"pod=[a-z0-9][a-z0-9.-]{0,252}_[a-z0-9-]{1,63}\([0-9a-f-]{1,36}\))"
                           r"\)[ \t]*\|[ \t]*")
# the times Rancher prints after them, the rest of the line (each bounded: one pass), short
# of a question mark: the sentence's own, which asks (`_rancher_run`), not the time's
_TIMES = lazy_regex(r",[ \t]*started:[^\n]{1,80}?,[ \t]*finished:[^\n?\uff1f]{1,80}")


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
    if m["code"] is not None:
        lines.append(f"  Exit Code: {m['code']}")
    times = _TIMES.match(line, m.end())
    end = times.end() if times is not None else m.end()
    waiting = _waiting_cell(line, m.start())
    if waiting is None:
        return RancherState(lines, m.start(), end)
    return RancherState([*waiting.lines, *lines], waiting.start, end)


def _waiting_cell(line: str, key: int) -> RancherState | None:
    """The waiting state's cell right before the last state's key (`_WAITING_CELL`), as
    describe prints it; None without one. Its word is looked for once (a plain find)."""
    at = line.rfind("CrashLoopBackOff", 0, key)
    m = _WAITING_CELL.match(line, at) if at >= 0 else None
    if m is None or m.end() != key:
        return None
    lines = ["State: Waiting", "  Reason: CrashLoopBackOff", f"  Message: {m['message']}"]
    return RancherState(lines, m.start(), m.end())
