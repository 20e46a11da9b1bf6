"""Protection windows (kubesim.analysis.windows) against brute-force runs of the discrete-event engine.

Every per-phase function is compared with the engine at the same phase (ideal kubelet, no
resyncs), over random probes; the aggregated figures are checked by hand for the seed's
skeleton and, with the kubelet's real latencies, against brute-force runs over many phases.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from helpers import IDEAL, examples, http, pod, run, scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim import load_spec, profile_from, simulate
from kubesim.analysis.windows import (
    first_ready_at,
    hang_detection,
    protection_windows,
    readiness_down,
    readiness_up,
    stall_restarts,
    startup_safe_until,
)
from kubesim.results import ProbeType

NO_RESYNC = IDEAL.with_overrides({"resync_seconds": 1e6})
ROOT = Path(__file__).resolve().parent.parent
L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP

periods = st.integers(1, 10)
thresholds = st.integers(1, 5)
phases = st.floats(0, 30, allow_nan=False).map(lambda x: round(x, 3))


@settings(max_examples=examples(60), deadline=None)
@given(periods, thresholds, st.integers(0, 6), phases, st.booleans())
def test_startup_protection_matches_the_engine_at_every_phase(period, failures, delay, phase,
                                                                use_startup):
    """Up a hair before the safe time: never killed; a hair after: killed (R1.7, R1.17)."""
    probe = http(periodSeconds=period, failureThreshold=failures, initialDelaySeconds=delay)
    p = pod(startupProbe=probe) if use_startup else pod(livenessProbe=probe)
    safe = startup_safe_until(p.container.probes()[S if use_startup else L], phase)
    for up, killed in ((safe - 0.01, False), (safe + 0.01, True)):
        if up <= 0:
            continue  # nothing to survive: the app is up at once
        app = scenario(targets={"/livez": {"since_start": [
            {"from": 0, "to": up, "answer": {"error": "refused"}}]}})
        tl = run(p, app, phase=phase, duration=safe + 5, profile=NO_RESYNC)
        assert bool(tl.kills) is killed, (up, tl.kills)


@settings(max_examples=examples(60), deadline=None)
@given(periods, st.integers(1, 12), thresholds, phases, st.integers(0, 60))
def test_hang_detection_matches_the_engine_at_every_phase(period, timeout, failures, phase,
                                                          grace):
    """A hang at 40.3 s: kill decision, stop (whole grace) and new container, per phase."""
    probe = http(periodSeconds=period, timeoutSeconds=timeout, failureThreshold=failures)
    p = pod(livenessProbe=probe, grace=grace)
    hang = 40.3
    app = scenario(stalls=[{"from": hang, "to": None}])
    tl = run(p, app, phase=phase, duration=hang + 200, profile=NO_RESYNC)
    delta = (phase - hang) % period
    expected = hang_detection(p.container.probes()[L], delta)
    kill = tl.kills[0]
    assert kill.at - hang == pytest.approx(expected, abs=1e-6)
    stopped = expected + max(grace, 2)
    assert kill.stopped_at - hang == pytest.approx(stopped, abs=1e-6)
    assert tl.containers[1].running_at - hang == pytest.approx(stopped, abs=1e-6)


@settings(max_examples=examples(80), deadline=None)
@given(periods, st.integers(1, 12), thresholds, phases,
       st.floats(0.5, 60, allow_nan=False).map(lambda x: round(x, 2)))
def test_stall_tolerance_matches_the_engine_at_every_phase(period, timeout, failures, phase,
                                                           length):
    probe = http(periodSeconds=period, timeoutSeconds=timeout, failureThreshold=failures)
    p = pod(livenessProbe=probe)
    start = 40.3
    app = scenario(stalls=[{"from": start, "to": start + length}])
    tl = run(p, app, phase=phase, duration=start + length + 100, profile=NO_RESYNC)
    delta = (phase - start) % period
    assert bool(tl.kills) is stall_restarts(p.container.probes()[L], length, delta)


@settings(max_examples=examples(60), deadline=None)
@given(periods, thresholds, st.integers(1, 4), phases)
def test_readiness_down_and_up_match_the_engine_at_every_phase(period, failures, successes,
                                                               phase):
    """After the not-Ready verdict the sync's trigger re-phases the grid (R1.14, E6), so the
    recovery's phase is taken from that instant."""
    probe = http("/readyz", periodSeconds=period, failureThreshold=failures,
                 successThreshold=successes)
    p = pod(readinessProbe=probe)
    down, up = 100.3, 200.7
    app = scenario(dependencies={"db": {"down": [{"from": down, "to": up}]}},
                   targets={"/readyz": {"depends_on": ["db"]}})
    tl = run(p, app, phase=phase, duration=300, profile=NO_RESYNC)
    changes = [(c.at, c.ready) for c in tl.ready if c.at > 50]
    (t_down, r1), (t_up, r2) = changes
    assert (r1, r2) == (False, True)
    ready_grid = [r.at for r in tl.probes if r.at < down][-1]  # the grid before the outage
    probe_ = p.container.probes()[R]
    assert t_down - down == pytest.approx(readiness_down(probe_, (ready_grid - down) % period))
    assert t_up - up == pytest.approx(readiness_up(probe_, (t_down - up) % period))


@settings(max_examples=examples(100), deadline=None)
@given(st.booleans(), st.sampled_from([1, 2, 3, 5]), st.sampled_from([0, 0, 1, 3]),
       st.sampled_from([1, 2, 5, 10]), st.sampled_from([0, 0, 2, 7]), st.integers(1, 3),
       st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0, 7.25]), st.booleans())
def test_first_ready_matches_the_engine_at_every_phase(startup, sp, sd, rp, rd, rs, phase,
                                                       legacy):
    probes = {"readinessProbe": http("/readyz", periodSeconds=rp, initialDelaySeconds=rd,
                                     successThreshold=rs)}
    if startup:
        probes["startupProbe"] = http(periodSeconds=sp, initialDelaySeconds=sd,
                                      failureThreshold=30)
    p = pod(**probes)
    profile = profile_from("legacy" if legacy else "classic", ideal=True,
                           overrides={"resync_seconds": 1e6})
    tl = run(p, phase=phase, duration=120, profile=profile)
    assert tl.ready[0].at == pytest.approx(first_ready_at(p, phase, rephase=not legacy))


@settings(max_examples=examples(60), deadline=None)
@given(st.booleans(), st.sampled_from([1, 2, 5]), st.sampled_from([0, 1, 3]),
       st.sampled_from([1, 2, 5, 10]), st.sampled_from([0, 2, 7]), st.integers(1, 3),
       st.sampled_from([0.0, 0.5, 2.0, 7.25]), st.integers(0, 12))
def test_R4_40_a_postStart_sleep_delays_the_figures_as_the_engine_does(
        startup, sp, sd, rp, rd, rs, phase, hook):
    """The first probes wait for the hook (the status shows the container running from the
    sync after it): first Ready and the startup protection count from its end, where it
    comes after initialDelaySeconds."""
    probes = {"readinessProbe": http("/readyz", periodSeconds=rp, initialDelaySeconds=rd,
                                     successThreshold=rs)}
    if startup:
        probes["startupProbe"] = http(periodSeconds=sp, initialDelaySeconds=sd,
                                      failureThreshold=2)
    data = {"name": "app", "ports": [{"name": "http", "containerPort": 8000}],
            "lifecycle": {"postStart": {"sleep": {"seconds": hook}}}, **probes}
    from kubesim import ProbedContainer
    from kubesim.spec.model import parse_container

    p = ProbedContainer(parse_container(data))
    tl = run(p, phase=phase, duration=120, profile=NO_RESYNC)
    assert tl.ready[0].at == pytest.approx(first_ready_at(p, phase, seen=hook))
    if startup:
        safe = startup_safe_until(p.container.probes()[S], phase, hook)
        for up, killed in ((safe - 0.01, False), (safe + 0.01, True)):
            app = scenario(targets={"/livez": {"since_start": [
                {"from": 0, "to": up, "answer": {"error": "refused"}}]}})
            run_ = run(p, app, phase=phase, duration=safe + 5, profile=NO_RESYNC)
            assert bool(run_.kills) is killed, (up, run_.kills)
    fig = protection_windows(p, NO_RESYNC).first_ready  # the figure says what it counts
    assert f"after its {hook} s postStart sleep" in fig.explanation


def test_seed_skeleton_windows_by_hand():
    """startup 2 s x 30, liveness 10 s x 3 (T 1), readiness 5 s x 2 / 2: the ideal figures."""
    w = protection_windows(load_spec(str(ROOT / "probe_specs" / "seed_skeleton.yaml")),
                           profile_from(ideal=True))
    assert (w.startup_protection.guaranteed, w.startup_protection.best) == \
        (58, pytest.approx(60))
    assert w.startup_protection.rule_of_thumb == 60
    assert (w.hang_detection.best, w.hang_detection.guaranteed) == (21, pytest.approx(31))
    assert w.hang_to_stopped.best == 51 and w.hang_to_running.best == 51
    assert (w.stall_never_restarts, w.stall_always_restarts) == (21, 31)
    assert (w.readiness_down.best, w.readiness_up.best) == (5, 5)
    assert w.readiness_down.guaranteed == pytest.approx(10)


@pytest.mark.parametrize("spec", ["seed_skeleton", "seed_unified_healthz",
                                  "seed_slow_startup_budget"])
def test_real_latencies_stay_within_the_guaranteed_bounds(spec):
    """With the classic profile's relist, sync hops and container start, brute-force runs at
    many phases and seeds never fall outside [best, guaranteed]."""
    p = load_spec(str(ROOT / "probe_specs" / f"{spec}.yaml"))
    profile = profile_from()
    w = protection_windows(p, profile)
    cycle = math.lcm(*[x.period_seconds for x in p.container.probes().values()])
    for i in range(40):
        phase = cycle * i / 40
        tl = simulate(p, duration=30, seed=i, profile=profile, phase=phase)
        first = tl.ready[0].at
        assert w.first_ready.best - 1e-6 <= first <= w.first_ready.guaranteed + 1e-6
        if w.hang_detection is None:
            continue
        hang = 300.3
        app = scenario(stalls=[{"from": hang, "to": None}])
        tl = simulate(p, app, duration=hang + 100, seed=i, profile=profile, phase=phase)
        took = tl.kills[0].at - hang
        assert w.hang_detection.best - 1e-6 <= took <= w.hang_detection.guaranteed + 1e-6
        assert tl.containers[1].running_at - hang <= w.hang_to_running.guaranteed + 1e-6


@pytest.mark.parametrize("hook", [0, 5, 30])
def test_deletion_to_not_ready_and_pre_stop_vs_grace_match_the_engine(hook: int) -> None:
    """R3.12, R4.5: the windows' deletion figures bound what the engine does at every phase
    (ideal kubelet: the deletion reaches the pod worker at once); a hung app is SIGKILLed.
    (A sleep as long as the grace is the longest the API server accepts, R5.19: 2 s left.)"""
    from kubesim import ProbedContainer, Scenario, profile_from, simulate
    from kubesim.analysis.windows import protection_windows
    from kubesim.spec.model import parse_container

    data = {"name": "app", "ports": [{"name": "http", "containerPort": 80}],
            "readinessProbe": {"httpGet": {"path": "/r", "port": 80}, "periodSeconds": 7,
                               "failureThreshold": 3}}
    if hook:
        data["lifecycle"] = {"preStop": {"sleep": {"seconds": hook}}}
    pod = ProbedContainer(parse_container(data), termination_grace_period_seconds=30)
    ideal = profile_from(ideal=True)
    w = protection_windows(pod, ideal)
    lo, hi = w.deletion_to_not_ready.spread
    sc = Scenario.from_dict({"delete": {"at": 50}, "shutdown_seconds": 1000})
    for i in range(14):
        tl = simulate(pod, sc, duration=200, profile=ideal, phase=i * 0.5)
        off = next(r.at for r in tl.ready if not r.ready) - 50
        assert lo - 1e-9 <= off <= hi + 1e-9
        assert tl.termination.containers[0].grace_seconds == w.pre_stop_vs_grace.guaranteed
