"""Kubernetes manifests and compact probe specs → the probed containers in them.

Reads Pods, the pod-template workloads, Jobs, CronJobs, `kind: List` and multi-document files;
other kinds (Service, ConfigMap, ...) are skipped. A document without `kind` that declares a
probe at top level is a compact probe spec (the files in probe_specs/). Every rejection is a
SpecError with the file, the line of the offending field and the field's path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kubesim.errors import NoObjectError, SpecError
from kubesim.results import ProbeType
from kubesim.spec.api_rules import (
    active_deadline_problem,
    deployment_timing_problem,
    pull_policy_problem,
    qualified_name_problem,
    resize_policy_problem,
    rolling_update_problem,
    sleep_problem,
)
from kubesim.spec.fields import container_fields, noted_fields, pod_spec_fields
from kubesim.spec.model import (
    ContainerSpec,
    DeploymentStrategy,
    LocatedSpecError,
    ProbedContainer,
    RestartPolicy,
    field_path,
    parse_container,
)
from kubesim.spec.sources import RenderOptions, documents_at
from kubesim.spec.yamlio import YamlDocument, load_yaml_documents

# a YAML document that is neither: its error's first words (its error is a NoObjectError:
# explain lists such a document beside a record read elsewhere as lines not read, with these
# words, readers/paste.py `_no_object_documents`)
NO_OBJECT = "neither a Kubernetes object (no kind) nor a probe spec"

__all__ = ["NO_OBJECT", "containers_from_documents", "containers_from_text", "load_containers",
           "load_spec", "select_container"]

Loc = tuple[str | int, ...]
PROBE_FIELDS = tuple(t.field for t in ProbeType)  # startupProbe, livenessProbe, readinessProbe
CONTAINER_FIELDS = container_fields()  # every field of a core/v1 Container (spec.fields)
EPHEMERAL_FIELDS = CONTAINER_FIELDS | {"targetContainerName"}
POD_SPEC_FIELDS = pod_spec_fields()
COMPACT_FIELDS = frozenset({"name", "ports", *PROBE_FIELDS, "terminationGracePeriodSeconds",
                            "restartPolicy"})
RESTART_FIELDS = ("restartPolicy", "restartPolicyRules")  # a container's own (R4.30)
MODELED_FIELDS = ("name", "ports", *PROBE_FIELDS, "lifecycle", *RESTART_FIELDS)
POD_SPEC_AT: dict[str, Loc] = {
    "Pod": ("spec",),
    **{kind: ("spec", "template", "spec") for kind in (
        "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job")},
    "CronJob": ("spec", "jobTemplate", "spec", "template", "spec"),
}
JOB_KINDS = frozenset({"Job", "CronJob"})
CONTROLLER_KINDS = frozenset(POD_SPEC_AT) - JOB_KINDS - {"Pod"}  # their pods must restart


class _Doc:
    """One YAML document being read, and the object (kind/name) currently inside it."""

    def __init__(self, doc: YamlDocument, kind: str = "", name: str = "") -> None:
        self.doc, self.kind, self.name = doc, kind, name

    def error(self, message: str, loc: Loc, *, prefix: bool = True) -> SpecError:
        """A SpecError at the line of `loc`, prefixed with the object (`Deployment/web: `)."""
        where = f"{self.kind}/{self.name}: " if prefix and self.kind else ""
        return SpecError(where + message, source=self.doc.source, line=self.doc.line_of(loc),
                         field=field_path(loc) or None)

    def mapping(self, value: Any, loc: Loc) -> dict[str, Any]:
        """`value` if it is a mapping, else an error naming the field."""
        if not isinstance(value, dict):
            what = field_path(loc) or "document"
            raise self.error(f"{what} must be a mapping, got {_type_name(value)}", loc)
        return value

    def only_known(self, data: dict[str, Any], known: frozenset[str], loc: Loc) -> None:
        """Reject a key that is not a real field of this object."""
        for key in data:
            if key not in known:
                raise self.error(f"{field_path((*loc, str(key)))}: unknown field", (*loc, key))


def _type_name(value: Any) -> str:
    names = {list: "a list", str: "a string", int: "a number", float: "a number",
             bool: "true/false", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def containers_from_text(text: str, source: str, *,
                         every_pod: bool = False) -> list[ProbedContainer]:
    """Every probed container in a YAML text (one or more documents); with `every_pod`,
    also one entry for each pod without a probed container (its first container)."""
    return containers_from_documents(load_yaml_documents(text, source, SpecError),
                                     every_pod=every_pod)


def containers_from_documents(docs: list[YamlDocument], *,
                              every_pod: bool = False) -> list[ProbedContainer]:
    """Every probed container in parsed YAML documents (each file is parsed once); with
    `every_pod`, also one entry for each pod without a probed container."""
    found: list[ProbedContainer] = []
    for doc in docs:
        found.extend(_from_document(_Doc(doc), every_pod))
    return found


def load_containers(path: str, *, render: RenderOptions | None = None
                    ) -> list[ProbedContainer]:
    """Every probed container in the file at `path` (`-` reads standard input), or in the
    Helm chart or kustomization there (rendered with `render`'s settings)."""
    docs, _ = documents_at(path, render)
    return containers_from_documents(docs)


def load_spec(path: str, container: str | None = None, *,
              render: RenderOptions | None = None) -> ProbedContainer:
    """The pod the CLI simulates, with the container its report is about: named by
    `container`, or the only pod's first probed container (its first container when none
    has probes: every container is simulated, probed or not); `path` may be a manifest,
    `-`, a Helm chart or a kustomization."""
    docs, source = documents_at(path, render)
    return select_container(containers_from_documents(docs, every_pod=True), container,
                            source=source)


def select_container(candidates: list[ProbedContainer], name: str | None, *,
                     source: str) -> ProbedContainer:
    """Pick a container by name (`NAME`, `OBJECT/NAME` or `Kind/OBJECT/NAME`, among the
    candidates and the other containers of their pods); without a name, the only pod's
    first candidate (the pod is simulated whole). An ambiguous choice is an error that lists
    every candidate by a name that is itself unique."""
    pods = {_pod_key(c): c for c in candidates}
    every = [c.focused(i) for c in pods.values() for i, u in enumerate(c.containers)
             if not u.init]
    if name is None:
        if not candidates:
            raise SpecError("no workload with a pod in this file: nothing to simulate",
                            source=source)
        probed = [c for c in candidates if c.container.probes()]
        if len({_pod_key(c) for c in probed}) == 1 or len(pods) == 1:
            # one pod (or one with probes): simulated whole, and reported whole
            return (probed or candidates)[0]
        listed = probed or candidates
        some = f" ({len({_pod_key(c) for c in probed})} with probes)" if probed else ""
        raise SpecError(f"{len(pods)} workloads in one file{some}: pick a container with "
                        f"--container ({_listing(listed, every)}); its pod is simulated "
                        "whole", source=source)
    matches = [c for c in every if name in _names(c)]
    if not matches:
        inits = {u.name for c in pods.values() for u in c.containers if u.init}
        what = (f"{name!r} is a plain init container (no probes, it runs before the others)"
                if name in inits else f"no container named {name!r}")
        have = (f"the containers are: {_listing(every, every)}" if every
                else "the file has no workload with a pod")
        raise SpecError(f"{what}; {have}", source=source)
    if len(matches) > 1:
        raise SpecError(f"{len(matches)} containers are named {name!r}: "
                        f"{_listing(matches, every)}; pick one with --container and one of "
                        "these names", source=source)
    return matches[0]


def _pod_key(c: ProbedContainer) -> tuple[str, str, str | None, str]:
    return c.object_kind, c.object_name, c.namespace, c.source





def _listing(shown: list[ProbedContainer], among: list[ProbedContainer]) -> str:
    """Each of `shown` by the shorter of OBJECT/NAME and Kind/OBJECT/NAME that no other of
    `among` answers to (so each names its workload, and each is a valid --container)."""
    out = []
    for c in shown:
        names = _names(c)
        unique = [n for n in names[1:] if sum(n in _names(o) for o in among) == 1]
        out.append(unique[0] if unique else names[-1])
    return ", ".join(out)


def _names(c: ProbedContainer) -> tuple[str, ...]:
    name = c.container.name
    return name, f"{c.object_name}/{name}", f"{c.object_kind}/{c.object_name}/{name}"


def _from_document(doc: _Doc, every_pod: bool = False) -> list[ProbedContainer]:
    data = doc.mapping(doc.doc.data, ())
    if "kind" in data:
        return _from_object(doc, data, (), every_pod)
    if any(key in data for key in PROBE_FIELDS):
        return _from_compact(doc, data)
    raise NoObjectError(f"{NO_OBJECT} (no startupProbe, livenessProbe or readinessProbe)",
                        source=doc.doc.source, line=doc.doc.line_of(()))


def _from_object(doc: _Doc, obj: dict[str, Any], loc: Loc,
                 every_pod: bool = False) -> list[ProbedContainer]:
    kind = obj.get("kind")
    if not isinstance(kind, str):
        raise doc.error(f"{field_path((*loc, 'kind'))}={kind!r} must be a string", (*loc, "kind"))
    if kind == "List":
        return _from_list(doc, obj, loc, every_pod)
    if kind not in POD_SPEC_AT:
        return []
    meta = obj.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    name = meta.get("name") or meta.get("generateName") or "unnamed"
    sub = _Doc(doc.doc, kind, str(name))
    namespace = meta.get("namespace")
    pod = _Pod(sub, str(namespace) if namespace is not None else None)
    return pod.read(obj, loc, every_pod)


def _from_list(doc: _Doc, obj: dict[str, Any], loc: Loc,
               every_pod: bool = False) -> list[ProbedContainer]:
    items = obj.get("items") or []
    if not isinstance(items, list):
        raise doc.error(f"{field_path((*loc, 'items'))} must be a list, got "
                        f"{_type_name(items)}", (*loc, "items"))
    found: list[ProbedContainer] = []
    for i, item in enumerate(items):
        found.extend(_from_object(doc, doc.mapping(item, (*loc, "items", i)), (*loc, "items", i),
                                  every_pod))
    return found


def _int_or_percent(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value >= 0
    return isinstance(value, str) and value.endswith("%") and value[:-1].isdigit()


REPLICATED_KINDS = frozenset({"Deployment", "StatefulSet", "ReplicaSet",
                              "ReplicationController"})


def _from_compact(doc: _Doc, data: dict[str, Any]) -> list[ProbedContainer]:
    doc.only_known(data, COMPACT_FIELDS, ())
    source = doc.doc.source
    stem = "stdin" if source == "<stdin>" else Path(source).stem
    doc = _Doc(doc.doc, "ProbeSpec", stem)
    pod = _Pod(doc, None)
    # a compact spec's restartPolicy is the pod's, not the container's
    spec = {**{k: v for k, v in data.items() if k != "restartPolicy"},
            "name": "app" if data.get("name") is None else data["name"]}
    found = pod.container(spec, (), sidecar=False)
    return [pod.probed(found, *pod.settings(data, (), job=False))] if found.probes() else []


class _Pod:
    """Reads one pod spec: its settings and its probed containers."""

    def __init__(self, doc: _Doc, namespace: str | None) -> None:
        self.doc, self.namespace = doc, namespace
        # what the API server validates a container's fields against: the pod's grace as it
        # validates it (R5.21) and its restartPolicy (a compact spec: the defaults)
        self.validated_grace = 30
        self.pod_policy: Any = "Always"

    def read(self, obj: dict[str, Any], loc: Loc,
             every_pod: bool = False) -> list[ProbedContainer]:
        """The probed containers of the pod spec of a workload object (with `every_pod`, the
        first container of a pod that has no probed container)."""
        spec = obj
        for key in POD_SPEC_AT[self.doc.kind]:
            loc = (*loc, key)
            if key not in spec:
                raise self.doc.error(f"{field_path(loc)}: required field is missing", loc)
            spec = self.doc.mapping(spec[key], loc)
        self.doc.only_known(spec, POD_SPEC_FIELDS, loc)
        settings = self.settings(spec, loc, job=self.doc.kind in JOB_KINDS)
        self.validated_grace = self.grace(spec, loc)
        self.pod_policy = spec.get("restartPolicy") or "Always"
        self._active_deadline(spec, loc)
        regular = self.containers(spec, loc)
        units = self.init_units(spec, loc) + regular
        # the focus candidates: probed app containers, then probed sidecars (R1.1)
        probed = [u for u in regular if u.probes()] + [u for u in units
                                                       if u.sidecar and u.probes()]
        if not probed and every_pod and regular:
            probed = regular[:1]
        gates = self._gates(spec, loc)
        top = loc[:len(loc) - len(POD_SPEC_AT[self.doc.kind])]
        replicas = self.replicas(obj, top)
        strategy = self.strategy(obj, top) if self.doc.kind == "Deployment" else None
        # each candidate stands for the whole pod: every container of it (init containers,
        # plain and sidecars, in order, then the app containers; probed or not) is simulated
        notes = tuple(noted_fields(spec, field_path(loc)))
        # the pod is built and checked once; each other candidate is it, focused
        at = {u.name: j for j, u in enumerate(units)}
        first: ProbedContainer | None = None
        out = []
        for c in probed:
            i = at[c.name]
            if first is None:
                first = self.probed(c, *settings, others=(*units[:i], *units[i + 1:]),
                                    position=i, gates=gates, replicas=replicas,
                                    strategy=strategy, notes=notes)
            out.append(first.focused(i))
        return out

    def _active_deadline(self, spec: dict[str, Any], loc: Loc) -> None:
        """validateActiveDeadlineSeconds (R5.23): read only to be checked and noted."""
        value = spec.get("activeDeadlineSeconds")
        aloc = (*loc, "activeDeadlineSeconds")
        problem = None if value is None else active_deadline_problem(value, field_path(aloc))
        if problem is not None:
            raise self.doc.error(problem, aloc)

    def init_units(self, spec: dict[str, Any], loc: Loc) -> list[ContainerSpec]:
        """The init containers, in order: sidecars (with their probes, if any) and plain
        init containers that run to completion (no probes, R5.9)."""
        units = []
        for c, cloc in self._items(spec, loc, "initContainers"):
            name = c.get("name")
            if not isinstance(name, str):
                continue
            if c.get("restartPolicy") == "Always":
                units.append(self.container(c, cloc, sidecar=True))
            else:  # its own restartPolicy (Never, OnFailure) and rules count (R4.30)
                units.append(self.container(c, cloc, sidecar=False, init=True))
        return units

    def strategy(self, obj: dict[str, Any], loc: Loc) -> DeploymentStrategy:
        """spec.strategy, minReadySeconds and progressDeadlineSeconds of a Deployment, checked
        as the API server checks them."""
        spec = s if isinstance(s := obj.get("spec"), dict) else {}
        sloc = (*loc, "spec")
        raw = spec.get("strategy") or {}
        raw = self.doc.mapping(raw, (*sloc, "strategy"))
        kind = raw.get("type", "RollingUpdate")
        if kind not in ("RollingUpdate", "Recreate"):
            raise self.doc.error(f"spec.strategy.type={kind!r} must be RollingUpdate or Recreate",
                                 (*sloc, "strategy", "type"))
        rolling = self.doc.mapping(raw.get("rollingUpdate") or {}, (*sloc, "strategy",
                                                                     "rollingUpdate"))
        values: dict[str, Any] = {}
        for key, name in (("maxSurge", "max_surge"), ("maxUnavailable", "max_unavailable")):
            value = rolling.get(key)
            vloc = (*sloc, "strategy", "rollingUpdate", key)
            if value is not None and not _int_or_percent(value):
                raise self.doc.error(f"{field_path(vloc)}={value!r} must be a whole number >= 0 "
                                     "or a percentage like '25%'", vloc)
            values[name] = value
        for key, name, default in (("minReadySeconds", "min_ready_seconds", 0),
                                   ("progressDeadlineSeconds", "progress_deadline_seconds", 600)):
            value = spec.get(key, default)
            vloc = (*sloc, key)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
                raise self.doc.error(f"{field_path(vloc)}={value!r} must be a whole number from "
                                     "0 to 2147483647", vloc)
            values[name] = value
        rolling_loc = (*sloc, "strategy", "rollingUpdate")
        problem = rolling_update_problem(values["max_surge"], values["max_unavailable"],
                                         field=field_path(rolling_loc))
        if kind == "RollingUpdate" and problem is not None:
            raise self.doc.error(problem, (*rolling_loc, "maxUnavailable"))
        problem = deployment_timing_problem(values["min_ready_seconds"],
                                            values["progress_deadline_seconds"])
        if problem is not None:
            raise self.doc.error(f"{field_path(sloc)}.{problem}",
                                 (*sloc, "progressDeadlineSeconds"))
        return DeploymentStrategy(kind, **values)

    def replicas(self, obj: dict[str, Any], loc: Loc) -> int | None:
        """spec.replicas of a replicated workload (1 when unset, as the API server defaults
        it); None for other kinds."""
        if self.doc.kind not in REPLICATED_KINDS:
            return None
        spec = obj.get("spec")
        value = spec.get("replicas", 1) if isinstance(spec, dict) else 1
        rloc = (*loc, "spec", "replicas")
        if value is None:
            return 1
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
            raise self.doc.error(f"{field_path(rloc)}={value!r} must be a whole number from 0 "
                                 "to 2147483647", rloc)
        return value

    def _gates(self, spec: dict[str, Any], loc: Loc) -> tuple[str, ...]:
        """The conditionType of each readinessGates entry (R3.8)."""
        out = []
        for gate, gloc in self._items(spec, loc, "readinessGates"):
            kind = gate.get("conditionType")
            cloc = (*gloc, "conditionType")
            problem = qualified_name_problem(kind, field_path(cloc))  # validateReadinessGates
            if problem is not None:
                raise self.doc.error(problem, cloc)
            assert isinstance(kind, str)  # a qualified name, so a string
            out.append(kind)
        return tuple(out)

    def settings(self, spec: dict[str, Any], loc: Loc, *, job: bool) -> tuple[int, RestartPolicy]:
        """Pod terminationGracePeriodSeconds and restartPolicy, defaulted per R5.3; a
        negative grace is 1 in every pod the API server stores (R5.21)."""
        grace = self.grace(spec, loc)
        return (1 if grace < 0 else grace,
                self._restart_policy(spec.get("restartPolicy"), (*loc, "restartPolicy"), job))

    def grace(self, spec: dict[str, Any], loc: Loc) -> int:
        """terminationGracePeriodSeconds as the API server validates it (R5.3, R5.21): 30
        when unset; a Pod's negative value is 1 by then, a template's stays as written."""
        grace = spec.get("terminationGracePeriodSeconds")
        gloc = (*loc, "terminationGracePeriodSeconds")
        if grace is None:
            return 30  # R5.3
        if isinstance(grace, bool) or not isinstance(grace, int) or not -2**63 <= grace < 2**63:
            raise self.doc.error(f"{field_path(gloc)}={grace!r} must be a 64-bit integer", gloc)
        return 1 if grace < 0 and self.doc.kind == "Pod" else grace

    def _restart_policy(self, value: Any, loc: Loc, job: bool) -> RestartPolicy:
        allowed: tuple[str, ...] = ("OnFailure", "Never")
        if not job:
            allowed = ("Always", "OnFailure", "Never")
        if self.doc.kind in CONTROLLER_KINDS:
            allowed = ("Always",)
        if value is None and not job:
            return RestartPolicy.ALWAYS  # R5.3
        if value not in allowed:
            shown = "unset" if value is None else repr(value)
            kind = f" for a {self.doc.kind}" if self.doc.kind in POD_SPEC_AT else ""
            raise self.doc.error(f"{field_path(loc)}={shown} must be "
                                 f"{' or '.join(allowed)}{kind}", loc)
        return RestartPolicy(value)

    def containers(self, spec: dict[str, Any], loc: Loc) -> list[ContainerSpec]:
        """The regular containers, probed or not; R5.9 for init and ephemeral containers."""
        self._unique_names(spec, loc)
        found = [self.container(c, cloc, sidecar=False)
                 for c, cloc in self._items(spec, loc, "containers", required=True)]
        for c, cloc in self._items(spec, loc, "initContainers"):
            self.doc.only_known(c, CONTAINER_FIELDS, cloc)
            if c.get("restartPolicy") != "Always":
                self._no_probes(c, cloc, "init containers unless restartPolicy: Always "
                                "(a sidecar)")
                if c.get("lifecycle") is not None:  # validateInitContainers (R5.20)
                    lloc = (*cloc, "lifecycle")
                    raise self.doc.error(f"{field_path(lloc)}: may not be set for init "
                                         "containers without restartPolicy: Always", lloc)
                self._common(c, cloc)
        ephemeral = self._items(spec, loc, "ephemeralContainers")
        for c, cloc in ephemeral:
            self.doc.only_known(c, EPHEMERAL_FIELDS, cloc)
            self._no_probes(c, cloc, "ephemeral containers")
        if ephemeral:  # ValidatePodCreate, ValidatePodTemplateSpec (R5.24)
            eloc = (*loc, "ephemeralContainers")
            where = ("cannot be set on create (the API server adds them to a running pod)"
                     if self.doc.kind == "Pod" else "are not allowed in a pod template")
            raise self.doc.error(f"{field_path(eloc)}: ephemeral containers {where}", eloc)
        return found

    def _items(self, spec: dict[str, Any], loc: Loc, key: str,
               required: bool = False) -> list[tuple[dict[str, Any], Loc]]:
        items, loc = spec.get(key), (*loc, key)
        if items is None or items == []:
            if required:
                raise self.doc.error(f"{field_path(loc)}: at least one container is required",
                                     loc)
            return []
        if not isinstance(items, list):
            raise self.doc.error(f"{field_path(loc)} must be a list, got {_type_name(items)}",
                                 loc)
        return [(self.doc.mapping(c, (*loc, i)), (*loc, i)) for i, c in enumerate(items)]

    def _unique_names(self, spec: dict[str, Any], loc: Loc) -> None:
        """The API server's validateContainers: one name per container of the pod, across
        containers, initContainers and ephemeralContainers."""
        seen: set[Any] = set()
        for key in ("initContainers", "containers", "ephemeralContainers"):
            items = spec.get(key)
            for i, c in enumerate(items if isinstance(items, list) else []):
                name = c.get("name") if isinstance(c, dict) else None
                if not isinstance(name, str):
                    continue
                if name in seen:
                    shown = name if len(name) <= 40 else name[:37] + "..."
                    raise self.doc.error(f"{field_path((*loc, key, i, 'name'))}: duplicate "
                                         f"container name {shown!r} in one pod",
                                         (*loc, key, i, "name"))
                seen.add(name)

    def _no_probes(self, c: dict[str, Any], loc: Loc, where: str) -> None:
        for key in PROBE_FIELDS:
            if c.get(key) is not None:  # R5.9
                raise self.doc.error(f"{field_path((*loc, key))}: probes are not allowed on "
                                     f"{where}", (*loc, key))

    def container(self, c: dict[str, Any], loc: Loc, *, sidecar: bool,
                  init: bool = False) -> ContainerSpec:
        """The validated ContainerSpec of `c`, probed or not (every container is simulated:
        one without a readiness probe is Ready once running, R4.25); of a plain init
        container (`init`) only its name and its own restart policy and rules (R4.30)."""
        if loc:
            self.doc.only_known(c, CONTAINER_FIELDS, loc)
        name = c.get("name")
        shown = name if not isinstance(name, str) or len(name) <= 40 else name[:37] + "..."
        label = f"container {shown}" if isinstance(name, str) else field_path(loc) or "container"
        # a container without probes is only simulated: its name is not judged (a template's
        # placeholder name, `<YOUR-APP>`, is still a container the pod runs)
        lenient = isinstance(name, str) and all(c.get(key) is None for key in PROBE_FIELDS)
        self._common(c, loc)
        read = ("name", *RESTART_FIELDS) if init else MODELED_FIELDS
        if sidecar:  # its restartPolicy Always is what `sidecar` says
            read = tuple(k for k in read if k != "restartPolicy")
        try:
            spec = parse_container({k: c[k] for k in read if k in c}, sidecar=sidecar,
                                   init=init, any_name=lenient and not init)
        except LocatedSpecError as exc:
            message = f"{self.doc.kind}/{self.doc.name} {label}: {exc.message}"
            raise SpecError(message, source=self.doc.doc.source,
                            line=self.doc.doc.line_of((*loc, *exc.loc)),
                            field=field_path((*loc, *exc.loc))) from None
        self._hook_sleeps(spec, loc)
        return spec

    def _common(self, c: dict[str, Any], loc: Loc) -> None:
        """validateContainerCommon's checks of the fields kubesim reads to name them in a
        note: imagePullPolicy and resizePolicy (R5.25)."""
        for key, problem in (
                ("imagePullPolicy", pull_policy_problem(c.get("imagePullPolicy"),
                                                        field_path((*loc, "imagePullPolicy")))),
                ("resizePolicy", resize_policy_problem(c.get("resizePolicy"), self.pod_policy,
                                                       field_path((*loc, "resizePolicy"))))):
            if problem is not None:
                raise self.doc.error(problem, (*loc, key))

    def _hook_sleeps(self, spec: ContainerSpec, loc: Loc) -> None:
        """validateSleepAction (R5.19): each hook's sleep from 0 to the pod's grace."""
        for key, hook in (("postStart", spec.post_start), ("preStop", spec.pre_stop)):
            if hook is None or hook.sleep is None:
                continue
            sloc = (*loc, "lifecycle", key, "sleep", "seconds")
            problem = sleep_problem(hook.sleep.seconds, self.validated_grace, field_path(sloc))
            if problem is not None:
                raise self.doc.error(problem, sloc)

    def probed(self, container: ContainerSpec, grace: int, policy: RestartPolicy, *,
               others: tuple[ContainerSpec, ...] = (), position: int = 0,
               gates: tuple[str, ...] = (), replicas: int | None = None,
               strategy: DeploymentStrategy | None = None,
               notes: tuple[str, ...] = ()) -> ProbedContainer:
        """The ProbedContainer of one validated container of this pod."""
        return ProbedContainer(container, grace, policy, self.doc.kind, self.doc.name,
                               self.namespace, self.doc.doc.source, others, position, gates,
                               replicas, strategy, notes)
