"""Is `kubesim check` linear in the number of manifests it is given?

    python benchmarks/bench_check_many.py CORPUS_DIR [--sizes 100,1000] [--profile N]

CORPUS_DIR holds real manifests (YAML files of Kubernetes objects). Every workload object
in them (Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob) is one shape;
the benchmark writes N manifests, one object each, cycling through the shapes and renaming
each copy (`metadata.name` gets `-<i>`), into a temporary folder, and runs
`kubesim check FOLDER --format json` on it as a child process, once per size. Many of the
copies share their probe configuration, as the manifests of one organisation do.

For each size it reports the child's CPU time (user + system, `resource.getrusage` of the
children) and its peak resident set size, and the CPU per manifest; then the ratio of the
per-manifest CPU at the largest size to that at the smallest, from the same run. Targets
(issue 31 item 3): 1,000 manifests <= 4 s CPU; the per-manifest cost at 1,000 within 1.3x of
its cost at 100. `--profile N` prints cProfile's top functions of an in-process check of N
manifests. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

import yaml

WORKLOADS = ("Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob")


def shapes(corpus: Path) -> list[dict[str, Any]]:
    """Every workload object of the corpus's manifests, in file order."""
    out = []
    for path in sorted(corpus.glob("*.y*ml")):
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if isinstance(doc, dict) and doc.get("kind") in WORKLOADS:
                out.append(doc)
    return out


def write_corpus(objects: list[dict[str, Any]], n: int, folder: Path) -> None:
    """n manifests, one renamed copy of a shape each."""
    for i in range(n):
        doc = dict(objects[i % len(objects)])
        meta = dict(doc.get("metadata") or {})
        meta["name"] = f"{meta.get('name', 'object')}-{i}"
        doc["metadata"] = meta
        (folder / f"m{i:05d}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False),
                                               encoding="utf-8")


class Usage(NamedTuple):
    cpu: float  # seconds, user + system
    rss_mb: float  # peak resident set size
    code: int


def child_check(folder: Path) -> Usage:
    """`kubesim check FOLDER --format json` in a child process: its CPU and peak RSS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-m", "kubesim", "check", str(folder), "--format",
                           "json", "--no-config"], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        print(proc.stderr.strip()[-2000:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest child so far (KiB on Linux): the sizes run
    # smallest first, so each reading is its own child's
    return Usage(cpu, after.ru_maxrss / 1024, proc.returncode)


def profile(folder: Path, top: int = 30) -> None:
    from kubesim.cli.main import main

    prof = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()):
        prof.runcall(main, ["check", str(folder), "--format", "json", "--no-config"])
    pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", help="a folder of real manifests")
    ap.add_argument("--sizes", default="100,1000", help="manifest counts (smallest first)")
    ap.add_argument("--profile", type=int, metavar="N", help="cProfile a check of N manifests")
    args = ap.parse_args(argv)
    objects = shapes(Path(args.corpus))
    if not objects:
        sys.exit(f"no workload objects in {args.corpus}")
    print(f"{len(objects)} workload shapes from {args.corpus}")
    if args.profile:
        with tempfile.TemporaryDirectory() as tmp:
            write_corpus(objects, args.profile, Path(tmp))
            profile(Path(tmp))
        return 0
    sizes = sorted(int(s) for s in args.sizes.split(","))
    per_file = {}
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            write_corpus(objects, n, Path(tmp))
            u = child_check(Path(tmp))
        per_file[n] = u.cpu / n
        print(f"{n:>6} manifests: CPU {u.cpu:7.3f} s, {1000 * u.cpu / n:6.2f} ms/manifest, "
              f"peak RSS {u.rss_mb:6.1f} MB (exit {u.code})")
    lo, hi = sizes[0], sizes[-1]
    print(f"per-manifest CPU at {hi} / at {lo}: {per_file[hi] / per_file[lo]:.2f}x "
          "(target <= 1.3x); target at 1,000: <= 4 s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
