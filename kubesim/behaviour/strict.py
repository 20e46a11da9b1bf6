"""The strict pydantic base of the behaviour files' models (scenarios, replica selectors)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic_core import PydanticCustomError

__all__ = ["StrictModel"]


class StrictModel(BaseModel):
    """Strict, frozen, unknown keys rejected with the list of allowed ones."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True,
                              defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            allowed = [f.alias or name for name, f in cls.model_fields.items()]
            for key in data:
                if key not in allowed:
                    raise PydanticCustomError(
                        "unknown_field", "unknown field {field}; allowed: {allowed}",
                        {"field": str(key), "allowed": ", ".join(allowed)})
        return data
