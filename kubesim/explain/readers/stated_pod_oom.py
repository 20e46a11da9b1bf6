"""A pod's end OOMKilled stated in its author's prose by a bare word of the pod's name, tied
to the record's one pod (the corpus README's rules: statements of the case in prose, one name
one pod; the rule of stated_pod.py, the sentence naming the record's one pod).

`Yes, operator pod is getting OOMKilled, but we've enough resources on nodes.` above the
describe of pod solr-operator-5c57549cb5-mkpxj, cut before its container's state: the
sentence's subject has no determiner (`the`, `my`), so it is not read as the case's own by
runs.py (stated_kill.EN_OOM), and a record holding describe's lines apart reads no status from
its sentences. Its word (`operator`) is a part of the one pod's name, whose one container's
state the record does not show: the sentence states that pod's end, read as `_en_oom` reads
one (an end OOMKilled, State or Last State untold). A word that is no part of the pod's name,
a record of several pods or containers, a container whose state the record shows, and a
sentence of what may happen, a question or a negation (no match: `was not OOMKilled`) are
left as they were.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.happened import states_what_happened
from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    NoteKind,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.stated_kill import EN_NAMED_OOM, STATED_EN_OOM, ZH_OOM_READ
from kubesim.explain.readers.unread import unread_notes

__all__ = ["give_named_oom", "names_pod", "unlist_line"]

_SPAN = lazy_regex(r"^not read: lines? (?P<a>\d+)(?:-(?P<b>\d+))?")


def _stateless(found: RecordSet) -> tuple[str, ContainerRecord] | None:
    """The record's one pod (one name) and its one container, when the record shows none of
    that container's states; None otherwise."""
    names = {p.name for p in found.pods}
    if len(names) != 1 or None in names:
        return None
    containers = [c for p in found.pods for c in p.containers if not c.init]
    if len(containers) != 1:
        return None
    c, [name] = containers[0], list(names)
    if c.state or c.terminated or c.last or c.restart_count or name is None:
        return None
    return name, c


def _names_pod(word: str, pod: str) -> bool:
    """Whether a sentence's word names `pod`: its name, the start of its name up to a dash
    (its workload's, `solr-operator`), or one of its name's dash-parted parts of letters
    (`operator` of solr-operator-5c57549cb5-mkpxj)."""
    word, pod = word.lower(), pod.lower()
    return word == pod or pod.startswith(word + "-") or word in (
        x for x in pod.split("-") if x.isalpha())


def names_pod(word: str, pod: str) -> bool:
    """`_names_pod`, and a run of the name's dash-parted parts of letters too (`otel-collector`
    of clickstack-otel-collector-c5b54dc5f-vp2v2): the README's subject test of a pod named in
    prose, as stated_crashloop.py reads it (fixstated61)."""
    parts = word.lower().split("-")
    return _names_pod(word, pod) or (len(parts) > 1 and all(x.isalpha() for x in parts)
                                     and f"-{word.lower()}-" in f"-{pod.lower()}-")


def give_named_oom(found: RecordSet, text: str) -> None:
    """The end OOMKilled a sentence states of the record's one pod by a word of its name
    (`EN_NAMED_OOM`, `_names_pod`), given to its one container of no state shown; said in a
    note, the line no longer listed as not read."""
    one = _stateless(found)
    if one is None or "OOM" not in text:
        return
    pod, c = one
    for number, line in enumerate(text.split("\n"), 1):
        if "OOM" not in line:
            continue
        m = next((x for x in EN_NAMED_OOM.finditer(line, 0, min(len(line), SENTENCE_REACH))
                  if _names_pod(x["name"], pod)), None)
        if m is None or not states_what_happened(line, m.start(), m.end()):
            continue
        where = Where(found.source, number)
        c.state, c.state_reason = "terminated", "OOMKilled"
        c.terminated = Terminated("OOMKilled", None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=where,
                                  untold=True)
        unlist_line(found, number, text.split("\n"))
        found.notes.append(Note(
            f"line {number}: {STATED_EN_OOM}, named by a word of the record's one pod's name "
            f"(`{m[0][:80]}`, {pod}): {ZH_OOM_READ}", where))
        return


def unlist_line(found: RecordSet, number: int, lines: list[str]) -> None:
    """The record's `not read` note of the lines holding line `number`, replaced by the notes
    of its other lines (the line is read now), made by `paste.unread_notes` with the note's
    own reason."""
    for at, note in enumerate(found.notes):
        m = _SPAN.match(note.text) if note.kind is NoteKind.NOT_READ else None
        if m is None or not int(m["a"]) <= number <= int(m["b"] or m["a"]):
            continue
        a, b = int(m["a"]), int(m["b"] or m["a"])
        rest = [PasteLine(x, lines[x - 1], LineKind.CONTENT) for x in range(a, b + 1)
                if x != number]
        found.notes[at:at + 1] = unread_notes(rest, found.source, _why(note.text, m, lines[a - 1]))
        return


def _why(text: str, span: re.Match[str], first: str) -> str:
    """The reason a `not read` note gives in brackets (`unread_notes`' format: the span, ` (why)`,
    `: excerpt`), "" when it gives none."""
    excerpt = first.strip()[:60]
    middle = text[span.end():]
    if excerpt and middle.endswith(f": {excerpt}"):
        middle = middle[:-len(excerpt) - 2]
    return middle[2:-1] if middle.startswith(" (") and middle.endswith(")") else ""
