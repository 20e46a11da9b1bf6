"""Held-out batch 104 (fix104): a describe event row pasted without its Type cell and without
the table's header, `REASON  AGE  FROM  MESSAGE` (or fewer of those cells), in an inline code span whose backticks stand
on lines of their own (pod-gateway-19: `Unhealthy  4m34s (x6698 over 18h)  kubelet  Startup
probe failed: dial tcp ...: i/o timeout`), read as that row where every cell is in describe's
shape and the message is the kubelet's words for the reason (readers/typeless_row.py; README,
rows pasted without their table's header).

Hand-written variants beside it that stay unread: the cells one space apart (a sentence),
another component's row, a message that is not the reason's kubelet words, a question, a row
inside a sentence's code span, and a Killing row naming another container (its own)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.typeless_row import typeless_cells

_BIG = 2 * 1024 * 1024  # a 2 MB line: every reader stays one pass over it

_SPAN = """\
**What happened:**

After the upgrade the probe stopped working with the following error:

`
{row}
`

I've set a very high threshold before the pod is killed.
"""


_OPEN = CountRange(0, None)


@pytest.mark.parametrize(("row", "probe", "cause", "kills"), [
    # pod-gateway-19's shape, with another address and counts
    ("Unhealthy  7m12s (x4120 over 12h)  kubelet  Startup probe failed: dial tcp "
     "10.42.3.17:8989: i/o timeout", "startup", Cause.CANNOT_TELL, _OPEN),
    # kubectl up to 1.13's From (`kubelet, NODE`), an indent, tabs between cells
    ("  Unhealthy\t3m (x40 over 1h)\tkubelet, worker-2\tLiveness probe failed: Get "
     "\"http://10.1.2.3:8080/healthz\": context deadline exceeded", "liveness", Cause.CANNOT_TELL,
     _OPEN),
    # readiness failures with no end shown (README: readiness-only, {0, 0}; R3.4)
    ("Unhealthy     2m10s (x12 over 9m)    kubelet    Readiness probe failed: HTTP probe "
     "failed with statuscode: 503", "readiness", Cause.READINESS_ONLY, CountRange(0, 0)),
    # fewer cells still: the selection begun at Age or at From, the From cell left out
    ("7m12s (x4120 over 12h)  kubelet  Startup probe failed: dial tcp 10.42.3.17:8989: i/o "
     "timeout", "startup", Cause.CANNOT_TELL, _OPEN),
    ("kubelet, worker-2    Liveness probe failed: HTTP probe failed with statuscode: 500",
     "liveness", Cause.CANNOT_TELL, _OPEN),
    ("Unhealthy  7m12s (x4120 over 12h)  Startup probe failed: dial tcp 10.42.3.17:8989: i/o "
     "timeout", "startup", Cause.CANNOT_TELL, _OPEN)])
def test_a_typeless_row_in_a_code_span_of_its_own_lines_is_read(
        row: str, probe: str, cause: Cause, kills: CountRange) -> None:
    """pod-gateway-19 (batch 104): exit 2, not a record explain reads. The row is describe's
    without its Type cell: its probe's failures shown; no kill, restart count or threshold, a
    piece of the events (no header): a liveness or startup failure leaves cannot-tell, {0,
    null}."""
    a = explained_answer(_SPAN.format(row=row))
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == (cause, (probe,), kills, True)


def test_the_typeless_rows_cells_are_describes() -> None:
    """The count and its first age are describe's `(xN over M)`; the Type is the kubelet's for
    the reason (a probe's failure is a Warning, R4.7), the From the kubelet."""
    cells = typeless_cells("Unhealthy  4m34s (x6698 over 18h)  kubelet  Startup probe failed: "
                           "dial tcp 10.0.0.9:7878: i/o timeout")
    assert cells is not None
    assert (cells.reason, cells.type, cells.last, cells.source) == (
        "Unhealthy", "Warning", "4m34s (x6698 over 18h)", "kubelet")
    # the Reason cell not kept: the message's words give it
    cells = typeless_cells("3m (x5 over 4m)  kubelet, node-a  Back-off restarting failed "
                           "container web in pod web-0")
    assert cells is not None
    assert (cells.reason, cells.type, cells.last, cells.source) == (
        "BackOff", "Warning", "3m (x5 over 4m)", "kubelet, node-a")
    killing = typeless_cells("Killing  2m  kubelet  Container app failed liveness probe, will "
                             "be restarted")
    assert killing is not None and killing.type == "Normal"


def test_a_typeless_killing_row_is_its_named_containers() -> None:
    """A Killing row names the container it kills: the kill is that container's (sidecar),
    no other's."""
    a = explained_answer(_SPAN.format(
        row="Killing  2m  kubelet  Container sidecar failed liveness probe, will be restarted"),
        container="sidecar")
    assert (a.cause, a.probe_kills) == (Cause.LIVENESS_KILL, CountRange(1, None))
    with pytest.raises(Exception, match="no such container"):
        explained_answer(_SPAN.format(
            row="Killing  2m  kubelet  Container sidecar failed liveness probe, will be "
                "restarted"), container="app")


@pytest.mark.parametrize("line", [
    # a sentence's one spaces
    "Unhealthy 4m34s (x6698 over 18h) kubelet Startup probe failed: dial tcp 1.2.3.4:80: i/o "
    "timeout",
    # another component's row
    "Unhealthy  4m34s  kubectl  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    "default-scheduler  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    # neither an age nor a From: a reason and a message alone (event_layouts' shape)
    "Unhealthy  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    # a message that is not the reason's kubelet words
    "Unhealthy  4m34s  kubelet  the app answered slowly",
    "4m34s (x3 over 9m)  kubelet  the app answered slowly",
    "BackOff  4m34s  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    # a reason the kubelet does not write, no age of describe's
    "Unreachable  4m34s  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    "Unhealthy  recently  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout",
    # a question; a code span closed on the line, the author's words after it
    "Unhealthy  4m34s  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout?",
    "Unhealthy  4m34s  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout` is "
    "this normal",
    "I see `Unhealthy  4m34s  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout`"])
def test_other_lines_are_no_typeless_row(line: str) -> None:
    assert typeless_cells(line) is None


@pytest.mark.parametrize("text", [
    # a question quoting the row in a sentence's code span
    "Why do I get `Unhealthy  4m  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o "
    "timeout` on my pod?\n",
    # the row asked about on its own line
    "Is this normal?\n\nUnhealthy  4m  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o "
    "timeout?\n",
    # a guide's example inside its sentence
    "For example, `Unhealthy  4m  kubelet  Liveness probe failed: HTTP probe failed with "
    "statuscode: 500` means the endpoint answered an error.\n"])
def test_a_typeless_row_in_a_question_or_a_guides_sentence_stays_unread(text: str) -> None:
    """The negative side: the record holds nothing else, so it is refused (the row read as
    the case's, pod-gateway-19's shape, above)."""
    with pytest.raises(RecordError):
        parse_record(text, "r.txt")
    assert explained_answer(_SPAN.format(
        row="Unhealthy  4m  kubelet  Startup probe failed: dial tcp 1.2.3.4:80: i/o timeout"
    )).shows_failures


def test_a_typeless_row_on_a_2mb_line_stays_linear() -> None:
    assert typeless_cells("Unhealthy" + " " * _BIG + "x kubelet") is None
    assert typeless_cells("Unhealthy  4m" + " " * _BIG + "kubelet") is None
    assert typeless_cells("Unhealthy  4m  kubelet" + "  4m" * (_BIG // 4)) is None
    cells = typeless_cells("Unhealthy  4m  kubelet  Startup probe failed: " + "m" * _BIG)
    assert cells is not None and cells.reason == "Unhealthy"
    read_in_one_pass("Unhealthy  4m  kubelet" + "  kubelet" * (_BIG // 9) + "\n")
