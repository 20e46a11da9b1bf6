"""A container's status pasted alone, one item of a pod's `containerStatuses` as JSON or YAML,
alone or in a list (held-out batch 37, fixobj38: docker-inbound-agent-50's jnlp-slave status,
terminated Error exit 127, restartCount 0, refused at first contact as JSON without a Pod or
Event object). It is told by core/v1 ContainerStatus's fields
(kubesim/explain/readers/container_status.py): every key one of the type's, and `name`,
`ready` and `restartCount` among them. Hand-written variants that must read (JSON, YAML in
kubectl's sorted order and in the type's, indented, a list of two), beside objects that must
stay refused (a container's spec, a status with a key the type does not have, one without
`ready` or `restartCount`, a state of an unknown kind, an app's JSON)."""

from __future__ import annotations

import json

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_TERMINATED = {"name": "builder", "state": {"terminated": {
    "exitCode": 2, "reason": "Error", "startedAt": "2023-05-02T08:10:00Z",
    "finishedAt": "2023-05-02T08:10:04Z", "containerID": "containerd://ab12"}},
    "lastState": {}, "ready": False, "restartCount": 0, "image": "golang:1.21",
    "imageID": "docker.io/library/golang@sha256:0f1e", "containerID": "containerd://ab12",
    "started": False}

_SORTED_YAML = """containerID: containerd://ab12
image: golang:1.21
imageID: docker.io/library/golang@sha256:0f1e
lastState: {}
name: builder
ready: false
restartCount: 0
started: false
state:
  terminated:
    exitCode: 2
    finishedAt: "2023-05-02T08:10:04Z"
    reason: Error
    startedAt: "2023-05-02T08:10:00Z"
"""

_TYPE_ORDER_INDENTED = """    name: builder
    state:
      terminated:
        exitCode: 2
        reason: Error
    lastState: {}
    ready: false
    restartCount: 0
    image: golang:1.21
"""


def _explained(text: str) -> list[tuple[str | None, Cause, CountRange]]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    return [(c.name, c.answer.cause, c.answer.probe_kills) for c in ex.containers
            if c.answer is not None]


@pytest.mark.parametrize("text", [
    json.dumps(_TERMINATED, indent=8),
    json.dumps(_TERMINATED),
    _SORTED_YAML,
    _TYPE_ORDER_INDENTED,
    "The agent pod fails at once. Its status:\n\n```\n" + json.dumps(_TERMINATED, indent=2)
    + "\n```\nAny idea?\n",
])
def test_a_container_status_alone_is_that_containers_status(text):
    """fixobj38: a ContainerStatus alone is the status of the container it names: a
    terminated one of restartCount 0 allows R + 1 = 1 end (R4.7), which no probe setting in
    the record rules out a probe's kill for: cannot-tell, {0, 1}."""
    assert _explained(text) == [("builder", Cause.CANNOT_TELL, CountRange(0, 1))]
    notes = [n.text for p in parse_record(text, "r.txt").pods for n in p.notes]
    assert any(n.startswith("a container status alone") for n in notes)


def test_a_list_of_container_statuses_is_each_containers():
    """The `containerStatuses` list pasted without its key: each item its container's."""
    second = {"name": "cache", "state": {"waiting": {"reason": "CrashLoopBackOff"}},
              "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled"}},
              "ready": False, "restartCount": 3, "image": "redis:7", "imageID": ""}
    record = parse_record(json.dumps([_TERMINATED, second], indent=2), "r.txt")
    [pod] = record.pods
    assert [(c.name, c.state, c.restart_count) for c in pod.containers] == \
        [("builder", "terminated", 0), ("cache", "waiting", 3)]
    assert ("cache", Cause.OOM_KILLED, CountRange(0, 0)) in _explained(
        json.dumps([_TERMINATED, second]))
    # the list a jsonpath prints on one line, under its command
    assert ("cache", Cause.OOM_KILLED, CountRange(0, 0)) in _explained(
        "$ kubectl get pod w -o jsonpath='{.status.containerStatuses}'\n"
        + json.dumps([_TERMINATED, second]) + "\n")


def test_restart_count_0_with_an_empty_last_state_lacks_nothing():
    """An empty lastState beside restartCount 0 is every first container's: the diagnosis
    does not say the kubelet lost how a previous container ended."""
    ex = explain_records([parse_record(json.dumps(_TERMINATED), "r.txt")],
                         ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.answer is not None and "lastState is empty" not in c.answer.text


def _without(key: str) -> dict[str, object]:
    return {k: v for k, v in _TERMINATED.items() if k != key}


@pytest.mark.parametrize("data", [
    # a container's spec: a name and an image, never ready or restartCount
    {"name": "builder", "image": "golang:1.21", "command": ["go", "build"]},
    # a key ContainerStatus does not have
    {**_TERMINATED, "exitCode": 2},
    # without the fields the API always writes
    _without("ready"),
    _without("restartCount"),
    {**_TERMINATED, "restartCount": "0"},
    {**_TERMINATED, "ready": "false"},
    # a state of no kind the type has
    {**_TERMINATED, "state": {"crashed": {"exitCode": 2}}},
    # an app's JSON
    {"name": "builder", "ready": False, "restartCount": 0, "version": "1.2"},
    [_TERMINATED, {"name": "cache", "image": "redis:7"}],
])
def test_other_json_stays_refused(data):
    with pytest.raises(RecordError):
        parse_record(json.dumps(data, indent=2), "r.txt")


@pytest.mark.parametrize("text", [
    "name: builder\nThe build failed with exit code 2 and never restarted.\n",
    "name: builder\nimage: golang:1.21\ncommand: [go, build]\n",
])
def test_other_yaml_is_no_container_status(text):
    """A key of the type first, then prose or a container's spec: no status read."""
    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return
    assert not any(c.state or c.restart_count is not None
                   for p in record.pods for c in p.containers)


@pytest.mark.parametrize("text", [
    '{"name": "' + "a" * 2_000_000 + '", "ready": false, "restartCount": 0}',
    "name: " + " " * 2_000_000 + "x\nready: false\nrestartCount: 0\n",
    "restartCount:" + " " * 2_000_000,
    "containerID" + ":" * 2_000_000,
])
def test_a_container_status_reads_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB of a status's name, a key's spaces or colons: one pass."""
    read_in_one_pass(text + "\n")
