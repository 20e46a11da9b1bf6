"""Every container a process (§4.5): the whole-pod kill (R4.20), the termination order
(R4.21), which grace a kill gets (R4.22), the pod's phase (R4.23), the start sequence
(R4.24), a container without probes (R4.25), probes answered by the container listening on
their port (R2.5, R2.12), per-container shutdown, and the 1.20 profile (R1.30, R3.10).

Ideal kubelet (no latencies) and pinned grids unless a test says otherwise: the times are
worked out by hand from the rules."""

from __future__ import annotations

import pytest
from helpers import CLASSIC, http, run, scenario

from kubesim import ProbedContainer, ProbeType, profile_from, simulate
from kubesim.errors import BehaviourError
from kubesim.kubelet.pod_status import ContainerState, PodPhase, pod_phase
from kubesim.spec.model import RestartPolicy, parse_container

L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


def spec(name: str, port: int | None = None, *, sidecar: bool = False, init: bool = False,
         **fields: object) -> object:
    data: dict = {"name": name, **fields}
    if port is not None:
        data["ports"] = [{"name": "http", "containerPort": port}]
    return parse_container(data, sidecar=sidecar, init=init)


def pod_of(*units: object, focus: str, **settings: object) -> ProbedContainer:
    """A pod of `units` in pod order, reported for container `focus`."""
    at = next(i for i, u in enumerate(units) if u.name == focus)
    return ProbedContainer(units[at], others=(*units[:at], *units[at + 1:]), position=at,
                           **settings)


def job(policy: str = "Never") -> ProbedContainer:
    """A Job's pod: a probe-less logging sidecar, then the main container (no probes)."""
    return pod_of(spec("logger", sidecar=True), spec("main"), focus="main",
                  restart_policy=policy)


def starts(tl, name):
    return [c.running_at for c in tl.containers if c.name == name]


def phases(tl):
    return [(p.at, p.phase) for p in tl.pod_phase]


# ---------------------------------------------------------------- R4.20 the whole-pod kill

def test_R4_20_a_jobs_sidecar_is_stopped_when_its_main_container_completes():
    """main exits 0 at 20 under Never: the sync that sees it keeps no app container and
    starts none, so KillPod stops the logger ("Stopping container", R4.22) and starts no
    sidecar again; the next sync finds everything stopped: Succeeded (R4.23)."""
    tl = run(job(), scenario(exit={"after_seconds": 20, "code": 0, "container": "main"}),
             duration=60)
    assert [(x.name, x.at, x.exit_code) for x in tl.exits] == [("main", 20, 0)]
    (kill,) = tl.pod_kills
    assert kill.at == 20 and [c.name for c in kill.containers] == ["logger"]
    assert kill.containers[0].sigterm_at == 20 and kill.grace_seconds == 30
    assert [e.message for e in tl.events if e.reason == "Killing"] == ["Stopping container logger"]
    assert starts(tl, "logger") == [0]  # never started again
    assert phases(tl)[-1] == (20, "Succeeded")
    logger = next(c for c in tl.containers if c.name == "logger")
    assert (logger.ended_at, logger.exit_code, logger.reason) == (20, 143, "Error")


def test_R4_20_a_sidecar_that_crashes_after_main_completed_is_not_restarted():
    """main completes at 20; the logger crashes just after, before the sync that sees
    either (the classic kubelet's 1 s relist): a sidecar always restarts (R4.2), but this
    sync keeps no app container and starts none, so KillPod empties InitContainersToStart."""
    done = scenario(exit={"after_seconds": 20, "code": 0, "container": "main"})
    main_exit = run(job("OnFailure"), done, duration=60, profile=CLASSIC).exits[0].at
    sc = scenario(exit=[{"after_seconds": 20, "code": 0, "container": "main"},
                        {"after_seconds": main_exit + 0.001, "code": 1, "container": "logger"}])
    tl = run(job("OnFailure"), sc, duration=60, profile=CLASSIC)
    assert [x.name for x in tl.exits] == ["main", "logger"] and tl.exits[1].restart
    assert starts(tl, "logger") == [0] and len(starts(tl, "main")) == 1  # not restarted
    assert phases(tl)[-1][1] == "Succeeded"


def test_R4_20_under_Always_a_completed_container_restarts_instead():
    tl = run(job("Always"), scenario(exit={"after_seconds": 20, "code": 0,
                                           "container": "main"}), duration=60)
    assert tl.pod_kills == [] and starts(tl, "main")[:2] == [0, 20]
    assert phases(tl)[-1][1] == "Running"


def test_R4_20_R4_22_a_sole_container_failing_liveness_under_Never_is_stopped_with_the_pods_grace():
    """Its probe says terminationGracePeriodSeconds 5, the pod 30; the app ignores SIGTERM.
    Under Never nothing is left to keep or start: KillPod, whose kills take the pod's grace
    and say "Stopping container" (R4.22); under Always the probe kill keeps the probe's 5 s
    (R4.4)."""
    probe = http(failureThreshold=1, terminationGracePeriodSeconds=5)
    sc = scenario(targets={"/livez": {"answer": {"status": 500}}}, shutdown_seconds=1000)
    never = run(ProbedContainer(spec("app", 8000, livenessProbe=probe),
                                restart_policy="Never"), sc, phase=0.5, duration=60)
    (kill,) = never.kills
    assert kill.whole_pod and kill.grace_seconds == 30 and kill.stopped_at == 30.5
    assert [e.message for e in never.events if e.reason == "Killing"] == \
        ["Stopping container app"]
    assert never.containers[0].exit_code == 137  # SIGKILL at the end of the grace
    assert phases(never)[-1] == (30.5, "Failed")
    always = run(ProbedContainer(spec("app", 8000, livenessProbe=probe)), sc, phase=0.5,
                 duration=20)
    assert always.kills[0].grace_seconds == 5 and not always.kills[0].whole_pod
    assert always.events[[e.reason for e in always.events].index("Killing")].message == \
        "Container app failed liveness probe, will be restarted"


def test_R4_20_two_app_containers_one_failing_under_Never_is_a_single_kill():
    """keepCount is 1 (the other app container runs on): no KillPod, the probe kill of
    R4.1 with the probe's message; the pod stays Running."""
    a = spec("app", 8000, livenessProbe=http(failureThreshold=1))
    b = spec("worker")
    tl = run(pod_of(a, b, focus="app", restart_policy="Never"),
             scenario(targets={"/livez": {"answer": {"status": 500}}}), phase=0.5,
             duration=30)
    assert tl.pod_kills == [] and not tl.kills[0].whole_pod
    assert "Container app failed liveness probe" in [e.message for e in tl.events]
    assert phases(tl)[-1][1] == "Running"


def test_R4_20_an_init_container_failing_under_Never_stops_the_started_sidecars():
    init = spec("migrate", init=True)
    pod = pod_of(spec("proxy", sidecar=True), init, spec("app"), focus="app",
                 restart_policy="Never")
    tl = run(pod, scenario(init_containers={"migrate": {"seconds": 3, "failures": 1}}),
             duration=30)
    assert starts(tl, "proxy") == [0] and starts(tl, "migrate") == [0] and starts(tl, "app") == []
    (kill,) = tl.pod_kills
    assert [c.name for c in kill.containers] == ["proxy"] and kill.at == 3
    assert phases(tl)[-1] == (3, "Failed")


# ---------------------------------------------------------------- R4.21 termination order

def test_R4_21_a_whole_pod_kill_stops_the_app_first_then_the_sidecars_in_reverse_order():
    """Sidecars proxy, logger (declared in that order) and main. main completes at 10: the
    KillPod sends SIGTERM to main's... (gone) and waits: logger (the later sidecar) goes
    first, proxy waits for it; each takes its own shutdown_seconds."""
    pod = pod_of(spec("proxy", sidecar=True), spec("logger", sidecar=True), spec("main"),
                 focus="main", restart_policy="Never")
    sc = scenario(exit={"after_seconds": 10, "code": 0, "container": "main"},
                  containers={"proxy": {"shutdown_seconds": 1},
                              "logger": {"shutdown_seconds": 4}})
    tl = run(pod, sc, duration=60)
    stops = {c.name: c for c in tl.pod_kills[0].containers}
    assert stops["logger"].sigterm_at == 10 and stops["logger"].stopped_at == 14
    # proxy waited 4 s for logger: SIGTERM then, with 4 whole seconds taken off its grace
    assert stops["proxy"].sigterm_at == 14 and stops["proxy"].grace_seconds == 26
    assert stops["proxy"].stopped_at == 15


def test_R4_21_a_deletion_stops_sidecars_after_every_app_container():
    pod = pod_of(spec("proxy", sidecar=True), spec("app"), spec("worker"), focus="app")
    sc = scenario(delete={"at": 10}, containers={"app": {"shutdown_seconds": 2},
                                                 "worker": {"shutdown_seconds": 5}})
    tl = run(pod, sc, duration=60)
    stops = {c.name: c for c in tl.termination.containers}
    assert (stops["app"].stopped_at, stops["worker"].stopped_at) == (12, 15)
    assert stops["proxy"].sigterm_at == 15


# ---------------------------------------------------------------- R4.23 the phase

def test_R4_23_phase_by_getPhase():
    app, side, init = "app", "sidecar", "init"
    never, always, on_failure = RestartPolicy.NEVER, RestartPolicy.ALWAYS, \
        RestartPolicy.ON_FAILURE
    created = ContainerState(app, True, True)
    done0, done1 = ContainerState(app, True, False, exit_code=0), \
        ContainerState(app, True, False, exit_code=1)
    assert pod_phase([ContainerState(app, False, False)], always) is PodPhase.PENDING
    assert pod_phase([ContainerState(init, True, True), ContainerState(app, False, False)],
                     always) is PodPhase.PENDING
    assert pod_phase([ContainerState(init, True, False, exit_code=1),
                      ContainerState(app, False, False)], never) is PodPhase.FAILED
    assert pod_phase([ContainerState(side, True, True, started=False),
                      ContainerState(app, False, False)], always) is PodPhase.PENDING
    assert pod_phase([created], never) is PodPhase.RUNNING
    assert pod_phase([done0], always) is PodPhase.RUNNING  # restarting
    assert pod_phase([done0], never) is PodPhase.SUCCEEDED
    assert pod_phase([done1], never) is PodPhase.FAILED
    assert pod_phase([done1], on_failure) is PodPhase.RUNNING  # restarting
    assert pod_phase([done0, done1], on_failure) is PodPhase.RUNNING
    # a running sidecar keeps the pod Running; a stopped one does not count
    assert pod_phase([ContainerState(side, True, True, True), done0], never) is PodPhase.RUNNING
    assert pod_phase([ContainerState(side, True, False, exit_code=143), done0],
                     never) is PodPhase.SUCCEEDED
    # terminated by the pod worker: by the exit codes, whatever the policy
    assert pod_phase([done1], always, terminal=True) is PodPhase.FAILED
    assert pod_phase([done0], always, terminal=True) is PodPhase.SUCCEEDED


def test_R4_23_the_phase_over_a_run_and_the_exit_code_after_SIGTERM():
    """Pending until the first sync that sees the container, Running, then Failed when main
    exits 1 under Never; a deletion of an app exiting 0 on SIGTERM ends Succeeded."""
    tl = run(ProbedContainer(spec("main"), restart_policy="Never"),
             scenario(exit={"after_seconds": 7, "code": 1}), duration=20)
    assert phases(tl) == [(0, "Pending"), (0, "Running"), (7, "Failed")]
    ok = run(ProbedContainer(spec("main")), scenario(delete={"at": 5}, sigterm_exit_code=0),
             duration=20)
    assert phases(ok)[-1] == (5, "Succeeded") and ok.containers[0].exit_code == 0
    bad = run(ProbedContainer(spec("main")), scenario(delete={"at": 5}), duration=20)
    assert phases(bad)[-1] == (5, "Failed") and bad.containers[0].exit_code == 143


# ---------------------------------------------------------------- R4.24 the start sequence

def test_R4_24_siblings_start_one_after_another_with_the_measured_latencies():
    """Classic profile: the first container runs at 0, the second sibling_start_seconds
    (0.8) later; a restart runs container_start_seconds (0.25) after the sync's decision."""
    pod = pod_of(spec("app"), spec("worker"), spec("extra"), focus="app")
    tl = simulate(pod, scenario(exit={"after_seconds": 30, "container": "worker"}),
                  duration=60, profile=CLASSIC, whole_pod=True)
    assert starts(tl, "app") == [0] and starts(tl, "extra") == [1.6]
    first, _ = starts(tl, "worker")
    assert first == pytest.approx(0.8)
    sync = next(e.at for e in tl.events if e.reason == "Started" and e.name == "worker"
                and e.at > 30) - CLASSIC.container_start_seconds
    assert 30.8 < sync <= 30.8 + CLASSIC.relist_seconds + CLASSIC.sync_seconds + 1e-9
    slow = profile_from(overrides={"sibling_start_seconds": 1.1})
    assert starts(simulate(pod, duration=10, profile=slow, whole_pod=True), "extra") == [2.2]


# ---------------------------------------------------------------- R4.25, R1.1: no probes

def test_R4_25_a_container_without_probes_is_ready_once_started_and_its_crashes_count():
    """The issue's bug: a probe-less worker crash-looping while the pod stayed Ready. It is
    Ready once running (R4.25), restarts by its own back-off, and takes the pod out of Ready
    while it is down."""
    pod = pod_of(spec("app", 8000, readinessProbe=http("/readyz")), spec("worker"),
                 focus="app")
    tl = run(pod, scenario(exit={"after_seconds": 5, "container": "worker"}), phase=0.5,
             duration=40)
    worker = [c for c in tl.container_ready if c.name == "worker"]
    assert worker[0].ready and worker[0].at == 0
    # the first restart at once, the second after the 10 s back-off (R4.12)
    assert starts(tl, "worker")[:3] == [0, 5, 20]
    assert any(not r.ready for r in tl.ready if r.at >= 5)


def test_a_pod_whose_only_container_has_no_probes_is_simulated(tmp_path):
    """Read from a manifest (no longer refused as "nothing to simulate"): its process
    exits and restarts, and it is Ready while it runs (R4.25)."""
    from kubesim import load_spec

    path = tmp_path / "solo.yaml"
    path.write_text("kind: Pod\nmetadata: {name: solo}\nspec:\n  containers:\n"
                    "  - {name: solo, image: busybox}\n")
    tl = run(load_spec(str(path)), scenario(exit={"after_seconds": 3}), duration=20)
    assert starts(tl, "solo")[:2] == [0, 3] and tl.ready[0].ready


# ---------------------------------------------------------------- R2.5: who answers

def test_R2_5_a_probe_is_answered_by_the_container_listening_on_its_port():
    """app probes podIP:15020, which the proxy declares: while the proxy is down (it exits at
    10.2 and takes 2 s to start again), the app's liveness probe is refused and counts,
    though the app itself never stopped. The kill waits for the sync that is starting the
    proxy (SyncPod is serial): decided at 12.2."""
    proxy = spec("proxy", 15020, sidecar=True)
    app = spec("app", 8000, livenessProbe={"httpGet": {"path": "/app-health/livez",
                                                       "port": 15020},
                                           "periodSeconds": 1, "failureThreshold": 1})
    sc = scenario(exit={"after_seconds": 10.2, "container": "proxy"})
    slow = profile_from(ideal=True).model_copy(update={"container_start_seconds": 2.0})
    tl = run(pod_of(proxy, app, focus="app"), sc, phase=0.5, duration=16, profile=slow)
    refused = [p for p in tl.probes if p.name == "app" and p.result.value == "failure"]
    assert refused and "connection refused" in refused[0].detail and refused[0].at == 10.5
    assert [(k.name, k.at) for k in tl.kills] == [("app", 12.2)]


def test_R2_5_a_scenario_can_say_which_container_listens():
    """No container declares 16000: without `listens` the app answers its own probe; with
    `listens: [16000]` on the worker, the worker's exit makes the app's probe refused."""
    app = spec("app", 8000, livenessProbe={"tcpSocket": {"port": 16000}, "periodSeconds": 1,
                                           "failureThreshold": 1})
    pod = pod_of(app, spec("worker"), focus="app", restart_policy="Never")
    exit_ = {"after_seconds": 5.2, "container": "worker"}
    assert run(pod, scenario(exit=exit_), phase=0.5, duration=10).kills == []
    owned = run(pod, scenario(exit=exit_, containers={"worker": {"listens": [16000]}}),
                phase=0.5, duration=10)
    assert owned.kills and owned.kills[0].at == 5.5


# ---------------------------------------------------------------- per-container shutdown

def test_each_container_has_its_own_shutdown_and_answers_after_SIGTERM():
    a = spec("app", 8000, readinessProbe=http("/readyz"))
    b = spec("side", 9000, readinessProbe={"httpGet": {"path": "/readyz", "port": 9000},
                                           "periodSeconds": 1})
    sc = scenario(delete={"at": 10}, shutdown_seconds=3,
                  containers={"side": {"shutdown_seconds": 8, "answers_after_sigterm": True}})
    tl = run(pod_of(a, b, focus="app"), sc, phase=0.5, duration=30)
    stops = {c.name: c.stopped_at for c in tl.termination.containers}
    assert stops == {"app": 13, "side": 18}
    after = [p for p in tl.probes if p.at > 10 and p.probe is R]
    assert {p.name for p in after if p.result.value == "failure"} == {"app"}
    assert all(p.result.value == "success" for p in after if p.name == "side")


def test_a_container_name_the_pod_lacks_is_an_error_listing_the_names_it_has():
    pod = pod_of(spec("app"), spec("worker"), focus="app")
    with pytest.raises(BehaviourError, match=r"exit\[0\].container: container 'wroker' is not "
                                             r"in the pod; the pod's app containers and "
                                             r"sidecars: app, worker"):
        simulate(pod, scenario(exit={"after_seconds": 1, "container": "wroker"}), duration=5)
    with pytest.raises(BehaviourError, match=r"containers.proxy: container 'proxy' is not"):
        simulate(pod, scenario(containers={"proxy": {"shutdown_seconds": 1}}), duration=5)


# ---------------------------------------------------------------- the 1.20 profile

def test_R1_30_in_1_20_liveness_keeps_probing_through_the_termination():
    pod = ProbedContainer(spec("app", 8000, livenessProbe=http(), readinessProbe=http("/r")))
    sc = scenario(delete={"at": 10}, shutdown_seconds=5, answers_after_sigterm=True)
    old = simulate(pod, sc, duration=30, phase=0.5, profile=profile_from("1.20", ideal=True))
    new = simulate(pod, sc, duration=30, phase=0.5, profile=profile_from(ideal=True))
    assert [p.at for p in old.probes if p.probe is L and p.at > 10] == [10.5, 11.5, 12.5,
                                                                        13.5, 14.5]
    assert [p.at for p in new.probes if p.probe is L and p.at > 10] == []


def test_R3_10_in_1_20_a_startup_result_queues_no_pod_sync():
    """The sidecar's startup success lets the app container start (computeInitContainerActions)
    at the sync it queues (1.21+); in 1.20 no sync is queued, and the app waits for the next
    PLEG event or resync."""
    proxy = spec("proxy", 9000, sidecar=True,
                 startupProbe={"httpGet": {"path": "/ready", "port": 9000}, "periodSeconds": 1})
    pod = pod_of(proxy, spec("app"), focus="app")
    new = simulate(pod, duration=200, phase=0.5, profile=profile_from(), whole_pod=True)
    old = simulate(pod, duration=200, phase=0.5, profile=profile_from("1.20"), whole_pod=True)
    started = next(c.started_at for c in new.containers if c.name == "proxy")
    # the sync queued by the startup result (after a PLEG relist, R4.3), then the start
    hop = CLASSIC.relist_seconds + CLASSIC.sync_seconds + CLASSIC.container_start_seconds
    assert started < starts(new, "app")[0] <= started + hop + 1e-9
    assert starts(old, "app")[0] > starts(new, "app")[0] + 1
