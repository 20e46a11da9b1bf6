"""`kubesim rules`: every check of `kubesim check` (id, severities, name, title), or the page
of one check, read from the installed package."""

from __future__ import annotations

import argparse

from kubesim.analysis.check.rules import page, rule_ids, rule_of
from kubesim.cli.command import CommandResult
from kubesim.cli.options import RULES
from kubesim.errors import UsageError
from kubesim.options import add_option
from kubesim.render.rules_formats import render_list

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `rules` and its options."""
    p = sub.add_parser(
        "rules", help="list the checks of kubesim check, or print one check's page",
        description="Without an argument: every check of `kubesim check`, one line each "
                    "(id, the severities it reports, name, title). With an id or name: the "
                    "check's page (markdown): what it finds, when it is an error, a warning "
                    "or info, why it matters, how to fix it, an example.")
    for option in RULES.values():
        add_option(p, option)

def run(args: argparse.Namespace) -> CommandResult:
    """The list or the page; exit 0 (an unknown check is bad input, exit 2)."""
    if args.rule is None:
        return CommandResult(render_list(args.format))
    rule = rule_of(args.rule)
    if rule is None:
        raise UsageError(f"{args.rule!r} is not a check: `kubesim rules` lists them (ids "
                         f"{rule_ids()}, or their names)")
    return CommandResult(page(rule))
