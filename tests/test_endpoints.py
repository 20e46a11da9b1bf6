"""EndpointSlices as the controller writes them and what kube-proxy routes to
(docs/controller-rules.md EP1-EP3, F1).

The expected counts are sampled from the pods themselves (their first container, Ready
changes, deletion and containers' stop) on a fine grid, independently of kubesim.fleet's
sweep over change points."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kubesim import Scenario, load_spec
from kubesim.behaviour.answer import HEALTHY
from kubesim.cli.main import main
from kubesim.fleet.capacity import capacity
from kubesim.fleet.endpoints import endpoint_changes
from kubesim.fleet.rollout import RolloutSettings, simulate_rollout
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import FleetSettings
from kubesim.render.fleet_report import fleet_document

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "examples" / "seed-app" / "deployment.yaml"


def _with_prestop(tmp_path: Path, seconds: int) -> Path:
    text = APP.read_text().replace("          readinessProbe:", "          lifecycle:\n"
                                   f"            preStop: {{sleep: {{seconds: {seconds}}}}}\n"
                                   "          readinessProbe:", 1)
    path = tmp_path / "prestop.yaml"
    path.write_text(text)
    return path


def _conditions(tl, t: float, publish: bool = False) -> tuple[bool, bool, bool, bool]:
    """(present, ready, serving, terminating) of the pod's endpoint at t, from its records."""
    if not tl.containers or tl.containers[0].running_at > t:
        return False, False, False, False
    term = tl.termination
    if term is not None and term.stopped_at is not None and t >= term.stopped_at:
        return False, False, False, False
    changes = [c for c in tl.ready if c.at <= t]
    pod_ready = bool(changes and changes[-1].ready)
    terminating = term is not None and t >= term.requested_at
    return True, publish or (pod_ready and not terminating), pod_ready, terminating


def _routed(timelines, t: float, d: float, publish=False, headless=False) -> int:
    seen = [_conditions(tl, t - d, publish) for tl in timelines]
    ready = sum(c[1] for c in seen)
    if ready or headless:
        return ready
    return sum(c[0] and c[2] and c[3] for c in seen)


def test_a_deleted_pods_endpoint_turns_terminating_not_ready_and_stays_serving_ep1(tmp_path):
    pod = load_spec(str(_with_prestop(tmp_path, 8)))
    from kubesim.engine.simulate import simulate
    tl = simulate(pod, Scenario.from_dict({"delete": {"at": 60}}), duration=120, seed=0)
    changes = endpoint_changes(tl)
    at_delete = next(c for c in changes if c.at == 60)
    assert (at_delete.present, at_delete.ready, at_delete.serving, at_delete.terminating) == \
        (True, False, True, True)
    assert changes[-1].present is False and changes[-1].at == tl.termination.stopped_at
    for t in np.arange(0, 120, 0.25):
        present, ready, serving, terminating = _conditions(tl, t)
        c = [c for c in changes if c.at <= t][-1] if any(c.at <= t for c in changes) else None
        if c is None:
            assert not present
            continue
        assert (c.present, c.ready, c.serving, c.terminating) == \
            (present, ready, present and serving, present and terminating)


def test_kube_proxy_falls_back_to_serving_terminating_endpoints_ep2(tmp_path):
    """A Recreate rollout deletes every old pod at once: no endpoint is ready, so kube-proxy
    routes to the terminating ones still serving (Ready through their 8 s preStop sleep)
    instead of dropping the traffic."""
    pod = load_spec(str(_with_prestop(tmp_path, 8)))
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(3),
                           RolloutSettings(at=60, recreate=True), duration=150, seed=1)
    series = capacity(run)
    d = run.settings.propagation_seconds
    for p in series:
        t = p.at + 1e-9
        assert p.serving == _routed(run.timelines, t, d)
        assert p.endpoints_ready == sum(_conditions(tl, t)[1] for tl in run.timelines)
        assert p.endpoints_terminating == sum(_conditions(tl, t)[3] for tl in run.timelines)
    fallback = [p for p in series if p.fallback]
    assert fallback and fallback[0].at == 60 + d and fallback[0].serving == 3
    # without the fallback the Service would have had no endpoint from 62 s on
    assert min(p.serving for p in series if 62 <= p.at < 66) == 3


def test_fleet_json_says_ready_and_serving_apart_with_its_schema_version_ep1_ep2(tmp_path):
    """Fleet JSON schema 2: a capacity point's `ready` and `serving` are the EndpointSlice
    conditions of the endpoints kube-proxy routes to (EP1, EP2): in the Recreate rollout's
    fallback it routes to 3 serving endpoints of which none is ready (version 1 called those
    3 `serving` and nothing else); `pods_ready` is the pods' Ready condition. Each count is
    sampled from the pods' own records one propagation delay back."""
    pod = load_spec(str(_with_prestop(tmp_path, 8)))
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(3),
                           RolloutSettings(at=60, recreate=True), duration=150, seed=1)
    doc = fleet_document(run)
    assert doc["kubesim"] == 2
    d = run.settings.propagation_seconds
    for p, exact in zip(doc["capacity"], capacity(run), strict=True):
        t = exact.at + 1e-9  # the document's times are rounded to microseconds
        seen = [_conditions(tl, t - d) for tl in run.timelines]
        assert p["ready"] == sum(c[1] for c in seen)  # routed and ready
        assert p["serving"] == _routed(run.timelines, t, d)  # routed: ready, else fallback
        assert p["pods_ready"] == sum(any(s <= t < e for s, e in tl.ready_intervals())
                                      for tl in run.timelines)
    fallback = [p for p in doc["capacity"] if p["fallback"]]
    assert fallback and all(p["ready"] == 0 for p in fallback)
    assert fallback[0]["serving"] == 3


def test_a_headless_service_has_no_terminating_fallback_ep2(tmp_path):
    pod = load_spec(str(_with_prestop(tmp_path, 8)))
    run = simulate_rollout(pod, pod, HEALTHY, HEALTHY, FleetSettings(3, headless=True),
                           RolloutSettings(at=60, recreate=True), duration=150, seed=1)
    series = capacity(run)
    assert not any(p.fallback for p in series)
    assert [p.serving for p in series if 62 <= p.at < 66] == [0] * len(
        [p for p in series if 62 <= p.at < 66])


def test_publish_not_ready_addresses_makes_every_endpoint_ready_ep3():
    """With publishNotReadyAddresses the slice marks every pod's endpoint ready from its
    first container on, Ready or not: traffic reaches pods still starting."""
    never = Scenario.from_dict({"targets": {"/readyz": {"answer": {"status": 503}}}})
    run = simulate_fleet(load_spec(str(APP)), never,
                         FleetSettings(3, start_times=(0, 10, 20),
                                       publish_not_ready_addresses=True), duration=60)
    series = capacity(run)
    assert all(p.ready == 0 for p in series)
    for t in np.arange(0, 60, 0.5):
        point = [p for p in series if p.at <= t][-1]
        assert point.endpoints_ready == sum(_conditions(tl, t, True)[1] for tl in run.timelines)
        assert point.serving == _routed(run.timelines, t, 2.0, publish=True)
    assert series[-1].serving == 3


def test_the_cli_reads_publish_not_ready_addresses_from_the_service(capsys, tmp_path):
    text = APP.read_text().replace("  selector: {app: orders}\n",
                                   "  selector: {app: orders}\n  publishNotReadyAddresses: true\n", 1)
    path = tmp_path / "svc.yaml"
    path.write_text(text)
    never = tmp_path / "never.scenario.yaml"
    never.write_text("targets:\n  /readyz: {answer: {status: 503}}\n")
    code = main(["fleet", str(path), "--scenario", str(never), "--duration", "30",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["fleet"]["publish_not_ready_addresses"] is True
    last = doc["capacity"][-1]
    assert last["endpoints"]["ready"] == 3 and last["pods_ready"] == 0 and last["ready"] == 3
    code = main(["fleet", str(APP), "--scenario", str(never), "--duration", "30",
                 "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["capacity"][-1]["endpoints"]["ready"] == 0


@pytest.mark.parametrize("engine", ["simpy", "fast"])
def test_capacity_series_agrees_with_sampling_in_a_drain(engine):
    from kubesim.fleet.drain import DrainSettings, simulate_drain

    slow = Scenario.from_dict({"shutdown_seconds": 3, "answers_after_sigterm": True})
    run = simulate_drain(load_spec(str(APP)), slow, FleetSettings(4, nodes=2),
                         DrainSettings(at=40, node="node-1"), duration=100, seed=2,
                         engine=engine)
    for p in capacity(run):
        t = p.at + 1e-9
        assert p.serving == _routed(run.timelines, t, 2.0)
        assert p.endpoints_serving == sum(_conditions(tl, t)[0] and _conditions(tl, t)[2]
                                          for tl in run.timelines)
