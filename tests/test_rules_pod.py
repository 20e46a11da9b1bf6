"""Whole pods: several probed containers, each with its own workers, counters, restarts and
back-off; pod Ready = every container Ready (R3.4, R3.7); targets keyed per container and port."""

from __future__ import annotations

import pytest
from helpers import http, run, scenario

from kubesim import ProbedContainer, ProbeType, simulate
from kubesim.errors import BehaviourError
from kubesim.spec.model import parse_container

L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


def two(app: dict, proxy: dict, *, proxy_port: int = 9000, **pod) -> ProbedContainer:
    """A pod with containers app (port http=8000) and proxy (port http=`proxy_port`)."""
    a = parse_container({"name": "app", "ports": [{"name": "http", "containerPort": 8000}],
                         **app})
    p = parse_container({"name": "proxy", "ports": [{"name": "http",
                                                     "containerPort": proxy_port}], **proxy})
    return ProbedContainer(a, others=(p,), position=0, **pod)


def test_R3_4_R3_7_pod_Ready_needs_every_container_Ready():
    """ContainersReady needs every container Ready (R3.7). The proxy's readiness fails in [20, 40): the pod is not Ready then, while the app's
    own readiness keeps succeeding; each container has its own worker and counters."""
    pod = two({"readinessProbe": http("/readyz", failureThreshold=1)},
              {"readinessProbe": http("/readyz", failureThreshold=1)})
    sc = scenario(targets={"proxy:9000/readyz": {"windows": [
        {"from": 20, "to": 40, "answer": {"status": 503}}]}})
    tl = run(pod, sc, phase=0.5, duration=60)
    # ideal kubelet, period 1 s; the readiness trigger at the start re-phases each grid to
    # whole seconds (R1.14): the first failure at 20, the first success again at 40
    assert [(c.at, c.ready) for c in tl.ready] == [(0, True), (20, False), (40, True)]
    app = [p for p in tl.probes if p.name == "app"]
    assert app and all(p.result.value == "success" for p in app)


def test_R4_8_restarts_and_back_off_are_per_container():
    """Only the proxy fails liveness: it alone is killed and restarted on its own back-off
    curve (the entry's key includes the container name); the app runs on, untouched."""
    pod = two({"livenessProbe": http()}, {"livenessProbe": http(failureThreshold=1)})
    sc = scenario(targets={"proxy:9000/livez": {"answer": {"status": 500}}})
    tl = run(pod, sc, phase=0.5, duration=120)
    assert tl.kills and {k.name for k in tl.kills} == {"proxy"}
    apps = [c for c in tl.containers if c.name == "app"]
    assert len(apps) == 1 and apps[0].ended_at is None
    proxies = [c for c in tl.containers if c.name == "proxy"]
    # the kill-loop curve of one container (R4.13): two free restarts, then each start
    # killed at its first probe waits 10, 20 s from that kill
    assert [c.running_at for c in proxies][:5] == [0, 0.5, 1.5, 12.5, 32.5]
    assert all(e.name == "proxy" and "ontainer proxy " in e.message for e in tl.events
               if e.reason in ("Killing", "BackOff"))


def test_container_IDs_are_unique_in_the_pod():
    from kubesim.kubelet.runtime import Runtime

    a, b = Runtime(), Runtime(prefix="proxy-", name="proxy")
    assert a.start(0).id != b.start(0).id


def test_a_short_key_for_two_endpoints_is_an_error_listing_the_scoped_keys():
    pod = two({"livenessProbe": http("/healthz")}, {"livenessProbe": http("/healthz")})
    with pytest.raises(BehaviourError) as info:
        simulate(pod, scenario(targets={"/healthz": {"answer": {"status": 500}}}), duration=10)
    assert '"/healthz" is ambiguous' in str(info.value)
    assert "app:8000/healthz, proxy:9000/healthz" in str(info.value)


def test_a_short_key_that_names_one_endpoint_is_accepted():
    """/livez is only the app's, /ready only the proxy's: short keys are unambiguous; a
    scoped key also works and wins over a short one."""
    pod = two({"livenessProbe": http(failureThreshold=1)},
              {"readinessProbe": http("/ready", failureThreshold=1)})
    sc = scenario(targets={"/livez": {"answer": {"status": 500}},
                           "/ready": {"answer": {"status": 500}},
                           "proxy:9000/ready": {"answer": {"status": 200}}})
    tl = run(pod, sc, phase=0.5, duration=5)
    assert tl.kills and tl.kills[0].name == "app"
    assert tl.ready and tl.ready[0].ready  # the proxy's scoped key answered 200


def test_R2_12_one_port_of_the_pod_is_one_endpoint_whoever_probes_it():
    """The kubelet dials podIP:5432 for both containers' tcpSocket probes: one endpoint, so a
    key scoped by either container answers both."""
    pod = two({"livenessProbe": {"tcpSocket": {"port": 5432}, "periodSeconds": 1,
                                 "failureThreshold": 1}},
              {"livenessProbe": {"tcpSocket": {"port": 5432}, "periodSeconds": 1}})
    sc = scenario(targets={"tcp:app:5432": {"answer": {"error": "refused"}}})
    tl = run(pod, sc, phase=0.5, duration=3)
    assert {k.name for k in tl.kills} == {"app", "proxy"}


def test_R2_13_exec_keys_scope_by_container():
    """An exec probe runs in its own container: the same command in two containers is two
    endpoints, told apart by the container."""
    probe = {"exec": {"command": ["check"]}, "periodSeconds": 1, "failureThreshold": 1}
    pod = two({"livenessProbe": probe}, {"livenessProbe": probe})
    sc = scenario(targets={"exec:app:check": {"answer": {"exit_code": 1}}})
    tl = run(pod, sc, phase=0.5, duration=3)
    assert {k.name for k in tl.kills} == {"app"}


def test_simulate_reports_the_focus_container_unless_asked_for_the_whole_pod():
    pod = two({"livenessProbe": http()}, {"livenessProbe": http(failureThreshold=1)})
    sc = scenario(targets={"proxy:9000/livez": {"answer": {"status": 500}}})
    focused = simulate(pod, sc, duration=60, phase=0.5)
    assert focused.kills == [] and {p.name for p in focused.probes} == {"app"}
    assert simulate(pod, sc, duration=60, phase=0.5, whole_pod=True).kills


def test_the_report_can_narrow_to_one_container_without_changing_the_model():
    pod = two({"livenessProbe": http()}, {"livenessProbe": http(failureThreshold=1)})
    sc = scenario(targets={"proxy:9000/livez": {"answer": {"status": 500}}})
    tl = run(pod, sc, phase=0.5, duration=60)
    app = tl.narrowed("app")
    assert app.kills == [] and app.summary().restarts == 0
    assert app.ready == tl.ready and all(p.name == "app" for p in app.probes)
    assert tl.narrowed("proxy").summary().kills == len(tl.kills)


def test_R3_8_readiness_gates_hold_pod_Ready_until_their_condition_is_True(tmp_path):
    """A gate's condition set True at 30 s and False again in [50, 60): the pod turns Ready
    at the sync that follows each change (a pod update), though the container is Ready from
    the start; a gate nobody sets keeps the pod not Ready."""
    from kubesim import load_spec

    path = tmp_path / "pod.yaml"
    path.write_text("kind: Pod\nmetadata: {name: gated}\nspec:\n"
                    "  readinessGates: [{conditionType: example.com/lb}]\n"
                    "  containers:\n  - name: app\n"
                    "    readinessProbe: {httpGet: {path: /readyz, port: 80}, periodSeconds: 1}\n")
    pod = load_spec(str(path))
    assert pod.readiness_gates == ("example.com/lb",)
    sc = scenario(conditions={"example.com/lb": [{"from": 30, "to": 50},
                                                 {"from": 60, "to": None}]})
    tl = run(pod, sc, phase=0.5, duration=90)
    assert [(c.at, c.ready) for c in tl.ready] == [(30, True), (50, False), (60, True)]
    assert run(pod, scenario(), duration=30).ready == []


def init_pod(policy: str = "Always", proxy_probes: dict | None = None) -> ProbedContainer:
    """migrate (plain init) -> proxy (sidecar) -> app, as a manifest lists them."""
    migrate = parse_container({"name": "migrate"}, init=True)
    proxy = parse_container({"name": "proxy", "ports": [{"name": "http", "containerPort": 9000}],
                             **(proxy_probes or {})}, sidecar=True)
    app = parse_container({"name": "app", "ports": [{"name": "http", "containerPort": 8000}],
                           "readinessProbe": http("/readyz")})
    return ProbedContainer(app, others=(migrate, proxy), position=2, restart_policy=policy)


def starts_of(tl, name):
    return [c.running_at for c in tl.containers if c.name == name]


def test_init_containers_start_in_order_and_a_sidecar_waits_for_its_startup_probe():
    """computeInitContainerActions: migrate runs 5 s; the sync that sees it complete starts
    the proxy; the proxy's startup probe (refused for its first 2.5 s, P=1 on the 0.5 grid:
    5.5 and 6.5 refused) succeeds at 7.5, and that sync starts the app; the pod is Ready once
    the app is."""
    pod = init_pod(proxy_probes={"startupProbe": http("/ready", failureThreshold=10)})
    sc = scenario(init_containers={"migrate": {"seconds": 5}},
                  targets={"proxy:9000/ready": {"since_start": [
                      {"from": 0, "to": 2.5, "answer": {"error": "refused"}}]}})
    tl = run(pod, sc, phase=0.5, duration=30)
    migrate = next(c for c in tl.containers if c.name == "migrate")
    assert (migrate.ended_at, migrate.end_reason) == (5, "Completed")
    assert starts_of(tl, "proxy") == [5] and starts_of(tl, "app") == [7.5]
    proxy = next(c for c in tl.containers if c.name == "proxy")
    assert proxy.started_at == 7.5
    assert tl.ready[0].at >= 7.5 and tl.ready[0].ready


def test_a_failing_init_container_restarts_with_back_off_before_the_app_starts():
    """Exit code 1 twice: the first restart is immediate and creates the entry (R4.12), the
    second waits 10 s (R4.11); the third run completes and the sidecar, then the app, start."""
    sc = scenario(init_containers={"migrate": {"seconds": 1, "failures": 2}})
    tl = run(init_pod(), sc, duration=40)
    assert starts_of(tl, "migrate") == [0, 1, 12]
    assert [c.exit_code for c in tl.containers if c.name == "migrate"] == [1, 1, 0]
    assert starts_of(tl, "proxy") == [13] and starts_of(tl, "app") == [13]


def test_a_failing_init_container_under_Never_fails_the_pod():
    sc = scenario(init_containers={"migrate": {"seconds": 1, "failures": 1}})
    tl = run(init_pod("Never"), sc, duration=40)
    assert starts_of(tl, "migrate") == [0] and starts_of(tl, "app") == []
    assert tl.ready == []


def test_an_init_container_the_pod_lacks_is_a_clear_error():
    with pytest.raises(BehaviourError, match=r"init_containers.migrat: the pod has no plain "
                                             r"init container 'migrat' \(it has: migrate\)"):
        simulate(init_pod(), scenario(init_containers={"migrat": {"seconds": 1}}), duration=5)


def test_an_exit_rule_can_name_its_container():
    pod = two({"livenessProbe": http()}, {"livenessProbe": http()})
    tl = run(pod, scenario(exit={"after_seconds": 5, "container": "proxy"}), duration=8)
    assert [(x.name, x.at) for x in tl.exits] == [("proxy", 5)]
