"""What a refused page tells, said in its refusal: a page explain reads nothing of may still
speak of a probe, a kill or a restart in a sentence none of the prose readers takes as the
case's own (a bare `Containers`, a guide's present, a conditional). The refusal then names
that line and its words, so the user learns that kubesim saw them and cannot tell whose they
are, rather than only which formats it reads (issue 30: "cannot tell, because ...")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["ToldLine", "told_line"]

# the kubelet's words of a container's fate and its probes, as authors write them (English,
# and the restart's word in the languages the corpus holds most of); no nested repetition:
# one pass over a 2 MB line stays linear
_FATE = lazy_regex(
    r"\b(?:(?P<probe>liveness|readiness|startup)(?:\s*-?\s*probes?\b|Probe)"
    r"|(?P<kill>kill(?:s|ed|ing)?|OOM-?Killed|OOM)\b"
    r"|(?P<restart>restart(?:s|ed|ing)?|re-?started|crash(?:es|ed|ing)?(?:-?loop\w*)?"
    r"|CrashLoop\w*|back-?off)\b"
    r"|(?P<other>evicted|exit\s+code)\b)"
    r"|(?P<intl>重启|재시작|再起動|перезапуск\w*|Neustart\w*)",
    re.IGNORECASE)

_EXCERPT = 72  # characters of the line quoted in the one-line refusal

# `_FATE`'s first match in ASCII text is looked for at these words only: every match holds one
# of them in either case, starting at most `_FATE_LEAD` characters after the match's start
# (liveness, readiness, startup's `start`, kill, OOM, crash, CrashLoop's `crash`, back-off's
# `back`, evicted and exit at 0; restart's and re-started's `start` at 2 or 3, Neustart's at
# 3; its other words, in Chinese, Korean, Japanese and Russian, are not ASCII, and no ASCII
# character matches one under IGNORECASE). In ASCII text, `re.IGNORECASE` matches an ASCII
# letter exactly where `str.lower` makes the two the same: the lowered text holds the word
# where the match holds it. A 2 MB line with none of them is a few `str.find`s, not `_FATE`
# tried at each of its characters (its `\b` first and IGNORECASE leave `re` no prefix to skip
# to); a line holding many of them where `_FATE` does not match (`skill skill ...`) is read
# by `_FATE` from the last place tried after `_FATE_TRIES` of them (speed59)
_FATE_WORDS = ("liveness", "readiness", "start", "kill", "oom", "crash", "back", "evicted",
               "exit")
_FATE_LEAD = 3
_FATE_TRIES = 64


class ToldLine(NamedTuple):
    """The first line of a refused page that speaks of a container's fate: its 1-based
    number, what it speaks of (`a liveness probe, a kill`), and its start, quoted."""
    number: int
    speaks_of: str
    excerpt: str


# a path's end: a file's extension, maybe with a line's (and a column's) `:N` after it
# (`configure-liveness-readiness-startup-probes.md:93`, `prober.go:42`)
_FILE_END = lazy_regex(r"\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d{1,9}){0,2}$")
_WINDOW = 256  # characters looked at either side of a word for the path holding it
_MARKS = ".,;:!?()[]{}<>'\"`*"  # a sentence's or markdown's marks around a path


def _in_path(text: str, at: int) -> bool:
    """Whether the word at `at` is part of a path (a file's, a URL's): the run of characters
    around it up to a space (within `_WINDOW`), the marks around it taken off, is a URL
    (`://`), a path of several parts (two slashes or more), one from a root (`/`, `./`,
    `~/`), or ends in a file's extension, a `:N` line number maybe after it. A path names a
    file, whatever its words say: no sentence speaking of a probe or an end (a review
    thread's `content/.../startup-probes.md:93` heading its diff; stop 59, fx59g). One slash
    between words is a sentence's (`liveness/readiness probes failed`)."""
    left = text[max(0, at - _WINDOW):at]
    head = "" if not left or left[-1].isspace() else left.split()[-1]
    right = text[at:at + _WINDOW]
    token = (head + (right.split(None, 1)[0] if right.strip() else "")).strip(_MARKS)
    return "://" in token or token.count("/") >= 2 or token.count("\\") >= 2 or \
        token.startswith(("/", "./", "../", "~/")) or _FILE_END.search(token) is not None


def _told(text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
    """The words of fate in `text[pos:endpos]` that are no part of a path (`_in_path`)."""
    for match in _FATE.finditer(text, pos, len(text) if endpos is None else endpos):
        if not _in_path(text, match.start()):
            yield match


def told_line(text: str) -> ToldLine | None:
    """The first line of `text` holding a word of a probe or of a container's end, no part of
    a path, or None. One pass over the whole text finds it; only that line is looked at
    again."""
    first = _first_told(text)
    if first is None:
        return None
    start = text.rfind("\n", 0, first.start()) + 1
    end = text.find("\n", first.start())
    line = text[start:end if end >= 0 else len(text)]
    at = first.start() - start
    return ToldLine(text.count("\n", 0, start) + 1, _speaks_of(line, at),
                    _quoted(line, at))


def _first_fate(text: str) -> re.Match[str] | None:
    """`_FATE.search(text)`: in ASCII text, tried only where a match may start, a little
    before each place of a word of `_FATE_WORDS` in turn (no match starts before `start`:
    the places before it were tried, and a place farther than `_FATE_LEAD` before the next
    word holds no word where a match of its would)."""
    if not text.isascii():  # (IGNORECASE matches `\u212a` to k, `\u017f` to s: no lowering)
        return _FATE.search(text)
    low = text.lower()
    places = {word: low.find(word) for word in _FATE_WORDS}
    start = 0
    for _ in range(_FATE_TRIES):
        found = [at for at in places.values() if at >= 0]
        if not found:
            return None
        at = min(found)
        for place in range(max(start, at - _FATE_LEAD), at + 1):
            if (m := _FATE.match(text, place)) is not None:  # (`\b` sees text[place - 1])
                return m
        start = at + 1
        places = {w: low.find(w, start) if p == at else p for w, p in places.items()}
    return _FATE.search(text, start)


def _first_told(text: str) -> re.Match[str] | None:
    """`next(_told(text), None)`: the first word of fate found fast (`_first_fate`), and
    where it is a path's, the rest of the words in turn after it (`_told`, one pass)."""
    first = _first_fate(text)
    if first is None or not _in_path(text, first.start()):
        return first
    return next(_told(text, first.end()), None)


def _speaks_of(line: str, at: int) -> str:
    """The kinds of words the line holds (from its first such word on, at `at`, 4000
    characters at most: a 2 MB line is not scanned twice; a path's words left out), in a
    fixed order: probes by kind, then kills, restarts and the rest."""
    probes: list[str] = []
    kinds: list[str] = []
    for match in _told(line, at, at + 4000):
        if match.group("probe"):
            word = f"a {match.group('probe').lower()} probe"
            probes += [word] if word not in probes else []
        else:
            kind = _KIND_WORDS[next(k for k in _KIND_WORDS if match.group(k))]
            kinds += [kind] if kind not in kinds else []
    return ", ".join(probes + sorted(kinds, key=list(_KIND_WORDS.values()).index))


_KIND_WORDS = {"kill": "a kill", "restart": "a restart or crash", "other": "an end",
               "intl": "a restart or crash"}


def _quoted(line: str, at: int) -> str:
    """The line around its first word of fate (`at`): from the line's start where that word
    is near it, else from a little before the word, its whitespace runs made one space, cut
    at `_EXCERPT` characters, each cut shown by an ellipsis (the error edge neutralises what
    it prints)."""
    begin = 0 if at < _EXCERPT // 2 else at - _EXCERPT // 3
    words = " ".join(line[begin:begin + _EXCERPT * 4].split())
    words = words if len(words) <= _EXCERPT else words[:_EXCERPT - 1] + "…"
    return ("…" + words) if begin else words
