"""`kubesim check` simulates identical probe configurations once per call (issue 31 item 3):
the runs are shared, the findings are not. Every object keeps its own findings, naming itself,
exactly as a check of it alone gives them; the HTML page draws the runs the check made (issue
31 item 5) and simulates nothing, its evidence naming its own pod."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from helpers import cli

import kubesim.analysis.check.memo as memo
import kubesim.engine.simulate as engine
from kubesim.analysis.check.run import run_checks
from kubesim.cli.check import check_settings
from kubesim.cli.main import parse

INPUTS = Path(__file__).resolve().parent / "check_inputs"


# liveness every second, three failures: KS004's unanswered calls restart it again and again,
# and the kubelet's BackOff events name the pod ("... in pod NAME")
RESTARTING = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app"},
              "spec": {"containers": [{"name": "app", "image": "example/app:1",
                                       "livenessProbe": {"httpGet": {"path": "/livez",
                                                                     "port": 8000},
                                                         "periodSeconds": 1,
                                                         "failureThreshold": 3}}]}}


def _copies(tmp_path: Path, source: Path | dict, names: list[str]) -> list[Path]:
    """One file per name: `source`'s object renamed, everything else (probes) the same."""
    doc = yaml.safe_load(source.read_text()) if isinstance(source, Path) else dict(source)
    out = []
    for name in names:
        doc["metadata"]["name"] = name
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False))
        out.append(path)
    return out


def _findings(capsys, *paths: Path, extra: tuple[str, ...] = ()) -> list[dict]:
    code, out, err = cli(capsys, "check", *map(str, paths), "--format", "json", "--no-config",
                         *extra)
    assert code in (0, 1), err
    return json.loads(out)["findings"]


@contextmanager
def _no_cache() -> Iterator[None]:
    yield None


@pytest.mark.parametrize("source, extra", [
    (INPUTS / "same_endpoint.yaml", ()),  # KS001: a synthetic outage
    (RESTARTING, ()),  # KS004: restarts and back-offs
    (INPUTS / "slow_timeout.yaml", ("--expect-survives-stall", "40")),  # an expectation
])
def test_objects_with_the_same_probes_get_the_findings_each_gets_alone(capsys, tmp_path,
                                                                        source, extra):
    a, b, c = _copies(tmp_path, source, ["alpha", "bravo", "charlie"])
    together = _findings(capsys, a, b, c, extra=extra)
    alone = [f for p in (a, b, c) for f in _findings(capsys, p, extra=extra)]
    assert together, "the input must have findings for the test to mean anything"
    assert together == alone
    for f in together:  # each names its own object and file
        name = f["object"].split("/", 1)[1]
        assert Path(f["file"]).stem == name
        assert not ({"alpha", "bravo", "charlie"} - {name}) & set(f["message"].split())


def test_a_scenario_applied_to_copies_finds_what_it_finds_without_the_cache(capsys, tmp_path,
                                                                           monkeypatch):
    # KS002 under a scenario that names no workload (an assumption each finding states)
    paths = _copies(tmp_path, INPUTS / "leak.yaml", ["alpha", "bravo", "charlie"])
    extra = ("--scenario", str(INPUTS / "db_outage.scenario.yaml"))
    cached = _findings(capsys, *paths, extra=extra)
    monkeypatch.setattr(memo, "simulations", _no_cache)
    uncached = _findings(capsys, *paths, extra=extra)
    assert {f["id"] for f in cached} == {"KS002"}
    assert cached == uncached
    assert [f["object"] for f in cached] == ["Pod/alpha", "Pod/bravo", "Pod/charlie"]


def test_the_check_simulates_a_shared_configuration_once(capsys, tmp_path, monkeypatch):
    paths = _copies(tmp_path, INPUTS / "same_endpoint.yaml", ["alpha", "bravo"])
    calls: list[str] = []
    real = memo._simulate

    def counting(pod, *args, **kwargs):
        calls.append(pod.object_name)
        return real(pod, *args, **kwargs)

    monkeypatch.setattr(memo, "_simulate", counting)
    _findings(capsys, paths[0])
    one = len(calls)
    calls.clear()
    _findings(capsys, *paths)
    assert one > 0
    assert len(calls) == one  # the second object's runs were the first's


def _report(paths: list[Path], *extra: str):
    args, _ = parse(["check", *map(str, paths), "--no-config", *extra])
    settings = check_settings(args, None)
    return run_checks([str(p) for p in paths], behaviours=[], expectations=[],
                      settings=settings, evidence=True)


def test_the_evidence_drawn_names_its_own_pod_and_the_page_simulates_nothing(tmp_path,
                                                                             monkeypatch):
    from kubesim.render.check_html import check_report

    paths = _copies(tmp_path, RESTARTING, ["alpha", "bravo"])
    report = _report(paths)
    assert report.evidence
    seen = set()
    for run in report.evidence:
        name = run.findings[0].workload.name
        messages = [e.message for e in run.timeline.events if e.reason == "BackOff"]
        if messages:
            seen.add(name)
        assert all(f"in pod {name}" in m for m in messages)
    assert seen == {"alpha", "bravo"}, "both runs must have back-offs to test their names"

    def refuse(*args, **kwargs):
        raise AssertionError("the HTML page simulated")

    monkeypatch.setattr(engine, "run_model", refuse)
    monkeypatch.setattr(memo, "_simulate", refuse)
    page = check_report(report, cwd=tmp_path)
    assert "in pod alpha" in page and "in pod bravo" in page


def test_the_page_draws_what_a_fresh_simulation_of_each_finding_gives(tmp_path):
    from kubesim.analysis.check.findings import Finding
    from kubesim.behaviour.scenario import Scenario
    from kubesim.render.report import to_document

    paths = _copies(tmp_path, INPUTS / "same_endpoint.yaml", ["alpha", "bravo"])
    report = _report(paths)
    pods = {(w.key, c.name): c.pod for w in report.workloads for c in w.containers if c.pod}
    assert report.evidence
    for run in report.evidence:
        f: Finding = run.findings[0]
        r = f.replay
        assert r is not None and r.scenario is not None
        fresh = engine.simulate(pods[(f.workload.key, f.container or "")],
                                Scenario.from_dict(r.scenario, source=r.behaviour),
                                duration=r.duration, seed=r.seed,
                                profile=report.settings.profile, phase=r.phase)
        assert to_document(run.timeline) == to_document(fresh)


def test_outside_a_check_every_call_simulates(monkeypatch):
    from kubesim.behaviour.answer import HEALTHY
    from kubesim.spec.manifests import load_spec

    pod = load_spec(str(INPUTS / "same_endpoint.yaml"))
    one = memo.simulate(pod, HEALTHY, duration=60, seed=0, profile=_profile(), phase=0.0)
    two = memo.simulate(pod, HEALTHY, duration=60, seed=0, profile=_profile(), phase=0.0)
    assert one is not two


def _profile():
    from kubesim.kubelet.settings import CLASSIC

    return CLASSIC
