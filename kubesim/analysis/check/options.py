"""`kubesim check`'s settings, each declared once: the options a configuration may set too.

One `CheckOption` (a `kubesim.options.Option`) per setting: its name, the kind of value it takes, its help, and where else
it stands. From these records come the three places a setting appears, so that they cannot
drift apart:

* the command line: `kubesim.cli.check` adds each as an argparse option (`flag`);
* the MCP tool: `kubesim.cli.inputs` makes the `check` tool's fields (the `name`, with `help`
  as its description) and their places on the command line;
* the configuration: `kubesim.analysis.config` makes the `check:` keys of `.kubesim.yaml`
  (`config`), and `kubesim.cli.check` reads each key where its option is not given.

The default expectations (`EXPECT_OPTIONS`) are declared the same way: `--expect-KIND`, the
tool's `expect_KIND` and the configuration's `expect: {KIND: ...}`, which adds to them.

Each place keeps its own bounds for a kind (the command line's message, the schema's
`maximum`, the configuration's strict types), but the set of settings, their names and their
help are these. tests/test_option_declarations.py holds the three equal for every command.
"""

from __future__ import annotations

from kubesim.options import SEVERITIES, Option, ValueKind

# check's settings are options as every command's are (kubesim.options): the name is kept for
# the modules that read check's declarations
CheckOption = Option

__all__ = ["CHECK_OPTIONS", "CONFIG_ONLY", "EXPECT_OPTIONS", "SEVERITIES", "CheckOption",
           "ValueKind", "check_option"]


def _setting(name: str, kind: ValueKind, help: str, metavar: str | None = "S", *,
             config: str | None = None, group: bool = True) -> CheckOption:
    """A setting the configuration may set too: under its own name unless `config` says."""
    return CheckOption(name, kind, help, metavar, config or name, group)


# the gate first; the "check settings" group in the order `kubesim check --help` lists it
# (--phases and --fail-on stand elsewhere there); reports list a configuration's departures
# in this order
CHECK_OPTIONS: tuple[CheckOption, ...] = (
    _setting("fail_on", ValueKind.SEVERITY, "lowest severity that fails the run with exit 1 "
             "(error); none: always exit 0 unless the input is bad", None, group=False),
    _setting("outage_seconds", ValueKind.SECONDS, "KS001: length of the simulated "
             "readiness-only outage (120)"),
    _setting("startup_seconds", ValueKind.SECONDS, "KS003: the app's startup time, container "
             "start to first success"),
    _setting("max_initial_delay", ValueKind.SECONDS, "KS005: liveness initialDelaySeconds "
             "above this without a startup probe (30)"),
    _setting("max_hang_recovery", ValueKind.SECONDS, "KS006: bound on hang -> replacement "
             "running (off without it)"),
    _setting("max_ready_recovery", ValueKind.SECONDS, "KS007: bound on dependency recovery "
             "-> Ready (off without it)"),
    _setting("propagation", ValueKind.SECONDS_OR_ZERO, "KS014: seconds from an endpoint "
             "leaving to traffic following it in your cluster (off without it); "
             "KS012/KS013's fleet follows it too (2, 0 with --ideal, as `kubesim fleet`)",
             config="propagation_seconds"),
    _setting("start_spread", ValueKind.SECONDS_OR_ZERO, "KS012/KS013: the replicas' first "
             "containers start uniformly within S seconds (seed-drawn), as `kubesim fleet "
             "--start-spread` (0)"),
    _setting("start_times", ValueKind.TIMES, "KS012/KS013: replica i's first container "
             "starts at Ti seconds (one per replica), as `kubesim fleet --start-times`",
             "T0,T1,..."),
    _setting("rollout_min_capacity", ValueKind.CAPACITY, "KS015: endpoints that must keep "
             "serving while a Deployment rolls out (off without it)", "K"),
    _setting("max_zero_capacity", ValueKind.SECONDS_OR_ZERO, "KS013: seconds the workload's "
             "replicas may all be out of the Service under a scenario or trace (off without "
             "it)"),
    _setting("missing_probes", ValueKind.TOGGLE, "KS008/KS009/KS016: report long-running "
             "containers without a readiness or liveness probe, and slow starters (databases, "
             "JVMs) whose start-up is not protected (on; --no-missing-probes: off)", None),
    _setting("phases", ValueKind.COUNT, "grid phases every simulated check runs at (20)", "N",
             group=False),
)

# check's expectations for every probed container: `--expect-KIND`, the tool's `expect_KIND`,
# the configuration's `expect: {KIND: ...}` (KIND: a key of an expectations file's `defaults`)
EXPECT_OPTIONS: tuple[CheckOption, ...] = (
    CheckOption("expect_no_restart", ValueKind.SWITCH, "no restart in any given "
                "scenario/trace", None, "no_restart", False),
    CheckOption("expect_not_ready_within", ValueKind.SECONDS, "out of Ready within S s of an "
                "outage of the readiness target", "S", "not_ready_within", False),
    CheckOption("expect_ready_within", ValueKind.SECONDS, "first Ready within S s of the first "
                "container start", "S", "ready_within", False),
    CheckOption("expect_survives_stall", ValueKind.SECONDS, "a stall of the whole process for "
                "S s restarts nothing", "S", "survives_stall", False),
)

# keys under `check:` that are no single option: `ignore` adds to --ignore (a list of its
# own), `severity` has no command-line form (a per-check mapping)
CONFIG_ONLY = ("ignore", "severity")


def check_option(name: str) -> CheckOption:
    """The declaration of setting `name`."""
    return next(o for o in CHECK_OPTIONS if o.name == name)
