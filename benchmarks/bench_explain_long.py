"""What does `kubesim explain` of a long record cost, beside a short one, in CPU and peak RSS?

    python benchmarks/bench_explain_long.py [--against CHECKOUT] [--repeat N]

The longest record of the corpus (ingress-nginx #3160: Killing x47 over 11 days; its replay is
13 days at 8 grid phases, about 6,000 kills a phase) and a short one (kubernetes #131026: a
few minutes), each explained as text, as JSON and with `--html`, in a child process started
by a small launcher (a child's peak RSS counts the pages of the process it was forked from),
whose CPU seconds (user + system) and peak RSS come from `os.wait4`: the child's own. With
`--against CHECKOUT` the same commands of that checkout (kubesim imported from it by
PYTHONPATH), in turn with this one's, and the ratios this / that, all taken in this one run
(machine load hits both alike); with `--repeat N` the lowest CPU of N. Each child runs outside
both checkouts (`python -m` puts the working directory first on the path). It measures; it
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "explain"
RECORDS = {"long": DATA / "real" / "ingress-nginx-3160.describe-events.txt",
           "short": DATA / "03-k8s-131026.describe.txt"}
OUTPUTS = {"text": [], "json": ["--format", "json"], "html": ["--html", "{tmp}/page.html"]}

_LAUNCHER = """
import json, os, subprocess, sys
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = proc.stderr.read()
_, status, usage = os.wait4(proc.pid, 0)
print(json.dumps({"code": os.waitstatus_to_exitcode(status), "stderr": err.decode()[-400:],
                  "peak_rss_mb": usage.ru_maxrss / 1024,
                  "cpu_seconds": usage.ru_utime + usage.ru_stime}))
"""


def explain_cost(root: Path, record: Path, extra: list[str], tmp: str) -> dict[str, Any]:
    """CPU seconds and peak RSS (MB) of `kubesim explain RECORD EXTRA` with kubesim imported
    from `root`, run from `tmp`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    args = [a.format(tmp=tmp) for a in extra]
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "kubesim",
                           "explain", str(record), *args], env=env, cwd=tmp,
                          capture_output=True, text=True, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    if out["code"] != 0:
        raise SystemExit(f"{root}: kubesim explain {record.name} exit {out['code']}: "
                         f"{out['stderr']}")
    return out


def measure(roots: list[Path], repeat: int) -> list[dict[str, Any]]:
    """Every record and output, for every checkout in turn: the lowest CPU of `repeat` runs
    and the peak RSS of that run."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-explain-long-") as tmp:
        for name, record in RECORDS.items():
            for output, extra in OUTPUTS.items():
                best: dict[Path, dict[str, Any]] = {}
                for _ in range(repeat):
                    for root in roots:
                        got = explain_cost(root, record, extra, tmp)
                        if root not in best or got["cpu_seconds"] < best[root]["cpu_seconds"]:
                            best[root] = got
                rows.append({"record": name, "output": output,
                             "by_checkout": {str(r): best[r] for r in roots}})
    return rows


def report(rows: list[dict[str, Any]], roots: list[Path]) -> None:
    names = [str(r)[-24:] for r in roots]
    head = f"{'record':<7} {'output':<6} " + " ".join(
        f"{n + ' CPU s':>32} {'peak MB':>8}" for n in names)
    if len(roots) == 2:
        head += f" {'CPU this/that':>14} {'RSS this/that':>14}"
    print(f"kubesim explain, each a child process (KUBESIM_PURE="
          f"{os.environ.get('KUBESIM_PURE', '')!r})")
    print(head)
    print("-" * len(head))
    for row in rows:
        got = [row["by_checkout"][str(r)] for r in roots]
        line = f"{row['record']:<7} {row['output']:<6} " + " ".join(
            f"{g['cpu_seconds']:32.2f} {g['peak_rss_mb']:8.0f}" for g in got)
        if len(roots) == 2:
            that, this = got
            line += (f" {this['cpu_seconds'] / that['cpu_seconds']:14.2f}"
                     f" {this['peak_rss_mb'] / that['peak_rss_mb']:14.2f}")
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="also explain with this checkout of kubesim (the before)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="machine-readable")
    args = parser.parse_args()
    roots = [ROOT] if args.against is None else [args.against.resolve(), ROOT]
    rows = measure(roots, max(1, args.repeat))
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        report(rows, roots)


if __name__ == "__main__":
    main()
