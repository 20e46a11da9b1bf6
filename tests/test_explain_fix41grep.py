"""The three rules of fix41grep (held-out batches 41 and 42, issue 30: explain on real pastes),
each with hand-written variants that hold and variants that must stay unread, and a long line
read in one pass:

- the event rows under a `kubectl describe ... | grep ...` command are a piece of the pod's
  rows (the grep dropped the rest): they rule no kill out (containerd-3781);
- a `docker ps` row of a running container dockershim named `k8s_<container>_<pod>_<namespace>
  _<uid>_<attempt>` gives that container's restart count, its attempt (naming.go,
  makeContainerName; R4.7) (containerd-3781);
- a `Reason:` line outside any state whose value only a terminated container carries
  (`OOMKilled`, never a pod's reason) is an ended instance's reason, its state's kind untold
  (kubevirt-project-infra-2383's `describe | grep Reason`).
"""

from __future__ import annotations

import pytest
from helpers import read_in_one_pass

from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.model import Cause, CountRange, Diagnosis
from kubesim.explain.readers.read import parse_record


def _answer(text: str) -> Diagnosis:
    ex = explain_records([parse_record(text, "r.txt")], ExplainOptions(suggest=False, phases=1))
    [c] = ex.containers
    assert c.answer is not None
    return c.answer


# ---------------------------------------------------------------- describe | grep: a piece

_ERRORED = ("  Warning  Unhealthy  12m (x42 over 6h51m)  kubelet, node-1  Readiness probe errored: "
            "rpc error: code = DeadlineExceeded desc = context deadline exceeded\n"
            "  Warning  Unhealthy  94s (x46 over 6h51m)  kubelet, node-1  Liveness probe errored: "
            "rpc error: code = DeadlineExceeded desc = context deadline exceeded\n")


@pytest.mark.parametrize("command", [
    '$ kubectl describe pod -n data zk-2 | grep "healthy\\|True"\n',
    "user@host:~$ kubectl describe po zk-2 | grep -i unhealthy\n",
    "$ kubectl describe pod zk-2 | egrep 'Warning'\n",
])
def test_rows_under_a_describe_grep_rule_no_kill_out(command):
    """The rows a grep kept are a piece: the kills they do not show are not ruled out."""
    a = _answer(command + _ERRORED)
    assert a.probe_kills.lo == 0 and a.probe_kills.hi is None


@pytest.mark.parametrize("command", [
    "$ kubectl describe pod -n data zk-2\n",  # the describe's rows, no grep
    "$ kubectl get events | grep zk-2\n",  # a grep, of another command
])
def test_rows_not_under_a_describe_grep_stay_whole(command):
    """No grep of the describe: the rows are whole. Short of the recorder's burst they show
    every failure, and errors kill nothing ({0, 0}); past it (x42 and x46: 88 occurrences) a
    liveness failure's row may be dropped whole (R4.43, the lead's stop-53 rule): {0, null}."""
    head = command + "Events:\n  Type  Reason  Age  From  Message\n  ----  ------  ----  ----  -------\n"
    short = _ERRORED.replace("x42 over", "x12 over").replace("x46 over", "x10 over")
    assert _answer(head + short).probe_kills == CountRange(0, 0)
    assert _answer(head + _ERRORED).probe_kills == CountRange(0, None)


# ---------------------------------------------------------------- dockershim's names

_DOCKER_PS = ("$ docker ps | grep zk-2\n"
              "0a50977d41d1   d43be510ec44   \"/entrypoint.sh\"   4 hours ago   {status}   "
              "k8s_zk_zk-2_data_00f410f0-4545-4624-af43-a711a052bda9_{attempt}\n"
              "90229e6740e5   k8s.gcr.io/pause:3.1   \"/pause\"   46 hours ago   Up 46 hours   "
              "k8s_POD_zk-2_data_00f410f0-4545-4624-af43-a711a052bda9_0\n")


@pytest.mark.parametrize(("status", "attempt"), [("Up 4 hours", 7), ("Up About an hour", 3),
                                                 ("Up 12 minutes", 0)])
def test_a_running_dockershim_name_gives_the_restart_count(status, attempt):
    """dockershim's attempt of the running instance is its restart count: at most that many
    kills (R4.7), under the grep'd describe's piece."""
    text = ('$ kubectl describe pod -n data zk-2 | grep "healthy\\|True"\n' + _ERRORED
            + _DOCKER_PS.format(status=status, attempt=attempt))
    a = _answer(text)
    assert a.probe_kills.hi == attempt


@pytest.mark.parametrize("text", [
    # an exited instance: its attempt is not the container's count now
    _DOCKER_PS.format(status="Exited (137) 4 hours ago", attempt=7),
    # a name that is not dockershim's (no UID)
    "$ docker ps\n0a50977d41d1   img   \"/e\"   4 hours ago   Up 4 hours   k8s_zk_zk-2_data_7\n",
])
def test_other_docker_rows_give_no_restart_count(text):
    a = _answer('$ kubectl describe pod -n data zk-2 | grep "healthy\\|True"\n' + _ERRORED + text)
    assert a.probe_kills.hi is None


# ---------------------------------------------------------------- a grep'd Reason: OOMKilled


@pytest.mark.parametrize("text", [
    "$ kubectl describe pod -n monitoring thanos-compact-0 | grep Reason\n"
    "      Reason:    OOMKilled\n",
    "```\nkubectl get pods | grep compact\nthanos-compact-0   1/1   Running   22 (9m39s ago)   5d\n"
    "```\n```\nkubectl describe pod thanos-compact-0 | grep Reason\n      Reason:    OOMKilled\n"
    "```\n",
    "$ kubectl describe pod web-1 | grep -i reason\n    Reason:       OOMKilled\n",
])
def test_a_grepped_reason_oomkilled_is_an_ended_instances(text):
    a = _answer(text)
    assert (a.cause, a.probe_kills) == (Cause.OOM_KILLED, CountRange(0, 0))


@pytest.mark.parametrize("text", [
    "$ kubectl describe pod web-1 | grep Reason\n      Reason:    Evicted\n",  # the pod's
    "$ kubectl describe pod web-1 | grep Reason\n      Reason:    OOMKilled?\n",  # asked
    "Why would the Reason: OOMKilled show up?\n",  # a question in prose
    "If you see `Reason: OOMKilled`, raise the memory limit.\n",  # a guide's conditional
])
def test_other_reasons_are_no_ended_instance(text):
    try:
        ex = explain_records([parse_record(text, "r.txt")],
                             ExplainOptions(suggest=False, phases=1))
    except Exception:  # refused: not a record explain reads
        return
    assert all(c.answer is None or c.answer.cause is not Cause.OOM_KILLED
               for c in ex.containers)


# ---------------------------------------------------------------- one pass


@pytest.mark.parametrize("text", [
    "$ kubectl describe pod x " + "| grep a " * 200_000,
    "0a50977d41d1 Up 4 hours " + "k8s_" * 500_000,
    "k8s_zk_" + "zk-2_" * 400_000 + "00f410f0-4545-4624-af43-a711a052bda9_7",
    "    Reason:    " + "OOMKilled" * 220_000,
])
def test_the_new_rules_read_a_long_line_in_one_pass(text):
    read_in_one_pass(text + "\n")
