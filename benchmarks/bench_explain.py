"""How long does `kubesim explain` take on the real records in tests/data/explain/?

    python benchmarks/bench_explain.py [--repeat N]

For each record (with its probe block where SOURCES.md names one): the best of N in-process
runs of the engine, reading included, split into reading + reconstruction + replay
(`--no-suggest`) and the whole command with suggest's confirmed fix; and the total. It
measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kubesim.errors import KubesimError
from kubesim.explain.engine import ExplainOptions, explain_records
from kubesim.explain.readers.read import read_record
from kubesim.spec.manifests import load_containers

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "explain"
SPECS = {"01-k8s-docs-liveness-exec.describe.txt": "01-k8s-docs-exec-liveness.pod.yaml",
         "03-k8s-131026.describe.txt": "03-k8s-131026.probes.yaml",
         "09-k8s-131346.describe.txt": "09-k8s-131346.probes.yaml"}


def once(record: Path, suggest: bool) -> float:
    start = time.perf_counter()
    spec = SPECS.get(record.name)
    options = ExplainOptions(suggest=suggest, spec=tuple(load_containers(str(DATA / spec)))
                             if spec else ())
    explain_records([read_record(str(record))], options)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    records = sorted(p for p in DATA.iterdir() if p.suffix == ".txt" or p.name.endswith(
        ".pod.yaml") and not p.name.startswith("01-"))
    total = {False: 0.0, True: 0.0}
    print(f"{'record':<46} {'no suggest':>11} {'with suggest':>13}")
    for record in records:
        row = []
        for suggest in (False, True):
            try:
                best = min(once(record, suggest) for _ in range(args.repeat))
            except KubesimError:
                row.append("  (refused)")
                continue
            total[suggest] += best
            row.append(f"{best * 1000:9.1f} ms")
        print(f"{record.name:<46} {row[0]:>11} {row[-1]:>13}")
    print(f"{'all ' + str(len(records)) + ' records':<46} {total[False] * 1000:9.1f} ms "
          f"{total[True] * 1000:10.1f} ms")


if __name__ == "__main__":
    main()
