"""A piece of probe or container YAML the API server would reject, beside a record read
elsewhere: its lines not read, with the API server's reason, the rest of the record read.

A paste is often several things at once: a `get pods` watch, a log, then a piece of the
container's manifest cut where the author stopped copying. A probe in that piece may be one
no API server takes (an `httpGet` without `port`, which core/v1 HTTPGetAction requires; a
probe with settings and no handler, R5.8): no kubelet ran that probe as written, so its
settings are no evidence of what ran. That is a reason not to read the piece, never a reason
to refuse what the other parts of the record show (docs/explain.md: what kubesim cannot read
is refused, or named `not read: line N`). Beside a pod, an event or a series read elsewhere,
the piece's lines are `not read: lines N-M` with the API server's reason; where nothing else
is read the record is refused with that reason, named as what it is (probe YAML the API
server would reject), and said plainly to be no record explain reads.

A container's item pasted without its list (`readinessProbe:` ... `envFrom:`, `- image:` cut
above) holds the container's other fields beside its probes: they are a core/v1 Container's
(envFrom, env, image, resources, ...), not unknown fields of kubesim's compact probe spec.
Such an item is read as a Pod's one container (`container_items`), so that what is wrong
with it, if anything, is what the API server would say of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from kubesim.errors import NoObjectError, RecordError, SpecError
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordSet, Where
from kubesim.explain.readers.normalise import PasteLine
from kubesim.explain.readers.pod_spec_piece import POD_SPEC_KIND
from kubesim.spec.manifests import COMPACT_FIELDS, CONTAINER_FIELDS, PROBE_FIELDS
from kubesim.spec.yamlio import YamlDocument

__all__ = ["ContainerItems", "Rejected", "RejectedPiece", "container_items", "item_notes",
           "piece_error", "piece_reason", "settle_rejected"]

# kubesim's own label of a piece's object and container, prefixed to the API server's words
# (spec/manifests.py `_Pod.container`): the compact spec's `ProbeSpec/<file's stem>`, a
# kind-less pod's `Pod/unnamed`, the container `app` a piece that names none is given
_LABEL = lazy_regex(r"^(?:ProbeSpec/.*?|Pod/unnamed) container (?P<name>[-a-z0-9.]{1,63}): ")
_NAMES_APP = lazy_regex(r"^[ \t]*(?:-[ \t]+)?name:[ \t]*[\"']?app[\"']?[ \t]*$", re.MULTILINE)
# a key the API has no place for, whatever its characters (a YAML key may hold spaces and
# colons: the path runs to the last `: unknown field`), in a container the piece names or none
# (kubesim's label of a kind-less pod or a compact spec left out, as `_LABEL`'s is)
_UNKNOWN = lazy_regex(r"^(?:Pod/unnamed: |ProbeSpec/[^:]*: )?"
                      r"(?:container (?P<container>[-a-z0-9.]{1,63}): )?(?P<path>.+): "
                      r"unknown field$")


class RejectedPiece(RecordError):
    """Probe or container YAML that reads as YAML but that the API server would reject (or
    whose keys kubesim cannot place): paste.py `_probes`' refusal, weighed against the rest
    of the record (`settle_rejected`)."""


class Rejected(NamedTuple):
    """One piece's lines and its refusal."""

    lines: list[PasteLine]
    error: RecordError


class ContainerItems(NamedTuple):
    """The documents to read, and the lines where a container's item without its list
    starts."""

    docs: list[YamlDocument]
    items: list[int]


def container_items(docs: list[YamlDocument]) -> ContainerItems:
    """Each kind-less mapping that is a container's item (`_container_item`) read as a Pod's
    one container (`kind: Pod`, `spec.containers[0]`, its lines kept); every other document
    as it is."""
    read = [_as_pod(doc) if _container_item(doc.data) else doc for doc in docs]
    return ContainerItems(read, [new.start_line or 1 for old, new in zip(docs, read, strict=True)
                                 if new is not old])


def _container_item(data: Any) -> bool:
    """A mapping of core/v1 Container fields alone, with a probe, that holds a field the
    compact probe spec does not (`envFrom`, `image`, ...): a container's item, not a compact
    spec (whose own fields alone keep its strict reading)."""
    if not isinstance(data, dict) or "kind" in data or not all(
            isinstance(k, str) for k in data):
        return False
    keys = set(data)
    return keys <= CONTAINER_FIELDS and not keys <= COMPACT_FIELDS and \
        any(data.get(p) is not None for p in PROBE_FIELDS)


def _as_pod(doc: YamlDocument) -> YamlDocument:
    # a container named by no line is the compact spec's `app` (a name kubesim gives it)
    item = {**doc.data, "name": doc.data.get("name") or "app"}
    at = ("spec", "containers", 0)
    lines = {(*at, *path): line for path, line in doc.lines.items()}
    return replace(doc, data={"kind": POD_SPEC_KIND, "spec": {"containers": [item]}},
                   lines={**lines, (): doc.start_line or 1})


def item_notes(items: ContainerItems, source: str, line: int) -> list[Note]:
    """A note for each container's item read as a Pod's one container."""
    return [Note(f"line {n + line - 1}: a container's item without its list (fields of a "
                 "core/v1 Container beside its probes): read as a Pod's one container, for "
                 "its probe settings alone", Where(source, n + line - 1)) for n in items.items]


def piece_error(exc: SpecError, body: str, *, loaded: bool, where: tuple[str, int]
                ) -> RecordError:
    """paste.py `_probes`' refusal of a document (`where`: the paste and the document's first
    line): YAML that does not load keeps its error (`loaded` False), a document neither an
    object nor a probe spec its type (paste.py `_document_or_no_object`), and YAML that
    loads but that the API server would reject is a `RejectedPiece` in the API server's
    words (`body`: the piece's text where the container's name is its own, else empty). The
    field is kept: a manifest cut before its pod spec is known by it (cut_spec.py)."""
    source, line = where
    error: type[RecordError] = NoObjectError if isinstance(exc, NoObjectError) else \
        RejectedPiece if loaded else RecordError
    message = piece_reason(exc.message, body) if loaded else exc.message
    return error(message, source=source, line=(exc.line or 1) + line - 1, field=exc.field)


def piece_reason(message: str, body: str) -> str:
    """The API server's words of a piece's refusal, without kubesim's label of an object and
    a container the record does not name (`_LABEL`; a container the piece names is kept)."""
    label = _LABEL.match(message)
    if label is None:
        return message
    rest = message[label.end():]
    if label["name"] == "app" and _NAMES_APP.search(body) is None:
        return rest
    return f"container {label['name']}: {rest}"


def _why(reason: str) -> str:
    unknown = _UNKNOWN.match(reason)
    if unknown is not None:  # a key kubesim cannot place: no field of what it reads there
        where = f" (container {unknown['container']})" if unknown["container"] else ""
        return f"probe YAML kubesim cannot place: {unknown['path']} is no field the API " \
               f"has where it stands{where}"
    return f"probe YAML the API server would reject: {reason}"


def settle_rejected(out: RecordSet, rejected: list[Rejected], source: str,
                    unread: Callable[[list[PasteLine], str, str], list[Note]]) -> None:
    """Pieces the API server would reject: beside a record read elsewhere (a pod, an event,
    a series) their lines are not read, with why (`unread`: paste.py's notes of lines not
    read); alone, the record is refused with the first one's reason, said to be no record
    explain reads."""
    if not rejected:
        return
    if not (out.pods or out.events or out.series):
        first = rejected[0]
        a, b = first.lines[0].number, first.lines[-1].number
        span = f"line {a} is" if a == b else f"lines {a}-{b} are"
        raise RecordError(f"not a record explain reads: {span} {_why(first.error.message)}"
                          ", and no other line is a pod, an event or a container's state",
                          source=source, line=first.error.line)
    for piece in rejected:
        out.notes.extend(unread(piece.lines, source, _why(piece.error.message)))
