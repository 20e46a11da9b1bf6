"""Kubernetes documents: `kubectl get pod -o yaml|json`, `kubectl get events -o json|yaml`
(core/v1 Events with count/firstTimestamp/lastTimestamp/series, and events.k8s.io/v1 Events
with note/regarding/series/deprecated* fields), and Lists of either.

A pod gives its probe settings (validated as the API server validates them: an invalid
probe is an error naming the line), restartPolicy, terminationGracePeriodSeconds, owner, and
its status: phase, startTime, conditions with lastTransitionTime, and per container
ready, started, restartCount, state and lastState.terminated (reason, exitCode, signal,
startedAt, finishedAt). A document holding only `status:` (a pasted piece) is read as a
pod's status.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from kubesim.errors import RecordError, SpecError
from kubesim.explain.readers.container_status import container_statuses
from kubesim.explain.readers.event_rows import (
    container_of_field_path,
    init_field_path,
    strip_combined,
)
from kubesim.explain.readers.flattened import flat_pod_probes
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.limits import MAX_EVENTS, check_events, check_pods
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    Condition,
    ContainerRecord,
    CountBasis,
    Note,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Stamp,
    Terminated,
    Where,
)
from kubesim.explain.readers.times import parse_rfc3339
from kubesim.files import load_json
from kubesim.spec.fields import noted_fields
from kubesim.spec.manifests import MODELED_FIELDS, PROBE_FIELDS
from kubesim.spec.model import LocatedSpecError, field_path, parse_container
from kubesim.spec.yamlio import YamlDocument, load_yaml_documents

__all__ = ["MAX_OBJECTS", "looks_like_json", "read_kube", "read_objects"]

_JSON = re.compile(r"^\s*(?:\{\s*(?:\"|\})|\[\s*(?:[\"{\[\]]|$))")

MAX_OBJECTS = MAX_EVENTS  # kept for callers of an earlier release; see limits.py
Loc = tuple[str | int, ...]
EVENT_KINDS = ("Event",)


class _Doc:
    """One parsed document and how to name a place in it."""

    def __init__(self, data: Any, source: str, doc: YamlDocument | None,
                 line: int | None = None) -> None:
        self.data, self.source, self.doc, self.line = data, source, doc, line

    def line_of(self, loc: Loc) -> int | None:
        """The line of `loc`: YAML knows it; a JSON line is the line of all it holds."""
        return self.doc.line_of(loc) if self.doc is not None else self.line

    def where(self, loc: Loc) -> Where:
        return Where(self.source, self.line_of(loc), field_path(loc) or None)

    def error(self, message: str, loc: Loc) -> RecordError:
        line = self.line_of(loc)
        path = field_path(loc)
        return RecordError(f"{path}: {message}" if path else message, source=self.source,
                           line=line, field=path or None)


def looks_like_json(text: str) -> bool:
    """Whether `text` is JSON (an object or an array), not YAML."""
    return bool(_JSON.match(text))


def read_kube(text: str, source: str) -> RecordSet | None:
    """Pods and events in a JSON or YAML text; None if it holds no Pod or Event object."""
    return _read_docs(_documents(text, source), source)


def read_objects(data: Any, source: str, line: int) -> RecordSet | None:
    """Pods and events in parsed JSON that stands on `line` of a paste (a JSON line, or a
    document that starts there); None if it holds no Pod or Event object."""
    return _read_docs([_Doc(data, source, None, line)], source)


def _read_docs(docs: list[_Doc], source: str) -> RecordSet | None:
    out = RecordSet(source, "kubernetes")
    found = False
    for doc in docs:
        alone = _conditions_alone(doc) or _statuses_alone(doc)
        if alone is not None:
            out.pods.append(alone)
            found = True
            continue
        for obj, loc in _objects(doc):
            kind = obj.get("kind") if isinstance(obj, dict) else None
            if kind == "Pod" or (kind is None and isinstance(obj, dict) and _pod_like(obj)):
                if kind is None:
                    out.notes.append(Note("a document without kind: read as a pod's status",
                                          doc.where(loc)))
                out.pods.append(_pod(doc, obj, loc))
                found = True
            elif kind in EVENT_KINDS:
                out.events.append(_event(doc, obj, loc))
                found = True
            where = doc.line_of(loc)
            check_events(len(out.events), source, where)
            check_pods(len(out.pods), source, where)
    if not found:
        return None
    out.format = "events" if not out.pods else "pod" if not out.events else "kubernetes"
    return out


def _documents(text: str, source: str) -> list[_Doc]:
    if _JSON.match(text):  # JSON (flow-style YAML `{apiVersion: v1}` is read as YAML)
        return [_Doc(load_json(text, source, RecordError), source, None)]
    return [_Doc(d.data, source, d) for d in load_yaml_documents(text, source, RecordError)]


def _pod_like(obj: dict[str, Any]) -> bool:
    status = obj.get("status")
    return isinstance(status, dict) and any(k in status for k in (
        "containerStatuses", "conditions", "initContainerStatuses"))


def _objects(doc: _Doc) -> list[tuple[Any, Loc]]:
    """Top-level objects: the document, or the items of a List (PodList, EventList, ...)."""
    data = doc.data
    if isinstance(data, list):
        return [(item, (i,)) for i, item in enumerate(data)]
    if isinstance(data, dict) and isinstance(data.get("items"), list) and (
            str(data.get("kind", "")).endswith("List") or "kind" not in data):
        return [(item, ("items", i)) for i, item in enumerate(data["items"])]
    return [(data, ())]


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _int(doc: _Doc, value: Any, loc: Loc, *, low: int = 0) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < 2**31:
        raise doc.error(f"{value!r} must be a whole number from {low} to 2147483647", loc)
    return value


def _dict(doc: _Doc, value: Any, loc: Loc) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise doc.error("must be a mapping", loc)
    return value


def _list(doc: _Doc, value: Any, loc: Loc) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise doc.error("must be a list", loc)
    return value


def _time(doc: _Doc, value: Any, loc: Loc) -> Stamp:
    if value is None or value == "":
        return UNKNOWN_STAMP
    if isinstance(value, datetime):  # YAML reads a time its writer did not quote as a time
        moment = value.astimezone(UTC) if value.tzinfo is not None else value
        value = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    stamp = parse_rfc3339(value) if isinstance(value, str) else None
    if stamp is None:
        raise doc.error(f"{str(value)[:40]!r} is not an RFC 3339 time "
                        "(2021-04-12T19:36:07Z)", loc)
    return stamp


# ---------------------------------------------------------------- pods


def _pod(doc: _Doc, obj: dict[str, Any], loc: Loc) -> PodRecord:
    meta = _dict(doc, obj.get("metadata"), (*loc, "metadata"))
    spec = _dict(doc, obj.get("spec"), (*loc, "spec"))
    flat = flat_pod_probes(obj) if not spec else None
    if flat is not None:  # the indentation the paste lost: its one container's probes
        spec = {"containers": [{"name": flat[0], **flat[1]}]}
    status = _dict(doc, obj.get("status"), (*loc, "status"))
    # a status without the spec (a `containerStatuses` piece) does not say which probes exist
    pod = PodRecord(_str(meta.get("name")), doc.where(loc),
                    formats=["pod"] if "containers" in spec else ["pod", "pod-status"])
    pod.namespace = _str(meta.get("namespace"))
    pod.uid = _str(meta.get("uid"))
    pod.owner = _owner(doc, meta, loc)
    pod.restart_policy = _str(spec.get("restartPolicy"))
    pod.job_label = _job_label(meta.get("labels"))
    if flat is not None:
        pod.notes.append(Note(
            f"the pod's YAML lost its indentation in the paste: its keys are read at the top of "
            f"one mapping; the probe keys after its one container's `- name: {flat[0][:60]}` "
            "are read as that container's, each put back under the key it belongs to by its "
            "name", doc.where(loc)))
    for text in noted_fields(spec):  # what the replay does not model (kubesim.spec.fields)
        pod.notes.append(Note(text, doc.where((*loc, "spec")), uncertain=False))
    pod.grace_seconds = _int(doc, spec.get("terminationGracePeriodSeconds"),
                             (*loc, "spec", "terminationGracePeriodSeconds"))
    pod.phase = _str(status.get("phase"))
    pod.status_reason, pod.status_message = _str(status.get("reason")), _str(status.get("message"))
    pod.start_time = _time(doc, status.get("startTime"), (*loc, "status", "startTime"))
    pod.conditions = _conditions(doc, status, loc)
    containers: dict[str, ContainerRecord] = {}
    for key, init in (("initContainers", True), ("containers", False)):
        for i, c in enumerate(_list(doc, spec.get(key), (*loc, "spec", key))):
            record = _container_spec(doc, _dict(doc, c, (*loc, "spec", key, i)),
                                     (*loc, "spec", key, i), init)
            if record.name is not None:
                containers[record.name] = record
                pod.containers.append(record)
    _statuses(doc, status, loc, pod, containers)
    return pod


def _owner(doc: _Doc, meta: dict[str, Any], loc: Loc) -> tuple[str, str] | None:
    """The pod's controller, (kind, name), from its ownerReferences; None where none is."""
    owner = None
    for ref in _list(doc, meta.get("ownerReferences"), (*loc, "metadata", "ownerReferences")):
        if isinstance(ref, dict) and ref.get("controller") and _str(ref.get("kind")):
            owner = (ref["kind"], str(ref.get("name", "")))
    return owner


# the labels the Job controller puts on every pod it creates (batch/v1: `job-name`,
# `controller-uid`; since 1.27 also under `batch.kubernetes.io/`)
_JOB_LABELS = ("batch.kubernetes.io/job-name", "job-name", "batch.kubernetes.io/controller-uid",
               "controller-uid")


def _job_label(labels: Any) -> str | None:
    """The pod's label that names its Job (`_JOB_LABELS`) as `key=value`, or None."""
    if not isinstance(labels, dict):
        return None
    key = next((k for k in _JOB_LABELS if isinstance(labels.get(k), str)), None)
    return None if key is None else f"{key}={labels[key]}"


def _statuses(doc: _Doc, status: dict[str, Any], loc: Loc, pod: PodRecord,
              containers: dict[str, ContainerRecord]) -> None:
    """Each container status onto its container (one the spec does not list is added)."""
    for key, init in (("initContainerStatuses", True), ("containerStatuses", False)):
        for i, s in enumerate(_list(doc, status.get(key), (*loc, "status", key))):
            sloc = (*loc, "status", key, i)
            s = _dict(doc, s, sloc)
            name = _str(s.get("name"))
            found = containers.get(name or "")
            record = found if found is not None else ContainerRecord(name, doc.where(sloc),
                                                                      init=init)
            if found is None:
                pod.containers.append(record)
                if name:
                    containers[name] = record
            _container_status(doc, record, s, sloc)


def _conditions(doc: _Doc, status: dict[str, Any], loc: Loc) -> list[Condition]:
    return _condition_list(doc, _list(doc, status.get("conditions"),
                                      (*loc, "status", "conditions")), (*loc, "status", "conditions"))


def _condition_list(doc: _Doc, items: list[Any], loc: Loc | None) -> list[Condition]:
    """Conditions at `loc`, or the one condition the document is (`loc` None)."""
    out = []
    for i, c in enumerate(items):
        cloc = (*loc, i) if loc is not None else ()
        c = _dict(doc, c, cloc)
        if _str(c.get("type")) and _str(c.get("status")):
            out.append(Condition(c["type"], c["status"], _time(
                doc, c.get("lastTransitionTime"), (*cloc, "lastTransitionTime")),
                doc.where(cloc), _str(c.get("reason"))))
    return out


# a PodCondition's keys (core/v1 types.go); a document of these alone is a pod's conditions
# pasted without the pod (`kubectl get pod -o json | jq .status.conditions`, one condition's
# object, their YAML list)
_CONDITION_KEYS = frozenset({"type", "status", "lastProbeTime", "lastTransitionTime", "reason",
                             "message", "observedGeneration"})
# the kubelet's message of a pod's Ready and ContainersReady conditions not True, naming its
# containers (pkg/kubelet/status/generate.go: `containers with unready status: %s`, Go's %s of
# a list of names: `[a b]`)
_UNREADY = lazy_regex(r"^containers with (?:unready|incomplete) status: \[(?P<names>[^\]]{0,2000})\]")


def _conditions_alone(doc: _Doc) -> PodRecord | None:
    """A pod's conditions pasted alone (`_CONDITION_KEYS`): the conditions of a pod the
    record does not name, whose containers and their states it does not hold (a note says
    so, with the containers a condition's message names); None for any other document."""
    data = doc.data
    items, loc = (data, ()) if isinstance(data, list) else ([data], None)
    if not items or not all(isinstance(c, dict) and isinstance(c.get("type"), str)
                            and isinstance(c.get("status"), str) and set(c) <= _CONDITION_KEYS
                            for c in items):
        return None
    pod = PodRecord(None, doc.where(()), formats=["pod", "pod-status"])
    pod.conditions = _condition_list(doc, items, loc)
    names = sorted({n for c in items for m in [_UNREADY.match(str(c.get("message", "")))]
                    if m is not None for n in m["names"].split()})
    named = f"; its message names the containers not ready: {', '.join(names)}" if names else ""
    pod.notes.append(Note("a pod's conditions alone (no pod, container or state around them): "
                          "read as that pod's conditions; the pod's name, its containers and "
                          f"their states are not in the record{named}", doc.where(())))
    return pod


def _statuses_alone(doc: _Doc) -> PodRecord | None:
    """Container statuses pasted alone (`container_status.container_statuses`: one core/v1
    ContainerStatus object, or a list of them): the statuses of a pod the record does not
    name, each an app container's (an init container's would be under
    `initContainerStatuses`, which the paste does not show), a note saying what the record
    does not hold; None for any other document."""
    items = container_statuses(doc.data)
    if items is None:
        return None
    pod = PodRecord(None, doc.where(()), formats=["pod", "pod-status"])
    at_top = not isinstance(doc.data, list)
    for i, s in enumerate(items):
        loc: Loc = () if at_top else (i,)
        record = ContainerRecord(s["name"] or None, doc.where(loc))
        _container_status(doc, record, s, loc)
        pod.containers.append(record)
    names = ", ".join(c.name or "(no name)" for c in pod.containers)
    pod.notes.append(Note(
        f"{'a container status' if at_top else 'container statuses'} alone (core/v1 "
        f"ContainerStatus: name, ready, restartCount; no pod around it): read as the status "
        f"of {names}; the pod's name, its spec (the containers' probes) and any other "
        "container are not in the record", doc.where(())))
    return pod


def _container_spec(doc: _Doc, c: dict[str, Any], loc: Loc, init: bool) -> ContainerRecord:
    name = _str(c.get("name"))
    sidecar = init and c.get("restartPolicy") == "Always"
    record = ContainerRecord(name, doc.where(loc), init=init and not sidecar, sidecar=sidecar,
                             spec_listed=True)
    ports = []
    for p in _list(doc, c.get("ports"), (*loc, "ports")):
        if isinstance(p, dict) and isinstance(p.get("containerPort"), int):
            ports.append((_str(p.get("name")), p["containerPort"]))
    record.ports = tuple(ports)
    record.command, record.args = _words(c.get("command")), _words(c.get("args"))
    if not any(c.get(k) is not None for k in PROBE_FIELDS):
        return record
    if init and not sidecar:
        raise doc.error("probes are not allowed on init containers unless restartPolicy: "
                        "Always (a sidecar)", loc)
    try:
        record.spec = parse_container({k: c[k] for k in MODELED_FIELDS if k in c},
                                      sidecar=sidecar)
    except LocatedSpecError as exc:
        line = doc.line_of((*loc, *exc.loc))
        raise RecordError(f"{field_path(loc)}: {exc.message}", source=doc.source, line=line,
                          field=field_path((*loc, *exc.loc))) from None
    except SpecError as exc:
        raise doc.error(exc.message, loc) from None
    record.spec_where = doc.where(loc)
    return record


def _words(value: Any) -> tuple[str, ...] | None:
    """A command or args list of strings (anything else: not read)."""
    if isinstance(value, list) and all(isinstance(w, str) for w in value):
        return tuple(value)
    return None


def _terminated(doc: _Doc, t: dict[str, Any], loc: Loc) -> Terminated:
    return Terminated(
        _str(t.get("reason")), _exit_code(doc, t.get("exitCode"), (*loc, "exitCode")),
        _time(doc, t.get("startedAt"), (*loc, "startedAt")),
        _time(doc, t.get("finishedAt"), (*loc, "finishedAt")),
        signal=_int(doc, t.get("signal"), (*loc, "signal")),
        message=_str(t.get("message")), where=doc.where(loc))


def _exit_code(doc: _Doc, value: Any, loc: Loc) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -(2**31) <= value < 2**31:
        raise doc.error(f"{value!r} must be a 32-bit integer", loc)
    return value


def _container_status(doc: _Doc, c: ContainerRecord, s: dict[str, Any], loc: Loc) -> None:
    c.ready = s.get("ready") if isinstance(s.get("ready"), bool) else None
    c.started = s.get("started") if isinstance(s.get("started"), bool) else None
    c.restart_count = _int(doc, s.get("restartCount"), (*loc, "restartCount"))
    c.restart_where = doc.where((*loc, "restartCount"))
    state = _dict(doc, s.get("state"), (*loc, "state"))
    for kind in ("running", "waiting", "terminated"):
        if isinstance(state.get(kind), dict):
            body, sloc = state[kind], (*loc, "state", kind)
            c.state = kind
            c.state_reason = _str(body.get("reason"))
            c.state_message = _str(body.get("message"))
            if kind == "running":
                c.running_since = _time(doc, body.get("startedAt"), (*sloc, "startedAt"))
            elif kind == "terminated":
                c.terminated = _terminated(doc, body, sloc)
            break
    last = _dict(doc, s.get("lastState"), (*loc, "lastState"))
    if isinstance(last.get("terminated"), dict):
        c.last = _terminated(doc, last["terminated"], (*loc, "lastState", "terminated"))
        # the API prints restartCount in every container status: a lastState without it and
        # without the state is a piece of one (last_alone.py), its one end bounding nothing
        c.last_piece = "restartCount" not in s and c.state is None
    elif "lastState" in s and not last:
        c.last_empty = True


# ---------------------------------------------------------------- events


def _event(doc: _Doc, obj: dict[str, Any], loc: Loc) -> RecordedEvent:
    """A core/v1 Event, or an events.k8s.io/v1 one (note, regarding, deprecated*)."""
    new = str(obj.get("apiVersion", "")).startswith("events.k8s.io/")
    regarding = _dict(doc, obj.get("regarding" if new else "involvedObject"),
                      (*loc, "regarding" if new else "involvedObject"))
    series = _dict(doc, obj.get("series"), (*loc, "series"))
    count_key = "deprecatedCount" if new else "count"
    count = _int(doc, series.get("count"), (*loc, "series", "count"), low=1) if series \
        else _int(doc, obj.get(count_key), (*loc, count_key))
    first_key = "deprecatedFirstTimestamp" if new else "firstTimestamp"
    last_key = "deprecatedLastTimestamp" if new else "lastTimestamp"
    event_time = _time(doc, obj.get("eventTime"), (*loc, "eventTime"))
    first = _time(doc, obj.get(first_key), (*loc, first_key))
    last = _time(doc, obj.get(last_key), (*loc, last_key))
    if series:
        observed = _time(doc, series.get("lastObservedTime"),
                         (*loc, "series", "lastObservedTime"))
        last = observed if observed.known else last
    first = first if first.known else event_time
    last = last if last.known else first
    # core/v1 without a count does not say how often; events.k8s.io without a series
    # happened once (the series is what a repeat adds)
    stated = bool(count) or new
    message, combined = strip_combined(str(obj.get("note" if new else "message") or ""))
    source = _dict(doc, obj.get("deprecatedSource" if new else "source"), (*loc, "source"))
    component = _str(source.get("component")) or _str(obj.get(
        "reportingController" if new else "reportingComponent")) or ""
    return RecordedEvent(
        _str(obj.get("type")) or "Normal", _str(obj.get("reason")) or "", message,
        max(count or 1, 1), first, last, doc.where(loc), component=component,
        object_kind=_str(regarding.get("kind")) or "", object_name=_str(regarding.get("name"))
        or "", container=container_of_field_path(_str(regarding.get("fieldPath"))),
        init=init_field_path(_str(regarding.get("fieldPath"))),
        series=bool(series), combined=combined,
        count_basis=CountBasis.STATED if stated else CountBasis.AT_LEAST,
        object_namespace=_str(regarding.get("namespace")), object_uid=_str(regarding.get("uid")))
