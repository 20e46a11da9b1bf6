"""An exit the case's pod's status shows, stated in its author's prose, beside a record of that
one pod that shows none of its containers' states (held-out batch 125, fc55j: katafygio-81's
`The only thing showing in the status is an exit with status code 2 :` above the pod's status
YAML, cut in its containerStatuses before the container's state).

The corpus README's prose rules: what the case's own pod shows, told by its author, is what it
shows (a probe's failure its describe or events show, said_failing.py; a restart stated with
no cause, restarts_beside.py). Here what the pod's status (describe, state) shows is an exit
with its code (`the status shows an exit with exit code 2`, `the only thing showing in the
pod's status is an exit with status code 2`, `its status says exit code 1`): the pod's one app
container ended with that code, at least once, whether its State or its Last State not told
(an untold Terminated state, as a state's fields without their `State:` line are read), no
reason, no time, and no count bounding its restarts. What ended it stays the README's rule of
an exit: weighed against the earliest kill the record's probe settings allow, with none and no
event to tell, cannot-tell (R4.1: a kill's SIGTERM ends a process with a code of its own too).

Its subject is the status of the case's (a determiner of the case's before `status`, maybe the
pod's or container's noun between: `the status`, `its status`, `the pod's status`); the record
holds that one pod and shows none of its containers' states (`bare_pod`: a state it shows is
read from the record). Unread: `a status`, `your status`, another's (`the other pod's status`),
a negation, a question, a conditional or a guide's words (`if`, `may`, `when`,
`happened.states_what_happened`), and a line in a section of what should happen. Each line is
read up to `SENTENCE_REACH` characters, the statement looked for around `exit` a bounded number
of times: one pass.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import PLACES_WEIGHED, SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.sections import aside_lines
from kubesim.explain.readers.stated_cause import NEGATED
from kubesim.explain.readers.stated_crashloop import bare_pod
from kubesim.explain.readers.stated_pod_oom import unlist_line

__all__ = ["STATUS_EXIT", "give_status_exit"]

# the status of the case's pod or container: a determiner of the case's, maybe the pod's noun
_STATUS = (r"(?i:the|its|my|our|this)[ \t]+(?:(?i:pod|container)(?:['\u2019]s)?[ \t]+)?"
           r"(?i:status|state|describe)")
# what it shows: `the status shows|says|is ...`, `the only thing showing in the status is ...`
_SHOWS = (r"(?:" + _STATUS + r"[ \t]+(?i:shows|showed|says|said|is|was)|(?i:showing|shown|seen)"
          r"[ \t]+(?i:in)[ \t]+" + _STATUS + r"[ \t]+(?i:is|was))[ \t]+")
# the exit and its code (`an exit with status code 2`, `exit code 2`, `an exit with code: 1`)
_EXIT = (r"(?:(?:(?i:an?)[ \t]+)?(?i:exit)[ \t]+(?i:with)[ \t]+(?:(?i:an?|the)[ \t]+)?"
         r"(?:(?i:status|exit|error|return)[ \t]+)?(?i:code)|(?i:exit)[ \t]+(?i:code))"
         r"(?:[ \t]+(?i:of))?[ \t]*:?[ \t]*(?P<code>\d{1,3})(?![\w-]|\.\d)")
STATUS_EXIT = lazy_regex(r"(?<![\w'\u2019-])" + _SHOWS + _EXIT)
# another's pod or status (`the other pod's status shows ...`): no case's
_OTHER = lazy_regex(r"(?<![A-Za-z])(?i:other|another)(?![A-Za-z])")


def give_status_exit(found: RecordSet, text: str) -> None:
    """The exit an English sentence states the status of the record's one pod shows
    (`STATUS_EXIT`), where the record shows none of its containers' states (`bare_pod`), given
    to its one app container as an untold Terminated state of that exit code; said in a note,
    the line no longer listed as not read."""
    pod = bare_pod(found)
    if pod is None or "exit" not in text.lower():
        return
    lines = text.split("\n")
    skip = aside_lines(lines)
    for number, line in enumerate(lines, 1):
        m = None if number in skip else stated_exit(line[:SENTENCE_REACH])
        if m is not None and int(m["code"]) <= 255:
            _give(found, pod, number, lines, m)
            return


def stated_exit(line: str) -> re.Match[str] | None:
    """The statement of an exit the case's status shows on the line (`STATUS_EXIT`), looked for
    around `exit`; None without one, or in a sentence that negates it, asks, says what may
    happen or is another's."""
    low, at, left = line.lower(), line.lower().find("exit"), PLACES_WEIGHED
    while at >= 0 and left:
        left -= 1
        m = STATUS_EXIT.search(line, max(0, at - 120), at + 60)
        if m is not None and _stated(line, m):
            return m
        at = low.find("exit", at + 1)
    return None


def _stated(line: str, m: re.Match[str]) -> bool:
    """Whether the sentence holding the match states it of the case: what happened, no
    negation or another's pod in it before the exit's code."""
    start = sentence_start(line, m.start())
    return states_what_happened(line, m.start(), m.end()) and \
        NEGATED.search(line, start, m.end()) is None and \
        _OTHER.search(line, start, m.end()) is None


def _give(found: RecordSet, pod: PodRecord, number: int, lines: list[str],
          m: re.Match[str]) -> None:
    """The pod's one app container ended with the code the sentence gives (an untold
    Terminated state: State or Last State not told, no reason or time, its restarts no count
    bounds); the note says so."""
    where = Where(found.source, number)
    if not pod.containers:
        pod.containers.append(ContainerRecord(None, where))
    c = pod.containers[0]
    code = int(m["code"])
    c.state, c.restarts_cut = "terminated", True
    c.terminated = Terminated(None, code, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where, untold=True)
    unlist_line(found, number, lines)
    found.notes.append(Note(
        f"line {number}: an exit the case's pod's status shows, stated in the author's prose "
        f"(`{m[0][:80]}`), beside the record's one pod whose containers' states it does not "
        f"show: read as its container having ended with exit code {code}, at least once, "
        "whether its State or its Last State not told, no reason or time in the record; what "
        "ended it is not stated, and no count bounds its restarts", where))
