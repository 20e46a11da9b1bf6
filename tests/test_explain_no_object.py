"""A YAML document that is neither a Kubernetes object nor a probe spec is told by its error's
type, NoObjectError (issue 30's point 7: explain's readers tell refusals apart by type, never
by their words): beside a record read elsewhere it is lines not read, and any other refusal
stands, whatever words its message starts with."""

from __future__ import annotations

import pytest

from kubesim.errors import NoObjectError, RecordError, SpecError
from kubesim.explain.readers.model import NoteKind
from kubesim.explain.readers.read import parse_record, pod_groups
from kubesim.spec.manifests import NO_OBJECT, containers_from_text

_ROWS = ("NAMESPACE   NAME            READY   STATUS             RESTARTS   AGE\n"
         "auth        web-5fdc7-mwx2s 0/1     CrashLoopBackOff   4          2m\n\n")
_PROBE = "  livenessProbe:\n    httpGet:\n      path: /healthz\n      port: 8080\n"


@pytest.mark.parametrize("text", [
    "metadata:\n  name: web\ndata:\n  config.yaml: |\n    listen: 5555\n",
    "apiVersion: v1\nmetadata:\n  name: web\n",
    "---\n  data:\n    x: y\n",
])
def test_a_kindless_document_is_refused_with_its_own_type(text: str) -> None:
    with pytest.raises(NoObjectError) as refused:
        parse_record(text, "r.txt")
    # one error for both readers: a manifest's (SpecError) and a record's (RecordError)
    assert isinstance(refused.value, SpecError) and isinstance(refused.value, RecordError)
    assert refused.value.message.startswith(NO_OBJECT)


def test_a_kindless_manifest_is_a_no_object_spec_error() -> None:
    with pytest.raises(NoObjectError, match=NO_OBJECT.replace("(", r"\(").replace(")", r"\)")):
        containers_from_text("metadata:\n  name: web\n", "m.yaml")


def test_a_kindless_document_beside_a_table_is_still_lines_not_read() -> None:
    record = parse_record(_ROWS + "---\n  data:\n    x: y\n", "r.txt")
    [pod] = pod_groups([record])
    assert pod.name == "web-5fdc7-mwx2s"
    assert any(n.kind is NoteKind.NOT_READ and NO_OBJECT in n.text for n in record.notes)


@pytest.mark.parametrize("key", [
    "foo",
    # the key is the author's: the refusal's message starts with the no-object words, and it
    # is still a probe spec with an unknown field, refused as any other (not lines not read)
    NO_OBJECT,
    f"{NO_OBJECT} (no startupProbe, livenessProbe or readinessProbe)",
    "a key of four words",
])
def test_another_refusal_in_the_same_words_is_not_taken_for_a_kindless_document(
        key: str) -> None:
    """Beside rows the record reads, a probe spec with a key the API has no place for is
    lines not read with that reason (fixpiece84), never taken for a kindless document."""
    text = _ROWS + f"---\n  {key}: yes\n" + _PROBE
    record = parse_record(text, "r.txt")
    [note] = [n for n in record.notes if n.kind is NoteKind.NOT_READ]
    # the probe piece's own reason (its key named, however it is worded), not the no-object one
    assert note.text.startswith("not read: lines 4-9 (probe YAML"), note.text
    # one wording whatever the key holds (spaces, a colon): never the validator's own
    assert f"{key} is no field the API has where it stands" in note.text, note.text
    assert "unknown field" not in note.text, note.text


def test_a_key_no_container_has_is_said_one_way_without_kubesims_label() -> None:
    """A container item's key the API has no place for is said as any other such key: the
    path from the pod spec, no `Pod/unnamed` label of kubesim's own, no validator's words."""
    text = _ROWS + ("---\nspec:\n  containers:\n  - name: web\n    image: x\n    bogus: 1\n"
                    "    livenessProbe:\n      tcpSocket:\n        port: 80\n")
    [note] = [n for n in parse_record(text, "r.txt").notes if n.kind is NoteKind.NOT_READ]
    assert "spec.containers[0].bogus is no field the API has where it stands" in note.text, \
        note.text
    assert "Pod/unnamed" not in note.text and "unknown field" not in note.text, note.text
