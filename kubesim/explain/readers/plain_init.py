"""A plain init container takes no probe (the corpus README's rule written by the lead at
stop 48; R5.9): the API server refuses liveness, readiness and startup probes on an init
container unless its restartPolicy is Always (a sidecar), which Kubernetes 1.28 brought as
alpha on 2023-08-15 (SidecarContainers). describe prints no restartPolicy, and a probe's line
under an init container already reads it as a sidecar (describe.py `build_spec`).

An init container left plain by its reader is no sidecar where the record shows it:

- every timestamp the record gives of its pod (describe's `Start Time:`, a state's `Started:`
  or `Finished:`, a status's `startTime`) is before 2023-08-15: no sidecar existed then;
- or its spec is shown (a pod document's `initContainers` item, `spec_listed`) without
  `restartPolicy: Always` (kube.py reads one with it as a sidecar).

Its end is then read as a container's with no probe (`ContainerRecord.plain_init` says why,
and the diagnosis words it). With no timestamp, no spec and no probe's line (a 2024 record's
init container cut before its probes, or one of no date), what it is stays untold: left as it
was, its end read as a container's whose probes the record does not show.
"""

from __future__ import annotations

from kubesim.explain.readers.model import (
    ContainerRecord,
    Note,
    PodRecord,
    RecordSet,
    Stamp,
    StampKind,
)
from kubesim.explain.readers.times import utc_text

__all__ = ["SIDECARS_FROM", "mark_plain_inits"]

SIDECARS_FROM = 1692057600.0  # 2023-08-15T00:00:00Z: Kubernetes 1.28, SidecarContainers alpha


def mark_plain_inits(found: RecordSet) -> None:
    """Every init container of the record's pods that the record shows is no sidecar
    (module docstring): `plain_init` set to why, said in a note where it ended."""
    for pod in found.pods:
        for c in pod.containers:
            why = _why_plain(pod, c) if c.init and not c.sidecar and c.spec is None else None
            if why is None:
                continue
            c.plain_init = why
            if c.terminated is None and c.last is None:
                continue  # no end of it to weigh: nothing to say
            pod.notes.append(Note(
                f"init container {c.name or '(unnamed)'} is no sidecar ({why}): a plain init "
                "container takes no liveness, readiness or startup probe (the API server "
                "refuses them unless its restartPolicy is Always, R5.9), so no probe ended "
                "it", c.where, uncertain=False))


def _why_plain(pod: PodRecord, c: ContainerRecord) -> str | None:
    """Why the record shows init container `c` is no sidecar, or None when it does not."""
    if c.spec_listed:
        return "its spec is shown without restartPolicy: Always"
    stamps = [s for s in _stamps(pod) if s.kind is StampKind.ABSOLUTE and s.at is not None]
    if not stamps:
        return None
    newest = max(s.at for s in stamps if s.at is not None)
    if newest >= SIDECARS_FROM:
        return None
    return (f"the record's timestamps of its pod are before sidecars (its newest, "
            f"{utc_text(newest)}, before Kubernetes 1.28's SidecarContainers of 2023-08-15)")


def _stamps(pod: PodRecord) -> list[Stamp]:
    """The timestamps the record gives of the pod and of its containers' ended states."""
    out = [pod.start_time]
    for t in (t for c in pod.containers for t in (c.terminated, c.last) if t is not None):
        out += [t.started, t.finished]
    return out
