"""`kubesim plot`: the timeline picture of a saved `kubesim run --format json` result."""

from __future__ import annotations

import argparse

from kubesim.cli.command import CommandResult
from kubesim.cli.options import PLOT
from kubesim.options import add_option
from kubesim.render.plot import check_output, load_document, save_png

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `plot` and its options."""
    plot = sub.add_parser(
        "plot", help="draw a saved run result (JSON) as a timeline picture (PNG)",
        description="Draw the timeline of a saved `kubesim run --format json` result as a PNG: "
                    "the same picture as `kubesim run ... --plot FILE.png`. Needs matplotlib "
                    "(pip install 'kubesim[plot]').")
    for option in PLOT.values():
        add_option(plot, option)

def run(args: argparse.Namespace) -> CommandResult:
    """Check the picture's path (and that matplotlib is there), then the document; draw it.
    Nothing on stdout, exit code 0."""
    check_output(args.png, "--output")
    save_png(load_document(args.result), args.png, "--output")
    return CommandResult("")
