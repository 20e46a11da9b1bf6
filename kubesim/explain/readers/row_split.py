"""A `kubectl get pods` row whose line ends after its STATUS cell: NAME, READY and STATUS,
then nothing (`web-86c5578b75-v884m 0/1 CrashLoopBackOff `), where a page broke the row
(markdown ran a screenshot's tag into it and put its RESTARTS and AGE on a later line) or a
paste ended there.

What it states is what its cells before RESTARTS state (printPod: the pod's name, its ready
and total containers, its STATUS); its RESTARTS is not on the line, so it shows no count (the
corpus README's counting rules: a row cut before or inside its RESTARTS shows none,
fixcounts43, fixwatch47). Read as a row cut in its RESTARTS is (`PodRow.restarts_cut`). No rule
joins a later line to it (`5 7m` after a screenshot): that line is not read, and said so.

Only a STATUS kubectl prints for a pod (`STATUSES`) ends such a row: a line cut inside its
STATUS (`web-0 0/1 CrashLoo`) is the watch's cut row (watch_cut.py) or no row.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.model import Where
from kubesim.explain.readers.names import NAME_CELL, NAMESPACE_CELL
from kubesim.explain.readers.pods_table import POD_KIND, PodRow

__all__ = ["STATUSES", "row_before_restarts"]

# the STATUS printPod writes: the pod's phase, `Terminating`, a container's waiting or
# terminated reason, `Init:` and an init container's reason or `Init:i/n`
STATUSES = ("Running", "Pending", "Succeeded", "Failed", "Unknown", "Terminating",
            "Completed", "Evicted", "CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull",
            "ContainerCreating", "PodInitializing", "CreateContainerConfigError",
            "RunContainerError", "OOMKilled", "Error", "ContainerCannotRun", "StartError")
_STATUS = rf"(?:Init:)?(?:{'|'.join(STATUSES)})|Init:\d{{1,4}}/\d{{1,4}}"
# bounded runs only: one match over a line of any length is linear
_ROW_BEFORE_RESTARTS = re.compile(
    rf"^[ \t]{{0,64}}(?:(?P<ns>{NAMESPACE_CELL})[ \t]{{1,64}})?(?:{POD_KIND})?(?P<name>{NAME_CELL})"
    rf"[ \t]{{1,64}}(?P<ready>\d{{1,4}})/(?P<total>\d{{1,4}})[ \t]{{1,64}}(?P<status>{_STATUS})"
    r"[ \t]*$")


def row_before_restarts(line: str, source: str, number: int) -> PodRow | None:
    """The row `line` is, its line ending after STATUS (see the module), read with no count
    (`restarts_cut`); None for any other line."""
    m = _ROW_BEFORE_RESTARTS.match(line)
    if m is None or int(m["total"]) == 0 or int(m["ready"]) > int(m["total"]):
        return None
    return PodRow(m["name"], m["ns"], int(m["total"]), m["status"], 0, Where(source, number),
                  int(m["ready"]), restarts_cut=True, ends_before_restarts=True)
