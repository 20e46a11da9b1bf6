"""Event and restart lines of Tilt's log (tilt-dev/tilt; Cluster API's and many projects' dev
and e2e setups run under it): Tilt watches the events of the objects it deployed and logs each as
`[event: KIND NAME] MESSAGE`, the kind lower-cased, the name with its namespace or without
(`[event: pod capi-system/capi-controller-manager-7f9c] Readiness probe failed: ...`,
`[event: pod http-server] Container image "..." already present on machine`). Tilt's older
releases logged the same event as `[K8s EVENT: Pod NAME (ns: NS)] MESSAGE` (the kind
capitalised as the API spells it, the namespace in parentheses after the name; tilt-2374,
fixrows76): read as the same event, one occurrence a line.

Tilt also logs `Detected container restart. Pod: POD. Container: NAME.` (a warning, maybe
prefixed `WARNING: `; internal/engine/k8swatch) when a container's restartCount grew between two
looks at the pod: the container ended at least once since Tilt first saw it, and the line says
neither how many times nor why. It is read as that container's last end, its reason and exit
code not told, and its restart count unknown (no kill counted, none ruled out).

The event line gives no reason, no type and no count: the reason is inferred from the kubelet's
words (`event_layouts.bare_reason`, as OpenShift's monitor lines are read in ci_log.py), and a
line whose words say none is not read; the event happened at least once.

Every pattern is anchored and its repetitions bounded: a hostile line costs linear time.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.event_layouts import bare_reason, event_type
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    CountBasis,
    Note,
    PodRecord,
    RecordedEvent,
    RecordSet,
    Terminated,
    Where,
)
from kubesim.explain.readers.names import NAME_CELL

__all__ = ["TiltRestart", "tilt_event", "tilt_event_shape", "tilt_restart", "tilt_restarts"]

# Tilt's event line: the object's kind (lower case) and name, namespaced or not, in brackets
_TILT_EVENT = re.compile(
    rf"^[ \t]*+\[event: (?P<kind>[a-z]{{1,40}}) (?:(?P<ns>{NAME_CELL})/)?(?P<name>{NAME_CELL})\] "
    r"(?P<message>\S.*)$")
# Tilt's older event line: `[K8s EVENT: Pod NAME (ns: NS)] MESSAGE` (the module's docstring)
_TILT_K8S_EVENT = re.compile(
    rf"^[ \t]*+\[K8s EVENT: (?P<kind>[A-Z][A-Za-z]{{0,39}}) (?P<name>{NAME_CELL})"
    rf"(?: \(ns: (?P<ns>{NAME_CELL})\))?\] (?P<message>\S.*)$")
_KINDS = {"pod": "Pod", "deployment": "Deployment", "replicaset": "ReplicaSet",
          "statefulset": "StatefulSet", "daemonset": "DaemonSet", "job": "Job",
          "node": "Node", "service": "Service"}
# the kubelet's reasons a Warning event carries (the rest of its words are Normal events')
def tilt_event(line: str, where: Where) -> RecordedEvent | None:
    """The event a Tilt log's `[event: KIND NAME] MESSAGE` line (or its older release's
    `[K8s EVENT: KIND NAME (ns: NS)] MESSAGE`) states (see the module's
    docstring), or None: another line, a kind Tilt does not name so, or words that say no
    reason."""
    m = _tilt_event_match(line)
    if m is None or m["kind"].lower() not in _KINDS:
        return None
    message = m["message"].strip()
    reason = bare_reason(message)
    if reason is None:
        return None
    return RecordedEvent(event_type(reason), reason.value,
                         message, 1, UNKNOWN_STAMP, UNKNOWN_STAMP, where,
                         object_kind=_KINDS[m["kind"].lower()], object_name=m["name"],
                         object_namespace=m["ns"], count_basis=CountBasis.AT_LEAST)


def _tilt_event_match(line: str) -> re.Match[str] | None:
    """Tilt's event line of either release (the module's docstring), its kind lower-cased as
    `_KINDS` keys it; None for any other line."""
    m = _TILT_EVENT.match(line)
    if m is not None:
        return m
    if not line.lstrip(" \t").startswith("[K8s EVENT: "):
        return None
    old = _TILT_K8S_EVENT.match(line)
    return old if old is not None and old["kind"].lower() in _KINDS else None


# Tilt's prefix of a container's log line in a pod of several (`[manager] unknown flag: ...`):
# a container's name (a letter first: `[124892.12]` is dmesg's time) in brackets, then words;
# no JSON array or YAML flow sequence opens so
_CONTAINER_LOG = lazy_regex(r"^\[[a-z][-a-z0-9]{0,62}\] \S")


def tilt_event_shape(line: str) -> bool:
    """Whether `line` is shaped as Tilt's event line or its container's log line (no document
    opens with its bracket), whatever its words say."""
    return (_TILT_EVENT.match(line) is not None or _TILT_K8S_EVENT.match(line) is not None
            or _CONTAINER_LOG.match(line) is not None)


class TiltRestart(NamedTuple):
    """Tilt's `Detected container restart` line: the pod, the container, where the line is."""

    pod: str
    container: str
    where: Where


_RESTART = re.compile(
    rf"^[ \t]*+(?:WARNING: )?Detected container restart\. Pod: (?P<pod>{NAME_CELL})\. "
    rf"Container: (?P<container>{NAME_CELL})\.[ \t]*$")


def tilt_restart(line: str, where: Where) -> TiltRestart | None:
    """The restart Tilt's `Detected container restart. Pod: P. Container: C.` line states (see
    the module's docstring), or None."""
    m = _RESTART.match(line)
    return None if m is None else TiltRestart(m["pod"], m["container"], where)


def tilt_restarts(found: list[TiltRestart], source: str) -> RecordSet:
    """Each restarted container as its pod's: ended at least once (its last state terminated,
    reason and exit code not told), its restart count not stated."""
    pods: dict[str, PodRecord] = {}
    for r in found:
        pod = pods.setdefault(r.pod, PodRecord(r.pod, r.where, formats=["tilt-log"]))
        pod.containers = [c for c in pod.containers if c.name != r.container]
        pod.containers.append(ContainerRecord(r.container, r.where, last=Terminated(
            None, None, UNKNOWN_STAMP, UNKNOWN_STAMP, where=r.where), restart_uncounted=r.where))
    notes = [Note("Tilt's `Detected container restart` line: the container ended at least once "
                  "since Tilt first saw the pod; how many times and why the line does not say",
                  found[0].where, uncertain=False)] if found else []
    return RecordSet(source, "tilt-log", pods=list(pods.values()), notes=notes)
