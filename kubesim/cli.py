"""The `kubesim` command. The only module that prints or exits.

Exit codes: 0 the command ran (for `check`: nothing at or above the failing severity); 1
findings (`check`); 2 bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NoReturn

from . import __path__, __version__, cmd_run
from .errors import KubesimError, UsageError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors in kubesim's own format (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"kubesim: error: {self.prog}: {message} (see {self.prog} --help)\n")


def _commands() -> list[ModuleType]:
    """Every `cmd_*.py` module: add_parser(subparsers) and run(args) -> (text, exit code)."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("cmd_"))
    names.remove("cmd_run")
    return [cmd_run, *(importlib.import_module(f"{__package__}.{n}") for n in names)]


COMMANDS = _commands()


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kubesim", description="What would the kubelet do? Simulate Kubernetes probes.")
    parser.add_argument("--version", action="version", version=f"kubesim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _write(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    target = Path(output)
    if target.is_dir():
        raise UsageError("--output is a directory, expected a file path", source=output)
    if not target.parent.is_dir():
        raise UsageError(f"--output: no such directory {str(target.parent)!r}", source=output)
    # nothing half-written: write a sibling temp file, then rename it over the target, with
    # the mode a shell redirect would give (or the existing file's)
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"cannot write: {exc.strerror}", source=output) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `kubesim` console script; returns the exit code."""
    args = _parser().parse_args(argv)
    name = args.command.replace("-", "_")
    command = next(c for c in COMMANDS if c.__name__.endswith(f".cmd_{name}"))
    try:
        if getattr(command, "TAKES_PROGRESS", False):  # a live progress line on stderr
            text, code = command.run(args, progress=sys.stderr)
        else:
            text, code = command.run(args)
        _write(text, getattr(args, "output", None))
    except KubesimError as exc:
        one_line = " ".join(str(exc).split("\n"))
        print(f"kubesim: error: {one_line}", file=sys.stderr)
        return 2
    return code
