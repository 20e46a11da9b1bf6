"""Compact columns of a trace, per target: what a replay needs, in ~14 bytes an observation.

A 1 GB JSON Lines trace has about 12.7 M observations; as Python objects that is several GB.
Here each target keeps three growing C arrays: the times (float64), the latencies and an
outcome number into one table of the trace's distinct outcomes (status, error, exit_code,
grpc_status, location). A latency is kept as an int32 count of microseconds when that gives back
exactly the recorded float (`k / 1000 == latency_ms`, true for recorders' millisecond values
with up to three decimals), else as float64 for that target: answers are bit-identical to
the recorded values either way.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterator
from typing import Any

import numpy as np

from kubesim.behaviour.answer import Answer, AnswerError

__all__ = ["Outcomes", "Series"]

_NEVER = -1  # scaled latency of "never answered" (math.inf)
_SCALED_MAX = 2**31 - 1
# status, error, exit_code, grpc_status, location
Outcome = tuple[Any, AnswerError | None, Any, Any, str | None]


class Outcomes:
    """The distinct outcomes of a trace, numbered in order of first appearance."""

    def __init__(self) -> None:
        self.rows: list[Outcome] = []
        self.ids: dict[Outcome, int] = {}
        self._timeout: list[bool] = []
        self._failing: list[bool] = []

    def add(self, row: Outcome) -> int:
        """The number of `row` (already checked), adding it if new."""
        got = self.ids.get(row)
        if got is None:
            status, error, code, grpc, _ = row
            got = self.ids[row] = len(self.rows)
            self.rows.append(row)
            self._timeout.append(error is AnswerError.TIMEOUT)
            self._failing.append(error is not None or not 200 <= (status or 200) < 400
                                 or (code or 0) != 0 or grpc not in (None, "SERVING"))
        return got

    def timeout(self) -> np.ndarray:
        """Per outcome number: is it a timeout?"""
        return np.array(self._timeout, dtype=bool)

    def erring(self) -> np.ndarray:
        """Per outcome number: is it a prober error ("error": retried, R2.2)?"""
        return np.array([row[1] is AnswerError.ERROR for row in self.rows], dtype=bool)

    def failing(self) -> np.ndarray:
        """Per outcome number: would any handler count it as a failure?"""
        return np.array(self._failing, dtype=bool)

    def answer(self, number: int, latency_ms: float) -> Answer:
        """The engine's view of one observation (as `Observation.to_answer`)."""
        status, error, code, grpc, location = self.rows[number]
        return Answer(status=200 if status is None else status, error=error,
                      exit_code=code or 0, grpc_status=grpc or "SERVING",
                      latency=latency_ms / 1000,
                      censored=error is AnswerError.TIMEOUT and math.isfinite(latency_ms),
                      location=location)


class Series:
    """The observations of one target, in time order."""

    __slots__ = ("code", "lat", "last_line", "lines", "scaled", "t")

    def __init__(self, keep_lines: bool) -> None:
        self.t = array("d")
        # int32 microseconds while `scaled`, then float64 milliseconds (`_unscale`)
        self.lat: array[int] | array[float] = array("i")
        self.scaled = True  # `lat` holds microseconds (int32), else milliseconds (float64)
        self.code = array("H")
        self.lines: array[int] | None = array("Q") if keep_lines else None
        self.last_line = 0

    def __len__(self) -> int:
        return len(self.t)

    def extend(self, t: np.ndarray, lat_ms: np.ndarray, code: np.ndarray,
               lines: np.ndarray) -> None:
        """Append checked columns (float64 t and latency, outcome numbers, line numbers)."""
        if self.scaled:
            never = np.isinf(lat_ms)
            with np.errstate(over="ignore", invalid="ignore"):
                k = np.where(never, _NEVER, np.rint(lat_ms * 1000))
                exact = never | ((k <= _SCALED_MAX) & (k / 1000 == lat_ms)
                                 & ~np.signbit(lat_ms))
            if exact.all():
                self.lat.frombytes(k.astype(np.int32).tobytes())
            else:
                self._unscale()
        if not self.scaled:
            self.lat.frombytes(np.asarray(lat_ms, dtype=np.float64).tobytes())
        if self.code.typecode == "H" and len(code) and int(code.max()) > 0xFFFF:
            self.code = array("I", self.code)
        self.code.frombytes(code.astype(np.uint16 if self.code.typecode == "H"
                                        else np.uint32).tobytes())
        self.t.frombytes(np.asarray(t, dtype=np.float64).tobytes())
        if self.lines is not None:
            self.lines.frombytes(np.asarray(lines, dtype=np.uint64).tobytes())
        if len(lines):
            self.last_line = int(lines[-1])

    def _unscale(self) -> None:
        self.lat = array("d", (math.inf if v == _NEVER else v / 1000 for v in self.lat))
        self.scaled = False

    def latency_ms(self, i: int) -> float:
        """The recorded latency of observation `i`, bit for bit."""
        v = self.lat[i]
        if self.scaled:
            return math.inf if v == _NEVER else v / 1000
        return v

    def latencies(self) -> np.ndarray:
        """All latencies in milliseconds (float64)."""
        raw = np.array(self.lat, dtype=np.float64)
        if self.scaled:
            never = raw == _NEVER
            raw = raw / 1000
            raw[never] = math.inf
        return raw

    def latency_chunks(self, size: int = 1 << 20
                       ) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        """(offset, latencies in ms as float64, outcome numbers) in chunks of `size`: a scan
        of a large series without a full-size copy."""
        dtype = np.int32 if self.scaled else np.float64
        code_dtype = np.uint16 if self.code.typecode == "H" else np.uint32
        for start in range(0, len(self.t), size):
            n = min(size, len(self.t) - start)
            raw = np.frombuffer(self.lat, dtype=dtype, count=n,
                                offset=start * self.lat.itemsize).astype(np.float64)
            if self.scaled:
                never = raw == _NEVER
                raw = raw / 1000
                raw[never] = math.inf
            codes = np.frombuffer(self.code, dtype=code_dtype, count=n,
                                  offset=start * self.code.itemsize).astype(np.int64)
            yield start, raw, codes

    def views(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """The first `n` times and outcome numbers, as views of the arrays (drop them before
        the series grows again)."""
        codes = np.frombuffer(self.code, dtype=np.uint16 if self.code.typecode == "H"
                              else np.uint32, count=n)
        return np.frombuffer(self.t, dtype=np.float64, count=n), codes

    def codes(self) -> np.ndarray:
        return np.array(self.code, dtype=np.int64)

    def times(self) -> np.ndarray:
        return np.array(self.t, dtype=np.float64)
