"""`kubesim run --changes-only`: repeated probe outcomes folded into their first call, without
losing a call, a change of outcome or any other line of the timeline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubesim.cli.main import main

REPO = Path(__file__).resolve().parent.parent
CASES = [("seed_unified_healthz.yaml", "seed_db_outage.scenario.yaml"),
         ("seed_slow_startup_liveness_only.yaml", "seed_slow_startup.scenario.yaml"),
         ("seed_skeleton.yaml", "seed_event_loop_stall.scenario.yaml")]
PROBE = re.compile(r"^\s*([\d.]+)  (startup|liveness|readiness)\s+(ok \(3xx\)|ok|FAIL|error)\s+"
                   r"(.*?)(?: \[\d+ ms\])?(?:  \(x(\d+) to ([\d.]+) s\))?$")


def timeline(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["run", *argv, "--duration", "300"]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("spec", "scenario"), CASES)
def test_folding_keeps_every_call_and_every_change(capsys, spec, scenario):
    argv = (str(REPO / "probe_specs" / spec), "--scenario", str(REPO / "traces" / scenario))
    full, folded = timeline(capsys, *argv), timeline(capsys, *argv, "--changes-only")
    calls = [PROBE.match(line) for line in full if PROBE.match(line)]
    shown = [PROBE.match(line) for line in folded if PROBE.match(line)]
    assert len(folded) < len(full) and len(shown) < len(calls)
    # every other line (containers, Ready, kills, back-off, summary) is kept as it was
    assert [x for x in full if not PROBE.match(x)] == [x for x in folded if not PROBE.match(x)]
    # the folded counts add up to every call, and each run starts where the full list has a
    # call of that probe type with the same outcome
    assert sum(int(m.group(5) or 1) for m in shown) == len(calls)
    expanded = []
    for m in shown:
        same = [c for c in calls if c.group(2) == m.group(2) and float(c.group(1)) >= float(
            m.group(1)) and (c.group(3), c.group(4)) == (m.group(3), m.group(4))]
        n = int(m.group(5) or 1)
        expanded += same[:n]
        if n > 1:
            assert same[n - 1].group(1) == m.group(6)  # "to T s" is the run's last call
    assert sorted(float(c.group(1)) for c in expanded) == sorted(float(c.group(1))
                                                                 for c in calls)
    # consecutive shown calls of one probe type differ in outcome (else they would be one run),
    # unless a new container instance started in between
    last: dict[str, tuple[str, str]] = {}
    for line in folded:
        if "running" in line and "container #" in line:
            last.clear()
        m = PROBE.match(line)
        if m:
            assert last.get(m.group(2)) != (m.group(3), m.group(4)), line
            last[m.group(2)] = (m.group(3), m.group(4))
