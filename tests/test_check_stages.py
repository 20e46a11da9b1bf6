"""check's stages return new records and change none of those they are handed (issue 32
item 8): each stage of `kubesim.analysis.check.run.run_checks` is run here on its own, on real
manifests with a scenario that names no workload (the judge stage then marks its findings as
an assumption) and a file that cannot be read among them (the stages then keep errors), and
what each was handed reads the same after it ran. The records that pass between the stages
are frozen."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from kubesim.analysis.check.estimate import estimate
from kubesim.analysis.check.judge import judge
from kubesim.analysis.check.plan import Plan
from kubesim.analysis.check.read import Inputs, read_inputs
from kubesim.analysis.check.renders import merge_renders
from kubesim.analysis.check.run import run_checks
from kubesim.analysis.check.scope import scope
from kubesim.analysis.check.simulate import Measured, Measurements, simulate
from kubesim.cli.check import behaviour_refs, check_settings
from kubesim.cli.main import parse

HERE = Path(__file__).resolve().parent
REAL = HERE / "data" / "real"
SEED_SCENARIO = HERE.parent / "traces" / "seed_db_outage.scenario.yaml"


def _inputs(tmp_path: Path) -> list[str]:
    scenario = yaml.safe_load(SEED_SCENARIO.read_text())
    scenario.pop("applies_to")  # names no workload: applied to every one, an assumption
    (tmp_path / "outage.scenario.yaml").write_text(yaml.safe_dump(scenario))
    (tmp_path / "broken.yaml").write_text("kind: Deployment\nmetadata: {name: x}\nspec: [\n")
    return [str(REAL / "gatekeeper_workloads.yaml"), str(REAL / "contour_workloads.yaml"),
            str(tmp_path / "broken.yaml"), "--scenario", str(tmp_path / "outage.scenario.yaml")]


def _stage(stage, *handed):
    """Run `stage` on what it is handed; what it was handed reads the same afterwards."""
    before = [repr(h) for h in handed]
    out = stage(*handed)
    after = [repr(h) for h in handed]
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        assert a == b, f"{stage.__name__} changed its argument {i}"
    return out


def test_no_stage_changes_what_it_is_handed(tmp_path: Path) -> None:
    *paths, flag, scenario = _inputs(tmp_path)
    args, _ = parse(["check", "--no-config", "--phases", "2", flag, scenario, "--", *paths])
    settings = check_settings(args, None)
    behaviours = behaviour_refs(args)
    read = _stage(lambda p: read_inputs(p, keep_errors=True), paths)
    assert read.errors and read.workloads, "a bad file among good ones: kept, the rest read"
    plan = _stage(lambda w, b, e, s: scope(w, b, e, s, keep_errors=True), read.workloads,
                  behaviours, [], settings)
    _stage(estimate, plan, settings)
    measurements = _stage(lambda p, s: simulate(p, s, keep_errors=True), plan, settings)
    checks = _stage(judge, measurements.measured, settings)
    assert any(f.assumed for c in checks for f in c.findings), "the assumption is judged"
    workloads, merged = _stage(merge_renders, read.workloads, checks)
    assert [c.findings for c in merged] == [c.findings for c in checks]  # nothing to merge


def test_the_stages_records_are_frozen() -> None:
    for record in (Inputs, Plan, Measured, Measurements):
        assert dataclasses.fields(record) and record.__dataclass_params__.frozen, record


def test_the_pipeline_keeps_the_notes_it_is_given_first(tmp_path: Path) -> None:
    """run_checks takes the notes of what was read elsewhere (a live cluster's) instead of the
    command line changing the report afterwards."""
    *paths, flag, scenario = _inputs(tmp_path)
    args, _ = parse(["check", "--no-config", "--phases", "2", "--", paths[0]])
    report = run_checks([paths[0]], behaviours=[], expectations=[],
                        settings=check_settings(args, None), notes=["read elsewhere"])
    assert report.notes[0] == "read elsewhere"
