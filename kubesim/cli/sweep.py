"""`kubesim sweep`: a grid of probe, pod and scenario settings, each point judged over many
grid phases and seeds (see `kubesim.analysis.sweep.grid` for the addressing and the metrics)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Generator
from typing import TYPE_CHECKING

from kubesim.analysis.sweep.grid import PointResult, parse_chart_setting, parse_goal, parse_setting
from kubesim.analysis.sweep.plan import check_sweep, plan_sweep, sweep_meta
from kubesim.analysis.sweep.pool import local_executor
from kubesim.analysis.sweep.run import run_sweep
from kubesim.cli.args import (
    MAX_JOBS,
    add_behaviour_args,
    add_budget_arg,
    add_fleet_args,
    add_html_arg,
    add_kubelet_args,
    add_render_args,
    check_html_path,
    load_behaviour,
    profile_of,
    render_options_of,
    write_html,
)
from kubesim.cli.command import CommandResult
from kubesim.cli.options import SWEEP
from kubesim.errors import UsageError
from kubesim.files import check_output_path
from kubesim.options import add_option
from kubesim.render import edge
from kubesim.render.sweep_formats import document, render
from kubesim.spec.manifests import load_spec

__all__ = ["add_parser", "run"]

if TYPE_CHECKING:
    from kubesim.fleet.settings import FleetSettings
    from kubesim.spec.model import ProbedContainer


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `sweep` and its options."""
    p = sub.add_parser(
        "sweep", help="judge a grid of probe/pod/scenario settings over phases and seeds",
        description="Sweep probe fields (livenessProbe.failureThreshold), pod fields "
                    "(terminationGracePeriodSeconds) and scenario parameters (outage.db.length, "
                    "stall.length, startup.seconds, scenario.PATH) over a grid; every point "
                    "runs at --phases grid phases x --seeds seeds.")
    add_option(p, SWEEP["spec"])
    add_behaviour_args(p)
    for name in ("settings", "chart_values", "expect", "phases", "seeds", "seed", "duration",
                 "container", "jobs", "dask", "scheduler", "format", "output", "plot"):
        add_option(p, SWEEP[name])
    add_html_arg(p)
    add_option(p, SWEEP["plot_metric"])
    progress = p.add_mutually_exclusive_group()
    for name in ("progress", "no_progress"):
        add_option(progress, SWEEP[name])
    add_kubelet_args(p)
    add_option(p, SWEEP["fleet"])
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
                # tqdm (an optional extra) ships no type stubs
                from tqdm import tqdm  # type: ignore[import-untyped]
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


def _fleet_settings(args: argparse.Namespace, pod: ProbedContainer) -> FleetSettings | None:
    """The fleet `--fleet` sweeps (its code loaded only then: a sweep of one pod needs none),
    or None."""
    if not args.fleet:
        return None
    from kubesim.cli.fleet import fleet_settings_of

    return fleet_settings_of(args, pod)


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
                      fleet=_fleet_settings(args, pod), max_work=args.max_work)
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
        from kubesim.render.sweep_plot import plot_sweep  # a picture is asked

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
