"""Which behaviour key answers each probe of a pod: scoped keys, and short keys when unique.

A scenario or trace names a probe's target by its short key (`/healthz`, `tcp:5432`,
`exec:cat /tmp/ok`, `grpc:9090`) or by its scoped key, which adds the container and, for
network handlers, the port (`web:8080/healthz`, `tcp:db:5432`, `exec:web:cat /tmp/ok`,
`grpc:web:9090`). The scoped key wins; a short key is accepted only when it stands for one
target in the pod (the same container and port), since two containers of a pod serving
`/healthz` on different ports are different endpoints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import TYPE_CHECKING

from kubesim.errors import BehaviourError

if TYPE_CHECKING:
    from kubesim.results import ProbeType
    from kubesim.spec.model import ProbedContainer, Target

__all__ = ["resolve_targets"]


def resolve_targets(pod: ProbedContainer, keys: Collection[str], *,
                    source: str = "<memory>") -> list[dict[ProbeType, Target]]:
    """Per container (pod order), each probe's target with `key` set to the behaviour key it
    is answered by. A short key in `keys` that stands for several targets is an error that
    lists their scoped keys. A target not in `keys` keeps its short key if that is unique in
    the pod (a single-container pod always), else takes its scoped key."""
    plain = [{t: c.target(t) for t in c.probes()} for c in pod.containers]
    scoped_of: dict[str, set[str]] = {}
    for targets in plain:
        for tgt in targets.values():
            scoped_of.setdefault(tgt.key, set()).add(tgt.scoped)
    out = []
    for targets in plain:
        resolved = {}
        for t, tgt in targets.items():
            unique = len(scoped_of[tgt.key]) == 1
            if tgt.scoped in keys:
                key = tgt.scoped
            elif tgt.key in keys and not unique:
                candidates = ", ".join(sorted(scoped_of[tgt.key]))
                raise BehaviourError(
                    f'target "{tgt.key}" is ambiguous in {pod.object_kind}/{pod.object_name}: '
                    f"it stands for {candidates}; key the behaviour by one of these",
                    source=source)
            else:
                key = tgt.key if unique else tgt.scoped
            resolved[t] = tgt if key == tgt.key else dataclasses.replace(tgt, key=key)
        out.append(resolved)
    return out
