"""The app's own end, as its runtime prints it: lines a paste holds beside the kubelet's
record (the container's log, pasted above its events) that a runtime prints only as its
process ends.

Only lines that show the process's end are in the table (`APP_ENDS`):

- Erlang/OTP: init's `crash/2` prints its slogan and halts the VM, which writes its crash
  dump (erts/preloaded/src/init.erl: `Kernel pid terminated (Who) (Reason)`, `Runtime
  terminating during boot (...)`; erts's `Crash dump is being written to: FILE...`);
- Go: the runtime's `panic: ` (printpanics) and `fatal error: ` (throw/fatal), each followed
  by the traceback of its goroutines (`goroutine N [running]:`), then exit(2)
  (runtime/panic.go); a `panic:` without that traceback may be the app's own log line, and is
  not read;
- Node.js: the source line of an uncaught `'error'` event (`throw er; // Unhandled 'error'
  event`), which node prints only when the exception ends the process (its fatal exception
  report);
- the JVM: its fatal error log's header (`# A fatal error has been detected by the Java
  Runtime Environment:`, VMError::report_and_die, then abort) and
  `-XX:+ExitOnOutOfMemoryError`'s / `CrashOnOutOfMemoryError`'s `Terminating due to` /
  `Aborting due to java.lang.OutOfMemoryError` (os::exit or abort).

Left out: Java's `Exception in thread "main"` (the JVM lives on while a thread that is not a
daemon runs) and Python's `Traceback (most recent call last):` (`logging.exception` prints
the same lines in a process that goes on): neither shows the process ended.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.normalise import PasteLine

__all__ = ["APP_ENDS", "AppEnd", "app_ends"]

# (runtime, the line's pattern, whether a goroutine's traceback must follow it)
APP_ENDS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("Erlang", re.compile(r"^\s*Kernel pid terminated \("), False),
    ("Erlang", re.compile(r"^\s*Runtime terminating during boot \("), False),
    ("Erlang", re.compile(r"^\s*Crash dump is being written to: "), False),
    ("Go", re.compile(r"^\s*panic: \S"), True),
    ("Go", re.compile(r"^\s*fatal error: \S"), True),
    ("Node.js", re.compile(r"^\s*throw er; // Unhandled 'error' event\s*$"), False),
    ("the JVM", re.compile(r"^#\s+A fatal error has been detected by the Java Runtime "
                           r"Environment:"), False),
    ("the JVM", re.compile(r"^\s*(?:Terminating|Aborting) due to "
                           r"java\.lang\.OutOfMemoryError\b"), False),
)
_GOROUTINE = re.compile(r"^\s*goroutine \d{1,12} \[")
_TRACE_REACH = 6  # a panic's value may take a line or two, then a blank one, before it
_SHOWN = 60


class AppEnd(NamedTuple):
    """A line of the paste that shows the app's process ended: its number, the runtime that
    prints it, and its text (cut)."""
    number: int
    runtime: str
    text: str


def app_ends(lines: list[PasteLine]) -> list[AppEnd]:
    """The lines among `lines` (a paste's lines no reader read, in order) that a runtime
    prints as its process ends (`APP_ENDS`)."""
    found = []
    for k, line in enumerate(lines):
        text = line.text[:4096]
        for runtime, pattern, traced in APP_ENDS:
            if pattern.match(text) and (not traced or _traced(lines, k)):
                found.append(AppEnd(line.number, runtime, text.strip()[:_SHOWN]))
                break
    return found


def _traced(lines: list[PasteLine], k: int) -> bool:
    """Whether a goroutine's traceback follows line `k` within `_TRACE_REACH` lines."""
    reach = lines[k].number + _TRACE_REACH
    for line in lines[k + 1:k + 1 + _TRACE_REACH]:
        if line.number > reach:
            return False
        if _GOROUTINE.match(line.text[:200]):
            return True
    return False
