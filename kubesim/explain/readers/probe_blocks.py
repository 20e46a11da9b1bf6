"""A container's probes as whole blocks in YAML that does not parse (the corpus README's rules:
probe settings the record shows, at fixprose53).

A Deployment's pod template pasted from a Helm template (`imagePullPolicy: {{
.Values.image.pullPolicy }}` unquoted: a flow mapping as a key, which YAML refuses), its
probes one column off their siblings (`livenessProbe:` at column 9 under `ports:` at 8, the
readiness probe's last keys one column short of its `httpGet`): the document does not parse,
but each probe is a whole block, its key (`livenessProbe:`) then only lines indented deeper
than it, each one of the Probe's own fields, its handler or the handler's fields (core/v1
Probe, ProbeHandler). Those keys are put back under the one they belong to by their names
(flattened.reindent_probes: the Pod API makes the nesting unambiguous), as probe YAML whose
indentation a paste lost is; the document's other lines are not read. A block holding any
other key, a probe's kind twice, or a document naming several containers (`- name:` items:
whose probe is which cannot be told) is no such block: nothing is read from it, as before.
"""

from __future__ import annotations

from kubesim.explain.readers.flattened import HANDLER_FIELDS, PROBE_FIELDS, PROBE_KEYS
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["probe_block_lines"]

_KEY = lazy_regex(r"^(?P<indent>[ \t]*)(?P<key>[A-Za-z]+):(?P<value>[ \t]*(?:#.*)?|[ \t].*)$")
_ITEM = lazy_regex(r"^[ \t]*- ")
_NAME_ITEM = lazy_regex(r"^[ \t]*- name:")
_BLOCK_KEYS = PROBE_FIELDS | set(HANDLER_FIELDS) | {k for keys in HANDLER_FIELDS.values()
                                                     for k in keys}


def probe_block_lines(lines: list[str]) -> list[int] | None:
    """The indices of `lines` that make a container's probes as whole blocks (a probe's key
    with no value on its line, then only lines deeper than it, each a key of the probe's, of
    its handler's, or a command's item); None without one, with a block holding another key,
    a probe's kind twice, or several containers named (`- name:` items)."""
    if sum(1 for x in lines if _NAME_ITEM.match(x)) > 1:
        return None
    at: list[int] = []
    kinds: set[str] = set()
    depth = -1  # the probe key's indentation while in a block, else -1
    for i, text in enumerate(lines):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        indent = len(text) - len(text.lstrip(" \t"))
        if depth >= 0 and indent > depth:
            m = _KEY.match(text)
            if not ((m is not None and m["key"] in _BLOCK_KEYS) or _ITEM.match(text)):
                return None
            at.append(i)
            continue
        m = _KEY.match(text)
        depth = -1
        if m is not None and m["key"] in PROBE_KEYS and not m["value"].split("#")[0].strip():
            if m["key"] in kinds:
                return None
            kinds.add(m["key"])
            depth = indent
            at.append(i)
    return at or None
