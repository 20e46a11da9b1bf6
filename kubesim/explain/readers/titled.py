"""A probe's failure a page's title quotes, given to the pods the page is about.

An issue's title (the paste's first line, or a markdown heading) that quotes the kubelet's
message of a probe's failure (`# [Bug] pulsar-proxy Liveness probe failed: HTTP probe failed
with statuscode: 401`) states the failure the issue is about. The message names no pod, and a
record of several pods (a `kubectl get pods` table) does not give it to any one of them
(`read.pod_groups` gives a piece without a name only to a record's one pod). The corpus
README's title rule decides whose failure it is: the pods the title names, by their name or
their workload's (the words before the message, `pulsar-proxy` for pulsar-proxy-0 and
pulsar-proxy-1), when those are pods of one workload; a title naming no pod of the record
speaks of all of them when they are pods of one workload (`nats-0`, `nats-1`, `nats-2`:
"for all nodes"). A title naming pods of several workloads, or none where the record's pods
are of several, gives the message to no pod: whose probe failed the record does not tell.
"""

from __future__ import annotations

from dataclasses import replace

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordSet

__all__ = ["NOT_A_NAME", "TITLE_MARK", "give_titled_messages", "named_by_words", "titled_pods",
           "workload_of"]

# a heading's marks before a title's words (markdown `#`s)
TITLE_MARK = lazy_regex(r"^[ \t]*(?:#{1,6}[ \t]+)?")
_PROBE = lazy_regex(r"(?:Liveness|Readiness|Startup) probe failed:")
_TITLE_MAX = 300  # a title is short: a longer first line is no title
_WORDS = 4  # how many words before the message may be a pod's name or its workload's
# words that end a name read back from a title's words: a determiner or a question's word
NOT_A_NAME = frozenset({"a", "an", "the", "my", "our", "this", "that", "why", "how", "what"})


def workload_of(name: str) -> str:
    """The workload a pod's name is of: the name without its last part (a StatefulSet's
    ordinal, a ReplicaSet's pod suffix)."""
    return name.rpartition("-")[0] or name


def _said(title: str) -> list[str] | None:
    """The words before the probe's message that may name the pods (the last few, their
    quotes and brackets taken off); None for a line that quotes no probe's message within a
    title's length."""
    line = TITLE_MARK.sub("", title, count=1)
    m = _PROBE.search(line, 0, _TITLE_MAX)
    if m is None:
        return None
    return [w.strip("`'\"()[]:,\u201c\u201d") for w in line[:m.start()].split()[-_WORDS:]]


def named_by_words(words: list[str], names: list[str]) -> list[str]:
    """The pods of `names` that a title's last words name: a pod's name, or its workload's as
    the start of the pod's name, the words joined by `-` (`pulsar proxy` for pulsar-proxy-0),
    read back from the nearest word to one that is no name's (`NOT_A_NAME`); a name of one
    part (no `-`) names none, a word alone being no workload's name."""
    said: list[str] = []
    for k in range(1, len(words) + 1):
        if not words[-k] or words[-k].lower() in NOT_A_NAME:
            break
        said.append("-".join(words[-k:]).lower())
    return [n for n in names if any("-" in w and (n == w or n.startswith(w + "-")) for w in said)]


def titled_pods(title: str, names: list[str]) -> list[str]:
    """The pods of `names` whose probe failure a title quoting a probe's message states: those
    its words before the message name (a pod's name, or its workload's as the pod's name's
    start), or, naming none, all of them; either only when they are pods of one workload,
    else none."""
    words = _said(title)
    if words is None:
        return []
    found = named_by_words(words, names) or names
    return found if found and len({workload_of(n) for n in found}) == 1 else []


def give_titled_messages(out: RecordSet, line: int, title: str) -> Note | None:
    """The messages read from the title's line (a piece of no pod's, `paste._messages`) given
    to the pods the title is about (`titled_pods`), each its own copy, when the record has
    several pods; a note says whose they were read as. None when nothing was given."""
    piece = next((p for p in out.pods if p.name is None and "messages" in p.formats), None)
    names = list(dict.fromkeys(p.name for p in out.pods if p.name is not None))
    if piece is None or len(names) < 2:
        return None
    mine = [e for e in piece.events if e.where.line == line]
    pods = titled_pods(title, names)
    if not mine or not pods:
        return None
    for name in pods:  # the first record of each (a describe and a row of one pod merge)
        pod = next(p for p in out.pods if p.name == name)
        pod.events.extend(replace(e) for e in mine)
    piece.events = [e for e in piece.events if e.where.line != line]
    if not piece.events and not piece.containers:
        out.pods.remove(piece)
    shown = ", ".join(pods[:5]) + (", ..." if len(pods) > 5 else "")
    return Note(f"line {line}: the page's title quotes the probe's failure: read as the "
                f"failure of the pods it is about ({shown}: the pods the title names, or the "
                "record's pods, of one workload)", mine[0].where)
