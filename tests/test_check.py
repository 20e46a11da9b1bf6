"""`kubesim check`: every finding (a manifest that triggers it, one that does not), the exit
codes, ignores, expectations, directories and stdin, and the issue's done-when on the seed
examples in every format.

Output formats are validated by real consumers: JUnit XML is parsed by junitparser; SARIF is
validated with jsonschema against the official OASIS SARIF 2.1.0 schema
(tests/data/sarif-schema-2.1.0.json; its source in tests/data/README.md).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from helpers import cli
from junitparser import Failure, JUnitXml, Skipped

from kubesim.analysis.check.rules import RULES, page

REPO = Path(__file__).resolve().parent.parent
INPUTS = Path(__file__).resolve().parent / "check_inputs"
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
UNIFIED = str(REPO / "probe_specs" / "seed_unified_healthz.yaml")
SKELETON = str(REPO / "probe_specs" / "seed_skeleton.yaml")
DEPLOYMENT = str(REPO / "examples" / "seed-app" / "deployment.yaml")
SCHEMA = json.loads((INPUTS.parent / "data" / "sarif-schema-2.1.0.json").read_text())
SARIF_VALIDATOR = jsonschema.validators.validator_for(SCHEMA)  # draft-04, as OASIS wrote it
FORMATS = ["text", "json", "junit", "sarif"]


def inp(name: str) -> str:
    return str(INPUTS / name)


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `kubesim check ARGV` in-process: (exit code, stdout, stderr)."""
    return cli(capsys, "check", *argv)


def findings(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict]]:
    code, out, err = check(capsys, *argv, "--format", "json")
    assert err == ""
    return code, json.loads(out)["findings"]


def ids(found: list[dict]) -> list[str]:
    return sorted(f["id"] for f in found if not f["suppressed"])


def validate_sarif(text: str) -> dict:
    doc = json.loads(text)
    SARIF_VALIDATOR.check_schema(SCHEMA)
    SARIF_VALIDATOR(SCHEMA, format_checker=SARIF_VALIDATOR.FORMAT_CHECKER).validate(doc)
    return doc


def parse_junit(text: str, tmp_path: Path) -> JUnitXml:
    path = tmp_path / "report.xml"
    path.write_text(text)
    return JUnitXml.fromfile(str(path))


# ---------------------------------------------------------------- each finding


def test_ks001_same_endpoint_counts_the_restarts_of_a_readiness_only_outage(capsys):
    # without a scenario or trace the outage is a hypothesis: a warning, not an error
    code, found = findings(capsys, inp("same_endpoint.yaml"))
    assert code == 0 and ids(found) == ["KS001"]
    f = found[0]
    assert f["severity"] == "warning" and f["object"] == "Deployment/unified"
    assert "10.0.0.10" not in f["message"] and "httpGet /healthz on port 8000" in f["message"]
    assert f["container"] == "web" and f["line"] == 15  # the livenessProbe line
    assert f["data"]["phases"] == 20 and f["data"]["phases_with_restart"] == 20
    assert "120 s outage" in f["message"] and "restarts the container at 20 of 20" in \
        f["message"]
    assert f["phase"] is not None and f["seed"] is not None


def test_ks001_with_a_scenario_showing_the_dependency_is_an_error(capsys):
    code, found = findings(capsys, inp("same_endpoint.yaml"), "--scenario",
                           inp("db_outage.scenario.yaml"))
    ks001 = [f for f in found if f["id"] == "KS001"]
    assert code == 1 and len(ks001) == 1 and ks001[0]["severity"] == "error"
    assert ks001[0]["data"]["evidence"] == inp("db_outage.scenario.yaml")
    assert "shows a dependency behind it" in ks001[0]["message"]


def test_ks001_outage_length_is_an_option_and_short_outages_only_note(capsys):
    code, found = findings(capsys, inp("same_endpoint.yaml"), "--outage-seconds", "10")
    assert code == 0 and ids(found) == ["KS001"]
    assert found[0]["severity"] == "info"
    assert "restarts nothing at any of 20 grid phases" in found[0]["message"]


def test_ks001_not_raised_for_split_endpoints(capsys):
    code, found = findings(capsys, inp("split.yaml"))
    assert code == 0 and found == []


def test_ks002_dependency_leaked_into_liveness(capsys):
    code, found = findings(capsys, inp("leak.yaml"), "--scenario",
                           inp("db_outage.scenario.yaml"))
    assert code == 1 and ids(found) == ["KS002"]
    f = found[0]
    assert f["behaviour"].endswith("db_outage.scenario.yaml")
    # the scenario says /healthz depends on db; /livez is only its own target, not the pod's
    assert f["data"]["dependency"] == "db" and f["data"]["passing_target"] is None
    assert "says it depends on db, down 60-150 s" in f["message"] and "/livez" not in \
        f["message"]
    assert f["data"]["failing_seconds"] == pytest.approx(90, abs=1)
    assert f["data"]["phases_with_restart"] == 20 and f["data"]["restarts_max"] == 3
    assert f["line"] == 11


def test_ks002_not_raised_when_liveness_keeps_passing(capsys):
    code, found = findings(capsys, inp("split.yaml"), "--scenario",
                           inp("db_outage.scenario.yaml"))
    assert code == 0 and found == []


def test_ks002_from_a_recorded_trace(capsys):
    # the shipped capture names the seed's configs (applies_to): its /livez is theirs
    code, found = findings(capsys, UNIFIED, "--trace", str(REPO / "traces" /
                                                            "seed_db_outage.jsonl"))
    assert code == 1 and "KS002" in ids(found)
    ks002 = next(f for f in found if f["id"] == "KS002")
    assert ks002["data"]["passing_target"] == "/livez"


def test_ks003_startup_seconds_beyond_the_startup_protection(capsys):
    code, found = findings(capsys, inp("liveness_only_fast.yaml"), "--startup-seconds", "10")
    assert code == 1 and "KS003" in ids(found)
    f = next(f for f in found if f["id"] == "KS003")
    assert f["data"]["protection_guaranteed"] < 10 and f["data"]["phases_killed"] == 20


def test_ks003_not_raised_with_a_startup_probe_budget(capsys):
    code, found = findings(capsys, inp("startup_budget.yaml"), "--startup-seconds", "10")
    assert "KS003" not in ids(found) and code == 0


def test_ks003_from_the_slow_startup_trace_names_the_phases_that_kill(capsys):
    code, found = findings(capsys, str(REPO / "probe_specs" /
                                       "seed_slow_startup_liveness_only.yaml"),
                           "--trace", inp("slow_start.jsonl"))
    f = next(f for f in found if f["id"] == "KS003")
    assert f["data"]["startup_seconds"] == pytest.approx(2.5)
    assert 0 < f["data"]["phases_killed"] < 20 and code == 1
    code, found = findings(capsys, str(REPO / "probe_specs" / "seed_slow_startup_budget.yaml"),
                           "--trace", inp("slow_start.jsonl"))
    assert "KS003" not in ids(found)


def test_ks004_timeout_over_period_measures_the_real_interval(capsys):
    code, found = findings(capsys, inp("slow_timeout.yaml"))
    # a warning: below --fail-on error; and the info that the container has no liveness probe
    assert code == 0 and ids(found) == ["KS004", "KS009"]
    f = next(f for f in found if f["id"] == "KS004")
    assert f["severity"] == "warning" and f["line"] == 18  # readinessProbe.timeoutSeconds
    assert f["data"]["interval_seconds"] == pytest.approx(10, abs=0.1)
    assert f["data"]["detection_min"] > 15  # the napkin says 3 x 5 s
    code, _ = findings(capsys, inp("slow_timeout.yaml"), "--fail-on", "warning")
    assert code == 1


def test_ks004_not_raised_when_timeout_is_below_period(capsys):
    _, found = findings(capsys, inp("split.yaml"))
    assert "KS004" not in ids(found)


def test_ks005_long_initial_delay_without_startup_probe(capsys):
    code, found = findings(capsys, inp("initial_delay.yaml"))
    assert ids(found) == ["KS005"] and code == 0
    f = found[0]
    assert f["line"] == 16 and f["data"]["killed_after_min"] >= 90
    _, found = findings(capsys, inp("short_delay.yaml"), inp("split.yaml"))
    assert "KS005" not in ids(found)
    _, found = findings(capsys, inp("initial_delay.yaml"), "--max-initial-delay", "120")
    assert found == []


def test_ks006_hang_recovery_bound(capsys):
    code, found = findings(capsys, inp("split.yaml"), "--max-hang-recovery", "30")
    assert code == 1 and ids(found) == ["KS006"]
    assert found[0]["data"]["guaranteed"] > 30
    code, found = findings(capsys, inp("split.yaml"), "--max-hang-recovery", "100")
    assert code == 0 and found == []


def test_ks007_ready_recovery_bound(capsys):
    code, found = findings(capsys, SKELETON, "--max-ready-recovery", "8")
    assert code == 1 and ids(found) == ["KS007"]
    assert "successThreshold=2" in found[0]["message"]
    assert found[0]["line"] == 23  # readinessProbe.successThreshold
    code, found = findings(capsys, SKELETON, "--max-ready-recovery", "20")
    assert code == 0 and found == []


def test_ks008_ks009_missing_probes_by_default_and_only_where_they_make_sense(capsys):
    code, found = findings(capsys, inp("no_probes.yaml"))
    got = {(f["object"], f["container"], f["id"], f["severity"]) for f in found}
    assert code == 0 and got == {
        ("Deployment/bare", "web", "KS008", "warning"),  # it declares a port
        ("Deployment/bare", "web", "KS009", "info"),
        ("Deployment/worker", "worker", "KS009", "info"),  # no port, no Service: no KS008
        ("Pod/served", "app", "KS008", "warning"),  # a Service selects it
        ("Pod/served", "app", "KS009", "info"),
        ("Pod/scratch", "app", "KS009", "info"),  # a bare Pod's port alone is no traffic
        # issue 32: per container, as checkov judges them: the plugin's probes ask the
        # plugin's port, not the helper's 9090
        ("Deployment/driver", "helper", "KS008", "warning"),
        ("Deployment/driver", "helper", "KS009", "info"),
    }  # the Job, the pod that is not restarted, the sidecar's liveness: nothing
    helper = next(f for f in found if f["container"] == "helper" and f["id"] == "KS008")
    assert helper["case"] == "serves-others" and helper["data"]["others"] == ["plugin"]
    served = next(f for f in found if f["object"] == "Pod/served" and f["id"] == "KS008")
    assert "Service served selects the pod" in served["message"]
    code, found = findings(capsys, inp("no_probes.yaml"), "--no-missing-probes")
    assert code == 0 and found == []
    _, found = findings(capsys, inp("split.yaml"))
    assert found == []


# ---------------------------------------------------------------- expectations


def test_expectations_file_one_holds_one_fails_with_phase_and_seed(capsys):
    code, found = findings(capsys, inp("split.yaml"), inp("same_endpoint.yaml"),
                           "--scenario", inp("db_outage.scenario.yaml"),
                           "--expectations", inp("expectations.yaml"), "--ignore", "KS001,KS002")
    assert code == 1
    failed = [f for f in found if f["id"] == "KS101"]
    assert len(failed) == 1 and failed[0]["object"] == "Deployment/unified"
    assert failed[0]["phase"] == 0 and failed[0]["seed"] == 0
    assert "expectations.yaml:7" in failed[0]["message"]
    assert not [f for f in found if f["object"] == "Deployment/split"]


def test_expectation_flags(capsys):
    scen = ["--scenario", inp("db_outage.scenario.yaml")]
    code, found = findings(capsys, inp("split.yaml"), *scen, "--expect-no-restart",
                           "--expect-not-ready-within", "15", "--expect-ready-within", "30",
                           "--expect-survives-stall", "5")
    assert code == 0 and found == []
    code, found = findings(capsys, inp("split.yaml"), *scen, "--expect-not-ready-within", "3",
                           "--expect-ready-within", "0.5", "--expect-survives-stall", "40")
    assert code == 1 and ids(found) == ["KS102", "KS103", "KS104"]
    for f in found:
        assert f["phase"] is not None and f["seed"] is not None
        assert f"phase {f['phase']:.2f} s (seed {f['seed']})" in f["message"]
    stall = next(f for f in found if f["id"] == "KS104")
    assert stall["data"]["stall_never_restarts"] < 40


def test_not_ready_within_without_an_outage_is_reported_as_not_checked(capsys):
    code, found = findings(capsys, inp("split.yaml"), "--expect-not-ready-within", "10")
    assert code == 0 and ids(found) == ["KS100"] and found[0]["severity"] == "info"


def test_bad_expectations_are_bad_input(capsys):
    for name in ("expectations_typo.yaml", "expectations_bad.yaml"):
        code, out, err = check(capsys, inp("split.yaml"), "--expectations", inp(name))
        assert code == 2 and out == "" and err.startswith("kubesim: error: ")
        assert name in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------- ignores, fail-on, exits


def test_annotation_suppresses_but_still_reports(capsys):
    code, found = findings(capsys, inp("ignored.yaml"), "--scenario",
                           inp("db_outage.scenario.yaml"))
    assert code == 0
    assert sorted(f["id"] for f in found) == ["KS001", "KS002"]
    assert all(f["suppressed"].startswith("annotation kubesim.dev/ignore: legacy app")
               for f in found)


def test_ignore_option(capsys):
    code, found = findings(capsys, inp("same_endpoint.yaml"), "--ignore", "KS001")
    assert code == 0 and found[0]["suppressed"] == "--ignore"
    code, found = findings(capsys, inp("same_endpoint.yaml"),
                           "--ignore", "liveness-readiness-same-endpoint")
    assert code == 0


def test_fail_on_levels(capsys):
    assert check(capsys, inp("initial_delay.yaml"))[0] == 0
    assert check(capsys, inp("initial_delay.yaml"), "--fail-on", "warning")[0] == 1
    assert check(capsys, inp("same_endpoint.yaml"), "--fail-on", "none")[0] == 0


@pytest.mark.parametrize("argv", [
    ["missing.yaml"],
    [str(REPO / "tests" / "cli_inputs" / "malformed.yaml")],
    ["bad_annotation.yaml"],
    ["split.yaml", "--ignore", "KS999"],
    ["split.yaml", "--phases", "0"],
    ["split.yaml", "--scenario", "missing.scenario.yaml"],
    ["split.yaml", "--format", "xml"],
    ["-", "--scenario", "-"],
])
def test_bad_input_exits_2_with_one_line(capsys, monkeypatch, argv):
    monkeypatch.chdir(INPUTS)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = check(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("kubesim: error: ") and len(err.splitlines()) == 1


def test_trace_missing_a_probed_target_answers_success_with_a_note(capsys):
    code, out, err = check(capsys, SKELETON, "--trace", inp("slow_start.jsonl"),
                           "--format", "json")
    notes = json.loads(out)["notes"]
    assert code == 0 and err == "" and len(notes) == 1
    assert "ProbeSpec/seed_skeleton container app" in notes[0] and "/readyz" in notes[0]


# ---------------------------------------------------------------- inputs


def test_directories_recurse_and_skip_what_is_not_a_manifest(capsys):
    code, out, _ = check(capsys, inp("dir"), "--format", "json", "--fail-on", "warning")
    doc = json.loads(out)
    assert code == 1
    assert sorted(Path(f).name for f in doc["inputs"]) == ["split.yaml", "unified.yml"]
    assert sorted(Path(s["file"]).name for s in doc["skipped"]) == [
        "outage.scenario.yaml", "values.yaml"]  # .hidden/broken.yaml is never read
    assert ids(doc["findings"]) == ["KS001"]


def test_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO((INPUTS / "same_endpoint.yaml").read_text()))
    code, found = findings(capsys, "-", "--fail-on", "warning")
    assert code == 1 and found[0]["file"] == "<stdin>" and found[0]["line"] == 15


def test_several_behaviours_are_each_checked(capsys, tmp_path):
    lines = Path(inp("db_outage.jsonl")).read_text().splitlines()
    meta = json.loads(lines[0])
    meta["meta"]["applies_to"] = [{"name": "leak"}]  # recorded from this pod: /livez is its
    trace = tmp_path / "leak.jsonl"
    trace.write_text("\n".join([json.dumps(meta), *lines[1:]]) + "\n")
    _, out, _ = check(capsys, inp("leak.yaml"), "--scenario", inp("db_outage.scenario.yaml"),
                      "--trace", str(trace), "--format", "json")
    doc = json.loads(out)
    assert [b["kind"] for b in doc["behaviours"]] == ["scenario", "trace"]
    assert len([f for f in doc["findings"] if f["id"] == "KS002"]) == 2


# ---------------------------------------------------------------- formats


def test_json_document(capsys):
    code, out, _ = check(capsys, inp("same_endpoint.yaml"), inp("leak.yaml"),
                         "--format", "json", "--scenario", inp("db_outage.scenario.yaml"),
                         "--fail-on", "warning")
    doc = json.loads(out)
    assert doc["kubesim"] == 2 and doc["command"] == "check"  # 2: rendered_from is a list
    assert set(doc) == {"kubesim", "command", "settings", "configuration", "inputs", "skipped",
                        "errors", "unreadable", "notes", "behaviours", "objects", "checks",
                        "findings", "suppressed_in_source", "summary"}
    assert doc["summary"]["exit_code"] == code == 1
    # KS001 with the scenario's evidence, KS002 on both containers: warnings, since the
    # scenario names neither workload and was applied to both
    assert doc["summary"]["warning"] == 3 and doc["summary"]["failing"] == 3
    assert doc["summary"]["error"] == 0
    leak = next(o for o in doc["objects"] if o["kind"] == "Pod")
    assert leak["namespace"] == "shop" and leak["containers"][0]["probes"] == [
        "liveness", "readiness"]


def test_junit_parses_with_a_suite_per_object_and_a_case_per_check(capsys, tmp_path):
    code, out, _ = check(capsys, inp("same_endpoint.yaml"), inp("split.yaml"),
                         inp("ignored.yaml"), "--format", "junit", "--fail-on", "warning")
    xml = parse_junit(out, tmp_path)
    suites = {s.name: s for s in xml}
    assert set(suites) == {"Deployment/unified", "Deployment/split",
                           "Deployment/unified-ignored"}
    cases = {c.name: c for c in suites["Deployment/unified"]}
    ks001 = next(c for n, c in cases.items() if n.startswith("KS001"))
    assert isinstance(ks001.result[0], Failure) and "restarts" in ks001.result[0].message
    assert all(not c.result for c in suites["Deployment/split"])
    ignored = next(c for c in suites["Deployment/unified-ignored"] if c.name.startswith("KS001"))
    assert isinstance(ignored.result[0], Skipped)
    assert code == 1 and xml.failures == 1 and xml.skipped == 1


def test_junit_findings_below_fail_on_pass_with_system_out(capsys, tmp_path):
    _, out, _ = check(capsys, inp("slow_timeout.yaml"), "--format", "junit")
    case = next(c for c in next(iter(parse_junit(out, tmp_path))) if c.name.startswith("KS004"))
    assert not case.result and "KS004" in case.system_out


def test_sarif_validates_and_locates(capsys):
    code, out, _ = check(capsys, inp("same_endpoint.yaml"), inp("ignored.yaml"),
                         "--format", "sarif", "--fail-on", "warning")
    doc = validate_sarif(out)
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules][:3] == ["KS001", "KS002", "KS003"]
    for r in rules:  # every rule carries its whole page; kubesim has no web address for it
        assert r["help"]["markdown"] == r["help"]["text"] == page(RULES[r["id"]])
        assert r["help"]["markdown"].startswith(f"# {r['id']} ") and "helpUri" not in r
        assert r["properties"]["command"] == f"kubesim rules {r['id']}"
    results = run["results"]
    assert [r["ruleId"] for r in results] == ["KS001", "KS001"]
    first = results[0]
    assert rules[first["ruleIndex"]]["id"] == "KS001" and first["level"] == "warning"
    loc = first["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].endswith("same_endpoint.yaml")
    assert loc["region"]["startLine"] == 15
    assert results[1]["suppressions"][0]["kind"] == "inSource"
    assert run["invocations"][0]["exitCode"] == code == 1


def test_sarif_schema_rejects_what_sarif_forbids():
    good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [
        {"message": {"text": "m"}, "level": "error"}]}]}
    jsonschema.validate(good, SCHEMA)
    for bad in ({**good, "version": "2.0.0"},
                {"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]},
                {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                               "results": [{"message": {"text": "m"},
                                                            "level": "warn"}]}]},
                {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                               "results": [{"message": {"text": "m"},
                                                            "severity": "error"}]}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)


# ---------------------------------------------------------------- done when (issue 3)


@pytest.mark.parametrize("fmt", FORMATS)
def test_done_when_unified_healthz_is_flagged_in_every_format(capsys, tmp_path, fmt):
    code, out, err = check(capsys, UNIFIED, "--scenario", OUTAGE, "--format", fmt)
    assert code == 1 and err == ""
    if fmt == "text":
        assert "ERROR    KS001" in out and "ERROR    KS002" in out and "exit 1" in out
    elif fmt == "json":
        assert ids(json.loads(out)["findings"]) == ["KS001", "KS002"]
    elif fmt == "junit":
        assert parse_junit(out, tmp_path).failures == 2
    else:
        results = validate_sarif(out)["runs"][0]["results"]
        assert sorted(r["ruleId"] for r in results) == ["KS001", "KS002"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("spec", [SKELETON, DEPLOYMENT])
def test_done_when_split_config_passes_in_every_format(capsys, tmp_path, fmt, spec):
    code, out, err = check(capsys, spec, "--scenario", OUTAGE, "--format", fmt)
    assert code == 0 and err == ""
    if fmt == "text":
        assert ": ok, " in out and "exit 0" in out
    elif fmt == "json":
        assert json.loads(out)["findings"] == []
    elif fmt == "junit":
        xml = parse_junit(out, tmp_path)
        assert xml.failures == 0 and xml.tests >= 5
    else:
        assert validate_sarif(out)["runs"][0]["results"] == []


def test_done_when_all_three_together(capsys):
    code, out, _ = check(capsys, UNIFIED, SKELETON, DEPLOYMENT, "--scenario", OUTAGE,
                         "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert {f["object"] for f in doc["findings"]} == {"ProbeSpec/seed_unified_healthz"}


def test_output_file(capsys, tmp_path):
    target = tmp_path / "kubesim.sarif"
    code, out, _ = check(capsys, UNIFIED, "--scenario", OUTAGE, "--format", "sarif",
                         "-o", str(target))
    assert code == 1 and out == ""
    validate_sarif(target.read_text())


@pytest.mark.parametrize("spec,code", [(UNIFIED, 1), (SKELETON, 0), (DEPLOYMENT, 0)])
def test_done_when_with_the_shipped_db_outage_trace(capsys, spec, code):
    got, found = findings(capsys, spec, "--trace", str(REPO / "traces" / "seed_db_outage.jsonl"))
    assert got == code
    assert ids(found) == (["KS001", "KS002"] if code else [])


BAD_PORT = ("kind: Pod\nmetadata: {name: bad}\nspec:\n  containers:\n  - name: a\n"
            "    livenessProbe: {httpGet: {path: /, port: 0}}\n")


def test_a_directory_run_reports_every_good_file_and_names_the_bad_one(capsys, tmp_path):
    """One bad file among several: the others are checked and reported (text and JSON), the
    bad one is named on stderr and in the report, and the exit code is still 2."""
    (tmp_path / "good.yaml").write_text((INPUTS / "split.yaml").read_text())
    (tmp_path / "bad.yaml").write_text(BAD_PORT)
    code, out, err = check(capsys, str(tmp_path))
    assert code == 2
    assert "Deployment/split" in out and "bad.yaml:6" in out and "exit 2 (1 bad input" in out
    assert err == (f"kubesim: error: {tmp_path / 'bad.yaml'}:6: Pod/bad container a: "
                   "livenessProbe.httpGet.port=0 must be between 1 and 65535, inclusive\n")
    code, out, _ = check(capsys, str(tmp_path), "--format", "json")
    doc = json.loads(out)
    assert code == 2 and doc["summary"]["exit_code"] == 2
    assert [o["object"] for o in doc["objects"]] == ["Deployment/split"]
    assert len(doc["errors"]) == 1 and "bad.yaml:6" in doc["errors"][0]
    # a single bad file is still the one-line error, no report
    code, out, err = check(capsys, str(tmp_path / "bad.yaml"))
    assert code == 2 and out == "" and err.count("\n") == 1


TWO_READY = ("kind: Deployment\nmetadata: {name: mesh}\nspec:\n  replicas: 1\n"
             "  selector: {matchLabels: {app: mesh}}\n  template:\n"
             "    metadata: {labels: {app: mesh}}\n    spec:\n      containers:\n"
             "      - name: app\n        ports: [{containerPort: 8080}]\n"
             "        readinessProbe: {httpGet: {path: /ready, port: 8080}}\n"
             "      - name: proxy\n        ports: [{containerPort: 4191}]\n"
             "        readinessProbe: {httpGet: {path: /ready, port: 4191}}\n")


def test_a_short_key_ambiguous_in_one_pod_is_bad_input_for_it_alone(capsys, tmp_path):
    """A scenario keyed "/ready" applied to a pod whose two containers serve /ready on
    different ports cannot say which it means (spec.targets): bad input naming the pod's
    containers (exit 2), whether or not a check happens to run the engine with it (one
    replica: no fleet run); the other files are checked. One file alone: the one-line
    error."""
    (tmp_path / "good.yaml").write_text((INPUTS / "split.yaml").read_text())
    (tmp_path / "mesh.yaml").write_text(TWO_READY)
    scenario = tmp_path / "s.scenario.yaml"
    scenario.write_text('targets: {"/ready": {answer: {status: 503}}}\n')
    code, out, err = check(capsys, str(tmp_path / "good.yaml"), str(tmp_path / "mesh.yaml"),
                           "--scenario", str(scenario), "--format", "json")
    doc = json.loads(out)
    assert code == 2 and doc["summary"]["exit_code"] == 2
    assert [o["object"] for o in doc["objects"]] == ["Deployment/split"]
    assert len(doc["errors"]) == 2 and all('"/ready" is ambiguous' in e for e in doc["errors"])
    lines = err.splitlines()
    assert [line.split(": ")[3] for line in lines] == ["Deployment/mesh container app",
                                                       "Deployment/mesh container proxy"]
    assert all("app:8080/ready, proxy:4191/ready" in line for line in lines)
    code, out, err = check(capsys, str(tmp_path / "mesh.yaml"), "--scenario", str(scenario))
    assert code == 2 and out == "" and err.count("\n") == 1 and "is ambiguous" in err
    # keyed by one of them, it runs
    scenario.write_text('targets: {"proxy:4191/ready": {answer: {status: 503}}}\n')
    code, _, err = check(capsys, str(tmp_path / "mesh.yaml"), "--scenario", str(scenario))
    assert code in (0, 1) and err == ""


def test_a_scenario_about_containers_a_pod_lacks_is_not_run_for_it(capsys, tmp_path):
    """check applies one scenario to many pods: where it names containers the pod lacks it
    is not run for that pod, and a note says why (run makes it an error)."""
    scenario = tmp_path / "s.yaml"
    scenario.write_text("exit: {after_seconds: 5, container: sidecar}\n")
    code, out, err = check(capsys, inp("split.yaml"), "--scenario", str(scenario))
    assert code == 0 and err == ""
    assert "exit[0].container: container 'sidecar' is not in the pod" in " ".join(out.split())
