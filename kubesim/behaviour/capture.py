"""Recording a real service's health endpoints the way the kubelet's HTTP prober sees them.

The recorder behind `kubesim capture` (`cmd_capture.py` is its command line). Plain classes, no
printing: a `Recorder` probes each path from its own thread at a fixed interval and hands
every observation to a `TraceWriter`, which appends it to the trace file as one JSON line and
flushes at once, so whatever ends the capture (its duration, Ctrl-C, SIGTERM, the app dying)
leaves a valid trace holding everything observed so far.

How one probe is sent (docs/kubelet-rules.md §2.2, R2.5-R2.11):

* a GET on a **new connection** (no pooling, no keep-alive: `Connection: close`, as Go's
  `DisableKeepAlives` sends), no proxy from the environment, no compression asked for, TLS
  certificates not verified; headers `User-Agent: kube-probe/<major.minor>` and `Accept: */*`;
* redirects are not followed while recording: a 3xx is recorded as it came, with its
  `Location` header as `location`; kubesim follows it when it replays the trace the way the
  kubelet does (same host: the path it names decides, so capture that path too; another host:
  a success with a warning; R2.10);
* at most 10 KiB of the body is read; `latency_ms` runs from sending the request to the end of
  that read;
* `--timeout` is one deadline for the whole request (connect, headers, body), as the
  kubelet's HTTP client's; an answer that took longer is recorded as `error: timeout` with
  `latency_ms` = the timeout (censored: the real answer came later or never), exactly what a
  kubelet with that `timeoutSeconds` would see;
* errors: connection refused → `refused`; any other failure to connect (unreachable host) →
  `refused` too (the kubelet counts both as the same failure); the peer closing or resetting the
  connection before the status line → `reset`; a timeout before the status line → `timeout`;
  an error while reading the body → `error` (a prober error: the kubelet discards the result,
  R2.11).

Ticks: path *i* is probed at t = k * interval (k = 0, 1, ...) until `duration`; a probe still in
flight when its next tick comes makes that tick drop (like the kubelet's ticker, R1.10), so
one path never has two requests in flight. `t` is when the request was sent, seconds since t=0:
the launch of the app with `launch`, else the start of the capture.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import math
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

from kubesim.behaviour import capture_http, capture_owner
from kubesim.behaviour.answer import MAX_LOCATION, location_problem
from kubesim.behaviour.capture_owner import Answerer, Verdict
from kubesim.behaviour.trace_read import MAX_TARGET
from kubesim.errors import UsageError
from kubesim.files import open_live

__all__ = [
    "BODY_LIMIT",
    "DEFAULT_GRACE",
    "T0_VARIABLE",
    "CaptureResult",
    "CaptureSettings",
    "Check",
    "HttpProber",
    "LaunchedApp",
    "PathStatus",
    "Recorder",
    "TraceWriter",
    "check_target_url",
    "probe_url",
    "progress_text",
]

T0_VARIABLE = "KUBESIM_CAPTURE_T0"  # the capture's t=0 (time.monotonic()), given to --launch
BODY_LIMIT = 10 * 1024  # the kubelet reads at most 10 KiB of a probe's body (R2.11)
KUBE_VERSION = "1.35"  # the kubelet minor version named in User-Agent by default
# between SIGTERM and SIGKILL when the capture stops the app: the kubelet's, the pod's
# terminationGracePeriodSeconds (R4.4), 30 s when the pod leaves it unset (R5.3)
DEFAULT_GRACE = 30.0
MAX_GRACE = 600.0

# bounds that keep a capture finite and gentle on the app
MIN_INTERVAL, MAX_DURATION, MAX_PATHS, MAX_TIMEOUT = 0.05, 86_400.0, 16, 60.0
MAX_URL, MAX_LAUNCH = 8192, 65_536  # characters (all of them go into the trace's meta line)


@dataclass(frozen=True)
class CaptureSettings:
    """What to probe, how often and for how long; `launch` is a shell command that starts the
    app (t=0 is its start) or None (probe a running service, t=0 is the capture's start)."""

    url: str
    paths: tuple[str, ...]
    interval: float = 0.5
    timeout: float = 1.0
    duration: float = 60.0
    launch: str | None = None
    grace: float = DEFAULT_GRACE
    on_restart: str = "replay"
    kube_version: str = KUBE_VERSION
    allow_remote: bool = False

    def __post_init__(self) -> None:
        _check_range("--interval", self.interval, MIN_INTERVAL, 3600.0)
        _check_range("--timeout", self.timeout, 0.001, MAX_TIMEOUT)
        _check_range("--duration", self.duration, self.interval / 1000, MAX_DURATION)
        _check_range("--grace", self.grace, 0.0, MAX_GRACE)
        if not self.paths:
            raise UsageError("capture needs at least one --path")
        if len(self.paths) > MAX_PATHS:
            raise UsageError(f"at most {MAX_PATHS} --path values, got {len(self.paths)}")
        for p in self.paths:
            if not p.startswith("/") or not p.isprintable() or " " in p:
                raise UsageError(f"--path {p[:40]!r} must start with / and have no spaces")
            if len(p) > MAX_TARGET:  # the trace's target: what the reader accepts
                raise UsageError(f"--path is {len(p):,} characters long; at most "
                                 f"{MAX_TARGET:,}")
        # the meta line holds the URL and the command: within the reader's line length
        for name, value, most in (("URL", self.url, MAX_URL),
                                  ("--launch", self.launch, MAX_LAUNCH)):
            if value is not None and len(value) > most:
                raise UsageError(f"the {name} is {len(value):,} characters long; at most "
                                 f"{most:,}")
        if len(set(self.paths)) != len(self.paths):
            raise UsageError("a --path is given twice")
        if not re.fullmatch(r"[0-9]{1,3}\.[0-9]{1,3}", self.kube_version):
            # it goes into the User-Agent header: no line break or other text may ride along
            raise UsageError(f"--kube-version {self.kube_version[:40]!r} must look like 1.35 "
                             "(major.minor)")
        if self.on_restart not in ("replay", "wall"):
            raise UsageError(f"--on-restart must be replay or wall, got {self.on_restart!r}")
        if self.launch is not None and not self.launch.strip():
            raise UsageError("--launch needs a command")
        check_target_url(self.url, allow_remote=self.allow_remote)

    @property
    def max_observations(self) -> int:
        """An upper bound on the requests the capture sends."""
        return len(self.paths) * (math.floor(self.duration / self.interval) + 1)


def _check_range(name: str, value: float, low: float, high: float) -> None:
    if not isinstance(value, int | float) or not low <= value <= high:
        raise UsageError(f"{name} {value!r} must be between {low:g} and {high:g} seconds")


def check_target_url(url: str, *, allow_remote: bool = False) -> tuple[str, int]:
    """(host, port) of an http(s) base URL; UsageError unless the host is loopback (an IP
    literal in 127.0.0.0/8 or ::1, or `localhost`) or `allow_remote`."""
    try:
        parts = urlsplit(url)
    except ValueError as exc:  # "Invalid IPv6 URL": an unclosed [
        raise UsageError(f"URL {url[:80]!r} is not a URL ({exc}); it must look like "
                         "http://127.0.0.1:8000") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"URL {url[:80]!r} must look like http://127.0.0.1:8000")
    if parts.query or parts.fragment or parts.path not in ("", "/"):
        raise UsageError(f"URL {url[:80]!r} must be the service's base URL; give paths with "
                         "--path")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise UsageError(f"URL {url[:80]!r} has a bad port") from None
    host = parts.hostname
    if not allow_remote and not _is_loopback(host):
        raise UsageError(f"URL host {host!r} is not loopback (127.0.0.1, ::1, localhost); "
                         "pass --allow-remote to probe another host")
    return host, port


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def probe_url(base: str, path: str) -> str:
    """The URL of one probed path (the kubelet's R2.5: path as given, query kept)."""
    parts = urlsplit(base)
    path_part, _, query = path.partition("?")
    return urlunsplit((parts.scheme, parts.netloc, path_part, query, ""))


def something_listens(host: str, port: int, timeout: float = 0.3) -> bool:
    """Whether a TCP connect to host:port succeeds now."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


# ---------------------------------------------------------------- one probe


class HttpProber:
    """Sends one kubelet-style GET per call on a fresh connection, under one deadline for the
    whole request (`capture_http`); not shared across threads."""

    def __init__(self, timeout: float, kube_version: str = KUBE_VERSION) -> None:
        self.timeout = timeout
        self.headers = {"User-Agent": f"kube-probe/{kube_version}", "Accept": "*/*",
                        "Connection": "close", "Accept-Encoding": "identity"}
        self.cut = self.unusable = 0  # Location headers cut to MAX_LOCATION, or left out

    def probe(self, url: str, sent: float | None = None) -> dict[str, Any]:
        """One observation (without `t` and `target`): `status` or `error`, and `latency_ms`.
        `sent` (time.monotonic()) is the instant the caller records as the observation's `t`:
        the latency runs from it, so [t, t + latency] holds the whole request exactly."""
        start = time.monotonic() if sent is None else sent
        try:
            status, location = capture_http.get(url, self.headers, self.timeout, BODY_LIMIT)
        except capture_http.ProbeFailed as exc:
            elapsed = time.monotonic() - start
            if exc.kind == "timeout" or (exc.kind != "error" and elapsed >= self.timeout):
                # the deadline came first: what a kubelet with this timeout sees
                return {"error": "timeout", "latency_ms": _ms(self.timeout)}
            return {"error": exc.kind, "latency_ms": _ms(elapsed)}
        elapsed = time.monotonic() - start
        if elapsed >= self.timeout:
            # the kubelet's overall deadline (R2.8) would have fired before this answer
            return {"error": "timeout", "latency_ms": _ms(self.timeout)}
        if location and 300 <= status <= 399:
            location = self._fit(location, status)
        if location and 300 <= status <= 399:
            return {"status": status, "location": location, "latency_ms": _ms(elapsed)}
        return {"status": status, "latency_ms": _ms(elapsed)}

    def _fit(self, location: str, status: int) -> str | None:
        """The `Location` as the trace reader accepts it: cut to MAX_LOCATION characters
        (counted in `cut`), or left out when it is no printable http(s) URL (counted in
        `unusable`), so the capture's own trace is always one kubesim reads."""
        if len(location) > MAX_LOCATION:
            location = location[:MAX_LOCATION]
            self.cut += 1
        if location_problem(location, status) is not None:
            self.unusable += 1
            return None
        return location

    def close(self) -> None:
        """Nothing is kept between probes."""


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


# ---------------------------------------------------------------- the trace file


class TraceWriter:
    """A JSONL trace written line by line: the meta line first (`write_meta`), then one
    flushed line per observation (thread-safe). Nothing is buffered across lines, so the file
    is a valid trace whenever the process stops."""

    def __init__(self, path: str | Path) -> None:
        # kubesim.files: a regular file only (no symlink, FIFO, device); written in place,
        # one flushed line at a time, because the file must be a valid trace at every moment
        self._fh: IO[str] = open_live(str(path), what="--output")
        self.path = Path(path)
        self.count = 0
        self._lock = threading.Lock()

    def write_meta(self, meta: dict[str, Any]) -> None:
        """The first line, `{"meta": {...}}`."""
        with self._lock:
            self._line({"meta": meta})

    def _line(self, record: dict[str, Any]) -> None:
        self._fh.write(json.dumps(record, separators=(", ", ": ")) + "\n")
        self._fh.flush()

    def write(self, t: float, target: str, observation: dict[str, Any]) -> None:
        """Append one observation `{t, target, status|error, latency_ms}`. After `close` it
        is dropped: a probe thread the recorder stopped waiting for (a loaded machine) may
        return after the capture ended, and its answer is not part of it."""
        with self._lock:
            if self._fh.closed:
                return
            self._line({"t": round(t, 6), "target": target, **observation})
            self.count += 1

    def close(self) -> None:
        with self._lock:
            self._fh.close()


# ---------------------------------------------------------------- the launched app


def launch_argv(command: str) -> tuple[list[str], dict[str, str]]:
    """How to run a --launch command: a simple command (`[NAME=VALUE ...] PROGRAM ARGS...`,
    no shell syntax) is executed directly, so the app itself is the launched process and gets
    the signals; anything else runs under `/bin/sh -c`. Returns (argv, extra environment)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        words = list(lexer)
    except ValueError:
        words = []
    shell_syntax = not words or any(set(w) <= set("();<>|&") for w in words) or any(
        c in command for c in "$`*?~\\\n#")
    if shell_syntax:
        return ["/bin/sh", "-c", command], {}
    env = {}
    while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    if not words or shutil.which(words[0]) is None:  # a shell builtin, or let sh say why
        return ["/bin/sh", "-c", command], {}
    return words, env


class LaunchedApp:
    """The app under test, in its own process group, started by a tiny supervisor
    (`_SUPERVISOR`) that leads the group: signals to the recorder do not reach the app,
    stopping the group reaches all of it, and if the recorder dies in any way (`kill -9`
    included) the kernel tells the supervisor (Linux: PR_SET_PDEATHSIG), which stops the whole
    group: SIGTERM, then SIGKILL after the grace period. `proc` is the supervisor; it exits
    with the app's own status once every process of the app has ended.

    The app finds the capture's t=0 in its environment, `KUBESIM_CAPTURE_T0` (a reading of
    the system's monotonic clock, Python's `time.monotonic()`): the supervisor and the app's
    own start-up take time (seconds on a loaded machine), so an app that schedules faults on
    the trace's clock must count from this, not from its own process start."""

    def __init__(self, command: str, log: IO[bytes] | None = None,
                 grace: float = DEFAULT_GRACE, *,
                 t0: float | None = None) -> None:
        self.command = command
        argv, env = launch_argv(command)
        out: IO[bytes] | int = subprocess.DEVNULL if log is None else log
        self.started = time.monotonic() if t0 is None else t0
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _SUPERVISOR, repr(float(grace)),
             str(os.getpid()), *argv],
            env={**os.environ, **env, T0_VARIABLE: repr(self.started)},
            stdin=subprocess.DEVNULL, stdout=out,
            stderr=subprocess.STDOUT if log is not None else subprocess.DEVNULL,
            start_new_session=True,
            # before the recorder's threads start; the child only calls prctl
            preexec_fn=_PARENT_DEATH)
        self.exited_at: float | None = None
        self.stopped_by: str | None = None
        self.shutdown_seconds: float | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    def poll(self) -> int | None:
        """The exit code if the app has exited on its own (noted once), else None."""
        code = self.proc.poll()
        if code is not None and self.exited_at is None:
            self.exited_at = time.monotonic()
        return code

    def stop(self, grace: float) -> int:
        """SIGTERM to the process group; SIGKILL to whatever of it is left after `grace`
        seconds. Waits until the whole group is gone (the shell may exit before the app it
        started has shut down). The shell's exit code."""
        if self.poll() is None:
            sent = time.monotonic()
            self._signal_group(signal.SIGTERM)
            self.stopped_by = "SIGTERM"
            if not self._wait_group(sent + grace):
                self._signal_group(signal.SIGKILL)
                self.stopped_by = "SIGKILL"
                self._wait_group(time.monotonic() + 5.0)
            self.shutdown_seconds = round(time.monotonic() - sent, 3)
        else:  # exited on its own: leave nothing of its group behind
            self._signal_group(signal.SIGKILL)
        return self.proc.wait()

    def _wait_group(self, deadline: float) -> bool:
        """Wait until the shell has exited and no process of the group is left."""
        while time.monotonic() < deadline:
            if self.proc.poll() is not None and not self._group_alive():
                return True
            time.sleep(0.01)
        return False

    def _group_alive(self) -> bool:
        """Whether a process of the group is still running (zombies waiting for whoever
        adopted them do not count; Linux reads /proc)."""
        try:
            os.killpg(self.proc.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # pragma: no cover - a member we may not signal
            return True
        proc = Path("/proc")
        if not proc.is_dir():  # pragma: no cover - not Linux
            return True
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == self.proc.pid and fields[0] not in ("Z", "X"):
                return True
        return False

    def _signal_group(self, sig: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)


def _parent_death_signal() -> Callable[[], None] | None:
    """Linux: a preexec function asking the kernel for SIGHUP to the supervisor when the
    recorder's thread that started it dies (prctl PR_SET_PDEATHSIG = 1); looked up in the
    parent, so the child imports nothing between fork and exec."""
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return None
    return lambda: prctl(1, int(signal.SIGHUP), 0, 0, 0)


_PARENT_DEATH = _parent_death_signal()

# The supervisor: `python -I -S -c _SUPERVISOR GRACE RECORDER_PID ARGV...`. It leads the app's
# process group, is the subreaper of everything the app starts (so it can wait for all of it),
# ignores the group's own SIGTERM (the app gets it; the supervisor waits for the app) and on
# SIGHUP, its parent-death signal, stops the whole group. It exits with the app's status.
_SUPERVISOR = """
import os, signal, sys, time
grace, parent, argv = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
class Orphaned(Exception):
    pass
def orphaned(*_):
    raise Orphaned
signal.signal(signal.SIGTERM, lambda *_: None)
signal.signal(signal.SIGHUP, orphaned)
try:
    import ctypes
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
except Exception:
    pass
def stop_group():
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    os.killpg(0, signal.SIGTERM)
    end = time.monotonic() + grace
    while time.monotonic() < end:
        try:
            if os.waitpid(-1, os.WNOHANG) == (0, 0):
                time.sleep(0.02)
        except ChildProcessError:
            break
    os.killpg(0, signal.SIGKILL)
status = None
try:
    if os.getppid() != parent:
        raise Orphaned
    app = os.fork()
    if app == 0:
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    while True:
        try:
            pid, code = os.wait()
        except ChildProcessError:
            break
        if pid == app:
            status = code
except Orphaned:
    stop_group()
if status is None:
    sys.exit(1)
if os.WIFSIGNALED(status):
    sig = os.WTERMSIG(status)
    if sig != signal.SIGKILL:
        signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else 1)
"""


# ---------------------------------------------------------------- the recorder


@dataclass
class PathStatus:
    """The last observation of one path, for the progress line."""

    last: str = "-"
    count: int = 0
    failures: int = 0


@dataclass(frozen=True)
class Check:
    """Who held the listening socket the probes reached, and `when` it was asked: at the
    first answer, at the first answer after the app exited, at the end."""

    when: str
    answerer: Answerer


@dataclass
class CaptureResult:
    """How a capture went: counts, how it ended, what happened to the launched app."""

    observations: int
    elapsed: float
    ended_by: str  # "duration" or the signal's name
    per_path: dict[str, PathStatus] = field(default_factory=dict)
    app_exit_code: int | None = None
    app_exited_at: float | None = None  # t of the app's own exit during the capture
    app_stopped_by: str | None = None  # SIGTERM / SIGKILL at the end
    app_shutdown_seconds: float | None = None
    app_grace: float | None = None  # the grace it was given (SIGKILL after it)
    locations_cut: int = 0  # Location headers longer than MAX_LOCATION, stored cut to it
    locations_unusable: int = 0  # Location headers that are no URL, left out of the trace
    checks: list[Check] = field(default_factory=list)  # whose socket answered (with --launch)

    @property
    def foreign(self) -> Answerer | None:
        """The first check that found another process's socket, if any."""
        return next((c.answerer for c in self.checks
                     if c.answerer.verdict is Verdict.OTHER), None)


def progress_text(elapsed: float, duration: float, per_path: dict[str, PathStatus],
                  app: str | None = None) -> str:
    """One progress line: elapsed time and the last status of each path."""
    paths = "  ".join(f"{p} {s.last}" for p, s in per_path.items())
    total = sum(s.count for s in per_path.values())
    tail = f"  app {app}" if app else ""
    return f"capture {elapsed:6.1f}/{duration:g} s  {paths}  ({total} obs){tail}"


class Recorder:
    """Runs one capture: probes every path on its own thread, and stops on the duration or
    when `stop` is set (a signal handler sets it); then stops the launched app, if any.

    The probers (one per path) are built here, before the clock starts, so that t=0 is not
    spent setting up clients.

    With a launched app, the recorder asks the kernel whose listening socket the probes reach
    (`capture_owner`): at the first answer, at the first answer after the app exited, and at
    the end. Another process's socket ends the capture at once, the answer that revealed it
    unwritten (`CaptureResult.foreign`); the caller discards the trace."""

    def __init__(self, settings: CaptureSettings, writer: TraceWriter, *,
                 prober: Callable[[], HttpProber] | None = None) -> None:
        self.settings = settings
        self.writer = writer
        self.app: LaunchedApp | None = None
        self.t0 = 0.0
        self.per_path = {p: PathStatus() for p in settings.paths}
        make = prober or (lambda: HttpProber(settings.timeout, settings.kube_version))
        self._probers = {p: make() for p in settings.paths}
        self._lock = threading.Lock()
        self.checks: list[Check] = []
        self._check_lock = threading.Lock()
        self._host, self._port = check_target_url(settings.url,
                                                  allow_remote=settings.allow_remote)

    def _worker(self, path: str, stop: threading.Event) -> None:
        s = self.settings
        url = probe_url(s.url, path)
        prober = self._probers[path]
        k, due = 0, 0.0
        try:
            while due <= s.duration + 1e-9:
                if stop.wait(max(self.t0 + due - time.monotonic(), 0.0)):
                    return
                sent = time.monotonic()
                observation = prober.probe(url, sent)
                if not self._from_the_app(observation, sent):
                    stop.set()  # another process answered: the capture records no more
                    return
                t = sent - self.t0
                self.writer.write(t, path, observation)
                self._note(path, observation)
                now = time.monotonic() - self.t0
                if now > (k + 1) * s.interval:
                    # ticks passed while the probe was in flight: like the kubelet's ticker
                    # (R1.10, R1.11) one buffered tick fires at once, the others are dropped
                    k, due = math.floor(now / s.interval), now
                else:
                    k, due = k + 1, (k + 1) * s.interval
        finally:
            prober.close()

    def _from_the_app(self, observation: dict[str, Any], sent: float) -> bool:
        """False when the socket that answered is known to be another process's. Asked of
        the kernel at the first answer and at the first one sent after the app exited (an
        answer then cannot be the app's: the supervisor outlives every process of the app);
        an answer that comes while a check runs waits for its verdict."""
        app = self.app
        if app is None or observation.get("error") == "refused":
            return True
        exited = app.exited_at
        when = ("the first answer after the app exited" if exited is not None and sent > exited
                else "the first answer")
        with self._check_lock:
            if all(c.when != when for c in self.checks):
                self._ask(when)
            return all(c.answerer.verdict is not Verdict.OTHER for c in self.checks)

    def _ask(self, when: str) -> Check:
        assert self.app is not None
        check = Check(when, capture_owner.who_answers(self._host, self._port, self.app.pid))
        self.checks.append(check)
        return check

    def _check_at_the_end(self) -> None:
        """Whose socket the probes reach as the capture ends (nobody's: nothing to say)."""
        with self._check_lock:
            if self.app is None or any(c.answerer.verdict is Verdict.OTHER
                                       for c in self.checks):
                return
            if self._ask("the end").answerer.verdict is Verdict.NOBODY:
                self.checks.pop()

    def _note(self, path: str, observation: dict[str, Any]) -> None:
        with self._lock:
            st = self.per_path[path]
            st.last = str(observation.get("status", observation.get("error")))
            st.count += 1
            st.failures += "error" in observation or not 200 <= observation["status"] < 400

    def run(self, stop: threading.Event, *, app: LaunchedApp | None = None,
            t0: float | None = None, on_progress: Callable[[str], None] | None = None,
            progress_every: float = 1.0) -> CaptureResult:
        """Capture until the duration has passed or `stop` is set; then stop `app`. t=0 is
        `t0` (time.monotonic()), default the launch of `app`, else now."""
        s = self.settings
        self.app = app
        self.t0 = t0 if t0 is not None else app.started if app is not None else time.monotonic()
        threads = [threading.Thread(target=self._worker, args=(p, stop), daemon=True,
                                    name=f"capture {p}") for p in s.paths]
        for th in threads:
            th.start()
        next_progress = 0.0
        ended_by = "duration"
        try:
            while any(th.is_alive() for th in threads):
                elapsed = time.monotonic() - self.t0
                if app is not None:
                    app.poll()
                if on_progress is not None and elapsed >= next_progress:
                    on_progress(self._progress(elapsed))
                    next_progress = elapsed + progress_every
                if stop.wait(0.05):
                    ended_by = "stop"
                    break
        finally:
            stop.set()
            for th in threads:  # a probe in flight ends within the timeout
                th.join(s.timeout + 2.0)
        elapsed = time.monotonic() - self.t0
        self._check_at_the_end()  # before the app is stopped: its socket still open
        if on_progress is not None:
            on_progress(self._progress(min(elapsed, s.duration)))
        with self._lock:
            per_path = {p: PathStatus(st.last, st.count, st.failures)
                        for p, st in self.per_path.items()}
        result = CaptureResult(self.writer.count, round(elapsed, 3), ended_by, per_path,
                               locations_cut=sum(p.cut for p in self._probers.values()),
                               locations_unusable=sum(p.unusable
                                                      for p in self._probers.values()),
                               checks=list(self.checks))
        if app is not None:
            code = app.poll()
            if code is not None and app.exited_at is not None:
                result.app_exit_code = code
                result.app_exited_at = round(app.exited_at - self.t0, 3)
            else:
                result.app_exit_code = app.stop(s.grace)
                result.app_stopped_by = app.stopped_by
                result.app_shutdown_seconds = app.shutdown_seconds
                result.app_grace = s.grace
        return result

    def _progress(self, elapsed: float) -> str:
        app = None
        if self.app is not None:
            code = self.app.proc.returncode
            app = "running" if code is None else f"exited ({code})"
        with self._lock:
            return progress_text(elapsed, self.settings.duration, self.per_path, app)
