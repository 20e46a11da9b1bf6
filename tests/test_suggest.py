"""`kubesim suggest`: the seed's unified /healthz and the coredns case are fixed without
contradicting any finding (the patch is applied to the manifest and `check` runs again), the
trade-off is explained when expectations conflict, and the rule it searches with (F failing
probes in a row kill, R1.17) agrees with the engine at every grid phase."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from helpers import REAL_MANIFESTS, cli, examples, needs_real_manifests
from hypothesis import given, settings
from hypothesis import strategies as st

from kubesim.analysis.check.experiments import settle_time, synthetic
from kubesim.analysis.phases import across_phases
from kubesim.analysis.windows import protection_windows
from kubesim.spec.model import ProbedContainer, parse_container

REPO = Path(__file__).resolve().parent.parent
UNIFIED = REPO / "probe_specs" / "seed_unified_healthz.yaml"
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
CORPUS = REAL_MANIFESTS
SCHEMA = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())


def suggest_json(capsys, *argv: str) -> tuple[int, dict]:
    code, out, err = cli(capsys, "suggest", *argv, "--format", "json")
    assert err == ""
    return code, json.loads(out)


def merge(into: dict, changes: dict) -> dict:
    """A plain strategic merge for one container (null removes): written independently."""
    out = copy.deepcopy(into)
    for k, v in changes.items():
        if v is None:
            out.pop(k, None)
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def check_ids(capsys, path: str, *argv: str) -> tuple[int, list[tuple[str, str]]]:
    code, out, err = cli(capsys, "check", path, *argv, "--format", "json")
    assert err == ""
    return code, sorted((f["id"], f["severity"]) for f in json.loads(out)["findings"])


# ---------------------------------------------------------------- the seed


def test_seed_unified_healthz_is_fixed_by_moving_liveness(capsys, tmp_path):
    code, doc = suggest_json(capsys, str(UNIFIED), "--scenario", OUTAGE,
                             "--expect", "survive-outage=90", "--expect", "hang-within=40")
    item = doc["containers"][0]
    assert code == 0 and item["met"] and item["new_findings"] == []
    assert item["patch"] == {"name": "app", "livenessProbe": {"httpGet": {"path": "/livez"}}}
    assert any("conflict" in t for t in item["tradeoff"])  # thresholds alone cannot
    patched = tmp_path / "patched.yaml"
    spec = yaml.safe_load(UNIFIED.read_text())
    patched.write_text(yaml.safe_dump(merge(spec, {k: v for k, v in item["patch"].items()
                                                   if k != "name"})))
    before_code, before = check_ids(capsys, str(UNIFIED), "--scenario", OUTAGE)
    after_code, after = check_ids(capsys, str(patched), "--scenario", OUTAGE)
    assert (before_code, after_code) == (1, 0)
    assert {i for i, _ in after} <= {i for i, _ in before} and after == []
    # the engine agrees, independently of suggest: no restart at any of 20 phases
    pod = ProbedContainer(parse_container(yaml.safe_load(patched.read_text())))
    from kubesim.behaviour.scenario import load_scenario

    assert across_phases(pod, load_scenario(OUTAGE), n=20, duration=300).with_restart == 0


def test_seed_conflict_without_an_untouched_endpoint_is_explained(capsys):
    code, doc = suggest_json(capsys, str(UNIFIED), "--expect", "survive-outage=120",
                             "--expect", "hang-within=30")
    item = doc["containers"][0]
    assert code == 1 and not item["met"] and item["patch"] is None and doc["patch"] == ""
    text = " ".join(item["tradeoff"])
    assert "conflict" in text and "fastest hang detection that still survives it" in text
    assert "catches a hang within 30 s" in text and "restarted" in text


def test_thresholds_alone_survive_the_outage(capsys):
    code, doc = suggest_json(capsys, str(UNIFIED), "--expect", "survive-outage=90")
    item = doc["containers"][0]
    assert code == 0 and item["met"]
    live = merge(yaml.safe_load(UNIFIED.read_text())["livenessProbe"],
                 item["patch"]["livenessProbe"])
    start = 60.0
    pod = ProbedContainer(parse_container({**yaml.safe_load(UNIFIED.read_text()),
                                           "livenessProbe": live}))
    outage = synthetic("90 s", targets={"/healthz": {"windows": [
        {"from": start, "to": start + 90, "answer": {"status": 503}}]}})
    assert across_phases(pod, outage, n=20, duration=300).with_restart == 0
    # and it is the smallest: one field
    assert len(item["patch"]["livenessProbe"]) == 1


def test_already_met_changes_nothing(capsys):
    code, doc = suggest_json(capsys, str(UNIFIED), "--expect", "hang-within=60")
    assert code == 0 and doc["containers"][0]["patch"] is None and doc["patch"] == ""


# ---------------------------------------------------------------- coredns


@needs_real_manifests
def test_coredns_is_fixed_without_contradicting_any_finding(capsys, tmp_path):
    source = CORPUS / "coredns.yaml"
    code, doc = suggest_json(capsys, str(source), "--expect", "starts-within=100",
                             "--expect", "hang-within=30")
    item = doc["containers"][0]
    assert code == 0 and item["met"] and item["new_findings"] == []
    docs = list(yaml.safe_load_all(source.read_text()))
    deployment = next(d for d in docs if d and d.get("kind") == "Deployment")
    containers = deployment["spec"]["template"]["spec"]["containers"]
    containers[0] = merge(containers[0], {k: v for k, v in item["patch"].items() if k != "name"})
    patched = tmp_path / "coredns.yaml"
    patched.write_text(yaml.safe_dump_all(docs, sort_keys=False))
    _, before = check_ids(capsys, str(source), "--startup-seconds", "100")
    code, after = check_ids(capsys, str(patched), "--startup-seconds", "100")
    assert code == 0 and {i for i, _ in after} <= {i for i, _ in before} - {"KS005"}
    # independently: the windows of the patched container
    win = protection_windows(ProbedContainer(parse_container(
        {k: containers[0][k] for k in ("name", "ports", "livenessProbe", "readinessProbe",
                                       "startupProbe") if k in containers[0]})))
    assert win.startup_protection.guaranteed >= 100 and win.hang_detection.guaranteed <= 30


# ---------------------------------------------------------------- formats and input


def test_yaml_format_is_the_patch_alone(capsys):
    code, out, _ = cli(capsys, "suggest", str(UNIFIED), "--scenario", OUTAGE, "--expect",
                       "survive-outage=90", "--format", "yaml")
    assert code == 0 and yaml.safe_load(out) == {"livenessProbe": {"httpGet": {"path": "/livez"}}}


def test_sarif_fixes_replace_the_probe_block(capsys, tmp_path):
    manifest = tmp_path / "web.yaml"
    manifest.write_text((REPO / "tests" / "check_inputs" / "same_endpoint.yaml").read_text())
    code, out, _ = cli(capsys, "suggest", str(manifest), "--expect", "survive-outage=60",
                       "--format", "sarif")
    doc = json.loads(out)
    jsonschema.validators.validator_for(SCHEMA)(SCHEMA).validate(doc)
    (result,) = doc["runs"][0]["results"]
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    (rep,) = change["replacements"]
    lines = manifest.read_text().splitlines(keepends=True)
    region = rep["deletedRegion"]
    new = (lines[:region["startLine"] - 1] + [rep["insertedContent"]["text"]]
           + lines[region["endLine"] - 1:])
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text("".join(new))
    data = yaml.safe_load(fixed.read_text())
    live = data["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]
    assert live["failureThreshold"] > 3 and live["httpGet"]["path"] == "/healthz"
    assert code == 0


@pytest.mark.parametrize("probe_field", ["livenessProbe", "readinessProbe"])
def test_sarif_fixes_without_known_lines_are_none(probe_field):
    """A container whose document has no lines (a rendered Helm template: `start_line`
    None) gets no SARIF fix: there is no block to replace (mypy found the unchecked None)."""
    from kubesim.analysis.check.findings import ContainerRef
    from kubesim.analysis.check.fixes import ProbePatch, sarif_fixes
    from kubesim.spec.yamlio import YamlDocument

    data = {"name": "api", "livenessProbe": {"tcpSocket": {"port": 8080}}}
    doc = YamlDocument(data, "templates/deploy.yaml", None)
    ref = ContainerRef("api", doc, (), None)
    patch = ProbePatch("api", {probe_field: {"failureThreshold": 6}})
    text = "name: api\nlivenessProbe:\n  tcpSocket:\n    port: 8080\n"
    assert sarif_fixes(ref, patch, "templates/deploy.yaml", text) == []


@pytest.mark.parametrize("argv,text", [
    (["--expect", "hang"], "one of survive-outage=S"),
    (["--expect", "hang-within=-1"], "--expect.hang-within=-1 must be a positive number of seconds"),
])
def test_bad_expectations_are_one_line(capsys, tmp_path, monkeypatch, argv, text):
    monkeypatch.chdir(tmp_path)  # no configuration found upwards from here
    code, out, err = cli(capsys, "suggest", str(UNIFIED), *argv)
    assert code == 2 and out == "" and text in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------- the rule it searches with


@settings(max_examples=examples(12), deadline=None)
@given(period=st.sampled_from([2, 5, 10, 20]), failures=st.integers(1, 8),
       outage=st.integers(5, 80))
def test_survive_rule_matches_the_engine_at_every_phase(period, failures, outage):
    # R1.17: failureThreshold consecutive failures kill; the worst grid phase puts a tick at
    # the outage's start, so ceil(outage / period) failing probes fit into it
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.suggest import Outage, Want, judge

    pod = ProbedContainer(parse_container({
        "name": "app", "livenessProbe": {"httpGet": {"path": "/healthz", "port": 8000},
                                         "periodSeconds": period,
                                         "failureThreshold": failures}}))
    judged = judge(pod, Want("survive-outage", float(outage)), Outage({"/healthz"}, [], ""),
                   Settings()).met
    start = settle_time(pod)
    scenario = synthetic("o", targets={"/healthz": {"windows": [
        {"from": start, "to": start + outage, "answer": {"status": 503}}]}})
    restarts = across_phases(pod, scenario, n=20, duration=start + outage + 60).with_restart
    assert judged == (restarts == 0)


@needs_real_manifests
def test_dashboard_hang_is_caught_by_a_shorter_timeout_not_a_hair_trigger(capsys):
    # the hand review: timeoutSeconds 30 on a 10 s period catches a hang after 90 s or more
    code, doc = suggest_json(capsys, str(CORPUS / "dashboard_v2_recommended.yaml"),
                             "--workload", "kubernetes-dashboard", "--expect", "hang-within=60")
    (item,) = doc["containers"]
    live = item["patch"]["livenessProbe"]
    assert code == 0 and item["met"] and set(live) == {"timeoutSeconds"}
    assert live["timeoutSeconds"] < 10  # below the period: KS004 goes away
    before = set(map(tuple, item["findings_before"]))
    assert ("KS004", "warning") in before
    # what is left (the dashboard has no readiness probe: KS008) was there before
    assert set(map(tuple, item["findings_after"])) == before - {("KS004", "warning")}
    assert item["new_findings"] == []


def test_grpc_and_tcp_readiness_are_not_assumed_to_depend_on_anything(capsys, tmp_path):
    spec = tmp_path / "grpc.yaml"
    spec.write_text("name: server\nlivenessProbe: {grpc: {port: 9555}}\n"
                    "readinessProbe: {grpc: {port: 9555}}\n")
    code, doc = suggest_json(capsys, str(spec), "--expect", "survive-outage=120")
    assert code == 0 and doc["containers"][0]["patch"] is None
    assert "the process itself" in doc["containers"][0]["outage"]["why"]


def test_a_missing_liveness_probe_is_not_invented(capsys, tmp_path):
    spec = tmp_path / "ready.yaml"
    spec.write_text("name: web\nreadinessProbe: {httpGet: {path: /readyz, port: 8080}}\n")
    code, doc = suggest_json(capsys, str(spec), "--expect", "hang-within=60")
    item = doc["containers"][0]
    assert code == 1 and item["patch"] is None
    assert "no livenessProbe" in item["tradeoff"][0]


def test_a_scenario_scoped_elsewhere_does_not_shape_the_outage(capsys, tmp_path):
    scenario = tmp_path / "other.scenario.yaml"
    own = yaml.safe_load(Path(OUTAGE).read_text())
    scenario.write_text(yaml.safe_dump({**own, "applies_to": [{"name": "someone-else"}]}))
    _, doc = suggest_json(capsys, str(UNIFIED), "--scenario", str(scenario),
                          "--expect", "survive-outage=90")
    assert doc["containers"][0]["outage"]["why"].startswith("no scenario or trace")


@settings(max_examples=examples(10), deadline=None)
@given(period=st.sampled_from([3, 5, 10, 20]), failures=st.integers(2, 6),
       timeout=st.integers(1, 4), hang=st.integers(20, 150), start=st.integers(10, 200))
def test_a_suggestion_meets_every_expectation_by_the_windows(tmp_path_factory, period,
                                                             failures, timeout, hang, start):
    # whatever suggest prints must hold by kubesim windows' guaranteed figures (computed
    # independently of suggest's own search), and its patch must be a valid probe spec
    from kubesim.analysis.check.findings import Settings
    from kubesim.analysis.check.read import read_inputs
    from kubesim.analysis.suggest import Want, suggest

    folder = tmp_path_factory.mktemp("spec")
    spec = folder / "spec.yaml"
    data = {"name": "app", "livenessProbe": {"httpGet": {"path": "/livez", "port": 8000},
                                             "periodSeconds": period,
                                             "failureThreshold": failures,
                                             "timeoutSeconds": timeout}}
    spec.write_text(yaml.safe_dump(data))
    workloads = read_inputs([str(spec)]).workloads
    w = workloads[0]
    wants = [Want("hang-within", float(hang)), Want("starts-within", float(start))]
    got = suggest(w, w.containers[0], wants, [], Settings(phases=5))
    if got.patch is None:
        assert not got.met or all(j.met for j in got.before)
        return
    patched = merge(data, {k: v for k, v in got.patch.to_data().items() if k != "name"})
    win = protection_windows(ProbedContainer(parse_container(patched)))
    assert win.hang_detection.guaranteed <= hang + 1e-6
    assert win.startup_protection.guaranteed >= start - 1e-6
