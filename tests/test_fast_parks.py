"""Parks (`kubesim.engine.jumps`, issue 31 item 2): a steady container whose workers would
only record one constant answer to the end of the run is moved past the end at once, while
the rest of its pod is stepped and jumped. The reference scheduler (simpy, every event
stepped) gives the same document; a park whose assumptions fail makes the run again without
parks, from the generator's state at the start."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from helpers import mesh_pod

from kubesim import ProbedContainer, Scenario, profile_from, simulate
from kubesim.behaviour.lookup import compile_behaviour
from kubesim.engine import jumps
from kubesim.engine.heap_scheduler import Unparked
from kubesim.engine.simulate import launch_pod, make_scheduler, run_model
from kubesim.render.report import render_json
from kubesim.spec.model import ContainerSpec


def wide_pod(sidecars: int) -> ProbedContainer:
    """The mesh pod's app and `sidecars` native-sidecar proxies, each probed on its own port
    (readiness every 5 s, liveness every 10 s)."""
    others = tuple(ContainerSpec.model_validate({
        "name": f"proxy{i}", "sidecar": True, "ports": [{"containerPort": 15021 + i}],
        "readinessProbe": {"httpGet": {"path": "/ready", "port": 15021 + i}, "periodSeconds": 5},
        "livenessProbe": {"httpGet": {"path": "/live", "port": 15021 + i},
                          "periodSeconds": 10}}) for i in range(sidecars))
    return ProbedContainer(mesh_pod().container, others=others, object_kind="Pod",
                           object_name="wide", source="<parks>")


# the app's process stalls for 45 s: its liveness (3 x 10 s) kills it and the pod worker
# starts it again, while the proxies stay parked; outages behind its readiness too
KILLED = Scenario.from_dict({
    "dependencies": {"db": {"down": [{"from": 1800, "to": 1900}]}},
    "targets": {"/readyz": {"answer": {"status": 200, "latency_ms": 3}, "depends_on": ["db"],
                            "when_down": {"status": 503}}},
    "stalls": [{"from": 3000, "to": 3045, "container": "app"}]})


def parked_run(pod: ProbedContainer, behaviour: Any, *, duration: float,
               seed: int) -> tuple[Any, jumps.Jumper]:
    """A run with parks, on the fast scheduler, and its jumper (settled)."""
    sched = make_scheduler("fast")
    handle = launch_pod(sched, pod, behaviour, duration=duration, seed=seed,
                        profile=profile_from(), phase=None, keep_probes=True, park=True)
    sched.run(until=duration)
    jumper = sched.on_quiet
    assert isinstance(jumper, jumps.Jumper)
    jumper.settle()
    return handle.timeline, jumper


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sidecars_parked_through_the_apps_kill_same_document(seed: int) -> None:
    """Eight proxies parked while the app is killed and restarted: the proxies' records
    (one run each to the end), the app's and the pod's are the reference's (R4.1, R1.14)."""
    pod = wide_pod(8)
    parked, jumper = parked_run(pod, KILLED, duration=7200.0, seed=seed)
    assert len(jumper.parks) >= 8  # every proxy parked
    assert parked.summary().kills == 1
    ref = simulate(pod, KILLED, duration=7200.0, seed=seed, engine="simpy", whole_pod=True)
    assert render_json(parked) == render_json(ref)


def test_a_park_whose_container_changed_fails_its_settling() -> None:
    """`settle` refuses a park whose container changed after it was parked."""
    _, jumper = parked_run(wide_pod(2), KILLED, duration=3600.0, seed=1)
    park = jumper.parks[0]
    jumper.kubelet.units[park.index].status.ready = False
    with pytest.raises(Unparked):
        jumper.settle()


def test_a_parked_worker_woken_by_a_trigger_ends_the_speculation() -> None:
    """A readiness trigger would wake a parked worker early (R1.13): the scheduler refuses."""
    _, jumper = parked_run(wide_pod(2), KILLED, duration=3600.0, seed=1)
    unit = jumper.kubelet.units[jumper.parks[0].index]
    worker = next(iter(unit.manager.workers.values()))
    worker.trigger_pending = False
    with pytest.raises(Unparked):
        worker.trigger()


def test_a_failed_park_runs_again_from_the_generators_start() -> None:
    """With no kubelet latency the app's kill falls on the instant a parked proxy's call
    ends (one grid, answers without latency), so which came first is not known and the
    parks fail (`Jumper.settle`); `run_model` then makes the run again without parks, its
    generator put back in the state it started in: the document is the reference's."""
    ideal = profile_from(ideal=True)
    sched = make_scheduler("fast")
    launch_pod(sched, wide_pod(2), KILLED, duration=7200.0, seed=1, profile=ideal, phase=None,
               keep_probes=True, park=True)  # the first try of run_model's below
    sched.run(until=7200.0)
    jumper = sched.on_quiet
    assert isinstance(jumper, jumps.Jumper) and jumper.parks
    with pytest.raises(Unparked):
        jumper.settle()
    got = run_model(wide_pod(2), KILLED, duration=7200.0, seed=1, profile=ideal, phase=None,
                    engine="fast", keep_probes=True, box=None, rng=np.random.default_rng(1))
    ref = simulate(wide_pod(2), KILLED, duration=7200.0, seed=1, profile=ideal,
                   engine="simpy", whole_pod=True)
    assert render_json(got) == render_json(ref)


def test_no_parks_where_a_container_may_stop_for_good() -> None:
    """Under restartPolicy OnFailure the pod may end (its sidecars stopped, R4.23): no
    parks are tried, so no run is made twice."""
    pod = ProbedContainer(wide_pod(2).container, others=wide_pod(2).others,
                          restart_policy="OnFailure", object_kind="Pod", object_name="wide")
    _, jumper = parked_run(pod, KILLED, duration=3600.0, seed=1)
    assert jumper.parks == [] and jumper.no_park_before is None
    assert compile_behaviour(KILLED)[1] is not None  # jumps apply: only parks are off


def test_with_every_container_parked_the_resyncs_are_still_jumped() -> None:
    """Once the app is parked too (after its last stall), the pod worker's idle resyncs are
    jumped as before (R1.15): a day with parks takes no more scheduler steps than without."""
    scenario = Scenario.from_dict({"stalls": [{"from": 600, "to": 645, "container": "app"}]})
    steps = []
    for park in (False, True):
        sched = make_scheduler("fast")
        launch_pod(sched, wide_pod(4), scenario, duration=86400.0, seed=3,
                   profile=profile_from(), phase=None, keep_probes=False, park=park)
        sched.run(until=86400.0)
        jumper = sched.on_quiet
        assert isinstance(jumper, jumps.Jumper)
        jumper.settle()
        steps.append(sched.steps)
    assert len(jumper.parks) == 5  # the app and the four proxies
    assert steps[1] <= steps[0]
