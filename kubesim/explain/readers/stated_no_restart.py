"""The case's own pod stated in its author's prose as not restarted, the state it is in (held-out
batch 119, universal-resolver-411: `uni-resolver-web pod is healthy but unresponsive so
Kubernetes is not restarting the pod.`; crashcatch55).

An author's statement, as the present state of their own pod, that Kubernetes (the kubelet, k8s)
is not restarting it, or that it has not restarted (`is not restarting the pod`, `never
restarted the pod`, `the pod has not restarted`, `the api pod was never restarted`), tells its
restart count: none (R4.1: every restart follows an end; no restart, no end the kubelet made, no
probe's kill). Explain answers that nothing ended the container (cannot-tell what holds it, no
probe failed, {0, 0}, no failure shown), where it refused the page.

Its subject is the case's pod as stated_end.py names it (a determiner of the case's and up to
three words before `pod` or `container`, or a dashed name with `pod` after it); the agent
Kubernetes, k8s or the kubelet. Unread: a guide's present (`Kubernetes does not restart a pod
that ...`, `pods`, `your pod`), a conditional, a question, a sentence of what may happen, a
future (`will not restart`), a purpose (`so that Kubernetes does not restart the pod`: what a
change is for), a line under a heading of what the change does or should do, and a negation
in the past that `until` turns around (`Kubernetes was not restarting the pod until the third
failure`: the restart happened, until_affirmed.py).
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import sentence_start, states_what_happened
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.prose_page import ProsePage
from kubesim.explain.readers.stayed_zero import Stayed, stayed_zero
from kubesim.explain.readers.unread import unread_notes
from kubesim.explain.readers.until_affirmed import affirmed_until

__all__ = ["STATED_NO_RESTART", "read_stated_no_restart"]

STATED_NO_RESTART = "stated-no-restart"
_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
_WORD = (_MARK + r"(?!(?i:a|an|any|your|their|other|another|the|my|our|this|of|in|on|for|"
         r"with|and|or|to|is|are|was|were)(?![\w.-]))[\w.-]{1,63}" + _MARK)
_POD = (r"(?:(?i:my|our|the|this)[ \t]+(?:" + _WORD + r"[ \t]+){0,3}?(?i:pod|container)"
        r"|" + _MARK + r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10}" + _MARK
        + r"[ \t]+(?i:pod|container))(?![\w-])")
_NOT = (r"(?:(?i:is|was)[ \t]+(?i:not|never)|(?i:isn['\u2019]t|wasn['\u2019]t)|"
        r"(?i:has|had)[ \t]+(?i:not|never)|(?i:hasn['\u2019]t|hadn['\u2019]t))")
# the agent not restarting the case's pod, or the pod not restarted (progressive or perfect)
_NOT_RESTARTED = lazy_regex(
    r"(?<![\w'-])(?:(?P<agent>(?i:kubernetes|k8s|the[ \t]+kubelet|kubelet))[ \t]+"
    r"(?:" + _NOT + r"[ \t]+(?i:restarting|restarted|killing|killed)|(?i:never)[ \t]+"
    r"(?i:restarted|killed))[ \t]+(?P<object>" + _POD + r")"
    r"|(?P<subject>" + _POD + r")[ \t]+(?:" + _NOT + r"[ \t]+(?:(?i:been)[ \t]+)?"
    r"(?i:restarting|restarted)|(?i:never)[ \t]+(?i:restarted)))(?![\w-])"
    # (a cause after the negated restart negates the cause, not the restart: `My pod was never
    # restarted due to failing the liveness probe` says nothing of other restarts)
    r"(?![ \t]+(?i:due[ \t]+to|because|for|by|on|after|from)(?![\w-]))")
# a purpose or a future before it in its sentence: what a change is for, what will be
_NOT_TOLD = lazy_regex(r"(?<![\w'-])(?i:so[ \t]+that|in[ \t]+order|to[ \t]+make[ \t]+sure|"
                       r"ensure|ensures|will|would|should|won['\u2019]t|expected|expect)"
                       r"(?![\w'-])")


def _no_restart(line: str) -> re.Match[str] | None:
    """The first statement on the line that the case's pod is not restarted
    (`_NOT_RESTARTED`), in a sentence of what happened with no purpose or future before it;
    None without one."""
    for m in _NOT_RESTARTED.finditer(line):
        start = sentence_start(line, m.start())
        # (`was not restarting the pod until the third failure`: the restart happened, at
        # X, fix57b; no restart count of none)
        if _NOT_TOLD.search(line, start, m.start()) is None and \
                states_what_happened(line, m.start(), m.end()) and \
                not affirmed_until(line, start, m.end()):
            return m
    return None


def read_stated_no_restart(page: ProsePage, source: str) -> RecordSet | None:
    """The record of a page of prose alone stating that the case's pod is not restarted
    (`_no_restart`, on no command's line and none under a heading of what the change does):
    one pod of no name, its one container running, restarted none times; the other lines
    said not read. None without one."""
    skip = page.commands | page.expected
    found = next((Stayed(n, m[0]) for n, x in enumerate(page.lines, 1) if n not in skip and
                  ("estart" in x or "illed" in x or "illing" in x) and
                  (m := _no_restart(x[:SENTENCE_REACH])) is not None), None)
    # (or its restart count told as staying at none over a run the author watched:
    # stayed_zero.py, the lead's decision of stop 60)
    told = "stated in the author's prose as not restarted"
    if found is None:
        found = stayed_zero(page, skip)
        told = "told with its restart count staying at none over a run the author watched"
    if found is None:
        return None
    number = found.number
    where = Where(source, number)
    c = ContainerRecord(None, where, state="running", restart_count=0, restart_where=where)
    said = Note(f"line {number}: the case's own pod {told} (`{found.said[:80]}`): read as its "
                "container running, restarted none times (R4.1: no restart, no end the kubelet "
                "made, no probe's kill)", where)
    pod = PodRecord(None, where, containers=[c], formats=[STATED_NO_RESTART])
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(page.lines, 1)
            if n != number and x.strip()]
    return RecordSet(source, STATED_NO_RESTART, pods=[pod],
                     notes=[said, *unread_notes(rest, source)])
