"""What a kubectl command line above a paste's output names: the pod a `kubectl describe pod
NAME` printed, the pod and container a `kubectl logs POD CONTAINER` or `kubectl exec POD -c
CONTAINER` ran against. The command's words are read once, by kubectl_command.py (the one
reader of kubectl's flags); these functions read what the command names.

kubectl's own argument rules (staging's k8s.io/kubectl/pkg/cmd): `describe TYPE NAME` or
`describe TYPE/NAME` (describe.go); `logs POD [CONTAINER]`, `logs TYPE/NAME`, the container
also by `-c`/`--container` (logs.go: with two arguments the second is the container); `exec
POD -c CONTAINER -- COMMAND` (exec.go: the words after `--` are the command, and a second
argument before it is the command's too, in kubectl's deprecated form, never a container).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.kubectl_command import KubectlCommand, kubectl_commands
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.names import LABEL, SUBDOMAIN

__all__ = ["CommandTarget", "described_pod", "logs_target", "pod_by_command",
           "target_by_command"]

_NAME = lazy_regex(SUBDOMAIN)
_CONTAINER = lazy_regex(LABEL)  # a container's name is a DNS label
# a generated object's name, which no resource type's word is: a DNS label holding a `-` and
# a digit (a StatefulSet's `web-0`, a ReplicaSet's `api-7f8b6c4d9-x2k`); no built-in type's
# name, plural or short name (`kubectl api-resources`) holds both
_TYPELESS = lazy_regex(r"(?=[^-]*-)(?=\D*\d)" + LABEL)


class CommandTarget(NamedTuple):
    """The pod a command ran against, its namespace where the command gives it (`-n`), and
    the container it names (None: none)."""

    pod: str
    namespace: str | None
    container: str | None


def described_pod(command: KubectlCommand) -> str | None:
    """The pod a `kubectl describe` of pods names first (`pod NAME`, `po NAME`, `pod/NAME`,
    flags anywhere: kubectl prints the pods in the order named, so the output's first lines
    are its; words after it may be a sentence a page ran into the command); a pod's name
    written where the type goes (`_typeless_pod`); None for another type (`deploy x`, `node
    x`) or no name (`<pod-name>`, a placeholder)."""
    if command.verb != "describe" or command.resource is None:
        return None
    if not command.of_pods():
        return _typeless_pod(command)
    if not command.names or not _NAME.fullmatch(command.names[0]):
        return None
    return command.names[0]


def _typeless_pod(command: KubectlCommand) -> str | None:
    """The pod `describe NAME` names, its type left out (`oc describe web-7d4b9-x2k`): the
    word kubectl reads as a type (describe.go: `describe TYPE NAME`) is a generated object's
    name where it is no type's name and no type's word could be (a `-` and a digit, no `.`:
    `web-0`, `api-7f8b6c4d9-x2k`; a type's word is letters, `deploy`, `nodes`,
    `certificates.cert-manager.io`) and the command names nothing after it. kubectl answers
    such a command with its error and prints no describe, so output under it is the
    author's describe of that pod, the word `pod` dropped in the paste. None otherwise."""
    word = command.resource or ""
    if command.names or not _TYPELESS.fullmatch(word):
        return None
    return word


def logs_target(command: KubectlCommand) -> CommandTarget | None:
    """The pod and container `kubectl logs` (or `exec`) names: the pod its first argument
    (`POD`, `pod/NAME`; another type's, `deploy/x`, names none), the container `-c`'s value
    or, for logs, the second argument; None without a pod."""
    if command.verb not in ("logs", "exec") or not command.of_pods() or not command.names:
        return None
    pod = command.names[0]
    if not _NAME.fullmatch(pod):
        return None
    container = command.container
    if container is None and command.verb == "logs" and len(command.names) == 2:
        container = command.names[1]
    if container is not None and not _CONTAINER.fullmatch(container):
        container = None
    return CommandTarget(pod, command.namespace, container)


def pod_by_command(text: str) -> str | None:
    """The pod the first `kubectl describe` of a command line names (`described_pod`)."""
    command = next((c for c in kubectl_commands(text) if c.verb == "describe"), None)
    return None if command is None else described_pod(command)


def target_by_command(text: str) -> CommandTarget | None:
    """The pod and container the first `kubectl logs` or `kubectl exec` of a command line
    names (`logs_target`)."""
    command = next((c for c in kubectl_commands(text) if c.verb in ("logs", "exec")), None)
    return None if command is None else logs_target(command)
