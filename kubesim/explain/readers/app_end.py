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

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, NoteKind, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import PasteLine

__all__ = ["APP_ENDS", "AppEnd", "app_end_beside_events_header", "app_ends"]

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
_GOROUTINE = lazy_regex(r"^\s*goroutine \d{1,12} \[")
# describe's Events section with no row: its `Events:` line, the columns' header, the dash
# line under it, whole or cut (kubectl's describe.go, DescribeEvents)
_EVENTS_HEADER = lazy_regex(r"^\s*Events:\s*$")
_EVENTS_SECTION = lazy_regex(r"^\s*(?:Events:|Type\s+Reason\s+Age\s+From\s+Message|"
                             r"-{1,7}(?:\s+-{1,7}){0,4})\s*$")
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


def app_end_beside_events_header(out: RecordSet, described: list[PasteLine],
                                 source: str) -> None:
    """The app's end beside a describe that holds nothing but its `Events:` section, cut
    before its first row (nuclio-2812: `Events:`, its header, `  ----`): the corpus README's
    rule of a runtime's line printed only as its process ends reads the end beside the record,
    and that record is describe's, of one pod (kubectl describes one pod per `Name:`) whose
    fields and rows are not in the paste. Read as that pod, named by nothing, with the end (the
    diagnosis weighs it: an end shown, its cause not told). Without the end, or with any
    other pod, event or counter read, nothing changes; the header alone stays no record."""
    if out.pods or out.events or out.series or not described or \
            not any(n.kind is NoteKind.APP_END for n in out.notes) or \
            not any(_EVENTS_HEADER.match(x.text) for x in described) or \
            not all(_EVENTS_SECTION.match(x.text) for x in described):
        return
    where = Where(source, described[0].number)
    out.pods.append(PodRecord(None, where, formats=["describe"]))
    out.notes.append(Note(f"lines {described[0].number}-{described[-1].number}: describe's Events "
                          "section with no row (cut before its first, or empty): read as the "
                          "pod of the app's end beside it, its events not in the record", where))
