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
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kubesim.analysis.check.rules import Severity, rule_ids, rule_of
from kubesim.analysis.check.scoping import SELECTOR_KEYS, Selector
from kubesim.analysis.suggest import WANTS
from kubesim.errors import UsageError
from kubesim.spec.yamlio import load_yaml_documents, read_text

__all__ = ["CONFIG_NAME", "Binding", "Config", "find_config", "load_config"]

CONFIG_NAME = ".kubesim.yaml"
Positive = Field(default=None, gt=0, allow_inf_nan=False)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Check(_Strict):
    fail_on: Literal["error", "warning", "info", "none"] | None = None
    ignore: list[str] = []
    severity: dict[str, Literal["error", "warning", "info"]] = {}
    outage_seconds: float | None = Positive
    startup_seconds: float | None = Positive
    max_initial_delay: float | None = Positive
    max_hang_recovery: float | None = Positive
    max_ready_recovery: float | None = Positive
    max_zero_capacity: float | None = Field(default=None, ge=0)
    propagation_seconds: float | None = Field(default=None, ge=0)
    rollout_min_capacity: int | None = Field(default=None, ge=0)
    missing_probes: bool | None = None
    phases: int | None = Field(default=None, ge=1)


class _Expect(_Strict):
    no_restart: bool | None = None
    not_ready_within: float | None = Positive
    ready_within: float | None = Positive
    survives_stall: float | None = Positive


class _Suggest(_Strict):
    expect: dict[Literal["survive-outage", "hang-within", "starts-within", "unready-within"],
                 float] = {}


class _Selector(_Strict):
    kind: str | None = None
    name: str | None = None
    namespace: str | None = None
    container: str | None = None


class _Binding(_Strict):
    scenario: str | None = None
    trace: str | None = None
    applies_to: list[_Selector] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one(self) -> _Binding:
        if (self.scenario is None) == (self.trace is None):
            raise ValueError("a binding names exactly one of scenario, trace")
        return self


class _File(_Strict):
    kubesim: Literal[1] = 1
    check: _Check = _Check()
    expect: _Expect = _Expect()
    suggest: _Suggest = _Suggest()
    bindings: list[_Binding] = []


@dataclass(frozen=True)
class Binding:
    """A scenario or trace (path resolved against the config's directory) and its scope."""

    kind: str  # scenario | trace
    path: str
    applies_to: tuple[Selector, ...]


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


def find_config(start: Path | None = None) -> Config | None:
    """The configuration of the current directory or the nearest parent that has one."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        yaml_file = folder / CONFIG_NAME
        if yaml_file.is_file():
            return load_config(yaml_file)
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_tool_section(pyproject):
            return load_config(pyproject)
    return None


def _has_tool_section(path: Path) -> bool:
    return "kubesim" in _toml(path).get("tool", {})


def _toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"cannot read the configuration: {exc}", source=str(path)) from None


def load_config(path: Path) -> Config:
    """Read and validate one configuration file (.kubesim.yaml or pyproject.toml)."""
    source = str(path)
    line_of: Any = lambda loc: None  # TOML keeps no line numbers
    if path.name == "pyproject.toml":
        data = _toml(path).get("tool", {}).get("kubesim")
        source += " [tool.kubesim]"
    else:
        text, _ = read_text(str(path), UsageError)
        docs = load_yaml_documents(text, source, UsageError)
        if len(docs) != 1:
            raise UsageError("a configuration file is one YAML document", source=source)
        data, line_of = docs[0].data, docs[0].line_of
    if not isinstance(data, dict):
        raise UsageError("the configuration must be a mapping (keys kubesim, check, expect, "
                         "suggest, bindings)", source=source)
    try:
        parsed = _File.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not str(p).startswith(("function-", "literal[")))
        where = ".".join(str(p) for p in loc) or "configuration"
        msg = "unknown field" if err["type"] == "extra_forbidden" else \
            err["msg"].removeprefix("Value error, ")
        raise UsageError(f"configuration: {where}: {msg}", source=source,
                         line=line_of(loc)) from None
    return _build(parsed, path, source, line_of)


def _rule(token: str, where: str, source: str, line: int | None) -> str:
    rule = rule_of(token)
    if rule is None:
        raise UsageError(f"configuration: {where}: unknown check {token!r} (ids {rule_ids()} "
                         "or their names)", source=source, line=line)
    return rule.id


def _build(parsed: _File, path: Path, source: str, line_of: Any) -> Config:
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
    for b in parsed.bindings:
        kind = "scenario" if b.scenario else "trace"
        target = (path.parent / (b.scenario or b.trace or "")).resolve()
        bindings.append(Binding(kind, str(target), tuple(
            Selector(**{k: getattr(s, k) for k in SELECTOR_KEYS}) for s in b.applies_to)))
    checks = c.model_dump(exclude={"ignore", "severity"}, exclude_none=True)
    return Config(source, checks, ignore, severities, parsed.expect.model_dump(exclude_none=True),
                  [(k, float(v)) for k, v in parsed.suggest.expect.items() if k in WANTS],
                  bindings)
