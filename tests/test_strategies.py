"""kubesim.testing.strategies: what each strategy generates, that it respects the API's rules
(docs/kubelet-rules.md §5) and its bounds, how it shrinks, and that its text reads back."""

from __future__ import annotations

import inspect
import math

import pytest
from hypothesis import find, given
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from kubesim import (
    ContainerSpec,
    Probe,
    ProbedContainer,
    ProbeType,
    RestartPolicy,
    Scenario,
    Trace,
    grid_cycle,
    parse_probe,
)
from kubesim.behaviour.scenario import load_scenario
from kubesim.behaviour.trace import parse_jsonl
from kubesim.spec.manifests import containers_from_text
from kubesim.spec.model import parse_container
from kubesim.spec.yamlio import load_yaml_documents
from kubesim.testing import dump_pod, dump_scenario, dump_trace
from kubesim.testing import strategies as ks

L, R, S = ProbeType.LIVENESS, ProbeType.READINESS, ProbeType.STARTUP


def scenario_from_text(text: str) -> Scenario:
    docs = load_yaml_documents(text, "<text>", ValueError)  # type: ignore[arg-type]
    return Scenario.from_dict(docs[0].data, "<text>", docs[0])


# ------------------------------------------------------------------------------ probes


@given(probe_type=st.sampled_from(list(ProbeType)), data=st.data())
def test_probes_are_valid_for_their_type_and_within_bounds(probe_type, data):
    """R5.1/R5.4 (minimum 1 after defaults), R5.5 (successThreshold 1 except readiness),
    R5.6 (probe-level grace only on liveness/startup, >= 1), R5.7 (one handler)."""
    probe = data.draw(ks.probes(probe_type, min_period=2, max_period=7, max_timeout=3,
                                max_failure_threshold=4, max_initial_delay=5))
    assert isinstance(probe, Probe)
    assert 2 <= probe.period_seconds <= 7 and 1 <= probe.timeout_seconds <= 3
    assert 1 <= probe.failure_threshold <= 4 and 0 <= probe.initial_delay_seconds <= 5
    if probe_type is R:
        assert probe.termination_grace_period_seconds is None
    else:
        assert probe.success_threshold == 1
    again = parse_probe(probe.model_dump(by_alias=True, exclude_none=True), probe_type)
    assert again == probe


@given(ks.probes("readiness", handlers=["grpc", "exec"], ports=st.just("http")))
def test_probes_handlers_and_grpc_ports(probe):
    """Only the listed handlers; gRPC never gets a named port (R5.8)."""
    assert probe.handler_kind.value in ("grpc", "exec")
    if probe.grpc is not None:
        assert isinstance(probe.grpc.port, int)


@given(ks.probe_sets(probe_types=["livenessProbe", "readiness"],
                     paths={"liveness": st.just("/livez"), R: st.just("/readyz")},
                     handlers=["httpGet"]))
def test_probe_sets_exact_types_and_paths(probe_set):
    assert set(probe_set) == {L, R}
    assert probe_set[L].http_get.path == "/livez" and probe_set[R].http_get.path == "/readyz"


@given(ks.pods(sidecars=True, min_grace_period=5, max_grace_period=40))
def test_pods_are_probed_containers_within_bounds(pod):
    assert isinstance(pod, ProbedContainer) and isinstance(pod.container, ContainerSpec)
    assert pod.container.probes()
    assert 5 <= pod.termination_grace_period_seconds <= 40
    for t in pod.container.probes():  # named ports resolve to the declared port
        assert pod.container.target(t).port in (8080, 9090, None)
    assert parse_container(pod.container.model_dump(by_alias=True, exclude_none=True),
                           sidecar=pod.container.sidecar) == pod.container


@given(data=st.data(), pod=ks.pods())
def test_phases_lie_in_one_grid_cycle(data, pod):
    cycle = grid_cycle(pod)
    assert 0 <= data.draw(ks.phases(pod)) < cycle
    assert data.draw(ks.phases(pod, n=4)) in [i * cycle / 4 for i in range(4)]


@pytest.mark.parametrize("strategy", [
    ks.probes(min_period=5, max_period=4), ks.probes(min_timeout=0), ks.probes(handlers=[]),
    ks.probes(handlers=["httpPost"]), ks.probe_sets(probe_types=[]),
    ks.pods(min_grace_period=50, max_grace_period=10), ks.scenarios(min_outages=3, max_outages=1),
    ks.scenarios(min_outage=10, max_outage=5), ks.scenarios(resolution=0),
    ks.scenarios(min_outage=0.2, max_outage=0.4), ks.latencies(min_ms=5, max_ms=1),
    ks.probes("lively"), ks.trace_texts(format="xml"), ks.trace_texts(targets=[]),
    ks.phases(ProbedContainer(parse_container({"name": "a", "livenessProbe": {
        "exec": {"command": ["true"]}}})), n=0),
], ids=repr)
def test_impossible_bounds_raise_invalid_argument_when_drawn(strategy):
    """Hypothesis house style: arguments are checked when the strategy is first drawn from,
    and rejected with InvalidArgument naming the argument."""
    with pytest.raises(InvalidArgument):
        find(strategy, lambda _: True)


# ------------------------------------------------------------------------------ shrinking


def test_probes_shrink_to_the_api_defaults():
    probe = find(ks.probes(), lambda p: True)
    assert probe == parse_probe({"httpGet": {"path": "/healthz", "port": 8080}}, L)


def test_probes_shrink_toward_the_smallest_failing_field():
    probe = find(ks.probes(), lambda p: p.failure_threshold >= 5 and p.period_seconds > 10)
    assert (probe.failure_threshold, probe.period_seconds) == (5, 11)
    assert probe.http_get is not None and probe.timeout_seconds == 1


def test_pods_shrink_to_one_liveness_probe_always_and_30s_grace():
    pod = find(ks.pods(sidecars=True), lambda p: True)
    assert list(pod.container.probes()) == [L] and not pod.container.sidecar
    assert pod.restart_policy is RestartPolicy.ALWAYS
    assert pod.termination_grace_period_seconds == 30


def test_scenarios_shrink_to_short_early_outages_and_nothing_else():
    scenario = find(ks.scenarios(min_outages=1, min_stalls=1), lambda s: True)
    assert [(s.start, s.to) for s in scenario.dependencies["db"].down] == [(0.0, 1.0)]
    [stall] = scenario.stalls
    assert (stall.start, stall.to, stall.since_start) == (0.0, 1.0, None)
    assert scenario.shutdown_seconds() == 0.0
    assert all(not t.windows and not t.since_start for t in scenario.targets.values())
    assert scenario.description == "db down 0-1 s (1 s); stall 0-1 s"


def test_scenarios_shrink_to_the_shortest_outage_with_a_property():
    # closed outages only: an open-ended one is no "shortest outage", and whether the
    # shrinker reaches (60, 81) or stops at an open-ended (60, None) depended on the examples
    # a local database had kept
    scenario = find(ks.scenarios(min_outages=1, max_outages=1, min_start=60, max_start=120,
                                 open_ended=False),
                    lambda s: s.dependencies["db"].down[0].end - 60 > 20.5)
    assert [(s.start, s.to) for s in scenario.dependencies["db"].down] == [(60.0, 81.0)]


def test_manifests_and_traces_shrink_to_the_simplest_text():
    text = find(ks.manifests(), lambda t: True)
    assert "kind" not in text and "livenessProbe" in text
    trace = find(ks.trace_texts(), lambda t: True)
    assert trace.splitlines() == [
        '{"t": 0.0, "target": "/livez", "status": 200, "latency_ms": 0.0}',
        '{"t": 0.0, "target": "/readyz", "status": 200, "latency_ms": 0.0}']


# ------------------------------------------------------------------------------ scenarios


@given(ks.scenarios(min_outages=1, max_outages=2, min_outage=5, max_outage=50, min_start=10,
                    max_start=100, open_ended=False, min_stalls=1, max_stalls=1, max_stall=3,
                    hangs=False, resolution=0.5))
def test_scenarios_respect_their_bounds(scenario):
    downs = scenario.dependencies["db"].down
    assert 1 <= len(downs) <= 2
    for s in downs:
        assert 10 <= s.start <= 100 and s.to is not None and 5 <= s.to - s.start <= 50
        assert (s.start * 2).is_integer() and (s.to * 2).is_integer()
    [stall] = scenario.stalls
    length = stall.duration if stall.since_start is not None else stall.to - stall.start
    assert length is not None and 1 <= length <= 3


def test_scenarios_on_a_base_keep_its_targets():
    base = load_scenario("traces/seed_db_outage.scenario.yaml")

    @given(ks.scenarios(base, min_outages=1, max_outages=1, max_stalls=0, max_flaps=0,
                        max_startup=0, max_shutdown=0, open_ended=False))
    def check(scenario):
        assert scenario.targets == base.targets
        assert scenario.dependencies["db"].down[:1] == base.dependencies["db"].down
        assert len(scenario.dependencies["db"].down) == 2
        assert scenario.source.startswith("traces/seed_db_outage.scenario.yaml")

    check()


@given(ks.scenario_texts())
def test_scenario_texts_read_back_as_the_same_scenario(text):
    scenario = scenario_from_text(text)
    assert dump_scenario(scenario_from_text(ks_yaml(scenario))) == dump_scenario(scenario)


def ks_yaml(scenario: Scenario) -> str:
    from kubesim.testing import to_yaml
    return to_yaml(dump_scenario(scenario))


# ------------------------------------------------------------------------------ manifests


@given(pod=ks.pods(sidecars=True), data=st.data())
def test_manifests_read_back_as_the_same_pod(pod, data):
    """Every kind the strategy picks holds the pod: same container (sidecar included),
    grace period and restartPolicy (R5.3 defaults written out)."""
    text = data.draw(ks.manifests(st.just(pod)))
    [found] = containers_from_text(text, "<generated>")
    assert found.container == pod.container
    assert found.termination_grace_period_seconds == pod.termination_grace_period_seconds
    assert found.restart_policy is pod.restart_policy


@given(ks.manifests(ks.pods(restart_policies=["Always"]), kinds=["Deployment", "Pod"]))
def test_manifests_restricted_kinds(text):
    assert "kind: Deployment" in text or "kind: Pod" in text


def test_manifests_kinds_that_cannot_hold_the_pod_raise():
    with pytest.raises(InvalidArgument):
        find(ks.manifests(ks.pods(restart_policies=["Never"]), kinds=["Deployment"]),
             lambda _: True)


def test_dump_pod_of_a_sidecar_is_a_pod_manifest():
    pod = find(ks.pods(sidecars=True), lambda p: p.container.sidecar)
    doc = dump_pod(pod)
    assert doc["kind"] == "Pod" and doc["spec"]["initContainers"][0]["restartPolicy"] == "Always"


# ------------------------------------------------------------------------------ traces


@given(ks.traces(targets=["/livez", "exec:cat /tmp/healthy", "grpc:9090", "tcp:8080"],
                 max_observations=8))
def test_traces_cover_their_targets_in_time_order(trace):
    assert isinstance(trace, Trace)
    assert sorted(trace.targets) == sorted(["/livez", "exec:cat /tmp/healthy", "grpc:9090",
                                            "tcp:8080"])
    for key in trace.targets:
        times = [o.t for o in trace.observations(key)]
        assert times == sorted(times) and 1 <= len(times) <= 8


@given(ks.trace_texts(format="csv"), ks.traces())
def test_csv_traces_parse_and_traces_dump_back(text, trace):
    from kubesim.behaviour.trace import parse_csv
    assert parse_csv(text, "<csv>").targets
    again = parse_jsonl(dump_trace(trace))
    assert again.targets == trace.targets and again.restart is trace.restart
    for key in trace.targets:
        pairs = zip(again.observations(key), trace.observations(key), strict=True)
        assert all((a.t, a.status, a.error, a.latency_ms) == (b.t, b.status, b.error,
                                                               b.latency_ms) for a, b in pairs)


# ------------------------------------------------------------------------------ docs


@pytest.mark.parametrize("name", ks.__all__)
def test_every_strategy_is_documented_with_an_example(name):
    fn = getattr(ks, name)
    doc = inspect.getdoc(fn) or ""
    assert len(doc.splitlines()) >= 3, name
    example = [line for line in doc.splitlines() if line.startswith("    ")]
    assert example, f"{name}: no indented example in the docstring"
    assert any(ln.strip().startswith(("@given", name, "def ", "phase")) for ln in example), name


def test_latencies_are_valid_scenario_latencies():
    @given(ks.latencies(min_ms=1, max_ms=50))
    def check(latency):
        s = Scenario.from_dict({"targets": {"/x": {"answer": {"status": 200,
                                                               "latency_ms": latency}}}})
        assert s.targets["/x"].answer.latency_ms is not None
        if isinstance(latency, int | float):
            assert 1 <= latency <= 50 and math.isfinite(latency)

    check()
