"""`kubesim check` as a gate: prober errors that disable a probe (KS010, KS011), behaviours
scoped to the containers they name, notes for what a trace does not cover or cannot say,
empty input, and docs/sweep.md's "at every phase" claim recomputed with the model."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from helpers import cli

from kubesim.analysis.check.rules import RULES
from kubesim.cli.main import main

INPUTS = Path(__file__).resolve().parent / "check_inputs"


def inp(name: str) -> str:
    return str(INPUTS / name)


def inp_lines(name: str) -> list[str]:
    return (INPUTS / name).read_text().splitlines()


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    code, out, err = cli(capsys, "check", *argv, "--format", "json")
    return code, (json.loads(out) if out else {}), err


# ---------------------------------------------------------------- KS010, KS011


def test_ks010_named_port_missing_names_the_port_and_measures_the_disabled_probe(capsys):
    # R2.4: a port name is looked up in this container's ports only; not found -> error
    code, doc, _ = check(capsys, inp("named_port_missing.yaml"))
    found = {f["data"]["probe"]: f for f in doc["findings"] if f["id"] == "KS010"}
    assert code == 1 and set(found) == {"liveness", "readiness"}
    live, ready = found["liveness"], found["readiness"]
    assert live["severity"] == "error" and "'metrics'" in live["message"]
    assert "container exporter declares it" in live["message"] and live["line"] == 12
    assert "liveness never kills" in live["message"] and "at 0 of 20 grid phases" in \
        live["message"]
    assert "'admin'" in ready["message"] and "Ready at 0 of 20 grid phases" in ready["message"]


def test_ks010_not_raised_when_the_named_port_is_declared(capsys):
    _, doc, _ = check(capsys, inp("split.yaml"))
    assert [c["id"] for c in doc["checks"]].count("KS010") == 1
    assert not [f for f in doc["findings"] if f["id"] == "KS010"]


def test_ks011_hosts(capsys):
    code, doc, _ = check(capsys, inp("probe_hosts.yaml"))
    by = {f["container"]: f for f in doc["findings"] if f["id"] == "KS011"}
    assert code == 1 and set(by) == {"loop", "dns", "broken"}
    assert by["loop"]["severity"] == "warning" and "node's loopback" in by["loop"]["message"]
    assert by["dns"]["severity"] == "warning" and "cluster DNS name" in by["dns"]["message"]
    assert by["broken"]["severity"] == "error" and "prober error" in by["broken"]["message"]


def test_findings_quote_no_invented_pod_ip(capsys):
    _, doc, _ = check(capsys, inp("same_endpoint.yaml"), inp("named_port_missing.yaml"),
                      inp("slow_timeout.yaml"))
    assert doc["findings"] and not any("10.0.0." in f["message"] for f in doc["findings"])


# ---------------------------------------------------------------- scoping and notes


def test_a_trace_scoped_by_its_meta_runs_only_for_that_container(capsys):
    # partial.jsonl records /healthz only and names Pod leak, container web
    code, doc, err = check(capsys, inp("leak.yaml"), inp("split.yaml"), "--trace",
                           inp("partial.jsonl"))
    assert err == "" and code == 0
    with_trace = {(c["object"], c["id"]) for c in doc["checks"] if c["behaviour"]}
    assert with_trace and {o for o, _ in with_trace} == {"Pod/leak"}
    assert any("/readyz" in n and "answer success" in n and "Pod/leak container web" in n
               for n in doc["notes"])
    # /readyz was never recorded, so nothing says it kept passing: no KS002
    assert not [f for f in doc["findings"] if f["id"] == "KS002"]


def test_an_unscoped_trace_over_many_workloads_is_a_note(capsys):
    trace = inp("db_outage.jsonl")  # names no workload (the shipped capture names the seed's)
    code, doc, _ = check(capsys, inp("same_endpoint.yaml"), inp("leak.yaml"),
                         inp("initial_delay.yaml"), "--trace", trace, "--fail-on", "none")
    assert code == 0
    assert any("names no workload (applies_to) and ran for 2 workloads" in n
               for n in doc["notes"])
    assert any("no observations for any probe target of 1 container (DaemonSet/agent "
               "container agent)" in n for n in doc["notes"])


def test_a_scenario_scoped_to_nothing_in_the_inputs_is_a_note(capsys, tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("applies_to: [{kind: StatefulSet, name: db}]\n"
                        "dependencies: {db: {down: [{from: 60, to: 150}]}}\n"
                        "targets: {/healthz: {depends_on: [db]}}\n")
    code, doc, _ = check(capsys, inp("same_endpoint.yaml"), "--scenario", str(scenario))
    assert code == 0 and any("matches no probed container" in n for n in doc["notes"])
    ks001 = next(f for f in doc["findings"] if f["id"] == "KS001")
    assert ks001["severity"] == "warning"  # the scenario's evidence is not for this workload


def test_applies_to_is_validated(capsys, tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_text('{"meta": {"applies_to": [{"pod": "x"}]}}\n'
                     '{"t": 0, "target": "/healthz", "status": 200, "latency_ms": 1}\n')
    code, _, err = check(capsys, inp("same_endpoint.yaml"), "--trace", str(trace))
    assert code == 2 and "meta.applies_to[0].pod: unknown field" in err
    assert len(err.splitlines()) == 1


def test_censored_timeouts_counted_as_failures_are_a_note(capsys, tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_text("name: app\nlivenessProbe:\n  httpGet: {path: /healthz, port: 8000}\n"
                    "  timeoutSeconds: 5\n")
    trace = tmp_path / "recorded.jsonl"  # recorded with a 1 s client timeout
    trace.write_text("\n".join(inp_lines("partial.jsonl")[1:]) + "\n")
    _, doc, _ = check(capsys, str(spec), "--trace", str(trace))
    notes = [n for n in doc["notes"] if "censored" in n]
    assert len(notes) == 1 and "1 timeout of /healthz" in notes[0]
    assert "timeoutSeconds=5" in notes[0] and "1000 ms" in notes[0]
    _, doc, _ = check(capsys, str(spec), "--trace", str(trace), "--censored", "discard")
    assert not [n for n in doc["notes"] if "censored" in n]


# ---------------------------------------------------------------- empty input


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n---\n"])
def test_empty_input_is_bad_input(capsys, monkeypatch, text):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, _, err = check(capsys, "-")
    assert code == 2 and "no Kubernetes object" in err and "--allow-empty" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, doc, err = check(capsys, "-", "--allow-empty")
    assert code == 0 and err == "" and doc["summary"]["objects"] == 0


def test_objects_without_pods_are_not_empty(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("apiVersion: v1\nkind: Service\n"
                                                 "metadata: {name: web}\n"))
    code, _, err = check(capsys, "-")
    assert code == 0 and err == ""


# ---------------------------------------------------------------- smaller frictions


def test_readme_budget_claim_recomputed_with_the_model():
    # R1.17: F failures in a row kill. The README once said a 100 s F x P budget survives the
    # seed's 90 s outage at every phase; as F=5, P=20 it does not.
    import yaml

    from kubesim.analysis.phases import across_phases
    from kubesim.behaviour.scenario import load_scenario
    from kubesim.spec.model import ProbedContainer, parse_container

    repo = Path(__file__).resolve().parent.parent
    spec = yaml.safe_load((repo / "probe_specs" / "seed_unified_healthz.yaml").read_text())
    outage = load_scenario(str(repo / "traces" / "seed_db_outage.scenario.yaml"))

    def restarted(f: int, p: int) -> int:
        live = {**spec["livenessProbe"], "failureThreshold": f, "periodSeconds": p}
        pod = ProbedContainer(parse_container({**spec, "livenessProbe": live}))
        return across_phases(pod, outage, n=20, duration=300).with_restart

    assert restarted(5, 20) == 10 and restarted(10, 10) == 0
    readme = (repo / "docs" / "sweep.md").read_text()
    assert "not as F=5, P=20" in readme and "restarts at 10 of 20 phases" in readme


def test_windows_text_rows_are_the_json_keys_with_their_labels(capsys):
    repo = Path(__file__).resolve().parent.parent
    spec = str(repo / "probe_specs" / "seed_skeleton.yaml")
    main(["windows", spec, "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    main(["windows", spec])
    text = capsys.readouterr().out
    rows = {ln.split()[0] for ln in text.splitlines()[3:] if ln.startswith("  ") and
            not ln.startswith("   ")}
    figures = {k for k, v in doc.items() if isinstance(v, dict)}
    assert figures <= rows
    for key in figures:
        assert f"{doc[key]['label']}: " in text
    assert all(k in text for k in doc if k.startswith("stall_"))


def test_a_tcp_connect_needs_no_outcome_field_but_http_does():
    from kubesim.behaviour.trace import parse_jsonl
    from kubesim.errors import BehaviourError

    trace = parse_jsonl('{"t": 0, "target": "tcp:5432", "latency_ms": 1}\n')
    assert not trace.observations("tcp:5432")[0].failing
    with pytest.raises(BehaviourError, match="needs status, error"):
        parse_jsonl('{"t": 0, "target": "/healthz", "latency_ms": 1}\n')


def test_an_object_that_passes_names_the_checks_it_passed(capsys, tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_text("name: app\nreadinessProbe: {exec: {command: [\"true\"]}}\n"
                    "livenessProbe: {exec: {command: [\"pidof\", \"app\"]}}\n")
    main(["check", str(spec), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    ran = [c["id"] for c in doc["checks"]]
    assert ran and doc["findings"] == []
    assert [p["id"] for p in doc["objects"][0]["passed"]] == ran
    main(["check", str(spec)])
    out = capsys.readouterr().out
    in_table_order = [r for r in RULES if r in ran]
    assert f"ok, passed {', '.join(in_table_order)}\n" in out


# ---------------------------------------------------------------- advice as SARIF fixes


def _apply_sarif(text: str, fix: dict) -> str:
    """Apply SARIF replacements (whole lines, bottom-up) the way an editor would."""
    lines = text.splitlines(keepends=True)
    for change in fix["artifactChanges"]:
        for rep in sorted(change["replacements"],
                          key=lambda r: -r["deletedRegion"]["startLine"]):
            region = rep["deletedRegion"]
            lines[region["startLine"] - 1:region["endLine"] - 1] = [
                rep["insertedContent"]["text"]]
    return "".join(lines)


@pytest.mark.parametrize("timeout", [1, 10])
def test_ks005_fix_applied_from_sarif_protects_as_much_and_adds_no_finding(capsys, tmp_path,
                                                                           timeout):
    import yaml

    manifest = tmp_path / "agent.yaml"
    manifest.write_text((INPUTS / "initial_delay.yaml").read_text()
                        + f"            timeoutSeconds: {timeout}\n")
    main(["check", str(manifest), "--format", "sarif"])
    doc = json.loads(capsys.readouterr().out)
    before = {r["ruleId"] for r in doc["runs"][0]["results"]}
    (ks005,) = [r for r in doc["runs"][0]["results"] if r["ruleId"] == "KS005"]
    protected = ks005["properties"]["data"]["protected_now"]
    assert protected >= 90 + 2 * 10 - 1e-6  # initialDelaySeconds 90, then F-1 = 2 periods
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(_apply_sarif(manifest.read_text(), ks005["fixes"][0]))
    container = yaml.safe_load(fixed.read_text())["spec"]["template"]["spec"]["containers"][0]
    assert "initialDelaySeconds" not in container["livenessProbe"]
    assert container["startupProbe"]["tcpSocket"] == {"port": 9000}
    assert container["startupProbe"].get("timeoutSeconds", 1) < \
        container["startupProbe"]["periodSeconds"]
    code, after, _ = check(capsys, str(fixed), "--startup-seconds", str(protected))
    assert code == 0
    assert {f["id"] for f in after["findings"]} <= before - {"KS005"}


def test_run_says_when_censored_timeouts_count_as_failures(capsys, tmp_path):
    trace = tmp_path / "recorded.jsonl"
    trace.write_text("\n".join(inp_lines("partial.jsonl")[1:]) + "\n")
    spec = tmp_path / "spec.yaml"
    spec.write_text("name: app\nlivenessProbe:\n  httpGet: {path: /healthz, port: 8000}\n"
                    "  timeoutSeconds: 5\n")
    main(["run", str(spec), "--trace", str(trace), "--duration", "200"])
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("note: 1 timeout of /healthz")
    main(["run", str(spec), "--trace", str(trace), "--duration", "200", "--format", "json"])
    assert "timeoutSeconds=5" in json.loads(capsys.readouterr().out)["run"]["notes"][0]
    main(["run", str(spec), "--trace", str(trace), "--duration", "200", "--censored",
          "discard"])
    assert "note:" not in capsys.readouterr().out


def test_ks011_localhost_is_fine_on_the_host_network(capsys, tmp_path):
    manifest = tmp_path / "node-agent.yaml"
    manifest.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: agent}\nspec:\n"
                        "  hostNetwork: true\n  containers:\n    - name: agent\n"
                        "      livenessProbe: {httpGet: {path: /, port: 9099, host: localhost}}\n")
    code, doc, _ = check(capsys, str(manifest))
    assert code == 0 and not [f for f in doc["findings"] if f["id"] == "KS011"]
    assert [c["id"] for c in doc["checks"]].count("KS011") == 1
