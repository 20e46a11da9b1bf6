"""Reading one pod's story, or a workload's pods, from a live cluster, and the workloads of
namespaces for `check --cluster`.

A pod's story is what `kubectl get pod NAME -o json` and `kubectl get events -o json` would
print about it: the pod (spec and status), its events and the chain of its owners. The
events are read from both event APIs and merged by their uid, so none is counted twice: the
kubelet (1.36 too) writes core/v1 Events (`count`, `firstTimestamp`, `lastTimestamp`), the
scheduler events.k8s.io/v1 (`eventTime`, `series`), and each API serves the other's events
with different fields filled. The story leaves here as the two JSON texts kubectl would print (the
pod, and a List of its events), which `kubesim explain` reads through the same reader as
pasted records; nothing is interpreted here.

Every read is bounded: lists are paged (`limit`/`continue`) and capped (`Limits`); a cap
reached is said in a note, never silently.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kubesim.cluster.access import ClusterAccess, Request, Resource, Verb
from kubesim.cluster.targets import LiveKind, Target
from kubesim.errors import ClusterError

__all__ = ["EVENTS", "EVENTS_V1", "PODS", "SERVICES", "WORKLOAD_RESOURCES", "Limits", "LiveObject",
           "Owner", "PodStory",
           "events_document", "list_objects", "pod_document", "read_stories", "read_workloads"]

PODS = Resource("", "v1", "pods")
EVENTS = Resource("", "v1", "events")
EVENTS_V1 = Resource("events.k8s.io", "v1", "events")
REPLICASETS = Resource("apps", "v1", "replicasets")
DEPLOYMENTS = Resource("apps", "v1", "deployments")
STATEFULSETS = Resource("apps", "v1", "statefulsets")
DAEMONSETS = Resource("apps", "v1", "daemonsets")
JOBS = Resource("batch", "v1", "jobs")
WORKLOAD_RESOURCES = (DEPLOYMENTS, STATEFULSETS, DAEMONSETS)
_OWNER_RESOURCES = {"ReplicaSet": REPLICASETS, "Deployment": DEPLOYMENTS,
                    "StatefulSet": STATEFULSETS, "DaemonSet": DAEMONSETS, "Job": JOBS}
_WORKLOAD_OF = {LiveKind.DEPLOYMENT: DEPLOYMENTS, LiveKind.STATEFULSET: STATEFULSETS,
                LiveKind.DAEMONSET: DAEMONSETS}
_OWNER_DEPTH = 4  # Pod <- ReplicaSet <- Deployment (<- an operator's object): enough


@dataclass(frozen=True)
class Limits:
    """How much one command reads: pods of a workload, events of a pod, objects listed."""

    pods: int = 20
    events: int = 5000
    objects: int = 5000
    page: int = 500


@dataclass(frozen=True)
class Owner:
    """One link of a pod's owner chain, nearest first."""

    kind: str
    name: str


@dataclass
class PodStory:
    """What the cluster holds about one pod."""

    pod: dict[str, Any]
    events: list[dict[str, Any]]
    owners: tuple[Owner, ...] = ()
    notes: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.pod.get("metadata", {}).get("name", ""))

    @property
    def namespace(self) -> str:
        return str(self.pod.get("metadata", {}).get("namespace", ""))


def list_objects(access: ClusterAccess, resource: Resource, namespace: str | None, *,
                 cap: int, page: int, query: tuple[tuple[str, str], ...] = ()
                 ) -> tuple[list[dict[str, Any]], bool]:
    """The items of a list, page by page, at most `cap`; and whether more were left."""
    items: list[dict[str, Any]] = []
    token = ""
    while True:
        asked = (*query, ("limit", str(min(page, cap - len(items) + 1))))
        if token:
            asked += (("continue", token),)
        answer = access.read(Request(Verb.LIST, resource, namespace, None, asked))
        got = answer.get("items")
        if not isinstance(got, list):
            raise ClusterError(f"the API server's list of {resource.shown()} has no items")
        items.extend(x for x in got if isinstance(x, dict))
        token = str((answer.get("metadata") or {}).get("continue") or "")
        if len(items) > cap:
            return items[:cap], True
        if not token:
            return items, False


def read_stories(access: ClusterAccess, target: Target, namespace: str,
                 limits: Limits = Limits()) -> list[PodStory]:
    """The story of every pod `target` names (one for `pod/NAME`), sorted by name."""
    pods, notes = _pods_of(access, target, namespace, limits)
    if not pods:
        raise ClusterError(f"no pods for {target.shown()} in namespace {namespace}")
    stories = []
    for pod in sorted(pods, key=lambda p: str(p.get("metadata", {}).get("name", ""))):
        story = PodStory(pod, [], _owner_chain(access, pod), list(notes))
        story.events, more = _events_of(access, pod, limits)
        if more:
            story.notes.append(f"the pod has more than {limits.events:,} events: the newest "
                               f"{limits.events:,} were not all read (the first ones listed "
                               "are explained)")
        stories.append(story)
    return stories


def _pods_of(access: ClusterAccess, target: Target, namespace: str, limits: Limits
             ) -> tuple[list[dict[str, Any]], list[str]]:
    if target.kind is LiveKind.POD:
        pod = access.read(Request(Verb.GET, PODS, namespace, target.name))
        return [pod], []
    if target.kind is LiveKind.SELECTOR:
        selector = target.name
    else:
        workload = access.read(Request(Verb.GET, _WORKLOAD_OF[target.kind], namespace,
                                       target.name))
        selector = _selector_of(workload, target)
    pods, more = list_objects(access, PODS, namespace, cap=limits.pods, page=limits.page,
                              query=(("labelSelector", selector),))
    notes = [f"{target.shown()}: more than {limits.pods} pods match {selector}; the first "
             f"{limits.pods} by the API server's order are explained"] if more else []
    return pods, notes


def _selector_of(workload: dict[str, Any], target: Target) -> str:
    """A workload's `spec.selector` as a label selector string."""
    selector = (workload.get("spec") or {}).get("selector") or {}
    parts = [f"{k}={v}" for k, v in sorted((selector.get("matchLabels") or {}).items())]
    for expr in selector.get("matchExpressions") or []:
        key, op = expr.get("key", ""), expr.get("operator", "")
        values = ",".join(str(v) for v in expr.get("values") or [])
        parts.append({"In": f"{key} in ({values})", "NotIn": f"{key} notin ({values})",
                      "Exists": key, "DoesNotExist": f"!{key}"}.get(op, ""))
    parts = [p for p in parts if p]
    if not parts:
        raise ClusterError(f"{target.shown()} has no spec.selector: kubesim cannot tell its "
                           "pods")
    return ",".join(parts)


def _events_of(access: ClusterAccess, pod: dict[str, Any], limits: Limits
               ) -> tuple[list[dict[str, Any]], bool]:
    """The pod's events from both APIs, one per uid, in the core/v1 shape where the core
    API served it (what `kubectl get events -o json` prints)."""
    meta = pod.get("metadata") or {}
    uid, namespace = str(meta.get("uid", "")), str(meta.get("namespace", ""))
    core, more = list_objects(access, EVENTS, namespace, cap=limits.events, page=limits.page,
                              query=(("fieldSelector", f"involvedObject.uid={uid}"),))
    new, more_new = list_objects(access, EVENTS_V1, namespace, cap=limits.events,
                                 page=limits.page,
                                 query=(("fieldSelector", f"regarding.uid={uid}"),))
    return merge_events(core, new), more or more_new


def merge_events(core: list[dict[str, Any]], new: list[dict[str, Any]]
                 ) -> list[dict[str, Any]]:
    """One event per uid: the core/v1 object where there is one, else the events.k8s.io/v1
    object (an event written between the two reads); in the order they were listed."""
    out: dict[str, dict[str, Any]] = {}
    for event in core:
        out.setdefault(_uid(event), {"apiVersion": "v1", "kind": "Event", **event})
    for event in new:
        out.setdefault(_uid(event), {"apiVersion": "events.k8s.io/v1", "kind": "Event",
                                     **event})
    return list(out.values())


def _uid(obj: dict[str, Any]) -> str:
    meta = obj.get("metadata") or {}
    return str(meta.get("uid") or f"{meta.get('namespace')}/{meta.get('name')}")


def _owner_chain(access: ClusterAccess, pod: dict[str, Any]) -> tuple[Owner, ...]:
    chain: list[Owner] = []
    obj = pod
    namespace = str((pod.get("metadata") or {}).get("namespace", ""))
    for _ in range(_OWNER_DEPTH):
        ref = _controller_of(obj)
        if ref is None:
            break
        chain.append(ref)
        resource = _OWNER_RESOURCES.get(ref.kind)
        if resource is None:
            break  # an operator's own kind: named, not read
        try:
            obj = access.read(Request(Verb.GET, resource, namespace, ref.name))
        except ClusterError:
            break  # an owner already deleted, or one the Role may not read: the name stays
    return tuple(chain)


def _controller_of(obj: dict[str, Any]) -> Owner | None:
    refs = (obj.get("metadata") or {}).get("ownerReferences") or []
    for ref in refs:
        if isinstance(ref, dict) and ref.get("controller"):
            return Owner(str(ref.get("kind", "")), str(ref.get("name", "")))
    return None


def pod_document(story: PodStory) -> str:
    """The pod as `kubectl get pod NAME -o json` prints it."""
    return json.dumps({"apiVersion": "v1", "kind": "Pod", **story.pod}, sort_keys=True)


def events_document(story: PodStory) -> str | None:
    """Its events as `kubectl get events -o json` prints them (None: there are none)."""
    if not story.events:
        return None
    return json.dumps({"apiVersion": "v1", "kind": "List", "items": story.events},
                      sort_keys=True)


SERVICES = Resource("", "v1", "services")
_KIND_OF_RESOURCE = {"deployments": "Deployment", "statefulsets": "StatefulSet",
                     "daemonsets": "DaemonSet", "services": "Service"}


@dataclass(frozen=True)
class LiveObject:
    """One object of the cluster as `check` reads a manifest: its kind, namespace and name,
    and the object without its status and server-side bookkeeping."""

    kind: str
    namespace: str
    name: str
    manifest: dict[str, Any]

    @property
    def source(self) -> str:
        """How findings name it: `shop/Deployment/web`."""
        return f"{self.namespace}/{self.kind}/{self.name}"


def read_workloads(access: ClusterAccess, namespaces: list[str] | None,
                   limits: Limits = Limits()) -> tuple[list[LiveObject], list[str]]:
    """Every Deployment, StatefulSet and DaemonSet, and every Service (which pods serve
    whom), in `namespaces` (None: all of them), and the notes of caps reached."""
    found: list[LiveObject] = []
    notes: list[str] = []
    for namespace in namespaces if namespaces is not None else [None]:
        for resource in (*WORKLOAD_RESOURCES, SERVICES):
            items, more = list_objects(access, resource, namespace, cap=limits.objects,
                                       page=limits.page)
            if more:
                notes.append(f"more than {limits.objects:,} {resource.plural} in "
                             f"{'namespace ' + namespace if namespace else 'the cluster'}: "
                             f"the first {limits.objects:,} the API server listed are read")
            kind = _KIND_OF_RESOURCE[resource.plural]
            found += [_live_object(kind, resource, item) for item in items]
    return found, notes


def _live_object(kind: str, resource: Resource, item: dict[str, Any]) -> LiveObject:
    meta = item.get("metadata") or {}
    kept = {k: meta[k] for k in ("name", "namespace", "labels", "annotations") if k in meta}
    version = "v1" if not resource.group else f"{resource.group}/{resource.version}"
    manifest = {"apiVersion": version, "kind": kind, "metadata": kept,
                "spec": item.get("spec") or {}}
    return LiveObject(kind, str(meta.get("namespace", "")), str(meta.get("name", "")),
                      manifest)
