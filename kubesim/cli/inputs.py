"""The inputs of the commands a caller can run, one pydantic model per command: `check`, `run`,
`windows`, `suggest` and `explain`. A model holds what a caller sets (files or inline texts,
behaviours, durations, phases, seed, kubelet profile, the work budget, ...), never where the
output goes or how it is shown (`--format`, `--output`, `--html`, `--plot`).

One set of rules for both ways in:

* the CLI builds its command's model from the argparse namespace (`from_args`) before any
  work, so every bound below holds on the command line (an error names the flag); `check`
  first asks the option declarations (`kubesim.cli.bounds`) and builds the model only for a
  line they cannot plainly pass, so that a plain check defines none of these models;
* `kubesim mcp` takes the model's JSON schema as the tool's input schema, validates a call's
  arguments with it (an error names the field), and runs the command the model stands for
  (`to_argv`: the command line of the same command, whose `from_args` gives the same model
  back; a property test holds the two to that).

A field that is an option is made from the option's one declaration (`kubesim.cli.options`,
check's settings `kubesim.analysis.check.options`): its description is the option's help, its
place on the command line the option's flag and destination (`_field`, `_arg`);
tests/test_option_declarations.py holds every such field to that.

Paths are checked against the reading scope (kubesim.files): under the root of `kubesim mcp`
a path may not lead out of it, and standard input (`-`, the MCP connection there) is refused.
A text given inline (`spec_text`, `manifest_text`, ...) stands where its path would, under
the name `<field>` (`<spec_text>`), and is read by the same readers within the same bounds.
Imports only light modules: the server lists its tools before anything heavy is loaded.
"""

from __future__ import annotations

import argparse
import enum
import re
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, NamedTuple

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.config import JsonDict

from kubesim.analysis.check.options import (
    CHECK_OPTIONS,
    EXPECT_OPTIONS,
    SEVERITIES,
    CheckOption,
)
from kubesim.cli.options import (
    BEHAVIOUR,
    CENSORED,
    CHECK,
    CONFIG,
    CONTAINER,
    DEFAULT_MAX_WORK,
    ENGINE,
    ENGINES,
    EXPLAIN,
    HELM_ENGINES,
    KUBELET,
    LIVE,
    PROFILES,
    RENDER,
    RUN,
    SUGGEST,
    TRACE_RESTARTS,
    WINDOWS,
)
from kubesim.errors import UsageError
from kubesim.files import MAX_INPUT_BYTES, STDIN, inline_text, within_scope
from kubesim.options import (
    MAX_CAPACITY,
    MAX_DURATION,
    MAX_PHASES,
    MAX_REPLAY_PHASES,
    MAX_SEED,
    MAX_WORK,
    Option,
    ValueKind,
)

__all__ = ["CHECK_SETTING_ARGS", "CLI_ONLY_OPTIONS", "EXPECT_ARGS", "INPUTS", "LIVE_INPUTS", "LIVE_ONLY_OPTIONS",
           "SERVER_FIELDS", "CheckClusterInput", "CheckInput", "CommandInput", "ExplainInput",
           "ExplainLiveInput", "RunInput", "SuggestInput", "WindowsInput", "build_all",
           "error_text"]

MAX_PATHS = 1000  # paths (or behaviours, values files, ...) in one list
MAX_PATH_CHARS = 4096  # PATH_MAX on Linux
MAX_WANT_SECONDS = 7 * 86_400.0  # kubesim.analysis.suggest.MAX_WANT_SECONDS: a week
MAX_NAME = 253  # a Kubernetes object name (DNS subdomain)


def _path(value: str) -> str:
    if "\x00" in value:
        raise ValueError("a path cannot hold a NUL character")
    if value.startswith("<") and value.endswith(">") and inline_text(value) is None:
        raise ValueError(f"{value!r} is the name of an inline text; give the text in its "
                         "*_text field")
    if not within_scope(value):
        if value == STDIN:
            raise ValueError("- (standard input) is not an input here; give a file under the "
                             "root, or the text inline")
        raise ValueError("is outside the root kubesim was started with (kubesim mcp --root); "
                         "give a path under it")
    return value


# a file, a directory (manifests, a Helm chart, a kustomization) or `-` on the command line
FilePath = Annotated[str, Field(min_length=1, max_length=MAX_PATH_CHARS), AfterValidator(_path)]
Text = Annotated[str, Field(max_length=MAX_INPUT_BYTES)]  # in bytes again where it is read


def _bounded(low: float, high: float, what: str, *,
             open_low: bool = False) -> tuple[AfterValidator, Any]:
    """The metadata of a number from `low` (excluded with `open_low`) to `high`: the bounds
    in the JSON schema for a caller to read, and kubesim's message (`--duration=0.0 must be
    ...`) when not met (NaN is never within them)."""
    def check(value: Any) -> Any:
        if not ((low < value if open_low else low <= value) and value <= high):
            raise ValueError(f"must be {what}")
        return value
    bounds: JsonDict = {"exclusiveMinimum" if open_low else "minimum": low, "maximum": high}
    return AfterValidator(check), Field(json_schema_extra=bounds)


Seconds = Annotated[float, *_bounded(
    0, MAX_DURATION, f"a positive number of seconds, at most {MAX_DURATION:g}", open_low=True)]
SecondsOrZero = Annotated[float, *_bounded(
    0, MAX_DURATION, f"a number of seconds >= 0, at most {MAX_DURATION:g}")]
Phases = Annotated[int, *_bounded(1, MAX_PHASES, f"a whole number from 1 to {MAX_PHASES}")]
Seed = Annotated[int, *_bounded(0, MAX_SEED, f"a whole number from 0 to {MAX_SEED}")]
WantSeconds = Annotated[float, *_bounded(
    0, MAX_WANT_SECONDS, f"a positive number of seconds, at most {MAX_WANT_SECONDS:g} (a week)",
    open_low=True)]
ReplayPhases = Annotated[int, *_bounded(
    1, MAX_REPLAY_PHASES, f"a whole number from 1 to {MAX_REPLAY_PHASES}")]
Capacity = Annotated[int, *_bounded(0, MAX_CAPACITY, f"a whole number from 0 to {MAX_CAPACITY}")]
Work = Annotated[int, *_bounded(
    1, MAX_WORK, f"a whole number from 1 to {MAX_WORK} (18 digits, as --max-work)")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Setting = Annotated[str, Field(min_length=1, max_length=1024)]
# the choices the declarations (kubesim.cli.options) give the command line
Profile = Literal[PROFILES]  # type: ignore[valid-type]
TraceRestart = Literal[TRACE_RESTARTS]  # type: ignore[valid-type]
Censored = Literal[CENSORED]  # type: ignore[valid-type]
Want = Literal["survive-outage", "hang-within", "starts-within", "unready-within"]
Engine = Literal[ENGINES]  # type: ignore[valid-type]
HelmEngine = Literal[HELM_ENGINES]  # type: ignore[valid-type]


class Kind(enum.Enum):
    """How a field stands on the command line."""

    POSITIONAL = "positional"  # after `--`: one path, or a list of them
    OPTION = "option"  # FLAG VALUE when set
    REPEAT = "repeat"  # FLAG VALUE for each item of a list
    SWITCH = "switch"  # FLAG when true
    NEGATED = "negated"  # FLAG when false (`--no-suggest` for suggest=False)
    TOGGLE = "toggle"  # FLAG when true, --no-FLAG when false, nothing when not given
    PAIRS = "pairs"  # FLAG KEY=VALUE for each item of a mapping
    BEHAVIOUR = "behaviour"  # --scenario/--trace FILE, kept in order in `behaviours`
    CONFIG = "config"  # --config PATH|none (`--no-config` is none)
    COMMAS = "commas"  # FLAG V1,V2,... for a list


class Arg(NamedTuple):
    """One field's place on the command line: its flag, the namespace attribute argparse
    stores it in, how it is written, and the inline text field that may stand in for it."""

    field: str
    flag: str | None
    attr: str
    kind: Kind
    inline: str | None = None


def _opt(field: str, flag: str | None = None, kind: Kind = Kind.OPTION, *,
         attr: str | None = None, inline: str | None = None) -> Arg:
    return Arg(field, flag or "--" + field.replace("_", "-"), attr or field, kind, inline)


# each kind of declared value's place on the command line (else FLAG VALUE)
_ARG_KINDS = {ValueKind.TOGGLE: Kind.TOGGLE, ValueKind.TIMES: Kind.COMMAS,
              ValueKind.SWITCH: Kind.SWITCH, ValueKind.REPEAT: Kind.REPEAT,
              ValueKind.PAIRS: Kind.PAIRS, ValueKind.NEGATED: Kind.NEGATED,
              ValueKind.BEHAVIOUR: Kind.BEHAVIOUR, ValueKind.CONFIG: Kind.CONFIG}


def _arg(option: Option, *, inline: str | None = None) -> Arg:
    """A declared option's place on the command line (kubesim.cli.options)."""
    return Arg(option.name, option.flag, option.attr, _ARG_KINDS.get(option.kind, Kind.OPTION),
               inline)


def _field(option: Option, *default: Any, **more: Any) -> Any:
    """A declared option as a field: described by its help (the same words as `--help`; a
    field that `--no-X` turns off says so)."""
    return Field(*default, description=_description(option), **more)


def _description(option: Option) -> str | None:
    if option.kind is ValueKind.NEGATED and option.help is not None:
        return f"false ({option.flag}): {option.help}"
    return option.help


def _args(options: Mapping[str, Option], *names: str) -> tuple[Arg, ...]:
    return tuple(_arg(options[n]) for n in names)


KUBELET_ARGS = _args(KUBELET, "profile", "ideal", "kubelet")
# the options of the group no tool takes are in CLI_ONLY_OPTIONS
RENDER_ARGS = _args(RENDER, "values", "set", "set_string", "release_name", "namespace",
                    "kube_version", "helm_engine")


class _Deferred(BaseModel):
    """Built when first used, not at import: a command builds its own model alone (start-up).
    `kubesim mcp` builds them all before it serves (`build_all`), so no two threads build
    one at once."""

    model_config = ConfigDict(defer_build=True)


class CommandInput(_Deferred):
    """The fields of one command's input, and their places on its command line."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    COMMAND: ClassVar[str]
    ARGS: ClassVar[tuple[Arg, ...]]

    # ------------------------------------------------------------ from the command line

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> CommandInput:
        """The model of a parsed command line: UsageError (naming the flag) when a value is
        out of its bounds."""
        data: dict[str, Any] = {}
        for arg in cls.ARGS:
            value = _from_namespace(arg, args, cls.model_fields[arg.field].annotation)
            if value is not None:
                data[arg.field] = value
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise UsageError(error_text(exc, cls.flag_of)) from None

    @classmethod
    def flag_of(cls, field: str) -> str:
        """How the command line names a field: its flag, or its positional argument."""
        arg = next((a for a in cls.ARGS if a.field == field), None)
        if arg is None or arg.kind is Kind.POSITIONAL:
            return field.upper() if arg is not None else field
        return arg.flag or field

    # ------------------------------------------------------------ to the command line

    def inline(self) -> dict[str, str]:
        """The texts given inline, by the names that stand for them on the command line."""
        return {f"<{a.inline}>": getattr(self, a.inline) for a in self.ARGS
                if a.inline is not None and getattr(self, a.inline) is not None}

    def to_argv(self, *extra: str) -> list[str]:
        """The command line of this input (`extra` options before the `--` that ends them):
        parsed by the command's parser, `from_args` gives this input back."""
        options: list[str] = []
        positional: list[str] = []
        for arg in self.ARGS:
            value = getattr(self, arg.field)
            standing = f"<{arg.inline}>" if arg.inline and getattr(self, arg.inline) is not None \
                else None
            if arg.kind is Kind.POSITIONAL:
                items = value if isinstance(value, list) else [] if value is None else [value]
                positional += [*items, *([standing] if standing else [])]
                continue
            if standing is not None:
                value = [*value, standing] if isinstance(value, list) else standing
            options += _to_argv(arg, value)
        return [self.COMMAND, *options, *extra, "--", *positional]


def _from_namespace(arg: Arg, args: argparse.Namespace, annotation: Any) -> Any:
    value = getattr(args, arg.attr)  # every Arg of an input model is one of its command's options
    if arg.kind is Kind.BEHAVIOUR:
        return [path for kind, path in value or [] if kind == arg.flag.lstrip("-")]  # type: ignore[union-attr]
    if arg.kind is Kind.PAIRS:  # the keys of dict[Literal[...], ...], if that is its type
        keys = typing.get_args(typing.get_args(annotation)[0])
        return _pairs(arg, value or [], tuple(k for k in keys if isinstance(k, str)))
    if arg.kind is Kind.NEGATED:
        return not value
    if arg.kind is Kind.CONFIG:
        return "none" if args.no_config else value
    if arg.kind is Kind.SWITCH:
        return True if value else None  # not given: the field's default
    return value  # TOGGLE: True, False, or None (not given)


def _pairs(arg: Arg, items: list[str], keys: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if keys and (not sep or key not in keys):
            raise UsageError(f"{arg.flag} {item!r}: one of "
                             + ", ".join(f"{k}=S" for k in keys))
        if not sep or not key:
            raise UsageError(f"{arg.flag} {item!r} must look like KEY=VALUE")
        if key in out:
            raise UsageError(f"{arg.flag} {key}: given twice")
        out[key] = value
    return out


def _to_argv(arg: Arg, value: Any) -> list[str]:
    """FLAG=VALUE words: a value that starts with `-` is never taken for an option."""
    flag = arg.flag or ""
    if arg.kind in (Kind.SWITCH, Kind.NEGATED):
        return [flag] if bool(value) == (arg.kind is Kind.SWITCH) else []
    if value is None:
        return []
    if arg.kind is Kind.TOGGLE:
        return [flag if value else "--no-" + flag.removeprefix("--")]
    if arg.kind is Kind.PAIRS:
        return [f"{flag}={k}={_word(v)}" for k, v in value.items()]
    if arg.kind is Kind.COMMAS:
        return [f"{flag}={','.join(_word(v) for v in value)}"]
    if isinstance(value, list):
        return [f"{flag}={_word(v)}" for v in value]
    return [f"{flag}={_word(value)}"]


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)  # repr: every digit


_FIELD = re.compile(r"\{(\w+)\}")  # a field named in a message about several fields


def error_text(exc: ValidationError, name_of: Any = str) -> str:
    """One line for a model's validation errors: where (`name_of(field)`: the flag on the
    command line, the field itself for a tool), what was given and what is allowed
    (`--duration=0.0 must be a positive number of seconds, ...`). A message about several
    fields names each as `{field}`."""
    parts = []
    for err in exc.errors(include_url=False):
        loc = [str(x) for x in err["loc"]]
        message = str(err["msg"]).removeprefix("Value error, ")
        if not loc:
            parts.append(_FIELD.sub(lambda m: name_of(m[1]), message))
            continue
        where = ".".join([name_of(loc[0]), *loc[1:]])
        given = err.get("input")
        if err["type"] == "missing":
            parts.append(f"{where}: required")
        elif err["type"] == "extra_forbidden":
            parts.append(f"{where}: not a field of this tool (see its input schema)")
        elif isinstance(given, dict) or not loc:
            parts.append(f"{where}: {message}")
        else:
            parts.append(f"{where}={_short(given)}{' ' if message.startswith('must') else ': '}"
                         f"{message}")
    return "; ".join(parts)


def _short(value: Any) -> str:
    """A given value as a message shows it: a plain word as it is, anything else quoted."""
    plain = isinstance(value, str) and value.isprintable() and value and " " not in value
    text = value if plain else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------- field groups


class _Kubelet(_Deferred):
    profile: Profile = _field(KUBELET["profile"], KUBELET["profile"].default)
    ideal: bool = _field(KUBELET["ideal"], False)
    kubelet: dict[Setting, Setting | int | float | bool] = _field(
        KUBELET["kubelet"], default_factory=dict, max_length=100)

    @field_validator("kubelet")
    @classmethod
    def _known_settings(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        from kubesim.kubelet.settings import profile_from
        if "profile" in info.data:  # else the profile's own error says it
            try:  # as the command line gives them: text
                profile_from(info.data["profile"],
                             overrides={k: _word(v) for k, v in value.items()})
            except UsageError as exc:
                raise ValueError(str(exc)) from None
        return value


class _Render(_Deferred):
    values: list[FilePath] = _field(RENDER["values"], default_factory=list,
                                    max_length=MAX_PATHS)
    set: list[Setting] = _field(RENDER["set"], default_factory=list, max_length=MAX_PATHS)
    set_string: list[Setting] = _field(RENDER["set_string"], default_factory=list,
                                       max_length=MAX_PATHS)
    release_name: Name | None = _field(RENDER["release_name"], None)
    namespace: Name = _field(RENDER["namespace"], RENDER["namespace"].default)
    kube_version: Setting | None = _field(RENDER["kube_version"], None)
    helm_engine: HelmEngine = _field(RENDER["helm_engine"], RENDER["helm_engine"].default)


def _max_work(options: Mapping[str, Option]) -> Any:
    return _field(options["max_work"], DEFAULT_MAX_WORK)


class _Traces(_Deferred):
    """A behaviour given inline, and how traces are read (run: the one behaviour; check and
    suggest: one more besides the files)."""

    scenario_text: Text | None = Field(None, description="a scenario, inline (YAML)")
    trace_text: Text | None = Field(None, description="a trace, inline (JSONL; CSV unless its "
                                    "first line starts with {)")
    trace_restart: TraceRestart | None = _field(BEHAVIOUR["trace_restart"], None)
    censored: Censored | None = _field(BEHAVIOUR["censored"], None)


class _Behaviours(_Traces):
    scenarios: list[FilePath] = _field(CHECK["scenarios"], default_factory=list,
                                       max_length=MAX_PATHS)
    traces: list[FilePath] = _field(CHECK["traces"], default_factory=list, max_length=MAX_PATHS)
    trace_restart: TraceRestart | None = _field(CHECK["trace_restart"], None)
    censored: Censored | None = _field(CHECK["censored"], None)

    @model_validator(mode="after")
    def _trace_settings(self) -> Any:
        if (self.trace_restart or self.censored) and not (self.traces or self.trace_text):
            raise ValueError("{trace_restart} and {censored} need a trace ({traces})")
        return self


class _Project(_Deferred):
    """What check and suggest share: the project configuration, the scheduler, the budget."""

    config: Annotated[str, Field(min_length=1, max_length=MAX_PATH_CHARS)] | None = _field(
        CONFIG["config"], None)
    engine: Engine = _field(ENGINE, ENGINE.default)
    max_work: Work = _max_work(CHECK)

    @field_validator("config")
    @classmethod
    def _config_file(cls, value: str | None) -> str | None:
        return value if value is None or value == "none" else _path(value)


class _Manifests(_Deferred):
    paths: list[FilePath] = Field(default_factory=list, max_length=MAX_PATHS, description=(
        "manifest or probe spec files, Helm chart or kustomization directories, chart .tgz "
        "files, or directories (walked for *.yaml/*.yml)"))
    manifest_text: Text | None = Field(None, description="manifests or a probe spec, inline "
                                       "(YAML, several documents allowed)")

    @model_validator(mode="after")
    def _some_input(self) -> Any:
        if not self.paths and self.manifest_text is None:
            raise ValueError("give {paths}, {manifest_text}, or both")
        return self


class _OneSpec(_Deferred):
    spec: FilePath | None = Field(None, description="a manifest or compact probe spec (YAML), "
                                  "a Helm chart or a kustomization")
    spec_text: Text | None = Field(None, description="the manifest or probe spec, inline "
                                   "(YAML)")
    container: Name | None = _field(CONTAINER, None)

    @model_validator(mode="after")
    def _one_spec(self) -> Any:
        if (self.spec is None) == (self.spec_text is None):
            raise ValueError("give exactly one of {spec} and {spec_text}")
        return self


BEHAVIOUR_ARGS = (_arg(CHECK["scenarios"], inline="scenario_text"),
                  _arg(CHECK["traces"], inline="trace_text"),
                  *_args(CHECK, "trace_restart", "censored"))



# ---------------------------------------------------------------- check's settings

# each kind of check setting as a tool's field (kubesim.analysis.check.options declares them)
_SCHEMA_TYPES: dict[ValueKind, Any] = {
    ValueKind.SECONDS: Seconds, ValueKind.SECONDS_OR_ZERO: SecondsOrZero,
    ValueKind.COUNT: Phases, ValueKind.CAPACITY: Capacity,
    ValueKind.SEVERITY: Literal[SEVERITIES], ValueKind.TOGGLE: bool,
    ValueKind.TIMES: Annotated[list[SecondsOrZero], Field(min_length=1,
                                                          max_length=10_000)]}


def _declared(option: CheckOption) -> tuple[Any, Any]:
    """A declared setting as a field: None unless given (a switch: off), described by its
    help."""
    if option.kind is ValueKind.SWITCH:
        return bool, Field(False, description=option.help)
    return _SCHEMA_TYPES[option.kind] | None, Field(None, description=option.help)

# check's settings as fields, one for each declaration (None: the configuration's, else the
# default), with its help as the description
_CHECK_SETTINGS: dict[str, Any] = {o.name: _declared(o) for o in (*CHECK_OPTIONS, *EXPECT_OPTIONS)}
_CheckSettings = create_model("_CheckSettings", __base__=_Deferred, **_CHECK_SETTINGS)
CHECK_SETTING_ARGS = tuple(_arg(o) for o in CHECK_OPTIONS)
EXPECT_ARGS = tuple(_arg(o) for o in EXPECT_OPTIONS)


# ---------------------------------------------------------------- the commands


class RunInput(CommandInput, _Kubelet, _Render, _Traces, _OneSpec):
    """`kubesim run`: one pod against one behaviour (none: the healthy app)."""

    COMMAND = "run"
    scenario: FilePath | None = _field(BEHAVIOUR["scenario"], None)
    trace: FilePath | None = _field(BEHAVIOUR["trace"], None)
    duration: Seconds | None = _field(RUN["duration"], None)
    seed: Seed = _field(RUN["seed"], 0)
    phase: float | None = _field(RUN["phase"], None)
    phases: Phases | None = _field(RUN["phases"], None)
    engine: Engine = _field(ENGINE, ENGINE.default)
    max_work: Work = _max_work(RUN)

    ARGS = (_opt("spec", None, Kind.POSITIONAL, inline="spec_text"), _arg(RUN["container"]),
            _arg(BEHAVIOUR["scenario"], inline="scenario_text"),
            _arg(BEHAVIOUR["trace"], inline="trace_text"),
            *_args(BEHAVIOUR, "trace_restart", "censored"),
            *_args(RUN, "duration", "seed", "phase", "phases"), *RENDER_ARGS, *KUBELET_ARGS,
            *_args(RUN, "engine", "max_work"))

    @model_validator(mode="after")
    def _one_behaviour(self) -> Any:
        given = [n for n in ("scenario", "scenario_text", "trace", "trace_text")
                 if getattr(self, n) is not None]
        if len(given) > 1:
            raise ValueError("give at most one behaviour: " + " and ".join(
                f"{{{n}}}" for n in given) + " are given")
        if (self.trace_restart or self.censored) and not {"trace", "trace_text"} & set(given):
            raise ValueError("{trace_restart} and {censored} need a trace ({trace})")
        return self


class WindowsInput(CommandInput, _Kubelet, _Render, _OneSpec):
    """`kubesim windows`: the exact protection windows of a container's probes."""

    COMMAND = "windows"
    max_work: Work = _max_work(WINDOWS)

    ARGS = (_opt("spec", None, Kind.POSITIONAL, inline="spec_text"),
            _arg(WINDOWS["container"]), *RENDER_ARGS, *KUBELET_ARGS, _arg(WINDOWS["max_work"]))


class CheckInput(CommandInput, _Project, _Kubelet, _Render, _Behaviours, _Manifests,
                 _CheckSettings):
    """`kubesim check`: every probed container of the manifests judged by the checks, with
    reasons the simulator measured; findings at or above fail_on fail the gate."""

    COMMAND = "check"
    duration: Seconds | None = _field(CHECK["duration"], None)
    seed: Seed = _field(CHECK["seed"], 0)
    skip_non_manifests: bool = _field(CHECK["skip_non_manifests"], False)
    allow_empty: bool = _field(CHECK["allow_empty"], False)
    ignore: list[Name] = _field(CHECK["ignore"], default_factory=list, max_length=100)
    expectations: FilePath | None = _field(CHECK["expectations"], None)
    expectations_text: Text | None = Field(None, description="the expectations, inline (YAML)")

    ARGS = (_opt("paths", None, Kind.POSITIONAL, inline="manifest_text"), *BEHAVIOUR_ARGS,
            *_args(CHECK, "duration", "seed", "skip_non_manifests", "allow_empty", "ignore"),
            *CHECK_SETTING_ARGS, _arg(CHECK["expectations"], inline="expectations_text"),
            *EXPECT_ARGS, _arg(CHECK["config"]), *RENDER_ARGS, *KUBELET_ARGS,
            *_args(CHECK, "engine", "max_work"))

    @field_validator("ignore")
    @classmethod
    def _known_checks(cls, value: list[str]) -> list[str]:
        from kubesim.analysis.check.rules import rule_ids, rule_of
        unknown = [t for item in value for t in re.split(r"[,\s]+", item) if t
                   and rule_of(t) is None]
        if unknown:
            raise ValueError(f"unknown check {unknown[0]!r} (ids {rule_ids()} or their names)")
        return value

    @model_validator(mode="after")
    def _check_fields(self) -> Any:
        _one_of(self, "expectations", "expectations_text")
        return self


class SuggestInput(CommandInput, _Project, _Kubelet, _Render, _Behaviours, _Manifests):
    """`kubesim suggest`: the smallest probe change that meets the expectations, confirmed by
    simulation at every grid phase, as a strategic-merge patch."""

    COMMAND = "suggest"
    expect: dict[Want, WantSeconds] = _field(SUGGEST["expect"], default_factory=dict)
    scenarios: list[FilePath] = _field(SUGGEST["scenarios"], default_factory=list,
                                       max_length=MAX_PATHS)
    traces: list[FilePath] = _field(SUGGEST["traces"], default_factory=list,
                                    max_length=MAX_PATHS)
    trace_restart: TraceRestart | None = _field(SUGGEST["trace_restart"], None)
    censored: Censored | None = _field(SUGGEST["censored"], None)
    duration: Seconds | None = _field(SUGGEST["duration"], None)
    workload: Name | None = _field(SUGGEST["workload"], None)
    container: Name | None = _field(SUGGEST["container"], None)
    phases: Phases | None = _field(SUGGEST["phases"], None)
    seed: Seed = _field(SUGGEST["seed"], 0)
    max_work: Work = _max_work(SUGGEST)

    ARGS = (_opt("paths", None, Kind.POSITIONAL, inline="manifest_text"),
            _arg(SUGGEST["expect"]), _arg(SUGGEST["scenarios"], inline="scenario_text"),
            _arg(SUGGEST["traces"], inline="trace_text"),
            *_args(SUGGEST, "trace_restart", "censored", "duration", "workload", "container",
                   "phases", "seed", "config"), *RENDER_ARGS, *KUBELET_ARGS,
            *_args(SUGGEST, "engine", "max_work"))


class ExplainInput(CommandInput, _Kubelet):
    """`kubesim explain`: why a pod restarted, from what the cluster recorded (kubectl
    describe pod, pod and event documents, kubectl get events, Prometheus probe counters),
    replayed through the kubelet model, with the patch that would have prevented it."""

    COMMAND = "explain"
    records: list[FilePath] = Field(default_factory=list, max_length=100, description=(
        "record files about pods (each pod explained): kubectl describe pod text, kubectl "
        "get pod -o yaml|json, kubectl get events (-o json, or its table), a Prometheus query_range export"))
    record_text: Text | None = Field(None, description="one more record, inline (as pasted)")
    now: Annotated[str, Field(min_length=1, max_length=100)] | None = _field(
        EXPLAIN["now"], None)
    pod: Name | None = _field(EXPLAIN["pod"], None)
    container: Name | None = _field(EXPLAIN["container"], None)
    spec: FilePath | None = _field(EXPLAIN["spec"], None)
    spec_text: Text | None = Field(None, description="the manifest or probe spec, inline")
    expect: dict[Want, WantSeconds] = _field(EXPLAIN["expect"], default_factory=dict)
    suggest: bool = _field(EXPLAIN["suggest"], True)
    phases: ReplayPhases = _field(EXPLAIN["phases"], EXPLAIN["phases"].default)
    seed: Seed = _field(EXPLAIN["seed"], 0)
    max_work: Work = _max_work(EXPLAIN)

    ARGS = (_opt("records", None, Kind.POSITIONAL, inline="record_text"),
            *_args(EXPLAIN, "now", "pod", "container"), _arg(EXPLAIN["spec"], inline="spec_text"),
            *_args(EXPLAIN, "expect", "suggest", "phases", "seed"), *KUBELET_ARGS,
            _arg(EXPLAIN["max_work"]))

    @model_validator(mode="after")
    def _explain_fields(self) -> Any:
        if not self.records and self.record_text is None:
            raise ValueError("give {records}, {record_text}, or both")
        _one_of(self, "spec", "spec_text")
        return self

    @field_validator("records")
    @classmethod
    def _no_live_names(cls, value: list[str]) -> list[str]:
        from kubesim.cluster.targets import is_live_name
        live = next((r for r in value if is_live_name(r) and not Path(r).exists()), None)
        if live is not None:
            raise ValueError(f"{live[:80]!r} names an object of a live cluster, which this "
                             "explain does not read (kubesim explain reads one with "
                             "--kubeconfig or kubectl's own configuration; kubesim mcp when "
                             "started with --kubeconfig, --context or --cluster)")
        return value

    @field_validator("now")
    @classmethod
    def _a_time(cls, value: str | None) -> str | None:
        from kubesim.explain.readers.times import now_from
        if value is not None and now_from(value) is None:
            raise ValueError("must be a time like 2024-05-01T12:00:00Z or Wed, 01 May 2024 "
                             "12:00:00 +0000")
        return value


class _Live(_Deferred):
    """A live cluster, read through kubectl with its credentials (`kubesim explain pod/NAME`,
    `kubesim check --cluster`). `kubesim mcp` sets these itself (its own --kubeconfig and
    --context): a tool call cannot."""

    kubeconfig: FilePath | None = _field(LIVE["kubeconfig"], None)
    context: Name | None = _field(LIVE["context"], None)


LIVE_ARGS = _args(LIVE, "kubeconfig", "context")
SERVER_FIELDS = ("kubeconfig", "context")  # what `kubesim mcp` sets, never a call

# the options of the commands `kubesim mcp` serves that no tool takes, and why; every other
# option is a field of its command's model (tests/test_option_declarations.py holds the two
# to that). The live-cluster options are fields of the live models (LIVE_INPUTS) only.
CLI_ONLY_OPTIONS = {
    "--help": "argparse's own",
    "--format": "a tool's result is the command's JSON document (--format json)",
    "--output": "a tool writes no file: its result is the document",
    "--html": "a tool writes no file",
    "--plot": "a tool writes no file",
    "--sarif": "a tool writes no file",
    "--changes-only": "shapes run's text output, which a tool does not give",
    "--no-config": "a tool says config: none",
    "--allow-network": "a tool renders charts and kustomizations offline",
    "--render-timeout": "a tool's call is bounded by the server's --time-limit",
}
LIVE_ONLY_OPTIONS = ("--cluster", "--cluster-namespace", "--all-namespaces", "--kubeconfig",
                     "--context", "--namespace", "--selector")


class ExplainLiveInput(ExplainInput, _Live):
    """`kubesim explain pod/NAME` (deploy/NAME, sts/NAME, ds/NAME, -l SELECTOR): the pods of
    a live cluster, read-only, explained as their pasted kubectl JSON would be."""

    records: list[FilePath] = Field(default_factory=list, max_length=100, description=(
        "pod/NAME, deploy/NAME, sts/NAME or ds/NAME of the live cluster, or record files"))
    namespace: Name | None = _field(LIVE["namespace"], None)
    selector: Setting | None = _field(LIVE["selector"], None)

    ARGS = (*ExplainInput.ARGS, *_args(LIVE, "namespace", "selector"), *LIVE_ARGS)

    @field_validator("records")
    @classmethod
    def _no_live_names(cls, value: list[str]) -> list[str]:
        return value  # here they are what is read

    @model_validator(mode="after")
    def _explain_fields(self) -> Any:
        if not self.records and self.record_text is None and self.selector is None:
            raise ValueError("give {records} (pod/NAME, deploy/NAME, ...) or {selector}")
        _one_of(self, "spec", "spec_text")
        return self


class CheckClusterInput(CheckInput, _Live):
    """`kubesim check --cluster`: the probe findings of every Deployment, StatefulSet and
    DaemonSet of a live cluster's namespaces, read-only, each naming namespace/Kind/name."""

    cluster: bool = _field(LIVE["cluster"], False)
    cluster_namespaces: list[Name] = _field(LIVE["cluster_namespaces"], default_factory=list,
                                            max_length=MAX_PATHS)
    all_namespaces: bool = _field(LIVE["all_namespaces"], False)

    ARGS = (*CheckInput.ARGS, *_args(LIVE, "cluster", "cluster_namespaces", "all_namespaces"),
            *LIVE_ARGS)

    @model_validator(mode="after")
    def _some_input(self) -> Any:
        if self.cluster and (self.paths or self.manifest_text is not None):
            raise ValueError("give {paths} or {cluster}, not both")
        if not self.cluster and not self.paths and self.manifest_text is None:
            raise ValueError("give {paths}, {manifest_text}, or {cluster}")
        if (self.cluster_namespaces or self.all_namespaces) and not self.cluster:
            raise ValueError("{cluster_namespaces} and {all_namespaces} choose what {cluster} "
                             "reads")
        if self.cluster_namespaces and self.all_namespaces:
            raise ValueError("give {cluster_namespaces} or {all_namespaces}, not both")
        return self


def _one_of(model: BaseModel, a: str, b: str) -> None:
    if getattr(model, a) is not None and getattr(model, b) is not None:
        raise ValueError(f"give at most one of {{{a}}} and {{{b}}}")





INPUTS: Mapping[str, type[CommandInput]] = {
    m.COMMAND: m for m in (CheckInput, RunInput, WindowsInput, SuggestInput, ExplainInput)}
# the same commands reading a live cluster as well (`kubesim mcp --kubeconfig`)
LIVE_INPUTS: Mapping[str, type[CommandInput]] = {
    m.COMMAND: m for m in (CheckClusterInput, ExplainLiveInput)}


def build_all() -> None:
    """Build every command's model now (`kubesim mcp`, before it serves), and every model of
    kubesim loaded so far whose build was deferred to its first use (the manifest, scenario
    and expectation models: `defer_build`, start-up), so that no two calls build one."""
    for command in (*INPUTS.values(), *LIVE_INPUTS.values()):
        command.model_rebuild()
    pending: list[type[BaseModel]] = [BaseModel]
    while pending:
        model = pending.pop()
        pending += model.__subclasses__()
        if model.__module__.startswith("kubesim.") and not model.__pydantic_complete__:
            model.model_rebuild()
