"""How fast does kubesim simulate one day of one pod?

    python benchmarks/bench_day.py [--repeat N] [--json] [--seed N]

Simulates 24 hours (86,400 s) of one pod with all three probes of probe_specs/seed_skeleton.yaml
(startup every 2 s, liveness every 10 s, readiness every 5 s, periods set explicitly here)
against a scenario built in code: five outages (60-300 s) of the database the readiness target
depends on, and three process stalls (2 s, 8 s, 45 s; the 45 s one outlasts liveness's
3 x 10 s failure budget, so the kubelet kills and restarts the container). Runs it with the
default kubelet profile and with the ideal one (zero kubelet latencies), a fixed seed, on
both schedulers (fast and simpy) in the same run, and reports the best of N wall-clock
timings, their ratio, and whether both give byte-identical JSON. It measures; it asserts
nothing about time.

Then 30 days through the CLI (issue 31 item 2: records that cost what is printed): `kubesim
run probe_specs/seed_unified_healthz.yaml --scenario traces/seed_db_outage.scenario.yaml
--duration 2592000` with `--changes-only` (targets: peak RSS <= 120 MB) and with `--format
json` (<= 200 MB), each in a child process whose peak RSS and CPU come from `os.wait4`,
against a 300 s run of the same command in the same run (the interpreter and imports: the
floor), with the size of what each wrote (`--no-month` skips this part).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

import kubesim
from kubesim import (
    ContainerSpec,
    ProbedContainer,
    ProbeType,
    Scenario,
    parse_probe,
    profile_from,
    render_json,
    simulate,
)
from kubesim.spec.model import ContainerPort

DAY = 86_400.0
SEED = 20240601
SKELETON = Path(__file__).resolve().parent.parent / "probe_specs" / "seed_skeleton.yaml"
PERIODS = {ProbeType.STARTUP: 2, ProbeType.LIVENESS: 10, ProbeType.READINESS: 5}

OUTAGES = [(3_600, 3_660), (14_400, 14_580), (28_800, 29_100), (50_400, 50_520),
           (72_000, 72_240)]  # 60, 180, 300, 120, 240 s of database downtime
STALLS = [(10_000, 10_002), (40_000, 40_008), (61_000, 61_045)]  # 2 s, 8 s, 45 s


def build_pod() -> ProbedContainer:
    """The skeleton's container, its probe periods pinned to 2/10/5 s."""
    data = yaml.safe_load(SKELETON.read_text(encoding="utf-8"))
    probes = {t: parse_probe({**data[t.field], "periodSeconds": PERIODS[t]}, t)
              for t in PERIODS}
    container = ContainerSpec(
        name=data["name"],
        ports=tuple(ContainerPort(container_port=p["containerPort"], name=p.get("name"))
                    for p in data["ports"]),
        startup_probe=probes[ProbeType.STARTUP],
        liveness_probe=probes[ProbeType.LIVENESS],
        readiness_probe=probes[ProbeType.READINESS])
    return ProbedContainer(container, object_kind="Pod", object_name="bench",
                           source=str(SKELETON))


def build_scenario() -> Scenario:
    """Database outages behind /readyz, and three wall-clock stalls of the whole process."""
    return Scenario.from_dict({
        "description": "one day: 5 database outages, stalls of 2 s, 8 s and 45 s",
        "shutdown_seconds": 0.3,
        "dependencies": {"db": {"down": [{"from": a, "to": b} for a, b in OUTAGES]}},
        "targets": {
            "/readyz": {"answer": {"status": 200, "latency_ms": 3}, "depends_on": ["db"],
                        "when_down": {"status": 503, "latency_ms": 5}},
            "/livez": {"answer": {"status": 200, "latency_ms": 1}},
        },
        "stalls": [{"from": a, "to": b} for a, b in STALLS],
    }, source="<bench_day>")


def _best(fn: Any, repeat: int) -> tuple[float, float, Any]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), out


def bench(pod: ProbedContainer, scenario: Scenario, *, ideal: bool, repeat: int,
          seed: int) -> dict[str, Any]:
    """Both schedulers on the same day, in this run: time to the finished `Timeline` (every
    probe call, event, Ready change, kill and container), and then to its JSON document."""
    profile = profile_from(ideal=ideal)
    fast_best, fast_median, fast = _best(
        lambda: simulate(pod, scenario, duration=DAY, seed=seed, profile=profile), repeat)
    simpy_best, _, ref = _best(
        lambda: simulate(pod, scenario, duration=DAY, seed=seed, profile=profile,
                         engine="simpy"), max(1, repeat // 3))
    json_best, _, document = _best(lambda: render_json(
        simulate(pod, scenario, duration=DAY, seed=seed, profile=profile)), max(1, repeat // 3))
    identical = document == render_json(ref)
    probes = len(fast.probes)
    summary = fast.summary()
    return {
        "profile": profile.name,
        "fast_seconds_per_day": fast_best,
        "fast_median_seconds_per_day": fast_median,
        "simpy_seconds_per_day": simpy_best,
        "simpy_over_fast": simpy_best / fast_best,
        "fast_json_seconds": json_best,
        "identical_json": identical,
        "probes": probes,
        "probes_by_type": dict(summary.probes),
        "restarts": summary.restarts,
        "kills": summary.kills,
        "ready_seconds": round(summary.ready_seconds, 3),
        "events": len(fast.events),
    }


MONTH = 30 * DAY
ROOT = Path(__file__).resolve().parent.parent
MONTH_RUN = ["run", "probe_specs/seed_unified_healthz.yaml", "--scenario",
             "traces/seed_db_outage.scenario.yaml"]
MONTH_TARGETS_MB = {"changes-only": 120.0, "json": 200.0}


# the child is started by a small launcher: a child's peak RSS counts the pages of the process
# it was forked from (Linux keeps the high-water mark across exec), and this one has grown
_LAUNCHER = """
import json, os, subprocess, sys
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
size = 0
while chunk := proc.stdout.read(1 << 20):
    size += len(chunk)
_, status, usage = os.wait4(proc.pid, 0)
print(json.dumps({"code": os.waitstatus_to_exitcode(status), "output_bytes": size,
                  "peak_rss_mb": usage.ru_maxrss / 1024,
                  "cpu_seconds": usage.ru_utime + usage.ru_stime}))
"""


def _child(args: list[str]) -> dict[str, Any]:
    """`kubesim ARGS` in a child process from the repository's root, its output counted and
    dropped: its peak RSS (MB) and CPU seconds (os.wait4: the child's own), bytes written."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "kubesim",
                           *args], cwd=ROOT, capture_output=True, text=True, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    if out.pop("code") != 0:
        raise SystemExit(f"kubesim {' '.join(args)} failed")
    return out


def bench_month() -> list[dict[str, Any]]:
    """The 30-day runs and their 300 s floor, in this run."""
    rows = []
    for name, extra in (("changes-only", ["--changes-only"]), ("json", ["--format", "json"])):
        floor = _child([*MONTH_RUN, "--duration", "300", *extra])
        month = _child([*MONTH_RUN, "--duration", f"{MONTH:g}", *extra])
        rows.append({"output": name, "month": month, "floor_300s": floor,
                     "target_peak_rss_mb": MONTH_TARGETS_MB[name],
                     "peak_over_floor": month["peak_rss_mb"] / floor["peak_rss_mb"]})
    return rows


def _print_month(rows: list[dict[str, Any]]) -> None:
    print()
    print("30 days (2,592,000 s) through the CLI, seed_unified_healthz + seed_db_outage, "
          "each in a child process")
    head = (f"{'output':<13} {'peak MB':>8} {'target':>7} {'300 s MB':>9} {'x floor':>8} "
            f"{'CPU s':>7} {'written MB':>11}")
    print(head)
    print("-" * len(head))
    for r in rows:
        m = r["month"]
        print(f"{r['output']:<13} {m['peak_rss_mb']:>8.1f} {r['target_peak_rss_mb']:>7.0f} "
              f"{r['floor_300s']['peak_rss_mb']:>9.1f} {r['peak_over_floor']:>7.2f}x "
              f"{m['cpu_seconds']:>7.2f} {m['output_bytes'] / 1e6:>11.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="timed runs per profile; the best is reported (5)")
    parser.add_argument("--seed", type=int, default=SEED, metavar="N",
                        help=f"simulation seed ({SEED})")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--no-month", action="store_true",
                        help="skip the 30-day runs through the CLI")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    pod, scenario = build_pod(), build_scenario()
    results = [bench(pod, scenario, ideal=ideal, repeat=args.repeat, seed=args.seed)
               for ideal in (False, True)]
    month = [] if args.no_month else bench_month()
    env = {"kubesim": kubesim.__version__, "python": platform.python_version(),
           "machine": platform.machine(), "repeat": args.repeat, "seed": args.seed,
           "simulated_seconds": DAY}
    if args.json:
        print(json.dumps({"environment": env, "results": results, "month": month}, indent=2))
        return 0
    print(f"kubesim {env['kubesim']} | Python {env['python']} ({env['machine']}) | "
          f"24 h of one pod (startup 2 s, liveness 10 s, readiness 5 s) | seed {args.seed} | "
          f"best of {args.repeat}")
    print(f"{len(OUTAGES)} db outages behind /readyz, stalls of "
          f"{', '.join(f'{b - a:g} s' for a, b in STALLS)}")
    print()
    head = (f"{'profile':<15} {'fast ms':>8} {'simpy ms':>9} {'ratio':>6} {'+JSON ms':>9} "
            f"{'same':>5} {'probes':>7} {'restarts':>8} {'kills':>5} {'Ready s':>10}")
    print(head)
    print("-" * len(head))
    for r in results:
        print(f"{r['profile']:<15} {r['fast_seconds_per_day'] * 1e3:>8.1f} "
              f"{r['simpy_seconds_per_day'] * 1e3:>9.0f} {r['simpy_over_fast']:>5.0f}x "
              f"{r['fast_json_seconds'] * 1e3:>9.0f} {'yes' if r['identical_json'] else 'NO':>5} "
              f"{r['probes']:>7} {r['restarts']:>8} {r['kills']:>5} "
              f"{r['ready_seconds']:>10,.1f}")
    print()
    print("fast ms: simulate() to the finished Timeline with the fast scheduler (target <= 100);")
    print("simpy ms: the same with the reference scheduler; +JSON ms: simulate and render the")
    print("whole JSON document; same: both schedulers' JSON documents are byte-identical")
    if month:
        _print_month(month)
    return 0


if __name__ == "__main__":
    sys.exit(main())
