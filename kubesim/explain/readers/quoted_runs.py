"""A quote's run of lines inside a paste of other lines (a PR comment quoting a CI console's
timestamped lines between its sentences, llm-d-fast-model-actuation-703: `> 2026-08-11T17:08:
45.9070309Z 5m49s  Warning  Unhealthy  pod/...`): a Markdown block quote is the run of
consecutive lines that start with `>` (CommonMark: a blank line ends it), so the run is a
block of its own, whose wrappers every line of it carries (a CI console's time) are known by
its lines alone, as a whole paste's are (normalise.py's layers). The quote's `>` and the
wrapper under it are taken off that run's lines, only where such a wrapper is found (a quote of
plain lines is left to the paste's reading, which takes the `>` off each line); the
sentences around it keep theirs. One pass over the block, each run peeled once."""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["peel_quoted_runs"]

# a quote's line: up to three spaces, `>` (CommonMark's block quote marker), one space or none
_QUOTED = re.compile(r"^ {0,3}> ?")


def peel_quoted_runs(block: list[str], inner: Callable[[list[str]], list[str] | None]
                     ) -> list[str] | None:
    """The block with each run of two quoted lines or more whose lines, the quote taken off,
    carry a wrapper (`inner` peels it) unwrapped of both; None where no run has one, or where
    the whole block is one quote (normalise.py's `_quoted` peels a whole block)."""
    out, changed, i = list(block), False, 0
    quoted = [bool(_QUOTED.match(x)) for x in block]
    if all(q or not x.strip() for q, x in zip(quoted, block, strict=True)):
        return None
    while i < len(block):
        if not quoted[i]:
            i += 1
            continue
        end = i
        while end < len(block) and quoted[end]:
            end += 1
        peeled = inner([_QUOTED.sub("", x, count=1) for x in block[i:end]]) \
            if end - i >= 2 else None
        if peeled is not None:
            out[i:end], changed = peeled, True
        i = end
    return out if changed else None
