"""Tests that touch real time, judged by what they recorded (a pytest plugin: conftest.py loads
it).

A loaded machine stretches every real interval, so no test here compares a recorded time with
a fixed tolerance (`5.0 ± 0.1`). The bounds come from the recording itself:

* **causality**: a request sent at `t` whose answer came back `latency` later was received
  and answered by the server inside [t, t + latency]; the server's own log says when, on the
  same clock (the in-process servers here use `time.monotonic()`; the example app counts from
  the capture's t=0, `KUBESIM_CAPTURE_T0`);
* **order**: one path never has two probes in flight, and no probe is sent ahead of its
  interval grid;
* **the fault's own record**: the app logs when its database went down, when its event loop
  stalled and for how long, so "the trace shows the outage" means "the transition lies between
  the last success and the first failure the app itself logged".

Waiting is only a guard against a hang (a generous deadline), never a measurement; every
failure message quotes the recorded times.

Processes and servers started by a test are closed by the fixture that started them, whatever
the test's outcome: a failing test keeps its frames alive (pytest's post-mortem
`sys.last_traceback`), and a pipe left to the garbage collector would raise its
`ResourceWarning` (an error under `filterwarnings = error`) in whichever later test happens to
collect it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self, TypeVar

import pytest

from kubesim.behaviour.trace import Observation

T = TypeVar("T")

# a hang guard, not a measurement: far beyond anything a loaded 2-core machine needs
HANG = 180.0
# the resolution of the trace format: `t` has 6 decimals, `latency_ms` 3 (1 µs each)
RESOLUTION = 2e-6


# ---------------------------------------------------------------- waiting without measuring


def wait_until(what: str, probe: Callable[[], T | None], *, timeout: float = HANG,
               every: float = 0.05, state: Callable[[], str] | None = None) -> T:
    """`probe()`'s first truthy value, polled every `every` s; after `timeout` s (a hang
    guard) an AssertionError naming `what` and the recorded state."""
    deadline = time.monotonic() + timeout
    while True:
        got = probe()
        if got:
            return got
        if time.monotonic() > deadline:
            seen = f"; recorded: {state()}" if state is not None else ""
            raise AssertionError(f"{what}: not within {timeout:g} s{seen}")
        time.sleep(every)


def jsonl(path: Path) -> list[dict[str, Any]]:
    """The complete lines of a JSON-lines file being written (a torn last line is left for
    the next read)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in text.splitlines(keepends=True)
            if line.endswith("\n") and line.strip()]


# ---------------------------------------------------------------- processes


class Processes:
    """Subprocesses of one test: `start` is `subprocess.Popen`; at the end each one still
    running is killed (its process group too, if it leads one) and every one is reaped and
    its pipes closed."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[Any]] = []

    def start(self, argv: Sequence[str], **kwargs: Any) -> subprocess.Popen[Any]:
        proc = subprocess.Popen(argv, **kwargs)
        self.started.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.started:
            if proc.poll() is None:
                if proc.pid == _pgid(proc.pid):
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(proc.pid, signal.SIGKILL)
                proc.kill()
            try:
                proc.wait(HANG)
            finally:
                for pipe in (proc.stdin, proc.stdout, proc.stderr):
                    if pipe is not None:
                        pipe.close()


def _pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


@pytest.fixture
def procs() -> Iterator[Processes]:
    """Start subprocesses with `procs.start(argv, ...)`; none outlives the test, none leaves a
    pipe open."""
    started = Processes()
    try:
        yield started
    finally:
        started.close()


def finish(proc: subprocess.Popen[str], timeout: float = HANG) -> tuple[str, str]:
    """`proc.communicate()` under the hang guard."""
    return proc.communicate(timeout=timeout)


# ---------------------------------------------------------------- a recording HTTP server


@dataclass
class Seen:
    """One request as the server saw it: `at` when its handler started (the request line and
    headers were in), `answered` when it started sending the status line (None: closed
    without an answer); both `time.monotonic()`."""

    port: int
    path: str
    headers: dict[str, str]
    at: float
    answered: float | None = None


@dataclass
class Route:
    """What a path answers: `status` (0: close the connection without an answer), `body`,
    and `hold`: seconds the answer is held back (the server's close releases it at once)."""

    status: int
    body: bytes = b""
    hold: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive would be allowed: the client must not use it
    server: RecordingServer

    def do_GET(self) -> None:
        seen = Seen(self.client_address[1], self.path, dict(self.headers.items()),
                    time.monotonic())
        self.server.note(seen)
        route = self.server.routes.get(self.path.split("?")[0], Route(200, b"ok"))
        if route.hold:
            self.server.released.wait(route.hold)
        if route.status == 0:
            self.close_connection = True
            return
        seen.answered = time.monotonic()
        try:
            self.send_response(route.status)
            for name, value in route.headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(route.body)))
            self.end_headers()
            self.wfile.write(route.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout): what the test is about

    def log_message(self, *args: object) -> None:
        pass


class RecordingServer(ThreadingHTTPServer):
    """A real HTTP server on loopback that logs every request (`seen`) with its own times."""

    daemon_threads = True

    def __init__(self, routes: dict[str, Route]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes = dict(routes)
        self.seen: list[Seen] = []
        self.released = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def note(self, seen: Seen) -> None:
        with self._lock:
            self.seen.append(seen)

    def requests(self, path: str) -> list[Seen]:
        with self._lock:
            return [s for s in self.seen if s.path == path]

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.released.set()  # held answers go out now; their threads end
        self.shutdown()
        self.server_close()
        self._thread.join(HANG)


# ---------------------------------------------------------------- laws of a recorded trace


def show(obs: Iterable[Observation]) -> str:
    """Observations as the trace recorded them, for failure messages."""
    return ", ".join(f"t={o.t:.6f} {o.status if o.status is not None else o.error.value}"  # type: ignore[union-attr]
                     f" in {o.latency_ms:g} ms" for o in obs)


def ticker_problems(obs: Sequence[Observation], interval: float,
                    duration: float) -> list[str]:
    """Where one path's observations break the recorder's ticker (R1.10, R1.11), judged only
    by what they recorded: the k-th request is never sent before k * interval (ticks drop,
    they never come early; a late thread sends late, even past the duration), so there are
    no more requests than ticks up to the duration; and none is sent before the previous one
    returned (one in flight)."""
    problems = []
    for k, o in enumerate(obs):
        if o.t + RESOLUTION < k * interval:
            problems.append(f"request {k} sent at t={o.t:.6f}, before its tick {k * interval:g}")
    if len(obs) > int(duration / interval + 1e-9) + 1:
        problems.append(f"{len(obs)} requests in {duration:g} s at an interval of {interval:g}")
    for k, (a, b) in enumerate(itertools.pairwise(obs)):
        if b.t + RESOLUTION < a.t + a.latency_ms / 1000:
            problems.append(f"request {k + 1} sent at t={b.t:.6f} while request {k} (t={a.t:.6f},"
                            f" {a.latency_ms:g} ms) was in flight")
    return problems


def probed_to_the_end(obs: Sequence[Observation], interval: float, duration: float,
                      elapsed: float) -> bool:
    """Whether the recorder kept its ticker to the end: its last request was on the last tick
    (t > duration - interval), or it came back after the duration (`elapsed`, the capture's
    own summary) and no tick was left."""
    return bool(obs) and (obs[-1].t > duration - interval or elapsed > duration)


def causality_problems(obs: Observation, at: float, answered: float | None) -> list[str]:
    """A request sent at `obs.t` (on the server's clock) was received no earlier, and its
    answer (if the observation has one) chosen no later than it came back."""
    problems = []
    if at + RESOLUTION < obs.t:
        problems.append(f"the server received it at {at:.6f}, before it was sent")
    end = obs.t + obs.latency_ms / 1000
    if obs.status is not None and (answered is None or answered > end + RESOLUTION):
        problems.append(f"the server answered at {answered}, after the answer came back "
                        f"at {end:.6f}")
    return problems


# ---------------------------------------------------------------- the example app's own log


@dataclass(frozen=True)
class AppRequest:
    """One request in the example app's event log (`--event-log`): received at `at`, status
    chosen at `answered` (None: never answered), seconds on the capture's clock."""

    path: str
    at: float
    answered: float | None
    status: int | None


@dataclass(frozen=True)
class AppEvent:
    """A fault or the startup in the app's event log: `at` to `until` (a db switch has no
    `until`; `up` is its new state)."""

    event: str
    at: float
    until: float | None = None
    up: bool | None = None


@dataclass(frozen=True)
class AppLog:
    """The example app's event log, read after it exited."""

    requests: tuple[AppRequest, ...]
    events: tuple[AppEvent, ...]

    @classmethod
    def read(cls, path: Path) -> AppLog:
        requests, events = [], []
        for rec in jsonl(path):
            if rec["event"] == "request":
                requests.append(AppRequest(rec["path"], rec["at"], rec["answered"],
                                           rec["status"]))
            else:
                events.append(AppEvent(rec["event"], rec["at"], rec.get("until"),
                                       rec.get("up")))
        return cls(tuple(sorted(requests, key=lambda r: r.at)), tuple(events))

    def of(self, path: str) -> list[AppRequest]:
        return [r for r in self.requests if r.path == path]

    def event(self, name: str, **fields: Any) -> AppEvent:
        """The one event of that name (and fields)."""
        found = [e for e in self.events
                 if e.event == name and all(getattr(e, k) == v for k, v in fields.items())]
        assert len(found) == 1, f"the app logged {len(found)} {name} {fields} events: {self.events}"
        return found[0]


def matched(obs: Sequence[Observation], requests: Sequence[AppRequest]
            ) -> list[tuple[Observation, AppRequest | None]]:
    """Each observation the app could have seen (all but `refused`) with the app's record of
    that request, in order: an answered observation has the same status as the app's entry,
    the app received it no earlier than it was sent and chose the status no later than the
    answer came back. A timed-out request may have been logged late (the app answered after
    the client gave up) or never; every other logged request is in the trace. AssertionError,
    quoting both records, otherwise."""
    pairs: list[tuple[Observation, AppRequest | None]] = []
    j = pending = 0  # pending: timed-out observations whose entry may still come
    for o in obs:
        if o.error is not None and o.error.value == "refused":
            continue
        if o.status is None:
            pending += 1
            pairs.append((o, None))
            continue
        for skip in range(pending + 1):
            r = requests[j + skip] if j + skip < len(requests) else None
            if r is not None and r.status == o.status and not causality_problems(
                    o, r.at, r.answered):
                pairs.append((o, r))
                pending -= skip
                j += skip + 1
                break
        else:
            near = requests[max(j - 2, 0):j + pending + 3]
            raise AssertionError(f"the trace's {show([o])} matches no request the app logged "
                                 f"next: {near}")
    left = requests[j:]
    assert len(left) <= pending, (f"the app logged requests the trace does not have: {left}; "
                                  f"the trace ends {show(obs[-3:])}")
    return pairs
