"""A manifest a web page printed as a numbered listing, each line's number run into the line
and the indentation lost in the copy (`1apiVersion: v1`, `2kind: Pod`, `4 name: my-app`,
`7 - name: app`): the numbers are the page's, not the manifest's. A run of lines whose numbers
count up by one, line by line (`1`, `2`, `3`, ...; a snippet may start at any number), is read
without them where what is left is a flattened manifest of a workload kind (`renest.
flattened_manifest`: every line at column 0, its kind at the top), which the paste's reader
then re-nests by the object's structure (renest.py), as any manifest that lost its
indentation.

An editor's numbers with a separator (`12 | `, `12: `) on every line of a block are
normalise's (`_numbered`); a numbered prose list (`1. Check the logs`), numbers that do not
count up line by line, and a run that is no manifest once they are gone stay as they are.
One pass: each line is matched once, and each run weighed once at its end.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from kubesim.explain.readers.model import Note, Where
from kubesim.explain.readers.normalise import LineKind, PasteLine
from kubesim.explain.readers.renest import flattened_manifest

__all__ = ["Unnumbered", "listing_notes", "unnumbered"]

# the page's number, then the line: run into it (`1apiVersion`, a key's first character), or
# after blanks (`4 name: my-app`, the indentation the copy folded); a number alone is a blank
# line of the listing
_NUMBERED = re.compile(r"^(?P<number>\d{1,6})(?:[ \t]*$|[ \t]+(?P<spaced>\S.*)$"
                       r"|(?P<glued>[A-Za-z_\"'#-].*)$)")


class Listing(NamedTuple):
    """A numbered listing read without its numbers: its first and last line."""

    first: int
    last: int


class Unnumbered(NamedTuple):
    """The paste's lines, each numbered listing's without its numbers, and those listings."""

    lines: list[PasteLine]
    listings: list[Listing]


class _Run:
    """Lines whose numbers count up by one so far: their indexes and their texts unnumbered,
    and the number the next line of the run carries."""

    __slots__ = ("at", "next_number", "texts")

    def __init__(self) -> None:
        self.at: list[int] = []
        self.texts: list[str] = []
        self.next_number = -1

    def add(self, i: int, text: str, number: int) -> None:
        self.at.append(i)
        self.texts.append(text)
        self.next_number = number + 1


def unnumbered(lines: list[PasteLine]) -> Unnumbered:
    """`lines` with each numbered listing of a flattened manifest read without its numbers
    (the module's docstring); every other line as it is."""
    out, listings = list(lines), []
    run = _Run()
    for i, line in enumerate(lines):
        m = _NUMBERED.match(line.text) if line.kind is LineKind.CONTENT else None
        number = int(m["number"]) if m is not None else -1
        if run.at and (number != run.next_number
                       or lines[run.at[-1]].number != line.number - 1):
            listings += _strip(out, run)
            run = _Run()
        if m is not None:
            run.add(i, m["spaced"] or m["glued"] or "", number)
    listings += _strip(out, run) if run.at else []
    return Unnumbered(out, listings)


def _strip(out: list[PasteLine], run: _Run) -> list[Listing]:
    """The run's lines without their numbers, where what is left is a flattened manifest."""
    if not flattened_manifest(run.texts):
        return []
    for i, text in zip(run.at, run.texts, strict=True):
        out[i] = replace(out[i], text=text,
                         kind=LineKind.CONTENT if text.strip() else LineKind.BLANK)
    return [Listing(out[run.at[0]].number, out[run.at[-1]].number)]


def listing_notes(listings: list[Listing], source: str) -> list[Note]:
    """What the reader did with each numbered listing, said once each."""
    return [Note(f"lines {x.first}-{x.last} are a numbered listing (a page's line numbers run "
                 "into its lines): read without the numbers", Where(source, x.first))
            for x in listings]
