"""A pod's status written as markdown key/value bullets, describe's own keys (issue 30:
mcpspy-2's `## Current Status`):

    - **Pod Name**: `gitlab-pr-test-gitlab-runner-64897ff789-vqrtx`
    - **Namespace**: `gitlab`
    - **Status**: Running (but with liveness probe failures)
    - **Restart Count**: 1

A run of list items (`-`, `*`, `+`, `•`; the key bold or not, `- Key: value`) whose keys are
the fields `kubectl describe pod` prints (Name, Namespace, Status, Restart Count, Ready, State,
Last State, Reason, Exit Code; `Pod Name` for Name, `Restarts` for Restart Count) is read as
those fields (staging/src/k8s.io/kubectl/pkg/describe/describe.go prints them so), each bullet
put back on its own line as describe's `Key: value` (line N stays line N), where the run
holds a pod's name (a DNS-1123 subdomain) and at least one field of its status, each value of
the form describe prints it (a phase, a count, True or False, a state's word, a reason's
word, an exit code). `Status:` is the pod's phase (describe's pod Status), never a
container's state: the container's count is then shown without its state (the corpus
README's restart-count rule). A note in parentheses after the phase that names a probe's
failures (`Running (but with liveness probe failures)`) states that probe's failure, at
least once, no count, as a kubelet's `<Probe> probe failed` of the pod.

Not read: a bullet whose value is no such value (a guide's `- **Restart Count**: how many
times ...`, a question's `Running?`), a run without a pod's name, a note that negates or
asks (`(no liveness probe failures)`, `(liveness probe failures?)`) or says what may happen
(`(may show liveness probe failures)`). Every pattern is anchored or bounded: one pass.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from kubesim.explain.readers.bare import bare_event
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordedEvent, Where
from kubesim.explain.readers.names import LABEL, SUBDOMAIN
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.summary_fields import summary_field

__all__ = ["MarkdownFields", "markdown_fields"]

# a list item keyed by a few words, the key bold or not (`- **Pod Name**: x`, `- **Status:**
# x`, `* Restarts: 3`); the value to the line's last character that is no space
_BULLET = lazy_regex(r"^[ \t]{0,3}[-*+\u2022][ \t]+(?:\*\*|__)?(?P<key>[A-Za-z][A-Za-z ]{0,24}?)"
                     r"(?:\*\*|__)?:(?:\*\*|__)?[ \t]+(?P<value>\S(?:.*\S)?)[ \t]*$")
_ITEM = re.compile(r"^[ \t]{0,3}[-*+\u2022][ \t]+\S")
# the bullet's key (any case) -> describe's key; a health tool's summary's keys as
# summary_fields.py reads them (`Restarts`)
_KEYS = {"name": "Name", "pod name": "Name", "pod": "Name", "namespace": "Namespace",
         "status": "Status", "pod status": "Status", "restart count": "Restart Count",
         "ready": "Ready", "state": "State", "last state": "Last State", "reason": "Reason",
         "exit code": "Exit Code"}
# each describe key's value as describe prints it (a pod's phase, R4.7's count, ...)
_PHASE = r"(?:Pending|Running|Succeeded|Failed|Unknown|Terminating)"
_VALUES = {
    "Name": lazy_regex(SUBDOMAIN),
    "Namespace": lazy_regex(LABEL),
    "Status": lazy_regex(_PHASE + r"(?:[ \t]+\((?P<note>[^()?]{1,160})\))?"),
    "Restart Count": lazy_regex(r"\d{1,9}"),
    "Ready": lazy_regex(r"True|False"),
    "State": lazy_regex(r"Running|Waiting|Terminated"),
    "Last State": lazy_regex(r"Running|Waiting|Terminated"),
    "Reason": lazy_regex(r"[A-Z][A-Za-z]{1,40}"),
    "Exit Code": lazy_regex(r"\d{1,3}"),
}
# the keys of the pod's status, one at least beside its name
_STATUS_KEYS = frozenset(_VALUES) - {"Name", "Namespace"}
# a probe's failures the phase's note names (`but with liveness probe failures`, `liveness and
# readiness probes failing`); a negation, a word of what may happen, before it, or a kind after
# `or` (a disjunction: which one, not told) states none
_NOTE_PROBES = lazy_regex(r"(?<![A-Za-z])(?<![Oo][Rr][ \t])(?P<kinds>(?i:liveness|readiness|startup)(?:(?:[ \t]*[,/][ \t]*|"
                          r"[ \t]+(?i:and)[ \t]+)(?i:liveness|readiness|startup)){0,2})[ \t]*"
                          r"(?i:probes?)[ \t]+(?i:failures?|failing|fails|failed)(?![A-Za-z])")
_NOTE_UNSAID = lazy_regex(r"(?<![A-Za-z])(?i:no|not|never|without|if|may|might|could|would|"
                          r"should|can)(?![A-Za-z])|(?i:n['\u2019]t)(?![A-Za-z])")
_KIND = lazy_regex(r"(?i:liveness|readiness|startup)")


class MarkdownFields(NamedTuple):
    """The paste's lines with the bullets read put back as describe's fields, the probes'
    failures their notes state, and what was read."""

    lines: list[PasteLine]
    failures: list[tuple[RecordedEvent, Note]]
    notes: list[Note]


class _Field(NamedTuple):
    number: int  # the line's index in the paste's lines
    key: str  # describe's
    value: str
    note: str  # the phase's note (Status only)


def markdown_fields(lines: list[PasteLine], source: str) -> MarkdownFields:
    """`lines` with every run of describe's fields written as bullets put back as describe's
    lines, where the run names a pod and gives its status (the module's rule)."""
    out, failures, notes = list(lines), [], []
    run: list[int] = []
    for i, line in enumerate([*lines, PasteLine(0, "", LineKind.BLANK)]):
        if line.kind is LineKind.CONTENT and _ITEM.match(line.text):
            run.append(i)
            continue
        fields = _fields([lines[j] for j in run], run)
        run = []
        if fields is None:
            continue
        for f in fields:
            out[f.number] = PasteLine(lines[f.number].number, f"{f.key}:  {f.value}",
                                      LineKind.CONTENT)
            failures.extend(_note_failures(f, lines[f.number], source))
        notes.append(_read_note(fields, lines, source))
    return MarkdownFields(out, failures, notes)


def _fields(items: list[PasteLine], numbers: list[int]) -> list[_Field] | None:
    """The run's bullets that are describe's fields, each with a value of its form; None
    unless they name the pod and give a field of its status, each key once."""
    found: dict[str, _Field] = {}
    for line, number in zip(items, numbers, strict=True):
        m = _BULLET.match(line.text)
        if m is None:
            continue
        value = m["value"].strip("`'\"")
        key = _describe_key(m["key"], value)
        if key is None:
            continue
        shape = _VALUES[key].fullmatch(value)
        if shape is None or key in found:
            return None  # (a guide's or a question's value, a key twice: no pod's status)
        note = (shape.groupdict().get("note") or "") if key == "Status" else ""
        found[key] = _Field(number, key, value.split(" (")[0] if note else value, note)
    if "Name" not in found or not _STATUS_KEYS & found.keys():
        return None
    return sorted(found.values(), key=lambda f: f.number)


def _describe_key(key: str, value: str) -> str | None:
    """The describe field the bullet's key names (`_KEYS`, or a health tool's summary's key,
    summary_fields.py: `Restarts` is describe's Restart Count), or None."""
    words = " ".join(key.lower().split())
    if words in _KEYS:
        return _KEYS[words]
    summary = summary_field(key.strip(), value)
    return summary.key if summary is not None and summary.key in _VALUES else None


def _note_failures(f: _Field, line: PasteLine, source: str) -> list[tuple[RecordedEvent, Note]]:
    """The probes' failures the phase's note names, each the kubelet's `<Probe> probe
    failed` at least once; none where the note negates or says what may happen."""
    m = _NOTE_PROBES.search(f.note)
    if m is None or _NOTE_UNSAID.search(f.note, 0, m.start()) is not None:
        return []
    where = Where(source, line.number)
    out = []
    for kind in dict.fromkeys(k.lower() for k in _KIND.findall(m["kinds"])):
        found = bare_event(f"{kind.capitalize()} probe failed", where)
        if found is not None:
            # (the note's words, no line of the record: its author's statement)
            out.append((replace(found[0], stated=True), Note(
                f"line {line.number}: the pod's Status `{f.value} ({f.note[:80]})`, its note "
                f"naming the {kind} probe's failures: read as the kubelet's `{kind.capitalize()} "
                "probe failed`, at least once, its output not in the record", where)))
    return out


def _read_note(fields: list[_Field], lines: list[PasteLine], source: str) -> Note:
    """What the run was read as."""
    first, last = lines[fields[0].number].number, lines[fields[-1].number].number
    span = f"line {first}" if first == last else f"lines {first}-{last}"
    keys = ", ".join(f.key for f in fields)
    return Note(f"{span}: a pod's status as markdown key/value bullets, describe's own keys "
                f"({keys}): read as describe's fields; Status is the pod's phase, not a "
                "container's state", Where(source, first))
