"""A `get pods` row's cells taken by its header's column names, not their place: kubectl's
two-word column names joined (`NOMINATED NODE`, `READINESS GATES`: printPod's `-o wide`), each
cell one word (kubectl prints `<none>` for an empty one) but RESTARTS, which may carry its last
restart's age (`7 (5m ago)`). One splitter for every header by names: a header kubectl's
default pattern does not match (pods_table.row_by_header) and one its author trimmed of STATUS
(trimmed_pods.trimmed_row).
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.times import AGE_PATTERN

__all__ = ["Cells", "cells_by_name", "joined_names"]

_TWO_WORDS = {("NOMINATED", "NODE"), ("READINESS", "GATES")}
_AGO_OPEN = lazy_regex(rf"\((?:{AGE_PATTERN})")


class Cells(NamedTuple):
    """The cells by column name, and how many of the row's words they took."""

    by_name: dict[str, str]
    taken: int


def joined_names(words: list[str]) -> list[str]:
    """A header's words as its column names, kubectl's two-word names joined."""
    names: list[str] = []
    for word in words:
        if names and (names[-1], word) in _TWO_WORDS:
            names[-1] = f"{names[-1]} {word}"
        else:
            names.append(word)
    return names


def cells_by_name(words: list[str], names: tuple[str, ...]) -> Cells | None:
    """The row's words as one cell a name, in the header's order (RESTARTS with its `(AGE
    ago)`), or None when the row has fewer words than the header has names."""
    cells: dict[str, str] = {}
    at = 0
    for name in names:
        if at >= len(words):
            return None
        cell, at = words[at], at + 1
        if name == "RESTARTS" and at + 1 < len(words) and _AGO_OPEN.fullmatch(words[at]) \
                and words[at + 1] == "ago)":
            cell, at = f"{cell} {words[at]} {words[at + 1]}", at + 2
        cells[name] = cell
    return Cells(cells, at)
