"""fixobj43 (issue 30, held-out batches 43 and 44): two YAML pieces explain refused.

1. A YAML block whose first line lost its indentation in the copy (cartographer-conventions-257:
   a ContainerStatus whose `lastState:` stands at column 0, its children at 6 spaces and its
   siblings `name:`, `ready:`, `restartCount:`, `state:` at 4): read with the first line at
   its siblings' indentation where the block does not read as it is
   (readers/first_indent.py). A first line that is really a parent, one with a value, a block
   whose least indented lines are no mapping's keys, stay as they are.
2. A pod's `status:` pasted without its object (redhat-access-ocp46-ja-evicted: under `oc get
   pod test -o yaml` and an author's `...`): read as that pod's status where the paste ties it
   to a pod, its keys PodStatus's and its phase a pod's (readers/pod_status_piece.py); a pod
   its status says the kubelet evicted (`reason: Evicted`) ended by the eviction, as its
   Evicted event says (kubernetes-41347): cannot-tell, no probe kill. A Deployment's or a
   PersistentVolume's status, or a status the paste ties to no pod, is not a pod's.
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.first_indent import first_line_reindented
from kubesim.explain.readers.read import parse_record


def _answers(text: str) -> list[tuple[str | None, Cause, CountRange]]:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    return [(c.name, c.answer.cause, c.answer.probe_kills) for c in ex.containers
            if c.answer is not None]


def _pods(text: str) -> list[tuple[str | None, str | None, str | None]]:
    """The pods read: (name, phase, status reason); none where the record is refused."""
    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return []
    return [(p.name, p.phase, p.status_reason) for p in record.pods]


# ---------------------------------------------------------------- 1. the first line's indent

_LOST_FIRST = """lastState:
      terminated:
        exitCode: 137
        finishedAt: "2024-03-02T10:00:40Z"
        reason: OOMKilled
        startedAt: "2024-03-02T10:00:01Z"
    name: worker
    ready: false
    restartCount: 9
    started: false
    state:
      waiting:
        message: back-off 2m40s restarting failed container=worker pod=worker-7c9d
        reason: CrashLoopBackOff
"""

_LOST_STATE = """state:
    waiting:
      reason: CrashLoopBackOff
  lastState:
    terminated:
      exitCode: 137
      reason: OOMKilled
  name: api
  ready: false
  restartCount: 3
"""


@pytest.mark.parametrize(("text", "name"), [
    (_LOST_FIRST, "worker"),
    ("Our worker keeps dying after the upgrade:\n\n```yaml\n" + _LOST_FIRST + "```\n\nAny "
     "idea?\n", "worker"),
    (_LOST_STATE, "api"),
    ("The status:\n```\n" + _LOST_STATE + "```\n", "api"),
])
def test_a_first_line_that_lost_its_indentation_is_read_at_its_siblings(text, name):
    """The first line put at its siblings' indentation, the ContainerStatus reads: OOMKilled
    last, no probe anywhere, the restarts the same cause (README's OOM rule): {0, 0}."""
    assert _answers(text) == [(name, Cause.OOM_KILLED, CountRange(0, 0))]
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert any("first line lost its indentation" in n for n in notes)


@pytest.mark.parametrize("texts", [
    # a real parent: its next line at the block's least indentation (its child)
    ["lastState:", "  terminated:", "    exitCode: 137", "    reason: OOMKilled"],
    # a parent whose children sit at two depths, the next line at the least one
    ["status:", "  containerStatuses:", "  - name: a", "    ready: false"],
    # a first line with a value is no parent of the lines under it
    ["name: worker", "      terminated:", "        exitCode: 137", "    ready: false"],
    # a later line at the first line's column: no block under one first line
    ["lastState:", "      terminated:", "    name: worker", "restartCount: 9"],
    # the least indented lines are a list's items, not a mapping's keys
    ["containers:", "      image: nginx", "    - name: web", "    - name: db"],
    # the least indented lines are prose
    ["Note:", "      see the logs", "    the pod restarts often"],
    # tabs: their columns are not known
    ["lastState:", "\t\tterminated:", "\tname: worker", "\tready: false"],
    # one line under it: nothing to weigh the first line against
    ["lastState:", "      terminated:"],
])
def test_a_block_that_is_no_lost_first_line_is_left_as_it_is(texts):
    assert first_line_reindented(texts) is None


def test_the_rule_moves_the_first_line_alone():
    texts = _LOST_FIRST.splitlines()
    assert first_line_reindented(texts) == ["    lastState:", *texts[1:]]


def test_a_parent_whose_yaml_reads_is_not_re_indented():
    """A state pasted alone whose YAML reads as it is (its children under it): read as
    before, no line moved."""
    text = ("lastState:\n  terminated:\n    exitCode: 137\n    reason: OOMKilled\n")
    notes = [n.text for n in parse_record(text, "r.txt").notes]
    assert not any("first line lost its indentation" in n for n in notes)


# ---------------------------------------------------------------- 2. a pod's status alone

_EVICTED = """status:
  message: 'Pod The node was low on resource: [memory].'
  phase: Failed
  reason: Evicted
"""


@pytest.mark.parametrize(("text", "name"), [
    ("$ kubectl get pod web-1 -o yaml\n...\n" + _EVICTED, "web-1"),
    ("The evicted pod:\n\n$ oc get po/web-1 -oyaml\n\nOutput:\n\n...\n" + _EVICTED, "web-1"),
    ("```\n$ kubectl -n shop get pods web-1 --output=yaml\n```\n```yaml\n" + _EVICTED + "```\n",
     "web-1"),
    ("The pod's YAML, its metadata and spec left out:\n\n...\n" + _EVICTED, None),
])
def test_a_pods_status_under_its_command_or_a_cut_is_the_pods(text, name):
    """The status read as the pod's (named by its command); its reason Evicted is the end:
    cannot-tell, no probe kill (as kubernetes-41347's Evicted event)."""
    assert _pods(text) == [(name, "Failed", "Evicted")]
    assert _answers(text) == [(None, Cause.CANNOT_TELL, CountRange(0, 0))]


def test_a_pods_status_with_its_containers_reads_them():
    text = ("$ kubectl get pod api-0 -o yaml\n...\nstatus:\n  containerStatuses:\n"
            "  - name: api\n    ready: false\n    restartCount: 0\n    state:\n"
            "      terminated:\n        exitCode: 137\n        reason: Error\n"
            "  message: 'The node was low on resource: memory.'\n  phase: Failed\n"
            "  reason: Evicted\n")
    record = parse_record(text, "r.txt")
    assert [(p.name, c.name, c.restart_count) for p in record.pods for c in p.containers] == [
        ("api-0", "api", 0)]
    assert [a[1] for a in _answers(text)] == [Cause.CANNOT_TELL]


def test_a_pods_status_with_its_object_says_the_eviction():
    """A whole Pod whose status says Evicted: the eviction ended it (was: nothing shown, no
    upper bound)."""
    text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n" + _EVICTED
    assert _answers(text) == [(None, Cause.CANNOT_TELL, CountRange(0, 0))]


_DEPLOYMENT = """status:
  availableReplicas: 2
  observedGeneration: 4
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2
"""


@pytest.mark.parametrize("text", [
    "$ kubectl get deploy web -o yaml\n...\n" + _DEPLOYMENT,
    "...\n" + _DEPLOYMENT,
    # a PersistentVolume's status has a phase, a reason and a message too
    "$ kubectl get pv pv-1 -o yaml\n...\nstatus:\n  message: recycle failed\n  phase: Failed\n"
    "  reason: RecycleFailed\n",
    # a pod's command, but printed as JSON, or no `-o yaml`: its YAML is not that output
    "$ kubectl get pod web-1\n...\n" + _EVICTED,
    # a phase no pod has (a claim's)
    "...\nstatus:\n  phase: Bound\n",
    # no command, no cut: a guide's status of an object it does not say
    "An example status:\n\n" + _EVICTED,
    # a command of other objects after the pod's
    "$ kubectl get pod web-1 -o yaml\n$ kubectl get svc web -o yaml\n...\n" + _EVICTED,
])
def test_a_status_of_no_pod_is_not_read_as_a_pods(text):
    assert _pods(text) == []


@pytest.mark.parametrize("text", [
    "$ kubectl get pod " + "a" * 2_000_000 + " -o yaml\n...\n" + _EVICTED,
    "$ kubectl get pod web -o yaml" + " -" * 1_000_000 + "\n...\n" + _EVICTED,
    "...\nstatus:\n  message: '" + "x" * 2_000_000 + "'\n  phase: Failed\n  reason: Evicted\n",
    "lastState:" + " " * 2_000_000 + "\n      terminated:\n    name: a\n    ready: false\n",
    "lastState:\n" + " " * 2_000_000 + "terminated:\n    name: a\n    ready: false\n",
    "lastState:\n      terminated:\n    " + "n" * 2_000_000 + ":\n    ready: false\n",
])
def test_the_rules_read_a_long_line_in_one_pass(text):
    """Hostile input: 2 MB of a command's name or flags, a status's message, a first line's
    or a sibling's spaces or key: one pass."""
    read_in_one_pass(text)
