"""`kubesim explain`: from what the cluster recorded to why it happened and what would have
prevented it."""

from __future__ import annotations

import argparse

from kubesim.analysis.wants import parse_want
from kubesim.cli.args import (
    add_budget_arg,
    add_html_arg,
    add_kubelet_args,
    add_output_args,
    check_html_path,
    profile_of,
    write_html,
)
from kubesim.cli.bounds import explain_plainly_within
from kubesim.cli.command import CommandResult
from kubesim.cli.live import add_live_args, live_records, live_request
from kubesim.cli.options import EXPLAIN, KUBELET, LIVE
from kubesim.errors import UsageError
from kubesim.explain.engine import ExplainOptions, explain_pods
from kubesim.explain.readers.read import FORMATS_HELP, read_record
from kubesim.explain.readers.times import now_from
from kubesim.options import add_option
from kubesim.render.explain_formats import render_pods, render_pods_html
from kubesim.spec.manifests import load_containers

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `explain` and its options."""
    p = sub.add_parser(
        "explain", help="explain pods' restarts from their record (describe, pod, events)",
        description="Read what the cluster recorded about pods (" + FORMATS_HELP + "); "
                    "several pods are each explained (--pod NAME chooses one). For each, "
                    "reconstruct its probe failures, kills, back-offs, restarts and not-Ready "
                    "stretches, replay them through the kubelet model, and say what would "
                    "have prevented them.")
    add_option(p, EXPLAIN["records"])
    live = add_live_args(p)
    for name in ("namespace", "selector"):
        add_option(live, LIVE[name])
    for name in ("now", "pod", "container", "spec", "expect", "suggest", "phases", "seed"):
        add_option(p, EXPLAIN[name])
    add_output_args(p, ["text", "json", "yaml"])
    add_html_arg(p)
    add_kubelet_args(p, engine=False)
    add_budget_arg(p)


def run(args: argparse.Namespace) -> CommandResult:
    """Read, explain, render; exit code 0."""
    live = live_request(args)
    # the bounds `kubesim mcp` holds its callers to: the tool's model judges a command line
    # the option declarations cannot plainly pass (and names the flag out of bounds)
    if live or not explain_plainly_within(args):
        from kubesim.cli.inputs import ExplainInput, ExplainLiveInput
        (ExplainLiveInput if live else ExplainInput).from_args(args)
    if args.records.count("-") > 1 or (args.spec == "-" and "-" in args.records):
        raise UsageError("only one input can come from stdin")
    now = None if args.now is None else now_from(args.now)
    check_html_path(args.html, args.output)
    wants = tuple(parse_want(t) for t in args.expect)
    spec = tuple(load_containers(args.spec)) if args.spec else ()
    if args.spec and not spec:
        raise UsageError(f"--spec {args.spec}: no container with probes in it")
    records = live_records(args) if live else [read_record(path) for path in args.records]
    options = ExplainOptions(now=now, pod=args.pod, container=args.container, spec=spec,
                             phases=args.phases, seed=args.seed, profile=profile_of(args),
                             # no --profile and no --kubelet: the record's dates may choose
                             rule_from_dates=(args.profile == KUBELET["profile"].default
                                              and not args.kubelet),
                             expect=wants, suggest=not args.no_suggest, max_work=args.max_work,
                             whole_run=args.html is not None)  # only the page draws it
    explanations = explain_pods(records, options)  # every pod, or the one --pod names
    if args.html is not None:
        write_html(render_pods_html(explanations), args.html)
    return CommandResult(render_pods(explanations, args.format))
