"""Does `kubesim fleet` scale with the replicas: a 1,000-replica hour, and the load model?

    python benchmarks/bench_fleet_scale.py [--replicas 1000] [--load-sizes 100,300,1000]

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

It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

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


def loaded(n: int) -> float:
    """CPU seconds of the load model's hour for n replicas, in this process."""
    from bench_fleet import scenario  # type: ignore[import-not-found]

    from kubesim import load_spec
    from kubesim.fleet.run import simulate_fleet
    from kubesim.fleet.settings import FleetSettings, LoadModel

    pod = load_spec(str(ROOT / "probe_specs" / "seed_unified_healthz.yaml"))
    cfg = FleetSettings(n, start_spread=60, load=LoadModel(90.0 * n, 100))
    c = time.process_time()
    simulate_fleet(pod, scenario([(1_800, 1_890)]), cfg, duration=3_600, seed=1)
    return time.process_time() - c


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replicas", type=int, default=1000)
    ap.add_argument("--load-sizes", default="100,300,1000")
    ap.add_argument("--skip-load", action="store_true")
    args = ap.parse_args(argv)
    fleet = ["fleet", "probe_specs/seed_unified_healthz.yaml", "--replicas",
             str(args.replicas), "--duration", "3600", "--start-spread", "60", "--scenario",
             "traces/seed_db_outage.scenario.yaml", "--max-work", "1000000000"]
    for fmt in ("text", "json"):
        cpu, rss, size, code = child([*fleet, "--format", fmt])
        print(f"fleet {args.replicas} replicas x 1 h, {fmt:<4}: CPU {cpu:6.2f} s, peak RSS "
              f"{rss:7.1f} MB, output {size / 1e6:8.1f} MB (exit {code})"
              + ("   targets: <= 5 s, <= 400 MB" if fmt == "text" else ""))
    if args.skip_load:
        return 0
    sizes = sorted(int(s) for s in args.load_sizes.split(","))
    per = {}
    for n in sizes:
        cpu = loaded(n)
        per[n] = cpu / n
        print(f"load model, {n:>5} replicas x 1 h (90 % busy, one outage): CPU {cpu:7.2f} s, "
              f"{1000 * cpu / n:6.2f} ms/replica")
    print(f"per-replica CPU at {sizes[-1]} / at {sizes[0]}: {per[sizes[-1]] / per[sizes[0]]:.2f}x"
          " (near-linear: about 1); target at 1,000: <= 10 s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
