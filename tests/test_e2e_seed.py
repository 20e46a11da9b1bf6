"""End to end: the seed's three faults, captured from the real example app over real HTTP and
replayed through the simulator.

A module fixture runs three `python -m kubesim capture --launch "python -m
examples.fastapi_app ... --event-log FILE"` processes at once (uvicorn on 127.0.0.1, free
ports), about 20 s of wall time in all on an idle machine. Each is driven by what it has
recorded so far, not by the clock: the faults are switched on through the app's own fault
endpoints once the trace shows the app answering, and each capture is ended (SIGINT) once its
trace holds what the tests need. A loaded machine only makes it all take longer.

The app counts time from the capture's t=0 (`KUBESIM_CAPTURE_T0`) and logs every request it
received (when, and when it chose the status) and every fault (`tests/realtime.py`). Each test
first checks that the recording shows the fault the app logged, by causality (a request sent at
t and answered `latency` later was handled inside [t, t + latency]), then checks the seed's
conclusion by simulation, with every position taken from the recorded data:

* DB outage (10 s, switched on after 4 s of answers): a unified /healthz as liveness restarts
  the container at every grid phase; split /livez + /readyz never restarts and takes the pod
  out of Ready for the outage. The seed's periods (10 s / 5 s against a 90 s outage) are scaled
  down 5x, liveness period 2 s, readiness period 1 s, same thresholds, and the outage to 10 s:
  longer than the unified liveness probe needs to kill (three failures 2 s apart, 4 s to 6 s
  into it), closer to it than the seed's, so the restart at every phase is no easier (the
  committed 240 s capture, traces/seed_db_outage.jsonl, is replayed with the seed's own specs in
  test_seed_cases.py).
* Slow startup (2.2 s lifespan delay): the seed's own specs. A startup budget of 6 failures at
  a 1 s period restarts exactly at the grid phases whose sixth probe lands before the app's
  recorded first answer (none, on the seed's 2.5 s start: the budget survives); liveness
  threshold 3 alone restarts exactly at the phases whose third probe does (ideal kubelet), and
  at some phases with the real kubelet latencies.
* Event-loop stall (2 s, switched on after 6 s of answers): the seed's own skeleton. The
  liveness probe sent into the stall times out after timeoutSeconds; no restart at any phase.
"""

from __future__ import annotations

import math
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from realtime import HANG, RESOLUTION, AppLog, Processes, finish, jsonl, matched, show, wait_until

from kubesim import (
    Outcome,
    ProbedContainer,
    ProbeType,
    Trace,
    load_spec,
    load_trace,
    profile_from,
    simulate,
)
from kubesim.analysis.phases import across_phases
from kubesim.behaviour.trace import Observation
from kubesim.spec.model import parse_container

pytestmark = pytest.mark.realtime

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "probe_specs"
L, S = ProbeType.LIVENESS, ProbeType.STARTUP
IDEAL = profile_from(ideal=True)
PROFILES = [profile_from(), IDEAL]
TIMEOUT = 1.0  # the capture's --timeout: the probes' timeoutSeconds

OUTAGE = 10.0  # seconds of recorded database outage
STALL = 2.0  # seconds the event loop is blocked
GRACE = "120"  # --grace: an app shutdown no loaded machine needs (under HANG, the hang guard)


# ---------------------------------------------------------------- the captures


@dataclass
class Live:
    """A capture in progress: its trace file so far, and the app's fault endpoints."""

    trace: Path
    port: int

    def rows(self, path: str) -> list[dict]:
        return [r for r in jsonl(self.trace)[1:] if r.get("target") == path]

    def first(self, path: str, ok: Callable[[dict], bool], after: float = -1.0) -> dict:
        """The first observation of `path` after t=`after` for which `ok` holds (waits)."""
        return wait_until(f"{path}: an observation after t={after:g}",
                          lambda: next((r for r in self.rows(path)
                                        if r["t"] > after and ok(r)), None),
                          state=lambda: str(self.rows(path)[-3:]))

    def post(self, path: str) -> None:
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method="POST")
        with urllib.request.urlopen(req, timeout=HANG) as answer:
            assert answer.status == 200, answer.status


def answered(row: dict) -> bool:
    return row.get("status") == 200


def failing(row: dict) -> bool:
    return row.get("status") == 503


def drive_db_outage(live: Live) -> None:
    """4 s of answers, then the database down until the trace holds 10 s of 503s on both
    paths that check it, then up again until it holds 6 s of recovery."""
    checked = ("/readyz", "/healthz")
    up = live.first("/readyz", answered)["t"]
    live.first("/readyz", answered, after=up + 4)
    live.post("/faults/db?up=false")
    for path in checked:
        first = live.first(path, failing, after=up)["t"]
        live.first(path, failing, after=first + OUTAGE)
    live.post("/faults/db?up=true")
    mended = {path: live.rows(path)[-1]["t"] for path in checked}
    for path in checked:
        back = live.first(path, answered, after=mended[path])["t"]
        live.first(path, answered, after=back + 6)


def drive_slow_startup(live: Live) -> None:
    """Until 3 s of answers after the first."""
    ready = live.first("/livez", answered)["t"]
    live.first("/livez", answered, after=ready + 3)


def drive_stall(live: Live) -> None:
    """6 s of answers, the stall, then 5 s of answers after each path's timeout."""
    for path in ("/livez", "/readyz"):
        up = live.first(path, answered)["t"]
        live.first(path, answered, after=up + 6)
    sent = {path: live.rows(path)[-1]["t"] for path in ("/livez", "/readyz")}
    live.post(f"/faults/stall?seconds={STALL:g}")
    for path in ("/livez", "/readyz"):
        timeout = live.first(path, lambda r: r.get("error") == "timeout", after=sent[path])
        live.first(path, answered, after=timeout["t"] + 5)


@dataclass(frozen=True)
class Case:
    paths: tuple[str, ...]
    flags: tuple[str, ...]
    app_flags: tuple[str, ...]
    drive: Callable[[Live], None]


CASES = {
    "db_outage": Case(("/healthz", "/livez", "/readyz"), ("--interval", "0.5", "--on-restart",
                                                          "wall"), (), drive_db_outage),
    "slow_startup": Case(("/livez",), ("--interval", "0.1"), ("--lifespan-delay", "2.2"),
                         drive_slow_startup),
    "stall": Case(("/livez", "/readyz"), ("--interval", "0.5"), (), drive_stall),
}


@dataclass(frozen=True)
class Captured:
    trace: Trace
    log: AppLog


def _free_ports(n: int) -> list[int]:
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in socks]
    finally:
        for s in socks:
            s.close()


def _capture_argv(case: Case, port: int, trace: Path, log: Path) -> list[str]:
    launch = " ".join([sys.executable, "-m", "examples.fastapi_app", "--port", str(port),
                       "--event-log", str(log), *case.app_flags])
    # --duration is only a cap: the drive ends each capture with SIGINT; the app's shutdown
    # time is not the subject: a --grace it never needs (not the default 5 s, a bound on a
    # starved app's shutdown), so SIGTERM stops it and its event log is complete
    return [sys.executable, "-m", "kubesim", "capture", f"http://127.0.0.1:{port}",
            *[a for p in case.paths for a in ("--path", p)], "--timeout", f"{TIMEOUT:g}",
            "--duration", "600", "--grace", GRACE, *case.flags, "--launch", launch,
            "-o", str(trace)]


@pytest.fixture(scope="module")
def captures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Captured]:
    """The three captures, made in parallel by the real `kubesim capture` command."""
    out = tmp_path_factory.mktemp("captures")
    procs = Processes()
    try:
        def record(name: str, port: int) -> None:
            live = Live(out / f"{name}.jsonl", port)
            proc = procs.start(_capture_argv(CASES[name], port, live.trace, out / f"{name}.log"),
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
            CASES[name].drive(live)
            proc.send_signal(signal.SIGINT)
            stdout, stderr = finish(proc)
            assert proc.returncode == 128 + signal.SIGINT, f"{name}: {stderr}{stdout}"
            assert "stopped with SIGTERM" in stdout, stdout

        with ThreadPoolExecutor(len(CASES)) as pool:
            for future in [pool.submit(record, name, port)
                           for name, port in zip(CASES, _free_ports(len(CASES)), strict=True)]:
                future.result()  # a drive's failure (with what was recorded) fails the fixture
    finally:
        procs.close()
    return {name: Captured(load_trace(str(out / f"{name}.jsonl")),
                           AppLog.read(out / f"{name}.log")) for name in CASES}


# ---------------------------------------------------------------- reading the data


def pod(**probes: dict) -> ProbedContainer:
    return ProbedContainer(parse_container(
        {"name": "app", "ports": [{"name": "http", "containerPort": 8000}], **probes}))


def http(path: str, period: int, threshold: int, **more: int) -> dict:
    return {"httpGet": {"path": path, "port": "http"}, "periodSeconds": period,
            "timeoutSeconds": 1, "failureThreshold": threshold, **more}


def first_answer(trace: Trace, key: str = "/livez") -> float:
    """When the launched app first answered `key`. Every earlier attempt failed: refused (it
    was not listening yet: for longer on a loaded machine), the first ones always."""
    obs = trace.observations(key)
    ok = next(o.t for o in obs if not o.failing)
    before = [o for o in obs if o.t < ok]
    assert before and before[0].error is not None and before[0].error.value == "refused" and {
        o.error.value for o in before if o.error is not None} <= {"refused", "timeout"}, show(
        o for o in obs if o.t <= ok)
    return ok


def end_of(trace: Trace) -> float:
    """The simulated duration: the whole recording."""
    return max(trace.last_time(key) for key in trace.targets)


@dataclass(frozen=True)
class Outage:
    """Where one path's recording shows the database outage the app logged: `start` is the
    first 503 observation's t, `end` the first 200's after it (the trace's failing window)."""

    start: float
    end: float


def outage(captured: Captured, key: str) -> Outage:
    """The recorded outage of `key`, checked against the app's own log: the transition from
    the last success to the first failure straddles the moment the app's database went down
    (the answer before was sent before it, the first 503 came back after it), and likewise for
    its return; every answer in between is 503."""
    trace, log = captured.trace, captured.log
    down, back = log.event("db", up=False).at, log.event("db", up=True).at
    obs = [o for o, _ in matched(trace.observations(key), log.of(key))]
    replies = [o for o in obs if o.status is not None]
    first_bad = next(i for i, o in enumerate(replies) if o.status == 503)
    last_bad = max(i for i, o in enumerate(replies) if o.status == 503)
    seen = (f"db down at {down:.6f}, up at {back:.6f} (app log); trace: "
            f"{show(replies[max(first_bad - 1, 0):first_bad + 1])} ... "
            f"{show(replies[last_bad:last_bad + 2])}")
    assert 0 < first_bad and last_bad + 1 < len(replies), seen
    before, bad, after = replies[first_bad - 1], replies[first_bad], replies[last_bad + 1]
    assert before.status == 200 and before.t < down <= _back(bad), seen
    assert replies[last_bad].t < back <= _back(after) and after.status == 200, seen
    assert {o.status for o in replies[first_bad:last_bad + 1]} == {503}, seen
    # the trace's failing window: from the first 503 (or a timeout just before it: a loaded
    # app may miss a deadline) to the first 200 after the outage
    (window,) = [w for w in trace.windows(end_of(trace) + 1)
                 if w.label == f"{key} failing" and w.start <= bad.t < w.end] or [None]
    assert window is not None and window.end == after.t and window.start > before.t, (
        window, seen)
    return Outage(window.start, window.end)


def _back(o: Observation) -> float:
    """When the answer to `o` came back (the trace's resolution added)."""
    return o.t + o.latency_ms / 1000 + RESOLUTION


# ---------------------------------------------------------------- DB outage

SPLIT = pod(startupProbe=http("/livez", 1, 30), livenessProbe=http("/livez", 2, 3),
            readinessProbe=http("/readyz", 1, 2, successThreshold=2))


def test_the_db_capture_records_the_outage_on_healthz_and_readyz_only(captures):
    captured = captures["db_outage"]
    trace = captured.trace
    assert trace.meta["on_restart"] == "wall" and trace.restart.value == "wall"
    up = first_answer(trace)  # before it the app was starting: refused
    for key in ("/healthz", "/readyz"):
        window = outage(captured, key)
        assert window.start > up and window.end - window.start >= OUTAGE, window
    livez = matched(trace.observations("/livez"), captured.log.of("/livez"))
    assert {o.status for o, _ in livez if o.status is not None} == {200}, show(
        o for o, _ in livez if o.status != 200)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_db_outage_unified_healthz_liveness_restarts_at_every_phase(captures, profile):
    trace = captures["db_outage"].trace
    window = outage(captures["db_outage"], "/healthz")
    duration = end_of(trace)
    # the app's start-up is not the subject: liveness starts once the recording shows the
    # app answering (a loaded machine's start-up took longer than the 4 s, 3 failures 2 s
    # apart, in which the unified liveness probe kills a container still refusing; R1.7)
    unified = pod(livenessProbe=http("/healthz", 2, 3,
                                     initialDelaySeconds=math.ceil(first_answer(trace,
                                                                                "/healthz"))),
                  readinessProbe=http("/healthz", 1, 2))
    sweep = across_phases(unified, trace, n=10, duration=duration, profile=profile)
    assert sweep.with_restart == 10
    for i, phase in enumerate(sweep.phases):
        tl = simulate(unified, trace, duration=duration, seed=i, profile=profile, phase=phase)
        assert tl.restarts[0].probe is L
        # the third failing liveness probe (period 2) at the earliest 2 periods into the
        # recorded outage, the last one at most a period after it
        assert all(window.start + 2 * 2 <= k.at <= window.end + 2 for k in tl.kills), (
            tl.kills, window)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_db_outage_split_probes_never_restart_and_go_not_ready(captures, profile):
    trace = captures["db_outage"].trace
    window = outage(captures["db_outage"], "/readyz")
    start, end = window.start, window.end
    for i in range(10):
        tl = simulate(SPLIT, trace, duration=end_of(trace), seed=i, profile=profile,
                      phase=i / 10)
        assert tl.kills == []
        changes = [(c.at, c.ready) for c in tl.ready]
        down = [at for at, ready in changes if not ready and at >= start]
        up = [at for at, ready in changes if ready and at >= end]
        # 2nd failing readiness probe (first tick >= start, + one period 1 s) + the sync hop,
        # + how long the app took to answer there (recorded: seconds on a loaded machine)
        slow_down, slow_up = (_slowest(trace, "/readyz", at, at + 2) for at in (start, end))
        assert down and start < down[0] <= start + 1 + 1 + slow_down + 0.05, (changes, window)
        assert up and end < up[0] <= end + 1 + 1 + slow_up + 0.05, (changes, window)
        assert not [at for at, ready in changes if ready and down[0] < at < end]


def _slowest(trace, target: str, lo: float, hi: float) -> float:
    """The longest recorded answer time (s) of `target` sent in [lo, hi]."""
    return max((o.latency_ms / 1000 for o in trace.observations(target)
                if lo <= o.t <= hi and o.latency_ms is not None), default=0.0)


# ---------------------------------------------------------------- slow startup


def test_the_slow_startup_capture_refuses_until_lifespan_and_process_start_are_done(captures):
    captured = captures["slow_startup"]
    trace, log = captured.trace, captured.log
    ready = first_answer(trace)
    startup = log.event("startup")
    obs = trace.observations("/livez")
    first = next(o for o in obs if o.t == ready)
    seen = f"startup {startup} (app log); trace: {show(o for o in obs if o.t <= ready)}"
    # the app started after t=0, slept the whole lifespan delay, and only then listened: the
    # first answer came back after all of it
    assert 0 <= startup.at and startup.until - startup.at >= 2.2 - RESOLUTION, seen
    assert _back(first) >= startup.until > 2.2, seen
    # every request that came back before the startup was over found nobody listening
    assert all(o.error is not None and o.error.value == "refused"
               for o in obs if _back(o) < startup.until), seen
    # the first answer is the first request the app logged, and the trace holds every one
    pairs = matched(obs, log.of("/livez"))
    assert next(o for o, _ in pairs if o.status is not None) is first, seen
    assert {o.status for o, _ in pairs if o.status is not None} == {200}


def _restarts_when(phases: list[float], budget_end: float, ready: float) -> list[bool]:
    """With the ideal kubelet the probes are at `phase + k` (period 1 s, R1.8); one fails while
    it looks up a time before the app's first recorded answer (sample and hold), and the
    F-th consecutive failure (R1.17), at `phase + budget_end`, kills."""
    return [p + budget_end < ready for p in phases]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_slow_startup_budget_6_survives_where_the_app_answers_in_time(captures, profile):
    """The seed's startup budget (6 probes, 1 s apart) restarts exactly where its sixth probe
    lands before the recorded first answer (R1.17, R1.23): on the seed's 2.5 s start,
    nowhere."""
    trace = captures["slow_startup"].trace
    ready = first_answer(trace)
    spec = load_spec(str(SPECS / "seed_slow_startup_budget.yaml"))
    sweep = across_phases(spec, trace, n=50, duration=30, profile=profile)
    if profile is IDEAL:
        assert [r > 0 for r in sweep.restarts] == _restarts_when(sweep.phases, 5, ready), ready
    for i in (0, 17, 33):
        tl = simulate(spec, trace, duration=30, seed=i, profile=profile, phase=sweep.phases[i])
        first = tl.containers[0]
        # the trace replays from the container's start: a probe fails while it looks up a
        # time before the first answer
        early = [r.at - first.running_at < ready
                 for r in tl.probes if r.probe is S and r.container == 0]
        seen = (ready, first, [k.probe for k in tl.kills])
        if early[:6] == [True] * 6:  # the budget ran out first: killed by the startup probe
            assert [k.probe for k in tl.kills][:1] == [S], seen
            continue
        # Started by the first startup probe at or after the first answer, within a period
        # plus the kubelet's result and sync hops; never killed
        assert first.started_at is not None and tl.kills == [], seen
        assert ready <= first.started_at - first.running_at < ready + 1 + 1.1, seen
        assert {r.result for r in tl.probes if r.probe is L} == {Outcome.SUCCESS}


def test_slow_startup_liveness_threshold_3_alone_restarts_when_the_grid_is_early(captures):
    trace = captures["slow_startup"].trace
    ready = first_answer(trace)
    spec = load_spec(str(SPECS / "seed_slow_startup_liveness_only.yaml"))
    ideal = across_phases(spec, trace, n=100, duration=30, profile=IDEAL)
    assert [r > 0 for r in ideal.restarts] == _restarts_when(ideal.phases, 2, ready), ready
    real = across_phases(spec, trace, n=100, duration=30)
    assert real.with_restart > 0


# ---------------------------------------------------------------- event-loop stall


def stall_timeouts(captured: Captured, key: str) -> tuple[Observation, Observation]:
    """`key`'s last timed-out request of the stall the app logged, and the request after it,
    checked against the app's log: a request sent after the loop blocked whose deadline passed
    before it woke is a timeout of exactly the capture's --timeout; the next one was sent only
    when that one gave up, and answered (200) only when the loop woke."""
    trace, log = captured.trace, captured.log
    stall = log.event("stall")
    obs = [o for o, _ in matched(trace.observations(key), log.of(key))]
    seen = f"stall {stall.at:.6f} to {stall.until:.6f} (app log); trace: " + show(
        o for o in obs if stall.at - 1 <= o.t <= (stall.until or 0) + 1)
    assert stall.until is not None and stall.until - stall.at >= STALL - RESOLUTION, seen
    inside = [o for o in obs if o.t >= stall.at and o.t + TIMEOUT < stall.until]
    assert inside, f"no request was sent into the stall: {seen}"
    assert all(o.error is not None and o.error.value == "timeout" and o.censored
               and o.latency_ms == TIMEOUT * 1000 for o in inside), seen
    # the last request in flight during the stall that timed out (a loaded app may miss a
    # deadline elsewhere too: not this test's subject)
    last = [o for o in obs if o.error is not None and o.t < stall.until
            and o.t + TIMEOUT > stall.at][-1]
    after = obs[obs.index(last) + 1]
    assert after.status == 200 and after.t >= last.t + TIMEOUT - RESOLUTION, seen
    assert _back(after) >= stall.until, seen
    return last, after


def test_the_stall_capture_records_the_timeouts_then_the_held_back_answer(captures):
    for key in ("/livez", "/readyz"):
        stall_timeouts(captures["stall"], key)


def _into_the_stall(captured: Captured) -> float:
    """A probe time that looks up /livez's timed-out observation of the stall (sample and
    hold: from that observation's t until the next one's)."""
    timeout, after = stall_timeouts(captured, "/livez")
    return (timeout.t + after.t) / 2


def test_the_stall_shows_up_as_a_liveness_timeout(captures):
    trace = captures["stall"].trace
    spec = load_spec(str(SPECS / "seed_skeleton.yaml"))
    at = _into_the_stall(captures["stall"])
    # the grid phase that puts a liveness probe (period 10 s) there
    tl = simulate(spec, trace, duration=end_of(trace), seed=0, profile=IDEAL, phase=at % 10)
    failed = [r for r in tl.probes if r.result is Outcome.FAILURE and r.probe is L]
    assert [r.at for r in failed] == [pytest.approx(at)], (at, failed)
    # the timeout as the clock measures it: (at + 1 s) - at, exact only for some `at`
    assert failed[0].latency == pytest.approx(1.0, abs=1e-9)
    assert "context deadline exceeded" in failed[0].detail


def test_a_2_s_stall_is_caught_but_never_restarts(captures):
    trace = captures["stall"].trace
    spec = load_spec(str(SPECS / "seed_skeleton.yaml"))
    duration = end_of(trace)
    sweep = across_phases(spec, trace, n=40, duration=duration, profile=IDEAL)
    assert sweep.restarts == [0] * 40
    seen = sum(any(r.result is Outcome.FAILURE and r.probe is L for r in
                   simulate(spec, trace, duration=duration, seed=i, profile=IDEAL,
                            phase=p).probes)
               for i, p in enumerate(sweep.phases))
    assert seen > 0
