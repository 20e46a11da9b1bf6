"""JSON cut short, read as far as it is well formed (issue 30 item 1).

People paste a piece of a document: from the middle of an object (`"oom-test": {"state":
...`), or cut where the page, the terminal or their patience stopped (mid-object, mid-string).
`parse_fragment` reads such a text token by token and keeps every key/value pair that is
complete before the cut: an object or a list left open at the cut is closed there, a pair cut
in its key or its value is dropped, and the lines it dropped are reported (the caller lists
them as `not read: line N`). A text that begins inside an object (`"key": value` first) is
read as the members of an object.

Bounded as the strict reader (`kubesim.files.load_json`): nesting deeper than MAX_DEPTH, an
integer beyond 64 bits, a duplicate key or a number beyond a float stops the reading there
(what follows is not read); a text over MAX_FRAGMENT_CHARS is not read at all. The reader
keeps an explicit stack of the open objects and lists: no recursion, however deep the text.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.files import MAX_DEPTH, MAX_INT_DIGITS

__all__ = ["MAX_FRAGMENT_CHARS", "Fragment", "parse_fragment"]

# a pasted piece of a pod's status is a few kilobytes; a megabyte is far beyond any paste
MAX_FRAGMENT_CHARS = 1_000_000

_TOKEN = lazy_regex(r'[ \t\r\n]*(?:(?P<string>"(?:[^"\\\n]|\\.){0,100000}")'
                    r"|(?P<number>-?(?:0|[1-9]\d{0,400})(?:\.\d{1,400})?(?:[eE][+-]?\d{1,4})?)"
                    r"(?![\w.])|(?P<literal>true|false|null)\b|(?P<punct>[{}\[\]:,]))")
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}


@dataclass(slots=True)
class _Open:
    """An object or a list not closed yet, and where its next member stands."""

    value: dict[str, Any] | list[Any]
    line: int
    key: str | None = None  # an object's key read, its value not yet
    colon: bool = False  # the `:` after that key read
    member: bool = False  # a member read since the last `,` (a `,` or the end may follow)


@dataclass(slots=True)
class Fragment:
    """What a cut JSON text holds up to where it stops being well formed.

    `data`: the value read (an object for a text that begins with `"key": ...`); `lines`:
    the 1-based line of each object and list opened, by its path in `data`; `read_to`: the
    last line whose tokens were all read; `unread`: the lines holding tokens not read;
    `closed`: how many objects and lists were left open at the cut (closed there; the object
a text that begins inside one is read as is not counted); `why`:
    why the reading stopped before the end ("" when it went to the end)."""

    data: Any
    lines: dict[tuple[str | int, ...], int] = field(default_factory=dict)
    read_to: int = 0
    unread: list[int] = field(default_factory=list)
    closed: int = 0
    why: str = ""
    inside: bool = False  # the text begins inside an object (its members, closed at its end)
    # the 1-based line of each object and list closed by its own `}` or `]`, by its path (one
    # left open at the cut, closed there, is not among them)
    ends: dict[tuple[str | int, ...], int] = field(default_factory=dict)


class _Stop(Exception):
    """The text stops being well formed here."""


class _Parser:
    def __init__(self, text: str, first_line: int) -> None:
        self.text, self.first_line = text, first_line
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.stack: list[_Open] = []
        self.paths: list[tuple[str | int, ...]] = []
        self.lines: dict[tuple[str | int, ...], int] = {}
        self.ends: dict[tuple[str | int, ...], int] = {}
        self.root: Any = None
        self.done = False  # the root value is complete
        self.good = first_line - 1  # the last line read to its end
        self.line = first_line
        self.inside = False

    def line_at(self, offset: int) -> int:
        return self.first_line + bisect_right(self.starts, offset) - 1

    def run(self) -> tuple[int, str]:
        """Read tokens up to the end or the first that does not fit; (offset, why)."""
        pos = 0
        if re.match(r'[ \t\r\n]*"(?:[^"\\\n]|\\.){0,100000}"[ \t\r\n]*:', self.text):
            self.open({}, 0)  # the text begins inside an object: its members
            self.inside = True
        while pos < len(self.text):
            m = _TOKEN.match(self.text, pos)
            if m is None:
                rest = self.text[pos:].strip()
                return pos, "" if not rest else "a string cut short" if rest[0] == '"' \
                    else f"{rest[:20]!r} is not JSON"
            self.line = self.line_at(m.end() - 1)
            if m["number"] is not None and m.end() == len(self.text) and self.stack:
                return m.start(), "a number cut short"  # `10` cut to `1` looks whole
            try:
                self.token(m)
            except _Stop as exc:
                return m.start(), str(exc)
            pos = m.end()
        return pos, ""

    def token(self, m: re.Match[str]) -> None:
        if self.done and not self.stack:
            raise _Stop("more after the value")
        punct = m["punct"]
        if punct in ("{", "["):
            self.open({} if punct == "{" else [], m.start("punct"))
        elif punct in ("}", "]"):
            self.close(punct)
        elif punct == ":":
            self.colon()
        elif punct == ",":
            self.comma()
        else:
            self.scalar(m)

    def open(self, value: dict[str, Any] | list[Any], offset: int) -> None:
        if len(self.stack) >= MAX_DEPTH:
            raise _Stop(f"nests deeper than {MAX_DEPTH} levels")
        path = self.place(value)
        self.stack.append(_Open(value, self.line_at(offset)))
        self.paths.append(path)
        self.lines[path] = self.line_at(offset)

    def close(self, punct: str) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or isinstance(top.value, dict) != (punct == "}") or \
                top.key is not None or top.colon:
            raise _Stop(f"{punct!r} closes nothing open here")
        self.stack.pop()
        self.ends[self.paths.pop()] = self.line
        self.good = self.line
        self.done = not self.stack

    def colon(self) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.key is None or top.colon:
            raise _Stop("':' out of place")
        top.colon = True

    def comma(self) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or not top.member:
            raise _Stop("',' out of place")
        top.member = False
        self.good = self.line

    def scalar(self, m: re.Match[str]) -> None:
        top = self.stack[-1] if self.stack else None
        if m["string"] is not None and top is not None and isinstance(top.value, dict) \
                and top.key is None:
            if top.member:
                raise _Stop("a key without ',' before it")
            top.key = _string(m["string"])
            if top.key in top.value:
                raise _Stop(f"duplicate key {top.key[:40]!r} in one object")
            return
        self.place(_scalar(m))
        self.good = self.line

    def place(self, value: Any) -> tuple[str | int, ...]:
        """Put a value where the open object or list expects one; its path."""
        top = self.stack[-1] if self.stack else None
        if top is None:
            if self.done:
                raise _Stop("more after the value")
            self.root, self.done = value, True
            return ()
        if isinstance(top.value, list):
            if top.member:
                raise _Stop("a value without ',' before it")
            top.value.append(value)
            top.member = True
            return (*self.paths[-1], len(top.value) - 1)
        if top.key is None or not top.colon:
            raise _Stop("a value without its key")
        key, top.key, top.colon, top.member = top.key, None, False, True
        top.value[key] = value
        return (*self.paths[-1], key)


def _string(token: str) -> str:
    try:
        value = json.loads(token)
    except ValueError:
        raise _Stop("a string JSON does not allow") from None
    assert isinstance(value, str)
    return value


def _scalar(m: re.Match[str]) -> Any:
    if m["string"] is not None:
        return _string(m["string"])
    if m["literal"] is not None:
        return _LITERALS[m["literal"]]
    text = m["number"]
    if re.fullmatch(r"-?\d+", text):
        if len(text.lstrip("-")) > MAX_INT_DIGITS or not -(2**63) <= int(text) < 2**63:
            raise _Stop("an integer beyond 64 bits")
        return int(text)
    value = float(text)
    if not math.isfinite(value):
        raise _Stop("a number beyond a float")
    return value


def parse_fragment(text: str, first_line: int = 1) -> Fragment | None:
    """The value a JSON text holds up to where it stops being well formed, its first line
    numbered `first_line`; None when nothing in it is (or it is over MAX_FRAGMENT_CHARS)."""
    if len(text) > MAX_FRAGMENT_CHARS:
        return None
    parser = _Parser(text, first_line)
    stop, why = parser.run()
    if parser.root is None:
        return None
    last = parser.line_at(max(len(text.rstrip()) - 1, 0))
    rest = len(text) - len(text[stop:].lstrip())  # where the first token not read starts
    cut_at = parser.line_at(rest) if rest < len(text) else last + 1
    starts = [*parser.starts, len(text)]
    unread = [n for n in range(min(parser.good + 1, cut_at), last + 1)
              if text[starts[n - first_line]:starts[n - first_line + 1]].strip()]
    return Fragment(parser.root, parser.lines, parser.good, unread,
                    len(parser.stack) - parser.inside, why, parser.inside, parser.ends)
