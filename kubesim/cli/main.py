"""The `kubesim` command. The only module that prints or exits.

Exit codes: 0 the command ran (for `check`: nothing at or above the failing severity); 1
findings (`check`); 2 bad input (one line on stderr, no traceback); 141 standard output was
closed by its reader (`| head`), nothing said.

Everything written here leaves through the output edge (kubesim.render.edge): a command's text
(to stdout or --output) through `edge.text`, every line on stderr (errors, argparse's usage
errors, notes) through `edge.one_line`, so that no input can put a control character, an
escape sequence, a bidi override or a CI workflow command into a terminal or a log. Every
command takes `--` to end its options: what follows is a file, whatever its name.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple, NoReturn, cast

from kubesim import __version__, compiled
from kubesim.cli.command import BehaviourFile, Command
from kubesim.errors import KubesimError
from kubesim.render import edge

if TYPE_CHECKING:
    from importlib.abc import Loader
    from importlib.machinery import ModuleSpec

__all__ = ["COMMANDS", "EXIT_STDOUT_CLOSED", "INPUTS", "OUTPUTS", "CommandInfo", "main",
           "parse", "process_main"]

EXIT_STDOUT_CLOSED = 128 + 13  # 128 + SIGPIPE: what a shell shows for `grep ... | head -1`

class CommandInfo(NamedTuple):
    """A command as the command line lists it: its module in kubesim.cli, its one-line help,
    and whether its `run` takes `progress`, the stream a live progress line may be drawn on
    (stderr)."""

    module: str
    help: str
    progress: bool = False


# Every command. A command's module (and all it imports: numpy, pydantic models, matplotlib)
# is imported only when that command is chosen; `kubesim --help` imports none of them.
COMMANDS = {
    "run": CommandInfo("run", "simulate one pod against an app behaviour"),
    "windows": CommandInfo("windows", "exact protection windows of a container's probes"),
    "check": CommandInfo("check", "check probe configs in manifests; exit 1 on findings (CI "
                         "gate)"),
    "suggest": CommandInfo("suggest", "the smallest probe change that fixes check's "
                           "findings"),
    "rules": CommandInfo("rules", "list the checks of kubesim check, or print one check's "
                         "page"),
    "explain": CommandInfo("explain", "explain a pod's restarts from its record (describe, "
                           "pod, events)"),
    "mcp": CommandInfo("mcp", "serve check, run, windows, suggest and explain as MCP tools "
                       "(stdio)"),
    "sweep": CommandInfo("sweep", "run a grid of probe settings x scenario parameters"),
    "fleet": CommandInfo("fleet", "N replicas of a pod sharing an outage: capacity over time"),
    "plot": CommandInfo("plot", "plot a saved run or sweep JSON document as PNG"),
    "capture": CommandInfo("capture", "record a service's health endpoints as a trace",
                           progress=True),
    "import-blackbox": CommandInfo("import_blackbox", "turn a Prometheus blackbox_exporter "
                                   "export into a trace"),
}


# What every command writes (argument name -> its flag) and reads (argument names): a
# command may not write one file twice, nor over one of its inputs (kubesim.files).
OUTPUTS = {"output": "--output", "png": "--output", "trace_file": "--output", "plot": "--plot",
           "html": "--html", "app_log": "--app-log"}
INPUTS = ("spec", "paths", "scenario", "trace", "behaviours", "new", "new_scenario",
          "expectations", "config", "result", "files", "records")


def _files(args: argparse.Namespace) -> tuple[dict[str, str], list[str]]:
    """The outputs (flag -> path) and the inputs the parsed arguments name (every name of
    OUTPUTS and INPUTS is an attribute of every parsed command line: `_parser` declares them,
    None unless the command sets them)."""
    named = vars(args)
    outputs = {}
    for name, flag in OUTPUTS.items():
        value = named[name]
        if isinstance(value, str):
            outputs[flag if flag not in outputs else f"{flag} ({name})"] = value
    inputs: list[str] = []
    for name in INPUTS:
        value = named[name]
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, BehaviourFile):  # check/suggest: --scenario/--trace in order
                item = item.path
            if isinstance(item, str):
                inputs.append(item)
                if name == "files" and "=" in item:  # import-blackbox: METRIC=FILE
                    inputs.append(item.partition("=")[2])
    return outputs, inputs


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors in kubesim's own format (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, edge.one_line(f"kubesim: error: {self.prog}: {message} (see {self.prog} "
                                   "--help)") + "\n")


class _Version(argparse.Action):
    """`kubesim --version`: the version, then compiled or pure Python and which modules
    (kubesim.compiled)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        head, *lines = compiled.describe(compiled.native_state())
        sys.stdout.write(edge.text("".join(f"{line}\n" for line in
                                           [f"kubesim {__version__} ({head})", *lines])))
        parser.exit()


# numpy's OpenBLAS starts a thread per core when numpy loads (about 60 ms of CPU on two cores,
# a sixth of a `kubesim check`); kubesim calls no BLAS routine (its numpy is the random
# Generator and element-wise arrays). OpenBLAS reads the variable once, as it loads, so it is
# set only while numpy itself is imported, whenever a command first imports it (a check of
# manifests alone never does; one that simulates imports it with the engine): the apps
# `capture` runs and the engines `check` renders with see the user's environment unchanged.
BLAS_THREADS = "OPENBLAS_NUM_THREADS"


class _OneBlasThread:
    """Finds numpy as the other finders do, and has it executed with one BLAS thread (an
    import finder: `importlib.abc.MetaPathFinder`'s method, without loading importlib.abc
    and the resources machinery it imports into `kubesim --help`)."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name != "numpy":
            return None
        if self in sys.meta_path:  # once: numpy is then loaded, or not installed
            sys.meta_path.remove(self)
        import importlib.util

        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None and BLAS_THREADS not in os.environ:
            spec.loader = cast("Loader", _OneBlasThreadLoader(spec.loader))  # its methods
        return spec


class _OneBlasThreadLoader:
    """numpy's own loader, with OPENBLAS_NUM_THREADS=1 while numpy's package executes (its
    extension loads OpenBLAS then); numpy keeps its own loader afterwards."""

    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        module.__loader__ = self.loader
        if module.__spec__ is not None:
            module.__spec__.loader = self.loader
        ours = BLAS_THREADS not in os.environ
        if ours:
            os.environ[BLAS_THREADS] = "1"
        try:
            self.loader.exec_module(module)
        finally:
            if ours:
                os.environ.pop(BLAS_THREADS, None)


def _one_blas_thread() -> None:
    """numpy, when a command first imports it, loads with one BLAS thread."""
    if "numpy" not in sys.modules and not any(isinstance(f, _OneBlasThread)
                                              for f in sys.meta_path):
        sys.meta_path.insert(0, _OneBlasThread())


def _module(name: str) -> Command:
    """The module of command `name` (kubesim.cli.command: add_parser, run)."""
    _one_blas_thread()
    module: Command = importlib.import_module(
        f"kubesim.cli.{COMMANDS[name].module}")
    return module


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


# the parser of each command line's chosen command, built on its first use (a process that
# runs one command builds one; `kubesim mcp`, which parses every tool call, and in-process
# callers build each once): argparse keeps nothing of a parse in its parser, and the defaults
# it hands out are copied in `parse`, so one parse cannot leak into the next
_PARSERS: dict[str | None, argparse.ArgumentParser] = {}


def _parser(chosen: str | None) -> argparse.ArgumentParser:
    """The command line's parser: every command listed, `chosen`'s options in full."""
    parser = _PARSERS.get(chosen)
    if parser is None:
        parser = _PARSERS.setdefault(chosen, _new_parser(chosen))
    return parser


def _new_parser(chosen: str | None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kubesim", description="What would the kubelet do? Simulate Kubernetes probes.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="the version, and whether the kubelet and engine run compiled")
    # what `_main` and `_files` read, declared for every command (a command's own value wins)
    parser.set_defaults(**dict.fromkeys([*OUTPUTS, *INPUTS]))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, info in COMMANDS.items():
        if name == chosen:
            _module(name).add_parser(sub)
        else:  # listed in --help; parsed in full only when chosen
            sub.add_parser(name, help=info.help, add_help=False)
    return parser


def _write(text: str | Iterable[str], output: str | None) -> None:
    """The command's text (a string, or pieces written as they come) through the text edge,
    to stdout, or to --output through the safe writer (kubesim.files): regular files only,
    replaced atomically, never half-written."""
    pieces = [text] if isinstance(text, str) else text
    if output is None:
        for piece in edge.text_stream(pieces):  # in small pieces: a closed pipe is seen
            sys.stdout.write(piece)
        return
    from kubesim.files import write_output
    write_output(output, edge.text_stream(pieces))


def _say(line: str) -> None:
    """One line on stderr, through the edge."""
    sys.stderr.write(edge.one_line(line) + "\n")


def parse(argv: Sequence[str]) -> tuple[argparse.Namespace, Command]:
    """A command line parsed as `main` parses it, and its command's module (`kubesim mcp`
    runs its tools so); a usage error exits as `main` would."""
    args = _parser(_chosen(argv)).parse_args(list(argv))
    for name, value in vars(args).items():  # a default list is the parser's: each parse its own
        if isinstance(value, list | dict | set):
            setattr(args, name, value.copy())
    return args, _module(args.command)


def process_main() -> int:
    """Entry point of the `kubesim` console script and `python -m kubesim`: `main` for a
    process of its own, which keeps the cyclic garbage collector out of its start-up and its
    exit. Imports create objects that live as long as the process and no garbage worth a
    collection, yet the collector walks every object they create as they are created (numpy,
    pydantic and the command's modules: about 14 ms of a `kubesim run`), and the interpreter's
    last collection at exit frees every one of them one by one (about 35 ms more) just before
    the system frees the whole process. So the collector is off while the command's modules
    load, then what they made is frozen (`gc.freeze`: the collector never walks it again) and
    the collector runs as usual for the command's own work; at exit, everything is frozen. An
    in-process caller of `main` (tests, `kubesim mcp`'s tool calls) keeps its own collector."""
    gc.disable()
    try:
        return main(started=_loaded)
    finally:
        gc.freeze()  # the process ends: the system frees its memory at once


def _loaded() -> None:
    """The command's modules are loaded: what they made lives as long as the process."""
    gc.freeze()
    gc.enable()


def main(argv: Sequence[str] | None = None, *, started: Callable[[], None] | None = None
         ) -> int:
    """Run one command line; returns the exit code (`started`: called once the command's
    modules are loaded, before it runs). Every command runs through here, so a closed
    standard output (`kubesim run X | head -1`) ends every one of them the same way: quietly,
    with 141 (128 + SIGPIPE, what `grep` dies with)."""
    try:
        code = _main(argv, started)
        sys.stdout.flush()  # here, not at exit: a closed pipe is then seen as one
        return code
    except BrokenPipeError:
        return _stdout_closed()


def _stdout_closed() -> int:
    """The reader of standard output went away: stop writing, say nothing (the reader asked
    for no more), and keep the interpreter's final flush from failing again (Python's
    documented recipe: standard output onto /dev/null)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # no file descriptor (an in-memory stream)
        pass
    return EXIT_STDOUT_CLOSED


def _main(argv: Sequence[str] | None, started: Callable[[], None] | None) -> int:
    args, command = parse(list(sys.argv[1:] if argv is None else argv))
    if started is not None:
        started()
    try:
        output: str | None = args.output
        if output is not None:  # an unusable --output fails before any work
            from kubesim.files import check_output_path
            check_output_path(output)
        from kubesim.files import check_distinct
        check_distinct(*_files(args))  # nothing written twice, nor over an input
        if COMMANDS[args.command].progress:  # a live progress line on stderr
            result = command.run(args, progress=sys.stderr)  # type: ignore[call-arg]
        else:
            result = command.run(args)
        _write(result.text, output)
        note = result.note  # for the person (timing, bad inputs): once all is done
        for line in [note] if isinstance(note, str) else note or []:  # a line, or lines
            _say(line)
    except KubesimError as exc:
        _say(f"kubesim: error: {exc}")  # one line: a newline in the message shows as \n
        return 2
    return result.code
