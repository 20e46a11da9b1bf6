"""`kubesim windows`: the protection windows of a container's probes, as text or JSON."""

from __future__ import annotations

import argparse

from kubesim.analysis.budget import check_budget
from kubesim.analysis.windows import protection_windows, windows_work
from kubesim.cli.args import (
    add_budget_arg,
    add_kubelet_args,
    add_output_args,
    add_render_args,
    profile_of,
    render_options_of,
)
from kubesim.cli.bounds import windows_plainly_within
from kubesim.cli.command import CommandResult
from kubesim.cli.options import WINDOWS
from kubesim.options import add_option
from kubesim.render.windows_formats import render_windows
from kubesim.spec.manifests import load_spec

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `windows` and its options."""
    cmd = sub.add_parser("windows", help="exact protection windows of a container's probes",
                         description="How long a startup may take, how fast a hang is "
                                     "caught, how long a stall is survived, how fast Ready "
                                     "follows an outage: worst and best grid phase.")
    add_option(cmd, WINDOWS["spec"])
    add_option(cmd, WINDOWS["container"])
    add_output_args(cmd, ["text", "json"])
    add_render_args(cmd)
    add_kubelet_args(cmd, engine=False)
    add_budget_arg(cmd)


def run(args: argparse.Namespace) -> CommandResult:
    """Compute and render; exit code 0."""
    # the bounds `kubesim mcp` holds its callers to: the tool's model judges a command line
    # the option declarations cannot plainly pass (and names the flag out of bounds)
    if not windows_plainly_within(args):
        from kubesim.cli.inputs import WindowsInput
        WindowsInput.from_args(args)
    pod = load_spec(args.spec, args.container, render=render_options_of(args))
    check_budget(windows_work(pod), args.max_work, what="these windows")
    return CommandResult(render_windows(protection_windows(pod, profile_of(args)), args.format))
