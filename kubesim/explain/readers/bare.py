"""An event's message pasted alone: `Liveness probe failed: HTTP probe failed with
statuscode: 500` in inline code, or as the message field of a log line of another tool's
making (`{"t": ..., "m": "Readiness probe failed: ", "z": "spec.containers{app}"}`).

The kubelet writes these messages in few shapes (pkg/kubelet/prober/prober.go,
kuberuntime_container.go, the dockershim's `Killing container with id`), so the reason is
inferred from the words: an inference, said so in a note, never a fact. Such an event has no
time the record states and happened at least once (`CountBasis.AT_LEAST`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kubesim.explain.readers.event_layouts import BareReason, bare_reason, event_type
from kubesim.explain.readers.event_rows import (
    container_of_field_path,
    init_field_path,
    strip_combined,
)
from kubesim.explain.readers.model import (
    UNKNOWN_STAMP,
    CountBasis,
    Note,
    RecordedEvent,
    Stamp,
    Where,
)
from kubesim.explain.readers.times import parse_rfc3339
from kubesim.explain.readers.waiting_back_off import waiting_back_off

__all__ = ["BareReason", "bare_event", "bare_json_event", "bare_reason", "bracketed_message"]



def bare_event(message: str, where: Where, *, when: Stamp = UNKNOWN_STAMP,
               container: str | None = None) -> tuple[RecordedEvent, Note] | None:
    """The event a message alone stands for, and the note saying what was inferred."""
    message, combined = _uncombined(_unquoted(_unbracketed(message)))
    message = waiting_back_off(message) or message  # a waiting state's (waiting_back_off.py)
    reason = bare_reason(message)
    if reason is None:
        return None
    event = RecordedEvent(event_type(reason), reason.value,
                          message.strip(), 1, when, when, where, container=container,
                          count_basis=CountBasis.AT_LEAST, combined=combined)
    note = Note(f"line {where.line}: an event's message alone: its reason ({reason.value}) is "
                "inferred from its words; it happened at least once"
                + ("" if when.known else ", when is not recorded"), where)
    return event, note


def _unquoted(message: str) -> str:
    """The message a pair of double quotes wraps (`"Killing container with id ...:Need to kill
    Pod"`, pasted as a string the way a log or an API field shows it), when what they wrap is a
    kubelet's message; else `message` as it is (a message may itself end in a quote)."""
    text = message.strip()
    inner = text[1:-1]
    if len(text) > 2 and text[0] == text[-1] == '"' and _quotes_its_own(inner) and \
            bare_reason(_uncombined(message)[0]) is None and \
            bare_reason(_uncombined(inner)[0]) is not None:
        return inner
    return message


def _quotes_its_own(inner: str) -> bool:
    """Whether the double quotes inside a quoted message, if any, are its own: the kubelet
    writes a probe's result as `<Probe> probe errored: <detail>` (prober.go), and only the
    detail, the runtime's or the command's own words, quotes (`exec: "curl -f ...": stat
    ...`), so a quote before the message's first `: ` closes the string and opens another
    (`"Liveness probe failed" or "Readiness probe failed"`, a list of two)."""
    at = inner.find('"')
    return at < 0 or 0 <= inner.find(": ") < at


def _uncombined(message: str) -> tuple[str, bool]:
    """The message without the event aggregator's `(combined from similar events): ` prefix
    (client-go's events_cache.go writes it before the message of a series of similar events
    merged into one), and whether it had one: any kubelet's message may follow it."""
    return strip_combined(message.strip())


def bracketed_message(text: str) -> bool:
    """Whether `text` is a kubelet's message a pair of square brackets wraps, the whole line
    (`[Readiness probe failed:]`, set apart the way a log viewer or an author shows one
    event's message): that message alone, not a JSON list. What the brackets wrap holds no
    bracket and no double quote (`["a"]` is JSON, `[INFO] Liveness probe failed` a log's
    level, `[...]` a cut, `[x]` a check box) and is a kubelet's message by its words
    (`bare_reason`); a link (`[text](url)`) does not end in its bracket."""
    text = text.strip()
    inner = text[1:-1]
    return len(text) > 2 and text[0] == "[" and text[-1] == "]" and \
        not any(c in inner for c in '[]"') and bare_reason(inner) is not None


def _unbracketed(message: str) -> str:
    """The message square brackets wrap (`bracketed_message`); else `message` as it is."""
    return message.strip()[1:-1] if bracketed_message(message) else message


def bare_json_event(obj: Any, where: Where) -> tuple[RecordedEvent, Note] | None:
    """A JSON line of another tool's making whose one message is a kubelet's: its time (an
    RFC 3339 value) and container (a `spec.containers{...}` value) come along."""
    if not isinstance(obj, dict) or "kind" in obj:
        return None
    values = [v for v in obj.values() if isinstance(v, str)]
    message = next((v for v in values if bare_reason(v) is not None), None)
    if message is None:
        return None
    when = next((s for v in values if (s := parse_rfc3339(v)) is not None), UNKNOWN_STAMP)
    container = next((c for v in values if (c := container_of_field_path(v))), None)
    found = bare_event(message, where, when=when, container=container)
    if found is None or not any(init_field_path(v) for v in values):
        return found
    return replace(found[0], init=True), found[1]
