"""Command-line arguments shared by several `kubesim` commands, and what they load.

Each command module defines `add_parser(subparsers)` and `run(args)`, which returns a
`kubesim.cli.command.CommandResult`; only `kubesim.cli.main` writes the text and exits.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from kubesim.behaviour.answer import HEALTHY, Behaviour
from kubesim.behaviour.replicas import TraceCast
from kubesim.behaviour.scenario import load_scenario
from kubesim.behaviour.trace import CensoredMode, RestartMode, load_trace
from kubesim.errors import UsageError
from kubesim.files import write_output
from kubesim.kubelet.settings import PROFILES, KubeletProfile, profile_from
from kubesim.spec.sources import DEFAULT_TIMEOUT, RenderOptions
from kubesim.spec.yamlio import STDIN

__all__ = ["MAX_JOBS", "MAX_SEED", "MAX_START_TIMES", "add_behaviour_args", "add_budget_arg",
           "add_duration_arg", "add_html_arg", "add_kubelet_args", "add_output_args",
           "add_render_args", "check_html_path", "int_or_percent_arg", "jobs_arg",
           "load_behaviour", "profile_of", "render_options_of", "seed_arg", "start_times_arg",
           "write_html"]


def add_behaviour_args(parser: argparse.ArgumentParser, *, many_traces: bool = False) -> None:
    """--scenario / --trace and the two trace settings; `many_traces`: --trace may be given
    again (a fleet: each trace for the replicas its meta line selects)."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--scenario", metavar="FILE", help="synthetic behaviour (YAML)")
    if many_traces:
        source.add_argument("--trace", metavar="FILE", action="append",
                            help="recorded behaviour (JSONL or CSV); again for another "
                                 "trace, each played by the replicas its meta `replicas` "
                                 "selects (docs/fleet.md)")
    else:
        source.add_argument("--trace", metavar="FILE", help="recorded behaviour (JSONL or CSV)")
    parser.add_argument("--trace-restart", choices=[m.value for m in RestartMode],
                        help="what a trace means after a restart (default: the trace's meta, "
                             "else replay)")
    parser.add_argument("--censored", choices=[m.value for m in CensoredMode],
                        help="how a recorded timeout shorter than timeoutSeconds counts "
                             "(default: the trace's meta, else failure)")


def load_behaviour(args: argparse.Namespace) -> Behaviour:
    """The behaviour named by --scenario or --trace (several traces: each for the replicas
    its meta selects, `TraceCast`); the healthy app without either."""
    if args.scenario:
        return load_scenario(args.scenario)
    if args.trace:
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
                     type_: Any = float) -> None:
    """--duration S (None when not given), with the default rule every command shares
    (`kubesim.behaviour.horizon.default_duration`)."""
    parser.add_argument("--duration", type=type_, metavar="S",
                        help=f"simulated seconds per {per} after the first container started "
                             "(default: 300, or 150 s past the behaviour's last outage, "
                             "stall or observation)")


def add_kubelet_args(parser: argparse.ArgumentParser, *, engine: bool = True) -> None:
    """--profile, --ideal, --kubelet KEY=VALUE, and --engine for commands that simulate."""
    parser.add_argument("--profile", choices=sorted(PROFILES), default="classic",
                        help="kubelet version preset (classic = 1.29-1.34; versions per preset: "
                        "docs/kubelet-profiles.md)")
    parser.add_argument("--ideal", action="store_true",
                        help="zero kubelet latencies (relist, sync hops, requeue jitter)")
    parser.add_argument("--kubelet", action="append", default=[], metavar="KEY=VALUE",
                        help="override one kubelet setting (repeatable)")
    if engine:
        parser.add_argument("--engine", choices=["fast", "simpy"], default="fast",
                            help="scheduler: fast (default) or simpy (the reference; same "
                                 "results)")


def profile_of(args: argparse.Namespace) -> KubeletProfile:
    """The kubelet profile the arguments ask for."""
    overrides = {}
    for pair in args.kubelet:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--kubelet {pair!r} must look like KEY=VALUE")
        overrides[key.strip()] = value.strip()
    return profile_from(args.profile, ideal=args.ideal, overrides=overrides)


def _whole(text: str) -> int:
    if not _digits(text) or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} must be a whole number >= 1")
    return int(text)


# -- argparse value types: every flag's range in one place (the fleet flags' too) ---------------
MAX_SEED = 2**64 - 1
MAX_JOBS = 1024


def _digits(text: str) -> bool:
    """Only the ASCII digits 0-9 (str.isdigit also takes '²', which int() refuses)."""
    return text.isascii() and text.isdigit()


def _quoted(text: str) -> str:
    """A flag's value as a message shows it: quoted, and short."""
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...")


def seed_arg(text: str) -> int:
    """--seed N: a whole number from 0 to 2^64 - 1 (numpy's seeds are non-negative)."""
    if not _digits(text) or len(text) > 20 or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} must be a whole number from 0 to "
                                         f"{MAX_SEED}")
    return int(text)


def jobs_arg(text: str) -> int:
    """--jobs N: local worker processes, from 1 to MAX_JOBS."""
    if not _digits(text) or len(text) > 6 or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} must be a whole number from 1 to "
                                         f"{MAX_JOBS}")
    return int(text)


MAX_START_TIMES = 10_000  # kubesim.fleet.settings.MAX_REPLICAS: one start per replica


def start_times_arg(text: str) -> tuple[float, ...]:
    """--start-times T0,T1,...: replica i's first container at Ti seconds (`kubesim fleet`,
    `kubesim check`): numbers of seconds >= 0 separated by commas."""
    parts = text.split(",")
    if len(parts) > MAX_START_TIMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_START_TIMES} values (one per replica)")
    try:
        values = tuple(float(v) for v in parts)
    except ValueError:
        values = ()
    if not values or not all(math.isfinite(v) and v >= 0 for v in values):
        raise argparse.ArgumentTypeError(f"{_quoted(text)} must be numbers of seconds >= 0 "
                                         "separated by commas, like 0,5,10")
    return values


def int_or_percent_arg(text: str) -> int | str:
    """N or P%: an IntOrString as a manifest holds it (digits: an int, else the text); the
    API server's rules for it are checked where it is used (kubesim.spec.api_rules)."""
    return int(text) if _digits(text) and len(text) <= 12 else text


def add_budget_arg(parser: argparse.ArgumentParser, default: int | None = None,
                   what: str = "refuse to start if the simulation is estimated at more than N "
                               "units of work") -> None:
    """--max-work N: the work budget (kubesim.analysis.budget): about N simulated probe
    calls and kubelet syncs in all (`default`: DEFAULT_MAX_WORK; `kubesim mcp` has its own)."""
    from kubesim.analysis.budget import DEFAULT_MAX_WORK
    default = DEFAULT_MAX_WORK if default is None else default
    parser.add_argument("--max-work", type=_whole, default=default, metavar="N",
                        help=f"{what} (a unit: one probe call or kubelet sync simulated; "
                             f"default {default:,}; docs/limits.md)")


def add_output_args(parser: argparse.ArgumentParser, formats: list[str]) -> None:
    """--format (first is the default) and --output."""
    parser.add_argument("--format", choices=formats, default=formats[0])
    parser.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")


def add_html_arg(parser: argparse.ArgumentParser) -> None:
    """--html FILE: a self-contained HTML report besides the command's usual output."""
    parser.add_argument("--html", metavar="FILE.html",
                        help="also write a self-contained HTML report with an interactive "
                             "timeline (opens offline in any browser)")


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
    g = parser.add_argument_group(
        "charts and kustomizations (a directory with Chart.yaml or kustomization.yaml, or a "
        "chart .tgz, is rendered first)")
    g.add_argument("--values", "-f", action="append", default=[], metavar="FILE",
                   help="Helm values file (repeatable; later files win)")
    if helm_set:
        g.add_argument("--set", action="append", default=[], dest="helm_set",
                       metavar="K=V", help="Helm value on the command line (repeatable)")
        g.add_argument("--set-string", action="append", default=[], dest="helm_set_string",
                       metavar="K=V", help="Helm value, always a string (repeatable)")
    g.add_argument("--release-name", metavar="NAME",
                   help="Helm release name (default: the chart's name)")
    g.add_argument("--namespace", default="default", metavar="NS",
                   help="Helm release namespace (default: default)")
    g.add_argument("--kube-version", metavar="V",
                   help="Kubernetes version for the chart's Capabilities and its kubeVersion "
                        "(default v1.35.0, the same for both Helm engines)")
    g.add_argument("--helm-engine", choices=["auto", "binary", "library"], default="auto",
                   help="auto (default): the helm program (HELM_BIN, else PATH), else the "
                        "helm-python-sdk library (kubesim[render]); or only one of them")
    g.add_argument("--render-timeout", type=float, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"seconds one render may take ({DEFAULT_TIMEOUT:g})")
    g.add_argument("--allow-network", action="store_true",
                   help="let rendering use the network: helm --dependency-update, kustomize "
                        "remote bases (off: renders are offline)")


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
