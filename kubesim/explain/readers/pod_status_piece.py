"""A pod's status pasted without its object: `status:` at column 0 holding core/v1 PodStatus's
fields (`phase`, `reason`, `message`, `conditions`, `containerStatuses`, ...), no kind, where
the paste ties it to a pod: under `kubectl get pod NAME -o yaml` (or `oc`, kubectl's wrapper),
the last command above it, or under an author's cut (`...`, the object above cut away) with
no command above naming anything else. It is read as that pod's status, as a pod's `spec:`
pasted without its object is read as the pod's spec (pod_spec_piece.py).

A `status:` of any other object is left as it is: a Deployment's (`replicas`,
`availableReplicas`, ...) holds keys no PodStatus has; a PersistentVolume's (`phase`,
`reason`, `message` too) is under a command that names it, or says a phase no pod has
(`Bound`, `Available`). A status whose phase is not a pod's (`POD_PHASES`), or without a
phase, is not one.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from kubesim.explain.readers.kubectl_command import pods_command
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import SUBDOMAIN
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["POD_STATUS_FIELDS", "PodStatusPlace", "pod_status_doc", "pod_status_places"]

# core/v1 PodStatus's fields (k8s.io/api/core/v1/types.go, through 1.34)
POD_STATUS_FIELDS = frozenset({
    "observedGeneration", "phase", "conditions", "message", "reason", "nominatedNodeName",
    "hostIP", "hostIPs", "podIP", "podIPs", "startTime", "initContainerStatuses",
    "containerStatuses", "qosClass", "ephemeralContainerStatuses", "resize",
    "resourceClaimStatuses", "extendedResourceClaimStatus"})
# core/v1 PodPhase's values
POD_PHASES = frozenset({"Pending", "Running", "Succeeded", "Failed", "Unknown"})
# the object's own keys a kind-less piece may keep beside its `status:`
_OBJECT_KEYS = frozenset({"apiVersion", "metadata", "status"})
_STATUS = re.compile(r"^status:[ \t]*$")
_NAME = lazy_regex(rf"^{SUBDOMAIN}$")  # an object's name (names.py)


class PodStatusPlace(NamedTuple):
    """A `status:` line the paste ties to a pod, and the pod's name where its command gives
    one."""

    line: int
    pod: str | None


def pod_status_places(lines: list[PasteLine]) -> dict[int, PodStatusPlace]:
    """The `status:` lines at column 0 the paste ties to a pod (module docstring), by line
    number: one pass over the lines."""
    places: dict[int, PodStatusPlace] = {}
    command: str | None = None  # the last command above
    cut = False  # an author's cut right above (blank lines and fences aside)
    for line in lines:
        if line.kind is LineKind.COMMAND:
            command, cut = line.text, False
        elif line.kind is LineKind.CUT:
            cut = True
        elif line.kind is LineKind.CONTENT:
            if _STATUS.match(line.text):
                place = _place(line.number, command, cut)
                if place is not None:
                    places[line.number] = place
            cut = False
    return places


def _place(number: int, command: str | None, cut: bool) -> PodStatusPlace | None:
    """The pod a `status:` line is of: the one `kubectl get pod NAME -o yaml` names (its
    first `get` on the line, read by kubectl_command.py: `-oyaml`, `--output=yaml`), or a pod
    no command names under a cut; None under any other command, or neither."""
    if command is None:
        return PodStatusPlace(number, None) if cut else None
    get = pods_command(command, "get")
    if get is None or get.output != "yaml":
        return None
    named = [n for n in get.names if _NAME.match(n)]  # (`<pod-name>`, a placeholder: none)
    return PodStatusPlace(number, named[0] if len(named) == 1 else None)


def pod_status_doc(data: Any) -> bool:
    """Whether a kind-less document is a pod's status pasted without its object: its keys
    the object's own (`status` among them), its status PodStatus's fields alone, with a
    pod's phase."""
    if not isinstance(data, dict) or "kind" in data or not set(data) <= _OBJECT_KEYS:
        return False
    status = data.get("status")
    return isinstance(status, dict) and set(status) <= POD_STATUS_FIELDS and \
        status.get("phase") in POD_PHASES
