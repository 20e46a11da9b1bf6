"""One parser of a kubectl command's words (readers/kubectl_command.py, issue 30's point 7):
kubectl's own flags that take a value, `--flag=value` and `-xvalue` forms, `--` ending the
flags; the readers that look at a command above what it printed read it through it."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import read_in_one_pass

from kubesim.errors import RecordError
from kubesim.explain.readers.by_hand import probe_run_by_hand
from kubesim.explain.readers.kubectl_command import (
    kubectl_command,
    kubectl_commands,
    pods_command,
)
from kubesim.explain.readers.normalise import normalise
from kubesim.explain.readers.pods_table import custom_columns_of
from kubesim.explain.readers.read import parse_record
from kubesim.explain.readers.runs import split_runs


@pytest.mark.parametrize("line, verb, resource, names, flags", [
    ("k describe pod/x -n y", "describe", "pod", ("x",), {"namespace": "y"}),
    ("kubectl -n y get pods x -o wide", "get", "pods", ("x",),
     {"namespace": "y", "output": "wide"}),
    ("kubectl logs x -c y --previous", "logs", None, ("x",),
     {"container": "y", "previous": None}),
    ("kubectl get pods --namespace=y", "get", "pods", (), {"namespace": "y"}),
    # pflag's one-letter forms: the value glued, or after `=`
    ("kubectl get po web-1 -oyaml -nshop", "get", "po", ("web-1",),
     {"output": "yaml", "namespace": "shop"}),
    ("kubectl get po web-1 -o=json", "get", "po", ("web-1",), {"output": "json"}),
    # flags whose values are no names (get's and the global ones)
    ("kubectl --context prod --kubeconfig /tmp/c get pods -l app=web --sort-by "
     ".status.startTime --field-selector status.phase=Running -L tier", "get", "pods", (),
     {"context": "prod", "kubeconfig": "/tmp/c", "selector": "app=web",
      "sort-by": ".status.startTime", "field-selector": "status.phase=Running",
      "label-columns": "tier"}),
    ("kubectl get -f web-1.yaml -o yaml", "get", None, (),
     {"filename": "web-1.yaml", "output": "yaml"}),
    # logs' `-f` is --follow (a switch), not --filename
    ("kubectl logs -f web-1 --since 1h --tail 20", "logs", None, ("web-1",),
     {"follow": None, "since": "1h", "tail": "20"}),
    ("kubectl logs deploy/web --all-containers=true", "logs", "deploy", ("web",),
     {"all-containers": "true"}),
    ("kubectl get pod/web-1 pod/web-2 -w", "get", "pod", ("web-1", "web-2"), {"watch": None}),
])
def test_a_commands_words_are_read_as_kubectl_reads_them(
        line: str, verb: str, resource: str | None, names: tuple[str, ...],
        flags: dict[str, Any]) -> None:
    [command] = kubectl_commands(line)
    assert (command.verb, command.resource, command.names, dict(command.flags)) == \
        (verb, resource, names, flags)


def test_double_dash_ends_the_flags() -> None:
    """exec's command after `--` is not kubectl's: its `-c` is no container."""
    command = kubectl_command("exec -it web-1 -c app -- sh -c true".split())
    assert (command.names, command.container, command.after) == \
        (("web-1",), "app", ("sh", "-c", "true"))
    assert kubectl_command(["get", "pods"]).after is None


def test_the_records_fields() -> None:
    command = kubectl_command("-n shop logs web-1 -c app -o json --previous=false".split())
    assert (command.namespace, command.container, command.output) == ("shop", "app", "json")
    assert command.of_pods() and not command.switch("previous")
    assert kubectl_command("get pods -A".split()).switch("all-namespaces")


@pytest.mark.parametrize("line, verbs", [
    ("$ kubectl get pod web -o yaml|less", ["get"]),  # a pipe glued to the last word
    ("cd charts && /usr/local/bin/kubectl describe pod web", ["describe"]),
    ("minikube kubectl -- get po web", ["get"]),  # minikube's own `--`
    ("kubectl get pods; oc describe pod web | grep -A5 Events", ["get", "describe"]),
    ("microk8s kubectl logs web", ["logs"]),
    # no kubectl on the line: no command
    ("echo get pods", []),
    ("helm get values web", []),
])
def test_the_commands_of_a_line(line: str, verbs: list[str]) -> None:
    assert [c.verb for c in kubectl_commands(line)] == verbs


@pytest.mark.parametrize("line, verb", [
    ("kubectl get svc web -o yaml", "get"),  # another kind's objects
    ("kubectl get deploy/web -o yaml", "get"),
    ("kubectl logs deploy/web", "logs"),
    ("kubectl get pods,svc", "get"),
    ("kubectl describe pod web", "get"),  # another verb
])
def test_a_command_of_other_objects_is_no_pods_command(line: str, verb: str) -> None:
    assert pods_command(line, verb) is None


def test_a_two_megabyte_command_line_is_read_in_one_pass() -> None:
    """Hostile input: 2 MB of words, of flags taking a value, and one word (it must finish;
    the suite's timeout bounds it)."""
    assert len(kubectl_commands("kubectl get pods " + "-n x " * 400_000)) == 1
    assert len(kubectl_commands("kubectl get " + "a|" * 1_000_000)) == 1
    read_in_one_pass("$ kubectl get pod web -o yaml " + "-l a " * 350_000 + "\n...\n"
                     "status:\n  phase: Failed\n  reason: Evicted\n")


# ------------------------------------------------------------- the callers, through it

_EVICTED = "...\nstatus:\n  message: 'low on memory'\n  phase: Failed\n  reason: Evicted\n"


def _pods(text: str) -> list[tuple[str | None, str | None]]:
    try:
        record = parse_record(text, "r.txt")
    except RecordError:
        return []
    return [(p.name, p.status_reason) for p in record.pods]


@pytest.mark.parametrize("command, name", [
    # a flag taking a value before the resource, `-o=yaml`: still `get pod NAME -o yaml`
    ("$ kubectl get -n shop pod web-1 -o yaml", "web-1"),
    ("$ kubectl get pod web-1 -o=yaml", "web-1"),
    ("$ kubectl --context prod get pods web-1 --output yaml", "web-1"),
    # a file's name is no pod's: the status is a pod's, its name not given
    ("$ kubectl get pod -f web-1.yaml -o yaml", None),
    ("$ kubectl get pod --sort-by web-1 -o yaml", None),
])
def test_a_pods_status_under_its_command_is_named_by_its_words(command: str,
                                                               name: str | None) -> None:
    assert _pods(command + "\n" + _EVICTED) == [(name, "Evicted")]


@pytest.mark.parametrize("command", [
    "$ kubectl get -n shop svc web -o yaml",  # another kind's
    "$ kubectl get pod web-1 -o json",  # not YAML
    "$ kubectl get pod web-1 --template yaml",  # `yaml` a template, no output's
])
def test_a_status_under_another_command_stays_unread(command: str) -> None:
    assert _pods(command + "\n" + _EVICTED) == []


@pytest.mark.parametrize("line, pod, container", [
    # a global flag taking a value before the pod: its value is no pod
    ("kubectl exec --as admin web-1 -- /bin/check readiness", "web-1", None),
    ("kubectl exec -capp web-1 -- /bin/check readiness", "web-1", "app"),
    ("kubectl exec pod/web-1 --container=app -- /bin/check readiness", "web-1", "app"),
])
def test_a_probe_run_by_hand_names_its_pod_and_container_by_kubectls_flags(
        line: str, pod: str, container: str | None) -> None:
    found = probe_run_by_hand(normalise(line + "\n# Exit code: 1\n"), 0, "r.txt")
    assert found is not None and (found.pod, found.event.container) == (pod, container)


@pytest.mark.parametrize("line", [
    "kubectl exec deploy/web -- /bin/check readiness",  # a Deployment's, no pod named
    "kubectl exec --as web-1 -- /bin/check readiness",  # `web-1` is --as's value
])
def test_a_probe_run_by_hand_in_no_named_pod_names_none(line: str) -> None:
    found = probe_run_by_hand(normalise(line + "\n# Exit code: 1\n"), 0, "r.txt")
    assert found is not None and found.pod is None


@pytest.mark.parametrize("command, columns", [
    ("kubectl get -n shop pods -o custom-columns=NAME:.metadata.name,R:.status.phase", 2),
    ("kubectl get pods -o 'custom-columns=NAME:.metadata.name,R:.status.phase'", 2),
    ("kubectl get pods --output=custom-columns=NAME:.metadata.name", 1),
])
def test_a_custom_columns_command_is_read_by_its_words(command: str, columns: int) -> None:
    said = custom_columns_of(command)
    assert said is not None and len(said) == columns


@pytest.mark.parametrize("command", [
    "kubectl get svc -o custom-columns=NAME:.metadata.name",  # another kind's
    "kubectl get pods -l custom-columns=NAME:.metadata.name",  # a selector's value
])
def test_a_custom_columns_command_of_no_pods_output_is_none(command: str) -> None:
    assert custom_columns_of(command) is None


_RUN_IN = "web-1 1/1 Running 0 9m web-2 1/1 Running 0 9m"


@pytest.mark.parametrize("command", [
    "$ kubectl get pods -n shop --sort-by .metadata.name",  # flags taking a value
    "$ kubectl get pods --watch=true",
])
def test_rows_run_into_a_get_pods_command_take_its_columns(command: str) -> None:
    for text in (f"{command} {_RUN_IN}\n", f"{command}\n{_RUN_IN}\n"):
        assert split_runs(text) is not None, text


@pytest.mark.parametrize("command", [
    "$ kubectl get pods -Lapp",  # a label's column, its name glued to -L (pflag)
    "$ kubectl get pods --show-labels=true",
    "$ kubectl get pods -o=name",
])
def test_rows_under_a_command_printing_other_columns_are_not_split(command: str) -> None:
    for text in (f"{command} {_RUN_IN}\n", f"{command}\n{_RUN_IN}\n"):
        assert split_runs(text) is None, text


_DESCRIBED = ("Containers:\n  app:\n    State:          Running\n    Last State:     Terminated\n"
              "      Reason:       OOMKilled\n      Exit Code:    137\n    Ready:          True\n"
              "    Restart Count:  3\n")


@pytest.mark.parametrize("command", [
    "$ kubectl describe pods -n shop web-1",  # a flag between the resource and the name
    "$ kubectl describe pod web-1|grep -A8 Containers",  # a pipe glued to the name
    "$ k describe po/web-1 --namespace=shop",
])
def test_a_describe_without_its_name_is_the_pod_its_command_names(command: str) -> None:
    [pod] = parse_record(command + "\n" + _DESCRIBED, "r.txt").pods
    assert pod.name == "web-1"


@pytest.mark.parametrize("command", [
    "$ kubectl describe pod <pod-name>",  # a placeholder names no pod
    "$ kubectl describe pod -l app=web",  # a selector's value is no name
    "$ kubectl describe pod --namespace web-1",  # a namespace's
    "$ kubectl describe svc web-1",  # another kind's
])
def test_a_describe_under_a_command_naming_no_pod_stays_unnamed(command: str) -> None:
    [pod] = parse_record(command + "\n" + _DESCRIBED, "r.txt").pods
    assert pod.name is None
