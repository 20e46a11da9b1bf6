"""How fast does kubesim simulate one day of a three-container pod, against one container?

    python benchmarks/bench_pod_day.py [--repeat N] [--json] [--seed N]

Two 24-hour days, timed in the same run with the fast scheduler:

* the one-container day of `bench_day.py` (its pod and scenario, imported from it);
* a three-container pod: `app` with the same three probes and the same scenario (database
  outages behind /readyz, three stalls), a native-sidecar `proxy` with a readiness probe
  (every 5 s) and a liveness probe (every 10 s) on its own port, and a `worker` without probes
  whose process exits (code 0) 6 hours after each start, so restartPolicy Always restarts it
  three times in the day.

* a fifty-container pod (issue 31 item 2): `app` with the one-container day's scenario and 49
  native-sidecar proxies like `proxy` (each on its own port), started one after another; the
  stalls are the app's process's (`container: app`), as in the one-container day. Also shown,
  without a target: the same pod with the stalls in every container's process (each of the 50
  is then killed and restarted by its liveness probe).

It reports the best of N timings of each (wall clock, and the process's CPU time) and their
ratios (the targets: the three-container day at most 3x the one-container day, the
fifty-container day at most 8x in CPU: the fast scheduler jumps the quiet stretches of pods of
any shape), and checks that the simpy reference scheduler gives the same JSON document for the
three-container day. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import kubesim
from kubesim import ContainerSpec, ProbedContainer, Scenario, profile_from, render_json, simulate
from kubesim.spec.model import ContainerPort, parse_probe

_DAY_SPEC = importlib.util.spec_from_file_location(
    "bench_day", Path(__file__).resolve().parent / "bench_day.py")
assert _DAY_SPEC is not None and _DAY_SPEC.loader is not None
bench_day = importlib.util.module_from_spec(_DAY_SPEC)  # the one-container day: pod, scenario
_DAY_SPEC.loader.exec_module(bench_day)

DAY = bench_day.DAY
WORKER_EXIT = 6 * 3600.0


def build_pod() -> ProbedContainer:
    """bench_day's app, a probed proxy sidecar and a probe-less worker, as one pod."""
    app = bench_day.build_pod().container
    proxy = ContainerSpec(
        name="proxy", ports=(ContainerPort(container_port=15021, name="health"),),
        readiness_probe=parse_probe({"httpGet": {"path": "/healthz/ready", "port": 15021},
                                     "periodSeconds": 5}, kubesim.ProbeType.READINESS),
        liveness_probe=parse_probe({"httpGet": {"path": "/healthz/live", "port": 15021},
                                    "periodSeconds": 10}, kubesim.ProbeType.LIVENESS),
        sidecar=True)
    worker = ContainerSpec(name="worker")
    return ProbedContainer(app, others=(proxy, worker), position=1, object_kind="Pod",
                           object_name="bench-pod", source="<bench_pod_day>")


WIDE = 50


def build_wide_pod(n: int = WIDE) -> ProbedContainer:
    """bench_day's app and n - 1 proxies like build_pod's, each on its own port."""
    app = bench_day.build_pod().container
    proxy = build_pod().others[0]
    proxies = tuple(proxy.model_copy(update={
        "name": f"proxy{i}",
        "ports": tuple(p.model_copy(update={"container_port": p.container_port + i})
                       for p in proxy.ports)}) for i in range(1, n))
    return ProbedContainer(app, others=proxies, position=0, object_kind="Pod",
                           object_name="bench-wide-pod", source="<bench_pod_day>")


def app_stalls(scenario: Scenario) -> Scenario:
    """`scenario` with its stalls in the app's process only."""
    data = scenario.model_dump(by_alias=True, exclude_unset=True)
    data["stalls"] = [{**stall, "container": "app"} for stall in data.get("stalls", [])]
    return Scenario.from_dict(data, source="<bench_pod_day>")


def _timed(run: object) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, result) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = run()  # type: ignore[operator]
    return time.perf_counter() - wall, time.process_time() - cpu, out


def build_scenario() -> Scenario:
    """bench_day's scenario, plus the worker's exit every 6 h."""
    data = bench_day.build_scenario().model_dump(by_alias=True, exclude_unset=True)
    data["exit"] = [{"after_seconds": WORKER_EXIT, "code": 0, "container": "worker"}]
    return Scenario.from_dict(data, source="<bench_pod_day>")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="timed runs of each day; the best is reported (5)")
    parser.add_argument("--seed", type=int, default=bench_day.SEED, metavar="N",
                        help=f"simulation seed ({bench_day.SEED})")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    profile = profile_from()
    one, one_sc = bench_day.build_pod(), bench_day.build_scenario()
    pod, sc = build_pod(), build_scenario()
    wide = build_wide_pod()
    days = [("one container (bench_day)", one, one_sc, False), ("three containers", pod, sc, True),
            (f"{WIDE} containers", wide, app_stalls(one_sc), True),
            (f"{WIDE}, stalls in all", wide, one_sc, True)]
    # alternate the days, so that load on the machine hits them alike
    walls: list[list[float]] = [[] for _ in days]
    cpus: list[list[float]] = [[] for _ in days]
    timelines: list[Any] = [None for _ in days]
    for _ in range(args.repeat):
        for i, (_, p, b, whole) in enumerate(days):
            wall, cpu, timelines[i] = _timed(lambda p=p, b=b, whole=whole: simulate(
                p, b, duration=DAY, seed=args.seed, profile=profile, whole_pod=whole))
            walls[i].append(wall)
            cpus[i].append(cpu)
    ref = simulate(pod, sc, duration=DAY, seed=args.seed, profile=profile, engine="simpy",
                   whole_pod=True)
    identical = render_json(ref) == render_json(timelines[1])
    rows = []
    for (name, *_), wall, cpu, tl in zip(days, walls, cpus, timelines, strict=True):
        s = tl.summary()
        rows.append({"pod": name, "fast_seconds_per_day": min(wall),
                     "fast_median_seconds_per_day": statistics.median(wall),
                     "cpu_seconds_per_day": min(cpu),
                     "probes": sum(s.probes.values()), "restarts": s.restarts,
                     "kills": s.kills, "ready_seconds": round(s.ready_seconds, 3)})
    ratio = rows[1]["fast_seconds_per_day"] / rows[0]["fast_seconds_per_day"]
    wide_ratio = rows[2]["cpu_seconds_per_day"] / rows[0]["cpu_seconds_per_day"]
    all_ratio = rows[3]["cpu_seconds_per_day"] / rows[0]["cpu_seconds_per_day"]
    env = {"kubesim": kubesim.__version__, "python": platform.python_version(),
           "machine": platform.machine(), "repeat": args.repeat, "seed": args.seed,
           "profile": profile.name, "simulated_seconds": DAY}
    if args.json:
        print(json.dumps({"environment": env, "results": rows, "ratio": ratio,
                          "wide_cpu_ratio": wide_ratio, "wide_all_stalls_cpu_ratio": all_ratio,
                          "identical_json": identical},
                         indent=2))
        return 0
    print(f"kubesim {env['kubesim']} | Python {env['python']} ({env['machine']}) | 24 h, "
          f"fast scheduler, profile {profile.name} | seed {args.seed} | best of {args.repeat}")
    print()
    head = (f"{'pod':<27} {'fast ms':>8} {'median':>8} {'CPU ms':>8} {'probes':>8} "
            f"{'restarts':>8} {'kills':>5} {'Ready s':>10}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['pod']:<27} {r['fast_seconds_per_day'] * 1e3:>8.1f} "
              f"{r['fast_median_seconds_per_day'] * 1e3:>8.1f} "
              f"{r['cpu_seconds_per_day'] * 1e3:>8.1f} {r['probes']:>8} "
              f"{r['restarts']:>8} {r['kills']:>5} {r['ready_seconds']:>10,.1f}")
    print()
    print(f"three containers / one container: {ratio:.1f}x wall clock (target <= 3x)")
    print(f"{WIDE} containers / one container: {wide_ratio:.1f}x CPU (target <= 8x); with the "
          f"stalls in all {WIDE}: {all_ratio:.1f}x")
    print(f"simpy scheduler, three containers: same JSON document: "
          f"{'yes' if identical else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
