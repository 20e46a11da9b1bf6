"""Fuzzing the input edge with kubesim.testing.strategies: any generated manifest, scenario or trace
text, and any corrupted variant of it, either loads or raises only a `KubesimError` with a
non-empty one-line message (errors.py: anything else escaping is a bug in kubesim). What
loads also simulates without any other exception. And the same inputs and seed give the same
output, byte for byte."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import given
from hypothesis import strategies as st

from kubesim import (
    HEALTHY,
    KubesimError,
    ProbedContainer,
    load_containers,
    load_scenario,
    load_trace,
    profile_from,
    render_json,
    render_text,
    simulate,
)
from kubesim.spec.model import parse_container
from kubesim.testing import strategies as ks

T = TypeVar("T")
POD = ProbedContainer(parse_container({
    "name": "app", "ports": [{"name": "http", "containerPort": 8080}],
    "livenessProbe": {"httpGet": {"path": "/livez", "port": "http"}, "periodSeconds": 2},
    "readinessProbe": {"httpGet": {"path": "/readyz", "port": 8080}, "periodSeconds": 1}}))
TRACE_FORMATS = st.sampled_from(["jsonl", "csv"]).flatmap(
    lambda f: ks.trace_texts(format=f, max_observations=10))
JUNK = st.text(max_size=200) | st.binary(max_size=200).map(
    lambda b: b.decode("utf-8", "replace"))


def from_stdin(load: Callable[[str], T], text: str) -> T:
    """Call a loader on `-` with `text` as standard input (the loaders' real code path)."""
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        return load("-")
    finally:
        sys.stdin = saved


def loads_or_kubesim_error(load: Callable[[], T]) -> T | None:
    """The result, or None after a KubesimError with a message fit for one stderr line."""
    try:
        return load()
    except KubesimError as exc:
        text = str(exc)
        assert exc.message.strip(), repr(exc)
        assert text.strip() and "\n" not in text and "\r" not in text, repr(str(exc))
        return None


def simulates_or_kubesim_error(pod: ProbedContainer, behaviour: Any) -> None:
    loads_or_kubesim_error(lambda: simulate(pod, behaviour, duration=60, seed=1))


# ------------------------------------------------------------------------------ manifests


@given(pod=ks.pods(sidecars=True), data=st.data())
def test_generated_manifests_load_as_the_pod(pod, data):
    text = data.draw(ks.manifests(st.just(pod)))
    [found] = from_stdin(load_containers, text)
    assert (found.container, found.restart_policy) == (pod.container, pod.restart_policy)


@given(ks.corrupted_texts(ks.manifests(ks.pods(sidecars=True))))
def test_corrupted_manifests_load_or_raise_kubesim_errors_only(text):
    found = loads_or_kubesim_error(lambda: from_stdin(load_containers, text))
    for pod in found or []:
        simulates_or_kubesim_error(pod, HEALTHY)


# ------------------------------------------------------------------------------ scenarios


@given(ks.scenario_texts(ks.scenarios(targets=["/livez", "/readyz"])))
def test_generated_scenarios_load(text):
    scenario = from_stdin(load_scenario, text)
    simulate(POD, scenario, duration=60, seed=0)


@given(ks.corrupted_texts(ks.scenario_texts(ks.scenarios(targets=["/livez", "/readyz"]))))
def test_corrupted_scenarios_load_or_raise_kubesim_errors_only(text):
    scenario = loads_or_kubesim_error(lambda: from_stdin(load_scenario, text))
    if scenario is not None:
        simulates_or_kubesim_error(POD, scenario)


# ------------------------------------------------------------------------------ traces


@given(TRACE_FORMATS)
def test_generated_traces_load_and_replay(text):
    trace = from_stdin(load_trace, text)
    simulates_or_kubesim_error(POD, trace)  # only `censored: reject` may refuse it


@given(ks.corrupted_texts(TRACE_FORMATS))
def test_corrupted_traces_load_or_raise_kubesim_errors_only(text):
    trace = loads_or_kubesim_error(lambda: from_stdin(load_trace, text))
    if trace is not None:
        simulates_or_kubesim_error(POD, trace)


@given(JUNK)
def test_any_text_loads_or_raises_kubesim_errors_only(text):
    for load in (load_containers, load_scenario, load_trace):
        loads_or_kubesim_error(lambda load=load: from_stdin(load, text))


# ------------------------------------------------------------------------------ determinism


@given(pod=ks.pods(sidecars=True), trace=ks.traces(targets=["/healthz", "/livez", "/readyz",
                                                            "tcp:8080", "grpc:9090",
                                                            "grpc:9090/health",
                                                            "exec:cat /tmp/healthy",
                                                            "exec:sh -c exit 0"]),
       seed=st.integers(0, 2**32 - 1), ideal=st.booleans())
def test_same_seed_same_output_with_traces(pod, trace, seed, ideal):
    """Same pod, trace and seed: identical JSON and text, the phase drawn from the seed."""
    profile = profile_from(ideal=ideal)
    runs = [loads_or_kubesim_error(lambda: simulate(pod, trace, duration=120, seed=seed,
                                                    profile=profile)) for _ in range(2)]
    if runs[0] is None:
        assert runs[1] is None
        return
    assert render_json(runs[0]) == render_json(runs[1])
    assert render_text(runs[0]) == render_text(runs[1])


@given(pod=ks.pods(), scenario=ks.scenarios(latencies=ks.latencies()),
       seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_output_with_latency_distributions(pod, scenario, seed):
    """Latency draws come from the run's seeded generator: same seed, same bytes."""
    a, b = (render_json(simulate(pod, scenario, duration=200, seed=seed)) for _ in range(2))
    assert a == b
