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
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyPattern", "lazy_regex"]


class LazyPattern:
    """`re.compile(pattern, flags)`, made on the first search (the methods readers call)."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now, the first time)."""
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize
               ) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize
              ) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                  ) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

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


def lazy_regex(pattern: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    """`re.compile(pattern, flags)` on the pattern's first search (the name is as long as
    `re.compile`: a pattern's continuation lines keep their place)."""
    return LazyPattern(pattern, flags)
