"""The ready-fraction latency law (docs/controller-rules.md F4, F6): a target's latency
follows the fraction of the fleet's replicas kube-proxy routes to, as a replica's traffic
sees it (F4) or for every replica whatever its traffic (F6, `scope: fleet`).

Expected latencies are derived here from the law's formula as the docs state it, at a
fraction counted independently of kubesim.fleet: each replica's Ready intervals sampled one
propagation delay before the call (F1), over the replicas the fleet wants.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest

from kubesim import Scenario, load_spec
from kubesim.cli.main import main
from kubesim.fleet.run import simulate_fleet
from kubesim.fleet.settings import FleetSettings
from kubesim.results import ProbeType

ROOT = Path(__file__).resolve().parent.parent
SKELETON = str(ROOT / "probe_specs" / "seed_skeleton.yaml")
BASE, AT_ZERO, EXPONENT = 5.0, 605.0, 2.0
POINTS = [[0.0, 900.0], [0.5, 300.0], [0.75, 60.0], [1.0, 4.0]]


def power_law(f: float) -> float:
    """The documented power form: base + (at_zero - base) * (1 - f) ** exponent."""
    return BASE + (AT_ZERO - BASE) * (1 - f) ** EXPONENT


def table_law(f: float) -> float:
    """The documented table form: linear between the points, the ends held."""
    pts = sorted(POINTS)
    if f <= pts[0][0]:
        return pts[0][1]
    for (f0, y0), (f1, y1) in itertools.pairwise(pts):
        if f <= f1:
            return y0 + (y1 - y0) * (f - f0) / (f1 - f0)
    return pts[-1][1]


def _scenario(law: dict) -> Scenario:
    """Replica #0 fails readiness 100-200 s, #1 150-260 s, #2 230-240 s: the others' /livez
    answers follow the law as the fleet's routed fraction falls to 2/4 and back."""
    def down(i: int, a: float, b: float) -> dict:
        return {"from": a, "to": b, "answer": {"status": 503}, "replicas": {"indexes": [i]}}
    return Scenario.from_dict({"targets": {
        "/livez": {"answer": {"status": 200, "latency_ms": law}},
        "/readyz": {"answer": {"status": 200, "latency_ms": 3},
                    "windows": [down(0, 100, 200), down(1, 150, 260), down(2, 230, 240)]},
    }}, source="<test>")


def _routed_fraction(fleet, t: float) -> tuple[float, bool]:
    """(fraction of the wanted replicas whose Ready held `propagation` seconds before `t`,
    whether every replica had served at once by `t`), by brute-force sampling."""
    d, n = fleet.settings.propagation_seconds, fleet.settings.replicas

    def ready(tl, at: float) -> bool:
        return any(s <= at < e for s, e in tl.ready_intervals())

    count = sum(ready(tl, t - d) for tl in fleet.timelines)
    starts = sorted({s + d for tl in fleet.timelines for s, _ in tl.ready_intervals()})
    in_service = any(u <= t and all(ready(tl, u - d) for tl in fleet.timelines)
                     for u in starts)
    return count / n, in_service


@pytest.mark.parametrize("scope", ["routed", "fleet"])
@pytest.mark.parametrize(("law", "formula"), [
    ({"law": "ready_fraction", "base": BASE, "at_zero": AT_ZERO, "exponent": EXPONENT},
     power_law),
    ({"law": "ready_fraction", "points": POINTS}, table_law),
])
def test_F4_F6_each_answer_follows_the_law_at_the_routed_fraction(law, formula, scope):
    """F4 (`scope: routed`, the default): a replica traffic does not reach answers at 1;
    F6 (`scope: fleet`): every replica answers at the fleet's fraction, routed to or not."""
    law = law if scope == "routed" else {**law, "scope": scope}
    fleet = simulate_fleet(load_spec(SKELETON), _scenario(law), FleetSettings(4),
                           duration=320, seed=5, record_probes=True)
    seen: set[float] = set()
    unrouted: set[float] = set()  # fractions a replica out of the endpoints answered at
    for i, tl in enumerate(fleet.timelines):
        d = fleet.settings.propagation_seconds
        for call in tl.probes:
            if call.probe is not ProbeType.LIVENESS:
                continue
            fraction, in_service = _routed_fraction(fleet, call.at)
            mine = any(s <= call.at - d < e for s, e in tl.ready_intervals())
            # a fleet not yet in service: fraction 1; a replica traffic does not reach: 1
            # under F4, the fleet's under F6
            applies = in_service and (mine or scope == "fleet")
            expected = formula(fraction if applies else 1.0) / 1000
            assert math.isclose(call.latency, expected, rel_tol=1e-9, abs_tol=1e-12), \
                (i, call.at, fraction)
            seen.add(round(fraction, 3) if applies else 1.0)
            if in_service and not mine:
                unrouted.add(round(fraction, 3) if applies else 1.0)
    assert {0.5, 0.75, 1.0} <= seen  # the run went through the fractions it was built for
    # the two laws part where a replica is out of the endpoints while others are too
    assert (unrouted == {1.0}) == (scope == "routed") and unrouted


def _collapse(tmp_path: Path, capsys: pytest.CaptureFixture[str], scope: str) -> dict:
    """Four replicas whose readiness asks a backend they share: /readyz takes 1.5 s (past its
    1 s timeout) once a quarter of the fleet serves, 0.4 s at three quarters, 3 ms with all;
    replicas 0-2 fail readiness for 10 s (100-110 s), and nothing else goes wrong."""
    path = tmp_path / f"collapse-{scope}.scenario.yaml"
    path.write_text(json.dumps({"targets": {"/readyz": {
        "answer": {"status": 200, "latency_ms": {
            "law": "ready_fraction", "scope": scope,
            "points": [[0.25, 1500], [0.75, 400], [1, 3]]}},
        "windows": [{"from": 100, "to": 110, "answer": {"status": 503},
                     "replicas": {"indexes": [0, 1, 2]}}]}}}))
    assert main(["fleet", SKELETON, "--scenario", str(path), "--replicas", "4",
                 "--duration", "400", "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_F6_a_shared_backend_collapse_of_three_of_four_does_not_recover(tmp_path, capsys):
    """Three of four replicas out for 10 s: under F4 the three, routed nothing, answer at
    fraction 1 and are back within seconds of the blip; under F6 (`scope: fleet`) every
    replica's /readyz answers at the fleet's fraction whether traffic reaches it or not, so
    none can pass readiness again and the Service stays empty to the end of the run."""
    routed = _collapse(tmp_path, capsys, "routed")
    shared = _collapse(tmp_path, capsys, "fleet")
    last = routed["capacity"][-1]
    assert last["ready"] == last["serving"] == 4 and last["at"] < 110 + 60
    assert routed["summary"]["seconds_at_zero_capacity"] < 10
    # F6: from the blip's end on nothing serves again, and the replicas keep timing out
    after = [p for p in shared["capacity"] if p["at"] >= 110]
    assert after[-1]["serving"] == 0 and after[-1]["pods_ready"] == 0
    zero_from = after[-1]["at"]
    assert zero_from < 110 + 30  # it collapsed within seconds of the blip...
    assert shared["summary"]["seconds_at_zero_capacity"] == pytest.approx(400 - zero_from,
                                                                          abs=1e-6)
    for replica in shared["replicas"]:  # ...and no replica's readiness passes again
        late = [p for p in replica["probes"] if p["probe"] == "readiness"
                and p["at"] > zero_from]
        assert late and all(p["result"] == "failure" for p in late)
        assert all("Client.Timeout exceeded" in p["detail"] for p in late)


def test_F4_the_law_is_per_target_and_other_targets_keep_their_latency():
    law = {"law": "ready_fraction", "base": BASE, "at_zero": AT_ZERO}
    fleet = simulate_fleet(load_spec(SKELETON), _scenario(law), FleetSettings(4),
                           duration=320, seed=5, record_probes=True)
    readiness = {c.latency for tl in fleet.timelines for c in tl.probes
                 if c.probe is ProbeType.READINESS and c.result.value == "success"}
    assert readiness and all(math.isclose(lat, 0.003, rel_tol=1e-9) for lat in readiness)
    liveness = {round(c.latency, 6) for tl in fleet.timelines for c in tl.probes
                if c.probe is ProbeType.LIVENESS}
    assert len(liveness) > 2  # it moved with the fraction


def test_F4_a_slow_enough_law_takes_the_fleet_down_together(tmp_path, capsys):
    """A latency that grows past timeoutSeconds as replicas leave: once two of four are out,
    the others' liveness answers take longer than 1 s and they are killed too (a cascade
    the law makes emerge; the backlog queue is not on)."""
    path = tmp_path / "cascade.scenario.yaml"
    path.write_text(json.dumps({"targets": {
        "/livez": {"answer": {"latency_ms": {"law": "ready_fraction", "points":
                                             [[0.5, 1500], [0.75, 400], [1, 2]]}}},
        "/readyz": {"answer": {"status": 200},
                    "windows": [{"from": 100, "to": 300, "answer": {"status": 503},
                                 "replicas": {"indexes": [0, 1]}}]}}}))
    assert main(["fleet", SKELETON, "--scenario", str(path), "--replicas", "4",
                 "--duration", "400", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    restarts = [r["summary"]["restarts"] for r in doc["replicas"]]
    assert restarts[0] == restarts[1] == 0  # the two out of Ready are not slow: no traffic
    assert restarts[2] > 0 and restarts[3] > 0


def test_F4_a_pod_alone_answers_at_fraction_one(capsys, tmp_path):
    path = tmp_path / "law.scenario.yaml"
    path.write_text(json.dumps({"targets": {"/livez": {"answer": {"latency_ms": {
        "law": "ready_fraction", "base": 7, "at_zero": 900}}}}}))
    assert main(["run", SKELETON, "--scenario", str(path), "--duration", "60",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    lats = {round(p["latency"], 9) for p in doc["probes"] if p["probe"] == "liveness"}
    assert lats == {0.007}


@pytest.mark.parametrize(("latency", "message"), [
    ({"law": "ready_fraction", "base": 5}, "law ready_fraction takes base and at_zero"),
    ({"law": "ready_fraction", "base": 5, "at_zero": 9, "points": [[0, 1], [1, 2]]},
     "takes points, or base, at_zero and exponent, not both"),
    ({"law": "ready_fraction", "points": [[0, 1], [1.5, 2]]},
     "points: fraction 1.5 must be from 0 to 1"),
    ({"law": "ready_fraction", "points": [[0.5, 1], [0.5, 2]]}, "points: each fraction once"),
    ({"law": "ready_fraction", "points": [[0.5, 1]]}, "List should have at least 2 items"),
    ({"law": "ready_fraction", "base": 5, "at_zero": 9, "exponent": 0},
     "exponent: Input should be greater than 0"),
    ({"law": "queue", "base": 5}, "law"),
    ({"base": 5}, ("latency_ms needs distribution: constant|uniform|normal|lognormal|"
                   "exponential|empirical or law: ready_fraction")),
])
def test_a_bad_law_is_refused_with_the_field(tmp_path, capsys, latency, message):
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(json.dumps({"targets": {"/livez": {"answer": {"latency_ms": latency}}}}))
    assert main(["fleet", SKELETON, "--scenario", str(path), "--duration", "30"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and 'targets["/livez"].answer.latency_ms' in err, err
    assert message in err and "Traceback" not in err, err
