"""describe's container block a page ran into one line, its line breaks lost:

    Containers: demo: ... State: Waiting Reason: CrashLoopBackOff Last State: Terminated
    Reason: Completed Exit Code: 127 ... Ready: False Restart Count: 9 Environment: <none>

split at describe's own field names (kubectl describe's printContainersInfo prints them in
this order: State, Last State, Ready, Restart Count, Limits, Requests, Liveness, Readiness,
Startup, Environment, Mounts; a state's Reason, Exit Code, Started and Finished under it) and
put back on the lines describe printed them on, when the line holds several of them in that
order. A field's value runs up to the next field's name; where the value does not have the
field's shape (a word after an exit code, a block of environment variables), what has it is
read and the rest is said not read: a value is never guessed.

One pass: the field names are found once (`finditer`, each a literal), each value is matched
once, bounded, at its own place.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["CONTAINER_RUN", "CONTAINER_RUN_BEFORE_PROBES", "container_run", "container_run_said"]

CONTAINER_RUN = "describe's container block (its line breaks lost)"
# such a block that stops before Environment: describe prints a container's probe lines
# between Restart Count and Environment (printContainersInfo), so the probes it has are not
# in the record (README: only a block whole from Restart Count to Environment shows none)
CONTAINER_RUN_BEFORE_PROBES = ("describe's container block (its line breaks lost; it stops "
                               "before Environment, so the probe lines describe prints above "
                               "it are not in the record)")

# a field's place in describe's order; a state's own fields (`None`) come under the state
_ORDER = {"State": 0, "Last State": 1, "Ready": 2, "Restart Count": 3, "Limits": 4,
          "Requests": 5, "Liveness": 6, "Readiness": 7, "Startup": 8, "Environment": 9,
          "Mounts": 10}
_STATE_FIELDS = ("Reason", "Exit Code", "Started", "Finished")
_FIELD = lazy_regex(r"(?<![A-Za-z])(?P<key>Last State|Restart Count|Exit Code|State|Reason|"
                    r"Started|Finished|Ready|Limits|Requests|Liveness|Readiness|Startup|"
                    r"Environment|Mounts):(?=[ \t]|$)")
# each value's shape (its start: what follows it in the value is not read)
_DATE = r"[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}"  # RFC1123Z
_SHAPES = {"State": r"(?:Waiting|Running|Terminated)\b", "Last State": r"Terminated\b",
           "Reason": r"[A-Za-z]{1,60}\b", "Exit Code": r"\d{1,3}\b", "Started": _DATE,
           "Finished": _DATE, "Ready": r"(?:True|False)\b", "Restart Count": r"\d{1,9}\b",
           "Environment": r"<none>", "Mounts": r"<none>",
           "Limits": r"(?:[a-z][a-z0-9./-]{0,62}:[ \t]+[0-9][0-9.]{0,20}[A-Za-z]{0,3}[ \t]*){1,8}",
           "Requests": r"(?:[a-z][a-z0-9./-]{0,62}:[ \t]+[0-9][0-9.]{0,20}[A-Za-z]{0,3}[ \t]*)"
                       r"{1,8}"}
_COMPILED = {k: lazy_regex(v) for k, v in _SHAPES.items()}
_PROBE_VALUE = 400  # a probe line's value longer than describe prints one is not read
_HEAD = lazy_regex(r"(?:^|[\s:])Containers:[ \t]+(?P<name>[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?):"
                   r"(?=[ \t])")
_MIN_FIELDS = 3  # describe's own fields (not a state's) that make a block, not a sentence


_WHOLE_FROM = _ORDER["Environment"]  # a block reaching it shows every probe line above it


class _Field(NamedTuple):
    key: str
    start: int  # where its name starts
    value: str  # the text up to the next field's name


def _fields(line: str) -> list[_Field]:
    """The line's describe fields in describe's order, from its first State on, up to the
    first that breaks the order (a state's field with no state above it, a field describe
    prints earlier)."""
    found = [(m["key"], m.start(), m.end()) for m in _FIELD.finditer(line)]
    first = next((i for i, (k, _, _) in enumerate(found) if k == "State"), len(found))
    out: list[_Field] = []
    rank, under = -1, set[str]()  # (a state's own fields: each once under it)
    for i, (key, start, end) in enumerate(found[first:]):
        place = _ORDER.get(key)
        if (place is None and (rank not in (0, 1) or key in under)) or \
                (place is not None and place <= rank):
            break
        rank, under = (rank, under | {key}) if place is None else (place, set())
        stop = found[first + i + 1][1] if first + i + 1 < len(found) else len(line)
        out.append(_Field(key, start, line[end:stop].strip()))
    return out


def _value(field: _Field) -> tuple[str, bool]:
    """The field's value as describe printed it, and whether text after it is not read."""
    if field.key in ("Liveness", "Readiness", "Startup"):
        # a probe line's value is words describe's probe line reader reads, up to the next name
        return (field.value, False) if len(field.value) <= _PROBE_VALUE else ("", True)
    m = _COMPILED[field.key].match(field.value)
    if m is None:
        return "", bool(field.value)
    return m.group().strip(), bool(field.value[m.end():].strip(" ."))


def _lines(field: _Field, value: str) -> list[str]:
    """The field's lines at describe's indentation (a resource list's items under it)."""
    indent = "      " if field.key in _STATE_FIELDS else "    "
    if field.key in ("Limits", "Requests") and value:
        items = re.findall(r"[a-z][a-z0-9./-]{0,62}:[ \t]+\S+", value)
        return [f"{indent}{field.key}:", *(f"      {x}" for x in items)]
    return [f"{indent}{field.key}:  {value}".rstrip()]


def container_run(line: str) -> tuple[list[str], bool] | None:
    """describe's container block run into the line, put back on describe's lines (under
    its container's name when `Containers: NAME:` comes before it), and whether the line
    holds text not read (before the block, after it, or in a value not of its field's shape);
    None when the line holds fewer than three of describe's container fields in its order."""
    if "State:" not in line:
        return None
    fields = _fields(line)
    if sum(f.key in _ORDER for f in fields) < _MIN_FIELDS:
        return None
    head = _HEAD.search(line, 0, fields[0].start)
    out = ["Containers:", f"  {head['name']}:"] if head is not None else []
    before = line[head.end() if head is not None else 0:fields[0].start].strip()
    rest = bool(before)
    for field in fields:
        value, more = _value(field)
        out.extend(_lines(field, value))
        rest = rest or more
    return out, rest


def container_run_said(line: str) -> tuple[tuple[list[str], bool] | None, str]:
    """`container_run` of the line, with what it is: a block that stops before Environment
    (`CONTAINER_RUN_BEFORE_PROBES`) leaves the container's probes untold; one that reaches
    it lists them (`CONTAINER_RUN`)."""
    parts = container_run(line)
    if parts is None:
        return None, CONTAINER_RUN
    whole = any(_ORDER.get(f.key, -1) >= _WHOLE_FROM for f in _fields(line))
    return parts, CONTAINER_RUN if whole else CONTAINER_RUN_BEFORE_PROBES

