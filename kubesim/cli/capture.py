"""`kubesim capture`: record how a service's health endpoints answer, as a kubesim trace.

    kubesim capture http://127.0.0.1:8000 --path /livez --path /readyz \\
        --interval 0.5 --timeout 1 --duration 60 \\
        --launch "python -m examples.fastapi_app --port 8000" -o trace.jsonl

The recorder itself is `capture.py`. This module adds the command line, the signal handling
(SIGINT, SIGTERM and SIGHUP end the capture cleanly: the probes in flight finish, the app is
stopped, the trace stays valid) and the progress line.

Contract with `kubesim.cli.main` (an extension of `run(args) -> CommandResult`): its entry in
`main.COMMANDS` says `progress=True`, and `run` accepts `progress`, the text stream the live
progress line may be drawn on (the CLI passes `sys.stderr`). Without it, no progress line is
drawn. The trace is
written by the recorder line by line, not returned: the returned text is a short summary for
stdout, and the trace file option is stored as `trace_file`, not `output`, so the CLI's atomic
`--output` writer does not touch it.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import IO, Any

from kubesim import __version__
from kubesim.behaviour.answer import MAX_LOCATION
from kubesim.behaviour.capture import (
    DEFAULT_GRACE,
    KUBE_VERSION,
    MAX_GRACE,
    CaptureResult,
    CaptureSettings,
    LaunchedApp,
    Recorder,
    TraceWriter,
    check_target_url,
    something_listens,
)
from kubesim.behaviour.capture_owner import Answerer, Verdict
from kubesim.cli.command import CommandResult
from kubesim.cli.options import CAPTURE
from kubesim.errors import UsageError
from kubesim.files import open_live
from kubesim.kubelet.timing import MIN_GRACE_SECONDS
from kubesim.options import add_option
from kubesim.render import edge
from kubesim.spec.manifests import load_spec

__all__ = ["add_parser", "run"]
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `capture` and its options."""
    p = sub.add_parser(
        "capture", help="record a service's health endpoints as a trace",
        description="Probe each --path of URL like the kubelet's HTTP prober (a new connection "
                    "per request, kube-probe headers, 200-399 succeeds, --timeout) every "
                    "--interval seconds for --duration seconds, and write every observation "
                    "to a kubesim trace (JSONL), line by line.")
    for option in CAPTURE.values():
        add_option(p, option)

def _settings(args: argparse.Namespace, grace: float) -> CaptureSettings:
    on_restart = args.on_restart or ("replay" if args.launch else "wall")
    return CaptureSettings(url=args.url.rstrip("/") or args.url, paths=tuple(args.paths),
                           interval=args.interval, timeout=args.timeout,
                           duration=args.duration, launch=args.launch, grace=grace,
                           on_restart=on_restart, kube_version=args.kube_version,
                           allow_remote=args.allow_remote)


def stop_grace(args: argparse.Namespace) -> tuple[float, str]:
    """The seconds between SIGTERM and SIGKILL when the capture stops the app, and where
    they come from: --grace; else as the kubelet stops a container that is not killed by a
    probe (R4.22), the pod's terminationGracePeriodSeconds (R4.4) from --spec, at least the
    2 s the kubelet always gives (R4.5); else the kubelet's default, 30 s (R5.3)."""
    if args.spec is not None and not args.launch:
        raise UsageError("--spec gives the launched app's grace period: it needs --launch")
    if args.grace is not None:
        return args.grace, "--grace"
    if args.spec is None:
        return DEFAULT_GRACE, "the kubelet's default terminationGracePeriodSeconds, R5.3"
    pod = load_spec(args.spec, args.container)
    grace = max(float(pod.termination_grace_period_seconds), MIN_GRACE_SECONDS)
    if grace > MAX_GRACE:
        raise UsageError(f"the spec's terminationGracePeriodSeconds is {grace:g} s, over the "
                         f"{MAX_GRACE:g} s a capture waits for its app; pass --grace")
    return grace, f"the terminationGracePeriodSeconds of {edge.visible(args.spec)}, R4.4"


def command_line(args: argparse.Namespace, s: CaptureSettings) -> str:
    """The capture as one canonical `kubesim capture ...` command (for the trace's meta)."""
    argv = ["kubesim", "capture", s.url]
    for path in s.paths:
        argv += ["--path", path]
    argv += ["--interval", f"{s.interval:g}", "--timeout", f"{s.timeout:g}",
             "--duration", f"{s.duration:g}"]
    if s.launch:
        argv += ["--launch", s.launch]
    if args.grace is not None:
        argv += ["--grace", f"{s.grace:g}"]
    if args.spec is not None:
        argv += ["--spec", args.spec]
    if args.container is not None:
        argv += ["--container", args.container]
    if args.on_restart:
        argv += ["--on-restart", args.on_restart]
    if s.kube_version != KUBE_VERSION:
        argv += ["--kube-version", s.kube_version]
    if s.allow_remote:
        argv += ["--allow-remote"]
    return shlex.join([*argv, "-o", args.trace_file])


def _iso(when: datetime) -> str:
    return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _meta(args: argparse.Namespace, s: CaptureSettings, grace_from: str) -> dict[str, Any]:
    """The trace's meta line (`started_at` is added at t=0)."""
    return {
        "command": command_line(args, s),
        "source": "kubesim capture",
        "url": s.url, "paths": list(s.paths), "interval": s.interval, "timeout": s.timeout,
        "duration": s.duration, "launch": s.launch,
        "grace": s.grace if s.launch else None, "grace_from": grace_from if s.launch else None,
        "started_at": None,
        "t0": "start of the launched process" if s.launch else "start of the capture",
        "on_restart": s.on_restart,
        "kubesim": __version__,
        "client": "kubesim HTTP/1.1, one deadline per request; new connection per request; "
                  f"User-Agent kube-probe/{s.kube_version}; Accept */*; redirects not followed",
        "limits": {"location": MAX_LOCATION,
                   "note": f"a Location longer than {MAX_LOCATION} characters is stored cut to "
                           "it; one that is no printable http(s) URL is left out (the "
                           "capture's summary counts both)"},
        "platform": f"{platform.system()} {platform.release()} {platform.machine()}, "
                    f"Python {platform.python_version()}",
    }


@contextmanager
def _signals_stop(stop: threading.Event, received: list[int]) -> Iterator[None]:
    """While active, SIGINT/SIGTERM/SIGHUP set `stop` instead of killing the process (only
    possible in the main thread; elsewhere the caller's own handling stays).

    The Python handler must not call `stop.set()`: it runs in the main thread between two
    bytecodes, possibly while that thread holds the event's own lock (inside `stop.wait`), and
    `set` would wait for that lock forever (a capture hung after one SIGINT on a loaded
    machine). The handler only notes the signal; the kernel-level wakeup byte
    (`signal.set_wakeup_fd`) reaches a watcher thread, which sets `stop`."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        received.append(signum)  # a list's append takes no lock a thread may hold

    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    watcher = threading.Thread(target=_stop_on_wakeup, args=(read_end, stop), daemon=True,
                               name="capture signals")
    watcher.start()
    previous = {sig: signal.signal(sig, handler) for sig in _SIGNALS}
    previous_fd = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous_fd)
        for sig, old in previous.items():
            signal.signal(sig, old)
        os.close(write_end)  # the watcher reads the end of the pipe and returns
        watcher.join()
        os.close(read_end)


def _stop_on_wakeup(read_end: int, stop: threading.Event) -> None:
    """Set `stop` when a wakeup byte names one of `_SIGNALS`; return at the pipe's end."""
    ending = {int(sig) for sig in _SIGNALS}
    while chunk := os.read(read_end, 512):
        if ending.intersection(chunk):
            stop.set()


def _progress_sink(mode: str, stream: IO[str] | None) -> tuple[Callable[[str], None] | None,
                                                               Callable[[], None], float]:
    """(draw line, finish, seconds between lines) for the progress line on `stream`."""
    if stream is None or mode == "never":
        return None, lambda: None, 1.0
    tty = stream.isatty()
    if mode == "auto" and not tty:
        return None, lambda: None, 1.0
    if tty:
        def draw(line: str) -> None:
            stream.write(edge.redraw(line))
            stream.flush()

        def finish() -> None:
            stream.write("\n")
            stream.flush()

        return draw, finish, 0.5

    def line_out(line: str) -> None:
        stream.write(edge.one_line(line) + "\n")
        stream.flush()

    return line_out, lambda: None, 5.0


def run(args: argparse.Namespace, progress: IO[str] | None = None) -> CommandResult:
    """Capture; the summary text, exit 0 (or 128 + the signal that ended the capture)."""
    grace, grace_from = stop_grace(args)
    s = _settings(args, grace)
    host, port = check_target_url(s.url, allow_remote=s.allow_remote)
    if s.launch and something_listens(host, port):
        raise UsageError(f"something already listens on {host}:{port}; --launch would record "
                         "it instead of the launched app (stop it or use another port)")
    log = None
    if args.app_log:
        log = open_live(args.app_log, what="--app-log", binary=True)
    stop, received = threading.Event(), list[int]()
    draw, finish, every = _progress_sink(args.progress, progress)
    writer = app = None
    try:
        writer = TraceWriter(args.trace_file)
        with _signals_stop(stop, received):
            recorder = Recorder(s, writer)
            meta = _meta(args, s, grace_from)
            t0, started_at = time.monotonic(), datetime.now(UTC)
            app = LaunchedApp(s.launch, log, s.grace, t0=t0) if s.launch else None
            writer.write_meta({**meta, "started_at": _iso(started_at)})
            result = recorder.run(stop, app=app, t0=t0, on_progress=draw,
                                  progress_every=every)
            app = None  # the recorder stopped it
            if draw is not None:
                finish()
    finally:
        if app is not None:  # something failed between the launch and the recorder's end
            app.stop(s.grace)
        if writer is not None:
            writer.close()
        if log is not None:
            log.close()
    if result.foreign is not None:  # its answers are not the app's: no trace at all
        Path(args.trace_file).unlink(missing_ok=True)
        raise UsageError(foreign_message(result.foreign, host))
    ended = signal.Signals(received[0]).name if received else None
    return CommandResult(summary(result, args.trace_file, ended, grace_from),
                         128 + received[0] if received else 0)


def foreign_message(other: Answerer, host: str) -> str:
    """The one line that refuses a capture another process answered."""
    who = (f"pid {other.pid}" if other.pid is not None else
           "its pid is not readable by this user, e.g. a container runtime's port proxy")
    return (f"another process answered on {host}:{other.port}, not the launched app ({who}); "
            "no trace is kept: stop it or give the app another port")


def answered_by(result: CaptureResult) -> str | None:
    """Whose socket the answers came from, as far as the kernel told (None: no check, as
    without --launch or when nothing answered)."""
    if not result.checks:
        return None
    unknown = next((c for c in result.checks if c.answerer.verdict is not Verdict.APP), None)
    if unknown is not None:
        return f"cannot tell whether the answers came from the app: {unknown.answerer.why}"
    first = result.checks[0].answerer
    whens = [c.when for c in result.checks]
    asked = ", ".join(whens[:-1]) + " and " + whens[-1] if len(whens) > 1 else whens[0]
    return (f"the answers came from the app: its process {first.pid} held the listening socket "
            f"on port {first.port} (asked of the kernel at {asked})")


def summary(result: CaptureResult, trace_file: str, ended_by_signal: str | None,
            grace_from: str = "--grace") -> str:
    """What the capture recorded, for stdout."""
    n_paths = len(result.per_path)
    paths = f"{n_paths} path{'s' * (n_paths != 1)}"
    head = f"captured {result.observations} observations of {paths} in {result.elapsed:.1f} s"
    lines = [f"{head} -> {edge.visible(trace_file)}"]
    shown = {path: edge.visible(path) for path in result.per_path}
    width = max(len(p) for p in shown.values())
    for path, st in result.per_path.items():
        counts = f"{st.count:5d} observations, {st.failures} failing, last " \
                 f"{edge.visible(st.last)}"
        lines.append(f"  {shown[path]:<{width}}  {counts}")
    if result.locations_cut:
        lines.append(f"{result.locations_cut} Location header(s) longer than {MAX_LOCATION:,} "
                     f"characters: stored cut to {MAX_LOCATION:,} (the trace reader's limit)")
    if result.locations_unusable:
        lines.append(f"{result.locations_unusable} Location header(s) not a printable http(s) "
                     "URL: left out of the trace (the 3xx is kept)")
    if result.app_exited_at is not None:
        lines.append(f"the app exited on its own at t={result.app_exited_at:g} s "
                     f"(exit code {result.app_exit_code}); later probes recorded what they got")
    elif result.app_stopped_by is not None:
        lines.append(f"the app was stopped with {result.app_stopped_by}: it exited after "
                     f"{result.app_shutdown_seconds:g} s (exit code {result.app_exit_code}; "
                     f"grace before SIGKILL {result.app_grace:g} s: {grace_from})")
    owner = answered_by(result)
    if owner is not None:
        lines.append(owner)
    if ended_by_signal:
        lines.append(f"interrupted by {ended_by_signal}: the trace holds every observation "
                     "made until then")
    return "\n".join(lines) + "\n"

