"""The contract between `kubesim.cli.main` and a command's module (`kubesim.cli.run`, ...): the
module has `add_parser(subparsers)`, which registers the command and its options, and
`run(args)`, which does the work and returns a `CommandResult`. Only `main` writes the result
and exits. Imports nothing heavy: `kubesim --help` loads it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import NamedTuple, Protocol

__all__ = ["BehaviourFile", "Command", "CommandResult"]


class CommandResult(NamedTuple):
    """What a command gives back to `main`, read by name (a NamedTuple, not a dataclass:
    `kubesim --help` does not import dataclasses).

    `text` is the command's output (to stdout or --output): one string, or pieces that are
    written as they come (a long JSON document). `code` is the exit code. `note` is a line, or
    lines, for the person at the terminal (how long a sweep took, one line per bad input
    file), said on stderr once the output is written, never part of the output."""

    text: str | Iterable[str]
    code: int = 0
    note: str | list[str] | None = None


class BehaviourFile(NamedTuple):
    """One --scenario or --trace of `check` and `suggest`, kept in command-line order."""

    kind: str  # "scenario" or "trace"
    path: str


class Command(Protocol):
    """A command's module, as `main` uses it."""

    def add_parser(self, sub: argparse._SubParsersAction) -> None:
        """Register the command and its options."""

    def run(self, args: argparse.Namespace, /) -> CommandResult:
        """Do the work the parsed command line asks for."""
