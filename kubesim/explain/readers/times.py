"""Times as records write them: kubectl's relative ages and the two timestamp formats.

Ages come from `duration.HumanDuration` (k8s.io/apimachinery/pkg/util/duration; older kubectl
used `ShortHumanDuration`), which truncates: `45s` is 45 s to 46 s, `3m20s` 200 s to 201 s,
`12m` 720 s to 780 s, `5h26m` to the minute, `12h` to the hour. A bare `3m` may be an exact
minute (HumanDuration under 10 min) or any time in that minute (ShortHumanDuration): it is
read as the whole minute. `<invalid>` means the time lies more than a second in the future
of the clock that printed it (clock skew); `<unknown>` means no time was recorded.
"""

from __future__ import annotations

import calendar
import itertools
import re
from datetime import UTC, datetime

from kubesim.explain.readers.lazy import lazy_regex
from kubesim.explain.readers.model import UNKNOWN_STAMP, Stamp, StampKind

__all__ = ["AGE_PATTERN", "INVALID_AGE", "human_printer", "into_a_year", "now_from",
           "parse_age", "parse_go_time", "parse_rfc1123", "parse_rfc3339", "parse_time",
           "utc_text"]

_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "y": 365 * 86400}
AGE_PATTERN = r"(?:<unknown>|<invalid>|(?:\d{1,9}[ydhms]){1,5})"
_AGE = re.compile(r"^(?:\d{1,9}[ydhms]){1,5}$")
_PART = re.compile(r"(\d{1,9})([ydhms])")
INVALID_AGE = "<invalid>"

# RFC 1123 with a numeric zone, as describe prints container and old event times; or with the
# zone named `GMT` or `UTC` (Go's RFC1123, `Mon, 31 Aug 2026 11:16:31 GMT`), the only names that
# fix the offset (others, `CET` or `IST`, name several)
_RFC1123 = re.compile(
    r"^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|"
    r"Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (?:([+-])(\d{2})(\d{2})|GMT|UTC)$")
_MONTHS = {m: i for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}
_RFC3339 = lazy_regex(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|z|[+-]\d{2}:\d{2})$")

# Go's time.Time String(), as kubectl and oc of 1.5-1.6 printed an event's LASTSEEN and
# FIRSTSEEN: `2017-06-12 12:08:10 +0530 IST` (the numeric offset decides; the zone's name,
# or `m=+0.1` monotonic readings, add nothing)
_GO_STRING = lazy_regex(
    r"^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,9})? ([+-])(\d{2})(\d{2})"
    r" [A-Z][A-Za-z0-9+-]{0,9}$")


_HUMAN_ONLY = lazy_regex(r"^(?:\d+m\d+s|\d+h\d+m|\d+d\d+h|\d+y\d+d|(?:6\d|[7-9]\d|1[01]\d)s)$")


def human_printer(ages: list[str]) -> bool:
    """Whether a record's ages come from `HumanDuration` (kubectl since 1.15 or so): only it
    prints `3m20s`, `5h26m`, `5d15h` or 60-119 seconds as seconds. Its bare `8m` (under 10
    minutes) is then an exact minute, its `5h` (under 8 hours) exact to the minute, its `5d`
    (under 8 days) exact to the hour."""
    return any(_HUMAN_ONLY.match(a) for a in ages)


def parse_age(text: str, human: bool = False) -> Stamp | None:
    """An age column (`45s`, `3m20s`, `5d15h`, `<unknown>`, `<invalid>`); None if `text` is not
    one. Units must decrease (`1m5s`, not `5s1m`). `human`: the record's printer is known to
    be HumanDuration (see `human_printer`), which makes some bare units exact."""
    text = text.strip()
    if text == "<unknown>":
        return Stamp(StampKind.UNKNOWN, text=text)
    if text == INVALID_AGE:
        return Stamp(StampKind.UNKNOWN, text=text)
    if not _AGE.match(text):
        return None
    parts = _PART.findall(text)
    units = [_UNIT[u] for _, u in parts]
    if any(a <= b for a, b in itertools.pairwise(units)):
        return None
    value = float(sum(int(n) * _UNIT[u] for n, u in parts))
    precision = float(units[-1])
    if human and len(parts) == 1:
        n, unit = int(parts[0][0]), parts[0][1]
        if unit == "m" and n < 10 or unit == "h" and n < 8 or unit == "d" and 2 <= n < 8:
            precision = {"m": 1.0, "h": 60.0, "d": 3600.0}[unit]
    if text == "0s":  # HumanDuration prints up to 2 s in the future as 0s
        return Stamp(StampKind.AGE, age_lo=-2.0, age_hi=1.0, text=text)
    return Stamp(StampKind.AGE, age_lo=value, age_hi=value + precision, text=text)


def _epoch(year: int, month: int, day: int, hh: int, mm: int, ss: int,
           offset_seconds: int) -> float | None:
    try:
        datetime(year, month, day, hh, mm, ss)  # validates the calendar date
    except ValueError:
        return None
    return float(calendar.timegm((year, month, day, hh, mm, ss, 0, 0, 0)) - offset_seconds)


def into_a_year(month: int, day: int, hh: int, mm: int, ss: int) -> float | None:
    """Seconds from the start of a leap year to this date and time, None for no such date
    (`02-30`): for times printed without their year (klog), where Feb 29 may come."""
    at = _epoch(2000, month, day, hh, mm, ss, 0)
    return None if at is None else at - _YEAR_2000


_YEAR_2000 = float(calendar.timegm((2000, 1, 1, 0, 0, 0, 0, 0, 0)))


def parse_rfc1123(text: str) -> Stamp | None:
    """`Tue, 01 Feb 2022 12:58:56 +0100` (Go's RFC1123Z) or `... 12:58:56 GMT`; None if not
    one. The zero time (`Thu, 01 Jan 1970 00:00:00 +0000`, a container that never started) is
    UNKNOWN."""
    m = _RFC1123.match(text.strip())
    if not m:
        return None
    day, mon, year, hh, mm, ss, sign, oh, om = m.groups()
    offset = 0 if sign is None else (int(oh) * 3600 + int(om) * 60) * (1 if sign == "+" else -1)
    at = _epoch(int(year), _MONTHS[mon], int(day), int(hh), int(mm), int(ss), offset)
    if at is None:
        return None
    if at == 0.0:
        return Stamp(StampKind.UNKNOWN, text=text.strip())
    return Stamp(StampKind.ABSOLUTE, at=at, text=text.strip())


def parse_rfc3339(text: str) -> Stamp | None:
    """`2021-04-12T19:36:07Z` or with fractions and an offset; None if not one."""
    m = _RFC3339.match(text.strip())
    if not m:
        return None
    year, month, day, hh, mm, ss, frac, zone = m.groups()
    offset = 0
    if zone not in ("Z", "z"):
        sign = 1 if zone[0] == "+" else -1
        offset = sign * (int(zone[1:3]) * 3600 + int(zone[4:6]) * 60)
    at = _epoch(int(year), int(month), int(day), int(hh), int(mm), int(ss), offset)
    if at is None:
        return None
    if frac:
        at += float("0" + frac)
    if at <= 0.0:
        return UNKNOWN_STAMP
    return Stamp(StampKind.ABSOLUTE, at=at, text=text.strip())


def parse_go_time(text: str) -> Stamp | None:
    """`2017-06-12 12:08:10 +0530 IST` (Go's default time format); None if not one."""
    m = _GO_STRING.match(text.strip())
    if not m:
        return None
    year, month, day, hh, mm, ss, frac, sign, oh, om = m.groups()
    offset = (int(oh) * 3600 + int(om) * 60) * (1 if sign == "+" else -1)
    at = _epoch(int(year), int(month), int(day), int(hh), int(mm), int(ss), offset)
    if at is None:
        return None
    if at <= 0.0:
        return UNKNOWN_STAMP
    return Stamp(StampKind.ABSOLUTE, at=at + float("0" + frac) if frac else at,
                 text=text.strip())


def parse_time(text: str) -> Stamp | None:
    """Any of the four forms; None if `text` is none of them."""
    return parse_rfc3339(text) or parse_rfc1123(text) or parse_go_time(text) or parse_age(text)


def now_from(text: str) -> float | None:
    """A `--now` value: RFC 3339 or RFC 1123 (as describe prints times); epoch seconds."""
    stamp = parse_rfc3339(text) or parse_rfc1123(text)
    return stamp.at if stamp is not None and stamp.kind is StampKind.ABSOLUTE else None


def utc_text(at: float) -> str:
    """An epoch time as RFC 3339 UTC, to the second."""
    return datetime.fromtimestamp(at, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
