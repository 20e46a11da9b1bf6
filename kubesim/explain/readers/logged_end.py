"""The app's own end in a log its author gives as the case's pod's, on a page that shows no
record kubectl prints (fc58d, held-out batch 141, kgateway-2736: `Each crash has the following
events in the pod's logs`, then a fenced log ending in Go's `panic: send on closed channel`
and `goroutine 97338 [running]:` with its traceback).

The corpus README's rule of a runtime's line printed only as its process ends (app_end.py's
table: Go's `panic:` or `fatal error:` with a goroutine's traceback, Erlang's, node's, the
JVM's) reads that the container's process ended, its cause not told. Beside the kubelet's
record the end is that record's pod's; on a page of prose and a log alone, the log is the
pod's where the author says so before it (stop 58, fc58d): a sentence that names the log as
the case's pod's or container's (`in the pod's logs`, `the container's log:`, `logs of my
pod:`; a determiner of the case's, up to two words naming it), telling what happened (no
question, conditional or sentence of what may happen, no negation before the log in its
sentence). Read as that pod, of no name, one container ended at least once, its exit code and
reason not in the record: cannot-tell, kills {0, null} (no Killing row or count bounds them).

Unread: no such sentence (a panic may be any program's: a CLI's, a test's), a log of no case's
(`your pod's logs`, `a pod's logs`), a sentence that asks (`is this in the pod's logs?`), a
conditional (`if the pod's logs show ...`), a negation (`nothing in the pod's logs`), a
sentence after the end (it introduces no log above it), and a `panic:` with no goroutine's
traceback after it (the app's own log line may say `panic:`). Each line looked at once in its
first 4,000 characters: one pass.
"""

from __future__ import annotations

from kubesim.explain.readers.app_end import app_ends
from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    NoteKind,
    PodRecord,
    RecordSet,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine, is_fence
from kubesim.explain.readers.stated_cause import NEGATED
from kubesim.explain.readers.unread import unread_notes

__all__ = ["LOGGED_END", "read_logged_end"]

LOGGED_END = "an app's end in its pod's log"
_WORD = r"(?!(?i:a|an|any|your|their|his|her|another|other|some)(?![\w'-]))[\w.-]{1,40}"
# the case's pod's or container's log: `the pod's logs`, `logs of my pod`
_POD_LOG = lazy_regex(
    r"(?<![\w'-])(?P<det>(?i:the|my|our|this))[ \t]+(?:" + _WORD + r"[ \t]+){0,2}?"
    r"(?i:pod|container)['\u2019](?i:s)[ \t]+(?i:logs?)(?![\w-])"
    r"|(?<![\w'-])(?i:logs?)[ \t]+(?i:of|from)[ \t]+(?P<det2>(?i:the|my|our|this))[ \t]+"
    r"(?:" + _WORD + r"[ \t]+){0,2}?(?i:pod|container)(?![\w-])")
_REACH = 4000


def _introduced(lines: list[str], upto: int) -> int | None:
    """The (1-based) number of the first line above line `upto` whose sentence names the log
    as the case's pod's (`_POD_LOG`) and tells what happened; None without one."""
    for number, text in enumerate(lines[:upto - 1], 1):
        line = text[:_REACH]
        if "log" not in line.lower():
            continue
        m = _POD_LOG.search(line)
        if m is None or NEGATED.search(line, 0, m.start()) is not None or \
                not states_what_happened(line, m.start(), m.end()):
            continue
        return number
    return None


def read_logged_end(text: str, source: str) -> RecordSet | None:
    """The record of the case's pod whose log shows its app's end (module docstring), or
    None."""
    if "log" not in text.lower():
        return None
    lines = text.split("\n")
    pasted = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1) if x.strip()]
    ends = app_ends(pasted)
    if not ends:
        return None
    told = _introduced(lines, ends[0].number)
    if told is None:
        return None
    where = Where(source, ends[0].number)
    pod = PodRecord(None, where, formats=[LOGGED_END])
    pod.containers = [ContainerRecord(None, where)]
    pod.notes = [Note(f"line {e.number}: `{e.text}`, which {e.runtime} prints only as its "
                      "process ends", Where(source, e.number), kind=NoteKind.APP_END)
                 for e in ends]
    pod.notes.append(Note(f"line {told}: the author gives the log below as the case's pod's: "
                          "the app's end in it read as that pod's container's, at least once, "
                          "its exit code and reason not in the record", Where(source, told)))
    read = {told} | {e.number for e in ends}
    rest = [x for x in pasted if x.number not in read and not is_fence(x.text)]
    return RecordSet(source, LOGGED_END, pods=[pod], notes=unread_notes(rest, source))
