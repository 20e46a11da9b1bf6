"""Stop 60, fx60h: a pod's status pasted without its spec, beside prose; two ends a describe
piece shows with no count.

- `whether` opens an indirect question: `One use case is to know whether the container is in
  CrashLoopBackOff` states nothing of the case, as `if` does not (README, the prose rules: a
  conditional, a question state none; opentelemetry-collector-contrib-32457).
- A pod's status under an elided or cut spec (`kind: Pod`, `...`, `status:`) lists no probe
  (README, fixobj38: only a spec shown whole does); a CrashLoopBackOff a sentence states of the
  case's container, given to that status, lists none either: the merged container's probes
  stay untold, and the stop 49 rule of a last end beside earlier ends the count alone shows
  leaves the kills open to the count, `{0, R + 1}` (R4.7).
- A describe piece of a container's State Terminated and Last State Terminated, no Restart
  Count, shows two ends: at most two kills, not one (README: a last state without a count is
  one end, at most one kill, k8s-pr8200, akash-support-246; the current state's end is one
  more instance, R4.7).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.read import parse_record

_STATUS = """```
kubectl get pod X -o yaml

...
apiVersion: v1
kind: Pod
...
status:
  conditions:
  containerStatuses:
  - containerID: containerd://e7d1583c9d91
    image: docker.io/example/collector:0.97.0
    lastState:
      terminated:
        containerID: containerd://e7d1583c9d91
        exitCode: 2
        finishedAt: "2024-04-16T17:30:04Z"
        reason: Error
        startedAt: "2024-04-16T17:29:35Z"
    name: collector
    ready: false
    restartCount: 11
    started: false
    state:
      waiting:
        message: back-off 5m0s restarting failed container=collector pod=col-2_obs(58012348)
        reason: CrashLoopBackOff
```
"""

_SPEC_WHOLE = """```
apiVersion: v1
kind: Pod
metadata:
  name: col-2
spec:
  containers:
  - name: collector
    image: docker.io/example/collector:0.97.0
status:
  containerStatuses:
  - lastState:
      terminated:
        exitCode: 2
        finishedAt: "2024-04-16T17:30:04Z"
        reason: Error
        startedAt: "2024-04-16T17:29:35Z"
    name: collector
    ready: false
    restartCount: 11
    state:
      waiting:
        reason: CrashLoopBackOff
```
"""


@pytest.mark.parametrize("prose", [
    # an indirect question (`whether`): states nothing (the record's own shape)
    "One use case is to know whether the container is in CrashLoopBackOff.",
    # a sentence stating the case's container in CrashLoopBackOff (a state told in prose):
    # given to the status, it lists no probe either (fixobj38)
    "Our collector container is in CrashLoopBackOff state.",
    "The collector pod is in CrashLoopBackOff state.",
    # no prose at all
    "",
])
def test_a_status_under_an_elided_spec_lists_no_probe(prose: str) -> None:
    """lastState Error exit 2, restartCount 11, waiting in back-off, the spec elided by `...`:
    no probe listed, the last end weighed against none, its 11 earlier ends shown by the
    count alone (stop 49's rule): cannot-tell, `{0, 12}` (R4.7: R + 1 ends)."""
    a = explained_answer(f"{prose}\n\n{_STATUS}")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 12))


def test_a_spec_shown_whole_without_probes_rules_kills_out() -> None:
    """The near variant that stays as it was: the pod's spec shown whole, its one container
    with no liveness or startup probe (README, fixobj38; R1.17): app-exit, `{0, 0}`."""
    a = explained_answer(_SPEC_WHOLE)
    assert (a.cause, a.probe_kills) == (Cause.APP_EXIT, CountRange(0, 0))


@pytest.mark.parametrize("line", [
    "I would like to know whether the container is in CrashLoopBackOff.",
    "We check whether our pod is in CrashLoopBackOff state.",
    "I check if the container is in CrashLoopBackOff state.",
])
def test_whether_and_if_state_no_back_off(line: str) -> None:
    """An indirect question or a conditional of a back-off states none (README's prose rules):
    a record of that sentence alone is refused."""
    with pytest.raises(RecordError):
        parse_record(line + "\n", "r.txt")


def test_a_stated_back_off_is_read() -> None:
    """The variant that must hold: the case's container stated in CrashLoopBackOff is read,
    its restarts not counted: cannot-tell, `{0, null}`."""
    a = explained_answer("Our collector container is in CrashLoopBackOff state.\n")
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, None))


_STATE = """```
    State:          {state}
{fields}    Last State:     Terminated
      Reason:       Error
      Exit Code:    139
      Started:      Fri, 23 Oct 2020 21:57:57 +0100
      Finished:     Fri, 23 Oct 2020 21:57:57 +0100
```
"""
_TERMINATED = ("      Reason:       Error\n      Exit Code:    139\n"
               "      Started:      Fri, 23 Oct 2020 21:58:11 +0100\n"
               "      Finished:     Fri, 23 Oct 2020 21:58:11 +0100\n")
_RUNNING = "      Started:      Fri, 23 Oct 2020 21:58:11 +0100\n"


def test_state_and_last_state_terminated_without_a_count_are_two_ends() -> None:
    """State Terminated and Last State Terminated, no Restart Count (kube-rs-331's shape): two
    instances ended (R4.7), no probe settings: cannot-tell, at most two kills (was one)."""
    a = explained_answer(_STATE.format(state="Terminated", fields=_TERMINATED))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 2))


def test_running_beside_a_last_state_without_a_count_is_one_end() -> None:
    """The near variant that stays: State Running beside a Last State, no count
    (akash-support-246's shape): one end shown, at most one kill."""
    a = explained_answer(_STATE.format(state="Running", fields=_RUNNING))
    assert (a.cause, a.probe_kills) == (Cause.CANNOT_TELL, CountRange(0, 1))


@pytest.mark.parametrize("unit", [
    "whether the container is in CrashLoopBackOff ",
    "whether ",
    "to know whether whether if ",
])
def test_a_hostile_line_is_read_in_one_pass(unit: str) -> None:
    """The widened hedge word list (`whether`) over a 2 MB line of one line: one pass."""
    read_in_one_pass(unit * (2_000_000 // len(unit)))
