"""`kubectl get pods` as kubectl printed it in 2015 (0.14 to 1.0, pkg/kubectl/resource_printer.go
`printPod`): a header `POD  IP  CONTAINER(S)  IMAGE(S)  HOST  LABELS  STATUS  CREATED  MESSAGE`,
a row for the pod (its name at column 0), then one indented row per container: its name,
image, state (Running, Waiting, Terminated), how long it has been in that state, and the
message `last termination: exit code N` when an earlier container of it ended.

The layout gives no restart count: a `last termination` says that a container ended at least
once before the one shown, not how many times.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    ContainerRecord,
    PodRecord,
    Terminated,
    Where,
)
from kubesim.explain.readers.names import LABEL, SUBDOMAIN

__all__ = ["OldPodsTable"]

_HEADER = re.compile(
    r"^\s*POD\s+IP\s+CONTAINER\(S\)\s+IMAGE\(S\)\s+HOST\s+LABELS\s+STATUS\s+CREATED\b")
_POD = lazy_regex(rf"^(?P<name>{SUBDOMAIN})(?:\s{{2,}}\S.*)?$")
_CONTAINER = lazy_regex(
    rf"^[ \t]+(?P<name>{LABEL})\s{{2,}}\S+\s{{2,}}"
    r"(?P<state>Running|Waiting|Terminated)\s{2,}\d{1,9} (?:second|minute|hour|day)s?"
    r"(?:\s{2,}last termination: exit code (?P<code>\d{1,3}))?\s*$")
_STATES = {"Running": "running", "Waiting": "waiting", "Terminated": "terminated"}


class OldPodsTable:
    """The pods of 2015 `kubectl get pods` tables, read a line at a time after a header."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.open = False  # a header was read and no other line came since
        self.pods: list[PodRecord] = []

    def take(self, text: str, number: int) -> bool:
        """Whether `text` is this table's (its header, a pod's row or a container's row)."""
        if _HEADER.match(text):
            self.open = True
            return True
        if not self.open:
            return False
        where = Where(self.source, number)
        container = _CONTAINER.match(text)
        if container is not None and self.pods:
            self.pods[-1].containers.append(_container(container, where))
            return True
        pod = _POD.match(text)
        if pod is not None:
            self.pods.append(PodRecord(pod["name"], where, formats=["pods-table"]))
            return True
        self.open = False
        return False


def _container(m: re.Match[str], where: Where) -> ContainerRecord:
    c = ContainerRecord(m["name"], where, state=_STATES[m["state"]])
    if m["code"] is not None:  # an earlier container ended: its exit code, nothing else
        c.last = Terminated(None, int(m["code"]), UNKNOWN_STAMP, UNKNOWN_STAMP, where=where)
    return c
