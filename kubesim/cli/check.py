"""`kubesim check`: a CI gate on probe configs, with reasons the simulator measured.

Exit codes: 0 nothing at or above `--fail-on` (default error); 1 findings at or above it;
2 bad input (unreadable or invalid manifests, scenarios, traces, expectations, options).
"""

from __future__ import annotations

import argparse
import math
import re
from typing import Any

from kubesim.analysis.check.run import auto_duration, run_checks
from kubesim.cli.args import add_budget_arg, add_kubelet_args, profile_of
from kubesim.errors import UsageError
from kubesim.analysis.check.expectations import Expectation, load_expectations
from kubesim.analysis.check.findings import BehaviourRef, Settings, Severity, rule_of
from kubesim.render.check_formats import FORMATS, render
from kubesim.behaviour.scenario import load_scenario
from kubesim.behaviour.trace import CensoredMode, RestartMode, load_trace
from kubesim.spec.yamlio import STDIN

__all__ = ["add_parser", "run"]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number >= 1")
    return int(text)


class _Behaviour(argparse.Action):
    """--scenario and --trace, kept in command-line order."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        kind = "scenario" if option == "--scenario" else "trace"
        namespace.behaviours.append((kind, values))


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `check` and its options."""
    p = sub.add_parser(
        "check", help="check probe configs in manifests; exit 1 on findings (CI gate)",
        description="Check every probed container in manifests and probe specs. Each finding "
                    "has a stable id (KS001...), a severity and a reason measured by the "
                    "simulator. Exit 0: nothing at or above --fail-on; 1: findings; 2: bad "
                    "input.")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="manifest or probe spec file, directory (recursive *.yaml/*.yml), or "
                        "- for stdin")
    p.set_defaults(behaviours=[])
    p.add_argument("--scenario", action=_Behaviour, metavar="FILE",
                   help="synthetic behaviour to check against (repeatable)")
    p.add_argument("--trace", action=_Behaviour, metavar="FILE",
                   help="recorded behaviour to check against (repeatable)")
    p.add_argument("--trace-restart", choices=[m.value for m in RestartMode],
                   help="what every trace means after a restart (default: its meta)")
    p.add_argument("--censored", choices=[m.value for m in CensoredMode],
                   help="how recorded timeouts shorter than timeoutSeconds count")
    p.add_argument("--duration", type=_seconds, metavar="S",
                   help="simulated seconds per scenario/trace (default: 300, or 150 s past "
                        "its last window or observation)")
    p.add_argument("--phases", type=_count, default=20, metavar="N",
                   help="grid phases every simulated check runs at (20)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="random seed; phase i uses seed+i (0)")
    p.add_argument("--format", choices=list(FORMATS), default="text")
    p.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    p.add_argument("--fail-on", choices=["error", "warning", "info", "none"], default="error",
                   help="lowest severity that fails the run with exit 1 (error); none: "
                        "always exit 0 unless the input is bad")
    p.add_argument("--ignore", action="append", default=[], metavar="ID",
                   help="do not count this check (id or name; repeatable, comma-separated)")
    g = p.add_argument_group("check settings")
    g.add_argument("--outage-seconds", type=_seconds, default=120.0, metavar="S",
                   help="KS001: length of the simulated readiness-only outage (120)")
    g.add_argument("--startup-seconds", type=_seconds, metavar="S",
                   help="KS003: the app's startup time, container start to first success")
    g.add_argument("--max-initial-delay", type=_seconds, default=30.0, metavar="S",
                   help="KS005: liveness initialDelaySeconds above this without a startup "
                        "probe (30)")
    g.add_argument("--max-hang-recovery", type=_seconds, metavar="S",
                   help="KS006: bound on hang -> replacement running (off without it)")
    g.add_argument("--max-ready-recovery", type=_seconds, metavar="S",
                   help="KS007: bound on dependency recovery -> Ready (off without it)")
    g.add_argument("--missing-probes", action="store_true",
                   help="KS008/KS009: report containers without readiness/liveness probes")
    e = p.add_argument_group("expectations (every probed container)")
    e.add_argument("--expectations", metavar="FILE", help="expectations file (YAML)")
    e.add_argument("--expect-no-restart", action="store_true",
                   help="no restart in any given scenario/trace")
    e.add_argument("--expect-not-ready-within", type=_seconds, metavar="S",
                   help="out of Ready within S s of an outage of the readiness target")
    e.add_argument("--expect-ready-within", type=_seconds, metavar="S",
                   help="first Ready within S s of the first container start")
    e.add_argument("--expect-survives-stall", type=_seconds, metavar="S",
                   help="a stall of the whole process for S s restarts nothing")
    add_kubelet_args(p)
    add_budget_arg(p)


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Check, render; exit code 0 or 1 (bad input raises)."""
    stdin_users = args.paths.count(STDIN) + [v for _, v in args.behaviours].count(STDIN) + (
        args.expectations == STDIN)
    if stdin_users > 1:
        raise UsageError("only one input can come from stdin")
    settings = Settings(
        phases=args.phases, seed=_seed(args.seed), profile=profile_of(args),
        outage_seconds=args.outage_seconds, startup_seconds=args.startup_seconds,
        max_hang_recovery=args.max_hang_recovery, max_ready_recovery=args.max_ready_recovery,
        max_initial_delay=args.max_initial_delay, missing_probes=args.missing_probes,
        fail_on=None if args.fail_on == "none" else Severity[args.fail_on.upper()],
        ignore=_ignored(args.ignore), max_work=args.max_work)
    behaviours = _behaviours(args)
    expectations = _expectations(args)
    report = run_checks(args.paths, behaviours=behaviours, expectations=expectations,
                        settings=settings)
    return render(report, args.format), report.exit_code


def _seed(seed: int) -> int:
    if seed < 0:
        raise UsageError(f"--seed {seed} must be a whole number >= 0")
    return seed


def _ignored(values: list[str]) -> frozenset[str]:
    ids = set()
    for token in (t for v in values for t in re.split(r"[,\s]+", v) if t):
        rule = rule_of(token)
        if rule is None:
            raise UsageError(f"--ignore {token!r}: unknown check (ids KS001-KS009, "
                             "KS100-KS104 or their names)")
        ids.add(rule.id)
    return frozenset(ids)


def _behaviours(args: argparse.Namespace) -> list[BehaviourRef]:
    if (args.trace_restart or args.censored) and not any(k == "trace" for k, _ in
                                                         args.behaviours):
        raise UsageError("--trace-restart and --censored need --trace FILE")
    out = []
    for kind, path in args.behaviours:
        if kind == "scenario":
            behaviour: Any = load_scenario(path)
        else:
            behaviour = load_trace(
                path, restart=RestartMode(args.trace_restart) if args.trace_restart else None,
                censored=CensoredMode(args.censored) if args.censored else None)
        label = "<stdin>" if path == STDIN else path
        out.append(BehaviourRef(label, behaviour, args.duration or auto_duration(behaviour),
                                kind))
    return out


def _expectations(args: argparse.Namespace) -> list[Expectation]:
    out = load_expectations(args.expectations) if args.expectations else []
    if args.expect_no_restart:
        out.append(Expectation("no_restart", None, "--expect-no-restart"))
    for kind in ("not_ready_within", "ready_within", "survives_stall"):
        value = getattr(args, f"expect_{kind}")
        if value is not None:
            out.append(Expectation(kind, value, f"--expect-{kind.replace('_', '-')}"))
    return out
