"""An HTML tag that opens an indented line keeps the line's indentation (nexus53).

nexus-operator-191 is a `<details>` block whose summary line is indented by one space
(` <summary>Click to expand</summary>`), then a fence of an `echo` of a Nexus CR (its own
nested fields indented 2 to 6 spaces) piped to `kubectl apply`, then `get pods -w` rows. Pasted
as a 4-space code block (test_explain_wrappers.py's `indent` wrapper), every line starts with
the block's 4 spaces, the summary line with 5: but taking the tags glued to a line's content
off (readers/normalise.py `_unglued`) took the spaces before them too, so the summary line
stood at column 0, the paste seemed not indented as a whole (`_dedented` looks for the 4 spaces
or the tab every line shares), and every line kept 4 spaces more than the bare record's: its
CR read as no document, lines 6-24 "not read" together where the bare record lists line 6,
lines 7-23 (a document without a pod, an event or a probe) and line 24 (a latent failure of
test_what_is_not_read_is_listed_at_the_same_lines under `indent`).

The indentation before a tag that opens a line is the line's: kept, so a paste indented as a
whole is seen so on every line, the tag lines too. Variants kept as they are: a paste whose
lines do not all share 4 spaces or a tab (mixed indentation, a tag line at column 0 in an
indented paste), whose own lines are indented less than a code block's 4 spaces."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from helpers import read_in_one_pass
from test_explain_corpus import FACTS, REAL
from test_explain_wrappers import WRAPPERS, indented, unread

from kubesim.explain.readers.normalise import plain

_NEXUS = ("nexus-operator-191.comment-details-echo-nexus-cr-pipe-apply-then-get-pods-w-old-pod-"
          "running-1-new-pod-pending-to-running-cut.txt")


@pytest.mark.parametrize("variant", [0, 1])
def test_nexus_operator_191_indented_lists_the_lines_the_bare_record_lists(variant: int) -> None:
    """Under 4 spaces or a tab, the CR is the same document without a pod, lines 7-23."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / _NEXUS
        path.write_text(WRAPPERS["indent"][variant]((REAL / _NEXUS).read_text(encoding="utf-8")),
                        encoding="utf-8", newline="")
        assert unread(path, FACTS[_NEXUS]) == unread(REAL / _NEXUS, FACTS[_NEXUS])


_CR = ("```\n$ echo \"kind: Nexus\n"
       "metadata:\n  name: nexus3\nspec:\n  resources:\n    limits:\n      memory: 2Gi\n"
       "  volumes:\n    - name: data\n      emptyDir: {}\" | kubectl apply -f -\n```\n")
# the record's own indentation under the tags: a summary line indented by one space or two,
# a `<pre>` glued to an indented first line, the tags' lines among nested lists
_SHAPES = [
    "<details>\n <summary>Click to expand</summary>\n\n" + _CR + "</details>\n",
    "<details>\n  <summary>Events</summary>\n\n" + _CR + "</details>\n",
    "  <pre><code>Name:   web-0\n  Containers:\n    web:\n      - a\n  </code></pre>\n",
    "<details><summary>CR</summary>\n\n" + _CR + "\n  <p>applied</p>\n</details>\n",
]


@pytest.mark.parametrize("indent", ["    ", "\t"])
@pytest.mark.parametrize("text", _SHAPES)
def test_a_paste_indented_as_a_whole_is_its_own_text_with_tags_on_indented_lines(
        text: str, indent: str) -> None:
    """A markdown code block (4 spaces or a tab on every line) of a paste whose own lines
    carry HTML tags after their own indentation: made plain, the paste's own lines."""
    assert plain(indented(text, indent)) == plain(text)


def test_the_indentation_before_a_tag_that_opens_a_line_is_the_line_s() -> None:
    assert plain("   <pre><code>Name:   web-0\n") == "   Name:   web-0\n"
    assert plain("\t<summary>Events</summary>\n") == "\tEvents\n"


# what must stay as it is: lines that do not all share a code block's 4 spaces or its tab
@pytest.mark.parametrize(("text", "kept"), [
    # a tag line at column 0 in an otherwise indented paste: not indented as a whole
    ("<summary>Pod</summary>\n    Name:   web-0\n    Status: Running\n", "    Name:   web-0"),
    # mixed indentation: a line with 2 spaces beside lines with 4
    ("  <summary>Pod</summary>\n    Name:   web-0\n    Status: Running\n", "    Name:   web-0"),
    # a tab on one line, spaces on the others: no indentation every line shares
    ("\t<summary>Pod</summary>\n    Name:   web-0\n    Status: Running\n", "    Name:   web-0"),
    # less than a code block's 4 spaces on every line: the record's own (a piece of describe)
    ("  <pre>Containers:\n    web:\n      Restart Count:  3\n", "    web:"),
])
def test_indentation_not_shared_by_every_line_is_kept(text: str, kept: str) -> None:
    assert kept + "\n" in plain(text)


@pytest.mark.parametrize("line", [
    " " * 2_000_000 + "<summary>Events</summary>",
    " " * 2_000_000 + "<pre>" * 10 + "x",
    "\t " * 1_000_000 + "<code " + "a" * 100 + ">x",
    " " + "<summary>" * 250_000 + "x",
    " " * 2_000_000,
])
def test_a_long_line_opening_with_tags_is_read_in_one_pass(line: str) -> None:
    """Hostile input: 2 MB of the indentation and the tags the rule reads."""
    plain(line + "\n" + line + "\n")
    read_in_one_pass(line + "\n")
