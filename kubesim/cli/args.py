"""Command-line arguments shared by several `kubesim` commands, and what they load.

Each command module defines `add_parser(subparsers)` and `run(args)`, which returns a
`kubesim.cli.command.CommandResult`; only `kubesim.cli.main` writes the text and exits.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kubesim.behaviour.answer import HEALTHY, Behaviour
from kubesim.behaviour.replicas import TraceCast
from kubesim.cli.options import (
    BEHAVIOUR,
    ENGINE,
    FLEET_SETTINGS,
    KUBELET,
    MANY_TRACES,
    RENDER,
    RENDER_GROUP,
    duration_option,
    html_option,
    max_work_option,
    output_options,
)
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.kubelet.settings import KubeletProfile, profile_from
from kubesim.options import (
    MAX_JOBS,
    MAX_SEED,
    MAX_START_TIMES,
    ValueKind,
    add_option,
    is_digits,
    jobs_arg,
    seed_arg,
    start_times_arg,
)
from kubesim.spec.sources import RenderOptions
from kubesim.spec.yamlio import STDIN

__all__ = ["MAX_JOBS", "MAX_SEED", "MAX_START_TIMES", "add_behaviour_args", "add_budget_arg",
           "add_duration_arg", "add_fleet_args", "add_html_arg", "add_kubelet_args", "add_output_args",
           "add_render_args", "check_html_path", "int_or_percent_arg", "jobs_arg",
           "load_behaviour", "profile_of", "render_options_of", "seed_arg", "start_times_arg",
           "write_html"]


def add_behaviour_args(parser: argparse.ArgumentParser, *, many_traces: bool = False) -> None:
    """--scenario / --trace and the two trace settings; `many_traces`: --trace may be given
    again (a fleet: each trace for the replicas its meta line selects)."""
    source = parser.add_mutually_exclusive_group()
    add_option(source, BEHAVIOUR["scenario"])
    if many_traces:
        add_option(source, MANY_TRACES)
    else:
        add_option(source, BEHAVIOUR["trace"])
    add_option(parser, BEHAVIOUR["trace_restart"])
    add_option(parser, BEHAVIOUR["censored"])


def add_fleet_args(p: argparse.ArgumentParser) -> None:
    """The fleet's settings, shared by `fleet` and `sweep --fleet` (here, not in the fleet
    command's module: a sweep of one pod loads no fleet code)."""
    for option in FLEET_SETTINGS.values():
        add_option(p, option)


def load_behaviour(args: argparse.Namespace) -> Behaviour:
    """The behaviour named by --scenario or --trace (several traces: each for the replicas
    its meta selects, `TraceCast`); the healthy app without either."""
    if args.scenario:
        from kubesim.behaviour.scenario import load_scenario  # a scenario is given
        return load_scenario(args.scenario)
    if args.trace:
        from kubesim.behaviour.trace import (  # a trace is given (its readers load numpy)
            CensoredMode,
            RestartMode,
            load_trace,
        )
        restart = RestartMode(args.trace_restart) if args.trace_restart else None
        censored = CensoredMode(args.censored) if args.censored else None
        paths = args.trace if isinstance(args.trace, list) else [args.trace]
        if paths.count(STDIN) > 1:
            raise UsageError("only one trace can come from stdin")
        traces: list[Behaviour] = [load_trace(p, restart=restart, censored=censored)
                                   for p in paths]
        return traces[0] if len(traces) == 1 else TraceCast(traces, ", ".join(paths))
    if args.trace_restart or args.censored:
        raise UsageError("--trace-restart and --censored need --trace FILE")
    return HEALTHY


def add_duration_arg(parser: argparse.ArgumentParser, per: str = "run",
                     kind: ValueKind = ValueKind.NUMBER) -> None:
    """--duration S (None when not given), with the default rule every command shares
    (`kubesim.behaviour.horizon.default_duration`)."""
    add_option(parser, duration_option(per, kind))


def add_kubelet_args(parser: argparse.ArgumentParser, *, engine: bool = True) -> None:
    """--profile, --ideal, --kubelet KEY=VALUE, and --engine for commands that simulate."""
    for option in KUBELET.values():
        add_option(parser, option)
    if engine:
        add_option(parser, ENGINE)


def profile_of(args: argparse.Namespace) -> KubeletProfile:
    """The kubelet profile the arguments ask for."""
    overrides = {}
    for pair in args.kubelet:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--kubelet {pair!r} must look like KEY=VALUE")
        overrides[key.strip()] = value.strip()
    return profile_from(args.profile, ideal=args.ideal, overrides=overrides)


def int_or_percent_arg(text: str) -> int | str:
    """N or P%: an IntOrString as a manifest holds it (digits: an int, else the text); the
    API server's rules for it are checked where it is used (kubesim.spec.api_rules)."""
    return int(text) if is_digits(text) and len(text) <= 12 else text


def add_budget_arg(parser: argparse.ArgumentParser, default: int | None = None,
                   what: str | None = None) -> None:
    """--max-work N: the work budget (kubesim.analysis.budget): about N simulated probe
    calls and kubelet syncs in all (`default`: DEFAULT_MAX_WORK; `kubesim mcp` has its own)."""
    option = max_work_option(*(() if default is None else (default,)),
                             *(() if what is None else (what,)))
    add_option(parser, option)


def add_output_args(parser: argparse.ArgumentParser, formats: list[str]) -> None:
    """--format (first is the default) and --output."""
    for option in output_options(tuple(formats)):
        add_option(parser, option)


def add_html_arg(parser: argparse.ArgumentParser) -> None:
    """--html FILE: a self-contained HTML report besides the command's usual output."""
    add_option(parser, html_option())


def check_html_path(path: str | None, output: str | None) -> None:
    """Fail before any simulation if the --html report at `path` could not be written, or
    would overwrite the command's --output."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError("--html: is a directory, expected a file path", source=path)
    if not target.parent.is_dir():
        raise UsageError(f"--html: no such directory {str(target.parent)!r}", source=path)
    if output is not None and Path(output).resolve() == target.resolve():
        raise UsageError("--html and --output name the same file", source=path)


def write_html(text: str, path: str) -> None:
    """Write the report with the CLI's one writer (a temp file renamed over the target)."""
    write_output(path, text, what="--html")


def add_render_args(parser: argparse.ArgumentParser, *, helm_set: bool = True) -> None:
    """How a Helm chart or kustomization given as input is rendered (docs/inputs-charts.md).
    `helm_set`: the command has no --set of its own, so Helm's --set is spelled --set
    (`kubesim sweep` uses --set for its grid and takes chart values with --set-value)."""
    g = parser.add_argument_group(RENDER_GROUP)
    for option in RENDER.values():
        if helm_set or option.name not in ("set", "set_string"):
            add_option(g, option)


def render_options_of(args: argparse.Namespace, extra_set: tuple[str, ...] = ()
                      ) -> RenderOptions:
    """The rendering settings the arguments ask for (`extra_set`: more --set values, after
    the command line's)."""
    for path in args.values:
        if not Path(path).is_file():
            raise UsageError("--values: no such file" if not Path(path).exists() else
                             "--values: not a regular file", source=path)
    return RenderOptions(
        values=tuple(args.values), set_values=(*getattr(args, "helm_set", []), *extra_set),
        set_strings=tuple(getattr(args, "helm_set_string", [])),
        release_name=args.release_name, namespace=args.namespace,
        kube_version=args.kube_version, helm_engine=args.helm_engine,
        timeout=args.render_timeout, allow_network=args.allow_network)
