"""docs/kubelet-rules.md §3 (Started, Ready) and §4 (kill, restart, CrashLoopBackOff).

Expected times are worked out by hand from the rules; the back-off curve is the one R4.11
lists (10, 20, 40, 80, 160, 300 s)."""

from __future__ import annotations

import pytest
from helpers import IDEAL, http, pod, run, scenario, starts

from kubesim import ProbeType, profile_from
from kubesim.kubelet.backoff import CrashLoopBackOff

L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP
ALWAYS_500 = scenario(targets={"/livez": {"answer": {"status": 500}}})
# exits 0.25 s after SIGTERM, so restarts fall between grid ticks
ALWAYS_500_SLOW_EXIT = scenario(shutdown_seconds=0.25,
                                targets={"/livez": {"answer": {"status": 500}}})


def test_R3_1_R3_4_no_startup_or_readiness_probe_means_Started_and_Ready_when_running():
    tl = run(pod(livenessProbe=http()), duration=5)
    assert tl.containers[0].started_at == 0 and [(c.at, c.ready) for c in tl.ready] == \
        [(0, True)]


def test_R3_9_Ready_follows_the_readiness_update_after_one_sync_hop():
    """Readiness succeeds at 0 (triggered); the sync loop applies it 0.25 s later."""
    hop = IDEAL.with_overrides({"sync_seconds": 0.25})
    tl = run(pod(readinessProbe=http("/readyz")), profile=hop, duration=5)
    first = starts(tl, R)[0]
    assert tl.ready[0].at == pytest.approx(first + 0.25)


def test_R4_1_R4_6_R4_7_kill_message_restart_in_the_same_sync_and_restartCount():
    """Liveness F=1 at 0.5: Killing event with the kubelet's message; the new container
    starts as soon as the old one exited (shutdown 1 s), with restartCount 1."""
    app = scenario(shutdown_seconds=1, targets={"/livez": {"windows": [
        {"from": 0, "to": 1, "answer": {"status": 500}}]}})
    tl = run(pod(livenessProbe=http(failureThreshold=1)), app, phase=0.5, duration=4)
    assert [(e.at, e.reason, e.message) for e in tl.events if e.reason == "Killing"] == \
        [(0.5, "Killing", "Container app failed liveness probe, will be restarted")]
    assert [(c.restart_count, c.running_at) for c in tl.containers] == [(0, 0), (1, 1.5)]
    assert [(r.at, r.probe, r.restart_count) for r in tl.restarts] == [(0.5, L, 1)]


def test_R4_1_a_startup_failure_kills_too():
    p = pod(startupProbe=http(failureThreshold=3))
    tl = run(p, ALWAYS_500, phase=0.5, duration=3)
    assert [(k.at, k.probe) for k in tl.kills] == [(2.5, S)]
    assert tl.events[-2].message == "Container app failed startup probe, will be restarted"


def test_R4_2_a_sidecar_restarts_whatever_the_pod_restart_policy():
    p = pod(livenessProbe=http(failureThreshold=1), sidecar=True, restart_policy="Never")
    tl = run(p, ALWAYS_500, phase=0.5, duration=3)
    assert tl.kills[0].restart and len(tl.containers) == 3
    assert any(e.message == "Init container app failed liveness probe, will be restarted"
               for e in tl.events)


@pytest.mark.parametrize(("pod_grace", "probe_grace", "expected"), [
    (30, None, 30), (30, 60, 60), (30, 5, 5), (0, None, 2), (30, 1, 2)])
def test_R4_4_R4_5_E12_grace_period(pod_grace, probe_grace, expected):
    """Probe-level terminationGracePeriodSeconds wins, upward too; the floor is 2 s. A hung
    process ignores SIGTERM, so it dies at the end of the grace period."""
    extra = {} if probe_grace is None else {"terminationGracePeriodSeconds": probe_grace}
    p = pod(livenessProbe=http(failureThreshold=1, **extra), grace=pod_grace)
    hung = scenario(stalls=[{"from": 0.2, "to": None}])
    tl = run(p, hung, phase=0.5, duration=100)
    kill = tl.kills[0]
    assert kill.grace_seconds == expected
    assert kill.stopped_at == pytest.approx(kill.at + expected)
    assert "SIGKILL" in tl.containers[0].end_reason


def test_R4_4_a_responsive_app_exits_on_SIGTERM_before_the_grace_period():
    p = pod(livenessProbe=http(failureThreshold=1))
    app = scenario(shutdown_seconds=3, targets={"/livez": {"answer": {"status": 500}}})
    kill = run(p, app, phase=0.5, duration=10).kills[0]
    assert kill.stopped_at == kill.at + 3


def test_R4_8_to_R4_13_E9_E10_kill_loop_back_off_curve():
    """A container that fails liveness at its first probe (F=1, P=1, phase 0.5), exits
    0.25 s later and restarts at once (ideal kubelet): each lives 1 s from start to exit.
    The back-off check uses the instance killed one cycle earlier (R4.13): kills #1 and #2
    restart immediately; kill #3 finds B=10 s against a 1 s lifetime and is refused; each
    later start waits B after the FinishedAt of the instance just killed, B doubling to 300 s.
    At the cap the next kill compares with an instance that finished more than 300 s earlier,
    so that restart is immediate again."""
    tl = run(pod(livenessProbe=http(failureThreshold=1)), ALWAYS_500_SLOW_EXIT, phase=0.5,
             duration=700)
    # hand-computed: starts 0, 0.75, 1.75; then each exits 1 s after its start and the
    # next one starts B after that exit
    expected = [0, 0.75, 1.75]
    for backoff in (10, 20, 40, 80, 160, 300):
        expected.append(expected[-1] + 1 + backoff)
    expected.append(expected[-1] + 1)  # 618.75: 618.75 - 317.75 > 300, not in back-off
    assert [c.running_at for c in tl.containers] == expected
    refusals = [e for e in tl.events if e.reason == "BackOff"]
    # refused in the kill sync and again in the sync of the PLEG "died" event; the 7th
    # refusal follows the immediate restart at 618.75
    assert sorted({e.at for e in refusals}) == [e + 1 for e in expected[2:8]] + [619.75]
    assert refusals[0].message == "Back-off restarting failed container app in pod app"


def test_R4_10_R4_11_back_off_entry_resets_after_a_run_longer_than_600_s():
    b = CrashLoopBackOff()
    b.advance(finished_at=0, now=0)
    b.advance(finished_at=5, now=5)
    assert b.backoff == 20
    assert b.in_backoff(finished_at=100, now=110)
    b.advance(finished_at=605.5, now=606)  # the instance ran past lastUpdate + 600 s
    assert b.backoff == 10
    for _ in range(10):
        b.advance(finished_at=606, now=607)
    assert b.backoff == 300


def test_R4_14_error_requeue_adds_up_to_15_s_to_the_back_off():
    """Before 1.35 a pod in back-off is synced again every 10 s x U[1, 1.5]: the restart
    comes at the first such sync after expiry. Since 1.35 it is requeued for the expiry,
    capped at 60 s, times U[1, 1.5]: at most 30 s late. Restarts not held back take only the
    kubelet's own latencies (relist, sync hop, container start)."""
    p = pod(livenessProbe=http(failureThreshold=1))
    curve = (10, 20, 40, 80, 160, 300)
    for profile, late in ((profile_from(), 15 + 1.1), (profile_from("1.35"), 30 + 1.1)):
        tl = run(p, ALWAYS_500, profile=profile, duration=1500, seed=7)
        waits = [n.running_at - c.ended_at
                 for c, n in zip(tl.containers, tl.containers[1:], strict=False)]
        held = [w for w in waits if w > 1.1]
        assert len(held) >= 5
        for w in held:
            assert any(b <= w <= b + late for b in curve), w


def test_R4_15_reduced_curve_as_settings():
    """initial 1 s, max 60 s (ReduceDefaultCrashLoopBackOffDecay)."""
    fast = IDEAL.with_overrides({"backoff_initial": 1, "backoff_max": 60})
    tl = run(pod(livenessProbe=http(failureThreshold=1)), ALWAYS_500, phase=0.5,
             duration=300, profile=fast)
    waits = [round(n.running_at - p.ended_at, 6)
             for p, n in zip(tl.containers, tl.containers[1:], strict=False)]
    # lifetime 1 s: the 1 s and 2 s back-offs expire within the next lifetime
    assert waits[:3] == [0, 0, 0] and 60 in waits and max(waits) == 60


def test_E13_restartPolicy_Never_kills_without_restart_and_OnFailure_restarts():
    never = run(pod(livenessProbe=http(failureThreshold=1), restart_policy="Never"),
                ALWAYS_500, phase=0.5, duration=60)
    assert len(never.kills) == 1 and not never.kills[0].restart and never.restarts == []
    assert len(never.containers) == 1
    assert never.events[-1].message == "Container app failed liveness probe"
    assert starts(never, L) == [0.5]  # the worker exits once the pod has failed (R1.34)
    on_failure = run(pod(livenessProbe=http(failureThreshold=1), restart_policy="OnFailure"),
                     ALWAYS_500, phase=0.5, duration=3)
    assert len(on_failure.containers) == 3


def test_E14_a_container_not_running_is_never_killed_by_liveness():
    """During a long back-off the liveness worker writes Failure for the waiting container
    (R1.25) but no further kill happens until a new container runs."""
    tl = run(pod(livenessProbe=http(failureThreshold=1)), ALWAYS_500_SLOW_EXIT, phase=0.5,
             duration=400)
    assert len(tl.containers) - 1 <= len(tl.kills) <= len(tl.containers)
    for k in tl.kills:
        assert sum(c.running_at <= k.at < (c.ended_at or 1e9) for c in tl.containers) == 1
