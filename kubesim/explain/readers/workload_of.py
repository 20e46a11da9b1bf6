"""`--pod X` naming no pod of the record, read as a workload's name (marked53a).

A user asked about a StatefulSet, Deployment, DaemonSet or Job passes its name where a pod's is
wanted (pulsar-helm-chart-501: `--pod pulsar-broker`, the StatefulSet `kubectl scale
statefulsets pulsar-broker` scaled). Where no pod of the record has that name, the pods a
controller of that name creates are X's (`is_workload_pod`: the names the controllers give
their pods), and where the record shows none of them but its prose speaks of X's pods with no
pod's name (`the X pods`, `statefulset X`, `deployment X`: `spoken_workloads`), the record's
one nameless pod (the prose's) is X's. The output says so. Neither: the pods are not the
record's, and `--pod`'s error stays.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import PodRecord
from kubesim.explain.readers.workload_pods import workload_named, workload_pods

__all__ = ["WorkloadPods", "is_workload_pod", "spoken_workloads", "workload_pods_of"]

# the characters of a generated suffix: the apiserver's names (`generateName`) and a
# ReplicaSet's pod-template-hash take them from rand.SafeEncodeString's alphabet, with no
# vowels (so no word of a name reads as one); a hash of before Kubernetes 1.8 was all digits
_SAFE = "[bcdfghjklmnpqrstvwxz0-9]"
# after the workload's name and a dash: a StatefulSet's ordinal (`web-0`), a Deployment's
# ReplicaSet hash and the pod's suffix (`web-7d9f8c6b5-x2k4p`), a DaemonSet's or Job's
# suffix (`web-x2k4p`)
_SUFFIX = re.compile(r"-(?:(?:0|[1-9][0-9]{0,8})|" + _SAFE + r"{1,10}-" + _SAFE + r"{5}|"
                     + _SAFE + r"{5})")
# a workload named by its kind, in a command or the prose: `statefulset X`, `kubectl scale
# statefulsets for X`, `deployment.apps/X`, `sts/X`, `the X statefulset`
_KIND = r"(?i:statefulsets?|deployments?|daemonsets?|jobs?|sts|deploy)(?i:\.apps|\.batch)?"
_MARK = r"(?:\*\*|__|[`'\"\u201c\u201d*])?"
_NAME = r"[a-z0-9]{1,63}(?:-[a-z0-9]{1,63}){0,10}"
_NAMED = lazy_regex(r"(?<![\w./-])" + _KIND + r"(?:/|[ \t]+(?:(?i:for|of|named)[ \t]+)?)"
                    + _MARK + r"(?P<name>" + _NAME + r")" + _MARK + r"(?![\w.-])")
_NAMED_BEFORE = lazy_regex(r"(?<![\w./-])" + _MARK + r"(?P<name>" + _NAME + r")" + _MARK
                           + r"[ \t]+" + _KIND + r"(?![\w.-])")
_PODS = lazy_regex(workload_pods("workload"))


class WorkloadPods(NamedTuple):
    """The pods `--pod X` reads as workload X's, and the sentence the output says it in."""

    pods: list[PodRecord]
    said: str


def is_workload_pod(pod_name: str, workload: str) -> bool:
    """Whether `pod_name` is a name a controller named `workload` gives its pod (a
    StatefulSet's `X-<ordinal>`, a Deployment's `X-<hash>-<suffix>`, a DaemonSet's or Job's
    `X-<suffix>`): X at the name's start, then one of those suffixes to the name's end, so
    `pulsar-b` is no workload of pulsar-bookie-0, nor `web` of `web-api-7d9f8-x2k4p`."""
    return (pod_name.startswith(workload)
            and _SUFFIX.fullmatch(pod_name, len(workload)) is not None)


def spoken_workloads(text: str) -> tuple[str, ...]:
    """The workloads whose pods the record's prose speaks of by the workload's name (`the X
    pods`, `pods of X`, `statefulset X`, `deployment X`), in order, each once."""
    names = [m["name"] for p in (_NAMED, _NAMED_BEFORE) for m in p.finditer(text)]
    names += [n for m in _PODS.finditer(text) if (n := workload_named(m, "workload"))]
    return tuple(dict.fromkeys(names))


def workload_pods_of(pods: list[PodRecord], name: str, texts: list[str]
                     ) -> WorkloadPods | None:
    """The pods of the record `--pod name` reads as workload `name`'s, where no pod has that
    name: the pods named as its controller names them, else the one nameless pod where the
    prose (`texts`, the records' plain text) speaks of the workload's pods; None where
    neither (the module's rule)."""
    namespace, _, bare = name.rpartition("/")
    own = [p for p in pods if not namespace or p.namespace in (namespace, None)]
    if not bare or any(p.name == bare for p in own):
        return None
    named = [p for p in own if p.name is not None and is_workload_pod(p.name, bare)]
    head = f"no pod named {bare!r} in the record; reading {bare} as the workload "
    if named:
        return WorkloadPods(named, head + "whose pods are " + ", ".join(
            str(p.name) for p in named[:5]) + (", ..." if len(named) > 5 else ""))
    nameless = [p for p in own if p.name is None]
    if len(nameless) == 1 and any(bare in spoken_workloads(t) for t in texts if bare in t):
        return WorkloadPods(nameless, head + "whose pods the record's prose speaks of "
                            "without a pod's name: the pod the record does not name is its")
    return None
