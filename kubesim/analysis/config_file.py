"""The schema of a configuration file (`kubesim.analysis.config`): the pydantic models its
keys are validated by, loaded when a configuration is read (a check without one defines none of
them: start-up, issue 31 item 1)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from kubesim.analysis.check.expectations import Version
from kubesim.analysis.check.options import (
    CHECK_OPTIONS,
    EXPECT_OPTIONS,
    SEVERITIES,
    ValueKind,
)

__all__ = ["ConfigFile", "check_keys", "expect_keys"]


class _Strict(BaseModel):
    # built when a configuration file is first read (this module is imported then too): a
    # check without one pays for none (start-up). Only the command line's thread reads
    # configurations.
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class _CheckLists(_Strict):
    """The `check:` keys that are no single option (options.CONFIG_ONLY)."""

    ignore: list[str] = []
    severity: dict[str, Literal["error", "warning", "info"]] = {}


_SecondsOrZero = Annotated[float, Field(ge=0, allow_inf_nan=False)]
# each kind of check setting as a configuration spells it (strict: no "30" for 30)
_CONFIG_TYPES: dict[ValueKind, Any] = {
    ValueKind.SECONDS: Annotated[float, Field(gt=0, allow_inf_nan=False)],
    ValueKind.SECONDS_OR_ZERO: _SecondsOrZero,
    ValueKind.COUNT: Annotated[int, Field(ge=1)],
    ValueKind.CAPACITY: Annotated[int, Field(ge=0)],
    ValueKind.SEVERITY: Literal[SEVERITIES],
    ValueKind.TOGGLE: bool,
    ValueKind.SWITCH: bool,
    ValueKind.TIMES: Annotated[list[_SecondsOrZero], Field(min_length=1, max_length=10_000)]}

# `check:` of a configuration: a key for each setting the declarations let it set
# (kubesim.analysis.check.options), None when not given
_CHECK_FIELDS: dict[str, Any] = {o.config: (_CONFIG_TYPES[o.kind] | None, None)
                                 for o in CHECK_OPTIONS if o.config}
_Check = create_model("_Check", __base__=_CheckLists, **_CHECK_FIELDS)


def check_keys() -> tuple[str, ...]:
    """The keys a configuration's `check:` may hold."""
    return tuple(_Check.model_fields)


def expect_keys() -> tuple[str, ...]:
    """The keys a configuration's `expect:` may hold."""
    return tuple(_Expect.model_fields)


# `expect:` of a configuration: a key for each expectation declared (options.EXPECT_OPTIONS)
_EXPECT_FIELDS: dict[str, Any] = {o.config: (_CONFIG_TYPES[o.kind] | None, None)
                                  for o in EXPECT_OPTIONS if o.config}
_Expect = create_model("_Expect", __base__=_Strict, **_EXPECT_FIELDS)


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


class ConfigFile(_Strict):
    """A configuration file, as its keys are spelled."""

    kubesim: Version = 1
    check: _Check = Field(default_factory=_Check)
    expect: _Expect = Field(default_factory=_Expect)
    suggest: _Suggest = Field(default_factory=_Suggest)
    bindings: list[_Binding] = []
