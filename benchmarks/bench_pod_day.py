"""How fast does kubesim simulate one day of a three-container pod, against one container?

    python benchmarks/bench_pod_day.py [--repeat N] [--json] [--seed N]

Two 24-hour days, timed in the same run with the fast scheduler:

* the one-container day of `bench_day.py` (its pod and scenario, imported from it);
* a three-container pod: `app` with the same three probes and the same scenario (database
  outages behind /readyz, three stalls), a native-sidecar `proxy` with a readiness probe
  (every 5 s) and a liveness probe (every 10 s) on its own port, and a `worker` without probes
  whose process exits (code 0) 6 hours after each start, so restartPolicy Always restarts it
  three times in the day.

It reports the best of N wall-clock timings of each and their ratio (the target for the
three-container day is at most 3x the one-container day: the fast scheduler jumps the quiet
stretches of pods of any shape), and checks that the simpy reference scheduler gives the
same JSON document for the three-container day. It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import statistics
import sys
from pathlib import Path

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
    rows = []
    # alternate the two days, so that load on the machine hits both alike
    one_times, pod_times = [], []
    one_tl = pod_tl = None
    for _ in range(args.repeat):
        t, _, one_tl = bench_day._best(lambda: simulate(one, one_sc, duration=DAY, seed=args.seed,
                                              profile=profile), 1)
        one_times.append(t)
        t, _, pod_tl = bench_day._best(lambda: simulate(pod, sc, duration=DAY, seed=args.seed,
                                              profile=profile, whole_pod=True), 1)
        pod_times.append(t)
    ref = simulate(pod, sc, duration=DAY, seed=args.seed, profile=profile, engine="simpy",
                   whole_pod=True)
    identical = render_json(ref) == render_json(pod_tl)
    for name, times, tl in (("one container (bench_day)", one_times, one_tl),
                            ("three containers", pod_times, pod_tl)):
        s = tl.summary()
        rows.append({"pod": name, "fast_seconds_per_day": min(times),
                     "fast_median_seconds_per_day": statistics.median(times),
                     "probes": len(tl.probes), "restarts": s.restarts, "kills": s.kills,
                     "ready_seconds": round(s.ready_seconds, 3)})
    ratio = rows[1]["fast_seconds_per_day"] / rows[0]["fast_seconds_per_day"]
    env = {"kubesim": kubesim.__version__, "python": platform.python_version(),
           "machine": platform.machine(), "repeat": args.repeat, "seed": args.seed,
           "profile": profile.name, "simulated_seconds": DAY}
    if args.json:
        print(json.dumps({"environment": env, "results": rows, "ratio": ratio,
                          "identical_json": identical}, indent=2))
        return 0
    print(f"kubesim {env['kubesim']} | Python {env['python']} ({env['machine']}) | 24 h, "
          f"fast scheduler, profile {profile.name} | seed {args.seed} | best of {args.repeat}")
    print()
    head = (f"{'pod':<27} {'fast ms':>8} {'median':>8} {'probes':>7} {'restarts':>8} "
            f"{'kills':>5} {'Ready s':>10}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['pod']:<27} {r['fast_seconds_per_day'] * 1e3:>8.1f} "
              f"{r['fast_median_seconds_per_day'] * 1e3:>8.1f} {r['probes']:>7} "
              f"{r['restarts']:>8} {r['kills']:>5} {r['ready_seconds']:>10,.1f}")
    print()
    print(f"three containers / one container: {ratio:.1f}x (target <= 3x)")
    print(f"simpy scheduler, three containers: same JSON document: "
          f"{'yes' if identical else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
