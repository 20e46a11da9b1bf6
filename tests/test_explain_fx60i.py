"""Held-out batches 165-167 (stop 60, fx60i): a container's Completed end (exit code 0) in a pod
that runs to its end, and a container status pasted as YAML cut inside its state.

- The work-done rule (README, the lead's decision of stop 60, fx60i; kubelet rules R4.23, E13):
  a container whose current end is Completed, exit code 0, in a pod the record shows Succeeded
  (its `phase`, describe's `Status: Succeeded`) or in a Job's pod (a `job-name` or
  `controller-uid` label, an owner of kind Job, `restartPolicy: Never` or `OnFailure` shown)
  ended because its work was done: that end is no failure shown; it is no kill only under
  restartPolicy OnFailure (E13: app-exit, {0, 0} with no earlier end); under Never or no
  policy shown a kill answered with exit 0 ends Completed too (R4.23: cannot-tell, {0, 1},
  kubernetes-handbook-91; the lead's narrowing of stop 60). Earlier ends
  (a restart count R above 0) keep their causes untold, the kills {0, R} (the last end adds
  none). A Completed end of a pod of none of these marks (restartPolicy Always, or nothing
  shown) stays as it is read: exit 0 may answer a kill's SIGTERM (R4.23), the end shown.
- A `containerStatuses` item pasted as YAML and cut inside it before its `restartCount`
  (aptakube-282: `name`, `state: terminated: ...`, cut at `st`) has its count cut away, not
  absent: its kills stay open, {0, null}, as JSON cut inside its item is (the README's counting
  rules: a cut paste means at least once). A count read above the cut (kubectl's sorted keys)
  still bounds them.

Each test here fails on the code before fx60i (checked on a `git archive main` copy) unless it
is marked as a variant that stays as it was read."""

from __future__ import annotations

import json

import pytest
from helpers import explained_answer, kill_bounds, read_in_one_pass

from kubesim.explain.model import Cause


def _facts(text: str) -> tuple[Cause, dict[str, int | None], bool]:
    a = explained_answer(text)
    return a.cause, kill_bounds(a.probe_kills.to_data()), a.shows_failures


def _status_json(phase: str | None, reason: str = "Completed", code: int = 0,
                 restarts: int = 0) -> str:
    status: dict[str, object] = {"containerStatuses": [{
        "name": "jnlp", "state": {"terminated": {
            "exitCode": code, "reason": reason, "startedAt": "2017-12-26T07:58:38Z",
            "finishedAt": "2017-12-26T07:58:39Z"}},
        "lastState": {}, "ready": False, "restartCount": restarts,
        "image": "jenkins/jnlp-slave:alpine"}]}
    if phase is not None:
        status = {"phase": phase, **status}
    return json.dumps({"kind": "Pod", "metadata": {"name": "agent-x1"}, "status": status})


def _pod_yaml(meta: str = "", spec: str = "", restarts: int = 0) -> str:
    return ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: pi-abcde\n" + meta
            + spec + "status:\n  containerStatuses:\n  - name: pi\n    ready: false\n"
            f"    restartCount: {restarts}\n    state:\n      terminated:\n"
            "        exitCode: 0\n        reason: Completed\n")


_DESCRIBE = """Name:         pi-abcde
Namespace:    default
Status:       {status}
{owner}Containers:
  pi:
    Image:          perl
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Mon, 01 Jan 2024 10:00:00 +0000
      Finished:     Mon, 01 Jan 2024 10:00:05 +0000
    Ready:          False
    Restart Count:  {restarts}
    Environment:    <none>
Events:           <none>
"""


def _describe(status: str = "Succeeded", owner: str = "", restarts: int = 0) -> str:
    return _DESCRIBE.format(status=status, owner=owner, restarts=restarts)


_DONE = (Cause.APP_EXIT, {"min": 0, "max": 0}, False)
_UNTOLD_ONE = (Cause.CANNOT_TELL, {"min": 0, "max": 1}, True)
# (the lead's narrowing, stop 60: a work-done end shows no failure, but is no kill only under
# OnFailure, E13; under Never or no policy shown, exit 0 may answer a kill's SIGTERM, R4.23)
_DONE_UNTOLD = (Cause.CANNOT_TELL, {"min": 0, "max": 1}, False)


# ------------------------------------------------ (1) the work-done rule: the marks


def test_a_succeeded_pods_completed_container_shows_no_failure_but_may_be_a_kill():
    # (kubernetes-handbook-91's shape: a pod list's item, phase Succeeded, restartCount 0;
    # R4.23: under Never a kill answered with exit 0 leaves the pod Succeeded too)
    assert _facts(_status_json("Succeeded")) == _DONE_UNTOLD


@pytest.mark.parametrize("meta,spec", [
    ("  labels:\n    job-name: pi\n", ""),
    ("  labels:\n    controller-uid: 0d5c1f3e-1111-2222-3333-444455556666\n", ""),
    ("  labels:\n    batch.kubernetes.io/job-name: pi\n", ""),
    ("  ownerReferences:\n  - apiVersion: batch/v1\n    kind: Job\n    name: pi\n"
     "    controller: true\n    uid: 0d5c1f3e\n", ""),
    ("", "spec:\n  restartPolicy: Never\n"),
])
def test_a_jobs_pods_completed_container_shows_no_failure_but_may_be_a_kill(meta, spec):
    # (a Job's pod of no policy shown, or Never: R4.23, the kill's SIGTERM answered with 0)
    assert _facts(_pod_yaml(meta, spec)) == _DONE_UNTOLD


def test_under_on_failure_a_completed_end_is_no_kill():
    # E13: under OnFailure a probe-killed container is restarted whatever its exit code, so
    # a last Completed end with restartCount 0 was the process's own
    assert _facts(_pod_yaml("", "spec:\n  restartPolicy: OnFailure\n")) == _DONE


@pytest.mark.parametrize("owner", ["", "Controlled By:  Job/pi\n"])
def test_describe_status_succeeded_is_the_mark(owner):
    assert _facts(_describe("Succeeded", owner)) == _DONE


def test_describe_controlled_by_a_job_is_the_mark():
    assert _facts(_describe("Running", "Controlled By:  Job/pi\n")) == _DONE


def test_earlier_ends_keep_their_causes_untold_and_the_last_end_adds_no_kill():
    # restartCount 2 under OnFailure: two earlier ends, of no cause shown; the last, the
    # work done, is no kill: {0, 2} (was {0, 3})
    assert _facts(_pod_yaml("", "spec:\n  restartPolicy: OnFailure\n", restarts=2)) == \
        (Cause.CANNOT_TELL, {"min": 0, "max": 2}, True)


# ------------------------------------------------ (1) variants that stay as they are read


def test_no_mark_keeps_the_completed_end_an_end_shown():  # (unchanged before and after)
    assert _facts(_status_json(None)) == _UNTOLD_ONE


@pytest.mark.parametrize("meta,spec", [
    ("", "spec:\n  restartPolicy: Always\n"),  # a long-running workload's: R4.23
    ("  ownerReferences:\n  - apiVersion: apps/v1\n    kind: ReplicaSet\n    name: web-7d\n"
     "    controller: true\n    uid: 0d5c1f3e\n", ""),
    ("  labels:\n    app: job-name\n", ""),  # the word as a label's value, not its key
    ("  labels:\n    my-job-name: pi\n", ""),
])
def test_a_pod_of_no_mark_keeps_the_completed_end_an_end_shown(meta, spec):
    assert _facts(_pod_yaml(meta, spec)) == _UNTOLD_ONE


def test_describe_status_running_of_no_owner_stays():
    # (describe lists every probe, none here: no probe could kill, app-exit {0, 0}; the end
    # is still shown, as before)
    assert _facts(_describe("Running")) == (Cause.APP_EXIT, {"min": 0, "max": 0}, True)


@pytest.mark.parametrize("phase,reason,code", [
    ("Succeeded", "OOMKilled", 0),  # the kernel's kill, the OOM rule's (k8s-131530)
    ("Failed", "Error", 1),
    ("Succeeded", "Error", 1),
])
def test_other_ends_stay_as_they_are_read(phase, reason, code):
    a = explained_answer(_status_json(phase, reason, code))
    assert a.shows_failures
    assert a.cause is (Cause.OOM_KILLED if reason == "OOMKilled" else Cause.CANNOT_TELL)


# ------------------------------------------------ (2) a status item cut inside its state


_CUT_STATUS = """We addressed the root cause, so these issues are rare now.

Here's an example from one that succeeded in case that helps:

```yaml
  containerStatuses:
    - name: main
      state:
        terminated:
          exitCode: 0
          reason: Completed
          st"""


def test_a_status_item_cut_before_its_restart_count_leaves_the_kills_open():
    a = explained_answer(_CUT_STATUS)
    assert (a.cause, kill_bounds(a.probe_kills.to_data())) == \
        (Cause.CANNOT_TELL, {"min": 0, "max": None})
    assert "before the container's Restart Count" in a.probe_kills.because


def test_a_count_read_above_the_cut_still_bounds_the_kills():  # (unchanged)
    text = _CUT_STATUS.replace("    - name: main\n",
                               "    - name: main\n      restartCount: 0\n      ready: false\n")
    assert kill_bounds(explained_answer(text).probe_kills.to_data()) == {"min": 0, "max": 1}


def test_a_whole_status_item_keeps_its_count():  # (unchanged: no cut inside the item)
    text = _CUT_STATUS.replace("          st", "      ready: false\n      restartCount: 0\n```")
    assert kill_bounds(explained_answer(text).probe_kills.to_data()) == {"min": 0, "max": 1}


# ------------------------------------------------ hostile input


def test_a_long_status_line_is_read_in_one_pass():
    read_in_one_pass("  containerStatuses:\n    - name: main\n      state:\n        "
                     + "terminated: " * 150_000 + "st")
    read_in_one_pass("  containerStatuses:\n" + "    - name: m\n" * 150_000 + "      st")
