"""How fast is `kubesim check` on a large real manifest, and where does its time go?

    python benchmarks/bench_check.py MANIFEST.yaml [--repeat N] [--profile]

The manifest the target is set on: argo-cd's `manifests/install.yaml` from the
argoproj/argo-cd repository (about 2 MB, 59 documents, 33,900 lines); any other file works.
It times, best of N, in this process:

* `parse`: reading the file into YAML documents with the line of every field
  (`kubesim.spec.yamlio.load_yaml_documents`), with libyaml when PyYAML has it, and once with
  the pure-Python parser (what runs where PyYAML lacks libyaml);
* `check`: the whole `kubesim check FILE` through `kubesim.cli.main.main` (parse, validate,
  simulate every check at 20 grid phases, render), output discarded;

and the wall-clock time of `kubesim check FILE` as a new process (start-up included). Target:
the whole command in at most 2 s. `--profile` prints cProfile's top functions of one in-process
check. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import subprocess
import sys
import time
from pathlib import Path

from kubesim.cli.main import main
from kubesim.errors import SpecError
from kubesim.spec.yamlio import LIBYAML, load_yaml_documents


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def check_in_process(path: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        return main(["check", path])


def main_() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("manifest", help="a manifest file, e.g. argo-cd's manifests/install.yaml")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print cProfile's top 25")
    args = ap.parse_args()
    path = Path(args.manifest)
    if not path.is_file():
        sys.exit(f"no manifest at {path}; give one: python benchmarks/bench_check.py FILE.yaml")
    text = path.read_text(encoding="utf-8")
    docs = load_yaml_documents(text, str(path), SpecError)
    print(f"{path.name}: {len(text.encode()) / 1e6:.2f} MB, {text.count(chr(10)):,} lines, "
          f"{len(docs)} documents; PyYAML with libyaml: {LIBYAML}")
    parse_c = best(lambda: load_yaml_documents(text, str(path), SpecError), args.repeat)
    parse_py = best(lambda: load_yaml_documents(text, str(path), SpecError, libyaml=False), 1)
    code = check_in_process(str(path))
    check = best(lambda: check_in_process(str(path)), args.repeat)
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "kubesim", "check", str(path)],
                          capture_output=True, text=True)
    command = time.perf_counter() - t
    print(f"{'parse (libyaml)':<28}{parse_c:8.3f} s" if LIBYAML else "parse: no libyaml")
    print(f"{'parse (pure Python)':<28}{parse_py:8.3f} s")
    print(f"{'check, in-process':<28}{check:8.3f} s   (exit code {code})")
    print(f"{'kubesim check, new process':<28}{command:8.3f} s   (exit code {proc.returncode}; "
          "target <= 2 s)")
    if proc.returncode not in (0, 1):
        print(proc.stderr.strip())
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(check_in_process, str(path))
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main_()
