"""fixevict57 (issue 30, held-out batches 57 and 58): describe's pod-level eviction.

1. A describe's pod header with `Status: Failed`, `Reason: Evicted` and its `Message:`
   (kubeplus-1389, neuvector-docs-272): kubectl describe prints the pod's status.reason and
   status.message at the pod's own indentation after `Status:`; read as the YAML's
   `status.reason` / `status.message` are (fixobj43), so the eviction ends the pod's containers
   as its Evicted event says (kubernetes-41347): cannot-tell, no probe kill. A `Reason:` inside a
   container's state, a fragment naming no pod, a guide's sentence are not the pod's.
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record


def _answers(text: str) -> list[tuple[str | None, Cause, CountRange]]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    return [(c.name, c.answer.cause, c.answer.probe_kills) for c in ex.containers
            if c.answer is not None]


def _reasons(text: str) -> list[tuple[str | None, str | None, str | None]]:
    """The pods read: (name, status reason, status message); none where refused."""
    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return []
    return [(p.name, p.status_reason, p.status_message) for p in record.pods]


_HEADER = """Name:             web-7f9c-abcde
Namespace:        default
Priority:         0
Node:             node-1/10.0.0.5
Start Time:       Wed, 22 Jan 2025 03:51:29 +0000
Labels:           app=web
Status:           Failed
Reason:           Evicted
Message:          The node was low on resource: memory.
"""

_CONTAINER = """Containers:
  web:
    Container ID:   containerd://0123
    Image:          nginx:1.25
    State:          Terminated
      Reason:       ContainerStatusUnknown
"""


@pytest.mark.parametrize("text", [
    _HEADER,
    _HEADER + "IP:               10.1.2.3\n" + _CONTAINER.split("    State")[0],
    "$ kubectl describe pod web-7f9c-abcde\n" + _HEADER,
    "```\n" + "".join("\t  " + line + "\n" for line in _HEADER.splitlines()) + "```\n",
])
def test_a_describes_pod_reason_evicted_is_the_pods_status(text):
    """The pod's Reason and Message read as its status's: the eviction is the end (was:
    no failure shown, no upper bound on probe kills)."""
    assert _reasons(text) == [("web-7f9c-abcde", "Evicted",
                               "The node was low on resource: memory.")]
    assert [a[1:] for a in _answers(text)] == [(Cause.CANNOT_TELL, CountRange(0, 0))]


@pytest.mark.parametrize("text", [
    # a container state's reason is the container's, never the pod's
    _HEADER.replace("Reason:           Evicted\nMessage:          The node was low on "
                    "resource: memory.\n", "") + _CONTAINER,
    # a running pod: no reason printed
    _HEADER.replace("Failed", "Running").replace(
        "Reason:           Evicted\nMessage:          The node was low on resource: memory.\n",
        ""),
])
def test_a_reason_that_is_not_the_pods_is_not_its_status(text):
    assert [r[1] for r in _reasons(text)] in ([None], [])


def test_a_reason_nested_under_a_section_is_not_the_pods():
    """`Reason:` indented under Conditions or a container is not the pod's header."""
    text = _HEADER.replace("Reason:           Evicted\n", "").replace(
        "Message:          The node was low on resource: memory.\n", "") + \
        "Conditions:\n  Type  Status\n  Ready False\n  Reason:  Evicted\n"
    assert [r[1] for r in _reasons(text)] in ([None], [])


@pytest.mark.parametrize("text", [
    # a guide's list of a pod's reasons, no describe around it
    "A pod can fail with:\n- Reason: Evicted\n- Reason: NodeLost\n",
    # a question naming the reason, no pod
    "Why would a pod show Reason: Evicted?\n",
])
def test_a_reason_of_no_pod_is_not_an_eviction(text):
    assert all(r[0] is None or r[1] != "Evicted" for r in _reasons(text))


@pytest.mark.parametrize("text", [
    _HEADER.replace("The node was low on resource: memory.", "x" * 2_000_000),
    _HEADER.replace("Evicted", "E" * 2_000_000),
    _HEADER.replace("Reason:           Evicted", "Reason:" + " " * 2_000_000 + "Evicted"),
])
def test_the_rule_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB of a pod's message, reason or spaces: one pass."""
    read_in_one_pass(text)
