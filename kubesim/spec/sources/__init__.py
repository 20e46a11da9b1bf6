"""Where manifests come from: files, standard input, Helm charts and kustomizations.

The input edge of every command that reads manifests (`check`, `suggest`, `run`, `windows`,
`fleet`, `sweep`): `walk` finds the inputs of the paths given (the directory rule is in
`walk`), `render_unit` renders a chart or kustomization with its real engine (`engines`) and
returns plain YAML documents that name their source files (`documents`); the rest of kubesim
never sees a template. A render reads a private copy confined to the input's trust root
(`confine`, `kustomize_tree`), and both Helm engines pass the same checks first (`helm_rules`);
a walk records the links it refused to follow (`Refusal`). The render options (`options`) and
what makes a path a chart or a kustomization (`walk`) stand apart from the render machinery,
which loads with the first chart or kustomization: a plain file's reading loads none of it.
"""

from __future__ import annotations

from typing import Any

from kubesim.spec.sources.documents import (
    RenderedUnit,
    documents_at,
    render_notes,
    render_unit,
    split_helm_stream,
)
from kubesim.spec.sources.options import DEFAULT_TIMEOUT, RenderOptions
from kubesim.spec.sources.walk import Refusal, Unit, UnitKind, Walk, unit_of, walk

__all__ = ["DEFAULT_TIMEOUT", "Refusal", "RenderOptions", "RenderedUnit", "Renderer", "Unit",
           "UnitKind", "Walk", "documents_at", "render_notes", "render_unit", "split_helm_stream",
           "unit_of", "walk"]


def __getattr__(name: str) -> Any:
    """`Renderer`, the engines' protocol, loads with the engines (PEP 562): a plain file's
    documents load no render machinery."""
    if name != "Renderer":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from kubesim.spec.sources.engines import Renderer
    return Renderer


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
