"""The names dockershim gives the containers it runs, in `docker ps` rows.

pkg/kubelet/dockershim/naming.go (`makeContainerName`) names a pod's container
`k8s_<container>_<pod>_<namespace>_<uid>_<attempt>`, the attempt being the container's
restart count when the kubelet created it (`ContainerMetadata.Attempt`), and the sandbox
`k8s_POD_<pod>_<namespace>_<uid>_<attempt>`. A row `Up ...` of such a name is the running
instance: the container restarted `attempt` times, one end before each (R4.7), so its
restart count is that attempt as describe's `Restart Count` would print it.

The kubelet runs one instance of a container at a time: it starts one again only after the
last one exited or was killed (kuberuntime's computePodActions, R4.7). Rows of several running
instances of one pod's container are instances it no longer tracks (left running when it lost
them), so none is known to be the one the pod's status counts: their attempts, each the
restart count when that instance was created, state no count now, and the rows give the
container, running or not, and no count (follow-me-install-kubernetes-cluster-488's `_30` and
`_29`, both `Up 16 hours`, beside the pod's `CrashLoopBackOff 302`).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["dockershim_running"]

# `k8s_<container>_<pod>_<namespace>_<uid>_<attempt>` (DNS-1123 names, a UID of 36
# characters); `Up 4 hours` before it in the row: docker's STATUS of a running container
_NAME = lazy_regex(r"(?<![\w-])k8s_(?P<container>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)_"
                   r"(?P<pod>[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?)_"
                   r"(?P<namespace>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)_"
                   r"(?P<uid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_"
                   r"(?P<attempt>\d{1,9})[ \t]*$")
_UP = lazy_regex(r"[ \t]Up[ \t]+(?:\d{1,9}|About|Less)[ \t]")


class _Running(NamedTuple):
    """A `docker ps` row of a running container dockershim named: its name's parts, where."""

    container: str
    pod: str
    namespace: str
    attempt: int
    name: str
    where: Where


def dockershim_running(found: RecordSet, lines: list[PasteLine], source: str) -> None:
    """Each `docker ps` row of a running container that dockershim named (not the sandbox,
    `k8s_POD_...`): a pod of that name and namespace whose container of that name is running
    with that restart count (its attempt), added to the record with a note; rows of several
    running instances of one container give it no count (`_instances`)."""
    rows = [r for x in lines if (r := _running(x, source)) is not None]
    groups: dict[tuple[str, str, str], list[_Running]] = {}
    for r in rows:
        groups.setdefault((r.namespace, r.pod, r.container), []).append(r)
    for each in groups.values():
        if len(each) > 1:
            found.pods.append(_instances(found, each))
            continue
        [r] = each
        c = ContainerRecord(r.container, r.where, state="running", restart_count=r.attempt,
                            restart_where=r.where)
        found.pods.append(PodRecord(r.pod, r.where, namespace=r.namespace, containers=[c],
                                    formats=["docker-ps"]))
        found.notes.append(Note(
            f"line {r.where.line}: docker's container {r.name} is dockershim's name of "
            f"container {r.container} of pod {r.pod}, running in its attempt {r.attempt}: read "
            f"as restart count {r.attempt} (naming.go)", r.where))


def _running(x: PasteLine, source: str) -> _Running | None:
    """The `docker ps` row `x` is, of a running container dockershim named, or None."""
    if x.kind is not LineKind.CONTENT or "k8s_" not in x.text:
        return None
    m = _NAME.search(x.text)
    if m is None or m["container"] == "POD" or _UP.search(x.text, 0, m.start()) is None:
        return None
    return _Running(m["container"], m["pod"], m["namespace"], int(m["attempt"]), m[0][:120],
                    Where(source, x.number))


def _instances(found: RecordSet, each: list[_Running]) -> PodRecord:
    """Several running instances of one pod's container: the kubelet runs one at a time
    (R4.7), so these are instances it no longer tracks, and their attempts (the restart count
    when each was created) are no count of the pod's status: the container, without its
    state or count, and a note on each row saying why."""
    first = each[0]
    attempts = ", ".join(str(r.attempt) for r in each)
    for r in each:
        found.notes.append(Note(
            f"line {r.where.line}: docker's container {r.name} is dockershim's name of "
            f"container {r.container} of pod {r.pod}, one of {len(each)} running instances of "
            f"it (attempts {attempts}): the kubelet runs one instance of a container at a "
            "time (R4.7), so these are instances it no longer tracks, and their attempts (the "
            "restart count when each was created) are no count of the pod's status: not read "
            "as its restart count (naming.go)", r.where))
    c = ContainerRecord(first.container, first.where)
    return PodRecord(first.pod, first.where, namespace=first.namespace, containers=[c],
                     formats=["docker-ps"])
