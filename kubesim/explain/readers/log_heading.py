"""The container a heading of its log names, given to the record's one pod's one container
of no name (the corpus README's container rules; held-out batch 138: imroc-learning-istio-20).

`wk-sys-acl-v1-0-5-7cf7f79d6c-d9qcr 0/2 Init:CrashLoopBackOff 283 64d ...  查得 istio-init 的日志:`
and the log on the next line: a `get pods` row of the pod in Init:CrashLoopBackOff (an init
container in back-off, R4.9; its RESTARTS the init containers' sum while the pod
initializes), then the author's heading of a container's log (`X 的日志:`, X's log; `logs of
X:`, `X logs:`, `X's logs:`) with the log after it. The row names no container; the heading
names the container whose log the author took from that pod: while the pod initializes its
app containers have not started (the kubelet starts them only once every plain init
container has completed: kuberuntime's computeInitContainerActions), so the log is an init
container's, and the row's init containers
are the one record the heading names. Beside a row of a pod of one container (READY x/1) the
log is that container's.

Left as they were: a heading that is a question or no heading (its colon not ending the line,
no line after it), a record of several pods, a row of several app containers (READY x/2: which
one the log is, the row does not say), a container the record names already, and a heading
naming no container's name (`the logs:`, `日志:`, `Error in log :`: a word alone, not dashed
nor in a code span, is the page's own word).

Each heading is looked for in the last 200 characters of its line only (it ends the line).
"""

from __future__ import annotations

import re

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where

__all__ = ["give_log_container"]

# a container's name in a code span, or dashed (`istio-init`): a word alone is the page's own
# (`Error in log:`, `Pod logs:`, `Application logs:`), no name of the record's
_NAME = (r"(?:`(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)`"
         r"|(?P<dashed>[a-z0-9]{1,30}(?:-[a-z0-9]{1,30}){1,6}))")
_END = r"[ \t]*[:\uff1a][ \t]*$"
# (Chinese: `X 的日志:`, `X 容器的日志:`; English: `logs of X:`, `logs from the X container:`,
# `X logs:`, `X's logs:`, `X container logs:`)
_HEADING = lazy_regex(
    r"(?:(?<![\w.-])" + _NAME + r"[ \t]*(?:\u5bb9\u5668)?[ \t]*\u7684[ \t]*(?:\u65e5\u5fd7|\u65e5\u8a8c)"
    r"|(?<![\w-])(?i:logs?|output)[ \t]+(?i:of|from)[ \t]+(?:(?i:the)[ \t]+)?(?:(?i:container)[ \t]+)?"
    + _NAME.replace("name>", "name2>").replace("dashed>", "dashed2>")
    + r"(?:[ \t]+(?i:container))?"
    r"|(?<![\w.-])" + _NAME.replace("name>", "name3>").replace("dashed>", "dashed3>") + r"(?:['\u2019]s)?[ \t]+(?:(?i:container)[ \t]+)?"
    r"(?i:logs?))" + _END)
_REACH = 200  # (the heading ends its line: looked for in its tail only)


def _heading(line: str) -> str | None:
    """The container the line's closing heading names as its log's (`_HEADING`), else
    None."""
    m = _HEADING.search(line, max(0, len(line) - _REACH))
    if m is None:
        return None
    return next(n for n in (m["name"], m["dashed"], m["name2"], m["dashed2"], m["name3"],
                            m["dashed3"]) if n)


def _one_unnamed(found: RecordSet) -> tuple[PodRecord, ContainerRecord] | None:
    """The record's one named pod and its one record of a container of no name, standing
    for one container or for its init containers (an Init: status's); None otherwise."""
    named = [p for p in found.pods if p.name is not None]
    if len({p.name for p in named}) != 1 or len(named) != 1 or \
            len(named[0].containers) != 1:
        return None
    c = named[0].containers[0]
    if c.name is not None or (c.containers != 1 and not c.init):
        return None
    return named[0], c


def give_log_container(found: RecordSet, text: str) -> None:
    """The container a heading of its log names (`_heading`, a line after it holding the
    log), given to the record's one pod's one container of no name (`_one_unnamed`); said."""
    one = _one_unnamed(found)
    low = text.lower()  # (the heading's words looked for first: one pass of the pattern)
    if one is None or ("\u7684" not in text and "log" not in low and "output" not in low):
        return
    pod, container = one
    lines = text.split("\n")
    for number, line in enumerate(lines[:-1], 1):
        name = _heading(line) if line.rstrip().endswith((":", "\uff1a")) else None
        if name is None or not lines[number].strip() or re.search(r"[?\uff1f]", line[-_REACH:]):
            continue
        container.name = name
        found.notes.append(Note(
            f"line {number}: the author's heading of a container's log names {name}: read as "
            f"the name of {pod.name}'s container the record shows without one"
            + (" (its init containers, the pod initializing: the log is an init container's,"
               " its app containers not started)" if container.init else ""),
            Where(found.source, number)))
        return
