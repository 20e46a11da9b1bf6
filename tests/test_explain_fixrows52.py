"""Held-out batches 99-103 (fixrows52): rows and tables no reader had.

- A comment a mail client made HTML keeps its runs of spaces as `&nbsp; &nbsp;`: the entity of
  a no-break space is the no-break space the normaliser reads as a space, wherever it stands,
  and a text it marks as a mail's escapes its `&lt;`, `&gt;` and `&amp;` though its quotes stay
  bare (readers/normalise.py `_unescaped`, nebula-operator-108).

Hand-written variants beside each that must stay unread."""

from __future__ import annotations

import pytest
from helpers import explained_answer, read_in_one_pass

from kubesim.explain.model import Cause, CountRange
from kubesim.explain.readers.normalise import plain

# --- a mail's `&nbsp;` ------------------------------------------------------------------------

_MAILED = (
    "[root@node ~]# kubectl get events -n apps\n"
    "LAST SEEN&nbsp; &nbsp;TYPE&nbsp; &nbsp; &nbsp; REASON&nbsp; &nbsp; OBJECT&nbsp; &nbsp; "
    "&nbsp; &nbsp; &nbsp; MESSAGE\n"
    "8m53s&nbsp; &nbsp;Warning&nbsp; &nbsp;PortInUse&nbsp; &nbsp;node/n1&nbsp; &nbsp;can't open port "
    "\"nodePort for apps/web:http\" (:31544/tcp4), skipping it\n"
    "31s&nbsp; &nbsp; &nbsp; &nbsp; &nbsp;Warning&nbsp; &nbsp;BackOff&nbsp; &nbsp;pod/web-0"
    "&nbsp; &nbsp;Back-off restarting failed container\n")


@pytest.mark.parametrize(("text", "want"), [
    # a mail's column spaces, named and numbered, beside a message's bare quotes
    ('LAST SEEN&nbsp; &nbsp;TYPE\nopen port "a"\n', 'LAST SEEN   TYPE\nopen port "a"\n'),
    ('31s&#160;&#160;Warning&#xA0;&#xa0;BackOff "a"\n', '31s  Warning  BackOff "a"\n'),
    # beside a bare quote (a mail's escaper leaves quotes), its `&lt;` and `&amp;` are its own
    ('Node:&nbsp; &nbsp;&lt;none&gt;\nMessage: can\'t open port "a&amp;b"\n',
     'Node:   <none>\nMessage: can\'t open port "a&b"\n'),
])
def test_a_mails_no_break_spaces_are_spaces(text: str, want: str) -> None:
    assert plain(text) == want


@pytest.mark.parametrize(("text", "kept"), [
    # a bare `<none>` beside them: the text is not an escaped one, its `&amp;` stays
    ("Node:&nbsp; &nbsp;<none>\nLabels:  a=b&amp;c\n", "a=b&amp;c"),
    # no `&nbsp;`: a bare quote keeps the text unescaped, as before
    ('Message:  "a&lt;b"\n', "&lt;b"),
    # no entity without its semicolon, and an escaped entity's text is the text
    ("LAST SEEN&nbspTYPE\n", "&nbspTYPE"),
    ("Node:  <none>\nMessage:  &amp;nbsp; is an entity\n", "&amp;nbsp;"),
])
def test_what_is_no_mails_escape_stays(text: str, kept: str) -> None:
    assert kept in plain(text)


def test_an_events_table_with_a_mails_column_spaces_is_read() -> None:
    """The table whose column spaces are `&nbsp;` is read as its table: one BackOff row of
    the pod, no probe, the ends untold (README, the back-off rule)."""
    a = explained_answer(_MAILED, pod="web-0")
    assert (a.cause, a.failed, a.probe_kills, a.shows_failures) == \
        (Cause.CANNOT_TELL, (), CountRange(0, None), True)


@pytest.mark.parametrize("text", [
    "&nbsp; " * 300_000 + "\n",
    "&#160" * 350_000 + "\n",
    "&nbsp;" * 340_000 + '"\n',
])
def test_the_entities_read_a_long_line_in_one_pass(text: str) -> None:
    """Hostile input: 2 MB lines of the entities' characters, read in one pass."""
    read_in_one_pass(text)
