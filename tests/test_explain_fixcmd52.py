"""The two rules of fixcmd52 (held-out batches 52 and 53, issue 30: explain on real pastes),
each with hand-written variants that hold and variants that must stay unread, and long lines
read in one pass:

- the command line above a describe's output (or a `describe | grep`'s) names its pod: where
  a paste holds two such outputs or more, each without a `Name:` line is its command's pod's,
  so two fences are two pods (sentry-kubernetes-charts-1491);
- `kubectl logs POD CONTAINER` (`-c`, `--container=`) and `kubectl exec POD -c CONTAINER`
  name a container of the pod the record shows, not its state (pso-explorer-4, whose logs
  command's prompt `$` is glued to `kubectl`).
"""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.errors import UsageError
from kubesim.explain.readers.command_words import (
    described_pod,
    logs_target,
    pod_by_command,
    target_by_command,
)
from kubesim.explain.readers.kubectl_command import kubectl_command
from kubesim.explain.readers.normalise import LineKind, normalise
from kubesim.explain.readers.read import parse_record, pod_groups


def _pods(text: str) -> list[str | None]:
    return sorted((p.name or "") for p in pod_groups([parse_record(text, "r.txt")]))


# ------------------------------------------------------ a describe's output, its command's pod

_GREPPED = ("    State:          Running\n"
            "      Started:      Sat, 28 Sep 2024 07:04:34 +0600\n"
            "    Last State:     Terminated\n"
            "      Reason:       {reason}\n"
            "      Exit Code:    {code}\n"
            "      Started:      Sat, 28 Sep 2024 06:56:46 +0600\n"
            "      Finished:     Sat, 28 Sep 2024 06:59:31 +0600\n")
_OOM = _GREPPED.format(reason="OOMKilled", code=137)
_ERROR = _GREPPED.format(reason="Error", code=1)


def _two_fences(first: str, second: str, out1: str = _OOM, out2: str = _ERROR) -> str:
    return (f"### Describe the bug\n\n```\n{first}\n{out1}```\nand\n```\n{second}\n{out2}```\n\n"
            "### Expected behavior\n\nno OOMKilled\n")


@pytest.mark.parametrize(("first", "second"), [
    ("k describe pod -n test kafka-1 | grep -C 3 OOMKilled",
     "k describe pod -n test kafka-2 | grep -C 3 OOMKilled"),
    ("$ kubectl describe pod kafka-1 | grep -A 5 State",
     "$ kubectl describe pod kafka-2 | grep -A 5 State"),
    ("kubectl describe --namespace=test po kafka-1 | grep -B2 -A4 Last",
     "kubectl describe --namespace=test po kafka-2 | grep -B2 -A4 Last"),
    ("user@host:~$ kubectl -n test describe pod/kafka-1", "user@host:~$ kubectl -n test "
     "describe pods/kafka-2"),
    ("# oc describe pod kafka-1 -n test", "# oc describe pod kafka-2 -n test"),
])
def test_two_describe_outputs_are_their_commands_pods(first, second):
    text = _two_fences(first, second)
    assert _pods(text) == ["kafka-1", "kafka-2"]
    one = explained_answer(text, pod="kafka-1")
    assert one.cause.value == "oom-killed" and (one.probe_kills.lo, one.probe_kills.hi) == (0, 0)
    two = explained_answer(text, pod="kafka-2")
    assert two.cause.value != "oom-killed"


def test_one_fence_with_two_commands_is_two_pods():
    text = ("```\n$ kubectl describe pod kafka-1 | grep -C 3 OOMKilled\n" + _OOM +
            "$ kubectl describe pod kafka-2 | grep -C 3 OOMKilled\n" + _ERROR + "```\n")
    assert _pods(text) == ["kafka-1", "kafka-2"]
    assert explained_answer(text, pod="kafka-1").cause.value == "oom-killed"


def test_a_describe_with_its_name_beside_a_grepped_output_of_another_pod():
    text = ("```\n$ kubectl describe pod kafka-1\nName:         kafka-1\nNamespace:    test\n"
            "Containers:\n  kafka:\n" + _OOM + "```\n```\n$ kubectl describe pod kafka-2 | "
            "grep -A 6 Last\n" + _ERROR + "```\n")
    assert _pods(text) == ["kafka-1", "kafka-2"]
    assert explained_answer(text, pod="kafka-1").cause.value == "oom-killed"


@pytest.mark.parametrize(("first", "second"), [
    # another resource's describe names no pod: the outputs stay one unnamed pod's, as before
    ("kubectl describe deploy kafka | grep -C 3 OOMKilled",
     "kubectl describe node worker-1 | grep -C 3 OOMKilled"),
    ("kubectl describe deployment/kafka", "kubectl describe nodes"),
    # a placeholder, and a describe of every pod
    ("kubectl describe pod <pod-name>", "kubectl describe pods"),
])
def test_describe_commands_naming_no_one_pod_name_nothing(first, second):
    assert _pods(_two_fences(first, second)) == [""]


def test_a_command_with_no_output_under_it_names_nothing():
    # the first command printed nothing the paste kept: one output, its command's pod (as
    # before this rule: `paste._name_by_command`), and no pod named by the empty command
    text = ("```\n$ kubectl describe pod kafka-1 | grep OOMKilled\n```\nthen\n```\n"
            "$ kubectl describe pod kafka-2 | grep -C 3 OOMKilled\n" + _OOM + "```\n")
    assert _pods(text) == ["kafka-2"]


@pytest.mark.parametrize(("words", "pod"), [
    ("pod -n test kafka-1", "kafka-1"),
    ("--namespace=test po kafka-1", "kafka-1"),
    ("-n test pod/kafka-1", "kafka-1"),
    ("pods kafka-1 --context prod", "kafka-1"),
    ("pod", None),
    ("deploy kafka", None),
    ("node/worker-1", None),
    ("pod kafka-1 kafka-2", "kafka-1"),  # the first (its lines first)
    ("pod kafka-1 -n prodAbout two thirds of the way down", "kafka-1"),  # prose run into it
    ("pod <pod-name>", None),
])
def test_described_pod(words, pod):
    assert described_pod(kubectl_command(["describe", *words.split()])) == pod


def test_command_lines_stop_at_the_pipe_and_need_kubectl():
    assert pod_by_command("$ k describe pod a | grep -C 3 b") == "a"
    assert target_by_command("$kubectl logs a b | tail") == ("a", None, "b")
    assert target_by_command("$kubectl logs a b > out.txt") == ("a", None, "b")
    assert pod_by_command("I ran describe pod a") is None
    assert target_by_command("$ helm logs a b") is None


# ------------------------------------------------------ `kubectl logs POD CONTAINER`: a name

_ROW = ("I tried to deploy it without success.\n```\n$ kubectl get po -n ns\n"
        "NAME                   READY   STATUS             RESTARTS   AGE\n"
        "web-649f8b9767-pffpq   1/2     CrashLoopBackOff   6          9m4s\n```\n\n```\n")
_LOG = "Starting nginx: nginx.\n[20-Jul-2020 07:32:56] NOTICE: ready to handle connections\n```\n"


@pytest.mark.parametrize("command", [
    "$kubectl logs -n ns web-649f8b9767-pffpq app",  # the prompt glued to kubectl
    "$ kubectl logs web-649f8b9767-pffpq app",
    "$ kubectl logs web-649f8b9767-pffpq -c app --tail 50",
    "$ kubectl logs --container=app -n ns pod/web-649f8b9767-pffpq",
    "$ k logs -f web-649f8b9767-pffpq --container app",
    "$ kubectl exec -it web-649f8b9767-pffpq -c app -- cat /etc/nginx/nginx.conf",
])
def test_a_logs_or_exec_command_names_a_container_of_the_pod(command):
    a = explained_answer(_ROW + command + "\n" + _LOG, container="app")
    # the row's RESTARTS sums both containers': app's kills at most 6, one more for the
    # back-off (README's get-pods rule); the log is the app's, no end of it
    assert a.cause.value == "cannot-tell" and a.failed == ()
    assert (a.probe_kills.lo, a.probe_kills.hi) == (0, 7)
    assert a.shows_failures


def test_a_named_container_beside_a_row_of_no_end_shows_nothing():
    # RESTARTS 0, Running: the row shows no end of any container, so none of app's either
    row = _ROW.replace("CrashLoopBackOff   6", "Running            0")
    a = explained_answer(row + "$ kubectl logs web-649f8b9767-pffpq app\n" + _LOG, container="app")
    assert not a.shows_failures and (a.probe_kills.lo, a.probe_kills.hi) == (0, 0)


_REFUSED = "error: container app is not valid for pod web-649f8b9767-pffpq\n```\n"


@pytest.mark.parametrize(("command", "log"), [
    ("$ kubectl logs web-649f8b9767-pffpq", _LOG),  # no container named
    ("$ kubectl logs deploy/web app", _LOG),  # a Deployment's pod: which, not told
    ("$ kubectl exec web-649f8b9767-pffpq -- sh -c 'ls app'", _LOG),  # the command's words
    ("$ kubectl exec web-649f8b9767-pffpq ls", _LOG),  # the deprecated form: `ls` a command
    ("$ kubectl logs other-pod-0 app", _LOG),  # a pod the record does not show otherwise
    ("$ kubectl logs <pod-name> -c app", _LOG),  # a placeholder
    ("$ kubectl logs web-649f8b9767-pffpq app", _REFUSED),  # kubectl refused it
    ("I ran kubectl logs web-649f8b9767-pffpq app", _LOG),  # prose, no command line
])
def test_commands_naming_no_container_of_the_pod_leave_it_unnamed(command, log):
    with pytest.raises(UsageError, match="names no container"):
        explained_answer(_ROW + command + "\n" + log, container="app")


def test_a_logs_command_of_another_namespace_names_no_container_of_the_pod():
    row = ("```\n$ kubectl get pods -A\nNAMESPACE   NAME                   READY   STATUS"
           "             RESTARTS   AGE\nns          web-649f8b9767-pffpq   1/2     "
           "CrashLoopBackOff   6          9m4s\n```\n\n```\n")
    command = "$ kubectl logs -n {} web-649f8b9767-pffpq app\n"
    assert explained_answer(row + command.format("ns") + _LOG, container="app").shows_failures
    with pytest.raises(UsageError, match="names no container"):
        explained_answer(row + command.format("other") + _LOG, container="app")


@pytest.mark.parametrize(("words", "target"), [
    ("web-0 app", ("web-0", None, "app")),
    ("-n ns web-0 -c app", ("web-0", "ns", "app")),
    ("--namespace=ns pods/web-0 --container=app", ("web-0", "ns", "app")),
    ("web-0", ("web-0", None, None)),
    ("deploy/web app", None),
    ("<pod> app", None),
])
def test_logs_target(words, target):
    assert logs_target(kubectl_command(["logs", *words.split()])) == target


def test_exec_names_a_container_by_its_flag_alone():
    assert logs_target(kubectl_command("exec web-0 ls".split())) == ("web-0", None, None)
    assert logs_target(kubectl_command("exec web-0 -c app -- ls".split())) == \
        ("web-0", None, "app")


@pytest.mark.parametrize(("line", "kind"), [
    ("$kubectl logs web-0 app", LineKind.COMMAND),
    ("[me@host ~]$kubectl get pods", LineKind.COMMAND),
    ("$kubectlx logs web-0", LineKind.CONTENT),
    ("$k logs web-0", LineKind.CONTENT),  # a shell variable's name, maybe
    ("$KUBECTL logs web-0", LineKind.CONTENT),
])
def test_a_prompt_glued_to_kubectl_is_a_command(line, kind):
    [x] = normalise(line + "\n")
    assert x.kind is kind


# ------------------------------------------------------ one pass

@pytest.mark.parametrize("text", [
    "$kubectl logs web-0 " + "-c x " * 420_000 + "\n",
    "$kubectl" + " -n" * 700_000 + "\n",
    "```\nk describe pod -n t " + "x-" * 1_050_000 + "a | grep C\n" + _OOM + "```\n```\n"
    "k describe pod b | grep -C 3 OOM\n" + _OOM + "```\n",
    "```\n$ kubectl describe " + "pod " * 530_000 + "\n" + _OOM + "$ kubectl describe pod b\n"
    + _OOM + "```\n",
])
def test_long_command_lines_are_read_in_one_pass(text):
    assert len(text) > 2_000_000
    read_in_one_pass(text)
