"""What a kubectl command line above a paste's output names: the pod a `kubectl describe pod
NAME` printed, the pod and container a `kubectl logs POD CONTAINER` or `kubectl exec POD -c
CONTAINER` ran against. Each reader takes the command's words (`command_args`: those after
its subcommand, up to the first pipe or shell operator), so that a shared parser of a kubectl
command's words may stand for `command_args` alone.

kubectl's own argument rules (staging's k8s.io/kubectl/pkg/cmd): `describe TYPE NAME` or
`describe TYPE/NAME` (describe.go); `logs POD [CONTAINER]`, `logs TYPE/NAME`, the container
also by `-c`/`--container` (logs.go: with two arguments the second is the container); `exec
POD -c CONTAINER -- COMMAND` (exec.go: the words after `--` are the command, and a second
argument before it is the command's too, in kubectl's deprecated form, never a container).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.names import LABEL, SUBDOMAIN

__all__ = ["CommandTarget", "command_args", "described_pod", "logs_target"]

# kubectl's flags whose value is the next word (`-n ns`, `--context x`, `-c app`, `--tail
# 50`); a flag with `=` holds its value (`--namespace=ns`)
_VALUED = frozenset({"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user",
                     "-l", "--selector", "-c", "--container", "-o", "--output", "--tail",
                     "--since", "--since-time", "--field-selector", "-s", "--server",
                     "--pod-running-timeout", "--limit-bytes", "--max-log-requests"})
_NAME = re.compile(SUBDOMAIN)
_CONTAINER = re.compile(LABEL)  # a container's name is a DNS label
_PODS = frozenset({"po", "pod", "pods"})
# the shell's operators that end the command's own words: a pipe (`| grep -C 3 OOMKilled`),
# a list, a redirection
_END = re.compile(r"\||;|&&|>|<")
_TOOL = re.compile(r"(?:^|[/$])(?:kubectl(?:\.sh)?|oc|k|kubecolor)$")


class CommandTarget(NamedTuple):
    """The pod a command ran against, its namespace where the command gives it (`-n`), and
    the container it names (None: none)."""

    pod: str
    namespace: str | None
    container: str | None


class _Args(NamedTuple):
    """A command's arguments (neither a flag nor a flag's value) and the values of its
    namespace and container flags."""

    positional: list[str]
    namespace: str | None
    container: str | None


def command_args(text: str, subcommand: str) -> list[str] | None:
    """The words after `subcommand` in a kubectl command line (its prompt, the tool's name
    and the flags before the subcommand aside), up to the first pipe or shell operator; None
    where the line is not that subcommand of kubectl's (or oc's, `k`'s)."""
    end = _END.search(text)
    words = (text if end is None else text[:end.start()]).split()
    for i, word in enumerate(words):
        if word == subcommand:
            return words[i + 1:] if any(_TOOL.search(w) for w in words[:i]) else None
    return None


def _args(words: list[str]) -> _Args:
    """The arguments of a command's words and its `-n`/`-c` values (`-n x`, `--namespace=x`,
    `-c x`, `--container=x`); the words after `--` are a command's own (exec), not read."""
    positional: list[str] = []
    values: dict[str, str] = {}
    j = 0
    while j < len(words) and words[j] != "--":
        word = words[j]
        if word in _VALUED:
            if j + 1 < len(words):
                values[word.lstrip("-")[:1]] = words[j + 1]
            j += 2
            continue
        if word.startswith("-"):
            flag, eq, value = word.partition("=")
            if eq and flag in ("-n", "--namespace", "-c", "--container"):
                values[flag.lstrip("-")[:1]] = value
        else:
            positional.append(word)
        j += 1
    return _Args(positional, values.get("n"), values.get("c"))


def _pod_name(word: str, typed: bool) -> str | None:
    """The pod a word names: `NAME` (where `typed`, the type given apart), or `pod/NAME`,
    `po/NAME`, `pods/NAME`; None for another type's (`deploy/x`, `node/x`) or no name."""
    kind, slash, name = word.partition("/")
    if slash:
        return name if kind.lower() in _PODS and _NAME.fullmatch(name) else None
    return word if typed and _NAME.fullmatch(word) else None


def described_pod(words: list[str]) -> str | None:
    """The pod `kubectl describe` names first in its words (`pod NAME`, `po NAME`,
    `pod/NAME`, flags anywhere: kubectl prints the pods in the order named, so the output's
    first lines are its; words after it may be a sentence a page ran into the command); None
    for another type (`deploy x`, `node x`) or no name (`<pod-name>`, a placeholder)."""
    positional = _args(words).positional
    if not positional:
        return None
    if "/" in positional[0]:
        return _pod_name(positional[0], typed=False)
    if positional[0].lower() in _PODS and len(positional) > 1:
        return _pod_name(positional[1], typed=True)
    return None


def logs_target(words: list[str], exec_: bool = False) -> CommandTarget | None:
    """The pod and container `kubectl logs` (or `exec`, `exec_`) names in its words: the pod
    its first argument (`POD`, `pod/NAME`; another type's, `deploy/x`, names none), the
    container `-c`'s value or, for logs, the second argument; None without a pod."""
    args = _args(words)
    if not args.positional:
        return None
    pod = _pod_name(args.positional[0], typed=True)
    if pod is None:
        return None
    container = args.container
    if container is None and not exec_ and len(args.positional) == 2:
        container = args.positional[1]
    if container is not None and not _CONTAINER.fullmatch(container):
        container = None
    return CommandTarget(pod, args.namespace, container)
