"""How many sweep points per second: the fast engine against one simpy run per phase.

    python benchmarks/bench_sweep.py [--phases 20] [--json]

The case: the seed's unified /healthz spec (liveness and readiness on /healthz, which checks
the database; readiness every 5 s, failureThreshold 2), one hour of simulated time with a
90 s database outage at t = 1800 s, the default kubelet profile (PLEG relist, sync hops,
resync and requeue jitter). The grid: livenessProbe.failureThreshold 1..40 x
livenessProbe.periodSeconds 1..30 = 1,200 points, each judged at 20 grid phases (24,000
runs of one hour).

Both engines run in this one process, one core, one after the other:

* the discrete-event engine (`simulate`, one simpy run per phase) on a sample of the grid:
  one point of each period (30 points, thresholds spread over 1..40);
* the fast engine (`kubesim.fast.run_metrics`, one run per phase) on the same sample, checking
  that every output of every run is identical, and then on the whole grid;
* the sweep path of `kubesim sweep` (`sweep.evaluate_group`) on the whole grid: the fast
  engine, plus reuse of a run for every failureThreshold inside its threshold box (points
  that differ only in thresholds make the same decisions when the streaks they see never
  tell the thresholds apart; see `metrics.run_metrics_box`).

The engines run period by period (DES sample point, the same point on the fast engine, the
period's 40 points on the fast engine, the same 40 points as a sweep), so that a change of
load on the machine hits them alike. Reported: points per second, runs per second and probe evaluations per second (probe calls
judged by the kubelet in the simulated runs; the fast engine counts the calls it jumps over,
and the sample check shows its counts equal the discrete-event engine's), and the ratios
of points per second (the DES rate taken on the sample, as the grid's points differ in cost
mostly by period and the sample covers every period). It measures; it asserts only that the outputs agree.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

import kubesim
from kubesim import Scenario, load_spec, profile_from, simulate
from kubesim.engine.metrics import metrics_of, run_metrics
from kubesim.engine.simulate import grid_cycle
from kubesim.analysis.sweep.grid import (
    SweepSpec,
    apply_point,
    evaluate_group,
    expand_grid,
    group_points,
    parse_setting,
    point_tasks,
)

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
HOUR = 3600.0
OUTAGE = (1800.0, 1890.0)
GRID = ["livenessProbe.failureThreshold=1..40", "livenessProbe.periodSeconds=1..30"]


def build_scenario() -> Scenario:
    """One hour, one 90 s database outage behind /healthz."""
    return Scenario.from_dict({
        "description": "a 90 s database outage in the middle of an hour",
        "shutdown_seconds": 0.3,
        "dependencies": {"db": {"down": [{"from": OUTAGE[0], "to": OUTAGE[1]}]}},
        "targets": {"/healthz": {"answer": {"status": 200, "latency_ms": 2},
                                 "depends_on": ["db"],
                                 "when_down": {"status": 503, "latency_ms": 3}}},
    }, source="<bench_sweep>")


def runs_of(point: dict[str, Any], phases: int) -> list[tuple[Any, Any, int, float]]:
    pod, behaviour = apply_point(load_spec(str(SPEC)), SCENARIO, point)
    cycle = grid_cycle(pod)
    return [(pod, behaviour, i, i * cycle / phases) for i in range(phases)]


SCENARIO = build_scenario()
PROFILE = profile_from()


def time_engine(points: list[dict[str, Any]], phases: int, engine: str
                ) -> tuple[float, int, list[Any]]:
    """Seconds, probe calls and the metrics of every run of `points`."""
    prepared = [runs_of(p, phases) for p in points]  # building pods is not simulating
    out: list[Any] = []
    calls = 0
    start = time.perf_counter()
    for runs in prepared:
        for pod, behaviour, seed, phase in runs:
            if engine == "des":
                m = metrics_of(simulate(pod, behaviour, duration=HOUR, seed=seed,
                                        profile=PROFILE, phase=phase), behaviour)
            else:
                m = run_metrics(pod, behaviour, duration=HOUR, seed=seed, profile=PROFILE,
                             phase=phase)
            calls += m.probe_calls
            out.append(m)
    return time.perf_counter() - start, calls, out


def rates(seconds: float, points: int, phases: int, calls: int) -> dict[str, float]:
    return {"seconds": seconds, "points": points, "runs": points * phases,
            "points_per_second": points / seconds,
            "runs_per_second": points * phases / seconds,
            "probe_evaluations": calls, "probe_evaluations_per_second": calls / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=20, metavar="N")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    grid = expand_grid([parse_setting(s) for s in GRID])
    spec = SweepSpec(pod=load_spec(str(SPEC)), behaviour=SCENARIO, profile=PROFILE,
                     duration=HOUR, phases=args.phases)
    groups = group_points(point_tasks(grid))  # one per period: its 40 thresholds
    des_s = fs_s = full_s = sweep_s = 0.0
    des_calls = fs_calls = full_calls = sweep_calls = 0
    sample: list[dict[str, Any]] = []
    # family by family, so that a change of machine load hits every engine alike
    for k, group in enumerate(groups):
        point = group[(7 * k) % len(group)].values  # the DES sample: one point per period
        sample.append(point)
        s1, c1, des_m = time_engine([point], args.phases, "des")
        s2, c2, fs_m = time_engine([point], args.phases, "fast")
        if des_m != fs_m:
            bad = next(i for i, (a, b) in enumerate(zip(des_m, fs_m, strict=True)) if a != b)
            print(f"MISMATCH at {point} run {bad}: {des_m[bad]} != {fs_m[bad]}",
                  file=sys.stderr)
            return 1
        s3, c3, _ = time_engine([g.values for g in group], args.phases, "fast")
        start = time.perf_counter()
        swept = evaluate_group(spec, group)
        s4 = time.perf_counter() - start
        mine = next(r for r in swept if r.values == point)
        if mine.probes != sum(m.probe_calls for m in fs_m):
            print(f"MISMATCH between the sweep and the engine at {point}", file=sys.stderr)
            return 1
        des_s, fs_s, full_s, sweep_s = des_s + s1, fs_s + s2, full_s + s3, sweep_s + s4
        des_calls, fs_calls = des_calls + c1, fs_calls + c2
        full_calls, sweep_calls = full_calls + c3, sweep_calls + sum(r.probes for r in swept)

    res = {
        "environment": {"kubesim": kubesim.__version__, "python": platform.python_version(),
                        "machine": platform.machine(), "profile": PROFILE.name,
                        "simulated_seconds_per_run": HOUR, "outage": OUTAGE,
                        "grid": GRID, "grid_points": len(grid), "phases": args.phases,
                        "sample_points": len(sample)},
        "des_sample": rates(des_s, len(sample), args.phases, des_calls),
        "fast_sample": rates(fs_s, len(sample), args.phases, fs_calls),
        "fast_grid": rates(full_s, len(grid), args.phases, full_calls),
        "sweep_grid": rates(sweep_s, len(grid), args.phases, sweep_calls),
    }
    res["ratio_engine"] = (res["fast_sample"]["points_per_second"]
                           / res["des_sample"]["points_per_second"])
    res["ratio_engine_grid"] = (res["fast_grid"]["points_per_second"]
                                / res["des_sample"]["points_per_second"])
    res["ratio_points_per_second"] = (res["sweep_grid"]["points_per_second"]
                                      / res["des_sample"]["points_per_second"])
    res["identical_outputs_on_sample"] = True
    res["environment"]["sample"] = "one point per period"
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    env = res["environment"]
    print(f"kubesim {env['kubesim']} | Python {env['python']} ({env['machine']}) | one core | "
          f"profile {env['profile']}")
    print(f"1 h of the seed's unified /healthz pod, db outage {OUTAGE[0]:g}-{OUTAGE[1]:g} s | "
          f"grid {' x '.join(GRID)} = {len(grid)} points x {args.phases} phases")
    print()
    head = (f"{'engine':<26} {'points':>7} {'runs':>7} {'seconds':>9} {'points/s':>10} "
            f"{'runs/s':>10} {'probe evals/s':>15}")
    print(head)
    print("-" * len(head))
    for name, key in (("DES, 1 run/phase", "des_sample"),
                      ("fast engine, 1 run/phase", "fast_sample"),
                      ("fast engine, 1 run/phase", "fast_grid"),
                      ("sweep (fast + reuse)", "sweep_grid")):
        r = res[key]
        print(f"{name:<26} {r['points']:>7} {r['runs']:>7} {r['seconds']:>9.2f} "
              f"{r['points_per_second']:>10.2f} {r['runs_per_second']:>10.1f} "
              f"{r['probe_evaluations_per_second']:>15,.0f}")
    print()
    print(f"ratio, points per second vs the DES: fast engine {res['ratio_engine']:.0f}x "
          f"(same sample), {res['ratio_engine_grid']:.0f}x (whole grid); "
          f"sweep {res['ratio_points_per_second']:.0f}x (whole grid)")
    print(f"outputs identical on every sampled run ({len(sample) * args.phases} runs): yes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
