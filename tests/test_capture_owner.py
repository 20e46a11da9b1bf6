"""`kubesim capture --launch`: the answers recorded are the launched app's, or the capture
says it cannot tell, or it refuses.

Real processes on loopback: the "other process" is a small HTTP server the test starts (it
answers 418, the app 200), and the app a small script that binds late, elsewhere, or not at
all. They wait for each other through files, never for a fixed time: the other server binds
the port only once the app has started (so after the capture's own check that the port is
free, which comes before the launch), or once the app has closed its socket.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from realtime import Processes, finish, jsonl, wait_until

from kubesim.behaviour import capture_owner

pytestmark = [pytest.mark.realtime,
              pytest.mark.skipif(not Path("/proc/net/tcp").exists(),
                                 reason="the kernel's socket tables are read from Linux's /proc")]

REPO = Path(__file__).resolve().parent.parent
CAP = "3600"  # a --duration that only caps a capture the test ends otherwise

# A server answering every GET with STATUS on 127.0.0.1:PORT once the file WAIT exists; it
# writes its pid to PIDFILE once it listens. argv: PORT STATUS WAIT PIDFILE
SERVER = r"""
import http.server, os, signal, sys, time
port, status, wait, pidfile = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
while wait != "-" and not os.path.exists(wait):
    time.sleep(0.01)
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def log_message(self, *_):
        pass
server = http.server.HTTPServer(("127.0.0.1", port), Answer)
with open(pidfile + ".tmp", "w") as f:
    f.write(str(os.getpid()))
os.rename(pidfile + ".tmp", pidfile)
server.serve_forever()
"""

# The launched app. argv: MODE PORT DIR. It writes DIR/started, then by MODE:
#   never      binds nothing, and waits to be stopped
#   elsewhere  serves 200 on PORT + 1 (a port the test checked is free)
#   late       serves 200 on PORT once DIR/go exists
#   leave      serves 200 on PORT until DIR/leave exists, closes its socket, writes
#              DIR/closed and waits to be stopped
APP = r"""
import http.server, os, signal, sys, threading, time
mode, port, d = sys.argv[1], int(sys.argv[2]), sys.argv[3]
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
open(os.path.join(d, "started"), "w").close()
def wait_for(name):
    while not os.path.exists(os.path.join(d, name)):
        time.sleep(0.01)
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def log_message(self, *_):
        pass
def serve(on):
    server = http.server.HTTPServer(("127.0.0.1", on), Answer)
    with open(os.path.join(d, "app.pid"), "w") as f:
        f.write(str(os.getpid()))
    return server
if mode == "never":
    pass
elif mode == "elsewhere":
    serve(port + 1).serve_forever()
elif mode == "late":
    wait_for("go")
    serve(port).serve_forever()
elif mode == "leave":
    server = serve(port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    wait_for("leave")
    server.shutdown()
    server.server_close()
    open(os.path.join(d, "closed"), "w").close()
while True:
    time.sleep(1)
"""


def two_free_ports() -> int:
    """A port P with P + 1 free too (for the app that binds elsewhere)."""
    for _ in range(100):
        with socket.socket() as a:
            a.bind(("127.0.0.1", 0))
            port = int(a.getsockname()[1])
            with socket.socket() as b:
                try:
                    b.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
                return port
    raise AssertionError("no two neighbouring free ports")


def capture(procs: Processes, port: int, out: Path, launch: str,
            *extra: str) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}",
            "--path", "/livez", "--interval", "0.1", "--timeout", "30", "--grace", "60",
            "--launch", launch, "-o", str(out), *extra]
    return procs.start(argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)


def app_command(mode: str, port: int, d: Path) -> str:
    script = d / "app.py"
    script.write_text(APP)
    return f"{sys.executable} {script} {mode} {port} {d}"


def other_server(procs: Processes, port: int, wait: Path, d: Path) -> tuple[int, Path]:
    """Start the other process; (its pid, the file it writes its pid to once it listens)."""
    proc = procs.start([sys.executable, "-c", SERVER, str(port), "418", str(wait),
                        str(d / "other.pid")], stdin=subprocess.DEVNULL)
    return proc.pid, d / "other.pid"


def refused_after_an_answer(out: Path) -> bool:
    rows = jsonl(out)[1:]
    answered = [i for i, r in enumerate(rows) if "status" in r]
    return bool(answered) and any(r.get("error") == "refused" for r in rows[answered[-1]:])


def refused_at_once(stderr: str, port: int, pid: int) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kubesim: error: "), stderr
    assert f"127.0.0.1:{port}" in lines[0] and f"pid {pid}" in lines[0], stderr


@pytest.mark.parametrize("mode", ["never", "elsewhere"])
def test_another_process_on_the_port_after_the_check_is_refused_with_its_pid(
        mode: str, tmp_path: Path, procs: Processes) -> None:
    """The app binds nothing on the URL's port; another process takes it after the capture
    checked it was free: exit 2, one line naming the port and that process, no trace."""
    port, out = two_free_ports(), tmp_path / "t.jsonl"
    other_pid, _ = other_server(procs, port, tmp_path / "started", tmp_path)
    p = capture(procs, port, out, app_command(mode, port, tmp_path), "--duration", CAP)
    stdout, stderr = finish(p)
    assert p.returncode == 2, (stdout, stderr)
    refused_at_once(stderr, port, other_pid)
    assert not out.exists(), out.read_text()


def test_an_app_that_closes_its_socket_to_another_process_is_refused_at_the_end(
        tmp_path: Path, procs: Processes) -> None:
    """The app answers, then closes its listening socket and stays up; another process takes
    the port and answers (418). The first answer was the app's; the end shows the other's
    socket: exit 2 naming it, no trace (it holds the other's answers)."""
    port, out = two_free_ports(), tmp_path / "t.jsonl"
    other_pid, _ = other_server(procs, port, tmp_path / "closed", tmp_path)
    p = capture(procs, port, out, app_command("leave", port, tmp_path), "--duration", CAP)
    wait_until("the app's 200", lambda: any(r.get("status") == 200 for r in jsonl(out)[1:]))
    (tmp_path / "leave").touch()
    wait_until("the other process's 418",
               lambda: any(r.get("status") == 418 for r in jsonl(out)[1:]))
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 2, (stdout, stderr)
    refused_at_once(stderr, port, other_pid)
    assert not out.exists()


def test_the_app_exiting_and_another_process_answering_is_refused(
        tmp_path: Path, procs: Processes) -> None:
    """The app answers and exits; another process takes the port: its first answer after the
    app's exit is asked of the kernel, which shows the app's process tree holding nothing."""
    port, out = two_free_ports(), tmp_path / "t.jsonl"
    pidfile = tmp_path / "app.pid"
    other_pid, _ = other_server(procs, port, tmp_path / "gone", tmp_path)
    launch = app_command("late", port, tmp_path)
    (tmp_path / "go").touch()
    p = capture(procs, port, out, launch, "--duration", CAP)
    wait_until("the app's 200", lambda: any(r.get("status") == 200 for r in jsonl(out)[1:]))
    os.kill(int(pidfile.read_text()), signal.SIGKILL)
    wait_until("the app's exit recorded as refused", lambda: refused_after_an_answer(out))
    (tmp_path / "gone").touch()
    stdout, stderr = finish(p)
    assert p.returncode == 2, (stdout, stderr)
    refused_at_once(stderr, port, other_pid)
    assert not out.exists()


@pytest.mark.parametrize("shell", [False, True], ids=["direct", "under-sh"])
def test_an_app_that_binds_late_is_the_one_answering(
        shell: bool, tmp_path: Path, procs: Processes) -> None:
    """The app binds after the first probes were refused; under `sh -c` it is the shell's
    child. The summary names the app's own pid (the one it wrote itself) as the holder of the
    socket, checked at the first answer and at the end."""
    port, out = two_free_ports(), tmp_path / "t.jsonl"
    launch = app_command("late", port, tmp_path)
    if shell:
        launch = f"{launch} & wait"
    p = capture(procs, port, out, launch, "--duration", CAP)
    wait_until("a refused probe", lambda: any(r.get("error") == "refused"
                                              for r in jsonl(out)[1:]))
    (tmp_path / "go").touch()
    wait_until("the app's 200", lambda: any(r.get("status") == 200 for r in jsonl(out)[1:]))
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 130, (stdout, stderr)
    app_pid = int((tmp_path / "app.pid").read_text())
    said = [ln for ln in stdout.splitlines() if ln.startswith("the answers came from")]
    assert said == [f"the answers came from the app: its process {app_pid} held the listening "
                    f"socket on port {port} (asked of the kernel at the first answer and the "
                    "end)"], stdout
    assert {r.get("status") for r in jsonl(out)[1:]} >= {200}


# `kubesim capture` in a process whose kernel tables are read from an empty folder, as on a
# system without /proc. argv: FOLDER CAPTURE-ARGS...
NO_PROC = r"""
import sys
from pathlib import Path
from kubesim.behaviour import capture_owner
from kubesim.cli.main import main
capture_owner.PROC = Path(sys.argv[1])
sys.exit(main(sys.argv[2:]))
"""


def test_where_the_kernel_cannot_be_read_the_capture_says_it_cannot_tell(
        tmp_path: Path, procs: Processes) -> None:
    """No /proc (another OS): the capture records the app, and says it cannot tell whether
    the answers came from it, and why."""
    port, out, empty = two_free_ports(), tmp_path / "t.jsonl", tmp_path / "no-proc"
    empty.mkdir()
    (tmp_path / "go").touch()
    p = procs.start([sys.executable, "-c", NO_PROC, str(empty), "capture",
                     f"http://127.0.0.1:{port}", "--path", "/livez", "--interval", "0.1",
                     "--timeout", "30", "--duration", CAP, "--grace", "60", "--launch",
                     app_command("late", port, tmp_path), "-o", str(out)],
                    cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until("the app's 200", lambda: any(r.get("status") == 200 for r in jsonl(out)[1:]))
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    assert p.returncode == 130, (stdout, stderr)
    said = [ln for ln in stdout.splitlines() if ln.startswith("cannot tell")]
    assert len(said) == 1 and said[0].startswith(
        "cannot tell whether the answers came from the app: "), stdout
    assert str(empty) in said[0] and "/proc" in said[0], said
    assert not [ln for ln in stdout.splitlines() if ln.startswith("the answers came")]


def test_the_owner_check_reads_listening_sockets_from_the_kernel_tables(tmp_path: Path) -> None:
    """The table reader on a socket this test holds: found with its inode, reached from
    127.0.0.1, held by this process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        inode = os.fstat(s.fileno()).st_ino
        found = capture_owner.listeners()
        mine = [lst for lst in found if lst.port == port]
        assert [lst.inode for lst in mine] == [inode], mine
        assert str(mine[0].address) == "127.0.0.1"
        assert capture_owner.reached(found, "127.0.0.1", port) == mine
        answerer = capture_owner.who_answers("127.0.0.1", port, os.getpid())
        assert answerer.verdict is capture_owner.Verdict.APP and answerer.pid == os.getpid()


def test_a_port_forwarder_holding_the_port_is_cannot_tell_not_another_app(
        tmp_path: Path, procs: Processes) -> None:
    """`docker run -p` answers through docker-proxy, a process outside the launched tree: the
    check says it cannot tell (naming the forwarder), where a server of any other name holding
    the port is another process. Both are real processes on loopback; the forwarder is the
    same server run under the name `docker-proxy`."""
    forwarder = tmp_path / "docker-proxy"
    forwarder.symlink_to(sys.executable)
    # the launched app: a process that holds no socket (the servers are not its children)
    app = procs.start([sys.executable, "-c", "import time; time.sleep(3600)"],
                      stdin=subprocess.DEVNULL)
    for program, name in ((str(forwarder), "docker-proxy"), (sys.executable, "")):
        port = two_free_ports()
        pidfile = tmp_path / f"server{name}.pid"
        proc = procs.start([program, "-c", SERVER, str(port), "418", "-", str(pidfile)],
                           stdin=subprocess.DEVNULL)
        wait_until(f"{program} listening", pidfile.exists)
        answerer = capture_owner.who_answers("127.0.0.1", port, app.pid)
        if name:
            assert answerer.verdict is capture_owner.Verdict.UNKNOWN, answerer
            assert f"held by docker-proxy (pid {proc.pid})" in answerer.why, answerer
        else:
            assert answerer.verdict is capture_owner.Verdict.OTHER, answerer
            assert answerer.pid == proc.pid
