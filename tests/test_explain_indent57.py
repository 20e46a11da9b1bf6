"""speed57: a paste's shared indentation taken off as `textwrap.dedent` does, without its cost.

`shared_indent.dedented` is `textwrap.dedent` (which compiles a pattern of the indentation
every line shares: a 2 MB one for a line indented by 2 MB, over half of such a paste's
reading), `shared_indent.common_prefix` is `os.path.commonprefix` (a character at a time in
Python: a tenth of it).
"""

from __future__ import annotations

import os
import textwrap

from hypothesis import given
from hypothesis import strategies as st

from kubesim.explain.readers.shared_indent import common_prefix, dedented

_BLANKS = st.lists(st.sampled_from([" ", "\t", "\n", "\r", "\x0b", "\u3000", "a", "b", "  ",
                                    "\n\n", "\t "]), max_size=30).map("".join)


@given(_BLANKS)
def test_dedented_is_textwrap_dedent(text: str) -> None:
    assert dedented(text) == textwrap.dedent(text)


@given(st.lists(st.text(alphabet=[" ", "\t", "a"], max_size=8), max_size=5))
def test_common_prefix_is_os_commonprefix(strings: list[str]) -> None:
    assert common_prefix(strings) == os.path.commonprefix(strings)


def test_a_long_shared_indentation_is_taken_off() -> None:
    """2 MB of shared indentation: the same text as `textwrap.dedent`'s."""
    text = " " * 2_000_000 + "x\n" + " " * 2_000_000 + "  y\n"
    assert dedented(text) == "x\n  y\n"
