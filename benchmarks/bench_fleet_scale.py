"""Does `kubesim fleet` scale with the replicas: a 1,000-replica hour, and the load model?

    python benchmarks/bench_fleet_scale.py [--replicas 1000] [--load-sizes 100,300,1000]
        [--skip-fleet] [--skip-load] [--walks] [--against CHECKOUT]

1. `kubesim fleet probe_specs/seed_unified_healthz.yaml --replicas N --duration 3600
   --start-spread 60 --scenario traces/seed_db_outage.scenario.yaml`, text and then JSON, each
   as a child process: its CPU time (user + system, `resource.getrusage` of the children),
   its peak resident set size and the bytes it wrote. Targets (issue 31 item 3): text <= 5 s
   CPU and <= 400 MB; the JSON streamed (its peak far below its size).
2. The load model: the seed's unified pod, the replicas started within 60 s, 1 h, the
   database down 90 s at 30 min, 90 % of the fleet's capacity (`LoadModel(90 N, 100)`), at
   each size in one run: CPU per replica and the ratio of the largest size's to the
   smallest's (near-linear: close to 1). Target: 1,000 replicas <= 10 s CPU. The same run
   from the command line (its scenario the seed's outage moved to 1,800 s):
   `kubesim fleet probe_specs/seed_unified_healthz.yaml --replicas 1000 --duration 3600
   --start-spread 60 --scenario OUTAGE_AT_1800.yaml --load 90000:100 --seed 1`.
   Beside each size: the terms the queue walk added (`QueueTerms.added`: they grow with the
   square of the fleet, a backed-up replica walking every fleet-wide change since its last
   answer) and the routing changes indexed; with `--walks`, what the walks cost: each walk
   of the run recorded, then made again alone on the run's terms, timed (a lower bound: the
   run's other work no longer evicts the terms between two walks; the run's own CPU then
   counts the recording).

Each size runs in a child process (`--child N`, kubesim imported by PYTHONPATH from the
checkout measured); with `--against CHECKOUT` also from that checkout (the before), the two in
turn at each size, and the ratios this / that, all in this one run (machine load hits both
alike). A checkout whose walk counts no additions shows "n/a".

It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def child(argv: list[str]) -> tuple[float, float, int, int]:
    """CPU seconds, peak RSS (MB), bytes written and exit code of `kubesim ARGV`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-m", "kubesim", *argv], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # the largest child so far: run the smaller output (text) first
    return cpu, after.ru_maxrss / 1024, len(proc.stdout), proc.returncode


def loaded(n: int, walks: bool = False) -> dict[str, Any]:
    """The load model's hour for n replicas, in this process: CPU seconds, the routing
    changes indexed and the terms the queue walk added (None where the kubesim imported
    counts none); with `walks`, each walk the run made is recorded (the run's CPU then
    counts the recording) and the CPU of the walks alone is added (`_replayed`)."""
    from bench_fleet import scenario  # type: ignore[import-not-found]

    import kubesim.fleet.serving as serving
    from kubesim import load_spec
    from kubesim.compiled import native_state
    from kubesim.fleet.run import simulate_fleet
    from kubesim.fleet.settings import FleetSettings, LoadModel

    made: list[Any] = []
    calls: list[tuple[float, int, int, bool]] = []
    deltas_for = serving.ServingIndex._deltas_for

    def recorded(index: Any, upto: int, rps: float, capacity: float) -> Any:
        made[:] = [index, deltas_for(index, upto, rps, capacity)]
        return _Recorder(made[1], calls) if walks else made[1]

    serving.ServingIndex._deltas_for = recorded  # type: ignore[method-assign]
    pod = load_spec(str(ROOT / "probe_specs" / "seed_unified_healthz.yaml"))
    cfg = FleetSettings(n, start_spread=60, load=LoadModel(90.0 * n, 100))
    c = time.process_time()
    simulate_fleet(pod, scenario([(1_800, 1_890)]), cfg, duration=3_600, seed=1)
    cpu = time.process_time() - c
    index, deltas = made
    return {"cpu": cpu, "changes": len(index._times), "build": native_state().mode,
            "added": getattr(deltas, "added", None),  # a checkout from before the count
            "walk_cpu": _replayed(deltas, calls) if walks else None}


class _Recorder:
    """The index's queue terms, each walk recorded on its way to them."""

    def __init__(self, deltas: Any, calls: list[tuple[float, int, int, bool]]) -> None:
        self.deltas, self.calls = deltas, calls

    def walk(self, backlog: float, lo: int, hi: int, fed: bool) -> float:
        self.calls.append((backlog, lo, hi, fed))
        return float(self.deltas.walk(backlog, lo, hi, fed))


def _replayed(deltas: Any, calls: list[tuple[float, int, int, bool]]) -> float:
    """CPU seconds of the run's walks made again, in order, on fresh terms equal to the
    run's (the walk's class as the checkout has it); the best of three. The run's other
    work no longer evicts the terms from the caches between two walks: a lower bound."""
    best = float("inf")
    for _ in range(3):
        fresh = type(deltas)(*deltas.law)
        fresh.fed[:], fresh.idle[:], fresh.grows[:] = deltas.fed, deltas.idle, deltas.grows
        c = time.process_time()
        for backlog, lo, hi, fed in calls:
            fresh.walk(backlog, lo, hi, fed)
        best = min(best, time.process_time() - c)
    return best


def measure_in_child(root: Path, n: int, walks: bool) -> dict[str, Any]:
    """`loaded(n, walks)` in a child process importing kubesim from `root`."""
    extra = ["--walks"] if walks else []
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(ROOT / "benchmarks")])}
    out = subprocess.run([sys.executable, __file__, "--child", str(n), *extra], env=env,
                         check=True,
                         stdout=subprocess.PIPE, text=True, cwd=root).stdout
    return dict(json.loads(out.splitlines()[-1]))


def report_load(rows: dict[Path, dict[int, dict[str, Any]]], sizes: list[int]) -> None:
    """Each checkout's sizes, its per-replica ratio, and this / that when there are two."""
    for root, per_size in rows.items():
        print(f"load model from {root} ({per_size[sizes[0]]['build']}):")
        for n in sizes:
            r = per_size[n]
            added = "n/a" if r["added"] is None else f"{r['added'] / 1e6:7.2f} M"
            walk = ("" if r["walk_cpu"] is None else
                    f"; the walks replayed: {r['walk_cpu']:6.3f} s")
            print(f"  {n:>5} replicas x 1 h (90 % busy, one outage): CPU {r['cpu']:7.2f} s, "
                  f"{1000 * r['cpu'] / n:6.2f} ms/replica; {r['changes']:>6} routing changes,"
                  f" {added} additions{walk}")
        base = per_size[sizes[0]]["cpu"] / sizes[0]
        print(f"  per-replica CPU / at {sizes[0]}: " + ", ".join(
            f"{n}: {per_size[n]['cpu'] / n / base:.2f}x" for n in sizes[1:])
              + " (near-linear: about 1); target at 1,000: <= 10 s CPU")
    if len(rows) == 2:
        that, this = rows.values()
        print("this / that (CPU): " + ", ".join(
            f"{n}: {this[n]['cpu'] / that[n]['cpu']:.2f}x" for n in sizes))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replicas", type=int, default=1000)
    ap.add_argument("--load-sizes", default="100,300,1000")
    ap.add_argument("--skip-load", action="store_true")
    ap.add_argument("--skip-fleet", action="store_true")
    ap.add_argument("--against", type=Path, metavar="CHECKOUT",
                    help="also run the load model with this checkout of kubesim (the before)")
    ap.add_argument("--walks", action="store_true",
                    help="also record the run's queue walks and time them again alone "
                         "(the run's CPU then counts the recording)")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        print(json.dumps(loaded(args.child, args.walks)))
        return 0
    if not args.skip_fleet:
        fleet_hour(args.replicas)
    if args.skip_load:
        return 0
    sizes = sorted(int(s) for s in args.load_sizes.split(","))
    roots = [ROOT] if args.against is None else [args.against.resolve(), ROOT]
    rows: dict[Path, dict[int, dict[str, Any]]] = {root: {} for root in roots}
    for n in sizes:
        for root in roots:
            rows[root][n] = measure_in_child(root, n, args.walks)
    report_load(rows, sizes)
    return 0


def fleet_hour(replicas: int) -> None:
    """Part 1: the fleet's hour as text and as JSON, each a child process."""
    fleet = ["fleet", "probe_specs/seed_unified_healthz.yaml", "--replicas",
             str(replicas), "--duration", "3600", "--start-spread", "60", "--scenario",
             "traces/seed_db_outage.scenario.yaml", "--max-work", "1000000000"]
    for fmt in ("text", "json"):
        cpu, rss, size, code = child([*fleet, "--format", fmt])
        print(f"fleet {replicas} replicas x 1 h, {fmt:<4}: CPU {cpu:6.2f} s, peak RSS "
              f"{rss:7.1f} MB, output {size / 1e6:8.1f} MB (exit {code})"
              + ("   targets: <= 5 s, <= 400 MB" if fmt == "text" else ""))


if __name__ == "__main__":
    sys.exit(main())
