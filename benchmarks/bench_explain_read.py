"""Is reading a record for `kubesim explain` linear, up to the limits of one record? And what
does explaining the longest real record cost?

    python benchmarks/bench_explain_read.py [--repeat N] [--against CHECKOUT] [--no-long]

For describe's Events rows, `kubectl get events -o json`, a Prometheus export of
prober_probe_total and lines that may each be a container's name, it reads records of n and
2n events (samples, lines) up to the limits
(kubesim/explain/readers/limits.py; docs/explain.md, "Limits") and prints the best time of
N runs, the peak memory the reading allocated (tracemalloc), and the ratio of 2n to n, all
taken in this one run: a ratio near 2 is linear. Then it reads one record past each limit and
prints how soon the exit-2 error came. It measures; it asserts nothing about time.

Then the longest record of the corpus (ingress-nginx #3160: Killing x47 over 11 days, a
replay of 13 days at 8 grid phases, a crash loop of about 6,000 kills in each): `kubesim
explain` of it as text, and with `--html`, each in a child process (CPU: user + system from
`getrusage(RUSAGE_CHILDREN)`), and the page's size; with `--against CHECKOUT` the same commands
of that checkout (kubesim imported from it by PYTHONPATH), in turn with this one's, so that the
before and the after are taken in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from kubesim.errors import RecordError
from kubesim.explain.readers.limits import MAX_EVENTS, MAX_SAMPLES
from kubesim.explain.readers.read import parse_record

ROW = "  Warning  Unhealthy  {}m  kubelet  Liveness probe failed: HTTP probe failed with 500\n"


def describe(n: int) -> str:
    head = ("Name:         web-1\nNamespace:    default\nContainers:\n  app:\n"
            "    State:          Running\n    Restart Count:  3\nEvents:\n"
            "  Type     Reason     Age   From     Message\n"
            "  ----     ------     ----  ----     -------\n")
    return head + "".join(ROW.format(i % 50 + 1) for i in range(n))


def events(n: int) -> str:
    items = [{"apiVersion": "v1", "kind": "Event", "reason": "Unhealthy", "type": "Warning",
              "message": "Liveness probe failed: HTTP probe failed with 500", "count": 1,
              "involvedObject": {"kind": "Pod", "name": "web-1",
                                 "fieldPath": "spec.containers{app}"},
              "firstTimestamp": f"2024-01-01T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:"
                                f"{i % 60:02d}Z"} for i in range(n)]
    return json.dumps({"apiVersion": "v1", "kind": "List", "items": items})


def samples(n: int) -> str:
    values = [[1_700_000_000 + 10 * i, str(i)] for i in range(n)]
    return json.dumps({"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"__name__": "prober_probe_total", "probe_type": "Liveness",
                    "result": "failed", "container": "app", "pod": "web-1"},
         "values": values}]}})


def name_lines(n: int) -> str:
    """A describe's `Name:` above n lines that may each be a container's name (`a:`): each
    once looked at the rest of the paste through a copy of it (quadratic until stop 41)."""
    return "Name: web\n" + "a:\n" * n


def container_lines(n: int) -> str:
    """The same under `Containers:` (describe.py's piece_head and lost_indent)."""
    return "Containers:\n  web:\n" + "b:\n" * n


NAME_LINES = 160_000  # the largest n of the two above: about 0.5 MB


def measure(text: str, repeat: int) -> tuple[float, int]:
    best = min(_timed(text) for _ in range(repeat))
    tracemalloc.start()
    try:
        parse_record(text, "bench")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return best, peak


def _timed(text: str) -> float:
    start = time.process_time()
    try:
        parse_record(text, "bench")
    except RecordError:
        pass
    return time.process_time() - start


ROOT = Path(__file__).resolve().parent.parent
LONG_RECORD = "tests/data/explain/real/ingress-nginx-3160.describe-events.txt"


def explain_cost(root: Path, html: Path | None, cwd: Path) -> float:
    """CPU seconds of `kubesim explain` of the long record in a child process, kubesim
    imported from `root` (run from `cwd`, outside both checkouts: `python -m` puts the
    working directory first on the path); with `html`, the page written there too."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    cmd = [sys.executable, "-m", "kubesim", "explain", str(ROOT / LONG_RECORD)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*cmd, *(["--html", str(html)] if html else [])], env=env, cwd=cwd,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{root}: kubesim explain exit {done.returncode}: {done.stderr}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def long_record(against: Path | None) -> None:
    """The long record's explain and page, for this checkout and `against`, in turn."""
    roots = [ROOT] if against is None else [against.resolve(), ROOT]
    print(f"\n{LONG_RECORD} (KUBESIM_PURE={os.environ.get('KUBESIM_PURE', '')!r})")
    print(f"{'checkout':<28} {'explain':>10} {'--html':>10} {'page':>10}")
    with tempfile.TemporaryDirectory(prefix="bench-explain-") as tmp:
        for root in roots:
            page = Path(tmp) / f"{root.name}.html"
            text, html = explain_cost(root, None, Path(tmp)), explain_cost(root, page, Path(tmp))
            print(f"{str(root)[-28:]:<28} {text:8.1f} s {html:8.1f} s "
                  f"{page.stat().st_size / 1e6:7.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="also explain the long record with this checkout of kubesim")
    parser.add_argument("--no-long", action="store_true",
                        help="skip the long record")
    args = parser.parse_args()
    kinds: dict[str, tuple[Callable[[int], str], int]] = {
        "describe rows": (describe, MAX_EVENTS), "event objects": (events, MAX_EVENTS),
        "samples": (samples, MAX_SAMPLES), "name lines": (name_lines, NAME_LINES),
        "container lines": (container_lines, NAME_LINES)}
    print(f"{'record':<16} {'n':>8} {'CPU':>9} {'peak':>9} {'2n/n':>6}")
    for name, (make, limit) in kinds.items():
        last = None
        for n in (limit // 8, limit // 4, limit // 2, limit):
            cpu, peak = measure(make(n), args.repeat)
            ratio = f"{cpu / last:6.2f}" if last else ""
            print(f"{name:<16} {n:>8,} {cpu * 1000:7.0f} ms {peak / 1e6:6.1f} MB {ratio}")
            last = cpu
        if make in (name_lines, container_lines):
            continue  # no limit of their own: read in time linear in their number
        over = make(limit * 10)
        print(f"{name:<16} {limit * 10:>8,} {_timed(over) * 1000:7.0f} ms   (exit 2: past "
              f"the limit of {limit:,})")
    if not args.no_long:
        long_record(args.against)


if __name__ == "__main__":
    main()
