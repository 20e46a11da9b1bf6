"""One declaration per option (issue 32 item 8): the record every command's options are made of.

An `Option` says once what an option is: its name (the MCP tool's field, and argparse's
destination unless `dest` says otherwise), the kind of value it takes, its help, how `--help`
shows its value, and where else it stands (`config`: a key of the configuration). From these
records come the places an option appears, so that they cannot drift apart:

* the command line: `add_option` adds one to an argparse parser (its flags, type, default);
* the MCP tools: `kubesim.cli.inputs` makes a model's field described by `help`, and the
  field's place on the command line from `flags`, `attr` and `kind`;
* the configuration: `kubesim.analysis.config` makes its keys from the records with `config`.

The declarations themselves: check's settings in `kubesim.analysis.check.options` (the
configuration reads them too), every other command's in `kubesim.cli.options`.
tests/test_option_declarations.py holds the places equal and each option declared once.

Each place keeps its own bounds for a kind (the command line's message below, the schema's
`maximum`, the configuration's strict types). A light module: `kubesim --help` imports it.
"""

from __future__ import annotations

import argparse
import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_CAPACITY", "MAX_DURATION", "MAX_JOBS", "MAX_PHASES", "MAX_REPLAY_PHASES", "MAX_SEED",
           "MAX_START_TIMES", "MAX_WORK", "SEVERITIES", "Option", "ValueKind", "add_option",
           "count_arg", "is_digits", "jobs_arg", "mebibytes_arg", "quoted", "seconds_arg",
           "seconds_or_zero_arg", "seed_arg", "start_times_arg", "time_limit_arg", "whole_arg"]


class ValueKind(enum.Enum):
    """What an option's value is, as each place spells it."""

    SECONDS = "seconds"  # a number of seconds > 0
    SECONDS_OR_ZERO = "seconds_or_zero"  # a number of seconds >= 0
    COUNT = "count"  # a whole number >= 1
    CAPACITY = "capacity"  # a whole number >= 0
    SEVERITY = "severity"  # error | warning | info | none
    TOGGLE = "toggle"  # on, off, or not given
    TIMES = "times"  # a list of seconds >= 0 (one per replica)
    SWITCH = "switch"  # on when given (off: not given)
    TEXT = "text"  # a word, a path or a choice, as given
    NUMBER = "number"  # a float as Python reads it (bounds checked where it is used)
    INTEGER = "integer"  # an int as Python reads it
    SEED = "seed"  # a whole number from 0 to MAX_SEED
    WORK = "work"  # a whole number >= 1 (the work budget)
    REPEAT = "repeat"  # a value for each time the flag is given (a list)
    PAIRS = "pairs"  # KEY=VALUE for each time the flag is given (a mapping)
    NEGATED = "negated"  # `--no-X`: the field X is off when given
    BEHAVIOUR = "behaviour"  # --scenario/--trace FILE, kept in command-line order
    CONFIG = "config"  # --config PATH|none (`--no-config` is none)
    SWITCH_OR_UNSET = "switch_or_unset"  # on when given; not given: None (another source's)
    CONST = "const"  # stores `const` in `dest` (an old spelling of another option)


@dataclass(frozen=True)
class Option:
    """One option: `name` is the MCP field (and argparse's destination unless `dest`);
    `flags` the command line's, in the order `--help` shows them (default `--` + name with
    dashes); `config` the configuration's key (None: the configuration cannot set it);
    `metavar` how `--help` shows its value; `group`: check's settings listed under "check
    settings" in `--help`; `choices` the values it takes; `default` argparse's when not
    given (the field's too); `nargs`, `const` and `required` as argparse's; `reader` reads
    the value where its kind's reader does not (a bound of the command's own); `action`
    argparse's where the kind's is not (check's --scenario and --trace keep their order)."""

    name: str
    kind: ValueKind
    help: str | None
    metavar: str | None = None
    config: str | None = None
    group: bool = True
    flags: tuple[str, ...] = ()
    dest: str | None = None
    choices: tuple[str, ...] = ()
    default: Any = None
    nargs: str | None = None
    const: Any = None
    required: bool = False
    reader: Callable[[str], Any] | None = None
    action: Any = None

    @property
    def positional(self) -> bool:
        """An argument without a flag (`spec`, `paths`): `flags` holds its name."""
        return bool(self.flags) and not self.flags[0].startswith("-")

    @property
    def flag(self) -> str:
        """The long flag (`--output` of `--output/-o`)."""
        longs = [f for f in self.flags if f.startswith("--")]
        return longs[0] if longs else "--" + self.name.replace("_", "-")

    @property
    def attr(self) -> str:
        """Where argparse stores it."""
        if self.dest is not None:
            return self.dest
        if self.positional:
            return self.flags[0]
        if self.kind is ValueKind.BEHAVIOUR:  # check's action keeps them in order, in one list
            return "behaviours"
        return self.flag[2:].replace("-", "_")


# -- argparse value types: every flag's range in one place (the fleet flags' too) ---------------
MAX_SEED = 2**64 - 1
MAX_START_TIMES = 10_000  # kubesim.fleet.settings.MAX_REPLICAS: one start per replica
# the bounds of the MCP tools' fields (kubesim.cli.inputs), which the command line is held to too
# (kubesim.cli.bounds judges a command line by them before any model is built)
MAX_DURATION = 1e9  # seconds
MAX_PHASES = 10**9  # grid phases (the work budget bounds them first)
MAX_REPLAY_PHASES = 200  # the grid phases explain replays a record at
MAX_CAPACITY = 10**6  # endpoints
MAX_WORK = 10**18 - 1  # units of work (--max-work: at most 18 digits)


def is_digits(text: str) -> bool:
    """Only the ASCII digits 0-9 (str.isdigit also takes '²', which int() refuses)."""
    return text.isascii() and text.isdigit()


def quoted(text: str) -> str:
    """A flag's value as a message shows it: quoted, and short."""
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...")


def whole_arg(text: str) -> int:
    """A whole number >= 1 of at most 18 digits (--max-work)."""
    if not is_digits(text) or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be a whole number >= 1")
    return int(text)


MAX_JOBS = 1024


def jobs_arg(text: str) -> int:
    """--jobs N: local worker processes, from 1 to MAX_JOBS."""
    if not is_digits(text) or len(text) > 6 or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be a whole number from 1 to "
                                         f"{MAX_JOBS}")
    return int(text)


def seed_arg(text: str) -> int:
    """--seed N: a whole number from 0 to 2^64 - 1 (numpy's seeds are non-negative)."""
    if not is_digits(text) or len(text) > 20 or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be a whole number from 0 to "
                                         f"{MAX_SEED}")
    return int(text)


def start_times_arg(text: str) -> tuple[float, ...]:
    """--start-times T0,T1,...: replica i's first container at Ti seconds (`kubesim fleet`,
    `kubesim check`): numbers of seconds >= 0 separated by commas."""
    parts = text.split(",")
    if len(parts) > MAX_START_TIMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_START_TIMES} values (one per replica)")
    try:
        values = tuple(float(v) for v in parts)
    except ValueError:
        values = ()
    if not values or not all(math.isfinite(v) and v >= 0 for v in values):
        raise argparse.ArgumentTypeError(f"{quoted(text)} must be numbers of seconds >= 0 "
                                         "separated by commas, like 0,5,10")
    return values


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


def time_limit_arg(text: str) -> float:
    """A number of seconds, more than 0 and at most a day (`kubesim mcp --time-limit`)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"{text!r} must be a number of seconds, more than 0 "
                                         "and at most 86400")
    return value


def mebibytes_arg(text: str) -> int:
    """A whole number of MiB from 256 to 2^20 (`kubesim mcp --max-memory`)."""
    if not text.isdigit() or not 256 <= int(text) <= 1 << 20:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number of MiB, 256 to "
                                         f"{1 << 20}")
    return int(text)


def count_arg(text: str) -> int:
    """A whole number >= 1 (argparse type)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be a whole number >= 1")
    return int(text)


# how the command line reads each kind of value (argparse's `type`; none: the text)
_READERS: dict[ValueKind, Callable[[str], Any]] = {
    ValueKind.SECONDS: seconds_arg, ValueKind.SECONDS_OR_ZERO: seconds_or_zero_arg,
    ValueKind.COUNT: count_arg, ValueKind.CAPACITY: int, ValueKind.TIMES: start_times_arg,
    ValueKind.NUMBER: float, ValueKind.INTEGER: int, ValueKind.SEED: seed_arg,
    ValueKind.WORK: whole_arg}
SEVERITIES = ("error", "warning", "info", "none")


def _argparse_kwargs(option: Option) -> dict[str, Any]:
    """argparse's keywords for the option's kind."""
    kind = option.kind
    if kind in (ValueKind.SWITCH, ValueKind.NEGATED):
        return {"action": "store_true"}
    if kind is ValueKind.SWITCH_OR_UNSET:
        return {"action": "store_true", "default": None}
    if kind is ValueKind.TOGGLE:
        return {"action": argparse.BooleanOptionalAction, "default": None}
    if kind is ValueKind.CONST:
        return {"action": "store_const", "const": option.const}
    kwargs: dict[str, Any] = {"metavar": option.metavar}
    if option.positional:  # a list of them by its `nargs`
        return kwargs
    if kind in (ValueKind.REPEAT, ValueKind.PAIRS):
        kwargs.update(action="append", default=None if option.required else [])
    elif option.reader is not None or kind in _READERS:
        kwargs["type"] = option.reader or _READERS[kind]
    choices = SEVERITIES if kind is ValueKind.SEVERITY else option.choices
    if choices:
        kwargs["choices"] = list(choices)
    return kwargs


def add_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup
               | argparse._MutuallyExclusiveGroup, option: Option, **extra: Any
               ) -> argparse.Action:
    """The option as its declaration says, on `parser` (`extra`: argparse keywords of the
    command line alone, such as check's `action` that keeps behaviours in order)."""
    kwargs = _argparse_kwargs(option)
    if option.default is not None:
        kwargs["default"] = option.default
    if option.dest is not None:
        kwargs["dest"] = option.dest
    if option.nargs is not None:
        kwargs["nargs"] = option.nargs
    if option.const is not None and option.kind is not ValueKind.CONST:
        kwargs["const"] = option.const
    if option.required:
        kwargs["required"] = True
    if option.action is not None:
        kwargs["action"] = option.action
    if option.positional:
        kwargs.pop("dest", None)  # argparse takes a positional's name as its destination
    kwargs.update(extra)
    return parser.add_argument(*(option.flags or (option.flag,)), help=option.help, **kwargs)
