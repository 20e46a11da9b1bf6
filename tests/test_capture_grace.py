"""`kubesim capture --launch`: the app gets the kubelet's grace period between SIGTERM and
SIGKILL.

The kubelet stops a container that no probe killed with the pod's
terminationGracePeriodSeconds (R4.4, R4.22), 30 s when the pod leaves it unset (R5.3), never
less than 2 s (R4.5). The real-time tests judge the grace by what the app itself recorded (when
SIGTERM reached it, on the system's monotonic clock) and by the grace the trace's meta says,
never by a fixed tolerance.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import cli
from realtime import Processes, finish, jsonl, wait_until

from kubesim.cli.capture import stop_grace
from kubesim.cli.main import _parser
from kubesim.errors import UsageError

REPO = Path(__file__).resolve().parent.parent
CAP = "3600"  # a --duration that only caps a capture the test ends with SIGINT

POD = """apiVersion: v1
kind: Pod
metadata: {{name: web}}
spec:
{grace}  containers:
  - name: app
    image: app
    livenessProbe:
      httpGet: {{path: /livez, port: 8000}}
"""


def pod(tmp_path: Path, grace: int | None) -> Path:
    path = tmp_path / "pod.yaml"
    line = "" if grace is None else f"  terminationGracePeriodSeconds: {grace}\n"
    path.write_text(POD.format(grace=line))
    return path


def args_of(*extra: str, launch: bool = True):
    argv = ["capture", "http://127.0.0.1:8000", "--path", "/livez", "-o", "t.jsonl", *extra]
    if launch:
        argv += ["--launch", "true"]
    return _parser("capture").parse_args(argv)


# ---------------------------------------------------------------- which grace


def test_without_a_spec_the_grace_is_the_kubelets_default_30_s():
    grace, source = stop_grace(args_of())
    assert grace == 30.0  # R5.3: a pod's terminationGracePeriodSeconds unset is 30
    assert "default terminationGracePeriodSeconds" in source and "R5.3" in source


@pytest.mark.parametrize("written, used", [(45, 45.0), (3, 3.0), (None, 30.0), (0, 2.0),
                                           (1, 2.0)])
def test_with_a_spec_the_grace_is_its_pods(tmp_path, written, used):
    """The pod's terminationGracePeriodSeconds (R4.4), 30 s unset (R5.3), at least the 2 s the
    kubelet always gives (R4.5)."""
    grace, source = stop_grace(args_of("--spec", str(pod(tmp_path, written))))
    assert grace == used
    assert "pod.yaml" in source


def test_grace_given_on_the_command_line_wins(tmp_path):
    assert stop_grace(args_of("--grace", "7", "--spec", str(pod(tmp_path, 45)))) == (
        7.0, "--grace")


def test_a_spec_without_launch_or_past_the_bound_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="needs --launch"):
        stop_grace(args_of("--spec", str(pod(tmp_path, 45)), launch=False))
    with pytest.raises(UsageError, match="pass --grace"):
        stop_grace(args_of("--spec", str(pod(tmp_path, 3600))))


def test_the_help_names_the_kubelets_default(capsys):
    code, text, _ = cli(capsys, "capture", "--help")
    assert code == 0
    assert "terminationGracePeriodSeconds, else 30" in " ".join(text.split())


# ---------------------------------------------------------------- the grace, in real time

# The launched app: on SIGTERM it writes when (time.monotonic()) to DIR/term, then exits, or
# with `ignore` carries on; it writes DIR/ready once its handler is set. argv: MODE DIR
APP = r"""
import os, signal, sys, time
mode, d = sys.argv[1], sys.argv[2]
def term(*_):
    with open(os.path.join(d, "term.tmp"), "w") as f:
        f.write(repr(time.monotonic()))
    os.rename(os.path.join(d, "term.tmp"), os.path.join(d, "term"))
    if mode != "ignore":
        os._exit(0)
signal.signal(signal.SIGTERM, term)
open(os.path.join(d, "ready"), "w").close()
while True:
    time.sleep(0.05)
"""


def captured_app(procs: Processes, tmp_path: Path, mode: str, *extra: str
                 ) -> tuple[str, str, float, float]:
    """Capture the app until it is ready, end with SIGINT; (stdout, the meta's grace, when
    the app got SIGTERM, when the capture had exited: both on the monotonic clock)."""
    script, out = tmp_path / "app.py", tmp_path / "t.jsonl"
    script.write_text(APP)
    p = procs.start([sys.executable, "-m", "kubesim", "capture", "http://127.0.0.1:9",
                     "--path", "/livez", "--duration", CAP, "--launch",
                     f"{sys.executable} {script} {mode} {tmp_path}", "-o", str(out), *extra],
                    cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until("the app ready, or the capture ended",
               lambda: (tmp_path / "ready").exists() or p.poll() is not None)
    assert p.poll() is None, finish(p)
    p.send_signal(signal.SIGINT)
    stdout, stderr = finish(p)
    ended = time.monotonic()
    assert p.returncode == 130, (stdout, stderr)
    meta = jsonl(out)[0]["meta"]
    return stdout, meta["grace"], float((tmp_path / "term").read_text()), ended


@pytest.mark.realtime
def test_the_spec_grace_is_what_an_app_ignoring_sigterm_gets(tmp_path, procs):
    spec = pod(tmp_path, 3)
    stdout, grace, term, ended = captured_app(procs, tmp_path, "ignore", "--spec", str(spec))
    assert grace == 3.0
    assert "stopped with SIGKILL" in stdout
    assert f"grace before SIGKILL 3 s: the terminationGracePeriodSeconds of {spec}" in stdout
    # the capture could not end before the grace after the app's own SIGTERM had passed
    assert ended - term >= grace, (term, ended)


@pytest.mark.realtime
def test_an_app_that_exits_on_sigterm_is_not_held_for_the_kubelets_default_grace(
        tmp_path, procs):
    stdout, grace, term, ended = captured_app(procs, tmp_path, "exit")
    assert grace == 30.0  # R5.3
    assert "stopped with SIGTERM" in stdout
    assert "grace before SIGKILL 30 s: the kubelet's default" in stdout
    # the capture ended once the app had gone, well inside the grace it would have waited
    assert ended - term < grace, (term, ended)
