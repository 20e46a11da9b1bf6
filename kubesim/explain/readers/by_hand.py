"""A probe's command run by hand with `kubectl exec`, and the exit code the page shows under
it:

    Current Readiness Probe Behavior
    kubectl exec db-1 -n db -- /opt/percona/healthcheck readiness
    # Output: readiness check failed: Member state: RECOVERING
    # Exit code: 1

An exec probe fails on a non-zero exit, its output the message (R2.14): a command the record
ties to one probe (that probe's kind a word of the command, `healthcheck readiness`,
`/health/redis_liveness.sh`, or of the heading line right above it, `Readiness Probe`)
exiting non-zero shows that probe failing. Shown by a person, not recorded by the kubelet:
no time, at least once (`CountBasis.AT_LEAST`), said in a note. Any other `kubectl exec`
(no probe named, several named, no exit code under it, exit 0) is no probe's result and is
left to the other readers.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.kubectl_command import kubectl_command
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNKNOWN_STAMP, CountBasis, Note, RecordedEvent, Where
from kubesim.explain.readers.names import SUBDOMAIN
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["ByHand", "probe_run_by_hand"]

_LONGEST = 2000  # longer lines are no command or exit line a page shows (the patterns' bound)
_OUTPUT_LINES = 20  # how far under the command its exit code is looked for
_KINDS = ("liveness", "readiness", "startup")
_EXEC = re.compile(r"(?:^|\s)(?:kubectl|oc)\s+exec\s")
_POD = lazy_regex(SUBDOMAIN)
_WORD = lazy_regex(r"[a-z]+")
_HEADING = lazy_regex(r"\b(liveness|readiness|startup)[ _-]?probe", re.IGNORECASE)
# `# Exit code: 1`, `exit status 1`, kubectl's own `command terminated with exit code 1`
_EXIT = lazy_regex(r"#?[ \t]*(?:command terminated with exit code|exit (?:code|status))"
                   r"[ \t]*(?:[:=][ \t]*)?(\d{1,3})[ \t]*", re.IGNORECASE)
_OUTPUT = lazy_regex(r"#?[ \t]*(?:output:[ \t]*)?", re.IGNORECASE)


class ByHand(NamedTuple):
    """A probe's failure shown by running its command by hand: the event it stands for, the
    note saying how it was read, the pod the command ran in, and the index of the line after
    its exit code."""

    event: RecordedEvent
    note: Note
    pod: str | None
    end: int


class _Command(NamedTuple):
    pod: str | None
    container: str | None
    command: list[str]


def probe_run_by_hand(lines: list[PasteLine], i: int, source: str) -> ByHand | None:
    """The probe failure line `i` (0-based) and the lines under it show, or None."""
    line = lines[i]
    if line.kind not in (LineKind.CONTENT, LineKind.COMMAND) or len(line.text) > _LONGEST:
        return None
    m = _EXEC.search(line.text)
    command = _parsed(line.text[m.end():].split()) if m is not None else None
    if command is None:
        return None
    kind = _kind(command.command, _heading(lines, i))
    exit_at = _exit_line(lines, i)
    if kind is None or exit_at is None:
        return None
    code = int(_exit_code(lines[exit_at].text))
    if code == 0:
        return None  # the command passed: no failure to read
    output = " ".join(_OUTPUT.sub("", x.text, count=1).strip() for x in lines[i + 1:exit_at]
                      if x.kind is LineKind.CONTENT).strip()
    where = Where(source, line.number)
    event = RecordedEvent("Warning", "Unhealthy", f"{kind.capitalize()} probe failed: {output}",
                          1, UNKNOWN_STAMP, UNKNOWN_STAMP, where, container=command.container,
                          count_basis=CountBasis.AT_LEAST)
    shown = " ".join(command.command)[:80]
    note = Note(f"line {line.number}: `{shown}` run by hand with kubectl exec exited {code} "
                f"(line {lines[exit_at].number}): read as the {kind} probe's command, which "
                "the record names, failing (an exec probe fails on a non-zero exit, R2.14); "
                "shown by a person, not recorded by the kubelet: at least once, when is not "
                "recorded", where)
    return ByHand(event, note, command.pod, exit_at + 1)


def _parsed(words: list[str]) -> _Command | None:
    """The pod, container and command of `kubectl exec`'s arguments (`-n ns -c app POD --
    CMD ...`, read by kubectl_command.py); None without `--` or a command after it. The pod
    is the first name that is a pod's (`web-1`, `pod/web-1`)."""
    exec_ = kubectl_command(["exec", *words])
    if not exec_.after:
        return None
    pods = [n for n in exec_.names if _POD.fullmatch(n)] if exec_.of_pods() else []
    return _Command(pods[0] if pods else None, exec_.container, list(exec_.after))


def _kind(command: list[str], heading: str) -> str | None:
    """The one probe kind the command's words name, else the heading's; None when neither
    names exactly one."""
    words = {w for w in _WORD.findall(" ".join(command).lower()) if w in _KINDS}
    if len(words) == 1:
        return words.pop()
    if words:
        return None
    named = {m[1].lower() for m in _HEADING.finditer(heading)}
    return named.pop() if len(named) == 1 else None


def _heading(lines: list[PasteLine], i: int) -> str:
    """The content line right above line `i` (blank lines and fences between), or ''."""
    for x in reversed(lines[max(0, i - 4):i]):
        if x.kind is LineKind.CONTENT:
            return x.text[:_LONGEST]
        if x.kind not in (LineKind.BLANK, LineKind.MARKUP):
            return ""
    return ""


def _exit_line(lines: list[PasteLine], i: int) -> int | None:
    """The index of the exit code's line under the command on line `i`, before another
    command; None when none comes within `_OUTPUT_LINES`."""
    for j in range(i + 1, min(len(lines), i + 1 + _OUTPUT_LINES)):
        x = lines[j]
        if x.kind is LineKind.COMMAND or (x.kind is LineKind.CONTENT and _EXEC.search(
                x.text[:_LONGEST])):
            return None
        if x.kind is LineKind.CONTENT and len(x.text) <= _LONGEST and \
                _EXIT.fullmatch(x.text.strip()):
            return j
    return None


def _exit_code(text: str) -> str:
    m = _EXIT.fullmatch(text.strip())
    assert m is not None  # (`_exit_line` found it so)
    return m[1]
