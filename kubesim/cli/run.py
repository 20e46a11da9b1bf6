"""`kubesim run`: one pod against one behaviour, as a timeline (text or JSON)."""

from __future__ import annotations

import argparse
import itertools
import math
from typing import TYPE_CHECKING

from kubesim.analysis.budget import check_budget, check_duration, check_object, records, run_work
from kubesim.analysis.phases import across_phases
from kubesim.behaviour.horizon import default_duration
from kubesim.behaviour.replicas import lone_pod_note
from kubesim.cli.args import (
    add_behaviour_args,
    add_budget_arg,
    add_html_arg,
    add_kubelet_args,
    add_output_args,
    add_render_args,
    check_html_path,
    load_behaviour,
    profile_of,
    render_options_of,
    write_html,
)
from kubesim.cli.bounds import run_plainly_within
from kubesim.cli.command import CommandResult
from kubesim.cli.options import RUN
from kubesim.engine.simulate import grid_cycle, simulate
from kubesim.errors import UsageError
from kubesim.kubelet.restart_rules import gated_pod
from kubesim.options import add_option
from kubesim.render.edge import visible
from kubesim.render.report import iter_json, iter_text, pod_header, to_document
from kubesim.render.run_meta import plot_meta
from kubesim.spec.manifests import load_spec

__all__ = ["add_parser", "run"]

if TYPE_CHECKING:
    from kubesim.behaviour.answer import Behaviour
    from kubesim.kubelet.settings import KubeletProfile
    from kubesim.spec.model import ProbedContainer


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `run` and its options."""
    run_ = sub.add_parser("run", help="simulate one pod against an app behaviour",
                          description="Simulate the kubelet's probes of one container.")
    add_option(run_, RUN["spec"])
    add_behaviour_args(run_)
    for name in ("duration", "seed", "phase", "phases", "container"):
        add_option(run_, RUN[name])
    add_output_args(run_, ["text", "json"])
    for name in ("changes_only", "plot"):
        add_option(run_, RUN[name])
    add_html_arg(run_)
    add_render_args(run_)
    add_kubelet_args(run_)
    add_budget_arg(run_)


def _check_work(args: argparse.Namespace, pod: ProbedContainer, behaviour: Behaviour,
                profile: KubeletProfile) -> None:
    """--duration, --phase and --phases within bounds, and the work within --max-work: the
    run (its records kept and rendered) and the phase runs (counted, not kept)."""
    check_duration(args.duration)
    cycle = grid_cycle(pod)
    if args.phase is not None and not math.isfinite(args.phase):
        raise UsageError(f"phase={args.phase!r} must be a finite number (--phase)")
    if args.phase is not None and not 0 <= args.phase < cycle:
        raise UsageError(f"phase={args.phase:g} must be in [0, {cycle}): the probe grid "
                         f"repeats every {cycle} s, the lcm of the probe periods (--phase)")
    if args.phases is not None and args.phases < 1:
        raise UsageError(f"--phases {args.phases} must be a whole number >= 1")
    check_object(pod, profile, args.max_work)
    one = run_work(pod, behaviour, args.duration, profile, engine=args.engine, keep=True,
                   parks=True)
    phases = (args.phases or 0) * run_work(pod, behaviour, args.duration, profile,
                                           engine=args.engine, parks=True)
    what = f"this run ({args.duration:g} s" + (f", and {args.phases} phases)" if args.phases
                                               else ")")
    check_budget(one + phases, args.max_work, what=what,
                 kept=records(pod, behaviour, args.duration, profile))


def run(args: argparse.Namespace) -> CommandResult:
    """Simulate and render (and draw, with --plot); exit code 0."""
    # the bounds `kubesim mcp` holds its callers to: the tool's model judges a command line
    # the option declarations cannot plainly pass (and names the flag out of bounds)
    if not run_plainly_within(args):
        from kubesim.cli.inputs import RunInput
        RunInput.from_args(args)
    if args.spec == "-" and "-" in (args.scenario, args.trace):
        raise UsageError("only one input can come from stdin")
    if args.plot is not None:
        from kubesim.render.plot import check_output  # a picture is asked
        check_output(args.plot)  # matplotlib installed, a writable FILE.png: before simulating
    check_html_path(args.html, args.output)
    pod = load_spec(args.spec, args.container, render=render_options_of(args))
    behaviour = load_behaviour(args)
    if args.duration is None:
        args.duration = default_duration(behaviour)
    profile = profile_of(args)
    _check_work(args, pod, behaviour, profile)
    # one pod is simulated whole; --container narrows the report to one of its containers
    timeline = simulate(pod, behaviour, duration=args.duration, seed=args.seed,
                        profile=profile, phase=args.phase, engine=args.engine,
                        whole_pod=args.container is None)
    sweep = None
    if args.phases is not None:
        sweep = across_phases(pod, behaviour, n=args.phases, duration=args.duration,
                             seed=args.seed, profile=profile, engine=args.engine)
    meta = {"spec": pod.source, "object": pod.label, "container": pod.container.name,
            "pod_containers": [c.name for c in pod.containers],
            "behaviour": args.scenario or args.trace or "healthy",
            **plot_meta(pod, behaviour, args.duration)}
    if args.plot is not None:
        # the picture is drawn from the JSON document, so `kubesim plot` on a saved result
        # gives the same bytes; the whole pod (a lane group per container), or --container's
        from kubesim.render.plot import save_png
        save_png(to_document(timeline, meta=meta, phases=sweep), args.plot)
    notes = [lone_pod_note(behaviour), *pod.notes, *gated_pod(pod, profile).notes]
    if args.trace:  # what its censored timeouts count as (imported only for traces)
        from kubesim.analysis.check.scoping import censored_summary

        notes.append(censored_summary(behaviour, pod.container))
    notes = [n for n in notes if n is not None]
    if notes:
        meta["notes"] = notes
    if args.html is not None:
        from kubesim.render.html import run_page

        write_html(run_page(to_document(timeline, meta=meta, phases=sweep)), args.html)
    if args.format == "json":  # written as it is encoded: a long run is never one string
        return CommandResult(iter_json(timeline, meta=meta, phases=sweep))
    text = iter_text(timeline, title=f"{pod_header(pod, args.container is None)} | "
                                     f"behaviour: {meta['behaviour']}",
                     phases=sweep, changes_only=args.changes_only)
    return CommandResult(itertools.chain(text, [f"note: {visible(note)}\n" for note in notes]))
