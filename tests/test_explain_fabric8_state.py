"""A container's terminated state as the fabric8 Kubernetes client prints it, logged by a Java
tool (the Jenkins Kubernetes plugin's `Container is terminated POD [C]:
ContainerStateTerminated(...)`; fixlogs86, held-out batch 86, jenkinsci-helm-charts-768;
readers/fabric8_state.py)."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.read import parse_record

_LOG = ("2022-12-09 14:42:58.258+0000 [id=2216]  INFO    o.c.j.p.k.KubernetesLauncher#launch: "
        "Created Pod: kubernetes ci/agent-x1\n"
        "2022-12-09 14:43:05.720+0000 [id=2216]  INFO    o.c.j.p.k.KubernetesLauncher#launch: "
        "Container is terminated agent-x1 [{name}]: {state}\n"
        "2022-12-09 14:43:05.730+0000 [id=112]   INFO    o.c.j.p.k.KubernetesSlave#_terminate: "
        "Terminating Kubernetes instance for agent agent-x1\n")


def _state(code: str, reason: str, cut: bool = False) -> str:
    state = (f"ContainerStateTerminated(containerID=containerd://7a7b, exitCode={code}, "
             f"finishedAt=2022-12-09T14:43:03Z, message=null, reason={reason}, signal=null, "
             "startedAt=2022-12-09T14:43:01Z, additionalProperties={})")
    return state[:90] if cut else state


@pytest.mark.parametrize(("name", "code", "reason", "cause"), [
    ("jnlp", "1", "Error", "cannot-tell"),
    ("build", "137", "OOMKilled", "oom-killed"),
    ("jnlp", "0", "Completed", "cannot-tell"),
])
def test_a_fabric8_terminated_state_is_the_containers_end(name, code, reason, cause):
    """The state's exit code and reason read as the named container's one end shown."""
    found = parse_record(_LOG.format(name=name, state=_state(code, reason)), "r.txt")
    assert [c.name for p in found.pods for c in p.containers] == [name]
    ended = [t for p in found.pods for c in p.containers for t in (c.terminated, c.last) if t]
    assert [(t.exit_code, t.reason) for t in ended] == [(int(code), reason)]
    a = explained_answer(_LOG.format(name=name, state=_state(code, reason)))
    assert (a.cause.value, a.shows_failures) == (cause, True)


@pytest.mark.parametrize("state", [
    _state("1", "Error", cut=True),  # cut before its `)`: its fields may be cut
    "ContainerStateTerminated(exitCode=null, reason=Error)",  # no exit code: no end shown
    "ContainerStateWaiting(message=null, reason=ContainerCreating)",
    "the class ContainerStateTerminated has an exitCode field",
])
def test_no_whole_fabric8_terminated_state_stays_unread(state):
    """A state cut, of no exit code, another state, or words about the class: no record."""
    with pytest.raises(RecordError):
        parse_record(_LOG.format(name="jnlp", state=state), "r.txt")


@pytest.mark.parametrize("text", [
    "ContainerStateTerminated(" * 80_000,
    "ContainerStateTerminated(" + "exitCode=1, " * 170_000 + ")",
    "[jnlp]: ContainerStateTerminated(exitCode=" + "9" * 2_000_000 + ")",
    "ContainerStateTerminated(exitCode=1, reason=" + "x" * 2_000_000,
])
def test_a_fabric8_state_is_read_in_one_pass(text):
    """Hostile input: 2 MB lines of the rule's words."""
    read_in_one_pass(text + "\n")
