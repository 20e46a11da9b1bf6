"""End to end: the seed's three faults, captured from the real example app over real HTTP and
replayed through the simulator.

A module fixture runs three `python -m kubesim capture --launch "python -m
examples.fastapi_app ..."` processes at once (uvicorn on 127.0.0.1, free ports), about 30 s
of wall time in all. Each test then reads its capture with `load_trace`, first checks that the
recording shows the fault it was given (timings taken from the data, not assumed), then
checks the seed's conclusion by simulation:

* DB outage (4.9 s to 19.9 s of a 30 s capture): a unified /healthz as liveness restarts the
  container at every grid phase; split /livez + /readyz never restarts and takes the pod out of
  Ready for the outage. The seed's periods (10 s / 5 s against a 90 s outage) are scaled down
  5x to fit a 15 s outage: liveness period 2 s, readiness period 1 s, same thresholds (the
  committed 240 s capture, traces/seed_db_outage.jsonl, is replayed with the seed's own specs
  in test_seed_cases.py).
* Slow startup (2.2 s lifespan delay): the seed's own specs. Startup budget 6 survives at every
  phase; liveness threshold 3 alone restarts exactly at the phases whose third probe lands
  before the app's recorded first answer (ideal kubelet), and at some phases with the real
  kubelet latencies.
* Event-loop stall (2 s from 9.9 s): the seed's own skeleton. The liveness probe sent into the
  stall times out after timeoutSeconds; no restart at any phase.

Faults start 0.1 s before a capture tick (4.9, 9.9 s on a 0.5 s grid), so that the tick's
request falls inside the fault whatever the few milliseconds between the recorder's t=0 and
the app's own clock; a fault starting exactly on a tick would make that one observation a
coin toss, and a replay at that instant with it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kubesim import (Outcome, ProbedContainer, ProbeType, Trace, load_spec, load_trace,
                     profile_from, simulate)
from kubesim.analysis.phases import across_phases
from kubesim.spec.model import parse_container

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "probe_specs"
L = ProbeType.LIVENESS
IDEAL = profile_from(ideal=True)
PROFILES = [profile_from(), IDEAL]

CASES = {
    # name: (paths, capture flags, app flags)
    "db_outage": (("/healthz", "/livez", "/readyz"),
                  ["--interval", "0.5", "--duration", "30", "--on-restart", "wall"],
                  ["--db-down", "4.9:19.9"]),
    "slow_startup": (("/livez",), ["--interval", "0.1", "--duration", "8"],
                     ["--lifespan-delay", "2.2"]),
    "stall": (("/livez", "/readyz"), ["--interval", "0.5", "--duration", "14"],
              ["--stall", "9.9:2"]),
}


def _free_ports(n: int) -> list[int]:
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in socks]
    finally:
        for s in socks:
            s.close()


@pytest.fixture(scope="module")
def captures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Trace]:
    """The three captures, made in parallel by the real `kubesim capture` command."""
    out_dir = tmp_path_factory.mktemp("captures")
    procs: dict[str, subprocess.Popen[str]] = {}
    try:
        for (name, (paths, flags, app_flags)), port in zip(CASES.items(),
                                                          _free_ports(len(CASES))):
            launch = " ".join([sys.executable, "-m", "examples.fastapi_app", "--port",
                               str(port), *app_flags])
            argv = [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}",
                    *[a for p in paths for a in ("--path", p)], "--timeout", "1", *flags,
                    "--launch", launch, "-o", str(out_dir / f"{name}.jsonl")]
            procs[name] = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        for name, p in procs.items():
            out, err = p.communicate(timeout=max(deadline - time.monotonic(), 1))
            assert p.returncode == 0, f"{name}: {err}{out}"
            assert "stopped with SIGTERM" in out, out
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait(10)
    return {name: load_trace(str(out_dir / f"{name}.jsonl")) for name in CASES}


def pod(**probes: dict) -> ProbedContainer:
    return ProbedContainer(parse_container(
        {"name": "app", "ports": [{"name": "http", "containerPort": 8000}], **probes}))


def http(path: str, period: int, threshold: int, **more: int) -> dict:
    return {"httpGet": {"path": path, "port": "http"}, "periodSeconds": period,
            "timeoutSeconds": 1, "failureThreshold": threshold, **more}


def failing_window(trace: Trace, key: str, after: float) -> tuple[float, float]:
    """The one window after `after` where `key`'s recorded answers fail, from the data."""
    windows = [(w.start, w.end) for w in trace.windows(10_000)
               if w.label == f"{key} failing" and w.start > after]
    assert len(windows) == 1, windows
    return windows[0]


def first_answer(trace: Trace) -> float:
    """When the launched app first answered /livez; every earlier attempt was refused (it was
    not listening yet: slower on a loaded machine)."""
    obs = trace.observations("/livez")
    ok = next(o.t for o in obs if not o.failing)
    assert {o.error.value for o in obs if o.t < ok} == {"refused"}  # type: ignore[union-attr]
    return ok


# ---------------------------------------------------------------- DB outage

UNIFIED = pod(livenessProbe=http("/healthz", 2, 3), readinessProbe=http("/healthz", 1, 2))
SPLIT = pod(startupProbe=http("/livez", 1, 30), livenessProbe=http("/livez", 2, 3),
            readinessProbe=http("/readyz", 1, 2, successThreshold=2))


def test_the_db_capture_records_the_outage_on_healthz_and_readyz_only(captures):
    trace = captures["db_outage"]
    assert trace.meta["on_restart"] == "wall" and trace.restart.value == "wall"
    up = first_answer(trace)  # before it the app was starting: refused
    assert up < 4.0
    for key in ("/healthz", "/readyz"):
        start, end = failing_window(trace, key, after=up)
        assert start == pytest.approx(5.0, abs=0.1) and end == pytest.approx(20.0, abs=0.1)
        assert {o.status for o in trace.observations(key) if start <= o.t < end} == {503}
    assert all(o.status == 200 for o in trace.observations("/livez") if o.t >= up)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_db_outage_unified_healthz_liveness_restarts_at_every_phase(captures, profile):
    trace = captures["db_outage"]
    start, end = failing_window(trace, "/healthz", after=first_answer(trace))
    sweep = across_phases(UNIFIED, trace, n=10, duration=30, profile=profile)
    assert sweep.with_restart == 10
    for i, phase in enumerate(sweep.phases):
        tl = simulate(UNIFIED, trace, duration=30, seed=i, profile=profile, phase=phase)
        assert tl.restarts[0].probe is L
        assert all(start + 2 * 2 <= k.at <= end + 2 for k in tl.kills), tl.kills


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_db_outage_split_probes_never_restart_and_go_not_ready(captures, profile):
    trace = captures["db_outage"]
    start, end = failing_window(trace, "/readyz", after=first_answer(trace))
    for i in range(10):
        tl = simulate(SPLIT, trace, duration=30, seed=i, profile=profile, phase=i / 10)
        assert tl.kills == []
        changes = [(c.at, c.ready) for c in tl.ready]
        down = [at for at, ready in changes if not ready and at >= start]
        up = [at for at, ready in changes if ready and at >= end]
        # 2nd failing readiness probe (first tick >= start, + one period 1 s) + the sync hop
        assert down and start < down[0] <= start + 1 + 1 + 0.05
        assert up and end < up[0] <= end + 1 + 1 + 0.05
        assert not [at for at, ready in changes if ready and down[0] < at < end]


# ---------------------------------------------------------------- slow startup


def test_the_slow_startup_capture_refuses_until_lifespan_and_process_start_are_done(captures):
    ready = first_answer(captures["slow_startup"])
    assert all(not o.failing for o in captures["slow_startup"].observations("/livez")
               if o.t >= ready)
    # the 2.2 s lifespan delay plus interpreter start, imports and binding (the seed: ~2.5 s)
    assert 2.2 < ready < 2.2 + 3.0


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_slow_startup_budget_6_survives_at_every_phase(captures, profile):
    trace = captures["slow_startup"]
    ready = first_answer(trace)
    spec = load_spec(str(SPECS / "seed_slow_startup_budget.yaml"))
    sweep = across_phases(spec, trace, n=50, duration=30, profile=profile)
    assert sweep.restarts == [0] * 50
    for i in (0, 17, 33):
        tl = simulate(spec, trace, duration=30, seed=i, profile=profile, phase=sweep.phases[i])
        assert ready <= tl.containers[0].started_at < ready + 1 + 1.1
        assert {r.result for r in tl.probes if r.probe is L} == {Outcome.SUCCESS}


def test_slow_startup_liveness_threshold_3_alone_restarts_when_the_grid_is_early(captures):
    trace = captures["slow_startup"]
    ready = first_answer(trace)
    spec = load_spec(str(SPECS / "seed_slow_startup_liveness_only.yaml"))
    ideal = across_phases(spec, trace, n=100, duration=30, profile=IDEAL)
    assert [r > 0 for r in ideal.restarts] == [p + 2 < ready for p in ideal.phases]
    real = across_phases(spec, trace, n=100, duration=30)
    assert real.with_restart > 0


# ---------------------------------------------------------------- event-loop stall


def test_the_stall_capture_records_one_timeout_per_path_then_the_held_back_answer(captures):
    trace = captures["stall"]
    up = first_answer(trace)
    for key in ("/livez", "/readyz"):
        obs = [o for o in trace.observations(key) if o.t >= up]
        timeouts = [o for o in obs if o.error is not None]
        assert len(timeouts) == 1 and timeouts[0].t == pytest.approx(10.0, abs=0.1)
        assert timeouts[0].error.value == "timeout"  # type: ignore[union-attr]
        assert timeouts[0].latency_ms == 1000.0 and timeouts[0].censored
        after = next(o for o in obs if o.t > timeouts[0].t)
        # sent when the timed-out one returned (the buffered tick), answered when the stall
        # ended at 11.9 s
        assert after.status == 200
        assert after.t == pytest.approx(timeouts[0].t + 1.0, abs=0.1)
        assert after.t + after.latency_ms / 1000 == pytest.approx(11.9, abs=0.3)


def test_the_stall_shows_up_as_a_liveness_timeout(captures):
    trace = captures["stall"]
    spec = load_spec(str(SPECS / "seed_skeleton.yaml"))
    tl = simulate(spec, trace, duration=30, seed=0, profile=IDEAL, phase=0.5)
    failed = [r for r in tl.probes if r.result is Outcome.FAILURE and r.probe is L]
    assert [r.at for r in failed] == [10.5]
    assert failed[0].latency == 1.0
    assert "context deadline exceeded" in failed[0].detail


def test_a_2_s_stall_is_caught_but_never_restarts(captures):
    trace = captures["stall"]
    spec = load_spec(str(SPECS / "seed_skeleton.yaml"))
    sweep = across_phases(spec, trace, n=40, duration=30, profile=IDEAL)
    assert sweep.restarts == [0] * 40
    seen = sum(any(r.result is Outcome.FAILURE and r.probe is L for r in
                   simulate(spec, trace, duration=30, seed=i, profile=IDEAL, phase=p).probes)
               for i, p in enumerate(sweep.phases))
    assert seen > 0
