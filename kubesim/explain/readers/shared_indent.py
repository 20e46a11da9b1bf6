"""A text without the indentation all its lines share, and the longest prefix strings share:
`textwrap.dedent`'s and `os.path.commonprefix`'s answers, made in time a 2 MB indentation
does not stretch.

`textwrap.dedent` takes the shared indentation off with `re.sub(r'(?m)^' + margin, ...)`: a
line indented by a 2 MB run of spaces (a hostile paste, or a page's spaces run long) compiles
a 2 MB pattern, over half of such a paste's reading (speed57). `os.path.commonprefix` compares
its strings a character at a time in Python: 2 MB of spaces, a tenth of the reading.
`dedented` and `common_prefix` give the same answers (property tests hold them to
`textwrap.dedent` and `os.path.commonprefix`).
"""

from __future__ import annotations

__all__ = ["common_prefix", "dedented"]


def common_prefix(strings: list[str]) -> str:
    """The longest prefix every one of `strings` starts with ("" for none): that of the
    least and the greatest of them (as `os.path.commonprefix` finds it: a string between
    two in order shares the prefix they share), found by halving the length looked at (each
    try one `startswith`, at memory speed) rather than a character at a time."""
    if not strings:
        return ""
    least, greatest = min(strings), max(strings)
    if greatest.startswith(least):
        return least
    shared, differs = 0, len(least)  # least[:shared] is shared, least[:differs] is not
    while differs - shared > 1:
        middle = (shared + differs) // 2
        if greatest.startswith(least[:middle]):
            shared = middle
        else:
            differs = middle
    return least[:shared]


def dedented(text: str) -> str:
    """`textwrap.dedent(text)`: its lines (parted at `\\n`, as its patterns' `^` and `$`
    part them) of spaces and tabs alone made empty, the other lines without the longest run
    of spaces and tabs they all start with (`common_prefix` of their indentations: the
    prefix `dedent` narrows its margin to, line by line)."""
    lines = text.split("\n")
    indents = []
    for i, line in enumerate(lines):
        words = line.lstrip(" \t")
        if not words:  # (an empty line stays one: nothing of it is indentation)
            lines[i] = ""
            continue
        indents.append(line[:len(line) - len(words)])
    margin = len(common_prefix(indents))
    return "\n".join(x[margin:] for x in lines) if margin else "\n".join(lines)
