"""`kubesim import-blackbox`: Prometheus blackbox exporter series (a query_range export) as a
kubesim trace. The conversion is `blackbox.py`; this module is its command line.

    kubesim import-blackbox probes.json -o traces/prod_healthz.jsonl
    kubesim run spec.yaml --trace traces/prod_healthz.jsonl
"""

from __future__ import annotations

import argparse
import shlex

from kubesim.behaviour.blackbox import import_blackbox
from kubesim.cli.command import CommandResult
from kubesim.cli.options import IMPORT_BLACKBOX
from kubesim.errors import UsageError
from kubesim.options import add_option

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `import-blackbox` and its options."""
    p = sub.add_parser(
        "import-blackbox", help="turn a Prometheus blackbox exporter export into a trace",
        description="Read Prometheus /api/v1/query_range responses holding probe_success, "
                    "probe_http_status_code and probe_duration_seconds, and write a kubesim "
                    "trace (JSONL): one target per instance (the URL path of the instance "
                    "label), t in seconds since the first sample.")
    # cli.py finds the module by the command's name; a '-' cannot be in a module name
    for option in IMPORT_BLACKBOX.values():
        add_option(p, option)

def _targets(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        instance, sep, target = pair.rpartition("=")
        if not sep or not instance or not target:
            raise UsageError(f"--target {pair!r} must look like INSTANCE=TARGET")
        out[instance] = target
    return out


def run(args: argparse.Namespace) -> CommandResult:
    """The trace as JSONL text (the CLI writes it to --output or stdout); exit 0."""
    argv = ["kubesim", "import-blackbox", *args.files]
    for pair in args.target:
        argv += ["--target", pair]
    if args.job:
        argv += ["--job", args.job]
    if args.timeout is not None:
        argv += ["--timeout", f"{args.timeout:g}"]
    if args.output:
        argv += ["-o", args.output]
    return CommandResult(import_blackbox(args.files, targets=_targets(args.target), job=args.job,
                                         timeout=args.timeout,
                                         provenance={"command": shlex.join(argv)}))
