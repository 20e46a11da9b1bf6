"""`kubesim capture` keeps the kubelet's deadline and never leaves the launched app behind.

Real servers on loopback, real processes: a server that trickles one header line every
0.5 s must be a timeout at the deadline (R2.8: the kubelet's HTTP client has one timeout for
the whole request), and `kill -9` of capture must take the app's whole process group with it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from realtime import HANG, Processes, ticker_problems, wait_until

from kubesim import load_trace
from kubesim.behaviour.capture import HttpProber

pytestmark = pytest.mark.realtime

REPO = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads /proc to find the app's process group")


class TrickleServer:
    """A raw HTTP server: `/trickle` sends its status line, then one header line every 0.5 s
    for `TRICKLE` seconds (then ends the headers); `/slowbody` sends its headers at once,
    then one body byte every 0.5 s; anything else gets a 200 at once. Each connection's fate
    is logged in `done` (path, lines or bytes sent, whether the client hung up first)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.closed = threading.Event()
        self.done: list[tuple[str, int, bool]] = []
        self._threads = [threading.Thread(target=self._serve, daemon=True)]
        self._threads[0].start()

    def _serve(self) -> None:
        while not self.closed.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            th = threading.Thread(target=self._answer, args=(conn,), daemon=True)
            self._threads.append(th)
            th.start()

    def _answer(self, conn: socket.socket) -> None:
        path, sent, hung_up = "?", 0, False
        with conn:
            try:
                request = conn.recv(65536).decode("latin-1")
                path = request.split(" ")[1] if " " in request else "/"
                if path == "/trickle":
                    conn.sendall(b"HTTP/1.1 200 OK\r\n")
                    for i in range(int(TRICKLE / 0.5)):
                        if self.closed.wait(0.5):
                            return
                        conn.sendall(f"X-Line-{i}: {i}\r\n".encode())
                        sent += 1
                    conn.sendall(b"Content-Length: 0\r\n\r\n")
                elif path == "/slowbody":
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
                    for _ in range(1000):
                        if self.closed.wait(0.5):
                            return
                        conn.sendall(b"x")
                        sent += 1
                else:
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
                                 b"Connection: close\r\n\r\nok")
            except OSError:
                hung_up = True  # the client closed the connection while we were sending
            finally:
                if not self.closed.is_set():
                    self.done.append((path, sent, hung_up))

    def fate(self, path: str) -> tuple[int, bool]:
        """(what was sent, whether the client hung up first) of the one finished connection
        to `path`, waiting for the server to notice the hang-up (its next send)."""
        def finished() -> list[tuple[str, int, bool]]:
            return [d for d in self.done if d[0] == path]
        (got,) = wait_until(f"the server done with {path}", finished)
        return got[1], got[2]

    def close(self) -> None:
        self.closed.set()
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the accept(); close alone does not
        self.sock.close()
        for th in self._threads:
            th.join(HANG)


TRICKLE = 30.0  # seconds a /trickle answer takes to finish its headers: far past any deadline


@pytest.fixture
def trickle() -> Iterator[TrickleServer]:
    srv = TrickleServer()
    yield srv
    srv.close()


def test_headers_trickling_in_are_a_timeout_at_the_deadline(trickle: TrickleServer) -> None:
    """One deadline, although every read got data within 0.5 s: the prober gave up at 1.2 s,
    while the server was still sending header lines."""
    prober = HttpProber(timeout=1.2)
    start = time.monotonic()
    got = prober.probe(f"http://127.0.0.1:{trickle.port}/trickle")
    took = time.monotonic() - start
    assert got == {"error": "timeout", "latency_ms": 1200.0}
    assert took >= 1.2  # a deadline never fires early
    lines, hung_up = trickle.fate("/trickle")
    assert hung_up and lines < TRICKLE / 0.5, (lines, hung_up, took)


def test_a_body_trickling_in_is_cut_at_the_deadline_as_a_prober_error(
        trickle: TrickleServer) -> None:
    """R2.11: the body read failing (here: the deadline) is an error the kubelet discards;
    the prober hung up while the server was still sending the body."""
    prober = HttpProber(timeout=1.0)
    got = prober.probe(f"http://127.0.0.1:{trickle.port}/slowbody")
    assert got["error"] == "error"
    sent, hung_up = trickle.fate("/slowbody")
    assert hung_up and sent < 1000, (sent, hung_up)


def test_capture_ends_at_its_duration_against_a_trickling_server(
        trickle: TrickleServer, tmp_path: Path) -> None:
    """Every /trickle request is a timeout at the deadline (the server was still trickling
    when the capture hung up), and the capture ends once its duration is over, not when the
    server would have finished."""
    out = tmp_path / "t.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{trickle.port}",
         "--path", "/trickle", "--path", "/ok", "--interval", "0.5", "--timeout", "1",
         "--duration", "3", "-o", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    trace = load_trace(str(out))
    slow = trace.observations("/trickle")
    assert len(slow) >= 2
    assert all(o.error is not None and o.error.value == "timeout" and o.latency_ms == 1000.0
               for o in slow)
    assert not ticker_problems(slow, 0.5, 3), ticker_problems(slow, 0.5, 3)
    wait_until("the server done with every /trickle request",
               lambda: len([d for d in trickle.done if d[0] == "/trickle"]) == len(slow))
    assert all(hung_up for path, _, hung_up in trickle.done if path == "/trickle"), trickle.done
    assert {o.status for o in trace.observations("/ok")} == {200}


# ---------------------------------------------------------------- the launched app


def _stat(pid: str) -> tuple[int, int, str] | None:
    """(ppid, pgrp, state) of a process, None if gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[2]), fields[0]


def _live_in_group(pgid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(entry.name)
            if st is not None and st[1] == pgid and st[2] not in ("Z", "X"):
                out.append(int(entry.name))
    return out


def _app_group(capture_pid: int, timeout: float = HANG) -> tuple[int, list[int]]:
    """The launched app's process group (led by capture's child) once it has three members:
    the supervisor, the shell and the shell's background sleeper."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            st = _stat(entry.name) if entry.name.isdigit() else None
            if st is not None and st[0] == capture_pid and st[1] == int(entry.name):
                members = _live_in_group(st[1])
                if len(members) >= 4:
                    return st[1], members
        time.sleep(0.05)
    raise AssertionError("the launched app's process group did not appear")


@linux_only
@pytest.mark.parametrize("ignores_term", [False, True], ids=["app", "app-ignoring-SIGTERM"])
def test_kill_9_of_capture_takes_the_apps_whole_process_group(
        tmp_path: Path, ignores_term: bool, procs: Processes) -> None:
    """A shell-launched app with a child of its own: after `kill -9` of capture, nothing of
    the group is left (SIGTERM, then SIGKILL after --grace for an app that ignores it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    trap = "trap '' TERM; " if ignores_term else ""
    launch = f"{trap}sleep 300 & sleep 301 & wait"
    capture = procs.start(
        [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}",
         "--path", "/livez", "--duration", "120", "--grace", "1", "--launch", launch,
         "-o", str(tmp_path / "t.jsonl")],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        pgid, members = _app_group(capture.pid)
        assert pgid != os.getpgrp()
        os.kill(capture.pid, signal.SIGKILL)
        capture.wait(HANG)
        # the supervisor stops the group: SIGTERM, SIGKILL after --grace (a hang guard here)
        deadline = time.monotonic() + HANG
        while _live_in_group(pgid) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = _live_in_group(pgid)
        assert not left, f"left behind after kill -9 of capture: {left} (group {members})"
        lines = (tmp_path / "t.jsonl").read_text().splitlines()
        assert json.loads(lines[0])["meta"]["launch"] == launch
    finally:  # (procs reaps capture)
        for pid in _live_in_group(pgid) if "pgid" in locals() else []:
            os.kill(pid, signal.SIGKILL)
