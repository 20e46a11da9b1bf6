"""A container's state as a tool's log line prints it from the pod's `containerStatuses`, in a
page nothing else is read from (the corpus README's rules: a container's state the record
shows; held-out batch 76, sregym-132: `❌ Container grafana is waiting: CrashLoopBackOff`, an
SRE benchmark's mitigation check; skaffold-5210: Skaffold's status check `-
deployment/service-b: container service-b terminated with exit code 1`; written at
fixprose76).

Read: `Container NAME is waiting: REASON` (`state.waiting.reason`), `Container NAME is
terminated: REASON` (`state.terminated.reason`) and `container NAME terminated with exit code
N` (`state.terminated.exitCode`), NAME a container's name (a DNS label), as that container's
state; its restart count is not in the record (its ends since its start no count bounds). A
`pod/NAME:` label before it on its line (Skaffold's) names the pod.

Widened at fix58a (held-out batch 139, llm-d-benchmark-668: a benchmark harness's `16:53:24 -
❌ Crashed container in pod: vllm-standalone-llama-3-1b-845945945-dljsw`): a tool that waits on
the pods it deployed reports that a container of one has crashed (it saw the container
terminated, or waiting in a back-off after an end, R4.9): `Crashed container in pod: POD`, the
message alone on its line after the line's time and a status mark, POD a pod's own name (two or
more dash-parted parts), is an end of that pod's container, unnamed, what ended it not told (no
reason, exit code, probe or event), its restart count not in the record. Other words before the
message (a guide's `if you see ...`, a negation), a plural, no pod's name (`in pod: app`) and
words after the name are no such line.

Unread: a guide's sentence (`a container is waiting: ...`, `If the container app is waiting:
...`: a determiner, a conditional or a modal before `container`; `container` with no name of
its own), a question (the line ends with `?`), and a reason that is no word of the kubelet's
(lowercase: `is waiting: for the volume`). The first statement is read; each line up to
`SENTENCE_REACH` (one pass).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.hedges import HEDGES, SENTENCE_REACH
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
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.unread import unread_notes

__all__ = ["TOOL_STATE", "read_tool_state"]

TOOL_STATE = "tool-state"
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
# the tool's statement: `container NAME` and the state (the kubelet's reasons are CamelCase)
_STATED = lazy_regex(
    r"(?<![\w.-])(?i:container)[ \t]+[`'\"]?(?P<name>" + _LABEL + r")[`'\"]?[ \t]+(?:"
    r"(?i:is)[ \t]+(?P<kind>waiting|terminated):[ \t]+(?P<reason>[A-Z][A-Za-z]{1,62})(?![\w-])"
    r"|terminated[ \t]+with[ \t]+exit[ \t]+code[ \t]+(?P<code>-?[0-9]{1,3})(?![\w.])"
    r"|(?P<cut>terminated[ \t]+with[ \t]+(?:e|ex|exi|exit(?:[ \t]+c?o?d?e?)?)[ \t]*$))")
# (fix58a) a tool's log line reporting a crashed container of a pod by the pod's own name: the
# line's time (a clock's `16:53:24`, or an RFC 3339 stamp) and a separator, a status mark of
# one to four symbols (`❌`, `!!`) or a level
# (`ERROR:`), the message, the pod's name ending the line. The whole line
# (`fullmatch`): one attempt on a long line; each part bounded
_CRASHED = lazy_regex(
    r"[ \t]{0,8}(?:(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?Z?[ \t]{0,4}"
    r"(?:[-|:][ \t]{0,4})?)?(?:[^\w\s]{1,4}[ \t]{0,4})?(?:(?:ERROR|WARN|WARNING|FATAL|INFO)"
    r"[ \t]{0,4}:?[ \t]{0,4})?(?i:crashed)[ \t]+(?i:container)[ \t]+"
    r"(?i:in)[ \t]+(?i:pod)[ \t]*:?[ \t]{0,4}[`'\"]?(?P<pod>[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){1,10})"
    r"[`'\"]?[ \t.]{0,4}")
# a guide's or a question's words before `container`: a determiner of no case, a conditional,
# a modal (README: guides' lists of causes and conditionals stay unread)
_NO_CASE = lazy_regex(r"(?<![\w'-])(?i:a|an|any|some|your|every|each|no)[ \t]+$")
_HEDGED = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|when|will)(?![A-Za-z])")
# a pod's label before the statement on its line (Skaffold's `- pod/NAME: container ...`)
_POD = lazy_regex(r"(?<![\w.-])pod/(?P<pod>" + _LABEL + r"(?:\.[a-z0-9-]{1,63}){0,4}):[ \t]+$")
# the names that are no container's own (`container is waiting`, `container that ...`)
_NO_NAME = frozenset({"is", "was", "has", "that", "which", "it", "in", "of", "the", "a", "an",
                      "status", "state", "with", "terminated", "waiting"})


class _Stated(NamedTuple):
    """The tool's statement found: its line, its words, the container, the pod its line
    labels (None where none), the state's kind, its reason and its exit code."""

    line: int
    words: str
    container: str | None  # (None: the crashed container of `_CRASHED`, unnamed)
    pod: str | None
    kind: str
    reason: str | None
    code: int | None


def _statement(lines: list[str]) -> _Stated | None:
    """The first statement of a container's state the lines hold (module docstring)."""
    for number, line in enumerate(lines, 1):
        head = line[:SENTENCE_REACH]
        if "ontainer" not in head or head.rstrip().endswith("?"):
            continue
        crashed = _CRASHED.fullmatch(line) if "rashed" in head or "RASHED" in head else None
        if crashed is not None:
            return _Stated(number, line.strip(), None, crashed["pod"], "terminated", None, None)
        for m in _STATED.finditer(head):
            before = head[:m.start()]
            if m["name"] in _NO_NAME or m["cut"] or _NO_CASE.search(before[-40:]) or \
                    _HEDGED.search(before[-200:]):
                continue
            pod = _POD.search(before[-300:])
            kind = m["kind"] or "terminated"
            code = int(m["code"]) if m["code"] is not None else None
            return _Stated(number, m.group(0), m["name"], pod["pod"] if pod else None, kind,
                           m["reason"], code)
    return None


_READ = ("a tool's line of a container's state (`{}`): read as container {}'s State, {}, its "
         "restart count not in the record")


_CRASHED_READ = ("a tool's log line reporting a crashed container of pod {1} (`{0}`): read as an "
                 "end of a container of that pod, its name not in the record, what ended it not "
                 "told (no reason, exit code, probe or event), its restart count not in the "
                 "record")


def _container(s: _Stated, where: Where) -> ContainerRecord:
    """The container the statement names, in the state it prints, its restarts cut away."""
    c = ContainerRecord(s.container, where, restarts_cut=True)
    c.state = s.kind
    if s.kind == "waiting":
        c.state_reason = s.reason
    else:
        c.terminated = Terminated(s.reason, s.code, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where)
    return c


def read_tool_state(text: str, source: str) -> RecordSet | None:
    """The record of a page whose one read line is a tool's statement of a container's state
    (`_statement`): one pod (named where the line labels it), that container in that state;
    the other lines said not read. None when no line states one."""
    lines = text.split("\n")
    s = _statement(lines)
    if s is None:
        return None
    where = Where(source, s.line)
    pod = PodRecord(s.pod, where, containers=[_container(s, where)], formats=[TOOL_STATE])
    told = s.reason if s.code is None else f"exit code {s.code}"
    note = Note(f"line {s.line}: " + (_CRASHED_READ.format(s.words[:80], s.pod) if s.container
                                      is None else _READ.format(s.words[:80], s.container,
                                                                f"{s.kind.title()} ({told})")),
                where)
    rest = [PasteLine(n, x, LineKind.CONTENT) for n, x in enumerate(lines, 1)
            if n != s.line and x.strip()]
    return RecordSet(source, TOOL_STATE, pods=[pod], notes=[note] + unread_notes(rest, source))
