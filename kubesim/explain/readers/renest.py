"""A manifest whose indentation a page lost (every line at column 0), re-nested by the
Kubernetes object's structure (`shapes.TYPES`): each key goes under the parent whose type
has it, with the shape the type gives it (a key with no value opens an object, a map or a
list; `- key: value` opens a list's item; a scalar value closes nothing).

    kind: Deployment              kind: Deployment
    metadata:                     metadata:
    name: web                       name: web
    spec:                ->       spec:
    template:                       template:
    metadata:                         metadata:
    labels:                             labels:
    app: web                              app: web

A key could belong to several of the parents open above it (`metadata` under the
Deployment or under its template; `restartPolicy` of a container or of its pod; a label
`name` or the object's own name): every reading the keys allow is followed at once, one
line after another, and a reading ends where a key cannot go (a key its parent already holds,
a key its type does not have, an object or list opened with nothing under it). What one
reading alone keeps to the end is the manifest; two readings that keep to the end and put a
line in two places leave it not read, with that line and its two parents: nothing is guessed.
One pass: each line is weighed against at most `MAX_READINGS` readings of bounded depth.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.shapes import KINDS, TYPES, Shape

__all__ = ["MAX_LEFT_OUT", "MAX_MAP_KEYS", "MAX_READINGS", "Renested", "flattened_manifest",
           "manifest_kind", "renest", "renest_leaving_out"]

MAX_READINGS = 16
# the lines of scalars two readings put in two places that `renest_leaving_out` leaves out, at
# most (each costs one more pass over the lines: a bound keeps it linear)
MAX_LEFT_OUT = 3
# the keys one map (labels, annotations) holds at most in a reading: each key is weighed
# against those before it (a key twice is no map's), so the bound keeps the pass linear
MAX_MAP_KEYS = 256
# `key: value` or `- key: value`, a key as manifests write them (labels' `app.kubernetes.io/
# name` included); the key holds no `:` so the match is one pass
_LINE = lazy_regex(r"^(?P<item>-[ \t]+)?(?P<key>[A-Za-z0-9_][-A-Za-z0-9_./]{0,252}"
                   r"|\"[^\"]{1,253}\"|'[^']{1,253}'):(?:[ \t]+(?P<value>.*))?$")
_SCALAR_ITEM = lazy_regex(r"^-[ \t]+(?P<value>.+)$")
_BLOCK = lazy_regex(r"^[|>][-+]?[0-9]?[ \t]*(?:#.*)?$")


class _Value(str, Enum):
    """What follows a key's `:` on its line."""

    OPEN = "open"  # nothing: what the next lines hold is under it
    BLOCK = "block"  # `|` or `>`: a block scalar, the next lines its text
    FLOW_MAP = "flow-map"  # `{...}`
    FLOW_LIST = "flow-list"  # `[...]`
    SCALAR = "scalar"


class _Frame(NamedTuple):
    """A parent open in one reading: what it holds, where its keys go, what it holds yet."""

    shape: Shape | None  # None: a block scalar's text
    of: str  # the type of an object (or of a list's items)
    indent: int
    path: str
    seen: frozenset[str] = frozenset()  # an object's or a map's keys
    held: int = 0  # the lines placed under it

    def holding(self, key: str = "") -> _Frame:
        """The frame with one more line under it (`key`, an object's or a map's)."""
        seen = self.seen | {key} if key else self.seen
        return _Frame(self.shape, self.of, self.indent, self.path, seen, self.held + 1)


class _Reading(NamedTuple):
    frames: tuple[_Frame, ...]
    out: tuple[int, str, object] | None  # (indentation, parent, the lines above), last first


class Renested(NamedTuple):
    """The lines with their indentation put back (as many as given), or why not and where."""

    lines: list[str] | None
    why: str = ""
    line: int = 0  # the index (in the lines given) the why is about
    two_ways: bool = False  # the why: two readings put the line in two places
    # the lines left out (`renest_leaving_out`), each its index and why: a key's scalar two
    # readings put in two places; the lines hold "" there
    left_out: tuple[tuple[int, str], ...] = ()
    parents: tuple[str, ...] = ()  # the two places two readings put the line (`two_ways`)


def _value(text: str | None) -> _Value:
    value = (text or "").strip()
    if not value or value.startswith("#"):
        return _Value.OPEN
    if _BLOCK.match(value):
        return _Value.BLOCK
    if value.startswith("{"):
        return _Value.FLOW_MAP
    return _Value.FLOW_LIST if value.startswith("[") else _Value.SCALAR


def manifest_kind(lines: list[str]) -> str | None:
    """The kind a manifest's top declares (`kind: Deployment` before its first object opens),
    or None."""
    for text in lines:
        m = _LINE.match(text.rstrip())
        if m is None or m["item"]:
            if text.strip() and not text.lstrip().startswith("#"):
                return None
            continue
        if m["key"] == "kind":
            return (m["value"] or "").split("#")[0].strip() or None
        if _value(m["value"]) is _Value.OPEN:
            return None
    return None


def flattened_manifest(lines: list[str]) -> bool:
    """Whether `lines` are a manifest of a workload kind (`shapes.KINDS`) whose indentation a
    paste lost: more than one line, every one at column 0."""
    texts = [x for x in lines if x.strip()]
    return len(texts) > 1 and not any(x[:1] in " \t" for x in texts) and \
        manifest_kind(texts) in KINDS


# what an object's key opens, by its shape and the value on its line
_OPENS = {(Shape.OBJECT, _Value.OPEN): Shape.OBJECT, (Shape.MAP, _Value.OPEN): Shape.MAP,
          (Shape.LIST, _Value.OPEN): Shape.LIST, (Shape.SCALARS, _Value.OPEN): Shape.SCALARS}
_FITS = {(Shape.SCALAR, _Value.SCALAR), (Shape.SCALAR, _Value.BLOCK),
         (Shape.OBJECT, _Value.FLOW_MAP), (Shape.MAP, _Value.FLOW_MAP),
         (Shape.LIST, _Value.FLOW_LIST), (Shape.SCALARS, _Value.FLOW_LIST)}


def _opened(frame: _Frame, key: str, value: _Value) -> list[_Frame] | None:
    """The frames a key placed in `frame` opens ([] for none), or None when `frame` cannot
    hold it: its type has no such key, holds it already, or holds it in another shape."""
    if key in frame.seen or len(frame.seen) >= MAX_MAP_KEYS:
        return None
    if frame.shape is Shape.MAP:  # free keys (labels, annotations) hold scalars
        return None if value not in (_Value.SCALAR, _Value.BLOCK) else _text(frame, key, value)
    field = TYPES[frame.of].get(key) if frame.shape is Shape.OBJECT else None
    if field is None:
        return None
    opens = _OPENS.get((field.shape, value))
    if opens is not None:
        return [_Frame(opens, field.of, frame.indent + 2, f"{frame.path}.{key}")]
    return _text(frame, key, value) if (field.shape, value) in _FITS else None


def _text(frame: _Frame, key: str, value: _Value) -> list[_Frame]:
    """A block scalar's text opened by a key's `|` (none for any other value)."""
    if value is not _Value.BLOCK:
        return []
    return [_Frame(None, "", frame.indent + 2, f"{frame.path}.{key}" if key else frame.path)]


def _add(reading: _Reading, at: int, frame: _Frame, opened: list[_Frame], indent: int,
         parent: str) -> _Reading | None:
    """The reading with a line placed in the frame at `at` (now `frame`), the frames above it
    closed, and what the line opens on top; None when a frame it closes holds nothing."""
    if at < len(reading.frames) - 1 and not reading.frames[-1].held:
        return None  # (an object, list or text opened with nothing under it)
    frames = (*reading.frames[:at], frame, *opened)
    return _Reading(frames, (indent, parent, reading.out))


def _key_line(reading: _Reading, key: str, value: _Value) -> list[_Reading]:
    found = []
    for at, frame in enumerate(reading.frames):
        if frame.shape not in (Shape.OBJECT, Shape.MAP):
            continue
        opened = _opened(frame, key, value)
        if opened is None:
            continue
        placed = _add(reading, at, frame.holding(key), opened, frame.indent, frame.path)
        if placed is not None:
            found.append(placed)
    return found


def _item_line(reading: _Reading, key: str | None, value: _Value) -> list[_Reading]:
    """A list's item: `- key: value` opens an object item of a list of objects; `- value`
    is an item of a list of scalars."""
    found = []
    for at, frame in enumerate(reading.frames):
        if frame.shape is not (Shape.SCALARS if key is None else Shape.LIST):
            continue
        path = f"{frame.path}[{frame.held}]"
        if key is None:
            if value not in (_Value.SCALAR, _Value.BLOCK):
                continue
            item = _text(_Frame(frame.shape, "", frame.indent, path), "", value)
        else:
            first = _Frame(Shape.OBJECT, frame.of, frame.indent + 2, path)
            opened = _opened(first, key, value)
            if opened is None:
                continue
            item = [first.holding(key), *opened]
        placed = _add(reading, at, frame.holding(), item, frame.indent, path)
        if placed is not None:
            found.append(placed)
    return found


def _text_line(reading: _Reading) -> list[_Reading]:
    """A line of the block scalar open on top (any text at all)."""
    top = reading.frames[-1] if reading.frames else None
    if top is None or top.shape is not None:
        return []
    frames = (*reading.frames[:-1], top.holding())
    return [_Reading(frames, (top.indent, f"the text of {top.path}", reading.out))]


def _step(reading: _Reading, text: str) -> list[_Reading]:
    """Every reading `reading` can go on to with the line `text` (stripped, not blank)."""
    found = _text_line(reading)
    m = _LINE.match(text)
    if m is not None:
        value = _value(m["value"])
        found += _item_line(reading, m["key"], value) if m["item"] else \
            _key_line(reading, m["key"], value)
    elif (item := _SCALAR_ITEM.match(text)) is not None:
        found += _item_line(reading, None, _value(item["value"]))
    elif text.startswith("#") and not found:
        found = [_Reading(reading.frames, (0, "", reading.out))]  # a comment: anywhere
    return found


def renest(lines: list[str], roots: list[str], limit: int = MAX_READINGS) -> Renested:
    """`lines` (every one at column 0) with their indentation put back as a manifest whose
    top is of one of the types `roots`; or why not, with the line (more than `limit`
    readings at once: not followed further)."""
    readings = [_Reading((_Frame(Shape.OBJECT, root, 0, root),), None)
                for root in roots]
    for i, raw in enumerate(lines):
        text = raw.strip()
        if not text:
            readings = [_Reading(r.frames, (0, "", r.out)) for r in readings]
            continue
        going = [new for r in readings for new in _step(r, text)]
        if not going:
            return Renested(None, _nowhere(text), i)
        if len(going) > limit:
            return Renested(None, f"its keys could be put back in more than {limit} ways "
                                  "from this line on", i)
        readings = going
    return _one([r for r in readings if r.frames[-1].held], lines)


def _nowhere(text: str) -> str:
    m = _LINE.match(text)
    what = f"`{m['key']}`" if m is not None else "the line"
    return f"{what} belongs under none of the keys open above it"


def _one(readings: list[_Reading], lines: list[str]) -> Renested:
    """The lines as the one reading kept to the end puts them; or the first line two readings
    put in two places, and the two parents."""
    if not readings:
        return Renested(None, "what its last lines open holds nothing below it",
                        len(lines) - 1)
    placed = [_unwound(r, len(lines)) for r in readings]
    first = placed[0]
    at, other = min(((_parting(first, x), x) for x in placed[1:]), key=lambda x: x[0],
                    default=(len(lines), first))
    if at < len(lines):
        key = _LINE.match(lines[at].strip())
        what = f"`{key['key']}`" if key is not None else "the line"
        return Renested(None, f"{what} could belong to {first[at][1] or 'the top'} or to "
                              f"{other[at][1] or 'the top'}", at, two_ways=True,
                        parents=(first[at][1], other[at][1]))
    return Renested([" " * indent + x.strip() if x.strip() else ""
                     for (indent, _), x in zip(first, lines, strict=True)])


def _parting(one: list[tuple[int, str]], other: list[tuple[int, str]]) -> int:
    """The first line two readings indent differently (their length: none)."""
    return next((i for i, (a, b) in enumerate(zip(one, other, strict=True)) if a[0] != b[0]),
                len(one))


def _unwound(reading: _Reading, count: int) -> list[tuple[int, str]]:
    """The (indentation, parent) of each line, first line first, from a reading's chain."""
    out: list[tuple[int, str]] = []
    node = reading.out
    while node is not None:
        indent, parent, rest = node
        out.append((indent, parent))
        node = rest  # type: ignore[assignment]
    out.reverse()
    return out[:count]


def renest_leaving_out(lines: list[str], roots: list[str]) -> Renested:
    """`renest`, and where two readings put a line in two places and the line is a key with
    a scalar value (it opens nothing, so no line below hangs on where it goes: `restartPolicy`
    of a container or of its pod, a `name` of the object or of its labels), the lines again
    without it, up to `MAX_LEFT_OUT` such lines (README's re-nesting rule: only what a reading
    that does not need the line shows is read). A line one of whose places is inside a
    probe (`terminationGracePeriodSeconds` of a probe or of its pod) is not left out: the
    probe would be read without a setting the record states, a default standing for it. The
    lines left out are blank in the result
    and named, with why, in `Renested.left_out`; where none can be left out, `renest`'s why."""
    texts = list(lines)
    left: list[tuple[int, str]] = []
    first = nested = renest(texts, roots)
    while nested.lines is None and nested.two_ways and len(left) < MAX_LEFT_OUT and \
            _scalar_key(texts[nested.line]) and not any(
                _PROBE_PATH.search(p) for p in nested.parents):
        left.append((nested.line, nested.why))
        texts[nested.line] = ""
        nested = renest(texts, roots)
    if nested.lines is None:
        return first  # (the lines do not re-nest one way without them either)
    return Renested(nested.lines, left_out=tuple(sorted(left)))


_PROBE_PATH = lazy_regex(r"\.(?:liveness|readiness|startup)Probe\b")


def _scalar_key(text: str) -> bool:
    """Whether a line is `key: value` with a scalar value (no list item, nothing opened)."""
    m = _LINE.match(text.strip())
    return m is not None and not m["item"] and _value(m["value"]) is _Value.SCALAR
