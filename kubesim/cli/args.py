"""Command-line arguments shared by several `kubesim` commands, and what they load.

Each command module (`cmd_*.py`) defines `add_parser(subparsers)` and `run(args)`, which
returns `(text, exit_code)`; only `cli.py` writes the text and exits.
"""

from __future__ import annotations

import argparse

from kubesim.behaviour.answer import HEALTHY, Behaviour
from kubesim.errors import UsageError
from kubesim.kubelet.settings import PROFILES, KubeletProfile, profile_from
from kubesim.behaviour.scenario import load_scenario
from kubesim.behaviour.trace import CensoredMode, RestartMode, load_trace

__all__ = ["add_behaviour_args", "add_budget_arg", "add_kubelet_args", "add_output_args",
           "load_behaviour", "profile_of"]


def add_behaviour_args(parser: argparse.ArgumentParser) -> None:
    """--scenario / --trace and the two trace settings."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--scenario", metavar="FILE", help="synthetic behaviour (YAML)")
    source.add_argument("--trace", metavar="FILE", help="recorded behaviour (JSONL or CSV)")
    parser.add_argument("--trace-restart", choices=[m.value for m in RestartMode],
                        help="what a trace means after a restart (default: the trace's meta, "
                             "else replay)")
    parser.add_argument("--censored", choices=[m.value for m in CensoredMode],
                        help="how a recorded timeout shorter than timeoutSeconds counts "
                             "(default: the trace's meta, else failure)")


def load_behaviour(args: argparse.Namespace) -> Behaviour:
    """The behaviour named by --scenario or --trace; the healthy app without either."""
    if args.scenario:
        return load_scenario(args.scenario)
    if args.trace:
        restart = RestartMode(args.trace_restart) if args.trace_restart else None
        censored = CensoredMode(args.censored) if args.censored else None
        return load_trace(args.trace, restart=restart, censored=censored)
    if args.trace_restart or args.censored:
        raise UsageError("--trace-restart and --censored need --trace FILE")
    return HEALTHY


def add_kubelet_args(parser: argparse.ArgumentParser) -> None:
    """--profile, --ideal, --kubelet KEY=VALUE."""
    parser.add_argument("--profile", choices=sorted(PROFILES), default="classic",
                        help="kubelet version preset (classic: 1.29-1.35)")
    parser.add_argument("--ideal", action="store_true",
                        help="zero kubelet latencies (relist, sync hops, requeue jitter)")
    parser.add_argument("--kubelet", action="append", default=[], metavar="KEY=VALUE",
                        help="override one kubelet setting (repeatable)")


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
    if not text.isdigit() or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number >= 1")
    return int(text)


def add_budget_arg(parser: argparse.ArgumentParser) -> None:
    """--max-work N: the work budget in simulated probe calls (kubesim.analysis.budget)."""
    from kubesim.analysis.budget import DEFAULT_MAX_WORK
    parser.add_argument("--max-work", type=_whole, default=DEFAULT_MAX_WORK, metavar="N",
                        help="refuse to start if the simulation would make more than N probe "
                             f"calls in all (default {DEFAULT_MAX_WORK:,})")


def add_output_args(parser: argparse.ArgumentParser, formats: list[str]) -> None:
    """--format (first is the default) and --output."""
    parser.add_argument("--format", choices=formats, default=formats[0])
    parser.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
