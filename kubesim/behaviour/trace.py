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
  `kubesim check` replays it for; every key optional), `replicas` (a replica selector,
  `{indexes, ordinals, names, nodes, zones}`: in a fleet, only the pods it selects play the
  trace, the others the trace without one or the healthy app; a single pod replays it as
  recorded, `kubesim.behaviour.replicas`). Blank lines are ignored.
* The process exited by itself: target `process:exit` with its `exit_code` (0: completed), or
  `process:oomkilled` (OOMKilled; give `exit_code: 137`), e.g.
  `{"t": 41.0, "target": "process:exit", "exit_code": 1, "latency_ms": 0}`. With `replay` every
  container exits at that age (the first such line); with `wall` the container running at that
  time exits then (a line at the very instant a container starts does not apply to it).
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

Reading
-------
A trace file is read lazily, in file order, as far as a run needs it: a look-up at trace time
T of a target reads until that target has an observation after T (or the file ends); a plot's
windows up to T read until every target seen so far has one after T. A run over the first
hour of a day-long trace reads about an hour of it, and what is read is kept in compact
columns (`trace_store`), so a phase sweep's second replay reads nothing again. Each block is
checked as it is read, so an error further into the file is reported when the run reaches
it (still one line naming file:line, exit code 2). `targets`, `observations`, `check_censored`
and `last_time` read the whole file.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import ValidationError

from kubesim.behaviour.answer import (
    HEALTHY,
    Answer,
    AnswerError,
    BehaviourBase,
    CensoredCount,
    ExitDue,
    ReplayExtent,
    Window,
)
from kubesim.behaviour.selectors import ReplicaSelector, SelectorUse
from kubesim.behaviour.trace_read import GRPC_STATUSES, Reader, Source, setting, shutdown_seconds
from kubesim.behaviour.trace_store import Outcomes, Series
from kubesim.errors import BehaviourError
from kubesim.files import check_within, inline_text, open_input
from kubesim.spec.yamlio import STDIN

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.identity import PodIdentity
    from kubesim.spec.model import Target

__all__ = ["EXIT_TARGETS", "GRPC_STATUSES", "CensoredMode", "Observation", "RestartMode", "Trace",
           "load_trace", "parse_csv", "parse_jsonl"]

_MARGIN = 1e-6  # a replayed answer holds until this long before the next observation
EXIT_TARGET, OOM_TARGET = "process:exit", "process:oomkilled"  # "the process exited" lines
EXIT_TARGETS = (EXIT_TARGET, OOM_TARGET)
OOM_EXIT_CODE = 137


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


class Trace(BehaviourBase):
    """A recorded trace, replayed by sample and hold (see the module docstring)."""

    def __init__(self, observations_by_target: Mapping[str, list[Observation]], *,
                 restart: RestartMode = RestartMode.REPLAY,
                 censored: CensoredMode = CensoredMode.FAILURE,
                 meta: Mapping[str, Any] | None = None, source: str = "<memory>") -> None:
        self.source = source
        self.restart = RestartMode(restart)
        self.censored_mode = CensoredMode(censored)
        self.meta = dict(meta or {})
        self.selector = _selector(self.meta.get("replicas"), source, None)
        self._meta_line: int | None = None
        self._obs: dict[str, list[Observation]] | None = {
            k: list(v) for k, v in observations_by_target.items() if v}
        if not self._obs:
            raise BehaviourError("empty trace: it needs at least one observation",
                                 source=source)
        self._reader: Reader | None = None
        self._outcomes = Outcomes()
        self._series: dict[str, Series] = {}
        for key, obs in self._obs.items():
            if any(b.t < a.t for a, b in itertools.pairwise(obs)):
                raise BehaviourError(f"observations of {key!r} are not in time order",
                                     source=source)
            self._series[key] = _series_of(obs, self._outcomes)
        self._lines_of: dict[str, Any] = {}
        self._exit_list: list[tuple[float, int, bool]] | None = None
        self._extents: dict[Any, ReplayExtent] = {}

    @classmethod
    def streamed(cls, src: Source, is_csv: bool, restart: RestartMode | None,
                  censored: CensoredMode | None) -> Trace:
        """A trace read lazily from `src` (`trace_read.Source`: a file, standard input or a
        text), as far as it is asked; the first block at once (meta and settings)."""
        reader = Reader(src, is_csv, keep_lines=src.small)
        while not reader.series and reader.step():
            pass
        if not reader.series:
            raise BehaviourError("empty trace: it needs at least one observation",
                                 source=src.name)
        self = cls.__new__(cls)
        self.source, self.meta = src.name, reader.meta
        self.restart = restart or setting(reader, "on_restart", RestartMode) or RestartMode.REPLAY
        self.censored_mode = (censored or setting(reader, "censored", CensoredMode)
                              or CensoredMode.FAILURE)
        shutdown_seconds(reader)
        self.selector = _selector(reader.meta.get("replicas"), src.name, reader.meta_line)
        self._meta_line = reader.meta_line
        self._obs, self._reader = None, reader
        self._outcomes, self._series = reader.outcomes, reader.series
        self._lines_of = {}
        self._exit_list = None
        self._extents = {}
        if src.small and self._may_exit():  # "the process exited" lines: checked up front
            self._exits()
        return self

    # -- reading as far as needed
    def _more(self) -> bool:
        return self._reader is not None and self._reader.step()

    def _read_all(self) -> None:
        while self._more():
            pass

    def _ensure(self, key: str, t: float) -> Series:
        """The series of `key`, read until it has an observation after `t` (or the end)."""
        s = self._series.get(key)
        while (s is None or s.t[-1] <= t) and self._more():
            s = self._series.get(key)
        if s is None:
            self.check_targets([key])
        assert s is not None
        return s

    def _ensure_all(self, t: float) -> None:
        while any(s.t[-1] <= t for s in self._series.values()) and self._more():
            pass

    @property
    def _times(self) -> Mapping[str, Any]:
        """Deprecated (read by the sweep engine until it uses `quiet`): per target, all
        observation times; reads the whole trace."""
        self._read_all()
        return {k: s.t for k, s in self._series.items()}

    # -- the Behaviour protocol and the engine's queries
    @property
    def targets(self) -> list[str]:
        """The probe target keys the trace has observations for, in first-seen order (not
        the "the process exited" lines)."""
        self._read_all()
        return [k for k in self._series if k not in EXIT_TARGETS]

    @property
    def known_targets(self) -> list[str]:
        """The probe target keys read so far (reads nothing more)."""
        return [k for k in self._series if k not in EXIT_TARGETS]

    def target_keys(self) -> list[str]:
        """`targets`: the keys it recorded (reads the whole trace)."""
        return self.targets

    def known_target_keys(self) -> list[str]:
        """`known_targets`: the keys read so far."""
        return self.known_targets

    def answers_unnamed(self) -> bool:
        """A trace answers only the targets it recorded."""
        return False

    def censored(self) -> str | None:
        """`censored_mode`'s value."""
        return self.censored_mode.value

    def for_pod(self, identity: PodIdentity) -> Behaviour:
        """The trace, for a pod its meta's `replicas` selects (or when it selects none);
        the healthy app for any other pod of the fleet."""
        if self.selector is None or self.selector.matches(identity):
            return self
        return HEALTHY

    def replica_selectors(self) -> list[SelectorUse]:
        """The meta line's `replicas` selector, if it has one."""
        if self.selector is None:
            return []
        return [SelectorUse("meta.replicas", self.selector, self._meta_line)]

    def observations(self, key: str) -> list[Observation]:
        """All observations of one target, in time order."""
        self._read_all()
        self.check_targets([key])
        if self._obs is not None:
            return list(self._obs[key])
        return list(self._observations(key))

    def _observations(self, key: str) -> Iterator[Observation]:
        s = self._series[key]
        lines = self._lines(key)
        for i in range(len(s)):
            status, error, code, grpc, location = self._outcomes.rows[s.code[i]]
            yield Observation(s.t[i], s.latency_ms(i), status, error, code, grpc, int(lines[i]),
                              location)

    def _lines(self, key: str) -> Any:
        """Line numbers of `key`'s observations (read again if not kept: a large file)."""
        s = self._series[key]
        if s.lines is not None:
            return s.lines
        if key not in self._lines_of:
            assert self._reader is not None
            self._read_all()  # one reader at a time on a spooled standard input
            again = Reader(self._reader.source, self._reader.is_csv, keep_lines=True)
            while again.step():
                pass
            self._lines_of = {k: v.lines for k, v in again.series.items()}
        return self._lines_of[key]

    def check_targets(self, keys: Iterable[str]) -> None:
        """Raise BehaviourError for the first key the trace has no observations for."""
        for key in keys:
            while key not in self._series and self._more():
                pass
            if key not in self._series:
                have = ", ".join(sorted(self._series))
                raise BehaviourError(
                    f'trace has no observations for target "{key}" (it has: {have})',
                    source=self.source)

    def lookup_time(self, at: float, started_at: float) -> float:
        """Trace time for a request at `at` by the container started at `started_at`."""
        return at - started_at if self.restart is RestartMode.REPLAY else at

    def index(self, key: str, t: float) -> int:
        """Index of the observation of `key` in force at trace time `t` (sample and hold)."""
        s = self._ensure(key, t)
        return max(bisect.bisect_right(s.t, t) - 1, 0)

    def lookup(self, key: str, t: float) -> Observation:
        """The observation of `key` in force at trace time `t`."""
        i = self.index(key, t)
        if self._obs is not None:
            return self._obs[key][i]
        s = self._series[key]
        status, error, code, grpc, location = self._outcomes.rows[s.code[i]]
        return Observation(s.t[i], s.latency_ms(i), status, error, code, grpc,
                           int(self._lines(key)[i]), location)

    def answer(self, target: Target, at: float, started_at: float,
               rng: np.random.Generator | None, container: str = "") -> Answer:
        """The recorded answer in force at the lookup time; `rng` is not used, nor
        `container` (a trace records one process)."""
        return self.quiet(target, at, started_at)[0]

    def quiet(self, target: Target, at: float, started_at: float,
              container: str = "") -> tuple[Answer, float]:
        """The answer at `at` and the time until which it holds: the next observation's
        time (`wall`), or `started_at` + its time - 1e-6 (`replay`); math.inf after the last."""
        lookup = self.lookup_time(at, started_at)
        s = self._ensure(target.key, lookup)
        j = bisect.bisect_right(s.t, lookup)
        i = max(j - 1, 0)
        answer = self._outcomes.answer(s.code[i], s.latency_ms(i))
        if j >= len(s):
            return answer, math.inf
        nxt = s.t[j]
        return answer, (nxt if self.restart is RestartMode.WALL
                        else started_at + nxt - _MARGIN)

    def stall_end(self, at: float, started_at: float, container: str = "") -> float:
        """Traces record no process stalls."""
        return at

    def shutdown_seconds(self, container: str = "") -> float:
        """`meta.shutdown_seconds`, default 0."""
        return float(self.meta.get("shutdown_seconds", 0.0))

    def exit_at(self, started_at: float, container: str = "", run: int = 0) -> ExitDue | None:
        """The recorded exit of the process started at `started_at` (see the module
        docstring), or None; a trace records one process, whatever its `run`."""
        for t, code, oom in self._exits():
            if self.restart is RestartMode.REPLAY:
                return ExitDue(started_at + t, code, oom)
            if t > started_at:
                return ExitDue(t, code, oom)
        return None

    def _exits(self) -> list[tuple[float, int, bool]]:
        """The "the process exited" lines, (t, exit code, OOMKilled) in time order; read
        once, the whole trace (an exit may be its last line)."""
        if self._exit_list is not None:
            return self._exit_list
        if not self._may_exit():
            self._exit_list = []
            return self._exit_list
        self._read_all()
        exits = []
        for key in EXIT_TARGETS:
            s = self._series.get(key)
            for i in range(len(s) if s is not None else 0):
                status, error, code, _, _ = self._outcomes.rows[s.code[i]]  # type: ignore[union-attr]
                if code is None or error is not None or status is not None:
                    raise BehaviourError(f'a "{key}" line gives exit_code only (the process\'s '
                                         "exit code)", source=self.source,
                                         line=int(self._lines(key)[i]) or None)
                exits.append((float(s.t[i]), OOM_EXIT_CODE if key == OOM_TARGET  # type: ignore[union-attr]
                              else int(code), key == OOM_TARGET))
        self._exit_list = sorted(exits)
        return self._exit_list

    def _may_exit(self) -> bool:
        """Whether the trace can hold "the process exited" lines: a file or text is searched
        for their target as bytes (no parsing: the reader does not move); standard input may."""
        src = self._reader.source if self._reader is not None else None
        if src is None:
            return True
        if src.text is not None:
            return "process:" in src.text
        if src.path is None:  # standard input: read as it comes
            return True
        needle, tail = b"process:", b""
        with open_input(src.path, src.name, BehaviourError) as fh:  # in blocks, not whole
            while block := fh.read(1 << 20):
                if needle in tail + block:
                    return True
                tail = block[-(len(needle) - 1):]
        return False

    def last_time(self, key: str) -> float:
        """The time of `key`'s last observation (reads the whole trace)."""
        self._read_all()
        self.check_targets([key])
        return self._series[key].t[-1]

    def replay_extent(self, keys: Mapping[str, float], until: float,
                      killing: Collection[str], least: float = 0.0) -> ReplayExtent:
        """What a run of `until` seconds asking `keys` replays (`ReplayExtent`; an answer
        as slow as its key's ms fails; the failing stretches kept are those of the `killing`
        keys, `least` seconds or longer): each key read until it has an observation after
        `until` (or the file ends), as the run's own look-ups read it, and the exit lines if
        the file may hold some (as its first container start reads them); what is read is
        kept, so the run reads nothing again (and the extent, for a sweep's every point)."""
        asked = (tuple(sorted(keys.items())), until, tuple(sorted(killing)), least)
        got = self._extents.get(asked)
        if got is None:
            if len(self._extents) > 64:
                self._extents.clear()
            got = self._extents[asked] = self._extent(keys, until, killing, least)
        return got

    def _extent(self, keys: Mapping[str, float], until: float, killing: Collection[str],
                least: float) -> ReplayExtent:
        last, failing, erring = 0.0, [], 0.0
        held_failing, held_slowest = False, 0.0
        times: list[np.ndarray] = []
        changes: list[float] = []
        for key in dict.fromkeys(keys):
            s = self._ensure(key, until)
            seen = max(bisect.bisect_right(s.t, until), 1)  # the first holds from 0 on
            bad = self._outcomes.failing()  # per outcome read so far
            runs = _failing_runs(s, seen, bad, keys[key], until)
            changes += [t for start, length in runs for t in (start, start + length)]
            erring += sum(length for _, length in _failing_runs(
                s, seen, self._outcomes.erring(), math.inf, until))
            if key in killing:
                failing += [(start, length) for start, length in runs if length >= least]
            times.append(np.array(s.t[1:seen], dtype=np.float64))
            if seen > 1:  # the answer changes at each later observation up to `until`
                last = max(last, s.t[seen - 1])
            held_failing = held_failing or bool(bad[s.code[seen - 1]])
            held_slowest = max(held_slowest, s.latency_ms(seen - 1))
        exits = tuple(t for t, _, _ in self._exits())
        distinct = np.unique(np.concatenate(times)) if times else np.empty(0)
        return ReplayExtent(last, distinct, np.unique(np.array(changes, dtype=np.float64)),
                            sorted(failing), erring, held_failing, held_slowest, exits,
                            self.restart is RestartMode.REPLAY)

    def windows(self, until: float) -> list[Window]:
        """Trace-time windows where a target's held observation fails, labelled
        `"<key> failing"` (wall clock for `wall`; the first container for `replay`)."""
        self._ensure_all(until)  # (a target first seen later in the file is not included)
        failing = self._outcomes.failing()
        out: list[Window] = []
        for key, s in self._series.items():
            n = min(bisect.bisect_right(s.t, until) + 1, len(s))
            t, codes = s.views(n)  # no copies of a large trace's columns
            try:
                out += _failing_windows(key, t, failing[codes])
            finally:
                del t, codes  # the arrays may grow again
        clipped = [Window(w.start, min(w.end, until), w.label, w.replicas) for w in out
                   if w.start < until]
        return sorted((w for w in clipped if w.end > w.start), key=lambda w: (w.start, w.label))

    def check_censored(self, timeout_seconds_by_key: Mapping[str, float]) -> None:
        """Raise BehaviourError at the first line whose censored latency is below its target's
        probe timeout (such a line cannot say whether the probe would have timed out)."""
        self._read_all()
        found: list[tuple[int, str, float]] = []
        for key in self._series:
            if key not in timeout_seconds_by_key:
                continue
            first = next(self._censored_below(key, timeout_seconds_by_key[key]), None)
            if first is not None:
                i, latency_ms = first
                found.append((int(self._lines(key)[i]), key, latency_ms))
        if not found:
            return
        line, key, latency_ms = min(found, key=lambda f: f[0])
        limit = f"{timeout_seconds_by_key[key]:g} s"
        raise BehaviourError(
            f"timeout after {latency_ms:g} ms says nothing about a {limit} probe timeout "
            f'of "{key}"; re-record with a client timeout of at least {limit} or use '
            "--censored failure|discard", source=self.source, line=line or None)

    def censored_below(self, key: str, seconds: float) -> CensoredCount:
        """How many censored timeouts of `key` are shorter than `seconds`, and the longest of
        them in ms (0, 0.0 if none); reads the whole trace, in bounded memory."""
        self._read_all()
        self.check_targets([key])
        count, longest = 0, 0.0
        for _, latency_ms in self._censored_below(key, seconds):
            count += 1
            longest = max(longest, latency_ms)
        return CensoredCount(count, longest)

    def _censored_below(self, key: str, seconds: float) -> Iterator[tuple[int, float]]:
        """(index, latency_ms) of each censored observation of `key` shorter than `seconds`."""
        timeout = self._outcomes.timeout()
        for start, lat, codes in self._series[key].latency_chunks():
            bad = np.flatnonzero(timeout[codes] & np.isfinite(lat) & (lat / 1000 < seconds))
            for i in bad.tolist():
                yield start + i, float(lat[i])


def _selector(value: Any, source: str, line: int | None) -> ReplicaSelector | None:
    """The meta's `replicas` as a selector; an error naming the meta line if it is not
    one."""
    if value is None:
        return None
    try:
        return ReplicaSelector.model_validate(value)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = "".join(f".{p}" if isinstance(p, str) else f"[{p}]" for p in err["loc"]
                        if not (isinstance(p, str) and p.startswith("list[")))
        raise BehaviourError(f"meta.replicas{where}: {err['msg'].removeprefix('Value error, ')}",
                             source=source, line=line) from None


def _series_of(obs: list[Observation], outcomes: Outcomes) -> Series:
    s = Series(keep_lines=True)
    codes = [outcomes.add((o.status, o.error, o.exit_code, o.grpc_status, o.location))
             for o in obs]
    s.extend(np.array([o.t for o in obs], dtype=np.float64),
             np.array([o.latency_ms for o in obs], dtype=np.float64),
             np.array(codes, dtype=np.int64), np.array([o.line for o in obs]))
    return s


def _failing_runs(s: Series, seen: int, bad: np.ndarray, slow_ms: float,
                  until: float) -> list[tuple[float, float]]:
    """(trace time, length) of each stretch over which the answer in force (of the first
    `seen` observations of `s`; the first from 0 on, the last until `until`) fails or takes
    `slow_ms` or more; read in chunks, not copied whole."""
    times = np.frombuffer(s.t, dtype=np.float64, count=seen)
    runs: list[tuple[float, float]] = []
    began, carry = None, False
    for start, lat, codes in s.latency_chunks():
        if start >= seen:
            break
        n = min(seen - start, len(lat))
        mask = bad[codes[:n]] | (lat[:n] >= slow_ms)
        prev = np.concatenate(([carry], mask[:-1]))
        for i in np.flatnonzero(mask != prev).tolist():
            at = 0.0 if start + i == 0 else float(times[start + i])
            if mask[i]:
                began = at
            elif began is not None:
                runs.append((began, at - began))
                began = None
        carry = bool(mask[-1])
    del times  # the arrays may grow again
    return runs if began is None else [*runs, (began, max(until - began, 0.0))]


def _failing_windows(key: str, t: np.ndarray, failing: np.ndarray) -> list[Window]:
    """[start, end) of each run of failing observations (the first from 0)."""
    if not len(t):
        return []
    before = np.concatenate(([False], failing[:-1]))
    starts = np.flatnonzero(failing & ~before)
    ends = np.flatnonzero(~failing & before)
    label = f"{key} failing"
    out = []
    for k, i in enumerate(starts):
        start = 0.0 if i == 0 else float(t[i])
        end = float(t[ends[k]]) if k < len(ends) else math.inf
        out.append(Window(start, end, label))
    return out


def parse_jsonl(text: str, source: str = "<memory>", *, restart: RestartMode | None = None,
                censored: CensoredMode | None = None) -> Trace:
    """Parse JSON Lines trace text (see the module docstring)."""
    return Trace.streamed(Source(source, text=text), False, restart, censored)


def parse_csv(text: str, source: str = "<memory>", *, restart: RestartMode | None = None,
              censored: CensoredMode | None = None) -> Trace:
    """Parse CSV trace text (see the module docstring)."""
    return Trace.streamed(Source(source, text=text), True, restart, censored)


def load_trace(path: str, *, restart: RestartMode | None = None,
               censored: CensoredMode | None = None) -> Trace:
    """Open a trace file (`-`: standard input), read as far as it is asked; `.csv` files are
    CSV, others JSONL. Explicit `restart`/`censored` override the meta's
    `on_restart`/`censored`."""
    inline = inline_text(path)
    if path == STDIN or inline is not None:  # no file name to go by: CSV unless it starts `{`
        if inline is None:
            check_within(path, BehaviourError)
        src = Source.stdin() if inline is None else Source(path, text=inline)
        first = next((ln.strip() for block in src.blocks() for ln in block.lines
                      if ln.strip() and not ln.strip().startswith("#")), "{")
        is_csv = not first.startswith("{")
    else:
        check_within(path, BehaviourError)
        src = Source(path, path=path)
        is_csv = Path(path).suffix.lower() == ".csv"
    return Trace.streamed(src, is_csv, restart, censored)
