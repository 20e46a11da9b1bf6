"""A pod's status stated in its author's prose, tied to the one pod the record's events name
(the corpus README's rules: statements of the case in prose, one name one pod).

`the mongodb pod goes into CrashLoopBackOff because its liveness probe fails` above a `kubectl
get events` row of `pod/mongodb-0`: the sentence's status is read as a piece of no pod's (its
words give no pod's name whole), and the events name one pod. The sentence names the pod by
its workload's name (a StatefulSet's or ReplicaSet's pods are named after it: `mongodb-0`) or
by its own name, after a determiner of the case's (`the`, `my`, `our`, `this`) and before `pod`:
then the piece is that pod's. A sentence naming another workload (`the redis pod`), a pod of no
name (`the pod`), a record whose events name several pods, or a piece a record's block gives
(describe's fields, a document) is left as it was: nothing in the record says they are one pod.
Widened at fc57a (percona-psmdb-operator-2234: `the new pod is continuously killed by k8s because
it fails the liveness check` above `get events` rows of one pod's liveness failures): a probe's
kill stated in prose alone of a pod of no name (`the pod`, `the new pod`), where the events name
one pod and show that probe failing, is that pod's: its failures are the ones the kill counted
(R4.4). A status so stated, another probe's failures or none, and several pods stay apart.

A probe's kill stated in prose of the case's pods, several (`the pods restart ... because the
liveness failed`, `the liveness probe killed our pods`), beside a record of several pods
(`kubectl get pods`): the statement's subject is the case's own pods, all the record shows when
they are pods of one workload (their names without the last part are one, as the title rule's
"all of them"), so the kill is each one's. Pods of several workloads, or a subject of one pod
(`the pod`: which of them the record does not say), give it to no pod.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kubesim.explain.readers.hedges import SENTENCE_REACH
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, PodRecord, RecordedEvent, RecordSet
from kubesim.explain.readers.probe_restart import PODS_SUBJECT
from kubesim.explain.readers.stated_kill import STATED_PROBE_KILL
from kubesim.explain.readers.titled import workload_of

__all__ = ["give_stated_kills", "name_stated_piece"]

# `the mongodb pod`, `my web-0 pod`: a determiner of the case's, one name, `pod` (any case)
_NAMING = lazy_regex(r"(?<![\w-])(?i:the|my|our|this)[ \t]+`?(?P<name>(?i:[a-z0-9](?:[-a-z0-9]{0,61}"
                     r"[a-z0-9])?))`?[ \t]+(?i:pod)(?![\w-])")

# the case's one pod of no name: a determiner of the case's and at most one word of which pod it
# is, no name's (`the pod`, `the new pod`); another workload's name (`the redis pod`) is no such
# word (fc57a)
_ONE_POD = lazy_regex(r"(?<![\w-])(?i:the|my|our|this)[ \t]+(?:(?i:new|same|current|restarted|"
                      r"affected|failing|only)[ \t]+)?(?i:pod)(?![\w-])")
# the kubelet's message of a failure of a probe that kills (R4.4), as the events and a stated
# kill's lines (stated_kill.kill_lines) write it
_FAILED_KIND = lazy_regex(r"(?P<kind>Liveness|Startup) probe failed")


@dataclass(frozen=True, slots=True)
class _EventPod:
    """The one pod the record's events name."""

    name: str
    namespace: str | None


def _event_pod(found: RecordSet) -> _EventPod | None:
    """The one pod the record's events name (their object a pod's, namespaces one), and no
    pod of a name among its pieces; None otherwise."""
    named = {(e.object_name, e.object_namespace) for e in found.events
             if e.object_name and e.object_kind in ("", "Pod")}
    if len(named) != 1 or any(p.name is not None for p in found.pods):
        return None
    name, namespace = next(iter(named))
    return _EventPod(name, namespace)


def _names_pod(line: str, pod: str) -> str | None:
    """The words of the line that name `pod` (its name, or its workload's), or None."""
    for m in _NAMING.finditer(line, 0, min(len(line), SENTENCE_REACH)):
        if m["name"].lower() in (pod, workload_of(pod)):
            return m[0]
    return None


def name_stated_piece(found: RecordSet, text: str) -> None:
    """The one piece of no pod's whose every line (its containers' and its events') is a
    sentence naming the one pod the record's events name (`_names_pod`) is that pod's: given
    its name and namespace, said in a note."""
    pod = _event_pod(found)
    pieces = [p for p in found.pods if p.name is None and p.apart_from is None]
    if pod is None or len(pieces) != 1 or not (pieces[0].containers or pieces[0].events):
        return
    piece = pieces[0]
    lines = text.split("\n")
    # (its events too: a probe's kill stated in the sentence, `goes into CrashLoopBackOff
    # because its liveness probe fails`, is read as the kubelet's messages on its line)
    numbers = {w.line for w in (piece.where, *(c.where for c in piece.containers),
                                *(e.where for e in piece.events))}
    ordered = sorted(numbers, key=lambda n: n or 0)
    said = [_said_at(lines, n, pod.name) for n in ordered]
    how = "by its name or its workload's"
    if any(s is None for s in said):  # (fc57a: the kill of the one pod of no name)
        said = [_killed_there(lines, n, piece, found) for n in ordered]
        how = "as the case's one pod of no name, killed for the probe the events show failing"
    if not said or any(s is None for s in said):
        return
    piece.name, piece.namespace = pod.name, pod.namespace
    _to_events(found, piece, pod)
    found.notes.append(Note(
        f"line {piece.where.line}'s sentence names the pod (`{said[0]}`), {how}, and the "
        f"record's events name one pod, {pod.name}: the status it states (or the kill) is read "
        "as that pod's", piece.where))


def _to_events(found: RecordSet, piece: PodRecord, pod: _EventPod) -> None:
    """The piece's messages (a probe's kill the sentence states) as events naming the pod,
    among the record's events in the record's order (a pod's events tables replace the
    messages of its pieces, `read._attach_events`); a piece left with nothing is dropped."""
    if not piece.events:
        return
    moved = [replace(e, object_kind="Pod", object_name=pod.name,
                     object_namespace=pod.namespace) for e in piece.events]
    found.events = sorted([*found.events, *moved], key=lambda e: e.where.line or 0)
    piece.events = []
    if not piece.containers:
        found.pods.remove(piece)


def _killed_there(lines: list[str], number: int | None, piece: PodRecord,
                  found: RecordSet) -> str | None:
    """The words naming the case's one pod of no name (`_ONE_POD`: `the new pod is continuously
    killed by k8s because it fails the liveness check`, percona-psmdb-operator-2234; fc57a) on
    the record's line `number`, where the piece read there is a probe's kill stated in prose
    alone (no container's state) and the record's events show that probe failing: the events'
    one pod's failures are those the kill counted (R4.4), so the kill is that pod's; None
    otherwise (another probe's failures, none, or a status stated)."""
    kinds = {m["kind"] for e in piece.events if (m := _FAILED_KIND.match(e.message))}
    shown = {m["kind"] for e in found.events if (m := _FAILED_KIND.match(e.message))}
    if number is None or not 0 < number <= len(lines) or piece.containers or \
            len(kinds) != 1 or not kinds <= shown:
        return None
    m = _ONE_POD.search(lines[number - 1], 0, min(len(lines[number - 1]), SENTENCE_REACH))
    return None if m is None else m[0]


def _said_at(lines: list[str], number: int | None, pod: str) -> str | None:
    """The words naming `pod` on the record's line `number` (1-based), or None."""
    if number is None or not 0 < number <= len(lines):
        return None
    return _names_pod(lines[number - 1], pod)


def give_stated_kills(found: RecordSet, text: str) -> None:
    """The failure and kill read from a sentence stating a probe's kill of the case's pods,
    several (`PODS_SUBJECT` on its line), given to each of the record's pods (`_record_pods`:
    a `get pods` table's, an events table's) when they are pods of one workload, each its
    own copy; said in a note."""
    piece = next((p for p in found.pods if p.name is None and p.apart_from is None
                  and "messages" in p.formats), None)
    pods = _record_pods(found)
    if piece is None or len(pods) < 2 or len({workload_of(n) for n in pods}) != 1:
        return
    lines = text.split("\n")
    for number in _kill_lines(found):
        mine = [e for e in piece.events if e.where.line == number]
        if not mine or not 0 < number <= len(lines) or \
                PODS_SUBJECT.search(lines[number - 1], 0, SENTENCE_REACH) is None:
            continue
        for name, namespace in pods.items():
            _give(found, name, namespace, mine)
        piece.events = [e for e in piece.events if e.where.line != number]
        names = list(pods)
        shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        found.notes.append(Note(
            f"line {number}: the probe's kill is stated of the case's pods, several: read as "
            f"each one's of the record's pods, of one workload ({shown})", mine[0].where))
    if not piece.events and not piece.containers:
        found.pods.remove(piece)


def _record_pods(found: RecordSet) -> dict[str, str | None]:
    """The record's pods by name (and namespace): its pieces' names, and the pods its events
    name whole (a row cut in its OBJECT cell names none: `RecordedEvent.object_cut`)."""
    pods: dict[str, str | None] = {p.name: p.namespace for p in found.pods if p.name}
    for e in found.events:
        if e.object_name and e.object_kind in ("", "Pod") and not e.object_cut:
            pods.setdefault(e.object_name, e.object_namespace)
    return pods


def _give(found: RecordSet, name: str, namespace: str | None,
          mine: list[RecordedEvent]) -> None:
    """The statement's events given to the pod `name`: its first piece's (a describe and a
    row of one pod merge), or, a pod only the events name, the record's events naming it."""
    pod = next((p for p in found.pods if p.name == name), None)
    if pod is not None:
        pod.events.extend(replace(e) for e in mine)
        return
    moved = [replace(e, object_kind="Pod", object_name=name, object_namespace=namespace)
             for e in mine]
    found.events = sorted([*found.events, *moved], key=lambda e: e.where.line or 0)


def _kill_lines(found: RecordSet) -> list[int]:
    """The lines a probe's kill stated in prose was read from (their notes, runs.py)."""
    return [n.where.line for n in found.notes if n.where.line is not None
            and n.text.startswith(f"line {n.where.line}: {STATED_PROBE_KILL}")]
