"""Which behaviour key answers each probe of a pod, and which container's process answers it.

A scenario or trace names a probe's target by its short key (`/healthz`, `tcp:5432`,
`exec:cat /tmp/ok`, `grpc:9090`) or by its scoped key, which adds the container and, for
network handlers, the port (`web:8080/healthz`, `tcp:db:5432`, `exec:web:cat /tmp/ok`,
`grpc:web:9090`).

The kubelet dials podIP:port for every httpGet, tcpSocket and grpc probe (R2.5, R2.12,
R2.16): whichever container listens on the port answers, whichever container declares the
probe. So one *endpoint* is one (handler, host, port, path or service) of the pod, however many
containers probe it; an exec probe is its own container's endpoint. A scoped key wins; a short
key is accepted when it stands for one endpoint of the pod, and is an error listing one
scoped key per endpoint when it stands for several (`/healthz` on ports 8080 and 15020).
A probe whose target the behaviour does not name at all answers as the behaviour's default
(a scenario's `"*"`, or success): no error for an ambiguity nobody asked about.

The listener of a network target on the pod's IP is the container the behaviour names for
its port (a scenario's `containers: {NAME: {listens: [PORT]}}`), else the first container of
the pod that declares it as a containerPort, else the probed container itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import TYPE_CHECKING

from kubesim.errors import BehaviourError
from kubesim.spec.model import HandlerKind

if TYPE_CHECKING:
    from kubesim.results import ProbeType
    from kubesim.spec.model import ContainerSpec, ProbedContainer, Target

__all__ = ["declared_ports", "focus_targets", "listener_index", "resolve_targets"]


def _endpoint(tgt: Target, container: str) -> tuple[str, ...]:
    """What a probe asks, whoever declares it: exec runs in its own container."""
    if tgt.kind is HandlerKind.EXEC:
        return tgt.kind.value, container, tgt.key
    hostport = tgt.url.split("://", 1)[-1].split("/", 1)[0]  # the scheme does not matter
    return tgt.kind.value, hostport, tgt.key


def resolve_targets(pod: ProbedContainer, keys: Collection[str], *,
                    source: str = "<memory>") -> list[dict[ProbeType, Target]]:
    """Per container (pod order), each probe's target with `key` set to the behaviour key it
    is answered by (see the module docstring). A short key in `keys` that stands for several
    endpoints is an error that lists their scoped keys. A target not in `keys` keeps its
    short key if that stands for one endpoint in the pod (a single-container pod always),
    else takes the scoped key of its endpoint's first prober."""
    plain = [(c.name, {t: c.target(t) for t in c.probes()}) for c in pod.containers]
    scoped: dict[tuple[str, ...], list[str]] = {}  # endpoint -> its probers' scoped keys
    endpoints: dict[str, set[tuple[str, ...]]] = {}  # short key -> its endpoints
    for name, targets in plain:
        for tgt in targets.values():
            ep = _endpoint(tgt, name)
            if tgt.scoped not in scoped.setdefault(ep, []):
                scoped[ep].append(tgt.scoped)
            endpoints.setdefault(tgt.key, set()).add(ep)
    out = []
    for name, targets in plain:
        resolved = {}
        for t, tgt in targets.items():
            mine = scoped[_endpoint(tgt, name)]
            unique = len(endpoints[tgt.key]) == 1
            given = next((k for k in mine if k in keys), None)
            if given is not None:
                key = given
            elif tgt.key in keys and not unique:
                candidates = ", ".join(sorted(scoped[ep][0] for ep in endpoints[tgt.key]))
                raise BehaviourError(
                    f'target "{tgt.key}" is ambiguous in {pod.object_kind}/{pod.object_name}: '
                    f"it stands for {candidates}; key the behaviour by one of these",
                    source=source)
            else:
                key = tgt.key if unique else mine[0]
            resolved[t] = tgt if key == tgt.key else dataclasses.replace(tgt, key=key)
        out.append(resolved)
    return out


def focus_targets(pod: ProbedContainer) -> dict[ProbeType, Target]:
    """The report container's targets keyed as a behaviour that names nothing else would
    key them (a synthetic scenario about one of its probes uses these keys)."""
    index = next(i for i, c in enumerate(pod.containers) if c is pod.container)
    return resolve_targets(pod, ())[index]


def listener_index(containers: tuple[ContainerSpec, ...], prober: int, target: Target,
                   owner: str | None, declared: dict[int, list[int]] | None = None) -> int:
    """The index of the container whose process answers `target`, probed by container
    `prober` (see the module docstring); `owner`: the container the behaviour says listens
    on the target's port; `declared`: `declared_ports(containers)`, made once for a pod's
    every probe."""
    if target.kind is HandlerKind.EXEC or not target.on_pod or target.port is None:
        return prober
    if owner is not None:
        names = [c.name for c in containers]
        if owner in names:
            return names.index(owner)
    if declared is None:
        declared = declared_ports(containers)
    declares = declared.get(target.port, [])
    if prober in declares or not declares:
        return prober
    return declares[0]


def declared_ports(containers: tuple[ContainerSpec, ...]) -> dict[int, list[int]]:
    """Each port the pod's containers declare, with the containers that declare it (not
    plain init containers), in pod order."""
    out: dict[int, list[int]] = {}
    for i, c in enumerate(containers):
        if c.init:
            continue
        for port in dict.fromkeys(p.container_port for p in c.ports):
            out.setdefault(port, []).append(i)
    return out
