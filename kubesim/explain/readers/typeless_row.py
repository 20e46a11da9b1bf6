"""A `kubectl describe` event row (the `Type  Reason  Age  From  Message` table, 1.10 on)
pasted without its Type cell and without the table's header, maybe without more of its cells
(a selection begun at a later column, a From cell left out): its cells are then those of
REASON, AGE, FROM and MESSAGE it keeps, in the order describe prints them (describe.go,
`DescribeEvents`):

    Unhealthy  4m34s (x6698 over 18h)  kubelet  Startup probe failed: dial tcp ...: i/o timeout
    4m34s (x6698 over 18h)  kubelet  Startup probe failed: dial tcp ...: i/o timeout
    Unhealthy  4m34s (x6698 over 18h)  Startup probe failed: dial tcp ...: i/o timeout

Read only with every cell in its shape and an AGE or a FROM cell among them (a REASON and a
MESSAGE alone are `event_layouts.headerless_cells`'): a reason the kubelet writes, describe's
age (with its `(xN over M)` where it prints one), the kubelet as FROM (`kubelet`; `kubelet,
NODE` up to 1.13), and a message whose words are the kubelet's for that very reason
(`bare_reason`: prober.go's `Startup probe failed:` for Unhealthy, kuberuntime's `Back-off
restarting failed container` for BackOff, ...), which give the reason where its cell is not
kept; the cells parted as kubectl's tabwriter parts them (two spaces or more, or tabs). The
row's Type is the one the kubelet gives that reason (a probe's failure, a back-off and a failed
sync are Warnings, R4.7). A row without its header is a piece of the pod's events (the README's
rule of rows pasted without their table's header: `no_header`).

Unread: a sentence (its words one space apart), another component's row, a message that is
not that reason's kubelet words, and a row inside a sentence: a code span closed on the row's
line with the author's words around it (`` `Unhealthy ...` is this normal? ``), a question
(the line ending in `?`). The row in a code span opened and closed on lines of their own (a
lone backtick above and below it) is the row alone.
"""

from __future__ import annotations

from kubesim.explain.readers.event_layouts import KUBELET_REASONS, Cells, bare_reason, event_type
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.times import AGE_PATTERN

__all__ = ["typeless_cells"]

_GAP = r"(?:\t+|[ \t]{2,})"  # kubectl's tabwriter: the padding between two cells
# each cell but the message optional (which are kept is checked after the match): each
# optional cell is tried once, the message's `.*` last, one pass over the line
_ROW = lazy_regex(
    r"^[ \t]*+(?:(?P<reason>[A-Z][A-Za-z]{1,40})" + _GAP + r")?"
    + r"(?:(?P<age>" + AGE_PATTERN + r"(?: \(x\d{1,11} over " + AGE_PATTERN + r"\))?)" + _GAP + r")?"
    + r"(?:(?P<source>kubelet(?:, [\w.-]{1,253})?)" + _GAP + r")?"
    + r"(?P<message>\S.*)$")


def typeless_cells(line: str) -> Cells | None:
    """The cells of a Type-less, header-less describe row (see the module's docstring); None
    for any other line."""
    if "`" in line or line.rstrip().endswith("?"):
        return None
    m = _ROW.match(line)
    if m is None or m["age"] is None and m["source"] is None:
        return None
    message = m["message"].strip()
    said = bare_reason(message)
    if said is None or m["reason"] not in (None, said.value) or said.value not in KUBELET_REASONS:
        return None
    return Cells(said.value, message, event_type(said), last=m["age"], source=m["source"])
