"""A render's output as YAML documents that name the file each object came from.

Every render reads a private copy of the chart or kustomization, confined to the input's trust
root (`confine.stage_chart`, `kustomize_tree.stage_kustomization`), and a chart passes the
checks both Helm engines share (`helm_rules.check_chart`) before either runs; the documents
name the user's files, never the copy's.

* **Helm** (`helm template` output, piped or run by kubesim; helm-python-sdk's render map):
  each object follows a `# Source: CHARTNAME/templates/x.yaml` line. The chart name is
  replaced by the chart's path as given (as kube-linter does), so a finding names
  `charts/podinfo/templates/deployment.yaml`. Templates are not YAML, so a rendered object's
  line in its template cannot be known: these documents have no lines. NOTES.txt, partials
  (`_helpers.tpl`) and empty renders are dropped as Helm drops them, and so are test hooks
  (`helm.sh/hook: test`: pods `helm test` runs once, not workloads). Documents are ordered by
  template, kind, namespace and name, so the helm program and the library give the same.
* **kustomize**: each object carries `config.kubernetes.io/origin` (see `engines.Kustomize`),
  which names the resource file it was read from; the annotation is removed before anything
  is checked. A field keeps the line it has in that file where the file has the same field
  (list items matched by `name`, as strategic merge does) with the same value; a field a
  patch or transformer set has its parent's line, and an object not found in the file has
  no line.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.errors import RenderError, SpecError
from kubesim.files import TrustRoot, read_text, trust_root
from kubesim.spec.sources.options import RenderOptions
from kubesim.spec.sources.walk import Unit, UnitKind, leaves_root, outside_message, unit_of
from kubesim.spec.yamlio import YamlDocument, load_yaml_documents

# the render machinery (the confined copies, the engines and the subprocess module) loads with
# the first chart or kustomization: a plain file's documents need none of it
if TYPE_CHECKING:
    from kubesim.spec.sources.confine import ChartView
    from kubesim.spec.sources.engines import Block, Rendered

__all__ = ["ORIGIN_ANNOTATION", "RenderedUnit", "documents_at", "helm_documents",
           "render_notes", "render_unit", "split_helm_stream"]

ORIGIN_ANNOTATION = "config.kubernetes.io/origin"
HOOK_ANNOTATION = "helm.sh/hook"
_SOURCE = re.compile(r"^# Source: (.+?)\s*$", re.MULTILINE)
Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class RenderedUnit:
    """A chart or kustomization rendered: its documents, and how (for the report's note)."""

    documents: list[YamlDocument]
    kind: UnitKind
    path: str
    engine: str  # "helm v3.16.2", "kubectl kustomize v5.5.0"
    release: str | None = None  # a chart's release name and namespace
    namespace: str | None = None


def render_notes(units: list[RenderedUnit]) -> list[str]:
    """One note per engine: what it rendered, and how findings name their files."""
    by_engine: dict[tuple[UnitKind, str], list[RenderedUnit]] = {}
    for u in units:
        by_engine.setdefault((u.kind, u.engine), []).append(u)
    notes = []
    for (kind, engine), done in by_engine.items():
        if kind is UnitKind.CHART:
            spaces = sorted({u.namespace for u in done if u.namespace})
            what = ", ".join(f"{u.path} (release {u.release})" for u in done)
            notes.append(f"rendered by {engine}: {what}, namespace {', '.join(spaces)}; "
                         "findings name the template files, without lines: a template's line "
                         "is not known after rendering")
        else:
            notes.append(f"rendered by {engine}: {', '.join(u.path for u in done)}; findings "
                         "name the files kustomize read each object from, with a field's line "
                         "where that file has it unchanged")
    return notes


def documents_at(path: str, options: RenderOptions | None = None
                 ) -> tuple[list[YamlDocument], str]:
    """The documents of one input named on the command line (a file, `-`, a chart or a
    kustomization), and how errors name it: the input edge of `run`, `windows`, `fleet`
    and `sweep`."""
    unit = unit_of(path)
    if unit.kind in (UnitKind.CHART, UnitKind.KUSTOMIZATION):
        return render_unit(unit, options or RenderOptions()).documents, path
    text, source = read_text(path, SpecError)
    if unit.kind is UnitKind.STDIN:
        docs = split_helm_stream(text, source)
        if docs is not None:
            return docs, source
    return load_yaml_documents(text, source, SpecError), source


def render_unit(unit: Unit, options: RenderOptions) -> RenderedUnit:
    """Render a chart or kustomization with its engine (raises RenderError)."""
    root = unit.root if unit.root is not None else trust_root(unit.path)
    if unit.kind is UnitKind.CHART:
        return _render_chart(unit.path, root, options)
    assert unit.kind is UnitKind.KUSTOMIZATION
    return _render_kustomization(unit.path, root, options)


# ---------------------------------------------------------------- Helm


def _render_chart(path: str, root: TrustRoot, options: RenderOptions) -> RenderedUnit:
    # Helm's rules (their version regexes compiled at import) load with the first chart
    from kubesim.spec.sources.confine import stage_chart
    from kubesim.spec.sources.engines import helm_renderer
    from kubesim.spec.sources.helm_rules import check_chart, kube_version
    renderer = helm_renderer(options, path)
    for values in options.values:  # each --values file inside its own trust root
        if leaves_root(values, trust_root(values)):
            raise RenderError(f"--values: {outside_message(trust_root(values))}",
                              source=values)
    with tempfile.TemporaryDirectory(prefix="kubesim-chart-") as work:
        copy = Path(work, "copy")
        os.mkdir(copy, 0o700)
        staged = stage_chart(path, root, copy)
        release = options.release_name if options.release_name is not None else \
            _chart_name(path, staged.view)
        check_chart(staged.view, path, release=release,
                    release_given=options.release_name is not None,
                    kube=kube_version(options.kube_version), allow_network=options.allow_network)
        rendered = renderer.render(staged.path, path, options, release=release, workdir=work)
    origin = f"helm chart {path}"
    blocks = rendered.blocks if rendered.stream is None else _blocks(rendered.stream)
    docs = helm_documents(blocks, origin, lambda key: _template_path(path, key))
    return RenderedUnit(docs, UnitKind.CHART, path, rendered.engine, release,
                        options.namespace)


def _chart_name(path: str, view: ChartView) -> str:
    """The default release name: the chart's name (Chart.yaml), as one installs it; else
    the folder's or archive's name."""
    name = (view.chart or {}).get("name")
    if isinstance(name, str) and name:
        return name
    base = os.path.basename(os.path.normpath(path))
    base = re.sub(r"(\.tar\.gz|\.tgz)$", "", base)
    return re.sub(r"-v?\d+\.\d+\.\d+.*$", "", base) or "release"


def _template_path(chart: str, key: str) -> str:
    """`podinfo/templates/x.yaml` -> `<chart dir>/templates/x.yaml` (the chart name in the
    key is Chart.yaml's, not the folder's); inside an archive, the key under its path."""
    if chart.endswith((".tgz", ".tar.gz")):
        return f"{chart}/{key}"
    head, _, rest = key.partition("/")
    return f"{chart.rstrip('/')}/{rest}" if rest else f"{chart.rstrip('/')}/{head}"


def _blocks(stream: str) -> tuple[Block, ...]:
    """Split `helm template` output on its `# Source:` lines; text before the first one
    (or all of it, when there is none) has no key."""
    from kubesim.spec.sources.engines import Block
    marks = list(_SOURCE.finditer(stream))
    out = []
    head = stream[:marks[0].start()] if marks else stream
    if head.strip(" \n-"):
        out.append(Block(None, head))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(stream)
        text = stream[m.end():end]  # from the end of the `# Source:` line: its newline off,
        out.append(Block(m.group(1), text.removeprefix("\n")))  # as the library's text
    return tuple(out)


def _skipped_template(key: str) -> bool:
    name = key.rsplit("/", 1)[-1]
    return name.startswith("_") or name == "NOTES.txt"


def _test_hook(data: Any) -> bool:
    meta = data.get("metadata") if isinstance(data, dict) else None
    notes = meta.get("annotations") if isinstance(meta, dict) else None
    hook = notes.get(HOOK_ANNOTATION) if isinstance(notes, dict) else None
    return isinstance(hook, str) and any(h.strip().startswith("test")
                                         for h in hook.split(","))


def _order(doc: YamlDocument) -> tuple[str, str, str, str]:
    data = doc.data if isinstance(doc.data, dict) else {}
    meta = m if isinstance(m := data.get("metadata"), dict) else {}
    return (doc.source, str(data.get("kind", "")), str(meta.get("namespace", "")),
            str(meta.get("name", "")))


def helm_documents(blocks: tuple[Block, ...], origin: str, source_of: Any,
                   unnamed: str | None = None) -> list[YamlDocument]:
    """The documents of Helm's output pieces, each named by `source_of(key)`; pieces
    without a key are named `unnamed` and keep their lines (None: `source_of(None)`)."""
    docs: list[YamlDocument] = []
    count = 0  # documents in the output so far: "document N" counts them all
    for block in blocks:
        if block.key is not None and _skipped_template(block.key):
            continue
        source = source_of(block.key) if block.key is not None or unnamed is None else unnamed
        for doc in load_yaml_documents(block.text, source, SpecError):
            count += 1
            if _test_hook(doc.data):
                continue
            if block.key is None and unnamed is not None:
                source = f"{unnamed} document {count}"
            docs.append(YamlDocument(doc.data, source, None, {}, origin))
    return sorted(docs, key=_order)


def split_helm_stream(text: str, source: str) -> list[YamlDocument] | None:
    """Piped `helm template` output (`helm template ... | kubesim check -`) split on its
    `# Source:` lines, each object named by the template path as Helm printed it (the chart
    folder is not known; render the chart folder itself to get its path); None when the
    text has no such line (an ordinary multi-document file, read as such)."""
    if not _SOURCE.search(text):
        return None
    return helm_documents(_blocks(text), f"helm template output on {source}",
                          lambda key: key, unnamed=source)


# ---------------------------------------------------------------- kustomize


def _render_kustomization(path: str, root: TrustRoot, options: RenderOptions
                          ) -> RenderedUnit:
    from kubesim.spec.sources.engines import kustomize_renderer
    from kubesim.spec.sources.kustomize_tree import stage_kustomization
    renderer = kustomize_renderer(options, path)
    with tempfile.TemporaryDirectory(prefix="kubesim-kustomize-") as work:
        staged = stage_kustomization(path, root, Path(work))
        rendered = renderer.render(staged, options, workdir=work)
    docs = kustomize_documents(rendered, path)
    return RenderedUnit(docs, UnitKind.KUSTOMIZATION, path, rendered.engine)


def kustomize_documents(rendered: Rendered, path: str) -> list[YamlDocument]:
    """The objects of a kustomize build, each named by its origin file (the user's file the
    copy was made of)."""
    assert rendered.stream is not None and rendered.origin_root is not None
    origin = f"kustomization {path}"
    files: dict[str, list[YamlDocument] | None] = {}
    out = []
    for doc in load_yaml_documents(rendered.stream, f"{path} (kustomize output)", SpecError):
        data, where = _strip_origin(doc.data)
        source, file = _origin_file(where, rendered, path)
        found = _origin_document(data, file, files) if file is not None else None
        if found is None:
            out.append(YamlDocument(data, source, None, {}, origin))
        else:
            out.append(YamlDocument(data, source, found.start_line,
                                    _origin_lines(data, found), origin))
    return out


def _strip_origin(data: Any) -> tuple[Any, dict[str, Any]]:
    """The object without kubesim's origin annotation, and the origin it gave."""
    meta = data.get("metadata") if isinstance(data, dict) else None
    if not isinstance(meta, dict):
        return data, {}
    notes = meta.get("annotations")
    if not isinstance(notes, dict) or ORIGIN_ANNOTATION not in notes:
        return data, {}
    text = notes.pop(ORIGIN_ANNOTATION)
    if not notes:
        del meta["annotations"]
    try:
        parsed = load_yaml_documents(str(text), ORIGIN_ANNOTATION, SpecError)
    except SpecError:
        return data, {}
    where = parsed[0].data if parsed else None
    return data, where if isinstance(where, dict) else {}


def _origin_file(where: dict[str, Any], rendered: Rendered, path: str
                 ) -> tuple[str, str | None]:
    """How a finding names the object's origin, and the local file to read lines from: the
    user's file of which the copy kustomize built from is a copy."""
    assert rendered.origin_root is not None
    rel = where.get("path") if isinstance(where.get("path"), str) else None
    if rel is None and isinstance(where.get("configuredIn"), str):
        rel = where["configuredIn"]  # a generated object: the kustomization that made it
    if rel is None:
        return f"{path} (kustomize output)", None
    if isinstance(where.get("repo"), str):  # a remote base
        ref = f"?ref={where['ref']}" if isinstance(where.get("ref"), str) else ""
        return f"{where['repo']}//{rel}{ref}", None
    absolute = os.path.normpath(os.path.join(rendered.origin_root, rel))
    original = rendered.staged.original(absolute) if rendered.staged is not None else absolute
    if original is None:  # not a file of the copy (kustomize names no other local file)
        return f"{path} (kustomize output)", None
    try:
        shown = os.path.normpath(os.path.join(path, os.path.relpath(original,
                                                                    os.path.abspath(path))))
    except ValueError:  # another drive
        shown = original
    return shown, original


def _origin_document(data: Any, file: str, cache: dict[str, list[YamlDocument] | None]
                     ) -> YamlDocument | None:
    """The object's document in its origin file: the one of its kind, else the one whose
    name is in the rendered name (kustomize adds prefixes and suffixes); None if unclear."""
    if file not in cache:
        try:
            text, source = read_text(file, SpecError)
            cache[file] = load_yaml_documents(text, source, SpecError)
        except SpecError:
            cache[file] = None
    docs = cache[file] or []
    if not isinstance(data, dict):
        return None
    kind = data.get("kind")
    same = [d for d in docs if isinstance(d.data, dict) and d.data.get("kind") == kind]
    if len(same) <= 1:
        return same[0] if same else None
    name = str((data.get("metadata") or {}).get("name", ""))
    exact = [d for d in same if _name(d) == name]
    inside = [d for d in same if _name(d) and _name(d) in name]
    pick = exact or inside
    return pick[0] if len(pick) == 1 else None


def _name(doc: YamlDocument) -> str:
    meta = doc.data.get("metadata") if isinstance(doc.data, dict) else None
    return str(meta.get("name", "")) if isinstance(meta, dict) else ""


def _origin_lines(data: Any, origin: YamlDocument) -> dict[Path_, int]:
    """Lines of the rendered object's fields in the origin document (rule above)."""
    lines: dict[Path_, int] = {}
    stack: list[tuple[Path_, Any, Path_, Any]] = [((), data, (), origin.data)]
    while stack:
        rpath, value, opath, was = stack.pop()
        line = origin.lines.get(opath)
        if isinstance(value, dict) and isinstance(was, dict):
            for key, sub in value.items():
                if key in was:
                    stack.append(((*rpath, key), sub, (*opath, key), was[key]))
        elif isinstance(value, list) and isinstance(was, list):
            stack += _list_pairs(rpath, value, opath, was)
        elif value != was:
            continue
        if line is not None:
            lines[rpath] = line
    return lines


def _list_pairs(rpath: Path_, value: list[Any], opath: Path_, was: list[Any]
                ) -> list[tuple[Path_, Any, Path_, Any]]:
    """Rendered list items with their origin items: by `name` where every item has one
    (containers, ports, env), else by position."""
    named = all(isinstance(x, dict) and "name" in x for x in (*value, *was))
    if named:
        at = {x["name"]: j for j, x in enumerate(was)}
        return [((*rpath, i), x, (*opath, at[x["name"]]), was[at[x["name"]]])
                for i, x in enumerate(value) if x["name"] in at]
    return [((*rpath, i), x, (*opath, i), was[i]) for i, x in enumerate(value)
            if i < len(was)]

