"""A container's status pasted alone: one item of a pod's `containerStatuses` (`kubectl get
pod -o json | jq '.status.containerStatuses[0]'`, or the object copied out of the pod's JSON),
as JSON or YAML, alone or in a list of such items, no pod around it.

It is told by core/v1's ContainerStatus (k8s.io/api/core/v1/types.go): every key one of the
type's fields, and the three it always writes that no other object of a pod holds together:
`name`, `ready` and `restartCount` (not omitempty, so the API server writes them for every
container; a container's spec has a `name` and never `ready` or `restartCount`). `state` and
`lastState`, where given, hold a ContainerState's keys (`waiting`, `running`, `terminated`).
An object with any other key (a pod's, a spec's, an app's), or without those three, is not one.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["STATUS_FIELDS", "container_statuses", "starts_status"]

# core/v1 ContainerStatus's fields (types.go, through 1.34)
STATUS_FIELDS = frozenset({
    "name", "state", "lastState", "ready", "restartCount", "image", "imageID", "containerID",
    "started", "allocatedResources", "allocatedResourcesStatus", "resources", "volumeMounts",
    "user", "stopSignal"})
# core/v1 ContainerState's fields: one of them is set
_STATE_FIELDS = frozenset({"waiting", "running", "terminated"})
# a YAML mapping's first line that is one of ContainerStatus's keys (kubectl's YAML sorts the
# keys: `containerID:` first; JSON turned YAML keeps the type's order: `name:`), at column 0 or
# indented as it sat in the pod's YAML (YAML reads a mapping indented as a whole)
_STARTS = re.compile(rf"^[ \t]*(?:{'|'.join(sorted(STATUS_FIELDS))}):(?:[ \t]|$)")


def container_statuses(data: Any) -> list[dict[str, Any]] | None:
    """The ContainerStatus objects `data` is (one, or a list of them), or None when it is
    anything else (one item of a list that is no ContainerStatus makes the list none)."""
    items = data if isinstance(data, list) else [data]
    if not items or not all(_is_status(x) for x in items):
        return None
    return items


def starts_status(first: str) -> bool:
    """Whether a text's first line may open a ContainerStatus's YAML pasted alone: one of the
    type's keys (then the whole text is weighed by `container_statuses`)."""
    return _STARTS.match(first) is not None


def _is_status(obj: Any) -> bool:
    """Whether `obj` is a ContainerStatus: its keys the type's, and its always-written
    `name` (a string), `ready` (a boolean) and `restartCount` (a whole number) among them."""
    if not isinstance(obj, dict) or not set(obj) <= STATUS_FIELDS:
        return False
    count = obj.get("restartCount")
    if not isinstance(obj.get("name"), str) or not isinstance(obj.get("ready"), bool) or \
            isinstance(count, bool) or not isinstance(count, int):
        return False
    return all(_is_state(obj[k]) for k in ("state", "lastState") if k in obj)


def _is_state(value: Any) -> bool:
    """A ContainerState: a mapping of `waiting`, `running` or `terminated` (or empty: `{}`)."""
    return isinstance(value, dict) and set(value) <= _STATE_FIELDS
