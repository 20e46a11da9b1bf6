"""JSON cut short or pasted from the middle of a document (issue 30 item 1): read as far as it
is well formed, the lines after the cut listed as `not read: line N`, never dropped; the
container statuses of 2014 (v1beta1/v1beta2: `state.termination`, kubernetes/kubernetes
pkg/api/v1beta1/types.go) read as today's; prose with quotes, JSON of other objects and depth
bombs never read as a record, and read in bounded time and memory (docs/explain.md, Limits)."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from helpers import cli as kubesim
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.errors import RecordError
from kubesim.explain.readers.fragment import MAX_FRAGMENT_CHARS, parse_fragment
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record
from kubesim.files import MAX_DEPTH

REAL = Path(__file__).resolve().parent / "data" / "explain" / "real"
RECORD = REAL / "k8s-pr3044.status-fragment-2014.txt"
QUICK = ("--no-suggest", "--phases", "1")


def test_the_2014_fragment_is_the_oom_killed_container():
    """kubernetes/kubernetes#3044: the record's one container, its state as the record has
    it (exit code 137, `OOM Killed` then, OOMKilled today; one second of run), nothing left
    unread."""
    found = parse_record(RECORD.read_text(), "r")
    [pod] = found.pods
    [c] = pod.containers
    assert pod.name is None and c.name == "oom-test" and c.state == "terminated"
    assert c.terminated is not None and c.terminated.exit_code == 137
    assert c.terminated.reason == "OOMKilled"
    assert c.terminated.finished.at is not None and c.terminated.started.at is not None
    assert c.terminated.finished.at - c.terminated.started.at == 1
    assert c.where.line == 2 and c.spec is None
    notes = [n.text for n in found.notes]
    assert not [n for n in found.notes if n.kind is NoteKind.NOT_READ], notes
    assert any("'OOM Killed'" in n and "OOMKilled" in n for n in notes), notes
    assert any("cut short" in n for n in notes), notes


CUT = """\
The status before the restart:
        "web": {
            "state": {
                "running": {
                    "startedAt": "2015-01-02T10:00:00Z"
                }
            },
            "restartCount": 4,
            "lastState": {
                "termination": {
                    "exitCode": 137,
                    "reason": "OOM Kil
"""


def test_a_pair_cut_short_is_listed_not_read(capsys, tmp_path):
    """What comes before the cut is read (restartCount, the last state's exit code); the
    pair cut in its value is not, and every format names its line."""
    path = tmp_path / "cut.txt"
    path.write_text(CUT)
    found = parse_record(CUT, "cut")
    [c] = found.pods[0].containers
    assert (c.name, c.state, c.restart_count) == ("web", "running", 4)
    assert c.last is not None and c.last.exit_code == 137 and c.last.reason is None
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert [t.split(" (")[0].split(":")[0] for t in unread] == ["not read", "not read"]
    assert any(t.startswith("not read: line 12") for t in unread), unread
    assert any(t.startswith("not read: line 1:") for t in unread), unread
    code, out, err = kubesim(capsys, "explain", str(path), *QUICK)
    assert code == 0, err
    assert "not read: line 12" in " ".join(out.split())  # the text wraps at 100 columns
    code, out, err = kubesim(capsys, "explain", str(path), "--format", "json", *QUICK)
    assert code == 0 and "not read: line 12" in out


def test_a_cut_pod_document_is_read_to_its_cut():
    """`kubectl get pod -o json` cut where the paste ends: today's shape, read to the cut."""
    doc = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
           "status": {"containerStatuses": [
               {"name": "app", "restartCount": 2, "ready": False,
                "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}},
                "state": {"running": {"startedAt": "2024-01-01T00:00:00Z"}}}]}}
    text = json.dumps(doc, indent=2)
    cut = text[:text.index('"state"') + 12]
    with pytest.raises(ValueError):  # the strict reader refuses it
        json.loads(cut)
    found = parse_record(cut, "cut")
    [pod] = found.pods
    assert pod.name == "p"
    [c] = pod.containers
    assert c.restart_count == 2 and c.last is not None and c.last.exit_code == 1
    assert c.state is None  # cut before it
    assert any(n.kind is NoteKind.NOT_READ for n in found.notes)


@pytest.mark.parametrize("text", [
    '"error": {\n  this is prose, not JSON\n}\n',
    'He said "stop": {\nand left\n',
    '"metadata": {\n  "name": "x",\n  "labels": {"app": "x"}\n}\n',
    '"web": {\n  "state": "running",\n  "restartCount": 3\n}\n',
    '"Web App": {\n  "state": {"termination": {"exitCode": 1}}\n}\n',
    '"web": {\n  "state": {"termination": {"exitCode": 1}, "running": {}}\n}\n',
    '{"kind": "Pod"',
    '{"kind": "Pod", "status": {"containerStatuses": [{"na',
])
def test_what_is_not_a_record_stays_refused(text):
    """Quotes in prose, JSON of other objects, a state of no known shape, a container name
    no container can have, two states at once, a pod cut before anything of it: exit 2."""
    with pytest.raises(RecordError):
        parse_record(text, "x")


def test_no_other_real_record_is_read_as_2014_statuses():
    """No false reading: none of the other real records is read as 2014 statuses (the
    hostile inputs stay refused: tests/test_hostile.py)."""
    for path in sorted(REAL.glob("*.*")):
        if path.suffix not in (".txt", ".yaml", ".json") or path == RECORD:
            continue
        try:
            found = parse_record(path.read_text(), path.name)
        except RecordError:
            continue
        assert "pod-status-2014" not in found.format, path.name


@pytest.mark.parametrize("text", [
    '"a": {\n' + "[" * 300_000 + "\n",
    "{\n" + '{"a": ' * 100_000 + "\n",
    "[\n" + "[" * (MAX_DEPTH * 10) + '"x"' + "\n",
])
def test_a_depth_bomb_stops_at_the_depth_limit(text):
    """Nesting is read on an explicit stack: it stops at MAX_DEPTH, whatever the depth."""
    body = text.split("\n", 1)[1]
    cut = parse_fragment(body)
    assert cut is not None and cut.why == f"nests deeper than {MAX_DEPTH} levels"
    assert cut.closed == MAX_DEPTH
    with pytest.raises(RecordError):
        parse_record(text, "bomb")


def test_a_fragment_over_the_limit_is_not_read():
    assert parse_fragment('{"a": "' + "x" * MAX_FRAGMENT_CHARS) is None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(string.ascii_letters, max_size=6), inner, max_size=4),
    max_leaves=20)


def _within(read: Any, whole: Any) -> bool:
    """`read` is `whole` cut short: every scalar read stands where it stands in `whole`."""
    if isinstance(read, dict):
        return isinstance(whole, dict) and all(
            k in whole and _within(v, whole[k]) for k, v in read.items())
    if isinstance(read, list):
        return isinstance(whole, list) and len(read) <= len(whole) and all(
            _within(v, w) for v, w in zip(read, whole, strict=False))
    return read == whole


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(string.ascii_letters, min_size=1, max_size=6), _JSON,
                       min_size=1, max_size=4), st.integers(0, 10_000), st.booleans())
def test_a_cut_text_reads_only_what_the_whole_holds(value, at, indent):
    """Invariant: the whole text reads as itself; any cut of it reads as a part of it
    (nothing invented), with the lines not read after every line read."""
    text = json.dumps(value, indent=2 if indent else None)
    whole = parse_fragment(text)
    assert whole is not None and whole.data == value and whole.unread == []
    cut = parse_fragment(text[:at % (len(text) + 1)])
    if cut is None:
        return
    assert _within(cut.data, value)
    assert all(n > cut.read_to for n in cut.unread) or cut.unread == [cut.read_to]


def test_json_cut_short_ends_where_a_describe_begins():
    """JSON cut short, and a describe pasted below it: the JSON ends at the first line no
    JSON has, so the describe is read (it used to be swallowed into the JSON, not read)."""
    describe = (Path(__file__).resolve().parent / "data" / "explain"
                / "19-nautobot-helm-charts-125.describe.txt").read_text()
    found = parse_record('{"kind": "Pod", "metadata": {"name": "a\n' + describe, "p")
    assert [p.name for p in found.pods] == ["nautobot-68bcb95f6b-5tdtw"]
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert len(unread) == 1 and unread[0].startswith("not read: line 1 "), unread


CUT_YAML = """\
apiVersion: v1
kind: Pod
metadata:
  name: p
status:
  containerStatuses:
  - name: app
    restartCount: 3
    lastState:
      terminated:
        exitCode: 137
        reason: OOMKilled
    state:
      waiting:
        message: "back-off 5m0s restarting fa
"""


def test_yaml_cut_in_a_quoted_string_is_read_up_to_the_cut():
    """`kubectl get pod -o yaml` cut inside a quoted string (malformed from there): the
    lines before it are the pod (its OOMKilled last state), the cut line is not read."""
    found = parse_record(CUT_YAML, "y")
    [pod] = found.pods
    [c] = pod.containers
    assert (pod.name, c.name, c.restart_count) == ("p", "app", 3)
    assert c.last is not None and c.last.reason == "OOMKilled"
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert len(unread) == 1 and unread[0].startswith("not read: line 15 (malformed YAML"), unread


@pytest.mark.parametrize("text", [
    "apiVersion: v1\nkind: Pod\n\tmetadata: {name: p\n",
    "apiVersion: v1\nkind: ConfigMap\ndata:\n  a: \"b\n",
])
def test_yaml_with_nothing_of_a_pod_before_its_error_stays_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, "y")


V1BETA1 = {"kind": "Pod", "id": "oom-test", "apiVersion": "v1beta1",
           "desiredState": {"manifest": {"version": "v1beta1", "containers": [
               {"name": "oom-test", "image": "busybox"}]}},
           "currentState": {"status": "Terminated", "info": {"oom-test": {
               "state": {"termination": {"exitCode": 137, "reason": "OOM Killed",
                                         "startedAt": "2014-12-18T23:22:25Z",
                                         "finishedAt": "2014-12-18T23:22:26Z"}},
               "lastState": {"termination": {"exitCode": 1, "reason": "Error"}},
               "restartCount": 2, "ready": False}}}}


def test_a_whole_v1beta1_pod_is_read_with_its_name():
    """A whole pod of 2014 (`id`, `currentState.info`): named by its `id`, its container's
    state and last state read, its desiredState listed as not read."""
    found = parse_record(json.dumps(V1BETA1, indent=2), "old")
    [pod] = found.pods
    [c] = pod.containers
    assert (pod.name, c.name, c.restart_count, c.ready) == ("oom-test", "oom-test", 2, False)
    assert c.terminated is not None and c.terminated.reason == "OOMKilled"
    assert c.last is not None and (c.last.exit_code, c.last.reason) == (1, "Error")
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert [t for t in unread if t.startswith("not read: line 1 (desiredState")], unread


EVENTS_PIECE = """\
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Event",
            "count": 12,
            "involvedObject": {"kind": "Pod", "name": "web-1",
                               "fieldPath": "spec.containers{app}"},
            "reason": "Unhealthy",
            "message": "Liveness probe failed: HTTP probe failed with statuscode: 500",
            "type": "Warning"
        },
        {
            "apiVersion": "v1",
            "kind": "Event",
            "count": 4,
            "involvedObject": {"kind": "Pod", "name": "web-1",
"""


def test_a_piece_of_an_event_list_is_read_to_its_cut():
    """`kubectl get events -o json` pasted from its `items` and cut inside the second event:
    the first event is read with its count; the second, cut before its reason, is not an
    Event the reader can check, and its lines are listed as not read."""
    found = parse_record(EVENTS_PIECE, "e")
    events = found.events or [e for p in found.pods for e in p.events]
    assert [(e.reason, e.count, e.object_name) for e in events] == [("Unhealthy", 12, "web-1")]
    unread = [n.text for n in found.notes if n.kind is NoteKind.NOT_READ]
    assert unread == ["not read: lines 12-16 (an Event cut before its reason): {"], unread
