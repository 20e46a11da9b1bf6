"""A reader's regular expression compiled on its first use.

`kubesim explain` imports every reader as it starts, and a module's `re.compile` runs as the
module is imported: each process pays for compiling every pattern of every reader, although a
record reaches few of them (a reader's patterns past its gate, one language's words of many).
`lazy_regex` (`re.compile`'s arguments) makes a `LazyPattern`, compiled when it is first
searched, and then as `re.compile` made it (the same pattern, the same flags, `re`'s own cache):
a record that never reaches it never pays for it. Its text (`pattern`) is there without
compiling, for patterns built from others.

Used where it pays: a pattern costly to compile (a long alternation, many languages' words)
that most records never reach (the corpus's records and the shipped examples, counted when
this was written); a pattern every record searches stays `re.compile`d.

A pattern may carry gates (`gates=`): patterns every match of it holds a match of, looked for
first in the same stretch (`pos`, `endpos`). A gate is a part the pattern cannot match
without (`(?i:liveness|readiness|startup)[ \t]*(?i:probe)` of a sentence stating a probe's
failure), written with the pattern's own words and flags, so that where a gate finds nothing
the pattern finds nothing either: a search that would try a long alternation at each of a
window's characters (tens of microseconds on a kubelet's log line holding the anchor words
the window is opened around) is one scan of a short one (speed57). Each gate's comment says
why every match holds it; test_explain_speed57 holds the gated and ungated searches equal on
strings each pattern matches.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyPattern", "lazy_regex"]


class _Gate:
    """A gate's pattern, and where it matches in the last string it was asked of: the
    readers search one line with several gated patterns, each in several stretches (around
    each of its anchor words), and patterns share gates; the line is scanned once a gate.
    A string longer than `_SPANNED` is searched stretch by stretch (a hostile line's few
    stretches, not its every character)."""

    __slots__ = ("regex", "seen", "spans")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self.seen: str | None = None
        self.spans: list[tuple[int, int]] = []

    def open(self, string: str, pos: int, endpos: int) -> bool:
        """Whether the gate may match within string[pos:endpos]: a match of its in the
        stretch, or, of a string scanned whole, one of its matches overlapping the stretch.
        (Scanned whole, the gate's matches part the string leftmost first; a match within
        the stretch starting at s is one the scan would find from any place before s, so the
        scan's match that passes s starts at s or before it and ends after it: it overlaps
        the stretch. Gates have no lookaround or anchor: a match within the stretch is one
        in the whole string.)"""
        if len(string) > _SPANNED:
            return self.regex.search(string, pos, endpos) is not None
        if string is not self.seen:
            self.spans = [m.span() for m in self.regex.finditer(string)]
            self.seen = string
        return any(start < endpos and end > pos for start, end in self.spans)


_SPANNED = 20_000
_GATES: dict[tuple[str, int], _Gate] = {}  # a gate's pattern and flags: the one `_Gate`


def _gate(pattern: str, flags: int | re.RegexFlag) -> _Gate:
    """The one `_Gate` of the pattern and flags (patterns sharing a gate share its scan)."""
    key = (pattern, int(flags))
    if key not in _GATES:
        _GATES[key] = _Gate(re.compile(pattern, flags))
    return _GATES[key]


# the letters a word of `words=` may hold: an ASCII letter but i, k and s matches only its
# own two cases under `re`'s IGNORECASE (a dotless i and a dotted capital I match i, the Kelvin
# sign k, a long s s; test_explain_gates57 checks every character), so the lowered string
# holds the word where a `(?i:...)` of it matched
_WORD_LETTERS = frozenset("abcdefghjlmnopqrtuvwxyz")
_LOWERED: list[str | None] = [None, None]  # the last string asked of, and its lower case


def _lowered(string: str) -> str | None:
    """The string in lower case, its characters where the string's are (None where one
    lowers to more than one: a dotted capital I); the last string's kept (one line, many
    searches)."""
    if string is not _LOWERED[0]:
        low = string.lower()
        _LOWERED[0], _LOWERED[1] = string, low if len(low) == len(string) else None
    return _LOWERED[1]


class LazyPattern:
    """`re.compile(pattern, flags)`, made on the first search (the methods readers call);
    `gates`: patterns (compiled with `flags` too) each match of it holds a match of, looked
    for first by `search`, `match` and `fullmatch` (a match lies within `pos` and `endpos`,
    and so does the gate's part of it); `words`: words every match holds in either case (a
    `(?i:...)` of the pattern's), of `_WORD_LETTERS`, looked for before the gates in the
    stretch lowered (`str.find`, at memory speed)."""

    __slots__ = ("_compiled", "_gated", "_gates", "flags", "gates", "pattern", "words")

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0,
                 gates: tuple[str, ...] = (), words: tuple[str, ...] = ()) -> None:
        if any(not w or set(w) - _WORD_LETTERS for w in words):
            raise ValueError(f"a gate's word holds a letter other than {_WORD_LETTERS}")
        self.pattern = pattern
        self.flags = flags
        self.gates = gates
        self.words = words
        self._gated = bool(gates or words)
        self._compiled: re.Pattern[str] | None = None
        self._gates: tuple[_Gate, ...] = ()

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now, the first time)."""
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def _gate_scans(self) -> tuple[_Gate, ...]:
        """The gates' scans (compiled the first time a stretch is looked at: a pattern whose
        words are nowhere is never compiled, nor are its gates)."""
        if len(self._gates) != len(self.gates):
            self._gates = tuple(_gate(g, self.flags) for g in self.gates)
        return self._gates

    def _shut(self, string: str, pos: int, endpos: int) -> bool:
        """Whether a word or a gate is not in the stretch: the pattern can match nothing
        there (`re` reads a negative `pos` or `endpos` as 0, `str.find` from the end)."""
        pos, endpos = max(pos, 0), max(endpos, 0)
        low = _lowered(string) if self.words else None
        if low is not None and any(low.find(w, pos, endpos) < 0 for w in self.words):
            return True
        return not all(g.open(string, pos, endpos) for g in self._gate_scans())

    def nowhere(self, string: str) -> bool:
        """Whether a word or a gate is nowhere in the string: no stretch of it holds a match
        (a gate has no lookaround or anchor: its match within a stretch is one in the whole
        string), so a caller searching it stretch by stretch need not begin (speed59)."""
        # (the pattern itself is not compiled to tell: a record holding none of its words
        # never pays for it, start-up included)
        return self._gated and self._shut(string, 0, len(string))

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize
               ) -> re.Match[str] | None:
        compiled = self._compiled or self.compiled()  # (compiled: no call)
        return None if self._gated and self._shut(string, pos, endpos) else \
            compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize
              ) -> re.Match[str] | None:
        compiled = self._compiled or self.compiled()  # (compiled: no call)
        return None if self._gated and self._shut(string, pos, endpos) else \
            compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                  ) -> re.Match[str] | None:
        compiled = self._compiled or self.compiled()  # (compiled: no call)
        return None if self._gated and self._shut(string, pos, endpos) else \
            compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                 ) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str,
            count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)


def lazy_regex(pattern: str, flags: int | re.RegexFlag = 0, gates: tuple[str, ...] = (),
               words: tuple[str, ...] = ()) -> LazyPattern:
    """`re.compile(pattern, flags)` on the pattern's first search (the name is as long as
    `re.compile`: a pattern's continuation lines keep their place); `gates` and `words`:
    parts every match of it holds, looked for first (the module's docstring)."""
    return LazyPattern(pattern, flags, gates, words)
