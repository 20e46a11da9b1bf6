"""`kubesim capture` ends on SIGINT/SIGTERM/SIGHUP whenever the signal lands.

A signal's Python handler runs in the main thread between two bytecodes, also while that
thread holds a lock: a handler calling `threading.Event.set()` while the main thread sat inside
the same event's `wait()` waited for its own lock forever (CI saw a capture hang for 180 s after
one SIGINT). The handler now only notes the signal; a watcher thread woken by the kernel's
wakeup byte sets the event. These tests storm a real process with signals, every one of them a
chance to land inside the event's lock, and judge only that the process ended and what it
noted: no time is measured.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from realtime import Processes, finish

from kubesim.cli.capture import _signals_stop

REPO = Path(__file__).resolve().parent.parent

# The capture's main loop in little: wait on the event, over and over, until the test says
# it is done (a file), then print how many signals the handler noted and whether the event
# was set. Before the fix one storm of SIGINTs hung it inside `stop.set()`.
LOOP = r"""
import os, sys, threading
from kubesim.cli.capture import _signals_stop
done = sys.argv[1]
stop, received = threading.Event(), []
with _signals_stop(stop, received):
    print("ready", flush=True)
    while not os.path.exists(done):
        stop.wait(0.0001)
print(len(received), stop.is_set(), flush=True)
"""


@pytest.mark.realtime
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_storm_of_signals_never_hangs_the_stop(tmp_path, procs: Processes, sig):
    done = tmp_path / "done"
    p = procs.start([sys.executable, "-c", LOOP, str(done)], cwd=REPO,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready", finish(p)
    for _ in range(3000):
        os.kill(p.pid, sig)
    done.touch()
    stdout, stderr = finish(p)  # a hang guard: a deadlocked handler never returns
    assert p.returncode == 0, (stdout, stderr)
    noted, was_set = stdout.split()
    assert int(noted) >= 1 and was_set == "True", stdout


def test_outside_the_main_thread_the_callers_handling_stays():
    before = signal.getsignal(signal.SIGINT)
    seen: list[object] = []

    def in_a_thread() -> None:
        with _signals_stop(threading.Event(), []):
            seen.append(signal.getsignal(signal.SIGINT))

    t = threading.Thread(target=in_a_thread)
    t.start()
    t.join()
    assert seen == [before]


def test_the_handlers_and_the_wakeup_fd_are_restored():
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    stop = threading.Event()
    with _signals_stop(stop, []):
        assert signal.getsignal(signal.SIGINT) is not before[signal.SIGINT]
    assert {s: signal.getsignal(s) for s in before} == before
    assert signal.set_wakeup_fd(-1) == -1  # none left behind
    assert not stop.is_set()


@pytest.mark.realtime
def test_one_signal_sets_the_event_and_is_noted(tmp_path, procs: Processes):
    done = tmp_path / "done"
    p = procs.start([sys.executable, "-c", LOOP, str(done)], cwd=REPO,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready", finish(p)
    os.kill(p.pid, signal.SIGINT)
    done.touch()
    stdout, stderr = finish(p)
    assert p.returncode == 0, (stdout, stderr)
    assert stdout.split() == ["1", "True"]
