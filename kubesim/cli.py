"""The `kubesim` command. The only module that prints or exits.

Exit codes: 0 the simulation ran; 2 bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from . import __version__
from .behaviour import HEALTHY, Behaviour
from .errors import KubesimError, UsageError
from .manifests import load_spec
from .phases import sweep_phases
from .profile import PROFILES, profile_from
from .report import render_json, render_text
from .scenario import load_scenario
from .simulate import simulate
from .trace import CensoredMode, RestartMode, load_trace

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors in kubesim's own format (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"kubesim: error: {self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kubesim", description="What would the kubelet do? Simulate Kubernetes probes.")
    parser.add_argument("--version", action="version", version=f"kubesim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    run = sub.add_parser("run", help="simulate one pod against an app behaviour",
                         description="Simulate the kubelet's probes of one container.")
    run.add_argument("spec", help="manifest or compact probe spec (YAML); - for stdin")
    source = run.add_mutually_exclusive_group()
    source.add_argument("--scenario", metavar="FILE", help="synthetic behaviour (YAML)")
    source.add_argument("--trace", metavar="FILE", help="recorded behaviour (JSONL or CSV)")
    run.add_argument("--duration", type=float, default=600.0, metavar="S",
                     help="simulated seconds after the first container started (600)")
    run.add_argument("--seed", type=int, default=0, metavar="N", help="random seed (0)")
    run.add_argument("--phase", type=float, metavar="S",
                     help="pin the probe grid: ticks at S + k*periodSeconds")
    run.add_argument("--phases", type=int, metavar="N",
                     help="also run at N grid phases and summarise how the outcome varies")
    run.add_argument("--container", metavar="NAME", help="which container's probes")
    run.add_argument("--format", choices=["text", "json"], default="text")
    run.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    run.add_argument("--profile", choices=sorted(PROFILES), default="classic",
                     help="kubelet version preset (classic: 1.29-1.35)")
    run.add_argument("--ideal", action="store_true",
                     help="zero kubelet latencies (relist, sync hops, requeue jitter)")
    run.add_argument("--kubelet", action="append", default=[], metavar="KEY=VALUE",
                     help="override one kubelet setting (repeatable)")
    run.add_argument("--trace-restart", choices=[m.value for m in RestartMode],
                     help="what a trace means after a restart (default: the trace's meta, "
                          "else replay)")
    run.add_argument("--censored", choices=[m.value for m in CensoredMode],
                     help="how a recorded timeout shorter than timeoutSeconds counts "
                          "(default: the trace's meta, else failure)")
    return parser


def _overrides(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--kubelet {pair!r} must look like KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def _behaviour(args: argparse.Namespace) -> Behaviour:
    if args.scenario:
        return load_scenario(args.scenario)
    if args.trace:
        restart = RestartMode(args.trace_restart) if args.trace_restart else None
        censored = CensoredMode(args.censored) if args.censored else None
        return load_trace(args.trace, restart=restart, censored=censored)
    if args.trace_restart or args.censored:
        raise UsageError("--trace-restart and --censored need --trace FILE")
    return HEALTHY


def _run(args: argparse.Namespace) -> str:
    if args.spec == "-" and "-" in (args.scenario, args.trace):
        raise UsageError("only one input can come from stdin")
    pod = load_spec(args.spec, args.container)
    behaviour = _behaviour(args)
    profile = profile_from(args.profile, ideal=args.ideal, overrides=_overrides(args.kubelet))
    timeline = simulate(pod, behaviour, duration=args.duration, seed=args.seed,
                        profile=profile, phase=args.phase)
    sweep = None
    if args.phases is not None:
        sweep = sweep_phases(pod, behaviour, n=args.phases, duration=args.duration,
                             seed=args.seed, profile=profile)
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "behaviour": args.scenario or args.trace or "healthy"}
    if args.format == "json":
        return render_json(timeline, meta=meta, phases=sweep)
    return render_text(timeline, title=f"{pod.label} | behaviour: {meta['behaviour']}",
                       phases=sweep)


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
    try:
        text = _run(args)
        _write(text, args.output)
    except KubesimError as exc:
        one_line = " ".join(str(exc).split("\n"))
        print(f"kubesim: error: {one_line}", file=sys.stderr)
        return 2
    return 0
