"""Stage 1 of `kubesim check`, read: files, directories, charts, kustomizations and `-` as
`Workload`s that carry what a finding needs beyond the probed container itself: the file, the
line of each field and the `kubesim.dev/ignore` annotation."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from kubesim.analysis.check.findings import ContainerRef, Loc, Workload
from kubesim.analysis.check.rules import RULES, rule_ids, rule_of
from kubesim.errors import KubesimError, SpecError, UsageError
from kubesim.spec.fields import noted_fields
from kubesim.spec.manifests import POD_SPEC_AT, PROBE_FIELDS, containers_from_documents
from kubesim.spec.model import ProbedContainer, field_path
from kubesim.spec.sources import (
    RenderOptions,
    UnitKind,
    Walk,
    render_notes,
    render_unit,
    split_helm_stream,
    walk,
)
from kubesim.spec.yamlio import STDIN, YamlDocument, load_yaml_documents, read_text

if TYPE_CHECKING:
    from kubesim.spec.workload import ServiceSpec

__all__ = ["IGNORE_ANNOTATION", "REASON_ANNOTATION", "STARTUP_ANNOTATION", "Inputs",
           "SourcedDocuments",
           "read_inputs", "workloads_in"]

IGNORE_ANNOTATION = "kubesim.dev/ignore"
REASON_ANNOTATION = "kubesim.dev/ignore-reason"
STARTUP_ANNOTATION = "kubesim.dev/startup-seconds"  # how long this workload's start can take


@dataclass(frozen=True)
class Inputs:
    """What `read_inputs` read: the workloads, the files skipped (not manifests, with why), how
    many Kubernetes objects or probe specs the inputs hold (with or without pods), and whether
    the run reports what it could not read beside the rest (`several`: more than one input, or
    a directory's) instead of ending at the first error; then those inputs' errors, and a
    line per render saying how it was rendered (`notes`)."""

    workloads: list[Workload]
    skipped: list[dict[str, str]]
    objects: int
    several: bool
    errors: tuple[KubesimError, ...] = ()
    notes: tuple[str, ...] = ()


class SourcedDocuments(NamedTuple):
    """Documents read elsewhere (a live cluster's objects), under the name findings give
    their source (`shop/Deployment/web`)."""

    source: str
    documents: list[YamlDocument]


def read_inputs(paths: list[str], *, skip_non_manifests: bool = False,
                allow_empty: bool = False, render: RenderOptions | None = None,
                keep_errors: bool = False,
                documents: Sequence[SourcedDocuments] = ()) -> Inputs:
    """Every workload in `paths`, the files skipped (not manifests), and how many Kubernetes
    objects or probe specs the inputs hold (with or without pods).

    Directories are walked by `kubesim.spec.sources.walk`'s rule: a chart or kustomization
    directory is rendered (with `render`'s settings) and its objects name their source
    files; `Inputs.notes` has a line per render saying how it was rendered. A file named on the
    command line that is not a manifest or probe spec is an error, as in `kubesim run`; in a
    directory such files (values.yaml, scenarios, Helm templates outside a chart) are skipped
    and listed, and so are named files with `skip_non_manifests` (a pre-commit hook is handed
    every staged YAML file). Standard input is never skipped; piped `helm template` output
    is split on its `# Source:` lines. Inputs with no YAML document at all (an empty file, a
    failed `helm template` piped in) are an error unless `allow_empty`: a gate that read
    nothing must not pass by accident.

    With `keep_errors`, an input that cannot be read among several (a directory's, or several
    named: a file, a chart that fails its own values schema, a render, a link the walk
    refused) is kept in `Inputs.errors` with its error and the others are read on, even when
    none of them can be; a single named input's error is raised. `documents` are checked
    beside the paths' (as one more input each).
    """
    workloads: list[Workload] = []
    services: list[_Service] = []
    errors: list[KubesimError] = []
    found = _walk(paths, errors if keep_errors else None)
    several = keep_errors and (_several(paths, found) or len(documents) > 1)
    if several:
        errors += [UsageError(r.message, source=r.path) for r in found.refused]
    elif found.refused:  # a single named input has nothing else to report
        raise UsageError(found.refused[0].message, source=found.refused[0].path)
    skipped: list[dict[str, str]] = list(found.skipped)
    objects = 0
    renders = []
    for unit in found.units:
        try:
            if unit.kind in (UnitKind.CHART, UnitKind.KUSTOMIZATION):
                renders.append(render_unit(unit, render or RenderOptions()))
                docs: list[YamlDocument] | None = renders[-1].documents
                source = unit.path
            else:
                text, source = read_text(unit.path, SpecError)
                may_skip = unit.kind is UnitKind.FILE and (skip_non_manifests or not unit.named)
                docs = split_helm_stream(text, source) if unit.kind is UnitKind.STDIN else None
                if docs is None:
                    docs = _documents(text, source, may_skip)
                reason = _not_manifest(docs) if may_skip else None
                if reason:
                    skipped.append({"file": source, "reason": reason})
                    continue
            assert docs is not None
            workloads_here = workloads_in(docs, source)  # validates; raises SpecError
        except KubesimError as exc:  # unreadable, invalid, or its render failed
            if not several:
                raise
            errors.append(_at_input(exc, unit.path))
            continue
        workloads += workloads_here
        services += [svc for d in docs if (svc := _service(d.data)) is not None]
        objects += sum(1 for d in docs if _is_input(d.data))
    for given in documents:
        try:
            workloads += workloads_in(given.documents, given.source)
        except KubesimError as exc:
            if not several:
                raise
            errors.append(_at_input(exc, given.source))
            continue
        services += [svc for d in given.documents if (svc := _service(d.data)) is not None]
        objects += sum(1 for d in given.documents if _is_input(d.data))
    if objects == 0 and not allow_empty and not (several and errors):
        raise UsageError(_empty_message(paths, skipped))
    return Inputs([_served(w, services) for w in workloads], skipped, objects, several,
                  tuple(errors), tuple(render_notes(renders)))


def _served(w: Workload, services: list[_Service]) -> Workload:
    """The workload with the Services that select its pods (their names, and the first's
    spec), a new record."""
    mine = [svc for svc in services if _same_namespace(svc.namespace, w.namespace)
            and svc.selector and all(w.labels.get(k) == v for k, v in svc.selector.items())]
    return replace(w, services=tuple(dict.fromkeys(svc.spec.name for svc in mine)),
                   service=mine[0].spec if mine else None)


def _walk(paths: list[str], errors: list[KubesimError] | None) -> Walk:
    """The inputs `paths` name. With `errors` and several paths, a path the walk refuses (a
    directory it cannot list, a folder that is neither chart nor kustomization) is appended
    there and the others are walked."""
    if errors is None or len(paths) < 2:
        return walk(paths)
    try:
        return walk(paths)
    except KubesimError:
        good = []
        for path in paths:
            try:
                walk([path])
            except KubesimError as exc:
                errors.append(_at_input(exc, path))
            else:
                good.append(path)
        return walk(good) if good else Walk()


def _at_input(exc: KubesimError, path: str) -> KubesimError:
    """The error with the input it is about as its source: a render's message begins with
    the chart's or kustomization's path, which becomes the source (the text is the same)."""
    if exc.source is None:
        exc.message = exc.message.removeprefix(f"{path}: ")
        exc.source = path
    return exc


def _several(paths: list[str], found: Walk) -> bool:
    """Whether a run reports what it could not read beside the rest: anything but one input
    named on the command line (a file, a chart, standard input) is several."""
    return not (len(paths) == 1 and len(found.units) == 1 and found.units[0].named
                and not found.refused)


class _Service(NamedTuple):
    """A Service document as check reads it: where, whom it selects, and what the fleet
    checks need of it (EP3)."""

    namespace: str | None
    selector: dict[str, str]
    spec: ServiceSpec


def _service(data: Any) -> _Service | None:
    """A Service document's namespace, selector and settings; None for anything else."""
    if not isinstance(data, dict) or data.get("kind") != "Service":
        return None
    # the fleet's workload model loads with the first Service: explain rebuilds a pod's
    # workload alone, and most manifests check reads hold none
    from kubesim.spec.workload import ServiceSpec

    meta = m if isinstance(m := data.get("metadata"), dict) else {}
    spec = s if isinstance(s := data.get("spec"), dict) else {}
    selector = sel if isinstance(sel := spec.get("selector"), dict) else {}
    ns = meta.get("namespace")
    return _Service(None if ns is None else str(ns),
                    {str(k): str(v) for k, v in selector.items()},
                    ServiceSpec(str(meta.get("name") or "unnamed"),
                                spec.get("publishNotReadyAddresses") is True,
                                spec.get("clusterIP") == "None"))


def _same_namespace(a: str | None, b: str | None) -> bool:
    return (a or "default") == (b or "default")


def _documents(text: str, source: str, may_skip: bool) -> list[YamlDocument] | None:
    """The file's YAML documents; None for a template that may be skipped (not YAML yet)."""
    try:
        return load_yaml_documents(text, source, SpecError)
    except SpecError:
        if may_skip and "{{" in text:
            return None
        raise


def _not_manifest(docs: list[YamlDocument] | None) -> str | None:
    """Why a file is not a manifest or probe spec (None: it is one)."""
    if docs is None:
        return "a template ({{ ... }}), not YAML yet: check its rendered output instead"
    if not docs:
        return "empty (no YAML document)"
    if not all(_is_input(d.data) for d in docs):
        return "not a Kubernetes manifest or probe spec (no kind, no probes)"
    return None


def _empty_message(paths: list[str], skipped: list[dict[str, str]]) -> str:
    named = ", ".join("stdin" if p == STDIN else p for p in paths)
    why = f" ({len(skipped)} file{'s' * (len(skipped) != 1)} skipped)" if skipped else ""
    return (f"{named}: no Kubernetes object or probe spec in the input{why}: nothing to "
            "check (a failed `helm template` or an empty file?); --allow-empty accepts it")


def _is_input(data: Any) -> bool:
    return isinstance(data, dict) and ("kind" in data or any(k in data for k in PROBE_FIELDS))


def workloads_in(docs: list[YamlDocument], source: str) -> list[Workload]:
    """The workloads of one file's parsed documents, each probed container with its
    ProbedContainer (validated: SpecError on what the API server would reject)."""
    probed = containers_from_documents(docs)
    found = [w for d in docs for w in _workloads(d)]
    _attach(found, probed, source)
    return found


def _attach(workloads: list[Workload], probed: list[ProbedContainer], source: str) -> None:
    """Give each container with probes its ProbedContainer; both walks share one order."""
    queue = list(probed)
    for w in workloads:
        for c in w.containers:
            if c.pod is None and _has_probe(c):
                if not queue or queue[0].container.name != c.name:  # pragma: no cover
                    raise SpecError(f"cannot match container {c.name} of {w.label}",
                                    source=source)
                c.pod = queue.pop(0)


def _has_probe(c: ContainerRef) -> bool:
    data = _at(c.doc.data, c.loc)
    return isinstance(data, dict) and any(data.get(k) is not None for k in PROBE_FIELDS)


def _at(data: Any, loc: Loc) -> Any:
    for key in loc:
        data = data[key]
    return data


def _workloads(doc: YamlDocument, loc: Loc = ()) -> list[Workload]:
    obj = _at(doc.data, loc)
    if not isinstance(obj, dict):
        return []
    if "kind" not in obj:  # a compact probe spec (manifests.py has validated it)
        stem = "stdin" if doc.source == "<stdin>" else Path(doc.source).stem
        name = obj.get("name") or "app"
        w = Workload("ProbeSpec", stem, None, doc.source, doc.start_line)
        w.containers.append(ContainerRef(str(name), doc, loc, None))
        return [w]
    kind = obj["kind"]
    if kind == "List":
        return [w for i in range(len(obj.get("items") or []))
                for w in _workloads(doc, (*loc, "items", i))]
    if kind not in POD_SPEC_AT:
        return []
    meta: dict[str, Any] = obj["metadata"] if isinstance(obj.get("metadata"), dict) else {}
    name = str(meta.get("name") or meta.get("generateName") or "unnamed")
    ns = meta.get("namespace")
    w = Workload(kind, name, str(ns) if ns is not None else None, doc.source,
                 doc.line_of((*loc, "kind")), rendered_from=doc.rendered_from)
    spec_loc = (*loc, *POD_SPEC_AT[kind])
    template_meta = _at(doc.data, spec_loc[:-1]).get("metadata") if kind != "Pod" else None
    _ignores(w, doc, [(meta, (*loc, "metadata")),
                      (template_meta, (*spec_loc[:-1], "metadata"))])
    spec = _at(doc.data, spec_loc)
    pod_meta = meta if kind == "Pod" else template_meta
    labels = pod_meta.get("labels") if isinstance(pod_meta, dict) else None
    if isinstance(labels, dict):
        w.labels = {str(k): str(v) for k, v in labels.items()}
    w.restart_policy = str(spec.get("restartPolicy") or "Always")
    w.notes = tuple(noted_fields(spec, field_path(POD_SPEC_AT[kind])))
    for key, sidecar in (("containers", False), ("initContainers", True)):
        for i, c in enumerate(spec.get(key) or []):
            if sidecar and c.get("restartPolicy") != "Always":
                continue
            w.containers.append(ContainerRef(str(c.get("name")), doc, (*spec_loc, key, i),
                                             None, sidecar))
    return [w]


def _ignores(w: Workload, doc: YamlDocument, metas: list[tuple[Any, Loc]]) -> None:
    """`kubesim.dev/ignore: KS001,KS004` (ids or names, or `all`) on the object's or the pod
    template's metadata; `kubesim.dev/ignore-reason` says why."""
    ids: set[str] = set()
    for meta, loc in metas:
        annotations = meta.get("annotations") if isinstance(meta, dict) else None
        if not isinstance(annotations, dict):
            continue
        aloc = (*loc, "annotations", IGNORE_ANNOTATION)
        if IGNORE_ANNOTATION in annotations and w.ignore_line is None:
            w.ignore_line = doc.line_of(aloc)
        for token in re.split(r"[,\s]+", str(annotations.get(IGNORE_ANNOTATION) or "")):
            if not token:
                continue
            if token.lower() == "all":
                ids.update(RULES)
                continue
            rule = rule_of(token)
            if rule is None:
                raise SpecError(f"{w.label}: {IGNORE_ANNOTATION}: unknown check {token!r} "
                                f"(ids {rule_ids()} or their names, or all)",
                                source=doc.source, line=doc.line_of(aloc),
                                field=IGNORE_ANNOTATION)
            ids.add(rule.id)
        reason = annotations.get(REASON_ANNOTATION)
        if reason:
            w.ignore_reason = str(reason)
        if STARTUP_ANNOTATION in annotations:
            w.startup_seconds = _startup_seconds(annotations[STARTUP_ANNOTATION], w, doc,
                                                 (*loc, "annotations", STARTUP_ANNOTATION))
    w.ignores = frozenset(ids)


def _startup_seconds(value: Any, w: Workload, doc: YamlDocument, loc: Loc) -> float:
    """The annotation's seconds: a number > 0 (annotations are strings: "90")."""
    try:
        seconds = float(str(value))
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86400:
        raise SpecError(f"{w.label}: {STARTUP_ANNOTATION}: {str(value)!r} must be a number of "
                        "seconds > 0 and at most 86400 (how long this workload's start can "
                        "take)", source=doc.source, line=doc.line_of(loc),
                        field=STARTUP_ANNOTATION)
    return seconds
