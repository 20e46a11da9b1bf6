"""How many sweep points per second: the fast scheduler against the simpy one, per grid point,
and against a plain vectorized numpy count of failure streaks.

    python benchmarks/bench_sweep.py [--phases 20] [--json] [--rounds 3] [--per-run-only]

The case: the seed's unified /healthz spec (liveness and readiness on /healthz, which checks
the database), one hour of simulated time with a database outage starting at t = 1800 s, the
default kubelet profile (PLEG relist, sync hops, resync and requeue jitter). Two grids, each
point judged at 20 grid phases:

* `thresholds`: livenessProbe.failureThreshold 1..40 x livenessProbe.periodSeconds 1..30
  (1,200 points, 90 s outage);
* `no-threshold`: livenessProbe.periodSeconds 1..30 x outage length 30..300 s by 30 (300
  points): no threshold varies, so no run is shared between points.

Per grid, in this one process, one core, period by period (so that a change of machine load
hits every engine alike):

* simpy: `simulate(..., engine="simpy")` on a sample (one point per period), its metrics;
* fast: `run_metrics` (the fast scheduler, counting) on the same sample, checked identical to
  simpy run by run, and on the whole grid;
* sweep: `kubesim sweep`'s path (`evaluate_group`: fast runs, plus reuse of a run for every
  failureThreshold inside its threshold box) on the whole grid;
* numpy floor: for every run of the whole grid, the liveness calls of the first container
  on its tick grid (phase + k x period), failed when inside the outage, and a vectorized count
  of streaks of `failureThreshold` failures, one count per run (as the engines run) and,
  for reference, one per point with all its phases batched (= liveness kills if every kill left the grid and
  the outage as they were). It leaves out everything the kubelet adds: readiness and Ready,
  the restart (new container, initialDelaySeconds, back-off, re-phased grid), the sync and
  PLEG latencies, jitter, answers' latencies and timeouts, startup probes. It is the floor of
  what any simulation of the same probe results could cost.
* heap entries: how many entries the fast scheduler schedules per run of the sample (stepped
  events, jumps' reschedulings, abandoned waits), and the time per entry they imply: the
  part of a run that jumps cannot cover, and what it costs.
* per 1 h run: the fast scheduler's time per run of the sample (what a user waits for, one
  run at a time; the target is at most 500 µs on both grids with the kubelet and engine
  compiled by mypyc), and how much of it is building the model (`launch_pod` without
  running it). Measured compiled and pure, each in a new process of this benchmark
  (`KUBESIM_PURE=1` chooses the pure modules at import), alternating, the best of `--rounds`;
  every run's metrics must be the same both ways. `--per-run-only` prints only these.

Times are this process's CPU time (one core), so that other work on the machine does not
count. The simpy runs are the correctness check (every sampled run's metrics identical), the numpy
floor is context. It measures; it asserts only that the outputs agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import kubesim
import kubesim.compiled
from kubesim import Scenario, load_spec, profile_from, simulate
from kubesim.analysis.sweep.grid import SweepSpec, apply_point, expand_grid, parse_setting
from kubesim.analysis.sweep.run import evaluate_group, group_points, point_tasks
from kubesim.engine.metrics import metrics_of, run_metrics
from kubesim.engine.simulate import grid_cycle, launch_pod, make_scheduler

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
HOUR = 3600.0
OUTAGE = (1800.0, 1890.0)
GRIDS = {
    "thresholds": ["livenessProbe.failureThreshold=1..40", "livenessProbe.periodSeconds=1..30"],
    "no-threshold": ["livenessProbe.periodSeconds=1..30", "outage.db.length=30..300:30"],
}


def build_scenario() -> Scenario:
    """One hour, one 90 s database outage behind /healthz."""
    return Scenario.from_dict({
        "description": "a database outage in the middle of an hour",
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
    start = time.process_time()
    for runs in prepared:
        for pod, behaviour, seed, phase in runs:
            if engine == "simpy":
                m = metrics_of(simulate(pod, behaviour, duration=HOUR, seed=seed,
                                        profile=PROFILE, phase=phase, engine="simpy",
                                        record_probes=False), behaviour)
            else:
                m = run_metrics(pod, behaviour, duration=HOUR, seed=seed, profile=PROFILE,
                                phase=phase)
            calls += m.probe_calls
            out.append(m)
    return time.process_time() - start, calls, out


def entries_per_run(points: list[dict[str, Any]], phases: int) -> float:
    """The mean number of entries the fast scheduler puts on its heap per run of `points`
    (every stepped event, a jump's rescheduling, and waits abandoned by interrupts): what a
    run costs is about this count times the cost of one entry. Not timed."""
    total = runs = 0
    for point in points:
        for pod, behaviour, seed, phase in runs_of(point, phases):
            sched = make_scheduler("fast")
            launch_pod(sched, pod, behaviour, duration=HOUR, seed=seed, profile=PROFILE,
                       phase=phase, keep_probes=False)
            sched.run(until=HOUR)
            total, runs = total + sched.seq, runs + 1
    return total / runs


def model_us_per_run(points: list[dict[str, Any]], phases: int) -> float:
    """Microseconds per run to build the model of a run of `points` (the kubelet, its
    containers, workers and first start: `launch_pod`) without running it, best of 3."""
    runs = [r for point in points for r in runs_of(point, phases)]
    best = math.inf
    for _ in range(3):
        start = time.process_time()
        for pod, behaviour, seed, phase in runs:
            launch_pod(make_scheduler("fast"), pod, behaviour, duration=HOUR, seed=seed,
                       profile=PROFILE, phase=phase, keep_probes=False)
        best = min(best, time.process_time() - start)
    return best / len(runs) * 1e6


def floor_of(points: list[dict[str, Any]], phases: int, *, batched: bool
             ) -> tuple[float, int]:
    """Seconds of the numpy floor over every run of `points`, and its liveness kills; one
    vectorized count per run, or (`batched`) one per point over all its phases at once."""
    prepared = []
    for point in points:
        pod, behaviour = apply_point(load_spec(str(SPEC)), SCENARIO, point)
        live = pod.container.liveness_probe
        (start, end), = ((s.start, s.end) for s in behaviour.dependencies["db"].down)
        cycle = grid_cycle(pod)
        phase = np.arange(phases) * cycle / phases
        for rows in ([phase] if batched else [phase[i:i + 1] for i in range(phases)]):
            prepared.append((float(live.period_seconds), live.failure_threshold, start, end,
                             rows))
    kills = 0
    t0 = time.process_time()
    for period, threshold, start, end, rows in prepared:
        ticks = rows[:, None] + np.arange(math.ceil(HOUR / period))[None, :] * period
        failed = (ticks >= start) & (ticks < end)
        # streak lengths: cumulative failures minus the count at the last success
        count = np.cumsum(failed, axis=1)
        streak = count - np.maximum.accumulate(np.where(failed, 0, count), axis=1)
        kills += int(np.count_nonzero((streak % threshold == 0) & failed))
    return time.process_time() - t0, kills


def rates(seconds: float, points: int, phases: int, calls: int) -> dict[str, float]:
    return {"seconds": seconds, "points": points, "runs": points * phases,
            "points_per_second": points / seconds,
            "runs_per_second": points * phases / seconds,
            "probe_evaluations": calls, "probe_evaluations_per_second": calls / seconds}


def tasks_by_period(name: str) -> dict[Any, list[Any]]:
    """The grid's points (as the sweep groups them), by livenessProbe.periodSeconds."""
    grid = expand_grid([parse_setting(s) for s in GRIDS[name]])
    by_period: dict[Any, list[Any]] = {}
    for group in group_points(point_tasks(grid)):
        for task in group:
            by_period.setdefault(task.values["livenessProbe.periodSeconds"], []).append(task)
    return by_period


def sample_of(name: str) -> list[dict[str, Any]]:
    """The sample of a grid: one point per period (the simpy runs, the per-run figures)."""
    return [tasks[(7 * k) % len(tasks)].values
            for k, tasks in enumerate(tasks_by_period(name).values())]


def per_run(name: str, phases: int) -> dict[str, Any]:
    """The per-1 h-run figure of this process's modules (compiled or pure) on a grid's sample,
    and a digest of every run's metrics (the same in both, or the benchmark stops)."""
    sample = sample_of(name)
    seconds, _, metrics = time_engine(sample, phases, "fast")
    runs = len(sample) * phases
    return {"mode": compiled_mode(), "runs": runs, "us_per_run": seconds / runs * 1e6,
            "model_us_per_run": model_us_per_run(sample, phases),
            "metrics_sha256": hashlib.sha256(repr(metrics).encode()).hexdigest()}


def per_run_both(names: list[str], phases: int, rounds: int) -> dict[str, Any]:
    """Per-run figures compiled and pure, each a new process of this benchmark (the modules
    are chosen at import, KUBESIM_PURE=1), alternating, the best of `rounds` each; None for
    compiled when this install has no compiled modules."""
    installed = kubesim.compiled.state_of(kubesim.compiled.PACKAGE, pure_requested=False)
    modes = ["compiled", "pure"] if installed.mode == "compiled" else ["pure"]
    best: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for mode in modes:
            env = {k: v for k, v in os.environ.items() if k != kubesim.compiled.PURE_VARIABLE}
            if mode == "pure":
                env[kubesim.compiled.PURE_VARIABLE] = "1"
            argv = [sys.executable, __file__, "--per-run", "--phases", str(phases)]
            for name in names:
                argv += ["--grid", name]
            child = json.loads(subprocess.run(argv, env=env, check=True, capture_output=True,
                                              text=True).stdout)
            for name, fig in child.items():
                if fig["mode"] != mode:
                    raise SystemExit(f"asked for {mode} modules, ran {fig['mode']}")
                kept = best.setdefault(mode, {}).get(name)
                if kept is None or fig["us_per_run"] < kept["us_per_run"]:
                    best[mode][name] = fig
    out: dict[str, Any] = {}
    for name in names:
        pure = best["pure"][name]
        fast = best.get("compiled", {}).get(name)
        if fast is not None and fast["metrics_sha256"] != pure["metrics_sha256"]:
            raise SystemExit(f"MISMATCH: compiled and pure metrics differ on grid {name}")
        out[name] = {"pure": pure, "compiled": fast, "rounds": rounds,
                     "compiled_reason": installed.reason}
    return out


def bench_grid(name: str, phases: int) -> dict[str, Any]:
    grid = expand_grid([parse_setting(s) for s in GRIDS[name]])
    spec = SweepSpec(pod=load_spec(str(SPEC)), behaviour=SCENARIO, profile=PROFILE,
                     duration=HOUR, phases=phases)
    by_period = tasks_by_period(name)
    simpy_s = fs_s = full_s = sweep_s = floor_s = batched_s = 0.0
    simpy_calls = fs_calls = full_calls = sweep_calls = 0
    sample: list[dict[str, Any]] = []
    for tasks, point in zip(by_period.values(), sample_of(name), strict=True):
        sample.append(point)
        s1, c1, ref = time_engine([point], phases, "simpy")
        s2, c2, fast = time_engine([point], phases, "fast")
        if ref != fast:
            bad = next(i for i, (a, b) in enumerate(zip(ref, fast, strict=True)) if a != b)
            raise SystemExit(f"MISMATCH at {point} run {bad}: {ref[bad]} != {fast[bad]}")
        s3, c3, _ = time_engine([t.values for t in tasks], phases, "fast")
        start = time.process_time()
        swept = [r for g in group_points(tasks) for r in evaluate_group(spec, g)]
        s4 = time.process_time() - start
        s5, k5 = floor_of([t.values for t in tasks], phases, batched=False)
        s6, k6 = floor_of([t.values for t in tasks], phases, batched=True)
        if k5 != k6:
            raise SystemExit("the two numpy floors disagree")
        batched_s += s6
        simpy_s, fs_s, full_s, sweep_s = simpy_s + s1, fs_s + s2, full_s + s3, sweep_s + s4
        floor_s += s5
        simpy_calls, fs_calls = simpy_calls + c1, fs_calls + c2
        full_calls, sweep_calls = full_calls + c3, sweep_calls + sum(r.probes for r in swept)
    res: dict[str, Any] = {
        "grid": GRIDS[name], "grid_points": len(grid), "phases": phases,
        "sample_points": len(sample),
        "simpy_sample": rates(simpy_s, len(sample), phases, simpy_calls),
        "fast_sample": rates(fs_s, len(sample), phases, fs_calls),
        "fast_grid": rates(full_s, len(grid), phases, full_calls),
        "sweep_grid": rates(sweep_s, len(grid), phases, sweep_calls),
        "numpy_floor_grid": rates(floor_s, len(grid), phases, 0),
        "numpy_floor_batched_grid": rates(batched_s, len(grid), phases, 0),
    }
    simpy_pps = res["simpy_sample"]["points_per_second"]
    res["fast_over_simpy_sample"] = res["fast_sample"]["points_per_second"] / simpy_pps
    res["fast_over_simpy_grid"] = res["fast_grid"]["points_per_second"] / simpy_pps
    res["sweep_over_simpy"] = res["sweep_grid"]["points_per_second"] / simpy_pps
    res["fast_over_floor"] = full_s / floor_s
    res["sweep_over_floor"] = sweep_s / floor_s
    res["fast_over_batched_floor"] = full_s / batched_s
    runs = len(sample) * phases
    res["fast_entries_per_run"] = entries = entries_per_run(sample, phases)
    res["fast_us_per_run"] = fs_s / runs * 1e6
    res["model_us_per_run"] = model_us_per_run(sample, phases)
    res["fast_us_per_entry"] = fs_s / runs / entries * 1e6
    res["simpy_us_per_run"] = simpy_s / runs * 1e6
    return res


def compiled_mode() -> str:
    """"compiled" or "pure": what the kubelet and engine modules of this process are
    (kubesim.compiled, checked against the module actually loaded)."""
    import kubesim.engine.heap_scheduler as heap

    mode = kubesim.compiled.native_state().mode
    if (mode == "compiled") == heap.__file__.endswith(".py"):
        raise SystemExit(f"kubesim says {mode}, but the scheduler is {heap.__file__}")
    return mode


def per_run_line(figures: dict[str, Any]) -> str:
    pure, fast = figures["pure"], figures["compiled"]
    line = (f"per 1 h run, fast, best of {figures['rounds']} (new processes, alternating): "
            f"pure {pure['us_per_run']:,.0f} µs (model {pure['model_us_per_run']:.0f} µs)")
    if fast is None:
        return line + f"; compiled: not installed ({figures['compiled_reason']})"
    return (line + f", compiled {fast['us_per_run']:,.0f} µs (model "
            f"{fast['model_us_per_run']:.0f} µs): {pure['us_per_run'] / fast['us_per_run']:.2f}x;"
            f" target <= 500 µs compiled; metrics identical on {fast['runs']} runs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=20, metavar="N")
    parser.add_argument("--grid", choices=sorted(GRIDS), action="append",
                        help="only this grid (repeatable; default: both)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--rounds", type=int, default=3, metavar="N",
                        help="per-run figures compiled and pure: the best of N (default 3)")
    parser.add_argument("--per-run", action="store_true",
                        help="only this process's per-run figures, as JSON (one mode)")
    parser.add_argument("--per-run-only", action="store_true",
                        help="only the per-run figures, compiled and pure")
    args = parser.parse_args(argv)
    names = args.grid or list(GRIDS)
    if args.per_run:
        print(json.dumps({name: per_run(name, args.phases) for name in names}))
        return 0
    both = per_run_both(names, args.phases, args.rounds)
    if args.per_run_only:
        for name in names:
            print(f"grid {name}: {' x '.join(GRIDS[name])}, the sample of one point per period"
                  f" x {args.phases} phases")
            print("  " + per_run_line(both[name]))
        return 0
    results = {name: bench_grid(name, args.phases) for name in names}
    for name in names:
        results[name]["per_run_modules"] = both[name]
    env = {"kubesim": kubesim.__version__, "python": platform.python_version(),
           "machine": platform.machine(), "profile": PROFILE.name,
           "simulated_seconds_per_run": HOUR, "outage_start": OUTAGE[0]}
    if args.json:
        print(json.dumps({"environment": env, "grids": results}, indent=2))
        return 0
    print(f"kubesim {env['kubesim']} | Python {env['python']} ({env['machine']}) | one core | "
          f"profile {env['profile']} | 1 h of the seed's unified /healthz pod, db outage at "
          f"{OUTAGE[0]:g} s")
    for name, res in results.items():
        print()
        print(f"grid {name}: {' x '.join(res['grid'])} = {res['grid_points']} points x "
              f"{res['phases']} phases")
        head = (f"  {'engine':<28} {'points':>7} {'seconds':>9} {'points/s':>10} "
                f"{'probe evals/s':>15}")
        print(head)
        for label, key in (("simpy, 1 run/phase (sample)", "simpy_sample"),
                           ("fast, 1 run/phase (sample)", "fast_sample"),
                           ("fast, 1 run/phase", "fast_grid"),
                           ("sweep (fast + reuse)", "sweep_grid"),
                           ("numpy floor, 1 count/run", "numpy_floor_grid"),
                           ("numpy floor, phases batched", "numpy_floor_batched_grid")):
            r = res[key]
            print(f"  {label:<28} {r['points']:>7} {r['seconds']:>9.3f} "
                  f"{r['points_per_second']:>10.1f} {r['probe_evaluations_per_second']:>15,.0f}")
        print(f"  per 1 h run, fast, in this process ({compiled_mode()}): "
              f"{res['fast_us_per_run']:,.0f} µs, of which building the model "
              f"{res['model_us_per_run']:.0f} µs; simpy {res['simpy_us_per_run']:,.0f} µs")
        print("  " + per_run_line(res["per_run_modules"]))
        print(f"  fast, sample: {res['fast_entries_per_run']:.0f} heap entries per run, "
              f"{res['fast_us_per_entry']:.1f} µs per entry")
        print(f"  context: fast / simpy per point {res['fast_over_simpy_sample']:.0f}x (same "
              f"sample), {res['fast_over_simpy_grid']:.0f}x (whole grid), sweep "
              f"{res['sweep_over_simpy']:.0f}x; fast / numpy floor {res['fast_over_floor']:.1f}x, "
              f"sweep / floor {res['sweep_over_floor']:.1f}x, fast / batched floor "
              f"{res['fast_over_batched_floor']:.0f}x")
        print(f"  outputs identical on every sampled run ({res['sample_points'] * res['phases']}"
              " runs): yes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
