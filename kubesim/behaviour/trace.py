"""Recorded traces: what an application really answered, replayed as a `Behaviour`.

Format
------
JSON Lines (any file not ending in `.csv`), one observation per line::

    {"meta": {"command": "probe-recorder ...", "interval": 1, "on_restart": "replay"}}
    {"t": 12.5, "target": "/healthz", "status": 503, "latency_ms": 3.1}
    {"t": 13.5, "target": "/healthz", "error": "timeout", "latency_ms": 1000}
    {"t": 13.5, "target": "exec:cat /tmp/healthy", "exit_code": 1, "latency_ms": 12}
    {"t": 14.0, "target": "grpc:9090", "grpc_status": "NOT_SERVING", "latency_ms": 2}

* `t` (seconds, >= 0), `target` (a probe target key: the httpGet path, `tcp:8080`,
  `exec:<command>`, `grpc:9090[/service]`) and `latency_ms` (>= 0) are required.
* The outcome: `status` (HTTP 100-599) or `error` (`refused`, `timeout`, `reset`, `error`),
  never both; `exit_code` (exec targets, integer) and `grpc_status` (`SERVING`, `NOT_SERVING`,
  `UNKNOWN`, `SERVICE_UNKNOWN`) are optional and cannot go with `error`. An observation needs
  at least one of the four.
* `error: timeout` with `latency_ms: null` means "never answered" (infinite latency); with a
  finite latency it is *censored*: the recording client gave up after that long, so the real
  answer came later or never.
* An optional first line `{"meta": {...}}` carries provenance (free-form keys such as `command`,
  `interval`, `timeout`, `started_at`, `source`) and settings: `on_restart` (`replay`|`wall`),
  `censored` (`failure`|`discard`|`reject`), `shutdown_seconds` (>= 0, the app's time to exit
  after SIGTERM). Blank lines are ignored.
* Per target, `t` must not decrease from one line to the next; equal times are allowed (the
  later line wins).

CSV (files ending in `.csv`) has a header naming its columns, in any order: `t`, `target`,
`latency_ms` (required) and `status`, `error`, `exit_code`, `grpc_status` (optional), e.g.
`t,target,status,error,latency_ms`. Empty cells are absent fields; `inf` in `latency_ms` is
"never answered". Lines starting with `#` are comments; a comment `# meta: {...json...}` before
the header carries the same meta object as JSONL. Standard input (`-`) is CSV if its first
non-blank, non-comment line does not start with `{`.

Semantics
---------
* Lookup time: with `on_restart: replay` (default) a restarted container is a fresh process and
  replays the trace from its start, so a request at `at` by the container started at
  `started_at` looks up `at - started_at`. With `wall` the trace continues on the wall clock
  (e.g. an outage of an external database) and looks up `at`.
* Sample and hold: the observation used is the latest one of that target with `t <=` lookup
  time; before the first observation, the first one.
* The answer's latency is `latency_ms / 1000` seconds.
* A target the trace never observed is an error (`Trace.check_targets`).
* Censored timeouts are answered as `Answer(error=TIMEOUT, latency=..., censored=True)`; the
  engine judges them against the probe's `timeoutSeconds` by `Trace.censored_mode`
  (`kubesim.kubelet.prober.judge`): a censored latency at or above the timeout is a plain timeout; below it,
  `failure` counts it as a timeout anyway, `discard` as a prober error (result discarded) and
  `reject` refuses the trace up front (`Trace.check_censored`).
"""

from __future__ import annotations

import bisect
import csv
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import Answer, AnswerError, Window
from kubesim.errors import BehaviourError
from kubesim.files import MAX_DEPTH, STDIN, check_depth, read_text

if TYPE_CHECKING:
    import numpy as np

    from kubesim.spec.model import Target

__all__ = ["GRPC_STATUSES", "CensoredMode", "Observation", "RestartMode", "Trace",
           "load_trace", "parse_csv", "parse_jsonl"]

GRPC_STATUSES = ("SERVING", "NOT_SERVING", "UNKNOWN", "SERVICE_UNKNOWN")
_ERRORS = tuple(e.value for e in AnswerError)
_KEYS = ("t", "target", "status", "error", "latency_ms", "exit_code", "grpc_status")
_REQUIRED = ("t", "target", "latency_ms")
MAX_SECONDS = 1e9  # t and shutdown_seconds: about 31 years
MAX_TARGET = 4096  # characters of a target key
MAX_CELL = csv.field_size_limit()  # 128 KiB: the csv module's limit for one cell
MAX_LINE = 1024 * 1024  # characters of one CSV line


class RestartMode(str, Enum):
    """How a restarted container's requests map onto trace time."""

    REPLAY = "replay"  # a fresh process: trace time = the container's age
    WALL = "wall"  # the trace continues on the wall clock


class CensoredMode(str, Enum):
    """What a censored timeout shorter than the probe's timeout means."""

    FAILURE = "failure"  # count it as a timeout anyway
    DISCARD = "discard"  # a prober error: the probe result is discarded
    REJECT = "reject"  # refuse the trace


@dataclass(frozen=True, slots=True)
class Observation:
    """One recorded answer; `line` is its 1-based line in the trace file (0: not from a file)."""

    t: float
    latency_ms: float
    status: int | None = None
    error: AnswerError | None = None
    exit_code: int | None = None
    grpc_status: str | None = None
    line: int = 0

    @property
    def censored(self) -> bool:
        """A client timeout after a finite time: the real latency is only bounded below."""
        return self.error is AnswerError.TIMEOUT and math.isfinite(self.latency_ms)

    @property
    def failing(self) -> bool:
        """Whether any handler would count this answer as a failure."""
        return (self.error is not None or not 200 <= (self.status or 200) < 400
                or (self.exit_code or 0) != 0 or self.grpc_status not in (None, "SERVING"))

    def to_answer(self) -> Answer:
        """The engine's view of this observation."""
        return Answer(status=200 if self.status is None else self.status, error=self.error,
                      exit_code=self.exit_code or 0, grpc_status=self.grpc_status or "SERVING",
                      latency=self.latency_ms / 1000, censored=self.censored)


class Trace:
    """A recorded trace, replayed by sample and hold (see the module docstring)."""

    def __init__(self, observations_by_target: Mapping[str, list[Observation]], *,
                 restart: RestartMode = RestartMode.REPLAY,
                 censored: CensoredMode = CensoredMode.FAILURE,
                 meta: Mapping[str, Any] | None = None, source: str = "<memory>") -> None:
        self.source = source
        self.restart = RestartMode(restart)
        self.censored_mode = CensoredMode(censored)
        self.meta = dict(meta or {})
        self._obs = {k: list(v) for k, v in observations_by_target.items() if v}
        if not self._obs:
            raise BehaviourError("empty trace: it needs at least one observation", source=source)
        for key, obs in self._obs.items():
            if any(b.t < a.t for a, b in zip(obs, obs[1:])):
                raise BehaviourError(f"observations of {key!r} are not in time order",
                                     source=source)
        self._times = {k: [o.t for o in v] for k, v in self._obs.items()}
        self._answers = {k: [o.to_answer() for o in v] for k, v in self._obs.items()}

    @property
    def targets(self) -> list[str]:
        """The target keys the trace has observations for, in first-seen order."""
        return list(self._obs)

    def observations(self, key: str) -> list[Observation]:
        """All observations of one target, in time order."""
        self.check_targets([key])
        return list(self._obs[key])

    def check_targets(self, keys: Iterable[str]) -> None:
        """Raise BehaviourError for the first key the trace has no observations for."""
        for key in keys:
            if key not in self._obs:
                have = ", ".join(sorted(self._obs))
                raise BehaviourError(
                    f'trace has no observations for target "{key}" (it has: {have})',
                    source=self.source)

    def lookup_time(self, at: float, started_at: float) -> float:
        """Trace time for a request at `at` by the container started at `started_at`."""
        return at - started_at if self.restart is RestartMode.REPLAY else at

    def index(self, key: str, t: float) -> int:
        """Index of the observation of `key` in force at trace time `t` (sample and hold)."""
        self.check_targets([key])
        return max(bisect.bisect_right(self._times[key], t) - 1, 0)

    def lookup(self, key: str, t: float) -> Observation:
        """The observation of `key` in force at trace time `t`."""
        return self._obs[key][self.index(key, t)]

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator) -> Answer:
        """The recorded answer in force at the lookup time; `rng` is not used."""
        i = self.index(target.key, self.lookup_time(at, started_at))
        return self._answers[target.key][i]

    def stall_end(self, at: float, started_at: float) -> float:
        """Traces record no process stalls."""
        return at

    def shutdown_seconds(self) -> float:
        """`meta.shutdown_seconds`, default 0."""
        return float(self.meta.get("shutdown_seconds", 0.0))

    def windows(self, until: float) -> list[Window]:
        """Trace-time windows where a target's held observation fails, labelled
        `"<key> failing"` (wall clock for `wall`; the first container for `replay`)."""
        out: list[Window] = []
        for key, obs in self._obs.items():
            start: float | None = None
            for i, o in enumerate(obs):
                if o.failing and start is None:
                    start = 0.0 if i == 0 else o.t
                elif not o.failing and start is not None:
                    out.append(Window(start, o.t, f"{key} failing"))
                    start = None
            if start is not None:
                out.append(Window(start, math.inf, f"{key} failing"))
        clipped = [Window(w.start, min(w.end, until), w.label) for w in out if w.start < until]
        return sorted((w for w in clipped if w.end > w.start), key=lambda w: (w.start, w.label))

    def check_censored(self, timeout_seconds_by_key: Mapping[str, float]) -> None:
        """Raise BehaviourError at the first line whose censored latency is below its target's
        probe timeout (such a line cannot say whether the probe would have timed out)."""
        found = [(o.line, key, o) for key, obs in self._obs.items()
                 if key in timeout_seconds_by_key for o in obs
                 if o.censored and o.latency_ms / 1000 < timeout_seconds_by_key[key]]
        if not found:
            return
        line, key, o = min(found, key=lambda f: f[0])
        timeout = f"{timeout_seconds_by_key[key]:g} s"
        raise BehaviourError(
            f"timeout after {o.latency_ms:g} ms says nothing about a {timeout} probe timeout "
            f'of "{key}"; re-record with a client timeout of at least {timeout} or use '
            "--censored failure|discard", source=self.source, line=line or None)


# ---------------------------------------------------------------- parsing


class _Builder:
    """Collects observations line by line, checking time order per target."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.obs: dict[str, list[Observation]] = {}
        self.meta: dict[str, Any] = {}
        self.meta_line = 1

    def fail(self, line: int, message: str) -> BehaviourError:
        return BehaviourError(message, source=self.source, line=line)

    def set_meta(self, line: int, meta: Any) -> None:
        if self.obs or self.meta:
            raise self.fail(line, "meta must come once, before the first observation")
        if not isinstance(meta, dict):
            raise self.fail(line, f"meta must be an object, got {_kind(meta)}")
        if check_depth(meta) is not None:
            raise self.fail(line, f"meta nests deeper than {MAX_DEPTH} levels")
        self.meta, self.meta_line = meta, line

    def add(self, line: int, rec: dict[str, Any]) -> None:
        key, o = _observation(rec, line, self.fail)
        prev = self.obs.setdefault(key, [])
        if prev and o.t < prev[-1].t:
            raise self.fail(line, f"t={o.t:g} goes back in time for target \"{key}\"; t must "
                            f"not decrease (previous {prev[-1].t:g} on line {prev[-1].line})")
        prev.append(o)

    def build(self, restart: RestartMode | None, censored: CensoredMode | None) -> Trace:
        if not self.obs:
            raise BehaviourError("empty trace: it needs at least one observation",
                                 source=self.source)
        meta_restart = _setting(self.meta, "on_restart", RestartMode, self)
        meta_censored = _setting(self.meta, "censored", CensoredMode, self)
        sd = self.meta.get("shutdown_seconds", 0.0)
        if not _finite(sd) or not 0 <= sd <= MAX_SECONDS:
            raise self.fail(self.meta_line, f"meta.shutdown_seconds must be a number of "
                            f"seconds 0-{MAX_SECONDS:g}, got {_shown(sd)}")
        return Trace(self.obs, restart=restart or meta_restart or RestartMode.REPLAY,
                     censored=censored or meta_censored or CensoredMode.FAILURE,
                     meta=self.meta, source=self.source)


def _setting(meta: dict[str, Any], name: str, enum: type[Enum], b: _Builder) -> Any:
    value = meta.get(name)
    if value is None:
        return None
    allowed = "|".join(e.value for e in enum)
    if value not in [e.value for e in enum]:
        raise b.fail(b.meta_line, f"meta.{name} must be one of {allowed}, got {_shown(value)}")
    return enum(value)


def _kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), "a number")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    """A number a float can hold (an integer of 400 digits cannot)."""
    if not _is_number(value):
        return False
    if isinstance(value, int):
        return value.bit_length() <= 1000
    return math.isfinite(value)


def _shown(value: Any) -> str:
    """A short, safe rendering of a bad value for a message (no huge or deep reprs)."""
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return _kind(value)


def _observation(rec: dict[str, Any], line: int, fail: Any) -> tuple[str, Observation]:
    """Validate one record (JSON object or CSV row with typed cells)."""
    unknown = [k for k in rec if k not in _KEYS]
    if unknown:
        raise fail(line, f"unknown key {unknown[0]!r}; allowed: {', '.join(_KEYS)} "
                   "(or a first line {\"meta\": {...}})")
    missing = [k for k in _REQUIRED if k not in rec]
    if missing:
        raise fail(line, f"missing {missing[0]!r}; every observation needs t, target, latency_ms")
    t, key, lat = rec["t"], rec["target"], rec["latency_ms"]
    if not _finite(t) or not 0 <= t <= MAX_SECONDS:
        raise fail(line, f"t must be a finite number of seconds 0-{MAX_SECONDS:g}, "
                   f"got {_shown(t)}")
    if not isinstance(key, str) or not key or not key.isprintable() or len(key) > MAX_TARGET:
        raise fail(line, f"target must be a non-empty string of at most {MAX_TARGET} "
                   f"printable characters, got {_shown(key)}")
    error = _error(rec.get("error"), line, fail)
    if lat is None and error is AnswerError.TIMEOUT:
        lat = math.inf
    if not (lat == math.inf or _finite(lat)) or not 0 <= lat <= math.inf or (
            lat == math.inf and error is not AnswerError.TIMEOUT):
        raise fail(line, f"latency_ms must be a finite number >= 0 (null only with "
                   f"error \"timeout\": never answered), got {_shown(lat)}")
    status, code, grpc = rec.get("status"), rec.get("exit_code"), rec.get("grpc_status")
    _check_outcome(status, error, code, grpc, line, fail)
    return key, Observation(float(t), float(lat), status, error, code, grpc, line)


def _error(value: Any, line: int, fail: Any) -> AnswerError | None:
    if value is None:
        return None
    if value not in _ERRORS:
        raise fail(line, f"error must be one of {', '.join(_ERRORS)}, got {_shown(value)}")
    return AnswerError(value)


def _check_outcome(status: Any, error: AnswerError | None, code: Any, grpc: Any,
                   line: int, fail: Any) -> None:
    if status is not None and (not isinstance(status, int) or isinstance(status, bool)
                               or not 100 <= status <= 599):
        raise fail(line, f"status must be an HTTP status code 100-599, got {_shown(status)}")
    if code is not None and (not isinstance(code, int) or isinstance(code, bool)
                             or not -(2**31) <= code < 2**31):
        raise fail(line, f"exit_code must be a 32-bit integer (as the container runtime "
                   f"reports it), got {_shown(code)}")
    if grpc is not None and grpc not in GRPC_STATUSES:
        raise fail(line, f"grpc_status must be one of {', '.join(GRPC_STATUSES)}, "
                   f"got {_shown(grpc)}")
    if error is not None and (status, code, grpc) != (None, None, None):
        raise fail(line, "an observation has either an error or an answer (status, exit_code, "
                   "grpc_status), not both")
    if error is None and (status, code, grpc) == (None, None, None):
        raise fail(line, "an observation needs status, error, exit_code or grpc_status")


class _Duplicate(ValueError):
    pass


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        keys = [k for k, _ in pairs]
        key = next(k for i, k in enumerate(keys) if k in keys[:i])
        raise _Duplicate(f"duplicate key {key!r} in one object")
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)


def _decode_line(raw: str, n: int, b: _Builder, what: str = "JSON") -> Any:
    """One JSON value on one line: a duplicate key, an integer beyond Python's 4300 digits or
    nesting beyond the interpreter's stack are errors of that line."""
    try:
        return _DECODER.decode(raw)
    except json.JSONDecodeError as exc:
        raise b.fail(n, f"malformed {what}: {exc.msg} (column {exc.colno}); each line must "
                     "be one JSON object") from None
    except _Duplicate as exc:
        raise b.fail(n, f"{what}: {exc}") from None
    except RecursionError:
        raise b.fail(n, f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # an integer of thousands of digits, a lone surrogate
        if "integer string conversion" in str(exc):
            raise b.fail(n, f"{what}: an integer of more than 4300 digits") from None
        raise b.fail(n, f"malformed {what}: {' '.join(str(exc).split())[:120]}") from None


def parse_jsonl(text: str, source: str = "<memory>", *, restart: RestartMode | None = None,
                censored: CensoredMode | None = None) -> Trace:
    """Parse JSON Lines trace text (see the module docstring)."""
    b = _Builder(source)
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        rec = _decode_line(raw, n, b)
        if not isinstance(rec, dict):
            raise b.fail(n, f"each line must be a JSON object, got {_kind(rec)}")
        if "meta" in rec:
            if len(rec) != 1:
                raise b.fail(n, "a meta line has only the key \"meta\"")
            b.set_meta(n, rec["meta"])
        else:
            b.add(n, rec)
    return b.build(restart, censored)


def parse_csv(text: str, source: str = "<memory>", *, restart: RestartMode | None = None,
              censored: CensoredMode | None = None) -> Trace:
    """Parse CSV trace text (see the module docstring)."""
    b = _Builder(source)
    header: list[str] | None = None
    for n, row in _rows(text.removeprefix("\ufeff").splitlines(), b):
        cells = [c.strip() for c in row]
        if header is None:
            header = _header(cells, n, b)
        elif len(cells) != len(header):
            raise b.fail(n, f"expected {len(header)} cells ({','.join(header)}), "
                         f"got {len(cells)}")
        else:
            b.add(n, {k: _cell(k, v, n, b) for k, v in zip(header, cells, strict=True) if v})
    return b.build(restart, censored)


def _rows(lines: list[str], b: _Builder) -> Iterable[tuple[int, list[str]]]:
    """(line number, cells) of each content line; a cell over MAX_CELL characters or a quoted
    cell that runs onto the next line is an error."""
    numbers: list[int] = []  # the file line of each line handed to the csv reader
    reader = csv.reader(_content(lines, b, numbers), strict=True)
    while True:
        before = reader.line_num
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            n = numbers[-1] if numbers else 1
            if "field limit" in str(exc):
                raise b.fail(n, f"a cell is longer than {MAX_CELL // 1024} KiB") from None
            raise b.fail(n, f"malformed CSV: {exc}") from None
        n = numbers[before]
        if reader.line_num - before > 1:
            raise b.fail(n, "a quoted cell runs past the end of its line; a trace cell cannot "
                         "hold a line break")
        yield n, row


def _content(lines: list[str], b: _Builder, numbers: list[int]) -> Iterable[str]:
    """Content lines (recording their numbers); reads `# meta:` comments on the way."""
    for n, ln in enumerate(lines, 1):
        s = ln.strip()
        if s.startswith("#") and s[1:].strip().startswith("meta:"):
            b.set_meta(n, _decode_line(s[1:].strip()[5:], n, b, what="JSON in meta comment"))
        elif s and not s.startswith("#"):
            if len(ln) > MAX_LINE:
                raise b.fail(n, f"the line is longer than {MAX_LINE // 1024} KiB")
            numbers.append(n)
            yield ln


def _header(cells: list[str], n: int, b: _Builder) -> list[str]:
    unknown = [c for c in cells if c not in _KEYS]
    if unknown:
        raise b.fail(n, f"unknown column {_shown(unknown[0])}; allowed: {', '.join(_KEYS)}")
    missing = [k for k in _REQUIRED if k not in cells]
    if missing:
        raise b.fail(n, f"header lacks column {missing[0]!r}; required: t, target, latency_ms")
    if len(set(cells)) != len(cells):
        raise b.fail(n, "header names a column twice")
    return cells


def _cell(key: str, value: str, n: int, b: _Builder) -> Any:
    """Type one non-empty CSV cell."""
    if key in ("status", "exit_code") and len(value) > 19:
        raise b.fail(n, f"{key} must be a 32-bit integer, got {len(value)} characters")
    try:
        if key in ("t", "latency_ms"):
            return float(value)
        if key in ("status", "exit_code"):
            return int(value)
    except ValueError:
        kind = "a number" if key in ("t", "latency_ms") else "an integer"
        raise b.fail(n, f"{key} must be {kind}, got {_shown(value)}") from None
    return value


def load_trace(path: str, *, restart: RestartMode | None = None,
               censored: CensoredMode | None = None) -> Trace:
    """Load a trace file (`-`: standard input); `.csv` files are CSV, others JSONL. Explicit
    `restart`/`censored` override the meta's `on_restart`/`censored`."""
    text, source = read_text(path, BehaviourError, max_bytes=None)  # a trace may be long
    if path == STDIN:
        first = next((ln.strip() for ln in text.splitlines()
                      if ln.strip() and not ln.strip().startswith("#")), "{")
        is_csv = not first.startswith("{")
    else:
        is_csv = Path(path).suffix.lower() == ".csv"
    parse = parse_csv if is_csv else parse_jsonl
    return parse(text, source, restart=restart, censored=censored)
