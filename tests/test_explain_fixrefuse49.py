"""Held-out batches 49 and 50 (issue 30, explain on real pastes): the rules their misses
showed, each with hand-written variants that hold and variants that stay unread."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.explain.readers.runs import QUOTED_BACKOFF
from kubesim.spec.manifests import NO_OBJECT

# ------------------------------------------- `get all` with its slashes spaced (batch 50)
# munnerz-kube-plex-110: a page spaced every slash it copied (`pod / NAME`, `32400 / TCP`):
# `kubectl get all`'s pod section is still a get-pods row, its `pod / ` prefix off


@pytest.mark.parametrize("table, name, restarts", [
    ("NAME READY STATUS RESTARTS AGE\n"
     "pod / web-5f7-abcde 0/1 CrashLoopBackOff 7 14m\n", "web-5f7-abcde", 7),
    ("NAMESPACE   NAME          READY   STATUS    RESTARTS   AGE\n"
     "kube-system pod / dns-1   1/1     Running   4          1d\n", "dns-1", 4),
    ("NAME          READY   STATUS             RESTARTS     AGE\n"
     "pod / web-0   1/1     CrashLoopBackOff   9 (3m ago)   2h\n", "web-0", 9),
])
def test_get_all_pod_rows_with_spaced_slashes_are_read(table: str, name: str,
                                                       restarts: int) -> None:
    [pod] = pod_groups([parse_record(table, "r.txt")])
    assert pod.name == name and [c.restart_count for c in pod.containers] == [restarts]


@pytest.mark.parametrize("table", [
    # a slash spaced on one side only is no prefix kubectl or a spacing page prints
    "NAME READY STATUS RESTARTS AGE\npod /web 0/1 CrashLoopBackOff 7 14m\n",
    "NAME READY STATUS RESTARTS AGE\npod/ web 0/1 CrashLoopBackOff 7 14m\n",
    # another kind's section is no pod's row
    "NAME READY STATUS RESTARTS AGE\nservice / web 0/1 CrashLoopBackOff 7 14m\n",
])
def test_spaced_slash_variants_that_stay_unread(table: str) -> None:
    with pytest.raises(RecordError, match="not a record explain reads"):
        parse_record(table, "r.txt")


def test_spaced_slash_pod_row_reads_a_long_line_in_one_pass() -> None:
    """Hostile input for the `pod / ` prefix: a 2 MB run of spaces read in one pass."""
    read_in_one_pass("NAME READY STATUS RESTARTS AGE\npod / web" + " " * 2_000_000
                     + "1/1 Running 3 1d\n")


# ------------------- a YAML document with no kind and no probe beside a record (batch 49)
# k8s-auth-example-2: a `get pods` table, then a ConfigMap's YAML pasted without its kind:
# the whole record was refused (neither a Kubernetes object nor a probe spec); the table is
# read and the document listed as lines not read (nothing refused that can be read, nothing
# dropped silently)
_ROWS = ("NAMESPACE   NAME            READY   STATUS             RESTARTS   AGE\n"
         "auth        web-5fdc7-mwx2s 0/1     CrashLoopBackOff   4          2m\n\n")
_NO_KIND = ("apiVersion: v1\nmetadata:\n  name: web\n  namespace: auth\ndata:\n"
            "  config.yaml: |\n    listen: \"0.0.0.0:5555\"\n")


@pytest.mark.parametrize("text, first", [
    (_ROWS + _NO_KIND, 4),
    (_NO_KIND + "\n" + _ROWS, 1),  # the document above the table
    (_ROWS + "web-cm.yml\n" + _NO_KIND.replace("apiVersion: v1\n", ""), 5),  # no apiVersion
])
def test_a_document_neither_object_nor_probe_beside_a_table_is_not_read(text: str,
                                                                        first: int) -> None:
    record = parse_record(text, "r.txt")
    [pod] = pod_groups([record])
    assert pod.name == "web-5fdc7-mwx2s" and [c.restart_count for c in pod.containers] == [4]
    assert any(n.kind is NoteKind.NOT_READ and n.where.line == first and NO_OBJECT in n.text
               for n in record.notes)


@pytest.mark.parametrize("text", [
    _NO_KIND,  # the document alone: nothing else read, the record is refused with its error
    "Some words.\n\n" + _NO_KIND,
])
def test_a_document_neither_object_nor_probe_alone_is_still_refused(text: str) -> None:
    with pytest.raises(RecordError, match="neither a Kubernetes object"):
        parse_record(text, "r.txt")


def test_a_document_neither_object_nor_probe_reads_a_long_line_in_one_pass() -> None:
    read_in_one_pass(_ROWS + "data:\n  x: " + "a " * 1_000_000 + "\n")


# -------------------- the status of the case's pod stated as CrashLoopBackOff (batch 49)
# k2s-678: `3. the status of oauth2 pod is CrashLoopBackOff` was read by no sentence reader


@pytest.mark.parametrize("text", [
    "3. the status of oauth2 pod is CrashLoopBackOff\n",
    "The status of my pod was CrashLoopBackOff after the upgrade.\n",
    "After enabling it, the state of the api container is still `CrashLoopBackOff`.\n",
    "Now the status of redis-0 is CrashLoopBackOff.\n",
])
def test_the_status_of_the_pod_stated_as_crashloopbackoff_is_read(text: str) -> None:
    rs = parse_record(text, "r.txt")
    assert any(n.text.startswith(f"line 1: {QUOTED_BACKOFF}") for n in rs.notes)
    a = explained_answer(text)
    assert a.cause is Cause.CANNOT_TELL and a.probe_kills == CountRange(0, None)


@pytest.mark.parametrize("text", [
    "If the status of the pod is CrashLoopBackOff, check its logs.\n",
    "When the status of a pod is CrashLoopBackOff the kubelet delays its restart.\n",
    "Is the status of my pod CrashLoopBackOff?\n",
    "The status of a pod is CrashLoopBackOff while its container keeps crashing.\n",
    "The status of any pod can be CrashLoopBackOff.\n",
])
def test_the_status_of_a_pod_in_general_stays_unread(text: str) -> None:
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")


@pytest.mark.parametrize("line", [
    "status of{}x pod is CrashLoopBackOff",
    "status of x pod is{}CrashLoopBackOff",
    "status of x{}pod is CrashLoopBackOff",
])
def test_the_status_of_the_pod_reads_a_long_line_in_one_pass(line: str) -> None:
    read_in_one_pass(line.format(" " * 2_000_000) + "\n")
