"""Fault switches of the example app, read from environment variables or command-line flags.

Every time is in seconds since t=0: the t=0 of the capture that launched the app
(`kubesim capture --launch` passes it as `KUBESIM_CAPTURE_T0`, a reading of the system's
monotonic clock), so the app's schedule and the recorded trace share one clock to the
microsecond, however long the app took to start; run on its own, since the *process* started
(not since the module was imported).

    KUBESIM_APP_DB_DOWN=60:150        the database is unreachable from 60 s to 150 s; several
                                      windows separated by commas; an empty end means "for good"
    KUBESIM_APP_LIFESPAN_DELAY=2.2    the lifespan startup sleeps this long before the server
                                      listens (uvicorn binds after lifespan startup completes)
    KUBESIM_APP_STALL=30:2            at 30 s a blocking call freezes the event loop for 2 s;
                                      several stalls separated by commas
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

__all__ = ["Faults", "parse_stalls", "parse_windows", "process_age"]

ENV_DB_DOWN = "KUBESIM_APP_DB_DOWN"
ENV_LIFESPAN_DELAY = "KUBESIM_APP_LIFESPAN_DELAY"
ENV_STALL = "KUBESIM_APP_STALL"
ENV_CAPTURE_T0 = "KUBESIM_CAPTURE_T0"  # set by `kubesim capture --launch`
ENV_EVENT_LOG = "KUBESIM_APP_EVENT_LOG"  # the app's event log file (app.EventLog)


def _process_start_monotonic() -> float:
    """time.monotonic() at the moment this process was created (Linux: /proc, 10 ms ticks);
    elsewhere, the time this module was imported."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            stat = fh.read()
        start_ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22: starttime
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - start_ticks / os.sysconf("SC_CLK_TCK")
        return time.monotonic() - max(age, 0.0)
    except (OSError, ValueError, IndexError, AttributeError):  # pragma: no cover - not Linux
        return time.monotonic()


def _t0(env: dict[str, str] | os._Environ[str] = os.environ) -> float:
    """time.monotonic() at t=0: the launching capture's t=0 if it gave one (a finite reading
    not in the future), else this process's start."""
    try:
        t0 = float(env.get(ENV_CAPTURE_T0, "nan"))
    except ValueError:
        t0 = math.nan
    if math.isfinite(t0) and t0 <= time.monotonic():
        return t0
    return _process_start_monotonic()


_STARTED = _t0()


def process_age() -> float:
    """Seconds since t=0 (the capture's t=0 under `kubesim capture --launch`, else this
    process's start)."""
    return time.monotonic() - _STARTED


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what}: {text!r} is not a number of seconds") from None
    if not 0 <= value < math.inf:
        raise ValueError(f"{what}: {text!r} must be a finite number >= 0")
    return value


def parse_windows(text: str, what: str = ENV_DB_DOWN) -> list[tuple[float, float]]:
    """`"60:150,300:"` -> [(60, 150), (300, inf)]."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        start, sep, end = part.partition(":")
        if not sep:
            raise ValueError(f"{what}: {part!r} must look like FROM:TO (seconds; TO may be empty)")
        a = _number(start, what)
        b = math.inf if not end.strip() else _number(end, what)
        if b <= a:
            raise ValueError(f"{what}: {part!r} ends before it starts")
        out.append((a, b))
    return out


def parse_stalls(text: str, what: str = ENV_STALL) -> list[tuple[float, float]]:
    """`"30:2"` -> [(30, 2)]: (at, duration)."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        at, sep, duration = part.partition(":")
        if not sep:
            raise ValueError(f"{what}: {part!r} must look like AT:SECONDS")
        out.append((_number(at, what), _number(duration, what)))
    return out


@dataclass
class Faults:
    """The app's fault schedule; `db_forced` is set by the /faults/db endpoint (None: follow
    the schedule)."""

    db_down: list[tuple[float, float]] = field(default_factory=list)
    lifespan_delay: float = 0.0
    stalls: list[tuple[float, float]] = field(default_factory=list)
    db_forced: bool | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Faults:
        env = dict(os.environ if env is None else env)
        return cls(db_down=parse_windows(env.get(ENV_DB_DOWN, "")),
                   lifespan_delay=_number(env.get(ENV_LIFESPAN_DELAY, "0") or "0",
                                          ENV_LIFESPAN_DELAY),
                   stalls=parse_stalls(env.get(ENV_STALL, "")))

    def db_up(self, age: float) -> bool:
        """Whether the database answers at process age `age`."""
        if self.db_forced is not None:
            return self.db_forced
        return not any(a <= age < b for a, b in self.db_down)
