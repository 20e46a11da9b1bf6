"""The output edge: every string kubesim writes to a terminal, a log, stderr or a report leaves
through one function of this module per format. Input comes from pull requests in CI (names,
paths, probe paths, messages quoting them), so no value may move a cursor, rewrite a line,
reorder what a reviewer reads, or be taken for a command by the CI runner reading the log.

* text and stderr. `visible(value)` shows every control and invisible character of one value
  (a name, a path, a message) as a visible escape: `\\n`, `\\r`, `\\t`, `\\x1b`, `\\u202e`,
  `\\U000e0041`. That is every character of the Unicode categories Cc (C0 and C1 controls,
  DEL; CR, LF and TAB included: kubesim's own text never uses TAB, so a TAB cannot fake a
  column), Cf (bidi embeddings, overrides and isolates U+202A-202E, U+2066-2069, the marks
  U+200E/U+200F/U+061C, zero-width characters, the byte order mark, tag characters), Zl and Zp
  (U+2028, U+2029) and Cs (lone surrogates, which could not even be encoded). `text(document)`
  is the pass over a whole text output: the same escapes for everything but the newlines that
  make its lines, and the two ways a CI runner reads a log line as a command defused: a line
  that starts (after white space) with `::` has its first colon written `\\u003a`, and `##[`
  anywhere is written `##\\u005b` (GitHub's runner parses both, `actions/runner`
  ActionCommand.TryParseV2 and TryParse). A backslash is not escaped: text is for reading;
  JSON is the exact format.
* JSON and SARIF are exact: `json.dumps` escapes every control and non-ASCII character by
  the format (`\\u202e`), and `text` leaves such a document as it is but for `##[`, whose
  replacement `##\\u005b` is the same string to a JSON reader.
* JUnit XML: `xml_value` is `visible`, which also replaces every character XML 1.0 forbids
  (C0 controls but TAB, LF, CR; lone surrogates), plus U+FFFE and U+FFFF; `xml_document`
  writes `##[` as `##&#91;` (the same text to an XML reader).
* GitHub workflow commands: `workflow_command` escapes the data and each property as the
  runner unescapes them (`%` -> `%25`, CR -> `%0D`, LF -> `%0A`; in properties also `:` ->
  `%3A`, `,` -> `%2C`), after `visible` (an annotation is read by people too). Its result is a
  `WorkflowCommands` text, which `text` passes unchanged: nothing else may start a line with
  `::`.
* HTML: `html.escape` for markup, `visible` for text a person reads (the title; the page's
  script shows every value with the same escapes), `script_json` for the inlined data.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = ["HIDDEN_CATEGORIES", "STREAM_CHUNK", "WorkflowCommands", "one_line", "redraw",
           "script_json", "text", "text_stream", "visible", "workflow_command", "xml_document",
           "xml_value"]

# the Unicode general categories a reader cannot see, or that change what the rest shows
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_PLAIN = re.compile(r"[\x20-\x7e]*")  # printable ASCII: nothing to look at (the usual case)
_MAYBE = re.compile(r"[^\x20-\x7e]")  # a character whose category must be looked up
_XML_NONCHARACTERS = {"\ufffe": "\\ufffe", "\uffff": "\\uffff"}


def _escape(ch: str) -> str:
    if ch in _SHORT:
        return _SHORT[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in HIDDEN_CATEGORIES


def _escape_hidden(value: str, keep: str = "") -> str:
    if _PLAIN.fullmatch(value):
        return value
    return _MAYBE.sub(lambda m: m.group() if m.group() in keep or not _hidden(m.group())
                      else _escape(m.group()), value)


def visible(value: object) -> str:
    """One value for text or stderr: every control and invisible character (newlines
    included) shown as a visible escape, the rest unchanged."""
    return _escape_hidden(str(value))


class WorkflowCommands(str):
    """Text that is GitHub workflow commands, escaped by `workflow_command`: `text` keeps it."""

    __slots__ = ()


_COMMAND_START = re.compile(r"^(\s*):", re.MULTILINE)  # `::` after white space: see _line


def _line(line: str) -> str:
    """One line of a text output, its newline excluded."""
    line = _escape_hidden(line)
    if line.lstrip().startswith("::"):  # the runner trims white space first (TryParseV2)
        line = _COMMAND_START.sub(r"\1\\u003a", line, count=1)
    return line.replace("##[", "##\\u005b")  # TryParse finds `##[` anywhere in a line


def text(document: str) -> str:
    """A whole text output (a report, a table, JSON or XML as text): `visible` for everything
    but its newlines, and no line a CI runner would take for a command. The identity on text
    without control or invisible characters, `::` at a line start or `##[`."""
    if isinstance(document, WorkflowCommands):
        return str(document)
    if _PLAIN.fullmatch(document.replace("\n", "")) and "::" not in document \
            and "##[" not in document:
        return document
    return "\n".join(_line(line) for line in document.split("\n"))


STREAM_CHUNK = 64 * 1024  # characters gathered before `text_stream` passes them on


def text_stream(pieces: Iterable[str]) -> Iterator[str]:
    """`text` over an output written in pieces: whole lines, in chunks of about STREAM_CHUNK
    characters (a command, or `##[`, split across two pieces is still seen; a long run is
    still written as it is formatted), the rest at the end. No piece handed on is longer than
    STREAM_CHUNK: a pipe closed by its reader takes part of one large write silently and says
    so (BrokenPipeError) only at the next write, so writes stay small."""
    pending: list[str] = []
    size = 0
    for piece in pieces:
        if isinstance(piece, WorkflowCommands):  # escaped by their own rules: as they are
            if pending:
                yield from _slices(text("".join(pending)))
            pending, size = [], 0
            yield from _slices(str(piece))
            continue
        pending.append(piece)
        size += len(piece)
        if size < STREAM_CHUNK:
            continue
        joined = "".join(pending)
        cut = joined.rfind("\n") + 1
        if cut:
            yield from _slices(text(joined[:cut]))
        pending, size = [joined[cut:]], len(joined) - cut
    if pending and (rest := "".join(pending)):
        yield from _slices(text(rest))


def _slices(shown: str) -> Iterator[str]:
    """An already neutralised text in pieces of at most STREAM_CHUNK characters."""
    for i in range(0, len(shown), STREAM_CHUNK):
        yield shown[i:i + STREAM_CHUNK]


def one_line(message: str) -> str:
    """A message as one line for stderr (its newlines shown as `\\n`)."""
    return _line(message)


def redraw(line: str) -> str:
    """A progress line redrawn in place on a terminal: kubesim's own carriage return and
    erase-to-end-of-line around the visible line."""
    return "\r" + one_line(line) + "\x1b[K"


# ---------------------------------------------------------------- JUnit XML


def xml_value(value: object) -> str:
    """One value for a JUnit report (attribute or text): `visible`, and U+FFFE/U+FFFF (not
    characters in XML 1.0) escaped too."""
    shown = visible(value)
    for ch, escaped in _XML_NONCHARACTERS.items():
        shown = shown.replace(ch, escaped)
    return shown


def xml_document(document: str) -> str:
    """A serialized XML document with `##[` as `##&#91;`, the same text to an XML reader."""
    return document.replace("##[", "##&#91;")


# ---------------------------------------------------------------- GitHub workflow commands

# actions/runner src/Runner.Common/ActionCommand.cs: _escapeDataMappings and
# _escapePropertyMappings; `%` first, so that an escape in the value stays literal
_DATA = (("%", "%25"), ("\r", "%0D"), ("\n", "%0A"))
_PROPERTY = (*_DATA, (":", "%3A"), (",", "%2C"))


def _gh_escape(value: str, table: tuple[tuple[str, str], ...]) -> str:
    for token, replacement in table:
        value = value.replace(token, replacement)
    return value


def workflow_command(command: str, properties: Mapping[str, object], data: str) -> str:
    """`::command key=value,...::data` with the data and every property value escaped as
    GitHub's runner unescapes them; the values shown with `visible` first. A property value
    is trimmed of white space and left out when empty, as the runner would (it trims the
    properties and drops an empty value)."""
    if not re.fullmatch(r"[a-z][a-z-]*", command):
        raise ValueError(f"not a workflow command name: {command!r}")
    shown = {key: visible(value).strip() for key, value in properties.items()
             if value is not None}
    props = ",".join(f"{key}={_gh_escape(value, _PROPERTY)}"
                     for key, value in shown.items() if value)
    return f"::{command}{' ' + props if props else ''}::{_gh_escape(visible(data), _DATA)}"


# ---------------------------------------------------------------- HTML


def script_json(data: Any) -> str:
    """JSON for a `<script type="application/json">` element: ASCII, and nothing that could
    end the element or open a comment in it (`<`, `>`, `&` as `\\u` escapes)."""
    dumped = json.dumps(data, separators=(",", ":"), sort_keys=False, allow_nan=False)
    return dumped.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
