"""Pod deletion and graceful termination (§1.11, §3.5, §4.1): the order of
`SyncTerminatingPod` and `killContainer`, each step at the time the rules give. Ideal kubelet
(no latencies), grids pinned: times are worked out by hand."""

from __future__ import annotations

import pytest
from helpers import http, run, scenario
from hypothesis import given
from hypothesis import strategies as st

from kubesim import ProbedContainer, ProbeType, simulate
from kubesim.spec.model import parse_container

L, R = ProbeType.LIVENESS, ProbeType.READINESS


def container(name: str = "app", port: int = 8000, *, pre_stop: dict | None = None,
              sidecar: bool = False, **probes: dict) -> object:
    data = {"name": name, "ports": [{"name": "http", "containerPort": port}], **probes}
    if pre_stop is not None:
        data["lifecycle"] = {"preStop": pre_stop}
    return parse_container(data, sidecar=sidecar)


def probes():
    return {"livenessProbe": http(), "readinessProbe": http("/readyz")}


def stop_of(tl, name="app"):
    return next(c for c in tl.termination.containers if c.name == name)


def test_R1_30_R4_5_preStop_sleep_then_SIGTERM_then_exit_in_the_documented_order():
    """Deleted at 20 with a 5 s preStop sleep and a 30 s grace: liveness stops at once
    (R1.30), the hook runs 20-25, SIGTERM at 25 with 25 s left (R4.5), the app exits 3 s
    later (shutdown_seconds), before SIGKILL."""
    pod = ProbedContainer(container(pre_stop={"sleep": {"seconds": 5}}, **probes()))
    tl = run(pod, scenario(delete={"at": 20}, shutdown_seconds=3), phase=0.5, duration=60)
    term, stop = tl.termination, stop_of(tl)
    assert (term.requested_at, term.started_at, term.grace_seconds) == (20, 20, 30)
    assert (stop.pre_stop_start, stop.pre_stop_end, stop.sigterm_at) == (20, 25, 25)
    assert (stop.grace_seconds, stop.stopped_at, stop.sigkill) == (25, 28, False)
    assert max(p.at for p in tl.probes if p.probe is L) < 20  # R1.30, R1.31
    assert term.stopped_at == 28
    killing = [e for e in tl.events if e.reason == "Killing"]
    assert [(e.at, e.message) for e in killing] == [(20, "Stopping container app")]


def test_R3_12_R1_31_readiness_keeps_probing_and_Ready_falls_only_when_it_fails():
    """After deletion readiness is still probed (R1.31): the app answers until SIGTERM at
    25, then refuses; the third failure (F=3, P=1) at 27 makes the pod not Ready (R3.12),
    before the process is gone at 28. The endpoint was not ready from 20 on."""
    pod = ProbedContainer(container(pre_stop={"sleep": {"seconds": 5}}, **probes()))
    tl = run(pod, scenario(delete={"at": 20}, shutdown_seconds=3), phase=0.5, duration=60)
    assert [(r.at, r.ready) for r in tl.ready] == [(0, True), (27, False)]
    assert max(p.at for p in tl.probes if p.probe is R) == 27
    from kubesim.render.report import to_document
    doc = to_document(tl)["termination"]
    assert (doc["endpoint_not_ready_at"], doc["ready_false_at"]) == (20, 27)


def test_R3_12_an_app_that_drains_stays_Ready_until_it_stops():
    """`answers_after_sigterm`: readiness keeps succeeding, so the pod's Ready changes only
    when every container has stopped."""
    pod = ProbedContainer(container(**probes()))
    tl = run(pod, scenario(delete={"at": 20}, shutdown_seconds=6, answers_after_sigterm=True),
             phase=0.5, duration=60)
    assert [(r.at, r.ready) for r in tl.ready] == [(0, True), (26, False)]


@pytest.mark.parametrize(("hook", "grace", "sigterm", "left"), [
    (7.9, 30, 27.9, 23),  # E18: 7.9 s of hook subtracts 7 s
    (29, 30, 49, 2),  # 1 s left: the 2 s floor (R4.5)
    (45, 30, 50, 2),  # the hook outlives the grace: cut at 30 s, then 2 s (R4.5)
])
def test_R4_5_E18_preStop_eats_into_the_grace_in_whole_seconds_with_a_2_s_floor(
        hook, grace, sigterm, left):
    """An httpGet preStop hook answered by the behaviour after `hook` seconds; a hung app
    (it never exits by itself) is SIGKILLed when the rest of the grace runs out."""
    pod = ProbedContainer(container(pre_stop={"httpGet": {"path": "/drain", "port": "http"}},
                                    **probes()), termination_grace_period_seconds=grace)
    sc = scenario(delete={"at": 20}, shutdown_seconds=1000,
                  targets={"/drain": {"answer": {"status": 200, "latency_ms": hook * 1000}}})
    tl = run(pod, sc, phase=0.5, duration=120)
    stop = stop_of(tl)
    assert stop.sigterm_at == pytest.approx(sigterm) and stop.grace_seconds == left
    assert stop.sigkill and stop.stopped_at == pytest.approx(sigterm + left)


def test_R4_4_the_deletion_grace_override_wins_over_the_pod_and_probe_values():
    pod = ProbedContainer(container(livenessProbe=http(terminationGracePeriodSeconds=90)),
                          termination_grace_period_seconds=60)
    tl = run(pod, scenario(delete={"at": 10, "grace_seconds": 5}, shutdown_seconds=1000),
             duration=60)
    assert tl.termination.grace_seconds == 5
    assert stop_of(tl).stopped_at == 15 and stop_of(tl).sigkill


def test_E15_a_probe_in_flight_at_deletion_completes():
    """R1.32: liveness is stopped by a signal checked between probes; the call sent at 19.5
    (latency 2 s) is still recorded, and no liveness probe starts after 20."""
    pod = ProbedContainer(container(livenessProbe=http(timeoutSeconds=5)))
    sc = scenario(delete={"at": 20}, targets={"/livez": {"answer": {"latency_ms": 2000}}})
    tl = simulate(pod, sc, duration=60, phase=0.5, engine="simpy")
    live = [p for p in tl.probes if p.probe is L]
    assert live[-1].at <= 20 and live[-1].at + live[-1].latency > 20


def test_sidecar_gets_SIGTERM_after_the_app_containers_have_stopped():
    """killContainer with termination ordering: both preStop hooks start at the deletion;
    the sidecar then waits for its turn until the app has exited (the wait, in whole seconds,
    comes off its grace), and only then gets SIGTERM."""
    app = container(pre_stop={"sleep": {"seconds": 3}}, **probes())
    proxy = container("proxy", 9000, pre_stop={"sleep": {"seconds": 1}}, sidecar=True,
                      readinessProbe=http("/ready"))
    pod = ProbedContainer(app, others=(proxy,), position=0)
    tl = run(pod, scenario(delete={"at": 20}, shutdown_seconds=4.5), phase=0.5, duration=60)
    a, p = stop_of(tl, "app"), stop_of(tl, "proxy")
    assert (a.pre_stop_start, p.pre_stop_start) == (20, 20)
    assert (a.sigterm_at, a.stopped_at) == (23, 27.5)
    # proxy: hook 20-21, waits 21 -> 27.5 (6 whole seconds off 29), SIGTERM at 27.5
    assert p.sigterm_at == 27.5 and p.grace_seconds == 23
    assert tl.termination.stopped_at == 32


def test_no_restart_after_deletion():
    pod = ProbedContainer(container(**probes()))
    tl = run(pod, scenario(delete={"at": 5}, exit={"after_seconds": 6}), duration=60)
    assert len(tl.containers) == 1 and not tl.exits  # SIGTERM at 5 came first


def test_R4_5_a_liveness_kill_runs_the_preStop_hook_first():
    """killContainer runs the hook on a probe kill too: SIGTERM 5 s after the decision, the
    hook's seconds off the probe's grace period; the replacement starts after the exit."""
    pod = ProbedContainer(container(pre_stop={"sleep": {"seconds": 5}},
                                    livenessProbe=http(failureThreshold=1,
                                                       terminationGracePeriodSeconds=20)))
    sc = scenario(shutdown_seconds=1, targets={"/livez": {"windows": [
        {"from": 10, "to": 11, "answer": {"status": 500}}]}})
    tl = run(pod, sc, phase=0.5, duration=30)
    kill = tl.kills[0]
    assert (kill.at, kill.grace_seconds, kill.stopped_at) == (10.5, 15, 16.5)
    assert [c.running_at for c in tl.containers] == [0, 16.5]


def test_R4_5_a_probe_kills_hook_is_recorded_and_shown_from_the_decision_to_the_SIGTERM():
    """A hung httpGet preStop hook on a liveness kill runs the whole grace (30 s, the pod's,
    R4.4), then SIGTERM with the 2 s floor: the kill record, the JSON and the text all carry
    the hook from the decision to the SIGTERM."""
    from kubesim import to_document
    from kubesim.render.report import render_text

    pod = ProbedContainer(container(pre_stop={"httpGet": {"path": "/prestop", "port": 8000}},
                                    livenessProbe=http(failureThreshold=1)))
    sc = scenario(stalls=[{"from": 10, "to": None}])
    tl = run(pod, sc, phase=0.5, duration=60)
    kill = tl.kills[0]
    assert kill.at == pytest.approx(11.5)  # the 10.5 s call times out after 1 s
    assert (kill.pre_stop_start, kill.pre_stop_end) == (kill.at, kill.sigterm_at)
    assert kill.sigterm_at == pytest.approx(kill.at + 30) and kill.grace_seconds == 2
    doc = to_document(tl)
    assert doc["kills"][0]["pre_stop_start"] == pytest.approx(kill.at)
    assert doc["kills"][0]["pre_stop_end"] == pytest.approx(kill.at + 30)
    lines = [line for line in render_text(tl).splitlines()
             if "PRESTOP" in line or "SIGTERM" in line]
    assert [line.split()[0] for line in lines] == [f"{kill.at:.3f}", f"{kill.at + 30:.3f}",
                                                   f"{kill.at + 30:.3f}"], lines
    assert "started" in lines[0] and "ended" in lines[1] and "grace 2 s" in lines[2]


# The deletion instant of a run that waited for ever at one instant: the sidecar's wait for
# its turn stepped by `grace - (now - start)`, which the float sum rounded back to `now`
# (found by a Hypothesis example of the differential suite; a hang, not a failure).
STUCK_AT = 127.82906595277427
_STUCK_RUN = """
import sys
from kubesim import ContainerSpec, ProbedContainer, Scenario, profile_from, simulate
app = ContainerSpec.model_validate({"name": "app"})
side = ContainerSpec.model_validate({"name": "side", "sidecar": True,
                                     "lifecycle": {"preStop": {"sleep": {"seconds": 0}}}})
pod = ProbedContainer(container=app, others=(side,), position=1,
                      termination_grace_period_seconds=1)
behaviour = Scenario.from_dict({"delete": {"at": float(sys.argv[1])}, "shutdown_seconds": 1000})
tl = simulate(pod, behaviour, duration=200, seed=1, profile=profile_from(), whole_pod=True,
              engine=sys.argv[2])
side_stop = next(c for c in tl.termination.containers if c.name == "side")
print(tl.termination.started_at, side_stop.sigterm_at, tl.termination.stopped_at)
"""


@pytest.mark.parametrize("engine", ["fast", "simpy"])
def test_R4_21_a_sidecars_wait_for_its_turn_ends_at_any_instant(engine: str) -> None:
    """R4.21: a sidecar waits for the app containers at most its grace. At this deletion
    instant the wait never ended (a process of its own, killed at the bound: a hang cannot
    be caught in-process when the model is compiled). Now it ends, and the sidecar gets
    SIGTERM after the wait, within the pod's termination."""
    import subprocess
    import sys
    # a bound on a hang, not a timing: the run itself takes well under a second
    done = subprocess.run([sys.executable, "-c", _STUCK_RUN, repr(STUCK_AT), engine],
                          capture_output=True, text=True, timeout=600, check=True)
    started, sigterm, stopped = map(float, done.stdout.split())
    assert STUCK_AT <= started <= sigterm <= stopped


@given(at=st.floats(0, 900), grace=st.integers(1, 60), data=st.data())
def test_R4_5_R4_21_every_container_stops_within_the_grace_and_its_floor(
        at: float, grace: int, data: st.DataObject) -> None:
    """R4.21, R4.5: deleted at any instant, a sidecar whose preStop takes part of the grace
    and an app that may outlive it: the termination ends, the sidecar gets SIGTERM after the
    app has stopped or its grace is spent, and no container outlives the grace by more than
    the 2 s floor (plus the wait's fraction of a second: it comes off in whole seconds)."""
    hook = data.draw(st.integers(0, grace))
    app = container(pre_stop={"sleep": {"seconds": data.draw(st.integers(0, grace))}})
    side = container("side", 9000, pre_stop={"sleep": {"seconds": hook}}, sidecar=True)
    pod = ProbedContainer(app, others=(side,), position=0, termination_grace_period_seconds=grace)
    tl = run(pod, scenario(delete={"at": at}, shutdown_seconds=data.draw(st.floats(0, 100))),
             phase=0.5, duration=at + grace + 10)
    term = tl.termination
    assert term.started_at is not None and term.stopped_at is not None
    a, s = stop_of(tl, "app"), stop_of(tl, "side")
    # within a nanosecond: the sidecar's deadline (its hook's end + the grace left) and the
    # app's SIGKILL (the start + the grace) are sums that may round an ulp apart
    assert s.sigterm_at >= min(a.stopped_at, term.started_at + grace) - 1e-9
    assert term.stopped_at <= term.started_at + grace + 3
