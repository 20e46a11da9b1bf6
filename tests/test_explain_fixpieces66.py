"""fixpieces66 (issue 30, held-out batches 65 and 66): pieces of a record explain missed.

1. A containerStatuses list cut above its first item (aws-efs-csi-driver-1121): the lines
   above the first `- ` are that item's keys (readers/cut_item.py), a block two levels deep
   cut above its `name:` the item's lastState's terminated state (kubectl sorts the keys). A
   whole document keeps its duplicate key refused; a piece whose lines above are no
   ContainerStatus's keys, or with no status key after the list, is not such a list.
2. A `Name:` whose next line is a key kubectl's pod describe never prints (`Created:` of a
   cloud CLI's network, hcloud-cloud-controller-manager-971) is another object's describe,
   not a pod's; `Name:` then `Namespace:`, or a container's or a state's key, stays a pod's.
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.readers.cut_item import cut_status_list
from kubesim.explain.readers.model import PodRecord
from kubesim.explain.readers.read import parse_record, pod_groups

_CUT = """```
        containerID: containerd://644d32e7
        exitCode: {code}
        finishedAt: "2023-09-07T08:04:56Z"
        reason: Error
        startedAt: "2023-09-07T08:04:56Z"
    name: plugin
    ready: false
    restartCount: 6
    started: false
    state:
      waiting:
        reason: CrashLoopBackOff
  - containerID: containerd://f56c48a9
    image: registry.example/sidecar:v2
    lastState: {{}}
    name: sidecar
    ready: true
    restartCount: 0
    state:
      running:
        startedAt: "2023-09-07T07:58:54Z"
  hostIP: 10.2.14.75
  phase: Running
```
"""
# cut right at the first item's first key: no block cut above its `name:`
_AT_KEY = """```
    image: registry.example/app:v1
    name: app
    restartCount: 3
    state:
      waiting:
        reason: CrashLoopBackOff
  - name: other
    ready: true
    restartCount: 0
    state:
      running:
        startedAt: "2023-09-07T07:58:54Z"
  hostIPs:
  - ip: 10.0.0.1
```
"""


def _pods(text: str) -> list[PodRecord]:
    return pod_groups([parse_record(text, "r.txt")])


def _containers(text: str) -> dict[str | None, tuple[int | None, int | None, str | None]]:
    [pod] = _pods(text)
    return {c.name: (c.restart_count, c.last.exit_code if c.last else None, c.state)
            for c in pod.containers}


@pytest.mark.parametrize("text, want", [
    (_CUT.format(code=255), {"plugin": (6, 255, "waiting"), "sidecar": (0, None, "running")}),
    (_CUT.format(code=137), {"plugin": (6, 137, "waiting"), "sidecar": (0, None, "running")}),
    (_AT_KEY, {"app": (3, None, "waiting"), "other": (0, None, "running")}),
])
def test_status_list_cut_above_its_first_item_is_read_as_items(text: str, want: object) -> None:
    assert _containers(text) == want


def test_a_whole_document_keeps_its_duplicate_key() -> None:
    whole = ("```\nstatus:\n  containerStatuses:\n  - name: app\n    restartCount: 1\n"
             "    state:\n      running: {}\n    state:\n      waiting: {}\n  phase: Running\n```\n")
    # its lines from the second `state:` stay not read, with the YAML's refusal as why
    [pod] = _pods(whole)
    assert any("duplicate key 'state'" in n.text for n in pod.notes)
    assert [(c.name, c.state) for c in pod.containers] == [("app", "running")]


@pytest.mark.parametrize("texts", [
    # no status key after the list: which list it is cannot be told
    [line for line in _AT_KEY.splitlines()[1:-3]],
    # the lines above are a container's spec, not its status
    ["    image: app:v1", "    name: app", "    ports:", "    - containerPort: 80",
     "  - name: other", "    image: other:v1", "  hostIP: 10.0.0.1"],
    # no `name:` among the keys above
    ["    restartCount: 3", "    ready: false", "  - name: other", "  hostIP: 10.0.0.1"],
    # a cut block that holds no exitCode is not lastState's terminated state
    ["        reason: CrashLoopBackOff", "    name: app", "  - name: other",
     "  hostIP: 10.0.0.1"],
    # a line above left of the item's keys
    ["  phase: Running", "    name: app", "  - name: other", "  hostIP: 10.0.0.1"],
    # the list's next key is not one kubectl prints after containerStatuses
    ["    name: app", "    restartCount: 1", "  - name: other", "  phase: Running"],
])
def test_pieces_that_are_no_cut_status_list(texts: list[str]) -> None:
    assert cut_status_list(texts) is None


_DESCRIBE = """    $ hcloud network describe net-1
    ID:		10637071
    Name:		net-1
    Created:	Wed Feb  5 18:38:53 CET 2025 (5 months ago)
    IP Range:	10.0.0.0/16
    Labels:
      No labels

Name:         web-7d9c5-x2x8q
Namespace:    default
Containers:
  web:
    State:          Waiting
      Reason:       CrashLoopBackOff
    Restart Count:  4
"""


def test_a_describe_of_another_object_is_no_pod() -> None:
    assert [p.name for p in _pods(_DESCRIBE)] == ["web-7d9c5-x2x8q"]


@pytest.mark.parametrize("key", ["Namespace:", "State:", "Restart Count:"])
def test_name_then_a_key_of_a_pods_describe_stays_a_pod(key: str) -> None:
    # (a pod's, a container's or a state's key: a describe piece under its `Name:`)
    text = _DESCRIBE.replace("Created:", key)
    assert sorted(str(p.name) for p in _pods(text)) == ["net-1", "web-7d9c5-x2x8q"]


@pytest.mark.parametrize("text", [
    "    name: " + "a" * 2_000_000 + "\n  - name: b\n  hostIP: 1.2.3.4\n",
    "```\n        exitCode: 1\n" + "    name: x\n" * 200_000 + "  - name: b\n  hostIP: c\n```\n",
    "Name: x\n" + "Created" * 300_000 + ": y\n",
    "Name: x\n" * 200_000,
])
def test_one_pass_on_2_mb_lines(text: str) -> None:
    read_in_one_pass(text)
