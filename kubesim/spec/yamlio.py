"""Reading YAML input files: each text parsed once, within bounds, with the line of every field.

The text is parsed once, by libyaml (PyYAML's C parser) when PyYAML was built with it, else by
the pure-Python parser; kubesim builds the data from the parser's events itself, iteratively
(scalars by PyYAML's safe constructor), so that it keeps the line of every key path and holds
the document to its bounds on the way:

* nesting at most MAX_DEPTH levels (aliases expanded), so no later step can recurse too deep;
* aliases may add at most MAX_ALIAS_NODES nodes to a document (a 2 KB "billion laughs" would
  add 10^9) and may not refer to the node that contains them (`a: &x {b: *x}`);
* integers must fit in 64 bits and floats must be finite unless written `.inf`, as the API
  server's JSON decoder requires;
* a mapping may not repeat a key (the API server's strict decoding rejects it too).

Only the YAML 1.1 types of PyYAML's safe loader are read (no Python objects, no `!!set`); an
anchor's data is shared, not copied, wherever it is aliased. No other module reads YAML text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode

from kubesim.errors import KubesimError
from kubesim.files import MAX_DEPTH, MAX_INT_DIGITS, STDIN, read_text

__all__ = ["LIBYAML", "MAX_ALIAS_NODES", "STDIN", "YamlDocument", "load_yaml_documents",
           "read_text"]

LIBYAML = bool(getattr(yaml, "__with_libyaml__", False))
MAX_ALIAS_NODES = 10_000  # nodes that aliases may add to one document
Path_ = tuple[str | int, ...]
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


_Constructor = yaml.constructor.SafeConstructor  # scalars only: _Composer builds the rest


class _PyLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Constructor,
               yaml.resolver.Resolver):
    """The pure-Python parser with kubesim's constructor."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Constructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)


_LOADERS: dict[bool, type] = {False: _PyLoader}
if LIBYAML:
    from yaml._yaml import CParser  # what yaml.cyaml re-exports (its stub does not say so)

    class _CLoader(CParser, _Constructor, yaml.resolver.Resolver):
        """libyaml's parser (C) with kubesim's constructor."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            _Constructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _LOADERS[True] = _CLoader


def _loader(text: str, libyaml: bool) -> Any:
    return _LOADERS[libyaml and LIBYAML](text)


@dataclass(frozen=True)
class YamlDocument:
    """One YAML document: its data, and the 1-based line of each key path in it.

    A document rendered from a Helm chart or a kustomization (`kubesim.spec.sources`) names
    its source file (the template, or the resource file kustomize read it from) and says what
    rendered it in `rendered_from`; its lines are those of the source file where they are
    known, and `start_line` is None when none is (a template's line is lost in rendering).
    """

    data: Any
    source: str
    start_line: int | None
    lines: dict[Path_, int] = field(default_factory=dict, repr=False)
    rendered_from: str | None = None  # e.g. "helm chart charts/podinfo"

    def line_of(self, path: Path_) -> int | None:
        """The line of the deepest known prefix of `path` (a field missing from its parent
        reports the parent's line); None where no line is known."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return self.start_line


class _Bound(Exception):
    """A document beyond kubesim's bounds: the message, and the mark where it was seen."""

    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message, self.mark = message, mark


def load_yaml_documents(text: str, source: str, error: type[KubesimError], *,
                        libyaml: bool = LIBYAML) -> list[YamlDocument]:
    """Parse every document of a (multi-document) YAML text; empty documents are dropped.
    `libyaml=False` uses the pure-Python parser (what runs where PyYAML lacks libyaml)."""
    loader = None
    try:
        loader = _loader(text, libyaml)  # the pure-Python reader checks characters here
        docs = []
        for data, start, lines in _Composer(loader).documents():
            if data is not None:
                docs.append(YamlDocument(data, source, start, lines))
        return docs
    except _Bound as exc:
        line = exc.mark.line + 1 if exc.mark is not None else None
        raise error(exc.message, source=source, line=line) from None
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, source, error, libyaml and LIBYAML) from None
    finally:
        if loader is not None:
            loader.dispose()


def _yaml_error(exc: yaml.YAMLError, text: str, source: str, error: type[KubesimError],
                libyaml: bool) -> KubesimError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
    line = mark.line + 1 if mark is not None else None
    position = getattr(exc, "position", None)  # a ReaderError: a forbidden character
    if line is None and isinstance(position, int):  # libyaml counts bytes of UTF-8
        before = text.encode("utf-8", "surrogatepass")[:position] if libyaml else \
            text[:position]
        line = before.count(b"\n" if libyaml else "\n") + 1  # type: ignore[arg-type]
    if line is not None:  # libyaml may place an error at the end past the last line
        line = min(line, text.count("\n") + 1)
    problem = " ".join(str(problem).split())
    return error(f"malformed YAML: {problem}", source=source, line=line)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Frame:
    """An open sequence or mapping: its data, key path, anchor, pending key, merges, and the
    size and height it has so far (aliases expanded)."""

    __slots__ = ("anchor", "data", "height", "key", "keys", "merges", "path", "size")

    def __init__(self, data: Any, path: Path_ | None, anchor: str | None) -> None:
        self.data, self.path, self.anchor = data, path, anchor
        self.key: Any = _NO_KEY  # a mapping's key waiting for its value
        self.keys: dict[Any, int] | None = None  # a mapping's key lines, for duplicates
        self.merges: list[Any] | None = None
        self.size, self.height = 1, 1


_NO_KEY = object()
_MERGE_KEY = object()


class _Composer:
    """Builds each document's data straight from the parser's events (no node tree), without
    recursion and within the bounds above, recording the line of each key path."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.resolved: dict[str, str] = {}  # plain scalar -> its implicit tag

    def documents(self) -> Any:
        """Yield (data, start line, lines) per document."""
        get = self.loader.get_event
        get()  # the stream start
        while True:
            event = get()
            if isinstance(event, StreamEndEvent):
                return
            yield self._document(event.end_mark.line + 1)

    def _document(self, start: int) -> tuple[Any, int, dict[Path_, int]]:
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # anchor: data, size, height
        self.open_anchors: set[str] = set()
        self.added = 0  # nodes that aliases added
        self.lines: dict[Path_, int] = {}
        stack: list[_Frame] = []
        root: Any = None
        get = self.loader.get_event
        while True:
            event = get()
            kind = type(event)
            if kind is ScalarEvent:
                path = self._path(stack)
                value = self._scalar(event, path)
                size = height = 1
                if event.anchor is not None:
                    self._anchor(event)
                    self.anchors[event.anchor] = (value, 1, 1)
                line = event.start_mark.line + 1
            elif kind is SequenceEndEvent or kind is MappingEndEvent:
                frame = stack.pop()
                if frame.merges:
                    _merge(frame)
                if frame.anchor is not None:
                    self.open_anchors.discard(frame.anchor)
                    self.anchors[frame.anchor] = (frame.data, frame.size, frame.height)
                value, size, height, path = frame.data, frame.size, frame.height, None
            elif kind is SequenceStartEvent or kind is MappingStartEvent:
                self._open(event, self._path(stack), stack, kind is SequenceStartEvent)
                continue
            elif kind is AliasEvent:
                path = self._path(stack)
                value, size, height = self._alias(event, len(stack))
                line = event.start_mark.line + 1
            elif kind is DocumentEndEvent:
                return root, start, self.lines
            else:  # pragma: no cover - the parser emits nothing else inside a document
                raise _Bound(f"malformed YAML: unexpected {kind.__name__}", event.start_mark)
            if value is _MERGE_KEY and (not stack or stack[-1].keys is None
                                        or stack[-1].key is not _NO_KEY):
                raise _Bound("malformed YAML: << (a merge key) can only be a mapping's key",
                             event.start_mark)
            if path is not None:
                self.lines.setdefault(path, line)
            if not stack:
                root = value
                start = self.lines.get((), start)
                continue
            self._add(stack[-1], value, size, height, event)

    @staticmethod
    def _path(stack: list[_Frame]) -> Path_ | None:
        """The key path of the node about to be composed (None: a mapping key)."""
        if not stack:
            return ()
        top = stack[-1]
        if top.path is None:
            return None
        if top.keys is None:  # a sequence
            return (*top.path, len(top.data))
        key = top.key
        if key is _NO_KEY or key is _MERGE_KEY:
            return None
        return (*top.path, key if isinstance(key, str) else str(key))

    def _open(self, event: Any, path: Path_ | None, stack: list[_Frame], is_seq: bool) -> None:
        if len(stack) + 1 > MAX_DEPTH:
            raise _Bound(f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
        tag = event.tag
        if tag is not None and tag != "!" and tag != (_SEQ if is_seq else _MAP):
            raise _Bound(f"malformed YAML: tag {tag} is not supported (only plain mappings "
                         "and lists)", event.start_mark)
        if event.anchor is not None:
            self._anchor(event)
            self.open_anchors.add(event.anchor)
        if path is not None:
            self.lines.setdefault(path, event.start_mark.line + 1)
        frame = _Frame([] if is_seq else {}, path, event.anchor)
        if not is_seq:
            frame.keys = {}
        stack.append(frame)

    def _anchor(self, event: Any) -> None:
        if event.anchor in self.anchors or event.anchor in self.open_anchors:
            raise _Bound(f"malformed YAML: anchor &{event.anchor} defined twice",
                         event.start_mark)

    def _alias(self, event: Any, depth: int) -> tuple[Any, int, int]:
        name = event.anchor
        if name in self.open_anchors:
            raise _Bound(f"alias *{name} refers to the node that contains it (a recursive "
                         "structure); kubesim does not read recursive YAML", event.start_mark)
        if name not in self.anchors:
            raise _Bound(f"malformed YAML: alias *{name} before its anchor &{name}",
                         event.start_mark)
        value, size, height = self.anchors[name]
        self.added += size
        if self.added > MAX_ALIAS_NODES:
            raise _Bound(f"aliases expand this document by more than {MAX_ALIAS_NODES} nodes "
                         "(an alias bomb?); write the repeated parts out", event.start_mark)
        if depth + height > MAX_DEPTH:
            raise _Bound(f"nesting deeper than {MAX_DEPTH} levels (aliases expanded)",
                         event.start_mark)
        return value, size, height

    def _scalar(self, event: Any, path: Path_ | None) -> Any:
        tag, text = event.tag, event.value
        if tag is None or tag == "!":
            if not event.implicit[0]:
                return text  # quoted, or a `!` tag: a string
            tag = self.resolved.get(text)
            if tag is None:
                tag = self.resolved[text] = self.loader.resolve(ScalarNode, text, (True, False))
        if tag == _STR:
            return text
        if tag == _MERGE:
            return _MERGE_KEY
        build = _Constructor.yaml_constructors.get(tag)
        if build is None or tag in (_MAP, _SEQ):
            raise _Bound(f"malformed YAML: tag {tag} is not supported", event.start_mark)
        node = ScalarNode(tag, text, event.start_mark, event.end_mark, style=event.style)
        try:
            if tag == _INT or tag == _FLOAT:
                _check_number(self.loader, node, path)
            return build(self.loader, node)
        except (ValueError, KeyError, AttributeError, TypeError, OverflowError, IndexError):
            # `!!int abc`, `2001-13-45`, `!!bool maybe`; `!!float` with no value (PyYAML
            # reads the first character of the empty text)
            kind = tag.rsplit(":", 1)[-1]
            raise _Bound(f"{_field(path)}{_short(text)} is not a valid {kind}",
                         event.start_mark) from None

    def _add(self, top: _Frame, value: Any, size: int, height: int, event: Any) -> None:
        top.size += size
        if height >= top.height:
            top.height = height + 1
        keys = top.keys
        if keys is None:
            top.data.append(value)
            return
        if top.key is _NO_KEY:
            self._key(top, value, event)
        elif top.key is _MERGE_KEY:
            merged = value if isinstance(value, list) else [value]
            if not all(isinstance(m, dict) for m in merged):
                raise _Bound("malformed YAML: a merge key (<<) takes a mapping or a list of "
                             "mappings", event.start_mark)
            top.merges = (top.merges or []) + merged
            top.key = _NO_KEY
        else:
            top.data[top.key] = value
            top.key = _NO_KEY

    def _key(self, top: _Frame, key: Any, event: Any) -> None:
        line = event.start_mark.line + 1
        if key is _MERGE_KEY:
            top.key = key
            return
        if isinstance(key, list | dict):
            raise _Bound("malformed YAML: a mapping key must be a scalar, not a "
                         f"{'list' if isinstance(key, list) else 'mapping'}", event.start_mark)
        assert top.keys is not None
        first = top.keys.get(key)
        if first is not None:
            raise _Bound(f"duplicate key {_short(key)} in one mapping (first on line {first})",
                         event.start_mark)
        top.keys[key] = line
        if top.path is not None:  # a key's own line
            self.lines[(*top.path, key if isinstance(key, str) else str(key))] = line
        top.key = key


def _merge(frame: _Frame) -> None:
    """YAML merge keys: the mapping's own keys win, then the merged mappings in order."""
    data = frame.data
    for merged in frame.merges or []:
        for key, value in merged.items():
            if key not in data:
                data[key] = value


def _check_number(loader: Any, node: ScalarNode, path: Path_ | None) -> None:
    """Integers within 64 bits, floats finite unless written as infinity (`.inf`)."""
    text = node.value
    where = _field(path)
    if node.tag == _INT:
        digits = sum(c.isdigit() for c in text)
        if digits > MAX_INT_DIGITS + 2:  # also what Python's int() refuses (4300 digits)
            raise _Bound(f"{where}integer of {digits} digits does not fit in 64 bits",
                         node.start_mark)
        value = loader.construct_yaml_int(node)
        if not -(2**63) <= value < 2**63:
            raise _Bound(f"{where}integer {_short(value)} does not fit in 64 bits",
                         node.start_mark)
        return
    if "inf" in text.lower() or "nan" in text.lower():
        return
    if len(text) > 400 or not math.isfinite(loader.construct_yaml_float(node)):
        raise _Bound(f"{where}number {text[:24]}{'...' * (len(text) > 24)} is out of range "
                     "(beyond about 1.8e308)", node.start_mark)


def _field(path: Path_ | None) -> str:
    if not path:
        return ""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return f"{out}: "
