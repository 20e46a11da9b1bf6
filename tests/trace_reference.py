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
  at least one of the four, except a successful connect of a `tcp:` target, which has none.
* `location` (optional, only with a 3xx `status`): the answer's `Location` header, absolute or
  relative; the prober follows it to the same host (R2.10, `docs/kubelet-rules.md`), so the
  path it names needs observations of its own.
* `error: timeout` with `latency_ms: null` means "never answered" (infinite latency); with a
  finite latency it is *censored*: the recording client gave up after that long, so the real
  answer came later or never.
* An optional first line `{"meta": {...}}` carries provenance (free-form keys such as `command`,
  `interval`, `timeout`, `started_at`, `source`) and settings: `on_restart` (`replay`|`wall`),
  `censored` (`failure`|`discard`|`reject`), `shutdown_seconds` (>= 0, the app's time to exit
  after SIGTERM), `applies_to` (a list of `{kind, name, namespace, container}`: the containers
  `kubesim check` replays it for; every key optional). Blank lines are ignored.
* Per target, `t` must not decrease from one line to the next; equal times are allowed (the
  later line wins).

CSV (files ending in `.csv`) has a header naming its columns, in any order: `t`, `target`,
`latency_ms` (required) and `status`, `location`, `error`, `exit_code`, `grpc_status`
(optional), e.g.
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
import itertools
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubesim.behaviour.answer import Answer, AnswerError, Window, location_problem
from kubesim.errors import BehaviourError
from kubesim.spec.yamlio import STDIN, read_text

if TYPE_CHECKING:
    import numpy as np

    from kubesim.spec.model import Target

__all__ = ["GRPC_STATUSES", "CensoredMode", "Observation", "RestartMode", "Trace",
           "load_trace", "parse_csv", "parse_jsonl"]

GRPC_STATUSES = ("SERVING", "NOT_SERVING", "UNKNOWN", "SERVICE_UNKNOWN")
_ERRORS = tuple(e.value for e in AnswerError)
_KEYS = ("t", "target", "status", "error", "latency_ms", "exit_code", "grpc_status",
         "location")
_REQUIRED = ("t", "target", "latency_ms")


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
    location: str | None = None  # the Location header of a 3xx answer (R2.10)

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
                      latency=self.latency_ms / 1000, censored=self.censored,
                      location=self.location)


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
            if any(b.t < a.t for a, b in itertools.pairwise(obs)):
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
        if not _is_number(sd) or not 0 <= sd < math.inf:
            raise self.fail(self.meta_line,
                            f"meta.shutdown_seconds must be a number >= 0, got {sd!r}")
        return Trace(self.obs, restart=restart or meta_restart or RestartMode.REPLAY,
                     censored=censored or meta_censored or CensoredMode.FAILURE,
                     meta=self.meta, source=self.source)


def _setting(meta: dict[str, Any], name: str, enum: type[Enum], b: _Builder) -> Any:
    value = meta.get(name)
    if value is None:
        return None
    allowed = "|".join(e.value for e in enum)
    if value not in [e.value for e in enum]:
        raise b.fail(b.meta_line, f"meta.{name} must be one of {allowed}, got {value!r}")
    return enum(value)


def _kind(value: Any) -> str:
    return {bool: "a boolean", str: "a string", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), "a number")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


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
    if not _is_number(t) or not 0 <= t < math.inf:
        raise fail(line, f"t must be a finite number of seconds >= 0, got {t!r}")
    if not isinstance(key, str) or not key or not key.isprintable():
        raise fail(line, f"target must be a non-empty string of printable characters, "
                   f"got {key!r}")
    error = _error(rec.get("error"), line, fail)
    if lat is None and error is AnswerError.TIMEOUT:
        lat = math.inf
    if not _is_number(lat) or not 0 <= lat <= math.inf or (
            lat == math.inf and error is not AnswerError.TIMEOUT):
        raise fail(line, f"latency_ms must be a finite number >= 0 (null only with "
                   f"error \"timeout\": never answered), got {lat!r}")
    status, code, grpc = rec.get("status"), rec.get("exit_code"), rec.get("grpc_status")
    _check_outcome(status, error, code, grpc, line, fail, tcp=key.startswith("tcp:"))
    location = rec.get("location")
    if location is not None and (problem := location_problem(location, status)):
        raise fail(line, problem)
    return key, Observation(float(t), float(lat), status, error, code, grpc, line, location)


def _error(value: Any, line: int, fail: Any) -> AnswerError | None:
    if value is None:
        return None
    if value not in _ERRORS:
        raise fail(line, f"error must be one of {', '.join(_ERRORS)}, got {value!r}")
    return AnswerError(value)


def _check_outcome(status: Any, error: AnswerError | None, code: Any, grpc: Any,
                   line: int, fail: Any, *, tcp: bool = False) -> None:
    if status is not None and (not isinstance(status, int) or isinstance(status, bool)
                               or not 100 <= status <= 599):
        raise fail(line, f"status must be an HTTP status code 100-599, got {status!r}")
    if code is not None and (not isinstance(code, int) or isinstance(code, bool)):
        raise fail(line, f"exit_code must be an integer, got {code!r}")
    if grpc is not None and grpc not in GRPC_STATUSES:
        raise fail(line, f"grpc_status must be one of {', '.join(GRPC_STATUSES)}, got {grpc!r}")
    if error is not None and (status, code, grpc) != (None, None, None):
        raise fail(line, "an observation has either an error or an answer (status, exit_code, "
                   "grpc_status), not both")
    if error is None and (status, code, grpc) == (None, None, None) and not tcp:
        raise fail(line, "an observation needs status, error, exit_code or grpc_status (only "
                   "a tcp: target's successful connect needs none)")


def parse_jsonl(text: str, source: str = "<memory>", *, restart: RestartMode | None = None,
                censored: CensoredMode | None = None) -> Trace:
    """Parse JSON Lines trace text (see the module docstring)."""
    b = _Builder(source)
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise b.fail(n, f"malformed JSON: {exc.msg} (column {exc.colno}); each line must "
                         "be one JSON object") from None
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
    lines = text.splitlines()
    for n, row in zip(_content_lines(lines, b), csv.reader(_content(lines)), strict=True):
        cells = [c.strip() for c in row]
        if header is None:
            header = _header(cells, n, b)
        elif len(cells) != len(header):
            raise b.fail(n, f"expected {len(header)} cells ({','.join(header)}), "
                         f"got {len(cells)}")
        else:
            b.add(n, {k: _cell(k, v, n, b) for k, v in zip(header, cells, strict=True) if v})
    return b.build(restart, censored)


def _content(lines: list[str]) -> Iterable[str]:
    return (ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#"))


def _content_lines(lines: list[str], b: _Builder) -> Iterable[int]:
    """Line numbers of content lines; reads `# meta:` comments on the way."""
    for n, ln in enumerate(lines, 1):
        s = ln.strip()
        if s.startswith("#") and s[1:].strip().startswith("meta:"):
            try:
                b.set_meta(n, json.loads(s[1:].strip()[5:]))
            except json.JSONDecodeError as exc:
                raise b.fail(n, f"malformed JSON in meta comment: {exc.msg}") from None
        elif s and not s.startswith("#"):
            yield n


def _header(cells: list[str], n: int, b: _Builder) -> list[str]:
    unknown = [c for c in cells if c not in _KEYS]
    if unknown:
        raise b.fail(n, f"unknown column {unknown[0]!r}; allowed: {', '.join(_KEYS)}")
    missing = [k for k in _REQUIRED if k not in cells]
    if missing:
        raise b.fail(n, f"header lacks column {missing[0]!r}; required: t, target, latency_ms")
    if len(set(cells)) != len(cells):
        raise b.fail(n, "header names a column twice")
    return cells


def _cell(key: str, value: str, n: int, b: _Builder) -> Any:
    """Type one non-empty CSV cell."""
    try:
        if key in ("t", "latency_ms"):
            return float(value)
        if key in ("status", "exit_code"):
            return int(value)
    except ValueError:
        kind = "a number" if key in ("t", "latency_ms") else "an integer"
        raise b.fail(n, f"{key} must be {kind}, got {value!r}") from None
    return value


def load_trace(path: str, *, restart: RestartMode | None = None,
               censored: CensoredMode | None = None) -> Trace:
    """Load a trace file (`-`: standard input); `.csv` files are CSV, others JSONL. Explicit
    `restart`/`censored` override the meta's `on_restart`/`censored`."""
    text, source = read_text(path, BehaviourError)
    if path == STDIN:
        first = next((ln.strip() for ln in text.splitlines()
                      if ln.strip() and not ln.strip().startswith("#")), "{")
        is_csv = not first.startswith("{")
    else:
        is_csv = Path(path).suffix.lower() == ".csv"
    parse = parse_csv if is_csv else parse_jsonl
    return parse(text, source, restart=restart, censored=censored)
