"""Is the work budget's estimate honest? Estimate, counted work and time of real runs.

    python benchmarks/bench_budget.py [--repeat N] [--json]

For each case (one pod against a behaviour, on either scheduler and kubelet profile; traces
long and short, dense and sparse, replayed at every start, one for each of three containers;
pods of many containers; days of one and of fifty containers, and a month; and the commands
that run many: sweeps and big grids, a fleet that keeps its records for a day), it reports:

* `estimate`: `kubesim.analysis.budget.run_work` (or the command's own sum), in units of work
  (one probe call stepped on the fast scheduler);
* `counted`: what the fast scheduler really did, in the same units, each run made as
  `simulate` makes it (steady containers parked): `HeapScheduler.steps`, two per stepped
  call, plus the resyncs drawn inside jumped stretches at their cost, plus the workers the
  jumps looked at (`visits`, `plans`: what makes a pod of many containers cost more than its
  steps) at theirs, plus the probe records a fleet kept, one unit each;
* `setup`: what the scheduler's steps do not see: each run's setup (its scheduler, kubelet
  and workers, made before the first event: SETUP units) and each sweep point's build
  (BUILD_POINT, BUILD_SCENARIO_POINT); the last lines measure both in time, against the
  microseconds of a unit of the long stepped run;
* `est/counted`: how far above the work the estimate is, setup included (>= 1 is the
  budget's promise, `tests/test_budget.py` checks it over generated pods and scenarios;
  within 2 is issue 31's), and `steps only`: the same without the setup;
* `seconds` (best of N) and `us/unit`: wall-clock microseconds per estimated unit, so the
  default budget (5,000,000 units) can be read as time on this machine;
* `est ms`: what the estimates of the case cost themselves (best of N, milliseconds; a sweep
  case makes one per run), the budget's look before anything runs.

It measures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from kubesim.analysis.budget import (
    BUILD_POINT,
    BUILD_SCENARIO_POINT,
    DEFAULT_MAX_WORK,
    JUMPED_RESYNC,
    PLAN,
    RECORD,
    SETUP,
    STEPS_PER_UNIT,
    VISIT,
    fleet_work,
    run_work,
)
from kubesim.analysis.sweep.grid import SweepSpec, apply_point, expand_grid, parse_setting
from kubesim.analysis.sweep.run import check_spec, sweep_work
from kubesim.behaviour.answer import HEALTHY
from kubesim.behaviour.scenario import Scenario, load_scenario
from kubesim.behaviour.trace import RestartMode, load_trace
from kubesim.engine.heap_scheduler import Unparked
from kubesim.engine.jumps import Jumper
from kubesim.engine.simulate import launch_pod, make_scheduler
from kubesim.kubelet.settings import profile_from
from kubesim.spec.manifests import load_spec

REPO = Path(__file__).resolve().parent.parent
SPEC = str(REPO / "probe_specs" / "seed_unified_healthz.yaml")
OUTAGE = str(REPO / "traces" / "seed_db_outage.scenario.yaml")
STALL = str(REPO / "traces" / "seed_event_loop_stall.scenario.yaml")
TRACE = str(REPO / "traces" / "seed_db_outage.jsonl")
DRAWN = {"targets": {"/healthz": {"answer": {
    "status": 200, "latency_ms": {"distribution": "uniform", "low": 1, "high": 5}}}}}
NEVER_READY = {"dependencies": {"db": {"down": [{"from": 0, "to": None}]}},
               "targets": {"/healthz": {"answer": {"status": 200, "latency_ms": 0},
                                        "depends_on": ["db"],
                                        "when_down": {"status": 503, "latency_ms": 0}}}}


def one_run(pod: Any, behaviour: Any, duration: float, profile: Any, engine: str,
            seed: int = 0, keep: bool = False, park: bool = True) -> float:
    """Run once as `simulate` does (its steady containers parked, the run made again
    without parks if one failed: both counted); the counted work (fast scheduler) or 0
    (simpy keeps no count); `keep`: the probe records kept, counted too."""
    sched = make_scheduler(engine)
    park = park and engine == "fast"
    handle = launch_pod(sched, pod, behaviour, duration=duration, seed=seed,
                        profile=profile, phase=None, keep_probes=keep, park=park)
    sched.run(until=duration)
    if engine != "fast":
        return 0.0
    again = 0.0
    if park and isinstance(sched.on_quiet, Jumper):
        try:
            sched.on_quiet.settle()
        except Unparked:
            again = one_run(pod, behaviour, duration, profile, engine, seed, keep, park=False)
    kept = RECORD * len(handle.timeline.probes) if keep else 0.0
    return (sched.steps / STEPS_PER_UNIT + sched.jumped_resyncs * JUMPED_RESYNC
            + sched.visits * VISIT + sched.plans * PLAN + kept + again)


def many_containers(n: int, *, ports: bool = False) -> str:
    """A Deployment of `n` containers, each probed for liveness and readiness (a file): on
    one port, or with `ports` each on its own (8080 + its index: a target each)."""
    def probe(i: int) -> str:
        return f"{{httpGet: {{path: /healthz, port: {8080 + i if ports else 8080}}}}}"
    text = ("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: many}\nspec:\n"
            "  selector: {matchLabels: {app: many}}\n  template:\n"
            "    metadata: {labels: {app: many}}\n    spec:\n      containers:\n"
            + "".join(f"      - name: c{i}\n        image: x:1\n        livenessProbe: "
                      f"{probe(i)}\n        readinessProbe: {probe(i)}\n" for i in range(n)))
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
        f.write(text)
    return f.name


def recorded(seconds: float, every: float, *, down: list[tuple[float, float]],
             targets: tuple[str, ...] = ("/healthz",), replay: bool = False) -> str:
    """A trace file as `kubesim capture` writes one: every target answered every `every`
    seconds for `seconds` (latency 1 to 4 ms), failing with 503 inside `down` (trace time)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(json.dumps({"meta": {"on_restart": "replay" if replay else "wall"}}) + "\n")
        for i in range(int(seconds / every)):
            t = i * every
            status = 503 if any(a <= t < b for a, b in down) else 200
            f.writelines(json.dumps({"t": t, "target": k, "status": status,
                                     "latency_ms": 1 + i % 4}) + "\n" for k in targets)
    return f.name


Case = Any  # () -> (estimate, counted, setup)
ESTIMATING = [0.0]  # seconds spent in the estimates (`timed`) since the case began


def timed(estimate: Any, *args: Any, **kwargs: Any) -> float:
    """`estimate(*args, **kwargs)`, its time added to ESTIMATING: what the budget's own
    look costs, before anything runs."""
    t = time.perf_counter()
    try:
        return float(estimate(*args, **kwargs))
    finally:
        ESTIMATING[0] += time.perf_counter() - t


def grid_case(sets: list[str], behaviour: Any, duration: float, phases: int) -> Case:
    """A sweep's grid: the estimate `kubesim sweep` makes (each point built once, by
    check_spec) against the runs counted, each point's build and run's setup beside."""
    def go() -> tuple[float, float, float]:
        pod, profile = load_spec(SPEC, None), profile_from()
        points = expand_grid([parse_setting(t) for t in sets])
        spec = SweepSpec(pod=pod, behaviour=behaviour, duration=duration, phases=phases)
        built = check_spec(spec, points)
        estimate = timed(sweep_work, spec, points, built=built)
        counted = sum(one_run(p, b, duration, profile, "fast", seed, park=False)
                      for p, b in built for seed in range(phases))  # a sweep does not park
        build = BUILD_SCENARIO_POINT if any(t.startswith("outage.") for t in sets) \
            else BUILD_POINT
        return estimate, counted, len(points) * (build + phases * SETUP)
    return go


def cases() -> list[tuple[str, Any]]:
    pod = load_spec(SPEC, None)
    classic, ideal = profile_from(), profile_from(ideal=True)
    out: list[tuple[str, Any]] = []

    def single(name: str, behaviour: Any, duration: float, profile: Any = classic,
               engine: str = "fast") -> None:
        def go() -> tuple[float, float, float]:
            counted = one_run(pod, behaviour, duration, profile, engine)
            return timed(run_work, pod, behaviour, duration, profile, engine=engine), counted, SETUP
        out.append((name, go))

    single("healthy 1 h", HEALTHY, 3600)
    single("healthy 1e6 s (jumped)", HEALTHY, 1e6)
    single("db outage 1 h", load_scenario(OUTAGE), 3600)
    single("event-loop stall 1 h", load_scenario(STALL), 3600)
    single("trace 1 h", load_trace(TRACE), 3600)
    single("trace 1 h, replayed at each start", load_trace(TRACE, restart=RestartMode.REPLAY),
           3600)
    outages = [(h * 3600.0 + 600, h * 3600.0 + 780) for h in range(0, 24, 6)]
    single("trace 1 day, every 1 s, 4 outages", load_trace(recorded(86400, 1.0, down=outages)),
           86400)
    single("trace 1 day, every 60 s (jumped between)",
           load_trace(recorded(86400, 60.0, down=outages)), 86400)
    single("trace 10 min of 1 day (read 10 min)",
           load_trace(recorded(86400, 1.0, down=outages)), 600)
    single("trace 1 h of 0.1 s samples (36,000)",
           load_trace(recorded(3600, 0.1, down=[(600, 700)])), 3600)
    single("drawn latency 10 h (stepped)", Scenario.from_dict(DRAWN), 36000)
    single("drawn latency 10 h, simpy", Scenario.from_dict(DRAWN), 36000, engine="simpy")
    single("ideal, resync 1 ms, 60 s", HEALTHY, 60,
           profile_from(ideal=True, overrides={"resync_seconds": 0.001}))
    single("ideal, resync 5 ms, 1 h (jumped)", HEALTHY, 3600,
           profile_from(ideal=True, overrides={"resync_seconds": 0.005}))
    single("db outage 1 h, ideal", load_scenario(OUTAGE), 3600, ideal)

    def sweep() -> tuple[float, float, float]:
        """The issue's sweep, every 3rd period x every 3rd length, 20 phases."""
        base, sc = load_spec(SPEC, None), load_scenario(OUTAGE)
        estimate = counted = 0.0
        for period in range(1, 31, 3):
            for length in range(30, 301, 90):
                p, b = apply_point(base, sc, {"livenessProbe.periodSeconds": period,
                                              "outage.db.length": length})
                for seed in range(20):
                    counted += one_run(p, b, 3600, classic, "fast", seed, park=False)
                    estimate += timed(run_work, p, b, 3600, classic)
        return estimate, counted, 800 * SETUP
    out.append(("sweep 40 points x 20 phases, 1 h", sweep))
    out.append(("grid 2,000 points x 1 phase, 10 min",
                grid_case(["livenessProbe.failureThreshold=1..100",
                           "livenessProbe.timeoutSeconds=1..20"], HEALTHY, 600, 1)))
    out.append(("grid 400 outages x 2 phases, 1 h",
                grid_case(["outage.db.length=10..400:10", "livenessProbe.failureThreshold=1..10"],
                          load_scenario(OUTAGE), 3600, 2)))

    def fleet_day() -> tuple[float, float, float]:
        """3 replicas for a day, every record kept: 3 runs, as a fleet without load runs its
        replicas (each on its own scheduler), their records counted."""
        sc = load_scenario(OUTAGE)
        estimate = timed(fleet_work, pod, sc, 86400, classic, replicas=3, keep=True)
        return estimate, sum(one_run(pod, sc, 86400, classic, "fast", k, keep=True,
                                     park=False) for k in range(3)), 3 * SETUP  # nor a fleet
    out.append(("fleet 3 replicas x 1 day, records kept", fleet_day))
    wide, wider = load_spec(many_containers(30), None), load_spec(many_containers(300), None)
    for name, many in (("30 containers, 1 h", wide), ("300 containers, 1 h", wider)):
        def containers(many: Any = many) -> tuple[float, float, float]:
            return (timed(run_work, many, HEALTHY, 3600, classic),
                    one_run(many, HEALTHY, 3600, classic, "fast"), SETUP)
        out.append((name, containers))
    three = load_spec(many_containers(3, ports=True), None)
    multi = load_trace(recorded(3600, 1.0, down=[(600, 900)],
                                targets=tuple(f"c{i}:{8080 + i}/healthz" for i in range(3))))

    def three_traced() -> tuple[float, float, float]:
        return (timed(run_work, three, multi, 3600, classic),
                one_run(three, multi, 3600, classic, "fast"), SETUP)
    out.append(("3 containers, a trace each, 1 h", three_traced))

    day = _pod_day()
    for name, make, stalls_in_all in (
            ("1 container, 1 day (bench_day)", day.bench_day.build_pod, True),
            ("50 containers, 1 day (bench_pod_day)", day.build_wide_pod, False),
            ("50 containers, stalls in all, 1 day", day.build_wide_pod, True)):
        def pod_day(make: Any = make, stalls_in_all: bool = stalls_in_all
                    ) -> tuple[float, float, float]:
            """bench_day's day, of its one container or bench_pod_day's fifty (its app,
            49 probed sidecars; the stalls in the app's process or in every one)."""
            pod_, sc = make(), day.bench_day.build_scenario()
            sc = sc if stalls_in_all else day.app_stalls(sc)
            return (timed(run_work, pod_, sc, 86400, classic, parks=True),
                    one_run(pod_, sc, 86400, classic, "fast"), SETUP)
        out.append((name, pod_day))

    def month(keep: bool) -> Any:
        def go() -> tuple[float, float, float]:
            """bench_day's month: `kubesim run` of the seed spec and outage for 30 days, its
            records kept (the run) or not (each of its --phases)."""
            sc, days = load_scenario(OUTAGE), 30 * 86400.0
            return (timed(run_work, pod, sc, days, classic, keep=keep, parks=True),
                    one_run(pod, sc, days, classic, "fast", keep=keep), SETUP)
        return go
    out.append(("30 days, db outage, records kept (run)", month(True)))
    out.append(("30 days, db outage (a phase of run)", month(False)))
    out.append(("grid 20 outages x 5 phases, 1 day",
                grid_case(["outage.db.length=30..600:30"], load_scenario(OUTAGE), 86400, 5)))
    unready = load_spec(readiness_only(), None)

    def never_ready() -> tuple[float, float, float]:
        """Not Ready all day: /healthz answers 503 while the database, down from the start,
        never comes back; every resync triggers the readiness probe (E6) and ends a jump."""
        sc = Scenario.from_dict(NEVER_READY)
        return (timed(run_work, unready, sc, 86400, classic),
                one_run(unready, sc, 86400, classic, "fast"), SETUP)
    out.append(("not Ready 1 day (db never up)", never_ready))
    return out


def readiness_only() -> str:
    """A Pod with one container probed for readiness only (a file): /healthz every 10 s,
    failureThreshold 3."""
    text = ("apiVersion: v1\nkind: Pod\nmetadata: {name: unready}\nspec:\n  containers:\n"
            "  - name: app\n    image: x:1\n    ports: [{containerPort: 8080}]\n"
            "    readinessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 10,"
            " failureThreshold: 3}\n")
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
        f.write(text)
    return f.name


def _pod_day() -> Any:
    """benchmarks/bench_pod_day.py, imported from beside this file."""
    spec = importlib.util.spec_from_file_location(
        "bench_pod_day", Path(__file__).resolve().parent / "bench_pod_day.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measured_setup(us_per_unit: float) -> str:
    """A run's setup and a point's build, timed and read in units of `us_per_unit`."""
    pod, profile = load_spec(SPEC, None), profile_from()
    sc = load_scenario(OUTAGE)
    t = time.perf_counter()
    for seed in range(200):  # one-second runs: their setup, all but a few steps
        one_run(pod, HEALTHY, 1.0, profile, "fast", seed)
    run = (time.perf_counter() - t) / 200 * 1e6 / us_per_unit
    out = [f"a run's setup: about {run:.0f} units (SETUP = {SETUP:g})"]
    for name, sets, build in (
            ("probe", ["livenessProbe.failureThreshold=1..100"], BUILD_POINT),
            ("scenario", ["outage.db.length=1..100"], BUILD_SCENARIO_POINT)):
        points = expand_grid([parse_setting(x) for x in sets])
        t = time.perf_counter()
        check_spec(SweepSpec(pod=pod, behaviour=sc), points)
        each = (time.perf_counter() - t) / len(points) * 1e6 / us_per_unit
        out.append(f"a {name} point's build: about {each:.0f} units ({build:g})")
    return "; ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for name, go in cases():
        times, looks = [], []
        for _ in range(args.repeat):
            ESTIMATING[0] = 0.0
            t = time.perf_counter()
            estimate, counted, setup = go()
            times.append(time.perf_counter() - t)
            looks.append(ESTIMATING[0])
        best = min(times)
        rows.append({"case": name, "estimate": round(estimate, 1), "counted": round(counted, 1),
                     "setup": round(setup, 1),
                     "est/counted": round(estimate / (counted + setup), 2) if counted else None,
                     "steps only": round(estimate / counted, 2) if counted else None,
                     "seconds": round(best, 4), "us/unit": round(best / estimate * 1e6, 2),
                     "estimate ms": round(min(looks) * 1e3, 2)})
    stepped = next(r["us/unit"] for r in rows if r["case"].startswith("drawn latency 10 h ("))
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'case':40} {'estimate':>10} {'counted':>10} {'setup':>8} {'est/counted':>11} "
          f"{'steps only':>10} {'seconds':>8} {'us/unit':>8} {'est ms':>7}")
    for r in rows:
        ratio = "-" if r["est/counted"] is None else f"{r['est/counted']:.2f}"
        steps = "-" if r["steps only"] is None else f"{r['steps only']:.2f}"
        print(f"{r['case']:40} {r['estimate']:>10,.0f} {r['counted']:>10,.0f} "
              f"{r['setup']:>8,.0f} {ratio:>11} {steps:>10} {r['seconds']:>8.3f} "
              f"{r['us/unit']:>8.2f} {r['estimate ms']:>7.2f}")
    print(f"\n{measured_setup(stepped)} (at the {stepped:.1f} us of a unit of the long "
          "stepped run)")
    timed = [r["us/unit"] for r in rows if r["seconds"] >= 0.05]  # long enough to time
    worst = max(timed)
    print(f"\nthe default budget ({DEFAULT_MAX_WORK:,} units) is at most "
          f"{DEFAULT_MAX_WORK * worst / 1e6:.0f} s of the cases that take 50 ms or more on "
          "this machine")


if __name__ == "__main__":
    main()
