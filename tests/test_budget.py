"""The work budget's estimate against the work the engine really does (issue 18 item 4).

`kubesim.analysis.budget.run_work` must bound, before a run starts, the events the fast
scheduler then takes off its heap (`HeapScheduler.steps`, two per stepped probe call) plus
the resyncs it draws inside jumped stretches (`HeapScheduler.jumped_resyncs`) — over generated
pods, scenarios and kubelet profiles — and stay within a sane factor of it, so that honest work
is not refused. The reference scheduler and a fleet are held to the same bound.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from helpers import examples, mesh_pod, pod
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kubesim.analysis.budget import (
    JUMPED_RESYNC,
    PLAN,
    RECORD,
    SIMPY,
    STEPS_PER_UNIT,
    VISIT,
    calls,
    run_work,
    sync_gap,
)
from kubesim.behaviour.answer import HEALTHY
from kubesim.behaviour.scenario import Scenario, load_scenario
from kubesim.engine.simulate import launch_pod, make_scheduler
from kubesim.kubelet.settings import profile_from
from kubesim.spec.manifests import load_spec
from kubesim.testing import dump_scenario
from kubesim.testing import strategies as ks

REPO = Path(__file__).resolve().parent.parent
SEED_SPEC = str(REPO / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")

PROFILES = [profile_from(), profile_from(ideal=True), profile_from("legacy"),
            profile_from("1.35"),
            profile_from(overrides={"name": "short-backoff", "backoff_initial": 1,
                                    "backoff_max": 8}),
            profile_from(overrides={"name": "exact", "backoff_requeue": "exact",
                                    "relist_seconds": 0.5}),
            profile_from(ideal=True, overrides={"name": "resync-0.5", "resync_seconds": 0.5}),
            profile_from(overrides={"name": "stepped", "resync_seconds": 1,
                                    "relist_seconds": 1})]


@st.composite
def behaviours(draw):
    """The healthy app, or a drawn scenario, maybe with timed exits (of their own, or while
    the database is down) and a deletion of the pod."""
    if draw(st.integers(0, 5)) == 0:
        return HEALTHY
    data = dump_scenario(draw(ks.scenarios(max_start=400)))
    how = draw(st.sampled_from(["none", "none", "after", "while_down"]))
    if how == "after":
        data["exit"] = [{"after_seconds": draw(st.sampled_from([0, 5, 30, 200]))}]
    elif how == "while_down" and data.get("dependencies", {}).get("db"):
        data["exit"] = [{"while_down": "db", "code": 137}]
    if draw(st.integers(0, 4)) == 0:
        data["delete"] = {"at": draw(st.sampled_from([10, 100, 500]))}
    return Scenario.from_dict(data)


def counted(pod, behaviour, duration, profile, seed):
    """The work one fast run really did, in the budget's units."""
    sched = make_scheduler("fast")
    launch_pod(sched, pod, behaviour, duration=duration, seed=seed, profile=profile,
               phase=None, keep_probes=False)
    sched.run(until=duration)
    return (sched.steps / STEPS_PER_UNIT + sched.jumped_resyncs * JUMPED_RESYNC
            + sched.visits * VISIT + sched.plans * PLAN)


# a pod held out of Ready by its one readiness probe, whose database never comes up
READINESS_ONLY = pod(ports=[{"name": "http", "containerPort": 8080}],
                     readinessProbe={"httpGet": {"path": "/healthz", "port": 8080},
                                     "periodSeconds": 10, "failureThreshold": 3})
DB_NEVER_UP = Scenario.from_dict({
    "dependencies": {"db": {"down": [{"from": 0, "to": None}]}},
    "targets": {"/healthz": {"answer": {"status": 200, "latency_ms": 0}, "depends_on": ["db"],
                             "when_down": {"status": 503, "latency_ms": 0}}}})


@settings(max_examples=examples(150), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(pod=st.one_of(ks.pods(ks.containers(max_period=30, max_failure_threshold=6,
                                            max_initial_delay=60)),
                     ks.pods(sidecars=True)),
       scenario=behaviours(),
       profile=st.sampled_from(PROFILES), duration=st.sampled_from([60.0, 300.0, 900.0]),
       seed=st.integers(0, 3))
# Not Ready from the start (the database never comes up) with a resync every 0.5 s: every
# sync triggers the readiness probe (E6) and a stretch stops before it, so nothing is jumped;
# the estimate jumped the constant downtime (985.555 > 565.52, found by the soak)
@example(pod=READINESS_ONLY, scenario=DB_NEVER_UP,
         profile=next(p for p in PROFILES if p.name == "resync-0.5+ideal"), duration=300.0,
         seed=0)
# Not Ready all day under the classic profile (resync about every 60 s): every resync
# triggers the readiness probe (E6, R1.13) and ends a jump, which the estimate did not
# count (2,475.79 > 374.22)
@example(pod=READINESS_ONLY, scenario=DB_NEVER_UP,
         profile=PROFILES[0], duration=86400.0, seed=0)
def test_the_estimate_bounds_what_a_run_does(pod, scenario, profile, duration, seed):
    actual = counted(pod, scenario, duration, profile, seed)
    estimate = run_work(pod, scenario, duration, profile)
    assert actual <= estimate, (actual, estimate, pod, scenario, profile.name)


@pytest.mark.parametrize("after", [0.1, 0.5, 5.0])
def test_the_estimate_bounds_a_pod_restarted_in_place_without_back_off(after):
    """R4.35: a RestartAllContainers rule restarts the whole pod with no back-off, as often
    as its container exits: the estimate counts one restart of every container per life
    (`reset_bound`), never a back-off's crash loop, which would put a loop 100 ms apart an
    hour under its work."""
    spec = load_spec(str(REPO / "examples" / "restart-rules" / "restart-all-containers.yaml"))
    sc = Scenario.from_dict({"exit": [{"after_seconds": after, "code": 42,
                                       "container": "trainer"}]})
    profile = profile_from("1.36", ideal=True)
    actual = counted(spec, sc, 600.0, profile, 0)
    assert actual <= run_work(spec, sc, 600.0, profile), (after, actual)


def test_the_estimate_stays_within_a_sane_factor_of_the_work():
    """Over the seed's sweep (40 settings of period and outage, 3 phases each), the estimate
    is nowhere below the counted work, and in all within 2 times of it with each run's
    setup (SETUP: the scheduler, kubelet and workers made before the first event, which the
    steps do not see; benchmarks/bench_budget.py times it) (issue 31 item 4; 8 times
    before)."""
    from kubesim.analysis.budget import SETUP
    from kubesim.analysis.sweep.grid import apply_point
    pod0, sc0 = load_spec(SEED_SPEC, None), load_scenario(OUTAGE)
    profile = profile_from()
    total_est = total_actual = 0.0
    runs = 0
    for period in range(1, 31, 3):
        for length in range(30, 301, 90):
            pod, sc = apply_point(pod0, sc0, {"livenessProbe.periodSeconds": period,
                                              "outage.db.length": length})
            for seed in range(3):
                actual = counted(pod, sc, 3600.0, profile, seed)
                estimate = run_work(pod, sc, 3600.0, profile)
                assert actual <= estimate, (period, length, seed, actual, estimate)
                total_est, total_actual = total_est + estimate, total_actual + actual
                runs += 1
    assert total_est <= 2 * (total_actual + SETUP * runs), (total_est, total_actual, runs)


@pytest.mark.parametrize("engine", ["fast", "simpy"])
def test_a_stepped_run_is_estimated_at_every_call_and_sync(engine):
    """A latency drawn from a distribution is stepped call by call on either scheduler:
    the estimate is the nominal calls and syncs (the reference scheduler's at its cost)."""
    pod = load_spec(SEED_SPEC, None)
    drawn = Scenario.from_dict({"targets": {"/healthz": {"answer": {
        "status": 200, "latency_ms": {"distribution": "uniform", "low": 1, "high": 5}}}}})
    profile = profile_from()
    estimate = run_work(pod, drawn, 3600.0, profile, engine=engine)
    fast = run_work(pod, drawn, 3600.0, profile)
    nominal = calls(pod, 3600.0) + 3600.0 / sync_gap(profile, restarts=True)
    assert nominal <= fast <= 3 * nominal
    assert estimate == pytest.approx(fast * (SIMPY if engine == "simpy" else 1.0))
    assert counted(pod, drawn, 3600.0, profile, 0) <= fast


def test_kubelet_syncs_count_when_the_resync_is_short():
    """--ideal with resync_seconds=0.001 syncs 1,000 times a second and the relist never holds
    a sync back (R4.3): 60 s are 60,000 syncs, which the estimate counts (the run is stepped:
    the relist is not shorter than the resync by the jump margin)."""
    pod = load_spec(SEED_SPEC, None)
    profile = profile_from(ideal=True, overrides={"resync_seconds": 0.001})
    actual = counted(pod, HEALTHY, 60.0, profile, 0)
    estimate = run_work(pod, HEALTHY, 60.0, profile)
    assert actual >= 60.0 / 0.001 / 2  # the syncs did happen
    assert actual <= estimate <= 2 * actual  # issue 31 item 4 (5 times before)


def test_a_run_that_keeps_its_records_costs_every_nominal_call():
    pod = load_spec(SEED_SPEC, None)
    profile = profile_from()
    kept = run_work(pod, HEALTHY, 1e6, profile, keep=True)
    assert kept >= RECORD * calls(pod, 1e6)
    assert run_work(pod, HEALTHY, 1e6, profile) < calls(pod, 1e6) / 50


def test_a_long_healthy_run_jumps_but_counts_its_resyncs():
    pod = load_spec(SEED_SPEC, None)
    profile = profile_from()
    actual = counted(pod, HEALTHY, 1e6, profile, 0)
    estimate = run_work(pod, HEALTHY, 1e6, profile)
    assert actual <= estimate <= 2 * actual  # issue 31 item 4 (10 times before)
    assert math.isclose(estimate, JUMPED_RESYNC * 1e6 / 60, rel_tol=0.5)


def test_the_seed_sweep_of_an_hour_is_within_the_default_budget():
    """Issue 18: `sweep --set livenessProbe.periodSeconds=1..30 --set
    outage.db.length=30..300:30 --duration 3600` (about 10 s of work) was refused as 27 M
    nominal calls; counted as the engine runs it, it is within the default budget, and the
    estimate is above what 20 phases of a sample of its points really do."""
    from kubesim.analysis.budget import DEFAULT_MAX_WORK
    from kubesim.analysis.sweep.grid import SweepSpec, apply_point, expand_grid, parse_setting
    from kubesim.analysis.sweep.run import sweep_work
    settings = [parse_setting("livenessProbe.periodSeconds=1..30"),
                parse_setting("outage.db.length=30..300:30")]
    points = expand_grid(settings)
    pod, sc = load_spec(SEED_SPEC, None), load_scenario(OUTAGE)
    spec = SweepSpec(pod=pod, behaviour=sc, duration=3600.0, phases=20)
    estimate = sweep_work(spec, points)
    assert len(points) * 20 * calls(pod, 3600.0, {"livenessProbe": 1}) > 4 * DEFAULT_MAX_WORK
    assert estimate <= DEFAULT_MAX_WORK
    sample = points[::37]
    counted_work = sum(counted(*apply_point(pod, sc, p), 3600.0, profile_from(), seed)
                       for p in sample for seed in range(20))
    assert counted_work <= sweep_work(spec, sample)


def test_a_fleet_counts_every_replica_and_the_load_model_more():
    from kubesim.analysis.budget import PLACE_PER_NODE, fleet_work
    pod, sc, profile = load_spec(SEED_SPEC, None), load_scenario(OUTAGE), profile_from()
    one = run_work(pod, sc, 600.0, profile)
    assert fleet_work(pod, sc, 600.0, profile, replicas=7) == pytest.approx(
        7 * (one + PLACE_PER_NODE * 7))  # each pod placed, every node scored
    # 2,000 pods on 2,000 nodes: placing them is 4 M node scores (about 9 s before #18)
    assert fleet_work(pod, sc, 60.0, profile, replicas=2000, nodes=2000) > 2000**2 * 0.1
    loaded = fleet_work(pod, sc, 600.0, profile, replicas=7, loaded=True)
    more = fleet_work(pod, sc, 600.0, profile, replicas=70, loaded=True)
    assert loaded > 7 * one and more > 10 * loaded  # every call reads every replica


def test_the_fleet_estimate_bounds_each_replica_run(monkeypatch):
    """A fleet without load runs each replica as its own pod on its own scheduler: each
    replica's counted work is within the per-replica estimate."""
    import kubesim.fleet.run as fleet_run
    from kubesim.fleet.settings import FleetSettings
    pod, sc, profile = load_spec(SEED_SPEC, None), load_scenario(OUTAGE), profile_from()
    made = []

    def recording(engine):
        made.append(make_scheduler(engine))
        return made[-1]
    monkeypatch.setattr(fleet_run, "make_scheduler", recording)
    fleet_run.simulate_fleet(pod, sc, FleetSettings(replicas=4, start_spread=20.0),
                             duration=900.0, profile=profile, record_probes=False)
    per_replica = run_work(pod, sc, 900.0, profile)
    assert len(made) == 4
    for sched in made:
        assert sched.steps / STEPS_PER_UNIT + sched.jumped_resyncs * JUMPED_RESYNC <= per_replica


@pytest.mark.parametrize("scenario", [
    HEALTHY,
    Scenario.from_dict({"exit": [{"after_seconds": 3600, "code": 0, "container": "worker"}]}),
    Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 1000, "to": 1300}]}},
        "targets": {"/livez": {"depends_on": ["db"], "when_down": {"status": 503}}},
        "exit": [{"after_seconds": 2000, "code": 1, "container": "worker"}]}),
], ids=["healthy", "worker-exits", "outage-and-exit"])
def test_a_pod_of_several_containers_is_estimated_as_jumped(scenario):
    """Issue 19 item 8: the fast scheduler jumps pods of any shape, and the estimate follows:
    it bounds the counted work, and over four mostly quiet hours it is a fraction of the
    estimate of the same run stepped (every call and sync)."""
    pod, profile = mesh_pod(), profile_from()
    estimate = run_work(pod, scenario, 4 * 3600.0, profile)
    for seed in range(3):
        assert counted(pod, scenario, 4 * 3600.0, profile, seed) <= estimate
    assert estimate < run_work(pod, scenario, 4 * 3600.0, profile, jumps=False) / 4


def test_a_wide_pod_is_estimated_as_jumped_within_twice_its_work_looked_at_included():
    """Issue 31 item 4: a pod of 300 containers (600 probes) is jumped, and what it costs
    beyond its steps is the jumps' looking at every worker (`visits`, `plans`): counted, the
    hour's estimate is within 2 times of it. A day of it costs the same (once every container
    has started one after another, R4.24, the whole pod is one stretch): the estimate stays
    within 2 times, where estimating the pod as stepped (every call and sync of the day) was
    more than 20 times over."""
    many = REPO / "tests" / "hostile_inputs" / "spec_300_containers.yaml"
    pod, profile = load_spec(str(many), None), profile_from()
    for duration in (3600.0, 86400.0):
        actual = counted(pod, HEALTHY, duration, profile, 0)
        estimate = run_work(pod, HEALTHY, duration, profile)
        assert actual <= estimate <= 2 * actual, (duration, actual, estimate)
    assert estimate < run_work(pod, HEALTHY, 86400.0, profile, jumps=False) / 20




def test_a_wide_pod_whose_scenario_touches_one_container_is_estimated_with_its_parks(tmp_path):
    """Issue 31 item 4: `simulate` parks the steady containers of a wide pod (the proxies,
    which no outage touches), and `kubesim run` estimates the run so: above the work the
    parked run counts (made again without parks if one failed: both counted), and a
    fraction of the same run's estimate without parks (a sweep's or fleet's)."""
    from kubesim.engine.heap_scheduler import Unparked

    lines = ["apiVersion: v1", "kind: Pod", "metadata: {name: wide}", "spec:", "  containers:"]
    for i in range(20):
        path = "/healthz" if i == 0 else "/ready"
        lines += [f"  - name: c{i}", "    image: x:1",
                  f"    livenessProbe: {{httpGet: {{path: {path}, port: {8080 + i}}}}}",
                  f"    readinessProbe: {{httpGet: {{path: {path}, port: {8080 + i}}}, "
                  "periodSeconds: 5}"]
    (tmp_path / "wide.yaml").write_text("\n".join(lines) + "\n")
    pod, profile = load_spec(str(tmp_path / "wide.yaml"), None), profile_from()
    outage = Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 3600 * h + 600, "to": 3600 * h + 700}
                                         for h in range(6)]}},
        "targets": {"c0:8080/healthz": {"depends_on": ["db"],
                                        "when_down": {"status": 503, "latency_ms": 3}}}})
    duration = 6 * 3600.0

    def parked_run(park: bool) -> float:
        sched = make_scheduler("fast")
        launch_pod(sched, pod, outage, duration=duration, seed=0, profile=profile,
                   phase=None, keep_probes=False, park=park)
        sched.run(until=duration)
        work = (sched.steps / STEPS_PER_UNIT + sched.jumped_resyncs * JUMPED_RESYNC
                + sched.visits * VISIT + sched.plans * PLAN)
        try:
            if park:
                sched.on_quiet.settle()
        except Unparked:
            work += parked_run(False)
        return work

    estimate = run_work(pod, outage, duration, profile, parks=True)
    assert parked_run(True) <= estimate
    assert estimate < run_work(pod, outage, duration, profile) / 3
