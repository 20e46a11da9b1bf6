"""Where a piece of a pod's YAML pasted above a describe ends: at the describe's first line.

A page pastes a container's `state:` from `kubectl get pod -o yaml`, then a describe's
`Exit Code:` and its `Events:` table, the whole indented alike (zadig-84): the YAML piece's
lines run on while they are indented, so the describe's lines were read as the piece's and
the paste held nothing explain reads. A line no Kubernetes object's YAML has ends the piece
there: a describe field whose key holds a space (`Exit Code:`, `Last State:`, `Restart
Count:`, `Container ID:`: describe's keys are words; the API's fields are camelCase, never
spaced), or describe's `Events:` header (no API object has a field `Events`; an event list's
key is `items`). A mapping's own keys (labels, annotations, a ConfigMap's data) are read by
the object's reader; a key with a space there is quoted or under a field that is none of
describe's, and a piece that is a pod's status holds none.
"""

from __future__ import annotations

import re

from kubesim.explain.readers.describe import CONTAINER_KEYS, POD_KEYS, STATE_KEYS

__all__ = ["starts_describe"]

# describe's keys written as words with a space (`Exit Code`), and `Events`
_SPACED = frozenset(k for k in POD_KEYS | CONTAINER_KEYS | STATE_KEYS if " " in k)
_FIELD = re.compile(r"^[ \t]*(?P<key>[A-Z][A-Za-z]*(?: [A-Za-z]+){1,3}):(?:[ \t]|$)")
_EVENTS = re.compile(r"^[ \t]*Events:[ \t]*(?:<none>[ \t]*)?$")


def starts_describe(text: str) -> bool:
    """Whether a line inside a YAML piece is a describe's instead (module docstring): a
    spaced describe field, or the `Events:` header."""
    if _EVENTS.match(text):
        return True
    m = _FIELD.match(text)
    return m is not None and m["key"] in _SPACED
