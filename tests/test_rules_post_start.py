"""postStart hooks (R4.40-R4.42): `startContainer` in
pkg/kubelet/kuberuntime/kuberuntime_container.go runs the hook after the container started
and before it returns, so SyncPod starts the next container only after it; a failed hook
records FailedPostStartHook and kills the container (`killContainer(..., "FailedPostStartHook",
reasonFailedPostStartHook)`), which the restart policy then starts again with the back-off.
The handlers are `handlerRunner.Run` of pkg/kubelet/lifecycle/handlers.go (R4.41); the pod's
deletion cancels the running sync (`UpdatePod`'s cancelFn, pod_workers.go, R4.42).

Ideal kubelet (no latencies) and pinned grids unless a test says otherwise: times are worked
out by hand from the rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import http, run, scenario

from kubesim import ProbedContainer, ProbeType, profile_from, simulate
from kubesim.cli.main import main
from kubesim.render.run_document import check_document
from kubesim.spec.manifests import load_spec
from kubesim.spec.model import parse_container

HERE = Path(__file__).resolve().parent
ISTIO = HERE / "data" / "real" / "istio_hello.proxyHoldsApplication.yaml"
R = ProbeType.READINESS


def container(name: str = "app", port: int = 8000, *, post_start: dict | None = None,
              pre_stop: dict | None = None, sidecar: bool = False, **probes: Any) -> Any:
    data: dict[str, Any] = {"name": name, "ports": [{"name": "http", "containerPort": port}],
                            **probes}
    lifecycle = {k: v for k, v in (("postStart", post_start), ("preStop", pre_stop)) if v}
    if lifecycle:
        data["lifecycle"] = lifecycle
    return parse_container(data, sidecar=sidecar)


def warm(latency_ms: float = 2000, **answer: Any) -> dict[str, Any]:
    """A scenario whose `exec:warm` hook target answers after `latency_ms`."""
    return {"targets": {"exec:warm": {"answer": {"latency_ms": latency_ms, **answer}}}}


WARM = {"exec": {"command": ["warm"]}}


def running(tl: Any, name: str) -> list[float]:
    return [round(c.running_at, 6) for c in tl.containers if c.name == name]


def events(tl: Any, *reasons: str) -> list[tuple[float, str, str, str]]:
    return [(round(e.at, 6), e.type, e.reason, e.message) for e in tl.events
            if e.reason in reasons]


# -- R4.40: the hook blocks the next container's start ------------------------------------
def test_R4_40_istio_holdApplicationUntilProxyStarts_delays_the_app_by_the_hook_under_1_35():
    """Istio's injected pod with holdApplicationUntilProxyStarts (its own golden file): the
    proxy's postStart `pilot-agent wait` returns after 5 s, and the app container starts 5 s
    later than without it, through `kubesim run --profile 1.35+` (a real kubelet v1.36.2 under
    containerd: the second container 5 s later)."""
    pod = load_spec(str(ISTIO))
    hold = scenario(targets={"exec:pilot-agent wait": {"answer": {"latency_ms": 5000}}})
    profile = profile_from("1.35+")
    held = simulate(pod, hold, duration=30, seed=0, profile=profile, whole_pod=True)
    free = simulate(pod, scenario(), duration=30, seed=0, profile=profile, whole_pod=True)
    assert running(held, "istio-proxy") == running(free, "istio-proxy")
    delay = running(held, "hello")[0] - running(free, "hello")[0]
    assert delay == pytest.approx(5.0)
    hook = held.post_starts[0]
    assert (hook.name, hook.handler, hook.failed) == ("istio-proxy", "exec", False)
    assert hook.ended_at - hook.started_at == pytest.approx(5.0)
    assert running(held, "hello")[0] >= hook.ended_at  # never before the hook returned


def test_R4_40_the_run_command_reports_the_hook_in_text_and_json(capsys, tmp_path):
    """`kubesim run --profile 1.35+ --format json`: the post_starts list, the app's start 5 s
    after the hook began; the document is one `kubesim plot` accepts; the text timeline has
    the hook's lines and the summary counts it."""
    sc = tmp_path / "hold.scenario.yaml"
    sc.write_text('targets:\n  "exec:pilot-agent wait": {answer: {latency_ms: 5000}}\n')
    assert main(["run", str(ISTIO), "--scenario", str(sc), "--profile", "1.35+",
                 "--duration", "30", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert main(["run", str(ISTIO), "--scenario", str(sc), "--profile", "1.35+",
                 "--duration", "30"]) == 0
    text = capsys.readouterr().out
    check_document(doc)
    [hook] = doc["post_starts"]
    assert (hook["name"], hook["handler"], hook["failed"], hook["stop"]) == (
        "istio-proxy", "exec", False, None)
    starts = {c["name"]: c["running_at"] for c in doc["containers"]}
    assert hook["ended_at"] - hook["started_at"] == pytest.approx(5.0)
    assert starts["hello"] - starts["istio-proxy"] == pytest.approx(5.0 + 0.8)  # R4.24
    assert "POSTSTART istio-proxy #0 postStart hook started (exec)" in text
    assert "POSTSTART istio-proxy postStart hook ended" in text
    assert "postStart hooks   1 (0 failed)" in text


def test_R4_40_kubesim_run_profile_1_36_starts_the_second_container_5_s_later(capsys, tmp_path):
    """startContainer runs the postStart hook before it returns (R4.40): out of `kubesim run
    --profile 1.36 --format json` (the preset the issue names, on-demand relist on), a 5 s
    hook on the proxy starts the app 5 s later than without it at every seed, as the real
    kubelet v1.36.2 did, and never before the hook returned."""
    hold = tmp_path / "hold.scenario.yaml"
    hold.write_text('targets:\n  "exec:pilot-agent wait": {answer: {latency_ms: 5000}}\n')

    def started(seed: int, *behaviour: str) -> tuple[dict[str, float], dict]:
        assert main(["run", str(ISTIO), *behaviour, "--profile", "1.36", "--seed", str(seed),
                     "--duration", "30", "--format", "json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["run"]["profile"] == "1.36"
        return {c["name"]: c["running_at"] for c in doc["containers"]}, doc

    for seed in range(10):
        held, doc = started(seed, "--scenario", str(hold))
        free, _ = started(seed)
        [hook] = doc["post_starts"]
        assert hook["ended_at"] - hook["started_at"] == pytest.approx(5.0)
        assert held["hello"] - free["hello"] == pytest.approx(5.0, abs=0.1)
        assert held["hello"] >= hook["ended_at"] and held["istio-proxy"] == free["istio-proxy"]


def test_R4_40_a_sleep_hook_on_the_first_container_holds_the_second():
    """Ideal kubelet: app starts at 0, its 4 s sleep hook ends at 4, the worker starts then."""
    pod = ProbedContainer(container(post_start={"sleep": {"seconds": 4}}),
                          others=(container("worker", 8001),), position=0)
    tl = run(pod, duration=20)
    assert (running(tl, "app"), running(tl, "worker")) == ([0], [4])


def test_R4_40_a_native_sidecars_hook_holds_the_app_containers():
    """A sidecar's postStart: the app starts in the sync after the hook returned (the sidecar
    counts as initialized once it runs, no startup probe)."""
    side = container("proxy", 9000, post_start={"sleep": {"seconds": 3}}, sidecar=True)
    pod = ProbedContainer(container(), others=(side,), position=1)
    tl = run(pod, duration=20)
    assert (running(tl, "proxy"), running(tl, "app")) == ([0], [3])


def test_R4_40_R1_7_probes_wait_for_the_hook_and_initialDelay_counts_from_the_start():
    """While the hook runs the sync that started the container has not ended, so the status
    does not show it running: the first readiness call comes at the hook's end (5), not at
    the initialDelaySeconds of 3 counted from the container's start (R1.7), nor at 5 + 3."""
    pod = ProbedContainer(container(post_start={"sleep": {"seconds": 5}},
                                    readinessProbe=http("/readyz", initialDelaySeconds=3)))
    tl = run(pod, duration=20)
    first = min(p.at for p in tl.probes if p.probe is R)
    assert first == 5
    assert tl.ready[0].at == 5


# -- R4.41: handlers and a failed hook --------------------------------------------------------
def test_R4_41_a_failed_hook_kills_the_container_then_back_off():
    """An exec hook exiting 1 after 2 s: FailedPostStartHook, then killContainer with the
    message "FailedPostStartHook" (exit 143 after SIGTERM); the first restart is at once
    and creates the back-off entry (R4.12), the second waits 10 s from the last exit (R4.9):
    starts at 0, 2 and 14."""
    pod = ProbedContainer(container(post_start=WARM))
    tl = run(pod, scenario(**warm(2000, exit_code=1)), duration=15)
    assert running(tl, "app") == [0, 2, 14]
    assert events(tl, "FailedPostStartHook", "Killing")[:2] == [
        (2, "Warning", "FailedPostStartHook", "PostStartHook failed"),
        (2, "Normal", "Killing", "FailedPostStartHook")]
    assert [e.at for e in tl.events if e.reason == "BackOff"][0] == 4
    first = tl.containers[0]
    assert (first.exit_code, first.ended_at) == (143, 2)
    assert first.end_reason == "killed: postStart hook failed; exited after SIGTERM"
    assert [(p.failed, p.restart) for p in tl.post_starts] == [(True, True), (True, True),
                                                                (False, False)]
    assert tl.summary().restarts == 2


def test_R4_41_under_never_a_failed_hook_fails_the_pod():
    pod = ProbedContainer(container(post_start=WARM), restart_policy="Never")
    tl = run(pod, scenario(**warm(1000, exit_code=2)), duration=20)
    assert running(tl, "app") == [0]
    assert [p.phase for p in tl.pod_phase] == ["Pending", "Failed"]
    assert tl.post_starts[0].restart is False
    assert tl.summary().restarts == 0


def test_R4_41_R4_22_the_kill_takes_the_pods_grace_and_runs_preStop_first():
    """The kill after a failed hook has reason FailedPostStartHook, not a probe's: the pod's
    30 s grace, not the liveness probe's 5 (R4.22); the 3 s preStop sleep first (R4.5), then
    27 s to a hung app's SIGKILL."""
    pod = ProbedContainer(container(post_start=WARM, pre_stop={"sleep": {"seconds": 3}},
                                    livenessProbe=http(terminationGracePeriodSeconds=5)))
    tl = run(pod, scenario(**warm(1000, exit_code=1), shutdown_seconds=1000), duration=40)
    stop = tl.post_starts[0].stop
    assert (stop.killing_at, stop.pre_stop_start, stop.pre_stop_end) == (1, 1, 4)
    assert (stop.sigterm_at, stop.grace_seconds, stop.stopped_at, stop.sigkill) == (
        4, 27, 31, True)
    assert tl.containers[0].exit_code == 137


@pytest.mark.parametrize(("answer", "failed"), [
    ({"status": 500}, False),  # runHTTPHandler returns the client's error: no status check
    ({"status": 404, "latency_ms": 300}, False),
    ({"error": "refused"}, True),
    ({"error": "reset"}, True),
])
def test_R4_41_an_httpGet_hook_fails_on_a_connection_error_only(answer, failed):
    pod = ProbedContainer(container(post_start={"httpGet": {"path": "/warm", "port": "http"}}))
    tl = run(pod, scenario(targets={"/warm": {"answer": answer}}), duration=5)
    assert tl.post_starts[0].failed is failed
    assert bool(events(tl, "FailedPostStartHook")) is failed


@pytest.mark.parametrize(("answer", "failed"), [
    ({"exit_code": 0}, False), ({"exit_code": 1}, True), ({"error": "error"}, True)])
def test_R4_41_an_exec_hook_fails_on_a_non_zero_exit(answer, failed):
    pod = ProbedContainer(container(post_start=WARM))
    tl = run(pod, scenario(targets={"exec:warm": {"answer": answer}}), duration=5)
    assert tl.post_starts[0].failed is failed


def test_R4_41_a_tcpSocket_hook_fails_at_once():
    """Deprecated, accepted by the API server, and failed by `Run` ("invalid handler")."""
    pod = ProbedContainer(container(post_start={"tcpSocket": {"port": 8000}}))
    tl = run(pod, duration=5)
    assert events(tl, "FailedPostStartHook", "Killing")[:2] == [
        (0, "Warning", "FailedPostStartHook", "PostStartHook failed"),
        (0, "Normal", "Killing", "FailedPostStartHook")]


@pytest.mark.parametrize(("answer", "failed"), [({"status": 500}, False),
                                                 ({"error": "refused"}, True)])
def test_R4_41_a_preStop_httpGet_hook_fails_on_a_connection_error_only(answer, failed):
    """The same handler runs preStop hooks: a 500 is no FailedPreStopHook."""
    pod = ProbedContainer(container(pre_stop={"httpGet": {"path": "/drain", "port": "http"}}))
    tl = run(pod, scenario(targets={"/drain": {"answer": answer}}, delete={"at": 5}),
             duration=20)
    assert bool(events(tl, "FailedPreStopHook")) is failed


# -- R4.42: the deletion cancels the sync ------------------------------------------------------
def test_R4_42_the_deletion_cuts_a_hook_that_never_returns():
    """An exec hook that never answers holds the sync (and the second container) until the
    pod is deleted at 10: the cancelled sync ends the hook (FailedPostStartHook) with no kill
    of its own, starts nothing more, and the termination stops the container."""
    pod = ProbedContainer(container(post_start=WARM), others=(container("worker", 8001),),
                          position=0)
    tl = run(pod, scenario(targets={"exec:warm": {"answer": {"error": "timeout"}}},
                           delete={"at": 10}), duration=30)
    hook = tl.post_starts[0]
    assert (hook.ended_at, hook.failed, hook.cancelled, hook.stop) == (10, True, True, None)
    assert running(tl, "worker") == []
    assert events(tl, "FailedPostStartHook", "Killing") == [
        (10, "Warning", "FailedPostStartHook", "PostStartHook failed"),
        (10, "Normal", "Killing", "Stopping container app")]
    assert tl.termination.stopped_at is not None


def test_R4_42_without_a_deletion_a_hook_that_never_returns_holds_the_pod_for_ever():
    """No timeout in the handler: the app never starts, the hooked container is never seen
    running, the pod stays Pending, and the hook is still running at the end of the run."""
    pod = ProbedContainer(container(post_start=WARM, readinessProbe=http("/readyz")),
                          others=(container("worker", 8001),), position=0)
    tl = run(pod, scenario(targets={"exec:warm": {"answer": {"error": "timeout"}}}),
             duration=100)
    assert tl.post_starts[0].ended_at is None
    assert running(tl, "worker") == []
    assert [p.phase for p in tl.pod_phase] == ["Pending"]
    assert not [p for p in tl.probes if p.probe is R]
