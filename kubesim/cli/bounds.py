"""Whether a parsed `kubesim check`, `kubesim run`, `kubesim windows`, `kubesim suggest` or
`kubesim explain` command line is certainly within the bounds of its tool's model, judged from
the option declarations without building the model.

The command line holds its options to the bounds `kubesim mcp` holds its callers to
(`kubesim.cli.inputs.CheckInput`, `RunInput`, `WindowsInput`, `SuggestInput` and
`ExplainInput`, pydantic models). Defining the tools' models and building one costs a short
command about a tenth of its CPU (issue 31 item 1), and almost every command line is plainly
within them. So `plainly_within` (check), `run_plainly_within` (run), `windows_plainly_within`
(windows), `suggest_plainly_within` (suggest) and `explain_plainly_within` (explain of record
files) judge each option's value from its declaration
(`kubesim.options.Option`: its kind, its choices): True only where the model
certainly accepts every value (a conservative bound: a text of at most 253 printable
characters, at most 100 items in a list, no `--kubelet` setting); anything else, out of bounds
or merely unusual, goes to the model, which accepts it or names the flag and what is allowed,
word for word as before.

tests/test_tool_bounds.py holds the two together for every command (one row of its table a
command): every field of the model is an option judged here, and no command line judged
within is refused by the model (Hypothesis).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from kubesim.analysis.check.options import CHECK_OPTIONS, EXPECT_OPTIONS
from kubesim.cli.options import (
    BEHAVIOUR,
    CHECK,
    CONFIG,
    EXPLAIN,
    KUBELET,
    RENDER,
    RUN,
    SUGGEST,
    WINDOWS,
)
from kubesim.files import within_scope
from kubesim.options import (
    MAX_CAPACITY,
    MAX_DURATION,
    MAX_PHASES,
    MAX_REPLAY_PHASES,
    MAX_SEED,
    MAX_START_TIMES,
    MAX_WORK,
    SEVERITIES,
    Option,
    ValueKind,
)

__all__ = ["CHECK_TOOL_OPTIONS", "EXPLAIN_TOOL_OPTIONS", "PLAIN_ITEMS", "PLAIN_TEXT",
           "RUN_TOOL_OPTIONS", "SUGGEST_TOOL_OPTIONS", "WINDOWS_TOOL_OPTIONS",
           "explain_plainly_within", "plainly_within", "run_plainly_within",
           "suggest_plainly_within", "windows_plainly_within"]

PLAIN_TEXT = 253  # characters: the shortest text field's bound (a Kubernetes name)
PLAIN_ITEMS = 100  # items in a list: the shortest list field's bound (--ignore)

# the options `kubesim check` takes that are fields of the check tool (the others say where
# the output goes and how it is shown, how long a render may take, or where a cluster is)
CHECK_TOOL_OPTIONS: tuple[Option, ...] = (
    *(CHECK[name] for name in ("paths", "scenarios", "traces", "trace_restart", "censored",
                               "duration", "seed", "skip_non_manifests", "allow_empty",
                               "ignore", "expectations", "engine", "max_work")),
    *CHECK_OPTIONS, *EXPECT_OPTIONS, CONFIG["config"],
    *(RENDER[name] for name in ("values", "set", "set_string", "release_name", "namespace",
                                "kube_version", "helm_engine")),
    *KUBELET.values(),
)
_RENDER_TOOL = tuple(RENDER[name] for name in ("values", "set", "set_string", "release_name",
                                               "namespace", "kube_version", "helm_engine"))
# the options `kubesim run` takes that are fields of the run tool (not --format, --output,
# --changes-only, --plot, --html, --render-timeout)
RUN_TOOL_OPTIONS: tuple[Option, ...] = (
    RUN["spec"], RUN["container"],
    *(BEHAVIOUR[name] for name in ("scenario", "trace", "trace_restart", "censored")),
    *(RUN[name] for name in ("duration", "seed", "phase", "phases", "engine", "max_work")),
    *_RENDER_TOOL, *KUBELET.values(),
)
# the options `kubesim windows` takes that are fields of the windows tool (not --format,
# --output, --render-timeout)
WINDOWS_TOOL_OPTIONS: tuple[Option, ...] = (
    WINDOWS["spec"], WINDOWS["container"], *_RENDER_TOOL, *KUBELET.values(),
    WINDOWS["max_work"],
)
# the options `kubesim suggest` takes that are fields of the suggest tool (not check's settings,
# which the tool leaves to the project's configuration, --format, --output, --render-timeout)
SUGGEST_TOOL_OPTIONS: tuple[Option, ...] = (
    *(SUGGEST[name] for name in ("paths", "expect", "scenarios", "traces", "trace_restart",
                                 "censored", "duration", "workload", "container", "phases",
                                 "seed", "config")),
    *_RENDER_TOOL, *KUBELET.values(), SUGGEST["engine"], SUGGEST["max_work"],
)
# the options `kubesim explain` takes that are fields of the explain tool (not the live
# cluster's, --format, --output, --html)
EXPLAIN_TOOL_OPTIONS: tuple[Option, ...] = (
    *(EXPLAIN[name] for name in ("records", "now", "pod", "container", "spec", "expect",
                                 "suggest", "phases", "seed")),
    *KUBELET.values(), EXPLAIN["max_work"],
)


def _text(value: Any) -> bool:
    """A path, name or setting any text field takes: not empty, short, printable, not the
    `<name>` of an inline text, and under the reading scope's root (kubesim.files)."""
    return (isinstance(value, str) and 0 < len(value) <= PLAIN_TEXT and value.isprintable()
            and not value.startswith("<") and within_scope(value))


def _whole(low: int, high: int) -> Callable[[Any], bool]:
    return lambda value: type(value) is int and low <= value <= high


def _seconds(value: Any) -> bool:
    return type(value) is float and 0 < value <= MAX_DURATION


def _seconds_or_zero(value: Any) -> bool:
    return type(value) is float and 0 <= value <= MAX_DURATION


def _items(value: Any, within: Callable[[Any], bool]) -> bool:
    return isinstance(value, (list, tuple)) and len(value) <= PLAIN_ITEMS and all(
        within(v) for v in value)


def _bool(value: Any) -> bool:
    return isinstance(value, bool)


# each kind's values the model certainly takes (a kind not here: judged by the model)
_KINDS: dict[ValueKind, Callable[[Any], bool]] = {
    ValueKind.SECONDS: _seconds,
    ValueKind.SECONDS_OR_ZERO: _seconds_or_zero,
    ValueKind.COUNT: _whole(1, MAX_PHASES),
    ValueKind.CAPACITY: _whole(0, MAX_CAPACITY),
    ValueKind.SEED: _whole(0, MAX_SEED),
    ValueKind.WORK: _whole(1, MAX_WORK),
    ValueKind.SEVERITY: lambda value: value in SEVERITIES,
    ValueKind.TOGGLE: _bool,
    ValueKind.SWITCH: _bool,
    ValueKind.TIMES: lambda value: (isinstance(value, tuple)
                                    and 0 < len(value) <= MAX_START_TIMES
                                    and all(_seconds_or_zero(v) for v in value)),
    ValueKind.TEXT: _text,
    ValueKind.REPEAT: lambda value: _items(value, _text),
    ValueKind.BEHAVIOUR: lambda value: _items(value, lambda b: _text(b.path)),
    ValueKind.CONFIG: lambda value: value == "none" or _text(value),
    ValueKind.PAIRS: lambda value: not value,  # a --kubelet setting: the profile judges it
}
# options whose kind says less than their field: check's seed (an INTEGER read as int() reads
# it; the field: a whole number from 0 to MAX_SEED) and --ignore (each a known check)
def _known_checks(value: Any) -> bool:
    from kubesim.analysis.check.rules import rule_of  # check's --ignore only (its catalogue)
    return _items(value, _text) and all(
        rule_of(t) is not None for item in value for t in item.replace(",", " ").split())


_OWN: dict[str, Callable[[Any], bool]] = {"seed": _whole(0, MAX_SEED), "ignore": _known_checks}
# run's NUMBER and INTEGER options (read by float() and int()) and their fields: --duration
# seconds, --phase any float (the run then holds it to the probe grid; only finite ones are
# plain), --phases a whole number from 1 to MAX_PHASES
_RUN_OWN: dict[str, Callable[[Any], bool]] = {
    "duration": _seconds,
    "phase": lambda value: type(value) is float and math.isfinite(value),
    "phases": _whole(1, MAX_PHASES),
}


def _within(option: Option, value: Any,
            own: dict[str, Callable[[Any], bool]] = _OWN) -> bool:
    if value is None:  # not given: the field's default
        return True
    if option.choices:
        return value in option.choices
    judge = own.get(option.name) or _KINDS.get(option.kind)
    return judge is not None and judge(value)


def plainly_within(args: argparse.Namespace,
                   options: Iterable[Option] = CHECK_TOOL_OPTIONS) -> bool:
    """Whether the check tool's model certainly accepts this command line (False: it may not;
    the model then judges it). Besides each value, what the model asks of several: some
    path, and --trace-restart and --censored only with a trace."""
    if args.cluster or not args.paths:  # check --cluster: its own model
        return False
    return _traces_plain(args) and all(_within(o, getattr(args, o.attr)) for o in options)


def _traces_plain(args: argparse.Namespace) -> bool:
    """--trace-restart and --censored only with a trace (check's and suggest's models)."""
    return not (args.trace_restart or args.censored) or any(
        b.kind == "trace" for b in args.behaviours)


def suggest_plainly_within(args: argparse.Namespace,
                           options: Iterable[Option] = SUGGEST_TOOL_OPTIONS) -> bool:
    """Whether the suggest tool's model certainly accepts this command line (False: the
    model judges it). Besides each value, what the model asks of several: some path, and
    --trace-restart and --censored only with a trace; an --expect goes to the model, which
    reads its kinds."""
    if not args.paths:
        return False
    return _traces_plain(args) and all(_within(o, getattr(args, o.attr)) for o in options)


def run_plainly_within(args: argparse.Namespace,
                       options: Iterable[Option] = RUN_TOOL_OPTIONS) -> bool:
    """Whether the run tool's model certainly accepts this command line (False: the model
    judges it). Besides each value, what the model asks of several: --trace-restart and
    --censored only with --trace (argparse gives at most one of --scenario and --trace)."""
    if (args.trace_restart or args.censored) and not args.trace:
        return False
    return all(_within(o, getattr(args, o.attr), _RUN_OWN) for o in options)


def windows_plainly_within(args: argparse.Namespace,
                           options: Iterable[Option] = WINDOWS_TOOL_OPTIONS) -> bool:
    """Whether the windows tool's model certainly accepts this command line (False: the
    model judges it): each value within its declaration."""
    return all(_within(o, getattr(args, o.attr)) for o in options)


# explain's options whose kind says less than their field: --now (a time the model parses:
# judged by it), --no-suggest (a switch), --phases (a whole number from 1 to
# MAX_REPLAY_PHASES), --seed
_EXPLAIN_OWN: dict[str, Callable[[Any], bool]] = {
    "now": lambda value: False,
    "suggest": _bool,
    "phases": _whole(1, MAX_REPLAY_PHASES),
    "seed": _whole(0, MAX_SEED),
}


def explain_plainly_within(args: argparse.Namespace,
                           options: Iterable[Option] = EXPLAIN_TOOL_OPTIONS) -> bool:
    """Whether the explain tool's model certainly accepts this command line of record files
    (False: the model judges it). Besides each value: some record, none of them a live
    cluster's name (pod/NAME) that is not a file."""
    from kubesim.cluster.targets import is_live_name  # what the model refuses, refused here

    if not args.records or any(is_live_name(r) and not Path(r).exists() for r in args.records):
        return False
    return all(_within(o, getattr(args, o.attr), _EXPLAIN_OWN) for o in options)
