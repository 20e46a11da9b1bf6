"""A page of prose, made plain once (`told.told_alone`), with what several of its readers each
read of it made once: its lines, the numbers of its command lines, its lines with the
indentation a page shares taken off, the lines under an `Expected` heading.

The readers of a page of prose alone (stated_crashloop.py, stated_restart.py and the end
readers that share its rule, stated_apart.py) each skip the page's command lines, known from
the page normalised (normalise.py); three of them read its lines dedented. One page is read
by each in turn: the page is normalised and dedented once, not once per reader (a 2 MB line's
normalising and dedenting were a third of its reading, speed53). The page lives for one
record's reading: nothing is kept past it.
"""

from __future__ import annotations

from functools import cached_property

from kubesim.explain.readers.normalise import LineKind, normalise
from kubesim.explain.readers.sections import aside_lines
from kubesim.explain.readers.shared_indent import dedented

__all__ = ["ProsePage"]


class ProsePage:
    """A page of prose made plain (`text`), and what its readers read of it, each made the
    first time one of them asks."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """The page's lines, as they are."""
        return tuple(self.text.split("\n"))

    @cached_property
    def commands(self) -> frozenset[int]:
        """The (1-based) numbers of the page's command lines (`$ kubectl get pods`): a
        command's shell comment is a note on the command, not the author's telling."""
        return frozenset(x.number for x in normalise(self.text) if x.kind is LineKind.COMMAND)

    @cached_property
    def flat(self) -> tuple[str, ...]:
        """The page's lines with the indentation they all share taken off (the headings of a
        page indented whole)."""
        return tuple(dedented(self.text).split("\n"))

    @cached_property
    def expected(self) -> frozenset[int]:
        """The numbers of the lines under a heading of what the change does, how it was
        checked or what the author expected (`sections.aside_lines`, of the lines dedented)."""
        return frozenset(aside_lines(self.flat))
