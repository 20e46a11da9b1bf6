"""A pod's spec pasted without its object: a guide's `spec:` whose `containers:` list the
probes (`spec:` / `containers:` / `- name: app` / `livenessProbe: ...`, no kind). It is
what a Pod's `spec` holds (core/v1 PodSpec), so its containers' probes are read as probe YAML pasted beside a record is (`paste._probes`): the
probe settings of those containers, nothing else (no pod, no state, no event).

A document of other keys (a Deployment's `spec:` with its `template:`, a Service's `spec:`
with its ports, a kind) is left as it is: only a `spec` of a pod's fields, holding a list of
containers, is one (`POD_SPEC_FIELDS`, the API's own fields of a PodSpec). The `containers:`
list alone at column 0 starts no document in a paste (a bullet list keyed by container names
may follow it: test_explain_holdout's left43 bullets), so it is not read here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from kubesim.spec.manifests import POD_SPEC_FIELDS
from kubesim.spec.yamlio import YamlDocument

__all__ = ["POD_SPEC_KIND", "SpecPieces", "pod_spec_pieces"]

POD_SPEC_KIND = "Pod"  # the object whose spec a piece is (PodSpec: core/v1 Pod.spec)
# the object's own keys a kind-less piece may keep above its `spec:` (a guide's Pod that
# dropped `kind:` alone)
_OBJECT_KEYS = frozenset({"apiVersion", "metadata", "spec"})


class SpecPieces(NamedTuple):
    """The documents to read, and the lines where a pod spec without its object starts."""

    docs: list[YamlDocument]
    pieces: list[int]


def pod_spec_pieces(docs: list[YamlDocument]) -> SpecPieces:
    """The documents, each pod spec pasted without its object read as a Pod's (`kind: Pod`
    put above it, its lines kept); every other document as it is."""
    read = [_as_pod(doc) for doc in docs]
    return SpecPieces(read, [new.start_line or 1 for old, new in zip(docs, read, strict=True)
                             if new is not old])


def _as_pod(doc: YamlDocument) -> YamlDocument:
    data = doc.data
    if not isinstance(data, dict) or "kind" in data:
        return doc
    if _pod_spec(data.get("spec")) and set(data) <= _OBJECT_KEYS:
        return replace(doc, data={**data, "kind": POD_SPEC_KIND})
    return doc


def _pod_spec(value: Any) -> bool:
    """Whether `value` is a pod's spec: a mapping of PodSpec's fields alone, with a list of
    containers (each a mapping)."""
    if not isinstance(value, dict) or not set(value) <= POD_SPEC_FIELDS:
        return False
    containers = value.get("containers")
    return isinstance(containers, list) and bool(containers) and \
        all(isinstance(c, dict) for c in containers)
