"""The `kubesim` command. The only module that prints or exits.

Exit codes: 0 the command ran (for `check`: nothing at or above the failing severity); 1
findings (`check`); 2 bad input (one line on stderr, no traceback).

Everything written here leaves through the output edge (kubesim.render.edge): a command's text
(to stdout or --output) through `edge.text`, every line on stderr (errors, argparse's usage
errors, notes) through `edge.one_line`, so that no input can put a control character, an
escape sequence, a bidi override or a CI workflow command into a terminal or a log. Every
command takes `--` to end its options: what follows is a file, whatever its name.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import NoReturn

from kubesim import __version__
from kubesim.errors import KubesimError
from kubesim.render import edge

__all__ = ["COMMANDS", "main"]

# Every command: its module in kubesim.cli and its one-line help. A command's module (and all
# it imports: numpy, pydantic models, matplotlib) is imported only when that command is
# chosen; `kubesim --help` imports none of them.
COMMANDS = {
    "run": ("run", "simulate one pod against an app behaviour"),
    "windows": ("windows", "exact protection windows of a container's probes"),
    "check": ("check", "check probe configs in manifests; exit 1 on findings (CI gate)"),
    "suggest": ("suggest", "the smallest probe change that fixes check's findings"),
    "rules": ("rules", "list the checks of kubesim check, or print one check's page"),
    "sweep": ("sweep", "run a grid of probe settings x scenario parameters"),
    "fleet": ("fleet", "N replicas of a pod sharing an outage: capacity over time"),
    "plot": ("plot", "plot a saved run or sweep JSON document as PNG"),
    "capture": ("capture", "record a service's health endpoints as a trace"),
    "import-blackbox": ("import_blackbox", "turn a Prometheus blackbox_exporter export into a trace"),
}


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors in kubesim's own format (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, edge.one_line(f"kubesim: error: {self.prog}: {message} (see {self.prog} "
                                   "--help)") + "\n")


def _module(name: str) -> ModuleType:
    """The module of command `name`: add_parser(subparsers) and run(args) -> (text, code), or
    (text, code, note): a line for stderr once the output is written."""
    return importlib.import_module(f"kubesim.cli.{COMMANDS[name][0]}")


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def _parser(chosen: str | None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kubesim", description="What would the kubelet do? Simulate Kubernetes probes.")
    parser.add_argument("--version", action="version", version=f"kubesim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, (_, help_) in COMMANDS.items():
        if name == chosen:
            _module(name).add_parser(sub)
        else:  # listed in --help; parsed in full only when chosen
            sub.add_parser(name, help=help_, add_help=False)
    return parser


def _write(text: str | Iterable[str], output: str | None) -> None:
    """The command's text (a string, or pieces written as they come) through the text edge,
    to stdout, or to --output through the safe writer (kubesim.files): regular files only,
    replaced atomically, never half-written."""
    pieces = [text] if isinstance(text, str) else text
    if output is None:
        for piece in edge.text_stream(pieces):
            sys.stdout.write(piece)
        return
    from kubesim.files import write_output
    write_output(output, edge.text_stream(pieces))


def _say(line: str) -> None:
    """One line on stderr, through the edge."""
    sys.stderr.write(edge.one_line(line) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `kubesim` console script; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser(_chosen(argv)).parse_args(argv)
    command = _module(args.command)
    try:
        output = getattr(args, "output", None)
        if output is not None:  # an unusable --output fails before any work
            from kubesim.files import check_output_path
            check_output_path(output)
        if getattr(command, "TAKES_PROGRESS", False):  # a live progress line on stderr
            result = command.run(args, progress=sys.stderr)
        else:
            result = command.run(args)
        text, code = result[0], result[1]
        _write(text, output)
        if len(result) > 2 and result[2]:  # a note for the person (timing): once all is done
            _say(result[2])
    except KubesimError as exc:
        _say(f"kubesim: error: {exc}")  # one line: a newline in the message shows as \n
        return 2
    return code
