"""JSON members whole on their line: a piece of a document pasted from its middle.

An author quotes a member of a pod's JSON, its value whole on the line
(`"terminated":{"exitCode":137,"reason":"OOMKilled"}`, a `,` after it where the document went
on, or the object's next members after it): the members of an object, as `"lastState": {`
opening one over several lines is (paste.py's `_MEMBER`). It is known by its first key, then
an object or a list, the whole line reading as one JSON object once put in braces; a line
whose first value is a string, a number or a literal is no such piece (prose quotes those:
`"reason": "Error"`).
"""

from __future__ import annotations

import json
import re

__all__ = ["whole_member"]

# the key, its colon, and the value's opening bracket (names as paste.py's `_MEMBER`)
_OPENS = re.compile(r'^[ \t]*"(?:[^"\\]|\\.){1,253}"[ \t]*:[ \t]*[\[{]')
# a paste's line is a few kilobytes; past this, not a member quoted alone (no JSON read)
_MAX_CHARS = 1_000_000


def whole_member(text: str) -> bool:
    """Whether the line is JSON members whose first value, an object or a list, closes on it
    (`__doc__`): `{` + the line + `}` is one JSON object (one pass of json.loads)."""
    if len(text) > _MAX_CHARS or not _OPENS.match(text):
        return False
    body = text.strip()
    body = body[:-1] if body.endswith(",") else body
    try:
        value = json.loads("{" + body + "}")
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict)
