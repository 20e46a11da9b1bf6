"""A container's fields shown without its name, named by the kubelet's list of the pod's
containers not ready (held-out batch 38, fixobj38: victoriametrics-operator-1223's fenced
`State: Waiting / Reason: CrashLoopBackOff / Last State: Terminated / Reason: OOMKilled`
block, beside an event message quoting `containers with unready status: [vmagent]`; explain
refused `--container vmagent` at first contact, the record naming no container).

Hand-written variants (other names and layouts: a condition's JSON, a Ready: False block, an
end without its State line) beside those that must stay nameless: a message naming two
containers, two messages naming different ones, a block running (it may be ready), an init
container's `containers with incomplete status`, a block that names its container, a record
whose events name a container (kubesim/explain/readers/unready.py)."""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_BLOCK = """The pod keeps failing:

```
State:          Waiting
  Reason:       CrashLoopBackOff
Last State:     Terminated
  Reason:       OOMKilled
  Exit Code:    137
```

"""


def _names(text: str) -> list[str | None]:
    return [c.name for p in parse_record(text, "r.txt").pods for c in p.containers]


@pytest.mark.parametrize("message", [
    'The operator logged: cannot wait for pod: conditions=name="Ready",status="False",'
    'message="containers with unready status: [indexer]",name="PodScheduled",status="True"',
    '```\n{"type": "ContainersReady", "status": "False", "reason": "ContainersNotReady", '
    '"message": "containers with unready status: [indexer]"}\n```',
    "Ready False: containers with unready status: [indexer]\n"
    "ContainersReady False: containers with unready status: [indexer]",
])
def test_a_nameless_block_not_ready_is_the_one_container_the_kubelet_lists(message):
    """fixobj38: the kubelet lists every container not ready (generate.go); a container
    waiting in back-off is never ready, so the block is the one it names."""
    text = _BLOCK + message + "\n"
    assert _names(text) == ["indexer"]
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(
        suggest=False, phases=1, container="indexer"))
    [c] = ex.containers
    assert c.answer is not None
    assert (c.name, c.answer.cause, c.answer.probe_kills) == \
        ("indexer", Cause.OOM_KILLED, CountRange(0, 0))


def test_a_running_block_ready_false_is_named_too():
    block = ("State:          Running\n  Started:      Mon, 01 Jan 2024 10:00:00 +0000\n"
             "Ready:          False\nRestart Count:  2\n")
    assert _names(block + "\ncontainers with unready status: [api]\n") == ["api"]


@pytest.mark.parametrize("message", [
    "containers with unready status: [indexer sidecar]",
    "containers with unready status: [indexer] and later containers with unready status: "
    "[sidecar]",
    "containers with incomplete status: [init-db]",
    "containers with unready status: []",
    "containers with unready status: [Indexer]",
])
def test_several_or_no_app_containers_named_leave_the_block_nameless(message):
    assert _names(_BLOCK + message + "\n") == [None]


@pytest.mark.parametrize("block", [
    "State:          Running\n  Started:      Mon, 01 Jan 2024 10:00:00 +0000\n"
    "Restart Count:  0\n",
    # a Last State alone tells an earlier instance, not whether the one now is ready
    "Last State:     Terminated\n  Reason:       Error\n  Exit Code:    1\n",
])
def test_a_block_that_may_be_ready_stays_nameless(block):
    assert _names(block + "\ncontainers with unready status: [api]\n") == [None]


def test_a_block_that_names_its_container_keeps_its_name():
    text = ("Containers:\n  web:\n    State:          Waiting\n      Reason:       "
            "CrashLoopBackOff\n    Restart Count:  3\n\ncontainers with unready status: [api]\n")
    assert _names(text) == ["web"]


def test_events_naming_a_container_leave_the_block_to_them():
    text = (_BLOCK + "Events:\n  Type     Reason   Age  From     Message\n  ----     ------   "
            "---  ----     -------\n  Warning  BackOff  1m   kubelet  Back-off restarting failed "
            "container web in pod web-0_default(1234)\n\ncontainers with unready status: [api]\n")
    assert _names(text) == [None]


@pytest.mark.parametrize("tail", ["containers with unready status: [" + "a" * 2_000_000,
                                  "containers with unready status: [a " * 60_000,
                                  " " * 2_000_000 + "containers with unready status: [a]"])
def test_the_unready_list_reads_a_long_line_in_one_pass(tail):
    read_in_one_pass(_BLOCK + tail + "\n")
