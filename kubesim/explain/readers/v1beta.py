"""Container statuses in the API's first shape (v1beta1 and v1beta2, 2014 to mid-2015), as
records of that time show them: a map from the container's name to its status under the
pod's `currentState.info` (or pasted alone), each with `state.waiting`, `state.running` or
`state.termination` (today's `terminated`), `restartCount`, `ready` and, from late 2014,
`lastState.termination`. kubernetes/kubernetes pkg/api/v1beta1/types.go:

    type ContainerStateTerminated struct {
        ExitCode int `json:"exitCode"`; Signal int `json:"signal,omitempty"`
        Reason string `json:"reason,omitempty"`; Message string `json:"message,omitempty"`
        StartedAt util.Time `json:"startedAt,omitempty"`; FinishedAt util.Time ...}
    type ContainerState struct {Waiting ... `json:"waiting"`; Running ... `json:"running"`;
        Termination *ContainerStateTerminated `json:"termination,omitempty"`}
    type PodInfo map[string]ContainerStatus

`read_old_pod` turns such a map into today's `containerStatuses` (the same fields under
today's names), so that the pod reader (`kube.read_objects`) validates and reads them as it
reads any pod's status. Only a map whose values have that shape is taken: a state object
with exactly one of the three states, under a key that is a container's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kubesim.explain.readers.kube import read_objects
from kubesim.explain.readers.model import Note, NoteKind, RecordSet, Where
from kubesim.explain.readers.names import LABEL

__all__ = ["OLD_REASONS", "OldStatus", "old_statuses", "read_old_pod"]

_NAME = re.compile(rf"^{LABEL}$")  # a DNS label (container names)
_STATES = {"waiting": "waiting", "running": "running", "termination": "terminated"}
# the kubelet's reasons of then, in today's words: PR 3044 (2014-12) wrote `OOM Killed` where
# today's kubelet writes OOMKilled (pkg/kubelet/dockertools, then the CRI)
OLD_REASONS = {"OOM Killed": "OOMKilled"}


@dataclass(frozen=True, slots=True)
class OldStatus:
    """One container's status of 2014 in today's shape; the path of the old one in the
    document; the reasons of then it holds, read in today's words (OLD_REASONS)."""

    status: dict[str, Any]
    path: tuple[str, ...]
    old_reasons: tuple[str, ...]


def _old_state(value: Any) -> dict[str, Any] | None:
    """A v1beta1/v1beta2 `state` (or `lastState`) in today's words; None if it is not one."""
    if not isinstance(value, dict) or not value or set(value) - set(_STATES):
        return None
    states = [k for k, v in value.items() if isinstance(v, dict)]
    if len(states) != 1 or len(value) != 1:
        return None
    kind = states[0]
    body = dict(value[kind])
    reason = body.get("reason")
    if isinstance(reason, str) and reason in OLD_REASONS:
        body["reason"] = OLD_REASONS[reason]
    return {_STATES[kind]: body}


def _status(name: str, value: Any) -> dict[str, Any] | None:
    """One container's status in today's shape, or None if `value` is not one of then."""
    if not isinstance(value, dict) or not _NAME.match(name):
        return None
    state = _old_state(value.get("state"))
    if state is None:
        return None
    out: dict[str, Any] = {"name": name, "state": state}
    for key in ("restartCount", "ready"):
        if key in value:
            out[key] = value[key]
    last = _old_state(value.get("lastState"))
    if last is not None and "terminated" in last:
        out["lastState"] = last
    return out


def _info(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Where the map of statuses is: a pod's `currentState.info`, a `currentState` or an
    `info` pasted alone, or the map itself; and its path."""
    current = data.get("currentState")
    if isinstance(current, dict) and isinstance(current.get("info"), dict):
        return current["info"], ("currentState", "info")
    if isinstance(data.get("info"), dict):
        return data["info"], ("info",)
    return data, ()


def _reasons(value: dict[str, Any]) -> tuple[str, ...]:
    states = [value.get(k) for k in ("state", "lastState")]
    ended = [s.get("termination") for s in states if isinstance(s, dict)]
    return tuple(sorted({t["reason"] for t in ended if isinstance(t, dict)
                         and t.get("reason") in OLD_REASONS}))


def old_statuses(data: Any) -> tuple[list[OldStatus], str | None]:
    """The container statuses of 2014's shape in `data`, in today's shape; and the pod's
    name (v1beta1's `id`) when `data` is the pod. Empty when `data` holds none (or holds
    today's `containerStatuses`)."""
    if not isinstance(data, dict) or "containerStatuses" in data or "status" in data:
        return [], None
    info, path = _info(data)
    found = []
    for name, value in info.items():
        status = _status(name, value)
        if status is not None:
            found.append(OldStatus(status, (*path, name), _reasons(value)))
    pod = data.get("id") if path and isinstance(data.get("id"), str) else None
    return found, pod if found else None


def read_old_pod(data: Any, lines: dict[tuple[str | int, ...], int], source: str,
                 line: int) -> RecordSet | None:
    """The pod whose 2014 container statuses `data` holds (`lines`: the line of each object
    by its path; `line`: where `data` starts); None if it holds none."""
    statuses, name = old_statuses(data)
    if not statuses:
        return None
    first = lines.get(statuses[0].path, line)
    doc: dict[str, Any] = {"status": {"containerStatuses": [s.status for s in statuses]}}
    if name is not None:
        doc["metadata"] = {"name": name}
    found = read_objects(doc, source, first)
    if found is None:
        return None
    found.notes.clear()  # "a document without kind: read as a pod's status": said below
    for pod in found.pods:
        for c, old in zip(pod.containers, statuses, strict=True):
            c.where = Where(source, lines.get(old.path, first), "/".join(old.path))
    found.format = "pod-status-2014"
    found.notes.append(Note(
        "container statuses in the API's shape of 2014 (v1beta1/v1beta2: "
        "`state.termination` for today's `state.terminated`), read as the status of "
        + (f"pod {name}" if name else "a pod the record does not name"),
        Where(source, first), uncertain=False))
    if isinstance(data, dict) and "desiredState" in data:  # the pod's spec of then
        found.notes.append(Note(f"not read: line {line} (desiredState, the pod's spec in "
                                "the shape of 2014: the containers' probes are not known)",
                                Where(source, line), kind=NoteKind.NOT_READ))
    for reason in sorted({r for s in statuses for r in s.old_reasons}):
        found.notes.append(Note(f"the reason {reason!r} (the kubelet's word then) is read as "
                                f"{OLD_REASONS[reason]}", Where(source, first),
                                uncertain=False))
    return found
