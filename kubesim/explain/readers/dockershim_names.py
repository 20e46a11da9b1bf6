"""The names dockershim gives the containers it runs, in `docker ps` rows.

pkg/kubelet/dockershim/naming.go (`makeContainerName`) names a pod's container
`k8s_<container>_<pod>_<namespace>_<uid>_<attempt>`, the attempt being the container's
restart count when the kubelet created it (`ContainerMetadata.Attempt`), and the sandbox
`k8s_POD_<pod>_<namespace>_<uid>_<attempt>`. A row `Up ...` of such a name is the running
instance: the container restarted `attempt` times, one end before each (R4.7), so its
restart count is that attempt as describe's `Restart Count` would print it.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["dockershim_running"]

# `k8s_<container>_<pod>_<namespace>_<uid>_<attempt>` (DNS-1123 names, a UID of 36
# characters); `Up 4 hours` before it in the row: docker's STATUS of a running container
_NAME = re.compile(r"(?<![\w-])k8s_(?P<container>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)_"
                   r"(?P<pod>[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?)_"
                   r"(?P<namespace>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)_"
                   r"(?P<uid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_"
                   r"(?P<attempt>\d{1,9})[ \t]*$")
_UP = re.compile(r"[ \t]Up[ \t]+(?:\d{1,9}|About|Less)[ \t]")


def dockershim_running(found: RecordSet, lines: list[PasteLine], source: str) -> None:
    """Each `docker ps` row of a running container that dockershim named (not the sandbox,
    `k8s_POD_...`): a pod of that name and namespace whose container of that name is running
    with that restart count (its attempt), added to the record with a note."""
    pods: list[PodRecord] = []
    for x in lines:
        if x.kind is not LineKind.CONTENT or "k8s_" not in x.text:
            continue
        m = _NAME.search(x.text)
        if m is None or m["container"] == "POD" or _UP.search(x.text, 0, m.start()) is None:
            continue
        where = Where(source, x.number)
        c = ContainerRecord(m["container"], where, state="running",
                            restart_count=int(m["attempt"]), restart_where=where)
        pods.append(PodRecord(m["pod"], where, namespace=m["namespace"], containers=[c],
                              formats=["docker-ps"]))
        found.notes.append(Note(
            f"line {x.number}: docker's container {m[0][:120]} is dockershim's name of "
            f"container {m['container']} of pod {m['pod']}, running in its attempt "
            f"{m['attempt']}: read as restart count {m['attempt']} (naming.go)", where))
    found.pods.extend(pods)
