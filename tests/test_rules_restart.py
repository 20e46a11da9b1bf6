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


def test_R3_10_Started_follows_the_startup_update_after_one_sync_hop():
    """Startup succeeds at its first probe; the sync loop sets Started 0.25 s later, and the
    liveness successes that follow queue nothing the timeline shows (no kill, no restart)."""
    hop = IDEAL.with_overrides({"sync_seconds": 0.25})
    tl = run(pod(startupProbe=http("/livez"), livenessProbe=http("/livez")), profile=hop,
             duration=10)
    first = starts(tl, S)[0]
    assert tl.containers[0].started_at == pytest.approx(first + 0.25)
    assert starts(tl, L) and not tl.kills and not tl.restarts


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
    # nothing left to keep or start: the whole pod is killed (R4.20), so the kill's message
    # and grace are a pod kill's (R4.22)
    assert never.events[-1].message == "Stopping container app"
    assert never.kills[0].whole_pod
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


def test_R4_15_back_off_GC_drops_an_entry_at_the_first_housekeeping_tick_after_600_s():
    """backOff.GC() runs at every housekeeping pass (ticks at phase + 2k) and deletes an
    entry whose lastUpdate is more than 600 s old; a deleted entry is "no entry" (R4.10)."""
    b = CrashLoopBackOff(gc_period=2.0, gc_phase=1.0)
    b.advance(finished_at=0, now=0)
    b.advance(finished_at=4, now=5)  # B = 20, lastUpdate = 5
    # ticks at ..., 603, 605, 607: 605 - 5 is not more than 600; 607 is the first GC
    assert b.in_backoff(finished_at=600, now=606.9)
    assert not b.in_backoff(finished_at=600, now=607)
    b.advance(finished_at=600, now=607)
    assert b.backoff == 10  # a fresh curve, not min(2 * 20, 300)
    never = CrashLoopBackOff(gc_period=0.0)  # housekeeping_seconds=0: never collected
    never.advance(finished_at=0, now=0)
    never.advance(finished_at=4, now=5)
    assert never.in_backoff(finished_at=600, now=607)


def test_R4_15_E10_a_container_that_ran_over_600_s_restarts_on_a_fresh_curve():
    """A liveness kill loop climbs the curve to 300 s; then the app is healthy for 1000 s, so
    the container started at the end of the loop outlives its back-off entry by more than
    600 s and housekeeping deletes it. When liveness fails again, the same-sync restart path
    (R4.13) starts over: immediate, then 10, 20, 40 ... s. Without GC the entry
    stays at 300 s for ever."""
    sc = scenario(targets={"/livez": {"answer": {"status": 500}, "windows": [
        {"from": 400, "to": 1400, "answer": {"status": 200}}]}})
    p = pod(livenessProbe=http(failureThreshold=1))

    def waits(housekeeping: float) -> tuple[list[float], list[float]]:
        tl = run(p, sc, phase=0.5, duration=2000,
                 profile=IDEAL.with_overrides({"housekeeping_seconds": housekeeping}))
        gaps = [(n.running_at, round(n.running_at - c.ended_at, 6))
                for c, n in zip(tl.containers, tl.containers[1:], strict=False)]
        return [g for at, g in gaps if at < 400], [g for at, g in gaps if at > 1400]

    first, again = waits(2.0)
    assert first[:6] == [0, 0, 10, 20, 40, 80]
    # the same fresh curve, less its first free restart: the kill-loop check already finds
    # an exited instance (the one killed before the healthy run), so it creates B = 10 s
    assert again == first[1:1 + len(again)] and len(again) >= 5
    _, stuck = waits(0.0)
    assert stuck[:3] == [0, 300, 0]  # immediate (R4.13), then the old 300 s entry


# -- apps that exit by themselves (scenario/trace `exit`) -------------------------------------
def _lives(tl):
    return [(c.running_at, c.ended_at, c.end_reason, c.exit_code) for c in tl.containers]


def test_R4_12_first_restart_after_a_crash_is_immediate_then_back_off():
    """An app that exits 5 s after each start (ideal kubelet): the sync that sees the first
    exit finds no back-off entry, starts at once and creates B = 10 s (R4.12); the second
    exit waits 10 s from its FinishedAt, the third 20 s (R4.9-R4.11)."""
    tl = run(pod(livenessProbe=http()), scenario(exit={"after_seconds": 5}), duration=70)
    assert [c.running_at for c in tl.containers] == [0, 5, 20, 45]
    assert all(c.end_reason == "Error" and c.exit_code == 1 for c in tl.containers[:3])
    assert not tl.kills and [x.at for x in tl.exits] == [5, 10, 25, 50]
    assert tl.summary().restarts == 4  # every exit asks for a restart under Always
    refused = sorted({e.at for e in tl.events if e.reason == "BackOff"})
    assert refused[0] == 10 and 25 in refused


@pytest.mark.parametrize(("policy", "code", "restarts", "reason"), [
    ("Always", 0, True, "Completed"), ("OnFailure", 0, False, "Completed"),
    ("OnFailure", 2, True, "Error"), ("Never", 2, False, "Error"), ("Never", 0, False, "Completed"),
])
def test_E13_R1_33_restart_policy_and_exit_code_decide_a_restart(policy, code, restarts, reason):
    """Always restarts any exit; OnFailure only a non-zero exit code; Never nothing, and
    the pod then ends (Failed or Succeeded), so every worker exits (R1.33)."""
    p = pod(livenessProbe=http(), readinessProbe=http("/readyz"), restart_policy=policy)
    tl = run(p, scenario(exit={"after_seconds": 5, "code": code}), duration=60)
    assert tl.containers[0].end_reason == reason and tl.containers[0].exit_code == code
    assert tl.exits[0].restart is restarts
    assert (len(tl.containers) > 1) is restarts
    if not restarts:  # no probe after the sync that saw the exit
        assert max(r.at for r in tl.probes) <= 5 and tl.ready[-1].ready is False


def test_OOMKilled_is_exit_code_137_and_restarts_under_OnFailure():
    tl = run(pod(livenessProbe=http(), restart_policy="OnFailure"),
             scenario(exit={"after_seconds": 30, "oom": True}), duration=40)
    assert _lives(tl)[0] == (0, 30, "OOMKilled", 137)
    assert tl.containers[1].running_at == 30


def test_exit_while_a_dependency_is_down_crash_loops_until_it_is_back():
    """`while_down: db`: the app dies when the database goes down and, restarted, dies at
    start while it stays down; once it is back the container started last keeps running."""
    sc = scenario(dependencies={"db": {"down": [{"from": 20, "to": 60}]}},
                  exit={"while_down": "db", "after_seconds": 1})
    tl = run(pod(livenessProbe=http()), sc, duration=200)
    # exits at 20; restart at once (R4.12) and dies 1 s in; 10 s back-off; 20 s back-off
    assert [c.running_at for c in tl.containers] == [0, 20, 31, 52, 93]
    assert [c.ended_at for c in tl.containers] == [20, 21, 32, 53, None]


def test_exit_on_the_first_probe_of_a_target_resets_that_probe():
    sc = scenario(exit={"on_first_probe": "/readyz", "code": 2})
    p = pod(readinessProbe=http("/readyz", initialDelaySeconds=3))
    tl = run(p, sc, duration=30)
    assert [c.running_at for c in tl.containers][:3] == [0, 3, 16]
    first = next(r for r in tl.probes if r.probe is R)
    assert first.at == 3 and "connection reset by peer" in first.detail
    assert tl.ready == []  # never Ready: each container dies at its first readiness probe


def test_a_trace_records_the_process_exit():
    from kubesim.behaviour.trace import parse_jsonl

    text = ('{"t": 0, "target": "/livez", "status": 200, "latency_ms": 1}\n'
            '{"t": 7, "target": "process:exit", "exit_code": 3, "latency_ms": 0}\n')
    replay = run(pod(livenessProbe=http()), parse_jsonl(text), duration=40)
    assert _lives(replay)[:2] == [(0, 7, "Error", 3), (7, 14, "Error", 3)]
    wall = run(pod(livenessProbe=http()), parse_jsonl(text, restart="wall"), duration=40)
    assert _lives(wall) == [(0, 7, "Error", 3), (7, None, None, None)]


def test_a_kill_before_the_exit_is_due_wins():
    """SIGTERM came first: the container's end is the kill's, not an exit."""
    sc = scenario(shutdown_seconds=10, targets={"/livez": {"answer": {"status": 500}}},
                  exit={"after_seconds": 5})
    tl = run(pod(livenessProbe=http(failureThreshold=1)), sc, phase=0.5, duration=4)
    assert tl.kills and not tl.exits
    assert tl.containers[0].end_reason.startswith("killed")
