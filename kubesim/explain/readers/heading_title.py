"""A page's title written as a markdown heading: the kubelet's message it quotes.

An issue's title pasted as the record's first line is read as the kubelet's message it is
(the corpus README's title rule, titles35). A page often writes that title as a markdown ATX
heading (`# Readiness probe failed: Get "http://...": dial tcp ...: connection refused`):
the heading's marks (`#` to `######`, then a space) are no part of the message, and are
taken off the first line alone. A `#` line further down is a shell comment or a section's
heading, read by the readers of those (`paste.commented_message`); a first line whose words
after the marks are no kubelet's message (`# kubectl get pods`) is not read here.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.bare import bare_event
from kubesim.explain.readers.model import Note, RecordedEvent, Where

__all__ = ["heading_message"]

# a markdown ATX heading's marks: one to six `#`, then at least one space or tab
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+")


def heading_message(text: str, where: Where) -> tuple[RecordedEvent, Note] | None:
    """The event the kubelet's message a first line's markdown heading holds stands for
    (`bare_event`), the heading's marks taken off; None for a line that is no heading or
    whose words are no kubelet's message."""
    m = _HEADING.match(text)
    if m is None:
        return None
    found = bare_event(text[m.end():], where)
    if found is None:
        return None
    event, note = found
    return event, Note(f"{note.text}; it is the page's title, a markdown heading on its first "
                       "line, read without the heading's marks", note.where)
