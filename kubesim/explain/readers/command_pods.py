"""What the kubectl command above a paste's output tells of the pod it printed (the corpus
README's command rule, issue 30's explain on real pastes).

- A describe's output is the pod its command names: kubectl describes the pod its command
  names, and a `describe | grep` prints the lines of that describe the grep matched. Where a
  paste holds the output of two describe commands or more (two fences, or one fence with two
  commands), each output that shows no `Name:` line of its own is that command's pod
  (`kubectl describe pod NAME`, `pod/NAME`, `po NAME`, `-n ns` anywhere): read with its pod's
  `Name:` where its command stands, so two outputs are two pods, not one pod's lines told
  twice. One such output alone is named by `paste._name_by_command`, as before. A command
  naming another type (`describe deploy x`, `describe node x`) or no output under it names
  nothing.
- `kubectl logs POD CONTAINER` (or `-c CONTAINER`, `--container=CONTAINER`) and `kubectl exec
  POD -c CONTAINER` name a container of that pod: the API server runs them only against a
  container of the pod's spec (kubectl's logs.go and exec.go; `error: container X is not
  valid for pod P` otherwise). The record so names the container, not its state: the log
  under the command is the app's, which says nothing of how the container ended. Read only
  where the record shows the pod otherwise (a `get pods` row, a describe): the command alone
  is no record of a pod. `kubectl logs POD` with no container, `kubectl logs deploy/x` and a
  command answered by kubectl's error name none.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.command_words import (
    CommandTarget,
    pod_by_command,
    target_by_command,
)
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import ContainerRecord, Note, PodRecord, RecordSet, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine

__all__ = ["described_names", "described_notes", "named_containers"]

_NAME_LINE = re.compile(r"Name:[ \t]+\S")  # describe's pod `Name:`, at column 0
# kubectl's answer to a command it could not run (`error: container x is not valid for pod
# y`, `Error from server (NotFound): pods "y" not found`)
_ERROR = lazy_regex(r"\s*(?:error:|Error from server\b)")


class _Output(NamedTuple):
    """The describe lines under one command (or under none, above the first): the command;
    whether they show their pod's `Name:` at column 0 (then no command names them); and
    whether they show a `Name:` at their own margin (the indentation of their first line: a
    paste indented as a whole, hcloud-ccm-971's other tool's `Name:` in a code block)."""

    command: PasteLine | None
    named: bool
    headed: bool


def described_names(lines: list[PasteLine], describe: list[PasteLine]) -> dict[int, str]:
    """The pods the commands above describe's lines name, by the command's line number: each
    command whose output (the describe lines under it, up to the next command) shows no
    `Name:` line, where the describe lines fall under two commands or more (one pass)."""
    outputs = _outputs(lines, {x.number for x in describe})
    # two outputs at least, each a command's or one headed by its own `Name:`: lines under no
    # command that show no `Name:` (rows pasted above the one command, a document's rows that
    # a diff's hunk cut above it: website-21370) are no output told apart from the command's,
    # and one command's output alone is named by `paste._name_by_command`
    if sum(1 for x in outputs if x.command is not None or x.headed) < 2:
        return {}
    names: dict[int, str] = {}
    for x in outputs:
        pod = None if x.command is None or x.named else pod_by_command(x.command.text)
        if x.command is not None and pod is not None:
            names[x.command.number] = pod
    return names


def _outputs(lines: list[PasteLine], numbers: set[int]) -> list[_Output]:
    """The describe lines (`numbers`) told apart by the command above them (`_Output`)."""
    outputs: list[_Output] = []
    command: PasteLine | None = None
    margin: str | None = None  # the current output's first line's indentation
    for x in lines:
        if x.kind is LineKind.COMMAND:
            command, margin = x, None
        elif x.number in numbers:
            if margin is None:
                margin = x.text[:len(x.text) - len(x.text.lstrip(" \t"))]
                outputs.append(_Output(command, False, False))
            named = outputs[-1].named or _NAME_LINE.match(x.text) is not None
            headed = outputs[-1].headed or (x.text.startswith(margin) and _NAME_LINE.match(
                x.text, len(margin)) is not None)
            outputs[-1] = _Output(command, named, headed)
    return outputs


def described_notes(names: dict[int, str], source: str) -> list[Note]:
    """What `described_names` read, said once a command."""
    return [Note(f"line {n}: the describe output under this command shows no Name: line: "
                 f"read as pod {pod}'s, which the command names (each command's output its "
                 "own pod's)", Where(source, n)) for n, pod in sorted(names.items())]


def _refused(lines: list[PasteLine], i: int) -> bool:
    """Whether kubectl answered the command at `lines[i]` with its error (the first content
    line under it)."""
    after = next((x for x in lines[i + 1:i + 8] if x.kind is not LineKind.BLANK
                  and x.kind is not LineKind.MARKUP), None)
    return after is not None and after.kind is LineKind.CONTENT and \
        _ERROR.match(after.text) is not None


def _shows(found: RecordSet, target: CommandTarget) -> bool:
    """Whether the record shows the command's pod otherwise: a pod of its name, in its
    namespace where both give one (a pod's key is its namespace and name)."""
    return any(p.name == target.pod and (None in (p.namespace, target.namespace)
                                         or p.namespace == target.namespace)
               for p in found.pods)


def named_containers(found: RecordSet, lines: list[PasteLine], source: str) -> None:
    """The containers `kubectl logs POD CONTAINER` and `kubectl exec POD -c CONTAINER` name,
    each a container of the pod the record shows of that name (module docstring): added to
    the record as a piece of that pod naming the container and nothing of its state."""
    for i, line in enumerate(lines):
        if line.kind is not LineKind.COMMAND or ("logs" not in line.text
                                                 and "exec" not in line.text):
            continue
        target = target_by_command(line.text)
        if target is None or target.container is None or _refused(lines, i) or \
                not _shows(found, target):
            continue
        where = Where(source, line.number)
        found.pods.append(PodRecord(
            target.pod, where, namespace=target.namespace, formats=["command"],
            containers=[ContainerRecord(target.container, where)]))
        found.notes.append(Note(
            f"line {line.number}: the command names container {target.container} of pod "
            f"{target.pod}: read as naming it (the output under it is the app's, no state)",
            where))
