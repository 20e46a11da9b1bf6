"""A kustomization confined to its trust root: its graph read and checked, copied into a private
folder, and only the copy built.

kustomize's own load restrictor keeps the *files* a kustomization reads inside its folder,
but not the kustomization *folders* it names (`resources: [../../../outside/base]`), so a
pull request could make kustomize read any kustomization on the runner. `stage_kustomization`
reads every kustomization file of the graph (bounded, with kubesim's YAML reader) and checks
every local path it names (`resources`, `bases`, `components`, `generators`, `transformers`,
`validators`, `crds`, `configurations`, `openapi.path`, `patches[].path`,
`patchesStrategicMerge`, `patchesJson6902[].path`, `replacements[].path`, the
`configMapGenerator` and `secretGenerator` `files`/`envs`/`env`, `helmCharts` and
`helmGlobals` paths, and the path fields of a generator's or transformer's own configuration
file): an absolute path, a `..` that leaves the trust root or a link out of it is an error
naming the kustomization file and the entry, never what it leads to.

Then the graph is copied into `INTO/tree`, keeping each file's place relative to the root: each
kustomization folder's kustomization file and YAML and JSON files, and every file an entry
names. Links inside the root are copied as the files they point to, so no link reaches
kustomize; a path that would lead kustomize (which follows links, then `..`) to another folder
than the copy holds is an error too. Remote bases are left to kustomize, which fetches them only
with `--allow-network`.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kubesim.errors import KubesimError, RenderError
from kubesim.files import MAX_INPUT_BYTES, TrustRoot, read_text
from kubesim.spec.sources.confine import (
    Budget,
    copy_file,
    irregular,
    outside_message,
)
from kubesim.spec.sources.walk import KUSTOMIZATION_FILES
from kubesim.spec.yamlio import load_yaml_documents

__all__ = ["KUSTOMIZATION_FILES", "MAX_KUSTOMIZATIONS", "MAX_TREE_BYTES", "MAX_TREE_FILES",
           "StagedKustomization", "stage_kustomization"]

MAX_KUSTOMIZATIONS = 1000  # kustomization folders in one graph
MAX_TREE_FILES = 10_000  # files copied for one kustomization
MAX_TREE_BYTES = 256 * 1024 * 1024  # bytes copied for one kustomization
COPIED_ALONG = (".yaml", ".yml", ".json")  # a kustomization folder's own files, named or not

# entries that name a kustomization folder or a file; entries that name a file
_FOLDER_OR_FILE = ("resources", "bases", "components", "generators", "transformers",
                   "validators")
_FILE_LISTS = ("crds", "configurations", "patchesStrategicMerge")
_PATH_ITEMS = ("patches", "patchesJson6902", "replacements")  # items with a `path`
_GENERATORS = ("configMapGenerator", "secretGenerator")
_PLUGIN_FIELDS = ("generators", "transformers", "validators")


@dataclass(frozen=True)
class StagedKustomization:
    """A kustomization copied for rendering: the copy of its folder (`path`), how messages
    name it (`shown`), and the copy's root (`tree`), which stands for `source` (the trust
    root as the input's path reaches it)."""

    path: str
    shown: str
    tree: str
    source: str

    def original(self, copied: str) -> str | None:
        """The user's path of a path inside the copy (None: not inside it)."""
        rel = os.path.relpath(copied, self.tree)
        return None if rel.startswith("..") else os.path.normpath(os.path.join(self.source, rel))


@dataclass
class _Graph:
    root: TrustRoot
    tree: Path
    budget: Budget
    folders: set[str] = field(default_factory=set)  # kustomization folders seen (relative)
    copied: set[str] = field(default_factory=set)  # files copied (relative)
    todo: list[str] = field(default_factory=list)


def stage_kustomization(path: str, root: TrustRoot, into: Path) -> StagedKustomization:
    """Check the graph of the kustomization at `path` and copy it into `into/tree` (rules in
    the module's docstring); raises RenderError naming the kustomization file and entry that
    leads out, or a limit."""
    if root.holds_lexically(path) and not root.holds(path):
        raise RenderError(f"the kustomization folder is {outside_message(root)}", source=path)
    tree = into / "tree"
    os.mkdir(tree, 0o700)
    graph = _Graph(root, tree, Budget(MAX_TREE_FILES, MAX_TREE_BYTES, "a kustomization"))
    top = _relative(os.path.abspath(path), root)
    graph.todo.append(top)
    while graph.todo:
        folder = graph.todo.pop()
        if folder in graph.folders:
            continue
        graph.folders.add(folder)
        if len(graph.folders) > MAX_KUSTOMIZATIONS:
            raise RenderError(f"more than {MAX_KUSTOMIZATIONS} kustomizations in one graph; "
                              "kubesim copies at most that many", source=path)
        _visit(graph, folder)
    return StagedKustomization(str(tree / top), path, os.path.realpath(tree),
                               str(root.lexical))


def _relative(path: str, root: TrustRoot) -> str:
    rel = os.path.relpath(path, root.lexical)
    return "" if rel == "." else rel


def _shown(root: TrustRoot, rel: str) -> str:
    """A place in the root as messages name it: relative to the current directory when it
    is below it, else absolute."""
    full = os.path.join(root.lexical, rel) if rel else str(root.lexical)
    here = os.getcwd()
    return os.path.relpath(full, here) if Path(full).is_relative_to(here) else full


def _make_folders(graph: _Graph, rel: str) -> Path:
    """The folder `rel` in the copy (and its parents), private."""
    dest = graph.tree
    for part in Path(rel).parts:
        dest = dest / part
        if not dest.is_dir():
            os.mkdir(dest, 0o700)
    return dest


def _visit(graph: _Graph, folder: str) -> None:
    """Copy one kustomization folder's own files and check (and copy) what it names."""
    src = graph.root.lexical / folder
    if not graph.root.holds(src):
        raise RenderError(outside_message(graph.root), source=_shown(graph.root, folder))
    dest = _make_folders(graph, folder)
    try:
        names = sorted(os.listdir(src))
    except OSError:
        return  # not a folder: kustomize says what it is
    for name in names:
        rel = os.path.join(folder, name)
        if (name.endswith(COPIED_ALONG) or name in KUSTOMIZATION_FILES) \
                and _plain_file(graph.root, src / name):
            _copy(graph, rel, dest / name)
    file = next((n for n in KUSTOMIZATION_FILES if (src / n).is_file()), None)
    if file is None or not graph.root.holds(src / file):
        return  # no kustomization here: kustomize says so
    where = _shown(graph.root, os.path.join(folder, file))
    data = _yaml_mapping(src / file, where)
    if data is not None:
        for entry, value, kind in _entries(data):
            _entry(graph, folder, where, entry, value, kind)


def _plain_file(root: TrustRoot, path: Path) -> bool:
    """A regular file inside the root (links followed): copied along with its folder; any
    other entry is copied only when named (and then checked)."""
    try:
        return root.holds(path) and stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _copy(graph: _Graph, rel: str, dest: Path) -> None:
    if rel in graph.copied:
        return
    graph.copied.add(rel)
    copy_file(graph.root.lexical / rel, dest, _shown(graph.root, rel), MAX_INPUT_BYTES,
              graph.budget)


def _yaml_mapping(path: Path, where: str) -> dict[str, Any] | None:
    """A kustomization (or plugin configuration) file's first document as a mapping; None
    when it is not one (kustomize says what is wrong with it)."""
    try:
        text, _ = read_text(path, RenderError)
        docs = load_yaml_documents(text, where, RenderError)
    except KubesimError:
        return None
    data = docs[0].data if docs else None
    return data if isinstance(data, dict) else None


def _entries(data: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """(entry as messages name it, value, kind) of every path a kustomization names: kind
    "any" (a kustomization folder or a file), "file", "plugin" (a generator's or
    transformer's file or folder) or "helm" (checked, never read: Helm inflation is off)."""
    out: list[tuple[str, Any, str]] = []

    def items(key: str) -> list[Any]:
        value = data.get(key)
        return value if isinstance(value, list) else []

    for key in _FOLDER_OR_FILE:
        kind = "plugin" if key in _PLUGIN_FIELDS else "any"
        out += [(f"{key}[{i}]", v, kind) for i, v in enumerate(items(key))]
    for key in _FILE_LISTS:
        out += [(f"{key}[{i}]", v, "file") for i, v in enumerate(items(key))]
    for key in _PATH_ITEMS:
        out += [(f"{key}[{i}].path", v.get("path"), "file") for i, v in enumerate(items(key))
                if isinstance(v, dict)]
    for key in _GENERATORS:
        for i, gen in enumerate(items(key)):
            if isinstance(gen, dict):
                out += _generator_files(gen, f"{key}[{i}]")
    openapi = data.get("openapi")
    if isinstance(openapi, dict):
        out.append(("openapi.path", openapi.get("path"), "file"))
    out += _helm_paths(data)
    return out


def _generator_files(gen: dict[str, Any], where: str) -> list[tuple[str, Any, str]]:
    """The files a configMapGenerator or secretGenerator item reads (`files` as KEY=PATH)."""
    out: list[tuple[str, Any, str]] = []
    for key in ("files", "envs"):
        value = gen.get(key)
        for j, v in enumerate(value if isinstance(value, list) else []):
            if key == "files" and isinstance(v, str) and "=" in v:
                v = v.split("=", 1)[1]
            out.append((f"{where}.{key}[{j}]", v, "file"))
    if gen.get("env") is not None:
        out.append((f"{where}.env", gen.get("env"), "file"))
    return out


def _helm_paths(data: dict[str, Any]) -> list[tuple[str, Any, str]]:
    out: list[tuple[str, Any, str]] = []
    charts = data.get("helmCharts")
    for i, chart in enumerate(charts if isinstance(charts, list) else []):
        if isinstance(chart, dict):
            out.append((f"helmCharts[{i}].valuesFile", chart.get("valuesFile"), "helm"))
            extra = chart.get("additionalValuesFiles")
            out += [(f"helmCharts[{i}].additionalValuesFiles[{j}]", v, "helm")
                    for j, v in enumerate(extra if isinstance(extra, list) else [])]
    globals_ = data.get("helmGlobals")
    if isinstance(globals_, dict):
        out += [(f"helmGlobals.{k}", globals_.get(k), "helm") for k in ("chartHome", "configHome")]
    return out


def _entry(graph: _Graph, folder: str, where: str, entry: str, value: Any, kind: str) -> None:
    """Check one path a kustomization in `folder` names, and copy (or queue) what it names."""
    if not isinstance(value, str) or not value or "\n" in value:
        return  # not a path (an inline patch or configuration): nothing to read
    said = entry
    if os.path.isabs(value):
        raise RenderError(f"{said}: an absolute path; kubesim reads a kustomization's files "
                          "relative to it, inside the repository", source=where)
    rel = os.path.normpath(os.path.join(folder, value))
    if rel == ".." or rel.startswith("../"):
        raise RenderError(f"{said}: leads outside {graph.root.name} through `..`; kubesim "
                          "reads nothing outside it", source=where)
    rel = "" if rel == "." else rel
    src = graph.root.lexical / rel if rel else graph.root.lexical
    if not graph.root.holds(src):  # name the link as the repository has it, not its target
        link = os.path.normpath(os.path.join(os.path.dirname(where), value))
        raise RenderError(f"{said}: {link} is {outside_message(graph.root)}", source=where)
    followed = os.path.realpath(os.path.join(os.path.realpath(graph.root.lexical / folder),
                                             value))
    if followed != os.path.realpath(src):
        raise RenderError(f"{said}: leads through a symbolic link and then `..` to another "
                          "folder than its path says; kubesim renders a copy without links "
                          "and cannot follow it there: name the folder by its own path",
                          source=where)
    _take(graph, folder, where, said, rel, src, kind)


def _take(graph: _Graph, folder: str, where: str, said: str, rel: str, src: Path,
          kind: str) -> None:
    """Queue a kustomization folder, copy a file (and read a plugin's configuration)."""
    try:
        st = os.stat(src)
    except OSError:
        return  # nothing there (or a remote base): kustomize says what it makes of it
    if kind == "helm":
        return
    if stat.S_ISDIR(st.st_mode):
        if kind in ("any", "plugin"):
            graph.todo.append(rel)
        return
    if not stat.S_ISREG(st.st_mode):
        raise RenderError(f"{said}: is {irregular(st.st_mode)}; kubesim reads regular files "
                          "and folders only", source=where)
    _copy(graph, rel, _make_folders(graph, os.path.dirname(rel)) / os.path.basename(rel))
    if kind == "plugin":
        config = _yaml_mapping(src, _shown(graph.root, rel))
        for entry, value, sub in _plugin_paths(config or {}):
            _entry(graph, folder, where, f"{said}, its {entry}", value, sub)


def _plugin_paths(config: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """The files a builtin generator's or transformer's configuration reads, relative to
    the kustomization that names it (PatchTransformer `path`, PatchStrategicMergeTransformer
    `paths`, ConfigMapGenerator `files`/`envs`/`env`, ReplacementTransformer
    `replacements[].path`, HelmChartInflationGenerator's folders)."""
    out: list[tuple[str, Any, str]] = [("path", config.get("path"), "file")]
    paths = config.get("paths")
    out += [(f"paths[{i}]", v, "file") for i, v in enumerate(paths if isinstance(paths, list)
                                                             else [])]
    out += _generator_files(config, "config")
    replacements = config.get("replacements")
    out += [(f"replacements[{i}].path", r.get("path"), "file")
            for i, r in enumerate(replacements if isinstance(replacements, list) else [])
            if isinstance(r, dict)]
    out += [(k, config.get(k), "helm") for k in ("valuesFile", "chartHome")]
    return out
