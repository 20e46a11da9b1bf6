"""A probe given as JSON in a paste: a container's `"livenessProbe": {...}` or
`"startupProbe": {...}` object out of `kubectl get pod -o json`, or a pull request's
description showing the probe it changes (`{"startupProbe": {"failureThreshold": 3, ...}}`),
read as the same probe in YAML is (JSON is a subset of YAML: the probe YAML reader's rules,
paste.py `_probes`).

An author's JSON is often cut, or misses a closing brace (grpc-32875: `{`, then the probe's
object, whose own braces close, and no `}` for the outer object). What parses is read: a JSON
value that parses whole is handed to the probe YAML reader as it is, where it holds a probe's
key (a JSON of anything else, an error knowledge base's entry whose strings quote a probe's
message, holds none and is left to the readers of events and pods). A value that does not
parse whole (fragment.py reads it to its cut) gives only the probe objects of its outermost
object whose own braces balance, each read alone, the other lines named as not read: a probe
object the cut lies inside states values up to the cut only, and no default may stand for the
rest (the rule of a probe cut in YAML, cut_container.py), so it is not read; the lines around
the probes (the outer object's other members) belong to an object the paste does not hold
whole. A probe's kind given twice is no one container's: none is read (one_line_probe.py's
rule).

A probe's object in a sentence (`If your probe is {"livenessProbe": ...}`) is no JSON
document of the paste: the readers of documents never see it.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from kubesim.explain.readers.flattened import PROBE_KEYS
from kubesim.explain.readers.fragment import parse_fragment
from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["JsonProbes", "cut_json_probes", "holds_probe_key"]

# a probe's key as a JSON object's member name (`"startupProbe": {`): a JSON value without one
# holds no probe (searched once, before any parse)
_PROBE_MEMBER = lazy_regex(r'"(?:liveness|readiness|startup)Probe"[ \t]{0,40}:')
_PUNCTUATION = frozenset("{}[],: \t")


class JsonProbes(NamedTuple):
    """The probe objects a cut JSON value gives whole: YAML of them alone (`body`, as the
    probe YAML reader takes it, its first line the first probe's), the lines they span, and
    the value's other lines that hold anything but braces (not read)."""

    body: str
    first: int
    last: int
    kinds: tuple[str, ...]
    unread: list[int]


def holds_probe_key(text: str) -> bool:
    """Whether a JSON text holds a probe's key as a member name (`"livenessProbe":`)."""
    return _PROBE_MEMBER.search(text) is not None


def cut_json_probes(texts: list[str], first: int) -> JsonProbes | None:
    """The probe objects whose own braces balance among the members of the outermost object of
    a JSON value that does not parse whole (its lines `texts`, the first numbered `first`);
    None where it holds none, a probe's kind twice, or the value is no object."""
    text = "\n".join(texts)
    if not holds_probe_key(text):
        return None
    cut = parse_fragment(text, first)
    if cut is None or not isinstance(cut.data, dict):
        return None
    whole = {k: v for k, v in cut.data.items()
             if k in PROBE_KEYS and isinstance(v, dict) and (k,) in cut.ends}
    if not whole or _twice(text, whole):
        return None
    spans = [(cut.lines[(k,)], cut.ends[(k,)]) for k in whole]
    top, bottom = min(a for a, _ in spans), max(b for _, b in spans)
    used = {n for a, b in spans for n in range(a, b + 1)}
    unread = [first + i for i, t in enumerate(texts)
              if first + i not in used and not set(t) <= _PUNCTUATION]
    body = "\n" * (top - 1) + json.dumps(whole, indent=2) + "\n"
    return JsonProbes(body, top, bottom, tuple(whole), unread)


def _twice(text: str, whole: dict[str, Any]) -> bool:
    """Whether a probe kind read is named again in the text (a second container's probe, or a
    duplicate key the cut reading stopped at): no one container's probes."""
    names = [m[0].split('"')[1] for m in _PROBE_MEMBER.finditer(text)]
    return any(names.count(k) > 1 for k in whole)
