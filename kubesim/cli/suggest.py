"""`kubesim suggest`: the smallest probe change that meets declared expectations, or, with
none declared, that answers what `kubesim check` reports.

Exit codes: 0 every probed container meets every expectation (as it is, or with the patch),
or without expectations no finding at or above check's --fail-on is left after the patch; 1
otherwise (the trade-off and the advice are printed); 2 bad input.
"""

from __future__ import annotations

import argparse

from kubesim.analysis.budget import Meter, check_duration
from kubesim.analysis.check import memo
from kubesim.analysis.check.findings import BehaviourRef, Settings
from kubesim.analysis.check.read import read_inputs
from kubesim.analysis.check.rules import Severity
from kubesim.analysis.check.run import run_checks
from kubesim.analysis.suggest import Want, parse_want, suggest, suggest_work
from kubesim.analysis.suggest_findings import from_findings
from kubesim.cli.args import add_budget_arg, add_kubelet_args, add_render_args
from kubesim.cli.bounds import suggest_plainly_within
from kubesim.cli.check import (
    add_config_args,
    behaviour_refs,
    check_settings,
    declare_check_options,
    project_config,
    project_configuration,
)
from kubesim.cli.command import CommandResult
from kubesim.cli.options import SUGGEST
from kubesim.errors import UsageError
from kubesim.options import add_option
from kubesim.render.suggest_formats import nothing_to_change, render

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `suggest` and its options."""
    p = sub.add_parser(
        "suggest", help="the smallest probe change that fixes what check reports, or meets "
                        "your expectations",
        description="Find the smallest change to each probed container's probe settings "
                    "that meets every --expect at every grid phase, confirmed with the sweep "
                    "engine, and print it as a strategic-merge patch (or SARIF fixes). "
                    "Without --expect (and no suggest.expect in .kubesim.yaml): fix what "
                    "`kubesim check` reports, each finding in the terms of its probe.")
    add_option(p, SUGGEST["paths"])
    add_option(p, SUGGEST["expect"])
    p.set_defaults(behaviours=[])
    declare_check_options(p)  # check's settings, without the options suggest leaves out
    for name in ("scenarios", "traces"):
        add_option(p, SUGGEST[name])
    for name in ("trace_restart", "censored", "duration", "workload", "container", "phases",
                 "seed", "format", "output"):
        add_option(p, SUGGEST[name])
    add_render_args(p)
    add_config_args(p)
    add_kubelet_args(p)
    add_budget_arg(p)


def run(args: argparse.Namespace) -> CommandResult:
    """Suggest, render; exit 0 (all met) or 1 (a conflict left unmet). One cache of
    simulations for the whole command (kubesim.analysis.check.memo): the check, each
    candidate's re-check before and after the patch, the trade-off; a run the check made is
    not made again for the re-check of the same container."""
    with memo.simulations():
        return _run(args)


def _run(args: argparse.Namespace) -> CommandResult:
    # the bounds `kubesim mcp` holds its callers to: the tool's model judges a command line
    # the option declarations cannot plainly pass (and names the flag out of bounds)
    if not suggest_plainly_within(args):
        from kubesim.cli.inputs import SuggestInput
        SuggestInput.from_args(args)
    config, chosen = project_config(args)
    wants = [parse_want(t) for t in args.expect] or [
        Want(k, v) for k, v in (config.suggest_expect if config else [])]
    kinds = [w.kind for w in wants]
    twice = next((k for k in kinds if kinds.count(k) > 1), None)
    if twice is not None:
        raise UsageError(f"--expect {twice}=S is given twice; give each kind once")
    if args.duration is not None:
        check_duration(args.duration)
    configuration = project_configuration(args, config, chosen, command="suggest",
                                          expect_given=bool(args.expect))
    settings = check_settings(args, config, configuration)
    behaviours = behaviour_refs(args, config)
    if not wants:
        return _from_findings(args, behaviours, settings)
    workloads = read_inputs(args.paths, render=settings.render).workloads
    picked = [(w, c) for w in workloads if _chosen(args, w.name, w.label)
              for c in w.containers
              if c.pod is not None and (not args.container or c.name == args.container)]
    if not picked:
        raise UsageError("no probed container in the input" + (
            " matches --workload/--container" if args.workload or args.container else ""))
    # what surely runs is charged before anything does; the rest as it comes
    meter = Meter(settings.max_work)
    meter.charge(sum(suggest_work(w, c, wants, behaviours, settings) for w, c in picked),
                 what=f"this suggestion ({len(picked)} container(s), {settings.phases} grid "
                      "phases)")
    items = [suggest(w, c, wants, behaviours, settings, meter) for w, c in picked]
    return CommandResult(render(items, args.format, configuration),
                         0 if all(s.met for s in items) else 1)


def _chosen(args: argparse.Namespace, name: str, label: str) -> bool:
    return not args.workload or args.workload in (name, label)


def _from_findings(args: argparse.Namespace, behaviours: list[BehaviourRef],
                   settings: Settings) -> CommandResult:
    """No expectations: the findings of `kubesim check` are what the fix must answer."""
    report = run_checks(args.paths, behaviours=behaviours, expectations=[], settings=settings)
    if report.errors:  # a bad file among several: suggest fixes nothing it could not read
        raise report.errors[0]
    meter = Meter(settings.max_work)  # the check, then each fix as it is about to run
    meter.charge(report.work, what=f"this check ({settings.phases} grid phases)")
    items = from_findings(report, meter, only=lambda w, c: _chosen(args, w.name, w.label) and (
        not args.container or c.name == args.container))
    fail_on = settings.fail_on
    left = [sev for i in items for _, sev in i.findings_after]
    code = int(fail_on is not None and any(Severity[sev.upper()] >= fail_on for sev in left))
    configuration = settings.configuration
    if not items:  # nothing reported: nothing to fix, said as check says it
        return CommandResult(nothing_to_change(len(report.checks), configuration)
                             if args.format == "text" else render([], args.format, configuration))
    return CommandResult(render(items, args.format, configuration), code)
