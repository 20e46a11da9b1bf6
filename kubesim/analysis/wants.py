"""What `kubesim suggest` can be asked for: the kinds of expectation (`--expect KIND=S`, a
configuration's `suggest.expect`) and their seconds.

Apart from the suggest engine so that a configuration can be read, and a command line
described, without loading it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubesim.errors import UsageError

__all__ = ["MAX_WANT_SECONDS", "WANTS", "Want", "parse_want"]

WANTS = {"survive-outage": "survive a {s} s dependency outage without a restart",
         "hang-within": "catch a hang within {s} s",
         "starts-within": "allow starts of {s} s",
         "unready-within": "leave Ready within {s} s of an outage"}
MAX_WANT_SECONDS = 7 * 86_400.0  # an expectation's seconds: at most a week


@dataclass(frozen=True)
class Want:
    """One declared expectation: a WANTS key and its seconds."""

    kind: str
    seconds: float

    @property
    def text(self) -> str:
        return WANTS[self.kind].format(s=f"{self.seconds:g}")


def parse_want(text: str) -> Want:
    """`survive-outage=120`, `hang-within=30`, `starts-within=90`, `unready-within=15`."""
    kind, sep, value = text.strip().partition("=")
    allowed = ", ".join(f"{k}=S" for k in WANTS)
    if kind not in WANTS or not sep:
        raise UsageError(f"--expect {text!r}: one of {allowed}")
    try:
        seconds = float(value)
    except ValueError:
        raise UsageError(f"--expect {text!r}: {value!r} is not a number of seconds") from None
    if not 0 < seconds <= MAX_WANT_SECONDS:
        raise UsageError(f"--expect {text[:40]!r}: seconds must be a positive number, at most "
                         f"{MAX_WANT_SECONDS:g} (a week)")
    return Want(kind, seconds)
