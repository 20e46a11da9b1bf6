"""The kubelet's messages pasted under describe's `Events:` label without their rows' columns:
a summary an author wrote in describe's words (`Events: Liveness probe failed: context
deadline exceeded  (x4 over 2m8s)`, then `Container app failed liveness probe, will be
restarted` on the next line, indented under it).

A message is read where its words are the kubelet's (`bare.bare_reason`, the one rule that
reads a `REASON  MESSAGE` row, `event_layouts.headerless_cells`, and a message pasted alone,
`bare.bare_event`): its reason inferred from them, said so, at least once where no count
follows it. A count in describe's form after the message (`(x4 over 2m8s)`, the Age column's
`(xN over M)` put at the row's end) is the number of times it happened (`CountBasis.STATED`);
its times are not read (the span is the first occurrence's age; the last one's is not given).
Any other text after the label (`Events: <none>` is describe's own, `Events: see below`, a
sentence) is no message, and is not read here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from kubesim.explain.readers.bare import bare_event, bare_reason
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import CountBasis, Note, RecordedEvent, Where

__all__ = ["LabelledMessage", "labelled_message", "message_alone"]

# `Events:` and text on the same line (describe prints the label alone, its table below)
_LABELLED = re.compile(r"^(?P<indent>[ \t]*)Events:[ \t]+(?P<message>\S.*)$")
# describe's count, `(x4 over 2m8s)`, at the end of the message (looked for from its last `(x`)
_COUNT = lazy_regex(r"\(x(?P<count>[1-9][0-9]{0,8}) over (?P<span>[0-9][0-9a-z.]{0,30})\)[ \t]*$")


class LabelledMessage(NamedTuple):
    """A kubelet's message after describe's `Events:` label: the label's indentation, and
    the message's text."""

    indent: int
    message: str


def labelled_message(line: str) -> LabelledMessage | None:
    """`Events:` followed on its line by a kubelet's message (its words the kubelet's for
    one reason, `bare_reason`); None for the label alone and any other text after it."""
    m = _LABELLED.match(line)
    if m is None or bare_reason(_uncounted(m["message"])[0]) is None:
        return None
    return LabelledMessage(len(m["indent"]), m["message"])


def message_alone(text: str, where: Where) -> tuple[RecordedEvent, Note] | None:
    """The event a kubelet's message alone on its line stands for (`bare_event`), with the
    count in describe's form after it where there is one; None for any other text."""
    message, count = _uncounted(text)
    found = bare_event(message, where)
    if found is None or count is None:
        return found
    event = replace(found[0], count=count, count_basis=CountBasis.STATED)
    return event, Note(f"line {where.line}: an event's message alone: its reason "
                       f"({event.reason}) is inferred from its words; the count after it "
                       f"(x{count}) is how many times it happened, when is not recorded", where)


def _uncounted(text: str) -> tuple[str, int | None]:
    """The message without describe's count after it, and that count (None: none)."""
    at = text.rfind("(x")
    m = _COUNT.match(text, at) if at > 0 and text[at - 1] in " \t" else None
    if m is None:
        return text.strip(), None
    return text[:at].strip(), int(m["count"])
