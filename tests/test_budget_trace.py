"""The work budget's estimate of a trace replay against the work the engine really does
(issue 31 item 4: a trace was estimated as stepped all along, 10 times the work of an hour of
the seed trace, while the engine jumps its quiet stretches).

The estimate reads the trace as far as the run will (`Trace.replay_extent`) and no further;
it must bound the work the fast scheduler counts (`HeapScheduler.steps`, two per stepped
call, and the resyncs drawn inside jumped stretches) over generated pods and traces, and
stay within 2 times of it on real traces, each run's setup beside.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import examples, pod
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from test_budget import PROFILES, counted

from kubesim.analysis.budget import SETUP, run_work
from kubesim.behaviour import trace_read
from kubesim.behaviour.trace import RestartMode, load_trace, parse_jsonl
from kubesim.errors import BehaviourError
from kubesim.kubelet.settings import profile_from
from kubesim.spec.manifests import load_spec
from kubesim.testing import strategies as ks

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "probe_specs"
TRACES = REPO / "traces"
PATHS = ("/healthz", "/livez", "/readyz")
SHORT_BACKOFF = next(p for p in PROFILES if p.name == "short-backoff")
RESYNC_HALF = next(p for p in PROFILES if p.name == "resync-0.5+ideal")


def _get(path: str, period: int, failures: int) -> dict:
    return {"httpGet": {"path": path, "port": 8080}, "periodSeconds": period,
            "failureThreshold": failures}


# A crash loop of 10-second lives (startup every 10 s, liveness F=1 P=1 on a /readyz the
# replayed trace fails for its first 8.5 s; back-off at most 8 s, so every restart is at
# once): each life's results (startup's success, readiness's, liveness's failure) queue a
# pod sync each (R3.9, R3.10), which the estimate did not count (1946.965 > 1933.23)
CRASH_LOOP = pod(ports=[{"name": "http", "containerPort": 8080}],
                 startupProbe=_get("/livez", 10, 3), livenessProbe=_get("/readyz", 1, 1),
                 readinessProbe=_get("/livez", 13, 3))
CRASH_LOOP_TRACE = "".join(json.dumps(row) + "\n" for row in (
    {"t": 0.0, "target": "/healthz", "status": 200, "latency_ms": 0.0},
    {"t": 0.0, "target": "/livez", "status": 200, "latency_ms": 20.1},
    {"t": 0.0, "target": "/readyz", "status": 503, "latency_ms": 464.8},
    {"t": 8.5, "target": "/readyz", "status": 200, "latency_ms": 0.0},
    {"t": 8.5, "target": "/readyz", "status": 200, "latency_ms": 0.0}))


def _recorded(tmp_path: Path, seconds: float, every: float,
              down: list[tuple[float, float]], *, replay: bool = False) -> str:
    """A trace as `kubesim capture` writes one: /livez and /readyz every `every` seconds,
    both 503 inside `down`."""
    path = tmp_path / "recorded.jsonl"
    with path.open("w") as f:
        f.write(json.dumps({"meta": {"on_restart": "replay" if replay else "wall"}}) + "\n")
        for i in range(int(seconds / every)):
            t = i * every
            status = 503 if any(a <= t < b for a, b in down) else 200
            f.writelines(json.dumps({"t": t, "target": key, "status": status,
                                     "latency_ms": 1 + i % 4}) + "\n"
                         for key in ("/livez", "/readyz"))
    return str(path)


@settings(max_examples=examples(200), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(pod=ks.pods(ks.containers(handlers=["httpGet"], max_period=30, max_failure_threshold=6,
                                 max_initial_delay=60, paths={
                                     t: st.sampled_from(PATHS)
                                     for t in ("startup", "liveness", "readiness")})),
       text=ks.trace_texts(targets=PATHS, max_observations=40, max_gap=120.0),
       restart=st.sampled_from([None, RestartMode.REPLAY, RestartMode.WALL]),
       profile=st.sampled_from(PROFILES), duration=st.sampled_from([60.0, 900.0, 3600.0]),
       seed=st.integers(0, 3))
@example(pod=CRASH_LOOP, text=CRASH_LOOP_TRACE, restart=None, profile=SHORT_BACKOFF,
         duration=900.0, seed=0)
# Not Ready for 77 s (readiness fails until /healthz turns 200) with a resync every 0.5 s:
# every sync triggers the probe (E6) and stops a stretch, 114 tries of a jump none of which
# jumps; the estimate jumped all but the start (669.885 > 668.82, found by the soak)
@example(pod=pod(ports=[{"name": "http", "containerPort": 8080}],
                 readinessProbe=_get("/healthz", 10, 1)),
         text="".join(json.dumps(row) + "\n" for row in (
             {"t": 0.0, "target": "/healthz", "status": 503, "latency_ms": 0.0},
             {"t": 0.0, "target": "/livez", "status": 200, "latency_ms": 0.0},
             {"t": 0.0, "target": "/readyz", "status": 200, "latency_ms": 0.0},
             *[{"t": 77.0, "target": "/healthz", "status": 200, "latency_ms": 0.0}] * 29)),
         restart=None, profile=RESYNC_HALF, duration=900.0, seed=0)
# Not Ready to the end (/healthz 503 with a latency, never turning) with a resync every 0.5 s:
# every sync triggers the readiness probe (E6, R1.13) and leaves its worker quiet, so the
# jumps test the workers and plan a jump at every sync, which the estimate did not count
# (3879.96 > 3765, found by Hypothesis)
@example(pod=pod(ports=[{"name": "http", "containerPort": 8080}],
                 readinessProbe=_get("/healthz", 10, 3)),
         text="".join(json.dumps(row) + "\n" for row in (
             {"t": 0.0, "target": "/healthz", "status": 503, "latency_ms": 0.1},
             {"t": 0.0, "target": "/livez", "status": 200, "latency_ms": 0.0},
             {"t": 0.0, "target": "/readyz", "status": 200, "latency_ms": 0.0})),
         restart=None, profile=RESYNC_HALF, duration=900.0, seed=0)
def test_the_estimate_bounds_what_a_trace_run_does(pod, text, restart, profile, duration,
                                                   seed):
    trace = parse_jsonl(text, restart=restart)
    try:
        actual = counted(pod, trace, duration, profile, seed)
    except BehaviourError:  # a censored line a "reject" trace refuses: no run
        assume(False)
    estimate = run_work(pod, trace, duration, profile)
    assert actual <= estimate, (actual, estimate, pod, text, profile.name)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_flapping_readiness_is_estimated_with_the_syncs_it_queues(profile):
    """A readiness probe every second against a /readyz that turns 503 and back every
    second for 15 minutes: each change is a result its cache announces (R1.20) and a pod
    sync queued (R3.9), which the estimate did not count (3 times under the work, 1,002
    units against 2,965); it bounds them now, within 2 times."""
    p = pod(ports=[{"name": "http", "containerPort": 8080}],
            readinessProbe=_get("/readyz", 1, 1))
    text = "".join(json.dumps({"t": float(i), "target": "/readyz", "status": 503 - 303 * (i % 2),
                               "latency_ms": 0.0}) + "\n" for i in range(900))
    actual = counted(p, parse_jsonl(text), 900.0, profile, 0)
    estimate = run_work(p, parse_jsonl(text), 900.0, profile)
    assert actual <= estimate <= 2 * (actual + SETUP), (actual, estimate)


@pytest.mark.parametrize(("spec", "trace", "restart"), [
    ("seed_unified_healthz", "seed_db_outage", None),
    ("seed_unified_healthz", "seed_db_outage", RestartMode.REPLAY),
    ("seed_skeleton", "seed_event_loop_stall", None),
    ("seed_skeleton", "seed_slow_startup", RestartMode.WALL),
    ("seed_skeleton", "seed_db_outage", None),
])
def test_a_real_trace_is_estimated_within_twice_its_work(spec, trace, restart):
    """An hour and a day of the shipped traces: the estimate is above the work the engine
    counts and within 2 times of it with the run's setup (the hour of seed_db_outage was
    10.2 times before: estimated as stepped, while after its 240 s the engine jumps)."""
    pod, profile = load_spec(str(SPECS / f"{spec}.yaml"), None), profile_from()
    for duration in (3600.0, 86400.0):
        replay = load_trace(str(TRACES / f"{trace}.jsonl"), restart=restart)
        estimate = run_work(pod, replay, duration, profile)
        actual = counted(pod, replay, duration, profile, 0)
        assert actual <= estimate <= 2 * (actual + SETUP), (duration, actual, estimate)


@pytest.mark.parametrize(("every", "replay"), [(1.0, False), (60.0, False), (60.0, True)])
def test_a_day_long_recording_is_estimated_within_twice_its_work(tmp_path, every, replay):
    """A day recorded every second (stepped: no stretch to jump) or every minute (jumped
    between observations: 6.6 times the work when a trace was estimated as stepped), with
    four outages of three minutes that kill."""
    outages = [(h * 3600.0 + 600, h * 3600.0 + 780) for h in range(0, 24, 6)]
    pod, profile = load_spec(str(SPECS / "seed_skeleton.yaml"), None), profile_from()
    trace = load_trace(_recorded(tmp_path, 86400, every, outages, replay=replay))
    estimate = run_work(pod, trace, 86400.0, profile)
    actual = counted(pod, trace, 86400.0, profile, 0)
    assert actual <= estimate <= 2 * (actual + SETUP), (actual, estimate)


def test_the_estimate_reads_no_further_than_the_run(tmp_path, monkeypatch):
    """Ten minutes of a day-long recording: the estimate reads about ten minutes of it (not
    the whole file), and the run after it reads nothing more."""
    monkeypatch.setattr(trace_read, "BLOCK", 64 << 10)
    steps = []
    real_step = trace_read.Reader.step
    monkeypatch.setattr(trace_read.Reader, "step",
                        lambda self: steps.append(1) or real_step(self))
    pod, profile = load_spec(str(SPECS / "seed_skeleton.yaml"), None), profile_from()
    trace = load_trace(_recorded(tmp_path, 86400, 1.0, [(300, 400)]))
    run_work(pod, trace, 600.0, profile)
    read = len(steps)
    assert not trace._reader.eof  # type: ignore[union-attr]  # not the whole file
    counted(pod, trace, 600.0, profile, 0)
    assert len(steps) == read


def test_a_fleet_of_several_traces_is_bounded_whichever_a_pod_plays(tmp_path):
    """Several traces, each for the replicas its meta selects (`TraceCast`): the estimate of
    one pod is at least that of each trace it may play (the dense one here, not the trace
    that selects none)."""
    from kubesim.behaviour.replicas import TraceCast
    pod, profile = load_spec(str(SPECS / "seed_skeleton.yaml"), None), profile_from()
    quiet = parse_jsonl('{"t": 0, "target": "/livez", "status": 200, "latency_ms": 1}\n'
                        '{"t": 0, "target": "/readyz", "status": 200, "latency_ms": 1}\n')
    dense = load_trace(_recorded(tmp_path, 3600, 1.0, [(600, 900)]))
    picked = parse_jsonl(json.dumps({"meta": {"replicas": {"indexes": [1]}}}) + "\n" + "".join(
        json.dumps({"t": o.t, "target": key, "status": o.status, "latency_ms": o.latency_ms})
        + "\n" for key in ("/livez", "/readyz") for o in dense.observations(key)))
    cast = TraceCast([quiet, picked], "two traces")
    estimate = run_work(pod, cast, 3600.0, profile)
    assert estimate >= run_work(pod, picked, 3600.0, profile)
    assert estimate >= run_work(pod, quiet, 3600.0, profile)
