"""The OpenShift web console's pod page copied as text, one field or value a line (fc57b,
held-out batch 136, ipaas-quickstarts-1500, an OpenShift 3 console of 2017):

    Container axway                   axway:
                                  ->
    State:                              State:  Waiting
    Waiting (CrashLoopBackOff)            Reason:  CrashLoopBackOff
    Last State                          Last State:  Terminated
    Terminated at Apr 18, 2017 9:12:19 PM (Completed)   Reason:  Completed
    Ready:                              Ready:  False
    false
    Restart Count:                      Restart Count:  75
    75

The console's container section (its template's `Container NAME` heading, then the status's
fields as its labels, each value on the line below: a page's copy puts each cell of its
definition list on its own line) holds the fields `kubectl describe pod` prints of the
container (staging/src/k8s.io/kubectl/pkg/describe/describe.go: State, Last State, Ready,
Restart Count), told alike: a state's word (Running, Waiting, Terminated), its reason in
parentheses, the time after `since` or `at`; Ready true or false; the restart count. Each
label and its value are put back as describe's line (`Key:  value` on the label's line, the
state's `Reason:` on the value's, line N still line N), under the container the heading names,
where the heading is followed by two such fields at least, each value of its form (R4.7's
count, a state's word, true or false): the describe reader then reads them as it reads
describe (a restart count beside a waiting state: R + 1 ends, R4.7).

Not read: a heading followed by fewer than two fields, a value of no field's form (`Ready:`
then `maybe`, `Restart Count:` then `many`), a label whose value is on its own line
(describe's own `Ready:  False`, read as it is), a sentence naming a container (`Container
axway is crashing`: the heading is the whole line). Each pattern anchored and bounded: one
pass.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, Where
from kubesim.explain.readers.names import LABEL
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["ConsoleFields", "console_fields"]

_HEADING = lazy_regex(rf"^[ \t]{{0,8}}Container[ \t]+(?P<name>{LABEL})[ \t]*$")
# a label alone on its line (the console writes `Last State` without a colon)
_LABEL = lazy_regex(r"^[ \t]{0,8}(?P<key>State|Last State|Ready|Restart Count)[ \t]*:?[ \t]*$")
_STATE = lazy_regex(r"^[ \t]{0,8}(?P<state>Running|Waiting|Terminated)(?:[ \t]+(?:since|at)"
                    r"[ \t]+[^()\n]{1,80}?)?(?:[ \t]*\((?P<reason>[A-Z][A-Za-z]{1,40})\))?[ \t]*$")
_READY = lazy_regex(r"^[ \t]{0,8}(?P<ready>(?i:true|false))[ \t]*$")
_COUNT = lazy_regex(r"^[ \t]{0,8}(?P<count>\d{1,9})[ \t]*$")
# the lines a field's label is looked for after the heading or the field before it: blank
# lines between cells of the page, a bounded number
_GAP = 3
_LEAST = 2  # the fields a section holds at least


class ConsoleFields(NamedTuple):
    """The paste's lines with each console section read put back as describe's fields, and
    the notes of what was read."""

    lines: list[PasteLine]
    notes: list[Note]


def console_fields(lines: list[PasteLine], source: str) -> ConsoleFields:
    """`lines` with every console container section (the module's rule) put back as
    describe's lines, and a note for each."""
    out, notes = list(lines), []
    for i, line in enumerate(lines):
        m = _HEADING.match(line.text) if line.kind is LineKind.CONTENT else None
        if m is None:
            continue
        fields = _fields(lines, i + 1)
        if len(fields) < _LEAST:
            continue
        out[i] = PasteLine(line.number, f"  {m['name']}:", LineKind.CONTENT)
        for at, texts in fields:
            for j, text in enumerate(texts):
                out[at + j] = PasteLine(lines[at + j].number, text,
                                        LineKind.CONTENT if text else LineKind.BLANK)
        notes.append(_note(m["name"], line.number, lines[fields[-1][0] + 1].number, source))
    return ConsoleFields(out, notes)


def _fields(lines: list[PasteLine], start: int) -> list[tuple[int, tuple[str, str]]]:
    """The fields from `start` on, each (its label's index, describe's two lines for the
    label's and the value's), up to the first line that is no field, each key once."""
    found: list[tuple[int, tuple[str, str]]] = []
    keys: set[str] = set()
    at = _next_content(lines, start)
    while at is not None and at + 1 < len(lines):
        label = _LABEL.match(lines[at].text)
        texts = _field(label["key"], lines[at + 1]) if label else None
        if label is None or texts is None or label["key"] in keys:
            break
        keys.add(label["key"])
        found.append((at, texts))
        at = _next_content(lines, at + 2)
    return found


def _next_content(lines: list[PasteLine], start: int) -> int | None:
    """The index of the first line of content from `start`, within `_GAP` lines; None."""
    for at in range(start, min(start + _GAP, len(lines))):
        if lines[at].kind is LineKind.CONTENT:
            return at
    return None


def _field(key: str, value: PasteLine) -> tuple[str, str] | None:
    """Describe's lines for the label `key` and its value's line; None for a value of no
    form of that field's."""
    if value.kind is not LineKind.CONTENT:
        return None
    if key in ("State", "Last State"):
        m = _STATE.match(value.text)
        return None if m is None else (
            f"    {key}:  {m['state']}", f"      Reason:  {m['reason']}" if m["reason"] else "")
    if key == "Ready":
        m = _READY.match(value.text)
        return None if m is None else (f"    Ready:  {m['ready'].capitalize()}", "")
    m = _COUNT.match(value.text)
    return None if m is None else (f"    Restart Count:  {int(m['count'])}", "")


def _note(name: str, first: int, last: int, source: str) -> Note:
    """What the section was read as."""
    return Note(f"lines {first}-{last}: the OpenShift web console's fields of container "
                f"{name}, one field or value a line (a copy of its page): read as describe's "
                "fields of that container", Where(source, first))
