"""Differential tests: the fast scheduler (a heap that jumps quiet stretches, with the
behaviour's fast look-ups) against the reference simpy scheduler, both running the one kubelet
model. Every output of a run must be identical, byte for byte: the whole JSON document of
`kubesim run --format json` (every probe call, event, Ready change, kill and container), and the
sweep metrics of a counting run (`kubesim.engine.metrics.run_metrics`): restarts, kills, Ready
seconds, first Ready, first Started, back-offs, probe calls and failures per type, time from
hang to kill.

Strategies: the valid pods and scenarios of test_properties.py (random probes within the API's
rules, dependency outages, windows, since-start windows, stalls and hangs, every latency
distribution), plus long runs with sparse outages and constant latencies (where the fast
engine jumps over quiet stretches), recorded traces (replay and wall), and every kubelet
profile with and without the ideal latencies.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_same_document, examples, mesh_pod
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim import (
    HEALTHY,
    AnswerError,
    BehaviourError,
    ContainerSpec,
    ProbedContainer,
    ProbeType,
    RestartPolicy,
    Scenario,
    load_scenario,
    load_spec,
    parse_probe,
    profile_from,
    simulate,
)
from kubesim.behaviour.trace import EXIT_TARGETS, Observation, RestartMode, Trace
from kubesim.engine.metrics import metrics_of, run_metrics, run_metrics_box
from kubesim.engine.simulate import focus
from kubesim.spec.model import ContainerRestartRule

ROOT = Path(__file__).resolve().parent.parent
PROFILES = st.sampled_from([
    profile_from(), profile_from(ideal=True), profile_from("legacy"), profile_from("1.35"),
    profile_from("1.35", ideal=True), profile_from("1.36"), profile_from("1.36", ideal=True),
    profile_from(overrides={"kubelet_recently_started": True}),
    profile_from(overrides={"backoff_requeue": "exact", "relist_seconds": 0.5}),
    profile_from(overrides={"exec_probe_timeout": False, "sync_seconds": 0}),
    profile_from(ideal=True, overrides={"housekeeping_phase": 1.25, "backoff_reset": 120}),
    profile_from(overrides={"failure_run_after_kill": "kept"}),  # before 1.7 (PR #46371)
    profile_from(ideal=True, overrides={"failure_run_after_kill": "one"}),  # 1.7-1.10
])


# ---- strategies (valid probes per §5, scenarios with every feature)
PATHS = ("/livez", "/readyz")
PHASES = st.floats(min_value=0.0, max_value=60.0, exclude_max=True, allow_nan=False)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

# ------------------------------------------------------------------------- probe strategies


@st.composite
def probe_dicts(draw: st.DrawFn, probe_type: ProbeType, path: str | None = None,
                failure_threshold: st.SearchStrategy[int] | None = None,
                port: int = 8080) -> dict[str, Any]:
    """One valid probe mapping (Kubernetes field names) for `probe_type`, httpGet on :8080."""
    readiness = probe_type is ProbeType.READINESS
    data: dict[str, Any] = {
        "httpGet": {"path": path or draw(st.sampled_from(PATHS)), "port": port},
        "initialDelaySeconds": draw(st.integers(0, 20)),
        "periodSeconds": draw(st.integers(1, 30)),
        "timeoutSeconds": draw(st.integers(1, 10)),
        "successThreshold": draw(st.integers(1, 5)) if readiness else 1,  # R5.5
        "failureThreshold": draw(st.integers(1, 10) if failure_threshold is None
                                 else failure_threshold),
    }
    if not readiness and draw(st.booleans()):  # R4.4, R5.6: liveness/startup only
        data["terminationGracePeriodSeconds"] = draw(st.integers(1, 60))
    parse_probe(data, probe_type)  # accepted by the API's rules
    return data


HOOK_TARGET = "exec:warm"  # the exec postStart hook's target (scenario_dicts answers it)


@st.composite
def hook_dicts(draw: st.DrawFn, grace: int, port: int) -> dict[str, Any] | None:
    """A lifecycle handler, or None: a sleep of at most the grace (validateSleepAction), an
    exec hook on HOOK_TARGET, an httpGet hook on a probe path, or the deprecated tcpSocket."""
    kind = draw(st.sampled_from([None, None, "sleep", "httpGet", "exec", "tcpSocket"]))
    if kind == "sleep":
        return {"sleep": {"seconds": draw(st.integers(0, max(grace, 0)))}}
    if kind == "httpGet":
        return {"httpGet": {"path": draw(st.sampled_from(PATHS)), "port": port}}
    if kind == "exec":
        return {"exec": {"command": ["warm"]}}
    if kind == "tcpSocket":
        return {"tcpSocket": {"port": port}}
    return None


@st.composite
def container_dicts(draw: st.DrawFn, *, types: frozenset[ProbeType] | None = None,
                    paths: dict[ProbeType, str] | None = None, name: str = "app",
                    port: int = 8080, grace: int = 30) -> dict[str, Any]:
    """A container mapping with a subset of the three probes (or exactly `types`), and
    sometimes postStart and preStop hooks (sleeps within the pod's `grace`)."""
    if types is None:
        types = frozenset(draw(st.sets(st.sampled_from(list(ProbeType)))))
    data: dict[str, Any] = {"name": name, "ports": [{"containerPort": port, "name": "http"}]}
    for probe_type in ProbeType:
        if probe_type in types:
            data[probe_type.field] = draw(probe_dicts(probe_type, (paths or {}).get(probe_type),
                                                      port=port))
    hook = draw(st.sampled_from([None, None, "sleep", "httpGet", "exec"]))
    lifecycle: dict[str, Any] = {}
    if hook == "sleep":
        lifecycle["preStop"] = {"sleep": {"seconds": draw(st.integers(0, max(grace, 0)))}}
    elif hook == "httpGet":
        lifecycle["preStop"] = {"httpGet": {"path": draw(st.sampled_from(PATHS)),
                                            "port": port}}
    elif hook == "exec":
        lifecycle["preStop"] = {"exec": {"command": ["drain"]}}
    post_start = draw(hook_dicts(grace, port))  # R4.40-R4.42
    if post_start is not None:
        lifecycle["postStart"] = post_start
    if lifecycle:
        data["lifecycle"] = lifecycle
    return data


def make_pod(data: dict[str, Any], grace: int = 30,
             policy: RestartPolicy = RestartPolicy.ALWAYS) -> ProbedContainer:
    return ProbedContainer(container=ContainerSpec.model_validate(data),
                           termination_grace_period_seconds=grace, restart_policy=policy)


GRACES = st.sampled_from([30, 0, 2, 5, 60])
POLICIES = st.sampled_from([RestartPolicy.ALWAYS, RestartPolicy.ALWAYS, RestartPolicy.ON_FAILURE,
                            RestartPolicy.NEVER])


@st.composite
def pods(draw: st.DrawFn, *, policies: bool = False, **kwargs: Any) -> ProbedContainer:
    policy = draw(POLICIES) if policies else RestartPolicy.ALWAYS
    grace = draw(GRACES)
    return make_pod(draw(container_dicts(grace=grace, **kwargs)), grace, policy)


SCOPED = tuple(f"{c}:{port}{path}" for c, port in (("app", 8080), ("side", 9090))
               for path in PATHS)


@st.composite
def two_container_pods(draw: st.DrawFn) -> ProbedContainer:
    """A pod of two probed containers (app on :8080, side on :9090, the same paths, so a
    short key would be ambiguous); either may be the report's focus; sometimes a sidecar."""
    grace = draw(GRACES)
    app = ContainerSpec.model_validate(draw(container_dicts(grace=grace)))
    side = ContainerSpec.model_validate({**draw(container_dicts(name="side", port=9090,
                                                                grace=grace)),
                                         "sidecar": draw(st.booleans())})
    focus = draw(st.booleans())
    units = [side, app] if side.sidecar else [app, side]
    if draw(st.booleans()):  # a plain init container first
        units.insert(0, ContainerSpec.model_validate({"name": "init", "init": True}))
    mine = side if focus else app
    at = units.index(mine)
    return ProbedContainer(container=mine, others=tuple(u for u in units if u is not mine),
                           position=at,
                           termination_grace_period_seconds=grace,
                           restart_policy=draw(POLICIES),
                           readiness_gates=("lb",) if draw(st.booleans()) else ())


def scoped(scenario: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    """The scenario with each path's target given per container by its scoped key."""
    targets = scenario.get("targets", {})
    return {**scenario, "targets": {key: targets.get(key[key.index("/"):], {})
                                    if draw(st.booleans()) else {} for key in SCOPED}}


# ---------------------------------------------------------------------- scenario strategies

MS = st.one_of(st.integers(0, 12_000), st.floats(0, 12_000, allow_nan=False))


def latencies(ms: st.SearchStrategy[float] = MS, *, distributions: bool = True
              ) -> st.SearchStrategy[Any]:
    """`latency_ms`: a constant number, or (if `distributions`) any of the distributions."""
    if not distributions:
        return st.one_of(ms, st.builds(lambda v: {"distribution": "constant", "value": v}, ms))
    return st.one_of(
        ms,
        st.builds(lambda v: {"distribution": "constant", "value": v}, ms),
        st.builds(lambda a, b: {"distribution": "uniform", "low": min(a, b), "high": max(a, b)},
                  ms, ms),
        st.builds(lambda m, s: {"distribution": "normal", "mean": m, "sd": s}, ms,
                  st.integers(0, 3000)),
        st.builds(lambda m, s: {"distribution": "lognormal", "median": m, "sigma": s},
                  st.integers(1, 5000), st.floats(0, 2)),
        st.builds(lambda m: {"distribution": "exponential", "mean": m}, ms),
        st.builds(lambda v: {"distribution": "empirical", "values": v},
                  st.lists(ms, min_size=1, max_size=4)),
    )


def answers(latency: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Any answer: a status (2xx/3xx/4xx/5xx), a redirect to either path or another host
    (R2.10: loops included), a connection error, or no answer at all."""
    return st.one_of(
        st.fixed_dictionaries({"status": st.sampled_from([200, 204, 302, 404, 500, 503])},
                              optional={"latency_ms": latency}),
        st.fixed_dictionaries({"status": st.sampled_from([301, 302, 307]),
                               "location": st.sampled_from(
                                   [*PATHS, "http://elsewhere.example/"])},
                              optional={"latency_ms": latency}),
        st.fixed_dictionaries({"error": st.sampled_from(["refused", "reset", "error"])},
                              optional={"latency_ms": latency}),
        st.just({"error": "timeout"}),
    )


def hook_answers(latency: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """An exec hook's answer: an exit code (0 succeeds), an error, or no answer."""
    return st.one_of(
        st.fixed_dictionaries({"exit_code": st.sampled_from([0, 0, 1, 2])},
                              optional={"latency_ms": latency}),
        st.fixed_dictionaries({"error": st.sampled_from(["refused", "error"])},
                              optional={"latency_ms": latency}),
        st.just({"error": "timeout"}),
    )


def failing_answers(latency: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        st.fixed_dictionaries({"status": st.sampled_from([404, 500, 503])},
                              optional={"latency_ms": latency}),
        st.fixed_dictionaries({"error": st.sampled_from(["refused", "reset"])},
                              optional={"latency_ms": latency}),
        st.just({"error": "timeout"}),
    )


@st.composite
def spans(draw: st.DrawFn, *, horizon: float = 900.0, max_len: float = 300.0,
          open_ended: bool = True) -> dict[str, Any]:
    """A wall-clock `{from, to}`; `to: null` (never ends) if `open_ended`."""
    start = draw(st.floats(0, horizon, allow_nan=False))
    length = draw(st.one_of(st.none(), st.floats(0.001, max_len)) if open_ended
                  else st.floats(0.001, max_len))
    return {"from": start, "to": None if length is None else start + length}


@st.composite
def target_specs(draw: st.DrawFn, latency: st.SearchStrategy[Any],
                 answer: st.SearchStrategy[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A target: default answer, dependency on `db`, wall windows, since_start windows."""
    answer = answers(latency) if answer is None else answer
    spec: dict[str, Any] = {}
    if draw(st.booleans()):
        spec["answer"] = draw(st.one_of(answer, st.fixed_dictionaries(
            {"status": st.just(200)}, optional={"latency_ms": latency})))
    if draw(st.booleans()):
        spec["depends_on"] = ["db"]
        if draw(st.booleans()):
            spec["when_down"] = draw(answer)
    windows = draw(st.lists(st.tuples(spans(open_ended=False), answer), max_size=2))
    if windows:
        spec["windows"] = [{**s, "answer": a} for s, a in windows]
    since = draw(st.lists(st.tuples(spans(horizon=30, max_len=60), st.one_of(
        st.just({"error": "refused"}), answer)), max_size=2))
    if since:
        spec["since_start"] = [{**s, "answer": a} for s, a in since]
    return spec


@st.composite
def stalls(draw: st.DrawFn) -> dict[str, Any]:
    """A wall-clock stall or a since-start stall; either may be a hang (null end)."""
    if draw(st.booleans()):
        return draw(spans(max_len=60))
    return {"since_start": draw(st.floats(0, 120)),
            "duration": draw(st.one_of(st.none(), st.floats(0.001, 60)))}


@st.composite
def scenario_dicts(draw: st.DrawFn, *, latency: st.SearchStrategy[Any] | None = None,
                   with_stalls: bool = True) -> dict[str, Any]:
    """A scenario mapping for Scenario.from_dict: dependency outages, both targets, stalls."""
    latency = latencies() if latency is None else latency
    data: dict[str, Any] = {
        "dependencies": {"db": {"down": draw(st.lists(spans(), max_size=3))}},
        "targets": {key: draw(target_specs(latency)) for key in PATHS},
    }
    if draw(st.booleans()):  # the exec postStart hook: slow, failing, or never done
        data["targets"][HOOK_TARGET] = draw(target_specs(latency, hook_answers(latency)))
    if with_stalls:
        data["stalls"] = draw(st.lists(stalls(), max_size=2))
    if draw(st.booleans()):
        data["shutdown_seconds"] = draw(st.floats(0, 40))
    if draw(st.integers(0, 2)) == 0:
        data["exit"] = draw(exit_rules())
    data.update(draw(deletions(horizon=900)))
    return data


@st.composite
def exit_rules(draw: st.DrawFn, *, horizon: float = 120.0, on_probe: bool = True,
               names: tuple[str, ...] = ("app",)) -> list[dict[str, Any]]:
    """Scenario `exit` rules: timed, while a dependency is down, on a target's first probe."""
    rules = []
    for _ in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(["after", "down", "probe"] if on_probe else ["after", "down"]))
        if kind == "after":
            rule: dict[str, Any] = {"after_seconds": draw(st.floats(0, horizon))}
        elif kind == "down":
            rule = {"while_down": "db"}
            if draw(st.booleans()):
                rule["after_seconds"] = draw(st.floats(0, horizon))
        else:
            rule = {"on_first_probe": draw(st.sampled_from(PATHS))}
        if draw(st.booleans()):
            rule["oom"] = True
        else:
            rule["code"] = draw(st.sampled_from([0, 1, 2, 255]))
        if draw(st.integers(0, 3)) == 0:  # a container the pod has (else: an error)
            rule["container"] = draw(st.sampled_from(names))
        rules.append(rule)
    return rules


@st.composite
def deletions(draw: st.DrawFn, *, horizon: float) -> dict[str, Any]:
    """Sometimes a deletion (with or without a grace override) and a draining app."""
    out: dict[str, Any] = {}
    if draw(st.integers(0, 2)) == 0:
        out["delete"] = {"at": draw(st.floats(0, horizon))}
        if draw(st.booleans()):
            out["delete"]["grace_seconds"] = draw(st.integers(0, 60))
        if draw(st.booleans()):
            out["answers_after_sigterm"] = True
    return out


# ---------------------------------------------------------------------------- the check


def same(pod: Any, behaviour: Any, *, duration: float, seed: int, profile: Any,
         phase: float | None) -> None:
    try:
        ref = simulate(pod, behaviour, duration=duration, seed=seed, profile=profile,
                       phase=phase, engine="simpy", whole_pod=True)
    except BehaviourError as refused:
        # a behaviour the model refuses mid-run (an ideal profile restarting the pod in place
        # for ever at one instant, R4.35): the fast scheduler refuses it with the same words
        with pytest.raises(BehaviourError) as fast_refused:
            simulate(pod, behaviour, duration=duration, seed=seed, profile=profile,
                     phase=phase, whole_pod=True)
        assert str(fast_refused.value) == str(refused)
        return
    fast = simulate(pod, behaviour, duration=duration, seed=seed, profile=profile, phase=phase,
                    whole_pod=True)
    assert_same_document(fast, ref)
    ref = focus(ref, pod)  # what the sweep metrics are about: the focus container
    des = metrics_of(ref, behaviour)
    counted = run_metrics(pod, behaviour, duration=duration, seed=seed, profile=profile,
                          phase=phase)
    assert counted == des, f"\nsimpy   {des}\ncounted {counted}"


@given(pod=pods(policies=True), scenario=scenario_dicts(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(60, 900))
def test_any_scenario_same_metrics(pod: Any, scenario: dict[str, Any], phase: float | None,
                                   seed: int, profile: Any, duration: int) -> None:
    """Any valid pod, any scenario (all latency distributions, stalls, hangs), any profile."""
    same(pod, Scenario.from_dict(scenario), duration=duration, seed=seed, profile=profile,
         phase=phase)


@given(pod=two_container_pods(), scenario=scenario_dicts(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(60, 900), data=st.data())
def test_two_container_pods_same_metrics(pod: Any, scenario: dict[str, Any],
                                         phase: float | None, seed: int, profile: Any,
                                         duration: int, data: st.DataObject) -> None:
    """A pod of two probed containers, targets keyed per container and port."""
    gated = scoped(scenario, data.draw)
    if data.draw(st.booleans()):
        gated["exit"] = data.draw(exit_rules(names=("app", "side")))
    if any(c.init for c in pod.containers) and data.draw(st.booleans()):
        gated["init_containers"] = {"init": {
            "seconds": data.draw(st.floats(0, 30)), "failures": data.draw(st.integers(0, 3)),
            "code": data.draw(st.integers(1, 3))}}
    if data.draw(st.booleans()):
        gated["conditions"] = {"lb": data.draw(st.lists(spans(), max_size=2))}
    same(pod, Scenario.from_dict(gated), duration=duration, seed=seed, profile=profile,
         phase=phase)


@st.composite
def sparse_outages(draw: st.DrawFn) -> dict[str, Any]:
    """Long quiet stretches between a few outages, windows and stalls; constant latencies,
    so the fast engine jumps."""
    lat = latencies(st.integers(0, 3000), distributions=False)
    outages = draw(st.lists(spans(horizon=3000, max_len=400, open_ended=False), max_size=3))
    targets = {}
    for key in PATHS:
        spec: dict[str, Any] = {"answer": {"status": draw(st.sampled_from([200, 200, 302])),
                                           "latency_ms": draw(lat)}}
        if draw(st.booleans()):
            spec["depends_on"] = ["db"]
            spec["when_down"] = draw(failing_answers(lat))
        if draw(st.booleans()):
            spec["windows"] = [{**draw(spans(horizon=3000, max_len=200, open_ended=False)),
                                "answer": draw(failing_answers(lat))}]
        if draw(st.booleans()):
            spec["since_start"] = [{"from": 0, "to": draw(st.floats(0.1, 40)),
                                    "answer": {"error": "refused"}}]
        targets[key] = spec
    data: dict[str, Any] = {"dependencies": {"db": {"down": outages}}, "targets": targets}
    if draw(st.booleans()):
        data["stalls"] = draw(st.lists(st.one_of(spans(horizon=3000, max_len=120), stalls()),
                                       max_size=2))
    if draw(st.booleans()):
        data["shutdown_seconds"] = draw(st.floats(0, 40))
    if draw(st.integers(0, 2)) == 0:  # timed exits only: the fast engine still jumps
        data["exit"] = draw(exit_rules(horizon=1500, on_probe=False))
    data.update(draw(deletions(horizon=3600)))
    return data


@given(pod=pods(policies=True), scenario=sparse_outages(),
       phase=st.one_of(st.none(), PHASES), seed=SEEDS, profile=PROFILES,
       duration=st.integers(600, 3600))
def test_long_runs_with_quiet_stretches_same_metrics(pod: Any, scenario: dict[str, Any],
                                                     phase: float | None, seed: int,
                                                     profile: Any, duration: int) -> None:
    """Up to an hour, a few outages: the fast engine jumps most of it."""
    same(pod, Scenario.from_dict(scenario), duration=duration, seed=seed, profile=profile,
         phase=phase)


@st.composite
def crash_loops(draw: st.DrawFn) -> dict[str, Any]:
    """Targets failing for hours (a crash loop's back-off waits up to the cap, the pod
    worker's refused syncs between its restarts, R4.8-R4.14), then answering again, or not;
    sometimes a container that runs long enough between kills for its back-off entry to be
    collected (R4.15)."""
    lat = latencies(st.integers(0, 1500), distributions=False)
    targets = {}
    for key in PATHS:
        start = draw(st.floats(0, 600))
        length = draw(st.one_of(st.none(), st.floats(600, 7200)))
        targets[key] = {"answer": {"status": 200}, "windows": [
            {"from": start, "to": None if length is None else start + length,
             "answer": draw(failing_answers(lat))}]}
    data: dict[str, Any] = {"targets": targets}
    if draw(st.booleans()):
        data["shutdown_seconds"] = draw(st.floats(0, 40))
    return data


@given(pod=pods(policies=True), scenario=crash_loops(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(1800, 4 * 3600))
def test_crash_loops_through_back_off_waits_same_metrics(pod: Any, scenario: dict[str, Any],
                                                         phase: float | None, seed: int,
                                                         profile: Any, duration: int) -> None:
    """Hours of crash loops: the fast engine passes each back-off wait's refused syncs at
    once (`Kubelet.refused_syncs`), with the reference's events and draws: the back-off's
    refusals and waits (R4.8-R4.10), its requeue (R4.14) and its collection (R4.15)."""
    same(pod, Scenario.from_dict(scenario), duration=duration, seed=seed, profile=profile,
         phase=phase)


def test_a_crash_loop_day_passes_its_back_off_waits_at_once() -> None:
    """A liveness probe failing for a day (a kill every few minutes, about a dozen refused
    syncs in each back-off wait, R4.14): the fast scheduler passes most refused syncs at once,
    and gives the reference's document."""
    pod = make_pod({"name": "app", "livenessProbe": {
        "httpGet": {"path": "/livez", "port": 8080}, "periodSeconds": 10}})
    sc = Scenario.from_dict({"targets": {"/livez": {"windows": [
        {"from": 60, "to": None, "answer": {"status": 500}}]}}})
    from kubesim.engine.simulate import launch_pod, make_scheduler

    sched = make_scheduler("fast")
    timeline = launch_pod(sched, pod, sc, duration=86_400.0, seed=3, profile=profile_from(),
                          phase=None, keep_probes=True).timeline
    sched.run(until=86_400.0)
    refused = timeline.summary().back_offs
    assert refused > 5 * len(timeline.kills) > 1000  # the point of the test
    # most refused syncs passed at once (stepped, each is a step: 19,751 steps for this day)
    assert sched.jumped_resyncs > refused / 2 and sched.steps < 2 * refused, (
        sched.steps, sched.jumped_resyncs, refused)
    ref = simulate(pod, sc, duration=86_400.0, seed=3, engine="simpy", whole_pod=True)
    assert_same_document(timeline, ref)


@st.composite
def same_period_pods(draw: st.DrawFn) -> Any:
    """Liveness and readiness on one period and target: their ticks tie at every instant,
    so the order of simultaneous events after a jump matters."""
    types = frozenset(draw(st.sets(st.sampled_from(list(ProbeType)), min_size=2)))
    data = draw(container_dicts(types=types))
    period = draw(st.integers(1, 12))
    for field in ("startupProbe", "livenessProbe", "readinessProbe"):
        if field in data:
            data[field] = {**data[field], "periodSeconds": period,
                           "httpGet": {"path": "/livez", "port": 8080},
                           "timeoutSeconds": draw(st.integers(1, 3))}
    return make_pod(data)


@given(pod=same_period_pods(), scenario=sparse_outages(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(300, 2400))
def test_simultaneous_ticks_same_metrics(pod: Any, scenario: dict[str, Any],
                                         phase: float | None, seed: int, profile: Any,
                                         duration: int) -> None:
    """Workers ticking together, through jumps: the tie order is simpy's."""
    same(pod, Scenario.from_dict(scenario), duration=duration, seed=seed, profile=profile,
         phase=phase)


@st.composite
def slow_liveness_pods(draw: st.DrawFn) -> Any:
    """A slow liveness probe and a fast readiness probe on one target that an outage fails:
    after each kill the readiness worker sees the new container long before liveness does,
    and the fast scheduler jumps the readiness ticks in between (up to liveness's tick)."""
    grace = draw(GRACES)
    data = draw(container_dicts(types=frozenset({ProbeType.LIVENESS, ProbeType.READINESS}),
                                grace=grace))
    for field, periods in (("livenessProbe", st.integers(15, 60)),
                           ("readinessProbe", st.integers(1, 6))):
        data[field] = {**data[field], "periodSeconds": draw(periods),
                       "httpGet": {"path": "/livez", "port": 8080},
                       "timeoutSeconds": 1, "failureThreshold": draw(st.integers(1, 4))}
    return make_pod(data, grace)


@given(pod=slow_liveness_pods(), outage=st.floats(60, 600), at=st.floats(0, 1200),
       lat=st.integers(0, 800), phase=st.one_of(st.none(), PHASES), seed=SEEDS,
       profile=PROFILES)
def test_restarts_with_a_slow_liveness_worker_same_metrics(pod: Any, outage: float, at: float,
                                                           lat: int, phase: float | None,
                                                           seed: int, profile: Any) -> None:
    """Kills and restarts in a long outage, the liveness worker last to see each new
    container (it notices the new ID at its next tick, §1.5 step 4; its counters carry over,
    E3): jumps that leave that worker's tick where it is."""
    scenario = {"dependencies": {"db": {"down": [{"from": at, "to": at + outage}]}},
                "targets": {"/livez": {"answer": {"status": 200, "latency_ms": lat},
                                       "depends_on": ["db"],
                                       "when_down": {"status": 503, "latency_ms": lat}}}}
    same(pod, Scenario.from_dict(scenario), duration=2400, seed=seed, profile=profile,
         phase=phase)


@st.composite
def traces(draw: st.DrawFn) -> Trace:
    """A recorded trace of both paths: sample-and-hold observations, replay or wall."""
    obs: dict[str, list[Observation]] = {}
    for key in PATHS:
        times = sorted(draw(st.lists(st.floats(0, 2000), min_size=1, max_size=8)))
        rows = []
        for t in times:
            kind = draw(st.sampled_from(["ok", "ok", "fail", "timeout", "error", "slow"]))
            lat = draw(st.floats(0, 900))
            if kind == "ok":
                rows.append(Observation(t, lat, status=200))
            elif kind == "fail":
                rows.append(Observation(t, lat, status=503))
            elif kind == "timeout":
                rows.append(Observation(t, draw(st.sampled_from([500.0, 2500.0])),
                                        error=AnswerError.TIMEOUT))
            elif kind == "error":
                rows.append(Observation(t, lat, error=AnswerError.ERROR))
            else:
                rows.append(Observation(t, 4000.0, status=200))
        obs[key] = rows
    if draw(st.booleans()):  # "the process exited" lines
        times = sorted(draw(st.lists(st.floats(0, 2000), min_size=1, max_size=3)))
        obs[draw(st.sampled_from(EXIT_TARGETS))] = [
            Observation(t, 0.0, exit_code=draw(st.sampled_from([0, 1, 137]))) for t in times]
    return Trace(obs, restart=draw(st.sampled_from(list(RestartMode))),
                 censored=draw(st.sampled_from(["failure", "discard"])),
                 meta={"shutdown_seconds": draw(st.floats(0, 5))})


@given(pod=pods(policies=True), trace=traces(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(60, 2400))
def test_traces_same_metrics(pod: Any, trace: Trace, phase: float | None, seed: int,
                             profile: Any, duration: int) -> None:
    """Recorded traces, replayed after restarts or read on the wall clock."""
    same(pod, trace, duration=duration, seed=seed, profile=profile, phase=phase)


@settings(max_examples=examples(10))
@given(pod=pods(policies=True), phase=st.one_of(st.none(), PHASES), seed=SEEDS,
       profile=PROFILES, duration=st.integers(60, 3600))
def test_healthy_app_same_metrics(pod: Any, phase: float | None, seed: int, profile: Any,
                                  duration: int) -> None:
    """No behaviour at all: one quiet stretch to the end."""
    same(pod, HEALTHY, duration=duration, seed=seed, profile=profile, phase=phase)


@pytest.mark.parametrize("profile", [profile_from(), profile_from(ideal=True)],
                         ids=["classic", "ideal"])
def test_seed_db_outage_every_phase(profile: Any) -> None:
    """The seed's DB outage at 20 phases and seeds, an hour long."""
    pod = load_spec(str(ROOT / "probe_specs" / "seed_unified_healthz.yaml"))
    sc = load_scenario(str(ROOT / "traces" / "seed_db_outage.scenario.yaml"))
    for i in range(20):
        same(pod, sc, duration=3600, seed=i, profile=profile, phase=i * 0.5)


@given(pod=pods(policies=True), scenario=sparse_outages(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(300, 2400), data=st.data())
def test_threshold_box_runs_are_the_same_runs(pod: Any, scenario: dict[str, Any],
                                              phase: float | None, seed: int, profile: Any,
                                              duration: int, data: st.DataObject) -> None:
    """Any thresholds inside a run's threshold box give the same metrics in the
    discrete-event engine: what lets a sweep reuse runs across failureThreshold values."""
    behaviour = Scenario.from_dict(scenario)
    metrics, box = run_metrics_box(pod, behaviour, duration=duration, seed=seed, profile=profile,
                                phase=phase)
    container = pod.container
    for (probe_type, failure), valid in sorted(box.items(), key=repr):
        top = int(min(valid.high, valid.low + 12))
        value = data.draw(st.integers(int(valid.low), top), label=f"{probe_type.value} {failure}")
        if not failure and probe_type is not ProbeType.READINESS:
            continue  # successThreshold must stay 1 there
        probe = container.probes()[probe_type]
        key = "failure_threshold" if failure else "success_threshold"
        attr = {ProbeType.STARTUP: "startup_probe", ProbeType.LIVENESS: "liveness_probe",
                ProbeType.READINESS: "readiness_probe"}[probe_type]
        container = container.model_copy(
            update={attr: probe.model_copy(update={key: value})})
    moved = dataclasses.replace(pod, container=container)
    des = metrics_of(simulate(moved, behaviour, duration=duration, seed=seed, profile=profile,
                              phase=phase, engine="simpy"), behaviour)
    assert des == metrics, f"\nbox  {box}\ndes  {des}\nfast {metrics}"


# ------------------------------------------------------------------ pods of every shape
APPS = (("app", 8080), ("worker", 8081), ("extra", 8082))
SIDECARS = (("proxy", 9090), ("logger", 9091))


@st.composite
def any_shape_pods(draw: st.DrawFn) -> ProbedContainer:
    """A pod of any shape (the issue's pods): 1-3 app containers, 0-2 sidecars, sometimes a
    plain init container first; each container probed or not (no probes at all: it is
    still simulated, R4.25), each with its own port; sometimes a probe on another
    container's port, which that container then answers (R2.5). Any container may be the
    report's focus; any restart policy (a Job's pod: its sidecars stop when it completes)."""
    apps = APPS[:draw(st.integers(1, 3))]
    sidecars = SIDECARS[:draw(st.integers(0, 2))]
    grace = draw(GRACES)
    ports = [port for _, port in apps + sidecars]
    units: list[ContainerSpec] = []
    if draw(st.integers(0, 2)) == 0:
        units.append(ContainerSpec.model_validate({"name": "init", "init": True}))
    for (name, port), sidecar in [*((c, True) for c in sidecars), *((c, False) for c in apps)]:
        types = frozenset(draw(st.sets(st.sampled_from(list(ProbeType)), max_size=3)))
        data = draw(container_dicts(types=types, name=name, port=port, grace=grace))
        for field in [t.field for t in types]:
            if draw(st.integers(0, 3)) == 0:  # this probe asks another container's port
                data[field] = {**data[field], "httpGet": {
                    **data[field]["httpGet"], "port": draw(st.sampled_from(ports))}}
        units.append(ContainerSpec.model_validate({**data, "sidecar": sidecar}))
    mine = draw(st.sampled_from([u for u in units if not u.init]))
    at = units.index(mine)
    return ProbedContainer(container=mine, others=tuple(u for u in units if u is not mine),
                           position=at, termination_grace_period_seconds=grace,
                           restart_policy=draw(POLICIES),
                           readiness_gates=("lb",) if draw(st.integers(0, 3)) == 0 else ())


def keyed_for(pod: ProbedContainer, scenario: dict[str, Any], draw: st.DrawFn
              ) -> dict[str, Any]:
    """The scenario with every short key that stands for several endpoints of the pod (an
    error if named) replaced by the scoped keys of some of those endpoints."""
    from kubesim.spec.targets import resolve_targets

    targets = dict(scenario.get("targets", {}))
    plain = [c.target(t) for c in pod.containers for t in c.probes()]
    resolved = [t for by_type in resolve_targets(pod, ()) for t in by_type.values()]
    by_short: dict[str, set[str]] = {}
    for short, got in zip(plain, resolved, strict=True):
        by_short.setdefault(short.key, set()).add(got.key)
    for key, keys in by_short.items():
        if key in targets and keys != {key}:
            spec = targets.pop(key)
            for k in sorted(keys):
                if draw(st.booleans()):
                    targets[k] = spec
    return {**scenario, "targets": targets}


@st.composite
def container_rules(draw: st.DrawFn, pod: ProbedContainer) -> dict[str, Any]:
    """Per-container shutdown, answers after SIGTERM, exit code on SIGTERM and listened
    ports (each port listened on by one container)."""
    rules: dict[str, Any] = {}
    taken: set[int] = set()
    for c in pod.containers:
        if c.init or draw(st.booleans()):
            continue
        mine: dict[str, Any] = {}
        if draw(st.booleans()):
            mine["shutdown_seconds"] = draw(st.floats(0, 40))
        if draw(st.booleans()):
            mine["answers_after_sigterm"] = draw(st.booleans())
        if draw(st.booleans()):
            mine["sigterm_exit_code"] = draw(st.sampled_from([0, 1, 143]))
        free = [p for _, p in APPS + SIDECARS if p not in taken]
        if free and draw(st.integers(0, 3)) == 0:
            port = draw(st.sampled_from(free))
            taken.add(port)
            mine["listens"] = [port]
        rules[c.name] = mine
    return rules


@given(pod=any_shape_pods(), scenario=scenario_dicts(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=PROFILES, duration=st.integers(60, 900), data=st.data())
def test_pods_of_every_shape_same_metrics(pod: Any, scenario: dict[str, Any],
                                          phase: float | None, seed: int, profile: Any,
                                          duration: int, data: st.DataObject) -> None:
    """Sidecars, init containers, probe-less containers, per-container shutdowns, exit
    rules naming containers, probes answered by the container that listens: both schedulers
    give the same document and metrics (R4.20-R4.25)."""
    names = tuple(c.name for c in pod.containers if not c.init)
    sc = keyed_for(pod, scenario, data.draw)
    if data.draw(st.booleans()):
        sc["exit"] = data.draw(exit_rules(names=names))
    else:
        sc.pop("exit", None)
    sc["containers"] = data.draw(container_rules(pod))
    if any(c.init for c in pod.containers) and data.draw(st.booleans()):
        sc["init_containers"] = {"init": {
            "seconds": data.draw(st.floats(0, 30)), "failures": data.draw(st.integers(0, 2)),
            "code": data.draw(st.integers(1, 3))}}
    if pod.readiness_gates and data.draw(st.booleans()):
        sc["conditions"] = {"lb": data.draw(st.lists(spans(), max_size=2))}
    same(pod, Scenario.from_dict(sc), duration=duration, seed=seed, profile=profile,
         phase=phase)


@st.composite
def any_shape_scenarios(draw: st.DrawFn, pod: ProbedContainer) -> dict[str, Any]:
    """A long scenario for a pod of any shape: sparse outages, windows and stalls with
    constant latencies (the fast scheduler jumps between them), timed exits naming its
    containers (a probe-less worker exiting every so often), per-container shutdowns and
    listened ports, failing init container runs, readiness gate changes."""
    names = tuple(c.name for c in pod.containers if not c.init)
    sc = keyed_for(pod, draw(sparse_outages()), draw)
    if draw(st.booleans()):
        sc["exit"] = draw(exit_rules(horizon=1500, on_probe=False, names=names))
    else:
        sc.pop("exit", None)
    sc["containers"] = draw(container_rules(pod))
    if any(c.init for c in pod.containers) and draw(st.booleans()):
        sc["init_containers"] = {"init": {
            "seconds": draw(st.floats(0, 30)), "failures": draw(st.integers(0, 2)),
            "code": draw(st.integers(1, 3))}}
    if pod.readiness_gates and draw(st.booleans()):
        sc["conditions"] = {"lb": draw(st.lists(spans(horizon=3000), max_size=2))}
    return sc


@given(pod=any_shape_pods(), phase=st.one_of(st.none(), PHASES), seed=SEEDS,
       profile=PROFILES, duration=st.integers(600, 3600), data=st.data())
def test_pods_of_every_shape_through_quiet_stretches_same_metrics(
        pod: Any, phase: float | None, seed: int, profile: Any, duration: int,
        data: st.DataObject) -> None:
    """Up to an hour of a pod of any shape with a few disturbances: the fast scheduler jumps
    the quiet stretches of sidecars, init containers done, probe-less containers and probes
    answered by another container, and still gives the reference's document and metrics
    (issue 19 item 8; R2.5, R4.20-R4.25)."""
    sc = data.draw(any_shape_scenarios(pod))
    same(pod, Scenario.from_dict(sc), duration=duration, seed=seed, profile=profile,
         phase=phase)


def test_a_quiet_day_of_a_pod_of_several_containers_is_jumped() -> None:
    """A healthy day of an app, a probed sidecar and a probe-less worker exiting every 6 h:
    the fast scheduler takes far fewer steps than there are probe calls (stepped, each call
    is at least one step), and gives the reference's document."""
    pod = mesh_pod()
    sc = Scenario.from_dict({"exit": [{"after_seconds": 6 * 3600, "code": 0,
                                       "container": "worker"}]})
    from kubesim.engine.simulate import launch_pod, make_scheduler

    sched = make_scheduler("fast")
    timeline = launch_pod(sched, pod, sc, duration=86_400.0, seed=1, profile=profile_from(),
                          phase=None, keep_probes=True).timeline
    sched.run(until=86_400.0)
    calls = len(timeline.probes)
    assert len(timeline.exits) == 3  # the worker's exits at 6, 12 and 18 h
    assert sched.steps < calls / 20, (sched.steps, calls)
    ref = simulate(pod, sc, duration=86_400.0, seed=1, engine="simpy", whole_pod=True)
    assert_same_document(timeline, ref)


# ------------------------------------------------- container restart rules, in-place restarts
RESTART_PROFILES = st.sampled_from([profile_from("1.36"), profile_from("1.36", ideal=True),
                                    profile_from("1.35"), profile_from()])
RULE_CODES = [0, 1, 2, 137, 143, 255]


def own_restart(draw: st.DrawFn, c: ContainerSpec, restart_all: bool) -> ContainerSpec:
    """`c` with a restartPolicy of its own and up to two rules (R4.30, R4.31); the action
    RestartAllContainers only where the profile's API server allows it (R5.27)."""
    if c.sidecar or draw(st.integers(0, 2)) == 0:
        return c
    policies = ["OnFailure", "Never"] if c.init else ["Always", "OnFailure", "Never"]
    actions = ["Restart", "RestartAllContainers"] if restart_all else ["Restart"]
    rules = [ContainerRestartRule.model_validate({
        "action": draw(st.sampled_from(actions)),
        "exitCodes": {"operator": draw(st.sampled_from(["In", "NotIn"])),
                      "values": draw(st.lists(st.sampled_from(RULE_CODES), max_size=3))}})
        for _ in range(draw(st.integers(0, 2)))]
    return c.model_copy(update={"restart_policy": RestartPolicy(draw(st.sampled_from(policies))),
                                "restart_policy_rules": tuple(rules)})


@given(pod=any_shape_pods(), scenario=scenario_dicts(), phase=st.one_of(st.none(), PHASES),
       seed=SEEDS, profile=RESTART_PROFILES, duration=st.integers(60, 900), data=st.data())
def test_restart_rules_and_in_place_restarts_same_metrics(pod: Any, scenario: dict[str, Any],
                                                           phase: float | None, seed: int,
                                                           profile: Any, duration: int,
                                                           data: st.DataObject) -> None:
    """Containers with restart policies and rules of their own, exits matching them,
    RestartAllContainers, on-demand relists (R4.30-R4.36): both schedulers alike."""
    units = [own_restart(data.draw, c, profile.restart_all_containers)
             for c in pod.containers]
    at = min(max(pod.position, 0), len(pod.others))
    pod = dataclasses.replace(pod, container=units[at], others=(*units[:at], *units[at + 1:]))
    names = tuple(c.name for c in pod.containers if not c.init)
    sc = keyed_for(pod, scenario, data.draw)
    sc["exit"] = data.draw(exit_rules(names=names))
    sc["containers"] = data.draw(container_rules(pod))
    same(pod, Scenario.from_dict(sc), duration=duration, seed=seed, profile=profile,
         phase=phase)


def test_many_sidecars_started_apart_same_document() -> None:
    """An app and eight probed sidecars, started one after another, through database outages
    and stalls: each sidecar's readiness grid is re-phased at its start (R1.14), so grids a
    whole number of periods apart tick at the same instants, and the jumps order their
    wake-ups as the step-by-step run does (`jumps._tie_order`: the grids' sameness found
    exactly, the long chains compared whole). The reference gives the same document."""
    app = mesh_pod().container
    proxy = next(c for c in mesh_pod().containers if c.sidecar)
    sidecars = tuple(proxy.model_copy(update={
        "name": f"proxy{i}", "ports": tuple(p.model_copy(update={"container_port":
                                                                  p.container_port + i})
                                            for p in proxy.ports)}) for i in range(8))
    pod = ProbedContainer(app, others=sidecars, object_kind="Pod", object_name="many",
                          source="<many sidecars>")
    sc = Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 1800, "to": 1900}, {"from": 5000,
                                                                       "to": 5300}]}},
        "targets": {"/readyz": {"answer": {"status": 200, "latency_ms": 3},
                                "depends_on": ["db"], "when_down": {"status": 503}}},
        "stalls": [{"from": 3000, "to": 3008}]})
    for seed in (1, 2):
        ref = simulate(pod, sc, duration=7200.0, seed=seed, engine="simpy", whole_pod=True)
        fast = simulate(pod, sc, duration=7200.0, seed=seed, whole_pod=True)
        assert_same_document(fast, ref)


def _walk_order(x: Any, y: Any) -> int:
    """The jumps' tie order as first written: the scheduling chains compared one step at a
    time from the newest event back (`Moved.chain`), with no shortcut."""
    depth = 0
    while True:
        tx, ox = x.chain(depth)
        ty, oy = y.chain(depth)
        if tx != ty:
            return -1 if tx < ty else 1
        if ox or oy:
            if ox and oy:
                return -1 if x.token < y.token else 1
            return -1 if ox else 1
        depth += 1


@st.composite
def tied_wakeups(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], float]:
    """Two workers' moves over a stretch that wake at the same instant: one period, grids
    whole periods apart (as sidecars re-phased at their starts), sometimes off by less than
    the ticks' rounding."""
    period = float(draw(st.integers(1, 30)))
    base = draw(st.floats(0.0, 60.0, allow_nan=False))
    apart = draw(st.integers(0, 4))
    other = base + apart * period
    end = draw(st.integers(10, 2000))  # the grid index just past the stretch (x's)
    if draw(st.booleans()):  # off by a fraction of the last tick's ulp: some ticks round apart
        other += draw(st.sampled_from([-3, -1, 1, 2])) * math.ulp(base + end * period) / 4
    latency = draw(st.sampled_from([0.0, 0.0, 0.003, 0.25]))
    moves = []
    for origin, k_end in ((base, end), (other, end - apart)):
        ticks = draw(st.integers(1, min(400, k_end - 1)))
        k0 = k_end - ticks
        first = origin + k0 * period
        if draw(st.integers(0, 3)) == 0:  # a pending tick taken late (buffered)
            first += draw(st.floats(0.0, period / 2))
        moves.append({"origin": origin, "period": period, "k0": k0, "ticks": ticks,
                      "first": first, "latency": latency, "token": draw(st.integers(0, 9))})
    return moves[0], moves[1], base + end * period


@given(tied=tied_wakeups())
@settings(max_examples=300, deadline=None)
def test_tie_order_is_the_step_by_step_walk(tied: tuple[dict[str, Any], dict[str, Any],
                                                        float]) -> None:
    """The jumps' order of two wake-ups at one instant (`jumps._tie_order`, with its exact
    test of two grids' sameness and its comparison of whole chains) is the one-step-at-a-time
    walk's, on real workers."""
    from kubesim.engine.jumps import Moved, _tie_order
    from kubesim.engine.simulate import launch_pod, make_scheduler

    sched = make_scheduler("fast")
    handle = launch_pod(sched, mesh_pod(), HEALTHY, duration=60.0, seed=0,
                        profile=profile_from(), phase=0.0, keep_probes=False)
    sched.run(until=30.0)  # the workers are made
    assert handle.kubelet is not None
    workers = [w for unit in handle.kubelet.units for w in unit.manager.workers.values()][:2]
    x_data, y_data, at = tied
    moved = []
    for w, d in zip(workers, (x_data, y_data), strict=True):
        w.origin, w.period = d["origin"], d["period"]
        moved.append(Moved(at, w, sched.waiting(w.proc), d["first"], d["ticks"], d["latency"],
                           d["k0"], d["token"] if w is workers[0] else d["token"] + 10))
    x, y = moved
    assert _tie_order(x, y) == _walk_order(x, y)
    assert _tie_order(y, x) == _walk_order(y, x)


@st.composite
def tied_groups(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Up to eight workers' moves waking at one instant, on a few grids: some of one grid
    (period, latency, ticks, grids whole periods apart), some of another period or latency,
    some of one tick."""
    end = draw(st.integers(12, 400))
    base = draw(st.floats(0.0, 30.0, allow_nan=False))
    grids = draw(st.lists(st.tuples(st.sampled_from([5.0, 10.0]),
                                    st.sampled_from([0.0, 0.003]),
                                    st.integers(1, 10)), min_size=1, max_size=3))
    moves = []
    for _ in range(draw(st.integers(2, 8))):
        period, latency, ticks = draw(st.sampled_from(grids))
        apart = draw(st.integers(0, 3))
        origin = base + apart * period
        k_end = end - apart
        k0 = k_end - ticks
        first = origin + k0 * period
        if draw(st.integers(0, 3)) == 0:
            first += draw(st.sampled_from([0.5, 1.0]))
        moves.append({"origin": origin, "period": period, "k0": k0, "ticks": ticks,
                      "first": first, "latency": latency, "token": draw(st.integers(0, 99))})
    return moves


@given(group=tied_groups())
@settings(max_examples=200, deadline=None)
def test_step_order_of_a_tied_group_is_the_pairwise_walk(group: list[dict[str, Any]]) -> None:
    """The jumps' order of many wake-ups at one instant (`jumps._step_order`: grouped by
    grid, each grid sorted by its last steps) is the order the one-step walk gives every
    pair, on real workers (each its own grid origin)."""
    from functools import cmp_to_key

    from kubesim.engine.jumps import Moved, _step_order
    from kubesim.engine.simulate import launch_pod, make_scheduler

    pod = ProbedContainer(mesh_pod().container, others=tuple(
        c.model_copy(update={"name": f"proxy{i}", "ports": ()})
        for i, c in enumerate([next(c for c in mesh_pod().containers if c.sidecar)] * 8)),
        object_kind="Pod", object_name="tied", source="<tied>")
    sched = make_scheduler("fast")
    handle = launch_pod(sched, pod, HEALTHY, duration=60.0, seed=0, profile=profile_from(),
                        phase=0.0, keep_probes=False)
    sched.run(until=30.0)  # the workers are made
    assert handle.kubelet is not None
    workers = [w for unit in handle.kubelet.units for w in unit.manager.workers.values()]
    at = 1e4
    moved = []
    for n, (w, d) in enumerate(zip(workers, group, strict=False)):
        w.origin, w.period = d["origin"], d["period"]
        moved.append(Moved(at, w, sched.waiting(w.proc), d["first"], d["ticks"], d["latency"],
                           d["k0"], d["token"] * 10 + n))
    want = sorted(moved, key=cmp_to_key(_walk_order))
    assert [id(m) for m in _step_order(list(moved))] == [id(m) for m in want]
