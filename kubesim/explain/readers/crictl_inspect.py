"""`crictl inspect CONTAINER`: the CRI's ContainerStatus of one container as the runtime holds
it (kubernetes-sigs/cri-tools; the runtime's `status` object, then its `info`), read as the
container's status in its pod (held-out batch 113, containerd-cri-479; written at crictl53).

The status's fields are the CRI's (`ContainerStatus`): `metadata` (`name`, `attempt`),
`state` (`CONTAINER_CREATED`, `CONTAINER_RUNNING`, `CONTAINER_EXITED`, `CONTAINER_UNKNOWN`),
`startedAt`, `finishedAt`, `exitCode`, `reason`, `message`, and the labels and annotations the
kubelet gave it: `io.kubernetes.pod.name`, `io.kubernetes.pod.namespace`,
`io.kubernetes.pod.uid`, `io.kubernetes.container.name`, and the annotation
`io.kubernetes.container.restartCount`, which the kubelet reads back as the container's
restartCount (`getContainerInfoFromAnnotations`). The kubelet writes that annotation and
`metadata.attempt` from one number, the instance's restart count (`generateContainerConfig`
in kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go; R4.7): the
annotation read first, the attempt where the annotation is not in the record. The kubelet
turns the status into the pod's (`toKubeContainerStatus`, `convertToAPIContainerStatuses`):
EXITED as `state.terminated` with the exit code, reason, message and times; RUNNING as
`state.running` since startedAt; CREATED as waiting; UNKNOWN read with no state.

Read: a JSON object whose `status` holds `metadata.name` and a CRI `state` (an object that
holds them itself, crictl's `inspect -o json` of an older crictl without `status`, is read so
too). JSON cut short is read as far as it goes (paste.py's `_cut_json`): a count cut away is
cut away, not zero. Unread: any other object (a Pod's `status` holds `phase`, never a CRI
state).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Stamp,
    Terminated,
    Where,
)
from kubesim.explain.readers.times import parse_rfc3339

__all__ = ["CRICTL_INSPECT", "read_crictl_inspect"]

CRICTL_INSPECT = "crictl-inspect"
_STATES = {"CONTAINER_RUNNING": "running", "CONTAINER_EXITED": "terminated",
           "CONTAINER_CREATED": "waiting", "CONTAINER_UNKNOWN": None}
_POD = "io.kubernetes.pod.name"
_NAMESPACE = "io.kubernetes.pod.namespace"
_UID = "io.kubernetes.pod.uid"
_CONTAINER = "io.kubernetes.container.name"
_RESTARTS = "io.kubernetes.container.restartCount"


class _Count(NamedTuple):
    """A container's restart count and what it was read from."""

    value: int
    field: str


def _cri_status(data: Any) -> dict[str, Any] | None:
    """The CRI ContainerStatus the object holds (module docstring); None for another."""
    if not isinstance(data, dict):
        return None
    status = data.get("status", data)
    # (a pod's status holds `state` as a mapping, `{"running": {...}}`: no CRI state)
    state = status.get("state") if isinstance(status, dict) else None
    if not isinstance(state, str) or state not in _STATES:
        return None
    metadata = status.get("metadata")
    if not isinstance(metadata, dict) or not isinstance(metadata.get("name"), str):
        return None
    return status


def _strings(status: dict[str, Any], key: str) -> dict[str, str]:
    """The status's labels or annotations, their string values (others are no kubelet's)."""
    value = status.get(key)
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(v, str)}


def _count(status: dict[str, Any]) -> _Count | None:
    """The restart count: the kubelet's annotation, else the metadata's attempt (module
    docstring); None where neither is in the record (cut away)."""
    annotated = _strings(status, "annotations").get(_RESTARTS, "")
    if annotated.isdigit() and len(annotated) <= 6:
        return _Count(int(annotated), f"annotations.{_RESTARTS}")
    attempt = status["metadata"].get("attempt")
    if isinstance(attempt, int) and not isinstance(attempt, bool) and 0 <= attempt < 10**6:
        return _Count(attempt, "metadata.attempt")
    return None


def _stamp(value: Any) -> Stamp:
    stamp = parse_rfc3339(value) if isinstance(value, str) and len(value) < 64 else None
    return stamp if stamp is not None else UNKNOWN_STAMP


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _container(status: dict[str, Any], where: Where) -> ContainerRecord:
    """The container the status is of, in its state (module docstring)."""
    name = _strings(status, "labels").get(_CONTAINER) or status["metadata"]["name"]
    c = ContainerRecord(name, where)
    c.state = _STATES[status["state"]]
    if c.state == "running":
        c.running_since = _stamp(status.get("startedAt"))
    if c.state == "terminated":
        code = status.get("exitCode")
        c.terminated = Terminated(
            _text(status.get("reason")),
            code if isinstance(code, int) and not isinstance(code, bool) else None,
            _stamp(status.get("startedAt")), _stamp(status.get("finishedAt")),
            message=_text(status.get("message")), where=where)
    count = _count(status)
    if count is not None:
        c.restart_count = count.value
        c.restart_where = Where(where.source, where.line, f"status.{count.field}")
    else:
        c.restarts_cut = True
    c.count_alone = c.state is None and count is not None
    return c


_READ = ("line {}: crictl inspect's status of container {} (the CRI's ContainerStatus, state "
         "{}): read as its status in pod {}, its restart count from {}")


def read_crictl_inspect(data: Any, source: str, line: int) -> RecordSet | None:
    """The record of a `crictl inspect` object (module docstring): one pod (named by the
    kubelet's labels where they are in the record), its one container in the state the
    runtime gives; None for any other data."""
    status = _cri_status(data)
    if status is None:
        return None
    where = Where(source, line)
    labels = _strings(status, "labels")
    c = _container(status, where)
    pod = PodRecord(labels.get(_POD), where, namespace=labels.get(_NAMESPACE),
                    uid=labels.get(_UID), containers=[c], formats=[CRICTL_INSPECT])
    count = c.restart_where.field if c.restart_where and c.restart_where.field else \
        "nowhere (cut away)"
    note = Note(_READ.format(line, c.name, status["state"], pod.name or "(not named)", count),
                where)
    return RecordSet(source, CRICTL_INSPECT, pods=[pod], notes=[note])
