"""A container's fields as a health tool's summary prints them, beside describe's own
(issue 30: a fenced summary of a container that is not kubectl's):

    Container: app
      Ready: True
      Restarts: 138
      Last terminated: reason=OOMKilled exit=137

`Restarts: N` is the container's restart count (describe's `Restart Count`, the status's
restartCount); `Last terminated:` followed by `key=value` pairs is the container's last
state, terminated (the status's lastState.terminated), its pairs that state's fields:
`reason=` its Reason, `exit=`, `exitCode=` or `exit_code=` its Exit Code. The line is read
only when every word after the key is such a pair and a reason is among them: a word that is
no pair (`maybe`, `137?`), a pair of another key, or a line without a reason stays not read.
A key is matched whole (`If Last terminated:` is none), once, on the line describe's reader
already matched: one pass.
"""

from __future__ import annotations

from typing import NamedTuple

from kubesim.explain.readers.lazy import lazy_regex

__all__ = ["SummaryField", "summary_field"]

# the keys of the summary (whole, any case): a restart count, a last terminated state
_RESTARTS = lazy_regex(r"(?i:restarts)")
_LAST_TERMINATED = lazy_regex(r"(?i:last[ _-]?terminat(?:ed|ion)(?:[ _-]?state)?)")
# a state's field as a `key=value` pair: the status's field names (reason, exitCode) and
# the short forms a tool prints; the value is a reason's word or an exit code's number
_PAIR = lazy_regex(r"(?P<key>(?i:reason|exit(?:[_ ]?code)?))=(?P<value>[A-Za-z0-9]{1,60})")
_PAIR_KEY = {"reason": "Reason", "exit": "Exit Code", "exitcode": "Exit Code",
             "exit_code": "Exit Code"}
_MAX_PAIRS = 8


class SummaryField(NamedTuple):
    """The describe field a summary's line is: its key and value, and a state's fields."""
    key: str  # `Restart Count` or `Last State`
    value: str
    state: dict[str, str]  # a terminated state's Reason and Exit Code (describe's keys)


def summary_field(key: str, value: str) -> SummaryField | None:
    """The describe field the summary's `key: value` line is, or None when it is none."""
    if _RESTARTS.fullmatch(key):
        return SummaryField("Restart Count", value, {})
    if _LAST_TERMINATED.fullmatch(key):
        state = _state_pairs(value)
        return SummaryField("Last State", "Terminated", state) if state is not None else None
    return None


def _state_pairs(value: str) -> dict[str, str] | None:
    """The pairs of `reason=OOMKilled exit=137` as a terminated state's fields; None unless
    every word is such a pair, each key once, a reason among them, an exit code a number."""
    words = value.split(None, _MAX_PAIRS)
    if not words or len(words) > _MAX_PAIRS:
        return None
    fields: dict[str, str] = {}
    for word in words:
        m = _PAIR.fullmatch(word)
        name = _PAIR_KEY.get(m["key"].lower().replace(" ", "_")) if m else None
        if m is None or name is None or name in fields:
            return None
        if name == "Exit Code" and not m["value"].isdigit():
            return None
        fields[name] = m["value"]
    return fields if "Reason" in fields else None
