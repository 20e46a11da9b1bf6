"""A kubelet's message an author quotes inside the prose of a line (written at fixquoted64,
README's rules): in double quotes (`get error "Readiness probe failed: dial tcp ...:
connection refused" and ...`), in markdown's emphasis (`_Readiness probe failed: ..._`), or
after a sentence on the same line (`... as startup probe is failing.  Startup probe failed:
dial tcp ...`, `具体信息如下：Readiness probe failed: Get http://...`), or after a verb of
showing or saying and a blank or two (`describe the pod shows  Liveness probe failed: HTTP
probe failed with statuscode: 404`, fixrows52c: what the case's describe shows, README's
fixmd49 rule of what the pod's describe, events or logs say or show).

The message is read where it opens with the kubelet's own words (`Liveness probe failed:`,
`Readiness probe failed:`, `Startup probe failed:`, prober.go; `Back-off restarting failed
container`, kuberuntime_container.go), as that message alone (`bare.bare_event`): at least
once, no time. Between quotes or emphasis marks the message ends at the closing mark, so a
probe's detail may be any (an exec probe prints the command's own words, R2.14), and a back-off
message may be cut before its last word (`"Back-off restarting failed"`); after a sentence,
with no closing mark, a probe's detail must be the prober's own words (as `paste`'s sentence
rule asks) and the message runs to its sentence's end. A sentence that asks, negates, says
what may happen (a guide's `you may see "..."`, a conditional), a search for the words, and a
log line of an application quoting them state none.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from kubesim.explain.readers.bare import bare_event
from kubesim.explain.readers.hedges import HEDGES
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import Note, RecordedEvent, Where
from kubesim.explain.readers.present_kill import ended_for
from kubesim.explain.readers.stated_cause import NEGATED
from kubesim.explain.readers.stated_kill import kill_lines

__all__ = ["quoted_message", "quoted_read", "quoted_text"]

# the kubelet's own words opening the message; a back-off message's last word may be cut; the
# pod workers' refusal of a start (1.2-1.9's FailedSync: `Error syncing pod, skipping: failed
# to "StartContainer" for "master" with CrashLoopBackOff: "Back-off 20s restarting failed
# container=master pod=..."`, pod_workers.go; fc55k, continuous-deployment-on-kubernetes-82) is
# read between marks only: its words after the colon are no prober's
_WORDS = lazy_regex(r"(?:Liveness|Readiness|Startup) probe failed: ?"
                    r"|Back-off restarting failed(?P<whole> container\b)?"
                    r"|(?P<sync>Error syncing pod, skipping: failed to \"StartContainer\" for \")")
# the prober's own words after the colon, where no closing mark ends the message (paste.py's
# `_PROSE_PROBE`: an HTTP GET's error, its status code, a dial, a gRPC error)
_PROBER = lazy_regex(r"Get \"?https?://|HTTP probe failed with statuscode: \d|dial tcp "
                     r"|rpc error: |(?:timeout|error): failed to connect service "
                     r"|timeout: health rpc did not complete |error: health rpc probe failed: "
                     r"|service unhealthy \(responded with ")
# the opening marks: a double quote, or markdown's emphasis (`_`, `*`, `__`, `**`), after the
# line's start, a blank or a punctuation mark of the sentence; and the marks closing each
_OPENING = {"**": "**", "__": "__", '"': '"\u201d', "\u201c": '"\u201d', "*": "*", "_": "_",
            "'": "'\u2019", "\u2018": "'\u2019"}
# (a code span's backtick may stand right before a quote's opening mark: `'...'`, fixquoted74)
_OPENED_AFTER = "(:\uff1a,`"
# how each opening mark quotes
_HOW = {**dict.fromkeys(("**", "__", "*", "_"), "in markdown's emphasis"),
        **dict.fromkeys(('"', "\u201c"), "in double quotes"),
        **dict.fromkeys(("'", "\u2018"), "in single quotes")}
# a sentence's end, or a colon, just before the message: it opens its own sentence
_AFTER_SENTENCE = lazy_regex(r"(?:[.!?:][ \t]{1,8}|[\u3002\uff01\uff1f\uff1a][ \t]{0,8})$")
# a verb of showing or saying, then one or two blanks, just before the message (`describe the
# pod shows  Liveness probe failed: ...`): the paste's doubled blank after a word of prose; a
# word and more blanks is a table's column (paste.py's `_PROSE_PROBE`)
_AFTER_SHOWING = lazy_regex(r"(?<![A-Za-z])(?i:shows|showed|showing|says|said)[ \t]{1,2}$")
# a closing mark's next character: a blank, a punctuation mark of the sentence, the line's end
_CLOSED = r"(?=[\s.,;!?)`\uff0c\u3002]|$)"
# a sentence's start and end (a Chinese or Japanese full stop ends one too)
_SENTENCE_START = lazy_regex(r"[.!?](?=\s)|[\u3002\uff01\uff1f]")
_SENTENCE_END = lazy_regex(r"[.!?](?=\s|$)|[\u3002\uff01\uff1f]")
# the message's own sentence ends after it where no closing mark does (paste.py's)
_MESSAGE_END = lazy_regex(r"\.(?=\s+[A-Z]|\s*$)")
# what may or would happen, a guide's or a conditional (`you may see "..."`, `if ...`; 如果,
# if; 可能, may; 是否, whether)
_MAY = lazy_regex(r"(?<![A-Za-z])(?i:" + HEDGES + r"|will|e\.g|example)(?![A-Za-z])"
                  r"|\u5982\u679c|\u53ef\u80fd|\u662f\u5426")
# a search for the words, not their occurrence (`I searched for "..."`, `googling "..."`)
_SEARCH = lazy_regex(r"(?<![A-Za-z])(?i:search\w*|googl\w*|query|queried|looked up)(?![A-Za-z])")
# an application's log line quoting the words: its time or level first, or its fields
_APP_LOG = lazy_regex(r"[ \t]*(?:\[?\d{4}-\d{2}-\d{2}|\[?\d{2}:\d{2}:\d{2}|\{"
                      r"|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b)")
# a log line's fields (`pod=... ns=...`, `{kubelet}`) before a message no mark closes (paste.py's
# `_NOT_PROSE`)
_FIELDS = lazy_regex(r"[={}<>|]")
_PLACES = 16  # the places of the kubelet's words looked at on a line at most (one pass)


class Quoted(NamedTuple):
    """Where a quoted message's words start and end on the line, and how it was quoted."""

    start: int
    end: int
    how: str


def quoted_message(text: str, where: Where) -> tuple[RecordedEvent, Note] | None:
    """The first kubelet's message the line quotes in its prose (the module's docstring), as
    that message alone, and the note saying how it was quoted; None without one."""
    found = _first_quoted(text, where)
    return None if found is None else found[0]


def _first_quoted(text: str, where: Where
                  ) -> tuple[tuple[RecordedEvent, Note], Quoted] | None:
    """`quoted_message`'s event and note, and where the message was quoted; None without."""
    for m, quoted in _quotes(text):
        found = _event(text[quoted.start:quoted.end], m["whole"] is None and
                       m[0].startswith("Back"), where)
        if found is not None:
            event, note = found
            return (event, Note(f"{note.text}; it was quoted {quoted.how} in the author's "
                                "prose, the prose's other words not read", note.where)), quoted
    return None


def quoted_read(text: str, where: Where) -> list[tuple[RecordedEvent, Note]]:
    """`quoted_message`'s event, and, where the message quoted is a liveness or startup probe's
    failure given as the stated cause of the case's container's or pod's end told right before
    it (present_kill.ended_for: `Found Loki pod crashed with error:  "Liveness probe failed:
    ..."`, loki-605; fc57a), one kill of that probe beside it (R4.4), as paste's sentence form
    reads it (fc55r). Empty without a message."""
    found = _first_quoted(text, where)
    if found is None:
        return []
    read, quoted = found
    kind = text[quoted.start:quoted.end].split(None, 1)[0]
    if not ended_for(text, quoted.start, kind):
        return [read]
    kill = bare_event(kill_lines(kind.lower())[1], where)
    return [read] + ([] if kill is None else [(kill[0], Note(
        f"line {where.line}: the end told right before the quoted {kind.lower()} probe's "
        "failure (`" + text[max(0, quoted.start - 60):quoted.start].strip()[-60:] + "`): the "
        "failure its stated cause, read as one kill of that probe (R4.4), at least once, no "
        "count", where))])


def quoted_text(text: str) -> str | None:
    """The first kubelet's probe message the line quotes in its prose, as its text alone (a
    line holding a statement read apart, runs.py, keeps it so); None without one."""
    return next((text[q.start:q.end].strip() for m, q in _quotes(text)
                 if not m[0].startswith("Back") and m["sync"] is None), None)


def _quotes(text: str) -> list[tuple[re.Match[str], Quoted]]:
    """The kubelet's words the line quotes in a sentence that states them, where each is."""
    found = []
    for m in _places(text):
        quoted = _delimited(text, m) or _after_sentence(text, m) or _after_showing(text, m)
        if quoted is not None and not _unread(text, quoted):
            found.append((m, quoted))
    return found


def _places(text: str) -> list[re.Match[str]]:
    """The kubelet's words on the line, the first `_PLACES` of them."""
    found: list[re.Match[str]] = []
    if " probe failed:" not in text and "Back-off restarting failed" not in text and \
            "Error syncing pod" not in text:
        return found  # (the words looked for first: `_WORDS` is tried at every place)
    for m in _WORDS.finditer(text):
        found.append(m)
        if len(found) == _PLACES:
            break
    return found


def _delimited(text: str, m: re.Match[str]) -> Quoted | None:
    """The message between an opening mark just before the kubelet's words and its closing
    mark (the first one a blank, a sentence's mark or the line's end follows); a back-off
    message without its last word only where the closing mark follows the words at once."""
    at = m.start()
    mark = next((k for k in _OPENING if text.startswith(k, at - len(k)) and at >= len(k)), None)
    if mark is None:
        return None
    before = at - len(mark)
    if before > 0 and not (text[before - 1].isspace() or text[before - 1] in _OPENED_AFTER):
        return None
    closing = re.compile("[" + re.escape(_OPENING[mark]) + "]" + ("" if len(mark) == 1 else
                                                                   re.escape(mark[1:])) + _CLOSED)
    close = closing.search(text, m.end())
    if close is None:
        return _unclosed(text, m, _HOW[mark])
    if m[0].startswith("Back") and m["whole"] is None and close.start() != m.end():
        return None
    return Quoted(at, close.start(), _HOW[mark])


def _unclosed(text: str, m: re.Match[str], how: str) -> Quoted | None:
    """A probe's message whose opening mark no mark closes on the line (the paste cut inside
    the quote, fixquoted74): read as after a sentence, only with the prober's own words after
    its colon, to its own sentence's end or the line's."""
    if m[0].startswith("Back") or _PROBER.match(text, m.end()) is None:
        return None
    end = _MESSAGE_END.search(text, m.end(), m.end() + 2000)
    return Quoted(m.start(), end.start() if end else min(len(text), m.end() + 2000),
                  f"{how}, no mark closing it on its line")


def _after_sentence(text: str, m: re.Match[str]) -> Quoted | None:
    """The message after a sentence's end or a colon on the same line, to its own sentence's
    end: a probe's with the prober's own words after its colon, a back-off's whole."""
    at = m.start()
    if at == 0 or not _AFTER_SENTENCE.search(text[max(0, at - 10):at]) or \
            _FIELDS.search(text, 0, at):  # (a log line's fields before it: no sentence)
        return None
    if m[0].startswith("Back") and m["whole"] is None or \
            not m[0].startswith("Back") and _PROBER.match(text, m.end()) is None:
        return None
    end = _MESSAGE_END.search(text, m.end(), m.end() + 2000)
    return Quoted(at, end.start() if end else min(len(text), m.end() + 2000),
                  "after a sentence on its line")


def _after_showing(text: str, m: re.Match[str]) -> Quoted | None:
    """A probe's message after a verb of showing or saying (`_AFTER_SHOWING`), with the
    prober's own words after its colon, to its own sentence's end: what the case's describe,
    events or logs show (README's fixmd49 rule), whatever blanks the paste doubled before it
    (pulsar-helm-chart-501, fixrows52c)."""
    at = m.start()
    if m[0].startswith("Back") or not _AFTER_SHOWING.search(text[max(0, at - 12):at]) or \
            _FIELDS.search(text, 0, at) or _PROBER.match(text, m.end()) is None:
        return None
    # (to its sentence's end, a question's mark too: `_unread` weighs the sentence after it)
    end = _SENTENCE_END.search(text, m.end(), m.end() + 2000)
    return Quoted(at, end.start() if end else min(len(text), m.end() + 2000),
                  "after a verb of showing on its line")


def _unread(text: str, quoted: Quoted) -> bool:
    """Whether the quote's sentence states no occurrence: an application's log line, a
    question, a negation before the quote in its clause, what may happen, or a search."""
    if _APP_LOG.match(text):
        return True
    low = max(0, quoted.start - 2000)
    starts = [s.end() for s in _SENTENCE_START.finditer(text, low, quoted.start)]
    start = starts[-1] if starts else low
    stop = _SENTENCE_END.search(text, quoted.end, quoted.end + 2000)
    end = stop.start() if stop is not None else min(len(text), quoted.end + 2000)
    clauses = [c.end() for c in re.finditer(r"[,;:\uff0c\uff1a]", text[start:quoted.start])]
    return (stop is not None and text[stop.start()] in "?\uff1f") or \
        NEGATED.search(text, start + (clauses[-1] if clauses else 0), quoted.start) is not None \
        or _MAY.search(_own_words(text, start, quoted.start)) is not None \
        or _MAY.search(_own_words(text, quoted.end, end)) is not None \
        or _SEARCH.search(text, start, quoted.start) is not None


# another message the author quotes in double quotes beside it (`and then "Pod sandbox
# changed, it will be killed and re-created."`: the kubelet's words, fc57c)
_OTHER_QUOTE = lazy_regex(r"[\"\u201c][^\"\u201c\u201d\n]{1,2000}[\"\u201d]")


def _own_words(text: str, start: int, end: int) -> str:
    """The author's own words of text[start:end], a quote's closing mark at its start skipped
    and each other message quoted in double quotes blanked: a `will` or `may` inside the
    kubelet's own message quoted next (SandboxChanged's `it will be killed and re-created`) is
    no word of what may happen."""
    if text[start:start + 1] in ('"', "\u201d"):
        start += 1
    return _OTHER_QUOTE.sub(lambda q: " " * len(q[0]), text[start:end])


def _event(message: str, cut: bool, where: Where) -> tuple[RecordedEvent, Note] | None:
    """The message alone (`bare_event`); a back-off message cut before its last word is read
    as the whole one, its text as written."""
    if not cut:
        return bare_event(message, where)
    found = bare_event(message.rstrip() + " container", where)
    if found is None:
        return None
    event, note = found
    return replace(event, message=message.strip(), truncated=True), \
        Note(f"{note.text}; its last word cut", note.where)
