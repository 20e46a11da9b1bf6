"""Each tool call of `kubesim mcp` in a child process of its own, bounded in time and memory.

A call runs a command on its caller's inputs, and a thread cannot be stopped: a render that
hangs, an input that blocks, or a simulation slower than its budget foresaw would hold the
server (calls run one at a time) with no way to answer. So the call runs in a child process
instead, forked from a fork server that started with the server and has the commands
imported (multiprocessing's `forkserver`: a fork from a single-threaded process, so the
per-call cost is a fork and two small pickles, not an interpreter start). The child:

* starts a session of its own, takes /dev/null as standard input and the server's stderr as
  standard output (the protocol's stdout is never a child's to write on);
* may hold at most `ServerSettings.max_memory` of address space (RLIMIT_AS; an engine it
  starts inherits the bound);
* sends back `call_tool`'s `ToolResult` over a pipe.

The server waits at most `ServerSettings.time_limit` seconds for the answer. At the limit
it stops the child and everything the child started (engines run in sessions of their own,
so the tree is found by parent process id and stopped before it is killed: nothing in it
can start another process meanwhile) and answers the call with an `is_error` result naming
the limit; the next call is served as usual. A child that dies without an answer (killed by
the kernel, out of memory) is an `is_error` result too.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver
import os
import signal
import sys
from multiprocessing.connection import Connection
from typing import Any

from kubesim.cli.mcp_tools import ServerSettings, ToolResult, call_tool
from kubesim.render import edge

__all__ = ["PRELOADED", "CallRunner"]

# imported once by the fork server, so that a call's child starts with them loaded
PRELOADED = ["kubesim.cli.mcp_calls", "kubesim.cli.main", "kubesim.cli.check", "kubesim.cli.run",
             "kubesim.cli.windows", "kubesim.cli.suggest", "kubesim.cli.explain"]
_ANSWER_GRACE = 5.0  # seconds to read an answer the child has begun to send


class CallRunner:
    """Runs each call in a child process (see the module docstring); `start()` launches the
    fork server ahead of the first call."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(PRELOADED)

    def start(self) -> None:
        """Start the fork server now: with /dev/null as its standard input and output (it and
        every child it forks never hold the protocol's streams), and with this process's
        module path, absolute, and not the directory it starts in (Python 3.11's fork
        server ignores the path it is handed, and would import from the root it runs in).
        Call before any thread starts: descriptors and environment change for a moment."""
        saved = [os.dup(0), os.dup(1)]
        null = os.open(os.devnull, os.O_RDWR)
        env = {key: os.environ.get(key) for key in ("PYTHONPATH", "PYTHONSAFEPATH")}
        try:
            os.dup2(null, 0)
            os.dup2(null, 1)
            os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in sys.path
                                                       if p and os.path.isdir(p))
            os.environ["PYTHONSAFEPATH"] = "1"  # no "" (the current directory) on the path
            multiprocessing.forkserver.ensure_running()
        finally:
            os.dup2(saved[0], 0)
            os.dup2(saved[1], 1)
            for fd in (*saved, null):
                os.close(fd)
            for key, value in env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    def run(self, name: str, arguments: dict[str, Any] | None) -> ToolResult:
        """The call's result, or an error result at the time limit (blocking: the server runs
        this in a worker thread)."""
        receive, send = self._context.Pipe(duplex=False)
        child = self._context.Process(target=_child, args=(name, arguments, self.settings, send),
                                      name=f"kubesim mcp {name}", daemon=True)
        child.start()
        send.close()  # the child's end: EOF here when it exits
        try:
            return self._answer(name, child, receive)
        finally:
            receive.close()

    def _answer(self, name: str, child: Any, receive: Connection) -> ToolResult:
        limit = self.settings.time_limit
        answered = receive.poll(limit)
        if answered:
            try:
                result = receive.recv()
            except (EOFError, OSError):
                result = None
            child.join(_ANSWER_GRACE)
            if isinstance(result, ToolResult):
                if child.is_alive():  # answered, then did not exit: nothing more to wait for
                    stop_tree(child.pid)
                    child.join()
                return result
            if child.is_alive():
                stop_tree(child.pid)
            child.join()
            return _error(f"{name}: the call ended without an answer ({_how(child.exitcode)}); "
                          "give smaller inputs, a smaller max_work, or start the server with "
                          "a larger --max-memory")
        stop_tree(child.pid)
        child.join()
        return _error(f"{name}: stopped at the time limit of {limit:g} s (kubesim mcp "
                      "--time-limit); the server serves the next call. Give smaller inputs "
                      "or a smaller max_work")


def _child(name: str, arguments: dict[str, Any] | None, settings: ServerSettings,
           send: Connection) -> None:
    """The child: bounded, detached from the protocol's streams, runs one call."""
    os.setsid()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)  # anything printed goes to the server's stderr, never into the protocol
    _limit_memory(settings.max_memory)
    send.send(call_tool(name, arguments, settings))
    send.close()


def _limit_memory(limit: int) -> None:
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # no such limit here: the time limit bounds it
        pass


def _how(code: int | None) -> str:
    if code is not None and code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


def _error(message: str) -> ToolResult:
    return ToolResult(None, edge.one_line(message), is_error=True)


# ---------------------------------------------------------------- stopping a process tree


def stop_tree(pid: int) -> None:
    """Stop `pid` and every process it started, however deep and whatever session they
    are in: each is stopped (SIGSTOP) as it is found, so none can start another, until a
    pass finds no new one; then all are killed."""
    stopped: list[int] = []
    found = [pid]
    while found:
        for p in found:
            _signal(p, signal.SIGSTOP)
        stopped += found
        found = [p for p in _children(set(stopped)) if p not in stopped]
    for p in stopped:
        _signal(p, signal.SIGKILL)


def _signal(pid: int, sig: signal.Signals) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _children(parents: set[int]) -> list[int]:
    """The processes whose parent is in `parents` (Linux's /proc; none elsewhere, where the
    child's own session is killed as a whole instead)."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        for p in parents:
            try:
                os.killpg(p, signal.SIGKILL)  # the child's session (os.setsid)
            except (ProcessLookupError, PermissionError):
                pass
        return []
    out = []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if len(fields) > 1 and int(fields[1]) in parents:
            out.append(int(entry))
    return out

