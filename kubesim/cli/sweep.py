"""`kubesim sweep`: a grid of probe, pod and scenario settings, each point judged over many
grid phases and seeds (see `kubesim.analysis.sweep.grid` for the addressing and the metrics)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import signal
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from kubesim.analysis.budget import check_budget, check_duration
from kubesim.behaviour.horizon import default_duration
from kubesim.cli.args import (MAX_JOBS, add_behaviour_args, add_budget_arg, add_duration_arg,
                              add_html_arg, add_kubelet_args, add_render_args, check_html_path,
                              jobs_arg, load_behaviour, profile_of, render_options_of, seed_arg,
                              write_html)
from kubesim.cli.command import CommandResult
from kubesim.cli.fleet import add_fleet_args, fleet_settings_of
from kubesim.errors import UsageError
from kubesim.files import check_output_path, write_output
from kubesim.render import edge
from kubesim.render.edge import visible
from kubesim.spec.manifests import load_spec
from kubesim.analysis.sweep.grid import (
    Point,
    PointResult,
    SweepSpec,
    apply_point,
    chart_variants,
    driven_fields,
    expand_grid,
    parse_chart_setting,
    parse_goal,
    parse_setting,
)
from kubesim.analysis.sweep.run import check_spec, evaluate_group, run_sweep, sweep_work

__all__ = ["add_parser", "run"]

METRICS = ("restarts_mean", "restarts_max", "kills_mean", "unready_mean", "unready_max",
           "first_ready_mean", "first_ready_max", "hang_to_kill_max", "probes")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register `sweep` and its options."""
    p = sub.add_parser(
        "sweep", help="judge a grid of probe/pod/scenario settings over phases and seeds",
        description="Sweep probe fields (livenessProbe.failureThreshold), pod fields "
                    "(terminationGracePeriodSeconds) and scenario parameters (outage.db.length, "
                    "stall.length, startup.seconds, scenario.PATH) over a grid; every point "
                    "runs at --phases grid phases x --seeds seeds.")
    p.add_argument("spec", help="manifest or compact probe spec (YAML), Helm chart or "
                   "kustomization")
    add_behaviour_args(p)
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUES",
                   dest="settings",
                   help="a field and its values: a list (1,2,3) or a range (1..10, 1..10:2); "
                        "repeat for a grid")
    p.add_argument("--set-value", action="append", default=[], metavar="PATH=VALUES",
                   dest="chart_values",
                   help="a Helm chart value and its values (SPEC a chart): the chart is "
                        "rendered once per value; shown as values.PATH; repeatable")
    p.add_argument("--expect", action="append", default=[], metavar="CLAIM",
                   help="no-restart | max-restarts=N | ready-within=S | max-unready=S | "
                        "kill-within=S (held at every phase and seed?)")
    p.add_argument("--phases", type=int, default=20, metavar="N",
                   help="grid phases per point (20)")
    p.add_argument("--seeds", type=int, default=1, metavar="N", help="seeds per phase (1)")
    p.add_argument("--seed", type=seed_arg, default=0, metavar="N", help="first seed (0)")
    add_duration_arg(p, per="run (of every point)")
    p.add_argument("--container", metavar="NAME", help="which container's probes")
    p.add_argument("--jobs", "-j", type=jobs_arg, metavar="N",
                   help=f"local worker processes (default: every core; at most {MAX_JOBS})")
    p.add_argument("--dask", action="store_true",
                   help="run on a local Dask cluster (needs the dask extra)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on the Dask scheduler at ADDRESS (tcp://host:8786)")
    p.add_argument("--format", choices=["text", "csv", "json", "table"], default="text",
                   help="text (a table; 'table' is the old name), csv or json")
    p.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    p.add_argument("--plot", metavar="FILE.png",
                   help="heatmap (two fields) or line plot (one field); needs matplotlib")
    add_html_arg(p)
    p.add_argument("--plot-metric", choices=METRICS, default="restarts_mean",
                   help="what the plot shows (restarts_mean)")
    progress = p.add_mutually_exclusive_group()
    progress.add_argument("--progress", nargs="?", const="always", default="auto",
                          choices=["auto", "always", "never"],
                          help="a progress line on stderr: auto (when stderr is a terminal; "
                               "the default), always (also --progress alone) or never")
    progress.add_argument("--no-progress", dest="progress", action="store_const",
                          const="never", help=argparse.SUPPRESS)  # the old spelling
    add_kubelet_args(p)
    p.add_argument("--fleet", action="store_true",
                   help="every run is a fleet of replicas (fleet parameters in --set: "
                        "replicas, fleet.load.rps, ...; options as for `kubesim fleet`)")
    add_fleet_args(p)
    add_render_args(p, helm_set=False)
    add_budget_arg(p)


# ------------------------------------------------------------------ execution


class _Worker:
    """A worker process's sweep: given once when the process starts, not pickled again
    with every task (unpickling the pod's and scenario's models takes about 0.5 ms)."""

    spec: SweepSpec | None = None


def _quiet_worker(spec: SweepSpec) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _Worker.spec = spec


def _evaluate(points: list[Point]) -> list[PointResult]:
    assert _Worker.spec is not None, "a worker starts with _quiet_worker"
    return evaluate_group(_Worker.spec, points)


def _local(jobs: int) -> Any:
    def execute(spec: SweepSpec, groups: list[list[Point]]) -> Iterator[list[PointResult]]:
        if jobs <= 1 or len(groups) <= 1:
            for g in groups:
                yield evaluate_group(spec, g)
            return
        # big groups first (they share runs, so they are the long tasks), split to keep
        # every process busy
        tasks = sorted(_split(groups, jobs), key=len, reverse=True)
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker,
                                   initargs=(spec,))
        try:
            pending = set()
            queue = iter(tasks)
            for t in queue:  # keep a bounded number in flight, so Ctrl-C stops quickly
                pending.add(pool.submit(_evaluate, t))
                if len(pending) >= 4 * jobs:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(_evaluate, nxt))
        finally:
            pool.shutdown(wait=False, cancel_futures=True)

    return execute


def _split(groups: list[list[Point]], jobs: int) -> list[list[Point]]:
    """Fewer groups than processes: split them (each part keeps its own shared runs)."""
    out = list(groups)
    while len(out) < 2 * jobs and max(len(g) for g in out) > 1:
        big = max(out, key=len)
        out.remove(big)
        half = len(big) // 2
        out += [big[:half], big[half:]]
    return out


class _Progress:
    """tqdm when installed, else one stderr line with the time left."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.start = total, 0, time.monotonic()
        self.bar = None
        self.enabled = enabled
        if enabled:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, unit="pt", file=sys.stderr, desc="sweep")
            except ImportError:
                self.bar = None

    def step(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(1)
            return
        elapsed = time.monotonic() - self.start
        left = elapsed / self.done * (self.total - self.done)
        sys.stderr.write(edge.redraw(f"sweep: {self.done}/{self.total} points, "
                                     f"{elapsed:.0f} s elapsed, ~{left:.0f} s left"))
        sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.enabled:
            sys.stderr.write("\n")


def run(args: argparse.Namespace) -> CommandResult:
    """Sweep and render; exit code 0, 130 if interrupted (the points done are printed); a
    note of how long it took and where it ran."""
    settings = [parse_setting(s) for s in args.settings] + [
        parse_chart_setting(s) for s in args.chart_values]
    if not settings:
        raise UsageError("nothing to sweep: give --set FIELD=VALUES (a probe, pod, fleet or "
                         "scenario field) or --set-value PATH=VALUES (a chart value)")
    if args.duration is not None:
        check_duration(args.duration)
    for flag, n in (("--phases", args.phases), ("--seeds", args.seeds)):
        if n < 1:
            raise UsageError(f"{flag} {n} must be a whole number >= 1")
    size = math.prod(len(s.values) for s in settings)
    runs = size * args.phases * args.seeds
    what = f"this sweep ({size:,} points x {args.phases} phases x {args.seeds} seed(s))"
    check_budget(runs, args.max_work, what=what)  # every run makes a call: before expanding
    points = expand_grid(settings)
    expectations = tuple(parse_goal(e) for e in args.expect)
    if args.dask and args.scheduler:
        raise UsageError("--dask starts a local cluster, --scheduler uses a running one; "
                         "give one of them")
    jobs = args.jobs if args.jobs is not None else min(os.cpu_count() or 1, MAX_JOBS)
    check_html_path(args)
    if args.plot:  # an unusable --plot fails before any work
        check_output_path(args.plot, "--plot")
    rendering = render_options_of(args)
    pod = load_spec(args.spec, args.container, render=rendering)
    variants = chart_variants(args.spec, args.container, rendering, settings)
    behaviour = load_behaviour(args)
    if args.duration is None:
        args.duration = _default_duration(pod, behaviour, settings, points)
    check_duration(args.duration)
    fleet = fleet_settings_of(args, pod) if args.fleet else None
    if fleet is not None:
        fleet.check_run(args.duration)
    spec = SweepSpec(pod=pod, behaviour=behaviour, profile=profile_of(args),
                     duration=args.duration, phases=args.phases, seeds=args.seeds,
                     seed=args.seed, expectations=expectations, engine=args.engine,
                     fleet=fleet, variants=variants)
    built = check_spec(spec, points)  # every point builds: before it is estimated
    check_budget(sweep_work(spec, points, _smallest_periods(settings), built), args.max_work,
                 what=f"{what[:-1]}, {args.duration:g} s each)")
    if args.dask or args.scheduler:
        from kubesim.analysis.sweep.dask_backend import dask_executor
        executor = dask_executor(args.scheduler, n_workers=jobs)
        where = f"dask {args.scheduler or 'local cluster'}"
    else:
        executor = _local(jobs)
        where = f"{jobs} local process{'es' if jobs > 1 else ''}"
    progress = _Progress(len(points), sys.stderr.isatty() if args.progress == "auto"
                         else args.progress == "always")
    results: dict[int, PointResult] = {}
    interrupted = False
    started = time.monotonic()
    stream = run_sweep(spec, points, executor=executor, checked=True)
    try:
        for result in stream:
            results[result.index] = result
            progress.step()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
        progress.close()
    elapsed = time.monotonic() - started
    done = [results[i] for i in sorted(results)]
    meta = {
        "spec": pod.source, "object": pod.label,
        "behaviour": args.scenario or args.trace or "healthy",
        "fields": [s.field for s in settings], "points": len(points), "done": len(done),
        "phases": args.phases, "seeds": args.seeds, "seed": args.seed,
        "duration": args.duration, "profile": spec.profile.name, "engine": args.engine,
        "interrupted": interrupted, "expectations": [e.name for e in expectations],
    }
    if variants:  # what the chart values did: re-rendered, and which fields that changed
        meta["chart_values"] = {
            "renders": len(variants),
            "method": "the chart rendered by Helm once per combination of values",
            "drives": driven_fields(pod, variants)}

    if args.plot and done:
        plot_sweep(done, [s.field for s in settings if len(s.values) > 1] or
                   [settings[0].field], args.plot_metric, args.plot, meta)
    if args.html is not None:
        from kubesim.render.html import sweep_page
        write_html(sweep_page(document(done, meta)), args.html)
    text = render(done, meta, "text" if args.format == "table" else args.format)
    # how long and where go to stderr: the output is the same on every machine and run
    note = f"kubesim sweep: {len(done)} of {len(points)} points in {elapsed:.2f} s on {where}"
    return CommandResult(text, 130 if interrupted else 0, note)


def _default_duration(pod: Any, behaviour: Any, settings: list[Any],
                      points: list[dict[str, Any]]) -> float:
    """The one default rule, over every point's scenario when the grid changes it (a longer
    outage at some point needs a longer run)."""
    if not any(s.kind == "scenario" for s in settings):
        return default_duration(behaviour)
    return max(default_duration(apply_point(pod, behaviour, p)[1]) for p in points)


def _smallest_periods(settings: list[Any]) -> dict[str, int]:
    """The smallest periodSeconds a sweep sets per probe (the most calls), by field name."""
    out = {}
    for s in settings:
        head, _, key = s.field.partition(".")
        numbers = [v for v in s.values if isinstance(v, int) and not isinstance(v, bool)]
        if key == "periodSeconds" and numbers:
            out[head] = max(min(numbers), 1)
    return out


# ------------------------------------------------------------------ output


def _cell(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "NO"
    if isinstance(v, float):
        return f"{v:.2f}" if v != int(v) or abs(v) < 1e6 else f"{v:g}"
    return visible(v)


def document(done: list[PointResult], meta: dict[str, Any]) -> dict[str, Any]:
    """The JSON document of a sweep: its settings and one row per point done."""
    return {"kubesim": 1, "sweep": meta, "points": [r.row() for r in done]}


def render(done: list[PointResult], meta: dict[str, Any], fmt: str) -> str:
    """Text (a table), CSV or JSON of the points done."""
    rows = [r.row() for r in done]
    if fmt == "json":
        return json.dumps(document(done, meta), indent=2) + "\n"
    columns = list(rows[0]) if rows else list(meta["fields"])
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow(["" if r[c] is None else visible(r[c]) if isinstance(r[c], str)
                             else r[c] for c in columns])
        return buf.getvalue()
    head = (f"# {visible(meta['object'])} | behaviour: {visible(meta['behaviour'])} | "
            f"{meta['done']} of "
            f"{meta['points']} points x {meta['phases']} phases x {meta['seeds']} seed(s), "
            f"{meta['duration']:g} s each | profile {meta['profile']} | engine "
            f"{meta['engine']}")
    short = {"restarts_mean": "restarts", "restarts_max": "max", "kills_mean": "kills",
             "unready_mean": "unready s", "unready_max": "max", "first_ready_mean":
             "first Ready", "first_ready_max": "max", "never_ready": "never",
             "hang_to_kill_max": "hang->kill max", "hang_unkilled": "unkilled",
             "probes": "probes", "runs": "runs"}
    titles = [short.get(c, c) for c in columns]
    cells = [[_cell(r[c]) for c in columns] for r in rows]
    widths = [max(len(t), *(len(row[i]) for row in cells)) if cells else len(t)
              for i, t in enumerate(titles)]
    lines = [head]
    chart = meta.get("chart_values")
    if chart:
        drives = ", ".join(chart["drives"]) or "no probe or pod field"
        lines.append(f"# chart values: the chart rendered {chart['renders']} times (once per "
                     f"combination); they set {drives}")
    lines.append("  ".join(t.rjust(w) for t, w in zip(titles, widths, strict=True)))
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    if meta["interrupted"]:
        lines.append(f"# interrupted: {meta['done']} of {meta['points']} points done")
    return "\n".join(lines) + "\n"


def plot_sweep(done: list[PointResult], fields: list[str], metric: str, path: str,
               meta: dict[str, Any]) -> None:
    """A heatmap of `metric` over two fields, or a line over one (matplotlib, Agg)."""
    if len(fields) > 2:
        raise UsageError("--plot shows one or two fields with several values; "
                         f"this grid varies {len(fields)}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'kubesim[plot]'") from None
    rows = [r.row() for r in done]
    title = (f"{metric} over {meta['phases']} phases x {meta['seeds']} seed(s)\n"
             f"{meta['object']} | {meta['behaviour']}")
    fig, ax = plt.subplots(figsize=(8, 6))
    try:
        if len(fields) == 1:
            f = fields[0]
            pts = sorted((r[f], r[metric]) for r in rows if r[metric] is not None)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o")
            ax.set_xlabel(f)
            ax.set_ylabel(metric)
        else:
            fy, fx = fields
            xs = sorted({r[fx] for r in rows}, key=_order)
            ys = sorted({r[fy] for r in rows}, key=_order)
            grid = [[float("nan")] * len(xs) for _ in ys]
            held: dict[tuple[int, int], bool] = {}
            for r in rows:
                i, j = ys.index(r[fy]), xs.index(r[fx])
                v = r[metric]
                grid[i][j] = float("nan") if v is None else float(v)
                exp = [v for k, v in r.items() if k.startswith("expect ")]
                if exp:
                    held[(i, j)] = all(exp)
            image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
            fig.colorbar(image, ax=ax, label=metric)
            ax.set_xticks(range(len(xs)), [_cell(x) for x in xs])
            ax.set_yticks(range(len(ys)), [_cell(y) for y in ys])
            ax.set_xlabel(fx)
            ax.set_ylabel(fy)
            if len(xs) * len(ys) <= 400:
                for (i, j), ok in held.items():
                    value = grid[i][j]
                    r_, g_, b_, _ = (image.cmap(image.norm(value)) if value == value
                                     else (1.0, 1.0, 1.0, 1.0))
                    light = 0.299 * r_ + 0.587 * g_ + 0.114 * b_ > 0.5  # readable on the cell
                    ax.text(j, i, "✓" if ok else "✗", ha="center", va="center",
                            color="black" if light else "white", fontsize=9)
            if held:
                title += "\n✓ every expectation held at every phase, ✗ not"
        ax.set_title(title, fontsize=9)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110)
    finally:
        plt.close(fig)
    write_output(path, buf.getvalue(), what="--plot")


def _order(v: Any) -> tuple[int, Any]:
    if v is None:
        return (1, 0)
    return (0, v) if isinstance(v, int | float) else (2, str(v))
