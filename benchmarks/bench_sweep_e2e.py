"""`kubesim sweep` end to end, as a user runs it: a new process, the default `-j` (every core),
the JSON document written to a file.

    python benchmarks/bench_sweep_e2e.py [--repeat 3] [--grid thresholds|no-threshold] [-j N]

The grids of `bench_sweep.py` (the seed's unified /healthz pod, one hour, a database outage at
t = 1800 s, the default kubelet profile, 20 grid phases per point):

* `thresholds`: livenessProbe.failureThreshold 1..40 x livenessProbe.periodSeconds 1..30
  (1,200 points, a 90 s outage): `kubesim sweep` shares runs between thresholds;
* `no-threshold`: livenessProbe.periodSeconds 1..30 x outage.db.length 30..300 by 30 (300
  points): no run is shared.

For each grid it prints the wall-clock seconds of the whole command (what a user waits for;
target: at most 2.5 s each on 2 cores) and the CPU seconds of the process and its workers
(user + system, from `getrusage(RUSAGE_CHILDREN)`), median of N, with the load average of the
machine before and after: on a machine busy with other work the wall clock is longer than
the CPU divided by the cores. Every repeat's JSON document must be the same bytes.

It measures; it asserts only that the outputs agree.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "probe_specs" / "seed_unified_healthz.yaml"
SCENARIO = """\
description: a database outage in the middle of an hour
shutdown_seconds: 0.3
dependencies:
  db:
    down:
      - {from: 1800, to: 1890}
targets:
  /healthz:
    answer: {status: 200, latency_ms: 2}
    depends_on: [db]
    when_down: {status: 503, latency_ms: 3}
"""
GRIDS = {
    "thresholds": ["livenessProbe.failureThreshold=1..40", "livenessProbe.periodSeconds=1..30"],
    "no-threshold": ["livenessProbe.periodSeconds=1..30", "outage.db.length=30..300:30"],
}
TARGET = 2.5


def sweep_once(grid: str, scenario: Path, out: Path, jobs: int | None) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one `kubesim sweep` of `grid` (its workers included)."""
    cmd = [sys.executable, "-m", "kubesim", "sweep", str(SPEC), "--scenario", str(scenario),
           "--duration", "3600", "--phases", "20", "--format", "json", "-o", str(out),
           "--max-work", str(10**9), "--progress", "never"]
    for setting in GRIDS[grid]:
        cmd += ["--set", setting]
    if jobs is not None:
        cmd += ["-j", str(jobs)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)  # this checkout, as a regular install imports it
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, metavar="N")
    parser.add_argument("--grid", choices=list(GRIDS), action="append")
    parser.add_argument("-j", "--jobs", type=int, help="kubesim sweep -j (default: its own)")
    args = parser.parse_args(argv)
    print(f"kubesim sweep end to end, {os.cpu_count()} cores, -j "
          f"{args.jobs or 'default'}, median of {args.repeat}; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench-sweep-") as tmp:
        scenario = Path(tmp) / "outage.scenario.yaml"
        scenario.write_text(SCENARIO)
        for grid in args.grid or list(GRIDS):
            walls, cpus, docs = [], [], set()
            for i in range(args.repeat):
                out = Path(tmp) / f"{grid}-{i}.json"
                wall, cpu = sweep_once(grid, scenario, out, args.jobs)
                walls.append(wall)
                cpus.append(cpu)
                docs.add(out.read_bytes())
            if len(docs) != 1:
                raise SystemExit(f"{grid}: the repeats wrote different documents")
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            print(f"  {grid:<13} wall {wall:6.2f} s (best {min(walls):5.2f}; target <= "
                  f"{TARGET:g} s)   CPU {cpu:6.2f} s (best {min(cpus):5.2f})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
