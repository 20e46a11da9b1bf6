"""The one entry of the readers: detect a record's format, read it, and put several records
of one pod together.

Formats, tried in this order: JSON (a Prometheus query result, or Kubernetes objects), YAML
Kubernetes objects, `kubectl describe pod` text, a `kubectl get events` table. Anything else
is one RecordError saying what explain reads. Standard input (`-`) is read like a file.
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from enum import Enum
from typing import NamedTuple

from kubesim.errors import RecordError
from kubesim.explain.readers.choose_container import name_by_choice
from kubesim.explain.readers.container_status import starts_status
from kubesim.explain.readers.crictl_inspect import read_crictl_inspect
from kubesim.explain.readers.defaulted import give_listed_containers
from kubesim.explain.readers.defaulted_pod import name_by_defaulted
from kubesim.explain.readers.described_piece import described_owner
from kubesim.explain.readers.event_layouts import start_back_off
from kubesim.explain.readers.json_probe import holds_probe_key
from kubesim.explain.readers.kube import looks_like_json, read_kube
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.log_heading import give_log_container
from kubesim.explain.readers.message_container import give_message_container
from kubesim.explain.readers.misspelt_kind import MISSPELT_READ, misspelt_lines, misspelt_liveness
from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Terminated,
    Where,
    is_logged,
    last_row,
)
from kubesim.explain.readers.named_unready import give_named_unready
from kubesim.explain.readers.names import NAMESPACE_CELL, SUBDOMAIN
from kubesim.explain.readers.normalise import is_fence, plain, unfolded
from kubesim.explain.readers.plain_init import mark_plain_inits
from kubesim.explain.readers.prometheus import looks_like_prometheus, read_prometheus
from kubesim.explain.readers.renest import flattened_manifest
from kubesim.explain.readers.restarts_beside import give_stated_restarts
from kubesim.explain.readers.row_end import give_row_end_back
from kubesim.explain.readers.row_sum import bound_by_row_sum
from kubesim.explain.readers.sentence_containers import give_sentence_containers
from kubesim.explain.readers.stated_cause import give_stated_end
from kubesim.explain.readers.stated_container_kill import give_stated_container_kill
from kubesim.explain.readers.stated_crashloop import give_stated_crashloop
from kubesim.explain.readers.stated_pod import give_stated_kills, name_stated_piece
from kubesim.explain.readers.stated_pod_oom import give_named_oom
from kubesim.explain.readers.status_exit import give_status_exit
from kubesim.explain.readers.unready import give_unready_listed, name_by_unready
from kubesim.explain.readers.unresponsive_kill import give_unresponsive_kill
from kubesim.explain.readers.v1beta import read_old_pod
from kubesim.explain.readers.zh_restarts_beside import give_zh_restarts
from kubesim.files import load_json, read_text

__all__ = ["FORMATS_HELP", "combine", "parse_record", "pod_groups", "pod_key", "read_record"]

# (an error naming the file and this stays one line of under 400 characters: test_hostile)
FORMATS_HELP = ("kubectl describe pod, kubectl get pod -o yaml|json, kubectl get events (any "
                "layout, or -o json|yaml), kubectl get pods (or -o custom-columns), as pasted, "
                "the kubelet's log (journalctl -u kubelet), crictl ps|pods|inspect, or a "
                "Prometheus query_range JSON of prober_probe_total")
# a list's item claims YAML only with a key or a flow mapping after its dash: markdown's
# bullets and check boxes (`- [X] I have searched ...`, an issue form's) are prose
_YAML_START = re.compile(r"^(?:---|apiVersion:|kind:|metadata:|status:|spec:|items:|\{"
                         r"|- (?:[A-Za-z_][\w.-]{0,253}:(?:\s|$)|\{|- ))")
_TABLE = lazy_regex(r"^\s*[A-Z][A-Z_-]*(?:\s{2,}[A-Z][A-Z_ -]*?)+\s*$")


def read_record(path: str) -> RecordSet:
    """Read and parse one record file (`-`: standard input)."""
    text, source = read_text(path, RecordError)
    return parse_record(text, source)


def parse_record(text: str, source: str) -> RecordSet:
    """Parse one record's text, whatever its format: the liveness probe's kind as its authors
    misspell it (`liveliness probe`) read as `liveness` by every reader, each line so read
    said in a note (the lead's decision, stop 59: misspelt_kind.py)."""
    spelt = misspelt_liveness(text)
    found = _parse_spelt(spelt, source)
    if spelt != text:
        found.notes.extend(Note(
            f"line {number}: {MISSPELT_READ}", Where(source, number))
            for number in misspelt_lines(text, spelt))
    return found


def _parse_spelt(text: str, source: str) -> RecordSet:
    """`parse_record`'s reading of the text, its misspelt kinds spelt."""
    # without what only carries the record (a terminal's colours, no-break spaces, a diff's
    # signs), line N still line N: made once, for the readers and the passes below, which
    # read sentences on the record's lines
    folded = unfolded(text)
    if folded is not None:  # one line holding the paste's lines: parsed (passes too) split
        return _unfolded(*folded, source)
    lines = plain(text, dedent=False)
    found = _parse(text, lines, source)
    _event_reasons(found)
    name_stated_piece(found, lines)  # a sentence's status of the events' one pod (README)
    give_stated_kills(found, lines)  # a kill stated of the case's pods, of one workload
    give_named_unready(found, lines)  # pods named in prose, running and not Ready
    give_named_oom(found, lines)  # an OOMKilled stated of the one pod by a word of its name
    give_stated_crashloop(found, lines, _named_by_kills)  # a crash loop of the one bare pod
    _symptom_end(found, lines)  # a symptom bullet beside a pod whose app container is cut
    give_zh_restarts(found, lines)  # restarts stated in Chinese of the one bare pod
    give_status_exit(found, lines)  # an exit the one bare pod's status shows, in prose
    give_stated_restarts(found, lines)  # restarts stated in English of the one bare pod
    give_unresponsive_kill(found, lines)  # a kill for not responding beside liveness failures
    give_stated_end(found, lines)  # restarts stated beside a failure shown (stated_cause.py)
    name_by_unready(found, lines)  # a nameless block the kubelet's unready list names
    give_unready_listed(found, lines)  # containers it names the record shows no status of
    give_listed_containers(found, lines)  # the containers a `Defaulted container` line lists
    name_by_choice(found, lines)  # the containers kubectl's `choose one of: [...]` names
    name_by_defaulted(found, lines)  # a `Defaulted container` line's pod: its row's containers
    give_sentence_containers(found, lines)  # a sentence's containers of a describe cut above
    give_stated_container_kill(found, lines)  # a stated kill of a container a cut describe hides
    give_log_container(found, lines)  # the container a heading of its log names
    give_message_container(found, lines)  # the container a sentence names above a message
    mark_plain_inits(found)  # an init container the record shows is no sidecar (R5.9)
    found.plain = lines  # searched where `--pod` names no pod (workload_of.py)
    return found


def _parse(text: str, clean: str, source: str) -> RecordSet:
    """`text` read by the reader its format needs (`clean`: `text` made plain, line for
    line)."""
    if not text.strip():
        raise RecordError(f"is empty; explain reads {FORMATS_HELP}", source=source)
    # a terminal's colours, a diff's `+` taken off a pod's YAML or JSON too; a paste is given
    # as it came (its reader makes it plain, and sees where a box was cut)
    if looks_like_json(clean):
        return _json_record(text, clean, source)
    first = _first_line(clean)
    if is_fence(first):  # Jira's `{code}` opening a block is no YAML flow mapping: a paste
        return _pasted(text, clean, source, None)
    if _YAML_START.match(first) and flattened_manifest(clean.splitlines()):
        return _pasted(text, clean, source, None)  # re-nested as a paste's document (renest.py)
    if _YAML_START.match(first):
        return _yaml_record(text, clean, first, source)
    found = _status_alone(clean, source) if starts_status(first) else None
    return found if found is not None else _pasted(text, clean, source, None)


def _json_record(text: str, clean: str, source: str) -> RecordSet:
    """A record that looks like JSON: a Pod or Event object (or a Prometheus answer); JSON
    that does not parse is JSON lines or JSON cut short, read as a paste as far as it goes."""
    try:
        data = load_json(clean, source, RecordError)
    except RecordError as exc:  # JSON lines, or JSON cut short: read as far as it goes
        if not exc.message.startswith("not JSON"):
            raise
        return _pasted(text, clean, source, exc)
    if looks_like_prometheus(data):
        return read_prometheus(data, source)
    found = read_old_pod(data, {}, source, 1) or read_kube(clean, source) or \
        read_crictl_inspect(data, source, 1)  # crictl inspect's status (crictl_inspect.py)
    if found is None and holds_probe_key(clean):  # a probe's or a container's object: read
        return _pasted(text, clean, source, None)  # as a paste's JSON is (json_probe.py)
    if found is None:
        raise RecordError(f"JSON without a Pod or Event object; explain reads "
                          f"{FORMATS_HELP}", source=source)
    return found


def _yaml_record(text: str, clean: str, first: str, source: str) -> RecordSet:
    """A record whose first line starts YAML (`first`): a Pod or Event object, else read as a
    paste."""
    try:
        found = read_kube(clean, source)
    except RecordError as exc:  # YAML cut short: read up to where it breaks; a key
        # twice in one mapping is YAML whose indentation a page lost (read by the names of
        # its keys, flattened.py), or the error stands
        if not exc.message.startswith(("malformed YAML", "duplicate key")):
            raise
        return _pasted(text, clean, source, exc)
    if found is None:  # no claim: the paste's readers take what they read (a probe's
        # keys, a status bullet), what none takes said not read; a list item first
        # (`- Status: CrashLoopBackOff`, a markdown bullet) is refused as any paste
        return _pasted(text, clean, source, None if first.startswith("- ") else RecordError(
            f"YAML without a Pod or Event object; explain reads {FORMATS_HELP}",
            source=source))
    return found


def _status_alone(text: str, source: str) -> RecordSet | None:
    """YAML of a container's status pasted alone, a mapping at column 0 (`kube.read_kube`
    reads it by core/v1 ContainerStatus's fields, container_status.py); None for any other
    text, which the paste's readers take (a YAML error included: prose after a key)."""
    try:
        return read_kube(text, source)
    except RecordError:
        return None


# the reasons the kubelet gives its events (pkg/kubelet/events/event.go: ContainerUnhealthy
# `Unhealthy`, KillingContainer `Killing`, BackOffStartContainer `BackOff`, ...), never a
# container state's: a terminated state's reason is the runtime's (OOMKilled, Error,
# Completed, ContainerCannotRun) or the kubelet's own for a lost container
# (ContainerStatusUnknown). A page that writes `Reason: Unhealthy` under a state (taourl-2668961,
# "a failed probe ... logged as") gives an event's reason where the state's is
EVENT_REASONS = frozenset({"Unhealthy", "ProbeWarning", "Killing", "BackOff", "Pulling",
                           "Pulled", "Created", "Started", "Scheduled", "ExceededGracePeriod",
                           "FailedSync"})


def _event_reasons(found: RecordSet) -> None:
    """An ended container's state whose reason is an event's (`EVENT_REASONS`): the reason
    not read as what ended it (the record shows the end, its exit code if it gives one, not
    its cause), said in a note."""
    for pod in found.pods:
        for c in pod.containers:
            c.terminated = _state_reason(c.terminated, c, found.notes)
            c.last = _state_reason(c.last, c, found.notes)
            if c.state == "terminated" and c.state_reason in EVENT_REASONS:
                c.state_reason = None


def _state_reason(t: Terminated | None, c: ContainerRecord, notes: list[Note]
                  ) -> Terminated | None:
    if t is None or t.reason not in EVENT_REASONS:
        return t
    code = "no exit code" if t.exit_code is None else f"exit code {t.exit_code}"
    notes.append(Note(
        f"the ended container's state gives `Reason: {t.reason}`, the reason of a kubelet's "
        f"event ({_EVENT_WHAT.get(t.reason, 'not a probe')}), never of a container's state "
        "(the runtime's: OOMKilled, Error, Completed): not read as what ended the container; "
        f"the record shows that it ended ({code}), not why", t.where or c.where))
    return replace(t, reason=None)


_EVENT_WHAT = {"Unhealthy": "a probe's failure", "ProbeWarning": "a probe's warning",
               "Killing": "a container's kill", "BackOff": "a refused start"}


def _unfolded(text: str, how: str, source: str) -> RecordSet:
    """One line that holds the paste's lines (`normalise.unfolded`): read split, and said."""
    found = parse_record(text, source)
    found.notes.insert(0, Note(f"line 1 is {how}; the line numbers below count its "
                               f"{len(text.splitlines())} parts", Where(source, 1)))
    return found


def _symptom_end(found: RecordSet, text: str) -> None:
    """`stated_end.give_symptom_end` where it may read (one pod, only init containers shown, a
    crash's word on the page): it is a page reader, and a page reader loads only for the
    records it may concern, never a pod object's or another paste's (test_cli_contract)."""
    if len(found.pods) != 1 or ("rash" not in text and "RASH" not in text) or any(
            not c.init for c in found.pods[0].containers):
        return
    from kubesim.explain.readers.stated_end import give_symptom_end
    give_symptom_end(found, text)


def _pasted(text: str, clean: str, source: str, error: RecordError | None) -> RecordSet:
    """Anything else is a paste (`text.read_text_record`; `clean`: `text` made plain, line
    for line, as `parse_record` made it); one that holds nothing explain reads is one error
    saying what it reads."""
    # the text readers (a paste's layouts, prose) load with the first text record: a pod's
    # YAML or JSON never reaches them, and its process does not pay for importing them
    from kubesim.explain.readers.text import read_text_record
    found = read_text_record(text, clean, source)
    if found is not None:
        return found
    if error is not None:
        raise error
    raise _refused(text, clean, source)


def _refused(text: str, clean: str, source: str) -> RecordError:
    """The error of a paste explain reads nothing of: a table's columns named when its first
    line is a table's heading (kubectl's other columns), else the formats explain reads and
    the line of `clean` (the paste made plain, line for line: a coloured or escaped copy says
    what the bare one says) that speaks of a probe or an end."""
    first = _first_line(text)
    if _TABLE.match(first):
        columns = ", ".join(re.split(r"\s{2,}", first.strip())[:8])
        return RecordError(f"a table with columns {columns[:120]} is not one explain reads "
                           "(kubectl describe pod, or kubectl get events with its default "
                           "columns); give kubectl get events -o json", source=source, line=1)
    return _refused_telling(clean, source)


def _refused_telling(text: str, source: str) -> RecordError:
    """The refusal of a page of no layout explain reads: where a line speaks of a probe or a
    container's end (`refusal.told_line`), it names that line and says that no sentence of it
    was read as the case's, so "not a record" reads as "cannot tell whose", not "nothing"."""
    from kubesim.explain.readers.refusal import told_line
    told = told_line(text)
    if told is None:
        return RecordError(f"not a record explain reads: expected {FORMATS_HELP}",
                           source=source)
    return RecordError(
        f"not a record explain reads: line {told.number} speaks of {told.speaks_of} "
        f"(\"{told.excerpt}\"), but in no sentence explain reads as this case's (it reads an "
        "end or failure told as what happened to the author's own pod, container or workload, "
        "not a guide's, a conditional's or a question's); it cannot tell whose it is or when. "
        f"Expected {FORMATS_HELP}", source=source, line=told.number)


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return line
    return ""


# ---------------------------------------------------------------- combining


def pod_groups(sets: list[RecordSet]) -> list[PodRecord]:
    """Every pod the inputs are about, each with its own record: pods merged by name, the
    pieces that name no pod (a pasted Events table, a State block) given to the one pod when
    there is one, events and probe counters attached to the pod they name. The notes of the
    inputs (lines not read among them) go to every pod: each explanation lists them. The
    records returned are new; the inputs are left as they are."""
    pods = _merged(sets)
    loose = [e for s in sets for e in s.events]
    mine, cut_notes = _cut_objects(pods, [e for e in loose if e.object_kind in ("", "Pod")])
    nameless = not any(p.name is not None for p in pods)
    for e in mine:
        if e.object_name and not any(_same(p, e.object_name, e.object_namespace) for p in pods):
            pods.append(PodRecord(e.object_name, e.where, namespace=e.object_namespace))
    if nameless:
        _pieces_to_rows_pod(pods)
    if not pods:
        pods = [PodRecord(None, Where(sets[0].source))]
    single = len(pods) == 1
    others = len(loose) - len(mine)
    for pod in pods:
        _attach_events(pod, _events_of(pod, mine, single))
        pod.notes.extend(cut_notes)
        if others:
            pod.notes.append(Note(f"{others} event(s) about other objects (ReplicaSets, "
                                  "Deployments, other pods) were left out",
                                  Where(sets[0].source), uncertain=False))
        for s in sets:
            pod.series.extend(x for x in s.series if x.pod == pod.name
                              or (x.pod is None and single) or (single and pod.name is None))
            pod.notes.extend(_notes_of(pod, s.notes, pods))
            if s.format not in pod.formats:
                pod.formats.append(s.format)
        _renote_nameless(pod)
        _renote_joined(pod)
    _cut_elsewhere(pods, mine)
    _note_unnamed(pods)
    for pod in pods:
        pod.events = [_sync_back_off(e, pod) for e in pod.events]
        give_row_end_back(pod)  # a named row's end no named container shows: the pod's
    return pods


def _notes_of(pod: PodRecord, notes: list[Note], pods: list[PodRecord]) -> list[Note]:
    """The notes of an input that `pod`'s explanation lists: the record's as a whole (lines not
    read, the record's own cut) and those of the pod's own pieces; a note of another pod's
    piece (`Note.pod`, `Note.piece`: its describe block cut before its Restart Count, its
    section stopped before its probe lines) is not this pod's, whose rows may say otherwise."""
    return [n for n in notes if any(p is pod for p in _note_pods(n, pods))]


def _note_pods(note: Note, pods: list[PodRecord]) -> list[PodRecord]:
    """The pods a note is about: the one holding the container block it is about (a describe
    naming no pod, merged into a pod or a pod of its own), else the pods of the name it gives;
    every pod where it is the record's, or its piece and name are no pod's the record shows
    (no note is dropped)."""
    if note.piece is not None:
        held = [p for p in pods if any(c.where == note.piece for c in p.containers)]
        if held:
            return held
    named = [p for p in pods if note.pod is not None and p.name == note.pod]
    return named or pods


def _pieces_to_rows_pod(pods: list[PodRecord]) -> None:
    """A pod's spec naming no pod (a spec without its object: its containers' probe settings
    alone, `_spec_alone`), in a record whose only pod name is the one its event rows' objects
    give (`pod/my-app`), is that pod's: a record's pieces that name no pod are its one pod's,
    and the rows' object names it as a `get pods` row or a describe's `Name:` would (the corpus
    README's rule of one name, one pod). `_merged` gives pieces to the one named pod before
    the rows' pods are known; this gives the spec after. Rows naming several pods leave it a
    pod of its own (`_note_unnamed`); so do pieces with events or a status of their own: a
    second paste of rows may be another pod's (confluent-examples-245's describe rows, of
    another pod IP), and a status stated in prose is the rows' pod's only by the README's
    fixprose38 rule (stated_pod.py). Said in a note."""
    named = [p for p in pods if p.name is not None]
    pieces = [p for p in pods if p.name is None and p.apart_from is None]
    if len(named) != 1 or len(pieces) != 1 or not _spec_alone(pieces[0]):
        return
    pod, piece = named[0], pieces[0]
    _merge(pod, piece)
    pods.remove(piece)
    pod.notes.append(Note(
        f"the record's parts at {_span(piece) or 'its start'} name no pod, and its event rows "
        f"name one pod, {pod.name}, and no other part names a pod: read as its",
        Where(piece.where.source, piece.where.line), uncertain=False))


def _spec_alone(piece: PodRecord) -> bool:
    """Whether a piece is a pod's spec alone: containers with probe settings and no status
    (`_has_status`), no events, no phase or conditions."""
    return bool(piece.containers) and not piece.events and piece.phase is None and \
        not piece.conditions and all(c.spec is not None and not _has_status(c)
                                     for c in piece.containers)


def _events_of(pod: PodRecord, events: list[RecordedEvent], single: bool
               ) -> list[RecordedEvent]:
    """The events that are the pod's, in the record's order: those naming it (its namespace
    and name), and those naming no pod when it is the record's one pod (a row cut in its
    OBJECT cell excepted) or is itself the pod of no name. An event of its name whose object
    UID is not the pod's is another pod's of the name (deleted and created again: README, one
    name, one pod): not read for it, said in a note."""
    named = [e for e in events if e.object_name and _same(pod, e.object_name,
                                                          e.object_namespace)]
    other = [e for e in named if pod.uid and e.object_uid and e.object_uid != pod.uid]
    if other:
        uids = ", ".join(sorted({(e.object_uid or "")[:60] for e in other})[:3])
        pod.notes.append(Note(
            f"{len(other)} event(s) (from line {other[0].where.line}) are about a pod named "
            f"{pod.name} of UID {uids}, not this pod's ({(pod.uid or '')[:60]}): a pod of the "
            "name deleted and created again; not read for it", other[0].where))
    kept = {id(e) for e in named} - {id(e) for e in other}
    return [e for e in events if id(e) in kept or (
        not e.object_name and ((single and not e.object_cut) or pod.name is None))]


def _cut_elsewhere(pods: list[PodRecord], events: list[RecordedEvent]) -> None:
    """A `get events` stream cut where it lists another pod's rows (the paste ends in a row
    after that pod's, cut after its type): the rows cut away name any pod, so each other pod
    of the record may have rows there. Its row next to the cut is marked cut on that side
    (rows there are not in the record), said in a note: never its whole stream since its
    scheduling."""
    last = last_row(events)  # (of rows run into one line, the last read)
    cuts = [e for e in events if e.object_name and (e.cut_after or e.cut_before or (
        e is last and e.truncated))]  # the record ends inside its last row
    # the record ends inside its last row before its OBJECT cell: a row of any pod
    # (emqx-operator-554's `3m36s  Normal  Ensur`)
    cuts += [e for e in events if e is last and e.object_cut and not e.object_name]
    for pod in pods:
        for cut in (c for c in cuts if pod.events and not _same(pod, c.object_name,
                                                                 c.object_namespace)):
            line = cut.where.line or 0
            before = [i for i, e in enumerate(pod.events) if (e.where.line or 0) <= line]
            after = [i for i, e in enumerate(pod.events) if (e.where.line or 0) >= line]
            if cut.cut_after or not cut.cut_before:
                i, side = (before[-1], "cut_after") if before else (0, "cut_before")
            else:
                i, side = (after[0], "cut_before") if after else (len(pod.events) - 1,
                                                                   "cut_after")
            pod.events[i] = (replace(pod.events[i], cut_after=True) if side == "cut_after"
                             else replace(pod.events[i], cut_before=True))
            pod.notes.append(Note(
                f"the record's events are cut next to line {line}'s row ("
                f"{_whose(cut)}): rows cut away there name any pod, so this pod's "
                "events may be among them: its events are not whole", cut.where))
def _whose(cut: RecordedEvent) -> str:
    """Whose row a cut of `_cut_elsewhere` is in, said: another pod's, or one cut before its
    OBJECT cell, naming none."""
    return f"another pod's, {cut.object_name[:60]}'s" if cut.object_name else \
        "cut before its OBJECT cell, naming no pod"


def _cut_objects(pods: list[PodRecord], mine: list[RecordedEvent]
                 ) -> tuple[list[RecordedEvent], list[Note]]:
    """Rows cut inside their OBJECT cell (`pod/we`, the line's end): a cut name names no pod
    by itself; it is the pod's the record names whole elsewhere (a describe's `Name:`, a
    `get pods` row, a whole row) when exactly one such name starts with it, and no pod's
    otherwise (never a pod of its own: `we` may be any pod's name cut short). Each said."""
    whole = {(p.name, p.namespace) for p in pods if p.name} | {
        (e.object_name, e.object_namespace) for e in mine if e.object_name and not e.object_cut}
    out: list[RecordedEvent] = []
    notes: list[Note] = []
    for e in mine:
        if not e.object_cut:
            out.append(e)
            continue
        cell = f"pod/{e.object_name}" if e.object_name else "an OBJECT cell cut before its name"
        matches = sorted({n for n, ns in whole if e.object_name and n.startswith(e.object_name)
                          and (ns is None or e.object_namespace in (None, ns))})
        if len(matches) == 1:
            notes.append(Note(f"line {e.where.line} is cut in its OBJECT cell ({cell}): read "
                              f"as pod {matches[0]}'s, the one pod the record names whole "
                              "whose name starts so", e.where))
            out.append(replace(e, object_name=matches[0]))
            continue
        why = f"{len(matches)} pods the record names start so ({', '.join(matches)})" \
            if matches else "no pod the record names whole starts so"
        notes.append(Note(f"line {e.where.line} is cut in its OBJECT cell ({cell}): {why}; "
                          "the row is given to no named pod", e.where))
        out.append(replace(e, object_name=""))
    return out, notes


# the kubelets of 1.2-1.4 reported a start refused in back-off as FailedSync (the pod worker's
# SyncResult error, messages.start_back_off): `Error syncing pod, skipping: failed to ...`
_SYNC_ERROR = "Error syncing pod, skipping: "


def _same(pod: PodRecord, name: str | None, namespace: str | None) -> bool:
    """Whether a pod is the one of `name` in `namespace`: a pod's key is its namespace and
    name; a record that does not give the namespace (None) may be of any."""
    return name is not None and pod.name == name and (
        pod.namespace is None or namespace is None or pod.namespace == namespace)


def _sync_back_off(event: RecordedEvent, pod: PodRecord) -> RecordedEvent:
    """A FailedSync event whose message is a back-off refusal, read as the BackOff event it
    stands for (its message the refusal's), said in a note; any other event as it is."""
    refused = start_back_off(event.message) if event.reason == "FailedSync" and \
        event.message.startswith(_SYNC_ERROR) else None
    if refused is None or refused.message is None:
        return event
    pod.notes.append(Note("a FailedSync event whose message is a CrashLoopBackOff refusal (the "
                          "kubelets of 2016 reported a refused start so): read as a BackOff "
                          "event", event.where, uncertain=False))
    return replace(event, reason="BackOff", message=refused.message)


def _note_unnamed(pods: list[PodRecord]) -> None:
    """A pod without a name among several says what it is and why it stands apart, and each
    named pod that its parts (probe YAML, a describe block) were not given to it: its
    explanation must not read as if the record held no such part."""
    for pod in pods:
        if pod.name is None and pod.apart_from is None and len(pods) > 1:
            pod.notes.insert(0, _unnamed(pod, pods))
            span = _span(pod)
            parts = f"the record's parts at {span}" if span else "parts of the record"
            for other in (p for p in pods if p.name is not None):
                other.notes.append(Note(
                    f"{parts} name no pod, and nothing in the record says they are about "
                    f"{other.name}: not used for it (they are read as a pod of their own)",
                    Where(pod.where.source, pod.where.line), uncertain=False))


def _span(pod: PodRecord) -> str:
    """The lines of the record a pod's parts come from: `line 3`, `lines 2-17`, or ''."""
    lines = [w.line for w in (pod.where, *(e.where for e in pod.events),
                              *(c.where for c in pod.containers)) if w.line is not None]
    return "" if not lines else f"line {min(lines)}" if min(lines) == max(lines) else \
        f"lines {min(lines)}-{max(lines)}"


def _unnamed(pod: PodRecord, pods: list[PodRecord]) -> Note:
    """What of a record of several pods the pod without a name is, and why it stands apart
    (the describe reader says so itself of a block before another pod's `Name:`)."""
    lines = [w.line for w in (pod.where, *(e.where for e in pod.events),
                              *(c.where for c in pod.containers)) if w.line is not None]
    span = _span(pod)
    others = _names([p.name for p in pods if p.name is not None])
    return Note(f"the record does not name this pod ({span or 'its parts'} name none), and "
                f"nothing in it says they are about {others}: read as a pod of their own",
                Where(pod.where.source, min(lines) if lines else None), uncertain=False)


def combine(sets: list[RecordSet], pod_name: str | None = None) -> PodRecord:
    """One pod's record from every input (`pod_groups`); several pods need `pod_name`."""
    return _choose(pod_groups(sets), pod_name, sets[0].source)


def _merged(sets: list[RecordSet]) -> list[PodRecord]:
    """The inputs' pods merged by name; pieces without a name go to the one named pod, or
    together into one unnamed pod when several are named. A piece the record shows is not
    the pod of some name (`PodRecord.apart_from`: a describe block before another's `Name:`)
    goes to the one other named pod, or stays a pod of its own."""
    pods: list[PodRecord] = []
    cut: list[PodRecord] = []  # pieces named by a Scheduled message cut in the name
    for s in sets:
        for pod in map(copy.deepcopy, s.pods):  # merged and filled below: never the inputs'
            if pod.name is None:
                _name_piece(pod, cut)
            same = next((p for p in pods if _same(p, pod.name, pod.namespace)), None)
            if same is None:
                pods.append(pod)
            elif _two_pods(same, pod):
                newer, older = _newer(same, pod)
                newer.notes.insert(0, _created_again(older, newer))
                pods[pods.index(same)] = newer
            else:
                _merge(same, pod)
    for piece in (p for p in cut if p in pods):
        _whole_name(piece, pods)
    named = [p for p in pods if p.name is not None]
    apart: list[PodRecord] = []
    unnamed: list[PodRecord] = []
    for piece in (p for p in pods if p.name is None):
        others = [p for p in named if p.name != piece.apart_from]
        if len(others) == 1 and (piece.apart_from is not None or len(named) == 1):
            _merge(others[0], piece)
        elif (owner := described_owner(piece, named)) is not None:
            _merge(owner, piece)
        elif piece.apart_from is None and (owner := _owner_in_table(piece, named)) is not None:
            _merge(owner, piece)
        else:
            (unnamed if piece.apart_from is None else apart).append(piece)
    if not unnamed:
        return [*named, *apart]
    into = unnamed.pop(0)
    for piece in unnamed:
        _merge(into, piece)
    if named:
        into.notes.append(Note(f"parts of the record name no pod, and it shows {len(named)} "
                               "pods: those parts are read as one more pod, not given to any",
                               into.where))
    return [*named, *apart, into]


def _two_pods(one: PodRecord, other: PodRecord) -> bool:
    """Whether two pieces of one name are two pods: their UIDs differ (a pod's UID is its one
    identity; a pod deleted and created again under its name gets a new one). Pieces of one
    name are one pod's record unless the record shows so (the corpus README's rule of one
    name, one pod)."""
    return one.uid is not None and other.uid is not None and one.uid != other.uid


def _newer(one: PodRecord, other: PodRecord) -> tuple[PodRecord, PodRecord]:
    """(the newer, the older) of two pods of one name (`_two_pods`): by their start times
    where both give one (a list's items come in any order), else the later in the record."""
    if one.start_time.at is not None and other.start_time.at is not None and \
            one.start_time.at > other.start_time.at:
        return one, other
    return other, one


def _created_again(older: PodRecord, newer: PodRecord) -> Note:
    """The note of the newer of two pods of one name (`_two_pods`): the newer is explained,
    the older's parts are not read for it; rows naming a pod by its name alone (a `get
    events` table's) cannot tell the two apart and are read as the newer's."""
    span, old_uid, new_uid = _span(older), (older.uid or "")[:60], (newer.uid or "")[:60]
    return Note(
        f"the record shows two pods named {newer.name}: UID {old_uid} ({span or 'its parts'}) "
        f"and UID {new_uid} (from line {newer.where.line}): "
        "the pod was deleted and created again under its name; the newer one is explained, "
        "the older one's parts are not read for it (rows that name a pod only by its name, "
        "a get events table's, are read as the newer pod's)", newer.where)


# what events or a describe's container sections naming no pod need of the pod they are
# about (the corpus README's rules of events and of container sections naming no pod beside a
# `get pods` table; kubelet-rules R3.4, R4.7): a readiness failure, a pod not Ready; a probe's
# kill, a back-off, a container started again or an ended instance, a pod whose container
# restarted; N container sections, a pod of N containers or more (READY's total)
_READINESS = lazy_regex(r"^Readiness probe failed\b")
_PROBE_KILL = lazy_regex(r"failed (?:liveness|startup) probe|is unhealthy, it will be killed")
_BACK_OFF = lazy_regex(r"^Back-off restarting failed container")


class Need(Enum):
    """What a piece naming no pod needs of the pod of a `get pods` table it is about."""
    NOT_READY = "not-ready"
    RESTARTED = "restarted"
    CONTAINERS = "containers"


class Unnamed(NamedTuple):
    """A piece naming no pod as the rule of a `get pods` table reads it: what it needs of its
    pod, what its parts are and what they show, in words, and how many container sections."""
    needs: frozenset[Need]
    parts: str
    what: str
    sections: int


def _owner_in_table(piece: PodRecord, named: list[PodRecord]) -> PodRecord | None:
    """The pod of a `kubectl get pods` table that events or container sections naming no pod
    are about, when exactly one of its pods can be it (`_unnamed_needs`): the only pod not
    Ready for readiness failures, the only one whose container restarted for a probe's kill,
    a back-off or an ended instance, one of enough containers for N sections. An inference,
    said in a note of each pod; None (a note of the piece saying which pods they could be)
    when none or several can, when the parts need nothing of a pod, or when a pod is not the
    table's (its describe names it). A describe's Conditions go with its container sections
    (the body of one describe below its `Name:`), not with events alone."""
    unnamed = _unnamed_needs(piece)
    if unnamed is None or (piece.conditions and not unnamed.sections) or len(named) < 2 or \
            any("pods-table" not in p.formats or not p.containers for p in named):
        return None
    fits = [p for p in named if all(_shows(p, n, unnamed.sections) for n in unnamed.needs)]
    span = _span(piece) or "parts of the record"
    pod = _pod_needed(unnamed)
    if len(fits) != 1:
        could = f"{_names([p.name or '' for p in fits])} can" if fits else "none can"
        piece.notes.append(Note(f"the {unnamed.parts} at {span} name no pod, and their "
                                f"{unnamed.what} need {pod}; of the {len(named)} pods of the "
                                f"`get pods` table {could} be it: not given to any",
                                piece.where))
        return None
    owner = fits[0]
    owner.notes.append(Note(
        f"inferred (the record does not say it): the {unnamed.parts} at {span} name no pod, "
        f"and their {unnamed.what} need {pod}; of the {len(named)} pods of the `get pods` "
        f"table only {owner.name} is one{_earlier_unready(owner, unnamed)}: read as its "
        f"{unnamed.parts}", piece.where))
    for other in (p for p in named if p is not owner):
        other.notes.append(Note(f"the {unnamed.parts} at {span} name no pod: read as "
                                f"{owner.name}'s (inferred: the one pod of the table they can "
                                "be), not this pod's", piece.where))
    return owner


def _earlier_unready(owner: PodRecord, unnamed: Unnamed) -> str:
    """Where the owner shows it not Ready by an earlier row alone (`PodRecord.unready_row`:
    its last row Ready), in words for the note; empty otherwise."""
    if Need.NOT_READY not in unnamed.needs or owner.unready_row is None or \
            _last_unready(owner):
        return ""
    return (f" (its earlier row at line {owner.unready_row.line} shows it Running and not "
            "Ready; its last row is Ready)")


# each need: what the events show, and what it asks of the pod
_NEEDS = {Need.NOT_READY: ("readiness failures", "not Ready"),
          Need.RESTARTED: ("kills, back-offs or starts again", "whose container restarted"),
          Need.CONTAINERS: ("", "of {n} containers or more (READY's total)")}


def _pod_needed(unnamed: Unnamed) -> str:
    """The pod the needs ask for, in words: `a pod not Ready, whose container restarted`."""
    return "a pod " + ", ".join(_NEEDS[n][1].format(n=unnamed.sections)
                                for n in Need if n in unnamed.needs)


def _unnamed_needs(piece: PodRecord) -> Unnamed | None:
    """What a piece naming no pod needs of its pod (`Need`), None where it needs nothing any
    pod may not have (a liveness failure below its threshold, a pull, events alone) or is
    no piece the rule reads: a describe's container sections, each under its container's
    name (`csi-resizer:` heading its `Container ID:`, `State:` lines); not a container without
    its name (a fragment's fields, a row) nor a spec (a manifest's containers)."""
    needs = _needs(piece.events)
    shown = [_NEEDS[n][0] for n in Need if n in needs]
    sections = [c for c in piece.containers if not c.init]
    if any(c.name is None for c in piece.containers) or \
            (sections and "describe" not in piece.formats):
        return None
    if sections:
        needs.add(Need.CONTAINERS)
        shown.append(f"number ({len(sections)})")
    if any(_ended_instance(c) for c in sections):
        needs.add(Need.RESTARTED)
        shown.append("an ended instance (a Last State, a restart count, a back-off)")
    if not needs:
        return None
    parts = " and ".join(p for p, shown_ in (("events", piece.events),
                                             ("container sections", sections)) if shown_)
    return Unnamed(frozenset(needs), parts, " and ".join(shown), len(sections))


def _ended_instance(c: ContainerRecord) -> bool:
    """Whether a container section shows an instance of it ended: `Last State: Terminated`,
    a restart count above 0, a back-off (R4.7: a container restarts only after it ended)."""
    return c.last is not None or (c.restart_count or 0) > 0 or \
        c.state_reason == "CrashLoopBackOff"


def _needs(events: list[RecordedEvent]) -> set[Need]:
    """What events naming no pod need of their pod (`Need`): nothing for events that any
    pod may have (a liveness failure below its threshold, a pull)."""
    needs = set()
    for e in events:
        if e.reason == "Unhealthy" and _READINESS.match(e.message):
            needs.add(Need.NOT_READY)
        elif (e.reason == "Killing" and _PROBE_KILL.search(e.message)) or \
                (e.reason == "BackOff" and _BACK_OFF.match(e.message)) or \
                (e.reason in ("Started", "Created") and e.count > 1):
            needs.add(Need.RESTARTED)
    return needs


def _shows(pod: PodRecord, need: Need, sections: int) -> bool:
    """Whether a pod of the table shows what `need` asks (its row's READY, RESTARTS,
    STATUS). A container its STATUS shows waiting or ended (`CrashLoopBackOff`, `Error`) is
    not Ready, whatever the row's READY was read as: Ready is worked out only for a running
    container (R3.4: not running, false). N container sections fit a pod of N containers or
    more: READY's total (`ContainerRecord.containers`)."""
    if need is Need.NOT_READY:  # its last row, or an earlier row of it (stop 58, fc58c)
        return _last_unready(pod) or pod.unready_row is not None
    if need is Need.CONTAINERS:
        return sum(c.containers for c in pod.containers if not c.init) >= sections
    return any((c.restart_count or 0) > 0 or c.state_reason == "CrashLoopBackOff"
               for c in pod.containers)


def _last_unready(pod: PodRecord) -> bool:
    """Whether the pod's last row shows a container not Ready: READY below its total, or a
    container waiting or ended (R3.4: not running, not Ready)."""
    return any(c.ready is False or c.state in ("waiting", "terminated") or (
        c.ready_containers is not None and c.ready_containers < c.containers)
        for c in pod.containers)


# the kubelet names a pod in its messages as NAME_NAMESPACE(UID) (format.Pod): the kill message
# of 2016-2018 as `pod "NAME_NAMESPACE(UID)"` (`Killing container with id docker://...:pod
# "kube-dns-1_kube-system(d5729c5c-...)" container "dnsmasq" is unhealthy, ...`,
# kubelet/dockertools and dockershim), the back-off refusal as `in pod NAME_NAMESPACE(UID)`
# (`Back-off restarting failed container etcd in pod apisix-etcd-0_apisix(28c29c3e-...)`,
# kuberuntime_manager.go)
_NAMED_POD = lazy_regex(r'\b(?:pod "|in pod )([a-z0-9]([-a-z0-9.]*[a-z0-9])?)_[a-z0-9-]+'
                        r'\([0-9a-f-]+\)')


# the scheduler's message names the pod it bound: `Successfully assigned NAMESPACE/NAME to
# NODE` (1.13 on), `Successfully assigned NAME to NODE` before (scheduler's `Scheduled` event)
_ASSIGNED = lazy_regex(rf"^Successfully assigned (?:{NAMESPACE_CELL}/)?"
                       rf"({SUBDOMAIN})(?: to \S+)?\s*$")


def _named_by_kills(pod: PodRecord) -> str | None:
    """The pod a piece without a name is about when its kill or back-off messages, or the
    scheduler's Scheduled message, name one, and only one (rows of describe's Events pasted
    without the describe above them)."""
    names = {m[1] for e in pod.events if (m := _NAMED_POD.search(e.message))}
    names |= {m[1] for e in pod.events
              if e.reason == "Scheduled" and (m := _ASSIGNED.match(e.message.strip()))}
    return names.pop() if len(names) == 1 else None


def _name_piece(piece: PodRecord, cut: list[PodRecord]) -> None:
    """The name of the pod a piece naming none is about, where its rows' messages give one
    (`_named_by_kills`, `_named_apart`); a name a cut Scheduled message gives (`_cut_named`)
    is added to `cut`, to be read whole where one pod's name starts so (`_whole_name`)."""
    piece.name = _named_by_kills(piece) if piece.apart_from is None else _named_apart(piece)
    if piece.name is not None and _cut_named(piece):
        cut.append(piece)


def _cut_named(piece: PodRecord) -> bool:
    """Whether the name `_named_by_kills` gave a piece is its Scheduled message's alone, that
    row cut inside its message before ` to NODE` (the paste ends in it: `Successfully
    assigned awx/awx-web-7666f56494-j2j6`): the name may be cut short too."""
    return not any(_NAMED_POD.search(e.message) for e in piece.events) and any(
        e.reason == "Scheduled" and e.truncated and " to " not in e.message
        for e in piece.events)


def _whole_name(piece: PodRecord, pods: list[PodRecord]) -> None:
    """A piece named by a Scheduled message cut in the name (`_cut_named`): the pod of the
    record whose name starts so where exactly one other does (a `get pods` row's), as a cut
    OBJECT cell is read (`_cut_objects`; the corpus README's rule of a row cut in its name),
    merged into it; else it names no pod (read as a piece naming none). Said in a note."""
    longer = [p for p in pods if p is not piece and p.name is not None and piece.name
              and p.name != piece.name and p.name.startswith(piece.name)]
    text = f"the scheduler's message of line {piece.where.line} is cut in its pod's name " \
        f"(`{(piece.name or '')[:60]}`): "
    if len(longer) != 1:
        piece.notes.append(Note(text + f"{len(longer)} pods the record names whole start so; "
                                "read as naming no pod", piece.where))
        piece.name = None
        return
    pods.remove(piece)
    longer[0].notes.append(Note(text + f"read as pod {longer[0].name}'s, the one pod the "
                                "record names whole whose name starts so", piece.where))
    _merge(longer[0], piece)


def _named_apart(piece: PodRecord) -> str | None:
    """The pod a describe piece without its head (`PodRecord.apart_from`: its lines come
    before another pod's `Name:`, so they are not that pod's) is about when its events'
    messages name one pod, and not that other one (`_named_by_kills`: the scheduler's
    Scheduled message names the pod it bound; microservices-chat-4, chat-front's Events above
    chat-svc's describe), said in a note; else None, a pod the record does not name."""
    name = _named_by_kills(piece)
    if name is None or name == piece.apart_from:
        return None
    below = (piece.apart_from or "the pod below")[:60]
    piece.notes.append(Note(
        f"the lines from line {piece.where.line} that come before the describe of {below} "
        f"name {name[:60]} in their events' messages (the scheduler's `Successfully assigned`, "
        "a kill's or a back-off's pod): read as that pod's", piece.where, uncertain=False))
    return name


def _attach_events(pod: PodRecord, mine: list[RecordedEvent]) -> None:
    """A pod's events from event tables and documents: they replace its describe's table.
    The kubelet's log lines (klog.py) are the same occurrences as its events: beside a record
    of the pod's events (which state counts and ages) they are not used, said in a note."""
    logged = [e for e in mine if is_logged(e)]
    mine = [e for e in mine if not is_logged(e)]
    if logged and (mine or pod.events):
        pod.notes.append(Note(
            f"the kubelet's log lines of this pod (from line {logged[0].where.line}) tell the "
            "occurrences its events count: not used beside them (the events state counts)",
            logged[0].where, uncertain=False))
    elif logged:
        mine = logged
    if not mine:
        return
    if pod.events:
        pod.notes.append(Note(f"the events of {mine[0].where.source} replace the events "
                              "table of the describe text", mine[0].where, uncertain=False))
    pod.events = mine
    if pod.name is None and len({e.object_name for e in mine} - {""}) == 1:
        pod.name = next(e.object_name for e in mine if e.object_name)


_FILLED = ("spec", "spec_where", "state", "state_reason", "state_message", "terminated", "last",
           "ready", "started", "restart_count", "restart_where", "command", "args")


def _fill(into: ContainerRecord, other: ContainerRecord) -> None:
    """What `other` says of a container and `into` does not (describe wins over a `get pods`
    row, a probe piece gives its spec to the container that has none). A count joined to a
    describe block cut before its Restart Count is no longer cut away (`_joined_count`)."""
    if into.restart_count is None and other.restart_count is not None:
        into.restart_apart = other.restart_apart  # the count's moment goes with the count
        _count_moment(into, other)
        if into.restarts_cut:
            _joined_count(into, other)
    for key in _FILLED:
        if getattr(into, key) is None and getattr(other, key) is not None:
            setattr(into, key, getattr(other, key))
    _cut_with_its_spec(into, other)


def _untold_kept(document: ContainerRecord, told: ContainerRecord) -> None:
    """What a record of the container left untold stays untold where a document's status
    replaces it (`_merge`): the spec's cut (`_cut_with_its_spec`), and probes no part of the
    record lists. A status alone (`status:` under an elided or cut spec, no container item
    of the spec) lists no probe; a describe piece cut before its probe lines, or a state a
    sentence tells (`probes_untold`), lists none either: a pod's spec lists its probes only
    where the record shows it (README, fixobj38; stop 60, fx60h)."""
    _cut_with_its_spec(document, told)
    if told.probes_untold and document.spec is None and not document.spec_listed:
        document.probes_untold = True


def _cut_with_its_spec(into: ContainerRecord, other: ContainerRecord) -> None:
    """A container's item of the pod's spec that the record cuts (`probes_untold` beside its
    spec: readers/cut_container.py), given to a record of the same container that had no
    spec (a Deployment's template merged into what the page's prose tells of the pod): the
    cut goes with the spec, so the keys after it, probes among them, stay untold, whichever
    of the two records the merge keeps (fixcounts77's Deployment cut beside prose)."""
    if other.probes_untold and other.spec is not None and into.spec is other.spec:
        into.probes_untold, into.spec_listed = True, False


def _count_moment(into: ContainerRecord, other: ContainerRecord) -> None:
    """The moment of the count `into` takes from `other` goes with it: a `get pods` row's
    last restart's age (`(48s ago)`) and its AGE, the pod's age on the row's moment, date
    that count, not a record that states no count (a state told in prose), so the rules of a
    count of another moment weigh it as the row's (README's counting rules: rocketchat-25481,
    dragonfly-operator-42; seq-tickets-922's `get all` row beside a sentence's
    CrashLoopBackOff)."""
    if into.restart_ago is None:
        into.restart_ago = other.restart_ago
    if into.pod_age is None:
        into.pod_age = other.pod_age


def _joined_count(into: ContainerRecord, other: ContainerRecord) -> None:
    """A describe block cut before its Restart Count, and a record of the same pod's one
    container (a `get pods` row of the pod's name, READY n/1) that states its restarts: the
    row's RESTARTS is the sum of the pod's containers' restartCount (kubectl's printPod), so
    one container's is that container's. The count is no longer cut away; its moment is the
    row's (`restart_apart`), and the cut's note is told what replaced it (`_renote_joined`)."""
    into.restarts_cut = False
    into.count_joined = other.restart_where


def _renote_joined(pod: PodRecord) -> None:
    """The note of a describe block cut before its Restart Count, where another record of the
    pod gave the count (`_joined_count`): it says where the count comes from instead."""
    for c in pod.containers:
        where = c.count_joined
        if where is None:
            continue
        for i, n in enumerate(pod.notes):
            if n.where == c.where and n.text.endswith("how often it restarted is not in the "
                                                      "record"):
                block = f"container {c.name}'s" if c.name else "the container's"
                pod.notes[i] = Note(
                    f"the record ends inside {block} block, before its Restart "
                    f"Count: read as the RESTARTS ({c.restart_count}) of line {where.line}'s "
                    "`get pods` row of the same pod, whose one container it is (a row's "
                    "RESTARTS sums its containers' restart counts)", n.where)


def _names(names: list[str]) -> str:
    shown = ", ".join(n[:60] for n in names[:5])
    return shown + (", ..." if len(names) > 5 else "")


def pod_key(pod: PodRecord, pods: list[PodRecord]) -> str:
    """How `--pod` names a pod among `pods`: NAME, or NAMESPACE/NAME where another pod of the
    record has that name (a pod's key is its namespace and name)."""
    twins = [p for p in pods if p.name == pod.name]
    if len(twins) > 1 and pod.namespace is not None:
        return f"{pod.namespace}/{pod.name}"
    return pod.name or "(unnamed)"


def _choose(pods: list[PodRecord], name: str | None, source: str) -> PodRecord:
    """The pod `--pod` names: NAMESPACE/NAME, or a NAME no other pod of the record has."""
    if name is not None:
        namespace, _, bare = name.rpartition("/")
        match = [p for p in pods if p.name == bare and (
            not namespace or p.namespace in (namespace, None))]
        if len(match) > 1 and namespace:  # the one whose namespace the record gives
            match = [p for p in match if p.namespace == namespace] or match
        if not match:
            have = _names([pod_key(p, pods) for p in pods])
            raise RecordError(f"no pod named {name[:60]!r} in the record (pods: {have})",
                              source=source)
        if len(match) > 1:
            raise RecordError(f"{len(match)} pods of the record are named {name[:60]!r} "
                              f"({_names([pod_key(p, pods) for p in match])}); choose one "
                              "with --pod NAMESPACE/NAME", source=source)
        return match[0]
    if len(pods) > 1:
        raise RecordError(f"the record holds {len(pods)} pods "
                          f"({_names([pod_key(p, pods) for p in pods])}); choose one "
                          "with --pod NAME", source=source)
    return pods[0]


def _merge(into: PodRecord, other: PodRecord) -> None:
    """Two records of one pod (a describe text and its YAML): the document's fields win where
    both have one, because they carry exact times."""
    documented = "pod" in other.formats
    for key in ("namespace", "uid", "owner", "phase", "restart_policy", "grace_seconds",
                "status_reason", "status_message"):
        value = getattr(other, key)
        if value is not None and (documented or getattr(into, key) is None):
            setattr(into, key, value)
    if other.start_time.known and (documented or not into.start_time.known):
        into.start_time = other.start_time
    if other.conditions and (documented or not into.conditions):
        into.conditions = other.conditions
    for c in other.containers:
        if c.name is None and len(into.containers) == 1 and not documented \
                and c.containers == 1 == into.containers[0].containers:
            _fill(into.containers[0], c)  # a piece of the pod's one container
            continue
        if _summary_over_one(into, c):
            continue
        mine = next((m for m in into.containers if m.name == c.name), None)
        if mine is None:
            into.containers.append(c)
        elif documented and _has_status(c):
            spec = mine.spec if c.spec is None else c.spec
            into.containers[into.containers.index(mine)] = c
            c.spec = spec
            _untold_kept(c, mine)
            _keep_untold_end(mine, c)
        else:
            if documented and c.spec is not None:  # a spec alone: its probes, not a status
                mine.spec, mine.spec_where = c.spec, c.spec_where
            _fill(mine, c)
    into.events.extend(other.events)
    into.listed.extend(n for n in other.listed if n not in into.listed)
    into.row_named = into.row_named or other.row_named
    into.unready_row = into.unready_row or other.unready_row
    into.notes.extend(other.notes)
    into.formats.extend(f for f in other.formats if f not in into.formats)
    _adopt_unnamed(into)
    bound_by_row_sum(into)


def _keep_untold_end(told: ContainerRecord, document: ContainerRecord) -> None:
    """A describe's end of untold kind (`Exit Code:` or a terminated `Reason:` without the
    state's line: `State or Last State: Terminated`) where a document's piece of the same
    container replaces it (`_merge`) and states the container waiting or running with no
    lastState: the end is its last state (a current one would be the document's), kept
    (zadig-84's `state: waiting` piece above describe's `Exit Code: 100`)."""
    end = told.terminated if told.terminated is not None and told.terminated.untold else None
    if end is not None and document.last is None and document.terminated is None and \
            document.state in ("waiting", "running"):
        document.last = end


def _summary_over_one(into: PodRecord, c: ContainerRecord) -> bool:
    """A `get pods` row's record of the pod's several containers (READY n/N, N > 1, no name)
    merged into a record of one container that names none (a `describe | grep` that dropped
    every container's name, crunchy-pgo-3429) that states no status of its own (its probe
    lines alone): that container is one of the row's, which one not told, so the row's
    record of them all stays the pod's, with what the one says and it does not, as when the
    row comes first (`_merge`'s fill of the unnamed). A describe block that states a state or
    count stays the container's (that count is one container's, the row's a sum). False
    (nothing done) for any other pair."""
    one = [m for m in into.containers if m.name is None]
    if c.name is not None or c.containers < 2 or len(one) != 1 or one[0].containers != 1 \
            or _has_status(one[0]):
        return False
    into.containers[into.containers.index(one[0])] = c
    _fill(c, one[0])
    return True


def _has_status(c: ContainerRecord) -> bool:
    """Whether a pod document's container states anything of its status: a spec alone (a
    manifest, `cat pod.yaml`) does not replace what a describe says of it."""
    return c.state is not None or c.restart_count is not None or c.terminated is not None \
        or c.last is not None or c.ready is not None


def _adopt_unnamed(pod: PodRecord) -> None:
    """A container without a name (a `kubectl get pods` row of one container, a fragment)
    beside the one container another record of the pod names: the pod's only container,
    told twice; what the unnamed one says and the named one does not is kept. A row's record
    of several containers (`ContainerRecord.containers`) beside records naming them all is
    dropped."""
    named = [c for c in pod.containers if c.name is not None and not c.init]
    for c in [c for c in pod.containers if c.name is None and c.containers > 1]:
        if len(named) >= c.containers:  # another record names them all, each with its own
            pod.containers.remove(c)    # state and count: a row's sum of them adds nothing
            if len(named) == c.containers:
                _split_nothing(c, named)
    unnamed = [c for c in pod.containers if c.name is None and c.containers == 1]
    if len(unnamed) == 1 and len(named) == 1:
        _fill(named[0], unnamed[0])
        if "pod-status" in pod.formats:  # the named one a status's (its spec not shown)
            _untold_kept(named[0], unnamed[0])
        pod.containers.remove(unnamed[0])


def _split_nothing(row: ContainerRecord, named: list[ContainerRecord]) -> None:
    """A `get pods` row's record of several containers whose sum of restarts is 0, beside
    records naming every one of them that state no count of their own (`kubectl top
    --containers` rows state none): a sum of 0 is each container's 0, and a pod Running with
    every container ready (READY n/n) runs each (printPod; `_several`). A sum above 0 does
    not split: which container restarted the row does not tell."""
    if row.restart_count != 0:
        return
    for c in named:
        if c.restart_count is None and not c.restarts_cut:
            c.restart_count, c.restart_where = 0, row.restart_where
            c.restart_apart = row.restart_apart
            if c.state is None and row.state == "running":
                c.state = "running"


def _renote_nameless(pod: PodRecord) -> None:
    """Fields a describe read as the pod's only container, where another record of the pod
    names several (`kubectl top --containers` rows): one of them, the record does not tell
    which."""
    unnamed = [c for c in pod.containers if c.name is None and c.containers == 1]
    names = [c.name for c in pod.containers if c.name is not None and not c.init]
    if len(unnamed) != 1 or len(names) < 2:
        return
    c = unnamed[0]
    c.one_of = tuple(names)
    for i, n in enumerate(pod.notes):
        if n.where == c.where and n.text.endswith("read as the pod's only container"):
            pod.notes[i] = Note("the record shows container fields without the container's "
                                f"name, beside the containers another part of it names "
                                f"({', '.join(names)}): read as a container the record does "
                                "not name; which of them it is, the record does not tell",
                                n.where)
