"""Reading a trace file block by block into compact columns (`trace_store`).

A block (about 1 MiB of whole lines) is first tried on a vectorised path: the C JSON scanner
or csv reader, then checks over whole columns (types, ranges, the distinct targets and
outcomes, time order per target). Any block that path does not accept in full goes through
the per-line checks, which raise the error naming file:line, the field and what is allowed;
so the fast path only ever says "all good", and every message is the per-line one.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from enum import Enum
from itertools import repeat
from pathlib import Path
from typing import IO, Any, TypeGuard

import numpy as np

from kubesim.behaviour.answer import AnswerError, location_problem
from kubesim.behaviour.trace_store import Outcome, Outcomes, Series
from kubesim.errors import BehaviourError
from kubesim.files import MAX_DEPTH, check_depth, open_input

__all__ = ["GRPC_STATUSES", "KEYS", "MAX_STDIN_BYTES", "MAX_TARGETS", "Reader", "Source"]

GRPC_STATUSES = ("SERVING", "NOT_SERVING", "UNKNOWN", "SERVICE_UNKNOWN")
KEYS = ("t", "target", "status", "error", "latency_ms", "exit_code", "grpc_status",
        "location")
_ERRORS = tuple(e.value for e in AnswerError)
_REQUIRED = ("t", "target", "latency_ms")
BLOCK = 1 << 20  # bytes read at a time
MAX_LINE = 1 << 20  # a longer line is refused (a trace line is ~100 bytes)
MAX_SECONDS = 1e9  # t: about 31 years
MAX_TARGET = 4096  # characters of a target key
MAX_TARGETS = 10_000  # distinct targets in one trace (a capture records at most 16 paths)
MAX_STDIN_BYTES = 1 << 30  # a trace from standard input (spooled to disk to be read again)


class _Duplicate(ValueError):
    """A JSON object with a key twice (the last would silently win)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)
_JSON_SPACE = " \t\r\n"
_NONE = type(None)


class _Invalid(Exception):
    """A block the vectorised path does not accept (the per-line path says why)."""


# ---------------------------------------------------------------- sources


class Source:
    """Where the lines come from: a file, standard input (spooled to an unnamed temporary
    file, so it can be read again) or a text in memory."""

    def __init__(self, name: str, *, path: str | None = None, text: str | None = None) -> None:
        self.name, self.path, self.text = name, path, text
        self._spool: _Spool | None = None

    @classmethod
    def stdin(cls) -> Source:
        """Standard input, copied to an unnamed temporary file (disk, not memory) as far as
        it is read, so it can be read again; never more than MAX_STDIN_BYTES."""
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a replaced sys.stdin (tests, notebooks): text already in memory
            text = sys.stdin.read(MAX_STDIN_BYTES + 1)
            if len(text) > MAX_STDIN_BYTES:
                raise _too_big("<stdin>")
            return cls("<stdin>", text=text)
        src = cls("<stdin>")
        src._spool = _Spool(buffer)
        return src

    @property
    def small(self) -> bool:
        """Small enough to keep every observation's line number (a few MiB)."""
        if self.text is not None:
            return True
        if self.path is not None:
            try:
                return Path(self.path).stat().st_size < (64 << 20)
            except OSError:
                return True
        return False

    def blocks(self) -> Iterator[Block]:
        """(number of the first line, lines) for consecutive blocks of whole lines."""
        if self.text is not None:
            text = self.text[1:] if self.text.startswith("\ufeff") else self.text
            yield Block(1, text)
            return
        if self.path is None:
            yield from self._stdin_blocks()
            return
        with self._open() as fh:
            yield from _decoded(_byte_blocks(fh.read), self.name)

    def _open(self) -> IO[bytes]:
        assert self.path is not None
        return open_input(self.path, self.name, BehaviourError)

    def _stdin_blocks(self) -> Iterator[Block]:
        spool = self._spool
        assert spool is not None
        yield from _decoded(_byte_blocks(spool.reader()), self.name)


class _Spool:
    """Standard input, kept in an unnamed temporary file: copied only as far as a reader has
    read it (a trace that is refused at its first line costs one block, whatever follows),
    and at most MAX_STDIN_BYTES, as a file of that size would be refused."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.file = tempfile.TemporaryFile()
        self.size, self.done = 0, False

    def _fill(self, end: int) -> None:
        while not self.done and self.size < end:
            data = self.stream.read(BLOCK)
            if not data:
                self.done = True
                return
            if self.size + len(data) > MAX_STDIN_BYTES:
                raise _too_big("<stdin>")
            self.file.seek(self.size)
            self.file.write(data)
            self.size += len(data)

    def reader(self) -> Callable[[int], bytes]:
        """A `read(n)` over the whole input from its start (each reader its own offset)."""
        offset = 0

        def read(n: int) -> bytes:
            nonlocal offset
            self._fill(offset + n)
            self.file.seek(offset)
            data = self.file.read(min(n, self.size - offset))
            offset += len(data)
            return data
        return read


def _too_big(name: str) -> BehaviourError:
    return BehaviourError(f"standard input holds more than {MAX_STDIN_BYTES >> 20} MiB; give "
                          "a trace that large as a file", source=name)


def _byte_blocks(read: Callable[[int], bytes]) -> Iterator[bytes]:
    """Blocks of whole lines (cut after a line break; a UTF-8 BOM at the start is dropped)."""
    carry = b""
    first = True
    while True:
        data = read(BLOCK)
        if first:
            data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
            first = False
        if not data:
            if carry:
                yield carry
            return
        buf = carry + data
        # "\r" is a line break too (splitlines), but only when we can see it is not "\r\n"
        cut = max(buf.rfind(b"\n"), buf.rfind(b"\r", 0, len(buf) - 1)) + 1
        if cut == 0:
            if len(buf) > MAX_LINE:
                yield buf  # _decoded refuses the long line with its number
                return
            carry = buf
            continue
        carry = buf[cut:]
        yield buf[:cut]


class Block:
    """Consecutive whole lines of a source; `first` is the number of the first."""

    __slots__ = ("_lines", "_other", "first", "text")

    def __init__(self, first: int, text: str) -> None:
        self.first, self.text = first, text
        self._lines: list[str] | None = None
        self._other: bool | None = None

    def _other_breaks(self) -> bool:
        """Line breaks other than "\n" (str.splitlines knows eight more)?"""
        if self._other is None:
            text = self.text
            self._other = (any(c in text for c in "\r\x0b\x0c\x1c\x1d\x1e")
                           if text.isascii() else bool(_OTHER_BREAKS.search(text)))
        return self._other

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.splitlines()
        return self._lines

    def plain(self) -> bool:
        """Only "\n" line breaks (the lines are the "\n"-separated parts, no blank one)."""
        return (not self._other_breaks()
                and "\n\n" not in self.text and not self.text.startswith("\n"))

    def count(self) -> int:
        if self._lines is None and not self._other_breaks():
            return self.text.count("\n") + (not self.text.endswith("\n") and bool(self.text))
        return len(self.lines)


_OTHER_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _decoded(blocks: Iterator[bytes], name: str) -> Iterator[Block]:
    n = 1
    for raw in blocks:
        try:
            block = Block(n, raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            line = n + raw[:exc.start].count(b"\n")
            raise BehaviourError(f"not UTF-8 text ({exc.reason})", source=name,
                                 line=line) from None
        if len(block.text) > MAX_LINE:
            for i, ln in enumerate(block.lines):
                if len(ln) > MAX_LINE:
                    raise BehaviourError(f"line is longer than {MAX_LINE // 1024} KiB; a trace "
                                         "line is one observation", source=name, line=n + i)
        yield block
        n += block.count()


# ---------------------------------------------------------------- reading


class Reader:
    """Reads a source block by block into `series` (per target, first-seen order)."""

    def __init__(self, source: Source, is_csv: bool, keep_lines: bool) -> None:
        self.source, self.is_csv, self.keep_lines = source, is_csv, keep_lines
        self.series: dict[str, Series] = {}
        self.outcomes = Outcomes()
        self.meta: dict[str, Any] = {}
        self.meta_line = 1
        self.header: list[str] | None = None
        self.eof = False
        self._blocks = source.blocks()

    def fail(self, line: int, message: str) -> BehaviourError:
        return BehaviourError(message, source=self.source.name, line=line)

    def step(self) -> bool:
        """Read and check one more block; False at the end of the source."""
        if self.eof:
            return False
        block = next(self._blocks, None)
        if block is None:
            self.eof = True
            return False
        if block.first == 1:  # a meta line or CSV header: the per-line path, alone
            lines = block.lines
            head = next((i for i, ln in enumerate(lines) if ln.strip() and not (
                self.is_csv and ln.lstrip().startswith("#"))), len(lines)) + 1
            self._checked(Block(1, "\n".join(lines[:head])))
            block = Block(1 + head, "\n".join(lines[head:]))
        self._checked(block)
        return True

    def _checked(self, block: Block) -> None:
        fast = self._fast_csv if self.is_csv else self._fast_jsonl
        try:
            fast(block)
        except _Invalid:
            _Slow(self).block(block.first, block.lines)

    # -- the vectorised path
    def _fast_jsonl(self, block: Block) -> None:
        if block.plain():
            body = block.text[:-1] if block.text.endswith("\n") else block.text
            if not body:
                return
            recs = _json_objects(body.replace("\n", "\n,"), body.count("\n") + 1)
            if recs is not None and body.count('":') == sum(map(len, recs)):
                self._accept(np.arange(block.first, block.first + len(recs)),
                             _json_columns(_dicts(recs)))
                return
        first, lines = block.first, block.lines
        nos: Any = range(first, first + len(lines))
        lines = list(map(str.strip, lines, repeat(_JSON_SPACE)))
        if "" in lines:
            keep = [i for i, s in enumerate(lines) if s]
            lines, nos = [lines[i] for i in keep], [first + i for i in keep]
        if not lines:
            return
        joined = "\n,".join(lines)
        recs = _json_objects(joined, len(lines))
        if recs is None or joined.count('":') != sum(map(len, recs)):
            raise _Invalid  # (a key twice, or '":' inside a string: the per-line checks)
        self._accept(np.asarray(nos), _json_columns(_dicts(recs)))

    def _fast_csv(self, block: Block) -> None:
        if self.header is None:
            raise _Invalid
        first, lines, text = block.first, block.lines, block.text
        if block.plain() and "#" not in text:  # no blank or comment lines: all content
            content, nos = lines, np.arange(first, first + len(lines))
        else:
            keep = [i for i, ln in enumerate(lines)
                    if ln.strip() and not ln.lstrip().startswith("#")]
            if len(keep) < len(lines) and any(map(_is_meta, lines)):
                raise _Invalid
            content, nos = [lines[i] for i in keep], np.asarray(keep, dtype=np.int64) + first
        if not content:
            return
        bare = text.isascii() and " " not in text and "\t" not in text  # nothing to strip
        width = len(self.header)
        if content is lines and '"' not in text:
            # no quoting anywhere: cells are exactly the parts between commas (as csv reads
            # them); every line must have width - 1 commas, so no row borrows another's cells
            if set(map(str.count, lines, repeat(","))) != {width - 1}:
                raise _Invalid
            flat = ",".join(lines).split(",")
            raw: list[Any] = [flat[i::width] for i in range(width)]
        else:
            try:
                rows = list(csv.reader(content, strict=True))  # an open quote: per line
            except csv.Error:
                raise _Invalid from None
            if len(rows) != len(content) or set(map(len, rows)) != {width}:
                raise _Invalid
            raw = [list(c) for c in zip(*rows, strict=False)]
        columns = (c if bare else list(map(str.strip, c)) for c in raw)
        cells = dict(zip(self.header, columns, strict=True))
        col: dict[str, list[Any] | None] = {}
        try:
            for k in KEYS:
                col[k] = _csv_column(k, cells.get(k), len(content))
        except ValueError:
            raise _Invalid from None
        self._accept(nos, col)

    def _accept(self, nos: np.ndarray, col: dict[str, list[Any] | None]) -> None:
        """Check whole columns (None: a column absent from the block); append them, or
        raise _Invalid (nothing appended)."""
        types = {k: set() if v is None else set(map(type, v)) for k, v in col.items()}
        if not (types["t"] <= {int, float} and types["target"] == {str}
                and types["status"] <= {int, _NONE} and types["exit_code"] <= {int, _NONE}
                and types["error"] <= {str, _NONE} and types["grpc_status"] <= {str, _NONE}
                and types["location"] <= {str, _NONE}
                and types["latency_ms"] <= {int, float, _NONE}):
            raise _Invalid
        try:
            t = np.array(col["t"], dtype=np.float64)
            lat = np.array(col["latency_ms"], dtype=np.float64)  # None -> nan
        except (OverflowError, ValueError, TypeError):
            raise _Invalid from None
        if not (np.isfinite(t).all() and (t >= 0).all() and (t <= MAX_SECONDS).all()):
            raise _Invalid
        if max(map(len, col["target"])) > MAX_TARGET:  # type: ignore[arg-type]
            raise _Invalid
        codes = col["exit_code"]
        if codes is not None and any(c is not None and not -2**31 <= c < 2**31 for c in codes):
            raise _Invalid
        code = self._codes(col)
        self._latencies(lat, code, col["latency_ms"], _NONE in types["latency_ms"])
        new = set(col["target"]) - self.series.keys()  # type: ignore[arg-type]
        if len(self.series) + len(new) > MAX_TARGETS:
            raise _Invalid  # the per-line path names the line
        for key in new:
            if not key or not key.isprintable():
                raise _Invalid
        self._append_in_order(col["target"], t, lat, code, nos)  # type: ignore[arg-type]

    def _codes(self, col: dict[str, list[Any] | None]) -> np.ndarray:
        """Outcome numbers; each distinct outcome is checked once."""
        names = ("status", "error", "exit_code", "grpc_status", "location")
        present = [k for k in names if col[k] is not None]
        if not present:
            raise _Invalid
        # each column's values numbered, the numbers combined: one key per distinct outcome
        combined: np.ndarray | int = 0
        distinct: list[list[Any]] = []
        scale = 1
        for k in present:
            values = list(set(col[k]))  # type: ignore[arg-type]
            ids = {v: i for i, v in enumerate(values)}
            numbered = np.array(list(map(ids.__getitem__, col[k])), dtype=np.int64)  # type: ignore[arg-type]
            combined = combined + numbered * scale
            distinct.append(values)
            scale *= len(values)
            if scale > 2**62:
                raise _Invalid
        keys, inverse = np.unique(combined, return_inverse=True)
        numbers = np.empty(len(keys), dtype=np.int64)
        for j, key in enumerate(keys.tolist()):
            full = dict.fromkeys(names)
            for k, values in zip(present, distinct, strict=True):
                full[k] = values[key % len(values)]
                key //= len(values)
            status, error, code, grpc, location = full.values()
            row = (status, error, code, grpc, location)
            # (no outcome at all is valid only for a tcp: target: the per-line path checks)
            _check_outcome(status, error, code, grpc, 0, _raise_invalid)
            if location is not None and location_problem(location, status):
                raise _Invalid
            numbers[j] = self.outcomes.add(_typed(row))
        return numbers[inverse.reshape(-1)]

    def _latencies(self, lat: np.ndarray, code: np.ndarray, raw: list[Any] | None,
                   has_none: bool) -> None:
        timeout = self.outcomes.timeout()[code]
        if has_none:
            assert raw is not None
            never = np.fromiter((x is None for x in raw), dtype=bool, count=len(raw))
            if (never & ~timeout).any():
                raise _Invalid
            lat[never] = math.inf
        if np.isnan(lat).any() or (lat < 0).any() or (np.isinf(lat) & ~timeout).any():
            raise _Invalid

    def _append_in_order(self, targets: list[str], t: np.ndarray, lat: np.ndarray,
                         code: np.ndarray, nos: np.ndarray) -> None:
        keys = list(dict.fromkeys(targets))
        if len(keys) == 1:
            parts = [(keys[0], slice(None))]
        else:
            ids = {k: i for i, k in enumerate(keys)}
            tid = np.array(list(map(ids.__getitem__, targets)))
            parts = [(k, tid == i) for k, i in ids.items()]
        for key, sel in parts:
            ts = t[sel]
            prev = self.series.get(key)
            if (np.diff(ts) < 0).any() or (prev is not None and len(prev)
                                            and ts[0] < prev.t[-1]):
                raise _Invalid
        for key, sel in parts:
            self._series(key).extend(t[sel], lat[sel], code[sel], nos[sel])

    def _series(self, key: str) -> Series:
        got = self.series.get(key)
        if got is None:
            got = self.series[key] = Series(self.keep_lines)
        return got


def _json_objects(joined: str, n: int) -> list[Any] | None:
    """The values of `n` lines that each hold one JSON object, joined by "\n,", parsed as
    one array; None if not sure. A JSON string cannot hold a raw line break, so no string
    spans two lines, and with every line starting "{" and ending "}" a value spanning two
    lines would be a nested container, which no trace field accepts (`_accept` refuses it)."""
    if joined[:1] != "{" or joined[-1:] != "}" or joined.count("}\n,{") != n - 1:
        return None
    try:
        recs = json.loads(f"[{joined}]")
    except (ValueError, RecursionError):
        return None
    return recs if len(recs) == n else None


def _dicts(recs: list[Any]) -> list[dict[str, Any]]:
    if set(map(type, recs)) != {dict}:
        raise _Invalid
    return recs


def _json_columns(recs: list[dict[str, Any]]) -> dict[str, list[Any] | None]:
    """Columns of the records; _Invalid (the per-line path) for an unknown or missing key."""
    shape = tuple(recs[0])
    if set(shape) <= set(KEYS) and set(map(len, recs)) == {len(shape)}:
        try:  # same number of keys and each of `shape` present: the same keys
            return {k: list(map(dict.__getitem__, recs, repeat(k))) if k in shape else None
                    for k in KEYS}
        except KeyError:
            pass
    # mixed shapes (e.g. statuses and errors): every key known, the required ones present;
    # an optional key absent reads as null, as the per-line checks read it
    counts = {k: sum(map(dict.__contains__, recs, repeat(k))) for k in KEYS}
    if sum(counts.values()) != sum(map(len, recs)):  # known keys <= keys, record by record
        raise _Invalid
    has = {k: n > 0 for k, n in counts.items()}
    try:
        return {k: list(map(dict.__getitem__, recs, repeat(k))) if k in _REQUIRED
                else list(map(dict.get, recs, repeat(k))) if has[k] else None for k in KEYS}
    except KeyError:
        raise _Invalid from None


def _raise_invalid(line: int, message: str) -> _Invalid:
    return _Invalid()


def _typed(row: tuple[Any, Any, Any, Any, Any]) -> Outcome:
    status, error, code, grpc, location = row
    return (status, None if error is None else AnswerError(error), code, grpc, location)


def _is_meta(line: str) -> bool:
    s = line.strip()
    return s.startswith("#") and s[1:].strip().startswith("meta:")


def _csv_column(key: str, cells: list[str] | None, n: int) -> list[Any] | None:
    """Typed cells of one CSV column (ValueError: leave it to the per-line path)."""
    if cells is None:
        if key in _REQUIRED:
            raise ValueError(key)
        return None
    if key in _REQUIRED and "" in cells:
        raise ValueError(key)
    if key in ("t", "latency_ms"):
        return list(map(float, cells))
    distinct = set(cells)
    if key in ("target", "error", "grpc_status", "location") and "" not in distinct:
        return cells  # strings as they are
    typed = {v: (None if v == "" else int(v) if key in ("status", "exit_code") else v)
             for v in distinct}
    return list(map(typed.__getitem__, cells))


# ---------------------------------------------------------------- the per-line path


class _Slow:
    """The per-line checks of one block, each error naming its line; appends the block's
    observations at its end."""

    def __init__(self, reader: Reader) -> None:
        self.r = reader
        self.rows: list[tuple[str, float, float, int, int]] = []
        self.last: dict[str, tuple[float, int]] = {
            k: (s.t[-1], s.last_line) for k, s in reader.series.items() if len(s)}
        self.fresh = 0  # targets first seen in this block

    def block(self, first: int, lines: list[str]) -> None:
        if self.r.is_csv:
            self._csv(first, lines)
        else:
            self._jsonl(first, lines)
        self._flush()

    def _jsonl(self, first: int, lines: list[str]) -> None:
        for n, raw in enumerate(lines, first):
            if not raw.strip():
                continue
            try:
                rec = _DECODER.decode(raw)
            except _Duplicate as exc:
                raise self.r.fail(n, f"key {str(exc)!r} appears twice in one object") from None
            except json.JSONDecodeError as exc:
                raise self.r.fail(n, f"malformed JSON: {exc.msg} (column {exc.colno}); each "
                                  "line must be one JSON object") from None
            except (ValueError, RecursionError):
                raise self.r.fail(n, "malformed JSON: a number with too many digits or "
                                  "nesting too deep; each line must be one JSON object"
                                  ) from None
            if not isinstance(rec, dict):
                raise self.r.fail(n, f"each line must be a JSON object, got {kind(rec)}")
            if "meta" in rec:
                if len(rec) != 1:
                    raise self.r.fail(n, "a meta line has only the key \"meta\"")
                self._set_meta(n, rec["meta"])
            else:
                self._add(n, rec)

    def _csv(self, first: int, lines: list[str]) -> None:
        for n, ln in enumerate(lines, first):
            s = ln.strip()
            if _is_meta(ln):
                try:
                    meta = json.loads(s[1:].strip()[5:])
                except json.JSONDecodeError as exc:
                    raise self.r.fail(n, f"malformed JSON in meta comment: {exc.msg}") from None
                except (ValueError, RecursionError):
                    raise self.r.fail(n, "malformed JSON in meta comment") from None
                self._set_meta(n, meta)
            elif s and not s.startswith("#"):
                self._csv_row(n, ln)

    def _csv_row(self, n: int, ln: str) -> None:
        cells = [c.strip() for c in _csv_cells(ln, n, self.r)]
        header = self.r.header
        if header is None:
            self.r.header = _header(cells, n, self.r)
        elif len(cells) != len(header):
            raise self.r.fail(n, f"expected {len(header)} cells ({','.join(header)}), "
                              f"got {len(cells)}")
        else:
            self._add(n, {k: _cell(k, v, n, self.r) for k, v in zip(header, cells, strict=True)
                          if v})

    def _set_meta(self, line: int, meta: Any) -> None:
        if self.rows or self.r.series or self.r.meta:
            raise self.r.fail(line, "meta must come once, before the first observation")
        if not isinstance(meta, dict):
            raise self.r.fail(line, f"meta must be an object, got {kind(meta)}")
        if check_depth(meta) is not None:
            raise self.r.fail(line, f"meta nests deeper than {MAX_DEPTH} levels")
        self.r.meta, self.r.meta_line = meta, line

    def _add(self, line: int, rec: dict[str, Any]) -> None:
        key, t, lat, outcome = _observation(rec, line, self.r.fail)
        prev = self.last.get(key)
        if prev is None and key not in self.r.series:
            if len(self.r.series) + self.fresh >= MAX_TARGETS:
                raise self.r.fail(line, f"more than {MAX_TARGETS:,} distinct targets; a trace "
                                  f"holds at most {MAX_TARGETS:,} (docs/limits.md)")
            self.fresh += 1
        if prev is not None and t < prev[0]:
            raise self.r.fail(line, f"t={t:g} goes back in time for target \"{key}\"; t must "
                              f"not decrease (previous {prev[0]:g} on line {prev[1]})")
        self.last[key] = (t, line)
        self.rows.append((key, t, lat, self.r.outcomes.add(outcome), line))

    def _flush(self) -> None:
        by_key: dict[str, list[tuple[str, float, float, int, int]]] = {}
        for row in self.rows:
            by_key.setdefault(row[0], []).append(row)
        for key, rows in by_key.items():
            _, t, lat, code, line = zip(*rows, strict=True)
            self.r._series(key).extend(np.array(t, dtype=np.float64),
                                       np.array(lat, dtype=np.float64),
                                       np.array(code, dtype=np.int64), np.array(line))


def _csv_cells(ln: str, n: int, r: Reader) -> list[str]:
    try:
        return next(csv.reader([ln], strict=True))
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise r.fail(n, "a quoted cell must end on its line (no line breaks in cells)"
                         ) from None
        if "field limit" in str(exc):
            raise r.fail(n, f"a cell is longer than {csv.field_size_limit()} characters"
                         ) from None
    try:  # the lenient reading (e.g. `a"b"` inside a cell), as before
        return next(csv.reader([ln]))
    except csv.Error as exc:
        raise r.fail(n, f"malformed CSV: {exc}") from None


def kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), "a number")


def is_number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _observation(rec: dict[str, Any], line: int,
                 fail: Callable[[int, str], Exception]) -> tuple[str, float, float, Outcome]:
    """Check one record (JSON object or CSV row with typed cells)."""
    unknown = [k for k in rec if k not in KEYS]
    if unknown:
        raise fail(line, f"unknown key {unknown[0]!r}; allowed: {', '.join(KEYS)} "
                   "(or a first line {\"meta\": {...}})")
    missing = [k for k in _REQUIRED if k not in rec]
    if missing:
        raise fail(line, f"missing {missing[0]!r}; every observation needs t, target, latency_ms")
    t, key, lat = rec["t"], rec["target"], rec["latency_ms"]
    if not is_number(t) or not 0 <= t < math.inf or not _finite(t):
        raise fail(line, f"t must be a finite number of seconds >= 0, got {_short(t)}")
    if t > MAX_SECONDS:
        raise fail(line, f"t must be at most {MAX_SECONDS:g} seconds, got {_short(t)}")
    if not isinstance(key, str) or not key or not key.isprintable():
        raise fail(line, f"target must be a non-empty string of printable characters, "
                   f"got {_short(key)}")
    if len(key) > MAX_TARGET:
        raise fail(line, f"target is {len(key):,} characters long; at most {MAX_TARGET:,}")
    error = _error(rec.get("error"), line, fail)
    if lat is None and error is AnswerError.TIMEOUT:
        lat = math.inf
    # a 401-digit integer is a number, but no float: _finite, never math.isfinite (overflow)
    if not is_number(lat) or lat < 0 or not (
            _finite(lat) or (lat == math.inf and error is AnswerError.TIMEOUT)):
        raise fail(line, f"latency_ms must be a finite number >= 0 (null only with "
                   f"error \"timeout\": never answered), got {_short(lat)}")
    status, code, grpc = rec.get("status"), rec.get("exit_code"), rec.get("grpc_status")
    if is_number(code) and not -2**31 <= code < 2**31:
        raise fail(line, f"exit_code must be a 32-bit integer, got {_short(code)}")
    _check_outcome(status, error, code, grpc, line, fail, tcp=key.startswith("tcp:"))
    location = rec.get("location")
    if location is not None and (problem := location_problem(location, status)):
        raise fail(line, problem)
    return key, float(t), float(lat), (status, error, code, grpc, location)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _error(value: Any, line: int, fail: Callable[[int, str], Exception]) -> AnswerError | None:
    if value is None:
        return None
    if value not in _ERRORS:
        raise fail(line, f"error must be one of {', '.join(_ERRORS)}, got {_short(value)}")
    return AnswerError(value)


def _check_outcome(status: Any, error: Any, code: Any, grpc: Any,
                   line: int, fail: Callable[[int, str], Exception], *,
                   tcp: bool = False) -> None:
    if error is not None and error not in _ERRORS:
        raise fail(line, f"error must be one of {', '.join(_ERRORS)}, got {_short(error)}")
    if status is not None and (not isinstance(status, int) or isinstance(status, bool)
                               or not 100 <= status <= 599):
        raise fail(line, f"status must be an HTTP status code 100-599, got {_short(status)}")
    if code is not None and (not isinstance(code, int) or isinstance(code, bool)):
        raise fail(line, f"exit_code must be an integer, got {_short(code)}")
    if grpc is not None and grpc not in GRPC_STATUSES:
        raise fail(line, f"grpc_status must be one of {', '.join(GRPC_STATUSES)}, "
                   f"got {_short(grpc)}")
    if error is not None and (status, code, grpc) != (None, None, None):
        raise fail(line, "an observation has either an error or an answer (status, exit_code, "
                   "grpc_status), not both")
    if error is None and (status, code, grpc) == (None, None, None) and not tcp:
        raise fail(line, "an observation needs status, error, exit_code or grpc_status (only "
                   "a tcp: target's successful connect needs none)")


def _header(cells: list[str], n: int, r: Reader) -> list[str]:
    unknown = [c for c in cells if c not in KEYS]
    if unknown:
        raise r.fail(n, f"unknown column {_short(unknown[0])}; allowed: {', '.join(KEYS)}")
    missing = [k for k in _REQUIRED if k not in cells]
    if missing:
        raise r.fail(n, f"header lacks column {missing[0]!r}; required: t, target, latency_ms")
    if len(set(cells)) != len(cells):
        raise r.fail(n, "header names a column twice")
    return cells


def _cell(key: str, value: str, n: int, r: Reader) -> Any:
    """Type one non-empty CSV cell."""
    try:
        if key in ("t", "latency_ms"):
            return float(value)
        if key in ("status", "exit_code"):
            return int(value)
    except ValueError:
        what = "a number" if key in ("t", "latency_ms") else "an integer"
        raise r.fail(n, f"{key} must be {what}, got {_short(value)}") from None
    return value


def setting(reader: Reader, name: str, enum: type[Enum]) -> Any:
    """A meta setting (`on_restart`, `censored`) as its enum, or None."""
    value = reader.meta.get(name)
    if value is None:
        return None
    allowed = "|".join(e.value for e in enum)
    if value not in [e.value for e in enum]:
        raise reader.fail(reader.meta_line,
                          f"meta.{name} must be one of {allowed}, got {_short(value)}")
    return enum(value)


def shutdown_seconds(reader: Reader) -> float:
    sd = reader.meta.get("shutdown_seconds", 0.0)
    if not is_number(sd) or not 0 <= sd < math.inf or not _finite(sd):
        raise reader.fail(reader.meta_line,
                          f"meta.shutdown_seconds must be a number >= 0, got {_short(sd)}")
    return float(sd)


__all__ += ["is_number", "kind", "setting", "shutdown_seconds"]
