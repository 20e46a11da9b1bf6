"""Project configuration: `.kubesim.yaml`, or `[tool.kubesim]` in `pyproject.toml`, found from
the current directory upwards (the first directory that has either; `.kubesim.yaml` wins in
a directory with both). Command-line options override it.

    kubesim: 1
    check:
      fail_on: warning            # error | warning | info | none
      ignore: [KS004]             # ids or names
      severity: {KS005: info}     # per-check severity: error | warning | info
      outage_seconds: 90
      startup_seconds: 60
      max_initial_delay: 30
      max_hang_recovery: 120
      max_ready_recovery: 30
      missing_probes: false
      phases: 20
    expect:                       # default expectations of `check` (every probed container)
      no_restart: true
      not_ready_within: 20
    suggest:
      expect: {survive-outage: 120, hang-within: 60}
    bindings:                     # scenarios/traces `check` runs, and what they apply to
      - scenario: traces/db-outage.scenario.yaml     # relative to this file
        applies_to: [{kind: Deployment, name: api}]

Errors name the file, the line (YAML) and the field, and exit 2 like any bad input.

The configuration can relax the gate (`fail_on: none`, ignores, lower severities), and a pull
request can add or change it, so every report names the file used and every way it departs
from the defaults (`Configuration`), and `--config PATH|none` pins it. A configuration is
bounded like any input (MAX_CONFIG_BYTES, nesting MAX_DEPTH, 64-bit integers; a TOML file is
scanned for its nesting before it is parsed). It and the files its bindings name must lie inside
the repository that holds it (`repository_root`): an absolute path, a `..` that leaves it or a
symlink out of it is an error that quotes nothing of what was read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.analysis.check.findings import Configuration, Departure, Settings
from kubesim.analysis.check.rules import Severity, rule_ids, rule_of
from kubesim.analysis.check.scoping import SELECTOR_KEYS, Selector
from kubesim.analysis.wants import WANTS
from kubesim.errors import UsageError
from kubesim.files import MAX_DEPTH, MAX_INT_DIGITS, git_toplevel, within_scope
from kubesim.spec.yamlio import load_yaml_documents, read_text

if TYPE_CHECKING:
    from kubesim.analysis.config_file import ConfigFile

__all__ = ["CONFIG_NAME", "MAX_CONFIG_BYTES", "Binding", "Config", "check_keys", "expect_keys",
           "configuration_of", "find_config", "load_config", "repository_root"]

CONFIG_NAME = ".kubesim.yaml"
MAX_CONFIG_BYTES = 1024 * 1024  # a configuration (pyproject.toml included) is a small file


def check_keys() -> tuple[str, ...]:
    """The keys a configuration's `check:` may hold."""
    from kubesim.analysis.config_file import check_keys
    return check_keys()


def expect_keys() -> tuple[str, ...]:
    """The keys a configuration's `expect:` may hold."""
    from kubesim.analysis.config_file import expect_keys
    return expect_keys()


@dataclass(frozen=True)
class Binding:
    """A scenario or trace (path resolved against the config's directory) and its scope."""

    kind: str  # scenario | trace
    path: str
    applies_to: tuple[Selector, ...]
    shown: str = ""  # the path relative to the repository root, as reports name it


@dataclass(frozen=True)
class Config:
    """A validated configuration and where it came from."""

    source: str
    check: dict[str, Any]
    ignore: frozenset[str]
    severities: tuple[tuple[str, Severity], ...]
    expect: dict[str, Any]
    suggest_expect: list[tuple[str, float]]
    bindings: list[Binding] = field(default_factory=list)

    def binding_for(self, kind: str, path: str) -> Binding | None:
        """The binding of a scenario/trace given on the command line, by resolved path."""
        resolved = str(Path(path).resolve())
        return next((b for b in self.bindings if b.kind == kind and b.path == resolved), None)

    def departures(self, overridden: frozenset[str] = frozenset(), *,
                   bindings: bool = True, command: str = "check",
                   expect_given: bool = False) -> tuple[Departure, ...]:
        """Every way this configuration departs from `kubesim check`'s defaults, but the
        `check.KEY` settings the command line overrode (`overridden`: their KEYs) and, with
        `bindings=False` (the command line named its own scenarios or traces), bindings.
        For `command="suggest"`: its own `suggest.expect` (unless `expect_given`: --expect
        replaces it) where check's `expect` would be (suggest does not read that)."""
        defaults = {f.name: f.default for f in fields(Settings)}
        out = [Departure(f"check.{key}", _shown(value), _shown(defaults[key]))
               for key, value in self.check.items()
               if key not in overridden and _shown(value) != _shown(defaults[key])]
        if self.ignore:
            out.append(Departure("check.ignore", ", ".join(sorted(self.ignore)), "none"))
        out += [Departure(f"check.severity.{rule}", severity.label, "as measured")
                for rule, severity in self.severities]
        if command == "suggest":
            out += [Departure(f"suggest.expect.{kind}", _shown(seconds), "none")
                    for kind, seconds in self.suggest_expect if not expect_given]
        else:
            out += [Departure(f"expect.{key}", _shown(value), "none")
                    for key, value in self.expect.items() if value is not False]
        if bindings:
            out += [Departure(f"bindings.{i}", f"{b.kind} {b.shown}" + (
                        f" for {', '.join(s.text for s in b.applies_to)}" if b.applies_to
                        else ""), "none") for i, b in enumerate(self.bindings)]
        return tuple(out)


def _shown(value: Any) -> str:
    if value is None:
        return "off"
    if isinstance(value, Severity):
        return value.label
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):  # start_times
        return ",".join(_shown(v) for v in value)
    return str(value)


def configuration_of(config: Config | None, chosen: str, *,
                     overridden: frozenset[str] = frozenset(),
                     cli_ignore: frozenset[str] = frozenset(),
                     bindings: bool = True, command: str = "check",
                     expect_given: bool = False) -> Configuration:
    """What a command's reports say about its configuration (see `Config.departures`)."""
    if config is None:
        return Configuration(None, chosen)
    return Configuration(_relative(config.source), chosen,
                         config.departures(overridden, bindings=bindings, command=command,
                                           expect_given=expect_given),
                         sets_fail_on="fail_on" in config.check and "fail_on" not in overridden,
                         ignore=config.ignore - cli_ignore,
                         severities=frozenset(rule for rule, _ in config.severities))


def _relative(source: str) -> str:
    """A configuration's name as reports show it: relative to the current directory."""
    try:
        return os.path.relpath(source)
    except ValueError:  # another drive
        return source


# ---------------------------------------------------------------- finding and reading


def repository_root(folder: Path) -> Path:
    """The repository that holds `folder`: the nearest folder at or above it with a `.git`
    (a directory, or the file of a worktree or submodule: git's toplevel, found without
    running git), else `folder` itself. Resolved (symlinks followed)."""
    here = folder.resolve()
    return git_toplevel(here) or here


def _inside(path: Path, root: Path) -> bool:
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the path
        return False


def find_config(start: Path | None = None) -> Config | None:
    """The configuration of the current directory or the nearest parent that has one."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if not within_scope(folder):  # `kubesim mcp` reads nothing above its root
            break
        yaml_file = folder / CONFIG_NAME
        if yaml_file.is_file():
            return load_config(yaml_file)
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _tool_section(pyproject) is not None:
            return load_config(pyproject)
    return None


def _is_toml(path: Path) -> bool:
    return path.suffix == ".toml"


def _tool_section(path: Path) -> Any:
    """`[tool.kubesim]` of a TOML file (None without it); `tool` itself must be a table."""
    tool = _toml(path).get("tool", {})
    if not isinstance(tool, dict):
        raise UsageError(f"configuration: tool must be a table ([tool.NAME] sections), not "
                         f"{_type_name(tool)}", source=str(path))
    return tool.get("kubesim")


def _type_name(value: Any) -> str:
    return {str: "a string", list: "an array", bool: "a boolean", int: "an integer",
            float: "a number"}.get(type(value), "a value of another type")


def _toml(path: Path) -> dict[str, Any]:
    """A TOML file within MAX_CONFIG_BYTES, its nesting checked before parsing (tomllib
    recurses once per level) and after (dotted keys nest without brackets), integers within
    64 bits."""
    text, source = read_text(path, UsageError, max_bytes=MAX_CONFIG_BYTES)
    line = _toml_nesting(text, MAX_DEPTH)
    if line is not None:
        raise UsageError(f"nesting deeper than {MAX_DEPTH} levels", source=source, line=line)
    import tomllib  # only when a TOML file is read: not at start-up

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"cannot read the configuration: {exc}", source=source) from None
    except ValueError:  # int() of 4,300 digits or more
        raise UsageError("cannot read the configuration: an integer beyond 64 bits",
                         source=source) from None
    except RecursionError:  # nesting the scan above did not see (it skips what it cannot read)
        raise UsageError(f"nesting deeper than {MAX_DEPTH} levels", source=source) from None
    _check_toml_values(data, source)
    return data


_TOML_TOKEN = re.compile(r"""[\[\]{}"'#\n]""")
_TOML_CLOSE = {'"': re.compile(r'(?:[^"\\\n]|\\.)*"'), "'": re.compile(r"[^'\n]*'"),
               '"""': re.compile(r'(?:[^\\]|\\.)*?"""', re.DOTALL),
               "'''": re.compile(r"(?s).*?'''")}


def _toml_nesting(text: str, limit: int) -> int | None:
    """The line where TOML arrays and inline tables nest deeper than `limit` (None: never).
    Strings and comments are skipped; a table header (`[a]`, `[[a]]`) counts one or two
    levels, as it closes on its line."""
    depth, line, i = 0, 1, 0
    while (m := _TOML_TOKEN.search(text, i)) is not None:
        ch, i = m.group(), m.end()
        if ch == "\n":
            line += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, m.start()) else ch
            close = _TOML_CLOSE[quote].match(text, m.start() + len(quote))
            if close is None:
                return None  # an unterminated string: tomllib says where
            line += text.count("\n", i, close.end())
            i = close.end()
            extra = 0
            while len(quote) == 3 and extra < 2 and text.startswith(ch, i):
                i, extra = i + 1, extra + 1  # `""""`: quotes before the closing three
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        else:
            depth = max(depth - 1, 0)
    return None


def _check_toml_values(data: Any, source: str) -> None:
    """Nesting (dotted keys and table headers make nested tables without brackets) and
    integer sizes, held as the YAML reader holds them."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool) and (
                len(str(abs(value))) > MAX_INT_DIGITS or not -(2**63) <= value < 2**63):
            raise UsageError("cannot read the configuration: an integer beyond 64 bits",
                             source=source)
        children: Any = value.values() if isinstance(value, dict) else \
            value if isinstance(value, list) else ()
        if children and depth > MAX_DEPTH:
            raise UsageError(f"nesting deeper than {MAX_DEPTH} levels", source=source)
        stack.extend((c, depth + 1) for c in children)


def load_config(path: Path) -> Config:
    """Read and validate one configuration file: `.kubesim.yaml` (or any YAML file), or the
    `[tool.kubesim]` table of `pyproject.toml` (or of any `*.toml` file)."""
    source = str(path)
    root = repository_root(path.absolute().parent)
    if not _inside(path, root):
        raise UsageError(f"the configuration is a link out of its repository ({root}); kubesim "
                         "reads configurations inside it only", source=source)
    def line_of(path: tuple[str | int, ...]) -> int | None:  # TOML keeps no line numbers
        return None

    if _is_toml(path):
        data = _tool_section(path)
        source += " [tool.kubesim]"
        if data is None:
            raise UsageError("no [tool.kubesim] table", source=source)
    else:
        text, _ = read_text(str(path), UsageError, max_bytes=MAX_CONFIG_BYTES)
        docs = load_yaml_documents(text, source, UsageError)
        if len(docs) != 1:
            raise UsageError("a configuration file is one YAML document", source=source)
        data, line_of = docs[0].data, docs[0].line_of
    if not isinstance(data, dict):
        raise UsageError("the configuration must be a mapping (keys kubesim, check, expect, "
                         "suggest, bindings)", source=source)
    from pydantic import ValidationError

    from kubesim.analysis.config_file import ConfigFile  # a configuration is read: its schema
    try:
        parsed = ConfigFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not str(p).startswith(("function-", "literal[")))
        where = ".".join(str(p) for p in loc) or "configuration"
        msg = "unknown field" if err["type"] == "extra_forbidden" else \
            err["msg"].removeprefix("Value error, ")
        raise UsageError(f"configuration: {where}: {msg}", source=source,
                         line=line_of(loc)) from None
    return _build(parsed, path, root, source, line_of)


def _rule(token: str, where: str, source: str, line: int | None) -> str:
    rule = rule_of(token)
    if rule is None:
        raise UsageError(f"configuration: {where}: unknown check {token!r} (ids {rule_ids()} "
                         "or their names)", source=source, line=line)
    return rule.id


def _bound_file(path: Path, root: Path, given: str, where: str, source: str,
                line: int | None) -> Path:
    """A binding's file, relative to the configuration's folder and inside its repository.
    The error names the field and the repository, never what the configuration says (a path
    into /proc, another user's files) nor what the file holds."""
    if "\x00" in given:
        raise UsageError(f"configuration: {where}: a path with a NUL character", source=source,
                         line=line)
    if Path(given).is_absolute():
        raise UsageError(f"configuration: {where}: an absolute path; a binding names a file "
                         "inside the repository, relative to the configuration's folder",
                         source=source, line=line)
    target = path.absolute().parent / given
    if not _inside(target, root):
        raise UsageError(f"configuration: {where}: leads out of the repository ({root}) "
                         "through `..` or a symlink; a binding names a file inside it",
                         source=source, line=line)
    return target.resolve()


def _build(parsed: ConfigFile, path: Path, root: Path, source: str, line_of: Any) -> Config:
    c = parsed.check
    ignore = frozenset(_rule(t, f"check.ignore[{i}]", source, line_of(("check", "ignore", i)))
                       for i, t in enumerate(c.ignore))
    severities = tuple((_rule(k, f"check.severity.{k}", source,
                              line_of(("check", "severity", k))), Severity[v.upper()])
                       for k, v in c.severity.items())
    for want, value in parsed.suggest.expect.items():
        if not value > 0:
            raise UsageError(f"configuration: suggest.expect.{want}: must be a positive number "
                             "of seconds", source=source,
                             line=line_of(("suggest", "expect", want)))
    bindings = []
    for i, b in enumerate(parsed.bindings):
        kind = "scenario" if b.scenario else "trace"
        target = _bound_file(path, root, b.scenario or b.trace or "", f"bindings.{i}.{kind}",
                             source, line_of(("bindings", i, kind)))
        bindings.append(Binding(kind, str(target), tuple(
            Selector(**{k: getattr(s, k) for k in SELECTOR_KEYS}) for s in b.applies_to),
            target.relative_to(root).as_posix()))
    checks = c.model_dump(exclude={"ignore", "severity"}, exclude_none=True)
    return Config(source, checks, ignore, severities, parsed.expect.model_dump(exclude_none=True),
                  [(k, float(v)) for k, v in parsed.suggest.expect.items() if k in WANTS],
                  bindings)
