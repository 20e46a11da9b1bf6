"""`kubesim check`: a CI gate on probe configs, with reasons the simulator measured.

Exit codes: 0 nothing at or above `--fail-on` (default error); 1 findings at or above it;
2 bad input (unreadable or invalid manifests, scenarios, traces, expectations, options).
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kubesim.analysis.check.expectations import Expectation, load_expectations
from kubesim.analysis.check.findings import BehaviourRef, Configuration, Settings
from kubesim.analysis.check.options import (
    CHECK_OPTIONS,
    EXPECT_OPTIONS,
    CheckOption,
    check_option,
)
from kubesim.analysis.check.rules import Severity, rule_ids, rule_of
from kubesim.analysis.check.run import auto_duration, run_checks
from kubesim.analysis.check.scoping import selectors_of
from kubesim.analysis.config import (
    Config,
    configuration_of,
    find_config,
    load_config,
)
from kubesim.cli.args import (
    add_budget_arg,
    add_html_arg,
    add_kubelet_args,
    add_render_args,
    check_html_path,
    profile_of,
    render_options_of,
    write_html,
)
from kubesim.cli.bounds import plainly_within
from kubesim.cli.command import CommandResult
from kubesim.cli.live import add_cluster_args, cluster_documents
from kubesim.cli.options import CHECK, CONFIG, BehaviourAction
from kubesim.errors import UsageError
from kubesim.files import check_output_path, write_output
from kubesim.options import add_option, count_arg, seconds_arg, seconds_or_zero_arg
from kubesim.render import edge
from kubesim.render.check_formats import render
from kubesim.spec.yamlio import STDIN

__all__ = ["BehaviourAction", "add_check_option", "add_config_args", "add_parser",
           "behaviour_refs", "check_settings", "count_arg", "expectations_of", "project_config",
           "project_configuration", "run", "seconds_arg", "seconds_or_zero_arg"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `check` and its options."""
    p = sub.add_parser(
        "check", help="check probe configs in manifests; exit 1 on findings (CI gate)",
        description="Check every probed container in manifests and probe specs. Each finding "
                    "has a stable id (KS001...), a severity and a reason measured by the "
                    "simulator. Exit 0: nothing at or above --fail-on; 1: findings; 2: bad "
                    "input.")
    add_option(p, CHECK["paths"])
    p.set_defaults(behaviours=[])
    for name in ("scenarios", "traces", "trace_restart", "censored", "duration"):
        add_option(p, CHECK[name])
    add_check_option(p, check_option("phases"))
    add_option(p, CHECK["seed"])
    for name in ("format", "output", "sarif"):
        add_option(p, CHECK[name])
    add_html_arg(p)
    add_check_option(p, check_option("fail_on"))
    for name in ("skip_non_manifests", "allow_empty", "ignore"):
        add_option(p, CHECK[name])
    g = p.add_argument_group("check settings")
    for option in CHECK_OPTIONS:
        if option.group:
            add_check_option(g, option)
    e = p.add_argument_group("expectations (every probed container)")
    add_option(e, CHECK["expectations"])
    for option in EXPECT_OPTIONS:
        add_check_option(e, option)
    add_render_args(p)
    add_config_args(p)
    add_kubelet_args(p)
    add_budget_arg(p)
    add_cluster_args(p)


def add_check_option(p: argparse.ArgumentParser | argparse._ArgumentGroup,
                     option: CheckOption) -> None:
    """One of check's settings as its declaration says (kubesim.analysis.check.options)."""
    add_option(p, option)


def add_config_args(p: argparse.ArgumentParser) -> None:
    """--config PATH|none and --no-config (default: .kubesim.yaml or pyproject.toml
    [tool.kubesim] found from the current directory upwards)."""
    c = p.add_mutually_exclusive_group()
    for option in CONFIG.values():
        add_option(c, option)


CHOSEN_BY_SEARCH = "found from the current directory upwards"


def project_config(args: argparse.Namespace) -> tuple[Config | None, str]:
    """The configuration the command line asks for, and how it was chosen (reports say it)."""
    if args.no_config:
        return None, "--no-config"
    if args.config == "none":
        return None, "--config none"
    if args.config:
        path = Path(args.config)
        if not path.exists():
            raise UsageError("--config: no such file", source=args.config)
        if not path.is_file():  # a folder; a FIFO, whose open would wait for a writer
            raise UsageError("--config: not a regular file; give a YAML or TOML file",
                             source=args.config)
        return load_config(path), "--config"
    config = find_config()
    return config, CHOSEN_BY_SEARCH if config else "searched from the current directory upwards"


def _picked(args: argparse.Namespace, config: Config | None) -> dict[str, Any]:
    """The check settings the command line gives, else the configuration (the rest keep
    Settings' defaults)."""
    out = {key: config.check[key] for key in OVERRIDES if config and key in config.check}
    out.update({key: getattr(args, option) for key, option in OVERRIDES.items()
                if getattr(args, option) is not None})
    return out


def run(args: argparse.Namespace) -> CommandResult:
    """Check, render; exit code 0 or 1, 2 when one of several files was bad (the others are
    checked and reported; the bad ones are named on stderr)."""
    # the bounds `kubesim mcp` holds its callers to: the tool's model judges a command line
    # the option declarations cannot plainly pass (and names the flag out of bounds)
    if not plainly_within(args):
        from kubesim.cli.inputs import CheckClusterInput, CheckInput
        (CheckClusterInput if args.cluster else CheckInput).from_args(args)
    stdin_users = args.paths.count(STDIN) + [v for _, v in args.behaviours].count(STDIN) + (
        args.expectations == STDIN)
    if stdin_users > 1:
        raise UsageError("only one input can come from stdin")
    config, chosen = project_config(args)
    settings = check_settings(args, config, project_configuration(args, config, chosen))
    check_html_path(args.html, args.output)
    _check_sarif_path(args)
    behaviours = behaviour_refs(args, config)
    expectations = expectations_of(args, config)
    live, live_notes = cluster_documents(args)
    report = run_checks(args.paths, behaviours=behaviours, expectations=expectations,
                        settings=settings, documents=live, notes=live_notes,
                        evidence=args.html is not None)
    if args.sarif is not None:
        write_output(args.sarif, edge.text(render(report, "sarif")), what="--sarif")
    if args.html is not None:
        from kubesim.render.check_html import check_report
        write_html(check_report(report), args.html)
    errors = [f"kubesim: error: {e}" for e in report.errors]  # one line each, through the edge
    return CommandResult(render(report, args.format), report.exit_code, errors or None)


def project_configuration(args: argparse.Namespace, config: Config | None, chosen: str, *,
                          command: str = "check", expect_given: bool = False
                          ) -> Configuration:
    """What the reports of `command` (check, or suggest) say of the configuration: which,
    how it was chosen, and where it departs from the defaults the command line left."""
    return configuration_of(config, chosen, overridden=_overridden(args),
                            cli_ignore=_ignored(args.ignore),
                            bindings=not args.behaviours, command=command,
                            expect_given=expect_given)


def check_settings(args: argparse.Namespace, config: Config | None,
                   configuration: Configuration | None = None) -> Settings:
    """`check`'s settings: the command line, else the configuration, else the defaults (a
    command without one of check's options, as `suggest`, takes the configuration's)."""
    picked = _picked(args, config)
    fail_on = picked.pop("fail_on", "error")
    if picked.get("start_times") is not None:  # a configuration's list
        picked["start_times"] = tuple(float(t) for t in picked["start_times"])
    return Settings(
        **picked, seed=args.seed, profile=profile_of(args), ideal=args.ideal,
        engine=args.engine, render=render_options_of(args),
        skip_non_manifests=args.skip_non_manifests,
        fail_on=None if fail_on == "none" else Severity[fail_on.upper()],
        ignore=_ignored(args.ignore) | (config.ignore if config
                                                         else frozenset()),
        severities=config.severities if config else (),
        allow_empty=args.allow_empty, max_work=args.max_work, configuration=configuration)


def _check_sarif_path(args: argparse.Namespace) -> None:
    """Fail before any simulation if --sarif could not be written or names another output."""
    if args.sarif is None:
        return
    if args.sarif == STDIN:
        raise UsageError("--sarif -: give a file; standard output is --format's")
    check_output_path(args.sarif, "--sarif")
    target = Path(args.sarif).resolve()
    for flag, other in (("--output", args.output), ("--html", args.html)):
        if other is not None and other != STDIN and Path(other).resolve() == target:
            raise UsageError(f"--sarif and {flag} name the same file", source=args.sarif)


# the configuration's check settings, by the option that overrides each (their declarations)
OVERRIDES = {o.config: o.name for o in CHECK_OPTIONS if o.config is not None}


def _overridden(args: argparse.Namespace) -> frozenset[str]:
    """The configuration's check settings the command line overrides."""
    return frozenset(key for key, option in OVERRIDES.items()
                     if getattr(args, option) is not None)


# check's options as they read when not given: a command that takes check's settings without
# offering all of its options (`suggest`) declares the rest with these (`declare_check_options`)
NOT_GIVEN: dict[str, Any] = {**dict.fromkeys(OVERRIDES.values()), "ignore": [],
                             "skip_non_manifests": False, "allow_empty": False}


def declare_check_options(parser: argparse.ArgumentParser) -> None:
    """Give `parser`'s namespace every option `check_settings` reads: those it lacks read as
    not given (a declared option keeps its own default)."""
    parser.set_defaults(**{option: value for option, value in NOT_GIVEN.items()
                           if parser.get_default(option) is None})


def _ignored(values: Sequence[str]) -> frozenset[str]:
    ids = set()
    for token in (t for v in values for t in re.split(r"[,\s]+", v) if t):
        rule = rule_of(token)
        if rule is None:
            raise UsageError(f"--ignore {token!r}: unknown check (ids {rule_ids()} or their "
                             "names; kubesim rules lists them)")
        ids.add(rule.id)
    return frozenset(ids)


def behaviour_refs(args: argparse.Namespace, config: Config | None = None) -> list[BehaviourRef]:
    """--scenario/--trace in order; without them, the configuration's bindings."""
    given = list(args.behaviours) or [(b.kind, _shown(b.path)) for b in
                                      (config.bindings if config else [])]
    if (args.trace_restart or args.censored) and not any(k == "trace" for k, _ in given):
        raise UsageError("--trace-restart and --censored need --trace FILE")
    out = []
    for kind, path in given:
        if kind == "scenario":
            from kubesim.behaviour.scenario import load_scenario
            behaviour: Any = load_scenario(path)
        else:
            from kubesim.behaviour.trace import (  # a trace is given (its readers load numpy)
                CensoredMode,
                RestartMode,
                load_trace,
            )
            behaviour = load_trace(
                path, restart=RestartMode(args.trace_restart) if args.trace_restart else None,
                censored=CensoredMode(args.censored) if args.censored else None)
        label = "<stdin>" if path == STDIN else path
        scope = selectors_of(behaviour, kind)
        bound = config.binding_for(kind, path) if config and path != STDIN else None
        if bound is not None and bound.applies_to:
            scope = scope or bound.applies_to
        out.append(BehaviourRef(label, behaviour, args.duration or auto_duration(behaviour),
                                kind, scope))
    return out


def _shown(path: str) -> str:
    """A bound file as findings name it: relative to the current directory."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return path


def expectations_of(args: argparse.Namespace, config: Config | None = None
                    ) -> list[Expectation]:
    """The expectations file's, the configuration's `expect:` and the --expect-KIND options',
    in that order."""
    out = load_expectations(args.expectations) if args.expectations else []
    for kind, value in (config.expect.items() if config else []):
        if kind == "no_restart":
            if value:
                out.append(Expectation(kind, None, config.source))  # type: ignore[union-attr]
        else:
            out.append(Expectation(kind, float(value), config.source))  # type: ignore[union-attr]
    for option in EXPECT_OPTIONS:  # the kind is the configuration's key
        value = getattr(args, option.name)
        if value is True:
            out.append(Expectation(str(option.config), None, option.flag))
        elif value not in (None, False):
            out.append(Expectation(str(option.config), value, option.flag))
    return out
