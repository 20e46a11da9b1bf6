"""Which inputs the paths on a command line name: files, standard input, charts, kustomizations.

The rule for a directory (the one every command follows):

* a directory with a `Chart.yaml` is a **Helm chart**: it is rendered as a whole and nothing
  under it is read as loose YAML (its templates are not YAML, its `charts/` are subcharts);
  a library chart (`type: library`) cannot be rendered and is skipped in a walk;
* a directory with a `kustomization.yaml`, `kustomization.yml` or `Kustomization` is a
  **kustomization**: it is rendered as a whole and its own YAML files are not read loose (they
  are its resources and patches), but its subdirectories are searched for further charts and
  kustomizations (overlays often live below their base); a `kind: Component` is only ever
  part of another kustomization and is skipped;
* any other directory is walked for `*.yaml`/`*.yml` files as before, and for charts and
  kustomizations below it; hidden directories (`.git`) are skipped; everything sorted.

A path named on the command line is read as what it is: a chart or kustomization directory,
a chart archive (`.tgz`), a file, or `-` for standard input.

Nothing leads out of the input's trust root (`kubesim.files.trust_root`): a symbolic link
found in a walk that leaves it is not followed but recorded as a `Refusal` (the walk goes
on), and so is a path named on the command line that is one; `unit_of` refuses it outright.
A manifest file named on the command line outside any repository is read as named (a link
there is the user's own, never a pull request's).
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kubesim.errors import SpecError, UsageError
from kubesim.files import (
    STDIN,
    RootKind,
    TrustRoot,
    check_within,
    inline_text,
    read_text,
    trust_root,
)
from kubesim.spec.yamlio import load_yaml_documents

__all__ = ["CHART_ARCHIVES", "KUSTOMIZATION_FILES", "Refusal", "Unit", "UnitKind", "Walk",
           "chart_meta", "leaves_root", "outside_message", "unit_of", "walk"]

# what makes a path a chart archive or a kustomization folder (the render machinery,
# `confine` and `kustomize_tree`, takes them from here: a walk loads none of it)
CHART_ARCHIVES = (".tgz", ".tar.gz")
KUSTOMIZATION_FILES = ("kustomization.yaml", "kustomization.yml", "Kustomization")

CHART_FILE = "Chart.yaml"
YAML_SUFFIXES = (".yaml", ".yml")


class UnitKind(enum.Enum):
    """What an input is."""

    FILE = "file"
    STDIN = "stdin"
    CHART = "helm chart"
    KUSTOMIZATION = "kustomization"


@dataclass(frozen=True)
class Unit:
    """One input: a file (named on the command line, or found in a directory), standard
    input, or a chart or kustomization to render; `root`: the trust root of the path named
    on the command line that it was found under (None: its own)."""

    kind: UnitKind
    path: str
    named: bool = True
    root: TrustRoot | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Refusal:
    """An input a walk found and did not read: its path, and why (one line, without the
    path; it never says where a link leads)."""

    path: str
    message: str


@dataclass
class Walk:
    """The inputs found, the directories skipped (with why), and the inputs refused: links
    that lead out of the trust root."""

    units: list[Unit] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)


def outside_message(root: TrustRoot) -> str:
    """What an input that leads out of its trust root is told (never where it leads)."""
    return (f"a symbolic link that leads outside {root.name}; kubesim reads nothing outside "
            "it (the target is not shown)")


def leaves_root(path: str | Path, root: TrustRoot) -> bool:
    """Whether `path`, inside the root as written, leads out of it through a link."""
    return root.holds_lexically(path) and not root.holds(path)


def _kustomization_file(d: Path) -> Path | None:
    return next((d / n for n in KUSTOMIZATION_FILES if (d / n).is_file()), None)


def _yaml_data(path: Path, root: TrustRoot) -> Any:
    """The first document of a small YAML file (Chart.yaml, kustomization.yaml), or None
    when it cannot be read as YAML (the engine will say what is wrong with it) or leads out
    of the trust root (the render refuses it, naming the link)."""
    if leaves_root(path, root):
        return None
    try:
        text, source = read_text(path, SpecError, max_bytes=1024 * 1024)
        docs = load_yaml_documents(text, source, SpecError)
    except SpecError:
        return None
    return docs[0].data if docs else None


def chart_meta(path: str, root: TrustRoot | None = None) -> dict[str, Any]:
    """Chart.yaml of a chart directory as data ({} when unreadable or a link out of `root`,
    by default the folder's own trust root)."""
    data = _yaml_data(Path(path) / CHART_FILE, root or trust_root(path))
    return data if isinstance(data, dict) else {}


def _why_not(d: Path, kind: UnitKind, root: TrustRoot) -> str | None:
    """Why a chart or kustomization directory found in a walk is not rendered (None: it is)."""
    if kind is UnitKind.CHART and chart_meta(str(d), root).get("type") == "library":
        return "a library chart (type: library): only other charts render it"
    if kind is UnitKind.KUSTOMIZATION:
        file = _kustomization_file(d)
        data = _yaml_data(file, root) if file is not None else None
        if isinstance(data, dict) and data.get("kind") == "Component":
            return "a kustomize Component: only the kustomizations that use it render it"
    return None


def _dir_kind(d: Path) -> UnitKind | None:
    if (d / CHART_FILE).is_file():
        return UnitKind.CHART
    if _kustomization_file(d) is not None:
        return UnitKind.KUSTOMIZATION
    return None


def _refusal(path: str, root: TrustRoot) -> Refusal | None:
    """A refusal when `path` leads out of `root` through a symbolic link."""
    return Refusal(path, outside_message(root)) if leaves_root(path, root) else None


def unit_of(path: str) -> Unit:
    """The input a path named on the command line is; a UsageError when it leads out of its
    trust root."""
    if path == STDIN:
        return Unit(UnitKind.STDIN, path)
    if inline_text(path) is not None:  # a text given inline (kubesim mcp): a file
        return Unit(UnitKind.FILE, path)
    check_within(path, UsageError)
    root = trust_root(path)
    refused = _refusal(path, root)
    if refused is not None and (root.kind is RootKind.REPOSITORY or _renders(path)):
        raise UsageError(refused.message, source=path)
    p = Path(path)
    if p.is_dir():
        kind = _dir_kind(p)
        if kind is None:
            raise UsageError("is a directory, but neither a Helm chart (no Chart.yaml) nor a "
                             "kustomization (no kustomization.yaml); name a manifest file",
                             source=path)
        return Unit(kind, path)
    if path.endswith(CHART_ARCHIVES) and p.is_file():
        return Unit(UnitKind.CHART, path)
    return Unit(UnitKind.FILE, path)


def _renders(path: str) -> bool:
    """Whether `path` names a chart or kustomization (a folder or a chart archive)."""
    return Path(path).is_dir() or path.endswith(CHART_ARCHIVES)


def walk(paths: list[str]) -> Walk:
    """Every input of `paths`, in order (directories by the rule above), each file once."""
    if paths.count(STDIN) > 1:
        raise UsageError("- (stdin) can be given only once")
    out = Walk()
    for path in paths:
        p = Path(path)
        if path == STDIN or inline_text(path) is not None:
            out.units.append(unit_of(path))
            continue
        check_within(path, UsageError)
        root = trust_root(path)
        refused = _refusal(path, root)
        if refused is not None and (root.kind is RootKind.REPOSITORY or _renders(path)):
            out.refused.append(refused)
        elif p.is_dir():
            _walk_dir(p, out, set(), root, loose=True, top=True)
        elif (owner := _owner(p, root)) is not None:  # a chart's template, a base's file
            kind, folder = owner
            out.units.append(Unit(kind, folder, root=root))
            out.skipped.append({"file": path, "reason": f"part of the {kind.value} {folder}, "
                                "which is checked as a whole"})
        else:
            out.units.append(unit_of(path))
    seen: set[tuple[UnitKind, str]] = set()
    unique = []
    for u in out.units:
        key = (u.kind, u.path if u.kind is UnitKind.STDIN else os.path.normpath(u.path))
        if key not in seen:
            seen.add(key)
            unique.append(u)
    out.units = unique
    return out


def _owner(file: Path, root: TrustRoot) -> tuple[UnitKind, str] | None:
    """The chart or kustomization a file named on the command line belongs to (a pre-commit
    hook names a chart's staged template, never the chart): the outermost chart folder above
    it (a subchart's file is rendered by its parent), else the nearest kustomization folder;
    searched up to the trust root, as the path was written. None: the file stands alone."""
    chart: str | None = None
    kustomization: str | None = None
    folder = Path(os.path.normpath(file.parent))
    while root.holds_lexically(folder):
        if (folder / CHART_FILE).is_file() and root.holds(folder):
            chart = str(folder)
        elif kustomization is None and chart is None and _kustomization_file(folder) \
                is not None and root.holds(folder):
            kustomization = str(folder)
        if folder == folder.parent or os.path.abspath(folder) == str(root.lexical):
            break
        folder = folder.parent
    if chart is not None:
        return UnitKind.CHART, chart
    if kustomization is not None and _why_not(Path(kustomization), UnitKind.KUSTOMIZATION,
                                              root) is None:
        return UnitKind.KUSTOMIZATION, kustomization
    return None


def _walked(link: Path, loose: bool) -> bool:
    """Whether the walk would read what a link names: a folder (walked into), or a YAML file
    where loose files are read. Asked of the link's target by its type only (os.stat), never
    opened."""
    if link.suffix in YAML_SUFFIXES and loose:
        return True
    return os.path.isdir(link)


def _walk_dir(d: Path, out: Walk, visited: set[tuple[int, int]], root: TrustRoot, *,
              loose: bool, top: bool = False) -> None:
    try:
        st = d.stat()
    except OSError as exc:
        raise UsageError(f"cannot read the directory: {exc.strerror}", source=str(d)) from None
    if (st.st_dev, st.st_ino) in visited:
        return  # a symbolic link back to a directory already walked: once is enough
    visited.add((st.st_dev, st.st_ino))
    kind = _dir_kind(d)
    if kind is not None:
        why = None if top else _why_not(d, kind, root)
        if why is not None:
            out.skipped.append({"file": str(d), "reason": why})
        else:
            out.units.append(Unit(kind, str(d), named=top, root=root))
        if kind is UnitKind.CHART:
            return  # templates and subcharts belong to the chart
        loose = False  # a kustomization's own files are its material
    try:
        entries = sorted(d.iterdir())
    except OSError as exc:
        raise UsageError(f"cannot read the directory: {exc.strerror}", source=str(d)) from None
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_symlink() and not _walked(entry, loose):
            continue  # a link the walk never reads (a kustomization's file: its render's care)
        refused = _refusal(str(entry), root) if entry.is_symlink() else None
        if refused is not None:  # never followed into; the walk goes on
            out.refused.append(refused)
            continue
        if entry.is_dir():
            _walk_dir(entry, out, visited, root, loose=loose)
        elif loose and entry.suffix in YAML_SUFFIXES and entry.is_file():
            out.units.append(Unit(UnitKind.FILE, str(entry), named=False, root=root))
