"""`kubesim import-blackbox`: Prometheus blackbox exporter series (a query_range export) as a
kubesim trace. The conversion is `blackbox.py`; this module is its command line.

    kubesim import-blackbox probes.json -o traces/prod_healthz.jsonl
    kubesim run spec.yaml --trace traces/prod_healthz.jsonl
"""

from __future__ import annotations

import argparse
import shlex

from kubesim.behaviour.blackbox import import_blackbox
from kubesim.cli.args import add_output_args
from kubesim.cli.command import CommandResult
from kubesim.errors import UsageError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `import-blackbox` and its options."""
    p = sub.add_parser(
        "import-blackbox", help="turn a Prometheus blackbox exporter export into a trace",
        description="Read Prometheus /api/v1/query_range responses holding probe_success, "
                    "probe_http_status_code and probe_duration_seconds, and write a kubesim "
                    "trace (JSONL): one target per instance (the URL path of the instance "
                    "label), t in seconds since the first sample.")
    # cli.py finds the module by the command's name; a '-' cannot be in a module name
    p.add_argument("files", nargs="+", metavar="[METRIC=]FILE",
                   help="query_range JSON; METRIC= names the metric of series without "
                        "__name__ (e.g. probe_success=ok.json)")
    p.add_argument("--target", action="append", default=[], metavar="INSTANCE=TARGET",
                   help="probe target key for an instance label (repeatable), e.g. "
                        "'http://10.0.0.5:8000/healthz=/healthz'")
    p.add_argument("--job", metavar="NAME", help="only series with this job label")
    p.add_argument("--timeout", type=float, metavar="S",
                   help="the blackbox module's timeout: a failure without HTTP status that "
                        "lasted this long is recorded as a timeout (else: refused)")
    add_output_args(p, ["jsonl"])


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
