"""A workload's manifest whose pod template has no probed container: its app containers, each
listed with no probe.

A pod's spec lists every probe of its containers (the corpus README's rule of a pod's spec,
fixobj38: a container it lists without a liveness or startup probe was killed by no probe,
R1.17, R4.4), and a workload's pod template is the spec of every pod the controller makes of
it (core/v1 PodTemplateSpec: a Deployment's, StatefulSet's, DaemonSet's, ReplicaSet's, Job's,
CronJob's). explain reads a template's probed containers as the record's pod's (paste.py
`_probes`); a template with none is read the same way, its app containers with their specs,
none probed, where the manifest is whole up to them (a manifest cut inside a container's item
tells none of that container's probes: cut_container.py; one cut before its pod spec is not
read: cut_spec.py). Each container item must hold its `image`, which the API server requires
of every container (validateContainers: `spec.template.spec.containers[0].image: Required
value`): an item without one is no container the controller runs, but a manifest cut inside it
(kube-lego-71's Deployment, cut at its container's `- name: kube-lego`, whatever closes the
paste after it), and tells none of its probes. wg-ui-37's Deployment, fenced whole beside `the
pod keeps failing with CrashLoopBackOff`. A Pod's manifest is read by kube.py (its containers `spec_listed`); a pod's
spec pasted without its object is probe YAML's reading (pod_spec_piece.py), not this.
"""

from __future__ import annotations

from typing import Any

from kubesim.spec.manifests import POD_SPEC_AT, containers_from_documents
from kubesim.spec.model import ProbedContainer
from kubesim.spec.yamlio import YamlDocument

__all__ = ["unprobed_containers"]

# the kinds whose objects hold a pod template (a Pod is read as a pod: kube.py)
_WORKLOADS = frozenset(POD_SPEC_AT) - {"Pod"}


def unprobed_containers(docs: list[YamlDocument]) -> list[ProbedContainer]:
    """The app containers of the workload manifests among `docs` (their own `kind`), each
    focused, where none of `docs` has a probed container (the caller's `found` is empty)."""
    workloads = [d for d in docs if isinstance(d.data, dict) and d.data.get("kind") in _WORKLOADS]
    if not workloads or not all(_imaged(d.data) for d in workloads):
        return []
    pods = containers_from_documents(workloads, every_pod=True)
    return [p.focused(i) for p in pods for i, u in enumerate(p.containers)
            if not u.init and not u.sidecar]


def _imaged(obj: dict[str, Any]) -> bool:
    """Whether every container item of the workload's pod template names its image (a
    non-empty string), as the API server requires; False where the template is not there."""
    spec: Any = obj
    for key in POD_SPEC_AT[obj["kind"]]:
        spec = spec.get(key) if isinstance(spec, dict) else None
    items = spec.get("containers") if isinstance(spec, dict) else None
    return isinstance(items, list) and bool(items) and all(
        isinstance(c, dict) and isinstance(c.get("image"), str) and bool(c["image"].strip())
        for c in items)
