"""One declaration per option (issue 32 item 8): the command line, the MCP tools' schemas and
the configuration keys name the same options, each declared once.

Every option of every command is a `kubesim.options.Option` (check's settings in
`kubesim.analysis.check.options`, the rest in `kubesim.cli.options`): each argparse option of
every command is what `add_option` makes of a declaration, two declarations are never copies
of each other, and the values they copy from heavier modules (the kubelet's profiles, the
formats, the defaults) are those modules' own.

For every command `kubesim mcp` serves, each argparse option is a field of the tool's schema
or in the declared list of options no tool takes (`inputs.CLI_ONLY_OPTIONS`, with why; the
live-cluster options only on a live server), and each schema field is an option, described by
its option's help; no field of an option is described by hand in kubesim.cli.inputs. Check's
settings are each an option with its help, a schema field with the same help, and a `check:`
key of the configuration, and the configuration's keys are exactly those (plus the declared
lists `ignore` and `severity`); a setting given on the command line and the same value in a
configuration make the same settings.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from kubesim.analysis.check.options import CHECK_OPTIONS, CONFIG_ONLY, EXPECT_OPTIONS, ValueKind
from kubesim.analysis.config import check_keys, expect_keys, load_config
from kubesim.cli.check import check_settings, expectations_of
from kubesim.cli.inputs import (
    CLI_ONLY_OPTIONS,
    INPUTS,
    LIVE_INPUTS,
    LIVE_ONLY_OPTIONS,
    SERVER_FIELDS,
    CommandInput,
    Kind,
)
from kubesim.cli.main import COMMANDS, parse
from kubesim.cli.mcp_tools import ServerSettings, input_schema
from kubesim.options import Option, add_option

SERVED = sorted(INPUTS)


def _parser(command: str) -> argparse.ArgumentParser:
    """The command's own argparse parser, as `kubesim` builds it."""
    import importlib

    top = argparse.ArgumentParser()
    sub = top.add_subparsers()
    importlib.import_module(f"kubesim.cli.{COMMANDS[command].module}").add_parser(sub)
    return sub.choices[command]


def _options(command: str) -> dict[str, argparse.Action]:
    """Its options by long flag (`--output` for `-o/--output`)."""
    out = {}
    for action in _parser(command)._actions:
        longs = [f for f in action.option_strings if f.startswith("--")]
        if longs:
            out[longs[0]] = action
    return out


def _flags(model: type[CommandInput]) -> set[str]:
    return {a.flag for a in model.ARGS if a.kind is not Kind.POSITIONAL and a.flag}


def _models(command: str) -> list[type[CommandInput]]:
    return [m for m in (INPUTS.get(command), LIVE_INPUTS.get(command)) if m is not None]


@pytest.mark.parametrize("command", SERVED)
def test_every_option_of_a_served_command_is_a_field_or_declared_cli_only(command: str) -> None:
    options = set(_options(command))
    for model in _models(command):
        live = model in LIVE_INPUTS.values()
        omitted = set(CLI_ONLY_OPTIONS) | (set() if live else set(LIVE_ONLY_OPTIONS))
        undeclared = options - _flags(model) - omitted
        assert not undeclared, f"{model.__name__}: {sorted(undeclared)} neither a field nor " \
                               "in CLI_ONLY_OPTIONS"
        assert _flags(model) <= options, f"{model.__name__}: {_flags(model) - options}"
        taken = _flags(model) & set(CLI_ONLY_OPTIONS)
        assert not taken, f"{model.__name__}: {taken} declared CLI-only but a field"


def test_every_cli_only_option_is_an_option_of_a_served_command() -> None:
    """No stale entry: each declared omission is an option some served command has."""
    every = set().union(*(_options(c) for c in SERVED))
    assert set(CLI_ONLY_OPTIONS) | set(LIVE_ONLY_OPTIONS) <= every


@pytest.mark.parametrize("command", SERVED)
def test_a_tools_schema_is_its_command_line(command: str) -> None:
    """Each property of the schema stands on the command line (a field, or the inline text
    that stands where its path would), and each place on the command line is a property;
    argparse stores each where `from_args` reads it."""
    parser = _parser(command)
    dests = {a.dest for a in parser._actions} | set(parser._defaults)
    for model in _models(command):
        settings = ServerSettings(root=Path("."), max_work=1)
        schema = input_schema(command, settings) if model in INPUTS.values() else \
            model.model_json_schema()
        properties = set(schema["properties"]) - set(SERVER_FIELDS)
        placed = {a.field for a in model.ARGS} | {a.inline for a in model.ARGS if a.inline}
        assert properties == placed - set(SERVER_FIELDS), model.__name__
        missing = {a.attr for a in model.ARGS} - dests
        assert not missing, f"{model.__name__}: {missing} not stored by argparse"


@pytest.mark.parametrize("option", CHECK_OPTIONS, ids=lambda o: o.name)
def test_a_check_setting_is_one_declaration_in_three_places(option) -> None:
    action = _options("check")[option.flag]
    assert action.dest == option.name and action.help == option.help
    for model in _models("check"):
        field = model.model_json_schema()["properties"][option.name]
        assert field["description"] == option.help
    assert option.config in check_keys()


def test_the_configuration_sets_exactly_the_declared_settings() -> None:
    declared = {o.config for o in CHECK_OPTIONS if o.config is not None}
    assert set(check_keys()) == declared | set(CONFIG_ONLY)
    # `ignore` is a list of its own in all three; `severity` is the configuration's alone
    assert "--ignore" in _options("check") and "ignore" in INPUTS["check"].model_fields
    assert "--severity" not in _options("check")
    assert "severity" not in INPUTS["check"].model_fields


# a value of each kind: as the command line writes it, and as YAML does
VALUES = {ValueKind.SECONDS: ("42.5", "42.5"), ValueKind.SECONDS_OR_ZERO: ("3", "3.0"),
          ValueKind.COUNT: ("7", "7"), ValueKind.CAPACITY: ("2", "2"),
          ValueKind.SEVERITY: ("warning", "warning"), ValueKind.TOGGLE: (None, "false"),
          ValueKind.TIMES: ("0,5", "[0.0, 5.0]")}


@pytest.mark.parametrize("option", CHECK_OPTIONS, ids=lambda o: o.name)
def test_a_setting_reads_the_same_from_the_command_line_and_the_configuration(
        option, tmp_path: Path) -> None:
    given, yaml = VALUES[option.kind]
    flag = [f"--no-{option.flag[2:]}"] if given is None else [option.flag, given]
    (tmp_path / ".git").mkdir()
    config_file = tmp_path / ".kubesim.yaml"
    config_file.write_text(f"kubesim: 1\ncheck:\n  {option.config}: {yaml}\n")
    from_cli, _ = parse(["check", "--no-config", *flag, "--", "x.yaml"])
    from_config, _ = parse(["check", "--no-config", "--", "x.yaml"])
    on_cli = check_settings(from_cli, None)
    in_config = check_settings(from_config, load_config(config_file))
    assert on_cli == dataclasses.replace(in_config, severities=(), ignore=frozenset())
    default = check_settings(from_config, None)
    assert on_cli != default, f"{option.name}: {given} left the default"


def test_the_docs_list_the_declarations() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    configuration = (docs / "configuration.md").read_text()
    for option in (*CHECK_OPTIONS, *EXPECT_OPTIONS):
        assert f"| `{option.config}` | `{option.flag}`" in configuration, option.name
    mcp = (docs / "mcp.md").read_text()
    for flag in (*CLI_ONLY_OPTIONS, *LIVE_ONLY_OPTIONS):
        assert f"`{flag}`" in mcp or flag == "--help", flag


@pytest.mark.parametrize("option", EXPECT_OPTIONS, ids=lambda o: o.name)
def test_an_expectation_is_one_declaration_in_three_places(option, tmp_path: Path) -> None:
    """`--expect-KIND`, the check tool's `expect_KIND` and the configuration's
    `expect: {KIND: ...}`, with one help, and the same expectation from either."""
    action = _options("check")[option.flag]
    assert action.dest == option.name and action.help == option.help
    for model in _models("check"):
        assert model.model_json_schema()["properties"][option.name]["description"] == \
            option.help
    assert option.config in expect_keys()
    given, yaml = ("true", "true") if option.kind is ValueKind.SWITCH else VALUES[option.kind]
    (tmp_path / ".git").mkdir()
    config_file = tmp_path / ".kubesim.yaml"
    config_file.write_text(f"kubesim: 1\nexpect:\n  {option.config}: {yaml}\n")
    flag = [option.flag] if option.kind is ValueKind.SWITCH else [option.flag, given]
    from_cli, _ = parse(["check", "--no-config", *flag, "--", "x.yaml"])
    bare, _ = parse(["check", "--no-config", "--", "x.yaml"])
    on_cli = expectations_of(from_cli, None)
    in_config = expectations_of(bare, load_config(config_file))
    assert [(e.kind, e.seconds) for e in on_cli] == [(e.kind, e.seconds) for e in in_config]
    assert [e.kind for e in on_cli] == [option.config]


def test_the_configuration_expects_exactly_the_declared_expectations() -> None:
    assert set(expect_keys()) == {o.config for o in EXPECT_OPTIONS}


def test_suggest_wants_the_same_kinds_on_the_command_line_the_tool_and_the_configuration(
        tmp_path: Path) -> None:
    """suggest's `--expect KIND=S`, the tool's `expect: {KIND: S}` and the configuration's
    `suggest: {expect: {KIND: S}}` take the kinds of kubesim.analysis.wants.WANTS, and only
    those."""
    import typing

    from kubesim.analysis.wants import WANTS
    from kubesim.errors import UsageError

    field = INPUTS["suggest"].model_fields["expect"].annotation
    assert set(typing.get_args(typing.get_args(field)[0])) == set(WANTS)
    (tmp_path / ".git").mkdir()
    config_file = tmp_path / ".kubesim.yaml"
    for kind in (*WANTS, "unknown-want"):
        config_file.write_text(f"kubesim: 1\nsuggest:\n  expect: {{{kind}: 60}}\n")
        if kind in WANTS:
            assert load_config(config_file).suggest_expect == [(kind, 60.0)]
        else:
            with pytest.raises(UsageError):
                load_config(config_file)


# ---------------------------------------------------------------- every command, declared once


def _declarations() -> list[Option]:
    """Every declaration the two declaration modules hold, alone or in their tables."""
    import kubesim.analysis.check.options as check_options
    import kubesim.cli.options as cli_options

    out: list[Option] = []
    for module in (check_options, cli_options):
        for value in vars(module).values():
            items = value.values() if isinstance(value, dict) else \
                value if isinstance(value, tuple) else (value,)
            # one entry per record: a record in several tables is one declaration
            out += [o for o in items if isinstance(o, Option) and all(o is not x for x in out)]
    return out


def _shape(action: argparse.Action) -> tuple[Any, ...]:
    """All an argparse option is: its flags, where it goes, how it reads, what --help says."""
    choices = tuple(action.choices) if action.choices is not None else None
    return (tuple(action.option_strings), action.dest, action.nargs, action.const,
            repr(action.default), action.type, choices, action.required, action.help,
            action.metavar, type(action))


def _made(option: Option) -> tuple[Any, ...]:
    return _shape(add_option(argparse.ArgumentParser(), option))


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_of_every_command_is_made_from_its_declaration(command: str) -> None:
    """An option added to a command with argparse's own add_argument, or changed after it
    was made, is no declaration's."""
    made = {_made(o) for o in _declarations()}
    for action in _parser(command)._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        name = action.option_strings or action.dest
        assert _shape(action) in made, f"kubesim {command}: {name} is not a declaration's"


def test_no_declaration_is_a_copy_of_another() -> None:
    """An option several commands share is one record (kubesim.cli.options' shared ones),
    not one per command."""
    declared = _declarations()
    copies = [(a.name, a.flag) for i, a in enumerate(declared) for b in declared[i + 1:]
              if a == b]
    assert not copies


def test_each_command_declares_a_flag_once() -> None:
    import kubesim.cli.options as cli_options

    for name, table in vars(cli_options).items():
        if isinstance(table, dict) and all(isinstance(o, Option) for o in table.values()):
            flags = [f for o in table.values() for f in o.flags or (o.flag,)]
            assert len(flags) == len(set(flags)) or name == "SWEEP", name
    # sweep's --progress and its hidden old spelling --no-progress share a destination only
    assert cli_options.SWEEP["no_progress"].dest == "progress"


@pytest.mark.parametrize("command", SERVED)
def test_a_tools_field_is_described_by_its_options_help(command: str) -> None:
    options = _options(command)
    for model in _models(command):
        properties = model.model_json_schema()["properties"]
        for arg in model.ARGS:
            if arg.kind is Kind.POSITIONAL:
                continue
            action = options[arg.flag]
            if arg.kind is not Kind.BEHAVIOUR:  # those: in order in `behaviours`
                assert action.dest == arg.attr, f"{model.__name__}.{arg.field}"
            expected = action.help if arg.kind is not Kind.NEGATED else \
                f"false ({arg.flag}): {action.help}"
            assert properties[arg.field].get("description") == expected, \
                f"{model.__name__}.{arg.field}"


def _described_by_hand() -> dict[str, set[str]]:
    """The fields each class of kubesim.cli.inputs describes itself (Field(description=...))."""
    import kubesim.cli.inputs as inputs

    out: dict[str, set[str]] = {}
    for cls in ast.walk(ast.parse(Path(inputs.__file__).read_text())):
        if not isinstance(cls, ast.ClassDef):
            continue
        for node in cls.body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                    isinstance(node.value, ast.Call) and \
                    getattr(node.value.func, "id", None) == "Field" and \
                    any(k.arg == "description" for k in node.value.keywords):
                out.setdefault(cls.name, set()).add(node.target.id)
    return out


def test_no_field_of_an_option_is_described_by_hand() -> None:
    """kubesim.cli.inputs gives an option's field its declaration's help (`_field`), never a
    description of its own: a field written with Field(description=...) there is an option
    declared a second time. (The positional arguments' fields are described for a tool, which
    reads no standard input: their help names `-` for stdin.)"""
    by_hand = _described_by_hand()
    for model in (*INPUTS.values(), *LIVE_INPUTS.values()):
        options = {a.field for a in model.ARGS if a.kind is not Kind.POSITIONAL}
        for cls in model.__mro__:
            # the class that defines the field last is the one the model has
            own = {f for f in by_hand.get(cls.__name__, set())
                   if next(c for c in model.__mro__ if f in vars(c).get(
                       "__annotations__", {})) is cls}
            assert not own & options, f"{model.__name__}: {sorted(own & options)} described " \
                                      f"in {cls.__name__}"


def test_suggests_configuration_keys_are_its_declared_ones() -> None:
    from kubesim.analysis.config_file import _Suggest
    from kubesim.cli.options import SUGGEST

    assert set(_Suggest.model_fields) == {o.config for o in SUGGEST.values() if o.config}


def test_what_the_declarations_copy_from_heavier_modules_is_those_modules_own() -> None:
    """kubesim.cli.options imports only light modules, so it holds copies of a few values;
    each is the value of the module it is copied from."""
    from kubesim.analysis.budget import DEFAULT_MAX_WORK
    from kubesim.behaviour.capture import KUBE_VERSION
    from kubesim.behaviour.trace import CensoredMode, RestartMode
    from kubesim.cli import mcp_tools
    from kubesim.cli import options as declared
    from kubesim.fleet.settings import DEFAULT_PROPAGATION_SECONDS
    from kubesim.kubelet.settings import PROFILES
    from kubesim.render import check_formats, rules_formats, suggest_formats
    from kubesim.spec.sources import DEFAULT_TIMEOUT

    assert declared.PROFILES == tuple(sorted(PROFILES))
    assert declared.TRACE_RESTARTS == tuple(m.value for m in RestartMode)
    assert declared.CENSORED == tuple(m.value for m in CensoredMode)
    assert declared.CHECK["format"].choices == tuple(check_formats.FORMATS)
    assert declared.SUGGEST["format"].choices == tuple(suggest_formats.FORMATS)
    assert declared.RULES["format"].choices == tuple(rules_formats.FORMATS)
    assert declared.DEFAULT_MAX_WORK == DEFAULT_MAX_WORK
    assert declared.DEFAULT_RENDER_TIMEOUT == DEFAULT_TIMEOUT
    assert declared.DEFAULT_PROPAGATION_SECONDS == DEFAULT_PROPAGATION_SECONDS
    assert declared.CAPTURE_KUBE_VERSION == KUBE_VERSION
    assert declared.DEFAULT_TIME_LIMIT == mcp_tools.DEFAULT_TIME_LIMIT
    assert declared.DEFAULT_MAX_MEMORY_MIB * 2**20 == mcp_tools.DEFAULT_MAX_MEMORY
