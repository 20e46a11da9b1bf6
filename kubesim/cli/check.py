"""`kubesim check`: a CI gate on probe configs, with reasons the simulator measured.

Exit codes: 0 nothing at or above `--fail-on` (default error); 1 findings at or above it;
2 bad input (unreadable or invalid manifests, scenarios, traces, expectations, options).
"""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kubesim.analysis.check.expectations import Expectation, load_expectations
from kubesim.analysis.check.findings import BehaviourRef, Configuration, Settings
from kubesim.analysis.check.options import (
    CHECK_OPTIONS,
    EXPECT_OPTIONS,
    SEVERITIES,
    CheckOption,
    ValueKind,
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
from kubesim.behaviour.scenario import load_scenario
from kubesim.behaviour.trace import CensoredMode, RestartMode, load_trace
from kubesim.cli.args import (
    add_budget_arg,
    add_duration_arg,
    add_html_arg,
    add_kubelet_args,
    add_render_args,
    check_html_path,
    profile_of,
    render_options_of,
    start_times_arg,
    write_html,
)
from kubesim.cli.command import BehaviourFile, CommandResult
from kubesim.cli.inputs import CheckClusterInput, CheckInput
from kubesim.cli.live import add_cluster_args, cluster_documents
from kubesim.errors import UsageError
from kubesim.files import check_output_path, write_output
from kubesim.render import edge
from kubesim.render.check_formats import FORMATS, render
from kubesim.spec.yamlio import STDIN

__all__ = ["BehaviourAction", "add_check_option", "add_config_args", "add_parser",
           "behaviour_refs", "check_settings", "count_arg", "expectations_of", "project_config",
           "project_configuration", "run", "seconds_arg", "seconds_or_zero_arg"]


def seconds_or_zero_arg(text: str) -> float:
    """A number of seconds >= 0 (argparse type)."""
    return _seconds(text, zero=True)


def seconds_arg(text: str) -> float:
    """A number of seconds > 0 (argparse type)."""
    return _seconds(text, zero=False)


def _seconds(text: str, *, zero: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (value >= 0 if zero else value > 0) or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} must be a "
                                         f"{'number' if zero else 'positive number'} of "
                                         f"seconds{' >= 0' if zero else ''}")
    return value


def count_arg(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number >= 1")
    return int(text)


class BehaviourAction(argparse.Action):
    """--scenario and --trace, kept in command-line order."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        kind = "scenario" if option == "--scenario" else "trace"
        namespace.behaviours.append(BehaviourFile(kind, values))


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `check` and its options."""
    p = sub.add_parser(
        "check", help="check probe configs in manifests; exit 1 on findings (CI gate)",
        description="Check every probed container in manifests and probe specs. Each finding "
                    "has a stable id (KS001...), a severity and a reason measured by the "
                    "simulator. Exit 0: nothing at or above --fail-on; 1: findings; 2: bad "
                    "input.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="manifest or probe spec file, Helm chart or kustomization directory, "
                        "chart .tgz, directory (recursive *.yaml/*.yml; charts and "
                        "kustomizations in it are rendered), or - for stdin (piped `helm "
                        "template` output is split on its # Source: lines)")
    p.set_defaults(behaviours=[])
    p.add_argument("--scenario", action=BehaviourAction, metavar="FILE",
                   help="synthetic behaviour to check against (repeatable)")
    p.add_argument("--trace", action=BehaviourAction, metavar="FILE",
                   help="recorded behaviour to check against (repeatable)")
    p.add_argument("--trace-restart", choices=[m.value for m in RestartMode],
                   help="what every trace means after a restart (default: its meta)")
    p.add_argument("--censored", choices=[m.value for m in CensoredMode],
                   help="how recorded timeouts shorter than timeoutSeconds count")
    add_duration_arg(p, per="scenario or trace", type_=seconds_arg)
    add_check_option(p, check_option("phases"))
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="random seed; phase i uses seed+i (0)")
    p.add_argument("--format", choices=list(FORMATS), default="text",
                   help="text, json, junit, sarif, or github (workflow commands: an annotation "
                        "per finding on the pull request)")
    p.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    p.add_argument("--sarif", metavar="FILE",
                   help="also write the SARIF report here, besides --format's output (the "
                        "GitHub Action: annotations and code scanning from one run)")
    add_html_arg(p)
    add_check_option(p, check_option("fail_on"))
    p.add_argument("--skip-non-manifests", action="store_true",
                   help="skip a named file that is not a manifest or probe spec (values.yaml, "
                        "a Helm template) with a note, instead of exit 2; files found in a "
                        "directory are always skipped so (for pre-commit hooks)")
    p.add_argument("--allow-empty", action="store_true",
                   help="input with no Kubernetes object passes (default: exit 2, so a failed "
                        "`helm template | kubesim check -` does not pass the gate)")
    p.add_argument("--ignore", action="append", default=[], metavar="ID",
                   help="do not count this check (id or name; repeatable, comma-separated)")
    g = p.add_argument_group("check settings")
    for option in CHECK_OPTIONS:
        if option.group:
            add_check_option(g, option)
    e = p.add_argument_group("expectations (every probed container)")
    e.add_argument("--expectations", metavar="FILE", help="expectations file (YAML)")
    for option in EXPECT_OPTIONS:
        add_check_option(e, option)
    add_render_args(p)
    add_config_args(p)
    add_kubelet_args(p)
    add_budget_arg(p)
    add_cluster_args(p)


# how the command line reads each kind of setting (argparse's `type`)
_ARG_TYPES: dict[ValueKind, Callable[[str], Any]] = {
    ValueKind.SECONDS: seconds_arg, ValueKind.SECONDS_OR_ZERO: seconds_or_zero_arg,
    ValueKind.COUNT: count_arg, ValueKind.CAPACITY: int, ValueKind.TIMES: start_times_arg}


def add_check_option(p: argparse.ArgumentParser | argparse._ArgumentGroup,
                     option: CheckOption) -> None:
    """One of check's settings as its declaration says (kubesim.analysis.check.options)."""
    if option.kind is ValueKind.SWITCH:
        p.add_argument(option.flag, action="store_true", help=option.help)
    elif option.kind is ValueKind.TOGGLE:
        p.add_argument(option.flag, action=argparse.BooleanOptionalAction, default=None,
                       help=option.help)
    elif option.kind is ValueKind.SEVERITY:
        p.add_argument(option.flag, choices=list(SEVERITIES), help=option.help)
    else:
        p.add_argument(option.flag, type=_ARG_TYPES[option.kind], metavar=option.metavar,
                       help=option.help)


def add_config_args(p: argparse.ArgumentParser) -> None:
    """--config PATH|none and --no-config (default: .kubesim.yaml or pyproject.toml
    [tool.kubesim] found from the current directory upwards)."""
    c = p.add_mutually_exclusive_group()
    c.add_argument("--config", metavar="PATH|none",
                   help="the configuration file (YAML, or the [tool.kubesim] table of a TOML "
                        "file), or none to read none; default: .kubesim.yaml or [tool.kubesim] "
                        "in pyproject.toml from the current directory upwards, which a pull "
                        "request can add or change (./none names a file called none)")
    c.add_argument("--no-config", action="store_true", help="the same as --config none")


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
    # the bounds `kubesim mcp` holds its callers to
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
            behaviour: Any = load_scenario(path)
        else:
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
