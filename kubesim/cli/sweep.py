"""`kubesim sweep`: a grid of probe, pod and scenario settings, each point judged over many
grid phases and seeds (see `kubesim.analysis.sweep.grid` for the addressing and the metrics)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Generator

from kubesim.analysis.sweep.grid import PointResult, parse_chart_setting, parse_goal, parse_setting
from kubesim.analysis.sweep.plan import check_sweep, plan_sweep, sweep_meta
from kubesim.analysis.sweep.pool import local_executor
from kubesim.analysis.sweep.run import run_sweep
from kubesim.cli.args import (
    MAX_JOBS,
    add_behaviour_args,
    add_budget_arg,
    add_duration_arg,
    add_html_arg,
    add_kubelet_args,
    add_render_args,
    check_html_path,
    jobs_arg,
    load_behaviour,
    profile_of,
    render_options_of,
    seed_arg,
    write_html,
)
from kubesim.cli.command import CommandResult
from kubesim.cli.fleet import add_fleet_args, fleet_settings_of
from kubesim.errors import UsageError
from kubesim.files import check_output_path
from kubesim.render import edge
from kubesim.render.sweep_formats import document, render
from kubesim.render.sweep_plot import plot_sweep
from kubesim.spec.manifests import load_spec

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


# ------------------------------------------------------------------ progress


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
    check_sweep(settings, duration=args.duration, phases=args.phases, seeds=args.seeds)
    expectations = tuple(parse_goal(e) for e in args.expect)
    if args.dask and args.scheduler:
        raise UsageError("--dask starts a local cluster, --scheduler uses a running one; "
                         "give one of them")
    jobs = args.jobs if args.jobs is not None else min(os.cpu_count() or 1, MAX_JOBS)
    check_html_path(args.html, args.output)
    if args.plot:  # an unusable --plot fails before any work
        check_output_path(args.plot, "--plot")
    rendering = render_options_of(args)
    pod = load_spec(args.spec, args.container, render=rendering)
    behaviour = load_behaviour(args)
    plan = plan_sweep(pod, behaviour, settings, source=args.spec, container=args.container,
                      render=rendering, duration=args.duration, phases=args.phases,
                      seeds=args.seeds, seed=args.seed, expectations=expectations,
                      profile=profile_of(args), engine=args.engine,
                      fleet=fleet_settings_of(args, pod) if args.fleet else None,
                      max_work=args.max_work)
    if args.dask or args.scheduler:
        from kubesim.analysis.sweep.dask_backend import dask_executor
        executor = dask_executor(args.scheduler, n_workers=jobs)
        where = f"dask {args.scheduler or 'local cluster'}"
    else:
        executor = local_executor(jobs)
        where = f"{jobs} local process{'es' if jobs > 1 else ''}"
    progress = _Progress(len(plan.points), sys.stderr.isatty() if args.progress == "auto"
                         else args.progress == "always")
    started = time.monotonic()
    results = run_sweep(plan.spec, plan.points, executor=executor, checked=True,
                        built=plan.built)
    done, interrupted = _collect(results, progress)
    elapsed = time.monotonic() - started
    meta = sweep_meta(plan, behaviour=args.scenario or args.trace or "healthy",
                      done=len(done), interrupted=interrupted)
    if args.plot and done:
        plot_sweep(done, [s.field for s in settings if len(s.values) > 1] or
                   [settings[0].field], args.plot_metric, args.plot, meta)
    if args.html is not None:
        from kubesim.render.html import sweep_page
        write_html(sweep_page(document(done, meta)), args.html)
    text = render(done, meta, "text" if args.format == "table" else args.format)
    # how long and where go to stderr: the output is the same on every machine and run
    points = len(plan.points)
    note = f"kubesim sweep: {len(done)} of {points} points in {elapsed:.2f} s on {where}"
    return CommandResult(text, 130 if interrupted else 0, note)


def _collect(stream: Generator[PointResult, None, None], progress: _Progress
             ) -> tuple[list[PointResult], bool]:
    """The points done, in grid order, and whether Ctrl-C stopped the sweep."""
    results: dict[int, PointResult] = {}
    interrupted = False
    try:
        for result in stream:
            results[result.index] = result
            progress.step()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stream.close()  # ends the sweep's iteration, and the executor's with it
        progress.close()
    return [results[i] for i in sorted(results)], interrupted
