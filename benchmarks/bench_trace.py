"""How fast, and in how much memory, does `kubesim run` replay a large recorded trace?

    python benchmarks/bench_trace.py              # a 50 MB trace (~0.7 M lines), seconds
    python benchmarks/bench_trace.py --gb 1       # the full figure: 1 GB, ~13 M lines

Generates (never commits) a JSON Lines trace in a private temporary directory, shaped like
`kubesim capture` output: two targets (`/livez`, `/readyz`), one observation of each every
10 ms, capture-style times (6 decimals) and latencies (3 decimals), `/readyz` answering 503
for 5 minutes every hour (a database outage), `/livez` refusing for 40 s once (a liveness
kill and restart). Then replays it through `kubesim run`'s own code path, in this process
(`kubesim.cli.main.main(["run", SPEC, "--trace", FILE, "--duration", END, ...])`), over the
whole trace, and prints the wall-clock time, lines per second and the peak resident memory
(`resource.getrusage(RUSAGE_SELF).ru_maxrss`, which includes generating the file, done in
bounded memory). It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from kubesim.cli.main import main as kubesim_main

SPEC = Path(__file__).resolve().parent.parent / "probe_specs" / "seed_skeleton.yaml"
STEP = 0.01  # seconds between two observations of one target
TARGETS = ("/livez", "/readyz")


def generate(path: Path, size_bytes: int, seed: int = 7) -> tuple[int, float]:
    """Write about `size_bytes` of trace; returns (observation lines, last time)."""
    rng = random.Random(seed)
    lines = written = 0
    t = 0.0
    with path.open("w", encoding="utf-8") as fh:
        fh.write('{"meta": {"source": "benchmarks/bench_trace.py", "on_restart": "wall"}}\n')
        buf: list[str] = []
        while written < size_bytes:
            t += STEP
            for target in TARGETS:
                tt = round(t + rng.random() * 0.002, 6)
                down = target == "/readyz" and tt % 3600 < 300
                if target == "/livez" and 7200 <= tt < 7240:
                    line = (f'{{"t": {tt}, "target": "{target}", "error": "refused", '
                            f'"latency_ms": {rng.random():.3f}}}\n')
                else:
                    status = 503 if down else 200
                    line = (f'{{"t": {tt}, "target": "{target}", "status": {status}, '
                            f'"latency_ms": {rng.random() * 8 + 0.5:.3f}}}\n')
                buf.append(line)
                written += len(line)
                lines += 1
            if len(buf) >= 20_000:
                fh.write("".join(buf))
                buf.clear()
        fh.write("".join(buf))
    return lines, t


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gb", type=float, default=0.05,
                        help="trace size in GB (default 0.05; 1 for the full figure)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kubesim-bench-trace-"))
    try:
        trace = tmp / "trace.jsonl"
        t0 = time.perf_counter()
        lines, end = generate(trace, int(args.gb * 1e9))
        gen = time.perf_counter() - t0
        size = trace.stat().st_size
        print(f"trace: {size / 1e6:.0f} MB, {lines:,} observation lines, "
              f"{end:,.0f} s of trace time (generated in {gen:.1f} s)")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        out = tmp / "run.json"
        cpu0 = _cpu()
        t0 = time.perf_counter()
        code = kubesim_main(["run", str(SPEC), "--trace", str(trace), "--duration",
                             f"{end:.0f}", "--format", "json", "-o", str(out)])
        took = time.perf_counter() - t0
        cpu = _cpu() - cpu0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"kubesim run (exit {code}): {took:.1f} s, {lines / took:,.0f} lines/s, "
              f"output {out.stat().st_size / 1e3:.0f} kB" if code == 0 else "run failed")
        print(f"  on CPU: {cpu:.1f} s, {lines / cpu:,.0f} lines per CPU second (the figure "
              "that does not depend on what else the machine runs)")
        print(f"peak RSS: {peak:.0f} MB (before the run: {before:.0f} MB; "
              f"python {sys.version.split()[0]}, {os.cpu_count()} cpus)")
        return code
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
