"""Evidence that is true (issue 21, item 2): a finding quotes only probes and endpoints the
workload has; a scenario or trace that names no workload, applied to several, is an assumption
that each finding states and that raises no error; no "0 s" is ever a finding's reason; and
each finding carries the simulated run that is its evidence (re-run here to show it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from helpers import cli

from kubesim.behaviour.scenario import Scenario, load_scenario
from kubesim.behaviour.trace import load_trace
from kubesim.engine.simulate import simulate
from kubesim.spec.manifests import load_spec

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
INPUTS = HERE / "check_inputs"
REAL = HERE / "data" / "real"
SEED_SCENARIO = REPO / "traces" / "seed_db_outage.scenario.yaml"


def check(capsys, *argv: str) -> tuple[int, dict]:
    code, out, err = cli(capsys, "check", *argv, "--format", "json", "--no-config")
    assert err == "", err
    return code, json.loads(out)


def _unnamed(tmp_path: Path) -> str:
    """The shipped DB-outage scenario without its applies_to: a scenario of some other app."""
    data = yaml.safe_load(SEED_SCENARIO.read_text())
    data.pop("applies_to")
    path = tmp_path / "db-outage.scenario.yaml"
    path.write_text(yaml.safe_dump(data))
    return str(path)


def _named_trace(tmp_path: Path, applies_to: list[dict]) -> str:
    lines = (INPUTS / "db_outage.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    first["meta"]["applies_to"] = applies_to
    path = tmp_path / "named.jsonl"
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    return str(path)


def _probed_paths(doc: dict, f: dict) -> set[str]:
    """The paths a finding's container probes, read from its manifest independently."""
    kind, name = f["object"].split("/", 1)
    for d in yaml.safe_load_all(Path(f["file"]).read_text()):
        if d and d["kind"] == kind and d["metadata"]["name"] == name:
            spec = d["spec"]["template"]["spec"] if kind != "Pod" else d["spec"]
            c = next(c for c in spec["containers"] if c["name"] == f["container"])
            return {p["httpGet"]["path"] for k, p in c.items()
                    if k.endswith("Probe") and "httpGet" in p}
    raise AssertionError(f["object"])


# ---------------------------------------------------------------- only what the workload has


def test_gatekeeper_and_contour_with_a_scenario_of_another_app(capsys, tmp_path):
    """The case of the issue: the seed's DB-outage scenario (it has /healthz, /readyz, /livez)
    applied to real manifests because /healthz matched."""
    real = [str(REAL / "gatekeeper_workloads.yaml"), str(REAL / "contour_workloads.yaml")]
    code, doc = check(capsys, *real, "--scenario", _unnamed(tmp_path))
    found = [f for f in doc["findings"] if f["behaviour"]]
    assert code == 0 and found, doc["findings"]  # findings, but no error: an assumption
    for f in found:
        assert f["severity"] != "error" and f["assumed"] == f["behaviour"]
        assert "assumed:" in f["message"] and "names no workload" in f["message"]
        # only endpoints the workload has: /livez is the scenario's, not gatekeeper's
        quoted = set(re.findall(r"(/[a-z]+)\b", f["message"].replace(f["behaviour"], "")))
        assert quoted <= _probed_paths(doc, f) | {"/healthz"}, (quoted, f["message"])
        assert "/livez" not in f["message"]
        assert not re.search(r"\bfor 0(\.0)? s\b", f["message"]), f["message"]
    ks002 = [f for f in found if f["id"] == "KS002"]
    assert {f["object"] for f in ks002} == {"Deployment/gatekeeper-audit",
                                            "Deployment/gatekeeper-controller-manager",
                                            "Deployment/contour"}
    assert all(f["data"]["dependency"] == "db" and f["data"]["passing_target"] is None
               for f in ks002)


def test_the_shipped_scenario_names_the_seed_app_so_it_does_not_run_on_other_workloads(capsys):
    real = [str(REAL / "gatekeeper_workloads.yaml"), str(REAL / "contour_workloads.yaml")]
    code, doc = check(capsys, *real, "--scenario", str(SEED_SCENARIO))
    assert code == 0 and not [f for f in doc["findings"] if f["behaviour"]]
    assert any("matches no probed container" in n for n in doc["notes"])
    assert not any(c["behaviour"] for c in doc["checks"])  # not run against them at all


def test_a_target_only_the_trace_recorded_counts_when_the_trace_names_the_workload(capsys,
                                                                                  tmp_path):
    leak = str(INPUTS / "leak.yaml")  # liveness /healthz, readiness /readyz
    # unnamed: /livez is a path of whatever app was recorded; /readyz fails with /healthz
    _, doc = check(capsys, leak, "--trace", str(INPUTS / "db_outage.jsonl"))
    assert [f for f in doc["findings"] if f["id"] == "KS002"] == []
    assert not any("/livez" in f["message"] for f in doc["findings"])
    # named: the recording is of this pod, so its /livez is an endpoint the pod has
    named = _named_trace(tmp_path, [{"kind": "Pod", "name": "leak"}])
    code, doc = check(capsys, leak, "--trace", named)
    ks002 = [f for f in doc["findings"] if f["id"] == "KS002"]
    assert code == 1 and len(ks002) == 1 and ks002[0]["severity"] == "error"
    assert ks002[0]["data"]["passing_target"] == "/livez" and "/livez" in ks002[0]["message"]
    assert ks002[0]["assumed"] is None


def test_one_workload_with_one_unnamed_scenario_is_not_an_assumption(capsys):
    code, doc = check(capsys, str(INPUTS / "leak.yaml"), "--scenario",
                      str(INPUTS / "db_outage.scenario.yaml"))
    (f,) = doc["findings"]
    assert code == 1 and f["id"] == "KS002" and f["severity"] == "error"
    assert f["assumed"] is None and "assumed" not in f["message"]


def test_an_unnamed_scenario_on_several_workloads_raises_no_error_but_says_so(capsys):
    """Without the cap the same inputs give errors (the single-workload test above)."""
    code, doc = check(capsys, str(INPUTS / "leak.yaml"), str(INPUTS / "split.yaml"),
                      str(REPO / "tests" / "manifests" / "deployment.yaml"),
                      "--scenario", str(INPUTS / "db_outage.scenario.yaml"))
    assert code == 0
    assert {f["severity"] for f in doc["findings"]} == {"warning"}
    assert all(f["assumed"] and "was applied to all 3 probed workloads" in f["message"]
               for f in doc["findings"])
    assert any(f["id"] == "KS012" for f in doc["findings"])


# ---------------------------------------------------------------- no "0 s" reasons


def test_a_fleet_that_kept_serving_is_not_said_to_be_out_for_0_s(capsys, tmp_path):
    """contour: 2 replicas, liveness on /healthz; readiness on a port the scenario does not
    fail, so some replica always serves."""
    code, doc = check(capsys, str(REAL / "contour_workloads.yaml"), "--scenario",
                      _unnamed(tmp_path))
    assert code == 0  # an assumption: no error
    ks012 = next(f for f in doc["findings"] if f["id"] == "KS012")
    assert ks012["data"]["seconds_at_zero_capacity"] == 0
    assert "some replica served throughout" in ks012["message"]
    assert "0 s" not in ks012["message"].replace("30 s", "")


def test_a_shared_endpoint_readiness_never_answers_is_not_left_after_never(capsys, tmp_path):
    """Readiness that outlasts the outage (period 60, threshold 30: the GKE JetStream server):
    the pod stays Ready, and the finding says so in words."""
    spec = tmp_path / "slow.yaml"
    probe = "{httpGet: {path: /healthcheck, port: 8000}, periodSeconds: 60, failureThreshold: 30}"
    spec.write_text(f"name: app\nlivenessProbe: {probe}\nreadinessProbe: {probe}\n")
    _, doc = check(capsys, str(spec))
    (f,) = [f for f in doc["findings"] if f["id"] == "KS001"]
    assert "after never" not in f["message"]
    assert "the pod stays Ready through it" in f["message"]


# ---------------------------------------------------------------- the evidence, reachable


def _behaviour(doc: dict, evidence: dict):
    if evidence["scenario"] is not None:
        return Scenario.from_dict(evidence["scenario"], source=evidence["behaviour"])
    given = next(b for b in doc["behaviours"] if b["label"] == evidence["behaviour"])
    loader = load_scenario if given["kind"] == "scenario" else load_trace
    return loader(given["label"])


@pytest.mark.parametrize("argv", [
    ["same_endpoint.yaml"],  # KS001, a synthetic outage
    ["leak.yaml", "--scenario", "db_outage.scenario.yaml"],  # KS002, the given scenario
    ["slow_timeout.yaml"],  # KS004, a synthetic hang
    ["initial_delay.yaml"],  # KS005, a container that never answers
    ["liveness_only_fast.yaml", "--startup-seconds", "10"],  # KS003, a synthetic slow start
])
def test_each_finding_names_the_run_that_is_its_evidence(capsys, argv):
    """Re-run from the JSON alone (behaviour, duration, phase, seed): the run shows what the
    finding says, inside the window it names."""
    args = [str(INPUTS / a) if a.endswith(".yaml") else a for a in argv]
    _, doc = check(capsys, *args, "--no-missing-probes")  # findings of simulated runs only
    assert doc["findings"]
    for f in doc["findings"]:
        ev = f["evidence"]
        assert ev is not None, f
        pod = load_spec(f["file"], f["container"])
        tl = simulate(pod, _behaviour(doc, ev), duration=ev["duration"], seed=ev["seed"],
                      phase=ev["phase"])
        start, end = ev["window"] or (0.0, ev["duration"])
        if f["id"] in ("KS001", "KS002") and f["data"]["phases_with_restart"]:
            assert f["phase"] == ev["phase"] and f["seed"] == ev["seed"]
            assert any(start <= k.at <= end + 60 for k in tl.restarts), f["id"]
        elif f["id"] == "KS003":
            assert tl.kills and tl.kills[0].at <= end + 30
        elif f["id"] == "KS005":
            assert tl.kills and tl.kills[0].at == pytest.approx(end)
        elif f["id"] == "KS004":
            probe = f["data"]["probe"]
            calls = [p.at for p in tl.probes if p.probe.value == probe and start <= p.at <= end]
            assert len(calls) >= 2


@pytest.mark.parametrize("behaviour", [
    ["--scenario", str(INPUTS / "db_outage.scenario.yaml")],
    ["--trace", str(INPUTS / "db_outage.jsonl")],
    ["--scenario", str(REPO / "traces" / "seed_slow_startup.scenario.yaml")],
    ["--scenario", str(REPO / "traces" / "seed_event_loop_stall.scenario.yaml")],
    [],
])
def test_no_finding_gives_a_zero_as_its_reason(capsys, behaviour):
    """Over every input the tests have, with each shipped kind of behaviour: no "for 0 s",
    "after 0.0 s" or "never" where a figure is the reason."""
    inputs = [str(p) for p in sorted(INPUTS.glob("*.yaml")) if "expectations" not in p.name
              and "scenario" not in p.name and not p.name.startswith("bad_")]
    inputs += [str(REAL), str(REPO / "tests" / "manifests"), str(REPO / "probe_specs")]
    _, doc = check(capsys, *inputs, *behaviour, "--max-zero-capacity", "0")
    assert doc["findings"]
    for f in doc["findings"]:
        text = f["message"]
        assert not re.search(r"\b(for|after|of) 0(\.0+)? s\b", text), (f["id"], text)
        assert "after never" not in text, (f["id"], text)


def test_the_observer_asks_once_a_second_whatever_hooks_its_container_has():
    """`observe` asks the container's target once a second from 0: the container's own
    hooks are not the observer's (a 20 s postStart hook would hold its first calls, R4.40;
    a 60 s preStop sleep with the observer's default 30 s grace is a pod the API server
    refuses, R5.19)."""
    from kubesim import HEALTHY, profile_from
    from kubesim.analysis.check.experiments import observe
    from kubesim.spec.model import parse_container

    container = parse_container({
        "name": "app", "lifecycle": {"postStart": {"sleep": {"seconds": 20}},
                                     "preStop": {"sleep": {"seconds": 60}}},
        "readinessProbe": {"httpGet": {"path": "/healthz", "port": 8080}}})
    samples = observe(container, "/healthz", container.readiness_probe, HEALTHY, duration=5,
                      profile=profile_from(), phase=0.0)
    assert [t for t, _ in samples] == [0, 1, 2, 3, 4]
