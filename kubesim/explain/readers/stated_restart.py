"""The case's own pod or container stated in English prose to restart, no cause given (held-out
batches 77-80, fixprose77: rhel-edge-automation-arch-184's `the container that holds the nexus
server was restarting`, jitsi-helm-118's `the pod of jvb kept restarting`, amundsen-1448's `The
metadata pod continually restarts` under its issue form's `## Current Behavior`).

The corpus README's prose rules: a statement of the case in its author's prose is read where
its subject is the case's own pod or container (a determiner of the case's: my, our, the, this)
and it states what happened; restarts stated with no cause are no kill: they show that the
case's container ended, at least once, what ended it not stated (fixprose45's restarts joined
by `and`; the first-person count of restarts, whose count bounds nothing; zh_restarts.py's
Chinese `一直重启`). A restart follows an end (R4.1).

The subject (`CASE_RESTART`): a determiner of the case's, up to two words (a name, maybe in a
code span), then `pod` or `container` (or the case's pods, several: `the pods`, `our
containers`, as the README's probe-kill rules read them); `the pod of jvb`, `the pod for X`
(the case's pod, named by its app after it); a relative clause between the subject and its
verb (`the container that holds the nexus server was restarting`: the clause's object is no
subject). The verb, right after: progressive or past (`was restarting`, `kept restarting`,
`keeps getting restarted`, `restarted`, an adverb of how often between), or the simple present
(`continually restarts`) only on a line under a heading of what happens (`## Current Behavior`,
`Actual results`, `What happened`: `sections.case_lines`), the author's present telling of their
own system; elsewhere the simple present is a guide's (`the pod restarts when ...`).

Read of a page of prose alone (`read_stated_restart`, read.py `_pasted`: nothing else read from
it), as stated_crashloop.py reads a crash loop: one pod of no name, its one container ended (a
terminated state of no reason or exit code, its restarts no count bounds), the other lines said
not read.

Unread: `a pod`, `pods`, `your pod` (no determiner of the case's), a bare app name (`jvb kept
restarting`: stated_apart.py's), a negation in the clause before the verb, a question (an
indirect one: `how many times the container restarted`), a cause given after it (`due to`,
`because`: the cause's own rules read it), a conditional, a sentence of what may happen, `was
restarted` (a restart someone made, no end of a failure), a present `restarts` with a noun
phrase right after it (`the operator pod restarts the worker pods`: a restart made; `the WAL
survives container restarts the resulting crash-loop ...`: the noun, its clause run on
unpunctuated; restart_said.OBJECT_AFTER, stop 58, fc58c), and a line under an `Expected`
heading. Looked for around the word `restart` only, a bounded number of places: one pass on a
long line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.restart_said import (
    case_restart,
)
from kubesim.explain.readers.sections import case_lines
from kubesim.explain.readers.unread import unread_notes
from kubesim.explain.readers.workload_pods import named_pod

__all__ = ["STATED_RESTART", "StatedEnd", "ended_record", "read_first_stated",
           "read_stated_restart"]

STATED_RESTART = "stated-restart"

_READ = ("{}: the case's own pod or container stated in the author's prose to restart, no cause "
         "given (`{}`): read as its container having ended, at least once, no reason or exit "
         "code in the record; what ended it is not stated (no kill), and no count bounds its "
         "restarts")


def read_stated_restart(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone that states a restart of the case's own pod or
    container (`case_restart`, on a line under no `Expected` heading and no command's): one
    pod of no name, its one container ended, its restarts not counted; the other lines said
    not read. None when no sentence states one."""
    return read_first_stated(page, source, StatedEnd(case_restart, case_lines, _READ,
                                                     STATED_RESTART))


class StatedEnd(NamedTuple):
    """How a page of prose alone states an end of the case's own pod or container: `find`,
    the statement on a line (its start, up to SENTENCE_REACH) and whether its present is the
    author's telling (a line of `told_lines`, given the page's lines); `said`, the note's
    text (the line and the statement to format); `layout`, the record's format."""

    find: Callable[[str, bool], re.Match[str] | None]
    told_lines: Callable[[list[str]], set[int]]
    said: str
    layout: str


def read_first_stated(page: ProsePage, source: str, stated: StatedEnd) -> RecordSet | None:
    """The record of a page of prose alone whose first line under no `Expected` heading and
    no command's states an end of the case's own pod or container (`stated.find`), as
    `ended_record` makes it; None when no line states one. One rule for each end so stated
    (a restart here, a stop in stated_stop.py)."""
    skip = page.commands | page.expected  # (headings of a page indented whole: `flat`)
    told = stated.told_lines(list(page.flat))
    found = next(((n, m) for n, x in enumerate(page.lines, 1) if n not in skip
                  and (m := stated.find(x[:SENTENCE_REACH], n in told)) is not None), None)
    if found is None:
        return None
    number, m = found
    # (the pod named by its workload's dashed name carries it: `the node-analyzer pod`, fx59d)
    return ended_record(page.text, source, number, stated.said.format(f"line {number}", m[0][:80]),
                        stated.layout, named_pod(m[0]))


def ended_record(text: str, source: str, number: int, said: str, layout: str,
                 name: str | None = None) -> RecordSet:
    """The record of a page of prose alone whose line `number` states an end of the case's own
    pod or container, no cause given (`said`: the note saying so): one pod, `name` or of no
    name, its one container ended (no reason, exit code or time: `untold`), its restarts not
    counted; the other lines said not read."""
    lines = text.split("\n")
    where = Where(source, number)
    c = ContainerRecord(None, where, state="terminated", restarts_cut=True, terminated=Terminated(
        None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where, untold=True))
    pod = PodRecord(name, where, containers=[c], formats=[layout])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n != number and x.strip()]
    return RecordSet(source, layout, pods=[pod],
                     notes=[Note(said, where), *unread_notes(rest, source)])
