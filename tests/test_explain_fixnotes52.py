"""Stop 52 (fixnotes52): the reading notes of a record of several pods, each pod's own.

A record of several pods is explained pod by pod (`explain_pods`, `read.pod_groups`). A note
tied to a piece of one pod (its describe's container block cut before its Restart Count, its
section stopped before the place of its probe lines: `Note.pod`) is that pod's alone: another
pod's rows say its own restarts, and its probes are not the cut section's. Notes of the record
as a whole (lines not read, a note of a pod the record names under no such name) stay every
pod's. openshift-ansible-7230's `oc get all` rows of three pods and the describe of one cut in
its container's State gave pods 2 and 3 the describe's notes of pod 1 (`how often it restarted
is not in the record`, false of rows stating RESTARTS 0). Every format renders the same notes
(text, JSON and the page's data, one `Explanation`)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kubesim.cli.main import main
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.read import pod_groups

_CUT = "the record ends inside container web's block, before its Restart Count"
_STOP = "container web's section stops at line"
_UNREAD = "not read: line 1: Following up, the pods never get ready:"


def _rows(prefix: str) -> str:
    """`get pods` rows (or `get all`'s `pod/` rows) of three pods, each 0/1 Running 0, then the
    describe of the first alone, the paste ending inside its container's State."""
    rows = "".join(f"{prefix}web-{x}   0/1     Running   0          4m\n" for x in "abc")
    return ("Following up, the pods never get ready:\n"
            "$ kubectl get pods\n"
            "NAME    READY   STATUS    RESTARTS   AGE\n" + rows
            + "$ kubectl describe pod web-a\n"
            "Name:         web-a\n"
            "Namespace:    shop\n"
            "Start Time:   Wed, 21 Feb 2018 08:46:51 -0500\n"
            "Status:       Running\n"
            "Containers:\n"
            "  web:\n"
            "    Image:          nginx:1.25\n"
            "    State:          Running\n"
            "      Started:      Wed, 21 Feb 2018 08:47:00 -0500")


def _explain(tmp_path: Path, text: str, *args: str) -> str:
    record = tmp_path / "r.txt"
    record.write_text(text, encoding="utf-8")
    out = io.StringIO()
    argv = ["explain", str(record), "--no-suggest", "--phases", "1", *args]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return out.getvalue()


def _pod_notes(doc: dict[str, Any]) -> dict[str, list[str]]:
    return {p["pod"]: [n["text"] for n in p["notes"]] for p in doc["pods"]}


def test_text_a_describe_cut_of_one_pod_is_its_note_alone(tmp_path: Path) -> None:
    out = _explain(tmp_path, _rows(""))
    sections = {name: " ".join(body.split())  # (the text's lines wrapped: words alone)
                for name, body in (s.split(" ===\n", 1)
                                   for s in re.split(r"\n\n=== pod \d of 3: ", out)[1:])}
    assert list(sections) == ["web-a", "web-b", "web-c"]
    mine = sections["web-a"]
    assert _CUT in mine and _STOP in mine  # the described pod keeps its notes
    for other in ("web-b", "web-c"):  # rows of RESTARTS 0, no describe: none of its notes
        assert _CUT not in sections[other] and _STOP not in sections[other]
        assert "how often it restarted" not in sections[other]
    for section in sections.values():  # a line not read is the record's: every pod's
        assert _UNREAD in section


@pytest.mark.parametrize("prefix", ["", "pod/", "po/"])
def test_json_each_pods_notes(tmp_path: Path, prefix: str) -> None:
    """`get pods` rows, and `get all`'s `pod/`/`po/` rows (fixrows52b), the same."""
    notes = _pod_notes(json.loads(_explain(tmp_path, _rows(prefix), "--format", "json")))
    assert list(notes) == ["web-a", "web-b", "web-c"]
    assert any(n.startswith(_CUT) for n in notes["web-a"])
    assert any(n.startswith(_STOP) for n in notes["web-a"])
    assert notes["web-b"] == notes["web-c"] == [_UNREAD]


def test_pod_flag_of_a_pod_without_describe_lists_no_note_of_the_other(tmp_path: Path) -> None:
    doc = json.loads(_explain(tmp_path, _rows("pod/"), "--format", "json", "--pod", "web-b"))
    assert [n["text"] for n in doc["notes"]] == [_UNREAD]


_TWO = """Following up, the pods never get ready:
```
$ kubectl describe pod api-0
Name:         api-0
Namespace:    shop
Status:       Running
Containers:
  web:
    Image:          shop/api:2.1
    State:          Running
      Started:      Wed, 21 Feb 2018 08:47:00 -0500
    Ready:          False
    Restart Count:  0
```
and the other one:
```
$ kubectl describe pod api-1
Name:         api-1
Namespace:    shop
Status:       Running
Containers:
  web:
    Image:          shop/api:2.1
    State:          Running
      Started:      Wed, 21 Feb 2018 08:47:05 -0500
    Ready:          False
    Restart Count:  0
    Readiness:      http-get http://:8080/ready delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:    <none>
```
"""


def test_two_describes_the_stopped_section_is_its_pods(tmp_path: Path) -> None:
    """api-0's section stops at its fence, before the probe lines' place; api-1's goes on to
    its Environment: its probes are told, and api-0's stop is not its note."""
    notes = _pod_notes(json.loads(_explain(tmp_path, _TWO, "--format", "json")))
    assert [n for n in notes["api-0"] if n.startswith(_STOP)] == [
        _STOP + " 14, before the place where describe prints its probe lines (after Limits "
        "and Requests, before Environment): its probes are not in the record, so a probe it "
        "does not show may have killed it"]
    assert not any(n.startswith(_STOP) for n in notes["api-1"])
    for pod in ("api-0", "api-1"):
        assert _UNREAD in notes[pod] and "not read: line 15: and the other one:" in notes[pod]


def test_pod_groups_a_pods_note_is_its_own_and_no_note_is_dropped() -> None:
    """A note of pod a goes to a alone; one of a pod the record shows under no such name (its
    name not among the pods) and one of no pod go to every pod."""
    where = Where("r.txt", 1)
    own, stray, whole = (Note("of a", where, pod="a"), Note("of z", where, pod="z"),
                         Note("of the record", where))
    found = RecordSet("r.txt", "describe", pods=[PodRecord("a", where), PodRecord("b", where)],
                      notes=[own, stray, whole])
    got = {p.name: p.notes for p in pod_groups([found])}
    assert got == {"a": [own, stray, whole], "b": [stray, whole]}



def test_page_lists_the_notes_of_the_described_pod_alone(tmp_path: Path) -> None:
    """The page (--html) of the three pods: each pod's section (its page data) lists the
    notes its JSON does, the describe's in web-a's alone."""
    record = tmp_path / "r.txt"
    record.write_text(_rows("po/"), encoding="utf-8")
    html = tmp_path / "p.html"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["explain", str(record), "--no-suggest", "--phases", "1",
                     "--html", str(html)]) == 0
    found = re.search(r'id="kubesim-data">(.*?)</script>', html.read_text(encoding="utf-8"),
                      re.S)
    assert found is not None
    data = json.loads(found[1])
    notes = {p["document"]["pod"]: [n["text"] for n in p["document"]["notes"]]
             for p in data["pods"]}
    assert notes == _pod_notes(data["document"])
    assert any(n.startswith(_CUT) for n in notes["web-a"])
    assert notes["web-b"] == notes["web-c"] == [_UNREAD]


_PIECE = """The pods:
```
NAME    READY   STATUS    RESTARTS   AGE
web-a   1/1     Running   0          4m
web-b   1/1     Running   7          4m
```
and the container of the one that restarts:
```
    State:          Running
      Started:      Wed, 21 Feb 2018 08:47:00 -0500
    Ready:          True
    Restart Count:  7
    Limits:
      memory:  1Gi
```
"""


def test_a_piece_naming_no_pod_keeps_its_notes_to_its_own_pod(tmp_path: Path) -> None:
    """A describe's fields naming no pod beside rows of two: read as one more pod, not given to
    either (`_note_unnamed`); its notes (its section stopped at its fence, its container read
    as the pod's only one) are that pod's, not web-a's or web-b's."""
    notes = _pod_notes(json.loads(_explain(tmp_path, _PIECE, "--format", "json")))
    assert list(notes) == ["web-a", "web-b", None]
    piece = ("the container's section stops at line 15",
             "the record shows container fields without the container's name")
    for said in piece:
        assert any(n.startswith(said) for n in notes[None])  # type: ignore[index]
        assert not any(n.startswith(said) for pod in ("web-a", "web-b") for n in notes[pod])
    for pod_notes in notes.values():  # the lines not read stay every pod's
        assert "not read: line 7: and the container of the one that restarts:" in pod_notes


def test_pod_groups_a_note_of_a_container_block_goes_to_the_pod_holding_it() -> None:
    """`Note.piece`: the pod holding that container (whatever its name, or none) lists the
    note; a piece no pod holds falls back on the note's pod name, then on every pod."""
    where = Where("r.txt", 1)
    a, b = PodRecord("a", where), PodRecord("b", where)
    b.containers.append(ContainerRecord("app", Where("r.txt", 9)))
    held = Note("of b's block", where, piece=Where("r.txt", 9))
    lost = Note("of a's block", where, pod="a", piece=Where("r.txt", 30))
    found = RecordSet("r.txt", "describe", pods=[a, b], notes=[held, lost])
    got = {p.name: p.notes for p in pod_groups([found])}
    assert got == {"a": [lost], "b": [held]}
