"""docs/kubelet-rules.md §1: the worker loop. Expected times are worked out by hand from the
rules, with the ideal kubelet (no relist/sync latency) and a pinned grid phase."""

from __future__ import annotations

from helpers import IDEAL, LEGACY, http, pod, results, run, scenario, starts

from kubesim import ProbeType, profile_from, simulate

L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
NEVER = None


def failing_livez(after: float, status: int = 500):
    """/livez answers `status` from `after` seconds of each container's age on."""
    return scenario(targets={"/livez": {"since_start": [
        {"from": after, "to": NEVER, "answer": {"status": status}}]}})


def test_R1_5_R1_6_E1_grid_is_phased_to_the_workers_not_the_container():
    """Probes land on phase + k*P whatever the container's start time; a restarted container
    keeps the old grid (E1); initialDelaySeconds counts from the new start (R1.9)."""
    p = pod(livenessProbe=http(initialDelaySeconds=3, failureThreshold=1))
    app = scenario(shutdown_seconds=0.6, targets={"/livez": {"since_start": [
        {"from": 10, "to": NEVER, "answer": {"status": 500}}]}})
    tl = run(p, app, phase=0.25, duration=16)
    assert starts(tl, L, 0) == [3.25, 4.25, 5.25, 6.25, 7.25, 8.25, 9.25, 10.25]
    assert tl.containers[1].running_at == 10.85  # killed at 10.25, 0.6 s to exit
    # the new container is 3.4 s old at 14.25: the first grid tick with age >= 3
    assert starts(tl, L, 1)[0] == 14.25


def test_R1_7_initial_delay_truncates_elapsed_to_whole_seconds():
    """int(now - StartedAt) < D skips: with D=5 the first probe is at the first tick >= 5 s."""
    p = pod(livenessProbe=http(initialDelaySeconds=5))
    assert starts(run(p, phase=0.5, duration=8), L) == [5.5, 6.5, 7.5]
    assert starts(run(p, phase=0.0, duration=8), L) == [5.0, 6.0, 7.0]


def test_R1_9_E7_liveness_delay_counts_from_container_start_not_startup_success():
    """A liveness initialDelaySeconds of 2 has long passed when startup succeeds at 5 s:
    liveness runs at its next own tick (6 s), not at 5 + 2."""
    p = pod(startupProbe=http(failureThreshold=10),
            livenessProbe=http(initialDelaySeconds=2))
    app = scenario(targets={"/livez": {"since_start": [
        {"from": 0, "to": 4.2, "answer": {"error": "refused"}}]}})
    tl = run(p, app, duration=8)
    assert starts(tl, S) == [0, 1, 2, 3, 4, 5]
    assert starts(tl, L) == [6, 7]


def test_R1_10_R1_11_E2_slow_probes_drop_ticks_and_never_overlap():
    """P=1, answers take 3.5 s (T=5): one buffered tick starts the next probe as soon as the
    slow one returns; the other missed ticks are dropped."""
    p = pod(livenessProbe=http(timeoutSeconds=5))
    app = scenario(targets={"/livez": {"answer": {"status": 200, "latency_ms": 3500}}})
    # (a probe still in flight when the run ends is not listed)
    assert starts(run(p, app, duration=14.5), L) == [0, 3.5, 7.0, 10.5]


def test_R1_12_timeouts_longer_than_the_period_run_back_to_back():
    """T=3 > P=1 and no answer: a probe every T seconds, each a timeout failure."""
    p = pod(readinessProbe=http("/readyz", timeoutSeconds=3))
    app = scenario(targets={"/readyz": {"answer": {"error": "timeout"}}})
    tl = run(p, app, duration=12.5)
    assert starts(tl, R) == [0, 3, 6, 9]
    assert all(r.latency == 3 for r in tl.probes)


def test_R1_13_R1_14_readiness_trigger_runs_at_once_and_rephases_the_grid():
    """The pod sync at container start triggers readiness at 0 s although the grid is at
    5 + 10k; since 1.29 the ticker restarts at the trigger (10, 20, ...), before it kept
    its grid (5, 15, ...)."""
    p = pod(readinessProbe=http("/readyz", periodSeconds=10))
    assert starts(run(p, phase=5, duration=30), R) == [0, 10, 20]
    assert starts(run(p, phase=5, duration=30, profile=LEGACY.ideal()), R) == [0, 5, 15, 25]


def test_R1_15_E6_readiness_runs_again_at_the_sync_after_its_failure():
    """The Failure update queues a pod sync; the not-ready container triggers another
    readiness probe at once."""
    p = pod(readinessProbe=http("/readyz", periodSeconds=10, failureThreshold=1))
    app = scenario(targets={"/readyz": {"windows": [
        {"from": 20, "to": NEVER, "answer": {"status": 503}}]}})
    tl = run(p, app, duration=35)
    assert starts(tl, R) == [0, 10, 20, 20, 30]


def test_R1_16_a_trigger_during_a_probe_is_kept_and_run_afterwards():
    """The container's first sync triggers readiness at 0 (answers take 2 s). Writing the
    initial Failure for the new container queues another sync, whose trigger arrives while
    the probe is in flight: it waits in the one-slot channel and runs at 2 s, re-phasing the
    grid to 12, 22."""
    p = pod(readinessProbe=http("/readyz", periodSeconds=10, timeoutSeconds=5))
    app = scenario(targets={"/readyz": {"answer": {"status": 200, "latency_ms": 2000}}})
    assert starts(run(p, app, phase=0, duration=25), R) == [0, 2, 12, 22]


def test_R1_17_failure_verdict_at_the_Fth_consecutive_failure():
    """F=3: failures at 10.5, 11.5, 12.5 -> the verdict and the kill at 12.5 s."""
    p = pod(livenessProbe=http(failureThreshold=3))
    tl = run(p, failing_livez(10), phase=0.5, duration=14)
    assert results(tl, L)[9:13] == ["success"] + ["failure"] * 3
    assert [(k.failed_at, k.at) for k in tl.kills] == [(12.5, 12.5)]


def test_R1_18_success_threshold_needs_S_consecutive_successes():
    """S=3: two triggered probes at 0 (the container's first sync, then the sync after the
    initial-value write, R1.13) and the re-phased tick at 1: Ready at the third success.
    The 1.28 worker keeps its grid: 0, 0, 0.5."""
    p = pod(readinessProbe=http("/readyz", successThreshold=3))
    tl = run(p, phase=0.5, duration=5)
    assert starts(tl, R)[:3] == [0, 0, 1]
    assert tl.ready[0].at == 1.0 and tl.ready[0].ready
    legacy = run(p, phase=0.5, duration=5, profile=LEGACY.ideal())
    assert starts(legacy, R)[:3] == [0, 0, 0.5]
    assert legacy.ready[0].at == 0.5


def test_R1_19_an_opposite_result_restarts_the_count_but_an_error_does_not():
    """F,F,S,F,F never reaches F=3; F,F,error,F does (the error is thrown away)."""
    p = pod(livenessProbe=http(failureThreshold=3))
    flap = scenario(targets={"/livez": {"windows": [
        {"from": 10, "to": 12, "answer": {"status": 500}},
        {"from": 13, "to": 15, "answer": {"status": 500}}]}})
    assert run(p, flap, phase=0.5, duration=20).kills == []
    err = scenario(targets={"/livez": {"windows": [
        {"from": 10, "to": 12, "answer": {"status": 500}},
        {"from": 12, "to": 13, "answer": {"error": "error"}},
        {"from": 13, "to": 14, "answer": {"status": 500}}]}})
    tl = run(p, err, phase=0.5, duration=20)
    assert results(tl, L)[10:14] == ["failure", "failure", "error", "failure"]
    assert [k.failed_at for k in tl.kills] == [13.5]


def test_R1_20_a_verdict_is_reported_once_per_change():
    """A readiness target failing for a minute flips Ready once, not at every failure."""
    p = pod(readinessProbe=http("/readyz", failureThreshold=1))
    app = scenario(targets={"/readyz": {"windows": [
        {"from": 10, "to": 70, "answer": {"status": 503}}]}})
    tl = run(p, app, phase=0.5, duration=90)
    # the trigger at 0 re-phased the grid to whole seconds
    assert [(c.at, c.ready) for c in tl.ready] == [(0, True), (10, False), (70, True)]


def test_R1_21_table_1_7_initial_values():
    """Readiness starts as Failure (not Ready before its first success), liveness as
    Success (no kill before F failures), startup as Unknown (not Started)."""
    tl = run(pod(readinessProbe=http("/readyz", initialDelaySeconds=5)), duration=8)
    assert tl.ready[0].at == 5.0
    tl = run(pod(startupProbe=http(initialDelaySeconds=3)), duration=8)
    assert tl.containers[0].started_at == 3.0
    tl = run(pod(livenessProbe=http(failureThreshold=2)), failing_livez(0), phase=0.5,
             duration=3)
    assert [k.failed_at for k in tl.kills] == [1.5]


def test_R1_22_E8_liveness_holds_after_its_failure_verdict():
    """After the kill decision at 12.5 the liveness worker is silent until it sees the new
    container (the old one takes 20 s to exit; the new one starts at 32.5, on a tick)."""
    p = pod(livenessProbe=http(failureThreshold=3))
    app = scenario(shutdown_seconds=20, targets={"/livez": {"windows": [
        {"from": 10, "to": NEVER, "answer": {"status": 500}}]}})
    tl = run(p, app, phase=0.5, duration=40)
    assert not [t for t in starts(tl, L) if 12.5 < t < 32.5]
    assert starts(tl, L, 1)[0] == 32.5


def test_R1_23_R1_29_startup_holds_after_success_since_1_29():
    """With a slow sync hop (1.5 s) the container is seen at 1.5 and Started only at 3.0.
    The classic worker holds after its Success verdict; the 1.28 worker keeps probing until
    it sees Started."""
    p = pod(startupProbe=http(failureThreshold=10))
    slow = {"sync_seconds": 1.5}
    classic = run(p, phase=0.5, duration=5, profile=IDEAL.with_overrides(slow))
    legacy = run(p, phase=0.5, duration=5, profile=LEGACY.ideal().with_overrides(slow))
    assert starts(classic, S) == [1.5]
    assert starts(legacy, S) == [1.5, 2.5]
    assert classic.containers[0].started_at == legacy.containers[0].started_at == 3.0


def test_R1_27_R1_28_startup_gates_liveness_and_readiness():
    """Nothing but startup runs before Started (5 s); startup never after; readiness runs
    at once through the trigger of the startup update's sync, liveness at its next tick."""
    p = pod(startupProbe=http(failureThreshold=10), livenessProbe=http(),
            readinessProbe=http("/readyz", periodSeconds=3))
    app = scenario(targets={"/livez": {"since_start": [
        {"from": 0, "to": 4.2, "answer": {"error": "refused"}}]}})
    tl = run(p, app, duration=7)
    assert tl.containers[0].started_at == 5
    assert max(starts(tl, S)) == 5
    assert min(starts(tl, L)) == 6
    assert min(starts(tl, R)) == 5


def test_E3_counters_survive_a_restart():
    """Readiness S=2 ended container #0 on a success streak: container #1 is Ready after
    its first success."""
    p = pod(livenessProbe=http(failureThreshold=1),
            readinessProbe=http("/readyz", successThreshold=2))
    hop = IDEAL.with_overrides({"sync_seconds": 0.01})  # keeps the flips apart in time
    tl = run(p, failing_livez(5), phase=0.5, duration=9, profile=hop)
    c1 = tl.containers[1].running_at
    not_ready = next(c.at for c in tl.ready if not c.ready and c.at >= c1)
    ready_again = next(c.at for c in tl.ready if c.ready and c.at > not_ready)
    probed = [r for r in tl.probes if r.probe is R and r.container == 1 and r.at < ready_again]
    assert [r.result.value for r in probed] == ["success"]


def test_R1_4_E17_recently_started_kubelet_draws_each_workers_phase():
    """With the jitter knob two probes of the same period get independent grids."""
    p = pod(livenessProbe=http(periodSeconds=10), readinessProbe=http("/readyz",
            periodSeconds=10))
    jitter = profile_from(ideal=True, overrides={"kubelet_recently_started": True,
                                                  "trigger_resets_ticker": False})
    tl = run(p, phase=0, duration=30, profile=jitter, seed=3)
    live = {round(t % 10, 6) for t in starts(tl, L)}
    ready = {round(t % 10, 6) for t in starts(tl, R) if t > 0}
    assert len(live) == 1 and live != ready


def test_E16_probes_wait_for_the_status_cache():
    """With a 1 s PLEG relist the container is invisible to the workers at first: no probe
    before the sync that marks it Started (no startup probe)."""
    p = pod(livenessProbe=http(), readinessProbe=http("/readyz"))
    for seed in range(5):
        tl = run(p, phase=0.0, profile=profile_from(), seed=seed, duration=5)
        started = tl.containers[0].started_at
        assert 0 < started <= 1.0 + 0.02 + 1e-9
        assert min(r.at for r in tl.probes) >= started


def _kills_by_age(tl) -> list[float]:
    """Each kill's time after the start of the container it killed."""
    started = {i: c.running_at for i, c in enumerate(tl.containers)}
    return [round(k.at - started[k.container], 6) for k in tl.kills]


def test_step_14_E3_R1_17_a_kept_failure_run_kills_each_next_container_on_one_failure():
    """§1.5 step 14 with E3: today the liveness run is reset after the kill, so every
    container takes failureThreshold failures (R1.17) to be killed; before 1.7 (PR #46371)
    the run was kept and, the counters surviving the new container ID, the next container's
    first failure killed it; 1.7-1.10 kept a run of 1 (PR #62853). P=1, F=3, D=2, a /livez
    that always fails."""
    p = pod(livenessProbe=http(initialDelaySeconds=2, failureThreshold=3))
    app = failing_livez(0.0)
    ages = {rule: _kills_by_age(run(p, app, duration=60, profile=IDEAL.with_overrides(
        {"failure_run_after_kill": rule}))) for rule in ("reset", "one", "kept")}
    # the first container: calls at 2, 3, 4 s of its age, killed at the 3rd in every rule
    assert {a[0] for a in ages.values()} == {4.0}
    assert set(ages["reset"][1:]) == {4.0}  # 3 failures again: 2, 3, 4 s
    assert set(ages["one"][1:]) == {3.0}  # a run of 1 carried: 2 failures, at 2 and 3 s
    assert set(ages["kept"][1:]) == {2.0}  # the kept run: the first call kills
    assert len(ages["reset"]) > 1
    for rule in ("reset", "one", "kept"):  # the reference scheduler agrees
        reference = simulate(p, app, duration=60, seed=0, phase=0.0, engine="simpy",
                             whole_pod=True, profile=IDEAL.with_overrides(
                                 {"failure_run_after_kill": rule}))
        assert _kills_by_age(reference) == ages[rule], rule
