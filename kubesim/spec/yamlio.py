"""Reading input files: YAML documents with the line of every field, for error messages.

The data comes from `yaml.safe_load_all`; the line numbers from composing the same text with
the safe loader's composer (nothing is constructed from it). No other module reads YAML text.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kubesim.errors import KubesimError

__all__ = ["STDIN", "YamlDocument", "load_yaml_documents", "read_text"]

STDIN = "-"
Path_ = tuple[str | int, ...]


def read_text(path: str | Path, error: type[KubesimError]) -> tuple[str, str]:
    """Return (text, source name) of a file, or of standard input for `-`."""
    if str(path) == STDIN:
        return sys.stdin.read(), "<stdin>"
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError:
        raise error("no such file", source=str(path)) from None
    except IsADirectoryError:
        raise error("is a directory, expected a file", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text ({exc.reason})", source=str(path)) from None
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror}", source=str(path)) from None


@dataclass(frozen=True)
class YamlDocument:
    """One YAML document: its data, and the 1-based line of each key path in it."""

    data: Any
    source: str
    start_line: int
    lines: dict[Path_, int] = field(default_factory=dict, repr=False)

    def line_of(self, path: Path_) -> int:
        """The line of the deepest known prefix of `path` (a field missing from its parent
        reports the parent's line)."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return self.start_line


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when built with it
_LAST: tuple[str, str, list[YamlDocument]] | None = None  # check reads each file twice


def load_yaml_documents(text: str, source: str, error: type[KubesimError]) -> list[YamlDocument]:
    """Parse every document of a (multi-document) YAML text; empty documents are dropped.

    One pass composes the nodes (for line numbers) and constructs the data from them with the
    safe constructor; the last result is kept, since `kubesim check` reads a file twice."""
    global _LAST
    if _LAST is not None and _LAST[0] == text and _LAST[1] == source:
        return list(_LAST[2])
    try:
        try:
            pairs = _parse(text, _LOADER)
        except yaml.YAMLError:  # the pure-Python parser's messages and lines, as documented
            pairs = _parse(text, yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
        line = mark.line + 1 if mark is not None else None
        position = getattr(exc, "position", None)  # a ReaderError: a forbidden character
        if line is None and isinstance(position, int):
            line = text.count("\n", 0, position) + 1
        problem = " ".join(str(problem).split())
        raise error(f"malformed YAML: {problem}", source=source, line=line) from None
    docs = []
    for data, node in pairs:
        if data is None:
            continue
        lines: dict[Path_, int] = {}
        _collect_lines(node, (), lines)
        docs.append(YamlDocument(data, source, node.start_mark.line + 1, lines))
    _LAST = (text, source, docs)
    return list(docs)


def _parse(text: str, loader_class: Any) -> list[tuple[Any, yaml.Node]]:
    loader = loader_class(text)
    try:
        out = []
        while loader.check_node():
            node = loader.get_node()
            out.append((loader.construct_document(node), node))
        return out
    finally:
        loader.dispose()


def _collect_lines(node: yaml.Node, path: Path_, lines: dict[Path_, int]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                lines[(*path, key.value)] = key.start_mark.line + 1
                _collect_lines(value, (*path, key.value), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _collect_lines(item, (*path, i), lines)
