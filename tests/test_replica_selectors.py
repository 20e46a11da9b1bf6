"""Scenario and trace entries that select replicas of a fleet by index, node, zone, ordinal
or name (docs/controller-rules.md F5, `kubesim.behaviour.replicas`).

The expected timelines are not computed from the selectors: a selected pod must be, byte for
byte, the same pod of a fleet whose scenario has the entry without a selector (everyone plays
it), and an unselected pod the same pod of a fleet whose scenario lacks the entry (nobody
plays it). Later pods are checked against where the controllers put them in the output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubesim import Scenario, load_spec
from kubesim.behaviour.trace import load_trace
from kubesim.cli.main import main
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import FleetSettings
from kubesim.render.report import render_json

ROOT = Path(__file__).resolve().parent.parent
SKELETON = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
APP = str(ROOT / "examples" / "seed-app" / "deployment.yaml")
BROKER = str(ROOT / "examples" / "broker" / "statefulset.yaml")
DISK_EXAMPLE = ROOT / "examples" / "node-disk"


def _disk(selector: dict | None, *, at: float = 60, to: float | None = 360) -> dict:
    """The node-local fault: /readyz and /livez need the disk, down from `at` to `to`."""
    disk: dict = {"down": [{"from": at, "to": to}]}
    if selector is not None:
        disk["replicas"] = selector
    return {"dependencies": {"disk": disk},
            "targets": {"/readyz": {"answer": {"status": 200, "latency_ms": 2},
                                    "depends_on": ["disk"]},
                        "/livez": {"answer": {"status": 200, "latency_ms": 1},
                                   "depends_on": ["disk"], "when_down": {"error": "timeout"}}}}


HEALTHY_DOC = {"targets": {"/readyz": {"answer": {"status": 200, "latency_ms": 2}},
                           "/livez": {"answer": {"status": 200, "latency_ms": 1}}}}


def _fleet(doc: dict, settings: FleetSettings, duration: float = 600):
    return simulate_fleet(load_spec(SKELETON), Scenario.from_dict(doc, source="<test>"),
                          settings, duration=duration, seed=7)


@pytest.mark.parametrize(("selector", "chosen"), [
    ({"nodes": ["node-2"]}, lambda ident: ident.node == "node-2"),
    ({"zones": ["zone-a"]}, lambda ident: ident.zone == "zone-a"),
    ({"indexes": [0, 4]}, lambda ident: ident.index in (0, 4)),
    ({"names": ["seed_skeleton-r1-3"]}, lambda ident: ident.name == "seed_skeleton-r1-3"),
    ({"nodes": ["node-1", "node-2"], "zones": ["zone-b"]},
     lambda ident: ident.node in ("node-1", "node-2") and ident.zone == "zone-b"),
])
def test_F5_a_selected_pod_plays_the_entry_and_the_others_do_not(selector, chosen):
    settings = FleetSettings(6, start_spread=20, nodes=3)
    fleet = _fleet(_disk(selector), settings)
    everyone, nobody = _fleet(_disk(None), settings), _fleet(HEALTHY_DOC, settings)
    picked = [chosen(ident) for ident in fleet.identities]
    assert any(picked) and not all(picked)  # the case selects some pods, not all
    for i, hit in enumerate(picked):
        same = everyone if hit else nobody
        assert render_json(fleet.timelines[i]) == render_json(same.timelines[i]), i
    restarted = [tl.summary().restarts > 0 for tl in fleet.timelines]
    assert restarted == picked  # the fault kills exactly the selected pods


def test_F5_every_kind_of_entry_selects():
    """A stall, an exit rule, a target and an answer window select the pods they name; the
    rest of the scenario plays everywhere."""
    base = {"targets": {"/readyz": {"answer": {"status": 200}},
                        "/livez": {"answer": {"status": 200}}}}
    cases = [
        {"stalls": [{"from": 100, "to": 160, "replicas": {"indexes": [1]}}]},
        {"exit": [{"after_seconds": 120, "code": 1, "replicas": {"indexes": [1]}}]},
        {"targets": {**base["targets"], "/livez": {"answer": {"error": "timeout"},
                                                   "replicas": {"indexes": [1]}}}},
        {"targets": {**base["targets"], "/livez": {"answer": {"status": 200}, "windows": [
            {"from": 100, "to": 200, "answer": {"status": 500},
             "replicas": {"indexes": [1]}}]}}},
    ]
    settings = FleetSettings(3)
    for case in cases:
        doc = {**base, **case}
        fleet = _fleet(doc, settings, duration=400)
        plain = json.loads(json.dumps(doc).replace(', "replicas": {"indexes": [1]}', ""))
        assert plain != doc
        everyone, nobody = _fleet(plain, settings, 400), _fleet(base, settings, 400)
        assert render_json(fleet.timelines[1]) == render_json(everyone.timelines[1]), case
        assert render_json(fleet.timelines[1]) != render_json(nobody.timelines[1]), case
        for i in (0, 2):
            assert render_json(fleet.timelines[i]) == render_json(nobody.timelines[i]), case


def _write_disk(tmp_path: Path, selector: dict, **kw) -> str:
    path = tmp_path / "disk.scenario.yaml"
    path.write_text(json.dumps(_disk(selector, **kw)))
    return str(path)


def _fleet_json(capsys, *args: str) -> dict:
    assert main(["fleet", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_F5_a_rollouts_pods_play_the_unselected_entries_where_they_land(tmp_path, capsys):
    """The disk of node-2 is full from 60 s to the end; the rollout at 100 s puts a new pod
    on node-2: it is a later pod, so it plays the entries that select nobody, and stays up
    on the node whose first pod kept restarting."""
    scenario = _write_disk(tmp_path, {"nodes": ["node-2"]}, to=None)
    doc = _fleet_json(capsys, APP, "--scenario", scenario, "--duration", "400",
                      "--rollout-at", "100")
    first = [r for r in doc["replicas"] if r["created_at"] == 0]
    later = [r for r in doc["replicas"] if r["created_at"] > 0]
    on_node_2 = [r for r in later if r["node"] == "node-2"]
    assert on_node_2, "the rollout placed no new pod on node-2"
    for r in first:
        assert (r["summary"]["restarts"] > 0) == (r["node"] == "node-2"), r["name"]
    for r in later:
        assert r["summary"]["restarts"] == 0 and r["summary"]["failures"]["readiness"] == 0


def test_F5_a_drains_replacement_plays_the_unselected_entries(tmp_path, capsys):
    scenario = _write_disk(tmp_path, {"indexes": [1]}, to=None)
    doc = _fleet_json(capsys, APP, "--scenario", scenario, "--duration", "300",
                      "--drain-at", "100", "--drain-replicas", "1")
    replacement = [r for r in doc["replicas"] if r["replica"] >= 3]
    assert len(replacement) == 1 and replacement[0]["summary"]["failures"]["readiness"] == 0
    assert doc["replicas"][1]["summary"]["restarts"] > 0


def test_F5_T4_an_ordinal_selector_follows_the_statefulsets_replacement(tmp_path, capsys):
    """A StatefulSet's replacement keeps its name and ordinal (T4): an `ordinals` selector
    still selects it; an `indexes` selector (the first pod of that ordinal) does not."""
    def ready_failures(selector: dict) -> dict[str, list[int]]:
        path = tmp_path / "ordinal.scenario.yaml"
        path.write_text(json.dumps({"targets": {"/ready": {"answer": {"status": 200},
                                                           "since_start": [
            {"from": 0, "to": 30, "answer": {"status": 503}, "replicas": selector}]}}}))
        doc = _fleet_json(capsys, BROKER, "--scenario", str(path), "--duration", "600",
                          "--rollout-at", "250")
        out: dict[str, list[int]] = {}
        for r in doc["replicas"]:
            out.setdefault(r["name"], []).append(r["summary"]["failures"]["readiness"])
        return out

    by_ordinal = ready_failures({"ordinals": [2]})
    by_index = ready_failures({"indexes": [2]})
    assert len(by_ordinal["broker-2"]) == 2  # the first pod and its replacement
    assert all(n > 0 for n in by_ordinal["broker-2"])
    assert by_index["broker-2"][0] > 0 and by_index["broker-2"][1] == 0
    for name, failures in by_ordinal.items():
        if name != "broker-2":
            assert failures == [0] * len(failures), name


def _trace(path: Path, meta: dict, failing_from: float | None) -> str:
    lines = [json.dumps({"meta": meta})]
    for k in range(0, 600, 1):
        bad = failing_from is not None and k >= failing_from
        lines.append(json.dumps({"t": float(k), "target": "/readyz",
                                 "status": 503 if bad else 200, "latency_ms": 2}))
        lines.append(json.dumps({"t": float(k), "target": "/livez", "status": 200,
                                 "latency_ms": 1}))
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_F5_each_trace_plays_for_the_replicas_its_meta_selects(tmp_path):
    sick = _trace(tmp_path / "sick.jsonl", {"on_restart": "wall",
                                            "replicas": {"zones": ["zone-c"]}}, 100)
    well = _trace(tmp_path / "well.jsonl", {"on_restart": "wall"}, None)
    sick_everywhere = _trace(tmp_path / "all.jsonl", {"on_restart": "wall"}, 100)
    from kubesim.behaviour.replicas import TraceCast

    settings = FleetSettings(3)
    pod = load_spec(SKELETON)
    cast = TraceCast([load_trace(sick), load_trace(well)], "sick, well")
    fleet = simulate_fleet(pod, cast, settings, duration=300, seed=2)
    everyone = simulate_fleet(pod, load_trace(sick_everywhere), settings, duration=300, seed=2)
    nobody = simulate_fleet(pod, load_trace(well), settings, duration=300, seed=2)
    zones = [ident.zone for ident in fleet.identities]
    assert zones.count("zone-c") == 1
    for i, zone in enumerate(zones):
        same = everyone if zone == "zone-c" else nobody
        assert render_json(fleet.timelines[i]) == render_json(same.timelines[i])


def test_F5_a_trace_that_selects_replicas_leaves_the_others_healthy(tmp_path, capsys):
    sick = _trace(tmp_path / "sick.jsonl", {"replicas": {"indexes": [0]}}, 50)
    doc = _fleet_json(capsys, SKELETON, "--trace", sick, "--duration", "200")
    failures = [r["summary"]["failures"]["readiness"] for r in doc["replicas"]]
    assert failures[0] > 0 and failures[1:] == [0] * (len(failures) - 1)


def test_a_lone_pod_plays_only_the_unselected_entries_and_says_so(tmp_path, capsys):
    scenario = _write_disk(tmp_path, {"nodes": ["node-2"]})
    assert main(["run", SKELETON, "--scenario", scenario, "--duration", "400"]) == 0
    out = capsys.readouterr().out
    assert "restarts          0" in out
    assert "note: 1 scenario entry selects replicas of a fleet (dependencies.disk.replicas)" \
        in out


def test_the_windows_say_which_replicas_they_are_about():
    sc = Scenario.from_dict(_disk({"nodes": ["node-2"]}), source="<test>")
    assert [w.label for w in sc.windows(600)] == ["disk down (node-2)"]
    assert sc.windows(600)[0].start == 60


BAD_SELECTORS = [  # (selector, what the message says)
    ({"nodes": ["node-7"]},
     ":3: dependencies.disk.replicas.nodes: 'node-7' is not one of the fleet's nodes; it has node-1, node-2, node-3"),
    ({"hosts": ["node-1"]},
     ':3: dependencies.disk.replicas.hosts: unknown field hosts; allowed: indexes, ordinals, names, nodes, zones'),
    ({},
     ':3: dependencies.disk.replicas: a replica selector names indexes, ordinals, names, nodes or zones (at least one of them)'),
    ({"indexes": [-1]},
     'dependencies.disk.replicas.indexes[0]: Input should be greater than or equal to 0'),
    ({"indexes": [3]},
     'dependencies.disk.replicas.indexes: the fleet has no pod #3: it starts pods #0 ... #2'),
    ({"ordinals": [0]},
     "dependencies.disk.replicas.ordinals: only a StatefulSet's pods have ordinals"),
    ({"nodes": "node-1"},
     'dependencies.disk.replicas.nodes: Input should be a valid list'),
    ({"zones": ["zone b"]},
     'is not a pod, node or zone name'),
]


@pytest.mark.parametrize(("selector", "message"), BAD_SELECTORS)
def test_a_bad_selector_is_refused_at_the_edge(tmp_path, capsys, selector, message):
    path = tmp_path / "bad.scenario.yaml"
    path.write_text("dependencies:\n  disk:\n    replicas: " + json.dumps(selector)
                    + "\n    down: [{from: 60, to: 360}]\n"
                    + "targets:\n  /livez: {depends_on: [disk], when_down: {error: timeout}}\n")
    assert main(["fleet", APP, "--scenario", str(path), "--duration", "100"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert str(path) in captured.err and message in captured.err, captured.err


def test_a_bad_trace_selector_names_the_meta_line(tmp_path, capsys):
    bad = _trace(tmp_path / "bad.jsonl", {"replicas": {"nodes": []}}, None)
    assert main(["fleet", SKELETON, "--trace", bad, "--duration", "100"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:1: meta.replicas.nodes: List should have at least 1 item" in err, err
    one = _trace(tmp_path / "one.jsonl", {}, None)
    two = _trace(tmp_path / "two.jsonl", {}, 10)
    assert main(["fleet", SKELETON, "--trace", one, "--trace", two, "--duration", "100"]) == 2
    err = capsys.readouterr().err
    assert "2 traces select no replicas" in err and "Traceback" not in err


def test_the_node_disk_example_runs_as_documented(capsys, monkeypatch):
    """examples/node-disk: one node of three loses its disk; only its pod restarts, and the
    fleet keeps two of three serving. The command is the one the manifest's comment gives."""
    spec = DISK_EXAMPLE / "deployment.yaml"
    command = next(line.removeprefix("#").split() for line in spec.read_text().splitlines()
                   if line.startswith("#   kubesim fleet"))
    monkeypatch.chdir(ROOT)
    doc = _fleet_json(capsys, *command[2:])
    restarts = {r["node"]: r["summary"]["restarts"] for r in doc["replicas"]}
    assert sorted(restarts) == ["node-1", "node-2", "node-3"]
    assert restarts["node-2"] > 0 and restarts["node-1"] == restarts["node-3"] == 0
    assert doc["summary"]["min_capacity"] == 2


def test_the_picture_shades_a_selected_window_on_its_pods_lanes_only(capsys, tmp_path):
    from kubesim.fleet.casting import window_pods
    from kubesim.render.fleet_plot import render_fleet_png

    scenario = _write_disk(tmp_path, {"nodes": ["node-2"]})
    doc = _fleet_json(capsys, APP, "--scenario", scenario, "--duration", "400")
    sc = Scenario.from_dict(_disk({"nodes": ["node-2"]}), source="<test>")
    windows = [{"start": w.start, "end": w.end, "label": w.label} for w in sc.windows(400)]
    shaded = window_pods(doc, windows, sc, 400)
    on_node_2 = [r["name"] for r in doc["replicas"] if r["node"] == "node-2"]
    assert shaded == [{**windows[0], "pods": on_node_2}] and len(on_node_2) == 1
    assert render_fleet_png(doc, shaded) != render_fleet_png(doc, windows)
    from kubesim.render.fleet_plot import fleet_figure
    fig = fleet_figure(doc, shaded)  # the legend says whose lanes it shades
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]
    assert "outage of the behaviour, on the pods it selects" in {
        t.get_text() for legend in legends for t in legend.get_texts()}


def test_a_lone_pod_replays_a_trace_that_selects_replicas_as_recorded(tmp_path, capsys):
    selected = _trace(tmp_path / "sel.jsonl", {"replicas": {"nodes": ["node-2"]}}, 50)
    plain = _trace(tmp_path / "plain.jsonl", {}, 50)
    outs = []
    for path in (selected, plain):
        assert main(["run", SKELETON, "--trace", path, "--duration", "200"]) == 0
        outs.append(capsys.readouterr().out)
    assert "note: the trace's meta selects replicas of a fleet (node-2); one pod replays it " \
        "as recorded" in outs[0]
    rest = [line for line in outs[0].replace(selected, plain).splitlines()
            if "selects replicas" not in line]
    assert rest == outs[1].splitlines()
