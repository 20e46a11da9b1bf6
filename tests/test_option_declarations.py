"""One declaration per option (issue 32 item 8): the command line, the MCP tools' schemas and
the configuration keys name the same options.

For every command `kubesim mcp` serves, each argparse option is a field of the tool's schema
or in the declared list of options no tool takes (`inputs.CLI_ONLY_OPTIONS`, with why; the
live-cluster options only on a live server), and each schema field is an option. Check's
settings are declared once (`kubesim.analysis.check.options`): each is an option with its
help, a schema field with the same help, and a `check:` key of the configuration, and the
configuration's keys are exactly those (plus the declared lists `ignore` and `severity`); a
setting given on the command line and the same value in a configuration make the same
settings.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

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
