"""The timeline picture shades only what the container's probes ask (an outage of another
target, or of a dependency no probed target depends on, changes nothing in the run), and its
failure reasons never overlap each other."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from kubesim import load_spec, load_trace, simulate, to_document
from kubesim.behaviour.scenario import Scenario
from kubesim.render.plot import MARKS, figure, plot_meta

REPO = Path(__file__).resolve().parent.parent
SKELETON = REPO / "probe_specs" / "seed_skeleton.yaml"  # /livez (startup, liveness), /readyz


def labels(meta: dict) -> list[str]:
    return [w["label"] for w in meta["windows"]]


def test_outages_of_unprobed_targets_and_unused_dependencies_are_not_shaded():
    pod = load_spec(str(SKELETON))
    scenario = Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 60, "to": 150}]},
                         "cache": {"down": [{"from": 20, "to": 30}]}},
        "targets": {"/readyz": {"depends_on": ["db"]},
                    "/metrics": {"depends_on": ["cache"],
                                 "windows": [{"from": 5, "to": 9, "answer": {"status": 500}}]},
                    "/livez": {"windows": [{"from": 200, "to": 210,
                                            "answer": {"status": 500}}]}},
        "stalls": [{"from": 100, "to": 102, "kinds": ["tcpSocket"]}, {"from": 240, "to": 245}]})
    every = [w.label for w in scenario.windows(300)]
    assert {"cache down", "/metrics: status 500", "stall"} <= set(every)
    kept = labels(plot_meta(pod, scenario, 300))
    assert kept == ["db down", "/livez: status 500", "stall"]
    assert [w["start"] for w in plot_meta(pod, scenario, 300)["windows"]] == [60, 200, 240]


def test_a_wildcard_target_counts_for_the_probed_targets_it_stands_for():
    pod = load_spec(str(SKELETON))
    scenario = Scenario.from_dict({
        "dependencies": {"db": {"down": [{"from": 60, "to": 90}]}},
        "targets": {"*": {"depends_on": ["db"]}, "/livez": {"answer": {"status": 200}}}})
    # /readyz is not listed: it answers like "*", so db matters to this container
    assert labels(plot_meta(pod, scenario, 300)) == ["db down"]


def test_a_trace_shades_only_the_failing_stretches_of_probed_targets():
    pod = load_spec(str(SKELETON))
    trace = load_trace(str(REPO / "traces" / "seed_db_outage.jsonl"))
    every = {w.label for w in trace.windows(300)}
    assert "/healthz failing" in every  # recorded, but the skeleton does not probe it
    kept = set(labels(plot_meta(pod, trace, 300)))
    assert "/readyz failing" in kept and "/healthz failing" not in kept


def _overlaps(fig) -> list[tuple[str, str]]:
    renderer = fig.canvas.get_renderer()
    fig.canvas.draw()
    colours = {m["color"].lower() for m in MARKS.values()}
    from matplotlib.colors import to_hex
    texts = [t for t in fig.axes[0].texts if to_hex(t.get_color()) in colours]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
    return [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes, 2)
            if ba.overlaps(bb)], [t for t, _ in boxes]


@pytest.mark.parametrize("gap", [0.5, 1.0, 3.0])
def test_failure_reasons_close_together_do_not_overlap(gap, tmp_path):
    """Five different failure reasons in quick succession, probed every second."""
    spec = tmp_path / "spec.yaml"
    spec.write_text("name: app\nports: [{name: http, containerPort: 8000}]\n"
                    "livenessProbe: {httpGet: {path: /livez, port: http}, periodSeconds: 1, "
                    "failureThreshold: 30}\n"
                    "readinessProbe: {httpGet: {path: /readyz, port: http}, periodSeconds: 1}\n")
    pod = load_spec(str(spec))
    answers = [{"status": 500}, {"status": 503}, {"error": "refused"}, {"status": 404},
               {"error": "reset"}]
    windows = [{"from": 40 + i * gap, "to": 40 + (i + 1) * gap, "answer": a}
               for i, a in enumerate(answers)]
    scenario = Scenario.from_dict({"targets": {"/livez": {"windows": windows},
                                               "/readyz": {"windows": windows}}})
    tl = simulate(pod, scenario, duration=120, seed=0, phase=0.0)
    doc = json.loads(json.dumps(to_document(tl, meta={"behaviour": "test",
                                                       **plot_meta(pod, scenario, 120)})))
    overlapping, shown = _overlaps(figure(doc))
    assert len(shown) >= 4, shown
    assert overlapping == []


def test_a_hang_is_shaded_up_to_the_end_of_the_run():
    # a stall with `to: null` never ends: its window runs to the end of what was simulated
    pod = load_spec(str(SKELETON))
    scenario = Scenario.from_dict({"stalls": [{"from": 100, "to": 140}, {"from": 400, "to": None}]})
    windows = plot_meta(pod, scenario, 600)["windows"]
    assert [(w["start"], w["end"]) for w in windows] == [(100, 140), (400, 600)]
    # and a hang that starts after the run is not shaded at all
    assert [w["start"] for w in plot_meta(pod, scenario, 300)["windows"]] == [100]


def test_a_pod_shades_what_any_of_its_containers_probes_under_either_key():
    from tests.helpers import mesh_pod

    pod = mesh_pod()  # app probes /livez and /readyz; the proxy sidecar probes :15021/ready
    scenario = Scenario.from_dict({"targets": {
        "proxy:15021/ready": {"windows": [{"from": 30, "to": 40, "answer": {"status": 503}}]},
        "/readyz": {"windows": [{"from": 50, "to": 60, "answer": {"status": 500}}]},
        "/metrics": {"windows": [{"from": 70, "to": 80, "answer": {"status": 500}}]}}})
    assert any(w.label.startswith("proxy:15021/ready") for w in scenario.windows(120))
    kept = plot_meta(pod, scenario, 120)["windows"]
    assert [w["start"] for w in kept] == [30, 50]  # the sidecar's own target is shaded too
