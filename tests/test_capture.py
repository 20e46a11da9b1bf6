"""`kubesim capture`: the recorder against real servers on loopback, real subprocesses and real
signals.

* the prober against a stdlib HTTP server that logs every request with its own times
  (`realtime.RecordingServer`): one new connection per request, the kubelet's headers,
  statuses as they came (3xx not followed), timeouts recorded with latency = the timeout,
  refused and reset connections; every request the server handled lies inside the interval
  the client recorded for it;
* the recorder's ticker, on a virtual clock (exact send times, R1.10/R1.11) and against the
  real server (the same laws, judged only by what was recorded); its trace file (valid and
  complete at every moment) and its meta;
* the command: `python -m kubesim capture --launch ...` launching the example app (whose own
  event log, on the capture's clock, says what it answered and when), stopped by SIGINT or
  SIGTERM mid-capture, the app dying under it, a stalled app, a target that only refuses, bad
  input.

Nothing here compares a recorded time with a fixed tolerance (`tests/realtime.py`); waits are
hang guards that end as soon as the trace shows what the test waits for. Every subprocess is
reaped, and its pipes closed, by the `procs` fixture whatever the test's outcome.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from realtime import (
    HANG,
    AppLog,
    Processes,
    RecordingServer,
    Route,
    causality_problems,
    finish,
    jsonl,
    matched,
    show,
    ticker_problems,
    wait_until,
)

from kubesim import load_trace
from kubesim.behaviour import capture as capture_module
from kubesim.behaviour.capture import (
    BODY_LIMIT,
    CaptureSettings,
    HttpProber,
    Recorder,
    TraceWriter,
    launch_argv,
    probe_url,
)
from kubesim.behaviour.trace import Observation
from kubesim.cli.main import main
from kubesim.errors import UsageError

pytestmark = pytest.mark.realtime

REPO = Path(__file__).resolve().parent.parent
APP = f"{sys.executable} -m examples.fastapi_app"
PATIENT = 60.0  # a prober timeout no loaded machine reaches, where timing is not the subject
CAP = "3600"  # a --duration that only caps a capture the test ends with a signal
GRACE = "120"  # a --grace no loaded machine's app shutdown reaches (under HANG, the hang guard)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- a recording HTTP server


@pytest.fixture
def server() -> Iterator[RecordingServer]:
    with RecordingServer({
        "/livez": Route(200, b'{"status":"alive"}'),
        "/readyz": Route(503, b'{"status":"not_ready","dependency":"db"}'),
        "/moved": Route(301, headers={"Location": "/livez"}),
        "/slow": Route(200, b"late", hold=HANG),  # held until the server closes
        "/big": Route(200, b"x" * (20 * BODY_LIMIT)),
        "/hangup": Route(0),
    }) as srv:
        yield srv


def timed_probe(prober: HttpProber, url: str) -> tuple[dict[str, Any], float, float]:
    """(observation, before, after): the test's own clock around the call."""
    before = time.monotonic()
    got = prober.probe(url)
    return got, before, time.monotonic()


# ---------------------------------------------------------------- one probe


def test_each_probe_opens_a_new_connection_with_the_kubelets_headers(server):
    prober = HttpProber(timeout=PATIENT)
    got = [prober.probe(probe_url(server.base, "/livez")) for _ in range(4)]
    assert [g["status"] for g in got] == [200] * 4
    ports = [s.port for s in server.seen]
    assert len(set(ports)) == 4, f"a connection was reused: {ports}"
    headers = server.seen[0].headers
    assert headers["User-Agent"] == "kube-probe/1.35"
    assert headers["Accept"] == "*/*"
    assert headers["Connection"] == "close"
    assert "gzip" not in headers.get("Accept-Encoding", "")


def test_statuses_are_recorded_as_they_came_and_redirects_are_not_followed(server):
    prober = HttpProber(timeout=PATIENT, kube_version="1.29")
    calls = [timed_probe(prober, probe_url(server.base, p)) for p in ("/readyz", "/moved",
                                                                       "/big?x=1")]
    (ready, _, _), (moved, _, _), (big, _, _) = calls
    assert ready["status"] == 503 and moved["status"] == 301 and big["status"] == 200
    assert moved["location"] == "/livez"
    assert [s.path for s in server.seen] == ["/readyz", "/moved", "/big?x=1"]
    assert server.seen[0].headers["User-Agent"] == "kube-probe/1.29"
    for (got, before, after), seen in zip(calls, server.seen, strict=True):
        # the server handled the request inside the call, and the recorded latency holds the
        # server's handling and fits in the call
        latency = got["latency_ms"] / 1000
        assert before <= seen.at <= seen.answered <= after, (before, seen, after)
        assert seen.answered - seen.at <= latency <= after - before, (got, seen, before, after)


def test_a_client_timeout_is_recorded_with_the_timeout_as_latency(server):
    """/slow holds its answer until the server closes: the prober gives up at its deadline,
    while the server still holds the answer, and records the timeout as the latency."""
    prober = HttpProber(timeout=0.2)
    got, before, after = timed_probe(prober, probe_url(server.base, "/slow"))
    assert got == {"error": "timeout", "latency_ms": 200.0}
    assert after - before >= 0.2, (before, after)  # a deadline never fires early
    # the request did reach the server (a loaded one may log it after the client gave up)
    (seen,) = wait_until("the server's log of /slow", lambda: server.requests("/slow"))
    assert seen.answered is None, f"the prober waited for the answer: {seen}, {after}"


def test_refused_and_reset_connections(server):
    prober = HttpProber(timeout=PATIENT)
    refused, before, after = timed_probe(prober, f"http://127.0.0.1:{free_port()}/livez")
    hangup = prober.probe(probe_url(server.base, "/hangup"))
    assert refused["error"] == "refused" and refused["latency_ms"] / 1000 <= after - before
    assert hangup["error"] == "reset"
    assert [s.path for s in server.seen] == ["/hangup"]


# ---------------------------------------------------------------- the ticker, virtual time


class VirtualClock:
    """`time.monotonic` for the recorder: it moves only when a probe takes time or the ticker
    waits, so every send time is exact."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


class VirtualStop:
    """The recorder's stop event on the virtual clock: waiting lets the time pass."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock

    def wait(self, timeout: float) -> bool:
        self.clock.now += timeout
        return False


class ScriptedProber:
    """Answers 200 after the scripted latencies (the last one repeats); logs the send times."""

    def __init__(self, clock: VirtualClock, latencies: list[float]) -> None:
        self.clock, self.latencies, self.sent = clock, latencies, list[float]()

    def probe(self, url: str, sent: float | None = None) -> dict[str, Any]:
        assert sent == self.clock.now
        latency = self.latencies[min(len(self.sent), len(self.latencies) - 1)]
        self.sent.append(self.clock.now)
        self.clock.now += latency
        return {"status": 200, "latency_ms": latency * 1000}

    def close(self) -> None:
        pass


def ticks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, latencies: list[float], *,
          interval: float, duration: float) -> list[float]:
    """The send times of one path's worker on the virtual clock, and the trace's t."""
    clock = VirtualClock()
    monkeypatch.setattr(capture_module, "time", SimpleNamespace(monotonic=clock.monotonic))
    prober = ScriptedProber(clock, latencies)
    settings = CaptureSettings(url="http://127.0.0.1:1", paths=("/p",), interval=interval,
                               timeout=1, duration=duration)
    writer = TraceWriter(tmp_path / "t.jsonl")
    try:
        recorder = Recorder(settings, writer, prober=lambda: prober)  # type: ignore[arg-type]
        recorder._worker("/p", VirtualStop(clock))  # type: ignore[arg-type]  # one path, no thread
    finally:
        writer.close()
    assert [r["t"] for r in jsonl(tmp_path / "t.jsonl")] == prober.sent
    return prober.sent


def test_the_ticker_keeps_its_grid_without_drift(monkeypatch, tmp_path):
    """Quick probes: one request per tick at exactly k * interval, the last at the duration,
    however long each probe took (a ticker, not a sleep after each probe)."""
    sent = ticks(monkeypatch, tmp_path, [1 / 64], interval=0.25, duration=2.0)
    assert sent == [k * 0.25 for k in range(9)]


def test_a_probe_overrunning_its_tick_fires_one_buffered_tick_and_drops_the_rest(
        monkeypatch, tmp_path):
    """R1.10, R1.11: a probe of 0.625 s sent at 0.25 overruns the ticks at 0.5 and 0.75: one
    buffered tick fires when it returns (0.875), the other is dropped, and the ticker is back
    on its grid at 1.0; probes always slower than the interval go back to back."""
    sent = ticks(monkeypatch, tmp_path, [1 / 64, 0.625, 1 / 64], interval=0.25, duration=2.0)
    assert sent == [0.0, 0.25, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0]
    sent = ticks(monkeypatch, tmp_path, [0.375], interval=0.25, duration=1.5)
    assert sent == [0.0, 0.375, 0.75, 1.125, 1.5]


# ---------------------------------------------------------------- the recorder, real time


def record(server: RecordingServer, tmp_path: Path, **settings: Any
           ) -> tuple[Recorder, Any, Path]:
    out = tmp_path / "t.jsonl"
    s = CaptureSettings(url=server.base, **settings)
    writer = TraceWriter(out)
    try:
        writer.write_meta({"interval": s.interval, "on_restart": s.on_restart})
        recorder = Recorder(s, writer)
        result = recorder.run(threading.Event())
    finally:
        writer.close()
    return recorder, result, out


def server_saw_what_was_recorded(server: RecordingServer, t0: float, key: str,
                                 obs: list[Observation]) -> None:
    """Each observation is one request the server logged, in order, received no earlier than
    it was sent and answered no later than the answer came back (server clock - t0)."""
    seen = server.requests(key)
    assert len(seen) == len(obs), (show(obs), seen)
    for o, s in zip(obs, seen, strict=True):
        answered = None if s.answered is None else s.answered - t0
        assert not causality_problems(o, s.at - t0, answered), (
            show([o]), s, causality_problems(o, s.at - t0, answered))


def test_the_recorder_writes_a_valid_trace_on_the_interval_grid(server, tmp_path):
    recorder, result, out = record(server, tmp_path, paths=("/livez", "/readyz"),
                                   interval=0.1, timeout=PATIENT, duration=1.0,
                                   on_restart="wall")
    assert result.ended_by == "duration"
    trace = load_trace(str(out))
    assert sorted(trace.targets) == ["/livez", "/readyz"]
    total = 0
    for key, status in (("/livez", 200), ("/readyz", 503)):
        obs = trace.observations(key)
        total += len(obs)
        assert [o.status for o in obs] == [status] * len(obs)
        assert not ticker_problems(obs, 0.1, 1.0), ticker_problems(obs, 0.1, 1.0)
        server_saw_what_was_recorded(server, recorder.t0, key, obs)
        # the clock starts with the recorder (no request before it) and runs to the end; how
        # soon after t=0 the first request goes depends on the machine's load, so no bound
        assert obs[0].t >= 0 and result.elapsed >= 1.0
    assert result.observations == total <= recorder.settings.max_observations == 22
    assert len({s.port for s in server.seen}) == total


def test_a_probe_slower_than_the_interval_drops_ticks_like_the_kubelets_ticker(server,
                                                                              tmp_path):
    """/slow answers after 0.3 s; at interval 0.2 every probe overruns its tick, so the
    probes go back to back (R1.10, R1.11) and never two in flight: the server never saw the
    next request before it answered the previous one (the exact tick rule: the virtual-clock
    tests above)."""
    server.routes["/slow"] = Route(200, b"late", hold=0.3)
    recorder, _, out = record(server, tmp_path, paths=("/slow",), interval=0.2,
                              timeout=PATIENT, duration=1.2)
    obs = load_trace(str(out)).observations("/slow")
    assert not ticker_problems(obs, 0.2, 1.2), ticker_problems(obs, 0.2, 1.2)
    server_saw_what_was_recorded(server, recorder.t0, "/slow", obs)
    seen = server.requests("/slow")
    assert all(b.at >= a.answered for a, b in itertools.pairwise(seen)), seen  # type: ignore[operator]
    assert all(o.latency_ms >= 300 for o in obs), show(obs)  # the server held each one 0.3 s
    assert 1 <= len(obs) <= 1 + int(1.2 / 0.3), show(obs)  # back to back, not on every tick


# ---------------------------------------------------------------- the command


def capture_cmd(port: int, out: Path, *extra: str, launch: str | None = None,
                paths: tuple[str, ...] = ("/livez", "/readyz")) -> list[str]:
    argv = [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}"]
    for p in paths:
        argv += ["--path", p]
    if launch:
        argv += ["--launch", launch]
    return [*argv, "-o", str(out), *extra]


def start_capture(procs: Processes, argv: list[str]) -> subprocess.Popen[str]:
    return procs.start(argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)


def rows(out: Path, path: str | None = None) -> list[dict]:
    """The observations recorded so far (of `path`)."""
    return [r for r in jsonl(out)[1:] if path is None or r["target"] == path]


def until_recorded(out: Path, what: str, ok: Any) -> list[dict]:
    """Wait until the observations so far satisfy `ok`; they are returned."""
    def satisfied() -> list[dict] | None:
        now = rows(out)
        return now if ok(now) else None

    return wait_until(what, satisfied, state=lambda: str(rows(out)[-4:]))


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def refused_after_the_last_answer(rows: list[dict], key: str) -> list[dict]:
    last = max(i for i, r in enumerate(rows) if "status" in r)
    return [r for r in rows[last:] if r["target"] == key and r.get("error") == "refused"]


def app_launch(port: int, pidfile: Path, log: Path, *flags: str) -> str:
    """A --launch command that records the app's pid (the shell execs the app) and keeps its
    event log."""
    return f"echo $$ > {pidfile}; exec {APP} --port {port} --event-log {log} {' '.join(flags)}"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_the_capture_cleanly_and_stops_the_app(sig, tmp_path, procs):
    port, out, pidfile, log = free_port(), tmp_path / "t.jsonl", tmp_path / "pid", tmp_path / "l"
    # the app's shutdown time is not the subject: a --grace it never needs, so SIGTERM stops it
    p = start_capture(procs, capture_cmd(port, out, "--duration", CAP, "--interval", "0.2",
                                         "--grace", GRACE,
                                         launch=app_launch(port, pidfile, log)))
    # the app answers both paths: refused during its startup, then 200
    until_recorded(out, "an answer on each path",
                   lambda rs: {r["target"] for r in rs if "status" in r} == {"/livez", "/readyz"})
    app_pid = int(pidfile.read_text())
    before = len(jsonl(out))
    p.send_signal(sig)
    stdout, stderr = finish(p)
    assert p.returncode == 128 + sig, stderr
    assert f"interrupted by {sig.name}" in stdout
    assert "stopped with SIGTERM" in stdout
    wait_until("the launched app gone", lambda: gone(app_pid))
    trace = load_trace(str(out))  # valid, and holds everything written before the signal
    text = out.read_text()
    assert text.endswith("\n") and text.count("\n") == len(jsonl(out)) >= before
    assert trace.meta["on_restart"] == "replay" and f"--port {port} " in trace.meta["launch"]
    assert trace.observations("/livez")[0].error.value == "refused"
    # the app counts from the capture's t=0 (KUBESIM_CAPTURE_T0): every request it logged is
    # in the trace, received after it was sent, answered before the answer came back
    app = AppLog.read(log)
    for key in ("/livez", "/readyz"):
        pairs = matched(trace.observations(key), app.of(key))
        assert pairs and {o.status for o, _ in pairs} == {200}, show(o for o, _ in pairs)


def test_the_app_dying_mid_capture_loses_nothing_and_is_recorded_as_refused(tmp_path, procs):
    port, out, pidfile, log = free_port(), tmp_path / "t.jsonl", tmp_path / "pid", tmp_path / "l"
    p = start_capture(procs, capture_cmd(port, out, "--duration", CAP, "--interval", "0.1",
                                         launch=app_launch(port, pidfile, log)))
    until_recorded(out, "an answer on each path",
                   lambda rs: {r["target"] for r in rs if "status" in r} == {"/livez", "/readyz"})
    os.kill(int(pidfile.read_text()), signal.SIGKILL)
    # the capture goes on probing the dead app: refused on both paths, three times each
    until_recorded(out, "3 refused requests on each path after the app's last answer",
                   lambda rs: all(len(refused_after_the_last_answer(rs, key)) >= 3
                                  for key in ("/livez", "/readyz")))
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 130, stderr
    assert "the app exited on its own" in stdout and "exit code -9" in stdout
    trace = load_trace(str(out))
    for key in ("/livez", "/readyz"):
        obs = trace.observations(key)
        answered = [o.t for o in obs if o.status is not None]
        after = [o for o in obs if o.t > answered[-1]]
        # a request in flight when the app was killed is reset (its connection was open);
        # every one sent after that finds no listener: refused
        if after and after[0].error is not None and after[0].error.value == "reset":
            after = after[1:]
        assert after and all(o.error is not None and o.error.value == "refused"
                             for o in after), show(after)
        assert not ticker_problems(obs, 0.1, 60), ticker_problems(obs, 0.1, 60)


def test_a_stalled_app_ends_its_in_flight_probe_as_a_timeout_on_sigint(tmp_path, procs):
    """SIGINT while the probes wait on a stalled event loop: the probe in flight ends (a
    timeout), the capture stops, the stalled app cannot act on SIGTERM and gets SIGKILL after
    --grace; the trace is valid."""
    port, out, pidfile, log = free_port(), tmp_path / "t.jsonl", tmp_path / "pid", tmp_path / "l"
    p = start_capture(procs, capture_cmd(port, out, "--duration", CAP, "--interval", "0.25",
                                         "--timeout", "1", "--grace", "0.5", paths=("/livez",),
                                         launch=app_launch(port, pidfile, log)))
    until_recorded(out, "a 200", lambda rs: any(r.get("status") == 200 for r in rs))
    # block the app's event loop for much longer than the test needs (its answer comes first)
    with urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{port}/faults/stall?seconds=120", method="POST"),
            timeout=HANG) as answer:
        assert answer.status == 200
    stalled = until_recorded(out, "a timeout", lambda rs: any(r.get("error") == "timeout"
                                                              for r in rs))
    app_pid = int(pidfile.read_text())
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 130, stderr
    assert "stopped with SIGKILL" in stdout  # its event loop could not even handle SIGTERM
    wait_until("the stalled app gone", lambda: gone(app_pid))
    obs = load_trace(str(out)).observations("/livez")
    first_timeout = next(i for i, o in enumerate(obs) if o.error is not None
                         and o.error.value == "timeout")
    assert len(obs) >= len(stalled)
    # from the first timeout on, every probe (the one in flight at SIGINT included) timed out
    assert all(o.error is not None and o.error.value == "timeout" and o.latency_ms == 1000.0
               for o in obs[first_timeout:]), show(obs[first_timeout - 1:])


def test_a_target_that_only_refuses_gives_a_valid_trace(tmp_path, procs):
    out = tmp_path / "t.jsonl"
    p = start_capture(procs, capture_cmd(free_port(), out, "--duration", "0.5",
                                         "--interval", "0.1"))
    stdout, stderr = finish(p)
    assert p.returncode == 0, stderr
    trace = load_trace(str(out))
    total = 0
    for key in ("/livez", "/readyz"):
        obs = trace.observations(key)
        total += len(obs)
        assert obs and {o.error.value for o in obs} == {"refused"}  # type: ignore[union-attr]
        assert not ticker_problems(obs, 0.1, 0.5), ticker_problems(obs, 0.1, 0.5)
        assert len(obs) <= 6  # one per tick at most: 0, 0.1, ..., 0.5
    assert trace.meta["on_restart"] == "wall" and trace.meta["launch"] is None
    assert trace.meta["command"].startswith("kubesim capture http://127.0.0.1:")
    assert f"captured {total} observations of 2 paths" in stdout


def test_the_app_log_and_the_meta_say_how_the_trace_was_made(tmp_path, procs):
    """The timing is not the subject: the prober waits PATIENT for an answer and the
    duration is only a cap (SIGINT ends the capture), so a starved app that answers late, or
    starts late, still gives the 200 the test waits for (on a starved machine the app's
    answers took up to 0.3 s and this test up to 340 s: close to the 0.5 s timeout and past
    the 60 s duration it had)."""
    port, out, log = free_port(), tmp_path / "t.jsonl", tmp_path / "app.log"
    launch = f"{APP} --port {port} --access-log"
    p = start_capture(procs, capture_cmd(
        port, out, "--interval", "0.2", "--duration", CAP, "--timeout", f"{PATIENT:g}",
        "--app-log", str(log), launch=launch, paths=("/livez",)))
    until_recorded(out, "a 200", lambda rs: any(r.get("status") == 200 for r in rs))
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 130, (stdout, stderr)
    meta = load_trace(str(out)).meta
    assert meta["launch"] == launch and meta["paths"] == ["/livez"]
    assert (meta["interval"], meta["timeout"], meta["duration"]) == (0.2, PATIENT, float(CAP))
    assert meta["started_at"].endswith("Z") and meta["kubesim"]
    assert meta["on_restart"] == "replay"
    assert "--launch" in meta["command"] and f"-o {out}" in meta["command"]
    # the app logs a request (and flushes the line) before it sends the status line, so the
    # recorded 200 is in the log whatever stopped the app; the summary says if the app exited
    # on its own (another process on its port answered instead)
    assert '"GET /livez HTTP/1.1" 200' in log.read_text(), (log.read_text(), stdout)


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _args(argv: list[str]) -> argparse.Namespace:
    from kubesim.cli.main import _parser

    return _parser("capture").parse_args(argv)


def test_the_progress_line_shows_elapsed_time_and_the_last_status_per_path(server, tmp_path):
    from kubesim.cli import capture as cmd_capture

    out = tmp_path / "t.jsonl"
    argv = ["capture", server.base, "--path", "/livez", "--path", "/readyz", "--interval",
            "0.1", "--duration", "1.2", "-o", str(out)]
    tty = _Tty()
    result = cmd_capture.run(_args(argv), progress=tty)
    assert result.code == 0 and f"captured {len(jsonl(out)) - 1} observations" in result.text
    drawn = tty.getvalue()
    assert drawn.startswith("\r") and drawn.endswith("\n") and "\x1b[K" in drawn
    # the last line: the whole duration (the last tick is at 1.2 s) and the last answers
    assert "/livez 200  /readyz 503" in drawn and "1.2/1.2 s" in drawn
    short = [*argv[:-4], "--duration", "0.1", "-o", str(out)]
    piped = io.StringIO()  # not a terminal: nothing unless asked
    cmd_capture.run(_args(short), progress=piped)
    assert piped.getvalue() == ""
    cmd_capture.run(_args([*short, "--progress", "always"]), progress=piped)
    assert piped.getvalue().count("\n") >= 1 and "\r" not in piped.getvalue()


def test_launch_commands_run_directly_unless_they_need_a_shell():
    assert launch_argv("python -m app --port 1") == (["python", "-m", "app", "--port", "1"], {})
    assert launch_argv('A=1 B="x y" python -m app') == (["python", "-m", "app"],
                                                         {"A": "1", "B": "x y"})
    for cmd in ("cd /tmp && python -m app", "echo $$; exec app", "exec python", "a | b"):
        assert launch_argv(cmd)[0][:2] == ["/bin/sh", "-c"]


@pytest.mark.parametrize("argv, needle", [
    (["http://10.1.2.3:8000", "--path", "/livez"], "not loopback"),
    (["http://127.0.0.1:8000/healthz", "--path", "/livez"], "base URL"),
    (["ftp://127.0.0.1:8000", "--path", "/livez"], "must look like http://"),
    (["http://127.0.0.1:8000", "--path", "livez"], "must start with /"),
    (["http://127.0.0.1:8000", "--path", "/a", "--path", "/a"], "twice"),
    (["http://127.0.0.1:8000", "--path", "/a", "--interval", "0"], "--interval"),
    (["http://127.0.0.1:8000", "--path", "/a", "--duration", "1e9"], "--duration"),
    (["http://127.0.0.1:8000", "--path", "/a", "--timeout", "-1"], "--timeout"),
])
def test_bad_settings_are_one_line_errors(argv, needle, tmp_path, capsys):
    code = main(["capture", *argv, "-o", str(tmp_path / "t.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("kubesim: error: ") and err.count("\n") == 1, err
    assert needle in err
    assert not (tmp_path / "t.jsonl").exists()


def test_launch_refuses_a_port_something_already_listens_on(server, tmp_path, capsys):
    code = main(["capture", server.base, "--path", "/livez", "--launch", "true",
                 "-o", str(tmp_path / "t.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and "already listens" in err


def test_an_unwritable_output_is_a_usage_error_before_anything_starts(tmp_path):
    with pytest.raises(UsageError, match="no such directory"):
        TraceWriter(tmp_path / "missing" / "t.jsonl")


def test_the_trace_writer_drops_what_a_late_probe_hands_it_after_the_capture_closed(tmp_path):
    """A probe thread the capture stopped waiting for (a loaded machine) may return after the
    trace was closed: its observation is not part of the capture, and must not become an
    exception in a thread nobody joins (pytest would report it in some later test)."""
    writer = TraceWriter(tmp_path / "t.jsonl")
    writer.write_meta({})
    writer.write(0.0, "/livez", {"status": 200, "latency_ms": 1.0})
    writer.close()
    writer.write(0.5, "/livez", {"status": 200, "latency_ms": 1.0})
    assert [r.get("t") for r in jsonl(tmp_path / "t.jsonl")] == [None, 0.0]
    assert writer.count == 1
