"""What does `kubesim explain` of a paste of many short lines cost, as the paste grows?

    python benchmarks/bench_explain_lines.py [--shape LINE] [--sizes 25000,50000,...]
                                             [--one-line] [--against CHECKOUT]

A long log pasted whole is a real input of `explain` (CI runs it on pull-request content):
files of N copies of one short line (`ab c` unless --shape), N = 25k, 50k, 100k, 200k, each
explained by a child process whose CPU seconds (user + system, from `os.wait4`: the child's
own, so the machine's load weighs less than on a wall clock) are printed with the ratio to
the size before (2.0 for a doubling is linear). With `--against CHECKOUT` the same for that
checkout (kubesim imported from it by PYTHONPATH), in turn at each size, in this one run.
`--one-line`: the N copies on one line, a space between them (a minified JSON, a log pasted
without its newlines: a 2 MB line is `--shape` of 20 characters at 100k). It measures; it
asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (25_000, 50_000, 100_000, 200_000)

_LAUNCHER = """
import json, os, subprocess, sys
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(proc.pid, 0)
print(json.dumps({"code": os.waitstatus_to_exitcode(status),
                  "cpu_seconds": usage.ru_utime + usage.ru_stime}))
"""


def explain_cpu(root: Path, record: Path, tmp: str) -> float:
    """CPU seconds of `kubesim explain RECORD` with kubesim imported from `root`, run from
    `tmp` (`python -m` puts the working directory first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "kubesim",
                           "explain", str(record)], env=env, cwd=tmp, capture_output=True,
                          text=True, check=True)
    out = json.loads(done.stdout)
    if out["code"] not in (0, 1, 2):  # a paste read as no record is a usage error, still timed
        raise SystemExit(f"{root}: kubesim explain {record.name}: exit {out['code']}")
    return float(out["cpu_seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="ab c", help="the line repeated (default: ab c)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--one-line", action="store_true",
                        help="the copies on one line, a space apart (one long line)")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    roots = [ROOT] + ([args.against.resolve()] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        shown = "one line of" if args.one_line else "lines of"
        print(f"{shown} {args.shape!r}; CPU seconds of explain (ratio to the size before)")
        before: dict[Path, float] = {}
        for n in sizes:  # (each checkout in turn at a size: the same load on both)
            record = Path(tmp) / f"lines-{n}.txt"
            record.write_text(" ".join([args.shape] * n) + "\n" if args.one_line
                              else (args.shape + "\n") * n)
            for root in roots:
                cpu = explain_cpu(root, record, tmp)
                ratio = f"  x{cpu / before[root]:.2f}" if root in before else ""
                print(f"{root}  {n:>7} {'copies' if args.one_line else 'lines'}  "
                      f"{cpu:7.2f} s{ratio}", flush=True)
                before[root] = cpu


if __name__ == "__main__":
    main()
