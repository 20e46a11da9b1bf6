"""`kubesim capture`: the recorder against real servers on loopback, real subprocesses and real
signals.

* the prober against a stdlib HTTP server that records every connection: one new connection
  per request, the kubelet's headers, statuses as they came (3xx not followed), timeouts
  recorded with latency = the timeout, refused and reset connections;
* the recorder's grid, its trace file (valid and complete at every moment) and its meta;
* the command: `python -m kubesim capture --launch ...` launching the example app, stopped by
  SIGINT or SIGTERM mid-capture, the app dying under it, a target that only refuses, bad input.

Every subprocess is waited for or killed by the test that started it.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kubesim import load_trace
from kubesim.behaviour.capture import (BODY_LIMIT, CaptureSettings, HttpProber, Recorder, TraceWriter,
                             launch_argv, probe_url)
from kubesim.cli.main import main
from kubesim.errors import UsageError

REPO = Path(__file__).resolve().parent.parent
APP = f"{sys.executable} -m examples.fastapi_app"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- a recording HTTP server


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive would be allowed: the client must not use it

    def do_GET(self) -> None:
        server = self.server
        server.seen.append({"port": self.client_address[1], "path": self.path,  # type: ignore
                            "headers": dict(self.headers.items())})
        route = server.routes.get(self.path.split("?")[0], (200, b"ok", 0.0))  # type: ignore
        status, body, delay = route
        if delay:
            time.sleep(delay)
        if status == 0:  # close without an answer
            self.close_connection = True
            return
        self.send_response(status)
        if status in (301, 302):
            self.send_header("Location", "/livez")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    srv.daemon_threads = True
    srv.seen = []  # type: ignore[attr-defined]
    srv.routes = {  # type: ignore[attr-defined]
        "/livez": (200, b'{"status":"alive"}', 0.0),
        "/readyz": (503, b'{"status":"not_ready","dependency":"db"}', 0.0),
        "/moved": (301, b"", 0.0),
        "/slow": (200, b"late", 0.6),
        "/big": (200, b"x" * (20 * BODY_LIMIT), 0.0),
        "/hangup": (0, b"", 0.0),
    }
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    th.join(5)


def base(srv: ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{srv.server_address[1]}"


# ---------------------------------------------------------------- one probe


def test_each_probe_opens_a_new_connection_with_the_kubelets_headers(server):
    prober = HttpProber(timeout=1.0)
    try:
        got = [prober.probe(probe_url(base(server), "/livez")) for _ in range(4)]
    finally:
        prober.close()
    assert [g["status"] for g in got] == [200] * 4
    ports = [s["port"] for s in server.seen]
    assert len(set(ports)) == 4, f"a connection was reused: {ports}"
    headers = server.seen[0]["headers"]
    assert headers["User-Agent"] == "kube-probe/1.35"
    assert headers["Accept"] == "*/*"
    assert headers["Connection"] == "close"
    assert "gzip" not in headers.get("Accept-Encoding", "")


def test_statuses_are_recorded_as_they_came_and_redirects_are_not_followed(server):
    prober = HttpProber(timeout=1.0, kube_version="1.29")
    try:
        ready = prober.probe(probe_url(base(server), "/readyz"))
        moved = prober.probe(probe_url(base(server), "/moved"))
        big = prober.probe(probe_url(base(server), "/big?x=1"))
    finally:
        prober.close()
    assert ready["status"] == 503 and 0 < ready["latency_ms"] < 1000
    assert moved["status"] == 301
    assert [s["path"] for s in server.seen] == ["/readyz", "/moved", "/big?x=1"]
    assert big["status"] == 200
    assert server.seen[0]["headers"]["User-Agent"] == "kube-probe/1.29"


def test_a_client_timeout_is_recorded_with_the_timeout_as_latency(server):
    prober = HttpProber(timeout=0.2)
    try:
        start = time.monotonic()
        got = prober.probe(probe_url(base(server), "/slow"))
        took = time.monotonic() - start
    finally:
        prober.close()
    assert got == {"error": "timeout", "latency_ms": 200.0}
    assert 0.19 < took < 0.5


def test_refused_and_reset_connections(server):
    prober = HttpProber(timeout=1.0)
    try:
        refused = prober.probe(f"http://127.0.0.1:{free_port()}/livez")
        hangup = prober.probe(probe_url(base(server), "/hangup"))
    finally:
        prober.close()
    assert refused["error"] == "refused" and refused["latency_ms"] < 100
    assert hangup["error"] == "reset"


# ---------------------------------------------------------------- the recorder


def test_the_recorder_writes_a_valid_trace_on_the_interval_grid(server, tmp_path):
    out = tmp_path / "t.jsonl"
    settings = CaptureSettings(url=base(server), paths=("/livez", "/readyz"), interval=0.1,
                               timeout=0.5, duration=1.0, on_restart="wall")
    writer = TraceWriter(out)
    writer.write_meta({"interval": 0.1, "on_restart": "wall"})
    recorder = Recorder(settings, writer)
    result = recorder.run(threading.Event())
    writer.close()
    assert result.ended_by == "duration"
    assert result.observations == 22 == settings.max_observations
    trace = load_trace(str(out))
    assert trace.targets == ["/livez", "/readyz"] or trace.targets == ["/readyz", "/livez"]
    for key, status in (("/livez", 200), ("/readyz", 503)):
        obs = trace.observations(key)
        assert [o.status for o in obs] == [status] * 11
        for k, o in enumerate(obs):  # sent on the grid, within scheduling jitter
            assert k * 0.1 <= o.t < k * 0.1 + 0.05
    assert len({s["port"] for s in server.seen}) == 22


def test_a_probe_slower_than_the_interval_drops_ticks_like_the_kubelets_ticker(server,
                                                                              tmp_path):
    """/slow answers in 0.6 s; at interval 0.25 the probe overlaps two ticks: one buffered
    tick fires when it returns, the other is dropped (R1.10, R1.11); never two in flight."""
    server.routes["/slow"] = (200, b"late", 0.3)
    out = tmp_path / "t.jsonl"
    settings = CaptureSettings(url=base(server), paths=("/slow",), interval=0.2, timeout=1,
                               duration=1.2)
    writer = TraceWriter(out)
    writer.write_meta({})
    Recorder(settings, writer).run(threading.Event())
    writer.close()
    ts = [o.t for o in load_trace(str(out)).observations("/slow")]
    gaps = [b - a for a, b in itertools.pairwise(ts)]
    assert all(0.29 < g < 0.4 for g in gaps), ts  # back to back, every ~0.3 s
    assert len(ts) == 4


# ---------------------------------------------------------------- the command


def capture_cmd(port: int, out: Path, *extra: str, launch: str | None = None,
                paths: tuple[str, ...] = ("/livez", "/readyz")) -> list[str]:
    argv = [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}"]
    for p in paths:
        argv += ["--path", p]
    if launch:
        argv += ["--launch", launch]
    return [*argv, "-o", str(out), *extra]


def wait_for_lines(path: Path, n: int, timeout: float = 20.0) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            lines = [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]
            if len(lines) >= n:
                return lines
        time.sleep(0.05)
    raise AssertionError(f"{path} did not reach {n} lines")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def wait_gone(pid: int, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if gone(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen]]:
    """Subprocesses started by a test; killed (their groups too) if still running."""
    started: list[subprocess.Popen] = []
    yield started
    for p in started:
        if p.poll() is None:
            p.kill()
            p.wait(10)


def app_launch(port: int, pidfile: Path, *flags: str) -> str:
    """A --launch command that records the app's pid (the shell execs the app)."""
    return f"echo $$ > {pidfile}; exec {APP} --port {port} {' '.join(flags)}"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_the_capture_cleanly_and_stops_the_app(sig, tmp_path, procs):
    port, out, pidfile = free_port(), tmp_path / "t.jsonl", tmp_path / "app.pid"
    p = subprocess.Popen(capture_cmd(port, out, "--duration", "60", "--interval", "0.2",
                                     launch=app_launch(port, pidfile)),
                         cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    procs.append(p)
    lines = wait_for_lines(out, 12)  # the meta line, refused during startup, then 200s
    app_pid = int(pidfile.read_text())
    assert any(rec.get("status") == 200 for rec in lines[1:])
    p.send_signal(sig)
    stdout, stderr = p.communicate(timeout=20)
    assert p.returncode == 128 + sig, stderr
    assert f"interrupted by {sig.name}" in stdout
    assert "stopped with SIGTERM" in stdout
    assert wait_gone(app_pid), "the launched app survived the capture"
    trace = load_trace(str(out))  # valid, and holds everything written before the signal
    assert len(trace.observations("/livez")) + len(trace.observations("/readyz")) >= 11
    text = out.read_text()
    assert text.endswith("\n") and text.count("\n") >= 12
    assert trace.meta["on_restart"] == "replay" and trace.meta["launch"].endswith(
        f"--port {port} ")
    assert trace.observations("/livez")[0].error.value == "refused"


def test_the_app_dying_mid_capture_loses_nothing_and_is_recorded_as_refused(tmp_path, procs):
    port, out, pidfile = free_port(), tmp_path / "t.jsonl", tmp_path / "app.pid"
    p = subprocess.Popen(capture_cmd(port, out, "--duration", "4", "--interval", "0.1",
                                     launch=app_launch(port, pidfile)),
                         cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    procs.append(p)
    wait_for_lines(out, 1)
    deadline = time.monotonic() + 10
    while not any(r.get("status") == 200 for r in wait_for_lines(out, 1)[1:]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    app_pid = int(pidfile.read_text())
    os.kill(app_pid, signal.SIGKILL)
    killed_at = time.monotonic()
    stdout, stderr = p.communicate(timeout=20)
    assert p.returncode == 0, stderr
    assert "the app exited on its own" in stdout and "exit code -9" in stdout
    obs = load_trace(str(out)).observations("/livez")
    ok = [o.t for o in obs if o.status == 200]
    after = [o for o in obs if o.t > ok[-1]]
    assert after and all(o.error is not None and o.error.value == "refused" for o in after)
    assert obs[-1].t >= 3.9  # kept probing to the end of the duration
    assert time.monotonic() - killed_at < 8


def test_a_stalled_app_ends_its_in_flight_probe_as_a_timeout_on_sigint(tmp_path, procs):
    """SIGINT while a probe waits on a stalled event loop: the probe ends (timeout), the
    capture stops, the stalled app ignores SIGTERM and gets SIGKILL after --grace; the trace
    is valid."""
    port, out, pidfile = free_port(), tmp_path / "t.jsonl", tmp_path / "app.pid"
    p = subprocess.Popen(capture_cmd(port, out, "--duration", "30", "--interval", "0.25",
                                     "--timeout", "1", "--grace", "0.5", paths=("/livez",),
                                     launch=app_launch(port, pidfile, "--stall", "1.9:20")),
                         cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    procs.append(p)
    wait_for_lines(out, 1)
    time.sleep(2.5)  # inside the stall, a probe in flight
    app_pid = int(pidfile.read_text())
    p.send_signal(signal.SIGINT)
    stdout, stderr = p.communicate(timeout=30)
    assert p.returncode == 130, stderr
    assert "stopped with SIGKILL" in stdout  # its event loop could not even handle SIGTERM
    assert wait_gone(app_pid)
    obs = load_trace(str(out)).observations("/livez")
    assert obs[-1].error is not None and obs[-1].error.value == "timeout"
    assert obs[-1].latency_ms == 1000.0


def test_a_target_that_only_refuses_gives_a_valid_trace(tmp_path):
    out = tmp_path / "t.jsonl"
    r = subprocess.run(capture_cmd(free_port(), out, "--duration", "0.5", "--interval", "0.1"),
                       cwd=REPO, capture_output=True, text=True, timeout=30, check=False)
    assert r.returncode == 0, r.stderr
    trace = load_trace(str(out))
    obs = trace.observations("/livez")
    assert len(obs) == 6 and {o.error.value for o in obs} == {"refused"}
    assert trace.meta["on_restart"] == "wall" and trace.meta["launch"] is None
    assert trace.meta["command"].startswith("kubesim capture http://127.0.0.1:")
    assert "captured 12 observations of 2 paths" in r.stdout


def test_the_app_log_and_the_meta_say_how_the_trace_was_made(tmp_path):
    port, out, log = free_port(), tmp_path / "t.jsonl", tmp_path / "app.log"
    launch = f"{APP} --port {port} --access-log"
    code = main(["capture", f"http://127.0.0.1:{port}", "--path", "/livez", "--interval", "0.2",
                 "--duration", "2", "--timeout", "0.5", "--launch", launch,
                 "--app-log", str(log), "-o", str(out)])
    assert code == 0
    meta = load_trace(str(out)).meta
    assert meta["launch"] == launch and meta["paths"] == ["/livez"]
    assert (meta["interval"], meta["timeout"], meta["duration"]) == (0.2, 0.5, 2.0)
    assert meta["started_at"].endswith("Z") and meta["kubesim"]
    assert meta["on_restart"] == "replay"
    assert "--launch" in meta["command"] and f"-o {out}" in meta["command"]
    assert '"GET /livez HTTP/1.1" 200' in log.read_text()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _args(argv: list[str]) -> argparse.Namespace:
    from kubesim.cli.main import _parser

    return _parser("capture").parse_args(argv)


def test_the_progress_line_shows_elapsed_time_and_the_last_status_per_path(server, tmp_path):
    from kubesim.cli import capture as cmd_capture

    argv = ["capture", base(server), "--path", "/livez", "--path", "/readyz", "--interval",
            "0.1", "--duration", "1.2", "-o", str(tmp_path / "t.jsonl")]
    tty = _Tty()
    text, code = cmd_capture.run(_args(argv), progress=tty)
    assert code == 0 and "captured 26 observations" in text
    drawn = tty.getvalue()
    assert drawn.startswith("\r") and drawn.endswith("\n") and "\x1b[K" in drawn
    assert "/livez 200  /readyz 503" in drawn and "1.2/1.2 s" in drawn
    piped = io.StringIO()  # not a terminal: nothing unless asked
    cmd_capture.run(_args(argv), progress=piped)
    assert piped.getvalue() == ""
    cmd_capture.run(_args([*argv, "--progress", "always"]), progress=piped)
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
    code = main(["capture", base(server), "--path", "/livez", "--launch", "true",
                 "-o", str(tmp_path / "t.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and "already listens" in err


def test_an_unwritable_output_is_a_usage_error_before_anything_starts(tmp_path):
    with pytest.raises(UsageError, match="no such directory"):
        TraceWriter(tmp_path / "missing" / "t.jsonl")
