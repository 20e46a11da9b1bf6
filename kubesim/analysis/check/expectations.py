"""Expectations users declare for their workloads: the file, the flags, and what they mean.

Expectations file (`--expectations FILE`)::

    kubesim: 1                      # optional; the format version
    defaults:                       # every probed container of every input
      no_restart: true
    workloads:
      - workload: Deployment/orders # NAME, Kind/NAME or NAMESPACE/Kind/NAME
        container: app              # optional: every probed container of the workload
        no_restart: true            # no restart in any given scenario/trace, at any phase
        not_ready_within: 30        # out of Ready within 30 s of an outage of the readiness
                                    #   target (outages longer than 30 s in the scenarios)
        ready_within: 20            # first Ready within 20 s of the first container start
        survives_stall: 5           # a 5 s stall of the whole process restarts nothing

The same four as flags apply to every probed container: `--expect-no-restart`,
`--expect-not-ready-within S`, `--expect-ready-within S`, `--expect-survives-stall S`.
Each is checked at every grid phase (`--phases N`, phase i with seed `seed + i`, as
`kubesim run --phases`); a failure names the first failing phase and its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from kubesim.errors import UsageError
from kubesim.spec.yamlio import load_yaml_documents, read_text

if TYPE_CHECKING:
    from kubesim.analysis.check.findings import Workload

__all__ = ["KINDS", "Expectation", "Version", "load_expectations"]

KINDS = {"no_restart": "KS101", "not_ready_within": "KS102", "ready_within": "KS103",
         "survives_stall": "KS104"}


# ---------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Expectation:
    """One declared expectation: `kind` (a key of KINDS), its seconds, where it was declared,
    and which workload/container it is for (None: all)."""

    kind: str
    seconds: float | None
    origin: str
    workload: str | None = None
    container: str | None = None

    def applies(self, w: Workload, container: str) -> bool:
        names = {w.name, w.label, f"{w.namespace}/{w.label}"}
        return ((self.workload is None or self.workload in names)
                and (self.container is None or self.container == container))

    @property
    def text(self) -> str:
        n = f"{self.seconds or 0:g}"
        return {"no_restart": "no restart",
                "not_ready_within": f"not Ready within {n} s of an outage",
                "ready_within": f"Ready within {n} s of start",
                "survives_stall": f"survives a stall of {n} s"}[self.kind]


def _version(value: Any) -> Any:
    """The format version of an expectations or configuration file: the integer 1 (`true`
    is not a version, though YAML's and Python's `True == 1`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        # a ValueError, not a TypeError: pydantic reports only the former as a field error
        raise ValueError(
            "version must be an integer (this kubesim reads version 1)")
    if value != 1:
        raise ValueError("version must be 1 (the only version this kubesim reads)")
    return value


Version = Annotated[int, BeforeValidator(_version)]


class _Expect(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    no_restart: bool | None = None
    not_ready_within: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    ready_within: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    survives_stall: float | None = Field(default=None, gt=0, allow_inf_nan=False)


class _Entry(_Expect):
    workload: str
    container: str | None = None


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    kubesim: Version = 1
    # made when a file leaves it out, not at import: building a model costs a short check
    defaults: _Expect = Field(default_factory=_Expect)
    workloads: list[_Entry] = []


def load_expectations(path: str) -> list[Expectation]:
    """The expectations declared in a YAML file; errors name the file, line and field."""
    text, source = read_text(path, UsageError)
    docs = load_yaml_documents(text, source, UsageError)
    if len(docs) != 1:
        raise UsageError("an expectations file is one YAML document", source=source)
    doc = docs[0]
    try:
        data = _File.model_validate(doc.data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        where = ".".join(str(p) for p in loc) or "document"
        msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        raise UsageError(f"expectations: {where}: {msg}", source=source,
                         line=doc.line_of(loc)) from None
    out = _declared(data.defaults, f"{source}:{doc.line_of(('defaults',))}")
    for i, entry in enumerate(data.workloads):
        origin = f"{source}:{doc.line_of(('workloads', i))}"
        out += _declared(entry, origin, entry.workload, entry.container)
    return out


def _declared(e: _Expect, origin: str, workload: str | None = None,
              container: str | None = None) -> list[Expectation]:
    out = []
    if e.no_restart:
        out.append(Expectation("no_restart", None, origin, workload, container))
    for kind in ("not_ready_within", "ready_within", "survives_stall"):
        value = getattr(e, kind)
        if value is not None:
            out.append(Expectation(kind, float(value), origin, workload, container))
    return out
