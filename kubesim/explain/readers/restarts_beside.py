"""The case's own pod stated in English prose to restart, beside a record of that one pod that
shows none of its containers' states (held-out batch 107, fixprose52d:
fluxcd-source-controller-192's `I have noticed that the source-controller pod of my gotk
deployment restarting a huge number of times over the weekend (148 times -- version 0.1.1)`,
above a fenced `k describe po -n gotk-system source-controller-5cc54c757c-ccwz8` cut at
`State:`).

The English counterpart of zh_restarts_beside.py, one rule with it: the corpus README's prose
rules read the case's own pod stated restarting, no cause given, as a restart with no cause
(its container ended, at least once, what ended it not stated: cannot-tell, {0, null}; a count
the author gives, `148 times`, is the author's and bounds nothing, the README's first-person
count of restarts). A describe held apart on its own lines keeps its containers' states to
itself (runs.py reads no sentence into it), so where it shows none of them the sentence
(restart_said.case_restart: `was restarting`, `kept restarting`, the author's `I noticed the
pod restarting`) is read here, after the record, and given to that pod's one app container, a
Terminated state of no reason, exit code or time, its restarts no count bounds (R4.1: a
restart follows an end).

Its subject is the case's: a determiner of the case's and `pod` or `container`, the words
between them, if any, naming the record's one pod (`names_pod`: `the source-controller pod`).
Unread: what case_restart leaves unread (a negation, a question, a conditional, a cause given
after it, `a pod`, `your pod`), a name of another pod, a line under an `Expected` heading, and
a record of several pods or one whose container's state it shows.
"""

from __future__ import annotations

import re

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
from kubesim.explain.readers.restart_said import case_restart, note_restart
from kubesim.explain.readers.sections import aside_lines, case_lines
from kubesim.explain.readers.stated_crashloop import bare_pod
from kubesim.explain.readers.stated_pod_oom import names_pod, unlist_line

__all__ = ["give_stated_restarts", "give_untold_end"]

_MARKS = "`'\"*"


def give_stated_restarts(found: RecordSet, text: str) -> None:
    """The restarts an English sentence states of the record's one pod whose containers' states
    it does not show (`bare_pod`), its subject `the pod` or naming that pod, given to its one
    container as an end of no reason; said in a note, the line no longer listed as not read."""
    pod = bare_pod(found)
    if pod is None or "estart" not in text:
        return
    lines = text.split("\n")
    skip, told = aside_lines(lines), case_lines(lines)
    for number, line in enumerate(lines, 1):
        m = None if number in skip else _restart(line[:SENTENCE_REACH], number in told,
                                                      pod.name)
        if m is None:
            continue
        give_untold_end(found, pod, number, lines, "the case's own pod stated in the author's "
                        f"prose to restart, no cause given (`{m[0][:80]}`)")
        return


def give_untold_end(found: RecordSet, pod: PodRecord, number: int, lines: list[str],
                    said: str) -> None:
    """Give the end a sentence on line `number` states (`said`) to the one app container of the
    record's one `pod` whose containers' states it does not show: a Terminated state of no
    reason, exit code or time, its restarts no count bounds (R4.1: a restart follows an end);
    said in a note, the line no longer listed as not read. One rule for the English and the
    Chinese sentences (zh_restarts_beside.py)."""
    where = Where(found.source, number)
    if not pod.containers:
        pod.containers.append(ContainerRecord(None, where))
    c = pod.containers[0]
    c.state, c.restarts_cut = "terminated", True
    c.terminated = Terminated(None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where, untold=True)
    unlist_line(found, number, lines)
    found.notes.append(Note(
        f"line {number}: {said}, beside the record's one pod whose containers' states it does "
        "not show: read as its container having ended, at least once, no reason or exit code in "
        "the record; what ended it is not stated (no kill), and no count bounds its restarts",
        where))


# words of the environment the case's pods run in (`Our Production pods`, istio-community-749;
# stop 58, fc58e): where they run, not which pod; a subject of them alone names no other pod
_ENVIRONMENT = frozenset({"production", "prod", "staging", "stage", "dev", "development", "test",
                          "testing", "qa", "uat", "live"})


def _restart(line: str, happening: bool, pod: str | None) -> re.Match[str] | None:
    """The line's restart of the record's pod: the case's pod (`case_restart`) named by the
    words after its determiner or by none, or the pod an issue's note names opening its
    sentence, its article dropped (`note_restart`), its words joined by dashes naming the
    record's one pod (README fixprose43: `Nginx Ingress Operator` of
    nginx-ingress-operator-controller-manager-7c9d8899f8-dkt6b; fc58d)."""
    m = case_restart(line, happening)
    if m is not None and _names_the_pod(m, pod):
        return m
    m = note_restart(line, happening)
    joined = "-".join(w.strip(_MARKS) for w in m["named"].split()) if m is not None else ""
    return m if m is not None and pod is not None and names_pod(joined, pod) else None


def _names_the_pod(m: re.Match[str], pod: str | None) -> bool:
    """Whether the subject's words between its determiner and `pod` (none: `the pod`; or an
    environment's words alone, `_ENVIRONMENT`) name the record's pod (`names_pod`, one of
    them): a name of another pod gives it nothing."""
    words = [w.strip(_MARKS) for w in m["named"].split()]
    words = [w for w in words if w.lower() not in _ENVIRONMENT]
    return not words or pod is not None and any(names_pod(w, pod) for w in words if w)
