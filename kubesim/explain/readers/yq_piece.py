"""A piece of a pod's status printed by `yq` from the pod's YAML: `kubectl get pod NAME -o yaml |
yq '.status.containerStatuses[0].lastState.terminated'` prints the mapping at that path as YAML
(`exitCode: 137`, `reason: OOMKilled`, ... at column 0), the way `jq` prints the same piece of
the pod's JSON. The corpus README reads a piece of a pod's JSON under the `jq` filter that
printed it at the path the filter names (holdout13's fixes); the same piece in YAML under a
`yq` filter is the same fields (kuberay-4287, fc57f). A mapping of no keys at column 0, a
list, a scalar, and an object with its own `kind` (a whole object, read by kube.py) are none.
"""

from __future__ import annotations

import datetime
from typing import Any

from kubesim.errors import RecordError
from kubesim.explain.readers.lazy import lazy_regex
from kubesim.spec.yamlio import load_yaml_documents

__all__ = ["YQ", "yq_object_after"]

# `get pod NAME ... -o yaml | yq [flags] '.status....'` (a shell variable as the name too:
# `${RAY_HEAD}`, which names no pod: the caller reads no name from it)
YQ = lazy_regex(
    r"\bget\s+(?:pods?|po)(?:/|\s+)(?P<pod>\S{1,253})\s.*?"
    r"-o\s*yaml\s*\|\s*yq\s+(?:(?:e|eval)\s+)?(?:-\w+\s+)*['\"]?"
    r"(?P<path>\.status(?:\.[A-Za-z]+(?:\[\d*\])?)+)['\"]?\s*$")
# a key of the mapping at column 0 (`exitCode: 137`, `lastState:`)
_KEY = lazy_regex(r"[A-Za-z][A-Za-z0-9]{0,62}:(?:[ \t]|$)")
_MOST_LINES = 2_000


def _plain(value: Any) -> Any:
    """`value` with YAML's timestamps written back as the API's RFC 3339 strings (JSON has
    none), its mappings and lists alike."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, datetime.datetime):
        return value.isoformat().replace("+00:00", "Z")
    return value


def yq_object_after(lines: list[str], first: int) -> tuple[tuple[Any, int] | None, bool]:
    """The YAML mapping that starts on line `first` (0-based) at column 0 and where it ends
    (exclusive: the first line neither a key at column 0 nor indented), as `_object_after`
    answers for JSON (no elision read: False); None when no mapping of two keys or more
    starts there."""
    end = first
    while end < min(len(lines), first + _MOST_LINES) and (
            _KEY.match(lines[end]) or lines[end][:1] in (" ", "\t") and lines[end].strip()):
        end += 1
    if sum(1 for x in lines[first:end] if _KEY.match(x)) < 2:
        return None, False
    try:
        docs = load_yaml_documents("\n".join(lines[first:end]), "yq", RecordError)
    except RecordError:
        return None, False
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        return None, False
    return (_plain(docs[0].data), end), False
