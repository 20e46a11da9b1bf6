"""The work budget's estimate of pods of several containers against the work the engine does
(issue 31 item 4).

`tests/test_budget.py` holds `run_work` above the counted work of generated one-container
pods; here the pods have three to six containers, each probed on its own port (or on the
first container's: the process that listens answers, R2.5), against scenarios whose outages,
windows, slow starts, stalls and exits touch some containers and not others: what the
estimate reads probe by probe (which target spec answers each probe, which process a stall
holds, which probes can kill, which calls are answered at once, which containers `simulate`
parks). The counted work is the engine's own count (`HeapScheduler.steps`, `jumped_resyncs`,
`visits`, `plans`), the run made as `simulate` makes it: parked, and made again without parks
when a park failed (both counted); and as a sweep or fleet makes it, without parks.
"""

from __future__ import annotations

from typing import Any

from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubesim.analysis.budget import JUMPED_RESYNC, PLAN, STEPS_PER_UNIT, VISIT, run_work
from kubesim.behaviour.scenario import Scenario
from kubesim.engine.heap_scheduler import Unparked
from kubesim.engine.jumps import Jumper
from kubesim.engine.simulate import launch_pod, make_scheduler
from kubesim.kubelet.settings import profile_from
from kubesim.spec.model import ProbedContainer, parse_container

PROFILES = [profile_from(), profile_from(ideal=True),
            profile_from(overrides={"name": "short-backoff", "backoff_initial": 1,
                                    "backoff_max": 8})]
PATHS = ["/healthz", "/ready"]


@st.composite
def probes(draw: st.DrawFn, port: int) -> dict[str, Any]:
    """Liveness and readiness (each maybe), maybe a startup probe, on `port`."""
    out: dict[str, Any] = {}
    for field in ("livenessProbe", "readinessProbe", "startupProbe"):
        if draw(st.integers(0, 3 if field == "startupProbe" else 1)) != 0:
            continue
        probe: dict[str, Any] = {
            "httpGet": {"path": draw(st.sampled_from(PATHS)), "port": port},
            "periodSeconds": draw(st.integers(1, 15)),
            "timeoutSeconds": draw(st.integers(1, 3)),
            "failureThreshold": draw(st.integers(1, 5)),
            "initialDelaySeconds": draw(st.sampled_from([0, 0, 5, 20]))}
        if field == "readinessProbe":
            probe["successThreshold"] = draw(st.integers(1, 3))
        out[field] = probe
    return out


@st.composite
def wide_pods(draw: st.DrawFn) -> ProbedContainer:
    """Three to six containers `c0`..., each declaring port 8080 + its index and probing it
    (or c0's port 8080: c0's process answers, R2.5), the first few maybe native sidecars."""
    n = draw(st.integers(3, 6))
    specs = []
    for i in range(n):
        port = 8080 if i and draw(st.integers(0, 4)) == 0 else 8080 + i
        data = {"name": f"c{i}", "ports": [{"containerPort": 8080 + i}],
                **draw(probes(port))}
        specs.append(parse_container(data, sidecar=i > 0 and draw(st.integers(0, 3)) == 0))
    return ProbedContainer(specs[0], others=tuple(specs[1:]), position=0,
                           object_kind="Pod", object_name="wide", source="<wide>")


def _answer(draw: st.DrawFn, *, failing: bool = False) -> dict[str, Any]:
    answer: dict[str, Any] = {"latency_ms": draw(st.sampled_from([0, 0, 2, 30]))}
    if failing:
        answer["status"] = 503
    elif draw(st.integers(0, 5)) == 0:
        answer["latency_ms"] = {"distribution": "uniform", "low": 1, "high": 5}
    return answer


def _span(draw: st.DrawFn) -> dict[str, float]:
    start = draw(st.sampled_from([0, 30, 200, 700, 2000]))
    return {"from": start, "to": start + draw(st.sampled_from([5, 40, 150, 400]))}


@st.composite
def touching_scenarios(draw: st.DrawFn, pod: ProbedContainer) -> Scenario:
    """Targets of some containers (by their scoped keys) with outages of a database,
    failing windows and slow starts; maybe a default for the rest; stalls (or hangs) of one
    container's process or of all; maybe one container's exit."""
    names = [c.name for c in pod.containers]
    targets: dict[str, Any] = {}
    for i, name in enumerate(names):
        if draw(st.booleans()):
            continue
        spec: dict[str, Any] = {"answer": _answer(draw)}
        how = draw(st.sampled_from(["db", "window", "slow start", "none"]))
        if how == "db":
            spec |= {"depends_on": ["db"], "when_down": _answer(draw, failing=True)}
        elif how == "window":
            spec["windows"] = [{**_span(draw), "answer": _answer(draw, failing=True)}]
        elif how == "slow start":
            spec["since_start"] = [{"from": 0, "to": draw(st.sampled_from([5, 60])),
                                    "answer": _answer(draw, failing=True)}]
        for path in PATHS:
            targets[f"{name}:{8080 + i}{path}"] = spec
    if draw(st.booleans()):
        targets["*"] = {"answer": {"status": 200, "latency_ms": draw(st.sampled_from([0, 1]))}}
    data: dict[str, Any] = {"targets": targets,
                            "dependencies": {"db": {"down": [_span(draw) for _ in range(
                                draw(st.integers(0, 3)))]}}}
    stalls = []
    for _ in range(draw(st.integers(0, 2))):
        stall: dict[str, Any] = _span(draw)
        if draw(st.integers(0, 3)) == 0:
            stall = {"since_start": stall["from"], "duration": stall["to"] - stall["from"]}
        if draw(st.integers(0, 4)) == 0:  # a hang: to the end of the run
            stall["to" if "to" in stall else "duration"] = None
        who = draw(st.sampled_from([None, *names]))
        stalls.append(stall if who is None else {**stall, "container": who})
    if stalls:
        data["stalls"] = stalls
    if draw(st.integers(0, 4)) == 0:
        data["exit"] = [{"after_seconds": draw(st.sampled_from([30, 600])), "code": 1,
                         "container": draw(st.sampled_from(names))}]
    return Scenario.from_dict(data)


def counted(pod: ProbedContainer, behaviour: Scenario, duration: float, profile: Any,
            seed: int, park: bool) -> float:
    """The work one fast run really did, in the budget's units: as `simulate` runs it
    (`park`: made again without parks if a park failed, both counted) or as a sweep does."""
    sched = make_scheduler("fast")
    launch_pod(sched, pod, behaviour, duration=duration, seed=seed, profile=profile,
               phase=None, keep_probes=False, park=park)
    sched.run(until=duration)
    work = (sched.steps / STEPS_PER_UNIT + sched.jumped_resyncs * JUMPED_RESYNC
            + sched.visits * VISIT + sched.plans * PLAN)
    if park and isinstance(sched.on_quiet, Jumper):
        try:
            sched.on_quiet.settle()
        except Unparked:
            work += counted(pod, behaviour, duration, profile, seed, park=False)
    return work


@settings(max_examples=examples(100), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data(), profile=st.sampled_from(PROFILES),
       duration=st.sampled_from([300.0, 900.0, 3600.0]), seed=st.integers(0, 3),
       park=st.booleans())
def test_the_estimate_bounds_what_a_pod_of_several_containers_does(data, profile, duration,
                                                                    seed, park):
    pod = data.draw(wide_pods())
    scenario = data.draw(touching_scenarios(pod))
    actual = counted(pod, scenario, duration, profile, seed, park)
    estimate = run_work(pod, scenario, duration, profile, parks=park)
    assert actual <= estimate, (actual, estimate, park, profile.name)


DAY = 86400.0
OUTAGES = [(3_600, 3_660), (14_400, 14_580), (28_800, 29_100), (50_400, 50_520),
           (72_000, 72_240)]
STALLS = [(10_000, 10_002), (40_000, 40_008), (61_000, 61_045)]


def _day_pod(proxies: int) -> ProbedContainer:
    """benchmarks/bench_day.py's container (the seed skeleton's probes every 2, 10 and 5 s)
    and `proxies` native sidecars like bench_pod_day.py's (readiness every 5 s, liveness
    every 10 s, each on its own port)."""
    def probe(path: str, port: int, period: int, **more: int) -> dict[str, Any]:
        return {"httpGet": {"path": path, "port": port}, "periodSeconds": period,
                "timeoutSeconds": 1, **more}
    app = parse_container({
        "name": "app", "ports": [{"name": "http", "containerPort": 8000}],
        "startupProbe": probe("/livez", 8000, 2, failureThreshold=30),
        "livenessProbe": probe("/livez", 8000, 10, failureThreshold=3),
        "readinessProbe": probe("/readyz", 8000, 5, failureThreshold=2, successThreshold=2)})
    sidecars = tuple(parse_container({
        "name": f"proxy{i}", "ports": [{"containerPort": 15021 + i}],
        "readinessProbe": probe("/healthz/ready", 15021 + i, 5),
        "livenessProbe": probe("/healthz/live", 15021 + i, 10)}, sidecar=True)
        for i in range(1, proxies + 1))
    return ProbedContainer(app, others=sidecars, position=0, object_kind="Pod",
                           object_name="day", source="<day>")


def _day_scenario(stalled: str | None = "app") -> Scenario:
    """bench_day.py's day: five database outages behind /readyz, three stalls of the app's
    process (the 45 s one outlasts liveness's 3 x 10 s: a kill and a restart), or with
    `stalled` None of every container's process."""
    stall = {} if stalled is None else {"container": stalled}
    return Scenario.from_dict({
        "shutdown_seconds": 0.3,
        "dependencies": {"db": {"down": [{"from": a, "to": b} for a, b in OUTAGES]}},
        "targets": {"/readyz": {"answer": {"status": 200, "latency_ms": 3},
                                "depends_on": ["db"],
                                "when_down": {"status": 503, "latency_ms": 5}},
                    "/livez": {"answer": {"status": 200, "latency_ms": 1}}},
        "stalls": [{"from": a, "to": b, **stall} for a, b in STALLS]})


def test_a_day_of_one_and_of_fifty_containers_is_estimated_within_twice_its_work():
    """Issue 31 item 4: bench_day's day and bench_pod_day's fifty-container day (the same
    app beside 49 probed sidecars, which `simulate` parks) are estimated above the work
    their runs count and within 2 times of it with the run's setup (SETUP): the outages
    disturb only the readiness probe they answer, which cannot kill, and the proxies answer
    at once (before: about 7 and 4 times)."""
    from kubesim.analysis.budget import SETUP
    profile = profile_from()
    for proxies in (0, 49):
        pod = _day_pod(proxies)
        actual = counted(pod, _day_scenario(), DAY, profile, 0, park=True)
        estimate = run_work(pod, _day_scenario(), DAY, profile, parks=True)
        assert actual <= estimate <= 2 * (actual + SETUP), (proxies, actual, estimate)


def test_a_day_of_fifty_containers_stalled_in_every_process_is_within_twice_its_work():
    """Issue 31 item 4: the same day with the stalls in every container's process (all 50
    killed by liveness in the 45 s one, R1.17, R4.1; none parked). The jumps look at every
    worker after the steps of the stalls and starts, but not through an outage behind the
    app's readiness probe alone, which the other workers are jumped around (counted as
    such, it was 2.2 times the work)."""
    from kubesim.analysis.budget import SETUP
    profile, pod, scenario = profile_from(), _day_pod(49), _day_scenario(None)
    actual = counted(pod, scenario, DAY, profile, 0, park=True)
    estimate = run_work(pod, scenario, DAY, profile, parks=True)
    assert actual <= estimate <= 2 * (actual + SETUP), (actual, estimate)


def test_a_run_whose_park_fails_is_estimated_as_made_twice():
    """A container whose probes another container's process answers (R2.5: c1 and c2 ask
    c0's port) is parked while that process runs; c0's liveness kills it in a failing window
    (R1.17, R4.1), the park fails, and `simulate` makes the run again without parks (`Unparked`):
    the estimate with parks counts both runs (it counted one: the hypothesis example that
    found it, shrunk)."""
    def probe(port: int) -> dict[str, Any]:
        return {"httpGet": {"path": "/healthz", "port": port}, "periodSeconds": 1,
                "failureThreshold": 1}
    c0 = parse_container({"name": "c0", "ports": [{"containerPort": 8080}],
                          "livenessProbe": probe(8080), "readinessProbe": probe(8080)})
    c1 = parse_container({"name": "c1", "ports": [{"containerPort": 8081}],
                          "startupProbe": probe(8080)})
    c2 = parse_container({"name": "c2", "ports": [{"containerPort": 8082}],
                          "livenessProbe": probe(8080)}, sidecar=True)
    pod = ProbedContainer(c0, others=(c1, c2), position=0, object_kind="Pod",
                          object_name="borrowed", source="<borrowed>")
    drawn = {"latency_ms": {"distribution": "uniform", "low": 1, "high": 5}}
    scenario = Scenario.from_dict({"targets": {"c0:8080/healthz": {
        "answer": drawn, "windows": [{"from": 30, "to": 35, "answer": {"status": 503}}]}}})
    profile = profile_from()
    actual = counted(pod, scenario, 300.0, profile, 0, park=True)
    assert counted(pod, scenario, 300.0, profile, 0, park=False) < actual  # made twice
    assert actual <= run_work(pod, scenario, 300.0, profile, parks=True)


def test_a_crash_loop_stepped_all_along_counts_the_jumps_tries():
    """A native sidecar whose answers fail for the first 60 s of every life is killed by
    liveness in each (R1.17, R4.1) and restarted after a short back-off (R4.8-R4.10): the
    run is stepped all along, but its constant failing answers hold the jumps' tries off
    only to the probe's next tick, each a plan of every worker. The estimate counts them
    (it took the run as never tried: 7,396 units against 7,831 counted; a shrunk form of a
    generated pod of the property test above, found with 600 examples)."""
    def probe(port: int, period: int, **more: int) -> dict[str, Any]:
        return {"httpGet": {"path": "/healthz", "port": port}, "periodSeconds": period,
                **more}
    app = parse_container({"name": "app", "ports": [{"containerPort": 8080}],
                           "livenessProbe": probe(8080, 9, failureThreshold=1),
                           "readinessProbe": probe(8080, 10)})
    proxy = parse_container({"name": "proxy", "ports": [{"containerPort": 8081}],
                             "livenessProbe": probe(8081, 6, failureThreshold=2),
                             "readinessProbe": probe(8081, 1, initialDelaySeconds=5)},
                            sidecar=True)
    pod = ProbedContainer(app, others=(proxy,), position=0, object_kind="Pod",
                          object_name="loop", source="<loop>")
    drawn = {"latency_ms": {"distribution": "uniform", "low": 1, "high": 5}}
    scenario = Scenario.from_dict({"targets": {"proxy:8081/healthz": {
        "answer": drawn,
        "since_start": [{"from": 0, "to": 60, "answer": {"status": 503, "latency_ms": 2}}]}}})
    profile = PROFILES[2]  # short-backoff: 1 s to 8 s
    assert counted(pod, scenario, 3600.0, profile, 0, park=False) <= run_work(
        pod, scenario, 3600.0, profile)
