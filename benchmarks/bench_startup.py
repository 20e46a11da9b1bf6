"""How much CPU a command costs before and around its work: start-up against plain Python.

    python benchmarks/bench_startup.py [--repeat N]

Times whole processes (user + system CPU of the child, best of N), with bytecode compiled
first (`compileall`), as an installed package runs:

* `python -c pass`: the interpreter alone;
* `kubesim --help`: the command line, no subcommand imported (target: <= 3x the interpreter);
* `import numpy, yaml, pydantic` plus one one-field pydantic model: the core dependencies a
  run needs, made ready (pydantic loads its validator machinery and plugin registry on the
  first model of a process, whatever the model);
* `kubesim run` of the shipped seed example for 60 s (target: <= 1.3x the dependencies).

It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPS = ("import numpy, yaml, pydantic\n"
        "class M(pydantic.BaseModel):\n    x: int\n")


def cpu(cmd: list[str], repeat: int) -> float:
    """Best child CPU seconds of `cmd` over `repeat` runs."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, metavar="N")
    args = parser.parse_args(argv)
    compileall.compile_dir(ROOT / "kubesim", quiet=1)
    kubesim = shutil.which("kubesim") or sys.exit("kubesim is not installed")
    py = sys.executable
    plain = cpu([py, "-c", "pass"], args.repeat)
    deps = cpu([py, "-c", DEPS], args.repeat)
    help_ = cpu([kubesim, "--help"], args.repeat)
    run = cpu([kubesim, "run", "probe_specs/seed_unified_healthz.yaml", "--scenario",
               "traces/seed_db_outage.scenario.yaml", "--duration", "60"], args.repeat)
    print(f"CPU per process, best of {args.repeat} (bytecode compiled):")
    print(f"  python -c pass                     {plain * 1e3:7.1f} ms")
    print(f"  kubesim --help                     {help_ * 1e3:7.1f} ms   "
          f"{help_ / plain:4.2f}x python (target <= 3)")
    print(f"  numpy + yaml + pydantic, ready     {deps * 1e3:7.1f} ms")
    print(f"  kubesim run (shipped example, 60 s) {run * 1e3:6.1f} ms   "
          f"{run / deps:4.2f}x the dependencies (target <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
